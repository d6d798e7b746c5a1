// SPDX-License-Identifier: MIT
// Engine memory models: what one GPU holds when a serving engine starts, term by term, by that
// engine's own rules, and what the engine does at start-up with those terms (starts with N
// tokens of KV, or refuses and why, and which flag makes it start).
//
// One interface (EngineMemoryModel), one implementation per engine, each in its own file and
// citing the engine source it follows:
// - vllm_memory.cpp   vLLM V1 (v0.19 by default; v0.11, v0.7 and V0 rule sets by choice)
// - sglang_memory.cpp SGLang v0.5 (by default; v0.5.10 and v0.5.14 rule sets by choice)
// - trtllm_memory.cpp TensorRT-LLM 1.0 (PyTorch backend)
// Research notes with every rule and its source: ../notes/engine-memory.md (sections 1-3, 9).
//
// Units: bytes unless named otherwise. "Per GPU" is the most loaded GPU of the layout (engines
// size every rank alike and take the minimum over ranks).
#pragma once

#include "engine/engine.h"
#include "engine/startupoutcome.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "model/numberformat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// The MoE kernel path that decides weight padding for MXFP4 experts
/// (vllm/model_executor/layers/quantization/mxfp4.py @ afdb4a4f get_mxfp4_backend).
enum class MoeKernel {
    Auto,   ///< the engine's choice for the GPU: Marlin below SM 9.0, else Triton
    Marlin, ///< hidden round_up 256, intermediate per partition round_up 128
    Triton, ///< intermediate round_up 64, hidden unpadded
};

/// Everything an engine memory model needs for one GPU of a plan.
struct EngineMemoryInput {
    const ModelSpec *model = nullptr;
    GpuSpec gpu;
    std::uint32_t tp = 1;
    std::uint32_t pp = 1;
    std::uint32_t ep = 1;
    /// Attention data-parallel ranks (sizing/memory.h Parallelism::dp): tp / dp GPUs split one
    /// attention layer, each rank holds the KV of its own sequences, and maxBatchedTokens and
    /// maxNumSeqs are each rank's own (every DP rank has its own scheduler).
    std::uint32_t dp = 1;
    /// GPUs that split one attention layer (tp / dp).
    std::uint32_t attentionTp() const { return dp > 1 && tp % dp == 0 ? tp / dp : tp; }
    NumberFormat kvFormat = formats::bf16;
    NumberFormat stateFormat = formats::fp32;
    /// Checkpoint weights on the most loaded GPU, divided by the layout without any kernel
    /// padding (sizing/memory.h weightPlacement).
    std::uint64_t checkpointWeightsPerGpu = 0;
    double memoryFraction = 0.9;           ///< the engine's fraction (its own meaning)
    std::uint32_t maxNumSeqs = 256;        ///< running-sequence cap (vLLM max_num_seqs)
    std::uint32_t maxRunningRequests = 0;  ///< SGLang --max-running-requests (0: its rule)
    std::uint64_t maxTotalTokens = 0;      ///< pool cap, scenario engine.max_total_tokens (0: none)
    std::uint32_t maxBatchedTokens = 8192; ///< tokens per step (max_num_batched_tokens)
    std::uint64_t maxModelLen = 8192;      ///< context one request may reach
    std::uint32_t stateSlots = 1;          ///< linear-attention state slots per request
    /// MTP layers the engine loads for speculative decoding (vLLM `--speculative-config
    /// '{"method": "mtp"}'`, SGLang `--speculative-algorithm NEXTN`): the model's
    /// ModelSpec::mtpLayers when speculative decoding is on, else 0.
    std::uint32_t draftLayers = 0;
    /// A draft model the engine loads for speculative decoding instead of MTP layers (a
    /// separate model or an EAGLE head, ModelSpec::draft); null without one. Its layers are
    /// sharded by the target's TP in every engine (vLLM v1/spec_decode/draft_model.py
    /// @ 01dd981d load_model keeps the target's parallel config; SGLang's draft worker takes
    /// the target's tp_rank, speculative/eagle_worker.py @ 00559eac).
    const ModelSpec *draftModel = nullptr;
    /// Speculative decoding is on (a draft model, MTP layers, or draft tokens without either,
    /// as n-gram): engines that do not compose it with PP > 1 refuse the plan
    /// (speculationPipelineProblem).
    bool speculative = false;
    /// Tokens the drafter proposes per step (workload.speculative_tokens; 0 without
    /// speculation). vLLM captures CUDA graphs up to max_num_seqs x (1 + this) x 2 tokens.
    std::uint32_t speculativeTokens = 0;
    /// The plan serves text only (scenario engine.text_only): vLLM's multimodal limits are 0,
    /// so its profile skips the vision encoder (EngineMemoryTerms::activationEncoder).
    bool textOnly = false;
    /// The engine captures CUDA graphs (scenario engine.cuda_graphs; false: eager mode, no
    /// graph memory in any engine's terms and no vLLM graph-capture checks).
    bool cudaGraphs = true;
    /// The largest CUDA-graph batch the engine captures (scenario engine.cuda_graph_max_bs,
    /// or the plan's own, sizing/memory.h planCudaGraphMaxBs); 0: the engine's default (SGLang's
    /// table, sglangGpuDefaults; vLLM's min(2 x max_num_seqs x (1 + draft), 512) tokens).
    std::uint32_t cudaGraphMaxBs = 0;
    std::optional<std::uint64_t> activationOverride; ///< scenario activation_bytes_per_gpu
    std::optional<std::uint64_t> runtimeOverride;    ///< scenario runtime_bytes_per_gpu
    MoeKernel moeKernel = MoeKernel::Auto;
    /// The MoE all-to-all backend (scenario engine.moe_a2a_backend): vLLM's DeepEP buffers and
    /// batched expert workspace (vllmMoeA2aBufferBytes, vllmBatchedMoeWorkspaceBytes) under
    /// attention DP with EP.
    MoeA2a moeA2a = MoeA2a::Default;
    VllmProfile vllmProfile = kDefaultVllmProfile;       ///< scenario engine.vllm_version
    SglangProfile sglangProfile = kDefaultSglangProfile; ///< scenario engine.sglang_version
    /// Decoder layers of the pipeline stage the layout describes; 0 = ceil(layers / pp), the
    /// most loaded stage of an even split (engineKvLayout scales each layer group by it).
    std::uint32_t stageLayers = 0;
    /// The stage's first decoder layer (with stageLayers): its layers of each kind are those
    /// in [stageFirstLayer, stageFirstLayer + stageLayers) (layersInRange).
    std::uint32_t stageFirstLayer = 0;
};

