// SPDX-License-Identifier: MIT
/*
 * Experiment: MXFP4 prefill GEMM v1 (stand-alone program; not in the library, which ships v2
 * in mxfp4_gemm.cu). y[m][n] = sum_k x[m][k] * W[n][k], m >= 1 (meant for m >= 256).
 *
 * Layouts: x bf16 [m][k] row-major (k % 32 == 0); y bf16 [m][n]; W re-packed offline by
 * repackPrefill() (mxfp4.h), the same layout as the library's GEMM: data
 * [kPadded/64][nPadded][32] bytes, sf [kPadded/64][nPadded][2] ue8m0.
 *
 * The first version (measured 277 TFLOP/s at 4096 x 28672 x 8192 on the H200; v2 replaced it):
 * mma.sync m16n8k16 bf16 -> fp32, block tile 128 (m) x 128 (n) x 64 (k), 8 warps as 2 (m) x 4
 * (n), warp tile 64 x 32. A 4-stage cp.async pipeline brings the x tile (16 KiB, 16-byte
 * chunks XOR-swizzled by row so ldmatrix is conflict-free; rows >= m and k >= K zero-filled),
 * the packed weight tile (4 KiB) and its scales (256 bytes) into shared memory; each warp
 * decodes its B fragments in registers (once per k chunk, shared by its four m16 tiles) and
 * multiplies the block scale in bf16 (exact).
 *
 * Run: build with -DHOSTPLAN_KERNELS_DEV=ON, then build/kernels/dev/mxfp4-dev-gemm-v1 (checks
 * against gemmReferenceF64 of kernels/mxfp4.cpp, then time and TFLOP/s next to the library's
 * launchPrefillGemm; dev_harness.h).
 */
#include "dev_harness.h"
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"
#include "mxfp4_internal.h"

#include <cuda_bf16.h>

namespace hostplan::mxfp4::cuda {

namespace {

namespace v1 {

constexpr int kBM = 128;
constexpr int kBN = kPrefillTileN; // 128
constexpr int kBK = kPrefillTileK; // 64
constexpr int kStages = 4;
constexpr int kThreads = 256;
constexpr int kABytes = kBM * kBK * 2; // 16384
constexpr int kBBytes = kBN * kBK / 2; // 4096
constexpr int kSBytes = kBN * 2;       // 256
constexpr int kStageBytes = kABytes + kBBytes + kSBytes;
constexpr int kSmemBytes = kStages * kStageBytes; // 82944

__global__ void __launch_bounds__(kThreads, 1)
    prefillKernelV1(const std::uint16_t *__restrict__ x, int m, int k,
                    const std::uint8_t *__restrict__ wp, const std::uint8_t *__restrict__ sfp,
                    int n, int nPadded, int kPadded, std::uint16_t *__restrict__ y) {
    extern __shared__ __align__(128) std::uint8_t smem[];
    const int tid = threadIdx.x;
    const int warp = tid >> 5;
    const int lane = tid & 31;
    const int g = lane >> 2;
    const int t = lane & 3;
    const int warpM = warp & 1;  // rows warpM * 64
    const int warpN = warp >> 1; // cols warpN * 32
    const int n0 = blockIdx.x * kBN;
    const int m0 = blockIdx.y * kBM;
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
        // 4 KiB of codes: 256 chunks, one per thread; always in bounds (padded on the host).
        detail::cpAsync16(bs + tid * 16, wp + ((long long)kc * nPadded + n0) * 32 + tid * 16, 16);
        if (tid < kSBytes / 16) {
            detail::cpAsync16(ss + tid * 16, sfp + ((long long)kc * nPadded + n0) * 2 + tid * 16,
                              16);
        }
    };

    float acc[4][4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
        for (int j = 0; j < 4; ++j) {
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

        // This thread's B data for the warp's four n8 tiles: 8 bytes of codes and 2 scales.
        std::uint32_t words[4][2];
        std::uint32_t f1[4][2], f2[4][2];
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            const int nl = warpN * 32 + j * 8 + g;
            const uint2 w = *reinterpret_cast<const uint2 *>(bs + nl * 32 + t * 8);
            words[j][0] = w.x;
            words[j][1] = w.y;
#pragma unroll
            for (int b = 0; b < 2; ++b) {
                const std::uint32_t s = ss[nl * 2 + b];
                f1[j][b] = bits::splat(bits::factorLoBits(s));
                f2[j][b] = bits::splat(bits::factorHiBits(s));
            }
        }

#pragma unroll
        for (int kk = 0; kk < 4; ++kk) {
            std::uint32_t a[4][4];
#pragma unroll
            for (int mi = 0; mi < 4; ++mi) {
                const int row = warpM * 64 + mi * 16 + (lane & 15);
                const int ch = kk * 2 + (lane >> 4);
                detail::ldmatrixX4(a[mi], as + row * 128 + ((ch ^ (row & 7)) << 4));
            }
            const int w = kk >> 1;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                std::uint32_t b0, b1;
                if ((kk & 1) == 0) {
                    b0 = detail::decodePair<0>(words[j][w], f1[j][w], f2[j][w]);
                    b1 = detail::decodePair<1>(words[j][w], f1[j][w], f2[j][w]);
                } else {
                    b0 = detail::decodePair<2>(words[j][w], f1[j][w], f2[j][w]);
                    b1 = detail::decodePair<3>(words[j][w], f1[j][w], f2[j][w]);
                }
#pragma unroll
                for (int mi = 0; mi < 4; ++mi) {
                    detail::mma16816(acc[mi][j], a[mi][0], a[mi][1], a[mi][2], a[mi][3], b0, b1);
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
        for (int j = 0; j < 4; ++j) {
            const int col = n0 + warpN * 32 + j * 8 + 2 * t;
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

} // namespace v1

/// Launcher: launchPrefillGemm's checks, then the 128 x 128 grid.
std::string launchPrefillGemmV1(const std::uint16_t *x, int m, const std::uint8_t *packedData,
                                const std::uint8_t *packedSf, int n, int k, int nPadded,
                                int kPadded, std::uint16_t *y, cudaStream_t stream) {
    const std::string argError = detail::checkPrefillArgs("prefill gemm v1", x, m, packedData,
                                                          packedSf, n, k, nPadded, kPadded, y);
    HOSTPLAN_REQUIRE(argError.empty(), argError);
    const long long gridM = detail::ceilDiv(m, v1::kBM);
    HOSTPLAN_REQUIRE(gridM <= 65535, "prefill gemm v1: m too large for one launch");
    static const cudaError_t smemStatus = cudaFuncSetAttribute(
        v1::prefillKernelV1, cudaFuncAttributeMaxDynamicSharedMemorySize, v1::kSmemBytes);
    HOSTPLAN_CHECK_CUDA(smemStatus);
    const dim3 grid(unsigned(nPadded / v1::kBN), unsigned(gridM));
    v1::prefillKernelV1<<<grid, v1::kThreads, v1::kSmemBytes, stream>>>(
        x, m, k, packedData, packedSf, n, nPadded, kPadded, y);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace

} // namespace hostplan::mxfp4::cuda

int main() {
    return hostplan::mxfp4::dev::runGemmExperiment("gemm_v1", {},
                                                   hostplan::mxfp4::cuda::launchPrefillGemmV1);
}
