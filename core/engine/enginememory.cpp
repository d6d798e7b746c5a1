// SPDX-License-Identifier: MIT
#include "engine/enginememory.h"

#include "engine/draftmodel.h"

#include "util/textutil.h"
#include "util/numbertext.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace hostplan {

namespace {

std::uint64_t roundUp(std::uint64_t v, std::uint64_t to) {
    return to ? ceilDiv(v, to) * to : v;
}

/// Bytes of one MXFP4 expert (mxfp4.py create_weights): w13 [2I][H] fp4 + [2I][H/32] e8m0 +
/// bf16 bias [2I]; w2 [H][I] fp4 + [H][I/32] e8m0 + bf16 bias [H].
std::uint64_t mxfp4ExpertBytes(std::uint64_t hidden, std::uint64_t inter) {
    return 2 * inter * hidden / 2 + 2 * inter * hidden / 32 + 2 * inter * 2 + hidden * inter / 2 +
           hidden * inter / 32 + hidden * 2;
}

const NumberFormat *attentionFormat(const ModelSpec &model) {
    for (const auto &g : model.groups) {
        if (g.role == GroupRole::Attention) {
            return &g.format;
        }
    }
    return nullptr;
}

/// Whether the routed experts are stored as MXFP4.
bool mxfp4Experts(const ModelSpec &model) {
    return std::any_of(model.groups.begin(), model.groups.end(), [](const auto &g) {
        return g.role == GroupRole::RoutedExperts && g.format.kind == FormatKind::MXFP4;
    });
}

/// Blackwell or later: native MXFP4 or FP4 tensor cores.
bool blackwellGpu(const GpuSpec &gpu) {
    return gpu.nativeMxfp4 || gpu.fp4FlopsPerS > 0;
}

} // namespace

std::uint64_t kvHeadsPerRank(std::uint32_t kvHeads, std::uint32_t tp) {
    return std::max<std::uint64_t>(1, ceilDiv(kvHeads, std::max<std::uint32_t>(tp, 1)));
}

LinearStateElements linearStatePerRank(const LayerGroup &layer, std::uint32_t tp) {
    const std::uint64_t heads = std::max<std::uint32_t>(layer.stateHeads, 1);
    const std::uint64_t perRank = ceilDiv(heads, std::max<std::uint32_t>(tp, 1));
    // elements x perRank / heads, rounded up, without the product's overflow.
    const auto split = [&](std::uint64_t elements) {
        return elements / heads * perRank + ceilDiv(elements % heads * perRank, heads);
    };
    const std::uint64_t groups = layer.stateGroups;
    if (groups == 1 && tp > 1 && layer.qHeads && layer.headDim) {
        // One Mamba2 group at TP > 1: the rank keeps its share of the inner channels and the
        // whole group's 2 x state-size channels (extra_groups_for_head_shards gives tp - 1
        // more groups, conv_dim / tp per rank).
        const std::uint64_t inner = std::uint64_t(layer.qHeads) * layer.headDim;
        const std::uint64_t groupWidth =
            2 * std::uint64_t(layer.vHeadDim ? layer.vHeadDim : layer.headDim);
        const std::uint64_t window = layer.convElements / (inner + groupWidth); // kernel - 1
        return {split(layer.stateElements), split(window * inner) + window * groupWidth};
    }
    return {split(layer.stateElements), split(layer.convElements)};
}

namespace {

/// kvReplicationBytes with `layersOf(l)` of each layer group on the GPU.
template <typename LayersOf>
std::uint64_t replicationBytes(const ModelSpec &model, std::uint32_t tp, LayersOf layersOf) {
    const NumberFormat *fmt = attentionFormat(model);
    if (!fmt || tp <= 1) {
        return 0;
    }
    double extra = 0;
    for (const auto &l : model.layers) {
        const bool headBased = l.kind == AttentionKind::MHA || l.kind == AttentionKind::GQA ||
                               l.kind == AttentionKind::MQA ||
                               l.kind == AttentionKind::SlidingWindow;
        if (!headBased || l.kvHeads == 0 || tp <= l.kvHeads) {
            continue;
        }
        const double perHead =
            double(model.hiddenSize) * double(l.headDim + (l.vHeadDim ? l.vHeadDim : l.headDim));
        const double headsExtra = double(kvHeadsPerRank(l.kvHeads, tp)) - double(l.kvHeads) / tp;
        extra += double(layersOf(l)) * double(fmt->bytesFor(std::uint64_t(perHead * 1024))) /
                 1024.0 * headsExtra;
    }
    return std::uint64_t(extra);
}

} // namespace

