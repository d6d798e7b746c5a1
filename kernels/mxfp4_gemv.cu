// SPDX-License-Identifier: MIT
/*
 * MXFP4 decode GEMV / skinny GEMM and its grouped (MoE) variant.
 *
 *   y[m][n] = sum_k x[m][k] * W[n][k]      m = 1..16 rows per work unit, fp32 accumulation
 *
 * Layouts: x bf16 [rows][k] row-major; W in the Hugging Face / gpt-oss interchange layout,
 * e2m1 [n][k/2] bytes (element 2j in the low nibble of byte j) and sf [n][k/32] ue8m0; y bf16
 * [rows][n]. Grouped: experts stacked [E][n][k/2] and [E][n][k/32]; (token, expert) pairs
 * sorted by expert, row r reads x[tokenOfRow[r]] and writes y[r]; one work unit (blockIdx.z) is
 * a run of <= 16 rows of one expert (makeMoeWorkUnits). k % 32 == 0 (pad with padK()).
 *
 * Variant (v2, after the first H200 run showed the v1 shift-and-mask decode at 42 % of copy
 * bandwidth, integer-pipe bound): memory-bound, so the weights are read once, 16 bytes (one
 * 32-element block) per load with L1::no_allocate and an L2 256-byte prefetch hint, with two
 * stages of four loads per row in flight per thread (register double buffering). The arithmetic
 * runs on the tensor cores: W is the A operand of mma.sync m16n8k16 (16 weight rows), x the B
 * operand (8 tokens per n-tile, 1 or 2 n-tiles). Thread (g = lane/4, t = lane%4) loads rows g
 * and g+8, block 4q + t of each group q of four blocks; the order of k inside an mma is free as
 * long as A and B agree. Decode: each code byte (two e2m1 nibbles, elements 2j and 2j+1) is
 * looked up in a 256-entry byte -> bf16x2 table in shared memory, replicated once per lane so
 * that the lookups never conflict (32 KiB); the table holds the exact e2m1 values, so one bf16
 * multiply by 2^(sf-127) (a 256-entry factor table: 2^-127 subnormal for sf = 0, NaN for 0xFF)
 * scales them exactly. That is 2 integer ops + 1 LDS + 1 HFMA2 per byte instead of ~4 integer
 * ops + 2 HFMA2 per byte in v1. Natural pair order, so the B fragments are plain 16-byte x
 * loads (L1-resident: x is small and shared by every warp), no x staging in shared memory.
 *
 * v1 (namespace v1, the first version, kept where it measured faster: plain calls with m >= 2
 * and grouped calls with more than 8 rows per unit; see useV2()): the same mma layout with
 * elements paired (p, p+4) by shift-and-mask (mxfp4_bits.h) and two bf16 scale multiplies, x
 * staged in shared memory (64 KiB slice), K split over blocks with an fp32 workspace, atomics
 * and a finalize kernel when the slice does not fit or to fill the GPU.
 *
 * v2 work split: a block of 8 warps covers RT = 8/4/2/1 tiles of 16 rows; the KP = 8/RT warps
 * that share a row tile interleave over the K groups and reduce through shared memory. RT is
 * the largest that still gives enough blocks to fill the GPU, so K is split only inside a
 * block: no workspace, no atomics, no memset or finalize launch (the workspace arguments of
 * the launchers are accepted and ignored).
 *
 * Experiments that measured slower or never ran (GEMV v3, v4, v5 and the pure-read diagnostics)
 * are stand-alone programs in kernels/dev/ (built with -DHOSTPLAN_KERNELS_DEV=ON; PERF.md says
 * where each lives and what it measured); they share GemvArgs and the v2 plan through
 * mxfp4_internal.h. The dispatch below is fixed: no run-time kernel switch.
 *
 * Benchmark: runMxfp4Benchmarks() (mxfp4_bench.h, `hostplan-probe kernels`): GB/s over packed
 * weights + scales + x + y against the device copy bandwidth, weights rotated beyond L2.
 */
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"
#include "mxfp4_internal.h"

#include <algorithm>
#include <type_traits>

