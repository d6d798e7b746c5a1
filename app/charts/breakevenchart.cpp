// SPDX-License-Identifier: MIT
#include "charts/breakevenchart.h"
#include "plan/plan.h"

#include "catalogue/catalogue.h"
#include "charts/chartclicks.h"
#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "sizing/cost.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "charts/viewrefresher.h"

#include <QCategoryAxis>
#include <QCoreApplication>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hostplan::ui {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Both axes plot log10 of the value; logLabelAxis labels them "100M", "1B" and "$10K", "$1M".
double lg(double v) {
    return std::log10(v);
}
double unlg(double v) {
    return std::pow(10.0, v);
}

/// "950", "10K", "635M", "1.01B", "2T" (three significant digits; German "10 Tsd.",
/// "635 Mio.", "1,01 Mrd.", "2 Bio.").
QString compactNumber(double v) {
    struct Unit {
        double size;
        const char *text;
    };
    static const Unit units[] = {{1e12, QT_TRANSLATE_NOOP("hostplan::ui::BreakEvenChart", "%1T")},
                                 {1e9, QT_TRANSLATE_NOOP("hostplan::ui::BreakEvenChart", "%1B")},
                                 {1e6, QT_TRANSLATE_NOOP("hostplan::ui::BreakEvenChart", "%1M")},
                                 {1e3, QT_TRANSLATE_NOOP("hostplan::ui::BreakEvenChart", "%1K")}};
    const QLocale l = numberLocale();
    for (const Unit &u : units) {
        if (std::abs(v) >= u.size * 0.9995) {
            return QCoreApplication::translate("hostplan::ui::BreakEvenChart", u.text)
                .arg(l.toString(v / u.size, 'g', 3));
        }
    }
    return l.toString(v, 'g', 3);
}

QString compactTokens(double t) {
    return std::isfinite(t) ? compactNumber(t) : BreakEvenChart::tr("never");
}

} // namespace

