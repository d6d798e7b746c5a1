// SPDX-License-Identifier: MIT
// Layout search benchmark (issue 13): the full search for one model over every catalogue
// offer (every GPU type), on one core. Target: under 50 ms for the whole sweep.
#include "catalogue/catalogue.h"
#include "plan/decision.h"
#include "sizing/layout.h"

#include <benchmark/benchmark.h>

using namespace hostplan;

namespace {

void searchAllOffers(benchmark::State &state, const char *modelId) {
    const Catalogue &cat = Catalogue::builtin();
    const ModelSpec model = cat.loadModel(modelId).value();
    const Scenario scenario = defaultScenario();
    for (auto _ : state) {
        std::size_t candidates = 0;
        for (const GpuSpec &gpu : cat.gpus()) {
            const LayoutSearch s =
                searchLayouts(model, gpu, withGpuType(scenario, gpu.id), cat.offers(),
                              gpu.gpusPerNode, defaultEfficiency(scenario.engine.engine, gpu));
            candidates += s.candidates.size();
        }
        benchmark::DoNotOptimize(candidates);
    }
}

} // namespace

BENCHMARK_CAPTURE(searchAllOffers, kimi_k3, "kimi-k3")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(searchAllOffers, deepseek_v3, "deepseek-v3")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(searchAllOffers, llama_3_1_8b, "llama-3.1-8b")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
