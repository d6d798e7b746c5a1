// SPDX-License-Identifier: MIT
// The bases of the decision figures (core/plan/decision.h DecisionRanges): a plan that starts
// short counts its break-even volume and capacity over the copies the workload's concurrency
// takes and its heavy users on one copy, and every output (JSON, CLI text) names both; a plan
// that does not fit never breaks even in the ranges either, with the reason for no call; the
// heavy-user verdict tells "within the band" from "out of reach" once, for every output.
#include "plantestutil.h"
#include "plan/decision.h"
#include "plan/plancapacity.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "testutil.h"

#include <QTest>
#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

using namespace hostplan;

namespace {

/// The default scenario's workload (16 x 32,768 tokens; 2 B input, 1 B cached, 0.5 B output
/// tokens and 50 M tokens per heavy user a month) on `gpus` x `gpu` with `model`, compared with
/// the model's cheapest API price.
Scenario onGpus(const std::string &model, const std::string &gpu, std::uint32_t gpus) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.hardware.gpu = gpu;
    s.hardware.gpuCount = gpus;
    s.pricing.apiPriceId.clear();
    return s;
}

/// The plan's CLI text.
std::string planText(const PlanResult &p) {
    std::ostringstream out;
    writePlanText(p, out);
    return out.str();
}

/// Whether `text` holds `part`; the text is the failure message.
#define VERIFY_CONTAINS(text, part)                                                                \
    QVERIFY2((text).find(part) != std::string::npos, (std::string(part) + "\n" + (text)).c_str())

} // namespace

class TestDecisionBases : public QObject {
    Q_OBJECT
  private slots:
    /// gpt-oss-120b on 1 x H100 holds 1 of the 16 sequences at once: the volume figures count
    /// 16 copies ($1,825 a month each at $2.50 per GPU-hour), the heavy-user figures one. The API
    /// (Crusoe: $0.05 in and cached, $0.20 out per 1M tokens) bills the workload $250, $5e-7 per
    /// output token with its input, so break-even is 16 x 1,825 / 5e-7 = 58.4 billion output
    /// tokens; a heavy user's 50 M tokens cost $10, so one copy needs 182.5 of them.
    void startsShortPlanNamesBothBases() {
        const PlanResult p = planOf(onGpus("gpt-oss-120b", "h100", 1));
        QVERIFY(p.fit.startsShort && p.fit.serves());
        QCOMPARE(p.fit.maxConcurrency, 1u);
        QCOMPARE(concurrencyCopies(p), 16u);
        COMPARE_NEAR(p.rental.usdPerMonthScheduled, 1825.0, 1e-9, 0);
        COMPARE_NEAR(p.apiUsdPerMonth, 250.0, 1e-9, 0);

        const DecisionRanges r = decisionRanges(p);
        QCOMPARE(r.volumeCopies, 16u);
        COMPARE_NEAR(r.breakEvenTokensPerMonth, 58.4e9, 0, 1e-9);
        const Capacity &c = p.throughput.capacity;
        COMPARE_NEAR(r.capacityTokensPerMonth.value, 16 * c.outputTokensPerMonth, 0, 1e-12);
        COMPARE_NEAR(r.capacityTokensPerMonth.value, 3.46e9, 0, 0.01); // the review's figure
        // One copy: its rental over one heavy user's bill, and the users one copy serves.
        COMPARE_NEAR(r.heavyUsersNeeded, 182.5, 1e-9, 0);
        QCOMPARE(r.heavyUsersServed.value, c.usersServed);
        COMPARE_NEAR(r.heavyUsersServed.value, c.outputTokensPerMonth / 50e6, 0, 1e-9);
        COMPARE_NEAR(r.heavyUsersServed.value, 4.3, 0.05, 0);
        // The calls are ratios, the same on either basis: 3.46 of 58.4 billion falls short.
        QCOMPARE(r.capacityCall, RangeCall::FallsShort);
        QCOMPARE(r.noCallReason, NoCallReason::None);

        const BreakEvenVerdict be = breakEvenVerdict(p);
        QCOMPARE(be.kind, BreakEvenKind::Never);
        QCOMPARE(be.copies, 16u);
        const HeavyUserVerdict h = heavyUserVerdict(p);
        QCOMPARE(h.kind, HeavyUserKind::OutOfReach); // 183 > 4.8 at the band's fast end
        QCOMPARE(h.usersNeeded, std::uint64_t(183));
        QCOMPARE(h.volumeCopies, 16u);

        const auto j = nlohmann::json::parse(planToJsonText(p));
        QCOMPARE(j["decision"]["ranges"]["volume_copies"].get<int>(), 16);
        QCOMPARE(j["decision"]["ranges"]["heavy_users_copies"].get<int>(), 1);
        QCOMPARE(j["decision"]["break_even"]["copies"].get<int>(), 16);
        QCOMPARE(j["decision"]["heavy_users"]["copies"].get<int>(), 1);
        COMPARE_NEAR(j["decision"]["ranges"]["break_even_output_tokens_per_month"].get<double>(),
                     58.4e9, 0, 1e-9);
        COMPARE_NEAR(j["decision"]["ranges"]["heavy_users_needed"].get<double>(), 182.5, 1e-9, 0);

        const std::string text = planText(p);
        VERIFY_CONTAINS(text, "Break-even never: the API stays cheaper at any volume this plan "
                              "can serve (the 16 copies of this deployment the workload's "
                              "concurrency takes)\n");
        VERIFY_CONTAINS(text, "Heavy users never on this plan (50.0 million tokens per month "
                              "each, $10.00 per month at API output prices; counted on one copy "
                              "of this deployment, its rental $1,825 a month, not the 16 the "
                              "workload's concurrency takes): break-even needs 183 heavy users "
                              "(9.15 billion output tokens a month), one copy serves 4.3");
    }

