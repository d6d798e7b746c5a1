// SPDX-License-Identifier: MIT
#include "catalogue/catalogue.h"
#include "catalogue/apipricekeys.h"
#include "catalogue/cataloguefields.h"
#include "util/terminaltext.h"
#include "util/textutil.h"

#include "catalogue/embeddedresources.h"
#include "util/fileio.h"
#include "util/jsonutil.h"
#include "import/modelimport.h"
#include "util/units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace hostplan {

using namespace cataloguefields;

namespace {

/// An optional cached-input rate: a cache hit never costs more than the input it replaces
/// (every provider's rate card prices it at or below the input rate); absent is the input rate.
Result<double> cachedRate(const nlohmann::json &o, const std::string &path, double input) {
    HOSTPLAN_TRY(cached, jsonfield::number(o, "cached_input_usd_per_mtok", path, 0, 1e4, false));
    if (cached && *cached > input) {
        return makeError(path + ".cached_input_usd_per_mtok",
                         jsonfield::brief(*cached) + " is above the input rate (" +
                             jsonfield::brief(input) +
                             "): a cached input token costs at most an input token");
    }
    return cached.value_or(input);
}

/// The optional "tiers" list of an API price entry (parseApiPrice): each tier's threshold an
/// integer above the previous one (and above 0), its prices in [0, 10,000].
Result<std::vector<ApiPriceTier>> parseTiers(const nlohmann::json &o, const std::string &path) {
    std::vector<ApiPriceTier> tiers;
    if (!o.contains("tiers") || o.at("tiers").is_null()) { // null: an empty CSV cell
        return tiers;
    }
    const nlohmann::json &list = o.at("tiers");
    if (!list.is_array()) {
        return makeError(path + ".tiers", "must be a list of tiers, got " + jsonfield::brief(list));
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string tp = path + ".tiers[" + std::to_string(i) + "]";
        const nlohmann::json &t = list[i];
        if (!t.is_object()) {
            return makeError(tp, "must be an object, got " + jsonfield::brief(t));
        }
        HOSTPLAN_TRY(tk,
                     jsonfield::checkKeys(t, tp,
                                          {"above_prompt_tokens", "input_usd_per_mtok",
                                           "cached_input_usd_per_mtok", "output_usd_per_mtok"}));
        (void)tk;
        HOSTPLAN_TRY(above,
                     jsonfield::integer(t, "above_prompt_tokens", tp, 1, kMaxTierTokens, true));
        HOSTPLAN_TRY(in, reqNumber(t, "input_usd_per_mtok", tp, 0, 1e4));
        HOSTPLAN_TRY(cached, cachedRate(t, tp, in));
        HOSTPLAN_TRY(out, reqNumber(t, "output_usd_per_mtok", tp, 0, 1e4));
        if (!tiers.empty() && *above <= tiers.back().abovePromptTokens) {
            return makeError(tp + ".above_prompt_tokens",
                             std::to_string(*above) + " is not above the previous tier's " +
                                 std::to_string(tiers.back().abovePromptTokens) +
                                 " (tiers must be in ascending order)");
        }
        tiers.push_back({*above, in, cached, out});
    }
    return tiers;
}

/// An optional low or high end of a price range: in [0, 10,000], on the right side of `price`.
Result<std::optional<double>> rangeEnd(const nlohmann::json &o, const char *key,
                                       const std::string &path, double price, bool low) {
    HOSTPLAN_TRY(v, jsonfield::number(o, key, path, 0, 1e4, false));
    if (v && (low ? *v > price : *v < price)) {
        return makeError(path + "." + key, "must be " + std::string(low ? "at most" : "at least") +
                                               " the price itself (" + jsonfield::brief(price) +
                                               "), got " + jsonfield::brief(*v));
    }
    return v;
}

} // namespace

