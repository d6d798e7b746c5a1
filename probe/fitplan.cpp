// SPDX-License-Identifier: MIT
#include "fitplan.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace hostplan::probe {

FitDecision decideFit(std::uint64_t requestedBytes, std::uint64_t freeBytes) {
    FitDecision d;
    d.requestedBytes = requestedBytes;
    d.freeBytes = freeBytes;
    d.fits = requestedBytes <= freeBytes;
    constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (d.fits) {
        const std::uint64_t h = freeBytes - requestedBytes;
        d.headroomBytes =
            h > kMax ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(h);
    } else {
        const std::uint64_t h = requestedBytes - freeBytes;
        d.headroomBytes =
            h > kMax ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(h);
    }
    return d;
}

Result<ChunkPlan> planChunks(std::uint64_t totalBytes, std::uint64_t maxChunkBytes) {
    if (totalBytes == 0) {
        return makeError("requested_bytes", "must be more than 0");
    }
    if (maxChunkBytes == 0) {
        return makeError("chunk_bytes", "must be more than 0");
    }
    ChunkPlan p;
    p.totalBytes = totalBytes;
    std::uint64_t chunk = maxChunkBytes < totalBytes ? maxChunkBytes : totalBytes;
    if (chunk < totalBytes && chunk >= kChunkAlignmentBytes) {
        chunk -= chunk % kChunkAlignmentBytes;
    }
    p.chunkBytes = chunk;
    p.chunkCount = totalBytes / chunk + (totalBytes % chunk != 0 ? 1 : 0);
    if (p.chunkCount > kMaxChunks) {
        return makeError("chunk_bytes", std::to_string(totalBytes) + " bytes in chunks of " +
                                            std::to_string(chunk) + " bytes would need " +
                                            std::to_string(p.chunkCount) + " chunks (at most " +
                                            std::to_string(kMaxChunks) + ")");
    }
    p.lastChunkBytes = totalBytes - (p.chunkCount - 1) * chunk;
    return p;
}

std::uint64_t bytesForFraction(std::uint64_t freeBytes, double fraction) {
    if (!std::isfinite(fraction) || fraction <= 0) {
        return 0;
    }
    const long double want = static_cast<long double>(freeBytes) * fraction;
    const auto maxBytes = static_cast<long double>(std::numeric_limits<std::uint64_t>::max());
    std::uint64_t bytes = want >= maxBytes ? std::numeric_limits<std::uint64_t>::max()
                                           : static_cast<std::uint64_t>(want);
    if (bytes >= kChunkAlignmentBytes) {
        bytes -= bytes % kChunkAlignmentBytes;
    } else if (freeBytes >= kChunkAlignmentBytes) {
        bytes = kChunkAlignmentBytes;
    }
    return bytes;
}

namespace {

std::string quoted(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) {
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// Strict number prefix: digits, optional fraction and exponent; no sign, no hex, no inf/nan.
bool splitNumber(std::string_view text, std::string &number, std::string &rest) {
    std::size_t i = 0;
    const auto digit = [&](std::size_t k) {
        return k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]));
    };
    const std::size_t start = i;
    while (digit(i)) {
        ++i;
    }
    bool any = i > start;
    if (i < text.size() && text[i] == '.') {
        ++i;
        const std::size_t f = i;
        while (digit(i)) {
            ++i;
        }
        any = any || i > f;
    }
    if (!any) {
        return false;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < text.size() && (text[j] == '+' || text[j] == '-')) {
            ++j;
        }
        if (digit(j)) {
            while (digit(j)) {
                ++j;
            }
            i = j;
        }
    }
    number = std::string(text.substr(0, i));
    rest = std::string(text.substr(i));
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
        s.remove_prefix(1);
    }
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
        s.remove_suffix(1);
    }
    return s;
}

} // namespace

Result<std::uint64_t> parseByteSize(std::string_view text) {
    const std::string_view t = trim(text);
    if (t.empty()) {
        return makeError("", "empty byte size");
    }
    if (t.front() == '-') {
        return makeError("", "byte size " + quoted(text) + " is negative");
    }
    std::string number;
    std::string unit;
    if (!splitNumber(t, number, unit)) {
        return makeError("", "byte size " + quoted(text) +
                                 " is not a number (examples: 80GiB, 141GB, 1.5e9)");
    }
    unit = lower(trim(unit));
    long double multiplier = 1;
    if (unit.empty() || unit == "b") {
        multiplier = 1;
    } else if (unit == "kb" || unit == "k") {
        multiplier = 1e3L;
    } else if (unit == "mb" || unit == "m") {
        multiplier = 1e6L;
    } else if (unit == "gb" || unit == "g") {
        multiplier = 1e9L;
    } else if (unit == "tb" || unit == "t") {
        multiplier = 1e12L;
    } else if (unit == "kib") {
        multiplier = 1024.0L;
    } else if (unit == "mib") {
        multiplier = 1024.0L * 1024;
    } else if (unit == "gib") {
        multiplier = 1024.0L * 1024 * 1024;
    } else if (unit == "tib") {
        multiplier = 1024.0L * 1024 * 1024 * 1024;
    } else {
        return makeError("", "byte size " + quoted(text) + " has an unknown unit " + quoted(unit) +
                                 " (use B, KB, MB, GB, TB, KiB, MiB, GiB, TiB)");
    }
    errno = 0;
    const long double value = std::strtold(number.c_str(), nullptr);
    if (errno == ERANGE || !std::isfinite(static_cast<double>(value))) {
        return makeError("", "byte size " + quoted(text) + " is out of range");
    }
    const long double bytes = value * multiplier;
    if (bytes >= 18446744073709551616.0L) {
        return makeError("", "byte size " + quoted(text) + " is larger than 2^64 - 1 bytes");
    }
    return static_cast<std::uint64_t>(bytes);
}

Result<double> parseFraction(std::string_view text) {
    const std::string_view t = trim(text);
    std::string number;
    std::string rest;
    if (t.empty() || !splitNumber(t, number, rest) || !trim(rest).empty()) {
        return makeError("", "fraction " + quoted(text) + " is not a number (example: 0.9)");
    }
    const double v = std::strtod(number.c_str(), nullptr);
    if (!std::isfinite(v) || v <= 0 || v > 4) {
        return makeError("", "fraction " + quoted(text) + " must be more than 0 and at most 4");
    }
    return v;
}

std::string formatBytes(std::uint64_t bytes) {
    char buf[96];
    const double b = static_cast<double>(bytes);
    if (bytes < 1000000) {
        std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
    } else {
        std::snprintf(buf, sizeof buf, "%.1f GB (%.1f GiB)", b / 1e9, b / 1073741824.0);
    }
    return buf;
}

std::string formatRate(double bytesPerS) {
    char buf[64];
    if (!std::isfinite(bytesPerS) || bytesPerS <= 0) {
        return "-";
    }
    if (bytesPerS >= 1e12) {
        std::snprintf(buf, sizeof buf, "%.2f TB/s", bytesPerS / 1e12);
    } else {
        std::snprintf(buf, sizeof buf, "%.1f GB/s", bytesPerS / 1e9);
    }
    return buf;
}

} // namespace hostplan::probe
