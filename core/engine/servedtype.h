// SPDX-License-Identifier: MIT
// The dtype flags of the serving commands (servecommand.h): vLLM's and SGLang's --dtype and
// --kv-cache-dtype, from the plan's weight and KV formats and the checkpoint's own dtype.
#pragma once

#include "engine/engine.h"
#include "engine/servecommand.h"
#include "model/modelspec.h"
#include "model/numberformat.h"
#include "scenario/scenario.h"

namespace hostplan {

struct PlanResult;

/// The dtype `engine`'s `--dtype auto` computes in for `checkpoint`: its unquantized dtype
/// (ModelSpec::dtype) when 16-bit. A float32 checkpoint: BF16 under vLLM (the platform's first
/// supported dtype, bfloat16 on GPUs that have it; vllm/config/model.py @ 0052a5b8
/// _resolve_auto_dtype), FP16 under SGLang except Gemma 2's BF16
/// (python/sglang/srt/configs/model_config.py @ 001adf56 _get_and_verify_dtype, adapted from
/// vLLM 0.6.4); BF16 for the other engines (an assumption: TensorRT-LLM converts the checkpoint
/// to the dtype its build names, llama.cpp to the GGUF's types).
NumberFormat engineAutoDtype(Engine engine, const ModelSpec &checkpoint);

/// Whether SGLang's --kv-cache-dtype auto is fp8_e4m3 for `model` on a GPU of compute
/// capability `computeCapability` (major x 10 + minor): a DeepSeek sparse-attention model
/// (DeepSeek V3.2, GLM-5: sparseMlaModel) on 10.0 or more (server_args.py
/// _set_default_nsa_kv_cache_dtype, "for Blackwell, we support fp8 only currently"; the
/// DSA architectures as configs/model_config.py @ 001adf56 is_deepseek_dsa names them).
bool sglangAutoKvIsFp8(const ModelSpec &model, std::uint32_t computeCapability);

/// The dtype the plan computes in and, under `--kv-cache-dtype auto`, caches in: its float
/// --weights-format (FP32, BF16, FP16) when it gives one, else engineAutoDtype for the plan's
/// engine. `checkpoint` is the imported model (PlanResult::model keeps its dtype).
NumberFormat planDtype(const Scenario &scenario, const ModelSpec &checkpoint);

/// Appends `--dtype` to `engine`'s command (vLLM or SGLang) when planDtype differs from what
/// that engine's auto would load (engineAutoDtype): both cast the tensors the checkpoint
/// stores unquantized to it at load. A quantized checkpoint's linear layers stay as stored
/// (the explanation says so, PlanResult::checkpointQuantized), and their kernels take 16-bit
/// activations only (vLLM Fp8Config.get_supported_act_dtypes: bfloat16, float16), so float32
/// on a quantized checkpoint gets a note instead of a flag the engine would refuse.
void addDtype(const PlanResult &p, Engine engine, ServeCommand &c);

/// llama-server's cache type (-ctk / -ctv) for the plan's KV format: the same bytes per element
/// where ggml has the type, q8_0 (8.5 bits) for FP8, which ggml has no cache type for, q4_0
/// below 8 bits.
std::string llamaCacheType(const NumberFormat &kv);

/// Whether `engine` can start the plan's weights by quantizing the checkpoint at load: the plan
/// re-formats every linear layer to FP8 E4M3 (--weights-format fp8, no per-role format) from a
/// checkpoint whose linear layers are stored in a float dtype (PlanResult::storedLinearFormat
/// empty), under vLLM or SGLang, whose `--quantization fp8` does that (vLLM
/// docs/features/quantization/fp8.md "online dynamic quantization"; SGLang's fp8 method on an
/// unquantized checkpoint).
bool onlineFp8(const PlanResult &p, Engine engine);

/// Appends `--quantization fp8` to `engine`'s command (vLLM or SGLang) when onlineFp8 holds
/// and the load fits: vLLM from v0.19's rules streams the quantization layer by layer (vLLM
/// PR #31914, 2026-01: weights created on the meta device and quantized as each is loaded),
/// so the peak is the FP8 model; older vLLM releases and SGLang load the whole BF16 model
/// first (vLLM #4387, sgl-project/sglang#2895), so the BF16 weights per GPU must fit the GPU's
/// usable memory. When they do not, no flag: a note says to quantize offline.
void addOnlineQuantization(const PlanResult &p, Engine engine, ServeCommand &c);

/// Appends `--kv-cache-dtype` for `engine` (vLLM or SGLang) from the plan's KV format: FP8 by
/// its variant (vLLM `fp8` / `fp8_e5m2`, SGLang `fp8_e4m3` / `fp8_e5m2`); `auto` (vLLM; SGLang
/// leaves the flag out) when the KV format is planDtype; `bfloat16` for a BF16 cache beside
/// other weights (vllm/config/cache.py CacheDType and SGLang server_args.py --kv-cache-dtype
/// both list it); any other KV format has no flag in either engine, so `auto` stays and a note
/// says the cache will be planDtype. An FP8 format that is the checkpoint's calibrated one
/// (PlanResult::kvFormatNote) names the scales and the engine's rule (engine/shippedkv.h).
void addKvCacheDtype(const PlanResult &p, Engine engine, ServeCommand &c);

/// The format an engine keeps a model's recurrent (SSM) state in when started without a
/// state-dtype flag, and a clause saying why (for the plan's note).
struct EngineStateFormat {
    NumberFormat format = formats::fp32;
    std::string reason; ///< e.g. "vLLM's --mamba-ssm-cache-dtype auto keeps the model's BF16"
    /// The engine's `auto` gives the model's dtype here (no config key or model hook decides).
    bool modelDtypeByAuto = false;
};

/// Whether `model` keeps a recurrent (SSM) state per sequence: a linear-attention or Mamba
/// layer with state elements (short-conv-only layers keep none).
bool hasRecurrentState(const ModelSpec &model);

/// Whether `model` has linear-attention / Mamba / short-conv layers, each of which keeps state
/// pages per request in vLLM (vllmStatePagesPerRequest) whether or not it has an SSM state.
bool hasLinearLayers(const ModelSpec &model);

/// engine's default recurrent-state format for `checkpoint` (the imported model) computing in
/// `modelDtype` (planDtype). vLLM: KDA layers float32 whatever the flag (kda_state_dtype);
/// Mamba, Mamba2 and Gated DeltaNet layers take --mamba-ssm-cache-dtype, whose auto is the
/// model dtype (MambaStateDtypeCalculator._mamba_state_dtype,
/// vllm/model_executor/layers/mamba/mamba_utils.py @ 02d71083) unless the architecture's
/// config hook sets it first (vllm/model_executor/models/config.py MODELS_CONFIG_MAP):
/// NemotronHForCausalLMConfig reads mamba_ssm_cache_dtype, float32 when absent, and
/// Qwen3_5ForConditionalGenerationConfig reads mamba_ssm_dtype when present. SGLang: the
/// config's mamba_ssm_dtype, else float32 (mamba2_state_dtype,
/// python/sglang/srt/configs/mamba_utils.py @ 02e208de), for every linear-attention kind.
/// TensorRT-LLM: the config's SSM cache dtype, else the checkpoint's dtype
/// (validate_and_set_mamba_ssm_cache_dtype, tensorrt_llm/_torch/pyexecutor/model_loader.py);
/// which config keys it reads is not pinned here, so mamba_ssm_cache_dtype, then
/// mamba_ssm_dtype. llama.cpp keeps f32 states whatever the scenario says (engine/llamacpp.h).
EngineStateFormat engineStateFormat(Engine engine, const ModelSpec &checkpoint,
                                    const NumberFormat &modelDtype);

/// For a model with a recurrent (SSM) state (Mamba, Mamba2, Gated DeltaNet, KDA layers),
/// appends `engine`'s state dtype flag from the plan's state format, so that the engine keeps
/// the state the plan sized: vLLM `--mamba-ssm-cache-dtype` float32 / float16, or auto where
/// vLLM's auto gives the plan's BF16 (its MambaDType has no bfloat16 in releases before 0.19;
/// vllm/config/cache.py); none for KDA under vLLM (engineStateFormat: float32 whatever the
/// flag); SGLang `--mamba-ssm-dtype` float32 / bfloat16 / float16 (server_args.py). A format
/// with no flag gets a note: the engine's default will hold a different number of sequences.
void addMambaSsmDtype(const PlanResult &p, Engine engine, ServeCommand &c);

/// For a model with a recurrent (SSM) state whose plan keeps it in another format than
/// TensorRT-LLM's default (engineStateFormat), a note on the TensorRT-LLM command: trtllm-serve
/// takes kv_cache_config.mamba_ssm_cache_dtype from its --extra_llm_api_options YAML
/// (tensorrt_llm/llmapi/llm_args.py KvCacheConfig), so the command line alone keeps the default.
void addTrtllmStateNote(const PlanResult &p, ServeCommand &c);

} // namespace hostplan
