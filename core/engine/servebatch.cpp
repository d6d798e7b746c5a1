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

void addStepFlags(const PlanResult &p, Engine engine, const std::string &what, ServeCommand &c) {
    addBatchedTokens(p, engine, what, c);
    if (p.scenario.engine.cudaGraphs) {
        return;
    }
    const std::string why = "the plan runs without CUDA graphs (engine.cuda_graphs false): no "
                            "graph memory, which the plan counts as none; small-batch decode is "
                            "slower than the plan's speed figures, which assume graphs";
    if (engine == Engine::Vllm) {
        c.flags.push_back({"--enforce-eager", "", why});
    } else if (engine == Engine::Sglang) {
        c.flags.push_back({"--disable-cuda-graph", "", why});
    } else if (engine == Engine::TensorRtLlm) {
        c.notes.push_back("The plan runs without CUDA graphs: set cuda_graph_config: null in the "
                          "YAML file passed with --extra_llm_api_options.");
    }
}

} // namespace hostplan
