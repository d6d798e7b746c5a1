// SPDX-License-Identifier: MIT
#include "engine/servebatch.h"

#include "plan/plan.h"

#include <algorithm>

namespace hostplan {

namespace {

/// vLLM V0 runs without chunked prefill up to this max_model_len (vllm/engine/arg_utils.py of
/// v0.6: chunked prefill on by default only for longer contexts).
constexpr std::uint64_t kVllmV0ChunkedFromLen = 32768;
/// V0's smallest profiled batch (vllm_memory.cpp profiledTokens).
constexpr std::uint64_t kVllmV0MinBatchedTokens = 2048;

} // namespace

std::uint64_t servedBatchedTokens(const PlanResult &p, Engine engine) {
    EngineSettings s = p.scenario.engine;
    s.engine = engine;
    const std::uint64_t len = p.scenario.workload.contextTokens;
    const bool v0 =
        engine == Engine::Vllm && vllmV0Rules(s.vllmVersion.value_or(kDefaultVllmProfile));
    if (v0 && !s.prefillChunkTokens && len <= kVllmV0ChunkedFromLen) {
        return std::max(len, kVllmV0MinBatchedTokens);
    }
    return batchedTokens(s, p.gpu);
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
