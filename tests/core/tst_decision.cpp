// SPDX-License-Identifier: MIT
// The decision unit (core/plan/decision.h): recommendation, pilot range, cost per 1M tokens in
// both definitions, break-even and heavy-user verdicts, GPU options and curves, on the default
// scenario (Kimi K3 on 8 x B300) and on scenarios that do not fit or have no API price.
#include "plantestutil.h"
#include "plan/decision.h"
#include "plan/plancapacity.h"
#include "plan/plantext.h"
#include "plan/planjson.h"
#include "testutil.h"

#include <QTest>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace hostplan;

namespace {

/// Kimi K3 on 8 x H100 SXM at 128k x 64: the weights alone exceed the GPUs.
Scenario noFitScenario() {
    Scenario s = defaultScenario();
    s.hardware.gpu = "h100-sxm";
    s.hardware.gpuCount = 8;
    s.hardware.tp = 8;
    s.hardware.ep = 8;
    s.hardware.pp = 1;
    return s;
}

} // namespace

class TestDecision : public QObject {
    Q_OBJECT
  private slots:
    void pilotRange_data() {
        QTest::addColumn<uint>("practical");
        QTest::addColumn<uint>("node");
        QTest::addColumn<uint>("low");
        QTest::addColumn<uint>("high");
        // Seed 004's starting ranges (H200 16-24, B300 8-16) and the edges.
        QTest::newRow("b300/8") << 8u << 8u << 8u << 16u;
        QTest::newRow("seed004/h100/24") << 24u << 8u << 24u << 32u;
        QTest::newRow("gb300/tray4") << 4u << 4u << 4u << 8u;
        QTest::newRow("nodeOf1") << 1u << 1u << 1u << 2u;
        QTest::newRow("h200/16") << 16u << 8u << 16u << 24u;
        QTest::newRow("h100/32") << 32u << 8u << 32u << 40u;
        QTest::newRow("oneGpu") << 1u << 8u << 1u << 8u;
        QTest::newRow("nodeOf4") << 4u << 4u << 4u << 8u;
        QTest::newRow("noNodeSize") << 3u << 0u << 3u << 4u; // node of 1: one more GPU
        QTest::newRow("none") << 0u << 8u << 0u << 0u;
    }
    void pilotRange() {
        QFETCH(uint, practical);
        QFETCH(uint, node);
        QFETCH(uint, low);
        QFETCH(uint, high);
        const PilotRange r = hostplan::pilotRange(practical, node);
        QCOMPARE(r.low, low);
        QCOMPARE(r.high, high);
    }

    void recommendation_data() {
        QTest::addColumn<bool>("fits");
        QTest::addColumn<double>("api");
        QTest::addColumn<double>("scheduled");
        QTest::addColumn<double>("alwaysOn");
        QTest::addColumn<int>("expected");
        QTest::newRow("doesNotFit") << false << 1e6 << 1e3 << 2e3 << int(Recommendation::Api);
        QTest::newRow("apiCheaper")
            << true << 900.0 << 1000.0 << 3000.0 << int(Recommendation::Api);
        QTest::newRow("apiEqual") << true << 1000.0 << 1000.0 << 3000.0 << int(Recommendation::Api);
        QTest::newRow("burst") << true << 2000.0 << 1000.0 << 3000.0
                               << int(Recommendation::BurstRental);
        QTest::newRow("burstAtAlwaysOn")
            << true << 3000.0 << 1000.0 << 3000.0 << int(Recommendation::BurstRental);
        QTest::newRow("dedicated")
            << true << 5000.0 << 1000.0 << 3000.0 << int(Recommendation::Dedicated);
        QTest::newRow("dedicated24h")
            << true << 5000.0 << 3000.0 << 3000.0 << int(Recommendation::Dedicated);
    }
    void recommendation() {
        QFETCH(bool, fits);
        QFETCH(double, api);
        QFETCH(double, scheduled);
        QFETCH(double, alwaysOn);
        QFETCH(int, expected);
        PlanResult p;
        p.apiPriced = true;
        p.fit.fits = fits;
        p.apiUsdPerMonth = api;
        p.usdPerGpuHour = 1.0;
        p.rental.usdPerMonthScheduled = scheduled;
        p.rental.usdPerMonthAlwaysOn = alwaysOn;
        QCOMPARE(int(recommend(p)), expected);
        // A rate of 0 the user did not type is unknown: a plan that serves decides nothing.
        p.usdPerGpuHour = 0;
        QCOMPARE(int(recommend(p)), fits ? int(Recommendation::NoGpuPrice) : expected);
        p.usdPerGpuHour = 1.0;
        // Without an API price there is nothing to compare, whatever the figures.
        p.apiPriced = false;
        QCOMPARE(recommend(p), Recommendation::NoApiPrice);
    }

