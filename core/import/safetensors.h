// SPDX-License-Identifier: MIT
// Readers for safetensors checkpoints: model.safetensors.index.json (exact total_size) and the
// header of a .safetensors file (8-byte little-endian length N, then N bytes of JSON mapping
// tensor names to dtype, shape and data_offsets). Only headers are read, never tensor data.
// Format: https://github.com/huggingface/safetensors (README, "Format").
#pragma once

#include "model/modelspec.h"
#include "util/result.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// Largest safetensors header HostPlan reads (the format's own reader caps it at 100 MB).
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;
/// Largest model.safetensors.index.json HostPlan reads (real ones: a few MB; DeepSeek-V3 ~9 MB).
inline constexpr std::uint64_t kMaxSafetensorsIndexBytes = std::uint64_t(256) << 20;

/// The message of an import stopped through its cancel flag (import/modelimport.h).
inline constexpr const char *kImportCancelled = "import cancelled";

/// model.safetensors.index.json: metadata.total_size (bytes of all tensor payloads) and the
/// tensor -> shard file map.
struct SafetensorsIndex {
    std::uint64_t totalSizeBytes = 0;
    std::map<std::string, std::string> weightMap; ///< empty unless asked for
    std::size_t entries = 0;                      ///< number of weight_map entries
};

/// One tensor of a safetensors header.
struct SafetensorsTensor {
    std::string name;
    std::string dtype; ///< "BF16", "F32", "U8", "F8_E4M3", ...
    std::vector<std::uint64_t> shape;
    std::uint64_t bytes = 0; ///< data_offsets[1] - data_offsets[0]
};

/// Parse index JSON text; the weight_map is kept only with `keepWeightMap` (500k names cost
/// ~100 MB; the importer needs only total_size). One streaming pass, linear in the entries
/// (import/safetensorsscan.h). Errors: malformed JSON, missing or negative
/// metadata.total_size, a weight_map value that is not a string, a name given twice.
/// A set `cancel` flag (looked at every few thousand names) gives kImportCancelled.
Result<SafetensorsIndex> parseSafetensorsIndex(std::string_view jsonText, bool keepWeightMap = true,
                                               const std::atomic<bool> *cancel = nullptr);
/// Read and parse a model.safetensors.index.json file (at most kMaxSafetensorsIndexBytes).
Result<SafetensorsIndex> readSafetensorsIndex(const std::filesystem::path &path,
                                              bool keepWeightMap = true,
                                              const std::atomic<bool> *cancel = nullptr);

/// Parse a safetensors header from the first bytes of a file (at least 8 + N bytes; a shorter
/// buffer is a "truncated" error). `fileSize` (0 = unknown) lets the reader check that data
/// offsets lie inside the file.
Result<std::vector<SafetensorsTensor>> parseSafetensorsHeader(std::string_view bytes,
                                                              std::uint64_t fileSize = 0);
/// A header-only shard: the first 8 + N bytes of a .safetensors file (its length and JSON
/// header) saved without the tensor data, named "<shard>.safetensors.header". HostPlan writes
/// these when it fetches a checkpoint's headers from the Hugging Face Hub (app/hub/hubfetch.h);
/// the readers below take their data size as unknown (offsets are not checked against it).
inline constexpr std::string_view kHeaderOnlyShardSuffix = ".safetensors.header";
/// Whether `path` names a header-only shard (kHeaderOnlyShardSuffix).
bool isHeaderOnlyShard(const std::filesystem::path &path);

/// Read only the header of a .safetensors file (never more than kMaxSafetensorsHeaderBytes), or
/// of a header-only shard (isHeaderOnlyShard).
Result<std::vector<SafetensorsTensor>> readSafetensorsHeader(const std::filesystem::path &path);
/// The sum of the tensor bytes in the header of a .safetensors file, without building the
/// tensor list (one streaming pass); the same checks and errors as readSafetensorsHeader.
/// A set `cancel` flag gives kImportCancelled.
Result<std::uint64_t> readSafetensorsHeaderBytes(const std::filesystem::path &path,
                                                 const std::atomic<bool> *cancel = nullptr);
/// The sum of `tensors`' bytes, or their error named by `path`; "tensor sizes overflow".
Result<std::uint64_t> sumTensorBytes(const std::filesystem::path &path,
                                     const Result<std::vector<SafetensorsTensor>> &tensors);

/// Refine a spec with the exact checkpoint size: sets checkpointBytes. When the groups' derived
/// bytes differ from total_size, the difference is spread onto the groups so that
/// weightBytes() == total_size (documented as "checkpoint-exact").
ModelSpec refineWithIndex(const ModelSpec &spec, const SafetensorsIndex &index);

} // namespace hostplan
