// SPDX-License-Identifier: MIT
// The NVIDIA driver release from the first line of /proc/driver/nvidia/version (the kernel
// module's banner). C++17, no CUDA: cudaprobe.cu uses it and the tests pin it.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace hostplan::probe {

/// Whether `word` reads as a kernel module release: digits and at least one dot, starting with a
/// digit ("580.159.04"; not "for", which an earlier probe's banner parser took for one).
inline bool isModuleVersion(std::string_view word) {
    bool ok = !word.empty() && std::isdigit(static_cast<unsigned char>(word[0]));
    bool dot = false;
    for (const char c : word) {
        dot = dot || c == '.';
        ok = ok && (std::isdigit(static_cast<unsigned char>(c)) || c == '.');
    }
    return ok && dot;
}

/// "580.159.04" from a banner such as
///   "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Tue Sep  2 ..." or
///   "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.95.05  Release Build ...":
/// the first word after "Kernel Module" made of digits and at least one dot. "" when the line
/// has no such word (another banner format: the report then says nothing rather than guess).
inline std::string nvidiaModuleVersion(std::string_view banner) {
    const std::string_view key = "Kernel Module";
    const auto pos = banner.find(key);
    if (pos == std::string_view::npos) {
        return {};
    }
    std::string_view rest = banner.substr(pos + key.size());
    while (!rest.empty()) {
        const auto start = rest.find_first_not_of(" \t");
        if (start == std::string_view::npos) {
            break;
        }
        rest = rest.substr(start);
        const auto end = rest.find_first_of(" \t");
        const std::string_view word = rest.substr(0, end);
        if (isModuleVersion(word)) {
            return std::string(word);
        }
        if (end == std::string_view::npos) {
            break;
        }
        rest = rest.substr(end);
    }
    return {};
}

} // namespace hostplan::probe
