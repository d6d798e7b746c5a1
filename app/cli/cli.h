// SPDX-License-Identifier: MIT
// hostplan-cli: every figure of HostPlan from the command line, over the same core as the GUI.
// Sub-commands: plan, models, gpus, plus extra ones registered by the executable (e.g. report,
// which needs Qt Gui).
#pragma once

#include <array>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {
struct Scenario;
}

namespace hostplan::cli {

/// Exit codes: 0 success; 1 the plan was computed but does not fit (only with
/// --fail-if-no-fit); 2 bad arguments or bad input (one-line error on stderr); 3 an output file
/// could not be written (the path and the reason on stderr; the old file is kept).
inline constexpr int kExitOk = 0;
inline constexpr int kExitNoFit = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitWriteFailed = 3;

/// A plan option only one engine's plans read (its --engine name in `engine`).
struct EngineOnlyOption {
    std::string_view option; ///< "--vllm-version"
    std::string_view engine; ///< "vllm"
};
/// The plan options only one engine's plans read (--vllm-version, --prefix-caching,
/// --sglang-version): another engine's plan takes them with a warning (warnEngineOnly).
inline constexpr std::array<EngineOnlyOption, 4> kEngineOnlyOptions = {{
    {"--vllm-version", "vllm"},
    {"--prefix-caching", "vllm"},
    {"--text-only", "vllm"},
    {"--sglang-version", "sglang"},
}};

/// Writes "hostplan-cli: warning: OPTION applies to --engine ENGINE only; the PLAN plan ignores
/// it" to `err`, for an option of kEngineOnlyOptions given with another engine (`planEngine` as
/// plans print it, e.g. "SGLang").
void warnEngineOnly(std::ostream &err, const EngineOnlyOption &option, std::string_view planEngine);

/// An extra sub-command: receives the arguments after its name.
using Command =
    std::function<int(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)>;

/// Run the CLI on `args` (without the program name). Output to `out`, errors to `err`.
int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
        const std::map<std::string, Command> &extra = {});

/// Build a scenario from the plan options (--scenario FILE first, then --model, --gpu,
/// --gpu-count, --context, --concurrency, --weights-format, --kv-format, --engine, ...).
/// Returns "" on success or a one-line error naming the option and the bad value. `rest`
/// receives arguments that are not plan options.
std::string scenarioFromArgs(const std::vector<std::string> &args, Scenario &scenario,
                             std::vector<std::string> &rest);

/// The help text; ends with a newline.
std::string usage();

/// The project's version from CMake (project(HostPlan VERSION ...)), e.g. "0.1.0"; what
/// `hostplan-cli --version` prints after the program name.
std::string version();

} // namespace hostplan::cli
