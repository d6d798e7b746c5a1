// SPDX-License-Identifier: MIT
// vLLM's own counting rules the memory model and the plan share: the KV tokens its log reports
// and the state pages one request holds (vllm_memory.cpp).
#pragma once

#include "engine/engine.h"

#include <cstdint>

namespace hostplan {

/// The "GPU KV cache size: N tokens" vLLM logs for a pool of `blocks` blocks of
/// `blockTokens` tokens in `groups` KV cache groups, when one request of `maxModelLen` tokens
/// needs `requestBlocks` blocks (summed over the groups):
/// - before v0.20 (vllm/v1/core/kv_cache_utils.py @ 001cabc1 _report_kv_cache_config):
///   blocks // groups x blockTokens, which for a hybrid model counts the blocks the state
///   groups share as if each group held its own (vllm-project/vllm#40691);
/// - the rule sets from v0.20 (vllmV020Rules; PR #40694; kv_cache_planning.py @ fc23e695 in
///   v0.24): int(max concurrency x maxModelLen), the concurrency being blocks / requestBlocks
///   (0 when requestBlocks is 0). vLLM 0.20.1 logs Qwen3.6-27B's pool on 2 x RTX 3090 as
///   619,479 tokens at 2.36x of 262,144 (noonghunna/club-3090#91); the old rule gives a
///   quarter of that.
/// Saturates rather than wrapping for absurd inputs.
std::uint64_t vllmReportedKvTokens(VllmProfile profile, std::uint64_t blocks, std::uint32_t groups,
                                   std::uint32_t blockTokens, std::uint64_t requestBlocks,
                                   std::uint64_t maxModelLen);

/// Pages one request holds in each vLLM Mamba / linear-attention cache group
/// (MambaSpec.max_memory_usage_bytes, vllm/v1/kv_cache_interface.py @ 001cabc1): one in the
/// default "none" mode, two in "align", which vLLM sets for a hybrid model when prefix caching
/// is on (HybridAttentionMambaModelConfig.verify_and_update_config,
/// vllm/model_executor/models/config.py; a class declaring mamba prefix caching gets "all",
/// not modelled), plus one per speculative token (MambaBase.get_kv_cache_spec
/// num_speculative_blocks, vllm/model_executor/layers/mamba/abstract.py @ 00b08dc4).
std::uint32_t vllmStatePagesPerRequest(bool prefixCaching, std::uint32_t speculativeTokens);

/// Whether vLLM's V0 rules (vllmV0Rules) run chunked prefill when the user does not say so:
/// only beyond a max_model_len of 32,768, and not for a multimodal model, a model with a
/// sliding window, speculative decoding or (the 0.6.5 rules) an AMD GPU
/// (vllm/engine/arg_utils.py EngineArgs.create_engine_config of v0.6.x; LoRA, prompt adapters
/// and pooling models, which HostPlan does not plan, keep it off too). `model` may be null
/// (none of the model's exceptions); defined in engine.cpp.
bool vllmV0ChunkedPrefill(VllmProfile profile, std::uint64_t maxModelLen, const ModelSpec *model,
                          bool speculative, const GpuSpec &gpu);

/// The max_num_batched_tokens vLLM's V0 rules take when none is given without chunked
/// prefill (`chunked` false, vllmV0ChunkedPrefill): max(max_model_len, 2048), every prompt in
/// one step (vllm/config.py SchedulerConfig of v0.6); 0 under other rules or with chunked
/// prefill (VllmRules::serveBatchedTokens then).
inline std::uint64_t vllmV0StepTokens(VllmProfile profile, std::uint64_t maxModelLen,
                                      bool chunked) {
    return vllmV0Rules(profile) && !chunked
               ? (maxModelLen > 2048 ? maxModelLen : std::uint64_t(2048))
               : 0;
}

/// The smallest default step vLLM's V0 rules give a multimodal model
/// (_MULTIMODAL_MODEL_MAX_NUM_BATCHED_TOKENS, vllm/config.py SchedulerConfig of v0.6).
inline constexpr std::uint64_t kVllmV0MultimodalStepTokens = 5120;

/// Whether vLLM's V0 rules refuse `batchedTokens` at `maxModelLen` without chunked prefill
/// (`chunked` false): every prompt runs in one step, so SchedulerConfig._verify_args of v0.6
/// raises "max_num_batched_tokens (B) is smaller than max_model_len (L)".
inline bool vllmV0StepTooSmall(VllmProfile profile, std::uint64_t batchedTokens,
                               std::uint64_t maxModelLen, bool chunked) {
    return vllmV0StepTokens(profile, maxModelLen, chunked) > 0 && batchedTokens < maxModelLen;
}

/// Tokens vLLM reserves past a sliding window per request at `profile`'s rules: the step's
/// `maxBatchedTokens`, and from the v0.28 rules VllmConfig.max_in_flight_tokens =
/// max_concurrent_batches x max_num_batched_tokens (vllm/config/vllm.py: 2 concurrent batches
/// with asynchronous scheduling, HostPlan's vLLM default at `pp` 1, else the PP size), which
/// vllm#53961's per-request figure fixes at two batches.
std::uint64_t vllmInFlightTokens(VllmProfile profile, std::uint32_t maxBatchedTokens,
                                 std::uint32_t pp);

} // namespace hostplan
