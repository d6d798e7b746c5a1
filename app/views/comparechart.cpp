// SPDX-License-Identifier: MIT
#include "views/comparechart.h"

#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "document/formatting.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace hostplan::ui {

CompareChart::CompareChart(QWidget *parent) : QChartView(new QChart, parent) {
    setupChartView(this);
    setMinimumSize(360, 220);
}

void CompareChart::setSides(const QList<CompareModel::Side> &sides) {
    QChart *c = chart();
    clearChart(c);
    m_lines.clear();
    if (sides.isEmpty()) {
        c->setTitle(QString());
        return;
    }
    c->setTitle(tr("Decode throughput against speed per user (circles: capacity at the target; "
                   "the table's output tokens/s include prefill)"));
    const QList<QColor> colours = {QColor(0x3b, 0x6e, 0xa8), QColor(0xe0, 0x8a, 0x2c),
                                   QColor(0x2e, 0x8b, 0x57), QColor(0x9b, 0x59, 0xb6),
                                   QColor(0xc0, 0x39, 0x2b), QColor(0x8c, 0x8c, 0x8c),
                                   QColor(0x17, 0xa2, 0xb8)};
    auto *x = new QValueAxis;
    x->setTitleText(tr("Tokens/s per user"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(tr("Decode tokens/s"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    double xMax = 1, yMax = 1;
    for (int i = 0; i < sides.size(); ++i) {
        const CompareModel::Side &side = sides[i];
        const QColor colour = chartColour(c, colours[i % colours.size()]);
        auto *line = new QLineSeries;
        Line drawn{side.title, {}, {}};
        const bool fits = side.plan && side.plan->fit.serves() && side.plan->throughput.computed;
        if (!fits) {
            line->setName(side.plan ? tr("%1 (does not fit)").arg(side.title)
                                    : tr("%1 (no plan)").arg(side.title));
        } else {
            line->setName(side.title);
            for (const BatchPoint &p : side.plan->throughput.curve) {
                if (p.tokensPerSecond > 0 && p.tokensPerSecondPerUser > 0) {
                    drawn.points << QPointF(p.tokensPerSecondPerUser, p.tokensPerSecond);
                }
            }
        }
        // The current plan is a wide translucent stroke under the pinned ones, so a pinned plan
        // that performs alike (same bandwidth) still shows on top of it.
        QColor stroke = colour;
        const bool current = i + 1 == sides.size();
        stroke.setAlpha(current ? 140 : 255);
        line->setPen(QPen(stroke, current ? 5.0 : 2.0));
        line->setPointsVisible(true);
        line->append(drawn.points);
        c->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        for (const QPointF &p : drawn.points) {
            xMax = std::max(xMax, p.x());
            yMax = std::max(yMax, p.y());
        }
        const QString title = side.title;
        connect(line, &QLineSeries::hovered, this, [this, title](const QPointF &p, bool on) {
            showChartTip(this, on ? tr("%1\n%2 tokens/s per user, %3 tokens/s in all")
                                        .arg(title, numberText(p.x(), 1), numberText(p.y(), 0))
                                  : QString());
        });
        if (fits) {
            const Capacity &cap = side.plan->throughput.capacity;
            if (cap.tokensPerSecondPerUser > 0 && cap.outputTokensPerSecond > 0) {
                drawn.capacity = QPointF(cap.tokensPerSecondPerUser, cap.outputTokensPerSecond);
                auto *mark = new QScatterSeries;
                mark->setMarkerShape(QScatterSeries::MarkerShapeCircle);
                mark->setMarkerSize(12);
                mark->setColor(colour);
                mark->setBorderColor(chartInk(c));
                mark->append(drawn.capacity);
                c->addSeries(mark);
                mark->attachAxis(x);
                mark->attachAxis(y);
                hideFromLegend(c, mark);
            }
        }
        m_lines << drawn;
    }
    x->setRange(0, xMax * 1.1);
    x->applyNiceNumbers();
    y->setRange(0, yMax * 1.1);
    y->applyNiceNumbers();
}

} // namespace hostplan::ui
