// SPDX-License-Identifier: MIT
// Reading and writing user files safely.
//
// Reading: only regular files (never a FIFO, a device or a directory, which would block, read
// forever or fail obscurely) and only up to a stated size, checked before reading; the file is
// opened non-blocking and checked on the open descriptor, so a FIFO swapped in after a check
// cannot block either.
//
// Writing: complete or absent. The bytes go to a temporary file in the target's folder; every
// write, fsync and close is checked; only then is the temporary renamed over the target, so a
// full disk or an I/O error keeps the old file and leaves no partial one. Errors name the path
// and the system's reason (strerror).
#pragma once

#include "util/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hostplan {

/// The whole content of `path` when it is a regular file of at most `maxBytes` bytes. Errors
/// (field = the path): missing, not a regular file (directory, FIFO, device), larger than
/// `maxBytes` (with its size and the limit), unreadable (the system's reason).
Result<std::string> readRegularFile(const std::filesystem::path &path, std::uint64_t maxBytes);

/// The first bytes of a regular file and its size (for formats with a header: safetensors).
struct FileHead {
    std::string bytes;      ///< at most the count asked for; fewer when the file is shorter
    std::uint64_t fileSize; ///< the whole file's size in bytes
};

/// The first `count` bytes of `path` when it is a regular file (same checks as
/// readRegularFile, without the size limit: only `count` bytes are read).
Result<FileHead> readFileHead(const std::filesystem::path &path, std::uint64_t count);

/// Replaces `path` with `bytes` atomically (temporary file in the same folder, checked writes,
/// fsync, rename). On any failure the old file is untouched, the temporary removed, and the
/// error (field = the path) says what failed and why ("No space left on device"). A symbolic
/// link is followed: the file it points to is replaced and the link kept. A character device
/// or FIFO (/dev/null, /dev/stdout, a pipe with a reader) is written into directly, never
/// replaced; a block device or socket is refused, naming the path.
///
/// Test hook: when the environment variable HOSTPLAN_TEST_FAIL_WRITE_AFTER holds a byte count
/// N, every write past the first N bytes of a file fails with ENOSPC, as on a full disk.
Result<bool> writeFileAtomically(const std::filesystem::path &path, std::string_view bytes);

/// Writes a set of files (path, bytes) as one: every file is written to its temporary first
/// (as writeFileAtomically does), and only when all are complete are they renamed over their
/// targets, so a full disk or a refused path leaves every old file as it was (the error says
/// "none of the other files was replaced"). Only a rename failing midway, after the data is on
/// disk, can leave the set mixed; that error says how many files before it were replaced.
Result<bool>
writeFilesAtomically(const std::vector<std::pair<std::filesystem::path, std::string>> &files);

} // namespace hostplan
