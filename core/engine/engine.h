// SPDX-License-Identifier: MIT
// Serving engines: one table entry per engine (names, the version whose rules HostPlan follows,
// what its memory fraction is a fraction of, defaults and limits, its launch flags). Adding an
// engine or an engine version is one entry here plus its serve-command builder in
// engine/servecommand.cpp; nothing else names an engine.
//
// Sources (each entry's `source` names its own):
// - vLLM V1: gpu_memory_utilization is a fraction of TOTAL memory holding weights, the profiled
//   activation peak, non-torch memory and the KV pool (vllm/v1/worker/gpu_worker.py
//   determine_available_memory); block_size 16; max_num_seqs 1024 on GPUs with >= 70 GiB, else
//   256 (vllm/engine/arg_utils.py _set_default_args).
// - SGLang: mem_fraction_static is a fraction of total memory for the static pool (weights + KV);
//   activations and runtime live in the rest (sglang/srt/model_executor/model_runner.py
//   profile_max_num_token); page_size 1; mamba radix cache extra_buffer = 5 state slots.
// - TensorRT-LLM: free_gpu_memory_fraction (default 0.9) of the memory FREE after the model and
//   its warm-up peak (tensorrt_llm/_torch/pyexecutor/_util.py); tokens_per_block 32;
//   max_batch_size 2048.
#pragma once

#include "model/hardware.h"
#include "model/modelspec.h"
#include "util/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// The serving engine whose memory rules a plan follows.
enum class Engine { Vllm, Sglang, TensorRtLlm };

/// Which vLLM memory-profiling path a figure follows (the same model and GPU can change
/// capacity between versions, observed-memory.md).
enum class VllmProfile {
    /// V1 v0.11: dummy forward of max_num_batched_tokens, then a sampler run on
    /// min(max_num_seqs, tokens) rows (gpu_model_runner.py @ 4e179065 profile_run).
    V1,
    /// V1 as in v0.19: as V1, but the sampler warm-up masks top-k / top-p in place on the fp32
    /// logits with the Triton kernel instead of sorting them (kVllmTritonSamplerBytesPerLogit).
    V1v19,
    /// V1 as in v0.20: v0.19's memory terms; the log's "GPU KV cache size" from the maximum
    /// concurrency (vllmReportedKvTokens: int(max_concurrency x max_model_len), the change of
    /// vLLM issue #40691 / PR #40694 of 2026-04-23, which v0.20.1 logs print:
    /// noonghunna/club-3090#91, a hybrid model's 619,479 tokens at 2.36x of 262,144);
    /// max_num_seqs above the pool's state blocks refused (vllmStateBlocksShort); the batched
    /// DP MoE defaults (vllmBatchedDpDefaults).
    V1v20,
    /// V1 as in v0.21: v0.19's memory terms, and the CUDA-graph memory estimate taken out of
    /// the KV budget (profile_cudagraph_memory of PR #30515, on by default from v0.21.0: "CUDA
    /// graph memory profiling is enabled (default since v0.21.0)", gpu_worker.py's start-up
    /// line); max_num_seqs above the pool's state blocks refused (vllmStateBlocksShort).
    V1v21,
    /// V1 as in v0.22: v0.21's rules with gpu_memory_utilization 0.92 by default.
    V1v22,
    /// V1 as in v0.24: v0.22's rules, except that an MTP draft shares the target's
    /// lm_head (vllm_memory.cpp) and DeepSeek V4's cache pages follow
    /// vllm/v1/core/kv_cache_planning.py @ fc23e695 (vllmdeepseekv4.cpp).
    V1v24,
    /// V1 as in v0.28: v0.24's rules, and max_num_batched_tokens 16384 for `vllm serve` on a
    /// GPU of at least 160 GiB (vllm/engine/arg_utils.py get_batch_defaults' new top tier,
    /// PR #51726 of 2026-08-10, first in v0.28.0; v0.27.0 had none).
    V1v28,
    /// V1 as in v0.8 (v0.8.0 to v0.9.1; v0.9.2 to v0.10.x follow the v0.11 rules, see
    /// vllmRuleSets): v0.7's worker (torch's allocated peak plus everything on the device outside
    /// torch after the profile, so the CUDA context and the NCCL buffers count inside the
    /// budget: PR #17122's diff quotes this gpu_worker.py text as still on main in May 2025),
    /// the runner's persistent inputs_embeds, and a profile whose dummy run returns only the
    /// sampled rows' hidden states (hidden_states[logit_indices] of min(max_num_seqs,
    /// max_num_batched_tokens) rows), on which the sampler warm-up runs FlashInfer's
    /// probabilities API (kVllm08SamplerBytesPerLogit).
    V1v08,
    /// V1 v0.7: logits over every profiled token, no sampler run ("TODO(woosuk): Consider the
    /// memory usage of the sampler", v0.7 gpu_model_runner.py profile_run). The worker still
    /// charges as V0Legacy: torch's allocated peak since the profile began plus device used -
    /// allocated after the profile, so the CUDA context counts inside the budget and so do the
    /// runner's persistent input buffers (EngineMemoryTerms::activationBuffers).
    V1Early,
    /// V0 (vllm/worker/worker.py): no chunked prefill up to 32k context, so the profiled batch
    /// is max(max_model_len, 2048) tokens; sampler on max_num_seqs rows; no KV-block +1 for
    /// sliding windows.
    V0,
    /// V0 as in v0.6.4 (from PR #9352 until PR #10511 moved to a baseline snapshot in v0.6.5):
    /// determine_num_available_blocks adds to the torch peak everything on the device that
    /// torch has not allocated after the profile (device used - allocated_bytes.all.current,
    /// PR #11809 describes it), so the CUDA context and cuBLAS handles count inside the budget;
    /// otherwise as V0.
    V0Legacy,
};

