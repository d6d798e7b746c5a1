// SPDX-License-Identifier: MIT
// GPU tests of the probe (ctest label "gpu"): a plain executable without Qt, so it runs on a bare
// GPU node. Exit code 77 = skipped (built without CUDA, or no CUDA device).
//
// Checks on device 0: the fit test at several sizes up to 90% of free memory with zero
// mismatches and all memory returned; a size that is not a multiple of 16 (tail path); a
// planted bad word is detected; an over-size request is refused before any allocation;
// cancellation in the middle of the allocation loop frees everything; copy bandwidth measured
// and the fit passes' rates within reach of it; all-reduce skipped with one GPU.
#include "devices.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace hostplan::probe;

namespace {

int g_failures = 0;

void check(bool ok, const std::string &what) {
    std::printf("%s %s\n", ok ? "PASS" : "FAIL", what.c_str());
    std::fflush(stdout);
    if (!ok) {
        ++g_failures;
    }
}

// Free memory is back to within this of where it was (the driver may round).
constexpr std::uint64_t kFreeSlack = 256ull << 20;

bool freeRestored(const FitResult &r) {
    return r.freeBytesAfter + kFreeSlack >= r.freeBytesBefore;
}

std::string gb(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f GB", bytes / 1e9);
    return buf;
}

std::string rate(double bytesPerS) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f GB/s", bytesPerS / 1e9);
    return buf;
}

} // namespace

