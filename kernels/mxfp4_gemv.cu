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
 * v3 (namespace v3, reachable only through the override in mxfp4_gemv_select.h): one warp
 * streams one weight row, lane l of step j reads the 16 bytes (one 32-element block, one scale
 * byte) at byte (32 j + l) * 16, so each warp load is 512 contiguous bytes of one row; x is
 * staged in shared memory as fp32 (swizzled, conflict-free LDS.128), decode by shift-and-mask
 * plus one exact bf16x2 multiply, fp32 FMAs, the block scale applied once per block. Correct
 * on the H200 but slower everywhere (CUDA-core FMAs and 128 bytes of fp32 x read from shared
 * memory per 16 weight bytes per row of x: shared-memory bound, linear in m); see PERF.md.
 *
 * Benchmark: runMxfp4Benchmarks() (mxfp4_bench.h, `hostplan-probe kernels`): GB/s over packed
 * weights + scales + x + y against the device copy bandwidth, weights rotated beyond L2.
 */
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"
#include "mxfp4_gemv_select.h"

#include <algorithm>
#include <type_traits>

namespace hostplan::mxfp4::cuda {

namespace {

// ---- v1: shift-and-mask decode, x staged in shared memory, split K over blocks ----
namespace v1 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kChunkBlocks = 16; // 32-element blocks per 512-wide chunk
constexpr std::size_t kMaxXSliceBytes = 64 * 1024;

struct SkinnyParams {
    const std::uint16_t *x;
    const int *tokenOfRow;    // null: row r reads x[r]
    const MoeWorkUnit *units; // null: one unit {0, 0, m}
    int m;
    int maxRows; // rows staged per unit: the shared memory was sized for this many
    const std::uint8_t *e2m1;
    const std::uint8_t *sf;
    long long expertStrideW;  // bytes between experts' e2m1
    long long expertStrideSf; // bytes between experts' sf
    int n;
    int k;
    std::uint16_t *y;
    float *ws; // non-null: accumulate fp32 partial sums here (split K)
    int rowTiles;
    int chunksPerSlice;
    int numChunks;
};

__device__ __forceinline__ std::uint16_t floatToBf16Bits(float v) {
    std::uint16_t r;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r) : "f"(v));
    return r;
}

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

int smCountOfCurrentDevice() {
    int device = 0;
    int sms = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {
        return 132;
    }
    return std::max(sms, 1);
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
    GemvPlan plan;
    plan.error = checkShape(n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    if (maxRows < 1 || maxRows > kMoeMaxRowsPerUnit) {
        plan.error = "rows per call must be 1..16 (got " + std::to_string(maxRows) + ")";
        return plan;
    }
    const int nb = k / kBlockSize;
    plan.numChunks = int(detail::ceilDiv(nb, kChunkBlocks));
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
constexpr int kChunkBlocks = 16; // 32-element blocks per 512-wide chunk (plan bookkeeping)
/// Groups of four 32-element blocks per pipeline stage: 4 with one n-tile, 3 with two (the
/// second n-tile's accumulators and x fragments need the registers; 128 per thread at 2
/// blocks per SM).
template <int NT> constexpr int kGroupsPerStage = NT == 1 ? 4 : 3;
constexpr int kLutBytes = 256 * 32 * 4;                         // byte -> bf16x2, one copy per lane
constexpr int kFactorBytes = 256 * 4;                           // ue8m0 -> splat bf16 2^(sf-127)
constexpr std::size_t kDynSmemBytes = kLutBytes + kFactorBytes; // 33 KiB

struct SkinnyParams {
    const std::uint16_t *x;
    const int *tokenOfRow;    // null: row r reads x[r]
    const MoeWorkUnit *units; // null: one unit {0, 0, m}
    int m;
    int maxRows; // rows per unit the launch was planned for (at most 16)
    const std::uint8_t *e2m1;
    const std::uint8_t *sf;
    long long expertStrideW;  // bytes between experts' e2m1
    long long expertStrideSf; // bytes between experts' sf
    int n;
    int k;
    std::uint16_t *y;
    int rowTiles;
};

__device__ __forceinline__ std::uint16_t floatToBf16Bits(float v) {
    std::uint16_t r;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r) : "f"(v));
    return r;
}

/// bf16 bits of the exact value of e2m1 code c (sign bit 3).
__device__ __forceinline__ std::uint32_t e2m1Bf16(std::uint32_t c) {
    const std::uint32_t mag = c & 7u;
    const std::uint32_t bits = mag == 0u   ? 0u
                               : mag == 1u ? 0x3F00u
                                           : ((((mag >> 1) + 126u) << 7) | ((mag & 1u) << 6));
    return bits | ((c & 8u) << 12);
}

/// bf16 bits of 2^(sf-127): 2^-127 (subnormal) for 0, NaN for 0xFF.
__device__ __forceinline__ std::uint32_t e8m0Bf16(std::uint32_t s) {
    return s == 0u ? 0x0040u : s == 255u ? 0x7FC0u : (s << 7);
}

