// SPDX-License-Identifier: MIT
#include "sizing/throughput.h"

#include "plan/plan.h"
#include "sizing/closedloop.h"
#include "sizing/fit.h"
#include "util/units.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace hostplan {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// The reference the fitted eff_mem is relative to: copy 0.89 x GEMV 0.92 of the data sheet
/// (the defaults HostPlan used before the fit; TOOLCHAIN.md, issue 7).
constexpr double kReferenceStreamingFraction = 0.89 * 0.92;
/// cuBLAS BF16 GEMM at M = 4096 on an H200 reaches 0.73 of the peak (TOOLCHAIN.md): the kernel
/// figure the fitted compute scale corresponds to.
constexpr double kReferenceGemmFraction = 0.73;

/// The closed-loop points of one serving case on one model, each running batch evaluated once:
/// the target search, the concurrency and capacity points and the curve share many batches,
/// and every batch above the running-batch cap runs the capped batch. Bit for bit what
/// ServingCase::at returns. Points are found through a small open-addressed table on the
/// batch's bits (a plan asks about 40 times for about 20 distinct batches: a linear scan of
/// the points met so far was a fifth of a plan's evaluation).
class ServingPoints {
  public:
    ServingPoints(const ServingModel &model, const ServingCase &sc)
        : m_model(model), m_case(closedLoopCase(model, sc.inputTokens, sc.outputTokens, false,
                                                sc.speculation, sc.cachedTokens)) {}

    /// The closed loop of `batch` clients (ServingCase::at).
    ServingPoint at(double batch) {
        const double c = closedLoopBatch(m_case, batch);
        std::size_t h = std::size_t((std::bit_cast<std::uint64_t>(c) * 0x9E3779B97F4A7C15ull) >>
                                    (64 - kTableBits));
        for (std::uint8_t s = m_index[h]; s != 0; s = m_index[h]) {
            if (m_batch[s - 1] == c) {
                return m_point[s - 1].point;
            }
            h = (h + 1) & (kTable - 1);
        }
        const ServingPoint p = closedLoopAt(m_model, m_case, c);
        if (m_size < kSlots) { // beyond that (never in a plan) points are not kept
            m_batch[m_size] = c;
            m_point[m_size].point = p;
            m_index[h] = std::uint8_t(++m_size);
        }
        return p;
    }

  private:
    static constexpr std::size_t kSlots = 48; ///< more than a plan evaluates (about 20)
    static constexpr int kTableBits = 7;
    static constexpr std::size_t kTable = std::size_t(1) << kTableBits; ///< over 2 x kSlots
    /// A slot written before it is read (m_size counts them): left unconstructed, so a plan's
    /// evaluation does not clear 48 points it mostly never uses.
    union Slot {
        Slot() {}
        ServingPoint point;
    };
    static_assert(std::is_trivially_destructible_v<ServingPoint>);
    const ServingModel &m_model;
    ClosedLoopCase m_case;
    std::array<std::uint8_t, kTable> m_index{}; ///< slot + 1 by hash; 0 = empty
    std::array<double, kSlots> m_batch;
    std::array<Slot, kSlots> m_point;
    std::size_t m_size = 0;
};

/// maxBatchWithinTarget over the points of `points`.
std::uint32_t maxBatchWithinTarget(ServingPoints &points, double target, std::uint32_t cap) {
    const auto tpotAt = [&](std::uint32_t b) { return points.at(b).tpotSeconds; };
    if (cap == 0 || !(target > 0) || tpotAt(1) > target) {
        return 0;
    }
    std::uint32_t lo = 1;
    std::uint32_t hi = cap;
    if (tpotAt(hi) <= target) {
        return hi;
    }
    while (hi - lo > 1) {
        const std::uint32_t mid = lo + (hi - lo) / 2;
        (tpotAt(mid) <= target ? lo : hi) = mid;
    }
    return lo;
}

/// Round a positive figure to whole tokens for the integer fields of the report.
std::uint64_t tokens(double x) {
    return std::uint64_t(std::llround(std::max(x, 0.0)));
}

} // namespace

