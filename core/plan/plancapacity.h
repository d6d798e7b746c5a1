// SPDX-License-Identifier: MIT
// The step of evaluate() that limits a plan's cost per token to what it serves (plan.h has
// updateBreakEven and calibrate, which follow it).
#pragma once

#include "plan/plan.h"

namespace hostplan {

/// Sets r.selfHostUsdPerMTokOutput: the scheduled rental of the copies the workload's
/// concurrency takes (concurrencyCopies) over the workload's output tokens (infinite without
/// any). A plan that serves the workload (FitResult::serves) but fewer
/// output tokens a month than it asks (the throughput model at the latency target and
/// utilisation) says so in a warning, with the copies of its layout that would carry the
/// workload, and prices by the tokens it serves: the workload's own volume would count tokens
/// it cannot produce. Also warns when the workload's concurrency decodes slower than the
/// latency target, and when the workload has no output tokens (its figures per output token
/// are of the one token a request the model then runs). Called by evaluate() and calibrate()
/// once throughput is known.
void limitWorkloadToCapacity(PlanResult &r);

/// Copies of the plan's deployment that the workload's concurrency takes: ceil(requested /
/// held) when the plan starts short (FitResult::startsShort with fit.maxConcurrency > 0), else
/// 1. A workload of 1,000 sequences on a deployment that holds 68 of them at once pays for 15
/// deployments whatever its monthly volume, so the break-even volume, the cost per 1M of the
/// workload's output tokens and the break-even chart count these copies' rental and capacity
/// (the recommendation's workloadCopies() takes the larger of this and the volume's copies).
std::uint32_t concurrencyCopies(const PlanResult &r);

} // namespace hostplan
