// SPDX-License-Identifier: MIT
// Decisions: every verdict and curve HostPlan shows that is derived from evaluated plans (the
// recommendation, the pilot range, the options across GPU types, the break-even and heavy-user
// verdicts, the cost per 1M output tokens in both definitions, the break-even and KV curves).
// The GUI, the report and the CLI only display these, so they cannot disagree (DESIGN.md "One
// home for each kind of change").
#pragma once

#include "plan/plan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// The one-line advice.
enum class Recommendation {
    Api,         ///< pay per token
    BurstRental, ///< rent the GPUs only for the hours a day they are needed
    Dedicated,   ///< rent (or own) the GPUs around the clock
    NoApiPrice,  ///< no API price known: sizing and cost only, nothing to compare
    NoGpuPrice,  ///< no GPU-hour rate known (gpuRateUnknown): sizing only, nothing to compare
};

/// Whether the plan's GPU-hour rate is unknown rather than free: 0 from the GPU's catalogue rate
/// (none known), directly or through a HostPlan fallback offer priced at it. A $0 rate the
/// user typed (RateBasis::Scenario) or a $0 offer of theirs the search chose is a rate: the
/// GPUs count as free, and the plan warns.
bool gpuRateUnknown(const PlanResult &plan);

/// The recommendation rule:
///  1. NoApiPrice when the plan has no API price to compare with; NoGpuPrice when it serves
///     the workload but its GPU-hour rate is unknown (gpuRateUnknown): a free rental would
///     otherwise beat any API bill.
///  2. Api when the plan serves nothing (FitResult::serves false), or when the
///     API bill for the workload's tokens is not above the rental at the chosen hours per day
///     (apiUsdPerMonth <= rental.usdPerMonthScheduled).
///  3. Dedicated when the API bill is above the always-on rental: the volume pays for GPUs
///     24 h a day.
///  4. BurstRental otherwise: renting for the chosen hours a day beats the API, keeping the GPUs
///     around the clock would not.
/// The rental compared is workloadCopies(plan) times the plan's (workloadCopies(plan, true) for
/// the always-on rental): the API bill is for the whole workload, which one deployment that
/// serves part of it does not carry.
Recommendation recommend(const PlanResult &plan);

/// Copies of the plan's deployment the workload takes, the larger of: for its volume,
/// Capacity::replicasForWorkload (at least 1) when the plan serves fewer output tokens a month
/// than the workload asks (the throughput model at the latency target and utilisation); for
/// its concurrency, ceil(requested / held) when the plan starts short (FitResult::startsShort);
/// else 1. `alwaysOn`: the copies rented 24 h a day, each serving 24 / hours-per-day times the
/// scheduled capacity (the concurrency's copies are the same either way).
std::uint32_t workloadCopies(const PlanResult &plan, bool alwaysOn = false);
/// Stable id for JSON and CSV: "api", "burst_rental", "dedicated", "no_api_price",
/// "no_gpu_price".
std::string recommendationId(Recommendation recommendation);
/// English name: "API", "Burst rental", "Dedicated", "No API comparison", "No GPU price".
std::string recommendationName(Recommendation recommendation);

/// The GPU counts to ask a provider to quote for a pilot: from the practical count `low` (the
/// layout search's rented GPUs) up to `high` = roundToBundle(min(2 x low, low + gpusPerNode),
/// gpusPerNode) with the chosen offer's instance size as gpusPerNode, i.e. one more instance of
/// headroom (context, batch size, fragmentation, a spare) but at most twice the practical
/// count. With the seeds' practical counts this gives seed 004's "starting range for a pilot
/// quote" (H200 16-24, B300 8-16).
struct PilotRange {
    std::uint32_t low = 0; ///< 0: no practical count was found
    std::uint32_t high = 0;
};
/// Pilot range for a practical count (0 = none found -> {0, 0}); gpusPerNode 0 counts as 1.
PilotRange pilotRange(std::uint32_t practicalGpus, std::uint32_t gpusPerNode);
/// The plan's pilot range (its practical count and node size).
PilotRange pilotRange(const PlanResult &plan);