    void defaultScenarioDecisions() {
        const PlanResult p = planOf(defaultScenario());
        QVERIFY(p.fit.fits);
        // $13,800 of API a month against $27,798 of rental: the API.
        QCOMPARE(recommend(p), Recommendation::Api);
        QCOMPARE(recommendationId(recommend(p)), std::string("api"));
        const PilotRange pilot = hostplan::pilotRange(p);
        QCOMPARE(pilot.low, 8u);
        QCOMPARE(pilot.high, 16u);
        // Both costs per 1M output tokens: the workload's 0.5 B tokens vs what 8 x B300 serve.
        const CostPerMTok c = costPerMTok(p);
        COMPARE_NEAR(c.forWorkloadUsd, p.rental.usdPerMonthScheduled / 500.0, 1e-9, 0);
        COMPARE_NEAR(c.forWorkloadUsd, 55.60, 0.01, 0);
        QVERIFY(c.atCapacityUsd > 1 && c.atCapacityUsd < c.forWorkloadUsd);
        COMPARE_NEAR(c.atCapacityUsd, p.throughput.capacity.usdPerMTokOutput, 0, 1e-12);
        const BreakEvenVerdict be = breakEvenVerdict(p);
        QCOMPARE(be.kind, BreakEvenKind::At);
        COMPARE_NEAR(be.outputTokensPerMonth, 27798.4 / 2.76e-5, 0, 1e-4);
        // Heavy users: 38 needed ($27,798 / $750), more than the plan serves.
        const HeavyUserVerdict h = heavyUserVerdict(p);
        QCOMPARE(h.apiUsdPerUserMonth, 750.0);
        QCOMPARE(h.usersNeeded, std::uint64_t(38));
        if (h.usersServed >= 38) {
            QCOMPARE(h.kind, HeavyUserKind::WinsFrom);
        } else {
            // Short of 38 at the modelled capacity; the band's fast end decides between
            // "within the band" and "out of reach" (tst_decisionbases).
            QCOMPARE(h.kind, h.usersServedHigh >= 38 ? HeavyUserKind::WithinBand
                                                     : HeavyUserKind::OutOfReach);
        }
        // The users served carry the throughput band: the capacity's own ends, around the
        // modelled figure (the text prints them as "19.6 (10.6-34.7 over the throughput band)").
        const Capacity &cap = p.throughput.capacity;
        QCOMPARE(h.usersServed, cap.usersServed);
        QCOMPARE(h.usersServedLow, cap.usersServedLow);
        QCOMPARE(h.usersServedHigh, cap.usersServedHigh);
        QVERIFY(h.usersServedLow < h.usersServed && h.usersServed < h.usersServedHigh);
        COMPARE_NEAR(h.usersServedLow / h.usersServed, cap.band.low, 1e-9, 0);
        COMPARE_NEAR(h.usersServedHigh / h.usersServed, cap.band.high, 1e-9, 0);
        std::ostringstream text;
        writePlanText(p, text);
        QVERIFY2(text.str().find(" over the throughput band)") != std::string::npos,
                 text.str().c_str());
    }

    void noFitNeverBreaksEven() {
        const PlanResult p = planOf(noFitScenario());
        QVERIFY(!p.fit.fits);
        QCOMPARE(recommend(p), Recommendation::Api);
        QCOMPARE(breakEvenVerdict(p).kind, BreakEvenKind::DoesNotFit);
        const HeavyUserVerdict h = heavyUserVerdict(p);
        QCOMPARE(h.kind, HeavyUserKind::DoesNotFit);
        QCOMPARE(h.usersServed, 0.0); // a plan that does not fit serves no one
        QVERIFY(std::isinf(costPerMTok(p).atCapacityUsd));
        QVERIFY(std::isinf(costPerMTok(p).forWorkloadUsd)); // nor any of the workload's tokens
    }

