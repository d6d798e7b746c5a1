// SPDX-License-Identifier: MIT
// NVIDIA TensorRT Model Optimizer (ModelOpt) checkpoints: the quantization description that
// ModelOpt writes either as hf_quant_config.json beside config.json ({"producer": ...,
// "quantization": {"quant_algo", "group_size", "exclude_modules", "kv_cache_quant_algo"}}) or,
// in newer exports, as config.json's quantization_config with quant_method "modelopt"
// (quant_algo, config_groups, ignore, kv_cache_scheme).
//
// Stored layouts (modelopt/torch/export/quant_utils.py, TensorRT-LLM's loaders):
// - FP8 (per tensor): e4m3 weight, one fp32 weight_scale and one fp32 input_scale per tensor.
// - FP8_PER_CHANNEL_PER_TOKEN: e4m3 weight, one fp32 scale per output row.
// - FP8_BLOCK_SCALES / FP8_PB_WO: e4m3 weight, one fp32 scale per 128 x 128 block.
// - NVFP4 (and NVFP4_AWQ, W4A8_NVFP4_FP8): e2m1 packed two per byte, one e4m3 weight_scale per
//   16 inputs, fp32 weight_scale_2 (the global scale) and input_scale per tensor.
// - W4A16_AWQ / W4A8_AWQ: int4 in groups of group_size (128) with fp16 scales.
// - MIXED_PRECISION: quantized_layers maps module paths to one of the above each ({"quant_algo":
//   "FP8"}, {"quant_algo": "W4A16_NVFP4", "group_size": 16}); modules it leaves out keep the
//   model dtype (vLLM modelopt.py @ 00155cde ModelOptMixedPrecisionConfig).
// exclude_modules / ignore entries are fnmatch patterns on module names (no substring rule).
#pragma once

#include "import/configreader.h"
#include "import/quantization.h"

#include <string>

namespace hostplan::importer {

/// Reads a ModelOpt description: `q` is hf_quant_config.json's "quantization" object or a
/// config's quantization_config with quant_method "modelopt". quant_algo is read in upper case,
/// as vLLM normalises it. MIXED_PRECISION reads quantized_layers, each module's own
/// quant_algo (Quantization::perModule); W4A16_NVFP4 stores weights as NVFP4 does. Throws
/// ImportFailure naming quant_algo for an algorithm it does not size. The KV-cache
/// scheme (kv_cache_scheme, else kv_cache_quant_algo) "FP8" sets kvFormat FP8 E4M3 with
/// kvOrigin ModelOptConfig (the importer makes it ModelOptFile for hf_quant_config.json); any
/// other scheme leaves a note in kvNote naming the field.
Quantization readModelOpt(const ConfigReader &q);

/// Python fnmatch on a module name: '*' any run (dots too), '?' one character, '[seq]' /
/// '[!seq]' one character in / not in the set (ranges "a-z"; an unclosed '[' is literal), the
/// whole name must match. ModelOpt's exclude_modules semantics: vLLM's ModelOpt config tests
/// them with fnmatch.fnmatch. Linear in practice (one backtrack point), no regex.
bool fnmatchModule(const std::string &pattern, const std::string &module);

} // namespace hostplan::importer
