// Device helpers shared by the MXFP4 kernels: error strings with file:line, inline PTX for
// bf16x2 multiply, byte permute, mma.sync, ldmatrix and cp.async, and the scaled decode.
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

} // namespace hostplan::mxfp4::cuda::detail