namespace hostplan::mxfp4::cuda {

namespace {

using detail::e2m1Bf16;
using detail::e8m0Bf16;
using detail::floatToBf16Bits;
using detail::ldStream16;

// ---- v1: shift-and-mask decode, x staged in shared memory, split K over blocks ----
namespace v1 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kChunkBlocks = detail::kGemvChunkBlocks; // 32-element blocks per 512-wide chunk
constexpr std::size_t kMaxXSliceBytes = 64 * 1024;

/// maxRows: rows staged per unit (the shared memory was sized for this many).
struct SkinnyParams : detail::GemvArgs {
    float *ws = nullptr; // non-null: accumulate fp32 partial sums here (split K)
    int rowTiles = 1;
    int chunksPerSlice = 1;
    int numChunks = 1;
};

template <int NT>
__global__ void __launch_bounds__(kThreads, 2) skinnyKernel(const SkinnyParams p) {
    extern __shared__ uint4 xs[]; // x slice, [step][word j][row][t] uint4 (see staging)
    __shared__ float part[kWarps][16][16];

    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2;
    const int t = lane & 3;

    const MoeWorkUnit unit = p.units ? p.units[blockIdx.z] : MoeWorkUnit{0, 0, p.m};
    // A unit larger than the launch promised would overrun the x slice: its extra rows are
    // left unwritten (a poisoned output shows it) rather than read out of bounds.
    const int rows = min(unit.rowCount, p.maxRows);
    const int nb = p.k / kBlockSize;
    const std::uint8_t *W = p.e2m1 + (long long)unit.expert * p.expertStrideW;
    const std::uint8_t *S = p.sf + (long long)unit.expert * p.expertStrideSf;

    const int chunk0 = blockIdx.y * p.chunksPerSlice;
    const int sliceChunks = min(p.chunksPerSlice, p.numChunks - chunk0);
    const int kb0 = chunk0 * kChunkBlocks;
    const int sliceBlocks = min(sliceChunks * kChunkBlocks, nb - kb0);

    // Stage x[rows][slice] into shared memory so that lane (g, t) later reads row g, block
    // 4*step + t, word j at uint4 index ((step * 4 + j) * rows + g) * 4 + t: the 8 lanes of a
    // quarter warp read 128 contiguous bytes.
    const int stageCount = rows * sliceBlocks * 4;
    for (int i = threadIdx.x; i < stageCount; i += kThreads) {
        const int j = i & 3;
        const int rest = i >> 2;
        const int kbl = rest % sliceBlocks;
        const int r = rest / sliceBlocks;
        const int token = p.tokenOfRow ? p.tokenOfRow[unit.rowBegin + r] : unit.rowBegin + r;
        const uint4 *src = reinterpret_cast<const uint4 *>(
            p.x + (long long)token * p.k + (long long)(kb0 + kbl) * kBlockSize + j * 8);
        xs[(((kbl >> 2) * 4 + j) * rows + r) * 4 + (kbl & 3)] = __ldg(src);
    }
    __syncthreads();

    const int rt = warp % p.rowTiles;
    const int kpart = warp / p.rowTiles;
    const int warpsPerTile = kWarps / p.rowTiles;
    const int rowA = (blockIdx.x * p.rowTiles + rt) * 16 + g;
    const int rowB = rowA + 8;
    const bool validA = rowA < p.n;
    const bool validB = rowB < p.n;
    const std::uint8_t *wA = W + (long long)rowA * (p.k / 2);
    const std::uint8_t *wB = W + (long long)rowB * (p.k / 2);
    const std::uint8_t *sA = S + (long long)rowA * nb;
    const std::uint8_t *sB = S + (long long)rowB * nb;

    float acc[NT][4];
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            acc[nt][i] = 0.0f;
        }
    }

