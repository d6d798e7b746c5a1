// SPDX-License-Identifier: MIT
// Tornado chart of the sensitivity ranking (issue 14): one horizontal bar per input, ranked by
// the core's swing (largest on top), spanning the figure at the input's -20% and +20% around the
// plan's own figure (a vertical line). One chart shows cost per 1M output tokens at capacity,
// the other the capacity over the break-even volume. Every figure is the core's
// (ScenarioDocument::sensitivityRanking(), sensitivity() in core/plan/decision.h); the chart
// only lays the bars out. The Sensitivity view and the PDF report show it.
#pragma once

#include "plan/decision.h"

#include <QChartView>
#include <QList>
#include <QString>

namespace hostplan::ui {

class ScenarioDocument;

/// The translated name of a sensitivity input (the core's English label for an unknown id).
QString sensitivityInputText(const SensitivityEntry &entry);

class TornadoChart : public QChartView {
    Q_OBJECT
  public:
    /// Which figure the bars show.
    enum class Measure {
        CostPerMTok,          ///< USD per 1M output tokens at capacity
        CapacityOverBreakEven ///< modelled capacity / break-even volume (> 1 serves it)
    };
    TornadoChart(ScenarioDocument *doc, Measure measure, QWidget *parent = nullptr);

    /// One drawn bar, top to bottom, for tests: the input id and the figures at -20% / +20%.
    struct Bar {
        QString input;
        double atMinus = 0;
        double atPlus = 0;
    };
    const QList<Bar> &bars() const { return m_bars; }
    /// The plan's own figure, drawn as the vertical line.
    double baseline() const { return m_baseline; }

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    Measure m_measure;
    QList<Bar> m_bars;
    double m_baseline = 0;
};

} // namespace hostplan::ui
