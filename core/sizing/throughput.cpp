#include "sizing/throughput.h"

#include "sizing/fit.h"
#include "plan/plan.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hostplan {

namespace {

constexpr double kActivationBytes = 2; // bf16 activations on the wire

/// Dequantizing weight-only formats (sub-8-bit) that the GPU has no tensor-core path for.
bool needsDequant(const NumberFormat &f, const GpuSpec &gpu) {
    switch (f.kind) {
    case FormatKind::MXFP4:
    case FormatKind::NVFP4:
    case FormatKind::FP4:
        return !gpu.nativeMxfp4 || gpu.fp4FlopsPerS <= 0;
    case FormatKind::INT4:
    case FormatKind::INT2:
        return true;
    default:
        return false;
    }
}

/// Peak rate the matmuls of a group in format `f` run at (see the header).
double peakRate(const NumberFormat &f, const GpuSpec &gpu) {
    switch (f.kind) {
    case FormatKind::MXFP4:
    case FormatKind::NVFP4:
    case FormatKind::FP4:
        // Engines' native FP4 MoE kernels take activations in MXFP8 (FlashInfer / TRT-LLM
        // "mxfp4 x mxfp8"), so even with FP4 tensor cores they run at the FP8 rate; weight-only
        // dequantizing kernels (Marlin on Hopper) run at the BF16 rate.
        if (!needsDequant(f, gpu)) {
            return gpu.fp8FlopsPerS > 0 ? gpu.fp8FlopsPerS : gpu.bf16FlopsPerS;
        }
        return gpu.bf16FlopsPerS;
    case FormatKind::FP8_E4M3:
    case FormatKind::FP8_E5M2:
        return gpu.fp8FlopsPerS > 0 ? gpu.fp8FlopsPerS : gpu.bf16FlopsPerS;
    default:
        return gpu.bf16FlopsPerS;
    }
}

/// Attention score FLOPs per token per attended token, summed over layers (whole model).
double attentionFlopsPerAttended(const ModelSpec &m, std::uint64_t attended) {
    double f = 0;
    for (const auto &l : m.layers) {
        const double heads = l.qHeads ? l.qHeads : m.numAttentionHeads;
        const double dv = l.vHeadDim ? l.vHeadDim : l.headDim;
        switch (l.kind) {
        case AttentionKind::MHA:
        case AttentionKind::GQA:
        case AttentionKind::MQA:
            f += double(l.count) * 2.0 * heads * (l.headDim + dv) * double(attended);
            break;
        case AttentionKind::SlidingWindow:
            f += double(l.count) * 2.0 * heads * (l.headDim + dv) *
                 double(std::min<std::uint64_t>(attended, l.window ? l.window : attended));
            break;
        case AttentionKind::MLA:
            // Absorbed MLA (DeepSeek-V2 paper, section 2.1.2): scores over latent + rope, values
            // over the latent, for every query head.
            f += double(l.count) * heads * (2.0 * (l.kvLoraRank + l.ropeDim) + 2.0 * l.kvLoraRank) *
                 double(attended);
            break;
        case AttentionKind::Linear:
            // Recurrent update and read-out: about 4 x state elements per token, independent of
            // the context.
            f += double(l.count) * 4.0 * double(l.stateElements);
            break;
        }
    }
    return f;
}

} // namespace

std::string confidenceName(Confidence c) {
    switch (c) {
    case Confidence::RooflineBound:
        return "roofline_bound";
    case Confidence::Calibrated:
        return "calibrated";
    case Confidence::Measured:
        return "measured";
    }
    return "roofline_bound";
}

std::string confidenceLabel(Confidence c) {
    switch (c) {
    case Confidence::RooflineBound:
        return "roofline bound";
    case Confidence::Calibrated:
        return "calibrated by a probe report";
    case Confidence::Measured:
        return "measured";
    }
    return "roofline bound";
}

Efficiency defaultEfficiency() {
    return Efficiency{};
}

Efficiency calibratedEfficiency(const GpuSpec &gpu, const Calibration &cal) {
    Efficiency e = defaultEfficiency();
    bool any = false;
    if (cal.hbmBandwidthBytesPerS > 0 && gpu.hbmBandwidthBytesPerS > 0) {
        e.copyFractionOfPeak = cal.hbmBandwidthBytesPerS / gpu.hbmBandwidthBytesPerS;
        any = true;
    }
    if (cal.decodeEfficiency > 0) {
        e.gemvFractionOfCopy = cal.decodeEfficiency;
        any = true;
    }
    if (cal.prefillEfficiency > 0) {
        e.computeEfficiency = cal.prefillEfficiency;
        any = true;
    }
    if (any) {
        e.confidence = Confidence::Calibrated;
        e.source = cal.source.empty() ? std::string("probe report") : cal.source;
    }
    return e;
}

