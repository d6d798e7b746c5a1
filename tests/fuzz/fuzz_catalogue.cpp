// SPDX-License-Identifier: MIT
// libFuzzer target: the catalogues (gpus.json, prices.json, models/catalogue.json). The input
// is split at its first two NUL bytes into the three documents; a missing part is the
// built-in file, so that each document is fuzzed against valid others.
#include "catalogue/catalogue.h"
#include "catalogue/embeddedresources.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const auto &files = hostplan::embeddedResources();
    std::string_view parts[3] = {files.at("gpus.json"), files.at("prices.json"),
                                 files.at("models/catalogue.json")};
    std::size_t start = 0;
    for (int i = 0; i < 3; ++i) {
        const std::size_t end = input.find('\0', start);
        const std::string_view part =
            input.substr(start, end == std::string_view::npos ? input.size() - start : end - start);
        if (!part.empty()) {
            parts[i] = part;
        }
        if (end == std::string_view::npos) {
            break;
        }
        start = end + 1;
    }
    (void)hostplan::Catalogue::parse(parts[0], parts[1], parts[2]);
    return 0;
}
