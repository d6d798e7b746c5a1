// SPDX-License-Identifier: MIT
// Which config keys the generic importer (arch_generic.cpp) reads, notes or refuses, and the
// config-class defaults it fills in (generickeys.h).
#include "import/generickeys.h"

#include "util/textutil.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// Keys the generic reading understands, or knows not to change the stored size.
const std::set<std::string> &understoodKeys() {
    static const std::set<std::string> keys = {
        "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
        "head_dim", "vocab_size", "max_position_embeddings", "model_max_length",
        "intermediate_size", "intermediate_size_mlp", "moe_intermediate_size",
        "shared_expert_intermediate_size", "shared_intermediate_size", "n_shared_experts",
        "num_shared_experts", "num_experts", "num_local_experts", "n_routed_experts",
        "num_experts_per_tok", "num_experts_per_token", "moe_topk", "top_k_experts",
        // ERNIE 4.5's MoE keys (genericlayers.h moeLayerMask):
        "moe_num_experts", "moe_k", "moe_num_shared_experts", "moe_layer_start_index",
        "moe_layer_end_index", "moe_layer_interval", "moe_use_aux_free", "first_k_dense_replace",
        "moe_layer_freq", "decoder_sparse_step", "interleave_moe_layer_step", "mlp_only_layers",
        "moe_layers", "mlp_layer_types", "layer_types", "sliding_window", "sliding_window_pattern",
        "use_sliding_window", "max_window_layers", "attention_chunk_size", "no_rope_layers",
        "kv_lora_rank", "q_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "qk_head_dim",
        "v_head_dim", "index_n_heads", "index_head_dim", "index_topk", "linear_num_key_heads",
        "linear_key_head_dim", "linear_num_value_heads", "linear_value_head_dim",
        "linear_conv_kernel_dim", "full_attention_interval", "num_nextn_predict_layers",
        "mtp_num_hidden_layers", "num_mtp_modules", "mtp_transformer_layers",
        // Do not change the stored tensors:
        "rope_dim", "rotary_dim", "partial_rotary_factor", "num_groups", "n_group", "topk_group",
        "routed_scaling_factor", "max_window_size", "rope_scaling", "num_key_value_groups",
        "pretraining_tp", "ep_size", "moe_router_topk", "attention_dropout", "hidden_dropout",
        "num_labels", "query_pre_attn_scalar", "pad_token_id", "bos_token_id", "eos_token_id",
        "initializer_range", "rms_norm_eps", "layer_norm_eps", "output_router_logits",
        "router_aux_loss_coef", "index_topk_freq",
        // Gemma 2's duplicate of sliding_window; QWen v1's head_dim; read: padded_vocab_size.
        "sliding_window_size", "kv_channels", "padded_vocab_size",
        // Per-layer attention shapes (layerAttnShapes) and Gemma 4's parallel MoE block:
        "num_attention_heads_per_layer", "global_head_dim", "num_global_key_value_heads",
        "attention_k_eq_v", "enable_moe_block", "dense_intermediate_size", "num_shared_expert",
        "use_mixed_mlp_moe", "attention_head_dim", "use_cla",
        // LFM2: short convolutions, leading dense layers, the MLP width rule (lfm2FfWidth).
        "conv_L_cache", "full_attn_idxs", "num_dense_layers", "block_auto_adjust_ff_dim",
        "block_ffn_dim_multiplier", "block_multiple_of", "block_ff_dim", "block_dim",
        "tie_embedding", "use_embedding_sharing",
        // MiniMax-Text-01's layer list, Arctic's MoE frequency and residual MLP.
        "attn_type_list", "moe_layer_frequency", "use_residual",
        // EXAONE-MoE's per-layer MoE flags and the first configs' leading dense count.
        "is_moe_layer", "first_last_k_dense_replace",
        // Gemma 4's other spellings of the MoE block switch and the experts' width.
        "use_second_mlp_block", "expert_intermediate_size",
        // Step 3.5 / 3.7's shared MLP width (read with n_shared_experts).
        "share_expert_dim",
        // Gemma 3n / Gemma 4 KV-shared layers and per-layer embeddings (genericlayers.h).
        "num_kv_shared_layers", "use_double_wide_mlp", "hidden_size_per_layer_input",
        "vocab_size_per_layer_input",
        // transformers' generation defaults (PretrainedConfig), no tensor's shape:
        "num_beams", "num_beam_groups", "num_return_sequences", "no_repeat_ngram_size",
        "encoder_no_repeat_ngram_size", "chunk_size_feed_forward", "max_length", "min_length"};
    return keys;
}

