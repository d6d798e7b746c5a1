// SPDX-License-Identifier: MIT
#include "engine/tokencap.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

std::int64_t capPoolTokens(EngineMemoryTerms &t, std::uint64_t capTokens,
                           std::uint64_t bytesPerToken) {
    if (capTokens == 0 || t.kvTokens <= capTokens || t.kvPoolBytes <= 0) {
        return 0;
    }
    const double share = double(capTokens) / double(t.kvTokens);
    const double cut = double(t.kvTokens - capTokens);
    const double perToken =
        bytesPerToken ? double(bytesPerToken) : double(t.kvPoolBytes) / double(t.kvTokens);
    t.kvTokensUncapped = t.kvTokens;
    t.kvTokens = capTokens;
    t.windowTokens = std::uint64_t(std::floor(double(t.windowTokens) * share));
    t.draftKvBytes = std::uint64_t(std::floor(double(t.draftKvBytes) * share));
    const auto freed = std::min(t.kvPoolBytes, std::int64_t(std::floor(cut * perToken)));
    t.kvPoolBytes -= freed;
    return freed;
}

} // namespace hostplan