/// 16-byte streaming load: no L1 allocation, 256-byte L2 prefetch (rows are read sequentially).
__device__ __forceinline__ uint4 ldStream16(const void *p) {
    uint4 v;
    asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(p));
    return v;
}

template <int G> struct Stage {
    uint4 codeA[G];
    uint4 codeB[G];
    std::uint32_t scaleA[G];
    std::uint32_t scaleB[G];
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

    auto load = [&](Stage<G> &s, int stage) {
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

    auto compute = [&](const Stage<G> &s, int stage) {
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

    Stage<G> s0, s1;
    if (numStages > 0) {
        load(s0, 0);
    }
    __syncthreads(); // tables ready (the first loads are already in flight)
    for (int st = 0; st < numStages; st += 2) {
        if (st + 1 < numStages) {
            load(s1, st + 1);
        }
        compute(s0, st);
        if (st + 1 < numStages) {
            if (st + 2 < numStages) {
                load(s0, st + 2);
            }
            compute(s1, st + 1);
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
            p.y[(long long)(unit.rowBegin + r) * p.n + nIndex] = floatToBf16Bits(sum);
        }
    }
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

GemvPlan plan(int maxRows, int totalRows, int numUnits, int n, int k, int smCount,
              bool allowSplitForOccupancy) {
    (void)totalRows;
    (void)allowSplitForOccupancy; // K is split only inside a block: never a workspace
    GemvPlan plan;
    plan.error = checkShape(n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    if (maxRows < 1 || maxRows > kMoeMaxRowsPerUnit) {
        plan.error = "rows per call must be 1..16 (got " + std::to_string(maxRows) + ")";
        return plan;
    }
    const int nb = k / kBlockSize;
    plan.numChunks = int(detail::ceilDiv(nb, kChunkBlocks));
    plan.splitK = 1;
    plan.chunksPerSlice = plan.numChunks;
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
    plan.workspaceBytes = 0;
    return plan;
}

} // namespace v2

// ---- v5: v2's loads; one PRMT + one LDS per code byte; block scale on the fp32 partials ----
//
// Same grid, warp roles, plan and per-thread load order as v2 (so the same access pattern that
// loads at 89 % of copy on the H200), at m = 1 and 2 only. Two changes cut the instructions per
// weight byte:
//  - Decode: the byte -> bf16x2 table has one 256-byte entry per code byte (its 32 lane copies
//    at 4 * lane, the upper 128 bytes unused: 64 KiB), so the shared-memory address of code
//    byte q of word w for this lane is one PRMT (byte 1 = the code byte, byte 0 = 4 * lane):
//    PRMT + LDS per code byte (v2: shift + mask-or + LDS + HFMA2).
//  - No per-element scale multiply: the table holds the exact e2m1 values and the block factor
//    is applied to fp32 partial sums. For that each mma column is one (block, x row): B column
//    2t + r holds x row r on the K positions of thread t (the 4 of the 16 mma K positions that
//    thread t's A fragment fills) and zero elsewhere, so D[row][2t + r] is the partial dot
//    product of that row with the block thread t decodes, and that very thread holds it (C
//    fragment columns 2t, 2t + 1). Only lanes with g / 2 == t load x (token g % 2); the others
//    give zeros. After the 8 mma of a block (accumulator started at zero) the thread adds
//    D * 2^(s - 127) (fp32, 2^-127 subnormal for s = 0, NaN for 0xFF) to its fp32 sums: 4 FFMA
//    per 8 mma. Columns 2t + 1 are the second x row, so m = 2 costs no more than m = 1.
// Semantics: the A values are finite (the exact e2m1 values), so the zero B entries add exact
// zeros; a NaN scale makes its block's contributions NaN (0 * NaN included), so the whole
// output row NaN, as the reference. Scaling the fp32 partial instead of every bf16 weight keeps
// products exact (no bf16 overflow of a weight at sf 253 / 254: the fp32 result overflows only
// when the true sum does).
namespace v5 {

constexpr int kWarps = v2::kWarps;
constexpr int kThreads = v2::kThreads;
constexpr int kG = 4;                                           // groups of 4 blocks per stage
constexpr int kLutBytes = 256 * 256;                            // entry b at 256 b, lane at 4 l
constexpr int kFactorBytes = 256 * 4;                           // ue8m0 -> fp32 2^(sf-127)
constexpr std::size_t kDynSmemBytes = kLutBytes + kFactorBytes; // 65 KiB

/// fp32 2^(s-127): 2^-127 (subnormal) for 0, NaN for 0xFF (decodeE8m0).
__device__ __forceinline__ float e8m0Float(std::uint32_t s) {
    return __uint_as_float(s == 0u ? 0x00400000u : s == 255u ? 0x7FC00000u : (s << 23));
}

__global__ void __launch_bounds__(kThreads, 2) gemvKernel(const v2::SkinnyParams p) {
    extern __shared__ __align__(16) std::uint8_t dyn[]; // LUT [256][64 slots] u32, factors [256]
    __shared__ float part[kWarps][16][2];

    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2;
    const int t = lane & 3;

    // Entry e: low half = element 2j (low nibble), high half = element 2j+1; lanes 0..31.
    for (int i = threadIdx.x; i < 256 * 8; i += kThreads) {
        const std::uint32_t e = std::uint32_t(i) >> 3;
        const std::uint32_t v = v2::e2m1Bf16(e & 15u) | (v2::e2m1Bf16(e >> 4) << 16);
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

    auto load = [&](v2::Stage<kG> &s, int stage) {
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
                s.codeA[q] = v2::ldStream16(wA + (long long)kb * 16);
                s.scaleA[q] = __ldg(S + (sOffA + unsigned(kb)));
            }
            if (inK && validB) {
                s.codeB[q] = v2::ldStream16(wB + (long long)kb * 16);
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

    auto compute = [&](const v2::Stage<kG> &s, int stage) {
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
                    xv = __ldg(reinterpret_cast<const uint4 *>(xr + (long long)kb * kBlockSize +
                                                               j * 8));
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

    v2::Stage<kG> s0, s1;
    if (numStages > 0) {
        load(s0, 0);
    }
    __syncthreads(); // tables ready (the first loads are already in flight)
    for (int st = 0; st < numStages; st += 2) {
        if (st + 1 < numStages) {
            load(s1, st + 1);
        }
        compute(s0, st);
        if (st + 1 < numStages) {
            if (st + 2 < numStages) {
                load(s0, st + 2);
            }
            compute(s1, st + 1);
        }
    }

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
            p.y[(long long)(unit.rowBegin + r) * p.n + nIndex] = v2::floatToBf16Bits(sum);
        }
    }
}

cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        gemvKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kDynSmemBytes));
    return status;
}

/// v2's plan (grid and warp roles), with v5's table size; m = 1 and 2 only.
GemvPlan plan(int maxRows, int totalRows, int numUnits, int n, int k, int smCount) {
    GemvPlan plan = v2::plan(maxRows, totalRows, numUnits, n, k, smCount, false);
    plan.smemBytes = kDynSmemBytes;
    return plan;
}

std::string launch(v2::SkinnyParams params, const GemvPlan &plan, int maxRows, int numUnits,
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

// ---- v3: one warp streams one weight row; lane = one 32-element block per 16-byte load ----
namespace v3 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kUnroll = 4;       // 16-byte loads per lane per group (two groups in flight)
constexpr int kStepBlocks = 32;  // blocks per warp step: 32 lanes x 16 bytes = 512 bytes
constexpr int kChunkBlocks = 16; // plan bookkeeping only (GemvPlan::numChunks, as v1 / v2)
constexpr std::size_t kMaxSmemBytes = 64 * 1024; // x staged as fp32, 128 bytes per block
/// ue8m0 codes whose factor can overflow a decoded weight to inf (6 * 2^126 = 1.5 * 2^128):
/// those blocks scale every element before the product, exactly as the reference does.
constexpr std::uint32_t kSfBig = 253;

struct Params {
    const std::uint16_t *x;
    const int *tokenOfRow;    // null: row r reads x[r]
    const MoeWorkUnit *units; // null: one unit {0, 0, m}
    int m;
    int maxRows; // rows per unit the launch was planned for (<= MR)
    const std::uint8_t *e2m1;
    const std::uint8_t *sf;
    long long expertStrideW;
    long long expertStrideSf;
    int n;
    int k;
    std::uint16_t *y;
    int rowsPerWarp; // output rows each warp handles in turn (1 when K is chunked)
    int chunkBlocks; // 32-element blocks of x staged per chunk, a multiple of 32
};

__device__ __forceinline__ std::uint16_t floatToBf16Bits(float v) {
    std::uint16_t r;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r) : "f"(v));
    return r;
}

/// 2^(s-127) as fp32: 2^-127 (subnormal) for 0, NaN for 0xFF (decodeE8m0).
__device__ __forceinline__ float e8m0Float(std::uint32_t s) {
    return __uint_as_float(s == 0u ? 0x00400000u : s == 255u ? 0x7FC00000u : (s << 23));
}

/// Streaming 16-byte load: read once, so no L1 allocation; 256-byte L2 prefetch (the row is
/// read sequentially).
__device__ __forceinline__ uint4 ldStream16(const void *p) {
    uint4 v;
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
    return v;
}

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
    GemvPlan plan;
    plan.error = checkShape(n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    if (maxRows < 1 || maxRows > kMoeMaxRowsPerUnit) {
        plan.error = "rows per call must be 1..16 (got " + std::to_string(maxRows) + ")";
        return plan;
    }
    const int nb = k / kBlockSize;
    plan.numChunks = int(detail::ceilDiv(nb, kChunkBlocks));
    plan.splitK = 1;
    plan.chunksPerSlice = plan.numChunks;
    plan.workspaceBytes = 0;
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

// ---- v4: a CTA streams a contiguous run of whole rows; K spread over the CTA's threads ----
//
// Thread tid of the CTA owns 32-element block slot j = tid % slotsPerRow of every row it
// reads (slotsPerRow = block count rounded up to 32, at most 256; a K slice of 256 blocks at a
// time when K is longer), so each warp load is 512 contiguous bytes of one row and the warps
// of a CTA together read whole rows, row after row: the CTA streams one contiguous range of
// the weights. x of the thread's block (32 values per x row) is held in fp32 registers for the
// whole CTA, so there are no x reads per weight byte. Two stages of kU rows (2 x 4 x 16 bytes
// per thread) are in flight. Decode: v2's exact byte -> bf16x2 table (shared memory, one copy
// per lane), expanded to fp32, fp32 FMAs, the block factor applied once per block (for sf 253 /
// 254 per weight first, as v3, so that overflow to inf matches the reference). The per-row
// partial sums are reduced by warp shuffles and, over the warps of a row, through shared
// memory in a fixed order (deterministic). x rows are taken MR (1 or 2) at a time; for m > 2
// the CTA re-reads its rows once per group of 2 x rows (CUDA-core FMAs: meant for m <= 2).
namespace v4 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kMaxSlots = kThreads;  // 32-element blocks per K slice (one per thread)
constexpr int kU = 4;                // rows per stage (two stages in flight)
constexpr int kMaxRowsPerCta = 256;  // bounds the shared reduction buffer
constexpr int kChunkBlocks = 16;     // plan bookkeeping only (GemvPlan::numChunks)
constexpr int kLutBytes = 256 * 32 * 4;
constexpr std::uint32_t kSfBig = 253;

struct Params {
    const std::uint16_t *x;
    const int *tokenOfRow;
    const MoeWorkUnit *units;
    int m;
    int maxRows;
    const std::uint8_t *e2m1;
    const std::uint8_t *sf;
    long long expertStrideW;
    long long expertStrideSf;
    int n;
    int k;
    std::uint16_t *y;
    int rowsPerCta;
    int slotsPerRow; // multiple of 32, <= 256
};

__device__ __forceinline__ std::uint16_t floatToBf16Bits(float v) {
    std::uint16_t r;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r) : "f"(v));
    return r;
}

