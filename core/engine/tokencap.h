// SPDX-License-Identifier: MIT
#pragma once

#include "engine/enginememory.h"

#include <cstdint>

namespace hostplan {

/// Caps the KV pool of `t` at `capTokens` tokens (engine.max_total_tokens; 0 = no cap), as
/// SGLang's --max-total-tokens and TensorRT-LLM's kv_cache_config.max_tokens do: the pool holds
/// min(the memory's tokens, the cap) and the rest of the memory stays unallocated (SGLang
/// mem_cache/kv_cache_configurator.py @ 0005834c _apply_token_constraints, and
/// model_runner.py init_memory_pool in the 0.4 and 0.5 releases: "max_total_tokens=N is larger
/// than the profiled value" where it does not bind; TensorRT-LLM pyexecutor/resource_manager.py
/// KVCacheManager: min(kv_cache_config.max_tokens, the fraction's tokens)). Where it binds,
/// kvTokens becomes the cap, kvTokensUncapped keeps the memory's count, windowTokens and
/// draftKvBytes shrink by the same share, and kvPoolBytes loses the cut tokens at
/// `bytesPerToken` each (0: the pool's own share per token, kvPoolBytes / kvTokens, SGLang's
/// pool after its state slots); what the pool keeps beside its tokens (TensorRT-LLM's per
/// sequence recurrent state) stays. Returns the pool bytes the cap leaves unallocated (0 where
/// it does not bind).
std::int64_t capPoolTokens(EngineMemoryTerms &t, std::uint64_t capTokens,
                           std::uint64_t bytesPerToken = 0);

} // namespace hostplan
