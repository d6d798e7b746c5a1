// Memory per precision: stacked bars (weights, KV cache, state, activations, runtime) per GPU
// for each comparison format, on the scenario's layout, with the per-GPU usable memory as a
// line. Tooltips give exact values in GB and GiB.
#pragma once

#include <QChartView>

namespace hostplan::ui {

class ScenarioDocument;

class MemoryChart : public QChartView {
    Q_OBJECT
public:
    explicit MemoryChart(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// Per-GPU totals (bytes) per format in the order shown, for tests.
    const QList<double> &totalsBytes() const { return m_totals; }
    /// Category labels shown on the x axis.
    QStringList categories() const;

public slots:
    void rebuild();

private:
    ScenarioDocument *m_doc;
    QList<double> m_totals;
};

} // namespace hostplan::ui
