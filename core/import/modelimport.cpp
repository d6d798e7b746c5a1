// Import a ModelSpec from a Hugging Face config.json.
//
// How it works: each architecture's code path lists the model's stored tensors as "pieces"
// (one representative HF module name, [rows, cols] shape, how many instances, how many one token
// touches). The checkpoint's quantization rules then give each piece its stored format and exact
// bytes, and the pieces are merged into a few TensorGroups by role, placement and format. The
// per-layer attention kinds become LayerGroups.
//
// Parameter formulas follow the transformers modeling files of each model_type (and the
// vendors' modeling_*.py for deepseek_v3 / kimi_k2 / kimi_linear / kimi_k3); every total is
// checked in tests/core/tst_modelimport.cpp against ../shared/reference/model-facts.md and
// kimi-k3-facts.md.
//
// Placement defaults follow vLLM's layers (vllm/model_executor/layers/linear.py and the model
// files): the input embedding is VocabParallelEmbedding and lm_head ParallelLMHead (sharded);
// q/k/v/o, MLPs and shared experts are Column/RowParallelLinear (sharded); routed experts are
// FusedMoE (sharded over TP or EP); the MLA q_a_proj / kv_a_proj_with_mqa and the KDA
// f_a_proj / g_a_proj low-rank down-projections are ReplicatedLinear; the MoE router gate is
// ReplicatedLinear; norms and small per-layer vectors (sinks, A_log, dt_bias, q/k norms, AttnRes
// projections) are treated as replicated. Biases travel with their weight matrix.
#include "import/modelimport.h"

#include "util/jsonutil.h"

#include "import/safetensors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <system_error>

