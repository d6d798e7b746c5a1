// SPDX-License-Identifier: MIT
#include "plan/decision.h"

#include "catalogue/pricelist.h"
#include "plan/plancapacity.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace hostplan {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

} // namespace

std::uint32_t workloadCopies(const PlanResult &p, bool alwaysOn) {
    const Capacity &c = p.throughput.capacity;
    const double wanted = p.scenario.workload.outputTokensPerMonth;
    const double hours = p.scenario.workload.hoursPerDay;
    // One copy's output a month: at the scheduled hours, or around the clock.
    const double each =
        alwaysOn && hours > 0 ? c.outputTokensPerMonth * 24 / hours : c.outputTokensPerMonth;
    // A plan that starts short holds maxConcurrency of the workload's sequences at once: the
    // workload's concurrency takes ceil(requested / held) copies whatever its volume.
    const double forConcurrency = concurrencyCopies(p);
    const double forVolume = p.fit.serves() && p.throughput.computed && each > 0 && wanted > each
                                 ? std::ceil(wanted / each)
                                 : 1.0;
    return std::uint32_t(std::clamp(std::max(forConcurrency, forVolume), 1.0, 4294967295.0));
}

bool gpuRateUnknown(const PlanResult &p) {
    // An offer the search chose carries its own rate, $0 included; a fallback offer only the
    // GPU's catalogue rate.
    const RateBasis basis = planRate(p).basis;
    return !(p.usdPerGpuHour > 0) && (basis == RateBasis::GpuCatalogue ||
                                      (basis == RateBasis::ChosenOffer && p.search.fallback));
}

Recommendation recommend(const PlanResult &p) {
    if (!p.apiPriced) {
        return Recommendation::NoApiPrice;
    }
    if (!p.fit.serves()) {
        return Recommendation::Api;
    }
    if (gpuRateUnknown(p)) {
        return Recommendation::NoGpuPrice;
    }
    const double copies = workloadCopies(p);
    if (p.apiUsdPerMonth <= copies * p.rental.usdPerMonthScheduled) {
        return Recommendation::Api;
    }
    if (p.apiUsdPerMonth > workloadCopies(p, true) * p.rental.usdPerMonthAlwaysOn) {
        return Recommendation::Dedicated;
    }
    return Recommendation::BurstRental;
}

std::string recommendationId(Recommendation r) {
    switch (r) {
    case Recommendation::Api:
        return "api";
    case Recommendation::BurstRental:
        return "burst_rental";
    case Recommendation::Dedicated:
        return "dedicated";
    case Recommendation::NoApiPrice:
        return "no_api_price";
    case Recommendation::NoGpuPrice:
        return "no_gpu_price";
    }
    return {};
}

std::string recommendationName(Recommendation r) {
    switch (r) {
    case Recommendation::Api:
        return "API";
    case Recommendation::BurstRental:
        return "Burst rental";
    case Recommendation::Dedicated:
        return "Dedicated";
    case Recommendation::NoApiPrice:
        return "No API comparison";
    case Recommendation::NoGpuPrice:
        return "No GPU price";
    }
    return {};
}

PilotRange pilotRange(std::uint32_t practicalGpus, std::uint32_t gpusPerNode) {
    if (practicalGpus == 0) {
        return {};
    }
    const std::uint32_t node = std::max<std::uint32_t>(gpusPerNode, 1);
    const std::uint32_t high =
        roundToBundle(std::min(2 * practicalGpus, practicalGpus + node), node);
    return {practicalGpus, std::max(high, practicalGpus)};
}

PilotRange pilotRange(const PlanResult &p) {
    const LayoutCandidate *best = p.search.best();
    return best ? pilotRange(best->gpusRented, *best->offer().gpusPerInstance) : PilotRange{};
}

