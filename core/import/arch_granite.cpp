// SPDX-License-Identifier: MIT
// granitemoehybrid: IBM Granite 4.0 (GraniteMoeHybridForCausalLM: granite-4.0-h-small / -tiny /
// -micro / -1b / -350m and the attention-only granite-4.0-micro / -1b / -350m). Each layer is a
// Mamba2 or an attention mixer, as layer_types lists them, followed by the same feed-forward
// part: a MoE of num_local_experts gated experts (when > 0) beside a shared gated MLP of
// shared_intermediate_size (when > 0). With no experts the shared MLP is the dense MLP.
//
// Source: vLLM vllm/model_executor/models/granitemoehybrid.py at
// 0195c9ec6ea9cda412d1c69034fc5926a2c29528 (GraniteMoeHybridMambaDecoderLayer,
// GraniteMoeHybridAttentionDecoderLayer, GraniteMoeHybridAttention, load_weights; MambaMixer2
// built with intermediate_size = mamba_expand x hidden_size) and the layers it reuses
// (granitemoe.py GraniteMoeMoE, granitemoeshared.py GraniteMoeSharedMLP).
//
// Tensors counted (H = hidden_size; every layer under model.layers.N.):
//   every layer: input_layernorm, post_attention_layernorm [H]
//   Mamba2 (mamba.*): as import/mamba.h addMamba2Mixers, with mamba_n_heads, mamba_d_head,
//     mamba_d_state, mamba_n_groups, mamba_d_conv, mamba_expand, mamba_proj_bias,
//     mamba_conv_bias
//   attention (self_attn.*): q_proj [heads x hd, H], k_proj / v_proj [kv x hd, H], o_proj
//     [H, heads x hd] (biases with attention_bias); hd = H / heads (vLLM ignores head_dim);
//     positions by rope or none (position_embedding_type "nope"): no weights either way
//   MoE (block_sparse_moe.*): router.layer [E, H] (replicated), input_linear [E, 2 x I, H],
//     output_linear [E, H, I]; I = intermediate_size
//   shared MLP (shared_mlp.*): input_linear [2 x S, H], output_linear [H, S]; S =
//     shared_intermediate_size
//   once: model.embed_tokens [vocab, H], lm_head (tie_word_embeddings), model.norm [H]
// Caches: attention layers K and V (kv x hd each per token); Mamba2 layers their state
// (import/mamba.h addMamba2Layer). vLLM keeps the SSM state in the model dtype by default.
// Omitted sizes take GraniteMoeHybridConfig's defaults (transformers
// configuration_granitemoehybrid.py: 8 experts of top 2, a shared MLP of 1024, untied
// embeddings, the Mamba2 defaults of import/mamba.h kGraniteMambaKeys), each noted.
// Refused, naming the key: a missing layer_types (or its alias layers_block_type), an entry
// other than mamba / attention, a length other than num_hidden_layers, expand x hidden
// differing from heads x head dim.
//
// bamba: IBM's Bamba (BambaForCausalLM, ibm-ai-platform/Bamba-9B), the dense predecessor of
// Granite 4.0 H with the same Mamba2 keys. attn_layer_indices lists the attention layers (0-based;
// BambaConfig.layers_block_type makes every other layer Mamba2); every layer then has a gated
// dense MLP. Source: vLLM vllm/model_executor/models/bamba.py at
// 7e1c150e50abf377f679feb4893b3072cf521bed (BambaMixerDecoderLayer, BambaAttentionDecoderLayer:
// head_dim = hidden_size / heads, no attention biases; BambaMLP without bias).
// Tensors counted (every layer under model.layers.N.): input_layernorm, pre_ff_layernorm [H];
// mamba.* as above; self_attn.q/k/v/o_proj; feed_forward.gate_proj / up_proj [I, H], down_proj
// [H, I]; once model.embed_tokens, lm_head (tie_word_embeddings, BambaConfig's default false),
// model.final_layernorm [H]. Omitted Mamba2 sizes take BambaConfig's defaults (transformers
// configuration_bamba.py, the same as GraniteMoeHybridConfig's), as does an omitted
// num_key_value_heads (8; null: num_attention_heads), each noted. Refused, naming
// the key: an index outside the layers, one given twice, a non-integer entry.
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/mamba.h"