namespace hostplan {

namespace {

using json = nlohmann::json;
using u64 = std::uint64_t;

/// Thrown inside the importer only; importHfConfigText turns it into an Error.
struct ImportFailure {
    Error error;
};

[[noreturn]] void fail(std::string field, std::string message) {
    throw ImportFailure{makeError(std::move(field), std::move(message))};
}

// Plausibility limits: a config beyond these is corrupt or hostile, not a model. They also keep
// every product below 2^64 together with the checked arithmetic below.
constexpr u64 kMaxHidden = u64(1) << 20;       // hidden_size and other widths
constexpr u64 kMaxIntermediate = u64(1) << 24; // MLP widths
constexpr u64 kMaxLayers = u64(1) << 16;
constexpr u64 kMaxHeads = u64(1) << 16;
constexpr u64 kMaxVocab = u64(1) << 26;
constexpr u64 kMaxExperts = u64(1) << 20;
constexpr u64 kMaxContext = u64(1) << 40;
constexpr u64 kMaxParams = u64(1) << 54; // 1.8e16, 6,000x Kimi K3

u64 mul(u64 a, u64 b) {
    if (b != 0 && a > std::numeric_limits<u64>::max() / b) {
        fail("", "parameter count overflows 64 bits; the config's sizes are implausible");
    }
    return a * b;
}
u64 mul(u64 a, u64 b, u64 c) {
    return mul(mul(a, b), c);
}
u64 add(u64 a, u64 b) {
    if (a > std::numeric_limits<u64>::max() - b) {
        fail("", "parameter count overflows 64 bits; the config's sizes are implausible");
    }
    return a + b;
}
u64 ceilDivU(u64 a, u64 b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

std::string dumpShort(const json &v) { return hostplan::jsonfield::brief(v); }

/// One JSON object of the config with its dotted path, so errors name the field
/// ("text_config.hidden_size").
class Cfg {
  public:
    Cfg(const json &j, std::string path) : m_j(&j), m_path(std::move(path)) {}

    std::string field(std::string_view key) const {
        return m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
    }
    const std::string &path() const { return m_path; }
    const json &raw() const { return *m_j; }

    /// The value of `key`, or nullptr when absent or null.
    const json *get(std::string_view key) const {
        const auto it = m_j->find(std::string(key));
        return it == m_j->end() || it->is_null() ? nullptr : &*it;
    }
    bool has(std::string_view key) const { return get(key) != nullptr; }

    /// A required integer in [lo, hi].
    u64 count(std::string_view key, u64 hi, u64 lo = 1) const {
        const json *v = get(key);
        if (!v) {
            fail(field(key), "missing");
        }
        return toCount(*v, key, lo, hi);
    }
    /// An optional integer in [lo, hi]; absent or null gives `def`.
    u64 countOr(std::string_view key, u64 def, u64 hi, u64 lo = 1) const {
        const json *v = get(key);
        return v ? toCount(*v, key, lo, hi) : def;
    }
    bool flag(std::string_view key, bool def) const {
        const json *v = get(key);
        if (!v) {
            return def;
        }
        if (!v->is_boolean()) {
            fail(field(key), "must be true or false, got " + dumpShort(*v));
        }
        return v->get<bool>();
    }
    std::string str(std::string_view key, const std::string &def = {}) const {
        const json *v = get(key);
        if (!v) {
            return def;
        }
        if (!v->is_string()) {
            fail(field(key), "must be a string, got " + dumpShort(*v));
        }
        return v->get<std::string>();
    }
    /// A required nested object.
    Cfg sub(std::string_view key) const {
        const json *v = get(key);
        if (!v) {
            fail(field(key), "missing");
        }
        if (!v->is_object()) {
            fail(field(key), "must be an object, got " + dumpShort(*v));
        }
        return Cfg(*v, field(key));
    }
    std::optional<Cfg> optSub(std::string_view key) const {
        if (!has(key)) {
            return std::nullopt;
        }
        return sub(key);
    }
    /// An optional list of integers in [lo, hi]; absent gives an empty list.
    std::vector<u64> countList(std::string_view key, u64 hi, u64 lo) const {
        std::vector<u64> out;
        const json *v = get(key);
        if (!v) {
            return out;
        }
        if (!v->is_array()) {
            fail(field(key), "must be a list, got " + dumpShort(*v));
        }
        for (std::size_t i = 0; i < v->size(); ++i) {
            out.push_back(
                toCount((*v)[i], std::string(key) + "[" + std::to_string(i) + "]", lo, hi));
        }
        return out;
    }
    /// An optional list of strings; absent gives an empty list.
    std::vector<std::string> strList(std::string_view key) const {
        std::vector<std::string> out;
        const json *v = get(key);
        if (!v) {
            return out;
        }
        if (!v->is_array()) {
            fail(field(key), "must be a list, got " + dumpShort(*v));
        }
        for (std::size_t i = 0; i < v->size(); ++i) {
            if (!(*v)[i].is_string()) {
                fail(field(std::string(key) + "[" + std::to_string(i) + "]"),
                     "must be a string, got " + dumpShort((*v)[i]));
            }
            out.push_back((*v)[i].get<std::string>());
        }
        return out;
    }

  private:
    u64 toCount(const json &v, std::string_view key, u64 lo, u64 hi) const {
        u64 n = 0;
        if (v.is_number_unsigned()) {
            n = v.get<u64>();
        } else if (v.is_number_integer()) {
            const auto i = v.get<std::int64_t>();
            if (i < 0) {
                fail(field(key), "must not be negative, got " + std::to_string(i));
            }
            n = u64(i);
        } else if (v.is_number_float()) {
            // 4096.0 is accepted; 4096.5 is not.
            const double d = v.get<double>();
            if (!(std::isfinite(d) && std::floor(d) == d)) {
                fail(field(key), "must be an integer, got " + dumpShort(v));
            }
            if (d < 0) {
                fail(field(key), "must not be negative, got " + dumpShort(v));
            }
            if (d > double(hi)) {
                fail(field(key),
                     "implausibly large: " + dumpShort(v) + " (limit " + std::to_string(hi) + ")");
            }
            n = u64(d);
        } else {
            fail(field(key), "must be an integer, got " + dumpShort(v));
        }
        if (n < lo) {
            fail(field(key),
                 "must be at least " + std::to_string(lo) + ", got " + std::to_string(n));
        }
        if (n > hi) {
            fail(field(key),
                 "implausibly large: " + std::to_string(n) + " (limit " + std::to_string(hi) + ")");
        }
        return n;
    }

    const json *m_j; // never null; a pointer keeps Cfg assignable
    std::string m_path;
};

// --- Pieces: the stored tensors of a model, by representative module ------------------------

/// One kind of stored tensor: `count` instances of a [rows, cols] tensor (a vector has cols 1),
/// of which `active` are touched by one text token.
struct Piece {
    std::string group; ///< base group name ("attention", "routed experts", ...)
    GroupRole role = GroupRole::Other;
    Placement placement = Placement::Sharded;
    std::string module;  ///< representative HF module path, for quantization rules
    bool linear = false; ///< a Linear-like weight matrix a quantizer may convert
    bool fp32 = false;   ///< stored in fp32 whatever the model dtype (checkpoint fact)
    u64 rows = 0;
    u64 cols = 1;
    u64 count = 0;
    u64 active = 0;

    u64 params() const { return mul(rows, cols, count); }
};

/// Collects pieces. Helpers name the common kinds so that architecture code reads like the
/// modeling file.
class Pieces {
  public:
    std::vector<Piece> list;

    void add(Piece p) {
        if (p.count > 0 && p.rows > 0 && p.cols > 0) {
            list.push_back(std::move(p));
        }
    }
    /// A weight matrix [rows, cols] of an nn.Linear-like module in `group`.
    void linear(const std::string &group, GroupRole role, Placement placement,
                const std::string &module, u64 rows, u64 cols, u64 count, u64 active) {
        add(Piece{group, role, placement, module, true, false, rows, cols, count, active});
    }
    /// A non-quantizable tensor (bias, embedding, router parameter, conv weight).
    void tensor(const std::string &group, GroupRole role, Placement placement,
                const std::string &module, u64 rows, u64 cols, u64 count, u64 active,
                bool fp32 = false) {
        add(Piece{group, role, placement, module, false, fp32, rows, cols, count, active});
    }
    /// Norm weights and small per-layer vectors: replicated, every token.
    void small(const std::string &module, u64 elements, u64 count, bool fp32 = false) {
        tensor("norms and small vectors", GroupRole::Norms, Placement::Replicated, module, elements,
               1, count, count, fp32);
    }
    void attention(const std::string &module, u64 rows, u64 cols, u64 count) {
        linear("attention", GroupRole::Attention, Placement::Sharded, module, rows, cols, count,
               count);
    }
    void attentionBias(const std::string &module, u64 n, u64 count) {
        tensor("attention", GroupRole::Attention, Placement::Sharded, module, n, 1, count, count);
    }
    /// vLLM ReplicatedLinear down-projections (MLA q_a/kv_a, KDA f_a/g_a).
    void attentionReplicated(const std::string &module, u64 rows, u64 cols, u64 count) {
        linear("attention (replicated down-projections)", GroupRole::Attention,
               Placement::Replicated, module, rows, cols, count, count);
    }
    /// Gated MLP gate/up/down [inter, hidden] x 2 + [hidden, inter].
    void gatedMlp(const std::string &group, GroupRole role, const std::string &prefix,
                  const char *gate, const char *up, const char *down, u64 hidden, u64 inter,
                  u64 count, u64 active) {
        linear(group, role, Placement::Sharded, prefix + gate, inter, hidden, count, active);
        linear(group, role, Placement::Sharded, prefix + up, inter, hidden, count, active);
        linear(group, role, Placement::Sharded, prefix + down, hidden, inter, count, active);
    }
    void router(const std::string &module, u64 experts, u64 hidden, u64 count, bool isLinear) {
        add(Piece{"router", GroupRole::MoeOther, Placement::Replicated, module, isLinear, false,
                  experts, hidden, count, count});
    }
};

// --- Layer kinds ----------------------------------------------------------------------------

/// Merges per-layer descriptions into LayerGroups, in order of first appearance.
std::vector<LayerGroup> mergeLayers(const std::vector<LayerGroup> &perLayer) {
    std::vector<LayerGroup> out;
    for (const LayerGroup &l : perLayer) {
        auto it = std::find_if(out.begin(), out.end(), [&](const LayerGroup &g) {
            return g.kind == l.kind && g.qHeads == l.qHeads && g.kvHeads == l.kvHeads &&
                   g.headDim == l.headDim && g.vHeadDim == l.vHeadDim &&
                   g.kvLoraRank == l.kvLoraRank && g.ropeDim == l.ropeDim && g.window == l.window &&
                   g.stateElements == l.stateElements && g.convElements == l.convElements &&
                   g.stateHeads == l.stateHeads;
        });
        if (it == out.end()) {
            out.push_back(l);
            out.back().count = 1;
        } else {
            ++it->count;
        }
    }
    return out;
}

/// A softmax-attention layer: MHA / GQA / MQA by the head counts, or SlidingWindow.
LayerGroup softmaxLayer(u64 qHeads, u64 kvHeads, u64 headDim, u64 window) {
    LayerGroup g;
    g.kind = window > 0          ? AttentionKind::SlidingWindow
             : kvHeads == qHeads ? AttentionKind::MHA
             : kvHeads == 1      ? AttentionKind::MQA
                                 : AttentionKind::GQA;
    g.qHeads = std::uint32_t(qHeads);
    g.kvHeads = std::uint32_t(kvHeads);
    g.headDim = std::uint32_t(headDim);
    g.window = std::uint32_t(window);
    return g;
}

/// An MLA layer: caches kv_lora_rank + qk_rope_head_dim per token. The latent acts as one KV
/// head shared by all query heads (kvHeads = 1, replicated under TP).
LayerGroup mlaLayer(u64 heads, u64 qkDim, u64 vDim, u64 kvLora, u64 rope) {
    LayerGroup g;
    g.kind = AttentionKind::MLA;
    g.qHeads = std::uint32_t(heads);
    g.kvHeads = 1;
    g.headDim = std::uint32_t(qkDim);
    g.vHeadDim = vDim == qkDim ? 0 : std::uint32_t(vDim);
    g.kvLoraRank = std::uint32_t(kvLora);
    g.ropeDim = std::uint32_t(rope);
    return g;
}

/// A linear-attention layer with `heads` x dk x dv recurrent state and a short-conv window of
/// `convChannels` x (kernel - 1).
LayerGroup linearLayer(u64 heads, u64 dk, u64 dv, u64 convChannels, u64 kernel) {
    LayerGroup g;
    g.kind = AttentionKind::Linear;
    g.qHeads = std::uint32_t(heads);
    g.headDim = std::uint32_t(dk);
    g.vHeadDim = dv == dk ? 0 : std::uint32_t(dv);
    g.stateElements = mul(heads, dk, dv);
    g.convElements = mul(convChannels, kernel - 1);
    g.stateHeads = std::uint32_t(heads);
    return g;
}

/// layer_types (0-based, one per layer) if present: "full_attention", "sliding_attention",
/// "linear_attention". Empty when absent.
std::vector<std::string> layerTypes(const Cfg &c, u64 layers) {
    std::vector<std::string> types = c.strList("layer_types");
    if (!types.empty() && types.size() != layers) {
        fail(c.field("layer_types"), "has " + std::to_string(types.size()) + " entries for " +
                                         std::to_string(layers) + " layers");
    }
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (types[i] != "full_attention" && types[i] != "sliding_attention" &&
            types[i] != "linear_attention") {
            fail(c.field("layer_types[" + std::to_string(i) + "]"),
                 "unknown layer type '" + types[i] + "'");
        }
    }
    return types;
}

// --- The model being built ------------------------------------------------------------------

struct Build {
    Pieces pieces;
    std::vector<LayerGroup> perLayer;
    ExpertInfo experts;
    u64 hidden = 0;
    u64 layers = 0;
    u64 heads = 0;
    u64 vocab = 0;
    u64 maxContext = 0;
    std::string modulePrefix; ///< "language_model." for a multimodal wrapper's text model
};

/// Reads the shared top-of-model fields.
void readCommon(const Cfg &c, Build &b) {
    b.hidden = c.count("hidden_size", kMaxHidden);
    b.layers = c.count("num_hidden_layers", kMaxLayers);
    b.heads = c.count("num_attention_heads", kMaxHeads);
    b.vocab = c.count("vocab_size", kMaxVocab);
    // Kimi-Linear has no max_position_embeddings, only model_max_length; 0 = unknown.
    b.maxContext = c.has("max_position_embeddings")
                       ? c.count("max_position_embeddings", kMaxContext)
                       : c.countOr("model_max_length", 0, kMaxContext);
}

/// Input embedding, lm_head (or one tied tensor) and the final norm.
void addEmbeddings(const Cfg &c, Build &b) {
    const std::string &p = b.modulePrefix;
    // Every supported config class defaults tie_word_embeddings to false.
    if (c.flag("tie_word_embeddings", false)) {
        // One tensor serves as both: it is a matmul per token, so it counts as lm_head and
        // is active; activeParamsWithEmbedding then equals activeParams.
        b.pieces.tensor("embedding (tied lm_head)", GroupRole::LmHead, Placement::Sharded,
                        p + "model.embed_tokens", b.vocab, b.hidden, 1, 1);
    } else {
        // The input embedding is a row gather, not a matmul: not active (modelspec.h).
        b.pieces.tensor("embedding", GroupRole::Embedding, Placement::Sharded,
                        p + "model.embed_tokens", b.vocab, b.hidden, 1, 0);
        b.pieces.linear("lm_head", GroupRole::LmHead, Placement::Sharded, p + "lm_head", b.vocab,
                        b.hidden, 1, 1);
    }
    b.pieces.small(p + "model.norm", b.hidden, 1);
}

/// head_dim, or hidden / heads when absent (must divide).
u64 headDimOf(const Cfg &c, u64 hidden, u64 heads) {
    if (c.has("head_dim")) {
        return c.count("head_dim", kMaxHidden);
    }
    if (hidden % heads != 0) {
        fail(c.field("head_dim"), "missing, and hidden_size " + std::to_string(hidden) +
                                      " is not a multiple of num_attention_heads " +
                                      std::to_string(heads));
    }
    return hidden / heads;
}

u64 kvHeadsOf(const Cfg &c, u64 heads) {
    const u64 kv = c.countOr("num_key_value_heads", heads, kMaxHeads);
    if (kv > heads || heads % kv != 0) {
        fail(c.field("num_key_value_heads"),
             std::to_string(kv) + " does not divide num_attention_heads " + std::to_string(heads));
    }
    return kv;
}

/// Top-k that must not exceed the expert count.
u64 topKOf(const Cfg &c, std::string_view key, u64 experts) {
    const u64 k = c.count(key, kMaxExperts);
    if (k > experts) {
        fail(c.field(key),
             std::to_string(k) + " exceeds the " + std::to_string(experts) + " routed experts");
    }
    return k;
}

/// Standard softmax attention projections for `n` layers (transformers Llama/Qwen/Mistral/
/// GptOss attention): q [heads*hd*(gate ? 2 : 1), H], k/v [kv*hd, H], o [H, heads*hd].
struct AttnShape {
    u64 heads = 0, kv = 0, hd = 0;
    bool qkvBias = false, oBias = false, qkNorm = false, outputGate = false, sinks = false;
};
void addSoftmaxAttention(Build &b, const std::string &mod, const AttnShape &a, u64 n) {
    const u64 H = b.hidden;
    const u64 qRows = mul(a.heads, a.hd, a.outputGate ? 2 : 1);
    b.pieces.attention(mod + "q_proj", qRows, H, n);
    b.pieces.attention(mod + "k_proj", mul(a.kv, a.hd), H, n);
    b.pieces.attention(mod + "v_proj", mul(a.kv, a.hd), H, n);
    b.pieces.attention(mod + "o_proj", H, mul(a.heads, a.hd), n);
    if (a.qkvBias) {
        b.pieces.attentionBias(mod + "q_proj.bias", qRows, n);
        b.pieces.attentionBias(mod + "k_proj.bias", mul(a.kv, a.hd), n);
        b.pieces.attentionBias(mod + "v_proj.bias", mul(a.kv, a.hd), n);
    }
    if (a.oBias) {
        b.pieces.attentionBias(mod + "o_proj.bias", H, n);
    }
    if (a.qkNorm) {
        b.pieces.small(mod + "q_norm", a.hd, n);
        b.pieces.small(mod + "k_norm", a.hd, n);
    }
    if (a.sinks) {
        b.pieces.small(mod + "sinks", a.heads, n);
    }
}

std::string layerModule(const Build &b, u64 layer) {
    return b.modulePrefix + "model.layers." + std::to_string(layer) + ".";
}

void setExperts(Build &b, u64 routed, u64 topK, u64 shared, u64 moeLayers, u64 perExpert, u64 width,
                u64 inter) {
    b.experts.routed = std::uint32_t(routed);
    b.experts.activePerToken = std::uint32_t(topK);
    b.experts.shared = std::uint32_t(shared);
    b.experts.moeLayers = std::uint32_t(moeLayers);
    b.experts.paramsPerExpert = perExpert;
    b.experts.expertWidth = std::uint32_t(width);
    b.experts.intermediate = std::uint32_t(inter);
}

// --- Architectures --------------------------------------------------------------------------

/// llama, mistral, qwen2, qwen3 (dense) and mixtral, qwen3_moe (MoE): pre-norm decoder layers
/// with softmax attention and gated MLPs.
void buildLlamaFamily(const Cfg &c, const std::string &arch, Build &b) {
    readCommon(c, b);
    const u64 H = b.hidden;
    AttnShape a;
    a.heads = b.heads;
    a.kv = kvHeadsOf(c, b.heads);
    a.hd = headDimOf(c, H, b.heads);
    if (arch == "qwen2") {
        a.qkvBias = true; // Qwen2Attention: q/k/v with bias, o without
    } else if (arch == "llama" || arch == "qwen3" || arch == "qwen3_moe") {
        a.qkvBias = a.oBias = c.flag("attention_bias", false);
    }
    a.qkNorm = arch == "qwen3" || arch == "qwen3_moe";
    const bool mlpBias = arch == "llama" && c.flag("mlp_bias", false);

    // Sliding window: Mistral/Mixtral apply a non-null sliding_window to every layer; Qwen2/3
    // only with use_sliding_window, to layers >= max_window_layers; layer_types wins if given.
    const std::vector<std::string> types = layerTypes(c, b.layers);
    u64 window = 0;
    if (c.has("sliding_window")) {
        const bool qwen = arch.rfind("qwen", 0) == 0;
        if (!qwen || c.flag("use_sliding_window", false) || !types.empty()) {
            window = c.count("sliding_window", kMaxContext);
        }
    }
    const u64 maxWindowLayers = c.countOr("max_window_layers", 0, kMaxLayers, 0);
    for (u64 i = 0; i < b.layers; ++i) {
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
        b.perLayer.push_back(softmaxLayer(a.heads, a.kv, a.hd, sliding ? window : 0));
    }
    const std::string l0 = layerModule(b, 0);
    addSoftmaxAttention(b, l0 + "self_attn.", a, b.layers);
    b.pieces.small(l0 + "input_layernorm", H, b.layers);
    b.pieces.small(l0 + "post_attention_layernorm", H, b.layers);

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
        moeLayers = b.layers;
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
        const std::vector<u64> mlpOnly = c.countList("mlp_only_layers", kMaxLayers, 0);
        const std::set<u64> dense(mlpOnly.begin(), mlpOnly.end());
        const u64 step = c.countOr("decoder_sparse_step", 1, kMaxLayers);
        for (u64 i = 0; i < b.layers; ++i) {
            if (!dense.count(i) && (i + 1) % step == 0) {
                ++moeLayers;
            }
        }
        expertPrefix = l0 + "mlp.experts.0.";
        routerModule = l0 + "mlp.gate";
    }
    const u64 denseLayers = b.layers - moeLayers;
    if (denseLayers > 0) {
        const u64 inter = c.count("intermediate_size", kMaxIntermediate);
        b.pieces.gatedMlp("dense MLP", GroupRole::DenseMlp, l0 + "mlp.", "gate_proj", "up_proj",
                          "down_proj", H, inter, denseLayers, denseLayers);
        if (mlpBias) {
            b.pieces.tensor("dense MLP", GroupRole::DenseMlp, Placement::Sharded,
                            l0 + "mlp.gate_proj.bias", mul(inter, 2) + H, 1, denseLayers,
                            denseLayers);
        }
    }
    if (moeLayers > 0) {
        b.pieces.gatedMlp("routed experts", GroupRole::RoutedExperts, expertPrefix, gate, up, down,
                          H, moeInter, mul(experts, moeLayers), mul(topK, moeLayers));
        b.pieces.router(routerModule, experts, H, moeLayers, true);
        setExperts(b, experts, topK, 0, moeLayers, mul(3, H, moeInter), H, moeInter);
    }
    addEmbeddings(c, b);
}

/// deepseek_v3 and kimi_k2 (same modeling code): MLA attention, first_k_dense_replace dense
/// layers, then MoE layers with shared experts and a sigmoid router with a correction bias.
/// The MTP layers (num_nextn_predict_layers; DeepSeek-V3 has 1) are NOT counted: they are a
/// separate draft module that engines load only for speculative decoding. The published
/// checkpoint size of DeepSeek-V3 (688,574,839,360 B) includes them; refineWithIndex absorbs the
/// difference when an index is given.
void buildDeepseekV3(const Cfg &c, Build &b) {
    readCommon(c, b);
    const u64 H = b.hidden, nh = b.heads;
    const u64 qLora = c.countOr("q_lora_rank", 0, kMaxHidden);
    const u64 kvLora = c.count("kv_lora_rank", kMaxHidden);
    const u64 nope = c.count("qk_nope_head_dim", kMaxHidden);
    const u64 rope = c.count("qk_rope_head_dim", kMaxHidden, 0);
    const u64 vDim = c.count("v_head_dim", kMaxHidden);
    const bool bias = c.flag("attention_bias", false);
    const std::string l0 = layerModule(b, 0);
    const std::string at = l0 + "self_attn.";
    const u64 L = b.layers;
    if (qLora > 0) {
        b.pieces.attentionReplicated(at + "q_a_proj", qLora, H, L);
        b.pieces.small(at + "q_a_layernorm", qLora, L);
        b.pieces.attention(at + "q_b_proj", mul(nh, nope + rope), qLora, L);
    } else {
        b.pieces.attention(at + "q_proj", mul(nh, nope + rope), H, L);
    }
    b.pieces.attentionReplicated(at + "kv_a_proj_with_mqa", kvLora + rope, H, L);
    b.pieces.small(at + "kv_a_layernorm", kvLora, L);
    b.pieces.attention(at + "kv_b_proj", mul(nh, nope + vDim), kvLora, L);
    b.pieces.attention(at + "o_proj", H, mul(nh, vDim), L);
    if (bias) {
        b.pieces.attentionBias(at + "q_a_proj.bias", qLora > 0 ? qLora : mul(nh, nope + rope), L);
        b.pieces.attentionBias(at + "kv_a_proj_with_mqa.bias", kvLora + rope, L);
        b.pieces.attentionBias(at + "o_proj.bias", H, L);
    }
    b.pieces.small(l0 + "input_layernorm", H, L);
    b.pieces.small(l0 + "post_attention_layernorm", H, L);
    for (u64 i = 0; i < L; ++i) {
        b.perLayer.push_back(mlaLayer(nh, nope + rope, vDim, kvLora, rope));
    }

    const u64 experts = c.countOr("n_routed_experts", 0, kMaxExperts, 0);
    const u64 firstDense = c.countOr("first_k_dense_replace", 0, kMaxLayers, 0);
    const u64 freq = c.countOr("moe_layer_freq", 1, kMaxLayers);
    u64 moeLayers = 0;
    for (u64 i = 0; i < L && experts > 0; ++i) {
        if (i >= firstDense && i % freq == 0) {
            ++moeLayers;
        }
    }
    if (L > moeLayers) {
        const u64 inter = c.count("intermediate_size", kMaxIntermediate);
        b.pieces.gatedMlp("dense MLP", GroupRole::DenseMlp, l0 + "mlp.", "gate_proj", "up_proj",
                          "down_proj", H, inter, L - moeLayers, L - moeLayers);
    }
    if (moeLayers > 0) {
        const u64 topK = topKOf(c, "num_experts_per_tok", experts);
        const u64 moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
        const u64 shared = c.countOr("n_shared_experts", 0, kMaxExperts, 0);
        const std::string m = layerModule(b, firstDense) + "mlp.";
        b.pieces.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "gate_proj",
                          "up_proj", "down_proj", H, moeInter, mul(experts, moeLayers),
                          mul(topK, moeLayers));
        if (shared > 0) {
            b.pieces.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_experts.",
                              "gate_proj", "up_proj", "down_proj", H, mul(shared, moeInter),
                              moeLayers, moeLayers);
        }
        // MoEGate holds a plain nn.Parameter (not an nn.Linear): never quantized.
        b.pieces.router(m + "gate", experts, H, moeLayers, false);
        if (c.str("topk_method") == "noaux_tc") {
            // e_score_correction_bias, stored in fp32 (model-facts.md §3 byte sums).
            b.pieces.tensor("router", GroupRole::MoeOther, Placement::Replicated,
                            m + "gate.e_score_correction_bias", experts, 1, moeLayers, moeLayers,
                            true);
        }
        setExperts(b, experts, topK, shared, moeLayers, mul(3, H, moeInter), H, moeInter);
    }
    addEmbeddings(c, b);
}

