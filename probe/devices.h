// SPDX-License-Identifier: MIT
// The NVIDIA slot's steps as free functions, for callers that want CUDA's answers without the
// backend registry's vocabulary (tst_probe_gpu, an in-process caller). Each forwards to the
// backend that fills BackendSlot::Nvidia in this build, so without CUDA they answer "built
// without CUDA" through the none backend rather than through stubs of their own.
#pragma once

#include "backend.h"

#include <vector>

namespace hostplan::probe {

/// True when the CUDA backend is compiled in.
bool cudaBuiltIn();

/// List CUDA devices (creates a context on each, so free memory excludes it). Without CUDA:
/// built = false and message "built without CUDA".
Inventory listCudaDevices();

/// Memory-fit test on CUDA device `device` (see GpuBackend::fit and cudaFit in backend_cuda.h).
FitResult runCudaFit(int device, const FitOptions &options, const CancelToken &cancel,
                     const ProgressFn &progress);

/// Copy bandwidth of CUDA device `device` (see cudaBandwidth in backend_cuda.h).
BandwidthResult runCudaBandwidth(int device, const BandwidthOptions &options,
                                 const CancelToken &cancel, const ProgressFn &progress);

/// All-reduce (float sum) across CUDA `devices` through NCCL. Fewer than two devices: status
/// Skipped with a note; built without NCCL or CUDA: Unavailable with a note.
AllReduceResult runNcclAllReduce(const std::vector<int> &devices, const AllReduceOptions &options,
                                 const CancelToken &cancel, const ProgressFn &progress);

} // namespace hostplan::probe
