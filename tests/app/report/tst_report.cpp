// SPDX-License-Identifier: MIT
// The budget report and the exports, offscreen: the PDF exists, has the expected pages and page
// size, and its text (pdftotext) holds the key figures exactly as the core computed them,
// formatted with the report's own helpers; the CLI writes the same PDF as the GUI path; CSV
// columns parse back to the core's numbers; the JSON export is the CLI's schema; the pilot
// range and recommendation rules; the GUI's export actions.
#include "appscenarios.h"
#include "report/exportfiles.h"
#include "document/formatting.h"
#include "plan/planjson.h"
#include "probereport.h"
#include "cli/reportcli.h"
#include "report/reportcontent.h"
#include "window/reportexport.h"
#include "report/reportwriter.h"
#include "document/scenariodocument.h"
#include "testutil.h"

#include <QAction>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>
#include <QFile>
#include <QMenu>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include <cmath>
#include <sstream>
#include <tuple>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

const QDate kDate(2026, 11, 29);
const QString kDefaultScenario = QStringLiteral(HOSTPLAN_RESOURCES_DIR "/default-scenario.json");
/// Pages of the default scenario's report (A4): summary, cost (+ the GUI's break-even chart),
/// memory (+ memory-per-precision and KV charts), options (+ two charts), probe, assumptions
/// and method flow over this many pages.
constexpr int kDefaultPages = 8;