__device__ __forceinline__ float e8m0Float(std::uint32_t s) {
    return __uint_as_float(s == 0u ? 0x00400000u : s == 255u ? 0x7FC00000u : (s << 23));
}

/// Streaming 16-byte load, no L1 allocation (each byte is read once).
__device__ __forceinline__ uint4 ldNa16(const void *p) {
    uint4 v;
    asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
    return v;
}

struct Stage {
    uint4 code[kU];
    std::uint32_t scale[kU];
};

template <int MR>
__global__ void __launch_bounds__(kThreads, 2) rowStreamKernel(const Params p) {
    extern __shared__ __align__(16) std::uint8_t dyn[]; // LUT, then red[rowsPerCta][MR][wps]
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const MoeWorkUnit unit = p.units ? p.units[blockIdx.y] : MoeWorkUnit{0, 0, p.m};
    const int rows = min(unit.rowCount, p.maxRows);
    const int r0 = blockIdx.x * p.rowsPerCta;
    const int rEnd = min(p.n, r0 + p.rowsPerCta);
    if (r0 >= p.n || rows <= 0) {
        return; // uniform over the CTA
    }
    for (int i = tid; i < 256 * 8; i += kThreads) {
        const std::uint32_t e = std::uint32_t(i) >> 3;
        const std::uint32_t v = v2::e2m1Bf16(e & 15u) | (v2::e2m1Bf16(e >> 4) << 16);
        reinterpret_cast<uint4 *>(dyn)[i] = make_uint4(v, v, v, v);
    }
    const std::uint32_t lane4 = 4u * unsigned(lane);
    float *red = reinterpret_cast<float *>(dyn + kLutBytes);

    const int nb = p.k / kBlockSize;
    const std::uint8_t *W = p.e2m1 + (long long)unit.expert * p.expertStrideW;
    const std::uint8_t *S = p.sf + (long long)unit.expert * p.expertStrideSf;
    const int slots = p.slotsPerRow;
    const int P = kThreads / slots; // rows read side by side
    const int sub = tid / slots;    // warp-uniform (slots is a multiple of 32)
    const int j = tid - sub * slots;
    const int wps = slots >> 5; // warps per row
    const int warpInRow = j >> 5;
    const bool active = sub < P;
    const int ctaRows = rEnd - r0;
    const int rowsPerStage = P * kU;
    const int numStages = (ctaRows + rowsPerStage - 1) / rowsPerStage;
    const std::size_t rowBytes = std::size_t(p.k / 2);

    for (int xg = 0; xg < rows; xg += MR) {
        for (int i = tid; i < ctaRows * MR * wps; i += kThreads) {
            red[i] = 0.0f;
        }
        __syncthreads(); // LUT and red ready
        for (int ks = 0; ks < nb; ks += slots) {
            const int kb = ks + j;
            const bool inK = active && kb < nb;
            float xf[MR][32];
#pragma unroll
            for (int r = 0; r < MR; ++r) {
                const bool ok = inK && xg + r < rows;
                const int rr = min(xg + r, rows - 1);
                const int token = p.tokenOfRow ? p.tokenOfRow[unit.rowBegin + rr] : unit.rowBegin + rr;
                const uint4 *src = reinterpret_cast<const uint4 *>(
                    p.x + (long long)token * p.k + (long long)(ok ? kb : 0) * kBlockSize);
#pragma unroll
                for (int q = 0; q < 4; ++q) {
                    const uint4 v = ok ? __ldg(src + q) : make_uint4(0u, 0u, 0u, 0u);
                    const std::uint32_t w4[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
                    for (int e = 0; e < 4; ++e) {
                        xf[r][8 * q + 2 * e] = __uint_as_float(w4[e] << 16);
                        xf[r][8 * q + 2 * e + 1] = __uint_as_float(w4[e] & 0xFFFF0000u);
                    }
                }
            }

            auto load = [&](Stage &s, int st) {
#pragma unroll
                for (int u = 0; u < kU; ++u) {
                    const int row = r0 + st * rowsPerStage + u * P + sub;
                    s.code[u] = make_uint4(0u, 0u, 0u, 0u);
                    s.scale[u] = kSfOne;
                    if (inK && row < rEnd) {
                        s.code[u] = ldNa16(W + std::size_t(row) * rowBytes + std::size_t(kb) * 16);
                        s.scale[u] = __ldg(S + (long long)row * nb + kb);
                    }
                }
            };

            Stage cur;
            load(cur, 0);
#pragma unroll 1
            for (int st = 0; st < numStages; ++st) {
                Stage nxt;
                const bool more = st + 1 < numStages;
                if (more) {
                    load(nxt, st + 1);
                }
#pragma unroll
                for (int u = 0; u < kU; ++u) {
                    const int rowLocal = st * rowsPerStage + u * P + sub;
                    if (!active || rowLocal >= ctaRows) {
                        continue; // warp-uniform
                    }
                    const std::uint32_t s = cur.scale[u];
                    const bool big = s - kSfBig < 2u;
                    const float f = e8m0Float(s);
                    float part[MR];
#pragma unroll
                    for (int r = 0; r < MR; ++r) {
                        part[r] = 0.0f;
                    }
                    const std::uint32_t words[4] = {cur.code[u].x, cur.code[u].y, cur.code[u].z,
                                                    cur.code[u].w};
#pragma unroll
                    for (int q = 0; q < 4; ++q) {
#pragma unroll
                        for (int b = 0; b < 4; ++b) {
                            const std::uint32_t w = words[q];
                            const std::uint32_t off =
                                ((b == 0 ? (w << 7) : (w >> (8 * b - 7))) & 0x7F80u) | lane4;
                            const std::uint32_t v = *reinterpret_cast<const std::uint32_t *>(dyn + off);
                            float lo = __uint_as_float(v << 16);
                            float hi = __uint_as_float(v & 0xFFFF0000u);
                            if (big) {
                                lo *= f;
                                hi *= f;
                            }
#pragma unroll
                            for (int r = 0; r < MR; ++r) {
                                part[r] = fmaf(xf[r][8 * q + 2 * b], lo, part[r]);
                                part[r] = fmaf(xf[r][8 * q + 2 * b + 1], hi, part[r]);
                            }
                        }
                    }
                    const float fBlock = big ? 1.0f : f;
#pragma unroll
                    for (int r = 0; r < MR; ++r) {
                        float v = part[r] * fBlock;
#pragma unroll
                        for (int o = 16; o > 0; o >>= 1) {
                            v += __shfl_xor_sync(0xFFFFFFFFu, v, o);
                        }
                        if (lane == 0) {
                            red[(rowLocal * MR + r) * wps + warpInRow] += v;
                        }
                    }
                }
                if (more) {
                    cur = nxt;
                }
            }
        }
        __syncthreads();
        for (int i = tid; i < ctaRows * MR; i += kThreads) {
            const int rowLocal = i / MR;
            const int r = i - rowLocal * MR;
            if (xg + r < rows) {
                float sum = 0.0f;
                for (int w = 0; w < wps; ++w) {
                    sum += red[i * wps + w];
                }
                p.y[(long long)(unit.rowBegin + xg + r) * p.n + r0 + rowLocal] =
                    floatToBf16Bits(sum);
            }
        }
        __syncthreads(); // red is reused by the next x group
    }
}

std::size_t smemBytesFor(int maxRows, int rowsPerCta, int slotsPerRow) {
    const int mr = maxRows == 1 ? 1 : 2;
    return std::size_t(kLutBytes) + std::size_t(rowsPerCta) * mr * (slotsPerRow / 32) * 4;
}

template <int MR> cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        rowStreamKernel<MR>, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    return status;
}