/// One pipeline stage's memory on one GPU, for engines that size each stage's worker on its
/// own (vLLM). Bytes.
struct PipelineStageMemory {
    std::uint32_t rank = 0;           ///< pipeline rank, 0 = first
    std::uint32_t layers = 0;         ///< decoder layers the stage holds
    std::uint64_t weights = 0;        ///< weights per GPU, padding and draft included
    std::uint64_t activationPeak = 0; ///< its profiled peak (the sampler on the last stage)
    std::int64_t kvPoolBytes = 0;     ///< its pool (< 0: that worker refuses)
    std::uint64_t kvTokens = 0;       ///< tokens its own pool holds before the engine's minimum
    std::uint32_t firstLayer = 0;     ///< its first decoder layer (it holds first .. + layers - 1)
};

/// One engine's memory on one GPU, every term the engine allocates. Bytes.
struct EngineMemoryTerms {
    std::string engineVersion; ///< "vLLM V1 (v0.19)"
    // Weights ("Model loading took ...").
    std::uint64_t checkpointWeights = 0; ///< the checkpoint's share, unpadded
    /// MXFP4 kernel padding and layouts, vocab round-up; vLLM also the allocator's rounding of
    /// the weight tensors and the rotary cache its load counts.
    std::uint64_t weightPadding = 0;
    std::uint64_t weightReplication = 0; ///< KV projections replicated when TP > KV heads
    std::uint64_t draftWeights = 0;      ///< MTP layers or draft model loaded for speculation
                                         ///< (draftWeightBytes)
    std::uint64_t weights() const {
        return checkpointWeights + weightPadding + weightReplication + draftWeights;
    }
    // Runtime outside torch.
    std::uint64_t cudaContext = 0;   ///< CUDA context + cuBLAS handles
    std::uint64_t communication = 0; ///< NCCL / custom all-reduce buffers (TP > 1)
    std::uint64_t nonTorch = 0;      ///< non-torch growth the engine's profile measures
    std::uint64_t cudaGraphs = 0;    ///< captured CUDA graphs
    bool graphsInsideBudget = false; ///< the engine takes graphs out of the KV pool
    /// vLLM, attention DP with EP on a DeepEP backend: the buffers DeepEP allocates outside
    /// torch while the model loads, inside the budget (vllmMoeA2aBufferBytes); 0 elsewhere.
    std::uint64_t moeA2aBuffers = 0;
    std::uint64_t runtime() const {
        return cudaContext + communication + nonTorch + cudaGraphs + moeA2aBuffers;
    }
    // Profiled activation peak.
    std::uint64_t activationForward = 0; ///< forward peak at the batched tokens (dense / MoE)
    std::uint64_t activationMoe = 0;     ///< of which MoE workspace (top-k x intermediate)
    /// Sampler / logits peak (rows x vocab; vLLM V1 adds the sampled rows' hidden states and
    /// at v0.19 the Triton top-k / top-p buffer, vllmTritonSamplerBufferBytes).
    std::uint64_t activationSampler = 0;
    /// The draft model's forward at the profiled tokens (vLLM runs the drafter's dummy run
    /// right after the target's forward in the profile, with the target's hidden states
    /// live); 0 without a draft model or where the engine does not profile it.
    std::uint64_t activationDraft = 0;
    /// Pipeline receive buffers a stage after the first keeps from the profile on (vLLM
    /// intermediate tensors: hidden states and residual of max_num_batched_tokens); 0 at PP 1.
    std::uint64_t activationPipeline = 0;
    /// Persistent input buffers the model runner allocates before the profile and the
    /// engine's torch peak includes (vLLM V1 v0.7: inputs_embeds, max_num_batched_tokens x
    /// hidden x 2 B); 0 where the engine measures the peak from after them.
    std::uint64_t activationBuffers = 0;
    /// The vision encoder's forward peak in vLLM V1's profile, run before the decoder's
    /// (engine/vllmencoder.h vllmEncoderProfile); 0 without a modelled tower or when the plan
    /// serves text only.
    std::uint64_t activationEncoder = 0;
    /// The encoder outputs that profile keeps through the decoder's dummy run (live with the
    /// decoder's peak).
    std::uint64_t encoderOutputs = 0;
    /// The encoder's dummy inputs (float32 pixel values) that profile also keeps through the
    /// decoder's dummy run (VllmEncoderProfile::inputBytes).
    std::uint64_t encoderInputs = 0;
    /// What the engine charges (vLLM: activationPipeline + activationBuffers + the largest of
    /// the forward, draft and sampler peaks, the hidden states live with the last two; with a
    /// vision encoder profiled first, the larger of its peak and that plus encoderOutputs and
    /// encoderInputs).
    std::uint64_t activationPeak = 0;
    // Pool.
    double memoryFraction = 0;
    std::uint64_t budget = 0;     ///< total x fraction (vLLM, SGLang) or total (TRT-LLM)
    std::int64_t kvPoolBytes = 0; ///< bytes the engine gives the KV pool (< 0: refuses)
    /// Attention KV bytes per token, all layers, this GPU, as the engine divides its pool by
    /// (SGLang: its profile cell size, without the FP8 MLA layout's scales and bf16 rope).
    std::uint64_t kvBytesPerToken = 0;
    /// KV bytes each request takes on top of kvBytesPerToken x its tokens, at max_model_len:
    /// DeepSeek V4's window caches and compressor state under vLLM (deepseekV4RequestBytes) and
    /// TensorRT-LLM (trtllmDeepseekV4Cache); 0 elsewhere.
    std::uint64_t kvBytesPerRequest = 0;
    std::uint32_t kvBlockTokens = 16;   ///< the engine's block (page) in tokens
    std::uint64_t kvTokens = 0;         ///< the engine's logged KV capacity in tokens
    std::uint64_t kvTokensUncapped = 0; ///< the memory's tokens where maxTotalTokens bound, else 0
    /// Sliding-window reservation beyond the window (vLLM: max_num_batched_tokens - 1; from the
    /// v0.28 rules the in-flight tokens - 1, engine/vllmdeepseekv4.h vllmInFlightTokens).
    std::uint64_t windowExtraTokens = 0;
    /// KV bytes per token of the MTP layers on this GPU. vLLM: part of kvBytesPerToken (the
    /// draft layers join the target's KV cache groups). SGLang: a separate draft pool.
    std::uint64_t draftKvBytesPerToken = 0;
    /// SGLang: the draft worker's own KV pool (draft_runner_cache_size tokens x
    /// draftKvBytesPerToken), allocated after the target's pool, so it comes out of the
    /// reserve total x (1 - mem_fraction_static) like the draft weights. 0 for vLLM.
    std::uint64_t draftKvBytes = 0;
    /// SGLang: its request-to-token table (ReqToTokenPool: requestSlots x (context_len + 4 +
    /// draft tokens) int32), allocated once the pool is sized, so out of the reserve. 0 elsewhere.
    std::uint64_t requestTableBytes = 0;
    std::uint32_t requestSlots = 0; ///< SGLang: its max_num_reqs, the table's rows
    /// SGLang: what the reserve total x (1 - mem_fraction_static) keeps after the request table,
    /// its CUDA-graph estimate, a draft's weights and KV pool, and the FP8 MLA layout's bytes
    /// beyond the profile's cell for every pool token (< 0: out of memory at start-up). 0
    /// elsewhere.
    std::int64_t reserveMarginBytes = 0;
    /// SGLang: pool split for hybrid models. Sliding-window layers' tokens
    /// (swa_full_tokens_ratio x the full layers' tokens; 0 when the model has none).
    std::uint64_t windowTokens = 0;
    /// SGLang: linear-attention state slots in the pool (max_mamba_cache_size; 0 = none).
    std::uint64_t stateSlotsInPool = 0;
    /// vLLM, a model with recurrent-state layers: the blocks of its KV pool, one of which each
    /// decoding sequence's state takes ("available Mamba cache blocks"; 0 without state layers
    /// or without a pool). vllmStateBlocksShort compares max_num_seqs with it.
    std::uint64_t stateBlocks = 0;
    /// SGLang: bytes of those state slots (taken out of the pool before the KV division).
    std::uint64_t stateBytes = 0;
    /// vLLM at PP > 1: every stage's figures, first to last; the terms above are the stage
    /// whose pool holds the fewest tokens, which the engine's KV size and verdict follow.
    /// Empty at PP 1 and for engines that split stages evenly.
    std::vector<PipelineStageMemory> stages;
    std::uint32_t pipelineRank = 0;    ///< the stage the terms above describe
    std::uint32_t stageLayers = 0;     ///< its decoder layers (0 at PP 1: all)
    std::uint32_t stageFirstLayer = 0; ///< the first of them
};

