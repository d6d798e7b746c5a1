// SPDX-License-Identifier: MIT
#include "import/archcommon.h"

#include <algorithm>
#include <set>

namespace hostplan::importer {

const char *firstKey(const ConfigReader &c, std::initializer_list<const char *> keys) {
    for (const char *k : keys) {
        if (c.has(k)) {
            return k;
        }
    }
    return nullptr;
}

using u64 = std::uint64_t;

void readCommon(const ConfigReader &c, ModelBuilder &b) {
    ModelDimensions d;
    d.hidden = c.count("hidden_size", kMaxHidden);
    d.layers = c.count("num_hidden_layers", kMaxLayers);
    d.heads = c.count("num_attention_heads", kMaxHeads);
    d.vocab = c.count("vocab_size", kMaxVocab);
    // The length keys vLLM reads, the smallest of those present (vllm/config/model.py
    // _get_and_verify_max_len possible_keys: Kimi-Linear has only model_max_length, ChatGLM
    // seq_length; a config whose n_positions is below its max_position_embeddings is refused a
    // longer --max-model-len); 0 = unknown (the plan says so).
    if (c.has("max_position_embeddings")) {
        d.maxContext = c.count("max_position_embeddings", kMaxContext);
    }
    // Their values within HostPlan's range only: a tokenizer's 1e30 model_max_length (copied
    // into some configs) is no limit, and not an error where max_position_embeddings is given.
    for (const char *key : {"n_positions", "max_seq_len", "seq_length", "model_max_length",
                            "max_sequence_length", "max_seq_length", "seq_len"}) {
        const auto *v = c.get(key);
        if (v && v->is_number_integer() && v->get<double>() >= 1 &&
            v->get<double>() <= double(kMaxContext)) {
            const u64 n = v->get<u64>();
            d.maxContext = d.maxContext ? std::min(d.maxContext, n) : n;
        }
    }
    b.setDimensions(d);
}

u64 countWithClassDefault(const ConfigReader &c, ModelBuilder &b, std::string_view key, u64 def,
                          u64 hi, u64 lo, std::string_view configClass) {
    if (c.has(key)) {
        return c.count(key, hi, lo);
    }
    b.note(c.field(key) + " is absent: taken as " + std::to_string(def) + ", " +
           std::string(configClass) + "'s default");
    return def;
}

void addEmbeddings(const ConfigReader &c, ModelBuilder &b) {
    // Every config class of the table's architectures defaults tie_word_embeddings to false.
    addEmbeddings(b, c.flag("tie_word_embeddings", false));
}

std::string innerModelPrefix(const ModelBuilder &b) {
    // transformers' multimodal layout keeps the text model's own modules under
    // "model.language_model." and lm_head at the top; a "language_model." wrapper (Kimi)
    // holds a whole causal LM, lm_head included.
    const std::string &p = b.modulePrefix();
    return p == "model.language_model." ? p : p + "model.";
}

void addEmbeddings(ModelBuilder &b, bool tied) {
    const std::string &p = b.modulePrefix();
    const ModelDimensions &d = b.dimensions();
    const std::string inner = innerModelPrefix(b);
    const std::string head = inner == p ? std::string("lm_head") : p + "lm_head";
    if (tied) {
        // One tensor serves as both: it is a matmul per token, so it counts as lm_head and
        // is active; activeParamsWithEmbedding then equals activeParams.
        b.tensor("embedding (tied lm_head)", GroupRole::LmHead, Placement::Sharded,
                 inner + "embed_tokens", d.vocab, d.hidden, 1, 1);
    } else {
        // The input embedding is a row gather, not a matmul: not active (modelspec.h).
        b.tensor("embedding", GroupRole::Embedding, Placement::Sharded, inner + "embed_tokens",
                 d.vocab, d.hidden, 1, 0);
        b.linear("lm_head", GroupRole::LmHead, Placement::Sharded, head, d.vocab, d.hidden, 1, 1);
    }
    b.small(inner + "norm", d.hidden, 1);
}

u64 headDimOf(const ConfigReader &c, u64 hidden, u64 heads) {
    if (c.has("head_dim")) {
        return c.count("head_dim", kMaxHeadDim);
    }
    if (c.has("attention_head_dim")) { // Tencent Hunyuan's name for it
        return c.count("attention_head_dim", kMaxHeadDim);
    }
    if (hidden % heads != 0) {
        fail(c.field("head_dim"), "missing, and hidden_size " + std::to_string(hidden) +
                                      " is not a multiple of num_attention_heads " +
                                      std::to_string(heads));
    }
    return hidden / heads;
}

u64 kvHeadsOf(const ConfigReader &c, u64 heads) {
    const u64 kv = c.countOr("num_key_value_heads", heads, kMaxHeads);
    if (kv > heads || heads % kv != 0) {
        fail(c.field("num_key_value_heads"),
             std::to_string(kv) + " does not divide num_attention_heads " + std::to_string(heads));
    }
    return kv;
}

u64 uniformCount(const ConfigReader &c, std::string_view key, u64 hi, u64 lo, u64 layers) {
    const nlohmann::json *v = c.get(key);
    if (!v || !v->is_array()) {
        return c.count(key, hi, lo);
    }
    const std::vector<u64> values = c.countList(key, hi, lo);
    if (values.empty() || (layers > 0 && values.size() != layers)) {
        fail(c.field(key), "has " + std::to_string(values.size()) + " entries for " +
                               std::to_string(layers) + " layers");
    }
    for (std::size_t i = 1; i < values.size(); ++i) {
        if (values[i] != values[0]) {
            fail(c.field(std::string(key) + "[" + std::to_string(i) + "]"),
                 std::to_string(values[i]) + " differs from layer 0's " +
                     std::to_string(values[0]) + "; per-layer values that differ are not read");
        }
    }
    return values[0];
}

u64 topKOf(const ConfigReader &c, std::string_view key, u64 experts, u64 layers) {
    const u64 k = uniformCount(c, key, kMaxExperts, 1, layers);
    if (k > experts) {
        fail(c.field(key),
             std::to_string(k) + " exceeds the " + std::to_string(experts) + " routed experts");
    }
    return k;
}

std::vector<std::string> perLayerStrings(const ConfigReader &c, std::string_view key, u64 layers) {
    std::vector<std::string> list = c.strList(key);
    if (!list.empty() && list.size() != layers) {
        fail(c.field(key), "has " + std::to_string(list.size()) + " entries for " +
                               std::to_string(layers) + " layers");
    }
    return list;
}

std::vector<std::string> layerTypes(const ConfigReader &c, u64 layers) {
    const std::vector<std::string> types = perLayerStrings(c, "layer_types", layers);
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (types[i] != "full_attention" && types[i] != "sliding_attention" &&
            types[i] != "linear_attention") {
            fail(c.field("layer_types[" + std::to_string(i) + "]"),
                 "unknown layer type '" + types[i] + "'");
        }
    }
    return types;
}

