// SPDX-License-Identifier: MIT
// Golden rows D1-D2: what vLLM says one DeepSeek V4 request of max_model_len needs from its KV
// pool, from its own start-up errors (engine/vllmdeepseekv4.h has the block rule). Included at
// the end of goldenstartuplogs.h, whose helpers it uses.
#pragma once

#include "engine/vllmdeepseekv4.h"
#include "goldenstartuplogs.h"

namespace golden {

/// Rows D1-D2, appended to `out`.
inline void deepseekV4VllmChecks(std::vector<Check> &out) {
    // D1: vllm-project/vllm#44376 (comment of 2026-06-03): DeepSeek-V4-Flash on 2 x GH200,
    // vLLM 0.22 (`LLM(...)`, so 16,384 batched tokens), TP 2, fp8 KV, max_model_len 30,000:
    // "To serve at least one request with the models's max seq len (30000), (6.66 GiB KV cache
    // is needed, which is larger than the available KV cache memory (5.44 GiB). Based on the
    // available memory, the estimated maximum model length is 13528."
    {
        const ModelSpec flash = dataConfigModel("deepseek-ai--DeepSeek-V4-Flash_config.json",
                                                "deepseek-ai/DeepSeek-V4-Flash");
        const GpuSpec gh200 = Catalogue::builtin().findGpu("gh200").value();
        EngineMemoryInput in = rowInput(flash, gh200, {2, 1, 1}, Engine::Vllm, 30000);
        in.vllmProfile = VllmProfile::V1v22;
        in.maxBatchedTokens = 16384;
        const VllmDeepseekV4Blocks b = vllmDeepseekV4Blocks(in);
        const double available = 5.44 * double(1ull << 30);
        std::uint64_t lo = 1;
        std::uint64_t hi = 30000;
        while (lo < hi) { // the largest length whose request fits what the log says is left
            const std::uint64_t mid = (lo + hi + 1) / 2;
            if (double(b.requestBytes(mid)) <= available) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        const std::string set = "DeepSeek-V4-Flash, 2x GH200, vLLM 0.22 TP2, fp8 KV, len 30000, "
                                "16,384 batched";
        const std::string src = "vllm-project/vllm#44376";
        out.push_back({"D1",
                       "KV GiB one request needs",
                       set,
                       6.66,
                       giB(double(b.requestBytes(30000))),
                       kKvTol,
                       src,
                       {}});
        out.push_back(
            {"D1", "largest max_model_len in 5.44 GiB", set, 13528, double(lo), kKvTol, src, {}});
    }
    // D2: vllm-project/vllm#53961: DeepSeek-V4-Pro on 8 x MI300X, vLLM main after PR #51726
    // (HostPlan's 0.28 rules: 16,384 batched tokens on a 192 GB GPU, two batches in flight),
    // TP 8, fp8 KV, max_model_len 1,048,576: "23.32 GiB KV cache is needed".
    {
        const ModelSpec pro = dataConfigModel("deepseek-ai--DeepSeek-V4-Pro_config.json",
                                              "deepseek-ai/DeepSeek-V4-Pro");
        const GpuSpec mi300x = Catalogue::builtin().findGpu("mi300x").value();
        EngineMemoryInput in = rowInput(pro, mi300x, {8, 1, 1}, Engine::Vllm, 1048576);
        in.vllmProfile = VllmProfile::V1v28;
        in.maxBatchedTokens = 16384;
        out.push_back({"D2",
                       "KV GiB one request needs",
                       "DeepSeek-V4-Pro, 8x MI300X, vLLM after PR #51726 TP8, fp8 KV, len 1M, "
                       "16,384 batched",
                       23.32,
                       giB(double(vllmDeepseekV4Blocks(in).requestBytes(1048576))),
                       kKvTol,
                       "vllm-project/vllm#53961",
                       {}});
    }
}

} // namespace golden