    /// A plan whose engine starts but holds fewer sequences than the workload asks (Kimi K3 on
    /// the default 8 x B300 at 100 x 32k: the KV room holds some tens) queues the rest: it
    /// does not fit, yet it serves the workload at that running batch, so it is costed, broken
    /// even and compared as what it serves, not as nothing. What stops the engine (a context
    /// above the model's maximum) is no such plan.
    void planThatStartsShortIsCostedAtItsBatch() {
        Scenario s = defaultScenario();
        s.workload.concurrency = 100;
        const PlanResult p = planOf(s);
        QVERIFY(!p.fit.fits);
        QVERIFY(p.fit.startsShort && p.fit.serves());
        QVERIFY2(p.fit.maxConcurrency > 16 && p.fit.maxConcurrency < 100,
                 std::to_string(p.fit.maxConcurrency).c_str());
        QCOMPARE(p.fit.reasons.size(), std::size_t(1));
        QVERIFY2(p.fit.reasons[0].find("the engine starts with them and queues the rest") !=
                     std::string::npos,
                 p.fit.reasons[0].c_str());
        // The throughput model runs the batch the KV room holds.
        QCOMPARE(p.throughput.atConcurrency.batch, p.fit.maxConcurrency);
        QVERIFY(p.throughput.capacity.outputTokensPerMonth > 0);
        // Costs of what it serves (a plan that does not fit had none).
        const CostPerMTok cost = costPerMTok(p);
        QCOMPARE(cost.atCapacityUsd, p.throughput.capacity.usdPerMTokOutput);
        QVERIFY(std::isfinite(cost.atCapacityUsd) && cost.atCapacityUsd > 0);
        QVERIFY(breakEvenVerdict(p).kind != BreakEvenKind::DoesNotFit);
        const HeavyUserVerdict h = heavyUserVerdict(p);
        QVERIFY(h.kind != HeavyUserKind::DoesNotFit);
        QCOMPARE(h.usersServed, p.throughput.capacity.usersServed);
        QVERIFY(h.usersServed > 0);
        // 100 sequences take two copies of a deployment that holds some tens: the capacity
        // and break-even volume the decision compares are those two copies'.
        const std::uint32_t twice = concurrencyCopies(p);
        QCOMPARE(twice, std::uint32_t(std::ceil(100.0 / p.fit.maxConcurrency)));
        QVERIFY(twice >= 2);
        const DecisionRanges r = decisionRanges(p);
        QCOMPARE(r.capacityTokensPerMonth.value,
                 twice * p.throughput.capacity.outputTokensPerMonth);
        // $13,800 of API against $27,798 of rental: the API, for its price, not for a misfit.
        QCOMPARE(recommend(p), Recommendation::Api);
        std::ostringstream text;
        writePlanText(p, text);
        const std::string held = "STARTS SHORT: holds " + std::to_string(p.fit.maxConcurrency) +
                                 " of the 100 sequences at once, the rest queue";
        QVERIFY2(text.str().find(held) != std::string::npos, text.str().c_str());
        // The recommendation names its basis: the copies the workload takes, with the API bill.
        QVERIFY2(text.str().find("recommendation: API (the API bill, $13,800 a month, is no more "
                                 "than renting the " +
                                 std::to_string(workloadCopies(p)) +
                                 " copies of this deployment") != std::string::npos,
                 text.str().c_str());
        QVERIFY(text.str().find("(the plan does not fit)") == std::string::npos);
        const auto j = nlohmann::json::parse(planToJsonText(p, "2026-12-06"));
        QCOMPARE(j["fit"]["fits"].get<bool>(), false);
        QCOMPARE(j["fit"]["starts_short"].get<bool>(), true);

        // The API is compared with the copies that hold the workload's concurrency: at $2 per
        // GPU-hour one deployment ($11,680) undercuts the API, but 1,000 sequences take
        // ceil(1000 / held) of them.
        Scenario many = s;
        many.workload.concurrency = 1000;
        many.pricing.usdPerGpuHour = 2.0;
        const PlanResult m = planOf(many);
        QVERIFY(m.fit.startsShort);
        const auto copies = std::uint32_t(std::ceil(1000.0 / m.fit.maxConcurrency));
        QCOMPARE(workloadCopies(m), copies);
        QCOMPARE(workloadCopies(m, true), copies);
        QVERIFY(m.apiUsdPerMonth > m.rental.usdPerMonthScheduled);
        QVERIFY(m.apiUsdPerMonth < copies * m.rental.usdPerMonthScheduled);
        QCOMPARE(recommend(m), Recommendation::Api);
        // Every figure beside the recommendation is of those copies: the break-even volume is
        // their rental over the API's price of an output token with its input, above the
        // workload's volume (one copy's would be below it, contradicting "API"); the cost per
        // 1M of the workload's tokens is their rental over its tokens, above the API's bill
        // per output token; the chart's step starts at that many deployments.
        QCOMPARE(concurrencyCopies(m), copies);
        const double perOutputToken = apiUsdForOutput(m, 1e6) / 1e6;
        const BreakEvenVerdict be = breakEvenVerdict(m);
        QCOMPARE(be.kind, BreakEvenKind::At);
        QVERIFY(qFuzzyCompare(be.outputTokensPerMonth,
                              copies * m.rental.usdPerMonthScheduled / perOutputToken));
        QVERIFY(m.rental.usdPerMonthScheduled / perOutputToken <
                m.scenario.workload.outputTokensPerMonth);
        QVERIFY(decisionRanges(m).breakEvenTokensPerMonth >
                m.scenario.workload.outputTokensPerMonth);
        const double workloadCost = costPerMTok(m).forWorkloadUsd;
        QVERIFY(qFuzzyCompare(workloadCost, copies * m.rental.usdPerMonthScheduled /
                                                m.scenario.workload.outputTokensPerMonth * 1e6));
        QVERIFY(workloadCost > m.apiUsdPerMonth / m.scenario.workload.outputTokensPerMonth * 1e6);
        const BreakEvenChartData chart = breakEvenChart(m, {});
        QCOMPARE(chart.lines.size(), std::size_t(1));
        QCOMPARE(chart.lines[0].firstCopies, copies);
        QVERIFY(!chart.lines[0].steps.empty());
        QVERIFY(qFuzzyCompare(chart.lines[0].steps.front().second,
                              copies * m.rental.usdPerMonthScheduled));
        std::ostringstream manyText;
        writePlanText(m, manyText);
        const std::string copiesLine = "at the rental of the " + std::to_string(copies) +
                                       " copies of this deployment the workload's concurrency "
                                       "takes";
        QVERIFY2(manyText.str().find(copiesLine) != std::string::npos, manyText.str().c_str());

        // The engine's running cap holds fewer than its KV room: a short start at the cap.
        Scenario capped = defaultScenario();
        capped.workload.concurrency = 50; // the KV room holds them all
        capped.engine.maxNumSeqs = 16;
        const PlanResult c = planOf(capped);
        QVERIFY(!c.fit.fits && c.fit.startsShort);
        QCOMPARE(c.fit.maxConcurrency, 16u);
        QCOMPARE(c.throughput.atConcurrency.batch, 16u);
        QVERIFY2(c.fit.reasons[0].starts_with("the engine runs at most 16 sequences at once "
                                              "(--max-num-seqs 16), fewer than the 50 requested, "
                                              "which the KV room holds: raise it to 50"),
                 c.fit.reasons[0].c_str());
        // With max_num_seqs unset, vLLM lowers it to the step's batched tokens: the advice
        // raises the step, as a larger max_num_seqs alone would be refused.
        Scenario stepped = defaultScenario();
        stepped.workload.concurrency = 50;
        stepped.engine.prefillChunkTokens = 8;
        const PlanResult st = planOf(stepped);
        QVERIFY(!st.fit.fits && st.fit.startsShort);
        QCOMPARE(st.fit.maxConcurrency, 8u);
        QVERIFY2(st.fit.reasons[0].starts_with(
                     "the engine runs at most 8 sequences at once (--max-num-seqs 8, lowered to "
                     "the step's 8 batched tokens), fewer than the 50 requested, which the KV "
                     "room holds: raise the batched tokens to at least 50 "
                     "(engine.prefill_chunk_tokens, --max-num-batched-tokens)"),
                 st.fit.reasons[0].c_str());
        // Set both at 8: raising max_num_seqs alone would be refused, so the advice says both.
        stepped.engine.maxNumSeqs = 8;
        const PlanResult both = planOf(stepped);
        QVERIFY2(both.fit.reasons[0].find(
                     "raise it to 50 (engine.max_num_seqs, --max-num-seqs) with the batched "
                     "tokens at least as many (--max-num-batched-tokens), which vLLM requires") !=
                     std::string::npos,
                 both.fit.reasons[0].c_str());

        // A context above the model's maximum stops the plan: not a short start.
        Scenario tooLong = s;
        tooLong.workload.contextTokens = 4'000'000;
        const PlanResult q = planOf(tooLong);
        QVERIFY(!q.fit.fits && !q.fit.startsShort && !q.fit.serves());
        // Nor is a plan whose weights exceed the GPUs; it has no cost per token in its JSON
        // either (the text's "n/a"), while the short start has one.
        const PlanResult n = planOf(noFitScenario());
        QVERIFY(!n.fit.startsShort && !n.fit.serves());
        const auto nj = nlohmann::json::parse(planToJsonText(n, "2026-12-06"));
        QVERIFY(nj["cost"]["self_host_usd_per_mtok_output"].is_null());
        QVERIFY(nj["decision"]["usd_per_mtok_output_for_workload"].is_null());
        QVERIFY(j["cost"]["self_host_usd_per_mtok_output"].is_number());
        QVERIFY(j["decision"]["usd_per_mtok_output_for_workload"].is_number());
    }

