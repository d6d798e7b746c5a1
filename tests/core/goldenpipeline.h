// SPDX-License-Identifier: MIT
// Golden row P33: a vLLM start-up log at pipeline parallel 2 of a model whose layers are not
// alike (a dense first layer, MoE after it), which checks that each stage holds its own layers
// (core/engine/pipelinestage.h) and that the engine keeps the smallest stage's KV tokens.
// Included by goldenheldout.h, whose helpers it uses.
#pragma once

#include "goldenheldout.h"

namespace golden {

/// P33: DeepSeek-V2-Lite (27 layers: layer 0 dense, 26 MoE layers of 64 experts; MLA) on four
/// NVIDIA L4, vLLM 0.1.dev7548+gbaba038 (a V1 build of 2025-07, between v0.9.2 and v0.10.0,
/// sized with HostPlan's v0.10 / v0.11 rules), `vllm serve deepseek-ai/DeepSeek-V2-Lite
/// --trust-remote-code --max-model-len=1024 --enforce-eager --tensor-parallel-size=2
/// --pipeline-parallel-size=2` (default gpu_memory_utilization 0.9), published in the
/// description of vllm-project/vllm PR #20665 (2025-07-09). Logged: "Available KV cache
/// memory: 12.13 GiB" by workers rank=0 and rank=1, "11.33 GiB" by rank=2 and rank=3, and "GPU
/// KV cache size: 807,792 tokens". vLLM numbers workers pp_rank x tp + tp_rank, so ranks 0-1
/// are the first stage (layers 0-13: the dense layer, 13 MoE layers and the embedding) and
/// ranks 2-3 the last (layers 14-26: 13 MoE layers, the LM head and the sampler's warm-up);
/// the first stage's 14 MLA layers make its 12.13 GiB hold the fewer tokens. The GPUs are the
/// L4 of row P19 (23,034 MiB).
///
/// Before stages held their own layers, each had an even share of the MoE and dense layers:
/// the first stage carried 0.48 MoE layer too many and the two pools differed by 0.32 GiB, not
/// the logged 0.80.
inline void pipelineLogChecks(std::vector<Check> &out) {
    const ModelSpec m = deepseekV2Lite(); // the input points at it
    EngineMemoryInput in = rowInput(m, loggedL4(), {2, 1, 2}, Engine::Vllm, 1024);
    in.memoryFraction = 0.9;
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    const EngineStartup s = engineStartup(Engine::Vllm, in);
    const std::string set = "DeepSeek-V2-Lite bf16, 4x L4, vLLM 0.10-dev TP2 PP2, u 0.90, len 1024";
    const std::string src = "vllm-project/vllm PR #20665 (description, 2025-07-09)";
    const double first = t.stages.size() == 2 ? giB(double(t.stages[0].kvPoolBytes)) : 0;
    const double last = t.stages.size() == 2 ? giB(double(t.stages[1].kvPoolBytes)) : 0;
    out.push_back({"P33", "KV GiB, first stage", set, 12.13, first, kKvTol, src, {}});
    out.push_back({"P33", "KV GiB, last stage", set, 11.33, last, kKvTol, src, {}});
    out.push_back(
        {"P33", "KV GiB, first - last stage", set, 12.13 - 11.33, first - last, kKvTol, src, {}});
    out.push_back({"P33", "KV tokens", set, 807792, double(t.kvTokens), kKvTol, src, {}});
    out.push_back({"P33", "starts", set, 1, s.starts() ? 1.0 : 0.0, 0, src, {}});
}

} // namespace golden
