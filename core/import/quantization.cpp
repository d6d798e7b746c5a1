// SPDX-License-Identifier: MIT
#include "import/quantization.h"

#include "import/modelopt.h"
#include "util/textutil.h"

#include <algorithm>
#include <bit>
#include <cctype>

namespace hostplan::importer {

using u64 = std::uint64_t;

std::uint64_t Quantization::ruleCost() const {
    constexpr u64 kPerRule = 64;
    u64 cost = 0;
    for (const auto &r : notConvert) { // the globs among them are also in notConvertGlobs
        cost += r.size() + kPerRule;
    }
    for (const auto &r : ignoreRegex) {
        cost += r.patternChars() + kPerRule;
    }
    for (const auto &list : {&ignoreNames, &excludeGlobs}) {
        for (const auto &r : *list) {
            cost += r.size() + kPerRule;
        }
    }
    if (perModule) { // moduleScheme: a few map searches of log2(entries) string comparisons
        cost += kPerRule * 8 * (1 + u64(std::bit_width(perModule->byModule.size())));
    }
    return cost;
}

namespace {

/// The layer `text` names when its first `literal` characters begin root + digits + ".";
/// nullopt when it names none there; -1 (as int64) when it cannot begin a module under root.
std::optional<std::int64_t> namedLayer(const std::string &text, std::size_t literal,
                                       const std::string &root) {
    const std::size_t common = std::min(literal, root.size());
    if (text.compare(0, common, root, 0, common) != 0) {
        return -1;
    }
    if (literal <= root.size()) {
        return std::nullopt;
    }
    std::size_t end = root.size();
    std::int64_t layer = 0;
    while (end < literal && std::isdigit(static_cast<unsigned char>(text[end]))) {
        layer = std::min<std::int64_t>(layer * 10 + (text[end] - '0'), std::int64_t(1) << 40);
        ++end;
    }
    if (end == literal) {
        return std::nullopt; // "model.layers.1*": the number runs into a wildcard
    }
    if (end == root.size() || text[end] != '.' || layer > 0xFFFFFFFFll) {
        return -1; // a module under root has a layer number there, then a dot
    }
    return layer;
}

} // namespace

Quantization::LayerRules Quantization::rulesByLayer(const std::string &root) const {
    LayerRules out;
    out.shared = *this;
    out.shared.ignoreNames.clear();
    out.shared.excludeGlobs.clear();
    Quantization empty = *this;
    empty.notConvert.clear();
    empty.notConvertGlobs.clear();
    empty.ignoreRegex.clear();
    empty.ignoreNames.clear();
    empty.excludeGlobs.clear();
    const auto layerRules = [&](std::int64_t layer) -> Quantization & {
        return out.byLayer.try_emplace(std::uint32_t(layer), empty).first->second;
    };
    for (const std::string &glob : excludeGlobs) {
        const auto layer = namedLayer(glob, std::min(glob.find_first_of("*?["), glob.size()), root);
        if (!layer) {
            out.shared.excludeGlobs.push_back(glob);
        } else if (*layer >= 0) {
            layerRules(*layer).excludeGlobs.push_back(glob);
        }
    }
    for (const std::string &name : ignoreNames) {
        // Matched whole or as a suffix after a dot: only a name that begins with root is
        // known to name one layer; the others stay shared.
        const auto layer = name.compare(0, root.size(), root) == 0
                               ? namedLayer(name, name.size(), root)
                               : std::nullopt;
        if (layer && *layer >= 0) {
            layerRules(*layer).ignoreNames.push_back(name);
        } else {
            out.shared.ignoreNames.push_back(name);
        }
    }
    return out;
}

bool Quantization::converts(const TensorPiece &p) const {
    return storesAs(p) != nullptr;
}

const Quantization *Quantization::storesAs(const TensorPiece &p) const {
    if (method == Method::None || !p.linear) {
        return nullptr;
    }
    if (method == Method::CompressedTensors) {
        // compressed-tensors matches ignore entries with re.match (anchored at the start).
        for (const auto &re : ignoreRegex) {
            if (re.matchesPrefix(p.module)) {
                return nullptr;
            }
        }
        for (const auto &name : ignoreNames) {
            if (p.module == name ||
                (p.module.size() > name.size() &&
                 p.module.compare(p.module.size() - name.size(), name.size(), name) == 0 &&
                 p.module[p.module.size() - name.size() - 1] == '.')) {
                return nullptr;
            }
        }
        return this;
    }
    if (method == Method::ModelOpt) {
        // ModelOpt exports keep embeddings in the model dtype, and lm_head unless a
        // MIXED_PRECISION checkpoint lists it among its quantized_layers.
        if (p.role == GroupRole::Embedding || (p.role == GroupRole::LmHead && !perModule)) {
            return nullptr;
        }
        // MoE routers stay 16-bit: ModelOpt's default configs disable their quantizers
        // ("*router*", "*mlp.gate.*", "*block_sparse_moe.gate*", "*mlp.shared_expert_gate.*":
        // modelopt/torch/quantization/config.py @ 103b1bb1 _default_disabled_quantizer_cfg).
        if (p.role == GroupRole::MoeOther && p.group == "router") {
            return nullptr;
        }
        for (const auto &g : excludeGlobs) {
            if (fnmatchModule(g, p.module)) {
                return nullptr;
            }
        }
        return perModule ? moduleScheme(p.module, p.role) : this;
    }
    // transformers' fp8 / mxfp4 / awq / gptq quantizers keep the output embedding
    // (lm_head) unconverted.
    if (p.role == GroupRole::LmHead || p.role == GroupRole::Embedding) {
        return nullptr;
    }
    for (const auto &g : notConvertGlobs) {
        if (g.matchesWhole(p.module)) {
            return nullptr;
        }
    }
    for (const auto &name : notConvert) {
        if (name.find('*') == std::string::npos && p.module.find(name) != std::string::npos) {
            return nullptr;
        }
    }
    return this;
}

const Quantization &Quantization::schemeFor(const TensorPiece &p) const {
    const Quantization *own = perModule ? moduleScheme(p.module, p.role) : nullptr;
    return own ? *own : *this;
}

const Quantization *Quantization::moduleScheme(const std::string &module, GroupRole role) const {
    if (!perModule || perModule->byModule.empty()) {
        return nullptr;
    }
    const auto &table = perModule->byModule;
    // vLLM resolves the layer it builds: a routed expert's is the FusedMoE layer
    // ("...mlp.experts"), whichever expert and projection the piece is named by.
    std::string own = module;
    if (const std::size_t at = module.rfind(".experts.");
        role == GroupRole::RoutedExperts && at != std::string::npos) {
        own = module.substr(0, at + 8); // through ".experts"
    }
    std::vector<std::string> names{own};
    const std::string a = "model.language_model.", b = "language_model.model.";
    if (own.compare(0, a.size(), a) == 0) {
        names.push_back(b + own.substr(a.size()));
    } else if (own.compare(0, b.size(), b) == 0) {
        names.push_back(a + own.substr(b.size()));
    }
    if (own.size() > 8 && own.compare(own.size() - 8, 8, ".lm_head") == 0) {
        names.push_back("lm_head");
    }
    for (const std::string &name : names) { // the module itself
        if (const auto it = table.find(name); it != table.end()) {
            return &perModule->schemes[it->second];
        }
    }
    // A fused layer by its shards (vLLM packed_modules_mapping; Qwen3.5's Gated DeltaNet
    // fuses in_proj_qkv + in_proj_z and in_proj_b + in_proj_a); all listed shards must agree.
    static const std::map<std::string, std::vector<std::string>> kPacked = {
        {"qkv_proj", {"q_proj", "k_proj", "v_proj"}},
        {"gate_up_proj", {"gate_proj", "up_proj"}},
        {"in_proj_qkvz", {"in_proj_qkv", "in_proj_z"}},
        {"in_proj_ba", {"in_proj_b", "in_proj_a"}}};
    for (const std::string &name : names) {
        const std::size_t dot = name.rfind('.');
        const auto packed = kPacked.find(name.substr(dot == std::string::npos ? 0 : dot + 1));
        if (packed == kPacked.end()) {
            continue;
        }
        const Quantization *found = nullptr;
        for (const std::string &shard : packed->second) {
            const auto it = table.find(name.substr(0, dot + 1) + shard);
            const Quantization *one = it == table.end() ? nullptr : &perModule->schemes[it->second];
            if (one && found && one->modelOptAlgo != found->modelOptAlgo) {
                fail(perModule->field, "the fused layer " + cutText(name, 200) + " has shards in " +
                                           found->modelOptAlgo + " and " + one->modelOptAlgo +
                                           "; vLLM refuses mixed algorithms within a fused layer");
            }
            found = one ? one : found;
        }
        if (found) {
            return found;
        }
    }
    for (const std::string &name : names) { // children listed one by one
        const std::string under = name + ".";
        const auto it = table.lower_bound(under);
        if (it != table.end() && it->first.compare(0, under.size(), under) == 0) {
            return &perModule->schemes[it->second];
        }
    }
    return nullptr;
}

u64 Quantization::convertedBytes(const TensorPiece &p) const {
    const u64 n = p.params();
    const std::string &f = p.module;
    switch (method) {
    case Method::Fp8: {
        // One fp32 weight_scale_inv per [blockRows x blockCols] block of each tensor.
        const u64 scales = blockRows == 0 ? p.count
                                          : checkedMul(p.count, ceilDivExact(p.rows, blockRows),
                                                       ceilDivExact(p.cols, blockCols), f);
        return checkedAdd(n, checkedMul(4, scales, f), f);
    }
    case Method::ModelOpt:
        if (format.kind == FormatKind::FP8_E4M3) {
            // e4m3 weight + fp32 scales (modelopt.h); per-tensor also an fp32 input_scale.
            const u64 scales = scaleLayout == ScaleLayout::PerTensor ? checkedMul(2, p.count, f)
                               : scaleLayout == ScaleLayout::PerRow
                                   ? checkedMul(p.rows, p.count, f)
                                   : checkedMul(p.count, ceilDivExact(p.rows, blockRows),
                                                ceilDivExact(p.cols, blockCols), f);
            return checkedAdd(n, checkedMul(4, scales, f), f);
        }
        if (format.kind == FormatKind::NVFP4) {
            // As below, plus the fp32 input_scale per tensor.
            const u64 perRow = checkedAdd(ceilDivExact(p.cols, 2), ceilDivExact(p.cols, 16), f);
            return checkedAdd(checkedMul(p.rows, p.count, perRow, f), checkedMul(8, p.count, f), f);
        }
        return format.bytesFor(n);
    case Method::Bnb4: {
        // Per tensor of rows x cols = m values: packed codes, absmax per 64-value block,
        // quant_map [16] fp32; with double quant the absmax is uint8 plus its own fp32 absmax
        // per 256 blocks and a [256] fp32 code.
        const u64 m = checkedMul(p.rows, p.cols, f);
        const u64 blocks = ceilDivExact(m, 64);
        const u64 absmax =
            bnbDoubleQuant
                ? checkedAdd(blocks,
                             checkedAdd(checkedMul(4, ceilDivExact(blocks, 256), f), 1024, f), f)
                : checkedMul(4, blocks, f);
        const u64 perTensor = checkedAdd(checkedAdd(ceilDivExact(m, 2), absmax, f), 64, f);
        return checkedMul(perTensor, p.count, f);
    }
    case Method::Bnb8:
        // Int8Params: one int8 per value plus the fp32 SCB per output row.
        return checkedAdd(n, checkedMul(4, checkedMul(p.rows, p.count, f), f), f);
    default:
        if (format.kind == FormatKind::MXFP4 || format.kind == FormatKind::NVFP4) {
            // Packed e2m1 per row plus one 8-bit scale per started block along the inputs;
            // NVFP4 adds one fp32 global scale per tensor.
            const u64 block = format.blockSize();
            const u64 perRow = checkedAdd(ceilDivExact(p.cols, 2), ceilDivExact(p.cols, block), f);
            const u64 bytes = checkedMul(p.rows, p.count, perRow, f);
            return format.kind == FormatKind::NVFP4
                       ? checkedAdd(bytes, checkedMul(4, p.count, f), f)
                       : bytes;
        }
        return format.bytesFor(n);
    }
}

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

} // namespace

