// SPDX-License-Identifier: MIT
// Bridge to kernels/' MXFP4 benchmarks, part of the CUDA backend (backend_cuda.h): runs them and
// copies their rows into the report's "kernels" section. Compiled only with CUDA and when
// hostplan::kernels_bench exists.
#include "backend_cuda.h"

#include "mxfp4_bench.h"

#include <exception>

namespace hostplan::probe::cuda {

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

} // namespace hostplan::probe::cuda
