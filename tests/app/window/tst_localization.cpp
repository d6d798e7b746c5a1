// The GUI in another language, offscreen: numbers follow the UI's locale ("32,768" in English,
// "32.768" in German, never both side by side), the words the views build from core values are
// translated, and the German main window at 1600x1000 and 1280x800 shows every dock's buttons
// and labels inside the dock with no button text cut. With HOSTPLAN_SCREENSHOT_DIR set, the
// German window is also saved as PNGs for review.
#include "document/appsettings.h"
#include "views/comparemodel.h"
#include "views/compareview.h"
#include "panels/elidingcombobox.h"
#include "document/formatting.h"
#include "window/mainwindow.h"
#include "panels/probepanel.h"
#include "document/scenariodocument.h"
#include "views/summaryview.h"
#include "viewtestutil.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTest>
#include <QTranslator>

#include <algorithm>
#include <memory>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// The German catalogue and locale while alive (as LanguageManager installs them for "de").
class German {
  public:
    German() {
        m_ok = m_translator.load(QStringLiteral(HOSTPLAN_QM_DIR "/hostplan_de.qm"));
        if (m_ok) {
            QCoreApplication::installTranslator(&m_translator);
        }
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    }
    ~German() {
        QCoreApplication::removeTranslator(&m_translator);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    German(const German &) = delete;
    German &operator=(const German &) = delete;
    bool ok() const { return m_ok; }

  private:
    QTranslator m_translator;
    bool m_ok = false;
};

/// A button's text as painted (without the mnemonic's '&').
QString shownText(const QPushButton *b) {
    QString t = b->text();
    t.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return t;
}

/// Everything wrong with how `dock` shows its widgets: a button or label reaching past the
/// dock's left or right edge, a button narrower than its text, a one-line label narrower than
/// its text, a read-only combo box that would clip its text instead of eliding it, or a
/// horizontal scroll bar. Rows may wrap and the panel may scroll vertically.
QStringList layoutProblems(QDockWidget *dock) {
    QStringList out;
    const QRect inside = dock->rect();
    auto check = [&](QWidget *w, const QString &what) {
        const QRect r(w->mapTo(dock, QPoint(0, 0)), w->size());
        if (r.left() < inside.left() || r.right() > inside.right()) {
            out << QStringLiteral("%1 %2 at x %3..%4 outside the dock (0..%5)")
                       .arg(dock->objectName(), what)
                       .arg(r.left())
                       .arg(r.right())
                       .arg(inside.right());
        }
    };
    for (QPushButton *b : dock->findChildren<QPushButton *>()) {
        if (!b->isVisible()) {
            continue;
        }
        const QString text = shownText(b);
        check(b, QStringLiteral("button \"%1\"").arg(text));
        const int needed = b->fontMetrics().horizontalAdvance(text);
        if (needed > b->width()) {
            out << QStringLiteral("%1 button \"%2\" is %3 px wide, its text %4 px")
                       .arg(dock->objectName(), text)
                       .arg(b->width())
                       .arg(needed);
        }
    }
    for (QLabel *l : dock->findChildren<QLabel *>()) {
        if (!l->isVisible() || l->text().isEmpty()) {
            continue;
        }
        check(l, QStringLiteral("label \"%1\"").arg(l->text().left(40)));
        if (!l->wordWrap() && !Qt::mightBeRichText(l->text()) &&
            l->width() < l->fontMetrics().horizontalAdvance(l->text().remove(QLatin1Char('&')))) {
            out << QStringLiteral("%1 label \"%2\" is cut (%3 px)")
                       .arg(dock->objectName(), l->text())
                       .arg(l->width());
        }
    }
    for (QComboBox *c : dock->findChildren<QComboBox *>()) {
        if (c->isVisible() && !c->isEditable() && !qobject_cast<ElidingComboBox *>(c)) {
            out << QStringLiteral("%1 combo \"%2\" clips instead of eliding")
                       .arg(dock->objectName(), c->currentText());
        }
    }
    for (QScrollArea *a : dock->findChildren<QScrollArea *>()) {
        if (a->horizontalScrollBar()->isVisible()) {
            out << QStringLiteral("%1 scrolls sideways: panel %2 px in %3 px")
                       .arg(dock->objectName())
                       .arg(a->widget()->minimumSizeHint().width())
                       .arg(a->viewport()->width());
        }
    }
    return out;
}

QDockWidget *dockNamed(MainWindow &w, const char *name) {
    return w.findChild<QDockWidget *>(QLatin1String(name));
}

} // namespace

