// SPDX-License-Identifier: MIT
#include "plan/pareto.h"

#include "plan/decision.h"

#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace hostplan {

std::string ParetoPoint::label() const {
    return "TP " + std::to_string(layout.tp) + " x EP " + std::to_string(layout.ep) + " x PP " +
           std::to_string(layout.pp) +
           (layout.dp > 1 ? " (attention DP " + std::to_string(layout.dp) + ")" : "") + " x DP " +
           std::to_string(replicas);
}

/// Relative difference below which two latencies or costs count as equal (0.5 %).
constexpr double kParetoTie = 0.005;

namespace {

/// Whether figure `x` is no worse (no larger) than `y`, within kParetoTie: the throughput model
/// does not tell closer figures apart, and the front prints them alike (1766 ms and 1766 ms).
bool noWorse(double x, double y) {
    return x <= y * (1 + kParetoTie);
}

} // namespace

bool dominates(const ParetoPoint &a, const ParetoPoint &b) {
    const auto better = [](double x, double y) { return x < y * (1 - kParetoTie); };
    return noWorse(a.ttftSeconds, b.ttftSeconds) && noWorse(a.tpotSeconds, b.tpotSeconds) &&
           noWorse(a.usdPerMTokOutput, b.usdPerMTokOutput) &&
           (better(a.ttftSeconds, b.ttftSeconds) || better(a.tpotSeconds, b.tpotSeconds) ||
            better(a.usdPerMTokOutput, b.usdPerMTokOutput));
}

namespace {

/// Latency and capacity of one layout x replicas x instance size at the workload.
struct LayoutSpeed {
    double ttftSeconds = 0;
    double tpotSeconds = 0;
    double outputTokensPerSecond = 0;
    double outputTokensPerMonth = 0; ///< at capacity, utilisation and hours a day
};

/// `work` re-laid as (par, replicas, instance) and run through the plan's own models, as
/// evaluate() does for the search's choice (plan.cpp: memory per replica, then throughput).
LayoutSpeed speedOf(PlanResult &work, const Parallelism &par, std::uint32_t replicas,
                    std::uint32_t gpus, std::uint32_t instance) {
    work.layout = par;
    work.replicas = std::max<std::uint32_t>(replicas, 1);
    work.gpusRented = gpus;
    work.gpusPerInstance = instance;
    Scenario perReplica = work.scenario;
    perReplica.workload.concurrency =
        std::uint32_t(ceilDiv(work.scenario.workload.concurrency, work.replicas));
    work.memory = computeMemory(work.model, work.gpu, par, perReplica);
    const Throughput t = computeThroughput(work, work.throughput.efficiency);
    return {t.atConcurrency.ttftSeconds, t.atConcurrency.tpotSeconds,
            t.atConcurrency.tokensPerSecond, t.capacity.outputTokensPerMonth};
}

/// A point with finite figures; a cost of $0 is one (an offer the user rents for nothing).
bool usable(const ParetoPoint &p) {
    return std::isfinite(p.ttftSeconds) && std::isfinite(p.tpotSeconds) &&
           std::isfinite(p.usdPerMTokOutput) && p.tpotSeconds > 0 && p.usdPerMTokOutput >= 0;
}

} // namespace

