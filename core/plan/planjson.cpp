// SPDX-License-Identifier: MIT
#include "plan/planjson.h"

#include "plan/decision.h"
#include "plan/pareto.h"
#include "util/jsonutil.h"

#include <cmath>

namespace hostplan {

namespace {

/// cost.price_stale: the plan's GPU-hour rate when older than the price-age limit or dated
/// after today (staleRate), else null.
nlohmann::ordered_json staleRateJson(const PlanResult &p, std::string_view today) {
    const auto s = staleRate(p, today);
    if (!s) {
        return nullptr;
    }
    return {{"id", s->id}, {"as_of", s->asOf}, {"age_days", s->ageDays}, {"future", s->future()}};
}

nlohmann::ordered_json num(double v) {
    return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr);
}

/// One layout-search candidate (README "plan --json" table, layout_search.candidates).
nlohmann::ordered_json candidateJson(const LayoutCandidate &c) {
    using oj = nlohmann::ordered_json;
    const RentalOffer &o = c.offer();
    const bool offer = !o.id.empty();
    return oj{{"status", candidateStatusId(c.status)},
              {"reason", c.reason},
              {"offer", offer ? oj(o.id) : oj(nullptr)},
              {"provider", offer ? oj(o.provider) : oj(nullptr)},
              {"gpus_per_instance", o.gpusPerInstance ? oj(*o.gpusPerInstance) : oj(nullptr)},
              {"tp", c.layout.tp},
              {"ep", c.layout.ep},
              {"pp", c.layout.pp},
              {"attention_dp", c.layout.dp},
              {"replicas", c.replicas},
              {"instances", c.instances},
              {"gpus_rented", c.gpusRented},
              {"usd_per_gpu_hour", c.usdPerGpuHour > 0 ? oj(c.usdPerGpuHour) : oj(nullptr)},
              {"usd_per_month", c.carries() ? oj(c.usdPerMonth) : oj(nullptr)},
              {"memory_max_batch", c.memoryMaxBatch},
              {"latency_max_batch", c.latencyMaxBatch},
              {"output_tokens_per_month", c.carries() ? oj(c.outputTokensPerMonth) : oj(nullptr)},
              {"source", offer ? oj(o.source) : oj(nullptr)},
              {"as_of", offer ? oj(o.asOf) : oj(nullptr)},
              {"user_offer", o.userEntered}};
}

const char *breakEvenKindId(BreakEvenKind k) {
    switch (k) {
    case BreakEvenKind::NotPriced:
        return "not_priced";
    case BreakEvenKind::DoesNotFit:
        return "does_not_fit";
    case BreakEvenKind::At:
        return "at";
    case BreakEvenKind::Never:
        return "never";
    case BreakEvenKind::NoGpuPrice:
        return "no_gpu_price";
    }
    return "";
}

const char *heavyUserKindId(HeavyUserKind k) {
    switch (k) {
    case HeavyUserKind::NotPriced:
        return "not_priced";
    case HeavyUserKind::DoesNotFit:
        return "does_not_fit";
    case HeavyUserKind::Free:
        return "free";
    case HeavyUserKind::WinsFrom:
        return "wins_from";
    case HeavyUserKind::WithinBand:
        return "within_band";
    case HeavyUserKind::OutOfReach:
        return "out_of_reach";
    case HeavyUserKind::Never:
        return "never";
    case HeavyUserKind::NoGpuPrice:
        return "no_gpu_price";
    }
    return "";
}

/// The decision unit's verdicts (decision.h), as the CLI, Summary and report show them.
nlohmann::ordered_json rangeJson(const RangedValue &r) {
    return {{"low", num(r.low)}, {"value", num(r.value)}, {"high", num(r.high)}};
}

/// A context-length tier applied (api.tier, api.alternatives[].tier).
nlohmann::ordered_json tierJson(const ApiPriceTier &t) {
    return {{"above_prompt_tokens", t.abovePromptTokens},
            {"input_usd_per_mtok", t.inputUsdPerMTok},
            {"cached_input_usd_per_mtok", t.cachedInputUsdPerMTok},
            {"output_usd_per_mtok", t.outputUsdPerMTok}};
}

nlohmann::ordered_json rangesJson(const PlanResult &p) {
    const DecisionRanges r = decisionRanges(p);
    // The two bases (decision.h DecisionRanges): the volume rows count volume_copies
    // deployments, the heavy-user rows one.
    return {{"volume_copies", r.volumeCopies},
            {"heavy_users_copies", 1},
            {"usd_per_mtok_output_at_capacity", rangeJson(r.usdPerMTokAtCapacity)},
            {"capacity_output_tokens_per_month", rangeJson(r.capacityTokensPerMonth)},
            {"heavy_users_served", rangeJson(r.heavyUsersServed)},
            {"break_even_output_tokens_per_month", num(r.breakEvenTokensPerMonth)},
            {"heavy_users_needed", num(r.heavyUsersNeeded)},
            {"capacity_call", rangeCallId(r.capacityCall)},
            {"capacity_call_reason", noCallReasonId(r.noCallReason)},
            {"utilisation_to_break_even", num(r.utilisationToBreakEven)},
            {"deciding_assumption", r.decidingAssumption},
            {"api_usd_per_month", rangeJson(r.apiUsdPerMonth)},
            {"break_even_output_tokens_per_month_range", rangeJson(r.breakEvenTokensPerMonthRange)},
            {"price_call", rangeCallId(r.priceCall)}};
}

nlohmann::ordered_json sensitivityJson(const PlanResult &p) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (const SensitivityEntry &e : sensitivity(p)) {
        a.push_back({{"input", e.input},
                     {"label", e.label},
                     {"usd_per_mtok_at_minus_20pct", num(e.costAtMinus)},
                     {"usd_per_mtok_at_plus_20pct", num(e.costAtPlus)},
                     {"capacity_over_break_even_at_minus_20pct", num(e.marginAtMinus)},
                     {"capacity_over_break_even_at_plus_20pct", num(e.marginAtPlus)},
                     {"swing", num(e.swing)}});
    }
    return a;
}