    for (int c = kpart; c < sliceChunks; c += warpsPerTile) {
        // All loads of the chunk first: 8 x 16 bytes of codes and 8 scale bytes per thread.
        uint4 codeA[4], codeB[4];
        std::uint32_t scaleA[4], scaleB[4];
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const int kb = kb0 + c * kChunkBlocks + u * 4 + t;
            const bool inK = kb < nb;
            codeA[u] = make_uint4(0, 0, 0, 0);
            codeB[u] = make_uint4(0, 0, 0, 0);
            scaleA[u] = kSfOne;
            scaleB[u] = kSfOne;
            if (inK && validA) {
                codeA[u] = __ldcs(reinterpret_cast<const uint4 *>(wA + (long long)kb * 16));
                scaleA[u] = __ldg(sA + kb);
            }
            if (inK && validB) {
                codeB[u] = __ldcs(reinterpret_cast<const uint4 *>(wB + (long long)kb * 16));
                scaleB[u] = __ldg(sB + kb);
            }
        }
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const int kbl = c * kChunkBlocks + u * 4 + t; // block index within the slice
            const bool inK = kbl < sliceBlocks;
            const std::uint32_t fA1 = bits::splat(bits::factorLoBits(scaleA[u]));
            const std::uint32_t fA2 = bits::splat(bits::factorHiBits(scaleA[u]));
            const std::uint32_t fB1 = bits::splat(bits::factorLoBits(scaleB[u]));
            const std::uint32_t fB2 = bits::splat(bits::factorHiBits(scaleB[u]));
            const std::uint32_t wa[4] = {codeA[u].x, codeA[u].y, codeA[u].z, codeA[u].w};
            const std::uint32_t wb[4] = {codeB[u].x, codeB[u].y, codeB[u].z, codeB[u].w};
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                uint4 xv[NT];
#pragma unroll
                for (int nt = 0; nt < NT; ++nt) {
                    const int r = g + 8 * nt;
                    xv[nt] = make_uint4(0, 0, 0, 0);
                    if (inK && r < rows) {
                        xv[nt] = xs[(((c * 4 + u) * 4 + j) * rows + r) * 4 + t];
                    }
                }
                // k-step h = 0: pairs (e0,e4), (e1,e5); h = 1: (e2,e6), (e3,e7).
                {
                    const std::uint32_t a0 = detail::decodePair<0>(wa[j], fA1, fA2);
                    const std::uint32_t a2 = detail::decodePair<1>(wa[j], fA1, fA2);
                    const std::uint32_t a1 = detail::decodePair<0>(wb[j], fB1, fB2);
                    const std::uint32_t a3 = detail::decodePair<1>(wb[j], fB1, fB2);
#pragma unroll
                    for (int nt = 0; nt < NT; ++nt) {
                        const std::uint32_t b0 = detail::prmt(xv[nt].x, xv[nt].z, 0x5410);
                        const std::uint32_t b1 = detail::prmt(xv[nt].x, xv[nt].z, 0x7632);
                        detail::mma16816(acc[nt], a0, a1, a2, a3, b0, b1);
                    }
                }
                {
                    const std::uint32_t a0 = detail::decodePair<2>(wa[j], fA1, fA2);
                    const std::uint32_t a2 = detail::decodePair<3>(wa[j], fA1, fA2);
                    const std::uint32_t a1 = detail::decodePair<2>(wb[j], fB1, fB2);
                    const std::uint32_t a3 = detail::decodePair<3>(wb[j], fB1, fB2);
#pragma unroll
                    for (int nt = 0; nt < NT; ++nt) {
                        const std::uint32_t b0 = detail::prmt(xv[nt].y, xv[nt].w, 0x5410);
                        const std::uint32_t b1 = detail::prmt(xv[nt].y, xv[nt].w, 0x7632);
                        detail::mma16816(acc[nt], a0, a1, a2, a3, b0, b1);
                    }
                }
            }
        }
    }

    // C fragment: c0, c1 = (row g, tokens 2t, 2t+1), c2, c3 = (row g+8, same tokens).
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) {
        const int col = 8 * nt + 2 * t;
        part[warp][g][col] = acc[nt][0];
        part[warp][g][col + 1] = acc[nt][1];
        part[warp][g + 8][col] = acc[nt][2];
        part[warp][g + 8][col + 1] = acc[nt][3];
    }
    __syncthreads();

    // Reduce the warps of each row tile; consecutive threads write consecutive output columns.
    const int outputs = p.rowTiles * 16 * rows;
    for (int i = threadIdx.x; i < outputs; i += kThreads) {
        const int rowInTile = i & 15;
        const int rest = i >> 4;
        const int tile = rest % p.rowTiles;
        const int r = rest / p.rowTiles;
        float sum = 0.0f;
        for (int kp = 0; kp < warpsPerTile; ++kp) {
            sum += part[kp * p.rowTiles + tile][rowInTile][r];
        }
        const int nIndex = (blockIdx.x * p.rowTiles + tile) * 16 + rowInTile;
        if (nIndex < p.n) {
            const long long o = (long long)(unit.rowBegin + r) * p.n + nIndex;
            if (p.ws) {
                atomicAdd(p.ws + o, sum);
            } else {
                p.y[o] = floatToBf16Bits(sum);
            }
        }
    }
}

