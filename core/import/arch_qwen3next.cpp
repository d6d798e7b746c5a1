// SPDX-License-Identifier: MIT
// qwen3_next: Gated DeltaNet linear attention with gated full attention every
// full_attention_interval-th layer (or per layer_types), MoE with one shared expert and a
// shared-expert gate on every layer (transformers Qwen3Next*).
//
// Tensors counted, per layer unless noted (H = hidden_size; nk, dk, nv, dv = linear key / value
// heads and head dims):
//   full-attention layers: self_attn.q_proj [2*heads*hd, H] (query + sigmoid output gate),
//     k_proj / v_proj [kv*hd, H], o_proj [H, heads*hd], q_norm / k_norm [hd]
//   linear layers: linear_attn.in_proj_qkvz [2*nk*dk + 2*nv*dv, H], in_proj_ba [2*nv, H],
//     conv1d [2*nk*dk + nv*dv, kernel], dt_bias / A_log [nv], norm [dv], out_proj [H, nv*dv]
//   input_layernorm, post_attention_layernorm [H]
//   MoE layers: experts x gate/up [I_moe, H] + down [H, I_moe]; shared_expert gate/up/down of
//     shared_expert_intermediate_size and shared_expert_gate [1, H]; router gate [experts, H]
//   dense layers (mlp_only_layers): mlp.gate_proj / up_proj / down_proj
//   once: embed_tokens, lm_head, model.norm
// Not counted in the parameters: the MTP module (mtp.* tensors in the checkpoint, one layer:
// 81.32B parameters with it, 79.67B without, model-facts.md §1). The configs name no MTP key,
// so the model keeps one MTP layer (ModelSpec::mtpLayers) unless mtp_num_hidden_layers or
// num_nextn_predict_layers says otherwise; a plan that speculates with it counts its memory.
#include "import/archcommon.h"
#include "import/architectures.h"

#include <algorithm>

namespace hostplan::importer {

using u64 = std::uint64_t;

std::optional<ConfigReader> buildQwen3Next(const ConfigReader &c, const std::string &,
                                           ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    AttnShape a = readAttnShape(c, b);
    a.qkNorm = true;
    a.outputGate = true; // q_proj also produces the sigmoid output gate
    a.qkvBias = a.oBias = c.flag("attention_bias", false);

    const std::vector<std::string> types = layerTypes(c, L);
    const u64 interval = types.empty() ? c.count("full_attention_interval", kMaxLayers) : 0;
    std::vector<bool> isLinear(L);
    for (u64 i = 0; i < L; ++i) {
        isLinear[i] = types.empty() ? (i + 1) % interval != 0 : types[i] == "linear_attention";
    }
    const u64 nLinear = u64(std::count(isLinear.begin(), isLinear.end(), true));
    const u64 nFull = L - nLinear;
    const std::string l0 = b.layerModule(0);
    // Each kind's tensors span its own layers (a checkpoint's exclude list names them).
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !isLinear[i]; }));
    if (nFull > 0) {
        addSoftmaxAttention(b, l0 + "self_attn.", a, nFull);
    }
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return bool(isLinear[i]); }));
    GdnShape g;
    if (nLinear > 0) {
        g = addGatedDeltaNet(c, b, nLinear);
    }
    b.setPieceLayers({});
    for (u64 i = 0; i < L; ++i) {
        // The recurrent state is per value head: nv x dk x dv (model-facts.md §2).
        if (isLinear[i]) {
            b.addLinearLayer(g.nv, g.dk, g.dv, g.convDim, g.kernel);
        } else {
            b.addSoftmaxLayer(a.heads, a.kv, a.hd, 0);
        }
    }
    b.small(l0 + "input_layernorm", H, L);
    b.small(l0 + "post_attention_layernorm", H, L);

    const u64 experts = c.countOr("num_experts", 0, kMaxExperts, 0);
    const std::vector<bool> moe = qwenMoeMask(c, L, experts);
    const u64 moeLayers = u64(std::count(moe.begin(), moe.end(), true));
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !moe[i]; }));
    addDenseMlp(c, b, L - moeLayers);
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return bool(moe[i]); }));
    if (moeLayers > 0) {
        const u64 topK = topKOf(c, "num_experts_per_tok", experts);
        const u64 moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
        const u64 sharedInter =
            c.countOr("shared_expert_intermediate_size", 0, kMaxIntermediate, 0);
        const std::string m = l0 + "mlp.";
        const std::string f = c.field("num_experts");
        b.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "gate_proj",
                   "up_proj", "down_proj", H, moeInter, checkedMul(experts, moeLayers, f),
                   checkedMul(topK, moeLayers, f));
        if (sharedInter > 0) {
            b.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_expert.",
                       "gate_proj", "up_proj", "down_proj", H, sharedInter, moeLayers, moeLayers);
            b.router(m + "shared_expert_gate", 1, H, moeLayers, true);
        }
        b.router(m + "gate", experts, H, moeLayers, true);
        b.setExperts(experts, topK, sharedInter > 0 ? 1 : 0, moeLayers,
                     checkedMul(3, H, moeInter, c.field("moe_intermediate_size")), H, moeInter);
    }
    b.setPieceLayers({});
    addEmbeddings(c, b);
    const char *mtpKey = firstKey(c, {"mtp_num_hidden_layers", "num_nextn_predict_layers"});
    const u64 mtp = mtpKey ? c.countOr(mtpKey, 0, kMaxLayers, 1) : 1;
    b.setMtpLayers(mtp);
    if (mtp > 0) {
        b.note(std::to_string(mtp) + " MTP layer(s) (" +
               (mtpKey ? c.field(mtpKey) : std::string("the checkpoint's mtp.* tensors")) +
               ") are not in the model's parameter count; engines load them only for "
               "speculative decoding, and a plan that speculates counts their memory (draft "
               "weights)");
    }
    return std::nullopt;
}

} // namespace hostplan::importer
