// SPDX-License-Identifier: MIT
// The plan as English text: what `hostplan-cli plan` prints, and what the GUI executable prints
// instead of opening its window when there is no display. Locale-independent (C number formats,
// "," thousands separators); memory in GB and GiB side by side, money in USD.
#pragma once

#include "plan/plan.h"

#include <ostream>
#include <string_view>

namespace hostplan {

/// Write `plan` as the multi-line text table of `hostplan-cli plan` (model, GPUs, workload, KV
/// cache, memory per GPU, fit, speed, cost, API and break-even, decision, notes) to `out`.
/// `today` (YYYY-MM-DD; "" = no check) dates the stale-price notes.
void writePlanText(const PlanResult &plan, std::ostream &out, std::string_view today = {});

} // namespace hostplan
