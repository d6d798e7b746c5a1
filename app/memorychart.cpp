#include "memorychart.h"

#include "formatting.h"
#include "scenariodocument.h"
#include "units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

namespace hostplan::ui {

MemoryChart::MemoryChart(ScenarioDocument *doc, QWidget *parent)
    : QChartView(new QChart, parent), m_doc(doc) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(560, 360);
    connect(doc, &ScenarioDocument::changed, this, &MemoryChart::rebuild);
    rebuild();
}

QStringList MemoryChart::categories() const {
    QStringList out;
    for (const auto &f : comparisonFormats()) {
        out << QString::fromStdString(f.label());
    }
    return out;
}

void MemoryChart::rebuild() {
    QChart *c = chart();
    c->removeAllSeries();
    for (QAbstractAxis *a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    m_totals.clear();
    const auto &plan = m_doc->plan();
    if (!plan) {
        c->setTitle(tr("Memory per GPU: no plan (%1)").arg(m_doc->error()));
        return;
    }
    c->setTitle(tr("Memory per GPU by weight precision (%1 x %2, TP %3, PP %4)")
                    .arg(plan->layout.gpuCount())
                    .arg(QString::fromStdString(plan->gpu.id))
                    .arg(plan->layout.tp)
                    .arg(plan->layout.pp));

    const QStringList names = {tr("Weights"), tr("KV cache"), tr("Linear-attention state"),
                               tr("Activations"), tr("Runtime")};
    QList<QBarSet *> sets;
    for (const QString &n : names) {
        sets << new QBarSet(n);
    }
    double maxGb = toGB(double(plan->gpu.usableMemoryBytes));
    for (const auto &format : comparisonFormats()) {
        Scenario variant = m_doc->scenario();
        variant.model.weightsFormat = format;
        variant.model.groupFormats.clear();
        // Keep the evaluated layout so bars compare like with like.
        variant.hardware.gpuCount = plan->layout.gpuCount();
        variant.hardware.tp = plan->layout.tp;
        variant.hardware.pp = plan->layout.pp;
        variant.hardware.ep = plan->layout.ep;
        auto r = m_doc->evaluateVariant(variant);
        const MemoryComponents m = r.ok() ? r->memory.perGpu : MemoryComponents{};
        const double vals[] = {double(m.weights), double(m.kvCache), double(m.state),
                               double(m.activations), double(m.runtime)};
        for (int i = 0; i < sets.size(); ++i) {
            sets[i]->append(toGB(vals[i]));
        }
        m_totals << double(m.total());
        maxGb = std::max(maxGb, toGB(double(m.total())));
    }
    auto *series = new QStackedBarSeries;
    for (QBarSet *s : sets) {
        series->append(s);
        connect(s, &QBarSet::hovered, this, [this, s](bool on, int index) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            const double bytes = s->at(index) * kBytesPerGB;
            QToolTip::showText(QCursor::pos(),
                               tr("%1, %2: %3 per GPU (total per GPU %4)")
                                   .arg(s->label(), categories().value(index), bytesText(bytes),
                                        bytesText(m_totals.value(index))),
                               this);
        });
    }
    c->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories());
    auto *y = new QValueAxis;
    y->setTitleText(tr("GB per GPU (decimal)"));
    y->setRange(0, maxGb * 1.1);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->applyNiceNumbers();
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);

    auto *cap = new QLineSeries;
    cap->setName(tr("Usable memory per GPU (%1)").arg(gbText(double(plan->gpu.usableMemoryBytes))));
    const double capGb = toGB(double(plan->gpu.usableMemoryBytes));
    cap->append(-0.5, capGb);
    cap->append(double(m_totals.size()) - 0.5, capGb);
    QPen pen(Qt::red);
    pen.setWidth(2);
    pen.setStyle(Qt::DashLine);
    cap->setPen(pen);
    c->addSeries(cap);
    auto *xv = new QValueAxis;
    xv->setRange(-0.5, double(m_totals.size()) - 0.5);
    xv->setVisible(false);
    c->addAxis(xv, Qt::AlignTop);
    cap->attachAxis(xv);
    cap->attachAxis(y);
    c->legend()->setAlignment(Qt::AlignBottom);
}

} // namespace hostplan::ui
