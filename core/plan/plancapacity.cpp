// SPDX-License-Identifier: MIT
// A plan's figures limited to what it serves: the cost per 1M output tokens of a plan short of
// the workload's volume, the break-even a capacity cannot reach, and the calibrated recompute.
#include "plan/plancapacity.h"
#include "plan/decision.h"

#include "util/numbertext.h"
#include "util/textutil.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace hostplan {

namespace {

/// The warning limitBreakEvenToCapacity adds; calibrate() drops it before recomputing.
constexpr std::string_view kApiCheaperWarning = "the API stays cheaper at any volume";
/// Its form where the throughput band's fast end reaches the volume (breakEvenVerdict's
/// withinBand): not "never".
constexpr std::string_view kWithinBandWarning = "break-even is too close to call";

/// The warnings limitWorkloadToCapacity adds; calibrate() drops them before recomputing.
constexpr std::string_view kShortOfWorkloadWarning = "the plan serves only ";
constexpr std::string_view kSlowAtConcurrencyWarning = "the workload's concurrency runs at ";
constexpr std::string_view kFewSequencesWarning = "the workload's ";
constexpr std::string_view kFewSequencesMarker = " running all the time produce";
constexpr std::string_view kNoOutputWarning =
    "the workload has no output tokens: HostPlan models generation, so its requests are run "
    "with one output token each, and the time per output token, the capacity in output tokens "
    "and every cost per 1M output tokens describe that token, not a prefill-only service";

/// Whether the break-even volume `needed` lies above the modelled capacity of the copies the
/// workload's concurrency takes but within the throughput band's fast end: too close to call
/// (breakEvenVerdict's withinBand, and the note limitBreakEvenToCapacity writes).
bool neededWithinBand(const PlanResult &p, double needed) {
    const double copies = concurrencyCopies(p);
    const Capacity &c = p.throughput.capacity;
    return p.throughput.computed && p.fit.serves() && std::isfinite(needed) &&
           needed > copies * c.outputTokensPerMonth &&
           needed <= copies * c.outputTokensPerMonthHigh;
}

/// See updateBreakEven. A plan that serves nothing (0) never breaks even.
void limitBreakEvenToCapacity(PlanResult &r) {
    if (!r.apiPriced || !r.throughput.computed) {
        return;
    }
    // Self-hosted cost is a step per deployment of capacity C, the API's linear: they cross at
    // V = M / p only if V <= C (n deployments: p n C >= n M), so beyond C the API stays cheaper.
    // The deployment is the copies the workload's concurrency takes (concurrencyCopies).
    const double copies = concurrencyCopies(r);
    const double each = r.fit.serves() ? r.throughput.capacity.outputTokensPerMonth : 0;
    const double capacity = copies * each;
    const double inf = std::numeric_limits<double>::infinity();
    r.breakeven.outputTokensPerMonthNeeded = r.breakeven.outputTokensPerMonth;
    if (!(capacity > 0) || r.breakeven.outputTokensPerMonth > capacity) {
        const double needed = r.breakeven.outputTokensPerMonth; // infinite near a free API
        // A plan that does not fit says so itself: "serves 0" beside its speed reads as a
        // contradiction.
        if (neededWithinBand(r, needed)) {
            r.warnings.push_back(
                std::string(kWithinBandWarning) + ": it needs " + tokenCountText(needed) +
                " output tokens a month, above the " + tokenCountText(capacity) +
                " the plan serves at its modelled capacity but within the throughput band " +
                "(up to " +
                tokenCountText(copies * r.throughput.capacity.outputTokensPerMonthHigh) + ")");
        } else if (r.fit.serves()) {
            r.warnings.push_back(
                std::string(kApiCheaperWarning) +
                (std::isfinite(needed) ? ": break-even needs " + tokenCountText(needed) +
                                             " output tokens a month, but"
                                       : std::string(": no volume breaks even, and")) +
                (copies > 1 ? " the " + groupedText(std::uint64_t(copies)) +
                                  " copies the workload's concurrency takes serve "
                            : std::string(" the plan serves ")) +
                tokenCountText(std::max(capacity, 0.0)) + " (throughput model, " +
                std::to_string(int(r.throughput.capacity.utilisation * 100 + 0.5)) +
                "% utilisation), and more deployments add cost as fast as volume");
        }
        r.breakeven.outputTokensPerMonth = inf;
        r.breakeven.outputTokensPerSecond = inf;
    }
    if (!(capacity > 0) || r.breakeven.outputOnlyTokensPerMonth > capacity) {
        r.breakeven.outputOnlyTokensPerMonth = inf;
        r.breakeven.outputOnlyTokensPerSecond = inf;
    }
    // Users come whole: the first count that wins must also be served by the plan. Heavy users
    // are counted against one deployment (updateBreakEven).
    const double heavy = r.scenario.workload.heavyUserTokensPerMonth;
    if (!(each > 0) || std::ceil(r.breakeven.heavyUsersToBreakEven) * heavy > each) {
        r.breakeven.heavyUsersToBreakEven = inf;
    }
}

} // namespace

