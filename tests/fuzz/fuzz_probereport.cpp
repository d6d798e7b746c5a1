// SPDX-License-Identifier: MIT
// libFuzzer target: a hostplan-probe JSON report. A report that parses must serialize.
#include "probereport.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const auto parsed =
        hostplan::probe::parseReport(std::string_view(reinterpret_cast<const char *>(data), size));
    if (parsed.ok()) {
        (void)hostplan::probe::reportToJson(parsed.value());
    }
    return 0;
}
