// Throughput model: decode step time against batch size and context, prefill time, and the
// capacity of a plan (largest batch the memory and a target time per output token allow, users
// served, cost per 1M output tokens, tokens/s per dollar-hour). Qt-free.
//
// Decode step of one pipeline stage for a micro-batch of b sequences at context C:
//
//   t_stage(b, C) = max(bytes / effective HBM bandwidth, FLOPs / effective peak rate)
//                   + TP communication + fixed overheads                              (issue 7)
//
// - bytes: weights the stage's GPU streams (every non-expert group in full; routed experts only
//   the expected share touched, 1 - (1 - k/E)^b, the probability that at least one of b tokens
//   picks a given expert under uniform top-k routing; embeddings are a row gather; the vision
//   tower is not read for text) plus the KV / state each sequence reads (full-attention KV x C,
//   sliding-window KV x min(C, window), recurrent state read and written once).
// - FLOPs: 2 x active parameters per token (matmuls, multiply + add) plus attention scores
//   (4 x q heads x head dim x attended tokens per layer; MLA absorbed: q heads x (2 x (latent +
//   rope) + 2 x latent) x attended tokens), divided over TP x PP.
// - Rate: FP8 weights and FP4 weights on GPUs with FP4 tensor cores use the FP8 rate (the
//   engines' native FP4 MoE kernels take MXFP8 activations); everything else, including FP4 /
//   INT4 weights that are dequantized (MXFP4 on Hopper, Marlin), the BF16 rate. P4 in
//   observed-throughput.md (MXFP4 x BF16 GEMM at about half the BF16 peak) backs the latter.
// - Communication: 2 all-reduces per layer when TP > 1 (after attention and after the MLP /
//   MoE, Megatron-LM's layout), each latency + 2 (n - 1) / n x tokens x hidden x 2 B over the
//   interconnect's bus bandwidth (ring all-reduce; nccl-tests' bus bandwidth definition);
//   a pipeline hop between stages sends tokens x hidden x 2 B.
// - Overheads: a fixed cost per step (scheduler, sampling, input preparation) and one per layer
//   (about a dozen kernels per layer that cannot run faster than a few microseconds each, even
//   inside CUDA graphs).
// With PP > 1 the batch is split into PP micro-batches that keep every stage busy: a token of a
// sequence takes PP x t_stage(B / PP), and the plan emits B tokens in that time.
//
// What the model leaves out, and so where it is optimistic (../shared/reference/
// observed-throughput.md, "lessons"): MoE load imbalance across EP ranks, per-request CPU work
// that grows with the batch (detokenisation, streaming), running outside CUDA graphs above
// their largest captured batch, and prefill interfering with decode beyond the additive
// serving formula. Every figure therefore carries a Confidence.
#pragma once

#include "model/hardware.h"
#include "sizing/memory.h"
#include "model/modelspec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hostplan {

struct PlanResult;

/// How far a throughput figure can be trusted.
enum class Confidence {
    RooflineBound, ///< data-sheet rates x documented default efficiencies: an upper bound
    Calibrated,    ///< efficiencies replaced by a probe report's measurements
    Measured,      ///< measured end to end on the plan's hardware and engine
};

/// "roofline_bound", "calibrated", "measured" (JSON); "roofline bound", ... via confidenceLabel.
std::string confidenceName(Confidence confidence);
/// Human-readable: "roofline bound", "calibrated by a probe report", "measured".
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

