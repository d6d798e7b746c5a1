// SPDX-License-Identifier: MIT
/*
 * Experiment: MXFP4 decode GEMV v5 (stand-alone program; not in the library). Never measured
 * on a device yet. Serves 1 or 2 rows per unit, plain and grouped.
 *
 *   y[m][n] = sum_k x[m][k] * W[n][k]      m = 1..2 rows per work unit, fp32 accumulation
 *
 * Layouts as the library's GEMV (mxfp4_gemv.cu): x bf16 [rows][k], W e2m1 [n][k/2] (element
 * 2j in the low nibble of byte j), sf [n][k/32] ue8m0, y bf16 [rows][n]; grouped calls stack
 * experts and take work units (GemvArgs, mxfp4_internal.h).
 *
 * Same grid, warp roles, plan and per-thread load order as v2 (so the same access pattern that
 * loads at 89 % of copy on the H200), at m = 1 and 2 only. Two changes cut the instructions per
 * weight byte:
 *  - Decode: the byte -> bf16x2 table has one 256-byte entry per code byte (its 32 lane copies
 *    at 4 * lane, the upper 128 bytes unused: 64 KiB), so the shared-memory address of code
 *    byte q of word w for this lane is one PRMT (byte 1 = the code byte, byte 0 = 4 * lane):
 *    PRMT + LDS per code byte (v2: shift + mask-or + LDS + HFMA2).
 *  - No per-element scale multiply: the table holds the exact e2m1 values and the block factor
 *    is applied to fp32 partial sums. For that each mma column is one (block, x row): B column
 *    2t + r holds x row r on the K positions of thread t (the 4 of the 16 mma K positions that
 *    thread t's A fragment fills) and zero elsewhere, so D[row][2t + r] is the partial dot
 *    product of that row with the block thread t decodes, and that very thread holds it (C
 *    fragment columns 2t, 2t + 1). Only lanes with g / 2 == t load x (token g % 2); the others
 *    give zeros. After the 8 mma of a block (accumulator started at zero) the thread adds
 *    D * 2^(s - 127) (fp32, 2^-127 subnormal for s = 0, NaN for 0xFF) to its fp32 sums: 4 FFMA
 *    per 8 mma. Columns 2t + 1 are the second x row, so m = 2 costs no more than m = 1.
 * Semantics: the A values are finite (the exact e2m1 values), so the zero B entries add exact
 * zeros; a NaN scale makes its block's contributions NaN (0 * NaN included), so the whole
 * output row NaN, as the reference. Scaling the fp32 partial instead of every bf16 weight keeps
 * products exact (no bf16 overflow of a weight at sf 253 / 254: the fp32 result overflows only
 * when the true sum does).
 *
 * Run: build with -DHOSTPLAN_KERNELS_DEV=ON, then build/kernels/dev/mxfp4-dev-gemv-v5 (checks
 * against gemmReferenceF64 of kernels/mxfp4.cpp, then time, GB/s and TFLOP/s next to the
 * library's launchGemv / launchMoeGemv; dev_harness.h).
 */
#include "dev_harness.h"
#include "mxfp4_common.cuh"
#include "mxfp4_internal.h"

