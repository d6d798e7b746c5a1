// SPDX-License-Identifier: MIT
// Throughput of a plan: the serving model (sizing/servingmodel.h: continuous batching with
// chunked prefill sharing steps with decode, per-step and per-sequence overheads, GEMM
// efficiency by shape, TP all-reduces, speculative decoding) evaluated at the workload's
// concurrency and at the capacity batch (the largest running batch whose time per output token,
// prefill interference included, meets the target), with the cost and volume that follow and a
// band from the model's measured error on the reference rows (issue 14). Qt-free.
//
// Constants come from resources/throughput-calibration.json (fitted once per engine and GPU
// class by tools/throughput-fit/fit.py); a probe report's measurements rescale them
// (calibratedEfficiency). Every figure carries a Confidence and a ThroughputBand.
#pragma once

#include "model/hardware.h"
#include "model/modelspec.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "sizing/servingmodel.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

struct PlanResult;

/// How far a throughput figure can be trusted.
enum class Confidence {
    /// HostPlan's serving model with constants fitted to published serving measurements
    /// (resources/throughput-calibration.json), not measured on this node: read with its band.
    Modelled,
    Calibrated, ///< efficiencies replaced by a probe report's measurements
    Measured,   ///< measured end to end on the plan's hardware and engine
};

/// "modelled", "calibrated", "measured" (JSON); human-readable via confidenceLabel.
std::string confidenceName(Confidence confidence);
/// Human-readable: "modelled", "calibrated by a probe
/// report", "measured".
std::string confidenceLabel(Confidence confidence);

/// What a probe report measured, in the terms the throughput model uses. The probe engineer
/// fills this from probe::ProbeReport (bandwidth d2d_bytes_per_s, the MXFP4 GEMV row's
/// pct_of_copy_bandwidth, the GEMM row's pct_of_cublas_bf16 x cuBLAS' share of the peak).
/// Zero fields keep the default.
struct Calibration {
    double hbmBandwidthBytesPerS = 0; ///< measured device copy bandwidth (read + written), B/s
    double decodeEfficiency = 0;      ///< fraction of that bandwidth the GEMV kernels reach
    double prefillEfficiency = 0;     ///< fraction of the peak tensor rate GEMMs reach
    std::string source;               ///< e.g. "probe report node-17, 2026-11-29T21:40:00Z"
};

/// The serving model's constants with their confidence and source.
struct Efficiency {
    ServingConstants constants;
    Confidence confidence = Confidence::Modelled;
    /// Static text or stableText() (calibratedEfficiency keeps the probe's source there).
    std::string_view source = "HostPlan serving model fitted to published measurements";
};

/// The fitted constants for `engine` on `gpu` (servingConstants()), confidence Modelled
/// (a model fitted elsewhere, not measured on this node).
Efficiency defaultEfficiency(Engine engine, const GpuSpec &gpu);
/// `base` with a probe's measurements in place: the weight-streaming efficiency scaled by the
/// measured GEMV bandwidth over the reference the fit implies (0.89 copy x 0.92 GEMV of the data
/// sheet), the compute scale by the measured GEMM efficiency over cuBLAS BF16's 0.73 of peak on
/// an H200 (../shared/TOOLCHAIN.md); confidence Calibrated. Zero fields keep base's values; a
/// calibration with no field set changes nothing.
Efficiency calibratedEfficiency(const GpuSpec &gpu, const Efficiency &base,
                                const Calibration &calibration);

/// Per-request lengths of a workload: inputTokensPerRequest / outputTokensPerRequest when set,
/// else contextTokens split in the monthly mix's (input + cached) : output ratio (all output
/// when the mix has no tokens at all: 1/8 of the context, at least 1).
struct RequestLengths {
    double inputTokens = 0;
    double outputTokens = 1;
    double uncachedShare = 1; ///< share of the prompt that is prefilled (the rest hits the cache)
};
RequestLengths requestLengths(const Workload &workload);

/// One decode step (a token for each of `batch` sequences), for the whole plan.
struct DecodeStep {
    std::uint32_t batch = 0;
    std::uint64_t contextTokens = 0;
    std::uint32_t microBatch = 0; ///< sequences per pipeline stage pass, ceil(B / PP)
    double expertCoverage = 0;    ///< share of routed experts touched, 1 - (1 - k/E)^b
    double weightBytesPerGpu = 0; ///< weights streamed per stage pass, one GPU
    double cacheBytesPerGpu = 0;  ///< KV + state read per stage pass, one GPU
    double ttftSeconds = 0;       ///< median time to first token at this batch (serving model)
    /// Mean time to first token when the batch's prompts arrive together, as a closed-loop
    /// benchmark's waves do (ServingModel::waveTtftSeconds): the top of the TTFT range.
    double ttftWaveSeconds = 0;
    double tpotSeconds = 0;         ///< median time per output token, prefill interference in
    double memorySeconds = 0;       ///< bytes / effective bandwidth
    double computeSeconds = 0;      ///< FLOPs / effective rate
    double commSeconds = 0;         ///< TP all-reduces + PP hop
    double overheadSeconds = 0;     ///< fixed + per layer + per sequence
    double stageSeconds = 0;        ///< one stage pass
    double tokenLatencySeconds = 0; ///< time per output token of one sequence, PP x stage
    double tokensPerSecondPerSequence = 0;
    /// The whole plan (all its GPUs): the workload's sequences spread over the replicas, so
    /// with fewer than replicas x batch some replicas run one fewer, or none (busyReplicas).
    double tokensPerSecond = 0;
    /// Replicas that run at least one of the workload's sequences (all of them unless the
    /// workload has fewer sequences than the plan has replicas).
    std::uint32_t busyReplicas = 0;
    bool computeBound = false;
};

