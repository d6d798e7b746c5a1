// SPDX-License-Identifier: MIT
#include "sizing/memory.h"

#include "engine/deepseekv4pool.h"
#include "engine/moea2a.h"

#include "engine/servedtype.h"
#include "engine/vllmcounts.h"
#include "engine/vllmencoder.h"
#include "engine/vllmgraphs.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hostplan {

namespace {

/// Layers of a group on the most loaded pipeline stage.
std::uint64_t layersPerStage(std::uint32_t count, std::uint32_t pp) {
    return ceilDiv(count, std::max<std::uint32_t>(pp, 1));
}

/// K + V elements per token per layer for a head-based cache.
std::uint64_t kvElementsPerHead(const LayerGroup &l) {
    return std::uint64_t(l.headDim) + (l.vHeadDim ? l.vHeadDim : l.headDim);
}

} // namespace

std::uint64_t CacheCost::perSequencePerGpu(std::uint64_t contextTokens) const {
    return kvBytesPerTokenPerGpu * contextTokens +
           windowBytesPerTokenPerGpu *
               std::min(contextTokens, windowTokens ? windowTokens + windowExtraTokens : 0) +
           stateBytesPerSequencePerGpu * stateSlotsPerRequest;
}

std::uint64_t CacheCost::perSequence(std::uint64_t contextTokens) const {
    return kvBytesPerToken * contextTokens +
           windowBytesPerToken * std::min(contextTokens, windowTokens) +
           stateBytesPerSequence * stateSlotsPerRequest;
}

CacheCost cacheCost(const ModelSpec &model, const Parallelism &par, const NumberFormat &kvFormat,
                    const NumberFormat &stateFormat, std::uint32_t stateSlots,
                    std::optional<LayerRange> stage) {
    CacheCost c;
    c.stateSlotsPerRequest = std::max<std::uint32_t>(stateSlots, 1);
    // One attention layer is split over the attention TP (tp / dp under attention DP).
    const std::uint32_t tp = std::max<std::uint32_t>(par.attentionTp(), 1);
    const std::uint32_t total = model.decoderLayers();
    const bool sparse = sparseMlaModel(model);
    CacheCost reads;
    for (const auto &l : model.layers) {
        CacheCost &to = l.kvShared ? reads : c;
        const std::uint64_t stageLayers =
            stage ? layersInRange(l, *stage, total) : layersPerStage(l.count, par.pp);
        switch (l.kind) {
        case AttentionKind::MHA:
        case AttentionKind::GQA:
        case AttentionKind::MQA: {
            const std::uint64_t perHead = kvElementsPerHead(l);
            to.kvBytesPerToken += l.count * kvFormat.bytesFor(l.kvHeads * perHead);
            to.kvBytesPerTokenPerGpu +=
                stageLayers * kvFormat.bytesFor(kvHeadsPerRank(l.kvHeads, tp) * perHead);
            break;
        }
        case AttentionKind::MLA: {
            if (l.compressRatio > 0) {
                // DeepSeek V4: vLLM's own FP8 caches, whatever the KV format
                // (engine/enginememory.h deepseekV4CompressedBytesPerToken).
                to.kvBytesPerToken += deepseekV4CompressedBytesPerToken(l, l.count);
                to.kvBytesPerTokenPerGpu += deepseekV4CompressedBytesPerToken(l, stageLayers);
                to.windowBytesPerToken += deepseekV4WindowBytesPerToken(l, l.count);
                to.windowBytesPerTokenPerGpu += deepseekV4WindowBytesPerToken(l, stageLayers);
                to.windowTokens = std::max<std::uint64_t>(to.windowTokens, l.window);
                break;
            }
            // The compressed latent is replicated on every TP rank; the FP8 layout of DeepSeek
            // V3.2 and its indexer cache by the engines' rules (engine/enginememory.h).
            const std::uint64_t perLayer =
                mlaCacheBytesPerToken(l, kvFormat, sparse) + indexerCacheBytesPerToken(l);
            to.kvBytesPerToken += l.count * perLayer;
            to.kvBytesPerTokenPerGpu += stageLayers * perLayer;
            break;
        }
        case AttentionKind::SlidingWindow: {
            const std::uint64_t perHead = kvElementsPerHead(l);
            to.windowBytesPerToken += l.count * kvFormat.bytesFor(l.kvHeads * perHead);
            to.windowBytesPerTokenPerGpu +=
                stageLayers * kvFormat.bytesFor(kvHeadsPerRank(l.kvHeads, tp) * perHead);
            to.windowTokens = std::max<std::uint64_t>(to.windowTokens, l.window);
            break;
        }
        case AttentionKind::Linear: {
            // Recurrent state in stateFormat (fp32 by default), short-conv windows in bf16.
            const LinearStateElements rank = linearStatePerRank(l, tp);
            to.stateBytesPerSequence += l.count * (stateFormat.bytesFor(l.stateElements) +
                                                   formats::bf16.bytesFor(l.convElements));
            to.stateBytesPerSequencePerGpu += stageLayers * (stateFormat.bytesFor(rank.state) +
                                                             formats::bf16.bytesFor(rank.conv));
            break;
        }
        }
    }
    // Layers that read an earlier layer's cache own none (LayerGroup::kvShared); a decode step
    // reads that cache again for each of them.
    c.sharedReadBytesPerTokenPerGpu = reads.kvBytesPerTokenPerGpu;
    c.sharedWindowReadBytesPerTokenPerGpu = reads.windowBytesPerTokenPerGpu;
    c.windowTokens = std::max(c.windowTokens, reads.windowTokens);
    return c;
}

