// SPDX-License-Identifier: MIT
// The layout search's latency / cost Pareto front (core/plan/pareto.h): on the default scenario
// (Kimi K3 on 8 x B300, where one layout, TP 8 x EP 8, carries the workload on two offers) and
// on smaller models on H100 SXM with the count on auto (several layouts and replicas): real
// TTFT / TPOT / cost figures, every returned point non-dominated, every dropped candidate
// dominated by a returned one, the plan's own point equal to its throughput figures, and the
// same front in plan --json.
#include "plan/pareto.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "plantestutil.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

using namespace hostplan;

namespace {

/// `model` (Llama 3.1 8B unless named) on H100 SXM with the GPU count and layout on auto (the
/// search's free choice).
Scenario onH100Auto(const std::string &model = "llama-3.1-8b") {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.hardware.gpu = "h100-sxm";
    s.hardware.gpuCount = 0;
    s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
    return s;
}

} // namespace

class TestPareto : public QObject {
    Q_OBJECT
  private slots:
    void dominance() {
        ParetoPoint a;
        a.ttftSeconds = 1;
        a.tpotSeconds = 0.02;
        a.usdPerMTokOutput = 3;
        ParetoPoint b = a;
        QVERIFY(!dominates(a, b)); // equal: neither beats the other
        b.usdPerMTokOutput = 4;
        QVERIFY(dominates(a, b));
        QVERIFY(!dominates(b, a));
        b.tpotSeconds = 0.01; // faster but dearer: a trade-off, both stay
        QVERIFY(!dominates(a, b));
        QVERIFY(!dominates(b, a));
        // A TTFT 0.03 % longer (1766.4 vs 1765.9 ms, printed alike) does not save a point
        // that is dearer and slower per token.
        ParetoPoint c = a;
        c.ttftSeconds = a.ttftSeconds * 1.0003;
        ParetoPoint d = a;
        d.tpotSeconds = a.tpotSeconds * 1.05;
        d.usdPerMTokOutput = a.usdPerMTokOutput * 2.8;
        QVERIFY(dominates(c, d));
        QVERIFY(!dominates(d, c));
        QCOMPARE(a.label(), std::string("TP 1 x EP 1 x PP 1 x DP 1"));
    }

