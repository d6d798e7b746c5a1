// SPDX-License-Identifier: MIT
// The field readers the catalogue files share (catalogue.cpp, gputypes.cpp): required strings
// kept to one line, bounded numbers, string lists, and the name squashing GPU look-ups use.
// Errors name the path and the field, as every catalogue error does.
#pragma once

#include "util/jsonutil.h"
#include "util/result.h"
#include "util/terminaltext.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::cataloguefields {

/// Lowercase and drop separators so "H100 SXM", "h100-sxm" and "h100_sxm" compare equal.
inline std::string squash(std::string_view s) {
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c)) {
            out.push_back(char(std::tolower(c)));
        }
    }
    return out;
}

/// Longest catalogue text accepted (bytes): the longest source in the shipped files is under
/// 1,000; a longer one is not a citation, and the report lays text out in time that grows
/// faster than its length.
inline constexpr std::size_t kMaxCatalogueTextBytes = 4096;

inline Result<std::string> reqString(const nlohmann::json &o, const char *key,
                                     const std::string &path) {
    HOSTPLAN_TRY(v, jsonfield::string(o, key, path, true));
    if (v->empty()) {
        return makeError(path + "." + key, "must not be empty");
    }
    if (v->size() > kMaxCatalogueTextBytes) {
        return makeError(path + "." + key, "too long: " + std::to_string(v->size()) +
                                               " bytes, at most " +
                                               std::to_string(kMaxCatalogueTextBytes));
    }
    // Price lists are user input printed in the plan and the report: one line (singleLine).
    return singleLine(*v);
}

inline Result<double> reqNumber(const nlohmann::json &o, const char *key, const std::string &path,
                                double min, double max) {
    HOSTPLAN_TRY(v, jsonfield::number(o, key, path, min, max, true));
    return *v;
}

inline Result<std::vector<std::string>> stringList(const nlohmann::json &o, const char *key,
                                                   const std::string &path) {
    std::vector<std::string> out;
    if (!o.contains(key)) {
        return out;
    }
    const auto &a = o.at(key);
    if (!a.is_array()) {
        return makeError(path + "." + key, "must be a list of strings");
    }
    for (const auto &e : a) {
        if (!e.is_string()) {
            return makeError(path + "." + key,
                             "must be a list of strings, got " + jsonfield::brief(e));
        }
        out.push_back(e.get<std::string>());
    }
    return out;
}

} // namespace hostplan::cataloguefields