BreakEvenChart::BreakEvenChart(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setupChartView(this);
    // Room on the right for the last x label ("100B"), centred on the axis end.
    chart()->setMargins(QMargins(6, 6, 18, 6));
    setMinimumSize(420, 300);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void BreakEvenChart::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_options.clear();
    const auto &plan = m_doc->plan();
    if (!plan) {
        showNoPlan(c, tr("Break-even: no plan (%1)").arg(m_doc->error()));
        return;
    }
    if (!plan->apiPriced) {
        showNoPlan(c, tr("Break-even: no API price for %1; set one under Pricing to compare")
                          .arg(QString::fromStdString(plan->model.displayName)));
        return;
    }
    const Workload &w = m_doc->scenario().workload;
    const ApiPrice &api = plan->api;
    const double out = w.outputTokensPerMonth;
    // Everything drawn is the core's (plan/decision.h): the API line, the chosen plan and the
    // two cheapest other GPU types, their step lines (a deployment more each time the volume
    // outgrows one's capacity) and crossings.
    const BreakEvenChartData data = breakEvenChart(*plan, m_doc->gpuSweep());
    auto apiCost = [plan = *plan](double outputTokens) {
        return apiUsdForOutput(plan, outputTokens);
    };
    const double xMin = data.xMinTokens;
    const double xMax = data.xMaxTokens;
    for (const BreakEvenLine &l : data.lines) {
        Option o;
        o.gpuId = QString::fromStdString(l.gpuId);
        o.gpus = int(l.gpus);
        o.usdPerMonth = l.usdPerMonth;
        o.fits = l.serves;
        o.crossingTokens = l.crossingTokensPerMonth;
        o.withinBand = l.withinBand;
        o.neededTokens = l.neededTokensPerMonth;
        o.copies = int(l.firstCopies);
        m_options << o;
    }

    // The API's name may be long (provider, tier, "with scenario prices"): the hours a day go
    // on the second line, with the volumes, where a narrow page does not cut them off.
    c->setTitle(tr("Break-even against %1")
                    .arg(QString::fromStdString(api.name.empty() ? api.id : api.name)));
    const QString hoursText = numberText(w.hoursPerDay, 1);

    double yMin = kInf, yMax = 0;
    auto *apiLine = new QLineSeries;
    apiLine->setName(tr("API"));
    apiLine->setPen(QPen(chartInk(c), 2.5));
    for (const auto &[t, usd] : data.apiLine) {
        if (usd > 0) {
            apiLine->append(lg(t), lg(usd));
            yMin = std::min(yMin, usd);
            yMax = std::max(yMax, usd);
        }
    }
    c->addSeries(apiLine);

    const QList<QColor> colours = {chartColour(c, QColor(0x2e, 0x8b, 0x57)),
                                   chartColour(c, QColor(0x3b, 0x6e, 0xa8)),
                                   chartColour(c, QColor(0x9b, 0x59, 0xb6))};
    QList<QLineSeries *> steps;
    QStringList volumes; // "B300 1.01B", "MI325X never", "H200 does not fit"
    QList<QScatterSeries *> marks;
    for (std::size_t i = 0; i < data.lines.size(); ++i) {
        const BreakEvenLine &l = data.lines[i];
        const Option &o = m_options[int(i)];
        auto *line = new QLineSeries;
        // A line drawn from n copies (the workload's concurrency takes them) says so: its cost
        // is theirs, not one deployment's.
        const QString gpus =
            o.copies > 1
                ? tr("%1 copies of %2 x %3").arg(o.copies).arg(o.gpus).arg(o.gpuId.toUpper())
                : tr("%1 x %2").arg(o.gpus).arg(o.gpuId.toUpper());
        line->setName(!o.fits    ? tr("%1 (yours, does not fit)").arg(gpus)
                      : l.chosen ? tr("%1 (yours)").arg(gpus)
                                 : gpus);
        // Labels at the crossings overlap when the crossings are close on the API line, and
        // long legend entries are cut: the volumes go on the title's second line, in legend
        // order; the markers have tooltips.
        volumes << (!o.fits ? tr("%1 does not fit").arg(o.gpuId.toUpper())
                    : o.withinBand
                        ? tr("%1 too close to call").arg(o.gpuId.toUpper())
                        : tr("%1 %2").arg(o.gpuId.toUpper(), compactTokens(o.crossingTokens)));
        QPen pen(colours[int(i) % colours.size()], l.chosen ? 3.0 : 2.0);
        if (!o.fits) {
            pen.setStyle(Qt::DotLine);
        } else if (!l.chosen) {
            pen.setStyle(Qt::DashLine);
        }
        line->setPen(pen);
        for (const auto &[t, usd] : l.steps) {
            // A rental of $0 (a GPU without a rate) has no point on the log axis.
            if (t > 0 && usd > 0) {
                line->append(lg(t), lg(usd));
            }
        }
        for (const QPointF &pt : line->points()) {
            yMin = std::min(yMin, unlg(pt.y()));
            yMax = std::max(yMax, unlg(pt.y()));
        }
        c->addSeries(line);
        steps << line;
        connect(line, &QLineSeries::clicked, this, [this, i](const QPointF &) { choose(int(i)); });
        const auto gpu = scenarioCatalogue(m_doc->scenario()).findGpu(l.gpuId);
        const QString gpuName = QString::fromStdString(gpu.ok() ? gpu->name : l.gpuId);
        const double hoursPerDay = w.hoursPerDay;
        const double alwaysOn = l.usdPerMonthAlwaysOn;
        const bool clickable = o.fits && !l.chosen;
        connect(line, &QLineSeries::hovered, this,
                [this, o, gpuName, hoursPerDay, alwaysOn, clickable](const QPointF &, bool on) {
                    const QString head = tr("%1 x %2 at %3 h/day: %4 per month (%5 always on)")
                                             .arg(o.gpus)
                                             .arg(gpuName)
                                             .arg(numberText(hoursPerDay, 1))
                                             .arg(usdText(o.usdPerMonth), usdText(alwaysOn));
                    const QString tail =
                        !o.fits ? tr("Does not fit: serves no tokens, never breaks even")
                        : o.withinBand
                            ? tr("Break-even needs %1 output tokens per month: above the modelled "
                                 "capacity, within the throughput band; too close to call")
                                  .arg(tokensText(o.neededTokens))
                            : tr("Break-even: %1 output tokens per month")
                                  .arg(tokensText(o.crossingTokens));
                    const QString hint = clickable ? QLatin1Char('\n') + clickHint() : QString();
                    showChartTip(this, on ? head + QLatin1Char('\n') + tail + hint : QString());
                });
        if (std::isfinite(o.crossingTokens) && o.crossingTokens > 0) {
            auto *mark = new QScatterSeries;
            mark->setMarkerShape(QScatterSeries::MarkerShapeCircle);
            mark->setMarkerSize(11);
            mark->setColor(colours[int(i) % colours.size()]);
            mark->setBorderColor(chartInk(c));
            const double usd = apiCost(o.crossingTokens);
            mark->append(lg(o.crossingTokens), lg(usd));
            c->addSeries(mark);
            marks << mark;
            connect(mark, &QScatterSeries::clicked, this,
                    [this, i](const QPointF &) { choose(int(i)); });
            connect(mark, &QScatterSeries::hovered, this, [this, o, usd](const QPointF &, bool on) {
                showChartTip(this, on ? tr("%1 x %2 breaks even at %3 output tokens per month "
                                           "(%4 per month either way)")
                                            .arg(o.gpus)
                                            .arg(o.gpuId.toUpper(), tokensText(o.crossingTokens),
                                                 usdText(usd))
                                      : QString());
            });
        }
    }
    // The scenario's own volume.
    auto *now = new QLineSeries;
    // The title is rich text: a line break is <br>, and names are escaped.
    c->setTitle(c->title().toHtmlEscaped() +
                QStringLiteral("<br><span style=\"font-weight:normal\">") +
                tr("GPUs rented %1 h/day; break-even, output tokens a month: %2")
                    .arg(hoursText, volumes.join(QStringLiteral(", ")))
                    .toHtmlEscaped() +
                QStringLiteral("</span>"));
    now->setName(tr("Your volume"));
    now->setPen(QPen(chartColour(c, QColor(0xc0, 0x39, 0x2b)), 1.5, Qt::DashLine));
    if (!(yMax > 0)) {
        yMin = 1;
        yMax = 10;
    }
    const double yLo = std::floor(lg(std::max(yMin, 1.0)));
    const double yHi = std::ceil(lg(yMax * 1.5));
    if (out > 0) {
        now->append(lg(out), yLo);
        now->append(lg(out), yHi);
    }
    c->addSeries(now);

    // Wide ranges label every second or third decade so the labels never crowd.
    auto decades = [](double from, double to) {
        return std::max(1, int(std::ceil((to - from) / 7)));
    };
    auto *x = logLabelAxis(10.0, lg(xMin), lg(xMax), decades(lg(xMin), lg(xMax)),
                           [](double t) { return compactNumber(t); });
    x->setTitleText(tr("Output tokens per month (log)"));
    auto *y = logLabelAxis(10.0, yLo, yHi, decades(yLo, yHi),
                           [](double usd) { return QStringLiteral("$") + compactNumber(usd); });
    y->setTitleText(tr("USD per month (log)"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : c->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    for (QScatterSeries *m : marks) {
        hideFromLegend(c, m);
    }
    connect(apiLine, &QLineSeries::hovered, this, [this, apiCost](const QPointF &p, bool on) {
        showChartTip(this, on ? tr("API: %1 per month for %2 output tokens")
                                    .arg(usdText(apiCost(unlg(p.x()))), tokensText(unlg(p.x())))
                              : QString());
    });
}

void BreakEvenChart::choose(int index) {
    if (index >= 0 && index < m_options.size() && m_options[index].fits) {
        chooseGpuType(m_doc, m_options[index].gpuId.toStdString());
    }
}

} // namespace hostplan::ui
