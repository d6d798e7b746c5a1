// SPDX-License-Identifier: MIT
// The plan text's shared pieces (plan/plantext.cpp, plan/plantextdecision.cpp): money, sizes and
// token counts as the text prints them, and the decision and latency / cost front sections.
#pragma once

#include "plan/decision.h"
#include "plan/plan.h"

#include <ostream>
#include <string>

namespace hostplan::plantextdetail {

/// 2016.5 -> "$2,016.50": grouped dollars with cents (hourly and daily amounts, rates per 1M
/// tokens).
std::string usdCents(double v);

/// A price per 1M tokens with the digits it was published with, at least cents and at most four
/// decimals: "$0.30", "$0.145", "$0.0028" (a cache-hit price below a cent printed "$0.00").
std::string perMTokPrice(double v);

/// Monthly sums: whole grouped dollars ("$27,798"), with cents below $100 ("$21.00"), as the
/// GUI and the report write them (app/document/formatting.h usdText).
std::string usd(double v);

/// `bytes` as two right-aligned columns, "     41.25 GB      38.41 GiB" (the memory table).
std::string gbGib(double bytes);

/// `bytes` as "41.25 GB (38.41 GiB)", for figures inside a sentence.
std::string gbGibInline(double bytes);

/// A token count: "1.90 billion", "580.9 million", "12,345", "never" when not finite.
std::string tokens(double v);

/// Heavy users a plan serves, with the throughput band's ends: "19.6 (10.6-34.7 over the
/// throughput band)".
std::string servedText(const HeavyUserVerdict &h);

/// One price the plan flags, on its own line: an API price or the GPU-hour rate (stalePrices,
/// staleRate) older than `limitDays` ("stale: ... check the provider's page"), or dated after
/// today ("check: ... check its date").
void staleLine(std::ostream &out, const StalePrice &stale, std::uint32_t limitDays);

/// The API price's context-length tier and batch price, when either applies or was asked for.
void apiTierAndBatchLines(std::ostream &out, const PlanResult &p);

/// The API bill and the break-even volume over the price's published range, when it has one.
void apiRangeLine(std::ostream &out, const PlanResult &p);

/// The layout search's latency / cost front (pareto.h), at most six layouts.
void writeParetoText(const PlanResult &p, std::ostream &out);

/// The decision unit's verdicts (decision.h): recommendation, pilot range, both costs per 1M
/// output tokens, each labelled.
void writeDecisionText(const PlanResult &p, std::ostream &out);

} // namespace hostplan::plantextdetail
