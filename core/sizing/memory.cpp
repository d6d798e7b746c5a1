#include "sizing/memory.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

namespace {

/// Layers of a group on the most loaded pipeline stage.
std::uint64_t layersPerStage(std::uint32_t count, std::uint32_t pp) {
    return ceilDiv(count, std::max<std::uint32_t>(pp, 1));
}

/// KV heads on one TP rank: split across ranks, at least one per rank (vLLM replicates a KV
/// head when TP exceeds the KV head count).
std::uint64_t kvHeadsPerRank(std::uint32_t kvHeads, std::uint32_t tp) {
    return std::max<std::uint64_t>(1, ceilDiv(kvHeads, std::max<std::uint32_t>(tp, 1)));
}

/// K + V elements per token per layer for a head-based cache.
std::uint64_t kvElementsPerHead(const LayerGroup &l) {
    return std::uint64_t(l.headDim) + (l.vHeadDim ? l.vHeadDim : l.headDim);
}

} // namespace

std::uint64_t CacheCost::perSequencePerGpu(std::uint64_t contextTokens) const {
    return kvBytesPerTokenPerGpu * contextTokens +
           windowBytesPerTokenPerGpu * std::min(contextTokens, windowTokens) +
           stateBytesPerSequencePerGpu * stateSlotsPerRequest;
}

std::uint64_t CacheCost::perSequence(std::uint64_t contextTokens) const {
    return kvBytesPerToken * contextTokens +
           windowBytesPerToken * std::min(contextTokens, windowTokens) +
           stateBytesPerSequence * stateSlotsPerRequest;
}

CacheCost cacheCost(const ModelSpec &model, const Parallelism &par, const NumberFormat &kvFormat,
                    const NumberFormat &stateFormat, std::uint32_t stateSlots) {
    CacheCost c;
    c.stateSlotsPerRequest = std::max<std::uint32_t>(stateSlots, 1);
    const std::uint32_t tp = std::max<std::uint32_t>(par.tp, 1);
    for (const auto &l : model.layers) {
        const std::uint64_t stageLayers = layersPerStage(l.count, par.pp);
        switch (l.kind) {
        case AttentionKind::MHA:
        case AttentionKind::GQA:
        case AttentionKind::MQA: {
            const std::uint64_t perHead = kvElementsPerHead(l);
            c.kvBytesPerToken += l.count * kvFormat.bytesFor(l.kvHeads * perHead);
            c.kvBytesPerTokenPerGpu +=
                stageLayers * kvFormat.bytesFor(kvHeadsPerRank(l.kvHeads, tp) * perHead);
            break;
        }
        case AttentionKind::MLA: {
            // The compressed latent is replicated on every TP rank.
            const std::uint64_t perLayer = kvFormat.bytesFor(l.kvLoraRank + l.ropeDim);
            c.kvBytesPerToken += l.count * perLayer;
            c.kvBytesPerTokenPerGpu += stageLayers * perLayer;
            break;
        }
        case AttentionKind::SlidingWindow: {
            const std::uint64_t perHead = kvElementsPerHead(l);
            c.windowBytesPerToken += l.count * kvFormat.bytesFor(l.kvHeads * perHead);
            c.windowBytesPerTokenPerGpu +=
                stageLayers * kvFormat.bytesFor(kvHeadsPerRank(l.kvHeads, tp) * perHead);
            c.windowTokens = std::max<std::uint64_t>(c.windowTokens, l.window);
            break;
        }
        case AttentionKind::Linear: {
            // Recurrent state in stateFormat (fp32 by default), short-conv windows in bf16.
            const std::uint64_t heads = std::max<std::uint32_t>(l.stateHeads, 1);
            const std::uint64_t headsPerRank = ceilDiv(heads, tp);
            const std::uint64_t stateRank = l.stateElements / heads * headsPerRank;
            const std::uint64_t convRank = l.convElements / heads * headsPerRank;
            c.stateBytesPerSequence += l.count * (stateFormat.bytesFor(l.stateElements) +
                                                  formats::bf16.bytesFor(l.convElements));
            c.stateBytesPerSequencePerGpu +=
                stageLayers * (stateFormat.bytesFor(stateRank) + formats::bf16.bytesFor(convRank));
            break;
        }
        }
    }
    return c;
}

std::vector<GroupBytes> weightPlacement(const ModelSpec &model, const Parallelism &par) {
    std::vector<GroupBytes> out;
    const std::uint64_t pp = std::max<std::uint32_t>(par.pp, 1);
    const std::uint64_t tp = std::max<std::uint32_t>(par.tp, 1);
    for (const auto &g : model.groups) {
        GroupBytes b;
        b.name = g.name;
        b.role = g.role;
        b.format = g.format;
        b.placement = g.placement;
        b.params = g.params;
        b.totalBytes = g.bytes();
        b.perGpuBytes = g.placement == Placement::Replicated ? ceilDiv(b.totalBytes, pp)
                                                             : ceilDiv(b.totalBytes, tp * pp);
        out.push_back(b);
    }
    return out;
}