#include <algorithm>

namespace hostplan::importer {

using u64 = std::uint64_t;

std::optional<ConfigReader> buildGraniteMoeHybrid(const ConfigReader &c, const std::string &,
                                                  ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    // GraniteMoeHybridConfig's attribute_map reads layers_block_type as layer_types.
    const char *listKey =
        c.has("layer_types") || !c.has("layers_block_type") ? "layer_types" : "layers_block_type";
    if (!c.has(listKey)) {
        // transformers would build an all-Mamba stack; vLLM indexes config.layer_types.
        fail(c.field(listKey), "missing; a granitemoehybrid config names each layer's mixer "
                               "(mamba or attention), which vLLM reads");
    }
    const std::vector<std::string> types = c.strList(listKey);
    if (types.size() != L) {
        fail(c.field(listKey), "has " + std::to_string(types.size()) + " entries for " +
                                   std::to_string(L) + " layers (num_hidden_layers)");
    }
    for (u64 i = 0; i < L; ++i) {
        if (types[i] != "mamba" && types[i] != "attention") {
            fail(c.field(std::string(listKey) + "[" + std::to_string(i) + "]"),
                 "unknown layer type '" + types[i] + "'; expected mamba or attention");
        }
    }
    const auto firstOf = [&](const char *t) {
        return u64(std::find(types.begin(), types.end(), t) - types.begin());
    };
    const u64 nMamba = u64(std::count(types.begin(), types.end(), "mamba"));
    const u64 nAttn = L - nMamba;

    // Each kind's tensors span its own layers (a checkpoint's exclude list names them).
    Mamba2Shape mamba;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return types[i] == "mamba"; }));
    if (nMamba > 0) {
        mamba = readMamba2(c, b, kGraniteMambaKeys, H, nMamba);
        addMamba2Mixers(b, b.layerModule(firstOf("mamba")) + "mamba.", mamba, nMamba);
    }
    AttnShape attn;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return types[i] == "attention"; }));
    if (nAttn > 0) {
        attn = hiddenSplitAttnShape(c, b);
        attn.qkvBias = attn.oBias = c.flag("attention_bias", false);
        addSoftmaxAttention(b, b.layerModule(firstOf("attention")) + "self_attn.", attn, nAttn);
    }
    b.setPieceLayers({});
    for (const std::string &t : types) {
        if (t == "mamba") {
            addMamba2Layer(b, mamba);
        } else {
            b.addSoftmaxLayer(attn.heads, attn.kv, attn.hd, 0);
        }
    }

    const std::string l0 = b.layerModule(0);
    constexpr const char *cls = "GraniteMoeHybridConfig";
    const u64 experts = countWithClassDefault(c, b, "num_local_experts", 8, kMaxExperts, 0, cls);
    const u64 shared =
        countWithClassDefault(c, b, "shared_intermediate_size", 1024, kMaxIntermediate, 0, cls);
    if (experts == 0 && shared == 0) {
        fail(c.field("shared_intermediate_size"),
             "is 0 with num_local_experts 0: the layers would have no feed-forward part");
    }
    if (experts > 0) {
        const std::string f = c.field("num_local_experts");
        const u64 topK = countWithClassDefault(c, b, "num_experts_per_tok", 2, experts, 1, cls);
        const u64 inter = c.count("intermediate_size", kMaxIntermediate);
        const std::string m = l0 + "block_sparse_moe.";
        b.router(m + "router.layer", experts, H, L, true);
        b.fusedGatedMlp("routed experts", GroupRole::RoutedExperts, m, "input_linear",
                        "output_linear", H, inter, checkedMul(experts, L, f),
                        checkedMul(topK, L, f));
        b.setExperts(experts, topK, shared > 0 ? 1 : 0, L,
                     checkedMul(3, H, inter, c.field("intermediate_size")), H, inter);
    }
    if (shared > 0) {
        b.fusedGatedMlp(experts > 0 ? "shared experts" : "dense MLP",
                        experts > 0 ? GroupRole::SharedExperts : GroupRole::DenseMlp,
                        l0 + "shared_mlp.", "input_linear", "output_linear", H, shared, L, L);
    }
    b.small(l0 + "input_layernorm", H, L);
    b.small(l0 + "post_attention_layernorm", H, L);
    if (!c.has("tie_word_embeddings")) {
        b.note(c.field("tie_word_embeddings") +
               " is absent: taken as false, GraniteMoeHybridConfig's default");
    }
    addEmbeddings(c, b);
    return std::nullopt;
}