    /// SGLang keeps Kimi K3's KDA state in a pool of its own, already out of the KV room: the
    /// fit, its headroom and the running batch all charge a sequence only its KV there (the
    /// headroom was -9.2 GB and 27 of 34 ran while the verdict said FITS at 34).
    void sglangStatePoolIsChargedOnce() {
        Scenario s = defaultScenario();
        s.engine.engine = Engine::Sglang;
        s.workload.concurrency = 1;
        const std::uint32_t held = planOf(s).fit.maxConcurrency;
        QVERIFY(held > 1);
        s.workload.concurrency = held;
        const PlanResult p = planOf(s);
        QVERIFY(p.memory.engine.stateSlotsInPool > 0);
        QVERIFY(p.fit.fits);
        QVERIFY2(p.fit.headroomBytesPerGpu >= 0, std::to_string(p.fit.headroomBytesPerGpu).c_str());
        QCOMPARE(p.fit.headroomBytesPerGpu,
                 p.memory.kvCapacityBytesPerGpu - std::int64_t(p.memory.perGpu.kvCache));
        QCOMPARE(p.throughput.atConcurrency.batch, held);
        s.workload.concurrency = held + 1;
        QVERIFY(planOf(s).fit.startsShort);
    }

    /// An API priced near nothing (1e-300 $ per million tokens, inside the accepted range):
    /// no heavy-user count is named (converting ~1e301 users to an integer was undefined and
    /// printed 0) and the warning names no infinite volume.
    void nearFreeApiNeverBreaksEven() {
        Scenario s = defaultScenario();
        s.pricing.apiInputUsdPerMTok = 1e-300;
        s.pricing.apiCachedInputUsdPerMTok = 1e-300;
        s.pricing.apiOutputUsdPerMTok = 1e-300;
        const PlanResult p = planOf(s);
        QVERIFY(p.fit.fits && p.apiPriced);
        const HeavyUserVerdict h = heavyUserVerdict(p);
        QCOMPARE(h.kind, HeavyUserKind::Never);
        QCOMPARE(h.usersNeeded, std::uint64_t(0));
        QVERIFY(std::none_of(p.warnings.begin(), p.warnings.end(), [](const std::string &w) {
            return w.find("inf billion") != std::string::npos;
        }));
        QVERIFY(std::any_of(p.warnings.begin(), p.warnings.end(), [](const std::string &w) {
            return w.find("no volume breaks even") != std::string::npos;
        }));
    }

