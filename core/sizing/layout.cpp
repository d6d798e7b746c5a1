// SPDX-License-Identifier: MIT
#include "sizing/layout.h"

#include "engine/tpshard.h"
#include "sizing/layoutdp.h"
#include "sizing/replicafigures.h"
#include "sizing/cost.h"
#include "sizing/fit.h"
#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace hostplan {

namespace {

std::string usdText(double usd) {
    return "$" + groupedText(std::uint64_t(std::llround(std::max(usd, 0.0))));
}

std::string layoutText(const Parallelism &p) {
    std::string s = "TP " + std::to_string(p.tp);
    if (p.ep > 1) {
        s += " EP " + std::to_string(p.ep);
    }
    if (p.pp > 1) {
        s += " x PP " + std::to_string(p.pp);
    }
    if (p.dp > 1) {
        s += " (attention DP " + std::to_string(p.dp) + ")";
    }
    return s;
}

/// A plan's speculative decoding and engine, as the layout rules need them.
struct SpeculationRule {
    bool on = false;                        ///< the plan speculates (plansSpeculation)
    Engine engine = Engine::Vllm;           ///< the scenario's engine (also when `on` is false)
    VllmProfile vllm = kDefaultVllmProfile; ///< its vLLM rule set (vLLM only)
    MoeA2a a2a = MoeA2a::Default;           ///< its MoE all-to-all backend (shardSplitFor)
};

/// The replica layout the engines run on `n` GPUs whose instances hold `instance` GPUs, or an
/// error saying why none (see the header's rules). With `speculation` on, PP > 1 follows the
/// engine's rule (speculationPipelineProblem): where the engine refuses it, a dense replica
/// across instances runs TP over all its GPUs and one that would need PP inside an instance
/// gets the engine's refusal as its error.
Result<Parallelism> replicaLayout(const ModelSpec &model, std::uint32_t n, std::uint32_t instance,
                                  const SpeculationRule &speculation) {
    // vLLM releases before --enable-expert-parallel (v0.8.0) shard every expert over TP.
    const bool epRuns = speculation.engine != Engine::Vllm ||
                        !vllmRules(speculation.vllm).expertParallelFlag.empty();
    // The widest TP whose shards the engine accepts too (tpShardProblem, with EP where the
    // replica runs it), so an FP8-block or AWQ checkpoint gets TP x PP, not a refused TP.
    auto widestTp = [&](std::uint32_t cap) {
        std::uint32_t tp = 1;
        for (std::uint32_t t = 2; t <= cap; t *= 2) {
            const std::uint32_t ep =
                epRuns ? std::max<std::uint32_t>(expertParallelFor(model, t), 1) : 1;
            if (n % t == 0 && engineLayoutProblem(model, Parallelism{t, 1, 1}).empty() &&
                tpShardProblem(speculation.engine, model, t, ep,
                               shardSplitFor(speculation.engine, t, 1, speculation.a2a))
                    .empty()) {
                tp = t;
            }
        }
        return tp;
    };
    Parallelism par;
    if (n <= instance) {
        par.tp = widestTp(n); // inside one instance: the widest TP the rules allow x PP
    } else if (model.isMoe()) {
        par.tp = n; // across instances: TP/EP over every GPU of the replica
    } else {
        par.tp = widestTp(instance % 2 == 0 || instance == 1 ? instance : 1);
    }
    par.pp = n / par.tp;
    const std::string refusal =
        speculation.on ? speculationPipelineProblem(speculation.engine, speculation.vllm, par.pp)
                       : "";
    if (!refusal.empty()) {
        if (n <= instance || !engineLayoutProblem(model, Parallelism{n, 1, 1}).empty()) {
            return makeError("layout", refusal);
        }
        par.tp = n; // across instances: TP over every GPU of the replica, as MoE models run
        par.pp = 1;
    }
    if (epRuns && model.isMoe() && par.tp > 1 && model.experts.routed % par.tp == 0) {
        par.ep = par.tp;
    }
    const std::string problem = engineLayoutProblem(model, par);
    if (!problem.empty()) {
        if (n > instance && model.isMoe()) {
            return makeError("layout", "TP/EP " + std::to_string(n) + " across " +
                                           std::to_string(n / instance) + " instances: " + problem +
                                           "; PP across instances is not run for MoE models (no "
                                           "published MoE recipe uses it; vLLM's TP8 x PP2 for "
                                           "Kimi K3 failed, vllm-project/recipes #698)");
        }
        return makeError("layout", problem);
    }
    return par;
}

/// The scenario's own TP / PP / EP as a layout names them ("TP 4 x PP 2", "EP 8").
std::string pinText(const HardwareChoice &hw) {
    std::string s;
    const auto add = [&s](const char *name, std::uint32_t value) {
        if (value) {
            s += (s.empty() ? "" : " x ") + std::string(name) + std::to_string(value);
        }
    };
    add("TP ", hw.tp);
    add("EP ", hw.ep);
    add("PP ", hw.pp);
    add("attention DP ", hw.attentionDp);
    return s;
}

/// The replica layout on `n` GPUs under the scenario's own TP / PP / EP (`hw`, 0 = free), for a
/// search without a GPU count: nullopt when `n` is not a size the pin allows (TP x PP, or a
/// free layout whose TP is not the given EP); else the layout, or the engines' refusal of it.
/// EP, where not given beside a pinned TP or PP, is 1 as in the explicit layouts: the engines
/// turn expert parallelism on only when asked (vLLM --enable-expert-parallel, SGLang --ep-size,
/// TensorRT-LLM --ep_size), so `--tp 8` plans what `--tensor-parallel-size 8` starts. A
/// pinned attention DP (hardware.attention_dp) holds on every replica whose TP it divides.
std::optional<Result<Parallelism>> pinnedLayout(const ModelSpec &model, std::uint32_t n,
                                                std::uint32_t instance, const HardwareChoice &hw,
                                                const SpeculationRule &speculation) {
    if (!hw.tp && !hw.pp) {
        Result<Parallelism> free = replicaLayout(model, n, instance, speculation);
        if (free.ok() && hw.ep > 1 && free.value().tp != hw.ep) {
            return std::nullopt;
        }
        if (free.ok()) {
            if (hw.ep) {
                free.value().ep = hw.ep;
            }
            if (hw.attentionDp) {
                if (free.value().tp % hw.attentionDp != 0) {
                    return std::nullopt; // not a size the pinned attention DP divides
                }
                free.value().dp = hw.attentionDp;
                if (std::string why = engineLayoutProblem(model, free.value()); !why.empty()) {
                    return Result<Parallelism>(
                        makeError("layout", layoutText(free.value()) + ": " + why));
                }
            }
        }
        return free;
    }
    Parallelism par;
    par.tp = hw.tp ? hw.tp : n / hw.pp;
    par.pp = hw.pp ? hw.pp : n / std::max<std::uint32_t>(par.tp, 1);
    if (par.tp == 0 || par.pp == 0 || par.tp * par.pp != n) {
        return std::nullopt;
    }
    par.ep = hw.ep ? hw.ep : 1;
    par.dp = hw.attentionDp ? hw.attentionDp : 1;
    std::string problem =
        speculation.on ? speculationPipelineProblem(speculation.engine, speculation.vllm, par.pp)
                       : "";
    if (problem.empty()) {
        problem = engineLayoutProblem(model, par);
    }
    if (problem.empty()) {
        problem =
            tpShardProblem(speculation.engine, model, par.tp, par.ep,
                           shardSplitFor(speculation.engine, par.tp, par.dp, speculation.a2a));
    }
    if (!problem.empty()) {
        return Result<Parallelism>(makeError("layout", layoutText(par) + ": " + problem));
    }
    return Result<Parallelism>(par);
}

/// Replica sizes worth trying on instances of `instance` GPUs: powers of two up to the
/// instance, then whole clustered instances up to kMaxLayoutGpus.
std::vector<std::uint32_t> replicaSizes(std::uint32_t instance, bool clustered) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t n = 1; n <= instance; n *= 2) {
        if (instance % n == 0) {
            out.push_back(n);
        }
    }
    if (out.empty() || out.back() != instance) {
        out.push_back(instance);
    }
    if (clustered) {
        for (std::uint32_t n = 2 * instance; n <= kMaxLayoutGpus; n += instance) {
            out.push_back(n);
        }
    }
    return out;
}

