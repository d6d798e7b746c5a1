// SPDX-License-Identifier: MIT
#include "model/modelspec.h"

#include <algorithm>

namespace hostplan {

namespace {

/// Layers of `a` that are also in `b`.
std::uint64_t overlap(LayerRange a, LayerRange b) {
    const std::uint64_t lo = std::max(a.first, b.first);
    const std::uint64_t hi =
        std::min(std::uint64_t(a.first) + a.count, std::uint64_t(b.first) + b.count);
    return hi > lo ? hi - lo : 0;
}

/// Parameters `g`'s layerParams place, and of those, the ones inside `range`.
std::pair<long double, long double> placedParams(const TensorGroup &g, LayerRange range) {
    long double placed = 0, inside = 0;
    for (const LayerParams &p : g.layerParams) {
        placed += (long double)(p.paramsPerLayer) * p.range.count;
        inside += (long double)(p.paramsPerLayer) * overlap(p.range, range);
    }
    return {placed, inside};
}

} // namespace

double layerShare(const TensorGroup &g, LayerRange range, std::uint32_t totalLayers) {
    if (totalLayers == 0 || g.params == 0) {
        return 0.0;
    }
    const auto [placed, inside] = placedParams(g, range);
    const long double rest = std::max<long double>((long double)(g.params) - placed, 0);
    const long double even = rest * std::min(range.count, totalLayers) / totalLayers;
    return double(std::clamp<long double>((inside + even) / g.params, 0, 1));
}

bool placedByLayer(const TensorGroup &g) {
    return !g.layerParams.empty() && placedParams(g, LayerRange{}).first >= (long double)(g.params);
}

std::uint32_t layersInRange(const LayerGroup &l, LayerRange range, std::uint32_t totalLayers) {
    if (l.ranges.empty()) {
        return totalLayers
                   ? std::uint32_t((std::uint64_t(l.count) * range.count + totalLayers - 1) /
                                   totalLayers)
                   : l.count;
    }
    std::uint64_t n = 0;
    for (const LayerRange &r : l.ranges) {
        n += overlap(r, range);
    }
    return std::uint32_t(n);
}

std::optional<std::uint32_t> roleLayersInRange(const ModelSpec &m, GroupRole role,
                                               LayerRange range) {
    std::vector<bool> held(range.count, false);
    bool known = false;
    for (const TensorGroup &g : m.groups) {
        if (g.role != role || g.layerParams.empty()) {
            continue;
        }
        known = true;
        for (const LayerParams &p : g.layerParams) {
            const std::uint64_t lo = std::max(p.range.first, range.first);
            const std::uint64_t hi = std::min(std::uint64_t(p.range.first) + p.range.count,
                                              std::uint64_t(range.first) + range.count);
            for (std::uint64_t l = lo; l < hi; ++l) {
                held[l - range.first] = true;
            }
        }
    }
    if (!known) {
        return std::nullopt;
    }
    return std::uint32_t(std::count(held.begin(), held.end(), true));
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
    std::uint32_t n = 0;
    for (const auto &l : layers) {
        n += l.count;
    }
    return n;
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
