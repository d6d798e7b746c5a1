// SPDX-License-Identifier: MIT
/*
 * MXFP4 prefill GEMM: y[m][n] = sum_k x[m][k] * W[n][k], m >= 1 (meant for m >= 256).
 *
 * Layouts: x bf16 [m][k] row-major (k % 32 == 0); y bf16 [m][n]; W re-packed offline by
 * repackPrefill() (mxfp4.h): data [kPadded/64][nPadded][32] bytes, sf [kPadded/64][nPadded][2]
 * ue8m0, with n padded to 128 and k to 64 by zero codes. Within a row's 32 bytes of one 64-wide
 * K chunk, thread-in-group t owns bytes 8t..8t+7: two words whose nibbles decode, by the same
 * shift-and-mask as the GEMV (mxfp4_bits.h), straight into the bf16 pairs of its mma B
 * fragments b0 (k = 2t, 2t+1) and b1 (k = 2t+8, 2t+9), in natural k order, so x goes through
 * ldmatrix unchanged.
 *
 * Variant: mma.sync m16n8k16 bf16 -> fp32 (Hopper has no FP4 tensor cores). Block tile 128 (m)
 * x 256 (n) x 64 (k), 8 warps as 2 (m) x 4 (n), warp tile 64 x 64 (32 independent mma per k16
 * step), a 4-stage cp.async pipeline (16 KiB x + 8 KiB codes + 512 B scales per stage, 98 KiB;
 * the x tile's 16-byte chunks XOR-swizzled by row so ldmatrix is conflict-free, rows >= m and
 * k >= K zero-filled), A fragments double-buffered in registers across k16 steps, B decoded in
 * registers by the shift-and-mask above and scaled in bf16 (exact), 1-D grid in grouped order
 * (8 m tiles share each run of n tiles, so concurrently running blocks reuse W and x through
 * L2). When nPadded is an odd multiple of 128, the last block's upper 128 columns are
 * zero-filled and never stored. This is "v2" in PERF.md; the first version (v1, 128 x 128 tile,
 * 277 TFLOP/s) and the Hopper wgmma kernel (v3, never run yet) are stand-alone programs in
 * kernels/dev/ (gemm_v1.cu, gemm_v3_wgmma.cu) that read this same layout.
 *
 * Stores are bounds-checked per element. Benchmark: runMxfp4Benchmarks() (mxfp4_bench.h,
 * `hostplan-probe kernels`) reports TFLOP/s = 2*m*n*k / t and the ratio to cuBLAS bf16.
 */
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"
#include "mxfp4_internal.h"

#include <cuda_bf16.h>

namespace hostplan::mxfp4::cuda {

namespace {

namespace v2 {

constexpr int kBM = 128;
constexpr int kBN = 256;
constexpr int kBK = kPrefillTileK; // 64
constexpr int kStages = 4;
constexpr int kThreads = 256;
constexpr int kGroupM = 8;
constexpr int kABytes = kBM * kBK * 2; // 16384
constexpr int kBBytes = kBN * kBK / 2; // 8192
constexpr int kSBytes = kBN * 2;       // 512
constexpr int kStageBytes = kABytes + kBBytes + kSBytes;
constexpr int kSmemBytes = kStages * kStageBytes; // 100352
static_assert(kBN % kPrefillTileN == 0, "v2 tile must cover whole repack tiles");

__global__ void __launch_bounds__(kThreads, 1)
    prefillKernelV2(const std::uint16_t *__restrict__ x, int m, int k,
                    const std::uint8_t *__restrict__ wp, const std::uint8_t *__restrict__ sfp,
                    int n, int nPadded, int kPadded, std::uint16_t *__restrict__ y, int gridM,
                    int gridN) {
    extern __shared__ __align__(128) std::uint8_t smem[];
    const int tid = threadIdx.x;
    const int warp = tid >> 5;
    const int lane = tid & 31;
    const int g = lane >> 2;
    const int t = lane & 3;
    const int warpM = warp & 1;  // rows warpM * 64
    const int warpN = warp >> 1; // cols warpN * 64

    // Grouped tile order: runs of kGroupM m tiles walk the n tiles together.
    const int bid = int(blockIdx.x);
    const int tilesPerGroup = kGroupM * gridN;
    const int group = bid / tilesPerGroup;
    const int firstM = group * kGroupM;
    const int groupRows = min(gridM - firstM, kGroupM);
    const int inGroup = bid - group * tilesPerGroup;
    const int mTile = firstM + inGroup % groupRows;
    const int nTile = inGroup / groupRows;
    const int n0 = nTile * kBN;
    const int m0 = mTile * kBM;
    const int numK = kPadded / kBK;

    auto loadStage = [&](int stage, int kc) {
        std::uint8_t *as = smem + stage * kStageBytes;
        std::uint8_t *bs = as + kABytes;
        std::uint8_t *ss = bs + kBBytes;
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int idx = tid + i * kThreads; // 0..1023: 128 rows x 8 chunks of 16 bytes
            const int r = idx >> 3;
            const int ch = idx & 7;
            const int gm = m0 + r;
            const int gk = kc * kBK + ch * 8;
            const bool ok = gm < m && gk < k; // k % 8 == 0: a chunk is all in or all out
            const std::uint16_t *src = ok ? x + (long long)gm * k + gk : x;
            detail::cpAsync16(as + r * 128 + ((ch ^ (r & 7)) << 4), src, ok ? 16 : 0);
        }
        // 8 KiB of codes: 512 chunks, two per thread (32 bytes = 2 chunks per row). Rows at or
        // beyond nPadded (upper half of the last tile) are zero-filled.
        const long long rowBase = (long long)kc * nPadded + n0;
#pragma unroll
        for (int i = 0; i < 2; ++i) {
            const int idx = tid + i * kThreads;
            const bool ok = n0 + (idx >> 1) < nPadded;
            const std::uint8_t *src = ok ? wp + rowBase * 32 + idx * 16 : wp;
            detail::cpAsync16(bs + idx * 16, src, ok ? 16 : 0);
        }
        if (tid < kSBytes / 16) { // 32 chunks of 8 rows x 2 scale bytes
            const bool ok = n0 + tid * 8 < nPadded;
            const std::uint8_t *src = ok ? sfp + rowBase * 2 + tid * 16 : sfp;
            detail::cpAsync16(ss + tid * 16, src, ok ? 16 : 0);
        }
    };