/// One set of vLLM start-up memory rules HostPlan models, as a user names it (scenario
/// engine.vllm_version, `hostplan-cli --vllm-version`, the GUI's vLLM rules field).
struct VllmRules {
    VllmProfile profile = VllmProfile::V1;
    /// JSON / CLI value: "0.24", "0.19", "0.11", "0.8", "0.7-v1" (v0.7's V1 engine, which
    /// VLLM_USE_V1=1 turned on; a plain "0.7.x" is V0's: "0.6.5"), "0.6.5", "0.6.4".
    std::string_view id;
    std::string_view label;  ///< prose, as plans print it: "V1 (v0.19)"
    std::string_view source; ///< where these rules were read (file @ commit, PR)
    /// gpu_memory_utilization when the user gives none: 0.9 up to v0.21, 0.92 from v0.22
    /// (vllm/config/cache.py CacheConfig, `Field(default=0.92, gt=0, le=1)` in v0.25.0).
    double defaultMemoryFraction = 0.9;
    /// `vllm serve`'s max_num_batched_tokens with chunked prefill on every GPU in this release;
    /// 0: by the GPU (engineDefaultBatchedTokens). v0.7's V1 engine took 2048 for the API server
    /// (vllm/engine/arg_utils.py _override_v1_engine_args of v0.7.0). Under the V0 rules it
    /// applies beyond a max_model_len of 32,768, where V0 turns chunked prefill on: 512 up to
    /// v0.6.4, 2048 from v0.6.5 (vllm/config.py SchedulerConfig, PR #10544 of 2024-11-21).
    std::uint32_t serveBatchedTokens = 0;
    /// max_num_seqs when the user gives none, on every GPU; 0: the engine table's by GPU
    /// (engineMaxSequences). v0.6's EngineArgs took 256; v0.7's `256 if not VLLM_USE_V1 else
    /// 1024` gave its V1 engine 1024 (vllm/engine/arg_utils.py EngineArgs.__post_init__).
    std::uint32_t defaultMaxNumSeqs = 0;
    /// Whether an unset max_num_batched_tokens is capped at max_num_seqs x max_model_len
    /// (vllm/engine/arg_utils.py _set_default_max_num_seqs_and_batched_tokens_args, the cap of
    /// PR #17853 moved there; read in the 2026 source, so the v0.19 and v0.24 rules take it).
    bool capsDefaultBatchedTokens = false;
    /// Whether an unset max_num_seqs is lowered to max_num_batched_tokens when those are fewer
    /// (arg_utils.py _set_default_args of the v0.11 period: `min(default_max_num_seqs,
    /// max_num_batched_tokens)`), so a small --max-num-batched-tokens alone starts.
    bool lowersDefaultSequences = false;
    /// Further releases, comma separated, whose rules these are although their id is not a
    /// patch of `id` (v0.6.6 kept v0.6.5's V0 worker: PR #10511 landed in v0.6.5); "" if none.
    std::string_view alsoReleases = {};
    /// The flag that turns expert parallelism on: --enable-expert-parallel from v0.8.0 (PR
    /// #14305, which replaced v0.7.3's VLLM_TEST_ENABLE_EP=1 of PR #12583); "" where the rule
    /// set's releases have none (their MoE layers run TP-sharded experts).
    std::string_view expertParallelFlag = {};
    /// The flag naming the all-to-all backend: --all2all-backend from v0.11.1; "" where the
    /// releases read the VLLM_ALL2ALL_BACKEND environment variable or have no backend.
    std::string_view all2allFlag = {};
    /// The flag bounding the CUDA-graph capture sizes: --max-cudagraph-capture-size from
    /// v0.11.1 (PR #26016), --cuda-graph-sizes from v0.9.2; "" where only
    /// --compilation-config's cudagraph_capture_sizes sets them.
    std::string_view graphCaptureFlag = {};
    /// The flag that places attention DP ranks on other nodes (`--data-parallel-backend ray`,
    /// vLLM PR #18233, from v0.9.2); "" where the releases have none.
    std::string_view dataParallelBackendFlag = {};
    /// Releases of this rule set that predate all2allFlag and graphCaptureFlag, as prose
    /// ("v0.9.2 to v0.11.0": both flags came in v0.11.1); "" where every release has them.
    /// Those releases read VLLM_ALL2ALL_BACKEND and take earlyGraphCaptureFlag.
    std::string_view earlyReleases = {};
    /// The capture-size flag of earlyReleases: --cuda-graph-sizes (v0.9.2, one value then meant
    /// the largest capture; from v0.11.1 a list of the sizes themselves, PR #26016).
    std::string_view earlyGraphCaptureFlag = {};
    /// max_num_batched_tokens for `vllm serve` on a GPU of at least hugeGpuMinBytes of device
    /// memory, above the engine table's large-GPU figure; 0 where the releases have no such tier
    /// (vllm/engine/arg_utils.py get_batch_defaults: `device_memory >= 160 * GiB_bytes`,
    /// OPENAI_API_SERVER 16384, from v0.28.0, PR #51726).
    std::uint32_t hugeGpuBatchedTokens = 0;
    std::uint64_t hugeGpuMinBytes = 0; ///< see hugeGpuBatchedTokens
};

/// The rules a vLLM plan follows when the scenario names none: v0.19 (VllmProfile::V1v19; 11
/// start-up logs of v0.19.0, April 2026, in the golden rows), the newest release whose whole
/// start-up memory HostPlan checks against logs (v0.24 changes only the logged KV tokens). Its
/// defaults (max_num_batched_tokens 8192 on an H100, as those logs print) are the engine table's,
/// read at v0.11.
inline constexpr VllmProfile kDefaultVllmProfile = VllmProfile::V1v19;

