// SPDX-License-Identifier: MIT
#include "import/quantization.h"

#include "import/compressedtensors.h"
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
    for (const auto &r : dynamic) {
        cost += r.pattern.patternChars() + kPerRule;
    }
    for (const auto &list : {&ignoreNames, &excludeGlobs}) {
        for (const auto &r : *list) {
            cost += r.size() + kPerRule;
        }
    }
    if (perModule) { // moduleScheme: a few map searches of log2(entries) string comparisons
        cost += kPerRule * 8 * (1 + u64(std::bit_width(perModule->byModule.size())));
    }
    if (targets) { // targetScheme: every target against up to three names
        for (const auto &t : targets->targets) {
            cost += 3 * (t.text.size() + kPerRule);
        }
    }
    return cost;
}

namespace {

/// `name` with a multimodal wrapper's two spellings of the language model's prefix swapped
/// ("model.language_model." <-> "language_model.model."): vLLM's module paths take the first,
/// checkpoints (and so their exclude and quantized_layers lists) often the second; vLLM maps
/// them with each model's hf_to_vllm_mapper. Empty when `name` begins with neither.
std::string swappedWrapperPrefix(const std::string &name) {
    static const std::string a = "model.language_model.", b = "language_model.model.";
    if (name.compare(0, a.size(), a) == 0) {
        return b + name.substr(a.size());
    }
    if (name.compare(0, b.size(), b) == 0) {
        return a + name.substr(b.size());
    }
    return {};
}

/// vLLM's fused layers by their checkpoint shards (each model's packed_modules_mapping:
/// llama.py qkv_proj / gate_up_proj, deepseek_v2.py fused_qkv_a_proj, deepseek_v4.py
/// fused_wqa_wkv, qwen3_next.py in_proj_qkvz / in_proj_ba).
const std::map<std::string, std::vector<std::string>> &packedLayers() {
    static const std::map<std::string, std::vector<std::string>> table = {
        {"qkv_proj", {"q_proj", "k_proj", "v_proj"}},
        {"gate_up_proj", {"gate_proj", "up_proj"}},
        {"fused_qkv_a_proj", {"q_a_proj", "kv_a_proj_with_mqa"}},
        {"fused_wqa_wkv", {"wq_a", "wkv"}},
        {"in_proj_qkvz", {"in_proj_qkv", "in_proj_z"}},
        {"in_proj_ba", {"in_proj_b", "in_proj_a"}}};
    return table;
}

/// The fused layer vLLM builds for the shard `module` ("...self_attn.q_proj" ->
/// "...self_attn.qkv_proj"); empty when its last name is no shard of packedLayers().
std::string fusedLayerName(const std::string &module) {
    const std::size_t dot = module.rfind('.');
    const std::string last = module.substr(dot == std::string::npos ? 0 : dot + 1);
    for (const auto &[fused, shards] : packedLayers()) {
        if (std::find(shards.begin(), shards.end(), last) != shards.end()) {
            return module.substr(0, dot == std::string::npos ? 0 : dot + 1) + fused;
        }
    }
    return {};
}

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

/// The integer-group format of `bits` (2, 4 or 8) in groups of `group` (0: per column); other
/// widths fail naming `field`.
NumberFormat intGroupFormat(u64 bits, u64 group, const std::string &field) {
    if (bits != 2 && bits != 4 && bits != 8) {
        fail(field, "unsupported bit width " + std::to_string(bits));
    }
    const FormatKind kind = bits == 4   ? FormatKind::INT4
                            : bits == 8 ? FormatKind::INT8
                                        : FormatKind::INT2;
    return NumberFormat{kind, std::uint32_t(group)};
}

/// quantization_config.dynamic of a GPTQ checkpoint (Quantization::DynamicRule): an object of
/// at most 4,096 regex keys, each to an object whose bits / group_size override the base
/// (`bits`, `group`), in `order` where it lists exactly its keys (the file's order); a key
/// that is not a valid pattern fails naming it.
void readGptqDynamic(const ConfigReader &qc, Quantization &q, u64 bits, u64 group,
                     const std::vector<std::string> &order) {
    const nlohmann::json *d = qc.get("dynamic");
    if (!d || d->is_null()) {
        return;
    }
    if (!d->is_object() || d->size() > 4096) {
        fail(qc.field("dynamic"), "must be an object of at most 4,096 module patterns");
    }
    std::vector<std::string> keys;
    const bool asWritten = order.size() == d->size() &&
                           std::all_of(order.begin(), order.end(),
                                       [&](const std::string &k) { return d->contains(k); });
    for (auto it = d->begin(); it != d->end(); ++it) {
        keys.push_back(it.key());
    }
    if (asWritten) {
        keys = order;
    }
    for (const std::string &key : keys) {
        const nlohmann::json &value = d->at(key);
        const std::string field = qc.field("dynamic") + "[\"" + cutText(key, 80) + "\"]";
        if (!value.is_object()) {
            fail(field, "must be an object of overrides ({} for none)");
        }
        std::string_view text = key;
        const bool skip = text.starts_with("-:");
        if (skip || text.starts_with("+:")) {
            text.remove_prefix(2);
        }
        auto pattern = ModulePattern::fromRegex(text);
        if (!pattern.ok()) {
            fail(field, pattern.error().message);
        }
        Quantization::DynamicRule rule{std::move(pattern).value(), skip, nullptr};
        const ConfigReader o = qc.sub("dynamic").sub(key);
        if (!skip && (o.has("bits") || o.has("group_size"))) {
            const nlohmann::json *g = o.get("group_size");
            const bool perColumn = g && g->is_number_integer() && g->get<std::int64_t>() == -1;
            auto scheme = std::make_shared<Quantization>(q);
            scheme->dynamic.clear();
            scheme->format = intGroupFormat(
                o.countOr("bits", bits, 8),
                perColumn ? 0 : o.countOr("group_size", group, 1u << 16), field + ".bits");
            rule.override = std::move(scheme);
        }
        q.dynamic.push_back(std::move(rule));
    }
}

} // namespace

