// SPDX-License-Identifier: MIT
#include "import/configreader.h"

#include "util/jsonutil.h"
#include "util/textutil.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

namespace hostplan::importer {

using json = nlohmann::json;
using u64 = std::uint64_t;

namespace {

/// `text` with its control characters (a newline in a JSON key, an escape) written as \u00XX.
std::string oneLine(const std::string &text) {
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto u = static_cast<unsigned char>(ch);
        if (u < 0x20 || u == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04X", unsigned(u));
            out += buf;
        } else {
            out += ch;
        }
    }
    return out;
}

} // namespace

void fail(std::string field, std::string message) {
    // A field or message built from a hostile file (a 100 KB key, a quoted value, a key with
    // a newline) stays one readable line.
    throw ImportFailure{makeError(cutText(oneLine(field), kMaxFieldBytes),
                                  cutText(oneLine(message), kMaxMessageBytes))};
}

namespace {

[[noreturn]] void overflow(std::string_view field, const std::string &what) {
    fail(std::string(field), what + " overflows 64 bits; the config's sizes are implausible");
}

/// The length of an Infinity / -Infinity / NaN literal at `i`, else 0.
std::size_t nonFiniteLiteralAt(std::string_view text, std::size_t i) {
    for (std::string_view lit : {"-Infinity", "Infinity", "NaN"}) {
        if (text.substr(i, lit.size()) == lit) {
            return lit.size();
        }
    }
    return 0;
}

} // namespace

u64 checkedMul(u64 a, u64 b, std::string_view field) {
    if (b != 0 && a > std::numeric_limits<u64>::max() / b) {
        overflow(field, std::to_string(a) + " x " + std::to_string(b));
    }
    return a * b;
}

u64 checkedMul(u64 a, u64 b, u64 c, std::string_view field) {
    return checkedMul(checkedMul(a, b, field), c, field);
}

u64 checkedAdd(u64 a, u64 b, std::string_view field) {
    if (a > std::numeric_limits<u64>::max() - b) {
        overflow(field, std::to_string(a) + " + " + std::to_string(b));
    }
    return a + b;
}

u64 ceilDivExact(u64 a, u64 b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

std::string replaceNonFiniteLiterals(std::string_view text, std::vector<std::string> &keys) {
    std::string out;
    out.reserve(text.size());
    // A stack of the open containers' paths; `pendingKey` is the last object key read.
    struct Level {
        std::string path;
        bool array = false;
        std::size_t index = 0;
    };
    std::vector<Level> stack;
    std::string pendingKey;
    auto here = [&]() {
        if (stack.empty()) {
            return std::string();
        }
        const Level &l = stack.back();
        if (l.array) {
            return l.path + "[" + std::to_string(l.index) + "]";
        }
        return l.path.empty() ? pendingKey : l.path + "." + pendingKey;
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const char ch = text[i];
        if (ch == '"') {
            // Copy the string; remember it as a key when a ':' follows.
            std::size_t j = i + 1;
            std::string s;
            while (j < text.size() && text[j] != '"') {
                if (text[j] == '\\' && j + 1 < text.size()) {
                    s += text[j];
                    ++j;
                }
                s += text[j];
                ++j;
            }
            out.append(text.substr(i, j + 1 - i));
            i = j + 1;
            std::size_t k = i;
            while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) {
                ++k;
            }
            if (k < text.size() && text[k] == ':') {
                pendingKey = s;
            }
            continue;
        }
        if (ch == '{' || ch == '[') {
            // Paths are tracked only as deep as any parser accepts (jsonfield::parse refuses
            // deeper nesting): beyond, a path would grow with the depth and the copies
            // quadratically (a hostile file of 200,000 '[' would need gigabytes).
            constexpr std::size_t kMaxTrackedDepth = 512;
            stack.push_back(
                {stack.size() < kMaxTrackedDepth ? here() : std::string(), ch == '[', 0});
        } else if (ch == '}' || ch == ']') {
            if (!stack.empty()) {
                stack.pop_back();
            }
        } else if (ch == ',' && !stack.empty() && stack.back().array) {
            ++stack.back().index;
        } else if (const std::size_t n = nonFiniteLiteralAt(text, i)) {
            keys.push_back(here());
            out += "null";
            i += n;
            continue;
        }
        out += ch;
        ++i;
    }
    return out;
}

