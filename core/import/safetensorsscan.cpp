// SPDX-License-Identifier: MIT
#include "import/safetensorsscan.h"

#include "util/jsonutil.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace hostplan::importer {

namespace {

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

/// The open objects and lists of a SAX pass, with the hashes of each object's names so that a
/// repeated name (which the tree reader refuses) makes the fast reader decline. Scope storage is
/// reused from one object to the next, so small objects allocate nothing.
class Scopes {
  public:
    /// Opens an object or list; false beyond jsonfield::kMaxJsonDepth.
    bool open() {
        if (m_depth >= jsonfield::kMaxJsonDepth) {
            return false;
        }
        if (m_depth == m_names.size()) {
            m_names.emplace_back();
        }
        m_names[m_depth++].clear();
        return true;
    }
    /// Closes the innermost scope; false when one of its names was given twice.
    bool close() {
        auto &names = m_names[--m_depth];
        std::sort(names.begin(), names.end());
        return std::adjacent_find(names.begin(), names.end()) == names.end();
    }
    /// Records a name; false when the cancel flag is set (looked at every kCancelCheckEvery).
    bool addName(std::string_view name) {
        m_names[m_depth - 1].push_back(std::hash<std::string_view>{}(name));
        return ++m_count % kCancelCheckEvery != 0 || !m_cancel || !m_cancel->load();
    }
    /// The flag that stops the reading (may be null).
    void setCancel(const std::atomic<bool> *cancel) { m_cancel = cancel; }
    /// Number of open scopes: 1 inside the top-level object.
    std::size_t depth() const { return m_depth; }

  private:
    std::vector<std::vector<std::size_t>> m_names;
    std::size_t m_depth = 0;
    std::size_t m_count = 0;
    const std::atomic<bool> *m_cancel = nullptr;
};

/// A strict JSON reader for the common shape of these files, calling a handler's events
/// (null, boolean, number, string, key, start/end of object and array). It declines (returns
/// false) on what it does not need to read quickly and the tree reader handles: escapes or
/// non-ASCII bytes in strings, negative or fractional numbers, numbers beyond 2^64; and on
/// anything that is not JSON. Recursion is bounded by Scopes::open (kMaxJsonDepth).
class FastJson {
  public:
    explicit FastJson(std::string_view text) : m_p(text.data()), m_end(text.data() + text.size()) {}

    /// Reads one value and checks that only whitespace follows.
    template <typename Handler> bool document(Handler &h) {
        skipSpace();
        if (!value(h)) {
            return false;
        }
        skipSpace();
        return m_p == m_end;
    }