CostPerMTok costPerMTok(const PlanResult &p) {
    CostPerMTok c;
    if (gpuRateUnknown(p)) {
        c.forWorkloadUsd = c.atCapacityUsd = std::numeric_limits<double>::quiet_NaN();
        return c;
    }
    c.forWorkloadUsd = p.fit.serves() ? p.selfHostUsdPerMTokOutput : kInf;
    c.atCapacityUsd =
        p.fit.serves() && p.throughput.computed ? p.throughput.capacity.usdPerMTokOutput : kInf;
    return c;
}

HeavyUserVerdict heavyUserVerdict(const PlanResult &p) {
    HeavyUserVerdict v;
    v.apiUsdPerUserMonth = p.breakeven.heavyUserApiUsdPerMonth;
    v.tokensPerUserMonth = p.scenario.workload.heavyUserTokensPerMonth;
    v.usersServed = p.throughput.computed ? p.throughput.capacity.usersServed : 0;
    v.usersServedLow = p.throughput.computed ? p.throughput.capacity.usersServedLow : 0;
    v.usersServedHigh = p.throughput.computed ? p.throughput.capacity.usersServedHigh : 0;
    v.volumeCopies = concurrencyCopies(p);
    if (!p.apiPriced) {
        return v;
    }
    if (!p.fit.serves()) {
        v.kind = HeavyUserKind::DoesNotFit;
        v.usersServed = v.usersServedLow = v.usersServedHigh = 0;
        return v;
    }
    if (gpuRateUnknown(p)) {
        v.kind = HeavyUserKind::NoGpuPrice;
        return v;
    }
    // A count past 2^64 (a price of 1e-300 $ per million tokens) is no count: converting it
    // would be undefined; such a verdict reads as never reached.
    constexpr double kMaxUsers = 1e18;
    const auto whole = [](double x) { return std::uint64_t(std::ceil(x)); };
    const double users = p.breakeven.heavyUsersToBreakEven;
    if (std::isfinite(users) && users <= kMaxUsers) {
        if (users <= 0) {
            v.kind = HeavyUserKind::Free;
            return v;
        }
        v.kind = HeavyUserKind::WinsFrom;
        v.usersNeeded = whole(users);
        return v;
    }
    if (std::isfinite(p.breakeven.heavyUsersNeeded) && p.breakeven.heavyUsersNeeded <= kMaxUsers) {
        v.usersNeeded = whole(p.breakeven.heavyUsersNeeded);
        // Short at the modelled capacity; the band's fast end may reach it ("never" would not).
        v.kind = double(v.usersNeeded) <= v.usersServedHigh ? HeavyUserKind::WithinBand
                                                            : HeavyUserKind::OutOfReach;
        return v;
    }
    v.kind = HeavyUserKind::Never;
    return v;
}

PlanRate planRate(const PlanResult &p) {
    PlanRate r;
    r.usdPerGpuHour = p.usdPerGpuHour;
    const LayoutCandidate *best = p.search.best();
    if (p.scenario.pricing.usdPerGpuHour) {
        r.basis = RateBasis::Scenario;
    } else if (p.layoutFromSearch && best) {
        r.basis = RateBasis::ChosenOffer;
        const RentalOffer &offer = best->offer();
        r.source = offer.source;
        r.asOf = offer.asOf;
        r.offerId = offer.id;
        r.provider = offer.provider;
        r.rateKind = offer.rankingRateKind();
    } else {
        r.basis = RateBasis::GpuCatalogue;
        r.source = p.gpu.priceSource;
        r.asOf = p.gpu.priceAsOf;
        if (best && std::abs(best->usdPerGpuHour - p.usdPerGpuHour) > 0.005 * p.usdPerGpuHour) {
            r.searchRateDiffers = true;
            r.searchOfferId = best->offer().id;
            r.searchUsdPerGpuHour = best->usdPerGpuHour;
            r.searchUsdPerMonth = best->usdPerMonth;
        }
    }
    return r;
}

std::string apiSelectionId(ApiSelection s) {
    switch (s) {
    case ApiSelection::None:
        return "none";
    case ApiSelection::Cheapest:
        return "cheapest";
    case ApiSelection::Pinned:
        return "pinned";
    case ApiSelection::Entered:
        return "entered";
    }
    return {};
}

