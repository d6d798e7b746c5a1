// SPDX-License-Identifier: MIT
#include "sizing/fit.h"

#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace hostplan {

std::uint32_t memoryFloorGpus(std::uint64_t bytes, std::uint64_t memoryBytesPerGpu) {
    if (memoryBytesPerGpu == 0) {
        return 0;
    }
    return std::uint32_t(std::max<std::uint64_t>(1, ceilDiv(bytes, memoryBytesPerGpu)));
}

std::uint32_t roundToBundle(std::uint32_t gpus, std::uint32_t gpusPerNode) {
    if (gpus <= 1 || gpusPerNode <= 1) {
        return std::max<std::uint32_t>(gpus, 1);
    }
    return std::uint32_t(ceilDiv(gpus, gpusPerNode) * gpusPerNode);
}

namespace {
/// Why TP `tp` cannot shard the first layer group it does not fit, else "": a softmax layer's
/// query or KV heads (below), a recurrent (linear-attention / Mamba) layer's heads. vLLM shards
/// those heads over TP and asserts it divides them (MambaMixer2, the KDA and Gated DeltaNet
/// layers); a group of one head (a short convolution) is not split. A Mamba2 mixer's n_groups must
/// be divisible by TP or be 1 (MambaMixer2, vllm/model_executor/layers/mamba/mamba_mixer2.py @
/// bb435dbd; SGLang's mixer asserts the same).
std::string headShardProblem(const ModelSpec &model, std::uint32_t tp) {
    for (const auto &l : model.layers) {
        if (l.count > 0 && l.kind != AttentionKind::Linear) {
            // Every softmax layer's own heads, not only the config's num_attention_heads
            // (Laguna and Nemotron-NAS vary them by layer): vLLM's QKVParallelLinear divides
            // the query heads by TP, and the KV heads too, or replicates them when TP is a
            // multiple of their count (vllm/model_executor/layers/linear.py
            // QKVParallelLinear.__init__). MLA's one latent "KV head" is not split that way.
            if (l.qHeads > 0 && l.qHeads % tp != 0) {
                return "TP " + std::to_string(tp) + " does not divide the " +
                       std::to_string(l.qHeads) + " attention heads of " +
                       countText(l.count, "layer");
            }
            const bool kvSplit = l.kind != AttentionKind::MLA && l.kvHeads > 0;
            if (kvSplit && (tp >= l.kvHeads ? tp % l.kvHeads : l.kvHeads % tp) != 0) {
                return "TP " + std::to_string(tp) + " neither divides nor is a multiple of the " +
                       std::to_string(l.kvHeads) + " KV heads of " + countText(l.count, "layer");
            }
            continue;
        }
        if (l.stateHeads > 1 && l.stateHeads % tp != 0) {
            return "TP " + std::to_string(tp) + " does not divide the " +
                   std::to_string(l.stateHeads) + " recurrent-state heads";
        }
        if (l.stateGroups > 1 && l.stateGroups % tp != 0) {
            return "TP " + std::to_string(tp) + " does not divide the " +
                   std::to_string(l.stateGroups) +
                   " Mamba2 groups (n_groups must be a multiple of TP, or 1)";
        }
    }
    return {};
}

/// The largest power-of-two TP up to `limit` that divides the attention and recurrent-state
/// heads and, when `gpus` is not 0, the GPU count.
std::uint32_t largestTp(const ModelSpec &model, std::uint32_t limit, std::uint32_t gpus) {
    std::uint32_t tp = 1;
    for (std::uint32_t t = 2; t != 0 && t <= limit; t *= 2) {
        if ((gpus == 0 || gpus % t == 0) &&
            (model.numAttentionHeads == 0 || model.numAttentionHeads % t == 0) &&
            headShardProblem(model, t).empty()) {
            tp = t;
        }
    }
    return tp;
}
} // namespace

std::string attentionDpProblem(const ModelSpec &model, const Parallelism &par) {
    if (par.dp <= 1) {
        return par.dp == 0 ? "attention DP must be at least 1" : std::string();
    }
    if (par.tp % par.dp != 0) {
        return "attention DP " + std::to_string(par.dp) + " does not divide TP " +
               std::to_string(par.tp) + " (each attention group takes TP / DP GPUs)";
    }
    if (par.pp > 1) {
        return "attention DP " + std::to_string(par.dp) + " with PP " + std::to_string(par.pp) +
               " (TP " + std::to_string(par.tp) + " x PP " + std::to_string(par.pp) +
               "): HostPlan plans attention DP within one pipeline stage, so TP must span every "
               "GPU of the replica";
    }
    if (!model.isMoe()) {
        return "attention DP " + std::to_string(par.dp) +
               " needs a mixture-of-experts model (a dense model's data-parallel copies are "
               "replicas)";
    }
    return {};
}

