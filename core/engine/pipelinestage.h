// SPDX-License-Identifier: MIT
// One pipeline stage's share of a model's weights, as the engines place them: the decoder
// layers each rank holds and where the input embedding and the LM head go. Internal to the
// engine memory models (vllm_memory.cpp, sglang_memory.cpp, trtllm_memory.cpp).
#pragma once

#include "engine/enginememory.h"
#include "model/modelspec.h"

#include <cstdint>
#include <vector>

namespace hostplan {

/// One pipeline stage: its rank, decoder layers, and whether it is the first (input embedding)
/// or the last (final norm, LM head, sampler) stage. At PP 1 the only stage is both, with
/// layers 0 (all of them).
struct PipelineStage {
    std::uint32_t rank = 0;
    std::uint32_t layers = 0;
    /// Its first decoder layer: the stages hold consecutive layers, rank 0 from layer 0
    /// (vLLM get_pp_indices, SGLang get_pp_indices, TensorRT-LLM Mapping.pp_layers).
    std::uint32_t firstLayer = 0;
    bool first = true;
    bool last = true;
    /// The engine builds and loads an untied LM head on every stage, not only the last
    /// (SGLang's llama.py, sglangHeadOnEveryStage).
    bool headOnEveryStage = false;
};

/// The stages of a pipeline whose ranks hold `layers[r]` consecutive decoder layers each, in
/// rank order: rank 0 first, the last rank last, each starting where the one before ends;
/// `headOnEveryStage` as given.
std::vector<PipelineStage> pipelineStages(const std::vector<std::uint32_t> &layers,
                                          bool headOnEveryStage = false);

/// The decoder layers stage `s` holds: [s.firstLayer, s.firstLayer + s.layers).
LayerRange stageRange(const PipelineStage &s);
/// The decoder layers one worker holds: stage `s`'s at `pp` > 1, else all `totalLayers`.
LayerRange heldLayers(const PipelineStage &s, std::uint32_t pp, std::uint32_t totalLayers);

/// Whether stage terms `a` limit the engine more than `b` (vLLM and TensorRT-LLM keep the
/// smallest token count over their stages): a stage whose pool is negative first (the more
/// negative, the more), then a stage that caches anything before one that holds no attention
/// or state layer at all (its 0 tokens limit nothing), then fewer tokens, then a smaller pool.
bool limitsMore(const EngineMemoryTerms &a, const EngineMemoryTerms &b);

/// Whether stages `a` and `b` hold the same decoder layers of `m` for sizing: as many layers,
/// the same share of every tensor group (layerShare) and as many layers of each layer group
/// (layersInRange). Two middle stages that do have the same memory terms.
bool sameStageLayers(const ModelSpec &m, const PipelineStage &a, const PipelineStage &b);

/// Whether the model keeps a separate LM head (false: tied to the input embedding).
bool hasOwnLmHead(const ModelSpec &m);

/// Whether a stage holds the input embedding: the first, and with tied embeddings the last,
/// which ties its LM head to an embedding of its own (vLLM models/llama.py @ e06c9ba2; SGLang
/// models/qwen3.py Qwen3ForCausalLM.__init__, "perform weight tying for PP": the first rank
/// sends its embedding to the last, which keeps a copy; TensorRT-LLM
/// _torch/models/modeling_utils.py @ 000a01de DecoderModelForCausalLM: keep_embed_tokens on the
/// last rank, the rest removed before loading). PPMissingLayer elsewhere.
bool stageHoldsEmbedding(const ModelSpec &m, const PipelineStage &s);

/// Checkpoint bytes on one GPU of a stage: the input embedding where stageHoldsEmbedding, the
/// LM head on the last stage (every stage with headOnEveryStage; a tied embedding, stored as
/// the head, on the first stage too), every other group by its
/// parameters in the stage's layers (layerShare of stageRange: a model whose first layers are
/// dense or kept unquantized loads less on the first stage), and a vision tower whole on every
/// stage: the engines build and load it on every rank and run it on the first (vLLM
/// models/qwen3_vl.py @ 4f5768c7 and qwen2_5_vl.py @ fb33ec8c __init__ build `visual` without a
/// rank check, v1/worker/gpu_model_runner.py @ 4e179065 _preprocess runs the encoder on the
/// first rank; SGLang models/qwen3_vl.py @ 005fa833 Qwen3VLForConditionalGeneration __init__
/// and load_weights; TensorRT-LLM _torch/models/modeling_qwen3vl.py @ f4faed18
/// Qwen3VLModelBase, its mm_encoder outside the pipeline split). Sharded groups are divided by
/// `tp`. 0 when the model lists no groups.
/// `withVision` false: the vision tower is not loaded (a vLLM text-only plan,
/// EngineMemoryInput::textOnly).
std::uint64_t stageCheckpointBytes(const ModelSpec &m, std::uint32_t tp, std::uint32_t totalLayers,
                                   const PipelineStage &s, bool withVision = true);

/// vocabPaddingBytes for the embedding and LM head a stage holds (TP split, no PP division).
std::uint64_t stageVocabPaddingBytes(const ModelSpec &m, std::uint32_t tp, const PipelineStage &s);

/// `whole` as the worker of stage `s` sees it: at PP > 1 the stage's decoder layers
/// (stageLayers from stageFirstLayer), and the draft (MTP layers or a draft model) only on the last
/// stage, beside the LM head (vLLM gpu_model_runner.py @ 4e179065; TensorRT-LLM get_pp_layers).
EngineMemoryInput stageInput(const EngineMemoryInput &whole, const PipelineStage &s);

/// The stage whose terms `t` are (EngineMemoryTerms pipelineRank, stageLayers and
/// stageFirstLayer) in a pipeline of `pp` stages; at PP 1 the whole model (PipelineStage{}).
PipelineStage termsStage(const EngineMemoryTerms &t, std::uint32_t pp);

/// Sets `t`'s weight terms for one GPU of stage `s` of `in` (from stageInput): at PP > 1 the
/// stage's checkpoint share (stageCheckpointBytes), vocabulary padding when `vocabPadding`
/// (stageVocabPaddingBytes) and replicated KV projections of the attention layers it holds
/// (layersInRange); at PP 1
/// the input's checkpointWeightsPerGpu with the whole model's padding and replication.
void setStageWeights(EngineMemoryTerms &t, const EngineMemoryInput &in, const PipelineStage &s,
                     bool vocabPadding);

/// Decoder layers per pipeline rank by SGLang's default partition (python/sglang/srt/
/// distributed/utils.py @ 1107be112815907371027e0ab2203cb57d91c10e get_pp_indices, since PR
/// #13282 of 2025-11): layers / pp each, the last layers % pp ranks one more (61 layers on 8
/// ranks: 7, 7, 7, 8, 8, 8, 8, 8). SGLANG_PP_LAYER_PARTITION overrides it (not modelled).
/// `pp` 0 counts as 1.
std::vector<std::uint32_t> sglangPipelineLayers(std::uint32_t layers, std::uint32_t pp);

/// Decoder layers per pipeline rank by TensorRT-LLM's default partition
/// (tensorrt_llm/mapping.py @ 05ebebb2c1d34320db9019f2b7ace6009a67e997 Mapping.pp_layers:
/// torch.tensor_split, since PR #3429 of 2025-04): layers / pp each, the first layers % pp
/// ranks one more (61 layers on 8 ranks: 8, 8, 8, 8, 8, 7, 7, 7). The pp_partition argument
/// overrides it (not modelled). `pp` 0 counts as 1.
std::vector<std::uint32_t> trtllmPipelineLayers(std::uint32_t layers, std::uint32_t pp);

/// Whether SGLang's model file for `m` builds an untied LM head on every pipeline rank:
/// models/llama.py LlamaForCausalLM.__init__ and load_weights @
/// 00239548f1cd1a06ca145a5447a86738090a48f1 (ParallelLMHead whenever tie_word_embeddings is
/// false, lm_head.weight loaded on every rank), which Llama and Mistral checkpoints load.
bool sglangHeadOnEveryStage(const ModelSpec &m);

} // namespace hostplan