PlacementRules placementRules(const EngineSettings &engine) {
    return {engine.engine, engine.vllmVersion.value_or(kDefaultVllmProfile), engine.moeA2a};
}

std::uint32_t groupShardGpus(GroupRole role, const Parallelism &par, const PlacementRules &rules) {
    const std::uint32_t tp = std::max<std::uint32_t>(par.tp, 1);
    const std::uint32_t attnTp = std::max<std::uint32_t>(par.attentionTp(), 1);
    const bool ep = par.ep > 1;
    if (role == GroupRole::SharedExperts && ep) {
        if (rules.engine == Engine::Sglang &&
            deepepInUse(rules.engine, rules.moeA2a, rules.vllm, true, par.ep, par.dp)) {
            return 1; // DeepEP: tp_rank 0, tp_size 1
        }
        if (rules.engine == Engine::Vllm && attnTp > 1 && attnTp < tp &&
            vllmSequenceParallelMoe(rules.vllm)) {
            return 1; // sequence-parallel MoE: disable_tp
        }
    }
    if (attnTp == tp || role == GroupRole::RoutedExperts) {
        return tp;
    }
    if (rules.engine == Engine::Sglang) {
        switch (role) {
        case GroupRole::Embedding:
            return 1;
        case GroupRole::LmHead:
        case GroupRole::DenseMlp:
        case GroupRole::SharedExperts:
            return tp;
        default:
            return attnTp;
        }
    }
    return attnTp;
}

std::uint64_t groupBytesPerGpu(const TensorGroup &group, const Parallelism &par,
                               const PlacementRules &rules) {
    const std::uint64_t pp = std::max<std::uint32_t>(par.pp, 1);
    const std::uint64_t split =
        group.placement == Placement::Replicated ? 1 : groupShardGpus(group.role, par, rules);
    return ceilDiv(group.bytes(), split * pp);
}

std::vector<GroupBytes> weightPlacement(const ModelSpec &model, const Parallelism &par,
                                        const PlacementRules &rules) {
    std::vector<GroupBytes> out;
    for (const auto &g : model.groups) {
        GroupBytes b;
        b.name = g.name;
        b.role = g.role;
        b.format = g.format;
        b.placement = g.placement;
        b.params = g.params;
        b.totalBytes = g.bytes();
        b.perGpuBytes = groupBytesPerGpu(g, par, rules);
        if (groupShardGpus(g.role, par, rules) == 1 && par.tp > 1) {
            // Whole on every GPU of its group: a copy per GPU, as the tables say.
            b.placement = Placement::Replicated;
        }
        out.push_back(b);
    }
    return out;
}

