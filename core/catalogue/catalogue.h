// SPDX-License-Identifier: MIT
// Catalogues: models, GPUs, API and GPU-hour prices. Loaded from the JSON files in resources/
// (compiled in, see embeddedresources.h) or from user files with the same schema. Every entry
// carries `source` and `as_of`.
#pragma once

#include "catalogue/offers.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "util/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// A context-length tier of an API price: the prices every token of a request is billed at
/// when the request's prompt is longer than `abovePromptTokens` (Alibaba Model Studio's
/// "0<Tokens<=32K, 32K<Tokens<=128K, ..." tiers; Google's and Anthropic's long-context
/// prices). USD per 1M tokens.
struct ApiPriceTier {
    std::uint64_t abovePromptTokens = 0; ///< applies to prompts longer than this (> 0)
    double inputUsdPerMTok = 0;
    /// Cached-input price in the tier; the tier's input price where none is published.
    double cachedInputUsdPerMTok = 0;
    double outputUsdPerMTok = 0;
    bool operator==(const ApiPriceTier &) const = default;
};

/// An API's per-token prices for one model at one provider, USD per 1M tokens.
struct ApiPrice {
    std::string id;        ///< e.g. "kimi-k3-moonshot"
    std::string name;      ///< e.g. "Kimi K3, Moonshot API"
    std::string model;     ///< catalogue model id it prices ("" = by hfId)
    std::string hfId;      ///< Hugging Face id of the served model ("org/name")
    std::string provider;  ///< e.g. "Moonshot AI"
    std::string precision; ///< served precision where the provider states it
    double inputUsdPerMTok = 0;
    /// Cached-input price; the input price where the provider publishes no discount.
    double cachedInputUsdPerMTok = 0;
    double outputUsdPerMTok = 0;
    std::string source;
    std::string asOf; ///< YYYY-MM-DD or YYYY-MM
    std::string note;
    /// Context-length tiers, ascending by abovePromptTokens; empty: one price at any length.
    /// Prompts up to the first threshold pay the prices above.
    std::vector<ApiPriceTier> tiers;
    /// Fraction off every class (and tier) with the provider's batch API (0.5 = half price);
    /// nullopt: no batch price published.
    std::optional<double> batchDiscount;
    /// Published range of the input and output prices (by region, time of day, promotion):
    /// low <= the price above <= high; nullopt: the point price only.
    std::optional<double> inputUsdPerMTokLow;
    std::optional<double> inputUsdPerMTokHigh;
    std::optional<double> outputUsdPerMTokLow;
    std::optional<double> outputUsdPerMTokHigh;
    bool operator==(const ApiPrice &) const = default;
};

/// Largest tier threshold accepted (prompt tokens): the scenario's context limit.
inline constexpr std::uint64_t kMaxTierTokens = 100'000'000;

/// One API price entry from a JSON object (the schema of prices.json "api" entries):
/// required id, name, input_usd_per_mtok, output_usd_per_mtok, source, as_of (YYYY-MM-DD or
/// YYYY-MM); optional model, hf_id, provider, precision, note, cached_input_usd_per_mtok,
/// tiers (list of {above_prompt_tokens, input_usd_per_mtok, cached_input_usd_per_mtok
/// (optional), output_usd_per_mtok}, thresholds strictly ascending and > 0), batch_discount
/// (fraction in (0, 1)), input_usd_per_mtok_low / _high and output_usd_per_mtok_low / _high
/// (low <= price <= high). Prices are USD per 1M tokens in [0, 10,000]. Errors name `path`
/// and the field ("prices.json: api[3].tiers[1].above_prompt_tokens").
Result<ApiPrice> parseApiPrice(const nlohmann::json &object, const std::string &path);
/// The JSON object of an entry (inverse of parseApiPrice).
nlohmann::json apiPriceToJson(const ApiPrice &price);

/// Most GPU types a user's file or a scenario brings (parseGpuList).
inline constexpr std::size_t kMaxUserGpus = 64;

/// One GPU type from a JSON object (the schema of gpus.json "gpus" entries): required id (1 to
/// 64 of a-z, 0-9, '-', '.', '_'), name, vendor (NVIDIA or AMD), memory_gb (advertised, decimal
/// GB), usable_memory_gib (what the driver reports, at most memory_gb) with usable_memory_source,
/// hbm_bandwidth_tb_per_s, bf16 / fp8 / fp4 dense TFLOPS (native_mxfp4 true needs fp4 > 0),
/// interconnect and interconnect_gb_per_s (one way), gpus_per_node, sm_count (or "unknown")
/// with sm_count_source and sm_count_as_of, compute_capability ("9.0"; NVIDIA only and required
/// there; major 1 to 15) with its _source and _as_of, source, as_of; optional aliases (each with
/// a letter or digit), clustered_rentals (false needs clustered_rentals_source),
/// unified_memory (true needs unified_memory_source; optional unified_memory_free_gib, at most
/// usable_memory_gib) and, for a
/// user's own type, usd_per_gpu_hour with price_source and price_as_of. Dates are YYYY-MM-DD or
/// YYYY-MM, texts at most 4,096 bytes, kept to one line; any other key is an error. Errors name
/// `path` and the field.
Result<GpuSpec> parseGpuEntry(const nlohmann::json &object, const std::string &path);
/// The JSON object of a GPU type (inverse of parseGpuEntry).
nlohmann::json gpuToJson(const GpuSpec &gpu);
/// A list of GPU types (parseGpuEntry each; at most kMaxUserGpus; the same id twice is an
/// error). Errors name `path` ("hardware.custom_gpus[2].memory_gb").
Result<std::vector<GpuSpec>> parseGpuList(const nlohmann::json &list, const std::string &path);
/// A user's GPU file: resources/gpus.json's schema ({"gpus": [...]}, at least one type),
/// parseGpuList. Errors name `file`.
Result<std::vector<GpuSpec>> parseGpuFile(std::string_view text, const std::string &file);