__global__ void __launch_bounds__(256)
    finalizeKernel(const float *__restrict__ ws, long long count, std::uint16_t *__restrict__ y) {
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        y[i] = floatToBf16Bits(ws[i]);
    }
}

template <int NT> cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        skinnyKernel<NT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kMaxXSliceBytes));
    return status;
}

std::string launchSkinny(SkinnyParams params, const GemvPlan &plan, int maxRows, int numUnits,
                         int totalRows, float *workspace, cudaStream_t stream) {
    params.maxRows = maxRows;
    params.rowTiles = plan.rowTilesPerBlock;
    params.chunksPerSlice = plan.chunksPerSlice;
    params.numChunks = plan.numChunks;
    params.ws = plan.splitK > 1 ? workspace : nullptr;
    const long long rowTiles = detail::ceilDiv(params.n, 16);
    const dim3 grid(unsigned(detail::ceilDiv(rowTiles, plan.rowTilesPerBlock)),
                    unsigned(plan.splitK), unsigned(numUnits));
    HOSTPLAN_REQUIRE(grid.x <= 0x7FFFFFFFu && plan.splitK <= 65535 && numUnits <= 65535,
                     "gemv: grid too large");
    if (params.ws) {
        HOSTPLAN_CHECK_CUDA(cudaMemsetAsync(
            workspace, 0, std::size_t(totalRows) * std::size_t(params.n) * sizeof(float), stream));
    }
    if (maxRows <= 8) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<1>());
        skinnyKernel<1><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<2>());
        skinnyKernel<2><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    }
    HOSTPLAN_CHECK_LAUNCH();
    if (params.ws) {
        const long long count = (long long)totalRows * params.n;
        finalizeKernel<<<unsigned(detail::ceilDiv(count, 256)), 256, 0, stream>>>(workspace, count,
                                                                                  params.y);
        HOSTPLAN_CHECK_LAUNCH();
    }
    return {};
}

GemvPlan plan(int maxRows, int totalRows, int numUnits, int n, int k, int smCount,
              bool allowSplitForOccupancy) {
    GemvPlan plan = detail::startGemvPlan(maxRows, n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    const int nb = k / kBlockSize;
    // Enough row tiles per block that the x slice read from L2 is at most half the weights,
    // and enough that every warp of the block has a chunk when K is short.
    plan.rowTilesPerBlock = maxRows <= 3 ? 1 : maxRows <= 7 ? 2 : maxRows <= 15 ? 4 : 8;
    while (plan.rowTilesPerBlock < kWarps && kWarps / plan.rowTilesPerBlock > plan.numChunks) {
        plan.rowTilesPerBlock *= 2;
    }
    const int maxChunksInSmem =
        std::max(1, int(kMaxXSliceBytes / (std::size_t(maxRows) * kChunkBlocks * 64)));
    int split = int(detail::ceilDiv(plan.numChunks, maxChunksInSmem));
    if (allowSplitForOccupancy) {
        const long long rowGroups =
            detail::ceilDiv(detail::ceilDiv(n, 16), plan.rowTilesPerBlock) * numUnits;
        const int warpsPerTile = kWarps / plan.rowTilesPerBlock;
        // At most the blocks that fit at once (2 per SM), so that no second wave is left
        // half empty, and no slice with fewer chunks than warps that share it.
        const long long wanted = std::max(1LL, 2LL * smCount / rowGroups);
        const int usable = std::max(1, plan.numChunks / warpsPerTile);
        split = std::max(split, int(std::min<long long>(wanted, usable)));
    }
    split = std::clamp(split, 1, plan.numChunks);
    plan.chunksPerSlice = int(detail::ceilDiv(plan.numChunks, split));
    plan.splitK = int(detail::ceilDiv(plan.numChunks, plan.chunksPerSlice));
    // The staged layout groups blocks by four (one step), so round the slice up to a step.
    const int sliceBlocks = std::min(plan.chunksPerSlice * kChunkBlocks, nb);
    plan.smemBytes = std::size_t(maxRows) * std::size_t((sliceBlocks + 3) / 4 * 4) * 64;
    plan.workspaceBytes =
        plan.splitK > 1 ? std::size_t(totalRows) * std::size_t(n) * sizeof(float) : 0;
    return plan;
}

} // namespace v1

