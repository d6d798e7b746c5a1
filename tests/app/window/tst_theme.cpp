// SPDX-License-Identifier: MIT
// Light and dark: with a dark palette on the application every chart takes Qt Charts' dark
// theme on the window's Base colour (and the verdict colours turn light), switching back
// restores the light theme, View > Theme is saved in the settings, and the report's charts stay
// light for paper. With HOSTPLAN_SCREENSHOT_DIR set it saves every view in dark and light and
// the help window, for review (docs/screenshots/view-*-dark.png).
#include "charts/breakevenchart.h"
#include "charts/charttheme.h"
#include "charts/memorychart.h"
#include "document/appsettings.h"
#include "document/scenariodocument.h"
#include "document/themecolours.h"
#include "explorertestutil.h"
#include "help/helpwindow.h"
#include "views/compareview.h"
#include "views/summaryview.h"
#include "viewtestutil.h"
#include "window/helpactions.h"
#include "window/mainwindow.h"
#include "window/thememanager.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDir>
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

    void screenshots() {
        const QString dirName = qEnvironmentVariable("HOSTPLAN_SCREENSHOT_DIR");
        if (dirName.isEmpty()) {
            QSKIP("HOSTPLAN_SCREENSHOT_DIR not set");
        }
        QDir().mkpath(dirName);
        const QDir dir(dirName);
        const QStringList names = {"summary",    "memory",     "gpu-types", "kv-cache",
                                   "break-even", "throughput", "compare"};
        for (const QString &theme : {QStringLiteral("dark"), QStringLiteral("light")}) {
            AppSettings::setTheme(theme); // the window applies the saved theme
            MainWindow w;
            w.resize(1280, 800);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            for (int i = 0; i < names.size(); ++i) {
                if (w.viewTabs()->widget(i) == w.compareView()) {
                    // Compare with a pinned scenario and two changes, as a user sees it.
                    w.compareView()->pinCurrent();
                    explorertest::pick(w.gpuCombo(), QStringLiteral("h200"));
                    explorertest::enter(w.gpuCountSpin(), 16);
                }
                w.viewTabs()->setCurrentIndex(i);
                QApplication::processEvents();
                QVERIFY(w.viewTabs()->currentWidget()->grab().save(
                    dir.filePath(QStringLiteral("view-%1-%2.png").arg(names[i], theme))));
            }
            w.viewTabs()->setCurrentIndex(1);
            QApplication::processEvents();
            QVERIFY(w.grab().save(dir.filePath(QStringLiteral("main-%1.png").arg(theme))));
            auto *actions = w.findChild<HelpActions *>();
            actions->showManual(QStringLiteral("memory"));
            HelpWindow *help = actions->helpWindow();
            QVERIFY(QTest::qWaitForWindowExposed(help));
            QApplication::processEvents();
            QVERIFY(help->grab().save(dir.filePath(QStringLiteral("help-%1.png").arg(theme))));
        }
        AppSettings::clear();
        Theme::apply(QString());
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
