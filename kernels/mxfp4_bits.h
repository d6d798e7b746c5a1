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

} // namespace hostplan::mxfp4::bits