/// Efficiency factors and fixed costs of the model. defaultEfficiency() documents each default
/// and its source.
struct Efficiency {
    /// Device copy bandwidth as a fraction of the data-sheet HBM bandwidth. Default 0.89:
    /// 4.27 TB/s measured on an H200 (cudaMemcpy device to device, bytes read + written) over
    /// its 4.8 TB/s data-sheet figure (../shared/TOOLCHAIN.md, 2026-11-29).
    double copyFractionOfPeak = 0.89;
    /// Fraction of copy bandwidth that weight-streaming GEMV kernels reach. Default 0.92: cuBLAS
    /// BF16 GEMV at batch 1 (issue 7's brief; the probe measures it per kernel).
    double gemvFractionOfCopy = 0.92;
    /// Bandwidth of dequantizing weight-only kernels (INT4 / FP4 weights on GPUs without FP4
    /// tensor cores) relative to a BF16 GEMV. Default 0.81: Marlin INT4 reaches 3.1-3.2x over
    /// FP16 at batch 1-16 where the byte ratio is 16 / 4.125 = 3.88x (observed-throughput.md P3).
    double dequantBandwidthFactor = 0.81;
    /// Fraction of the peak tensor rate reached by the GEMMs of prefill (and of decode when it
    /// is compute-bound). Default 0.5: an MXFP4 x BF16 GEMM at M = 4096 reaches 1,265.7 TFLOP/s,
    /// 51% of the MI355X's 2.5 PFLOP/s dense BF16 rate (observed-throughput.md P4); cuBLAS BF16
    /// alone reaches 0.73 of the H200's peak at M = 4096 (TOOLCHAIN.md), and attention, norms and
    /// launches lower the end-to-end figure.
    double computeEfficiency = 0.5;
    /// Fraction of the interconnect's one-way per-GPU bandwidth that all-reduce bus bandwidth
    /// reaches. Default 0.8 (nccl-tests bus bandwidth on NVLink systems is typically 75-85% of
    /// the link rate; the probe's all-reduce rows measure it).
    double interconnectEfficiency = 0.8;
    /// Latency of one small all-reduce inside a node. Default 10 us (one-shot custom
    /// all-reduce / NCCL LL protocol on NVLink, a few microseconds of sync plus the launch).
    double allReduceLatencyS = 10e-6;
    /// Bandwidth and latency per GPU when TP or PP crosses nodes: 400 Gb/s NIC per GPU
    /// (InfiniBand NDR / RoCE) = 50 GB/s, 30 us per collective.
    double interNodeBytesPerS = 50e9;
    double interNodeLatencyS = 30e-6;
    /// Fixed cost per decode or prefill step (scheduler, sampler, input preparation), 1 ms, and
    /// per layer per step (about 12 kernels at ~2.5 us each inside CUDA graphs), 30 us. Both
    /// fitted to observed-throughput.md P1 at concurrency 8 (vLLM, gpt-oss-120b, 8x H200),
    /// where the roofline alone gives 1.4 ms of the ~3.8 ms step; P1 at 128 and P2 check them.
    double stepOverheadS = 1e-3;
    double layerOverheadS = 30e-6;
    /// Per sequence per step (CPU work growing with the batch). Default 0: P1's two points leave
    /// no room for it below batch 128; P2 (batch ~700) suggests it dominates far above that.
    double perSequenceOverheadS = 0;
    Confidence confidence = Confidence::RooflineBound;
    std::string source = "HostPlan defaults (data-sheet rates x documented efficiencies)";
};

/// The documented defaults (see Efficiency's field comments). Same for every GPU.
Efficiency defaultEfficiency();
/// Defaults with a probe's measurements in place: the copy fraction becomes measured /
/// data-sheet bandwidth, GEMV and compute efficiencies the measured ones; confidence
/// Calibrated. Zero fields keep the defaults; a calibration with no field set changes nothing.
Efficiency calibratedEfficiency(const GpuSpec &gpu, const Calibration &calibration);

/// One decode step (a token for each of `batch` sequences), for the whole plan.
struct DecodeStep {
    std::uint32_t batch = 0;
    std::uint64_t contextTokens = 0;
    std::uint32_t microBatch = 0;   ///< sequences per pipeline stage pass, ceil(B / PP)
    double expertCoverage = 0;      ///< share of routed experts touched, 1 - (1 - k/E)^b
    double weightBytesPerGpu = 0;   ///< weights streamed per stage pass, one GPU
    double cacheBytesPerGpu = 0;    ///< KV + state read per stage pass, one GPU
    double flopsPerGpu = 0;         ///< per stage pass, one GPU
    double memorySeconds = 0;       ///< bytes / effective bandwidth
    double computeSeconds = 0;      ///< FLOPs / effective rate
    double commSeconds = 0;         ///< TP all-reduces + PP hop
    double overheadSeconds = 0;     ///< fixed + per layer + per sequence
    double stageSeconds = 0;        ///< one stage pass
    double tokenLatencySeconds = 0; ///< time per output token of one sequence, PP x stage
    double tokensPerSecondPerSequence = 0;
    double tokensPerSecond = 0; ///< the whole plan (all its GPUs)
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

/// The model bound to one plan's model, GPU, layout, cache cost and efficiencies.
class ThroughputModel {
  public:
    ThroughputModel(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &layout,
                    const CacheCost &cache, std::uint32_t gpusPerNode,
                    std::uint32_t prefillChunkTokens, const Efficiency &efficiency);

