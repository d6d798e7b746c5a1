// SPDX-License-Identifier: MIT
// Serving model: continuous batching on one plan, step by step in closed form (issue 14).
//
// A step of the engine carries n_dec decode tokens (running sequences at mean context C) and
// n_pf prefill tokens (chunked prefill shares the step with decode). On one GPU of one pipeline
// stage (T = n_dec + n_pf tokens):
//
//   coverage = 1 - (1 - k/E)^T                                    routed experts touched (MoE)
//   t_mem    = (W_dense + W_experts x coverage + min(W_embed, T x H x 2)) / (BW x eff_mem)
//              + n_dec x KV bytes(C) / (BW x eff_kv)
//   eff(M)   = eff_gemm_max x M / (M + m_half) x compute_scale[GPU class] x [dequant] x [fp8]
//   t_comp   = 2 x P_dense x T / (rate x eff(T)) + 2 x P_experts,active x T / (rate x eff(T k/E))
//              + attention FLOPs / (BF16 peak x eff_attn x compute_scale)
//   t_comm   = 2 x layers x (latency + 2 (tp-1)/tp x T x H x 2 B / (link x link_eff))  (TP > 1)
//   t_gpu    = max(t_mem, t_comp) + t_comm + t_layer x layers + t_moe_layer x MoE layers
//   t_cpu    = t_step[engine] + t_seq[engine] x n_dec
//   step     = max(t_gpu, t_cpu) when the engine overlaps scheduling (SGLang, TensorRT-LLM),
//              t_gpu + t_cpu otherwise (vLLM without --async-scheduling)
//
// M is the GEMM's row count: tokens for dense matmuls, tokens per expert (T k / E) for expert
// GEMMs, so few tokens per expert run at low efficiency. Expert-parallel layouts (EP = TP) are
// charged the same two all-reduces per layer: without data-parallel attention every rank holds
// every token and the MoE output is summed (vLLM --enable-expert-parallel), which is what the
// calibration rows ran; an all-to-all dispatch is charged only with data-parallel attention.
//
// Workloads (all closed form, no loop over prefill chunks):
// - closed loop at concurrency c (the plan's own case): c = min(c, KV cap, engine cap);
//   one prompt's prefill t_pf = ceil(ISL / chunk) x step(c - 1 decoding, min(ISL, chunk) prompt);
//   TPOT = step(c) + (c - 1) / OSL x (t_pf - ceil(ISL/chunk) x step(c)) (others' prefills
//   interleave); TTFT = t_req + t_pf; output tok/s = c x OSL / (TTFT + (OSL - 1) x TPOT).
// - burst (all N requests at once) and open loop at a request rate: the saturated timeline of
//   prefill-carrying steps, decode steps and (for variable output lengths) the drain of the
//   last batch; see burst() and openLoop().
// The running set is length-biased for variable output lengths (a request runs with probability
// proportional to its length): mean context ISL + OSL instead of ISL + OSL / 2.
//
// The free constants (ServingConstants) are fitted once per engine and GPU class by
// tools/throughput-fit/fit.py to ../shared/reference/throughput/measurements.json and embedded
// from resources/throughput-calibration.json, with the error bands the fit measured.
#pragma once

#include "engine/engine.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "sizing/memory.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hostplan {

/// The fitted constants of the serving model for one engine on one GPU class
/// (resources/throughput-calibration.json; names in brackets are the file's keys): the numbers
/// a ServingModel keeps (copied per plan evaluation without touching the heap).
struct ServingFactors {
    double effMem = 0.544;                ///< [eff_mem] weight-streaming bandwidth / data-sheet HBM
    double effKv = 0.89;                  ///< [eff_kv] KV-read bandwidth / data-sheet HBM
    double effGemmMax = 0.58;             ///< [eff_gemm_max] GEMM efficiency ceiling (Ampere)
    double mHalf = 2.6;                   ///< [m_half] GEMM rows at half the ceiling
    double effAttn = 0.61;                ///< [eff_attn] attention FLOPs / BF16 peak (Ampere)
    double dequant = 0.435;               ///< [dequant] weight-only dequantizing GEMMs vs BF16
    double fp8BlockEff = 0.487;           ///< [fp8_eff] block-scaled FP8 GEMM efficiency vs BF16's
    double computeScale = 1.0;            ///< [gpu_classes.*.compute_scale] GPU-class multiplier
    double allReduceLatencyS = 15e-6;     ///< [ar_lat] one all-reduce over NVLink
    double nvlinkAllReduceEff = 0.31;     ///< [nvlink_ar_eff] bus bandwidth / NVLink one-way rate
    double pcieAllReduceEff = 0.42;       ///< [pcie_ar_eff] the same over PCIe
    double pcieAllReduceLatencyS = 30e-6; ///< [pcie_ar_lat]
    double layerS = 1.2e-6;               ///< [t_layer] per layer per step
    double moeLayerS = 65e-6;             ///< [t_moe_layer] extra per MoE layer per step
    double stepS = 22e-6;                 ///< [engines.*.t_step] CPU per step
    double seqS = 38e-6;                  ///< [engines.*.t_seq] CPU per running sequence per step
    double requestS = 0.39e-3; ///< [engines.*.t_req] per request (HTTP, tokenise, template)
    bool overlap = false;      ///< [engines.*.overlap] CPU scheduling overlaps the GPU
};