/// Largest GPU file read (bytes): 64 types of a few kilobytes each.
inline constexpr std::uint64_t kMaxGpuFileBytes = 1u << 20;
/// Read and parse a user's GPU file (parseGpuFile; at most kMaxGpuFileBytes, a regular file).
/// Errors name the file.
Result<std::vector<GpuSpec>> loadGpuFile(const std::string &path);

/// "2026-11-30" or "2026-11": the dates price entries and rental offers carry (a day that its
/// month has: 2025-02-31 is not one).
bool isPriceDate(std::string_view text);

/// Whether `price` is for the model with catalogue id / imported id `modelId` and Hugging
/// Face id `hfId` (either may be empty): by catalogue id, else by Hugging Face id
/// (case-insensitive), else by the name part of the Hugging Face id against `modelId`.
bool apiPriceMatches(const ApiPrice &price, std::string_view modelId, std::string_view hfId);

/// A catalogue model: a real config.json shipped in resources/models plus its provenance.
struct ModelEntry {
    std::string id;         ///< e.g. "kimi-k3"
    std::string name;       ///< e.g. "Kimi K3"
    std::string hfRepo;     ///< e.g. "moonshotai/Kimi-K3"
    std::string configFile; ///< path under resources/, e.g. "models/Kimi-K3.json"
    std::string apiPriceId; ///< default API to compare against ("" = none)
    std::vector<std::string> aliases;
    std::string source;
    std::string asOf;
};

/// All catalogues.
class Catalogue {
  public:
    /// The catalogues compiled into HostPlan. Never fails at run time (tests check the data).
    static const Catalogue &builtin();
    /// Parse the catalogue documents (offersJson "" = no rental offers). Errors name the file
    /// and field; an offer's gpu must be a gpus.json id.
    static Result<Catalogue> parse(std::string_view gpusJson, std::string_view pricesJson,
                                   std::string_view modelsJson, std::string_view offersJson = {});

    const std::vector<GpuSpec> &gpus() const { return m_gpus; }
    const std::vector<ApiPrice> &apiPrices() const { return m_api; }
    const std::vector<ModelEntry> &models() const { return m_models; }
    /// Rental offers (resources/offers.json), in file order.
    const std::vector<RentalOffer> &offers() const { return m_offers; }
    /// The offers for one GPU id (exact id, as offers name it).
    std::vector<RentalOffer> offersFor(std::string_view gpuId) const;
    /// Check that every offer names a catalogue GPU; the error names `what` and the field
    /// ("pricing.offers[2].gpu: unknown GPU id 'h100-nvl'").
    Result<bool> checkOfferGpus(const std::vector<RentalOffer> &offers,
                                const std::string &what) const;

    /// This catalogue with a user's GPU types (a GPU file, a scenario's hardware.custom_gpus):
    /// an entry with a catalogue id replaces that GPU's figures, another is added. Error (naming
    /// `what`[i] and the field) when an entry's id, name or alias already names another GPU.
    Result<Catalogue> withGpus(const std::vector<GpuSpec> &extra, const std::string &what) const;
    /// Find a GPU by id or alias, case-insensitive, also by unique prefix / substring of the
    /// id or name ("h100", "b300", "mi355x"). Error lists the candidates when ambiguous.
    Result<GpuSpec> findGpu(std::string_view nameOrAlias) const;
    /// Find a model entry by id, alias or name, case-insensitive.
    Result<ModelEntry> findModel(std::string_view nameOrAlias) const;
    /// Find an API price by id.
    Result<ApiPrice> findApiPrice(std::string_view id) const;
    /// Every API price for a model (apiPriceMatches), in catalogue order. `modelId` is the
    /// ModelSpec id; the catalogue entry's Hugging Face repo is used when the id is a
    /// catalogue model.
    std::vector<ApiPrice> apiPricesFor(std::string_view modelId) const;
    /// Import a catalogue model (its embedded config.json) with source and as_of filled in.
    Result<ModelSpec> loadModel(std::string_view nameOrAlias) const;

  private:
    std::vector<GpuSpec> m_gpus;
    std::vector<ApiPrice> m_api;
    std::vector<ModelEntry> m_models;
    std::vector<RentalOffer> m_offers;
};

} // namespace hostplan
