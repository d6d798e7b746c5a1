// SPDX-License-Identifier: MIT
// Reading a model config (Hugging Face config.json, or any JSON of the same shape) for the
// importers: typed, range-checked fields whose errors name the dotted field path
// ("text_config.hidden_size: missing"), plausibility limits, and overflow-checked arithmetic for
// parameter and byte counts.
//
// Error handling: inside the importer a bad field throws ImportFailure (it never leaves
// core/import/): the public entry points (importHfConfigText, ModelBuilder::finish) catch it and
// return it as a Result's Error. guarded() does that for any callable.
#pragma once

#include "util/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::importer {

/// An import error on its way to the entry point; thrown by fail() and the checked arithmetic.
struct ImportFailure {
    Error error;
};

/// The longest field name and message an import error keeps (cutText): what a hostile file
/// puts in them cannot make an error line longer.
inline constexpr std::size_t kMaxFieldBytes = 160;
inline constexpr std::size_t kMaxMessageBytes = 600;

/// Throws ImportFailure{field, message}, each cut at its bound above, control characters (a
/// newline in a hostile key) written as \u00XX so that the error stays one line.
[[noreturn]] void fail(std::string field, std::string message);

/// Runs `f` and returns its value, or the Error of an ImportFailure it threw.
template <typename F> auto guarded(F &&f) -> Result<decltype(f())> {
    try {
        return f();
    } catch (const ImportFailure &failure) {
        return failure.error;
    }
}

// Plausibility limits: a config beyond these is corrupt or hostile, not a model. They also keep
// every product below 2^64 together with the checked arithmetic below.
inline constexpr std::uint64_t kMaxHidden = std::uint64_t(1) << 20;       ///< widths
inline constexpr std::uint64_t kMaxIntermediate = std::uint64_t(1) << 24; ///< MLP widths
/// Attention head widths (head_dim and its kin): published models use 64 to 512, MLA latents
/// 512; 16,384 keeps a typo such as 1,000,000 from sizing a 10-trillion-parameter model.
inline constexpr std::uint64_t kMaxHeadDim = std::uint64_t(1) << 14;
inline constexpr std::uint64_t kMaxLayers = std::uint64_t(1) << 16;
inline constexpr std::uint64_t kMaxHeads = std::uint64_t(1) << 16;
inline constexpr std::uint64_t kMaxVocab = std::uint64_t(1) << 26;
inline constexpr std::uint64_t kMaxExperts = std::uint64_t(1) << 20;
inline constexpr std::uint64_t kMaxContext = std::uint64_t(1) << 40; ///< tokens
inline constexpr std::uint64_t kMaxParams = std::uint64_t(1) << 54;  ///< 1.8e16, 6,000x Kimi K3

/// a x b; throws ImportFailure naming `field` when the product exceeds 64 bits.
std::uint64_t checkedMul(std::uint64_t a, std::uint64_t b, std::string_view field);
/// a x b x c; throws ImportFailure naming `field` when the product exceeds 64 bits.
std::uint64_t checkedMul(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::string_view field);
/// a + b; throws ImportFailure naming `field` when the sum exceeds 64 bits.
std::uint64_t checkedAdd(std::uint64_t a, std::uint64_t b, std::string_view field);
/// ceil(a / b) for b > 0, without the a + b - 1 overflow of util/units.h's ceilDiv.
std::uint64_t ceilDivExact(std::uint64_t a, std::uint64_t b);

/// Python's json module writes Infinity, -Infinity and NaN, which JSON (and nlohmann_json)
/// refuses. Returns `text` with each such literal outside strings replaced by null, and appends
/// the key each belonged to (its dotted path: "a.b", "list[2]") to `keys`.
std::string replaceNonFiniteLiterals(std::string_view text, std::vector<std::string> &keys);

/// One JSON object of a config with its dotted path, so that errors name the field
/// ("text_config.hidden_size"). Every accessor throws ImportFailure on a bad value. Cheap to
/// copy; it refers to the JSON, which must outlive it.
class ConfigReader {
  public:
    /// `path` is the object's dotted path ("" for the top level).
    ConfigReader(const nlohmann::json &j, std::string path);

    /// The dotted path of `key` in this object ("text_config.hidden_size").
    std::string field(std::string_view key) const;
    /// This object's dotted path.
    const std::string &path() const { return m_path; }
    /// The JSON object itself.
    const nlohmann::json &raw() const { return *m_j; }

    /// The value of `key`, or nullptr when absent or null.
    const nlohmann::json *get(std::string_view key) const;
    /// Whether `key` is present and not null.
    bool has(std::string_view key) const { return get(key) != nullptr; }

    /// A required integer in [lo, hi]; integral floats (4096.0) are accepted.
    std::uint64_t count(std::string_view key, std::uint64_t hi, std::uint64_t lo = 1) const;
    /// An optional integer in [lo, hi]; absent or null gives `def`.
    std::uint64_t countOr(std::string_view key, std::uint64_t def, std::uint64_t hi,
                          std::uint64_t lo = 1) const;
    /// An optional boolean; absent or null gives `def`.
    bool flag(std::string_view key, bool def) const;
    /// An optional string; absent or null gives `def`.
    std::string str(std::string_view key, const std::string &def = {}) const;
    /// A required nested object.
    ConfigReader sub(std::string_view key) const;
    /// An optional nested object; absent or null gives nullopt.
    std::optional<ConfigReader> optSub(std::string_view key) const;
    /// An optional list of integers in [lo, hi]; absent gives an empty list.
    std::vector<std::uint64_t> countList(std::string_view key, std::uint64_t hi,
                                         std::uint64_t lo) const;
    /// An optional list of strings; absent gives an empty list.
    std::vector<std::string> strList(std::string_view key) const;

  private:
    /// The list at `key`, nullptr when absent or null; a non-list is an error.
    const nlohmann::json *list(std::string_view key) const;
    std::uint64_t toCount(const nlohmann::json &v, std::string_view key, std::uint64_t lo,
                          std::uint64_t hi) const;

    const nlohmann::json *m_j; // never null; a pointer keeps ConfigReader assignable
    std::string m_path;
};

} // namespace hostplan::importer
