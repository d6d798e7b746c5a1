// SPDX-License-Identifier: MIT
// runProbe(): one probe run as a short sequence of steps (inventory, device selection, plan, fit,
// bandwidth, all-reduce, kernels, overall status), each a function below. The steps talk to GPUs
// only through the backend interface (backend.h), so they do not know which runtimes this
// binary was built with; the registry does. Every step checks the cancel token (--timeout,
// Ctrl-C) before it starts and between devices, and a cancelled step keeps what it measured.
#include "backend.h"
#include "probecli.h"

#include <unistd.h>

#include <algorithm>
#include <ctime>

namespace hostplan::probe {

namespace {

std::string hostName() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0 || !buf[0]) {
        return "unknown";
    }
    return buf;
}

std::string utcNow() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

/// The devices one backend found, and which of them this run's steps use.
struct BackendDevices {
    GpuBackend *backend = nullptr;
    Inventory inventory;
    std::vector<int> selected; ///< device indices the steps run on (see selectDevices)

    bool isSelected(int index) const {
        return std::find(selected.begin(), selected.end(), index) != selected.end();
    }
};

/// One run's cancellation and progress: the steps report their own fraction, this turns it into
/// a fraction of the whole run (steps done / steps planned).
class ProbeRun {
  public:
    ProbeRun(const CliOptions &options, const CancelToken &cancel, const ProgressFn &progress)
        : options(options), cancel(cancel), m_progress(progress) {}
    ProbeRun(const ProbeRun &) = delete;
    ProbeRun &operator=(const ProbeRun &) = delete;

    /// Report `message` at overall fraction `f`.
    void say(double f, const std::string &message) const {
        if (m_progress) {
            m_progress(f, message);
        }
    }
    /// Overall fraction of the steps finished so far.
    double doneFraction() const {
        return static_cast<double>(done) / static_cast<double>(std::max<std::size_t>(1, total));
    }
    /// Progress of the current step, reported as "label: message" at the overall fraction.
    ProgressFn stepProgress(const std::string &label) const {
        return [this, label](double f, const std::string &m) {
            const double overall =
                total ? (static_cast<double>(done) + std::min(1.0, std::max(0.0, f))) /
                            static_cast<double>(total)
                      : 1.0;
            say(overall, label + ": " + m);
        };
    }
    /// True once the run is cancelled (timeout, signal): the remaining steps do not start.
    bool stopped() const { return cancel.cancelled(); }

    const CliOptions &options;
    const CancelToken &cancel;
    std::size_t total = 0; ///< device steps planned (fit rows, bandwidth devices, all-reduce, ...)
    std::size_t done = 0;  ///< device steps finished

  private:
    const ProgressFn &m_progress;
};

/// The report's header: host, time, command line and what this binary was built with.
ProbeReport newReport(const CliOptions &options,
                      const std::vector<std::unique_ptr<GpuBackend>> &backends) {
    ProbeReport report;
    report.host = hostName();
    report.timeUtc = utcNow();
    report.command = options.commandLine;
    report.build = describeBuild(backends);
    return report;
}

/// Inventory step: ask every backend for its devices, in slot order. A backend that found none
/// adds its message (what it looked for, why nothing answered); the devices it found are listed
/// in the report.
std::vector<BackendDevices> inventoryStep(const ProbeRun &run,
                                          const std::vector<std::unique_ptr<GpuBackend>> &backends,
                                          ProbeReport &report) {
    run.say(0.0, "looking for GPUs");
    std::vector<BackendDevices> found;
    for (const auto &backend : backends) {
        BackendDevices b;
        b.backend = backend.get();
        b.inventory = backend->inventory();
        if (!b.inventory.available) {
            report.messages.push_back(b.inventory.message);
        }
        report.devices.insert(report.devices.end(), b.inventory.devices.begin(),
                              b.inventory.devices.end());
        found.push_back(std::move(b));
    }
    return found;
}

/// The backend the measuring steps run on and `--device` numbers: the first that measures
/// (CUDA, or the none backend standing in for it).
BackendDevices &measuringBackend(std::vector<BackendDevices> &found) {
    for (BackendDevices &b : found) {
        if (b.backend->measures()) {
            return b;
        }
    }
    return found.front();
}

/// Device selection: `--device N` picks devices of the measuring backend (all of them without
/// it); other backends keep all their devices. False, with status Error and a message, when a
/// requested device does not exist.
bool selectDevices(const CliOptions &options, std::vector<BackendDevices> &found,
                   ProbeReport &report) {
    BackendDevices &measuring = measuringBackend(found);
    for (BackendDevices &b : found) {
        if (&b == &measuring && !options.devices.empty()) {
            continue;
        }
        for (const DeviceInfo &d : b.inventory.devices) {
            b.selected.push_back(d.index);
        }
    }
    const std::size_t count = measuring.inventory.devices.size();
    for (const int want : options.devices) {
        if (want >= static_cast<int>(count)) {
            report.status = ReportStatus::Error;
            report.messages.push_back("--device " + std::to_string(want) + ": no such " +
                                      measuring.backend->runtimeName() + " device (found " +
                                      std::to_string(count) + ")");
            return false;
        }
        measuring.selected.push_back(want);
    }
    return true;
}