AttnShape readAttnShape(const ConfigReader &c, const ModelBuilder &b) {
    AttnShape a;
    a.heads = b.dimensions().heads;
    a.kv = kvHeadsOf(c, a.heads);
    a.hd = headDimOf(c, b.dimensions().hidden, a.heads);
    return a;
}

u64 kvHeadsWithClassDefault(const ConfigReader &c, ModelBuilder &b, u64 heads,
                            const KvClassDefault &kvDef) {
    if (!kvDef.configClass || c.raw().contains("num_key_value_heads")) {
        return kvHeadsOf(c, heads);
    }
    const u64 kv = kvDef.kvHeads;
    if (kv > heads || heads % kv != 0) {
        fail(c.field("num_key_value_heads"), "is absent, and " + std::string(kvDef.configClass) +
                                                 "'s default " + std::to_string(kv) +
                                                 " does not divide num_attention_heads " +
                                                 std::to_string(heads));
    }
    b.note(c.field("num_key_value_heads") + " is absent: taken as " + std::to_string(kv) + ", " +
           kvDef.configClass + "'s default");
    return kv;
}

AttnShape hiddenSplitAttnShape(const ConfigReader &c, ModelBuilder &b,
                               const KvClassDefault &kvDef) {
    AttnShape a;
    const u64 H = b.dimensions().hidden;
    a.heads = b.dimensions().heads;
    a.kv = kvHeadsWithClassDefault(c, b, a.heads, kvDef);
    if (H % a.heads != 0) {
        fail(c.field("num_attention_heads"),
             std::to_string(a.heads) + " does not divide hidden_size " + std::to_string(H));
    }
    a.hd = H / a.heads;
    return a;
}

