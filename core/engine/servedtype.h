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

/// Appends `--kv-cache-dtype` for `engine` (vLLM or SGLang) from the plan's KV format: FP8 by
/// its variant (vLLM `fp8` / `fp8_e5m2`, SGLang `fp8_e4m3` / `fp8_e5m2`); `auto` (vLLM; SGLang
/// leaves the flag out) when the KV format is planDtype; `bfloat16` for a BF16 cache beside
/// other weights (vllm/config/cache.py CacheDType and SGLang server_args.py --kv-cache-dtype
/// both list it); any other KV format has no flag in either engine, so `auto` stays and a note
/// says the cache will be planDtype. An FP8 format that is the checkpoint's calibrated one
/// (PlanResult::kvFormatNote) names the scales and the engine's rule (engine/shippedkv.h).
void addKvCacheDtype(const PlanResult &p, Engine engine, ServeCommand &c);

/// For a model with Mamba state (ModelSpec::mambaState), appends `engine`'s SSM state dtype
/// flag from the plan's state format, so that the engine keeps the state the plan sized: vLLM
/// `--mamba-ssm-cache-dtype` float32 / float16, or auto for the model's own dtype (its
/// MambaDType has no bfloat16 in releases before 0.19; vllm/config/cache.py); SGLang
/// `--mamba-ssm-dtype` float32 / bfloat16 / float16 (server_args.py). Any other state format
/// has no flag: a note says the engine's default will hold a different number of sequences.
void addMambaSsmDtype(const PlanResult &p, Engine engine, ServeCommand &c);

} // namespace hostplan
