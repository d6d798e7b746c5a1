// SPDX-License-Identifier: MIT
#include "views/throughputview.h"

#include "charts/chartclicks.h"
#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "charts/viewrefresher.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

namespace hostplan::ui {

namespace {

/// A latency target in milliseconds as the chart and tips print it: whole milliseconds from
/// 1 ms, two decimals below (core util/numbertext.h msText's rule, in the locale's digits).
QString targetMsText(double seconds) {
    return numberText(seconds * 1e3, seconds >= 1e-3 ? 0 : 2);
}

QString rate(double tokensPerSecond) {
    return numberText(tokensPerSecond, tokensPerSecond < 100 ? 1 : 0);
}

QString confidenceDetail(Confidence c) {
    switch (c) {
    case Confidence::Modelled:
        return ThroughputView::tr(
            "modelled (fitted to published serving measurements; see the band)");
    case Confidence::Calibrated:
        return ThroughputView::tr("calibrated by a probe report");
    case Confidence::Measured:
        return ThroughputView::tr("measured");
    }
    return {};
}

/// A vertical marker at `x` from 0 to `top` on (x, y) axes, labelled in the legend.
QLineSeries *marker(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, double at, double top,
                    const QString &name, const QColor &color) {
    auto *s = new QLineSeries;
    s->setName(name);
    s->append(at, 0);
    s->append(at, top);
    QPen pen(chartColour(chart, color));
    pen.setWidth(2);
    pen.setStyle(Qt::DashLine);
    s->setPen(pen);
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
    return s;
}

} // namespace

ThroughputView::ThroughputView(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setupChartView(this);
    setMinimumSize(560, 360);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

namespace {

/// The curve point nearest `batch` on the log axis (the curve is not empty).
const BatchPoint &nearestPoint(const Throughput &t, double batch) {
    return *nearestOnLog2Axis(t.curve.begin(), t.curve.end(), std::log2(std::max(batch, 1.0)),
                              [](const BatchPoint &p) { return p.batch; });
}

} // namespace

void ThroughputView::choose(double batch) {
    const auto &plan = m_doc->plan();
    if (plan && !plan->throughput.curve.empty()) {
        chooseConcurrency(m_doc, nearestPoint(plan->throughput, batch).batch);
    }
}

QString ThroughputView::tipForBatch(double batch) const {
    const auto &plan = m_doc->plan();
    if (!plan || plan->throughput.curve.empty()) {
        return {};
    }
    const Throughput &t = plan->throughput;
    const BatchPoint &p = nearestPoint(t, batch);
    QString text =
        tr("Batch %1 at %2 tokens of context\n"
           "%3 tokens/s per user (%4 ms per output token)\n"
           "%5 tokens/s per node, %6 tokens/s for the plan (%7)\n"
           "Confidence: %8")
            .arg(groupedInt(p.batch), groupedInt(t.contextTokens), rate(p.tokensPerSecondPerUser),
                 numberText(p.tokenLatencySeconds * 1e3, 2), rate(p.tokensPerSecondPerNode),
                 rate(p.tokensPerSecond), nodesText(t.nodes), confidenceDetail(t.confidence));
    if (!p.withinMemory) {
        text += tr("\nAbove the memory limit: the KV room holds %1, so that many run at once and "
                   "the rest wait; the rates are those of the running ones (dashed)")
                    .arg(sequencesText(t.capacity.memoryMaxBatch));
    }
    if (!p.withinTarget) {
        text += tr("\nSlower than the %1 ms target per output token")
                    .arg(targetMsText(t.capacity.targetSecondsPerOutputToken));
    }
    return text;
}

void ThroughputView::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_perUser.clear();
    m_perNode.clear();
    m_memoryLimit = 0;
    const auto &plan = m_doc->plan();
    if (!plan) {
        showNoPlan(c, tr("Throughput: no plan (%1)").arg(m_doc->error()));
        return;
    }
    const Throughput &t = plan->throughput;
    if (!t.computed || t.curve.empty()) {
        showNoPlan(c, tr("Throughput: not computed for this plan"));
        return;
    }
    const Capacity &cap = t.capacity;
    // One short line: the capacity figures are in the tooltips, the legend and the summary.
    c->setTitle(tr("Tokens/s against batch, %1-token context (%2)")
                    .arg(groupedInt(t.contextTokens), confidenceText(t.confidence)));
    c->setToolTip(tr("Capacity %1: %2 tokens/s per node, %3 per 1M output tokens")
                      .arg(sequencesText(cap.batch), rate(cap.outputTokensPerSecondPerNode),
                           std::isfinite(cap.usdPerMTokOutput) && cap.usdPerMTokOutput > 0
                               ? usdCentsText(cap.usdPerMTokOutput)
                               : tr("n/a")));

    auto *perUser = new QLineSeries;
    perUser->setName(tr("Tokens/s per user"));
    auto *perNode = new QLineSeries;
    perNode->setName(tr("Tokens/s per node"));
    // Batches past the memory limit run only the limit's sequences (the serving model caps the
    // running batch), so their rates stay at the limit's: drawn dashed, from the last batch
    // within memory, so that they do not read as more sequences served.
    auto *perUserCapped = new QLineSeries;
    auto *perNodeCapped = new QLineSeries;
    double maxUser = 1, maxNode = 1, maxBatch = 2;
    for (const BatchPoint &p : t.curve) {
        const QPointF u(double(p.batch), p.tokensPerSecondPerUser);
        const QPointF n(double(p.batch), p.tokensPerSecondPerNode);
        if (p.withinMemory) {
            perUser->append(u);
            perNode->append(n);
        } else {
            if (perUserCapped->count() == 0 && perUser->count() > 0) {
                perUserCapped->append(perUser->at(perUser->count() - 1));
                perNodeCapped->append(perNode->at(perNode->count() - 1));
            }
            perUserCapped->append(u);
            perNodeCapped->append(n);
        }
        m_perUser << u;
        m_perNode << n;
        maxUser = std::max(maxUser, p.tokensPerSecondPerUser);
        maxNode = std::max(maxNode, p.tokensPerSecondPerNode);
        maxBatch = std::max(maxBatch, double(p.batch));
    }
    for (QLineSeries *s : {perUser, perNode, perUserCapped, perNodeCapped}) {
        s->setPointsVisible(true);
        c->addSeries(s);
    }
    for (const auto &[solid, capped] :
         {std::pair{perUser, perUserCapped}, std::pair{perNode, perNodeCapped}}) {
        QPen pen = solid->pen();
        pen.setStyle(Qt::DashLine);
        capped->setPen(pen);
        for (QLegendMarker *m : c->legend()->markers(capped)) {
            m->setVisible(false);
        }
    }

    auto *x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%.0f"));
    // The curve is one replica's batch (BatchPoint); with data-parallel replicas say so.
    const std::uint32_t replicas = std::max<std::uint32_t>(plan->replicas, 1);
    x->setTitleText(replicas > 1
                        ? tr("Batch per replica (sequences in flight; %1 replicas)").arg(replicas)
                        : tr("Batch (sequences in flight)"));
    x->setRange(1, maxBatch * 1.2);
    auto *yUser = new QValueAxis;
    yUser->setTitleText(tr("Tokens/s per user"));
    yUser->setLabelFormat(QStringLiteral("%.0f"));
    yUser->setRange(0, maxUser * 1.1);
    yUser->applyNiceNumbers();
    auto *yNode = new QValueAxis;
    yNode->setTitleText(tr("Tokens/s per node"));
    yNode->setLabelFormat(QStringLiteral("%.0f"));
    yNode->setRange(0, maxNode * 1.1);
    yNode->applyNiceNumbers();
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(yUser, Qt::AlignLeft);
    c->addAxis(yNode, Qt::AlignRight);
    for (QLineSeries *s : {perUser, perUserCapped}) {
        s->attachAxis(x);
        s->attachAxis(yUser);
    }
    for (QLineSeries *s : {perNode, perNodeCapped}) {
        s->attachAxis(x);
        s->attachAxis(yNode);
    }

    if (cap.memoryMaxBatch > 0) {
        m_memoryLimit = double(cap.memoryMaxBatch);
        marker(c, x, yUser, m_memoryLimit, yUser->max(),
               replicas > 1
                   ? tr("Memory limit per replica (%1)").arg(groupedInt(cap.memoryMaxBatch))
                   : tr("Memory limit (%1)").arg(groupedInt(cap.memoryMaxBatch)),
               Qt::red);
    }
    // At the top of its search the target does not bind (Capacity::latencySearchTop): no
    // batch the model ran reaches it, so no marker claims one.
    if (cap.latencyMaxBatch > 0 && cap.latencyMaxBatch < cap.latencySearchTop() &&
        double(cap.latencyMaxBatch) <= maxBatch) {
        marker(c, x, yUser, double(cap.latencyMaxBatch), yUser->max(),
               tr("%1 ms target (%2)")
                   .arg(targetMsText(cap.targetSecondsPerOutputToken))
                   .arg(groupedInt(cap.latencyMaxBatch)),
               QColor(0x2a, 0x7a, 0x2a));
    }
    // The workload's own sequences (per replica), which the Summary and Deploy figures are at.
    const std::uint32_t wanted = plan->sequencesPerReplica();
    if (wanted > 0 && double(wanted) <= maxBatch * 1.2) {
        marker(c, x, yUser, double(wanted), yUser->max(),
               replicas > 1 ? tr("Your workload per replica (%1)").arg(groupedInt(wanted))
                            : tr("Your workload (%1)").arg(groupedInt(wanted)),
               QColor(0x55, 0x55, 0x55));
    }
    for (QLineSeries *s : {perUser, perNode, perUserCapped, perNodeCapped}) {
        connect(s, &QLineSeries::hovered, this, [this](const QPointF &point, bool state) {
            showChartTip(this, state ? tipForBatch(point.x()) + QLatin1Char('\n') + clickHint()
                                     : QString());
        });
        connect(s, &QLineSeries::clicked, this, [this](const QPointF &p) { choose(p.x()); });
    }
}

} // namespace hostplan::ui
