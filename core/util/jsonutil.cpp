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

/// Tracks the open objects and arrays of a parse (nlohmann's parser callback events) to find
/// the first name repeated within one object, with its path.
class DuplicateKeyFinder {
  public:
    bool onEvent(nlohmann::json::parse_event_t event, const nlohmann::json &parsed) {
        using Event = nlohmann::json::parse_event_t;
        switch (event) {
        case Event::object_start:
        case Event::array_start:
            if (scopes_.size() >= kMaxJsonDepth) {
                throw TooDeep{};
            }
            scopes_.push_back(Scope{event == Event::array_start, {}, {}, 0});
            break;
        case Event::key: {
            Scope &scope = scopes_.back();
            scope.current = parsed.get<std::string>();
            if (!scope.names.insert(scope.current).second && !duplicate_) {
                duplicate_ = path();
            }
            break;
        }
        case Event::object_end:
        case Event::array_end:
            scopes_.pop_back();
            elementDone();
            break;
        case Event::value:
            elementDone();
            break;
        }
        return true; // keep every value: this only watches
    }
    /// Path of the first repeated name, if any.
    const std::optional<std::string> &duplicate() const { return duplicate_; }
    /// Thrown from the callback when objects and arrays nest deeper than kMaxJsonDepth.
    struct TooDeep {};
    /// Path of the value being read ("gpu.count", "items[2]"); "" at the top level. Where a
    /// parse stopped, this names the field whose value was bad (1e400 -> its field).
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
    void elementDone() {
        if (!scopes_.empty() && scopes_.back().isArray) {
            ++scopes_.back().index;
        }
    }
    std::vector<Scope> scopes_;
    std::optional<std::string> duplicate_;
};

} // namespace

Result<nlohmann::json> parse(std::string_view text, const std::string &what) {
    DuplicateKeyFinder finder;
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(
            text.begin(), text.end(),
            [&finder](int, nlohmann::json::parse_event_t event, nlohmann::json &parsed) {
                return finder.onEvent(event, parsed);
            });
    } catch (const DuplicateKeyFinder::TooDeep &) {
        return makeError(what, "nested deeper than " + std::to_string(kMaxJsonDepth) +
                                   " objects or lists in " + what);
    } catch (const nlohmann::json::out_of_range &e) {
        // nlohmann reports 1e400 as "number overflow parsing '1e400'" without the field: the
        // finder knows where the parse stopped.
        const std::string field = finder.path();
        return makeError(field.empty() ? what : field,
                         "number out of range (beyond +-1.8e308) in " + what + ": " + errorText(e));
    } catch (const nlohmann::json::exception &e) {
        const std::string field = finder.path();
        return makeError(what, "not valid JSON" +
                                   (field.empty() ? std::string() : " (in " + field + ")") + ": " +
                                   errorText(e));
    }
    if (finder.duplicate()) {
        return makeError(*finder.duplicate(),
                         "appears twice in one object of " + what +
                             "; keep one (the later value would silently replace the first)");
    }
    return doc;
}

std::string errorText(const std::exception &e) {
    std::string out;
    for (const char ch : std::string_view(e.what())) {
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
        return makeError(field, "must not be negative, got " + brief(v));
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || d < 0 || d != std::floor(d) || d > 1.8e19) {
            return makeError(field, "must be a whole non-negative number, got " + brief(v));
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

} // namespace hostplan::jsonfield
