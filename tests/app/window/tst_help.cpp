// SPDX-License-Identifier: MIT
// Help: every input of every dock has a What's This text (numeric ones name a unit and the
// source of their default), the manual is compiled in with a section for every view and panel,
// and F1 opens it at the section of the view or dock the user is in.
#include "explorertestutil.h"
#include "help/helpwindow.h"
#include "panels/fieldhelp.h"
#include "panels/hardwarepanel.h"
#include "panels/modelpanel.h"
#include "panels/pricingpanel.h"
#include "panels/probepanel.h"
#include "panels/workloadpanel.h"
#include "window/helpactions.h"
#include "window/mainwindow.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// The widgets a user types into, picks from or clicks in `panel`; the line edits inside spin
/// and combo boxes belong to those boxes and are left out.
QList<QWidget *> inputsOf(QWidget *panel) {
    QList<QWidget *> inputs;
    for (QWidget *w : panel->findChildren<QWidget *>()) {
        const bool inner = qobject_cast<QAbstractSpinBox *>(w->parentWidget()) ||
                           qobject_cast<QComboBox *>(w->parentWidget());
        if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w) ||
            qobject_cast<QSlider *>(w) || qobject_cast<QCheckBox *>(w) ||
            qobject_cast<QRadioButton *>(w) || qobject_cast<QPushButton *>(w) ||
            (qobject_cast<QLineEdit *>(w) && !inner)) {
            inputs << w;
        }
    }
    return inputs;
}

QString describe(const QWidget *w) {
    return QStringLiteral("%1 '%2' (%3)")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), w->toolTip());
}

} // namespace