    /// One copy carries the default workload: one basis, and nothing names copies.
    void oneCopyHasOneBasis() {
        const PlanResult p = planOf(defaultScenario());
        QCOMPARE(decisionRanges(p).volumeCopies, 1u);
        QCOMPARE(breakEvenVerdict(p).copies, 1u);
        QCOMPARE(heavyUserVerdict(p).volumeCopies, 1u);
        const std::string text = planText(p);
        QVERIFY(text.find("counted on one copy") == std::string::npos);
        QVERIFY(text.find("one copy serves") == std::string::npos);
    }

    /// Llama 3.1 70B on 2 x A100 80GB does not fit (the KV room holds no sequence): the ranges
    /// say never, as the break-even and heavy-user verdicts do, and the reason for no call is
    /// the misfit, though both prices are known ($1.60 per GPU-hour, a $440 API bill).
    void planThatDoesNotFitNeverBreaksEvenInTheRanges() {
        const PlanResult p = planOf(onGpus("llama-3.1-70b", "a100-80gb", 2));
        QVERIFY(!p.fit.serves());
        QVERIFY(p.apiPriced && p.usdPerGpuHour > 0);
        COMPARE_NEAR(p.apiUsdPerMonth, 440.0, 1e-9, 0);
        QCOMPARE(breakEvenVerdict(p).kind, BreakEvenKind::DoesNotFit);
        QCOMPARE(heavyUserVerdict(p).kind, HeavyUserKind::DoesNotFit);
        const DecisionRanges r = decisionRanges(p);
        QVERIFY(std::isinf(r.breakEvenTokensPerMonth) && r.breakEvenTokensPerMonth > 0);
        QVERIFY(std::isinf(r.breakEvenTokensPerMonthRange.low));
        QVERIFY(std::isinf(r.breakEvenTokensPerMonthRange.high));
        QVERIFY(std::isinf(r.heavyUsersNeeded));
        QCOMPARE(r.capacityTokensPerMonth.value, 0.0);
        QCOMPARE(r.capacityCall, RangeCall::NotApplicable);
        QCOMPARE(r.priceCall, RangeCall::NotApplicable);
        QCOMPARE(r.noCallReason, NoCallReason::DoesNotFit);
        QCOMPARE(capacityOverBreakEven(p), 0.0);
        // The API's bill is still the API's bill.
        COMPARE_NEAR(r.apiUsdPerMonth.value, 440.0, 1e-9, 0);
        const auto j = nlohmann::json::parse(planToJsonText(p));
        const auto &ranges = j["decision"]["ranges"];
        QVERIFY(ranges["break_even_output_tokens_per_month"].is_null());
        QVERIFY(ranges["heavy_users_needed"].is_null());
        QVERIFY(ranges["break_even_output_tokens_per_month_range"]["value"].is_null());
        QCOMPARE(ranges["capacity_call_reason"].get<std::string>(), std::string("does_not_fit"));
    }