/// One engine's memory rules. Implementations are stateless singletons (engineMemoryModel()).
class EngineMemoryModel {
  public:
    virtual ~EngineMemoryModel() = default;
    /// Every memory term on one GPU for `in`. Never fails; kvPoolBytes may be negative.
    virtual EngineMemoryTerms terms(const EngineMemoryInput &in) const = 0;
    /// Bytes of KV one request of `contextTokens` needs on one GPU under the engine's layout
    /// (vLLM max_memory_usage_bytes summed over groups; SGLang / TRT-LLM tokens x cell size).
    virtual std::uint64_t requestBytes(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                                       std::uint64_t contextTokens) const = 0;
    /// Sequences of `contextTokens` the pool holds (the engine's concurrency figure): the pool
    /// divided by requestBytes(), 0 when the pool is empty or negative (SGLang also caps it by
    /// its linear-attention state slots, which alone bound a model without attention layers).
    virtual std::uint32_t sequences(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                                    std::uint64_t contextTokens) const;
};

/// The memory model of `engine`.
const EngineMemoryModel &engineMemoryModel(Engine engine);
/// The three implementations (defined in vllm_memory.cpp, sglang_memory.cpp, trtllm_memory.cpp).
const EngineMemoryModel &vllmMemoryModel();
const EngineMemoryModel &sglangMemoryModel();
const EngineMemoryModel &trtllmMemoryModel();

/// The checks `engine` makes of its flags before it loads a weight, no memory counted: a
/// refusal (refusedBeforeLoading, ArgumentsRefused's cases) with its message and fixes, else
/// outcome Starts alone. engineStartup runs it first; the layout search alone per candidate.
EngineStartup engineArgumentsCheck(Engine engine, const EngineMemoryInput &in);

/// The start-up verdict of `engine` for `in`: the outcome with the engine's message, the KV
/// tokens and sequences of the context, the largest context served in full, the longest
/// request the engine serves (contextCapRule when the pool holds less than the context), and
/// for a refusal or a capped start each single flag change (fraction, max sequences, batched
/// tokens, context, KV dtype) with the value that makes it start with the whole context.
EngineStartup engineStartup(Engine engine, const EngineMemoryInput &in);

// ---- Terms shared by the engines (enginememory.cpp), each from the engine source named. ----

/// KV heads on one TP rank: ceil(kv / tp), at least one (vLLM QKVParallelLinear replicates KV
/// heads when TP exceeds them; ModelConfig.get_num_kv_heads).
std::uint64_t kvHeadsPerRank(std::uint32_t kvHeads, std::uint32_t tp);

/// A linear-attention / Mamba layer's per-sequence state on one TP rank, in elements: the
/// recurrent state and the short-conv window, each split over the layer's stateHeads
/// (ceil(heads / tp) heads per rank) and rounded up, so that at TP 1 they are the layer's own
/// (vLLM MambaStateShapeCalculator, vllm/model_executor/layers/mamba/mamba_utils.py @ 02d71083:
/// heads / tp for the state, conv_dim / tp for the window). A Mamba2 mixer with one group
/// (stateGroups 1) keeps that group's 2 x state-size window channels whole on every rank at
/// TP > 1 (extra_groups_for_head_shards, same file).
struct LinearStateElements {
    std::uint64_t state = 0;
    std::uint64_t conv = 0;
};
LinearStateElements linearStatePerRank(const LayerGroup &layer, std::uint32_t tp);

/// Extra weight bytes per GPU from replicating K/V projections when tp > kv heads
/// (vllm/model_executor/layers/linear.py QKVParallelLinear: num_kv_head_replicas = tp / kv).
std::uint64_t kvReplicationBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t pp);
/// kvReplicationBytes for the layers a pipeline stage holds (`stage`: its decoder layers,
/// layersInRange).
std::uint64_t kvReplicationBytes(const ModelSpec &model, std::uint32_t tp, LayerRange stage);

/// Extra weight bytes per GPU from padding the vocabulary to a multiple of 64 before the TP
/// split (vllm/model_executor/layers/vocab_parallel_embedding.py DEFAULT_VOCAB_PADDING_SIZE).
std::uint64_t vocabPaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t pp);

