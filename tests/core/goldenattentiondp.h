// SPDX-License-Identifier: MIT
// Golden row P43: a vLLM start-up log of attention data parallelism with expert parallelism
// (sizing/memory.h Parallelism::dp), published outside observed-memory.md and checked with the
// same tolerances. Included at the end of goldenheldout.h, whose helpers it uses.
//
// Source: vllm-project/recipes PR #12 (Qwen3-Coder-480B-A35B-Instruct-FP8 recipe, 2025-07):
// `vllm serve Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8 --max-model-len 262144
// --enable-expert-parallel --data-parallel-size 8` on 8 x H20 141GB (vLLM 0.10.1 dev), at
// gpu_memory_utilization 0.9 and 0.95; both refused to start: "To serve at least one request
// with the models's max seq len (262144), (62.00 GiB KV cache is needed, which is larger than
// the available KV cache memory (48.66 GiB / 55.65 GiB)". The catalogue's H20 141GB
// (h20-141gb: the H200's 141 GB of HBM3e, 139.8 GiB as CUDA reports the H200's).
#pragma once

#include "goldenheldout.h"
#include "util/numbertext.h"

namespace golden {

/// Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8: the BF16 model's config.json (tests/data/configs)
/// with the FP8 checkpoint's quantization_config (fp8 e4m3, 128 x 128 weight blocks).
inline ModelSpec qwen3Coder480bFp8() {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                    "/configs/Qwen--Qwen3-Coder-480B-A35B-Instruct_config.json");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const std::size_t end = text.rfind('}');
    if (end == std::string::npos) {
        throw std::runtime_error("Qwen3-Coder-480B config not found");
    }
    text.insert(end, R"(,"quantization_config":{"activation_scheme":"dynamic","fmt":"e4m3",
      "quant_method":"fp8","weight_block_size":[128,128]})");
    auto m = importHfConfigText(text, "Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8");
    if (!m.ok()) {
        throw std::runtime_error("Qwen3-Coder-480B-FP8: " + m.error().toString());
    }
    return m.value();
}

inline void attentionDpLogChecks(std::vector<Check> &out) {
    const ModelSpec m = qwen3Coder480bFp8();
    const GpuSpec gpu = Catalogue::builtin().findGpu("h20-141gb").value();
    const Parallelism dp8{8, 8, 1, 8}; // -dp 8 --enable-expert-parallel: TP 1 per rank, EP 8
    const std::string src = "vllm-project/recipes PR #12 (vLLM's refusal, quoted in the PR)";
    for (const double u : {0.90, 0.95}) {
        Scenario s;
        s.engine.engine = Engine::Vllm;
        s.engine.vllmVersion = parseVllmVersion("0.10.1").value();
        s.engine.memoryFraction = u;
        s.engine.prefillChunkTokens = 8192; // vllm serve's default on a GPU of 70 GiB or more
        s.workload.contextTokens = 262144;
        const MemoryBreakdown mem = computeMemory(m, gpu, dp8, s);
        const EngineStartup st = engineStartup(Engine::Vllm, engineInputFor(m, gpu, dp8, s));
        const std::string set = "Qwen3-Coder-480B-A35B FP8, 8x H20 141GB, vLLM 0.10.1 DP8 EP8, u " +
                                formatDouble("%.2f", u) + ", len 262144";
        if (u == 0.90) {
            out.push_back({"P43",
                           "KV B/token/GPU",
                           set,
                           62.00 * kBytesPerGiB / 262144,
                           double(mem.cache.kvBytesPerTokenPerGpu),
                           0,
                           src,
                           {}});
        }
        out.push_back({"P43",
                       "available KV GiB",
                       set,
                       u == 0.90 ? 48.66 : 55.65,
                       giB(double(mem.kvCapacityBytesPerGpu)),
                       kKvTol,
                       src,
                       {}});
        out.push_back({"P43", "starts", set, 0, st.starts() ? 1.0 : 0.0, 0, src, {}});
    }
}

} // namespace golden