// ---- v2: byte LUT decode, x through L1, K split only inside a block ----
namespace v2 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
/// Groups of four 32-element blocks per pipeline stage: 4 with one n-tile, 3 with two (the
/// second n-tile's accumulators and x fragments need the registers; 128 per thread at 2
/// blocks per SM).
template <int NT> constexpr int kGroupsPerStage = NT == 1 ? 4 : 3;
constexpr int kLutBytes = 256 * 32 * 4;                         // byte -> bf16x2, one copy per lane
constexpr int kFactorBytes = 256 * 4;                           // ue8m0 -> splat bf16 2^(sf-127)
constexpr std::size_t kDynSmemBytes = kLutBytes + kFactorBytes; // 33 KiB

struct SkinnyParams : detail::GemvArgs {
    int rowTiles = 1;
};

template <int NT>
__global__ void __launch_bounds__(kThreads, 2) skinnyKernel(const SkinnyParams p) {
    extern __shared__ __align__(16) std::uint8_t dyn[]; // LUT [256][32 lanes] u32, factors [256]
    __shared__ float part[kWarps][16][16];

    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2;
    const int t = lane & 3;

    // Tables. Entry e of the LUT: low half = element 2j (low nibble), high half = element 2j+1.
    for (int i = threadIdx.x; i < 256 * 8; i += kThreads) {
        const std::uint32_t e = std::uint32_t(i) >> 3;
        const std::uint32_t v = e2m1Bf16(e & 15u) | (e2m1Bf16(e >> 4) << 16);
        reinterpret_cast<uint4 *>(dyn)[i] = make_uint4(v, v, v, v);
    }
    reinterpret_cast<std::uint32_t *>(dyn + kLutBytes)[threadIdx.x] =
        bits::splat(e8m0Bf16(threadIdx.x));
    const std::uint32_t lane4 = 4u * unsigned(lane); // this lane's copy: bank = lane
    const std::uint32_t *factors = reinterpret_cast<const std::uint32_t *>(dyn + kLutBytes);

    const MoeWorkUnit unit = p.units ? p.units[blockIdx.z] : MoeWorkUnit{0, 0, p.m};
    // A unit larger than the launch promised is cut to maxRows (its extra rows stay unwritten:
    // a poisoned output shows it) rather than read past the planned fragments.
    const int rows = min(unit.rowCount, p.maxRows);
    const int nb = p.k / kBlockSize;
    const int numGroups = (nb + 3) >> 2;
    const std::uint8_t *W = p.e2m1 + (long long)unit.expert * p.expertStrideW;
    const std::uint8_t *S = p.sf + (long long)unit.expert * p.expertStrideSf;

    const int rt = warp % p.rowTiles;
    const int kpart = warp / p.rowTiles;
    const int warpsPerTile = kWarps / p.rowTiles;
    const int rowA = (blockIdx.x * p.rowTiles + rt) * 16 + g;
    const int rowB = rowA + 8;
    const bool validA = rowA < p.n;
    const bool validB = rowB < p.n;
    const std::uint8_t *wA = W + (long long)(validA ? rowA : 0) * (p.k / 2);
    const std::uint8_t *wB = W + (long long)(validB ? rowB : 0) * (p.k / 2);
    const std::uint8_t *sA = S + (long long)(validA ? rowA : 0) * nb;
    const std::uint8_t *sB = S + (long long)(validB ? rowB : 0) * nb;

    // x rows of this lane's B fragments: token g (+8 for the second n-tile), or none.
    const std::uint16_t *xr[NT];
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) {
        const int r = g + 8 * nt;
        xr[nt] = nullptr;
        if (r < rows) {
            const int token = p.tokenOfRow ? p.tokenOfRow[unit.rowBegin + r] : unit.rowBegin + r;
            xr[nt] = p.x + (long long)token * p.k;
        }
    }

    float acc[NT][4];
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            acc[nt][i] = 0.0f;
        }
    }

    // This warp's groups: kpart, kpart + KP, ...; a stage is kGroupsPerStage of them.
    const int myGroups =
        kpart < numGroups ? (numGroups - kpart + warpsPerTile - 1) / warpsPerTile : 0;
    constexpr int G = kGroupsPerStage<NT>;
    const int numStages = (myGroups + G - 1) / G;

    auto load = [&](detail::RowPairStage<G> &s, int stage) {
#pragma unroll
        for (int q = 0; q < G; ++q) {
            const int grp = kpart + warpsPerTile * (stage * G + q);
            const int kb = grp * 4 + t;
            const bool inK = kb < nb;
            s.codeA[q] = make_uint4(0, 0, 0, 0);
            s.codeB[q] = make_uint4(0, 0, 0, 0);
            s.scaleA[q] = kSfOne;
            s.scaleB[q] = kSfOne;
            if (inK && validA) {
                s.codeA[q] = ldStream16(wA + (long long)kb * 16);
                s.scaleA[q] = __ldg(sA + kb);
            }
            if (inK && validB) {
                s.codeB[q] = ldStream16(wB + (long long)kb * 16);
                s.scaleB[q] = __ldg(sB + kb);
            }
        }
    };

    // Byte q of word w, looked up in this lane's copy of the table, times the block factor.
    auto dec = [&](std::uint32_t w, int q, std::uint32_t f) {
        const std::uint32_t off = ((q == 0 ? (w << 7) : (w >> (8 * q - 7))) & 0x7F80u) | lane4;
        return detail::bf16x2Mul(*reinterpret_cast<const std::uint32_t *>(dyn + off), f);
    };

    auto compute = [&](const detail::RowPairStage<G> &s, int stage) {
#pragma unroll
        for (int q = 0; q < G; ++q) {
            const int grp = kpart + warpsPerTile * (stage * G + q);
            const int kb = grp * 4 + t;
            const bool inK = kb < nb;
            const std::uint32_t fA = factors[s.scaleA[q]];
            const std::uint32_t fB = factors[s.scaleB[q]];
            const std::uint32_t wa[4] = {s.codeA[q].x, s.codeA[q].y, s.codeA[q].z, s.codeA[q].w};
            const std::uint32_t wb[4] = {s.codeB[q].x, s.codeB[q].y, s.codeB[q].z, s.codeB[q].w};
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                uint4 xv[NT];
#pragma unroll
                for (int nt = 0; nt < NT; ++nt) {
                    xv[nt] = make_uint4(0, 0, 0, 0);
                    if (inK && xr[nt]) {
                        xv[nt] = __ldg(reinterpret_cast<const uint4 *>(
                            xr[nt] + (long long)kb * kBlockSize + j * 8));
                    }
                }
                // h = 0: bytes 0, 1 (elements 8j+0..3) with x words .x, .y; h = 1: bytes 2, 3.
                {
                    const std::uint32_t a0 = dec(wa[j], 0, fA);
                    const std::uint32_t a2 = dec(wa[j], 1, fA);
                    const std::uint32_t a1 = dec(wb[j], 0, fB);
                    const std::uint32_t a3 = dec(wb[j], 1, fB);
#pragma unroll
                    for (int nt = 0; nt < NT; ++nt) {
                        detail::mma16816(acc[nt], a0, a1, a2, a3, xv[nt].x, xv[nt].y);
                    }
                }
                {
                    const std::uint32_t a0 = dec(wa[j], 2, fA);
                    const std::uint32_t a2 = dec(wa[j], 3, fA);
                    const std::uint32_t a1 = dec(wb[j], 2, fB);
                    const std::uint32_t a3 = dec(wb[j], 3, fB);
#pragma unroll
                    for (int nt = 0; nt < NT; ++nt) {
                        detail::mma16816(acc[nt], a0, a1, a2, a3, xv[nt].z, xv[nt].w);
                    }
                }
            }
        }
    };

    // The tables are ready after the barrier (the first loads are already in flight).
    detail::doubleBuffered<detail::RowPairStage<G>>(numStages, load, compute,
                                                    [] { __syncthreads(); });

    // C fragment: c0, c1 = (row g, tokens 2t, 2t+1), c2, c3 = (row g+8, same tokens).
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) {
        const int col = 8 * nt + 2 * t;
        part[warp][g][col] = acc[nt][0];
        part[warp][g][col + 1] = acc[nt][1];
        part[warp][g + 8][col] = acc[nt][2];
        part[warp][g + 8][col + 1] = acc[nt][3];
    }
    __syncthreads();

    // Reduce the warps of each row tile; consecutive threads write consecutive output columns.
    detail::storeRowTileSums<kThreads>(part, p.rowTiles, warpsPerTile, rows, unit.rowBegin, p.n,
                                       p.y);
}