    void defaultScenarioFront() {
        const PlanResult p = planOf(defaultScenario());
        const ParetoFront f = paretoFront(p);
        QVERIFY(!f.front.empty());
        // Every carrying candidate of the search is on the front or dropped.
        std::size_t carrying = 0;
        for (const LayoutCandidate &c : p.search.candidates) {
            carrying += c.carries() ? 1 : 0;
        }
        QCOMPARE(f.front.size() + f.dominated.size(), carrying);
        for (const ParetoPoint &a : f.front) {
            QVERIFY(a.ttftSeconds > 0 && a.tpotSeconds > 0 && a.usdPerMTokOutput > 0);
            for (const ParetoPoint &b : f.front) {
                QVERIFY2(!dominates(b, a), (b.label() + " beats " + a.label()).c_str());
            }
        }
        for (const ParetoPoint &d : f.dominated) {
            const bool beaten = std::any_of(f.front.begin(), f.front.end(),
                                            [&](const ParetoPoint &a) { return dominates(a, d); });
            QVERIFY2(beaten, d.label().c_str());
        }
        for (std::size_t i = 1; i < f.front.size(); ++i) {
            QVERIFY(f.front[i - 1].tpotSeconds <= f.front[i].tpotSeconds);
        }
        // The plan's own point is its throughput at the workload, and its candidate (the
        // search's choice) is evaluated to the same figures.
        QVERIFY(f.plan);
        COMPARE_NEAR(f.plan->ttftSeconds, p.throughput.atConcurrency.ttftSeconds, 0, 1e-12);
        COMPARE_NEAR(f.plan->tpotSeconds, p.throughput.atConcurrency.tpotSeconds, 0, 1e-12);
        COMPARE_NEAR(f.plan->usdPerMTokOutput, p.throughput.capacity.usdPerMTokOutput, 0, 1e-12);
        int marked = 0;
        for (const auto *list : {&f.front, &f.dominated}) {
            for (const ParetoPoint &e : *list) {
                if (e.isPlan) {
                    ++marked;
                    COMPARE_NEAR(e.ttftSeconds, f.plan->ttftSeconds, 0, 1e-9);
                    COMPARE_NEAR(e.tpotSeconds, f.plan->tpotSeconds, 0, 1e-9);
                    // The candidate is priced at its offer's rate, the plan at its own
                    // (planRate(): the default scenario fixes 8 GPUs, so the catalogue rate).
                    const double rate = p.layoutFromSearch ? p.rental.usdPerMonthScheduled
                                                           : p.search.best()->usdPerMonth;
                    COMPARE_NEAR(e.usdPerMTokOutput,
                                 rate / p.throughput.capacity.outputTokensPerMonth * 1e6, 0, 1e-9);
                }
            }
        }
        QCOMPARE(marked, 1);
        // Real figures of today's model on the default scenario (fastest TPOT first).
        QCOMPARE(f.front.size(), std::size_t(1));
        QCOMPARE(f.dominated.size(), std::size_t(1));
        QCOMPARE(f.front[0].label(), std::string("TP 8 x EP 8 x PP 1 x DP 1"));
        QCOMPARE(f.front[0].gpus, 8u);
        QCOMPARE(f.front[0].offerId, std::string("nebius-hgx-b300"));
        // vLLM's asynchronous scheduling (the v0.19 rules' default) overlaps the CPU's step.
        COMPARE_NEAR(f.front[0].ttftSeconds, 1.0404013119348235, 0, 1e-9);
        COMPARE_NEAR(f.front[0].tpotSeconds, 0.028441306898620685, 0, 1e-9);
        COMPARE_NEAR(f.front[0].outputTokensPerSecond, 558.3182328990513, 0, 1e-9);
        COMPARE_NEAR(f.front[0].usdPerMTokOutput, 48.9778625642076, 0, 1e-9);
    }

    // Llama 3.1 8B on H100 SXM with the count on auto: layouts from TP 8 on one instance to
    // two single-GPU replicas trade latency against cost; three are on the front.
    void smallModelFront() {
        Scenario s = onH100Auto();
        const PlanResult p = planOf(s);
        const ParetoFront f = paretoFront(p);
        QCOMPARE(f.front.size(), std::size_t(3));
        QCOMPARE(f.dominated.size(), std::size_t(35));
        QCOMPARE(f.front[0].label(), std::string("TP 8 x EP 1 x PP 1 x DP 1"));
        COMPARE_NEAR(f.front[0].tpotSeconds, 0.005234187026572189, 0, 1e-9);
        COMPARE_NEAR(f.front[0].ttftSeconds, 0.34383164930971645, 0, 1e-9);
        // v0.19's start-up rules (the default): the smaller sampler warm-up leaves more KV room,
        // and asynchronous scheduling overlaps the CPU's step with the GPU's.
        COMPARE_NEAR(f.front[0].usdPerMTokOutput, 3.8388148759222886, 0, 1e-9);
        QCOMPARE(f.front[1].label(), std::string("TP 4 x EP 1 x PP 1 x DP 2"));
        COMPARE_NEAR(f.front[1].usdPerMTokOutput, 3.6615656394223364, 0, 1e-9);
        // The search's choice: two single-GPU replicas, the slowest and cheapest per token.
        QCOMPARE(f.front[2].label(), std::string("TP 1 x EP 1 x PP 1 x DP 2"));
        QCOMPARE(f.front[2].gpus, 2u);
        QCOMPARE(f.front[2].offerId, std::string("vastai-1x-h100-sxm-median"));
        QVERIFY(f.front[2].isPlan);
        COMPARE_NEAR(f.front[2].tpotSeconds, 0.018970724319607292, 0, 1e-9);
        COMPARE_NEAR(f.front[2].ttftSeconds, 1.4179340742072525, 0, 1e-9);
        COMPARE_NEAR(f.front[2].outputTokensPerSecond, 830.3240894889399, 0, 1e-9);
        COMPARE_NEAR(f.front[2].usdPerMTokOutput, 2.6648908978640184, 0, 1e-9);
        for (const ParetoPoint &d : f.dominated) {
            QVERIFY(std::any_of(f.front.begin(), f.front.end(),
                                [&](const ParetoPoint &a) { return dominates(a, d); }));
        }
    }