    /// Each reason for no call on capacity, in the order decision.h gives them.
    void noCallReasons() {
        const PlanResult fits = planOf(defaultScenario());
        QCOMPARE(decisionRanges(fits).noCallReason, NoCallReason::None);
        PlanResult unpriced = fits;
        unpriced.apiPriced = false;
        QCOMPARE(decisionRanges(unpriced).noCallReason, NoCallReason::NoApiPrice);
        PlanResult noRate = fits;
        noRate.usdPerGpuHour = 0; // a catalogue rate of 0 without the user's: unknown
        QVERIFY(gpuRateUnknown(noRate));
        QCOMPARE(decisionRanges(noRate).noCallReason, NoCallReason::NoGpuPrice);
        PlanResult noCapacity = fits;
        noCapacity.throughput.capacity.outputTokensPerMonth = 0;
        QCOMPARE(decisionRanges(noCapacity).noCallReason, NoCallReason::NoCapacity);
        Scenario free = defaultScenario();
        free.pricing.apiInputUsdPerMTok = 1e-300; // a near-free API (tst_decision)
        free.pricing.apiCachedInputUsdPerMTok = 1e-300;
        free.pricing.apiOutputUsdPerMTok = 1e-300;
        QCOMPARE(decisionRanges(planOf(free)).noCallReason, NoCallReason::NeverBreaksEven);
        QCOMPARE(noCallReasonId(NoCallReason::DoesNotFit), std::string("does_not_fit"));
        QCOMPARE(noCallReasonId(NoCallReason::NeverBreaksEven), std::string("never_breaks_even"));
    }

    /// Kimi K3 on the default 8 x B300: 38 heavy users needed ($27,798 / $750), more than the
    /// modelled 22.7 but within the band's fast end (40.2): WithinBand, which the JSON, the text
    /// and every display take from heavyUserVerdict, never "never".
    void heavyUsersWithinTheBand() {
        const PlanResult p = planOf(defaultScenario());
        const HeavyUserVerdict h = heavyUserVerdict(p);
        QCOMPARE(h.usersNeeded, std::uint64_t(38));
        COMPARE_NEAR(h.usersServed, 22.7, 0.05, 0);
        COMPARE_NEAR(h.usersServedHigh, 40.2, 0.05, 0);
        QCOMPARE(h.kind, HeavyUserKind::WithinBand);
        const auto j = nlohmann::json::parse(planToJsonText(p));
        QCOMPARE(j["decision"]["heavy_users"]["kind"].get<std::string>(),
                 std::string("within_band"));
        const std::string text = planText(p);
        VERIFY_CONTAINS(text, "Heavy users too close to call: self-hosting does not win at this "
                              "plan's modelled capacity");
        VERIFY_CONTAINS(text, ": within reach only towards the band's fast end\n");
        QVERIFY(text.find("never on this plan") == std::string::npos);
        // Past the fast end it is out of reach: the same plan with a dearer GPU-hour.
        Scenario dear = defaultScenario();
        dear.pricing.usdPerGpuHour = 10.0;
        const HeavyUserVerdict far = heavyUserVerdict(planOf(dear));
        QVERIFY(double(far.usersNeeded) > far.usersServedHigh);
        QCOMPARE(far.kind, HeavyUserKind::OutOfReach);
    }