/// rowsPerCta in rowTilesPerBlock (1..256), the dynamic shared memory in smemBytes; about two
/// CTAs per SM over all units, each a contiguous run of rows; splitK 1, no workspace.
GemvPlan plan(int maxRows, int numUnits, int n, int k, int smCount) {
    GemvPlan plan;
    plan.error = checkShape(n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    if (maxRows < 1 || maxRows > kMoeMaxRowsPerUnit) {
        plan.error = "rows per call must be 1..16 (got " + std::to_string(maxRows) + ")";
        return plan;
    }
    const int nb = k / kBlockSize;
    plan.numChunks = int(detail::ceilDiv(nb, kChunkBlocks));
    plan.splitK = 1;
    plan.chunksPerSlice = plan.numChunks;
    plan.workspaceBytes = 0;
    const long long target = 2LL * std::max(smCount, 1);
    const long long ctasPerUnit = std::max(1LL, detail::ceilDiv(target, std::max(numUnits, 1)));
    long long rowsPerCta = detail::ceilDiv(n, ctasPerUnit);
    rowsPerCta = std::clamp(rowsPerCta, 1LL, (long long)kMaxRowsPerCta);
    plan.rowTilesPerBlock = int(rowsPerCta);
    const int slots = std::min(kMaxSlots, int(detail::ceilDiv(nb, 32)) * 32);
    plan.smemBytes = smemBytesFor(maxRows, plan.rowTilesPerBlock, slots);
    return plan;
}

std::string launch(Params params, const GemvPlan &plan, int maxRows, int numUnits,
                   cudaStream_t stream) {
    params.maxRows = maxRows;
    params.rowsPerCta = plan.rowTilesPerBlock;
    const int nb = params.k / kBlockSize;
    params.slotsPerRow = std::min(kMaxSlots, int(detail::ceilDiv(nb, 32)) * 32);
    HOSTPLAN_REQUIRE(params.rowsPerCta >= 1 && params.rowsPerCta <= kMaxRowsPerCta,
                     "gemv v4: bad rows per CTA");
    HOSTPLAN_REQUIRE(plan.smemBytes >= smemBytesFor(maxRows, params.rowsPerCta, params.slotsPerRow),
                     "gemv v4: shared memory too small for the plan");
    const dim3 grid(unsigned(detail::ceilDiv(params.n, params.rowsPerCta)), unsigned(numUnits), 1u);
    HOSTPLAN_REQUIRE(grid.x <= 0x7FFFFFFFu && numUnits <= 65535, "gemv: grid too large");
    if (maxRows == 1) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<1>());
        rowStreamKernel<1><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<2>());
        rowStreamKernel<2><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    }
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace v4