std::vector<StalePrice> stalePrices(const PlanResult &p, std::string_view today) {
    std::vector<StalePrice> out;
    const std::uint32_t limit = p.scenario.pricing.maxPriceAgeDays;
    auto check = [&](const ApiPrice &price) {
        for (const StalePrice &s : out) {
            if (s.id == price.id) {
                return;
            }
        }
        const auto age = priceAgeDays(price.asOf, today);
        // A date after today is a typing error or a list from a wrong clock: flagged too.
        if (age && (*age > int(limit) || *age < 0)) {
            out.push_back({price.id, price.name, price.asOf, *age});
        }
    };
    if (p.apiPriced && p.apiSelection != ApiSelection::Entered) {
        check(p.api);
    }
    for (const ApiAlternative &a : p.apiAlternatives) {
        check(a.price);
    }
    return out;
}

std::optional<StalePrice> staleRate(const PlanResult &p, std::string_view today) {
    const PlanRate rate = planRate(p);
    if (rate.basis == RateBasis::Scenario) {
        return std::nullopt;
    }
    const auto age = priceAgeDays(rate.asOf, today);
    if (!age || (*age >= 0 && *age <= int(p.scenario.pricing.maxPriceAgeDays))) {
        return std::nullopt;
    }
    const bool offer = rate.basis == RateBasis::ChosenOffer;
    return StalePrice{offer ? rate.offerId : p.gpu.id,
                      offer ? "offer " + rate.offerId : p.gpu.id + " catalogue rate", rate.asOf,
                      *age};
}

Scenario withGpuType(const Scenario &base, const std::string &gpuId) {
    Scenario s = base;
    if (s.hardware.gpu != gpuId) {
        s.pricing.usdPerGpuHour.reset();
    }
    std::vector<GpuSpec> custom = std::move(s.hardware.customGpus);
    s.hardware = HardwareChoice{};
    s.hardware.gpu = gpuId;
    s.hardware.customGpus = std::move(custom); // the user's GPU types stay in the catalogue
    return s;
}

std::vector<GpuOption> gpuOptions(const Scenario &scenario, const Catalogue &catalogue,
                                  const ModelSpec &model) {
    std::vector<GpuOption> out;
    // The scenario's own GPU types are options too (evaluate adds them again, by id).
    const auto merged = catalogue.withGpus(scenario.hardware.customGpus, "hardware.custom_gpus");
    const Catalogue &types = merged.ok() ? merged.value() : catalogue;
    const auto own = types.findGpu(scenario.hardware.gpu);
    for (const GpuSpec &g : types.gpus()) {
        GpuOption o;
        o.gpu = g;
        o.isScenarioGpu = own.ok() && own->id == g.id;
        o.gpusPerNode = g.gpusPerNode;
        o.priceSource = g.priceSource;
        o.priceAsOf = g.priceAsOf;
        // The scenario's own GPU type is the scenario's plan (its count, layout and rate), so
        // that the row marked as the scenario shows the cost the summary shows; every other
        // type is planned as the GPU field would re-plan it (count, layout and rate on auto).
        const Scenario v = o.isScenarioGpu ? scenario : withGpuType(scenario, g.id);
        auto r = evaluate(v, catalogue, model);
        if (!r.ok()) {
            o.error = r.error().toString();
            out.push_back(std::move(o));
            continue;
        }
        const PlanResult &p = r.value();
        o.gpusPerNode = p.instanceSize();
        o.pilot = pilotRange(p);
        o.sequencesAtTarget =
            p.throughput.computed ? p.throughput.capacity.batch * std::max(p.replicas, 1u) : 0;
        o.canServe = p.search.found;
        o.cannotServeReason = p.search.found ? std::string() : p.search.noneReason;
        if (const LayoutCandidate *best = p.search.best()) {
            const RentalOffer &offer = best->offer();
            o.offerId = offer.id;
            o.provider = offer.provider;
            o.priceSource = offer.source;
            o.priceAsOf = offer.asOf;
        }
        if (p.scenario.pricing.usdPerGpuHour) {
            o.priceSource = "scenario input";
            o.priceAsOf = "-";
        }
        o.plan = std::move(r).value();
        out.push_back(std::move(o));
    }
    return out;
}

