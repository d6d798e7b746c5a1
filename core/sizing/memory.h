// SPDX-License-Identifier: MIT
// Memory model: weights (by group, sharded vs replicated), KV cache by attention kind,
// linear-attention state, activations and runtime overhead, per GPU and in total, in bytes; and
// the engine's KV capacity.
//
// Sources:
// - KV per token: GQA/MHA/MQA 2 x layers x kv_heads x head_dim x bytes (seed 003; vLLM);
//   MLA latent (kv_lora_rank + qk_rope_head_dim) x layers x bytes, replicated on every TP
//   rank (vLLM recipes Kimi-K2-Think.md; SGLang); GQA heads split ceil(kv/TP), at least one per
//   rank (../shared/reference/observed-memory.md T2).
// - Sliding window layers hold min(context, window + the engine's extra reservation) tokens
//   (vLLM V1 SlidingWindowSpec: window - 1 + max_num_batched_tokens; model-facts.md section 2).
// - Linear attention state per sequence: layers x (heads/TP) x dk x dv x state bytes + short
//   conv windows in bf16 (SGLang calculator, kimi-k3-facts.md section 6), times the engine's
//   state slots per request (SGLang extra_buffer 5, lazy 4, no_buffer 3, radix off 1; vLLM 1).
// - Weights, activations, runtime and the KV pool follow each engine's own rules
//   (engine/enginememory.h: vLLM V1, SGLang, TensorRT-LLM, with their sources).
#pragma once

#include "engine/enginememory.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "scenario/scenario.h"
#include "util/units.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// A parallel layout. GPUs = tp x pp. ep is 1 (experts sliced by TP) or tp (whole experts per
/// rank, vLLM --enable-expert-parallel). dp is the attention data-parallel ranks inside one
/// pipeline stage (1: none): with dp > 1 the tp GPUs of a stage form dp attention groups of
/// tp / dp GPUs each, every group holding the attention, embeddings and dense layers of its
/// own TP (attentionTp()) and the KV of its own sequences, while the MoE layers span all tp
/// GPUs (vLLM `--data-parallel-size dp --tensor-parallel-size tp/dp`, whose expert layers form
/// a DP x TP group, vllm/distributed/parallel_state.py; SGLang `--tp tp --dp dp
/// --enable-dp-attention`, server_args.py).
struct Parallelism {
    std::uint32_t tp = 1;
    std::uint32_t ep = 1;
    std::uint32_t pp = 1;
    std::uint32_t dp = 1;
    std::uint32_t gpuCount() const { return tp * pp; }
    /// GPUs that split one attention layer: tp / dp (tp when dp is 0 or does not divide it).
    std::uint32_t attentionTp() const { return dp > 1 && tp % dp == 0 ? tp / dp : tp; }
    bool operator==(const Parallelism &) const = default;
};

/// Memory components of one GPU or of the whole deployment, bytes.
struct MemoryComponents {
    std::uint64_t weights = 0;
    std::uint64_t kvCache = 0; ///< attention KV for the workload (context x concurrency)
    std::uint64_t state = 0;   ///< linear-attention state for the workload
    std::uint64_t activations = 0;
    std::uint64_t runtime = 0; ///< CUDA context, allocator, NCCL buffers, CUDA graphs
    /// The sum, saturating (saturatingAdd) for absurd inputs.
    std::uint64_t total() const {
        return saturatingAdd(
            saturatingAdd(saturatingAdd(saturatingAdd(weights, kvCache), state), activations),
            runtime);
    }
};

/// Bytes of one tensor group in a plan.
struct GroupBytes {
    std::string name;
    GroupRole role = GroupRole::Other;
    NumberFormat format;
    Placement placement = Placement::Sharded;
    std::uint64_t params = 0;
    std::uint64_t totalBytes = 0;  ///< one copy of the group, whole model
    std::uint64_t perGpuBytes = 0; ///< on the most loaded GPU
};