Quantization::LayerRules Quantization::rulesByLayer(const std::string &root) const {
    LayerRules out;
    out.shared = *this;
    out.shared.ignoreNames.clear();
    out.shared.excludeGlobs.clear();
    out.shared.notConvert.clear();
    Quantization empty = *this;
    empty.notConvert.clear();
    empty.notConvertGlobs.clear();
    empty.ignoreRegex.clear();
    empty.ignoreNames.clear();
    empty.excludeGlobs.clear();
    empty.dynamic.clear();
    const auto layerRules = [&](std::int64_t layer) -> Quantization & {
        return out.byLayer.try_emplace(std::uint32_t(layer), empty).first->second;
    };
    for (const std::string &written : excludeGlobs) {
        // A glob in the wrapper's other spelling is kept in the spelling of root's modules.
        const std::string twin = swappedWrapperPrefix(written);
        for (const std::string *glob : {&written, &twin}) {
            if (glob->empty()) {
                continue;
            }
            const auto layer =
                namedLayer(*glob, std::min(glob->find_first_of("*?["), glob->size()), root);
            if (!layer) {
                out.shared.excludeGlobs.push_back(*glob);
            } else if (*layer >= 0) {
                layerRules(*layer).excludeGlobs.push_back(*glob);
            }
        }
    }
    // A literal name that begins with root, a layer number and a dot names one layer: the
    // compressed-tensors names (matched whole or as a suffix after a dot) and the not-convert
    // substrings (storesAs; Meta's FP8 checkpoints list every layer's attention projections,
    // 511 names) go to that layer; the others, and the not-convert globs (also in
    // notConvertGlobs), stay shared.
    const auto split = [&](const std::vector<std::string> &names,
                           std::vector<std::string> Quantization::*list) {
        for (const std::string &name : names) {
            const auto layer =
                name.find('*') == std::string::npos && name.compare(0, root.size(), root) == 0
                    ? namedLayer(name, name.size(), root)
                    : std::nullopt;
            Quantization &rules = layer && *layer >= 0 ? layerRules(*layer) : out.shared;
            (rules.*list).push_back(name);
        }
    };
    split(notConvert, &Quantization::notConvert);
    split(ignoreNames, &Quantization::ignoreNames);
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
        return targets ? targetScheme(p) : this;
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
        const std::string twin = swappedWrapperPrefix(p.module);
        for (const auto &g : excludeGlobs) {
            if (fnmatchModule(g, p.module) || (!twin.empty() && fnmatchModule(g, twin))) {
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
    const DynamicRule *rule = dynamicRule(p.module);
    if (rule && rule->skip) {
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
    return rule && rule->override ? rule->override.get() : this;
}

const Quantization::DynamicRule *Quantization::dynamicRule(const std::string &module) const {
    for (const DynamicRule &r : dynamic) {
        if (r.pattern.matchesPrefix(module)) {
            return &r;
        }
    }
    return nullptr;
}

const Quantization &Quantization::schemeFor(const TensorPiece &p) const {
    const DynamicRule *rule = perModule || targets ? nullptr : dynamicRule(p.module);
    const Quantization *own = perModule ? moduleScheme(p.module, p.role)
                              : targets ? targetScheme(p)
                              : rule    ? rule->override.get()
                                        : nullptr;
    return own ? *own : *this;
}

const Quantization *Quantization::targetScheme(const TensorPiece &p) const {
    if (!targets) {
        return nullptr;
    }
    // The names vLLM looks up: the layer's own, or for a routed expert its FusedMoE layer's
    // first expert's three projections.
    using Target = TargetSchemes::Target;
    const bool expert = p.role == GroupRole::RoutedExperts;
    std::vector<std::string> names;
    if (const std::size_t at = p.module.rfind(".experts."); expert && at != std::string::npos) {
        const std::string layer = p.module.substr(0, at + 9); // through ".experts."
        names = {layer + "0.gate_proj", layer + "0.up_proj", layer + "0.down_proj"};
    } else {
        names = {p.module};
    }
    const auto byName = [&](const std::string &name) -> const Target * {
        for (const auto &t : targets->targets) { // equal, or re.match
            if (t.re ? t.re->matchesPrefix(name) : t.text == name) {
                return &t;
            }
        }
        return nullptr;
    };
    const auto byClass = [&]() -> const Target * { // every Linear layer's class contains it
        for (const auto &t : targets->targets) {
            if (p.linear && t.linearClass) {
                return &t;
            }
        }
        return nullptr;
    };
    // A shard (q_proj) is matched as vLLM matches its fused layer: the fused name, the
    // class, then the shards' own names (_match_fused_layer).
    const auto resolve = [&](const std::string &name) -> const Target * {
        const std::string fused = expert ? std::string() : fusedLayerName(name);
        const Target *t = byName(fused.empty() ? name : fused);
        t = t ? t : byClass();
        return t || fused.empty() ? t : byName(name);
    };
    const Target *found = resolve(names.front());
    for (std::size_t i = 1; i < names.size(); ++i) {
        const Target *other = resolve(names[i]);
        const auto scheme = [](const Target *t) {
            return t ? std::int64_t(t->scheme) : std::int64_t(-1);
        };
        if (scheme(other) != scheme(found)) {
            fail(targets->field,
                 "the MoE layer " +
                     cutText(names.front().substr(0, names.front().size() - 12), 200) +
                     " has its projections in different config groups ('" +
                     (found ? cutText(found->text, 100) : std::string("none")) + "', '" +
                     (other ? cutText(other->text, 100) : std::string("none")) +
                     "'); vLLM needs one scheme for all of them");
        }
    }
    return found ? &targets->schemes[found->scheme] : nullptr;
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
    if (std::string twin = swappedWrapperPrefix(own); !twin.empty()) {
        names.push_back(std::move(twin));
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
    const auto &kPacked = packedLayers();
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
        // One fp32 weight_scale_inv per [blockRows x blockCols] block of each tensor; FBGEMM's
        // one per output row (scaleLayout PerRow); else one per tensor.
        const u64 scales = scaleLayout == ScaleLayout::PerRow ? checkedMul(p.rows, p.count, f)
                           : blockRows == 0                   ? p.count
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

Quantization readQuantization(const ConfigReader &primary,
                              const std::optional<ConfigReader> &secondary,
                              const std::vector<std::string> &dynamicOrder) {
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
    // mlx-lm's conversions carry {"group_size", "bits", "mode"} without quant_method, as
    // "quantization" and again as "quantization_config" (an mlx-community Qwen3.5-9B 8-bit
    // conversion's config.json).
    if (method.empty() && qc->has("bits") && qc->has("group_size")) {
        fail(qc->field("quant_method"),
             "missing: bits and group_size without it are an MLX (mlx-lm) checkpoint, which "
             "vLLM, SGLang, TensorRT-LLM and llama.cpp do not load; plan the original model or a "
             "GGUF / GPU-quantized file");
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
        // null is "no blocks"; a list must be a pair (vLLM Fp8Config raises otherwise, [] too).
        const nlohmann::json *given = qc->get("weight_block_size");
        if (given && given->is_array() && block.size() != 2) {
            fail(qc->field("weight_block_size"), "must be a [rows, cols] pair");
        }
        if (block.size() == 2) {
            q.blockRows = block[0];
            q.blockCols = block[1];
        }
    } else if (method == "fbgemm_fp8") {
        // FBGEMM's FP8 (Meta's Llama 3.1 FP8 checkpoints): e4m3 weights with one fp32 scale
        // per output channel, modules_to_not_convert kept 16-bit (vLLM
        // model_executor/layers/quantization/fbgemm_fp8.py FBGEMMFp8Config, weight_scale of
        // [output rows, 1] float32; activation_scale_ub one float for the whole model).
        q.method = Quantization::Method::Fp8;
        q.format = formats::fp8;
        q.scaleLayout = Quantization::ScaleLayout::PerRow;
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
        q.format = intGroupFormat(bits, group, qc->field("bits"));
        if (method == "gptq") {
            readGptqDynamic(*qc, q, bits, group, dynamicOrder);
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
        readCompressedTensors(*qc, q);
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