/// Offers that can be ranked (a shape and a ranking price).
bool rankable(const RentalOffer &o) {
    return o.gpusPerInstance && *o.gpusPerInstance > 0 && o.rankingUsdPerGpuHour();
}

} // namespace

std::string candidateStatusId(CandidateStatus status) {
    switch (status) {
    case CandidateStatus::Chosen:
        return "chosen";
    case CandidateStatus::NearTie:
        return "near_tie";
    case CandidateStatus::LostCost:
        return "cost";
    case CandidateStatus::LostMemory:
        return "memory";
    case CandidateStatus::LostSpeed:
        return "speed";
    case CandidateStatus::Unsupported:
        return "unsupported";
    case CandidateStatus::NotRankable:
        return "not_rankable";
    }
    return {};
}

std::string engineLayoutProblem(const ModelSpec &model, const Parallelism &par) {
    const std::string base = layoutProblem(model, par);
    if (!base.empty()) {
        return base;
    }
    for (const LayerGroup &g : model.layers) {
        const bool headed = g.kind == AttentionKind::MHA || g.kind == AttentionKind::GQA ||
                            g.kind == AttentionKind::MQA || g.kind == AttentionKind::SlidingWindow;
        if (!headed || g.kvHeads == 0) {
            continue;
        }
        const std::uint32_t tp = par.attentionTp(); // the GPUs that split one attention layer
        const bool ok = tp >= g.kvHeads ? tp % g.kvHeads == 0 : g.kvHeads % tp == 0;
        if (!ok) {
            return "TP " + std::to_string(tp) + " and the " + std::to_string(g.kvHeads) +
                   " KV heads: engines need TP to divide the KV heads, or the KV heads to divide "
                   "TP (replicated)";
        }
    }
    return {};
}

