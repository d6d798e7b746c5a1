// SPDX-License-Identifier: MIT
#include "charts/gputypeschart.h"
#include "plan/plan.h"

#include "catalogue/catalogue.h"
#include "charts/chartclicks.h"
#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "charts/viewrefresher.h"

#include <QBarCategoryAxis>
#include <QFont>
#include <QFontMetricsF>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace hostplan::ui {

namespace {

/// "NVIDIA H200 SXM 141GB" -> "H200 SXM 141GB": the vendor is implied by the name.
/// The name without its vendor, then, where still longer than `maxChars` characters, without
/// its trailing remark in brackets ("GH200 96GB (Grace Hopper)" -> "GH200 96GB"), and only
/// then cut (the tooltip has it whole): the chart does not widen its label column to the
/// longest label, so a long one ran off the left, and a cut one ("GH200 96GB (Grace Hoppe...")
/// read as a mistake in the PDF, where no tooltip shows the rest.
QString shortGpuName(const std::string &name, int maxChars = 24) {
    QString n = QString::fromStdString(name);
    for (const QString &prefix : {QStringLiteral("NVIDIA "), QStringLiteral("AMD ")}) {
        if (n.startsWith(prefix)) {
            n = n.mid(prefix.size());
        }
    }
    if (const qsizetype bracket = n.indexOf(QStringLiteral(" ("));
        n.size() > maxChars && bracket > 0 && n.endsWith(QLatin1Char(')'))) {
        n = n.left(bracket);
    }
    return n.size() > maxChars ? n.left(maxChars - 1).trimmed() + QChar(0x2026) : n;
}

} // namespace