/// Whether `p` follows v0.24's proposer and DeepSeek V4 pages (an MTP draft sharing the
/// target's lm_head; kv_cache_planning.py's page sums): the 0.24 rule set and later.
constexpr bool vllmV024Report(VllmProfile p) {
    return p == VllmProfile::V1v24 || p == VllmProfile::V1v28;
}

/// Whether `p` takes vLLM's CUDA-graph memory estimate out of the KV budget: the rule sets
/// from v0.21 (VllmProfile::V1v21).
constexpr bool vllmGraphEstimateInBudget(VllmProfile p) {
    return p == VllmProfile::V1v21 || p == VllmProfile::V1v22 || vllmV024Report(p);
}

/// Whether `p` follows the start-up rules vLLM 0.20 brought (VllmProfile::V1v20): the logged
/// KV tokens from the maximum concurrency (vllmReportedKvTokens), max_num_seqs above the
/// pool's state blocks refused (vllmStateBlocksShort, PR #38270), the batched DP MoE
/// defaults (vllmBatchedDpDefaults): the 0.20 rule set and every later one.
constexpr bool vllmV020Rules(VllmProfile p) {
    return p == VllmProfile::V1v20 || vllmGraphEstimateInBudget(p);
}

/// Whether `p` follows v0.19's start-up memory terms (the Triton sampler warm-up, the MXFP4
/// Hopper layouts, the TP collectives' non-torch memory): v0.19 and every later rule set.
constexpr bool vllmV019Memory(VllmProfile p) {
    return p == VllmProfile::V1v19 || vllmV020Rules(p);
}

/// Whether `p`'s releases run the MoE layers sequence-parallel under attention DP with EP and
/// an attention TP above 1, the shared experts whole on every GPU (vllm/config/parallel.py
/// use_sequence_parallel_moe, PRs #24134 / #24982 of September 2025, with the
/// allgather_reducescatter default of v0.11.0): the 0.11 rule sets and later.
constexpr bool vllmSequenceParallelMoe(VllmProfile p) {
    return p == VllmProfile::V1 || vllmV019Memory(p);
}

/// Whether `p`'s releases default max_num_batched_tokens to kVllmBatchedDpTokens in the
/// batched DP MoE mode (DeepEP low-latency with attention DP and EP): v0.20 on, the 0.20 rule
/// set and later (PR #39107 of 2026-04-14 replaced the MoE DP chunking by that default).
constexpr bool vllmBatchedDpDefaults(VllmProfile p) {
    return vllmV020Rules(p);
}

/// max_num_batched_tokens (and the cap on an unset max_num_seqs) vLLM takes in its batched DP
/// MoE mode when the user gives none: SchedulerConfig.DEFAULT_MAX_NUM_BATCHED_TOKENS_FOR_
/// BATCHED_DP (vllm/config/scheduler.py, 2026), the chunk VLLM_MOE_DP_CHUNK_SIZE held before.
inline constexpr std::uint32_t kVllmBatchedDpTokens = 256;

/// Whether `p` is one of the V0 engine's rule sets (v0.6.4 or v0.6.5: no chunked prefill up to
/// 32k, no encoder profile HostPlan models).
constexpr bool vllmV0Rules(VllmProfile p) {
    return p == VllmProfile::V0 || p == VllmProfile::V0Legacy;
}

/// Every vLLM rule set HostPlan models, newest first.
const std::vector<VllmRules> &vllmRuleSets();
/// The table entry of `profile`.
const VllmRules &vllmRules(VllmProfile profile);

/// Whether `engine` runs MoE experts expert-parallel (EP > 1) at all under the vLLM rule set
/// `vllm` (read only for vLLM): false for vLLM rule sets without --enable-expert-parallel
/// (VllmRules::expertParallelFlag empty: releases before v0.8.0, PR #14305), whose MoE layers
/// shard every expert over TP; true for every other engine and rule set.
bool engineRunsExpertParallel(Engine engine, VllmProfile vllm);
/// The rule set a user names: an id of vllmRuleSets(), with or without a leading 'v'
/// ("0.19", "v0.11"), or a patch release of a minor-release id ("0.19.1" -> 0.19, as
/// `vllm --version` prints it); any other release from 0.6.4 on follows the newest rule set
/// at or before it ("0.8.5" -> 0.7, "0.23" -> 0.22), which the plan's engine version names.
/// Error (field "vllm_version"): an older release or other text, with the known ids.
Result<VllmProfile> parseVllmVersion(std::string_view text);

