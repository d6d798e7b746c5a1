// SPDX-License-Identifier: MIT
// hostplan-probe's command line: parsing, running the probe steps into a report, the exit code
// and the human-readable summary. main.cpp only calls runProbeCli(); the rest is public so that
// tests (and an in-process caller) can use the same code.
//
// Exit codes:
//   0   everything ran and every fit test passed
//   1   a step failed (CUDA error, verification mismatches)
//   2   usage error (unknown command or option, bad value, unreadable scenario): one line on stderr
//   3   no GPU found (or built without any GPU back end); the report lists no device
//   4   a plan does not fit (requested more than free, or the allocation failed)
//   5   the report (-o FILE) could not be written (the reason on stderr; the old file kept),
//       whatever the steps found
//   124 stopped by --timeout (everything allocated was freed); the time-out also covers the
//       import of --scenario's model
//   130 interrupted by SIGINT / SIGTERM / SIGHUP (everything allocated was freed)
#pragma once

#include "cancel.h"
#include "fitplan.h"
#include "probereport.h"
#include "util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostplan::probe {

/// Process exit codes (see the file comment).
enum ExitCode : int {
    kExitOk = 0,
    kExitFailure = 1,
    kExitUsage = 2,
    kExitNoGpu = 3,
    kExitDoesNotFit = 4,
    kExitWriteFailed = 5,
    kExitTimedOut = 124,
    kExitInterrupted = 130,
};

/// The steps a command runs.
struct Steps {
    bool fit = false;
    bool bandwidth = false;
    bool allreduce = false;
    bool kernels = false;
};

/// Parsed command line.
struct CliOptions {
    std::string command;                    ///< devices, fit, bandwidth, allreduce, kernels, all
    bool help = false;                      ///< --help / help: print usage, exit 0
    bool version = false;                   ///< --version / version
    bool json = false;                      ///< print the JSON report on stdout
    std::string output;                     ///< -o FILE: also write the JSON report there
    std::string scenario;                   ///< --scenario FILE
    std::vector<std::uint64_t> bytesPerGpu; ///< --bytes-per-gpu (repeatable, comma lists)
    std::vector<double> fractions;          ///< --fraction-of-free (repeatable, comma lists)
    std::uint64_t chunkBytes = kDefaultChunkBytes; ///< --chunk-bytes
    std::vector<int> devices;  ///< --device N: only these CUDA devices (empty = all)
    double timeoutSeconds = 0; ///< --timeout S (0 = none)
    bool quick = false;        ///< --quick: fewer repetitions
    bool withKernels = false;  ///< --with-kernels: `all` also runs kernel benchmarks
    bool quiet = false;        ///< -q: no progress lines on stderr
    std::string commandLine;   ///< the arguments joined, for the report
    /// The steps the command runs (derived from command and options).
    Steps steps() const;
};

/// Parse arguments (without argv[0]). Errors are one line, e.g. "unknown option '--foo'";
/// "fit needs --scenario FILE, --bytes-per-gpu SIZE or --fraction-of-free F".
Result<CliOptions> parseCommandLine(const std::vector<std::string> &args);

/// The --help text.
std::string usageText();

/// Run the steps of `options` and return the report (never throws). `plan` is the resolved
/// --scenario (or nullopt); sizes from --bytes-per-gpu / --fraction-of-free are added. Progress
/// goes to `progress` as an overall fraction of the run.
ProbeReport runProbe(const CliOptions &options, const std::optional<PlanInfo> &plan,
                     const CancelToken &cancel, const ProgressFn &progress);

/// Exit code for a report's status (see ExitCode).
int exitCodeFor(const ProbeReport &report);

/// A short human-readable summary of a report (what the CLI prints without --json).
std::string summaryText(const ProbeReport &report);

/// The whole CLI: parse, resolve the scenario, install signal handlers, run, print, return the
/// exit code.
int runProbeCli(int argc, char **argv);

} // namespace hostplan::probe
