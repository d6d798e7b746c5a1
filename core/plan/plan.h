// SPDX-License-Identifier: MIT
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

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// How the plan's API price was chosen.
enum class ApiSelection {
    None,     ///< no price known for the model
    Cheapest, ///< the cheapest price for the model (scenario's and catalogue's) for the workload
    Pinned,   ///< pricing.api_price_id names it
    Entered,  ///< typed in the scenario (api_*_usd_per_mtok) with no price to start from
};

/// One API that sells the plan's model, with the workload's bill there.
struct ApiAlternative {
    ApiPrice price; ///< the entry as listed
    /// As billed for the workload: its prompt length's tier, the batch discount (billedApiPrice).
    BilledApiPrice billed;
    double usdPerMonth = 0;    ///< the workload's input, cached input and output tokens, billed
    bool fromScenario = false; ///< brought by the user (pricing.api_prices), not the catalogue
};

/// Everything computed for one scenario.
struct PlanResult {
    /// The inputs as given, with the checkpoint's shipped KV format in model.kvFormat when the
    /// scenario names none and the scenario's engine loads the shipped scales
    /// (engine/shippedkv.h; kvFormatNote then says so, a warning says why not otherwise).
    Scenario scenario;
    ModelSpec model; ///< after format overrides
    /// The format the checkpoint stores its quantized linear layers in (the largest such
    /// group's, e.g. FP8 for an FP8 checkpoint) when the plan's --weights-format is a float
    /// dtype that sizes them dequantized, which the engines do not do at load; else nullopt.
    std::optional<NumberFormat> checkpointQuantized;
    /// The format the imported checkpoint stores its quantized linear layers in (the largest
    /// such group's), whatever the plan's formats; nullopt for a checkpoint whose linear layers
    /// are a float dtype, which vLLM and SGLang can quantize to FP8 at load (onlineFp8).
    std::optional<NumberFormat> storedLinearFormat;
    /// "KV cache FP8 (shipped calibrated scales, kv_cache_scheme; vLLM loads the scales with
    /// --kv-cache-dtype fp8 ...)" when the plan's KV format is the checkpoint's
    /// (ModelSpec::shippedKvFormat), naming the key and what the engine does with it; empty
    /// when it is the scenario's.
    std::string kvFormatNote;
    /// "vLLM's --mamba-ssm-cache-dtype auto keeps the model's BF16": why, when the
    /// recurrent-state format is the engine's default rather than the scenario's choice
    /// (engine/servedtype.h engineStateFormat); empty when chosen or without recurrent state.
    std::string stateFormatNote;
    GpuSpec gpu;
    /// Prices actually used: the entry as billed for the workload (its tier, the batch
    /// discount), then the scenario's typed overrides.
    ApiPrice api;
    bool apiPriced = false; ///< false: no API price known; api costs and break-even are NaN
    ApiSelection apiSelection = ApiSelection::None;
    /// Prompt tokens per request the API tiers are chosen by (requestLengths().inputTokens).
    std::uint64_t apiPromptTokens = 0;
    /// The context-length tier of `api` applied for apiPromptTokens; nullopt: its base prices.
    std::optional<ApiPriceTier> apiTier;
    bool apiBatch = false; ///< `api` is the provider's batch price (pricing.api_batch)
    /// `api` at the cheap and the dear end of its published price range (equal to `api`
    /// without one, and for the prices typed in the scenario).
    ApiPrice apiLow;
    ApiPrice apiHigh;
    /// Every API price found for the model (pricing.api_prices first, then the catalogue),
    /// cheapest for the workload first; the plan compares with `api`.
    std::vector<ApiAlternative> apiAlternatives;
    /// The rate the plan's cost uses (planRate() in decision.h says which and why): the
    /// scenario's rate when typed; else, with the layout from the search (count on auto, no
    /// TP / PP / EP fixed), the chosen offer's own rate; else (a count or layout the user fixed)
    /// the GPU type's catalogue rate, while the search still ranks each offer at its own rate.
    double usdPerGpuHour = 0;
    /// The evaluated layout, replicas and instance shape are the layout search's choice.
    bool layoutFromSearch = false;
    Parallelism layout;     ///< the evaluated layout (one replica)
    bool autoCount = false; ///< gpu count chosen by HostPlan (scenario gpu_count 0)
    /// Data-parallel replicas of `layout` (the layout search's choice with the count on auto;
    /// 1 with an explicit count). Memory figures are per replica; capacity and cost cover all.
    std::uint32_t replicas = 1;
    /// GPUs rented: replicas x layout GPUs rounded up to whole instances of the chosen offer
    /// (auto), or the layout's GPUs (explicit count).
    std::uint32_t gpusRented = 0;
    /// GPUs per instance (node) the plan runs on: the chosen offer's shape (auto), else the
    /// scenario's gpus_per_node or the GPU's own node size; 0 = not set (instanceSize()).
    std::uint32_t gpusPerInstance = 0;
    /// The layout search over the rental offers for this GPU type (layout.h): the chosen
    /// layout x offer x replicas and every rejected candidate with its reason.
    LayoutSearch search;
    /// GPUs per instance the plan's figures use: gpusPerInstance when set, else the scenario's
    /// gpus_per_node, else the GPU's own node size; at least 1.
    std::uint32_t instanceSize() const {
        const std::uint32_t n = gpusPerInstance                 ? gpusPerInstance
                                : scenario.hardware.gpusPerNode ? scenario.hardware.gpusPerNode
                                                                : gpu.gpusPerNode;
        return n ? n : 1;
    }
    /// GPUs the plan rents: gpusRented when set, else the layout's (at least the layout's).
    std::uint32_t rentedGpus() const { return std::max(gpusRented, layout.gpuCount()); }
    /// Sequences one replica holds: the workload's concurrency shared over the replicas,
    /// rounded up. `memory` is one replica's, sized for these.
    std::uint32_t sequencesPerReplica() const {
        const std::uint64_t n = std::max<std::uint32_t>(replicas, 1);
        return std::uint32_t((std::uint64_t(scenario.workload.concurrency) + n - 1) / n);
    }
    MemoryBreakdown memory;
    FitResult fit;
    /// What the engine does at start-up with the plan's flags (engine/enginememory.h): starts
    /// with N KV tokens (M sequences of the context), or refuses and which flag fixes it.
    EngineStartup startup;
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

/// The GPU types a scenario plans with: `catalogue` with the scenario's own
/// (hardware.custom_gpus, Catalogue::withGpus); `catalogue` alone when those clash with it
/// (evaluate and scenarioGpu report the clash).
Catalogue scenarioCatalogue(const Scenario &scenario,
                            const Catalogue &catalogue = Catalogue::builtin());

/// The scenario's GPU type: hardware.gpu looked up (Catalogue::findGpu) in `catalogue` with the
/// scenario's own GPU types (hardware.custom_gpus, Catalogue::withGpus). Errors: an unknown or
/// ambiguous name, a custom type that clashes with the catalogue.
Result<GpuSpec> scenarioGpu(const Scenario &scenario,
                            const Catalogue &catalogue = Catalogue::builtin());

/// Resolve the scenario's model reference (catalogue name or path) to a ModelSpec, before format
/// overrides.
Result<ModelSpec> resolveModel(const Scenario &scenario, const Catalogue &catalogue);

/// Resolve the scenario's engine.draft for `target`: null when empty, an EAGLE head built from
/// the target for "eagle" (engine/draftmodel.h eagleHeadSpec), else the catalogue model or the
/// path imported like model.ref. Errors name the field "engine.draft". evaluate() attaches the
/// result to the plan's model (ModelSpec::draft). A path or Hub id is imported once and kept
/// while its files' modification time is unchanged (a Hub id for the process; a failed Hub
/// import is tried again after 30 s), so that evaluating on every edit does not read it again.
Result<std::shared_ptr<const ModelSpec>>
resolveDraft(const Scenario &scenario, const Catalogue &catalogue, const ModelSpec &target);

} // namespace hostplan