std::optional<ConfigReader> buildBamba(const ConfigReader &c, const std::string &,
                                       ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    std::vector<bool> isAttn(L, false);
    const std::string listKey = "attn_layer_indices";
    if (c.has(listKey) && !c.get(listKey)->is_null()) {
        const nlohmann::json &list = *c.get(listKey);
        if (!list.is_array()) {
            fail(c.field(listKey), "must be a list of layer indices");
        }
        if (list.size() > L) {
            fail(c.field(listKey), "lists " + std::to_string(list.size()) + " layers of " +
                                       std::to_string(L) + " (num_hidden_layers)");
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string f = c.field(listKey + "[" + std::to_string(i) + "]");
            if (!list[i].is_number_integer()) {
                fail(f, "must be an integer layer index, got " + list[i].dump().substr(0, 32));
            }
            if (list[i].get<std::int64_t>() < 0 ||
                std::uint64_t(list[i].get<std::int64_t>()) >= L) {
                fail(f, "must be a layer index from 0 to " + std::to_string(L - 1));
            }
            const std::size_t at = std::size_t(list[i].get<std::int64_t>());
            if (isAttn[at]) {
                fail(f, "names layer " + std::to_string(at) + " twice");
            }
            isAttn[at] = true;
        }
    } else {
        b.note(c.field(listKey) + " is absent: every layer is Mamba2, BambaConfig's default");
    }
    const u64 nAttn = u64(std::count(isAttn.begin(), isAttn.end(), true));
    const u64 nMamba = L - nAttn;
    const auto firstOf = [&](bool attn) {
        return u64(std::find(isAttn.begin(), isAttn.end(), attn) - isAttn.begin());
    };
    Mamba2Keys keys = kGraniteMambaKeys;
    keys.configClass = "BambaConfig";
    // Each kind's tensors span its own layers (a checkpoint's exclude list names them).
    Mamba2Shape mamba;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !isAttn[i]; }));
    if (nMamba > 0) {
        mamba = readMamba2(c, b, keys, H, nMamba);
        addMamba2Mixers(b, b.layerModule(firstOf(false)) + "mamba.", mamba, nMamba);
    }
    AttnShape attn;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return bool(isAttn[i]); }));
    if (nAttn > 0) {
        attn = hiddenSplitAttnShape(c, b, {"BambaConfig", 8});
        addSoftmaxAttention(b, b.layerModule(firstOf(true)) + "self_attn.", attn, nAttn);
    }
    b.setPieceLayers({});
    for (u64 i = 0; i < L; ++i) {
        if (isAttn[i]) {
            b.addSoftmaxLayer(attn.heads, attn.kv, attn.hd, 0);
        } else {
            addMamba2Layer(b, mamba);
        }
    }
    const u64 inter = c.count("intermediate_size", kMaxIntermediate);
    b.gatedMlp("dense MLP", GroupRole::DenseMlp, b.layerModule(0) + "feed_forward.", "gate_proj",
               "up_proj", "down_proj", H, inter, L, L);
    b.small(b.layerModule(0) + "input_layernorm", H, L);
    b.small(b.layerModule(0) + "pre_ff_layernorm", H, L);
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
