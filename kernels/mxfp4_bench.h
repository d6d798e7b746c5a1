// SPDX-License-Identifier: MIT
// Benchmark and validation of the MXFP4 kernels for the probe (`hostplan-probe kernels`).
// Plain C++ (no CUDA types) so the probe includes it whether or not CUDA was built; without
// CUDA the implementation is a stub that answers ran = false, "built without CUDA".
//
// Method (kernels/PERF.md): each kernel is first checked against the CPU reference on fresh
// random inputs (output poisoned with NaN beforehand, every element checked written and
// finite, error within bf16 bounds), then timed with CUDA events after a warm-up, median of
// many runs, with the weights rotated over copies that together exceed 4x the L2. GB/s come
// from explicit byte counts (packed weights + scales + x + y), TFLOP/s = 2*m*n*k / t, next to
// the device copy bandwidth (cudaMemcpy D2D, bytes read + written) and cuBLAS bf16
// (cublasGemmEx, fp32 compute) on the same shapes in the same run.
#pragma once

#include <string>
#include <vector>

namespace hostplan::mxfp4 {

/// One measured kernel on one shape.
struct KernelBenchRow {
    std::string kernel; ///< "copy", "dequant", "gemv", "moe_gemv", "gemm", "cublas_bf16",
                        ///< "gemm_native" (sm_100a); a kernel this GPU cannot run gets one
                        ///< row "not supported here" (experiments in kernels/dev/ time
                        ///< themselves)
    std::string shape;  ///< e.g. "m1_n2048_k7168", "moe_e128_top16_n4096_k7168"
    int m = 0, n = 0, k = 0;
    double timeUs = 0.0;             ///< median time of one call
    double gbPerS = 0.0;             ///< bytes moved (explicit count) / time, 1e9 bytes
    double pctOfCopyBandwidth = 0.0; ///< gbPerS over the measured copy bandwidth, percent
    double tflops = 0.0;             ///< 2*m*n*k / time, 1e12 (0 for copy / dequant)
    double pctOfCublasBf16 = 0.0;    ///< cuBLAS bf16 time / this time, percent (0 if none)
    double maxRelError = 0.0;        ///< max |y - ref| / max |ref| over the checked outputs
    bool correct = false;            ///< validation passed (no NaN, all written, in bounds)
    std::string note;                ///< what was checked, or why it failed
};

/// The whole run.
struct KernelBenchReport {
    bool ran = false;    ///< false: nothing was measured (no CUDA build, no device, error)
    std::string message; ///< why not, or a one-line summary
    std::string deviceName;
    double copyBandwidthBytesPerS = 0.0; ///< device copy, bytes read + written per second
    std::vector<KernelBenchRow> rows;
};

/// Validates and times every MXFP4 kernel the library ships on `device`. quick: fewer shapes and
/// repeats (about a minute on an H200); otherwise the full set. Never throws; errors end up in
/// message / note.
KernelBenchReport runMxfp4Benchmarks(int device, bool quick);

} // namespace hostplan::mxfp4
