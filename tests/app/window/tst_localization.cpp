// SPDX-License-Identifier: MIT
// The GUI in another language, offscreen: numbers follow the UI's locale ("32,768" in English,
// "32.768" in German, never both side by side), the words the views build from core values are
// translated, and the German, Simplified Chinese and Japanese main windows at 1600x1000 and
// 1280x800 show every dock's buttons and labels inside the dock with no button text cut. The
// Chinese and Japanese catalogues translate the window and the report, and a font with CJK
// glyphs is installed (fonts-noto-cjk). With HOSTPLAN_SCREENSHOT_DIR set, the windows are also
// saved as PNGs for review (screenshot-de.png, screenshot-zh_CN.png, screenshot-ja.png).
#include "document/appsettings.h"
#include "views/comparemodel.h"
#include "views/compareview.h"
#include "panels/elidingcombobox.h"
#include "document/formatting.h"
#include "document/languagemanager.h"
#include "report/reportcontent.h"
#include "report/reportwriter.h"
#include "window/mainwindow.h"
#include "panels/probepanel.h"
#include "document/scenariodocument.h"
#include "views/summaryview.h"
#include "charts/gputypeschart.h"
#include "viewtestutil.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QPainter>
#include <QProcess>
#include <QRawFont>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSet>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTabWidget>
#include <QValueAxis>
#include <QLogValueAxis>
#include <QTranslator>