/// gpt_oss: GQA with biases and per-head attention sinks, alternating sliding / full layers,
/// MoE on every layer with biased experts and a biased router (transformers GptOss*).
void buildGptOss(const Cfg &c, Build &b) {
    readCommon(c, b);
    const u64 H = b.hidden;
    AttnShape a;
    a.heads = b.heads;
    a.kv = kvHeadsOf(c, b.heads);
    a.hd = headDimOf(c, H, b.heads);
    a.qkvBias = a.oBias = c.flag("attention_bias", true);
    a.sinks = true;
    const std::string l0 = layerModule(b, 0);
    addSoftmaxAttention(b, l0 + "self_attn.", a, b.layers);
    b.pieces.small(l0 + "input_layernorm", H, b.layers);
    b.pieces.small(l0 + "post_attention_layernorm", H, b.layers);

    const std::vector<std::string> types = layerTypes(c, b.layers);
    const u64 window = c.count("sliding_window", kMaxContext);
    for (u64 i = 0; i < b.layers; ++i) {
        // GptOssConfig default: sliding on even (0-based) layers, full on odd ones.
        const bool sliding = types.empty() ? i % 2 == 0 : types[i] == "sliding_attention";
        if (!types.empty() && types[i] == "linear_attention") {
            fail(c.field("layer_types[" + std::to_string(i) + "]"),
                 "linear_attention is not part of gpt_oss");
        }
        b.perLayer.push_back(softmaxLayer(a.heads, a.kv, a.hd, sliding ? window : 0));
    }

    const u64 experts = c.count("num_local_experts", kMaxExperts);
    const u64 topK = c.has("num_experts_per_tok") ? topKOf(c, "num_experts_per_tok", experts)
                                                  : topKOf(c, "experts_per_token", experts);
    const u64 inter = c.count("intermediate_size", kMaxIntermediate);
    const u64 L = b.layers;
    const std::string m = l0 + "mlp.";
    // GptOssExperts: gate_up_proj [E, H, 2I] + bias [E, 2I], down_proj [E, I, H] + bias [E, H].
    // Shapes as [rows = outputs, cols = inputs] so the MXFP4 blocks run along the inputs.
    b.pieces.linear("routed experts", GroupRole::RoutedExperts, Placement::Sharded,
                    m + "experts.gate_up_proj", mul(2, inter), H, mul(experts, L), mul(topK, L));
    b.pieces.linear("routed experts", GroupRole::RoutedExperts, Placement::Sharded,
                    m + "experts.down_proj", H, inter, mul(experts, L), mul(topK, L));
    b.pieces.tensor("routed expert biases", GroupRole::RoutedExperts, Placement::Sharded,
                    m + "experts.gate_up_proj_bias", mul(2, inter) + H, 1, mul(experts, L),
                    mul(topK, L));
    b.pieces.router(m + "router", experts, H, L, true);
    b.pieces.tensor("router", GroupRole::MoeOther, Placement::Replicated, m + "router.bias",
                    experts, 1, L, L);
    setExperts(b, experts, topK, 0, L, add(mul(3, H, inter), mul(2, inter) + H), H, inter);
    addEmbeddings(c, b);
}

