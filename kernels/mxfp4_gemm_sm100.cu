// SPDX-License-Identifier: MIT
/*
 * MXFP4 prefill GEMM, native block-scaled path for sm_100a (Blackwell data-centre: B200,
 * GB200): y[m][n] = sum_k q(x)[m][k] * W[n][k], where q(x) is x quantized to MXFP8 (E4M3
 * elements, one ue8m0 scale per 32 along K, the rule of quantizeMxfp8() in mxfp4.h).
 *
 * Why MXFP8 activations (kind::mxf8f6f4) and not MXFP4 (kind::mxf4): the weights are already
 * MXFP4 and the tensor core takes E4M3 x E2M1 in one instruction, so only the activations are
 * quantized, and to 3 mantissa bits rather than 1: the relative error of one quantized
 * activation is at most 2^-4 (E4M3, round to nearest) against up to 2^-2 for E2M1, plus the
 * OCP rule's clipping of a block's largest elements (at most 12.5% for E4M3: amax / 2^X is
 * below 512 and saturates to 448). kind::mxf4 would double the MMA rate and halve the x
 * traffic but put E2M1's error on both operands, too coarse for prefill activations without
 * calibration. Against the bf16-activation Hopper kernels (mxfp4_gemm.cu) the result differs
 * by the quantization of x: the GPU test compares this path with the CPU reference that
 * quantizes x the same way (gemmReferenceMxfp8), not with the bf16 one.
 *
 * Two kernels, one stream:
 * 1. quantizeMxfp8Kernel (every architecture; run and checked bit-exact on any GPU): one
 *    thread per 32-block of a row: x bf16 [m][k] -> codes e4m3 [m][kPadded] and scales
 *    [m][kPadded/32] in the caller's workspace, kPadded = k rounded up to 128 with zero blocks.
 * 2. nativeGemmKernel (sm_100a only; elsewhere its body traps and the launcher refuses): one
 *    CTA of 128 threads per 128 x 128 output tile, K in steps of 128 through two shared-memory
 *    stages. Each step: all threads copy the A tile (128 rows x 128 E4M3 bytes) and the B tile
 *    (128 weight rows x 128 E2M1 codes, 8 bytes per 16 codes, each followed by 8 bytes of
 *    padding, the 4-bit layout of .kind::mxf8f6f4) into core-matrix order (mxfp4_tcgen05.h),
 *    rows or K beyond the shape zero-filled, plus both tiles' scales into the 32 x 16-byte
 *    order tcgen05.cp wants; fence.proxy.async; barrier; then thread 0 copies the scales into
 *    Tensor Memory (tcgen05.cp .32x128b.warpx4), issues four
 *    tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X (M 128, N 128, K 32,
 *    fp32 accumulator in Tensor Memory columns 0..127, scale factor ID = the step) and
 *    tcgen05.commit to the stage's mbarrier, while the other threads go on to the next stage.
 *    A stage is refilled only after its mbarrier says the MMAs that read it are done. At the
 *    end each warp reads its 32 accumulator lanes (tcgen05.ld .32x32b), rounds to bf16 and
 *    stores its rows (bounds-checked per element).
 *
 * Weights stay in the interchange layout (e2m1 [n][k/2], sf [n][k/32]): no re-pack is needed,
 * the copy spreads each 8-byte group into its padded 16-byte slot. Source of every layout and
 * bit-field: PTX ISA, section tcgen05 (see mxfp4_tcgen05.h).
 *
 * Status: compiled for sm_100a in CI, NOT yet run on a Blackwell GPU (kernels/PERF.md). It is
 * deliberately simple (no TMA, no warp specialization, one CTA per tile); correctness first.
 * Benchmark: runMxfp4Benchmarks() times it where the device is sm_100 ("gemm_native" rows).
 */
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"
#include "mxfp4_tcgen05.h"

#include <cuda_bf16.h>
#include <cuda_fp8.h>

