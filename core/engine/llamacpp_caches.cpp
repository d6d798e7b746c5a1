// SPDX-License-Identifier: MIT
// llama.cpp's KV cache and recurrent state per decoder layer (engine/llamacpp.h; internal to
// the planner through engine/llamacpp_detail.h).
#include "engine/llamacpp_detail.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace hostplan {

namespace {

Result<std::uint64_t> rowBytes(const gguf::GgmlType &type, std::uint64_t elements,
                               const char *which) {
    if (elements == 0) {
        return std::uint64_t(0);
    }
    if (elements % type.blockSize != 0) {
        return makeError("--kv-type", std::string(which) + " rows of " + std::to_string(elements) +
                                          " elements are not a multiple of " +
                                          std::string(type.name) + "'s block of " +
                                          std::to_string(type.blockSize));
    }
    return elements / type.blockSize * type.typeSize;
}

/// The layer group of each decoder layer, in order. A GGUF spec keeps runs in order; a Hugging
/// Face spec merges its layers into one group per kind, so two groups, full attention beside
/// `n - 1` times as many sliding-window or recurrent layers, are interleaved as llama.cpp lays
/// them out: the full-attention layer last in every period of n (hparams.set_swa_pattern(n),
/// SWA when il % n < n - 1, for Gemma 2 / 3, gpt-oss, Llama 4; recurrent_layer_arr for
/// Qwen3-Next, full when (il + 1) % n == 0; src/llama-model.cpp load_hparams). A spec whose
/// groups list their layers (LayerGroup::ranges, one group per layer: Gemma 4's KV-shared
/// layers beside the owning ones) takes that order. Any other mix stays in group order.
std::vector<const LayerGroup *> layerOrder(const ModelSpec &m) {
    std::vector<const LayerGroup *> order;
    for (const LayerGroup &g : m.layers) {
        order.insert(order.end(), g.count, &g);
    }
    // Each layer's group from the ranges: complete when they name every layer exactly once.
    std::vector<const LayerGroup *> listed(order.size(), nullptr);
    const auto fromRanges = [&]() {
        for (const LayerGroup &g : m.layers) {
            for (const LayerRun &r : g.ranges) {
                for (std::uint64_t il = r.first; il < std::uint64_t(r.first) + r.count; ++il) {
                    if (il >= listed.size() || listed[il]) {
                        return false;
                    }
                    listed[il] = &g;
                }
            }
        }
        return !listed.empty() && std::find(listed.begin(), listed.end(), nullptr) == listed.end();
    };
    if (fromRanges()) {
        return listed;
    }
    if (m.layers.size() != 2) {
        return order;
    }
    const auto full = [](const LayerGroup &g) {
        return g.kind != AttentionKind::SlidingWindow && g.kind != AttentionKind::Linear;
    };
    const LayerGroup &a = m.layers[0];
    const LayerGroup &b = m.layers[1];
    if (full(a) == full(b)) {
        return order;
    }
    const LayerGroup &f = full(a) ? a : b;
    const LayerGroup &other = full(a) ? b : a;
    const std::uint64_t total = std::uint64_t(f.count) + other.count;
    if (f.count == 0 || other.count < f.count || total % f.count != 0) {
        return order;
    }
    const std::uint64_t n = total / f.count;
    for (std::uint64_t il = 0; il < order.size(); ++il) {
        order[il] = il % n == n - 1 ? &f : &other;
    }
    return order;
}

} // namespace

