// SPDX-License-Identifier: MIT
/*
 * Experiment: MXFP4 decode GEMV v3, row streaming (stand-alone program; not in the library).
 *
 *   y[m][n] = sum_k x[m][k] * W[n][k]      m = 1..16 rows per work unit, fp32 accumulation
 *
 * Layouts as the library's GEMV (mxfp4_gemv.cu): x bf16 [rows][k], W e2m1 [n][k/2] (element
 * 2j in the low nibble of byte j), sf [n][k/32] ue8m0, y bf16 [rows][n]; grouped calls stack
 * experts and take work units (GemvArgs, mxfp4_internal.h).
 *
 * One warp streams one weight row, lane l of step j reads the 16 bytes (one 32-element block,
 * one scale byte) at byte (32 j + l) * 16, so each warp load is 512 contiguous bytes of one row;
 * x is staged in shared memory as fp32 (swizzled, conflict-free LDS.128), decode by
 * shift-and-mask plus one exact bf16x2 multiply, fp32 FMAs, the block scale applied once per
 * block. Correct on the H200 (run 4, 2026-11-29) but slower than the library at every measured
 * shape (m = 1, 28672 x 8192: 86.7 vs 70.6 us; m = 16: 955 vs 96 us; MoE one token: 164 vs
 * 118 us): CUDA-core FMAs and 128 bytes of fp32 x read from shared memory per 16 weight bytes
 * per row of x (shared-memory bound, linear in m). See kernels/PERF.md.
 *
 * Run: build with -DHOSTPLAN_KERNELS_DEV=ON, then build/kernels/dev/mxfp4-dev-gemv-v3. It checks
 * every case against gemmReferenceF64 (kernels/mxfp4.cpp) and prints time, GB/s and TFLOP/s
 * next to the library's launchGemv / launchMoeGemv (dev_harness.h).
 */
#include "dev_harness.h"
#include "mxfp4_common.cuh"
#include "mxfp4_internal.h"

#include <algorithm>

