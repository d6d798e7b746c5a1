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
/// - before v0.24 (vllm/v1/core/kv_cache_utils.py @ 001cabc1 _report_kv_cache_config):
///   blocks // groups x blockTokens, which for a hybrid model counts the blocks the state
///   groups share as if each group held its own (vllm-project/vllm#40691);
/// - VllmProfile::V1v24 (kv_cache_planning.py @ fc23e695): int(max concurrency x
///   maxModelLen), the concurrency being blocks / requestBlocks (0 when requestBlocks is 0).
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

/// The max_num_batched_tokens vLLM's V0 rules (vllmV0Rules) take when none is given, or 0
/// where chunked prefill is on: up to a max_model_len of 32,768 V0 runs without chunked
/// prefill, so its default step is max(max_model_len, 2048) tokens (vllm/config.py
/// SchedulerConfig of v0.6), and a smaller step given is refused (vllmV0StepTooSmall); beyond,
/// vllm/engine/arg_utils.py of v0.6 turns chunked prefill on (VllmRules::serveBatchedTokens).
inline std::uint64_t vllmV0StepTokens(VllmProfile profile, std::uint64_t maxModelLen) {
    return vllmV0Rules(profile) && maxModelLen <= 32768
               ? (maxModelLen > 2048 ? maxModelLen : std::uint64_t(2048))
               : 0;
}

/// Whether vLLM's V0 rules refuse `batchedTokens` at `maxModelLen`: without chunked prefill
/// (max_model_len up to 32,768, vllmV0StepTokens) every prompt runs in one step, so
/// SchedulerConfig._verify_args of v0.6 raises "max_num_batched_tokens (B) is smaller than
/// max_model_len (L)".
inline bool vllmV0StepTooSmall(VllmProfile profile, std::uint64_t batchedTokens,
                               std::uint64_t maxModelLen) {
    return vllmV0StepTokens(profile, maxModelLen) > 0 && batchedTokens < maxModelLen;
}

} // namespace hostplan
