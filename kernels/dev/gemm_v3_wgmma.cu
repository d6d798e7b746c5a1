// SPDX-License-Identifier: MIT
/*
 * Experiment: MXFP4 prefill GEMM v3 for Hopper (sm_90a), wgmma with the dequantized weights as
 * the register operand (stand-alone program; not in the library, which ships v2 in
 * mxfp4_gemm.cu). y[m][n] = sum_k x[m][k] * W[n][k], m >= 1 (meant for m >= 256).
 *
 * Layouts: x bf16 [m][k] row-major (k % 32 == 0, 16-byte aligned); y bf16 [m][n]; W re-packed
 * offline by repackPrefill() (mxfp4.h), the same layout the mma.sync kernels read: data
 * [kPadded/64][nPadded][32] bytes, sf [kPadded/64][nPadded][2] ue8m0, n padded to 128 and k to
 * 64 with zero codes. No new re-pack: the 8 bytes of thread-in-group t of one row are already
 * the pairs a wgmma A fragment needs (mxfp4_wgmma.h, pinned by the CPU suite).
 *
 * Why this design (sources: PTX ISA, "Asynchronous Warpgroup Level Matrix Multiply-Accumulate"
 * (wgmma.mma_async, .fence, .commit_group, .wait_group, the matrix descriptor, the register
 * fragments and the 128-byte swizzled shared-memory layouts); CUDA C++ Programming Guide,
 * "Asynchronous Data Copies" (cp.async) and the sm_90 shared-memory limit; the public
 * mixed-input GEMM designs of CUTLASS (its "RS" sm90 mainloops, which convert the narrow operand
 * in registers), Machete (vLLM, mixed-input GEMM on Hopper) and Marlin, read for ideas only):
 *
 * - mma.sync cannot reach Hopper's dense bf16 rate (v1/v2 plateau at ~290 TFLOP/s, PERF.md);
 *   wgmma m64nNk16 can. wgmma takes B only from shared memory and A from shared memory or from
 *   registers. The weights need a decode (E2M1 -> bf16, times the E8M0 block scale) that is
 *   cheapest in registers, so the weights must be A, the M side. For y = x W^T the M side is x,
 *   so the kernel computes the transpose, y^T[n][m] = W[n][k] x^T[k][m]: A = W (64 weight rows
 *   per warpgroup, decoded in registers), B = x^T whose "K-major" shared-memory form is just x's
 *   rows (each token's 64 K values = one 128-byte row, 128-byte swizzle). This is the operand
 *   swap CUTLASS and Machete use for mixed-input GEMMs. The decode never touches shared memory
 *   and costs ~110 integer/bf16 instructions per thread per 64-wide K chunk (16 registers of
 *   two bf16), while the chunk's 8 m64n256k16 keep the tensor core busy ~1024 cycles at the
 *   datasheet rate: with two warps per scheduler, about a fifth of the issue slots.
 * - Scale exactly: the decode is the bit-exact one of the other kernels (mxfp4_bits.h: the
 *   nibble's magnitude shifted into a bf16 as value * 2^-126, then two exact bf16 multiplies by
 *   powers of two), so A holds exactly the dequantized weight, and the tensor core accumulates
 *   bf16 x bf16 products in fp32.
 * - CTA: 256 threads = 2 warpgroups, tile 128 weight rows x 256 tokens (each warpgroup one
 *   m64n256k16 accumulator, 128 fp32 registers per thread), K step 64 (one re-pack chunk: 4
 *   wgmma per warpgroup). Per stage: x 256 x 64 bf16 = 32 KiB, codes 4 KiB, scales 256 B; 6
 *   stages = 217.5 KiB (+1 KiB for alignment) of the 227 KiB a block may have. Bytes from L2 per
 *   FLOP are below cuBLAS's 128 x 256 bf16 tile (W is 4-bit).
 * - Loads: cp.async (16 bytes per thread, any destination address, so the 128-byte swizzle is
 *   written directly and rows beyond m or K beyond k are zero-filled with src-size 0) into a
 *   6-stage ring, 4 chunks ahead, one cp.async.wait_group + fence.proxy.async + __syncthreads
 *   per chunk. No TMA (would need a tensor map from the driver API) and no producer warpgroup
 *   with mbarriers: fewer ways to hang or race in a kernel that is compiled here without a GPU
 *   to debug on; both are the next step if loads turn out to be the limit (see PERF.md).
 * - Overlap: each warpgroup issues its 4 wgmma for chunk c (commit_group), then waits with
 *   wgmma.wait_group 1, i.e. until chunk c-1's group is done, so the tensor core works on chunk
 *   c while the warps issue chunk c+5's copies and decode chunk c+1. A fragments alternate
 *   between two register sets (even/odd chunks) so that no register an in-flight wgmma reads
 *   is rewritten; a stage is overwritten only 2 chunks after it was read (the barrier of chunk
 *   c proves every warpgroup finished chunk c-2's wgmma).
 * - Epilogue: after wgmma.wait_group 0, each warpgroup writes its 64 x 256 bf16 results to
 *   shared memory as [token][row] (rows padded to 144 bytes: conflict-free), then stores each
 *   token's 64 consecutive outputs with 16-byte stores (8 lanes = 128 contiguous bytes), or
 *   per element where n % 8 != 0, y is not 16-byte aligned, or at the right edge.
 * - Bounds: tokens >= m are zero-filled in the x tile and never stored; weight rows >= n are
 *   the re-pack's zero padding and never stored; K beyond k is zero in both operands. The
 *   launcher refuses an unpadded layout (launchPrefillGemm's checks), a GPU that is not compute
 *   capability 9.0, and a build without the sm_90a cubin (prefillWgmmaSupport()).
 * - Elsewhere (sm_100a, compute_80 PTX) the kernel body is only a trap: wgmma exists on sm_90a
 *   only, and the launcher never launches it there.
 *
 * Status: compiled, NOT yet run on a GPU. Run: build with -DHOSTPLAN_KERNELS_DEV=ON (and 90a in
 * CMAKE_CUDA_ARCHITECTURES), then build/kernels/dev/mxfp4-dev-gemm-v3-wgmma: on an sm_90 GPU
 * it checks every case against gemmReferenceF64 (kernels/mxfp4.cpp) and prints time and
 * TFLOP/s next to the library's launchPrefillGemm (dev_harness.h); elsewhere it prints why not
 * and exits 77. The bit-level maps (descriptor, x tile swizzle, A fragments; mxfp4_wgmma.h) are
 * pinned on the CPU by tests/kernels/tst_mxfp4_dev.cpp.
 */