/// The plan the run checks (scenario, --bytes-per-gpu or --fraction-of-free), with whether this
/// machine has as many GPUs as the plan uses.
void attachPlan(const CliOptions &options, const std::optional<PlanInfo> &scenarioPlan,
                ProbeReport &report) {
    if (scenarioPlan) {
        report.plan = scenarioPlan;
    } else if (!options.bytesPerGpu.empty()) {
        PlanInfo p;
        p.source = "bytes";
        p.plannedBytesPerGpu = options.bytesPerGpu.front();
        report.plan = p;
    } else if (!options.fractions.empty()) {
        PlanInfo p;
        p.source = "fraction_of_free";
        report.plan = p;
    }
    if (!report.plan) {
        return;
    }
    report.plan->localGpuCount = report.devices.size();
    if (report.plan->gpuCount == 0) {
        report.plan->gpuCount = 1;
    }
    report.plan->enoughGpus = report.plan->localGpuCount >= report.plan->gpuCount;
    if (!report.plan->enoughGpus && !report.devices.empty()) {
        report.messages.push_back("the plan uses " + std::to_string(report.plan->gpuCount) +
                                  " GPUs, this machine has " +
                                  std::to_string(report.plan->localGpuCount) +
                                  ": the per-GPU bytes are checked on each local GPU");
    }
}

/// No device at all: status NoGpu, and a first message saying what every backend looked for.
void reportNoGpu(const std::vector<std::unique_ptr<GpuBackend>> &backends, ProbeReport &report) {
    report.status = ReportStatus::NoGpu;
    std::string looked = "no GPU found: ";
    for (std::size_t i = 0; i < backends.size(); ++i) {
        looked += (i ? "; " : "") + backends[i]->lookedFor();
    }
    report.messages.insert(report.messages.begin(), looked);
}

/// The sizes the fit step checks on each device: the scenario's per-GPU bytes, each
/// --bytes-per-gpu and each --fraction-of-free. `all` without a plan notes that it skips the fit.
std::vector<FitOptions> fitSizes(const CliOptions &options,
                                 const std::optional<PlanInfo> &scenarioPlan, const Steps &steps,
                                 ProbeReport &report) {
    std::vector<FitOptions> sizes;
    if (!steps.fit) {
        if (options.command == "all") {
            report.messages.push_back(
                "no plan given (--scenario or --bytes-per-gpu): fit test skipped");
        }
        return sizes;
    }
    const auto add = [&](std::uint64_t bytes, double fraction) {
        FitOptions f;
        f.requestedBytes = bytes;
        f.fractionOfFree = fraction;
        f.chunkBytes = options.chunkBytes;
        sizes.push_back(f);
    };
    if (scenarioPlan) {
        add(scenarioPlan->plannedBytesPerGpu, 0);
    }
    for (const std::uint64_t b : options.bytesPerGpu) {
        add(b, 0);
    }
    for (const double f : options.fractions) {
        add(0, f);
    }
    return sizes;
}

/// Fit step: every size on every selected device, through the device's own backend (one that
/// cannot allocate answers an Unsupported row with free memory and headroom). The fit section
/// is written even when the run was cancelled before it (then with the rows done so far).
void fitStep(ProbeRun &run, const std::vector<BackendDevices> &found,
             const std::vector<FitOptions> &sizes, ProbeReport &report) {
    std::vector<FitResult> fits;
    for (const FitOptions &size : sizes) {
        for (const BackendDevices &b : found) {
            for (const DeviceInfo &d : b.inventory.devices) {
                if (run.stopped()) {
                    report.fit = std::move(fits);
                    return;
                }
                if (!b.isSelected(d.index)) {
                    continue;
                }
                fits.push_back(b.backend->fit(
                    d, size, run.cancel, run.stepProgress("fit GPU " + std::to_string(d.index))));
                ++run.done;
            }
        }
    }
    report.fit = std::move(fits);
}

/// Bandwidth step: copy rates of each selected device of the measuring backend (--quick: 10 runs
/// after 2 warm-ups instead of 25 after 3).
void bandwidthStep(ProbeRun &run, const BackendDevices &measuring, ProbeReport &report) {
    if (run.stopped()) {
        return;
    }
    BandwidthOptions bw;
    if (run.options.quick) {
        bw.runs = 10;
        bw.warmupRuns = 2;
    }
    std::vector<BandwidthResult> results;
    for (const int d : measuring.selected) {
        if (run.stopped()) {
            break;
        }
        results.push_back(measuring.backend->bandwidth(
            d, bw, run.cancel, run.stepProgress("bandwidth GPU " + std::to_string(d))));
        ++run.done;
    }
    if (measuring.selected.empty()) {
        report.messages.push_back("bandwidth: no " + measuring.backend->runtimeName() +
                                  " device to measure");
    }
    report.bandwidth = std::move(results);
}