std::uint64_t kvReplicationBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t pp) {
    return replicationBytes(model, tp, [&](const LayerGroup &l) {
        return ceilDiv(l.count, std::max<std::uint32_t>(pp, 1));
    });
}

std::uint64_t kvReplicationBytes(const ModelSpec &model, std::uint32_t tp, LayerRange stage) {
    const std::uint32_t total = model.decoderLayers();
    return replicationBytes(model, tp,
                            [&](const LayerGroup &l) { return layersInRange(l, stage, total); });
}

std::uint64_t vllmTritonSamplerBufferBytes(const GpuSpec &gpu, std::uint64_t rows,
                                           std::uint64_t vocab) {
    if (rows == 0 || vocab == 0) {
        return 0;
    }
    const std::uint64_t sms = gpu.smCount ? gpu.smCount : kVllmFallbackSmCount;
    const std::uint64_t programs = std::min(sms, rows);
    std::uint64_t pow2 = 1;
    while (pow2 < programs) {
        pow2 *= 2;
    }
    return std::min(pow2, sms) * vocab * 4;
}

std::vector<std::uint32_t> vllmPipelineLayers(std::uint32_t layers, std::uint32_t pp) {
    pp = std::max<std::uint32_t>(pp, 1);
    std::vector<std::uint32_t> parts(pp, layers / pp);
    const std::uint32_t rest = layers % pp;
    for (std::uint32_t i = 2; i < rest + 2; ++i) {
        parts[pp - i] += 1;
    }
    return parts;
}

std::uint64_t vocabPaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t pp) {
    constexpr std::uint64_t kVocabPadding = 64; // DEFAULT_VOCAB_PADDING_SIZE
    if (model.vocabSize == 0) {
        return 0;
    }
    const std::uint64_t padRows = roundUp(model.vocabSize, kVocabPadding) - model.vocabSize;
    std::uint64_t extra = 0;
    for (const auto &g : model.groups) {
        if ((g.role == GroupRole::Embedding || g.role == GroupRole::LmHead) && g.params) {
            extra += g.bytes() / model.vocabSize * padRows;
        }
    }
    return extra / (std::uint64_t(std::max<std::uint32_t>(tp, 1)) * std::max<std::uint32_t>(pp, 1));
}

MoeKernel vllmMoeKernel(const GpuSpec &gpu, MoeKernel requested) {
    if (requested != MoeKernel::Auto) {
        return requested;
    }
    if (gpu.vendor != "NVIDIA") {
        return MoeKernel::Triton;
    }
    // SM < 9.0: Ampere and Ada (L4, L40S, RTX 4090, RTX 6000 Ada) take the Marlin path.
    return gpu.computeCapability < 90 ? MoeKernel::Marlin : MoeKernel::Triton;
}

namespace {
/// One rank's share of the MXFP4 experts: hidden width, unpadded intermediate per partition
/// (whole under EP, / TP otherwise), experts per rank and the MoE layers on the GPU.
struct RankExperts {
    std::uint64_t hidden = 0, intermediate = 0, experts = 0, layers = 0;
};
/// The routed experts one GPU holds, in `layers` MoE layers.
RankExperts rankExperts(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                        std::uint64_t layers) {
    const ExpertInfo &x = model.experts;
    const bool expertParallel = ep > 1;
    return {x.expertWidth ? x.expertWidth : model.hiddenSize,
            expertParallel ? x.intermediate : x.intermediate / std::max<std::uint32_t>(tp, 1),
            expertParallel ? x.routed / ep : x.routed, layers};
}

/// MoE layers on one GPU when `pp` stages split them evenly: ceil(moeLayers / pp).
std::uint64_t evenMoeLayers(const ModelSpec &model, std::uint32_t pp) {
    return ceilDiv(model.experts.moeLayers, std::max<std::uint32_t>(pp, 1));
}
} // namespace

bool hopperGpu(const GpuSpec &gpu) {
    return gpu.vendor == "NVIDIA" && gpu.computeCapability == 90;
}

