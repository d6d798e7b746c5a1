// SPDX-License-Identifier: MIT
#include "model/numberformat.h"
#include "util/textutil.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace hostplan {

namespace {
/// Bits -> whole bytes, rounded up.
constexpr std::uint64_t ceilDivBits(std::uint64_t bits) {
    return (bits + 7) / 8;
}
} // namespace

std::uint32_t NumberFormat::elementBits() const {
    switch (kind) {
    case FormatKind::FP32:
        return 32;
    case FormatKind::BF16:
    case FormatKind::FP16:
        return 16;
    case FormatKind::FP8_E4M3:
    case FormatKind::FP8_E5M2:
    case FormatKind::INT8:
        return 8;
    case FormatKind::MXFP4:
    case FormatKind::NVFP4:
    case FormatKind::FP4:
    case FormatKind::INT4:
        return 4;
    case FormatKind::INT2:
        return 2;
    }
    return 16;
}

std::uint32_t NumberFormat::blockSize() const {
    switch (kind) {
    case FormatKind::MXFP4:
        return 32; // OCP MX v1.0
    case FormatKind::NVFP4:
        return 16; // NVIDIA NVFP4
    case FormatKind::INT8:
    case FormatKind::INT4:
    case FormatKind::INT2:
        return groupSize;
    default:
        return 0;
    }
}

std::uint32_t NumberFormat::blockOverheadBits() const {
    switch (kind) {
    case FormatKind::MXFP4:
        return 8; // one E8M0 scale
    case FormatKind::NVFP4:
        return 8; // one E4M3 scale
    case FormatKind::INT8:
    case FormatKind::INT4:
    case FormatKind::INT2:
        return groupSize == 0 ? 0 : 16 + elementBits(); // fp16 scale + zero
    default:
        return 0;
    }
}

double NumberFormat::bitsPerElement() const {
    const std::uint32_t block = blockSize();
    return elementBits() + (block == 0 ? 0.0 : double(blockOverheadBits()) / block);
}

std::uint64_t NumberFormat::bytesFor(std::uint64_t elements) const {
    const std::uint64_t payload = ceilDivBits(elements * elementBits());
    const std::uint32_t block = blockSize();
    if (block == 0) {
        return payload;
    }
    const std::uint64_t blocks = (elements + block - 1) / block;
    return payload + ceilDivBits(blocks * blockOverheadBits());
}

std::string NumberFormat::name() const {
    switch (kind) {
    case FormatKind::FP32:
        return "fp32";
    case FormatKind::BF16:
        return "bf16";
    case FormatKind::FP16:
        return "fp16";
    case FormatKind::FP8_E4M3:
        return "fp8_e4m3";
    case FormatKind::FP8_E5M2:
        return "fp8_e5m2";
    case FormatKind::MXFP4:
        return "mxfp4";
    case FormatKind::NVFP4:
        return "nvfp4";
    case FormatKind::FP4:
        return "fp4";
    case FormatKind::INT8:
        return groupSize ? "int8_g" + std::to_string(groupSize) : std::string("int8");
    case FormatKind::INT4:
        return "int4_g" + std::to_string(groupSize);
    case FormatKind::INT2:
        return "int2_g" + std::to_string(groupSize);
    }
    return "bf16";
}

std::string NumberFormat::label() const {
    switch (kind) {
    case FormatKind::FP32:
        return "FP32";
    case FormatKind::BF16:
        return "BF16";
    case FormatKind::FP16:
        return "FP16";
    case FormatKind::FP8_E4M3:
        return "FP8";
    case FormatKind::FP8_E5M2:
        return "FP8 E5M2";
    case FormatKind::MXFP4:
        return "MXFP4";
    case FormatKind::NVFP4:
        return "NVFP4";
    case FormatKind::FP4:
        return "FP4 (no scales)";
    case FormatKind::INT8:
        return groupSize ? "INT8 g" + std::to_string(groupSize) : std::string("INT8");
    case FormatKind::INT4:
        // Group 0: one scale per output channel (GPTQ's group_size -1).
        return groupSize ? "INT4 g" + std::to_string(groupSize) : std::string("INT4 per-channel");
    case FormatKind::INT2:
        return groupSize ? "2-bit g" + std::to_string(groupSize) : std::string("2-bit per-channel");
    }
    return "BF16";
}

Result<NumberFormat> parseNumberFormat(std::string_view text) {
    std::string s = asciiLower(text);
    std::replace(s.begin(), s.end(), '-', '_');
    struct Named {
        const char *name;
        NumberFormat format;
    };
    static const Named named[] = {
        {"fp32", formats::fp32},        {"float32", formats::fp32}, {"bf16", formats::bf16},
        {"bfloat16", formats::bf16},    {"fp16", formats::fp16},    {"float16", formats::fp16},
        {"fp8", formats::fp8},          {"fp8_e4m3", formats::fp8}, {"e4m3", formats::fp8},
        {"fp8_e5m2", formats::fp8e5m2}, {"e5m2", formats::fp8e5m2}, {"mxfp4", formats::mxfp4},
        {"nvfp4", formats::nvfp4},      {"fp4", formats::fp4},      {"int8", formats::int8},
        {"int4", formats::int4g128},    {"int2", formats::int2g64}, {"2bit", formats::int2g64},
    };
    for (const auto &n : named) {
        if (s == n.name) {
            return n.format;
        }
    }
    for (auto [prefix, kind] :
         {std::pair{"int8_g", FormatKind::INT8}, std::pair{"int4_g", FormatKind::INT4},
          std::pair{"int2_g", FormatKind::INT2}}) {
        const std::string_view p(prefix);
        if (s.size() > p.size() && s.compare(0, p.size(), p) == 0) {
            std::uint32_t group = 0;
            const char *first = s.data() + p.size();
            const char *last = s.data() + s.size();
            auto [ptr, ec] = std::from_chars(first, last, group);
            if (ec == std::errc() && ptr == last && group <= 65536) {
                return NumberFormat{kind, group};
            }
        }
    }
    return makeError("format", "unknown number format '" + std::string(text) +
                                   "' (expected bf16, fp16, fp32, fp8, fp8_e5m2, mxfp4, nvfp4, "
                                   "fp4, int8, int8_gN, int4, int4_gN, int2, int2_gN; N a group "
                                   "size up to 65536, 0 for one scale per output channel)");
}

std::vector<NumberFormat> comparisonFormats() {
    return {formats::bf16,  formats::fp8,      formats::mxfp4,
            formats::nvfp4, formats::int4g128, NumberFormat{FormatKind::INT2, 0}};
}

} // namespace hostplan