/// Whether an unread key's name suggests it changes tensor shapes.
bool sizeLikeName(const std::string &k) {
    for (const char *w : {"size", "dim", "num_", "heads", "layers", "experts", "rank", "_k_eq_",
                          "gating", "double_wide", "per_layer"}) {
        if (k.find(w) != std::string::npos) {
            return true;
        }
    }
    return false;
}

/// A value that could change a size: a non-zero number, true, a non-empty string or list.
bool meaningful(const nlohmann::json &v) {
    if (v.is_boolean()) {
        return v.get<bool>();
    }
    if (v.is_number()) {
        return v.get<double>() != 0.0;
    }
    if (v.is_string() || v.is_array() || v.is_object()) {
        return !v.empty();
    }
    return false;
}

/// A config class's defaults for keys its released configs omit.
struct ClassDefaults {
    const char *type;        ///< model_type, "_text" removed
    const char *configClass; ///< named in the note
    std::vector<std::pair<const char *, std::uint64_t>> keys;
    /// Keys that, given (not null), already say what the defaults would: none is added then.
    std::vector<const char *> givenBy = {};
};

/// Gemma 3's multimodal configs leave most of text_config to Gemma3TextConfig (transformers
/// configuration_gemma3.py @ 008f5c8c: google/gemma-3-4b-it's text_config names only hidden
/// and intermediate sizes, layers and the window).
const std::vector<ClassDefaults> &classDefaults() {
    static const std::vector<ClassDefaults> table = {
        {"gemma3",
         "Gemma3TextConfig",
         {{"vocab_size", 262208},
          {"hidden_size", 2304},
          {"intermediate_size", 9216},
          {"num_attention_heads", 8},
          {"num_key_value_heads", 4},
          {"head_dim", 256},
          {"max_position_embeddings", 131072},
          {"sliding_window", 4096},
          {"sliding_window_pattern", 6}}},
        // Cohere2Config @ 008f5c8c: a global layer every fourth.
        {"cohere2", "Cohere2Config", {{"sliding_window_pattern", 4}}},
        // ExaoneMoEConfig: is_moe_layer defaults to [0] + [1] x (layers - 1), a dense layer 0
        // (transformers modular_exaone_moe.py); read as one leading dense layer when the config
        // names neither that list nor the first configs' leading dense count (moeLayerMask).
        {"exaone_moe",
         "ExaoneMoEConfig",
         {{"first_k_dense_replace", 1}},
         {"is_moe_layer", "first_last_k_dense_replace"}},
    };
    return table;
}

/// A key a config class's constructor reads in place of its own (the released configs' original
/// spelling), as transformers reads it: given, it wins over the class's key.
struct ClassAlias {
    const char *type;        ///< model_type, "_text" removed
    const char *configClass; ///< named in the note
    const char *from;        ///< the original spelling
    const char *to;          ///< the class's key
};

/// Lfm2Config (transformers configuration_lfm2.py, its "to fit original config keys" lines):
/// LiquidAI's released LFM2-350M / 700M / 1.2B configs give the MLP width only as block_ff_dim
/// and tying as tie_embedding.
const std::vector<ClassAlias> &classAliases() {
    static const std::vector<ClassAlias> table = {
        {"lfm2", "Lfm2Config", "block_ff_dim", "intermediate_size"},
        {"lfm2", "Lfm2Config", "tie_embedding", "tie_word_embeddings"},
    };
    return table;
}

} // namespace

/// Notes "estimated: ..." for every size-like key of `c` the generic reading does not read.
void noteUnreadKeys(const ConfigReader &c, ModelBuilder &b) {
    for (auto it = c.raw().begin(); it != c.raw().end(); ++it) {
        const std::string &k = it.key();
        if (understoodKeys().count(k) || !sizeLikeName(k) || !meaningful(it.value()) ||
            k.find("token") != std::string::npos || k.find("dropout") != std::string::npos) {
            continue;
        }
        b.note("estimated: " + c.field(k) +
               " is not read by the generic importer and may change the model's size");
    }
}