/// The layout search's latency / cost Pareto front (README "plan --json" table, pareto).
nlohmann::ordered_json paretoJson(const PlanResult &p) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (const ParetoPoint &e : paretoFront(p).front) {
        a.push_back({{"layout",
                      {{"tp", e.layout.tp},
                       {"ep", e.layout.ep},
                       {"pp", e.layout.pp},
                       {"dp", e.replicas},
                       {"attention_dp", std::max<std::uint32_t>(e.layout.dp, 1)}}},
                     {"gpus", e.gpus},
                     {"offer", e.offerId},
                     {"ttft_ms", num(e.ttftSeconds * 1e3)},
                     {"tpot_ms", num(e.tpotSeconds * 1e3)},
                     {"output_tokens_per_second", num(e.outputTokensPerSecond)},
                     {"usd_per_mtok_output", num(e.usdPerMTokOutput)},
                     {"is_plan", e.isPlan}});
    }
    return a;
}

nlohmann::ordered_json decisionJson(const PlanResult &p) {
    using oj = nlohmann::ordered_json;
    const Recommendation rec = recommend(p);
    const PilotRange pilot = pilotRange(p);
    const CostPerMTok cost = costPerMTok(p);
    const BreakEvenVerdict be = breakEvenVerdict(p);
    const HeavyUserVerdict heavy = heavyUserVerdict(p);
    return {{"recommendation", recommendationId(rec)},
            {"recommendation_name", recommendationName(rec)},
            {"workload_copies", workloadCopies(p)},
            {"pilot_range",
             pilot.low ? oj{{"low_gpus", pilot.low}, {"high_gpus", pilot.high}} : oj(nullptr)},
            // A plan that serves nothing has no cost per token (inf, the text's "n/a"): null.
            {"usd_per_mtok_output_for_workload", num(cost.forWorkloadUsd)},
            {"usd_per_mtok_output_at_capacity", num(cost.atCapacityUsd)},
            {"break_even",
             {{"kind", breakEvenKindId(be.kind)},
              {"output_tokens_per_month",
               be.kind == BreakEvenKind::At ? num(be.outputTokensPerMonth) : oj(nullptr)},
              {"within_band", be.withinBand},
              {"needed_output_tokens_per_month",
               be.withinBand ? num(be.neededOutputTokensPerMonth) : oj(nullptr)},
              {"copies", be.copies}}},
            {"heavy_users",
             {{"kind", heavyUserKindId(heavy.kind)},
              {"users_needed", heavy.usersNeeded ? oj(heavy.usersNeeded) : oj(nullptr)},
              {"users_served", num(heavy.usersServed)},
              {"copies", 1},
              {"api_usd_per_user_month", num(heavy.apiUsdPerUserMonth)}}},
            {"ranges", rangesJson(p)},
            {"sensitivity", sensitivityJson(p)}};
}

