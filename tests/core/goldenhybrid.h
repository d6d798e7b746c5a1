// SPDX-License-Identifier: MIT
// Golden rows P29 on: vLLM start-up logs of hybrid models (Gated DeltaNet layers beside full
// attention), whose pool vLLM shares between attention blocks and recurrent-state pages
// (vllmGroups in core/engine/vllm_memory.cpp). Included by goldenv011.h, whose helpers they
// use.
#pragma once

#include "goldenheldout.h"

namespace golden {

/// P29: Qwen3.5-27B (64 layers: 16 full attention with 4 KV heads of 256, 48 Gated DeltaNet
/// layers with an FP32 state) on one H20, vLLM 0.19.0, `vllm serve Qwen3.5-27B
/// --max-model-len 32768 --max-num-seqs 16 --max-num-batched-token 16384 --load-format dummy`
/// (default gpu_memory_utilization 0.9). vllm-project/vllm#40691 logs "GPU KV cache size:
/// 290,864 tokens" and "Maximum concurrency for 32,768 tokens per request: 33.04x".
///
/// What the two lines pin, by vLLM's own rules (kv_cache_utils.py @ 001cabc1): one layer's
/// state page (3,207,168 B: the FP32 state and the BF16 conv window) sets the attention block
/// to 784 tokens (the multiple of 16 whose 784 x 4,096 B per layer holds it); the 16
/// attention layers make one group and the 48 state layers three, so the log's tokens are
/// num_blocks // 4 x 784 (371 x 784 = 290,864) and one 32,768-token request needs 42 + 3
/// blocks: 1,487 blocks / 45 = 33.04. The H20 sold with 96 GB cannot hold that pool (1,487
/// blocks of 16 x 3,211,264 B are 71.2 GiB beside 51 GiB of weights), so the card is the H20
/// with 141 GB of HBM3e; it is given the H200's 139.8 GiB (the same memory, row T4).
inline void hybridLogChecks(std::vector<Check> &out) {
    const ModelSpec m = dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
    const GpuSpec g = loggedGpu("NVIDIA H20 (141 GB)", 139.8, true);
    EngineMemoryInput in = rowInput(m, g, {}, Engine::Vllm, 32768);
    in.vllmProfile = VllmProfile::V1v19;
    in.memoryFraction = 0.9;
    in.maxNumSeqs = 16;
    in.maxBatchedTokens = 16384;
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    const EngineStartup s = engineStartup(Engine::Vllm, in);
    const std::string set = "Qwen3.5-27B bf16 (hybrid), 1x H20 141GB, vLLM 0.19 TP1, u 0.90, "
                            "len 32768, 16 seqs, 16384 batched";
    const std::string src = "vllm-project/vllm#40691";
    // HostPlan's pool is about 1.3 GiB larger than the log's: vLLM also profiles the vision
    // encoder on its largest dummy image (the plan's note), which HostPlan does not model.
    out.push_back({"P29", "KV tokens", set, 290864, double(t.kvTokens), kKvTol, src, {}});
    out.push_back({"P29", "sequences of 32768", set, 33, double(s.sequencesAtContext), 0, src, {}});
    out.push_back({"P29", "starts", set, 1, s.starts() ? 1.0 : 0.0, 0, src, {}});
}

} // namespace golden