namespace hostplan::mxfp4::cuda {

namespace {

namespace tc = hostplan::mxfp4::tcgen05;

// --- 1. MXFP8 quantize pre-pass ----------------------------------------------------------------

constexpr int kQuantThreads = 256;

__global__ void __launch_bounds__(kQuantThreads)
    quantizeMxfp8Kernel(const std::uint16_t *__restrict__ x, int m, int k, int kPadded,
                        std::uint8_t *__restrict__ codes, std::uint8_t *__restrict__ sf) {
    const int blocksPadded = kPadded / kBlockSize;
    const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)m * blocksPadded) {
        return;
    }
    const int row = int(idx / blocksPadded);
    const int block = int(idx - (long long)row * blocksPadded);
    std::uint32_t out[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    std::uint32_t scale = 0; // a padding block is an all-zero block: codes 0, scale 0x00
    if (block < k / kBlockSize) {
        const uint4 *src =
            reinterpret_cast<const uint4 *>(x + (long long)row * k + (long long)block * 32);
        std::uint32_t w[16];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const uint4 v = src[i];
            w[4 * i] = v.x;
            w[4 * i + 1] = v.y;
            w[4 * i + 2] = v.z;
            w[4 * i + 3] = v.w;
        }
        std::uint32_t amaxBits = 0;
        bool finite = true;
#pragma unroll
        for (int i = 0; i < 16; ++i) {
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const std::uint32_t b = (w[i] >> (16 * h)) & 0xFFFFu;
                finite = finite && (b & 0x7F80u) != 0x7F80u;
                // Magnitudes compare as integers; bf16 -> fp32 bits is a shift.
                amaxBits = max(amaxBits, (b & 0x7FFFu) << 16);
            }
        }
        if (!finite) {
            scale = kSfNaN; // the codes stay 0; the scale alone makes the block NaN
        } else {
            scale = bits::mxfp8ScaleCode(amaxBits);
            const float inv = __uint_as_float(bits::mxfp8InverseScaleBits(scale));
#pragma unroll
            for (int i = 0; i < 16; ++i) {
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    // Exact unless far below E4M3's range (then one fp32 rounding, as the CPU).
                    const float v = __uint_as_float(((w[i] >> (16 * h)) & 0xFFFFu) << 16) * inv;
                    const std::uint32_t code =
                        __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3); // RNE, +-448
                    const int e = 2 * i + h;
                    out[e / 4] |= code << (8 * (e % 4));
                }
            }
        }
    }
    uint4 *dst =
        reinterpret_cast<uint4 *>(codes + (long long)row * kPadded + (long long)block * 32);
    dst[0] = make_uint4(out[0], out[1], out[2], out[3]);
    dst[1] = make_uint4(out[4], out[5], out[6], out[7]);
    sf[(long long)row * blocksPadded + block] = std::uint8_t(scale);
}

// --- 2. the tcgen05 GEMM -----------------------------------------------------------------------

namespace native {

constexpr int kThreads = 128; // 4 warps: warp w owns accumulator lanes 32w..32w+31
constexpr int kStages = 2;
constexpr int kStageBytes = 2 * tc::kOperandBytes + 2 * tc::kSfBytes; // 33792
constexpr int kSmemBytes = kStages * kStageBytes;                     // 67584
static_assert(tc::kTileK % tc::kMmaK == 0 && tc::kTileK / tc::kMmaK == 4,
              "four MMA steps per stage: scale factor IDs 0..3");
static_assert(kStageBytes % 1024 == 0, "stages stay 1024-byte aligned");

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
// Inline PTX of the tcgen05 family (sm_100a only).

__device__ __forceinline__ std::uint32_t smemAddress(const void *p) {
    return std::uint32_t(__cvta_generic_to_shared(p));
}

/// 8-byte global -> shared copy; srcBytes 0 zero-fills.
__device__ __forceinline__ void cpAsync8(void *smem, const void *gmem, int srcBytes) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(smemAddress(smem)),
                 "l"(gmem), "r"(srcBytes));
}

__device__ __forceinline__ void tcFenceBefore() {
    asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
}
__device__ __forceinline__ void tcFenceAfter() {
    asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

__device__ __forceinline__ void mbarrierInit(std::uint64_t *bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(smemAddress(bar)), "r"(count)
                 : "memory");
}
__device__ __forceinline__ void mbarrierWait(std::uint64_t *bar, std::uint32_t parity) {
    std::uint32_t done = 0;
    do {
        asm volatile("{\n"
                     ".reg .pred p;\n"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     "selp.u32 %0, 1, 0, p;\n"
                     "}\n"
                     : "=r"(done)
                     : "r"(smemAddress(bar)), "r"(parity)
                     : "memory");
    } while (done == 0);
}

