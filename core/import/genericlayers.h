// SPDX-License-Identifier: MIT
// The generic importer's per-layer readings (arch_generic.cpp): family facts the keys do not
// say, each layer's attention kind and shape, LFM2's short convolution and MLP width, and
// which layers hold experts. All throw ImportFailure naming the field (import/configreader.h).
#pragma once

#include "import/archcommon.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hostplan::importer {

/// Family facts the config keys do not say (transformers config-class defaults).
struct Family {
    bool tiedDefault = false;      ///< tie_word_embeddings when the key is absent
    bool knownTying = false;       ///< the default above is the family's, not a guess
    bool qkNorm = false;           ///< per-head q_norm / k_norm [head_dim]
    bool qkvBias = false;          ///< q/k/v biases without attention_bias (Qwen2)
    bool sandwichNorms = false;    ///< pre/post feed-forward norms too (4 norms per layer)
    bool sharedExpert = false;     ///< one always-on shared expert of the expert width (Llama 4)
    bool slidingAlternate = false; ///< even layers slide (Gemma 2)
    /// Experts under block_sparse_moe with w1 / w3 / w2 (Mixtral's names, MiniMax's too):
    /// quantization rules match these names ("gate" must not hit the experts).
    bool mixtralNames = false;
    /// intermediate_size counts both gated branches, each half as wide (QWen v1's
    /// QWenMLP: w1 / w2 [intermediate_size / 2, H], c_proj [H, intermediate_size / 2]).
    bool halfIntermediate = false;
    /// A non-gated MLP: up_proj [I, H] and down_proj [H, I] only, squared ReLU or xIELU between
    /// (transformers modeling_nemotron.py NemotronMLP, Arcee's ArceeMLP(NemotronMLP), vLLM
    /// apertus.py @ 055e47c2 ApertusMLP).
    bool plainMlp = false;
    /// A sigmoid output gate [heads x head_dim, H] beside the attention output (afmoe's
    /// AfmoeAttention gate_proj, transformers modular_afmoe.py), without attn_output_gate.
    bool outputGate = false;
    /// The linear-attention layers are MiniMax's lightning attention (linearLightning), not
    /// Gated DeltaNet.
    bool lightning = false;
    /// A per-expert routing bias [E] in every MoE layer without a config flag (afmoe's
    /// AfmoeMoE expert_bias, transformers modular_afmoe.py).
    bool expertBias = false;
    /// One norm per layer: attention and MLP read the same normed input in parallel (Cohere's
    /// CohereDecoderLayer: input_layernorm only; transformers modeling_cohere.py).
    bool oneNorm = false;
    /// Each norm is a LayerNorm with a bias beside its weight (Nemotron's NemotronLayerNorm1P,
    /// an nn.LayerNorm with bias: transformers modeling_nemotron.py).
    bool normBias = false;
    /// Every linear layer has a bias, the LM head too, and the MLP is fc1 / fc2 (Phi-1 / 1.5 / 2:
    /// vLLM phi.py PhiAttention qkv_proj and dense with bias, PhiMLP fc1 / fc2 with bias,
    /// lm_head with bias; one LayerNorm per layer, attention and MLP in parallel).
    bool linearBiases = false;
};

/// The family facts of model_type `type` (a "_text" suffix already removed).
Family familyOf(const std::string &type);

/// Families whose MLP is not gated and named fc1 / fc2 (GPT-2-style blocks): refused, the
/// generic reading would be wrong. Llama-style non-gated MLPs are Family::plainMlp, and Phi's
/// (Family::linearBiases) are read.
bool nonGatedFamily(const std::string &type);

/// Whether `hidden_act` names an activation transformers uses only in non-gated MLPs: "relu2"
/// (squared ReLU: Nemotron, Arcee, Nemotron-H) and "xielu" (Apertus).
bool nonGatedActivation(const std::string &hiddenAct);

/// The attention kind of each layer; Conv is LFM2's gated short convolution in its place.
enum class LayerKind { Full, Sliding, Chunked, Linear, Conv };