#include "dev_harness.h"
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"
#include "mxfp4_internal.h"
#include "mxfp4_wgmma.h"

#include <cuda_bf16.h>

namespace hostplan::mxfp4::cuda {

namespace {

namespace wg = hostplan::mxfp4::wgmma;

namespace v3 {

constexpr int kThreads = 256; // two warpgroups, both consumers
constexpr int kStages = 6;
constexpr int kAhead = kStages - 2; // chunks in flight beyond the one being computed
constexpr int kGroupT = 8;          // token tiles that walk the weight tiles together
constexpr int kStageBytes = wg::kXTileBytes + wg::kWTileBytes + wg::kSfTileBytes; // 37120
constexpr int kSmemBytes = kStages * kStageBytes + wg::kSwizzleAtomBytes;         // 223744
constexpr int kStagingRowBytes = 64 * 2 + 16; // one token's 64 outputs + 16 bytes of padding
constexpr int kStagingBytes = wg::kTileTokens * kStagingRowBytes; // per warpgroup, 36864
static_assert(wg::kTileK == kPrefillTileK && wg::kTileRows == kPrefillTileN,
              "v3 reads the prefill re-pack: one 128-row tile, one 64-wide chunk per stage");
static_assert(2 * kStagingBytes <= kStages * kStageBytes, "epilogue staging reuses the ring");
static_assert(kAhead >= 2 && kAhead < kStages && kGroupT >= 1,
              "a stage is refilled two chunks after it was read (see the header)");
static_assert(kSmemBytes <= 227 * 1024, "sm_90 allows 227 KiB of shared memory per block");

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)

__device__ __forceinline__ void wgmmaFence() {
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void wgmmaCommit() {
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void wgmmaWait() {
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}
using detail::fenceProxyAsync; // the cp.async data -> the async proxy wgmma reads B through
/// Orders the compiler's uses of the accumulators after a wgmma.wait_group: without it, reads
/// of d could be scheduled before the wait (the asm above names no registers).
__device__ __forceinline__ void fenceAccumulators(float (&d)[128]) {
#pragma unroll
    for (int i = 0; i < 128; ++i) {
        asm volatile("" : "+f"(d[i])::"memory");
    }
}
/// Pins the A fragments and B descriptors of one chunk's 4 wgmma: the compiler must finish
/// computing them here, before wgmma.fence, instead of sinking some between the wgmma.
__device__ __forceinline__ void fenceOperands(std::uint32_t (&a)[4][4], std::uint64_t (&desc)[4]) {
#pragma unroll
    for (int s = 0; s < 4; ++s) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            asm volatile("" : "+r"(a[s][i])::"memory");
        }
        asm volatile("" : "+l"(desc[s])::"memory");
    }
}
/// Named barrier of one warpgroup (ids 1 and 2; 0 is __syncthreads). Immediate ids, so that
/// ptxas reserves only these.
__device__ __forceinline__ void warpgroupBarrier(int warpgroup) {
    if (warpgroup == 0) {
        asm volatile("bar.sync 1, 128;\n" ::: "memory");
    } else {
        asm volatile("bar.sync 2, 128;\n" ::: "memory");
    }
}

/// d[64 x 256] += A[64 x 16] (bf16, registers: mxfp4_wgmma.h's fragment) * B[16 x 256] (bf16,
/// shared memory, K-major, 128-byte swizzle, descriptor descB); fp32 accumulators in the
/// m64nNk16 D fragment order: d[4j + v] = (row 16 warp + lane/4 + 8 (v/2), column 8j + 2
/// (lane%4) + v%2). scale-d = 1 (accumulate), scale-a = scale-b = 1, B not transposed.
__device__ __forceinline__ void wgmmaM64N256K16(float (&d)[128], const std::uint32_t (&a)[4],
                                                std::uint64_t descB) {
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "setp.ne.b32 p, %132, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, "
        "%8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, "
        "%24, %25, %26, %27, %28, %29, %30, %31, "
        "%32, %33, %34, %35, %36, %37, %38, %39, "
        "%40, %41, %42, %43, %44, %45, %46, %47, "
        "%48, %49, %50, %51, %52, %53, %54, %55, "
        "%56, %57, %58, %59, %60, %61, %62, %63, "
        "%64, %65, %66, %67, %68, %69, %70, %71, "
        "%72, %73, %74, %75, %76, %77, %78, %79, "
        "%80, %81, %82, %83, %84, %85, %86, %87, "
        "%88, %89, %90, %91, %92, %93, %94, %95, "
        "%96, %97, %98, %99, %100, %101, %102, %103, "
        "%104, %105, %106, %107, %108, %109, %110, %111, "
        "%112, %113, %114, %115, %116, %117, %118, %119, "
        "%120, %121, %122, %123, %124, %125, %126, %127}, "
        "{%128, %129, %130, %131}, %133, p, 1, 1, 0;\n"
        "}\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),
          "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]),
          "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]),
          "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]),
          "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]),
          "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]),
          "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]),
          "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
          "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]),
          "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]),
          "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]),
          "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]),
          "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]),
          "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]),
          "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
          "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]),
          "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]),
          "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]),
          "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(1), "l"(descB));
}

#endif // __CUDA_ARCH_FEAT_SM90_ALL

__global__ void __launch_bounds__(kThreads, 1)
    prefillKernelV3(const std::uint16_t *__restrict__ x, int m, int k,
                    const std::uint8_t *__restrict__ wp, const std::uint8_t *__restrict__ sfp,
                    int n, int nPadded, int kPadded, std::uint16_t *__restrict__ y, int gridT,
                    int gridW, int vectorStores) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    extern __shared__ __align__(1024) std::uint8_t smemRaw[];
    // The 128-byte swizzle is a function of address bits 4-9: x tiles start 1024-byte aligned.
    const unsigned rawAddr = unsigned(__cvta_generic_to_shared(smemRaw));
    std::uint8_t *smem = smemRaw + ((wg::kSwizzleAtomBytes - (rawAddr & 1023u)) & 1023u);
    std::uint8_t *xs = smem;                           // kStages x 32 KiB
    std::uint8_t *ws = xs + kStages * wg::kXTileBytes; // kStages x 4 KiB
    std::uint8_t *ss = ws + kStages * wg::kWTileBytes; // kStages x 256 B
    const unsigned xsAddr = unsigned(__cvta_generic_to_shared(xs));

