// SPDX-License-Identifier: MIT
// vLLM's CUDA graphs at start-up (engine/vllmgraphs.h): the sizes a worker captures, the
// memory estimate v0.21 and later take out of the KV budget, the plan's note on it, and the
// capture's check of a hybrid model's state blocks.
#include "engine/vllmgraphs.h"

#include "engine/enginememory.h"
#include "model/modelspec.h"

#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

namespace {

/// The largest capture size gpt-oss asks for (VllmCudaGraphs, vllmStartupGraphs).
constexpr std::uint32_t kVllmGptOssMaxCaptureSize = 1024;

} // namespace

/// vllmgraphs.h: FULL graphs only where the attention backend runs them with a drafter.
VllmCudaGraphs vllmStartupGraphs(const EngineMemoryInput &in) {
    const bool drafts = in.speculative && (in.draftLayers > 0 || in.draftModel != nullptr);
    const std::uint32_t draft = drafts ? std::max<std::uint32_t>(in.speculativeTokens, 1) : 0;
    const bool fp8Kv = in.kvFormat.elementBits() == 8;
    const bool full = !(drafts && fp8Kv && !hopperGpu(in.gpu));
    const bool gptOss = in.model && in.model->architecture == "gpt_oss";
    const std::uint32_t cap = in.cudaGraphMaxBs ? in.cudaGraphMaxBs
                              : gptOss          ? kVllmGptOssMaxCaptureSize
                                                : 0;
    return vllmCudaGraphSizes(in.maxNumSeqs, draft, in.maxBatchedTokens, full, cap);
}

VllmGraphLayerCost vllmGraphLayerCost(const ModelSpec &model) {
    const bool mla = std::any_of(model.layers.begin(), model.layers.end(),
                                 [](const LayerGroup &l) { return l.kind == AttentionKind::MLA; });
    return mla             ? VllmGraphLayerCost::Mla
           : model.isMoe() ? VllmGraphLayerCost::Moe
                           : VllmGraphLayerCost::Dense;
}

namespace {

/// The first capture of vLLM's CUDA-graph profile (gpu_model_runner.py
/// profile_cudagraph_memory): with FULL graphs, whose first capture runs attention over
/// sequences of min(max_model_len, max_num_batched_tokens / size) tokens, 0.26 GiB; PIECEWISE
/// graphs alone 0.10 GiB. Measured, with kVllmGraphPerLayer*: fitted to the start-up logs of
/// tests/core/goldencudagraph.h.
constexpr double kVllmGraphFirstCaptureFullGib = 0.26;
constexpr double kVllmGraphFirstCapturePiecewiseGib = 0.10;
/// Each further graph, per decoder layer (VllmGraphLayerCost): 0.16 MiB dense (0.13-0.19 in
/// the dense logs), 0.21 MiB MoE with GQA / MHA attention (0.18-0.24: Qwen3-30B-A3B,
/// Mixtral-8x7B, Qwen1.5-MoE, gpt-oss-20b on H100, vLLM 0.19.0), 0.43 MiB MLA (0.30-0.62:
/// DeepSeek-V2-Lite, Kimi-VL-A3B, GLM-5.2). Measured (as above).
constexpr double kVllmGraphPerLayerDenseMib = 0.16;
constexpr double kVllmGraphPerLayerMoeMib = 0.21;
constexpr double kVllmGraphPerLayerMlaMib = 0.43;
/// The fit's worst row, rounded up: a published estimate may differ from HostPlan's by this
/// share of it (tests/core/goldencudagraph.h kCudaGraphTol).
constexpr double kVllmGraphEstimateSpread = 0.45;

} // namespace

VllmCudaGraphs vllmCudaGraphSizes(std::uint32_t maxNumSeqs, std::uint32_t speculativeTokens,
                                  std::uint32_t maxBatchedTokens, bool fullGraphs,
                                  std::uint32_t maxCaptureSize) {
    const std::uint64_t decodeQuery =
        1 + std::uint64_t(std::min<std::uint32_t>(speculativeTokens, 1024));
    const std::uint64_t uniformDecode =
        std::uint64_t(std::max<std::uint32_t>(maxNumSeqs, 1)) * decodeQuery;
    const std::uint64_t cap =
        maxCaptureSize ? maxCaptureSize : std::min<std::uint64_t>(uniformDecode * 2, 512);
    const std::uint64_t largest =
        std::min<std::uint64_t>(cap, std::max<std::uint32_t>(maxBatchedTokens, 1));
    VllmCudaGraphs g;
    auto add = [&](std::uint64_t size) {
        ++g.piecewise;
        g.largestPiecewise = std::uint32_t(size);
        // FULL decode graphs: sizes of 1 to max_num_seqs uniform decode requests
        // (cudagraph_dispatcher.py initialize_cudagraph_keys).
        if (fullGraphs && size >= decodeQuery && size <= uniformDecode) {
            ++g.full;
            g.largestFull = std::uint32_t(size);
        }
    };
    for (std::uint64_t size : {1, 2, 4}) {
        if (size <= largest) {
            add(size);
        }
    }
    for (std::uint64_t size = 8; size < 256 && size <= largest; size += 8) {
        add(size);
    }
    for (std::uint64_t size = 256; size <= largest; size += 16) {
        add(size);
    }
    return g;
}