/// Extra weight bytes per GPU from MXFP4 MoE kernel padding (mxfp4.py @ afdb4a4f
/// Mxfp4MoEMethod.create_weights): per expert w13 = 2I'H'/2 + 2I'H'/32 + 2I'x2 and
/// w2 = H'I'/2 + H'I'/32 + H'x2 bytes, I' the intermediate per partition and H' the hidden,
/// rounded up by the kernel (Marlin: 128 / 256). gpt-oss: 2880 -> 2944 / 3072, +9.0 %.
/// 0 when the routed experts are not MXFP4 or the kernel does not pad.
std::uint64_t mxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                std::uint32_t pp, MoeKernel kernel);
/// SGLang's MXFP4 expert padding per GPU (python/sglang/srt/layers/quantization/mxfp4.py @
/// 0043c43a Mxfp4MoEMethod.create_weights, the same w13 / w2 layout): with the FlashInfer MXFP4
/// MoE backend both the intermediate per partition and the hidden width round up to 256 (gpt-oss:
/// 2880 -> 3072, +13.8 % on the experts), on ROCm the intermediate to 128, else to 64.
/// server_args.py (_handle_model_specific_adjustments) picks FlashInfer MXFP4 for gpt-oss
/// on NVIDIA Blackwell ("Detected SM100 and MXFP4 quantization format for GPT-OSS model"), and
/// DeepSeek-V4's FP4 experts require it; other models keep the default path. A gpt-oss-20b load
/// on one B200-class GPU logged 14.53 GiB (ovg-project/kvcached#198). 0 for other experts.
std::uint64_t sglangMxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                      std::uint32_t pp, const GpuSpec &gpu);
/// TensorRT-LLM's MXFP4 expert padding per GPU on the rank holding decoder layers `stage`
/// (tensorrt_llm/_torch/modules/fused_moe/quantization.py @ a98a9061
/// MXFP4WeightFusedMoEMethod.create_weights: the hidden width and the intermediate per
/// partition round up to the backend's weight_alignment, the same w13 / w2 layout). The
/// CUTLASS backend, MoeConfig's default in TensorRT-LLM 1.0, aligns to 128, as does the Triton
/// backend (fused_moe_triton.py TritonMXFP4FusedMoEMethod: k 128, n 2 x 128); gpt-oss:
/// 2880 -> 2944, +4.5 % on the experts. The TRTLLM-Gen backend (256: 3072) is the default only
/// where moe_config.backend is AUTO on Blackwell, which later releases resolve
/// (model_config.py resolve_moe_backend); HostPlan follows 1.0. 0 for experts not in MXFP4.
std::uint64_t trtllmMxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                      LayerRange stage);
/// mxfp4PaddingBytes on a GPU of the pipeline stage holding decoder layers `stage`: its own
/// MoE layers (where the import placed the routed experts, roleLayersInRange; else the even
/// share ceil(moeLayers x stage.count / decoder layers)) rather than ceil(moeLayers / pp).
std::uint64_t mxfp4PaddingBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                LayerRange stage, MoeKernel kernel);

/// The MXFP4 MoE kernel vLLM picks for `gpu` when `requested` is Auto: Marlin on NVIDIA GPUs
/// below compute capability 9.0 (A100, A10, RTX 30 / 40, L4, L40S, RTX 6000 Ada), else Triton
/// (also on AMD).
MoeKernel vllmMoeKernel(const GpuSpec &gpu, MoeKernel requested);

/// Whether `gpu` is an SM 9.0 NVIDIA part (H100, H200, GH200: gpus.json compute_capability
/// "9.0"). triton_kernels picks its Hopper MX layouts for these.
bool hopperGpu(const GpuSpec &gpu);

/// Whether vLLM runs the routed experts through its Marlin MoE kernel (fused_marlin_moe), which
/// takes every token of a step in one call, rather than the Triton fused_experts path, which
/// loops over chunks of kFusedMoeChunkTokens:
/// - MXFP4 experts when vllmMoeKernel picks Marlin (mxfp4.py @ afdb4a4f, Marlin backend);
/// - INT4 weight-only experts (AWQ, GPTQ, compressed-tensors pack-quantized) on NVIDIA GPUs
///   whenever the layer fits the kernel (compressed_tensors_moe.py @ 003a1930 get_moe_method:
///   CompressedTensorsWNA16MarlinMoEMethod on CUDA when check_moe_marlin_supports_layer, the
///   default backend; marlin_utils.py @ 007d5005 check_moe_marlin_supports_layer: not ROCm,
///   hidden % 128 == 0, intermediate per partition % max(64, group) == 0, group in
///   {channel, 32, 64, 128}). The per-partition intermediate is whole under EP, / tp otherwise.
/// False when `requested` is Triton, for other expert formats, and off NVIDIA.
bool vllmMarlinMoe(const ModelSpec &model, const GpuSpec &gpu, MoeKernel requested,
                   std::uint32_t tp, std::uint32_t ep);

/// Extra bytes per GPU that vLLM's TRITON MXFP4 MoE backend holds after
/// process_weights_after_loading on a Hopper GPU, on top of create_weights' layout
/// (mxfp4PaddingBytes), for the V1 (v0.11) and V1 (v0.19) profiles. Per expert, I' the padded
/// intermediate per partition and H the hidden:
/// - V1 (v0.19) only: the weights are re-laid in triton_kernels v3.6.0's HopperMXValueLayout,
///   which pads both matrix dims of the packed [H/2][2I'] (w13) and [I'/2][H] (w2) bytes to
///   multiples of 64 (tensor_details/layout_details/hopper_value.py @ v3.6.0 swizzle_data,
///   from triton 4327b5b6 "pad tensors in HopperValue layout"); the unpadded originals are
///   freed. The earlier value layout that the v0.11 - v0.18 releases swizzle into does not pad;
/// - the scales are swizzled into a second copy, HopperMXScaleLayout with 8 warps: rows
///   (2I', H) padded to 256, scale columns to 2 (hopper_scale.py @ v3.6.0); the loaded
///   w13_weight_scale / w2_weight_scale stay on the layer because the Triton branch keeps only
///   the weights and the PrecisionConfig (vllm mxfp4.py process_weights_after_loading; the same
///   at afdb4a4f), so both copies are resident;
/// - the bf16 biases become fp32 (fused_moe/oracle/mxfp4.py @ 001eda31
///   convert_to_mxfp4_moe_kernel_format, TRITON_BACKENDS branch): +2 B per element.
/// gpt-oss-20b at TP 2 (I' 1472): 615,808 B per expert, 0.44 GiB per GPU (v0.19 logs 7.01 GiB
/// of weights at TP 2 and 13.64 at TP 1 on H100). V1 (v0.11), the scale copy and the fp32
/// biases (mxfp4.py @ 007d5005, the same Triton branch): 823,680 B per expert at TP 1, so
/// gpt-oss-120b loads 64.32 GiB on one H100 (v0.14.1 logs 64.38, vllm-project/vllm#33155).
/// vLLM 0.11.0 itself, on torch 2.8.0, skips the Hopper swizzle (mxfp4_utils.py
/// _swizzle_mxfp4: StridedLayout below torch 2.8.1) and loads about the checkpoint; the plan
/// follows the later v0.11 releases. 0 for other profiles, kernels, GPUs, or experts that are
/// not MXFP4. `ep` > 1: whole experts, routed / ep per GPU.
std::uint64_t vllmMxfp4LayoutBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                   std::uint32_t pp, MoeKernel kernel, const GpuSpec &gpu,
                                   VllmProfile profile);
/// vllmMxfp4LayoutBytes on a GPU of the pipeline stage holding decoder layers `stage`: its
/// own MoE layers, as the mxfp4PaddingBytes overload for a stage counts them.
std::uint64_t vllmMxfp4LayoutBytes(const ModelSpec &model, std::uint32_t tp, std::uint32_t ep,
                                   LayerRange stage, MoeKernel kernel, const GpuSpec &gpu,
                                   VllmProfile profile);

