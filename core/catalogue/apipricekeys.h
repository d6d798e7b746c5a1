// SPDX-License-Identifier: MIT
// The keys of one API price entry, shared by its reader (catalogue.cpp parseApiPrice: the
// catalogue's prices.json and price lists in JSON) and a price CSV's header check
// (pricelist.cpp), so that the two cannot drift apart.
#pragma once

#include <initializer_list>

namespace hostplan {

/// Every key an API price entry may hold (and every column a price CSV may have).
inline constexpr std::initializer_list<const char *> kApiPriceKeys = {"id",
                                                                      "name",
                                                                      "model",
                                                                      "hf_id",
                                                                      "provider",
                                                                      "precision",
                                                                      "input_usd_per_mtok",
                                                                      "cached_input_usd_per_mtok",
                                                                      "output_usd_per_mtok",
                                                                      "input_usd_per_mtok_low",
                                                                      "input_usd_per_mtok_high",
                                                                      "output_usd_per_mtok_low",
                                                                      "output_usd_per_mtok_high",
                                                                      "batch_discount",
                                                                      "tiers",
                                                                      "source",
                                                                      "as_of",
                                                                      "note"};

} // namespace hostplan
