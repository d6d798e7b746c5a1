// SPDX-License-Identifier: MIT
#include "sizing/servingmodel.h"

#include "catalogue/embeddedresources.h"
#include "sizing/gemmrate.h"
#include "util/textutil.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <vector>

namespace hostplan {

namespace {

constexpr double kActivationBytes = 2; // bf16 activations on the wire and in the embedding row

/// The calibration file, parsed once.
struct CalibrationData {
    ServingConstants common; ///< common constants (engine fields: vLLM's)
    double hopperScale = 0.735;
    std::map<std::string, ServingConstants> engines; ///< engine id -> constants (common + own)
    struct Band {
        std::string engine, regime;
        double low = 1, high = 1;
    };
    std::vector<Band> bands;
    std::vector<std::string> calibratedGpus;
    double uncalibratedLow = 0.67, uncalibratedHigh = 1.5;
    CalibrationFit fit;
};

/// o[key] when it is there, else an empty JSON value (null).
const nlohmann::json &member(const nlohmann::json &o, const char *key) {
    static const nlohmann::json none;
    const auto it = o.find(key);
    return it != o.end() ? *it : none;
}

double num(const nlohmann::json &o, const char *key, double fallback) {
    const auto it = o.find(key);
    return it != o.end() && it->is_number() ? it->get<double>() : fallback;
}

std::string str(const nlohmann::json &o, const char *key) {
    const nlohmann::json &v = member(o, key);
    return v.is_string() ? v.get<std::string>() : std::string("*");
}

const CalibrationData &calibration() {
    static const CalibrationData data = [] {
        CalibrationData d;
        const auto &files = embeddedResources();
        const auto it = files.find("throughput-calibration.json");
        if (it == files.end()) {
            return d; // the built-in defaults above (same values, rounded)
        }
        const auto j = nlohmann::json::parse(it->second, nullptr, false);
        if (j.is_discarded()) {
            return d;
        }
        const nlohmann::json &c = member(j, "common");
        ServingConstants &k = d.common;
        k.effMem = num(c, "eff_mem", k.effMem);
        k.effKv = num(c, "eff_kv", k.effKv);
        k.effGemmMax = num(c, "eff_gemm_max", k.effGemmMax);
        k.mHalf = num(c, "m_half", k.mHalf);
        k.effAttn = num(c, "eff_attn", k.effAttn);
        k.dequant = num(c, "dequant", k.dequant);
        k.fp8BlockEff = num(c, "fp8_eff", k.fp8BlockEff);
        k.allReduceLatencyS = num(c, "ar_lat", k.allReduceLatencyS);
        k.nvlinkAllReduceEff = num(c, "nvlink_ar_eff", k.nvlinkAllReduceEff);
        k.pcieAllReduceEff = num(c, "pcie_ar_eff", k.pcieAllReduceEff);
        k.layerS = num(c, "t_layer", k.layerS);
        k.moeLayerS = num(c, "t_moe_layer", k.moeLayerS);
        k.pcieAllReduceLatencyS = num(j, "pcie_ar_lat", k.pcieAllReduceLatencyS);
        d.fit.source = str(j, "source");
        d.fit.asOf = str(j, "as_of");
        k.source = stableText(d.fit.source + ", as of " + d.fit.asOf);
        d.hopperScale =
            num(member(member(j, "gpu_classes"), "hopper"), "compute_scale", d.hopperScale);
        const nlohmann::json &engines = member(j, "engines");
        for (auto it2 = engines.begin(); engines.is_object() && it2 != engines.end(); ++it2) {
            const nlohmann::json &e = it2.value();
            const std::string id = it2.key();
            ServingConstants s = k;
            s.stepS = num(e, "t_step", s.stepS);
            s.seqS = num(e, "t_seq", s.seqS);
            s.requestS = num(e, "t_req", s.requestS);
            s.overlap = member(e, "overlap").is_boolean() && member(e, "overlap").get<bool>();
            d.engines[id] = s;
        }
        const nlohmann::json &bands = member(j, "bands");
        for (std::size_t i = 0; bands.is_array() && i < bands.size(); ++i) {
            const nlohmann::json &b = bands[i];
            d.bands.push_back(
                {str(b, "engine"), str(b, "regime"), num(b, "low", 1.0), num(b, "high", 1.0)});
        }
        const nlohmann::json &gpus = member(j, "calibrated_gpus");
        for (std::size_t i = 0; gpus.is_array() && i < gpus.size(); ++i) {
            if (gpus[i].is_string()) {
                d.calibratedGpus.push_back(gpus[i].get<std::string>());
            }
        }
        const nlohmann::json &u = member(j, "uncalibrated_gpu_band");
        d.uncalibratedLow = num(u, "low", d.uncalibratedLow);
        d.uncalibratedHigh = num(u, "high", d.uncalibratedHigh);
        const nlohmann::json &f = member(j, "fit");
        d.fit.rows = int(num(f, "rows", 0));
        d.fit.within25 = num(f, "within_25pct", 0);
        d.fit.medianAbsError = num(f, "median_abs_error", 0);
        return d;
    }();
    return data;
}

/// Ampere class: no FP8 tensor cores (A100). Everything newer uses the Hopper-class scale.
bool ampereClass(const GpuSpec &gpu) {
    return gpu.fp8FlopsPerS <= 0;
}

double clampPositive(double x) {
    return x > 0 ? x : 0;
}

/// 1 - exp(T ln(1 - k/E)), experts touched, bit for bit: below x = -40, 1 - exp(x) is exactly 1.
double expertCoverage(const StepFeatures &f, double tokens) {
    const double x = f.logMissPerToken * std::max(tokens, 0.0);
    return !(f.experts > 0) ? 1.0 : x < -40 ? 1.0 : 1.0 - std::exp(x);
}

} // namespace

std::string servingRegimeName(ServingRegime r) {
    switch (r) {
    case ServingRegime::LowConcurrency:
        return "low_concurrency";
    case ServingRegime::DecodeHeavy:
        return "decode_heavy";
    case ServingRegime::PrefillHeavy:
        return "prefill_heavy";
    }
    return "decode_heavy";
}

ServingRegime servingRegimeOf(double runningBatch, double isl, double osl) {
    if (runningBatch <= 8) {
        return ServingRegime::LowConcurrency;
    }
    return isl / std::max(osl, 1.0) >= 10 ? ServingRegime::PrefillHeavy
                                          : ServingRegime::DecodeHeavy;
}

ServingConstants servingConstants(Engine engine, const GpuSpec &gpu) {
    const CalibrationData &d = calibration();
    const auto it = d.engines.find(engineName(engine));
    ServingConstants c = it != d.engines.end() ? it->second : d.common;
    c.computeScale = ampereClass(gpu) ? 1.0 : d.hopperScale;
    return c;
}

namespace {

/// One (engine, regime) band of the calibration, with its source text (calibrated / widened).
struct BandEntry {
    double low = 1;
    double high = 1;
    double lowWidened = 1;
    double highWidened = 1;
    std::string source;
    std::string sourceWidened;
};

BandEntry makeBandEntry(const CalibrationData &d, Engine engine, ServingRegime regime) {
    const std::string e = engineName(engine);
    const std::string g = servingRegimeName(regime);
    const CalibrationData::Band *best = nullptr;
    for (const auto &x : d.bands) {
        if (x.regime == g && x.engine == e) {
            best = &x;
        }
    }
    for (const auto &x : d.bands) {
        if (!best && x.regime == g && x.engine == "*") {
            best = &x;
        }
    }
    BandEntry b;
    // At least +-5%: the published figures themselves vary that much between runs.
    b.low = std::min(best ? best->low : 0.76, 0.95);
    b.high = std::max(best ? best->high : 1.23, 1.05);
    b.lowWidened = b.low * d.uncalibratedLow;
    b.highWidened = b.high * d.uncalibratedHigh;
    b.source = "measured/modelled, 10th-90th percentile of " + e + " " + g +
               " reference rows (resources/throughput-calibration.json)";
    b.sourceWidened = b.source + ", widened for a GPU type outside the calibration rows";
    return b;
}

/// The bands of every engine and regime, built once (the calibration is fixed at build time):
/// a plan evaluation looks its band up without building strings.
const BandEntry &bandEntry(Engine engine, ServingRegime regime) {
    static const auto table = [] {
        const CalibrationData &d = calibration();
        std::array<std::array<BandEntry, 3>, 3> t;
        for (Engine e : {Engine::Vllm, Engine::Sglang, Engine::TensorRtLlm}) {
            for (ServingRegime r : {ServingRegime::LowConcurrency, ServingRegime::DecodeHeavy,
                                    ServingRegime::PrefillHeavy}) {
                t[std::size_t(e)][std::size_t(r)] = makeBandEntry(d, e, r);
            }
        }
        return t;
    }();
    return table[std::size_t(engine)][std::size_t(regime)];
}

} // namespace

ThroughputBand throughputBand(Engine engine, const GpuSpec &gpu, ServingRegime regime) {
    const CalibrationData &d = calibration();
    const BandEntry &e = bandEntry(engine, regime);
    ThroughputBand b;
    b.regime = regime;
    b.calibratedGpu = std::find(d.calibratedGpus.begin(), d.calibratedGpus.end(), gpu.id) !=
                      d.calibratedGpus.end();
    b.low = b.calibratedGpu ? e.low : e.lowWidened;
    b.high = b.calibratedGpu ? e.high : e.highWidened;
    b.source = b.calibratedGpu ? e.source : e.sourceWidened;
    return b;
}

std::string_view stableText(std::string_view text) {
    static std::mutex mutex;
    static std::set<std::string, std::less<>> texts;
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = texts.find(text);
    if (it == texts.end()) {
        it = texts.emplace(text).first;
    }
    return *it;
}

const CalibrationFit &calibrationFit() {
    return calibration().fit;
}

namespace {

/// The sums over a model's weight groups that a step streams and multiplies (StepFeatures).
struct WeightSums {
    double embedBytes = 0;
    double embedRowBytes = 0;
    double denseBytes = 0;
    double denseFlopTime = 0;
    double expertBytes = 0;
    double expertFlopTime = 0;
};

/// One pass over the weight groups of `model` on one GPU of a stage (f's hidden, tp, pp, ep set).
WeightSums sumWeights(const ModelSpec &model, const GpuSpec &gpu, const StepFeatures &f,
                      const ServingFactors &k) {
    WeightSums w;
    // Non-expert groups split over the attention TP (tp / dp), routed experts over tp or EP.
    const double shard = f.tp / f.dp * f.pp;
    const double expertShard = (f.ep > 1 ? f.ep : f.tp) * f.pp;
    const double scale = k.computeScale;
    for (const auto &g : model.groups) {
        if (g.role == GroupRole::Vision) {
            continue;
        }
        const double div = g.placement == Placement::Replicated ? f.pp
                           : g.role == GroupRole::RoutedExperts ? expertShard
                                                                : shard;
        const double bytes = double(g.bytes()) / div;
        if (g.role == GroupRole::Embedding) {
            w.embedBytes += bytes;
            w.embedRowBytes += f.hidden * g.format.bitsPerElement() / 8.0;
            continue;
        }
        const double rate = gemmPeakRate(g.format, gpu);
        double factor = scale;
        if (gemmDequantizes(g.format, gpu)) {
            factor *= k.dequant;
        } else if (g.format.isFp8() && model.fp8BlockScaled) {
            factor *= k.fp8BlockEff;
        }
        // Matmul time per token at efficiency 1 of the GEMM curve (divided by eff(M) later);
        // the routed experts' FLOPs spread over all tp GPUs of the stage, with or without EP.
        const double split = g.role == GroupRole::RoutedExperts ? f.tp * f.pp : shard;
        const double perToken = rate > 0 ? 2.0 * double(g.activeParams) / split / (rate * factor)
                                         : std::numeric_limits<double>::infinity();
        if (g.role == GroupRole::RoutedExperts) {
            w.expertBytes += bytes;
            w.expertFlopTime += perToken;
        } else {
            w.denseBytes += bytes;
            w.denseFlopTime += perToken;
        }
    }
    return w;
}

/// Every number sumWeights reads besides the groups, bit for bit.
std::array<std::uint64_t, 12> weightSumsKey(const ModelSpec &model, const GpuSpec &gpu,
                                            const StepFeatures &f, const ServingFactors &k) {
    const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
    return {bits(f.hidden),
            bits(f.tp),
            bits(f.pp),
            bits(f.ep),
            bits(f.dp),
            bits(gpu.bf16FlopsPerS),
            bits(gpu.fp8FlopsPerS),
            bits(gpu.fp4FlopsPerS),
            std::uint64_t(gpu.nativeMxfp4) | std::uint64_t(model.fp8BlockScaled) << 1,
            bits(k.computeScale),
            bits(k.dequant),
            bits(k.fp8BlockEff)};
}

/// The groups' fields sumWeights reads (not their names).
bool sameWeights(const std::vector<TensorGroup> &a, const std::vector<TensorGroup> &b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const TensorGroup &x, const TensorGroup &y) {
                          return x.role == y.role && x.placement == y.placement &&
                                 x.params == y.params && x.activeParams == y.activeParams &&
                                 x.format == y.format && x.exactBytes == y.exactBytes;
                      });
}

