// SPDX-License-Identifier: MIT
// ASCII text helpers for catalogue ids, format names, engine names and English messages
// (locale-independent).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

namespace hostplan {

/// `text` with ASCII letters lowercased.
inline std::string asciiLower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

/// Whether `text` contains `needle` ignoring ASCII case; `needle` must be lowercase. No
/// allocation (hot paths test GPU names per plan).
inline bool containsLowercase(std::string_view text, std::string_view needle) {
    if (needle.size() > text.size()) {
        return false;
    }
    const auto lower = [](unsigned char c) {
        return c >= 'A' && c <= 'Z' ? char(c + 32) : char(c);
    };
    for (std::size_t i = 0; i + needle.size() <= text.size(); ++i) {
        std::size_t k = 0;
        while (k < needle.size() && lower((unsigned char)text[i + k]) == needle[k]) {
            ++k;
        }
        if (k == needle.size()) {
            return true;
        }
    }
    return false;
}

/// `text` with ASCII letters uppercased.
inline std::string asciiUpper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    return out;
}

/// 1048576 -> "1,048,576" (thousands separated by commas, as in the seed articles).
inline std::string groupedText(std::uint64_t value) {
    const std::string digits = std::to_string(value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            out += ',';
        }
        out += digits[i];
    }
    return out;
}

/// "1 GPU", "8 GPUs", "1,024 GPUs": a grouped count and an English noun that takes a plain -s
/// plural.
inline std::string countText(std::uint64_t count, std::string_view noun) {
    return groupedText(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

/// `text` cut at `maxBytes` bytes on a UTF-8 character boundary, with "..." after a cut.
inline std::string cutText(std::string_view text, std::size_t maxBytes) {
    std::size_t cut = std::min(text.size(), maxBytes);
    while (cut < text.size() && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut;
    }
    return std::string(text.substr(0, cut)) + (cut < text.size() ? "..." : "");
}

/// `text` as a message quotes what the user typed: in single quotes, cut at `maxBytes` bytes
/// (cutText), so that a 100 KB value gives one short line.
inline std::string quotedInput(std::string_view text, std::size_t maxBytes = 60) {
    return "'" + cutText(text, maxBytes) + "'";
}

} // namespace hostplan