// ---- Diagnostics: pure weight + scale reads, no decode (benchmark only) ----
namespace streamread {

/// v2's grid, warp roles, per-thread load order and two-stage double buffering at m = 1, but
/// the compute is an XOR of the loaded words; one atomicXor per thread into out[row].
__global__ void __launch_bounds__(v2::kThreads, 2)
    v2PatternKernel(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k, int rowTiles,
                    std::uint32_t *out) {
    constexpr int G = v2::kGroupsPerStage<1>;
    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2;
    const int t = lane & 3;
    const int nb = k / kBlockSize;
    const int numGroups = (nb + 3) >> 2;
    const int rt = warp % rowTiles;
    const int kpart = warp / rowTiles;
    const int warpsPerTile = v2::kWarps / rowTiles;
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

    auto load = [&](v2::Stage<G> &s, int stage) {
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
                s.codeA[q] = v2::ldStream16(wA + (long long)kb * 16);
                s.scaleA[q] = __ldg(sA + kb);
            }
            if (inK && validB) {
                s.codeB[q] = v2::ldStream16(wB + (long long)kb * 16);
                s.scaleB[q] = __ldg(sB + kb);
            }
        }
    };
    auto consume = [&](const v2::Stage<G> &s) {
#pragma unroll
        for (int q = 0; q < G; ++q) {
            accA ^= s.codeA[q].x ^ s.codeA[q].y ^ s.codeA[q].z ^ s.codeA[q].w ^ s.scaleA[q];
            accB ^= s.codeB[q].x ^ s.codeB[q].y ^ s.codeB[q].z ^ s.codeB[q].w ^ s.scaleB[q];
        }
    };
    v2::Stage<G> s0, s1;
    if (numStages > 0) {
        load(s0, 0);
    }
    for (int st = 0; st < numStages; st += 2) {
        if (st + 1 < numStages) {
            load(s1, st + 1);
        }
        consume(s0);
        if (st + 1 < numStages) {
            if (st + 2 < numStages) {
                load(s0, st + 2);
            }
            consume(s1);
        }
    }
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
                v[u] = v4::ldNa16(base + i + u * kIdealThreads);
            }