bool plansSpeculation(const ModelSpec &model, const Scenario &scenario) {
    return scenario.workload.speculativeTokens > 0 || model.draft != nullptr;
}

namespace {

/// max_num_seqs the scenario's engine takes when the user gives none, before vLLM lowers it to
/// a smaller step: a vLLM release's own (VllmRules::defaultMaxNumSeqs), else the engine table's.
std::uint32_t defaultSequences(const EngineSettings &engine, const GpuSpec &gpu) {
    if (engine.engine == Engine::Vllm) {
        const VllmRules &r = vllmRules(engine.vllmVersion.value_or(kDefaultVllmProfile));
        if (r.defaultMaxNumSeqs > 0) {
            return r.defaultMaxNumSeqs;
        }
    }
    return engineMaxSequences(engine.engine, gpu);
}

} // namespace

std::uint32_t runningSequenceCap(const Scenario &scenario, const GpuSpec &gpu,
                                 const ModelSpec *model, const Parallelism *par) {
    const EngineSettings &engine = scenario.engine;
    if (engine.maxNumSeqs) {
        return *engine.maxNumSeqs;
    }
    const std::uint32_t cap = defaultSequences(engine, gpu);
    if (engine.engine == Engine::Sglang && model && deepseekV4Cache(*model)) {
        // SGLang sets DeepSeek V4's max_running_requests (deepseekv4pool.h).
        return cap ? std::min(cap, kSglangDeepseekV4MaxRunningRequests)
                   : kSglangDeepseekV4MaxRunningRequests;
    }
    if (engine.engine == Engine::Vllm &&
        vllmRules(engine.vllmVersion.value_or(kDefaultVllmProfile)).lowersDefaultSequences) {
        return std::min(cap, batchedTokens(scenario, gpu, model, par));
    }
    if (engine.engine == Engine::Sglang && engine.moeA2a == MoeA2a::DeepepLowLatency &&
        deepepInUse(engine.engine, engine.moeA2a, kDefaultVllmProfile, !model || model->isMoe(),
                    par ? par->ep : scenario.hardware.ep,
                    par ? par->dp : scenario.hardware.attentionDp)) {
        // DeepEP's low-latency dispatch holds kSglangDeepepDispatchTokens per rank.
        return cap ? std::min(cap, kSglangDeepepDispatchTokens) : kSglangDeepepDispatchTokens;
    }
    return cap;
}

std::uint32_t replicaSequenceCap(const Scenario &scenario, const GpuSpec &gpu,
                                 const ModelSpec *model, const Parallelism &par) {
    const std::uint32_t cap = runningSequenceCap(scenario, gpu, model, &par);
    const bool total = scenario.engine.engine == Engine::Sglang && scenario.engine.maxNumSeqs;
    if (par.dp <= 1 || total) {
        return cap;
    }
    return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(cap) * par.dp,
                                                 std::numeric_limits<std::uint32_t>::max()));
}

std::uint32_t planCudaGraphMaxBs(const Scenario &scenario, const GpuSpec &gpu,
                                 const ModelSpec &model, const Parallelism &par) {
    const EngineSettings &engine = scenario.engine;
    if (!engine.cudaGraphs || engine.engine == Engine::TensorRtLlm) {
        return 0;
    }
    if (engine.cudaGraphMaxBs) {
        return *engine.cudaGraphMaxBs;
    }
    if (engine.engine == Engine::Sglang && engine.moeA2a == MoeA2a::DeepepLowLatency &&
        deepepInUse(engine.engine, engine.moeA2a, kDefaultVllmProfile, model.isMoe(), par.ep,
                    par.dp)) {
        const std::uint32_t table = sglangGraphBatch(
            double(gpu.usableMemoryBytes) / kBytesPerMiB, std::max<std::uint32_t>(par.tp, 1),
            engine.sglangVersion.value_or(kDefaultSglangProfile));
        return table > kSglangDeepepDispatchTokens ? kSglangDeepepDispatchTokens : 0;
    }
    return 0;
}

