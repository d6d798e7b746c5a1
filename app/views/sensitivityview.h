// SPDX-License-Identifier: MIT
// Sensitivity: how sure the decision is (issue 14). The call (does the plan serve its
// break-even volume across the throughput band and the API price range, "too close to call"
// with the assumption that decides it), two tornado charts ranking the inputs by how much a
// -20% / +20% move changes cost per 1M output tokens and capacity over break-even, the decision
// figures as low / likely / high, and the layout search's latency / cost front with the plan's
// own layout ringed. Every figure is the core's (decisionRanges(), sensitivity() in
// core/plan/decision.h; paretoFront() in core/plan/pareto.h), read through the document's cache;
// the table is the report's (report/sensitivitytables.h), so the PDF shows the same cells.
#pragma once

#include <QWidget>

class QLabel;
class QTableWidget;

namespace hostplan::ui {

class ParetoChart;
class ScenarioDocument;
class TornadoChart;

class SensitivityView : public QWidget {
    Q_OBJECT
  public:
    explicit SensitivityView(ScenarioDocument *doc, QWidget *parent = nullptr);

    TornadoChart *costChart() const { return m_cost; }
    TornadoChart *marginChart() const { return m_margin; }
    ParetoChart *paretoChart() const { return m_pareto; }
    QTableWidget *rangesTable() const { return m_table; }
    /// The call sentence as shown.
    QString callText() const;

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    QLabel *m_call;
    TornadoChart *m_cost;
    TornadoChart *m_margin;
    QTableWidget *m_table;
    ParetoChart *m_pareto;
};

} // namespace hostplan::ui