/// The kind of each of the `L` layers: layer_types (full_attention / attention,
/// sliding_attention, chunked_attention, linear_attention, conv), else MiniMax-Text-01's
/// attn_type_list (0 linear, 1 softmax), else LFM2's full_attn_idxs,
/// else Qwen3-Next's full_attention_interval, else Llama 4's attention_chunk_size with
/// no_rope_layers, else sliding_window with sliding_window_pattern / max_window_layers.
/// Recurrent block lists (hybrid_override_pattern, layers_block_type, block_types,
/// mb_per_layer) and unknown layer types are refused.
std::vector<LayerKind> layerKinds(const ConfigReader &c, const Family &fam, std::uint64_t L);

/// Each layer's softmax-attention shape: `base` (readAttnShape), with per-layer query heads from
/// num_attention_heads_per_layer (poolside Laguna: 48 on full, 64 / 72 on sliding layers), and
/// on full-attention layers Gemma 4's global_head_dim and, with attention_k_eq_v,
/// num_global_key_value_heads KV heads whose K doubles as V (vLLM gemma4.py @ eee7972f
/// Gemma4DecoderLayer: use_k_eq_v only on full attention; no v_proj). Each layer's KV heads must
/// divide its query heads.
std::vector<AttnShape> layerAttnShapes(const ConfigReader &c, const AttnShape &base,
                                       const std::vector<LayerKind> &kinds);

/// LFM2's gated short convolution in place of attention on `n` layers (transformers
/// modeling_lfm2.py Lfm2ShortConv): in_proj [3H, H] and out_proj [H, H] (biases with
/// conv_bias), a depthwise conv [H, conv_L_cache] (+ bias). Returns conv_L_cache, the kernel
/// whose last L_cache - 1 inputs each sequence caches (vLLM ShortConv's conv state).
std::uint64_t addShortConv(const ConfigReader &c, ModelBuilder &b, std::uint64_t n);

/// LFM2's MLP width from intermediate_size `inter` with block_auto_adjust_ff_dim (vLLM
/// lfm2.py Lfm2MLP, transformers Lfm2MLP): two thirds of it, then, with
/// block_ffn_dim_multiplier, that many times it rounded up to block_multiple_of.
std::uint64_t lfm2FfWidth(const ConfigReader &c, std::uint64_t inter);

/// Which layers read an earlier layer's KV cache instead of their own (LayerGroup::kvShared):
/// with num_kv_shared_layers n > 0 (Gemma 3n, Gemma 4 E-series), the last n of the layers, each
/// reading the last layer before them of its own kind (vLLM gemma4.py @ 001cabc1
/// Gemma4Attention: first shared layer = num_hidden_layers - n, target = the last earlier
/// layer of the same layer_types entry). All false when the key is absent or 0. Refused,
/// naming the key: n >= the layer count (no layer would own a cache; vLLM finds no target),
/// or a shared layer with no earlier owning layer of its kind, or one that is not softmax
/// attention.
std::vector<bool> kvSharedLayers(const ConfigReader &c, const std::vector<LayerKind> &kinds);

/// Gemma 3n / Gemma 4 per-layer embeddings (PLE), when hidden_size_per_layer_input P > 0 (vLLM
/// gemma4.py @ 001cabc1 Gemma4Model, Gemma4DecoderLayer; transformers Gemma3nTextModel): the
/// table embed_tokens_per_layer [vocab_size_per_layer_input (else vocab_size), L x P], a row
/// gather kept as an Embedding group of its own (kPerLayerEmbeddingGroup; llama.cpp keeps it
/// on the CPU beside token_embd as an input tensor), per_layer_model_projection [L x P, H] and
/// per_layer_projection_norm [P]; in each of the L layers per_layer_input_gate [P, H],
/// per_layer_projection [H, P] and post_per_layer_input_norm [H]. Nothing when P is 0 or absent.
void addPerLayerEmbeddings(const ConfigReader &c, ModelBuilder &b);

/// Which of the `L` layers hold routed experts: moe_layers, mlp_layer_types, else
/// first_k_dense_replace (LFM2-MoE: num_dense_layers), decoder_sparse_step,
/// interleave_moe_layer_step, moe_layer_freq (an integer or a 0/1 list), mlp_only_layers,
/// ERNIE 4.5's moe_layer_start_index / moe_layer_end_index (-1: the last) / moe_layer_interval
/// and Arctic's moe_layer_frequency.
std::vector<bool> moeLayerMask(const ConfigReader &c, std::uint64_t L);

} // namespace hostplan::importer