int main() {
    if (!cudaBuiltIn()) {
        std::printf("SKIP: built without CUDA\n");
        return 77;
    }
    const Inventory inv = listCudaDevices();
    if (!inv.available) {
        std::printf("SKIP: %s\n", inv.message.c_str());
        return 77;
    }
    const DeviceInfo &dev = inv.devices.front();
    std::printf("device 0: %s, cc %s, %d SMs, %s total, %s free, peak %s\n", dev.name.c_str(),
                dev.computeCapability.c_str(), dev.smCount,
                gb(double(dev.memoryTotalBytes)).c_str(), gb(double(dev.memoryFreeBytes)).c_str(),
                rate(dev.theoreticalBandwidthBytesPerS).c_str());
    const CancelToken none;

    // 1. Bandwidth first: the reference for the fit passes' rates.
    BandwidthOptions bwo;
    const BandwidthResult bw = runCudaBandwidth(0, bwo, none, nullptr);
    check(bw.status == StepStatus::Ok && bw.d2dBytesPerS > 0,
          "bandwidth: device copy " + rate(bw.d2dBytesPerS) + " (read + write, " +
              gb(double(bw.bufferBytes)) + " buffers), h2d " + rate(bw.h2dBytesPerS) + ", d2h " +
              rate(bw.d2hBytesPerS) + (bw.message.empty() ? "" : " [" + bw.message + "]"));
    if (dev.theoreticalBandwidthBytesPerS > 0) {
        check(bw.d2dBytesPerS >= 0.5 * dev.theoreticalBandwidthBytesPerS,
              "bandwidth: device copy is at least half the theoretical peak (" +
                  std::to_string(int(100 * bw.d2dBytesPerS / dev.theoreticalBandwidthBytesPerS)) +
                  "%)");
    }
    check(bw.h2dBytesPerS > 1e9 && bw.d2hBytesPerS > 1e9, "bandwidth: host copies above 1 GB/s");

    // 2. Fit at several sizes up to 90% of free memory.
    FitResult largest;
    for (double fraction : {0.05, 0.25, 0.5, 0.75, 0.9}) {
        FitOptions o;
        o.fractionOfFree = fraction;
        const FitResult r = runCudaFit(0, o, none, nullptr);
        char what[512];
        std::snprintf(
            what, sizeof what,
            "fit %.0f%% of free: %s in %llu chunks, status %s, %llu mismatches, write %s, "
            "verify %s, free %s -> %s%s%s",
            fraction * 100, gb(double(r.requestedBytes)).c_str(),
            static_cast<unsigned long long>(r.chunks), toString(r.status).c_str(),
            static_cast<unsigned long long>(r.mismatches), rate(r.writeBytesPerS).c_str(),
            rate(r.verifyBytesPerS).c_str(), gb(double(r.freeBytesBefore)).c_str(),
            gb(double(r.freeBytesAfter)).c_str(), r.message.empty() ? "" : ": ", r.message.c_str());
        check(r.status == StepStatus::Ok && r.fits && r.mismatches == 0 &&
                  r.allocatedBytes == r.requestedBytes && r.headroomBytes >= 0 && freeRestored(r),
              what);
        largest = r;
    }
    if (bw.d2dBytesPerS > 0) {
        // A pass only writes or only reads; the copy counts both directions. Within reach: 60%.
        check(largest.writeBytesPerS >= 0.6 * bw.d2dBytesPerS,
              "fit 90%: write pass " + rate(largest.writeBytesPerS) +
                  " is within reach of the copy rate " + rate(bw.d2dBytesPerS));
        check(largest.verifyBytesPerS >= 0.6 * bw.d2dBytesPerS,
              "fit 90%: verify pass " + rate(largest.verifyBytesPerS) +
                  " is within reach of the copy rate " + rate(bw.d2dBytesPerS));
    }

    // 3. A size that is not a multiple of 16 bytes, in small chunks (tail kernels).
    {
        FitOptions o;
        o.requestedBytes = (1ull << 30) + 12345;
        o.chunkBytes = 256ull << 20;
        const FitResult r = runCudaFit(0, o, none, nullptr);
        check(r.status == StepStatus::Ok && r.mismatches == 0 && r.chunks == 5 &&
                  r.allocatedBytes == o.requestedBytes && freeRestored(r),
              "fit 1 GiB + 12345 B in 256 MiB chunks: " + toString(r.status) + ", " +
                  std::to_string(r.chunks) + " chunks, " + std::to_string(r.mismatches) +
                  " mismatches");
    }

    // 4. Verification really detects a bad word.
    {
        FitOptions o;
        o.requestedBytes = 1ull << 30;
        o.corruptOneWordForTest = true;
        const FitResult r = runCudaFit(0, o, none, nullptr);
        check(r.status == StepStatus::Error && !r.fits && r.mismatches >= 1 && freeRestored(r),
              "planted bad word detected: " + std::to_string(r.mismatches) + " mismatches, " +
                  toString(r.status));
    }

    // 5. Over-size requests are refused before any allocation.
    {
        FitOptions o;
        o.requestedBytes = dev.memoryTotalBytes + (1ull << 30);
        const FitResult r = runCudaFit(0, o, none, nullptr);
        check(r.status == StepStatus::DoesNotFit && !r.fits && r.allocatedBytes == 0 &&
                  r.headroomBytes < 0 && freeRestored(r),
              "over-size request (total + 1 GiB) refused: " + toString(r.status) + ", " +
                  r.message);
        FitOptions f;
        f.fractionOfFree = 1.05;
        const FitResult rf = runCudaFit(0, f, none, nullptr);
        check(rf.status == StepStatus::DoesNotFit && rf.allocatedBytes == 0,
              "105% of free refused: " + toString(rf.status));
    }

    // 6. Cancelled in the middle of the allocation loop: everything freed.
    {
        CancelToken token;
        FitOptions o;
        o.fractionOfFree = 0.5;
        bool cancelledOnce = false;
        const FitResult r = runCudaFit(0, o, token, [&](double, const std::string &m) {
            if (!cancelledOnce && m.rfind("allocated", 0) == 0) {
                cancelledOnce = true;
                token.cancel();
            }
        });
        check(r.status == StepStatus::Interrupted && r.allocatedBytes > 0 &&
                  r.allocatedBytes < r.requestedBytes && freeRestored(r),
              "cancelled while allocating: " + toString(r.status) + ", peak " +
                  gb(double(r.allocatedBytes)) + ", free " + gb(double(r.freeBytesBefore)) +
                  " -> " + gb(double(r.freeBytesAfter)));
        CancelToken expired(1e-9);
        FitOptions o2;
        o2.requestedBytes = 1ull << 30;
        const FitResult r2 = runCudaFit(0, o2, expired, nullptr);
        check(r2.status == StepStatus::Interrupted &&
                  r2.message.find("timed out") != std::string::npos && freeRestored(r2),
              "timed out before allocating: " + r2.message);
    }

    // 7. All-reduce needs two GPUs.
    {
        std::vector<int> devices;
        for (const DeviceInfo &d : inv.devices) {
            devices.push_back(d.index);
        }
        AllReduceOptions ao;
        ao.runs = 3;
        const AllReduceResult ar = runNcclAllReduce(devices, ao, none, nullptr);
        if (devices.size() < 2) {
            check(ar.status == AllReduceStatus::Skipped,
                  "all-reduce skipped on one GPU: " + ar.note);
        } else {
            check(ar.status == AllReduceStatus::Ok || ar.status == AllReduceStatus::Unavailable,
                  "all-reduce on " + std::to_string(devices.size()) +
                      " GPUs: " + toString(ar.status) + " " + ar.note);
            for (const AllReduceRow &row : ar.rows) {
                std::printf("  all-reduce %s: bus %s\n", gb(double(row.bytes)).c_str(),
                            rate(row.busBytesPerS).c_str());
            }
        }
    }

    std::printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "OK", g_failures);
    return g_failures ? 1 : 0;
}
