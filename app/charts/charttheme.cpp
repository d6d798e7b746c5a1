// SPDX-License-Identifier: MIT
#include "charts/charttheme.h"

#include "charts/viewrefresher.h"
#include "document/palettewatcher.h"
#include "document/themecolours.h"

#include <QChartView>
#include <QFont>
#include <QVariant>

namespace hostplan::ui {

namespace {

/// Dynamic property of a chart view pinned to one theme (fixChartTheme): the theme as int.
const char *const kFixedThemeProperty = "hostplanFixedChartTheme";

QString watcherName() {
    return QStringLiteral("hostplanChartThemeWatcher");
}

/// Set `view`'s theme and background for its palette (or its pinned theme); `rebuild` redraws
/// the series afterwards through the view's ViewRefresher; `force` applies even when the theme
/// and background already match.
void applyTheme(QChartView *view, bool rebuild, bool force) {
    const QVariant fixed = view->property(kFixedThemeProperty);
    const QPalette &palette = view->palette();
    const QChart::ChartTheme theme =
        fixed.isValid()
            ? QChart::ChartTheme(fixed.toInt())
            : (isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    const QColor background =
        fixed.isValid()
            ? (theme == QChart::ChartThemeDark ? QColor(0x2a, 0x2a, 0x2a) : QColor(Qt::white))
            : palette.color(QPalette::Base);
    QChart *chart = view->chart();
    if (!force && chart->theme() == theme && chart->backgroundBrush().color() == background) {
        return;
    }
    chart->setTheme(theme);
    // The theme resets fonts: the title is set a size up and bold again (the GUI's look).
    QFont title = chart->titleFont();
    title.setPointSizeF(title.pointSizeF() * 1.1);
    title.setBold(true);
    chart->setTitleFont(title);
    chart->setBackgroundBrush(background);
    view->setBackgroundBrush(background);
    if (rebuild) {
        if (auto *refresher =
                view->findChild<ViewRefresher *>(QString(), Qt::FindDirectChildrenOnly)) {
            refresher->refresh();
        }
    }
}

} // namespace

void followPaletteTheme(QChartView *view) {
    if (PaletteWatcher::find(view, watcherName())) {
        return;
    }
    new PaletteWatcher(view, watcherName(), [view] { applyTheme(view, true, false); });
    applyTheme(view, false, true);
}

void fixChartTheme(QChartView *view, QChart::ChartTheme theme) {
    view->setProperty(kFixedThemeProperty, int(theme));
    applyTheme(view, true, false);
}

bool isDarkChart(const QChart *chart) {
    return chart->theme() == QChart::ChartThemeDark;
}

QColor chartColour(const QChart *chart, const QColor &colour) {
    if (!isDarkChart(chart) || colour.lightness() >= 150) {
        return colour;
    }
    return QColor::fromHsl(colour.hslHue(), colour.hslSaturation(), 170, colour.alpha());
}

QColor chartInk(const QChart *chart) {
    return isDarkChart(chart) ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x22, 0x22, 0x22);
}

} // namespace hostplan::ui
