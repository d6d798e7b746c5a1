// SPDX-License-Identifier: MIT
// A small, bounds-checked reader of GGUF file headers (llama.cpp's model format): the metadata
// key-values and the tensor table, never the tensor data. No Debian package reads GGUF, so
// HostPlan has its own; tests/fuzz/fuzz_gguf.cpp fuzzes it.
//
// Format: ggml-org/ggml docs/gguf.md (the spec llama.cpp's gguf-py and ggml/src/gguf.cpp
// implement): "GGUF" magic, uint32 version (2 and 3 are read; 1 used 32-bit counts and is
// refused), uint64 tensor count, uint64 key-value count, the key-values (a uint64-length string
// key, a uint32 value type, the value; arrays are a uint32 element type, a uint64 count and the
// elements, which may themselves be arrays), the tensor infos (name, uint32 n_dims, n_dims
// uint64 dimensions ne[0] first, uint32 ggml type, uint64 offset into the data section), then
// padding to general.alignment (default 32) and the data. Everything is little-endian; a
// big-endian file (its version reads byte-swapped) is named as such and refused.
//
// Hostile files: every count and length is checked against the bytes that remain before
// anything is allocated or looped over, and against fixed limits (kMax* below), so a header
// costs memory proportional to its own size at most. Errors name the file and the field
// ("m.gguf: tensor_infos[3].dims: 5 dimensions (at most 4)", "m.gguf: truncated in
// metadata[12] 'tokenizer.ggml.tokens' (needs 8 bytes at offset 1234, file has 1236)").
#pragma once

#include "import/ggmltypes.h"
#include "util/result.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::gguf {

/// GGUF metadata value types (gguf.md `gguf_metadata_value_type`).
enum class ValueType : std::uint32_t {
    UInt8 = 0,
    Int8 = 1,
    UInt16 = 2,
    Int16 = 3,
    UInt32 = 4,
    Int32 = 5,
    Float32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    UInt64 = 10,
    Int64 = 11,
    Float64 = 12,
};

/// Limits against hostile headers. Real files stay far below: a 150k-token vocabulary with its
/// merges is ~10 MB of header and ~300k array elements; DeepSeek-V3 has ~1,900 tensors.
inline constexpr std::uint64_t kMaxHeaderBytes = std::uint64_t(256) << 20; ///< read at most
inline constexpr std::uint64_t kMaxStringBytes = std::uint64_t(16) << 20;  ///< one string
inline constexpr std::uint64_t kMaxArrayElements = std::uint64_t(1) << 24; ///< one array
inline constexpr std::uint64_t kMaxKeyValues = 1u << 16;
inline constexpr std::uint64_t kMaxTensors = 1u << 20;
inline constexpr std::uint32_t kMaxDims = 4;             ///< GGML_MAX_DIMS
inline constexpr std::uint32_t kMaxArrayDepth = 8;       ///< arrays of arrays of ...
inline constexpr std::uint64_t kMaxKeptArray = 1u << 16; ///< numeric elements kept per array
/// Numeric elements kept in all (8 bytes each, 32 MiB): 3,000 arrays of 65,536 bytes took a
/// 200 MB header to 1.75 GB when each array was kept.
inline constexpr std::uint64_t kMaxKeptNumbers = 1u << 22;

/// One metadata value. Scalars keep their value (integers in `i` or `u` by signedness, floats
/// in `f`, strings in `s`); arrays keep their element type and count, and their elements when
/// those are numbers or bools, at most kMaxKeptArray and within the header's kMaxKeptNumbers
/// (per-layer head counts come first, in the architecture's keys); string and
/// nested arrays keep only their count (a vocabulary's tokens are counted, not stored).
struct Value {
    ValueType type = ValueType::UInt32;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    double f = 0;
    std::string s;
    ValueType elementType = ValueType::UInt32; ///< arrays
    std::uint64_t count = 0;                   ///< arrays: elements
    std::vector<double> numbers;               ///< arrays of numbers / bools (see above)

    bool isArray() const { return type == ValueType::Array; }
    bool isInteger() const;
    bool isNumber() const {
        return isInteger() || type == ValueType::Float32 || type == ValueType::Float64;
    }
    /// A non-negative integer scalar as uint64 (nullopt for negatives, floats, strings, arrays).
    std::optional<std::uint64_t> asCount() const;
};

/// One tensor info: name, dimensions (ne[0] first), ggml type, offset in the data section and
/// its exact stored bytes (ggmlTensorBytes).
struct TensorInfo {
    std::string name;
    std::vector<std::uint64_t> dims;
    const GgmlType *type = nullptr;
    std::uint64_t offset = 0; ///< from the start of its file's data section
    std::uint64_t bytes = 0;
    std::uint32_t part = 0; ///< the split file that holds it (Model::parts), 0-based
    /// Elements (product of dims).
    std::uint64_t elements() const;
};

/// A parsed GGUF header.
struct Header {
    std::uint32_t version = 3;
    std::map<std::string, Value> metadata;
    std::vector<TensorInfo> tensors;
    std::uint32_t alignment = 32; ///< general.alignment or 32
    std::uint64_t dataOffset = 0; ///< where the data section starts (aligned)
    std::uint64_t fileSize = 0;   ///< the file's size (0 when unknown: data not checked)
    /// The value of `key`, or nullptr.
    const Value *find(const std::string &key) const;
    /// Sum of the tensors' bytes.
    std::uint64_t tensorBytes() const;
};

/// Parses a header from `bytes`, the start of a file of `fileSize` bytes (0 = unknown: tensor
/// data ranges are then not checked against the end of the file). `name` prefixes errors.
/// When the bytes end inside the header and the file is longer than `bytes`, the error's field
/// is "<name>: need-more-bytes" (readHeader then reads more).
Result<Header> parseHeader(std::string_view bytes, std::uint64_t fileSize, const std::string &name);

/// Reads the header of the GGUF file at `path` (at most kMaxHeaderBytes of it), checking that
/// every tensor's data lies inside the file.
Result<Header> readHeader(const std::filesystem::path &path);

/// A model that may span split files.
struct Model {
    Header header; ///< the first part's header, with every part's tensors
    std::vector<std::filesystem::path> parts; ///< the files read, in order
    std::uint64_t fileBytes = 0;              ///< sum of the parts' sizes
};

/// Reads a model: one .gguf file, or a split set named "<stem>-00001-of-00003.gguf" (any part
/// may be given; all N parts must sit beside it), whose tensors are summed. Errors name the
/// missing part or the bad file and field.
Result<Model> readModel(const std::filesystem::path &path);

/// For "<stem>-0000K-of-0000N.gguf": N and the path of part `index` (1-based); nullopt when the
/// name is not a split name.
struct SplitName {
    std::uint32_t index = 1;
    std::uint32_t count = 1;
    std::string stem; ///< the path before "-0000K-of-0000N.gguf"
};
std::optional<SplitName> parseSplitName(const std::filesystem::path &path);

/// Human-readable name of a value type ("uint32", "array").
std::string valueTypeName(ValueType type);

} // namespace hostplan::gguf
