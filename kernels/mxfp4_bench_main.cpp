// SPDX-License-Identifier: MIT
// hostplan-mxfp4-bench: runs runMxfp4Benchmarks() and prints its table, for device scripts that
// want the kernel figures without the probe. Usage: hostplan-mxfp4-bench [--full] [--device N]
// Exit code: 0 all rows validated, 1 a row failed or nothing ran, 2 bad arguments.
#include "mxfp4_bench.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
    bool quick = true;
    int device = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--full") == 0) {
            quick = false;
        } else if (std::strcmp(argv[i], "--device") == 0 && i + 1 < argc) {
            device = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: %s [--full] [--device N]\n", argv[0]);
            return 2;
        }
    }
    const hostplan::mxfp4::KernelBenchReport r = hostplan::mxfp4::runMxfp4Benchmarks(device, quick);
    std::printf("device: %s\ncopy bandwidth: %.1f GB/s (read + write)\n%s\n",
                r.deviceName.empty() ? "-" : r.deviceName.c_str(), r.copyBandwidthBytesPerS / 1e9,
                r.message.c_str());
    std::printf("%-12s %-34s %10s %9s %7s %9s %8s %9s %4s  %s\n", "kernel", "shape", "time_us",
                "GB/s", "%copy", "TFLOP/s", "%cublas", "max_rel", "ok", "note");
    int failed = 0;
    for (const auto &row : r.rows) {
        failed += row.correct ? 0 : 1;
        std::printf("%-12s %-34s %10.2f %9.1f %7.1f %9.1f %8.1f %9.2e %4s  %s\n",
                    row.kernel.c_str(), row.shape.c_str(), row.timeUs, row.gbPerS,
                    row.pctOfCopyBandwidth, row.tflops, row.pctOfCublasBf16, row.maxRelError,
                    row.correct ? "yes" : "NO", row.note.c_str());
    }
    return (r.ran && failed == 0) ? 0 : 1;
}