    // An offer the user rents for nothing ($0 an hour: hardware already paid for) is the plan's
    // choice and a point of the front at $0 per 1M tokens, not left out as if it had no cost.
    void freeOfferIsOnTheFront() {
        Scenario s = onH100Auto();
        s.pricing.offers = {quotedOffer("my-free-h100", "h100-sxm", 8, 0.0)};
        const PlanResult p = planOf(s);
        QCOMPARE(p.search.best()->offer().id, std::string("my-free-h100"));
        const ParetoFront f = paretoFront(p);
        // Every layout on the free offer costs $0 a token: the front is theirs (a priced offer
        // of the same GPUs is no faster), and the plan's own point is on it or beaten by one
        // of them on latency alone (it was left out, and the front held a priced layout only).
        QVERIFY(!f.front.empty());
        for (const ParetoPoint &q : f.front) {
            QCOMPARE(q.offerId, std::string("my-free-h100"));
            QCOMPARE(q.usdPerMTokOutput, 0.0);
        }
        const bool planShown = std::any_of(f.front.begin(), f.front.end(),
                                           [](const ParetoPoint &q) { return q.isPlan; }) ||
                               std::any_of(f.dominated.begin(), f.dominated.end(),
                                           [](const ParetoPoint &q) { return q.isPlan; });
        QVERIFY(planShown);
    }

    // Qwen3-235B FP8 on H200 with the count on auto, 64 x 32k: one layout on RunPod's 2-GPU
    // and 4-GPU pods at the same rate ties on every figure, as it does on two providers whose
    // rates are within 0.5 % (the front's tie); the front lists it once.
    void tiesListedOnce() {
        Scenario s = defaultScenario();
        s.model.ref = "qwen3-235b-a22b";
        s.model.weightsFormat = formats::fp8;
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h200";
        s.workload.concurrency = 64;
        s.workload.inputTokensPerMonth = 8e9;
        s.workload.cachedInputTokensPerMonth = 2e9;
        s.workload.outputTokensPerMonth = 2e9;
        const auto near = [](double x, double y) { return std::abs(x / y - 1) <= 0.005; };
        for (const bool onDeepSeek : {false, true}) {
            if (onDeepSeek) { // DeepSeek V3 on 8 x H200: Nebius and AWS 0.15 % apart
                s.model.ref = "deepseek-v3";
                s.model.weightsFormat.reset();
                s.hardware.gpuCount = 8;
                s.workload.contextTokens = 65536;
                s.workload.concurrency = 16;
            }
            const ParetoFront f = paretoFront(planOf(s));
            QVERIFY(!f.front.empty());
            for (std::size_t i = 0; i < f.front.size(); ++i) {
                for (std::size_t j = i + 1; j < f.front.size(); ++j) {
                    const ParetoPoint &a = f.front[i];
                    const ParetoPoint &b = f.front[j];
                    QVERIFY2(!(a.layout == b.layout && a.replicas == b.replicas &&
                               a.gpus == b.gpus && near(a.tpotSeconds, b.tpotSeconds) &&
                               near(a.ttftSeconds, b.ttftSeconds) &&
                               near(a.usdPerMTokOutput, b.usdPerMTokOutput)),
                             (a.offerId + " / " + b.offerId).c_str());
                }
            }
        }
        const ParetoFront f = paretoFront(planOf(s));
        // Every dropped candidate is dominated by, or ties, one on the front.
        for (const ParetoPoint &d : f.dominated) {
            QVERIFY(std::any_of(f.front.begin(), f.front.end(), [&](const ParetoPoint &a) {
                return dominates(a, d) ||
                       (near(a.tpotSeconds, d.tpotSeconds) && near(a.ttftSeconds, d.ttftSeconds) &&
                        near(a.usdPerMTokOutput, d.usdPerMTokOutput));
            }));
        }
    }

