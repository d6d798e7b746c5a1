// SPDX-License-Identifier: MIT
// libFuzzer target: a safetensors file's header (8-byte length, JSON tensor table), once with
// the input's own size as the file size and once with the size unknown.
#include "import/safetensors.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    (void)hostplan::parseSafetensorsHeader(bytes, size);
    (void)hostplan::parseSafetensorsHeader(bytes, 0);
    return 0;
}
