// SPDX-License-Identifier: MIT
// View 4, break-even: monthly cost against monthly output tokens (log-log; input and cached
// input grow in the workload's ratio). The API is a line; self-hosting is a step for the chosen
// plan and for the two cheapest other GPU types that carry the workload. Where one deployment's
// token capacity is known (the throughput model's monthly output capacity) the steps add a
// deployment each time the volume outgrows it; with capacity 0 a deployment is assumed to carry
// any volume (flat line). Every line and crossing is the core's breakEvenChart(). Crossing points
// are marked (with a tooltip) and each option's legend entry names its break-even volume; a
// chosen plan that does not fit is drawn dotted, "does not fit", without a crossing. Both axes
// plot log10 of tokens and USD (labelled "1B", "$10K"). A click on another option's line makes
// its GPU type the plan's (undoable).
#pragma once

#include <QChartView>

namespace hostplan {
struct PlanResult;
}

namespace hostplan::ui {

class ScenarioDocument;

class BreakEvenChart : public QChartView {
    Q_OBJECT
  public:
    explicit BreakEvenChart(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// One self-hosted option drawn: GPU id, GPUs, monthly cost of one deployment (USD),
    /// whether it carries the workload, output tokens per month where it crosses the API
    /// (infinity = never; always for a plan that does not fit, which serves no tokens).
    struct Option {
        QString gpuId;
        int gpus = 0;
        double usdPerMonth = 0;
        bool fits = true;
        double crossingTokens = 0;
        /// No crossing, but break-even is within the throughput band (BreakEvenLine::withinBand):
        /// the legend says "too close to call", the tooltip the volume needed.
        bool withinBand = false;
        double neededTokens = 0;
        /// Deployments the line starts at (BreakEvenLine::firstCopies): the copies the
        /// workload's concurrency takes; the legend names them when above 1.
        int copies = 1;
    };
    const QList<Option> &options() const { return m_options; }
    /// A click on option `index`'s step line or crossing (options() order): that GPU type
    /// becomes the plan's, one undoable edit (chooseGpuType()); the plan's own type, a type that
    /// does not fit, or an index out of range changes nothing.
    void choose(int index);

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    QList<Option> m_options;
};

} // namespace hostplan::ui