bool isPriceDate(std::string_view text) {
    auto digits = [&](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < from + n; ++i) {
            if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i]))) {
                return false;
            }
        }
        return true;
    };
    const bool month = text.size() >= 7 && digits(0, 4) && text[4] == '-' && digits(5, 2) &&
                       text.substr(5, 2) >= "01" && text.substr(5, 2) <= "12";
    if (text.size() == 7) {
        return month;
    }
    if (!month || text.size() != 10 || text[7] != '-' || !digits(8, 2)) {
        return false;
    }
    // The day within its month, February's 29th in leap years (Gregorian).
    const int year = std::stoi(std::string(text.substr(0, 4)));
    const int m = std::stoi(std::string(text.substr(5, 2)));
    const int day = std::stoi(std::string(text.substr(8, 2)));
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return day >= 1 && day <= kDays[m - 1] + (m == 2 && leap ? 1 : 0);
}

Result<ApiPrice> parseApiPrice(const nlohmann::json &o, const std::string &path) {
    if (!o.is_object()) {
        return makeError(path, "must be an object, got " + jsonfield::brief(o));
    }
    HOSTPLAN_TRY(keys, jsonfield::checkKeys(o, path, kApiPriceKeys));
    (void)keys;
    ApiPrice p;
    HOSTPLAN_TRY(id, reqString(o, "id", path));
    HOSTPLAN_TRY(name, reqString(o, "name", path));
    HOSTPLAN_TRY(in, reqNumber(o, "input_usd_per_mtok", path, 0, 1e4));
    HOSTPLAN_TRY(cached, cachedRate(o, path, in));
    HOSTPLAN_TRY(out, reqNumber(o, "output_usd_per_mtok", path, 0, 1e4));
    HOSTPLAN_TRY(source, reqString(o, "source", path));
    HOSTPLAN_TRY(asOf, reqString(o, "as_of", path));
    HOSTPLAN_TRY(model, jsonfield::string(o, "model", path, false));
    HOSTPLAN_TRY(hf, jsonfield::string(o, "hf_id", path, false));
    HOSTPLAN_TRY(provider, jsonfield::string(o, "provider", path, false));
    HOSTPLAN_TRY(precision, jsonfield::string(o, "precision", path, false));
    HOSTPLAN_TRY(note, jsonfield::string(o, "note", path, false));
    if (!isPriceDate(asOf)) {
        return makeError(path + ".as_of", "'" + asOf + "' is not a date (YYYY-MM-DD or YYYY-MM)");
    }
    p.id = id;
    p.name = name;
    p.inputUsdPerMTok = in;
    p.cachedInputUsdPerMTok = cached;
    p.outputUsdPerMTok = out;
    p.source = source;
    p.asOf = asOf;
    p.model = singleLine(model.value_or(""));
    p.hfId = singleLine(hf.value_or(""));
    p.provider = singleLine(provider.value_or(""));
    p.precision = singleLine(precision.value_or(""));
    p.note = singleLine(note.value_or(""));
    HOSTPLAN_TRY(tiers, parseTiers(o, path));
    p.tiers = std::move(tiers);
    HOSTPLAN_TRY(batch, jsonfield::number(o, "batch_discount", path, 0, 1, false));
    if (batch && (*batch <= 0 || *batch >= 1)) {
        return makeError(path + ".batch_discount",
                         "must be a fraction off between 0 and 1 (0.5 = half price), got " +
                             jsonfield::brief(*batch));
    }
    p.batchDiscount = batch;
    HOSTPLAN_TRY(inLow, rangeEnd(o, "input_usd_per_mtok_low", path, in, true));
    HOSTPLAN_TRY(inHigh, rangeEnd(o, "input_usd_per_mtok_high", path, in, false));
    HOSTPLAN_TRY(outLow, rangeEnd(o, "output_usd_per_mtok_low", path, out, true));
    HOSTPLAN_TRY(outHigh, rangeEnd(o, "output_usd_per_mtok_high", path, out, false));
    p.inputUsdPerMTokLow = inLow;
    p.inputUsdPerMTokHigh = inHigh;
    p.outputUsdPerMTokLow = outLow;
    p.outputUsdPerMTokHigh = outHigh;
    return p;
}