namespace {

/// apiUsdForOutput at `price` (the plan's, or an end of its range).
double apiUsdForOutputAt(const PlanResult &p, const ApiPrice &price, double outputTokens) {
    const Workload &w = p.scenario.workload;
    const double out = w.outputTokensPerMonth;
    const double inPerOut = out > 0 ? w.inputTokensPerMonth / out : 0;
    const double cachedPerOut = out > 0 ? w.cachedInputTokensPerMonth / out : 0;
    return apiUsdPerMonth(price, outputTokens * inPerOut, outputTokens * cachedPerOut,
                          outputTokens);
}

} // namespace

double apiUsdForOutput(const PlanResult &p, double outputTokens) {
    return apiUsdForOutputAt(p, p.api, outputTokens);
}

namespace {

/// Output tokens a month where n deployments of `p`, from `first` (the copies its concurrency
/// takes), first cost no more than the API: the core's break-even of n x the monthly rental,
/// within n deployments' capacity (inf: never).
double crossingTokens(const PlanResult &p, const PlanResult &scenarioPlan, double capacity,
                      int first) {
    const Workload &w = scenarioPlan.scenario.workload;
    const double hoursPerMonth = scenarioPlan.scenario.pricing.hoursPerMonth;
    auto be = [&](double usd) {
        return breakEven(usd, scenarioPlan.api, w.inputTokensPerMonth, w.cachedInputTokensPerMonth,
                         w.outputTokensPerMonth, w.heavyUserTokensPerMonth, hoursPerMonth)
            .outputTokensPerMonth;
    };
    const double monthly = p.rental.usdPerMonthScheduled;
    if (!(capacity > 0) || !std::isfinite(capacity)) {
        return be(monthly * first);
    }
    for (int n = first; n <= 4096; ++n) {
        const double t = be(monthly * n);
        if (!std::isfinite(t)) {
            return kInf;
        }
        if (t <= capacity * n) {
            // Beyond the first count, n deployments are rented only past n - 1's capacity.
            return n > first ? std::max(t, capacity * (n - 1)) : t;
        }
    }
    return kInf;
}

} // namespace