Quantization readQuantization(const ConfigReader &primary,
                              const std::optional<ConfigReader> &secondary) {
    Quantization q;
    std::optional<ConfigReader> qc = primary.optSub("quantization_config");
    if (!qc && secondary) {
        qc = secondary->optSub("quantization_config");
    }
    if (!qc) {
        return q;
    }
    const std::string method = qc->str("quant_method");
    // ModelOpt also writes its description without quant_method, naming itself as producer.
    const bool modelOptProducer = method.empty() && qc->has("quant_algo") && qc->has("producer") &&
                                  qc->get("producer")->is_object() &&
                                  qc->sub("producer").str("name") == "modelopt";
    if (method == "modelopt" || modelOptProducer) {
        return readModelOpt(*qc);
    }
    // bitsandbytes names its exclusions llm_int8_skip_modules (matched like
    // modules_to_not_convert: transformers' get_keys_to_not_convert adds lm_head).
    q.notConvert =
        qc->strList(method == "bitsandbytes" ? "llm_int8_skip_modules" : "modules_to_not_convert");
    for (std::size_t i = 0; i < q.notConvert.size(); ++i) {
        if (q.notConvert[i].size() > ModulePattern::kMaxPatternChars) {
            fail(qc->field("modules_to_not_convert[" + std::to_string(i) + "]"),
                 "longer than " + std::to_string(ModulePattern::kMaxPatternChars) + " characters");
        }
        if (q.notConvert[i].find('*') != std::string::npos) {
            auto glob = ModulePattern::fromGlob(q.notConvert[i]);
            if (!glob.ok()) {
                fail(qc->field("modules_to_not_convert[" + std::to_string(i) + "]"),
                     glob.error().message);
            }
            q.notConvertGlobs.push_back(std::move(glob).value());
        }
    }
    if (method == "fp8") {
        q.method = Quantization::Method::Fp8;
        // "e4m3" / "e5m2", or the torch spelling ("float8_e4m3fn") MiniMax writes.
        const std::string fmt = qc->str("fmt", "e4m3");
        const auto torchFmt = parseTorchDtype(fmt);
        if (fmt != "e4m3" && fmt != "e5m2" &&
            !(torchFmt && (*torchFmt == formats::fp8 || *torchFmt == formats::fp8e5m2))) {
            fail(qc->field("fmt"), "unsupported FP8 format '" + fmt + "'");
        }
        q.format = fmt == "e5m2" || (torchFmt && *torchFmt == formats::fp8e5m2) ? formats::fp8e5m2
                                                                                : formats::fp8;
        const std::vector<u64> block = qc->countList("weight_block_size", kMaxHidden, 1);
        if (!block.empty() && block.size() != 2) {
            fail(qc->field("weight_block_size"), "must be a [rows, cols] pair");
        }
        if (block.size() == 2) {
            q.blockRows = block[0];
            q.blockCols = block[1];
        }
    } else if (method == "mxfp4") {
        q.method = Quantization::Method::Mxfp4;
        q.format = formats::mxfp4;
    } else if (method == "awq" || method == "gptq") {
        q.method = Quantization::Method::IntGroup;
        const u64 bits = qc->has("bits") ? qc->count("bits", 8) : qc->count("w_bit", 8);
        const char *groupKey = qc->has("group_size") ? "group_size" : "q_group_size";
        // -1 is per-column quantization: one scale per output channel, no groups along the
        // input (transformers' GPTQConfig docstring, "-1 uses per-column quantization";
        // AutoGPTQ's quantize_config.json writes it, e.g. TheBloke's "*--1g-*" branches).
        // HostPlan's group size 0 is that case (its scales counted as negligible).
        const nlohmann::json *groupValue = qc->get(groupKey);
        const bool perColumn =
            groupValue && groupValue->is_number_integer() && groupValue->get<std::int64_t>() == -1;
        const u64 group = perColumn ? 0 : qc->countOr(groupKey, 128, 1u << 16);
        if (bits == 4) {
            q.format = NumberFormat{FormatKind::INT4, std::uint32_t(group)};
        } else if (bits == 8) {
            q.format = formats::int8;
        } else if (bits == 2) {
            q.format = NumberFormat{FormatKind::INT2, std::uint32_t(group)};
        } else {
            fail(qc->field("bits"), "unsupported bit width " + std::to_string(bits));
        }
    } else if (method == "bitsandbytes") {
        // BitsAndBytesConfig: load_in_4bit (nf4 / fp4 codes, blocksize 64) or load_in_8bit
        // (LLM.int8). transformers writes both the public and the underscored spellings.
        const bool four = qc->flag("load_in_4bit", qc->flag("_load_in_4bit", false));
        const bool eight = qc->flag("load_in_8bit", qc->flag("_load_in_8bit", false));
        if (four == eight) {
            fail(qc->field("load_in_4bit"),
                 "exactly one of load_in_4bit and load_in_8bit must be true for bitsandbytes");
        }
        if (four) {
            const std::string type = qc->str("bnb_4bit_quant_type", "fp4");
            if (type != "nf4" && type != "fp4") {
                fail(qc->field("bnb_4bit_quant_type"),
                     "unsupported bitsandbytes 4-bit type '" + type + "'");
            }
            const std::string storage = qc->str("bnb_4bit_quant_storage", "uint8");
            if (storage != "uint8") {
                fail(qc->field("bnb_4bit_quant_storage"),
                     "only uint8 storage is supported, got '" + storage + "'");
            }
            q.method = Quantization::Method::Bnb4;
            q.format = NumberFormat{FormatKind::INT4, 64}; // 4-bit codes, one scale per 64
            q.bnbDoubleQuant = qc->flag("bnb_4bit_use_double_quant", false);
        } else {
            q.method = Quantization::Method::Bnb8;
            q.format = formats::int8;
        }
    } else if (method == "compressed-tensors") {
        q.method = Quantization::Method::CompressedTensors;
        readKvCacheScheme(*qc, q);
        const ConfigReader groups = qc->sub("config_groups");
        if (groups.raw().size() != 1) {
            fail(groups.path(),
                 "only one config group is supported, got " + std::to_string(groups.raw().size()));
        }
        const ConfigReader g0 = groups.sub(groups.raw().begin().key());
        const std::vector<std::string> targets = g0.strList("targets");
        if (targets.size() != 1 || targets[0] != "Linear") {
            fail(g0.field("targets"), "only [\"Linear\"] is supported");
        }
        const ConfigReader w = g0.sub("weights");
        const std::string fmt = g0.str("format", qc->str("format"));
        const u64 bits = w.count("num_bits", 32);
        const std::string type = w.str("type", "int");
        const u64 group = w.countOr("group_size", 0, 1u << 16, 0);
        if (fmt == "mxfp4-pack-quantized" && bits == 4 && type == "float") {
            if (group != 0 && group != 32) {
                fail(w.field("group_size"),
                     "MXFP4 uses groups of 32, got " + std::to_string(group));
            }
            q.format = formats::mxfp4;
        } else if (fmt == "nvfp4-pack-quantized" && bits == 4 && type == "float") {
            q.format = formats::nvfp4;
        } else if (fmt == "float-quantized" && bits == 8 && type == "float") {
            q.format = formats::fp8; // per-channel or per-block scales, counted as negligible
            if (w.str("strategy") == "block") {
                // llm-compressor's FP8_BLOCK: [rows, cols] blocks, as quant_method "fp8"'s
                // weight_block_size (vLLM CompressedTensorsW8A8Fp8 checks TP shards alike).
                const std::vector<u64> block = w.countList("block_structure", kMaxHidden, 1);
                if (block.size() != 2) {
                    fail(w.field("block_structure"), "must be a [rows, cols] pair");
                }
                q.blockRows = block[0];
                q.blockCols = block[1];
            }
        } else if ((fmt == "int-quantized" || fmt == "naive-quantized") && bits == 8 &&
                   type == "int") {
            // W8A8 INT8 (llm-compressor's quantized.w8a8 checkpoints): one int8 per weight
            // with per-channel scales, counted as negligible; vLLM runs it as
            // CompressedTensorsW8A8Int8.
            q.format = formats::int8;
        } else if (fmt == "pack-quantized" && type == "int" && (bits == 4 || bits == 8)) {
            q.format =
                bits == 4 ? NumberFormat{FormatKind::INT4, std::uint32_t(group)} : formats::int8;
        } else {
            fail(qc->field("format"), "unsupported compressed-tensors format '" + fmt + "' (" +
                                          std::to_string(bits) + "-bit " + type + ")");
        }
        const std::vector<std::string> ignore = qc->strList("ignore");
        for (std::size_t i = 0; i < ignore.size(); ++i) {
            if (ignore[i].rfind("re:", 0) == 0) {
                auto re = ModulePattern::fromRegex(std::string_view(ignore[i]).substr(3));
                if (!re.ok()) {
                    fail(qc->field("ignore[" + std::to_string(i) + "]"), re.error().message);
                }
                q.ignoreRegex.push_back(std::move(re).value());
            } else if (ignore[i].size() > ModulePattern::kMaxPatternChars) {
                fail(qc->field("ignore[" + std::to_string(i) + "]"),
                     "longer than " + std::to_string(ModulePattern::kMaxPatternChars) +
                         " characters");
            } else {
                q.ignoreNames.push_back(ignore[i]);
            }
        }
    } else {
        fail(qc->field("quant_method"), "unsupported quantization method '" + method + "'");
    }
    return q;
}