ParetoFront paretoFront(const PlanResult &plan) {
    ParetoFront out;
    if (plan.throughput.computed) {
        const Throughput &t = plan.throughput;
        ParetoPoint own;
        own.layout = plan.layout;
        own.replicas = std::max<std::uint32_t>(plan.replicas, 1);
        own.gpus = plan.rentedGpus();
        own.offerId = plan.layoutFromSearch && plan.search.best() ? plan.search.best()->offer().id
                                                                  : std::string();
        own.ttftSeconds = t.atConcurrency.ttftSeconds;
        own.tpotSeconds = t.atConcurrency.tpotSeconds;
        own.outputTokensPerSecond = t.atConcurrency.tokensPerSecond;
        own.usdPerMTokOutput = t.capacity.usdPerMTokOutput;
        own.isPlan = true;
        out.plan = own;
    }
    // Without a known GPU-hour rate the costs are placeholders: no front to trade them on.
    if (!plan.search.found || !plan.throughput.computed || gpuRateUnknown(plan)) {
        return out;
    }
    // One working copy without the search's candidate list (it is only read from `plan`).
    PlanResult work = plan;
    work.search = {};
    using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                           std::uint32_t, std::uint32_t, std::uint32_t>;
    std::map<Key, LayoutSpeed> speeds;
    std::vector<ParetoPoint> all;
    bool markedPlan = false;
    for (std::size_t i = 0; i < plan.search.candidates.size(); ++i) {
        const LayoutCandidate &c = plan.search.candidates[i];
        if (!c.carries()) {
            continue;
        }
        const std::uint32_t instance = c.offer().gpusPerInstance.value_or(plan.instanceSize());
        const Key key{c.layout.tp, c.layout.ep,  c.layout.pp, c.layout.dp,
                      c.replicas,  c.gpusRented, instance};
        auto it = speeds.find(key);
        if (it == speeds.end()) {
            it = speeds.emplace(key, speedOf(work, c.layout, c.replicas, c.gpusRented, instance))
                     .first;
        }
        const LayoutSpeed &s = it->second;
        ParetoPoint p;
        p.layout = c.layout;
        p.replicas = std::max<std::uint32_t>(c.replicas, 1);
        p.gpus = c.gpusRented;
        p.offerId = c.offer().id;
        p.ttftSeconds = s.ttftSeconds;
        p.tpotSeconds = s.tpotSeconds;
        p.outputTokensPerSecond = s.outputTokensPerSecond;
        p.usdPerMTokOutput = s.outputTokensPerMonth > 0
                                 ? c.usdPerMonth / s.outputTokensPerMonth * 1e6
                                 : std::numeric_limits<double>::infinity();
        // The plan's own candidate: the search's choice, or (a count or layout the user fixed)
        // the cheapest offer of the same layout, replicas and GPUs (carrying candidates come
        // cheapest first).
        p.isPlan = plan.layoutFromSearch
                       ? i == plan.search.chosen
                       : !markedPlan && c.layout == plan.layout && p.replicas == plan.replicas &&
                             c.gpusRented == plan.rentedGpus();
        markedPlan = markedPlan || p.isPlan;
        if (usable(p)) {
            all.push_back(p);
        }
    }
    // The same layout on two offers at rates within kParetoTie (a 2-GPU and a 4-GPU pod of one
    // provider, two providers 0.2 % apart) ties on every figure: the front lists it once, the
    // plan's own point if it is one of them, else the cheapest (candidates come cheapest first).
    const auto near = [](double x, double y) { return noWorse(x, y) && noWorse(y, x); };
    const auto sameFigures = [&](const ParetoPoint &a, const ParetoPoint &b) {
        return a.layout == b.layout && a.replicas == b.replicas && a.gpus == b.gpus &&
               near(a.ttftSeconds, b.ttftSeconds) && near(a.tpotSeconds, b.tpotSeconds) &&
               near(a.usdPerMTokOutput, b.usdPerMTokOutput);
    };
    for (std::size_t i = 0; i < all.size(); ++i) {
        const ParetoPoint &p = all[i];
        const bool beaten = std::any_of(all.begin(), all.end(),
                                        [&](const ParetoPoint &q) { return dominates(q, p); });
        // Tied by the plan's own point, or (p not the plan's) by an earlier one.
        bool tied = false;
        for (std::size_t j = 0; j < all.size() && !tied; ++j) {
            tied = j != i && sameFigures(all[j], p) && (all[j].isPlan || (!p.isPlan && j < i));
        }
        (beaten || tied ? out.dominated : out.front).push_back(p);
    }
    const auto order = [](const ParetoPoint &a, const ParetoPoint &b) {
        return std::tie(a.tpotSeconds, a.ttftSeconds, a.usdPerMTokOutput) <
               std::tie(b.tpotSeconds, b.ttftSeconds, b.usdPerMTokOutput);
    };
    std::stable_sort(out.front.begin(), out.front.end(), order);
    std::stable_sort(out.dominated.begin(), out.dominated.end(), order);
    return out;
}

} // namespace hostplan
