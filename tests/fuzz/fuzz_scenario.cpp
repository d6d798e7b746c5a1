// SPDX-License-Identifier: MIT
// libFuzzer target: a scenario file. A scenario that parses must round-trip through
// scenarioToJson unchanged (the GUI saves what it opened).
#include "scenario/scenario.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const auto parsed =
        hostplan::parseScenario(std::string_view(reinterpret_cast<const char *>(data), size));
    if (parsed.ok()) {
        const std::string once = hostplan::scenarioToJson(parsed.value());
        const auto again = hostplan::parseScenario(once);
        if (!again.ok() || hostplan::scenarioToJson(again.value()) != once) {
            std::abort(); // a saved scenario that does not read back
        }
    }
    return 0;
}