nlohmann::json apiPriceToJson(const ApiPrice &p) {
    nlohmann::json o = {{"id", p.id}, {"name", p.name}};
    if (!p.model.empty()) {
        o["model"] = p.model;
    }
    if (!p.hfId.empty()) {
        o["hf_id"] = p.hfId;
    }
    if (!p.provider.empty()) {
        o["provider"] = p.provider;
    }
    o["input_usd_per_mtok"] = p.inputUsdPerMTok;
    o["cached_input_usd_per_mtok"] = p.cachedInputUsdPerMTok;
    o["output_usd_per_mtok"] = p.outputUsdPerMTok;
    if (!p.precision.empty()) {
        o["precision"] = p.precision;
    }
    o["source"] = p.source;
    o["as_of"] = p.asOf;
    if (!p.note.empty()) {
        o["note"] = p.note;
    }
    if (!p.tiers.empty()) {
        nlohmann::json tiers = nlohmann::json::array();
        for (const ApiPriceTier &t : p.tiers) {
            tiers.push_back({{"above_prompt_tokens", t.abovePromptTokens},
                             {"input_usd_per_mtok", t.inputUsdPerMTok},
                             {"cached_input_usd_per_mtok", t.cachedInputUsdPerMTok},
                             {"output_usd_per_mtok", t.outputUsdPerMTok}});
        }
        o["tiers"] = tiers;
    }
    if (p.batchDiscount) {
        o["batch_discount"] = *p.batchDiscount;
    }
    const std::pair<const char *, const std::optional<double> *> ends[] = {
        {"input_usd_per_mtok_low", &p.inputUsdPerMTokLow},
        {"input_usd_per_mtok_high", &p.inputUsdPerMTokHigh},
        {"output_usd_per_mtok_low", &p.outputUsdPerMTokLow},
        {"output_usd_per_mtok_high", &p.outputUsdPerMTokHigh}};
    for (const auto &[key, value] : ends) {
        if (*value) {
            o[key] = **value;
        }
    }
    return o;
}

bool apiPriceMatches(const ApiPrice &price, std::string_view modelId, std::string_view hfId) {
    if (!price.model.empty() && !modelId.empty() &&
        asciiLower(price.model) == asciiLower(modelId)) {
        return true;
    }
    if (price.hfId.empty()) {
        return false;
    }
    if (!hfId.empty() && asciiLower(price.hfId) == asciiLower(hfId)) {
        return true;
    }
    // An imported model is known by its folder or config name: "Qwen3-8B" for "Qwen/Qwen3-8B".
    const std::string_view name = std::string_view(price.hfId).substr(price.hfId.rfind('/') + 1);
    return price.model.empty() && !modelId.empty() && squash(name) == squash(modelId);
}