std::uint32_t concurrencyCopies(const PlanResult &r) {
    if (!r.fit.startsShort || r.fit.maxConcurrency == 0) {
        return 1;
    }
    const double copies = std::ceil(double(r.scenario.workload.concurrency) / r.fit.maxConcurrency);
    return std::uint32_t(std::clamp(copies, 1.0, 4294967295.0));
}

void limitWorkloadToCapacity(PlanResult &r) {
    const double wanted = r.scenario.workload.outputTokensPerMonth;
    const double copies = concurrencyCopies(r);
    // The workload's tokens pay for every copy its concurrency takes.
    r.selfHostUsdPerMTokOutput = wanted > 0 ? copies * r.rental.usdPerMonthScheduled / wanted * 1e6
                                            : std::numeric_limits<double>::infinity();
    const Capacity &c = r.throughput.capacity;
    // A workload without output tokens (prefill only) has no time per output token to meet:
    // the model runs its requests with one output token each.
    const bool noOutput = !(wanted > 0) && !r.scenario.workload.outputTokensPerRequest;
    if (noOutput) {
        r.warnings.push_back(std::string(kNoOutputWarning));
    }
    // The requested sequences decode slower than the target: say how many meet it.
    const double target = r.scenario.workload.targetSecondsPerOutputToken;
    const DecodeStep &at = r.throughput.atConcurrency;
    if (!noOutput && r.fit.serves() && r.throughput.computed && target > 0 &&
        at.tpotSeconds > target) {
        const std::uint32_t replicas = std::max<std::uint32_t>(r.replicas, 1);
        r.warnings.push_back(std::string(kSlowAtConcurrencyWarning) +
                             formatDouble("%.1f", at.tpotSeconds * 1e3) + " ms per output token (" +
                             countText(std::min<std::uint64_t>(std::uint64_t(at.batch) * replicas,
                                                               r.scenario.workload.concurrency),
                                       "sequence") +
                             " running), above the " + msText(target) + " ms target: " +
                             (c.batch > 0
                                  ? countText(std::uint64_t(c.batch) * replicas, "sequence") +
                                        " meet it (the capacity figures are at that batch)"
                                  : std::string("not even one sequence meets it")));
    }
    // The monthly output asked for needs more sequences at once than the workload names: even
    // all of them decoding through every scheduled hour make less (a search that rents for the
    // volume would otherwise quote replicas that the concurrency leaves idle).
    if (!noOutput && r.fit.serves() && r.throughput.computed && at.tokensPerSecond > 0 &&
        wanted > 0) {
        const double most = at.tokensPerSecond * scheduledSecondsPerMonth(r.scenario);
        const std::uint64_t running = std::min<std::uint64_t>(
            std::uint64_t(at.batch) * std::max<std::uint32_t>(r.replicas, 1),
            r.scenario.workload.concurrency);
        if (wanted > most * 1.001 && running > 0) {
            const double needed = std::ceil(wanted / most * double(running));
            r.warnings.push_back(std::string(kFewSequencesWarning) +
                                 countText(r.scenario.workload.concurrency, "sequence") +
                                 std::string(kFewSequencesMarker) +
                                 (r.scenario.workload.concurrency == 1 ? "s" : "") + " at most " +
                                 tokenCountText(most) + " output tokens a month (" +
                                 formatDouble("%.0f", at.tokensPerSecond) +
                                 " tokens/s over the scheduled hours), below the " +
                                 tokenCountText(wanted) + " asked: the volume needs about " +
                                 groupedText(std::uint64_t(needed)) +
                                 " sequences at once at this speed (--concurrency)");
        }
    }
    if (!r.fit.serves() || !r.throughput.computed || !(c.outputTokensPerMonth > 0) ||
        !(wanted > copies * c.outputTokensPerMonth)) {
        return;
    }
    r.selfHostUsdPerMTokOutput = r.rental.usdPerMonthScheduled / c.outputTokensPerMonth * 1e6;
    const int percent = int(c.outputTokensPerMonth / wanted * 100);
    r.warnings.push_back(
        std::string(kShortOfWorkloadWarning) +
        (percent < 1 ? std::string("under 1") : std::to_string(percent)) +
        "% of the workload's output: " + tokenCountText(c.outputTokensPerMonth) + " of " +
        tokenCountText(wanted) + " output tokens a month (throughput model at the " +
        msText(r.scenario.workload.targetSecondsPerOutputToken) + " ms target, " +
        std::to_string(int(c.utilisation * 100 + 0.5)) + "% utilisation); carrying it takes " +
        (c.replicasForWorkload > 1 ? groupedText(c.replicasForWorkload) +
                                         " copies of this layout (the GPU count on auto finds "
                                         "them)"
                                   : std::string("more GPUs (the GPU count on auto)")) +
        "; its cost per 1M output tokens is per token served");
}