void addSoftmaxAttention(ModelBuilder &b, const std::string &mod, const AttnShape &a, u64 n) {
    const u64 H = b.dimensions().hidden;
    const u64 qRows = checkedMul(a.heads, a.hd, a.outputGate ? 2 : 1, mod + "q_proj");
    const u64 kvRows = checkedMul(a.kv, a.hd, mod + "k_proj");
    b.attention(mod + "q_proj", qRows, H, n);
    b.attention(mod + "k_proj", kvRows, H, n);
    if (!a.kEqV) {
        b.attention(mod + "v_proj", kvRows, H, n);
    }
    b.attention(mod + "o_proj", H, checkedMul(a.heads, a.hd, mod + "o_proj"), n);
    if (a.qkvBias) {
        b.attentionBias(mod + "q_proj.bias", qRows, n);
        b.attentionBias(mod + "k_proj.bias", kvRows, n);
        if (!a.kEqV) {
            b.attentionBias(mod + "v_proj.bias", kvRows, n);
        }
    }
    if (a.oBias) {
        b.attentionBias(mod + "o_proj.bias", H, n);
    }
    if (a.qkNorm) {
        b.small(mod + "q_norm", a.hd, n);
        b.small(mod + "k_norm", a.hd, n);
    }
    if (a.sinks) {
        b.small(mod + "sinks", a.heads, n);
    }
}

MlaShape readMla(const ConfigReader &c) {
    MlaShape m;
    m.qLora = c.countOr("q_lora_rank", 0, kMaxHidden);
    m.kvLora = c.count("kv_lora_rank", kMaxHidden);
    m.nope = c.count("qk_nope_head_dim", kMaxHeadDim);
    m.rope = c.count("qk_rope_head_dim", kMaxHeadDim, 0);
    m.vDim = c.count("v_head_dim", kMaxHeadDim);
    return m;
}

void addMlaAttention(const ConfigReader &c, ModelBuilder &b, const std::string &at,
                     const MlaShape &m, u64 n, bool outputGate) {
    const u64 H = b.dimensions().hidden, nh = b.dimensions().heads;
    const u64 qRows = checkedMul(nh, m.nope + m.rope, c.field("qk_nope_head_dim"));
    const u64 vWidth = checkedMul(nh, m.vDim, c.field("v_head_dim"));
    if (m.qLora > 0) {
        b.attentionReplicated(at + "q_a_proj", m.qLora, H, n);
        b.small(at + "q_a_layernorm", m.qLora, n);
        b.attention(at + "q_b_proj", qRows, m.qLora, n);
    } else {
        b.attention(at + "q_proj", qRows, H, n);
    }
    // The rope channels are stored even with mla_use_nope (model-facts.md §2).
    b.attentionReplicated(at + "kv_a_proj_with_mqa", m.kvLora + m.rope, H, n);
    b.small(at + "kv_a_layernorm", m.kvLora, n);
    b.attention(at + "kv_b_proj", checkedMul(nh, m.nope + m.vDim, c.field("v_head_dim")), m.kvLora,
                n);
    if (outputGate) {
        b.attention(at + "g_proj", vWidth, H, n);
    }
    b.attention(at + "o_proj", H, vWidth, n);
}

