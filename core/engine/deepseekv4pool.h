// SPDX-License-Identifier: MIT
// DeepSeek V4's compressed-attention caches as SGLang and TensorRT-LLM size them. vLLM's rule
// is in vllm_memory.cpp (deepseekV4RequestBytes); the layer shapes come from
// import/arch_deepseekv4.cpp (LayerGroup::compressRatio, window, indexerHeadDim).
#pragma once

#include "engine/enginememory.h"

#include <cstdint>

namespace hostplan {

/// One rank's DeepSeek V4 layers (LayerGroup::compressRatio > 0), counted as engineKvLayout
/// counts the stage's layers. Shapes from the model: headDim = kv_lora_rank (nope + rope,
/// 512), indexerHeadDim (index_head_dim, 128), window (sliding_window, 128 tokens).
struct DeepseekV4Layers {
    std::uint32_t all = 0;      ///< every V4 layer on the rank (the window cache's layers)
    std::uint32_t ratio4 = 0;   ///< compress ratio 4 (compressed KV, indexer key, c4 state)
    std::uint32_t ratio128 = 0; ///< compress ratio 128
    std::uint32_t headDim = 0;
    std::uint32_t indexerHeadDim = 0;
    std::uint32_t window = 0;
    std::uint64_t entryBytes = 0;   ///< deepseekV4EntryBytes: FP8 nope + BF16 rope + scales (584)
    std::uint64_t indexerBytes = 0; ///< indexerCacheBytesPerToken of a ratio-4 layer (132)
};
/// The V4 layers of `in`'s rank (all zero for a model without them).
DeepseekV4Layers deepseekV4Layers(const EngineMemoryInput &in);

/// SGLang's DeepSeek V4 pools (sgl-project/sglang python/sglang/srt/model_executor/
/// pool_configurator.py @ 003fca80 DSV4PoolConfigurator): a coefficient per full token and a
/// fixed bias, solved for the full-token count.
///   bytes per full token = r x E x L + (E + I) / 4 x n4 + E / 128 x n128
///                          + r x (ring4 / window) x (4 x hd + 4 x ihd) x 4 B x n4
/// with r = swa_full_tokens_ratio, E = entryBytes, I = indexerBytes, ring4 = 8 (16 with
/// speculative decoding: mem_cache/deepseek_v4_memory_pool.py get_compress_state_ring_size),
/// float32 compressor state (SGLANG_DSV4_COMPRESS_STATE_DTYPE), times (L + 1) / L with
/// speculative decoding (the draft worker's layer); the ratio-128 compressor state is fixed per
/// request slot: ceil((slots x ring128 + ring128 + 1) / 128) x 128 rows x 2 x hd x 4 B x n128,
/// slots = max_running_requests + 1, ring128 = 128 (256 speculative). full tokens = (available
/// - fixed) / coefficient in whole pages, the window pool r x full tokens.
/// Defaults from arg_groups/deepseek_v4_hook.py @ a32a55cf apply_deepseek_v4_defaults:
/// max_running_requests 256, swa_full_tokens_ratio 0.1, FP8 KV whatever --kv-cache-dtype asks
/// (the logged server_args of V4 runs: page_size 128, swa_full_tokens_ratio 0.1).
struct SglangDeepseekV4Pool {
    double bytesPerFullToken = 0;
    std::uint64_t fixedStateBytes = 0; ///< the ratio-128 compressor state of every slot
    std::uint64_t fullTokens = 0;      ///< max_total_num_tokens (0 when nothing is left)
    std::uint64_t windowTokens = 0;    ///< the SWA pool's tokens
    std::uint32_t maxRunningRequests = 0;
};
/// SGLang's V4 pools from `availableBytes` (its total x fraction less the weights; <= 0: none).
SglangDeepseekV4Pool sglangDeepseekV4Pool(const EngineMemoryInput &in, std::int64_t availableBytes);

/// SGLang's default max_running_requests for DeepSeek V4 (apply_deepseek_v4_defaults).
inline constexpr std::uint32_t kSglangDeepseekV4MaxRunningRequests = 256;
/// SGLang's page size in the V4 runs' logged server_args (a multiple of 128 is asserted).
inline constexpr std::uint64_t kSglangDeepseekV4PageTokens = 128;
/// SGLang's swa_full_tokens_ratio for DeepSeek V4 (apply_deepseek_v4_defaults).
inline constexpr double kSglangDeepseekV4SwaRatio = 0.1;

/// TensorRT-LLM's DeepSeek V4 cache (NVIDIA/TensorRT-LLM tensorrt_llm/_torch/attention_backend/
/// sparse/deepseek_v4/cache_manager.py @ 015279e0 get_token_bytes,
/// _estimate_non_sliding_attn_size_per_token, _estimate_swa_cache_size; a generation request's
/// bytes, _get_generation_bytes): per token the compressed caches, head_dim x (1 B FP8, 2 B
/// BF16) / ratio per compressing layer plus the indexer key (ihd + ihd / 128 x 4) / 4 on ratio-4
/// layers; per request the windowed buffers, each its window rounded up to whole 128-token
/// blocks: the SWA cache (window x head_dim x dtype) on every layer, and the float32 compressor
/// KV and score (2 x hd on ratio-4 layers, whose window is 2 x 4; hd on ratio-128 layers, window
/// 128) and on ratio-4 layers the indexer compressor KV and score (2 x ihd). Hopper requires
/// the fp8_ds_mla footer-scale layout, a few bytes more per entry, which is not modelled.
struct TrtllmDeepseekV4Cache {
    std::uint64_t bytesPerToken = 0;
    std::uint64_t bytesPerRequest = 0;
};
/// TensorRT-LLM's V4 cache for `in` (its kvFormat: BF16 or FP16 2 B, else 1 B per element).
TrtllmDeepseekV4Cache trtllmDeepseekV4Cache(const EngineMemoryInput &in);

/// TensorRT-LLM's tokens_per_block for DeepSeek V4 (128 or 256 asserted; 128 here).
inline constexpr std::uint64_t kTrtllmDeepseekV4BlockTokens = 128;

} // namespace hostplan
