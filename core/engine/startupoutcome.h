// SPDX-License-Identifier: MIT
// What a serving engine does at start-up with a plan's flags: the outcome, its message, the
// tokens it holds and the flag changes that make it start (engine/enginememory.h sizes the
// terms these verdicts come from; engineStartup gives them).
#pragma once

#include "engine/engine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hostplan {

/// What the engine does at start-up with a plan's flags.
enum class StartupOutcome {
    Starts, ///< allocates the KV pool and serves requests of the whole context
    /// The weights this GPU loads (with the engine's padding, replication and draft) and the
    /// CUDA context are more than the GPU's memory: CUDA out of memory while loading, before
    /// any memory fraction or KV rule applies.
    WeightsDoNotFit,
    KvPoolNegative, ///< no memory left for the KV pool
    /// vLLM: one request of the context does not fit the pool, and the engine refuses to
    /// start (contextCapRule).
    ContextExceedsCapacity,
    /// SGLang, TensorRT-LLM: one request of the context does not fit the pool; the engine
    /// starts all the same and caps every request at EngineStartup::maxRequestTokens, so the
    /// context asked for cannot be served in full (contextCapRule).
    StartsContextCapped,
    /// SGLang: the draft's weights and KV pool, allocated after the target's pool, do not fit
    /// what the memory fraction leaves (CUDA out of memory at start-up).
    DraftDoesNotFit,
    /// SGLang: its request-to-token table (with the CUDA graphs) does not fit what the memory
    /// fraction leaves: CUDA out of memory allocating it, at long contexts.
    ReserveExhausted,
    /// vLLM from 0.20 (the 0.24 rule set here): a hybrid model's recurrent state takes one
    /// block of the KV pool per decoding sequence, and the engine refuses to capture its CUDA
    /// graphs when max_num_seqs exceeds the pool's blocks (EngineMemoryTerms::stateBlocks).
    StateBlocksExhausted,
    /// The engine refuses speculative decoding with PP > 1 before it loads anything
    /// (speculationPipelineProblem).
    SpeculationWithPipeline,
    /// The engine refuses its arguments or config before it loads anything: vLLM's
    /// max_num_batched_tokens below max_num_seqs (SchedulerConfig._verify_args) or, under the
    /// V0 rules up to 32k of context, below max_model_len (vllmV0StepTooSmall); vLLM's and
    /// SGLang's context above the model's derived maximum (ModelSpec::maxContextTokens) or TP
    /// shards that split a width, an FP8 block or a quantization group (tpShardProblem); vLLM's
    /// config refusals (ModelSpec::vllmLoadRefusal); TensorRT-LLM on a GPU not NVIDIA's.
    ArgumentsRefused,
};

/// Whether `outcome` is a refusal the engine gives before it loads a weight (its arguments):
/// SpeculationWithPipeline, ArgumentsRefused.
constexpr bool refusedBeforeLoading(StartupOutcome outcome) {
    return outcome == StartupOutcome::SpeculationWithPipeline ||
           outcome == StartupOutcome::ArgumentsRefused;
}

/// A flag change that makes the engine start (or start with more room).
struct FlagChange {
    std::string flag;   ///< e.g. "--gpu-memory-utilization"
    std::string value;  ///< e.g. "0.95"
    std::string effect; ///< what it changes, one sentence
};

/// The engine's start-up verdict for a plan.
struct EngineStartup {
    StartupOutcome outcome = StartupOutcome::Starts;
    std::string message;                  ///< the engine's own words (paraphrased from its source)
    std::uint64_t kvTokens = 0;           ///< KV tokens the engine allocates (when it starts)
    std::uint64_t contextTokens = 0;      ///< the context asked for (max_model_len)
    std::uint32_t sequencesAtContext = 0; ///< sequences of the context the pool holds
    /// Largest context one request of which fits the pool, which the engine therefore serves
    /// in full (0 = none).
    std::uint64_t largestContext = 0;
    /// Longest request, prompt plus output tokens, the engine serves when it starts (0 when
    /// it refuses): the context asked for, or for StartsContextCapped the engine's cap
    /// (contextCapRule). SGLang's own bookkeeping keeps two tokens below its limit either way
    /// (max_req_len - 1 with max_req_len = context - 1).
    std::uint64_t maxRequestTokens = 0;
    std::int64_t marginBytes = 0; ///< pool minus one request of the context, per GPU
    /// Each alone makes the engine start, or for StartsContextCapped serve the whole context
    /// (empty when it starts with the whole context).
    std::vector<FlagChange> fixes;
    /// The engine starts and serves (Starts or StartsContextCapped).
    bool starts() const {
        return outcome == StartupOutcome::Starts || outcome == StartupOutcome::StartsContextCapped;
    }
};

/// What `engine` does at start-up when its pool holds `kvTokens` tokens and one request of
/// `contextTokens` does not fit in it: its longest request in tokens (prompt plus output), or
/// 0 when it refuses to start. From each engine's source:
/// - vLLM refuses: "To serve at least one request with the model's max seq len (...), ... KV
///   cache is needed, which is larger than the available KV cache memory" (ValueError,
///   vllm/v1/core/kv_cache_utils.py @ 001cabc1 check_enough_kv_cache_memory): returns 0.
/// - SGLang starts and caps each request to the pool: TpModelWorker sets max_req_len =
///   min(context_len - 1, max_total_num_tokens - 1) and max_req_input_len = max_req_len - 5,
///   asserting only that both are positive ("Memory pool size is too small",
///   python/sglang/srt/managers/tp_worker.py @ 4f34e24a; later workers put the pool's
///   max_token_pool_size in place of max_total_num_tokens); the scheduler then refuses a prompt of
///   max_req_input_len tokens or more ("Input length (...) exceeds the maximum allowed length",
///   or truncates it with --allow-auto-truncate: managers/utils.py @ 005f6ca5
///   validate_input_length) and clips max_new_tokens to max_req_len - prompt - 1
///   (scheduler.py handle_generate_request; init_req_max_new_tokens later). Returns min(context,
///   kvTokens) - 2, the longest prompt plus output; 0 below 7 tokens (the assertion). A public
///   SGLang 0.4.3 log (QwQ-32B on 4x L4, TP 4, didier-durand/llms-in-clouds docs/sglang.md @
///   b001c869) shows it serving with max_total_num_tokens 46,611 and context_len 131,072.
/// - TensorRT-LLM (PyTorch backend) starts and lowers max_seq_len to the pool: KVCacheManager
///   bounds the attention window by blocks_in_primary_pool x tokens_per_block (beam 1, no
///   sink tokens) and sets max_seq_len to it ("Adjusted max_seq_len to ...",
///   tensorrt_llm/_torch/pyexecutor/resource_manager.py @ d2a5560a
///   _validate_and_adjust_attention_windows, get_max_atten_window_upper_bound), and the
///   executor takes that value ("KVCacheManager (Non-draft) modifies the max_seq_len field",
///   _torch/pyexecutor/_util.py @ d8ae02ca KvCacheCreator._create_kv_cache_manager). Returns
///   kvTokens (HostPlan's pool is whole blocks); it refuses only an empty pool.
std::uint64_t contextCapRule(Engine engine, std::uint64_t kvTokens, std::uint64_t contextTokens);

} // namespace hostplan