/// Whole warp: allocates `columns` Tensor Memory columns, the address written to *slot.
__device__ __forceinline__ void tmemAlloc(std::uint32_t *slot, std::uint32_t columns) {
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(
                     smemAddress(slot)),
                 "r"(columns)
                 : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void tmemFree(std::uint32_t taddr, std::uint32_t columns) {
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;\n" ::"r"(taddr),
                 "r"(columns)
                 : "memory");
}

/// Shared (32 rows x 16 bytes, descriptor) -> Tensor Memory lanes 0..31 of every quarter.
__device__ __forceinline__ void tmemCopyScales(std::uint32_t taddr, std::uint64_t desc) {
    asm volatile("tcgen05.cp.cta_group::1.32x128b.warpx4 [%0], %1;\n" ::"r"(taddr), "l"(desc)
                 : "memory");
}

/// D (Tensor Memory) = A * B (+ D when accumulate), block-scaled, issued by one thread.
__device__ __forceinline__ void mmaBlockScaled(std::uint32_t dTmem, std::uint64_t aDesc,
                                               std::uint64_t bDesc, std::uint32_t idesc,
                                               std::uint32_t sfaTmem, std::uint32_t sfbTmem,
                                               std::uint32_t accumulate) {
    asm volatile("{\n"
                 ".reg .pred p;\n"
                 "setp.ne.u32 p, %6, 0;\n"
                 "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X "
                 "[%0], %1, %2, %3, [%4], [%5], p;\n"
                 "}\n" ::"r"(dTmem),
                 "l"(aDesc), "l"(bDesc), "r"(idesc), "r"(sfaTmem), "r"(sfbTmem), "r"(accumulate)
                 : "memory");
}

/// The mbarrier completes once every tcgen05 operation this thread issued before is done.
__device__ __forceinline__ void mmaCommit(std::uint64_t *bar) {
    asm volatile(
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];\n" ::"r"(
            smemAddress(bar))
        : "memory");
}

/// 16 consecutive fp32 columns of this warp's 32 lanes (thread t: lane t).
__device__ __forceinline__ void tmemLoad16(std::uint32_t taddr, std::uint32_t (&v)[16]) {
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x16.b32 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, [%16];\n"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]),
                   "=r"(v[6]), "=r"(v[7]), "=r"(v[8]), "=r"(v[9]), "=r"(v[10]), "=r"(v[11]),
                   "=r"(v[12]), "=r"(v[13]), "=r"(v[14]), "=r"(v[15])
                 : "r"(taddr));
    asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
}
#endif // __CUDA_ARCH_FEAT_SM100_ALL