std::string confidenceName(Confidence c) {
    switch (c) {
    case Confidence::Modelled:
        return "modelled";
    case Confidence::Calibrated:
        return "calibrated";
    case Confidence::Measured:
        return "measured";
    }
    return "modelled";
}

std::string confidenceLabel(Confidence c) {
    switch (c) {
    case Confidence::Modelled:
        return "modelled";
    case Confidence::Calibrated:
        return "calibrated by a probe report";
    case Confidence::Measured:
        return "measured";
    }
    return "modelled";
}

namespace {

/// defaultEfficiency()'s source text per engine, built once (the calibration is fixed at build
/// time and its source does not depend on the GPU): a plan evaluation builds no string.
std::string_view defaultEfficiencySource(Engine engine) {
    static const auto table = [] {
        std::array<std::string_view, 3> t;
        for (Engine e : {Engine::Vllm, Engine::Sglang, Engine::TensorRtLlm}) {
            t[std::size_t(e)] = stableText("HostPlan serving model, constants from " +
                                           std::string(servingConstants(e, GpuSpec{}).source));
        }
        return t;
    }();
    return table[std::size_t(engine)];
}

} // namespace

Efficiency defaultEfficiency(Engine engine, const GpuSpec &gpu) {
    Efficiency e;
    e.constants = servingConstants(engine, gpu);
    e.source = defaultEfficiencySource(engine);
    return e;
}

Efficiency calibratedEfficiency(const GpuSpec &gpu, const Efficiency &base,
                                const Calibration &cal) {
    Efficiency e = base;
    bool any = false;
    if (cal.hbmBandwidthBytesPerS > 0 || cal.decodeEfficiency > 0) {
        const double bw = cal.hbmBandwidthBytesPerS > 0 ? cal.hbmBandwidthBytesPerS
                                                        : gpu.hbmBandwidthBytesPerS * 0.89;
        const double gemv = cal.decodeEfficiency > 0 ? cal.decodeEfficiency : 0.92;
        if (gpu.hbmBandwidthBytesPerS > 0) {
            const double ratio =
                bw * gemv / (gpu.hbmBandwidthBytesPerS * kReferenceStreamingFraction);
            e.constants.effMem = std::min(0.95, base.constants.effMem * ratio);
            e.constants.effKv = std::min(0.95, base.constants.effKv * ratio);
            any = true;
        }
    }
    if (cal.prefillEfficiency > 0) {
        e.constants.computeScale =
            base.constants.computeScale * cal.prefillEfficiency / kReferenceGemmFraction;
        any = true;
    }
    if (any) {
        e.confidence = Confidence::Calibrated;
        e.source = cal.source.empty() ? std::string_view("probe report") : stableText(cal.source);
    }
    return e;
}

RequestLengths requestLengths(const Workload &w) {
    RequestLengths r;
    const double ctx = double(std::max<std::uint64_t>(w.contextTokens, 1));
    const double prompt = w.inputTokensPerMonth + w.cachedInputTokensPerMonth;
    const double all = prompt + w.outputTokensPerMonth;
    const double outShare = all > 0 ? w.outputTokensPerMonth / all : 0.125;
    r.outputTokens = w.outputTokensPerRequest ? double(*w.outputTokensPerRequest)
                                              : std::max(1.0, std::round(ctx * outShare));
    r.inputTokens = w.inputTokensPerRequest ? double(*w.inputTokensPerRequest)
                                            : std::max(0.0, ctx - r.outputTokens);
    r.uncachedShare = prompt > 0 ? w.inputTokensPerMonth / prompt : 1.0;
    return r;
}

ServingPoint ServingCase::at(const ServingModel &model, double batch) const {
    return model.closedLoop(batch, inputTokens, outputTokens, false, speculation, cachedTokens);
}

ServingCase servingCase(const Workload &w) {
    const RequestLengths len = requestLengths(w);
    ServingCase c;
    c.inputTokens = len.inputTokens;
    c.outputTokens = len.outputTokens;
    c.cachedTokens = len.inputTokens * (1.0 - len.uncachedShare);
    c.speculation = Speculation{w.speculativeTokens, w.speculativeAcceptance, 0.1};
    return c;
}

