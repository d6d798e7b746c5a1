// SPDX-License-Identifier: MIT
// Draft models for speculative decoding: an EAGLE head built from a target model, and a draft
// model's weight bytes per GPU. The engines' memory rules for a draft (where its weights, KV
// and activation go) are in enginememory.h and each engine's file.
#pragma once

#include "model/modelspec.h"

#include <cstdint>

namespace hostplan {

/// Scenario engine.draft value that asks for an EAGLE head built from the target.
inline constexpr const char *kEagleDraft = "eagle";

/// An EAGLE draft head for `target`, in the EAGLE-1 layout the engines load (vLLM
/// vllm/model_executor/models/llama_eagle.py, SGLang python/sglang/srt/models/llama_eagle.py:
/// one decoder layer, fc [2H -> H] as a plain replicated linear, the target's input
/// embedding and LM head shared; vLLM v1/spec_decode/eagle.py load_model, SGLang
/// speculative/eagle_worker.py @ 00559eac set_embed_and_head). Shapes: one layer of the
/// target's first full-attention kind (its KV heads and head size) with the target's
/// per-layer attention parameters, one dense MLP of gate/up/down [H, I] with I the target's
/// dense intermediate size (all-MoE targets: the routed expert intermediate x top-k, the
/// width one token's experts have; HostPlan's assumption, heads for MoE models vary), two
/// [H] norms; all bf16, as EAGLE heads ship. Sets eagleHead; id "<target id>-eagle-head".
ModelSpec eagleHeadSpec(const ModelSpec &target);

/// Weight bytes of draft model `draft` on one GPU at tensor parallel `tp`: sharded groups
/// split by tp (rounded up), replicated groups whole. Engines shard a draft by the target's
/// TP (vLLM v1/spec_decode/draft_model.py @ 01dd981d, SGLang's draft worker).
std::uint64_t draftModelWeightBytes(const ModelSpec &draft, std::uint32_t tp);

} // namespace hostplan
