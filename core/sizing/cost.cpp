// SPDX-License-Identifier: MIT
#include "sizing/cost.h"

#include <limits>

namespace hostplan {

RentalCost rentalCost(std::uint32_t gpus, double usdPerGpuHour, double hoursPerDay,
                      double hoursPerMonth) {
    RentalCost c;
    c.hoursPerMonth = hoursPerMonth;
    c.hoursPerDay = hoursPerDay;
    c.usdPerHour = gpus * usdPerGpuHour;
    c.usdPerDayAlwaysOn = c.usdPerHour * 24.0;
    c.gpuHoursPerMonthAlwaysOn = gpus * hoursPerMonth;
    c.usdPerMonthAlwaysOn = c.gpuHoursPerMonthAlwaysOn * usdPerGpuHour;
    // Days in the month = hoursPerMonth / 24; scheduled hours = hoursPerDay x days.
    c.gpuHoursPerMonthScheduled = gpus * hoursPerDay * (hoursPerMonth / 24.0);
    c.usdPerMonthScheduled = c.gpuHoursPerMonthScheduled * usdPerGpuHour;
    return c;
}

double apiUsdPerMonth(const ApiPrice &price, double inputTokens, double cachedInputTokens,
                      double outputTokens) {
    return (inputTokens * price.inputUsdPerMTok + cachedInputTokens * price.cachedInputUsdPerMTok +
            outputTokens * price.outputUsdPerMTok) /
           1e6;
}

BilledApiPrice billedApiPrice(const ApiPrice &entry, std::uint64_t promptTokens, bool batch) {
    BilledApiPrice b;
    b.price = entry;
    for (std::size_t i = 0; i < entry.tiers.size(); ++i) {
        if (promptTokens > entry.tiers[i].abovePromptTokens) {
            b.tier = i;
        }
    }
    if (b.tier) {
        const ApiPriceTier &t = entry.tiers[*b.tier];
        b.price.inputUsdPerMTok = t.inputUsdPerMTok;
        b.price.cachedInputUsdPerMTok = t.cachedInputUsdPerMTok;
        b.price.outputUsdPerMTok = t.outputUsdPerMTok;
    }
    if (batch && entry.batchDiscount) {
        const double keep = 1.0 - *entry.batchDiscount;
        b.price.inputUsdPerMTok *= keep;
        b.price.cachedInputUsdPerMTok *= keep;
        b.price.outputUsdPerMTok *= keep;
        b.batch = true;
    }
    // A range is published on the base prices; it moves the billed ones in proportion.
    const auto ratio = [](const std::optional<double> &end, double base) {
        return end && base > 0 ? *end / base : 1.0;
    };
    const auto scaled = [&](double inRatio, double outRatio) {
        ApiPrice p = b.price;
        p.inputUsdPerMTok *= inRatio;
        p.cachedInputUsdPerMTok *= inRatio;
        p.outputUsdPerMTok *= outRatio;
        return p;
    };
    b.low = scaled(ratio(entry.inputUsdPerMTokLow, entry.inputUsdPerMTok),
                   ratio(entry.outputUsdPerMTokLow, entry.outputUsdPerMTok));
    b.high = scaled(ratio(entry.inputUsdPerMTokHigh, entry.inputUsdPerMTok),
                    ratio(entry.outputUsdPerMTokHigh, entry.outputUsdPerMTok));
    return b;
}

BreakEven breakEven(double monthlyUsd, const ApiPrice &price, double inputTokensPerMonth,
                    double cachedInputTokensPerMonth, double outputTokensPerMonth,
                    double heavyUserTokensPerMonth, double hoursPerMonth) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    BreakEven b;
    const double secondsPerMonth = hoursPerMonth * 3600.0;
    const double outPerTok = price.outputUsdPerMTok / 1e6;
    b.outputOnlyTokensPerMonth = outPerTok > 0 ? monthlyUsd / outPerTok : inf;
    b.outputOnlyTokensPerSecond = b.outputOnlyTokensPerMonth / secondsPerMonth;
    // API cost per output token when input and cached input scale with output in the
    // workload's ratio.
    double perOutput = outPerTok;
    if (outputTokensPerMonth > 0) {
        perOutput = apiUsdPerMonth(price, inputTokensPerMonth, cachedInputTokensPerMonth,
                                   outputTokensPerMonth) /
                    outputTokensPerMonth;
    }
    b.outputTokensPerMonth = perOutput > 0 ? monthlyUsd / perOutput : inf;
    b.outputTokensPerSecond = b.outputTokensPerMonth / secondsPerMonth;
    b.heavyUserApiUsdPerMonth = heavyUserTokensPerMonth * outPerTok;
    b.heavyUsersToBreakEven =
        b.heavyUserApiUsdPerMonth > 0 ? monthlyUsd / b.heavyUserApiUsdPerMonth : inf;
    b.heavyUsersNeeded = b.heavyUsersToBreakEven;
    return b;
}

double budgetUsdPerGpu(double totalUsd, std::uint32_t gpus) {
    return gpus ? totalUsd / gpus : std::numeric_limits<double>::infinity();
}

double transferSeconds(double bytes, double bytesPerSecond) {
    return bytesPerSecond > 0 ? bytes / bytesPerSecond : std::numeric_limits<double>::infinity();
}

} // namespace hostplan
