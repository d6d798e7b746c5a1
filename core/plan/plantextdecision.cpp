// SPDX-License-Identifier: MIT
// The plan text's decision section and latency / cost front (plan/plantextdetail.h).
#include "plan/plantextdetail.h"

#include "plan/pareto.h"
#include "plan/plancapacity.h"
#include "util/numbertext.h"
#include "util/pricedigits.h"
#include "util/textutil.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace hostplan::plantextdetail {

/// The layout search's latency / cost front (pareto.h), at most six layouts.
void writeParetoText(const PlanResult &p, std::ostream &out) {
    const ParetoFront front = paretoFront(p);
    if (front.front.empty()) {
        return;
    }
    out << "          latency / cost front (" << front.front.size() << " of "
        << front.front.size() + front.dominated.size()
        << (front.front.size() == 1 ? " carrying layouts: no other is as good on TTFT, TPOT and "
                                      "cost per 1M output tokens):\n"
                                    : " carrying layouts; none beats another on TTFT, TPOT and "
                                      "cost per 1M output tokens):\n");
    for (std::size_t i = 0; i < front.front.size() && i < 6; ++i) {
        const ParetoPoint &e = front.front[i];
        out << "            " << e.label() << ", " << countText(e.gpus, "GPU") << ": TTFT "
            << formatDouble("%.0f", e.ttftSeconds * 1e3) << " ms, TPOT "
            << formatDouble("%.1f", e.tpotSeconds * 1e3) << " ms, "
            << formatDouble("%.0f", e.outputTokensPerSecond) << " tokens/s, "
            << usdCents(e.usdPerMTokOutput) << " per 1M output tokens"
            << (e.offerId.empty() ? std::string() : " on " + singleLine(e.offerId));
        // Each point is priced at its offer's rate; the plan's own cost is at the plan's rate
        // (the Decision and Cost lines), which a row of the plan then names too.
        if (e.isPlan && front.plan &&
            std::abs(front.plan->usdPerMTokOutput - e.usdPerMTokOutput) > 0.005) {
            out << " (this plan; " << usdCents(front.plan->usdPerMTokOutput) << " at its rate of "
                << usdCents(p.usdPerGpuHour) << " per GPU-hour)";
        } else if (e.isPlan) {
            out << " (this plan)";
        }
        out << "\n";
    }
}

