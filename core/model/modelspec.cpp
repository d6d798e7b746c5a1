// SPDX-License-Identifier: MIT
#include "model/modelspec.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

void appendRun(std::vector<LayerRun> &runs, std::uint32_t first, std::uint32_t count,
               std::uint64_t perLayer) {
    if (count == 0 || perLayer == 0) {
        return;
    }
    if (runs.empty()) {
        runs.push_back(LayerRun{first, count, perLayer, 0});
        return;
    }
    LayerRun &last = runs.back();
    const std::uint64_t end = std::uint64_t(last.first) + last.count;
    if (first < end) {
        return;
    }
    if (first == end && last.perLayer == perLayer) {
        last.count += count;
    } else {
        const std::uint64_t before = last.before + last.perLayer * last.count;
        runs.push_back(LayerRun{first, count, perLayer, before});
    }
}

namespace {

/// The sum of perLayer over the layers of `runs` below `layer`.
std::uint64_t runsBelow(const std::vector<LayerRun> &runs, std::uint64_t layer) {
    // The last run that starts below `layer`.
    auto it = std::partition_point(runs.begin(), runs.end(),
                                   [&](const LayerRun &r) { return r.first < layer; });
    if (it == runs.begin()) {
        return 0;
    }
    --it;
    return it->before + it->perLayer * std::min<std::uint64_t>(layer - it->first, it->count);
}

} // namespace

std::uint64_t runsIn(const std::vector<LayerRun> &runs, LayerRange range) {
    return runsBelow(runs, std::uint64_t(range.first) + range.count) - runsBelow(runs, range.first);
}

std::uint64_t runsTotal(const std::vector<LayerRun> &runs) {
    return runs.empty() ? 0 : runs.back().before + runs.back().perLayer * runs.back().count;
}

double layerShare(const TensorGroup &g, LayerRange range, std::uint32_t totalLayers) {
    if (totalLayers == 0 || g.params == 0) {
        return 0.0;
    }
    const long double placed = (long double)(runsTotal(g.layerParams));
    const long double inside = (long double)(runsIn(g.layerParams, range));
    const long double rest = std::max<long double>((long double)(g.params) - placed, 0);
    const long double even = rest * std::min(range.count, totalLayers) / totalLayers;
    return double(std::clamp<long double>((inside + even) / g.params, 0, 1));
}

std::uint32_t layersInRange(const LayerGroup &l, LayerRange range, std::uint32_t totalLayers) {
    if (l.ranges.empty()) {
        return totalLayers
                   ? std::uint32_t((std::uint64_t(l.count) * range.count + totalLayers - 1) /
                                   totalLayers)
                   : l.count;
    }
    return std::uint32_t(runsIn(l.ranges, range));
}

std::optional<std::uint32_t> roleLayersInRange(const ModelSpec &m, GroupRole role, LayerRange range,
                                               std::uint32_t roleLayers) {
    const std::uint32_t total = m.decoderLayers();
    bool known = false;
    long double all = 0, inside = 0;
    for (const TensorGroup &g : m.groups) {
        if (g.role != role) {
            continue;
        }
        known = known || !g.layerParams.empty();
        all += (long double)(g.params);
        inside += (long double)(g.params) * layerShare(g, range, total);
    }
    if (!known || all <= 0) {
        return std::nullopt;
    }
    return std::uint32_t(std::llround(double(roleLayers * inside / all)));
}

std::uint64_t ModelSpec::weightBytes() const {
    std::uint64_t sum = 0;
    for (const auto &g : groups) {
        sum += g.bytes();
    }
    return sum;
}

std::uint64_t ModelSpec::groupParams() const {
    std::uint64_t sum = 0;
    for (const auto &g : groups) {
        sum += g.params;
    }
    return sum;
}

bool ModelSpec::parallelHybrid() const {
    std::uint64_t recurrent = 0, attention = 0;
    for (const auto &l : layers) {
        (l.kind == AttentionKind::Linear ? recurrent : attention) += l.count;
    }
    return numLayers > 0 && recurrent == numLayers && attention == numLayers;
}

std::uint32_t ModelSpec::decoderLayers() const {
    if (parallelHybrid()) {
        return numLayers;
    }
    // Groups that list their layers name the blocks they sit in: the blocks count (several
    // entries of one block, as LongCat-Flash's two attention sublayers, are one layer).
    const bool listed =
        !layers.empty() &&
        std::all_of(layers.begin(), layers.end(), [](const auto &l) { return !l.ranges.empty(); });
    std::uint32_t n = 0;
    for (const auto &l : layers) {
        if (listed) {
            n = std::max(n, l.ranges.back().first + l.ranges.back().count);
        } else {
            n += l.count;
        }
    }
    return std::max(n, numLayers);
}

namespace {
bool isQuantizable(GroupRole role) {
    switch (role) {
    case GroupRole::Attention:
    case GroupRole::DenseMlp:
    case GroupRole::SharedExperts:
    case GroupRole::RoutedExperts:
        return true;
    default:
        return false;
    }
}
} // namespace

bool isFloatDtype(const NumberFormat &format) {
    return format.kind == FormatKind::FP32 || format.kind == FormatKind::BF16 ||
           format.kind == FormatKind::FP16;
}

ModelSpec withWeightFormat(const ModelSpec &spec, const NumberFormat &format) {
    ModelSpec out = spec;
    const bool dtype = isFloatDtype(format);
    for (auto &g : out.groups) {
        const bool quantizable = isQuantizable(g.role) && g.linear;
        const bool cast = dtype && (isFloatDtype(g.format) || g.role == GroupRole::LmHead);
        if ((quantizable || cast) && !(g.format == format)) {
            g.format = format;
            g.exactBytes = 0;
        }
    }
    out.checkpointBytes = 0;
    return out;
}

ModelSpec withUniformFormat(const ModelSpec &spec, const NumberFormat &format) {
    ModelSpec out = spec;
    for (auto &g : out.groups) {
        g.format = format;
        g.exactBytes = 0;
    }
    out.checkpointBytes = 0;
    return out;
}

std::string roleName(GroupRole role) {
    switch (role) {
    case GroupRole::Embedding:
        return "embedding";
    case GroupRole::LmHead:
        return "lm_head";
    case GroupRole::Attention:
        return "attention";
    case GroupRole::DenseMlp:
        return "dense_mlp";
    case GroupRole::SharedExperts:
        return "shared_experts";
    case GroupRole::RoutedExperts:
        return "routed_experts";
    case GroupRole::MoeOther:
        return "moe_other";
    case GroupRole::Norms:
        return "norms";
    case GroupRole::Vision:
        return "vision";
    case GroupRole::Other:
        return "other";
    }
    return "other";
}

std::string attentionKindName(AttentionKind kind) {
    switch (kind) {
    case AttentionKind::MHA:
        return "mha";
    case AttentionKind::GQA:
        return "gqa";
    case AttentionKind::MQA:
        return "mqa";
    case AttentionKind::MLA:
        return "mla";
    case AttentionKind::SlidingWindow:
        return "sliding_window";
    case AttentionKind::Linear:
        return "linear";
    }
    return "gqa";
}

} // namespace hostplan
