// SPDX-License-Identifier: MIT
// Golden rows P44 / P45: vLLM 0.8.x V1 start-up logs of Qwen3 models on PCIe GPUs (the
// 0.8 rule set, VllmProfile::V1v08), published outside observed-memory.md and checked with the
// same tolerances. Included at the end of goldenheldout.h, whose helpers it uses.
//
// Sources (vllm-project/vllm issue threads, April 2025):
// - P44: issue #17469 ("vLLM: v0.8.5, Model: Qwen/Qwen3-30B-A3B, Hardware: A10*4"; the same
//   log in #17327): four workers (TP 4), max_model_len 8192 ("Maximum concurrency for 8,192
//   tokens per request: 24.27x"), "Model loading took 14.2474 GiB", "GPU KV cache size:
//   198,784 tokens". gpu_memory_utilization is not in the excerpt: the default 0.9.
// - P45: issue #17462 (`vllm serve Qwen3-32B --tensor-parallel-size 2` on 2 x L20, vLLM
//   0.8.4 / 0.8.5 V1), max_model_len 16384 ("Maximum concurrency for 16,384 tokens per
//   request: 4.14x"), "GPU KV cache size: 67,856 tokens"; no weights line in the excerpt.
// Both runs sized their pool and then ran out of memory capturing CUDA graphs (the threads'
// tracebacks), after the figures compared here.
#pragma once

#include "goldenheldout.h"

namespace golden {

inline void vllm08LogChecks(std::vector<Check> &out) {
    struct Log {
        const char *row, *config, *id, *gpu, *words, *src;
        std::uint32_t tp;
        std::uint64_t len;
        double weightsGib, kvTokens;
    };
    const std::string graphs =
        "vLLM sized this pool and then ran out of memory capturing its CUDA graphs "
        "(the thread's traceback), in what gpu_memory_utilization 0.9 leaves outside the "
        "budget; HostPlan counts the graphs there (1.5 GiB for an MoE model, 0.5 GiB for a "
        "dense one, under the 2.2 / 4.45 GiB left), and the log gives no figure for what the "
        "capture took, so no general rule separates these runs from those that start";
    const Log logs[] = {
        {"P44", "Qwen--Qwen3-30B-A3B_config.json", "Qwen/Qwen3-30B-A3B", "a10",
         "Qwen3-30B-A3B bf16, 4x A10, vLLM 0.8.5 TP4, u 0.90, len 8192", "vllm-project/vllm#17469",
         4, 8192, 14.2474, 198784},
        {"P45", "Qwen--Qwen3-32B_config.json", "Qwen/Qwen3-32B", "l20",
         "Qwen3-32B bf16, 2x L20, vLLM 0.8.5 TP2, u 0.90, len 16384", "vllm-project/vllm#17462", 2,
         16384, 0, 67856},
    };
    for (const Log &l : logs) {
        const ModelSpec m = dataConfigModel(l.config, l.id);
        const GpuSpec gpu = Catalogue::builtin().findGpu(l.gpu).value();
        const Parallelism par{l.tp, 1, 1};
        Scenario s;
        s.engine.engine = Engine::Vllm;
        s.engine.vllmVersion = parseVllmVersion("0.8.5").value();
        s.engine.memoryFraction = 0.9;
        s.workload.contextTokens = l.len;
        // The engine's defaults for the GPU: 2048 batched tokens and 256 sequences below the
        // large-GPU class.
        const EngineMemoryInput in = engineInputFor(m, gpu, par, s);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        if (l.weightsGib > 0) {
            out.push_back({l.row,
                           "weights GiB/GPU",
                           l.words,
                           l.weightsGib,
                           giB(double(t.weights())),
                           kWeightsTol,
                           l.src,
                           {}});
        }
        out.push_back(
            {l.row, "KV tokens", l.words, l.kvTokens, double(t.kvTokens), kKvTol, l.src, {}});
        const bool starts = engineStartup(Engine::Vllm, in).starts();
        out.push_back({l.row, "starts", l.words, 0, starts ? 1.0 : 0.0, 0, l.src,
                       starts ? graphs : std::string()});
    }
}

} // namespace golden
