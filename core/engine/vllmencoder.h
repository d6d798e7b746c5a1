// SPDX-License-Identifier: MIT
// vLLM V1's start-up profile of a multimodal model's vision encoder: before it sizes the KV
// pool, the worker runs the tower on a batch of its largest dummy images and keeps the
// outputs through the decoder's dummy run (the vLLM rules of vllm_memory.cpp).
#pragma once

#include "engine/enginememory.h"
#include "model/modelspec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace hostplan {

/// What vLLM V1's profile_run does with a patch-and-merge (Qwen-VL) or fixed-resolution pooled
/// (Gemma 3) vision tower on one GPU, and the memory it takes. Bytes; all zero where nothing
/// is profiled.
struct VllmEncoderProfile {
    std::uint64_t tokensPerItem = 0; ///< merged tokens of the largest image
    std::uint64_t budgetTokens = 0;  ///< the encoder budget ("... with a budget of N tokens")
    std::uint32_t items = 0;         ///< dummy images in the profiled batch
    std::uint64_t patches = 0;       ///< patches the tower runs on, all items together
    /// The tower's forward peak: the pixel values, the position embeddings, any deepstack
    /// features and the widest block's live tensors (vllmEncoderPeakBytes).
    std::uint64_t peakBytes = 0;
    /// The encoder outputs the profile keeps in the encoder cache while the decoder's dummy
    /// forward and the sampler run: items x tokens x out width x (1 + deepstack) x 2 B.
    std::uint64_t outputBytes = 0;
    /// The dummy batch's pixel values as the processor gives them (float32, patches x
    /// channels x temporal patch x patch^2 x 4 B): profile_run's `batched_dummy_mm_inputs`, on
    /// the GPU, stays referenced until the function returns, so through the decoder's dummy
    /// run and the sampler as well.
    std::uint64_t inputBytes = 0;
    bool profiled() const { return peakBytes > 0; }
};

/// The dummy batch vLLM profiles and its memory on one GPU of `tp` for `shape` (skipped, all
/// zero, when !shape.known()).
///
/// Tokens per item: the processor's largest image (for a fixed-resolution tower its one image
/// size, pooled merge x merge: Gemma 3's 256 tokens, the log's "profiled with 32 image items"
/// at 8,192 batched tokens in golden row P12), a square of side floor(sqrt(max_pixels) /
/// f) x f pixels with f = patch x merge, at least f (transformers smart_resize, which vLLM's
/// Qwen-VL get_image_size_with_most_features calls on a 9,999,999-pixel square), so (floor(sqrt
/// (max_pixels) / f))^2 tokens and that x merge^2 patches. Budget: max(batched tokens, tokens
/// per item), the smaller of vLLM's encoder compute budget and encoder cache size, both
/// max(max_num_batched_tokens, largest item) by default (v1/core/encoder_cache_manager.py
/// compute_mm_encoder_budget). Items: max(1, min(budget / tokens per item, max_num_seqs x
/// max(1, min(999, max_model_len / tokens per item)))) with the default limit of 999 items
/// per prompt (MultiModalBudget.get_max_items, vllm/v1/worker/utils.py, later
/// vllm/multimodal/encoder_budget.py; floor division). vLLM 0.7 (`ceilItems`) rounded the
/// encoder items up instead: its log of Qwen2.5-VL-72B at 32,767 batched tokens profiles
/// "2 image items" (vllm-project/vllm#12991).
///
/// Peak (vllmEncoderPeakBytes) and the order of the profile (gpu_model_runner.py profile_run,
/// read at v0.11 and v0.22.1: embed_multimodal on the dummy batch, outputs kept in
/// encoder_cache, then _dummy_run and the sampler, then encoder_cache.clear(), the dummy batch
/// a local of the same function): the worker's torch peak is the larger of the encoder's and
/// the decoder's plus outputBytes and inputBytes (vllmPeakWithEncoder). vLLM 0.19's logs of
/// gemma-3-4b / 12b / 27b-it (golden row P12) charge 3.89 / 3.94 / 3.99 GiB, the sampler's
/// pass plus 0.04-0.08 GiB of outputs and 0.29 GiB of pixel values within 0.1 GiB.
VllmEncoderProfile vllmEncoderProfile(const VisionEncoderShape &shape, std::uint32_t tp,
                                      std::uint64_t maxBatchedTokens, std::uint32_t maxNumSeqs,
                                      std::uint64_t maxModelLen, bool ceilItems = false);