__global__ void __launch_bounds__(kThreads, 1)
    nativeGemmKernel(const std::uint8_t *__restrict__ xq, const std::uint8_t *__restrict__ xsf,
                     int m, int kPadded, const std::uint8_t *__restrict__ e2m1,
                     const std::uint8_t *__restrict__ sf, int n, int k,
                     std::uint16_t *__restrict__ y) {
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
    extern __shared__ __align__(1024) std::uint8_t smem[];
    __shared__ __align__(8) std::uint64_t mmaDone[kStages];
    __shared__ std::uint32_t tmemSlot;

    const int tid = int(threadIdx.x);
    const int warp = tid >> 5;
    const int lane = tid & 31;
    const int n0 = int(blockIdx.x) * tc::kTileN;
    const int m0 = int(blockIdx.y) * tc::kTileM;
    const int numK = kPadded / tc::kTileK;
    const int wBlocks = k / kBlockSize;       // weight scales per row
    const int xBlocks = kPadded / kBlockSize; // activation scales per row (multiple of 4)

    // The padding halves of the B chunks are never written by the copies: zero them once.
    for (int i = tid; i < kStages * tc::kTileN * tc::kChunksPerRow; i += kThreads) {
        const int stage = i / (tc::kTileN * tc::kChunksPerRow);
        const int rest = i % (tc::kTileN * tc::kChunksPerRow);
        std::uint8_t *b = smem + stage * kStageBytes + tc::kOperandBytes;
        *reinterpret_cast<uint2 *>(b + tc::operandOffset(rest >> 3, rest & 7) + 8) =
            make_uint2(0u, 0u);
    }
    if (warp == 0) {
        tmemAlloc(&tmemSlot, tc::kTmemColumns);
    }
    if (tid == 0) {
        for (int s = 0; s < kStages; ++s) {
            mbarrierInit(&mmaDone[s], 1);
        }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    tcFenceBefore();
    __syncthreads();
    tcFenceAfter();
    const std::uint32_t tmem = tmemSlot;
    const std::uint32_t smemBase = smemAddress(smem);

    for (int kt = 0; kt < numK; ++kt) {
        const int s = kt % kStages;
        if (kt >= kStages) {
            // The MMAs of step kt - 2 read this stage (and its scale columns): wait for them.
            mbarrierWait(&mmaDone[s], std::uint32_t((kt / kStages - 1) & 1));
        }
        std::uint8_t *as = smem + s * kStageBytes;
        std::uint8_t *bs = as + tc::kOperandBytes;
        std::uint8_t *sfa = bs + tc::kOperandBytes;
        std::uint8_t *sfb = sfa + tc::kSfBytes;
        // A: 128 rows x 8 chunks of 16 E4M3 codes; 8 threads read one row's 128 bytes.
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int idx = tid + i * kThreads;
            const int r = idx >> 3;
            const int c = idx & 7;
            const int gm = m0 + r;
            const bool ok = gm < m;
            const std::uint8_t *src =
                ok ? xq + (long long)gm * kPadded + (long long)kt * tc::kTileK + c * 16 : xq;
            detail::cpAsync16(as + tc::operandOffset(r, c), src, ok ? 16 : 0);
        }
        // B: 128 weight rows x 8 groups of 16 E2M1 codes (8 bytes) into the data halves.
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int idx = tid + i * kThreads;
            const int r = idx >> 3;
            const int g = idx & 7;
            const int gn = n0 + r;
            const int kel = kt * tc::kTileK + g * 16;
            const bool ok = gn < n && kel < k; // k % 32 == 0: a group is all in or all out
            const std::uint8_t *src = ok ? e2m1 + (long long)gn * (k / 2) + kel / 2 : e2m1;
            cpAsync8(bs + tc::operandOffset(r, g), src, ok ? 8 : 0);
        }
        detail::cpAsyncCommit();
        // Scales: thread t brings row t's four blocks of A and of B (1.0 outside the shape,
        // where the data is zero).
        {
            const int gm = m0 + tid;
            const std::uint32_t a = gm < m ? *reinterpret_cast<const std::uint32_t *>(
                                                 xsf + (long long)gm * xBlocks + kt * 4)
                                           : 0x7F7F7F7Fu;
            *reinterpret_cast<std::uint32_t *>(sfa + tc::sfOffset(tid, 0)) = a;
            const int gn = n0 + tid;
            std::uint32_t b = 0;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int kb = kt * 4 + j;
                const std::uint32_t v =
                    (gn < n && kb < wBlocks) ? sf[(long long)gn * wBlocks + kb] : kSfOne;
                b |= v << (8 * j);
            }
            *reinterpret_cast<std::uint32_t *>(sfb + tc::sfOffset(tid, 0)) = b;
        }
        detail::cpAsyncWait<0>();
        detail::fenceProxyAsync(); // generic-proxy writes -> visible to the tensor core (async
                                   // proxy)
        __syncthreads();

        if (tid == 0) {
            tcFenceAfter();
            const std::uint32_t stageAddr = smemBase + std::uint32_t(s * kStageBytes);
            const std::uint32_t sfaAddr = stageAddr + 2 * tc::kOperandBytes;
            const std::uint32_t sfaCol = tmem + std::uint32_t(tc::tmemSfaColumn(s));
            const std::uint32_t sfbCol = tmem + std::uint32_t(tc::tmemSfbColumn(s));
            tmemCopyScales(sfaCol, tc::smemDescriptor(sfaAddr, 0, tc::kCoreRowGroupBytes));
            tmemCopyScales(sfbCol,
                           tc::smemDescriptor(sfaAddr + tc::kSfBytes, 0, tc::kCoreRowGroupBytes));
#pragma unroll
            for (int step = 0; step < tc::kTileK / tc::kMmaK; ++step) {
                // K = 32 per MMA = two 16-byte chunks of both operands.
                const std::uint32_t kOffset = std::uint32_t(step * 2 * tc::kCoreColumnBytes);
                const std::uint64_t aDesc = tc::smemDescriptor(
                    stageAddr + kOffset, tc::kCoreColumnBytes, tc::kCoreRowGroupBytes);
                const std::uint64_t bDesc =
                    tc::smemDescriptor(stageAddr + tc::kOperandBytes + kOffset,
                                       tc::kCoreColumnBytes, tc::kCoreRowGroupBytes);
                const std::uint32_t idesc = tc::instrDescriptorMxf8f6f4(
                    tc::MxType::E4M3, tc::MxType::E2M1, tc::kTileM, tc::kTileN, step, step);
                mmaBlockScaled(tmem, aDesc, bDesc, idesc, sfaCol, sfbCol,
                               (kt > 0 || step > 0) ? 1u : 0u);
            }
            mmaCommit(&mmaDone[s]);
        }
    }

    // The last commit covers every MMA before it.
    mbarrierWait(&mmaDone[(numK - 1) % kStages], std::uint32_t(((numK - 1) / kStages) & 1));
    tcFenceAfter();

    // Epilogue: warp w reads accumulator lanes 32w.. (thread = output row), 16 columns at a
    // time; the loads are warp-wide (.sync.aligned), the stores per row and bounds-checked.
    const int row = m0 + warp * 32 + lane;
    const std::uint32_t laneAddr = tmem + (std::uint32_t(warp * 32) << 16);
    const bool vectorStores = (n % 8) == 0;
