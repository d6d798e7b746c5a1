// SPDX-License-Identifier: MIT
// printf-style number text for the command-line tables (C locale digits, no grouping).
#pragma once

#include <cstdio>
#include <string>

namespace hostplan {

/// `value` through a printf `format` holding one double conversion ("%.2f", "%10.2f GB").
/// At most 63 characters (longer output is cut).
inline std::string formatDouble(const char *format, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

} // namespace hostplan
