// SPDX-License-Identifier: MIT
// Bit-level pieces of the wgmma prefill GEMM for sm_90a (mxfp4_gemm_sm90.cu, PrefillKernel::V3):
// the shared-memory matrix descriptor, the 128-byte-swizzled placement of the x tile, and which
// packed weight bytes and e2m1 pairs each thread turns into its wgmma A fragment. Plain C++
// that nvcc also compiles for the device (HOSTPLAN_HD), so the CPU suite pins every bit-field
// and checks the fragment order against the CPU reference, without a Hopper GPU.
//
// Sources: PTX ISA 8.0+ (CUDA 12.0+), section "Asynchronous Warpgroup Level Matrix Multiply-
// Accumulate Instructions" (wgmma): "Matrix Descriptor Format" (start address bits 0-13,
// leading-dimension byte offset 16-29, stride-dimension byte offset 32-45, base offset 49-51,
// swizzle mode 62-63 with 1 = 128-byte swizzle), "Shared Memory Matrix Layout" (K-major with
// 128-byte swizzling: 8 rows of 128 bytes per swizzle atom, 16-byte chunk c of row r stored at
// chunk c ^ (r % 8), the atom 1024-byte aligned), and "Register Fragments" for a .bf16 A operand
// of m64nNk16 (warp w of the warpgroup holds rows 16w..16w+15 in the layout of mma.m16n8k16's
// A fragment; the same layout as CUTLASS's ALayout_64x16).
#pragma once

#include "mxfp4_bits.h"

#include <cstdint>

namespace hostplan::mxfp4::wgmma {

/// CTA tile: 128 weight rows (wgmma M: two warpgroups of 64) x 256 tokens (wgmma N) x 64 K.
/// The problem is computed as y^T = W x^T so that the dequantized weights are the register
/// operand A and x is the shared-memory operand B (mxfp4_gemm_sm90.cu explains why).
inline constexpr int kTileRows = 128;         ///< weight rows (output columns of y) per CTA
inline constexpr int kTileTokens = 256;       ///< tokens (output rows of y) per CTA
inline constexpr int kTileK = 64;             ///< K per pipeline stage (= kPrefillTileK)
inline constexpr int kMmaK = 16;              ///< K of one wgmma
inline constexpr int kXRowBytes = kTileK * 2; ///< 128: one token's K chunk
inline constexpr int kXTileBytes = kTileTokens * kXRowBytes; ///< 32768 per stage
inline constexpr int kSwizzleAtomBytes = 8 * kXRowBytes;     ///< 1024: SBO, and the alignment
inline constexpr int kWTileBytes = kTileRows * 32;           ///< 4096: packed codes per stage
inline constexpr int kSfTileBytes = kTileRows * 2;           ///< 256: two scales per row

/// Byte offset of 16-byte chunk `chunk` (0..7, along K: elements 8 chunk .. 8 chunk + 7) of
/// token row `row` (0..255) in an x tile: K-major, 128-byte swizzle.
HOSTPLAN_HD constexpr int xTileOffset(int row, int chunk) {
    return row * kXRowBytes + ((chunk ^ (row & 7)) << 4);
}

/// matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4.
HOSTPLAN_HD constexpr std::uint64_t encode14(std::uint32_t bytes) {
    return std::uint64_t((bytes & 0x3FFFFu) >> 4);
}

/// wgmma shared-memory matrix descriptor for a K-major operand with 128-byte swizzling: start
/// address (bits 0-13), leading-dimension byte offset 16 bytes (bits 16-29; not used by a
/// swizzled K-major layout whose K extent fits one 128-byte row, set to 1 as is customary),
/// stride-dimension byte offset 1024 (bits 32-45: the next group of 8 rows), base offset 0
/// (bits 49-51; the tile is 1024-byte aligned), swizzle mode 1 = 128 bytes (bits 62-63). The
/// k16 step s of a 64-wide tile starts 32 s bytes further: the hardware applies the swizzle to
/// the computed address bits, so the start moves by plain bytes.
HOSTPLAN_HD constexpr std::uint64_t smemDescriptorSw128(std::uint32_t startAddress) {
    return encode14(startAddress) | (encode14(16) << 16) | (encode14(kSwizzleAtomBytes) << 32) |
           (std::uint64_t(1) << 62);
}

// --- the A fragment (dequantized weights)
// ---------------------------------------------------------
//
// Register i (0..3) of lane l in warp w (0..3 within the warpgroup) for the k16 step s holds
// two bf16: rows and columns of the 64 x 16 A tile (ALayout_64x16 / mma.m16n8k16's A):
//   row = 16 w + l / 4 + 8 (i % 2), k = 2 (l % 4) + 8 (i / 2) + {0, 1}.
// The prefill re-pack (repackPrefill, mxfp4.h) stores, per weight row and 64-wide K chunk, the
// 8 bytes of thread-in-group t = l % 4 as two words; word s / 2, pair 2 (s % 2) + i / 2 holds
// exactly those two elements (the pair order of the mma.sync kernels' B fragments, which is the
// same per-row pattern). So each thread reads 8 bytes of row 16 w + l / 4 and 8 bytes of row
// 16 w + l / 4 + 8, and the scale of block s / 2 of each row.

/// Row (0..63 within the warpgroup's tile) of register i of lane `lane` in warp `warp`.
HOSTPLAN_HD constexpr int aFragmentRow(int warp, int lane, int reg) {
    return 16 * warp + lane / 4 + 8 * (reg % 2);
}
/// K (0..15 within the k16 step) of the low bf16 of register i of lane `lane`; the high bf16 is
/// the next K.
HOSTPLAN_HD constexpr int aFragmentK(int lane, int reg) {
    return 2 * (lane % 4) + 8 * (reg / 2);
}
/// Byte offset, within one stage's packed weight tile (kTileRows rows x 32 bytes, the re-pack's
/// [chunk][row][32] slice), of the 32-bit word that holds register i of k16 step s for a lane
/// whose row is `row` (0..127): 8 bytes per thread-in-group, word s / 2.
HOSTPLAN_HD constexpr int aFragmentWordOffset(int row, int lane, int step) {
    return row * 32 + (lane % 4) * 8 + (step / 2) * 4;
}
/// Pair index (the P of bits::rawPair<P>) of register i in step s.
HOSTPLAN_HD constexpr int aFragmentPair(int step, int reg) {
    return 2 * (step % 2) + reg / 2;
}
/// Which of the row's two scales (the 32-blocks of the 64-wide chunk) step s uses.
HOSTPLAN_HD constexpr int aFragmentScale(int step) {
    return step / 2;
}

} // namespace hostplan::mxfp4::wgmma