    const int tid = threadIdx.x;
    const int warp = tid >> 5;
    const int lane = tid & 31;
    const int wgIdx = warp >> 2; // warpgroup: weight rows 64 wgIdx .. 64 wgIdx + 63
    const int warpInWg = warp & 3;

    // Grouped tile order: runs of kGroupT token tiles walk the weight tiles together, so the
    // CTAs running at once share W and x through L2.
    const int bid = int(blockIdx.x);
    const int tilesPerGroup = kGroupT * gridW;
    const int group = bid / tilesPerGroup;
    const int firstT = group * kGroupT;
    const int groupT = min(gridT - firstT, kGroupT);
    const int inGroup = bid - group * tilesPerGroup;
    const int t0 = (firstT + inGroup % groupT) * wg::kTileTokens; // first token
    const int w0 = (inGroup / groupT) * wg::kTileRows;            // first weight row
    const int numK = kPadded / wg::kTileK;
    const int numKEven = (numK + 1) & ~1;

    auto loadStage = [&](int stage, int kc) {
        std::uint8_t *xst = xs + stage * wg::kXTileBytes;
        // x: 256 token rows x 8 chunks of 16 bytes, 8 per thread.
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int idx = tid + i * kThreads;
            const int r = idx >> 3;
            const int ch = idx & 7;
            const int gm = t0 + r;
            const int gk = kc * wg::kTileK + ch * 8;
            const bool ok = gm < m && gk < k; // k % 8 == 0: a chunk is all in or all out
            const std::uint16_t *src = ok ? x + (long long)gm * k + gk : x;
            detail::cpAsync16(xst + wg::xTileOffset(r, ch), src, ok ? 16 : 0);
        }
        // Codes: 128 rows x 32 bytes, one chunk per thread; in bounds for kc < numK (w0 + 128
        // <= nPadded). The padding chunk kc = numK of an odd count is zero-filled: codes 0 give
        // +0 weights, and its x columns (gk >= k) are zero too, so it adds exactly nothing.
        const bool inK = kc < numK;
        const long long rowBase = (long long)(inK ? kc : 0) * nPadded + w0;
        detail::cpAsync16(ws + stage * wg::kWTileBytes + tid * 16, wp + rowBase * 32 + tid * 16,
                          inK ? 16 : 0);
        if (tid < wg::kSfTileBytes / 16) {
            detail::cpAsync16(ss + stage * wg::kSfTileBytes + tid * 16,
                              sfp + rowBase * 2 + tid * 16, inK ? 16 : 0);
        }
    };