/// Which SGLang start-up memory rules a figure follows (the same model and GPU start with a
/// different KV pool between releases).
/// Listed oldest first: a rule that starts at a release compares `profile >= V...`. The releases
/// are pinned by the version bump commits of sgl-project/sglang (python/sglang/version.py at
/// each); the server_args.py of each rule set is named in sglangRuleSets().
enum class SglangProfile {
    /// v0.4.0 to v0.4.4.post3: the default mem_fraction_static by TP size alone (0.88 at TP 1,
    /// 0.87 at 2, 0.85 at 4, 0.81 at 8, 0.79 at 16); a multimodal model's fraction, given or
    /// default, times 0.95 (model_runner.py).
    V040,
    /// v0.4.4.post4 to v0.4.5.post2: as V040, the multimodal factor 0.90 (PR #4754).
    V0444,
    /// v0.4.5.post3 to v0.4.6.post1: GPUs above 81,920 MiB reserve 13 GiB instead of the TP
    /// table (PR #5604).
    V0453,
    /// v0.4.6.post2 to v0.4.6.post5: the table counts TP x PP (PR #5724); above 96 GiB the
    /// fraction is min(f + 48 GiB x (1 - f) / gpu, (gpu - 18 GiB) / gpu) with f = 0.88 above
    /// 81,920 MiB (PR #5893).
    V0462,
    /// v0.4.7: as V0462, 0.79 above 180,000 MB on CUDA (PR #6748); speculative decoding
    /// reserves 20 GiB above 96 GiB or takes 0.95 of the fraction below (PR #6726).
    V047,
    /// v0.4.7.post1 to v0.4.8.post1: the fraction reserves a memory tier's GiB (PR #7054,
    /// sglangDefaultMemFraction), 2 GiB more with speculative decoding.
    V0471,
    /// v0.4.9 to v0.4.9.post2: as V0471, the multimodal factor 0.90 for the default fraction
    /// only (PR #7748).
    V049,
    /// v0.4.9.post3 to v0.5.2: as V049, the multimodal factor by the vision tower's size
    /// (PR #6881, sglangVisionFractionFactor); 0.5.2 adds STANDALONE drafts (6 GiB).
    V0493,
    /// v0.5.3 to v0.5.9: the default mem_fraction_static of PR #10975 (sglangDefaultMemFraction)
    /// with no piecewise CUDA graphs (opt-in then); a draft model's weights and KV pool are
    /// allocated after the target's pool, out of the reserve.
    V05,
    /// v0.5.10 to v0.5.13: piecewise CUDA graphs are on by default (PR #16331, release notes of
    /// v0.5.10), and the default fraction reserves 8 MiB per captured size for them (PR #15927,
    /// sglangPiecewiseGraphs), 1.5 GiB for an MLA model; speculative decoding still turns them
    /// off, and its reserve is 4 GiB (EAGLE, NEXTN) or 6 GiB (STANDALONE).
    V0510,
    /// v0.5.14 on: piecewise CUDA graphs also with speculative decoding (PR #22128); the KV
    /// pool is sized after the target's and the draft's weights have loaded (PR #28855) and
    /// holds the draft's KV inside the fraction (PR #23862), and the default fraction has no
    /// speculative reserve.
    V0514,
};

/// One set of SGLang start-up memory rules HostPlan models, as a user names it (scenario
/// engine.sglang_version, `hostplan-cli --sglang-version`, the GUI's SGLang rules field).
struct SglangRules {
    SglangProfile profile = SglangProfile::V05;
    std::string_view id;     ///< JSON / CLI value: "0.5.14", "0.5.3", "0.4.7.post1", "0.4"
    std::string_view label;  ///< prose, as plans print it: "v0.5.10 to v0.5.13"
    std::string_view source; ///< where these rules were read (file @ commit, PR)
    /// Piecewise CUDA graphs captured by default (sglangPiecewiseGraphs).
    bool piecewiseGraphs = false;
    /// Piecewise CUDA graphs stay on with speculative decoding.
    bool piecewiseWithSpeculation = false;
    /// The draft's weights and KV pool are budgeted inside mem_fraction_static.
    bool draftInsideFraction = false;
    /// What the default fraction reserves after the 10 GiB floor for an EAGLE / NEXTN (MTP)
    /// draft and for a separate (STANDALONE) draft model, MiB: 2,048 / 6,144 in v0.5
    /// (server_args.py @ a4a3d823, v0.5.3), 4,096 / 6,144 in the v0.5.10 period (its
    /// server_args.py; PR #23862 names the "flat 4GB/6GB heuristic reservation" it replaced), none
    /// once the draft is inside the fraction.
    std::uint32_t eagleReserveMiB = 2048;
    std::uint32_t standaloneReserveMiB = 6144;
};

/// The rules an SGLang plan follows when the scenario names none: the newest, v0.5.14's. Without
/// speculative decoding they are the v0.5.10 rules, which the SGLang start-up logs of 2026
/// (golden rows P41, P42: the default fraction with its piecewise-graph reserve) check; the
/// older golden rows (SGLang 0.4.3 to 0.5.3) name v0.5's.
inline constexpr SglangProfile kDefaultSglangProfile = SglangProfile::V0514;

/// Every SGLang rule set HostPlan models, newest first.
const std::vector<SglangRules> &sglangRuleSets();
/// The table entry of `profile`.
const SglangRules &sglangRules(SglangProfile profile);
/// The rule set a user names: an id of sglangRuleSets() with or without a leading 'v', or any
/// release from 0.4.0 on ("0.5.12", "v0.5.10.post1", "0.4.7.post1", "0.6.1": the newest rule
/// set at or before it, which the plan's engine version names); "0.5", the id earlier HostPlan
/// versions saved for the v0.5.3 rules, still names them.
/// Error (field "sglang_version"): an older release or other text, with the known ids.
Result<SglangProfile> parseSglangVersion(std::string_view text);

/// What an engine's memory fraction is a fraction of, and what lives inside it.
enum class MemoryPoolRule {
    /// fraction x total holds weights, activations, runtime and KV (vLLM).
    FractionOfTotal,
    /// fraction x total is the static pool (weights + KV); activations and runtime live in the
    /// rest and eat into the pool only when they do not fit there (SGLang).
    StaticPoolOfTotal,
    /// KV = fraction x what is free after weights, activations and runtime (TensorRT-LLM).
    FractionOfFreeAfterLoad,
};

/// The launch flags of one engine's server command line that HostPlan's fixes and serving
/// commands write (TensorRT-LLM's speculation is an LLM API option, not a flag).
struct EngineFlags {
    std::string_view memoryFraction;   ///< the memory fraction
    std::string_view maxSequences;     ///< the running-sequence cap
    std::string_view batchedTokens;    ///< the tokens per scheduler step
    std::string_view pipelineParallel; ///< the PP degree
    std::string_view speculation;      ///< turns speculative decoding on
    std::string_view tensorParallel;   ///< the TP degree
    /// Expert parallelism for a MoE model: vLLM's is a switch (EP = TP), SGLang's and
    /// TensorRT-LLM's take the EP size.
    std::string_view expertParallel;
    bool expertParallelSwitch = false; ///< expertParallel takes no value (vLLM)
};