/// Output of a poppler tool, or a null string when the tool is missing.
QString runTool(const QString &tool, const QStringList &args) {
    if (QStandardPaths::findExecutable(tool).isEmpty()) {
        return {};
    }
    QProcess p;
    p.start(tool, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        return QStringLiteral("<%1 failed: %2>")
            .arg(tool, QString::fromUtf8(p.readAllStandardError()));
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// pdftotext without layout, all whitespace collapsed to single spaces.
QString pdfText(const QString &pdf) {
    QString t = runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    return t.isNull() ? t : t.simplified();
}

int pdfPages(const QString &pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QString pdfPageSize(const QString &pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const auto m = QRegularExpression(QStringLiteral("Page size:\\s+([^\\n]+)")).match(info);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

/// RFC 4180 reader (quoted fields, doubled quotes, CRLF).
QList<QStringList> parseCsv(const QString &text) {
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\r')) {
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty()) {
        row << field;
        rows << row;
    }
    return rows;
}

QList<QStringList> readCsv(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return parseCsv(QString::fromUtf8(f.readAll()));
}

/// The row of a parsed CSV whose first column is `key`.
QStringList rowFor(const QList<QStringList> &rows, const QString &key) {
    for (const QStringList &r : rows) {
        if (r.value(0) == key) {
            return r;
        }
    }
    return {};
}

Scenario defaultFileScenario() {
    auto s = loadScenarioFile(kDefaultScenario.toStdString());
    if (!s.ok()) {
        qFatal("cannot load the default scenario");
    }
    return s.value();
}

probe::ProbeReport sampleProbeReport(std::uint64_t freeBytes) {
    probe::ProbeReport r;
    r.host = "gpu-node-17";
    r.timeUtc = "2026-11-29T21:40:00Z";
    r.command = "all --json";
    probe::DeviceInfo d;
    d.index = 0;
    d.backend = "cuda";
    d.vendor = "NVIDIA";
    d.name = "NVIDIA B300";
    d.memoryTotalBytes = 288'000'000'000ull;
    d.memoryFreeBytes = freeBytes;
    r.devices.push_back(d);
    return r;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
  private slots:
    void recommendationLineNamesTheDecision() {
        // The rule is the core's (tst_decision); the report's line starts with its name.
        PlanResult p;
        p.apiPriced = true;
        p.fit.fits = true;
        p.apiUsdPerMonth = 5000;
        p.rental.usdPerMonthScheduled = 1000;
        p.rental.usdPerMonthAlwaysOn = 3000;
        QCOMPARE(recommend(p), Recommendation::Dedicated);
        QVERIFY(recommendationLine(p).startsWith(recommendationText(recommend(p)) + ':'));
        p.apiPriced = false;
        QVERIFY(recommendationLine(p).contains("no API price"));
    }

    void withoutApiPriceTablesSaySo() {
        // A model no API sells: the API cost and break-even are NaN.
        ScenarioDocument doc;
        doc.edit(testscenarios::noApiPrice(doc.scenario()), "No API price");
        QVERIFY(doc.plan()->fit.fits);
        QVERIFY(doc.plan().has_value());
        QVERIFY(!doc.plan()->apiPriced);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        int said = 0;
        for (const QStringList &row : content->keyFigures.rows) {
            const QString cells = row.join(" | ");
            QVERIFY2(!cells.contains("n/a") && !cells.contains("never"), qPrintable(cells));
            said += cells.contains("no API price") ? 1 : 0;
        }
        QCOMPARE(said, 3); // API cost, break-even volume, break-even users
        bool csvSays = false;
        for (const QStringList &row : content->keyFigures.csvRows) {
            csvSays |= row.contains("recommendation") && row.contains("no_api_price");
        }
        QVERIFY(csvSays); // not 'dedicated'
        QVERIFY(content->cost.note.contains("No API price"));
        QVERIFY(content->options.note.contains("no API price"));
        QVERIFY(!content->options.note.contains("n/a"));
    }

    void reportStringsAreTranslated() {
        // The report's fixed contexts must be the ones lupdate writes (Report::tr / Export::tr),
        // or the German build shows English reports.
        QTranslator de;
        if (!de.load(QStringLiteral(HOSTPLAN_QM_DIR "/hostplan_de.qm"))) {
            QSKIP("hostplan_de.qm not built");
        }
        QCoreApplication::installTranslator(&de);
        const QString keyFigures = Report::tr("Key figures");
        const QString exportCsv = Export::tr("Export tables as &CSV...");
        ScenarioDocument doc;
        auto content = buildReportContent(doc, kDate);
        QCoreApplication::removeTranslator(&de);
        QCOMPARE(keyFigures, QString("Kennzahlen"));
        QCOMPARE(exportCsv, QString("Tabellen als &CSV exportieren..."));
        QVERIFY(content.ok());
        QCOMPARE(content->keyFigures.title, QString("Kennzahlen"));
        QCOMPARE(content->title, QString("HostPlan-Budgetbericht"));
    }

    // The report prints every compared API with its source and date, and flags the prices
    // older than the scenario's limit as of the report's date (issue: prices kept current).
    void stalePricesAndAlternativesAreReported() {
        ScenarioDocument doc;
        Scenario s = doc.scenario();
        s.pricing.maxPriceAgeDays = 60;
        doc.reset(s);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        // The pinned Moonshot price is dated 2026-07 (read as 2026-07-01): 151 days before
        // 2026-11-29.
        const QString stale = content->notes.filter(QStringLiteral("Stale price")).join('|');
        QVERIFY2(stale.contains(QStringLiteral("Kimi K3, Moonshot API is from 2026-07, 151 days "
                                               "before this report (older than 60 days)")),
                 qPrintable(stale));
        bool alternative = false;
        for (const QStringList &row : content->assumptions.rows) {
            if (row.value(0).startsWith(QStringLiteral("Also sold by: Kimi K3, Novita AI"))) {
                alternative = true;
                QVERIFY2(row.value(1).contains(QStringLiteral("a month for this workload")),
                         qPrintable(row.join('|')));
                QVERIFY(!row.value(2).isEmpty() && row.value(2) != QStringLiteral("-"));
                QCOMPARE(row.value(3).left(4), QStringLiteral("2026"));
            }
        }
        QVERIFY(alternative);
        // Within the limit nothing is flagged.
        s.pricing.maxPriceAgeDays = 365;
        doc.reset(s);
        content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        QVERIFY(content->notes.filter(QStringLiteral("Stale price")).isEmpty());
    }

    void tableHeadersWrapAtSpacesOnly() {
        // The probe table on A4: "Catalogue" got a column narrower than the word and broke as
        // "Catalogu / e". Columns now hold their header's longest word; the table keeps its
        // width.
        const QStringList headers = {"GPU",     "Planned per GPU",    "Free",      "Headroom",
                                     "Verdict", "Measured bandwidth", "Catalogue", "Ratio"};
        const QList<double> weights = {2.2, 1.7, 1.7, 1.7, 1.3, 1.2, 1.1, 0.7};
        QFont font;
        font.setPointSizeF(7.6);
        font.setBold(true);
        const QFontMetricsF fm(font);
        const double padding = 8;
        const double total = fm.horizontalAdvance("Catalogue") * 11.6 * 0.8;
        QList<double> widths;
        for (double w : weights) {
            widths << total * w / 11.6;
        }
        QVERIFY(widths[6] < fm.horizontalAdvance("Catalogue") + padding);
        QVERIFY(fitHeaderWords(headers, fm, padding, widths));
        double sum = 0;
        for (int i = 0; i < widths.size(); ++i) {
            for (const QString &word : headers[i].split(' ')) {
                QVERIFY2(widths[i] >= fm.horizontalAdvance(word) + padding - 1e-9,
                         qPrintable(word));
            }
            sum += widths[i];
        }
        QCOMPARE_LE(std::abs(sum - total), 1e-6);
        // Too narrow for all the words: unchanged, and the caller breaks words as before.
        QList<double> tiny(headers.size(), 10.0);
        QVERIFY(!fitHeaderWords(headers, fm, padding, tiny));
        QCOMPARE(tiny, QList<double>(headers.size(), 10.0));
    }

    // Exact and shortest: 4.76, not 4.7599999999999998.
    void csvNumberRoundTrips_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("integer") << 27798.0 << "27798";
        QTest::newRow("cents") << 38.08 << "38.08";
        QTest::newRow("rate") << 4.76 << "4.76";
        QTest::newRow("third") << 1.0 / 3.0 << "0.3333333333333333";
        QTest::newRow("large") << 1560860324864.0 << "1560860324864";
        QTest::newRow("aboveInteger") << 1.5e20 << "1.5e+20";
        QTest::newRow("tiny") << 1.234e-9 << "1.234e-09";
        QTest::newRow("negative") << -0.1 << "-0.1";
    }
    void csvNumberRoundTrips() {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(csvNumber(value), text);
        bool ok = false;
        QCOMPARE(csvNumber(value).toDouble(&ok), value);
        QVERIFY(ok);
    }

    void formatting_data() {
        QTest::addColumn<QString>("actual");
        QTest::addColumn<QString>("expected");
        QTest::newRow("usd/month") << usdText(27798.4) << "$27,798";
        QTest::newRow("usd/day") << usdText(2016.0) << "$2,016";
        QTest::newRow("usd/belowHundred") << usdText(55.6) << "$55.60";
        QTest::newRow("usd/roundsToHundred") << usdText(99.999) << "$100";
        QTest::newRow("usd/notFinite") << usdText(std::nan("")) << "n/a";
        QTest::newRow("usdCents/rate") << usdCentsText(4.76) << "$4.76";
        QTest::newRow("usdCents/grouped") << usdCentsText(1234.5) << "$1,234.50";
        QTest::newRow("tokens/million") << tokensText(92.6e6) << "92.6 million";
        QTest::newRow("tokens/billion") << tokensText(1.85e9) << "1.85 billion";
        QTest::newRow("tokens/zero") << tokensText(0) << "0";
        QTest::newRow("sequences/one") << sequencesText(1) << "1 sequence";
        QTest::newRow("sequences/many") << sequencesText(1024) << "1,024 sequences";
        QTest::newRow("heavyUsers/one") << heavyUsersText(1) << "1 heavy user";
        QTest::newRow("heavyUsers/many") << heavyUsersText(38) << "38 heavy users";
        QTest::newRow("gpus/one") << gpusText(1) << "1 GPU";
        QTest::newRow("gib") << gibText(300'000'000'000.0) << "279.4 GiB";
        QTest::newRow("gpuMemory/b300")
            << gpuMemoryText(288e9, 300'000'000'000.0)
            << "288 GB advertised (vendors' GB here are GiB), 279.4 GiB usable";
    }

    void formatting() {
        QFETCH(QString, actual);
        QFETCH(QString, expected);
        QCOMPARE(actual, expected);
    }

    void pdfDefaultScenario() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDefaultScenario).isEmpty());
        QVERIFY(doc.plan().has_value());
        const PlanResult &p = *doc.plan();
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        ReportOptions options;
        options.pageSize = QPageSize(QPageSize::A4);
        options.date = kDate;
        const ReportWriteResult r = writeReportPdf(doc, pdf, options);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(QFile::exists(pdf));
        QVERIFY(QFileInfo(pdf).size() > 10000);
        const QString keep = qEnvironmentVariable("HOSTPLAN_REPORT_KEEP");
        if (!keep.isEmpty()) {
            QFile::remove(keep);
            QVERIFY(QFile::copy(pdf, keep));
        }

        const QString text = pdfText(pdf);
        if (text.isNull()) {
            QSKIP("pdftotext (poppler-utils) is not installed");
        }
        QCOMPARE(pdfPages(pdf), r.pageCount);
        QCOMPARE(r.pageCount, kDefaultPages);
        QVERIFY2(pdfPageSize(pdf).contains(QLatin1String("A4")), qPrintable(pdfPageSize(pdf)));

        // The key figures, formatted as the report formats them.
        const QStringList expected = {
            QStringLiteral("HostPlan budget report"),
            QString::fromStdString(p.scenario.name),
            kDate.toString(Qt::ISODate),
            QStringLiteral("Fits on 8 x ") + QString::fromStdString(p.gpu.name),
            usdText(p.rental.usdPerMonthAlwaysOn),
            usdText(p.rental.usdPerMonthScheduled),
            usdText(p.apiUsdPerMonth),
            usdCentsText(p.rental.usdPerHour),
            usdText(p.rental.usdPerDayAlwaysOn), // a day is whole dollars, grouped
            usdText(rentalCost(p.layout.gpuCount(), p.usdPerGpuHour, p.rental.hoursPerDay, 720)
                        .usdPerMonthAlwaysOn),
            tokensText(p.breakeven.outputTokensPerMonth),
            groupedInt(std::uint64_t(std::ceil(p.breakeven.heavyUsersToBreakEven))),
            bytesText(double(p.memory.perGpu.total())),
            bytesText(double(p.memory.total.total())),
            bytesText(double(p.memory.perGpu.weights)),
            bytesText(double(p.memory.perGpu.kvCache)),
            recommendationText(recommend(p)),
            QString::fromStdString(p.api.name),
            QStringLiteral("Page 1 of %1").arg(kDefaultPages),
            QStringLiteral("Page %1 of %1").arg(kDefaultPages),
            // Sources and dates of the catalogue figures.
            QString::fromStdString(p.gpu.priceAsOf),
            QString::fromStdString(p.api.asOf),
            // The charts are vector: their labels are text.
            QStringLiteral("Memory per GPU by weight precision"),
            QStringLiteral("Thousand USD per month"),
        };
        for (const QString &e : expected) {
            QVERIFY2(text.contains(e),
                     qPrintable(QStringLiteral("'%1' not in the PDF text").arg(e)));
        }
        // Every GPU type of the options table with its practical count and pilot range.
        for (const GpuOptionRow &o : gpuOptionRows(doc)) {
            QVERIFY2(text.contains(QString::fromStdString(o.gpu.name)),
                     qPrintable(QString::fromStdString(o.gpu.name)));
            if (o.practicalFound) {
                QVERIFY2(text.contains(pilotRangeText(o.pilot)),
                         qPrintable(pilotRangeText(o.pilot)));
                QVERIFY(text.contains(usdText(o.usdPerMonthAlwaysOn)));
            }
        }
        QVERIFY(text.contains(QStringLiteral("No probe report is attached")));
    }

    void pageSizeLetter() {
        ScenarioDocument doc;
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("letter.pdf"));
        ReportOptions options;
        options.pageSize = *parseReportPageSize(QStringLiteral("Letter"));
        options.date = kDate;
        const ReportWriteResult r = writeReportPdf(doc, pdf, options);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString size = pdfPageSize(pdf);
        if (size.isEmpty()) {
            QSKIP("pdfinfo (poppler-utils) is not installed");
        }
        QVERIFY2(size.contains(QLatin1String("letter")), qPrintable(size));
        QCOMPARE(pdfPages(pdf), r.pageCount);
        QVERIFY(!parseReportPageSize(QStringLiteral("a3")));
    }

    void localePageSize() {
        QCOMPARE(defaultReportPageSize(QLocale(QLocale::English, QLocale::UnitedStates)).id(),
                 QPageSize::Letter);
        QCOMPARE(defaultReportPageSize(QLocale(QLocale::German, QLocale::Germany)).id(),
                 QPageSize::A4);
        QCOMPARE(defaultReportPageSize(QLocale(QLocale::English, QLocale::UnitedKingdom)).id(),
                 QPageSize::A4);
    }

    /// `hostplan-cli report` and the GUI path write the same document.
    void cliMatchesGui() {
        QTemporaryDir dir;
        const QString cliPdf = dir.filePath(QStringLiteral("cli.pdf"));
        std::ostringstream out;
        std::ostringstream err;
        const int rc =
            runReportCommand({"--scenario", kDefaultScenario.toStdString(), "-o",
                              cliPdf.toStdString(), "--page-size", "a4", "--date", "2026-11-29"},
                             out, err);
        QVERIFY2(rc == 0, err.str().c_str());
        QVERIFY(QFile::exists(cliPdf));

        ScenarioDocument doc;
        QVERIFY(doc.open(kDefaultScenario).isEmpty());
        const QString guiPdf = dir.filePath(QStringLiteral("gui.pdf"));
        ReportOptions options;
        options.pageSize = QPageSize(QPageSize::A4);
        options.date = kDate;
        QVERIFY(writeReportPdf(doc, guiPdf, options).ok());
        const QString cliText = pdfText(cliPdf);
        if (cliText.isNull()) {
            QSKIP("pdftotext (poppler-utils) is not installed");
        }
        QCOMPARE(cliText, pdfText(guiPdf));
        QCOMPARE(pdfPages(cliPdf), pdfPages(guiPdf));
    }

    void cliErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("noOutput") << QStringList{} << "-o OUT.pdf is required";
        QTest::newRow("badPageSize") << QStringList{"-o", "x.pdf", "--page-size", "a3"}
                                     << "--page-size: must be a4 or letter, got 'a3'";
        QTest::newRow("badDate") << QStringList{"-o", "x.pdf", "--date", "29.11.2026"}
                                 << "--date: must be a date YYYY-MM-DD";
        QTest::newRow("unknownOption")
            << QStringList{"-o", "x.pdf", "--colour"} << "unknown option '--colour'";
        QTest::newRow("missingProbe")
            << QStringList{"-o", "x.pdf", "--probe-report", "/nonexistent/probe.json"}
            << "--probe-report:";
        QTest::newRow("badScenario")
            << QStringList{"--scenario", "/nonexistent.json", "-o", "x.pdf"} << "/nonexistent.json";
    }
    void cliErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> a;
        for (const QString &s : args) {
            a.push_back(s.toStdString());
        }
        std::ostringstream out;
        std::ostringstream err;
        QCOMPARE(runReportCommand(a, out, err), 2);
        QVERIFY2(QString::fromStdString(err.str()).contains(message), err.str().c_str());
        QVERIFY(!QFile::exists(QStringLiteral("x.pdf")));
    }

    /// The CSV tables parse back to exactly the numbers of the core.
    void csvRoundTrip() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDefaultScenario).isEmpty());
        const PlanResult &p = *doc.plan();
        QTemporaryDir dir;
        std::ostringstream out;
        std::ostringstream err;
        const QString base = dir.filePath(QStringLiteral("plan.csv"));
        QCOMPARE(
            runExportCsvCommand(
                {"--scenario", kDefaultScenario.toStdString(), "-o", base.toStdString()}, out, err),
            0);
        for (const char *id : {"summary", "cost", "memory", "weights", "options", "assumptions"}) {
            QVERIFY2(QFile::exists(dir.filePath(QStringLiteral("plan-%1.csv").arg(id))),
                     qPrintable(id));
        }
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("plan-probe.csv"))));

        const auto memory = readCsv(dir.filePath(QStringLiteral("plan-memory.csv")));
        QCOMPARE(memory.value(0), (QStringList{"component", "per_gpu_bytes", "total_bytes"}));
        QCOMPARE(rowFor(memory, "weights").value(1).toULongLong(), p.memory.perGpu.weights);
        QCOMPARE(rowFor(memory, "kv_cache").value(1).toULongLong(), p.memory.perGpu.kvCache);
        QCOMPARE(rowFor(memory, "total").value(1).toULongLong(), p.memory.perGpu.total());
        QCOMPARE(rowFor(memory, "total").value(2).toULongLong(), p.memory.total.total());

        const auto cost = readCsv(dir.filePath(QStringLiteral("plan-cost.csv")));
        QCOMPARE(rowFor(cost, "month").value(3).toDouble(), p.rental.usdPerMonthAlwaysOn);
        QCOMPARE(rowFor(cost, "month").value(6).toDouble(), p.rental.usdPerMonthScheduled);
        QCOMPARE(rowFor(cost, "hour").value(3).toDouble(), p.rental.usdPerHour);
        QCOMPARE(rowFor(cost, "day").value(3).toDouble(), p.rental.usdPerDayAlwaysOn);
        QCOMPARE(rowFor(cost, "30_days").value(3).toDouble(),
                 rentalCost(p.layout.gpuCount(), p.usdPerGpuHour, p.rental.hoursPerDay, 720)
                     .usdPerMonthAlwaysOn);

        const auto summary = readCsv(dir.filePath(QStringLiteral("plan-summary.csv")));
        QCOMPARE(rowFor(summary, "api_usd_per_month").value(1).toDouble(), p.apiUsdPerMonth);
        QCOMPARE(rowFor(summary, "breakeven_output_tokens_per_month").value(1).toDouble(),
                 p.breakeven.outputTokensPerMonth);
        // "Never" (infinite) is an empty cell.
        if (std::isfinite(p.breakeven.heavyUsersToBreakEven)) {
            QCOMPARE(rowFor(summary, "breakeven_heavy_users").value(1).toDouble(),
                     p.breakeven.heavyUsersToBreakEven);
        } else {
            QCOMPARE(rowFor(summary, "breakeven_heavy_users").value(1), QString());
        }
        QCOMPARE(rowFor(summary, "gpu_count").value(1).toUInt(), p.layout.gpuCount());
        // The unit column holds units; the GPU type is a figure of its own.
        QCOMPARE(rowFor(summary, "gpu_count").value(2), QStringLiteral("gpus"));
        QCOMPARE(rowFor(summary, "gpu").value(1), QString::fromStdString(p.gpu.id));
        QCOMPARE(rowFor(summary, "gpu").value(2), QString());
        QCOMPARE(rowFor(summary, "usd_per_gpu_hour").value(1), QStringLiteral("4.76"));

        const auto options = readCsv(dir.filePath(QStringLiteral("plan-options.csv")));
        const auto rows = gpuOptionRows(doc);
        QCOMPARE(options.size(), int(rows.size()) + 1);
        for (const GpuOptionRow &o : rows) {
            const QStringList r = rowFor(options, QString::fromStdString(o.gpu.id));
            QCOMPARE(r.size(), options.value(0).size());
            QCOMPARE(r.value(2).toULongLong(), o.gpu.memoryBytes);
            QCOMPARE(r.value(4).toUInt(), o.floorGpus);
            if (o.practicalFound) {
                QCOMPARE(r.value(5).toUInt(), o.practicalGpus);
                QCOMPARE(r.value(6).toUInt(), o.sequencesAtTarget);
                QCOMPARE(r.value(7).toUInt(), o.pilot.low);
                QCOMPARE(r.value(8).toUInt(), o.pilot.high);
                QCOMPARE(r.value(10).toDouble(), o.usdPerMonthScheduled);
                QCOMPARE(r.value(11).toDouble(), o.usdPerMonthAlwaysOn);
            }
        }
        // Issue 13: an option that cannot serve the workload is marked and not ranked. Kimi K3
        // on RTX 5090s used to be costed at PP over dozens of single-GPU nodes running no
        // sequence within the target; the layout search finds no layout the engines run there
        // (MoE models do not run PP across nodes; TP 64 does not divide 96 heads), so it has no
        // practical count. On B300 it runs many.
        bool sawCannotServe = false;
        for (const GpuOptionRow &o : rows) {
            if (o.gpu.id == "b300") {
                QVERIFY(o.sequencesAtTarget >= 16);
            }
            if (o.gpu.id == "rtx-5090") {
                QVERIFY(!o.practicalFound);
                sawCannotServe = true;
            }
        }
        QVERIFY(sawCannotServe);

        // Quoted fields survive: the assumptions hold sources with commas.
        const auto assumptions = readCsv(dir.filePath(QStringLiteral("plan-assumptions.csv")));
        QVERIFY(assumptions.size() > 20);
        for (const QStringList &r : assumptions) {
            QCOMPARE(r.size(), 4);
        }
    }

    void jsonExportIsTheCliSchema() {
        ScenarioDocument doc;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        const ExportResult r = writePlanJson(*doc.plan(), path);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().toStdString(), planToJsonText(*doc.plan()));
        QVERIFY(!writePlanJson(*doc.plan(), QStringLiteral("/nonexistent/dir/plan.json")).ok());
    }

    // The real H200 report against the default B300 plan: its 4.23 TB/s copy is 88% of the
    // H200's own 4.8 TB/s, not 53% of the B300's 8 TB/s.
    void probeBandwidthAgainstTheProbedGpu() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDefaultScenario).isEmpty());
        QCOMPARE(QString::fromStdString(doc.plan()->gpu.id), QStringLiteral("b300"));
        const auto report = probe::loadReportFile(HOSTPLAN_TEST_DATA_DIR "/h200-probe-report.json");
        QVERIFY(report.ok());
        auto content = buildReportContent(doc, kDate, &report.value());
        QVERIFY(content.ok());
        QVERIFY(!content->probe.csvRows.isEmpty());
        const QStringList row = content->probe.csvRows.first();
        const int catalogue =
            int(content->probe.csvHeaders.indexOf("catalogue_bandwidth_bytes_per_s"));
        const int ratio = int(content->probe.csvHeaders.indexOf("bandwidth_ratio"));
        QCOMPARE(row.value(catalogue).toDouble(), 4.8e12);
        COMPARE_NEAR(row.value(ratio).toDouble(), 4230261293867.26 / 4.8e12, 0, 1e-6);
        // And the probe section says the probed GPU is not the plan's.
        QVERIFY(content->probeSummary.join(' ').contains(
            "The probed machine has NVIDIA H200, the plan is for NVIDIA B300"));
    }

    void probeSection() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDefaultScenario).isEmpty());
        const std::uint64_t planned = doc.plan()->memory.perGpu.total();
        const probe::ProbeReport probeReport = sampleProbeReport(planned + 10'000'000'000ull);
        auto content = buildReportContent(doc, kDate, &probeReport);
        QVERIFY(content.ok());
        QCOMPARE(content->probe.rows.size(), 1);
        QVERIFY(!content->probe.csvRows.first().value(5).isEmpty());

        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("probe.pdf"));
        ReportOptions options;
        options.pageSize = QPageSize(QPageSize::A4);
        options.date = kDate;
        options.probeReport = &probeReport;
        QVERIFY(writeReportPdf(doc, pdf, options).ok());
        const QString text = pdfText(pdf);
        if (text.isNull()) {
            QSKIP("pdftotext (poppler-utils) is not installed");
        }
        QVERIFY(text.contains(QStringLiteral("gpu-node-17")));
        QVERIFY(text.contains(gbText(double(planned), 2)));
        QVERIFY2(text.contains(gbText(10'000'000'000.0, 2)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Fits (free memory)")));
        QVERIFY(!text.contains(QStringLiteral("No probe report is attached")));
    }

    void doesNotFit() {
        ScenarioDocument doc;
        Scenario s = defaultFileScenario();
        s.name = "Kimi K3 on 1x H100";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 1;
        doc.reset(s);
        QVERIFY(doc.plan().has_value());
        QVERIFY(!doc.plan()->fit.fits);
        QCOMPARE(recommend(*doc.plan()), Recommendation::Api);
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("nofit.pdf"));
        ReportOptions options;
        options.date = kDate;
        const ReportWriteResult r = writeReportPdf(doc, pdf, options);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString text = pdfText(pdf);
        if (text.isNull()) {
            QSKIP("pdftotext (poppler-utils) is not installed");
        }
        QVERIFY(text.contains(QStringLiteral("Does not fit on 1 x")));
        QCOMPARE(pdfPages(pdf), r.pageCount);
        // It serves no tokens: no cost per token, and one clean "never".
        QVERIFY(!text.contains(QStringLiteral("never tokens")));
        QVERIFY(!text.contains(QStringLiteral("tok/month")));
    }

    // "Up to 1 sequence", never "1 sequences": Llama 3.1 70B on 3 H100 holds one of 128k.
    void memoryNoteOneSequence() {
        ScenarioDocument doc;
        doc.reset(testscenarios::oneSequence());
        QVERIFY(doc.plan().has_value());
        QCOMPARE(doc.plan()->fit.maxConcurrency, 1u);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        const QString note = content.value().memory.note;
        QVERIFY2(note.contains("Up to 1 sequence of 131,072 tokens fit at once."),
                 qPrintable(note));
    }

    void doesNotFitKeyFigures() {
        // The user's scenario: Kimi K3 on one H200 at 1M tokens of context, one sequence.
        ScenarioDocument doc;
        doc.reset(testscenarios::noFit());
        QVERIFY(doc.plan().has_value());
        QVERIFY(!doc.plan()->fit.fits);
        QVERIFY(std::isfinite(doc.plan()->selfHostUsdPerMTokOutput)); // the core's figure
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        const ReportTable &t = content.value().keyFigures;
        auto value = [&](const QString &id) {
            for (int i = 0; i < t.csvRows.size(); ++i) {
                if (t.csvRows[i].value(0) == id) {
                    return std::make_pair(t.rows[i].value(1), t.csvRows[i].value(1));
                }
            }
            return std::make_pair(QStringLiteral("<missing %1>").arg(id), QString());
        };
        QCOMPARE(value("self_host_usd_per_mtok_output").first,
                 QStringLiteral("n/a (the plan does not fit)"));
        QCOMPARE(value("self_host_usd_per_mtok_output").second, QString());
        QCOMPARE(value("breakeven_output_tokens_per_month").first,
                 QStringLiteral("never: the plan does not fit, so it serves no tokens"));
        QCOMPARE(value("breakeven_output_tokens_per_month").second, QString());
        QCOMPARE(value("breakeven_heavy_users").first,
                 QStringLiteral("never: the plan does not fit, so it serves no one"));
        QCOMPARE(value("max_concurrency").first,
                 QStringLiteral("1 sequence of 1,048,576 tokens (up to 0 fit)"));
        // Cents for the hour rate and below $100 only; otherwise whole dollars, grouped.
        const ReportTable &cost = content.value().cost;
        QCOMPARE(cost.rows[0].value(2), QStringLiteral("$3.50"));
        QCOMPARE(cost.rows[1].value(2), QStringLiteral("$84.00")); // below $100: cents
        QCOMPARE(cost.rows[2].value(2), QStringLiteral("$2,520"));
        // Usable memory is a measured GiB figure, next to the advertised GB.
        const ReportTable &a = content.value().assumptions;
        bool usable = false, other = false;
        for (const QStringList &row : a.rows) {
            if (row.value(0) == QLatin1String("Usable memory per GPU")) {
                usable = row.value(1) == gibText(double(doc.plan()->gpu.usableMemoryBytes));
            }
            if (row.value(0).endsWith(QLatin1String(" memory")) &&
                row.value(0).startsWith(QLatin1String("NVIDIA B300"))) {
                other =
                    row.value(1) ==
                    QLatin1String("288 GB advertised (vendors' GB here are GiB), 279.4 GiB usable");
            }
        }
        QVERIFY(usable);
        QVERIFY(other);
    }

    void unwritablePath() {
        ScenarioDocument doc;
        const ReportWriteResult r =
            writeReportPdf(doc, QStringLiteral("/nonexistent/dir/report.pdf"));
        QVERIFY(!r.ok());
        QVERIFY(r.error.contains(QStringLiteral("/nonexistent/dir/report.pdf")));
    }

    // Each export says what it wrote in the main window's status bar (issue 18: no confirmation
    // after an export). The save dialog is answered by a timer, as a user would type the path.
    void guiExportsConfirm() {
        ScenarioDocument doc;
        QMainWindow window;
        QMenu menu;
        QString next; // the path the "user" types into the save dialog
        QStringList suggested;
        const QList<QAction *> actions = addReportExportActions(
            &menu, &doc, &window, {},
            [&next, &suggested](QWidget *, const QString &, const QString &proposal,
                                const QString &, QString *) {
                suggested << proposal;
                return next;
            });
        QTemporaryDir dir;
        for (const auto &[action, name, expect] :
             {std::tuple{actions[2], QStringLiteral("plan.json"), QStringLiteral("Wrote ")},
              std::tuple{actions[1], QStringLiteral("tables.csv"),
                         QStringLiteral("Wrote 6 CSV files")},
              std::tuple{actions[0], QStringLiteral("plan.pdf"), QStringLiteral("Wrote ")}}) {
            next = dir.filePath(name);
            action->trigger();
            const QString msg = window.statusBar()->currentMessage();
            QVERIFY2(msg.startsWith(expect) && msg.contains(dir.path()), qPrintable(msg));
        }
        // Each dialog proposed the scenario's name, not "hostplan.pdf".
        QCOMPARE(suggested.size(), 3);
        for (const QString &proposal : suggested) {
            QVERIFY2(QFileInfo(proposal).fileName().startsWith(QStringLiteral("Kimi-K3")),
                     qPrintable(proposal));
        }
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("plan.json"))));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("plan.pdf"))));
        QVERIFY2(window.statusBar()->currentMessage().endsWith(
                     QStringLiteral("(%1 pages)").arg(kDefaultPages)),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    void guiActions() {
        ScenarioDocument doc;
        QWidget parent;
        QMenu menu;
        const QList<QAction *> actions = addReportExportActions(&menu, &doc, &parent);
        QCOMPARE(actions.size(), 3);
        QCOMPARE(actions[0]->objectName(), QStringLiteral("actionExportReport"));
        QCOMPARE(actions[1]->objectName(), QStringLiteral("actionExportCsv"));
        QCOMPARE(actions[2]->objectName(), QStringLiteral("actionExportJson"));
        for (QAction *a : actions) {
            QVERIFY(a->isEnabled());
            QVERIFY(menu.actions().contains(a));
        }
        Scenario broken = doc.scenario();
        broken.model.ref = "no-such-model";
        doc.edit(broken, QStringLiteral("break it"));
        QVERIFY(!doc.plan());
        for (QAction *a : actions) {
            QVERIFY(!a->isEnabled());
        }
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
