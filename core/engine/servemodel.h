// SPDX-License-Identifier: MIT
// What the serving commands load (servecommand.h servingModelPath) and how their comments
// name it: a catalogue entry's repository, an imported folder, or a GGUF file.
#pragma once

#include "catalogue/catalogue.h"
#include "plan/plan.h"

#include <optional>
#include <string>

namespace hostplan {

/// The catalogue entry the plan's model is: named by id, name, alias or repository, or given
/// as the path of a file that is byte for byte the entry's shipped config (the copy that
/// `cmake --install` puts in share/hostplan/models/, or resources/models/). Such a file's folder
/// holds no weights, so the engines must load the entry's repository instead; unless an
/// hf_quant_config.json sits beside it (a quantized checkpoint that kept the config). Reads at
/// most that one file (its size must match a shipped config first).
std::optional<ModelEntry> catalogueEntryOf(const PlanResult &p, const Catalogue &cat);

/// The comment on the command's model argument `path` (servingModelPath): the catalogue
/// entry's repository, the GGUF file (with what vLLM, SGLang and TensorRT-LLM make of one), or
/// the folder of the imported files.
std::string servingModelExplanation(const PlanResult &p, const Catalogue &cat,
                                    const std::string &path);

} // namespace hostplan
