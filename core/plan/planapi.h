// SPDX-License-Identifier: MIT
// The API price a plan compares with: every price for the model, the pinned or cheapest one,
// billed at the workload's tier and batch, with the scenario's typed prices over it.
#pragma once

#include "catalogue/catalogue.h"
#include "plan/plan.h"
#include "scenario/scenario.h"
#include "util/result.h"

namespace hostplan {

/// Sets r.apiAlternatives, r.api, r.apiPriced, r.apiSelection, r.apiTier, r.apiBatch,
/// r.apiLow / r.apiHigh and r.apiUsdPerMonth (NaN without a price) for `model` under
/// `scenario`: the user's prices first (pricing.api_prices, --prices), then the catalogue's
/// for the model; pricing.api_price_id pins one (a warning when it prices another model than
/// `model`), else the cheapest for the workload; the scenario's typed prices override single
/// fields. Warnings go to r.warnings. Errors: a pinned id no list holds (pricing.api_price_id).
Result<bool> resolveApiPrice(const ModelSpec &model, const Scenario &scenario,
                             const Catalogue &catalogue, PlanResult &r);

} // namespace hostplan
