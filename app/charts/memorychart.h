// SPDX-License-Identifier: MIT
// View 1, memory per precision: stacked bars (weights, KV cache, linear-attention state,
// activations, runtime) for each comparison format on the scenario's layout. "Per GPU" shows
// the most loaded GPU against the usable memory and the engine budget of one GPU; "Whole
// deployment" shows the sum over all GPUs against the capacity of one GPU, one node and the
// deployment. Tooltips give exact values in GB and GiB;
// a click on a column makes that precision the plan's (undoable).
#pragma once

#include <QChartView>

namespace hostplan::ui {

class ScenarioDocument;

class MemoryChart : public QChartView {
    Q_OBJECT
  public:
    enum class Scope { PerGpu, Deployment };

    explicit MemoryChart(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// Totals (bytes, per GPU or whole deployment per scope) per format in the order shown.
    const QList<double> &totalsBytes() const { return m_totals; }
    /// Category labels shown on the x axis.
    QStringList categories() const;
    Scope scope() const { return m_scope; }
    void setScope(Scope scope);
    /// A click on column `index` (in categories() order): that precision becomes the plan's
    /// weights format, one undoable edit (chooseWeightsFormat()); out of range changes nothing.
    void choose(int index);

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    QList<double> m_totals;
    Scope m_scope = Scope::PerGpu;
};

} // namespace hostplan::ui
