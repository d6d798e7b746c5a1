// SPDX-License-Identifier: MIT
#include "engine/draftmodel.h"

#include "util/units.h"

#include <algorithm>

namespace hostplan {

namespace {

/// A bf16 group of `params` parameters.
TensorGroup bf16Group(const char *name, GroupRole role, std::uint64_t params, Placement placement,
                      bool linear) {
    TensorGroup g;
    g.name = name;
    g.role = role;
    g.params = params;
    g.activeParams = params;
    g.format = formats::bf16;
    g.placement = placement;
    g.linear = linear;
    return g;
}

} // namespace

ModelSpec eagleHeadSpec(const ModelSpec &target) {
    ModelSpec h;
    h.id = target.id + "-eagle-head";
    h.displayName = target.displayName + " EAGLE head";
    h.architecture = "eagle";
    h.source = "built from " + target.id + " (EAGLE-1 layout)";
    h.asOf = target.asOf;
    h.eagleHead = true;
    const std::uint64_t H = target.hiddenSize;
    h.hiddenSize = target.hiddenSize;
    h.numLayers = 1;
    h.numAttentionHeads = target.numAttentionHeads;
    h.vocabSize = target.vocabSize;
    h.maxContextTokens = target.maxContextTokens;
    // One layer of the target's first full-attention kind (else its first layer kind).
    for (const LayerGroup &l : target.layers) {
        if (l.kind != AttentionKind::Linear && l.kind != AttentionKind::SlidingWindow) {
            h.layers.push_back(l);
            break;
        }
    }
    if (h.layers.empty() && !target.layers.empty()) {
        h.layers.push_back(target.layers.front());
    }
    if (!h.layers.empty()) {
        h.layers.front().count = 1;
    }
    std::uint64_t attention = 0;
    for (const TensorGroup &g : target.groups) {
        attention += g.role == GroupRole::Attention ? g.params : 0;
    }
    attention /= std::max<std::uint32_t>(target.numLayers, 1);
    const std::uint64_t inter = target.denseIntermediate
                                    ? target.denseIntermediate
                                    : std::uint64_t(target.experts.intermediate) *
                                          std::max<std::uint32_t>(target.experts.activePerToken, 1);
    h.denseIntermediate = std::uint32_t(inter);
    h.groups.push_back(
        bf16Group("attention", GroupRole::Attention, attention, Placement::Sharded, true));
    h.groups.push_back(
        bf16Group("dense MLP", GroupRole::DenseMlp, 3 * H * inter, Placement::Sharded, true));
    h.groups.push_back(bf16Group("fc", GroupRole::Other, 2 * H * H, Placement::Replicated, true));
    h.groups.push_back(bf16Group("norms", GroupRole::Norms, 2 * H, Placement::Replicated, false));
    for (const TensorGroup &g : h.groups) {
        h.totalParams += g.params;
    }
    h.activeParams = h.activeParamsWithEmbedding = h.totalParams;
    return h;
}

std::uint64_t draftModelWeightBytes(const ModelSpec &draft, std::uint32_t tp) {
    const std::uint64_t t = std::max<std::uint32_t>(tp, 1);
    std::uint64_t bytes = 0;
    for (const TensorGroup &g : draft.groups) {
        bytes += g.placement == Placement::Replicated ? g.bytes() : ceilDiv(g.bytes(), t);
    }
    return bytes;
}

} // namespace hostplan
