// SPDX-License-Identifier: MIT
// The Compare view's chart overlay: for every compared scenario (pinned ones and the current
// one), whole-plan output tokens/s against tokens/s per user as the batch grows (the plan's
// throughput curve, core sizing/throughput.h BatchPoint), one line each, with the serving
// capacity at the target marked. Further up and to the right is better: more tokens for the
// money at the same interactivity. A side that does not fit or has no plan draws nothing and
// says so in its legend entry.
#pragma once

#include "views/comparemodel.h"

#include <QChartView>
#include <QList>
#include <QPointF>

namespace hostplan::ui {

class CompareChart : public QChartView {
    Q_OBJECT
  public:
    explicit CompareChart(QWidget *parent = nullptr);

    /// Draw every side (CompareModel::setSides() order); an empty list clears the chart.
    void setSides(const QList<CompareModel::Side> &sides);

    /// One drawn line: the side's title, its points (tokens/s per user, tokens/s of the whole
    /// plan) in batch order, and the capacity point (0, 0 when not drawn), for tests.
    struct Line {
        QString title;
        QList<QPointF> points;
        QPointF capacity;
    };
    const QList<Line> &lines() const { return m_lines; }

  private:
    QList<Line> m_lines;
};

} // namespace hostplan::ui
