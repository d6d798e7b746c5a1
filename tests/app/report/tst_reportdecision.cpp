// SPDX-License-Identifier: MIT
// The report's decision figures and their bases, built in memory (buildReportContent): a plan
// that starts short names which rows count the copies the workload's concurrency takes and
// which one copy; a plan that does not fit says never in the ranges as on page 1, with the
// reason for no call; the heavy-user key figure is the core's verdict (decision.h).
#include "appscenarios.h"
#include "catalogue/catalogue.h"
#include "charts/breakevenchart.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"
#include "plan/plancapacity.h"
#include "report/reportcontent.h"
#include "reporttestutil.h"
#include "views/summaryview.h"

#include <QChart>
#include <QLineSeries>
#include <QMap>
#include <QTest>

using namespace hostplan;
using namespace hostplan::ui;
using namespace hostplan::reporttest;

namespace {

/// The default scenario file, loaded (fatal when it does not load).
Scenario defaultFileScenario() {
    auto s = loadScenarioFile(kDefaultScenario.toStdString());
    if (!s.ok()) {
        qFatal("cannot load the default scenario");
    }
    return s.value();
}

/// A report table's display rows by their CSV id (the first CSV cell).
QMap<QString, QStringList> rowsById(const ReportTable &t) {
    QMap<QString, QStringList> rows;
    for (int i = 0; i < t.rows.size(); ++i) {
        rows[t.csvRows[i].value(0)] = t.rows[i];
    }
    return rows;
}

} // namespace

class TestReportDecision : public QObject {
    Q_OBJECT
  private slots:
    // gpt-oss-120b on 1 x H100 holds 1 of the 16 sequences at once: the volume rows of the
    // ranges table count the 16 copies the workload's concurrency takes (break-even 16 x
    // $1,825 / $5e-7 = 58.40 billion), the heavy-user rows one copy ($1,825 / $10 = 182.5,
    // shown whole), and each row, the call and the key figures say which.
    void decisionFiguresNameTheirBasis() {
        ScenarioDocument doc;
        Scenario s = defaultFileScenario();
        s.model.ref = "gpt-oss-120b";
        doc.reset(testscenarios::onGpus(s, "h100", 1));
        const PlanResult &p = *doc.plan();
        QVERIFY(p.fit.startsShort);
        QCOMPARE(concurrencyCopies(p), 16u);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        const QMap<QString, QStringList> ranges = rowsById(content->ranges);
        const DecisionRanges r = decisionRanges(p);
        QCOMPARE(ranges["capacity_output_tokens_per_month"],
                 (QStringList{"Output tokens a month at capacity, 16 copies",
                              tokensText(r.capacityTokensPerMonth.low),
                              tokensText(r.capacityTokensPerMonth.value),
                              tokensText(r.capacityTokensPerMonth.high)}));
        QCOMPARE(ranges["break_even_output_tokens_per_month"].value(0),
                 QString("Break-even volume (output tokens a month), 16 copies"));
        QCOMPARE(ranges["break_even_output_tokens_per_month"].value(2), QString("58.40 billion"));
        QCOMPARE(ranges["heavy_users_served"].value(0), QString("Heavy users served, one copy"));
        QCOMPARE(ranges["heavy_users_served"].value(2),
                 numberText(p.throughput.capacity.usersServed, 1));
        QCOMPARE(ranges["heavy_users_needed"],
                 (QStringList{"Heavy users needed, one copy", "-", "183", "-"}));
        QVERIFY2(content->ranges.note.contains(
                     "This deployment holds 1 of the workload's 16 sequences at once: capacity "
                     "and break-even volume count the 16 copies the workload's concurrency "
                     "takes; heavy users count one copy"),
                 qPrintable(content->ranges.note));
        QVERIFY2(content->rangeCall.startsWith("Falls short of the break-even volume (58.40 "
                                               "billion output tokens a month)"),
                 qPrintable(content->rangeCall));
        QVERIFY(content->rangeCall.contains(
            "Both volumes count the 16 copies of this deployment the workload's concurrency "
            "takes."));
        const QMap<QString, QStringList> keyRows = rowsById(content->keyFigures);
        const QString breakEven = keyRows["breakeven_output_tokens_per_month"].value(1);
        const QString heavy = keyRows["breakeven_heavy_users"].value(1);
        QCOMPARE(breakEven,
                 QString("never: the API stays cheaper at any volume this plan can serve (16 "
                         "copies of this deployment, which the workload's concurrency takes)"));
        QVERIFY2(
            heavy.startsWith("never on this plan: break-even needs 183 heavy users, it serves 4.3"),
            qPrintable(heavy));
        QVERIFY2(
            heavy.endsWith("; one copy of this deployment, not the 16 the workload's concurrency "
                           "takes)"),
            qPrintable(heavy));
        // The break-even chart draws the plan's line from the 16 copies' cost, and says so.
        BreakEvenChart chart(&doc);
        QCOMPARE(chart.options().first().copies, 16);
        QStringList names;
        for (QAbstractSeries *series : chart.chart()->series()) {
            names << series->name();
        }
        QVERIFY2(names.contains("16 copies of 1 x H100-SXM (yours)"), qPrintable(names.join("|")));
        // The Summary names both bases too.
        SummaryView summary(&doc);
        const QString text = summary.toPlainText().simplified();
        QVERIFY2(text.contains("Break-even: never: the API stays cheaper at any volume the 16 "
                               "copies of this deployment the workload's concurrency takes can "
                               "serve."),
                 qPrintable(text));
        QVERIFY2(text.contains("Heavy users are counted on one copy of this deployment ($1,825 a "
                               "month), not the 16 the workload's concurrency takes."),
                 qPrintable(text));
    }

