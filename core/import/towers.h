// SPDX-License-Identifier: MIT
// Multimodal towers of a wrapper config (vision_config, audio_config), sized as the generic
// encoders they follow; each says "estimated" in a note, since real towers differ in details.
#pragma once

#include "import/configreader.h"
#include "import/modelbuilder.h"

#include <optional>
#include <string>
#include <string_view>

namespace hostplan::importer {

/// Merged tokens of the largest image the published Qwen-VL checkpoints' image processors
/// take: Qwen2-VL's and Qwen2.5-VL's preprocessor_config.json max_pixels 12,845,056 =
/// 16,384 x 28^2 (patch 14, merge 2); Qwen3-VL's and Qwen3.5's size.longest_edge 16,777,216 =
/// 16,384 x 32^2 (patch 16, merge 2). vLLM logs "Encoder cache will be initialized with a
/// budget of 16384 tokens" for them (vllm-project/vllm#38459, Qwen3-VL). Used where
/// the checkpoint's own file is not at hand.
inline constexpr std::uint64_t kQwenVlDefaultImageTokens = 16384;

/// Reads the largest image of a checkpoint's preprocessor_config.json `text` into
/// spec.visionEncoder.maxImagePixels: max_pixels where given (transformers Qwen2VLImageProcessor
/// lets it override size), else size.longest_edge (a pixel count for the Qwen-VL processors).
/// Does nothing for a model without a patch-and-merge tower, or a file with neither key.
/// Errors: malformed JSON, a non-object, a size that is not an object, or a value that is not
/// a whole number of pixels in [1, 2^40], naming `source` and the key ("p.json: max_pixels");
/// the spec is then unchanged. nullopt on success; a file with neither key says so in
/// maxImagePixelsSource and keeps the default.
/// Whether a config.json `configText` describes a patch-and-merge vision tower
/// (vision_config.spatial_merge_size), whose profile needs the checkpoint's
/// preprocessor_config.json; false for text that does not parse (the import says why).
bool wantsPreprocessorConfig(std::string_view configText);

std::optional<Error> applyPreprocessorConfig(ModelSpec &spec, std::string_view text,
                                             const std::string &source);

/// A wrapper's vision_config as a generic ViT: patch embedding, `depth` blocks of attention
/// (4 [W, W] + biases) and an MLP (2 [I, W] + biases), norms, and a projector to the text
/// width. A Qwen-VL tower (spatial_merge_size m) has a patch merger instead of the projector:
/// a norm and two linear layers [W m^2, W m^2] and [out, W m^2] with biases, out =
/// out_hidden_size else the text width, and one more such merger per deepstack_visual_indexes
/// entry (its norm over W m^2); its Conv3d patch embedding spans temporal_patch_size frames
/// and it learns num_position_embeddings positions (transformers Qwen2VL / Qwen3VL vision
/// models). Estimated: other towers differ in details. Under TP the
/// blocks' linear layers and the projector are sharded, as vLLM's default
/// mm_encoder_tp_mode "weights" (vllm/config/multimodal.py @ 55e847c0) and SGLang's
/// Qwen3-VL tower (ColumnParallelLinear / RowParallelLinear, python/sglang/srt/models/
/// qwen3_vl.py @ 2409eacc) build them; the patch and position embeddings and the norms are
/// replicated. A tower without a merger whose wrapper gives `tokensPerImage`
/// (mm_tokens_per_image, Gemma 3) and a fixed image_size also gets its shape for vLLM's encoder
/// profile: the projector average-pools the square patch grid into that many tokens. A pixel
/// shuffle of `shuffleFactor` (Idefics3's scale_factor) widens the projector's input to
/// width x shuffleFactor^2.
void addVisionTower(const ConfigReader &v, ModelBuilder &b, std::uint64_t tokensPerImage = 0,
                    std::uint64_t shuffleFactor = 1);

/// A wrapper's audio_config as a Whisper-style encoder (transformers WhisperEncoder, which
/// Voxtral's, Qwen2-Audio's and Ming's audio towers follow): two 1-D convolutions of kernel 3
/// ([W, mels x 3] and [W, W x 3] with biases), learned positions [positions, W], `depth` blocks
/// of attention (q, k, v, o [W, W], biases on q, v and o) and an MLP (fc1 [F, W], fc2 [W, F] with
/// biases) with two LayerNorms each, a final LayerNorm, and a projector to the text width
/// [H, W]. Keys: width d_model / hidden_size / n_state, depth encoder_layers /
/// num_hidden_layers / n_layer, MLP width encoder_ffn_dim / intermediate_size (else 4 W), mel
/// bins num_mel_bins / n_mels (else 128), positions max_source_positions / n_ctx (else 1500,
/// Whisper's 30 s); a sub-object holding them is read when audio_config itself does not
/// (Ming's whisper_encoder_config). Estimated: projectors differ (Voxtral stacks four frames
/// into [H, 4 W] and adds [H, H]). Under TP the blocks and the projector are sharded, as vLLM's
/// whisper.py builds them (QKVParallelLinear, RowParallelLinear); the rest is replicated.
void addAudioTower(const ConfigReader &top, ModelBuilder &b);

/// A Kimi MoonViT tower and projector from its vision_config `v` (vt_* keys; defined in
/// arch_kimi.cpp, where Kimi K3 reads it; addVisionTower hands a vision_config naming
/// vt_hidden_size to it).
void addMoonVitTower(const ConfigReader &v, ModelBuilder &b);

/// The towers of a wrapper `top`: its vision_config (addVisionTower, with top's
/// mm_tokens_per_image) and its audio_config (addAudioTower), each where present.
void addTowers(const ConfigReader &top, ModelBuilder &b);

} // namespace hostplan::importer