ThroughputModel::ThroughputModel(const ModelSpec &model, const GpuSpec &gpu,
                                 const Parallelism &layout, const CacheCost &cache,
                                 std::uint32_t gpusPerNode, std::uint32_t prefillChunkTokens,
                                 const Efficiency &efficiency)
    : m_model(model), m_gpu(gpu), m_par(layout), m_cache(cache),
      m_gpusPerNode(std::max<std::uint32_t>(gpusPerNode, 1)),
      m_chunk(std::max<std::uint32_t>(prefillChunkTokens, 1)), m_eff(efficiency) {
    m_par.tp = std::max<std::uint32_t>(m_par.tp, 1);
    m_par.pp = std::max<std::uint32_t>(m_par.pp, 1);
}

double ThroughputModel::expertCoverage(std::uint32_t experts, std::uint32_t topK, double tokens) {
    if (experts == 0 || topK == 0) {
        return 1.0;
    }
    if (topK >= experts) {
        return tokens > 0 ? 1.0 : 0.0;
    }
    const double p = double(topK) / double(experts);
    return 1.0 - std::pow(1.0 - p, std::max(tokens, 0.0));
}

double ThroughputModel::effectiveBandwidthBytesPerS() const {
    return m_gpu.hbmBandwidthBytesPerS * m_eff.copyFractionOfPeak * m_eff.gemvFractionOfCopy;
}

double ThroughputModel::weightBytesPerGpu(double tokens) const {
    const double coverage =
        expertCoverage(m_model.experts.routed, m_model.experts.activePerToken, tokens);
    double bytes = 0;
    for (const auto &g : weightPlacement(m_model, m_par)) {
        double b = double(g.perGpuBytes);
        switch (g.role) {
        case GroupRole::Vision:
            b = 0; // not read for text tokens
            break;
        case GroupRole::Embedding:
            // A row gather: one row per token, on the rank that holds it.
            b = std::min(b, tokens * m_model.hiddenSize * g.format.bitsPerElement() / 8.0 /
                                double(m_par.tp));
            break;
        case GroupRole::RoutedExperts:
            b *= coverage;
            break;
        default:
            break;
        }
        if (needsDequant(g.format, m_gpu)) {
            b /= m_eff.dequantBandwidthFactor;
        }
        bytes += b;
    }
    return bytes;
}

double ThroughputModel::stageSeconds(double tokens, double attendedTokens, double cacheBytes,
                                     double weightBytes, DecodeStep *out) const {
    const double tp = m_par.tp;
    const double pp = m_par.pp;
    // Memory.
    const double bw = effectiveBandwidthBytesPerS();
    const double memory =
        bw > 0 ? (weightBytes + cacheBytes) / bw : std::numeric_limits<double>::infinity();
    // Compute: each group's matmuls at its own rate, attention at the BF16 rate.
    double seconds = 0;
    double flops = 0;
    const double eff = std::max(m_eff.computeEfficiency, 1e-6);
    for (const auto &g : m_model.groups) {
        if (g.role == GroupRole::Embedding || g.role == GroupRole::Vision) {
            continue;
        }
        const double f = 2.0 * double(g.activeParams) * tokens / (tp * pp);
        const double rate = peakRate(g.format, m_gpu);
        flops += f;
        seconds += rate > 0 ? f / (rate * eff) : std::numeric_limits<double>::infinity();
    }
    const double attn = attentionFlopsPerAttended(
                            m_model, std::uint64_t(std::llround(std::max(attendedTokens, 0.0)))) *
                        tokens / (tp * pp);
    flops += attn;
    seconds += m_gpu.bf16FlopsPerS > 0 ? attn / (m_gpu.bf16FlopsPerS * eff)
                                       : std::numeric_limits<double>::infinity();
    const double compute = seconds;

    // Communication: 2 all-reduces per layer of the stage, plus the hop to the next stage.
    const double stageLayers = std::ceil(double(m_model.numLayers) / pp);
    double comm = 0;
    const double msg = tokens * m_model.hiddenSize * kActivationBytes;
    if (m_par.tp > 1) {
        const bool crossNode = m_par.tp > m_gpusPerNode;
        const double link = crossNode ? m_eff.interNodeBytesPerS
                                      : m_gpu.interconnectBytesPerS * m_eff.interconnectEfficiency;
        const double lat = crossNode ? m_eff.interNodeLatencyS : m_eff.allReduceLatencyS;
        const double perAllReduce = lat + (link > 0 ? 2.0 * (tp - 1) / tp * msg / link : 0.0);
        comm += 2.0 * stageLayers * perAllReduce;
    }
    if (m_par.pp > 1) {
        const bool crossNode = m_par.gpuCount() > m_gpusPerNode;
        const double link = crossNode ? m_eff.interNodeBytesPerS
                                      : m_gpu.interconnectBytesPerS * m_eff.interconnectEfficiency;
        const double lat = crossNode ? m_eff.interNodeLatencyS : m_eff.allReduceLatencyS;
        comm += lat + (link > 0 ? msg / tp / link : 0.0);
    }
    const double overhead = m_eff.stepOverheadS + stageLayers * m_eff.layerOverheadS;
    const double stage = std::max(memory, compute) + comm + overhead;
    if (out) {
        out->weightBytesPerGpu = weightBytes;
        out->cacheBytesPerGpu = cacheBytes;
        out->flopsPerGpu = flops;
        out->memorySeconds = memory;
        out->computeSeconds = compute;
        out->commSeconds = comm;
        out->overheadSeconds = overhead;
        out->computeBound = compute > memory;
    }
    return stage;
}

