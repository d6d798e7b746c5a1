// SPDX-License-Identifier: MIT
#include "engine/shippedkv.h"

namespace hostplan {

namespace {

/// SGLang builds ModelOptFp4Config for NVFP4 checkpoints and ModelOptFp8Config for the FP8
/// algorithms (quant_algo containing "FP8"), whose KV scales it applies as below; it loads
/// MIXED_PRECISION through another config (configs/model_config.py
/// _parse_modelopt_quant_config: w4afp8, later modelopt_mixed), whose KV-scale handling
/// HostPlan does not follow: the plan keeps its KV format there.
bool sglangModelOptNvfp4(const ModelSpec &m) {
    return m.modelOptQuantAlgo.find("NVFP4") != std::string::npos;
}

bool sglangModelOptFp8(const ModelSpec &m) {
    return !sglangModelOptNvfp4(m) && m.modelOptQuantAlgo.find("FP8") != std::string::npos;
}

} // namespace

ShippedKvRule shippedKvRule(Engine engine, const ModelSpec &model) {
    const KvScalesOrigin origin =
        model.shippedKvFormat ? model.shippedKvOrigin : KvScalesOrigin::None;
    if (origin == KvScalesOrigin::None) {
        return {};
    }
    const bool modelOpt = origin != KvScalesOrigin::CompressedTensors;
    const std::string key = model.shippedKvSource;
    if (model.shippedKvInQuantFileOnly && engine != Engine::TensorRtLlm) {
        return {ShippedKvUse::NotLoaded,
                std::string(engine == Engine::Vllm ? "vLLM" : "SGLang") +
                    " reads config.json's quantization_config, which names no KV scheme; the "
                    "FP8 KV scales of hf_quant_config.json are TensorRT-LLM's"};
    }
    switch (engine) {
    case Engine::Vllm:
        if (modelOpt) {
            return {ShippedKvUse::EngineDefault,
                    "vLLM's --kv-cache-dtype auto resolves to fp8_e4m3 from the ModelOpt " + key};
        }
        return {ShippedKvUse::WithFlag,
                "vLLM loads the scales with --kv-cache-dtype fp8 (its auto is the model dtype)"};
    case Engine::Sglang:
        if (modelOpt && sglangModelOptNvfp4(model)) {
            return {ShippedKvUse::EngineDefault,
                    "SGLang's --kv-cache-dtype auto runs FP8 E4M3 for an NVFP4 ModelOpt "
                    "checkpoint with FP8 KV scales"};
        }
        if (modelOpt && sglangModelOptFp8(model)) {
            return {ShippedKvUse::WithFlag,
                    "SGLang loads the scales with --kv-cache-dtype fp8_e4m3 (its auto keeps the "
                    "model dtype for a ModelOpt FP8 checkpoint)"};
        }
        return {ShippedKvUse::NotLoaded,
                modelOpt ? "SGLang applies a ModelOpt checkpoint's KV scales only for its FP8 "
                           "and NVFP4 algorithms, not for " +
                               model.modelOptQuantAlgo
                         : std::string("SGLang does not load compressed-tensors KV scales")};
    case Engine::TensorRtLlm:
        if (origin == KvScalesOrigin::ModelOptFile) {
            return {ShippedKvUse::EngineDefault,
                    "TensorRT-LLM's kv_cache_config dtype auto keeps the checkpoint's "
                    "kv_cache_quant_algo FP8"};
        }
        return {ShippedKvUse::NotLoaded,
                modelOpt ? std::string("TensorRT-LLM reads kv_cache_quant_algo only from "
                                       "hf_quant_config.json, which this checkpoint lacks")
                         : std::string("TensorRT-LLM does not read compressed-tensors KV scales")};
    }
    return {};
}

} // namespace hostplan
