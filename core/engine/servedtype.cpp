// SPDX-License-Identifier: MIT
#include "engine/servedtype.h"

#include "engine/enginememory.h"
#include "engine/shippedkv.h"

#include "model/modelspec.h"
#include "plan/plan.h"
#include "util/numbertext.h"

#include <algorithm>

namespace hostplan {

namespace {

/// The value vLLM's and SGLang's --dtype take for a float dtype.
std::string dtypeValue(const NumberFormat &f) {
    return f.kind == FormatKind::FP32   ? "float32"
           : f.kind == FormatKind::FP16 ? "float16"
                                        : "bfloat16";
}

/// The dtype `engine`'s command runs in: planDtype, except float32 on a quantized checkpoint,
/// which addDtype cannot ask for (the engine's auto dtype stays).
NumberFormat commandDtype(const PlanResult &p, Engine engine) {
    const NumberFormat want = planDtype(p.scenario, p.model);
    return p.checkpointQuantized && want == formats::fp32 ? engineAutoDtype(engine, p.model) : want;
}

} // namespace

NumberFormat engineAutoDtype(Engine engine, const ModelSpec &checkpoint) {
    if (!(checkpoint.dtype == formats::fp32)) {
        return checkpoint.dtype;
    }
    return engine == Engine::Sglang && checkpoint.architecture != "gemma2" ? formats::fp16
                                                                           : formats::bf16;
}

NumberFormat planDtype(const Scenario &scenario, const ModelSpec &checkpoint) {
    const std::optional<NumberFormat> &w = scenario.model.weightsFormat;
    return w && isFloatDtype(*w) ? *w : engineAutoDtype(scenario.engine.engine, checkpoint);
}

void addDtype(const PlanResult &p, Engine engine, ServeCommand &c) {
    const NumberFormat want = planDtype(p.scenario, p.model);
    const NumberFormat autoDtype = engineAutoDtype(engine, p.model);
    if (want == autoDtype) {
        return;
    }
    if (p.checkpointQuantized && want == formats::fp32) {
        c.notes.push_back("The plan's FP32 weights have no --dtype here: the checkpoint's " +
                          p.checkpointQuantized->label() +
                          " layers run kernels that take BF16 or FP16 activations only, so " +
                          engineDisplayName(engine) +
                          " refuses float32. Serve a float32 checkpoint for these figures.");
        return;
    }
    std::string why = "the plan's " + want.label() + " dtype; auto would load the " +
                      p.model.dtype.label() + " checkpoint in " + autoDtype.label();
    if (p.checkpointQuantized) {
        why += ". Only the tensors the checkpoint stores unquantized take it: its " +
               p.checkpointQuantized->label() + " linear layers load as stored";
    }
    c.flags.push_back({"--dtype", dtypeValue(want), why});
}

std::string llamaCacheType(const NumberFormat &kv) {
    switch (kv.kind) {
    case FormatKind::FP32:
        return "f32";
    case FormatKind::BF16:
        return "bf16";
    case FormatKind::FP16:
        return "f16";
    case FormatKind::FP8_E4M3:
    case FormatKind::FP8_E5M2:
    case FormatKind::INT8:
        return "q8_0";
    default:
        return "q4_0";
    }
}

bool onlineFp8(const PlanResult &p, Engine engine) {
    const ModelChoice &m = p.scenario.model;
    return (engine == Engine::Vllm || engine == Engine::Sglang) && m.weightsFormat &&
           m.weightsFormat->kind == FormatKind::FP8_E4M3 && m.groupFormats.empty() &&
           !p.storedLinearFormat;
}

void addOnlineQuantization(const PlanResult &p, Engine engine, ServeCommand &c) {
    if (!onlineFp8(p, engine)) {
        return;
    }
    const VllmProfile rules = p.scenario.engine.vllmVersion.value_or(kDefaultVllmProfile);
    const bool streams = engine == Engine::Vllm && vllmV019Memory(rules);
    const std::uint64_t ranks =
        std::uint64_t(std::max(p.layout.tp, 1u)) * std::max(p.layout.pp, 1u);
    const double bf16PerGpu =
        double(withWeightFormat(p.model, formats::bf16).weightBytes()) / double(ranks);
    const std::string bf16Text = formatDouble("%.1f GB", bf16PerGpu / 1e9);
    if (!streams && bf16PerGpu > double(p.gpu.usableMemoryBytes)) {
        c.notes.push_back(engineDisplayName(engine) +
                          "'s --quantization fp8 would load the BF16 "
                          "checkpoint whole before quantizing it (" +
                          bf16Text +
                          " per GPU, more than the GPU holds): quantize it offline first (e.g. "
                          "llm-compressor's FP8_DYNAMIC scheme) and serve that checkpoint.");
        return;
    }
    c.flags.push_back(
        {"--quantization", "fp8",
         "the plan's FP8 weights from the BF16 checkpoint: " + engineDisplayName(engine) +
             " quantizes each linear layer to FP8 (per-tensor weight scales, dynamic activation "
             "scales) at load; " +
             (streams
                  ? std::string("this release streams the quantization layer by layer, so "
                                "the load peaks at the FP8 weights")
                  : "it loads the whole BF16 model first, " + bf16Text + " per GPU, which fits")});
}

bool sglangAutoKvIsFp8(const ModelSpec &model, std::uint32_t computeCapability) {
    return computeCapability >= 100 && sparseMlaModel(model);
}

void addKvCacheDtype(const PlanResult &p, Engine engine, ServeCommand &c) {
    const NumberFormat &kv = p.scenario.model.kvFormat;
    const NumberFormat compute = commandDtype(p, engine);
    const bool vllm = engine == Engine::Vllm;
    std::string value;
    std::string why = "the plan's KV format " + kv.label();
    const bool v4Layout = deepseekV4Cache(p.model);
    if (v4Layout && vllm) {
        // vLLM caches DeepSeek V4 in its own FP8 layout whatever the flag asks
        // (engine/enginememory.h deepseekV4EntryBytes); auto keeps it.
        c.flags.push_back({"--kv-cache-dtype", "auto",
                           "DeepSeek V4's cache is vLLM's own FP8 layout (FP8 entries with "
                           "scales and a BF16 rope part); the plan sizes that layout"});
        return;
    }
    if (kv.kind == FormatKind::FP8_E4M3) {
        value = vllm ? "fp8" : "fp8_e4m3";
        why += " (FP8 E4M3 halves the KV bytes per token)";
        if (!p.kvFormatNote.empty() && p.model.shippedKvFormat) {
            why += "; the checkpoint ships calibrated FP8 KV scales (" + p.model.shippedKvSource +
                   "): " + shippedKvRule(engine, p.model).reason;
        } else if (!vllm && sglangAutoKvIsFp8(p.model, p.gpu.computeCapability)) {
            why += "; SGLang's auto is fp8_e4m3 for a DeepSeek sparse-attention model on this GPU";
        }
    } else if (kv.kind == FormatKind::FP8_E5M2) {
        value = "fp8_e5m2";
    } else if (!vllm && kv == formats::bf16 &&
               sglangAutoKvIsFp8(p.model, p.gpu.computeCapability)) {
        value = "bfloat16";
        why += " (SGLang's auto would be fp8_e4m3 for a DeepSeek sparse-attention model on this "
               "GPU)";
    } else if (kv == compute) {
        if (!vllm) {
            return; // SGLang's default, auto, is the model's dtype
        }
        value = "auto";
        why += " (auto = the model's dtype, " + compute.label() + ")";
    } else if (kv == formats::bf16) {
        value = "bfloat16";
        why +=
            " beside " + compute.label() + " compute (auto would cache in " + compute.label() + ")";
    } else {
        value = "auto";
        why += ": " + engineDisplayName(engine) + " has no " + kv.label() +
               " cache option, so auto caches in the model's dtype, " + compute.label();
        c.notes.push_back("The plan's KV format " + kv.label() + " is not one " +
                          engineDisplayName(engine) + " offers beside " + compute.label() +
                          " compute: its cache will be " + compute.label() +
                          " and hold a different number of tokens. Plan with --kv-format " +
                          compute.name() + " (or bf16 / fp8) to match the engine.");
    }
    c.flags.push_back({"--kv-cache-dtype", value, why});
}

bool hasRecurrentState(const ModelSpec &model) {
    return std::any_of(model.layers.begin(), model.layers.end(), [](const LayerGroup &l) {
        return l.kind == AttentionKind::Linear && l.stateElements;
    });
}

bool hasLinearLayers(const ModelSpec &model) {
    return std::any_of(model.layers.begin(), model.layers.end(), [](const LayerGroup &l) {
        return l.kind == AttentionKind::Linear && l.count > 0;
    });
}

EngineStateFormat engineStateFormat(Engine engine, const ModelSpec &checkpoint,
                                    const NumberFormat &modelDtype) {
    const std::string name = engineDisplayName(engine);
    const auto fromConfig = [&name](const NumberFormat &f, const char *key) {
        return EngineStateFormat{f, name + " reads the config's " + key + ", " + f.label()};
    };
    switch (engine) {
    case Engine::Sglang:
        if (checkpoint.configSsmDtype) {
            return fromConfig(*checkpoint.configSsmDtype, "mamba_ssm_dtype");
        }
        return {formats::fp32, "SGLang's default --mamba-ssm-dtype float32"};
    case Engine::TensorRtLlm:
        if (checkpoint.configSsmCacheDtype) {
            return fromConfig(*checkpoint.configSsmCacheDtype, "mamba_ssm_cache_dtype");
        }
        if (checkpoint.configSsmDtype) {
            return fromConfig(*checkpoint.configSsmDtype, "mamba_ssm_dtype");
        }
        break;
    case Engine::Vllm:
        if (checkpoint.kdaState) {
            return {formats::fp32, "vLLM keeps KDA state in float32 whatever the flag"};
        }
        if (checkpoint.architecture == "nemotron_h") {
            return checkpoint.configSsmCacheDtype
                       ? fromConfig(*checkpoint.configSsmCacheDtype, "mamba_ssm_cache_dtype")
                       : EngineStateFormat{formats::fp32,
                                           "vLLM's Nemotron-H default, float32 (the config "
                                           "names no usable mamba_ssm_cache_dtype)"};
        }
        // Every Qwen3.5 class, the text-only ones too (model_type qwen3_5_text,
        // qwen3_5_moe_text): Qwen3_5ForCausalLMBase.get_mamba_state_dtype_from_config reads
        // the text config's mamba_ssm_dtype (vllm/model_executor/models/qwen3_5.py).
        if (checkpoint.architecture.starts_with("qwen3_5") && checkpoint.configSsmDtype) {
            return fromConfig(*checkpoint.configSsmDtype, "mamba_ssm_dtype");
        }
        break;
    }
    return {modelDtype,
            name +
                (engine == Engine::Vllm ? "'s --mamba-ssm-cache-dtype"
                                        : "'s kv_cache_config.mamba_ssm_cache_dtype") +
                " auto keeps the model's " + modelDtype.label(),
            true};
}

void addMambaSsmDtype(const PlanResult &p, Engine engine, ServeCommand &c) {
    const bool recurrent = hasRecurrentState(p.model);
    const bool vllm = engine == Engine::Vllm;
    if (!recurrent || (vllm && p.model.kdaState)) {
        return; // vLLM's KDA state is float32 whatever the flag (PlanResult sized it so)
    }
    const NumberFormat &state = p.scenario.model.stateFormat;
    const EngineStateFormat def = engineStateFormat(engine, p.model, commandDtype(p, engine));
    const char *flag = vllm ? "--mamba-ssm-cache-dtype" : "--mamba-ssm-dtype";
    std::string value;
    if (state == formats::fp32) {
        value = "float32";
    } else if (state == formats::fp16) {
        value = "float16";
    } else if (state == formats::bf16 && !vllm) {
        value = "bfloat16";
    } else if (state == def.format && vllm && def.modelDtypeByAuto) {
        value = "auto";
    }
    if (value.empty()) {
        c.notes.push_back("The plan's state format " + state.label() + " is not one " +
                          engineDisplayName(engine) +
                          " offers for this model's recurrent state: its default (" + def.reason +
                          ") will hold a different number of sequences. Plan with "
                          "--state-format fp32 or fp16 to match the engine.");
        return;
    }
    c.flags.push_back({flag, value,
                       "the plan's state format " + state.label() +
                           " for the recurrent (SSM) state; the engine's default: " + def.reason});
}

void addTrtllmStateNote(const PlanResult &p, ServeCommand &c) {
    const bool recurrent = hasRecurrentState(p.model);
    if (!recurrent) {
        return;
    }
    const NumberFormat &state = p.scenario.model.stateFormat;
    const EngineStateFormat def =
        engineStateFormat(Engine::TensorRtLlm, p.model, commandDtype(p, Engine::TensorRtLlm));
    if (state == def.format) {
        return;
    }
    c.notes.push_back("The plan's state format is " + state.label() +
                      ": trtllm-serve takes it from a YAML file passed with "
                      "--extra_llm_api_options (kv_cache_config: mamba_ssm_cache_dtype: " +
                      dtypeValue(state) + "); without it the engine keeps " + def.format.label() +
                      " (" + def.reason + ") and holds a different number of sequences.");
}

} // namespace hostplan
