// SPDX-License-Identifier: MIT
#include "import/modelopt.h"
#include "util/textutil.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

bool fnmatchModule(const std::string &pattern, const std::string &module) {
    // Iterative wildcard match with one backtrack point: linear in practice, no regex.
    std::size_t p = 0, m = 0, star = std::string::npos, mark = 0;
    while (m < module.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == module[m])) {
            ++p;
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
/// (vllm/utils/torch_utils.py at 0024350b5da3ad174435e62a15273c0d3caba57b).
void readModelOptKv(const ConfigReader &q, Quantization &out) {
    const std::string keep = "; the plan keeps the scenario's KV format";
    if (const std::optional<ConfigReader> scheme = q.optSub("kv_cache_scheme")) {
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
    const std::string algo = asciiUpper(q.str("kv_cache_quant_algo"));
    if (algo.empty() || algo == "NONE" || algo == "NULL") {
        return;
    }
    if (algo == "FP8") {
        out.kvFormat = formats::fp8;
        out.kvSource = "kv_cache_quant_algo";
        out.kvOrigin = KvScalesOrigin::ModelOptConfig;
    } else {
        out.kvNote = q.field("kv_cache_quant_algo") + ": '" + q.str("kv_cache_quant_algo") +
                     "' KV cache, which HostPlan does not plan (FP8 only)" + keep;
    }
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
    } else if (algo == "NVFP4" || algo == "NVFP4_AWQ" || algo == "W4A8_NVFP4_FP8") {
        const u64 group = q.countOr("group_size", 16, 1u << 16);
        if (group != 16) {
            fail(q.field("group_size"), "NVFP4 uses groups of 16, got " + std::to_string(group));
        }
        out.format = formats::nvfp4;
    } else if (algo == "W4A16_AWQ" || algo == "W4A8_AWQ") {
        const u64 group = q.countOr("group_size", 128, 1u << 16, 0);
        out.format = NumberFormat{FormatKind::INT4, std::uint32_t(group)};
    } else {
        fail(field, "unsupported ModelOpt quantization algorithm '" + algo + "'" +
                        (algo == "MIXED_PRECISION" ? " (per-layer formats are not sized yet)"
                                                   : std::string()));
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
