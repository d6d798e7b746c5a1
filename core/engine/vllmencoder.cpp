// SPDX-License-Identifier: MIT
#include "engine/vllmencoder.h"

#include "util/numbertext.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

namespace {

/// vLLM's default limit of items of one modality per prompt (--limit-mm-per-prompt unset).
constexpr std::uint64_t kVllmDefaultItemsPerPrompt = 999;
/// Bytes of one element: the image processor's float32 pixel values, the tower's bf16 tensors.
constexpr double kProcessorPixelBytes = 4;
constexpr double kTowerElementBytes = 2;
/// Byte totals stop here (a hostile shape cannot wrap an unsigned sum).
constexpr double kMaxBytes = 9.0e18;

std::uint64_t isqrt(std::uint64_t v) {
    auto r = std::uint64_t(std::sqrt(double(v)));
    while (r > 0 && r * r > v) {
        --r;
    }
    while ((r + 1) * (r + 1) <= v) {
        ++r;
    }
    return r;
}

std::uint64_t clampBytes(double bytes) {
    return std::uint64_t(std::min(std::max(bytes, 0.0), kMaxBytes));
}

/// Pixel values of one patch: channels x temporal patch x patch^2.
double pixelValuesPerPatch(const VisionEncoderShape &s) {
    return double(s.channels) * s.temporalPatch * s.patch * s.patch;
}

} // namespace

std::uint64_t vllmEncoderPeakBytes(const VisionEncoderShape &s, std::uint64_t patches,
                                   std::uint32_t tp) {
    if (!s.known() || patches == 0) {
        return 0;
    }
    const double n = double(patches);
    const double t = double(std::max<std::uint32_t>(tp, 1));
    const double w = s.width;
    const double pixels = n * pixelValuesPerPatch(s) * (kProcessorPixelBytes + kTowerElementBytes);
    const double headDim = s.heads ? w / s.heads : 0;
    // Rotary towers keep their position embeddings and cos / sin to the end of the forward.
    const double positions = s.rotaryPositions ? n * (w + headDim) * kTowerElementBytes : 0;
    const double merged = n / (double(s.mergeSize) * s.mergeSize);
    const double deepstack = double(s.deepstackMergers) * merged * s.outWidth * kTowerElementBytes;
    const double mlp = (s.gatedMlp ? 3.0 : 2.0) * s.mlpWidth / t;
    const double attention = (s.rotaryPositions ? 6.0 : 4.0) * w / t;
    const double block = n * (2 * w + std::max(mlp, attention)) * kTowerElementBytes;
    return clampBytes(pixels + positions + deepstack + block);
}

VllmEncoderProfile vllmEncoderProfile(const VisionEncoderShape &s, std::uint32_t tp,
                                      std::uint64_t maxBatchedTokens, std::uint32_t maxNumSeqs,
                                      std::uint64_t maxModelLen, bool ceilItems) {
    VllmEncoderProfile p;
    if (!s.known()) {
        return p;
    }
    const std::uint64_t factor = std::uint64_t(s.patch) * s.mergeSize;
    // smart_resize keeps each side at least one factor long: one token at the least.
    const std::uint64_t sideTokens = std::max<std::uint64_t>(isqrt(s.maxImagePixels) / factor, 1);
    p.tokensPerItem = sideTokens * sideTokens;
    p.budgetTokens = std::max(maxBatchedTokens, p.tokensPerItem);
    const std::uint64_t encoderItems =
        ceilItems ? (p.budgetTokens + p.tokensPerItem - 1) / p.tokensPerItem
                  : p.budgetTokens / p.tokensPerItem;
    const std::uint64_t perPrompt = std::max<std::uint64_t>(
        1, std::min(kVllmDefaultItemsPerPrompt, maxModelLen / p.tokensPerItem));
    const std::uint64_t decoderItems =
        std::uint64_t(std::max<std::uint32_t>(maxNumSeqs, 1)) * perPrompt;
    p.items = std::uint32_t(std::min<std::uint64_t>(
        std::max<std::uint64_t>(1, std::min(encoderItems, decoderItems)), 0xFFFFFFFFu));
    const double patches =
        double(p.items) * double(p.tokensPerItem) * s.mergeSize * double(s.mergeSize);
    p.patches = clampBytes(patches);
    p.peakBytes = vllmEncoderPeakBytes(s, p.patches, tp);
    p.outputBytes = clampBytes(double(p.items) * double(p.tokensPerItem) * s.outWidth *
                               (1.0 + s.deepstackMergers) * kTowerElementBytes);
    p.inputBytes = clampBytes(patches * pixelValuesPerPatch(s) * kProcessorPixelBytes);
    return p;
}