    float acc[4][8][4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
        for (int j = 0; j < 8; ++j) {
#pragma unroll
            for (int c = 0; c < 4; ++c) {
                acc[i][j][c] = 0.0f;
            }
        }
    }

#pragma unroll
    for (int s = 0; s < kStages - 1; ++s) {
        if (s < numK) {
            loadStage(s, s);
        }
        detail::cpAsyncCommit();
    }

    // ldmatrix addresses (byte offsets in a stage) of this lane's four m16 tiles; the chunk
    // (k8 column) is XORed per k16 step.
    const int aRowLane = warpM * 64 + (lane & 15);
    const int aChLane = lane >> 4;

    for (int kc = 0; kc < numK; ++kc) {
        detail::cpAsyncWait<kStages - 2>();
        __syncthreads();
        {
            const int next = kc + kStages - 1;
            if (next < numK) {
                loadStage(next % kStages, next);
            }
            detail::cpAsyncCommit();
        }
        const std::uint8_t *as = smem + (kc % kStages) * kStageBytes;
        const std::uint8_t *bs = as + kABytes;
        const std::uint8_t *ss = bs + kBBytes;

        // This thread's B data for the warp's eight n8 tiles: 8 bytes of codes, 2 scales each.
        std::uint32_t words[8][2];
        std::uint32_t scales[8];
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            const int nl = warpN * 64 + j * 8 + g;
            const uint2 w = *reinterpret_cast<const uint2 *>(bs + nl * 32 + t * 8);
            words[j][0] = w.x;
            words[j][1] = w.y;
            scales[j] = *reinterpret_cast<const std::uint16_t *>(ss + nl * 2);
        }

        std::uint32_t a[2][4][4];
#pragma unroll
        for (int mi = 0; mi < 4; ++mi) {
            const int row = aRowLane + mi * 16;
            detail::ldmatrixX4(a[0][mi], as + row * 128 + ((aChLane ^ (row & 7)) << 4));
        }

#pragma unroll
        for (int blk = 0; blk < 2; ++blk) {
            std::uint32_t f1[8], f2[8];
#pragma unroll
            for (int j = 0; j < 8; ++j) {
                const std::uint32_t s = (scales[j] >> (8 * blk)) & 0xFFu;
                f1[j] = bits::splat(bits::factorLoBits(s));
                f2[j] = bits::splat(bits::factorHiBits(s));
            }
#pragma unroll
            for (int half = 0; half < 2; ++half) {
                const int kk = blk * 2 + half;
                const int cur = kk & 1;
                if (kk < 3) { // prefetch the next k16 step's A fragments
#pragma unroll
                    for (int mi = 0; mi < 4; ++mi) {
                        const int row = aRowLane + mi * 16;
                        const int ch = (kk + 1) * 2 + aChLane;
                        detail::ldmatrixX4(a[cur ^ 1][mi],
                                           as + row * 128 + ((ch ^ (row & 7)) << 4));
                    }
                }
#pragma unroll
                for (int j = 0; j < 8; ++j) {
                    std::uint32_t b0, b1;
                    if (half == 0) {
                        b0 = detail::decodePair<0>(words[j][blk], f1[j], f2[j]);
                        b1 = detail::decodePair<1>(words[j][blk], f1[j], f2[j]);
                    } else {
                        b0 = detail::decodePair<2>(words[j][blk], f1[j], f2[j]);
                        b1 = detail::decodePair<3>(words[j][blk], f1[j], f2[j]);
                    }
#pragma unroll
                    for (int mi = 0; mi < 4; ++mi) {
                        detail::mma16816(acc[mi][j], a[cur][mi][0], a[cur][mi][1], a[cur][mi][2],
                                         a[cur][mi][3], b0, b1);
                    }
                }
            }
        }
    }
    detail::cpAsyncWait<0>();