/// Everything HostPlan knows about one engine.
struct EngineInfo {
    Engine engine = Engine::Vllm;
    std::string_view id;              ///< JSON / CLI name: "vllm", "sglang", "trtllm"
    std::string_view displayName;     ///< prose: "vLLM", "SGLang", "TensorRT-LLM"
    std::string_view versionFollowed; ///< the engine version whose rules are modelled
    std::string_view source;          ///< where the rules and defaults come from
    MemoryPoolRule poolRule = MemoryPoolRule::FractionOfTotal;
    double defaultMemoryFraction = 0.9;
    std::uint32_t stateSlotsPerRequest = 1; ///< linear-attention state slots per request
    std::uint32_t kvBlockTokens = 16;       ///< KV page size in tokens
    /// Default cap on running sequences: `maxSequencesLargeGpu` on GPUs with at least
    /// `largeGpuMinBytes` usable, else `maxSequencesSmallGpu`; 0 = sized from memory (no cap).
    std::uint32_t maxSequencesLargeGpu = 0;
    std::uint32_t maxSequencesSmallGpu = 0;
    std::uint64_t largeGpuMinBytes = 0;
    bool runsOnAmd = true; ///< has a ROCm build
    /// Default tokens per scheduler step (vLLM max_num_batched_tokens of `vllm serve`, SGLang
    /// chunked_prefill_size, TensorRT-LLM max_num_tokens) on large / small GPUs (the same
    /// largeGpuMinBytes split; SGLang's own size table is sglangChunkedPrefill()).
    std::uint32_t batchedTokensLargeGpu = 8192;
    std::uint32_t batchedTokensSmallGpu = 8192;
    std::string_view defaultsSource; ///< where the defaults above come from
    EngineFlags flags;               ///< its launch flags
};

/// Every engine, in the order menus list them.
const std::vector<EngineInfo> &engines();
/// The table entry of `engine`.
const EngineInfo &engineInfo(Engine engine);

/// Engine defaults resolved for a scenario.
struct EngineDefaults {
    double memoryFraction = 0.9;
    std::uint32_t stateSlotsPerRequest = 1;
    std::uint32_t kvBlockTokens = 16; ///< vLLM paged-attention block size; SGLang 1
};
/// The engine's documented defaults (engineInfo()); for vLLM the memory fraction of the rule
/// set `vllm` follows (VllmRules::defaultMemoryFraction: 0.92 from v0.22).
EngineDefaults engineDefaults(Engine engine, VllmProfile vllm = kDefaultVllmProfile);
/// Sequences the engine runs at once by default, whatever the memory allows (engineInfo();
/// 0 = no fixed cap).
std::uint32_t engineMaxSequences(Engine engine, const GpuSpec &gpu);

/// The engine's default memory fraction on `gpu` at tensor parallel `tp`: vLLM the rule set
/// `vllm`'s (0.9, 0.92 from v0.22); SGLang's mem_fraction_static rule
/// (sglangDefaultMemFraction, with `speculative` when speculative decoding is on and
/// `standaloneDraft` when it drafts with a separate model), times sglangVisionFractionFactor
/// of `model` when given; TensorRT-LLM 0.9.
double engineDefaultMemoryFraction(Engine engine, const GpuSpec &gpu, std::uint32_t tp,
                                   bool speculative = false, bool standaloneDraft = false,
                                   const ModelSpec *model = nullptr,
                                   VllmProfile vllm = kDefaultVllmProfile);

/// Whether `model` carries a vision tower (a GroupRole::Vision group).
bool hasVisionTower(const ModelSpec &model);

/// What SGLang multiplies its DEFAULT mem_fraction_static by for a multimodal model, leaving a
/// fraction the user gives (--mem-fraction-static) as it is: 1 for a model without a vision
/// tower (no GroupRole::Vision group), else 0.95 x clamp(1 - 0.1 x (r - 1), 0.8, 1.05) with
/// r = L x W^2 / (24 x 1024^2), L and W the vision_config's num_hidden_layers and hidden_size
/// (ModelSpec::visionConfigLayers, visionConfigHidden; 24 and 1024, a ViT-L/14, where absent,
/// as SGLang's getattr defaults; HostPlan reads config.json, so a transformers config class
/// that supplies its own default for a missing key is not followed). SGLang v0.5
/// python/sglang/srt/server_args.py _handle_gpu_memory_settings calls
/// ServerArgs.adjust_mem_fraction_for_vlm only inside `if self.mem_fraction_static is None`, after
/// the size rule and the speculative reserve, and does not round the product; the newest release
/// keeps the same rule in python/sglang/srt/arg_groups/memory_hook.py @ a82da8da
/// handle_gpu_memory_settings (adjust_mem_fraction_for_vlm, still for the default only); it
/// came in v0.4.9.post3 (PR #6881). Older releases: the overload below. Gemma 3's SigLIP tower
/// (27 layers of 1152): 0.95 x 0.958 = 0.910.
double sglangVisionFractionFactor(const ModelSpec &model);
/// What rule set `rules` multiplies SGLang's DEFAULT mem_fraction_static of `model` by (a
/// fraction the user gives is left as it is): 1 without a vision tower and before v0.4.9 (the
/// server set none then); 0.90 from v0.4.9 (server_args.py @ ec5f9c62, PR #7748);
/// sglangVisionFractionFactor(model) from v0.4.9.post3 (PR #6881).
double sglangVisionFractionFactor(const ModelSpec &model, SglangProfile rules);
/// What SGLang's model runner multiplied ANY mem_fraction_static of `model` by, given or
/// default, before it sized the KV pool: 0.95 for a model with a vision tower to v0.4.4.post3
/// (model_runner.py model_specific_adjustment @ f8b03269), 0.90 from v0.4.4.post4 (@ 35e0856b,
/// PR #4754) to v0.4.8.post1; 1 from v0.4.9, which moved the factor to the default
/// (sglangVisionFractionFactor) and without a vision tower. The flag keeps its value; the
/// pool is sized with the product (sglang_memory.cpp).
double sglangRunnerFractionFactor(const ModelSpec &model, SglangProfile rules);

