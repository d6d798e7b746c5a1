// SPDX-License-Identifier: MIT
// The GGUF architectures llama.cpp loads (general.architecture), so that a plan of a file whose
// architecture it does not know says so instead of planning it as if it would run.
#pragma once

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

} // namespace hostplan