/// The fitted constants with where they come from.
struct ServingConstants : ServingFactors {
    /// The calibration file's source and as_of (text kept for the process' life: copying the
    /// constants per plan evaluation does not touch the heap).
    std::string_view source;
};

/// Regimes the error bands are measured in.
enum class ServingRegime {
    LowConcurrency, ///< closed loop at a few sequences (1-8)
    DecodeHeavy,    ///< batched serving, ISL / OSL < 10
    PrefillHeavy,   ///< batched serving, ISL / OSL >= 10
};
/// "low_concurrency", "decode_heavy", "prefill_heavy".
std::string servingRegimeName(ServingRegime regime);
/// The regime of a workload: LowConcurrency up to 8 running sequences, else by ISL / OSL.
ServingRegime servingRegimeOf(double runningBatch, double isl, double osl);

/// A band around a modelled figure: measured / modelled between low and high for 8 of 10
/// reference rows of the same engine and regime (10th and 90th percentiles of the fit's
/// residuals); wider for GPU types the fit has not seen.
struct ThroughputBand {
    double low = 1; ///< multiplier of the modelled value
    double high = 1;
    ServingRegime regime = ServingRegime::DecodeHeavy;
    bool calibratedGpu = true; ///< the GPU type is in the calibration rows
    std::string_view source;   ///< static text or stableText(): never dangles
};

/// A copy of `text` kept until the process ends, the same view for equal texts (interned;
/// thread-safe). Result structs that are copied per plan evaluation (Efficiency, Throughput,
/// ThroughputBand) hold their source texts as views into such copies or into static tables, so
/// an evaluation copies no strings. Each distinct text is stored once: a few probe-report and
/// calibration sources per session.
std::string_view stableText(std::string_view text);

/// Constants for `engine` on `gpu` (GPU class: Ampere when it has no FP8 tensor cores, else the
/// Hopper class, which later generations use until a probe calibrates them).
ServingConstants servingConstants(Engine engine, const GpuSpec &gpu);
/// The band for a figure of `engine` on `gpu` in `regime`.
ThroughputBand throughputBand(Engine engine, const GpuSpec &gpu, ServingRegime regime);
/// Fit summary of the calibration file (rows, within 25%, median error) for reports.
struct CalibrationFit {
    int rows = 0;
    double within25 = 0;
    double medianAbsError = 0;
    std::string source;
    std::string asOf;
};
const CalibrationFit &calibrationFit();