    float acc[128];
#pragma unroll
    for (int i = 0; i < 128; ++i) {
        acc[i] = 0.0f;
    }

#pragma unroll
    for (int s = 0; s < kAhead; ++s) {
        if (s < numKEven) {
            loadStage(s, s);
        }
        detail::cpAsyncCommit();
    }

    // This lane's A rows within the CTA tile: rowA (registers 0, 2) and rowA + 8 (1, 3).
    const int rowA = wgIdx * 64 + wg::aFragmentRow(warpInWg, lane, 0);

    // One 64-wide K chunk: wait for its data, refill the stage freed two chunks ago, decode the
    // A fragments of its 4 k16 steps into `a`, issue the 4 wgmma and wait for the previous
    // chunk's group.
    auto chunk = [&](int kc, std::uint32_t(&a)[4][4]) {
        detail::cpAsyncWait<kAhead - 1>();
        fenceProxyAsync();
        __syncthreads();
        {
            const int next = kc + kAhead;
            if (next < numKEven) {
                loadStage(next % kStages, next);
            }
            detail::cpAsyncCommit();
        }
        const int stage = kc % kStages;
        const std::uint8_t *wst = ws + stage * wg::kWTileBytes;
        const std::uint8_t *sst = ss + stage * wg::kSfTileBytes;
        const uint2 lo =
            *reinterpret_cast<const uint2 *>(wst + wg::aFragmentWordOffset(rowA, lane, 0));
        const uint2 hi =
            *reinterpret_cast<const uint2 *>(wst + wg::aFragmentWordOffset(rowA + 8, lane, 0));
        const uint2 rowWords[2] = {lo, hi};
        const std::uint32_t rowScales[2] = {
            *reinterpret_cast<const std::uint16_t *>(sst + rowA * 2),
            *reinterpret_cast<const std::uint16_t *>(sst + (rowA + 8) * 2)};
        std::uint32_t f1[2][2], f2[2][2]; // [row half][32-block]: the exact two-step scale
#pragma unroll
        for (int h = 0; h < 2; ++h) {
#pragma unroll
            for (int b = 0; b < 2; ++b) {
                const std::uint32_t sf = (rowScales[h] >> (8 * b)) & 0xFFu;
                f1[h][b] = bits::splat(bits::factorLoBits(sf));
                f2[h][b] = bits::splat(bits::factorHiBits(sf));
            }
        }
        // Register i of step s: row half i % 2, word and scale s / 2, pair 2 (s % 2) + i / 2
        // (mxfp4_wgmma.h; all indices are compile-time constants after unrolling).
#pragma unroll
        for (int s = 0; s < 4; ++s) {
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                const int h = i % 2;
                const int b = wg::aFragmentScale(s);
                const std::uint32_t word = b == 0 ? rowWords[h].x : rowWords[h].y;
                a[s][i] = detail::bf16x2Mul(
                    detail::bf16x2Mul(bits::rawPairDyn(word, wg::aFragmentPair(s, i)), f1[h][b]),
                    f2[h][b]);
            }
        }
        const unsigned xAddr = xsAddr + unsigned(stage * wg::kXTileBytes);
        std::uint64_t desc[4];
#pragma unroll
        for (int s = 0; s < 4; ++s) {
            desc[s] = wg::smemDescriptorSw128(xAddr + unsigned(s * wg::kMmaK * 2));
        }
        // Every input of the 4 wgmma is computed before the first one is issued: nothing that
        // defines one of their registers may sit between them (ptxas would serialize them).
        fenceOperands(a, desc);
        wgmmaFence();
#pragma unroll
        for (int s = 0; s < 4; ++s) {
            wgmmaM64N256K16(acc, a[s], desc[s]);
        }
        wgmmaCommit();
        wgmmaWait<1>();
    };

    // Two register sets for the A fragments, alternating by chunk (see the header). The loop
    // runs whole pairs, with no conditional tail, so that on every path a set is rewritten only
    // after the wait_group that retired the wgmma reading it, and no copy of the accumulators
    // sits at a join while a wgmma is in flight (otherwise ptxas serializes every wgmma: C7513,
    // C7514). An odd chunk count gets one all-zero chunk (see loadStage). do-while because
    // numKEven >= 2 (k >= 32): a zero-trip path would join its zeroed accumulators with the
    // loop's (C7515).
    std::uint32_t aEven[4][4];
    std::uint32_t aOdd[4][4];
    int kc = 0;
    do {
        chunk(kc, aEven);
        chunk(kc + 1, aOdd);
        kc += 2;
    } while (kc < numKEven);
    wgmmaWait<0>();
    fenceAccumulators(acc);
    detail::cpAsyncWait<0>();
    __syncthreads(); // every warpgroup is done with the ring: reuse it for the epilogue

    // Epilogue: d[4j + v] is (weight row rowLocal + 8 (v / 2), token 8j + 2t + v % 2).
    std::uint8_t *stg = smem + wgIdx * kStagingBytes;
    const int rowLocal = wg::aFragmentRow(warpInWg, lane, 0); // 0..55 within the warpgroup
    const int tq = 2 * (lane & 3);
