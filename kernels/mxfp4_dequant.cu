// SPDX-License-Identifier: MIT
/*
 * MXFP4 -> bf16 dequantize.
 *
 * Variant (v2): one thread per 32-bit code word (8 elements): coalesced 4-byte loads (four
 * per thread issued before any use), one scale byte, one 16-byte store. It uses the same
 * shift-and-mask decode and two bf16 multiplies as the prefill GEMM (mxfp4_bits.h), so
 * the exact comparison with dequantizeBf16() on the CPU also checks their decode on the GPU.
 *
 * Shapes and layouts: W is e2m1 [n][k/2] bytes, element 2j in the low nibble of byte j; sf is
 * [n][k/32] ue8m0 (0x00 = 2^-127, 0xFF = NaN block); out is bf16 [n][k] row-major. k must be
 * a multiple of 32 (pad with padK()); n >= 1.
 *
 * Benchmark: runMxfp4Benchmarks() (mxfp4_bench.h, `hostplan-probe kernels`) times it with CUDA
 * events over weight copies rotated beyond L2 and reports GB/s over packed + scale + output
 * bytes against the device copy bandwidth.
 */
#include "mxfp4_common.cuh"
#include "mxfp4_cuda.h"

namespace hostplan::mxfp4::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kWordsPerThread = 4; // code words (8 elements each) per thread, loads first

/// Thread i of a block handles code words base + i + u * 256 (u < 4): each load instruction
/// of a warp reads 128 contiguous bytes of codes and each store writes 512 contiguous bytes
/// of bf16 (v1 gave every thread one 32-element block: four 16-byte stores 64 bytes apart,
/// half sectors per instruction; 45 % of copy bandwidth on the H200).
__global__ void __launch_bounds__(kThreads)
    dequantKernel(const std::uint32_t *__restrict__ e2m1, const std::uint8_t *__restrict__ sf,
                  long long numWords, uint4 *__restrict__ out) {
    const long long base = (long long)blockIdx.x * (kThreads * kWordsPerThread) + threadIdx.x;
    std::uint32_t words[kWordsPerThread];
    std::uint32_t scales[kWordsPerThread];
#pragma unroll
    for (int u = 0; u < kWordsPerThread; ++u) {
        const long long w = base + u * kThreads;
        words[u] = 0;
        scales[u] = 0;
        if (w < numWords) {
            words[u] = __ldcs(e2m1 + w);
            scales[u] = __ldg(sf + (w >> 2)); // four words per 32-element block
        }
    }
#pragma unroll
    for (int u = 0; u < kWordsPerThread; ++u) {
        const long long w = base + u * kThreads;
        if (w < numWords) {
            const std::uint32_t f1 = bits::splat(bits::factorLoBits(scales[u]));
            const std::uint32_t f2 = bits::splat(bits::factorHiBits(scales[u]));
            // Pairs hold elements (p, p + 4) of the word; permute back to (0,1), (2,3), ...
            const std::uint32_t p0 = detail::decodePair<0>(words[u], f1, f2); // e0 e4
            const std::uint32_t p1 = detail::decodePair<1>(words[u], f1, f2); // e1 e5
            const std::uint32_t p2 = detail::decodePair<2>(words[u], f1, f2); // e2 e6
            const std::uint32_t p3 = detail::decodePair<3>(words[u], f1, f2); // e3 e7
            uint4 v;
            v.x = detail::prmt(p0, p1, 0x5410); // e0 e1
            v.y = detail::prmt(p2, p3, 0x5410); // e2 e3
            v.z = detail::prmt(p0, p1, 0x7632); // e4 e5
            v.w = detail::prmt(p2, p3, 0x7632); // e6 e7
            __stcs(out + w, v);
        }
    }
}

} // namespace

std::string launchDequantizeBf16(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                                 std::uint16_t *out, cudaStream_t stream) {
    const std::string shapeError = checkShape(n, k);
    HOSTPLAN_REQUIRE(shapeError.empty(), "dequantize: " + shapeError);
    HOSTPLAN_REQUIRE(e2m1 && sf && out, "dequantize: null pointer");
    HOSTPLAN_REQUIRE(reinterpret_cast<std::uintptr_t>(e2m1) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(out) % 16 == 0,
                     "dequantize: e2m1 and out must be 16-byte aligned");
    const long long numWords = (long long)n * (k / 8);
    const long long grid = detail::ceilDiv(numWords, kThreads * kWordsPerThread);
    HOSTPLAN_REQUIRE(grid <= 0x7FFFFFFFLL, "dequantize: too many blocks");
    dequantKernel<<<unsigned(grid), kThreads, 0, stream>>>(
        reinterpret_cast<const std::uint32_t *>(e2m1), sf, numWords,
        reinterpret_cast<uint4 *>(out));
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace hostplan::mxfp4::cuda