bool vllmMarlinMoe(const ModelSpec &model, const GpuSpec &gpu, MoeKernel requested,
                   std::uint32_t tp, std::uint32_t ep) {
    const ExpertInfo &x = model.experts;
    if (gpu.vendor != "NVIDIA" || requested == MoeKernel::Triton || x.routed == 0 ||
        x.intermediate == 0) {
        return false;
    }
    if (mxfp4Experts(model)) {
        return vllmMoeKernel(gpu, requested) == MoeKernel::Marlin;
    }
    const auto experts =
        std::find_if(model.groups.begin(), model.groups.end(),
                     [](const TensorGroup &g) { return g.role == GroupRole::RoutedExperts; });
    if (experts == model.groups.end() || experts->format.kind != FormatKind::INT4) {
        return false;
    }
    const std::uint32_t group = experts->format.groupSize; // 0: one scale per channel
    const RankExperts r = rankExperts(model, tp, ep, evenMoeLayers(model, 1));
    const bool groupFits = group == 0 || group == 32 || group == 64 || group == 128;
    return groupFits && r.hidden % 128 == 0 &&
           r.intermediate % std::max<std::uint64_t>(64, group) == 0;
}

namespace {

/// vllmMxfp4LayoutBytes on a GPU that holds `moeLayers` MoE layers.
std::uint64_t mxfp4LayoutOn(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                            std::uint64_t moeLayers, MoeKernel kernel, const GpuSpec &gpu,
                            VllmProfile profile) {
    constexpr std::uint64_t kValueAlign = 64; // HopperMXValueLayout: both dims of the bytes
    constexpr std::uint64_t kScaleRows = 256; // HopperMXScaleLayout: 2 x 8 warps x 2 x 8
    constexpr std::uint64_t kScaleBlock = 32; // MXFP4: one ue8m0 per 32 e2m1
    const ExpertInfo &x = model.experts;
    const bool mxfp4 = mxfp4Experts(model);
    const bool swizzles = vllmV019Memory(profile) || profile == VllmProfile::V1;
    if (!mxfp4 || x.routed == 0 || x.intermediate == 0 || !swizzles ||
        kernel != MoeKernel::Triton || !hopperGpu(gpu)) {
        return 0;
    }
    const RankExperts r = rankExperts(model, tp, ep, moeLayers);
    const std::uint64_t h = r.hidden;
    // create_weights' layout: the intermediate per partition rounded up to 64 for TRITON
    // (oracle/mxfp4.py @ 001eda31 mxfp4_round_up_hidden_size_and_intermediate_size).
    const std::uint64_t i = roundUp(r.intermediate, 64);
    // Value bytes: w13 [H/2][2I'], w2 [I'/2][H] (packed reduction dim first, as swizzled);
    // padded only by the v3.6.0 value layout that v0.19 uses.
    const bool padsValues = vllmV019Memory(profile);
    const std::uint64_t w13Pad =
        padsValues ? roundUp(h / 2, kValueAlign) * roundUp(2 * i, kValueAlign) - h / 2 * (2 * i)
                   : 0;
    const std::uint64_t w2Pad =
        padsValues ? roundUp(i / 2, kValueAlign) * roundUp(h, kValueAlign) - i / 2 * h : 0;
    // The swizzled scale copy: rows are the output features, columns the 32-element blocks.
    const std::uint64_t scaleCopy = roundUp(2 * i, kScaleRows) * roundUp(h / kScaleBlock, 2) +
                                    roundUp(h, kScaleRows) * roundUp(i / kScaleBlock, 2);
    const std::uint64_t fp32Bias = (2 * i + h) * 2;
    const std::uint64_t perExpert = w13Pad + w2Pad + scaleCopy + fp32Bias;
    return r.layers * r.experts * perExpert;
}

/// The MXFP4 experts' extra bytes on a GPU that holds `moeLayers` MoE layers when the kernel
/// rounds the hidden width up to `hiddenAlign` and the intermediate per partition to
/// `interAlign` (1: unpadded).
std::uint64_t mxfp4AlignedPadding(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                  std::uint64_t moeLayers, std::uint64_t hiddenAlign,
                                  std::uint64_t interAlign) {
    const ExpertInfo &x = model.experts;
    if (!mxfp4Experts(model) || x.routed == 0 || x.intermediate == 0) {
        return 0;
    }
    const RankExperts r = rankExperts(model, tp, ep, moeLayers);
    const std::uint64_t h = roundUp(r.hidden, hiddenAlign);
    const std::uint64_t i = roundUp(r.intermediate, interAlign);
    const std::uint64_t perExpert =
        mxfp4ExpertBytes(h, i) - mxfp4ExpertBytes(r.hidden, r.intermediate);
    return r.layers * r.experts * perExpert;
}

/// mxfp4PaddingBytes on a GPU that holds `moeLayers` MoE layers.
std::uint64_t mxfp4PaddingOn(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                             std::uint64_t moeLayers, MoeKernel kernel) {
    switch (kernel) {
    case MoeKernel::Marlin:
        return mxfp4AlignedPadding(model, tp, ep, moeLayers, 256, 128);
    case MoeKernel::Triton:
        return mxfp4AlignedPadding(model, tp, ep, moeLayers, 1, 64);
    case MoeKernel::Auto:
        break;
    }
    return 0;
}

/// The MoE layers of a pipeline stage holding decoder layers `stage`: those the import placed
/// there (roleLayersInRange of the routed experts), else the even share
/// ceil(moeLayers x stage.count / decoder layers).
std::uint64_t stageMoeLayers(const ModelSpec &model, LayerRange stage) {
    const std::uint32_t moe = model.experts.moeLayers;
    const std::uint32_t total = model.decoderLayers();
    if (const auto placed = roleLayersInRange(model, GroupRole::RoutedExperts, stage, moe)) {
        return *placed;
    }
    return total ? ceilDiv(std::uint64_t(moe) * stage.count, total) : moe;
}

} // namespace