/// sumWeights, kept for the last model, GPU, layout and constants it ran on (per thread): a
/// sweep, a batch search or a sensitivity pass builds the serving model of the same model and
/// layout over and over, and the group loop was a quarter of a plan's evaluation.
const WeightSums &weightSums(const ModelSpec &model, const GpuSpec &gpu, const StepFeatures &f,
                             const ServingFactors &k) {
    struct Last {
        bool valid = false;
        std::array<std::uint64_t, 12> key{};
        std::vector<TensorGroup> groups;
        WeightSums sums;
    };
    thread_local Last last;
    const auto key = weightSumsKey(model, gpu, f, k);
    if (!last.valid || last.key != key || !sameWeights(last.groups, model.groups)) {
        last.sums = sumWeights(model, gpu, f, k);
        last.key = key;
        last.groups = model.groups;
        last.valid = true;
    }
    return last.sums;
}

/// What the serving model reads of a GPU's and engine's text fields: the engine's default cap
/// (engineMaxSequences: vLLM's searches the GPU's name for "a100") and a PCIe scale-up link.
struct GpuTraits {
    double engineMaxSeqs = 0;
    bool pcie = false;
};

/// GpuTraits for the last engine and GPU it ran on (per thread): a sweep or a batch search asks
/// them for the same GPU plan after plan, and the name searches were a tenth of an evaluation.
const GpuTraits &gpuTraits(Engine engine, const GpuSpec &gpu) {
    struct Last {
        bool valid = false;
        Engine engine = Engine::Vllm;
        std::uint64_t usableMemoryBytes = 0;
        std::string id, name, interconnect;
        GpuTraits traits;
    };
    thread_local Last last;
    if (!last.valid || last.engine != engine || last.usableMemoryBytes != gpu.usableMemoryBytes ||
        last.id != gpu.id || last.name != gpu.name || last.interconnect != gpu.interconnect) {
        last.traits.engineMaxSeqs = engineMaxSequences(engine, gpu);
        // PCIe-bound all-reduce: the text names PCIe and the GPU-to-GPU link is not NVLink
        // (engine/enginememory.h nvlinkGpu, the memory terms' own test), so "NVLink 4 (no PCIe)"
        // is NVLink and "PCIe ... (no NVLink)" PCIe for speed and memory alike.
        last.traits.pcie =
            asciiLower(gpu.interconnect).find("pcie") != std::string::npos && !nvlinkGpu(gpu);
        last.engine = engine;
        last.usableMemoryBytes = gpu.usableMemoryBytes;
        last.id = gpu.id;
        last.name = gpu.name;
        last.interconnect = gpu.interconnect;
        last.valid = true;
    }
    return last.traits;
}

} // namespace

