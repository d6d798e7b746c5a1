// SPDX-License-Identifier: MIT
// Light and dark: with a dark palette on the application every chart takes Qt Charts' dark
// theme on the window's Base colour (and the verdict colours turn light), switching back
// restores the light theme, View > Theme is saved in the settings, and the report's charts stay
// light for paper. Screenshots of every view in both palettes are tst_screenshots'.
#include "charts/breakevenchart.h"
#include "charts/charttheme.h"
#include "charts/memorychart.h"
#include "document/appsettings.h"
#include "document/scenariodocument.h"
#include "document/themecolours.h"
#include "explorertestutil.h"
#include "views/summaryview.h"
#include "viewtestutil.h"
#include "window/mainwindow.h"
#include "window/thememanager.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QTabWidget>
#include <QTest>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// Every chart view of `w` has `theme` and the Base colour of its own palette as background.
void checkCharts(MainWindow &w, QChart::ChartTheme theme) {
    const auto views = w.findChildren<QChartView *>();
    QVERIFY(views.size() >= 5); // memory, GPU types, KV cache, break-even, throughput
    for (QChartView *view : views) {
        const QString name = QString::fromLatin1(view->metaObject()->className());
        QVERIFY2(view->chart()->theme() == theme, qPrintable(name));
        QVERIFY2(view->chart()->backgroundBrush().color() == view->palette().color(QPalette::Base),
                 qPrintable(name));
        QCOMPARE(isDarkPalette(view->palette()), theme == QChart::ChartThemeDark);
    }
}

} // namespace

class TestTheme : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { explorertest::useTestSettings(QStringLiteral("tst_theme")); }

    void init() {
        // Each case starts from the light Fusion palette the offscreen platform gives.
        Theme::apply(QString());
        QApplication::setPalette(Theme::lightPalette());
    }

    void darkPaletteMakesChartsDark() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        checkCharts(w, QChart::ChartThemeLight);
        QApplication::setPalette(Theme::darkPalette());
        QApplication::processEvents();
        checkCharts(w, QChart::ChartThemeDark);
        // The series were rebuilt with colours for the dark background: the API line is light.
        auto *breakEven = shown(w, w.breakEvenChart());
        QApplication::processEvents();
        for (QAbstractSeries *s : breakEven->chart()->series()) {
            if (auto *line = qobject_cast<QLineSeries *>(s); line && line->name() == "API") {
                QVERIFY(line->pen().color().lightness() > 150);
            }
        }
        // The verdict colours follow: the summary's heading and the status bar.
        const QPalette dark = QApplication::palette();
        QVERIFY(shown(w, w.summaryView())
                    ->toHtml()
                    .contains(toneColour(Tone::Good, dark).name(), Qt::CaseInsensitive));
        QCOMPARE(w.verdictLabel()->palette().color(QPalette::WindowText),
                 toneColour(Tone::Good, dark));

        QApplication::setPalette(Theme::lightPalette());
        QApplication::processEvents();
        checkCharts(w, QChart::ChartThemeLight);
        QCOMPARE(w.verdictLabel()->palette().color(QPalette::WindowText),
                 toneColour(Tone::Good, QApplication::palette()));
    }

    void themeMenuIsSaved() {
        AppSettings::clear();
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            auto *dark = w.findChild<QAction *>(QStringLiteral("actionThemeDark"));
            auto *system = w.findChild<QAction *>(QStringLiteral("actionThemeSystem"));
            QVERIFY(dark && system);
            QVERIFY(system->isChecked());
            dark->trigger();
            QApplication::processEvents();
            QCOMPARE(AppSettings::theme(), QString("dark"));
            QCOMPARE(Theme::current(), QString("dark"));
            QVERIFY(isDarkPalette(QApplication::palette()));
            checkCharts(w, QChart::ChartThemeDark);
        }
        {
            // The next window (the next start) comes up dark, with Dark checked.
            Theme::apply(QString());
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(w.findChild<QAction *>(QStringLiteral("actionThemeDark"))->isChecked());
            QCOMPARE(Theme::current(), QString("dark"));
            checkCharts(w, QChart::ChartThemeDark);
            w.findChild<QAction *>(QStringLiteral("actionThemeLight"))->trigger();
            QApplication::processEvents();
            QCOMPARE(AppSettings::theme(), QString("light"));
            checkCharts(w, QChart::ChartThemeLight);
            w.findChild<QAction *>(QStringLiteral("actionThemeSystem"))->trigger();
            QCOMPARE(AppSettings::theme(), QString());
            QCOMPARE(Theme::current(), QString());
        }
        AppSettings::setTheme(QStringLiteral("purple")); // unknown: the system's
        QCOMPARE(AppSettings::theme(), QString());
        AppSettings::clear();
    }

    void reportChartsStayLight() {
        QApplication::setPalette(Theme::darkPalette());
        ScenarioDocument doc;
        MemoryChart chart(&doc);
        QCOMPARE(chart.chart()->theme(), QChart::ChartThemeDark);
        fixChartTheme(&chart, QChart::ChartThemeLight);
        QCOMPARE(chart.chart()->theme(), QChart::ChartThemeLight);
        QCOMPARE(chart.chart()->backgroundBrush().color(), QColor(Qt::white));
        QVERIFY(!chart.categories().isEmpty()); // rebuilt after the theme change
        QApplication::setPalette(Theme::lightPalette());
        QApplication::setPalette(Theme::darkPalette());
        QCOMPARE(chart.chart()->theme(), QChart::ChartThemeLight);
        QApplication::setPalette(Theme::lightPalette());
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