/// Refuses, naming the key, an unread key that says the reading missed what sizes the model:
/// an expert count above 1 when no experts were read (sizing a MoE as dense), or a KV-head or
/// attention-group count that differs from the `kvHeads` KV heads read (0: not checked;
/// Step3's num_attention_groups). Either would make every memory figure confidently wrong.
void refuseUnreadShapeKeys(const ConfigReader &c, bool expertsRead, u64 kvHeads) {
    const auto contains = [](const std::string &k, std::initializer_list<const char *> parts) {
        return std::any_of(parts.begin(), parts.end(),
                           [&](const char *p) { return k.find(p) != std::string::npos; });
    };
    for (auto it = c.raw().begin(); it != c.raw().end(); ++it) {
        const std::string &k = it.key();
        const nlohmann::json &v = it.value();
        // A count however it is spelled: a number (64, 64.0) or a string of digits ("64").
        double value = 0;
        if (v.is_number()) {
            value = v.get<double>();
        } else if (v.is_string()) {
            const std::string &text = v.get_ref<const std::string &>();
            if (!text.empty() && text.size() < 20 &&
                std::all_of(text.begin(), text.end(),
                            [](char ch) { return ch >= '0' && ch <= '9'; })) {
                value = std::stod(text);
            }
        }
        if (understoodKeys().count(k) || !(value >= 1)) {
            continue;
        }
        const std::string shown = quotedInput(v.dump(), 30);
        const bool expertCount =
            (k.find("expert") != std::string::npos || k == "n_exp" || k.ends_with("_n_exp")) &&
            !contains(k, {"per_tok", "shared",   "top",         "capacity", "group", "interval",
                          "used",    "active",   "select",      "size",     "dim",   "ratio",
                          "factor",  "coef",     "loss",        "aux",      "bias",  "jitter",
                          "dropout", "parallel", "intermediate"});
        if (expertCount && value >= 2 && !expertsRead) {
            fail(c.field(k), shown + " experts, but the generic importer reads no experts from "
                                     "this config; it would size a mixture of experts as a "
                                     "dense model");
        }
        if (k.find("mamba") != std::string::npos || k.rfind("ssm_", 0) == 0) {
            fail(c.field(k), "describes Mamba / state-space layers, which the generic importer "
                             "does not read; sizing them as attention would be wrong");
        }
        // KV heads under another name: num_kv_heads, Step3's num_attention_groups, ChatGLM's
        // multi_query_group_num.
        const bool kvCount = contains(k, {"kv_heads", "attention_groups", "query_group"});
        if (kvCount && kvHeads > 0 && value != double(kvHeads)) {
            fail(c.field(k), shown + " differs from the " + std::to_string(kvHeads) +
                                 " KV heads read (num_key_value_heads, else num_attention_heads); "
                                 "the generic importer cannot tell which one the KV cache "
                                 "follows");
        }
    }
}

/// Refuses, naming the key, an unread key that holds one object per layer (Nemotron-NAS
/// block_configs): heterogeneous layers whose shapes the generic reading cannot know.
void refusePerLayerObjects(const ConfigReader &c, u64 layers) {
    for (auto it = c.raw().begin(); it != c.raw().end(); ++it) {
        const nlohmann::json &v = it.value();
        if (understoodKeys().count(it.key()) || !v.is_array() || v.size() != layers) {
            continue;
        }
        if (std::all_of(v.begin(), v.end(),
                        [](const nlohmann::json &e) { return e.is_object(); })) {
            fail(c.field(it.key()), "holds one configuration object per layer (heterogeneous "
                                    "layers); the generic importer cannot size them");
        }
    }
}

/// `c`'s object with the class defaults of `type` added for the keys it lacks (absent, not
/// null), each noted; a copy of `c` for a family without such defaults.
nlohmann::json withClassDefaults(const ConfigReader &c, const std::string &type, ModelBuilder &b) {
    nlohmann::json out = c.raw();
    for (const ClassAlias &a : classAliases()) {
        if (type == a.type && c.has(a.from) && (!out.contains(a.to) || out[a.to] != out[a.from])) {
            b.note(c.field(a.from) + " is read as " + a.to + ", as " + a.configClass + " reads it");
            out[a.to] = out[a.from];
        }
    }
    for (const ClassDefaults &d : classDefaults()) {
        if (type != d.type || std::any_of(d.givenBy.begin(), d.givenBy.end(),
                                          [&](const char *k) { return c.has(k); })) {
            continue;
        }
        for (const auto &[key, value] : d.keys) {
            if (!out.contains(key)) {
                out[key] = value;
                b.note(c.field(key) + " is absent: taken as " + std::to_string(value) + ", " +
                       d.configClass + "'s default");
            }
        }
    }
    return out;
}

} // namespace hostplan::importer