#include <algorithm>
#include <memory>
#include <optional>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// A HostPlan catalogue (HOSTPLAN_QM_DIR/hostplan_<name>.qm) and its locale while alive, as
/// LanguageManager installs them.
class Translation {
  public:
    Translation(const QString &name, const QLocale &locale) {
        m_ok = m_translator.load(QStringLiteral(HOSTPLAN_QM_DIR "/hostplan_") + name +
                                 QStringLiteral(".qm"));
        if (m_ok) {
            QCoreApplication::installTranslator(&m_translator);
        }
        QLocale::setDefault(locale);
    }
    ~Translation() {
        QCoreApplication::removeTranslator(&m_translator);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    Translation(const Translation &) = delete;
    Translation &operator=(const Translation &) = delete;
    bool ok() const { return m_ok; }

  private:
    QTranslator m_translator;
    bool m_ok = false;
};

/// The German catalogue and locale while alive (as LanguageManager installs them for "de").
class German : public Translation {
  public:
    German() : Translation(QStringLiteral("de"), QLocale(QLocale::German, QLocale::Germany)) {}
};

/// `text` drawn black on white in the application font (with Qt's font fallback).
QImage rendered(const QString &text) {
    QImage image(48, 32, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setFont(QApplication::font());
    painter.setPen(Qt::black);
    painter.drawText(image.rect(), Qt::AlignCenter, text);
    return image;
}

/// The text of a PDF (pdftotext), or a null string when pdftotext is missing.
QString pdfText(const QString &path) {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
        return {};
    }
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    p.waitForFinished(60000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

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
        // A price per 1M tokens keeps its published digits: cents, up to four decimals.
        const QString sep = locale == "de_DE" ? QStringLiteral(",") : QStringLiteral(".");
        QCOMPARE(usdPerMTokText(0.0028), "$0" + sep + "0028");
        QCOMPARE(usdPerMTokText(0.145), "$0" + sep + "145");
        QCOMPARE(usdPerMTokText(0.3), "$0" + sep + "30");
        QCOMPARE(usdPerMTokText(15.0), "$15" + sep + "00");
        // A memory fraction in the locale's numbers, with the plan line's decimals.
        QCOMPARE(fractionUiText(0.9), "0" + sep + "90");
        QCOMPARE(fractionUiText(0.905), "0" + sep + "905");
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
        QVERIFY2(summary.contains("57 Sequenzen mit 32.768 Tokens"), qPrintable(summary));
        QVERIFY2(summary.contains("$4,76 pro GPU-Stunde"), qPrintable(summary));
        QVERIFY2(summary.contains("$27.798 pro Monat"), qPrintable(summary));
        QVERIFY2(summary.contains("1.575,2 GB"), qPrintable(summary));
        QVERIFY2(summary.contains("0,90") && !summary.contains("0.90"), qPrintable(summary));
        QVERIFY2(!summary.contains("32,768") && !summary.contains("$4.76"), qPrintable(summary));
        // Words built from core values.
        QVERIFY2(summary.contains("(modelliert)"), qPrintable(summary));
        QVERIFY2(!summary.contains("modelled"), qPrintable(summary));
        QVERIFY2(summary.contains("Mrd. Ausgabe-Tokens"), qPrintable(summary));
        QVERIFY2(!summary.contains("billion") && !summary.contains("million"), qPrintable(summary));
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
        QCOMPARE(probeStatusText(probe::ReportStatus::NoGpu), QString("keine GPU gefunden"));
        // An offer's rate kind from the core (RentalOffer::rankingRateKind), the term kept.
        QCOMPARE(rateKindText({RateKind::OnDemand, {}}), QString("auf Abruf"));
        QCOMPARE(rateKindText({RateKind::Reserved, "1 year"}), QString("reserviert (1 year)"));
        QCOMPARE(rateKindText({RateKind::Reserved, {}}), QString("reserviert"));
        QCOMPARE(rateKindText({}), QString());
        // Chart axes write their numbers in German too (the tornado's "$0.05" read English).
        // Every tab is shown once so that its charts are built; a localized axis needs a
        // format with an explicit precision ("%.0f", "%.6g"): Qt Charts leaves "%g" and "%d"
        // labels empty (the KV cache and GPU types axes lost every number).
        for (QTabWidget *tabs : w.findChildren<QTabWidget *>()) {
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                QCoreApplication::processEvents();
            }
        }
        const QRegularExpression localizable(QStringLiteral("^([^%]*)%\\.(\\d+)([defgiEG])(.*)$"));
        const auto views = w.findChildren<QChartView *>();
        QVERIFY(views.size() >= 8);
        int axes = 0;
        for (const QChartView *v : views) {
            QVERIFY2(v->chart()->localizeNumbers(), qPrintable(v->objectName()));
            QCOMPARE(v->chart()->locale().language(), QLocale::German);
            for (const QAbstractAxis *a : v->chart()->axes()) {
                QString format;
                if (const auto *value = qobject_cast<const QValueAxis *>(a)) {
                    format = value->labelFormat();
                } else if (const auto *log = qobject_cast<const QLogValueAxis *>(a)) {
                    format = log->labelFormat();
                } else {
                    continue;
                }
                ++axes;
                QVERIFY2(format.isEmpty() || localizable.match(format).hasMatch(),
                         qPrintable(v->objectName() + ": " + format));
            }
        }
        QVERIFY(axes >= 8);
    }

    // Alt+letter opens a menu: no label with a buddy field nor a button may take a menu's letter
    // (Qt gives the widget the key first, so the menu would never open from the keyboard), in
    // any language.
    void mnemonicsDoNotShadowMenus() {
        const auto mnemonic = [](const QString &text) {
            const qsizetype at = text.indexOf(QRegularExpression("&[^&]"));
            return at < 0 ? QChar() : text.at(at + 1).toLower();
        };
        for (const QString language : {"en", "de", "zh_CN", "ja"}) {
            std::optional<Translation> translation;
            if (language != "en") {
                translation.emplace(language, QLocale(language));
                if (!translation->ok()) {
                    QSKIP("hostplan_*.qm not built");
                }
            }
            MainWindow w;
            QSet<QChar> menus;
            for (const QAction *a : w.menuBar()->actions()) {
                menus.insert(mnemonic(a->text()));
            }
            QVERIFY(menus.size() >= 5);
            for (const QLabel *label : w.findChildren<QLabel *>()) {
                const QChar m = mnemonic(label->text());
                QVERIFY2(!label->buddy() || m.isNull() || !menus.contains(m),
                         qPrintable(language + ": " + label->text()));
            }
            for (const QAbstractButton *button : w.findChildren<QAbstractButton *>()) {
                QVERIFY2(!menus.contains(mnemonic(button->text())),
                         qPrintable(language + ": " + button->text()));
            }
        }
    }