/// Everything the step time needs, per GPU of one stage, computed once per plan.
struct StepFeatures {
    double hidden = 0;
    double layersStage = 1;    ///< layers on one pipeline stage
    double moeLayersStage = 0; ///< MoE layers on one stage
    double tp = 1, pp = 1, ep = 1;
    /// Attention DP ranks (Parallelism::dp): a rank runs its attention and dense layers on its
    /// own 1/dp of the batch at TP tp / dp; the MoE layers take every rank's tokens over tp.
    double dp = 1;
    double experts = 0, topK = 0;
    double logMissPerToken = 0; ///< ln(1 - k/E): coverage = 1 - exp(T x this)
    double denseBytes = 0;      ///< non-expert weights streamed every step (no embedding, vision)
    double expertBytes = 0;     ///< routed-expert weights on the GPU
    double embedBytes = 0;      ///< embedding on the GPU (a row gather)
    double embedRowBytes = 0;   ///< bytes one token's embedding row costs
    double denseFlopTime = 0;   ///< sum over dense groups of 2 x params / (rate x format factor)
    double expertFlopTime = 0;  ///< the same for the routed experts one token activates
    double kvFullBytes = 0;     ///< per token of context, per GPU
    double kvWindowBytes = 0;   ///< sliding-window layers, per token up to the window
    /// Cache bytes per token a decode step reads (full, window): the two above plus what
    /// KV-shared layers read again (CacheCost::sharedReadBytesPerTokenPerGpu).
    double kvReadFullBytes = 0;
    double kvReadWindowBytes = 0;
    double window = 0;
    double stateBytes = 0;     ///< recurrent state read + written per sequence per step
    double decodeAttnFull = 0; ///< attention FLOPs per decode token per attended token (full)
    double decodeAttnWindow = 0;
    double decodeAttnFixed = 0;   ///< per decode token, independent of context (linear attention)
    double prefillAttnFull = 0;   ///< x ISL^2 = causal attention FLOPs of one prompt (full layers)
    double prefillAttnWindow = 0; ///< per head-dim sum of window layers (see prefillAttnFlops)
    double bf16Rate = 0;
    double hbmBytesPerS = 0;
    double linkBytesPerS = 0; ///< all-reduce link rate x efficiency
    double allReduceLatencyS = 0;
    double kvRoomBytes = 0;           ///< KV + state room per GPU (memory model)
    double perSeqStateRoom = 0;       ///< state bytes held per sequence (slots x state)
    double engineMaxSeqs = 0;         ///< 0 = no cap
    double chunk = 8192;              ///< prefill tokens per step
    bool reserveWholeRequest = false; ///< TensorRT-LLM GUARANTEED_NO_EVICT admission
};

/// The terms of one step, per GPU of one stage (for reports and plan --json).
struct StepParts {
    double expertCoverage = 1; ///< share of routed experts touched, 1 - (1 - k/E)^T
    double weightBytes = 0;    ///< weights streamed
    double cacheBytes = 0;     ///< KV and state read
    double memorySeconds = 0;
    double computeSeconds = 0;
    double commSeconds = 0;
    double overheadSeconds = 0; ///< per layer, per MoE layer, and the CPU's share
    bool computeBound = false;
};

/// The terms of a step that depend only on the mean context (ServingModel::stepContext): a
/// closed loop evaluates every step of a serving case at one context, so it works them out once.
struct StepContext {
    double ctx = 0;                ///< mean context of a decoding sequence, tokens
    double kvBytesPerSequence = 0; ///< KV and state read per decoding sequence per step, per GPU
    double attnFlopsPerToken = 0;  ///< attention FLOPs of one decode token, whole model
};

/// Output of one serving evaluation.
struct ServingPoint {
    double runningBatch = 0;          ///< sequences decoding at once
    double kvBatchCap = 0;            ///< sequences of the mean context the KV room holds
    double outputTokensPerSecond = 0; ///< the whole plan
    double ttftSeconds = 0;           ///< median time to first token (prefill, plus queueing in
                                      ///< saturated runs)
    double tpotSeconds = 0;           ///< median time per output token, prefill interference in
    double stepSeconds = 0;           ///< one decode-only step at the running batch
    bool computeBound = false;        ///< unused by the loops (speed): step() with StepParts
};

/// Speculative decoding: `draftTokens` proposed per step (MTP heads or a draft model), each
/// accepted with probability `acceptance`; a draft token costs `draftCost` of a target step.
struct Speculation {
    std::uint32_t draftTokens = 0; ///< 0 = off
    double acceptance = 0.7;
    double draftCost = 0.1;
};

/// The serving model bound to one plan: features + constants, evaluated in closed form.
class ServingModel {
  public:
    ServingModel() = default;
    /// Build the features of `model` on `gpu` under `par` with the plan's cache cost and KV room.
    /// `fp8BlockScaled`: FP8 weights carry per-block scales (DeepSeek / Qwen FP8 checkpoints),
    /// whose GEMMs run at constants.fp8BlockEff of the FP8 rate's efficiency.
    /// `maxNumSeqs`: the scenario's running-sequence cap (engine.max_num_seqs), replacing the
    /// engine's default for the GPU (engineMaxSequences) when set.
    ServingModel(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                 const CacheCost &cache, double kvRoomBytesPerGpu, Engine engine,
                 std::uint32_t prefillChunk, std::uint32_t gpusPerNode,
                 const ServingConstants &constants,
                 std::optional<std::uint32_t> maxNumSeqs = std::nullopt);

