// Internal switch of the decode GEMV launchers (mxfp4_gemv.cu), for the GPU tests and the
// benchmark only: force the v3 streaming kernel or the previous (v1 / v2) path, so both can be
// validated and timed in one run. Not part of the launcher API (mxfp4_cuda.h); Auto is what
// every other caller gets. Not thread-safe: set it around launches on one host thread.
#pragma once

namespace hostplan::mxfp4::cuda {

enum class GemvKernel {
    Auto,   ///< the dispatch in mxfp4_gemv.cu (useV3 / useV2): today v2 / v1
    Legacy, ///< v2 or v1, as dispatched before v3 existed
    V3,     ///< the v3 row-streaming kernel for every call
};

void setGemvKernelOverride(GemvKernel kernel);
GemvKernel gemvKernelOverride();

} // namespace hostplan::mxfp4::cuda
