// Bridge to kernels/' MXFP4 benchmarks: runs them and copies their rows into the report's
// "kernels" section. Compiled with HOSTPLAN_HAVE_KERNEL_BENCH when hostplan::kernels_bench
// exists (its stub answers "built without CUDA" when HostPlan is built without CUDA).
#include "devices.h"

#if defined(HOSTPLAN_HAVE_KERNEL_BENCH)
#include "mxfp4_bench.h"

#include <exception>
#endif

namespace hostplan::probe {

#if defined(HOSTPLAN_HAVE_KERNEL_BENCH)

bool kernelBenchBuiltIn() {
#if defined(HOSTPLAN_KERNELS_HAVE_CUDA) && HOSTPLAN_KERNELS_HAVE_CUDA
    return true;
#else
    return false;
#endif
}

KernelsSection runKernelBenchmarks(int device, bool quick) {
    KernelsSection out;
    try {
        const hostplan::mxfp4::KernelBenchReport rep =
            hostplan::mxfp4::runMxfp4Benchmarks(device, quick);
        out.ran = rep.ran;
        out.message = rep.message;
        out.deviceName = rep.deviceName;
        out.copyBandwidthBytesPerS = rep.copyBandwidthBytesPerS;
        for (const auto &r : rep.rows) {
            KernelRow row;
            row.kernel = r.kernel;
            row.shape = r.shape;
            row.m = r.m;
            row.n = r.n;
            row.k = r.k;
            row.timeUs = r.timeUs;
            row.gbPerS = r.gbPerS;
            row.pctOfCopyBandwidth = r.pctOfCopyBandwidth;
            row.tflops = r.tflops;
            row.pctOfCublasBf16 = r.pctOfCublasBf16;
            row.maxRelError = r.maxRelError;
            row.correct = r.correct;
            row.note = r.note;
            out.rows.push_back(std::move(row));
        }
    } catch (const std::exception &e) {
        // kernels/ should not throw across its boundary; keep the probe alive if it does.
        out.ran = false;
        out.message = std::string("kernel benchmarks failed: ") + e.what();
    }
    return out;
}

#else

bool kernelBenchBuiltIn() {
    return false;
}

KernelsSection runKernelBenchmarks(int, bool) {
    KernelsSection out;
    out.ran = false;
    out.message =
        "built without the MXFP4 kernel benchmarks (needs CUDA and kernels/mxfp4_bench.h)";
    return out;
}

#endif

} // namespace hostplan::probe
