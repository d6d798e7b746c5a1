// SPDX-License-Identifier: MIT
// Fit: memory floor, practical GPU count under TP / EP / PP and node-bundle rules, largest
// concurrency at a context, and the reasons a plan does not fit.
//
// Rules (seeds 000-004, issue text): TP is a power of two that divides the attention heads
// ("TP works on 2, 4 or 8 GPUs, not 6"); EP divides the routed experts; PP splits layers across
// nodes. The practical count comes from the layout search over rental offers (layout.h); the
// seeds' "1 GPU or whole nodes" survives only as roundToBundle. Per-GPU and pooled memory are
// never mixed: every figure says which.
#pragma once

#include "sizing/memory.h"
#include "util/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hostplan {

/// GPUs needed to hold `bytes` in pooled advertised memory: ceil(bytes / memoryBytes). This is
/// the seeds' "weights only" floor (decimal GB as advertised).
std::uint32_t memoryFloorGpus(std::uint64_t bytes, std::uint64_t memoryBytesPerGpu);

/// The seeds' rental rule (seeds 001/004: "rented in packages of 1 or 8"): round a GPU count up
/// to 1 or a multiple of gpusPerNode. One provider's shape, not HostPlan's rule: the layout
/// search (layout.h) rents the offers' real shapes; this remains for the seeds' own figures
/// and the pilot range's upper end.
std::uint32_t roundToBundle(std::uint32_t gpus, std::uint32_t gpusPerNode);

/// Why a layout is invalid for a model ("" if valid): TP not a power of two, the attention TP
/// (tp / dp) not dividing the attention or recurrent-state heads, EP not dividing the experts,
/// PP above the layer count, GPUs not tp x pp, and attentionDpProblem.
std::string layoutProblem(const ModelSpec &model, const Parallelism &par);

/// Why the layout's attention data parallelism (Parallelism::dp) is invalid ("" if valid or
/// dp is 1): dp 0, dp not dividing tp (vLLM and SGLang build dp attention groups of tp / dp
/// GPUs), PP above 1 (not planned), or a model without routed experts (attention DP exists for the
/// MoE layers that span the groups; a dense model's data-parallel copies are replicas,
/// LayoutCandidate::replicas).
std::string attentionDpProblem(const ModelSpec &model, const Parallelism &par);

/// The most GPUs any valid layout of `model` spans with at most `gpusPerNode` GPUs of TP in a
/// node: the largest power-of-two TP within the node that divides the attention and
/// recurrent-state heads, times PP up to the layer count (1 for a model without layers).
std::uint64_t largestLayoutGpus(const ModelSpec &model, std::uint32_t gpusPerNode);

/// The preferred valid layout on `gpus` GPUs: TP inside a node (the largest power of two that
/// divides the heads, `gpus` and is at most gpusPerNode), PP = gpus / TP across nodes; EP = TP
/// when the model is MoE and TP divides the routed experts. Error when PP would exceed the layer
/// count (e.g. 7 GPUs for a 4-layer model).
Result<Parallelism> preferredLayout(const ModelSpec &model, std::uint32_t gpus,
                                    std::uint32_t gpusPerNode);

/// Largest number of sequences of `contextTokens` the plan's KV capacity holds. At the
/// context the memory was sized for, the engine's own count (MemoryBreakdown::engineSequences,
/// so that the fit and the start-up verdict agree); at another context the capacity over one
/// sequence's cache (vLLM rounds each sequence up to whole KV blocks; where the engine keeps
/// linear-attention state in its own pool (SGLang), each sequence takes only its KV from the
/// capacity and the count is also capped by the pool's state slots / slots per request).
std::uint32_t maxConcurrency(const MemoryBreakdown &memory, std::uint64_t contextTokens,
                             std::uint32_t kvBlockTokens);

/// Fit of one plan.
struct FitResult {
    /// The engine starts and holds the workload: every requested sequence at its context.
    bool fits = false;
    /// The engine starts and holds maxConcurrency (at least one) sequences of the workload's
    /// context, fewer than requested, and nothing else stops the plan: continuous batching
    /// queues the rest, so the plan serves the workload at that running batch (vLLM V1's
    /// Scheduler.schedule, vllm/v1/core/sched/scheduler.py: a waiting request for which
    /// allocate_slots finds no free KV blocks stays waiting, a running one out of blocks is
    /// preempted). Costs, capacity and break-even are of what it serves; the verdict still
    /// says it does not hold the workload.
    bool startsShort = false;
    std::vector<std::string> reasons; ///< why not (or warnings when it fits)
    std::uint32_t gpusFloor = 0;      ///< weights only, pooled advertised memory
    std::uint32_t gpusPractical = 0;  ///< GPUs the layout search's choice rents
    Parallelism practicalLayout;
    bool practicalFound = false; ///< false if nothing up to the search cap fits
    /// Sequences of the workload context the chosen plan holds at once; 0 when the engine
    /// does not start (EngineStartup::starts() false).
    std::uint32_t maxConcurrency = 0;
    /// Budget - need on the most loaded GPU, bytes: a memory figure, kept when the plan is
    /// refused for another reason (negative: short by that much).
    std::int64_t headroomBytesPerGpu = 0;

    /// The plan serves the workload, in full (fits) or with part of its sequences queued
    /// (startsShort): what every cost, capacity and break-even figure is gated on.
    bool serves() const { return fits || startsShort; }
};

} // namespace hostplan
