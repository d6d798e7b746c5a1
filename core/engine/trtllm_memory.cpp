// SPDX-License-Identifier: MIT
// TensorRT-LLM memory rules (TensorRT-LLM <= 1.0, PyTorch backend; the sources below, each at
// the commit read).
//
// Sources (NVIDIA/TensorRT-LLM):
// - tensorrt_llm/_torch/pyexecutor/_util.py @ d8ae02ca KvCacheCreator.estimate_max_tokens: a
//   warm-up with dummy requests of max_num_tokens (which also captures CUDA graphs), then
//   available_kv = (total - peak(torch + non-torch) + temporary KV) x free_gpu_memory_fraction:
//   the fraction applies to what is FREE after weights, the activation peak, the CUDA context,
//   NCCL and graphs. kv_size_per_token: 2 x heads_per_rank x head_dim x layers x dtype (MLA:
//   kv_lora_rank + rope, factor 1). tokens_per_block 32.
// - MXFP4 experts: padded to the CUTLASS backend's 128 alignment (trtllmMxfp4PaddingBytes).
// - tensorrt_llm/commands/serve.py @ 4c05a748: max_batch_size 2048, max_num_tokens 8192,
//   kv_cache_free_gpu_memory_fraction 0.9.
// - MTP (DeepSeek, one-model): the MTP layers load with the target (their head keeps only a
//   norm and uses the target's LM head: _torch/models/modeling_deepseekv3.py @ a43cf9e3
//   DeepseekV3MTPHead), so their weights are in the warm-up peak. The estimate divides the
//   pool by the target's attention layers only (_util.py @ d8ae02ca
//   KvCacheCreator._get_cache_size_per_token), but the KV cache manager adds the MTP layers on
//   the last PP rank (pyexecutor/resource_manager.py @ d2a5560a get_pp_layers) and takes
//   min(estimated tokens, fraction x free / bytes per token with them)
//   (calculate_max_num_blocks): the MTP layers' KV comes on top of the estimated pool, out of
//   the memory the fraction leaves.
// - A draft model (two-model EAGLE-3 / draft-target): _cal_max_tokens adds the draft engine's
//   bytes per token to the target's before dividing, and the draft's own KV manager holds the
//   same tokens; its weights are loaded before the warm-up, and its forward runs in it after
//   the target's (both in the peak).
// - Pipeline parallelism: each rank keeps only its own layers (trtllmPipelineLayers), the input
//   embedding on the first rank and the final norm and LM head on the last (the others are
//   removed before loading: _torch/models/modeling_utils.py @ 000a01de remove_weights,
//   skip_forward), the MTP layers on the last (get_pp_layers); every rank runs its own warm-up
//   and estimate from its own free memory and cell size, and the KV cache manager all-reduces
//   the token count with MIN over every rank (resource_manager.py @ d2a5560a
//   calculate_max_num_blocks, "make sure all ranks use same value for maxTokens"). The context
//   logits of the warm-up are the last rank's.
#include "engine/deepseekv4pool.h"
#include "engine/enginememory.h"
#include "engine/tokencap.h"
#include "engine/pipelinestage.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace hostplan {

namespace {

class TrtllmMemory final : public EngineMemoryModel {
  public:
    /// At PP 1 the one rank's terms. At PP > 1 every rank estimates its own pool and the KV
    /// cache manager takes the smallest token count: the terms are the rank whose own count is
    /// the smallest, with every rank in `stages`.
    EngineMemoryTerms terms(const EngineMemoryInput &in) const override {
        const std::uint32_t pp = std::max<std::uint32_t>(in.pp, 1);
        if (pp == 1) {
            return rankTerms(in, PipelineStage{});
        }
        const std::vector<PipelineStage> all =
            pipelineStages(trtllmPipelineLayers(in.model->decoderLayers(), pp));
        std::vector<PipelineStageMemory> stages;
        EngineMemoryTerms worst;
        for (const PipelineStage &s : all) {
            const std::uint32_t r = s.rank;
            EngineMemoryTerms t = rankTerms(in, s);
            stages.push_back({r, s.layers, t.weights(), t.activationPeak, t.kvPoolBytes, t.kvTokens,
                              s.firstLayer});
            if (r == 0 || limitsMore(t, worst)) {
                worst = std::move(t);
            }
        }
        worst.stages = std::move(stages);
        return worst;
    }

    std::uint64_t requestBytes(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                               std::uint64_t contextTokens) const override {
        // The state of the stage the terms describe (its own layers at PP > 1).
        const EngineKvLayout k = engineKvLayout(stageInput(in, termsStage(t, in.pp)));
        // Plus what each request holds whatever its length (DeepSeek V4's windows).
        return ceilDiv(contextTokens, t.kvBlockTokens) * t.kvBlockTokens * t.kvBytesPerToken +
               std::uint64_t(k.stateLayers) * k.statePageBytes * in.stateSlots +
               t.kvBytesPerRequest;
    }

