// SPDX-License-Identifier: MIT
// The decision's honest ranges and the sensitivity ranking as tables (issue 14), shown by the
// Sensitivity view and printed by the PDF report, so both show the same cells. Every figure is
// the core's (decisionRanges() and sensitivity() in core/plan/decision.h); these builders only
// label and format them.
#pragma once

#include "plan/decision.h"
#include "report/reportcontent.h"

#include <vector>

namespace hostplan::ui {

/// Low / likely / high of the capacity, cost per 1M output tokens at capacity, heavy users
/// served, break-even volume over the API price range, heavy users needed and the API bill.
/// Low is the cheap or slow end as decisionRanges() defines it for each row.
ReportTable rangesTable(const PlanResult &plan);

/// `ranked` (sensitivity(plan), largest swing first): each input's cost per 1M output tokens
/// and capacity over break-even at -20% and +20%, and its swing.
ReportTable sensitivityTable(const PlanResult &plan, const std::vector<SensitivityEntry> &ranked);

/// The call in words: whether the plan serves its break-even volume across the throughput band
/// and the API price range ("too close to call" with the assumption that decides it), or why
/// there is no call.
QString rangeCallText(const PlanResult &plan);

} // namespace hostplan::ui
