// SPDX-License-Identifier: MIT
// gpt_oss: GQA with biases and per-head attention sinks, alternating sliding / full layers, MoE
// on every layer with biased experts and a biased router (transformers GptOss*).
//
// Tensors counted, per layer unless noted (H = hidden_size, I = intermediate_size):
//   self_attn.q_proj / k_proj / v_proj / o_proj with biases (attention_bias, default true),
//     sinks [heads]
//   input_layernorm, post_attention_layernorm [H]
//   experts.gate_up_proj [E, H, 2I] and down_proj [E, I, H] (counted as [2I, H] and [H, I]
//     per expert, so MXFP4 blocks run along the inputs), their biases [E, 2I] + [E, H]
//   router [E, H] + router.bias [E]
//   once: embed_tokens, lm_head, model.norm
#include "import/archcommon.h"
#include "import/architectures.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

std::optional<ConfigReader> buildGptOss(const ConfigReader &c, const std::string &,
                                        ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden;
    AttnShape a = readAttnShape(c, b);
    a.qkvBias = a.oBias = c.flag("attention_bias", true);
    a.sinks = true;
    const std::string l0 = b.layerModule(0);
    addSoftmaxAttention(b, l0 + "self_attn.", a, d.layers);
    b.small(l0 + "input_layernorm", H, d.layers);
    b.small(l0 + "post_attention_layernorm", H, d.layers);

    const std::vector<std::string> types = layerTypes(c, d.layers);
    const u64 window = c.count("sliding_window", kMaxContext);
    for (u64 i = 0; i < d.layers; ++i) {
        // GptOssConfig default: sliding on even (0-based) layers, full on odd ones.
        const bool sliding = types.empty() ? i % 2 == 0 : types[i] == "sliding_attention";
        if (!types.empty() && types[i] == "linear_attention") {
            fail(c.field("layer_types[" + std::to_string(i) + "]"),
                 "linear_attention is not part of gpt_oss");
        }
        b.addSoftmaxLayer(a.heads, a.kv, a.hd, sliding ? window : 0);
    }

    const u64 experts = c.count("num_local_experts", kMaxExperts);
    const u64 topK = c.has("num_experts_per_tok") ? topKOf(c, "num_experts_per_tok", experts)
                                                  : topKOf(c, "experts_per_token", experts);
    const u64 inter = c.count("intermediate_size", kMaxIntermediate);
    const u64 L = d.layers;
    const std::string m = l0 + "mlp.";
    const std::string f = c.field("num_local_experts");
    const u64 count = checkedMul(experts, L, f);
    const u64 active = checkedMul(topK, L, f);
    const u64 gateUpRows = checkedMul(2, inter, c.field("intermediate_size"));
    // GptOssExperts: gate_up_proj [E, H, 2I] + bias [E, 2I], down_proj [E, I, H] + bias [E, H].
    // Shapes as [rows = outputs, cols = inputs] so the MXFP4 blocks run along the inputs.
    b.linear("routed experts", GroupRole::RoutedExperts, Placement::Sharded,
             m + "experts.gate_up_proj", gateUpRows, H, count, active);
    b.linear("routed experts", GroupRole::RoutedExperts, Placement::Sharded,
             m + "experts.down_proj", H, inter, count, active);
    b.tensor("routed expert biases", GroupRole::RoutedExperts, Placement::Sharded,
             m + "experts.gate_up_proj_bias", gateUpRows + H, 1, count, active);
    b.router(m + "router", experts, H, L, true);
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated, m + "router.bias", experts, 1, L,
             L);
    const u64 perExpert = checkedAdd(checkedMul(3, H, inter, c.field("intermediate_size")),
                                     gateUpRows + H, c.field("intermediate_size"));
    b.setExperts(experts, topK, 0, L, perExpert, H, inter);
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