  private:
    void skipSpace() {
        while (m_p != m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t')) {
            ++m_p;
        }
    }
    /// A string of printable ASCII without escapes; m_p is past its closing quote.
    bool string(std::string_view &out) {
        if (m_p == m_end || *m_p != '"') {
            return false;
        }
        const char *begin = ++m_p;
        while (m_p != m_end) {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                out = std::string_view(begin, std::size_t(m_p - begin));
                ++m_p;
                return true;
            }
            if (c < 0x20 || c == '\\' || c >= 0x80) {
                return false;
            }
            ++m_p;
        }
        return false;
    }
    bool literal(std::string_view word) {
        if (std::size_t(m_end - m_p) < word.size() || std::string_view(m_p, word.size()) != word) {
            return false;
        }
        m_p += word.size();
        return true;
    }
    template <typename Handler> bool value(Handler &h) {
        if (m_p == m_end) {
            return false;
        }
        switch (*m_p) {
        case '{':
            return container(h, true);
        case '[':
            return container(h, false);
        case '"': {
            std::string_view v;
            return string(v) && h.string(v);
        }
        case 't':
            return literal("true") && h.boolean();
        case 'f':
            return literal("false") && h.boolean();
        case 'n':
            return literal("null") && h.null();
        default:
            return number(h);
        }
    }
    template <typename Handler> bool number(Handler &h) {
        if (m_p == m_end || *m_p < '0' || *m_p > '9' ||
            (*m_p == '0' && m_p + 1 != m_end && m_p[1] >= '0' && m_p[1] <= '9')) {
            return false;
        }
        std::uint64_t v = 0;
        while (m_p != m_end && *m_p >= '0' && *m_p <= '9') {
            const auto digit = std::uint64_t(*m_p - '0');
            if (v > (kU64Max - digit) / 10) {
                return false;
            }
            v = v * 10 + digit;
            ++m_p;
        }
        if (m_p != m_end && (*m_p == '.' || *m_p == 'e' || *m_p == 'E')) {
            return false;
        }
        return h.number(v);
    }
    /// An object (`isObject`: name, ':' and value per member) or a list, after its opening
    /// bracket was seen.
    template <typename Handler> bool container(Handler &h, bool isObject) {
        const char close = isObject ? '}' : ']';
        ++m_p;
        if (!(isObject ? h.start_object() : h.start_array())) {
            return false;
        }
        skipSpace();
        for (bool first = true;; first = false) {
            if (first && m_p != m_end && *m_p == close) {
                ++m_p;
                return isObject ? h.end_object() : h.end_array();
            }
            if (isObject) {
                std::string_view k;
                if (!string(k) || !h.key(k)) {
                    return false;
                }
                skipSpace();
                if (m_p == m_end || *m_p != ':') {
                    return false;
                }
                ++m_p;
                skipSpace();
            }
            if (!value(h)) {
                return false;
            }
            skipSpace();
            if (m_p != m_end && *m_p == close) {
                ++m_p;
                return isObject ? h.end_object() : h.end_array();
            }
            if (m_p == m_end || *m_p != ',') {
                return false;
            }
            ++m_p;
            skipSpace();
        }
    }

    const char *m_p;
    const char *m_end;
};

/// model.safetensors.index.json: {"metadata": {"total_size": N, ...}, "weight_map": {...}}.
struct IndexHandler {
    Scopes scopes;
    enum class Section { Other, Metadata, WeightMap };
    std::map<std::string, std::string> *weightMap = nullptr;
    IndexScan out;
    std::string topKey;
    std::string mapKey;
    Section section = Section::Other;
    bool inTotalSize = false;
    bool sawMetadata = false;
    bool sawTotalSize = false;

    /// A scalar value at the current position: only total_size and weight_map entries matter.
    bool scalar(std::optional<std::uint64_t> number, bool isNull) {
        const std::size_t d = scopes.depth();
        if (d == 0) {
            return false; // not an object
        }
        if (d == 1) {
            // metadata must be an object; weight_map an object or null.
            return topKey != "metadata" && (topKey != "weight_map" || isNull);
        }
        if (d == 2 && section == Section::Metadata && inTotalSize) {
            if (!number) {
                return false;
            }
            out.totalSizeBytes = *number;
            sawTotalSize = true;
            return true;
        }
        return d != 2 || section != Section::WeightMap; // map values must be strings
    }
    bool null() { return scalar(std::nullopt, true); }
    bool boolean() { return scalar(std::nullopt, false); }
    bool number(std::uint64_t v) { return scalar(v, false); }
    bool string(std::string_view v) {
        if (scopes.depth() == 2 && section == Section::WeightMap) {
            ++out.entries;
            if (weightMap) {
                weightMap->emplace(mapKey, std::string(v));
            }
            return true;
        }
        // A total_size spelled as a string: the tree reader handles it.
        return !(scopes.depth() == 2 && section == Section::Metadata && inTotalSize) &&
               scalar(std::nullopt, false);
    }
    bool container(bool isObject) {
        const std::size_t d = scopes.depth();
        if (d == 0 && !isObject) {
            return false;
        }
        if (d == 1) {
            section = topKey == "metadata"     ? Section::Metadata
                      : topKey == "weight_map" ? Section::WeightMap
                                               : Section::Other;
            if (section != Section::Other && !isObject) {
                return false;
            }
            sawMetadata = sawMetadata || section == Section::Metadata;
        }
        if (d == 2 && (section == Section::WeightMap || inTotalSize)) {
            return false;
        }
        return scopes.open();
    }
    bool start_object() { return container(true); }
    bool start_array() { return container(false); }
    bool end() {
        if (scopes.depth() == 2) {
            section = Section::Other;
        }
        return scopes.close();
    }
    bool end_object() { return end(); }
    bool end_array() { return end(); }
    bool key(std::string_view k) {
        if (!scopes.addName(k)) {
            return false;
        }
        if (scopes.depth() == 1) {
            topKey = k;
        } else if (scopes.depth() == 2) {
            inTotalSize = section == Section::Metadata && k == "total_size";
            if (section == Section::WeightMap && weightMap) {
                mapKey = k;
            }
        }
        return true;
    }
};

