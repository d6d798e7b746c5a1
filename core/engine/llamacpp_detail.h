// SPDX-License-Identifier: MIT
// Internal to the llama.cpp planner (llamacpp_memory.cpp and llamacpp_fit.cpp); not for other
// callers, which use planLlamaCpp (engine/llamacpp.h).
#pragma once

#include "engine/llamacpp.h"

#include <vector>

namespace hostplan {

/// The plan at exactly the context, slots, -ngl, --n-cpu-moe and split `in` names (context 0 =
/// kLlamaDefaultContext, parallel 0 = 1 slot; no --fit), with the routed experts of every block
/// il with cpuExperts[il] in RAM as well (--fit's per-block overrides; empty = none, a shorter
/// vector leaves the later blocks alone). Errors as planLlamaCpp.
Result<LlamaCppPlan> llamaPlanAt(const LlamaCppInput &in, const std::vector<bool> &cpuExperts);

} // namespace hostplan
