// SPDX-License-Identifier: MIT
// The generic importer: any decoder-only transformer config whose model_type is not in the
// architecture table (architectures.cpp), read from the keys the transformers config classes
// share. Architecture files exist only where this reading is wrong.
//
// What it reads (H = hidden_size; every key may sit in a wrapper's text_config /
// language_config / llm_config, found generically, depth first):
//   dimensions: hidden_size, num_hidden_layers, num_attention_heads, num_key_value_heads,
//     head_dim, vocab_size, tie_word_embeddings (absent: the family default, else untied with
//     a note)
//   attention per layer (genericlayers.h): layer_types (full_attention, sliding_attention,
//     chunked_attention, linear_attention, conv: LFM2's short convolution, conv_L_cache) or
//     LFM2's full_attn_idxs, per-layer query heads (num_attention_heads_per_layer), Gemma 4's
//     full-attention shape (global_head_dim, attention_k_eq_v with
//     num_global_key_value_heads), else sliding_window with sliding_window_pattern /
//     use_sliding_window / max_window_layers, attention_chunk_size with no_rope_layers (Llama 4),
//     MLA when kv_lora_rank is given (q_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim),
//     the DeepSeek-V3.2 / GLM-5 sparse-attention indexer (index_n_heads, index_head_dim),
//     Gated DeltaNet linear attention (linear_* keys, full_attention_interval), the sigmoid
//     output gate (attn_output_gate), q/k norms (use_qk_norm, qk_norm_type, Qwen3 / Gemma 3)
//   MLP per layer (a per-layer list of equal values reads as one: Hunyuan): Gemma 4's dense MLP
//     beside the experts (enable_moe_block), dense_intermediate_size (MiniMax-M3), LFM2's width
//     rule (block_auto_adjust_ff_dim), experts from num_experts / num_local_experts /
//     n_routed_experts, top-k from num_experts_per_tok / num_experts_per_token / moe_topk /
//     top_k_experts, width from moe_intermediate_size (else intermediate_size, and
//     intermediate_size_mlp for dense layers), dense layers from first_k_dense_replace,
//     moe_layer_freq (an integer or a 0/1 list), decoder_sparse_step, interleave_moe_layer_step,
//     mlp_only_layers, moe_layers, mlp_layer_types; shared experts from n_shared_experts /
//     num_shared_experts (x the expert width) or shared_expert_intermediate_size (with its [1, H]
//     gate); the router [E, H] and its correction bias (topk_method noaux_tc, use_routing_bias)
//   Gemma 3n / Gemma 4 E-series: num_kv_shared_layers (the last layers read an earlier
//     layer's cache: LayerGroup::kvShared), use_double_wide_mlp (their MLP twice as wide),
//     hidden_size_per_layer_input / vocab_size_per_layer_input (the per-layer embeddings,
//     genericlayers.h addPerLayerEmbeddings)
//   vision: a wrapper's vision_config as a generic ViT (estimated; noted)
//   MTP / draft layers (num_nextn_predict_layers, mtp_num_hidden_layers, num_mtp_modules): not
//     counted in the totals (modelspec.h); a note says how many.
//   family facts the keys do not say (familyOf): tying defaults, q/k norms (also the qk_norm
//     key: Apertus), QKV biases, Gemma 2+ sandwich norms, QWen v1's intermediate_size counting
//     both gated branches, non-gated up_proj / down_proj MLPs (Nemotron, Arcee, Apertus, or a
//     hidden_act only such MLPs use: relu2, xielu; with xIELU's two learned scalars), Nemotron's
//     LayerNorm biases;
//     padded_vocab_size (when given) is the embedding's row count
// Refused, naming the key: an unknown layer_types entry, recurrent block lists
// (hybrid_override_pattern, layers_block_type, block_types, mb_per_layer; the Mamba hybrids have
// their own files), GPT-2-style non-gated MLP families (fc1 / fc2; Phi-1 / 2's is read), two
// spellings of one size that disagree, and the unread keys generickeys.h refuses (one object per
// layer, expert or KV-head counts the reading did not take, mamba_* / ssm_* sizes). Config-class
// defaults fill keys a family's released configs omit (generickeys.h withClassDefaults). Keys with
// a size-like name that it does not read make the plan "estimated" with the key named in
// ModelSpec::notes.
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/generickeys.h"
#include "import/genericlayers.h"
#include "import/towers.h"
#include "util/textutil.h"

#include <algorithm>
#include <set>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// Keys that hold the language model in wrapper configs, tried in this order.
constexpr const char *kWrapperKeys[] = {"text_config", "language_config", "llm_config",
                                        "thinker_config"};

