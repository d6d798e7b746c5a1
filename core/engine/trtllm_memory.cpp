// SPDX-License-Identifier: MIT
// TensorRT-LLM memory rules (TensorRT-LLM <= 1.0, PyTorch backend; notes/engine-memory.md
// section 3).
//
// Sources (NVIDIA/TensorRT-LLM):
// - tensorrt_llm/_torch/pyexecutor/_util.py @ d8ae02ca KvCacheCreator.estimate_max_tokens: a
//   warm-up with dummy requests of max_num_tokens (which also captures CUDA graphs), then
//   available_kv = (total - peak(torch + non-torch) + temporary KV) x free_gpu_memory_fraction:
//   the fraction applies to what is FREE after weights, the activation peak, the CUDA context,
//   NCCL and graphs. kv_size_per_token: 2 x heads_per_rank x head_dim x layers x dtype (MLA:
//   kv_lora_rank + rope, factor 1). tokens_per_block 32.
// - tensorrt_llm/commands/serve.py @ 4c05a748: max_batch_size 2048, max_num_tokens 8192,
//   kv_cache_free_gpu_memory_fraction 0.9.
// Not modelled: MTP draft layers under speculative decoding (EngineMemoryInput::draftLayers is
// ignored here: draft weights and draft KV stay 0 until this engine's source is read for them).
#include "engine/enginememory.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

namespace {

class TrtllmMemory final : public EngineMemoryModel {
  public:
    EngineMemoryTerms terms(const EngineMemoryInput &in) const override {
        const ModelSpec &m = *in.model;
        const EngineInfo &info = engineInfo(Engine::TensorRtLlm);
        EngineMemoryTerms t;
        t.engineVersion = std::string(info.displayName) + " " + std::string(info.versionFollowed);
        const std::uint32_t gpus =
            std::max<std::uint32_t>(in.tp, 1) * std::max<std::uint32_t>(in.pp, 1);
        t.checkpointWeights = in.checkpointWeightsPerGpu;
        t.weightReplication = kvReplicationBytes(m, in.tp, in.pp);
        t.cudaContext = std::uint64_t(gib(0.5));
        t.communication = gpus > 1 ? std::uint64_t(gib(0.5)) : 0;
        t.cudaGraphs = std::uint64_t(m.isMoe() ? gib(1.5) : gib(0.5));
        t.graphsInsideBudget = true; // captured in the warm-up, before the pool is sized
        t.activationForward =
            forwardActivationBytes(m, in.maxBatchedTokens, in.tp, in.ep, &t.activationMoe);
        // Context logits of the last token of each dummy request, fp32.
        t.activationSampler =
            std::uint64_t(std::min<std::uint32_t>(in.maxNumSeqs, in.maxBatchedTokens)) *
            m.vocabSize * 4;
        t.activationPeak = in.activationOverride.value_or(
            std::max(t.activationForward,
                     in.maxBatchedTokens * std::uint64_t(m.hiddenSize) * 2 + t.activationSampler));
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
        t.kvBlockTokens = info.kvBlockTokens;
        if (t.kvPoolBytes > 0 && t.kvBytesPerToken > 0) {
            t.kvTokens = std::uint64_t(t.kvPoolBytes) / t.kvBytesPerToken / t.kvBlockTokens *
                         t.kvBlockTokens;
        }
        return t;
    }

    std::uint64_t requestBytes(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                               std::uint64_t contextTokens) const override {
        const EngineKvLayout k = engineKvLayout(in);
        return ceilDiv(contextTokens, t.kvBlockTokens) * t.kvBlockTokens * t.kvBytesPerToken +
               std::uint64_t(k.stateLayers) * k.statePageBytes * in.stateSlots;
    }
};

} // namespace

const EngineMemoryModel &trtllmMemoryModel() {
    static const TrtllmMemory model;
    return model;
}

} // namespace hostplan