std::uint64_t vllmMxfp4LayoutBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                   std::uint32_t pp, MoeKernel kernel, const GpuSpec &gpu,
                                   VllmProfile profile) {
    return mxfp4LayoutOn(model, tp, ep, evenMoeLayers(model, pp), kernel, gpu, profile);
}

std::uint64_t vllmMxfp4LayoutBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                   LayerRange stage, MoeKernel kernel, const GpuSpec &gpu,
                                   VllmProfile profile) {
    return mxfp4LayoutOn(model, tp, ep, stageMoeLayers(model, stage), kernel, gpu, profile);
}

std::uint64_t sglangMxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                      std::uint32_t pp, const GpuSpec &gpu) {
    const std::uint64_t layers = evenMoeLayers(model, pp);
    const bool flashinfer =
        (model.architecture == "gpt_oss" || model.architecture == "deepseek_v4") &&
        blackwellGpu(gpu) && !asciiLower(gpu.vendor).starts_with("amd");
    if (flashinfer) {
        return mxfp4AlignedPadding(model, tp, ep, layers, 256, 256);
    }
    return asciiLower(gpu.vendor).starts_with("amd")
               ? mxfp4AlignedPadding(model, tp, ep, layers, 1, 128)
               : mxfp4AlignedPadding(model, tp, ep, layers, 1, 64);
}

std::uint64_t trtllmMxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                      LayerRange stage) {
    constexpr std::uint64_t kCutlassAlignment = 128; // MXFP4WeightCutlassFusedMoEMethod
    return mxfp4AlignedPadding(model, tp, ep, stageMoeLayers(model, stage), kCutlassAlignment,
                               kCutlassAlignment);
}

std::uint64_t mxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                std::uint32_t pp, MoeKernel kernel) {
    return mxfp4PaddingOn(model, tp, ep, evenMoeLayers(model, pp), kernel);
}

std::uint64_t mxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                LayerRange stage, MoeKernel kernel) {
    return mxfp4PaddingOn(model, tp, ep, stageMoeLayers(model, stage), kernel);
}

bool nvlinkGpu(const GpuSpec &gpu) {
    // The catalogue's interconnect text leads with the GPU-to-GPU link: "NVLink 4, ..." for
    // NVLink GPUs; PCIe cards name PCIe first and mention NVLink only as "no NVLink" or an
    // optional two-card bridge, and "NVLink-C2C" (GH200) links the GPU to its CPU.
    const auto startsWith = [&](std::string_view prefix) {
        return gpu.interconnect.size() >= prefix.size() &&
               std::equal(prefix.begin(), prefix.end(), gpu.interconnect.begin(),
                          [](char p, char c) { return p == (c >= 'A' && c <= 'Z' ? c + 32 : c); });
    };
    const char next = gpu.interconnect.size() > 6 ? gpu.interconnect[6] : '\0';
    return startsWith("nvlink") && (next == ' ' || (next >= '0' && next <= '9')) &&
           !startsWith("nvlink bridge");
}

std::uint64_t ncclNvlsBufferBytes(const GpuSpec &gpu, std::uint32_t ranks) {
    constexpr std::uint64_t kChunk = 128 * 1024; // NCCL_NVLS_CHUNKSIZE default
    constexpr std::uint64_t kSteps = 8;          // NCCL_STEPS
    const bool hopperOrLater = gpu.fp8FlopsPerS > 0;
    if (ranks <= 2 || !nvlinkGpu(gpu) || !hopperOrLater) {
        return 0;
    }
    const std::uint64_t channels = blackwellGpu(gpu) ? 24 : 16;
    return channels * 2 * kChunk * kSteps * ranks;
}

