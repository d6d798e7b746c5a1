// SPDX-License-Identifier: MIT
// ggml type table (sources in ggmltypes.h). Bytes per block are the sums of each block struct's
// fields in ggml-common.h; the comment on each row gives that sum.
#include "import/ggmltypes.h"

#include "util/textutil.h"

#include <array>
#include <string>

namespace hostplan::gguf {

namespace {

constexpr std::uint32_t kQK = 256; // QK_K, the super-block of the K-, IQ- and TQ-quants

constexpr std::array kTypes{
    GgmlType{0, "f32", 1, 4},         GgmlType{1, "f16", 1, 2},
    GgmlType{2, "q4_0", 32, 18},      // d(2) + 16 nibble bytes
    GgmlType{3, "q4_1", 32, 20},      // d, m (4) + 16
    GgmlType{6, "q5_0", 32, 22},      // d(2) + qh(4) + 16
    GgmlType{7, "q5_1", 32, 24},      // d, m (4) + qh(4) + 16
    GgmlType{8, "q8_0", 32, 34},      // d(2) + 32
    GgmlType{9, "q8_1", 32, 36},      // d, s (4) + 32
    GgmlType{10, "q2_K", kQK, 84},    // scales 16 + qs 64 + d, dmin 4
    GgmlType{11, "q3_K", kQK, 110},   // hmask 32 + qs 64 + scales 12 + d 2
    GgmlType{12, "q4_K", kQK, 144},   // d, dmin 4 + scales 12 + qs 128
    GgmlType{13, "q5_K", kQK, 176},   // d, dmin 4 + scales 12 + qh 32 + qs 128
    GgmlType{14, "q6_K", kQK, 210},   // ql 128 + qh 64 + scales 16 + d 2
    GgmlType{15, "q8_K", kQK, 292},   // d (float) 4 + qs 256 + bsums 32
    GgmlType{16, "iq2_xxs", kQK, 66}, // d 2 + qs 64
    GgmlType{17, "iq2_xs", kQK, 74},  // d 2 + qs 64 + scales 8
    GgmlType{18, "iq3_xxs", kQK, 98}, // d 2 + qs 96
    GgmlType{19, "iq1_s", kQK, 50},   // d 2 + qs 32 + qh 16
    GgmlType{20, "iq4_nl", 32, 18},   // d 2 + qs 16
    GgmlType{21, "iq3_s", kQK, 110},  // d 2 + qs 64 + qh 8 + signs 32 + scales 4
    GgmlType{22, "iq2_s", kQK, 82},   // d 2 + qs 64 + qh 8 + scales 8
    GgmlType{23, "iq4_xs", kQK, 136}, // d 2 + scales_h 2 + scales_l 4 + qs 128
    GgmlType{24, "i8", 1, 1},         GgmlType{25, "i16", 1, 2},
    GgmlType{26, "i32", 1, 4},        GgmlType{27, "i64", 1, 8},
    GgmlType{28, "f64", 1, 8},        GgmlType{29, "iq1_m", kQK, 56}, // qs 32 + qh 16 + scales 8
    GgmlType{30, "bf16", 1, 2},       GgmlType{34, "tq1_0", kQK, 54}, // qs 48 + qh 4 + d 2
    GgmlType{35, "tq2_0", kQK, 66},                                   // qs 64 + d 2
    GgmlType{39, "mxfp4", 32, 17},                                    // e (E8M0) 1 + qs 16
};

/// Tensors above 2^60 bytes or elements are no real model's (and would overflow later sums).
constexpr std::uint64_t kMaxCount = std::uint64_t(1) << 60;

} // namespace

std::span<const GgmlType> ggmlTypes() {
    return kTypes;
}

const GgmlType *ggmlTypeById(std::uint32_t id) {
    for (const auto &t : kTypes) {
        if (t.id == id) {
            return &t;
        }
    }
    return nullptr;
}

const GgmlType *ggmlTypeByName(std::string_view name) {
    for (const auto &t : kTypes) {
        if (asciiLower(t.name) == asciiLower(name)) {
            return &t;
        }
    }
    return nullptr;
}

Result<std::uint64_t> ggmlTensorBytes(const GgmlType &type, std::span<const std::uint64_t> dims) {
    if (dims.empty()) {
        return makeError("dims", "a tensor needs at least one dimension");
    }
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] == 0) {
            return makeError("dims", "ne[" + std::to_string(i) +
                                         "] is 0 (every dimension must be at least 1)");
        }
    }
    if (dims[0] % type.blockSize != 0) {
        return makeError("dims", "ne[0] " + std::to_string(dims[0]) + " is not a multiple of " +
                                     std::string(type.name) + "'s block of " +
                                     std::to_string(type.blockSize));
    }
    const std::uint64_t blocks = dims[0] / type.blockSize;
    if (blocks > kMaxCount / type.typeSize) { // [2^63, 2] of f32 would wrap to 0 bytes
        return makeError("dims", "the tensor's size exceeds 2^60 bytes");
    }
    std::uint64_t bytes = blocks * type.typeSize;
    for (std::size_t i = 1; i < dims.size(); ++i) {
        if (bytes > kMaxCount / dims[i]) {
            return makeError("dims", "the tensor's size exceeds 2^60 bytes");
        }
        bytes *= dims[i];
    }
    return bytes;
}

} // namespace hostplan::gguf
