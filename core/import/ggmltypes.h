// SPDX-License-Identifier: MIT
// The ggml tensor types a GGUF file can store, with their block size (elements per block) and
// bytes per block, so that a tensor's stored bytes are exact: ne0 / block x bytes x rows.
//
// Sources (ggml-org/llama.cpp, file @ commit as read):
// - ggml/include/ggml.h @ 004eaba804a34aa1a397b61d6d5274171c5e4cba `enum ggml_type`: the ids
//   (4, 5, 31-33 and 36-38 are removed types that no GGUF file may use any more).
// - ggml/src/ggml.c @ 1f08e2d662715ead7987c365eced4f273d90e431 `type_traits`: blck_size (QK_K =
//   256 for the K-, IQ- and TQ-quants, 32 for the legacy quants, IQ4_NL and MXFP4, 1 for the
//   plain types) and type_size = sizeof(block_*).
// - ggml/src/ggml-common.h @ 01243c587feceaa5d6a6c2305535ef2f549c48b8: the block structs and
//   their static_asserts, from which the bytes per block below are summed (e.g. block_q4_K =
//   2 halves + 12 scale bytes + 128 nibble bytes = 144; block_tq1_0 = 48 + 4 + 2 = 54).
#pragma once

#include "util/result.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace hostplan::gguf {

/// One ggml type: its GGUF id, ggml's name, elements per block and bytes per block.
struct GgmlType {
    std::uint32_t id = 0;
    std::string_view name;       ///< ggml_type_name: "f32", "q4_K", "iq2_xxs", "mxfp4"
    std::uint32_t blockSize = 1; ///< elements per block
    std::uint32_t typeSize = 4;  ///< bytes per block
    /// Average bits per element, blocks included (q4_K 4.5, q8_0 8.5).
    double bitsPerElement() const { return 8.0 * typeSize / blockSize; }
};

/// Every type llama.cpp ships (ggml.h's enum without the removed ids), in id order.
std::span<const GgmlType> ggmlTypes();
/// The type with GGUF id `id`, or nullptr for an unknown or removed id.
const GgmlType *ggmlTypeById(std::uint32_t id);
/// The type named `name`, case-insensitive ("Q4_K", "q8_0", "bf16"), or nullptr.
const GgmlType *ggmlTypeByName(std::string_view name);

/// Stored bytes of a tensor of `type` with dimensions `dims` (ne[0] first, as GGUF stores
/// them): ne0 / blockSize x typeSize x ne1 x ne2 x ne3 (ggml_row_size x rows). Errors: ne0 not a
/// multiple of the block size ("ne[0] 100 is not a multiple of q4_K's block of 256"), a
/// dimension of 0, or a count past 2^60 (field "dims").
Result<std::uint64_t> ggmlTensorBytes(const GgmlType &type, std::span<const std::uint64_t> dims);

} // namespace hostplan::gguf
