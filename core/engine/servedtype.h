// SPDX-License-Identifier: MIT
// The dtype flags of the serving commands (servecommand.h): vLLM's and SGLang's --dtype and
// --kv-cache-dtype, from the plan's weight and KV formats and the checkpoint's own dtype.
#pragma once

#include "engine/engine.h"
#include "engine/servecommand.h"
#include "model/numberformat.h"

namespace hostplan {

struct PlanResult;

/// The dtype vLLM's and SGLang's `--dtype auto` computes in for the plan's checkpoint: its
/// unquantized dtype (ModelSpec::dtype), with float32 loaded as BF16 (vllm/config/model.py @
/// 0052a5b8 _resolve_auto_dtype; SGLang's model config does the same).
NumberFormat autoServingDtype(const PlanResult &p);

/// The dtype the engine computes (and, under `--kv-cache-dtype auto`, caches) in: the plan's
/// float --weights-format (FP32, BF16, FP16) when it gives one, else autoServingDtype.
NumberFormat servingDtype(const PlanResult &p);

/// Appends `--dtype` to a vLLM or SGLang command when the plan's float weights format differs
/// from autoServingDtype (both engines cast the tensors the checkpoint stores unquantized to
/// it at load; a quantized checkpoint's linear layers stay as stored, and the explanation says
/// so, PlanResult::checkpointQuantized).
void addDtype(const PlanResult &p, ServeCommand &c);

/// Appends `--kv-cache-dtype` for `engine` (vLLM or SGLang) from the plan's KV format: FP8 by
/// its variant (vLLM `fp8` / `fp8_e5m2`, SGLang `fp8_e4m3` / `fp8_e5m2`); `auto` (vLLM; SGLang
/// leaves the flag out) when the KV format is servingDtype; `bfloat16` for a BF16 cache beside
/// other weights (vllm/config/cache.py CacheDType and SGLang server_args.py --kv-cache-dtype
/// both list it); any other KV format has no flag in either engine, so `auto` stays and a note
/// says the cache will be servingDtype. An FP8 format that is the checkpoint's calibrated one
/// (PlanResult::kvFormatNote) names the scales and the engine's rule (engine/shippedkv.h).
void addKvCacheDtype(const PlanResult &p, Engine engine, ServeCommand &c);

} // namespace hostplan