std::uint32_t maxBatchWithinTarget(const ServingModel &model, const ServingCase &sc, double target,
                                   std::uint32_t cap) {
    ServingPoints points(model, sc);
    return maxBatchWithinTarget(points, target, cap);
}

double scheduledSecondsPerMonth(const Scenario &s) {
    return s.pricing.hoursPerMonth * kSecondsPerHour * s.workload.hoursPerDay / 24.0;
}

namespace {

/// Whether vLLM overlaps its CPU scheduling with the GPU step under the plan's rules: the
/// v0.19 and v0.24 rules schedule asynchronously by default (vllm-project/vllm PR #27614 made
/// --async-scheduling the default, late 2025; PR #31998 keeps it on with EAGLE / MTP drafts
/// and turns it off for any other draft and for pipeline parallelism). The v0.11 and older
/// rules, and the calibration's measurements (vLLM v0.10.2 / v0.11.0), run synchronously
/// unless started with --async-scheduling. Read for the plan's layout and for every layout the
/// layout search and the fixed-count rule weigh (replicaFigures), so they rank as the plan
/// then serves.
bool vllmAsyncByDefault(const Scenario &s, const Parallelism &par) {
    const EngineSettings &e = s.engine;
    const bool otherDraft =
        s.workload.speculativeTokens > 0 && !e.draft.empty() && e.draft != "eagle";
    return e.engine == Engine::Vllm &&
           vllmV019Memory(e.vllmVersion.value_or(kDefaultVllmProfile)) && par.pp <= 1 &&
           !otherDraft;
}

} // namespace

ServingModel servingModelFor(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                             const MemoryBreakdown &memory, const Scenario &scenario,
                             std::uint32_t instance, const ServingConstants &constants) {
    CacheCost cache = memory.cache;
    // Each attention DP rank schedules its own max_num_seqs (and holds its own state slots).
    const std::uint32_t ranks = std::max(par.dp, 1u);
    std::uint32_t cap = replicaSequenceCap(scenario, gpu, &model, par);
    if (const std::uint64_t pool = memory.engine.stateSlotsInPool; pool > 0) {
        const std::uint64_t held =
            pool / std::max<std::uint32_t>(cache.stateSlotsPerRequest, 1) * ranks;
        cap = std::uint32_t(std::min<std::uint64_t>(cap > 0 ? cap : held, held));
        cache.stateSlotsPerRequest = 0;
    }
    ServingConstants c = constants;
    c.overlap = c.overlap || vllmAsyncByDefault(scenario, par);
    return ServingModel(model, gpu, par, cache, double(memory.kvCapacityBytesPerGpu),
                        scenario.engine.engine, batchedTokens(scenario, gpu, &model), instance, c,
                        cap);
}

ServingModel servingModel(const PlanResult &plan, const Efficiency &efficiency) {
    return servingModelFor(plan.model, plan.gpu, plan.layout, plan.memory, plan.scenario,
                           plan.instanceSize(), efficiency.constants);
}

