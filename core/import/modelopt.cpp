// SPDX-License-Identifier: MIT
#include "import/modelopt.h"
#include "util/textutil.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

constexpr int kJoin = -1; ///< a range operator between two chunks of a bracket set

/// The bracket expression at pattern[open] ('['), as Python's fnmatch.translate reads it
/// (cpython Lib/fnmatch.py, 3.11) and its regular expression then matches: the set's text is
/// cut into chunks at each '-' (searching again two characters past it), a chunk boundary
/// whose neighbours make a reversed range is removed with both neighbours, a trailing '-' is
/// literal, and the joined text is a class whose first '!' negates it ("!" alone: any
/// character; nothing left: no character). Bytes, not code points. Sets *end past the closing
/// ']' and returns whether `ch` matches; nullopt when there is no closing ']' (the '[' is then
/// a literal character). Linear in the set's length.
std::optional<bool> bracketMatches(const std::string &pattern, std::size_t open, char ch,
                                   std::size_t *end) {
    const std::size_t i = open + 1;
    std::size_t j = i;
    if (j < pattern.size() && pattern[j] == '!') {
        ++j;
    }
    if (j < pattern.size() && pattern[j] == ']') {
        ++j;
    }
    const std::size_t close = pattern.find(']', j);
    if (close == std::string::npos) {
        return std::nullopt;
    }
    *end = close + 1;
    const auto u = [](char c) { return int(static_cast<unsigned char>(c)); };
    // Tokens: literal bytes and kJoin, chunk by chunk.
    std::vector<int> t;
    t.reserve(close - i);
    std::size_t from = i;
    std::size_t k = pattern[i] == '!' ? i + 2 : i + 1;
    for (;;) {
        const std::size_t dash = k < close ? pattern.find('-', k) : std::string::npos;
        if (dash == std::string::npos || dash >= close) {
            break;
        }
        for (std::size_t c = from; c < dash; ++c) {
            t.push_back(u(pattern[c]));
        }
        t.push_back(kJoin);
        from = dash + 1;
        k = dash + 3;
    }
    for (std::size_t c = from; c < close; ++c) {
        t.push_back(u(pattern[c]));
    }
    if (!t.empty() && t.back() == kJoin) {
        t.back() = '-'; // the last chunk was empty: '-' ends the previous one, literally
    }
    // Reversed ranges go, with both ends. The middle chunks hold two or more bytes, so the
    // removals never overlap and each is decided on the original neighbours.
    std::vector<bool> gone(t.size(), false);
    for (std::size_t x = 1; x + 1 < t.size(); ++x) {
        if (t[x] == kJoin && t[x - 1] > t[x + 1]) {
            gone[x - 1] = gone[x] = gone[x + 1] = true;
        }
    }
    std::vector<int> set;
    set.reserve(t.size());
    for (std::size_t x = 0; x < t.size(); ++x) {
        if (!gone[x]) {
            set.push_back(t[x]);
        }
    }
    if (set.empty()) {
        return false;
    }
    if (set.size() == 1 && set[0] == '!') {
        return true;
    }
    const bool negate = set[0] == '!';
    const auto lit = [](int v) { return v == kJoin ? int('-') : v; };
    bool hit = false;
    for (std::size_t x = negate ? 1 : 0; x < set.size();) {
        if (set[x] != kJoin && x + 2 < set.size() && set[x + 1] == kJoin) {
            hit = hit || (set[x] <= u(ch) && u(ch) <= lit(set[x + 2]));
            x += 3;
        } else {
            hit = hit || lit(set[x]) == u(ch);
            ++x;
        }
    }
    return hit != negate;
}

/// Whether the one-character token at pattern[p] ('?', a bracket set, or a literal) matches
/// ch; *next is the index after the token.
bool tokenMatches(const std::string &pattern, std::size_t p, char ch, std::size_t *next) {
    if (pattern[p] == '?') {
        *next = p + 1;
        return true;
    }
    if (pattern[p] == '[') {
        if (const std::optional<bool> m = bracketMatches(pattern, p, ch, next)) {
            return *m;
        }
    }
    *next = p + 1;
    return pattern[p] == ch;
}

} // namespace

