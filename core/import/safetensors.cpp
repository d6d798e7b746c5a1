// SPDX-License-Identifier: MIT
// Readers for safetensors checkpoints: the index file and the header of a .safetensors file.
// Format: https://github.com/huggingface/safetensors (README, "Format"): 8 bytes little-endian
// u64 N, N bytes of UTF-8 JSON {name: {dtype, shape, data_offsets: [begin, end]}, ...} with an
// optional "__metadata__" string map, then the byte buffer; offsets are relative to the start of
// that buffer. nlohmann_json exceptions are caught here and returned as Errors.
#include "import/safetensors.h"

#include "import/pathresolve.h"
#include "import/safetensorsscan.h"
#include "util/fileio.h"

#include "util/jsonutil.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <system_error>

namespace hostplan {

namespace {

using json = nlohmann::json;

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

/// A JSON value as a non-negative integer below 2^64, or nullopt (negative, fractional, other).
std::optional<std::uint64_t> asUnsigned(const json &v) {
    if (v.is_number_unsigned()) {
        return v.get<std::uint64_t>();
    }
    if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        return i < 0 ? std::nullopt : std::optional<std::uint64_t>(std::uint64_t(i));
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d >= 0 && d < 18446744073709551616.0 && std::floor(d) == d) {
            return std::uint64_t(d);
        }
    }
    return std::nullopt;
}

std::string parseErrorText(const json::parse_error &e) {
    return "malformed JSON at byte " + std::to_string(e.byte) + ": " + jsonfield::errorText(e);
}

/// jsonfield::parse (duplicate names refused, 1e400 named by field); a syntax error has no
/// field (the caller names the file) and keeps nlohmann's position.
Result<json> parseChecked(std::string_view text, const std::string &what) {
    auto parsed = jsonfield::parse(text, what);
    if (!parsed.ok() && parsed.error().field == what) {
        return makeError(what == "header" ? "header" : "", parsed.error().message);
    }
    return parsed;
}

/// An error of a file's content, named once: field "PATH: field" ("PATH" alone when the
/// error has no field), message unchanged.
Error inFile(const std::filesystem::path &path, const Error &e) {
    return makeError(path.string() + (e.field.empty() ? "" : ": " + e.field), e.message);
}

} // namespace

Result<SafetensorsIndex> parseSafetensorsIndex(std::string_view jsonText, bool keepWeightMap,
                                               const std::atomic<bool> *cancel) {
    SafetensorsIndex fast;
    if (const auto scan = importer::scanSafetensorsIndex(
            jsonText, keepWeightMap ? &fast.weightMap : nullptr, cancel)) {
        fast.totalSizeBytes = scan->totalSizeBytes;
        fast.entries = scan->entries;
        return fast;
    }
    if (cancel && cancel->load()) {
        return makeError("", kImportCancelled);
    }
    // The tree reader: unusual spellings, and the exact error of a bad index.
    try {
        HOSTPLAN_TRY(j, parseChecked(jsonText, "the index"));
        if (!j.is_object()) {
            return makeError("", "not a JSON object; this is not a model.safetensors.index.json");
        }
        const auto meta = j.find("metadata");
        if (meta == j.end() || !meta->is_object()) {
            return makeError("metadata", "missing; this is not a model.safetensors.index.json");
        }
        const auto ts = meta->find("total_size");
        if (ts == meta->end() || ts->is_null()) {
            return makeError("metadata.total_size", "missing");
        }
        SafetensorsIndex index;
        if (ts->is_string()) {
            // Some writers store the size as a decimal string ("16060522496").
            const std::string s = ts->get<std::string>();
            std::uint64_t v = 0;
            const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
            if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) {
                return makeError("metadata.total_size",
                                 "not a non-negative integer: \"" + s + "\"");
            }
            index.totalSizeBytes = v;
        } else if (const auto v = asUnsigned(*ts)) {
            index.totalSizeBytes = *v;
        } else {
            return makeError("metadata.total_size",
                             "not a non-negative integer: " + hostplan::jsonfield::brief(*ts));
        }
        if (const auto wm = j.find("weight_map"); wm != j.end() && !wm->is_null()) {
            if (!wm->is_object()) {
                return makeError("weight_map", "not an object");
            }
            for (const auto &[name, file] : wm->items()) {
                if (!file.is_string()) {
                    return makeError("weight_map." + name, "shard file name is not a string");
                }
                ++index.entries;
                if (keepWeightMap) {
                    index.weightMap.emplace(name, file.get<std::string>());
                }
            }
        }
        return index;
    } catch (const json::parse_error &e) {
        return makeError("", parseErrorText(e));
    } catch (const std::exception &e) {
        return makeError("", "cannot read index: " + jsonfield::errorText(e));
    }
}