std::uint64_t vllmTpCollectivesNonTorch(const GpuSpec &gpu, std::uint32_t tp, VllmProfile profile) {
    if (tp <= 1) {
        return 0;
    }
    if (!nvlinkGpu(gpu)) {
        return std::uint64_t(gib(0.25));
    }
    // NVLS heads are the communicator's ranks on one node (one NVSwitch domain).
    const std::uint32_t nodeRanks = std::min(tp, std::max<std::uint32_t>(gpu.gpusPerNode, 1));
    const double measuredGib = vllmV019Memory(profile) ? 1.82 : 0.41;
    return std::uint64_t(gib(measuredGib)) + ncclNvlsBufferBytes(gpu, nodeRanks);
}

std::string vllmMxfp4KernelNote(const EngineMemoryInput &in) {
    if (in.vllmProfile != VllmProfile::V1 || !in.model || !mxfp4Experts(*in.model) ||
        !hopperGpu(in.gpu) || vllmMoeKernel(in.gpu, in.moeKernel) != MoeKernel::Triton) {
        return {};
    }
    const ModelSpec &m = *in.model;
    const std::uint64_t triton =
        mxfp4PaddingBytes(m, in.tp, in.ep, in.pp, MoeKernel::Triton) +
        vllmMxfp4LayoutBytes(m, in.tp, in.ep, in.pp, MoeKernel::Triton, in.gpu, in.vllmProfile);
    const std::uint64_t marlin = mxfp4PaddingBytes(m, in.tp, in.ep, in.pp, MoeKernel::Marlin);
    if (marlin <= triton) {
        return {};
    }
    return "MXFP4 experts on Hopper: the plan follows vLLM's Triton kernel (triton_kernels "
           "installed, as in the vllm/vllm-openai image; the log says \"Using Triton backend\"); "
           "an install without triton_kernels falls back to Marlin (the log warns that FP4 runs "
           "through \"the Marlin kernel\"), whose padding loads " +
           gibNoteText(marlin - triton) + " more per GPU and shrinks the KV pool as much";
}

std::string vllmMambaPrefixCachingNote(const ModelSpec &model, bool prefixCaching) {
    if (!model.mambaState || !prefixCaching) {
        return {};
    }
    return "With prefix caching, vLLM runs a model whose class declares Mamba prefix caching "
           "(SupportsMambaPrefixCaching: Nemotron-H, Mamba2) in its 'all' cache mode, a state "
           "page per block of every request; the plan counts 'align' mode's two pages per "
           "request, so for such a model vLLM holds fewer sequences than planned";
}

std::string vllmSamplerNote(const EngineMemoryInput &in) {
    constexpr double kNoteFromGib = 1.0; // below, the two readings differ by under 0.65 GiB
    const bool v08 = in.vllmProfile == VllmProfile::V1v08;
    if ((in.vllmProfile != VllmProfile::V1 && !v08) || !in.model) {
        return {};
    }
    const std::uint64_t rows = std::min<std::uint64_t>(in.maxNumSeqs, in.maxBatchedTokens);
    const std::uint64_t vocab = in.model->vocabSize;
    const std::uint64_t sorted = vllmSortSamplerBytes(rows, vocab);
    if (double(sorted) < gib(kNoteFromGib)) {
        return {};
    }
    if (v08) {
        const std::uint64_t flash = rows * vocab * kVllm08SamplerBytesPerLogit;
        return "vLLM's sampler warm-up: the v0.8 rules sample " + groupedText(rows) + " x " +
               groupedText(vocab) +
               " logits with FlashInfer, as the vLLM images of that period "
               "do (" +
               gibNoteText(flash) +
               " of the profile peak); a pip install without FlashInfer sorts them (" +
               gibNoteText(sorted) + "), so its KV pool is up to " + gibNoteText(sorted - flash) +
               " smaller per GPU; --max-num-seqs shrinks either";
    }
    const std::uint64_t flash = rows * vocab * kVllmFlashInferSamplerBytesPerLogit;
    return "vLLM's sampler warm-up: the v0.11 rules sort " + groupedText(rows) + " x " +
           groupedText(vocab) + " logits (" + gibNoteText(sorted) +
           " of the profile peak); a vLLM 0.10 install that samples with FlashInfer (its log "
           "says \"Using FlashInfer for top-p & top-k sampling\") takes " +
           gibNoteText(flash) + ", so its KV pool is up to " + gibNoteText(sorted - flash) +
           " larger per GPU; --max-num-seqs shrinks either";
}