#pragma unroll
    for (int j = 0; j < 32; ++j) {
#pragma unroll
        for (int v = 0; v < 4; ++v) {
            const int token = 8 * j + tq + (v & 1);
            const int row = rowLocal + 8 * (v >> 1);
            *reinterpret_cast<__nv_bfloat16 *>(stg + token * kStagingRowBytes + row * 2) =
                __float2bfloat16_rn(acc[4 * j + v]);
        }
    }
    warpgroupBarrier(wgIdx);
    const int colBase = w0 + wgIdx * 64;
    const int tidInWg = tid & 127;
#pragma unroll 4
    for (int i = 0; i < 16; ++i) {
        const int idx = i * 128 + tidInWg;
        const int token = idx >> 3;
        const int c = idx & 7;
        const int gm = t0 + token;
        const int col = colBase + c * 8;
        if (gm >= m || col >= n) {
            continue;
        }
        const uint4 v = *reinterpret_cast<const uint4 *>(stg + token * kStagingRowBytes + c * 16);
        std::uint16_t *dst = y + (long long)gm * n + col;
        if (vectorStores && col + 8 <= n) {
            *reinterpret_cast<uint4 *>(dst) = v;
        } else {
            const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
            for (int e = 0; e < 8; ++e) {
                if (col + e < n) {
                    dst[e] = std::uint16_t(words[e >> 1] >> (16 * (e & 1)));
                }
            }
        }
    }
