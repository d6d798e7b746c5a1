// SPDX-License-Identifier: MIT
// Layout search: the cheapest real deployment of a model for a workload on one GPU type, over
// the rental offers for that type (issue 13). It enumerates the layouts the engines run
// (TP x EP x PP for one replica, data-parallel replicas), places them on each offer's instance
// shape, sizes each replica with the engine-faithful memory model (memory.h over
// engine/enginememory.h: the engine's own weights, activation, runtime and KV-pool rules) and
// its speed with the calibrated serving model (servingmodel.h, evaluated as computeThroughput
// evaluates a plan), and ranks the candidates that carry the workload by monthly cost;
// data-parallel replicas multiply a replica's sequences and output. Every other candidate keeps
// the reason it lost.
//
// Engine rules (vLLM, SGLang and TensorRT-LLM share them):
// - TP is a power of two that divides the attention heads. With fewer KV heads than TP, the KV
//   heads are replicated, which needs TP % kv_heads == 0; with more, kv_heads % TP == 0 (vLLM
//   model_executor/layers/linear.py QKVParallelLinear, SGLang's copy of it).
// - EP is 1 (experts sliced by TP) or the replica's TP, and must divide the routed experts.
// - Inside one instance a replica is TP (PP only where TP cannot use every GPU). Across
//   instances: dense models run TP inside an instance x PP across instances; MoE models run
//   TP/EP across every GPU of the replica, the layout of the engines' published multi-node MoE
//   recipes (SGLang cookbook Kimi K3 TP16/EP16 on 2 x 8 H200, TP32/EP32 on 4 x 8 H200; vLLM
//   recipe Kimi-K3.yaml TP32, strategy_min_gpus h100 32; kimi-k3-facts.md section 7). PP for
//   an MoE model across instances is marked unsupported: vLLM's TP8 x PP2 for Kimi K3 failed
//   (vllm-project/recipes #698) and no published MoE recipe uses it.
// - Speculative decoding on an engine that refuses it with PP > 1 (SGLang v0.5, TensorRT-LLM,
//   vLLM <= 0.15: engine/engine.h speculationPipelineProblem): a dense replica across
//   instances runs TP over all its GPUs instead (as SGLang's multi-node TP 16 does), and one
//   that would need PP inside an instance is unsupported, with the engine's refusal.
// - For an MoE model on vLLM or SGLang with no attention DP given, each layout with EP = TP and
//   PP 1 is also tried with full attention DP (dp = tp), as the engines' DP-attention recipes
//   run such models; the ranking keeps whichever is cheaper (layout.cpp searchedLayouts).
// - With a DeepEP all-to-all backend (engine.moe_a2a_backend) only layouts with EP = TP of at
//   least 2 are run (engine/engine.h moeA2aProblem).
// - A replica spans several instances only on an offer whose instances can be clustered
//   (multi_instance true); data-parallel replicas never need clustering.
//
// A candidate carries the workload when its replicas hold the requested concurrency at the
// context in KV memory (sequences split evenly over replicas) AND serve the monthly output
// tokens at the capacity batch within the time-per-output-token target. Replicas smaller than
// an instance fill the instances rented (2 x TP 4 on an 8-GPU instance, not 1 and 4 idle GPUs).
#pragma once

#include "catalogue/offers.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "sizing/throughput.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hostplan {

/// How a candidate ended up.
enum class CandidateStatus {
    Chosen,      ///< the cheapest candidate that carries the workload
    NearTie,     ///< carries it, within 5% of the chosen cost
    LostCost,    ///< carries it, dearer
    LostMemory,  ///< cannot hold the weights, or not one sequence of the context
    LostSpeed,   ///< one sequence is slower than the target, or too many replicas needed
    Unsupported, ///< the engines do not run this layout (or the offer cannot host it)
    NotRankable, ///< the offer lacks an instance shape or a price
};
/// Stable id for JSON: "chosen", "near_tie", "cost", "memory", "speed", "unsupported",
/// "not_rankable".
std::string candidateStatusId(CandidateStatus status);

/// Near-tie band: candidates within this fraction of the chosen cost are marked.
inline constexpr double kNearTieFraction = 0.05;
/// Largest number of GPUs one deployment (all replicas) may rent.
inline constexpr std::uint32_t kMaxLayoutGpus = 1024;
/// The same cap under the name the displays use ("none up to 1,024 GPUs").
inline constexpr std::uint32_t kMaxPracticalGpus = kMaxLayoutGpus;

