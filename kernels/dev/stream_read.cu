// SPDX-License-Identifier: MIT
/*
 * Diagnostics (stand-alone program; not in the library): pure reads of the packed weights
 * [n][k/2] and scales [n][k/32], no decode, to tell whether the decode GEMV's memory side (its
 * access pattern, the bytes in flight) or its decode is the limit.
 *
 *  - v2pattern: the library GEMV v2's grid (detail::planGemvTensorCore), warp roles, per-thread
 *    load order and two-stage double buffering at m = 1; the compute is an XOR of the loaded
 *    words, one atomicXor per thread into out[row]. So out[row] = XOR of the row's 32-bit code
 *    words and of its scale bytes.
 *  - ideal: each CTA streams one contiguous range with 16-byte loads, 8 in flight per thread,
 *    8 CTAs of 256 threads per SM; CTA c XORs into out[c % n]. So the XOR of all of out = XOR
 *    of every 32-bit code word, every 32-bit word of the whole 16-byte scale words, and the
 *    scale bytes of the partial last word.
 *
 * The check compares out bit for bit with those XORs computed on the CPU; the timing reports
 * GB/s over weights + scales beside the library's m = 1 GEMV (launchGemv) on 28672 x 8192.
 * First H200 figures (run 5, PERF.md): v2pattern ~ the GEMV's own time, ideal ~ copy speed.
 *
 * Run: build with -DHOSTPLAN_KERNELS_DEV=ON, then build/kernels/dev/mxfp4-dev-stream-read.
 */
#include "dev_harness.h"
#include "mxfp4_common.cuh"
#include "mxfp4_internal.h"

#include <algorithm>
#include <cstring>

