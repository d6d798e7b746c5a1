// SPDX-License-Identifier: MIT
#include "util/jsonutil.h"

#include "util/textutil.h"

#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <vector>

namespace hostplan::jsonfield {

namespace {

/// A SAX pass over the text (nlohmann::json::sax_parse) that builds nothing and finds the first
/// name repeated within one object, with its path, nesting deeper than kMaxJsonDepth, and where
/// a parse error stopped. A separate pass because nlohmann's callback parser (the other way to
/// watch keys) rescans the enclosing container at the end of every object (json_sax.hpp,
/// json_sax_dom_callback_parser::end_object, 3.11.2), which made a header of 20,000 tensor
/// entries take a minute; this pass and the plain parse after it are both linear.
class CheckingSax {
  public:
    using json = nlohmann::json;
    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(json::number_integer_t) { return value(); }
    bool number_unsigned(json::number_unsigned_t) { return value(); }
    bool number_float(json::number_float_t, const json::string_t &) { return value(); }
    bool string(json::string_t &) { return value(); }
    bool binary(json::binary_t &) { return value(); }
    bool start_object(std::size_t) { return open(false); }
    bool start_array(std::size_t) { return open(true); }
    bool key(json::string_t &name) {
        Scope &scope = scopes_.back();
        scope.current = name;
        if (!scope.names.insert(name).second && !duplicate_) {
            duplicate_ = path();
        }
        return true;
    }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t, const std::string &, const json::exception &e) {
        // 406: a number beyond the range of a double (nlohmann's out_of_range).
        outOfRange_ = e.id == 406;
        message_ = errorText(e);
        return false;
    }

    /// Path of the first repeated name, if any.
    const std::optional<std::string> &duplicate() const { return duplicate_; }
    /// Whether the pass stopped at nesting deeper than kMaxJsonDepth.
    bool tooDeep() const { return tooDeep_; }
    /// Whether the pass stopped at a number beyond the range of a double.
    bool outOfRange() const { return outOfRange_; }
    /// nlohmann's message for the parse error that stopped the pass ("" if none).
    const std::string &message() const { return message_; }
    /// Path of the value being read ("gpu.count", "items[2]"); "" at the top level. Where the
    /// pass stopped, this names the field whose value was bad (1e400 -> its field).
    std::string path() const {
        std::string out;
        for (const Scope &scope : scopes_) {
            if (scope.isArray) {
                out += "[" + std::to_string(scope.index) + "]";
            } else {
                out += (out.empty() ? "" : ".") + scope.current;
            }
        }
        return out;
    }

  private:
    struct Scope {
        bool isArray;
        std::set<std::string> names; // objects: names seen so far
        std::string current;         // objects: the name being read
        std::size_t index;           // arrays: the element being read
    };
    bool open(bool isArray) {
        if (scopes_.size() >= kMaxJsonDepth) {
            tooDeep_ = true;
            return false;
        }
        scopes_.push_back(Scope{isArray, {}, {}, 0});
        return true;
    }
    bool close() {
        scopes_.pop_back();
        return value();
    }
    bool value() {
        if (!scopes_.empty() && scopes_.back().isArray) {
            ++scopes_.back().index;
        }
        return true;
    }
    std::vector<Scope> scopes_;
    std::optional<std::string> duplicate_;
    bool tooDeep_ = false;
    bool outOfRange_ = false;
    std::string message_;
};

} // namespace

Result<nlohmann::json> parse(std::string_view text, const std::string &what) {
    // nlohmann's lexer takes a NUL byte for the end of input and ignores what follows it; JSON
    // has no raw NUL anywhere (RFC 8259: control characters in strings are escaped).
    const std::size_t nul = text.find('\0');
    CheckingSax check;
    if (!nlohmann::json::sax_parse(text.begin(), text.end(), &check)) {
        const std::string field = check.path();
        if (check.tooDeep()) {
            return makeError(what, "nested deeper than " + std::to_string(kMaxJsonDepth) +
                                       " objects or lists in " + what);
        }
        if (check.outOfRange()) {
            // nlohmann reports 1e400 as "number overflow parsing '1e400'" without the field:
            // the pass knows where it stopped.
            return makeError(field.empty() ? what : field,
                             "number out of range (beyond +-1.8e308) in " + what + ": " +
                                 check.message());
        }
        // The last key read: the error is in its value or in what follows it (a key cut off).
        return makeError(
            what, "not valid JSON" +
                      (field.empty() ? std::string() : " (at or after " + field + ")") + ": " +
                      check.message() +
                      (nul == std::string_view::npos
                           ? std::string()
                           : " (the text has a NUL byte at byte " + std::to_string(nul) + ")"));
    }
    // A text that parsed up to a NUL byte is refused rather than read in part.
    if (nul != std::string_view::npos) {
        return makeError(what, "not valid JSON: a NUL byte at byte " + std::to_string(nul) +
                                   " (JSON text has none; the file may be truncated or binary)");
    }
    if (check.duplicate()) {
        return makeError(*check.duplicate(),
                         "appears twice in one object of " + what +
                             "; keep one (the later value would silently replace the first)");
    }
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception &e) { // not expected after the pass above
        return makeError(what, "not valid JSON: " + errorText(e));
    }
}