ServingModel::ServingModel(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                           const CacheCost &cache, double kvRoomBytesPerGpu, Engine engine,
                           std::uint32_t prefillChunk, std::uint32_t gpusPerNode,
                           const ServingConstants &constants,
                           std::optional<std::uint32_t> maxNumSeqs)
    : m_c(constants) {
    StepFeatures &f = m_f;
    f.tp = std::max<std::uint32_t>(par.tp, 1);
    f.pp = std::max<std::uint32_t>(par.pp, 1);
    f.ep = std::max<std::uint32_t>(par.ep, 1);
    f.dp = f.tp / std::max<std::uint32_t>(par.attentionTp(), 1); // 1 without attention DP
    f.hidden = model.hiddenSize;
    f.layersStage = std::ceil(double(std::max<std::uint32_t>(model.numLayers, 1)) / f.pp);
    f.moeLayersStage = double(model.experts.moeLayers) / f.pp;
    f.experts = model.experts.routed;
    f.topK = model.experts.activePerToken;
    f.logMissPerToken = f.experts > 0 ? std::log1p(-std::min(f.topK / f.experts, 0.999999)) : 0;
    f.bf16Rate = gpu.bf16FlopsPerS;
    f.hbmBytesPerS = gpu.hbmBandwidthBytesPerS;
    const WeightSums &w = weightSums(model, gpu, f, m_c);
    f.embedBytes = w.embedBytes;
    f.embedRowBytes = w.embedRowBytes;
    f.denseBytes = w.denseBytes;
    f.denseFlopTime = w.denseFlopTime;
    f.expertBytes = w.expertBytes;
    f.expertFlopTime = w.expertFlopTime;
    f.kvFullBytes = double(cache.kvBytesPerTokenPerGpu);
    f.kvWindowBytes = double(cache.windowBytesPerTokenPerGpu);
    f.kvReadFullBytes = double(cache.kvBytesPerTokenPerGpu + cache.sharedReadBytesPerTokenPerGpu);
    f.kvReadWindowBytes =
        double(cache.windowBytesPerTokenPerGpu + cache.sharedWindowReadBytesPerTokenPerGpu);
    f.window = double(cache.windowTokens);
    f.stateBytes = 2.0 * double(cache.stateBytesPerSequencePerGpu);
    f.perSeqStateRoom = double(cache.stateBytesPerSequencePerGpu) * cache.stateSlotsPerRequest;
    // Attention FLOPs (whole model): decode per attended token, prefill of one prompt.
    for (const auto &l : model.layers) {
        const double heads = l.qHeads ? l.qHeads : model.numAttentionHeads;
        const double dv = l.vHeadDim ? l.vHeadDim : l.headDim;
        switch (l.kind) {
        case AttentionKind::MHA:
        case AttentionKind::GQA:
        case AttentionKind::MQA:
            f.decodeAttnFull += l.count * 2.0 * heads * (l.headDim + dv);
            f.prefillAttnFull += l.count * heads * (l.headDim + dv);
            break;
        case AttentionKind::SlidingWindow:
            f.decodeAttnWindow += l.count * 2.0 * heads * (l.headDim + dv);
            f.prefillAttnWindow += l.count * heads * (l.headDim + dv);
            f.window = std::max<double>(f.window, l.window);
            break;
        case AttentionKind::MLA:
            // Absorbed MLA for decode (DeepSeek-V2 section 2.1.2); prefill runs un-absorbed
            // with q/k of nope + rope and v of v_head_dim (headDim holds nope + rope).
            f.decodeAttnFull +=
                l.count * heads * (2.0 * (l.kvLoraRank + l.ropeDim) + 2.0 * l.kvLoraRank);
            f.prefillAttnFull += l.count * heads * (l.headDim + dv);
            break;
        case AttentionKind::Linear:
            f.decodeAttnFixed += l.count * 4.0 * double(l.stateElements);
            break;
        }
    }
    // All-reduce in a node over NVLink / Infinity Fabric or PCIe; across nodes the NIC's
    // (400 Gb/s per GPU, 30 us).
    const GpuTraits &traits = gpuTraits(engine, gpu);
    const bool pcie = traits.pcie;
    // TP inside the GPU's scale-up domain (an NVL72 rack of 4-GPU trays) stays on NVLink.
    // (A GPU without a link, interconnect 0 in its file, is a single card: the network too.)
    if (par.tp > std::max<std::uint32_t>({gpusPerNode, gpu.scaleUpDomainGpus, 1}) ||
        gpu.interconnectBytesPerS <= 0) {
        f.linkBytesPerS = 50e9 * 0.8;
        f.allReduceLatencyS = 30e-6;
    } else if (pcie) {
        f.linkBytesPerS = gpu.interconnectBytesPerS * m_c.pcieAllReduceEff;
        f.allReduceLatencyS = m_c.pcieAllReduceLatencyS;
    } else {
        f.linkBytesPerS = gpu.interconnectBytesPerS * m_c.nvlinkAllReduceEff;
        f.allReduceLatencyS = m_c.allReduceLatencyS;
    }
    f.kvRoomBytes = clampPositive(kvRoomBytesPerGpu);
    f.engineMaxSeqs = maxNumSeqs ? double(*maxNumSeqs) : traits.engineMaxSeqs;
    f.chunk = std::max<std::uint32_t>(prefillChunk, 1);
    f.reserveWholeRequest = engine == Engine::TensorRtLlm;
    m_r = {f.hbmBytesPerS * m_c.effMem,
           f.hbmBytesPerS * m_c.effKv,
           f.pp * f.tp,
           f.bf16Rate * m_c.effAttn * m_c.computeScale,
           2.0 * (f.tp - 1) / f.tp,
           2.0 * f.layersStage,
           m_c.layerS * f.layersStage,
           m_c.moeLayerS * f.moeLayersStage};
}

