// SPDX-License-Identifier: MIT
// Throughput against batch size: tokens/s per user (left axis) and per node (right axis) for
// batches 1, 2, 4, ... at the workload's context, with the memory limit on batch and the
// target time per output token marked. Tooltips give exact values; every figure states its
// confidence (modelled, calibrated by a probe report, measured). All numbers come from
// the document's PlanResult::throughput (core/sizing/throughput.h). A click on a point makes
// its batch the workload's concurrency (undoable).
#pragma once

#include <QChartView>
#include <QList>
#include <QPointF>

namespace hostplan::ui {

class ScenarioDocument;

class ThroughputView : public QChartView {
    Q_OBJECT
  public:
    explicit ThroughputView(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// (batch, tokens/s per user) and (batch, tokens/s per node) as drawn, for tests.
    const QList<QPointF> &perUserPoints() const { return m_perUser; }
    const QList<QPointF> &perNodePoints() const { return m_perNode; }
    /// The batch where the memory limit is marked (0 when none).
    double memoryLimitBatch() const { return m_memoryLimit; }
    /// Tooltip text for the curve point nearest `batch` (exact values and confidence).
    QString tipForBatch(double batch) const;
    /// A click at `batch`: the nearest curve point's batch becomes the workload's concurrency,
    /// one undoable edit (chooseConcurrency()); no curve, no change.
    void choose(double batch);

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    QList<QPointF> m_perUser;
    QList<QPointF> m_perNode;
    double m_memoryLimit = 0;
};

} // namespace hostplan::ui
