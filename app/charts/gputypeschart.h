// SPDX-License-Identifier: MIT
// View 2, GPUs needed per GPU type: for every catalogue GPU, the memory floor (weights alone in
// pooled advertised memory) and the practical count (a valid TP / EP / PP layout in rentable
// bundles that carries the workload), from the document's GPU sweep (evaluate() per GPU with
// gpu_count auto). Practical bars are coloured by native MXFP4 support; the current GPU type
// is marked with an arrow.
#pragma once

#include <QChartView>

namespace hostplan::ui {

class ScenarioDocument;

class GpuTypesChart : public QChartView {
    Q_OBJECT
  public:
    explicit GpuTypesChart(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// Only the GPU types with a practical plan, and the scenario's own, from now on (a printed
    /// page has no room for a row per catalogue type: the report's options table lists them).
    void showServingOnly() {
        m_servingOnly = true;
        rebuild();
    }

    /// Per GPU type in the order shown (top to bottom): catalogue id, floor, practical (0 when
    /// none up to the search cap or the scenario does not evaluate on it).
    struct Row {
        QString id;
        int floor = 0;
        int practical = 0;
        bool nativeMxfp4 = false;
        /// Monthly rental of the practical plan at its offer's rate (0 when none carries the
        /// workload); shown beside the GPU's name.
        double usdPerMonth = 0;
    };
    const QList<Row> &rows() const { return m_rows; }

    /// Make the GPU type of bar `index` (bottom-to-top, as the chart's bar sets count) the
    /// plan's: one undoable edit through withGpuType(), as the Hardware dock's GPU box does.
    /// Nothing for a type without a bar or the plan's own type.
    void choose(int index);

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    bool m_servingOnly = false;
    QList<Row> m_rows;
};

} // namespace hostplan::ui