StepContext ServingModel::stepContext(double ctx) const {
    const StepFeatures &f = m_f;
    const double windowed = std::min(ctx, f.window);
    return {ctx, f.kvReadFullBytes * ctx + f.kvReadWindowBytes * windowed + f.stateBytes,
            f.decodeAttnFull * ctx + f.decodeAttnWindow * windowed + f.decodeAttnFixed};
}

double ServingModel::step(double nDec, double ctx, double nPf, double pfAttnFlops,
                          StepParts *parts) const {
    return step(nDec, stepContext(ctx), nPf, pfAttnFlops, parts);
}

double ServingModel::step(double nDec, const StepContext &sc, double nPf, double pfAttnFlops,
                          StepParts *parts) const {
    const StepFeatures &f = m_f;
    const ServingFactors &c = m_c;
    const StepRates &r = m_r;
    const double tokens = nDec + nPf;
    // Attention DP: dense layers and KV take a rank's 1/dp of the batch, experts every token.
    const double rankTokens = tokens / f.dp;
    const double coverage = expertCoverage(f, tokens); // memory: weights touched, KV read
    const double weights = f.denseBytes + f.expertBytes * coverage +
                           std::min(f.embedBytes, rankTokens * f.embedRowBytes);
    const double kv = nDec / f.dp * sc.kvBytesPerSequence;
    const double tMem = weights / r.weightBytesPerS + kv / r.kvBytesPerS;
    // Compute: GEMM efficiency by rows (tokens; tokens per expert for expert GEMMs).
    const double m = std::max(rankTokens, 1.0);
    double tComp = f.denseFlopTime * rankTokens * (m + c.mHalf) / (c.effGemmMax * m);
    if (f.experts > 0 && f.expertFlopTime > 0) {
        const double me = std::max(tokens * f.topK / f.experts, 1e-3);
        tComp += f.expertFlopTime * tokens * (me + c.mHalf) / (c.effGemmMax * me);
    }
    const double attn = (sc.attnFlopsPerToken * nDec + pfAttnFlops) / r.attnShards;
    tComp += attn / r.attnFlopsPerS;
    // TP all-reduces: 2 per layer of the stage. EP = TP layouts (no DP attention) pay these and no
    // all-to-all: vLLM runs all-to-all only when `dp_size > 1 and use_ep` (use_all2all_kernels,
    // vllm/model_executor/layers/fused_moe/config.py, vllm-project/vllm@00c1c6a2). Charging
    // DeepEP's dispatch + combine as well put the Qwen3-235B EP8 / EP4 H100 rows at -36% / -35%.
    double tComm = 0;
    if (f.tp > 1) {
        const double msg = tokens * f.hidden * kActivationBytes;
        tComm = r.allReduces * (f.allReduceLatencyS + r.allReduceScale * msg / f.linkBytesPerS);
    }
    if (f.pp > 1) { // the hop to the next stage
        tComm +=
            f.allReduceLatencyS + tokens * f.hidden * kActivationBytes / f.tp / f.linkBytesPerS;
    }
    const double tGpu = std::max(tMem, tComp) + tComm + r.layerSeconds + r.moeLayerSeconds;
    const double tCpu = c.stepS + c.seqS * nDec;
    const double total = c.overlap ? std::max(tGpu, tCpu) : tGpu + tCpu;
    if (parts) {
        parts->expertCoverage = coverage;
        parts->weightBytes = weights;
        parts->cacheBytes = kv;
        parts->memorySeconds = tMem;
        parts->computeSeconds = tComp;
        parts->commSeconds = tComm;
        parts->overheadSeconds = total - std::max(tMem, tComp) - tComm;
        parts->computeBound = tComp > tMem;
    }
    return total;
}

