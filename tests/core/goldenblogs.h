// SPDX-License-Identifier: MIT
// Golden rows P46 to P48: vLLM start-up logs published in blog posts and issue threads,
// outside observed-memory.md, checked with the same tolerances. Included at the end of
// goldenheldout.h, whose helpers it uses.
//
// Sources:
// - P46: myoceane.fr, "ai-vllm-a100-gemma-4" (the Gemma 4 section, log of 2026-04-17; the same
//   host's gpt-oss run a day later prints vLLM 0.19.0): google/gemma-4-26B-A4B in BF16 on one
//   A100 80GB, `--max-model-len 131072 --enforce-eager --enable-chunked-prefill
//   --gpu-memory-utilization 0.9`: "Model loading took 48.5 GiB", "Available KV cache memory:
//   21.5 GiB" (no token count quoted).
// - P47: github.com/dariustanrd/tokenkaki, blogposts/content/1_vllm/
//   yy-mm-dd-behind-the-api-1-vllm-draft.md @ 091ae4c3 (its nvidia-smi: A100-SXM4-40GB):
//   Qwen/Qwen3-8B on vLLM 0.9.2 V1 with the defaults (u 0.90, max_model_len 40960, 2048
//   batched tokens): "Model loading took 15.2683 GiB", "Available KV cache memory: 18.69 GiB",
//   "GPU KV cache size: 136,080 tokens". v0.9.2 plans with the 0.11 rules (vllmRuleSets).
// - P48: vllm-project/vllm#13061: deepseek-ai/DeepSeek-R1-Distill-Qwen-14B in BF16 on two RTX
//   4090 at TP 2, vLLM 0.7.2 (its default V0 engine, the 0.6.5 rules), gpu_memory_utilization
//   0.98, the model's 131,072-token context: "Loading model weights took 13.9476 GB", then V0's
//   refusal "The model's max seq len (131072) is larger than the maximum number of tokens that
//   can be stored in KV cache (81536)". (No KV GiB line: V0 logs blocks and tokens.)
#pragma once

#include "goldenheldout.h"

namespace golden {

inline void blogLogChecks(std::vector<Check> &out) {
    struct Log {
        const char *row, *config, *id, *gpu, *release, *words, *src;
        std::uint64_t len;
        bool graphs;
        double weightsGib, kvGib, kvTokens; // kvGib, kvTokens 0: not logged
        std::uint32_t tp = 1;
        double fraction = 0.9;
        bool starts = true;
    };
    const Log logs[] = {
        {"P46", "google--gemma-4-26B-A4B_config.json", "google/gemma-4-26B-A4B", "a100-80gb",
         "0.19.0", "gemma-4-26B-A4B bf16, 1x A100 80GB, vLLM 0.19 eager, u 0.90, len 131072",
         "myoceane.fr ai-vllm-a100-gemma-4 (2026-04-17)", 131072, false, 48.5, 21.5, 0},
        {"P47", "Qwen--Qwen3-8B_config.json", "Qwen/Qwen3-8B", "a100-40gb", "0.9.2",
         "Qwen3-8B bf16, 1x A100 40GB, vLLM 0.9.2, u 0.90, len 40960",
         "dariustanrd/tokenkaki blogposts/content/1_vllm @ 091ae4c3", 40960, true, 15.2683, 18.69,
         136080},
        {"P48", "deepseek-ai--DeepSeek-R1-Distill-Qwen-14B_config.json",
         "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B", "rtx-4090", "0.7.2",
         "R1-Distill-Qwen-14B bf16, 2x RTX 4090, vLLM 0.7.2 (V0) TP2, u 0.98, len 131072",
         "vllm-project/vllm#13061", 131072, true, 13.9476, 0, 81536, 2, 0.98, false},
    };
    for (const Log &l : logs) {
        const ModelSpec m = dataConfigModel(l.config, l.id);
        const GpuSpec gpu = Catalogue::builtin().findGpu(l.gpu).value();
        Scenario s;
        s.engine.engine = Engine::Vllm;
        s.engine.vllmVersion = parseVllmVersion(l.release).value();
        s.engine.memoryFraction = l.fraction;
        s.engine.cudaGraphs = l.graphs;
        s.workload.contextTokens = l.len;
        const EngineMemoryInput in = engineInputFor(m, gpu, Parallelism{l.tp, 1, 1}, s);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        out.push_back({l.row,
                       "weights GiB/GPU",
                       l.words,
                       l.weightsGib,
                       giB(double(t.weights())),
                       kWeightsTol,
                       l.src,
                       {}});
        if (l.kvGib > 0) {
            out.push_back(
                {l.row, "KV GiB", l.words, l.kvGib, giB(double(t.kvPoolBytes)), kKvTol, l.src, {}});
        }
        if (l.kvTokens > 0) {
            out.push_back(
                {l.row, "KV tokens", l.words, l.kvTokens, double(t.kvTokens), kKvTol, l.src, {}});
        }
        const bool starts = engineStartup(Engine::Vllm, in).starts();
        out.push_back(
            {l.row, "starts", l.words, l.starts ? 1.0 : 0.0, starts ? 1.0 : 0.0, 0, l.src, {}});
    }
}

} // namespace golden
