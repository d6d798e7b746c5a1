// SPDX-License-Identifier: MIT
// A checkpoint's stored number formats, from its config: the dtype of unquantized tensors
// (torch_dtype / dtype) and the quantization scheme (quantization_config: fp8 with weight blocks,
// mxfp4, awq / gptq integer groups, compressed-tensors, bitsandbytes 4-bit nf4 / fp4 and 8-bit),
// with the rules that say which pieces it
// converts (modules_to_not_convert globs; compressed-tensors ignore names and "re:" patterns)
// and the exact bytes of a converted piece.
//
// Sources: transformers' quantizers (quantizer_finegrained_fp8.py, quantizer_mxfp4.py,
// quantizer_awq.py, quantizer_gptq.py, quantizer_bnb_4bit.py / quantizer_bnb_8bit.py;
// should_convert_module for modules_to_not_convert), bitsandbytes' QuantState (Params4bit,
// blocksize 64; Int8Params with one fp32 SCB per output row) and
// compressed-tensors' match_name / is_match (ignore entries; "re:" is re.match). Byte layouts:
// model/numberformat.h.
#pragma once

#include "import/configreader.h"
#include "import/modelbuilder.h"
#include "import/modulepattern.h"
#include "model/numberformat.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostplan::importer {

/// The checkpoint's quantization scheme (quantization_config), resolved per piece.
struct Quantization {
    enum class Method { None, Fp8, Mxfp4, CompressedTensors, IntGroup, ModelOpt, Bnb4, Bnb8 };
    /// Where FP8 scales sit (ModelOpt): one per tensor (plus an input scale), one per output
    /// row, or one per blockRows x blockCols block.
    enum class ScaleLayout { PerTensor, PerRow, Block };
    Method method = Method::None;
    NumberFormat format = formats::bf16; ///< format of converted weights
    std::uint64_t blockRows = 0;         ///< FP8 weight_block_size rows (0 = one scale/tensor)
    std::uint64_t blockCols = 0;         ///< FP8 weight_block_size cols
    /// modules_to_not_convert entries: with '*', a glob matching a module or any of its
    /// children (ModulePattern::fromGlob); without, also a substring (older transformers).
    std::vector<std::string> notConvert;
    std::vector<ModulePattern> notConvertGlobs; ///< the entries with '*', compiled once
    std::vector<ModulePattern> ignoreRegex;     ///< compressed-tensors "re:" ignore entries
    std::vector<std::string> ignoreNames;       ///< compressed-tensors plain ignore entries
    /// ModelOpt FP8 scale layout; PerRow also for FBGEMM FP8 (fbgemm_fp8), which Method::Fp8
    /// reads (its other checkpoints: weight_block_size, else one scale per tensor).
    ScaleLayout scaleLayout = ScaleLayout::Block;
    std::vector<std::string> excludeGlobs; ///< ModelOpt exclude_modules (fnmatch, modelopt.h)
    bool bnbDoubleQuant = false; ///< bnb_4bit_use_double_quant: absmax itself quantized to 8 bit
    /// The KV-cache format the checkpoint ships scales for: compressed-tensors kv_cache_scheme
    /// (FP8 E4M3 for num_bits 8, type float) or ModelOpt kv_cache_quant_algo "FP8" /
    /// kv_cache_scheme (modelopt.h); nullopt without one or for a scheme HostPlan cannot plan,
    /// which then leaves a note in kvNote naming the field.
    std::optional<NumberFormat> kvFormat;
    std::string kvNote;   ///< why a KV scheme present was not used; empty otherwise
    std::string kvSource; ///< the key kvFormat was read from ("kv_cache_scheme", ...)
    /// Which description kvFormat came from. The importer sets ModelOptFile for a
    /// hf_quant_config.json (readModelOpt cannot tell the two ModelOpt forms apart).
    KvScalesOrigin kvOrigin = KvScalesOrigin::None;
    std::string modelOptAlgo; ///< ModelOpt quant_algo as written; empty for other methods
    /// ModelOpt MIXED_PRECISION: the scheme of each module its quantized_layers names, shared
    /// by the copies rulesByLayer makes; null for every other scheme. A Linear module it does
    /// not name stays in the model dtype (vLLM modelopt.py @ 00155cde
    /// ModelOptMixedPrecisionConfig.get_quant_method: UnquantizedLinearMethod).
    struct ModuleSchemes;
    std::shared_ptr<const ModuleSchemes> perModule;
    /// GPTQ "dynamic" rules (GPTQModel's quantization_config.dynamic), in the file's order,
    /// the first whose regex re.match-es a module's name deciding: "-:" keeps the module in
    /// the model dtype, "+:" (or no prefix) stores it with the rule's bits / group_size (the
    /// base scheme's where absent) (vLLM and SGLang gptq_utils.py get_dynamic_override,
    /// get_linear_quant_method). Matched against the checkpoint's module names; vLLM matches
    /// its fused layers' (qkv_proj, gate_up_proj), so a rule naming one fused projection alone
    /// can differ.
    struct DynamicRule {
        ModulePattern pattern;
        bool skip = false;                            ///< "-:": not quantized
        std::shared_ptr<const Quantization> override; ///< "+:" with bits / group_size; null: base
    };
    std::vector<DynamicRule> dynamic;
    /// compressed-tensors whose config_groups are several, or target anything but the Linear
    /// class: every group's targets with its scheme (TargetSchemes); null for one group
    /// targeting ["Linear"], which stores every Linear piece the ignore list leaves.
    struct TargetSchemes;
    std::shared_ptr<const TargetSchemes> targets;