std::uint64_t vllmSortSamplerBytes(std::uint64_t rows, std::uint64_t vocab) {
    constexpr std::uint64_t kLiveAtSort = 2 + 4 + 4 + 8;  // bf16, fp32, sorted values, indices
    constexpr std::uint64_t kIntMax = 2147483647;         // Sort.cu numel_or_intmax
    constexpr std::uint64_t kLargeSegment = 1000000;      // Sort.cu: one segment at a time
    constexpr std::uint64_t kFullSortBelowSegments = 128; // Sort.cu: by_full_sort below
    if (rows == 0 || vocab == 0) {
        return 0;
    }
    const std::uint64_t logits = rows * vocab;
    const std::uint64_t batchRows = std::max<std::uint64_t>(std::min(rows, kIntMax / vocab), 1);
    const std::uint64_t batch = batchRows * vocab;
    std::uint64_t temp = 0;
    if (batchRows == 1 || vocab >= kLargeSegment) {
        temp = vocab * (8 + 4 + 8); // start indices and cub's buffers for one segment
    } else if (batchRows < kFullSortBelowSegments) {
        temp = batch * (8 + 8 + 4 + 4 + 8);
    } else {
        temp = batch * (8 + 4 + 8);
    }
    return std::max(logits * kVllmSamplerBytesPerLogit, logits * kLiveAtSort + temp);
}

bool sparseMlaModel(const ModelSpec &model) {
    return std::any_of(model.layers.begin(), model.layers.end(), [](const LayerGroup &l) {
        return l.kind == AttentionKind::MLA && l.compressRatio == 0 && l.indexerHeadDim > 0;
    });
}

std::uint64_t mlaCacheBytesPerToken(const LayerGroup &layer, const NumberFormat &kv, bool sparse) {
    constexpr std::uint64_t kScaleBlock = 128; // one float32 scale per 128 latent elements
    const bool fp8 = kv.isFp8();
    if (sparse && fp8) {
        return layer.kvLoraRank + layer.kvLoraRank / kScaleBlock * 4 +
               formats::bf16.bytesFor(layer.ropeDim);
    }
    return kv.bytesFor(std::uint64_t(layer.kvLoraRank) + layer.ropeDim);
}

std::uint64_t indexerCacheBytesPerToken(const LayerGroup &layer) {
    constexpr std::uint64_t kScaleBlock = 128;
    return layer.indexerHeadDim ? layer.indexerHeadDim + layer.indexerHeadDim / kScaleBlock * 4 : 0;
}

bool deepseekV4Cache(const ModelSpec &model) {
    return std::any_of(model.layers.begin(), model.layers.end(),
                       [](const LayerGroup &l) { return l.compressRatio > 0; });
}

std::uint64_t deepseekV4EntryBytes(const LayerGroup &layer) {
    const std::uint64_t rope = std::min(layer.ropeDim, layer.kvLoraRank);
    const std::uint64_t nope = layer.kvLoraRank - rope;
    return nope + formats::bf16.bytesFor(rope) + nope / 64 + 1;
}

namespace {

/// `bytes` rounded up to a multiple of the V4 page alignment.
std::uint64_t deepseekV4Page(std::uint64_t bytes) {
    return ceilDiv(bytes, kDeepseekV4PageAlign) * kDeepseekV4PageAlign;
}

} // namespace

std::uint64_t deepseekV4CompressedBytesPerToken(const LayerGroup &layer, std::uint64_t layers) {
    if (layer.compressRatio <= 1) {
        return 0;
    }
    const std::uint64_t entries = ceilDiv(kDeepseekV4BlockTokens, layer.compressRatio);
    std::uint64_t page = deepseekV4Page(entries * deepseekV4EntryBytes(layer));
    if (layer.indexerHeadDim > 0) {
        page += deepseekV4Page(entries * indexerCacheBytesPerToken(layer));
    }
    return ceilDiv(layers * page, kDeepseekV4BlockTokens);
}

std::uint64_t deepseekV4WindowBytesPerToken(const LayerGroup &layer, std::uint64_t layers) {
    const std::uint64_t swaPage =
        deepseekV4Page(kDeepseekV4SwaBlockTokens * deepseekV4EntryBytes(layer));
    const std::uint64_t swa = layers * ceilDiv(swaPage, kDeepseekV4SwaBlockTokens);
    const std::uint64_t state =
        layer.window ? ceilDiv(layers * formats::fp32.bytesFor(layer.stateElements), layer.window)
                     : 0;
    return swa + state;
}

