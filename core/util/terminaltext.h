// SPDX-License-Identifier: MIT
// Text for a terminal: names read from files (scenario names, model names, device names) may
// hold control characters (ESC sequences that move the cursor or retitle the window) or Unicode
// bidirectional overrides (U+202E turns "evil.exe\u202Efdp." into what looks like "evil.pdf"),
// which must not reach a terminal raw.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hostplan {

/// `text` with every character that could change how a terminal shows the rest escaped:
/// C0 controls except newline and tab, DEL, C1 controls (U+0080..U+009F) and the bidi
/// formatting characters (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) and the
/// line / paragraph separators U+2028 / U+2029 (Qt breaks lines at them) as \uXXXX
/// (the JSON escape, so JSON output stays valid and means the same), bytes that are not valid
/// UTF-8 as \xNN. Other text, UTF-8 included, is unchanged.
std::string terminalSafe(std::string_view text);

/// terminalSafe(`text`) with newline and tab escaped too (\u000A, \u0009): a name read from a
/// file (a model's _name_or_path, a GGUF general.name) kept on one line, so printed after a
/// "# " in a shell script or at the head of a plan it cannot start a line of its own.
std::string singleLine(std::string_view text);

/// `word` as one word of a POSIX shell command line: as it is when it holds nothing the shell
/// would split, expand or read specially (letters, digits and -_./:=,+%@ and other bytes), else
/// in single quotes with each ' written as '\'' (POSIX sh, "Single-Quotes": nothing inside
/// is special). An empty word is ''. Newlines stay inside the quotes, so the command is still
/// one word; write a comment about it with singleLine.
std::string shellWord(std::string_view word);

/// The first character of `text` that reorders, hides or breaks displayed text, beyond the C0
/// controls: a C1 control (U+0080..U+009F), a bidi formatting character (U+061C, U+200E,
/// U+200F, U+202A..U+202E, U+2066..U+2069) or a line / paragraph separator (U+2028, U+2029).
/// `what` is "control character", "bidirectional control" or "line separator"; `codePoint`
/// 0 when `text` holds none. Invalid UTF-8 bytes are skipped (firstInvalidUtf8 finds them).
struct DisplayControl {
    std::size_t byte = 0;
    std::uint32_t codePoint = 0;
    const char *what = "";
};
DisplayControl firstDisplayControl(std::string_view text);

/// Byte offset of the first byte of `text` that does not start a valid UTF-8 sequence (overlong
/// forms, surrogates and code points above U+10FFFF count as invalid), or std::string_view::npos
/// when all of `text` is valid UTF-8. JSON text must be UTF-8 (RFC 8259 section 8.1), so a name
/// that fails here cannot be written into a scenario or plan as it is.
std::size_t firstInvalidUtf8(std::string_view text);

} // namespace hostplan
