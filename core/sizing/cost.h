// SPDX-License-Identifier: MIT
// Cost: GPU-hours x rate (always on and at hours per day), API spend from an input /
// cached-input / output token mix, break-even tokens per month and per second, heavy users.
// Seeds 000-003 (figures in ../shared/reference/seed-figures.md).
#pragma once

#include "catalogue/catalogue.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace hostplan {

/// Rental cost of `gpus` GPUs. Month = hoursPerMonth (730 by default; 720 for a 30-day month).
struct RentalCost {
    double usdPerHour = 0;        ///< all GPUs, one hour
    double usdPerDayAlwaysOn = 0; ///< 24 h
    double gpuHoursPerMonthAlwaysOn = 0;
    double usdPerMonthAlwaysOn = 0;
    double gpuHoursPerMonthScheduled = 0; ///< at hoursPerDay x (hoursPerMonth / 24) days
    double usdPerMonthScheduled = 0;
    double hoursPerMonth = 730;
    double hoursPerDay = 24;
};

/// gpus x rate, always on and at hoursPerDay. Inputs must be finite and >= 0 (checked by the
/// scenario validator).
RentalCost rentalCost(std::uint32_t gpus, double usdPerGpuHour, double hoursPerDay,
                      double hoursPerMonth);

/// API spend for a month: tokens / 1e6 x price per 1M, per class, USD.
double apiUsdPerMonth(const ApiPrice &price, double inputTokens, double cachedInputTokens,
                      double outputTokens);

/// An API price entry as billed for one workload (billedApiPrice): the context-length tier its
/// prompts fall in and, for an offline workload, the batch discount.
struct BilledApiPrice {
    /// The entry with input / cached input / output set to the prices billed (tier, then batch
    /// discount); every other field as listed.
    ApiPrice price;
    /// Index into price.tiers of the tier applied; nullopt: the base prices (the prompt is no
    /// longer than the first threshold, or the entry has no tiers).
    std::optional<std::size_t> tier;
    bool batch = false; ///< the batch discount was applied (asked for and published)
    /// The billed prices at the cheap and the dear end of the entry's published range (input
    /// and output scaled by low / price and high / price of the base prices, cached input with
    /// input); equal to `price` without a range.
    ApiPrice low;
    ApiPrice high;
};

/// Bill `entry` for requests of `promptTokens` prompt tokens (input + cached input per
/// request): the last tier whose threshold the prompt is above (every token of the request at
/// that tier's prices, as Alibaba and Google bill), then, with `batch`, the entry's batch
/// discount where it publishes one (an entry without one keeps its standard prices).
BilledApiPrice billedApiPrice(const ApiPrice &entry, std::uint64_t promptTokens, bool batch);

/// Break-even between a monthly self-hosting cost and an API.
struct BreakEven {
    /// Output tokens per month at which the API costs the same, with input and cached input
    /// growing in the workload's ratio to output.
    double outputTokensPerMonth = 0;
    /// Same, all tokens billed as output (seed 001's simplification).
    double outputOnlyTokensPerMonth = 0;
    /// outputOnlyTokensPerMonth spread over the month, tokens per second.
    double outputOnlyTokensPerSecond = 0;
    /// outputTokensPerMonth per second.
    double outputTokensPerSecond = 0;
    /// API cost of one heavy user per month (heavyUserTokensPerMonth billed as output).
    double heavyUserApiUsdPerMonth = 0;
    /// Heavy users at which self-hosting costs the same as the API: monthly cost / one user's
    /// API cost.
    double heavyUsersToBreakEven = 0;
    /// heavyUsersToBreakEven before the plan's capacity is applied (updateBreakEven sets
    /// heavyUsersToBreakEven to infinity when one deployment cannot serve that many): what
    /// break-even would need, to say why it is out of reach.
    double heavyUsersNeeded = 0;
    /// outputTokensPerMonth before the plan's capacity is applied (updateBreakEven sets
    /// outputTokensPerMonth to infinity when the volume is beyond what the plan serves): the
    /// volume break-even would need; infinite where the API is free.
    double outputTokensPerMonthNeeded = 0;
};

/// Break-even of `monthlyUsd` against `price` for a token mix. Zero prices give infinite
/// volumes (the API is free); callers show "never".
BreakEven breakEven(double monthlyUsd, const ApiPrice &price, double inputTokensPerMonth,
                    double cachedInputTokensPerMonth, double outputTokensPerMonth,
                    double heavyUserTokensPerMonth, double hoursPerMonth);

/// A purchase or project budget split over accelerator slots, USD per GPU (seed 004: 2.4M USD
/// over 64 accelerators = 37,500 USD per slot). gpus must be > 0.
double budgetUsdPerGpu(double totalUsd, std::uint32_t gpus);

/// Seconds to move `bytes` at `bytesPerSecond` (e.g. downloading a checkpoint before the first
/// token: seed 003, 1.5 TB at 1 GB/s is about 25 minutes). bytesPerSecond must be > 0.
double transferSeconds(double bytes, double bytesPerSecond);

} // namespace hostplan