/// The note on what HostPlan does not model for a vLLM plan of a model with a vision tower
/// (GroupRole::Vision): before it sizes the KV pool, vLLM V1's profile runs the encoder on one
/// batch of its largest dummy image or video and keeps the outputs for the decoder's dummy run
/// (vllm/v1/worker/gpu_model_runner.py @ 4e179065 profile_run; its log: "Encoder cache will be
/// initialized with a budget of N tokens"). That peak depends on the processor's maximum image
/// and video sizes, which config.json does not give, so the pool can be smaller than planned
/// (a public vLLM 0.11 log of Qwen3-VL-30B-A3B at TP 4 on RTX 3090s: 2.4 GiB per GPU, 2.31
/// GiB left of the 4.46 planned). A limit of 0 for every modality skips it (vLLM
/// docs/configuration/conserving_memory.md: disable unused modalities by a limit of zero).
/// Empty for a model without a vision tower. For the towers HostPlan does model, and for
/// text-only plans, vllmEncoderNote (engine/vllmencoder.h) says more.
std::string vllmEncoderProfileNote(const ModelSpec &model);
/// Default tokens per step on `gpu` (vLLM max_num_batched_tokens of `vllm serve`: 8192 on
/// GPUs >= 70 GiB whose name has no "A100", else 2048; SGLang chunked_prefill_size by its size
/// table; TensorRT-LLM max_num_tokens 8192).
std::uint32_t engineDefaultBatchedTokens(Engine engine, const GpuSpec &gpu);
/// vLLM's A100 exception (vllm/engine/arg_utils.py _set_default_args, PR #17885): the large
/// defaults apply only to GPUs of >= 70 GiB whose device name does not contain "a100".
bool vllmLargeGpuDefaults(const GpuSpec &gpu);

/// SGLang defaults by GPU memory (sglang/srt/server_args.py _handle_gpu_memory_settings,
/// PR #10975, from v0.5.3): chunked_prefill_size and cuda_graph_max_bs for `gpuMiB` of device
/// memory.
struct SglangGpuDefaults {
    std::uint32_t chunkedPrefillSize = 4096;
    std::uint32_t cudaGraphMaxBs = 160;
};
SglangGpuDefaults sglangGpuDefaults(double gpuMiB, std::uint32_t tp);
/// The same defaults under rule set `rules`. Before v0.5.3 (PR #10975) the server sets
/// chunked_prefill_size by size (2,048 below 25,000 MiB, else 8,192; v0.4.7 16,384 above
/// 180,000 MiB; from v0.4.7.post1 2,048 below 35 GiB, 8,192 below 160 GiB, else 16,384) and
/// cuda_graph_max_bs only on small GPUs (8, or 80 from TP 4); otherwise the CUDA-graph runner
/// captures up to 160 sizes' largest batch, 256 above 81,920 MiB (v0.4.5.post3), 96 GiB
/// (v0.4.6.post2) or 90 GiB (v0.4.7.post1), 512 above 180,000 MiB (v0.4.7) or 160,000 MiB
/// (v0.4.7.post1): cuda_graph_runner.py get_batch_sizes_to_capture @ b9c87e78, 4f723edd,
/// f9dc9dd2. From v0.5.3 the overload above.
SglangGpuDefaults sglangGpuDefaults(double gpuMiB, std::uint32_t tp, SglangProfile rules);
/// The largest batch, in requests, that SGLang captures as a CUDA graph on a GPU of `gpuMiB`
/// under TP `tp` and rule set `rules`: `given` (--cuda-graph-max-bs; 0 = unset) or the size
/// table's (sglangGpuDefaults), and no more than `maxRunningRequests` where that is set (0 = no
/// cap): the runner captures only batches the request pool holds (cuda_graph_runner.py
/// get_batch_sizes_to_capture: bs <= req_to_token_pool.size, @ 6559e43f).
std::uint32_t sglangGraphBatch(double gpuMiB, std::uint32_t tp, SglangProfile rules,
                               std::uint32_t given = 0, std::uint32_t maxRunningRequests = 0);
/// SGLang's default mem_fraction_static (same source): reserved MiB = 512 + max(chunk, 2048) x
/// 1.5 + cuda_graph_max_bs x 2 + tp x pp / 8 x 1024, at least 10 GiB on GPUs above 60 GiB;
/// fraction = round((gpuMiB - reserved) / gpuMiB, 3). H100 TP1 0.836, B200 TP1 0.858
/// (AIConfigurator's asserted values). `speculative` (EAGLE / NEXTN-MTP draft): 2 GiB more
/// after the floor (same function: "eagle draft models and cuda graphs"); with
/// `standaloneDraft` (--speculative-algorithm STANDALONE, a separate draft model) 6 GiB more
/// instead. These are the v0.5 rules (SglangProfile::V05) at the size table's chunk.
double sglangDefaultMemFraction(double gpuMiB, std::uint32_t tp, std::uint32_t pp,
                                bool speculative = false, bool standaloneDraft = false);

