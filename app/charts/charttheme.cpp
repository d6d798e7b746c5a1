// SPDX-License-Identifier: MIT
#include "charts/charttheme.h"

#include "charts/viewrefresher.h"
#include "document/themecolours.h"

#include <QChartView>
#include <QEvent>
#include <QFont>

namespace hostplan::ui {

namespace {

/// Keeps one chart view's theme in step with its palette (or pinned to one theme).
class ChartThemer : public QObject {
  public:
    explicit ChartThemer(QChartView *view) : QObject(view), m_view(view) {
        setObjectName(QStringLiteral("hostplanChartThemer"));
        view->installEventFilter(this);
    }

    void fix(QChart::ChartTheme theme) {
        m_fixed = true;
        m_fixedTheme = theme;
        apply(true, false);
    }

    /// Set the theme and background for the palette; `rebuild` redraws the series afterwards.
    void apply(bool rebuild, bool force) {
        const QPalette &palette = m_view->palette();
        const QChart::ChartTheme theme =
            m_fixed ? m_fixedTheme
                    : (isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        const QColor background =
            m_fixed
                ? (theme == QChart::ChartThemeDark ? QColor(0x2a, 0x2a, 0x2a) : QColor(Qt::white))
                : palette.color(QPalette::Base);
        QChart *chart = m_view->chart();
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
        chart->setPlotAreaBackgroundVisible(false);
        m_view->setBackgroundBrush(background);
        if (rebuild) {
            if (auto *refresher =
                    m_view->findChild<ViewRefresher *>(QString(), Qt::FindDirectChildrenOnly)) {
                refresher->refresh();
            }
        }
    }

    bool eventFilter(QObject *watched, QEvent *event) override {
        if (watched == m_view && event->type() == QEvent::PaletteChange && !m_fixed) {
            apply(true, false);
        }
        return false;
    }

  private:
    QChartView *m_view;
    bool m_fixed = false;
    QChart::ChartTheme m_fixedTheme = QChart::ChartThemeLight;
};

ChartThemer *themerOf(QChartView *view) {
    return view->findChild<ChartThemer *>(QStringLiteral("hostplanChartThemer"),
                                          Qt::FindDirectChildrenOnly);
}

} // namespace

void followPaletteTheme(QChartView *view) {
    if (themerOf(view)) {
        return;
    }
    (new ChartThemer(view))->apply(false, true);
}

void fixChartTheme(QChartView *view, QChart::ChartTheme theme) {
    ChartThemer *themer = themerOf(view);
    if (!themer) {
        themer = new ChartThemer(view);
    }
    themer->fix(theme);
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