/// The object that holds the language model: `c` itself when it has num_hidden_layers, else
/// the first wrapper key's object that does (searched to depth 3).
std::optional<ConfigReader> findLanguageModel(const ConfigReader &c, int depth) {
    if (c.has("num_hidden_layers")) {
        return c;
    }
    if (depth >= 3) {
        return std::nullopt;
    }
    for (const char *key : kWrapperKeys) {
        if (c.has(key) && c.get(key)->is_object()) {
            if (auto found = findLanguageModel(c.sub(key), depth + 1)) {
                return found;
            }
        }
    }
    return std::nullopt;
}

/// firstKey for spellings of one size: a later spelling that `c` also holds with another value
/// is an error naming it, since which one the engine reads cannot be told.
const char *agreeingKey(const ConfigReader &c, std::initializer_list<const char *> keys) {
    const char *first = firstKey(c, keys);
    for (const char *k : keys) {
        if (first && k != first && c.has(k) && *c.get(k) != *c.get(first)) {
            fail(c.field(k), cutText(c.get(k)->dump(), 40) + " disagrees with " + first + " " +
                                 cutText(c.get(first)->dump(), 40) +
                                 "; which one the engines read cannot be told");
        }
    }
    return first;
}

/// Which of the `L` layers hold the sparse-attention indexer (the others reuse the top-k of the
/// layer before: GLM-5.2's IndexCache): indexer_types ("full" / "shared") where the config
/// lists them (HF modular_glm_moe_dsa.py @ 01f8fa55 GlmMoeDsaAttention: no indexer on a
/// shared layer); else index_topk_pattern ('F' / 'S' per layer); else layer i is full when
/// max(i - index_skip_topk_offset + 1, 0) % index_topk_freq == 0 (defaults 2 and 1: every
/// layer), vLLM's rule (deepseek_v2.py @ 002d6073 DeepseekV2MLAAttention.__init__, which
/// builds an indexer, and so its cache, on those layers only; it reads the pattern, else the
/// frequency, never indexer_types: a disagreement is noted). Layer 0 must compute its own
/// top-k; a list of the wrong length, another kind or a shared layer 0 is an ImportFailure
/// naming the key. `key` is set to the key the layers were read from.
std::vector<bool> indexerLayers(const ConfigReader &c, ModelBuilder &b, u64 L, std::string &key) {
    std::vector<bool> byVllm(L, true);
    std::string vllmKey = "index_topk_freq";
    if (c.has("index_topk_pattern")) {
        vllmKey = "index_topk_pattern";
        const std::string pattern = c.str("index_topk_pattern");
        if (pattern.size() != L) {
            fail(c.field(vllmKey), "has " + std::to_string(pattern.size()) + " entries for " +
                                       std::to_string(L) + " layers");
        }
        for (u64 i = 0; i < L; ++i) {
            if (pattern[i] != 'F' && pattern[i] != 'S') {
                fail(c.field(vllmKey), "must hold only 'F' (full) and 'S' (shared)");
            }
            byVllm[i] = pattern[i] == 'F';
        }
    } else {
        const u64 freq = c.countOr("index_topk_freq", 1, kMaxLayers);
        const u64 offset = c.countOr("index_skip_topk_offset", 2, kMaxLayers, 0);
        for (u64 i = 0; i < L; ++i) {
            byVllm[i] = (i + 1 > offset ? i + 1 - offset : 0) % freq == 0;
        }
        vllmKey = c.has("index_topk_freq") ? "index_topk_freq" : "index_skip_topk_offset";
    }
    std::vector<bool> full = byVllm;
    key = vllmKey;
    const std::vector<std::string> types = perLayerStrings(c, "indexer_types", L);
    if (!types.empty()) {
        for (u64 i = 0; i < L; ++i) {
            if (types[i] != "full" && types[i] != "shared") {
                fail(c.field("indexer_types[" + std::to_string(i) + "]"),
                     "must be \"full\" or \"shared\", got '" + cutText(types[i], 40) + "'");
            }
            full[i] = types[i] == "full";
        }
        key = "indexer_types";
        if (full != byVllm) {
            b.note("indexer_types and " + vllmKey + " name different indexer layers; the plan " +
                   "follows indexer_types (the checkpoint's layout), vLLM builds the indexer " +
                   "where " + vllmKey + " says");
        }
    }
    if (L > 0 && !full[0]) {
        fail(c.field(key == "indexer_types" ? "indexer_types[0]" : key),
             "makes layer 0 a shared layer, which reuses the top-k of a layer before it; "
             "there is none");
    }
    return full;
}