Throughput computeThroughput(const PlanResult &plan, const Efficiency &efficiency) {
    Throughput t;
    const Scenario &s = plan.scenario;
    const Workload &w = s.workload;
    const std::uint32_t node = plan.instanceSize();
    const double replicas = double(std::max<std::uint32_t>(plan.replicas, 1));
    const ServingModel model = servingModel(plan, efficiency);
    t.computed = true;
    t.efficiency = efficiency;
    t.confidence = efficiency.confidence;
    t.efficiencySource = efficiency.source;
    t.nodes = std::uint32_t(ceilDiv(std::max<std::uint32_t>(plan.rentedGpus(), 1), node));
    t.contextTokens = w.contextTokens;
    t.effectiveBandwidthBytesPerS = plan.gpu.hbmBandwidthBytesPerS * efficiency.constants.effMem;

    const ServingCase sc = servingCase(w);
    const double isl = sc.inputTokens;
    const double osl = sc.outputTokens;
    const double meanCtx = isl + osl / 2.0;
    ServingPoints points(model, sc);
    const auto serve = [&](double batch) { return points.at(batch); };

    // Prefill of one full-context prompt, alone on the plan (closed form over its chunks).
    {
        Prefill &pf = t.prefill;
        pf.promptTokens = w.contextTokens;
        pf.chunkTokens = batchedTokens(s, plan.gpu, &plan.model);
        const double ctx = double(w.contextTokens);
        const double chunk = std::max<double>(pf.chunkTokens, 1);
        const double steps = std::ceil(ctx / chunk);
        const double n = std::min(ctx, chunk);
        StepParts parts;
        const double one = model.step(0, 0, n, model.prefillAttnFlops(ctx) * n / ctx, &parts);
        pf.seconds = steps * one * double(std::max<std::uint32_t>(plan.layout.pp, 1));
        pf.tokensPerSecond = pf.seconds > 0 ? ctx / pf.seconds : 0;
        pf.computeBound = parts.computeBound;
    }

    // Capacity limits.
    Capacity &c = t.capacity;
    c.targetSecondsPerOutputToken = w.targetSecondsPerOutputToken;
    c.utilisation = w.utilisation;
    c.inputTokensPerRequest = isl;
    c.outputTokensPerRequest = osl;
    const std::uint32_t block = engineDefaults(s.engine.engine).kvBlockTokens;
    // A running request holds at most its own prompt and output in the paged KV cache (the
    // engines allocate blocks as it grows), so the KV room's batch is counted at that length,
    // not at the context the engine is started with (vLLM runs 32 requests of 1,024 + 1,024
    // tokens where 27 of its 40,960-token max_model_len would fit). By default the request is
    // the whole context (servingCase), and the two are the same.
    const std::uint64_t requestTokens = std::clamp<std::uint64_t>(
        std::uint64_t(std::ceil(isl + osl)), 1, std::max<std::uint64_t>(w.contextTokens, 1));
    c.memoryMaxBatch = plan.memory.kvCapacityBytesPerGpu > 0
                           ? maxConcurrency(plan.memory, requestTokens, block)
                           : 0;
    // runningSequenceCap(scenario, gpu), which the serving model already looked up (exact in a
    // double).
    c.engineMaxBatch = std::uint32_t(model.features().engineMaxSeqs);

    // The running batch at the workload's concurrency: capped by the KV room (at the whole
    // request, prompt + output) and the engine's cap; continuous batching queues the rest. A plan
    // that holds none runs what the serving model's own KV cap lets it (one sequence when
    // nothing fits; shown for reference only), so that its per-user and total rates are of
    // the same batch.
    std::uint32_t running =
        std::uint32_t(ceilDiv(std::max<std::uint32_t>(w.concurrency, 1), std::uint32_t(replicas)));
    if (c.memoryMaxBatch > 0) {
        running = std::min(running, c.memoryMaxBatch);
    }
    if (c.engineMaxBatch > 0) {
        running = std::min(running, c.engineMaxBatch);
    }
    {
        ServingPoint sp = serve(running);
        if (sp.runningBatch < double(running)) {
            running = std::max(1u, std::uint32_t(sp.runningBatch));
            sp = serve(running);
        }
        DecodeStep &d = t.atConcurrency;
        d.batch = running;
        d.contextTokens = tokens(meanCtx);
        d.microBatch = std::uint32_t(ceilDiv(running, std::max<std::uint32_t>(plan.layout.pp, 1)));
        StepParts parts;
        model.step(double(d.microBatch), meanCtx, 0, 0, &parts);
        d.expertCoverage = parts.expertCoverage;
        d.weightBytesPerGpu = parts.weightBytes;
        d.cacheBytesPerGpu = parts.cacheBytes;
        d.memorySeconds = parts.memorySeconds;
        d.computeSeconds = parts.computeSeconds;
        d.commSeconds = parts.commSeconds;
        d.overheadSeconds = parts.overheadSeconds;
        d.computeBound = parts.computeBound;
        d.stageSeconds = sp.stepSeconds / std::max<std::uint32_t>(plan.layout.pp, 1);
        d.tokenLatencySeconds = sp.tpotSeconds;
        d.ttftSeconds = sp.ttftSeconds;
        d.ttftWaveSeconds =
            std::max(sp.ttftSeconds, model.waveTtftSeconds(running, isl, sc.cachedTokens));
        d.tpotSeconds = sp.tpotSeconds;
        d.tokensPerSecondPerSequence = sp.tpotSeconds > 0 ? 1.0 / sp.tpotSeconds : 0;
        // The workload's sequences spread over the replicas: with fewer sequences than
        // replicas x the running batch (a search that rented for the monthly volume), some
        // replicas run one sequence fewer and some none, and only busy ones serve tokens.
        const std::uint64_t c = std::max<std::uint32_t>(w.concurrency, 1);
        const std::uint64_t nReplicas = std::uint64_t(replicas);
        if (std::uint64_t(running) * nReplicas > c && c / nReplicas < running) {
            const std::uint64_t full = c % nReplicas ? c % nReplicas : nReplicas;
            const std::uint32_t lighter = std::uint32_t(c / nReplicas);
            d.tokensPerSecond =
                sp.outputTokensPerSecond * double(full) +
                (lighter > 0 ? serve(lighter).outputTokensPerSecond * double(nReplicas - full)
                             : 0.0);
            d.busyReplicas = std::uint32_t(lighter > 0 ? nReplicas : full);
        } else {
            d.tokensPerSecond = sp.outputTokensPerSecond * replicas;
            d.busyReplicas = std::uint32_t(nReplicas);
        }
    }

    // Largest running batch whose median time per output token (prefill interference in) meets
    // the target.
    c.latencyMaxBatch =
        maxBatchWithinTarget(points, c.targetSecondsPerOutputToken, c.latencySearchTop());
    c.batch = std::min(c.memoryMaxBatch, c.latencyMaxBatch);
    if (c.engineMaxBatch > 0) {
        c.batch = std::min(c.batch, c.engineMaxBatch);
    }
    const double usdPerHour = plan.rental.usdPerHour;
    const double scheduledSeconds = scheduledSecondsPerMonth(s);
    c.usdPerMTokOutput = c.usdPerMTokOutputLow = c.usdPerMTokOutputHigh = kInf;
    if (c.batch > 0) {
        const ServingPoint sp = serve(c.batch);
        c.ttftSeconds = sp.ttftSeconds;
        c.tpotSeconds = sp.tpotSeconds;
        c.tokensPerSecondPerUser = sp.tpotSeconds > 0 ? 1.0 / sp.tpotSeconds : 0;
        // Without speculation the closed loop's step is this decode step when it ran the batch.
        const double decodeOnly =
            sc.speculation.draftTokens == 0 && sp.runningBatch == double(c.batch)
                ? sp.stepSeconds
                : model.decodeTokenSeconds(c.batch, meanCtx);
        // Every replica runs its own capacity batch.
        c.outputTokensPerSecond = decodeOnly > 0 ? c.batch / decodeOnly * replicas : 0;
        c.outputTokensPerSecondPerNode = c.outputTokensPerSecond / t.nodes;
        c.servingOutputTokensPerSecond = sp.outputTokensPerSecond * replicas;
        c.outputTokensPerMonth = c.servingOutputTokensPerSecond * scheduledSeconds * c.utilisation;
        c.usersServed = w.heavyUserTokensPerMonth > 0
                            ? c.outputTokensPerMonth / w.heavyUserTokensPerMonth
                            : 0.0;
        const double monthly = plan.rental.usdPerMonthScheduled;
        const auto perM = [&](double perMonth) {
            return perMonth > 0 ? monthly / perMonth * 1e6 : kInf;
        };
        c.usdPerMTokOutput = perM(c.outputTokensPerMonth);
        c.tokensPerSecondPerUsdPerHour =
            usdPerHour > 0 ? c.servingOutputTokensPerSecond / usdPerHour : kInf;
        // At most 2^32 - 1 copies (a workload billions of times the plan's capacity).
        c.replicasForWorkload = c.outputTokensPerMonth > 0
                                    ? std::uint32_t(std::clamp(std::ceil(w.outputTokensPerMonth /
                                                                         c.outputTokensPerMonth),
                                                               1.0, 4294967295.0))
                                    : 0;
        c.carriesWorkload = c.replicasForWorkload == 1;
        // The band of the measured error on the reference rows.
        c.band = throughputBand(s.engine.engine, plan.gpu, servingRegimeOf(c.batch, isl, osl));
        if (efficiency.confidence != Confidence::Modelled) {
            c.band.source = stableText(std::string(c.band.source) + "; constants from " +
                                       std::string(efficiency.source));
        }
        c.servingOutputTokensPerSecondLow = c.servingOutputTokensPerSecond * c.band.low;
        c.servingOutputTokensPerSecondHigh = c.servingOutputTokensPerSecond * c.band.high;
        c.outputTokensPerMonthLow = c.outputTokensPerMonth * c.band.low;
        c.outputTokensPerMonthHigh = c.outputTokensPerMonth * c.band.high;
        c.usersServedLow = c.usersServed * c.band.low;
        c.usersServedHigh = c.usersServed * c.band.high;
        c.usdPerMTokOutputLow = perM(c.outputTokensPerMonthHigh);
        c.usdPerMTokOutputHigh = perM(c.outputTokensPerMonthLow);
    } else {
        c.band = throughputBand(s.engine.engine, plan.gpu, servingRegimeOf(running, isl, osl));
    }

    // Curve (one replica's batch): powers of two up to twice the memory limit or the request
    // (at least 64), plus the limits within that.
    const std::uint32_t requested = std::uint32_t(ceilDiv(w.concurrency, std::uint32_t(replicas)));
    // Powers of two up to 2 x kMaxLatencySearchBatch (18) and the three limits: on the stack.
    std::array<std::uint32_t, 24> batchList{};
    std::size_t count = 0;
    // The latency limit does not raise it: no engine runs more sequences than the KV room holds
    // (the serving model caps the running batch there), so the curve past twice the memory limit
    // (or the request) would run flat to the search's top.
    const std::uint32_t top = std::min<std::uint32_t>(std::max({c.memoryMaxBatch, requested, 64u}),
                                                      kMaxLatencySearchBatch);
    for (std::uint32_t b = 1; b <= 2 * top; b *= 2) {
        batchList[count++] = b;
    }
    // The limits go in by insertion: the powers of two are already in order.
    for (std::uint32_t b : {c.memoryMaxBatch, c.latencyMaxBatch, requested}) {
        if (b > 0 && b <= 2 * top) {
            std::size_t i = count++;
            for (; i > 0 && batchList[i - 1] > b; --i) {
                batchList[i] = batchList[i - 1];
            }
            batchList[i] = b;
        }
    }
    const auto first = batchList.begin();
    const auto last = std::unique(first, first + count);
    for (auto it = first; it != last; ++it) {
        const std::uint32_t b = *it;
        const ServingPoint sp = serve(b);
        BatchPoint p;
        p.batch = b;
        p.tokenLatencySeconds = sp.tpotSeconds;
        p.tokensPerSecondPerUser = sp.tpotSeconds > 0 ? 1.0 / sp.tpotSeconds : 0;
        p.tokensPerSecond = sp.outputTokensPerSecond * replicas;
        p.tokensPerSecondPerNode = p.tokensPerSecond / t.nodes;
        p.withinMemory = b <= c.memoryMaxBatch;
        p.withinTarget = sp.tpotSeconds <= c.targetSecondsPerOutputToken;
        t.curve.push_back(p);
    }
    return t;
}

void applyCalibration(PlanResult &plan, const Calibration &calibration) {
    const Efficiency base = defaultEfficiency(plan.scenario.engine.engine, plan.gpu);
    plan.throughput = computeThroughput(plan, calibratedEfficiency(plan.gpu, base, calibration));
}

} // namespace hostplan
