// SPDX-License-Identifier: MIT
// One replica layout's memory and speed on one instance size: what the layout search
// (layout.h) ranks offers by, and what a plan on a fixed GPU count picks its layout by
// (layoutdp.h fixedCountLayout).
#pragma once

#include "model/hardware.h"
#include "model/modelspec.h"
#include "scenario/scenario.h"
#include "sizing/throughput.h"

#include <cstdint>
#include <string>

namespace hostplan {

/// Memory and speed of one replica layout on one instance size (cached across offers).
struct ReplicaFigures {
    /// Sequences of the workload's context the KV room holds (fit.h maxConcurrency); 0: none.
    std::uint32_t memoryMaxBatch = 0;
    /// The largest running batch, at most memoryMaxBatch and the engine's sequence cap, whose
    /// time per output token meets the workload's target (throughput.h maxBatchWithinTarget).
    std::uint32_t latencyMaxBatch = 0;
    std::uint32_t batch = 0;         ///< the batch the replica runs: latencyMaxBatch
    double outputTokensPerMonth = 0; ///< one replica at `batch`, tokens per month
    std::string memoryReason;        ///< set when memoryMaxBatch == 0
    std::string speedReason;         ///< set when latencyMaxBatch == 0
};

/// Memory (engine memory model, computeMemory) and speed (serving model, as computeThroughput
/// evaluates a plan) of one replica of `par` of `model` on `gpu`, on instances of `instance`
/// GPUs, under scenario `s` and the serving model's `efficiency`. A layout whose flags the
/// engine refuses before loading (engineArgumentsCheck) holds nothing; its memoryReason says
/// why.
ReplicaFigures replicaFigures(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                              std::uint32_t instance, const Scenario &s,
                              const Efficiency &efficiency);

} // namespace hostplan
