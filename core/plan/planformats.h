// SPDX-License-Identifier: MIT
// The number formats a plan settles before sizing: the checkpoint's stored linear format and
// the recurrent-state format (engine defaults, vLLM's KDA exception).
#pragma once

#include "plan/plan.h"

#include <optional>

namespace hostplan {

/// The format of `m`'s largest linear group stored in a quantized format (not FP32 / BF16 /
/// FP16): a quantized checkpoint's; nullopt when every linear group is a float dtype.
std::optional<NumberFormat> quantizedLinearFormat(const ModelSpec &m);

/// The plan's recurrent-state format: the scenario's when chosen, else the engine's default
/// for the model (engine/servedtype.h engineStateFormat), with PlanResult::stateFormatNote
/// saying which. vLLM keeps KDA state in float32 whatever the flag, so a chosen other format
/// is replaced there, with a warning. Models without a recurrent state keep the scenario's.
void resolveStateFormat(const ModelSpec &checkpoint, const NumberFormat &dtype, PlanResult &r);

} // namespace hostplan
