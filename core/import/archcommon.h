// SPDX-License-Identifier: MIT
// Helpers shared by the Hugging Face architecture files (arch_*.cpp): the config fields and
// tensors most decoder-only transformers have in common. Each reads its fields in a fixed
// order, so the first bad field is the one an error names. All throw ImportFailure naming the
// field (import/configreader.h).
//
// Tensor names follow the transformers modeling files (model.embed_tokens, lm_head,
// model.layers.N.self_attn.q_proj, ...); the builder's module prefix goes in front.
#pragma once

#include "import/configreader.h"
#include "import/modelbuilder.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::importer {

/// The first of `keys` that `c` holds, or nullptr.
const char *firstKey(const ConfigReader &c, std::initializer_list<const char *> keys);

/// Reads hidden_size, num_hidden_layers, num_attention_heads, vocab_size and
/// max_position_embeddings (else model_max_length, else 0 = unknown) into the builder.
void readCommon(const ConfigReader &c, ModelBuilder &b);

/// The prefix of the text model's own modules (embed_tokens, norm): the builder's module prefix
/// when it is transformers' multimodal "model.language_model.", else that prefix + "model.".
std::string innerModelPrefix(const ModelBuilder &b);

/// Input embedding [vocab, hidden] (not active: a row gather), lm_head [vocab, hidden] (or one
/// tied tensor, active, with tie_word_embeddings) and the final norm.
void addEmbeddings(const ConfigReader &c, ModelBuilder &b);
/// addEmbeddings with the tying already decided.
void addEmbeddings(ModelBuilder &b, bool tied);

/// head_dim (Hunyuan: attention_head_dim), or hidden / heads when absent (must divide).
std::uint64_t headDimOf(const ConfigReader &c, std::uint64_t hidden, std::uint64_t heads);

/// num_key_value_heads (default: heads); must divide heads.
std::uint64_t kvHeadsOf(const ConfigReader &c, std::uint64_t heads);

/// A required integer in [lo, hi], or a list of them with one value per layer (Tencent
/// Hunyuan's moe_topk, moe_intermediate_size, num_shared_expert) that must all be equal;
/// differing values are an error naming the first that differs, and a list must have `layers`
/// entries (any non-zero count when `layers` is 0).
std::uint64_t uniformCount(const ConfigReader &c, std::string_view key, std::uint64_t hi,
                           std::uint64_t lo = 1, std::uint64_t layers = 0);

/// An integer in [lo, hi] that the model's transformers config class defaults when the config
/// omits it: the value of `key`, else `def` with a note naming the key, the value and
/// `configClass` (the serving engines load the config through that class, so they see the
/// same default).
std::uint64_t countWithClassDefault(const ConfigReader &c, ModelBuilder &b, std::string_view key,
                                    std::uint64_t def, std::uint64_t hi, std::uint64_t lo,
                                    std::string_view configClass);

/// A top-k field (uniformCount over `layers`) that must not exceed the expert count.
std::uint64_t topKOf(const ConfigReader &c, std::string_view key, std::uint64_t experts,
                     std::uint64_t layers = 0);

/// The list of strings at `key`, one per layer: empty when absent; an ImportFailure naming
/// the key when it has another number of entries than `layers`.
std::vector<std::string> perLayerStrings(const ConfigReader &c, std::string_view key,
                                         std::uint64_t layers);

/// layer_types (0-based, one per layer) if present: "full_attention", "sliding_attention",
/// "linear_attention". Empty when absent.
std::vector<std::string> layerTypes(const ConfigReader &c, std::uint64_t layers);

/// Softmax attention projections (transformers Llama / Qwen / Mistral / GptOss / Qwen3Next
/// attention): q [heads*hd*(outputGate ? 2 : 1), H], k/v [kv*hd, H], o [H, heads*hd], with
/// optional biases, per-head q/k norms [hd] and attention sinks [heads].
struct AttnShape {
    std::uint64_t heads = 0, kv = 0, hd = 0;
    bool qkvBias = false, oBias = false, qkNorm = false, outputGate = false, sinks = false;
    /// K doubles as V (Gemma 4's attention_k_eq_v full-attention layers): no v_proj; the KV
    /// cache still holds both.
    bool kEqV = false;
    bool operator==(const AttnShape &) const = default;
};
/// The head counts of a softmax-attention config: heads from the builder's dimensions, then
/// num_key_value_heads (kvHeadsOf) and head_dim (headDimOf), read in that order.
AttnShape readAttnShape(const ConfigReader &c, const ModelBuilder &b);
/// A config class's default for an absent num_key_value_heads (BambaConfig: 8); configClass
/// nullptr: the class has none, and an absent key means num_attention_heads (kvHeadsOf).
struct KvClassDefault {
    const char *configClass = nullptr;
    std::uint64_t kvHeads = 0;
};
/// num_key_value_heads for `heads` query heads (kvHeadsOf); absent: `kvDef`'s default, noted,
/// where the class has one (it must divide the heads); null: `heads`, as the classes read None.
std::uint64_t kvHeadsWithClassDefault(const ConfigReader &c, ModelBuilder &b, std::uint64_t heads,
                                      const KvClassDefault &kvDef);