#pragma unroll
            for (int u = 0; u < kIdealUnroll; ++u) {
                acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
            }
        }
        for (; i < end; i += kIdealThreads) {
            const uint4 v = v4::ldNa16(base + i);
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

/// Which kernel serves a call. From the H200 runs of 2026-11-29 (PERF.md): v2 matched v1 at
/// m = 1 and was faster for the grouped MoE with <= 8 rows per unit (145 -> 118 us at one
/// token, 644 -> 582 us at eight), but slower for plain m = 4 (75 -> 81 us) and m = 16
/// (95 -> 128 us: its x fragments come through L1, 4x the weight bytes at 16 tokens, and
/// miss). So v2 for one row and for grouped calls of <= 8 rows per unit, v1 otherwise.
bool useV2(int maxRows, int numUnits) {
    return maxRows == 1 || (numUnits > 1 && maxRows <= 8);
}

GemvKernel g_override = GemvKernel::Auto;

/// v3 (row streaming) serves a call only when the override asks for it. It validated on the
/// H200 (run 4, 2026-11-29, PERF.md) but was slower than the previous path at every measured
/// shape (m = 1, 28672 x 8192: 86.7 vs 70.6 us; m = 16: 955 vs 96 us; MoE one token: 164 vs
/// 118 us), so Auto keeps v2 / v1.
/// v4 (contiguous row streaming, x in registers) serves a call only when the override asks
/// for it (not yet measured on a device).
bool useV4() {
    return g_override == GemvKernel::V4;
}

/// v5 (v2's loads, PRMT + LDS decode, block scale on fp32 partials) serves a call only when the
/// override asks for it and at most 2 rows per unit (else the Auto dispatch); not yet measured.
bool useV5(int maxRows) {
    return g_override == GemvKernel::V5 && maxRows >= 1 && maxRows <= 2;
}

bool useV3(int maxRows, int numUnits) {
    (void)maxRows;
    (void)numUnits;
    switch (g_override) {
    case GemvKernel::V3:
        return true;
    case GemvKernel::Legacy:
    case GemvKernel::V4:
    case GemvKernel::V5:
        return false;
    case GemvKernel::Auto:
        break;
    }
    return false;
}

} // namespace

