// SPDX-License-Identifier: MIT
// Running hostplan-cli in-process for the command-line tests: exit code, stdout and stderr.
#pragma once

#include "cli/cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace clitest {

/// What one hostplan-cli run printed and returned.
struct Run {
    int code;
    std::string out;
    std::string err;
};

/// hostplan::cli::run on `args` (the words after the program name).
inline Run run(const std::vector<std::string> &args) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = hostplan::cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace clitest
