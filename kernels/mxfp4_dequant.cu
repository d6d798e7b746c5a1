/*
 * MXFP4 -> bf16 dequantize.
 *
 * Variant: one thread per 32-element block (16 packed bytes + one ue8m0 scale): one 16-byte
 * load of codes, one byte of scale, four 16-byte stores of bf16. It uses the same
 * shift-and-mask decode and two bf16 multiplies as the GEMV/GEMM kernels (mxfp4_bits.h), so
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

__global__ void __launch_bounds__(256)
    dequantKernel(const uint4 *__restrict__ e2m1, const std::uint8_t *__restrict__ sf,
                  long long numBlocks, uint4 *__restrict__ out) {
    const long long b = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= numBlocks) {
        return;
    }
    const uint4 codes = __ldcs(e2m1 + b);
    const std::uint32_t s = sf[b];
    const std::uint32_t f1 = bits::splat(bits::factorLoBits(s));
    const std::uint32_t f2 = bits::splat(bits::factorHiBits(s));
    const std::uint32_t words[4] = {codes.x, codes.y, codes.z, codes.w};
    uint4 *dst = out + b * 4;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        // Pairs hold elements (p, p + 4) of the word; permute back to (0,1), (2,3), ...
        const std::uint32_t p0 = detail::decodePair<0>(words[j], f1, f2); // e0 e4
        const std::uint32_t p1 = detail::decodePair<1>(words[j], f1, f2); // e1 e5
        const std::uint32_t p2 = detail::decodePair<2>(words[j], f1, f2); // e2 e6
        const std::uint32_t p3 = detail::decodePair<3>(words[j], f1, f2); // e3 e7
        uint4 v;
        v.x = detail::prmt(p0, p1, 0x5410); // e0 e1
        v.y = detail::prmt(p2, p3, 0x5410); // e2 e3
        v.z = detail::prmt(p0, p1, 0x7632); // e4 e5
        v.w = detail::prmt(p2, p3, 0x7632); // e6 e7
        __stcs(dst + j, v);
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
    const long long numBlocks = (long long)n * (k / kBlockSize);
    const int threads = 256;
    const long long grid = detail::ceilDiv(numBlocks, threads);
    HOSTPLAN_REQUIRE(grid <= 0x7FFFFFFFLL, "dequantize: too many blocks");
    dequantKernel<<<unsigned(grid), threads, 0, stream>>>(
        reinterpret_cast<const uint4 *>(e2m1), sf, numBlocks, reinterpret_cast<uint4 *>(out));
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace hostplan::mxfp4::cuda