std::uint32_t engineCudaGraphMaxBs(const ModelSpec &model, const GpuSpec &gpu,
                                   const Parallelism &par, const Scenario &scenario) {
    const Engine engine = scenario.engine.engine;
    if (!scenario.engine.cudaGraphs || engine == Engine::TensorRtLlm) {
        return 0;
    }
    const EngineMemoryInput in = engineInputFor(model, gpu, par, scenario);
    return engine == Engine::Sglang
               ? sglangGraphBatch(double(gpu.usableMemoryBytes) / kBytesPerMiB, in.tp,
                                  in.sglangProfile, in.cudaGraphMaxBs, in.maxRunningRequests)
               : vllmStartupGraphs(in).largestPiecewise;
}

bool vllmBatchedDpMoe(const Scenario &scenario, const ModelSpec *model, const Parallelism *par) {
    const EngineSettings &engine = scenario.engine;
    const std::uint32_t dp = par ? par->dp : scenario.hardware.attentionDp;
    const std::uint32_t ep = par ? par->ep : scenario.hardware.ep;
    const VllmProfile rules = engine.vllmVersion.value_or(kDefaultVllmProfile);
    return engine.engine == Engine::Vllm && engine.moeA2a == MoeA2a::DeepepLowLatency &&
           vllmBatchedDpDefaults(rules) &&
           deepepInUse(engine.engine, engine.moeA2a, rules, !model || model->isMoe(), ep, dp);
}

std::uint32_t batchedTokens(const Scenario &scenario, const GpuSpec &gpu, const ModelSpec *model,
                            const Parallelism *par) {
    const EngineSettings &engine = scenario.engine;
    if (engine.prefillChunkTokens) {
        return std::max<std::uint32_t>(*engine.prefillChunkTokens, 1);
    }
    if (vllmBatchedDpMoe(scenario, model, par)) {
        return kVllmBatchedDpTokens;
    }
    std::uint32_t table = engineDefaultBatchedTokens(engine.engine, gpu);
    if (engine.engine == Engine::Sglang) {
        return sglangGpuDefaults(double(gpu.usableMemoryBytes) / kBytesPerMiB, 1,
                                 engine.sglangVersion.value_or(kDefaultSglangProfile))
            .chunkedPrefillSize;
    }
    if (engine.engine != Engine::Vllm) {
        return table;
    }
    const VllmProfile profile = engine.vllmVersion.value_or(kDefaultVllmProfile);
    const std::uint64_t maxModelLen = scenario.workload.contextTokens;
    const bool speculative =
        model ? plansSpeculation(*model, scenario) : scenario.workload.speculativeTokens > 0;
    const bool chunked = vllmV0ChunkedPrefill(profile, maxModelLen, model, speculative, gpu);
    if (std::uint64_t step = vllmV0StepTokens(profile, maxModelLen, chunked)) {
        if (model && hasVisionTower(*model)) {
            step = std::max(step, kVllmV0MultimodalStepTokens);
        }
        return std::uint32_t(
            std::min<std::uint64_t>(step, std::numeric_limits<std::uint32_t>::max()));
    }
    const VllmRules &rules = vllmRules(profile);
    if (rules.serveBatchedTokens > 0) {
        return rules.serveBatchedTokens;
    }
    if (rules.hugeGpuBatchedTokens > 0 && gpu.usableMemoryBytes >= rules.hugeGpuMinBytes) {
        table = rules.hugeGpuBatchedTokens; // v0.28's top tier (device memory, the driver's)
    }
    if (rules.capsDefaultBatchedTokens && maxModelLen > 0) {
        const std::uint64_t seqs = engine.maxNumSeqs.value_or(defaultSequences(engine, gpu));
        return std::uint32_t(
            std::min<std::uint64_t>(table, std::max<std::uint64_t>(seqs * maxModelLen, 1)));
    }
    return table;
}