#pragma unroll 1
    for (int c0 = 0; c0 < tc::kTileN; c0 += 16) {
        std::uint32_t v[16];
        tmemLoad16(laneAddr + std::uint32_t(c0), v);
        const int col = n0 + c0;
        if (row >= m || col >= n) {
            continue;
        }
        std::uint32_t packed[8];
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            const __nv_bfloat162 p =
                __floats2bfloat162_rn(__uint_as_float(v[2 * j]), __uint_as_float(v[2 * j + 1]));
            packed[j] = *reinterpret_cast<const std::uint32_t *>(&p);
        }
        std::uint16_t *dst = y + (long long)row * n + col;
        if (vectorStores && col + 16 <= n) {
            reinterpret_cast<uint4 *>(dst)[0] =
                make_uint4(packed[0], packed[1], packed[2], packed[3]);
            reinterpret_cast<uint4 *>(dst)[1] =
                make_uint4(packed[4], packed[5], packed[6], packed[7]);
        } else {
#pragma unroll
            for (int j = 0; j < 16; ++j) {
                if (col + j < n) {
                    dst[j] = std::uint16_t(packed[j / 2] >> (16 * (j % 2)));
                }
            }
        }
    }

    tcFenceBefore();
    __syncthreads();
    if (warp == 0) {
        tmemFree(tmem, tc::kTmemColumns);
    }
#else
    // Built for another target: the launcher refuses before launching (prefillNativeSupport).
    __trap();
#endif
}

} // namespace native

int roundUp(int v, int to) {
    return (v + to - 1) / to * to;
}

} // namespace

std::size_t mxfp8WorkspaceBytes(int m, int k) {
    if (m < 1 || k < 1) {
        return 0;
    }
    const std::size_t kp = std::size_t(roundUp(k, tcgen05::kTileK));
    return std::size_t(m) * kp + std::size_t(m) * kp / kBlockSize;
}

