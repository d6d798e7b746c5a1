// SPDX-License-Identifier: MIT
// Bit-level pieces of the native block-scaled prefill GEMM for sm_100a (mxfp4_gemm_sm100.cu):
// the tcgen05 instruction and shared-memory descriptors and the shared-memory placement of
// the operand and scale-factor tiles. Plain C++ that nvcc also compiles for the device
// (HOSTPLAN_HD), so the CPU suite pins every bit-field and checks the placement against the
// canonical layout the tensor core reads, without a Blackwell GPU.
//
// Source: PTX ISA 8.7+ (CUDA 12.8+), section "tcgen05" (Tensor Memory and the fifth-generation
// tensor core): "Shared memory descriptor", "Instruction descriptor" (the table for
// .kind::mxf8f6f4 / .kind::mxf4 / .kind::mxf4nvf4), "Major-ness supported by strides" (the
// canonical K-major layouts without swizzling), the packing of 4-bit elements for
// .kind::mxf8f6f4 (16 elements in 8 bytes, then 8 bytes of padding), and the scale-factor
// layouts in Tensor Memory for .scale_vec::1X with tcgen05.cp .32x128b.warpx4.
#pragma once

#include "mxfp4_bits.h"

#include <cstdint>

namespace hostplan::mxfp4::tcgen05 {

/// Tile of one CTA: 128 (m) x 128 (n) outputs, 128 K elements per stage (4 MMAs of K = 32).
inline constexpr int kTileM = 128;
inline constexpr int kTileN = 128;
inline constexpr int kTileK = 128;
inline constexpr int kMmaK = 32;
/// Operand tiles in shared memory: 8 "columns" of 16 bytes along K (16 E4M3 codes, or 16 E2M1
/// codes in 8 bytes + 8 bytes of padding), each holding all 128 rows as 16 core matrices of
/// 8 rows x 16 bytes.
inline constexpr int kChunkBytes = 16;
inline constexpr int kChunksPerRow = kTileK / 16;     // 8
inline constexpr int kCoreRowGroupBytes = 8 * 16;     // 128: next 8 rows (SBO)
inline constexpr int kCoreColumnBytes = kTileM * 16;  // 2048: next 16-byte column along K (LBO)
inline constexpr int kOperandBytes = kTileM * kTileK; // 16384 per operand per stage
/// Scale factors of one operand per stage: 128 rows x 4 blocks of 32 = 512 bytes.
inline constexpr int kSfBytes = kTileM * (kTileK / 32);

/// Byte offset of 16-byte chunk `chunk` (0..7, along K) of row `row` (0..127) in an operand
/// tile: K-major, no swizzling. Rows r..r+7 of one chunk are 128 contiguous bytes (a core
/// matrix), the 16 row groups of a chunk follow each other, then the next chunk.
HOSTPLAN_HD constexpr int operandOffset(int row, int chunk) {
    return chunk * kCoreColumnBytes + (row >> 3) * kCoreRowGroupBytes + (row & 7) * 16;
}

/// Byte offset of the scale of row `row` (0..127), block `block` (0..3, along K) in a 512-byte
/// scale tile, as tcgen05.cp.32x128b.warpx4 needs it: 32 rows of 16 bytes, row r%32 holding
/// in bytes 4j..4j+3 the four block scales of row r%32 + 32j. The copy puts row q of the
/// source in Tensor Memory lane q (of each 32-lane quarter), its 16 bytes in 4 columns; the
/// MMA then reads row r's scale of MMA-step s from lane r%32, column r/32, byte s (the scale
/// factor ID in the instruction descriptor).
HOSTPLAN_HD constexpr int sfOffset(int row, int block) {
    return (row & 31) * 16 + (row >> 5) * 4 + block;
}

/// matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4.
HOSTPLAN_HD constexpr std::uint64_t encode14(std::uint32_t bytes) {
    return std::uint64_t((bytes & 0x3FFFFu) >> 4);
}

/// Shared-memory matrix descriptor, no swizzling: start address (bits 0-13), leading-dimension
/// byte offset (16-29; K-major: the distance between the two 16-byte columns of an 8 x 2 core
/// tile, i.e. along K), stride-dimension byte offset (32-45; the distance between 8-row
/// groups), the fixed 0b001 at bits 46-48, base offset 0, relative LBO mode, swizzle 0.
HOSTPLAN_HD constexpr std::uint64_t smemDescriptor(std::uint32_t startAddress, std::uint32_t lbo,
                                                   std::uint32_t sbo) {
    return encode14(startAddress) | (encode14(lbo) << 16) | (encode14(sbo) << 32) |
           (std::uint64_t(1) << 46);
}

/// Element types of .kind::mxf8f6f4 (instruction descriptor bits 7-9 for A, 10-12 for B).
enum class MxType : std::uint32_t { E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = 4, E2M1 = 5 };

/// Instruction descriptor of .kind::mxf8f6f4 .block_scale (D is fp32 for this kind): B's scale
/// factor ID (bits 4-5), A and B types, no negation, both K-major (bits 15, 16 = 0), N >> 3
/// (bits 17-22), scale type UE8M0 (bit 23 = 1), M >> 4 (bits 24-28), A's scale factor ID
/// (bits 29-30), dense K = 32 (bit 31 = 0). The IDs pick the byte of each 32-bit Tensor
/// Memory scale cell that this MMA reads.
HOSTPLAN_HD constexpr std::uint32_t instrDescriptorMxf8f6f4(MxType a, MxType b, int m, int n,
                                                            int sfaId, int sfbId) {
    return (std::uint32_t(sfbId & 3) << 4) | (std::uint32_t(a) << 7) | (std::uint32_t(b) << 10) |
           (std::uint32_t(n >> 3) << 17) | (std::uint32_t(1) << 23) |
           (std::uint32_t(m >> 4) << 24) | (std::uint32_t(sfaId & 3) << 29);
}

/// Tensor Memory columns used by one CTA (allocated as a power of two >= 32): the fp32
/// accumulator (lane = row, column = n) in 0..127, then per stage s the scale cells of A
/// (4 columns) and of B (4 columns).
inline constexpr int kTmemColumns = 256;
HOSTPLAN_HD constexpr int tmemSfaColumn(int stage) {
    return kTileN + 8 * stage;
}
HOSTPLAN_HD constexpr int tmemSfbColumn(int stage) {
    return kTileN + 8 * stage + 4;
}

} // namespace hostplan::mxfp4::tcgen05
