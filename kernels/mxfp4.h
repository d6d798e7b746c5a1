// SPDX-License-Identifier: MIT
// MXFP4 (OCP Microscaling Formats v1.0) on the CPU: e2m1 element and ue8m0 scale codecs,
// quantize / dequantize, and the fp32-accumulating GEMV / GEMM reference that every CUDA kernel
// in this folder is checked against. Plain C++20, no CUDA types, no Qt, no exceptions.
//
// Interchange layout (the Hugging Face / gpt-oss checkpoint layout), for a weight W[N][K]:
//   e2m1 : uint8 [N][K/2]  - element 2j in the low nibble of byte j, element 2j+1 in the high one
//   sf   : uint8 [N][K/32] - one ue8m0 scale per block of 32 consecutive elements along K
// A value is e2m1(code) * 2^(sf - 127); sf 0x00 is 2^-127 (not zero), sf 0xFF is NaN and makes
// its whole block NaN. K must be a multiple of 32: padK() pads explicitly, everything else
// refuses other K with an error rather than reading out of bounds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hostplan::mxfp4 {

inline constexpr int kBlockSize = 32;        ///< elements per ue8m0 scale
inline constexpr std::uint8_t kSfNaN = 0xFF; ///< ue8m0 code that marks a NaN block
inline constexpr std::uint8_t kSfOne = 127;  ///< ue8m0 code of 1.0
inline constexpr float kE2m1Max = 6.0f;      ///< largest e2m1 magnitude

/// How quantize() picks a block's shared exponent.
enum class ScaleRule {
    /// OCP MX v1.0: X = floor(log2(amax)) - 2 (2 = emax of e2m1); elements rounded to nearest
    /// even and saturated to +-6, so the largest element of a block may be clipped.
    OcpFloor,
    /// The rule of cuBLAS and triton_kernels (downcast_to_mxfp): scale = amax / 6 in fp32 with
    /// its exponent rounded up to a power of two (bits + 0x007FFFFF) & 0x7F800000, so that
    /// amax / scale <= 6 and nothing is clipped; elements rounded to nearest even.
    RoundUp,
};

/// A quantized matrix in the interchange layout above.
struct Matrix {
    int n = 0;                      ///< rows (output features)
    int k = 0;                      ///< columns (reduction dimension), a multiple of 32
    std::vector<std::uint8_t> e2m1; ///< [n][k/2] packed codes
    std::vector<std::uint8_t> sf;   ///< [n][k/32] ue8m0 scales

    std::size_t packedBytes() const { return std::size_t(n) * std::size_t(k) / 2; }
    std::size_t scaleBytes() const { return std::size_t(n) * std::size_t(k) / kBlockSize; }
    /// Code (low 4 bits) of element (row, col).
    std::uint8_t code(int row, int col) const {
        const std::uint8_t byte =
            e2m1[std::size_t(row) * std::size_t(k / 2) + std::size_t(col / 2)];
        return (col & 1) ? std::uint8_t(byte >> 4) : std::uint8_t(byte & 0x0F);
    }
    std::uint8_t scale(int row, int col) const {
        return sf[std::size_t(row) * std::size_t(k / kBlockSize) + std::size_t(col / kBlockSize)];
    }
};

/// A value or an error message (kernels/ depends on nothing but the standard library, so it
/// does not use core's Result).
template <typename T> struct Expected {
    T value{};
    std::string error; ///< empty on success
    bool ok() const { return error.empty(); }
};

// --- element and scale codecs -------------------------------------------------------------

/// Value of an e2m1 code (low 4 bits used): 0, 0.5, 1, 1.5, 2, 3, 4, 6 and negatives; code 8
/// is -0.
float decodeE2m1(std::uint8_t code);
/// Nearest e2m1 code to v, ties to even (0.25 -> 0, 0.75 -> 1, 1.25 -> 1, 1.75 -> 2, 2.5 -> 2,
/// 3.5 -> 4, 5 -> 4), magnitudes above 6 saturate to 6; the sign is kept (-0.1 -> 0x8); NaN -> 0.
std::uint8_t encodeE2m1(float v);
/// 2^(code - 127); 0x00 is 2^-127 (an fp32 subnormal), 0xFF is NaN.
float decodeE8m0(std::uint8_t code);
/// Power of two -> ue8m0 code; exponents are clamped to [-127, 127].
std::uint8_t encodeE8m0Exponent(int exponent);

