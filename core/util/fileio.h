// SPDX-License-Identifier: MIT
// Reading user files in bounded time and memory: only regular files (never a FIFO, a device
// or a directory, which would block or read forever), only up to a stated size.
#pragma once

#include "util/result.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace hostplan {

/// The whole content of `path` when it is a regular file of at most `maxBytes` bytes. Errors
/// (field = the path): missing, not a regular file (directory, FIFO, device), larger than
/// `maxBytes` (with its size and the limit), unreadable (the system's reason).
Result<std::string> readRegularFile(const std::filesystem::path &path, std::uint64_t maxBytes);

} // namespace hostplan
