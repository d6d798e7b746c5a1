// SPDX-License-Identifier: MIT
#include "engine/deepseekv4pool.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

namespace {

/// The layers of `l` on `in`'s rank, as engineKvLayout counts them: those in the named stage,
/// else the most loaded stage's share of an even split. 0 for a group that is not DeepSeek V4's.
std::uint32_t rankV4Layers(const EngineMemoryInput &in, const LayerGroup &l) {
    if (l.kind != AttentionKind::MLA || l.compressRatio == 0) {
        return 0;
    }
    const std::uint64_t total = in.model->decoderLayers();
    return in.stageLayers && total
               ? layersInRange(l, LayerRange{in.stageFirstLayer, in.stageLayers},
                               std::uint32_t(total))
               : std::uint32_t(ceilDiv(l.count, std::max<std::uint32_t>(in.pp, 1)));
}

} // namespace

DeepseekV4Layers deepseekV4Layers(const EngineMemoryInput &in) {
    DeepseekV4Layers v;
    for (const LayerGroup &l : in.model->layers) {
        const std::uint32_t layers = rankV4Layers(in, l);
        if (layers == 0) {
            continue;
        }
        v.all += layers;
        v.ratio4 += l.compressRatio == 4 ? layers : 0;
        v.ratio128 += l.compressRatio == 128 ? layers : 0;
        v.headDim = std::max(v.headDim, l.kvLoraRank);
        v.indexerHeadDim = std::max(v.indexerHeadDim, l.indexerHeadDim);
        v.window = std::max(v.window, l.window);
        v.entryBytes = std::max(v.entryBytes, deepseekV4EntryBytes(l));
        v.indexerBytes = std::max(v.indexerBytes, indexerCacheBytesPerToken(l));
    }
    return v;
}

SglangDeepseekV4Pool sglangDeepseekV4Pool(const EngineMemoryInput &in,
                                          std::int64_t availableBytes) {
    SglangDeepseekV4Pool p;
    const DeepseekV4Layers v = deepseekV4Layers(in);
    p.maxRunningRequests =
        in.maxRunningRequests ? in.maxRunningRequests : kSglangDeepseekV4MaxRunningRequests;
    if (v.all == 0) {
        return p;
    }
    const double r = kSglangDeepseekV4SwaRatio;
    const double ring4 = in.speculative ? 16 : 8;
    const std::uint64_t ring128 = in.speculative ? 256 : 128;
    const double window = std::max<std::uint32_t>(v.window, 1);
    const double entry = double(v.entryBytes);
    const double stateFloat = 4; // float32 compressor state
    const double c4State = 2.0 * 2.0 * v.headDim * stateFloat;
    const double c4IndexerState = 2.0 * 2.0 * v.indexerHeadDim * stateFloat;
    p.bytesPerFullToken = r * entry * v.all + (entry + double(v.indexerBytes)) / 4 * v.ratio4 +
                          entry / 128 * v.ratio128 +
                          r * (ring4 / window) * (c4State + c4IndexerState) * v.ratio4;
    if (in.speculative) {
        p.bytesPerFullToken *= double(v.all + 1) / double(v.all);
    }
    const std::uint64_t slots = std::uint64_t(p.maxRunningRequests) + 1;
    const std::uint64_t rows = ceilDiv(slots * ring128 + ring128 + 1, std::uint64_t(128)) * 128;
    p.fixedStateBytes = rows * 2 * std::uint64_t(v.headDim) * 4 * v.ratio128;
    const double forTokens = double(availableBytes) - double(p.fixedStateBytes);
    if (availableBytes <= 0 || forTokens <= 0 || !(p.bytesPerFullToken > 0)) {
        return p;
    }
    const std::uint64_t page = kSglangDeepseekV4PageTokens;
    p.fullTokens = std::uint64_t(std::floor(forTokens / p.bytesPerFullToken)) / page * page;
    p.windowTokens = std::uint64_t(std::floor(double(p.fullTokens) * r)) / page * page;
    return p;
}

TrtllmDeepseekV4Cache trtllmDeepseekV4Cache(const EngineMemoryInput &in) {
    TrtllmDeepseekV4Cache c;
    const std::uint64_t dtype = in.kvFormat.elementBits() > 8 ? 2 : 1;
    const std::uint64_t block = kTrtllmDeepseekV4BlockTokens;
    const auto windowBytes = [&](std::uint64_t window, std::uint64_t bytesPerToken) {
        return ceilDiv(window, block) * block * bytesPerToken;
    };
    for (const LayerGroup &l : in.model->layers) {
        const std::uint64_t layers = rankV4Layers(in, l);
        if (layers == 0) {
            continue;
        }
        const std::uint64_t hd = l.kvLoraRank;
        const std::uint64_t ihd = l.indexerHeadDim;
        const std::uint64_t ratio = l.compressRatio;
        // Every layer's window cache.
        c.bytesPerRequest += layers * windowBytes(l.window, hd * dtype);
        if (ratio <= 1) {
            continue;
        }
        // The compressed cache (and the indexer key on ratio-4 layers), per token.
        c.bytesPerToken += layers * (hd * dtype / ratio);
        // The float32 compressor KV and score over 2 x ratio tokens (ratio 4, which overlaps)
        // or ratio tokens.
        const std::uint64_t overlap = ratio == 4 ? 2 : 1;
        c.bytesPerRequest += layers * 2 * windowBytes(overlap * ratio, overlap * hd * 4);
        if (ihd > 0) {
            c.bytesPerToken += layers * ((ihd + ihd / 128 * 4) / ratio);
            c.bytesPerRequest += layers * 2 * windowBytes(overlap * ratio, overlap * ihd * 4);
        }
    }
    return c;
}

} // namespace hostplan