nlohmann::ordered_json components(const MemoryComponents &c) {
    return {{"weights", c.weights},         {"kv_cache", c.kvCache}, {"state", c.state},
            {"activations", c.activations}, {"runtime", c.runtime},  {"total", c.total()}};
}

/// The plan's speculative-decoding draft (memory.engine.draft): null without a draft model.
nlohmann::ordered_json draftJson(const ModelSpec &model) {
    if (!model.draft) {
        return nullptr;
    }
    return {{"id", model.draft->id},
            {"name", model.draft->displayName},
            {"eagle_head", model.draft->eagleHead},
            {"params", model.draft->totalParams}};
}

/// The engine's memory terms per GPU (memory.engine in the JSON table of README).
nlohmann::ordered_json engineTermsJson(const EngineMemoryTerms &t, const ModelSpec &model) {
    nlohmann::ordered_json j = {{"version", t.engineVersion},
                                {"draft", draftJson(model)},
                                {"checkpoint_weights_bytes", t.checkpointWeights},
                                {"weight_padding_bytes", t.weightPadding},
                                {"weight_replication_bytes", t.weightReplication},
                                {"draft_weights_bytes", t.draftWeights},
                                {"cuda_context_bytes", t.cudaContext},
                                {"communication_bytes", t.communication},
                                {"non_torch_bytes", t.nonTorch},
                                {"cuda_graph_bytes", t.cudaGraphs},
                                {"cuda_graphs_inside_budget", t.graphsInsideBudget},
                                {"moe_a2a_buffer_bytes", t.moeA2aBuffers},
                                {"activation_forward_bytes", t.activationForward},
                                {"activation_moe_workspace_bytes", t.activationMoe},
                                {"activation_sampler_bytes", t.activationSampler},
                                {"activation_draft_bytes", t.activationDraft},
                                {"activation_encoder_bytes", t.activationEncoder},
                                {"encoder_outputs_bytes", t.encoderOutputs},
                                {"encoder_inputs_bytes", t.encoderInputs},
                                {"activation_peak_bytes", t.activationPeak},
                                {"kv_pool_bytes", t.kvPoolBytes},
                                {"kv_bytes_per_token", t.kvBytesPerToken},
                                {"kv_bytes_per_request", t.kvBytesPerRequest},
                                {"kv_block_tokens", t.kvBlockTokens},
                                {"kv_tokens", t.kvTokens},
                                {"kv_tokens_uncapped", t.kvTokensUncapped},
                                {"memory_fraction", t.memoryFraction},
                                {"budget_bytes", t.budget},
                                {"window_extra_tokens", t.windowExtraTokens},
                                {"window_tokens", t.windowTokens},
                                {"state_slots", t.stateSlotsInPool},
                                {"state_bytes", t.stateBytes},
                                {"state_blocks", t.stateBlocks},
                                {"draft_kv_bytes_per_token", t.draftKvBytesPerToken},
                                {"draft_kv_bytes", t.draftKvBytes},
                                {"request_slots", t.requestSlots},
                                {"request_table_bytes", t.requestTableBytes},
                                {"reserve_margin_bytes", t.reserveMarginBytes}};
    if (!t.stages.empty()) {
        // Pipeline stages sized one by one (vLLM at PP > 1): the terms above are the stage
        // whose pool holds the fewest tokens.
        nlohmann::ordered_json stages = nlohmann::ordered_json::array();
        for (const PipelineStageMemory &s : t.stages) {
            stages.push_back({{"rank", s.rank},
                              {"layers", s.layers},
                              {"first_layer", s.firstLayer},
                              {"weights_bytes", s.weights},
                              {"activation_peak_bytes", s.activationPeak},
                              {"kv_pool_bytes", s.kvPoolBytes},
                              {"kv_tokens", s.kvTokens}});
        }
        j["pipeline_rank"] = t.pipelineRank;
        j["activation_pipeline_bytes"] = t.activationPipeline;
        j["pipeline_stages"] = stages;
    }
    return j;
}

