// SPDX-License-Identifier: MIT
// runMxfp4Benchmarks() for builds without CUDA.
#include "mxfp4_bench.h"

namespace hostplan::mxfp4 {

KernelBenchReport runMxfp4Benchmarks(int /*device*/, bool /*quick*/) {
    KernelBenchReport report;
    report.ran = false;
    report.message = "built without CUDA";
    return report;
}

} // namespace hostplan::mxfp4