    void noApiPrice() {
        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-8b";
        s.pricing.apiPriceId.clear();
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100-sxm";
        const PlanResult p = planOf(s);
        if (p.apiPriced) {
            QSKIP("llama-3.1-8b has a catalogue API price now");
        }
        QCOMPARE(recommend(p), Recommendation::NoApiPrice);
        QCOMPARE(breakEvenVerdict(p).kind, BreakEvenKind::NotPriced);
        QCOMPARE(heavyUserVerdict(p).kind, HeavyUserKind::NotPriced);
        QVERIFY(!breakEvenChart(p, {}).available);
    }

    void gpuOptionsCoverTheCatalogue() {
        const Scenario s = defaultScenario();
        const Catalogue &cat = Catalogue::builtin();
        const auto model = resolveModel(s, cat);
        QVERIFY(model.ok());
        const auto options = gpuOptions(s, cat, *model);
        QCOMPARE(options.size(), cat.gpus().size());
        int own = 0;
        for (const GpuOption &o : options) {
            own += o.isScenarioGpu;
            QVERIFY2(o.plan || !o.error.empty(), o.gpu.id.c_str());
            if (o.plan) {
                // Every other option is the auto count on its own GPU type; the scenario's own
                // type is the scenario's plan (8 GPUs at the rate the summary shows).
                QCOMPARE(o.plan->gpu.id, o.gpu.id);
                QCOMPARE(o.plan->autoCount, !o.isScenarioGpu);
                if (o.isScenarioGpu) {
                    const auto plan = evaluate(s, cat, *model);
                    QVERIFY(plan.ok());
                    QCOMPARE(o.plan->gpusRented, 8u);
                    QCOMPARE(o.plan->rental.usdPerMonthScheduled,
                             plan->rental.usdPerMonthScheduled);
                }
                QCOMPARE(o.pilot.low, o.plan->fit.practicalFound ? o.plan->fit.gpusPractical : 0u);
            }
            if (o.gpu.id == "b300") {
                QVERIFY(o.isScenarioGpu);
                QCOMPARE(o.pilot.low, 8u);
                QCOMPARE(o.pilot.high, 16u);
            }
        }
        QCOMPARE(own, 1);
        // withGpuType resets the count and the layout, and drops a rate typed for another type.
        Scenario typed = s;
        typed.pricing.usdPerGpuHour = 1.0;
        const Scenario moved = withGpuType(typed, "h200");
        QCOMPARE(moved.hardware.gpu, std::string("h200"));
        QCOMPARE(moved.hardware.gpuCount, 0u);
        QVERIFY(!moved.pricing.usdPerGpuHour);
        QVERIFY(withGpuType(typed, typed.hardware.gpu).pricing.usdPerGpuHour.has_value());
    }