std::uint64_t vllmPeakWithEncoder(std::uint64_t decoderPeak, const VllmEncoderProfile &encoder) {
    if (!encoder.profiled()) {
        return decoderPeak;
    }
    return std::max(
        encoder.peakBytes,
        saturatingAdd(decoderPeak, saturatingAdd(encoder.outputBytes, encoder.inputBytes)));
}

std::string vllmEncoderProfileText(const VisionEncoderShape &shape, const VllmEncoderProfile &e) {
    if (!e.profiled()) {
        return {};
    }
    return "vLLM profiles the vision encoder before it sizes the KV pool, on " +
           std::to_string(e.items) + (e.items == 1 ? " image" : " images") + " of " +
           std::to_string(e.tokensPerItem) + (e.tokensPerItem == 1 ? " token (" : " tokens (") +
           std::to_string(e.patches) +
           " patches; the log's \"Encoder cache will be initialized with a budget of " +
           std::to_string(e.budgetTokens) + " tokens\"): " + gibNoteText(e.peakBytes) +
           " peak per GPU, then " + gibNoteText(e.outputBytes) + " of outputs and " +
           gibNoteText(e.inputBytes) +
           " of pixel values kept through the decoder's dummy run; the largest image comes from " +
           shape.maxImagePixelsSource +
           ". Serving text only (engine.text_only; vLLM --limit-mm-per-prompt "
           "'{\"image\": 0, \"video\": 0}') loads no tower and skips the pass. Video "
           "inputs are not modelled";
}

bool vllmSkipsTowerWhenTextOnly(VllmProfile profile) {
    return profile == VllmProfile::V1 || vllmV019Memory(profile);
}

bool vllmTextOnlyApplies(const EngineMemoryInput &in) {
    return in.textOnly && vllmSkipsTowerWhenTextOnly(in.vllmProfile);
}

std::pair<std::string, std::string> vllmTextOnlyLimitFlag(std::optional<VllmProfile> profile) {
    if (vllmSkipsTowerWhenTextOnly(profile.value_or(kDefaultVllmProfile))) {
        return {R"({"image":0,"video":0})",
                "text only: no vision tower is built, loaded or profiled"};
    }
    return {"image=0,video=0", "text only: image and video requests are refused (this release "
                               "still loads the vision tower)"};
}

VllmEncoderProfile vllmEncoderProfileFor(const EngineMemoryInput &in) {
    if (!in.model || vllmV0Rules(in.vllmProfile) || vllmTextOnlyApplies(in)) {
        return {};
    }
    return vllmEncoderProfile(in.model->visionEncoder, in.tp, in.maxBatchedTokens, in.maxNumSeqs,
                              in.maxModelLen, in.vllmProfile == VllmProfile::V1Early);
}

std::string vllmEncoderNote(const EngineMemoryInput &in) {
    if (!in.model || !hasVisionTower(*in.model)) {
        return {};
    }
    if (in.textOnly && !vllmTextOnlyApplies(in)) {
        const VllmEncoderProfile e = vllmEncoderProfileFor(in);
        return "text only (engine.text_only): vLLM before v0.10.1 still builds and loads the "
               "vision tower with every multimodal limit at 0 (the skip came with "
               "vllm-project/vllm#22299), so the plan keeps its weights" +
               (e.profiled()
                    ? " and its profile pass (" + gibNoteText(e.peakBytes) +
                          " peak per GPU: whether that release skips it at limits of 0 is not "
                          "known, so it is kept)"
                    : std::string());
    }
    if (in.textOnly) {
        return "text only (engine.text_only): vLLM started with --limit-mm-per-prompt "
               "'{\"image\": 0, \"video\": 0}' builds no vision tower, so its weights are not "
               "loaded and no encoder profile runs; image and video requests are refused";
    }
    if (vllmV0Rules(in.vllmProfile)) {
        // V0's profile_run (vllm/worker/model_runner.py) gives its dummy sequences dummy images
        // (dummy_data_for_profiling), so the tower runs inside the profiled forward.
        return "vLLM V0 fills its profiled dummy sequences with dummy images, so the vision "
               "encoder runs inside the profiled forward; HostPlan does not model that part of "
               "the peak, so the pool can be smaller than planned; --limit-mm-per-prompt "
               "image=0,video=0 refuses images but still loads the tower";
    }
    const VllmEncoderProfile e = vllmEncoderProfileFor(in);
    return e.profiled() ? vllmEncoderProfileText(in.model->visionEncoder, e)
                        : vllmEncoderProfileNote(*in.model);
}

} // namespace hostplan