BreakEvenChartData breakEvenChart(const PlanResult &plan, const std::vector<GpuOption> &options) {
    BreakEvenChartData d;
    if (!plan.apiPriced) {
        return d;
    }
    d.available = true;
    const double out = plan.scenario.workload.outputTokensPerMonth;
    d.workloadOutputTokensPerMonth = out;

    // The chosen plan and the two cheapest other GPU types that fit (auto count), each more
    // than 15% from a cost already drawn (a closer one would hide it and its label).
    std::vector<const PlanResult *> candidates{&plan};
    std::vector<const PlanResult *> others;
    for (const GpuOption &o : options) {
        if (o.plan && o.plan->fit.practicalFound && o.gpu.id != plan.gpu.id &&
            o.plan->usdPerGpuHour > 0) {
            others.push_back(&*o.plan);
        }
    }
    std::sort(others.begin(), others.end(), [](const PlanResult *a, const PlanResult *b) {
        return a->rental.usdPerMonthScheduled < b->rental.usdPerMonthScheduled;
    });
    for (const PlanResult *o : others) {
        if (candidates.size() >= 3) {
            break;
        }
        bool distinct = true;
        for (const PlanResult *c : candidates) {
            const double a = c->rental.usdPerMonthScheduled;
            distinct = distinct && std::abs(o->rental.usdPerMonthScheduled - a) > 0.15 * a;
        }
        if (distinct) {
            candidates.push_back(o);
        }
    }

    double lo = out > 0 ? out : 1e6;
    double hi = lo;
    for (const PlanResult *c : candidates) {
        BreakEvenLine l;
        l.gpuId = c->gpu.id;
        l.gpus = c->rentedGpus(); // every replica: the cost drawn is theirs
        l.chosen = c == &plan;
        l.serves = c->fit.serves();
        l.usdPerMonth = c->rental.usdPerMonthScheduled;
        l.usdPerMonthAlwaysOn = c->rental.usdPerMonthAlwaysOn;
        l.firstCopies = std::min<std::uint32_t>(concurrencyCopies(*c), 4096);
        l.capacityTokensPerMonth =
            c->throughput.computed ? c->throughput.capacity.outputTokensPerMonth : 0.0;
        // A plan that does not fit serves no tokens, so it never breaks even.
        l.crossingTokensPerMonth =
            l.serves ? crossingTokens(*c, plan, l.capacityTokensPerMonth, int(l.firstCopies))
                     : kInf;
        if (l.serves && !std::isfinite(l.crossingTokensPerMonth)) {
            const BreakEvenVerdict v = breakEvenVerdict(*c);
            l.withinBand = v.withinBand;
            l.neededTokensPerMonth = v.neededOutputTokensPerMonth;
        }
        if (std::isfinite(l.crossingTokensPerMonth) && l.crossingTokensPerMonth > 0) {
            lo = std::min(lo, l.crossingTokensPerMonth);
            hi = std::max(hi, l.crossingTokensPerMonth);
        }
        d.lines.push_back(std::move(l));
    }
    d.xMinTokens = std::max(1e3, std::pow(10.0, std::floor(std::log10(lo / 10))));
    d.xMaxTokens = std::min(1e16, std::pow(10.0, std::ceil(std::log10(hi * 10))));

    for (int i = 0; i <= 40; ++i) {
        const double t = d.xMinTokens * std::pow(d.xMaxTokens / d.xMinTokens, i / 40.0);
        d.apiLine.emplace_back(t, apiUsdForOutput(plan, t));
    }
    // Step lines: n deployments cost n x the rental up to n x capacity, from the copies the
    // workload's concurrency takes.
    for (BreakEvenLine &l : d.lines) {
        const double cap = l.capacityTokensPerMonth;
        if (cap > 0 && std::isfinite(cap)) {
            int n = int(l.firstCopies);
            double from = d.xMinTokens;
            while (from < d.xMaxTokens && n <= 4096) {
                const double to = std::min(d.xMaxTokens, cap * n);
                if (to > from) {
                    l.steps.emplace_back(from, l.usdPerMonth * n);
                    l.steps.emplace_back(to, l.usdPerMonth * n);
                }
                from = std::max(from, to);
                ++n;
            }
        } else {
            l.steps.emplace_back(d.xMinTokens, l.usdPerMonth * l.firstCopies);
            l.steps.emplace_back(d.xMaxTokens, l.usdPerMonth * l.firstCopies);
        }
    }
    return d;
}

std::vector<KvCurvePoint> kvCurve(const PlanResult &plan) {
    const std::uint64_t ctx = plan.scenario.workload.contextTokens;
    const std::uint32_t block = engineDefaults(plan.scenario.engine.engine).kvBlockTokens;
    std::uint64_t lo = 1024;
    while (lo > ctx / 2 && lo > 16) {
        lo /= 2;
    }
    // Up to the model's maximum where it states one (the engines refuse a longer context),
    // else 4x the scenario's.
    const std::uint64_t modelMax = plan.model.maxContextTokens;
    std::uint64_t hi = modelMax ? modelMax : std::max<std::uint64_t>(4 * ctx, 4 * lo);
    hi = std::min<std::uint64_t>(hi, kMaxContextTokens);
    std::vector<std::uint64_t> contexts;
    for (std::uint64_t t = lo; t <= hi; t *= 2) {
        contexts.push_back(t);
    }
    contexts.push_back(hi);
    contexts.push_back(ctx);
    std::sort(contexts.begin(), contexts.end());
    contexts.erase(std::unique(contexts.begin(), contexts.end()), contexts.end());
    std::vector<KvCurvePoint> out;
    out.reserve(contexts.size());
    for (std::uint64_t t : contexts) {
        out.push_back(
            {t, plan.memory.cache.perSequencePerGpu(t), maxConcurrency(plan.memory, t, block)});
    }
    return out;
}

