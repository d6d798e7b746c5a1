// SPDX-License-Identifier: MIT
#include "import/mamba.h"

#include "import/archcommon.h"
#include "import/quantization.h"
#include "util/units.h"

#include <optional>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// Refuses a per-sequence state (fp32 recurrent state, bf16 conv window) over kMaxParams bytes,
/// which the sizing would multiply further.
void checkStateBound(u64 stateElements, u64 convElements, u64 layers, const std::string &f) {
    const u64 perLayer =
        checkedAdd(checkedMul(4, stateElements, f), checkedMul(2, convElements, f), f);
    if (checkedMul(perLayer, layers, f) > kMaxParams) {
        fail(f, "implausible: the Mamba state of one sequence would exceed " +
                    std::to_string(kMaxParams) + " bytes");
    }
}

/// in_proj [inRows, H] and conv1d [convChannels, kernel], each with its optional bias.
void addInProjAndConv(ModelBuilder &b, const std::string &at, u64 inRows, u64 convChannels,
                      u64 kernel, bool projBias, bool convBias, u64 n) {
    b.attention(at + "in_proj", inRows, b.dimensions().hidden, n);
    if (projBias) {
        b.attentionBias(at + "in_proj.bias", inRows, n);
    }
    b.tensor("short convolutions", GroupRole::Attention, Placement::Sharded, at + "conv1d",
             convChannels, kernel, n, n);
    if (convBias) {
        b.tensor("short convolutions", GroupRole::Attention, Placement::Sharded, at + "conv1d.bias",
                 convChannels, 1, n, n);
    }
}

/// out_proj [H, inner] with its optional bias.
void addOutProj(ModelBuilder &b, const std::string &at, u64 inner, bool projBias, u64 n) {
    const u64 H = b.dimensions().hidden;
    b.attention(at + "out_proj", H, inner, n);
    if (projBias) {
        b.attentionBias(at + "out_proj.bias", H, n);
    }
}

} // namespace

Mamba2Shape readMamba2(const ConfigReader &c, ModelBuilder &b, const Mamba2Keys &keys, u64 hidden,
                       u64 mambaLayers) {
    const std::string cls = keys.configClass ? keys.configClass : "";
    const auto size = [&](const char *key, u64 def, u64 hi) {
        return def ? countWithClassDefault(c, b, key, def, hi, 1, cls) : c.count(key, hi);
    };
    Mamba2Shape m;
    m.heads = size(keys.heads, keys.headsDefault, kMaxHeads);
    const u64 expand = keys.expand ? c.countOr(keys.expand, 2, 1024) : 0;
    // The mixer's inner width: expand x hidden_size, or the family's own key (Falcon-H1's
    // mamba_d_ssm; null there means expand x hidden_size, as FalconH1Config reads it).
    const char *wideKey = keys.expand; // the key an inner width that disagrees is named by
    std::string wideName = keys.expand ? std::string(keys.expand) + " x hidden_size" : "";
    std::string wideValue =
        keys.expand ? std::to_string(expand) + " x hidden_size " + std::to_string(hidden) : "";
    u64 wide = keys.expand ? checkedMul(expand, hidden, c.field(keys.expand)) : 0;
    if (keys.inner && c.has(keys.inner)) {
        wide = c.count(keys.inner, kMaxIntermediate);
        wideName = wideValue = wideKey = keys.inner;
    } else if (keys.inner && !c.raw().contains(keys.inner)) {
        wide = countWithClassDefault(c, b, keys.inner, keys.innerDefault, kMaxIntermediate, 1, cls);
        wideName = wideValue = wideKey = keys.inner;
    }
    const nlohmann::json *hd = c.get(keys.headDim);
    if (keys.headDimAuto && (!hd || (hd->is_string() && hd->get<std::string>() == "auto"))) {
        // GraniteMoeHybridConfig / FalconH1Config: mamba_d_head "auto" = inner width / heads.
        if (wide % m.heads != 0) {
            fail(c.field(keys.heads), std::to_string(m.heads) + " does not divide " + wideName +
                                          " = " + std::to_string(wide));
        }
        m.headDim = wide / m.heads;
    } else {
        m.headDim = size(keys.headDim, keys.headDimDefault, kMaxHidden);
    }
    m.state = size(keys.state, keys.stateDefault, kMaxHidden);
    m.groups = size(keys.groups, keys.groupsDefault, kMaxHeads);
    m.kernel = size(keys.kernel, keys.kernelDefault, 64);
    if (m.heads % m.groups != 0) {
        fail(c.field(keys.groups), std::to_string(m.groups) + " does not divide " + keys.heads +
                                       " " + std::to_string(m.heads));
    }
    m.inner = checkedMul(m.heads, m.headDim, c.field(keys.headDim));
    if (keys.expand) {
        // MambaMixer2's in_proj and conv width use the inner width, its state heads x head
        // dim; the transformers config classes require the two to agree.
        if (wide != m.inner) {
            fail(c.field(wideKey), wideValue + " = " + std::to_string(wide) + " differs from " +
                                       keys.heads + " x " + keys.headDim + " = " +
                                       std::to_string(m.inner));
        }
    }
    m.convDim =
        checkedAdd(m.inner, checkedMul(2, m.groups, m.state, c.field(keys.groups)), keys.groups);
    m.projBias = c.flag(keys.projBias, false);
    m.convBias = c.flag(keys.convBias, true);
    m.gatedNorm = keys.rmsNorm ? c.flag(keys.rmsNorm, false) : true;
    checkStateBound(checkedMul(m.inner, m.state, c.field(keys.state)),
                    checkedMul(m.convDim, m.kernel - 1, c.field(keys.kernel)), mambaLayers,
                    c.field(keys.state));
    return m;
}