void updateBreakEven(PlanResult &r) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const bool rateUnknown = gpuRateUnknown(r);
    if (rateUnknown) {
        // An unknown GPU-hour rate (decision.h): no cost of the plan's to compare or divide,
        // rather than the $0 a fallback offer carries (JSON null, printed as unknown).
        r.selfHostUsdPerMTokOutput = nan;
        Capacity &c = r.throughput.capacity;
        c.usdPerMTokOutput = c.usdPerMTokOutputLow = c.usdPerMTokOutputHigh = nan;
    }
    const Workload &w = r.scenario.workload;
    if (!r.apiPriced || rateUnknown) {
        // Unknown API price: nothing to compare (NaN, printed as "no API price", JSON null).
        // With the API priced, one heavy user's API bill is known all the same.
        r.breakeven = BreakEven{nan, nan, nan, nan, nan, nan};
        if (r.apiPriced) {
            r.breakeven.heavyUserApiUsdPerMonth =
                w.heavyUserTokensPerMonth * r.api.outputUsdPerMTok / 1e6;
        }
        return;
    }
    const auto at = [&](double usdPerMonth) {
        return breakEven(usdPerMonth, r.api, w.inputTokensPerMonth, w.cachedInputTokensPerMonth,
                         w.outputTokensPerMonth, w.heavyUserTokensPerMonth,
                         r.scenario.pricing.hoursPerMonth);
    };
    // The volume breaks even against the copies the workload's concurrency takes; heavy users
    // are a count of users of one deployment (each brings his own volume, not the workload's
    // concurrency).
    const BreakEven one = at(r.rental.usdPerMonthScheduled);
    r.breakeven =
        concurrencyCopies(r) > 1 ? at(concurrencyCopies(r) * r.rental.usdPerMonthScheduled) : one;
    r.breakeven.heavyUserApiUsdPerMonth = one.heavyUserApiUsdPerMonth;
    r.breakeven.heavyUsersToBreakEven = one.heavyUsersToBreakEven;
    r.breakeven.heavyUsersNeeded = one.heavyUsersNeeded;
    limitBreakEvenToCapacity(r);
}

void calibrate(PlanResult &plan, const Calibration &calibration) {
    applyCalibration(plan, calibration);
    // Drop the capacity warnings of the uncalibrated figures; they are added anew below.
    std::erase_if(plan.warnings, [](const std::string &w) {
        return w.rfind(kApiCheaperWarning, 0) == 0 || w.rfind(kWithinBandWarning, 0) == 0 ||
               w.rfind(kShortOfWorkloadWarning, 0) == 0 ||
               w.rfind(kSlowAtConcurrencyWarning, 0) == 0 || w == kNoOutputWarning ||
               (w.rfind(kFewSequencesWarning, 0) == 0 &&
                w.find(kFewSequencesMarker) != std::string::npos);
    });
    limitWorkloadToCapacity(plan);
    updateBreakEven(plan);
}

// Declared in plan/decision.h with the other verdicts; here beside the capacity limit it
// reads.
BreakEvenVerdict breakEvenVerdict(const PlanResult &p) {
    BreakEvenVerdict v;
    v.copies = concurrencyCopies(p);
    if (!p.apiPriced) {
        return v;
    }
    if (!p.fit.serves()) {
        v.kind = BreakEvenKind::DoesNotFit;
        return v;
    }
    if (gpuRateUnknown(p)) {
        v.kind = BreakEvenKind::NoGpuPrice;
        return v;
    }
    if (!std::isfinite(p.breakeven.outputTokensPerMonth)) {
        v.kind = BreakEvenKind::Never;
        const Capacity &c = p.throughput.capacity;
        const double needed = p.breakeven.outputTokensPerMonthNeeded;
        v.capacityOutputTokensPerMonth = v.copies * c.outputTokensPerMonth;
        v.capacityHighOutputTokensPerMonth = v.copies * c.outputTokensPerMonthHigh;
        v.withinBand = neededWithinBand(p, needed);
        v.neededOutputTokensPerMonth = v.withinBand ? needed : 0;
        return v;
    }
    v.kind = BreakEvenKind::At;
    v.outputTokensPerMonth = p.breakeven.outputTokensPerMonth;
    v.outputTokensPerSecond = p.breakeven.outputTokensPerSecond;
    return v;
}

} // namespace hostplan
