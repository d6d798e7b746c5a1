// SPDX-License-Identifier: MIT
// The Sensitivity view, offscreen, on the default plan (Kimi K3 on B300): its tornado charts
// show the core's sensitivity() ranking in order with the core's figures, its table the core's
// decisionRanges(), its sentence the core's call, and its scatter the core's paretoFront(); it
// is rebuilt only while shown and follows an edit when shown again.
#include "charts/paretochart.h"
#include "charts/tornadochart.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "plan/pareto.h"
#include "report/sensitivitytables.h"
#include "testutil.h"
#include "views/sensitivityview.h"
#include "views/summaryview.h"
#include "viewtestutil.h"
#include "window/mainwindow.h"

#include <QTableWidget>
#include <QTabWidget>
#include <QTest>

using namespace hostplan;
using namespace hostplan::ui;

class TestSensitivityView : public QObject {
    Q_OBJECT
  private slots:
    // Free GPUs (a typed rate of $0): the tornadoes say that is why they rank nothing (they
    // said "no capacity" and "no API price or no capacity", both false), and the Summary
    // gives $0.00 per 1M output tokens, not "n/a (no output tokens)".
    void freeGpusSayWhy() {
        MainWindow w;
        Scenario s = w.document()->scenario();
        s.pricing.usdPerGpuHour = 0.0;
        w.document()->edit(s, QStringLiteral("rate"));
        SensitivityView *view = shown(w, w.findChild<SensitivityView *>());
        QCOMPARE(view->costChart()->chart()->title(),
                 QString("Cost per 1M output tokens: the GPUs are free (a rate of $0)"));
        QCOMPARE(view->marginChart()->chart()->title(),
                 QString("Capacity over break-even: the GPUs are free (a rate of $0)"));
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains("Self-hosted cost per 1M output tokens") &&
                     !summary.contains("no output tokens"),
                 qPrintable(summary));
    }

    void tabAfterThroughput() {
        MainWindow w;
        auto *view = w.findChild<SensitivityView *>();
        QVERIFY(view);
        QTabWidget *tabs = w.viewTabs();
        const int index = tabs->indexOf(view);
        QVERIFY(index > 0);
        QCOMPARE(tabs->tabText(index), QStringLiteral("Sensitivity"));
        QCOMPARE(tabs->tabText(index - 1), QStringLiteral("Throughput"));
    }

    void tornadoShowsCoreRanking() {
        MainWindow w;
        SensitivityView *view = shown(w, w.findChild<SensitivityView *>());
        const PlanResult &p = *w.document()->plan();
        const std::vector<SensitivityEntry> ranked = sensitivity(p);
        QVERIFY(ranked.size() >= 7);
        const auto &cost = view->costChart()->bars();
        const auto &margin = view->marginChart()->bars();
        QCOMPARE(cost.size(), qsizetype(ranked.size()));
        QCOMPARE(margin.size(), qsizetype(ranked.size()));
        for (std::size_t i = 0; i < ranked.size(); ++i) {
            QCOMPARE(cost[qsizetype(i)].input, QString::fromStdString(ranked[i].input));
            QCOMPARE(cost[qsizetype(i)].atMinus, ranked[i].costAtMinus);
            QCOMPARE(cost[qsizetype(i)].atPlus, ranked[i].costAtPlus);
            QCOMPARE(margin[qsizetype(i)].input, QString::fromStdString(ranked[i].input));
            QCOMPARE(margin[qsizetype(i)].atMinus, ranked[i].marginAtMinus);
            QCOMPARE(margin[qsizetype(i)].atPlus, ranked[i].marginAtPlus);
        }
        QCOMPARE(view->costChart()->baseline(), p.throughput.capacity.usdPerMTokOutput);
        QCOMPARE(view->marginChart()->baseline(), capacityOverBreakEven(p));
        // The GPU-hour rate moves cost per 1M by exactly -20% / +20%.
        for (const auto &bar : cost) {
            if (bar.input == QStringLiteral("gpu_hour_rate")) {
                COMPARE_NEAR(bar.atPlus, 1.2 * p.throughput.capacity.usdPerMTokOutput, 0, 1e-12);
            }
        }
    }

    void tableAndCallAreCores() {
        MainWindow w;
        SensitivityView *view = shown(w, w.findChild<SensitivityView *>());
        const PlanResult &p = *w.document()->plan();
        const DecisionRanges r = decisionRanges(p);
        QTableWidget *t = view->rangesTable();
        QVERIFY(t->rowCount() >= 6);
        // Row 1: cost per 1M output tokens at capacity, low / likely / high.
        QCOMPARE(t->item(1, 1)->text(), usdCentsText(r.usdPerMTokAtCapacity.low));
        QCOMPARE(t->item(1, 2)->text(), usdCentsText(r.usdPerMTokAtCapacity.value));
        QCOMPARE(t->item(1, 3)->text(), usdCentsText(r.usdPerMTokAtCapacity.high));
        QCOMPARE(t->item(0, 2)->text(), tokensText(r.capacityTokensPerMonth.value));
        // Row 2: heavy users served, to one decimal as the Summary gives them (not rounded up).
        QCOMPARE(t->item(2, 1)->text(), numberText(r.heavyUsersServed.low, 1));
        QCOMPARE(t->item(2, 2)->text(), numberText(r.heavyUsersServed.value, 1));
        QCOMPARE(t->item(2, 3)->text(), numberText(r.heavyUsersServed.high, 1));
        QCOMPARE(view->callText(), rangeCallText(p));
        QVERIFY(!view->callText().isEmpty());
    }

    // At the utilisation where capacity equals the break-even volume the band straddles it: the
    // sentence names the deciding assumption with the GUI's words for the regime (the core's
    // English id, e.g. "decode_heavy", never shows) and the core's figures.
    void tooCloseToCallNamesTheAssumption() {
        MainWindow w;
        Scenario s = w.document()->scenario();
        const DecisionRanges before = decisionRanges(*w.document()->plan());
        QVERIFY(before.utilisationToBreakEven > 0 && before.utilisationToBreakEven < 1);
        s.workload.utilisation = before.utilisationToBreakEven;
        w.document()->edit(s, QStringLiteral("utilisation"));
        const PlanResult &p = *w.document()->plan();
        const DecisionRanges r = decisionRanges(p);
        QCOMPARE(int(r.capacityCall), int(RangeCall::TooCloseToCall));
        const QString text = rangeCallText(p);
        const QString band = numberText(p.throughput.capacity.band.low, 2) + QLatin1Char('-') +
                             numberText(p.throughput.capacity.band.high, 2) + QLatin1Char('x');
        QVERIFY2(text.contains(band), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1Char('_')), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Deciding assumption: utilisation ")),
                 qPrintable(text));
    }

    void scatterShowsCoreFront() {
        MainWindow w;
        SensitivityView *view = shown(w, w.findChild<SensitivityView *>());
        const ParetoFront f = paretoFront(*w.document()->plan());
        QVERIFY(!f.front.empty());
        const auto &pts = view->paretoChart()->frontPoints();
        QCOMPARE(pts.size(), qsizetype(f.front.size()));
        for (std::size_t i = 0; i < f.front.size(); ++i) {
            QCOMPARE(pts[qsizetype(i)].x(), f.front[i].tpotSeconds * 1e3);
            QCOMPARE(pts[qsizetype(i)].y(), f.front[i].ttftSeconds * 1e3);
        }
        QVERIFY(f.plan);
        QCOMPARE(view->paretoChart()->planPoint().x(), f.plan->tpotSeconds * 1e3);
    }

    void followsEditsWhenShown() {
        MainWindow w;
        w.show();
        auto *view = w.findChild<SensitivityView *>();
        w.viewTabs()->setCurrentIndex(0);
        Scenario s = w.document()->scenario();
        s.workload.contextTokens = 65536;
        w.document()->edit(s, QStringLiteral("context"));
        shown(w, view);
        const std::vector<SensitivityEntry> ranked = sensitivity(*w.document()->plan());
        QVERIFY(!ranked.empty());
        QCOMPARE(view->costChart()->bars().first().atMinus, ranked.front().costAtMinus);
        QCOMPARE(view->callText(), rangeCallText(*w.document()->plan()));
    }
};

QTEST_MAIN(TestSensitivityView)
#include "tst_sensitivityview.moc"