    // The GPU types chart's category axis hides a label that would overlap its neighbour: with
    // Chinese text every other GPU type went unnamed. Its font fits a label to its row.
    void gpuTypeLabelsFitTheirRows() {
        Translation zh("zh_CN", QLocale("zh_CN"));
        if (!zh.ok()) {
            QSKIP("hostplan_zh_CN.qm not built");
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QChart *chart = shown(w, w.gpuTypesChart())->chart();
        QApplication::processEvents();
        QBarCategoryAxis *axis = nullptr;
        for (QAbstractAxis *a : chart->axes(Qt::Vertical)) {
            axis = axis ? axis : qobject_cast<QBarCategoryAxis *>(a);
        }
        QVERIFY(axis && axis->count() > 20);
        const qreal row = chart->plotArea().height() / axis->count();
        qreal tallest = 0;
        for (const QString &label : axis->categories()) {
            tallest =
                std::max(tallest, QFontMetricsF(axis->labelsFont()).boundingRect(label).height());
        }
        QVERIFY2(tallest > 0 && tallest <= 0.85 * row,
                 qPrintable(QString("label %1 px, row %2 px").arg(tallest).arg(row)));
    }

    void docksShowEverything_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("importReport"); // the Probe dock's import button
        const QList<QPair<QString, QString>> languages = {
            {"de", "Bericht importieren..."},
            {"zh_CN", "\u5bfc\u5165\u62a5\u544a..."},
            {"ja", "\u30ec\u30dd\u30fc\u30c8\u3092\u30a4\u30f3\u30dd\u30fc\u30c8..."}};
        for (const auto &[language, importReport] : languages) {
            for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)}) {
                const QString row =
                    QStringLiteral("%1/%2x%3").arg(language).arg(size.width()).arg(size.height());
                QTest::newRow(qPrintable(row)) << language << size << importReport;
            }
        }
    }
    void docksShowEverything() {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QFETCH(QString, importReport);
        Translation translation(language, QLocale(language));
        if (!translation.ok()) {
            QSKIP("hostplan_*.qm not built");
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
        QVERIFY(std::any_of(buttons.begin(), buttons.end(), [&](QPushButton *b) {
            return b->isVisible() && b->text() == importReport;
        }));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));

        const QString dirName = qEnvironmentVariable("HOSTPLAN_SCREENSHOT_DIR");
        if (!dirName.isEmpty() && size == QSize(1600, 1000)) {
            QDir().mkpath(dirName);
            const QString name = QStringLiteral("screenshot-%1").arg(language);
            QVERIFY(w.grab().save(QDir(dirName).filePath(name + "-probe.png")));
            dockNamed(w, "pricingDock")->raise();
            QApplication::processEvents();
            QVERIFY(w.grab().save(QDir(dirName).filePath(name + ".png")));
        }
    }

    // The system locale picks the shipped language (LanguageManager::install("")).
    void languageForLocale_data() {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("language");
        QTest::newRow("zh_CN") << "zh_CN"
                               << "zh_CN";
        QTest::newRow("zh_SG") << "zh_SG"
                               << "zh_CN";
        // Traditional Chinese has no catalogue: English rather than the other script.
        QTest::newRow("zh_TW") << "zh_TW"
                               << "en";
        QTest::newRow("ja_JP") << "ja_JP"
                               << "ja";
        QTest::newRow("ja") << "ja"
                            << "ja";
        QTest::newRow("de_AT") << "de_AT"
                               << "de";
        QTest::newRow("en_GB") << "en_GB"
                               << "en";
        QTest::newRow("fr_FR") << "fr_FR"
                               << "en";
        QTest::newRow("C") << "C"
                           << "en";
    }
    void languageForLocale() {
        QFETCH(QString, locale);
        QFETCH(QString, language);
        QCOMPARE(LanguageManager::languageFor(QLocale(locale)), language);
    }

    // LanguageManager::install: the catalogue and the default locale for a setting.
    void languageManagerInstalls_data() {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("hardware"); // MainWindow's "Hardware"
        QTest::newRow("zh_CN") << "zh_CN"
                               << "zh_CN"
                               << "\u786c\u4ef6";
        QTest::newRow("ja") << "ja"
                            << "ja_JP"
                            << "\u30cf\u30fc\u30c9\u30a6\u30a7\u30a2";
        QTest::newRow("ja_JP") << "ja_JP"
                               << "ja_JP"
                               << "\u30cf\u30fc\u30c9\u30a6\u30a7\u30a2";
        QTest::newRow("de_AT") << "de_AT"
                               << "de_AT"
                               << "Hardware";
        QTest::newRow("en") << "en"
                            << "en_US"
                            << "Hardware";
        // No catalogue: English words and English numbers, not French ones.
        QTest::newRow("fr_FR") << "fr_FR"
                               << "en_US"
                               << "Hardware";
        QTest::newRow("zh_TW") << "zh_TW"
                               << "en_US"
                               << "Hardware";
    }
    void languageManagerInstalls() {
        QFETCH(QString, setting);
        QFETCH(QString, locale);
        QFETCH(QString, hardware);
        if (!QFile::exists(QStringLiteral(HOSTPLAN_QM_DIR "/hostplan_ja.qm"))) {
            QSKIP("hostplan_*.qm not built");
        }
        {
            LanguageManager languages(QStringLiteral(HOSTPLAN_QM_DIR));
            languages.install(setting);
            QCOMPARE(QLocale().name(), locale);
            QCOMPARE(QCoreApplication::translate("hostplan::ui::MainWindow", "Hardware"), hardware);
        }
        // Gone with the manager.
        QCOMPARE(QCoreApplication::translate("hostplan::ui::MainWindow", "Hardware"),
                 QString("Hardware"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void languageMenuOffersEveryLanguage() {
        MainWindow w;
        QStringList offered;
        for (QAction *a : w.findChildren<QAction *>()) {
            if (a->isCheckable() && a->data().typeId() == QMetaType::QString) {
                offered << a->data().toString() + QLatin1Char('=') + a->text();
            }
        }
        for (const QString &entry : {QStringLiteral("en=English"), QStringLiteral("de=Deutsch"),
                                     QStringLiteral("zh_CN=\u4e2d\u6587 (\u7b80\u4f53)"),
                                     QStringLiteral("ja=\u65e5\u672c\u8a9e")}) {
            QVERIFY2(offered.contains(entry), qPrintable(offered.join(", ")));
        }
    }

    void cjkWindowAndReportAreTranslated_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("fileMenu");
        QTest::addColumn<QString>("hardwareDock");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("summaryWords"); // in the Summary view
        QTest::addColumn<QString>("reportTitle");
        QTest::addColumn<QString>("keyFigures");
        QTest::addColumn<QString>("tokens");
        QTest::addColumn<QString>("volume");
        QTest::newRow("zh_CN") << "zh_CN"
                               << "\u6587\u4ef6(&F)"
                               << "\u786c\u4ef6"
                               << "8 x B300 \u4e0a\u653e\u5f97\u4e0b | $27,798/\u6708 | "
                                  "API $13,800/\u6708"
                               << "\u6bcf GPU \u5c0f\u65f6 $4.76"
                               << "HostPlan \u9884\u7b97\u62a5\u544a"
                               << "\u5173\u952e\u6570\u636e"
                               << "18.5\u4ebf"
                               << "9,260\u4e07";
        QTest::newRow("ja") << "ja"
                            << "\u30d5\u30a1\u30a4\u30eb(&F)"
                            << "\u30cf\u30fc\u30c9\u30a6\u30a7\u30a2"
                            << "8 x B300 \u306b\u53ce\u307e\u308b | $27,798/\u6708 | "
                               "API $13,800/\u6708"
                            << "GPU\u6642\u9593\u3042\u305f\u308a $4.76"
                            << "HostPlan \u4e88\u7b97\u30ec\u30dd\u30fc\u30c8"
                            << "\u4e3b\u8981\u306a\u6570\u5024"
                            << "18.5\u5104"
                            << "9,260\u4e07";
    }
    void cjkWindowAndReportAreTranslated() {
        QFETCH(QString, language);
        QFETCH(QString, fileMenu);
        QFETCH(QString, hardwareDock);
        QFETCH(QString, verdict);
        QFETCH(QString, summaryWords);
        QFETCH(QString, reportTitle);
        QFETCH(QString, keyFigures);
        QFETCH(QString, tokens);
        QFETCH(QString, volume);
        Translation translation(language, QLocale(language));
        if (!translation.ok()) {
            QSKIP("hostplan_*.qm not built");
        }
        MainWindow w;
        QCOMPARE(w.menuBar()->actions().value(0)->text(), fileMenu);
        QCOMPARE(dockNamed(w, "hardwareDock")->windowTitle(), hardwareDock);
        QCOMPARE(w.verdictLabel()->text(), verdict);
        QCOMPARE(w.contextSpin()->text().left(6), QString("32,768"));
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains(summaryWords), qPrintable(summary));
        for (const char *english : {"Weights", "per month", "billion", "Fits on"}) {
            QVERIFY2(!summary.contains(QLatin1String(english)), qPrintable(summary));
        }
        // Large token counts in myriads, as Chinese and Japanese write them.
        QCOMPARE(tokensText(1.85e9), tokens);
        QCOMPARE(tokensText(92.6e6), volume);
        QCOMPARE(tokensText(12345), QString("12,345"));

        // The report: its content, and the PDF carries the CJK text (glyphs embedded with
        // their Unicode, so pdftotext reads them back).
        ScenarioDocument doc;
        auto content = buildReportContent(doc, QDate(2026, 11, 29));
        QVERIFY(content.ok());
        QCOMPARE(content->title, reportTitle);
        QCOMPARE(content->keyFigures.title, keyFigures);
        QTemporaryDir dir;
        const QString pdf = dir.filePath("report.pdf");
        const ReportWriteResult written = writeReportPdf(doc, pdf);
        QVERIFY2(written.ok(), qPrintable(written.error));
        const QString text = pdfText(pdf);
        if (!text.isNull()) {
            QVERIFY2(text.contains(keyFigures), qPrintable(text.left(600)));
        }
    }

    // A font with Chinese and Japanese glyphs is installed (fonts-noto-cjk, see
    // scripts/install-deps.sh), and the GUI's font falls back to it: distinct ideographs and
    // kana draw distinct glyphs, where a missing font would draw the same empty box for each.
    void cjkGlyphsRender() {
        const auto systems = QFontDatabase::writingSystems();
        QVERIFY2(systems.contains(QFontDatabase::SimplifiedChinese) &&
                     systems.contains(QFontDatabase::Japanese),
                 "no font with Chinese and Japanese glyphs: install fonts-noto-cjk "
                 "(scripts/install-deps.sh)");
        for (const auto system : {QFontDatabase::SimplifiedChinese, QFontDatabase::Japanese}) {
            const QStringList families = QFontDatabase::families(system);
            QVERIFY(!families.isEmpty());
            const QRawFont raw = QRawFont::fromFont(QFont(families.first()), system);
            QVERIFY2(raw.supportsCharacter(QChar(0x4e2d)) && raw.supportsCharacter(QChar(0x65e5)),
                     qPrintable(families.first()));
        }
        const QImage blank = rendered(QStringLiteral(" "));
        const QStringList pairs = {"\u4e2d\u6587", "\u7b80\u4f53", "\u65e5\u672c", "\u30ad\u30e3"};
        for (const QString &pair : pairs) {
            const QImage first = rendered(pair.left(1));
            const QImage second = rendered(pair.mid(1, 1));
            QVERIFY2(first != blank && second != blank, qPrintable(pair));
            QVERIFY2(first != second, qPrintable(pair));
        }
    }
};

QTEST_MAIN(TestLocalization)
#include "tst_localization.moc"