    /// One engine step of one stage, seconds: nDec decode tokens at mean context ctx plus nPf
    /// prompt tokens whose attention costs pfAttnFlops (whole model).
    double step(double nDec, double ctx, double nPf = 0, double pfAttnFlops = 0,
                StepParts *parts = nullptr) const;
    /// The same with the context's terms worked out (stepContext(ctx)): bit for bit equal.
    double step(double nDec, const StepContext &ctx, double nPf = 0, double pfAttnFlops = 0,
                StepParts *parts = nullptr) const;
    /// The context-dependent terms of step() at mean context `ctx`.
    StepContext stepContext(double ctx) const;
    /// Time for the plan to advance `batch` sequences by one token (PP: micro-batches).
    double decodeTokenSeconds(double batch, double ctx) const;
    /// The same at a context whose terms are worked out.
    double decodeTokenSeconds(double batch, const StepContext &ctx) const;
    /// Causal attention FLOPs of one prompt of `isl` tokens, whole model.
    double prefillAttnFlops(double isl) const;
    /// Sequences of context `ctx` the KV room holds (whole plan).
    double kvBatchCap(double ctx) const;
    /// Running-batch cap for requests of isl in / osl out: KV (TensorRT-LLM reserves the whole
    /// request) and the engine's cap.
    double batchCap(double isl, double osl, bool variableOsl) const;

    /// Closed loop with `concurrency` clients (the plan's own serving case).
    /// `cachedTokens` of each prompt hit the prefix cache: not prefilled, but attended.
    ServingPoint closedLoop(double concurrency, double isl, double osl, bool variableOsl,
                            const Speculation &spec = {}, double cachedTokens = 0) const;
    /// All `requests` submitted at once (offline / burst benchmark).
    ServingPoint burst(double requests, double isl, double osl, bool variableOsl) const;
    /// Mean time to first token, seconds, when `requests` prompts of `isl` tokens (`cachedTokens`
    /// of each from the prefix cache) arrive together with nothing decoding: a closed-loop
    /// benchmark's waves (vllm bench serve / sglang.bench_serving with --max-concurrency and
    /// fixed lengths start all clients at once, and each wave ends together), which the engine
    /// prefills first (SGLang's Scheduler.get_next_batch_to_run tries a prefill batch before
    /// decoding). Request k's first token comes with the chunk that ends its prompt, step
    /// ceil(k x fresh tokens / chunk); the mean over k of those steps times one full prefill
    /// step, plus the per-request overhead. Published closed-loop TTFTs sit between the
    /// staggered closedLoop figure and this (InferenceX H200 DeepSeek-R1: 331 to 427 ms mean
    /// where the staggered figure was 52 to 55 ms). Bounded: 4,096 prompts are counted one by
    /// one, more in closed form.
    double waveTtftSeconds(double requests, double isl, double cachedTokens = 0) const;
    /// Open loop: `requests` arriving at `rate` per second.
    ServingPoint openLoop(double rate, double requests, double isl, double osl,
                          bool variableOsl) const;

    const StepFeatures &features() const { return m_f; }
    const ServingFactors &constants() const { return m_c; }

  private:
    double prefillStep(double nPf, double nDec, double ctx, double isl) const;
    double burstSeconds(double n, double isl, double osl, bool variableOsl, double *batch,
                        double *prefillSeconds) const;

    /// Products of features and constants that step() divides or multiplies by, formed once
    /// per model in the order step() forms them (so its results are bit for bit the same).
    struct StepRates {
        double weightBytesPerS = 0; ///< hbmBytesPerS x effMem
        double kvBytesPerS = 0;     ///< hbmBytesPerS x effKv
        double attnShards = 1;      ///< pp x tp
        double attnFlopsPerS = 0;   ///< bf16Rate x effAttn x computeScale
        double allReduceScale = 0;  ///< 2 (tp - 1) / tp
        double allReduces = 0;      ///< 2 x layers of the stage
        double layerSeconds = 0;    ///< layerS x layers of the stage
        double moeLayerSeconds = 0; ///< moeLayerS x MoE layers of the stage
    };

    StepFeatures m_f;
    ServingFactors m_c; ///< the numbers only (no source string to copy)
    StepRates m_r;
};

} // namespace hostplan
