// SPDX-License-Identifier: MIT
// The budget report, offscreen: the PDF exists, has the expected pages and page size, and its
// text (pdftotext) holds the key figures exactly as the core computed them, formatted with the
// report's own helpers; the recommendation line, missing and stale prices, the probe section,
// plans that do not fit, translated strings and table headers. The exports (CSV, JSON, the
// CLI's report commands and the GUI's export actions) are tested by tst_export.
#include "appscenarios.h"
#include "report/exportfiles.h"
#include "document/formatting.h"
#include "plan/planjson.h"
#include "probereport.h"
#include "cli/reportcli.h"
#include "report/reportcontent.h"
#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "window/reportexport.h"
#include "report/reportwriter.h"
#include "document/scenariodocument.h"
#include "reporttestutil.h"
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
using namespace hostplan::reporttest;

namespace {

/// The "Page size" line of pdfinfo for `pdf`, or an empty string.
QString pdfPageSize(const QString &pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const auto m = QRegularExpression(QStringLiteral("Page size:\\s+([^\\n]+)")).match(info);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

/// The default scenario file, loaded (fatal when it does not load).
Scenario defaultFileScenario() {
    auto s = loadScenarioFile(kDefaultScenario.toStdString());
    if (!s.ok()) {
        qFatal("cannot load the default scenario");
    }
    return s.value();
}

/// A probe report of one B300 with `freeBytes` free, as hostplan-probe writes it.
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
        p.usdPerGpuHour = 2.0;
        p.rental.usdPerMonthScheduled = 1000;
        p.rental.usdPerMonthAlwaysOn = 3000;
        QCOMPARE(recommend(p), Recommendation::Dedicated);
        QVERIFY(recommendationLine(p).startsWith(recommendationText(recommend(p)) + ':'));
        // No GPU-hour rate: nothing to compare, and the line says which rate is missing.
        p.usdPerGpuHour = 0;
        p.gpu.name = "My A30";
        QCOMPARE(recommend(p), Recommendation::NoGpuPrice);
        QVERIFY(recommendationLine(p).startsWith("No GPU price: no GPU-hour rate is known for My "
                                                 "A30"));
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

    // A plan that starts short (the default at 1,000 sequences: its KV room holds some tens):
    // amber, costed, and the CSV says it starts and how many copies the workload takes.
    void startsShortKeyFigures() {
        ScenarioDocument doc;
        Scenario s = doc.scenario();
        s.workload.concurrency = 1000;
        doc.edit(s, "1,000 sequences");
        const PlanResult &p = *doc.plan();
        QVERIFY(p.fit.startsShort);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        QVERIFY2(content->verdict.startsWith("Starts on 8 x "), qPrintable(content->verdict));
        QVERIFY(content->verdict.contains(" of 1,000 sequences at once"));
        QMap<QString, QString> csv;
        for (const QStringList &row : content->keyFigures.csvRows) {
            csv[row.value(0)] = row.value(1);
        }
        QCOMPARE(csv.value("fits"), QString("0"));
        QCOMPARE(csv.value("starts_short"), QString("1"));
        const auto copies = std::uint32_t(std::ceil(1000.0 / p.fit.maxConcurrency));
        QCOMPARE(csv.value("workload_copies"), QString::number(copies));
        QVERIFY(!csv.value("self_host_usd_per_mtok_output").isEmpty());
        // On auto the same workload takes two replicas: the key figures count every GPU rented.
        Scenario twice = doc.scenario();
        twice.workload.concurrency = 100;
        twice.hardware.gpuCount = 0;
        doc.edit(twice, "auto");
        QVERIFY(doc.plan()->replicas > 1);
        auto two = buildReportContent(doc, kDate);
        QMap<QString, QString> csv2;
        for (const QStringList &row : two->keyFigures.csvRows) {
            csv2[row.value(0)] = row.value(1);
        }
        QCOMPARE(csv2.value("gpus_rented"), QString::number(doc.plan()->rentedGpus()));
        QCOMPARE(csv2.value("total_bytes"),
                 QString::number(doc.plan()->memory.total.total() * doc.plan()->replicas));
        // The default plan fits: neither row.
        ScenarioDocument fitting;
        auto fits = buildReportContent(fitting, kDate);
        for (const QStringList &row : fits->keyFigures.csvRows) {
            QVERIFY(row.value(0) != "starts_short" && row.value(0) != "workload_copies");
        }
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

    // An unset memory fraction is reported as the one the plan used: vLLM 0.24's rules default
    // to 0.92, SGLang's by GPU size and TP (0.836 on an H100 at TP 1, not its table's 0.88).
    void defaultMemoryFractionIsThePlans() {
        ScenarioDocument doc;
        auto fraction = [&doc]() {
            auto content = buildReportContent(doc, kDate);
            for (const QStringList &row : content->assumptions.rows) {
                if (row.value(0) == QLatin1String("Engine memory fraction")) {
                    return row.value(1);
                }
            }
            return QString();
        };
        Scenario s = doc.scenario();
        s.engine.vllmVersion = VllmProfile::V1v24;
        doc.reset(s);
        QCOMPARE(fraction(), QStringLiteral("0.92"));
        s.engine.engine = Engine::Sglang;
        s.hardware.gpu = "h100";
        s.model.ref = "llama-3.1-8b";
        s.hardware.gpuCount = 1;
        doc.reset(s);
        QCOMPARE(fraction(), numberText(doc.plan()->memory.memoryFraction, 2));
        QVERIFY(fraction() != QStringLiteral("0.88"));
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
            << "288 GB advertised, 279.4 GiB usable (as the engines measure it)";
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
            // How sure the decision is: the Sensitivity view's table and tornado charts.
            QStringLiteral("How sure the decision is"),
            QStringLiteral("Decision figures with their ranges"),
            usdCentsText(decisionRanges(p).usdPerMTokAtCapacity.high),
            QStringLiteral("Cost per 1M output tokens"),
            QStringLiteral("Capacity / break-even"),
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

        // Section 5: the serving commands of the core (hostplan-cli serve-cmd, the Deploy view),
        // each flag with its value and why.
        QVERIFY(text.contains(QStringLiteral("5. Serving commands")));
        // Each command as the core writes it, line breaks collapsed as pdfText collapses them.
        for (const ServeCommand &c : serveCommands(p, Catalogue::builtin())) {
            const QString shell = QString::fromStdString(c.shellText()).simplified();
            QVERIFY2(text.contains(shell), qPrintable(shell));
            QVERIFY(text.contains(QString::fromStdString(c.title) + QStringLiteral(": flags")));
        }
        QVERIFY(text.contains(QStringLiteral("vllm serve moonshotai/Kimi-K3 \\ --trust-remote-code "
                                             "\\ --tensor-parallel-size 8 \\")));
        // The flag tables (pdftotext reads cells in no fixed order): flags whole, not broken.
        QVERIFY(text.contains(QStringLiteral("TP 8 of the plan's layout: every layer split over 8 "
                                             "GPUs of one node")));
        for (const char *flag :
             {"--tensor-parallel-size", "--gpu-memory-utilization",
              "--kv_cache_free_gpu_memory_fraction", "--enable-expert-parallel"}) {
            QVERIFY2(text.count(QLatin1String(flag)) >= 2, flag); // command and table
        }
        QVERIFY(text.contains(QStringLiteral("llama-server \\ -m kimi-k3.gguf \\")));
        QVERIFY(text.contains(QStringLiteral("6. Probe results")));
        QVERIFY(text.contains(QStringLiteral("8. How the figures are derived")));
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

    // Memory figures are one replica's: with two data-parallel replicas the table's columns
    // are per GPU, per replica and all replicas (display and CSV), and its title says so.
    void memoryTablePerReplica() {
        ScenarioDocument doc;
        doc.reset(testscenarios::twoReplicas());
        QVERIFY(doc.plan().has_value());
        QCOMPARE(doc.plan()->replicas, 2u);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        const ReportTable &t = content.value().memory;
        QVERIFY2(t.title.contains("per replica and for all 2 replicas"), qPrintable(t.title));
        QCOMPARE(t.headers, (QStringList{"Component", "Per GPU", "Per replica (1 GPU)",
                                         "All 2 replicas (2 GPUs)"}));
        QCOMPARE(t.csvHeaders,
                 (QStringList{"component", "per_gpu_bytes", "total_bytes", "all_replicas_bytes"}));
        const std::uint64_t total = doc.plan()->memory.total.total();
        bool found = false;
        for (int r = 0; r < t.rows.size(); ++r) {
            if (t.csvRows[r].value(0) == "total") {
                found = true;
                QCOMPARE(t.rows[r].value(2), bytesText(double(total)));
                QCOMPARE(t.rows[r].value(3), bytesText(double(2 * total)));
                QCOMPARE(t.csvRows[r].value(3), QString::number(2 * total));
            }
        }
        QVERIFY(found);
        // The cost table says which rate it is at: the chosen offer's own.
        QVERIFY2(content.value().cost.note.startsWith("Cost at the chosen offer's own rate"),
                 qPrintable(content.value().cost.note));
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
                other = row.value(1) ==
                        QLatin1String(
                            "288 GB advertised, 267.7 GiB usable (as the engines measure it)");
            }
        }
        QVERIFY(usable);
        QVERIFY(other);
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