double ServingModel::decodeTokenSeconds(double batch, double ctx) const {
    return decodeTokenSeconds(batch, stepContext(ctx));
}

double ServingModel::decodeTokenSeconds(double batch, const StepContext &ctx) const {
    const double pp = m_f.pp;
    return pp > 1 ? pp * step(batch / pp, ctx) : step(batch, ctx);
}

double ServingModel::prefillAttnFlops(double isl) const {
    const StepFeatures &f = m_f;
    double flops = f.prefillAttnFull * isl * isl; // 2 x (dqk + dv) x isl^2 / 2 per head
    if (f.prefillAttnWindow > 0) {
        const double w = f.window;
        const double pairs = isl <= w ? isl * isl / 2.0 : isl * w - w * w / 2.0;
        flops += f.prefillAttnWindow * 2.0 * pairs;
    }
    return flops;
}

double ServingModel::kvBatchCap(double ctx) const {
    const StepFeatures &f = m_f;
    const double perSeq =
        f.kvFullBytes * ctx + f.kvWindowBytes * std::min(ctx, f.window) + f.perSeqStateRoom;
    if (perSeq <= 0) {
        return std::numeric_limits<double>::infinity();
    }
    return f.kvRoomBytes / perSeq * f.pp * f.dp; // every attention DP rank holds its own
}