/// Cost per 1M output tokens in HostPlan's two definitions, always shown together and labelled.
struct CostPerMTok {
    /// Scheduled monthly rental of the copies the workload's concurrency takes / the workload's
    /// own output tokens x 1e6: what this workload's tokens cost on this plan (limitWorkload-
    /// ToCapacity; inf when the workload has no output tokens or the plan serves nothing).
    double forWorkloadUsd = 0;
    /// Scheduled monthly rental / the output the plan serves at its capacity batch, utilisation
    /// and hours per day x 1e6 (throughput model; inf when it serves nothing).
    double atCapacityUsd = 0;
};
CostPerMTok costPerMTok(const PlanResult &plan);

/// Where the plan stands against the API for the workload's token mix.
enum class BreakEvenKind {
    NotPriced,  ///< no API price
    DoesNotFit, ///< the plan does not fit: it serves no tokens
    At,         ///< breaks even at `outputTokensPerMonth`
    Never,      ///< the API stays cheaper at any volume the plan can serve
    NoGpuPrice, ///< the plan's GPU-hour rate is unknown (gpuRateUnknown)
};
struct BreakEvenVerdict {
    BreakEvenKind kind = BreakEvenKind::NotPriced;
    double outputTokensPerMonth = 0;  ///< with kind At
    double outputTokensPerSecond = 0; ///< with kind At, averaged over the month
    /// The basis: deployments whose rental the volume pays for and whose capacity serves it,
    /// the copies the workload's concurrency takes (concurrencyCopies, plan/plancapacity.h;
    /// 1 unless the plan starts short). Every display names it when above 1.
    std::uint32_t copies = 1;
    /// With kind Never: the volume break-even needs (BreakEven::outputTokensPerMonthNeeded) is
    /// above the modelled capacity of the `copies` but no more than the throughput band's fast
    /// end (`capacityHighOutputTokensPerMonth`): too close to call rather than out of reach.
    bool withinBand = false;
    double neededOutputTokensPerMonth = 0;       ///< with withinBand
    double capacityOutputTokensPerMonth = 0;     ///< with withinBand: the modelled capacity
    double capacityHighOutputTokensPerMonth = 0; ///< with withinBand: the band's fast end
};
BreakEvenVerdict breakEvenVerdict(const PlanResult &plan);

/// Heavy users: the rental divided by one heavy user's API bill (all tokens billed as output).
enum class HeavyUserKind {
    NotPriced,  ///< no API price
    DoesNotFit, ///< the plan does not fit: it serves no one
    Free,       ///< the rental costs nothing: wins from the first user
    WinsFrom,   ///< self-hosting wins from `usersNeeded` users, which the plan serves
    /// Break-even needs `usersNeeded` users, more than the modelled `usersServed` but no more
    /// than the band's fast end (`usersServedHigh`): within reach only towards that end.
    WithinBand,
    /// Break-even needs `usersNeeded` users, more than even the band's fast end serves.
    OutOfReach,
    Never, ///< no number of users breaks even (the API is free, or the heavy user uses no tokens)
    NoGpuPrice, ///< the plan's GPU-hour rate is unknown (gpuRateUnknown)
};
struct HeavyUserVerdict {
    HeavyUserKind kind = HeavyUserKind::NotPriced;
    std::uint64_t usersNeeded = 0; ///< whole users, rounded up (WinsFrom, OutOfReach)
    double usersServed = 0;        ///< heavy users the plan serves at capacity
    /// The same at the ends of the throughput band (Capacity::usersServedLow / High): the
    /// model's measured error on the reference rows, so "serves 19.6" reads as a range.
    double usersServedLow = 0, usersServedHigh = 0;
    double apiUsdPerUserMonth = 0; ///< one heavy user's API bill
    double tokensPerUserMonth = 0; ///< the workload's heavy-user tokens per month
    /// The copies the break-even volume counts (BreakEvenVerdict::copies). Heavy users are
    /// always counted on one deployment (each brings his own volume, not the workload's
    /// concurrency): above 1, every display says so, as the two bases then differ.
    std::uint32_t volumeCopies = 1;
};
/// The heavy-user verdict every display gives (CLI, JSON, Summary, report, comparison): users
/// needed = one deployment's scheduled rental / one heavy user's API bill, against the users one
/// deployment serves at capacity and at the throughput band's ends.
HeavyUserVerdict heavyUserVerdict(const PlanResult &plan);

/// Stable id of how the API price was chosen: "none", "cheapest", "pinned", "entered".
std::string apiSelectionId(ApiSelection selection);

