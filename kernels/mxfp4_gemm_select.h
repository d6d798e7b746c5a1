// Internal switch of the prefill GEMM launcher (mxfp4_gemm.cu), for the GPU tests, the
// benchmark and a fall-back: force the v2 kernel (128 x 256 tile, the default) or the first
// version (v1, 128 x 128 tile), so both can be validated and timed in one run. Not part of the
// launcher API (mxfp4_cuda.h); Auto is what every other caller gets. Not thread-safe: set it
// around launches on one host thread.
#pragma once

namespace hostplan::mxfp4::cuda {

enum class PrefillKernel {
    Auto, ///< the default of launchPrefillGemm: today v2 (kPrefillDefaultVersion)
    V1,   ///< first version: 128 x 128 x 64 tile, 64 x 32 warp tiles (measured 277 TFLOP/s)
    V2,   ///< 128 x 256 x 64 tile, 64 x 64 warp tiles, grouped tile order
};

/// Kernel that Auto selects (1 or 2). Set to 1 to fall back to v1 everywhere.
inline constexpr int kPrefillDefaultVersion = 2;

void setPrefillKernelOverride(PrefillKernel kernel);
PrefillKernel prefillKernelOverride();

} // namespace hostplan::mxfp4::cuda
