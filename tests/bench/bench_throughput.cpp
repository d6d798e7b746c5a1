// SPDX-License-Identifier: MIT
// Plan-evaluation speed (issue 14): the core must evaluate one plan in at most 2 us on average
// over a sweep of 100,000 plans (Kimi K3 x every catalogue GPU x GPU counts x contexts 1k-1M x
// concurrencies 1-1024), so the ranges and the sensitivity view recompute within a frame.
//
//   BM_ThroughputSweep  computeThroughput() (serving model, capacity search, curve, band) for
//                       each plan of the sweep, memory and fit already evaluated
//   BM_EvaluateSweep    the whole evaluate() per plan (import skipped), for reference
//
// Counters: us_per_plan and ratio_to_2us (<= 1 meets the target).
// Run: build/tests/bench/bench_throughput [--benchmark_min_time=1]
//
// Measured (BM_ThroughputSweep, RelWithDebInfo, median of --benchmark_repetitions=5, CPU time;
// a 2-core machine shared with other builds at load 7-14, so both builds were run alternately):
//   7a741bb                                     4.3-5.3 us per plan, ratio_to_2us 2.1-2.6
//                                               (3.84 us on a clean CI build)
//   closed-loop case + each batch evaluated     3.4-3.9 us per plan, ratio_to_2us 1.7-2.0
//   once + weight-group sums kept               (about 0.72 x the time before: ~2.8 us clean)
//   the same with MTP, FP8 MLA and shipped-KV     2.9-3.4 us per plan (median 3.25 us, ratio
//   rules merged, idle machine, 3 repetitions     1.63)
//   source texts as views (no string copies),     2.56-2.96 us per plan (ratio 1.28-1.48) where
//   GPU name checks kept per GPU, closed-loop      the build before ran 3.45-3.87 (ratio 1.73-1.94)
//   slots not cleared                              in the same runs, alternated, 3 rounds of
//                                                  --benchmark_min_time=1, load 6-8: 0.73 x the
//                                                  time, so about 2.4 us on an idle machine
// Instructions (callgrind, --toggle-collect on a loop of computeThroughput over 256 plans of the
// sweep, 4,000 calls): 7,817 -> 5,834 per plan; heap allocations 5.3 -> 1.06 per plan (the
// curve's vector is the one left). The target is not met yet. Of the instructions left, the
// closed-loop points (about 40 per plan, up to three steps and one exp() each) are under a third,
// the serving model's construction a fifth (the weight-group comparison of the weight-sum cache
// and the layers' attention terms), computeThroughput's own bookkeeping most of the rest; and
// as the sweep cycles through 8,470 evaluated plans, each evaluation reads its plan cold.
//   closed-loop points by a hash on the batch,    2.65-2.78 us per plan (ratio 1.33-1.39) where
//   context terms per serving case, constant      the build before ran 2.95-3.04 (ratio
//   products per serving model, curve inline      1.47-1.52) in the same runs, alternated, 2
//                                                 rounds of --benchmark_min_time=0.5, load 9-11:
//                                                 0.90 x the time
// Instructions (callgrind, --toggle-collect on a loop of 20,000 computeThroughput calls over
// the sweep's plans in its order, a driver linked to hostplan_core): 6,060 -> 5,612 per plan.
// Still above the target. What is left: the serving model's construction (about a fifth:
// the weight-sum cache's key and group comparison, GPU-trait string checks, the layers'
// attention terms) and the steps themselves (a third, one exp() each).
//   expert coverage without the exp() where it     1.38-1.43 us per plan (ratio 0.69-0.72) where
//   is exactly 1 (prefill chunks, large batches)   the build before ran 1.32-1.38 (ratio
//                                                  0.66-0.69) in the same runs, alternated, 2
//                                                  rounds of --benchmark_min_time=0.5, load 7-9:
//                                                  no difference beyond the noise
// The sweep now has 16 GPU types (9,680 plans), and the build before this change ran 1.32-1.54
// us per plan in four runs at load 7-11: under the 2 us target on CPU time. The rounds above
// differ in the branch measured and in the machine's load, so read the wall-clock figures as a
// band and the instruction counts as the load-free measure. Instructions (callgrind, the same
// 20,000-call driver): 5,646 -> 5,475 per plan (x 0.970), of which exp() 520 -> 350. A memo of the
// serving model's model-, GPU- and layout-terms (one thread-local entry checked on a key of
// numbers, the 15 weight groups, the layers and three GPU texts) was tried and left out: on Kimi K3
// its check cost what building the terms costs (about 1,000 instructions per plan either way).
// 2026-12-02, 9942559, one run of --benchmark_min_time=0.1 beside a compile (CPU time):
// BM_ThroughputSweep 1.48 us per plan (ratio 0.74); BM_EvaluateSweep 87.5 us per plan: the whole
// evaluate() (memory, fit, the layout search over every rental offer, throughput, cost, ranges)
// is not under 2 us; the GUI's per-edit cost (bench_recompute) is what bounds a frame.
// 2026-12-02, 14e9c22, --benchmark_min_time=0.5 x 3 repetitions beside two fuzzers at nice 19
// (CPU time, median): BM_ThroughputSweep 1.45 us per plan (ratio_to_2us 0.73, mean 1.48);
// BM_EvaluateSweep 83.0 us per plan. What the 2 us target covers: one plan of the sweep through
// the serving model (the evaluation the ranges and the sensitivity view repeat per edit); the
// whole evaluate() adds the memory model, the layout search over every rental offer and its
// TTFT / TPOT / cost Pareto front (about 55 serving evaluations per plan), once per edit.
#include "plan/plan.h"

