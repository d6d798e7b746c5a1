// SPDX-License-Identifier: MIT
// Device helpers shared by the MXFP4 kernels (the library's and the experiments in kernels/dev/):
// error strings with file:line, the SM count, fp32 -> bf16 rounding, the exact E2M1 / E8M0
// decodes as bf16 or fp32 bits, streaming 16-byte loads, inline PTX for bf16x2 multiply, byte
// permute, mma.sync, ldmatrix, cp.async and the async-proxy fence, and the scaled decode. Every
// device helper lives here once; a kernel file adds only what is specific to it.
#pragma once

#include "mxfp4_bits.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

namespace hostplan::mxfp4::cuda::detail {

inline std::string errorAt(const char *file, int line, const std::string &what) {
    return std::string(file) + ":" + std::to_string(line) + ": " + what;
}
inline std::string cudaErrorAt(const char *file, int line, cudaError_t e) {
    return errorAt(file, line, std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e));
}

inline constexpr long long ceilDiv(long long a, long long b) {
    return (a + b - 1) / b;
}

/// SMs of the current device (132, an H100 / H200, if the query fails).
inline int smCountOfCurrentDevice() {
    int device = 0;
    int sms = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {
        return 132;
    }
    return sms > 1 ? sms : 1;
}

/// Returns from the launcher with file:line when the last launch failed.
#define HOSTPLAN_CHECK_LAUNCH()                                                                    \
    do {                                                                                           \
        const cudaError_t e_ = cudaGetLastError();                                                 \
        if (e_ != cudaSuccess) {                                                                   \
            return ::hostplan::mxfp4::cuda::detail::cudaErrorAt(__FILE__, __LINE__, e_);           \
        }                                                                                          \
    } while (false)
#define HOSTPLAN_CHECK_CUDA(call)                                                                  \
    do {                                                                                           \
        const cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                                   \
            return ::hostplan::mxfp4::cuda::detail::cudaErrorAt(__FILE__, __LINE__, e_);           \
        }                                                                                          \
    } while (false)
#define HOSTPLAN_REQUIRE(cond, message)                                                            \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            return ::hostplan::mxfp4::cuda::detail::errorAt(__FILE__, __LINE__,                    \
                                                            std::string(message));                 \
        }                                                                                          \
    } while (false)

/// fp32 -> bf16 bits, round to nearest even (cvt.rn: NaN stays NaN, overflow gives inf).
__device__ __forceinline__ std::uint16_t floatToBf16Bits(float v) {
    std::uint16_t r;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r) : "f"(v));
    return r;
}

/// bf16 bits of the exact value of e2m1 code c (sign bit 3), as decodeE2m1() (mxfp4.h).
__device__ __forceinline__ std::uint32_t e2m1Bf16(std::uint32_t c) {
    const std::uint32_t mag = c & 7u;
    const std::uint32_t bits = mag == 0u   ? 0u
                               : mag == 1u ? 0x3F00u
                                           : ((((mag >> 1) + 126u) << 7) | ((mag & 1u) << 6));
    return bits | ((c & 8u) << 12);
}

/// bf16 bits of 2^(s-127): 2^-127 (subnormal) for 0, NaN for 0xFF (decodeE8m0()).
__device__ __forceinline__ std::uint32_t e8m0Bf16(std::uint32_t s) {
    return s == 0u ? 0x0040u : s == 255u ? 0x7FC0u : (s << 7);
}

/// fp32 2^(s-127): 2^-127 (subnormal) for 0, NaN for 0xFF (decodeE8m0()).
__device__ __forceinline__ float e8m0Float(std::uint32_t s) {
    return __uint_as_float(s == 0u ? 0x00400000u : s == 255u ? 0x7FC00000u : (s << 23));
}

/// 16-byte streaming load of data read once: no L1 allocation; with kL2Prefetch (the default) a
/// 256-byte L2 prefetch hint, for rows read sequentially.
template <bool kL2Prefetch = true> __device__ __forceinline__ uint4 ldStream16(const void *p) {
    uint4 v;
    if constexpr (kL2Prefetch) {
        asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n"
            : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
            : "l"(p));
    } else {
        asm("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];\n"
            : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
            : "l"(p));
    }
    return v;
}

/// One pipeline stage of the tensor-core GEMV's loads (v2 in mxfp4_gemv.cu; the dev variant v5
/// and the v2-pattern read diagnostic copy its access pattern): G 16-byte code words (one
/// 32-element block each) and their scale bytes for weight rows g and g + 8 of a 16-row tile.
template <int G> struct RowPairStage {
    uint4 codeA[G];
    uint4 codeB[G];
    std::uint32_t scaleA[G];
    std::uint32_t scaleB[G];
};

