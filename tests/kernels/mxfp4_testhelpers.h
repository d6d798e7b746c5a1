// SPDX-License-Identifier: MIT
// Bit-level helpers of the CPU kernel tests (tst_mxfp4, tst_mxfp4_dev): the GPU's byte permute
// and bf16 multiply, the kernels' scaled pair decode, and random MXFP4 matrices.
#pragma once

#include "mxfp4.h"
#include "mxfp4_bits.h"

#include <cstdint>
#include <random>

namespace hostplan::mxfp4::testhelpers {

/// CUDA's __byte_perm(a, b, s) for the selectors the kernels use (no sign-replicate mode).
inline std::uint32_t bytePerm(std::uint32_t a, std::uint32_t b, std::uint32_t s) {
    const std::uint64_t pool = (std::uint64_t(b) << 32) | a;
    std::uint32_t r = 0;
    for (int i = 0; i < 4; ++i) {
        const int sel = (s >> (4 * i)) & 0x7;
        r |= std::uint32_t((pool >> (8 * sel)) & 0xFF) << (8 * i);
    }
    return r;
}

/// bf16 multiply as the GPU does it (fma.rn.bf16x2 with -0): exact product rounded to bf16.
inline std::uint16_t bf16Mul(std::uint16_t a, std::uint16_t b) {
    return floatToBf16(bf16ToFloat(a) * bf16ToFloat(b));
}
/// bf16Mul on both halves of two bf16 pairs (fma.rn.bf16x2).
inline std::uint32_t bf16x2Mul(std::uint32_t a, std::uint32_t b) {
    return std::uint32_t(bf16Mul(std::uint16_t(a), std::uint16_t(b))) |
           (std::uint32_t(bf16Mul(std::uint16_t(a >> 16), std::uint16_t(b >> 16))) << 16);
}
/// The kernels' decodePair<P>(word, f1, f2) on the CPU.
inline std::uint32_t decodePair(std::uint32_t word, int p, std::uint32_t s) {
    const std::uint32_t f1 = bits::splat(bits::factorLoBits(s));
    const std::uint32_t f2 = bits::splat(bits::factorHiBits(s));
    return bf16x2Mul(bf16x2Mul(bits::rawPairDyn(word, p), f1), f2);
}

/// n x k MXFP4 matrix: uniformly random code bytes, scales uniform in [sfLo, sfHi].
inline Matrix randomMatrix(int n, int k, std::mt19937 &rng, int sfLo = 118, int sfHi = 126) {
    Matrix m;
    m.n = n;
    m.k = k;
    m.e2m1.resize(m.packedBytes());
    m.sf.resize(m.scaleBytes());
    std::uniform_int_distribution<int> byte(0, 255), sf(sfLo, sfHi);
    for (auto &b : m.e2m1) {
        b = std::uint8_t(byte(rng));
    }
    for (auto &s : m.sf) {
        s = std::uint8_t(sf(rng));
    }
    return m;
}

} // namespace hostplan::mxfp4::testhelpers
