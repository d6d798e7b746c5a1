// SPDX-License-Identifier: MIT
// vLLM V1's block accounting of DeepSeek V4 caches (LayerGroup::compressRatio > 0), which
// engine/enginememory.h's per-token V4 figures (deepseekV4CompressedBytesPerToken, ...) do not
// capture: every cache kind draws its block ids from one pool, and one block id costs the same
// stride in every group. Sources, vLLM (vllm-project/vllm, file as read):
// - model_executor/layers/deepseek_v4_attention.py @ 0a291a2e: every V4 layer has a
//   sliding-window cache (DeepseekV4SWACache: 64-token blocks of 584 B entries, the window),
//   ratio-4 and ratio-128 layers a compressed MLA cache (256-token blocks of 256 / r entries),
//   ratio-4 layers an indexer key cache (132 B keys); pages padded to 576 B.
// - model_executor/layers/deepseek_compressor.py @ 0de10a27 CompressorStateCache: each
//   compressor keeps a float32 state of 2 x coff x head_dim (coff 2 at ratio 4, else 1) as a
//   sliding-window cache of window coff x ratio, in 4-token blocks at ratio 4 and 8-token
//   blocks at ratio 128 ("compressor states share the same physical tensor as KV blocks, they
//   must use the same page size"); the indexer's compressor likewise at index_head_dim.
// - v1/core/kv_cache_utils.py (group_and_unify_kv_cache_specs, _approximate_gcd,
//   _get_kv_cache_groups_uniform_groups, _get_kv_cache_config_deepseek_v4, as upstream before
//   the packed layout): the compressed and indexer caches form one group; the window caches
//   and the states form groups by (block size, window), split into sub-groups of at most
//   num_layer_tuples layers (num_layer_tuples = _approximate_gcd of the groups' most common
//   page-size counts, at least the compressed group's); window and state pages are padded to
//   the nearest compressed-group page size at least as large. The block stride is the sum of
//   the compressed group's distinct page sizes times the longest per-page-size bucket of any
//   group (the "tuple" layout). From v0.24 (_get_kv_cache_config_packed, which v0.24.0 calls in
//   place of _get_kv_cache_config_deepseek_v4) the stride is, per page size, that size times the
//   most layers any group has of it ("slot" layout); the newest trees pack the groups over one
//   another: the stride is the largest group's summed pages, state pages unpadded ("dense").
// - v1/kv_cache_interface.py SlidingWindowSpec: a window group reserves
//   cdiv(min(window - 1 + in-flight tokens, max_model_len), block) + 1 blocks per request; a
//   full-attention group cdiv(len, block). num_blocks = available // stride; the maximum
//   concurrency is num_blocks over the request's blocks summed over the groups (PR #48317).
// Checked against two logs: vllm#44376 (v0.22, DeepSeek-V4-Flash, 30,000 tokens, 16,384
// batched: "6.66 GiB KV cache is needed", "estimated maximum model length is 13528" with 5.44
// GiB available) and vllm#53961 (main after PR #51726, DeepSeek-V4-Pro on MI300X, 1M tokens:
// 23.32 GiB per request, the dense stride with two batches of 16,384 in flight); vllm#51454's
// 20.43x for Flash at 1M on 8 x B200 under v0.25.0 is the slot stride's at a 147.4 GiB pool.
// Not modelled: the MTP layer's window cache, which speculative decoding adds to the tuples.
#pragma once

#include "engine/enginememory.h"

#include <cstdint>

namespace hostplan {

/// One pipeline stage's DeepSeek V4 block accounting under vLLM (see the file comment).
struct VllmDeepseekV4Blocks {
    /// The stride one block id costs, bytes; 0 unless both ratio-4 and ratio-128 layers are on
    /// the stage (the grouping vLLM's V4 planner asserts).
    std::uint64_t blockBytes = 0;
    std::uint32_t layerTuples = 0;         ///< num_layer_tuples (_approximate_gcd)
    std::uint32_t windowGroups = 0;        ///< sliding-window cache sub-groups
    std::uint32_t ratio4StateGroups = 0;   ///< ratio-4 compressor-state sub-groups
    std::uint32_t ratio128StateGroups = 0; ///< ratio-128 compressor-state sub-groups
    std::uint64_t window = 0;              ///< sliding_window, tokens
    /// Tokens reserved past each window (vllmInFlightTokens, engine/vllmcounts.h).
    std::uint64_t inFlightTokens = 0;
    /// Planned this way (blockBytes > 0); false: EngineKvLayout's per-token figures apply.
    bool valid() const { return blockBytes > 0; }
    /// Blocks of the compressed group for `len` tokens: cdiv(len, 256).
    std::uint64_t compressedBlocks(std::uint64_t len) const;
    /// Blocks of every window and state group for one request of `len` tokens.
    std::uint64_t windowBlocks(std::uint64_t len) const;
    /// Blocks one request of `len` tokens holds: compressedBlocks + windowBlocks.
    std::uint64_t requestBlocks(std::uint64_t len) const;
    /// Bytes one request of `len` tokens takes from the pool: requestBlocks x blockBytes.
    std::uint64_t requestBytes(std::uint64_t len) const;
};

/// The block accounting of `in`'s stage: the stride by vLLM release (the tuple layout before
/// the v0.24 rules, the slot layout under them, the dense layout from the v0.28 rules),
/// the groups, and the in-flight tokens.
VllmDeepseekV4Blocks vllmDeepseekV4Blocks(const EngineMemoryInput &in);

/// _approximate_gcd(values, lower_bound): the d >= lowerBound (up to the largest value) that
/// rounds the values up to multiples of d with the least total padding, the larger d on a tie.
/// `values` may not be empty. Example: {21, 43, 21, 20} from 21 gives 22 (padding 5).
std::uint32_t vllmApproximateGcd(const std::vector<std::uint32_t> &values,
                                 std::uint32_t lowerBound);

} // namespace hostplan
