// SPDX-License-Identifier: MIT
#include "probecli.h"

#include "backend.h"
#include "probeplan.h"
#include "util/fileio.h"
#include "util/terminaltext.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <future>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

namespace hostplan::probe {

namespace {

const char *const kCommands[] = {"devices", "fit", "bandwidth", "allreduce", "kernels", "all"};

bool isCommand(const std::string &s) {
    for (const char *c : kCommands) {
        if (s == c) {
            return true;
        }
    }
    return false;
}

std::vector<std::string> splitCommas(const std::string &s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string signedBytes(std::int64_t b) {
    if (b < 0) {
        return "-" + formatBytes(static_cast<std::uint64_t>(-(b + 1)) + 1);
    }
    return formatBytes(static_cast<std::uint64_t>(b));
}

} // namespace

Steps CliOptions::steps() const {
    Steps s;
    const bool hasSizes = !scenario.empty() || !bytesPerGpu.empty() || !fractions.empty();
    if (command == "fit") {
        s.fit = true;
    } else if (command == "bandwidth") {
        s.bandwidth = true;
    } else if (command == "allreduce") {
        s.allreduce = true;
    } else if (command == "kernels") {
        s.kernels = true;
    } else if (command == "all") {
        s.fit = hasSizes;
        s.bandwidth = true;
        s.allreduce = true;
        s.kernels = withKernels;
    }
    return s;
}

std::string usageText() {
    return "Usage: hostplan-probe COMMAND [options]\n"
           "\n"
           "Checks a HostPlan plan on the GPUs of this machine. Runs without a display.\n"
           "\n"
           "Commands:\n"
           "  devices     list GPUs (CUDA runtime, ROCm SMI)\n"
           "  fit         allocate, write and verify the plan's per-GPU bytes on each GPU\n"
           "  bandwidth   device-to-device, host-to-device and device-to-host copy rates\n"
           "  allreduce   NCCL all-reduce bus bandwidth across the local GPUs\n"
           "  kernels     MXFP4 kernel benchmarks against the copy rate and cuBLAS BF16\n"
           "  all         devices, fit (when a plan is given), bandwidth and all-reduce\n"
           "\n"
           "Options:\n"
           "  --scenario FILE          plan to check: a HostPlan scenario (per-GPU bytes)\n"
           "  --bytes-per-gpu SIZE     bytes to check per GPU (80GiB, 141GB, 1.5e9); repeat or\n"
           "                           separate with commas for several sizes\n"
           "  --fraction-of-free F     check F x free memory per GPU (0 < F <= 4; above 1 checks\n"
           "                           that an over-size request is refused); repeatable\n"
           "  --chunk-bytes SIZE       largest single allocation (default 1GiB)\n"
           "  --device N               only CUDA device N (repeatable)\n"
           "  --timeout SECONDS        stop, free everything and exit 124 after this long\n"
           "  --quick                  fewer repetitions\n"
           "  --with-kernels           `all` also runs the kernel benchmarks\n"
           "  --json                   print the JSON report on stdout\n"
           "  -o, --output FILE        write the JSON report to FILE\n"
           "  -q, --quiet              no progress lines on stderr\n"
           "  -h, --help               this text\n"
           "  --version                the version\n"
           "\n"
           "Exit codes: 0 ok, 1 failure, 2 usage, 3 no GPU, 4 does not fit, 124 timed out,\n"
           "130 interrupted. Progress goes to stderr as 'hostplan-probe: [ NN%] text'.\n";
}

Result<CliOptions> parseCommandLine(const std::vector<std::string> &args) {
    CliOptions o;
    for (const std::string &a : args) {
        o.commandLine += (o.commandLine.empty() ? "" : " ") + a;
    }
    const auto usage = [](const std::string &msg) { return makeError("", msg); };
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        std::string value;
        bool hasInlineValue = false;
        if (arg.rfind("--", 0) == 0) {
            const auto eq = arg.find('=');
            if (eq != std::string::npos) {
                value = arg.substr(eq + 1);
                arg = arg.substr(0, eq);
                hasInlineValue = true;
            }
        }
        // Fetches the option's value: "--opt=value" or the next argument.
        const auto take = [&](std::string &out) -> bool {
            if (hasInlineValue) {
                out = value;
                return true;
            }
            if (i + 1 >= args.size()) {
                return false;
            }
            out = args[++i];
            return true;
        };
        const auto missing = [&]() { return usage("option '" + arg + "' needs a value"); };
        const auto noValue = [&]() -> bool { return hasInlineValue; };

        if (arg == "-h" || arg == "--help" || arg == "help") {
            o.help = true;
        } else if (arg == "--version" || arg == "version") {
            o.version = true;
        } else if (arg == "--json") {
            if (noValue()) {
                return usage("option '--json' takes no value");
            }
            o.json = true;
        } else if (arg == "-q" || arg == "--quiet") {
            o.quiet = true;
        } else if (arg == "--quick") {
            o.quick = true;
        } else if (arg == "--with-kernels") {
            o.withKernels = true;
        } else if (arg == "-o" || arg == "--output") {
            if (!take(o.output) || o.output.empty()) {
                return missing();
            }
        } else if (arg == "--scenario") {
            if (!take(o.scenario) || o.scenario.empty()) {
                return missing();
            }
        } else if (arg == "--bytes-per-gpu") {
            std::string v;
            if (!take(v)) {
                return missing();
            }
            for (const std::string &part : splitCommas(v)) {
                const Result<std::uint64_t> b = parseByteSize(part);
                if (!b.ok()) {
                    return usage("--bytes-per-gpu: " + b.error().toString());
                }
                if (b.value() == 0) {
                    return usage("--bytes-per-gpu: must be more than 0 bytes");
                }
                o.bytesPerGpu.push_back(b.value());
            }
        } else if (arg == "--fraction-of-free") {
            std::string v;
            if (!take(v)) {
                return missing();
            }
            for (const std::string &part : splitCommas(v)) {
                const Result<double> f = parseFraction(part);
                if (!f.ok()) {
                    return usage("--fraction-of-free: " + f.error().toString());
                }
                o.fractions.push_back(f.value());
            }
        } else if (arg == "--chunk-bytes") {
            std::string v;
            if (!take(v)) {
                return missing();
            }
            const Result<std::uint64_t> b = parseByteSize(v);
            if (!b.ok()) {
                return usage("--chunk-bytes: " + b.error().toString());
            }
            if (b.value() < 4096) {
                return usage("--chunk-bytes: must be at least 4096 bytes");
            }
            o.chunkBytes = b.value();
        } else if (arg == "--device") {
            std::string v;
            if (!take(v)) {
                return missing();
            }
            char *end = nullptr;
            errno = 0;
            const long d = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || errno != 0 || d < 0 || d > 1023) {
                return usage("--device: \"" + v + "\" is not a device number (0, 1, ...)");
            }
            o.devices.push_back(static_cast<int>(d));
        } else if (arg == "--timeout") {
            std::string v;
            if (!take(v)) {
                return missing();
            }
            char *end = nullptr;
            const double t = std::strtod(v.c_str(), &end);
            // At most a year: a larger value would overflow the deadline's clock arithmetic.
            if (v.empty() || *end != '\0' || !std::isfinite(t) || t <= 0 || t > 3.2e7) {
                return usage("--timeout: \"" + v +
                             "\" is not a positive number of seconds (at most a year)");
            }
            o.timeoutSeconds = t;
        } else if (!arg.empty() && arg[0] == '-') {
            return usage("unknown option '" + arg + "'");
        } else if (o.command.empty() && isCommand(arg)) {
            o.command = arg;
        } else if (o.command.empty()) {
            return usage("unknown command '" + arg +
                         "' (devices, fit, bandwidth, allreduce, kernels, all)");
        } else {
            return usage("unexpected argument '" + arg + "'");
        }
    }
    if (o.help || o.version) {
        return o;
    }
    if (o.command.empty()) {
        return usage("no command given (devices, fit, bandwidth, allreduce, kernels, all)");
    }
    if (o.command == "fit" && o.scenario.empty() && o.bytesPerGpu.empty() && o.fractions.empty()) {
        return usage("fit needs --scenario FILE, --bytes-per-gpu SIZE or --fraction-of-free F");
    }
    return o;
}

