// SPDX-License-Identifier: MIT
// View 3, KV cache and maximum concurrency against context length (log axes), for the chosen
// plan: bytes one sequence needs on the most loaded GPU (CacheCost::perSequencePerGpu) and how
// many such sequences the plan's KV capacity holds (maxConcurrency), with the scenario's
// context and requested concurrency marked. A click on a curve makes the nearest sampled
// context the scenario's (undoable).
#pragma once

#include <QChartView>

#include <cstdint>

namespace hostplan::ui {

class ScenarioDocument;

class KvChart : public QChartView {
    Q_OBJECT
  public:
    explicit KvChart(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// One sampled context: tokens, bytes per sequence per GPU, max concurrency.
    struct Sample {
        std::uint64_t contextTokens = 0;
        double bytesPerSequencePerGpu = 0;
        std::uint32_t maxConcurrency = 0;
    };
    const QList<Sample> &samples() const { return m_samples; }
    /// The sample nearest `tokens` on the log axis (nullptr when there are none).
    const Sample *nearest(double tokens) const;
    /// A click at `tokens` on the context axis: the nearest sampled context becomes the
    /// scenario's context, one undoable edit (chooseContext()).
    void choose(double tokens);

  public slots:
    void rebuild();

  private:
    ScenarioDocument *m_doc;
    QList<Sample> m_samples;
};

} // namespace hostplan::ui