Result<Catalogue> Catalogue::parse(std::string_view gpusJson, std::string_view pricesJson,
                                   std::string_view modelsJson, std::string_view offersJson) {
    Catalogue c;
    HOSTPLAN_TRY(gdoc, jsonfield::parse(gpusJson, "gpus.json"));
    if (!gdoc.is_object() || !gdoc.contains("gpus") || !gdoc["gpus"].is_array()) {
        return makeError("gpus.json: gpus", "missing list of GPUs");
    }
    for (std::size_t i = 0; i < gdoc["gpus"].size(); ++i) {
        HOSTPLAN_TRY(g,
                     parseGpuEntry(gdoc["gpus"][i], "gpus.json: gpus[" + std::to_string(i) + "]"));
        c.m_gpus.push_back(std::move(g));
    }

    HOSTPLAN_TRY(pdoc, jsonfield::parse(pricesJson, "prices.json"));
    if (!pdoc.is_object() || !pdoc.contains("api") || !pdoc["api"].is_array()) {
        return makeError("prices.json: api", "missing list of API prices");
    }
    std::set<std::string> priceIds; // lowercased, one look-up per entry
    for (std::size_t i = 0; i < pdoc["api"].size(); ++i) {
        HOSTPLAN_TRY(p,
                     parseApiPrice(pdoc["api"][i], "prices.json: api[" + std::to_string(i) + "]"));
        if (!priceIds.insert(asciiLower(p.id)).second) {
            return makeError("prices.json: api[" + std::to_string(i) + "].id",
                             "duplicate id '" + p.id + "'");
        }
        c.m_api.push_back(std::move(p));
    }
    if (pdoc.contains("gpu_hour_rates")) {
        const auto &rates = pdoc["gpu_hour_rates"];
        if (!rates.is_array()) {
            return makeError("prices.json: gpu_hour_rates", "must be a list");
        }
        for (std::size_t i = 0; i < rates.size(); ++i) {
            const std::string path = "prices.json: gpu_hour_rates[" + std::to_string(i) + "]";
            HOSTPLAN_TRY(gpu, reqString(rates[i], "gpu", path));
            HOSTPLAN_TRY(rate, reqNumber(rates[i], "usd_per_gpu_hour", path, 0, 1e4));
            HOSTPLAN_TRY(source, reqString(rates[i], "source", path));
            HOSTPLAN_TRY(asOf, reqString(rates[i], "as_of", path));
            auto it = std::find_if(c.m_gpus.begin(), c.m_gpus.end(),
                                   [&](const GpuSpec &g) { return g.id == gpu; });
            if (it == c.m_gpus.end()) {
                return makeError(path + ".gpu", "unknown GPU id '" + gpu + "'");
            }
            it->defaultUsdPerGpuHour = rate;
            it->priceSource = source;
            it->priceAsOf = asOf;
        }
    }

    HOSTPLAN_TRY(mdoc, jsonfield::parse(modelsJson, "models/catalogue.json"));
    if (!mdoc.is_object() || !mdoc.contains("models") || !mdoc["models"].is_array()) {
        return makeError("models/catalogue.json: models", "missing list of models");
    }
    for (std::size_t i = 0; i < mdoc["models"].size(); ++i) {
        const auto &o = mdoc["models"][i];
        const std::string path = "models/catalogue.json: models[" + std::to_string(i) + "]";
        ModelEntry m;
        HOSTPLAN_TRY(id, reqString(o, "id", path));
        HOSTPLAN_TRY(name, reqString(o, "name", path));
        HOSTPLAN_TRY(repo, reqString(o, "hf_repo", path));
        HOSTPLAN_TRY(file, reqString(o, "config_file", path));
        HOSTPLAN_TRY(api, jsonfield::string(o, "api_price_id", path, false));
        HOSTPLAN_TRY(aliases, stringList(o, "aliases", path));
        HOSTPLAN_TRY(source, reqString(o, "source", path));
        HOSTPLAN_TRY(asOf, reqString(o, "as_of", path));
        m.id = id;
        m.name = name;
        m.hfRepo = repo;
        m.configFile = file;
        m.apiPriceId = api.value_or("");
        m.aliases = aliases;
        m.source = source;
        m.asOf = asOf;
        c.m_models.push_back(std::move(m));
    }
    if (!offersJson.empty()) {
        HOSTPLAN_TRY(offers, parseOffers(offersJson, "offers.json"));
        HOSTPLAN_TRY(checked, c.checkOfferGpus(offers, "offers.json: offers"));
        (void)checked;
        c.m_offers = std::move(offers);
    }
    return c;
}

std::vector<RentalOffer> Catalogue::offersFor(std::string_view gpuId) const {
    std::vector<RentalOffer> out;
    for (const RentalOffer &o : m_offers) {
        if (o.gpu == gpuId) {
            out.push_back(o);
        }
    }
    return out;
}

Result<bool> Catalogue::checkOfferGpus(const std::vector<RentalOffer> &offers,
                                       const std::string &what) const {
    for (std::size_t i = 0; i < offers.size(); ++i) {
        const bool known = std::any_of(m_gpus.begin(), m_gpus.end(),
                                       [&](const GpuSpec &g) { return g.id == offers[i].gpu; });
        if (!known) {
            return makeError(what + "[" + std::to_string(i) + "].gpu",
                             "unknown GPU id '" + offers[i].gpu +
                                 "' (offers name a gpus.json id; add the GPU type first)");
        }
    }
    return true;
}

const Catalogue &Catalogue::builtin() {
    static const Catalogue catalogue = [] {
        const auto &files = embeddedResources();
        auto r = parse(files.at("gpus.json"), files.at("prices.json"),
                       files.at("models/catalogue.json"), files.at("offers.json"));
        // The embedded data is checked by tst_catalogue; an error here is a build defect.
        return r.ok() ? r.value() : Catalogue{};
    }();
    return catalogue;
}