void addMamba2Mixers(ModelBuilder &b, const std::string &at, const Mamba2Shape &m, u64 n) {
    const u64 inRows = checkedAdd(checkedAdd(m.inner, m.convDim, "in_proj"), m.heads, "in_proj");
    if (m.groups == 1) {
        // One group: every TP rank loads the whole B and C rows of in_proj
        // (mamba_v2_sharded_weight_loader with duplicate groups, vLLM
        // vllm/model_executor/layers/mamba/mamba_mixer2.py @ bb435dbd); the rest is sharded.
        const u64 groupRows = checkedMul(2, m.state, "in_proj");
        addInProjAndConv(b, at, inRows - groupRows, m.convDim, m.kernel, m.projBias, m.convBias, n);
        b.linear("attention (Mamba2 group rows, replicated)", GroupRole::Attention,
                 Placement::Replicated, at + "in_proj", groupRows, b.dimensions().hidden, n, n);
        if (m.projBias) {
            b.tensor("attention (Mamba2 group rows, replicated)", GroupRole::Attention,
                     Placement::Replicated, at + "in_proj.bias", groupRows, 1, n, n);
        }
    } else {
        addInProjAndConv(b, at, inRows, m.convDim, m.kernel, m.projBias, m.convBias, n);
    }
    b.small(at + "dt_bias", m.heads, n);
    b.small(at + "A_log", m.heads, n);
    b.small(at + "D", m.heads, n);
    if (m.gatedNorm) {
        b.small(at + "norm", m.inner, n);
    }
    addOutProj(b, at, m.inner, m.projBias, n);
}

void addMamba2Layer(ModelBuilder &b, const Mamba2Shape &m) {
    b.setMambaState();
    b.addLinearLayer(m.heads, m.headDim, m.state, m.convDim, m.kernel, m.groups);
}

Mamba1Shape readMamba1(const ConfigReader &c, const Mamba1Keys &keys, u64 hidden, u64 mambaLayers) {
    Mamba1Shape m;
    if (keys.inner && c.has(keys.inner)) {
        m.inner = c.count(keys.inner, kMaxIntermediate);
    } else {
        // MambaConfig / JambaConfig: the inner width is int(expand * hidden_size).
        m.inner = checkedMul(c.countOr(keys.expand, 2, 1024), hidden, c.field(keys.expand));
    }
    m.state = c.count(keys.state, kMaxHidden);
    m.kernel = c.count(keys.kernel, 64);
    const nlohmann::json *rank = c.get(keys.dtRank);
    if (rank && !rank->is_string()) {
        m.dtRank = c.count(keys.dtRank, kMaxHidden);
    } else {
        if (rank && rank->get<std::string>() != "auto") {
            fail(c.field(keys.dtRank),
                 "is '" + rank->get<std::string>() + "'; expected an integer or \"auto\"");
        }
        m.dtRank = ceilDiv(hidden, 16); // absent or "auto": the config classes' ceil(H / 16)
    }
    m.projBias = c.flag(keys.projBias, false);
    m.convBias = c.flag(keys.convBias, true);
    m.innerNorms = keys.innerNorms;
    checkStateBound(checkedMul(m.inner, m.state, c.field(keys.state)),
                    checkedMul(m.inner, m.kernel - 1, c.field(keys.kernel)), mambaLayers,
                    c.field(keys.state));
    return m;
}

void addMamba1Mixers(ModelBuilder &b, const std::string &at, const Mamba1Shape &m, u64 n) {
    addInProjAndConv(b, at, checkedMul(2, m.inner, "in_proj"), m.inner, m.kernel, m.projBias,
                     m.convBias, n);
    const u64 xRows = checkedAdd(m.dtRank, checkedMul(2, m.state, "x_proj"), "x_proj");
    b.attention(at + "x_proj", xRows, m.inner, n);
    b.attention(at + "dt_proj", m.inner, m.dtRank, n);
    b.attentionBias(at + "dt_proj.bias", m.inner, n);
    // A [inner, state] and D [inner] are split with the inner channels (vLLM MambaMixer).
    b.tensor("SSM parameters", GroupRole::Attention, Placement::Sharded, at + "A_log", m.inner,
             m.state, n, n);
    b.tensor("SSM parameters", GroupRole::Attention, Placement::Sharded, at + "D", m.inner, 1, n,
             n);
    addOutProj(b, at, m.inner, m.projBias, n);
    if (m.innerNorms) {
        b.small(at + "dt_layernorm", m.dtRank, n);
        b.small(at + "b_layernorm", m.state, n);
        b.small(at + "c_layernorm", m.state, n);
    }
}

void addMamba1Layer(ModelBuilder &b, const Mamba1Shape &m) {
    b.setMambaState();
    // inner "heads" of one channel each: the state splits by channel under TP.
    b.addLinearLayer(m.inner, 1, m.state, m.inner, m.kernel);
}

} // namespace hostplan::importer