/// The engine's start-up verdict (startup in the JSON table of README).
nlohmann::ordered_json startupJson(const EngineStartup &s) {
    using oj = nlohmann::ordered_json;
    oj fixes = oj::array();
    for (const FlagChange &f : s.fixes) {
        fixes.push_back({{"flag", f.flag}, {"value", f.value}, {"effect", f.effect}});
    }
    return {{"outcome", startupOutcomeName(s.outcome)},
            {"starts", s.starts()},
            {"message", s.message},
            {"kv_tokens", s.kvTokens},
            {"context_tokens", s.contextTokens},
            {"sequences_at_context", s.sequencesAtContext},
            {"largest_context", s.largestContext},
            {"max_request_tokens", s.maxRequestTokens},
            {"margin_bytes_per_gpu", s.marginBytes},
            {"fixes", fixes}};
}

} // namespace

nlohmann::ordered_json planToJson(const PlanResult &p, std::string_view today) {
    using oj = nlohmann::ordered_json;
    oj groups = oj::array();
    for (const auto &g : p.memory.groups) {
        groups.push_back(
            {{"name", g.name},
             {"role", roleName(g.role)},
             {"format", g.format.name()},
             {"placement", g.placement == Placement::Sharded ? "sharded" : "replicated"},
             {"params", g.params},
             {"bytes", g.totalBytes},
             {"per_gpu_bytes", g.perGpuBytes}});
    }
    oj layers = oj::array();
    for (const auto &l : p.model.layers) {
        layers.push_back({{"kind", attentionKindName(l.kind)},
                          {"count", l.count},
                          {"kv_heads", l.kvHeads},
                          {"head_dim", l.headDim},
                          {"kv_lora_rank", l.kvLoraRank},
                          {"rope_dim", l.ropeDim},
                          {"window", l.window}});
    }
    const auto &m = p.memory;
    oj doc;
    doc["schema_version"] = kPlanJsonSchemaVersion;
    // The plan's scenario names the KV format it used, whether chosen or shipped, and the
    // recurrent-state format where the model keeps a state.
    Scenario used = p.scenario;
    used.model.kvBf16Chosen = true;
    used.model.stateFormatChosen = p.memory.cache.stateBytesPerSequence > 0;
    doc["scenario"] = oj::parse(scenarioToJson(used));
    if (!p.kvFormatNote.empty()) {
        doc["kv_format_note"] = p.kvFormatNote;
    }
    if (!p.stateFormatNote.empty()) {
        doc["state_format_note"] = p.stateFormatNote;
    }
    doc["model"] = {{"id", p.model.id},
                    {"name", p.model.displayName},
                    {"architecture", p.model.architecture},
                    {"source", p.model.source},
                    {"as_of", p.model.asOf},
                    {"total_params", p.model.totalParams},
                    {"active_params", p.model.activeParams},
                    {"active_params_with_embedding", p.model.activeParamsWithEmbedding},
                    {"weights_bytes", p.model.weightBytes()},
                    {"checkpoint_bytes", p.model.checkpointBytes},
                    {"max_context_tokens", p.model.maxContextTokens},
                    {"custom_code", p.model.customCode},
                    {"experts",
                     {{"routed", p.model.experts.routed},
                      {"active_per_token", p.model.experts.activePerToken},
                      {"shared", p.model.experts.shared}}},
                    {"layers", layers},
                    {"groups", groups}};
    doc["hardware"] = {{"gpu", p.gpu.id},
                       {"gpu_name", p.gpu.name},
                       {"gpu_count", p.layout.gpuCount()},
                       {"auto_count", p.autoCount},
                       {"tp", p.layout.tp},
                       {"ep", p.layout.ep},
                       {"pp", p.layout.pp},
                       {"attention_dp", p.layout.dp},
                       {"replicas", p.replicas},
                       {"gpus_rented", p.gpusRented},
                       {"gpus_per_instance", p.gpusPerInstance},
                       {"memory_bytes_per_gpu", p.gpu.memoryBytes},
                       {"usable_memory_bytes_per_gpu", p.gpu.usableMemoryBytes},
                       {"native_mxfp4", p.gpu.nativeMxfp4},
                       {"source", p.gpu.source},
                       {"as_of", p.gpu.asOf}};
    doc["memory"] = {{"weights_bytes", p.model.weightBytes()},
                     {"kv_bytes_per_token", m.cache.kvBytesPerToken},
                     {"kv_bytes_per_token_per_gpu", m.cache.kvBytesPerTokenPerGpu},
                     {"window_bytes_per_token", m.cache.windowBytesPerToken},
                     {"window_tokens", m.cache.windowTokens},
                     {"state_bytes_per_sequence", m.cache.stateBytesPerSequence},
                     {"state_bytes_per_sequence_per_gpu", m.cache.stateBytesPerSequencePerGpu},
                     {"state_slots_per_request", m.cache.stateSlotsPerRequest},
                     {"per_gpu_bytes", m.perGpu.total()},
                     {"per_gpu", components(m.perGpu)},
                     {"total", components(m.total)},
                     {"memory_fraction", m.memoryFraction},
                     {"usable_bytes_per_gpu", m.usableBytesPerGpu},
                     {"budget_bytes_per_gpu", m.budgetBytesPerGpu},
                     {"kv_capacity_bytes_per_gpu", m.kvCapacityBytesPerGpu},
                     {"kv_capacity_tokens_per_gpu", m.kvCapacityTokens},
                     {"engine", engineTermsJson(m.engine, p.model)}};
    doc["startup"] = startupJson(p.startup);
    doc["fit"] = {{"fits", p.fit.fits},
                  {"starts_short", p.fit.startsShort},
                  {"reasons", p.fit.reasons},
                  {"gpus_floor", p.fit.gpusFloor},
                  {"gpus_practical", p.fit.practicalFound ? oj(p.fit.gpusPractical) : oj(nullptr)},
                  {"practical_layout", p.fit.practicalFound
                                           ? oj{{"tp", p.fit.practicalLayout.tp},
                                                {"ep", p.fit.practicalLayout.ep},
                                                {"pp", p.fit.practicalLayout.pp},
                                                {"attention_dp", p.fit.practicalLayout.dp}}
                                           : oj(nullptr)},
                  {"max_concurrency", p.fit.maxConcurrency},
                  {"headroom_bytes_per_gpu", p.fit.headroomBytesPerGpu}};
    {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const LayoutCandidate &c : p.search.candidates) {
            list.push_back(candidateJson(c));
        }
        const LayoutCandidate *best = p.search.best();
        doc["layout_search"] = {{"found", p.search.found},
                                {"chosen", best ? candidateJson(*best) : oj(nullptr)},
                                {"fallback", p.search.fallback},
                                {"note", p.search.note},
                                {"none_reason", p.search.noneReason},
                                {"candidates", list}};
    }
    doc["pareto"] = paretoJson(p);
    const LayoutCandidate *chosenOffer = p.autoCount ? p.search.best() : nullptr;
    // An unknown GPU-hour rate is null, never the $0 a fallback offer carries.
    const bool rateKnown = !gpuRateUnknown(p);
    const auto usdOrNull = [&](double v) {
        return rateKnown ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr);
    };
    doc["cost"] = {{"usd_per_gpu_hour", usdOrNull(p.usdPerGpuHour)},
                   {"usd_per_hour", usdOrNull(p.rental.usdPerHour)},
                   {"usd_per_day_always_on", usdOrNull(p.rental.usdPerDayAlwaysOn)},
                   {"hours_per_month", p.rental.hoursPerMonth},
                   {"hours_per_day", p.rental.hoursPerDay},
                   {"gpu_hours_per_month", p.rental.gpuHoursPerMonthScheduled},
                   {"usd_per_month", usdOrNull(p.rental.usdPerMonthScheduled)},
                   {"gpu_hours_per_month_always_on", p.rental.gpuHoursPerMonthAlwaysOn},
                   {"usd_per_month_always_on", usdOrNull(p.rental.usdPerMonthAlwaysOn)},
                   {"api_usd_per_month", p.apiUsdPerMonth},
                   {"self_host_usd_per_mtok_output",
                    p.fit.serves() ? num(p.selfHostUsdPerMTokOutput) : oj(nullptr)},
                   {"price_source", p.scenario.pricing.usdPerGpuHour ? std::string("scenario")
                                    : chosenOffer                    ? chosenOffer->offer().source
                                                                     : p.gpu.priceSource},
                   {"price_as_of", p.scenario.pricing.usdPerGpuHour ? std::string("scenario")
                                   : chosenOffer                    ? chosenOffer->offer().asOf
                                                                    : p.gpu.priceAsOf},
                   {"offer", chosenOffer ? oj(chosenOffer->offer().id) : oj(nullptr)},
                   {"price_stale", staleRateJson(p, today)}};
    oj alternatives = oj::array();
    for (const ApiAlternative &a : p.apiAlternatives) {
        alternatives.push_back(
            {{"id", a.price.id},
             {"name", a.price.name},
             {"provider", a.price.provider},
             {"input_usd_per_mtok", a.price.inputUsdPerMTok},
             {"cached_input_usd_per_mtok", a.price.cachedInputUsdPerMTok},
             {"output_usd_per_mtok", a.price.outputUsdPerMTok},
             {"usd_per_month", num(a.usdPerMonth)},
             {"from_scenario", a.fromScenario},
             {"source", a.price.source},
             {"as_of", a.price.asOf},
             {"tier", a.billed.tier ? tierJson(a.price.tiers[*a.billed.tier]) : oj(nullptr)},
             {"batch", a.billed.batch},
             {"batch_discount", a.price.batchDiscount ? oj(*a.price.batchDiscount) : oj(nullptr)}});
    }
    oj stale = oj::array();
    for (const StalePrice &s : stalePrices(p, today)) {
        stale.push_back(
            {{"id", s.id}, {"as_of", s.asOf}, {"age_days", s.ageDays}, {"future", s.future()}});
    }
    doc["api"] = {
        {"priced", p.apiPriced},
        {"id", p.api.id},
        {"name", p.api.name},
        {"input_usd_per_mtok", p.api.inputUsdPerMTok},
        {"cached_input_usd_per_mtok", p.api.cachedInputUsdPerMTok},
        {"output_usd_per_mtok", p.api.outputUsdPerMTok},
        {"provider", p.api.provider},
        {"selection", apiSelectionId(p.apiSelection)},
        {"source", p.api.source},
        {"as_of", p.api.asOf},
        {"alternatives", alternatives},
        {"max_price_age_days", p.scenario.pricing.maxPriceAgeDays},
        {"stale", stale},
        {"prompt_tokens_per_request", p.apiPromptTokens},
        {"tier", p.apiTier ? tierJson(*p.apiTier) : oj(nullptr)},
        {"batch_requested", p.scenario.pricing.apiBatch},
        {"batch", p.apiBatch},
        {"range",
         {{"input_usd_per_mtok",
           rangeJson({p.apiLow.inputUsdPerMTok, p.api.inputUsdPerMTok, p.apiHigh.inputUsdPerMTok})},
          {"output_usd_per_mtok", rangeJson({p.apiLow.outputUsdPerMTok, p.api.outputUsdPerMTok,
                                             p.apiHigh.outputUsdPerMTok})}}}};
    doc["breakeven"] = {
        {"output_tokens_per_month", num(p.breakeven.outputTokensPerMonth)},
        {"output_tokens_per_second", num(p.breakeven.outputTokensPerSecond)},
        {"output_only_tokens_per_month", num(p.breakeven.outputOnlyTokensPerMonth)},
        {"output_only_tokens_per_second", num(p.breakeven.outputOnlyTokensPerSecond)},
        {"heavy_user_api_usd_per_month", num(p.breakeven.heavyUserApiUsdPerMonth)},
        {"heavy_users", num(p.breakeven.heavyUsersToBreakEven)}};
    {
        const Throughput &t = p.throughput;
        const auto step = [](const DecodeStep &d) {
            return oj{{"batch", d.batch},
                      {"context_tokens", d.contextTokens},
                      {"time_per_output_token_s", num(d.tokenLatencySeconds)},
                      {"tokens_per_second_per_user", num(d.tokensPerSecondPerSequence)},
                      {"tokens_per_second", num(d.tokensPerSecond)},
                      {"busy_replicas", d.busyReplicas},
                      {"ttft_s", num(d.ttftSeconds)},
                      {"ttft_wave_s", num(d.ttftWaveSeconds)},
                      {"tpot_s", num(d.tpotSeconds)},
                      {"expert_coverage", d.expertCoverage},
                      {"weight_bytes_per_gpu", num(d.weightBytesPerGpu)},
                      {"cache_bytes_per_gpu", num(d.cacheBytesPerGpu)},
                      {"memory_s", num(d.memorySeconds)},
                      {"compute_s", num(d.computeSeconds)},
                      {"comm_s", num(d.commSeconds)},
                      {"overhead_s", num(d.overheadSeconds)},
                      {"bound", d.computeBound ? "compute" : "memory"}};
        };
        oj curve = oj::array();
        for (const auto &b : t.curve) {
            curve.push_back({{"batch", b.batch},
                             {"time_per_output_token_s", num(b.tokenLatencySeconds)},
                             {"tokens_per_second_per_user", num(b.tokensPerSecondPerUser)},
                             {"tokens_per_second", num(b.tokensPerSecond)},
                             {"tokens_per_second_per_node", num(b.tokensPerSecondPerNode)},
                             {"within_memory", b.withinMemory},
                             {"within_target", b.withinTarget}});
        }
        const Capacity &c = t.capacity;
        doc["throughput"] = {
            {"confidence", confidenceName(t.confidence)},
            {"efficiency_source", std::string(t.efficiencySource)},
            {"effective_bandwidth_bytes_per_s", num(t.effectiveBandwidthBytesPerS)},
            {"nodes", t.nodes},
            {"decode", step(t.atConcurrency)},
            {"prefill",
             {{"prompt_tokens", t.prefill.promptTokens},
              {"chunk_tokens", t.prefill.chunkTokens},
              {"seconds", num(t.prefill.seconds)},
              {"tokens_per_second", num(t.prefill.tokensPerSecond)},
              {"bound", t.prefill.computeBound ? "compute" : "memory"}}},
            {"capacity",
             {{"target_time_per_output_token_s", c.targetSecondsPerOutputToken},
              {"utilisation", c.utilisation},
              {"memory_max_batch", c.memoryMaxBatch},
              {"engine_max_batch", c.engineMaxBatch},
              {"latency_max_batch", c.latencyMaxBatch},
              {"batch", c.batch},
              {"tokens_per_second_per_user", num(c.tokensPerSecondPerUser)},
              {"output_tokens_per_second", num(c.outputTokensPerSecond)},
              {"output_tokens_per_second_per_node", num(c.outputTokensPerSecondPerNode)},
              {"serving_output_tokens_per_second", num(c.servingOutputTokensPerSecond)},
              {"output_tokens_per_month", num(c.outputTokensPerMonth)},
              {"users_served", num(c.usersServed)},
              {"usd_per_mtok_output", num(c.usdPerMTokOutput)},
              {"tokens_per_second_per_usd_per_hour", num(c.tokensPerSecondPerUsdPerHour)},
              {"replicas_for_workload", c.replicasForWorkload},
              {"carries_workload", c.carriesWorkload},
              {"ttft_s", num(c.ttftSeconds)},
              {"tpot_s", num(c.tpotSeconds)},
              {"input_tokens_per_request", num(c.inputTokensPerRequest)},
              {"output_tokens_per_request", num(c.outputTokensPerRequest)},
              {"band",
               {{"low", num(c.band.low)},
                {"high", num(c.band.high)},
                {"regime", servingRegimeName(c.band.regime)},
                {"calibrated_gpu", c.band.calibratedGpu},
                {"source", std::string(c.band.source)}}},
              {"serving_output_tokens_per_second_range",
               {num(c.servingOutputTokensPerSecondLow), num(c.servingOutputTokensPerSecondHigh)}},
              {"output_tokens_per_month_range",
               {num(c.outputTokensPerMonthLow), num(c.outputTokensPerMonthHigh)}},
              {"users_served_range", {num(c.usersServedLow), num(c.usersServedHigh)}},
              {"usd_per_mtok_output_range",
               {num(c.usdPerMTokOutputLow), num(c.usdPerMTokOutputHigh)}}}},
            {"curve", curve}};
    }
    doc["decision"] = decisionJson(p);
    doc["warnings"] = p.warnings;
    return doc;
}

std::string planToJsonText(const PlanResult &plan, std::string_view today) {
    return jsonfield::dumpText(planToJson(plan, today), 2) + "\n";
}

} // namespace hostplan
