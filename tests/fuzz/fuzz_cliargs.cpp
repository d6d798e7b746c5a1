// SPDX-License-Identifier: MIT
// libFuzzer target: hostplan-cli's command line. The input is the argument list, split at NUL
// bytes; the output is discarded. Commands that write files (report, export-csv) are not part
// of this library, so a fuzzed run never writes.
#include "cli/cli.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    if (size > 4096) {
        return 0; // a command line; longer inputs only slow the search
    }
    std::vector<std::string> args;
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.push_back(current);
            current.clear();
        } else {
            current += char(data[i]);
        }
    }
    args.push_back(current);
    std::ostringstream out;
    std::ostringstream err;
    (void)hostplan::cli::run(args, out, err);
    return 0;
}