namespace hostplan::mxfp4::cuda {

namespace {

using detail::e8m0Float;
using detail::floatToBf16Bits;
using detail::ldStream16;

namespace v3 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kUnroll = 4;      // 16-byte loads per lane per group (two groups in flight)
constexpr int kStepBlocks = 32; // blocks per warp step: 32 lanes x 16 bytes = 512 bytes
constexpr std::size_t kMaxSmemBytes = 64 * 1024; // x staged as fp32, 128 bytes per block
/// ue8m0 codes whose factor can overflow a decoded weight to inf (6 * 2^126 = 1.5 * 2^128):
/// those blocks scale every element before the product, exactly as the reference does.
constexpr std::uint32_t kSfBig = 253;

struct Params : detail::GemvArgs {
    int rowsPerWarp = 1; // output rows each warp handles in turn (1 when K is chunked)
    int chunkBlocks = 0; // 32-element blocks of x staged per chunk, a multiple of 32
};

struct Group {
    uint4 code[kUnroll];
    std::uint32_t scale[kUnroll];
};

/// Chunk q (16 bytes, 4 floats) of staged block bl lives at chunk position q ^ (bl & 7) of
/// the block's 128 bytes, so that the 8 lanes of a quarter warp (consecutive blocks) reading
/// the same q hit 8 different 16-byte bank groups.
template <int MR>
__global__ void __launch_bounds__(kThreads, MR <= 2 ? 3 : 2) streamKernel(const Params p) {
    extern __shared__ __align__(16) float xs[]; // [rows][chunkBlocks][32] fp32, swizzled

    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const MoeWorkUnit unit = p.units ? p.units[blockIdx.y] : MoeWorkUnit{0, 0, p.m};
    const int rows = min(min(unit.rowCount, p.maxRows), MR);
    const int nb = p.k / kBlockSize;
    const std::uint8_t *W = p.e2m1 + (long long)unit.expert * p.expertStrideW;
    const std::uint8_t *S = p.sf + (long long)unit.expert * p.expertStrideSf;
    const int cb = p.chunkBlocks;
    const int rowStride = cb * 32; // floats per staged x row
    const int rowsPerBlock = kWarps * p.rowsPerWarp;
    const int row0 = blockIdx.x * rowsPerBlock + warp; // then + kWarps per turn

    // This lane's swizzle (bl & 7 == lane & 7 for every block it reads): chunk q of a staged
    // block is at byte offset (16 q) ^ swz.
    const std::uint32_t swz = std::uint32_t(lane & 7) * 16u;
    const std::uint32_t two126 = bits::splat(253u << 7); // bf16 2^126

    float acc[MR];

    for (int c0 = 0; c0 < nb; c0 += cb) {
        const int cbN = min(cb, nb - c0); // blocks of this chunk
        const int steps = (cbN + kStepBlocks - 1) / kStepBlocks;
        const int groups = (steps + kUnroll - 1) / kUnroll;
        const int iters = groups * p.rowsPerWarp;

        // Weights of (turn it / groups, group it % groups); blocks past the chunk or rows past
        // n load nothing (code 0, factor 1: they add exact zeros against zero-staged x).
        auto load = [&](Group &g, int it) {
            const int turn = it / groups;
            const int grp = it - turn * groups;
            const int row = row0 + turn * kWarps;
            const bool rowOk = row < p.n;
            const std::uint8_t *wr = W + (long long)(rowOk ? row : 0) * (p.k / 2);
            const std::uint8_t *sr = S + (long long)(rowOk ? row : 0) * nb;
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const int bl = (grp * kUnroll + u) * kStepBlocks + lane;
                g.code[u] = make_uint4(0u, 0u, 0u, 0u);
                g.scale[u] = kSfOne;
                if (rowOk && bl < cbN) {
                    g.code[u] = ldStream16(wr + (long long)(c0 + bl) * 16);
                    g.scale[u] = __ldg(sr + c0 + bl);
                }
            }
        };

        Group cur;
        load(cur, 0); // in flight while x is staged

        if (c0 > 0) {
            __syncthreads(); // every warp is done with the previous chunk
        }
        // Stage x[rows][c0 .. c0 + steps*32) as fp32 (zeros past the chunk): one thread per 8
        // values, a 16-byte global load and two 16-byte shared stores.
        const int stagedBlocks = steps * kStepBlocks;
        const int stageCount = rows * stagedBlocks * 4;
#pragma unroll 1
        for (int i = threadIdx.x; i < stageCount; i += kThreads) {
            const int j8 = i & 3;
            const int rest = i >> 2;
            const int bl = rest % stagedBlocks;
            const int r = rest / stagedBlocks;
            uint4 v = make_uint4(0u, 0u, 0u, 0u);
            if (bl < cbN) {
                const int token =
                    p.tokenOfRow ? p.tokenOfRow[unit.rowBegin + r] : unit.rowBegin + r;
                v = __ldg(reinterpret_cast<const uint4 *>(
                    p.x + (long long)token * p.k + (long long)(c0 + bl) * kBlockSize + j8 * 8));
            }
            float *blk = xs + (long long)r * rowStride + bl * 32;
            const int sw = bl & 7;
            *reinterpret_cast<float4 *>(blk + ((2 * j8) ^ sw) * 4) =
                make_float4(__uint_as_float(v.x << 16), __uint_as_float(v.x & 0xFFFF0000u),
                            __uint_as_float(v.y << 16), __uint_as_float(v.y & 0xFFFF0000u));
            *reinterpret_cast<float4 *>(blk + ((2 * j8 + 1) ^ sw) * 4) =
                make_float4(__uint_as_float(v.z << 16), __uint_as_float(v.z & 0xFFFF0000u),
                            __uint_as_float(v.w << 16), __uint_as_float(v.w & 0xFFFF0000u));
        }
        __syncthreads();

#pragma unroll 1
        for (int it = 0; it < iters; ++it) {
            const int turn = it / groups;
            const int grp = it - turn * groups;
            if (grp == 0 && c0 == 0) {
#pragma unroll
                for (int r = 0; r < MR; ++r) {
                    acc[r] = 0.0f;
                }
            }
            Group nxt;
            const bool more = it + 1 < iters;
            if (more) {
                load(nxt, it + 1);
            }
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const int bl = (grp * kUnroll + u) * kStepBlocks + lane;
                if ((grp * kUnroll + u) * kStepBlocks >= cbN) {
                    break; // warp-uniform: this step is past the chunk for every lane
                }
                const std::uint32_t blkOff = std::uint32_t(bl) * 128u; // then ^ (16 q ^ swz)
                const std::uint32_t s = cur.scale[u];
                const bool big = s - kSfBig < 2u; // 253, 254: scale each weight (overflow)
                const float f = e8m0Float(s);
                const float fElem = big ? f : 1.0f;
                float part[MR];
#pragma unroll
                for (int r = 0; r < MR; ++r) {
                    part[r] = 0.0f;
                }
                const std::uint32_t words[4] = {cur.code[u].x, cur.code[u].y, cur.code[u].z,
                                                cur.code[u].w};
#pragma unroll
                for (int q = 0; q < 4; ++q) {
                    // Pair P: element 8q+P (low half) and 8q+4+P (high half), exact bf16.
                    float wl[4], wh[4];
                    {
                        const std::uint32_t a =
                            detail::bf16x2Mul(bits::rawPair<0>(words[q]), two126);
                        const std::uint32_t b =
                            detail::bf16x2Mul(bits::rawPair<1>(words[q]), two126);
                        const std::uint32_t c =
                            detail::bf16x2Mul(bits::rawPair<2>(words[q]), two126);
                        const std::uint32_t d =
                            detail::bf16x2Mul(bits::rawPair<3>(words[q]), two126);
                        wl[0] = __uint_as_float(a << 16);
                        wh[0] = __uint_as_float(a & 0xFFFF0000u);
                        wl[1] = __uint_as_float(b << 16);
                        wh[1] = __uint_as_float(b & 0xFFFF0000u);
                        wl[2] = __uint_as_float(c << 16);
                        wh[2] = __uint_as_float(c & 0xFFFF0000u);
                        wl[3] = __uint_as_float(d << 16);
                        wh[3] = __uint_as_float(d & 0xFFFF0000u);
                    }
                    if (big) {
#pragma unroll
                        for (int e = 0; e < 4; ++e) {
                            wl[e] *= fElem;
                            wh[e] *= fElem;
                        }
                    }
#pragma unroll
                    for (int r = 0; r < MR; ++r) {
                        if (r < rows) {
                            const char *xrow = reinterpret_cast<const char *>(xs) +
                                               std::size_t(r) * std::size_t(rowStride) * 4u;
                            const std::uint32_t offA = blkOff | ((32u * q) ^ swz);
                            const std::uint32_t offB = blkOff | ((32u * q + 16u) ^ swz);
                            const float4 xa = *reinterpret_cast<const float4 *>(xrow + offA);
                            const float4 xb = *reinterpret_cast<const float4 *>(xrow + offB);
                            float t = part[r];
                            t = fmaf(xa.x, wl[0], t);
                            t = fmaf(xa.y, wl[1], t);
                            t = fmaf(xa.z, wl[2], t);
                            t = fmaf(xa.w, wl[3], t);
                            t = fmaf(xb.x, wh[0], t);
                            t = fmaf(xb.y, wh[1], t);
                            t = fmaf(xb.z, wh[2], t);
                            t = fmaf(xb.w, wh[3], t);
                            part[r] = t;
                        }
                    }
                }
                const float fBlock = big ? 1.0f : f; // 0xFF: NaN, as the reference
#pragma unroll
                for (int r = 0; r < MR; ++r) {
                    acc[r] = fmaf(part[r], fBlock, acc[r]);
                }
            }
            if (more) {
                cur = nxt;
            }

            // End of a row's turn in the last chunk: reduce over the warp and store.
            if (grp == groups - 1 && c0 + cb >= nb) {
                const int row = row0 + turn * kWarps;
#pragma unroll
                for (int r = 0; r < MR; ++r) {
                    float v = acc[r];
#pragma unroll
                    for (int o = 16; o > 0; o >>= 1) {
                        v += __shfl_xor_sync(0xFFFFFFFFu, v, o);
                    }
                    if (lane == r && r < rows && row < p.n) {
                        p.y[(long long)(unit.rowBegin + r) * p.n + row] = floatToBf16Bits(v);
                    }
                }
            }
        }
    }
}