/// What SGLang's default mem_fraction_static depends on, beyond the GPU size and layout.
struct SglangFractionInput {
    double gpuMiB = 0;    ///< device memory, MiB (the engine reads total memory)
    std::uint32_t tp = 1; ///< tensor parallel size
    std::uint32_t pp = 1; ///< pipeline stages
    /// Attention DP ranks (--dp-size with --enable-dp-attention; 1: off). Its reserve: 4 GiB
    /// more from v0.4.7.post1 to v0.5.2 (server_args.py @ 2272c2a5); from v0.5.3
    /// cuda_graph_max_bs x dp x 3 MiB more, and x 1.5 MiB more again above a graph batch of
    /// 300, before the 10 GiB floor (@ 758b887a, 6559e43f _handle_gpu_memory_settings).
    std::uint32_t dp = 1;
    bool speculative = false;     ///< an EAGLE / NEXTN-MTP draft
    bool standaloneDraft = false; ///< a separate draft model (STANDALONE)
    /// --chunked-prefill-size; 0: the size table's (sglangGpuDefaults)
    std::uint32_t chunkedPrefillSize = 0;
    /// --cuda-graph-max-bs; 0: the size table's (sglangGpuDefaults). The reserve takes the
    /// server's value, given or defaulted (`self.cuda_graph_max_bs`, set before the reserve).
    std::uint32_t cudaGraphMaxBs = 0;
    /// The piecewise CUDA graphs' reserve (sglangPiecewiseGraphs), MiB; 0 when they are off.
    double piecewiseReserveMiB = 0;
    SglangProfile rules = kDefaultSglangProfile;
    /// An NVIDIA (CUDA) GPU: v0.4.7's 0.79 for GPUs above 180,000 MB is CUDA's only.
    bool cuda = true;
};
/// SGLang's default mem_fraction_static under rule set `in.rules` (server_args.py
/// _handle_gpu_memory_settings): the reserve of the overload above with the chunked prefill
/// size the server runs with (a given --chunked-prefill-size counts: `self.
/// chunked_prefill_size` is set before the reserve is taken), plus the piecewise graphs'
/// reserve before the 10 GiB floor (server_args.py of the v0.5.10 period), and the rule set's
/// speculative reserve after it (SglangRules::eagleReserveMiB, standaloneReserveMiB). 81,920
/// MiB at TP 1 under the v0.5.10 rules, 58 sizes: 512 + 12,288 + 512 + 128 + 464 MiB
/// reserved, 0.830. 0.88 when `gpuMiB` is not positive. Older rule sets (server_args.py
/// __post_init__): to v0.4.7 the TP table (0.88 / 0.87 / 0.85 / 0.81 / 0.79 from TP 1 / 2 / 4
/// / 8 / 16; from v0.4.6.post2 of TP x PP) with the large-GPU rules of SglangProfile V0453 to
/// V047, unrounded (@ f8b03269, b9c87e78, 9858113c, 4f723edd); from v0.4.7.post1 to v0.5.2
/// round((gpu - reserved) / gpu, 3) with reserved (2.8 + TP x PP / 10) GiB below 35 GiB,
/// (9.5 + TP x PP / 2) GiB below 90 GiB, (12 + TP x PP / 2) GiB below 160 GiB, else 32 GiB, 2
/// GiB more with speculative decoding (6 GiB for STANDALONE, v0.5.2) (@ f9dc9dd2, b0d25e72):
/// an 81,080 MiB H100 at TP 1 0.874, TP 8 0.830.
double sglangDefaultMemFraction(const SglangFractionInput &in);

/// How many sizes SGLang captures piecewise CUDA graphs for up to `maxTokens` tokens
/// (server_args.py _generate_piecewise_cuda_graph_tokens: 4 to 32 by 4, 48 to 256 by 16, 288
/// to 512 by 32, 576 to 1,024 by 64, 1,280 to 4,096 by 256, then by 512, each at most
/// `maxTokens`): 42 at 2,048, 50 at 4,096, 58 at 8,192, 74 at 16,384; 0 at 0.
std::uint32_t sglangPiecewiseGraphSizes(std::uint32_t maxTokens);

/// What decides whether SGLang captures piecewise CUDA graphs, and for how many tokens.
struct SglangPiecewiseInput {
    SglangProfile rules = kDefaultSglangProfile;
    const ModelSpec *model = nullptr;     ///< the served model (required)
    const GpuSpec *gpu = nullptr;         ///< the GPU (required)
    std::uint32_t pp = 1;                 ///< pipeline stages
    bool speculative = false;             ///< speculative decoding on
    std::uint32_t chunkedPrefillSize = 0; ///< the server's chunked_prefill_size
};
/// SGLang's piecewise (prefill) CUDA graphs as its server sets them up.
struct SglangPiecewiseGraphs {
    /// Capture sizes (sglangPiecewiseGraphSizes of the chunked prefill size, or of 2,048 for an
    /// MLA model, use_mla_backend); 0 when they are off.
    std::uint32_t sizes = 0;
    /// What the default fraction reserves for them, MiB: 8 per size ("only non-torch memory",
    /// PR #15927), a flat 1,536 for an MLA model.
    double reserveMiB = 0;
};
/// The piecewise CUDA graphs of `in` under rules that capture them by default, unless the
/// server's _handle_piecewise_cuda_graph turns them off before it sizes the fraction: PP > 1, a
/// non-NVIDIA GPU, a multimodal model (a vision tower), an architecture on its list (DeepSeek
/// sparse attention models, i.e. those with an indexer, and Qwen3-Next), or speculative
/// decoding where the rules do not combine the two (python/sglang/srt/server_args.py and
/// configs/model_config.py of the v0.5.10 period, read in a vendored copy of the code just
/// before v0.5.10.post1; docs/advanced_features/piecewise_cuda_graph.md @ 1e52b9b1).
/// --disable-cuda-graph does not turn them off. Turned off later (flashinfer MoE runners, a
/// model whose every layer is not standard attention), their reserve stays in the fraction.
SglangPiecewiseGraphs sglangPiecewiseGraphs(const SglangPiecewiseInput &in);

