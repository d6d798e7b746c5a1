// SPDX-License-Identifier: MIT
// Chart themes that follow the palette: a chart view on a dark window gets Qt Charts' dark theme
// and the window's Base colour as its background, on a light one the light theme, and it switches
// live when the palette changes (View > Theme, or the desktop switching to dark). The report's
// charts are fixed to the light theme: a PDF is printed on white paper whatever the screen shows.
#pragma once

#include <QChart>
#include <QColor>

class QChartView;

namespace hostplan::ui {

/// Give `view`'s chart the theme that matches `view`'s palette now and after every
/// QEvent::PaletteChange (an application palette change reaches every widget as one). A theme
/// change re-decorates the whole chart, so the view is rebuilt afterwards through its
/// ViewRefresher (when it has one) to restore the series' own colours. setupChartView() calls
/// this; calling it again does nothing.
void followPaletteTheme(QChartView *view);

/// Pin `view`'s chart to `theme` (the report's charts: ChartThemeLight on white), whatever the
/// palette; rebuilds the view through its ViewRefresher when the theme changed.
void fixChartTheme(QChartView *view, QChart::ChartTheme theme);

/// True when `chart` is drawn with the dark theme.
bool isDarkChart(const QChart *chart);

/// `colour` as drawn on `chart`: unchanged on a light chart; on a dark chart a colour too dark to
/// read on the dark background (HSL lightness under 150) is lightened to 170, keeping its hue.
QColor chartColour(const QChart *chart, const QColor &colour);

/// The colour of text and neutral lines on `chart` (near black on light, near white on dark).
QColor chartInk(const QChart *chart);

} // namespace hostplan::ui
