// SPDX-License-Identifier: MIT
// How many decimals a price per 1M tokens is written with, one rule for the CLI, the GUI, the
// report and the pricing fields ($0.0028 stays $0.0028, $3.00 stays $3.00).
#pragma once

#include <cmath>

namespace hostplan {

/// The fewest decimal places from 2 to `maxPlaces` that write `usd` without losing a digit
/// (0.0028 -> 4, 0.30 -> 2, 0.125 -> 3); a value with more digits than maxPlaces takes
/// maxPlaces (and rounds). NaN and infinities take 2.
inline int priceDecimalPlaces(double usd, int maxPlaces = 4) {
    int places = 2;
    while (places < maxPlaces && std::isfinite(usd) &&
           std::abs(usd * std::pow(10.0, places) - std::round(usd * std::pow(10.0, places))) >
               1e-6) {
        ++places;
    }
    return places;
}

} // namespace hostplan