/// A safetensors header: {"__metadata__": {...}, name: {"dtype", "shape", "data_offsets"}}.
struct HeaderHandler {
    Scopes scopes;
    enum class Field { Other, Dtype, Shape, Offsets };
    std::uint64_t dataBytes = kU64Max;
    /// The first tensor found past dataBytes: its name and end offset.
    std::optional<std::pair<std::string, std::uint64_t>> beyond;
    std::vector<SafetensorsTensor> *tensors = nullptr;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
    std::uint64_t total = 0;
    bool isMetadata = false;
    Field field = Field::Other;
    // The tensor being read.
    SafetensorsTensor current;
    bool hasDtype = false;
    bool hasShape = false;
    bool overflow = false;
    std::uint64_t elements = 1;
    std::uint64_t offsets[2] = {0, 0};
    std::size_t offsetCount = 0;
    bool hasOffsets = false;

    bool number(std::uint64_t v) {
        const std::size_t d = scopes.depth();
        if (d == 3 && !isMetadata && field == Field::Shape) {
            if (tensors) {
                current.shape.push_back(v);
            }
            if (v != 0 && elements > kU64Max / v) {
                overflow = true;
            }
            elements *= v;
            return true;
        }
        if (d == 3 && !isMetadata && field == Field::Offsets) {
            if (offsetCount >= 2) {
                return false;
            }
            offsets[offsetCount++] = v;
            return true;
        }
        return other();
    }
    /// Any other value: accepted inside __metadata__ and unknown fields only.
    bool other() const {
        const std::size_t d = scopes.depth();
        return d >= 2 && (isMetadata || field == Field::Other);
    }
    bool null() { return other(); }
    bool boolean() { return other(); }
    bool string(std::string_view v) {
        if (scopes.depth() == 2 && !isMetadata && field == Field::Dtype) {
            current.dtype = v;
            hasDtype = true;
            return true;
        }
        return other();
    }
    bool container(bool isObject) {
        const std::size_t d = scopes.depth();
        if ((d == 0 || (d == 1 && !isMetadata)) && !isObject) {
            return false; // the header and each tensor entry are objects
        }
        if (d == 2 && !isMetadata) {
            if (field == Field::Dtype || (isObject && field != Field::Other)) {
                return false;
            }
            hasShape = hasShape || field == Field::Shape;
            hasOffsets = hasOffsets || field == Field::Offsets;
        }
        if (d == 3 && !isMetadata && field != Field::Other) {
            return false; // nested inside shape or data_offsets
        }
        return scopes.open();
    }
    bool start_object() { return container(true); }
    bool start_array() { return container(false); }
    bool end_array() { return scopes.close(); }
    bool end_object() {
        if (scopes.depth() == 2 && !isMetadata && !finishTensor()) {
            return false;
        }
        return scopes.close();
    }
    bool key(std::string_view k) {
        if (!scopes.addName(k)) {
            return false;
        }
        if (scopes.depth() == 1) {
            isMetadata = k == "__metadata__";
            if (!isMetadata) {
                startTensor(k);
            }
        } else if (scopes.depth() == 2 && !isMetadata) {
            field = k == "dtype"          ? Field::Dtype
                    : k == "shape"        ? Field::Shape
                    : k == "data_offsets" ? Field::Offsets
                                          : Field::Other;
        }
        return true;
    }
    void startTensor(std::string_view name) {
        current.shape.clear();
        current.dtype.clear();
        if (tensors) {
            current.name = name;
        }
        hasDtype = hasShape = hasOffsets = overflow = false;
        elements = 1;
        offsetCount = 0;
        field = Field::Other;
    }
    /// The checks of safetensors.cpp parseSafetensorsHeader, on the tensor just read.
    bool finishTensor() {
        if (!hasDtype || !hasShape || !hasOffsets || offsetCount != 2) {
            return false;
        }
        const std::uint32_t bits = safetensorsDtypeBits(current.dtype);
        if (bits == 0 || overflow || elements > kU64Max / bits) {
            return false;
        }
        const auto [begin, end] = offsets;
        if (end < begin) {
            return false;
        }
        current.bytes = end - begin;
        const std::uint64_t bitsTotal = elements * bits;
        if (bitsTotal % 8 != 0 || bitsTotal / 8 != current.bytes) {
            return false;
        }
        if (end > dataBytes) {
            beyond = std::make_pair(current.name, end); // a definite error: no need to go on
            return false;
        }
        if (end > begin) {
            spans.emplace_back(begin, end);
        }
        total += current.bytes; // cannot overflow: the spans lie inside a file
        if (tensors) {
            tensors->push_back(current);
        }
        return true;
    }
};

} // namespace

