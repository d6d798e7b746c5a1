// SPDX-License-Identifier: MIT
// jamba: AI21's Jamba (JambaForCausalLM: Jamba v0.1, Jamba 1.5 / 1.6 / 1.7 Mini and Large,
// Jamba Reasoning 3B). Layer i is attention when i % attn_layer_period == attn_layer_offset,
// else a Mamba (v1) mixer; its feed-forward part is a MoE of num_experts gated experts when
// i % expert_layer_period == expert_layer_offset and num_experts > 1, else a dense gated MLP.
//
// Source: vLLM vllm/model_executor/models/jamba.py at 8744bb0924a53c0d16867426b8b17428d41e4002
// (JambaAttentionDecoderLayer, JambaMambaDecoderLayer: MambaMixer with intermediate_size =
// mamba_expand x hidden_size and RMS norms on dt, B and C; JambaMoE / JambaMLP), and
// transformers' JambaConfig (layers_block_type, layers_num_experts, the offset checks).
//
// Tensors counted (H = hidden_size, I = intermediate_size; every layer under model.layers.N.):
//   every layer: input_layernorm, pre_ff_layernorm [H]
//   Mamba (mamba.*): as import/mamba.h addMamba1Mixers with mamba_d_state, mamba_d_conv,
//     mamba_expand, mamba_dt_rank ("auto": ceil(H / 16)), mamba_conv_bias, mamba_proj_bias,
//     and the dt / B / C norms
//   attention (self_attn.*): q_proj [H, H], k_proj / v_proj [kv x hd, H], o_proj [H, H]; hd =
//     H / num_attention_heads; no biases
//   MoE (feed_forward.*): router [E, H], experts.N.gate_proj / up_proj [I, H], down_proj [H, I]
//   dense (feed_forward.*): gate_proj / up_proj [I, H], down_proj [H, I]
//   once: model.embed_tokens [vocab, H], lm_head (tie_word_embeddings, default false), the
//     final norm [H]
// Caches: attention layers K and V; Mamba layers their state (import/mamba.h addMamba1Layer),
// which vLLM keeps in the model dtype by default.
// Omitted expert counts take JambaConfig's defaults (16 experts, top 2), noted.
// Refused, naming the key: an offset not below its period (JambaConfig's own check), a
// missing size, a dt rank that is neither an integer nor "auto".
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/mamba.h"

#include <algorithm>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// `offsetKey` in [0, period), as JambaConfig._check_supported_offset requires.
u64 offsetBelow(const ConfigReader &c, const char *offsetKey, const char *periodKey, u64 period,
                u64 def) {
    const u64 offset = c.countOr(offsetKey, def, kMaxLayers, 0);
    if (offset >= period) {
        fail(c.field(offsetKey),
             std::to_string(offset) + " is not below " + periodKey + " " + std::to_string(period));
    }
    return offset;
}

} // namespace

std::optional<ConfigReader> buildJamba(const ConfigReader &c, const std::string &,
                                       ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    const u64 attnPeriod = c.countOr("attn_layer_period", 8, kMaxLayers);
    const u64 attnOffset = offsetBelow(c, "attn_layer_offset", "attn_layer_period", attnPeriod, 4);
    const u64 expertPeriod = c.countOr("expert_layer_period", 2, kMaxLayers);
    const u64 expertOffset =
        offsetBelow(c, "expert_layer_offset", "expert_layer_period", expertPeriod, 1);
    const u64 experts =
        countWithClassDefault(c, b, "num_experts", 16, kMaxExperts, 1, "JambaConfig");

    u64 nAttn = 0, firstAttn = L, firstMamba = L, nMoe = 0, firstMoe = L, firstDense = L;
    for (u64 i = 0; i < L; ++i) {
        const bool attn = i % attnPeriod == attnOffset;
        nAttn += attn ? 1 : 0;
        u64 &first = attn ? firstAttn : firstMamba;
        first = std::min(first, i);
        const bool moe = experts > 1 && i % expertPeriod == expertOffset;
        nMoe += moe ? 1 : 0;
        u64 &firstFf = moe ? firstMoe : firstDense;
        firstFf = std::min(firstFf, i);
    }
    const u64 nMamba = L - nAttn, nDense = L - nMoe;

    // Each kind's tensors span its own layers (a checkpoint's exclude list names them).
    const auto isAttn = [&](u64 i) { return i % attnPeriod == attnOffset; };
    const auto isMoe = [&](u64 i) { return experts > 1 && i % expertPeriod == expertOffset; };
    Mamba1Shape mamba;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !isAttn(i); }));
    if (nMamba > 0) {
        mamba = readMamba1(c, kJambaMambaKeys, H, nMamba);
        addMamba1Mixers(b, b.layerModule(firstMamba) + "mamba.", mamba, nMamba);
    }
    AttnShape attn;
    b.setPieceLayers(layersWhere(L, isAttn));
    if (nAttn > 0) {
        attn = hiddenSplitAttnShape(c, b);
        addSoftmaxAttention(b, b.layerModule(firstAttn) + "self_attn.", attn, nAttn);
    }
    for (u64 i = 0; i < L; ++i) {
        if (i % attnPeriod == attnOffset) {
            b.addSoftmaxLayer(attn.heads, attn.kv, attn.hd, 0);
        } else {
            addMamba1Layer(b, mamba);
        }
    }

    const u64 inter = c.count("intermediate_size", kMaxIntermediate);
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !isMoe(i); }));
    if (nDense > 0) {
        b.gatedMlp("dense MLP", GroupRole::DenseMlp, b.layerModule(firstDense) + "feed_forward.",
                   "gate_proj", "up_proj", "down_proj", H, inter, nDense, nDense);
    }
    b.setPieceLayers(layersWhere(L, isMoe));
    if (nMoe > 0) {
        const std::string f = c.field("num_experts");
        const u64 topK =
            countWithClassDefault(c, b, "num_experts_per_tok", 2, experts, 1, "JambaConfig");
        const std::string m = b.layerModule(firstMoe) + "feed_forward.";
        b.router(m + "router", experts, H, nMoe, true);
        b.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "gate_proj",
                   "up_proj", "down_proj", H, inter, checkedMul(experts, nMoe, f),
                   checkedMul(topK, nMoe, f));
        b.setExperts(experts, topK, 0, nMoe, checkedMul(3, H, inter, c.field("intermediate_size")),
                     H, inter);
    }
    b.setPieceLayers({});
    b.small(b.layerModule(0) + "input_layernorm", H, L);
    b.small(b.layerModule(0) + "pre_ff_layernorm", H, L);
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