    // Llama 3.1 70B on 2 x A100 80GB does not fit, with both prices known: the ranges say
    // never, as page 1 does, and the call names the misfit as its reason.
    void rangesOfAPlanThatDoesNotFit() {
        ScenarioDocument doc;
        Scenario s = defaultFileScenario();
        s.model.ref = "llama-3.1-70b";
        doc.reset(testscenarios::onGpus(s, "a100-80gb", 2));
        QVERIFY(!doc.plan()->fit.serves() && doc.plan()->apiPriced);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        QCOMPARE(content->rangeCall,
                 QString("No call on capacity against break-even: the plan does not fit, so it "
                         "serves no tokens and never breaks even."));
        const QMap<QString, QStringList> ranges = rowsById(content->ranges);
        QCOMPARE(
            ranges["break_even_output_tokens_per_month"],
            (QStringList{"Break-even volume (output tokens a month)", "never", "never", "never"}));
        QCOMPARE(ranges["heavy_users_needed"],
                 (QStringList{"Heavy users needed", "-", "never", "-"}));
        QCOMPARE(ranges["api_usd_per_month"].value(2), QString("$440"));
    }

    // The default plan's heavy users: 38 needed, 22.7 served, 12.2-40.2 over the band. The key
    // figure gives the core's verdict (within the band), as the CLI and the Summary do.
    void heavyUsersWithinTheBandKeyFigure() {
        ScenarioDocument doc;
        const HeavyUserVerdict h = heavyUserVerdict(*doc.plan());
        QCOMPARE(h.kind, HeavyUserKind::WithinBand);
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        const QString value = rowsById(content->keyFigures)["breakeven_heavy_users"].value(1);
        QCOMPARE(value, QString("not at the modelled capacity of this plan: break-even needs 38 "
                                "heavy users, it serves %1 (%2-%3 over the throughput band): "
                                "within reach only towards the band's fast end (50.0 million "
                                "tokens a month each, all billed at the API's output price)")
                            .arg(numberText(h.usersServed, 1), numberText(h.usersServedLow, 1),
                                 numberText(h.usersServedHigh, 1)));
        QVERIFY(!value.contains("never"));
        // The Summary gives the same verdict.
        SummaryView summary(&doc);
        const QString text = summary.toPlainText().simplified();
        QVERIFY2(text.contains("Self-hosting does not win for heavy users of 50.0 million tokens "
                               "a month each at the modelled capacity of this plan: break-even "
                               "needs 38 heavy users"),
                 qPrintable(text));
        QVERIFY(text.contains("within reach only towards the band's fast end."));
    }

    // A GPU type without a rate (the README's A30 file): the report's rate, rentals, cost
    // table and options row say unknown, and the CSV leaves them empty; they read $0.00, a
    // free rental, where the text and JSON say unknown.
    void unknownRateIsNotFree() {
        auto a30 = loadGpuFile(HOSTPLAN_SOURCE_DIR "/docs/examples/gpus-a30.json");
        QVERIFY(a30.ok());
        Scenario s = defaultFileScenario();
        s.model.ref = "llama-3.1-8b";
        s = testscenarios::onGpus(s, "a30", 1);
        s.hardware.customGpus = a30.value();
        ScenarioDocument doc;
        doc.reset(s);
        QVERIFY(doc.plan());
        QVERIFY(gpuRateUnknown(*doc.plan()));
        auto content = buildReportContent(doc, kDate);
        QVERIFY(content.ok());
        const QMap<QString, QStringList> keys = rowsById(content->keyFigures);
        QCOMPARE(keys["usd_per_gpu_hour"].value(1), QString("unknown (no GPU-hour rate)"));
        QCOMPARE(keys["usd_per_month"].value(1), QString("unknown"));
        QCOMPARE(keys["usd_per_month_always_on"].value(1), QString("unknown"));
        for (int i = 0; i < content->keyFigures.rows.size(); ++i) {
            const QStringList &csv = content->keyFigures.csvRows[i];
            if (csv.value(0).startsWith("usd_per_")) {
                QCOMPARE(csv.value(1), QString()); // empty in the CSV, not 0
            }
        }
        QVERIFY2(content->cost.title.contains("unknown, no GPU-hour rate is known"),
                 qPrintable(content->cost.title));
        for (const QStringList &row : content->cost.rows) {
            QCOMPARE(row.value(2), QString("unknown"));
        }
        QVERIFY(content->cost.note.startsWith("No GPU-hour rate is known for"));
        bool scenarioRow = false;
        for (int i = 0; i < content->options.rows.size(); ++i) {
            if (content->options.csvRows[i].value(0) == "a30") {
                scenarioRow = true;
                QCOMPARE(content->options.rows[i].value(7), QString("unknown"));
                QCOMPARE(content->options.csvRows[i].value(9), QString());
            }
        }
        QVERIFY(scenarioRow);
    }
};

QTEST_MAIN(TestReportDecision)
#include "tst_reportdecision.moc"