/// Shared scale code of one block of `count` values (count <= 32) under `rule`. A block with a
/// NaN or an infinity gets 0xFF; an all-zero block gets 0x00.
std::uint8_t blockScale(const float *values, int count, ScaleRule rule);

// --- bf16 helpers (bit patterns, so the host code needs no CUDA header) -------------------

/// fp32 -> bf16 bits, round to nearest even; NaN stays a quiet NaN.
std::uint16_t floatToBf16(float v);
/// bf16 bits -> fp32 (exact).
float bf16ToFloat(std::uint16_t bits);

// --- shapes and padding ---------------------------------------------------------------------

/// Empty when an [n][k] MXFP4 matrix is valid for the kernels (n >= 1, k >= 32, k % 32 == 0,
/// n * k within 2^40 elements); otherwise a message naming the bad dimension.
std::string checkShape(int n, int k);
/// Smallest multiple of 32 that is >= k.
int paddedK(int k);
/// Copies rows x k fp32 values into rows x paddedK(k), zero-filling the new columns. Use it on
/// both the weights (before quantize) and the activations when k is not a multiple of 32.
std::vector<float> padK(const float *values, int rows, int k);

// --- quantize / dequantize ------------------------------------------------------------------

/// Quantizes w[n][k] (row-major fp32) into the interchange layout; refuses a k that is not a
/// multiple of 32 (pad first).
Expected<Matrix> quantize(const float *w, int n, int k, ScaleRule rule = ScaleRule::OcpFloor);
/// Dequantizes into fp32 [n][k] (exact: every MXFP4 value is an fp32, overflow gives inf).
std::vector<float> dequantize(const Matrix &m);
/// Dequantizes into bf16 bits [n][k] (exact for every finite scale; the CUDA dequantize kernel
/// must reproduce these bits).
std::vector<std::uint16_t> dequantizeBf16(const Matrix &m);

// --- GEMV / GEMM reference --------------------------------------------------------------------

/// y[m][n] = sum_k x[m][k] * W[n][k] with fp32 accumulation in k order, W dequantized exactly;
/// x is fp32 [m][w.k]. This is the reference the kernels are compared against.
void gemmReference(const float *x, int m, const Matrix &w, float *y);
/// Same with fp64 accumulation (for error bounds in tests).
void gemmReferenceF64(const float *x, int m, const Matrix &w, double *y);

// --- MXFP8 (E4M3) activations, for the native block-scaled prefill GEMM on sm_100a -----------
//
// The native path (kernels/mxfp4_gemm_sm100.cu) feeds the tensor cores MXFP8 activations and
// MXFP4 weights, so x is quantized first. Rule (OCP MX v1.0, section 6.3, with E4M3's
// emax = 8): per block of 32 along K, X = floor(log2(amax)) - 8 clamped to [-127, 127], scale
// code X + 127; each element is x * 2^-X rounded to the nearest E4M3 value, ties to even, and
// saturated to +-448 (amax / 2^X lies in [256, 512), so the largest elements of a block can
// clip by up to 12.5%). An all-zero block gets code 0x00, a block with a NaN or an infinity
// 0xFF (its codes stay 0). The CUDA pre-pass must reproduce these bytes exactly.

inline constexpr float kE4m3Max = 448.0f; ///< largest finite E4M3 magnitude (code 0x7E)

/// Activations quantized to MXFP8: codes [rows][k] (one E4M3 byte each), scales [rows][k/32].
struct Mxfp8Matrix {
    int rows = 0;                   ///< rows (tokens)
    int k = 0;                      ///< columns, a multiple of 32
    std::vector<std::uint8_t> e4m3; ///< [rows][k]
    std::vector<std::uint8_t> sf;   ///< [rows][k/32] ue8m0
};