std::string rangeCallId(RangeCall c) {
    switch (c) {
    case RangeCall::NotApplicable:
        return "not_applicable";
    case RangeCall::Serves:
        return "serves";
    case RangeCall::FallsShort:
        return "falls_short";
    case RangeCall::TooCloseToCall:
        return "too_close_to_call";
    }
    return "not_applicable";
}

std::string noCallReasonId(NoCallReason r) {
    switch (r) {
    case NoCallReason::None:
        return "none";
    case NoCallReason::NoApiPrice:
        return "no_api_price";
    case NoCallReason::DoesNotFit:
        return "does_not_fit";
    case NoCallReason::NoGpuPrice:
        return "no_gpu_price";
    case NoCallReason::NoCapacity:
        return "no_capacity";
    case NoCallReason::NeverBreaksEven:
        return "never_breaks_even";
    }
    return "none";
}

namespace {

/// Break-even output tokens a month: the scheduled rental of the copies the workload's
/// concurrency takes (concurrencyCopies) over the API cost of one output token with its input in
/// the workload's ratio (apiUsdForOutput is linear in the volume).
double breakEvenVolume(const PlanResult &p, const ApiPrice &price) {
    const double perToken = apiUsdForOutputAt(p, price, 1e6) / 1e6;
    return p.apiPriced && perToken > 0 && !gpuRateUnknown(p)
               ? concurrencyCopies(p) * p.rental.usdPerMonthScheduled / perToken
               : std::numeric_limits<double>::quiet_NaN();
}

/// Output tokens a month the copies the workload's concurrency takes serve, at `perCopy`.
double copiesCapacity(const PlanResult &p, double perCopy) {
    return concurrencyCopies(p) * perCopy;
}
double breakEvenVolume(const PlanResult &p) {
    return breakEvenVolume(p, p.api);
}

/// The API bill and the break-even volume over the price range, and the call on capacity.
void setPriceRanges(const PlanResult &p, DecisionRanges &r) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (!p.apiPriced) {
        r.apiUsdPerMonth = {nan, nan, nan};
        r.breakEvenTokensPerMonthRange = {nan, nan, nan};
        return;
    }
    const Workload &w = p.scenario.workload;
    const auto bill = [&](const ApiPrice &price) {
        return apiUsdPerMonth(price, w.inputTokensPerMonth, w.cachedInputTokensPerMonth,
                              w.outputTokensPerMonth);
    };
    r.apiUsdPerMonth = {bill(p.apiLow), p.apiUsdPerMonth, bill(p.apiHigh)};
    if (!p.fit.serves()) { // serves no tokens: never, as breakEvenVerdict says
        r.breakEvenTokensPerMonthRange = {kInf, kInf, kInf};
        return;
    }
    if (gpuRateUnknown(p)) { // the API's bill is known, the rental's is not
        r.breakEvenTokensPerMonthRange = {nan, nan, nan};
        return;
    }
    r.breakEvenTokensPerMonthRange = {breakEvenVolume(p, p.apiHigh), r.breakEvenTokensPerMonth,
                                      breakEvenVolume(p, p.apiLow)};
    const double capacity = copiesCapacity(p, p.throughput.capacity.outputTokensPerMonth);
    const RangedValue &v = r.breakEvenTokensPerMonthRange;
    if (!p.fit.serves() || !p.throughput.computed || !(capacity > 0) || !std::isfinite(v.low)) {
        return;
    }
    // An infinite high end (the cheap end of the price is free) is never served.
    r.priceCall = capacity >= v.high ? RangeCall::Serves
                  : capacity < v.low ? RangeCall::FallsShort
                                     : RangeCall::TooCloseToCall;
}