template <int NT> cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        skinnyKernel<NT>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kDynSmemBytes));
    return status;
}

std::string launchSkinny(SkinnyParams params, const GemvPlan &plan, int maxRows, int numUnits,
                         cudaStream_t stream) {
    params.maxRows = maxRows;
    params.rowTiles = plan.rowTilesPerBlock;
    const long long rowTiles = detail::ceilDiv(params.n, 16);
    const dim3 grid(unsigned(detail::ceilDiv(rowTiles, plan.rowTilesPerBlock)), 1u,
                    unsigned(numUnits));
    HOSTPLAN_REQUIRE(grid.x <= 0x7FFFFFFFu && numUnits <= 65535, "gemv: grid too large");
    if (maxRows <= 8) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<1>());
        skinnyKernel<1><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<2>());
        skinnyKernel<2><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    }
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

GemvPlan plan(int maxRows, int numUnits, int n, int k, int smCount) {
    GemvPlan plan = detail::startGemvPlan(maxRows, n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    const int nb = k / kBlockSize;
    // As many row tiles per block as still leave at least one block per SM (all blocks of a
    // large shape then run in one wave, two per SM, and finish together; fewer rows per block
    // would also re-read x more often); the 8 / RT warps of a row tile share its K groups.
    const long long tiles = detail::ceilDiv(n, 16);
    const long long minBlocks = std::max(smCount, 1);
    plan.rowTilesPerBlock = kWarps;
    while (plan.rowTilesPerBlock > 1 &&
           detail::ceilDiv(tiles, plan.rowTilesPerBlock) * std::max(numUnits, 1) < minBlocks) {
        plan.rowTilesPerBlock /= 2;
    }
    // Not more K parts than groups of four blocks.
    const int numGroups = int(detail::ceilDiv(nb, 4));
    while (plan.rowTilesPerBlock < kWarps && kWarps / plan.rowTilesPerBlock > numGroups) {
        plan.rowTilesPerBlock *= 2;
    }
    plan.smemBytes = kDynSmemBytes;
    return plan;
}

} // namespace v2