std::string layoutProblem(const ModelSpec &model, const Parallelism &par) {
    if (par.tp == 0 || par.pp == 0 || par.ep == 0) {
        return "TP, EP and PP must be at least 1";
    }
    if (!std::has_single_bit(par.tp)) {
        // vLLM and SGLang accept any TP that divides the attention heads (and the other sharded
        // shapes); HostPlan plans the power-of-two TPs engines are run and tuned at.
        return "TP " + std::to_string(par.tp) +
               " is not a power of two: HostPlan plans TP on 1, 2, 4, 8, ... GPUs (the engines "
               "accept other TPs that divide the attention heads, rarely run)";
    }
    if (std::string problem = attentionDpProblem(model, par); !problem.empty()) {
        return problem;
    }
    // With attention DP, one attention layer is split over tp / dp GPUs only.
    const std::uint32_t attnTp = par.attentionTp();
    if (model.numAttentionHeads && model.numAttentionHeads % attnTp != 0) {
        return "TP " + std::to_string(attnTp) + " does not divide the " +
               std::to_string(model.numAttentionHeads) + " attention heads";
    }
    if (std::string problem = headShardProblem(model, attnTp); !problem.empty()) {
        return problem;
    }
    if (par.ep != 1 && par.ep != par.tp) {
        return "EP " + std::to_string(par.ep) + " must be 1 or equal to TP (" +
               std::to_string(par.tp) + ")";
    }
    if (par.ep > 1 && !model.isMoe()) {
        return "EP " + std::to_string(par.ep) + " needs a mixture-of-experts model";
    }
    if (par.ep > 1 && model.experts.routed % par.ep != 0) {
        return "EP " + std::to_string(par.ep) + " does not divide the " +
               std::to_string(model.experts.routed) + " routed experts";
    }
    if (model.numLayers && par.pp > model.numLayers) {
        return "PP " + std::to_string(par.pp) + " exceeds the " + std::to_string(model.numLayers) +
               " layers";
    }
    return {};
}

std::uint64_t largestLayoutGpus(const ModelSpec &model, std::uint32_t gpusPerNode) {
    return std::uint64_t(largestTp(model, gpusPerNode, 0)) *
           std::max<std::uint32_t>(model.numLayers, 1);
}

Result<Parallelism> preferredLayout(const ModelSpec &model, std::uint32_t gpus,
                                    std::uint32_t gpusPerNode) {
    if (gpus == 0) {
        return makeError("hardware.gpu_count", "must be at least 1");
    }
    const std::uint32_t node = std::max<std::uint32_t>(gpusPerNode, 1);
    const std::uint32_t tp = largestTp(model, std::min(gpus, node), gpus);
    Parallelism par{tp, 1, gpus / tp};
    if (model.isMoe() && tp > 1 && model.experts.routed % tp == 0) {
        par.ep = tp;
    }
    const std::string problem = layoutProblem(model, par);
    if (!problem.empty()) {
        return makeError("hardware",
                         "no valid layout on " + countText(gpus, "GPU") + ": " + problem);
    }
    return par;
}

std::uint32_t maxConcurrency(const MemoryBreakdown &memory, std::uint64_t contextTokens,
                             std::uint32_t kvBlockTokens) {
    if (memory.kvCapacityBytesPerGpu <= 0) {
        return 0;
    }
    if (contextTokens > 0 && contextTokens == memory.engineSequencesContext) {
        return memory.engineSequences; // the engine's own count (its layout and stages)
    }
    const std::uint64_t block = std::max<std::uint32_t>(kvBlockTokens, 1);
    const std::uint64_t rounded = ceilDiv(contextTokens, block) * block;
    std::uint64_t perSeq = memory.cache.perSequencePerGpu(rounded);
    std::uint64_t cap = std::numeric_limits<std::uint32_t>::max();
    if (memory.engine.stateSlotsInPool > 0) {
        // The engine keeps linear-attention state in a pool of its own (SGLang's mamba pool,
        // EngineMemoryTerms::stateSlotsInPool), already taken out of kvCapacityBytesPerGpu:
        // a sequence takes KV from the KV room and its state slots from that pool.
        const std::uint64_t slots = std::max<std::uint32_t>(memory.cache.stateSlotsPerRequest, 1);
        perSeq -= std::min(perSeq, memory.cache.stateBytesPerSequencePerGpu * slots);
        cap = std::min(cap, memory.engine.stateSlotsInPool / slots);
    }
    // One attention DP rank's sequences, times the ranks (MemoryBreakdown::attentionDp).
    const std::uint64_t ranks = std::max<std::uint32_t>(memory.attentionDp, 1);
    const std::uint64_t perRank =
        perSeq == 0
            ? cap
            : std::min<std::uint64_t>(std::uint64_t(memory.kvCapacityBytesPerGpu) / perSeq, cap);
    return std::uint32_t(
        std::min<std::uint64_t>(perRank * ranks, std::numeric_limits<std::uint32_t>::max()));
}

} // namespace hostplan