    // gpt-oss-120b on H100 SXM: the cheapest rent a month is not the cheapest per token at
    // capacity, so the search's choice is dominated and stays off the front.
    void choiceCanBeDominated() {
        const ParetoFront f = paretoFront(planOf(onH100Auto("gpt-oss-120b")));
        // Two trade-offs (points of equal figures, e.g. one layout on two offers of the same
        // price, count once).
        std::set<std::pair<double, double>> distinct;
        for (const ParetoPoint &e : f.front) {
            distinct.insert({e.usdPerMTokOutput, e.tpotSeconds});
        }
        QCOMPARE(distinct.size(), std::size_t(2));
        QVERIFY(std::none_of(f.front.begin(), f.front.end(),
                             [](const ParetoPoint &e) { return e.isPlan; }));
        const auto own = std::find_if(f.dominated.begin(), f.dominated.end(),
                                      [](const ParetoPoint &e) { return e.isPlan; });
        QVERIFY(own != f.dominated.end());
        QVERIFY(std::any_of(f.front.begin(), f.front.end(),
                            [&](const ParetoPoint &a) { return dominates(a, *own); }));
    }

    // The text names each row's offer, and the plan's row also gives the plan's own cost at its
    // rate (the Cost and Decision lines' figure) where the offer's rate differs: Kimi K3's
    // 8 x B300 is $4.76 per GPU-hour in the plan, $9.50 on the chosen offer.
    void planRowNamesBothRates() {
        const PlanResult p = planOf(defaultScenario());
        const ParetoFront f = paretoFront(p);
        const auto own = std::find_if(f.front.begin(), f.front.end(),
                                      [](const ParetoPoint &e) { return e.isPlan; });
        QVERIFY(own != f.front.end() && f.plan);
        QVERIFY(std::abs(own->usdPerMTokOutput - f.plan->usdPerMTokOutput) > 1);
        std::ostringstream text;
        writePlanText(p, text);
        COMPARE_NEAR(f.plan->usdPerMTokOutput, 24.54, 0.005, 0);
        const std::string want = " per 1M output tokens on " + own->offerId +
                                 " (this plan; $24.54 at its rate of $4.76 per GPU-hour)";
        QVERIFY2(text.str().find(want) != std::string::npos, text.str().c_str());
    }

    void inPlanJson() {
        const PlanResult p = planOf(defaultScenario());
        const ParetoFront f = paretoFront(p);
        const auto j = planToJson(p);
        QVERIFY(j.contains("pareto"));
        QCOMPARE(j["pareto"].size(), f.front.size());
        const auto &first = j["pareto"][0];
        QCOMPARE(first["layout"]["tp"].get<std::uint32_t>(), f.front[0].layout.tp);
        QCOMPARE(first["layout"]["dp"].get<std::uint32_t>(), f.front[0].replicas);
        COMPARE_NEAR(first["tpot_ms"].get<double>(), f.front[0].tpotSeconds * 1e3, 0, 1e-12);
        COMPARE_NEAR(first["usd_per_mtok_output"].get<double>(), f.front[0].usdPerMTokOutput, 0,
                     1e-12);
    }
};

QTEST_GUILESS_MAIN(TestPareto)
#include "tst_pareto.moc"