std::uint32_t safetensorsDtypeBits(std::string_view dtype) {
    struct Entry {
        std::string_view name;
        std::uint32_t bits;
    };
    static constexpr Entry table[] = {
        {"BOOL", 8},    {"U8", 8},   {"I8", 8},      {"F8_E4M3", 8}, {"F8_E5M2", 8},
        {"F8_E8M0", 8}, {"I16", 16}, {"U16", 16},    {"F16", 16},    {"BF16", 16},
        {"I32", 32},    {"U32", 32}, {"F32", 32},    {"I64", 64},    {"U64", 64},
        {"F64", 64},    {"F4", 4},   {"F6_E2M3", 6}, {"F6_E3M2", 6},
    };
    for (const auto &e : table) {
        if (dtype == e.name) {
            return e.bits;
        }
    }
    return 0;
}

std::optional<IndexScan> scanSafetensorsIndex(std::string_view jsonText,
                                              std::map<std::string, std::string> *weightMap,
                                              const std::atomic<bool> *cancel) {
    IndexHandler h;
    h.scopes.setCancel(cancel);
    h.weightMap = weightMap;
    if (!FastJson(jsonText).document(h) || !h.sawMetadata || !h.sawTotalSize) {
        return std::nullopt;
    }
    return h.out;
}

std::optional<std::uint64_t>
scanSafetensorsHeader(std::string_view json, std::uint64_t dataBytes,
                      std::vector<SafetensorsTensor> *tensors, const std::atomic<bool> *cancel,
                      std::optional<std::pair<std::string, std::uint64_t>> *beyond) {
    HeaderHandler h;
    h.scopes.setCancel(cancel);
    h.dataBytes = dataBytes;
    h.tensors = tensors;
    if (!FastJson(json).document(h)) {
        if (beyond) {
            *beyond = h.beyond;
        }
        return std::nullopt;
    }
    // Tensors may not share bytes; an overlap is named by the tree reader.
    std::sort(h.spans.begin(), h.spans.end());
    for (std::size_t i = 1; i < h.spans.size(); ++i) {
        if (h.spans[i].first < h.spans[i - 1].second) {
            return std::nullopt;
        }
    }
    if (tensors) {
        std::sort(
            tensors->begin(), tensors->end(),
            [](const SafetensorsTensor &a, const SafetensorsTensor &b) { return a.name < b.name; });
    }
    return h.total;
}

} // namespace hostplan::importer
