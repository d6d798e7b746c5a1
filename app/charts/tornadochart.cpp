// SPDX-License-Identifier: MIT
#include "charts/tornadochart.h"

#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "charts/viewrefresher.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

QString sensitivityInputText(const SensitivityEntry &e) {
    const std::string &id = e.input;
    if (id == "utilisation") {
        return TornadoChart::tr("Utilisation");
    }
    if (id == "gpu_hour_rate") {
        return TornadoChart::tr("GPU-hour rate");
    }
    if (id == "api_price") {
        return TornadoChart::tr("API prices");
    }
    if (id == "latency_target") {
        return TornadoChart::tr("TPOT target");
    }
    if (id == "eff_mem") {
        return TornadoChart::tr("Weight streaming");
    }
    if (id == "compute_scale") {
        return TornadoChart::tr("Compute speed");
    }
    if (id == "t_seq") {
        return TornadoChart::tr("CPU per sequence");
    }
    if (id == "t_moe_layer") {
        return TornadoChart::tr("MoE layer cost");
    }
    return QString::fromStdString(e.label);
}

TornadoChart::TornadoChart(ScenarioDocument *doc, Measure measure, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc), m_measure(measure) {
    setupChartView(this);
    setMinimumSize(320, 260);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void TornadoChart::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_bars.clear();
    m_baseline = 0;
    const bool cost = m_measure == Measure::CostPerMTok;
    const auto &plan = m_doc->plan();
    if (!plan) {
        showNoPlan(c, tr("Sensitivity: no plan (%1)").arg(m_doc->error()));
        return;
    }
    const std::vector<SensitivityEntry> &ranked = m_doc->sensitivityRanking();
    m_baseline = cost ? plan->throughput.capacity.usdPerMTokOutput : capacityOverBreakEven(*plan);
    if (ranked.empty() || !std::isfinite(m_baseline) || !(m_baseline > 0)) {
        // Say which: a rate of $0 (free GPUs) or none known leaves nothing to rank, as does a
        // plan without capacity or API price.
        const bool noRate = gpuRateUnknown(*plan);
        const QString why = noRate                     ? tr("no GPU-hour rate is known")
                            : plan->usdPerGpuHour == 0 ? tr("the GPUs are free (a rate of $0)")
                            : cost                     ? tr("no capacity to rank inputs by")
                                                       : tr("no API price or no capacity");
        showNoPlan(c,
                   (cost ? tr("Cost per 1M output tokens: %1") : tr("Capacity over break-even: %1"))
                       .arg(why));
        return;
    }
    const auto text = [cost](double v) {
        return cost ? usdCentsText(v) : tr("%1x").arg(numberText(v, 2));
    };
    c->setTitle(cost ? tr("Cost per 1M output tokens") : tr("Capacity / break-even"));

    auto *offset = new QBarSet(QString());
    offset->setColor(Qt::transparent);
    offset->setBorderColor(Qt::transparent);
    auto *below = new QBarSet(cost ? tr("Cheaper") : tr("Less margin"));
    auto *above = new QBarSet(cost ? tr("Dearer") : tr("More margin"));
    // Cost: lower is better (green); margin: higher is better (green).
    const QColor good(0x2e, 0x8b, 0x57);
    const QColor bad(0xc0, 0x39, 0x2b);
    below->setColor(chartColour(c, cost ? good : bad));
    above->setColor(chartColour(c, cost ? bad : good));
    QStringList cats;
    QStringList tips;
    double lowest = m_baseline;
    double highest = m_baseline;
    // The largest swing on top: categories run bottom to top.
    for (auto it = ranked.rbegin(); it != ranked.rend(); ++it) {
        const SensitivityEntry &e = *it;
        const double minus = cost ? e.costAtMinus : e.marginAtMinus;
        const double plus = cost ? e.costAtPlus : e.marginAtPlus;
        const double a = std::isfinite(minus) ? minus : m_baseline;
        const double b = std::isfinite(plus) ? plus : m_baseline;
        const double lo = std::min({a, b, m_baseline});
        const double hi = std::max({a, b, m_baseline});
        offset->append(lo);
        below->append(m_baseline - lo);
        above->append(hi - m_baseline);
        lowest = std::min(lowest, lo);
        highest = std::max(highest, hi);
        const QString name = sensitivityInputText(e);
        cats << name;
        tips << tr("%1\nAt -20%: %2\nAt +20%: %3\nToday: %4\nSwing (ranking): %5%")
                    .arg(name, text(minus), text(plus), text(m_baseline),
                         numberText(e.swing * 100, 1));
        m_bars.prepend({QString::fromStdString(e.input), minus, plus});
    }
    auto *bars = new QHorizontalStackedBarSeries;
    bars->setBarWidth(0.6);
    bars->append(offset);
    bars->append(below);
    bars->append(above);
    for (QBarSet *set : {below, above}) {
        connect(set, &QBarSet::hovered, this, [this, tips](bool on, int index) {
            showChartTip(this, on ? tips.value(index) : QString());
        });
    }
    c->addSeries(bars);
    // The offset set only lifts the bars to their low end: no legend entry.
    if (const auto markers = c->legend()->markers(bars); !markers.isEmpty()) {
        markers.first()->setVisible(false);
    }

    auto *y = new QBarCategoryAxis;
    // Input names in full (QtCharts elides long labels to "..." by default, which leaves a
    // Japanese or German chart unreadable); the plot narrows instead.
    y->setTruncateLabels(false);
    y->append(cats);
    auto *x = new QValueAxis;
    x->setTitleText(tr("Today %1").arg(text(m_baseline)));
    const double pad = std::max((highest - lowest) * 0.08, m_baseline * 0.02);
    x->setRange(std::max(0.0, lowest - pad), highest + pad);
    x->setLabelFormat(cost ? QStringLiteral("$%.2f") : QStringLiteral("%.2f"));
    c->addAxis(y, Qt::AlignLeft);
    c->addAxis(x, Qt::AlignBottom);
    bars->attachAxis(y);
    bars->attachAxis(x);

    // Today's figure as a vertical line across every bar.
    auto *yv = new QValueAxis;
    yv->setRange(-0.5, double(cats.size()) - 0.5);
    yv->setVisible(false);
    c->addAxis(yv, Qt::AlignRight);
    auto *today = new QLineSeries;
    today->append(m_baseline, -0.5);
    today->append(m_baseline, double(cats.size()) - 0.5);
    QPen pen(chartInk(c));
    pen.setWidth(2);
    today->setPen(pen);
    c->addSeries(today);
    today->attachAxis(x);
    today->attachAxis(yv);
    hideFromLegend(c, today);
}

} // namespace hostplan::ui