/// The tower's forward peak over `patches` patches on one GPU of `tp`, bytes, following the
/// live tensors of vLLM's Qwen-VL vision transformers (qwen2_vl.py, qwen2_5_vl.py,
/// qwen3_vl.py; weights sharded by TP, mm_encoder_tp_mode "weights", the default):
/// - the pixel values, patches x channels x temporal patch x patch^2, held twice for the whole
///   forward: as the image processor gives them (float32, 4 B) and cast to the tower's dtype
///   (2 B) by _process_image_input;
/// - the position embeddings (patches x W x 2 B), which forward keeps to its end, and the
///   rotary cos and sin (patches x head dim x 2 B), for a rotary tower
///   (shape.rotaryPositions); a SigLIP tower (Gemma 3, vLLM siglip.py) adds learned positions
///   to the patch embeddings once and keeps none;
/// - each deepstack feature already merged (patches / merge^2 x out width x 2 B);
/// - the widest block: its residual and normed input (2 x patches x W x 2 B) beside the
///   larger of the MLP's (fc1 output and activation, 2 I / tp; gated: gate_up and
///   activation, 3 I / tp) and the attention's (qkv 3 W / tp, for a rotary tower rotated q and
///   k 2 W / tp, output W / tp) per patch, x 2 B.
/// Attention is FlashAttention over each image's patches (no patches^2 score matrix; vLLM
/// 0.19 logs "Using AttentionBackendEnum.FLASH_ATTN for MMEncoderAttention" for Gemma 3).
/// Gemma 3 casts the float32 pixel values to the tower's dtype as the Qwen-VL models do
/// (gemma3_mm.py _image_pixels_to_features). Checked against vLLM 0.27.1's logged transient of
/// Qwen3.8-27B at TP 2 (golden rows P34, P35: 1.46 GiB logged).
std::uint64_t vllmEncoderPeakBytes(const VisionEncoderShape &shape, std::uint64_t patches,
                                   std::uint32_t tp);

/// The worker's profiled torch peak with the encoder pass before the decoder's:
/// max(encoder.peakBytes, decoderPeak + encoder.outputBytes + encoder.inputBytes); decoderPeak
/// alone without one.
std::uint64_t vllmPeakWithEncoder(std::uint64_t decoderPeak, const VllmEncoderProfile &encoder);

/// One line on the profiled dummy batch for the plan's notes ("vLLM profiles the vision
/// encoder on 1 image of 16384 tokens (65536 patches; budget 16384 tokens): 1.39 GiB peak per
/// GPU ..."), with where the largest image comes from and how to skip the pass; empty when
/// nothing is profiled.
std::string vllmEncoderProfileText(const VisionEncoderShape &shape,
                                   const VllmEncoderProfile &encoder);

/// Whether vLLM under `profile` builds no vision tower when every modality's limit is 0, so
/// that a text-only plan (EngineMemoryInput::textOnly) loads and profiles none: from v0.10.1
/// (vllm-project/vllm#22299, the model classes' `get_limit_per_prompt` checks), so the 0.11,
/// 0.19 and 0.24 rules; the 0.7 and 0.6.x releases load and profile the tower regardless.
bool vllmSkipsTowerWhenTextOnly(VllmProfile profile);

/// Whether `in` is a text-only vLLM plan whose release skips the tower (in.textOnly and
/// vllmSkipsTowerWhenTextOnly): its tower's weights and profile are left out.
bool vllmTextOnlyApplies(const EngineMemoryInput &in);

/// serve-cmd's --limit-mm-per-prompt value and explanation for a text-only plan under
/// `profile`: JSON ({"image":0,"video":0}) from the 0.11 rules on, the key=value form
/// (image=0,video=0) the 0.7 and 0.6.x releases parse.
/// `profile` unset: kDefaultVllmProfile.
std::pair<std::string, std::string> vllmTextOnlyLimitFlag(std::optional<VllmProfile> profile);

/// The encoder profile of a vLLM plan `in`: vllmEncoderProfile over in.model's tower at
/// in.tp, in.maxBatchedTokens, in.maxNumSeqs and in.maxModelLen (rounding up under the v0.7
/// rules); nothing for the V0 rules (not modelled), a text-only plan (in.textOnly: vLLM
/// builds no tower), or a model without a modelled tower.
VllmEncoderProfile vllmEncoderProfileFor(const EngineMemoryInput &in);

/// The plan's note on the vision tower for vLLM plan `in`: empty without a tower; for a
/// text-only plan, that vLLM loads no tower and runs no encoder profile (its Qwen-VL model
/// classes build the tower only when the image or video limit is above 0: qwen3_vl.py
/// _mark_tower_model, before that `self.visual = None` when both limits are 0); the profiled
/// batch (vllmEncoderProfileText) where HostPlan models it; under the V0 rules that the encoder
/// runs inside the profiled forward, unmodelled; else vllmEncoderProfileNote.
std::string vllmEncoderNote(const EngineMemoryInput &in);

} // namespace hostplan
