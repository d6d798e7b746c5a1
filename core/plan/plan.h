// Plan: resolves a Scenario against the catalogues and runs every model (memory, fit, cost,
// break-even). This is the one entry point the CLI, the GUI, the report and the probe use, so a
// figure is the same everywhere.
#pragma once

#include "catalogue/catalogue.h"
#include "sizing/cost.h"
#include "sizing/fit.h"
#include "sizing/layout.h"
#include "sizing/memory.h"
#include "scenario/scenario.h"
#include "sizing/throughput.h"

#include <string>
#include <vector>

namespace hostplan {

/// Everything computed for one scenario.
struct PlanResult {
    Scenario scenario;       ///< the inputs as given
    ModelSpec model;         ///< after format overrides
    GpuSpec gpu;
    ApiPrice api;            ///< prices actually used (catalogue + overrides)
    bool apiPriced = false;  ///< false: no API price known; api costs and break-even are NaN
    double usdPerGpuHour = 0;
    Parallelism layout;      ///< the evaluated layout (one replica)
    bool autoCount = false;  ///< gpu count chosen by HostPlan (scenario gpu_count 0)
    /// Data-parallel replicas of `layout` (the layout search's choice with the count on auto;
    /// 1 with an explicit count). Memory figures are per replica; capacity and cost cover all.
    std::uint32_t replicas = 1;
    /// GPUs rented: replicas x layout GPUs rounded up to whole instances of the chosen offer
    /// (auto), or the layout's GPUs (explicit count).
    std::uint32_t gpusRented = 0;
    /// GPUs per instance (node) the plan runs on: the chosen offer's shape (auto), else the
    /// scenario's gpus_per_node or the GPU's own node size.
    std::uint32_t gpusPerInstance = 8;
    /// The layout search over the rental offers for this GPU type (layout.h): the chosen
    /// layout x offer x replicas and every rejected candidate with its reason.
    LayoutSearch search;
    MemoryBreakdown memory;
    FitResult fit;
    RentalCost rental;
    double apiUsdPerMonth = 0; ///< the workload's tokens at API prices
    BreakEven breakeven;
    double selfHostUsdPerMTokOutput = 0; ///< scheduled monthly cost / output tokens x 1e6
    /// Decode / prefill speed and capacity (throughput.h), with default efficiencies; replace
    /// with applyCalibration() when a probe report is attached.
    Throughput throughput;
    std::vector<std::string> warnings;
};

/// Evaluate a scenario with the built-in catalogues. Errors: unknown model / GPU (named),
/// a model file that does not import, an invalid explicit layout (the reason).
Result<PlanResult> evaluate(const Scenario &scenario);
/// Same with explicit catalogues.
Result<PlanResult> evaluate(const Scenario &scenario, const Catalogue &catalogue);
/// Same with an already imported model (skips the import; the GUI caches it).
Result<PlanResult> evaluate(const Scenario &scenario, const Catalogue &catalogue,
                            const ModelSpec &importedModel);

/// Break-even of the plan's scheduled monthly cost against its API (NaN without an API price).
/// Volumes above what the plan serves in a month (throughput capacity) become infinite
/// ("never") with a warning: one more deployment adds cost as fast as volume. Called by
/// evaluate().
void updateBreakEven(PlanResult &plan);

/// applyCalibration (throughput.h) plus the break-even that follows from the new capacity.
void calibrate(PlanResult &plan, const Calibration &calibration);

/// Resolve the scenario's model reference (catalogue name or path) to a ModelSpec, before format
/// overrides.
Result<ModelSpec> resolveModel(const Scenario &scenario, const Catalogue &catalogue);

} // namespace hostplan