EngineMemoryInput engineInputFor(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                                 const Scenario &scenario) {
    const Engine engine = scenario.engine.engine;
    EngineMemoryInput in;
    in.model = &model;
    in.gpu = gpu;
    in.tp = std::max<std::uint32_t>(par.tp, 1);
    in.pp = std::max<std::uint32_t>(par.pp, 1);
    in.ep = std::max<std::uint32_t>(par.ep, 1);
    in.dp = std::max<std::uint32_t>(par.dp, 1);
    in.kvFormat = scenario.model.kvFormat;
    in.stateFormat = scenario.model.stateFormat;
    // The vLLM release whose start-up memory rules apply (the defaults below, max_num_seqs and
    // batched tokens, are the same for every release; the memory fraction is the release's).
    in.vllmProfile = scenario.engine.vllmVersion.value_or(kDefaultVllmProfile);
    // Text only under vLLM 0.10.1+: no vision tower is built, so none is loaded
    // (vllmEncoderNote).
    in.textOnly = scenario.engine.textOnly && engine == Engine::Vllm;
    const bool noTower = vllmTextOnlyApplies(in);
    for (const auto &g : weightPlacement(model, par, placementRules(scenario.engine))) {
        in.checkpointWeightsPerGpu += noTower && g.role == GroupRole::Vision ? 0 : g.perGpuBytes;
    }
    // A named draft (ModelSpec::draft, attached by the plan) replaces the MTP layers.
    in.draftModel = model.draft.get();
    const bool speculative = plansSpeculation(model, scenario);
    in.sglangProfile = scenario.engine.sglangVersion.value_or(kDefaultSglangProfile);
    in.draftLayers = speculative && !in.draftModel ? model.mtpLayers : 0;
    in.speculative = speculative;
    in.speculativeTokens = speculative ? scenario.workload.speculativeTokens : 0;
    in.maxNumSeqs = runningSequenceCap(scenario, gpu, &model, &par);
    in.cudaGraphMaxBs = planCudaGraphMaxBs(scenario, gpu, model, par);
    if (engine == Engine::Sglang) {
        // SGLang: its CUDA-graph batch, which --max-running-requests bounds, bounds the decode
        // batch it profiles. With DP attention each rank's scheduler takes
        // max_running_requests // dp_size (managers/scheduler.py; model_executor/
        // pool_configurator.py @ 001adf56 requested_max_running_requests_per_worker).
        in.maxRunningRequests = scenario.engine.maxNumSeqs.value_or(0);
        if (in.dp > 1 && in.maxRunningRequests > 0) {
            in.maxRunningRequests = std::max<std::uint32_t>(in.maxRunningRequests / in.dp, 1);
            in.maxNumSeqs = std::min(in.maxNumSeqs, in.maxRunningRequests);
        }
        const std::uint32_t graphBs =
            sglangGraphBatch(double(gpu.usableMemoryBytes) / kBytesPerMiB, in.tp, in.sglangProfile,
                             in.cudaGraphMaxBs, in.maxRunningRequests);
        in.maxNumSeqs = in.maxNumSeqs ? std::min(in.maxNumSeqs, graphBs) : graphBs;
    }
    in.maxBatchedTokens = batchedTokens(scenario, gpu, &model, &par);
    in.moeA2a = scenario.engine.moeA2a;
    in.maxTotalTokens = scenario.engine.maxTotalTokens.value_or(0);
    const bool standaloneDraft = in.draftModel && !in.draftModel->eagleHead;
    if (scenario.engine.memoryFraction) {
        in.memoryFraction = *scenario.engine.memoryFraction;
    } else if (engine == Engine::Sglang) {
        // SGLang's default fraction takes the server's chunked prefill size and layout, and
        // from v0.5.10 its piecewise CUDA graphs (server_args.py _handle_gpu_memory_settings).
        SglangFractionInput f;
        f.gpuMiB = double(gpu.usableMemoryBytes) / kBytesPerMiB;
        f.tp = in.tp;
        f.pp = in.pp;
        f.dp = in.dp;
        f.speculative = speculative;
        f.standaloneDraft = standaloneDraft;
        f.chunkedPrefillSize = in.maxBatchedTokens;
        f.cudaGraphMaxBs = in.cudaGraphMaxBs;
        f.rules = in.sglangProfile;
        f.cuda = gpu.vendor == "NVIDIA";
        f.piecewiseReserveMiB = sglangPiecewiseGraphs({in.sglangProfile, &model, &gpu, in.pp,
                                                       speculative, in.maxBatchedTokens})
                                    .reserveMiB;
        in.memoryFraction =
            sglangDefaultMemFraction(f) * sglangVisionFractionFactor(model, in.sglangProfile);
    } else {
        in.memoryFraction = engineDefaultMemoryFraction(engine, gpu, in.tp, speculative,
                                                        standaloneDraft, &model, in.vllmProfile);
    }
    if (engine == Engine::Sglang && in.dp > 1) {
        // With DP attention SGLang runs chunked_prefill_size // dp_size per rank, given or
        // default, set after the default fraction took the undivided size
        // (server_args.py _handle_data_parallelism runs after _handle_gpu_memory_settings,
        // @ 6559e43f).
        in.maxBatchedTokens = std::max<std::uint32_t>(in.maxBatchedTokens / in.dp, 1);
    }
    in.maxModelLen = scenario.workload.contextTokens;
    // vLLM's state pages per request (a model with state layers): 'align' mode with prefix
    // caching from v0.19 (earlier releases turn prefix caching off for hybrid models,
    // MambaModelConfig @ 0144dd5b), one more per token a drafter (MTP layers or a draft
    // model) proposes.
    const bool drafts = speculative && (in.draftLayers > 0 || in.draftModel != nullptr);
    const std::uint32_t slotsDefault =
        engine != Engine::Vllm ? engineDefaults(engine).stateSlotsPerRequest
        : !hasLinearLayers(model)
            ? 1
            : vllmStatePagesPerRequest(
                  scenario.engine.prefixCaching.value_or(false) &&
                      vllmV019Memory(scenario.engine.vllmVersion.value_or(kDefaultVllmProfile)),
                  drafts ? std::max<std::uint32_t>(scenario.workload.speculativeTokens, 1) : 0);
    in.stateSlots =
        std::max<std::uint32_t>(scenario.engine.stateSlotsPerRequest.value_or(slotsDefault), 1);
    // DeepEP's high-throughput kernels turn CUDA graphs off: SGLang's normal mode
    // (server_args.py @ 6559e43f: deepep_mode normal sets disable_cuda_graph), vLLM's under DP
    // ("WideEP: Disabling CUDA Graphs", moea2a.h moeA2aNote).
    const bool highThroughput =
        scenario.engine.moeA2a == MoeA2a::DeepepHighThroughput &&
        deepepInUse(engine, in.moeA2a, in.vllmProfile, model.isMoe(), in.ep, in.dp);
    in.cudaGraphs = scenario.engine.cudaGraphs && !highThroughput;
    in.activationOverride = scenario.engine.activationBytesPerGpu;
    in.runtimeOverride = scenario.engine.runtimeBytesPerGpu;
    return in;
}