  private:
    /// One rank's terms (the only one at PP 1).
    EngineMemoryTerms rankTerms(const EngineMemoryInput &whole, const PipelineStage &stage) const {
        // MTP layers (get_pp_layers) and a draft sit with the LM head on the last rank.
        const EngineMemoryInput in = stageInput(whole, stage);
        const ModelSpec &m = *in.model;
        const EngineInfo &info = engineInfo(Engine::TensorRtLlm);
        EngineMemoryTerms t;
        t.engineVersion = std::string(info.displayName) + " " + std::string(info.versionFollowed);
        const std::uint32_t gpus =
            std::max<std::uint32_t>(in.tp, 1) * std::max<std::uint32_t>(in.pp, 1);
        setStageWeights(t, in, stage, false);
        t.weightPadding +=
            trtllmMxfp4PaddingBytes(m, in.tp, in.ep, heldLayers(stage, in.pp, m.decoderLayers()));
        t.draftWeights = draftWeightBytes(in, false);
        t.cudaContext = std::uint64_t(gib(0.5));
        t.communication = gpus > 1 ? std::uint64_t(gib(0.5)) : 0;
        t.cudaGraphs = !in.cudaGraphs ? 0 : std::uint64_t(m.isMoe() ? gib(1.5) : gib(0.5));
        t.graphsInsideBudget = true; // captured in the warm-up, before the pool is sized
        t.activationForward = forwardActivationBytes(m, in.maxBatchedTokens, in.tp, in.ep,
                                                     kFusedMoeChunkTokens, &t.activationMoe, in.dp);
        // Context logits of the last token of each dummy request, fp32 (on the last rank).
        t.activationSampler =
            stage.last
                ? std::uint64_t(std::min<std::uint32_t>(in.maxNumSeqs, in.maxBatchedTokens)) *
                      m.vocabSize * 4
                : 0;
        // A draft model runs in the same warm-up, after the target's forward.
        const std::uint64_t hidden = in.maxBatchedTokens * std::uint64_t(m.hiddenSize) * 2;
        t.activationDraft = draftActivationBytes(in, in.maxBatchedTokens);
        t.activationPeak = in.activationOverride.value_or(
            std::max({t.activationForward, hidden + t.activationSampler,
                      in.draftModel ? hidden + t.activationDraft : 0}));
        if (in.runtimeOverride) {
            t.cudaContext = t.communication = t.cudaGraphs = 0;
            t.nonTorch = *in.runtimeOverride;
        }
        t.memoryFraction = in.memoryFraction;
        t.budget = in.gpu.usableMemoryBytes;
        const double freeBytes = double(in.gpu.usableMemoryBytes) - double(t.weights()) -
                                 double(t.activationPeak) - double(t.runtime());
        t.kvPoolBytes =
            std::int64_t(std::floor(freeBytes > 0 ? freeBytes * in.memoryFraction : freeBytes));
        const EngineKvLayout k = engineKvLayout(in);
        t.kvBytesPerToken = k.attentionBytesPerToken();
        if (k.deepseekV4) {
            // DeepSeek V4: the compressed caches per token; the window caches and compressor
            // state per request (requestBytes).
            const TrtllmDeepseekV4Cache v4 = trtllmDeepseekV4Cache(in);
            t.kvBytesPerToken = v4.bytesPerToken;
            t.kvBytesPerRequest = v4.bytesPerRequest;
        }
        t.kvBlockTokens = info.kvBlockTokens;
        t.draftKvBytesPerToken = k.draftBytesPerToken;
        // The estimate's divisor: the target's layers, plus a draft model's (not MTP layers).
        const std::uint64_t divisor =
            t.kvBytesPerToken + (in.draftModel ? t.draftKvBytesPerToken : 0);
        if (t.kvPoolBytes > 0 && divisor > 0) {
            // max_tokens = available // bytes per token, then whole blocks rounded up
            // (resource_manager.py @ d2a5560a calculate_max_num_blocks: blocks_in_primary_pool
            // = ceil(max_tokens / tokens_per_block); logged "(860320)" for an estimate of
            // 860,308, NVIDIA/TensorRT-LLM#6294).
            t.kvTokens = std::uint64_t(t.kvPoolBytes) / divisor;
            // kv_cache_config.max_tokens caps the estimate before the blocks are counted.
            capPoolTokens(t, in.maxTotalTokens, divisor); // the state beside them stays
            t.kvTokens = ceilDiv(t.kvTokens, std::uint64_t(t.kvBlockTokens)) * t.kvBlockTokens;
        }
        t.draftKvBytes = t.kvTokens * t.draftKvBytesPerToken;
        return t;
    }
};

} // namespace

const EngineMemoryModel &trtllmMemoryModel() {
    static const TrtllmMemory model;
    return model;
}

} // namespace hostplan
