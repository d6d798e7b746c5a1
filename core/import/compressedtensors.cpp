// SPDX-License-Identifier: MIT
#include "import/compressedtensors.h"

#include "util/textutil.h"

#include <algorithm>
#include <unordered_map>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// compressed-tensors quantization_config.kv_cache_scheme (a QuantizationArgs: num_bits, type,
/// strategy, symmetric, dynamic) into q.kvFormat, or a note in q.kvNote naming the field when
/// HostPlan cannot plan it. vLLM accepts only 8-bit float, per-tensor, symmetric schemes
/// (CompressedTensorsKVCacheMethod.validate_kv_cache_scheme,
/// vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors.py at
/// be696453ee1bf3b7a2f652cc457b340d5a20c88c); HostPlan has no INT8 KV format. A value of the
/// wrong type is an ImportFailure naming the field.
void readKvCacheScheme(const ConfigReader &qc, Quantization &q) {
    const std::optional<ConfigReader> kv = qc.optSub("kv_cache_scheme");
    if (!kv) {
        return;
    }
    const u64 bits = kv->count("num_bits", 64);
    const std::string type = kv->str("type", "int");
    const std::string strategy = kv->str("strategy", "tensor");
    const bool symmetric = kv->flag("symmetric", true);
    const bool dynamic = kv->flag("dynamic", false);
    const std::string keep = "; the plan keeps the scenario's KV format";
    if (bits == 8 && type == "int") {
        q.kvNote =
            kv->path() + ": an 8-bit int KV cache, which HostPlan has no KV format for" + keep;
    } else if (bits != 8 || type != "float") {
        q.kvNote = kv->path() + ": " + std::to_string(bits) + "-bit " + type +
                   " KV cache is not a format vLLM loads from compressed-tensors" + keep;
    } else if (strategy != "tensor") {
        q.kvNote = kv->field("strategy") + ": '" + strategy +
                   "' scales; vLLM loads only per-tensor KV scales" + keep;
    } else if (!symmetric) {
        q.kvNote =
            kv->field("symmetric") + ": asymmetric KV scales; vLLM loads only symmetric" + keep;
    } else if (dynamic) {
        q.kvNote =
            kv->field("dynamic") + ": true, the checkpoint ships no calibrated KV scales" + keep;
    } else {
        q.kvFormat = formats::fp8;
        q.kvSource = "kv_cache_scheme";
        q.kvOrigin = KvScalesOrigin::CompressedTensors;
    }
}

/// Most compressed-tensors config groups read (files write one to a handful).
constexpr std::size_t kMaxConfigGroups = 64;
/// "re:" entries read from one quantization config (targets and ignore together): published
/// llm-compressor configs write a few (a "re:.*mlp.gate$" per kind of layer), and 4,096
/// compiled patterns stay within about 10 MB.
constexpr std::size_t kMaxRegexEntries = 4096;

/// One compressed-tensors config group's weights (`g`; format from the group, else the
/// quantization_config `qc`) into s.format and, for llm-compressor's FP8_BLOCK, s.blockRows /
/// s.blockCols. ImportFailure naming the field for a format HostPlan cannot size.
void readCompressedGroup(const ConfigReader &qc, const ConfigReader &g, Quantization &s) {
    const ConfigReader w = g.sub("weights");
    const std::string fmt = g.str("format", qc.str("format"));
    const u64 bits = w.count("num_bits", 32);
    const std::string type = w.str("type", "int");
    const u64 group = w.countOr("group_size", 0, 1u << 16, 0);
    s.blockRows = 0;
    s.blockCols = 0;
    if (fmt == "mxfp4-pack-quantized" && bits == 4 && type == "float") {
        if (group != 0 && group != 32) {
            fail(w.field("group_size"), "MXFP4 uses groups of 32, got " + std::to_string(group));
        }
        s.format = formats::mxfp4;
    } else if (fmt == "nvfp4-pack-quantized" && bits == 4 && type == "float") {
        s.format = formats::nvfp4;
    } else if (fmt == "float-quantized" && bits == 8 && type == "float") {
        s.format = formats::fp8; // per-channel or per-block scales, counted as negligible
        if (w.str("strategy") == "block") {
            // llm-compressor's FP8_BLOCK: [rows, cols] blocks, as quant_method "fp8"'s
            // weight_block_size (vLLM CompressedTensorsW8A8Fp8 checks TP shards alike).
            const std::vector<u64> block = w.countList("block_structure", kMaxHidden, 1);
            if (block.size() != 2) {
                fail(w.field("block_structure"), "must be a [rows, cols] pair");
            }
            s.blockRows = block[0];
            s.blockCols = block[1];
        }
    } else if ((fmt == "int-quantized" || fmt == "naive-quantized") && bits == 8 && type == "int") {
        // W8A8 INT8 (llm-compressor's quantized.w8a8 checkpoints): one int8 per weight with
        // per-channel scales, counted as negligible; vLLM runs it as CompressedTensorsW8A8Int8.
        s.format = formats::int8;
    } else if (fmt == "pack-quantized" && type == "int" && (bits == 4 || bits == 8)) {
        s.format =
            NumberFormat{bits == 4 ? FormatKind::INT4 : FormatKind::INT8, std::uint32_t(group)};
    } else {
        fail(g.has("format") ? g.field("format") : qc.field("format"),
             "unsupported compressed-tensors format '" + fmt + "' (" + std::to_string(bits) +
                 "-bit " + type + ")");
    }
}

} // namespace