namespace {

/// The largest fallback instance: a card rented as a single machine, up to
/// kFallbackMachineMaxGpus of it (or the node size given), a unified-memory GPU alone (it is
/// the machine); a data-centre GPU, its whole node.
std::uint32_t fallbackLargestInstance(const GpuSpec &gpu, std::uint32_t nodeSize) {
    const std::uint32_t node = std::max<std::uint32_t>(nodeSize, 1);
    // A unified-memory GPU (a DGX Spark) is the whole machine: one per box.
    return !gpu.clusteredRentals && node == 1 && !gpu.unifiedMemory ? kFallbackMachineMaxGpus
                                                                    : node;
}

} // namespace

std::vector<RentalOffer> fallbackOffers(const GpuSpec &gpu, std::uint32_t nodeSize) {
    const std::uint32_t node = std::max<std::uint32_t>(nodeSize, 1);
    // A card rented as a single machine: 1, 2, 4 ... of it, none clustered. A data-centre
    // node: 1, 2, 4 ... inside it and whole clustered nodes.
    const bool machines = !gpu.clusteredRentals;
    const std::uint32_t largest = fallbackLargestInstance(gpu, node);
    const std::string shapes = fallbackShapesText(gpu, node);
    std::vector<RentalOffer> out;
    auto add = [&](std::uint32_t n, bool clustered) {
        RentalOffer o;
        o.id = "fallback-" + std::to_string(n) + "x-" + gpu.id;
        o.provider = "HostPlan fallback";
        o.gpu = gpu.id;
        o.gpusPerInstance = n;
        o.usdPerGpuHourOnDemand = gpu.defaultUsdPerGpuHour;
        o.multiInstance = clustered;
        o.interconnectIntra = gpu.interconnect;
        // A GPU type of the user's without a rate is free here: said so where the rate shows.
        o.source = gpu.priceSource.empty()
                       ? "no GPU-hour rate for " + gpu.id +
                             ": give usd_per_gpu_hour in its GPU file, --usd-per-gpu-hour or "
                             "--offers"
                       : gpu.priceSource;
        o.asOf = gpu.priceAsOf.empty() ? "-" : gpu.priceAsOf;
        o.note =
            "no rental offer for " + gpu.id + ": " + shapes + ", at the catalogue's GPU-hour rate";
        out.push_back(std::move(o));
    };
    for (std::uint32_t n = 1; n < largest; n *= 2) {
        add(n, false);
    }
    add(largest, !machines);
    return out;
}

