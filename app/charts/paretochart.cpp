// SPDX-License-Identifier: MIT
#include "charts/paretochart.h"

#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "charts/viewrefresher.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"

#include <QChart>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <vector>

namespace hostplan::ui {

namespace {

/// Tooltip of one evaluated layout.
QString tipFor(const ParetoPoint &p, bool onFront) {
    QString tip =
        ParetoChart::tr("TP %1 x EP %2 x PP %3 x DP %4 on %5\n"
                        "TTFT %6 ms, TPOT %7 ms (medians at the workload)\n"
                        "%8 tokens/s, %9 per 1M output tokens at capacity")
            .arg(p.layout.tp)
            .arg(p.layout.ep)
            .arg(p.layout.pp)
            .arg(p.replicas)
            .arg(gpusText(p.gpus), numberText(p.ttftSeconds * 1e3, 0),
                 numberText(p.tpotSeconds * 1e3, 1), numberText(p.outputTokensPerSecond, 0),
                 usdCentsText(p.usdPerMTokOutput));
    if (!p.offerId.empty()) {
        tip +=
            QLatin1Char('\n') + ParetoChart::tr("Offer: %1").arg(QString::fromStdString(p.offerId));
    }
    tip += QLatin1Char('\n') + (onFront ? ParetoChart::tr("On the front")
                                        : ParetoChart::tr("Beaten on latency and cost by a "
                                                          "layout on the front"));
    if (p.isPlan) {
        tip += QLatin1Char('\n') + ParetoChart::tr("Your plan");
    }
    return tip;
}

QPointF at(const ParetoPoint &p) {
    return {p.tpotSeconds * 1e3, p.ttftSeconds * 1e3};
}

} // namespace

ParetoChart::ParetoChart(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setupChartView(this);
    setMinimumSize(320, 260);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void ParetoChart::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_front.clear();
    m_plan = {};
    if (!m_doc->plan()) {
        showNoPlan(c, tr("Layouts: no plan (%1)").arg(m_doc->error()));
        return;
    }
    const ParetoFront &f = m_doc->layoutFront();
    if (f.front.empty() && !f.plan) {
        showNoPlan(c, tr("Layouts: no layout carries the workload"));
        return;
    }
    c->setTitle(tr("Layouts at your workload"));

    auto *beaten = new QScatterSeries;
    beaten->setName(tr("Beaten"));
    beaten->setMarkerSize(7);
    beaten->setColor(chartColour(c, QColor(0x9a, 0xa5, 0xb1)));
    beaten->setBorderColor(Qt::transparent);
    auto *front = new QScatterSeries;
    front->setName(tr("Front"));
    front->setMarkerSize(10);
    front->setColor(chartColour(c, QColor(0x1f, 0x77, 0xb4)));
    front->setBorderColor(Qt::transparent);
    auto *own = new QScatterSeries;
    own->setName(tr("Your plan"));
    own->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    own->setMarkerSize(14);
    own->setColor(Qt::transparent);
    own->setBorderColor(chartColour(c, QColor(0xc0, 0x39, 0x2b)));
    QPen ring = own->pen();
    ring.setWidth(3);
    ring.setColor(chartColour(c, QColor(0xc0, 0x39, 0x2b)));
    own->setPen(ring);

    QStringList beatenTips;
    QStringList frontTips;
    double maxX = 0;
    double maxY = 0;
    const auto grow = [&](const QPointF &p) {
        maxX = std::max(maxX, p.x());
        maxY = std::max(maxY, p.y());
    };
    for (const ParetoPoint &p : f.dominated) {
        beaten->append(at(p));
        beatenTips << tipFor(p, false);
        grow(at(p));
    }
    for (const ParetoPoint &p : f.front) {
        front->append(at(p));
        frontTips << tipFor(p, true);
        m_front << at(p);
        grow(at(p));
    }
    QString ownTip;
    if (f.plan) {
        m_plan = at(*f.plan);
        own->append(m_plan);
        grow(m_plan);
        const auto same = std::find_if(f.front.begin(), f.front.end(),
                                       [](const ParetoPoint &p) { return p.isPlan; });
        ownTip = tipFor(*f.plan, same != f.front.end());
    }
    c->addSeries(beaten);
    c->addSeries(front);
    c->addSeries(own);
    auto *x = new QValueAxis;
    x->setTitleText(tr("Median TPOT (ms)"));
    x->setRange(0, std::max(maxX, 1.0) * 1.1);
    x->applyNiceNumbers();
    x->setLabelFormat(QStringLiteral("%.0f"));
    auto *y = new QValueAxis;
    y->setTitleText(tr("Median TTFT (ms)"));
    y->setRange(0, std::max(maxY, 1.0) * 1.1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (QScatterSeries *s : {beaten, front, own}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    const auto hover = [this](QScatterSeries *s, const QStringList &tips) {
        connect(s, &QScatterSeries::hovered, this, [this, s, tips](const QPointF &p, bool on) {
            const auto pts = s->points();
            const auto it = std::find(pts.begin(), pts.end(), p);
            showChartTip(this,
                         on && it != pts.end() ? tips.value(int(it - pts.begin())) : QString());
        });
    };
    hover(beaten, beatenTips);
    hover(front, frontTips);
    hover(own, QStringList{ownTip});
}

} // namespace hostplan::ui