double ServingModel::batchCap(double isl, double osl, bool variableOsl) const {
    const double ctx = isl + (variableOsl ? osl : osl / 2.0);
    const double kvCap = kvBatchCap(m_f.reserveWholeRequest ? isl + osl : ctx);
    double cap = kvCap;
    if (m_f.engineMaxSeqs > 0) {
        cap = std::min(cap, m_f.engineMaxSeqs);
    }
    return std::max(1.0, cap);
}

double ServingModel::prefillStep(double nPf, double nDec, double ctx, double isl) const {
    const double fl = isl > 0 ? prefillAttnFlops(isl) * nPf / isl : 0.0;
    const double pp = m_f.pp;
    return pp > 1 ? pp * step(nDec / pp, ctx, nPf, fl) : step(nDec, ctx, nPf, fl);
}

double ServingModel::burstSeconds(double n, double isl, double osl, bool variableOsl, double *batch,
                                  double *prefillSeconds) const {
    const double ctx = isl + (variableOsl ? osl : osl / 2.0);
    const double b = std::max(1.0, std::min(n, batchCap(isl, osl, variableOsl)));
    const double chunk = m_f.chunk;
    // Prefill steps of `chunk` tokens; the running batch's decode tokens ride along.
    double nPf = std::max(chunk - b, chunk / 4.0);
    if (n * isl < nPf) {
        nPf = n * isl;
    }
    const double stepsPf = nPf > 0 ? n * isl / nPf : 0.0;
    const double tPf = stepsPf > 0 ? stepsPf * prefillStep(nPf, b, ctx, isl) : 0.0;
    const double decTokens = n * osl;
    double tDec = 0;
    if (variableOsl && b > 1) {
        // Exponential output lengths: a steady phase at b, then the last b requests drain
        // (batch b exp(-t / OSL)): drain = OSL x integral_1^b t(x) / x dx, midpoint rule in ln x.
        const double steady = clampPositive((decTokens - b * osl) / b - stepsPf);
        constexpr int kPoints = 12;
        const double lb = std::log(b);
        double drain = 0;
        for (int i = 0; i < kPoints; ++i) {
            drain += decodeTokenSeconds(std::exp(lb * (i + 0.5) / kPoints), ctx);
        }
        drain *= lb / kPoints * osl;
        tDec = steady * decodeTokenSeconds(b, ctx) + drain;
    } else {
        tDec = clampPositive(decTokens / b - stepsPf) * decodeTokenSeconds(b, ctx);
    }
    if (batch) {
        *batch = b;
    }
    if (prefillSeconds) {
        *prefillSeconds = tPf;
    }
    return tPf + tDec + n * m_c.requestS;
}