std::string percent(double x) {
    return std::to_string(int(std::lround(x * 100))) + "%";
}

std::string twoDigits(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", x);
    return buf;
}

} // namespace

DecisionRanges decisionRanges(const PlanResult &p) {
    DecisionRanges r;
    r.volumeCopies = concurrencyCopies(p);
    const Capacity &c = p.throughput.capacity;
    r.usdPerMTokAtCapacity = {c.usdPerMTokOutputLow, c.usdPerMTokOutput, c.usdPerMTokOutputHigh};
    r.capacityTokensPerMonth = {copiesCapacity(p, c.outputTokensPerMonthLow),
                                copiesCapacity(p, c.outputTokensPerMonth),
                                copiesCapacity(p, c.outputTokensPerMonthHigh)};
    r.heavyUsersServed = {c.usersServedLow, c.usersServed, c.usersServedHigh};
    if (!p.fit.serves()) {
        // A plan that does not fit serves nothing (costPerMTok), at any end of the band.
        r.usdPerMTokAtCapacity = {kInf, kInf, kInf};
        r.capacityTokensPerMonth = {};
        r.heavyUsersServed = {};
    }
    r.breakEvenTokensPerMonth = breakEvenVolume(p);
    const double userBill = p.breakeven.heavyUserApiUsdPerMonth;
    r.heavyUsersNeeded = gpuRateUnknown(p) ? std::numeric_limits<double>::quiet_NaN()
                         : userBill > 0    ? p.rental.usdPerMonthScheduled / userBill
                                           : 0;
    if (p.apiPriced && !p.fit.serves()) { // serves no one: never, as the verdicts say
        r.breakEvenTokensPerMonth = r.heavyUsersNeeded = kInf;
    }
    setPriceRanges(p, r);
    r.noCallReason = !p.apiPriced        ? NoCallReason::NoApiPrice
                     : !p.fit.serves()   ? NoCallReason::DoesNotFit
                     : gpuRateUnknown(p) ? NoCallReason::NoGpuPrice
                     : !p.throughput.computed || !(c.outputTokensPerMonth > 0)
                         ? NoCallReason::NoCapacity
                     : !std::isfinite(r.breakEvenTokensPerMonth) ? NoCallReason::NeverBreaksEven
                                                                 : NoCallReason::None;
    if (r.noCallReason != NoCallReason::None) {
        return r;
    }
    const double v = r.breakEvenTokensPerMonth;
    r.utilisationToBreakEven = c.utilisation * v / copiesCapacity(p, c.outputTokensPerMonth);
    if (copiesCapacity(p, c.outputTokensPerMonthLow) >= v) {
        r.capacityCall = RangeCall::Serves;
    } else if (copiesCapacity(p, c.outputTokensPerMonthHigh) < v) {
        r.capacityCall = RangeCall::FallsShort;
    } else {
        r.capacityCall = RangeCall::TooCloseToCall;
        r.decidingAssumption =
            "utilisation " + percent(c.utilisation) + " (HostPlan's assumption): at " +
            percent(std::min(r.utilisationToBreakEven, 9.99)) +
            " the modelled capacity equals the break-even volume; the model's measured band in "
            "the " +
            servingRegimeName(c.band.regime) + " regime is " + twoDigits(c.band.low) + "-" +
            twoDigits(c.band.high) + "x of the modelled rate";
    }
    return r;
}

double capacityOverBreakEven(const PlanResult &p) {
    // A plan that does not fit serves nothing (NaN: 0 below).
    const double v = p.fit.serves() ? breakEvenVolume(p) : std::numeric_limits<double>::quiet_NaN();
    const double capacity =
        p.throughput.computed ? copiesCapacity(p, p.throughput.capacity.outputTokensPerMonth) : 0;
    return std::isfinite(v) && v > 0 && std::isfinite(capacity) ? capacity / v : 0;
}

