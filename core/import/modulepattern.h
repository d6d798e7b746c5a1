// SPDX-License-Identifier: MIT
// Module-name patterns read from a checkpoint's config (compressed-tensors "re:" ignore entries,
// transformers' modules_to_not_convert globs), compiled once per import with RE2: matching is
// linear in the module name whatever the pattern (no catastrophic backtracking as with
// std::regex on "(.|.)*X" or a glob of many '*'), and compiling is bounded in memory and stack
// (a pattern of 25,000 nested groups is a clear error, not a stack overflow).
#pragma once

#include "util/result.h"

#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace hostplan::importer {

/// A compiled pattern; cheap to copy (the compiled program is shared and immutable).
class ModulePattern {
  public:
    /// Most program memory one pattern may take (RE2's max_mem); a larger one is an error.
    static constexpr std::int64_t kMaxProgramBytes = std::int64_t(1) << 20;
    /// Longest pattern text accepted before compiling.
    static constexpr std::size_t kMaxPatternChars = 4096;

    /// `regex` in RE2 syntax (Python's re without look-around and back-references). Errors
    /// (field empty, for the caller to fill): too long, invalid, unsupported or too large.
    static Result<ModulePattern> fromRegex(std::string_view regex);
    /// A modules_to_not_convert glob: '*' matches any run of characters (dots included), every
    /// other character itself; the pattern matches a whole module name or one of its children
    /// ("model.layers.*.mlp" matches "model.layers.3.mlp.experts").
    static Result<ModulePattern> fromGlob(std::string_view glob);

    /// Python's re.match: the pattern matches a prefix of `text`.
    bool matchesPrefix(std::string_view text) const;
    /// The pattern matches the whole of `text`.
    bool matchesWhole(std::string_view text) const;
    /// Characters of the compiled pattern (a measure of what one match costs).
    std::size_t patternChars() const;

  private:
    explicit ModulePattern(std::shared_ptr<const re2::RE2> re) : m_re(std::move(re)) {}
    std::shared_ptr<const re2::RE2> m_re;
};

} // namespace hostplan::importer
