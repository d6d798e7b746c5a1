// SPDX-License-Identifier: MIT
// llama, mistral, qwen2, qwen3 (dense GQA) and mixtral, qwen3_moe (MoE): pre-norm decoder layers
// with softmax attention and gated MLPs (transformers Llama*, Mistral*, Qwen2*, Qwen3*, Mixtral*,
// Qwen3Moe*).
//
// Tensors counted, per layer unless noted (H = hidden_size, hd = head_dim):
//   self_attn.q_proj [heads*hd, H], k_proj / v_proj [kv*hd, H], o_proj [H, heads*hd];
//     q/k/v biases (qwen2 always; llama / qwen3 / qwen3_moe with attention_bias, plus o bias);
//     q_norm / k_norm [hd] (qwen3, qwen3_moe)
//   input_layernorm, post_attention_layernorm [H]
//   dense layers: mlp.gate_proj / up_proj [I, H], down_proj [H, I] (+ biases with llama
//     mlp_bias)
//   MoE layers: experts x gate/up [I_moe, H] + down [H, I_moe] (mixtral w1/w3/w2 under
//     block_sparse_moe), router gate [experts, H]
//   once: embed_tokens [V, H], lm_head [V, H] (or one tied tensor), model.norm [H]
#include "import/archcommon.h"
#include "import/architectures.h"
#include "util/textutil.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

std::optional<ConfigReader> buildLlamaFamily(const ConfigReader &c, const std::string &arch,
                                             ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden;
    AttnShape a = readAttnShape(c, b);
    if (arch == "qwen2") {
        a.qkvBias = true; // Qwen2Attention: q/k/v with bias, o without
    } else if (arch == "llama" || arch == "qwen3" || arch == "qwen3_moe") {
        a.qkvBias = a.oBias = c.flag("attention_bias", false);
    }
    a.qkNorm = arch == "qwen3" || arch == "qwen3_moe";
    const bool mlpBias = arch == "llama" && c.flag("mlp_bias", false);

    // Sliding window: Mistral/Mixtral apply a non-null sliding_window to every layer; Qwen2/3
    // only with use_sliding_window, to layers >= max_window_layers; layer_types wins if given.
    const std::vector<std::string> types = layerTypes(c, d.layers);
    u64 window = 0;
    if (c.has("sliding_window")) {
        const bool qwen = arch.rfind("qwen", 0) == 0;
        if (!qwen || c.flag("use_sliding_window", false) || !types.empty()) {
            window = c.count("sliding_window", kMaxContext);
        }
    }
    const u64 maxWindowLayers = c.countOr("max_window_layers", 0, kMaxLayers, 0);
    for (u64 i = 0; i < d.layers; ++i) {
        bool sliding = false;
        if (!types.empty()) {
            sliding = types[i] == "sliding_attention";
            if (types[i] == "linear_attention") {
                fail(c.field("layer_types[" + std::to_string(i) + "]"),
                     "linear_attention is not part of " + arch);
            }
        } else if (window > 0) {
            sliding = arch.rfind("qwen", 0) == 0 ? i >= maxWindowLayers : true;
        }
        if (sliding && window == 0) {
            fail(c.field("sliding_window"), "missing for sliding_attention layers");
        }
        b.addSoftmaxLayer(a.heads, a.kv, a.hd, sliding ? window : 0);
    }
    const std::string l0 = b.layerModule(0);
    addSoftmaxAttention(b, l0 + "self_attn.", a, d.layers);
    b.small(l0 + "input_layernorm", H, d.layers);
    b.small(l0 + "post_attention_layernorm", H, d.layers);

    // Which layers hold experts.
    u64 experts = 0, topK = 0, moeInter = 0;
    u64 moeLayers = 0;
    std::string expertPrefix, routerModule;
    const char *gate = "gate_proj";
    const char *up = "up_proj";
    const char *down = "down_proj";
    if (arch == "mixtral") {
        experts = c.count("num_local_experts", kMaxExperts);
        topK = topKOf(c, "num_experts_per_tok", experts);
        moeInter = c.count("intermediate_size", kMaxIntermediate);
        moeLayers = d.layers;
        expertPrefix = l0 + "block_sparse_moe.experts.0.";
        routerModule = l0 + "block_sparse_moe.gate";
        gate = "w1";
        up = "w3";
        down = "w2";
    } else if (arch == "qwen3_moe") {
        experts = c.count("num_experts", kMaxExperts);
        topK = topKOf(c, "num_experts_per_tok", experts);
        moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
        // Qwen3MoeDecoderLayer: MoE unless listed in mlp_only_layers, every decoder_sparse_step.
        moeLayers = qwenMoeLayers(c, d.layers, experts);
        expertPrefix = l0 + "mlp.experts.0.";
        routerModule = l0 + "mlp.gate";
    }
    // The dense and MoE layers' tensors span their own layers (Qwen3-MoE's mlp_only_layers).
    const std::vector<bool> moe = arch == "qwen3_moe" ? qwenMoeMask(c, d.layers, experts)
                                                      : std::vector<bool>(d.layers, moeLayers > 0);
    b.setPieceLayers(layersWhere(d.layers, [&](u64 i) { return !moe[i]; }));
    const u64 denseLayers = d.layers - moeLayers;
    const u64 inter = addDenseMlp(c, b, denseLayers);
    if (denseLayers > 0 && mlpBias) {
        const u64 biases = checkedAdd(checkedMul(inter, 2, c.field("intermediate_size")), H,
                                      c.field("intermediate_size"));
        b.tensor("dense MLP", GroupRole::DenseMlp, Placement::Sharded, l0 + "mlp.gate_proj.bias",
                 biases, 1, denseLayers, denseLayers);
    }
    b.setPieceLayers(layersWhere(d.layers, [&](u64 i) { return bool(moe[i]); }));
    if (moeLayers > 0) {
        const std::string f = c.field("num_experts_per_tok");
        b.gatedMlp("routed experts", GroupRole::RoutedExperts, expertPrefix, gate, up, down, H,
                   moeInter, checkedMul(experts, moeLayers, f), checkedMul(topK, moeLayers, f));
        b.router(routerModule, experts, H, moeLayers, true);
        b.setExperts(experts, topK, 0, moeLayers, checkedMul(3, H, moeInter, f), H, moeInter);
    }
    b.setPieceLayers({});
    if (moeLayers == 0) {
        // The dense classes (Llama, Mistral, Qwen2, Qwen3) build no experts whatever the config
        // says: an expert count of 2 or more means the config is not what its model_type
        // reads, and sizing it dense would be confidently wrong.
        for (const char *key :
             {"num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"}) {
            const nlohmann::json *v = c.get(key);
            if (v && v->is_number() && v->get<double>() >= 2) {
                fail(c.field(key), quotedInput(v->dump(), 30) + " experts, but model_type '" +
                                       arch +
                                       "' is a dense model (transformers builds no experts "
                                       "for it); it would be sized without them");
            }
        }
    }
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
