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
    bool first = true;
    bool last = true;
    /// The engine builds and loads an untied LM head on every stage, not only the last
    /// (SGLang's llama.py, sglangHeadOnEveryStage).
    bool headOnEveryStage = false;
};

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
/// LM head on the last stage (every stage with headOnEveryStage), every other group by the
/// stage's share of the `totalLayers` decoder layers; sharded groups divided by `tp`. 0 when
/// the model lists no groups.
std::uint64_t stageCheckpointBytes(const ModelSpec &m, std::uint32_t tp, std::uint32_t totalLayers,
                                   const PipelineStage &s);

/// vocabPaddingBytes for the embedding and LM head a stage holds (TP split, no PP division).
std::uint64_t stageVocabPaddingBytes(const ModelSpec &m, std::uint32_t tp, const PipelineStage &s);

/// `whole` as the worker of stage `s` sees it: at PP > 1 the stage's decoder layers
/// (stageLayers), and the draft (MTP layers or a draft model) only on the last stage, beside
/// the LM head (vLLM gpu_model_runner.py @ 4e179065; TensorRT-LLM get_pp_layers).
EngineMemoryInput stageInput(const EngineMemoryInput &whole, const PipelineStage &s);

/// Sets `t`'s weight terms for one GPU of stage `s` of `in` (from stageInput): at PP > 1 the
/// stage's checkpoint share (stageCheckpointBytes), vocabulary padding when `vocabPadding`
/// (stageVocabPaddingBytes) and replicated KV projections by its share of the layers; at PP 1
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
