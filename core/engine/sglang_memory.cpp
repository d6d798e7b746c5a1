// SPDX-License-Identifier: MIT
// SGLang memory rules (SGLang v0.5.x, notes/engine-memory.md section 2).
//
// Sources (sgl-project/sglang):
// - python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py profile_max_num_token
//   (older model_runner.py): pre = free memory after the CUDA context and NCCL, before the
//   weights; post = free after the weights; rest = post - pre x (1 - mem_fraction_static);
//   max_total_num_tokens = rest // cell_size, cell_size = KV bytes per token of this rank's
//   layers. Everything allocated before the pool (weights, draft model) comes out of the
//   fraction; activations and CUDA graphs (captured after the pool) live in pre x (1 - mfs).
//   Refusal: "Not enough memory. Please try to increase --mem-fraction-static."
// - python/sglang/srt/server_args.py @ 469c63e5 _handle_gpu_memory_settings (PR #10975): the
//   default mem_fraction_static, chunked_prefill_size and cuda_graph_max_bs by GPU size
//   (engine.cpp sglangDefaultMemFraction, sglangGpuDefaults).
// Not modelled: --mamba-full-memory-ratio splitting of the pool for hybrid models (state slots
// are charged per request instead), SWA token ratio (window layers cost like full layers).
#include "engine/enginememory.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

namespace {

class SglangMemory final : public EngineMemoryModel {
  public:
    EngineMemoryTerms terms(const EngineMemoryInput &in) const override {
        const ModelSpec &m = *in.model;
        const EngineInfo &info = engineInfo(Engine::Sglang);
        EngineMemoryTerms t;
        t.engineVersion = std::string(info.displayName) + " " + std::string(info.versionFollowed);
        const std::uint32_t gpus =
            std::max<std::uint32_t>(in.tp, 1) * std::max<std::uint32_t>(in.pp, 1);
        t.checkpointWeights = in.checkpointWeightsPerGpu;
        t.weightPadding = vocabPaddingBytes(m, in.tp, in.pp);
        t.weightReplication = kvReplicationBytes(m, in.tp, in.pp);
        // Before `pre`: CUDA context and the NCCL communicators (NCCL_BUFFSIZE 4 MiB x up to
        // 32 channels per peer) plus SGLang's custom all-reduce buffers.
        t.cudaContext = std::uint64_t(gib(0.5));
        t.communication =
            gpus > 1 ? std::uint64_t((gpus - 1) * 32 * 4 * kBytesPerMiB + 64 * kBytesPerMiB) : 0;
        const SglangGpuDefaults d =
            sglangGpuDefaults(double(in.gpu.usableMemoryBytes) / kBytesPerMiB, in.tp);
        // The reserve rule's own estimate of graph memory: cuda_graph_max_bs x 2 MiB.
        t.cudaGraphs = std::uint64_t(d.cudaGraphMaxBs * 2 * kBytesPerMiB);
        t.graphsInsideBudget = false;
        t.activationForward =
            forwardActivationBytes(m, in.maxBatchedTokens, in.tp, in.ep, &t.activationMoe);
        t.activationSampler =
            std::uint64_t(std::min<std::uint32_t>(in.maxNumSeqs, in.maxBatchedTokens)) *
            m.vocabSize * 4;
        t.activationPeak =
            in.activationOverride.value_or(std::max(t.activationForward, t.activationSampler));
        if (in.runtimeOverride) {
            t.cudaContext = t.communication = t.cudaGraphs = 0;
            t.nonTorch = *in.runtimeOverride;
        }
        t.memoryFraction = in.memoryFraction;
        const double pre = double(in.gpu.usableMemoryBytes) - double(t.cudaContext) -
                           double(t.communication) - double(in.runtimeOverride.value_or(0));
        t.budget = std::uint64_t(std::max(0.0, pre * in.memoryFraction));
        t.kvPoolBytes =
            std::int64_t(std::floor(pre * in.memoryFraction)) - std::int64_t(t.weights());
        const EngineKvLayout k = engineKvLayout(in);
        t.kvBytesPerToken = k.attentionBytesPerToken();
        t.kvBlockTokens = info.kvBlockTokens;
        if (t.kvPoolBytes > 0 && t.kvBytesPerToken > 0) {
            std::uint64_t pool = std::uint64_t(t.kvPoolBytes);
            // State slots per running request come out of the pool first (one request's worth
            // per sequence the token pool holds at the context).
            t.kvTokens = pool / t.kvBytesPerToken;
            const std::uint64_t seqState =
                std::uint64_t(k.stateLayers) * k.statePageBytes * in.stateSlots;
            if (seqState && in.maxModelLen) {
                const std::uint64_t perSeq = in.maxModelLen * t.kvBytesPerToken + seqState;
                t.kvTokens =
                    pool / perSeq * in.maxModelLen +
                    (pool % perSeq > seqState ? (pool % perSeq - seqState) / t.kvBytesPerToken : 0);
            }
        }
        return t;
    }

    std::uint64_t requestBytes(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                               std::uint64_t contextTokens) const override {
        const EngineKvLayout k = engineKvLayout(in);
        return contextTokens * t.kvBytesPerToken +
               std::uint64_t(k.stateLayers) * k.statePageBytes * in.stateSlots;
    }
};

} // namespace

const EngineMemoryModel &sglangMemoryModel() {
    static const SglangMemory model;
    return model;
}

} // namespace hostplan
