// Catalogues: models, GPUs, API and GPU-hour prices. Loaded from the JSON files in resources/
// (compiled in, see embeddedresources.h) or from user files with the same schema. Every entry
// carries `source` and `as_of`.
#pragma once

#include "catalogue/offers.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// An API's per-token prices, USD per 1M tokens.
struct ApiPrice {
    std::string id;                  ///< e.g. "kimi-k3-moonshot"
    std::string name;                ///< e.g. "Kimi K3 (Moonshot API)"
    double inputUsdPerMTok = 0;
    double cachedInputUsdPerMTok = 0;
    double outputUsdPerMTok = 0;
    std::string source;
    std::string asOf;
};

/// A catalogue model: a real config.json shipped in resources/models plus its provenance.
struct ModelEntry {
    std::string id;          ///< e.g. "kimi-k3"
    std::string name;        ///< e.g. "Kimi K3"
    std::string hfRepo;      ///< e.g. "moonshotai/Kimi-K3"
    std::string configFile;  ///< path under resources/, e.g. "models/Kimi-K3.json"
    std::string apiPriceId;  ///< default API to compare against ("" = none)
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

    /// Find a GPU by id or alias, case-insensitive, also by unique prefix / substring of the
    /// id or name ("h100", "b300", "mi355x"). Error lists the candidates when ambiguous.
    Result<GpuSpec> findGpu(std::string_view nameOrAlias) const;
    /// Find a model entry by id, alias or name, case-insensitive.
    Result<ModelEntry> findModel(std::string_view nameOrAlias) const;
    /// Find an API price by id.
    Result<ApiPrice> findApiPrice(std::string_view id) const;
    /// Import a catalogue model (its embedded config.json) with source and as_of filled in.
    Result<ModelSpec> loadModel(std::string_view nameOrAlias) const;

private:
    std::vector<GpuSpec> m_gpus;
    std::vector<ApiPrice> m_api;
    std::vector<ModelEntry> m_models;
    std::vector<RentalOffer> m_offers;
};

} // namespace hostplan
