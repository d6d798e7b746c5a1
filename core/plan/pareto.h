// SPDX-License-Identifier: MIT
// The latency / cost Pareto front of the layout search (issue 14): every layout x offer x
// replica count the search found to carry the workload, evaluated at the workload with the
// plan's own throughput model (computeThroughput, sizing/throughput.h), and the candidates no
// other candidate beats on all of median time to first token (TTFT), median time per output
// token (TPOT) and cost per 1M output tokens. The layout search picks the cheapest candidate;
// the front shows what more GPUs (or another layout) buy in latency. Qt-free.
#pragma once

#include "plan/plan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// One candidate evaluated at the workload.
struct ParetoPoint {
    Parallelism layout;               ///< one replica
    std::uint32_t replicas = 1;       ///< data-parallel copies (DP)
    std::uint32_t gpus = 0;           ///< GPUs rented (whole instances)
    std::string offerId;              ///< the rental offer ("" for the plan's own point off-search)
    double ttftSeconds = 0;           ///< median time to first token at the workload's concurrency
    double tpotSeconds = 0;           ///< median time per output token, prefill interference in
    double outputTokensPerSecond = 0; ///< decode output of all replicas at the workload's
                                      ///< running batch (Throughput::atConcurrency)
    double usdPerMTokOutput = 0;      ///< scheduled monthly cost / output at capacity x 1e6
    /// The plan's own candidate: the search's choice, or with a count or layout the user fixed,
    /// the cheapest offer of the plan's layout, replicas and GPU count. Its cost is at the
    /// offer's rate; ParetoFront::plan is at the plan's own rate (planRate()).
    bool isPlan = false;
    /// "TP 8 x EP 8 x PP 1 x DP 2".
    std::string label() const;
};

/// Whether `a` is no worse than `b` on TTFT, TPOT and cost per 1M output tokens and better on
/// at least one, figures within 0.5 % of each other counting as equal (below what the
/// throughput model tells apart, and printed alike).
bool dominates(const ParetoPoint &a, const ParetoPoint &b);

/// The front and what it dropped.
struct ParetoFront {
    /// Non-dominated candidates, by TPOT (fastest first), then TTFT, then cost; a candidate
    /// tying another on layout, GPUs and every figure (another offer at the same rate) once.
    std::vector<ParetoPoint> front;
    /// Carrying candidates some point of `front` dominates or ties, in the same order.
    std::vector<ParetoPoint> dominated;
    /// The plan itself at the workload (its layout, replicas, rate and throughput): empty when
    /// the plan has no throughput. isPlan marks its candidate (see ParetoPoint::isPlan).
    std::optional<ParetoPoint> plan;
};

/// The Pareto front of `plan`'s layout search (plan.search.candidates that carry the
/// workload). A candidate is evaluated as evaluate() evaluates a plan: memory of one replica
/// holding its share of the concurrency (computeMemory), then computeThroughput with the
/// plan's efficiency on the offer's instance size; its cost is the candidate's scheduled
/// monthly rent over the output it serves at capacity. Identical layouts on several offers
/// are evaluated once (their latency is the same; the dearer one is dominated). Empty when the
/// search found nothing.
ParetoFront paretoFront(const PlanResult &plan);

} // namespace hostplan