/// Which layers are linear (KDA) in a kimi_linear config: linear_attn_config.kda_layers and
/// full_attn_layers are 1-based (model-facts.md §2). Without linear_attn_config all are MLA.
std::vector<bool> kimiLinearLayers(const Cfg &c, u64 layers) {
    std::vector<bool> isLinear(layers, false);
    const auto lac = c.optSub("linear_attn_config");
    if (!lac) {
        return isLinear;
    }
    std::vector<int> seen(layers, 0);
    for (const char *key : {"kda_layers", "full_attn_layers"}) {
        for (u64 one : lac->countList(key, layers, 1)) {
            if (seen[one - 1]++) {
                fail(lac->field(key),
                     "layer " + std::to_string(one) + " (1-based) is listed twice");
            }
            isLinear[one - 1] = std::string(key) == "kda_layers";
        }
    }
    for (u64 i = 0; i < layers; ++i) {
        if (!seen[i]) {
            fail(lac->field("kda_layers"), "layer " + std::to_string(i + 1) +
                                               " (1-based) is in neither kda_layers nor "
                                               "full_attn_layers");
        }
    }
    return isLinear;
}

/// kimi_linear (Kimi-Linear and Kimi K3's language model): KDA linear attention mixed with MLA,
/// then dense / MoE MLPs as in DeepSeek-V3 with num_experts / num_experts_per_token naming.
/// `k3` selects the Kimi K3 code path (modeling_kimi_k3), whose checkpoint differs in stored
/// dtypes and one shape (kimi-k3-facts.md §3): KDA conv weights, dt_bias, A_log, o_norm and the
/// router correction bias in fp32, and A_log stored as [head_dim] rather than [num_heads].
/// Kimi-Linear stores A_log and dt_bias in fp32 (model-facts.md §3 byte sum).
/// K3 extensions read from the config: mla_use_output_gate (g_proj on MLA layers),
/// use_full_rank_gate (KDA output gate g_proj instead of low-rank g_a/g_b),
/// routed_expert_hidden_size (latent MoE), latent_moe_use_norm, attn_res_block_size (Attention
/// Residual norms and projections).
void buildKimiLinear(const Cfg &c, Build &b, bool k3) {
    readCommon(c, b);
    const u64 H = b.hidden, nh = b.heads, L = b.layers;
    const std::string l0 = layerModule(b, 0);
    const std::string at = l0 + "self_attn.";
    const std::vector<bool> isLinear = kimiLinearLayers(c, L);
    const u64 nLinear = u64(std::count(isLinear.begin(), isLinear.end(), true));
    const u64 nMla = L - nLinear;

    if (nLinear > 0) {
        const Cfg lac = c.sub("linear_attn_config");
        const u64 kh = lac.count("num_heads", kMaxHeads);
        const u64 kd = lac.count("head_dim", kMaxHidden);
        const u64 kernel = lac.count("short_conv_kernel_size", 64);
        const u64 W = mul(kh, kd);
        b.pieces.attention(at + "q_proj", W, H, nLinear);
        b.pieces.attention(at + "k_proj", W, H, nLinear);
        b.pieces.attention(at + "v_proj", W, H, nLinear);
        // q/k/v depthwise causal convs [W, 1, kernel].
        for (const char *conv : {"q_conv1d", "k_conv1d", "v_conv1d"}) {
            b.pieces.tensor("short convolutions", GroupRole::Attention, Placement::Sharded,
                            at + conv, W, kernel, nLinear, nLinear, k3);
        }
        b.pieces.attentionReplicated(at + "f_a_proj", kd, H, nLinear);
        b.pieces.attention(at + "f_b_proj", W, kd, nLinear);
        b.pieces.attention(at + "b_proj", kh, H, nLinear);
        if (lac.flag("use_full_rank_gate", false)) {
            b.pieces.attention(at + "g_proj", W, H, nLinear);
        } else {
            b.pieces.attentionReplicated(at + "g_a_proj", kd, H, nLinear);
            b.pieces.attention(at + "g_b_proj", W, kd, nLinear);
        }
        b.pieces.small(at + "dt_bias", W, nLinear, true);
        b.pieces.small(at + "A_log", k3 ? kd : kh, nLinear, true);
        b.pieces.small(at + "o_norm", kd, nLinear, k3);
        b.pieces.attention(at + "o_proj", H, W, nLinear);
    }
    if (nMla > 0) {
        const u64 qLora = c.countOr("q_lora_rank", 0, kMaxHidden);
        const u64 kvLora = c.count("kv_lora_rank", kMaxHidden);
        const u64 nope = c.count("qk_nope_head_dim", kMaxHidden);
        const u64 rope = c.count("qk_rope_head_dim", kMaxHidden, 0);
        const u64 vDim = c.count("v_head_dim", kMaxHidden);
        if (qLora > 0) {
            b.pieces.attentionReplicated(at + "q_a_proj", qLora, H, nMla);
            b.pieces.small(at + "q_a_layernorm", qLora, nMla);
            b.pieces.attention(at + "q_b_proj", mul(nh, nope + rope), qLora, nMla);
        } else {
            b.pieces.attention(at + "q_proj", mul(nh, nope + rope), H, nMla);
        }
        // The 64 rope channels are stored even with mla_use_nope (model-facts.md §2).
        b.pieces.attentionReplicated(at + "kv_a_proj_with_mqa", kvLora + rope, H, nMla);
        b.pieces.small(at + "kv_a_layernorm", kvLora, nMla);
        b.pieces.attention(at + "kv_b_proj", mul(nh, nope + vDim), kvLora, nMla);
        if (c.flag("mla_use_output_gate", false)) {
            b.pieces.attention(at + "g_proj", mul(nh, vDim), H, nMla);
        }
        b.pieces.attention(at + "o_proj", H, mul(nh, vDim), nMla);
        const auto lac = c.optSub("linear_attn_config");
        for (u64 i = 0; i < L; ++i) {
            if (isLinear[i]) {
                const u64 kh = lac->count("num_heads", kMaxHeads);
                const u64 kd = lac->count("head_dim", kMaxHidden);
                const u64 kernel = lac->count("short_conv_kernel_size", 64);
                b.perLayer.push_back(linearLayer(kh, kd, kd, mul(3, kh, kd), kernel));
            } else {
                b.perLayer.push_back(mlaLayer(nh, nope + rope, vDim, kvLora, rope));
            }
        }
    } else {
        const Cfg lac = c.sub("linear_attn_config");
        const u64 kh = lac.count("num_heads", kMaxHeads);
        const u64 kd = lac.count("head_dim", kMaxHidden);
        const u64 kernel = lac.count("short_conv_kernel_size", 64);
        for (u64 i = 0; i < L; ++i) {
            b.perLayer.push_back(linearLayer(kh, kd, kd, mul(3, kh, kd), kernel));
        }
    }

    // Norms: input / post-attention per layer; Attention Residuals add two norms and two
    // [1, H] projections per layer and one norm + projection at the end (kimi-k3-facts.md §2).
    b.pieces.small(l0 + "input_layernorm", H, L);
    b.pieces.small(l0 + "post_attention_layernorm", H, L);
    if (c.has("attn_res_block_size")) {
        c.count("attn_res_block_size", kMaxLayers);
        b.pieces.small(l0 + "self_attention_res_norm", H, L);
        b.pieces.small(l0 + "self_attention_res_proj", H, L);
        b.pieces.small(l0 + "mlp_res_norm", H, L);
        b.pieces.small(l0 + "mlp_res_proj", H, L);
        b.pieces.small(b.modulePrefix + "model.output_attn_res_norm", H, 1);
        b.pieces.small(b.modulePrefix + "model.output_attn_res_proj", H, 1);
    }

    // MLPs: KimiDecoderLayer uses MoE when layer >= first_k_dense_replace and
    // layer % moe_layer_freq == 0.
    const u64 experts = c.countOr("num_experts", 0, kMaxExperts, 0);
    const u64 firstDense = c.countOr("first_k_dense_replace", 0, kMaxLayers, 0);
    const u64 freq = c.countOr("moe_layer_freq", 1, kMaxLayers);
    u64 moeLayers = 0;
    for (u64 i = 0; i < L && experts > 0; ++i) {
        if (i >= firstDense && i % freq == 0) {
            ++moeLayers;
        }
    }
    if (L > moeLayers) {
        const u64 inter = c.count("intermediate_size", kMaxIntermediate);
        b.pieces.gatedMlp("dense MLP", GroupRole::DenseMlp, l0 + "mlp.", "gate_proj", "up_proj",
                          "down_proj", H, inter, L - moeLayers, L - moeLayers);
    }
    if (moeLayers > 0) {
        const u64 topK = topKOf(c, "num_experts_per_token", experts);
        const u64 moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
        const u64 shared = c.countOr("num_shared_experts", 0, kMaxExperts, 0);
        // Latent MoE: experts read a routed_expert_hidden_size-wide latent made once per token
        // by routed_expert_down_proj [W, H] and mapped back by routed_expert_up_proj [H, W]
        // (kimi-k3-facts.md §2). Those, like the router, are stored bf16 although they match no
        // compressed-tensors ignore pattern, so they are not counted as Linear targets.
        const u64 width = c.countOr("routed_expert_hidden_size", H, kMaxHidden);
        const std::string m = layerModule(b, firstDense) + "block_sparse_moe.";
        b.pieces.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "w1", "w3",
                          "w2", width, moeInter, mul(experts, moeLayers), mul(topK, moeLayers));
        if (width != H) {
            b.pieces.tensor("latent MoE projections", GroupRole::MoeOther, Placement::Sharded,
                            m + "routed_expert_down_proj", width, H, moeLayers, moeLayers);
            b.pieces.tensor("latent MoE projections", GroupRole::MoeOther, Placement::Sharded,
                            m + "routed_expert_up_proj", H, width, moeLayers, moeLayers);
            if (c.flag("latent_moe_use_norm", false)) {
                b.pieces.small(m + "routed_expert_norm", width, moeLayers);
            }
        }
        if (shared > 0) {
            // Stored fused as one MLP of width shared * moe_intermediate_size.
            b.pieces.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_experts.",
                              "gate_proj", "up_proj", "down_proj", H, mul(shared, moeInter),
                              moeLayers, moeLayers);
        }
        b.pieces.router(m + "gate", experts, H, moeLayers, false);
        // KimiMoEGate always has e_score_correction_bias.
        b.pieces.tensor("router", GroupRole::MoeOther, Placement::Replicated,
                        m + "gate.e_score_correction_bias", experts, 1, moeLayers, moeLayers, k3);
        setExperts(b, experts, topK, shared, moeLayers, mul(3, width, moeInter), width, moeInter);
    }
    addEmbeddings(c, b);
}