/// The attention shape of models whose attention ignores any head_dim key (vLLM's Granite 4.0,
/// Bamba and Jamba attention: head dim = hidden_size / num_attention_heads, which must divide):
/// heads from the builder's dimensions, num_key_value_heads (kvHeadsOf; absent: `kvDef`'s
/// default, noted, where the class has one; null: num_attention_heads, as the config classes
/// read None), no biases.
AttnShape hiddenSplitAttnShape(const ConfigReader &c, ModelBuilder &b,
                               const KvClassDefault &kvDef = {});
/// Adds `n` layers of `a` under module prefix `mod` ("...self_attn.").
void addSoftmaxAttention(ModelBuilder &b, const std::string &mod, const AttnShape &a,
                         std::uint64_t n);

/// The MLA sizes of a DeepSeek-V3-style config (q_lora_rank 0 = no query down-projection).
struct MlaShape {
    std::uint64_t qLora = 0, kvLora = 0, nope = 0, rope = 0, vDim = 0;
};
/// Reads q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim.
MlaShape readMla(const ConfigReader &c);
/// MLA projections (modeling_deepseek DeepseekV3Attention) for `n` layers under `at`:
/// q_a_proj [qLora, H] (replicated) + q_a_layernorm + q_b_proj [heads*(nope+rope), qLora], or
/// q_proj [heads*(nope+rope), H]; kv_a_proj_with_mqa [kvLora+rope, H] (replicated) +
/// kv_a_layernorm; kv_b_proj [heads*(nope+vDim), kvLora]; g_proj [heads*vDim, H] with
/// `outputGate`; o_proj [H, heads*vDim].
void addMlaAttention(const ConfigReader &c, ModelBuilder &b, const std::string &at,
                     const MlaShape &m, std::uint64_t n, bool outputGate);

/// Which layers of a DeepSeek-V3-style config hold experts.
struct MoeLayout {
    std::uint64_t moeLayers = 0;  ///< layers with experts
    std::uint64_t firstDense = 0; ///< first_k_dense_replace: the first MoE layer when freq is 1
    std::uint64_t freq = 1;       ///< moe_layer_freq
    bool hasExperts = false;      ///< experts > 0
    /// Whether layer i holds experts.
    bool isMoe(std::uint64_t i) const { return hasExperts && i >= firstDense && i % freq == 0; }
};
/// Layer i holds experts when experts > 0, i >= first_k_dense_replace and
/// i % moe_layer_freq == 0 (DeepseekV3DecoderLayer, KimiDecoderLayer). Reads those two fields.
MoeLayout deepseekMoeLayers(const ConfigReader &c, std::uint64_t layers, std::uint64_t experts);

/// The layer indices i < layers for which pred(i) holds, ascending (ModelBuilder::
/// setPieceLayers).
template <typename Pred> std::vector<std::uint32_t> layersWhere(std::uint64_t layers, Pred pred) {
    std::vector<std::uint32_t> out;
    for (std::uint64_t i = 0; i < layers; ++i) {
        if (pred(i)) {
            out.push_back(std::uint32_t(i));
        }
    }
    return out;
}

/// MoE layers of a Qwen-MoE-style config: layer i holds experts when experts > 0, i is not in
/// mlp_only_layers and (i + 1) % decoder_sparse_step == 0. Reads those two fields.
std::uint64_t qwenMoeLayers(const ConfigReader &c, std::uint64_t layers, std::uint64_t experts);
/// Which of `layers` hold experts by qwenMoeLayers' rule (all false without experts).
std::vector<bool> qwenMoeMask(const ConfigReader &c, std::uint64_t layers, std::uint64_t experts);

/// The Gated DeltaNet sizes of a Qwen3-Next-style config (linear_* keys).
struct GdnShape {
    std::uint64_t nk = 0, dk = 0, nv = 0, dv = 0, kernel = 0, convDim = 0;
};
/// Reads linear_num_key_heads, linear_key_head_dim, linear_num_value_heads,
/// linear_value_head_dim, linear_conv_kernel_dim and adds `n` Gated DeltaNet layers under
/// "<layer 0>linear_attn." (transformers Qwen3NextGatedDeltaNet): in_proj_qkvz
/// [2*nk*dk + 2*nv*dv, H], in_proj_ba [2*nv, H], conv1d [2*nk*dk + nv*dv, kernel], dt_bias /
/// A_log [nv], norm [dv], out_proj [H, nv*dv]. Qwen3.5 checkpoints store in_proj_qkv /
/// in_proj_z and in_proj_b / in_proj_a apart; vLLM fuses them back into these two layers
/// (packed_modules_mapping), which its quantization rules then match (quantization.h).
GdnShape addGatedDeltaNet(const ConfigReader &c, ModelBuilder &b, std::uint64_t n);

/// The dense gated MLP (gate/up/down_proj, intermediate_size) of `denseLayers` layers under
/// "<layer 0>mlp."; reads intermediate_size only when denseLayers > 0. Returns it (0 if none).
std::uint64_t addDenseMlp(const ConfigReader &c, ModelBuilder &b, std::uint64_t denseLayers);

} // namespace hostplan::importer