    /// Whether the scheme stores `p` in `format`: only Linear pieces; never the embedding or
    /// lm_head for transformers' own quantizers; under ModelOpt never the embedding or a MoE
    /// router, the lm_head only when MIXED_PRECISION lists it; not those matched by the ignore
    /// rules.
    bool converts(const TensorPiece &p) const;
    /// The scheme that stores `p` when converts(p) (its quantized_layers entry under
    /// MIXED_PRECISION, else this one); null when `p` stays in the model dtype. One rule test
    /// and one module lookup for both answers.
    const Quantization *storesAs(const TensorPiece &p) const;

    /// What testing every exclude / ignore / not-convert rule on one module costs, in units of
    /// about one character comparison: each rule's characters plus 64.
    std::uint64_t ruleCost() const;

    /// The rules split for matching the layers of modules under `root` ("model.layers."),
    /// so that a list naming layers one by one costs one layer's entries per layer:
    /// `byLayer[i]` holds the ModelOpt globs, compressed-tensors names and not-convert
    /// substrings (fp8, AWQ, GPTQ modules_to_not_convert) whose literal text begins root + i +
    /// "."; `shared` the method and every other rule (regexes, other substrings, globs with a
    /// wildcard before the layer number). A ModelOpt glob whose literal prefix
    /// cannot begin a module under root is dropped (fnmatch matches the whole name). A module
    /// of layer i is converted when both shared.converts and byLayer[i].converts say so.
    struct LayerRules;
    LayerRules rulesByLayer(const std::string &root) const;

    /// Exact stored bytes of a converted piece: FP8 adds one fp32 scale per weight block (or
    /// per tensor); MXFP4 / NVFP4 pack two e2m1 per byte plus one 8-bit scale per started
    /// block along each row (NVFP4 also one fp32 global scale per tensor); bitsandbytes 4-bit
    /// packs two codes per byte plus, per tensor, an fp32 absmax per 64 values (double quant:
    /// a uint8 absmax per 64, an fp32 nested absmax per 256 blocks and a 256-entry fp32 nested
    /// code) and a 16-entry fp32 code (quant_map) — the few-hundred-byte packed quant_state
    /// JSON is not counted; bitsandbytes 8-bit stores int8 plus one fp32 scale (SCB) per
    /// output row; others by format.bytesFor. Throws ImportFailure naming the module on
    /// overflow. `this` is the scheme that stores `p` (schemeFor / storesAs): a
    /// MIXED_PRECISION description's own format is not any module's.
    std::uint64_t convertedBytes(const TensorPiece &p) const;
    /// The scheme that stores `p` when converts(p): its quantized_layers entry under
    /// MIXED_PRECISION (moduleScheme), else this one.
    const Quantization &schemeFor(const TensorPiece &p) const;
    /// The first GPTQ dynamic rule whose regex re.match-es `module`; null when none does.
    const DynamicRule *dynamicRule(const std::string &module) const;
    /// Under MIXED_PRECISION, the quantized_layers entry for `module` of a piece with `role`,
    /// as vLLM resolves a layer's prefix (modelopt.py @ 00155cde _resolve_quant_algo), for a
    /// routed expert ("...mlp.experts.0.w1") that of its FusedMoE layer ("...mlp.experts"):
    /// the module itself (also with "model.language_model." and "language_model.model."
    /// swapped, and "lm_head" for a path ending ".lm_head"); a fused layer (qkv_proj,
    /// gate_up_proj, in_proj_qkvz, in_proj_ba) by its listed shards, which must agree (else
    /// an ImportFailure naming the mapping, as vLLM raises); then the first entry under the
    /// module (vLLM's prefix rule: experts listed one by one). Null when none names it, or when
    /// the scheme is not MIXED_PRECISION. O(log entries) map searches.
    const Quantization *moduleScheme(const std::string &module, GroupRole role) const;
    /// Under compressed-tensors with `targets`, the scheme of the first target that matches
    /// `p` as vLLM matches a layer (compressed_tensors/utils.py @ 008014e8 find_matched_target:
    /// first the layer name, equal or a "re:" re.match, over every target in the file's order;
    /// then the module class, where a target "Linear" takes any Linear piece; a checkpoint
    /// shard vLLM fuses (q_proj in qkv_proj, wq_a in fused_wqa_wkv) by its fused layer's name
    /// first and its own last, as _match_fused_layer matches the shards); a routed expert
    /// by its FusedMoE layer's ".0.gate_proj", ".0.up_proj" and ".0.down_proj"
    /// (compressed_tensors_moe.py get_moe_method), which must agree, else an ImportFailure
    /// naming config_groups, as vLLM raises. Null when no target matches: the piece stays in
    /// the model dtype (get_scheme_dict returns None). Null without `targets`.
    const Quantization *targetScheme(const TensorPiece &p) const;
};