/// qwen3_next: Gated DeltaNet linear attention with gated full attention every
/// full_attention_interval-th layer (or per layer_types), MoE with one shared expert and a
/// shared-expert gate on every layer (transformers Qwen3Next*). The MTP module
/// (mtp.* tensors in the checkpoint) is NOT counted; see model-facts.md §1.
void buildQwen3Next(const Cfg &c, Build &b) {
    readCommon(c, b);
    const u64 H = b.hidden, L = b.layers;
    AttnShape a;
    a.heads = b.heads;
    a.kv = kvHeadsOf(c, b.heads);
    a.hd = headDimOf(c, H, b.heads);
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
    const std::string l0 = layerModule(b, 0);
    if (nFull > 0) {
        addSoftmaxAttention(b, l0 + "self_attn.", a, nFull);
    }
    u64 nk = 0, dk = 0, nv = 0, dv = 0, kernel = 0, convDim = 0;
    if (nLinear > 0) {
        nk = c.count("linear_num_key_heads", kMaxHeads);
        dk = c.count("linear_key_head_dim", kMaxHidden);
        nv = c.count("linear_num_value_heads", kMaxHeads);
        dv = c.count("linear_value_head_dim", kMaxHidden);
        kernel = c.count("linear_conv_kernel_dim", 64);
        convDim = add(mul(2, nk, dk), mul(nv, dv));
        const std::string la = l0 + "linear_attn.";
        b.pieces.attention(la + "in_proj_qkvz", add(mul(2, nk, dk), mul(2, nv, dv)), H, nLinear);
        b.pieces.attention(la + "in_proj_ba", mul(2, nv), H, nLinear);
        b.pieces.tensor("short convolutions", GroupRole::Attention, Placement::Sharded,
                        la + "conv1d", convDim, kernel, nLinear, nLinear);
        b.pieces.small(la + "dt_bias", nv, nLinear);
        b.pieces.small(la + "A_log", nv, nLinear);
        b.pieces.small(la + "norm", dv, nLinear);
        b.pieces.attention(la + "out_proj", H, mul(nv, dv), nLinear);
    }
    for (u64 i = 0; i < L; ++i) {
        // The recurrent state is per value head: nv x dk x dv (model-facts.md §2).
        b.perLayer.push_back(isLinear[i] ? linearLayer(nv, dk, dv, convDim, kernel)
                                         : softmaxLayer(a.heads, a.kv, a.hd, 0));
    }
    b.pieces.small(l0 + "input_layernorm", H, L);
    b.pieces.small(l0 + "post_attention_layernorm", H, L);

    const u64 experts = c.countOr("num_experts", 0, kMaxExperts, 0);
    const std::vector<u64> mlpOnly = c.countList("mlp_only_layers", kMaxLayers, 0);
    const std::set<u64> dense(mlpOnly.begin(), mlpOnly.end());
    const u64 step = c.countOr("decoder_sparse_step", 1, kMaxLayers);
    u64 moeLayers = 0;
    for (u64 i = 0; i < L && experts > 0; ++i) {
        if (!dense.count(i) && (i + 1) % step == 0) {
            ++moeLayers;
        }
    }
    if (L > moeLayers) {
        const u64 inter = c.count("intermediate_size", kMaxIntermediate);
        b.pieces.gatedMlp("dense MLP", GroupRole::DenseMlp, l0 + "mlp.", "gate_proj", "up_proj",
                          "down_proj", H, inter, L - moeLayers, L - moeLayers);
    }
    if (moeLayers > 0) {
        const u64 topK = topKOf(c, "num_experts_per_tok", experts);
        const u64 moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
        const u64 sharedInter =
            c.countOr("shared_expert_intermediate_size", 0, kMaxIntermediate, 0);
        const std::string m = l0 + "mlp.";
        b.pieces.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "gate_proj",
                          "up_proj", "down_proj", H, moeInter, mul(experts, moeLayers),
                          mul(topK, moeLayers));
        if (sharedInter > 0) {
            b.pieces.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_expert.",
                              "gate_proj", "up_proj", "down_proj", H, sharedInter, moeLayers,
                              moeLayers);
            b.pieces.router(m + "shared_expert_gate", 1, H, moeLayers, true);
        }
        b.pieces.router(m + "gate", experts, H, moeLayers, true);
        setExperts(b, experts, topK, sharedInter > 0 ? 1 : 0, moeLayers, mul(3, H, moeInter), H,
                   moeInter);
    }
    addEmbeddings(c, b);
}

