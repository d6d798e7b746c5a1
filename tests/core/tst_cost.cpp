// SPDX-License-Identifier: MIT
// Cost and break-even edge cases (seed rows are in tst_seedfigures).
#include "sizing/cost.h"
#include "plan/plan.h"
#include "testutil.h"

#include <QTest>

#include <cmath>

using namespace hostplan;

class TestCost : public QObject {
    Q_OBJECT
  private slots:
    void apiMix() {
        ApiPrice p;
        p.inputUsdPerMTok = 3;
        p.cachedInputUsdPerMTok = 0.3;
        p.outputUsdPerMTok = 15;
        // 2B input, 1B cached, 0.5B output: 6,000 + 300 + 7,500 USD.
        QCOMPARE(apiUsdPerMonth(p, 2e9, 1e9, 0.5e9), 13800.0);
        const BreakEven b = breakEven(27600, p, 2e9, 1e9, 0.5e9, 50e6, 730);
        // API cost per output token with this mix: 13,800 / 0.5e9 = 2.76e-5 USD.
        COMPARE_NEAR(b.outputTokensPerMonth, 27600 / 2.76e-5, 0, 1e-12);
        COMPARE_NEAR(b.outputOnlyTokensPerMonth, 27600 / 15e-6, 0, 1e-12);
    }
    void freeApiIsNeverBeaten() {
        ApiPrice p;
        const BreakEven b = breakEven(1000, p, 1e9, 0, 1e9, 50e6, 730);
        QVERIFY(std::isinf(b.outputTokensPerMonth));
        QVERIFY(std::isinf(b.heavyUsersToBreakEven));
    }
    void zeroGpusCostNothing() {
        const RentalCost c = rentalCost(0, 3.0, 24, 730);
        QCOMPARE(c.usdPerMonthAlwaysOn, 0.0);
        QVERIFY(std::isinf(budgetUsdPerGpu(100, 0)));
        QVERIFY(std::isinf(transferSeconds(1, 0)));
    }
    void planUsesOverridesAndCatalogue() {
        Scenario s = defaultScenario();
        s.pricing.usdPerGpuHour = 2.0;
        s.pricing.apiOutputUsdPerMTok = 10.0;
        s.workload.hoursPerDay = 12;
        const auto p = evaluate(s);
        QVERIFY(p.ok());
        QCOMPARE(p->usdPerGpuHour, 2.0);
        QCOMPARE(p->api.outputUsdPerMTok, 10.0);
        QCOMPARE(p->api.inputUsdPerMTok, 3.0); // from the catalogue
        COMPARE_NEAR(p->rental.usdPerMonthScheduled, 8 * 2.0 * 12 * 730 / 24.0, 1e-6, 0);
        COMPARE_NEAR(p->rental.usdPerMonthAlwaysOn, 8 * 2.0 * 730, 1e-6, 0);
        // Default rate: B300's catalogue rate.
        const auto d = evaluate(defaultScenario());
        QVERIFY(d.ok());
        QCOMPARE(d->usdPerGpuHour, d->gpu.defaultUsdPerGpuHour);
        QVERIFY(!d->gpu.priceSource.empty() && !d->gpu.priceAsOf.empty());
    }
    void modelWithoutApiPriceWarns() {
        Scenario s = defaultScenario();
        s.model.ref = HOSTPLAN_TEST_DATA_DIR "/unpriced-model"; // a name no API sells
        s.pricing.apiPriceId.clear();
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 1;
        const auto p = evaluate(s);
        QVERIFY(p.ok());
        bool warned = false;
        for (const auto &w : p->warnings) {
            warned |= w.find("no API price") != std::string::npos;
        }
        QVERIFY(warned);
    }
};

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