std::uint64_t mtpDraftWeightBytes(const ModelSpec &model, std::uint32_t layers, std::uint32_t tp,
                                  bool ownHead) {
    if (layers == 0 || model.mtpLayers == 0 || model.numLayers == 0) {
        return 0;
    }
    const std::uint64_t t = std::max<std::uint32_t>(tp, 1);
    const std::uint64_t L = model.numLayers;
    const std::uint64_t moeLayers = model.experts.moeLayers;
    const std::uint64_t denseLayers = L > moeLayers ? L - moeLayers : 0;
    const bool moe = model.isMoe() && moeLayers > 0;
    double perLayer = 0; // one MTP decoder layer on this GPU
    for (const auto &g : model.groups) {
        std::uint64_t count = 0;
        switch (g.role) {
        case GroupRole::Attention:
        case GroupRole::Norms:
            count = L;
            break;
        case GroupRole::RoutedExperts:
        case GroupRole::SharedExperts:
        case GroupRole::MoeOther:
            count = moe ? moeLayers : 0;
            break;
        case GroupRole::DenseMlp:
            count = moe ? 0 : denseLayers;
            break;
        default:
            break;
        }
        if (count == 0) {
            continue;
        }
        const double bytes = double(g.bytes()) / double(count);
        perLayer += g.placement == Placement::Replicated ? bytes : bytes / double(t);
    }
    const std::uint64_t H = model.hiddenSize;
    // eh_proj [H, 2H] and enorm / hnorm / shared_head.norm [H], bf16 on every rank.
    perLayer += double(formats::bf16.bytesFor(2 * H * H + 3 * H));
    if (ownHead) {
        for (const auto &g : model.groups) {
            if (g.role == GroupRole::LmHead) {
                perLayer += double(g.bytes()) / double(t);
            }
        }
    }
    return std::uint64_t(perLayer * layers);
}

std::uint64_t draftWeightBytes(const EngineMemoryInput &in, bool mtpOwnHead) {
    if (in.draftModel) {
        return draftModelWeightBytes(*in.draftModel, in.attentionTp()); // each rank's drafter
    }
    return in.model ? mtpDraftWeightBytes(*in.model, in.draftLayers, in.tp, mtpOwnHead) : 0;
}

std::uint64_t draftActivationBytes(const EngineMemoryInput &in, std::uint64_t tokens) {
    return in.draftModel ? forwardActivationBytes(*in.draftModel, tokens, in.tp, 1,
                                                  kFusedMoeChunkTokens, nullptr)
                         : 0;
}

std::uint64_t forwardActivationBytes(const ModelSpec &model, std::uint64_t tokens, std::uint32_t tp,
                                     std::uint32_t ep, std::uint64_t moeChunkTokens,
                                     std::uint64_t *moeOut, std::uint32_t attentionDp,
                                     std::uint64_t batchedMoeWorkspace) {
    constexpr std::uint64_t kAct = 2; // bf16 activations
    const std::uint64_t H = model.hiddenSize;
    const std::uint64_t t = std::max<std::uint32_t>(tp, 1);
    const std::uint64_t dp = attentionDp > 1 && t % attentionDp == 0 ? attentionDp : 1;
    const std::uint64_t attnTp = t / dp; // the rank's own TP group
    std::uint64_t dense = 0;
    if (model.denseIntermediate) {
        dense = tokens * (3 * H * kAct + 3 * model.denseIntermediate / attnTp * kAct);
    }
    std::uint64_t moe = 0;
    std::uint64_t workspace = 0;
    const ExpertInfo &x = model.experts;
    if (x.routed && x.intermediate) {
        // Every DP rank's tokens, except where DeepEP dispatches the rank's own.
        const std::uint64_t gathered = batchedMoeWorkspace ? tokens : tokens * dp;
        const std::uint64_t k = std::max<std::uint32_t>(x.activePerToken, 1);
        const std::uint64_t N = 2 * std::uint64_t(x.intermediate) / (ep > 1 ? 1 : t);
        const std::uint64_t mc = moeChunkTokens ? std::min(gathered, moeChunkTokens) : gathered;
        workspace = batchedMoeWorkspace
                        ? batchedMoeWorkspace + gathered * k * 8 + gathered * x.routed * 4
                        : mc * k * std::max(N, H) * kAct + mc * k * (N / 2) * kAct +
                              gathered * k * 8 + gathered * x.routed * 4;
        if (x.shared) {
            workspace += tokens * 3 * std::uint64_t(x.intermediate) * x.shared / attnTp * kAct;
        }
        moe = 3 * gathered * H * kAct + workspace;
    }
    if (moeOut) {
        *moeOut = moe >= dense ? workspace : 0;
    }
    return std::max(dense, moe);
}