/// Which rate a plan's cost is at (PlanResult::usdPerGpuHour).
enum class RateBasis {
    Scenario,     ///< pricing.usd_per_gpu_hour, typed by the user; every offer is ranked at it
    ChosenOffer,  ///< the layout search's chosen offer's own rate (count and layout on auto)
    GpuCatalogue, ///< a count or layout the user fixed: the GPU type's catalogue rate
};

/// The plan's rate and where it comes from. The rule: a typed rate wins everywhere; a plan the
/// layout search chose is priced at its offer's own rate (on demand, else reserved); a plan
/// whose GPU count or layout the user fixed is not placed on any one offer, so it is priced at
/// the GPU type's catalogue rate, and the search's own choice (ranked at that offer's rate) is
/// given beside it whenever the two rates differ, so that no display shows two costs as one.
struct PlanRate {
    RateBasis basis = RateBasis::GpuCatalogue;
    double usdPerGpuHour = 0; ///< the plan's rate (= PlanResult::usdPerGpuHour)
    std::string source;       ///< the rate's source: offer or gpus.json source ("" if typed)
    std::string asOf;
    std::string offerId;    ///< ChosenOffer: the offer
    std::string provider;   ///< ChosenOffer: its provider
    OfferRateKind rateKind; ///< ChosenOffer: on demand or reserved (with the term)
    /// The search's choice is ranked at another rate than the plan's cost uses (more than
    /// 0.5% apart; only with GpuCatalogue): its offer, rate and monthly cost.
    bool searchRateDiffers = false;
    std::string searchOfferId;
    double searchUsdPerGpuHour = 0;
    double searchUsdPerMonth = 0;
};
/// The plan's rate basis (the rule above).
PlanRate planRate(const PlanResult &plan);

/// An API price older than the scenario's pricing.max_price_age_days, or dated after today.
struct StalePrice {
    std::string id;
    std::string name;
    std::string asOf;
    int ageDays = 0; ///< days from as_of to today; negative: dated after today
    /// Whether the price is dated after today (a wrong date, not an old price).
    bool future() const { return ageDays < 0; }
};
/// The stale prices among the one compared with and its alternatives, on `today`
/// (YYYY-MM-DD, e.g. todayIsoDate() or the report's date): older than the limit, or dated
/// after today; none when today is not a date.
std::vector<StalePrice> stalePrices(const PlanResult &plan, std::string_view today);
/// The GPU-hour rate the plan's cost is at (planRate: the chosen offer's or the GPU catalogue's;
/// none for a rate the scenario types) when it is older than the price-age limit or dated
/// after today, as stalePrices judges API prices; id and name are the offer's or the GPU's.
std::optional<StalePrice> staleRate(const PlanResult &plan, std::string_view today);

/// One catalogue GPU type evaluated for the scenario with the GPU count on auto.
struct GpuOption {
    GpuSpec gpu;
    bool isScenarioGpu = false;     ///< the scenario's own GPU type
    std::optional<PlanResult> plan; ///< empty: `error` says why it could not be evaluated
    std::string error;
    std::uint32_t gpusPerNode = 0; ///< rental bundle used
    PilotRange pilot;              ///< from the practical count
    /// Sequences the practical plan runs within the time-per-output-token target (throughput
    /// model's capacity batch x the data-parallel replicas; 0: even one sequence is too slow).
    std::uint32_t sequencesAtTarget = 0;
    std::string priceSource; ///< the GPU-hour rate's source: the chosen offer's
                             ///< ("scenario input" if typed)
    std::string priceAsOf;
    /// The layout search found a layout x offer x replicas that carries the workload. An
    /// option that cannot serve it is marked and not ranked (no pilot range, no cost line).
    bool canServe = false;
    std::string cannotServeReason; ///< the search's reason when !canServe
    std::string offerId;           ///< the chosen rental offer ("" when none)
    std::string provider;          ///< its provider
};

/// The scenario moved to another GPU type: hardware back to auto (count, node size, layout)
/// and the GPU-hour rate back to that type's catalogue rate unless it is the same type.
Scenario withGpuType(const Scenario &base, const std::string &gpuId);

/// Every catalogue GPU type evaluated with withGpuType() and the already imported `model`; the
/// scenario's own type is the scenario's plan as it stands (its count, layout and rate, the
/// figures the summary shows). Never fails: a type that cannot be evaluated carries its error.
std::vector<GpuOption> gpuOptions(const Scenario &scenario, const Catalogue &catalogue,
                                  const ModelSpec &model);

