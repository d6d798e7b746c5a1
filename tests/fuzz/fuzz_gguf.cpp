// SPDX-License-Identifier: MIT
// libFuzzer target: a GGUF header (import/gguf.h), once with the input's own size as the file
// size and once with the size unknown, and the model import of every header that parses.
#include "import/gguf.h"
#include "import/ggufimport.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    (void)hostplan::gguf::parseHeader(bytes, size, "fuzz.gguf");
    auto h = hostplan::gguf::parseHeader(bytes, 0, "fuzz.gguf");
    if (h.ok()) {
        (void)hostplan::ggufToModelSpec(hostplan::gguf::Model{h.value(), {}, 0}, "fuzz.gguf");
    }
    return 0;
}
