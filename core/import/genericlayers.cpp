// SPDX-License-Identifier: MIT
#include "import/genericlayers.h"

#include "util/textutil.h"

#include <algorithm>
#include <set>

namespace hostplan::importer {

using u64 = std::uint64_t;

Family familyOf(const std::string &type) {
    Family f;
    const auto starts = [&](const char *p) { return type.rfind(p, 0) == 0; };
    if (starts("gemma")) {
        f.tiedDefault = f.knownTying = true;
        // Gemma (v1) has only the input and post-attention norms; Gemma 2 on add the
        // pre / post feed-forward norms.
        f.sandwichNorms = type != "gemma";
        f.qkNorm = !starts("gemma2") && type != "gemma";
        f.slidingAlternate = starts("gemma2");
    }
    // MiniMax-Text-01 / M1 (attn_type_list) and transformers' MiniMax (layer_types
    // linear_attention): lightning attention.
    f.lightning = starts("minimax");
    // Arcee's AFMoE (Trinity): q / k norms and an output gate in every attention layer, norms
    // before and after the MLP too, and a routing bias in every MoE layer.
    f.outputGate = f.expertBias = starts("afmoe");
    f.sandwichNorms = f.sandwichNorms || starts("afmoe");
    if (starts("qwen3") || starts("olmo2") || starts("mimo") || starts("lfm2") || starts("afmoe")) {
        f.qkNorm = true;
    }
    // CohereConfig and Cohere2Config tie by default (transformers configuration_cohere.py,
    // configuration_cohere2.py); so does Lfm2Config (its tie_embedding key).
    if (starts("cohere") || starts("lfm2")) {
        f.tiedDefault = f.knownTying = true;
    }
    f.oneNorm = starts("cohere");
    if (starts("qwen2") || type == "qwen") {
        f.qkvBias = true; // QWen v1's fused c_attn has a bias too
    }
    f.halfIntermediate = type == "qwen";
    if (starts("smollm3")) {
        f.tiedDefault = f.knownTying = true; // SmolLM3Config ties by default
    }
    if (starts("llama4")) {
        f.sharedExpert = true;
    }
    f.mixtralNames = starts("minimax") || starts("mixtral");
    // Nemotron (Nemotron-4, Minitron), Arcee (AFM) and Apertus: up_proj / down_proj only.
    f.plainMlp = type == "nemotron" || starts("arcee") || starts("apertus");
    f.normBias = type == "nemotron";
    // Phi-1 / 1.5 / 2 (PhiConfig, untied by default): a GPT-style block of one LayerNorm with
    // bias, parallel attention and a non-gated fc1 / fc2 MLP, biases on every linear layer.
    if (type == "phi") {
        f.plainMlp = f.oneNorm = f.normBias = f.qkvBias = f.linearBiases = true;
    }
    f.qkNorm = f.qkNorm || starts("apertus"); // vLLM apertus.py: q_norm / k_norm always
    if (starts("llama") || starts("mistral") || starts("qwen") || starts("deepseek") ||
        starts("glm") || starts("minimax") || starts("mixtral") || starts("mimo") || f.plainMlp) {
        f.knownTying = true; // these config classes default to untied
    }
    return f;
}

bool nonGatedFamily(const std::string &type) {
    static const std::set<std::string> names = {"gpt2",       "gpt_bigcode", "gpt_neox", "gptj",
                                                "opt",        "bloom",       "falcon",   "mpt",
                                                "starcoder2", "codegen"};
    return names.count(type) > 0;
}

bool nonGatedActivation(const std::string &hiddenAct) {
    return hiddenAct == "relu2" || hiddenAct == "xielu";
}

std::vector<LayerKind> layerKinds(const ConfigReader &c, const Family &fam, u64 L) {
    std::vector<LayerKind> kinds(L, LayerKind::Full);
    // Recurrent block lists of families without an architecture file: Mamba hybrids,
    // RecurrentGemma's RG-LRU blocks, Phi-4-mini-flash's SambaY layers, and Kimi Linear's KDA
    // layout when it reaches this reader under another model_type.
    for (const char *k : {"hybrid_override_pattern", "layers_block_type", "block_types",
                          "mb_per_layer", "linear_attn_config"}) {
        if (c.has(k)) {
            fail(c.field(k), "recurrent / hybrid layer layouts are read only by the "
                             "architecture files HostPlan has for those families (by their "
                             "model_type); the generic importer cannot size them");
        }
    }
    const std::vector<std::string> types = perLayerStrings(c, "layer_types", L);
    if (!types.empty()) {
        for (u64 i = 0; i < L; ++i) {
            const std::string &t = types[i];
            // deepseek_sparse_attention (GLM-5.2): MLA with the DSA indexer, no window (HF
            // GlmMoeDsa picks only its cache class by it; vLLM and SGLang do not read it).
            if (t == "deepseek_sparse_attention") {
                for (const char *k : {"kv_lora_rank", "index_n_heads"}) {
                    if (!c.has(k)) {
                        fail(c.field("layer_types[" + std::to_string(i) + "]"),
                             "deepseek_sparse_attention is MLA with the sparse-attention "
                             "indexer; the config has no " +
                                 std::string(k));
                    }
                }
                kinds[i] = LayerKind::Full;
            } else if (t == "full_attention" || t == "attention") {
                kinds[i] = LayerKind::Full;
            } else if (t == "sliding_attention") {
                kinds[i] = LayerKind::Sliding;
            } else if (t == "chunked_attention") {
                kinds[i] = LayerKind::Chunked;
            } else if (t == "linear_attention") {
                kinds[i] = LayerKind::Linear;
            } else if (t == "conv") {
                kinds[i] = LayerKind::Conv;
            } else {
                fail(c.field("layer_types[" + std::to_string(i) + "]"),
                     "unknown layer type '" + t + "'; its size cannot be read");
            }
        }
        return kinds;
    }
    if (c.has("attn_type_list")) {
        // MiniMax-Text-01 / MiniMax-M1: 1 a softmax-attention layer, 0 a lightning (linear)
        // attention layer (vLLM minimax_text_01.py @ 98370df7 MiniMaxText01DecoderLayer).
        const std::vector<u64> list = c.countList("attn_type_list", 1, 0);
        if (list.size() != L) {
            fail(c.field("attn_type_list"), "has " + std::to_string(list.size()) + " entries for " +
                                                std::to_string(L) + " layers");
        }
        for (u64 i = 0; i < L; ++i) {
            kinds[i] = list[i] == 1 ? LayerKind::Full : LayerKind::Linear;
        }
        return kinds;
    }
    if (c.has("full_attn_idxs")) {
        // LFM2's first configs: the attention layers' indices, short convolutions elsewhere.
        std::fill(kinds.begin(), kinds.end(), LayerKind::Conv);
        for (u64 i : c.countList("full_attn_idxs", L - 1, 0)) {
            kinds[i] = LayerKind::Full;
        }
        return kinds;
    }
    if (c.has("full_attention_interval") && c.has("linear_num_value_heads")) {
        const u64 interval = c.count("full_attention_interval", kMaxLayers);
        for (u64 i = 0; i < L; ++i) {
            kinds[i] = (i + 1) % interval != 0 ? LayerKind::Linear : LayerKind::Full;
        }
        return kinds;
    }
    if (c.has("attention_chunk_size")) {
        // Llama 4: no_rope_layers[i] == 0 marks the global (NoPE) layers, by default every
        // fourth; the others attend within chunks of attention_chunk_size tokens.
        std::vector<u64> noRope = c.countList("no_rope_layers", 1, 0);
        for (u64 i = 0; i < L; ++i) {
            const bool global = noRope.size() == L ? noRope[i] == 0 : (i + 1) % 4 == 0;
            kinds[i] = global ? LayerKind::Full : LayerKind::Chunked;
        }
        return kinds;
    }
    if (c.has("sliding_window") && c.flag("use_sliding_window", true) &&
        c.get("sliding_window_pattern") && c.get("sliding_window_pattern")->is_string()) {
        // EXAONE 4's string form (transformers Exaone4Config): "L" local, "G" global from layer
        // 0, repeated; the final layer is global whatever the pattern says.
        const std::string pattern = c.str("sliding_window_pattern");
        if (pattern.empty() || pattern.size() > kMaxLayers ||
            pattern.find_first_not_of("LG") != std::string::npos) {
            fail(c.field("sliding_window_pattern"),
                 "must be a number or a string of L (local) and G (global), got '" +
                     cutText(pattern, 40) + "'");
        }
        for (u64 i = 0; i < L; ++i) {
            const bool global = pattern[i % pattern.size()] == 'G' || i + 1 == L;
            kinds[i] = global ? LayerKind::Full : LayerKind::Sliding;
        }
    } else if (c.has("sliding_window") && c.flag("use_sliding_window", true)) {
        const u64 pattern =
            c.countOr("sliding_window_pattern", fam.slidingAlternate ? 2 : 0, kMaxLayers, 1);
        const u64 maxWindowLayers = c.countOr("max_window_layers", 0, kMaxLayers, 0);
        for (u64 i = 0; i < L; ++i) {
            const bool sliding = pattern > 0 ? (i + 1) % pattern != 0 : i >= maxWindowLayers;
            kinds[i] = sliding ? LayerKind::Sliding : LayerKind::Full;
        }
    }
    return kinds;
}

std::vector<AttnShape> layerAttnShapes(const ConfigReader &c, const AttnShape &base,
                                       const std::vector<LayerKind> &kinds) {
    const u64 L = kinds.size();
    std::vector<AttnShape> shapes(L, base);
    const std::vector<u64> heads = c.countList("num_attention_heads_per_layer", kMaxHeads, 1);
    if (!heads.empty() && heads.size() != L) {
        fail(c.field("num_attention_heads_per_layer"), "has " + std::to_string(heads.size()) +
                                                           " entries for " + std::to_string(L) +
                                                           " layers");
    }
    AttnShape global = base;
    global.hd = c.countOr("global_head_dim", base.hd, kMaxHeadDim);
    if (c.flag("attention_k_eq_v", false)) {
        global.kv = c.countOr("num_global_key_value_heads", base.kv, kMaxHeads);
        global.kEqV = true;
    }
    for (u64 i = 0; i < L; ++i) {
        if (kinds[i] == LayerKind::Full) {
            shapes[i] = global;
        }
        if (!heads.empty()) {
            shapes[i].heads = heads[i];
        }
        if (shapes[i].heads % shapes[i].kv != 0) {
            fail(c.field(heads.empty()
                             ? "num_global_key_value_heads"
                             : "num_attention_heads_per_layer[" + std::to_string(i) + "]"),
                 std::to_string(shapes[i].kv) + " KV heads do not divide layer " +
                     std::to_string(i) + "'s " + std::to_string(shapes[i].heads) +
                     " attention heads");
        }
    }
    return shapes;
}

u64 addShortConv(const ConfigReader &c, ModelBuilder &b, u64 n) {
    const u64 H = b.dimensions().hidden;
    const u64 kernel = c.count("conv_L_cache", 1024);
    const bool bias = c.flag("conv_bias", false);
    const std::string at = b.layerModule(0) + "conv.";
    const std::string f = c.field("hidden_size");
    b.attention(at + "in_proj", checkedMul(3, H, f), H, n);
    b.attention(at + "out_proj", H, H, n);
    b.tensor("attention", GroupRole::Attention, Placement::Sharded, at + "conv", H, kernel, n, n);
    if (bias) {
        b.attentionBias(at + "in_proj.bias", checkedMul(3, H, f), n);
        b.attentionBias(at + "out_proj.bias", H, n);
        b.attentionBias(at + "conv.bias", H, n);
    }
    return kernel;
}

u64 lfm2FfWidth(const ConfigReader &c, u64 inter) {
    inter = 2 * inter / 3;
    const nlohmann::json *mult = c.get("block_ffn_dim_multiplier");
    if (mult && !mult->is_null()) {
        if (!mult->is_number() || !(mult->get<double>() > 0.0 && mult->get<double>() <= 64.0)) {
            fail(c.field("block_ffn_dim_multiplier"), "must be a number above 0 and at most 64");
        }
        const u64 multipleOf = c.countOr("block_multiple_of", 1, kMaxIntermediate);
        inter = u64(mult->get<double>() * double(inter));
        inter =
            checkedMul(ceilDivExact(inter, multipleOf), multipleOf, c.field("block_multiple_of"));
    }
    if (inter == 0) {
        fail(c.field("intermediate_size"), "leaves an MLP of width 0");
    }
    return inter;
}

std::vector<bool> kvSharedLayers(const ConfigReader &c, const std::vector<LayerKind> &kinds) {
    const u64 L = kinds.size();
    std::vector<bool> shared(L, false);
    const u64 n = c.countOr("num_kv_shared_layers", 0, kMaxLayers, 0);
    if (n == 0) {
        return shared;
    }
    if (n >= L) {
        fail(c.field("num_kv_shared_layers"),
             std::to_string(n) + " of " + std::to_string(L) +
                 " layers leaves no layer to own the cache they would share");
    }
    const u64 first = L - n;
    for (u64 i = first; i < L; ++i) {
        const bool softmax = kinds[i] == LayerKind::Full || kinds[i] == LayerKind::Sliding ||
                             kinds[i] == LayerKind::Chunked;
        const bool owner = std::find(kinds.begin(), kinds.begin() + std::ptrdiff_t(first),
                                     kinds[i]) != kinds.begin() + std::ptrdiff_t(first);
        if (!softmax || !owner) {
            fail(c.field("num_kv_shared_layers"),
                 "layer " + std::to_string(i) +
                     (softmax ? " has no earlier layer of its kind whose cache it could read"
                              : " is not softmax attention, so it has no KV cache to share"));
        }
        shared[i] = true;
    }
    return shared;
}

void addPerLayerEmbeddings(const ConfigReader &c, ModelBuilder &b) {
    const u64 P = c.countOr("hidden_size_per_layer_input", 0, kMaxHidden, 0);
    if (P == 0) {
        return;
    }
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    const u64 vocab = c.countOr("vocab_size_per_layer_input", d.vocab, kMaxVocab, 1);
    const u64 width = checkedMul(L, P, c.field("hidden_size_per_layer_input"));
    const std::string inner = innerModelPrefix(b);
    b.tensor(kPerLayerEmbeddingGroup, GroupRole::Embedding, Placement::Sharded,
             inner + "embed_tokens_per_layer", vocab, width, 1, 0);
    b.linear("per-layer inputs", GroupRole::Other, Placement::Sharded,
             inner + "per_layer_model_projection", width, H, 1, 1);
    b.small(inner + "per_layer_projection_norm", P, 1);
    const std::string l0 = b.layerModule(0);
    b.linear("per-layer inputs", GroupRole::Other, Placement::Replicated,
             l0 + "per_layer_input_gate", P, H, L, L);
    b.linear("per-layer inputs", GroupRole::Other, Placement::Replicated,
             l0 + "per_layer_projection", H, P, L, L);
    b.small(l0 + "post_per_layer_input_norm", H, L);
}

std::vector<bool> moeLayerMask(const ConfigReader &c, u64 L) {
    std::vector<bool> moe(L, true);
    if (c.has("moe_layers")) {
        std::fill(moe.begin(), moe.end(), false);
        for (u64 i : c.countList("moe_layers", L - 1, 0)) {
            moe[i] = true;
        }
        return moe;
    }
    // EXAONE-MoE: is_moe_layer, a flag (true / false or 1 / 0) per layer (transformers
    // ExaoneMoEDecoderLayer: the sparse block where it is set, the dense MLP elsewhere).
    if (const nlohmann::json *flags = c.get("is_moe_layer"); flags && !flags->is_null()) {
        if (!flags->is_array() || flags->size() != L) {
            fail(c.field("is_moe_layer"),
                 flags->is_array() ? "has " + std::to_string(flags->size()) + " entries for " +
                                         std::to_string(L) + " layers"
                                   : std::string("must be a list of one flag per layer"));
        }
        for (u64 i = 0; i < L; ++i) {
            const nlohmann::json &f = (*flags)[i];
            const bool isInt =
                f.is_number_integer() && (f.get<std::int64_t>() == 0 || f.get<std::int64_t>() == 1);
            if (!f.is_boolean() && !isInt) {
                fail(c.field("is_moe_layer[" + std::to_string(i) + "]"),
                     "must be true, false, 1 or 0");
            }
            moe[i] = f.is_boolean() ? f.get<bool>() : f.get<std::int64_t>() == 1;
        }
        return moe;
    }
    const std::vector<std::string> mlpTypes = c.strList("mlp_layer_types");
    if (!mlpTypes.empty()) {
        if (mlpTypes.size() != L) {
            fail(c.field("mlp_layer_types"), "has " + std::to_string(mlpTypes.size()) +
                                                 " entries for " + std::to_string(L) + " layers");
        }
        for (u64 i = 0; i < L; ++i) {
            if (mlpTypes[i] != "dense" && mlpTypes[i] != "sparse") {
                fail(c.field("mlp_layer_types[" + std::to_string(i) + "]"),
                     "unknown MLP type '" + mlpTypes[i] + "'");
            }
            moe[i] = mlpTypes[i] == "sparse";
        }
        return moe;
    }
    // LFM2-MoE names the leading dense layers num_dense_layers, K-EXAONE's first configs
    // first_last_k_dense_replace (llama.cpp convert_hf_to_gguf.py reads it as the leading
    // dense block count).
    const char *denseKey = c.has("first_k_dense_replace")        ? "first_k_dense_replace"
                           : c.has("first_last_k_dense_replace") ? "first_last_k_dense_replace"
                                                                 : "num_dense_layers";
    const u64 firstDense = c.countOr(denseKey, 0, kMaxLayers, 0);
    if (firstDense > L) {
        fail(c.field(denseKey),
             std::to_string(firstDense) + " dense layers of " + std::to_string(L));
    }
    // Every step-th layer (layer i when (i + 1) % step == 0) under each family's key: Qwen's
    // decoder_sparse_step, Llama 4's interleave_moe_layer_step, ERNIE 4.5's moe_layer_interval
    // (vLLM ernie45_moe.py @ 0028a751 Ernie4_5_MoeDecoderLayer), Arctic's moe_layer_frequency
    // (vLLM arctic.py ArcticDecoderLayer).
    std::vector<u64> steps;
    for (const char *k : {"decoder_sparse_step", "interleave_moe_layer_step", "moe_layer_interval",
                          "moe_layer_frequency"}) {
        steps.push_back(c.countOr(k, 1, kMaxLayers));
    }
    const std::vector<u64> mlpOnly = c.countList("mlp_only_layers", kMaxLayers, 0);
    std::vector<u64> freqList;
    u64 freq = 1;
    if (c.has("moe_layer_freq")) {
        if (c.get("moe_layer_freq")->is_array()) {
            freqList = c.countList("moe_layer_freq", 1, 0);
            if (freqList.size() != L) {
                fail(c.field("moe_layer_freq"), "has " + std::to_string(freqList.size()) +
                                                    " entries for " + std::to_string(L) +
                                                    " layers");
            }
        } else {
            freq = c.count("moe_layer_freq", kMaxLayers);
        }
    }
    // ERNIE 4.5: experts from moe_layer_start_index to moe_layer_end_index (-1: the last
    // layer).
    const u64 moeStart = c.countOr("moe_layer_start_index", 0, kMaxLayers, 0);
    u64 moeEnd = L - 1;
    if (const nlohmann::json *end = c.get("moe_layer_end_index");
        end && !(end->is_number_integer() && end->get<std::int64_t>() == -1)) {
        moeEnd = c.count("moe_layer_end_index", kMaxLayers, 0);
    }
    for (u64 i = 0; i < L; ++i) {
        bool m = i >= firstDense && i >= moeStart && i <= moeEnd &&
                 std::all_of(steps.begin(), steps.end(), [&](u64 s) { return (i + 1) % s == 0; });
        m = m && (freqList.empty() ? i % freq == 0 : freqList[i] == 1);
        m = m && std::find(mlpOnly.begin(), mlpOnly.end(), i) == mlpOnly.end();
        moe[i] = m;
    }
    return moe;
}

} // namespace hostplan::importer
