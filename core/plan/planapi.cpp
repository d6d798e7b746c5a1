// SPDX-License-Identifier: MIT
#include "plan/planapi.h"

#include "sizing/cost.h"
#include "sizing/throughput.h"
#include "util/textutil.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hostplan {

Result<bool> resolveApiPrice(const ModelSpec &model, const Scenario &scenario,
                             const Catalogue &catalogue, PlanResult &r) {
    // API prices: every price for the model (the user's first, then the catalogue's), the
    // workload's bill at each; the plan compares with the pinned one, else the cheapest. The
    // scenario's typed prices override single fields. Without any price there is no comparison
    // (never another model's).
    // Each entry is billed at the tier of the workload's prompt length and, for an offline
    // workload, at its batch price.
    const PricingChoice &pc = scenario.pricing;
    const Workload &w = scenario.workload;
    r.apiPromptTokens = std::uint64_t(std::llround(std::max(requestLengths(w).inputTokens, 0.0)));
    auto billed = [&](const ApiPrice &price) {
        return billedApiPrice(price, r.apiPromptTokens, pc.apiBatch);
    };
    auto alternative = [&](const ApiPrice &price, bool fromScenario) {
        ApiAlternative a{price, billed(price), 0, fromScenario};
        a.usdPerMonth = apiUsdPerMonth(a.billed.price, w.inputTokensPerMonth,
                                       w.cachedInputTokensPerMonth, w.outputTokensPerMonth);
        return a;
    };
    std::string hfRepo;
    if (auto entry = catalogue.findModel(model.id); entry.ok()) {
        hfRepo = entry->hfRepo;
    }
    std::vector<std::string> unknownModels; // entries naming a model id no catalogue entry has
    for (const ApiPrice &price : pc.apiPrices) {
        // A user's entry that names no model prices the scenario's model.
        if ((price.model.empty() && price.hfId.empty()) ||
            apiPriceMatches(price, model.id, hfRepo)) {
            r.apiAlternatives.push_back(alternative(price, true));
        } else if (!price.model.empty() && !catalogue.findModel(price.model).ok()) {
            unknownModels.push_back(price.id + " ('" + price.model + "')");
        }
    }
    if (!unknownModels.empty()) {
        // A misspelt model id prices nothing, silently: say so (the first few, and the count).
        std::string list;
        for (std::size_t i = 0; i < unknownModels.size() && i < 3; ++i) {
            list += (i ? ", " : "") + unknownModels[i];
        }
        r.warnings.push_back(
            std::to_string(unknownModels.size()) + " API price " +
            (unknownModels.size() == 1 ? "entry names" : "entries name") +
            " a model id the catalogue does not have, so " +
            (unknownModels.size() == 1 ? "it prices" : "they price") + " no model here: " + list +
            (unknownModels.size() > 3 ? ", ..." : "") +
            " (hostplan-cli models lists the ids; hf_id matches a Hugging Face name instead)");
    }
    for (const ApiPrice &price : catalogue.apiPricesFor(model.id)) {
        r.apiAlternatives.push_back(alternative(price, false));
    }
    // One product priced twice (a list's older snapshot beside a newer one, by name): the
    // newest stands, so that a superseded price is not compared as a current one.
    {
        std::vector<std::string> names;
        names.reserve(r.apiAlternatives.size());
        for (const ApiAlternative &a : r.apiAlternatives) {
            names.push_back(asciiLower(a.price.name));
        }
        std::vector<bool> superseded(names.size(), false);
        for (std::size_t i = 0; i < names.size(); ++i) {
            for (std::size_t j = 0; j < names.size() && !superseded[i]; ++j) {
                superseded[i] = names[j] == names[i] &&
                                r.apiAlternatives[j].price.asOf > r.apiAlternatives[i].price.asOf;
            }
        }
        std::vector<ApiAlternative> kept;
        for (std::size_t k = 0; k < superseded.size(); ++k) {
            if (!superseded[k]) {
                kept.push_back(std::move(r.apiAlternatives[k]));
            }
        }
        r.apiAlternatives = std::move(kept);
    }
    // Cheapest for the workload; equal bills (a workload with no tokens of some kind, or none
    // at all) by the output, then input price, not by the list's order.
    std::stable_sort(r.apiAlternatives.begin(), r.apiAlternatives.end(),
                     [](const ApiAlternative &a, const ApiAlternative &b) {
                         if (a.usdPerMonth != b.usdPerMonth) {
                             return a.usdPerMonth < b.usdPerMonth;
                         }
                         if (a.price.outputUsdPerMTok != b.price.outputUsdPerMTok) {
                             return a.price.outputUsdPerMTok < b.price.outputUsdPerMTok;
                         }
                         return a.price.inputUsdPerMTok < b.price.inputUsdPerMTok;
                     });
    ApiPrice api;
    bool ownChosen = false; // the scenario's own entry (pricing.api_prices, --prices)
    if (!pc.apiPriceId.empty()) {
        const auto own =
            std::find_if(pc.apiPrices.begin(), pc.apiPrices.end(), [&](const ApiPrice &p) {
                return asciiLower(p.id) == asciiLower(pc.apiPriceId);
            });
        if (own != pc.apiPrices.end()) {
            api = *own;
            ownChosen = true;
        } else {
            HOSTPLAN_TRY(found, catalogue.findApiPrice(pc.apiPriceId));
            api = found;
        }
        r.apiPriced = true;
        r.apiSelection = ApiSelection::Pinned;
        // A pinned entry that prices another model (a typo, a scenario copied to another
        // model): compared as asked, and said so.
        if ((!api.model.empty() || !api.hfId.empty()) && !apiPriceMatches(api, model.id, hfRepo)) {
            r.warnings.push_back("the pinned API price '" + api.id + "' (" + api.name +
                                 ") prices " + (api.model.empty() ? api.hfId : api.model) +
                                 ", which is not " + model.displayName +
                                 " by id or Hugging Face name: if it is another model, the "
                                 "break-even compares this plan with that model's API "
                                 "(pricing.api_price_id, --api-price)");
        }
    } else if (!r.apiAlternatives.empty()) {
        api = r.apiAlternatives.front().price;
        ownChosen = r.apiAlternatives.front().fromScenario;
        r.apiPriced = true;
        r.apiSelection = ApiSelection::Cheapest;
    }
    // A user's entry that names no model, chosen as the cheapest: it was taken as a price of
    // this model, which a list of other models' prices without a model column would make wrong.
    if (ownChosen && r.apiSelection == ApiSelection::Cheapest && api.model.empty() &&
        api.hfId.empty()) {
        r.warnings.push_back("the API price compared, '" + api.id + "' (" + api.name +
                             "), names no model: HostPlan took it as a price of " +
                             model.displayName +
                             "; give the entry its model (or hf_id) so that it prices only that "
                             "model, or pin it (pricing.api_price_id, --api-price)");
    }
    // A user's list that reuses a catalogue id: its entry is the one compared, said so, so
    // that it is not taken for the catalogue's.
    if (ownChosen) {
        if (auto listed = catalogue.findApiPrice(api.id); listed.ok()) {
            r.warnings.push_back("the API price compared, '" + api.id +
                                 "', is the scenario's own entry (pricing.api_prices, --prices), "
                                 "not the catalogue's of that id (" +
                                 listed->name + ", " + listed->source + ", " + listed->asOf + ")");
        }
    }
    if (r.apiPriced) {
        const BilledApiPrice b = billed(api);
        api = b.price;
        r.apiTier = b.tier ? std::optional<ApiPriceTier>(api.tiers[*b.tier]) : std::nullopt;
        r.apiBatch = b.batch;
        r.apiLow = b.low;
        r.apiHigh = b.high;
    }
    const bool overridden =
        pc.apiInputUsdPerMTok || pc.apiCachedInputUsdPerMTok || pc.apiOutputUsdPerMTok;
    // All three classes typed: the user's own prices, whatever entry would have been chosen
    // (a provider's name and "the cheapest of N" would misattribute them).
    const bool allTyped =
        pc.apiInputUsdPerMTok && pc.apiCachedInputUsdPerMTok && pc.apiOutputUsdPerMTok;
    if (overridden) {
        if (allTyped && r.apiPriced) {
            api = ApiPrice{};
            r.apiTier.reset();
            r.apiBatch = false;
            r.apiPriced = false;
        }
        if (!r.apiPriced) {
            r.apiSelection = ApiSelection::Entered;
            api.id = "scenario";
            api.name = "API prices from the scenario";
            // Unset classes fall back to the dearer neighbour: cached input at the input price,
            // input at the output price (never silently free).
            api.outputUsdPerMTok = pc.apiOutputUsdPerMTok.value_or(
                pc.apiInputUsdPerMTok.value_or(pc.apiCachedInputUsdPerMTok.value_or(0)));
            api.inputUsdPerMTok = pc.apiInputUsdPerMTok.value_or(api.outputUsdPerMTok);
            api.cachedInputUsdPerMTok = pc.apiCachedInputUsdPerMTok.value_or(api.inputUsdPerMTok);
        } else {
            api.name += " (with scenario prices)";
            if (r.apiBatch) { // the discount was applied to the entry's prices, not to typed ones
                r.warnings.push_back("pricing.api_batch: the batch discount applies to the "
                                     "price entry's own classes; a price typed in "
                                     "(api_*_usd_per_mtok) is taken as typed");
            }
            api.inputUsdPerMTok = pc.apiInputUsdPerMTok.value_or(api.inputUsdPerMTok);
            api.cachedInputUsdPerMTok =
                pc.apiCachedInputUsdPerMTok.value_or(api.cachedInputUsdPerMTok);
            api.outputUsdPerMTok = pc.apiOutputUsdPerMTok.value_or(api.outputUsdPerMTok);
        }
        api.source = "scenario" + (api.source.empty() ? std::string() : "; base: " + api.source);
        api.asOf = api.asOf.empty() ? "scenario" : api.asOf;
        r.apiPriced = true;
        // Typed prices are what the user pays: no range around them.
        for (ApiPrice *end : {&r.apiLow, &r.apiHigh}) {
            if (r.apiSelection == ApiSelection::Entered) {
                *end = api;
            }
            end->inputUsdPerMTok = pc.apiInputUsdPerMTok.value_or(end->inputUsdPerMTok);
            end->cachedInputUsdPerMTok =
                pc.apiCachedInputUsdPerMTok.value_or(end->cachedInputUsdPerMTok);
            end->outputUsdPerMTok = pc.apiOutputUsdPerMTok.value_or(end->outputUsdPerMTok);
        }
    }
    if (!r.apiPriced) {
        r.warnings.push_back("no API price for " + model.displayName +
                             ": set pricing.api_price_id or the api_*_usd_per_mtok prices, or "
                             "import a price list, to compare with an API");
    }
    r.api = api;
    r.apiUsdPerMonth = apiUsdPerMonth(api, w.inputTokensPerMonth, w.cachedInputTokensPerMonth,
                                      w.outputTokensPerMonth);
    if (!r.apiPriced) {
        r.apiUsdPerMonth = std::numeric_limits<double>::quiet_NaN();
    }
    return true;
}

} // namespace hostplan