Result<GpuSpec> Catalogue::findGpu(std::string_view nameOrAlias) const {
    const std::string key = squash(nameOrAlias);
    if (key.empty()) {
        return makeError("gpu", "empty GPU name");
    }
    // Only ASCII letters and digits count (squash): 'H１００' (full-width digits) would lose
    // its number and match every H-series GPU.
    if (std::any_of(nameOrAlias.begin(), nameOrAlias.end(),
                    [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
        return makeError("gpu", "unknown GPU '" + std::string(nameOrAlias.substr(0, 80)) +
                                    "': GPU names are ASCII (see hostplan-cli gpus)");
    }
    // 1. exact id / alias / name
    for (const auto &g : m_gpus) {
        if (squash(g.id) == key || squash(g.name) == key) {
            return g;
        }
        for (const auto &a : g.aliases) {
            if (squash(a) == key) {
                return g;
            }
        }
    }
    // 2. unique prefix of an id or alias that ends where a run of digits or of letters ends:
    // "h100" finds h100-sxm and "rtx" the RTX cards, but "h20" is not the H200, "l4" not the
    // L40S and "a10" not the A100 (each another GPU with a fraction of the memory).
    const auto tokenPrefix = [&key](const std::string &candidate) {
        if (candidate.rfind(key, 0) != 0) {
            return false;
        }
        if (candidate.size() == key.size()) {
            return true;
        }
        const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
        return digit(candidate[key.size()]) != digit(key.back());
    };
    std::vector<const GpuSpec *> hits;
    for (const auto &g : m_gpus) {
        bool hit = tokenPrefix(squash(g.id));
        for (const auto &a : g.aliases) {
            hit = hit || tokenPrefix(squash(a));
        }
        if (hit) {
            hits.push_back(&g);
        }
    }
    if (hits.size() == 1) {
        return *hits.front();
    }
    std::string known;
    for (const auto *g : hits) {
        known += (known.empty() ? "" : ", ") + g->id;
    }
    if (hits.size() > 1) {
        return makeError("gpu", "'" + std::string(nameOrAlias) + "' is ambiguous: " + known);
    }
    for (const auto &g : m_gpus) {
        known += (known.empty() ? "" : ", ") + g.id;
    }
    return makeError("gpu",
                     "unknown GPU '" + std::string(nameOrAlias) + "' (known: " + known + ")");
}

Result<ModelEntry> Catalogue::findModel(std::string_view nameOrAlias) const {
    const std::string key = squash(nameOrAlias);
    for (const auto &m : m_models) {
        if (squash(m.id) == key || squash(m.name) == key || squash(m.hfRepo) == key) {
            return m;
        }
        for (const auto &a : m.aliases) {
            if (squash(a) == key) {
                return m;
            }
        }
    }
    std::string known;
    for (const auto &m : m_models) {
        known += (known.empty() ? "" : ", ") + m.id;
    }
    return makeError("model", "unknown model '" + std::string(nameOrAlias) + "' (known: " + known +
                                  "; or give a path to a config.json)");
}

Result<ApiPrice> Catalogue::findApiPrice(std::string_view id) const {
    for (const auto &p : m_api) {
        if (asciiLower(p.id) == asciiLower(id)) {
            return p;
        }
    }
    return makeError("pricing.api_price_id", "unknown API price '" + std::string(id) + "'");
}

std::vector<ApiPrice> Catalogue::apiPricesFor(std::string_view modelId) const {
    std::string hf;
    std::string id(modelId);
    if (auto entry = findModel(modelId); entry.ok()) {
        hf = entry->hfRepo;
        id = entry->id;
    }
    std::vector<ApiPrice> out;
    for (const ApiPrice &p : m_api) {
        if (apiPriceMatches(p, id, hf)) {
            out.push_back(p);
        }
    }
    return out;
}

Result<ModelSpec> Catalogue::loadModel(std::string_view nameOrAlias) const {
    HOSTPLAN_TRY(entry, findModel(nameOrAlias));
    const auto &files = embeddedResources();
    auto it = files.find(entry.configFile);
    if (it == files.end()) {
        return makeError("model", "catalogue file '" + entry.configFile + "' is not embedded");
    }
    HOSTPLAN_TRY(spec, importHfConfigText(it->second, entry.source));
    spec.id = entry.id;
    spec.displayName = entry.name;
    spec.source = entry.source;
    spec.asOf = entry.asOf;
    return spec;
}

} // namespace hostplan