    void breakEvenChartCrossesTheApiLine() {
        const Scenario s = defaultScenario();
        const PlanResult p = planOf(s);
        const auto model = resolveModel(s, Catalogue::builtin());
        const auto chart = breakEvenChart(p, gpuOptions(s, Catalogue::builtin(), *model));
        QVERIFY(chart.available);
        QVERIFY(!chart.lines.empty() && chart.lines.size() <= 3);
        QVERIFY(chart.lines.front().chosen);
        QCOMPARE(chart.apiLine.size(), std::size_t(41));
        QVERIFY(chart.xMinTokens < chart.xMaxTokens);
        for (const BreakEvenLine &l : chart.lines) {
            if (std::isfinite(l.crossingTokensPerMonth)) {
                // At the crossing, n deployments cost what the API does.
                const double n = l.capacityTokensPerMonth > 0
                                     ? std::max(1.0, std::ceil(l.crossingTokensPerMonth /
                                                               l.capacityTokensPerMonth))
                                     : 1.0;
                COMPARE_NEAR(apiUsdForOutput(p, l.crossingTokensPerMonth) >=
                                 n * l.usdPerMonth * (1 - 1e-9),
                             1.0, 0, 0);
            }
            QVERIFY(l.steps.size() >= 2);
        }
    }

    void kvCurveHoldsTheScenariosContext() {
        const PlanResult p = planOf(defaultScenario());
        const auto curve = kvCurve(p);
        QVERIFY(curve.size() >= 5);
        bool found = false;
        for (std::size_t i = 0; i < curve.size(); ++i) {
            if (i > 0) {
                QVERIFY(curve[i].contextTokens > curve[i - 1].contextTokens);
                QVERIFY(curve[i].maxConcurrency <= curve[i - 1].maxConcurrency);
            }
            if (curve[i].contextTokens == 32768) {
                found = true;
                QCOMPARE(curve[i].maxConcurrency, p.fit.maxConcurrency);
                QCOMPARE(curve[i].bytesPerSequencePerGpu, p.memory.cache.perSequencePerGpu(32768));
            }
        }
        QVERIFY(found);
        QCOMPARE(curve.front().contextTokens, std::uint64_t(1024));
        // It ends at the model's maximum context, which engines refuse to exceed.
        QCOMPARE(curve.back().contextTokens, std::uint64_t(p.model.maxContextTokens));
        Scenario q = defaultScenario();
        q.model.ref = "qwen3-235b-a22b";
        q.workload.contextTokens = 8192;
        const PlanResult qp = planOf(q);
        QCOMPARE(qp.model.maxContextTokens, std::uint64_t(40960));
        const auto qc = kvCurve(qp);
        QCOMPARE(qc.back().contextTokens, std::uint64_t(40960)); // not 64K, 128K
        QCOMPARE(qc[qc.size() - 2].contextTokens, std::uint64_t(32768));
    }