/// One self-hosted plan drawn against the API on the break-even chart.
struct BreakEvenLine {
    std::string gpuId;
    std::uint32_t gpus = 0;
    bool chosen = false; ///< the scenario's plan (others are the cheapest alternatives)
    /// The plan serves the workload (FitResult::serves: it fits, or starts and queues the rest).
    bool serves = false;
    double usdPerMonth = 0; ///< one deployment at the scenario's hours a day
    /// Deployments the line starts at: the copies the workload's concurrency takes
    /// (concurrencyCopies, plan/plancapacity.h; 1 unless the plan starts short), at most 4096.
    std::uint32_t firstCopies = 1;
    double usdPerMonthAlwaysOn = 0;
    /// Output tokens a month one deployment serves (throughput capacity; 0: unknown, drawn flat).
    double capacityTokensPerMonth = 0;
    /// Output tokens a month where n deployments first cost no more than the API (inf: never).
    double crossingTokensPerMonth = 0;
    /// With no crossing: the volume break-even needs is above the modelled capacity but within
    /// the throughput band's fast end (BreakEvenVerdict::withinBand for this line's plan), so
    /// "never" is too close to call; neededTokensPerMonth is that volume (0 otherwise).
    bool withinBand = false;
    double neededTokensPerMonth = 0;
    /// The step line: (output tokens a month, USD a month) corners from xMin to xMax.
    std::vector<std::pair<double, double>> steps;
};

/// The break-even chart: the API's cost line and up to three self-hosted plans (the
/// scenario's and the two cheapest other GPU types that fit, each more than 15% apart in cost).
struct BreakEvenChartData {
    bool available = false; ///< false: no plan or no API price (nothing to draw)
    double xMinTokens = 0;  ///< output tokens a month, log range
    double xMaxTokens = 0;
    std::vector<std::pair<double, double>> apiLine; ///< 41 points (tokens, USD a month)
    std::vector<BreakEvenLine> lines;
    double workloadOutputTokensPerMonth = 0;
};
/// `options` from gpuOptions() for the same scenario (may be empty: only the plan is drawn).
BreakEvenChartData breakEvenChart(const PlanResult &plan, const std::vector<GpuOption> &options);

/// API bill for `outputTokens` a month with input and cached input in the workload's ratio.
double apiUsdForOutput(const PlanResult &plan, double outputTokens);

/// One point of the KV chart: bytes per sequence per GPU and sequences that fit at a context.
struct KvCurvePoint {
    std::uint64_t contextTokens = 0;
    std::uint64_t bytesPerSequencePerGpu = 0;
    std::uint32_t maxConcurrency = 0;
};
/// Contexts from 1K (or below the scenario's) in powers of two up to the model's maximum
/// context, which is a point too (4x the scenario's when the model states none; at most
/// kMaxContextTokens), plus the scenario's own context.
std::vector<KvCurvePoint> kvCurve(const PlanResult &plan);

} // namespace hostplan