/// Prefill of one prompt.
struct Prefill {
    std::uint64_t promptTokens = 0;
    std::uint32_t chunkTokens = 0; ///< engine's prefill chunk (max_num_batched_tokens)
    double seconds = 0;            ///< time to process the prompt (time to first token
                                   ///< without queueing)
    double tokensPerSecond = 0;    ///< prompt tokens / seconds
    bool computeBound = false;
};

/// One point of the throughput-against-batch curve.
struct BatchPoint {
    std::uint32_t batch = 0;
    double tokenLatencySeconds = 0;
    double tokensPerSecondPerUser = 0;
    double tokensPerSecond = 0;        ///< the whole plan
    double tokensPerSecondPerNode = 0; ///< the plan's rate / its nodes
    bool withinMemory = false;         ///< batch <= the memory limit at the context
    bool withinTarget = false;         ///< time per output token <= the target
};

/// The throughput-against-batch curve, held inline: a plan's curve has the powers of two up to
/// 2^17 and the three limits, at most 21 points, so computing a plan's throughput allocates
/// nothing. Read like a vector (size, [], begin/end, range-for).
class BatchCurve {
  public:
    static constexpr std::size_t kMaxPoints = 24;
    /// Append a point; points beyond kMaxPoints are dropped (computeThroughput makes at most 21).
    void push_back(const BatchPoint &p) {
        if (m_size < kMaxPoints) {
            m_points[m_size++] = p;
        }
    }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const BatchPoint &operator[](std::size_t i) const { return m_points[i]; }
    const BatchPoint &front() const { return m_points[0]; }
    const BatchPoint &back() const { return m_points[m_size - 1]; }
    const BatchPoint *begin() const { return m_points.data(); }
    const BatchPoint *end() const { return m_points.data() + m_size; }

  private:
    std::array<BatchPoint, kMaxPoints> m_points;
    std::size_t m_size = 0;
};

/// Largest running batch the target search and the throughput curve consider (sequences).
/// Capacity::latencyMaxBatch equals it (or the engine's cap, when there is one) when the time
/// per output token stays within the target at every batch searched: latency then does not
/// limit the batch.
inline constexpr std::uint32_t kMaxLatencySearchBatch = 1u << 16;

/// What the plan can carry at the workload's context and target time per output token.
struct Capacity {
    double targetSecondsPerOutputToken = 0;
    double utilisation = 0;
    std::uint32_t memoryMaxBatch = 0; ///< requests (prompt + output) the KV room holds at once
    /// Largest batch meeting the target (0: none); the search's top (engineMaxBatch, else
    /// kMaxLatencySearchBatch) when the target does not bind.
    std::uint32_t latencyMaxBatch = 0;
    std::uint32_t engineMaxBatch = 0; ///< the running cap (runningSequenceCap; 0 none)
    std::uint32_t batch = 0;          ///< min of the three
    /// The top of the latency search (sequences): engineMaxBatch, else kMaxLatencySearchBatch.
    /// latencyMaxBatch at or above it means the target does not limit the batch.
    std::uint32_t latencySearchTop() const {
        return engineMaxBatch > 0 ? engineMaxBatch : kMaxLatencySearchBatch;
    }
    double tokensPerSecondPerUser = 0; ///< at `batch`
    double outputTokensPerSecond = 0;  ///< decode only, the whole plan, at `batch`
    double outputTokensPerSecondPerNode = 0;
    /// Sustained output tokens/s when the workload's uncached input is prefilled too
    /// (input / output ratio from the monthly token mix; cached input assumed prefix-cache hits).
    double servingOutputTokensPerSecond = 0;
    double outputTokensPerMonth = 0; ///< serving rate x scheduled seconds x utilisation
    double usersServed = 0;          ///< / heavy-user tokens per month
    double usdPerMTokOutput = 0;     ///< scheduled monthly cost / outputTokensPerMonth x 1e6
    /// Serving output tokens/s per USD per hour of rental (the seeds' "tokens per second per
    /// dollar").
    double tokensPerSecondPerUsdPerHour = 0;
    /// Copies of the plan needed to carry the workload's output tokens per month (0 when the
    /// plan carries nothing at the target).
    std::uint32_t replicasForWorkload = 0;
    bool carriesWorkload = false; ///< one copy carries the monthly volume
    /// Median time to first token and per output token at `batch` (closed loop at the
    /// workload's request lengths).
    double ttftSeconds = 0;
    double tpotSeconds = 0;
    double inputTokensPerRequest = 0; ///< requestLengths()
    double outputTokensPerRequest = 0;
    /// The band of the serving rate (measured error on the reference rows) and the figures at
    /// its ends: low = the slow end (low rate, low volume, high cost per 1M).
    ThroughputBand band;
    double servingOutputTokensPerSecondLow = 0, servingOutputTokensPerSecondHigh = 0;
    double outputTokensPerMonthLow = 0, outputTokensPerMonthHigh = 0;
    double usersServedLow = 0, usersServedHigh = 0;
    double usdPerMTokOutputLow = 0;  ///< at the fast end (cheapest)
    double usdPerMTokOutputHigh = 0; ///< at the slow end
};

