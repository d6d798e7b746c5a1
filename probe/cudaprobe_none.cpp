// CUDA back end when HostPlan is built without CUDA: every entry point says so, nothing fails
// harder than that.
#include "devices.h"

namespace hostplan::probe {

namespace {
const char *const kWithoutCuda = "built without CUDA: this hostplan-probe cannot see NVIDIA GPUs "
                                 "(rebuild with the CUDA toolkit installed)";
} // namespace

bool cudaBuiltIn() {
    return false;
}

std::string cudaBuildVersion() {
    return {};
}

Inventory listCudaDevices() {
    Inventory inv;
    inv.built = false;
    inv.message = kWithoutCuda;
    return inv;
}

FitResult runCudaFit(int device, const FitOptions &options, const CancelToken &,
                     const ProgressFn &) {
    FitResult r;
    r.device = device;
    r.requestedBytes = options.requestedBytes;
    r.status = StepStatus::Unsupported;
    r.message = kWithoutCuda;
    return r;
}

BandwidthResult runCudaBandwidth(int device, const BandwidthOptions &, const CancelToken &,
                                 const ProgressFn &) {
    BandwidthResult r;
    r.device = device;
    r.status = StepStatus::Unsupported;
    r.message = kWithoutCuda;
    return r;
}

} // namespace hostplan::probe