namespace hostplan::mxfp4::cuda {

namespace {

using detail::e2m1Bf16;
using detail::e8m0Float;
using detail::ldStream16;

namespace v5 {

constexpr int kWarps = 8; // as v2
constexpr int kThreads = kWarps * 32;
constexpr int kG = 4;                                           // groups of 4 blocks per stage
constexpr int kLutBytes = 256 * 256;                            // entry b at 256 b, lane at 4 l
constexpr int kFactorBytes = 256 * 4;                           // ue8m0 -> fp32 2^(sf-127)
constexpr std::size_t kDynSmemBytes = kLutBytes + kFactorBytes; // 65 KiB

/// v2's parameters: the arguments and the 16-row tiles per block of the plan.
struct Params : detail::GemvArgs {
    int rowTiles = 1;
};

__global__ void __launch_bounds__(kThreads, 2) gemvKernel(const Params p) {
    extern __shared__ __align__(16) std::uint8_t dyn[]; // LUT [256][64 slots] u32, factors [256]
    __shared__ float part[kWarps][16][2];

    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2;
    const int t = lane & 3;

    // Entry e: low half = element 2j (low nibble), high half = element 2j+1; lanes 0..31.
    for (int i = threadIdx.x; i < 256 * 8; i += kThreads) {
        const std::uint32_t e = std::uint32_t(i) >> 3;
        const std::uint32_t v = e2m1Bf16(e & 15u) | (e2m1Bf16(e >> 4) << 16);
        reinterpret_cast<uint4 *>(dyn + e * 256u)[i & 7] = make_uint4(v, v, v, v);
    }
    reinterpret_cast<float *>(dyn + kLutBytes)[threadIdx.x] = e8m0Float(threadIdx.x);
    const std::uint32_t lane4 = 4u * unsigned(lane); // byte 0 of every table address
    const float *factors = reinterpret_cast<const float *>(dyn + kLutBytes);

    const MoeWorkUnit unit = p.units ? p.units[blockIdx.z] : MoeWorkUnit{0, 0, p.m};
    const int rows = min(min(unit.rowCount, p.maxRows), 2);
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
    // Scale byte offsets within the expert, 32-bit to save registers (sm_90a: no spills at 2
    // blocks per SM); the launcher refuses n * k / 32 >= 2^32.
    const unsigned sOffA = unsigned(validA ? rowA : 0) * unsigned(nb);
    const unsigned sOffB = unsigned(validB ? rowB : 0) * unsigned(nb);

    // This lane supplies B column g: x row g % 2 on thread t's K positions, if g / 2 == t.
    const std::uint16_t *xr = nullptr;
    if ((g >> 1) == t && (g & 1) < rows) {
        const int r = g & 1;
        const int token = p.tokenOfRow ? p.tokenOfRow[unit.rowBegin + r] : unit.rowBegin + r;
        xr = p.x + (long long)token * p.k;
    }

    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f}; // (row g, x 0), (g, x 1), (g+8, x 0), (g+8, x 1)

    const int myGroups =
        kpart < numGroups ? (numGroups - kpart + warpsPerTile - 1) / warpsPerTile : 0;
    const int numStages = (myGroups + kG - 1) / kG;

    auto load = [&](detail::RowPairStage<kG> &s, int stage) {
#pragma unroll
        for (int q = 0; q < kG; ++q) {
            const int grp = kpart + warpsPerTile * (stage * kG + q);
            const int kb = grp * 4 + t;
            const bool inK = kb < nb;
            s.codeA[q] = make_uint4(0, 0, 0, 0);
            s.codeB[q] = make_uint4(0, 0, 0, 0);
            s.scaleA[q] = kSfOne;
            s.scaleB[q] = kSfOne;
            if (inK && validA) {
                s.codeA[q] = ldStream16(wA + (long long)kb * 16);
                s.scaleA[q] = __ldg(S + (sOffA + unsigned(kb)));
            }
            if (inK && validB) {
                s.codeB[q] = ldStream16(wB + (long long)kb * 16);
                s.scaleB[q] = __ldg(S + (sOffB + unsigned(kb)));
            }
        }
    };

    // Code byte Q of word w: table entry w.byte[Q] of this lane's copy.
    auto dec = [&](std::uint32_t w, auto qc) {
        constexpr int Q = decltype(qc)::value;
        const std::uint32_t off = __byte_perm(w, lane4, 0x5504u | (Q << 4));
        return *reinterpret_cast<const std::uint32_t *>(dyn + off);
    };
    using Q0 = std::integral_constant<int, 0>;
    using Q1 = std::integral_constant<int, 1>;
    using Q2 = std::integral_constant<int, 2>;
    using Q3 = std::integral_constant<int, 3>;

