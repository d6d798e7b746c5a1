// SPDX-License-Identifier: MIT
// hostplan-cli's catalogue listings: `models` and `gpus`.
#pragma once

#include "catalogue/catalogue.h"

#include <ostream>

namespace hostplan::cli {

/// `models`: every built-in model with its total and active parameters (billions), weights
/// (GB) and source; a model that does not import shows its error instead. Returns kExitOk.
int cmdModels(std::ostream &out);

/// `gpus`: every GPU type of `cat` with its memory (GB, usable GiB), bandwidth (TB/s), MXFP4
/// support, GPUs per node, default rate ($ per GPU-hour, "unknown" without one) and source.
/// Returns kExitOk.
int cmdGpus(const Catalogue &cat, std::ostream &out);

} // namespace hostplan::cli