/// The DeepSeek-V3.2 / GLM-5 lightning indexer of `n` layers (DeepseekV32 Indexer): wq_b
/// [heads*dim, q_lora_rank], wk [dim, H], k_norm (LayerNorm weight + bias) [dim],
/// weights_proj [heads, H]. Returns the key width it caches (index_head_dim).
u64 addIndexer(const ConfigReader &c, ModelBuilder &b, u64 qLora, u64 n) {
    const u64 heads = c.count("index_n_heads", kMaxHeads);
    const u64 dim = c.count("index_head_dim", kMaxHeadDim);
    const u64 H = b.dimensions().hidden;
    if (qLora == 0) {
        fail(c.field("q_lora_rank"), "the sparse-attention indexer reads the q_lora_rank "
                                     "latent; missing or 0");
    }
    const std::string at = b.layerModule(0) + "self_attn.indexer.";
    b.attentionReplicated(at + "wq_b", checkedMul(heads, dim, c.field("index_n_heads")), qLora, n);
    b.attentionReplicated(at + "wk", dim, H, n);
    b.small(at + "k_norm", checkedMul(2, dim, c.field("index_head_dim")), n);
    b.tensor("attention (replicated down-projections)", GroupRole::Attention, Placement::Replicated,
             at + "weights_proj", heads, H, n, n);
    b.note("the sparse-attention indexer caches " + std::to_string(dim) +
           " keys per token on each indexer layer beside the latent (vLLM and SGLang in FP8 "
           "with their scale; llama.cpp in the K cache's type)");
    return dim;
}

/// Notes the MTP / draft layers (not counted: modelspec.h).
void noteMtp(const ConfigReader &c, ModelBuilder &b) {
    const char *k =
        firstKey(c, {"num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_modules"});
    if (k) {
        const u64 n = c.countOr(k, 0, kMaxLayers, 0);
        if (n > 0) {
            b.setMtpLayers(n);
            b.note(std::to_string(n) + " MTP / draft layer(s) (" + c.field(k) +
                   ") are not in the model's parameter count; engines load them only for "
                   "speculative decoding, and a plan that speculates counts their memory (draft "
                   "weights)");
        }
    }
}

/// MiniMax's lightning attention in `n` layers of `a`'s heads (vLLM minimax_text_01.py
/// @ 98370df7 MiniMaxText01LinearAttention): qkv_proj [3 x heads x hd, H], output_gate
/// [heads x hd, H], out_proj [H, heads x hd], norm [heads x hd]. Each layer keeps a state of
/// heads x hd x hd per sequence (MambaStateShapeCalculator.linear_attention_state_shape) and no
/// convolution window. Returns the shape for the layer list.
GdnShape addLightningAttention(ModelBuilder &b, const AttnShape &a, u64 n) {
    const u64 H = b.dimensions().hidden;
    const u64 inner = checkedMul(a.heads, a.hd, "num_attention_heads x head_dim");
    const std::string at = b.layerModule(0) + "self_attn.";
    b.attention(at + "qkv_proj", checkedMul(3, inner, "qkv_proj"), H, n);
    b.attention(at + "output_gate", inner, H, n);
    b.attention(at + "out_proj", H, inner, n);
    b.small(at + "norm", inner, n);
    GdnShape g;
    g.nk = g.nv = a.heads;
    g.dk = g.dv = a.hd;
    g.kernel = 1; // no short convolution: a window of kernel - 1 = 0 inputs
    return g;
}

} // namespace

