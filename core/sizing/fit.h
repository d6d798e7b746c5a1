// Fit: memory floor, practical GPU count under TP / EP / PP and node-bundle rules, largest
// concurrency at a context, and the reasons a plan does not fit.
//
// Rules (seeds 000-004, issue text): TP is a power of two that divides the attention heads
// ("TP works on 2, 4 or 8 GPUs, not 6"); EP divides the routed experts; PP splits layers across
// nodes; rentals come in bundles of 1 GPU or whole nodes (8, or the GPU's own node size, e.g.
// 4 per GB200/GB300 tray). Per-GPU and pooled memory are never mixed: every figure says which.
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

/// Round a GPU count up to what can be rented: 1, or a multiple of gpusPerNode.
std::uint32_t roundToBundle(std::uint32_t gpus, std::uint32_t gpusPerNode);

/// Why a layout is invalid for a model ("" if valid): TP not a power of two, TP not dividing
/// the heads, EP not dividing the experts, PP above the layer count, GPUs not tp x pp.
std::string layoutProblem(const ModelSpec &model, const Parallelism &par);

/// The preferred valid layout on `gpus` GPUs: TP inside a node (the largest power of two that
/// divides the heads, `gpus` and is at most gpusPerNode), PP = gpus / TP across nodes; EP = TP
/// when the model is MoE and TP divides the routed experts. Error when PP would exceed the layer
/// count (e.g. 7 GPUs for a 4-layer model).
Result<Parallelism> preferredLayout(const ModelSpec &model, std::uint32_t gpus,
                                    std::uint32_t gpusPerNode);

/// Largest number of sequences of `contextTokens` the plan's KV capacity holds (vLLM rounds
/// each sequence up to whole KV blocks).
std::uint32_t maxConcurrency(const MemoryBreakdown &memory, std::uint64_t contextTokens,
                             std::uint32_t kvBlockTokens);

/// Largest GPU count the practical search tries.
inline constexpr std::uint32_t kMaxPracticalGpus = 1024;

/// Fit of one plan.
struct FitResult {
    bool fits = false;
    std::vector<std::string> reasons;      ///< why not (or warnings when it fits)
    std::uint32_t gpusFloor = 0;           ///< weights only, pooled advertised memory
    std::uint32_t gpusPractical = 0;       ///< smallest rentable count that fits the workload
    Parallelism practicalLayout;
    bool practicalFound = false;           ///< false if nothing up to the search cap fits
    std::uint32_t maxConcurrency = 0;      ///< at the workload context, on the chosen plan
    std::int64_t headroomBytesPerGpu = 0;  ///< budget - need on the most loaded GPU
};

/// Smallest rentable GPU count (1 or whole nodes, up to kMaxPracticalGpus) whose preferred
/// layout holds the weights and the scenario's workload (concurrency x context). Fills
/// gpusPractical, practicalLayout and practicalFound of a FitResult; none is found when the
/// context is above the model's max_position_embeddings (no GPU count serves it).
void findPracticalCount(const ModelSpec &model, const GpuSpec &gpu, std::uint32_t gpusPerNode,
                        const Scenario &scenario, FitResult &fit);

} // namespace hostplan
