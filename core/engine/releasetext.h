// SPDX-License-Identifier: MIT
// Release strings as engines print them ("0.8.5", "v0.5.10.post1", "0.5.3rc0"): the parsing the
// vLLM and SGLang rule-set lookups share (engine.cpp, sglangrules.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hostplan::release {

/// "0.8.5" -> {0, 8, 5}, "0.22" -> {0, 22, 0}, "1" -> {1, 0, 0}: one to three dot-separated
/// numbers of at most six digits each, else nullopt.
inline std::optional<std::array<std::uint32_t, 3>> releaseNumbers(std::string_view s) {
    std::array<std::uint32_t, 3> out{0, 0, 0};
    std::size_t part = 0;
    std::size_t digits = 0;
    for (const char c : s) {
        if (c == '.' && digits > 0 && part < 2) {
            ++part;
            digits = 0;
        } else if (c >= '0' && c <= '9' && digits < 6) {
            out[part] = out[part] * 10 + std::uint32_t(c - '0');
            ++digits;
        } else {
            return std::nullopt;
        }
    }
    if (digits == 0) {
        return std::nullopt;
    }
    return out;
}

/// Whether `s` is one or more ASCII digits.
inline bool allDigits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// `text` without a leading 'v', a local label ("+cu128") and a trailing ".postN", "rcN",
/// "aN", "bN" or ".devN" (PEP 440's suffixes, as `pip show` or `__version__` print them): a
/// post release ("0.6.4.post1") has its release's rules, and so has a pre-release ("0.5.3rc0",
/// "0.8.0a1") or development build ("0.10.1.dev101+gbda9d0535"). A pre-release suffix counts
/// only after a digit ("0.8.0a1", not "0.a1").
inline std::string_view releaseCore(std::string_view text) {
    std::string_view s = text;
    if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) {
        s.remove_prefix(1);
    }
    // A local version label ("0.8.5+cu128", "0.10.1.dev101+gbda9d0535", as pip prints nightly
    // and vendor builds) names the same release.
    if (const std::size_t plus = s.find('+'); plus != std::string_view::npos && plus > 0) {
        s = s.substr(0, plus);
    }
    for (const std::string_view suffix : {".post", ".dev", "rc", "a", "b"}) {
        if (const std::size_t at = s.rfind(suffix); at != std::string_view::npos && at > 0 &&
                                                    s[at - 1] >= '0' && s[at - 1] <= '9' &&
                                                    allDigits(s.substr(at + suffix.size()))) {
            s = s.substr(0, at);
        }
    }
    return s;
}

/// `text` shortened to 40 bytes for an error message, each byte outside printable ASCII
/// written as \xNN (a zero-width space typed into a field shows as \xE2\x80\x8B).
inline std::string shownRelease(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text.substr(0, 40)) {
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0x20 && b < 0x7f) {
            out += c;
        } else {
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 0xf];
        }
    }
    return text.size() > 40 ? out + "..." : out;
}

} // namespace hostplan::release
