// SPDX-License-Identifier: MIT
// Where a model's files are: resolving what a user points at (a config.json, a checkpoint
// folder, a model.safetensors.index.json or a .safetensors file) into the config.json to import
// and the index or shard files that refine it, and reading a config file safely.
//
// Catalogue names ("kimi-k3") are not paths: plan/plan.cpp resolveModel() sends them to the
// catalogue and only path-like references here.
#pragma once

#include "util/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::importer {

/// The files of one checkpoint: always a config.json; at most one of an index and shards.
struct CheckpointPaths {
    std::filesystem::path config; ///< config.json
    std::filesystem::path index;  ///< model.safetensors.index.json, or empty
    /// *.safetensors (and header-only *.safetensors.header, import/safetensors.h) without an
    /// index
    std::vector<std::filesystem::path> shards;
};

/// Resolves `path`: a folder gives its config.json and its model.safetensors.index.json, or
/// else every *.safetensors and header-only *.safetensors.header in it; a *.index.json or a
/// *.safetensors file gives itself and the config.json beside it; anything else is taken as the
/// config.json itself. An error names the missing config.json; a filesystem failure gives "<path>:
/// cannot import: ...".
Result<CheckpointPaths> resolveCheckpointPaths(const std::filesystem::path &path);

/// Largest config.json accepted (real ones are a few KB; label maps and module lists stay well
/// under 1 MiB). 16 MiB keeps the peak memory of a hostile one below 256 MB: the parse holds
/// about five copies of the text.
inline constexpr std::uint64_t kMaxConfigBytes = std::uint64_t(16) << 20;

/// Reads a config.json (readRegularFile with kMaxConfigBytes). Errors name the file: not found,
/// not a regular file, unreadable, too large.
Result<std::string> readConfigFile(const std::filesystem::path &path);

} // namespace hostplan::importer
