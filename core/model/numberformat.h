// SPDX-License-Identifier: MIT
// Number formats for weights, KV cache and recurrent state, with their storage cost including
// block-scale overhead.
//
// Sources:
// - MXFP4: OCP Microscaling Formats (MX) v1.0, 2023: E2M1 elements plus one E8M0 scale per
//   block of 32 -> (32*4 + 8)/32 = 4.25 bits per element.
// - NVFP4: NVIDIA Blackwell NVFP4 (E2M1 plus one E4M3 scale per 16 elements, plus one fp32
//   tensor scale that is negligible) -> (16*4 + 8)/16 = 4.5 bits per element.
// - FP8: OCP 8-bit Floating Point Specification (OFP8) v1.0, E4M3 and E5M2.
// - int4 / int2 with a group size: AWQ / GPTQ layout, one fp16 scale and one packed zero point
//   of the element width per group (e.g. int4 g128 -> 4 + (16 + 4)/128 = 4.156 bits).
// - "fp4" is bare E2M1 without scales, used only to reproduce the seed articles' "4 bits".
#pragma once

#include "util/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// The element encoding of a format.
enum class FormatKind {
    FP32,
    BF16,
    FP16,
    FP8_E4M3,
    FP8_E5M2,
    MXFP4,
    NVFP4,
    FP4,  ///< bare E2M1, no block scales (seed arithmetic only)
    INT8, ///< per-channel scale (negligible overhead), or group-wise scale + zero (GPTQ)
    INT4, ///< group-wise scale + zero point
    INT2, ///< group-wise scale + zero point
};

/// A number format: its kind plus, for int8/int4/int2, the quantization group size
/// (0 = per-channel, i.e. no per-group overhead counted).
struct NumberFormat {
    FormatKind kind = FormatKind::BF16;
    std::uint32_t groupSize = 0;

    bool operator==(const NumberFormat &) const = default;

    /// Bits of one element, without block scales (e.g. 4 for MXFP4).
    std::uint32_t elementBits() const;
    /// Number of elements that share one scale (0 = no per-block scale).
    std::uint32_t blockSize() const;
    /// Bits of scale (+ zero point) metadata per block (0 if none).
    std::uint32_t blockOverheadBits() const;
    /// Average bits per element including block overhead, e.g. 4.25 for MXFP4.
    double bitsPerElement() const;
    /// Exact storage bytes of `elements` values, packed, with one scale per started block.
    /// (elements * elementBits rounded up to bytes, plus ceil(elements/block) * overhead bytes).
    std::uint64_t bytesFor(std::uint64_t elements) const;
    /// Canonical name, parseable by parseNumberFormat ("bf16", "fp8_e4m3", "mxfp4", "int4_g128").
    std::string name() const;
    /// Short label for charts and tables ("BF16", "FP8", "MXFP4", "INT4 g128").
    std::string label() const;
    /// True when the format is a 4-bit float with block scales (MXFP4 or NVFP4).
    bool isFp4() const { return kind == FormatKind::MXFP4 || kind == FormatKind::NVFP4; }
    /// True when the format is an 8-bit float (E4M3 or E5M2), per-tensor, per-channel or blocked.
    bool isFp8() const { return kind == FormatKind::FP8_E4M3 || kind == FormatKind::FP8_E5M2; }
};

/// Common formats.
namespace formats {
inline constexpr NumberFormat fp32{FormatKind::FP32, 0};
inline constexpr NumberFormat bf16{FormatKind::BF16, 0};
inline constexpr NumberFormat fp16{FormatKind::FP16, 0};
inline constexpr NumberFormat fp8{FormatKind::FP8_E4M3, 0};
inline constexpr NumberFormat fp8e5m2{FormatKind::FP8_E5M2, 0};
inline constexpr NumberFormat mxfp4{FormatKind::MXFP4, 0};
inline constexpr NumberFormat nvfp4{FormatKind::NVFP4, 0};
inline constexpr NumberFormat fp4{FormatKind::FP4, 0};
inline constexpr NumberFormat int8{FormatKind::INT8, 0};
inline constexpr NumberFormat int4g128{FormatKind::INT4, 128};
inline constexpr NumberFormat int2g64{FormatKind::INT2, 64};
} // namespace formats

/// Parse a format name, case-insensitive: bf16, fp16, fp32, fp8 (= fp8_e4m3), fp8_e4m3,
/// fp8_e5m2, mxfp4, nvfp4, fp4, int8, int4 (= int4_g128), int4_gN, int2 (= int2_g64),
/// int2_gN, int2_g0 (no overhead). Errors name the input.
Result<NumberFormat> parseNumberFormat(std::string_view text);

/// Formats compared in the "memory per precision" views, in display order.
std::vector<NumberFormat> comparisonFormats();

} // namespace hostplan