MemoryBreakdown computeMemory(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                              const Scenario &scenario) {
    MemoryBreakdown m;
    const std::uint32_t gpus = std::max<std::uint32_t>(par.gpuCount(), 1);
    const EngineMemoryInput in = engineInputFor(model, gpu, par, scenario);
    const EngineMemoryTerms t = engineMemoryModel(scenario.engine.engine).terms(in);
    m.engine = t;

    const PlacementRules rules = placementRules(scenario.engine);
    for (auto &g : weightPlacement(model, par, rules)) {
        if (vllmTextOnlyApplies(in) && g.role == GroupRole::Vision) {
            continue; // vLLM builds no tower for a text-only plan (vllmEncoderNote)
        }
        m.groups.push_back(std::move(g));
    }
    for (const auto &g : m.groups) {
        // Copies in the stage: a replicated group on every GPU, a sharded one once per
        // attention group (routed experts once).
        const std::uint32_t tp = std::max<std::uint32_t>(par.tp, 1);
        const std::uint64_t copies =
            g.placement == Placement::Replicated
                ? tp
                : tp / std::max<std::uint32_t>(groupShardGpus(g.role, par, rules), 1);
        m.total.weights += g.totalBytes * copies;
    }
    // The engine's own weights: the checkpoint's share plus kernel padding and replication.
    m.perGpu.weights = t.weights();
    m.total.weights += (t.weights() - t.checkpointWeights) * gpus;

    // At PP > 1 the cache of the stage the engine terms describe, beside its weights.
    const std::optional<LayerRange> stage =
        t.stages.empty() ? std::nullopt
                         : std::optional<LayerRange>(LayerRange{t.stageFirstLayer, t.stageLayers});
    m.cache = cacheCost(model, par, scenario.model.kvFormat, scenario.model.stateFormat,
                        in.stateSlots, stage);
    m.cache.windowExtraTokens = t.windowExtraTokens;
    const std::uint64_t ctx = scenario.workload.contextTokens;
    // Each attention DP rank holds the KV of its own share of the sequences.
    m.attentionDp = std::max<std::uint32_t>(par.dp, 1);
    const std::uint64_t conc = ceilDiv(scenario.workload.concurrency, m.attentionDp);
    std::uint64_t kvSeqGpu = m.cache.perSequencePerGpu(ctx) -
                             m.cache.stateBytesPerSequencePerGpu * m.cache.stateSlotsPerRequest;
    if (deepseekV4Cache(model)) {
        // Each engine's own DeepSeek V4 pool (vLLM's blocks of one stride for every cache
        // kind, engine/vllmdeepseekv4.h; SGLang's and TensorRT-LLM's, deepseekv4pool.h) holds a
        // sequence in other bytes than the per-token layout above: the KV it takes is the
        // engine's.
        kvSeqGpu = engineMemoryModel(scenario.engine.engine).requestBytes(in, t, ctx);
    }
    // Saturating: absurd inputs reach the largest byte count, never a wrapped small one.
    m.perGpu.kvCache = saturatingMul(kvSeqGpu, conc);
    m.perGpu.state = saturatingMul(
        saturatingMul(m.cache.stateBytesPerSequencePerGpu, m.cache.stateSlotsPerRequest), conc);
    m.perGpu.activations = t.activationPeak;
    m.perGpu.runtime = t.runtime();
    // Every sequence is held by the GPUs of one attention group (all tp x pp without DP).
    const std::uint64_t holders = std::max<std::uint64_t>(gpus / m.attentionDp, 1);
    const std::uint64_t allSeqs = scenario.workload.concurrency;
    m.total.kvCache = saturatingMul(saturatingMul(kvSeqGpu, allSeqs), holders);
    m.total.state = saturatingMul(saturatingMul(saturatingMul(m.cache.stateBytesPerSequencePerGpu,
                                                              m.cache.stateSlotsPerRequest),
                                                allSeqs),
                                  holders);
    m.total.activations = saturatingMul(m.perGpu.activations, gpus);
    m.total.runtime = saturatingMul(m.perGpu.runtime, gpus);

    m.memoryFraction = in.memoryFraction;
    m.usableBytesPerGpu = gpu.usableMemoryBytes;
    m.budgetBytesPerGpu = t.budget;
    m.kvCapacityBytesPerGpu = t.kvPoolBytes;
    m.kvCapacityTokens = t.kvTokens;
    m.engineSequencesContext = in.maxModelLen;
    m.engineSequences = std::uint32_t(std::min<std::uint64_t>(
        std::uint64_t(engineMemoryModel(scenario.engine.engine).sequences(in, t, in.maxModelLen)) *
            m.attentionDp,
        std::numeric_limits<std::uint32_t>::max()));
    return m;
}

} // namespace hostplan