    auto compute = [&](const detail::RowPairStage<kG> &s, int stage) {
#pragma unroll
        for (int q = 0; q < kG; ++q) {
            const int grp = kpart + warpsPerTile * (stage * kG + q);
            const int kb = grp * 4 + t;
            const bool loadX = kb < nb && xr != nullptr;
            const std::uint32_t wa[4] = {s.codeA[q].x, s.codeA[q].y, s.codeA[q].z, s.codeA[q].w};
            const std::uint32_t wb[4] = {s.codeB[q].x, s.codeB[q].y, s.codeB[q].z, s.codeB[q].w};
            float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                uint4 xv = make_uint4(0, 0, 0, 0);
                if (loadX) {
                    xv = __ldg(
                        reinterpret_cast<const uint4 *>(xr + (long long)kb * kBlockSize + j * 8));
                }
                detail::mma16816(d, dec(wa[j], Q0{}), dec(wb[j], Q0{}), dec(wa[j], Q1{}),
                                 dec(wb[j], Q1{}), xv.x, xv.y);
                detail::mma16816(d, dec(wa[j], Q2{}), dec(wb[j], Q2{}), dec(wa[j], Q3{}),
                                 dec(wb[j], Q3{}), xv.z, xv.w);
            }
            const float fA = factors[s.scaleA[q]];
            const float fB = factors[s.scaleB[q]];
            acc[0] = fmaf(d[0], fA, acc[0]);
            acc[1] = fmaf(d[1], fA, acc[1]);
            acc[2] = fmaf(d[2], fB, acc[2]);
            acc[3] = fmaf(d[3], fB, acc[3]);
        }
    };

    // The tables are ready after the barrier (the first loads are already in flight).
    detail::doubleBuffered<detail::RowPairStage<kG>>(numStages, load, compute,
                                                     [] { __syncthreads(); });

    // The 4 threads of a row hold its 4 block columns: sum them (fixed order: deterministic).
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        acc[i] += __shfl_xor_sync(0xFFFFFFFFu, acc[i], 1);
        acc[i] += __shfl_xor_sync(0xFFFFFFFFu, acc[i], 2);
    }
    if (t == 0) {
        part[warp][g][0] = acc[0];
        part[warp][g][1] = acc[1];
        part[warp][g + 8][0] = acc[2];
        part[warp][g + 8][1] = acc[3];
    }
    __syncthreads();

    detail::storeRowTileSums<kThreads>(part, p.rowTiles, warpsPerTile, rows, unit.rowBegin, p.n,
                                       p.y);
}

cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        gemvKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kDynSmemBytes));
    return status;
}

/// v2's plan (grid and warp roles), with v5's table size; m = 1 and 2 only.
GemvPlan plan(int maxRows, int numUnits, int n, int k, int smCount) {
    GemvPlan plan = detail::planGemvTensorCore(maxRows, numUnits, n, k, smCount);
    plan.smemBytes = kDynSmemBytes;
    return plan;
}

std::string launch(Params params, const GemvPlan &plan, int maxRows, int numUnits,
                   cudaStream_t stream) {
    HOSTPLAN_REQUIRE(maxRows >= 1 && maxRows <= 2, "gemv v5: 1 or 2 rows per unit");
    HOSTPLAN_REQUIRE((unsigned long long)params.n * unsigned(params.k / kBlockSize) < (1ULL << 32),
                     "gemv v5: n * k / 32 must be below 2^32 (32-bit scale offsets)");
    params.maxRows = maxRows;
    params.rowTiles = plan.rowTilesPerBlock;
    const long long rowTiles = detail::ceilDiv(params.n, 16);
    const dim3 grid(unsigned(detail::ceilDiv(rowTiles, plan.rowTilesPerBlock)), 1u,
                    unsigned(numUnits));
    HOSTPLAN_REQUIRE(grid.x <= 0x7FFFFFFFu && numUnits <= 65535, "gemv: grid too large");
    HOSTPLAN_CHECK_CUDA(ensureSmemLimit());
    gemvKernel<<<grid, kThreads, kDynSmemBytes, stream>>>(params);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace v5

} // namespace

} // namespace hostplan::mxfp4::cuda

int main() {
    namespace kc = hostplan::mxfp4::cuda;
    namespace dev = hostplan::mxfp4::dev;
    dev::GemvExperiment ex;
    ex.program = "gemv_v5";
    ex.rows = {1, 2};
    ex.maxRowsPerUnit = 2;
    return dev::runGemvExperiment(
        ex, dev::plannedGemv<kc::v5::Params>("gemv v5", kc::v5::plan, kc::v5::launch));
}