DecodeStep ThroughputModel::decode(std::uint32_t batch, std::uint64_t contextTokens) const {
    DecodeStep d;
    d.batch = batch;
    d.contextTokens = contextTokens;
    if (batch == 0) {
        return d;
    }
    const std::uint32_t pp = m_par.pp;
    d.microBatch = std::uint32_t(ceilDiv(batch, pp));
    const double b = d.microBatch;
    d.expertCoverage = expertCoverage(m_model.experts.routed, m_model.experts.activePerToken, b);
    // KV read for every sequence; recurrent state read and written once per step.
    const double perSeqCache =
        double(m_cache.kvBytesPerTokenPerGpu) * double(contextTokens) +
        double(m_cache.windowBytesPerTokenPerGpu) *
            double(std::min<std::uint64_t>(contextTokens, m_cache.windowTokens)) +
        2.0 * double(m_cache.stateBytesPerSequencePerGpu);
    double stage =
        stageSeconds(b, double(contextTokens), b * perSeqCache, weightBytesPerGpu(b), &d);
    const double perSeq = m_eff.perSequenceOverheadS * b;
    d.overheadSeconds += perSeq;
    stage += perSeq;
    d.stageSeconds = stage;
    d.tokenLatencySeconds = double(pp) * stage;
    d.tokensPerSecondPerSequence = 1.0 / d.tokenLatencySeconds;
    d.tokensPerSecond = double(batch) / d.tokenLatencySeconds;
    return d;
}

Prefill ThroughputModel::prefill(std::uint64_t promptTokens) const {
    Prefill p;
    p.promptTokens = promptTokens;
    p.chunkTokens = m_chunk;
    if (promptTokens == 0) {
        return p;
    }
    double total = 0;
    bool anyCompute = false;
    for (std::uint64_t start = 0; start < promptTokens; start += m_chunk) {
        const double n = double(std::min<std::uint64_t>(m_chunk, promptTokens - start));
        // Causal attention: token i attends i + 1 tokens; the chunk's mean is start + n/2.
        const double attended = double(start) + n / 2.0;
        // KV of the earlier chunks is read once per chunk; the chunk's own KV is written.
        const double cache = double(m_cache.kvBytesPerTokenPerGpu) * (double(start) + n) +
                             double(m_cache.windowBytesPerTokenPerGpu) *
                                 std::min(double(start) + n, double(m_cache.windowTokens));
        DecodeStep parts;
        total += stageSeconds(n, attended, cache, weightBytesPerGpu(n), &parts);
        anyCompute = anyCompute || parts.computeBound;
    }
    // The prompt passes every pipeline stage in turn.
    p.seconds = total * double(m_par.pp);
    p.tokensPerSecond = double(promptTokens) / p.seconds;
    p.computeBound = anyCompute;
    return p;
}

