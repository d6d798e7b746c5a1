// SPDX-License-Identifier: MIT
#include "charts/kvchart.h"

#include "plan/decision.h"

#include "charts/chartclicks.h"
#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "sizing/fit.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "util/units.h"
#include "charts/viewrefresher.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

namespace {
/// The x axis plots log2(tokens); logLabelAxis labels it "1K", "128K", "1M".
double xOf(double tokens) {
    return std::log2(tokens);
}
double tokensAt(double x) {
    return std::exp2(x);
}
} // namespace

KvChart::KvChart(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setupChartView(this);
    setMinimumSize(420, 300);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void KvChart::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_samples.clear();
    const auto &plan = m_doc->plan();
    if (!plan) {
        showNoPlan(c, tr("KV cache: no plan (%1)").arg(m_doc->error()));
        return;
    }
    const Scenario &s = m_doc->scenario();
    // Contexts and their KV and sequence counts: the core's kvCurve() (plan/decision.h).
    const std::uint64_t ctx = s.workload.contextTokens;
    const std::vector<KvCurvePoint> curve = kvCurve(*plan);
    std::vector<std::uint64_t> contexts;
    for (const KvCurvePoint &pt : curve) {
        contexts.push_back(pt.contextTokens);
    }

    // The GPU by the catalogue's display name, as the summary and the report name it.
    c->setTitle(tr("KV cache and concurrency vs context (%1 x %2, TP %3)")
                    .arg(plan->layout.gpuCount())
                    .arg(QString::fromStdString(plan->gpu.name))
                    .arg(QString::number(plan->layout.tp) + attentionDpSuffix(plan->layout.dp)));

    auto *kv = new QLineSeries;
    kv->setName(tr("KV per sequence (left)"));
    kv->setPen(QPen(chartColour(c, QColor(0xe0, 0x8a, 0x2c)), 2.5));
    kv->setPointsVisible(true);
    auto *conc = new QLineSeries;
    conc->setName(tr("Max sequences (right)"));
    conc->setPen(QPen(chartColour(c, QColor(0x3b, 0x6e, 0xa8)), 2.5));
    conc->setPointsVisible(true);
    double kvMin = 1e300, kvMax = 0;
    double concMax = 1;
    for (const KvCurvePoint &pt : curve) {
        const std::uint64_t t = pt.contextTokens;
        Sample smp;
        smp.contextTokens = t;
        smp.bytesPerSequencePerGpu = double(pt.bytesPerSequencePerGpu);
        smp.maxConcurrency = pt.maxConcurrency;
        m_samples << smp;
        const double gbv = toGB(smp.bytesPerSequencePerGpu);
        if (gbv > 0) {
            kv->append(xOf(double(t)), gbv);
            kvMin = std::min(kvMin, gbv);
            kvMax = std::max(kvMax, gbv);
        }
        if (smp.maxConcurrency > 0) {
            conc->append(xOf(double(t)), double(smp.maxConcurrency));
            concMax = std::max(concMax, double(smp.maxConcurrency));
        }
    }
    if (kvMax <= 0) {
        kvMin = 1e-3;
        kvMax = 1;
    }
    c->addSeries(kv);
    c->addSeries(conc);

    // At most about eight labels, on powers of four when the range is wide (1K, 4K, ... 1M).
    const double xLo = xOf(double(contexts.front()) / 1.2);
    const double xHi = xOf(double(contexts.back()) * 1.2);
    const int step = int(std::ceil((xHi - xLo) / 8.0));
    auto *x = logLabelAxis(2.0, xLo, xHi, step, binaryTokensLabel);
    x->setTitleText(tr("Context length in tokens (K = 1,024, M = 1,024 K; log scale)"));
    auto *yKv = new QLogValueAxis;
    yKv->setBase(10);
    // Localized axis labels need an explicit precision ("%.Ng"): Qt Charts leaves a
    // plain "%g" or "%d" empty when the chart localizes its numbers.
    yKv->setLabelFormat(QStringLiteral("%.6g"));
    yKv->setTitleText(tr("GB per sequence per GPU (log)"));
    yKv->setRange(kvMin / 2, kvMax * 2);
    yKv->setLinePenColor(chartColour(c, QColor(0xe0, 0x8a, 0x2c)));
    yKv->setLabelsColor(chartColour(c, QColor(0xa0, 0x5a, 0x10)));
    auto *yConc = new QLogValueAxis;
    yConc->setBase(10);
    yConc->setLabelFormat(QStringLiteral("%.6g"));
    yConc->setTitleText(tr("Sequences at once (log)"));
    // The curve is one replica's (the plan's memory): each replica holds its share.
    const std::uint32_t replicas = std::max<std::uint32_t>(plan->replicas, 1);
    const std::uint32_t perReplica = plan->sequencesPerReplica();
    const double reqConc = double(perReplica);
    yConc->setRange(0.5, std::max(concMax, reqConc) * 2);
    yConc->setLinePenColor(chartColour(c, QColor(0x3b, 0x6e, 0xa8)));
    yConc->setLabelsColor(chartColour(c, QColor(0x2b, 0x4e, 0x88)));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(yKv, Qt::AlignLeft);
    c->addAxis(yConc, Qt::AlignRight);
    kv->attachAxis(x);
    kv->attachAxis(yKv);
    conc->attachAxis(x);
    conc->attachAxis(yConc);

    // The scenario: its context (vertical) and requested concurrency (horizontal).
    auto *ctxLine = new QLineSeries;
    const QString ctxText = ctx % 1024 == 0 ? binaryTokensLabel(double(ctx)) : groupedInt(ctx);
    ctxLine->setName(
        replicas > 1
            ? tr("Scenario: %1 tokens x %2 per replica (%3 replicas)")
                  .arg(ctxText, sequencesText(perReplica))
                  .arg(replicas)
            : tr("Scenario: %1 tokens x %2").arg(ctxText, sequencesText(s.workload.concurrency)));
    QPen dashed(chartColour(c, QColor(0xc0, 0x39, 0x2b)), 1.5, Qt::DashLine);
    ctxLine->setPen(dashed);
    ctxLine->append(xOf(double(ctx)), 0.5);
    ctxLine->append(xOf(double(ctx)), std::max(concMax, reqConc) * 2);
    c->addSeries(ctxLine);
    ctxLine->attachAxis(x);
    ctxLine->attachAxis(yConc);
    auto *reqLine = new QLineSeries;
    reqLine->setPen(dashed);
    reqLine->append(xLo, reqConc);
    reqLine->append(xHi, reqConc);
    c->addSeries(reqLine);
    reqLine->attachAxis(x);
    reqLine->attachAxis(yConc);
    hideFromLegend(c, reqLine);

    auto tipAt = [this](double tokens) {
        const Sample *best = nearest(tokens);
        if (!best) {
            return QString();
        }
        return tr("Context %1 tokens\nKV cache + state: %2 per sequence per GPU\nAt most %3 "
                  "at once")
            .arg(groupedInt(best->contextTokens), bytesText(best->bytesPerSequencePerGpu),
                 sequencesText(best->maxConcurrency));
    };
    for (QLineSeries *series : {kv, conc}) {
        connect(series, &QLineSeries::hovered, this, [this, tipAt](const QPointF &p, bool on) {
            showChartTip(this,
                         on ? tipAt(tokensAt(p.x())) + QLatin1Char('\n') + clickHint() : QString());
        });
        connect(series, &QLineSeries::clicked, this,
                [this](const QPointF &p) { choose(tokensAt(p.x())); });
    }
    if (plan->memory.kvCapacityBytesPerGpu <= 0) {
        // The title is rich text: a line break is <br>.
        c->setTitle(c->title().toHtmlEscaped() + QStringLiteral("<br>") +
                    tr("No room for KV cache: weights, activations and runtime fill the budget")
                        .toHtmlEscaped());
    }
}

const KvChart::Sample *KvChart::nearest(double tokens) const {
    const auto it = nearestOnLog2Axis(m_samples.begin(), m_samples.end(), std::log2(tokens),
                                      [](const Sample &smp) { return smp.contextTokens; });
    return it == m_samples.end() ? nullptr : &*it;
}

void KvChart::choose(double tokens) {
    if (const Sample *best = nearest(tokens)) {
        chooseContext(m_doc, best->contextTokens);
    }
}

} // namespace hostplan::ui