class TestHelp : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { explorertest::useTestSettings(QStringLiteral("tst_help")); }

    void everyInputHasWhatsThis_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<int>("minInputs");
        QTest::newRow("model") << "model" << 4;
        QTest::newRow("hardware") << "hardware" << 8;
        QTest::newRow("workload") << "workload" << 7;
        QTest::newRow("pricing") << "pricing" << 9;
        QTest::newRow("probe") << "probe" << 4;
    }

    void everyInputHasWhatsThis() {
        QFETCH(QString, panel);
        QFETCH(int, minInputs);
        MainWindow w;
        QWidget *p = panel == "model"      ? static_cast<QWidget *>(w.modelPanel())
                     : panel == "hardware" ? static_cast<QWidget *>(w.hardwarePanel())
                     : panel == "workload" ? static_cast<QWidget *>(w.workloadPanel())
                     : panel == "pricing"  ? static_cast<QWidget *>(w.pricingPanel())
                                           : static_cast<QWidget *>(w.findChild<ProbePanel *>());
        QVERIFY(p);
        const QList<QWidget *> inputs = inputsOf(p);
        QVERIFY2(inputs.size() >= minInputs, qPrintable(QString::number(inputs.size())));
        for (QWidget *input : inputs) {
            const QString text = input->whatsThis();
            QVERIFY2(!text.trimmed().isEmpty(), qPrintable("no What's This: " + describe(input)));
            const bool numeric =
                qobject_cast<QAbstractSpinBox *>(input) || qobject_cast<QSlider *>(input);
            if (numeric) {
                QVERIFY2(text.contains(fieldHelpUnitLabel()),
                         qPrintable("no unit: " + describe(input)));
                QVERIFY2(text.contains(fieldHelpDefaultLabel()),
                         qPrintable("no default source: " + describe(input)));
            }
        }
    }

    void perGroupFormatsHaveWhatsThis() {
        // Kimi K3's per-group rows are built from its tensor groups (ModelPanel::rebuildGroupRows).
        MainWindow w;
        int combos = 0;
        for (QComboBox *c : w.modelPanel()->findChildren<QComboBox *>()) {
            QVERIFY2(c->whatsThis().contains(fieldHelpDefaultLabel()), qPrintable(describe(c)));
            ++combos;
        }
        QVERIFY(combos > 4);
    }

    void manualHasEverySection() {
        const QStringList sections = HelpWindow::sections();
        for (const char *name : {"top",
                                 "views",
                                 "summary",
                                 "memory",
                                 "gpu-types",
                                 "kv-cache",
                                 "break-even",
                                 "throughput",
                                 "sensitivity",
                                 "compare",
                                 "inputs",
                                 "deploy",
                                 "this-card",
                                 "model",
                                 "hardware",
                                 "workload",
                                 "pricing",
                                 "probe-panel",
                                 "formulas",
                                 "fit",
                                 "throughput-model",
                                 "cost",
                                 "break-even-formula",
                                 "cli",
                                 "probe",
                                 "catalogues",
                                 "settings"}) {
            QVERIFY2(sections.contains(QString::fromLatin1(name)), name);
        }
        HelpWindow help;
        QVERIFY(help.browser()->toPlainText().contains("HostPlan Manual"));
        QVERIFY(help.browser()->toPlainText().contains("hostplan-probe"));
    }

    void manualInEveryLanguage() {
        // The manual is translated into every GUI language, section for section.
        QCOMPARE(HelpWindow::translations(), QStringList({"de", "ja", "zh_CN"}));
        const QStringList english = HelpWindow::sections(QString());
        QVERIFY(english.size() > 20);
        for (const QString &language : HelpWindow::translations()) {
            QCOMPARE(HelpWindow::sections(language), english);
        }
        // The GUI's language picks the manual; a language without one falls back to English.
        const QList<QPair<QString, QString>> cases = {{"de_DE", "manual_de.html"},
                                                      {"ja_JP", "manual_ja.html"},
                                                      {"zh_CN", "manual_zh_CN.html"},
                                                      {"fr_FR", "manual.html"},
                                                      {"en_US", "manual.html"}};
        for (const auto &[locale, file] : cases) {
            QLocale::setDefault(QLocale(locale));
            QVERIFY2(HelpWindow::manualUrl().path().endsWith("/" + file), qPrintable(locale));
        }
        QLocale::setDefault(QLocale("ja_JP"));
        {
            HelpWindow help;
            const QString text = help.browser()->toPlainText();
            QVERIFY(text.contains("hostplan-probe")); // commands stay as they are
            QVERIFY2(text.contains(QChar(0x30E1)) || text.contains(QChar(0x30E2)) ||
                         text.contains(QChar(0x306E)),
                     "no Japanese text in the ja manual");
        }
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void sectionsOfViewsAndDocks() {
        MainWindow w;
        auto *actions = w.findChild<HelpActions *>();
        QVERIFY(actions);
        const QStringList expected = {"summary",    "memory",     "gpu-types",   "kv-cache",
                                      "break-even", "throughput", "sensitivity", "compare",
                                      "deploy",     "this-card"};
        QCOMPARE(w.viewTabs()->count(), int(expected.size()));
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(actions->sectionFor(w.viewTabs()->widget(i)), expected[i]);
            w.viewTabs()->setCurrentIndex(i);
            QCOMPARE(actions->currentSection(), expected[i]);
        }
        QCOMPARE(actions->sectionFor(w.contextSpin()), QString("workload"));
        QCOMPARE(actions->sectionFor(w.gpuCountSpin()), QString("hardware"));
        QCOMPARE(actions->sectionFor(w.modelCombo()), QString("model"));
        QCOMPARE(actions->sectionFor(w.pricingPanel()), QString("pricing"));
        QCOMPARE(actions->sectionFor(w.findChild<ProbePanel *>()), QString("probe-panel"));
        // The Memory tab's scope buttons sit beside the chart, in the tab's page.
        const auto radios = w.viewTabs()->widget(1)->findChildren<QRadioButton *>();
        QVERIFY(!radios.isEmpty());
        QCOMPARE(actions->sectionFor(radios.first()), QString("memory"));
    }

    void f1OpensTheCurrentViewsSection() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *actions = w.findChild<HelpActions *>();
        QCOMPARE(actions->manualAction()->shortcut(), QKeySequence(QKeySequence::HelpContents));
        QCOMPARE(actions->manualAction()->objectName(), QString("actionHelpManual"));
        QVERIFY(actions->whatsThisAction());
        QCOMPARE(actions->whatsThisAction()->objectName(), QString("actionWhatsThis"));
        w.viewTabs()->setCurrentIndex(3); // KV cache
        w.viewTabs()->currentWidget()->setFocus();
        actions->manualAction()->trigger();
        HelpWindow *help = actions->helpWindow();
        QVERIFY(help);
        QVERIFY(help->isVisible());
        QCOMPARE(help->browser()->source().fragment(), QString("kv-cache"));
        // Again from a dock: the panel's section.
        actions->showManual(actions->sectionFor(w.contextSpin()));
        QCOMPARE(help->browser()->source().fragment(), QString("workload"));
        // The key itself, with the main window active.
        w.activateWindow();
        if (QTest::qWaitForWindowActive(&w)) {
            w.viewTabs()->setCurrentIndex(4);
            w.viewTabs()->currentWidget()->setFocus();
            QTest::keyClick(&w, Qt::Key_F1);
            QCOMPARE(help->browser()->source().fragment(), QString("break-even"));
        }
    }
};

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