    // A $0 offer of the user's that the search chooses is a rate of $0 (GPUs counted as free,
    // with the warning), as a typed $0 rate is; not an unknown rate that decides nothing.
    void zeroRateOfferIsARate() {
        Scenario s = defaultScenario();
        s.hardware.gpuCount = 0;
        s.pricing.offers = {quotedOffer("my-free-b300", "b300", 8, 0.0)};
        const PlanResult p = planOf(s);
        QCOMPARE(p.search.best()->offer().id, std::string("my-free-b300"));
        QVERIFY(!gpuRateUnknown(p));
        QVERIFY(recommend(p) != Recommendation::NoGpuPrice);
        bool free = false;
        for (const std::string &w : p.warnings) {
            free |= w.find("the GPU-hour rate is $0") != std::string::npos;
            QVERIFY2(w.find("no GPU-hour rate is known") == std::string::npos, w.c_str());
        }
        QVERIFY(free);
        for (const LayoutCandidate &c : p.search.candidates) {
            QVERIFY2(c.reason.find("% above the chosen $0") == std::string::npos, c.reason.c_str());
        }
        // A $0 plan has no cost or break-even volume to move: no sensitivities (no "capacity
        // over break-even 0.00x" ranked three times at a zero swing); a priced plan has them.
        QVERIFY(sensitivity(p).empty());
        QVERIFY(planText(p).find("0.00x") == std::string::npos);
        QVERIFY(planText(p).find("most sensitive to") == std::string::npos);
        QVERIFY(!sensitivity(planOf(defaultScenario())).empty());
    }

    /// A cheap offer the user entered without an instance shape cannot be ranked: the plan says
    /// so (the search's choice is another offer), not only the JSON's candidates.
    void unrankedUserOfferIsNamed() {
        Scenario s = onGpus("llama-3.1-70b", "h100-sxm", 0);
        RentalOffer cheap = quotedOffer("my-cheap-h100", "h100-sxm", 8, 0.01);
        cheap.gpusPerInstance.reset();
        s.pricing.offers = {cheap};
        const PlanResult p = planOf(s);
        QVERIFY(p.search.found);
        QVERIFY(p.search.best()->offer().id != "my-cheap-h100");
        bool named = false;
        for (const std::string &w : p.warnings) {
            named |= w.rfind("your offer my-cheap-h100 is not ranked: the source gives no "
                             "instance shape",
                             0) == 0;
        }
        QVERIFY(named);
    }

    /// A cheap offer the user entered that holds no layout (one 80 GB GPU for a 140 GB model,
    /// and instances not clustered) is named with the reason of its largest layout tried.
    void userOfferThatHostsNothingIsNamed() {
        Scenario s = onGpus("llama-3.1-70b", "h100-sxm", 0);
        RentalOffer single = quotedOffer("my-single-h100", "h100-sxm", 1, 0.01);
        single.multiInstance = false;
        s.pricing.offers = {single};
        const PlanResult p = planOf(s);
        QVERIFY(p.search.found);
        QVERIFY(p.search.best()->offer().id != "my-single-h100");
        std::vector<std::string> named;
        for (const std::string &w : p.warnings) {
            if (w.rfind("your offer my-single-h100 hosts no layout of this model: ", 0) == 0) {
                named.push_back(w);
            }
        }
        QCOMPARE(named.size(), std::size_t(1));
        QVERIFY2(named.front().find("can be clustered") != std::string::npos ||
                     named.front().find("weights") != std::string::npos,
                 named.front().c_str());
        // An offer that carries the workload (dearer than the choice) is not named.
        s.pricing.offers = {quotedOffer("my-dear-h100", "h100-sxm", 8, 99)};
        for (const std::string &w : planOf(s).warnings) {
            QVERIFY2(w.find("my-dear-h100") == std::string::npos, w.c_str());
        }
    }

