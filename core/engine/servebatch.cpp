// SPDX-License-Identifier: MIT
#include "engine/servebatch.h"

#include "plan/plan.h"
#include "sizing/memory.h"

namespace hostplan {

std::uint64_t servedBatchedTokens(const PlanResult &p, Engine engine) {
    Scenario s = p.scenario;
    s.engine.engine = engine;
    return batchedTokens(s, p.gpu, &p.model);
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