class TestLocalization : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("HostPlanTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_localization"));
        AppSettings::clear();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void cleanupTestCase() { AppSettings::clear(); }

    void numbersFollowTheLocale_data() {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("bytes");
        QTest::addColumn<QString>("rate");
        QTest::addColumn<QString>("monthly");
        QTest::addColumn<QString>("tokens");
        QTest::addColumn<QString>("volume");
        // The C locale (LANG=C) reads as English: thousands grouped as before.
        QTest::newRow("C") << "C"
                           << "32,768"
                           << "1,560.86 GB (1,453.66 GiB)"
                           << "$4.76"
                           << "$27,798"
                           << "1.85 billion"
                           << "92.6 million";
        QTest::newRow("en_US") << "en_US"
                               << "32,768"
                               << "1,560.86 GB (1,453.66 GiB)"
                               << "$4.76"
                               << "$27,798"
                               << "1.85 billion"
                               << "92.6 million";
        // German separators; money keeps the price fields' "$" prefix.
        QTest::newRow("de_DE") << "de_DE"
                               << "32.768"
                               << "1.560,86 GB (1.453,66 GiB)"
                               << "$4,76"
                               << "$27.798"
                               << "1,85 Mrd."
                               << "92,6 Mio.";
    }
    void numbersFollowTheLocale() {
        QFETCH(QString, locale);
        QFETCH(QString, context);
        QFETCH(QString, bytes);
        QFETCH(QString, rate);
        QFETCH(QString, monthly);
        QFETCH(QString, tokens);
        QFETCH(QString, volume);
        std::unique_ptr<German> de;
        if (locale == "de_DE") {
            de = std::make_unique<German>();
            if (!de->ok()) {
                QSKIP("hostplan_de.qm not built");
            }
        } else {
            QLocale::setDefault(QLocale(locale));
        }
        QCOMPARE(groupedInt(32768), context);
        QCOMPARE(bytesText(1560.86e9), bytes);
        QCOMPARE(usdCentsText(4.76), rate);
        QCOMPARE(usdText(27798.4), monthly);
        QCOMPARE(tokensText(1.85e9), tokens);
        QCOMPARE(tokensText(92.6e6), volume);
        QCOMPARE(usdText(-0.35), locale == "de_DE" ? QString("-$0,35") : QString("-$0.35"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void germanViewsUseGermanNumbersAndWords() {
        German de;
        if (!de.ok()) {
            QSKIP("hostplan_de.qm not built");
        }
        MainWindow w;
        const QString summary = shown(w, w.summaryView())->toPlainText();
        // One number format: the workload field and the summary agree.
        QCOMPARE(w.contextSpin()->text(), QString("32.768 Tokens"));
        QVERIFY2(summary.contains("70 Sequenzen mit 32.768 Tokens"), qPrintable(summary));
        QVERIFY2(summary.contains("$4,76 pro GPU-Stunde"), qPrintable(summary));
        QVERIFY2(summary.contains("$27.798 pro Monat"), qPrintable(summary));
        QVERIFY2(summary.contains("1.575,2 GB"), qPrintable(summary));
        QVERIFY2(!summary.contains("32,768") && !summary.contains("$4.76"), qPrintable(summary));
        // Words built from core values.
        QVERIFY2(summary.contains("(Roofline-Obergrenze)"), qPrintable(summary));
        QVERIFY2(!summary.contains("roofline bound"), qPrintable(summary));
        QVERIFY2(summary.contains("Mrd. Ausgabe-Tokens"), qPrintable(summary));
        QVERIFY2(!summary.contains("billion") && !summary.contains("million"),
                 qPrintable(summary));
        QVERIFY2(summary.contains("geroutete Experten"), qPrintable(summary));
        QVERIFY2(summary.contains("Normen und kleine Vektoren (FP32)"), qPrintable(summary));
        QCOMPARE(groupNameText("norms and small vectors (BF16)"),
                 QString("Normen und kleine Vektoren (BF16)"));
        QCOMPARE(groupNameText("a group the GUI does not know"),
                 QString("a group the GUI does not know"));
        QCOMPARE(w.verdictLabel()->text(), QString("Passt auf 8 x B300 | $27.798/Monat | "
                                                   "API $13.800/Monat"));
        // The compare table: German grouping too.
        w.compareView()->pinCurrent();
        CompareModel *model = w.compareView()->model();
        bool found = false;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString cell = model->index(r, 1).data().toString();
            found = found || cell == QString("32.768 Tokens");
            QVERIFY2(!cell.contains("32,768"), qPrintable(cell));
        }
        QVERIFY(found);
        QCOMPARE(probeStatusText(probe::ReportStatus::DoesNotFit), QString("passt nicht"));
        QCOMPARE(probeStatusText(probe::ReportStatus::NoGpu),
                 QString("keine GPU gefunden"));
    }

    void germanDocksShowEverything_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1280x800") << QSize(1280, 800);
    }
    void germanDocksShowEverything() {
        QFETCH(QSize, size);
        German de;
        if (!de.ok()) {
            QSKIP("hostplan_de.qm not built");
        }
        MainWindow w;
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QApplication::processEvents();
        QStringList problems;
        for (const char *name : {"modelDock", "hardwareDock", "workloadDock", "pricingDock"}) {
            problems << layoutProblems(dockNamed(w, name));
        }
        // The Probe dock shares a tab with Pricing: bring it up.
        QDockWidget *probe = dockNamed(w, "probeDock");
        probe->raise();
        QApplication::processEvents();
        problems << layoutProblems(probe);
        const auto buttons = probe->findChildren<QPushButton *>();
        QVERIFY(std::any_of(buttons.begin(), buttons.end(), [](QPushButton *b) {
            return b->isVisible() && b->text() == QString("Bericht importieren...");
        }));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));

        const QString dirName = qEnvironmentVariable("HOSTPLAN_SCREENSHOT_DIR");
        if (!dirName.isEmpty() && size == QSize(1600, 1000)) {
            QDir().mkpath(dirName);
            QVERIFY(w.grab().save(QDir(dirName).filePath("screenshot-de-probe.png")));
            dockNamed(w, "pricingDock")->raise();
            QApplication::processEvents();
            QVERIFY(w.grab().save(QDir(dirName).filePath("screenshot-de.png")));
        }
    }
};

QTEST_MAIN(TestLocalization)
#include "tst_localization.moc"
