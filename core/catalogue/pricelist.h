// SPDX-License-Identifier: MIT
// API price lists a user brings (downloaded or written by hand) so prices stay current
// without a new release: JSON in the schema of prices.json's "api" entries, or CSV with the
// same names as columns. Every entry is dated (as_of) and sourced.
#pragma once

#include "catalogue/catalogue.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// Largest price list read (bytes): far above any real list, small enough to stay fast.
inline constexpr std::uint64_t kMaxPriceListBytes = 8u * 1024 * 1024;
/// Most entries (JSON) or data rows (CSV) a price list may hold. Real lists hold hundreds to a
/// few thousand (every model x provider of an aggregator); the byte limit alone let 200,000
/// short CSV rows through, and a plan with 50,000 of them (1.8 MB) peaked at 315 MB.
inline constexpr std::size_t kMaxPriceListEntries = 10000;

/// Parse a price list. JSON: {"api": [...]}, {"prices": [...]} or a bare array of entries
/// (parseApiPrice). CSV (RFC 4180: a header row, quoted fields with "" for a quote): columns id,
/// name, input_usd_per_mtok, output_usd_per_mtok, source, as_of and optionally model, hf_id,
/// provider, precision, note, cached_input_usd_per_mtok, batch_discount,
/// input_usd_per_mtok_low / _high, output_usd_per_mtok_low / _high, and tiers (the JSON list
/// of the JSON schema in one quoted cell); an empty cell = absent. Ids must be unique. Errors name
/// `what` (the file), the entry or row and the field; an empty list is an error.
Result<std::vector<ApiPrice>> parsePriceList(std::string_view text, const std::string &what);
/// readRegularFile (at most kMaxPriceListBytes) + parsePriceList.
Result<std::vector<ApiPrice>> loadPriceListFile(const std::filesystem::path &path);

/// Days from `asOf` (YYYY-MM-DD, or YYYY-MM counted from the first of the month) to `today`
/// (YYYY-MM-DD); nullopt when either is not such a date. Negative when asOf is after today.
std::optional<int> priceAgeDays(std::string_view asOf, std::string_view today);
/// Today's date in UTC as YYYY-MM-DD (the CLI and the GUI pass it to the stale-price check).
std::string todayIsoDate();

} // namespace hostplan