std::optional<NumberFormat> parseTorchDtype(std::string_view text) {
    std::string s(text);
    if (s.rfind("torch.", 0) == 0) {
        s.erase(0, 6);
    }
    // torch's aliases (half, float, double is refused: no checkpoint stores fp64 weights).
    if (s == "half") {
        return formats::fp16;
    }
    if (s == "float") {
        return formats::fp32;
    }
    if (s == "float8_e4m3fn" || s == "float8_e4m3fnuz") {
        return formats::fp8;
    }
    if (s == "float8_e5m2" || s == "float8_e5m2fnuz") {
        return formats::fp8e5m2;
    }
    const auto f = parseNumberFormat(s);
    if (f && (*f == formats::bf16 || *f == formats::fp16 || *f == formats::fp32)) {
        return *f;
    }
    return std::nullopt;
}

NumberFormat readDtype(const ConfigReader &primary, const std::optional<ConfigReader> &secondary) {
    for (const ConfigReader *c : {&primary, secondary ? &*secondary : nullptr}) {
        if (!c) {
            continue;
        }
        for (const char *key : {"torch_dtype", "dtype"}) {
            if (c->has(key)) {
                const std::string s = c->str(key);
                if (auto f = parseTorchDtype(s)) {
                    return *f;
                }
                fail(c->field(key), "unsupported dtype '" + s + "'");
            }
        }
    }
    return formats::bf16;
}

std::optional<NumberFormat> readStateDtype(const ConfigReader &primary,
                                           const std::optional<ConfigReader> &secondary,
                                           const char *key, std::vector<std::string> &notes) {
    for (const ConfigReader *c : {&primary, secondary ? &*secondary : nullptr}) {
        if (!c || !c->has(key)) {
            continue;
        }
        const std::string s = c->str(key);
        const std::optional<NumberFormat> f = parseTorchDtype(s);
        if (f && (*f == formats::fp32 || *f == formats::bf16 || *f == formats::fp16)) {
            return f;
        }
        notes.push_back(c->field(key) + " is '" + s.substr(0, 64) +
                        "', not a recurrent-state dtype (float32, bfloat16, float16); the "
                        "engines keep their default");
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace hostplan::importer