std::uint64_t defaultActivationBytesPerGpu(const ModelSpec &model, std::uint32_t prefillChunk) {
    constexpr std::uint64_t kLiveHiddenBuffers = 32; // calibrated to the seeds, see header
    constexpr std::uint64_t kActivationBytes = 2;    // bf16 activations
    return std::uint64_t(prefillChunk) * model.hiddenSize * kActivationBytes * kLiveHiddenBuffers;
}

std::uint64_t defaultRuntimeBytesPerGpu(std::uint32_t gpuCount) {
    const std::uint64_t base = std::uint64_t(2 * kBytesPerGB);
    return gpuCount > 1 ? 2 * base : base;
}

MemoryBreakdown computeMemory(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                              const Scenario &scenario) {
    MemoryBreakdown m;
    const EngineDefaults defaults = engineDefaults(scenario.engine.engine);
    const std::uint32_t gpus = std::max<std::uint32_t>(par.gpuCount(), 1);
    const std::uint32_t slots =
        scenario.engine.stateSlotsPerRequest.value_or(defaults.stateSlotsPerRequest);

    m.groups = weightPlacement(model, par);
    for (const auto &g : m.groups) {
        m.perGpu.weights += g.perGpuBytes;
        m.total.weights += g.placement == Placement::Replicated
                               ? g.totalBytes * std::max<std::uint32_t>(par.tp, 1)
                               : g.totalBytes;
    }

    m.cache = cacheCost(model, par, scenario.model.kvFormat, scenario.model.stateFormat, slots);
    const std::uint64_t ctx = scenario.workload.contextTokens;
    const std::uint64_t conc = scenario.workload.concurrency;
    const std::uint64_t kvSeqGpu = m.cache.kvBytesPerTokenPerGpu * ctx +
                                   m.cache.windowBytesPerTokenPerGpu *
                                       std::min<std::uint64_t>(ctx, m.cache.windowTokens);
    m.perGpu.kvCache = kvSeqGpu * conc;
    m.perGpu.state = m.cache.stateBytesPerSequencePerGpu * m.cache.stateSlotsPerRequest * conc;
    m.perGpu.activations = scenario.engine.activationBytesPerGpu.value_or(
        defaultActivationBytesPerGpu(model, scenario.engine.prefillChunkTokens));
    m.perGpu.runtime =
        scenario.engine.runtimeBytesPerGpu.value_or(defaultRuntimeBytesPerGpu(gpus));
    m.total.kvCache = m.perGpu.kvCache * gpus;
    m.total.state = m.perGpu.state * gpus;
    m.total.activations = m.perGpu.activations * gpus;
    m.total.runtime = m.perGpu.runtime * gpus;

    m.memoryFraction = scenario.engine.memoryFraction.value_or(defaults.memoryFraction);
    m.usableBytesPerGpu = gpu.usableMemoryBytes;
    const double usable = double(gpu.usableMemoryBytes);
    const double weights = double(m.perGpu.weights);
    const double work = double(m.perGpu.activations + m.perGpu.runtime);
    double capacity = 0;
    switch (engineInfo(scenario.engine.engine).poolRule) {
    case MemoryPoolRule::FractionOfTotal:
        // Everything (weights, activation peak, non-torch memory, KV) inside the fraction.
        m.budgetBytesPerGpu = std::uint64_t(usable * m.memoryFraction);
        capacity = double(m.budgetBytesPerGpu) - weights - work;
        break;
    case MemoryPoolRule::StaticPoolOfTotal: {
        // Static pool (weights + KV) is the fraction; activations and runtime live in the
        // rest. If they do not fit there, they eat into the pool.
        m.budgetBytesPerGpu = std::uint64_t(usable * m.memoryFraction);
        const double outside = usable - double(m.budgetBytesPerGpu);
        capacity = double(m.budgetBytesPerGpu) - weights - std::max(0.0, work - outside);
        break;
    }
    case MemoryPoolRule::FractionOfFreeAfterLoad: {
        // KV pool = fraction of what is free after weights, activations and runtime.
        m.budgetBytesPerGpu = gpu.usableMemoryBytes;
        const double freeBytes = usable - weights - work;
        capacity = freeBytes > 0 ? freeBytes * m.memoryFraction : freeBytes;
        break;
    }
    }
    m.kvCapacityBytesPerGpu = std::int64_t(std::floor(capacity));
    if (m.kvCapacityBytesPerGpu > 0 && m.cache.kvBytesPerTokenPerGpu > 0) {
        m.kvCapacityTokens = std::uint64_t(m.kvCapacityBytesPerGpu) / m.cache.kvBytesPerTokenPerGpu;
    }
    return m;
}

} // namespace hostplan
