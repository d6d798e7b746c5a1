// SPDX-License-Identifier: MIT
// hostplan-cli plan / serve-cmd with --engine llama.cpp: the one-machine planner
// (core/engine/llamacpp.h) with llama-server's own knobs (-ngl, --n-cpu-moe, -ctk, -np, -c).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace hostplan::cli {

/// True when `args` select llama.cpp ("--engine llama.cpp", "llamacpp", "llama-server").
bool wantsLlamaCpp(const std::vector<std::string> &args);

/// `plan` (serve false) or `serve-cmd` (serve true) for llama.cpp. Options: --model, --gpu
/// NAME|none, --host NAME, --host-memory-gb N, --ngl N, --n-cpu-moe N, --kv-type T, --parallel
/// N, --context N, --ubatch N, --batch N, --gguf-type T (for a model that is not a .gguf file:
/// the uniform type to size it in, default q4_K), --no-flash-attn, --no-op-offload,
/// --llamacpp-build bN (the release whose memory rules the plan follows; the command line is
/// the same), --fail-if-no-fit. serve-cmd plans by the newest rules whatever --llamacpp-build
/// says.
/// Returns the CLI exit code (cli.h).
int cmdLlamaCpp(const std::vector<std::string> &args, bool serve, std::ostream &out,
                std::ostream &err);

/// The help lines of these options.
std::string llamaCppUsage();

/// The error for an option `plan` / `serve-cmd` do not know under another engine: "unknown
/// option 'X' (see hostplan-cli --help)", or, for an option only llama.cpp plans take (--ngl,
/// --n-cpu-moe, --kv-type, --host, ...), that it needs --engine llama.cpp. Without the
/// "hostplan-cli: " prefix; `a` is escaped for the terminal.
std::string unknownPlanOptionText(const std::string &a);

} // namespace hostplan::cli