/// Why no release that vLLM rule set `vllm` plans serves a model of Hugging Face model_type
/// `modelType` (every one predates the architecture: the start-up refuses it), or "" when one
/// may or when HostPlan does not know (a model_type outside the table). The table lists the
/// architectures HostPlan imports that vLLM added after v0.6.4, each with the evidence of when
/// (vllm/model_executor/models/registry.py _TEXT_GENERATION_MODELS; release notes and
/// maintainers' statements cited per row in engine.cpp).
std::string vllmArchitectureProblem(std::string_view modelType, VllmProfile vllm);
/// A note where rule set `vllm` plans releases both before and after vLLM added the
/// architecture (gpt-oss under the 0.7 rules, which plan 0.7 to 0.10.x; it came in 0.10.1): the
/// earlier ones refuse it. "" otherwise.
std::string vllmArchitectureNote(std::string_view modelType, VllmProfile vllm);

/// Why `engine` will not run speculative decoding (a draft model, EAGLE, MTP or n-gram) with
/// `pp` pipeline stages, in the engine's words, or "" when it does (pp 1, or a release that
/// composes the two; `vllm` is the vLLM rule set, ignored for the other engines). The rules:
/// - SGLang (v0.5): check_server_args asserts that pp_size > 1 runs without a speculative
///   algorithm (python/sglang/srt/server_args.py, "Pipeline parallelism is not compatible with
///   overlap schedule, speculative decoding, mixed chunked prefill."; sgl-project/sglang issue
///   #10589). Later releases let non-multi-layer EAGLE through behind SGLANG_ENABLE_PP_SPEC or
///   on disaggregated prefill nodes only (PR #30775, arg_groups/validation_hook.py
///   check_pipeline_parallel_compat @ 018669d6); HostPlan follows v0.5.
/// - TensorRT-LLM (PyTorch backend): PyExecutor.__init__ raises NotImplementedError when a
///   drafter meets the pipeline-parallel executor loop ("Drafting is not supported for
///   selected executor loop", tensorrt_llm/_torch/pyexecutor/py_executor.py, from 1.0 to
///   @ 00043967; NVIDIA/TensorRT-LLM issue #9009 asks for it).
/// - vLLM: its documentation lists "Pipeline parallelism is not composable with speculative
///   decoding as of vllm<=0.15.0" (docs/features/speculative_decoding, Known Feature
///   Incompatibility); PR #32359 composed them for the V1 runner, so the 0.19 rules run them
///   and the 0.11, 0.8, 0.7 and V0 rules do not.
std::string speculationPipelineProblem(Engine engine, VllmProfile vllm, std::uint32_t pp);

/// Names for JSON and CLI: "vllm", "sglang", "trtllm".
std::string engineName(Engine engine);
/// Names for prose: "vLLM", "SGLang", "TensorRT-LLM".
std::string engineDisplayName(Engine engine);
/// Case-insensitive id or alias ("tensorrt-llm", "tensorrt_llm"). Error names the field
/// "engine" and lists the ids; llama.cpp's names (and ollama) get an error that says where
/// llama.cpp is planned (hostplan-cli plan --engine llama.cpp, the This card view), since a
/// served-engine scenario cannot hold it.
Result<Engine> parseEngine(std::string_view text);

/// The all-to-all kernels an expert-parallel layout dispatches tokens to its experts with, as
/// the user starts the engine (scenario engine.moe_a2a_backend, `--moe-a2a-backend`):
/// vLLM `--all2all-backend` (VLLM_ALL2ALL_BACKEND before v0.11.1; vllm/config/parallel.py),
/// SGLang `--moe-a2a-backend deepep --deepep-mode` (server_args.py from v0.4.10.post2,
/// `--enable-deepep-moe` before). vLLM uses them with attention DP and EP only (its all2all
/// manager serves the DP x TP expert group); SGLang with EP, which DeepEP sets to the TP size.
enum class MoeA2a {
    /// The engine's own: vLLM naive up to v0.10.x, allgather_reducescatter from v0.11.0;
    /// SGLang none (the MoE layers reduce over TP).
    Default,
    /// DeepEP's low-latency kernels (vLLM deepep_low_latency; SGLang --deepep-mode low_latency,
    /// which its default mode "auto" uses for decoding).
    DeepepLowLatency,
    /// DeepEP's high-throughput kernels (vLLM deepep_high_throughput; SGLang --deepep-mode
    /// normal, which turns CUDA graphs off).
    DeepepHighThroughput,
};

/// JSON / CLI id of `a2a`: "default", "deepep_low_latency", "deepep_high_throughput".
std::string_view moeA2aId(MoeA2a a2a);
/// An id of moeA2aId, case-insensitive; "deepep_ll" / "deepep_ht", SGLang's mode names
/// ("low_latency", "normal") and its backend name "deepep" (its default mode, auto, decodes
/// with the low-latency kernels: DeepepLowLatency) are accepted too. Error (field
/// "moe_a2a_backend"): other text, with the ids and aliases.
Result<MoeA2a> parseMoeA2a(std::string_view text);
/// Why vLLM or SGLang cannot run `a2a` for an MoE model on a layout of `tp` GPUs per stage
/// with `ep` (1 or tp): DeepEP dispatches between expert-parallel ranks, so over two GPUs or
/// more it needs EP over all of them (SGLang forces ep_size = tp_size, server_args.py; vLLM
/// uses its all-to-all backends with expert parallelism only). "" when it can: always for
/// MoeA2a::Default, one GPU (nothing to dispatch) and TensorRT-LLM, whose plans ignore the
/// setting (the plan says so, moea2a.h moeA2aNote).
std::string moeA2aProblem(Engine engine, MoeA2a a2a, std::uint32_t tp, std::uint32_t ep);

/// Tokens per rank SGLang's DeepEP low-latency dispatch holds:
/// SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK (environ.py @ 6559e43f, default 128); a
/// decode batch above it on one rank fails DeepEP's assertion, so SGLang plans in that mode
/// run at most this many sequences per rank and capture CUDA graphs up to it.
inline constexpr std::uint32_t kSglangDeepepDispatchTokens = 128;

} // namespace hostplan
