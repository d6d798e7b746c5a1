// SPDX-License-Identifier: MIT
// vLLM's DeepSeek V4 block accounting (engine/vllmdeepseekv4.h has the rule and its sources).
#include "engine/vllmdeepseekv4.h"

#include "engine/vllmcounts.h"

#include "model/modelspec.h"
#include "util/units.h"

#include <algorithm>
#include <limits>
#include <map>

namespace hostplan {

namespace {

/// `bytes` rounded up to the V4 page alignment (576 B).
std::uint64_t page(std::uint64_t bytes) {
    return ceilDiv(bytes, kDeepseekV4PageAlign) * kDeepseekV4PageAlign;
}

/// CompressorStateCache's tokens per block at `ratio` (deepseek_compressor.py: 4 at ratio 4,
/// 8 at ratio 128) and its window, coff x ratio.
constexpr std::uint64_t kRatio4StateBlock = 4;
constexpr std::uint64_t kRatio128StateBlock = 8;

/// Page of a compressor state of `headDim` at `ratio`: block tokens x 2 x coff x headDim
/// float32 values (kv_state and score_state).
std::uint64_t statePage(std::uint32_t ratio, std::uint64_t headDim) {
    const std::uint64_t coff = ratio == 4 ? 2 : 1;
    const std::uint64_t block = ratio == 4 ? kRatio4StateBlock : kRatio128StateBlock;
    return page(block * 2 * coff * headDim * 4);
}

/// Layer counts per page size of one group (UniformTypeKVCacheSpecs).
using Pages = std::map<std::uint64_t, std::uint64_t>;

/// get_num_layer_tuples(): the count of the group's most common page size.
std::uint64_t tuples(const Pages &p) {
    std::uint64_t n = 0;
    for (const auto &[size, count] : p) {
        n = std::max(n, count);
    }
    return n;
}

/// `layers` layers in sub-groups of at most `tuples` (layers[i::k]): each sub-group's size.
std::vector<std::uint64_t> split(std::uint64_t layers, std::uint64_t tuples) {
    const std::uint64_t k = ceilDiv(layers, std::max<std::uint64_t>(tuples, 1));
    std::vector<std::uint64_t> sizes;
    for (std::uint64_t i = 0; i < k; ++i) {
        sizes.push_back(ceilDiv(layers - i, k));
    }
    return sizes;
}

} // namespace

std::uint32_t vllmApproximateGcd(const std::vector<std::uint32_t> &values,
                                 std::uint32_t lowerBound) {
    const std::uint32_t lo = std::max<std::uint32_t>(lowerBound, 1);
    const std::uint32_t hi = *std::max_element(values.begin(), values.end());
    if (lo > hi) {
        return lo;
    }
    std::uint32_t best = lo;
    std::uint64_t bestPad = std::numeric_limits<std::uint64_t>::max();
    for (std::uint32_t d = lo; d <= hi; ++d) {
        std::uint64_t pad = 0;
        for (std::uint32_t x : values) {
            pad += (d - x % d) % d;
        }
        if (pad <= bestPad) { // ties prefer the larger d
            best = d;
            bestPad = pad;
        }
    }
    return best;
}

std::uint64_t VllmDeepseekV4Blocks::compressedBlocks(std::uint64_t len) const {
    return ceilDiv(len, kDeepseekV4BlockTokens);
}

std::uint64_t VllmDeepseekV4Blocks::windowBlocks(std::uint64_t len) const {
    // SlidingWindowSpec: cdiv(min(window - 1 + in-flight, len), block) + 1 per sub-group.
    const auto reserve = [&](std::uint64_t windowTokens, std::uint64_t block) {
        const std::uint64_t kept = std::max<std::uint64_t>(windowTokens, 1) - 1 + inFlightTokens;
        return ceilDiv(std::min(kept, len), block) + 1;
    };
    return windowGroups * reserve(window, kDeepseekV4SwaBlockTokens) +
           ratio4StateGroups * reserve(2 * 4, kRatio4StateBlock) +
           ratio128StateGroups * reserve(128, kRatio128StateBlock);
}

std::uint64_t VllmDeepseekV4Blocks::requestBlocks(std::uint64_t len) const {
    return compressedBlocks(len) + windowBlocks(len);
}

std::uint64_t VllmDeepseekV4Blocks::requestBytes(std::uint64_t len) const {
    return saturatingMul(requestBlocks(len), blockBytes);
}

VllmDeepseekV4Blocks vllmDeepseekV4Blocks(const EngineMemoryInput &in) {
    VllmDeepseekV4Blocks b;
    const ModelSpec &model = *in.model;
    const std::uint64_t total = model.decoderLayers();
    const std::uint32_t pp = std::max<std::uint32_t>(in.pp, 1);
    // Layer counts on the stage by kind (every V4 layer has a window cache), and their shapes.
    std::uint64_t all = 0, r4 = 0, r128 = 0;
    const LayerGroup *shape = nullptr;
    for (const LayerGroup &l : model.layers) {
        if (l.kind != AttentionKind::MLA || l.compressRatio == 0) {
            continue;
        }
        const std::uint64_t n =
            in.stageLayers && total
                ? layersInRange(l, LayerRange{in.stageFirstLayer, in.stageLayers},
                                std::uint32_t(total))
                : ceilDiv(l.count, pp);
        all += n;
        r4 += l.compressRatio == 4 ? n : 0;
        r128 += l.compressRatio == 128 ? n : 0;
        if (!shape || l.compressRatio == 4) {
            shape = &l; // the ratio-4 layer has every cache kind's shape
        }
    }
    if (!shape || r4 == 0 || r128 == 0) {
        return b;
    }
    const std::uint64_t entry = deepseekV4EntryBytes(*shape);
    const std::uint64_t headDim = shape->kvLoraRank;
    const std::uint64_t indexer = indexerCacheBytesPerToken(*shape);
    // The groups' pages: the compressed group (ratio-4 entries and indexer keys, ratio-128
    // entries), the window caches, the ratio-4 states (attention, indexer), the ratio-128 ones.
    Pages compressed;
    compressed[page(ceilDiv(kDeepseekV4BlockTokens, 4) * entry)] += r4;
    if (indexer) {
        compressed[page(ceilDiv(kDeepseekV4BlockTokens, 4) * indexer)] += r4;
    }
    compressed[page(ceilDiv(kDeepseekV4BlockTokens, 128) * entry)] += r128;
    const std::uint64_t windowPage = page(kDeepseekV4SwaBlockTokens * entry);
    Pages state4;
    state4[statePage(4, headDim)] += r4;
    if (shape->indexerHeadDim) {
        state4[statePage(4, shape->indexerHeadDim)] += r4;
    }
    const std::uint64_t state128Page = statePage(128, headDim);

    const std::uint64_t mlaTuples = tuples(compressed);
    b.layerTuples = vllmApproximateGcd({std::uint32_t(mlaTuples), std::uint32_t(all),
                                        std::uint32_t(tuples(state4)), std::uint32_t(r128)},
                                       std::uint32_t(mlaTuples));
    const std::vector<std::uint64_t> windowSizes = split(all, b.layerTuples);
    const std::vector<std::uint64_t> state4Sizes = split(r4, b.layerTuples);
    const std::vector<std::uint64_t> state128Sizes = split(r128, b.layerTuples);
    b.windowGroups = std::uint32_t(windowSizes.size());
    b.ratio4StateGroups = std::uint32_t(state4Sizes.size());
    b.ratio128StateGroups = std::uint32_t(state128Sizes.size());
    b.window = shape->window;
    b.inFlightTokens = vllmInFlightTokens(in.vllmProfile, in.maxBatchedTokens, in.pp);

    // A window or state page padded to the nearest compressed page at least as large (the
    // tuple and slot layouts; the largest when none is).
    const auto padded = [&](std::uint64_t p) {
        for (const auto &[size, count] : compressed) {
            if (size >= p) {
                return size;
            }
        }
        return compressed.rbegin()->first;
    };
    if (in.vllmProfile == VllmProfile::V1v28) {
        // Dense: the largest group's summed pages, unpadded.
        std::uint64_t stride = 0;
        for (const auto &[size, count] : compressed) {
            stride += size * count;
        }
        stride = std::max(stride, windowSizes.front() * windowPage);
        std::uint64_t s4 = 0;
        for (const auto &[size, count] : state4) {
            s4 += size * ceilDiv(count, b.ratio4StateGroups);
        }
        stride = std::max({stride, s4, state128Sizes.front() * state128Page});
        b.blockBytes = stride;
    } else {
        // Per page size, the most layers of that (padded) size any group holds.
        Pages slots = compressed;
        const auto merge = [&](const Pages &group) {
            for (const auto &[size, count] : group) {
                slots[size] = std::max(slots[size], count);
            }
        };
        merge({{padded(windowPage), windowSizes.front()}});
        Pages s4;
        for (const auto &[size, count] : state4) {
            s4[padded(size)] += ceilDiv(count, b.ratio4StateGroups);
        }
        merge(s4);
        merge({{padded(state128Page), state128Sizes.front()}});
        if (vllmV024Report(in.vllmProfile)) {
            for (const auto &[size, count] : slots) {
                b.blockBytes += size * count;
            }
        } else {
            // Tuple: the compressed pages' sum times the longest bucket.
            std::uint64_t sum = 0;
            for (const auto &[size, count] : compressed) {
                sum += size;
            }
            b.blockBytes = sum * tuples(slots);
        }
    }
    return b;
}

} // namespace hostplan
