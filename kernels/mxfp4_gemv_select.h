// Internal switch of the decode GEMV launchers (mxfp4_gemv.cu), for the GPU tests and the
// benchmark only: force the v3 streaming kernel or the previous (v1 / v2) path, so both can be
// validated and timed in one run. Not part of the launcher API (mxfp4_cuda.h); Auto is what
// every other caller gets. Not thread-safe: set it around launches on one host thread.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

namespace hostplan::mxfp4::cuda {

enum class GemvKernel {
    Auto,   ///< the dispatch in mxfp4_gemv.cu (useV3 / useV2): today v2 / v1
    Legacy, ///< v2 or v1, as dispatched before v3 existed
    V3,     ///< the v3 row-streaming kernel for every call
    V4,     ///< the v4 contiguous-row-streaming kernel (x in registers) for every call
    V5,     ///< v5 (v2's loads, PRMT + LDS decode, fp32 block scaling) for 1-2 rows, else Auto
};

void setGemvKernelOverride(GemvKernel kernel);
GemvKernel gemvKernelOverride();

/// Diagnostics for the benchmark (no decode, garbage result): read exactly the packed weights
/// [n][k/2] and scales [n][k/32] once. V2Pattern: v2's grid, warp roles and per-thread load
/// order at m = 1 (two stages of 4 x 16 bytes per row pair in flight), XOR of the words.
/// Ideal: each CTA streams one contiguous range with 16-byte loads, 8 in flight per thread,
/// 8 CTAs of 256 threads per SM. out: n words (XOR-accumulated, never read back).
std::string launchStreamReadV2Pattern(const std::uint8_t *e2m1, const std::uint8_t *sf, int n,
                                      int k, std::uint32_t *out, cudaStream_t stream);
std::string launchStreamReadIdeal(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                                  std::uint32_t *out, cudaStream_t stream);

} // namespace hostplan::mxfp4::cuda