/// The MoonViT-V2 vision tower and patchmergerv2 projector of a kimi_k3 vision_config
/// (kimi-k3-facts.md §2-3): per block wqkv [3q, D], wo [D, q], MLP fc0 [F, D] + fc1 [D, F]
/// ("mlp2"), two norms; a learned h x w x D position table ("divided_fixed": the temporal part
/// is a fixed sin-cos table without parameters), the patch projection [D, 3, p, p] and a final
/// norm. Projector: [m, m] and [text_hidden, m] with m = D x merge_h x merge_w, plus post_norm.
void addKimiVision(const Cfg &v, Build &b) {
    const u64 D = v.count("vt_hidden_size", kMaxHidden);
    const u64 blocks = v.count("vt_num_hidden_layers", kMaxLayers);
    const u64 q = v.countOr("qkv_hidden_size", D, kMaxHidden);
    const u64 F = v.count("vt_intermediate_size", kMaxIntermediate);
    const u64 patch = v.count("patch_size", 1024);
    const u64 posH = v.count("init_pos_emb_height", 1u << 12);
    const u64 posW = v.count("init_pos_emb_width", 1u << 12);
    const bool attnBias = v.flag("attn_bias", false);
    const bool linearBias = v.flag("linear_bias", false);
    const bool patchBias = v.flag("patch_embed_proj_bias", false);
    const std::string normType = v.str("norm_type", "rmsnorm");
    if (normType != "rmsnorm" && normType != "layernorm") {
        fail(v.field("norm_type"), "unsupported '" + normType + "'");
    }
    const u64 normParams = normType == "layernorm" ? 2 * D : D;
    const std::string mlpType = v.str("mlp_type", "mlp2");
    if (mlpType != "mlp2") {
        fail(v.field("mlp_type"), "unsupported '" + mlpType + "'");
    }
    const std::string posType = v.str("pos_emb_type", "divided_fixed");
    if (posType != "divided_fixed") {
        fail(v.field("pos_emb_type"), "unsupported '" + posType + "'");
    }
    const std::string vt = "vision_tower.";
    const auto vision = [&](const std::string &module, u64 rows, u64 cols, u64 count) {
        b.pieces.linear("vision tower", GroupRole::Vision, Placement::Sharded, vt + module, rows,
                        cols, count, 0);
    };
    vision("encoder.blocks.0.wqkv", mul(3, q), D, blocks);
    vision("encoder.blocks.0.wo", D, q, blocks);
    vision("encoder.blocks.0.mlp.fc0", F, D, blocks);
    vision("encoder.blocks.0.mlp.fc1", D, F, blocks);
    u64 vectors = mul(2, normParams);
    if (attnBias) {
        vectors = add(vectors, mul(3, q) + D);
    }
    if (linearBias) {
        vectors = add(vectors, F + D);
    }
    b.pieces.tensor("vision tower", GroupRole::Vision, Placement::Sharded,
                    vt + "encoder.blocks.0.norms", vectors, 1, blocks, 0);
    b.pieces.tensor("vision tower", GroupRole::Vision, Placement::Sharded,
                    vt + "patch_embed.pos_emb", mul(posH, posW), D, 1, 0);
    b.pieces.tensor("vision tower", GroupRole::Vision, Placement::Sharded, vt + "patch_embed.proj",
                    D, mul(3, patch, patch), 1, 0);
    if (patchBias) {
        b.pieces.tensor("vision tower", GroupRole::Vision, Placement::Sharded,
                        vt + "patch_embed.proj.bias", D, 1, 1, 0);
    }
    b.pieces.tensor("vision tower", GroupRole::Vision, Placement::Sharded,
                    vt + "encoder.final_layernorm", normParams, 1, 1, 0);

    const std::string projType = v.str("mm_projector_type", "patchmergerv2");
    if (projType != "patchmergerv2") {
        fail(v.field("mm_projector_type"), "unsupported '" + projType + "'");
    }
    const std::vector<u64> merge = v.countList("merge_kernel_size", 64, 1);
    if (merge.size() != 2) {
        fail(v.field("merge_kernel_size"), "must be a [height, width] pair");
    }
    const u64 mmHidden = v.countOr("mm_hidden_size", D, kMaxHidden);
    const u64 textHidden = v.countOr("text_hidden_size", b.hidden, kMaxHidden);
    const u64 m = mul(mmHidden, merge[0], merge[1]);
    b.pieces.linear("multimodal projector", GroupRole::Vision, Placement::Sharded,
                    "mm_projector.proj.0", m, m, 1, 0);
    b.pieces.linear("multimodal projector", GroupRole::Vision, Placement::Sharded,
                    "mm_projector.proj.2", textHidden, m, 1, 0);
    b.pieces.tensor("multimodal projector", GroupRole::Vision, Placement::Sharded,
                    "mm_projector.post_norm", textHidden, 1, 1, 0);
}

// --- Number formats from the checkpoint ----------------------------------------------------

/// HF modules_to_not_convert entry: a module path with '*' wildcards that matches a module or
/// any of its children; an entry without '*' also matches as a substring (older transformers).
bool globMatches(const std::string &pattern, const std::string &module) {
    if (pattern.find('*') == std::string::npos) {
        return module.find(pattern) != std::string::npos;
    }
    std::string re = "^";
    for (char ch : pattern) {
        if (ch == '*') {
            re += ".*";
        } else if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') {
            re += ch;
        } else {
            re += '\\';
            re += ch;
        }
    }
    re += "(\\..*)?$";
    return std::regex_match(module, std::regex(re));
}

/// The checkpoint's quantization scheme (quantization_config), resolved per piece.
struct Quantization {
    enum class Method { None, Fp8, Mxfp4, CompressedTensors, IntGroup };
    Method method = Method::None;
    NumberFormat format = formats::bf16; ///< format of converted weights
    u64 blockRows = 0, blockCols = 0;    ///< FP8 weight_block_size (0 = one scale per tensor)
    std::vector<std::string> notConvert; ///< modules_to_not_convert globs
    std::vector<std::regex> ignoreRegex; ///< compressed-tensors "re:" ignore entries
    std::vector<std::string> ignoreNames;

    bool converts(const Piece &p) const {
        if (method == Method::None || !p.linear) {
            return false;
        }
        if (method == Method::CompressedTensors) {
            // compressed-tensors matches ignore entries with re.match (anchored at the start).
            for (const auto &re : ignoreRegex) {
                if (std::regex_search(p.module, re, std::regex_constants::match_continuous)) {
                    return false;
                }
            }
            for (const auto &name : ignoreNames) {
                if (p.module == name ||
                    (p.module.size() > name.size() &&
                     p.module.compare(p.module.size() - name.size(), name.size(), name) == 0 &&
                     p.module[p.module.size() - name.size() - 1] == '.')) {
                    return false;
                }
            }
            return true;
        }
        // transformers' fp8 / mxfp4 / awq / gptq quantizers keep the output embedding
        // (lm_head) unconverted.
        if (p.role == GroupRole::LmHead || p.role == GroupRole::Embedding) {
            return false;
        }
        for (const auto &g : notConvert) {
            if (globMatches(g, p.module)) {
                return false;
            }
        }
        return true;
    }

    /// Exact stored bytes of a converted piece.
    u64 convertedBytes(const Piece &p) const {
        const u64 n = p.params();
        switch (method) {
        case Method::Fp8: {
            // One fp32 weight_scale_inv per [blockRows x blockCols] block of each tensor.
            const u64 scales = blockRows == 0 ? p.count
                                              : mul(p.count, ceilDivU(p.rows, blockRows),
                                                    ceilDivU(p.cols, blockCols));
            return add(n, mul(4, scales));
        }
        default:
            if (format.kind == FormatKind::MXFP4 || format.kind == FormatKind::NVFP4) {
                // Packed e2m1 per row plus one 8-bit scale per started block along the inputs;
                // NVFP4 adds one fp32 global scale per tensor.
                const u64 block = format.blockSize();
                const u64 perRow = add(ceilDivU(p.cols, 2), ceilDivU(p.cols, block));
                const u64 bytes = mul(p.rows, p.count, perRow);
                return format.kind == FormatKind::NVFP4 ? add(bytes, mul(4, p.count)) : bytes;
            }
            return format.bytesFor(n);
        }
    }
};