/// Per-layer caches in layer order (layerOrder). `unified`: one KV stream shared by every slot
/// (-kvu); otherwise one stream of kv.perStream cells per slot. A parallel hybrid
/// (ModelSpec::parallelHybrid, Falcon-H1) gives every layer its attention cache and its
/// recurrent state together: llama.cpp's hybrid memory for Falcon-H1 takes every layer in both
/// its attention and its recurrent filter (src/llama-model.cpp @ a5410f04 create_memory). An MLA
/// layer's rows follow release `build` and the GGUF's keys (LlamaRule::MlaLatentCache,
/// MlaVlessCache; engine/llamacpp.h).
Result<std::vector<LayerCache>> layerCaches(const ModelSpec &m, const gguf::GgmlType &tk,
                                            const gguf::GgmlType &tv, const LlamaKvSizing &kv,
                                            std::uint32_t parallel, std::uint32_t ubatch,
                                            bool unified, std::uint32_t build, bool swaFull) {
    const std::uint64_t streams = unified ? 1 : parallel;
    const std::uint64_t perStream = kv.perStream; // kv_size of each stream
    const std::uint64_t perSlot = perStream;      // one stream per slot, or the unified one
    const auto cacheOf = [&](const LayerGroup &g) -> Result<LayerCache> {
        LayerCache c;
        if (g.kind == AttentionKind::Linear) {
            // llama.cpp's recurrent memory keeps one f32 state per sequence slot.
            c.stateRead = (g.stateElements + g.convElements) * 4;
            c.stateBytes = c.stateRead * parallel;
            return c;
        }
        std::uint64_t kElems = 0;
        std::uint64_t vElems = 0;
        // An MLA group's kvHeads is 1 for the latent (a config, or a GGUF with the *_mla keys)
        // and its query heads for a GGUF without them (import/ggufimport.cpp).
        const bool latent = g.kvHeads <= 1 && llamaFollows(build, LlamaRule::MlaLatentCache);
        if (g.kind == AttentionKind::MLA && (latent || g.compressRatio > 0)) {
            // The latent cache: one K row of kv_lora_rank + rope dims per cell, and a V row of
            // kv_lora_rank until PR #19067 made V a view into K (see llamacpp.h).
            kElems = std::uint64_t(g.kvLoraRank) + g.ropeDim;
            const bool vless = llamaFollows(build, LlamaRule::MlaVlessCache) || g.compressRatio > 0;
            vElems = vless ? 0 : g.kvLoraRank;
        } else if (g.kind == AttentionKind::MLA) {
            // Plain multi-head attention over every query head: each head's full K and V.
            kElems = std::uint64_t(g.headDim) * g.qHeads;
            vElems = std::uint64_t(g.vHeadDim ? g.vHeadDim : g.headDim) * g.qHeads;
        } else {
            kElems = std::uint64_t(g.headDim) * g.kvHeads;
            vElems = std::uint64_t(g.vHeadDim ? g.vHeadDim : g.headDim) * g.kvHeads;
        }
        HOSTPLAN_TRY(k, rowBytes(tk, kElems, "K"));
        HOSTPLAN_TRY(v, rowBytes(tv, vElems, "V"));
        c.bytesPerCell = k + v;
        c.kvElements = kElems + vElems;
        if (g.kind == AttentionKind::MLA && g.compressRatio == 0 && g.indexerHeadDim > 0) {
            // The sparse-attention indexer's keys: a second cache of index_head_dim values per
            // cell in the K cache's type, no V, on the layers that run an indexer
            // (llama_kv_cache_dsa, src/llama-kv-cache-dsa.cpp @ 035aa95b; the log's "creating
            // indexer KV cache" block: 768,000 cells x 21 GLM-5.2 layers x 256 B in f16).
            HOSTPLAN_TRY(ik, rowBytes(tk, g.indexerHeadDim, "indexer K"));
            c.bytesPerCell += ik;
            c.kvElements += g.indexerHeadDim;
        }
        if (g.kind == AttentionKind::SlidingWindow && g.window > 0 && swaFull) {
            // llama_kv_cache_iswa with swa_full: the SWA cache is as large as the base cache.
            c.cells = kv.context;
            c.swa = true;
            c.cellsRead = std::min<std::uint64_t>(perSlot, g.window);
        } else if (g.kind == AttentionKind::SlidingWindow && g.window > 0) {
            // llama_kv_cache_iswa: each stream of the SWA cache holds the window of every
            // sequence it serves plus a micro-batch, padded by the release's rule.
            const std::uint64_t want = std::uint64_t(g.window) * (unified ? parallel : 1) + ubatch;
            c.cells = kv.swaCells(want) * streams;
            c.swa = true;
            c.cellsRead = std::min<std::uint64_t>(perSlot, g.window);
        } else {
            c.cells = kv.context;
            c.cellsRead = perSlot;
        }
        if (g.kvShared) {
            // A layer that reads an earlier layer's cache has none of its own (llama_kv_cache
            // skips !hparams.has_kv(il), "layer N: does not have KV cache";
            // src/llama-kv-cache.cpp @ 3514e9f6) but reads that one's cells each step.
            c.cells = 0;
        }
        return c;
    };
    std::vector<const LayerGroup *> order = layerOrder(m);
    std::vector<const LayerGroup *> states;
    if (m.parallelHybrid()) {
        const auto recurrent = [](const LayerGroup *g) { return g->kind == AttentionKind::Linear; };
        std::copy_if(order.begin(), order.end(), std::back_inserter(states), recurrent);
        order.erase(std::remove_if(order.begin(), order.end(), recurrent), order.end());
    }
    std::vector<LayerCache> out;
    for (std::size_t il = 0; il < order.size(); ++il) {
        HOSTPLAN_TRY(c, cacheOf(*order[il]));
        if (il < states.size()) {
            HOSTPLAN_TRY(s, cacheOf(*states[il]));
            c.stateRead = s.stateRead;
            c.stateBytes = s.stateBytes;
        }
        out.push_back(c);
    }
    // Blocks no group names (Nemotron-H's MLP / MoE blocks) hold no KV and no state (create_memory
    // filters on is_recurrent(il), n_ff(il)): Nemotron 3 Ultra, b9525, 189 MiB (issue #24175).
    out.resize(m.numLayers, LayerCache{});
    return out;
}

} // namespace hostplan