namespace hostplan::mxfp4::cuda {

namespace {

namespace streamread {

constexpr int kV2Warps = 8; // v2's block
constexpr int kV2Threads = kV2Warps * 32;

/// v2's grid, warp roles, per-thread load order and two-stage double buffering at m = 1, but
/// the compute is an XOR of the loaded words; one atomicXor per thread into out[row].
__global__ void __launch_bounds__(kV2Threads, 2)
    v2PatternKernel(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k, int rowTiles,
                    std::uint32_t *out) {
    constexpr int G = 4; // v2's groups per stage at one n-tile
    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2;
    const int t = lane & 3;
    const int nb = k / kBlockSize;
    const int numGroups = (nb + 3) >> 2;
    const int rt = warp % rowTiles;
    const int kpart = warp / rowTiles;
    const int warpsPerTile = kV2Warps / rowTiles;
    const int rowA = (blockIdx.x * rowTiles + rt) * 16 + g;
    const int rowB = rowA + 8;
    const bool validA = rowA < n;
    const bool validB = rowB < n;
    const std::uint8_t *wA = e2m1 + (long long)(validA ? rowA : 0) * (k / 2);
    const std::uint8_t *wB = e2m1 + (long long)(validB ? rowB : 0) * (k / 2);
    const std::uint8_t *sA = sf + (long long)(validA ? rowA : 0) * nb;
    const std::uint8_t *sB = sf + (long long)(validB ? rowB : 0) * nb;
    const int myGroups =
        kpart < numGroups ? (numGroups - kpart + warpsPerTile - 1) / warpsPerTile : 0;
    const int numStages = (myGroups + G - 1) / G;
    std::uint32_t accA = 0u, accB = 0u;

    auto load = [&](detail::RowPairStage<G> &s, int stage) {
#pragma unroll
        for (int q = 0; q < G; ++q) {
            const int grp = kpart + warpsPerTile * (stage * G + q);
            const int kb = grp * 4 + t;
            const bool inK = kb < nb;
            s.codeA[q] = make_uint4(0, 0, 0, 0);
            s.codeB[q] = make_uint4(0, 0, 0, 0);
            s.scaleA[q] = 0u;
            s.scaleB[q] = 0u;
            if (inK && validA) {
                s.codeA[q] = detail::ldStream16(wA + (long long)kb * 16);
                s.scaleA[q] = __ldg(sA + kb);
            }
            if (inK && validB) {
                s.codeB[q] = detail::ldStream16(wB + (long long)kb * 16);
                s.scaleB[q] = __ldg(sB + kb);
            }
        }
    };
    auto consume = [&](const detail::RowPairStage<G> &s) {
#pragma unroll
        for (int q = 0; q < G; ++q) {
            accA ^= s.codeA[q].x ^ s.codeA[q].y ^ s.codeA[q].z ^ s.codeA[q].w ^ s.scaleA[q];
            accB ^= s.codeB[q].x ^ s.codeB[q].y ^ s.codeB[q].z ^ s.codeB[q].w ^ s.scaleB[q];
        }
    };
    detail::doubleBuffered<detail::RowPairStage<G>>(
        numStages, load, [&](const detail::RowPairStage<G> &s, int) { consume(s); }, [] {});
    if (validA) {
        atomicXor(out + rowA, accA);
    }
    if (validB) {
        atomicXor(out + rowB, accB);
    }
}

constexpr int kIdealThreads = 256;
constexpr int kIdealUnroll = 8;

/// Contiguous stream: CTA c reads the c-th contiguous range of the codes (then of the scales),
/// thread i the 16-byte words i, i + 256, ..., eight independent loads issued before any use.
__global__ void __launch_bounds__(kIdealThreads)
    idealKernel(const uint4 *codes, long long codeWords, const uint4 *scales, long long scaleWords,
                const std::uint8_t *scaleTail, int scaleTailBytes, std::uint32_t *out, int n) {
    std::uint32_t acc = 0u;
    constexpr long long kStep = (long long)kIdealThreads * kIdealUnroll;
    auto streamRange = [&](const uint4 *base, long long words) {
        const long long per = (words + gridDim.x - 1) / gridDim.x;
        const long long begin = per * blockIdx.x;
        const long long end = min(words, begin + per);
        long long i = begin + threadIdx.x;
        for (; i + (kIdealUnroll - 1) * kIdealThreads < end; i += kStep) {
            uint4 v[kIdealUnroll];
#pragma unroll
            for (int u = 0; u < kIdealUnroll; ++u) {
                v[u] = detail::ldStream16<false>(base + i + u * kIdealThreads);
            }
#pragma unroll
            for (int u = 0; u < kIdealUnroll; ++u) {
                acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
            }
        }
        for (; i < end; i += kIdealThreads) {
            const uint4 v = detail::ldStream16<false>(base + i);
            acc ^= v.x ^ v.y ^ v.z ^ v.w;
        }
    };
    streamRange(codes, codeWords);
    streamRange(scales, scaleWords);
    if (blockIdx.x == 0) {
        for (int i = threadIdx.x; i < scaleTailBytes; i += kIdealThreads) {
            acc ^= scaleTail[i];
        }
    }
    atomicXor(out + (blockIdx.x % unsigned(n)), acc);
}

} // namespace streamread

std::string launchV2Pattern(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                            std::uint32_t *out, cudaStream_t stream) {
    HOSTPLAN_REQUIRE(e2m1 && sf && out, "stream read: null pointer");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0,
                     "stream read: e2m1 must be 16-byte aligned");
    const GemvPlan plan = detail::planGemvTensorCore(1, 1, n, k, detail::smCountOfCurrentDevice());
    HOSTPLAN_REQUIRE(plan.error.empty(), "stream read: " + plan.error);
    const long long rowTiles = detail::ceilDiv(n, 16);
    const dim3 grid(unsigned(detail::ceilDiv(rowTiles, plan.rowTilesPerBlock)));
    streamread::v2PatternKernel<<<grid, streamread::kV2Threads, 0, stream>>>(
        e2m1, sf, n, k, plan.rowTilesPerBlock, out);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

std::string launchIdeal(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                        std::uint32_t *out, cudaStream_t stream) {
    HOSTPLAN_REQUIRE(e2m1 && sf && out, "stream read: null pointer");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(sf) % 16 == 0,
                     "stream read: e2m1 and sf must be 16-byte aligned");
    const std::string shapeError = checkShape(n, k);
    HOSTPLAN_REQUIRE(shapeError.empty(), "stream read: " + shapeError);
    const long long codeBytes = (long long)n * (k / 2);
    const long long scaleBytes = (long long)n * (k / kBlockSize);
    // k % 32 == 0, so the codes are whole 16-byte words; the scales may end in a partial one.
    const long long scaleWords = scaleBytes / 16;
    const int tail = int(scaleBytes - scaleWords * 16);
    // Eight CTAs of 256 threads per SM (one wave at full occupancy; few registers).
    const unsigned grid = unsigned(8 * detail::smCountOfCurrentDevice());
    streamread::idealKernel<<<grid, streamread::kIdealThreads, 0, stream>>>(
        reinterpret_cast<const uint4 *>(e2m1), codeBytes / 16, reinterpret_cast<const uint4 *>(sf),
        scaleWords, sf + scaleWords * 16, tail, out, n);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

/// XOR of the little-endian 32-bit words of bytes [0, count) (count % 4 == 0).
std::uint32_t xorWords(const std::uint8_t *bytes, std::size_t count) {
    std::uint32_t acc = 0;
    for (std::size_t i = 0; i + 4 <= count; i += 4) {
        std::uint32_t w;
        std::memcpy(&w, bytes + i, 4);
        acc ^= w;
    }
    return acc;
}

/// out of the v2-pattern kernel: per row, the XOR of its code words and of its scale bytes.
std::vector<std::uint32_t> expectedV2Pattern(const Matrix &w) {
    const int nb = w.k / kBlockSize;
    std::vector<std::uint32_t> out(std::size_t(w.n));
    for (int r = 0; r < w.n; ++r) {
        std::uint32_t acc =
            xorWords(w.e2m1.data() + std::size_t(r) * std::size_t(w.k / 2), std::size_t(w.k / 2));
        for (int b = 0; b < nb; ++b) {
            acc ^= w.sf[std::size_t(r) * std::size_t(nb) + std::size_t(b)];
        }
        out[std::size_t(r)] = acc;
    }
    return out;
}

/// out of the ideal kernel, folded: which CTA XORs into which word depends on the grid, so
/// the check compares the XOR of all words (returned as a one-element vector).
std::vector<std::uint32_t> expectedIdealFolded(const Matrix &w) {
    const std::size_t whole = w.sf.size() / 16 * 16;
    std::uint32_t acc = xorWords(w.e2m1.data(), w.e2m1.size()) ^ xorWords(w.sf.data(), whole);
    for (std::size_t i = whole; i < w.sf.size(); ++i) {
        acc ^= w.sf[i];
    }
    return {acc};
}

} // namespace

} // namespace hostplan::mxfp4::cuda

int main() {
    namespace kc = hostplan::mxfp4::cuda;
    namespace dev = hostplan::mxfp4::dev;
    dev::Tally tally;
    if (!dev::runReadExperiment("stream_read", "v2pattern", kc::launchV2Pattern,
                                kc::expectedV2Pattern, false, tally)) {
        return 77;
    }
    // The ideal kernel's words are checked folded: XOR of all n words against the CPU's XOR.
    dev::runReadExperiment("stream_read", "ideal", kc::launchIdeal, kc::expectedIdealFolded, true,
                           tally);
    return dev::finish("stream_read", tally);
}