/// The cache cost of the model's attention layers, bytes.
struct CacheCost {
    std::uint64_t kvBytesPerToken = 0;       ///< whole model (all layers, TP 1), full-attention
                                             ///< and MLA layers (grows with context)
    std::uint64_t kvBytesPerTokenPerGpu = 0; ///< on the most loaded GPU under the layout
    std::uint64_t windowBytesPerToken = 0;   ///< sliding-window layers, whole model, per token
                                             ///< up to windowTokens
    std::uint64_t windowBytesPerTokenPerGpu = 0;
    std::uint64_t windowTokens = 0; ///< the window (tokens kept by those layers)
    /// Tokens an engine reserves beyond the window (vLLM V1: max_num_batched_tokens - 1,
    /// SlidingWindowSpec); 0 = exactly the window.
    std::uint64_t windowExtraTokens = 0;
    std::uint64_t stateBytesPerSequence = 0; ///< linear-attention state + conv, TP 1, one slot
    std::uint64_t stateBytesPerSequencePerGpu = 0; ///< one slot, under the layout
    std::uint32_t stateSlotsPerRequest = 1;
    /// Bytes per token of context on one GPU that layers reading an earlier layer's cache
    /// (LayerGroup::kvShared) read again at every decode step, full-attention and up to the
    /// window; not allocated, so not in the figures above.
    std::uint64_t sharedReadBytesPerTokenPerGpu = 0;
    std::uint64_t sharedWindowReadBytesPerTokenPerGpu = 0;
    /// Bytes one sequence of `contextTokens` needs on one GPU: full KV x context, window KV x
    /// min(context, window + windowExtraTokens), state x slots.
    std::uint64_t perSequencePerGpu(std::uint64_t contextTokens) const;
    /// Same for the whole model (all GPUs' share of one sequence, TP 1 shapes).
    std::uint64_t perSequence(std::uint64_t contextTokens) const;
};

/// Full memory picture of a plan.
struct MemoryBreakdown {
    MemoryComponents perGpu; ///< the most loaded GPU
    MemoryComponents total;  ///< summed over all GPUs of the plan
    /// The groups the engine loads, placed (weightPlacement); a text-only vLLM plan's vision
    /// tower is not among them (vllmTextOnlyApplies).
    std::vector<GroupBytes> groups;
    CacheCost cache;
    double memoryFraction = 0.9;         ///< engine fraction used
    std::uint64_t usableBytesPerGpu = 0; ///< GPU total as the driver reports it
    std::uint64_t budgetBytesPerGpu = 0; ///< what the engine may use on one GPU
    /// KV + state bytes the engine can hold per GPU after weights, activations and runtime
    /// (negative when the weights alone do not fit).
    std::int64_t kvCapacityBytesPerGpu = 0;
    /// KV tokens the engine reports for the pool ("GPU KV cache size"; 0 if none).
    std::uint64_t kvCapacityTokens = 0;
    /// The engine's own count of sequences of `engineSequencesContext` tokens (the workload's
    /// context) its pool holds on one replica (EngineMemoryModel::sequences: vLLM's blocks per
    /// KV group of the stage with the fewest, SGLang's token pool and state slots); what
    /// maxConcurrency gives at that context. 0 when the pool is empty or negative.
    std::uint32_t engineSequences = 0;
    std::uint64_t engineSequencesContext = 0; ///< the context it counts (tokens)
    /// Attention data-parallel ranks of the layout (Parallelism::dp): the per-GPU figures
    /// (KV pool, kvCapacityTokens, perGpu.kvCache) are one rank's, holding its own share of
    /// the sequences; engineSequences and maxConcurrency count all ranks (attentionDp times
    /// one rank's).
    std::uint32_t attentionDp = 1;
    /// The engine's terms behind the figures above (padding, runtime parts, activation parts).
    EngineMemoryTerms engine;
};

/// Per-GPU cache cost under a layout. kvFormat / stateFormat from the scenario. The per-GPU
/// figures are those of the pipeline stage holding the decoder layers `stage` (each layer kind
/// by layersInRange) when given; else of the most loaded stage of an even split
/// (ceil(layers of each kind / pp)).
CacheCost cacheCost(const ModelSpec &model, const Parallelism &par, const NumberFormat &kvFormat,
                    const NumberFormat &stateFormat, std::uint32_t stateSlots,
                    std::optional<LayerRange> stage = std::nullopt);

/// What decides where an engine puts each weight group beyond the layout: the engine, the
/// vLLM rule set (sequence-parallel MoE from v0.11) and the MoE all-to-all backend.
struct PlacementRules {
    Engine engine = Engine::Vllm;
    VllmProfile vllm = kDefaultVllmProfile;
    MoeA2a moeA2a = MoeA2a::Default;
};

/// The placement rules of a scenario's engine settings.
PlacementRules placementRules(const EngineSettings &engine);

