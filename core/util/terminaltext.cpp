// SPDX-License-Identifier: MIT
#include "util/terminaltext.h"

#include <cstdint>

namespace hostplan {

namespace {

constexpr char kHex[] = "0123456789ABCDEF";

void appendEscape(std::string &out, std::uint32_t cp) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) {
        out += kHex[(cp >> shift) & 0xf];
    }
}

/// The bidi formatting characters, and the Unicode line and paragraph separators U+2028 /
/// U+2029, which Qt's text layout (the GUI, the PDF report) breaks a line at.
bool isBidiControl(std::uint32_t cp) {
    return cp == 0x061C || cp == 0x200E || cp == 0x200F || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

/// Length of the valid UTF-8 sequence at `s` (1..4) and its code point, or 0 when invalid
/// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t decodeUtf8(std::string_view s, std::uint32_t &cp) {
    const auto b0 = static_cast<unsigned char>(s[0]);
    std::size_t len = 0;
    std::uint32_t min = 0;
    if (b0 < 0x80) {
        cp = b0;
        return 1;
    } else if ((b0 & 0xE0) == 0xC0) {
        len = 2, cp = b0 & 0x1F, min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        len = 3, cp = b0 & 0x0F, min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        len = 4, cp = b0 & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (s.size() < len) {
        return 0;
    }
    for (std::size_t i = 1; i < len; ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        if ((b & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return len;
}

} // namespace

DisplayControl firstDisplayControl(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        std::uint32_t cp = 0;
        const std::size_t len = decodeUtf8(text.substr(i), cp);
        if (len == 0) {
            ++i;
            continue;
        }
        if (cp >= 0x80 && cp <= 0x9F) {
            return {i, cp, "control character"};
        }
        if (isBidiControl(cp)) {
            return {i, cp,
                    cp == 0x2028 || cp == 0x2029 ? "line separator" : "bidirectional control"};
        }
        i += len;
    }
    return {};
}

std::string terminalSafe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        std::uint32_t cp = 0;
        const std::size_t len = decodeUtf8(text.substr(i), cp);
        if (len == 0) {
            const auto b = static_cast<unsigned char>(text[i]);
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 0xf];
            ++i;
            continue;
        }
        const bool control =
            (cp < 0x20 && cp != '\n' && cp != '\t') || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
        if (control || isBidiControl(cp)) {
            appendEscape(out, cp);
        } else {
            out.append(text.substr(i, len));
        }
        i += len;
    }
    return out;
}

std::size_t firstInvalidUtf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        std::uint32_t cp = 0;
        const std::size_t len = decodeUtf8(text.substr(i), cp);
        if (len == 0) {
            return i;
        }
        i += len;
    }
    return std::string_view::npos;
}

std::string singleLine(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        if (ch == '\n') {
            out += "\\u000A";
        } else if (ch == '\t') {
            out += "\\u0009";
        } else {
            out += ch;
        }
    }
    return terminalSafe(out);
}

std::string shellWord(std::string_view word) {
    if (!word.empty() &&
        word.find_first_of(" \t\n\r'\"$`\\!*?[;&|<>(){}#~^") == std::string_view::npos) {
        return std::string(word);
    }
    std::string q = "'";
    for (const char c : word) {
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return q + "'";
}

} // namespace hostplan