/// MIXED_PRECISION's quantized_layers: the distinct schemes its entries name (a ModelOpt
/// Quantization each: format, scale layout) and each module path's index among them, so that a
/// file of many entries costs a map node per entry, not a Quantization.
struct Quantization::ModuleSchemes {
    std::vector<Quantization> schemes;
    std::map<std::string, std::uint32_t> byModule;
    std::string field; ///< where the mapping was read, for errors ("quantization.quantized_layers")
};

/// compressed-tensors config_groups flattened as vLLM flattens them into target_scheme_map
/// (compressed_tensors.py @ be696453 _quantization_scheme_map_from_config): each target once,
/// in the order first written, with the scheme of the last group that names it.
struct Quantization::TargetSchemes {
    struct Target {
        std::string text;                ///< as written ("re:..." included)
        std::optional<ModulePattern> re; ///< the compiled "re:" pattern; none for a name
        bool linearClass = false;        ///< "Linear" in any case: names every Linear layer
        std::uint32_t scheme = 0;        ///< index into schemes
    };
    std::vector<Target> targets;
    std::vector<Quantization> schemes; ///< one per config group, in the file's order
    std::string field;                 ///< "quantization_config.config_groups", for errors
};

struct Quantization::LayerRules {
    Quantization shared;
    std::map<std::uint32_t, Quantization> byLayer;
};

/// Reads quantization_config from `primary` (e.g. text_config) or else `secondary` (top level);
/// none gives Method::None. compressed-tensors' kv_cache_scheme sets kvFormat (or kvNote). Throws
/// ImportFailure naming the field for an unsupported method,
/// format, bit width, group size or an invalid or too large pattern (ignore[i],
/// modules_to_not_convert[i]). Patterns are compiled here, once per import. `dynamicOrder`: the
/// keys of a GPTQ quantization_config.dynamic as the file writes them (the parsed object keeps
/// them sorted, and the first matching rule decides); used when it lists exactly that
/// object's keys, else the sorted order.
Quantization readQuantization(const ConfigReader &primary,
                              const std::optional<ConfigReader> &secondary,
                              const std::vector<std::string> &dynamicOrder = {});

/// A dtype as transformers writes it: "bfloat16", "torch.float16", "half", "float32", "float",
/// "float8_e4m3fn" (and the fnuz / e5m2 variants); nullopt for any other.
std::optional<NumberFormat> parseTorchDtype(std::string_view text);

/// The stored dtype of unquantized tensors: torch_dtype / dtype of `primary`, else of
/// `secondary`; bf16 when neither gives one. Only bf16, fp16 and fp32 are accepted; another is
/// an ImportFailure naming the field. Spellings: parseTorchDtype.
NumberFormat readDtype(const ConfigReader &primary, const std::optional<ConfigReader> &secondary);

/// The recurrent-state dtype a config names under `key` (mamba_ssm_dtype,
/// mamba_ssm_cache_dtype): `primary`'s, else `secondary`'s; nullopt when neither names one.
/// A dtype no engine keeps a state in (only float32, bfloat16 and float16 are) reads as absent
/// with a note in `notes`, as SGLang's mamba2_state_dtype warns and keeps its default
/// (python/sglang/srt/configs/mamba_utils.py @ 02e208de). A value that is not a string is an
/// ImportFailure naming the field.
std::optional<NumberFormat> readStateDtype(const ConfigReader &primary,
                                           const std::optional<ConfigReader> &secondary,
                                           const char *key, std::vector<std::string> &notes);

} // namespace hostplan::importer