std::string fallbackShapesText(const GpuSpec &gpu, std::uint32_t nodeSize) {
    const std::uint32_t largest = fallbackLargestInstance(gpu, nodeSize);
    if (!gpu.clusteredRentals) {
        // The why (GpuSpec::clusteredRentalsSource) stays in the catalogue: it is long.
        return "single machines of 1 to " + countText(largest, "GPU") +
               " (a card rented without a fabric between machines: never clustered)";
    }
    // The shapes fallbackOffers adds: the powers of two below the node, then the node.
    std::string inside;
    for (std::uint32_t n = 1; n < largest; n *= 2) {
        inside += std::to_string(n) + ", ";
    }
    return "the GPU's own node of " + countText(largest, "GPU") + " (" + inside +
           std::to_string(largest) + " inside a node, whole clustered nodes beyond)";
}

const RentalOffer &LayoutCandidate::offer() const {
    static const RentalOffer none;
    return offerRef ? *offerRef : none;
}

namespace {

/// The most GPUs one rankable offer of `offers` rents in an instance (0: none is rankable).
std::uint32_t largestRankableInstance(const std::vector<RentalOffer> &offers) {
    std::uint32_t largest = 0;
    for (const RentalOffer &o : offers) {
        largest = rankable(o) ? std::max(largest, *o.gpusPerInstance) : largest;
    }
    return largest;
}

/// searchLayouts over `offers` (this GPU type's already). The fallback shapes are searched
/// beside them when none is rankable, or when `smallOffersLargest` is not 0 (searchLayouts'
/// second pass: the largest offered instance, smaller than the GPU's node, carried nothing).
LayoutSearch searchLayoutsIn(const ModelSpec &model, const GpuSpec &gpu, const Scenario &scenario,
                             std::vector<RentalOffer> offers, std::uint32_t nodeSize,
                             const Efficiency &efficiency, std::uint32_t smallOffersLargest) {
    LayoutSearch out;
    if (smallOffersLargest > 0 || !std::any_of(offers.begin(), offers.end(), rankable)) {
        out.fallback = true;
        for (RentalOffer &o : fallbackOffers(gpu, nodeSize)) {
            offers.push_back(std::move(o));
        }
        out.note = (smallOffersLargest > 0
                        ? "no " + gpu.id + " offer carries the workload and the largest holds " +
                              countText(smallOffersLargest, "GPU") + ": also searched "
                        : "no rental offer with an instance shape and a price for " + gpu.id +
                              ": searched ") +
                   fallbackShapesText(gpu, nodeSize) +
                   (scenario.pricing.usdPerGpuHour ? "" : " at the catalogue rate");
    }
    if (scenario.pricing.usdPerGpuHour) {
        for (RentalOffer &o : offers) {
            o.usdPerGpuHourOnDemand = *scenario.pricing.usdPerGpuHour;
        }
        out.note += std::string(out.note.empty() ? "" : "; ") +
                    "every offer priced at the scenario's GPU-hour rate";
    }
    // Engines that do not compose speculative decoding with PP refuse PP layouts for it.
    const SpeculationRule speculation{plansSpeculation(model, scenario), scenario.engine.engine,
                                      scenario.engine.vllmVersion.value_or(kDefaultVllmProfile),
                                      scenario.engine.moeA2a};
    // Without a GPU count, a TP / PP / EP the scenario gives holds every replica
    // (pinnedLayout); with one, the search stays free (the cheapest layout, for comparison).
    const HardwareChoice &hw = scenario.hardware;
    const bool pinned = hw.gpuCount == 0 && (hw.tp || hw.pp || hw.ep || hw.attentionDp);
    // From here on the offers are immutable and owned by the result: candidates point into
    // this table and share its ownership.
    const auto table = std::make_shared<const std::vector<RentalOffer>>(std::move(offers));
    out.offers = table;
    const auto shared = [&](const RentalOffer &o) {
        return std::shared_ptr<const RentalOffer>(table, &o);
    };
    const Workload &w = scenario.workload;
    if (model.maxContextTokens && w.contextTokens > model.maxContextTokens) {
        out.noneReason = "context " + groupedText(w.contextTokens) +
                         " tokens is above the model's maximum of " +
                         groupedText(model.maxContextTokens);
        return out;
    }

    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>,
             ReplicaFigures>
        cache;
    std::map<std::pair<std::uint32_t, std::uint32_t>, Result<Parallelism>> layouts;
    std::vector<LayoutCandidate> carrying;
    std::vector<LayoutCandidate> rejected;
    std::vector<std::string> unsupportedSeen;
    const std::uint32_t concurrency = std::max<std::uint32_t>(w.concurrency, 1);
    const std::uint64_t floorGpus =
        gpu.usableMemoryBytes ? ceilDiv(model.weightBytes(), gpu.usableMemoryBytes) : 1;
    const std::uint64_t nearFloor = std::max<std::uint64_t>(4 * floorGpus, 16);

    for (const RentalOffer &offer : *table) {
        if (!rankable(offer)) {
            LayoutCandidate c;
            c.offerRef = shared(offer);
            c.status = CandidateStatus::NotRankable;
            c.reason = !offer.gpusPerInstance ? "the source gives no instance shape (GPUs per "
                                                "instance): enter it in an offers file"
                                              : "no on-demand or reserved price: enter it in an "
                                                "offers file";
            rejected.push_back(std::move(c));
            continue;
        }
        const std::uint32_t g = *offer.gpusPerInstance;
        const double rate = *offer.rankingUsdPerGpuHour();
        bool servedHere = false;
        std::uint32_t fewestRented = 0; // of a carrying candidate on this offer
        std::uint32_t belowFloor = 0;   // the largest replica size too small for the weights
        for (std::uint32_t n : replicaSizes(g, offer.clusterable())) {
            if (fewestRented && n > fewestRented) {
                break; // a replica of n GPUs rents at least n: it cannot be cheaper here
            }
            if (n < floorGpus) {
                // Each GPU holds at least the weights / n (sharding splits them at best
                // evenly): no layout of fewer GPUs than the weights alone need fits, so none
                // is sized (a 16 GB card's offers for a 1.5 TB model cost nothing to rule out).
                belowFloor = n;
                continue;
            }
            auto lit = layouts.find({n, g});
            if (lit == layouts.end()) {
                auto made = pinned ? pinnedLayout(model, n, g, hw, speculation)
                                   : std::optional(replicaLayout(model, n, g, speculation));
                if (!made) {
                    continue; // a size the scenario's own TP / PP / EP rules out
                }
                lit = layouts.emplace(std::make_pair(n, g), std::move(*made)).first;
            }
            LayoutCandidate c;
            c.offerRef = shared(offer);
            c.usdPerGpuHour = rate;
            if (!lit->second.ok()) {
                const std::string why = lit->second.error().message;
                // Recorded once, and only near the memory floor (further sizes add noise).
                if (n <= nearFloor && std::find(unsupportedSeen.begin(), unsupportedSeen.end(),
                                                why) == unsupportedSeen.end()) {
                    unsupportedSeen.push_back(why);
                    c.offerRef.reset();
                    c.layout = Parallelism{n, 1, 1};
                    c.status = CandidateStatus::Unsupported;
                    c.reason = countText(n, "GPU") + " per replica: " + why;
                    rejected.push_back(std::move(c));
                }
                continue;
            }
            const std::vector<Parallelism> tried =
                pinned ? std::vector<Parallelism>{lit->second.value()}
                       : searchedLayouts(model, gpu, lit->second.value(), scenario);
            bool baseLostMemory = false; // then attention DP, with more weights, does too
            for (const Parallelism &par : tried) {
                if (par.dp > 1 && baseLostMemory && !pinned) {
                    continue;
                }
                c = LayoutCandidate();
                c.offerRef = shared(offer);
                c.usdPerGpuHour = rate;
                c.layout = par;
                if (const std::string why =
                        model.isMoe() ? moeA2aProblem(scenario.engine.engine,
                                                      scenario.engine.moeA2a, par.tp, par.ep)
                                      : std::string();
                    !why.empty()) {
                    if (n <= nearFloor && std::find(unsupportedSeen.begin(), unsupportedSeen.end(),
                                                    why) == unsupportedSeen.end()) {
                        unsupportedSeen.push_back(why);
                        c.status = CandidateStatus::Unsupported;
                        c.reason =
                            countText(n, "GPU") + " per replica, " + layoutText(par) + ": " + why;
                        rejected.push_back(std::move(c));
                    }
                    continue;
                }
                const auto key = std::make_tuple(par.tp, par.ep, par.pp, par.dp, g);
                auto fit = cache.find(key);
                if (fit == cache.end()) {
                    fit =
                        cache.emplace(key, replicaFigures(model, gpu, par, g, scenario, efficiency))
                            .first;
                }
                const ReplicaFigures &f = fit->second;
                baseLostMemory = baseLostMemory || f.memoryMaxBatch == 0;
                c.memoryMaxBatch = f.memoryMaxBatch;
                c.latencyMaxBatch = f.latencyMaxBatch;
                c.batch = f.batch;
                if (f.memoryMaxBatch == 0) {
                    c.status = CandidateStatus::LostMemory;
                    c.reason = f.memoryReason;
                    rejected.push_back(std::move(c));
                    continue;
                }
                if (f.latencyMaxBatch == 0) {
                    c.status = CandidateStatus::LostSpeed;
                    c.reason = f.speedReason;
                    rejected.push_back(std::move(c));
                    continue;
                }
                const std::uint32_t engineCap = replicaSequenceCap(scenario, gpu, &model, par);
                const std::uint32_t holds =
                    engineCap > 0 ? std::min(f.memoryMaxBatch, engineCap) : f.memoryMaxBatch;
                const double forMemory = std::ceil(double(concurrency) / holds);
                const double forSpeed =
                    f.outputTokensPerMonth > 0
                        ? std::ceil(w.outputTokensPerMonth / f.outputTokensPerMonth)
                        : 1.0;
                const double replicas = std::max({forMemory, forSpeed, 1.0});
                const double perInstance = n <= g ? double(g / n) : 0.0;
                const double instances =
                    n <= g ? std::ceil(replicas / perInstance) : replicas * double(n / g);
                if (instances * g > kMaxLayoutGpus) {
                    c.status = forMemory >= forSpeed ? CandidateStatus::LostMemory
                                                     : CandidateStatus::LostSpeed;
                    c.reason = "needs " + groupedText(std::uint64_t(replicas)) + " replicas (" +
                               (forMemory >= forSpeed ? "each holds " + countText(holds, "sequence")
                                                      : "each serves its capacity batch of " +
                                                            countText(f.batch, "sequence")) +
                               "), more than " + countText(kMaxLayoutGpus, "GPU");
                    rejected.push_back(std::move(c));
                    continue;
                }
                // Replicas fill the instances paid for (more capacity at the same cost).
                c.replicas = std::uint32_t(n <= g ? instances * perInstance : replicas);
                c.instances = std::uint32_t(instances);
                c.gpusRented = c.instances * g;
                c.usdPerMonth =
                    rentalCost(c.gpusRented, rate, w.hoursPerDay, scenario.pricing.hoursPerMonth)
                        .usdPerMonthScheduled;
                c.outputTokensPerMonth = f.outputTokensPerMonth * c.replicas;
                c.status = CandidateStatus::LostCost;
                c.reason = countText(c.replicas, "replica") + " of " + layoutText(par) + " on " +
                           countText(c.instances, "instance") + " of " + std::to_string(g) +
                           ": holds " + countText(holds * c.replicas, "sequence") + " of " +
                           groupedText(w.contextTokens) + " tokens (" +
                           std::to_string(concurrency) +
                           " requested) and serves the monthly output within the target";
                servedHere = true;
                fewestRented = fewestRented ? std::min(fewestRented, c.gpusRented) : c.gpusRented;
                carrying.push_back(std::move(c));
            }
        }
        if (belowFloor && !servedHere) {
            LayoutCandidate c;
            c.offerRef = shared(offer);
            c.usdPerGpuHour = rate;
            c.layout = Parallelism{belowFloor, 1, 1};
            c.status = CandidateStatus::LostMemory;
            c.reason =
                countText(belowFloor, "GPU") + " hold " +
                formatDouble("%.1f", double(belowFloor) * toGB(double(gpu.usableMemoryBytes))) +
                " GB usable, less than the weights' " +
                formatDouble("%.1f", toGB(double(model.weightBytes()))) + " GB alone";
            rejected.push_back(std::move(c));
        }
        if (!servedHere && !offer.clusterable()) {
            LayoutCandidate c;
            c.offerRef = shared(offer);
            c.usdPerGpuHour = rate;
            c.status = CandidateStatus::Unsupported;
            c.reason = "one instance of " + countText(g, "GPU") +
                       " does not carry the workload and the source does not say its instances "
                       "can be clustered";
            rejected.push_back(std::move(c));
        }
    }

    // Cheapest first; at the same cost and GPUs the one that serves more (two replicas of TP 8
    // serve more than one TP 8 x PP 2 on the same 16 GPUs), then fewer replicas, less PP.
    std::stable_sort(carrying.begin(), carrying.end(),
                     [](const LayoutCandidate &a, const LayoutCandidate &b) {
                         return std::tie(a.usdPerMonth, a.gpusRented, b.outputTokensPerMonth,
                                         a.replicas, a.layout.pp, a.offer().id) <
                                std::tie(b.usdPerMonth, b.gpusRented, a.outputTokensPerMonth,
                                         b.replicas, b.layout.pp, b.offer().id);
                     });
    if (!carrying.empty()) {
        out.found = true;
        out.chosen = 0;
        const double best = carrying.front().usdPerMonth;
        carrying.front().status = CandidateStatus::Chosen;
        carrying.front().reason = "cheapest that carries the workload: " + carrying.front().reason;
        for (std::size_t i = 1; i < carrying.size(); ++i) {
            LayoutCandidate &c = carrying[i];
            const double extra = best > 0 ? c.usdPerMonth / best - 1 : (c.usdPerMonth > 0 ? 1 : 0);
            c.status =
                extra <= kNearTieFraction ? CandidateStatus::NearTie : CandidateStatus::LostCost;
            if (best == 0 && c.usdPerMonth == 0) {
                // No rate on either (a fallback offer's placeholder): no cost to set them apart.
                c.reason = "no GPU-hour rate to rank by (ranked by GPUs rented, then what they "
                           "serve); " +
                           c.reason;
                continue;
            }
            c.reason = usdText(c.usdPerMonth) + " a month, " +
                       // No % of $0, nor of a month that rounds to it (a rate of 1e-300
                       // made it 10^300 %).
                       (best >= 0.5 ? formatDouble("%.1f", extra * 100) + "% above"
                                    : usdText(c.usdPerMonth - best) + " more than") +
                       " the chosen " + usdText(best) +
                       (c.status == CandidateStatus::NearTie ? " (near tie)" : "") + "; " +
                       c.reason;
        }
    } else {
        // Say why nothing serves: the memory or speed reason of the largest replica sized (the
        // first met of that size), and why no larger one was (the engines' layout rules).
        const LayoutCandidate *largestSized = nullptr;
        for (const LayoutCandidate &c : rejected) {
            if ((c.status == CandidateStatus::LostMemory ||
                 c.status == CandidateStatus::LostSpeed) &&
                (!largestSized || c.layout.gpuCount() > largestSized->layout.gpuCount())) {
                largestSized = &c;
            }
        }
        std::string why;
        if (largestSized) {
            why = "largest replica tried (" + countText(largestSized->layout.gpuCount(), "GPU") +
                  ", " + layoutText(largestSized->layout) + "): " + largestSized->reason;
            for (const LayoutCandidate &c : rejected) {
                if (c.status == CandidateStatus::Unsupported &&
                    c.layout.gpuCount() > largestSized->layout.gpuCount()) {
                    why += "; no larger replica was sized: " + c.reason;
                    break;
                }
            }
        }
        const std::string pin = pinned ? " with the scenario's " + pinText(hw) : "";
        out.noneReason = "no layout" + pin + " on any " + gpu.id + " offer carries the workload" +
                         (why.empty() ? std::string() : ": " + why);
        // Offers of single machines bound every replica by their largest machine: say so, as
        // a larger machine (another provider's) may well exist.
        const std::uint32_t largest = largestRankableInstance(*table);
        const bool clustered = std::any_of(table->begin(), table->end(), [](const RentalOffer &o) {
            return rankable(o) && o.clusterable();
        });
        if (largest && !clustered) {
            out.noneReason += "; the largest " + gpu.id + " machine offered holds " +
                              countText(largest, "GPU") +
                              " and no offer clusters machines: add an offer of larger machines "
                              "(--offers, pricing.offers) to search them";
        }
    }
    out.candidates = std::move(carrying);
    for (LayoutCandidate &c : rejected) {
        out.candidates.push_back(std::move(c));
    }
    return out;
}

} // namespace

