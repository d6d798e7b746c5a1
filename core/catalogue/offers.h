// SPDX-License-Identifier: MIT
// Rental offers: what can actually be rented, per provider and GPU type (instance shapes,
// per-GPU-hour prices, interconnect, whether instances can be clustered), each with `source`
// and `as_of`. The built-in list is resources/offers.json; users add their own with the same
// schema (scenario pricing.offers, hostplan-cli --offers FILE). Qt-free, no dependency on the
// other catalogues.
#pragma once

#include "util/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// Which of an offer's published rates a cost is at (RentalOffer::rankingRateKind).
enum class RateKind { None, OnDemand, Reserved };

/// An offer's rate kind and, for a reserved rate, its term as the offer file words it ("1
/// year"; "" when the file gives none).
struct OfferRateKind {
    RateKind kind = RateKind::None;
    std::string reservedTerm;
    /// The English name: "on demand", "reserved", "reserved (1 year)"; "" for None.
    std::string text() const;
    bool operator==(const OfferRateKind &) const = default;
};

/// One rentable instance shape of one provider.
struct RentalOffer {
    std::string id;       ///< e.g. "lambda-2x-h100-sxm"
    std::string provider; ///< e.g. "Lambda"
    std::string gpu;      ///< a gpus.json id, e.g. "h100-sxm"
    /// GPUs in one instance; unset when the source prices per GPU-hour without the shape (the
    /// layout search lists such an offer but cannot rank it).
    std::optional<std::uint32_t> gpusPerInstance;
    std::optional<double> usdPerGpuHourOnDemand; ///< USD per GPU-hour, unset = not published
    std::optional<double> usdPerGpuHourReserved;
    std::string reservedTerm; ///< e.g. "1 year"; "" = not stated
    std::optional<double> usdPerGpuHourSpot;
    std::string interconnectIntra; ///< inside an instance, e.g. "NVLink (8x H100 SXM)"
    std::string interconnectInter; ///< between instances, e.g. "EFA 3200 Gbps"; "" = unknown
    /// Instances can be clustered into one deployment over a fabric (TP / EP / PP across
    /// instances). Unset (the source says nothing) counts as false.
    std::optional<bool> multiInstance;
    std::string source;
    std::string asOf;
    std::string asOfKind; ///< "page", "transcribed", "read", "copied", "user"; "" = not stated
    std::string note;
    bool userEntered = false; ///< from the scenario or a user file, not the built-in list
    bool operator==(const RentalOffer &) const = default;

    /// Whether instances of this offer can form one clustered deployment.
    bool clusterable() const { return multiInstance.value_or(false); }
    /// The rate the layout search ranks by: on demand, else reserved (a commitment), else
    /// unset. Spot is never used for ranking (it can be taken away).
    std::optional<double> rankingUsdPerGpuHour() const;
    /// Which rate rankingUsdPerGpuHour() is, with the reserved term.
    OfferRateKind rankingRateKind() const;
};

/// Parse one offer object; `path` prefixes error fields ("offers.json: offers[3]"). Required:
/// id, provider, gpu, source, as_of; prices at least 0 and below 1e4 USD per GPU-hour;
/// gpus_per_instance 1-1024 or null.
Result<RentalOffer> parseOffer(const nlohmann::json &object, const std::string &path);
/// Most offers one list holds: the layout search prices every offer at every replica count,
/// so 58,000 offers took a gigabyte and 12 s; a provider's price list runs to hundreds.
inline constexpr std::size_t kMaxOffers = 2000;
/// Parse a JSON list of offers; `path` names the list in errors ("pricing.offers"). Ids must
/// be unique (case-insensitive): a duplicate is named by its index. More than kMaxOffers is an
/// error naming the list.
Result<std::vector<RentalOffer>> parseOfferList(const nlohmann::json &list,
                                                const std::string &path);
/// Parse an offers document ({"offers": [...]}) or a bare list of offers. `file` names the
/// document in errors ("offers.json: offers[3].gpu: ...").
Result<std::vector<RentalOffer>> parseOffers(std::string_view jsonText, const std::string &file);
/// Largest offers file read (bytes): far above any real list, small enough to stay fast.
inline constexpr std::uint64_t kMaxOffersFileBytes = 8u * 1024 * 1024;
/// Read (readRegularFile: a regular file of at most kMaxOffersFileBytes) and parse an offers
/// file; the offers are marked userEntered. A file without an offer is an error naming it.
Result<std::vector<RentalOffer>> loadOffersFile(const std::string &path);
/// The offer as JSON, same schema as parseOffer reads (round-trips).
nlohmann::json offerToJson(const RentalOffer &offer);
/// The offers a search sees: `base` (the catalogue's, in order) with each one whose id a `user`
/// offer shares (case-insensitive) replaced in place by that user offer (an override, e.g. a
/// price or an instance shape the catalogue lacks), then the other user offers in order.
std::vector<RentalOffer> mergeOffers(std::vector<RentalOffer> base,
                                     const std::vector<RentalOffer> &user);

} // namespace hostplan