void readCompressedTensors(const ConfigReader &qc, Quantization &q) {
    q.method = Quantization::Method::CompressedTensors;
    readKvCacheScheme(qc, q);
    const ConfigReader groups = qc.sub("config_groups");
    if (groups.raw().empty()) {
        fail(groups.path(), "names no config group");
    }
    if (groups.raw().size() > kMaxConfigGroups) {
        fail(groups.path(), std::to_string(groups.raw().size()) + " config groups; at most " +
                                std::to_string(kMaxConfigGroups) + " are read");
    }
    auto table = std::make_shared<Quantization::TargetSchemes>();
    table->field = groups.path();
    // Each target's place in table->targets, to find one written again in linear time (a
    // 1.2-million-target list took minutes compared pairwise).
    std::unordered_map<std::string, std::size_t> placeOf;
    // Compiled "re:" entries over targets and ignore: each RE2 program costs kilobytes, so a
    // file of a million of them took gigabytes.
    std::size_t regexes = 0;
    const auto countRegex = [&regexes](const std::string &field) {
        if (++regexes > kMaxRegexEntries) {
            fail(field, "more than " + std::to_string(kMaxRegexEntries) +
                            " 're:' entries in targets and ignore together");
        }
    };
    for (auto it = groups.raw().begin(); it != groups.raw().end(); ++it) {
        const ConfigReader g = groups.sub(it.key());
        Quantization scheme = q;
        readCompressedGroup(qc, g, scheme);
        const std::uint32_t index = std::uint32_t(table->schemes.size());
        table->schemes.push_back(scheme);
        const std::vector<std::string> targets = g.strList("targets");
        if (targets.empty()) {
            fail(g.field("targets"), "names no target");
        }
        for (std::size_t i = 0; i < targets.size(); ++i) {
            const std::string field = g.field("targets[" + std::to_string(i) + "]");
            if (targets[i].size() > ModulePattern::kMaxPatternChars) {
                fail(field, "longer than " + std::to_string(ModulePattern::kMaxPatternChars) +
                                " characters");
            }
            // A target written again in a later group takes that group's scheme and
            // keeps its first place (a Python dict's assignment).
            if (const auto same = placeOf.find(targets[i]); same != placeOf.end()) {
                table->targets[same->second].scheme = index;
                continue;
            }
            placeOf.emplace(targets[i], table->targets.size());
            Quantization::TargetSchemes::Target t{targets[i], std::nullopt,
                                                  asciiLower(targets[i]) == "linear", index};
            if (targets[i].rfind("re:", 0) == 0) {
                countRegex(field);
                auto re = ModulePattern::fromRegex(std::string_view(targets[i]).substr(3));
                if (!re.ok()) {
                    fail(field, re.error().message);
                }
                t.re = std::move(re).value();
            }
            table->targets.push_back(std::move(t));
        }
    }
    // The common file, one group targeting the Linear class, stores every Linear piece
    // the ignore list leaves in the one scheme; anything else matches targets per piece.
    const Quantization &first = table->schemes.front();
    q.format = first.format;
    for (const Quantization &g : table->schemes) {
        if (g.blockRows > 0) { // the checkpoint's FP8 weight blocks (ModelSpec::fp8Block*)
            q.blockRows = g.blockRows;
            q.blockCols = g.blockCols;
            break;
        }
    }
    if (table->schemes.size() > 1 || table->targets.size() != 1 ||
        table->targets.front().text != "Linear") {
        q.targets = std::move(table);
    }
    const std::vector<std::string> ignore = qc.strList("ignore");
    for (std::size_t i = 0; i < ignore.size(); ++i) {
        if (ignore[i].rfind("re:", 0) == 0) {
            countRegex(qc.field("ignore[" + std::to_string(i) + "]"));
            auto re = ModulePattern::fromRegex(std::string_view(ignore[i]).substr(3));
            if (!re.ok()) {
                fail(qc.field("ignore[" + std::to_string(i) + "]"), re.error().message);
            }
            q.ignoreRegex.push_back(std::move(re).value());
        } else if (ignore[i].size() > ModulePattern::kMaxPatternChars) {
            fail(qc.field("ignore[" + std::to_string(i) + "]"),
                 "longer than " + std::to_string(ModulePattern::kMaxPatternChars) + " characters");
        } else {
            q.ignoreNames.push_back(ignore[i]);
        }
    }
}

} // namespace hostplan::importer