void setGemvKernelOverride(GemvKernel kernel) {
    g_override = kernel;
}
GemvKernel gemvKernelOverride() {
    return g_override;
}

GemvPlan planGemv(int maxRows, int totalRows, int numUnits, int n, int k, int smCount,
                  bool allowSplitForOccupancy) {
    if (useV4()) {
        return v4::plan(maxRows, numUnits, n, k, smCount);
    }
    if (useV5(maxRows)) {
        return v5::plan(maxRows, totalRows, numUnits, n, k, smCount);
    }
    if (useV3(maxRows, numUnits)) {
        return v3::plan(maxRows, numUnits, n, k, smCount);
    }
    return useV2(maxRows, numUnits)
               ? v2::plan(maxRows, totalRows, numUnits, n, k, smCount, allowSplitForOccupancy)
               : v1::plan(maxRows, totalRows, numUnits, n, k, smCount, allowSplitForOccupancy);
}

std::size_t gemvWorkspaceBytes(int m, int n, int k) {
    const GemvPlan plan = planGemv(m, m, 1, n, k, v1::smCountOfCurrentDevice(), true);
    return plan.error.empty() ? plan.workspaceBytes : 0;
}

std::size_t moeGemvWorkspaceBytes(int totalRows, int maxRowsPerUnit, int numUnits, int n, int k) {
    const GemvPlan plan =
        planGemv(maxRowsPerUnit, totalRows, numUnits, n, k, v1::smCountOfCurrentDevice(), true);
    return plan.error.empty() ? plan.workspaceBytes : 0;
}

namespace {

/// Both kernels take the same fields; v1 adds the workspace and the split.
template <class P>
void fillParams(P &params, const std::uint16_t *x, const int *tokenOfRow, const MoeWorkUnit *units,
                int m, const std::uint8_t *e2m1, const std::uint8_t *sf, long long strideW,
                long long strideSf, int n, int k, std::uint16_t *y) {
    params.x = x;
    params.tokenOfRow = tokenOfRow;
    params.units = units;
    params.m = m;
    params.e2m1 = e2m1;
    params.sf = sf;
    params.expertStrideW = strideW;
    params.expertStrideSf = strideSf;
    params.n = n;
    params.k = k;
    params.y = y;
}

} // namespace

