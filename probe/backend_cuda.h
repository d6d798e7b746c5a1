// SPDX-License-Identifier: MIT
// The CUDA backend's parts, as a plain C++ API (no CUDA types): the runtime's inventory, fit
// test and copy bandwidth (cudaprobe.cu), the NCCL all-reduce (ncclallreduce.cpp) and the MXFP4
// kernel benchmarks (kernelbench.cpp). probe/CMakeLists.txt compiles these files only with CUDA
// (NCCL and the benchmarks only when found) and hands the optional parts to makeCudaBackend
// through the generated registry.
#pragma once

#include "backend.h"

#include <memory>
#include <string>
#include <vector>

namespace hostplan::probe::cuda {

/// CUDA runtime version the probe was built against ("13.0").
std::string buildVersion();

/// List CUDA devices (creates a context on each, so free memory excludes it). No device or no
/// driver: available = false and a message naming what cudaGetDeviceCount reported.
Inventory listDevices();

/// Memory-fit test on one CUDA device: decide from free memory; when it fits, allocate in chunks
/// with cudaMalloc (never managed memory, never more than free), write an address-dependent
/// pattern with a kernel, verify it on the device, time both passes with events, free
/// everything and measure free memory again. Cancellation is checked between chunks and passes;
/// all allocations are released on every path.
FitResult runFit(int device, const FitOptions &options, const CancelToken &cancel,
                 const ProgressFn &progress);

/// Copy bandwidth of one CUDA device: device to device (bytes read + written), host to device
/// and device to host from a page-locked buffer; median of `runs` after warm-up, CUDA events.
BandwidthResult runBandwidth(int device, const BandwidthOptions &options, const CancelToken &cancel,
                             const ProgressFn &progress);

/// All-reduce (float sum) across two or more `devices` through NCCL, one communicator per device
/// in one process (NCCL loaded with dlopen at run time; Unavailable when it is missing).
AllReduceResult runAllReduce(const std::vector<int> &devices, const AllReduceOptions &options,
                             const CancelToken &cancel, const ProgressFn &progress);

/// Run kernels/' MXFP4 benchmarks on a CUDA device and convert them into the report's section.
KernelsSection runKernelBenchmarks(int device, bool quick);

/// The optional parts of the CUDA backend; nullptr where this build lacks them.
struct CudaParts {
    /// All-reduce across two or more devices (runAllReduce), nullptr: built without NCCL.
    AllReduceResult (*allReduce)(const std::vector<int> &, const AllReduceOptions &,
                                 const CancelToken &, const ProgressFn &) = nullptr;
    /// Kernel benchmarks (runKernelBenchmarks), nullptr: built without them.
    KernelsSection (*kernels)(int, bool) = nullptr;
};

} // namespace hostplan::probe::cuda

namespace hostplan::probe {

/// The CUDA backend (backend_cuda.cpp) with the optional parts this build has.
std::unique_ptr<GpuBackend> makeCudaBackend(const cuda::CudaParts &parts);

} // namespace hostplan::probe
