#include "chartutil.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QToolTip>

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
    QFont title = c->titleFont();
    title.setPointSizeF(title.pointSizeF() * 1.1);
    title.setBold(true);
    c->setTitleFont(title);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    c->setMargins(QMargins(6, 6, 6, 6));
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

} // namespace hostplan::ui