/// Every throughput figure of a plan.
struct Throughput {
    bool computed = false;
    Confidence confidence = Confidence::Modelled;
    std::string_view efficiencySource; ///< efficiency.source
    Efficiency efficiency;
    std::uint32_t nodes = 1;                ///< ceil(GPUs rented / GPUs per node)
    std::uint64_t contextTokens = 0;        ///< workload context the figures are at
    double effectiveBandwidthBytesPerS = 0; ///< data sheet x eff_mem
    /// Decode at the running batch: the workload's concurrency (its share per replica) capped
    /// by the KV room and the engine's cap (the rest waits in the queue).
    DecodeStep atConcurrency;
    Prefill prefill; ///< a prompt of the full context
    Capacity capacity;
    BatchCurve curve; ///< one replica's batch 1, 2, 4, ... plus the limits
};

/// The workload's serving case on one copy of a plan, as computeThroughput and the layout
/// search evaluate it: closed loop at the workload's request lengths (requestLengths()), the
/// cached share of each prompt served from the prefix cache, and its speculative decoding.
struct ServingCase {
    double inputTokens = 0;  ///< prompt tokens per request (ISL)
    double outputTokens = 1; ///< output tokens per request (OSL)
    double cachedTokens = 0; ///< prompt tokens per request that hit the prefix cache
    Speculation speculation;
    /// The closed loop of `batch` sequences on `model` (ServingModel::closedLoop).
    ServingPoint at(const ServingModel &model, double batch) const;
};
/// The serving case of a workload (see ServingCase).
ServingCase servingCase(const Workload &workload);

/// Largest running batch from 1 to `cap` whose median time per output token (prefill
/// interference in) meets `targetSeconds`; 0 when one sequence is already slower or the target
/// is not positive. TPOT grows with the batch, so a binary search (about log2(cap) closed-loop
/// evaluations).
std::uint32_t maxBatchWithinTarget(const ServingModel &model, const ServingCase &servingCase,
                                   double targetSeconds, std::uint32_t cap);

/// Seconds a month the plan is scheduled to run: hours_per_month x hours_per_day / 24.
double scheduledSecondsPerMonth(const Scenario &scenario);

/// The serving model of `model` on `gpu` under `par` whose memory is `memory` (what
/// servingModel(plan) and the layout search build): its KV room and cache cost, the scenario's
/// engine, batched tokens and running cap, `instance` GPUs per node. An engine that keeps
/// linear-attention state in a pool of its own (SGLang, EngineMemoryTerms::stateSlotsInPool)
/// has taken it out of the KV room: a sequence takes only its KV there, and the pool's slots /
/// slots per request cap the batch (as maxConcurrency, sizing/fit.h, counts them). vLLM's
/// rules from v0.19 overlap scheduling with the GPU step by default at PP 1 (async scheduling,
/// PR #27614): `constants.overlap` is turned on there, for the plan and the layouts it weighs.
ServingModel servingModelFor(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                             const MemoryBreakdown &memory, const Scenario &scenario,
                             std::uint32_t instance, const ServingConstants &constants);

/// The serving model of an evaluated plan (features built once; what computeThroughput uses),
/// on the plan's instance size (PlanResult::instanceSize()).
ServingModel servingModel(const PlanResult &plan, const Efficiency &efficiency);

/// Throughput of an evaluated plan with `efficiency` (evaluate() uses defaultEfficiency()).
/// With data-parallel replicas (PlanResult::replicas) the batches, TTFT and TPOT are one
/// replica's (the workload's sequences split evenly over the replicas) and every tokens/s,
/// monthly volume and user figure covers all replicas.
Throughput computeThroughput(const PlanResult &plan, const Efficiency &efficiency);
/// Recompute plan.throughput with a probe's calibration (confidence becomes Calibrated).
void applyCalibration(PlanResult &plan, const Calibration &calibration);

} // namespace hostplan