/// Whether `gpu` reaches its peers over NVLink: its interconnect text (a catalogue entry or
/// the user's GPU file) leads with "NVLink" and a generation ("NVLink 4", "nvlink4"; any case);
/// "no NVLink", an optional two-card bridge and GH200's NVLink-C2C to its CPU do not count. NCCL
/// and vLLM's all-reduce paths then use NVLink peer memory rather than PCIe or host memory.
bool nvlinkGpu(const GpuSpec &gpu);

/// Device bytes per GPU of NCCL's NVLink SHARP (NVLS) buffers for a communicator of `ranks`
/// GPUs in one node (NCCL 2.27.5, src/transport/nvls.cc @ 3ea7eedf ncclNvlsInit and
/// ncclNvlsBufferSetup): NVLS needs multicast (NVSwitch, SM 9.0 and later) and more than two
/// GPUs; then nChannels x 2 x (NCCL_NVLS_CHUNKSIZE 128 KiB x NCCL_STEPS 8) x nHeads, with
/// nHeads = ranks, nChannels 16 on SM 9.0 (NVLS_NCHANNELS_SM90) and 24 on single-node SM 10.0
/// (NVLS_NCHANNELS_SM100_NVL): 128 MiB at 4 Hopper GPUs, 256 MiB at 8 (vllm#9699 logs
/// nHeads 8 on H200). NCCL sets them up at the first collective that picks NVLS, i.e. inside
/// vLLM's profile. 0 where NVLS is off (PCIe, A100, two GPUs).
std::uint64_t ncclNvlsBufferBytes(const GpuSpec &gpu, std::uint32_t ranks);

/// Non-torch device memory the first TP forward adds inside vLLM V1's profile on one GPU at
/// `tp` ranks (0 at TP 1), the part of "non-torch forward increase" that comes with tensor
/// parallelism:
/// - NVLink GPUs, VllmProfile::V1v19: 1.82 GiB measured, plus ncclNvlsBufferBytes. vLLM 0.19.0
///   (NCCL 2.27.5,
///   8x H100 SXM HGX) logs 2.06-2.11 GiB of non-torch increase at TP 2 on nine models from
///   7B to 72B and 0.24-0.26 GiB at TP 1 (llm-d-incubation/llm-d-planner
///   accuracy/results/v0.19.0/logs @ d3121e05), so the TP part does not depend on the model
///   (1.82 = median 2.07 - 0.25). What allocates it, from vLLM's source: torch.distributed's
///   NCCL communicator of the TP device group is created lazily at its first collective, which
///   is the profile's logits gather (base_device_communicator.py @ 00a18bc3 gather and
///   all_gather call torch.distributed on device_group; cuda_communicator.py @ 00b5a01d
///   routes only all-reduce, reduce-scatter, all-gatherv and send/recv through pynccl, whose
///   own communicator is up before the snapshot: the same logs show it as 1.00 GiB more
///   non-torch memory at the snapshot than at TP 1; the logs' torch warning "barrier(): using
///   the device under current context" after the snapshot marks the second communicator's
///   creation, without device_id in init_process_group); NCCL's channel buffers for the profile's
///   large all-reduces are connected at first use; the FlashInfer fused all-reduce workspace
///   is created while compiling, after the snapshot. The split between them is not logged.
///   TP 4 adds the NVLS buffers (logged 2.13-2.21 GiB against 2.07 + 0.125 here), counted
///   for the TP ranks on one node (at most GpuSpec::gpusPerNode). TP across nodes is not
///   measured; the same figure is used.
/// - NVLink GPUs, earlier profiles: 0.41 GiB measured, plus ncclNvlsBufferBytes. vLLM 0.11
///   logs 0.54 and 0.55 GiB of non-torch memory at TP 2 (Qwen3-32B, Llama-3.3-70B FP8) and
///   0.13-0.14 GiB at TP 1 on H100 (llm-d/llm-d-benchmark
///   config_explorer/empirical-vllm-memory-results.md @ 4f4d4494): its TP group makes no
///   second communicator inside the profile.
/// - other GPUs (PCIe): 0.25 GiB, lazily allocated NCCL buffers; not measured.
std::uint64_t vllmTpCollectivesNonTorch(const GpuSpec &gpu, std::uint32_t tp, VllmProfile profile);

/// Device bytes on one GPU that SGLang's distributed init takes before it reads `pre`, the
/// free memory its KV rule scales by mem_fraction_static (SGLang logs it as "Init torch
/// distributed ends. mem usage"; the CUDA context is already up when it starts counting),
/// for `tp` x `pp` ranks (defined in sglang_memory.cpp, which gives the sources):
/// - TP of 2 or more on NVLink GPUs, all TP ranks on one node: 1.605 GiB, the mean of the two
///   published TP0 readings at TP 8 on one NVSwitch node (1.25 GiB on H100, 1.96 on H200; a
///   measured figure, not derived). What it holds does not grow with the rank count: one
///   NCCL communicator for the TP group whose one-element warm-up all-reduce connects its ring
///   channels (two neighbours each), the custom all-reduce's three 8 MiB buffers, and no NVLS
///   buffers (the warm-up does not pick NVLS). Pipeline stages add (pp - 1) x 128 MiB. Used
///   for every NVLink GPU (A100 to GB300); measured on Hopper only.
/// - any other layout with more than one GPU: (tp x pp - 1) x 128 MiB + 64 MiB (NCCL buffers
///   of 4 MiB x 32 channels per peer; 0.44 GiB at TP 4, where SGLang logs 0.39 GiB over PCIe).
/// 0 for one GPU.
std::uint64_t sglangDistributedInitBytes(const GpuSpec &gpu, std::uint32_t tp, std::uint32_t pp);

/// KV bytes per token of one MLA layer in `kv`: kv_lora_rank + rope elements, except
/// DeepSeek V3.2's FP8 layout (`sparse`: a model with the DSA lightning indexer, whose every
/// MLA layer takes it, with or without an indexer of its own; an FP8 cache), which stores
/// the latent as FP8 with one float32 scale per 128 elements and the rope part in bf16:
/// 512 + 4 x 4 + 64 x 2 = 656 B (vLLM `fp8_ds_mla`: vllm/model_executor/models/config.py
/// @ 0144dd5b DeepseekV32ForCausalLM.verify_and_update_config, kv_cache_interface.py
/// @ 001cabc1 MLAAttentionSpec; SGLang model_runner_kv_cache_mixin.py @ 001ccef0
/// calculate_mla_kv_cache_dim, non-trtllm backends). bf16 stays 576 x 2.
std::uint64_t mlaCacheBytesPerToken(const LayerGroup &layer, const NumberFormat &kv, bool sparse);

/// Whether `model` uses DeepSeek sparse attention: some MLA layer caches a lightning-indexer
/// key (LayerGroup::indexerHeadDim), DeepSeek V4's compressed layers aside.
bool sparseMlaModel(const ModelSpec &model);

