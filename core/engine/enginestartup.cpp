// SPDX-License-Identifier: MIT
// The engines' start-up verdicts (engine/enginememory.h engineStartup): what each engine does
// with the pool its memory model leaves, the messages it prints and the flags that make it
// start. The memory terms themselves are in enginememory.cpp.
#include "engine/enginememory.h"
#include "engine/moea2a.h"
#include "engine/servedtype.h"
#include "engine/tpshard.h"
#include "engine/vllmcounts.h"
#include "engine/vllmgraphs.h"

#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace hostplan {

namespace {

std::string gibText(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", toGiB(bytes));
    return buf;
}

/// Tokens SGLang's pool must hold for its worker to start: TpModelWorker asserts
/// max_req_input_len = min(context, pool) - 1 - 5 > 0 ("Memory pool size is too small",
/// contextCapRule).
constexpr std::uint64_t kSglangMinPoolTokens = 7;

} // namespace

std::string startupOutcomeName(StartupOutcome outcome) {
    switch (outcome) {
    case StartupOutcome::Starts:
        return "starts";
    case StartupOutcome::WeightsDoNotFit:
        return "weights_do_not_fit";
    case StartupOutcome::KvPoolNegative:
        return "kv_pool_negative";
    case StartupOutcome::ContextExceedsCapacity:
        return "context_exceeds_capacity";
    case StartupOutcome::StartsContextCapped:
        return "starts_context_capped";
    case StartupOutcome::DraftDoesNotFit:
        return "draft_does_not_fit";
    case StartupOutcome::ReserveExhausted:
        return "reserve_exhausted";
    case StartupOutcome::StateBlocksExhausted:
        return "state_blocks_exhausted";
    case StartupOutcome::SpeculationWithPipeline:
        return "speculation_with_pipeline";
    case StartupOutcome::ArgumentsRefused:
        return "arguments_refused";
    }
    return "starts";
}

std::uint32_t EngineMemoryModel::sequences(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                                           std::uint64_t contextTokens) const {
    const std::uint64_t need = requestBytes(in, t, contextTokens);
    if (t.kvPoolBytes <= 0 || need == 0) {
        return 0;
    }
    return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(t.kvPoolBytes) / need, 0xffffffffu));
}

const EngineMemoryModel &engineMemoryModel(Engine engine) {
    switch (engine) {
    case Engine::Vllm:
        return vllmMemoryModel();
    case Engine::Sglang:
        return sglangMemoryModel();
    case Engine::TensorRtLlm:
        return trtllmMemoryModel();
    }
    return vllmMemoryModel();
}

std::uint64_t contextCapRule(Engine engine, std::uint64_t kvTokens, std::uint64_t contextTokens) {
    const std::uint64_t served = std::min(kvTokens, contextTokens);
    switch (engine) {
    case Engine::Vllm:
        return 0;
    case Engine::Sglang:
        // max_req_len - 1, with max_req_len = min(context, pool) - 1; the worker asserts
        // max_req_input_len = max_req_len - 5 > 0.
        return served > kSglangMinPoolTokens - 1 ? served - 2 : 0;
    case Engine::TensorRtLlm:
        return served;
    }
    return 0;
}