/// All-reduce step: bus bandwidth across the measuring backend's selected devices (--quick: 5
/// runs after 2 warm-ups); skipped with fewer than two.
void allReduceStep(ProbeRun &run, const BackendDevices &measuring, ProbeReport &report) {
    if (run.stopped()) {
        return;
    }
    AllReduceOptions ar;
    if (run.options.quick) {
        ar.runs = 5;
        ar.warmupRuns = 2;
    }
    report.allreduce = measuring.backend->allReduce(measuring.selected, ar, run.cancel,
                                                    run.stepProgress("all-reduce"));
    ++run.done;
}

/// Kernels step: the MXFP4 kernel benchmarks on the first selected device of the measuring
/// backend, or a section saying there is no device to run them on.
void kernelsStep(ProbeRun &run, const BackendDevices &measuring, ProbeReport &report) {
    if (run.stopped()) {
        return;
    }
    if (measuring.selected.empty()) {
        KernelsSection k;
        k.message = "no " + measuring.backend->runtimeName() + " device for the kernel benchmarks";
        report.kernels = k;
    } else {
        const int device = measuring.selected.front();
        run.say(run.doneFraction(),
                "kernels: running the MXFP4 benchmarks on GPU " + std::to_string(device));
        report.kernels = measuring.backend->kernels(device, run.options.quick);
    }
    ++run.done;
}

/// The report's overall status: cancelled (timed out / interrupted, with a note that everything
/// was freed), else error (a failed step, verification mismatches, a wrong kernel, benchmarks
/// that were built in but did not run), else does-not-fit, else ok.
void finishStatus(const ProbeRun &run, const Steps &steps, const BackendDevices &measuring,
                  ProbeReport &report) {
    bool error = false;
    bool doesNotFit = false;
    if (report.fit) {
        for (const FitResult &f : *report.fit) {
            error = error || f.status == StepStatus::Error || f.mismatches > 0;
            doesNotFit = doesNotFit || f.status == StepStatus::DoesNotFit ||
                         f.status == StepStatus::AllocationFailed;
        }
    }
    if (report.bandwidth) {
        for (const BandwidthResult &b : *report.bandwidth) {
            error =
                error || b.status == StepStatus::Error || b.status == StepStatus::AllocationFailed;
        }
    }
    if (report.allreduce && report.allreduce->status == AllReduceStatus::Error) {
        error = true;
    }
    if (report.kernels && steps.kernels && !report.kernels->ran && report.build.kernelBench &&
        !measuring.selected.empty()) {
        error = true;
    }
    if (report.kernels) {
        for (const KernelRow &k : report.kernels->rows) {
            error = error || !k.correct;
        }
    }
    switch (run.cancel.reason()) {
    case CancelReason::TimedOut:
        report.status = ReportStatus::TimedOut;
        report.messages.push_back(run.cancel.reasonText() +
                                  ": stopped, everything allocated was freed");
        break;
    case CancelReason::Interrupted:
    case CancelReason::Requested:
        report.status = ReportStatus::Interrupted;
        report.messages.push_back(run.cancel.reasonText() +
                                  ": stopped, everything allocated was freed");
        break;
    case CancelReason::None:
        report.status = error        ? ReportStatus::Error
                        : doesNotFit ? ReportStatus::DoesNotFit
                                     : ReportStatus::Ok;
        break;
    }
}

} // namespace

ProbeReport runProbe(const CliOptions &options, const std::optional<PlanInfo> &scenarioPlan,
                     const CancelToken &cancel, const ProgressFn &progress) {
    const std::vector<std::unique_ptr<GpuBackend>> backends = makeBackends();
    ProbeReport report = newReport(options, backends);
    ProbeRun run(options, cancel, progress);

    std::vector<BackendDevices> found = inventoryStep(run, backends, report);
    if (!selectDevices(options, found, report)) {
        return report;
    }
    attachPlan(options, scenarioPlan, report);
    if (report.devices.empty()) {
        reportNoGpu(backends, report);
        return report;
    }

    const Steps steps = options.steps();
    const std::vector<FitOptions> sizes = fitSizes(options, scenarioPlan, steps, report);
    const BackendDevices &measuring = measuringBackend(found);
    run.total = (steps.fit ? sizes.size() * report.devices.size() : 0) +
                (steps.bandwidth ? measuring.selected.size() : 0) + (steps.allreduce ? 1 : 0) +
                (steps.kernels ? 1 : 0);
    if (steps.fit) {
        fitStep(run, found, sizes, report);
    }
    if (steps.bandwidth) {
        bandwidthStep(run, measuring, report);
    }
    if (steps.allreduce) {
        allReduceStep(run, measuring, report);
    }
    if (steps.kernels) {
        kernelsStep(run, measuring, report);
    }
    finishStatus(run, steps, measuring, report);
    run.say(1.0, "done");
    return report;
}

} // namespace hostplan::probe
