// SPDX-License-Identifier: MIT
// The generic importer's key rules (arch_generic.cpp): config-class defaults for keys released
// configs omit, and what it does with keys it does not read: a note that the plan is
// estimated, or a refusal naming the key when the key says the reading would be wrong. All
// refusals throw ImportFailure naming the field (import/configreader.h).
#pragma once

#include "import/configreader.h"
#include "import/modelbuilder.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace hostplan::importer {

/// Notes "estimated: ..." for every size-like key of `c` the generic reading does not read.
void noteUnreadKeys(const ConfigReader &c, ModelBuilder &b);

/// Refuses, naming the key, an unread key that says the reading missed what sizes the model:
/// an expert count above 1 (a number or a string of digits) when no experts were read (sizing a
/// MoE as dense), a mamba_* / ssm_* size (state-space layers), or a KV-head or attention-group
/// count that differs from the `kvHeads` KV heads read (0: not checked; Step3's
/// num_attention_groups, ChatGLM's multi_query_group_num).
void refuseUnreadShapeKeys(const ConfigReader &c, bool expertsRead, std::uint64_t kvHeads);

/// Refuses, naming the key, an unread key that holds one object per layer (Nemotron-NAS
/// block_configs): heterogeneous layers whose shapes the generic reading cannot know.
void refusePerLayerObjects(const ConfigReader &c, std::uint64_t layers);

/// `c`'s object as its config class reads it, for model_type `type` ("_text" removed): the
/// class's aliases of original keys applied (Lfm2Config's block_ff_dim for intermediate_size),
/// then its defaults added for the keys it lacks (absent, not null): Gemma3TextConfig's (Gemma
/// 3's multimodal configs leave most of text_config to it) and Cohere2Config's window pattern.
/// Each alias read and default taken is noted. A copy of `c` for other families.
nlohmann::json withClassDefaults(const ConfigReader &c, const std::string &type, ModelBuilder &b);

} // namespace hostplan::importer
