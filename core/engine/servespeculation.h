// SPDX-License-Identifier: MIT
// The speculative-decoding flags of the serving commands (servecommand.h): the model's own MTP
// layers, or the plan's named draft (engine.draft), for vLLM and SGLang.
#pragma once

#include "catalogue/catalogue.h"
#include "engine/engine.h"
#include "engine/servecommand.h"

namespace hostplan {

struct PlanResult;

/// Appends the speculative-decoding flags of `engine` (vLLM or SGLang) to `c`. A named draft
/// (ModelSpec::draft): vLLM `--speculative-config '{"model": ..., "num_speculative_tokens":
/// k}'` (or `"method": "eagle"` for an EAGLE head), SGLang STANDALONE or EAGLE with
/// --speculative-draft-model-path; the draft is the catalogue entry's repository, else the
/// path as given, and an EAGLE head HostPlan built has a placeholder path; at least one token.
/// Else, when the plan speculates and the model ships MTP layers: vLLM `{"method":"mtp",...}`
/// (vllm-project/recipes DeepSeek MTP recipes), SGLang EAGLE over the model's next-n layer
/// with one draft token per step (SGLang's DeepSeek usage docs). Nothing otherwise.
void addSpeculation(const PlanResult &p, Engine engine, const Catalogue &cat, ServeCommand &c);

} // namespace hostplan
