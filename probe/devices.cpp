// SPDX-License-Identifier: MIT
// The NVIDIA slot's free functions: each builds the slot's backend and asks it.
#include "devices.h"

namespace hostplan::probe {

bool cudaBuiltIn() {
    return makeBackend(BackendSlot::Nvidia)->builtIn();
}

Inventory listCudaDevices() {
    return makeBackend(BackendSlot::Nvidia)->inventory();
}

FitResult runCudaFit(int device, const FitOptions &options, const CancelToken &cancel,
                     const ProgressFn &progress) {
    DeviceInfo d;
    d.index = device;
    return makeBackend(BackendSlot::Nvidia)->fit(d, options, cancel, progress);
}

BandwidthResult runCudaBandwidth(int device, const BandwidthOptions &options,
                                 const CancelToken &cancel, const ProgressFn &progress) {
    return makeBackend(BackendSlot::Nvidia)->bandwidth(device, options, cancel, progress);
}

AllReduceResult runNcclAllReduce(const std::vector<int> &devices, const AllReduceOptions &options,
                                 const CancelToken &cancel, const ProgressFn &progress) {
    return makeBackend(BackendSlot::Nvidia)->allReduce(devices, options, cancel, progress);
}

} // namespace hostplan::probe
