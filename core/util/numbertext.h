// SPDX-License-Identifier: MIT
// printf-style number text for the command-line tables and plan notes (C locale digits).
#pragma once

#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
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

/// A time per output token in milliseconds, no unit: whole milliseconds from 1 ms ("50"), two
/// decimals below ("0.40"), so a sub-millisecond target never reads "0".
inline std::string msText(double seconds) {
    const double ms = seconds * 1e3;
    return formatDouble(ms >= 1 || ms == 0 ? "%.0f" : "%.2f", ms);
}

/// `bytes` in decimal GB (10^9 B) with one decimal, as the plan's reasons give memory:
/// "1560.9 GB".
inline std::string gbText(double bytes) {
    return formatDouble("%.1f GB", toGB(bytes));
}

/// `bytes` in GiB (2^30 B) with two decimals, as the plan's notes give memory: "1.25 GiB".
inline std::string gibNoteText(std::uint64_t bytes) {
    return formatDouble("%.2f GiB", double(bytes) / 1073741824.0);
}

/// `bytes` with two decimals in MiB below 1 GiB ("0.49 MiB", as llama.cpp logs its buffers and
/// a small request table reads), else in GiB ("4.30 GiB"); by magnitude, so a negative margin
/// reads alike.
inline std::string mibOrGibText(double bytes) {
    return std::abs(bytes) < kBytesPerGiB ? formatDouble("%.2f MiB", bytes / kBytesPerMiB)
                                          : formatDouble("%.2f GiB", bytes / kBytesPerGiB);
}

/// A parameter count with two decimals in billions ("8.03 B"), or in millions below 0.1 B
/// ("0.53 M"), so that a tiny model never reads "0.00 B"; `sep` goes between the number and
/// its unit ("" gives "8.03B").
inline std::string paramsText(double params, const char *sep = " ") {
    return params >= 1e8 ? formatDouble("%.2f", params / 1e9) + sep + "B"
                         : formatDouble("%.2f", params / 1e6) + sep + "M";
}

/// A memory fraction as a launch flag or plan line writes it: the value rounded to 4 decimals
/// with trailing zeros dropped, at least 2 kept (0.9 -> "0.90", 0.905 -> "0.905", 0.85671 ->
/// "0.8567"), so that a command asks the engine for the plan's memory within 0.00005 of the
/// total (4 MB of 80 GB), where two decimals could add 0.005 (0.905 -> "0.91").
inline std::string fractionText(double value) {
    std::string s = formatDouble("%.4f", value);
    const std::size_t dot = s.find('.');
    while (dot != std::string::npos && s.size() > dot + 3 && s.back() == '0') {
        s.pop_back();
    }
    return s;
}

/// 1.23e9 -> "1.23 billion", 9.26e7 -> "92.6 million", 0 -> "0", 12345 -> "12,345".
inline std::string tokenCountText(double tokens) {
    if (tokens >= 1e9) {
        return formatDouble("%.2f billion", tokens / 1e9);
    }
    if (tokens >= 1e6) {
        return formatDouble("%.1f million", tokens / 1e6);
    }
    return groupedText(std::uint64_t(std::llround(std::max(tokens, 0.0))));
}

} // namespace hostplan