/// Two-stage register double buffering of a K loop: stage i + 1's loads are issued before
/// stage i is computed, so one stage of loads is always in flight. afterFirstLoad() runs once,
/// after the first stage's loads are issued (e.g. the barrier that publishes shared tables).
template <class Stage, class Load, class Compute, class AfterFirstLoad>
__device__ __forceinline__ void doubleBuffered(int numStages, Load &&load, Compute &&compute,
                                               AfterFirstLoad &&afterFirstLoad) {
    Stage s0, s1;
    if (numStages > 0) {
        load(s0, 0);
    }
    afterFirstLoad();
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
}

/// Epilogue of the tensor-core GEMV (v2; dev v5): part[w][i][r] is warp w's partial sum for row
/// i of its 16-row tile and x row r, the warps kp * rowTiles + tile (kp < warpsPerTile) share
/// tile `tile` of this block. Sums them in a fixed order (deterministic) and stores y[rowBegin +
/// r][n-index] as bf16, consecutive threads on consecutive output columns. Call after the
/// barrier that publishes part.
template <int kThreads, int kCols>
__device__ __forceinline__ void storeRowTileSums(const float (*part)[16][kCols], int rowTiles,
                                                 int warpsPerTile, int rows, int rowBegin, int n,
                                                 std::uint16_t *y) {
    const int outputs = rowTiles * 16 * rows;
    for (int i = threadIdx.x; i < outputs; i += kThreads) {
        const int rowInTile = i & 15;
        const int rest = i >> 4;
        const int tile = rest % rowTiles;
        const int r = rest / rowTiles;
        float sum = 0.0f;
        for (int kp = 0; kp < warpsPerTile; ++kp) {
            sum += part[kp * rowTiles + tile][rowInTile][r];
        }
        const int nIndex = (blockIdx.x * rowTiles + tile) * 16 + rowInTile;
        if (nIndex < n) {
            y[(long long)(rowBegin + r) * n + nIndex] = floatToBf16Bits(sum);
        }
    }
}

/// a * b on bf16 pairs, round to nearest, subnormals kept. fma with -0 instead of mul.bf16x2
/// so that the compute_80 PTX fallback assembles too (mul.bf16x2 needs sm_90).
__device__ __forceinline__ std::uint32_t bf16x2Mul(std::uint32_t a, std::uint32_t b) {
    std::uint32_t d;
    asm("fma.rn.bf16x2 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0x80008000u));
    return d;
}

__device__ __forceinline__ std::uint32_t prmt(std::uint32_t a, std::uint32_t b,
                                              std::uint32_t selector) {
    return __byte_perm(a, b, selector);
}

/// Pair P of an e2m1 word, scaled by the block's two factors (see mxfp4_bits.h).
template <int P>
__device__ __forceinline__ std::uint32_t decodePair(std::uint32_t word, std::uint32_t f1,
                                                    std::uint32_t f2) {
    return bf16x2Mul(bf16x2Mul(bits::rawPair<P>(word), f1), f2);
}

/// D += A * B, m16n8k16, bf16 inputs, fp32 accumulators.
__device__ __forceinline__ void mma16816(float (&c)[4], std::uint32_t a0, std::uint32_t a1,
                                         std::uint32_t a2, std::uint32_t a3, std::uint32_t b0,
                                         std::uint32_t b1) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

__device__ __forceinline__ void ldmatrixX4(std::uint32_t (&r)[4], const void *smem) {
    const unsigned addr = unsigned(__cvta_generic_to_shared(smem));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(addr));
}

/// 16-byte global -> shared copy; srcBytes 0 zero-fills (src must still be a valid address).
__device__ __forceinline__ void cpAsync16(void *smem, const void *gmem, int srcBytes) {
    const unsigned addr = unsigned(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(addr), "l"(gmem),
                 "r"(srcBytes));
}
__device__ __forceinline__ void cpAsyncCommit() {
    asm volatile("cp.async.commit_group;\n" ::);
}
template <int N> __device__ __forceinline__ void cpAsyncWait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
/// Makes this thread's generic-proxy writes to shared memory (cp.async data, st.shared)
/// visible to the async proxy (wgmma, tcgen05 read their operands through it); sm_90 and up.
__device__ __forceinline__ void fenceProxyAsync() {
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
#endif

} // namespace hostplan::mxfp4::cuda::detail
