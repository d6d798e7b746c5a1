// SPDX-License-Identifier: MIT
// Import a ModelSpec from a Hugging Face config.json.
//
// How it works: the model_type picks an architecture file (import/architectures.cpp's table;
// arch_*.cpp) that reads the config (import/configreader.h) and lists the model's stored tensors
// as pieces through the public builder (import/modelbuilder.h): one representative HF module
// name, [rows, cols] shape, how many instances, how many one token touches. The checkpoint's
// dtype and quantization rules (import/quantization.h) then give each piece its stored format
// and exact bytes, and the builder merges the pieces into a few TensorGroups by role, placement
// and format, and the per-layer attention kinds into LayerGroups. Paths are resolved by
// import/pathresolve.h; checkpoint bytes refined by import/safetensors.h.
//
// Parameter formulas follow the transformers modeling files of each model_type (and the
// vendors' modeling_*.py for deepseek_v3 / kimi_k2 / kimi_linear / kimi_k3); every total is
// checked in tests/core/tst_modelimport.cpp against ../shared/reference/model-facts.md and
// kimi-k3-facts.md.
//
// Placement defaults follow vLLM's layers (vllm/model_executor/layers/linear.py and the model
// files): the input embedding is VocabParallelEmbedding and lm_head ParallelLMHead (sharded);
// q/k/v/o, MLPs and shared experts are Column/RowParallelLinear (sharded); routed experts are
// FusedMoE (sharded over TP or EP); the MLA q_a_proj / kv_a_proj_with_mqa and the KDA
// f_a_proj / g_a_proj low-rank down-projections are ReplicatedLinear; the MoE router gate is
// ReplicatedLinear; norms and small per-layer vectors (sinks, A_log, dt_bias, q/k norms, AttnRes
// projections) are treated as replicated. Biases travel with their weight matrix.
#include "import/modelimport.h"

#include "import/architectures.h"
#include "import/configreader.h"
#include "import/ggufimport.h"
#include "import/hubcache.h"
#include "import/modelbuilder.h"
#include "import/modelopt.h"
#include "import/ollama.h"
#include "import/towers.h"
#include "import/pathresolve.h"
#include "import/quantization.h"
#include "import/safetensors.h"
#include "util/jsonutil.h"
#include "util/textutil.h"
#include "util/terminaltext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <limits>
#include <optional>