bool fnmatchModule(const std::string &pattern, const std::string &module) {
    // Iterative wildcard match with one backtrack point: each step consumes one character of
    // the module against one token ('?', a '[...]' set, a literal) or records a '*'.
    std::size_t p = 0, m = 0, star = std::string::npos, mark = 0;
    while (m < module.size()) {
        std::size_t next = 0;
        if (p < pattern.size() && pattern[p] != '*' && tokenMatches(pattern, p, module[m], &next)) {
            p = next;
            ++m;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = m;
        } else if (star != std::string::npos) {
            p = star + 1;
            m = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') {
        ++p;
    }
    return p == pattern.size();
}

namespace {

/// The KV-cache scheme of a ModelOpt description into out.kvFormat (FP8 E4M3) or a note in
/// out.kvNote naming the field. hf_quant_config.json writes kv_cache_quant_algo ("FP8",
/// "NVFP4", null); the in-config form writes kv_cache_scheme, a QuantizationArgs ({"num_bits":
/// 8, "type": "float", "dynamic": false} is FP8), and may also carry kv_cache_quant_algo.
/// kv_cache_scheme is read first, as vLLM's get_kv_cache_quant_algo_string does
/// (vllm/utils/torch_utils.py at 0024350b5da3ad174435e62a15273c0d3caba57b); it takes the
/// scheme as a string too ("FP8", as ModelOpt 0.31 writes it in config.json), read then as
/// kv_cache_quant_algo is.
void readModelOptKv(const ConfigReader &q, Quantization &out) {
    const std::string keep = "; the plan keeps the scenario's KV format";
    const nlohmann::json *schemeValue = q.get("kv_cache_scheme");
    const bool schemeText = schemeValue && schemeValue->is_string();
    if (const std::optional<ConfigReader> scheme =
            schemeText ? std::nullopt : q.optSub("kv_cache_scheme")) {
        const std::uint64_t bits = scheme->count("num_bits", 64);
        const std::string type = scheme->str("type", "int");
        if (bits == 8 && type == "float" && !scheme->flag("dynamic", false)) {
            out.kvFormat = formats::fp8;
            out.kvSource = "kv_cache_scheme";
            out.kvOrigin = KvScalesOrigin::ModelOptConfig;
        } else {
            out.kvNote = scheme->path() + ": " + std::to_string(bits) + "-bit " + type +
                         (scheme->flag("dynamic", false) ? " dynamic" : "") +
                         " KV cache, which HostPlan does not plan from a ModelOpt checkpoint" +
                         keep;
        }
        return;
    }
    const char *key = schemeText ? "kv_cache_scheme" : "kv_cache_quant_algo";
    const std::string algo = asciiUpper(q.str(key));
    if (algo.empty() || algo == "NONE" || algo == "NULL") {
        return;
    }
    if (algo == "FP8") {
        out.kvFormat = formats::fp8;
        out.kvSource = key;
        out.kvOrigin = KvScalesOrigin::ModelOptConfig;
    } else {
        out.kvNote = q.field(key) + ": '" + q.str(key) +
                     "' KV cache, which HostPlan does not plan (FP8 only)" + keep;
    }
}

} // namespace

namespace {

/// Sets out.format (and the FP8 scale layout) for ModelOpt quant_algo `algo`, read at `field`
/// of `q` (group_size beside it). Throws ImportFailure naming the field for an algorithm it
/// does not size.
void readModelOptAlgo(const ConfigReader &q, const std::string &algo, const std::string &field,
                      Quantization &out) {
    if (algo == "FP8") {
        out.format = formats::fp8;
        out.scaleLayout = Quantization::ScaleLayout::PerTensor;
    } else if (algo == "FP8_PER_CHANNEL_PER_TOKEN") {
        out.format = formats::fp8;
        out.scaleLayout = Quantization::ScaleLayout::PerRow;
    } else if (algo == "FP8_BLOCK_SCALES" || algo == "FP8_PB_WO") {
        out.format = formats::fp8;
        out.scaleLayout = Quantization::ScaleLayout::Block;
        out.blockRows = out.blockCols = 128;
    } else if (algo == "NVFP4" || algo == "NVFP4_AWQ" || algo == "W4A8_NVFP4_FP8" ||
               algo == "W4A16_NVFP4") {
        // W4A16_NVFP4 stores the weights as NVFP4 does; only the activations stay 16-bit
        // (vLLM modelopt.py @ 00155cde QUANT_ALGOS).
        const u64 group = q.countOr("group_size", 16, 1u << 16);
        if (group != 16) {
            fail(q.field("group_size"), "NVFP4 uses groups of 16, got " + std::to_string(group));
        }
        out.format = formats::nvfp4;
    } else if (algo == "W4A16_AWQ" || algo == "W4A8_AWQ") {
        const u64 group = q.countOr("group_size", 128, 1u << 16, 0);
        out.format = NumberFormat{FormatKind::INT4, std::uint32_t(group)};
    } else {
        fail(field, "unsupported ModelOpt quantization algorithm '" + algo + "'");
    }
}

/// MIXED_PRECISION's quantized_layers (module path -> {quant_algo, group_size}) into
/// out.perModule. Each entry is sized by its own algorithm (readModelOptAlgo). An absent or
/// empty mapping is an error, as vLLM's ModelOptMixedPrecisionConfig._from_config raises
/// (modelopt.py @ 00155cde); so are a module path longer than a pattern may be and more than
/// 64 distinct schemes.
void readQuantizedLayers(const ConfigReader &q, Quantization &out) {
    const std::string field = q.field("quantized_layers");
    const std::optional<ConfigReader> layers = q.optSub("quantized_layers");
    if (!layers || layers->raw().empty()) {
        fail(field, "MIXED_PRECISION needs a non-empty quantized_layers mapping");
    }
    auto table = std::make_shared<Quantization::ModuleSchemes>();
    for (const auto &[module, entry] : layers->raw().items()) {
        if (module.size() > ModulePattern::kMaxPatternChars) {
            fail(field, "a module path longer than " +
                            std::to_string(ModulePattern::kMaxPatternChars) + " characters");
        }
        if (!entry.is_object()) {
            fail(layers->field(module), "must be an object with quant_algo");
        }
        const ConfigReader one(entry, layers->field(module));
        Quantization scheme;
        scheme.method = Quantization::Method::ModelOpt;
        scheme.modelOptAlgo = asciiUpper(one.str("quant_algo"));
        if (scheme.modelOptAlgo.empty()) {
            fail(one.field("quant_algo"), "missing in a quantized_layers entry");
        }
        readModelOptAlgo(one, scheme.modelOptAlgo, one.field("quant_algo"), scheme);
        auto same =
            std::find_if(table->schemes.begin(), table->schemes.end(), [&](const Quantization &x) {
                return x.modelOptAlgo == scheme.modelOptAlgo && x.format == scheme.format;
            });
        if (same == table->schemes.end()) {
            // Real files name two or three; a bound keeps this search short on hostile ones.
            constexpr std::size_t kMaxSchemes = 64;
            if (table->schemes.size() == kMaxSchemes) {
                fail(field, "more than " + std::to_string(kMaxSchemes) +
                                " distinct quant_algo / group_size schemes");
            }
            table->schemes.push_back(std::move(scheme));
            same = table->schemes.end() - 1;
        }
        table->byModule.emplace(module, std::uint32_t(same - table->schemes.begin()));
    }
    table->field = field;
    out.perModule = std::move(table);
}

} // namespace

Quantization readModelOpt(const ConfigReader &q) {
    Quantization out;
    out.method = Quantization::Method::ModelOpt;
    const std::string algo = q.str("quant_algo");
    out.modelOptAlgo = algo;
    const std::string field = q.field("quant_algo");
    if (algo.empty()) {
        fail(field, "missing in the ModelOpt quantization description");
    }
    if (asciiUpper(algo) == "MIXED_PRECISION") {
        readQuantizedLayers(q, out);
    } else {
        readModelOptAlgo(q, asciiUpper(algo), field, out);
    }
    readModelOptKv(q, out);
    // hf_quant_config.json says exclude_modules; the in-config form says ignore.
    for (const char *key : {"exclude_modules", "ignore"}) {
        std::vector<std::string> list = q.strList(key);
        for (std::size_t i = 0; i < list.size(); ++i) {
            // A module path is at most a few hundred characters; a longer pattern only costs
            // matching time (it is tested on every layer's modules).
            if (list[i].size() > ModulePattern::kMaxPatternChars) {
                fail(q.field(std::string(key) + "[" + std::to_string(i) + "]"),
                     "longer than " + std::to_string(ModulePattern::kMaxPatternChars) +
                         " characters");
            }
            out.excludeGlobs.push_back(std::move(list[i]));
        }
    }
    return out;
}

} // namespace hostplan::importer