std::string launchGemv(const std::uint16_t *x, int m, const std::uint8_t *e2m1,
                       const std::uint8_t *sf, int n, int k, std::uint16_t *y, float *workspace,
                       std::size_t workspaceBytes, cudaStream_t stream) {
    HOSTPLAN_REQUIRE(x && e2m1 && sf && y, "gemv: null pointer");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(x) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0,
                     "gemv: x and e2m1 must be 16-byte aligned");
    const int sms = v1::smCountOfCurrentDevice();
    GemvPlan plan = planGemv(m, m, 1, n, k, sms, workspace != nullptr);
    HOSTPLAN_REQUIRE(plan.error.empty(), "gemv: " + plan.error);
    if (plan.splitK > 1 && workspaceBytes < plan.workspaceBytes) {
        plan = planGemv(m, m, 1, n, k, sms, false);
        HOSTPLAN_REQUIRE(plan.splitK == 1 || workspaceBytes >= plan.workspaceBytes,
                         "gemv: this shape needs an fp32 workspace of " +
                             std::to_string(plan.workspaceBytes) + " bytes");
    }
    if (useV4()) {
        v4::Params params{};
        fillParams(params, x, nullptr, nullptr, m, e2m1, sf, 0, 0, n, k, y);
        return v4::launch(params, plan, m, 1, stream);
    }
    if (useV5(m)) {
        v2::SkinnyParams params{};
        fillParams(params, x, nullptr, nullptr, m, e2m1, sf, 0, 0, n, k, y);
        return v5::launch(params, plan, m, 1, stream);
    }
    if (useV3(m, 1)) {
        v3::Params params{};
        fillParams(params, x, nullptr, nullptr, m, e2m1, sf, 0, 0, n, k, y);
        return v3::launch(params, plan, m, 1, stream);
    }
    if (useV2(m, 1)) {
        v2::SkinnyParams params{};
        fillParams(params, x, nullptr, nullptr, m, e2m1, sf, 0, 0, n, k, y);
        return v2::launchSkinny(params, plan, m, 1, stream);
    }
    v1::SkinnyParams params{};
    fillParams(params, x, nullptr, nullptr, m, e2m1, sf, 0, 0, n, k, y);
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
    const int sms = v1::smCountOfCurrentDevice();
    GemvPlan plan = planGemv(maxRowsPerUnit, totalRows, numUnits, n, k, sms, workspace != nullptr);
    HOSTPLAN_REQUIRE(plan.error.empty(), "moe gemv: " + plan.error);
    if (plan.splitK > 1 && workspaceBytes < plan.workspaceBytes) {
        plan = planGemv(maxRowsPerUnit, totalRows, numUnits, n, k, sms, false);
        HOSTPLAN_REQUIRE(plan.splitK == 1 || workspaceBytes >= plan.workspaceBytes,
                         "moe gemv: this shape needs an fp32 workspace of " +
                             std::to_string(plan.workspaceBytes) + " bytes");
    }
    const long long strideW = (long long)n * (k / 2);
    const long long strideSf = (long long)n * (k / kBlockSize);
    if (useV4()) {
        v4::Params params{};
        fillParams(params, x, tokenOfRow, units, 0, e2m1, sf, strideW, strideSf, n, k, y);
        return v4::launch(params, plan, maxRowsPerUnit, numUnits, stream);
    }
    if (useV5(maxRowsPerUnit)) {
        v2::SkinnyParams params{};
        fillParams(params, x, tokenOfRow, units, 0, e2m1, sf, strideW, strideSf, n, k, y);
        return v5::launch(params, plan, maxRowsPerUnit, numUnits, stream);
    }
    if (useV3(maxRowsPerUnit, numUnits)) {
        v3::Params params{};
        fillParams(params, x, tokenOfRow, units, 0, e2m1, sf, strideW, strideSf, n, k, y);
        return v3::launch(params, plan, maxRowsPerUnit, numUnits, stream);
    }
    if (useV2(maxRowsPerUnit, numUnits)) {
        v2::SkinnyParams params{};
        fillParams(params, x, tokenOfRow, units, 0, e2m1, sf, strideW, strideSf, n, k, y);
        return v2::launchSkinny(params, plan, maxRowsPerUnit, numUnits, stream);
    }
    v1::SkinnyParams params{};
    fillParams(params, x, tokenOfRow, units, 0, e2m1, sf, strideW, strideSf, n, k, y);
    return v1::launchSkinny(params, plan, maxRowsPerUnit, numUnits, totalRows, workspace, stream);
}

std::string launchStreamReadV2Pattern(const std::uint8_t *e2m1, const std::uint8_t *sf, int n,
                                      int k, std::uint32_t *out, cudaStream_t stream) {
    HOSTPLAN_REQUIRE(e2m1 && sf && out, "stream read: null pointer");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0,
                     "stream read: e2m1 must be 16-byte aligned");
    const GemvPlan plan = v2::plan(1, 1, 1, n, k, v1::smCountOfCurrentDevice(), false);
    HOSTPLAN_REQUIRE(plan.error.empty(), "stream read: " + plan.error);
    const long long rowTiles = detail::ceilDiv(n, 16);
    const dim3 grid(unsigned(detail::ceilDiv(rowTiles, plan.rowTilesPerBlock)));
    streamread::v2PatternKernel<<<grid, v2::kThreads, 0, stream>>>(e2m1, sf, n, k,
                                                                    plan.rowTilesPerBlock, out);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

std::string launchStreamReadIdeal(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
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
    const unsigned grid = unsigned(8 * std::max(v1::smCountOfCurrentDevice(), 1));
    streamread::idealKernel<<<grid, streamread::kIdealThreads, 0, stream>>>(
        reinterpret_cast<const uint4 *>(e2m1), codeBytes / 16, reinterpret_cast<const uint4 *>(sf),
        scaleWords, sf + scaleWords * 16, tail, out, n);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace hostplan::mxfp4::cuda