/// KV bytes per token of one layer's lightning-indexer key cache: index_head_dim FP8 bytes and
/// one float32 scale per 128 (132 B for DeepSeek V3.2), whatever the KV dtype (vLLM
/// DeepseekV32IndexerCache, uint8; SGLang NSATokenToKVPool index_k_with_scale_buffer, same
/// size: model_runner_kv_cache_mixin.py @ 001ccef0 get_cell_size_per_token). 0 without one.
std::uint64_t indexerCacheBytesPerToken(const LayerGroup &layer);

// DeepSeek V4 (LayerGroup::compressRatio > 0) caches as vLLM V1 allocates them. vLLM runs V4
// with its own FP8 layout only (DeepseekV4MLAAttention turns any fp8 --kv-cache-dtype into
// "fp8_ds_mla" and refuses others), so these ignore the plan's KV format. Sources, vLLM:
// vllm/model_executor/layers/deepseek_v4_attention.py @ 0a291a2e (head_bytes, the SWA cache,
// the compressed MLAAttentionSpec, the indexer's 132 B keys), deepseek_compressor.py
// @ 0de10a27 (CompressorStateCache), v1/attention/backends/mla/sparse_swa.py @ 03dc5649
// (64-token SWA blocks, 256-token blocks preferred) and v1/kv_cache_interface.py
// (MLAAttentionSpec / SlidingWindowMLASpec: block_size / compress_ratio entries of 584 B per
// page, pages padded to 576 B).

/// Tokens per block of the compressed caches (DeepseekSparseSWABackend's preferred size).
inline constexpr std::uint64_t kDeepseekV4BlockTokens = 256;
/// Tokens per block of the sliding-window cache (DeepseekV4SWACache block_size).
inline constexpr std::uint64_t kDeepseekV4SwaBlockTokens = 64;
/// Every V4 cache page is padded up to a multiple of this (FlashMLA's alignment).
inline constexpr std::uint64_t kDeepseekV4PageAlign = 576;

/// Whether `model` has DeepSeek V4 layers (LayerGroup::compressRatio > 0), whose cache vLLM
/// keeps in its own FP8 layout whatever KV format is asked for.
bool deepseekV4Cache(const ModelSpec &model);

/// Bytes of one cached entry of a V4 layer in fp8_ds_mla: the kvLoraRank - ropeDim nope
/// channels in FP8, the rope channels in bf16, one ue8m0 scale byte per 64 nope channels and
/// one pad byte: 448 + 128 + 7 + 1 = 584 B for head_dim 512.
std::uint64_t deepseekV4EntryBytes(const LayerGroup &layer);

/// Bytes per token of the compressed caches of `layers` V4 layers shaped like `layer`: per
/// 256-token block, 256 / compressRatio entries of deepseekV4EntryBytes and, with an indexer,
/// as many keys of indexerCacheBytesPerToken, each page padded to 576 B; the sum over the
/// layers divided by 256, rounded up. 0 for compressRatio <= 1. Flash's 21 ratio-4 layers:
/// 21 x (37,440 + 8,640) / 256 = 3,780 B; its 20 ratio-128 layers: ceil(20 x 1,728 / 256) =
/// 135 B.
std::uint64_t deepseekV4CompressedBytesPerToken(const LayerGroup &layer, std::uint64_t layers);

/// Bytes per window token (the layer's `window`) of `layers` V4 layers: the sliding-window
/// cache (64-token pages of 584 B entries padded to 576 B: 585 B a token) plus the
/// compressors' float32 state (stateElements x 4 B a sequence, spread over the window and
/// rounded up; exact once the window is full).
std::uint64_t deepseekV4WindowBytesPerToken(const LayerGroup &layer, std::uint64_t layers);

/// Weight bytes on one GPU of the model's MTP layers when an engine loads them for
/// speculative decoding (0 when `layers` is 0 or the model has no MTP layers). Each MTP layer
/// is one decoder layer of the model's kind (an MoE layer for an MoE model: attention, norms,
/// routed and shared experts and router at the model's formats and TP placement) plus eh_proj
/// [H, 2H] (nn.Linear, bf16, unsharded) and three [H] norms; the input embedding is the
/// target's. `ownHead`: the layer keeps its own shared_head.head [vocab, H] split by TP
/// (vLLM vllm/model_executor/models/deepseek_mtp.py @ 03356f8c SharedHead; eagle.py
/// @ 008603a3 load_model shares only embed_tokens with an MTP draft at PP 1); false when the
/// engine shares the target's lm_head (SGLang models/deepseek_nextn.py @ 0114f9c9 skips
/// shared_head.head and embed_tokens; set_embed_and_head frees them). MTP layers sit on one
/// pipeline stage whole.
std::uint64_t mtpDraftWeightBytes(const ModelSpec &model, std::uint32_t layers, std::uint32_t tp,
                                  bool ownHead);

/// Weight bytes on one GPU of what the engine loads to draft: the draft model when
/// `in.draftModel` is set (draftModelWeightBytes at the target's TP), else the MTP layers
/// (mtpDraftWeightBytes with `mtpOwnHead`). 0 without speculative decoding.
std::uint64_t draftWeightBytes(const EngineMemoryInput &in, bool mtpOwnHead);

/// Forward activation peak of the draft model's dummy step of `tokens` tokens on one GPU
/// (forwardActivationBytes of `in.draftModel` at the target's TP); 0 without a draft model.
std::uint64_t draftActivationBytes(const EngineMemoryInput &in, std::uint64_t tokens);

/// Tokens one call of vLLM's Triton fused-MoE path processes at once: fused_moe.py
/// fused_experts_impl sizes its intermediate caches for min(tokens, VLLM_FUSED_MOE_CHUNK_SIZE)
/// and loops over the chunks (32768 in v0.6-v0.11). The SGLang and TensorRT-LLM models charge
/// the same chunk.
inline constexpr std::uint64_t kFusedMoeChunkTokens = 32768;

/// Forward activation peak of one profiled step of `tokens` tokens, bf16 activations:
/// dense MLP layers tokens x (6H + 6I/tp) (residual, normed input, gate_up, act, down);
/// MoE layers 3 x tokens x H x 2 plus the fused-MoE workspace for m = min(tokens,
/// `moeChunkTokens`) tokens (all of them when `moeChunkTokens` is 0, vllmMarlinMoe):
/// cache13 m x k x max(N, H) x 2, cache2 m x k x N/2 x 2 (fused_moe.py fused_experts_impl;
/// the same shapes in fused_marlin_moe.py @ 00a130a0 _fused_marlin_moe, allocated for every
/// token of the call), top-k ids/weights tokens x k x 8, router logits tokens x E x 4, with
/// N = 2 I_e / tp (2 I_e under EP). `moeOut` receives the MoE workspace part.
/// `attentionDp` > 1 (Parallelism::dp): `tokens` are one DP rank's; its dense MLP and shared
/// experts run on them at TP tp / attentionDp, while the MoE layers take the tokens of every
/// rank: vLLM's naive and allgather-reducescatter all2all backends all-gather the DP ranks'
/// hidden states and router logits before the experts (vllm/distributed/device_communicators/
/// all2all.py NaiveAll2AllManager.dispatch), so the MoE terms above count tokens x attentionDp.
/// `batchedMoeWorkspace` > 0 (vLLM's DeepEP low-latency format, vllmBatchedMoeWorkspaceBytes):
/// the MoE layers dispatch the rank's own tokens, so nothing is gathered, and that workspace
/// replaces the fused-MoE caches.
std::uint64_t forwardActivationBytes(const ModelSpec &model, std::uint64_t tokens, std::uint32_t tp,
                                     std::uint32_t ep, std::uint64_t moeChunkTokens,
                                     std::uint64_t *moeOut, std::uint32_t attentionDp = 1,
                                     std::uint64_t batchedMoeWorkspace = 0);

