// Device back ends of the probe, as a plain C++ API (no CUDA or ROCm types, so the CLI, tests and
// the GUI include it without nvcc):
// - CUDA runtime: device discovery, the memory-fit test and copy bandwidth (cudaprobe.cu; stubs
//   in cudaprobe_none.cpp when built without CUDA);
// - NCCL: all-reduce bus bandwidth across the local GPUs (ncclallreduce.cpp, NCCL loaded with
//   dlopen at run time so the binary starts on machines without it);
// - ROCm SMI: AMD device discovery (rocmprobe.cpp, loaded with dlopen at run time);
// - the MXFP4 kernel benchmarks of kernels/ (kernelbench.cpp).
// None of these throws; failures come back as a status and a message.
#pragma once

#include "cancel.h"
#include "fitplan.h"
#include "probereport.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace hostplan::probe {

/// Median of timing samples (seconds or any unit; the mean of the two middle ones for an even
/// count), 0 for none. The probe reports medians so one slow run does not move a figure.
inline double median(std::vector<double> v) {
    if (v.empty()) {
        return 0;
    }
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The devices one back end found.
struct Inventory {
    bool built = false;         ///< back end compiled into this binary
    bool available = false;     ///< the back end answered and found at least one device
    std::string message;        ///< what was looked for and why nothing was found (when !available)
    std::string runtimeVersion; ///< CUDA runtime version, "13.0" (CUDA only)
    std::vector<DeviceInfo> devices;
};

/// Options of the memory-fit test.
struct FitOptions {
    /// Bytes to allocate, write and verify on the device; ignored when fractionOfFree > 0.
    std::uint64_t requestedBytes = 0;
    /// When > 0: request this fraction of the device's free memory (rounded down to 2 MiB),
    /// measured right before the test.
    double fractionOfFree = 0;
    /// Largest single allocation (see planChunks).
    std::uint64_t chunkBytes = kDefaultChunkBytes;
    /// Seed of the address-dependent pattern.
    std::uint32_t seed = 0x48504c4eu;
    /// Test hook: overwrite one 16-byte word between the write and the verify pass, so that a
    /// test can check that verification really detects a bad word (expects mismatches >= 1).
    bool corruptOneWordForTest = false;
};

/// Options of the bandwidth test.
struct BandwidthOptions {
    /// Device buffer per copy; 0 = max(8 x L2, 2 GiB), capped at a quarter of free memory.
    std::uint64_t bufferBytes = 0;
    int warmupRuns = 3;
    int runs = 25;                                ///< timed runs per direction (median reported)
    std::uint64_t hostBufferBytes = 256ull << 20; ///< page-locked host buffer for H2D / D2H
};

/// Options of the all-reduce test.
struct AllReduceOptions {
    std::vector<std::uint64_t> sizes = {32ull << 20, 256ull << 20, 1ull << 30}; ///< bytes/GPU
    int warmupRuns = 3;
    int runs = 10;
};

/// True when the CUDA back end is compiled in.
bool cudaBuiltIn();
/// CUDA runtime version the probe was built against ("13.0"), or "" without CUDA.
std::string cudaBuildVersion();
/// List CUDA devices (creates a context on each, so free memory excludes it). Without CUDA:
/// built = false and message "built without CUDA".
Inventory listCudaDevices();

/// Memory-fit test on one CUDA device: decide from free memory; when it fits, allocate in chunks
/// with cudaMalloc (never managed memory, never more than free), write an address-dependent
/// pattern with a kernel, verify it on the device, time both passes with events, free
/// everything and measure free memory again. Cancellation is checked between chunks and passes;
/// all allocations are released on every path.
FitResult runCudaFit(int device, const FitOptions &options, const CancelToken &cancel,
                     const ProgressFn &progress);

/// Copy bandwidth of one CUDA device: device to device (bytes read + written), host to device
/// and device to host from a page-locked buffer; median of `runs` after warm-up, CUDA events.
BandwidthResult runCudaBandwidth(int device, const BandwidthOptions &options,
                                 const CancelToken &cancel, const ProgressFn &progress);

/// True when NCCL support is compiled in (the library is still loaded at run time).
bool ncclBuiltIn();
/// All-reduce (float sum) across `devices` through NCCL, one communicator per device in one
/// process. Fewer than two devices: status Skipped with a note.
AllReduceResult runNcclAllReduce(const std::vector<int> &devices, const AllReduceOptions &options,
                                 const CancelToken &cancel, const ProgressFn &progress);

/// True when the ROCm SMI back end is compiled in.
bool rocmBuiltIn();
/// List AMD GPUs through ROCm SMI (name, VRAM total and used, PCI id). rsmi_init failing or the
/// library missing means "no AMD GPU" (available = false), not an error.
Inventory listRocmDevices();

/// True when the MXFP4 kernel benchmarks are compiled in.
bool kernelBenchBuiltIn();
/// Run kernels/' MXFP4 benchmarks on a CUDA device and convert them into the report's section.
/// Without the benchmarks: ran = false and a message saying so.
KernelsSection runKernelBenchmarks(int device, bool quick);

} // namespace hostplan::probe
