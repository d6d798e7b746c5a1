// SPDX-License-Identifier: MIT
#include "panels/workloadpanel.h"

#include "panels/fieldhelp.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace hostplan::ui {

namespace {
constexpr int kSliderMin = 800;  // 2^8 = 256 tokens
constexpr int kSliderMax = 2400; // 2^24 = 16.8M tokens
constexpr double kMillion = 1e6;
} // namespace

int WorkloadPanel::sliderPosition(std::uint64_t contextTokens) {
    const double p =
        std::round(100.0 * std::log2(double(std::max<std::uint64_t>(contextTokens, 1))));
    return int(std::clamp(p, double(kSliderMin), double(kSliderMax)));
}

std::uint64_t WorkloadPanel::contextAt(int position) {
    const double t = std::exp2(double(position) / 100.0);
    if (t >= 4096) {
        return std::uint64_t(std::llround(t / 1024.0)) * 1024;
    }
    return std::uint64_t(std::llround(t));
}

WorkloadPanel::WorkloadPanel(ScenarioDocument *doc, QWidget *parent) : InputPanel(doc, parent) {
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A field that does not fit beside a long (German) label goes under it.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);

    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(kSliderMin, kSliderMax);
    m_slider->setPageStep(100); // one doubling
    m_slider->setSingleStep(10);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(200);
    m_slider->setToolTip(tr("Context length on a log scale: each tick is 4x (1K, 4K, 16K, 64K, "
                            "256K, 1M, 4M, 16M tokens)"));
    m_context = new QSpinBox;
    m_context->setObjectName(QStringLiteral("contextSpin"));
    m_context->setRange(1, int(kMaxContextTokens));
    m_context->setSingleStep(1024);
    m_context->setGroupSeparatorShown(true);
    m_context->setSuffix(tr(" tokens"));
    m_context->setKeyboardTracking(false);
    m_context->setToolTip(tr("Tokens per sequence (prompt + output) the plan must hold"));
    const QString contextDefault =
        tr("32,768 tokens, from the default scenario (resources/default-scenario.json); the "
           "model's max_position_embeddings (config.json) is the most a plan accepts.");
    m_slider->setWhatsThis(fieldHelp(
        tr("Context length per sequence on a log scale: each tick is 4x; dragging previews, "
           "releasing records one edit."),
        tr("tokens per sequence (prompt + output)"), contextDefault));
    m_context->setWhatsThis(fieldHelp(
        tr("Context length per sequence: the prompt and the output that one request holds in "
           "the KV cache at once."),
        tr("tokens per sequence (prompt + output)"), contextDefault));
    form->addRow(tr("Conte&xt"), m_slider);
    form->addRow(QString(), m_context);

    m_concurrency = new QSpinBox;
    m_concurrency->setRange(1, 1000000);
    m_concurrency->setGroupSeparatorShown(true);
    // "1 sequence", "16 sequences": the suffix follows the value.
    auto concurrencySuffix = [this](int v) {
        m_concurrency->setSuffix(v == 1 ? tr(" sequence") : tr(" sequences"));
    };
    concurrencySuffix(m_concurrency->value());
    connect(m_concurrency, &QSpinBox::valueChanged, this, concurrencySuffix);
    m_concurrency->setKeyboardTracking(false);
    m_concurrency->setToolTip(tr("Sequences in flight at once, each at the full context"));
    m_concurrency->setWhatsThis(fieldHelp(
        tr("Sequences in flight at once, each at the full context: the KV cache the plan must "
           "hold and the batch that sets the speed."),
        tr("sequences"), tr("16, from the default scenario.")));
    form->addRow(tr("C&oncurrency"), m_concurrency);

    auto tokenSpin = [](const QString &tip) {
        auto *spin = new QDoubleSpinBox;
        spin->setRange(0, 1e10); // millions: up to 1e16 tokens, the scenario's limit
        spin->setDecimals(1);
        spin->setSingleStep(100);
        spin->setGroupSeparatorShown(true);
        spin->setSuffix(tr(" M tokens"));
        spin->setKeyboardTracking(false);
        spin->setToolTip(tip);
        // The size hint follows the 1e10 maximum and pushed the field under its label in a
        // narrow dock; typical values (thousands of millions) fit this width, larger ones scroll.
        spin->setMinimumWidth(
            spin->fontMetrics().horizontalAdvance(QStringLiteral("99,999.9") + spin->suffix()) +
            spin->fontMetrics().height() * 3);
        return spin;
    };
    auto *monthly = new QLabel(tr("<b>Tokens per month</b> (millions)"));
    monthly->setWordWrap(true);
    form->addRow(monthly);
    m_input = tokenSpin(tr("Uncached prompt tokens per month"));
    const QString monthlyUnit = tr("millions of tokens per month");
    m_input->setWhatsThis(fieldHelp(
        tr("Prompt tokens per month that an API would bill at its input price (not cached)."),
        monthlyUnit, tr("2,000 M (2 billion), from the default scenario.")));
    form->addRow(tr("&Input"), m_input);
    m_cached = tokenSpin(tr("Prompt tokens per month that an API serves from its prompt cache "
                            "(billed at the cached-input price)"));
    m_cached->setWhatsThis(fieldHelp(
        tr("Prompt tokens per month that an API serves from its prompt cache, billed at its "
           "cached-input price."),
        monthlyUnit, tr("1,000 M, from the default scenario.")));
    form->addRow(tr("Cached input"), m_cached);
    m_output = tokenSpin(tr("Generated tokens per month"));
    m_output->setWhatsThis(fieldHelp(
        tr("Generated tokens per month: the volume the GPUs must serve in time and the x axis of "
           "the break-even chart."),
        monthlyUnit, tr("500 M, from the default scenario.")));
    form->addRow(tr("O&utput"), m_output);
    m_hours = new QDoubleSpinBox;
    m_hours->setRange(0.5, 24);
    m_hours->setDecimals(1);
    m_hours->setSingleStep(1);
    m_hours->setSuffix(tr(" h/day"));
    m_hours->setKeyboardTracking(false);
    m_hours->setToolTip(tr("Hours a day the GPUs are rented (24 = always on)"));
    m_hours->setWhatsThis(
        fieldHelp(tr("Hours a day the GPUs are rented; fewer than 24 scales the rental (scheduled "
                     "instances)."),
                  tr("hours per day"), tr("24 (always on), from the default scenario.")));
    form->addRow(tr("Hours per day"), m_hours);
    m_heavy = tokenSpin(tr("Tokens one heavy user generates per month (for break-even users)"));
    m_heavy->setMinimum(0.1);
    m_heavy->setWhatsThis(fieldHelp(
        tr("Tokens one heavy user generates per month: the break-even volume divided by this is "
           "the break-even number of users."),
        tr("millions of tokens per month per user"),
        tr("50 M, from the default scenario (a stated assumption).")));
    form->addRow(tr("Heavy user"), m_heavy);
    panelLayout()->insertLayout(0, form);

    // The slider previews while dragging and records one edit on release.
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (syncing()) {
            return;
        }
        if (m_slider->isSliderDown()) {
            m_context->blockSignals(true);
            m_context->setValue(int(contextAt(v)));
            m_context->blockSignals(false);
        } else {
            commitContext(contextAt(v));
        }
    });
    connect(m_slider, &QSlider::sliderReleased, this,
            [this] { commitContext(contextAt(m_slider->value())); });
    connect(m_context, &QSpinBox::editingFinished, this,
            [this] { commitContext(std::uint64_t(m_context->value())); });
    connect(m_concurrency, &QSpinBox::editingFinished, this, [this] {
        Scenario s = m_doc->scenario();
        s.workload.concurrency = std::uint32_t(m_concurrency->value());
        commit(s, tr("Change concurrency to %1").arg(m_concurrency->text()));
    });
    auto doubleEdit = [this](QDoubleSpinBox *spin, double Workload::*field, double scale,
                             const QString &what) {
        connect(spin, &QDoubleSpinBox::editingFinished, this, [=, this] {
            Scenario s = m_doc->scenario();
            const double v = spin->value() * scale;
            // The spin shows rounded millions: keep the exact value unless it really changed.
            if (std::abs(s.workload.*field - v) < 0.05 * scale) {
                return;
            }
            s.workload.*field = v;
            commit(s, tr("Change %1 to %2").arg(what, spin->text()));
        });
    };
    doubleEdit(m_input, &Workload::inputTokensPerMonth, kMillion, tr("monthly input tokens"));
    doubleEdit(m_cached, &Workload::cachedInputTokensPerMonth, kMillion,
               tr("monthly cached input tokens"));
    doubleEdit(m_output, &Workload::outputTokensPerMonth, kMillion, tr("monthly output tokens"));
    doubleEdit(m_hours, &Workload::hoursPerDay, 1.0, tr("hours per day"));
    doubleEdit(m_heavy, &Workload::heavyUserTokensPerMonth, kMillion, tr("heavy user tokens"));
    resync();
}

void WorkloadPanel::commitContext(std::uint64_t tokens) {
    Scenario s = m_doc->scenario();
    s.workload.contextTokens = tokens;
    commit(s, tr("Change context to %1 tokens").arg(groupedInt(tokens)));
}

void WorkloadPanel::sync() {
    const Workload &w = m_doc->scenario().workload;
    m_slider->setValue(sliderPosition(w.contextTokens));
    m_context->setValue(int(w.contextTokens));
    m_concurrency->setValue(int(w.concurrency));
    m_input->setValue(w.inputTokensPerMonth / kMillion);
    m_cached->setValue(w.cachedInputTokensPerMonth / kMillion);
    m_output->setValue(w.outputTokensPerMonth / kMillion);
    m_hours->setValue(w.hoursPerDay);
    m_heavy->setValue(w.heavyUserTokensPerMonth / kMillion);
}

} // namespace hostplan::ui
