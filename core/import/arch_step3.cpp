// SPDX-License-Identifier: MIT
// step3_text: StepFun's Step3 language model (vLLM step3_text.py @ 0169d396), alone or as the
// text_config of its step3_vl wrapper. Attention with a low-rank query and one KV head: a
// replicated qkv_proj [share_q_dim + 2 x head_dim, H] (stored as q_proj / k_proj / v_proj), an
// RMSNorm on the query latent, wq [heads x head_dim, share_q_dim] and o_proj [H, heads x
// head_dim]; one KV head of head_dim per layer, replicated under TP. MoE on the layers
// moe_layers_enum lists (a comma-separated string; default: every layer but the first):
// moe_num_experts experts of moe_intermediate_size, top moe_top_k, a replicated router and a
// shared expert of share_expert_dim; a dense MLP of intermediate_size elsewhere.
//
// Tensors counted, per layer unless noted (H = hidden_size, d = head_dim, Q = share_q_dim):
//   self_attn.q_proj [Q, H], k_proj / v_proj [d, H] (replicated), inter_norm [Q],
//     wq [heads x d, Q], o_proj [H, heads x d]
//   input_layernorm, post_attention_layernorm [H]
//   MoE layers: moe.gate [E, H], experts gate / up [I, H] and down [H, I] x E,
//     share_expert gate / up [S, H], down [H, S]; dense layers: mlp [intermediate_size]
//   once: embed_tokens, lm_head, model.norm
#include "import/archcommon.h"
#include "import/architectures.h"
#include "util/textutil.h"

#include <algorithm>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// The MoE layers of moe_layers_enum ("4,5,...,59"), else every layer but the first (vLLM's
/// default "1dense").
std::vector<bool> step3MoeLayers(const ConfigReader &c, u64 layers) {
    std::vector<bool> moe(layers, true);
    if (!c.has("moe_layers_enum")) {
        if (layers > 0) {
            moe[0] = false;
        }
        return moe;
    }
    const std::string list = c.str("moe_layers_enum");
    if (list.size() > 16 * kMaxLayers) {
        fail(c.field("moe_layers_enum"), "is longer than any layer list");
    }
    std::fill(moe.begin(), moe.end(), false);
    std::size_t at = 0;
    while (at <= list.size()) {
        const std::size_t end = std::min(list.find(',', at), list.size());
        std::string item = list.substr(at, end - at);
        const std::size_t first = item.find_first_not_of(' ');
        item = first == std::string::npos ? std::string() : item.substr(first);
        item.erase(item.find_last_not_of(' ') + 1);
        u64 layer = 0;
        bool digits = !item.empty() && item.size() <= 6;
        for (char ch : item) {
            digits = digits && ch >= '0' && ch <= '9';
            layer = digits ? layer * 10 + u64(ch - '0') : layer;
        }
        if (!digits || layer >= layers) {
            fail(c.field("moe_layers_enum"),
                 "must list layer numbers below " + std::to_string(layers) +
                     " separated by commas, got '" + cutText(item, 20) + "'");
        }
        moe[layer] = true;
        at = end + 1;
    }
    return moe;
}

} // namespace

std::optional<ConfigReader> buildStep3(const ConfigReader &c, const std::string &,
                                       ModelBuilder &b) {
    readCommon(c, b);
    if (b.dimensions().maxContext == 0) {
        // Step3 spells the context max_position_embedding (vLLM reads it) or max_seq_len.
        ModelDimensions dims = b.dimensions();
        for (const char *k : {"max_position_embedding", "max_seq_len"}) {
            dims.maxContext = dims.maxContext ? dims.maxContext : c.countOr(k, 0, kMaxContext);
        }
        b.setDimensions(dims);
    }
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers, heads = d.heads;
    const u64 hd = c.countOr("head_dim", 256, kMaxHeadDim);
    const u64 q = c.countOr("share_q_dim", hd, kMaxHidden);
    if (c.has("num_attention_groups") && c.count("num_attention_groups", kMaxHeads) != 1) {
        fail(c.field("num_attention_groups"),
             "must be 1: Step3's attention keeps one KV head (vLLM Step3TextAttention)");
    }
    const std::string l0 = b.layerModule(0);
    const std::string at = l0 + "self_attn.";
    b.attentionReplicated(at + "q_proj", q, H, L);
    b.attentionReplicated(at + "k_proj", hd, H, L);
    b.attentionReplicated(at + "v_proj", hd, H, L);
    b.small(at + "inter_norm", q, L);
    const std::string f = c.field("num_attention_heads");
    b.attention(at + "wq", checkedMul(heads, hd, f), q, L);
    b.attention(at + "o_proj", H, checkedMul(heads, hd, f), L);
    b.small(l0 + "input_layernorm", H, L);
    b.small(l0 + "post_attention_layernorm", H, L);
    for (u64 i = 0; i < L; ++i) {
        b.addSoftmaxLayer(heads, 1, hd, 0);
    }

    const std::vector<bool> moe = step3MoeLayers(c, L);
    const u64 nMoe = u64(std::count(moe.begin(), moe.end(), true));
    const auto layersOf = [&](bool sparse) {
        return layersWhere(L, [&](u64 i) { return moe[i] == sparse; });
    };
    if (nMoe < L) {
        const std::vector<std::uint32_t> dense = layersOf(false);
        b.setPieceLayers(dense);
        b.gatedMlp("dense MLP", GroupRole::DenseMlp, b.layerModule(dense.front()) + "mlp.",
                   "gate_proj", "up_proj", "down_proj", H,
                   c.count("intermediate_size", kMaxIntermediate), L - nMoe, L - nMoe);
    }
    if (nMoe > 0) {
        const std::vector<std::uint32_t> sparse = layersOf(true);
        b.setPieceLayers(sparse);
        const u64 experts = c.count("moe_num_experts", kMaxExperts);
        const u64 topK = topKOf(c, "moe_top_k", experts);
        const u64 inter = c.count("moe_intermediate_size", kMaxIntermediate);
        const u64 shared = c.count("share_expert_dim", kMaxIntermediate);
        const std::string m = b.layerModule(sparse.front());
        const std::string fe = c.field("moe_num_experts");
        b.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "moe.experts.0.", "gate_proj",
                   "up_proj", "down_proj", H, inter, checkedMul(experts, nMoe, fe),
                   checkedMul(topK, nMoe, fe));
        b.gatedMlp("shared experts", GroupRole::SharedExperts, m + "share_expert.", "gate_proj",
                   "up_proj", "down_proj", H, shared, nMoe, nMoe);
        b.router(m + "moe.gate", experts, H, nMoe, true);
        b.setExperts(experts, topK, 1, nMoe, checkedMul(3, H, inter, fe), H, inter);
    }
    b.setPieceLayers({});
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
