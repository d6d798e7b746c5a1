// SPDX-License-Identifier: MIT
// A user's GPU types merged into a scenario's own: the one rule the CLI's --gpu-file and the
// GUI's "Add GPU types..." follow (a later file's type replaces one of the same id; no name may
// name two types; a scenario holds at most kMaxUserGpus).
#pragma once

#include "model/hardware.h"
#include "util/result.h"

#include <string>
#include <vector>

namespace hostplan {

/// `types` (a scenario's hardware.custom_gpus, in order) with `added` (one file's types,
/// loadGpuFile) merged in: a type of `added` whose id `types` holds replaces it there, the
/// others follow in file order. Errors, each naming `where` (the file's list: "FILE: gpus") and
/// the entry: a name of `added` (id, name or alias, case and punctuation aside) that already
/// names another type of the built-in catalogue or of `types` (Catalogue::withGpus), or more
/// than kMaxUserGpus types together (hardware.custom_gpus reads back at most that many).
Result<std::vector<GpuSpec>> mergeGpuTypes(const std::vector<GpuSpec> &types,
                                           std::vector<GpuSpec> added, const std::string &where);

} // namespace hostplan
