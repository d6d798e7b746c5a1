// SPDX-License-Identifier: MIT
// Small helpers shared by the chart views: clearing a chart before it is rebuilt from the
// document's plan, the "no plan" state, tooltips, and consistent fonts for high-DPI screens.
#pragma once

#include <QString>

#include <algorithm>
#include <cmath>
#include <functional>

class QChart;
class QChartView;
class QAbstractSeries;
class QCategoryAxis;
class QWidget;

namespace hostplan::ui {

/// Remove every series and axis (they are deleted).
void clearChart(QChart *chart);
/// Common look: antialiasing, title font, legend at the bottom, no animation, and a theme that
/// follows the palette (followPaletteTheme()).
void setupChartView(QChartView *view);
/// Show `message` as the chart's title when there is no plan to draw.
void showNoPlan(QChart *chart, const QString &message);
/// Show a tooltip with `text` at the cursor over `widget` (hides it for an empty text).
void showChartTip(QWidget *widget, const QString &text);
/// Hide the legend entry of `series` (helper lines and markers that label themselves).
void hideFromLegend(QChart *chart, QAbstractSeries *series);

/// A log axis whose tick labels read well ("128K", "1M", "$10K", "100B"): series plot
/// log_base(value), and this linear axis over [minExp, maxExp] labels the exponents
/// first, first + step, ... (first = the smallest multiple of `step` not below minExp) with
/// label(base^exponent). QLogValueAxis formats ticks only with printf, which gives "1024K" or
/// "$10000k".
QCategoryAxis *logLabelAxis(double base, double minExp, double maxExp, int step,
                            const std::function<QString(double value)> &label);
/// The element of [first, last) whose key(element) lies nearest `log2Value` on a log2 axis
/// (the first of equals; `last` for an empty range). Hover and click on log-axis curves.
template <class It, class Key> It nearestOnLog2Axis(It first, It last, double log2Value, Key key) {
    return std::min_element(first, last, [&](const auto &a, const auto &b) {
        return std::abs(std::log2(double(key(a))) - log2Value) <
               std::abs(std::log2(double(key(b))) - log2Value);
    });
}

/// "512", "1K", "128K", "1M", "16M": binary multiples of tokens (context lengths).
QString binaryTokensLabel(double tokens);

} // namespace hostplan::ui
