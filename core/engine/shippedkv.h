// SPDX-License-Identifier: MIT
// Whether a serving engine runs the KV cache in the format a checkpoint ships calibrated scales
// for (ModelSpec::shippedKvFormat, FP8 E4M3): by default (its "auto" KV dtype), only with a
// flag, or not at all because it does not load those scales. The three checkpoint forms
// (KvScalesOrigin) are read differently by each engine.
//
// Sources, each read at the commit named (paraphrased, no code copied):
// - vLLM: `--kv-cache-dtype auto` is resolved from the checkpoint before the cache config is
//   built (EngineArgs.create_engine_config calls resolve_kv_cache_dtype_string,
//   vllm/utils/torch_utils.py @ 0024350b5da3ad174435e62a15273c0d3caba57b): for a
//   quantization_config whose quant_method starts with "modelopt" it takes kv_cache_scheme
//   (8-bit float, not dynamic) or kv_cache_quant_algo ("FP8" -> fp8_e4m3). hf_quant_config.json
//   becomes hf_config.quantization_config when config.json has none
//   (vllm/transformers_utils/config.py) and ModelConfig names it "modelopt" / "modelopt_fp4"
//   from producer.name. Any other method keeps auto = the model dtype (vllm/config/cache.py @
//   002f10e0cfa1373a19a0d2756598a34b700d20e5); compressed-tensors' kv_cache_scheme scales load
//   with --kv-cache-dtype fp8 (CompressedTensorsKVCacheMethod).
// - SGLang: `--kv-cache-dtype auto` takes FP8 E4M3 when the model's quant config has an
//   attribute kv_cache_quant_algo equal to "FP8", else the model dtype
//   (ModelRunner.configure_kv_cache_dtype, python/sglang/srt/model_executor/model_runner.py;
//   the same test in every stored version read, a module-level function in the newest; the
//   commit of this one is not pinned).
//   In python/sglang/srt/layers/quantization/modelopt_quant.py @
//   faeb96856c4417d55695feec2f4d2463c8adb7fd only ModelOptFp4Config (quant_algo NVFP4) keeps
//   kv_cache_quant_algo (from kv_cache_quant_algo, or from an in-config kv_cache_scheme of
//   8-bit float); ModelOptFp8Config keeps the same value as kv_cache_quant_method, which the
//   auto rule does not read, so a ModelOpt FP8 checkpoint runs a BF16 cache unless started with
//   --kv-cache-dtype fp8_e4m3, whose ModelOptFp8KVCacheMethod loads the shipped k/v scales.
//   CompressedTensorsConfig
//   (python/sglang/srt/layers/quantization/compressed_tensors/compressed_tensors.py @
//   b5535699b732af5d2e049cc5b70112718964b774) neither keeps kv_cache_scheme nor gives the
//   attention layers a KV-cache method: the shipped scales are not loaded.
// - TensorRT-LLM (PyTorch backend): ModelConfig.from_pretrained reads kv_cache_quant_algo from
//   hf_quant_config.json only (load_modelopt_quant_config); a config.json quantization_config
//   goes to load_hf_quant_config, which knows FP8 block scales and MXFP4 only
//   (tensorrt_llm/_torch/model_config.py @ 1a0dc5f70054f66d892df6a964996fc5ead6f81e).
//   kv_cache_config.dtype "auto", the default, keeps the checkpoint's kv_cache_quant_algo
//   (validate_and_set_kv_cache_quant, tensorrt_llm/_torch/pyexecutor/model_loader.py @
//   b51992a331532b80cb943098d3b1891762feb5f5).
#pragma once

#include "engine/engine.h"
#include "model/modelspec.h"

#include <string>

namespace hostplan {

/// How an engine treats the KV-cache scales a checkpoint ships.
enum class ShippedKvUse {
    EngineDefault, ///< its default KV dtype ("auto") runs the shipped format with the scales
    WithFlag,      ///< it loads the scales when started with its FP8 KV-cache flag
    NotLoaded,     ///< it does not read these scales: the shipped format does not apply
};

/// One engine's treatment of a checkpoint's shipped KV scales, with the reason in a few words
/// ("vLLM's --kv-cache-dtype auto resolves to fp8_e4m3 from kv_cache_quant_algo").
struct ShippedKvRule {
    ShippedKvUse use = ShippedKvUse::NotLoaded;
    std::string reason; ///< empty when the model ships no KV scales
};

/// What `engine` does with `model`'s shipped KV scales (model.shippedKvOrigin). NotLoaded with
/// an empty reason when the model ships none.
ShippedKvRule shippedKvRule(Engine engine, const ModelSpec &model);

} // namespace hostplan