Result<SafetensorsIndex> readSafetensorsIndex(const std::filesystem::path &path, bool keepWeightMap,
                                              const std::atomic<bool> *cancel) {
    auto text = readRegularFile(path, kMaxSafetensorsIndexBytes);
    if (!text) {
        return text.error();
    }
    auto index = parseSafetensorsIndex(*text, keepWeightMap, cancel);
    if (!index && cancel && cancel->load()) {
        return index;
    }
    if (!index) {
        return inFile(path, index.error());
    }
    return index;
}

Result<std::vector<SafetensorsTensor>> parseSafetensorsHeader(std::string_view bytes,
                                                              std::uint64_t fileSize) {
    if (bytes.size() < 8) {
        return makeError("header", "truncated: " + std::to_string(bytes.size()) +
                                       " bytes, the 8-byte header length is incomplete");
    }
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) {
        n = (n << 8) | static_cast<unsigned char>(bytes[std::size_t(i)]);
    }
    if (n > kMaxSafetensorsHeaderBytes) {
        return makeError("header", "header length " + std::to_string(n) + " exceeds the " +
                                       std::to_string(kMaxSafetensorsHeaderBytes) +
                                       "-byte limit (corrupt or not a safetensors file)");
    }
    if (bytes.size() - 8 < n) {
        return makeError("header", "truncated: header says " + std::to_string(n) +
                                       " bytes of JSON, only " + std::to_string(bytes.size() - 8) +
                                       " present");
    }
    if (fileSize != 0 && fileSize < 8 + n) {
        return makeError("header", "truncated: file is " + std::to_string(fileSize) +
                                       " bytes, smaller than its " + std::to_string(8 + n) +
                                       "-byte header");
    }
    // Bytes available for tensor data; unknown when fileSize is 0.
    const std::uint64_t dataBytes = fileSize == 0 ? kU64Max : fileSize - 8 - n;
    {
        std::vector<SafetensorsTensor> fast;
        std::optional<std::pair<std::string, std::uint64_t>> beyond;
        if (importer::scanSafetensorsHeader(bytes.substr(8, std::size_t(n)), dataBytes, &fast,
                                            nullptr, &beyond)) {
            return fast;
        }
        if (beyond) {
            // A truncated or header-only download: named at once, without the tree reader's
            // pass over a header that may hold millions of entries.
            return makeError(beyond->first + ".data_offsets",
                             "end " + std::to_string(beyond->second) + " lies beyond the " +
                                 std::to_string(dataBytes) + " data bytes of the file");
        }
    }
    // The tree reader: unusual spellings, and the exact error of a bad header.
    try {
        HOSTPLAN_TRY(j, parseChecked(bytes.substr(8, std::size_t(n)), "header"));
        if (!j.is_object()) {
            return makeError("header", "JSON header is not an object");
        }
        std::vector<SafetensorsTensor> tensors;
        struct Span {
            std::uint64_t begin;
            std::uint64_t end;
            std::string name;
        };
        std::vector<Span> spans;
        tensors.reserve(j.size());
        for (const auto &[name, t] : j.items()) {
            if (name == "__metadata__") {
                continue; // free-form string map
            }
            if (!t.is_object()) {
                return makeError(name, "tensor entry is not an object");
            }
            SafetensorsTensor out;
            out.name = name;
            const auto dt = t.find("dtype");
            if (dt == t.end() || !dt->is_string()) {
                return makeError(name + ".dtype", "missing or not a string");
            }
            out.dtype = dt->get<std::string>();
            const std::uint32_t bits = importer::safetensorsDtypeBits(out.dtype);
            if (bits == 0) {
                return makeError(name + ".dtype", "unknown dtype '" + out.dtype + "'");
            }
            const auto shape = t.find("shape");
            if (shape == t.end() || !shape->is_array()) {
                return makeError(name + ".shape", "missing or not an array");
            }
            std::uint64_t elements = 1;
            bool overflow = false;
            for (const auto &d : *shape) {
                const auto v = asUnsigned(d);
                if (!v) {
                    return makeError(name + ".shape", "dimension is not a non-negative integer: " +
                                                          hostplan::jsonfield::brief(d));
                }
                out.shape.push_back(*v);
                if (*v != 0 && elements > kU64Max / *v) {
                    overflow = true;
                }
                elements *= *v;
            }
            if (overflow || elements > kU64Max / bits) {
                return makeError(name + ".shape", "element count overflows");
            }
            const auto off = t.find("data_offsets");
            if (off == t.end() || !off->is_array() || off->size() != 2) {
                return makeError(name + ".data_offsets", "missing or not a [begin, end] pair");
            }
            const auto begin = asUnsigned((*off)[0]);
            const auto end = asUnsigned((*off)[1]);
            if (!begin || !end) {
                return makeError(name + ".data_offsets", "offsets are not non-negative integers");
            }
            if (*end < *begin) {
                return makeError(name + ".data_offsets", "reversed: end " + std::to_string(*end) +
                                                             " < begin " + std::to_string(*begin));
            }
            if (*end > dataBytes) {
                return makeError(name + ".data_offsets",
                                 "end " + std::to_string(*end) + " lies beyond the " +
                                     std::to_string(dataBytes) + " data bytes of the file");
            }
            out.bytes = *end - *begin;
            const std::uint64_t bitsTotal = elements * bits;
            if (bitsTotal % 8 != 0 || bitsTotal / 8 != out.bytes) {
                return makeError(name + ".data_offsets",
                                 std::to_string(out.bytes) + " bytes do not match shape x " +
                                     out.dtype + " (" + std::to_string(elements) + " elements x " +
                                     std::to_string(bits) + " bits)");
            }
            if (*end > *begin) { // an empty tensor occupies no bytes
                spans.push_back({*begin, *end, out.name});
            }
            tensors.push_back(std::move(out));
        }
        // Tensors may not share bytes (the format lays them out back to back): overlapping
        // offsets would count bytes twice.
        std::sort(spans.begin(), spans.end(),
                  [](const Span &a, const Span &b) { return a.begin < b.begin; });
        for (std::size_t i = 1; i < spans.size(); ++i) {
            if (spans[i].begin < spans[i - 1].end) {
                return makeError(spans[i].name + ".data_offsets",
                                 "overlaps " + spans[i - 1].name + " (bytes " +
                                     std::to_string(spans[i].begin) + ".." +
                                     std::to_string(spans[i - 1].end) + " claimed twice)");
            }
        }
        return tensors;
    } catch (const json::parse_error &e) {
        return makeError("header", parseErrorText(e));
    } catch (const std::exception &e) {
        return makeError("header", "cannot read header: " + jsonfield::errorText(e));
    }
}