/// Which kernel serves a call. From the H200 runs of 2026-11-29 (PERF.md): v2 matched v1 at
/// m = 1 and was faster for the grouped MoE with <= 8 rows per unit (145 -> 118 us at one
/// token, 644 -> 582 us at eight), but slower for plain m = 4 (75 -> 81 us) and m = 16
/// (95 -> 128 us: its x fragments come through L1, 4x the weight bytes at 16 tokens, and
/// miss). So v2 for one row and for grouped calls of <= 8 rows per unit, v1 otherwise.
bool useV2(int maxRows, int numUnits) {
    return maxRows == 1 || (numUnits > 1 && maxRows <= 8);
}

} // namespace

namespace detail {

GemvPlan startGemvPlan(int maxRows, int n, int k) {
    GemvPlan plan;
    plan.error = checkShape(n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    if (maxRows < 1 || maxRows > kMoeMaxRowsPerUnit) {
        plan.error = "rows per call must be 1..16 (got " + std::to_string(maxRows) + ")";
        return plan;
    }
    plan.numChunks = int(ceilDiv(k / kBlockSize, kGemvChunkBlocks));
    plan.chunksPerSlice = plan.numChunks;
    plan.splitK = 1;
    plan.workspaceBytes = 0;
    return plan;
}

GemvPlan planGemvTensorCore(int maxRows, int numUnits, int n, int k, int smCount) {
    return v2::plan(maxRows, numUnits, n, k, smCount);
}

} // namespace detail

GemvPlan planGemv(int maxRows, int totalRows, int numUnits, int n, int k, int smCount,
                  bool allowSplitForOccupancy) {
    return useV2(maxRows, numUnits)
               ? v2::plan(maxRows, numUnits, n, k, smCount)
               : v1::plan(maxRows, totalRows, numUnits, n, k, smCount, allowSplitForOccupancy);
}

std::size_t gemvWorkspaceBytes(int m, int n, int k) {
    const GemvPlan plan = planGemv(m, m, 1, n, k, detail::smCountOfCurrentDevice(), true);
    return plan.error.empty() ? plan.workspaceBytes : 0;
}

std::size_t moeGemvWorkspaceBytes(int totalRows, int maxRowsPerUnit, int numUnits, int n, int k) {
    const GemvPlan plan =
        planGemv(maxRowsPerUnit, totalRows, numUnits, n, k, detail::smCountOfCurrentDevice(), true);
    return plan.error.empty() ? plan.workspaceBytes : 0;
}

std::string launchGemv(const std::uint16_t *x, int m, const std::uint8_t *e2m1,
                       const std::uint8_t *sf, int n, int k, std::uint16_t *y, float *workspace,
                       std::size_t workspaceBytes, cudaStream_t stream) {
    HOSTPLAN_REQUIRE(x && e2m1 && sf && y, "gemv: null pointer");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(x) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0,
                     "gemv: x and e2m1 must be 16-byte aligned");
    const int sms = detail::smCountOfCurrentDevice();
    GemvPlan plan = planGemv(m, m, 1, n, k, sms, workspace != nullptr);
    HOSTPLAN_REQUIRE(plan.error.empty(), "gemv: " + plan.error);
    if (plan.splitK > 1 && workspaceBytes < plan.workspaceBytes) {
        plan = planGemv(m, m, 1, n, k, sms, false);
        HOSTPLAN_REQUIRE(plan.splitK == 1 || workspaceBytes >= plan.workspaceBytes,
                         "gemv: this shape needs an fp32 workspace of " +
                             std::to_string(plan.workspaceBytes) + " bytes");
    }
    const detail::GemvArgs args = detail::plainGemvArgs(x, m, e2m1, sf, n, k, y);
    if (useV2(m, 1)) {
        v2::SkinnyParams params{};
        static_cast<detail::GemvArgs &>(params) = args;
        return v2::launchSkinny(params, plan, m, 1, stream);
    }
    v1::SkinnyParams params{};
    static_cast<detail::GemvArgs &>(params) = args;
    return v1::launchSkinny(params, plan, m, 1, m, workspace, stream);
}

