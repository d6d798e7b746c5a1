// SPDX-License-Identifier: MIT
#include "model/modelspec.h"

namespace hostplan {

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
