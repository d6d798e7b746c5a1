// SPDX-License-Identifier: MIT
// Screenshots for review and docs/screenshots/: the main window at 1280x800 on every view, in
// English, German, Simplified Chinese and Japanese, with the light and the dark palette
// (<dir>/<language>/<palette>/<NN>-<section>.png, the section as the manual names the view; the
// Compare view with the plan pinned and moved to H200; the help window in English).
// Skipped unless HOSTPLAN_SCREENSHOT_DIR is set (scripts/screenshots.sh sets it and adds the
// PDF report's pages). Each window is checked to show the language's own tab titles, so a
// catalogue that failed to load cannot pass as a screenshot in that language.
#include "document/appsettings.h"
#include "document/languagemanager.h"
#include "explorertestutil.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"
#include "testutil.h"
#include "help/helpwindow.h"
#include "window/helpactions.h"
#include "window/mainwindow.h"
#include "views/compareview.h"
#include "window/thememanager.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTabWidget>
#include <QUndoStack>
#include <QTest>

using namespace hostplan::ui;

class TestScreenshots : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        hostplan::explorertest::useTestSettings(QStringLiteral("tst_screenshots"));
    }

    void everyViewInEveryLanguageAndPalette() {
        const QString root = qEnvironmentVariable("HOSTPLAN_SCREENSHOT_DIR");
        if (root.isEmpty()) {
            QSKIP("HOSTPLAN_SCREENSHOT_DIR not set");
        }
        if (!QFile::exists(QStringLiteral(HOSTPLAN_QM_DIR "/hostplan_ja.qm"))) {
            QSKIP("hostplan_*.qm not built");
        }
        // The first tab's title in each language (the catalogue is really loaded).
        const QList<QPair<QString, QString>> languages = {
            {"en", "Summary"}, {"de", ""}, {"zh_CN", ""}, {"ja", ""}};
        for (const auto &[language, summary] : languages) {
            LanguageManager manager(QStringLiteral(HOSTPLAN_QM_DIR));
            manager.install(language);
            for (const QString &palette : {QStringLiteral("light"), QStringLiteral("dark")}) {
                // Saved as the user's choice too: the window and its help window apply it.
                AppSettings::setTheme(palette);
                Theme::apply(palette);
                const QDir dir(root + "/" + language + "/" + palette);
                QVERIFY(QDir().mkpath(dir.path()));
                MainWindow w;
                w.resize(1280, 800);
                w.show();
                QVERIFY(QTest::qWaitForWindowExposed(&w));
                QTabWidget *tabs = w.viewTabs();
                if (language == "en") {
                    QCOMPARE(tabs->tabText(0), summary);
                } else {
                    QVERIFY2(tabs->tabText(0) != "Summary", qPrintable(language));
                }
                const auto *help = w.findChild<HelpActions *>();
                QVERIFY(help);
                for (int i = 0; i < tabs->count(); ++i) {
                    // Compare as a user sees it: the plan pinned, moved to H200 and pinned
                    // again, then moved to MI355X (taken back after the shot, so the later
                    // views show the default plan).
                    const bool compare = tabs->widget(i) == w.compareView();
                    if (compare) {
                        w.compareView()->pinCurrent();
                        w.document()->edit(withGpuType(w.document()->scenario(), "h200"), "GPU");
                        w.compareView()->pinCurrent();
                        w.document()->edit(withGpuType(w.document()->scenario(), "mi355x"), "GPU");
                    }
                    tabs->setCurrentIndex(i);
                    QApplication::processEvents();
                    const QString name = QStringLiteral("%1-%2.png")
                                             .arg(i + 1, 2, 10, QLatin1Char('0'))
                                             .arg(help->sectionFor(tabs->widget(i)));
                    QVERIFY(w.grab().save(dir.filePath(name)));
                    if (compare) {
                        w.document()->undoStack()->undo();
                        w.document()->undoStack()->undo();
                        w.compareView()->clearPin();
                    }
                }
                { // the manual in the window's language
                    auto *actions = w.findChild<HelpActions *>();
                    actions->showManual(QStringLiteral("memory"));
                    QVERIFY(QTest::qWaitForWindowExposed(actions->helpWindow()));
                    QApplication::processEvents();
                    QVERIFY(actions->helpWindow()->grab().save(dir.filePath("help.png")));
                    actions->helpWindow()->close();
                }
            }
        }
        AppSettings::clear();
        Theme::apply(QString());
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
