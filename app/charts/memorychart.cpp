// SPDX-License-Identifier: MIT
#include "charts/memorychart.h"

#include "charts/chartclicks.h"
#include "charts/charttheme.h"
#include "charts/chartutil.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "util/units.h"
#include "charts/viewrefresher.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

MemoryChart::MemoryChart(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setupChartView(this);
    setMinimumSize(420, 300);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

QStringList MemoryChart::categories() const {
    QStringList out;
    for (const auto &f : comparisonFormats()) {
        out << QString::fromStdString(f.label());
    }
    return out;
}

void MemoryChart::setScope(Scope scope) {
    if (scope != m_scope) {
        m_scope = scope;
        rebuild();
    }
}

void MemoryChart::choose(int index) {
    const auto formats = comparisonFormats();
    if (index >= 0 && index < int(formats.size())) {
        chooseWeightsFormat(m_doc, formats[std::size_t(index)]);
    }
}

void MemoryChart::rebuild() {
    QChart *c = chart();
    clearChart(c);
    m_totals.clear();
    const auto &plan = m_doc->plan();
    if (!plan) {
        showNoPlan(c, tr("Memory: no plan (%1)").arg(m_doc->error()));
        return;
    }
    const bool perGpu = m_scope == Scope::PerGpu;
    // One replica's layout, evaluated with its share of the sequences; the whole deployment is
    // every data-parallel replica (PlanResult::replicas), as the Summary counts it.
    const std::uint32_t replicas = std::max<std::uint32_t>(plan->replicas, 1);
    const std::uint32_t gpus = plan->layout.gpuCount();
    const std::uint32_t node = m_doc->scenario().hardware.gpusPerNode
                                   ? m_doc->scenario().hardware.gpusPerNode
                                   : plan->gpu.gpusPerNode;
    // The layout as the memory table names it: TP, EP, PP and any attention DP.
    const QString pp = QString::number(plan->layout.pp) + attentionDpSuffix(plan->layout.dp);
    const QString layoutText = replicas > 1 ? tr("%1 replicas of %2 x %3, TP %4, EP %5, PP %6")
                                                  .arg(replicas)
                                                  .arg(gpus)
                                                  .arg(QString::fromStdString(plan->gpu.name))
                                                  .arg(plan->layout.tp)
                                                  .arg(plan->layout.ep)
                                                  .arg(pp)
                                            : tr("%1 x %2, TP %3, EP %4, PP %5")
                                                  .arg(gpus)
                                                  .arg(QString::fromStdString(plan->gpu.name))
                                                  .arg(plan->layout.tp)
                                                  .arg(plan->layout.ep)
                                                  .arg(pp);
    c->setTitle((perGpu ? tr("Memory per GPU by weight precision (%1)")
                        : tr("Memory of the whole deployment by weight precision (%1)"))
                    .arg(layoutText));

    const QStringList names = {tr("Weights"), tr("KV cache"), tr("State"), tr("Activations"),
                               tr("Runtime")};
    const QList<QColor> colours = {QColor(0x3b, 0x6e, 0xa8), QColor(0xe0, 0x8a, 0x2c),
                                   QColor(0x9b, 0x59, 0xb6), QColor(0x5b, 0xa5, 0x5b),
                                   QColor(0x8c, 0x8c, 0x8c)};
    QList<QBarSet *> sets;
    for (int i = 0; i < names.size(); ++i) {
        auto *set = new QBarSet(names[i]);
        set->setColor(colours[i]);
        set->setBorderColor(colours[i].darker(120));
        sets << set;
    }
    const QStringList cats = categories();
    double maxGb = 0;
    for (const auto &format : comparisonFormats()) {
        Scenario variant = m_doc->scenario();
        variant.model.weightsFormat = format;
        variant.model.groupFormats.clear();
        // Keep the evaluated layout so bars compare like with like.
        variant.hardware.gpuCount = gpus;
        variant.hardware.tp = plan->layout.tp;
        variant.hardware.pp = plan->layout.pp;
        variant.hardware.ep = plan->layout.ep;
        // Each replica holds its share of the sequences (the layout search splits them evenly).
        variant.workload.concurrency = (variant.workload.concurrency + replicas - 1) / replicas;
        auto r = m_doc->evaluateVariant(variant);
        const MemoryComponents m =
            r.ok() ? (perGpu ? r->memory.perGpu : r->memory.total) : MemoryComponents{};
        const double copies = perGpu ? 1.0 : double(replicas);
        const double vals[] = {double(m.weights) * copies, double(m.kvCache) * copies,
                               double(m.state) * copies, double(m.activations) * copies,
                               double(m.runtime) * copies};
        for (int i = 0; i < sets.size(); ++i) {
            sets[i]->append(toGB(vals[i]));
        }
        m_totals << double(m.total()) * copies;
        maxGb = std::max(maxGb, toGB(double(m.total()) * copies));
    }
    auto *series = new QStackedBarSeries;
    series->setBarWidth(0.6);
    for (int i = 0; i < sets.size(); ++i) {
        QBarSet *s = sets[i];
        series->append(s);
        connect(s, &QBarSet::hovered, this, [this, s, cats, perGpu](bool on, int index) {
            const double bytes = s->at(index) * kBytesPerGB;
            showChartTip(this, on ? tr("%1 with %2 weights: %3 %4\nAll components: %5 %4")
                                            .arg(s->label(), cats.value(index), bytesText(bytes),
                                                 perGpu ? tr("per GPU") : tr("in total"),
                                                 bytesText(m_totals.value(index))) +
                                        QLatin1Char('\n') + clickHint()
                                  : QString());
        });
        connect(s, &QBarSet::clicked, this, [this](int index) { choose(index); });
    }
    c->addSeries(series);
    // A component that is zero in every column (no linear attention) stays out of the legend.
    for (QBarSet *s : sets) {
        bool any = false;
        for (int i = 0; i < s->count(); ++i) {
            any = any || s->at(i) > 0;
        }
        if (!any) {
            for (auto *m : c->legend()->markers(series)) {
                if (m->label() == s->label()) {
                    m->setVisible(false);
                }
            }
        }
    }
    // Axis labels without the group size ("INT4", not "INT4 g128") so they fit under narrow
    // bars; tooltips keep the full name.
    QStringList shortCats;
    for (const QString &cat : cats) {
        shortCats << cat.section(QLatin1Char(' '), 0, 0);
    }
    auto *x = new QBarCategoryAxis;
    x->append(shortCats);
    x->setTitleText(tr("Weight format (quantizable groups)"));
    auto *y = new QValueAxis;
    y->setTitleText(perGpu ? tr("GB per GPU (decimal)") : tr("GB in total (decimal)"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);

    // Capacity lines across the whole plot (a hidden value axis spans the categories).
    auto *xv = new QValueAxis;
    xv->setRange(-0.5, double(m_totals.size()) - 0.5);
    xv->setVisible(false);
    c->addAxis(xv, Qt::AlignTop);
    auto addLine = [&](const QString &name, double bytes, QColor colour, Qt::PenStyle style) {
        auto *line = new QLineSeries;
        line->setName(name);
        const double gbv = toGB(bytes);
        line->append(-0.5, gbv);
        line->append(double(m_totals.size()) - 0.5, gbv);
        QPen pen(chartColour(c, colour));
        pen.setWidthF(2);
        pen.setStyle(style);
        line->setPen(pen);
        c->addSeries(line);
        line->attachAxis(xv);
        line->attachAxis(y);
        connect(line, &QLineSeries::hovered, this, [this, name, bytes](const QPointF &, bool on) {
            showChartTip(this, on ? tr("%1: %2").arg(QString(name).replace(QLatin1Char('\n'),
                                                                           QStringLiteral(", ")),
                                                     bytesText(bytes))
                                  : QString());
        });
        maxGb = std::max(maxGb, gbv);
    };
    const double usable = double(plan->gpu.usableMemoryBytes);
    if (perGpu) {
        // Usable = what the driver reports, in binary units; the axis is decimal GB.
        addLine(
            tr("Usable per GPU\n%1 (%2 GiB)").arg(gbText(usable, 0), numberText(toGiB(usable), 1)),
            usable, QColor(0xc0, 0x39, 0x2b), Qt::DashLine);
        addLine(tr("Engine budget\n%1").arg(gbText(double(plan->memory.budgetBytesPerGpu), 0)),
                double(plan->memory.budgetBytesPerGpu), QColor(0xc0, 0x39, 0x2b), Qt::DotLine);
    } else {
        addLine(tr("One GPU\n%1 (%2 GiB)").arg(gbText(usable, 0), numberText(toGiB(usable), 1)),
                usable, QColor(0xc0, 0x39, 0x2b), Qt::DotLine);
        addLine(tr("One node (%1)\n%2").arg(gpusText(node), gbText(usable * node, 0)),
                usable * node, QColor(0xc0, 0x39, 0x2b), Qt::DashLine);
        const std::uint32_t all = gpus * replicas;
        if (all != node && all > 1) {
            addLine(tr("All %1\n%2").arg(gpusText(all), gbText(usable * all, 0)), usable * all,
                    QColor(0x6d, 0x1a, 0x12), Qt::SolidLine);
        }
    }
    c->legend()->setAlignment(Qt::AlignRight);
    // Fixed ticks at a round step (1, 2 or 5 x 10^n GB), about five of them.
    const double raw = std::max(maxGb * 1.08, 1.0) / 5;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw <= mag       ? mag
                        : raw <= 2 * mag ? 2 * mag
                        : raw <= 5 * mag ? 5 * mag
                                         : 10 * mag;
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(step);
    y->setRange(0, std::ceil(maxGb * 1.08 / step) * step);
}

} // namespace hostplan::ui