std::string launchQuantizeMxfp8(const std::uint16_t *x, int m, int k, std::uint8_t *e4m3,
                                std::uint8_t *sf, cudaStream_t stream) {
    HOSTPLAN_REQUIRE(x && e4m3 && sf, "mxfp8 quantize: null pointer");
    const std::string shapeError = checkShape(m, k);
    HOSTPLAN_REQUIRE(shapeError.empty(), "mxfp8 quantize: " + shapeError);
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(x) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(e4m3) % 16 == 0,
                     "mxfp8 quantize: x and e4m3 must be 16-byte aligned");
    const int kPadded = roundUp(k, tcgen05::kTileK);
    const long long threads = (long long)m * (kPadded / kBlockSize);
    const long long blocks = detail::ceilDiv(threads, kQuantThreads);
    HOSTPLAN_REQUIRE(blocks <= 0x7FFFFFFFLL, "mxfp8 quantize: m * k too large for one launch");
    quantizeMxfp8Kernel<<<unsigned(blocks), kQuantThreads, 0, stream>>>(x, m, k, kPadded, e4m3, sf);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

std::string prefillNativeSupport() {
    int device = 0;
    HOSTPLAN_CHECK_CUDA(cudaGetDevice(&device));
    int major = 0, minor = 0;
    HOSTPLAN_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    HOSTPLAN_CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
    // sm_100a code runs on compute capability 10.0 only (arch-specific, not forward compatible).
    HOSTPLAN_REQUIRE(major == 10 && minor == 0,
                     "prefill gemm (native): needs sm_100 (Blackwell data-centre); this GPU is "
                     "sm_" +
                         std::to_string(major) + std::to_string(minor));
    cudaFuncAttributes attributes{};
    HOSTPLAN_CHECK_CUDA(cudaFuncGetAttributes(&attributes, native::nativeGemmKernel));
    // Without a 100a cubin the driver would JIT the compute_80 PTX, whose body only traps.
    HOSTPLAN_REQUIRE(attributes.ptxVersion >= 100,
                     "prefill gemm (native): built without the sm_100a target (add 100a-real to "
                     "CMAKE_CUDA_ARCHITECTURES)");
    return {};
}

std::string launchPrefillGemmNative(const std::uint16_t *x, int m, const std::uint8_t *e2m1,
                                    const std::uint8_t *sf, int n, int k, std::uint16_t *y,
                                    void *workspace, std::size_t workspaceBytes,
                                    cudaStream_t stream) {
    HOSTPLAN_REQUIRE(x && e2m1 && sf && y && workspace, "prefill gemm (native): null pointer");
    const std::string shapeError = checkShape(n, k);
    HOSTPLAN_REQUIRE(shapeError.empty(), "prefill gemm (native): " + shapeError);
    HOSTPLAN_REQUIRE(m >= 1, "prefill gemm (native): m must be >= 1");
    HOSTPLAN_REQUIRE(detail::ceilDiv(m, tcgen05::kTileM) <= 65535,
                     "prefill gemm (native): m too large for one launch");
    HOSTPLAN_REQUIRE(workspaceBytes >= mxfp8WorkspaceBytes(m, k),
                     "prefill gemm (native): workspace smaller than mxfp8WorkspaceBytes(m, k)");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(x) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(workspace) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(y) % 16 == 0,
                     "prefill gemm (native): x, e2m1, y and workspace must be 16-byte aligned");
    const std::string support = prefillNativeSupport();
    if (!support.empty()) {
        return support;
    }
    const int kPadded = roundUp(k, tcgen05::kTileK);
    auto *codes = static_cast<std::uint8_t *>(workspace);
    std::uint8_t *scales = codes + std::size_t(m) * std::size_t(kPadded);
    const std::string quantError = launchQuantizeMxfp8(x, m, k, codes, scales, stream);
    if (!quantError.empty()) {
        return quantError;
    }
    static const cudaError_t smemStatus = cudaFuncSetAttribute(
        native::nativeGemmKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, native::kSmemBytes);
    HOSTPLAN_CHECK_CUDA(smemStatus);
    const dim3 grid(unsigned(detail::ceilDiv(n, tcgen05::kTileN)),
                    unsigned(detail::ceilDiv(m, tcgen05::kTileM)));
    native::nativeGemmKernel<<<grid, native::kThreads, native::kSmemBytes, stream>>>(
        codes, scales, m, kPadded, e2m1, sf, n, k, y);
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace hostplan::mxfp4::cuda
