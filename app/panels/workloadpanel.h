// SPDX-License-Identifier: MIT
// Workload panel: context length (a slider on a log2 scale for quick moves plus an exact
// entry), concurrent sequences, monthly tokens (uncached input, cached input, output), hours a
// day the GPUs are rented, and one heavy user's monthly tokens (for break-even users).
#pragma once

#include "panels/inputpanel.h"

#include <cstdint>

class QDoubleSpinBox;
class QSlider;
class QSpinBox;

namespace hostplan::ui {

class WorkloadPanel : public InputPanel {
    Q_OBJECT
  public:
    explicit WorkloadPanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    QSpinBox *contextSpin() const { return m_context; }
    QSlider *contextSlider() const { return m_slider; }
    QSpinBox *concurrencySpin() const { return m_concurrency; }
    QDoubleSpinBox *inputSpin() const { return m_input; }
    QDoubleSpinBox *cachedSpin() const { return m_cached; }
    QDoubleSpinBox *outputSpin() const { return m_output; }
    QDoubleSpinBox *hoursSpin() const { return m_hours; }
    QDoubleSpinBox *heavyUserSpin() const { return m_heavy; }

    /// Slider position for a context length and back (log2 x 100; contexts from the slider
    /// are rounded to whole thousands of 1,024 tokens above 4K).
    static int sliderPosition(std::uint64_t contextTokens);
    static std::uint64_t contextAt(int sliderPosition);

  private:
    void sync() override;
    void commitContext(std::uint64_t tokens);

    QSlider *m_slider;
    QSpinBox *m_context;
    QSpinBox *m_concurrency;
    QDoubleSpinBox *m_input;
    QDoubleSpinBox *m_cached;
    QDoubleSpinBox *m_output;
    QDoubleSpinBox *m_hours;
    QDoubleSpinBox *m_heavy;
};

} // namespace hostplan::ui
