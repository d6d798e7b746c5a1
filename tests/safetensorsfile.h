// SPDX-License-Identifier: MIT
// The start of a safetensors file for synthetic checkpoints in tests and benchmarks.
#pragma once

#include <cstdint>
#include <string>

namespace hostplan::testutil {

/// `headerJson` padded with spaces to a multiple of 8 bytes, after its length as a
/// little-endian 64-bit integer: a safetensors file up to where the tensor data begins.
inline std::string safetensorsPrefix(std::string headerJson) {
    while (headerJson.size() % 8 != 0) {
        headerJson += ' ';
    }
    std::string out(8, '\0');
    for (int b = 0; b < 8; ++b) {
        out[std::size_t(b)] = char((std::uint64_t(headerJson.size()) >> (8 * b)) & 0xff);
    }
    return out + headerJson;
}

} // namespace hostplan::testutil
