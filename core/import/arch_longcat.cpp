// SPDX-License-Identifier: MIT
// longcat_flash: Meituan's LongCat-Flash (vLLM longcat_flash.py @ 055e47c2 FlashDecoderLayer).
// Each decoder layer holds two MLA attention sublayers and two dense MLPs in sequence, and one
// MoE beside them whose router picks top moe_topk of n_routed_experts real experts plus
// zero_expert_num zero-computation (identity) experts, which have no weights.
//
// The checkpoint counts decoder layers in num_layers; transformers' LongcatFlashConfig holds
// num_hidden_layers = 2 x num_layers (the attention sublayers), which re-saved configs write
// back. HostPlan reads num_layers, else half of num_hidden_layers.
//
// Tensors counted, per decoder layer (H = hidden_size):
//   self_attn.0 / .1: MLA (archcommon.h addMlaAttention), two of them
//   input_layernorm.0 / .1, post_attention_layernorm.0 / .1 [H]
//   mlps.0 / .1: gated MLPs of ffn_hidden_size (else intermediate_size)
//   mlp.experts: n_routed_experts gated experts of expert_ffn_hidden_size (else
//     moe_intermediate_size); mlp.router.classifier [experts + zero experts, H] and its
//     e_score_correction_bias, in float32 (router_dtype, vLLM LongcatRouter)
//   once: embed_tokens, lm_head, model.norm
// KV: two MLA latents (kv_lora_rank + qk_rope_head_dim) per decoder layer.
#include "import/archcommon.h"
#include "import/architectures.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

std::optional<ConfigReader> buildLongcatFlash(const ConfigReader &c, const std::string &,
                                              ModelBuilder &b) {
    ModelDimensions d;
    d.hidden = c.count("hidden_size", kMaxHidden);
    if (c.has("num_layers")) {
        d.layers = c.count("num_layers", kMaxLayers);
    } else {
        const u64 sublayers = c.count("num_hidden_layers", kMaxLayers);
        if (sublayers % 2 != 0) {
            fail(c.field("num_hidden_layers"),
                 "must be even: LongCat-Flash counts two attention sublayers per decoder layer "
                 "there (num_layers absent)");
        }
        d.layers = sublayers / 2;
    }
    d.heads = c.count("num_attention_heads", kMaxHeads);
    d.vocab = c.count("vocab_size", kMaxVocab);
    d.maxContext = c.countOr("max_position_embeddings", 0, kMaxContext);
    b.setDimensions(d);
    const u64 H = d.hidden, L = d.layers, sub = 2 * L;

    const MlaShape mla = readMla(c);
    const std::string l0 = b.layerModule(0);
    addMlaAttention(c, b, l0 + "self_attn.0.", mla, sub, false);
    b.small(l0 + "input_layernorm.0", H, sub);
    b.small(l0 + "post_attention_layernorm.0", H, sub);
    const char *ffnKey = c.has("ffn_hidden_size") ? "ffn_hidden_size" : "intermediate_size";
    b.gatedMlp("dense MLP", GroupRole::DenseMlp, l0 + "mlps.0.", "gate_proj", "up_proj",
               "down_proj", H, c.count(ffnKey, kMaxIntermediate), sub, sub);

    const char *expertsKey = c.has("n_routed_experts") ? "n_routed_experts" : "num_experts";
    const u64 experts = c.count(expertsKey, kMaxExperts);
    const u64 zero = c.countOr("zero_expert_num", 0, kMaxExperts);
    const std::string fe = c.field(expertsKey);
    const u64 slots = checkedAdd(experts, zero, fe);
    const char *topKey = c.has("moe_topk") ? "moe_topk" : "num_experts_per_tok";
    const u64 topK = topKOf(c, topKey, slots);
    const char *interKey =
        c.has("expert_ffn_hidden_size") ? "expert_ffn_hidden_size" : "moe_intermediate_size";
    const u64 inter = c.count(interKey, kMaxIntermediate);
    // Active: every one of the top-k a real expert, the upper bound; the zero experts a token
    // picks do no work, so the mean is lower.
    b.gatedMlp("routed experts", GroupRole::RoutedExperts, l0 + "mlp.experts.0.", "gate_proj",
               "up_proj", "down_proj", H, inter, checkedMul(experts, L, fe),
               checkedMul(std::min(topK, experts), L, fe));
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated, l0 + "mlp.router.classifier",
             slots, H, L, L, true);
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated,
             l0 + "mlp.router.e_score_correction_bias", slots, 1, L, L, true);
    b.setExperts(experts, std::min(topK, experts), 0, L, checkedMul(3, H, inter, fe), H, inter);
    if (zero > 0) {
        b.note("the router picks " + std::to_string(topK) + " of " + std::to_string(experts) +
               " experts and " + std::to_string(zero) + " zero-computation experts (" +
               c.field("zero_expert_num") +
               "), which have no weights: the active parameters assume every pick a real "
               "expert, an upper bound (Meituan reports 18.6B-31.3B active for "
               "LongCat-Flash-Chat)");
    }
    for (u64 i = 0; i < L; ++i) {
        for (int s = 0; s < 2; ++s) {
            b.atBlock(i);
            b.addMlaLayer(d.heads, mla.nope + mla.rope, mla.vDim, mla.kvLora, mla.rope);
        }
    }
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
