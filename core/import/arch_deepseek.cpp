// SPDX-License-Identifier: MIT
// deepseek_v3 and kimi_k2 (Kimi K2 is the DeepSeek-V3 architecture; same modeling code,
// modeling_deepseek.py): MLA attention, first_k_dense_replace dense layers, then MoE layers with
// shared experts and a sigmoid router with a correction bias.
//
// Tensors counted, per layer unless noted (H = hidden_size, nh = heads):
//   MLA (archcommon.h addMlaAttention): q_a_proj + q_a_layernorm + q_b_proj (or q_proj),
//     kv_a_proj_with_mqa + kv_a_layernorm, kv_b_proj, o_proj; with attention_bias the q_a /
//     kv_a / o_proj biases
//   input_layernorm, post_attention_layernorm [H]
//   dense layers: mlp.gate_proj / up_proj [I, H], down_proj [H, I]
//   MoE layers: n_routed_experts x gate/up [I_moe, H] + down [H, I_moe]; shared experts as one
//     MLP of width n_shared_experts x I_moe; router gate [experts, H] (a plain nn.Parameter,
//     never quantized); e_score_correction_bias [experts] in fp32 with topk_method noaux_tc
//   once: embed_tokens, lm_head, model.norm
// Not counted: the MTP layers (num_nextn_predict_layers; DeepSeek-V3 has 1), a separate draft
// module that engines load only for speculative decoding (ModelSpec::mtpLayers keeps the count).
// The published checkpoint size of DeepSeek-V3 (688,574,839,360 B) includes them; refineWithIndex
// absorbs the difference when an index is given.
#include "import/archcommon.h"
#include "import/architectures.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

std::optional<ConfigReader> buildDeepseekV3(const ConfigReader &c, const std::string &,
                                            ModelBuilder &b) {
    readCommon(c, b);
    b.setMtpLayers(c.countOr("num_nextn_predict_layers", 0, kMaxLayers, 0));
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, nh = d.heads, L = d.layers;
    const MlaShape mla = readMla(c);
    const bool bias = c.flag("attention_bias", false);
    const std::string l0 = b.layerModule(0);
    const std::string at = l0 + "self_attn.";
    addMlaAttention(c, b, at, mla, L, false);
    if (bias) {
        const u64 qaRows = mla.qLora > 0
                               ? mla.qLora
                               : checkedMul(nh, mla.nope + mla.rope, c.field("qk_nope_head_dim"));
        b.attentionBias(at + "q_a_proj.bias", qaRows, L);
        b.attentionBias(at + "kv_a_proj_with_mqa.bias", mla.kvLora + mla.rope, L);
        b.attentionBias(at + "o_proj.bias", H, L);
    }
    b.small(l0 + "input_layernorm", H, L);
    b.small(l0 + "post_attention_layernorm", H, L);
    for (u64 i = 0; i < L; ++i) {
        b.addMlaLayer(nh, mla.nope + mla.rope, mla.vDim, mla.kvLora, mla.rope);
    }

    const u64 experts = c.countOr("n_routed_experts", 0, kMaxExperts, 0);
    const MoeLayout moe = deepseekMoeLayers(c, L, experts);
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !moe.isMoe(i); }));
    addDenseMlp(c, b, L - moe.moeLayers);
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return moe.isMoe(i); }));
    if (moe.moeLayers > 0) {
        const u64 topK = topKOf(c, "num_experts_per_tok", experts);
        const u64 moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
        const u64 shared = c.countOr("n_shared_experts", 0, kMaxExperts, 0);
        const std::string m = b.layerModule(moe.firstDense) + "mlp.";
        const std::string f = c.field("n_routed_experts");
        b.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "gate_proj",
                   "up_proj", "down_proj", H, moeInter, checkedMul(experts, moe.moeLayers, f),
                   checkedMul(topK, moe.moeLayers, f));
        if (shared > 0) {
            b.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_experts.",
                       "gate_proj", "up_proj", "down_proj", H,
                       checkedMul(shared, moeInter, c.field("n_shared_experts")), moe.moeLayers,
                       moe.moeLayers);
        }
        // MoEGate holds a plain nn.Parameter (not an nn.Linear): never quantized.
        b.router(m + "gate", experts, H, moe.moeLayers, false);
        if (c.str("topk_method") == "noaux_tc") {
            // e_score_correction_bias, stored in fp32 (model-facts.md §3 byte sums).
            b.tensor("router", GroupRole::MoeOther, Placement::Replicated,
                     m + "gate.e_score_correction_bias", experts, 1, moe.moeLayers, moe.moeLayers,
                     true);
        }
        b.setExperts(experts, topK, shared, moe.moeLayers,
                     checkedMul(3, H, moeInter, c.field("moe_intermediate_size")), H, moeInter);
    }
    b.setPieceLayers({});
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