double ServingModel::waveTtftSeconds(double requests, double isl, double cachedTokens) const {
    const double fresh = std::max(0.0, isl - cachedTokens);
    if (!(fresh > 0) || !(requests >= 1)) {
        return m_c.requestS;
    }
    const double n = std::floor(std::min(requests, 1048576.0));
    const double chunk = std::max(m_f.chunk, 1.0);
    const double a = fresh / chunk; // chunks per prompt
    const double stepSeconds = prefillStep(std::min(chunk, n * fresh), 0, isl, isl);
    // The mean of ceil(k a) over k = 1..n: counted up to 4,096 prompts, beyond that in closed
    // form (a n (n + 1) / 2, plus half a step of rounding where a is not whole): bounded.
    double steps = 0;
    if (n <= 4096) {
        for (double k = 1; k <= n; ++k) {
            steps += std::ceil(k * a);
        }
    } else {
        // ceil(k a) is k a for a whole a; otherwise rounding adds about half a step.
        const bool whole = std::abs(a - std::round(a)) < 1e-9;
        steps = a * n * (n + 1) / 2 + (whole ? 0.0 : n / 2);
    }
    return steps / n * stepSeconds + m_c.requestS;
}

ServingPoint ServingModel::burst(double requests, double isl, double osl, bool variableOsl) const {
    ServingPoint p;
    const double ctx = isl + (variableOsl ? osl : osl / 2.0);
    p.kvBatchCap = kvBatchCap(m_f.reserveWholeRequest ? isl + osl : ctx);
    double b = 1;
    const double t = burstSeconds(requests, isl, osl, variableOsl, &b, nullptr);
    p.runningBatch = b;
    p.outputTokensPerSecond = requests * osl / t;
    p.stepSeconds = decodeTokenSeconds(b, ctx);
    p.tpotSeconds = p.stepSeconds;
    // Median request waits for half the queue ahead of it.
    p.ttftSeconds = t * 0.5 * std::max(0.0, 1.0 - b / requests) + m_c.requestS;
    return p;
}