/// Reads quantization_config from `primary` (e.g. text_config) or else `secondary` (top level).
Quantization readQuantization(const Cfg &primary, const std::optional<Cfg> &secondary) {
    Quantization q;
    std::optional<Cfg> qc = primary.optSub("quantization_config");
    if (!qc && secondary) {
        qc = secondary->optSub("quantization_config");
    }
    if (!qc) {
        return q;
    }
    const std::string method = qc->str("quant_method");
    q.notConvert = qc->strList("modules_to_not_convert");
    if (method == "fp8") {
        q.method = Quantization::Method::Fp8;
        const std::string fmt = qc->str("fmt", "e4m3");
        if (fmt != "e4m3" && fmt != "e5m2") {
            fail(qc->field("fmt"), "unsupported FP8 format '" + fmt + "'");
        }
        q.format = fmt == "e4m3" ? formats::fp8 : formats::fp8e5m2;
        const std::vector<u64> block = qc->countList("weight_block_size", kMaxHidden, 1);
        if (!block.empty() && block.size() != 2) {
            fail(qc->field("weight_block_size"), "must be a [rows, cols] pair");
        }
        if (block.size() == 2) {
            q.blockRows = block[0];
            q.blockCols = block[1];
        }
    } else if (method == "mxfp4") {
        q.method = Quantization::Method::Mxfp4;
        q.format = formats::mxfp4;
    } else if (method == "awq" || method == "gptq") {
        q.method = Quantization::Method::IntGroup;
        const u64 bits = qc->has("bits") ? qc->count("bits", 8) : qc->count("w_bit", 8);
        const u64 group = qc->has("group_size") ? qc->countOr("group_size", 128, 1u << 16, 0)
                                                : qc->countOr("q_group_size", 128, 1u << 16, 0);
        if (bits == 4) {
            q.format = NumberFormat{FormatKind::INT4, std::uint32_t(group)};
        } else if (bits == 8) {
            q.format = formats::int8;
        } else if (bits == 2) {
            q.format = NumberFormat{FormatKind::INT2, std::uint32_t(group)};
        } else {
            fail(qc->field("bits"), "unsupported bit width " + std::to_string(bits));
        }
    } else if (method == "compressed-tensors") {
        q.method = Quantization::Method::CompressedTensors;
        const Cfg groups = qc->sub("config_groups");
        if (groups.raw().size() != 1) {
            fail(groups.path(),
                 "only one config group is supported, got " + std::to_string(groups.raw().size()));
        }
        const Cfg g0 = groups.sub(groups.raw().begin().key());
        const std::vector<std::string> targets = g0.strList("targets");
        if (targets.size() != 1 || targets[0] != "Linear") {
            fail(g0.field("targets"), "only [\"Linear\"] is supported");
        }
        const Cfg w = g0.sub("weights");
        const std::string fmt = g0.str("format", qc->str("format"));
        const u64 bits = w.count("num_bits", 32);
        const std::string type = w.str("type", "int");
        const u64 group = w.countOr("group_size", 0, 1u << 16, 0);
        if (fmt == "mxfp4-pack-quantized" && bits == 4 && type == "float") {
            if (group != 0 && group != 32) {
                fail(w.field("group_size"),
                     "MXFP4 uses groups of 32, got " + std::to_string(group));
            }
            q.format = formats::mxfp4;
        } else if (fmt == "nvfp4-pack-quantized" && bits == 4 && type == "float") {
            q.format = formats::nvfp4;
        } else if (fmt == "float-quantized" && bits == 8 && type == "float") {
            q.format = formats::fp8; // per-channel scales, counted as negligible
        } else if (fmt == "pack-quantized" && type == "int" && (bits == 4 || bits == 8)) {
            q.format =
                bits == 4 ? NumberFormat{FormatKind::INT4, std::uint32_t(group)} : formats::int8;
        } else {
            fail(qc->field("format"), "unsupported compressed-tensors format '" + fmt + "' (" +
                                          std::to_string(bits) + "-bit " + type + ")");
        }
        const std::vector<std::string> ignore = qc->strList("ignore");
        for (std::size_t i = 0; i < ignore.size(); ++i) {
            if (ignore[i].rfind("re:", 0) == 0) {
                try {
                    q.ignoreRegex.emplace_back(ignore[i].substr(3));
                } catch (const std::regex_error &) {
                    fail(qc->field("ignore[" + std::to_string(i) + "]"),
                         "invalid regular expression '" + ignore[i] + "'");
                }
            } else {
                q.ignoreNames.push_back(ignore[i]);
            }
        }
    } else {
        fail(qc->field("quant_method"), "unsupported quantization method '" + method + "'");
    }
    return q;
}

/// The stored dtype of unquantized tensors: torch_dtype / dtype of `primary`, else of
/// `secondary`; bf16 when neither gives one.
NumberFormat readDtype(const Cfg &primary, const std::optional<Cfg> &secondary) {
    for (const Cfg *c : {&primary, secondary ? &*secondary : nullptr}) {
        if (!c) {
            continue;
        }
        for (const char *key : {"torch_dtype", "dtype"}) {
            if (c->has(key)) {
                const std::string s = c->str(key);
                const auto f = parseNumberFormat(s);
                if (!f || !(*f == formats::bf16 || *f == formats::fp16 || *f == formats::fp32)) {
                    fail(c->field(key), "unsupported dtype '" + s + "'");
                }
                return *f;
            }
        }
    }
    return formats::bf16;
}

/// Merges pieces into TensorGroups keyed by (name, role, placement, format). When one name
/// ends up with several formats, each such group's name gets the format label.
std::vector<TensorGroup> makeGroups(const std::vector<Piece> &pieces, const Quantization &q,
                                    NumberFormat dtype) {
    struct Acc {
        TensorGroup group;
        u64 exact = 0;
    };
    std::vector<Acc> acc;
    for (const Piece &p : pieces) {
        // Keeps every byte computation below (params x 32 bits at most) inside 64 bits.
        if (p.params() > kMaxParams) {
            fail("", "implausible model: " + p.module + " alone holds " +
                         std::to_string(p.params()) + " parameters");
        }
        NumberFormat f = dtype;
        u64 bytes = 0;
        if (p.fp32) {
            f = formats::fp32;
            bytes = f.bytesFor(p.params());
        } else if (q.converts(p)) {
            f = q.format;
            bytes = q.convertedBytes(p);
        } else {
            bytes = f.bytesFor(p.params());
        }
        auto it = std::find_if(acc.begin(), acc.end(), [&](const Acc &a) {
            return a.group.name == p.group && a.group.role == p.role &&
                   a.group.placement == p.placement && a.group.format == f;
        });
        if (it == acc.end()) {
            Acc a;
            a.group.name = p.group;
            a.group.role = p.role;
            a.group.placement = p.placement;
            a.group.format = f;
            a.group.linear = false; // set below: a group with any Linear weight is re-quantized
            acc.push_back(a);
            it = acc.end() - 1;
        }
        it->group.linear = it->group.linear || p.linear;
        it->group.params = add(it->group.params, p.params());
        it->group.activeParams = add(it->group.activeParams, mul(p.rows, p.cols, p.active));
        it->exact = add(it->exact, bytes);
    }
    std::vector<TensorGroup> out;
    for (Acc &a : acc) {
        if (a.exact != a.group.format.bytesFor(a.group.params)) {
            a.group.exactBytes = a.exact;
        }
        const auto sameName = std::count_if(
            acc.begin(), acc.end(), [&](const Acc &o) { return o.group.name == a.group.name; });
        out.push_back(a.group);
        if (sameName > 1) {
            out.back().name += " (" + a.group.format.label() + ")";
        }
    }
    return out;
}

/// Display name and id from _name_or_path, else from the source's file name ("config.json"
/// gives its folder's name).
void nameModel(const Cfg &top, const std::optional<Cfg> &text, const std::string &source,
               ModelSpec &spec) {
    std::string name = top.has("_name_or_path") && top.get("_name_or_path")->is_string()
                           ? top.get("_name_or_path")->get<std::string>()
                           : std::string();
    if (name.empty() && text && text->has("_name_or_path") &&
        text->get("_name_or_path")->is_string()) {
        name = text->get("_name_or_path")->get<std::string>();
    }
    if (name.empty()) {
        const std::filesystem::path p(source);
        name = p.stem().string();
        if ((name == "config" || name.empty()) && p.has_parent_path()) {
            name = p.parent_path().filename().string();
        }
    }
    if (name.empty()) {
        name = spec.architecture;
    }
    spec.displayName = name;
    std::string base = name.substr(
        name.find_last_of("/\\") == std::string::npos ? 0 : name.find_last_of("/\\") + 1);
    if (base.empty()) {
        base = name;
    }
    std::string id;
    for (char ch : base) {
        const auto u = static_cast<unsigned char>(ch);
        id += std::isalnum(u) || ch == '.' ? char(std::tolower(u)) : '-';
    }
    spec.id = id;
}

