// SPDX-License-Identifier: MIT
// What the serving commands load (servecommand.h servingModelPath) and how their comments
// name it: a catalogue entry's repository, an imported folder, or a GGUF file.
#pragma once

#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "plan/plan.h"

#include <optional>
#include <string>
#include <string_view>

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

/// What stands for the Hugging Face checkpoint of a GGUF file that names none
/// (ModelSpec::originRepo empty): the user replaces it.
inline constexpr std::string_view kGgufOriginPlaceholder = "ORG/NAME";
/// The Hugging Face checkpoint a GGUF plan's file was made from (ModelSpec::originRepo), or
/// kGgufOriginPlaceholder.
std::string checkpointOfGguf(const PlanResult &p);

/// vLLM's `--tokenizer` for a GGUF plan that is no catalogue entry (its GGUFModelLoader takes
/// the tokenizer apart, vllm/model_executor/model_loader/gguf_loader.py @ v0.19.0):
/// checkpointOfGguf, added to `c`; nothing for other plans.
void addGgufTokenizer(const PlanResult &p, const Catalogue &cat, ServeCommand &c);

} // namespace hostplan