    /// A replica of fewer GPUs than the weights alone need is not sized (each GPU holds at least
    /// the weights / n): Kimi K3 on 8 GB cards, whose machines hold 8, has no candidate sized and
    /// says why in one line per offer.
    void replicasBelowTheWeightsAreNotSized() {
        Scenario s = defaultScenario();
        s.hardware.gpu = "rtx-3070";
        s.hardware.gpuCount = 0;
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
        const PlanResult p = planOf(s);
        QVERIFY(!p.search.found);
        VERIFY_CONTAINS(p.search.noneReason, "8 GPUs hold 66.7 GB usable, less than the weights'");
        std::size_t lost = 0;
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.status == CandidateStatus::LostMemory) {
                // Once per offer: its largest size (a machine's GPUs), below the floor.
                QCOMPARE(c.layout.gpuCount(), c.offer().gpusPerInstance.value_or(0));
                ++lost;
            }
        }
        QVERIFY(lost >= 2);
    }

    /// A break-even volume above the modelled capacity but within the throughput band's fast
    /// end is too close to call, not "never": every output gives the volume, the capacity and
    /// the band. The API price is typed so that break-even lands half-way into the band
    /// (output tokens only: volume = rental / output price).
    void breakEvenWithinTheBand() {
        Scenario s = onGpus("llama-3.1-70b", "h100", 4);
        s.workload.concurrency = 8; // one copy holds them all
        s.workload.inputTokensPerMonth = 0;
        s.workload.cachedInputTokensPerMonth = 0;
        const PlanResult first = planOf(s);
        const Capacity &c = first.throughput.capacity;
        QVERIFY(c.outputTokensPerMonthHigh > c.outputTokensPerMonth * 1.05);
        const double target = (c.outputTokensPerMonth + c.outputTokensPerMonthHigh) / 2;
        s.pricing.apiInputUsdPerMTok = 0;
        s.pricing.apiCachedInputUsdPerMTok = 0;
        s.pricing.apiOutputUsdPerMTok = first.rental.usdPerMonthScheduled / target * 1e6;
        const PlanResult p = planOf(s);
        QCOMPARE(concurrencyCopies(p), 1u);
        const BreakEvenVerdict be = breakEvenVerdict(p);
        QCOMPARE(be.kind, BreakEvenKind::Never);
        QVERIFY(be.withinBand);
        COMPARE_NEAR(be.neededOutputTokensPerMonth, target, 0, 1e-9);
        COMPARE_NEAR(be.capacityOutputTokensPerMonth, c.outputTokensPerMonth, 0, 1e-12);
        COMPARE_NEAR(be.capacityHighOutputTokensPerMonth, c.outputTokensPerMonthHigh, 0, 1e-12);
        const std::string text = planText(p);
        VERIFY_CONTAINS(text, "above the modelled capacity");
        VERIFY_CONTAINS(text, "within its band");
        QVERIFY(text.find("Break-even never") == std::string::npos);
        // The note says the same, not "the API stays cheaper at any volume".
        bool close = false;
        for (const std::string &w : p.warnings) {
            QVERIFY2(w.find("the API stays cheaper") == std::string::npos, w.c_str());
            close |= w.rfind("break-even is too close to call", 0) == 0;
        }
        QVERIFY(close);
        const auto j = nlohmann::json::parse(planToJsonText(p));
        QVERIFY(j["decision"]["break_even"]["within_band"].get<bool>());
        // The chart's line has no crossing and says why: within the band, with the volume.
        const BreakEvenChartData chart = breakEvenChart(p, {});
        QCOMPARE(chart.lines.size(), std::size_t(1));
        QVERIFY(!std::isfinite(chart.lines[0].crossingTokensPerMonth));
        QVERIFY(chart.lines[0].withinBand);
        COMPARE_NEAR(chart.lines[0].neededTokensPerMonth, target, 0, 1e-9);
        // Beyond the band's fast end it is out of reach: "never", as before.
        s.pricing.apiOutputUsdPerMTok =
            first.rental.usdPerMonthScheduled / (c.outputTokensPerMonthHigh * 1.2) * 1e6;
        const BreakEvenVerdict beyond = breakEvenVerdict(planOf(s));
        QCOMPARE(beyond.kind, BreakEvenKind::Never);
        QVERIFY(!beyond.withinBand);
        VERIFY_CONTAINS(planText(planOf(s)), "Break-even never");
        const BreakEvenChartData far = breakEvenChart(planOf(s), {});
        QVERIFY(!far.lines[0].withinBand);
        QCOMPARE(far.lines[0].neededTokensPerMonth, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestDecisionBases)
#include "tst_decisionbases.moc"