namespace {

/// The first 8 + N bytes of a .safetensors file (its length and JSON header) and the file's
/// size, never reading more than kMaxSafetensorsHeaderBytes. Errors name the file.
Result<FileHead> readHeaderBlock(const std::filesystem::path &path) {
    HOSTPLAN_TRY(head, readFileHead(path, 8));
    if (head.bytes.size() != 8) {
        return makeError(path.string(), "truncated: shorter than the 8-byte header length");
    }
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) {
        n = (n << 8) | static_cast<unsigned char>(head.bytes[std::size_t(i)]);
    }
    const std::uint64_t size = head.fileSize;
    // Check the length before allocating anything for it.
    if (n > kMaxSafetensorsHeaderBytes) {
        return makeError(path.string(), "header length " + std::to_string(n) + " exceeds the " +
                                            std::to_string(kMaxSafetensorsHeaderBytes) +
                                            "-byte limit (corrupt or not a safetensors file)");
    }
    if (size < 8 + n) {
        return makeError(path.string(), "truncated: file is " + std::to_string(size) +
                                            " bytes, smaller than its " + std::to_string(8 + n) +
                                            "-byte header");
    }
    HOSTPLAN_TRY(whole, readFileHead(path, 8 + n));
    if (whole.bytes.size() != 8 + n) {
        return makeError(path.string(), "truncated: short read of the header");
    }
    return whole;
}

} // namespace

bool isHeaderOnlyShard(const std::filesystem::path &path) {
    return path.filename().string().ends_with(kHeaderOnlyShardSuffix);
}

Result<std::vector<SafetensorsTensor>> readSafetensorsHeader(const std::filesystem::path &path) {
    HOSTPLAN_TRY(whole, readHeaderBlock(path));
    // A header-only shard has no data: its size says nothing about the offsets.
    auto tensors =
        parseSafetensorsHeader(whole.bytes, isHeaderOnlyShard(path) ? 0 : whole.fileSize);
    if (!tensors) {
        return inFile(path, tensors.error());
    }
    return tensors;
}