std::optional<ConfigReader> buildGeneric(const ConfigReader &top, const std::string &arch,
                                         ModelBuilder &b) {
    const std::optional<ConfigReader> found = findLanguageModel(top, 0);
    if (!found) {
        fail(top.field("num_hidden_layers"),
             "missing, and no text_config / language_config / llm_config holds it: model_type '" +
                 arch + "' is not a decoder-only transformer config this importer can read");
    }
    const bool wrapped = &found->raw() != &top.raw();
    std::string type = found->str("model_type", arch);
    const std::string wrappedType = type;
    if (type.size() > 5 && type.ends_with("_text")) {
        type.resize(type.size() - 5);
    }
    // A language model in a wrapper the table does not list whose own architecture file reads
    // it (Architecture::readsWrapped), by its model_type as given or without "_text"
    // (kimi_linear_text reads as kimi_linear); the wrapper's towers are added beside it.
    const Architecture *inner = nullptr;
    for (const std::string &t : {wrappedType, type}) {
        const Architecture *a = findArchitecture(t);
        if (wrapped && !inner && a && a->readsWrapped) {
            inner = a;
        }
    }
    if (inner) {
        const std::optional<ConfigReader> nested =
            inner->build(*found, std::string(inner->modelType), b);
        addTowers(top, b);
        const std::string innerType(inner->modelType);
        b.note("the language model (" + found->path() + ", model_type '" + innerType +
               "') is read as HostPlan reads " + innerType +
               " checkpoints; its tensor names are matched without the wrapper's prefix");
        return nested ? nested : found;
    }
    // The language model's keys with its config class's defaults for those it omits.
    const nlohmann::json filled = withClassDefaults(*found, type, b);
    const ConfigReader c(filled, found->path());
    if (nonGatedFamily(type)) {
        fail(c.field("model_type"), "'" + type +
                                        "' has a non-gated MLP; the generic importer "
                                        "reads gated (SwiGLU / GeGLU) MLPs only");
    }
    const Family fam = familyOf(type);
    if (c.flag("use_cla", false)) {
        // Hunyuan-Large's cross-layer attention: cla_share_factor layers share one KV cache.
        fail(c.field("use_cla"), "cross-layer attention (layers sharing one KV cache) is not "
                                 "read by the generic importer");
    }
    if (wrapped) {
        // transformers' multimodal layout: model.language_model.layers.N, lm_head at the top.
        b.setModulePrefix("model.language_model.");
        b.setLayerRoot("model.language_model.layers.");
    }
    readCommon(c, b);
    if (c.has("padded_vocab_size")) {
        // The embedding and lm_head rows (QWen v1, ChatGLM): vocab_size rounded up.
        ModelDimensions padded = b.dimensions();
        padded.vocab = c.count("padded_vocab_size", kMaxVocab);
        b.setDimensions(padded);
    }
    refusePerLayerObjects(c, b.dimensions().layers);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers, nh = d.heads;
    const std::string l0 = b.layerModule(0);
    u64 kvRead = 0; // the softmax layers' KV heads (0 for MLA / linear-only models)

    // --- Attention ---------------------------------------------------------------------------
    const std::vector<LayerKind> kinds = layerKinds(c, fam, L);
    const u64 nLinear = u64(std::count(kinds.begin(), kinds.end(), LayerKind::Linear));
    const u64 nConv = u64(std::count(kinds.begin(), kinds.end(), LayerKind::Conv));
    const u64 nSoftmax = L - nLinear - nConv;
    const u64 window = c.countOr("sliding_window", 0, kMaxContext, 0);
    const u64 chunk = c.countOr("attention_chunk_size", 0, kMaxContext, 0);
    const std::vector<bool> kvShared = kvSharedLayers(c, kinds);
    const u64 nShared = u64(std::count(kvShared.begin(), kvShared.end(), true));
    if (nShared > 0) {
        b.note(std::to_string(nShared) + " of " + std::to_string(L) +
               " layers read the KV cache of the last earlier layer of their kind (" +
               c.field("num_kv_shared_layers") +
               "): vLLM and llama.cpp give them no cache of their own, SGLang allocates one "
               "per layer");
    }
    if (c.has("kv_lora_rank")) {
        if (nShared > 0) {
            fail(c.field("num_kv_shared_layers"), "is not read for MLA layers");
        }
        const MlaShape mla = readMla(c);
        addMlaAttention(c, b, l0 + "self_attn.", mla, nSoftmax, false);
        std::vector<bool> indexed(L, false);
        u64 indexerDim = 0;
        if (c.has("index_n_heads")) {
            std::string key;
            indexed = indexerLayers(c, b, L, key);
            const u64 n = u64(std::count(indexed.begin(), indexed.end(), true));
            b.setPieceLayers(layersWhere(L, [&](u64 i) { return bool(indexed[i]); }));
            indexerDim = n ? addIndexer(c, b, mla.qLora, n) : 0;
            b.setPieceLayers({});
            if (n < L) {
                b.note(std::to_string(n) + " of " + std::to_string(L) +
                       " layers hold the sparse-attention indexer and its cache (" + key +
                       "); the others reuse the top-k of the layer before. vLLM caches the "
                       "indexer key on those layers only, SGLang on every layer");
            }
        }
        for (u64 i = 0; i < L; ++i) {
            if (kinds[i] != LayerKind::Full) {
                fail(c.field("layer_types[" + std::to_string(i) + "]"),
                     "only full attention is read for MLA layers");
            }
            b.addMlaLayer(nh, mla.nope + mla.rope, mla.vDim, mla.kvLora, mla.rope,
                          indexed[i] ? indexerDim : 0);
        }
    } else {
        AttnShape a = readAttnShape(c, b);
        kvRead = a.kv;
        // A boolean "bias" (openPangu, InternLM) is attention_bias as vLLM's Llama reads it
        // (model_executor/models/llama.py LlamaDecoderLayer: attention_bias or bias, on q/k/v
        // and o_proj).
        const bool attnBias =
            c.flag("attention_bias", false) ||
            (c.has("bias") && c.raw().at("bias").is_boolean() && c.flag("bias", false));
        a.qkvBias = fam.qkvBias || attnBias || c.flag("qkv_bias", false);
        a.oBias = (!fam.qkvBias && attnBias) || fam.linearBiases;
        a.outputGate = c.flag("attn_output_gate", fam.outputGate);
        const bool normFlag = c.has("use_qk_norm") ? c.flag("use_qk_norm", false)
                              : c.has("qk_norm")   ? c.flag("qk_norm", false) || fam.qkNorm
                                                   : fam.qkNorm;
        // Llama 4's use_qk_norm is a weightless L2 norm.
        a.qkNorm = normFlag && type != "llama4";
        // MiniMax-M2: one norm over all heads' q and k instead of per-head norms.
        const bool normOverHeads = a.qkNorm && c.str("qk_norm_type") == "per_layer";
        a.qkNorm = a.qkNorm && !normOverHeads;
        const std::vector<AttnShape> shapes = layerAttnShapes(c, a, kinds);
        // One set of projections per distinct shape, in the order the shapes first appear.
        std::vector<std::pair<AttnShape, u64>> distinct;
        for (u64 i = 0; i < L; ++i) {
            if (kinds[i] == LayerKind::Linear || kinds[i] == LayerKind::Conv) {
                continue;
            }
            const auto it = std::find_if(distinct.begin(), distinct.end(),
                                         [&](const auto &e) { return e.first == shapes[i]; });
            if (it == distinct.end()) {
                distinct.emplace_back(shapes[i], 1);
            } else {
                ++it->second;
            }
        }
        for (const auto &[shape, n] : distinct) {
            const AttnShape &of = shape; // a lambda may not capture a structured binding (C++17)
            b.setPieceLayers(layersWhere(L, [&](u64 i) {
                return kinds[i] != LayerKind::Linear && kinds[i] != LayerKind::Conv &&
                       shapes[i] == of;
            }));
            addSoftmaxAttention(b, l0 + "self_attn.", shape, n);
            if (normOverHeads) {
                b.small(l0 + "self_attn.q_norm", checkedMul(shape.heads, shape.hd, "q_norm"), n);
                b.small(l0 + "self_attn.k_norm", checkedMul(shape.kv, shape.hd, "k_norm"), n);
            }
        }
        GdnShape g;
        b.setPieceLayers(layersWhere(L, [&](u64 i) { return kinds[i] == LayerKind::Linear; }));
        if (nLinear > 0) {
            g = fam.lightning ? addLightningAttention(b, a, nLinear)
                              : addGatedDeltaNet(c, b, nLinear);
        }
        b.setPieceLayers(layersWhere(L, [&](u64 i) { return kinds[i] == LayerKind::Conv; }));
        const u64 convCache = nConv > 0 ? addShortConv(c, b, nConv) : 0;
        b.setPieceLayers({});
        for (u64 i = 0; i < L; ++i) {
            switch (kinds[i]) {
            case LayerKind::Linear:
                b.addLinearLayer(g.nv, g.dk, g.dv, g.convDim, g.kernel);
                break;
            case LayerKind::Conv:
                // No recurrent state; a window of L_cache - 1 inputs of every channel.
                b.addLinearLayer(1, 0, 0, H, convCache);
                break;
            case LayerKind::Sliding:
                if (window == 0) {
                    fail(c.field("sliding_window"), "missing for sliding_attention layers");
                }
                b.addSoftmaxLayer(shapes[i].heads, shapes[i].kv, shapes[i].hd, window, kvShared[i]);
                break;
            case LayerKind::Chunked:
                if (chunk == 0) {
                    fail(c.field("attention_chunk_size"), "missing for chunked_attention layers");
                }
                // A chunk's keys are at most attention_chunk_size tokens: a window's bound.
                b.addSoftmaxLayer(shapes[i].heads, shapes[i].kv, shapes[i].hd, chunk, kvShared[i]);
                break;
            case LayerKind::Full:
                b.addSoftmaxLayer(shapes[i].heads, shapes[i].kv, shapes[i].hd, 0, kvShared[i]);
                break;
            }
        }
    }
    // Nemotron's LayerNorm1P keeps a bias beside each weight.
    const u64 normElems = fam.normBias ? 2 * H : H;
    b.small(l0 + "input_layernorm", normElems, L);
    if (!fam.oneNorm) {
        b.small(l0 + "post_attention_layernorm", normElems, L);
    }
    if (fam.sandwichNorms) {
        b.small(l0 + "pre_feedforward_layernorm", H, L);
        b.small(l0 + "post_feedforward_layernorm", H, L);
    }

    // --- MLP ---------------------------------------------------------------------------------
    const char *expertsKey =
        agreeingKey(c, {"num_experts", "num_local_experts", "n_routed_experts", "moe_num_experts"});
    // One expert routed to every token is a dense MLP (Hunyuan-7B's num_experts 1).
    u64 experts = expertsKey ? c.countOr(expertsKey, 0, kMaxExperts, 0) : 0;
    experts = experts == 1 ? 0 : experts;
    const bool moeBlock =
        c.flag("enable_moe_block", false) || c.flag("use_second_mlp_block", false);
    if (type == "gemma4" && experts > 0 && !moeBlock) {
        // Gemma4DecoderLayer builds its router and experts only with the MoE block on (vLLM
        // gemma4.py @ 001cabc1): num_experts alone adds no weights.
        b.note(c.field(expertsKey) + " is set but enable_moe_block is not: Gemma 4 builds no "
                                     "experts, and none are counted");
        experts = 0;
    }
    std::vector<bool> moe(L, false);
    if (experts > 0) {
        moe = moeLayerMask(c, L);
    }
    const u64 moeLayers = u64(std::count(moe.begin(), moe.end(), true));
    // Gemma 4's enable_moe_block: every MoE layer also runs the dense MLP beside its experts
    // (vLLM gemma4.py @ eee7972f Gemma4DecoderLayer: mlp always, router + moe in parallel).
    const bool parallelMlp = moeLayers > 0 && moeBlock;
    // Non-gated MLPs (Family::plainMlp, or an activation only non-gated MLPs use) have
    // up_proj and down_proj only: two matrices per MLP, not three.
    const std::string act = c.str("hidden_act");
    const bool plain = fam.plainMlp || nonGatedActivation(act);
    if (plain && !fam.plainMlp) {
        b.note("estimated: hidden_act '" + act +
               "' is read as a non-gated MLP (up_proj, down_proj), as in transformers' "
               "Nemotron, Arcee and Apertus");
    }
    const auto addMlp = [&](const std::string &group, GroupRole role, const std::string &prefix,
                            const char *gate, const char *up, const char *down, u64 inter,
                            u64 count, u64 active) {
        if (plain) {
            b.plainMlp(group, role, prefix, up, down, H, inter, count, active);
        } else {
            b.gatedMlp(group, role, prefix, gate, up, down, H, inter, count, active);
        }
    };
    const u64 denseLayers = L - moeLayers + (parallelMlp ? moeLayers : 0);
    // The experts' width: moe_intermediate_size, else Gemma 4's expert_intermediate_size
    // (vLLM gemma4.py reads either), else intermediate_size.
    const char *moeInterKey = c.has("moe_intermediate_size")      ? "moe_intermediate_size"
                              : c.has("expert_intermediate_size") ? "expert_intermediate_size"
                                                                  : "intermediate_size";
    // Gemma 4's use_double_wide_mlp: the KV-shared layers' dense MLP is twice as wide (vLLM
    // gemma4.py @ 001cabc1 Gemma4DecoderLayer layer_intermediate_size).
    const bool doubleWide = c.flag("use_double_wide_mlp", false);
    const auto isDense = [&](u64 i) { return parallelMlp || !moe[i]; };
    const auto isWide = [&](u64 i) { return doubleWide && kvShared[i] && isDense(i); };
    const std::vector<std::uint32_t> wide = layersWhere(L, isWide);
    const u64 wideLayers = wide.size();
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return isDense(i) && !isWide(i); }));
    if (denseLayers > 0) {
        // The dense layers' width: dense_intermediate_size (MiniMax-M3) where given, else
        // intermediate_size_mlp (Llama 4) when intermediate_size is the experts'.
        const char *k = c.has("dense_intermediate_size") ? "dense_intermediate_size"
                        : std::string(moeInterKey) == "intermediate_size" && moeLayers > 0 &&
                                c.has("intermediate_size_mlp")
                            ? "intermediate_size_mlp"
                            : "intermediate_size";
        u64 inter = c.count(k, kMaxIntermediate);
        if (fam.halfIntermediate) {
            if (inter % 2 != 0) {
                fail(c.field(k), "must be even: it counts both gated branches of the MLP");
            }
            inter /= 2;
        }
        if (c.flag("block_auto_adjust_ff_dim", false)) {
            inter = lfm2FfWidth(c, inter);
        }
        const auto denseMlp = [&](u64 width, u64 n) {
            addMlp("dense MLP", GroupRole::DenseMlp, l0 + "mlp.", "gate_proj",
                   fam.linearBiases ? "fc1" : "up_proj", fam.linearBiases ? "fc2" : "down_proj",
                   width, n, n);
        };
        if (denseLayers > wideLayers) {
            denseMlp(inter, denseLayers - wideLayers);
        }
        if (wideLayers > 0) {
            b.setPieceLayers(wide);
            denseMlp(checkedMul(2, inter, c.field("intermediate_size")), wideLayers);
            b.setPieceLayers(layersWhere(L, isDense));
        }
        if (fam.linearBiases) {
            b.small(l0 + "mlp.fc1.bias", inter, denseLayers);
            b.small(l0 + "mlp.fc2.bias", H, denseLayers);
        }
        if (act == "xielu") {
            // xIELU's learned scalars per MLP, alpha_p and alpha_n (vLLM apertus.py @ 055e47c2
            // ApertusMLP's XIELU); its beta and eps are fixed buffers checkpoints may omit.
            b.small(l0 + "mlp.act_fn", 2, denseLayers);
        }
    }
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return bool(moe[i]); }));
    if (moeLayers > 0) {
        const char *topKey = agreeingKey(c, {"num_experts_per_tok", "num_experts_per_token",
                                             "moe_topk", "top_k_experts", "moe_k"});
        if (!topKey) {
            fail(c.field("num_experts_per_tok"),
                 "missing for a model with " + std::to_string(experts) + " experts");
        }
        const u64 topK = topKOf(c, topKey, experts, L);
        const u64 moeInter = uniformCount(c, moeInterKey, kMaxIntermediate, 1, L);
        const u64 firstMoe = u64(std::find(moe.begin(), moe.end(), true) - moe.begin());
        // Gemma 4's parallel block sits beside its dense MLP, not under it: the checkpoint
        // names layers.N.experts.* and layers.N.router.* (vLLM gemma4.py @ 001cabc1
        // _weight_iterator maps them to moe.experts and router.proj), so a per-module scheme
        // that names layers.N.mlp* leaves the experts alone.
        const std::string m = b.layerModule(firstMoe) + (parallelMlp        ? ""
                                                         : fam.mixtralNames ? "block_sparse_moe."
                                                                            : "mlp.");
        const std::string f = c.field(expertsKey);
        addMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.",
               fam.mixtralNames ? "w1" : "gate_proj", fam.mixtralNames ? "w3" : "up_proj",
               fam.mixtralNames ? "w2" : "down_proj", moeInter, checkedMul(experts, moeLayers, f),
               checkedMul(topK, moeLayers, f));
        u64 shared = 0;
        if (const char *k = agreeingKey(c, {"n_shared_experts", "num_shared_experts",
                                            "num_shared_expert", "moe_num_shared_experts"})) {
            shared = c.get(k)->is_null() ? 0 : uniformCount(c, k, kMaxExperts, 0, L);
            // Hunyuan (num_shared_expert) runs its shared MLP only with use_mixed_mlp_moe, of
            // intermediate_size x num_shared_expert (vLLM hunyuan_v1.py HunYuanSparseMoeBlock);
            // the others' shared experts are n x the expert width.
            const bool hunyuan = std::string(k) == "num_shared_expert";
            shared = c.flag("use_mixed_mlp_moe", true) ? shared : 0;
            const u64 width = hunyuan ? c.count("intermediate_size", kMaxIntermediate) : moeInter;
            // Step 3.5 / 3.7 name the shared MLP's own width, share_expert_dim (vLLM
            // step3_text.py Step3TextDecoderLayer: one MLP of share_expert_dim).
            const u64 ownWidth = c.countOr("share_expert_dim", 0, kMaxIntermediate, 0);
            if (shared > 0) {
                addMlp("shared experts", GroupRole::SharedExperts, m + "shared_experts.",
                       "gate_proj", "up_proj", "down_proj",
                       ownWidth > 0 ? ownWidth : checkedMul(shared, width, c.field(k)), moeLayers,
                       moeLayers);
            }
        } else if (const char *k2 = firstKey(
                       c, {"shared_expert_intermediate_size", "shared_intermediate_size"})) {
            const u64 sharedInter = c.countOr(k2, 0, kMaxIntermediate, 0);
            if (sharedInter > 0) {
                shared = 1;
                addMlp("shared experts", GroupRole::SharedExperts, m + "shared_expert.",
                       "gate_proj", "up_proj", "down_proj", sharedInter, moeLayers, moeLayers);
                if (std::string(k2) == "shared_expert_intermediate_size") {
                    b.router(m + "shared_expert_gate", 1, H, moeLayers, true);
                }
            }
        } else if (fam.sharedExpert) {
            shared = 1;
            addMlp("shared experts", GroupRole::SharedExperts, m + "shared_expert.", "gate_proj",
                   "up_proj", "down_proj", moeInter, moeLayers, moeLayers);
        }
        b.router(m + (parallelMlp ? "router.proj" : "gate"), experts, H, moeLayers, true);
        if (c.flag("use_residual", false)) {
            // Snowflake Arctic: a dense MLP of hidden_size width beside the experts in every MoE
            // layer, with its own norm (vLLM arctic.py ArcticDecoderLayer residual_mlp:
            // ArcticMLP is_residual_mlp, ffn_dim = hidden_size).
            addMlp("residual MLP", GroupRole::DenseMlp, b.layerModule(firstMoe) + "residual_mlp.",
                   "w1", "w3", "w2", H, moeLayers, moeLayers);
            b.small(b.layerModule(firstMoe) + "residual_layernorm", H, moeLayers);
        }
        if (parallelMlp) {
            // Gemma4Router's per-dimension scale [H], Gemma4MoE's per_expert_scale [E], and
            // the three norms around the parallel block.
            b.small(m + "router.scale", H, moeLayers);
            b.small(m + "router.per_expert_scale", experts, moeLayers);
            b.small(m + "pre_feedforward_layernorm_2", H, moeLayers);
            b.small(m + "post_feedforward_layernorm_1", H, moeLayers);
            b.small(m + "post_feedforward_layernorm_2", H, moeLayers);
        }
        if (c.str("topk_method") == "noaux_tc" || c.flag("use_routing_bias", false) ||
            c.flag("use_expert_bias", false) || c.flag("moe_use_aux_free", false) ||
            fam.expertBias) {
            b.tensor("router", GroupRole::MoeOther, Placement::Replicated,
                     m + "gate.e_score_correction_bias", experts, 1, moeLayers, moeLayers, true);
        }
        b.setExperts(experts, topK, shared, moeLayers, checkedMul(plain ? 2 : 3, H, moeInter, f), H,
                     moeInter);
    }
    b.setPieceLayers({});

    // --- Embeddings, vision, notes ------------------------------------------------------------
    bool tied = fam.tiedDefault;
    if (c.has("tie_word_embeddings")) {
        tied = c.flag("tie_word_embeddings", false);
    } else if (const char *k = firstKey(c, {"tie_embedding", "use_embedding_sharing"})) {
        // LFM2's and Cohere's spellings of it (Lfm2Config reads tie_embedding; Cohere's
        // configs carry use_embedding_sharing beside the class's tied default).
        tied = c.flag(k, true);
    } else if (wrapped && top.has("tie_word_embeddings")) {
        tied = top.flag("tie_word_embeddings", false);
    } else if (!fam.knownTying) {
        b.note("estimated: tie_word_embeddings is absent; lm_head is counted as its own tensor");
    }
    addEmbeddings(b, tied);
    addPerLayerEmbeddings(c, b);
    if (fam.linearBiases) {
        // Phi's lm_head has a bias whether or not its weight is tied (transformers
        // modeling_phi.py); vLLM's PhiForCausalLM asserts an untied one (phi.py, "lm_head use
        // bias, cannot share word embeddings").
        b.small(b.modulePrefix() + "lm_head.bias", b.dimensions().vocab, 1);
        if (tied) {
            b.refuseInVllm("tie_word_embeddings is true, and vLLM's PhiForCausalLM asserts an "
                           "untied lm_head because Phi's has a bias "
                           "(vllm/model_executor/models/phi.py: assert not "
                           "config.tie_word_embeddings).");
            b.note("tie_word_embeddings is true, which vLLM's PhiForCausalLM refuses (its "
                   "lm_head has a bias; vllm/model_executor/models/phi.py asserts an untied "
                   "one): planned as transformers builds it, one shared embedding and the "
                   "lm_head's bias");
        }
    }
    if (fam.normBias) {
        b.small(b.modulePrefix() + "model.norm.bias", H, 1);
    }
    // A wrapper's vision tower, or a flat config's (Qwen2-VL, Qwen2.5-VL keep the language
    // model's keys at the top level beside vision_config).
    addTowers(top, b);
    noteMtp(c, b);
    refuseUnreadShapeKeys(c, experts > 0, kvRead);
    noteUnreadKeys(c, b);
    return wrapped ? found : std::nullopt;
}

} // namespace hostplan::importer
