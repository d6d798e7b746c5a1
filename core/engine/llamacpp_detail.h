// SPDX-License-Identifier: MIT
// Internal to the llama.cpp planner (llamacpp_memory.cpp and llamacpp_fit.cpp); not for other
// callers, which use planLlamaCpp (engine/llamacpp.h).
#pragma once

#include "engine/llamacpp.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hostplan {

/// The plan at exactly the context, slots, -ngl, --n-cpu-moe and split `in` names (context 0 =
/// kLlamaDefaultContext, parallel 0 = 1 slot; no --fit), with the routed experts of every block
/// il with cpuExperts[il] in RAM as well (--fit's per-block overrides; empty = none, a shorter
/// vector leaves the later blocks alone). Errors as planLlamaCpp.
Result<LlamaCppPlan> llamaPlanAt(const LlamaCppInput &in, const std::vector<bool> &cpuExperts);

/// Pipeline parallelism's decision for a plan (engine/llamacpp.h, "Pipeline parallelism").
struct LlamaPipeline {
    std::uint32_t copies = 1; ///< kLlamaSchedMaxCopies when on
    std::string why;          ///< the reason, in words (empty with fewer than two GPUs)
};

/// Whether release `in.build` runs `gpus` GPUs with pipeline parallelism: `everyLayerOnGpu`
/// (the repeating layers and the output layer), `tensorOverrides` (--n-cpu-moe or --fit's
/// expert overrides). No errors.
LlamaPipeline llamaPipeline(const LlamaCppInput &in, std::size_t gpus, bool everyLayerOnGpu,
                            bool tensorOverrides);

} // namespace hostplan
