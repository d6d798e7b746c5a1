// SPDX-License-Identifier: MIT
#include "report/reportoptionschart.h"

#include "document/formatting.h"
#include "charts/charttheme.h"
#include "charts/chartutil.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

ReportOptionsChart::ReportOptionsChart(const std::vector<GpuOptionRow> &options,
                                       double apiUsdPerMonth, double hoursPerDay, QWidget *parent)
    : QChartView(new QChart, parent) {
    setRenderHint(QPainter::Antialiasing);
    setupChartView(this); // the GUI charts' look
    // Printed on white paper: light whatever the screen's palette (before the series exist).
    fixChartTheme(this, QChart::ChartThemeLight);
    QChart *c = chart();
    c->setTitle(tr("Monthly rental at the practical GPU count, per GPU type"));
    const bool scheduled = hoursPerDay < 24;
    auto *always = new QBarSet(tr("Always on"));
    auto *sched = new QBarSet(tr("At %1 h/day").arg(numberText(hoursPerDay, 1)));
    // No API price (NaN): no API line.
    const bool priced = std::isfinite(apiUsdPerMonth);
    double maxK = priced ? apiUsdPerMonth / 1000 : 0;
    QStringList bottomUp;
    // Horizontal bars, so that full GPU names fit; the category axis lists bottom-up, hence the
    // reverse order (the catalogue's first GPU on top).
    for (auto it = options.rbegin(); it != options.rend(); ++it) {
        const GpuOptionRow &o = *it;
        const bool found = o.evaluated && o.practicalFound;
        // The vendor prefix is dropped to keep labels short enough not to be elided.
        QString name = QString::fromStdString(o.gpu.name);
        for (const QString &vendor : {QStringLiteral("NVIDIA "), QStringLiteral("AMD ")}) {
            if (name.startsWith(vendor)) {
                name.remove(0, vendor.size());
            }
        }
        const QString label = QStringLiteral("%1 \u00b7 %2")
                                  .arg(name, found ? gpusText(o.costedGpus) : tr("does not fit"));
        const double a = found ? o.usdPerMonthAlwaysOn / 1000 : 0;
        const double s = found ? o.usdPerMonthScheduled / 1000 : 0;
        always->append(a);
        sched->append(s);
        maxK = std::max({maxK, a, s});
        bottomUp << label;
        m_categories.prepend(label);
    }
    auto *series = new QHorizontalBarSeries;
    series->append(always);
    if (scheduled) {
        series->append(sched);
    } else {
        delete sched;
    }
    c->addSeries(series);
    auto *y = new QBarCategoryAxis;
    y->append(bottomUp);
    auto *x = new QValueAxis;
    x->setTitleText(tr("Thousand USD per month"));
    x->setRange(0, std::max(maxK, 1.0) * 1.1);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->applyNiceNumbers();
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);

    if (priced) {
        auto *api = new QLineSeries;
        api->setName(tr("API, same tokens (%1 per month)").arg(usdText(apiUsdPerMonth)));
        const double n = double(std::max<std::size_t>(options.size(), 1));
        api->append(apiUsdPerMonth / 1000, -0.5);
        api->append(apiUsdPerMonth / 1000, n - 0.5);
        QPen pen(Qt::red);
        pen.setWidth(2);
        pen.setStyle(Qt::DashLine);
        api->setPen(pen);
        c->addSeries(api);
        auto *yv = new QValueAxis;
        yv->setRange(-0.5, n - 0.5);
        yv->setVisible(false);
        c->addAxis(yv, Qt::AlignRight);
        api->attachAxis(x);
        api->attachAxis(yv);
    }
    c->legend()->setAlignment(Qt::AlignBottom);
}

} // namespace hostplan::ui
