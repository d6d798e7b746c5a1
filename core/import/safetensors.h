// SPDX-License-Identifier: MIT
// Readers for safetensors checkpoints: model.safetensors.index.json (exact total_size) and the
// header of a .safetensors file (8-byte little-endian length N, then N bytes of JSON mapping
// tensor names to dtype, shape and data_offsets). Only headers are read, never tensor data.
// Format: https://github.com/huggingface/safetensors (README, "Format").
#pragma once

#include "model/modelspec.h"
#include "util/result.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// Largest safetensors header HostPlan reads (the format's own reader caps it at 100 MB).
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

/// model.safetensors.index.json: metadata.total_size (bytes of all tensor payloads) and the
/// tensor -> shard file map.
struct SafetensorsIndex {
    std::uint64_t totalSizeBytes = 0;
    std::map<std::string, std::string> weightMap;
};

/// One tensor of a safetensors header.
struct SafetensorsTensor {
    std::string name;
    std::string dtype; ///< "BF16", "F32", "U8", "F8_E4M3", ...
    std::vector<std::uint64_t> shape;
    std::uint64_t bytes = 0; ///< data_offsets[1] - data_offsets[0]
};

/// Parse index JSON text. Errors: malformed JSON, missing or negative metadata.total_size.
Result<SafetensorsIndex> parseSafetensorsIndex(std::string_view jsonText);
/// Read and parse a model.safetensors.index.json file.
Result<SafetensorsIndex> readSafetensorsIndex(const std::filesystem::path &path);

/// Parse a safetensors header from the first bytes of a file (at least 8 + N bytes; a shorter
/// buffer is a "truncated" error). `fileSize` (0 = unknown) lets the reader check that data
/// offsets lie inside the file.
Result<std::vector<SafetensorsTensor>> parseSafetensorsHeader(std::string_view bytes,
                                                              std::uint64_t fileSize = 0);
/// Read only the header of a .safetensors file (never more than kMaxSafetensorsHeaderBytes).
Result<std::vector<SafetensorsTensor>> readSafetensorsHeader(const std::filesystem::path &path);

/// Refine a spec with the exact checkpoint size: sets checkpointBytes. When the groups' derived
/// bytes differ from total_size, the difference is spread onto the groups so that
/// weightBytes() == total_size (documented as "checkpoint-exact").
ModelSpec refineWithIndex(const ModelSpec &spec, const SafetensorsIndex &index);

} // namespace hostplan
