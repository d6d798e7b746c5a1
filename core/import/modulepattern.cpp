// SPDX-License-Identifier: MIT
#include "import/modulepattern.h"

#include <re2/re2.h>

namespace hostplan::importer {

namespace {

Result<std::shared_ptr<const re2::RE2>> compile(const std::string &regex) {
    if (regex.size() > ModulePattern::kMaxPatternChars) {
        return makeError("", "pattern of " + std::to_string(regex.size()) +
                                 " characters is longer than the limit of " +
                                 std::to_string(ModulePattern::kMaxPatternChars));
    }
    re2::RE2::Options options;
    options.set_log_errors(false);
    options.set_max_mem(ModulePattern::kMaxProgramBytes);
    auto re = std::make_shared<const re2::RE2>(regex, options);
    if (!re->ok()) {
        const bool tooBig = re->error_code() == re2::RE2::ErrorPatternTooLarge;
        return makeError("", tooBig ? "pattern too large to compile (more than " +
                                          std::to_string(ModulePattern::kMaxProgramBytes >> 10) +
                                          " KiB of program): " + re->error()
                                    : "invalid regular expression, or one RE2 does not support "
                                      "(no look-around or back-references): " +
                                          re->error());
    }
    return std::shared_ptr<const re2::RE2>(std::move(re));
}

} // namespace

Result<ModulePattern> ModulePattern::fromRegex(std::string_view regex) {
    HOSTPLAN_TRY(re, compile(std::string(regex)));
    return ModulePattern(std::move(re));
}

Result<ModulePattern> ModulePattern::fromGlob(std::string_view glob) {
    if (glob.size() > kMaxPatternChars / 2) { // quoting may double it
        return makeError("", "pattern of " + std::to_string(glob.size()) +
                                 " characters is longer than the limit of " +
                                 std::to_string(kMaxPatternChars / 2));
    }
    // Runs of '*' collapse to one ".*": equivalent, and keeps the program small.
    std::string re;
    std::string literal;
    bool lastStar = false;
    for (const char ch : glob) {
        if (ch == '*') {
            if (!lastStar) {
                re += re2::RE2::QuoteMeta(literal) + ".*";
            }
            literal.clear();
            lastStar = true;
        } else {
            literal += ch;
            lastStar = false;
        }
    }
    re += re2::RE2::QuoteMeta(literal);
    re += "(?:\\..*)?";
    HOSTPLAN_TRY(compiled, compile(re));
    return ModulePattern(std::move(compiled));
}

bool ModulePattern::matchesPrefix(std::string_view text) const {
    return m_re->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(),
                       re2::RE2::ANCHOR_START, nullptr, 0);
}

bool ModulePattern::matchesWhole(std::string_view text) const {
    return m_re->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(),
                       re2::RE2::ANCHOR_BOTH, nullptr, 0);
}

std::size_t ModulePattern::patternChars() const {
    return m_re->pattern().size();
}

} // namespace hostplan::importer
