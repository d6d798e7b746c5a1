#include "charts/breakevenchart.h"

#include "catalogue/catalogue.h"
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
    static const Unit units[] = {
        {1e12, QT_TRANSLATE_NOOP("hostplan::ui::BreakEvenChart", "%1T")},
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
    : QChartView(new QChart, parent), m_doc(doc),
      // By default one deployment carries what the throughput model says it serves in a
      // month (issue: a node that cannot carry the volume shows the next node).
      m_capacity([](const PlanResult &p) {
          return p.throughput.computed ? p.throughput.capacity.outputTokensPerMonth : 0.0;
      }) {
    setupChartView(this);
    // Room on the right for the last x label ("100B"), centred on the axis end.
    chart()->setMargins(QMargins(6, 6, 18, 6));
    setMinimumSize(420, 300);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void BreakEvenChart::setDeploymentCapacity(CapacityFn capacity) {
    m_capacity = std::move(capacity);
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
    // Input and cached input per output token, from the workload's mix.
    const double out = w.outputTokensPerMonth;
    const double inPerOut = out > 0 ? w.inputTokensPerMonth / out : 0;
    const double cachedPerOut = out > 0 ? w.cachedInputTokensPerMonth / out : 0;
    auto apiCost = [&](double outputTokens) {
        return apiUsdPerMonth(api, outputTokens * inPerOut, outputTokens * cachedPerOut,
                              outputTokens);
    };
    const double hoursPerMonth = m_doc->scenario().pricing.hoursPerMonth;

    // The chosen plan and the two cheapest other GPU types that fit (auto count).
    struct Candidate {
        const PlanResult *plan;
        bool chosen;
    };
    std::vector<Candidate> candidates{{&*plan, true}};
    std::vector<const PlanResult *> others;
    for (const GpuOption &o : m_doc->gpuSweep()) {
        if (o.plan && o.plan->fit.practicalFound && o.gpu.id != plan->gpu.id &&
            o.plan->usdPerGpuHour > 0) {
            others.push_back(&*o.plan);
        }
    }
    std::sort(others.begin(), others.end(), [](const PlanResult *a, const PlanResult *b) {
        return a->rental.usdPerMonthScheduled < b->rental.usdPerMonthScheduled;
    });
    // Alternatives within 15% of a cost already drawn would hide it and its label.
    for (const PlanResult *o : others) {
        if (candidates.size() >= 3) {
            break;
        }
        bool distinct = true;
        for (const Candidate &cand : candidates) {
            const double a = cand.plan->rental.usdPerMonthScheduled;
            distinct = distinct && std::abs(o->rental.usdPerMonthScheduled - a) > 0.15 * a;
        }
        if (distinct) {
            candidates.push_back({o, false});
        }
    }

    // Crossing of n deployments with the API, from the core's break-even; with a capacity,
    // the first step whose cost the API reaches inside its volume range.
    auto crossing = [&](const PlanResult &p, double capacity) {
        const double monthly = p.rental.usdPerMonthScheduled;
        auto be = [&](double usd) {
            return breakEven(usd, api, w.inputTokensPerMonth, w.cachedInputTokensPerMonth,
                             w.outputTokensPerMonth, w.heavyUserTokensPerMonth, hoursPerMonth)
                .outputTokensPerMonth;
        };
        if (!(capacity > 0) || !std::isfinite(capacity)) {
            return be(monthly);
        }
        for (int n = 1; n <= 4096; ++n) {
            const double t = be(monthly * n);
            if (!std::isfinite(t)) {
                return kInf;
            }
            if (t <= capacity * n) {
                return std::max(t, capacity * (n - 1));
            }
        }
        return kInf;
    };

    std::vector<double> capacities;
    double lo = out > 0 ? out : 1e6;
    double hi = lo;
    for (const Candidate &cand : candidates) {
        const double cap = m_capacity ? m_capacity(*cand.plan) : 0.0;
        capacities.push_back(cap);
        Option o;
        o.gpuId = QString::fromStdString(cand.plan->gpu.id);
        o.gpus = int(cand.plan->layout.gpuCount());
        o.usdPerMonth = cand.plan->rental.usdPerMonthScheduled;
        o.fits = cand.plan->fit.fits;
        // A plan that does not fit serves no tokens, so it never breaks even.
        o.crossingTokens = o.fits ? crossing(*cand.plan, cap) : kInf;
        m_options << o;
        if (std::isfinite(o.crossingTokens) && o.crossingTokens > 0) {
            lo = std::min(lo, o.crossingTokens);
            hi = std::max(hi, o.crossingTokens);
        }
    }
    const double xMin = std::max(1e3, unlg(std::floor(lg(lo / 10))));
    const double xMax = std::min(1e16, unlg(std::ceil(lg(hi * 10))));

    c->setTitle(tr("Break-even against %1 (GPUs rented %2 h/day)")
                    .arg(QString::fromStdString(api.name.empty() ? api.id : api.name))
                    .arg(numberText(w.hoursPerDay, 1)));

    double yMin = kInf, yMax = 0;
    auto *apiLine = new QLineSeries;
    apiLine->setName(tr("API"));
    apiLine->setPen(QPen(QColor(0x22, 0x22, 0x22), 2.5));
    for (int i = 0; i <= 40; ++i) {
        const double t = xMin * std::pow(xMax / xMin, i / 40.0);
        const double usd = apiCost(t);
        if (usd > 0) {
            apiLine->append(lg(t), lg(usd));
            yMin = std::min(yMin, usd);
            yMax = std::max(yMax, usd);
        }
    }
    c->addSeries(apiLine);

    const QList<QColor> colours = {QColor(0x2e, 0x8b, 0x57), QColor(0x3b, 0x6e, 0xa8),
                                   QColor(0x9b, 0x59, 0xb6)};
    QList<QLineSeries *> steps;
    QStringList volumes; // "B300 1.01B", "MI325X never", "H200 does not fit"
    QList<QScatterSeries *> marks;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const PlanResult &p = *candidates[i].plan;
        const Option &o = m_options[int(i)];
        auto *line = new QLineSeries;
        line->setName(
            !o.fits ? tr("%1 x %2 (yours, does not fit)").arg(o.gpus).arg(o.gpuId.toUpper())
            : candidates[i].chosen ? tr("%1 x %2 (yours)").arg(o.gpus).arg(o.gpuId.toUpper())
                                   : tr("%1 x %2").arg(o.gpus).arg(o.gpuId.toUpper()));
        // Labels at the crossings overlap when the crossings are close on the API line, and
        // long legend entries are cut: the volumes go on the title's second line, in legend
        // order; the markers have tooltips.
        volumes << (!o.fits ? tr("%1 does not fit").arg(o.gpuId.toUpper())
                            : tr("%1 %2").arg(o.gpuId.toUpper(), compactTokens(o.crossingTokens)));
        QPen pen(colours[int(i) % colours.size()], candidates[i].chosen ? 3.0 : 2.0);
        if (!o.fits) {
            pen.setStyle(Qt::DotLine);
        } else if (!candidates[i].chosen) {
            pen.setStyle(Qt::DashLine);
        }
        line->setPen(pen);
        const double cap = capacities[i];
        if (cap > 0 && std::isfinite(cap)) {
            int n = 1;
            double from = xMin;
            while (from < xMax && n <= 4096) {
                const double to = std::min(xMax, cap * n);
                if (to > from) {
                    line->append(lg(from), lg(o.usdPerMonth * n));
                    line->append(lg(to), lg(o.usdPerMonth * n));
                }
                from = std::max(from, to);
                ++n;
            }
        } else {
            line->append(lg(xMin), lg(o.usdPerMonth));
            line->append(lg(xMax), lg(o.usdPerMonth));
        }
        for (const QPointF &pt : line->points()) {
            yMin = std::min(yMin, unlg(pt.y()));
            yMax = std::max(yMax, unlg(pt.y()));
        }
        c->addSeries(line);
        steps << line;
        connect(line, &QLineSeries::hovered, this, [this, o, p](const QPointF &, bool on) {
            const QString head =
                tr("%1 x %2 at %3 h/day: %4 per month (%5 always on)")
                    .arg(o.gpus)
                    .arg(QString::fromStdString(p.gpu.name))
                    .arg(numberText(p.rental.hoursPerDay, 1))
                    .arg(usdText(o.usdPerMonth), usdText(p.rental.usdPerMonthAlwaysOn));
            const QString tail =
                o.fits
                    ? tr("Break-even: %1 output tokens per month").arg(tokensText(o.crossingTokens))
                    : tr("Does not fit: serves no tokens, never breaks even");
            showChartTip(this, on ? head + QLatin1Char('\n') + tail : QString());
        });
        if (std::isfinite(o.crossingTokens) && o.crossingTokens > 0) {
            auto *mark = new QScatterSeries;
            mark->setMarkerShape(QScatterSeries::MarkerShapeCircle);
            mark->setMarkerSize(11);
            mark->setColor(colours[int(i) % colours.size()]);
            mark->setBorderColor(Qt::black);
            const double usd = apiCost(o.crossingTokens);
            mark->append(lg(o.crossingTokens), lg(usd));
            c->addSeries(mark);
            marks << mark;
            connect(mark, &QScatterSeries::hovered, this, [this, o, usd](const QPointF &, bool on) {
                showChartTip(this, on ? tr("%1 x %2 breaks even at %3 output tokens per month "
                                           "(%4 per month either way)")
                                            .arg(o.gpus)
                                            .arg(o.gpuId.toUpper(),
                                                 tokensText(o.crossingTokens), usdText(usd))
                                      : QString());
            });
        }
    }
    // The scenario's own volume.
    auto *now = new QLineSeries;
    // The title is rich text: a line break is <br>, and names are escaped.
    c->setTitle(c->title().toHtmlEscaped() +
                QStringLiteral("<br><span style=\"font-weight:normal\">") +
                tr("Break-even, output tokens a month: %1")
                    .arg(volumes.join(QStringLiteral(", ")))
                    .toHtmlEscaped() +
                QStringLiteral("</span>"));
    now->setName(tr("Your volume"));
    now->setPen(QPen(QColor(0xc0, 0x39, 0x2b), 1.5, Qt::DashLine));
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

} // namespace hostplan::ui