MoeLayout deepseekMoeLayers(const ConfigReader &c, u64 layers, u64 experts) {
    MoeLayout m;
    m.firstDense = c.countOr("first_k_dense_replace", 0, kMaxLayers, 0);
    m.freq = c.countOr("moe_layer_freq", 1, kMaxLayers);
    m.hasExperts = experts > 0;
    for (u64 i = 0; i < layers && experts > 0; ++i) {
        if (m.isMoe(i)) {
            ++m.moeLayers;
        }
    }
    return m;
}

std::vector<bool> qwenMoeMask(const ConfigReader &c, u64 layers, u64 experts) {
    const std::vector<u64> mlpOnly = c.countList("mlp_only_layers", kMaxLayers, 0);
    const std::set<u64> dense(mlpOnly.begin(), mlpOnly.end());
    const u64 step = c.countOr("decoder_sparse_step", 1, kMaxLayers);
    std::vector<bool> moe(layers, false);
    for (u64 i = 0; i < layers && experts > 0; ++i) {
        moe[i] = !dense.count(i) && (i + 1) % step == 0;
    }
    return moe;
}

u64 qwenMoeLayers(const ConfigReader &c, u64 layers, u64 experts) {
    const std::vector<bool> moe = qwenMoeMask(c, layers, experts);
    return u64(std::count(moe.begin(), moe.end(), true));
}

GdnShape addGatedDeltaNet(const ConfigReader &c, ModelBuilder &b, u64 n) {
    GdnShape g;
    g.nk = c.count("linear_num_key_heads", kMaxHeads);
    g.dk = c.count("linear_key_head_dim", kMaxHeadDim);
    g.nv = c.count("linear_num_value_heads", kMaxHeads);
    g.dv = c.count("linear_value_head_dim", kMaxHeadDim);
    g.kernel = c.count("linear_conv_kernel_dim", 64);
    // Each key head serves a whole group of value heads (the Gated DeltaNet kernels repeat
    // q / k over nv / nk value heads: vLLM qwen3_next.py, transformers modeling_qwen3_next.py).
    if (g.nv % g.nk != 0) {
        fail(c.field("linear_num_value_heads"),
             std::to_string(g.nv) + " is not a multiple of linear_num_key_heads " +
                 std::to_string(g.nk) + ": each key head serves a whole group of value heads");
    }
    const u64 H = b.dimensions().hidden;
    const std::string fk = c.field("linear_key_head_dim");
    const std::string fv = c.field("linear_value_head_dim");
    const u64 keys = checkedMul(2, g.nk, g.dk, fk);
    const u64 values = checkedMul(g.nv, g.dv, fv);
    g.convDim = checkedAdd(keys, values, fv);
    const std::string la = b.layerModule(0) + "linear_attn.";
    b.attention(la + "in_proj_qkvz", checkedAdd(keys, checkedMul(2, values, fv), fv), H, n);
    b.attention(la + "in_proj_ba", checkedMul(2, g.nv, c.field("linear_num_value_heads")), H, n);
    b.tensor("short convolutions", GroupRole::Attention, Placement::Sharded, la + "conv1d",
             g.convDim, g.kernel, n, n);
    b.small(la + "dt_bias", g.nv, n);
    b.small(la + "A_log", g.nv, n);
    b.small(la + "norm", g.dv, n);
    b.attention(la + "out_proj", H, values, n);
    return g;
}

u64 addDenseMlp(const ConfigReader &c, ModelBuilder &b, u64 denseLayers) {
    if (denseLayers == 0) {
        return 0;
    }
    const u64 inter = c.count("intermediate_size", kMaxIntermediate);
    b.gatedMlp("dense MLP", GroupRole::DenseMlp, b.layerModule(0) + "mlp.", "gate_proj", "up_proj",
               "down_proj", b.dimensions().hidden, inter, denseLayers, denseLayers);
    return inter;
}

} // namespace hostplan::importer
