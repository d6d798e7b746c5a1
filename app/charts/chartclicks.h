// SPDX-License-Identifier: MIT
// Click a chart to make what it shows the plan (issue 18): each helper turns one clicked bar or
// point into one undoable edit of the document, worded for the Edit menu, and does nothing when
// the scenario already has that value. The charts call them; tests call them directly too.
#pragma once

#include "model/numberformat.h"

#include <QString>

#include <cstdint>
#include <string>

namespace hostplan::ui {

class ScenarioDocument;

/// The line a clickable bar's or point's tooltip ends with ("Click to make this the plan").
QString clickHint();

/// Make catalogue GPU type `gpuId` the plan's GPU: GPU count, layout and rate back to auto, as
/// the Hardware dock's GPU box does (core withGpuType()). Returns whether an edit was made
/// (false for the current type or an id the catalogue does not know).
bool chooseGpuType(ScenarioDocument *doc, const std::string &gpuId);

/// Make `format` the weights' precision for every group (per-group overrides cleared, as the
/// memory chart's bar for that format is computed). Returns whether an edit was made.
bool chooseWeightsFormat(ScenarioDocument *doc, const NumberFormat &format);

/// Set the workload's context length (tokens per sequence, > 0). Returns whether an edit was
/// made (false for 0 or the current context).
bool chooseContext(ScenarioDocument *doc, std::uint64_t contextTokens);

/// Set the workload's concurrency (sequences in flight, > 0). Returns whether an edit was made
/// (false for 0 or the current concurrency).
bool chooseConcurrency(ScenarioDocument *doc, std::uint32_t sequences);

} // namespace hostplan::ui