namespace {

/// SGLang's refusal from v0.5.14 when the loaded weights (target and draft) leave the pool
/// nothing (model_runner_kv_cache_mixin.py of that period: "Loaded weights leave no GPU memory
/// for the KV cache under --mem-fraction-static=X. Raise --mem-fraction-static above Y
/// (minimum viable = 1 - available/pre = Z)."), with pre the free memory before loading and
/// available the free memory after it, as `t` plans them.
std::string sglangNoRoomMessage(const EngineMemoryInput &in, const EngineMemoryTerms &t) {
    const double pre = double(in.gpu.usableMemoryBytes) - double(t.cudaContext) -
                       double(t.communication) - double(t.nonTorch);
    const double available = pre - double(t.weights());
    const double minimum = pre > 0 ? 1.0 - available / pre : 1.0;
    char text[256];
    std::snprintf(text, sizeof text,
                  "Loaded weights leave no GPU memory for the KV cache under "
                  "--mem-fraction-static=%s. Raise --mem-fraction-static above %.3f (minimum "
                  "viable = 1 - available/pre = %.4f).",
                  fractionText(in.memoryFraction).c_str(), std::ceil(minimum * 1000) / 1000,
                  minimum);
    return text;
}

/// The outcome alone (no fixes, no message) for `in` under `engine`'s rules: the pool, the
/// draft, then one request of the context against the pool (vLLM by its own byte rule, SGLang
/// and TensorRT-LLM by tokens, as they compare them: contextCapRule).
StartupOutcome outcomeOf(Engine engine, const EngineMemoryModel &model,
                         const EngineMemoryInput &in) {
    const EngineMemoryTerms t = model.terms(in);
    if (t.weights() + t.cudaContext > in.gpu.usableMemoryBytes) {
        return StartupOutcome::WeightsDoNotFit;
    }
    if (t.kvPoolBytes <= 0 || t.kvTokens == 0 ||
        (engine == Engine::Sglang && t.kvTokens < kSglangMinPoolTokens)) {
        return StartupOutcome::KvPoolNegative;
    }
    if (t.reserveMarginBytes < 0) {
        return t.draftWeights > 0 &&
                       t.reserveMarginBytes + std::int64_t(t.draftWeights + t.draftKvBytes) >= 0
                   ? StartupOutcome::DraftDoesNotFit
                   : StartupOutcome::ReserveExhausted;
    }
    if (engine == Engine::Vllm && vllmStateBlocksShort(in, t)) {
        return StartupOutcome::StateBlocksExhausted;
    }
    if (engine == Engine::Vllm) {
        return model.requestBytes(in, t, in.maxModelLen) > std::uint64_t(t.kvPoolBytes)
                   ? StartupOutcome::ContextExceedsCapacity
                   : StartupOutcome::Starts;
    }
    return t.kvTokens < in.maxModelLen ? StartupOutcome::StartsContextCapped
                                       : StartupOutcome::Starts;
}

/// The largest context in [1, hi] whose one request fits the pool (0 if none).
std::uint64_t largestContext(const EngineMemoryModel &model, const EngineMemoryInput &in,
                             const EngineMemoryTerms &t, std::uint64_t hi) {
    if (t.kvPoolBytes <= 0) {
        return 0;
    }
    std::uint64_t lo = 0;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        EngineMemoryInput probe = in;
        probe.maxModelLen = mid;
        if (model.requestBytes(probe, t, mid) <= std::uint64_t(t.kvPoolBytes)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

/// The flags that shard `model` where TP `tp` (EP `ep`) splits what the engine refuses to
/// split (tpShardProblem): expert parallelism when that alone mends it, and the largest smaller
/// TP that the engine shards (with the same EP choice), pipeline parallelism taking the GPUs it
/// frees.
std::vector<FlagChange> tpShardFixes(Engine engine, const ModelSpec &model, std::uint32_t tp,
                                     std::uint32_t ep) {
    const EngineFlags &flags = engineInfo(engine).flags;
    std::vector<FlagChange> fixes;
    const std::uint32_t withEp = expertParallelFor(model, tp);
    if (ep <= 1 && withEp > 0 && tpShardProblem(engine, model, tp, withEp).empty()) {
        fixes.push_back(
            {std::string(flags.expertParallel),
             flags.expertParallelSwitch ? "" : std::to_string(withEp),
             "each routed expert stays whole on one GPU, EP " + std::to_string(withEp)});
    }
    if (const std::uint32_t t = narrowerShardedTp(engine, model, tp, ep > 1); t > 0) {
        fixes.push_back({std::string(flags.tensorParallel), std::to_string(t),
                         "the largest TP whose shards the engine accepts; pipeline "
                         "parallelism (" +
                             std::string(flags.pipelineParallel) +
                             ") can take the GPUs it frees, memory permitting"});
    }
    return fixes;
}

} // namespace

EngineStartup engineArgumentsCheck(Engine engine, const EngineMemoryInput &in) {
    const EngineInfo &info = engineInfo(engine);
    EngineStartup s;
    s.contextTokens = in.maxModelLen;
    const std::string refusal =
        in.speculative ? speculationPipelineProblem(engine, in.vllmProfile, in.pp) : "";
    if (!refusal.empty()) {
        // The engine checks its arguments before it loads a weight: no memory verdict.
        s.outcome = StartupOutcome::SpeculationWithPipeline;
        s.message = refusal;
        s.fixes.push_back({std::string(info.flags.pipelineParallel), "1",
                           "one pipeline stage (TP over the same GPUs): the engine runs "
                           "speculative decoding with TP and EP"});
        s.fixes.push_back({std::string(info.flags.speculation), "unset",
                           "no speculative decoding: the engine runs PP " + std::to_string(in.pp) +
                               " without a draft"});
        return s;
    }
    if (engine == Engine::TensorRtLlm && !in.gpu.vendor.empty() && in.gpu.vendor != "NVIDIA") {
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "TensorRT-LLM runs on NVIDIA GPUs only (CUDA); the " + in.gpu.name + " is " +
                    in.gpu.vendor + "'s. vLLM and SGLang serve it.";
        return s;
    }
    if (std::string unserved = engine == Engine::Vllm && in.model
                                   ? vllmArchitectureProblem(in.model->architecture, in.vllmProfile)
                                   : std::string();
        !unserved.empty()) {
        // The release stops at "Model architectures [...] are not supported" before it loads
        // a weight: no memory verdict.
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = std::move(unserved);
        return s;
    }
    if (engine == Engine::Vllm && in.gpu.unifiedMemory && in.gpu.unifiedFreeBytes > 0 &&
        in.memoryFraction * double(in.gpu.usableMemoryBytes) > double(in.gpu.unifiedFreeBytes)) {
        // The worker compares the free memory at start with the share it was asked for before
        // loading (v1/worker/gpu_worker.py init_device: "Free memory on device ... on startup is
        // less than desired GPU memory utilization"); on unified memory the OS and host
        // processes hold part of the total.
        const double usable = double(in.gpu.usableMemoryBytes);
        const double highest = std::floor(double(in.gpu.unifiedFreeBytes) / usable * 100) / 100;
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "vLLM refuses --gpu-memory-utilization " +
                    formatDouble("%.2f", in.memoryFraction) + " on the " + in.gpu.name + ": " +
                    formatDouble("%.2f", in.memoryFraction * usable / kBytesPerGiB) +
                    " GiB asked, but about " +
                    formatDouble("%.1f", double(in.gpu.unifiedFreeBytes) / kBytesPerGiB) +
                    " GiB of its " + formatDouble("%.2f", usable / kBytesPerGiB) +
                    " GiB unified memory is free at start-up (the OS and host processes hold the "
                    "rest): \"Free memory on device ... on startup is less than desired GPU "
                    "memory utilization\".";
        s.fixes.push_back({std::string(info.flags.memoryFraction), formatDouble("%.2f", highest),
                           "the largest share the free memory at start-up holds"});
        return s;
    }
    if (engine == Engine::Vllm && in.model && !in.model->vllmLoadRefusal.empty()) {
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "vLLM refuses this model's config: " + in.model->vllmLoadRefusal;
        return s;
    }
    if (in.ep > 1 && in.model && in.model->isMoe() &&
        !engineRunsExpertParallel(engine, in.vllmProfile)) {
        // EP arrived as --enable-expert-parallel in v0.8.0 (vLLM PR #14305); argparse stops
        // at the unknown flag before a weight loads.
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "vllm serve: error: unrecognized arguments: --enable-expert-parallel "
                    "(releases of the " +
                    std::string(vllmRules(in.vllmProfile).label) +
                    " rules have no expert parallelism; v0.7.3 runs it with "
                    "VLLM_TEST_ENABLE_EP=1, from v0.8.0 the flag)";
        s.fixes.push_back({"--enable-expert-parallel", "unset",
                           "every GPU holds a 1/" + std::to_string(in.tp) +
                               " slice of each expert (hardware.ep 1)"});
        return s;
    }
    if (std::string shard = in.model
                                ? tpShardProblem(engine, *in.model, in.tp, in.ep,
                                                 shardSplitFor(engine, in.tp, in.dp, in.moeA2a))
                                : std::string();
        !shard.empty()) {
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = std::move(shard);
        s.fixes = tpShardFixes(engine, *in.model, in.tp, in.ep);
        return s;
    }
    if (engine == Engine::Sglang && in.moeA2a == MoeA2a::DeepepLowLatency && in.cudaGraphs &&
        in.cudaGraphMaxBs > kSglangDeepepDispatchTokens &&
        deepepInUse(engine, in.moeA2a, in.vllmProfile, in.model && in.model->isMoe(), in.ep,
                    in.dp)) {
        // DeepEP's low-latency dispatch takes at most its per-rank token count (deepep.py @
        // 6559e43f: "the actual batch size in the decoding engine should be less than" it), so
        // the first graph above it fails at capture, after the weights load.
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "--cuda-graph-max-bs " + std::to_string(in.cudaGraphMaxBs) + " is above the " +
                    std::to_string(kSglangDeepepDispatchTokens) +
                    " tokens per rank DeepEP's low-latency dispatch holds "
                    "(SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK): SGLang fails capturing "
                    "the larger CUDA graphs at start-up.";
        s.fixes.push_back({"--cuda-graph-max-bs", std::to_string(kSglangDeepepDispatchTokens),
                           "graphs no larger than one rank's DeepEP dispatch"});
        return s;
    }
    const std::uint64_t derived = !in.model ? 0
                                  : engine == Engine::Sglang && in.model->sglangMaxContextTokens
                                      ? in.model->sglangMaxContextTokens
                                      : in.model->maxContextTokens;
    if ((engine == Engine::Vllm || engine == Engine::Sglang) && derived > 0 &&
        in.maxModelLen > derived) {
        // vllm/config/model.py _get_and_verify_max_len (VLLM_ALLOW_LONG_MAX_MODEL_LEN);
        // sglang/srt/configs/model_config.py _derive_context_length
        // (SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN).
        const bool vllm = engine == Engine::Vllm;
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message =
            std::string(vllm ? "max_model_len (" : "context_length (") +
            std::to_string(in.maxModelLen) + ") is greater than the model's derived " +
            std::to_string(derived) + " (max_position_embeddings and its RoPE scaling); " +
            std::string(info.displayName) + " refuses it unless " +
            (vllm ? "VLLM_ALLOW_LONG_MAX_MODEL_LEN" : "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN") +
            "=1 is set, and outputs past the trained length are unreliable.";
        s.fixes.push_back({vllm ? "--max-model-len" : "--context-length", std::to_string(derived),
                           "the model's own maximum context"});
        return s;
    }
    const bool v0Chunked =
        vllmV0ChunkedPrefill(in.vllmProfile, in.maxModelLen, in.model, in.speculative, in.gpu);
    if (engine == Engine::Vllm &&
        vllmV0StepTooSmall(in.vllmProfile, in.maxBatchedTokens, in.maxModelLen, v0Chunked)) {
        // V0 without chunked prefill runs every prompt in one step (engine/vllmcounts.h).
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "max_num_batched_tokens (" + std::to_string(in.maxBatchedTokens) +
                    ") is smaller than max_model_len (" + std::to_string(in.maxModelLen) +
                    "): vLLM's V0 engine runs no chunked prefill here by default (up to "
                    "32,768 tokens of context, or for this model), so every prompt must fit "
                    "one step.";
        s.fixes.push_back({std::string(info.flags.batchedTokens), std::to_string(in.maxModelLen),
                           "one step holds a prompt of the whole context"});
        s.fixes.push_back({"--enable-chunked-prefill", "",
                           "V0 then splits prompts into steps of max_num_batched_tokens"});
        s.fixes.push_back({"--max-model-len", std::to_string(in.maxBatchedTokens),
                           "no prompt longer than one step"});
        return s;
    }
    if (engine == Engine::Vllm && in.maxBatchedTokens < in.maxNumSeqs) {
        // SchedulerConfig._verify_args (vllm/config/scheduler.py): every running sequence
        // needs a token of the step.
        s.outcome = StartupOutcome::ArgumentsRefused;
        s.message = "max_num_batched_tokens (" + std::to_string(in.maxBatchedTokens) +
                    ") must be greater than or equal to max_num_seqs (" +
                    std::to_string(in.maxNumSeqs) + ").";
        s.fixes.push_back({std::string(info.flags.batchedTokens), std::to_string(in.maxNumSeqs),
                           "one token of the step for every running sequence"});
        s.fixes.push_back({std::string(info.flags.maxSequences),
                           std::to_string(in.maxBatchedTokens),
                           "no more running sequences than tokens per step"});
        return s;
    }
    return s; // outcome Starts: the flags pass
}

EngineStartup engineStartup(Engine engine, const EngineMemoryInput &in) {
    EngineStartup s = engineArgumentsCheck(engine, in);
    if (refusedBeforeLoading(s.outcome)) {
        return s;
    }
    const EngineMemoryModel &model = engineMemoryModel(engine);
    const EngineInfo &info = engineInfo(engine);
    const EngineMemoryTerms t = model.terms(in);
    s.outcome = outcomeOf(engine, model, in);
    const std::uint64_t need = model.requestBytes(in, t, in.maxModelLen);
    s.marginBytes = t.kvPoolBytes - std::int64_t(need);
    // vLLM's own byte rule; SGLang and TensorRT-LLM compare tokens (contextCapRule).
    s.largestContext = engine == Engine::Vllm ? largestContext(model, in, t, in.maxModelLen)
                       : t.kvPoolBytes > 0 && contextCapRule(engine, t.kvTokens, in.maxModelLen) > 0
                           ? std::min(t.kvTokens, in.maxModelLen)
                           : 0;
    const std::string fracFlag(info.flags.memoryFraction);
    switch (s.outcome) {
    case StartupOutcome::Starts:
        s.kvTokens = t.kvTokens;
        s.maxRequestTokens = in.maxModelLen;
        s.sequencesAtContext = model.sequences(in, t, in.maxModelLen);
        s.message = "KV cache of " + std::to_string(t.kvTokens) + " tokens; " +
                    countText(s.sequencesAtContext, "sequence") + " of " +
                    std::to_string(in.maxModelLen) + " tokens at once";
        if (in.maxModelLen > 0 && s.sequencesAtContext > t.kvTokens / in.maxModelLen) {
            // A hybrid or sliding-window model: the token count is one KV group's (vLLM's
            // "GPU KV cache size"), and a sequence holds full-context blocks in some groups only.
            s.message += " (the token count is per KV-cache group, as vLLM logs it: a "
                         "sequence's recurrent or sliding-window layers hold less than its "
                         "context)";
        }
        break;
    case StartupOutcome::StartsContextCapped:
        s.kvTokens = t.kvTokens;
        s.maxRequestTokens = contextCapRule(engine, t.kvTokens, in.maxModelLen);
        s.message = info.displayName;
        s.message += " starts with a KV cache of " + groupedText(t.kvTokens) +
                     " tokens, fewer than one request of the " + groupedText(in.maxModelLen) +
                     "-token context: it caps every request at " + groupedText(s.maxRequestTokens) +
                     " tokens (prompt + output)";
        s.message += engine == Engine::Sglang
                         ? ", and refuses prompts of " + groupedText(s.maxRequestTokens - 4) +
                               " tokens or more (--allow-auto-truncate cuts them instead)"
                         : " (max_seq_len lowered to the pool)";
        s.message += ", so the context cannot be served in full";
        break;
    case StartupOutcome::WeightsDoNotFit:
        // Raised by the weight loader, before the engine sizes anything else.
        s.message =
            "CUDA out of memory while loading the weights: " + mibOrGibText(double(t.weights())) +
            " per GPU" +
            (t.cudaContext > 0
                 ? " and the CUDA context (" + mibOrGibText(double(t.cudaContext)) + ") are"
                 : std::string(" is")) +
            " more than the " + mibOrGibText(double(in.gpu.usableMemoryBytes)) +
            " the GPU has; more GPUs (a larger TP or PP) or a smaller weight precision "
            "fit it.";
        break;
    case StartupOutcome::KvPoolNegative:
        s.message =
            engine == Engine::Vllm ? "No available memory for the cache blocks. Try increasing "
                                     "`gpu_memory_utilization` when initializing the engine."
            : engine == Engine::Sglang && t.kvPoolBytes <= 0 &&
                    sglangRules(in.sglangProfile).draftInsideFraction
                ? sglangNoRoomMessage(in, t)
            : engine == Engine::Sglang && t.kvPoolBytes > 0 && t.kvTokens == 0 &&
                    t.stateSlotsInPool < in.stateSlots && in.model && hasRecurrentState(*in.model)
                ? (t.stateSlotsInPool == 0
                       ? "Not enough GPU memory for hybrid (mamba/linear-attention) state "
                         "cache. Computed max_mamba_cache_size=0."
                       : "Hybrid (mamba/linear-attention) state cache is too small to "
                         "serve any requests. max_mamba_cache_size=" +
                             std::to_string(t.stateSlotsInPool) + ", mamba_ratio=" +
                             std::to_string(in.stateSlots) + ", resulting max_num_reqs=0.")
            : engine == Engine::Sglang && t.kvPoolBytes > 0 && t.kvTokens > 0
                ? "Memory pool size is too small (a pool of " + std::to_string(t.kvTokens) +
                      " tokens)."
            : engine == Engine::Sglang
                ? "Not enough memory. Please try to increase --mem-fraction-static."
                : "No memory left for the KV cache after weights and the warm-up peak.";
        s.message += " (KV pool " + gibText(double(t.kvPoolBytes)) + " GiB per GPU)";
        break;
    case StartupOutcome::ContextExceedsCapacity:
        if (vllmV0Rules(in.vllmProfile)) {
            // V0's worker compares tokens (vllm/worker/worker.py raise_if_cache_size_invalid).
            s.message = "The model's max seq len (" + std::to_string(in.maxModelLen) +
                        ") is larger than the maximum number of tokens that can be stored in KV "
                        "cache (" +
                        std::to_string(t.kvTokens) +
                        "). Try increasing `gpu_memory_utilization` or decreasing "
                        "`max_model_len` when initializing the engine.";
            break;
        }
        s.message = "To serve at least one request with the model's max seq len (" +
                    std::to_string(in.maxModelLen) + "), " + gibText(double(need)) +
                    " GiB KV cache is needed, which is larger than the available KV cache "
                    "memory (" +
                    gibText(double(t.kvPoolBytes)) +
                    " GiB). Based on the available memory, the estimated maximum model length "
                    "is " +
                    std::to_string(s.largestContext) + ".";
        break;
    case StartupOutcome::DraftDoesNotFit:
        // SGLang raises its "Not enough memory" only for the target's pool; the draft's pool
        // (the target's token count) is then allocated in what the fraction left and fails.
        s.message = "CUDA out of memory allocating the draft model's KV cache: its weights (" +
                    gibText(double(t.draftWeights)) + " GiB) and KV pool of " +
                    std::to_string(t.kvTokens) + " tokens (" + gibText(double(t.draftKvBytes)) +
                    " GiB) need " + gibText(double(-t.reserveMarginBytes)) +
                    " GiB per GPU more than the memory fraction leaves.";
        break;
    case StartupOutcome::ReserveExhausted:
        // Allocated after the pool is sized (model_runner_kv_cache_mixin.py init_memory).
        s.message = "CUDA out of memory allocating the request-to-token table: " +
                    std::to_string(t.requestSlots) + " requests x " +
                    groupedText(in.maxModelLen + 4) +
                    " tokens x 4 B = " + mibOrGibText(double(t.requestTableBytes)) +
                    ", which with the CUDA graphs (" + mibOrGibText(double(t.cudaGraphs)) +
                    ") needs " + mibOrGibText(double(-t.reserveMarginBytes)) +
                    " per GPU more than the memory fraction leaves.";
        break;
    case StartupOutcome::StateBlocksExhausted:
        // Raised while vLLM resolves its CUDA-graph sizes after the memory profile.
        s.message = "max_num_seqs (" + std::to_string(in.maxNumSeqs) +
                    ") exceeds available Mamba cache blocks (" + std::to_string(t.stateBlocks) +
                    "): each decoding sequence keeps its recurrent state in one block of the KV "
                    "pool, so vLLM cannot capture its CUDA graphs.";
        break;
    case StartupOutcome::SpeculationWithPipeline:
    case StartupOutcome::ArgumentsRefused:
        break; // outcomeOf never returns them: answered above
    }
    if (t.kvTokensUncapped > 0 && s.outcome != StartupOutcome::KvPoolNegative) {
        // The pool's tokens are the user's cap, not what memory gives: say both.
        s.message += " (the pool capped by engine.max_total_tokens; memory holds " +
                     groupedText(t.kvTokensUncapped) + " tokens)";
    }
    if (s.outcome == StartupOutcome::Starts || s.outcome == StartupOutcome::WeightsDoNotFit) {
        // Weights that do not fit need more GPUs or a smaller precision: no flag searched
        // below (fraction, sequences, batched tokens, context, KV dtype) changes the weights
        // per GPU (EngineMemoryTerms::weights: checkpoint, padding, replication, draft) or the
        // usable memory they are compared with, so none is tried.
        return s;
    }
    // A refusal or a capped start: each fix makes the engine start with the whole context.
    auto startsWith = [&](const std::function<void(EngineMemoryInput &)> &change) {
        EngineMemoryInput probe = in;
        change(probe);
        return outcomeOf(engine, model, probe) == StartupOutcome::Starts;
    };
    // Fraction: a draft or a request table that does not fit needs a smaller one (the largest
    // that starts, 0.01 steps down to 0.30): the target's pool shrinks and the reserve grows.
    const bool reserveShort = s.outcome == StartupOutcome::DraftDoesNotFit ||
                              s.outcome == StartupOutcome::ReserveExhausted;
    if (reserveShort) {
        for (int pct = int(std::ceil(in.memoryFraction * 100.0 - 1e-9)) - 1; pct >= 30; --pct) {
            if (startsWith([&](EngineMemoryInput &p) { p.memoryFraction = pct / 100.0; })) {
                s.fixes.push_back({fracFlag, fractionText(pct / 100.0),
                                   s.outcome == StartupOutcome::DraftDoesNotFit
                                       ? "a smaller static fraction leaves room for the draft's "
                                         "weights and KV pool"
                                       : "a smaller static fraction leaves room for the "
                                         "request-to-token table"});
                break;
            }
        }
    }
    // Fraction: the smallest value (0.01 steps, up to 0.98) that starts.
    for (int pct = int(std::floor(in.memoryFraction * 100.0 + 1e-9)) + 1;
         !reserveShort && pct <= 98; ++pct) {
        if (startsWith([&](EngineMemoryInput &p) { p.memoryFraction = pct / 100.0; })) {
            s.fixes.push_back({fracFlag, fractionText(pct / 100.0),
                               "a larger memory fraction leaves room for the KV pool"});
            break;
        }
    }
    // Max running requests: SGLang's request table has one row per request.
    if (s.outcome == StartupOutcome::ReserveExhausted) {
        for (std::uint32_t n = t.requestSlots / 2; n >= 1; n /= 2) {
            if (startsWith([&](EngineMemoryInput &p) { p.maxRunningRequests = n; })) {
                s.fixes.push_back({std::string(info.flags.maxSequences), std::to_string(n),
                                   "fewer requests shrink the request-to-token table"});
                break;
            }
        }
    }
    // Max sequences: at most the pool's blocks for a hybrid model's states (the engine's own
    // advice), else the sampler warm-up scales with it (vLLM).
    bool seqsFixed = false;
    // (That outcome means max_num_seqs is above the blocks, so the blocks are the lower cap.)
    if (s.outcome == StartupOutcome::StateBlocksExhausted &&
        startsWith([&](EngineMemoryInput &p) { p.maxNumSeqs = std::uint32_t(t.stateBlocks); })) {
        s.fixes.push_back({std::string(info.flags.maxSequences), std::to_string(t.stateBlocks),
                           "no more running sequences than state blocks in the pool"});
        seqsFixed = true;
    }
    if (engine == Engine::Vllm && !seqsFixed) {
        for (std::uint32_t seqs = in.maxNumSeqs / 2; seqs >= 1; seqs /= 2) {
            if (startsWith([&](EngineMemoryInput &p) { p.maxNumSeqs = seqs; })) {
                s.fixes.push_back({std::string(info.flags.maxSequences), std::to_string(seqs),
                                   "fewer sequences shrink the sampler's warm-up peak"});
                break;
            }
        }
    }
    // Batched tokens: the forward activation peak scales with them (not below max_model_len
    // where vLLM's V0 rules need a whole prompt per step).
    const bool v0Chunked =
        vllmV0ChunkedPrefill(in.vllmProfile, in.maxModelLen, in.model, in.speculative, in.gpu);
    for (std::uint32_t tok = in.maxBatchedTokens / 2; tok >= 256; tok /= 2) {
        if (engine == Engine::Vllm &&
            (tok < in.maxNumSeqs || // vLLM refuses fewer tokens a step than sequences
             vllmV0StepTooSmall(in.vllmProfile, tok, in.maxModelLen, v0Chunked))) {
            break;
        }
        if (startsWith([&](EngineMemoryInput &p) { p.maxBatchedTokens = tok; })) {
            // From v0.20 DeepEP's low-latency buffers are sized for the step's tokens too.
            const bool deepepBuffers = in.moeA2a == MoeA2a::DeepepLowLatency &&
                                       vllmBatchedDpDefaults(in.vllmProfile) &&
                                       deepepInUse(engine, in.moeA2a, in.vllmProfile,
                                                   in.model && in.model->isMoe(), in.ep, in.dp);
            s.fixes.push_back({std::string(info.flags.batchedTokens), std::to_string(tok),
                               deepepBuffers ? "fewer tokens per step shrink DeepEP's buffers "
                                               "and the forward activation peak"
                                             : "fewer tokens per step shrink the forward "
                                               "activation peak"});
            break;
        }
    }
    const bool contextOver = s.outcome == StartupOutcome::ContextExceedsCapacity ||
                             s.outcome == StartupOutcome::StartsContextCapped;
    if (contextOver && s.largestContext > 0) {
        s.fixes.push_back({engine == Engine::TensorRtLlm ? "--max_seq_len"
                           : engine == Engine::Sglang    ? "--context-length"
                                                         : "--max-model-len",
                           std::to_string(s.largestContext),
                           "the largest context whose one request fits the KV pool"});
    }
    if (s.outcome == StartupOutcome::ReserveExhausted) {
        // The request table grows with the context: the longest that starts (binary search).
        std::uint64_t lo = 0;
        std::uint64_t hi = in.maxModelLen;
        while (lo + 1 < hi) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            (startsWith([&](EngineMemoryInput &p) { p.maxModelLen = mid; }) ? lo : hi) = mid;
        }
        if (lo > 0) {
            s.fixes.push_back({"--context-length", std::to_string(lo),
                               "a shorter context shrinks every row of the request-to-token "
                               "table"});
        }
    }
    if (in.kvFormat.kind == FormatKind::BF16 || in.kvFormat.kind == FormatKind::FP16) {
        if (startsWith([&](EngineMemoryInput &p) { p.kvFormat = formats::fp8; })) {
            s.fixes.push_back(
                {engine == Engine::TensorRtLlm ? "kv_cache_config.dtype" : "--kv-cache-dtype",
                 "fp8", "an FP8 KV cache halves the bytes per token"});
        }
    }
    return s;
}

std::string vllmWholeModelPipelineCheckNote(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                                            StartupOutcome outcome) {
    if (in.pp <= 1 || !in.model || in.maxModelLen == 0 || t.stages.empty() ||
        (in.model->maxContextTokens && in.maxModelLen > in.model->maxContextTokens)) {
        return {}; // nothing to check, or a context the plan already refuses
    }
    if (outcome != StartupOutcome::Starts) {
        return {}; // the plan's own verdict already refuses
    }
    const EngineMemoryModel &model = vllmMemoryModel();
    EngineMemoryInput whole = in;
    whole.pp = 1; // requestBytes then counts every layer, drafter included
    const std::uint64_t need = model.requestBytes(whole, t, in.maxModelLen);
    for (const PipelineStageMemory &st : t.stages) {
        if (st.kvPoolBytes >= 0 && std::uint64_t(st.kvPoolBytes) >= need) {
            continue;
        }
        // vLLM names the first stage short of the need; a max_model_len that starts must fit
        // the smallest pool.
        EngineMemoryTerms pool = t;
        pool.kvPoolBytes =
            std::min_element(t.stages.begin(), t.stages.end(), [](const auto &a, const auto &b) {
                return a.kvPoolBytes < b.kvPoolBytes;
            })->kvPoolBytes;
        const std::uint64_t estimate = largestContext(model, whole, pool, in.maxModelLen);
        return "vLLM 0.14.0 to 0.15.x check one request of max_model_len against the whole "
               "model's KV cache on every stage (get_kv_cache_configs, from PR #29431 until PR "
               "#33698): " +
               gibText(double(need)) + " GiB for " + groupedText(in.maxModelLen) +
               " tokens, more than stage " + std::to_string(st.rank) + "'s " +
               gibText(double(std::max<std::int64_t>(st.kvPoolBytes, 0))) +
               " GiB, so those versions refuse this plan (\"To serve at least one request with "
               "the model's max seq len\") unless --max-model-len is " +
               (estimate ? "at most " + std::to_string(estimate) : std::string("lowered")) +
               "; other versions check each stage's own layers, as the plan does";
    }
    return {};
}

} // namespace hostplan