template <int MR> cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        streamKernel<MR>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kMaxSmemBytes));
    return status;
}

/// rowsPerWarp in rowTilesPerBlock, the staged x bytes in smemBytes; chunksPerSlice =
/// numChunks (512-wide, bookkeeping as in v1 / v2), splitK 1, no workspace.
GemvPlan plan(int maxRows, int numUnits, int n, int k, int smCount) {
    GemvPlan plan = detail::startGemvPlan(maxRows, n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    const int nb = k / kBlockSize;
    const long long nbSteps = detail::ceilDiv(nb, kStepBlocks) * kStepBlocks;
    const std::size_t perBlock = std::size_t(maxRows) * 128; // fp32 x of one block, all rows
    int chunk = 0;
    if (std::size_t(nbSteps) * perBlock <= kMaxSmemBytes) {
        chunk = int(nbSteps); // all of K at once
        // Several rows per warp in turn (x staged once for more rows) while there are still
        // at least 8 blocks per SM.
        plan.rowTilesPerBlock = 4;
        while (plan.rowTilesPerBlock > 1 &&
               detail::ceilDiv(n, kWarps * plan.rowTilesPerBlock) * std::max(numUnits, 1) <
                   8LL * std::max(smCount, 1)) {
            plan.rowTilesPerBlock /= 2;
        }
    } else {
        chunk = int(kMaxSmemBytes / (perBlock * kStepBlocks)) * kStepBlocks; // >= 32
        plan.rowTilesPerBlock = 1; // accumulators persist over chunks: one row per warp
    }
    plan.smemBytes = std::size_t(chunk) * perBlock;
    return plan;
}

int chunkBlocksOf(const GemvPlan &plan, int maxRows) {
    return int(plan.smemBytes / (std::size_t(maxRows) * 128));
}

std::string launch(Params params, const GemvPlan &plan, int maxRows, int numUnits,
                   cudaStream_t stream) {
    params.maxRows = maxRows;
    params.rowsPerWarp = plan.rowTilesPerBlock;
    params.chunkBlocks = chunkBlocksOf(plan, maxRows);
    HOSTPLAN_REQUIRE(params.chunkBlocks >= kStepBlocks && params.chunkBlocks % kStepBlocks == 0,
                     "gemv v3: bad chunk");
    const dim3 grid(unsigned(detail::ceilDiv(params.n, kWarps * plan.rowTilesPerBlock)),
                    unsigned(numUnits), 1u);
    HOSTPLAN_REQUIRE(grid.x <= 0x7FFFFFFFu && numUnits <= 65535, "gemv: grid too large");
    if (maxRows == 1) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<1>());
        streamKernel<1><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else if (maxRows == 2) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<2>());
        streamKernel<2><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else if (maxRows <= 4) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<4>());
        streamKernel<4><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else if (maxRows <= 8) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<8>());
        streamKernel<8><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<16>());
        streamKernel<16><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    }
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace v3

} // namespace

} // namespace hostplan::mxfp4::cuda

int main() {
    namespace kc = hostplan::mxfp4::cuda;
    namespace dev = hostplan::mxfp4::dev;
    dev::GemvExperiment ex;
    ex.program = "gemv_v3";
    ex.rows = {1, 2, 7, 16};
    return dev::runGemvExperiment(
        ex, dev::plannedGemv<kc::v3::Params>("gemv v3", kc::v3::plan, kc::v3::launch));
}