ServingPoint ServingModel::openLoop(double rate, double requests, double isl, double osl,
                                    bool variableOsl) const {
    ServingPoint p;
    const double ctx = isl + (variableOsl ? osl : osl / 2.0);
    p.kvBatchCap = kvBatchCap(m_f.reserveWholeRequest ? isl + osl : ctx);
    double bSat = 1;
    double tPfSat = 0;
    const double tSat = burstSeconds(requests, isl, osl, variableOsl, &bSat, &tPfSat);
    if (rate * tSat / requests >= 0.9) { // offered load at or beyond capacity
        const double t = std::max(tSat, requests / rate);
        p.runningBatch = bSat;
        p.outputTokensPerSecond = requests * osl / t;
        p.stepSeconds = decodeTokenSeconds(bSat, ctx);
        p.tpotSeconds = p.stepSeconds;
        return p;
    }
    const double cap = batchCap(isl, osl, variableOsl);
    const double busyPerRequest = tPfSat / requests; // GPU seconds of batched prefill each
    const double steps = isl > 0 ? std::ceil(isl / m_f.chunk) : 0.0;
    double c = 1;
    double latency = 0;
    double ttft = 0;
    double tpot = 0;
    // Little's law: in flight = rate x latency; damped fixed point (converges in a few dozen).
    for (int i = 0; i < 40; ++i) {
        const double cc = std::max(1.0, std::min(c, cap));
        const double tPf1 = steps * prefillStep(std::min(isl, m_f.chunk), cc, ctx, isl);
        const double busy = std::min(0.9, rate * busyPerRequest);
        tpot = decodeTokenSeconds(cc, ctx) / (1.0 - busy);
        ttft = m_c.requestS + tPf1;
        latency = ttft + (osl - 1) * tpot;
        c = 0.5 * c + 0.5 * std::min(rate * latency, cap);
    }
    const double t = std::max(requests / rate + latency, tSat);
    p.runningBatch = std::max(1.0, std::min(c, cap));
    p.outputTokensPerSecond = requests * osl / t;
    p.ttftSeconds = ttft;
    p.tpotSeconds = tpot;
    p.stepSeconds = decodeTokenSeconds(p.runningBatch, ctx);
    return p;
}

} // namespace hostplan