Result<std::uint64_t> readSafetensorsHeaderBytes(const std::filesystem::path &path,
                                                 const std::atomic<bool> *cancel) {
    HOSTPLAN_TRY(whole, readHeaderBlock(path));
    const std::uint64_t headerBytes = whole.bytes.size();
    const bool headerOnly = isHeaderOnlyShard(path);
    if (const auto total = importer::scanSafetensorsHeader(
            std::string_view(whole.bytes).substr(8),
            headerOnly ? kU64Max : whole.fileSize - headerBytes, nullptr, cancel)) {
        return *total;
    }
    if (cancel && cancel->load()) {
        return makeError("", kImportCancelled);
    }
    return sumTensorBytes(path,
                          parseSafetensorsHeader(whole.bytes, headerOnly ? 0 : whole.fileSize));
}

Result<std::uint64_t> sumTensorBytes(const std::filesystem::path &path,
                                     const Result<std::vector<SafetensorsTensor>> &tensors) {
    if (!tensors) {
        return inFile(path, tensors.error());
    }
    std::uint64_t total = 0;
    for (const auto &t : *tensors) {
        if (total > kU64Max - t.bytes) {
            return makeError(path.string(), "tensor sizes overflow");
        }
        total += t.bytes;
    }
    return total;
}

namespace {
/// floor(a * b / c) without overflow for c > 0 (b <= c here, so the result fits).
std::uint64_t mulDiv(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
#if defined(__SIZEOF_INT128__)
    __extension__ using U128 = unsigned __int128;
    return std::uint64_t(U128(a) * b / c);
#else
    return std::uint64_t(static_cast<long double>(a) * b / c);
#endif
}
} // namespace

ModelSpec refineWithIndex(const ModelSpec &spec, const SafetensorsIndex &index) {
    ModelSpec out = spec;
    out.checkpointBytes = index.totalSizeBytes;
    const std::uint64_t derived = spec.weightBytes();
    if (index.totalSizeBytes == 0 || derived == index.totalSizeBytes || out.groups.empty() ||
        derived == 0) {
        return out;
    }
    // Real checkpoints differ from the config-derived size by what the config does not see
    // (DeepSeek-V3's MTP layer and FP8 scales: +2.3%); beyond 5% the index more likely belongs to
    // another revision or model, so say so (up to 4x; checkPlausible refuses more).
    const double ratio = double(index.totalSizeBytes) / double(derived);
    if (ratio > 1.05 || ratio < 1 / 1.05) {
        char buf[320];
        std::snprintf(buf, sizeof buf,
                      "the checkpoint's tensor bytes (%.2f GB, from its index or headers) are "
                      "%.0f%% %s the %.2f GB the config implies; the plan follows the "
                      "checkpoint: check that it belongs to this config",
                      double(index.totalSizeBytes) / 1e9, std::abs(ratio - 1) * 100,
                      ratio > 1 ? "above" : "below", double(derived) / 1e9);
        out.notes.push_back(buf);
    }
    // Scale every group's bytes by total/derived (floor), then put the rounding remainder on the
    // largest group, so weightBytes() == total_size exactly ("checkpoint-exact"). This absorbs
    // what a config cannot see: MTP layers, persisted buffers, FP8 scales of unusual layouts.
    const std::uint64_t total = index.totalSizeBytes;
    std::uint64_t sum = 0;
    std::size_t largest = 0;
    std::uint64_t largestBefore = 0;
    for (std::size_t i = 0; i < out.groups.size(); ++i) {
        auto &g = out.groups[i];
        const std::uint64_t before = g.bytes();
        if (before > largestBefore) {
            largest = i;
            largestBefore = before;
        }
        std::uint64_t after = total >= derived ? before + mulDiv(before, total - derived, derived)
                                               : mulDiv(before, total, derived);
        // exactBytes 0 means "derive from params", so a group never drops to 0 bytes (only an
        // absurdly small index gets here).
        after = std::max<std::uint64_t>(after, 1);
        g.exactBytes = after;
        sum += after;
    }
    auto &big = out.groups[largest];
    if (sum <= total) {
        big.exactBytes += total - sum;
    } else {
        big.exactBytes -= std::min(big.exactBytes - 1, sum - total);
    }
    return out;
}

} // namespace hostplan
