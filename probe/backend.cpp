// SPDX-License-Identifier: MIT
// What every backend shares: the all-reduce device-count rule, the slot list and the build
// section.
#include "backend.h"

namespace hostplan::probe {

AllReduceResult GpuBackend::allReduce(const std::vector<int> &devices,
                                      const AllReduceOptions &options, const CancelToken &cancel,
                                      const ProgressFn &progress) {
    if (devices.size() < 2) {
        AllReduceResult out;
        out.gpuCount = devices.size();
        out.status = AllReduceStatus::Skipped;
        out.note = devices.empty() ? "no " + runtimeName() + " GPU"
                                   : "one GPU: all-reduce needs at least two";
        return out;
    }
    return allReduceAcross(devices, options, cancel, progress);
}

FitResult GpuBackend::unsupportedFit(const DeviceInfo &device, std::uint64_t requestedBytes,
                                     std::string message) {
    FitResult r;
    r.device = device.index;
    r.deviceName = device.name;
    r.requestedBytes = requestedBytes;
    r.status = StepStatus::Unsupported;
    r.message = std::move(message);
    return r;
}

BandwidthResult GpuBackend::unsupportedBandwidth(int device, std::string message) {
    BandwidthResult r;
    r.device = device;
    r.status = StepStatus::Unsupported;
    r.message = std::move(message);
    return r;
}

AllReduceResult GpuBackend::unavailableAllReduce(const std::vector<int> &devices,
                                                 std::string note) {
    AllReduceResult out;
    out.gpuCount = devices.size();
    out.status = AllReduceStatus::Unavailable;
    out.note = std::move(note);
    return out;
}

KernelsSection GpuBackend::kernelsNotRun(std::string message) {
    KernelsSection k;
    k.ran = false;
    k.message = std::move(message);
    return k;
}

std::vector<std::unique_ptr<GpuBackend>> makeBackends() {
    std::vector<std::unique_ptr<GpuBackend>> backends;
    for (const BackendSlot slot : kBackendSlots) {
        backends.push_back(makeBackend(slot));
    }
    return backends;
}

BuildInfo describeBuild(const std::vector<std::unique_ptr<GpuBackend>> &backends) {
    BuildInfo build;
    for (const auto &b : backends) {
        b->describeBuild(build);
    }
    return build;
}

} // namespace hostplan::probe