/// Bytes per logit live when vLLM's PyTorch top-k / top-p path scatters the masked logits back
/// (gpu_model_runner.py _dummy_sampler_run with top_k = vocab - 1 and top_p 0.9;
/// topk_topp_sampler.py @ 3babc05a apply_top_k_top_p): bf16 logits 2 + fp32 copy 4 + sort
/// values 4 + sort indices 8 + top-k/top-p masks 2 + softmax 4 + scattered logits 4 = 28.
inline constexpr std::uint64_t kVllmSamplerBytesPerLogit = 28;

/// Bytes per logit of the sampler warm-up of a vLLM 0.10 install that samples with FlashInfer
/// (its log says "Using FlashInfer for top-p & top-k sampling"; later releases make it opt-in,
/// topk_topp_sampler.py @ 3babc05a): forward_cuda hands the fp32 logits to
/// flashinfer.sampling.top_k_top_p_sampling_from_logits, whose default top_k_first order masks
/// them into a new tensor and softmaxes that into another before rejection sampling, without
/// a sort: bf16 logits 2 + fp32 copy 4 + masked logits 4 + probabilities 4 = 14. HostPlan's
/// profiles do not follow it; the plan names it as the other reading (vllmSamplerNote).
inline constexpr std::uint64_t kVllmFlashInferSamplerBytesPerLogit = 14;

/// Bytes per logit of vLLM v0.8's sampler warm-up (VllmProfile::V1v08), as the vLLM images of
/// that period run it: V1 samples with FlashInfer by default where flashinfer imports below
/// 0.2.3 (vllm/v1/sample/ops/topk_topp_sampler.py of v0.8.x, TopKTopPSampler.__init__'s
/// version guard), and forward_cuda softmaxes the fp32 logits and calls
/// top_k_top_p_sampling_from_probs, without a sort: bf16 logits 2 (the dummy sampler run's)
/// + fp32 copy 4 (Sampler.forward) + probabilities 4 = 10 (the rejection sampler's uniform
/// draws, 32 x rows x 4 B, are left out). A wheel without FlashInfer sorts instead
/// (vllmSortSamplerBytes); vllmSamplerNote names that reading.
inline constexpr std::uint64_t kVllm08SamplerBytesPerLogit = 10;

/// Peak bytes of vLLM's sampler warm-up on `rows` x `vocab` logits when top-k / top-p sort
/// them with PyTorch (V1 as in v0.11, V0): the larger of the scatter moment
/// (kVllmSamplerBytesPerLogit) and the sort itself, where the bf16 logits, their fp32 copy
/// and the sort's outputs (values 4, int64 indices 8) are live, 18 B per logit, beside the
/// sort's temporaries from PyTorch's CUDA caching allocator (aten/src/ATen/native/cuda/Sort.cu
/// @ d63874ec launch_stable_sort_kernel, per batch of floor(INT_MAX / vocab) rows; cub.cuh
/// CUB_WRAPPER; cub's radix sort without overwrite keeps a third key and value buffer,
/// dispatch_radix_sort.cuh allocation_sizes):
/// - 128 rows or more, segmented_sort_pairs: int64 start indices 8 + cub's key 4 and value 8
///   buffers = 20 B per logit, so 38 in all;
/// - 2 to 127 rows, segmented_sort_pairs_by_full_sort: two int2 index buffers 16 + the keys
///   output 4 + cub's key 4 and int2 value 8 buffers = 32, so 50 in all;
/// - one row, or a vocabulary of 10^6 or more: one segment at a time, vocab x 20 B.
/// The llm-d empirical vLLM 0.11 results (llm-d/llm-d-benchmark
/// config_explorer/empirical-vllm-memory-results.md @ 4f4d4494, H100, 1024 sequences) log
/// activation peaks 38.1-38.4 B per logit above the forward for Qwen3-0.6B / -32B,
/// Llama-3.1-8B and gpt-oss-20b / -120b. 0 when rows or vocab is 0.
std::uint64_t vllmSortSamplerBytes(std::uint64_t rows, std::uint64_t vocab);

/// The note on what HostPlan cannot know of a vLLM (v0.11 rules) plan whose routed experts are
/// MXFP4 on a Hopper GPU: vLLM picks its Triton backend only where triton_kernels is
/// installed and falls back to Marlin without it (mxfp4.py @ 007d5005 get_mxfp4_backend). Public
/// logs of one H100 show both: vLLM 0.14.1 "Using Triton backend" loading 64.38 GiB
/// (vllm#33155), vLLM 0.10.1 warning of the Marlin kernel, 65.97 GiB (vllm#23278). The note gives
/// the Marlin layout's extra bytes per GPU over the Triton one the plan follows
/// (mxfp4PaddingBytes, vllmMxfp4LayoutBytes). Empty otherwise.
std::string vllmMxfp4KernelNote(const EngineMemoryInput &in);

/// The note on what HostPlan cannot know of a vLLM plan's (`in` of a vLLM plan) sampler
/// warm-up: under the v0.11 rules, whether the install sorts (vllmSortSamplerBytes, the rule
/// the plan follows) or samples with FlashInfer as vLLM 0.10 images do
/// (kVllmFlashInferSamplerBytesPerLogit); under the v0.8 rules, whether it samples with
/// FlashInfer (kVllm08SamplerBytesPerLogit, the rule the plan follows) or, a wheel without
/// FlashInfer, sorts. Both figures in GiB for min(max_num_seqs, max_num_batched_tokens) rows on
/// the last stage, and the pool difference. Empty for other profiles, or when the sorted
/// warm-up is under 1 GiB (the difference is then under 0.65 GiB).
std::string vllmSamplerNote(const EngineMemoryInput &in);