EngineKvLayout engineKvLayout(const EngineMemoryInput &in) {
    EngineKvLayout k;
    const ModelSpec &model = *in.model;
    const std::uint32_t tp = std::max<std::uint32_t>(in.attentionTp(), 1); // KV heads' split
    const std::uint32_t pp = std::max<std::uint32_t>(in.pp, 1);
    std::uint64_t draftPerLayer = 0; // the first full-attention layer's bytes per token
    const std::uint64_t totalLayers = model.decoderLayers();
    const bool sparse = sparseMlaModel(model);
    for (const auto &l : model.layers) {
        // A named stage holds the layers of each group in its range (layersInRange: those
        // the import listed, else its share; both groups of a parallel hybrid cover every
        // layer); else the most loaded stage of an even split. KV-shared layers hold none.
        const LayerRange range{in.stageFirstLayer, in.stageLayers};
        const std::uint32_t layers = l.kvShared ? 0
                                     : in.stageLayers && totalLayers
                                         ? layersInRange(l, range, std::uint32_t(totalLayers))
                                         : std::uint32_t(ceilDiv(l.count, pp));
        switch (l.kind) {
        case AttentionKind::MHA:
        case AttentionKind::GQA:
        case AttentionKind::MQA:
        case AttentionKind::SlidingWindow: {
            const std::uint64_t perHead =
                std::uint64_t(l.headDim) + (l.vHeadDim ? l.vHeadDim : l.headDim);
            const std::uint64_t perLayer =
                in.kvFormat.bytesFor(kvHeadsPerRank(l.kvHeads, tp) * perHead);
            k.maxLayerBytesPerToken = std::max(k.maxLayerBytesPerToken, perLayer);
            if (l.kind == AttentionKind::SlidingWindow) {
                k.windowBytesPerToken += layers * perLayer;
                k.windowLayers += layers;
                k.window = std::max<std::uint64_t>(k.window, l.window);
            } else {
                k.fullBytesPerToken += layers * perLayer;
                k.fullLayers += layers;
                if (!draftPerLayer) {
                    draftPerLayer = perLayer;
                }
            }
            break;
        }
        case AttentionKind::MLA: {
            if (l.compressRatio > 0) {
                // DeepSeek V4: compressed caches per token, window cache and compressor state
                // per window token; the MTP layer's window cache is not counted.
                k.fullBytesPerToken += deepseekV4CompressedBytesPerToken(l, layers);
                k.fullLayers += l.compressRatio > 1 ? layers : 0;
                k.windowBytesPerToken += deepseekV4WindowBytesPerToken(l, layers);
                k.windowLayers += layers;
                k.window = std::max<std::uint64_t>(k.window, l.window);
                k.maxLayerBytesPerToken =
                    std::max(k.maxLayerBytesPerToken, deepseekV4EntryBytes(l));
                k.hasMla = k.deepseekV4 = true;
                break;
            }
            const std::uint64_t latent = mlaCacheBytesPerToken(l, in.kvFormat, sparse);
            const std::uint64_t perLayer = latent + indexerCacheBytesPerToken(l);
            k.maxLayerBytesPerToken = std::max(k.maxLayerBytesPerToken, perLayer);
            k.fullBytesPerToken += layers * perLayer;
            k.mlaLayoutExtraPerToken +=
                layers * (latent - std::min(latent, in.kvFormat.bytesFor(
                                                        std::uint64_t(l.kvLoraRank) + l.ropeDim)));
            k.fullLayers += layers;
            k.hasMla = true;
            if (!draftPerLayer) {
                draftPerLayer = perLayer;
            }
            break;
        }
        case AttentionKind::Linear: {
            const LinearStateElements rank = linearStatePerRank(l, tp);
            k.statePageBytes =
                std::max<std::uint64_t>(k.statePageBytes, in.stateFormat.bytesFor(rank.state) +
                                                              formats::bf16.bytesFor(rank.conv));
            k.stateLayers += layers;
            break;
        }
        }
    }
    if (in.draftModel) {
        // The draft model's own attention layers, at the target's TP.
        EngineMemoryInput d = in;
        d.model = in.draftModel;
        d.draftModel = nullptr;
        d.draftLayers = 0;
        const EngineKvLayout dk = engineKvLayout(d);
        k.draftLayers = dk.fullLayers + dk.windowLayers;
        k.draftBytesPerToken = dk.attentionBytesPerToken();
    } else if (in.draftLayers > 0 && model.mtpLayers > 0) {
        k.draftLayers = in.draftLayers;
        k.draftBytesPerToken = std::uint64_t(in.draftLayers) * draftPerLayer;
    }
    return k;
}

} // namespace hostplan
