// SPDX-License-Identifier: MIT
// hostplan-cli card-fit: "what fits this card" at the command line, the GUI's This card view
// (core/engine/cardfit.h): each model as each ggml type on one GPU + host under llama.cpp.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace hostplan::cli {

/// `card-fit` options: --gpu NAME (default rtx-4090), --gpu-file FILE (repeatable: the user's
/// GPU types), --host NAME (default ddr5-desktop), --host-memory-gb N, --model NAME|PATH
/// (repeatable; default every catalogue model), --types T,T,... (ggml types; default q4_K,
/// q5_K, q8_0, f16), --llamacpp-build bN. Prints one line per model, smallest first, each type's
/// cell as the view shows it: "runs to CONTEXT" with every layer on the GPU, "-ngl N/M" or
/// "--n-cpu-moe N" with the rest in RAM, or "does not fit", each with its decode ceiling at
/// --fit's smallest context (4096 tokens). Returns the CLI exit code (cli.h): 2 on a bad option.
int cmdCardFit(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

/// The help lines of `card-fit`.
std::string cardFitUsage();

} // namespace hostplan::cli
