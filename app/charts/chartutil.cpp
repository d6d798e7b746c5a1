// SPDX-License-Identifier: MIT
#include "charts/chartutil.h"

#include "charts/charttheme.h"
#include "document/formatting.h"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

void clearChart(QChart *chart) {
    chart->removeAllSeries();
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        chart->removeAxis(a);
        delete a;
    }
}

void setupChartView(QChartView *view) {
    view->setRenderHint(QPainter::Antialiasing);
    QChart *c = view->chart();
    c->setAnimationOptions(QChart::NoAnimation);
    // Theme, background and the bold title, following the palette (dark or light).
    followPaletteTheme(view);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    c->setMargins(QMargins(6, 6, 6, 6));
    // Axis numbers in the GUI's language ("0,5" and "1.000" in German), as the tooltips and
    // tables write them; the chart takes the default locale, which follows ui/language.
    c->setLocale(QLocale());
    c->setLocalizeNumbers(true);
}

void showNoPlan(QChart *chart, const QString &message) {
    clearChart(chart);
    chart->setTitle(message);
}

void showChartTip(QWidget *widget, const QString &text) {
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(QCursor::pos(), text, widget);
    }
}

void hideFromLegend(QChart *chart, QAbstractSeries *series) {
    const auto markers = chart->legend()->markers(series);
    for (QLegendMarker *m : markers) {
        m->setVisible(false);
    }
}

QCategoryAxis *logLabelAxis(double base, double minExp, double maxExp, int step,
                            const std::function<QString(double value)> &label) {
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(minExp, maxExp);
    axis->setStartValue(minExp);
    step = std::max(step, 1);
    for (int e = int(std::ceil(minExp / step - 1e-9)) * step; e <= maxExp + 1e-9; e += step) {
        axis->append(label(std::pow(base, e)), e);
    }
    return axis;
}

QString binaryTokensLabel(double tokens) {
    const QLocale l = numberLocale();
    if (tokens >= 1024.0 * 1024.0) {
        return QStringLiteral("%1M").arg(l.toString(tokens / (1024.0 * 1024.0), 'g', 4));
    }
    if (tokens >= 1024.0) {
        return QStringLiteral("%1K").arg(l.toString(tokens / 1024.0, 'g', 4));
    }
    return l.toString(tokens, 'g', 4);
}

} // namespace hostplan::ui