    // C fragment: c0, c1 = (row g, cols 2t, 2t+1); c2, c3 = (row g+8, same cols).
    const bool pairStores = (n % 2) == 0;
#pragma unroll
    for (int mi = 0; mi < 4; ++mi) {
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            const int col = n0 + warpN * 64 + j * 8 + 2 * t;
#pragma unroll
            for (int half = 0; half < 2; ++half) {
                const int row = m0 + warpM * 64 + mi * 16 + g + 8 * half;
                if (row >= m || col >= n) {
                    continue;
                }
                const __nv_bfloat162 v =
                    __floats2bfloat162_rn(acc[mi][j][2 * half], acc[mi][j][2 * half + 1]);
                std::uint16_t *dst = y + (long long)row * n + col;
                if (pairStores && col + 1 < n) {
                    *reinterpret_cast<__nv_bfloat162 *>(dst) = v;
                } else {
                    dst[0] = __bfloat16_as_ushort(v.x);
                    if (col + 1 < n) {
                        dst[1] = __bfloat16_as_ushort(v.y);
                    }
                }
            }
        }
    }
}

} // namespace v2

} // namespace

namespace detail {

std::string checkPrefillArgs(const char *what, const std::uint16_t *x, int m,
                             const std::uint8_t *packedData, const std::uint8_t *packedSf, int n,
                             int k, int nPadded, int kPadded, const std::uint16_t *y) {
    const std::string prefix = std::string(what) + ": ";
    if (!(x && packedData && packedSf && y)) {
        return prefix + "null pointer";
    }
    const std::string shapeError = checkShape(n, k);
    if (!shapeError.empty()) {
        return prefix + shapeError;
    }
    if (m < 1) {
        return prefix + "m must be >= 1";
    }
    if (!(nPadded % kPrefillTileN == 0 && nPadded >= n && nPadded - n < kPrefillTileN)) {
        return prefix + "nPadded must be n rounded up to 128 (use repackPrefill)";
    }
    if (!(kPadded % kPrefillTileK == 0 && kPadded >= k && kPadded - k < kPrefillTileK)) {
        return prefix + "kPadded must be k rounded up to 64 (use repackPrefill)";
    }
    if (reinterpret_cast<std::uintptr_t>(x) % 16 != 0 ||
        reinterpret_cast<std::uintptr_t>(packedData) % 16 != 0 ||
        reinterpret_cast<std::uintptr_t>(packedSf) % 16 != 0) {
        return prefix + "x, data and sf must be 16-byte aligned";
    }
    return {};
}

} // namespace detail

std::string launchPrefillGemm(const std::uint16_t *x, int m, const std::uint8_t *packedData,
                              const std::uint8_t *packedSf, int n, int k, int nPadded, int kPadded,
                              std::uint16_t *y, cudaStream_t stream) {
    const std::string argError = detail::checkPrefillArgs("prefill gemm", x, m, packedData,
                                                          packedSf, n, k, nPadded, kPadded, y);
    HOSTPLAN_REQUIRE(argError.empty(), argError);
    const long long gridM = detail::ceilDiv(m, v2::kBM);
    const long long gridN = detail::ceilDiv(nPadded, v2::kBN);
    HOSTPLAN_REQUIRE(gridM * gridN <= 0x7FFFFFFFLL, "prefill gemm: m too large for one launch");
    static const cudaError_t smemStatus = cudaFuncSetAttribute(
        v2::prefillKernelV2, cudaFuncAttributeMaxDynamicSharedMemorySize, v2::kSmemBytes);
    HOSTPLAN_CHECK_CUDA(smemStatus);
    v2::prefillKernelV2<<<unsigned(gridM * gridN), v2::kThreads, v2::kSmemBytes, stream>>>(
        x, m, k, packedData, packedSf, n, nPadded, kPadded, y, int(gridM), int(gridN));
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace hostplan::mxfp4::cuda
