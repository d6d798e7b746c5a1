// SPDX-License-Identifier: MIT
// The plan as JSON: the documented, stable schema that `hostplan-cli plan --json` prints, the GUI
// exports and the report embeds (README "JSON schema"). Bytes are integers; money in USD;
// infinite values (e.g. break-even with a free API) are null.
#pragma once

#include "plan/plan.h"

#include <nlohmann/json.hpp>

#include <string>

namespace hostplan {

/// Version of the plan JSON schema; bump on any incompatible change.
inline constexpr int kPlanJsonSchemaVersion = 1;

/// The plan as an ordered JSON object (keys in documentation order).
/// `today` (YYYY-MM-DD; "" = none) dates the stale-price check of "api.stale".
nlohmann::ordered_json planToJson(const PlanResult &plan, std::string_view today = {});

/// planToJson(plan).dump(2) plus a newline.
std::string planToJsonText(const PlanResult &plan, std::string_view today = {});

} // namespace hostplan