const std::vector<std::string> &architectures() {
    static const std::vector<std::string> list = {
        "llama",       "mistral", "qwen2",   "qwen3",       "mixtral",    "qwen3_moe",
        "deepseek_v3", "kimi_k2", "gpt_oss", "kimi_linear", "qwen3_next", "kimi_k3"};
    return list;
}

ModelSpec importConfig(const json &root, const std::string &source) {
    if (!root.is_object()) {
        fail("", "not a JSON object; this is not a Hugging Face config.json");
    }
    const Cfg top(root, "");
    if (!top.has("model_type")) {
        fail("model_type", "missing; this is not a Hugging Face config.json");
    }
    const std::string arch = top.str("model_type");
    const auto &known = architectures();
    if (std::find(known.begin(), known.end(), arch) == known.end()) {
        std::string list;
        for (const auto &a : known) {
            list += (list.empty() ? "" : ", ") + a;
        }
        fail("model_type", "unsupported architecture '" + arch + "' (supported: " + list + ")");
    }

    Build b;
    std::optional<Cfg> wrapper; // the top level when the language model sits in text_config
    std::optional<Cfg> textCfg;
    if (arch == "kimi_k3") {
        // Multimodal wrapper: the language model (model_type kimi_linear) in text_config, the
        // vision tower in vision_config; modules live under language_model.
        wrapper = top;
        textCfg = top.sub("text_config");
        b.modulePrefix = "language_model.";
        const std::string inner = textCfg->str("model_type", "kimi_linear");
        if (inner != "kimi_linear") {
            fail(textCfg->field("model_type"),
                 "unsupported language model '" + inner + "' inside kimi_k3");
        }
        buildKimiLinear(*textCfg, b, true);
        if (top.has("vision_config")) {
            addKimiVision(top.sub("vision_config"), b);
        }
    } else if (arch == "deepseek_v3" || arch == "kimi_k2") {
        buildDeepseekV3(top, b);
    } else if (arch == "gpt_oss") {
        buildGptOss(top, b);
    } else if (arch == "kimi_linear") {
        buildKimiLinear(top, b, false);
    } else if (arch == "qwen3_next") {
        buildQwen3Next(top, b);
    } else {
        buildLlamaFamily(top, arch, b);
    }

    const Cfg &lm = textCfg ? *textCfg : top;
    const NumberFormat dtype = readDtype(lm, wrapper);
    const Quantization quant = readQuantization(lm, wrapper);

    ModelSpec spec;
    spec.architecture = arch;
    spec.source = source;
    nameModel(top, textCfg, source, spec);
    spec.hiddenSize = std::uint32_t(b.hidden);
    spec.numLayers = std::uint32_t(b.layers);
    spec.numAttentionHeads = std::uint32_t(b.heads);
    spec.vocabSize = std::uint32_t(b.vocab);
    spec.maxContextTokens = b.maxContext;
    spec.customCode = root.contains("auto_map") || (textCfg && lm.has("auto_map"));
    spec.fp8BlockScaled = quant.method == Quantization::Method::Fp8 && quant.blockRows > 0;
    spec.groups = makeGroups(b.pieces.list, quant, dtype);
    spec.layers = mergeLayers(b.perLayer);
    spec.experts = b.experts;
    u64 embedding = 0;
    for (const auto &g : spec.groups) {
        spec.totalParams = add(spec.totalParams, g.params);
        spec.activeParams = add(spec.activeParams, g.activeParams);
        if (g.role == GroupRole::Embedding) {
            embedding = add(embedding, g.params);
        }
    }
    spec.activeParamsWithEmbedding = add(spec.activeParams, embedding);
    // A guard against configs whose sizes are individually plausible but jointly absurd.
    if (spec.totalParams > kMaxParams) {
        fail("", "implausible model: " + std::to_string(spec.totalParams) + " parameters");
    }
    return spec;
}

/// Reads a small text file (configs are a few KB; 64 MiB is a generous cap).
Result<std::string> readConfigFile(const std::filesystem::path &path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        return makeError(path.string(), "not found or not a regular file");
    }
    const u64 size = std::filesystem::file_size(path, ec);
    if (ec) {
        return makeError(path.string(), "cannot read file: " + ec.message());
    }
    if (size > (u64(64) << 20)) {
        return makeError(path.string(),
                         "file is " + std::to_string(size) + " bytes; too large for a config.json");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(path.string(), "cannot open file");
    }
    std::string text(size, '\0');
    in.read(text.data(), std::streamsize(size));
    if (u64(in.gcount()) != size) {
        return makeError(path.string(), "short read");
    }
    return text;
}

} // namespace

Result<ModelSpec> importHfConfigText(std::string_view jsonText, const std::string &source) {
    try {
        if (jsonText.find_first_not_of(" \t\r\n") == std::string_view::npos) {
            return makeError("", source + ": empty file; this is not a Hugging Face config.json");
        }
        json root;
        try {
            root = json::parse(jsonText);
        } catch (const json::parse_error &e) {
            return makeError("", source + ": malformed JSON at byte " + std::to_string(e.byte) +
                                     ": " + jsonfield::errorText(e));
        }
        return importConfig(root, source);
    } catch (const ImportFailure &f) {
        return f.error;
    } catch (const std::exception &e) {
        return makeError("", source + ": cannot import: " + e.what());
    }
}

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// A checkpoint size that disagrees with the config by more than 4x is another model's (or a
/// corrupt) file: refuse it rather than plan with it.
std::optional<Error> checkPlausible(const ModelSpec &spec, std::uint64_t bytes,
                                    const std::string &field) {
    const double derived = double(spec.weightBytes());
    if (derived > 0 && (double(bytes) < derived / 4 || double(bytes) > derived * 4)) {
        return makeError(field, std::to_string(bytes) + " bytes disagrees with the " +
                                    std::to_string(spec.weightBytes()) +
                                    " bytes that config.json implies; is this checkpoint for "
                                    "another model?");
    }
    return std::nullopt;
}

/// Sum of the tensor bytes in the headers of `files` (single-file or shard checkpoints without
/// an index). Only headers are read.
Result<std::uint64_t> sumSafetensorsHeaders(const std::vector<std::filesystem::path> &files) {
    std::uint64_t total = 0;
    for (const auto &f : files) {
        auto tensors = readSafetensorsHeader(f);
        if (!tensors.ok()) {
            return tensors.error(); // names the file (readSafetensorsHeader)
        }
        for (const auto &t : tensors.value()) {
            if (total > std::numeric_limits<std::uint64_t>::max() - t.bytes) {
                return makeError(f.string(), "tensor sizes overflow");
            }
            total += t.bytes;
        }
    }
    return total;
}

} // namespace

Result<ModelSpec> importModelPath(const std::filesystem::path &path) {
    try {
        std::error_code ec;
        std::filesystem::path config = path;
        std::filesystem::path index;
        std::vector<std::filesystem::path> shards;
        const std::string name = path.filename().string();
        if (std::filesystem::is_directory(path, ec)) {
            config = path / "config.json";
            if (!std::filesystem::exists(config, ec)) {
                return makeError(path.string(), "no config.json in this folder");
            }
            if (std::filesystem::exists(path / "model.safetensors.index.json", ec)) {
                index = path / "model.safetensors.index.json";
            } else {
                for (const auto &entry : std::filesystem::directory_iterator(path, ec)) {
                    if (endsWith(entry.path().filename().string(), ".safetensors")) {
                        shards.push_back(entry.path());
                    }
                }
            }
        } else if (endsWith(name, ".index.json")) {
            index = path;
            config = path.parent_path() / "config.json";
            if (!std::filesystem::exists(config, ec)) {
                return makeError(config.string(), "not found beside the index " + path.string());
            }
        } else if (endsWith(name, ".safetensors")) {
            shards.push_back(path);
            config = path.parent_path() / "config.json";
            if (!std::filesystem::exists(config, ec)) {
                return makeError(config.string(), "not found beside " + path.string() +
                                                      " (a safetensors file holds tensors, not the "
                                                      "architecture)");
            }
        }
        auto text = readConfigFile(config);
        if (!text) {
            return text.error();
        }
        auto spec = importHfConfigText(*text, config.string());
        if (!spec) {
            // Name the file: "m1/config.json: hidden_size: missing".
            const Error &e = spec.error();
            if (e.toString().rfind(config.string(), 0) == 0) {
                return spec;
            }
            return makeError(config.string() + (e.field.empty() ? "" : ": " + e.field),
                             e.message);
        }
        if (!index.empty()) {
            auto idx = readSafetensorsIndex(index);
            if (!idx) {
                return idx.error(); // names the file (readSafetensorsIndex)
            }
            if (auto bad = checkPlausible(*spec, idx->totalSizeBytes,
                                          index.string() + ": metadata.total_size")) {
                return *bad;
            }
            return refineWithIndex(*spec, *idx);
        }
        if (!shards.empty()) {
            auto bytes = sumSafetensorsHeaders(shards);
            if (!bytes) {
                return bytes.error();
            }
            if (auto bad = checkPlausible(*spec, *bytes, shards.front().string())) {
                return *bad;
            }
            SafetensorsIndex idx;
            idx.totalSizeBytes = *bytes;
            return refineWithIndex(*spec, idx);
        }
        return spec;
    } catch (const std::exception &e) {
        return makeError(path.string(), std::string("cannot import: ") + e.what());
    }
}

std::vector<std::string> supportedArchitectures() {
    return architectures();
}

} // namespace hostplan
