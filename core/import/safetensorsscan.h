// SPDX-License-Identifier: MIT
// Streaming readers for the two large safetensors JSON texts (model.safetensors.index.json and a
// .safetensors header, each up to ~500k entries): one pass of a strict hand-written JSON reader,
// no document tree, no copy of each name, duplicate names found through 64-bit hashes. They
// accept only well-formed input that the tree-based readers in import/safetensors.cpp would also
// accept with the same result; on anything else (malformed JSON, a bad entry, a repeated hash,
// an escape or non-ASCII byte in a string, a fractional or negative number) they return nullopt
// and the caller runs the tree-based reader (nlohmann_json), which reads the unusual spelling or
// gives the exact error. Time and memory are linear in the number of entries.
#pragma once

#include "import/safetensors.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::importer {

/// Bits per element of a safetensors dtype (safetensors `Dtype` enum, 0.6: F4, F6_* and F8_E8M0
/// included); 0 for an unknown dtype.
std::uint32_t safetensorsDtypeBits(std::string_view dtype);

/// The index's metadata.total_size and its number of weight_map entries; the map itself only
/// when `weightMap` is not null. nullopt: the fast reader declines (see the file comment), or
/// `cancel` was set.
struct IndexScan {
    std::uint64_t totalSizeBytes = 0;
    std::size_t entries = 0;
};
std::optional<IndexScan> scanSafetensorsIndex(std::string_view jsonText,
                                              std::map<std::string, std::string> *weightMap,
                                              const std::atomic<bool> *cancel = nullptr);

/// How many names the readers read between two looks at the cancel flag.
inline constexpr std::size_t kCancelCheckEvery = 4096;

/// The total tensor bytes of a safetensors header's JSON part `json` (without the 8-byte length)
/// in a file of `dataBytes` bytes after the header (UINT64_MAX: unknown); the tensors
/// themselves, sorted by name as the tree reader gives them, when `tensors` is not null.
/// nullopt: the fast reader declines (see the file comment), or `cancel` was set (checked every
/// kCancelCheckEvery names; the caller tells the two apart by the flag). When it stops at a
/// well-formed tensor whose data lies past the file's `dataBytes` (a truncated download), that
/// tensor's name and end offset are set in `beyond` (when not null): an error that needs no
/// slower reader to name it.
std::optional<std::uint64_t>
scanSafetensorsHeader(std::string_view json, std::uint64_t dataBytes,
                      std::vector<SafetensorsTensor> *tensors,
                      const std::atomic<bool> *cancel = nullptr,
                      std::optional<std::pair<std::string, std::uint64_t>> *beyond = nullptr);

} // namespace hostplan::importer