std::vector<SensitivityEntry> sensitivity(const PlanResult &p) {
    std::vector<SensitivityEntry> out;
    const Capacity &c = p.throughput.capacity;
    if (!p.fit.serves() || !p.throughput.computed || !(c.outputTokensPerMonth > 0) ||
        gpuRateUnknown(p) || !(c.usdPerMTokOutput > 0)) { // free GPUs: nothing to move
        return out;
    }
    const double v = breakEvenVolume(p);
    const double cost0 = c.usdPerMTokOutput;
    const double margin0 = capacityOverBreakEven(p);
    const auto add = [&](const char *id, const char *label, double costMinus, double costPlus,
                         double marginMinus, double marginPlus) {
        SensitivityEntry e{id, label, costMinus, costPlus, marginMinus, marginPlus, 0};
        for (const double x : {costMinus / cost0, costPlus / cost0}) {
            if (std::isfinite(x)) {
                e.swing = std::max(e.swing, std::abs(x - 1));
            }
        }
        if (margin0 > 0) {
            for (const double x : {marginMinus / margin0, marginPlus / margin0}) {
                e.swing = std::max(e.swing, std::abs(x - 1));
            }
        }
        out.push_back(e);
    };
    // Linear inputs.
    add("utilisation", "Utilisation", cost0 / 0.8, cost0 / 1.2, margin0 * 0.8,
        std::min(1.0, c.utilisation * 1.2) / c.utilisation * margin0);
    add("gpu_hour_rate", "GPU-hour rate", cost0 * 0.8, cost0 * 1.2, margin0 / 0.8, margin0 / 1.2);
    if (margin0 > 0) { // API prices move the break-even alone: nothing without one ($0 plan)
        add("api_price", "API prices", cost0, cost0, margin0 * 0.8, margin0 * 1.2);
    }
    // Inputs that re-run the throughput model.
    const auto rerun = [&](const Efficiency &eff, double target) {
        PlanResult q = p;
        q.scenario.workload.targetSecondsPerOutputToken = target;
        const Capacity cap = computeThroughput(q, eff).capacity;
        return std::pair{cap.usdPerMTokOutput, std::isfinite(v) && v > 0
                                                   ? copiesCapacity(p, cap.outputTokensPerMonth) / v
                                                   : 0.0};
    };
    const Efficiency base = p.throughput.efficiency;
    const double target = c.targetSecondsPerOutputToken;
    {
        const auto lo = rerun(base, target * 0.8);
        const auto hi = rerun(base, target * 1.2);
        add("latency_target", "Time-per-output-token target", lo.first, hi.first, lo.second,
            hi.second);
    }
    struct Knob {
        const char *id;
        const char *label;
        double ServingConstants::*field;
    };
    static const Knob knobs[] = {
        {"eff_mem", "Weight-streaming efficiency (eff_mem)", &ServingConstants::effMem},
        {"compute_scale", "Compute efficiency (GPU-class scale)", &ServingConstants::computeScale},
        {"t_seq", "CPU time per running sequence (t_seq)", &ServingConstants::seqS},
        {"t_moe_layer", "Fixed cost per MoE layer (t_moe_layer)", &ServingConstants::moeLayerS},
    };
    for (const Knob &k : knobs) {
        Efficiency lo = base;
        Efficiency hi = base;
        lo.constants.*k.field *= 0.8;
        hi.constants.*k.field *= 1.2;
        const auto a = rerun(lo, target);
        const auto b = rerun(hi, target);
        add(k.id, k.label, a.first, b.first, a.second, b.second);
    }
    std::stable_sort(
        out.begin(), out.end(),
        [](const SensitivityEntry &a, const SensitivityEntry &b) { return a.swing > b.swing; });
    return out;
}

} // namespace hostplan
