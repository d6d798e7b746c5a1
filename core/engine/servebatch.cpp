// SPDX-License-Identifier: MIT
#include "engine/servebatch.h"

#include "engine/vllmcounts.h"
#include "plan/plan.h"

namespace hostplan {

std::uint64_t servedBatchedTokens(const PlanResult &p, Engine engine) {
    EngineSettings s = p.scenario.engine;
    s.engine = engine;
    const std::uint64_t v0 = engine == Engine::Vllm && !s.prefillChunkTokens
                                 ? vllmV0StepTokens(s.vllmVersion.value_or(kDefaultVllmProfile),
                                                    p.scenario.workload.contextTokens)
                                 : 0;
    return v0 ? v0 : batchedTokens(s, p.gpu);
}

std::string chunkOrigin(const PlanResult &p) {
    return p.scenario.engine.prefillChunkTokens ? ": the plan's prefill chunk"
                                                : ": the engine's default";
}

void addBatchedTokens(const PlanResult &p, Engine engine, const std::string &what,
                      ServeCommand &c) {
    c.flags.push_back({std::string(engineInfo(engine).flags.batchedTokens),
                       std::to_string(servedBatchedTokens(p, engine)), what + chunkOrigin(p)});
}

} // namespace hostplan
