// Small helpers shared by the chart views: clearing a chart before it is rebuilt from the
// document's plan, the "no plan" state, tooltips, and consistent fonts for high-DPI screens.
#pragma once

#include <QString>

class QChart;
class QChartView;
class QAbstractSeries;
class QWidget;

namespace hostplan::ui {

/// Remove every series and axis (they are deleted).
void clearChart(QChart *chart);
/// Common look: antialiasing, title font, legend at the bottom, no animation.
void setupChartView(QChartView *view);
/// Show `message` as the chart's title when there is no plan to draw.
void showNoPlan(QChart *chart, const QString &message);
/// Show a tooltip with `text` at the cursor over `widget` (hides it for an empty text).
void showChartTip(QWidget *widget, const QString &text);
/// Hide the legend entry of `series` (helper lines and markers that label themselves).
void hideFromLegend(QChart *chart, QAbstractSeries *series);

} // namespace hostplan::ui
