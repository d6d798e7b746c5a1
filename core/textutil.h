// ASCII case helpers for catalogue ids, format names and engine names (locale-independent).
#pragma once

#include <algorithm>
#include <cctype>
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

/// `text` with ASCII letters uppercased.
inline std::string asciiUpper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    return out;
}

} // namespace hostplan
