// SPDX-License-Identifier: MIT
#include "catalogue/offers.h"

#include "catalogue/catalogue.h"
#include "util/fileio.h"
#include "util/jsonutil.h"
#include "util/terminaltext.h"
#include "util/textutil.h"

#include <algorithm>
#include <map>
#include <set>

namespace hostplan {

namespace {

constexpr double kMaxUsdPerGpuHour = 1e4;

/// A required string, kept on one line (singleLine): offer files are user input, and their
/// text is printed in the plan, the report and the GUI, where a newline would forge a line.
Result<std::string> requiredText(const nlohmann::json &o, const char *key,
                                 const std::string &path) {
    HOSTPLAN_TRY(v, jsonfield::string(o, key, path, true));
    std::string text = singleLine(v.value_or(std::string()));
    if (text.empty()) {
        return makeError(path + "." + key, "must not be empty");
    }
    return text;
}

/// An optional string that may also be JSON null, kept on one line (requiredText).
Result<std::string> optionalText(const nlohmann::json &o, const char *key,
                                 const std::string &path) {
    if (!o.contains(key) || o.at(key).is_null()) {
        return std::string();
    }
    HOSTPLAN_TRY(v, jsonfield::string(o, key, path, false));
    return singleLine(v.value_or(std::string()));
}

/// An optional price (null or missing = not published).
Result<std::optional<double>> price(const nlohmann::json &o, const char *key,
                                    const std::string &path) {
    if (!o.contains(key) || o.at(key).is_null()) {
        return std::optional<double>();
    }
    return jsonfield::number(o, key, path, 0, kMaxUsdPerGpuHour, false);
}

} // namespace

std::optional<double> RentalOffer::rankingUsdPerGpuHour() const {
    return usdPerGpuHourOnDemand ? usdPerGpuHourOnDemand : usdPerGpuHourReserved;
}

std::string OfferRateKind::text() const {
    switch (kind) {
    case RateKind::OnDemand:
        return "on demand";
    case RateKind::Reserved:
        return reservedTerm.empty() ? "reserved" : "reserved (" + reservedTerm + ")";
    case RateKind::None:
        break;
    }
    return {};
}

OfferRateKind RentalOffer::rankingRateKind() const {
    if (usdPerGpuHourOnDemand) {
        return {RateKind::OnDemand, {}};
    }
    if (usdPerGpuHourReserved) {
        return {RateKind::Reserved, reservedTerm};
    }
    return {};
}

Result<RentalOffer> parseOffer(const nlohmann::json &o, const std::string &path) {
    if (!o.is_object()) {
        return makeError(path, "must be an object, got " + jsonfield::brief(o));
    }
    HOSTPLAN_TRY(keys, jsonfield::checkKeys(
                           o, path,
                           {"id", "provider", "gpu", "gpus_per_instance", "multi_instance",
                            "usd_per_gpu_hour_on_demand", "usd_per_gpu_hour_reserved",
                            "usd_per_gpu_hour_spot", "reserved_term", "interconnect_intra",
                            "interconnect_inter", "source", "as_of", "as_of_kind", "note"}));
    (void)keys;
    RentalOffer r;
    HOSTPLAN_TRY(id, requiredText(o, "id", path));
    HOSTPLAN_TRY(provider, requiredText(o, "provider", path));
    HOSTPLAN_TRY(gpu, requiredText(o, "gpu", path));
    HOSTPLAN_TRY(source, requiredText(o, "source", path));
    HOSTPLAN_TRY(asOf, requiredText(o, "as_of", path));
    if (!isPriceDate(asOf)) {
        return makeError(path + ".as_of",
                         "'" + cutText(asOf, 40) + "' is not a date (YYYY-MM-DD or YYYY-MM)");
    }
    if (o.contains("gpus_per_instance") && !o.at("gpus_per_instance").is_null()) {
        HOSTPLAN_TRY(n, jsonfield::integer(o, "gpus_per_instance", path, 1, 1024, false));
        r.gpusPerInstance = std::uint32_t(*n);
    }
    HOSTPLAN_TRY(onDemand, price(o, "usd_per_gpu_hour_on_demand", path));
    HOSTPLAN_TRY(reserved, price(o, "usd_per_gpu_hour_reserved", path));
    HOSTPLAN_TRY(spot, price(o, "usd_per_gpu_hour_spot", path));
    HOSTPLAN_TRY(term, optionalText(o, "reserved_term", path));
    HOSTPLAN_TRY(intra, optionalText(o, "interconnect_intra", path));
    HOSTPLAN_TRY(inter, optionalText(o, "interconnect_inter", path));
    HOSTPLAN_TRY(kind, optionalText(o, "as_of_kind", path));
    HOSTPLAN_TRY(note, optionalText(o, "note", path));
    if (o.contains("multi_instance") && !o.at("multi_instance").is_null()) {
        HOSTPLAN_TRY(multi, jsonfield::boolean(o, "multi_instance", path, false));
        r.multiInstance = *multi;
    }
    r.id = id;
    r.provider = provider;
    r.gpu = gpu;
    r.usdPerGpuHourOnDemand = onDemand;
    r.usdPerGpuHourReserved = reserved;
    r.usdPerGpuHourSpot = spot;
    r.reservedTerm = term;
    r.interconnectIntra = intra;
    r.interconnectInter = inter;
    r.source = source;
    r.asOf = asOf;
    r.asOfKind = kind;
    r.note = note;
    return r;
}

Result<std::vector<RentalOffer>> parseOfferList(const nlohmann::json &list,
                                                const std::string &path) {
    if (!list.is_array()) {
        return makeError(path, "must be a list of rental offers");
    }
    if (list.size() > kMaxOffers) {
        return makeError(path, std::to_string(list.size()) + " offers; at most " +
                                   std::to_string(kMaxOffers) + " are read");
    }
    std::vector<RentalOffer> out;
    std::set<std::string> ids; // lowercased, one look-up per offer (linear in the list)
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        HOSTPLAN_TRY(o, parseOffer(list[i], at));
        if (!ids.insert(asciiLower(o.id)).second) {
            return makeError(at + ".id", "duplicate id '" + o.id + "'");
        }
        out.push_back(std::move(o));
    }
    return out;
}