/// The decision unit's verdicts (decision.h): recommendation, pilot range, both costs per 1M
/// output tokens, each labelled.
void writeDecisionText(const PlanResult &p, std::ostream &out) {
    const Recommendation rec = recommend(p);
    out << "Decision  recommendation: " << recommendationName(rec);
    switch (rec) {
    case Recommendation::NoApiPrice:
        out << " (no API price to compare with)";
        break;
    case Recommendation::NoGpuPrice:
        out << " (no GPU-hour rate for " << p.gpu.id
            << " to compare with the API: give usd_per_gpu_hour in its GPU file, "
               "--usd-per-gpu-hour or --offers)";
        break;
    case Recommendation::Api:
        if (!p.fit.serves()) {
            out << " (the plan does not fit)";
        } else if (workloadCopies(p) > 1) {
            // The basis is the copies the workload takes, not the one deployment the break-even
            // line below counts.
            out << " (the API bill, " << usd(p.apiUsdPerMonth)
                << " a month, is no more than renting the " << groupedText(workloadCopies(p))
                << " copies of this deployment the workload takes at the chosen hours a day)";
        } else {
            out << " (the API bill is no more than renting at the chosen hours a day)";
        }
        break;
    case Recommendation::Dedicated:
        out << " (the API bill is more than renting always on)";
        break;
    case Recommendation::BurstRental:
        out << " (renting for the chosen hours a day beats the API, always on does not)";
        break;
    }
    out << "\n";
    const std::uint32_t copies = workloadCopies(p);
    if (copies > 1 && p.apiPriced) {
        const std::uint32_t alwaysOn = workloadCopies(p, true);
        out << "          compared at " << groupedText(copies)
            << " copies of this deployment, which the workload "
            << (p.fit.startsShort ? "takes (each holds " + groupedText(p.fit.maxConcurrency) +
                                        " of its " + groupedText(p.scenario.workload.concurrency) +
                                        " sequences at once, or serves part of its volume)"
                                  : std::string("takes"))
            << ": " << usd(copies * p.rental.usdPerMonthScheduled)
            << " a month at the chosen hours (" << groupedText(alwaysOn)
            << " always on: " << usd(alwaysOn * p.rental.usdPerMonthAlwaysOn) << ")\n";
    }
    const PilotRange pilot = pilotRange(p);
    out << "          pilot range: "
        << (pilot.low == 0 ? std::string("none (no practical count)")
            : pilot.low == pilot.high
                ? countText(pilot.low, "GPU")
                : std::to_string(pilot.low) + "-" + std::to_string(pilot.high) + " GPUs")
        << "\n";
    if (gpuRateUnknown(p)) {
        // Costs of a rate nobody gave would read as free GPUs: none is printed.
        out << "          cost per 1M output tokens: unknown (no GPU-hour rate for " << p.gpu.id
            << ")\n";
        return;
    }
    const CostPerMTok cost = costPerMTok(p);
    out << "          cost per 1M output tokens, this workload: "
        << (p.fit.serves() && std::isfinite(cost.forWorkloadUsd)
                ? usdCents(cost.forWorkloadUsd) +
                      (p.throughput.computed && p.throughput.capacity.outputTokensPerMonth > 0 &&
                               concurrencyCopies(p) * p.throughput.capacity.outputTokensPerMonth <
                                   p.scenario.workload.outputTokensPerMonth
                           ? " (the rental at the chosen hours a day / the output tokens it "
                             "serves, fewer than the workload's)"
                       : concurrencyCopies(p) > 1
                           ? " (the rental of the " + groupedText(concurrencyCopies(p)) +
                                 " copies the workload's concurrency takes, at the chosen hours "
                                 "a day / the workload's output tokens)"
                           : std::string(" (the rental at the chosen hours a day / the "
                                         "workload's output tokens)"))
                : std::string("n/a (the plan does not fit, or the workload has no output)"))
        << "\n";
    out << "          cost per 1M output tokens at capacity: "
        << (std::isfinite(cost.atCapacityUsd) && cost.atCapacityUsd >= 0
                ? usdCents(cost.atCapacityUsd) + " (at " +
                      formatDouble("%.0f", p.throughput.capacity.utilisation * 100) +
                      "% utilisation of what the plan serves within the latency target)"
                : std::string("n/a (the plan serves nothing)"))
        << "\n";
    const DecisionRanges ranges = decisionRanges(p);
    const RangedValue &r = ranges.usdPerMTokAtCapacity;
    if (std::isfinite(r.low) && std::isfinite(r.high) && r.high > 0) {
        out << "          over the throughput band: " << usdCents(r.low) << "-" << usdCents(r.high)
            << " per 1M output tokens at capacity\n";
    }
    if (ranges.capacityCall != RangeCall::NotApplicable) {
        out << "          capacity against break-even"
            << (ranges.volumeCopies == 2  ? std::string(" (both of the 2 copies the workload's "
                                                         "concurrency takes)")
                : ranges.volumeCopies > 2 ? " (all " + groupedText(ranges.volumeCopies) +
                                                " copies the workload's concurrency takes)"
                                          : std::string())
            << ": "
            << (ranges.capacityCall == RangeCall::Serves ? std::string("serves it at every end of "
                                                                       "the band")
                : ranges.capacityCall == RangeCall::FallsShort
                    ? std::string("falls short at every end of the band")
                    : "too close to call: " + ranges.decidingAssumption)
            << "\n";
    }
    const std::vector<SensitivityEntry> sens = sensitivity(p);
    for (std::size_t i = 0; i < sens.size() && i < 3; ++i) {
        // An API price moves the break-even, not the cost per token: show what it moves.
        const SensitivityEntry &e = sens[i];
        const bool costMoves = std::abs(e.costAtPlus - e.costAtMinus) >
                               1e-9 * std::max(std::abs(e.costAtPlus), std::abs(e.costAtMinus));
        out << (i == 0 ? "          most sensitive to: " : "                             ")
            << e.label << " (-20% / +20%: "
            << (costMoves
                    ? usdCents(e.costAtMinus) + " / " + usdCents(e.costAtPlus) +
                          " per 1M output tokens"
                    : "capacity over break-even volume " + formatDouble("%.2f", e.marginAtMinus) +
                          "x / " + formatDouble("%.2f", e.marginAtPlus) + "x")
            << ")\n";
    }
}

} // namespace hostplan::plantextdetail
