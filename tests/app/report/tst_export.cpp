// SPDX-License-Identifier: MIT
// The exports, offscreen: CSV numbers and columns parse back to the core's numbers, the JSON
// export is the CLI's schema, the CLI writes the same PDF as the GUI path and refuses bad
// arguments, an unwritable path is reported, and the GUI's export actions confirm and write.
// The report's content is tested by tst_report.
#include "appscenarios.h"
#include "report/exportfiles.h"
#include "document/formatting.h"
#include "plan/decision.h"
#include "plan/planjson.h"
#include "probereport.h"
#include "cli/reportcli.h"
#include "report/reportcontent.h"
#include "report/reporttables.h"
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
#include <QDir>
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

} // namespace

class TestExport : public QObject {
    Q_OBJECT
  private slots:
    // Text a spreadsheet would run as a formula gets a leading apostrophe (CSV injection from
    // a scenario or price-list name); numbers HostPlan wrote, negative or signed, do not.
    void csvFormulasNeutralised() {
        ReportTable t;
        t.csvHeaders = {"a"};
        t.csvRows = {{"=1+1"},  {"@SUM(A1)"}, {"-2+3"},   {"+cmd"},  {"\tx"},
                     {"-12.5"}, {"+3%"},      {"-1,024"}, {"plain"}, {"-"}};
        QCOMPARE(tableToCsv(t), QString("a\r\n'=1+1\r\n'@SUM(A1)\r\n'-2+3\r\n'+cmd\r\n'\tx\r\n"
                                        "-12.5\r\n+3%\r\n\"-1,024\"\r\nplain\r\n-\r\n"));
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
        QTest::newRow("dateWithTrailingText")
            << QStringList{"-o", "x.pdf", "--date", "2026-01-01x"}
            << "--date: must be a date YYYY-MM-DD, got '2026-01-01x'";
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

    /// export-csv's -o is a base name: a folder (or a path ending in '/') would give files named
    /// '-summary.csv' inside it, so it is refused naming -o, with a base that works.
    void csvBaseIsNotAFolder() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString &o : {dir.path(), dir.path() + QLatin1Char('/')}) {
            std::ostringstream out;
            std::ostringstream err;
            QCOMPARE(runExportCsvCommand({"-o", o.toStdString()}, out, err), 2);
            QVERIFY2(QString::fromStdString(err.str()).contains("is a folder; give a base name"),
                     err.str().c_str());
            QVERIFY2(QString::fromStdString(err.str()).contains(dir.path() + "/plan writes"),
                     err.str().c_str());
            QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        }
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
        // The users break-even needs where the plan wins from them or they are within its
        // band (the default: 38, too close to call); "never" (out of reach) is an empty cell.
        const HeavyUserVerdict heavy = heavyUserVerdict(p);
        if (heavy.kind == HeavyUserKind::WinsFrom || heavy.kind == HeavyUserKind::WithinBand) {
            QCOMPARE(rowFor(summary, "breakeven_heavy_users").value(1).toDouble(),
                     double(heavy.usersNeeded));
        } else {
            QCOMPARE(rowFor(summary, "breakeven_heavy_users").value(1), QString());
        }
        QCOMPARE(rowFor(summary, "gpus_rented").value(1).toUInt(), p.layout.gpuCount());
        // The unit column holds units; the GPU type is a figure of its own.
        QCOMPARE(rowFor(summary, "gpus_rented").value(2), QStringLiteral("gpus"));
        QCOMPARE(rowFor(summary, "gpu").value(1), QString::fromStdString(p.gpu.id));
        QCOMPARE(rowFor(summary, "gpu").value(2), QString());
        QCOMPARE(rowFor(summary, "usd_per_gpu_hour").value(1), QStringLiteral("4.76"));
        // The default's rate is the catalogue's assumption ($4.76); the search's own offer's
        // month stands beside it.
        const PlanRate rate = planRate(p);
        QVERIFY(rate.searchRateDiffers);
        QCOMPARE(rowFor(summary, "usd_per_month_at_search_offer").value(1).toDouble(),
                 rate.searchUsdPerMonth);
        // The service level a user sees: tokens/s per user and the first token's wait.
        QCOMPARE(rowFor(summary, "tokens_per_second_per_user").value(1).toDouble(),
                 p.throughput.atConcurrency.tokensPerSecondPerSequence);
        QCOMPARE(rowFor(summary, "ttft_s").value(1).toDouble(),
                 p.throughput.atConcurrency.ttftSeconds);

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
                QCOMPARE(r.value(13).toUInt(), o.costedGpus);
            }
            // Whether the rate is a rental offer's: the scenario's B300 is at the catalogue's
            // assumed rate ($4.76), an H100 row at its chosen offer's.
            QCOMPARE(r.value(14), o.offerRate ? QStringLiteral("1") : QStringLiteral("0"));
            if (o.gpu.id == "b300") {
                QVERIFY(!o.offerRate);
                QCOMPARE(o.costedGpus, 8u);
            }
            if (o.gpu.id == "h100-sxm" && o.practicalFound) {
                QVERIFY(o.offerRate);
                QCOMPARE(o.costedGpus, o.practicalGpus);
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

    // The scenario's own row is its plan: with a fixed count above the practical one (Llama 3.1
    // 70B on 8 x H100, which 4 carry), its cost and sequences are at the 8 GPUs and the row says
    // so; the chart's label names the same count (it drew 4 GPUs at the 8-GPU cost).
    // Kimi K3 on H200 at 50 users takes two replicas of 16 GPUs: the assumptions name the 32
    // rented and the replicas, the memory table's KV row one replica's 25 sequences, and the
    // weights table's per-GPU rows (groups, the engine's padding) add up to its total.
    void replicasAndEnginePadding() {
        Scenario s = withGpuType(defaultScenario(), "h200"); // the count back to auto
        s.workload.concurrency = 50;
        s.workload.contextTokens = 32768;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k3-h200.json"));
        QVERIFY(saveScenarioFile(s, path.toStdString()).ok());
        ScenarioDocument doc;
        QVERIFY(doc.open(path).isEmpty());
        const PlanResult &p = *doc.plan();
        QCOMPARE(p.replicas, 2u);
        QCOMPARE(p.rentedGpus(), 32u);
        QVERIFY(p.memory.engine.weightPadding > 0);
        std::ostringstream out;
        std::ostringstream err;
        const QString base = dir.filePath(QStringLiteral("k3.csv"));
        QCOMPARE(runExportCsvCommand({"--scenario", path.toStdString(), "-o", base.toStdString()},
                                     out, err),
                 0);
        const auto assumptions = readCsv(dir.filePath(QStringLiteral("k3-assumptions.csv")));
        QString all;
        for (const QStringList &r : assumptions) {
            all += r.join(QLatin1Char('|')) + QLatin1Char('\n');
        }
        QVERIFY2(all.contains(QStringLiteral("auto (practical count: 32, 2 replicas of 16)")),
                 qPrintable(all));
        const auto memory = readCsv(dir.filePath(QStringLiteral("k3-memory.csv")));
        QCOMPARE(rowFor(memory, "kv_cache").value(1).toULongLong(), p.memory.perGpu.kvCache);
        const auto weights = readCsv(dir.filePath(QStringLiteral("k3-weights.csv")));
        qint64 sum = 0;
        for (int i = 1; i < weights.size(); ++i) {
            if (weights[i].value(0) != QStringLiteral("total")) {
                sum += weights[i].value(5).toLongLong();
            }
        }
        QCOMPARE(rowFor(weights, "engine_padding").value(5).toULongLong(),
                 p.memory.engine.weightPadding);
        QCOMPARE(sum, qint64(p.memory.perGpu.weights));
        QCOMPARE(rowFor(weights, "total").value(5).toLongLong(), sum);
    }

    void scenarioRowAtItsOwnCount() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("l70.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema_version":1,"model":{"ref":"llama-3.1-70b"},
                    "hardware":{"gpu":"h100","gpu_count":8},
                    "workload":{"context_tokens":8192,"concurrency":50}})");
        f.close();
        ScenarioDocument doc;
        QVERIFY(doc.open(path).isEmpty());
        const auto rows = gpuOptionRows(doc);
        const auto own = std::find_if(rows.begin(), rows.end(),
                                      [](const GpuOptionRow &o) { return o.isScenarioGpu; });
        QVERIFY(own != rows.end());
        QVERIFY(own->practicalFound);
        QCOMPARE(own->costedGpus, 8u);
        QVERIFY(own->practicalGpus < 8u);
        COMPARE_NEAR(own->usdPerMonthAlwaysOn, doc.plan()->rental.usdPerMonthAlwaysOn, 0, 1e-12);
        const ReportTable t = reporttables::optionsTable(*doc.plan(), rows);
        const int i = int(own - rows.begin());
        QCOMPARE(t.rows.value(i).value(4),
                 QStringLiteral("%1 (row at your 8)").arg(own->practicalGpus));
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

QTEST_MAIN(TestExport)
#include "tst_export.moc"
