// SPDX-License-Identifier: MIT
// GGUF header reader (format and limits in gguf.h). The parser walks the bytes with a cursor
// that checks every read against the end of the buffer; failures are thrown inside this file
// only (Malformed) and returned as Result at parseHeader's boundary.
#include "import/gguf.h"

#include "util/fileio.h"
#include "util/textutil.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <limits>
#include <set>
#include <string>

namespace hostplan::gguf {

namespace {

/// A parse failure inside this file; parseHeader turns it into an Error.
struct Malformed {
    std::string field;
    std::string message;
    bool needMore = false; ///< the buffer ended before the file did
};

/// Little-endian reads with bounds checks. `where` names the field being read for errors.
class Cursor {
  public:
    Cursor(std::string_view bytes, std::uint64_t fileSize) : m_bytes(bytes), m_fileSize(fileSize) {}

    std::uint64_t pos() const { return m_pos; }
    std::uint64_t remaining() const { return m_bytes.size() - m_pos; }
    /// Numeric array elements the header may still keep (kMaxKeptNumbers in all).
    std::uint64_t keptLeft = kMaxKeptNumbers;

    /// Throws unless `n` more bytes are available.
    void need(std::uint64_t n, const std::string &where) const {
        if (n <= remaining()) {
            return;
        }
        const bool more = m_fileSize > m_bytes.size();
        const std::uint64_t have = more ? m_fileSize : m_bytes.size();
        throw Malformed{where,
                        "truncated (needs " + std::to_string(n) + " bytes at offset " +
                            std::to_string(m_pos) + ", the file has " + std::to_string(have) + ")",
                        more};
    }
    template <typename T> T read(const std::string &where) {
        need(sizeof(T), where);
        T v{};
        // GGUF is little-endian; HostPlan builds only for little-endian hosts (x86-64, arm64).
        std::memcpy(&v, m_bytes.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }
    void skip(std::uint64_t n, const std::string &where) {
        need(n, where);
        m_pos += n;
    }
    /// A gguf_string: uint64 length + bytes, at most kMaxStringBytes. `keep` false skips it.
    std::string string(const std::string &where, bool keep = true) {
        const auto len = read<std::uint64_t>(where);
        if (len > kMaxStringBytes) {
            throw Malformed{where, "string of " + std::to_string(len) + " bytes (at most " +
                                       std::to_string(kMaxStringBytes) + ")"};
        }
        need(len, where);
        std::string out = keep ? std::string(m_bytes.substr(m_pos, len)) : std::string();
        m_pos += len;
        return out;
    }

  private:
    std::string_view m_bytes;
    std::uint64_t m_fileSize;
    std::uint64_t m_pos = 0;
};

/// Bytes of one scalar of `type`, 0 for strings and arrays (variable size).
std::uint64_t scalarSize(ValueType type) {
    switch (type) {
    case ValueType::UInt8:
    case ValueType::Int8:
    case ValueType::Bool:
        return 1;
    case ValueType::UInt16:
    case ValueType::Int16:
        return 2;
    case ValueType::UInt32:
    case ValueType::Int32:
    case ValueType::Float32:
        return 4;
    case ValueType::UInt64:
    case ValueType::Int64:
    case ValueType::Float64:
        return 8;
    case ValueType::String:
    case ValueType::Array:
        return 0;
    }
    return 0;
}

ValueType checkedType(std::uint32_t raw, const std::string &where) {
    if (raw > std::uint32_t(ValueType::Float64)) {
        throw Malformed{where, "unknown value type " + std::to_string(raw)};
    }
    return ValueType(raw);
}

/// Reads one scalar of `type` into `v` (type already set).
void readScalar(Cursor &c, ValueType type, Value &v, const std::string &where) {
    v.type = type;
    switch (type) {
    case ValueType::UInt8:
        v.u = c.read<std::uint8_t>(where);
        break;
    case ValueType::Int8:
        v.i = c.read<std::int8_t>(where);
        break;
    case ValueType::UInt16:
        v.u = c.read<std::uint16_t>(where);
        break;
    case ValueType::Int16:
        v.i = c.read<std::int16_t>(where);
        break;
    case ValueType::UInt32:
        v.u = c.read<std::uint32_t>(where);
        break;
    case ValueType::Int32:
        v.i = c.read<std::int32_t>(where);
        break;
    case ValueType::UInt64:
        v.u = c.read<std::uint64_t>(where);
        break;
    case ValueType::Int64:
        v.i = c.read<std::int64_t>(where);
        break;
    case ValueType::Float32:
        v.f = double(c.read<float>(where));
        break;
    case ValueType::Float64:
        v.f = c.read<double>(where);
        break;
    case ValueType::Bool: {
        const auto b = c.read<std::uint8_t>(where);
        if (b > 1) {
            throw Malformed{where, "bool value " + std::to_string(b) + " (0 or 1)"};
        }
        v.u = b;
        break;
    }
    case ValueType::String:
        v.s = c.string(where);
        break;
    case ValueType::Array:
        break; // handled by readValue
    }
}

double numberOf(const Value &v) {
    switch (v.type) {
    case ValueType::Int8:
    case ValueType::Int16:
    case ValueType::Int32:
    case ValueType::Int64:
        return double(v.i);
    case ValueType::Float32:
    case ValueType::Float64:
        return v.f;
    default:
        return double(v.u);
    }
}

/// Reads a value of `type`; an array of arrays is refused, as ggml's reader does (the depth
/// guard, kMaxArrayDepth, stays as a bound on the recursion). Array counts are checked
/// against the bytes left (each element needs at least its scalar size, or 8 bytes for a
/// string or array header) before any loop, so a hostile count fails at once.
Value readValue(Cursor &c, ValueType type, const std::string &where, std::uint32_t depth) {
    Value v;
    if (type != ValueType::Array) {
        readScalar(c, type, v, where);
        return v;
    }
    if (depth >= kMaxArrayDepth) {
        throw Malformed{where, "arrays nested deeper than " + std::to_string(kMaxArrayDepth)};
    }
    v.type = ValueType::Array;
    v.elementType = checkedType(c.read<std::uint32_t>(where + ".type"), where + ".type");
    if (v.elementType == ValueType::Array) {
        // ggml's reader takes arrays of scalars and strings only (ggml/src/gguf.cpp
        // gguf_init_from_file_impl: "key '...' has invalid GGUF type 9"), so llama.cpp
        // refuses the file.
        throw Malformed{where + ".type", "an array of arrays, which ggml's GGUF reader refuses "
                                         "(\"has invalid GGUF type 9\")"};
    }
    v.count = c.read<std::uint64_t>(where + ".count");
    if (v.count > kMaxArrayElements) {
        throw Malformed{where + ".count", std::to_string(v.count) + " elements (at most " +
                                              std::to_string(kMaxArrayElements) + ")"};
    }
    const std::uint64_t minSize = std::max<std::uint64_t>(scalarSize(v.elementType), 1);
    const std::uint64_t atLeast = v.elementType == ValueType::String  ? 8
                                  : v.elementType == ValueType::Array ? 12
                                                                      : minSize;
    c.need(v.count * atLeast, where); // count <= 2^24, so no overflow
    const std::uint64_t size = scalarSize(v.elementType);
    if (size > 0) {
        if (v.count <= kMaxKeptArray && v.count <= c.keptLeft) {
            c.keptLeft -= v.count;
            v.numbers.reserve(v.count);
            for (std::uint64_t k = 0; k < v.count; ++k) {
                Value e;
                readScalar(c, v.elementType, e, where);
                v.numbers.push_back(numberOf(e));
            }
        } else if (v.elementType == ValueType::Bool) {
            for (std::uint64_t k = 0; k < v.count; ++k) {
                Value e;
                readScalar(c, v.elementType, e, where); // checks 0 / 1
            }
        } else {
            c.skip(v.count * size, where);
        }
        return v;
    }
    for (std::uint64_t k = 0; k < v.count; ++k) {
        const std::string at = where + "[" + std::to_string(k) + "]";
        if (v.elementType == ValueType::String) {
            c.string(at, false);
        } else {
            (void)readValue(c, ValueType::Array, at, depth + 1);
        }
    }
    return v;
}

/// "tensor_infos[3] 'blk.0.attn_q.weight'" for error fields.
std::string tensorField(std::uint64_t i, const std::string &name) {
    std::string f = "tensor_infos[" + std::to_string(i) + "]";
    if (!name.empty()) {
        f += " '" + name + "'";
    }
    return f;
}

TensorInfo readTensorInfo(Cursor &c, std::uint64_t i) {
    TensorInfo t;
    t.name = c.string(tensorField(i, "") + ".name");
    // ggml's reader refuses a name of GGML_MAX_NAME (64) bytes or more, "tensor name is too
    // long" (ggml/src/gguf.cpp gguf_init_from_file_impl), so llama.cpp cannot open the file.
    if (t.name.size() >= 64) {
        throw Malformed{tensorField(i, "") + ".name",
                        "a name of " + std::to_string(t.name.size()) +
                            " bytes; ggml refuses tensor names of 64 bytes or more"};
    }
    const std::string field = tensorField(i, t.name);
    const auto nDims = c.read<std::uint32_t>(field + ".n_dims");
    if (nDims == 0 || nDims > kMaxDims) {
        throw Malformed{field + ".n_dims", std::to_string(nDims) + " dimensions (1 to " +
                                               std::to_string(kMaxDims) + ")"};
    }
    for (std::uint32_t d = 0; d < nDims; ++d) {
        t.dims.push_back(c.read<std::uint64_t>(field + ".dims"));
    }
    const auto typeId = c.read<std::uint32_t>(field + ".type");
    t.type = ggmlTypeById(typeId);
    if (!t.type) {
        throw Malformed{field + ".type", "unknown or removed ggml type " + std::to_string(typeId)};
    }
    t.offset = c.read<std::uint64_t>(field + ".offset");
    auto bytes = ggmlTensorBytes(*t.type, t.dims);
    if (!bytes) {
        throw Malformed{field + ".dims", bytes.error().message};
    }
    t.bytes = *bytes;
    return t;
}

Header parseChecked(std::string_view bytes, std::uint64_t fileSize) {
    Cursor c(bytes, fileSize);
    Header h;
    h.fileSize = fileSize;
    c.need(4, "magic");
    if (bytes.substr(0, 4) != "GGUF") {
        throw Malformed{"magic", "not a GGUF file (the first bytes are not \"GGUF\")"};
    }
    c.skip(4, "magic");
    h.version = c.read<std::uint32_t>("version");
    if (h.version == 0x02000000u || h.version == 0x03000000u) {
        throw Malformed{"version", "a big-endian GGUF file; only little-endian files are read"};
    }
    if (h.version != 2 && h.version != 3) {
        throw Malformed{"version", "GGUF version " + std::to_string(h.version) +
                                       " (versions 2 and 3 are read)"};
    }
    const auto nTensors = c.read<std::uint64_t>("tensor_count");
    const auto nKv = c.read<std::uint64_t>("metadata_kv_count");
    if (nTensors > kMaxTensors) {
        throw Malformed{"tensor_count", std::to_string(nTensors) + " tensors (at most " +
                                            std::to_string(kMaxTensors) + ")"};
    }
    if (nKv > kMaxKeyValues) {
        throw Malformed{"metadata_kv_count", std::to_string(nKv) + " key-values (at most " +
                                                 std::to_string(kMaxKeyValues) + ")"};
    }
    for (std::uint64_t k = 0; k < nKv; ++k) {
        const std::string at = "metadata[" + std::to_string(k) + "]";
        std::string key = c.string(at + ".key");
        const std::string where = at + " '" + key + "'";
        const ValueType type = checkedType(c.read<std::uint32_t>(where + ".type"), where + ".type");
        Value v = readValue(c, type, where, 0);
        if (!h.metadata.emplace(key, std::move(v)).second) {
            throw Malformed{where, "key given twice"};
        }
    }
    if (const Value *a = h.find("general.alignment")) {
        const auto n = a->asCount();
        if (a->type != ValueType::UInt32 || !n || *n == 0 || (*n & (*n - 1)) != 0) {
            throw Malformed{"general.alignment", "must be a uint32 power of two"};
        }
        h.alignment = std::uint32_t(*n);
    }
    // Each tensor info needs >= 8 (name) + 4 + 8 + 4 + 8 bytes: refuse a count the file cannot
    // hold before reserving anything.
    c.need(nTensors * 32, "tensor_infos");
    h.tensors.reserve(nTensors);
    for (std::uint64_t i = 0; i < nTensors; ++i) {
        h.tensors.push_back(readTensorInfo(c, i));
    }
    // ggml's gguf reader refuses a name given twice (ggml/src/gguf.cpp "duplicate tensor
    // name"); counting it twice would size weights that are not there.
    std::map<std::string_view, std::size_t> seen;
    for (std::size_t i = 0; i < h.tensors.size(); ++i) {
        if (const auto [it, fresh] = seen.emplace(h.tensors[i].name, i); !fresh) {
            throw Malformed{tensorField(i, h.tensors[i].name) + ".name",
                            "duplicate tensor name (also tensor_infos[" +
                                std::to_string(it->second) + "])"};
        }
    }
    h.dataOffset = (c.pos() + h.alignment - 1) / h.alignment * h.alignment;
    // ggml's reader needs the tensors packed in their listed order: each offset is the sum of
    // the ones before, each padded to the alignment (ggml/src/gguf.cpp gguf_init_from_file_impl:
    // "tensor '%s' has offset %" PRIu64 ", expected %zu", then "failed to read tensor data"),
    // so overlapping or out-of-order tensors do not load.
    std::uint64_t expected = 0;
    for (std::size_t i = 0; i < h.tensors.size(); ++i) {
        const TensorInfo &t = h.tensors[i];
        const std::string field = tensorField(i, t.name) + ".offset";
        if (t.offset % h.alignment != 0) {
            throw Malformed{field, std::to_string(t.offset) +
                                       " is not a multiple of the alignment " +
                                       std::to_string(h.alignment)};
        }
        if (t.offset != expected) {
            const std::string where =
                i == 0 ? " (the first tensor's data starts the data section)"
                       : " (where the tensor before it ends, padded to the alignment " +
                             std::to_string(h.alignment) + ")";
            throw Malformed{field, std::to_string(t.offset) + ", expected " +
                                       std::to_string(expected) + where +
                                       (t.offset < expected
                                            ? ": it overlaps earlier tensor data, which llama.cpp "
                                              "refuses"
                                            : ": a gap before its data, which llama.cpp refuses")};
        }
        const std::uint64_t padded = t.bytes + (h.alignment - t.bytes % h.alignment) % h.alignment;
        if (padded < t.bytes || expected > std::numeric_limits<std::uint64_t>::max() - padded) {
            throw Malformed{field, "tensor data sizes overflow"};
        }
        expected += padded;
        if (fileSize == 0) {
            continue;
        }
        const std::uint64_t dataBytes = fileSize > h.dataOffset ? fileSize - h.dataOffset : 0;
        if (t.offset > dataBytes || t.bytes > dataBytes - t.offset) {
            throw Malformed{field, "data [" + std::to_string(t.offset) + ", +" +
                                       std::to_string(t.bytes) +
                                       ") ends past the end of the file (data section of " +
                                       std::to_string(dataBytes) + " bytes)"};
        }
    }
    return h;
}

} // namespace

bool Value::isInteger() const {
    switch (type) {
    case ValueType::UInt8:
    case ValueType::Int8:
    case ValueType::UInt16:
    case ValueType::Int16:
    case ValueType::UInt32:
    case ValueType::Int32:
    case ValueType::UInt64:
    case ValueType::Int64:
        return true;
    default:
        return false;
    }
}

std::optional<std::uint64_t> Value::asCount() const {
    if (!isInteger()) {
        return std::nullopt;
    }
    switch (type) {
    case ValueType::Int8:
    case ValueType::Int16:
    case ValueType::Int32:
    case ValueType::Int64:
        return i < 0 ? std::nullopt : std::optional<std::uint64_t>(std::uint64_t(i));
    default:
        return u;
    }
}

std::uint64_t TensorInfo::elements() const {
    std::uint64_t n = 1;
    for (auto d : dims) {
        n *= d; // bounded: ggmlTensorBytes refused products past 2^60 bytes (>= 1 byte per block)
    }
    return n;
}

const Value *Header::find(const std::string &key) const {
    const auto it = metadata.find(key);
    return it == metadata.end() ? nullptr : &it->second;
}

std::uint64_t Header::tensorBytes() const {
    std::uint64_t sum = 0;
    for (const auto &t : tensors) {
        sum += t.bytes; // <= 2^20 tensors of <= 2^60 bytes each checked against the file size
    }
    return sum;
}

Result<Header> parseHeader(std::string_view bytes, std::uint64_t fileSize,
                           const std::string &name) {
    try {
        return parseChecked(bytes, fileSize);
    } catch (const Malformed &m) {
        if (m.needMore) {
            return makeError(name + ": need-more-bytes", m.field + ": " + m.message);
        }
        return makeError(name + (m.field.empty() ? "" : ": " + m.field), m.message);
    } catch (const std::bad_alloc &) {
        return makeError(name, "out of memory reading the header");
    }
}

Result<Header> readHeader(const std::filesystem::path &path) {
    const std::string name = path.string();
    // Most headers fit 16 MiB (a 150k vocabulary with merges is ~10 MB); read more only when
    // the header goes on.
    std::uint64_t want = std::uint64_t(16) << 20;
    for (;;) {
        HOSTPLAN_TRY(head, readFileHead(path, want));
        auto h = parseHeader(head.bytes, head.fileSize, name);
        if (h.ok() || h.error().field != name + ": need-more-bytes") {
            return h;
        }
        if (want >= kMaxHeaderBytes || head.bytes.size() >= head.fileSize) {
            return makeError(name, "header larger than " + std::to_string(kMaxHeaderBytes >> 20) +
                                       " MiB (" + h.error().message + ")");
        }
        want = std::min(want * 4, kMaxHeaderBytes);
    }
}

std::optional<SplitName> parseSplitName(const std::filesystem::path &path) {
    // llama.cpp's split naming (llama_split_path: "%s-%05d-of-%05d.gguf"), read by position
    // (no regex: a path may be long).
    const std::string s = path.string();
    constexpr std::size_t kSuffix = 20; // "-00001-of-00003.gguf"
    if (s.size() <= kSuffix) {
        return std::nullopt;
    }
    const std::string_view tail = std::string_view(s).substr(s.size() - kSuffix);
    const auto digits = [&](std::size_t from, std::uint32_t &out) {
        out = 0;
        for (std::size_t i = from; i < from + 5; ++i) {
            if (tail[i] < '0' || tail[i] > '9') {
                return false;
            }
            out = out * 10 + std::uint32_t(tail[i] - '0');
        }
        return true;
    };
    SplitName n;
    if (tail[0] != '-' || tail.substr(6, 4) != "-of-" || tail.substr(15) != ".gguf" ||
        !digits(1, n.index) || !digits(10, n.count)) {
        return std::nullopt;
    }
    if (n.index == 0 || n.count == 0 || n.index > n.count) {
        return std::nullopt;
    }
    n.stem = s.substr(0, s.size() - kSuffix);
    return n;
}

namespace {

/// The integer metadata `key` of `h`, or nullopt when absent (an error when not a non-negative
/// integer).
Result<std::optional<std::uint64_t>> splitKey(const Header &h, const std::string &key,
                                              const std::string &file) {
    const Value *v = h.find(key);
    if (!v) {
        return std::optional<std::uint64_t>();
    }
    const auto n = v->asCount();
    if (!n) {
        return makeError(file + ": " + key, "must be a non-negative integer");
    }
    return std::optional<std::uint64_t>(*n);
}

} // namespace

Result<Model> readModel(const std::filesystem::path &path) {
    Model model;
    const auto split = parseSplitName(path);
    if (!split || split->count == 1) {
        HOSTPLAN_TRY(h, readHeader(path));
        // llama.cpp opens a file whose split.count is above 1 as a set, by its split name
        // (src/llama-model-loader.cpp: the other parts by llama_split_prefix); alone it is a
        // part of a model, never the model.
        HOSTPLAN_TRY(count, splitKey(h, "split.count", path.string()));
        if (count && *count > 1) {
            char first[40];
            std::snprintf(first, sizeof first, "-00001-of-%05llu.gguf",
                          static_cast<unsigned long long>(std::min<std::uint64_t>(*count, 99999)));
            return makeError(path.string() + ": split.count",
                             std::to_string(*count) +
                                 ": this file is one part of a split model; open its first part, "
                                 "named <name>" +
                                 first + ", with the others beside it");
        }
        model.parts.push_back(path);
        model.fileBytes = h.fileSize;
        model.header = std::move(h);
        return model;
    }
    // Each tensor once over all parts (ggml refuses a duplicated name), each part's split.no its
    // place and split.count the set's size, one architecture, and split.tensors.count tensors
    // in all where given: llama.cpp's loader checks the same ("invalid split file idx",
    // "corrupted model: %d tensors expected but %d found", src/llama-model-loader.cpp).
    std::set<std::string> seen;
    std::string architecture;
    for (std::uint32_t k = 1; k <= split->count; ++k) {
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, "-%05u-of-%05u.gguf", k, split->count);
        const std::filesystem::path part = split->stem + suffix;
        std::error_code ec;
        if (!std::filesystem::exists(part, ec)) {
            return makeError(part.string(), "missing: split part " + std::to_string(k) + " of " +
                                                std::to_string(split->count));
        }
        HOSTPLAN_TRY(h, readHeader(part));
        const std::string file = part.string();
        HOSTPLAN_TRY(no, splitKey(h, "split.no", file));
        if (no && *no != k - 1) {
            return makeError(file + ": split.no", std::to_string(*no) + ", but the file is part " +
                                                      std::to_string(k) + " (split.no " +
                                                      std::to_string(k - 1) + ")");
        }
        HOSTPLAN_TRY(count, splitKey(h, "split.count", file));
        if (count && *count != split->count) {
            return makeError(file + ": split.count", std::to_string(*count) +
                                                         ", but the set's names say " +
                                                         std::to_string(split->count) + " parts");
        }
        const Value *arch = h.find("general.architecture");
        const std::string archText = arch && arch->type == ValueType::String ? arch->s : "";
        if (k == 1) {
            architecture = archText;
        } else if (arch && archText != architecture) {
            return makeError(file + ": general.architecture",
                             "'" + cutText(archText, 60) + "', but part 1's is '" +
                                 cutText(architecture, 60) + "': the parts are of two models");
        }
        for (const TensorInfo &t : h.tensors) {
            if (!seen.insert(t.name).second) {
                return makeError(file + ": tensor_infos '" + cutText(t.name, 80) + "'",
                                 "also in an earlier part (ggml refuses a duplicated tensor)");
            }
        }
        model.parts.push_back(part);
        model.fileBytes += h.fileSize;
        if (k == 1) {
            model.header = std::move(h);
        } else {
            for (auto &t : h.tensors) {
                t.part = k - 1;
                model.header.tensors.push_back(std::move(t));
            }
        }
    }
    HOSTPLAN_TRY(expected, splitKey(model.header, "split.tensors.count", model.parts[0].string()));
    if (expected && *expected != model.header.tensors.size()) {
        return makeError(model.parts[0].string() + ": split.tensors.count",
                         std::to_string(*expected) + " tensors, but the " +
                             std::to_string(split->count) + " parts hold " +
                             std::to_string(model.header.tensors.size()));
    }
    return model;
}

std::string valueTypeName(ValueType type) {
    static const char *names[] = {"uint8",  "int8",    "uint16", "int16",  "uint32",
                                  "int32",  "float32", "bool",   "string", "array",
                                  "uint64", "int64",   "float64"};
    const auto i = std::uint32_t(type);
    return i < std::size(names) ? names[i] : "unknown";
}

} // namespace hostplan::gguf