/// Bytes of `group` on one GPU under layout `par` and `rules` (the per-GPU figure of
/// weightPlacement): a replicated group divided by pp only, a sharded one by
/// groupShardGpus x pp, rounded up.
std::uint64_t groupBytesPerGpu(const TensorGroup &group, const Parallelism &par,
                               const PlacementRules &rules);

/// Weight bytes per group and on the most loaded GPU under a layout: sharded groups divided by
/// tp x pp (routed experts by ep x pp when EP is on, else tp x pp), replicated groups by pp only,
/// and a sharded group the engine keeps whole (groupShardGpus) by pp only. Under attention DP
/// (par.dp > 1) the routed experts stay divided by tp, and the rest by the engine's rule.
std::vector<GroupBytes> weightPlacement(const ModelSpec &model, const Parallelism &par,
                                        const PlacementRules &rules = {});

/// GPUs of a stage one sharded weight group of `role` is split over (1: whole on every GPU):
/// tp, except
/// - under attention DP (par.dp > 1): routed experts over tp in every engine. vLLM: everything
///   else over the DP rank's own TP, tp / dp (fused_moe/config.py FusedMoEParallelConfig.make
///   flattens only the expert layers over DP x TP; docs/serving/data_parallel_deployment.md),
///   but the shared experts whole on every GPU with EP and an attention TP above 1 under the
///   0.11 rules and later: sequence-parallel MoE (vllm/config/parallel.py
///   use_sequence_parallel_moe: the allgather_reducescatter default of v0.11 and the DeepEP
///   backends, EP, TP > 1, DP > 1; models/deepseek_v2.py DeepseekV2MLP disable_tp, PRs #24134 /
///   #24982 of September 2025). SGLang: the attention over tp / dp, the input embedding whole
///   on every GPU (VocabParallelEmbedding enable_tp = not is_dp_attention_enabled()), lm_head,
///   dense MLP layers and shared experts over all tp (ParallelLMHead without
///   --enable-dp-lm-head, DeepseekV2MLP without --moe-dense-tp-size 1; models/deepseek_v2.py and
///   layers/dp_attention.py @ 6559e43f). TensorRT-LLM: as vLLM without sequence-parallel MoE.
/// - SGLang with DeepEP (any layout with EP): the shared experts whole on every GPU
///   (deepseek_v2.py @ 6559e43f builds them with tp_rank 0, tp_size 1 when the a2a backend is
///   DeepEP; the same since --enable-deepep-moe of v0.4.4.post2).
std::uint32_t groupShardGpus(GroupRole role, const Parallelism &par, const PlacementRules &rules);

/// Whether a plan of `model` under `scenario` runs speculative decoding: a draft attached to
/// the model (ModelSpec::draft, scenario engine.draft) or draft tokens in the workload
/// (workload.speculative_tokens > 0: MTP layers, or n-gram without them).
bool plansSpeculation(const ModelSpec &model, const Scenario &scenario);

/// Sequences the scenario's engine runs at once on `gpu`: the scenario's max_num_seqs when
/// set, else the engine's default (engineMaxSequences; 0 = no fixed cap; a vLLM release's own,
/// VllmRules::defaultMaxNumSeqs: 256 under the 0.6.x rules, 1024 under 0.7), which vLLM from
/// the 0.11 rules lowers to the step's batched tokens when those are fewer
/// (VllmRules::lowersDefaultSequences), and SGLang sets to 256 for DeepSeek V4
/// (kSglangDeepseekV4MaxRunningRequests). `model` and `par` as for batchedTokens.
std::uint32_t runningSequenceCap(const Scenario &scenario, const GpuSpec &gpu,
                                 const ModelSpec *model = nullptr,
                                 const Parallelism *par = nullptr);

/// Sequences one replica of layout `par` runs at once: runningSequenceCap, times the attention
/// DP ranks (each schedules its own), except SGLang's --max-running-requests, which already
/// counts every rank (the scheduler takes max_running_requests // dp_size per rank,
/// managers/tp_worker.py @ 6559e43f). 0 = no fixed cap; saturating.
std::uint32_t replicaSequenceCap(const Scenario &scenario, const GpuSpec &gpu,
                                 const ModelSpec *model, const Parallelism &par);