Result<std::vector<RentalOffer>> parseOffers(std::string_view text, const std::string &file) {
    HOSTPLAN_TRY(doc, jsonfield::parse(text, file));
    if (doc.is_object()) {
        if (!doc.contains("offers") || !doc["offers"].is_array()) {
            return makeError(file + ": offers", "missing list of offers");
        }
        return parseOfferList(doc["offers"], file + ": offers");
    }
    if (!doc.is_array()) {
        return makeError(file, "must be a list of offers or an object with an \"offers\" list");
    }
    return parseOfferList(doc, file + ": offers");
}

Result<std::vector<RentalOffer>> loadOffersFile(const std::string &path) {
    HOSTPLAN_TRY(text, readRegularFile(path, kMaxOffersFileBytes));
    HOSTPLAN_TRY(offers, parseOffers(text, path));
    if (offers.empty()) {
        // As --prices and --gpu-file refuse an empty list: a file meant to add offers adds none.
        return makeError(path + ": offers", "no offers in the file (give at least one)");
    }
    for (RentalOffer &o : offers) {
        o.userEntered = true;
    }
    return offers;
}

nlohmann::json offerToJson(const RentalOffer &o) {
    auto opt = [](const auto &v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    auto text = [](const std::string &s) {
        return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s);
    };
    return nlohmann::json{{"id", o.id},
                          {"provider", o.provider},
                          {"gpu", o.gpu},
                          {"gpus_per_instance", opt(o.gpusPerInstance)},
                          {"usd_per_gpu_hour_on_demand", opt(o.usdPerGpuHourOnDemand)},
                          {"usd_per_gpu_hour_reserved", opt(o.usdPerGpuHourReserved)},
                          {"reserved_term", text(o.reservedTerm)},
                          {"usd_per_gpu_hour_spot", opt(o.usdPerGpuHourSpot)},
                          {"interconnect_intra", text(o.interconnectIntra)},
                          {"interconnect_inter", text(o.interconnectInter)},
                          {"multi_instance", opt(o.multiInstance)},
                          {"source", o.source},
                          {"as_of", o.asOf},
                          {"as_of_kind", text(o.asOfKind)},
                          {"note", text(o.note)}};
}

std::vector<RentalOffer> mergeOffers(std::vector<RentalOffer> base,
                                     const std::vector<RentalOffer> &user) {
    // Position of each offer by lowercased id: one look-up per user offer.
    std::map<std::string, std::size_t> at;
    for (std::size_t i = 0; i < base.size(); ++i) {
        at.emplace(asciiLower(base[i].id), i);
    }
    for (const RentalOffer &u : user) {
        const auto [it, added] = at.emplace(asciiLower(u.id), base.size());
        if (added) {
            base.push_back(u);
        } else {
            base[it->second] = u;
        }
    }
    return base;
}

} // namespace hostplan