int exitCodeFor(const ProbeReport &report) {
    switch (report.status) {
    case ReportStatus::Ok:
        return kExitOk;
    case ReportStatus::NoGpu:
        return kExitNoGpu;
    case ReportStatus::DoesNotFit:
        return kExitDoesNotFit;
    case ReportStatus::Error:
        return kExitFailure;
    case ReportStatus::Interrupted:
        return kExitInterrupted;
    case ReportStatus::TimedOut:
        return kExitTimedOut;
    }
    return kExitFailure;
}

std::string summaryText(const ProbeReport &r) {
    std::ostringstream s;
    s << "hostplan-probe " << r.toolVersion << " on " << r.host << ", " << r.timeUtc << "\n";
    for (const DeviceInfo &d : r.devices) {
        s << "GPU " << d.index << " (" << d.backend << "): " << d.name;
        if (!d.computeCapability.empty()) {
            s << ", compute " << d.computeCapability << ", " << d.smCount << " SMs";
        }
        s << ", memory " << formatBytes(d.memoryTotalBytes) << ", free "
          << formatBytes(d.memoryFreeBytes);
        if (!d.pciBusId.empty()) {
            s << ", PCI " << d.pciBusId;
        }
        if (d.theoreticalBandwidthBytesPerS > 0) {
            s << ", peak " << formatRate(d.theoreticalBandwidthBytesPerS);
        }
        s << "\n";
    }
    if (r.plan) {
        const PlanInfo &p = *r.plan;
        s << "plan: ";
        if (p.source == "scenario") {
            s << p.scenarioName << " (" << p.scenarioFile << "): " << p.gpuCount << " x "
              << p.gpuName << ", " << formatBytes(p.plannedBytesPerGpu) << " per GPU";
        } else if (p.source == "bytes") {
            s << formatBytes(p.plannedBytesPerGpu) << " per GPU (--bytes-per-gpu)";
        } else {
            s << "fractions of free memory";
        }
        s << "\n";
    }
    if (r.fit) {
        for (const FitResult &f : *r.fit) {
            s << "fit GPU " << f.device << ": " << formatBytes(f.requestedBytes) << " of "
              << formatBytes(f.freeBytesBefore) << " free: ";
            if (f.fits) {
                s << "FITS, headroom " << signedBytes(f.headroomBytes) << ", " << f.chunks
                  << " chunks, " << f.mismatches << " mismatches, write "
                  << formatRate(f.writeBytesPerS) << ", verify " << formatRate(f.verifyBytesPerS);
            } else {
                s << (f.status == StepStatus::DoesNotFit || f.status == StepStatus::AllocationFailed
                          ? "DOES NOT FIT"
                          : toString(f.status))
                  << (f.message.empty() ? "" : ": " + f.message);
            }
            s << "\n";
        }
    }
    if (r.bandwidth) {
        for (const BandwidthResult &b : *r.bandwidth) {
            s << "bandwidth GPU " << b.device << ": ";
            if (b.status == StepStatus::Ok) {
                s << "device copy " << formatRate(b.d2dBytesPerS) << " (read + write, "
                  << formatBytes(b.bufferBytes) << " buffers, median of " << b.runs
                  << "), host to device " << formatRate(b.h2dBytesPerS) << ", device to host "
                  << formatRate(b.d2hBytesPerS) << (b.hostPinned ? " (pinned)" : "");
                if (r.plan && r.plan->catalogueBandwidthBytesPerS > 0 && b.d2dBytesPerS > 0) {
                    s << "; "
                      << fixed(100.0 * b.d2dBytesPerS / r.plan->catalogueBandwidthBytesPerS, 0)
                      << "% of the catalogue HBM bandwidth of the plan's "
                      << (r.plan->gpuName.empty() ? std::string("GPU") : r.plan->gpuName) << " ("
                      << formatRate(r.plan->catalogueBandwidthBytesPerS) << ")";
                }
            } else {
                s << toString(b.status) << ": " << b.message;
            }
            s << "\n";
        }
    }
    if (r.allreduce) {
        s << "all-reduce: " << toString(r.allreduce->status);
        if (!r.allreduce->note.empty()) {
            s << " (" << r.allreduce->note << ")";
        }
        s << "\n";
        for (const AllReduceRow &row : r.allreduce->rows) {
            s << "  " << formatBytes(row.bytes) << ": " << fixed(row.timeSeconds * 1e3, 3)
              << " ms, bus " << formatRate(row.busBytesPerS) << "\n";
        }
    }
    if (r.kernels) {
        s << "kernels: " << (r.kernels->ran ? "ran" : "not run");
        if (!r.kernels->message.empty()) {
            s << " (" << r.kernels->message << ")";
        }
        s << "\n";
        for (const KernelRow &k : r.kernels->rows) {
            s << "  " << k.kernel << " " << k.shape << ": " << fixed(k.timeUs, 1) << " us, "
              << fixed(k.gbPerS, 0) << " GB/s (" << fixed(k.pctOfCopyBandwidth, 0) << "% of copy), "
              << fixed(k.tflops, 1) << " TFLOP/s, max rel err " << k.maxRelError
              << (k.correct ? "" : " WRONG") << "\n";
        }
    }
    for (const std::string &m : r.messages) {
        s << "note: " << m << "\n";
    }
    s << "status: " << toString(r.status) << "\n";
    return s.str();
}