std::string launchMoeGemv(const std::uint16_t *x, const int *tokenOfRow, int totalRows,
                          const MoeWorkUnit *units, int numUnits, int maxRowsPerUnit,
                          const std::uint8_t *e2m1, const std::uint8_t *sf, int numExperts, int n,
                          int k, std::uint16_t *y, float *workspace, std::size_t workspaceBytes,
                          cudaStream_t stream) {
    HOSTPLAN_REQUIRE(x && tokenOfRow && units && e2m1 && sf && y, "moe gemv: null pointer");
    HOSTPLAN_REQUIRE(numExperts >= 1 && numUnits >= 1 && totalRows >= 1,
                     "moe gemv: need at least one expert, unit and row");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(x) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0,
                     "moe gemv: x and e2m1 must be 16-byte aligned");
    const int sms = detail::smCountOfCurrentDevice();
    GemvPlan plan = planGemv(maxRowsPerUnit, totalRows, numUnits, n, k, sms, workspace != nullptr);
    HOSTPLAN_REQUIRE(plan.error.empty(), "moe gemv: " + plan.error);
    if (plan.splitK > 1 && workspaceBytes < plan.workspaceBytes) {
        plan = planGemv(maxRowsPerUnit, totalRows, numUnits, n, k, sms, false);
        HOSTPLAN_REQUIRE(plan.splitK == 1 || workspaceBytes >= plan.workspaceBytes,
                         "moe gemv: this shape needs an fp32 workspace of " +
                             std::to_string(plan.workspaceBytes) + " bytes");
    }
    const detail::GemvArgs args = detail::moeGemvArgs(x, tokenOfRow, units, e2m1, sf, n, k, y);
    if (useV2(maxRowsPerUnit, numUnits)) {
        v2::SkinnyParams params{};
        static_cast<detail::GemvArgs &>(params) = args;
        return v2::launchSkinny(params, plan, maxRowsPerUnit, numUnits, stream);
    }
    v1::SkinnyParams params{};
    static_cast<detail::GemvArgs &>(params) = args;
    return v1::launchSkinny(params, plan, maxRowsPerUnit, numUnits, totalRows, workspace, stream);
}

} // namespace hostplan::mxfp4::cuda