double ThroughputModel::prefillSecondsPerToken(std::uint64_t contextTokens) const {
    // A full chunk at half the context (mean attended), spread over its tokens; with PP the
    // stages work on different chunks at once, so the plan's cost per token is one stage's.
    const double n = m_chunk;
    const double attended = std::max(n / 2.0, double(contextTokens) / 2.0);
    const double cache = double(m_cache.kvBytesPerTokenPerGpu) * attended;
    const double stage = stageSeconds(n, attended, cache, weightBytesPerGpu(n), nullptr);
    return stage / n;
}

double ThroughputModel::servingOutputTokensPerSecond(std::uint32_t batch, double promptTokens,
                                                     double outputTokens) const {
    if (batch == 0 || outputTokens <= 0) {
        return 0;
    }
    const auto ctx = std::uint64_t(std::llround(promptTokens + outputTokens / 2.0));
    const DecodeStep d = decode(batch, ctx);
    const double perToken = prefillSecondsPerToken(std::uint64_t(std::llround(promptTokens)));
    const double time =
        outputTokens * d.tokenLatencySeconds + double(batch) * promptTokens * perToken;
    return double(batch) * outputTokens / time;
}

std::uint32_t ThroughputModel::maxBatchForTarget(double targetSeconds, std::uint64_t contextTokens,
                                                 std::uint32_t limit) const {
    if (limit == 0 || !(targetSeconds > 0) ||
        decode(1, contextTokens).tokenLatencySeconds > targetSeconds) {
        return 0;
    }
    // Token latency grows with the batch: binary search the last batch within the target.
    std::uint32_t lo = 1;
    std::uint32_t hi = limit;
    if (decode(hi, contextTokens).tokenLatencySeconds <= targetSeconds) {
        return hi;
    }
    while (hi - lo > 1) {
        const std::uint32_t mid = lo + (hi - lo) / 2;
        if (decode(mid, contextTokens).tokenLatencySeconds <= targetSeconds) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

double sustainedOutputTokensPerSecond(const ThroughputModel &model, std::uint32_t batch,
                                      const Workload &w) {
    if (batch == 0) {
        return 0;
    }
    // Each output token also costs the prefill of its share of uncached input.
    const DecodeStep d = model.decode(batch, w.contextTokens);
    const double inputPerOutput =
        w.outputTokensPerMonth > 0 ? w.inputTokensPerMonth / w.outputTokensPerMonth : 0.0;
    const double perOutput = d.tokenLatencySeconds / double(batch) +
                             inputPerOutput * model.prefillSecondsPerToken(w.contextTokens);
    return 1.0 / perOutput;
}

Throughput computeThroughput(const PlanResult &plan, const Efficiency &efficiency) {
    Throughput t;
    const Scenario &s = plan.scenario;
    const std::uint32_t node = std::max<std::uint32_t>(plan.gpusPerInstance, 1);
    const std::uint32_t replicas = std::max<std::uint32_t>(plan.replicas, 1);
    const ThroughputModel model(plan.model, plan.gpu, plan.layout, plan.memory.cache, node,
                                s.engine.prefillChunkTokens, efficiency);
    t.computed = true;
    t.efficiency = efficiency;
    t.confidence = efficiency.confidence;
    t.efficiencySource = efficiency.source;
    t.nodes = std::uint32_t(
        ceilDiv(std::max<std::uint32_t>(std::max(plan.gpusRented, plan.layout.gpuCount()), 1), node));
    t.contextTokens = s.workload.contextTokens;
    t.effectiveBandwidthBytesPerS = model.effectiveBandwidthBytesPerS();
    t.prefill = model.prefill(s.workload.contextTokens);

    // Capacity.
    Capacity &c = t.capacity;
    c.targetSecondsPerOutputToken = s.workload.targetSecondsPerOutputToken;
    c.utilisation = s.workload.utilisation;
    const std::uint32_t block = engineDefaults(s.engine.engine).kvBlockTokens;
    c.memoryMaxBatch = plan.memory.kvCapacityBytesPerGpu > 0
                           ? maxConcurrency(plan.memory, s.workload.contextTokens, block)
                           : 0;
    c.engineMaxBatch = engineMaxSequences(s.engine.engine, plan.gpu);
    // The running batch: the requested sequences, capped by what the KV room holds and by the
    // engine's own cap (continuous batching queues the rest). A plan that holds none is
    // evaluated at the request (it does not fit; its speed is shown for reference only).
    std::uint32_t running = std::uint32_t(ceilDiv(s.workload.concurrency, replicas));
    if (c.memoryMaxBatch > 0) {
        running = std::min(running, c.memoryMaxBatch);
    }
    if (c.engineMaxBatch > 0) {
        running = std::min(running, c.engineMaxBatch);
    }
    t.atConcurrency = model.decode(std::max<std::uint32_t>(running, 1), s.workload.contextTokens);
    constexpr std::uint32_t kSearchCap = 1u << 20;
    c.latencyMaxBatch = model.maxBatchForTarget(c.targetSecondsPerOutputToken,
                                                s.workload.contextTokens, kSearchCap);
    c.batch = std::min(c.memoryMaxBatch, c.latencyMaxBatch);
    // The engine's own cap on sequences in flight (vLLM max_num_seqs, TRT-LLM max_batch_size).
    if (c.engineMaxBatch > 0) {
        c.batch = std::min(c.batch, c.engineMaxBatch);
    }
    const double usdPerHour = plan.rental.usdPerHour;
    const double scheduledSeconds =
        s.pricing.hoursPerMonth * kSecondsPerHour * s.workload.hoursPerDay / 24.0;
    if (c.batch > 0) {
        const DecodeStep d = model.decode(c.batch, s.workload.contextTokens);
        c.tokensPerSecondPerUser = d.tokensPerSecondPerSequence;
        c.outputTokensPerSecond = d.tokensPerSecond;
        c.outputTokensPerSecondPerNode = d.tokensPerSecond / t.nodes;
        // Every replica runs its own capacity batch.
        c.outputTokensPerSecond *= replicas;
        c.outputTokensPerSecondPerNode = c.outputTokensPerSecond / t.nodes;
        c.servingOutputTokensPerSecond =
            sustainedOutputTokensPerSecond(model, c.batch, s.workload) * replicas;
        c.outputTokensPerMonth = c.servingOutputTokensPerSecond * scheduledSeconds * c.utilisation;
        c.usersServed = s.workload.heavyUserTokensPerMonth > 0
                            ? c.outputTokensPerMonth / s.workload.heavyUserTokensPerMonth
                            : 0.0;
        c.usdPerMTokOutput = c.outputTokensPerMonth > 0
                                 ? plan.rental.usdPerMonthScheduled / c.outputTokensPerMonth * 1e6
                                 : std::numeric_limits<double>::infinity();
        c.tokensPerSecondPerUsdPerHour = usdPerHour > 0
                                             ? c.servingOutputTokensPerSecond / usdPerHour
                                             : std::numeric_limits<double>::infinity();
        c.replicasForWorkload =
            c.outputTokensPerMonth > 0
                ? std::uint32_t(std::max(
                      1.0, std::ceil(s.workload.outputTokensPerMonth / c.outputTokensPerMonth)))
                : 0;
        c.carriesWorkload = c.replicasForWorkload == 1;
    } else {
        c.usdPerMTokOutput = std::numeric_limits<double>::infinity();
    }

    // Curve: powers of two up to twice the largest limit of interest, plus the limits.
    std::vector<std::uint32_t> batches;
    const std::uint32_t top =
        std::min<std::uint32_t>(std::max({c.memoryMaxBatch, s.workload.concurrency,
                                          std::min(c.latencyMaxBatch, 1u << 16), 64u}),
                                1u << 16);
    for (std::uint32_t b = 1; b <= 2 * top && b <= (1u << 17); b *= 2) {
        batches.push_back(b);
    }
    for (std::uint32_t b : {c.memoryMaxBatch, c.latencyMaxBatch, s.workload.concurrency}) {
        if (b > 0 && b <= (1u << 17)) {
            batches.push_back(b);
        }
    }
    std::sort(batches.begin(), batches.end());
    batches.erase(std::unique(batches.begin(), batches.end()), batches.end());
    for (std::uint32_t b : batches) {
        const DecodeStep d = model.decode(b, s.workload.contextTokens);
        BatchPoint p;
        p.batch = b;
        p.tokenLatencySeconds = d.tokenLatencySeconds;
        p.tokensPerSecondPerUser = d.tokensPerSecondPerSequence;
        p.tokensPerSecond = d.tokensPerSecond;
        p.tokensPerSecondPerNode = d.tokensPerSecond / t.nodes;
        p.withinMemory = b <= c.memoryMaxBatch;
        p.withinTarget = d.tokenLatencySeconds <= c.targetSecondsPerOutputToken;
        t.curve.push_back(p);
    }
    return t;
}

void applyCalibration(PlanResult &plan, const Calibration &calibration) {
    plan.throughput = computeThroughput(plan, calibratedEfficiency(plan.gpu, calibration));
}

} // namespace hostplan