/// The note on a vLLM plan at PP > 1 (`in` of a vLLM plan, `t` its vLLM terms with every
/// stage, `outcome` its start-up verdict: the plan's, not computed again) that starts
/// but vLLM 0.14.0 to 0.15.x refuse: from PR #29431 (commit 8ee90c8) until PR #33698 (fixes
/// vllm#32105), get_kv_cache_configs (vllm/v1/core/kv_cache_utils.py) checked one request of
/// max_model_len against the merged spec of every stage's layers on each worker, so a stage
/// whose pool is below the whole model's need refuses. The note gives the need in GiB (the
/// whole model's requestBytes), the first such stage's pool and the largest max_model_len
/// those versions start with (their "estimated maximum model length", over the smallest
/// stage pool, so that every stage passes). Public logs match the
/// rule to the token: GLM-4.7-FP8 at PP 8, 71.16 GiB for 202,752 tokens against 28.57 GiB,
/// estimate 81,392 (vllm#32105); Qwen3-Coder-30B-A3B-FP8 at PP 2, 24.0 GiB for 262,144
/// tokens (vllm#34076). Empty at PP 1, when the plan already refuses (a context above the
/// model's maximum included), or when every stage holds the whole model's request.
std::string vllmWholeModelPipelineCheckNote(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                                            StartupOutcome outcome);

/// The note on a vLLM plan with prefix caching of a model with Mamba mixers (`mambaState`):
/// vLLM runs a class that declares Mamba prefix caching (SupportsMambaPrefixCaching, as
/// nemotron_h.py's NemotronHForCausalLM and mamba2.py do) in its "all" cache mode, a state page
/// per block of every request (MambaSpec, vllm/v1/kv_cache_interface.py @ 001cabc1), where the
/// plan counts "align" mode's two pages (vllmStatePagesPerRequest). Empty otherwise.
std::string vllmMambaPrefixCachingNote(const ModelSpec &model, bool prefixCaching);

/// Bytes per logit of vLLM v0.19's sampler warm-up, whose top-k / top-p masking runs the
/// Triton kernel in place on the fp32 logits (vllm/v1/sample/ops/topk_topp_sampler.py
/// apply_top_k_top_p calls apply_top_k_top_p_triton when Triton is present, PR #33538,
/// merged February 2026; read @ 01fa3fe7): bf16 logits 2 (held by _dummy_sampler_run) +
/// fp32 copy 4 + softmax probabilities 4 + exponential noise 4 (random_sample, empty_like of
/// the probabilities; divided in place) = 14. The kernel's own buffer is
/// vllmTritonSamplerBufferBytes.
inline constexpr std::uint64_t kVllmTritonSamplerBytesPerLogit = 14;

/// SMs vllmTritonSamplerBufferBytes assumes for a GPU whose GpuSpec::smCount is unknown (0):
/// H100 SXM5's 132. Each SM more or less moves the buffer by one fp32 vocabulary row (0.6 MB
/// at a 152k vocabulary), so an error of 30 SMs is about 18 MB.
inline constexpr std::uint32_t kVllmFallbackSmCount = 132;

/// Bytes of the Triton top-k / top-p kernel's scratch buffer in vLLM v0.19's sampler warm-up
/// on one GPU: apply_top_k_top_p_triton launches min(SMs, rows) programs and gives each one
/// fp32 row of the vocabulary, rows = min(next_power_of_2(programs), SMs) x `vocab` x 4 B,
/// kept in a module cache (_TRITON_BUFFER_CACHE) from the warm-up on, so it adds to the
/// profile's torch peak on top of kVllmTritonSamplerBytesPerLogit
/// (vllm/v1/sample/ops/topk_topp_triton.py @ 08a57232 apply_top_k_top_p_triton; the same
/// num_programs x vocab fp32 buffer since the kernel landed, PR #33538 @ 65874cce). SMs: the
/// device's multi_processor_count (num_compute_units), GpuSpec::smCount, or
/// kVllmFallbackSmCount when unknown. 80.3 MB on an H100 at 1024 rows and a 152,064 vocabulary.
std::uint64_t vllmTritonSamplerBufferBytes(const GpuSpec &gpu, std::uint64_t rows,
                                           std::uint64_t vocab);

/// Decoder layers per pipeline stage by vLLM's default partition (vllm/distributed/utils.py
/// @ 5a6541db get_pp_indices without VLLM_PP_LAYER_PARTITION): layers / pp each, and the
/// remainder one each to the stages just before the last (so the first and last stages, which
/// hold the embedding and the LM head, take no extra layer while the remainder is below pp - 1).
std::vector<std::uint32_t> vllmPipelineLayers(std::uint32_t layers, std::uint32_t pp);

/// The cache shape of one GPU's layers, as every engine's pool sees it. Bytes per token (or
/// per sequence for state) on one TP rank of the most loaded pipeline stage.
struct EngineKvLayout {
    std::uint64_t fullBytesPerToken = 0;     ///< full-attention + MLA layers, summed
    std::uint64_t windowBytesPerToken = 0;   ///< sliding-window layers, summed
    std::uint64_t maxLayerBytesPerToken = 0; ///< the largest attention layer's bytes per token
    std::uint32_t fullLayers = 0;
    std::uint32_t windowLayers = 0;
    std::uint64_t window = 0;         ///< the window in tokens
    std::uint32_t stateLayers = 0;    ///< linear-attention (mamba-type) layers
    std::uint64_t statePageBytes = 0; ///< one sequence's state in one such layer
    bool hasMla = false;
    /// DeepSeek V4 layers (LayerGroup::compressRatio > 0): the compressed caches are in
    /// fullBytesPerToken (their layers in fullLayers), every V4 layer's window cache and
    /// compressor state in windowBytesPerToken / windowLayers.
    bool deepseekV4 = false;
    /// What the FP8 MLA layout (mlaCacheBytesPerToken) adds over kv_lora_rank + rope FP8
    /// bytes, summed over this GPU's layers (SGLang's profile cell size leaves it out).
    std::uint64_t mlaLayoutExtraPerToken = 0;
    /// The MTP layers (EngineMemoryInput::draftLayers) as the model's first full-attention
    /// layer kind, or the draft model's attention layers (EngineMemoryInput::draftModel, its
    /// own layout at the target's TP): their count and KV bytes per token on this GPU; not in
    /// the sums above.
    std::uint32_t draftLayers = 0;
    std::uint64_t draftBytesPerToken = 0;
    std::uint64_t attentionBytesPerToken() const { return fullBytesPerToken + windowBytesPerToken; }
};
/// The layout of `in`: GQA heads split ceil(kv / tp) (at least 1), MLA latent
/// (mlaCacheBytesPerToken plus indexerCacheBytesPerToken) replicated on every rank,
/// linear-attention state split by heads (recurrent state in stateFormat, short-conv windows
/// in bf16), and the draft layers apart; KV-shared layers (LayerGroup::kvShared) hold none.
EngineKvLayout engineKvLayout(const EngineMemoryInput &in);

/// Name of a start-up outcome for JSON: "starts", "weights_do_not_fit", "kv_pool_negative",
/// "context_exceeds_capacity", "starts_context_capped", "draft_does_not_fit",
/// "reserve_exhausted", "state_blocks_exhausted", "speculation_with_pipeline",
/// "arguments_refused".
std::string startupOutcomeName(StartupOutcome outcome);

} // namespace hostplan