namespace hostplan {

/// A figure with its band: low <= value <= high (issue 14's honest ranges).
struct RangedValue {
    double low = 0;
    double value = 0;
    double high = 0;
};

/// Whether the plan's capacity covers the break-even volume, with the throughput band.
enum class RangeCall {
    NotApplicable, ///< no API price, the plan does not fit, or it serves nothing
    Serves,        ///< even the slow end of the band serves the break-even volume
    FallsShort,    ///< even the fast end falls short
    TooCloseToCall ///< the band straddles the break-even volume
};
/// "not_applicable", "serves", "falls_short", "too_close_to_call".
std::string rangeCallId(RangeCall call);

/// Why there is no call on capacity against break-even (DecisionRanges::capacityCall is
/// NotApplicable): the first that applies, in this order.
enum class NoCallReason {
    None,            ///< there is a call
    NoApiPrice,      ///< no API price to compare with
    DoesNotFit,      ///< the plan does not fit: it serves no tokens
    NoGpuPrice,      ///< the plan's GPU-hour rate is unknown (gpuRateUnknown)
    NoCapacity,      ///< no throughput figure, or no sequence meets the latency target
    NeverBreaksEven, ///< no volume breaks even (the API's output tokens cost nothing)
};
/// "none", "no_api_price", "does_not_fit", "no_gpu_price", "no_capacity",
/// "never_breaks_even".
std::string noCallReasonId(NoCallReason reason);

/// The decision's figures as ranges (throughput band from the calibration residuals; prices as
/// given). Break-even volume does not depend on throughput; what the band moves is whether the
/// plan can serve it, the heavy users it carries and the cost per 1M output tokens.
///
/// Two bases, which every display names when they differ (volumeCopies > 1): the volume
/// figures (capacityTokensPerMonth, breakEvenTokensPerMonth and its range) count the
/// `volumeCopies` deployments the workload's concurrency takes; the heavy-user figures
/// (heavyUsersServed, heavyUsersNeeded) count one deployment, as heavyUserVerdict does. The cost
/// per 1M output tokens at capacity and the calls are ratios, the same on either basis.
struct DecisionRanges {
    /// Copies of the deployment the volume figures count (concurrencyCopies: one unless the
    /// plan starts short); the heavy-user figures count one.
    std::uint32_t volumeCopies = 1;
    RangedValue usdPerMTokAtCapacity; ///< low = fast end of the band (cheapest)
    /// Output tokens a month at the utilisation, of the `volumeCopies` copies, as
    /// breakEvenTokensPerMonth counts.
    RangedValue capacityTokensPerMonth;
    RangedValue heavyUsersServed; ///< by one deployment
    /// Rental of those copies / API cost per output token (mix included). Infinite (never) for a
    /// plan that does not fit, as breakEvenVerdict says; NaN without an API price or GPU rate.
    double breakEvenTokensPerMonth = 0;
    /// One deployment's rental / one heavy user's API bill; infinite (never) for a plan that
    /// does not fit, as heavyUserVerdict says; NaN without a GPU rate.
    double heavyUsersNeeded = 0;
    RangeCall capacityCall = RangeCall::NotApplicable;
    /// With capacityCall NotApplicable: why (None otherwise).
    NoCallReason noCallReason = NoCallReason::None;
    /// Utilisation at which the modelled capacity equals the break-even volume (> 1: none).
    double utilisationToBreakEven = 0;
    /// With TooCloseToCall: the assumption that decides it, in words (e.g. "utilisation 50%:
    /// at 51% or more the modelled node serves the break-even volume; the model's band in the
    /// decode_heavy regime is 0.80-1.18x").
    std::string decidingAssumption;
    /// The workload's API bill a month over the API price's published range (PlanResult
    /// apiLow / apiHigh): low = the cheap end. NaN without an API price.
    RangedValue apiUsdPerMonth;
    /// Break-even output tokens a month over the same range: low = the dear end of the price
    /// (self-hosting pays off sooner). NaN without an API price; infinite for a plan that does
    /// not fit.
    RangedValue breakEvenTokensPerMonthRange;
    /// Whether the modelled capacity (its point value) covers the break-even volume across the
    /// price range: Serves (even the cheap end's), FallsShort (not even the dear end's) or
    /// TooCloseToCall (the range straddles it).
    RangeCall priceCall = RangeCall::NotApplicable;
};
/// Ranges of the plan's decision figures.
DecisionRanges decisionRanges(const PlanResult &plan);

/// One input's effect on cost per 1M output tokens (at capacity) and on the capacity over
/// break-even margin, when moved by -20% and +20% (the latency target and efficiency constants
/// re-run the throughput model; rates and prices scale linearly).
struct SensitivityEntry {
    std::string input;        ///< id: "utilisation", "gpu_hour_rate", "api_output_price", ...
    std::string label;        ///< prose
    double costAtMinus = 0;   ///< USD per 1M output tokens with the input at -20%
    double costAtPlus = 0;    ///< ... at +20%
    double marginAtMinus = 0; ///< capacity / break-even volume at -20% (> 1: serves it)
    double marginAtPlus = 0;
    double swing = 0; ///< max relative change of cost or margin, the ranking key
};
/// Inputs ranked by swing, largest first. Empty when the plan has no throughput or no fit, or
/// costs nothing (GPUs at $0 an hour: no cost or break-even to move); without a break-even
/// margin (no API price) the API prices, which move only it, are left out.
std::vector<SensitivityEntry> sensitivity(const PlanResult &plan);
/// The margin sensitivity() moves: the plan's output tokens a month at capacity over its
/// break-even volume (> 1: it serves the volume at which it pays off; 0 without an API price or
/// capacity). The baseline the -20% / +20% margins compare with.
double capacityOverBreakEven(const PlanResult &plan);

} // namespace hostplan
