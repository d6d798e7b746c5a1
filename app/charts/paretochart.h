// SPDX-License-Identifier: MIT
// The layout search's latency / cost front as a scatter (issue 14): median time per output token
// (x) against median time to first token (y) at the workload, one point per layout x offer x
// replicas that carries the workload. The front (no other layout is faster on both and cheaper
// per 1M output tokens) is drawn in colour, the candidates it beats in grey, the plan's own layout
// ringed. Every figure is the core's (ScenarioDocument::layoutFront(), paretoFront() in
// core/plan/pareto.h); tooltips give the layout, GPUs, offer, tokens/s and cost.
#pragma once

#include <QChartView>
#include <QList>
#include <QPointF>

namespace hostplan::ui {

class ScenarioDocument;

class ParetoChart : public QChartView {
    Q_OBJECT
  public:
    explicit ParetoChart(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// (TPOT ms, TTFT ms) of the front's points as drawn, for tests.
    const QList<QPointF> &frontPoints() const { return m_front; }
    /// The plan's own point (TPOT ms, TTFT ms); (0, 0) when none is drawn.
    QPointF planPoint() const { return m_plan; }

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    QList<QPointF> m_front;
    QPointF m_plan;
};

} // namespace hostplan::ui