std::string errorText(const std::exception &e) {
    std::string_view what(e.what());
    // nlohmann's "[json.exception.parse_error.101] " names its own source, not the file's.
    if (what.starts_with("[json.exception.")) {
        if (const std::size_t end = what.find("] "); end != std::string_view::npos) {
            what.remove_prefix(end + 2);
        }
    }
    std::string out;
    for (const char ch : what) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7f) {
            out += ch;
        } else {
            static constexpr char kHex[] = "0123456789ABCDEF";
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xf];
        }
    }
    return out;
}

std::string dumpText(const nlohmann::json &value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string dumpText(const nlohmann::ordered_json &value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string brief(const nlohmann::json &value) {
    // Never dump containers: a deeply nested value would recurse in the serializer, and a huge
    // one would be copied whole only to be cut.
    if (value.is_array()) {
        return "a list of " + countText(value.size(), "element");
    }
    if (value.is_object()) {
        return "an object with " + countText(value.size(), "key");
    }
    if (value.is_string()) {
        const auto &str = value.get_ref<const std::string &>();
        return dumpText(nlohmann::json(str.size() > 57 ? str.substr(0, 57) + "..." : str));
    }
    return dumpText(value);
}

namespace {
std::string joinPath(const std::string &path, const char *key) {
    return path.empty() ? std::string(key) : path + "." + key;
}
} // namespace

Result<std::optional<double>> number(const nlohmann::json &obj, const char *key,
                                     const std::string &path, double min, double max,
                                     bool required) {
    const std::string field = joinPath(path, key);
    if (!obj.is_object() || !obj.contains(key) || obj.at(key).is_null()) {
        if (required) {
            return makeError(field, "missing");
        }
        return std::optional<double>{};
    }
    const auto &v = obj.at(key);
    if (!v.is_number()) {
        return makeError(field, "must be a number, got " + brief(v));
    }
    const double d = v.get<double>();
    if (!std::isfinite(d)) {
        return makeError(field, "must be finite, got " + brief(v));
    }
    if (d < min || d > max) {
        return makeError(field, "must be between " + brief(min) + " and " + brief(max) + ", got " +
                                    brief(v));
    }
    return std::optional<double>{d};
}

Result<std::optional<std::uint64_t>> integer(const nlohmann::json &obj, const char *key,
                                             const std::string &path, std::uint64_t min,
                                             std::uint64_t max, bool required) {
    const std::string field = joinPath(path, key);
    if (!obj.is_object() || !obj.contains(key) || obj.at(key).is_null()) {
        if (required) {
            return makeError(field, "missing");
        }
        return std::optional<std::uint64_t>{};
    }
    const auto &v = obj.at(key);
    std::uint64_t u = 0;
    if (v.is_number_unsigned()) {
        u = v.get<std::uint64_t>();
    } else if (v.is_number_integer()) {
        // A signed integer: negative, or zero written "-0" (which is zero), or one a document
        // built in code holds (nlohmann::json stores a C++ int as signed).
        if (v.get<std::int64_t>() < 0) {
            return makeError(field, "must not be negative, got " + brief(v));
        }
        u = std::uint64_t(v.get<std::int64_t>());
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || d < 0 || d != std::floor(d)) {
            return makeError(field, "must be a whole non-negative number, got " + brief(v));
        }
        if (d > double(max) || d >= 18446744073709551616.0) { // 2^64: no uint64_t holds it
            // Above the field's range (and perhaps above any 64-bit integer): say the range.
            return makeError(field, "must be between " + std::to_string(min) + " and " +
                                        std::to_string(max) + ", got " + brief(v));
        }
        u = std::uint64_t(d);
    } else {
        return makeError(field, "must be a whole number, got " + brief(v));
    }
    if (u < min || u > max) {
        return makeError(field, "must be between " + std::to_string(min) + " and " +
                                    std::to_string(max) + ", got " + brief(v));
    }
    return std::optional<std::uint64_t>{u};
}

Result<std::optional<std::string>> string(const nlohmann::json &obj, const char *key,
                                          const std::string &path, bool required) {
    const std::string field = joinPath(path, key);
    if (!obj.is_object() || !obj.contains(key) || obj.at(key).is_null()) {
        if (required) {
            return makeError(field, "missing");
        }
        return std::optional<std::string>{};
    }
    const auto &v = obj.at(key);
    if (!v.is_string()) {
        return makeError(field, "must be a string, got " + brief(v));
    }
    return std::optional<std::string>{v.get<std::string>()};
}

Result<std::optional<bool>> boolean(const nlohmann::json &obj, const char *key,
                                    const std::string &path, bool required) {
    const std::string field = joinPath(path, key);
    if (!obj.is_object() || !obj.contains(key) || obj.at(key).is_null()) {
        if (required) {
            return makeError(field, "missing");
        }
        return std::optional<bool>{};
    }
    const auto &v = obj.at(key);
    if (!v.is_boolean()) {
        return makeError(field, "must be true or false, got " + brief(v));
    }
    return std::optional<bool>{v.get<bool>()};
}

Result<bool> checkKeys(const nlohmann::json &obj, const std::string &path,
                       std::initializer_list<const char *> allowed) {
    if (!obj.is_object()) {
        return makeError(path, "must be an object, got " + brief(obj));
    }
    const std::set<std::string> ok(allowed.begin(), allowed.end());
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (!ok.count(it.key())) {
            std::string list;
            for (const char *a : allowed) {
                list += (list.empty() ? "" : ", ") + std::string(a);
            }
            const std::string key = cutText(it.key(), 60);
            return makeError(path.empty() ? key : path + "." + key,
                             "unknown key (expected one of: " + list + ")");
        }
    }
    return true;
}

} // namespace hostplan::jsonfield