ConfigReader::ConfigReader(const json &j, std::string path) : m_j(&j), m_path(std::move(path)) {}

std::string ConfigReader::field(std::string_view key) const {
    return m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
}

const json *ConfigReader::get(std::string_view key) const {
    const auto it = m_j->find(std::string(key));
    return it == m_j->end() || it->is_null() ? nullptr : &*it;
}

u64 ConfigReader::count(std::string_view key, u64 hi, u64 lo) const {
    const json *v = get(key);
    if (!v) {
        fail(field(key), "missing");
    }
    return toCount(*v, key, lo, hi);
}

u64 ConfigReader::countOr(std::string_view key, u64 def, u64 hi, u64 lo) const {
    const json *v = get(key);
    return v ? toCount(*v, key, lo, hi) : def;
}

bool ConfigReader::flag(std::string_view key, bool def) const {
    const json *v = get(key);
    if (!v) {
        return def;
    }
    if (!v->is_boolean()) {
        fail(field(key), "must be true or false, got " + jsonfield::brief(*v));
    }
    return v->get<bool>();
}

std::string ConfigReader::str(std::string_view key, const std::string &def) const {
    const json *v = get(key);
    if (!v) {
        return def;
    }
    if (!v->is_string()) {
        fail(field(key), "must be a string, got " + jsonfield::brief(*v));
    }
    return v->get<std::string>();
}

ConfigReader ConfigReader::sub(std::string_view key) const {
    const json *v = get(key);
    if (!v) {
        fail(field(key), "missing");
    }
    if (!v->is_object()) {
        fail(field(key), "must be an object, got " + jsonfield::brief(*v));
    }
    return ConfigReader(*v, field(key));
}

std::optional<ConfigReader> ConfigReader::optSub(std::string_view key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return sub(key);
}

const json *ConfigReader::list(std::string_view key) const {
    const json *v = get(key);
    if (v && !v->is_array()) {
        fail(field(key), "must be a list, got " + jsonfield::brief(*v));
    }
    return v;
}

std::vector<u64> ConfigReader::countList(std::string_view key, u64 hi, u64 lo) const {
    std::vector<u64> out;
    const json *v = list(key);
    if (!v) {
        return out;
    }
    for (std::size_t i = 0; i < v->size(); ++i) {
        out.push_back(toCount((*v)[i], std::string(key) + "[" + std::to_string(i) + "]", lo, hi));
    }
    return out;
}

std::vector<std::string> ConfigReader::strList(std::string_view key) const {
    std::vector<std::string> out;
    const json *v = list(key);
    if (!v) {
        return out;
    }
    for (std::size_t i = 0; i < v->size(); ++i) {
        if (!(*v)[i].is_string()) {
            fail(field(std::string(key) + "[" + std::to_string(i) + "]"),
                 "must be a string, got " + jsonfield::brief((*v)[i]));
        }
        out.push_back((*v)[i].get<std::string>());
    }
    return out;
}

u64 ConfigReader::toCount(const json &v, std::string_view key, u64 lo, u64 hi) const {
    u64 n = 0;
    if (v.is_number_unsigned()) {
        n = v.get<u64>();
    } else if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        if (i < 0) {
            fail(field(key), "must not be negative, got " + std::to_string(i));
        }
        n = u64(i);
    } else if (v.is_number_float()) {
        // 4096.0 is accepted; 4096.5 is not.
        const double d = v.get<double>();
        if (!(std::isfinite(d) && std::floor(d) == d)) {
            fail(field(key), "must be an integer, got " + jsonfield::brief(v));
        }
        if (d < 0) {
            fail(field(key), "must not be negative, got " + jsonfield::brief(v));
        }
        if (d > double(hi)) {
            fail(field(key), "implausibly large: " + jsonfield::brief(v) + " (limit " +
                                 std::to_string(hi) + ")");
        }
        n = u64(d);
    } else {
        fail(field(key), "must be an integer, got " + jsonfield::brief(v));
    }
    if (n < lo) {
        fail(field(key), "must be at least " + std::to_string(lo) + ", got " + std::to_string(n));
    }
    if (n > hi) {
        fail(field(key),
             "implausibly large: " + std::to_string(n) + " (limit " + std::to_string(hi) + ")");
    }
    return n;
}

} // namespace hostplan::importer
