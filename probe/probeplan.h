// SPDX-License-Identifier: MIT
// The plan a probe run checks, taken from a HostPlan scenario through the core (the same
// evaluate() the GUI and the CLI use, so the per-GPU bytes are the same figure everywhere).
#pragma once

#include "probereport.h"
#include "util/result.h"

#include <string>

namespace hostplan::probe {

/// Load a scenario file and evaluate it: planned bytes per GPU = the plan's per-GPU memory total
/// (weights + KV cache + state + activations + runtime), GPU count and GPU type with its
/// catalogue memory and bandwidth. Errors name the file and the field (from the core).
Result<PlanInfo> planFromScenarioFile(const std::string &path);

} // namespace hostplan::probe