/// One layout x offer x replica count.
///
/// The offer is shared, not copied: `offerRef` points into the search's own immutable offer
/// table (LayoutSearch::offers) and keeps that table alive, so a candidate, a copy of it or the
/// search it came from stays valid after the catalogue, a probe import or an offer edit replaced
/// the offers it was searched over (the GUI keeps plans across edits). Copying a candidate
/// copies no strings.
struct LayoutCandidate {
    /// The offer in the search's table; null for a layout rejected on every offer.
    std::shared_ptr<const RentalOffer> offerRef;
    /// The offer (an empty one, id "", for a layout rejected on every offer).
    const RentalOffer &offer() const;
    Parallelism layout;          ///< one replica
    std::uint32_t replicas = 0;  ///< data-parallel copies (0: none carries the workload)
    std::uint32_t instances = 0; ///< instances rented
    std::uint32_t gpusRented = 0;
    double usdPerGpuHour = 0;          ///< the rate ranked by (RentalOffer::rankingUsdPerGpuHour)
    double usdPerMonth = 0;            ///< scheduled monthly cost of all instances
    std::uint32_t memoryMaxBatch = 0;  ///< sequences of the context one replica holds
    std::uint32_t latencyMaxBatch = 0; ///< largest batch within the target (searched up to
                                       ///< the memory limit)
    std::uint32_t batch = 0;           ///< capacity batch of one replica
    double outputTokensPerMonth = 0;   ///< all replicas at the capacity batch
    CandidateStatus status = CandidateStatus::Unsupported;
    std::string reason; ///< why it lost (or, chosen, why it carries the workload)
    /// Whether the candidate carries the workload (Chosen, NearTie, LostCost).
    bool carries() const {
        return status == CandidateStatus::Chosen || status == CandidateStatus::NearTie ||
               status == CandidateStatus::LostCost;
    }
};

/// The search result for one model x GPU type x workload.
struct LayoutSearch {
    bool found = false;     ///< a candidate carries the workload
    std::size_t chosen = 0; ///< index of the chosen candidate (when found)
    /// Carrying candidates by cost first, then the rest (memory, speed, unsupported, not
    /// rankable) in the order they were met.
    std::vector<LayoutCandidate> candidates;
    /// The offers searched (this GPU type's, the scenario's rate applied, fallback shapes
    /// added), immutable and shared with every candidate: owned by the result, not by the
    /// catalogue or the scenario it was searched from.
    std::shared_ptr<const std::vector<RentalOffer>> offers;
    /// The fallback shapes were searched: no usable offer, or only machines smaller than the
    /// GPU's node and none of them carries the workload.
    bool fallback = false;
    std::string note;       ///< says how the offers were chosen (fallback, rate override)
    std::string noneReason; ///< when !found: why no candidate serves the workload
    const LayoutCandidate *best() const { return found ? &candidates[chosen] : nullptr; }
};

/// The engine rule problem of a replica layout ("" if the engines run it): the TP, KV-head and
/// EP rules above plus PP within the layers.
std::string engineLayoutProblem(const ModelSpec &model, const Parallelism &par);

/// Largest single machine the fallback assumes for a card rented without clustering
/// (GpuSpec::clusteredRentals false) when no node size is given: 8 cards, the largest
/// consumer / workstation instance in resources/offers.json (RunPod's 8x RTX 6000 Ada pod,
/// SkyPilot catalogue) and the usual 8-slot GPU server.
inline constexpr std::uint32_t kFallbackMachineMaxGpus = 8;

/// Offers used when none with a shape and a price exists for `gpu`, at the GPU's catalogue
/// rate, provider "HostPlan fallback". A data-centre GPU (GpuSpec::clusteredRentals): instances
/// of 1, 2, 4 ... GPUs below `nodeSize` (not clustered) and whole nodes of `nodeSize`
/// (clustered). A card rented as single machines: machines of 1, 2, 4 ... up to `nodeSize`, or
/// up to kFallbackMachineMaxGpus where the node is the card's own 1, none clustered (no
/// provider rents a fabric between consumer machines, so no replica spans two).
std::vector<RentalOffer> fallbackOffers(const GpuSpec &gpu, std::uint32_t nodeSize);

/// The shapes fallbackOffers(gpu, nodeSize) searches, in words, for the plan's note.
std::string fallbackShapesText(const GpuSpec &gpu, std::uint32_t nodeSize);

/// Search every layout x offer x replica count for the workload. `offers` are those for this
/// GPU type (catalogue + user; others are dropped), taken by value so a caller that no longer
/// needs its list moves it in: the result keeps them (LayoutSearch::offers). A scenario GPU-hour
/// rate overrides every offer's rate; `nodeSize` sizes the fallback. Without a GPU count
/// (HardwareChoice::gpuCount 0) every replica keeps the scenario's TP / PP / EP where given;
/// with a count the search stays free. Offers of only machines smaller than the fallback's
/// largest (single-GPU instances of an 8-GPU server card) that carry nothing are searched
/// again with the fallback shapes beside them (when the GPU type or the scenario has a rate),
/// and that search's result is returned. Never fails: the result says why nothing serves.
LayoutSearch searchLayouts(const ModelSpec &model, const GpuSpec &gpu, const Scenario &scenario,
                           std::vector<RentalOffer> offers, std::uint32_t nodeSize,
                           const Efficiency &efficiency);

} // namespace hostplan
