#include "jsonutil.h"

#include <cmath>
#include <limits>

namespace hostplan::jsonfield {

Result<nlohmann::json> parse(std::string_view text, const std::string &what) {
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception &e) {
        return makeError(what, std::string("not valid JSON: ") + e.what());
    }
}

std::string brief(const nlohmann::json &value) {
    // Never dump containers: a deeply nested value would recurse in the serializer, and a huge
    // one would be copied whole only to be cut.
    if (value.is_array()) {
        return "a list of " + std::to_string(value.size()) + " element(s)";
    }
    if (value.is_object()) {
        return "an object with " + std::to_string(value.size()) + " key(s)";
    }
    if (value.is_string()) {
        const auto &str = value.get_ref<const std::string &>();
        return nlohmann::json(str.size() > 57 ? str.substr(0, 57) + "..." : str).dump();
    }
    return value.dump();
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
        return makeError(field, "must be between " + brief(min) + " and " + brief(max) +
                                    ", got " + brief(v));
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

} // namespace hostplan::jsonfieldfield
