// SPDX-License-Identifier: MIT
// Checked readers over nlohmann::json used by every parser in the core. Each returns an Error
// naming the field path and the bad value instead of throwing.
#pragma once

#include "util/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hostplan::jsonfield {

/// Parse text; on failure the error names `what` (file or document) and nlohmann's message
/// (which gives the byte position). A name that appears twice in one object is an error whose
/// field is the key's path (e.g. "gpu.count", "items[2].id"): RFC 8259 section 4 leaves the
/// meaning of duplicate names open, and nlohmann_json (like Python's json) would keep the last
/// value silently, dropping what the user wrote first.
///
/// A number beyond the range of a double (1e400) is an error whose field is the value's path;
/// objects and lists nested deeper than kMaxJsonDepth are an error (no real file needs it, and
/// every later walk over the value stays shallow).
Result<nlohmann::json> parse(std::string_view text, const std::string &what);

/// Deepest nesting of objects and lists parse() accepts.
inline constexpr std::size_t kMaxJsonDepth = 512;

/// `e.what()` (nlohmann_json's or any other exception's) with bytes outside printable ASCII
/// written as \xNN: nlohmann's messages quote the bytes last read, which for a binary file (a
/// PNG given as a config) would otherwise reach the terminal raw. nlohmann's own
/// "[json.exception.parse_error.101] " prefix is left out ("parse error at line 1, column 1:
/// ...").
std::string errorText(const std::exception &e);

/// `value` as JSON text, pretty-printed with `indent` spaces (-1: one line). A string holding
/// bytes that are not UTF-8 (a name read from a binary format) is written with U+FFFD in their
/// place instead of throwing nlohmann::json::type_error 316: JSON text must be UTF-8.
std::string dumpText(const nlohmann::json &value, int indent = -1);
/// The same for an ordered_json value: its keys keep their insertion order.
std::string dumpText(const nlohmann::ordered_json &value, int indent = -1);

/// Short rendering of a JSON value for error messages: scalars as JSON (strings cut at 57
/// characters), lists and objects by their size only (never serialized: safe for deeply nested
/// or huge input).
std::string brief(const nlohmann::json &value);

/// Read an object member as a finite double in [min, max]. Missing -> nullopt when optional,
/// else an error. `path` is the full field path for messages.
Result<std::optional<double>> number(const nlohmann::json &obj, const char *key,
                                     const std::string &path, double min, double max,
                                     bool required);
/// Read an object member as an unsigned integer in [min, max] (a float with a fraction, a
/// negative number, a string, NaN or a value out of range is an error).
Result<std::optional<std::uint64_t>> integer(const nlohmann::json &obj, const char *key,
                                             const std::string &path, std::uint64_t min,
                                             std::uint64_t max, bool required);
/// Read an object member as a string.
Result<std::optional<std::string>> string(const nlohmann::json &obj, const char *key,
                                          const std::string &path, bool required);
/// Read an object member as a bool.
Result<std::optional<bool>> boolean(const nlohmann::json &obj, const char *key,
                                    const std::string &path, bool required);
/// Rejects an object's keys outside `allowed`, naming the first ("PATH.key: unknown key
/// (expected one of: ...)"; the key cut at 60 bytes), so that a typo is not silently ignored;
/// a value that is not an object is an error naming `path`.
Result<bool> checkKeys(const nlohmann::json &obj, const std::string &path,
                       std::initializer_list<const char *> allowed);

} // namespace hostplan::jsonfield
