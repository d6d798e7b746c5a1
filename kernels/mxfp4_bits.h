// SPDX-License-Identifier: MIT
// Bit-level MXFP4 -> bf16 decode shared by the CUDA kernels and the CPU tests. Plain C++ that
// nvcc also compiles for the device (HOSTPLAN_HD), so the CPU suite checks, exhaustively, the
// exact integer tricks the GPU runs.
//
// Decode of one e2m1 nibble to bf16: put the magnitude bits (e1 e0 m) at bf16 bits [8:6] and
// the sign at bit 15. The result is the e2m1 value times 2^-126 for every code, subnormal
// 0.5 included (exponent field e, mantissa m << 6). The missing 2^126 is folded into the
// block scale: value * 2^(sf-127) = raw * 2^(sf-1). bf16 reaches 2^127, so for sf <= 128 one
// multiply by 2^(sf-1) is exact; for larger sf two multiplies (2^126, then 2^(sf-127)) keep it
// exact; sf = 0xFF multiplies by NaN. Products of a power of two and a two-bit significand are
// exact in bf16 (smallest result 2^-128 > bf16's 2^-133), so the decode is bit-exact.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define HOSTPLAN_HD __host__ __device__ __forceinline__
#else
#define HOSTPLAN_HD inline
#endif

namespace hostplan::mxfp4::bits {

/// Pair p (0..3) of a 32-bit word of eight e2m1 nibbles: nibble p into the low bf16, nibble
/// p + 4 into the high bf16, each as value * 2^-126 (see above). Shifting the word left by
/// 12 - 4p brings nibble p to the top of the low half and nibble p + 4 to the top of the high
/// half; then the sign stays and the magnitude moves down by 6.
template <int P> HOSTPLAN_HD std::uint32_t rawPair(std::uint32_t word) {
    static_assert(P >= 0 && P < 4, "pair index");
    const std::uint32_t t = word << (12 - 4 * P);
    return (t & 0x80008000u) | ((t >> 6) & 0x01C001C0u);
}

/// Run-time pair index version of rawPair (host tests).
HOSTPLAN_HD std::uint32_t rawPairDyn(std::uint32_t word, int p) {
    const std::uint32_t t = word << (12 - 4 * p);
    return (t & 0x80008000u) | ((t >> 6) & 0x01C001C0u);
}

/// bf16 bits of the first scale factor for ue8m0 code s: 2^(s-1) when s <= 128, else 2^126.
HOSTPLAN_HD std::uint32_t factorLoBits(std::uint32_t s) {
    return (s <= 128u ? (s + 126u) : 253u) << 7;
}
/// bf16 bits of the second scale factor: 1 when s <= 128, 2^(s-127) above, NaN for 0xFF.
HOSTPLAN_HD std::uint32_t factorHiBits(std::uint32_t s) {
    return s <= 128u ? (127u << 7) : (s == 255u ? 0x7FC0u : (s << 7));
}
/// The same bf16 value in both halves of a 32-bit register.
HOSTPLAN_HD std::uint32_t splat(std::uint32_t bf16Bits) {
    return bf16Bits * 0x00010001u;
}

/// MXFP8 (E4M3) shared-scale code of a block whose largest magnitude has the fp32 bits
/// `amaxBits` (finite, sign bit clear): floor(log2(amax)) - 8 + 127 clamped to [0, 254], and 0
/// for amax = 0 (the rule of blockScaleMxfp8() in mxfp4.h, on the bits the pre-pass holds).
HOSTPLAN_HD std::uint32_t mxfp8ScaleCode(std::uint32_t amaxBits) {
    if (amaxBits == 0) {
        return 0;
    }
    int floorLog2 = int(amaxBits >> 23) - 127;
    if ((amaxBits >> 23) == 0) { // fp32 subnormal: amax = bits * 2^-149
#if defined(__CUDA_ARCH__)
        const int top = 31 - __clz(amaxBits);
#else
        int top = 22;
        while (((amaxBits >> top) & 1u) == 0u) {
            --top;
        }
#endif
        floorLog2 = top - 149;
    }
    const int exponent = floorLog2 - 8;
    return std::uint32_t((exponent < -127 ? -127 : exponent) + 127); // never above 119 + 127
}

/// fp32 bits of 2^-X for a scale code s = X + 127 <= 253 (what the pre-pass multiplies by).
HOSTPLAN_HD std::uint32_t mxfp8InverseScaleBits(std::uint32_t s) {
    return (254u - s) << 23;
}

} // namespace hostplan::mxfp4::bits