    /// Expected share of routed experts that b tokens touch with top-k over E experts:
    /// 1 - (1 - k/E)^b (uniform, independent routing); 1 for a dense model.
    static double expertCoverage(std::uint32_t experts, std::uint32_t topK, double tokens);

    /// One decode step for `batch` sequences each attending `contextTokens` tokens.
    DecodeStep decode(std::uint32_t batch, std::uint64_t contextTokens) const;
    /// Prefill of `promptTokens` in chunks of the engine's chunk size (compute-bound for long
    /// prompts; the same communication and overhead terms as decode).
    Prefill prefill(std::uint64_t promptTokens) const;
    /// Seconds of plan time per prompt token when prompts are prefilled in full chunks (the
    /// steady-state cost that serving adds per input token): one chunk's stage time / chunk.
    double prefillSecondsPerToken(std::uint64_t contextTokens) const;
    /// Output tokens/s of a serving benchmark with `batch` requests in flight, each with
    /// `promptTokens` in and `outputTokens` out: each request's prefill adds to the shared
    /// timeline, so rate = B x O / (O x t_token(B, P + O/2) + B x P x prefill s/token).
    double servingOutputTokensPerSecond(std::uint32_t batch, double promptTokens,
                                        double outputTokens) const;
    /// Largest batch whose time per output token at `contextTokens` is at most `targetSeconds`,
    /// searched up to `limit`; 0 when even one sequence is slower.
    std::uint32_t maxBatchForTarget(double targetSeconds, std::uint64_t contextTokens,
                                    std::uint32_t limit) const;

    const Efficiency &efficiency() const { return m_eff; }
    /// Effective weight-streaming bandwidth per GPU, B/s: data sheet x copy x GEMV fractions.
    double effectiveBandwidthBytesPerS() const;

  private:
    double stageSeconds(double tokens, double attendedTokens, double cacheBytes, double weightBytes,
                        DecodeStep *out) const;
    double weightBytesPerGpu(double tokens) const;

    ModelSpec m_model;
    GpuSpec m_gpu;
    Parallelism m_par;
    CacheCost m_cache;
    std::uint32_t m_gpusPerNode = 8;
    std::uint32_t m_chunk = 8192;
    Efficiency m_eff;
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

/// What the plan can carry at the workload's context and target time per output token.
struct Capacity {
    double targetSecondsPerOutputToken = 0;
    double utilisation = 0;
    std::uint32_t memoryMaxBatch = 0;  ///< sequences of the context the KV room holds
    std::uint32_t latencyMaxBatch = 0; ///< largest batch meeting the target (0: none)
    std::uint32_t engineMaxBatch = 0;  ///< the engine's default cap (engineMaxSequences; 0 none)
    std::uint32_t batch = 0;           ///< min of the three
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
};

/// Every throughput figure of a plan.
struct Throughput {
    bool computed = false;
    Confidence confidence = Confidence::RooflineBound;
    std::string efficiencySource;
    Efficiency efficiency;
    std::uint32_t nodes = 1;         ///< ceil(GPUs / GPUs per node)
    std::uint64_t contextTokens = 0; ///< workload context the figures are at
    double effectiveBandwidthBytesPerS = 0;
    /// Decode at the running batch: the workload's concurrency capped by the KV room and the
    /// engine's cap (the rest waits in the queue).
    DecodeStep atConcurrency;
    Prefill prefill;          ///< a prompt of the full context
    Capacity capacity;
    std::vector<BatchPoint> curve; ///< batch 1, 2, 4, ... plus the limits
};

/// Sustained output tokens/s of one copy of a plan running `batch` sequences at the workload's
/// context, when each output token also pays the prefill of its share of the workload's
/// uncached input (input / output ratio of the monthly token mix): 1 / (t_token / B +
/// input-per-output x prefill seconds per token). 0 when batch is 0.
double sustainedOutputTokensPerSecond(const ThroughputModel &model, std::uint32_t batch,
                                      const Workload &workload);

/// Throughput of an evaluated plan with `efficiency` (evaluate() uses defaultEfficiency()).
Throughput computeThroughput(const PlanResult &plan, const Efficiency &efficiency);
/// Recompute plan.throughput with a probe's calibration (confidence becomes Calibrated).
void applyCalibration(PlanResult &plan, const Calibration &calibration);

} // namespace hostplan
