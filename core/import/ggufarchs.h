// SPDX-License-Identifier: MIT
// The GGUF architectures llama.cpp loads (general.architecture), so that a plan of a file whose
// architecture it does not know says so instead of planning it as if it would run.
#pragma once

#include "model/modelspec.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace hostplan {

/// Whether llama.cpp names `arch` (a GGUF's general.architecture) in its architecture table:
/// src/llama-arch.cpp LLM_ARCH_NAMES @ 00395eb285c7c6821ff372e3ca41dae9da33c2c7 (136 names, the
/// "clip" projector entry among them). Case-sensitive, as llama.cpp compares. A newer build may
/// know more.
bool llamaCppKnowsArchitecture(std::string_view arch);

/// The note a plan of a GGUF whose architecture llama.cpp does not name carries ("" when it
/// names it): llama.cpp refuses such a file ("unknown model architecture").
std::string unknownGgufArchitectureNote(std::string_view arch);

/// Whether llama.cpp's expert override matches tensor `name`: --n-cpu-moe and --cpu-moe push
/// the pattern "\\.ffn_(up|down|gate|gate_up)_(ch|)exps" (LLM_FFN_EXPS_REGEX, common/common.h @
/// 001d906a6d86e2490e394361e7cc6f478b100088, read), prefixed with "blk\\.N" per block, and the
/// loader takes an override whose pattern std::regex_search finds anywhere in the name
/// (src/llama-model.cpp @ a5410f046c01d01330c8a42f13b64a211fedf2c3 load_tensors, read). So it
/// matches the routed experts, fused gate+up experts and GroveMoE's chunk experts (_chexps), each
/// with its .bias / .scale, but not ffn_norm_exps (src/llama-arch.cpp @
/// 00395eb285c7c6821ff372e3ca41dae9da33c2c7) or shared experts (_shexp).
bool expertOverrideTensor(std::string_view name);

/// Whether `name` is a per-layer input embedding table (Gemma 3n / Gemma 4
/// per_layer_token_embd, LLM_TENSOR_PER_LAYER_TOKEN_EMBD: an input tensor llama.cpp keeps on the
/// CPU beside token_embd; src/llama-arch.cpp @ 00395eb2).
bool isPerLayerEmbeddingTensor(std::string_view name);

/// The role of a GGUF tensor by its llama.cpp name and number of dimensions: token_embd and
/// per_layer_token_embd the embedding, output the LM head, v. / mm. / a. the vision and audio
/// towers, _exps routed experts, _shexp shared experts, ffn_gate_inp / exp_probs the router,
/// 1-D tensors and norms, attention / SSM / time-mix / short-conv, ffn_ dense MLP, else Other.
GroupRole ggufTensorRole(const std::string &name, std::size_t dims);

/// "org/name" of a Hugging Face repository named by `text` ("org/name" itself, or a
/// huggingface.co address), "" when it names none (ModelSpec::originRepo): two path parts of
/// letters, digits, '.', '_' and '-', each 1 to 96 characters (the Hub's own limit) and not
/// starting with '.' or '-' (so never "..").
std::string hubRepositoryOf(std::string_view text);

} // namespace hostplan