#include <benchmark/benchmark.h>

#include <vector>

using namespace hostplan;

namespace {

constexpr double kTargetUs = 2.0;

/// The sweep's scenarios: 14 GPUs x 5 counts x 11 contexts x 11 concurrencies = 8,470 distinct
/// plans, cycled to 100,000 evaluations.
std::vector<Scenario> sweepScenarios() {
    std::vector<Scenario> out;
    const Scenario base = defaultScenario();
    for (const GpuSpec &g : Catalogue::builtin().gpus()) {
        for (std::uint32_t count : {1u, 2u, 4u, 8u, 16u}) {
            for (std::uint64_t ctx = 1024; ctx <= 1u << 20; ctx *= 2) {
                for (std::uint32_t conc = 1; conc <= 1024; conc *= 2) {
                    Scenario s = base;
                    s.hardware.gpu = g.id;
                    s.hardware.gpuCount = count;
                    s.workload.contextTokens = ctx;
                    s.workload.concurrency = conc;
                    out.push_back(s);
                }
            }
        }
    }
    return out;
}

void BM_ThroughputSweep(benchmark::State &state) {
    const auto scenarios = sweepScenarios();
    const Catalogue &cat = Catalogue::builtin();
    const ModelSpec model = resolveModel(scenarios.front(), cat).value();
    std::vector<PlanResult> plans;
    for (const Scenario &s : scenarios) {
        auto r = evaluate(s, cat, model);
        if (r.ok()) {
            plans.push_back(std::move(r).value());
        }
    }
    constexpr std::size_t kPlans = 100000;
    for (auto _ : state) {
        for (std::size_t i = 0; i < kPlans; ++i) {
            const PlanResult &p = plans[i % plans.size()];
            auto t = computeThroughput(p, p.throughput.efficiency);
            benchmark::DoNotOptimize(t);
        }
    }
    state.counters["us_per_plan"] =
        benchmark::Counter(double(kPlans) * double(state.iterations()) * 1e-6,
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["ratio_to_2us"] =
        benchmark::Counter(double(kPlans) * double(state.iterations()) * 1e-6 * kTargetUs,
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ThroughputSweep)->Unit(benchmark::kMillisecond);

void BM_EvaluateSweep(benchmark::State &state) {
    const auto scenarios = sweepScenarios();
    const Catalogue &cat = Catalogue::builtin();
    const ModelSpec model = resolveModel(scenarios.front(), cat).value();
    constexpr std::size_t kPlans = 10000;
    for (auto _ : state) {
        for (std::size_t i = 0; i < kPlans; ++i) {
            auto r = evaluate(scenarios[i % scenarios.size()], cat, model);
            benchmark::DoNotOptimize(r);
        }
    }
    state.counters["us_per_plan"] =
        benchmark::Counter(double(kPlans) * double(state.iterations()) * 1e-6,
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_EvaluateSweep)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