    void engineTable() {
        QCOMPARE(engines().size(), std::size_t(3));
        QCOMPARE(engineName(Engine::TensorRtLlm), std::string("trtllm"));
        QCOMPARE(parseEngine("TensorRT-LLM").value(), Engine::TensorRtLlm);
        QVERIFY(!parseEngine("ollama").ok());
        QCOMPARE(parseEngine("ollama").error().field, std::string("engine"));
        // A scenario naming llama.cpp is told where llama.cpp is planned.
        QVERIFY2(parseEngine("llama.cpp").error().message.find("--engine llama.cpp") !=
                     std::string::npos,
                 parseEngine("llama.cpp").error().message.c_str());
        QVERIFY(parseEngine("foo").error().message.find("expected vllm, sglang or trtllm") !=
                std::string::npos);
        GpuSpec small;
        small.usableMemoryBytes = std::uint64_t(48) << 30;
        GpuSpec large;
        large.usableMemoryBytes = std::uint64_t(80) << 30;
        QCOMPARE(engineMaxSequences(Engine::Vllm, small), 256u);
        QCOMPARE(engineMaxSequences(Engine::Vllm, large), 1024u);
        QCOMPARE(engineMaxSequences(Engine::Sglang, large), 0u);
        QCOMPARE(engineInfo(Engine::TensorRtLlm).poolRule, MemoryPoolRule::FractionOfFreeAfterLoad);
    }

    // Issue 14: ranges from the throughput band, and "too close to call" where the band
    // straddles the break-even volume, naming the deciding assumption.
    void rangesAndTooCloseToCall() {
        Scenario s = defaultScenario();
        const PlanResult p = planOf(s);
        const DecisionRanges r = decisionRanges(p);
        QVERIFY(r.capacityTokensPerMonth.low < r.capacityTokensPerMonth.value);
        QVERIFY(r.capacityTokensPerMonth.value < r.capacityTokensPerMonth.high);
        QVERIFY(r.usdPerMTokAtCapacity.low < r.usdPerMTokAtCapacity.high);
        QVERIFY(r.breakEvenTokensPerMonth > 0);
        QVERIFY(r.utilisationToBreakEven > 0);
        // At the utilisation where capacity equals break-even, the band straddles it.
        if (r.utilisationToBreakEven < 1) {
            s.workload.utilisation = r.utilisationToBreakEven;
            const DecisionRanges close = decisionRanges(planOf(s));
            QCOMPARE(close.capacityCall, RangeCall::TooCloseToCall);
            QVERIFY(close.decidingAssumption.find("utilisation") != std::string::npos);
        }
        QCOMPARE(rangeCallId(RangeCall::TooCloseToCall), std::string("too_close_to_call"));
    }

    void sensitivityIsRanked() {
        const PlanResult p = planOf(defaultScenario());
        const auto ranked = sensitivity(p);
        QVERIFY(ranked.size() >= 7);
        for (std::size_t i = 1; i < ranked.size(); ++i) {
            QVERIFY(ranked[i - 1].swing >= ranked[i].swing);
        }
        // Utilisation and the GPU-hour rate move cost per 1M by 20-25% by construction.
        for (const auto &e : ranked) {
            if (e.input == "gpu_hour_rate") {
                COMPARE_NEAR(e.costAtPlus / p.throughput.capacity.usdPerMTokOutput, 1.2, 0, 1e-9);
            }
        }
    }

    // A plan that holds the sequences but serves less than the workload's monthly output says
    // so, and prices a token it serves, not a token of the workload it cannot produce.
    void planShortOfTheWorkloadSaysSo() {
        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-70b";
        s.model.weightsFormat = formats::int4g128;
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "l40s";
        s.hardware.gpuCount = 4;
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 8;
        s.pricing.apiPriceId.clear();
        const PlanResult p = evaluate(s).value();
        const Capacity &c = p.throughput.capacity;
        QVERIFY(p.fit.fits);
        QVERIFY2(!c.carriesWorkload && c.replicasForWorkload >= 2,
                 std::to_string(c.replicasForWorkload).c_str());
        const auto short_ = std::find_if(p.warnings.begin(), p.warnings.end(), [](const auto &w) {
            return w.starts_with("the plan serves only ");
        });
        QVERIFY(short_ != p.warnings.end());
        QVERIFY2(short_->find(std::to_string(c.replicasForWorkload) + " copies of this layout") !=
                     std::string::npos,
                 short_->c_str());
        COMPARE_NEAR(p.selfHostUsdPerMTokOutput,
                     p.rental.usdPerMonthScheduled / c.outputTokensPerMonth * 1e6, 0, 1e-9);
        QVERIFY(p.selfHostUsdPerMTokOutput >
                p.rental.usdPerMonthScheduled / s.workload.outputTokensPerMonth * 1e6);
        // A twentieth of each volume (the same input / output mix) is carried: no warning,
        // the workload's own tokens.
        s.workload.inputTokensPerMonth /= 20;
        s.workload.cachedInputTokensPerMonth /= 20;
        s.workload.outputTokensPerMonth /= 20;
        QVERIFY(s.workload.outputTokensPerMonth < c.outputTokensPerMonth);
        const PlanResult q = evaluate(s).value();
        QVERIFY(std::none_of(q.warnings.begin(), q.warnings.end(),
                             [](const auto &w) { return w.starts_with("the plan serves only "); }));
        COMPARE_NEAR(q.selfHostUsdPerMTokOutput,
                     q.rental.usdPerMonthScheduled / s.workload.outputTokensPerMonth * 1e6, 0,
                     1e-9);
    }