/// The largest CUDA-graph batch the plan's engine captures on `gpu` under layout `par`, as the
/// plan passes it (serve-cmd writes it where it differs from the engine's default): the
/// scenario's engine.cuda_graph_max_bs when set; else for SGLang with DeepEP's low-latency
/// kernels in use (deepepInUse) the size table's batch lowered to
/// kSglangDeepepDispatchTokens, the most one rank dispatches (a larger capture fails,
/// layers/moe/token_dispatcher/deepep.py @ 6559e43f); else 0 (the engine's own default).
/// 0 as well without CUDA graphs and for TensorRT-LLM.
std::uint32_t planCudaGraphMaxBs(const Scenario &scenario, const GpuSpec &gpu,
                                 const ModelSpec &model, const Parallelism &par);

/// The largest CUDA-graph batch the plan's engine captures for `model` on `gpu` under `par`
/// (engineInputFor's input): SGLang in requests (sglangGraphBatch: given or the size table's,
/// at most --max-running-requests), vLLM in tokens (vllmStartupGraphs' largest capture: the
/// given capture size or min(2 x max_num_seqs x (1 + draft), 512), at most the batched
/// tokens); 0 without CUDA graphs and for TensorRT-LLM. The GUI shows it as the default.
std::uint32_t engineCudaGraphMaxBs(const ModelSpec &model, const GpuSpec &gpu,
                                   const Parallelism &par, const Scenario &scenario);

/// Whether vLLM runs layout `par` (null: the scenario's own hardware.attention_dp and
/// hardware.ep, when both are set) of `model` (null: any MoE) in its batched DP MoE mode,
/// whose max_num_batched_tokens defaults to kVllmBatchedDpTokens: a rule set from v0.20
/// (vllmBatchedDpDefaults), the DeepEP low-latency backend, attention DP and EP
/// (vllm/config/parallel.py use_batched_dp_moe; engine/arg_utils.py
/// _set_default_max_num_seqs_and_batched_tokens_args).
bool vllmBatchedDpMoe(const Scenario &scenario, const ModelSpec *model, const Parallelism *par);

/// Tokens per engine step (max_num_batched_tokens) the scenario's engine runs on `gpu`: the
/// scenario's prefill chunk when set, else the engine's default for that GPU, release and
/// context (workload.context_tokens as max_model_len): vLLM `serve` 8192 on GPUs of 70 GiB or
/// more other than A100, else 2048 (engine/engine.h engineDefaultBatchedTokens), 256 in the
/// batched DP MoE mode of layout `par` (vllmBatchedDpMoe), capped at
/// max_num_seqs x max_model_len under the 0.19 / 0.24 rules
/// (VllmRules::capsDefaultBatchedTokens); 2048 under the 0.7 rules; under the V0 rules
/// max(max_model_len, 2048) without chunked prefill (vllmV0StepTokens: up to 32,768 tokens of
/// context, and beyond for a multimodal or sliding-window `model`, speculative decoding or
/// an AMD GPU, vllmV0ChunkedPrefill) and else 512 (0.6.4) / 2048 (0.6.5)
/// (VllmRules::serveBatchedTokens). SGLang its chunked_prefill_size by GPU memory;
/// TensorRT-LLM 8192. `model` may be null: no multimodal, sliding-window or draft exception.
std::uint32_t batchedTokens(const Scenario &scenario, const GpuSpec &gpu,
                            const ModelSpec *model = nullptr, const Parallelism *par = nullptr);

/// The engine memory model's input for a plan: the layout, the checkpoint's share per GPU,
/// the scenario's fraction (else the engine's default for the GPU and TP), the engine's
/// running-sequence cap (runningSequenceCap: vLLM's A100 exception included), the scenario's
/// batched tokens and context, its activation / runtime overrides, and the draft: the
/// model's attached draft (ModelSpec::draft) when set, else its MTP layers when the workload
/// speculates.
EngineMemoryInput engineInputFor(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                                 const Scenario &scenario);

/// Compute the breakdown for a model on `gpu` under `par`, for the scenario's workload and
/// engine, by the engine's memory model (engine/enginememory.h): weights with the engine's
/// padding and replication, its profiled activation peak, its runtime terms and its KV pool.
/// The scenario's activation_bytes_per_gpu / runtime_bytes_per_gpu replace the engine's
/// estimates (runtime then counts inside the engine's budget). Never fails; capacity may be
/// negative (see kvCapacityBytesPerGpu).
MemoryBreakdown computeMemory(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                              const Scenario &scenario);

} // namespace hostplan