namespace hostplan {

namespace {

using json = nlohmann::json;
using importer::ConfigReader;
using importer::fail;

/// A model id from the last part of its name: lower case, letters, digits and '.' kept, any
/// other character '-'.
std::string idFromName(std::string_view base) {
    std::string id;
    for (char ch : base) {
        const auto u = static_cast<unsigned char>(ch);
        id += std::isalnum(u) || ch == '.' ? char(std::tolower(u)) : '-';
    }
    return id;
}

/// Display name and id from _name_or_path, else from the source's file name ("config.json"
/// gives its folder's name).
void nameModel(const ConfigReader &top, const std::optional<ConfigReader> &text,
               const std::string &source, ModelSpec &spec) {
    std::string name = top.has("_name_or_path") && top.get("_name_or_path")->is_string()
                           ? top.get("_name_or_path")->get<std::string>()
                           : std::string();
    if (name.empty() && text && text->has("_name_or_path") &&
        text->get("_name_or_path")->is_string()) {
        name = text->get("_name_or_path")->get<std::string>();
    }
    if (name.empty()) {
        const std::filesystem::path p(source);
        name = p.stem().string();
        if ((name == "config" || name.empty()) && p.has_parent_path()) {
            name = p.parent_path().filename().string();
        }
    }
    if (name.empty()) {
        name = spec.architecture;
    }
    spec.displayName = singleLine(name); // one line wherever it is printed
    std::string base = name.substr(
        name.find_last_of("/\\") == std::string::npos ? 0 : name.find_last_of("/\\") + 1);
    if (base.empty()) {
        base = name;
    }
    spec.id = idFromName(base);
}

/// The positions one RoPE description `rope` (a rope_scaling / rope_parameters object) builds
/// its cos / sin cache for; `maxPos` is max_position_embeddings. Type "linear" or "dynamic":
/// maxPos x factor (vllm/model_executor/layers/rotary_embedding/linear_scaling_rope.py @
/// 0f17ee06, dynamic_ntk_scaling_rope.py); "yarn" / "deepseek_yarn":
/// ceil(original_max_position_embeddings x factor), at least maxPos (yarn_scaling_rope.py @
/// 0cd57848); any other type maxPos. Those four types need a factor (transformers'
/// rope validation requires one); a factor that is missing for them or not a number in
/// [1, 1024] is an ImportFailure naming the field.
std::uint64_t ropeInstancePositions(const ConfigReader &rope, std::uint64_t maxPos) {
    const std::string type = rope.str("rope_type", rope.str("type"));
    const bool linear = type == "linear" || type == "dynamic";
    const bool yarn = type == "yarn" || type == "deepseek_yarn";
    const json *f = rope.get("factor");
    if (!f && (linear || yarn)) {
        fail(rope.field("factor"), "missing; RoPE type '" + type + "' needs a scaling factor");
    }
    double factor = 1.0;
    if (f) {
        if (!f->is_number() || !(f->get<double>() >= 1.0 && f->get<double>() <= 1024.0)) {
            fail(rope.field("factor"), "must be a number from 1 to 1024");
        }
        factor = f->get<double>();
    }
    if (linear) {
        return std::uint64_t(std::ceil(double(maxPos) * factor));
    }
    if (yarn) {
        const std::uint64_t original =
            rope.countOr("original_max_position_embeddings", maxPos, importer::kMaxContext, 1);
        return std::max(maxPos, std::uint64_t(std::ceil(double(original) * factor)));
    }
    return maxPos;
}

/// The positions vLLM's rotary cos / sin caches span for `lm`'s RoPE, summed over its
/// instances (ropeInstancePositions each); `maxPos` is max_position_embeddings. One instance
/// from rope_scaling, else rope_parameters; transformers v5 nests rope_parameters per layer
/// type ({"full_attention": {...}, "sliding_attention": {...}}), one instance each; a plain
/// value beside those objects is a parameter they share, each object's own value winning
/// (poolside/Laguna-XS.2's config.json gives original_max_position_embeddings so).
/// rope_local_base_freq (Gemma 3's local layers, before v5) adds a second, unscaled instance of
/// maxPos (unless rope_parameters is nested, which holds it); it must be a number. A nested
/// rope_parameters holding an array is an error naming it. Equal instances count once (vLLM's
/// get_rope cache). Each instance and the sum are bounded like max_position_embeddings, so a
/// hostile factor or list cannot overflow the bytes.
std::uint64_t rotaryCachePositions(const ConfigReader &lm, std::uint64_t maxPos) {
    std::vector<ConfigReader> instances;
    std::vector<json> merged; // nested instances with the shared values; outlives `instances`
    bool nested = false;      // transformers v5, one RoPE per layer type
    if (std::optional<ConfigReader> scaling = lm.optSub("rope_scaling")) {
        instances.push_back(*scaling);
    } else if (std::optional<ConfigReader> params = lm.optSub("rope_parameters")) {
        const json &raw = params->raw();
        nested = std::any_of(raw.begin(), raw.end(), [](const json &v) { return v.is_object(); });
        if (nested) {
            json shared = json::object();
            std::vector<std::string> kinds;
            for (auto it = raw.begin(); it != raw.end(); ++it) {
                if (it->is_array()) {
                    fail(params->field(it.key()),
                         "must be an object (one layer type's RoPE) or a value the layer types "
                         "share, not an array");
                }
                if (it->is_object()) {
                    kinds.push_back(it.key());
                } else {
                    shared[it.key()] = *it;
                }
            }
            merged.reserve(kinds.size());
            for (const std::string &k : kinds) {
                json one = shared;
                for (auto it = raw[k].begin(); it != raw[k].end(); ++it) {
                    one[it.key()] = *it;
                }
                // get_rope keeps one instance per distinct set of parameters.
                if (std::find(merged.begin(), merged.end(), one) != merged.end()) {
                    continue;
                }
                merged.push_back(std::move(one));
                instances.emplace_back(merged.back(), params->field(k));
            }
        } else {
            instances.push_back(*params);
        }
    }
    // The sum is bounded like one instance, so that positions x rotary dim x bytes stays far
    // inside 64 bits (kMaxContext x kMaxHidden x 2 = 2^61) however many instances a file lists.
    std::uint64_t positions = 0;
    for (const ConfigReader &rope : instances) {
        positions = std::min(
            positions + std::min(ropeInstancePositions(rope, maxPos), importer::kMaxContext),
            importer::kMaxContext);
    }
    if (instances.empty()) {
        positions = maxPos;
    }
    if (const json *local = lm.get("rope_local_base_freq")) {
        if (!local->is_number()) {
            fail(lm.field("rope_local_base_freq"), "must be a number");
        }
        // nested: the local RoPE is one of the instances
        positions = std::min(positions + (nested ? 0 : maxPos), importer::kMaxContext);
    }
    return positions;
}

/// The longest context vLLM derives for `lm` from `maxPos` (max_position_embeddings, or
/// model_max_length without it) and its RoPE scaling (vllm/config/model.py
/// _get_and_verify_max_len): unless the model type names gemma3 (whose 128K is already
/// scaled), each RoPE instance of a type other than su / longrope / llama3 sets the factor
/// (1 without one) and, for yarn, replaces the length by its
/// original_max_position_embeddings; the length is then multiplied by the factor. So a
/// Qwen3 config given YaRN x 4 over 32,768 positions serves 131,072 tokens. Factors are
/// checked by ropeInstancePositions (rotaryCachePositions reads the same objects first).
std::uint64_t derivedMaxContext(const ConfigReader &lm, const std::string &modelType,
                                std::uint64_t maxPos) {
    if (maxPos == 0 || modelType.find("gemma3") != std::string::npos) {
        return maxPos;
    }
    std::vector<ConfigReader> ropes;
    if (std::optional<ConfigReader> scaling = lm.optSub("rope_scaling")) {
        ropes.push_back(*scaling);
    } else if (std::optional<ConfigReader> params = lm.optSub("rope_parameters")) {
        const json &raw = params->raw();
        for (auto it = raw.begin(); it != raw.end(); ++it) {
            if (it->is_object()) {
                ropes.emplace_back(*it, params->field(it.key())); // transformers v5, per layer type
            }
        }
        if (ropes.empty()) {
            ropes.push_back(*params);
        }
    }
    double factor = 1.0;
    std::uint64_t length = maxPos;
    for (const ConfigReader &rope : ropes) {
        const std::string type = rope.str("rope_type", rope.str("type", "default"));
        if (type == "su" || type == "longrope" || type == "llama3") {
            continue;
        }
        if (const json *f = rope.get("factor"); f && f->is_number()) {
            factor = f->get<double>();
        }
        if (type == "yarn") {
            length =
                rope.countOr("original_max_position_embeddings", length, importer::kMaxContext, 1);
        }
    }
    return std::min<std::uint64_t>(std::uint64_t(double(length) * factor), importer::kMaxContext);
}

/// SGLang's derived context_length for `lm` (python/sglang/srt/utils/hf_transformers_utils.py
/// get_context_length): `maxPos` times rope_scaling's factor, unless that object has an
/// original_max_position_embeddings (YaRN) or is llama3; no RoPE object, `maxPos`.
std::uint64_t sglangDerivedContext(const ConfigReader &lm, std::uint64_t maxPos) {
    std::optional<ConfigReader> rope = lm.optSub("rope_scaling");
    if (!rope || rope->has("original_max_position_embeddings") ||
        rope->str("rope_type") == "llama3") {
        return maxPos;
    }
    const json *f = rope->get("factor");
    const double factor = f && f->is_number() ? f->get<double>() : 1.0;
    return std::min<std::uint64_t>(std::uint64_t(double(maxPos) * factor), importer::kMaxContext);
}

/// The keys of quantization_config.dynamic (top level, else in a wrapper's text config) in the
/// order `text` writes them; empty without one or when `text` does not parse. The first
/// matching GPTQ dynamic rule decides (importer::Quantization::DynamicRule), and a parsed
/// object keeps its keys sorted.
std::vector<std::string> gptqDynamicOrder(std::string_view text) {
    if (text.find("\"dynamic\"") == std::string_view::npos) {
        return {};
    }
    std::vector<std::string> ignored;
    const std::string clean = importer::replaceNonFiniteLiterals(text, ignored);
    const auto doc = nlohmann::ordered_json::parse(clean, nullptr, false);
    if (!doc.is_object()) {
        return {};
    }
    // The object at `key` of `o`, or null (no copy of the document).
    const auto objectAt = [](const nlohmann::ordered_json *o,
                             const char *key) -> const nlohmann::ordered_json * {
        if (!o || !o->is_object()) {
            return nullptr;
        }
        const auto it = o->find(key);
        return it != o->end() && it->is_object() ? &*it : nullptr;
    };
    for (const char *wrapper : {"", "text_config", "language_config", "llm_config"}) {
        const nlohmann::ordered_json *at = *wrapper ? objectAt(&doc, wrapper) : &doc;
        if (const auto *rules = objectAt(objectAt(at, "quantization_config"), "dynamic")) {
            std::vector<std::string> keys;
            for (const auto &item : rules->items()) {
                keys.push_back(item.key());
            }
            return keys;
        }
    }
    return {};
}

ModelSpec importConfig(const json &root, const std::string &source, const json *hfQuant,
                       const std::vector<std::string> &dynamicOrder) {
    if (!root.is_object()) {
        fail("", "not a JSON object; this is not a Hugging Face config.json");
    }
    const ConfigReader top(root, "");
    if (!top.has("model_type")) {
        fail("model_type", "missing; this is not a Hugging Face config.json");
    }
    const std::string givenType = top.str("model_type");
    // A model_type the table does not list is read by its architectures[0] class where the
    // table names that class (the engines pick the model by class), else by the generic
    // reader (arch_generic.cpp).
    const importer::Architecture *entry = importer::findArchitecture(givenType);
    std::string modelClass;
    if (const json *classes = top.get("architectures"); !entry && classes && classes->is_array() &&
                                                        !classes->empty() &&
                                                        classes->front().is_string()) {
        modelClass = classes->front().get<std::string>();
        entry = importer::findArchitectureByClass(modelClass);
    }
    const std::string arch = entry ? std::string(entry->modelType) : givenType;
    const importer::ArchitectureBuilder build = entry ? entry->build : importer::buildGeneric;

    importer::ModelBuilder b;
    if (arch != givenType) {
        b.note("model_type '" + cutText(givenType, 64) + "' is read as " + arch +
               ", the model of its architectures[0] " + cutText(modelClass, 64) +
               " (the class the engines load)");
    }
    // textCfg: the language model's config when it sits in text_config of a wrapper (kimi_k3);
    // the wrapper's top level then supplies what text_config lacks.
    const std::optional<ConfigReader> textCfg = build(top, arch, b);
    const std::optional<ConfigReader> wrapper =
        textCfg ? std::optional<ConfigReader>(top) : std::nullopt;

    const ConfigReader &lm = textCfg ? *textCfg : top;
    const NumberFormat dtype = importer::readDtype(lm, wrapper);
    // ModelOpt's hf_quant_config.json beside config.json is its exporter's own record of the
    // stored formats; it wins over a quantization_config it also wrote (which may lack
    // quant_method, or name modelopt). A config.json block of another method is what vLLM
    // and SGLang load by (nvidia's DeepSeek V4 NVFP4: quant_method "fp8" with moe_quant_algo
    // NVFP4, vLLM DeepseekV4FP8Config, while the file lists only the experts).
    const auto ownMethod = [&](const ConfigReader &c) {
        const std::optional<ConfigReader> qc = c.optSub("quantization_config");
        const std::string method = qc ? qc->str("quant_method") : std::string();
        return !method.empty() && method != "modelopt";
    };
    const bool useHfQuant = hfQuant && !ownMethod(lm) && !(wrapper && ownMethod(*wrapper));
    const importer::Quantization quant =
        useHfQuant ? importer::readModelOpt(
                         ConfigReader(*hfQuant, "hf_quant_config.json").sub("quantization"))
                   : importer::readQuantization(lm, wrapper, dynamicOrder);

    auto built = b.finish(dtype, quant);
    if (!built) {
        throw importer::ImportFailure{built.error()};
    }
    ModelSpec spec = std::move(built).value();
    spec.architecture = arch;
    spec.source = source;
    spec.dtype = dtype;
    spec.rotaryCachePositions = rotaryCachePositions(lm, spec.maxContextTokens);
    spec.sglangMaxContextTokens = sglangDerivedContext(lm, spec.maxContextTokens);
    spec.maxContextTokens =
        derivedMaxContext(lm, lm.str("model_type", arch), spec.maxContextTokens);
    nameModel(top, textCfg, source, spec);
    // A tower beside a language model whose architecture file reads the language model only
    // (the generic reader adds or notes the towers itself).
    const bool towerCounted =
        std::any_of(spec.groups.begin(), spec.groups.end(),
                    [](const TensorGroup &g) { return g.role == GroupRole::Vision; });
    for (const char *tower : {"vision_config", "audio_config"}) {
        if (entry && !towerCounted && top.optSub(tower)) {
            spec.notes.push_back(std::string("estimated: ") + tower + " is not counted: the " +
                                 arch + " importer reads the language model only");
        }
    }
    spec.customCode = root.contains("auto_map") || (textCfg && lm.has("auto_map"));
    // Blocks are read only for FP8 (weight_block_size; compressed-tensors' FP8_BLOCK group,
    // which need not be the first of several).
    spec.fp8BlockScaled = (quant.method == importer::Quantization::Method::Fp8 ||
                           quant.method == importer::Quantization::Method::CompressedTensors) &&
                          quant.blockRows > 0;
    if (spec.fp8BlockScaled) {
        // countList bounds each entry by kMaxHidden (import/quantization.cpp), so they narrow.
        spec.fp8BlockRows = std::uint32_t(quant.blockRows);
        spec.fp8BlockCols = std::uint32_t(quant.blockCols);
    }
    if (quant.kvFormat) {
        spec.shippedKvFormat = quant.kvFormat;
        spec.shippedKvSource = quant.kvSource;
        spec.shippedKvOrigin = useHfQuant ? KvScalesOrigin::ModelOptFile : quant.kvOrigin;
        if (useHfQuant &&
            (lm.has("quantization_config") || (wrapper && wrapper->has("quantization_config")))) {
            // config.json's own block is what vLLM and SGLang read (ModelSpec doc).
            bool ownKv = false;
            try {
                ownKv = importer::readQuantization(lm, wrapper, dynamicOrder).kvFormat.has_value();
            } catch (const importer::ImportFailure &) {
                ownKv = false; // a block the engines could not read either
            }
            spec.shippedKvInQuantFileOnly = !ownKv;
        }
    }
    spec.modelOptQuantAlgo = quant.modelOptAlgo;
    spec.configSsmDtype = importer::readStateDtype(lm, wrapper, "mamba_ssm_dtype", spec.notes);
    spec.configSsmCacheDtype =
        importer::readStateDtype(lm, wrapper, "mamba_ssm_cache_dtype", spec.notes);
    if (!quant.kvNote.empty()) {
        spec.notes.push_back(quant.kvNote);
    }
    // The width the builder used for a gated dense MLP (QWen v1's intermediate_size counts both
    // branches: halved there); else intermediate_size as the config gives it.
    for (const auto &g : spec.groups) {
        if (g.role == GroupRole::DenseMlp && spec.denseIntermediate == 0) {
            spec.denseIntermediate =
                std::uint32_t(lm.countOr("intermediate_size", 0, importer::kMaxIntermediate, 0));
            break;
        }
    }
    return spec;
}

} // namespace

Result<ModelSpec> importHfConfigText(std::string_view jsonText, const std::string &source,
                                     std::string_view hfQuantConfigText) {
    try {
        if (jsonText.find_first_not_of(" \t\r\n") == std::string_view::npos) {
            return makeError("", source + ": empty file; this is not a Hugging Face config.json");
        }
        // jsonfield::parse refuses a name given twice ("hidden_size": 4096, "hidden_size":
        // 8192 would otherwise silently keep the last) and names the field of 1e400. Infinity
        // and NaN literals (some published configs carry them) read as absent first.
        std::vector<std::string> nonFinite;
        auto parsed =
            jsonfield::parse(importer::replaceNonFiniteLiterals(jsonText, nonFinite), source);
        if (!parsed.ok()) {
            const Error &e = parsed.error();
            return e.field == source ? makeError("", source + ": " + e.message) : e;
        }
        json hfQuant;
        if (!hfQuantConfigText.empty()) {
            std::vector<std::string> ignored;
            auto q =
                jsonfield::parse(importer::replaceNonFiniteLiterals(hfQuantConfigText, ignored),
                                 "hf_quant_config.json");
            if (!q.ok()) {
                return q.error();
            }
            hfQuant = std::move(q).value();
            if (!hfQuant.is_object()) {
                return makeError("hf_quant_config.json", "not a JSON object");
            }
        }
        ModelSpec spec;
        try {
            spec =
                importConfig(parsed.value(), source, hfQuantConfigText.empty() ? nullptr : &hfQuant,
                             gptqDynamicOrder(jsonText));
        } catch (const importer::ImportFailure &f) {
            // A needed key that held Infinity / NaN reads as absent: say what it held rather
            // than "missing", which the user, looking at the key in the file, would not believe.
            if (std::find(nonFinite.begin(), nonFinite.end(), f.error.field) != nonFinite.end()) {
                return makeError(f.error.field,
                                 "is Infinity or NaN, not a number this model can be sized with");
            }
            throw;
        }
        if (!nonFinite.empty()) {
            std::string list;
            for (const auto &k : nonFinite) {
                list += (list.empty() ? "" : ", ") + k;
            }
            // Only keys the importer never needs reach here: a needed one reads as missing and
            // fails naming itself.
            spec.notes.push_back("config values Infinity / NaN read as absent: " + list);
        }
        return spec;
    } catch (const importer::ImportFailure &f) {
        return f.error;
    } catch (const std::exception &e) {
        return makeError("", source + ": cannot import: " + e.what());
    }
}

namespace {

/// A checkpoint size that disagrees with the config by more than 4x is another model's (or a
/// corrupt) file: refuse it rather than plan with it.
std::optional<Error> checkPlausible(const ModelSpec &spec, std::uint64_t bytes,
                                    const std::string &field) {
    const double derived = double(spec.weightBytes());
    if (derived > 0 && (double(bytes) < derived / 4 || double(bytes) > derived * 4)) {
        return makeError(field, std::to_string(bytes) + " bytes disagrees with the " +
                                    std::to_string(spec.weightBytes()) +
                                    " bytes that config.json implies; is this checkpoint for "
                                    "another model?");
    }
    return std::nullopt;
}

/// Sum of the tensor bytes in the headers of `files` (single-file or shard checkpoints without
/// an index). Only headers are read, each in one streaming pass.
/// `step` runs before each file and says whether to go on (progress and cancel).
Result<std::uint64_t> sumSafetensorsHeaders(const std::vector<std::filesystem::path> &files,
                                            const std::function<bool()> &step,
                                            const std::atomic<bool> *cancel) {
    std::uint64_t total = 0;
    for (const auto &f : files) {
        if (!step()) {
            return makeError("", kImportCancelled);
        }
        HOSTPLAN_TRY(bytes, readSafetensorsHeaderBytes(f, cancel)); // names the file
        if (total > std::numeric_limits<std::uint64_t>::max() - bytes) {
            return makeError(f.string(), "tensor sizes overflow");
        }
        total += bytes;
    }
    return total;
}

} // namespace

Result<ModelSpec> importModelPath(const std::filesystem::path &path, const ImportOptions &options) {
    try {
        if (const std::string text = path.generic_string();
            text.rfind(importer::kOllamaPrefix, 0) == 0) {
            // "ollama:qwen3:14b": the GGUF blob Ollama keeps (import/ollama.h).
            HOSTPLAN_TRY(blob, importer::resolveOllamaModel(
                                   std::string_view(text).substr(importer::kOllamaPrefix.size()),
                                   importer::ollamaModelsDir()));
            auto spec = importGguf(blob);
            if (spec.ok()) {
                spec.value().notes.push_back("Ollama model " + text.substr(7) + ": " +
                                             blob.string());
            }
            return spec;
        }
        if (isGgufPath(path)) {
            return importGguf(path); // llama.cpp's format: header only (import/ggufimport.h)
        }
        std::error_code ec;
        if (const std::string t = path.generic_string();
            !t.empty() && t.back() == '@' && !std::filesystem::exists(path, ec) &&
            importer::looksLikeHubId(t.substr(0, t.size() - 1))) {
            return makeError(t, "no revision after '@' (org/name@REV, or org/name for main)");
        }
        if (!std::filesystem::exists(path, ec) && importer::looksLikeHubId(path.generic_string())) {
            // "org/name": the snapshot in the local Hugging Face cache (import/hubcache.h).
            // Where the cache lacks it, the network through the fetcher the app installed.
            const std::string id = path.generic_string();
            auto snapshot =
                importer::resolveHubSnapshot(id, importer::HubCacheEnv::fromEnvironment());
            if (!snapshot && importer::hubFetcher()) {
                snapshot = importer::hubFetcher()(id, snapshot.error(), options.cancel);
            }
            if (!snapshot) {
                return snapshot.error();
            }
            auto spec = importModelPath(*snapshot, options);
            if (spec && spec->displayName == snapshot->filename().string()) {
                // Named after the snapshot's commit folder (no _name_or_path): use the id.
                const std::string name = importer::splitHubId(id).repo;
                spec.value().displayName = name;
                spec.value().id = idFromName(name.substr(name.find('/') + 1));
            }
            return spec;
        }
        auto paths = importer::resolveCheckpointPaths(path);
        if (!paths) {
            return paths.error();
        }
        const std::filesystem::path &config = paths->config;
        const std::filesystem::path &index = paths->index;
        const std::vector<std::filesystem::path> &shards = paths->shards;
        const std::filesystem::path hfQuantPath = config.parent_path() / "hf_quant_config.json";
        const bool hasHfQuant = std::filesystem::exists(hfQuantPath, ec);
        // Progress: one step per file read, looking at the cancel flag before each.
        const std::size_t files =
            1 + (hasHfQuant ? 1 : 0) + (index.empty() ? shards.size() : std::size_t(1));
        std::size_t done = 0;
        const std::atomic<bool> *cancel = options.cancel;
        const std::function<bool()> step = [&] {
            if (done > 0 && options.progress) {
                options.progress(done, files);
            }
            ++done;
            return !(cancel && cancel->load());
        };
        if (!step()) {
            return makeError("", kImportCancelled);
        }
        auto text = importer::readConfigFile(config);
        if (!text) {
            return text.error();
        }
        std::string hfQuant;
        if (hasHfQuant) {
            if (!step()) {
                return makeError("", kImportCancelled);
            }
            auto q = importer::readConfigFile(hfQuantPath);
            if (!q) {
                return q.error();
            }
            hfQuant = std::move(*q);
        }
        auto spec = importHfConfigText(*text, config.string(), hfQuant);
        if (!spec) {
            // Name the file: "m1/config.json: hidden_size: missing", or for a field of the
            // ModelOpt record "m1/hf_quant_config.json: quantization.quant_algo: ...".
            const Error &e = spec.error();
            if (e.toString().rfind(config.string(), 0) == 0) {
                return spec;
            }
            const std::string quantTag = "hf_quant_config.json";
            if (hasHfQuant && e.field.rfind(quantTag, 0) == 0) {
                const std::string rest =
                    e.field.substr(std::min(e.field.size(), quantTag.size() + 1));
                return makeError(hfQuantPath.string() + (rest.empty() ? "" : ": " + rest),
                                 e.message);
            }
            return makeError(config.string() + (e.field.empty() ? "" : ": " + e.field), e.message);
        }
        // The image processor's largest image, for the vision tower's profile pass
        // (towers.h applyPreprocessorConfig); read only where a modelled tower needs it.
        if (const auto pre = config.parent_path() / "preprocessor_config.json";
            spec->visionEncoder.readsPreprocessorConfig() && std::filesystem::exists(pre, ec)) {
            auto preText = importer::readConfigFile(pre);
            if (!preText) {
                return preText.error();
            }
            if (auto bad =
                    importer::applyPreprocessorConfig(spec.value(), *preText, pre.string())) {
                return *bad;
            }
        }
        if (!index.empty()) {
            if (!step()) {
                return makeError("", kImportCancelled);
            }
            auto idx = readSafetensorsIndex(index, /*keepWeightMap=*/false, cancel);
            if (!idx) {
                return idx.error(); // names the file (readSafetensorsIndex)
            }
            step(); // the last file is read: report it
            if (idx->totalSizeBytes == 0) {
                // A placeholder some save paths write (a real W4A16 checkpoint ships it; no
                // engine reads the key): the config's own bytes stand, as with no index.
                ModelSpec out = *spec;
                out.notes.push_back(index.filename().string() +
                                    ": metadata.total_size is 0 (not measured): weights are "
                                    "sized from config.json");
                return out;
            }
            if (auto bad = checkPlausible(*spec, idx->totalSizeBytes,
                                          index.string() + ": metadata.total_size")) {
                return *bad;
            }
            return refineWithIndex(*spec, *idx);
        }
        if (!shards.empty()) {
            auto bytes = sumSafetensorsHeaders(shards, step, cancel);
            if (!bytes) {
                return bytes.error();
            }
            step();
            if (auto bad = checkPlausible(*spec, *bytes, shards.front().string())) {
                return *bad;
            }
            SafetensorsIndex idx;
            idx.totalSizeBytes = *bytes;
            return refineWithIndex(*spec, idx);
        }
        step();
        return spec;
    } catch (const std::exception &e) {
        return makeError(path.string(), std::string("cannot import: ") + e.what());
    }
}

std::vector<std::string> supportedArchitectures() {
    std::vector<std::string> out;
    for (const auto &a : importer::architectureTable()) {
        out.emplace_back(a.modelType);
    }
    return out;
}

} // namespace hostplan
