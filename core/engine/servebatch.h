// SPDX-License-Identifier: MIT
// The step flags of the serving commands (servecommand.h): tokens per step (vLLM
// --max-num-batched-tokens, SGLang --chunked-prefill-size, TensorRT-LLM --max_num_tokens) and
// CUDA graphs off (vLLM --enforce-eager, SGLang --disable-cuda-graph); the running-sequence
// flags (vLLM --max-num-seqs, SGLang --max-running-requests, TensorRT-LLM --max_batch_size).
#pragma once

#include "engine/engine.h"
#include "engine/servecommand.h"

#include <string>

namespace hostplan {

struct PlanResult;

/// The tokens per step `engine`'s command passes: the scenario's prefill chunk, else that
/// engine's own default for the plan's GPU and context (sizing/memory.h batchedTokens, so a
/// vLLM line of an SGLang plan gets vLLM's default; under vLLM's V0 rules up to 32k context,
/// max(max_model_len, 2048), since V0 refuses fewer tokens than max_model_len there).
std::uint64_t servedBatchedTokens(const PlanResult &p, Engine engine);

/// Appends `engine`'s tokens-per-step flag (servedBatchedTokens) to `c`, its comment `what`
/// the tokens are and where the value comes from (chunkOrigin).
void addBatchedTokens(const PlanResult &p, Engine engine, const std::string &what, ServeCommand &c);

/// The MoE all-to-all backend's flags of `engine`'s command (scenario engine.moe_a2a_backend,
/// with EP): SGLang --moe-a2a-backend deepep --deepep-mode, vLLM --all2all-backend under
/// attention DP (the VLLM_ALL2ALL_BACKEND variable as a note before the 0.19 rules; a note
/// that DP 1 runs none); nothing for the default backend or TensorRT-LLM.
void addMoeA2aFlags(const PlanResult &p, Engine engine, ServeCommand &c);

/// addBatchedTokens, addMoeA2aFlags, then, when the scenario turns CUDA graphs off
/// (engine.cuda_graphs), the engine's eager flag (vLLM --enforce-eager, SGLang
/// --disable-cuda-graph) or, for TensorRT-LLM, a note on its YAML option (cuda_graph_config: null).
void addStepFlags(const PlanResult &p, Engine engine, const std::string &what, ServeCommand &c);

/// Where `engine`'s tokens-per-step value comes from, as a comment's tail: ": the plan's
/// prefill chunk" when the scenario sets one, else ": the engine's default" (vLLM's batched DP
/// MoE default named as such, sizing/memory.h vllmBatchedDpMoe).
std::string chunkOrigin(const PlanResult &p, Engine engine);

/// The running sequences a replica's serving command allows: the user's cap over all attention
/// DP ranks (engine.max_num_seqs, sizing/memory.h replicaSequenceCap), else the capacity batch
/// (memory and the latency target), else what memory holds, else the workload's concurrency.
/// `why` receives the derivation. SGLang's --max-running-requests and llama-server's slots.
std::uint32_t replicaBatchLimit(const PlanResult &p, std::string &why);

/// The running-sequence flag of vLLM (--max-num-seqs) and TensorRT-LLM (--max_batch_size):
/// replicaBatchLimit divided over the attention DP ranks (Parallelism::dp), each of which
/// schedules its own. `why` receives the derivation.
std::uint32_t batchLimit(const PlanResult &p, std::string &why);

} // namespace hostplan