/// Value of an E4M3 (OCP FP8, bias 7, no infinities) code: 0x7F and 0xFF are NaN, 0x7E is 448,
/// 0x01 is 2^-9 (smallest subnormal), 0x08 is 2^-6 (smallest normal).
float decodeE4m3(std::uint8_t code);
/// Nearest E4M3 code to v, ties to even, magnitudes from 448 up (infinity included) saturate to
/// 0x7E / 0xFE, the sign is kept (-0 -> 0x80), NaN -> 0x7F. Same as cvt.rn.satfinite.e4m3x2.
std::uint8_t encodeE4m3(float v);
/// MXFP8 shared scale code of one block of `count` values (count <= 32), the rule above.
std::uint8_t blockScaleMxfp8(const float *values, int count);
/// Quantizes x[rows][k] (row-major fp32, k a multiple of 32) with the rule above.
Expected<Mxfp8Matrix> quantizeMxfp8(const float *x, int rows, int k);
/// fp32 [rows][k] (exact: every MXFP8 value is an fp32; a 0xFF scale gives NaN).
std::vector<float> dequantizeMxfp8(const Mxfp8Matrix &a);
/// What the native path computes: y[m][n] = sum_k q(x)[m][k] * W[n][k], q(x) = x quantized to
/// MXFP8 and dequantized exactly, fp32 accumulation in k order. x is fp32 [m][w.k].
void gemmReferenceMxfp8(const float *x, int m, const Matrix &w, float *y);

// --- the prefill GEMM's offline re-packed layout ------------------------------------------------

/// Weights re-packed once, offline, for the CUDA prefill GEMM (kernels/mxfp4_gemm.cu): N padded
/// to a multiple of 128 and K to a multiple of 64 with zero codes (scale 1.0). For every 64-wide
/// K chunk c and row n there are 32 bytes at data[(c * nPadded + n) * 32]: four 8-byte groups,
/// one per mma thread-in-group t (0..3), each two little-endian 32-bit words w = 0, 1. Word w
/// holds four element pairs p = 0..3: pair P = 16w + 8*(p/2) + 4*(p%2) + t of the chunk, i.e.
/// elements 2P (in nibble p) and 2P+1 (in nibble p+4). That is the order in which one
/// m16n8k16 B fragment (b0: k = 2t, 2t+1; b1: k = 2t+8, 2t+9) of k-step s = 2w + p/2 needs
/// them, and the order the shift-and-mask decode produces. sf is [K/64][nPadded][2]: the two
/// block scales of each chunk (word 0 uses the first, word 1 the second).
struct PrefillPacked {
    int n = 0, k = 0;               ///< logical shape
    int nPadded = 0, kPadded = 0;   ///< padded shape (multiples of 128 and 64)
    std::vector<std::uint8_t> data; ///< [kPadded/64][nPadded][32]
    std::vector<std::uint8_t> sf;   ///< [kPadded/64][nPadded][2]
};
inline constexpr int kPrefillTileN = 128;
inline constexpr int kPrefillTileK = 64;

/// Re-packs an interchange-layout matrix into the prefill layout.
PrefillPacked repackPrefill(const Matrix &m);
/// Element (row, col) of a re-packed matrix as an e2m1 code (for layout tests).
std::uint8_t prefillCode(const PrefillPacked &p, int row, int col);

// --- MoE routing helpers ----------------------------------------------------------------------

/// One unit of the grouped (MoE) GEMV: up to 16 routed rows that use the same expert.
struct MoeWorkUnit {
    int expert = 0;   ///< expert index into the stacked expert weights
    int rowBegin = 0; ///< first row in the expert-sorted (token, expert) pair list
    int rowCount = 0; ///< 1..16
};
inline constexpr int kMoeMaxRowsPerUnit = 16;

/// From the expert of each routed pair (already sorted by expert, as a router's sort gives),
/// the work units of the grouped kernel: runs of equal expert, cut into pieces of <= 16 rows.
std::vector<MoeWorkUnit> makeMoeWorkUnits(const std::vector<int> &expertOfSortedPair);

} // namespace hostplan::mxfp4