GpuTypesChart::GpuTypesChart(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setupChartView(this);
    setMinimumSize(420, 300);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void GpuTypesChart::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_rows.clear();
    const auto &sweep = m_doc->gpuSweep();
    const auto current = scenarioGpu(m_doc->scenario());
    const QString currentId = current.ok() ? QString::fromStdString(current->id) : QString();
    const Scenario &s = m_doc->scenario();
    c->setTitle(
        tr("GPUs needed per GPU type: %1 tokens x %2, %3")
            .arg(groupedInt(s.workload.contextTokens), sequencesText(s.workload.concurrency))
            .arg(m_doc->plan() ? QString::fromStdString(m_doc->plan()->model.displayName)
                               : QString::fromStdString(s.model.ref)));

    auto *native = new QBarSet(tr("Practical, native MXFP4"));
    native->setColor(chartColour(c, QColor(0x2e, 0x8b, 0x57)));
    auto *emulated = new QBarSet(tr("Practical, no native MXFP4"));
    emulated->setColor(chartColour(c, QColor(0x9a, 0xa5, 0xb1)));
    auto *floor = new QScatterSeries;
    floor->setName(tr("Memory floor"));
    floor->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    floor->setMarkerSize(9);
    floor->setColor(chartColour(c, QColor(0xc0, 0x39, 0x2b)));
    floor->setBorderColor(isDarkChart(c) ? chartInk(c) : QColor(0x6d, 0x1a, 0x12));

    // Bottom-to-top in the chart = reverse catalogue order, so the list reads top-down.
    QStringList cats;
    QStringList tips;
    int maxCount = 1;
    for (auto it = sweep.rbegin(); it != sweep.rend(); ++it) {
        const GpuOption &o = *it;
        if (m_servingOnly && !o.isScenarioGpu && !(o.plan && o.plan->fit.practicalFound)) {
            continue; // a printed page holds no row per catalogue type
        }
        Row row;
        row.id = QString::fromStdString(o.gpu.id);
        row.nativeMxfp4 = o.gpu.nativeMxfp4;
        QString label = shortGpuName(o.gpu.name);
        QString tip;
        if (o.plan) {
            row.floor = int(o.plan->fit.gpusFloor);
            row.practical = o.plan->fit.practicalFound ? int(o.plan->fit.gpusPractical) : 0;
            const auto &l = o.plan->fit.practicalLayout;
            // The scenario's own row is its plan: with a fixed count, its cost is at that count,
            // not at the practical one the bar draws.
            const bool fixedCount = o.isScenarioGpu && !o.plan->autoCount;
            tip = tr("%1\nMemory floor: %2 (%3 of weights / %4 per GPU)\n")
                      .arg(QString::fromStdString(o.gpu.name), gpusText(row.floor),
                           gbText(double(o.plan->model.weightBytes())),
                           gbText(double(o.gpu.memoryBytes), 0));
            tip += !row.practical ? tr("Practical: no layout up to %1 GPUs carries the workload")
                                        .arg(kMaxPracticalGpus)
                   : fixedCount ? tr("Practical: %1 (TP %2 x PP %3, EP %4)")
                                      .arg(gpusText(row.practical))
                                      .arg(l.tp)
                                      .arg(l.pp)
                                      .arg(l.ep)
                                : tr("Practical: %1 (TP %2 x PP %3, EP %4), %5 per month")
                                      .arg(gpusText(row.practical))
                                      .arg(l.tp)
                                      .arg(l.pp)
                                      .arg(l.ep)
                                      .arg(usdText(o.plan->rental.usdPerMonthScheduled));
            if (row.practical) {
                // Which rate that month is at (every type here is on auto: its offer's own).
                tip += QLatin1Char('\n') + planRateText(*o.plan);
                // The cost beside the name, first, so that a long name elides, not the cost:
                // what each type costs is the point of comparing them.
                row.usdPerMonth = o.plan->rental.usdPerMonthScheduled;
                // The fixed count takes room: a shorter name beside it.
                label = fixedCount
                            ? tr("%1/month (%2) · %3")
                                  .arg(usdText(row.usdPerMonth), gpusText(o.plan->rentedGpus()),
                                       shortGpuName(o.gpu.name, 16))
                            : tr("%1/month · %2").arg(usdText(row.usdPerMonth), label);
            } else {
                label += tr(" (no fit)");
            }
            if (fixedCount) {
                tip += QLatin1Char('\n') + tr("Your plan (GPU count fixed at %1): %2 per month")
                                               .arg(o.plan->rentedGpus())
                                               .arg(usdText(o.plan->rental.usdPerMonthScheduled));
            }
        } else {
            label += tr(" (n/a)");
            tip = QString::fromStdString(o.gpu.name) + QLatin1Char('\n') +
                  QString::fromStdString(o.error);
        }
        tip += o.gpu.nativeMxfp4 ? tr("\nNative MXFP4 tensor cores")
                                 : tr("\nNo native MXFP4: FP4 weights are dequantized");
        if (row.id == currentId) {
            label = QStringLiteral("\u25B6 ") + label;
        } else if (row.practical > 0) {
            tip += QLatin1Char('\n') + clickHint();
        }
        cats << label;
        tips << tip;
        native->append(row.nativeMxfp4 ? row.practical : 0);
        emulated->append(row.nativeMxfp4 ? 0 : row.practical);
        if (row.floor > 0) {
            floor->append(row.floor, double(cats.size() - 1));
        }
        maxCount = std::max({maxCount, row.floor, row.practical});
        m_rows.prepend(row);
    }
    auto *bars = new QHorizontalStackedBarSeries;
    bars->setBarWidth(0.6);
    bars->append(native);
    bars->append(emulated);
    for (QBarSet *set : {native, emulated}) {
        connect(set, &QBarSet::hovered, this, [this, tips](bool on, int index) {
            showChartTip(this, on ? tips.value(index) : QString());
        });
        // Click a bar: that GPU type becomes the plan (one undoable edit, like the GPU box).
        connect(set, &QBarSet::clicked, this, [this](int index) { choose(index); });
    }
    c->addSeries(bars);
    c->addSeries(floor);
    connect(floor, &QScatterSeries::hovered, this, [this, tips](const QPointF &p, bool on) {
        showChartTip(this, on ? tips.value(int(p.y() + 0.5)) : QString());
    });

    auto *y = new QBarCategoryAxis;
    y->append(cats);
    // Whole labels: elided ones all read "..." when the window is narrow (the plot shrinks).
    y->setTruncateLabels(false);
    QFont small = y->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    y->setLabelsFont(small);
    // The axis hides a label that would overlap its neighbour, which with a tall (CJK) font
    // dropped every other GPU type: the labels' font shrinks until a label's height (fallback
    // glyphs included) fits its row of the plot with room to spare, whatever the plot's height.
    const int rows = int(cats.size());
    qreal fullPx = QFontMetricsF(small).height();
    for (const QString &label : cats) {
        fullPx = std::max(fullPx, QFontMetricsF(small).boundingRect(label).height());
    }
    connect(c, &QChart::plotAreaChanged, y, [y, small, rows, fullPx](const QRectF &plot) {
        const qreal rowPx = plot.height() / std::max(rows, 1);
        if (rowPx <= 0 || fullPx <= 0) {
            return;
        }
        QFont f = small;
        f.setPointSizeF(std::max(4.0, small.pointSizeF() * std::min(1.0, 0.8 * rowPx / fullPx)));
        if (f != y->labelsFont()) {
            y->setLabelsFont(f);
        }
    });
    auto *x = new QValueAxis;
    x->setTitleText(tr("GPUs"));
    x->setRange(0, maxCount * 1.1);
    x->applyNiceNumbers();
    x->setLabelFormat(QStringLiteral("%.0f")); // "%d" is left empty when localized
    c->addAxis(y, Qt::AlignLeft);
    c->addAxis(x, Qt::AlignBottom);
    bars->attachAxis(y);
    bars->attachAxis(x);
    auto *yv = new QValueAxis;
    yv->setRange(-0.5, double(cats.size()) - 0.5);
    yv->setVisible(false);
    c->addAxis(yv, Qt::AlignRight);
    floor->attachAxis(x);
    floor->attachAxis(yv);
}

void GpuTypesChart::choose(int index) {
    // Bars run bottom-to-top in reverse catalogue order; m_rows is in catalogue order.
    const int row = int(m_rows.size()) - 1 - index;
    if (row < 0 || row >= int(m_rows.size()) || m_rows[row].practical == 0) {
        return; // no bar there (a type that carries nothing has none)
    }
    chooseGpuType(m_doc, m_rows[row].id.toStdString());
}

} // namespace hostplan::ui
