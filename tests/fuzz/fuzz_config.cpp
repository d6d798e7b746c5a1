// SPDX-License-Identifier: MIT
// libFuzzer target: a Hugging Face config.json through the model importer (duplicate names,
// number ranges, quantization patterns compiled with RE2, the architecture readers).
#include "import/modelimport.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    (void)hostplan::importHfConfigText(text, "fuzz/config.json");
    return 0;
}
