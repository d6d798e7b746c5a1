// Internal switch of the prefill GEMM launcher (mxfp4_gemm.cu), for the GPU tests, the
// benchmark and a fall-back: force the v2 kernel (128 x 256 tile, the default), the first
// version (v1, 128 x 128 tile) or the wgmma kernel for Hopper (v3, mxfp4_gemm_sm90.cu), so each
// can be validated and timed in one run. Not part of the launcher API (mxfp4_cuda.h); Auto is
// what every other caller gets. Not thread-safe: set it around launches on one host thread.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

namespace hostplan::mxfp4::cuda {

enum class PrefillKernel {
    Auto, ///< the default of launchPrefillGemm: today v2 (kPrefillDefaultVersion)
    V1,   ///< first version: 128 x 128 x 64 tile, 64 x 32 warp tiles (measured 277 TFLOP/s)
    V2,   ///< 128 x 256 x 64 tile, 64 x 64 warp tiles, grouped tile order
    V3,   ///< sm_90a only: wgmma m64n256k16, W decoded in registers as A, x from shared memory
};

/// Kernel that Auto selects (1 or 2). Set to 1 to fall back to v1 everywhere. v3 is reached
/// only through the override until a device run has validated and timed it (PERF.md).
inline constexpr int kPrefillDefaultVersion = 2;

void setPrefillKernelOverride(PrefillKernel kernel);
PrefillKernel prefillKernelOverride();

/// Empty when the v3 (wgmma) kernel can run on the current device; otherwise why not, e.g.
/// "needs sm_90 (Hopper); this GPU is sm_100", or that the build lacks the sm_90a target.
std::string prefillWgmmaSupport();

/// The v3 kernel (mxfp4_gemm_sm90.cu); launchPrefillGemm calls it when the override is V3,
/// after its own shape, padding and alignment checks. Same arguments and result.
std::string launchPrefillGemmWgmma(const std::uint16_t *x, int m, const std::uint8_t *packedData,
                                   const std::uint8_t *packedSf, int n, int k, int nPadded,
                                   int kPadded, std::uint16_t *y, cudaStream_t stream);

} // namespace hostplan::mxfp4::cuda