LayoutSearch searchLayouts(const ModelSpec &model, const GpuSpec &gpu, const Scenario &scenario,
                           std::vector<RentalOffer> offers, std::uint32_t nodeSize,
                           const Efficiency &efficiency) {
    std::erase_if(offers, [&](const RentalOffer &o) { return o.gpu != gpu.id; });
    const std::uint32_t largest = largestRankableInstance(offers);
    // Offers of only smaller machines than the GPU's usual node (single-GPU cloud instances
    // of a card sold in 8-GPU servers) do not show the type cannot serve: when none carries
    // the workload, the fallback shapes are searched beside them, at a known rate only (a GPU
    // type of the user's without one would price them at $0 and outbid every priced offer).
    const bool priced = gpu.defaultUsdPerGpuHour > 0 || scenario.pricing.usdPerGpuHour;
    const bool smallOffersOnly =
        priced && largest > 0 && largest < fallbackLargestInstance(gpu, nodeSize);
    LayoutSearch first =
        searchLayoutsIn(model, gpu, scenario, smallOffersOnly ? offers : std::move(offers),
                        nodeSize, efficiency, 0);
    if (first.found || !smallOffersOnly) {
        return first;
    }
    // The second search's answer either way: when nothing carries the workload its reason is
    // the one met on the larger shapes, which the plan should name.
    return searchLayoutsIn(model, gpu, scenario, std::move(offers), nodeSize, efficiency, largest);
}

} // namespace hostplan