    // A deployment that serves part of the workload is compared with the API as the copies
    // that carry it: the default scenario at 8 h a day costs $9,266 against the API's $13,800,
    // but serves 75 % of the output, so two copies ($18,532) are what the API bill buys, and
    // the API wins (it recommended "Burst rental").
    void shortPlanComparedAsItsCopies() {
        Scenario s = defaultScenario();
        s.workload.hoursPerDay = 8;
        const PlanResult p = planOf(s);
        QVERIFY(p.fit.fits);
        QCOMPARE(workloadCopies(p), 2u);
        QVERIFY(p.rental.usdPerMonthScheduled < p.apiUsdPerMonth);
        QVERIFY(2 * p.rental.usdPerMonthScheduled > p.apiUsdPerMonth);
        QCOMPARE(recommend(p), Recommendation::Api);
        std::ostringstream text;
        writePlanText(p, text);
        QVERIFY2(text.str().find("compared at 2 copies of this deployment, which the workload "
                                 "takes: $18,532 a month at the chosen hours (1 always "
                                 "on: $27,798)") != std::string::npos,
                 text.str().c_str());
        // Around the clock one copy serves three times as much: one carries it.
        QCOMPARE(workloadCopies(p, true), 1u);
        // A plan that carries its workload is one copy.
        QCOMPARE(workloadCopies(planOf(defaultScenario())), 1u);
    }

    // Pipeline stages over three H100s decode slower than the target at every batch: the text
    // says there is no capacity, not "0 sequences" and a band of "0-0 tokens/s".
    void noCapacitySaysSo() {
        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-70b";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100-sxm";
        s.hardware.gpuCount = 3;
        s.pricing.apiPriceId.clear();
        const PlanResult p = planOf(s);
        QCOMPARE(p.throughput.capacity.batch, 0u);
        std::ostringstream text;
        writePlanText(p, text);
        QVERIFY2(text.str().find("capacity at 50 ms per output token: none (even one sequence "
                                 "decodes slower than that)") != std::string::npos,
                 text.str().c_str());
        QVERIFY(text.str().find("likely 0-0") == std::string::npos);
    }

    // The workload's own concurrency decoding slower than the target is a warning that says how
    // many sequences meet it.
    void slowAtTheWorkloadsConcurrencyWarns() {
        Scenario s = defaultScenario();
        s.workload.targetSecondsPerOutputToken = 0.001;
        const PlanResult p = planOf(s);
        const auto slow = std::find_if(p.warnings.begin(), p.warnings.end(), [](const auto &w) {
            return w.starts_with("the workload's concurrency runs at ");
        });
        QVERIFY(slow != p.warnings.end());
        QVERIFY2(slow->find("above the 1 ms target: not even one sequence meets it") !=
                     std::string::npos,
                 slow->c_str());
        const PlanResult fast = planOf(defaultScenario());
        QVERIFY(std::none_of(fast.warnings.begin(), fast.warnings.end(), [](const auto &w) {
            return w.starts_with("the workload's concurrency runs at ");
        }));
    }

    // One product priced in two snapshots (DeepInfra Turbo's Llama 3.1 70B of 2026-11-05 and
    // of 2026-12-01): only the newer is compared.
    void supersededApiPriceIsDropped() {
        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-70b";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100-sxm";
        s.pricing.apiPriceId.clear();
        const PlanResult p = evaluate(s).value();
        int turbo = 0;
        for (const ApiAlternative &a : p.apiAlternatives) {
            if (a.price.name == "Llama 3.1 70B Instruct, DeepInfra (Turbo)") {
                ++turbo;
                QCOMPARE(QString::fromStdString(a.price.asOf), "2026-12-01");
            }
        }
        QCOMPARE(turbo, 1);
    }
};

QTEST_GUILESS_MAIN(TestDecision)
#include "tst_decision.moc"