#else
    // Built for another target: the launcher refuses before launching (prefillWgmmaSupport).
    __trap();
#endif
}

} // namespace v3

/// Empty when the v3 kernel can run on the current device; otherwise why not, e.g. "needs
/// sm_90 (Hopper); this GPU is sm_100", or that the build lacks the sm_90a target.
std::string prefillWgmmaSupport() {
    int device = 0;
    HOSTPLAN_CHECK_CUDA(cudaGetDevice(&device));
    int major = 0, minor = 0, smemOptin = 0;
    HOSTPLAN_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    HOSTPLAN_CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
    // sm_90a code runs on compute capability 9.0 only (arch-specific, not forward compatible).
    HOSTPLAN_REQUIRE(major == 9 && minor == 0,
                     "prefill gemm v3 (wgmma): needs sm_90 (Hopper); this GPU is sm_" +
                         std::to_string(major) + std::to_string(minor));
    cudaFuncAttributes attributes{};
    HOSTPLAN_CHECK_CUDA(cudaFuncGetAttributes(&attributes, v3::prefillKernelV3));
    // Without a 90a cubin the driver would JIT the compute_80 PTX, whose body only traps.
    HOSTPLAN_REQUIRE(attributes.ptxVersion >= 90,
                     "prefill gemm v3 (wgmma): built without the sm_90a target (add 90a-real to "
                     "CMAKE_CUDA_ARCHITECTURES)");
    HOSTPLAN_CHECK_CUDA(
        cudaDeviceGetAttribute(&smemOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    HOSTPLAN_REQUIRE(smemOptin >= v3::kSmemBytes,
                     "prefill gemm v3 (wgmma): needs " + std::to_string(v3::kSmemBytes) +
                         " bytes of shared memory per block; this GPU allows " +
                         std::to_string(smemOptin));
    return {};
}

/// Launcher: launchPrefillGemm's checks (pointers, shape, padding, alignment), the device
/// support, then the grid of 256-token x 128-row tiles in grouped order.
std::string launchPrefillGemmWgmma(const std::uint16_t *x, int m, const std::uint8_t *packedData,
                                   const std::uint8_t *packedSf, int n, int k, int nPadded,
                                   int kPadded, std::uint16_t *y, cudaStream_t stream) {
    const std::string argError = detail::checkPrefillArgs("prefill gemm v3", x, m, packedData,
                                                          packedSf, n, k, nPadded, kPadded, y);
    HOSTPLAN_REQUIRE(argError.empty(), argError);
    const std::string support = prefillWgmmaSupport();
    if (!support.empty()) {
        return support;
    }
    const long long gridT = detail::ceilDiv(m, wg::kTileTokens);
    const long long gridW = nPadded / wg::kTileRows;
    HOSTPLAN_REQUIRE(gridT * gridW <= 0x7FFFFFFFLL, "prefill gemm v3: m too large for one launch");
    static const cudaError_t smemStatus = cudaFuncSetAttribute(
        v3::prefillKernelV3, cudaFuncAttributeMaxDynamicSharedMemorySize, v3::kSmemBytes);
    HOSTPLAN_CHECK_CUDA(smemStatus);
    const int vectorStores = (n % 8 == 0 && reinterpret_cast<std::uintptr_t>(y) % 16 == 0) ? 1 : 0;
    v3::prefillKernelV3<<<unsigned(gridT * gridW), v3::kThreads, v3::kSmemBytes, stream>>>(
        x, m, k, packedData, packedSf, n, nPadded, kPadded, y, int(gridT), int(gridW),
        vectorStores);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace

} // namespace hostplan::mxfp4::cuda

int main() {
    namespace kc = hostplan::mxfp4::cuda;
    int count = 0;
    const std::string support = cudaGetDeviceCount(&count) == cudaSuccess && count > 0
                                    ? kc::prefillWgmmaSupport()
                                    : std::string("no CUDA device");
    return hostplan::mxfp4::dev::runGemmExperiment("gemm_v3_wgmma", support,
                                                   kc::launchPrefillGemmWgmma);
}