std::uint64_t vllmCudaGraphEstimateBytes(const VllmCudaGraphs &graphs, std::uint32_t layers,
                                         VllmGraphLayerCost cost) {
    if (graphs.piecewise + graphs.full == 0) {
        return 0;
    }
    const double first =
        gib(graphs.full > 0 ? kVllmGraphFirstCaptureFullGib : kVllmGraphFirstCapturePiecewiseGib);
    const double perLayerMib = cost == VllmGraphLayerCost::Mla   ? kVllmGraphPerLayerMlaMib
                               : cost == VllmGraphLayerCost::Moe ? kVllmGraphPerLayerMoeMib
                                                                 : kVllmGraphPerLayerDenseMib;
    const double perGraph = double(layers) * perLayerMib * double(kBytesPerMiB);
    const double further = double(graphs.piecewise > 0 ? graphs.piecewise - 1 : 0) +
                           double(graphs.full > 0 ? graphs.full - 1 : 0);
    return std::uint64_t(first + perGraph * further);
}

std::string vllmCudaGraphNote(const EngineMemoryInput &in, const EngineMemoryTerms &t) {
    if (!vllmGraphEstimateInBudget(in.vllmProfile) || !t.graphsInsideBudget || t.cudaGraphs == 0) {
        return {};
    }
    const VllmCudaGraphs g = vllmStartupGraphs(in);
    const std::string counts = countText(g.piecewise, "PIECEWISE graph") + " (largest " +
                               countText(g.largestPiecewise, "token") + ")" +
                               (g.full ? " and " + std::to_string(g.full) + " FULL (largest " +
                                             countText(g.largestFull, "token") + ")"
                                       : std::string(" and no FULL graphs"));
    return "vLLM 0.21 and later take a CUDA-graph memory estimate out of the KV budget: " + counts +
           " at max_num_seqs " + std::to_string(in.maxNumSeqs) + ", estimated at " +
           gibNoteText(t.cudaGraphs) +
           " per GPU from capture costs measured in 41 published logs (most within " +
           formatDouble("%.0f %%", 100 * kVllmGraphEstimateSpread) +
           " of each), so vLLM's own estimate, and the KV pool with it, may differ by up to " +
           gibNoteText(std::uint64_t(double(t.cudaGraphs) * kVllmGraphEstimateSpread)) +
           "; VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 leaves it out of the budget";
}

namespace {

/// The capture's condition, whichever release checks it: graphs captured, a pool of state
/// blocks, and more running sequences than blocks.
bool fewerStateBlocksThanSequences(const EngineMemoryInput &in, const EngineMemoryTerms &t) {
    return in.cudaGraphs && t.stateBlocks > 0 && in.maxNumSeqs > t.stateBlocks;
}

} // namespace

bool vllmStateBlocksShort(const EngineMemoryInput &in, const EngineMemoryTerms &t) {
    return vllmV020Rules(in.vllmProfile) && fewerStateBlocksThanSequences(in, t);
}

std::string vllmStateBlocksNote(const EngineMemoryInput &in, const EngineMemoryTerms &t) {
    if (in.vllmProfile != VllmProfile::V1v19 || !fewerStateBlocksThanSequences(in, t)) {
        return {};
    }
    return "vLLM 0.20 and later (--vllm-version 0.20) refuse to start this plan: its KV pool "
           "holds " +
           countText(t.stateBlocks, "block") +
           " and each decoding sequence keeps its recurrent "
           "state in one, fewer than max_num_seqs " +
           std::to_string(in.maxNumSeqs) +
           " (\"max_num_seqs exceeds available Mamba cache "
           "blocks\"); --max-num-seqs " +
           std::to_string(t.stateBlocks) + " starts them";
}

} // namespace hostplan