namespace {

/// The scenario's plan, imported under the --timeout deadline: a model import is not
/// cancellable from inside, so it runs on a worker thread and, past the deadline, the process
/// exits 124 at once (nothing is allocated on a GPU yet, so nothing needs freeing).
Result<PlanInfo> planWithinDeadline(const std::string &scenario, const CancelToken &cancel) {
    const auto deadline = cancel.deadline();
    if (!deadline) {
        return planFromScenarioFile(scenario);
    }
    auto future =
        std::async(std::launch::async, [scenario] { return planFromScenarioFile(scenario); });
    if (future.wait_until(*deadline) != std::future_status::ready) {
        std::fprintf(stderr, "hostplan-probe: --scenario %s: %s while importing the model\n",
                     scenario.c_str(), cancel.reasonText().c_str());
        std::fflush(stdout);
        std::fflush(stderr);
        std::_Exit(kExitTimedOut); // the worker cannot be joined; do not wait for it
    }
    return future.get();
}

} // namespace

int runProbeCli(int argc, char **argv) {
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i) {
        args.emplace_back(argv[i]);
    }
    const Result<CliOptions> parsed = parseCommandLine(args);
    if (!parsed.ok()) {
        std::fprintf(stderr, "hostplan-probe: %s (see hostplan-probe --help)\n",
                     parsed.error().toString().c_str());
        return kExitUsage;
    }
    const CliOptions &options = parsed.value();
    if (options.help) {
        std::fputs(usageText().c_str(), stdout);
        return kExitOk;
    }
    if (options.version) {
        const BuildInfo build = describeBuild(makeBackends());
        std::printf("hostplan-probe %s (report schema %d, CUDA %s)\n", kProbeToolVersion,
                    kReportSchemaVersion, build.cuda ? build.cudaRuntimeVersion.c_str() : "no");
        return kExitOk;
    }
    // The time-out runs from here: it covers the scenario's import as well as every step.
    const CancelToken cancel(options.timeoutSeconds);
    std::optional<PlanInfo> plan;
    if (!options.scenario.empty()) {
        const Result<PlanInfo> p = planWithinDeadline(options.scenario, cancel);
        if (!p.ok()) {
            std::fprintf(stderr, "hostplan-probe: --scenario %s\n", p.error().toString().c_str());
            return kExitUsage;
        }
        plan = p.value();
    }

    if (!options.output.empty()) {
        // Check the report's folder before minutes of GPU work, not after.
        std::error_code ec;
        const std::filesystem::path out(options.output);
        const std::filesystem::path dir = out.has_parent_path() ? out.parent_path() : ".";
        if (!std::filesystem::is_directory(dir, ec)) {
            std::fprintf(stderr, "hostplan-probe: --output %s: %s %s\n", options.output.c_str(),
                         dir.string().c_str(),
                         std::filesystem::exists(dir, ec) ? "is not a folder" : "does not exist");
            return kExitUsage;
        }
        if (std::filesystem::is_directory(out, ec)) {
            std::fprintf(stderr,
                         "hostplan-probe: --output %s is a folder; give a file name such as "
                         "%s/probe-report.json\n",
                         options.output.c_str(), out.string().c_str());
            return kExitUsage;
        }
    }

    installInterruptHandlers();

    // Progress lines on stderr, at most about five a second unless the step changes. A closed
    // stderr (the ssh client went away) interrupts the run so that it frees everything.
    int lastPercent = -1;
    std::string lastLabel;
    auto lastPrint = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    const ProgressFn progress = [&](double f, const std::string &message) {
        if (options.quiet) {
            return;
        }
        const int percent = static_cast<int>(std::floor(std::min(1.0, std::max(0.0, f)) * 100));
        const std::string label = message.substr(0, message.find(':'));
        const auto now = std::chrono::steady_clock::now();
        const bool changedStep = label != lastLabel;
        if (!changedStep &&
            (percent == lastPercent || now - lastPrint < std::chrono::milliseconds(200))) {
            return;
        }
        lastPercent = percent;
        lastLabel = label;
        lastPrint = now;
        if (std::fprintf(stderr, "hostplan-probe: [%3d%%] %s\n", percent, message.c_str()) < 0 ||
            std::fflush(stderr) != 0) {
            requestInterrupt();
        }
    };

    const ProbeReport report = runProbe(options, plan, cancel, progress);
    const std::string json = reportToJson(report);
    int code = exitCodeFor(report);

    if (report.status == ReportStatus::NoGpu) {
        std::fprintf(stderr, "hostplan-probe: %s\n", report.messages.front().c_str());
    }
    if (!options.output.empty()) {
        // The report is the probe's product: a failed write outranks every other outcome.
        const Result<bool> w = writeFileAtomically(options.output, json);
        if (!w.ok()) {
            std::fprintf(stderr, "hostplan-probe: cannot write the report: %s\n",
                         w.error().toString().c_str());
            code = kExitWriteFailed;
        }
    }
    if (options.json) {
        std::fputs(json.c_str(), stdout);
    } else {
        // Names in a report come from drivers and scenario files: no raw control characters.
        std::fputs(terminalSafe(summaryText(report)).c_str(), stdout);
    }
    std::fflush(stdout);
    return code;
}

} // namespace hostplan::probe
