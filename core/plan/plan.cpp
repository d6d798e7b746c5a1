// SPDX-License-Identifier: MIT
#include "plan/plan.h"
#include "plan/planapi.h"
#include "plan/plancapacity.h"
#include "plan/planformats.h"

#include "engine/enginememory.h"
#include "engine/moea2a.h"
#include "engine/servedtype.h"
#include "engine/sglangaiter.h"
#include "engine/shippedkv.h"
#include "engine/tpshard.h"
#include "engine/vllmencoder.h"
#include "engine/vllmgraphs.h"
#include "sizing/layoutdp.h"
#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

namespace hostplan {

Result<PlanResult> evaluate(const Scenario &scenario) {
    return evaluate(scenario, Catalogue::builtin());
}

Result<PlanResult> evaluate(const Scenario &scenario, const Catalogue &catalogue) {
    HOSTPLAN_TRY(model, resolveModel(scenario, catalogue));
    return evaluate(scenario, catalogue, model);
}

namespace {
Result<PlanResult> evaluatePlan(const Scenario &given, const Catalogue &catalogue,
                                const ModelSpec &importedModel) {
    if (auto e = requestLengthProblem(given.workload)) {
        return *e; // a scenario built in code or edited in the GUI, not parsed
    }
    PlanResult r;
    r.scenario = given;
    // A checkpoint that ships calibrated KV scales runs its KV cache in that format when the
    // scenario names none and the plan's engine loads those scales, by default or with the
    // flag its serve command then gets (engine/shippedkv.h); an engine that does not read
    // them keeps the scenario's format, with a warning.
    std::string shippedKvWarning;
    if (importedModel.shippedKvFormat && !kvFormatExplicit(given.model)) {
        const NumberFormat &kv = *importedModel.shippedKvFormat;
        const std::string name = kv.kind == FormatKind::FP8_E4M3 ? "FP8" : kv.label();
        const ShippedKvRule rule = shippedKvRule(given.engine.engine, importedModel);
        if (rule.use == ShippedKvUse::NotLoaded) {
            shippedKvWarning = "The checkpoint ships " + name + " KV-cache scales (" +
                               importedModel.shippedKvSource + "), but " + rule.reason +
                               ": the plan keeps " + given.model.kvFormat.label() + " KV";
        } else {
            r.scenario.model.kvFormat = kv;
            r.kvFormatNote = "KV cache " + name + " (shipped calibrated scales, " +
                             importedModel.shippedKvSource + "; " + rule.reason + ")";
        }
    }
    // A KV cache of format "auto" follows the model dtype (vLLM vllm/config/cache.py,
    // SGLang configure_kv_cache_dtype): float32 weights keep a float32 cache, float16 ones
    // (an FP16 checkpoint, --weights-format fp16) a float16 cache.
    const NumberFormat dtype = planDtype(given, importedModel);
    if (!kvFormatExplicit(given.model) && !importedModel.shippedKvFormat &&
        !(dtype == r.scenario.model.kvFormat)) {
        r.scenario.model.kvFormat = dtype;
        r.kvFormatNote = "KV cache " + dtype.label() +
                         " (the engines' --kv-cache-dtype auto follows the model's " +
                         dtype.label() + " dtype)";
    }
    // SGLang resolves "auto" to FP8 E4M3 for a DeepSeek sparse-attention (DSA) model on a GPU
    // of compute capability 10.0 or more, BF16 below (server_args.py
    // _set_default_nsa_kv_cache_dtype, "for Blackwell, we support fp8 only currently", in the
    // model-specific adjustments of DeepSeek V3.2 and, with is_deepseek_dsa, GLM-5:
    // configs/model_config.py @ 001adf56).
    if (given.engine.engine == Engine::Sglang && !kvFormatExplicit(given.model) &&
        !importedModel.shippedKvFormat) {
        const auto gpu = catalogue.findGpu(given.hardware.gpu);
        if (gpu.ok() && sglangAutoKvIsFp8(importedModel, gpu.value().computeCapability)) {
            r.scenario.model.kvFormat = formats::fp8;
            r.kvFormatNote = "KV cache FP8 (SGLang's --kv-cache-dtype auto is fp8_e4m3 for a "
                             "DeepSeek sparse-attention model on a GPU of compute capability "
                             "10.0 or more)";
        }
    }
    resolveStateFormat(importedModel, dtype, r);
    const Scenario scenario = r.scenario; // the plan's inputs, before naming

    // Model with the scenario's formats. Without a float one, a float32 checkpoint runs in the
    // engine's 16-bit auto dtype (engineAutoDtype: BF16 under vLLM, FP16 under SGLang); a
    // quantized --weights-format re-formats the linear layers only, the rest still loads so.
    ModelSpec model = importedModel;
    const std::optional<NumberFormat> &weightsFormat = scenario.model.weightsFormat;
    if (importedModel.dtype == formats::fp32 && !(weightsFormat && isFloatDtype(*weightsFormat))) {
        const NumberFormat autoDtype = engineAutoDtype(scenario.engine.engine, importedModel);
        model = withWeightFormat(model, autoDtype);
        r.warnings.push_back("The checkpoint is float32 (torch_dtype); " +
                             engineDisplayName(scenario.engine.engine) + " loads it in " +
                             autoDtype.label() +
                             " by default (--dtype auto), so the plan does too" +
                             (weightsFormat ? " for the tensors " + weightsFormat->label() +
                                                  " leaves alone (embedding, LM head, norms)"
                                            : std::string()) +
                             ". --weights-format fp32 plans float32 weights and KV cache.");
    }
    r.storedLinearFormat = quantizedLinearFormat(importedModel);
    if (weightsFormat) {
        model = withWeightFormat(model, *weightsFormat);
        // A quantized checkpoint re-sized in another format, float or quantized: said so.
        const std::optional<NumberFormat> stored = quantizedLinearFormat(importedModel);
        r.checkpointQuantized = isFloatDtype(*weightsFormat) ? stored : std::nullopt;
        if (stored && !(*stored == *weightsFormat)) {
            r.warnings.push_back("The checkpoint stores its linear layers in " + stored->label() +
                                 "; the plan sizes them as " + weightsFormat->label() +
                                 " (--weights-format), which vLLM and SGLang do not do at load: "
                                 "they serve the checkpoint as stored. The figures are those of "
                                 "a " +
                                 weightsFormat->label() + " checkpoint of the model.");
        }
    }
    for (const auto &[role, format] : scenario.model.groupFormats) {
        for (auto &g : model.groups) {
            if (g.role == role && g.linear && !(g.format == format)) {
                g.format = format;
                g.exactBytes = 0;
                model.checkpointBytes = 0;
            }
        }
        // The importer's guess at this group's format gives way to the one given.
        std::string label = roleName(role);
        std::replace(label.begin(), label.end(), '_', ' ');
        std::erase_if(model.notes, [&](const std::string &n) {
            return n.rfind("estimated:", 0) == 0 && n.find(label + " are planned as") != n.npos;
        });
    }
    // The draft the engine loads beside the model (engine.draft); memory rules read it here.
    HOSTPLAN_TRY(draft, resolveDraft(scenario, catalogue, model));
    model.draft = draft;
    r.model = model;

    auto foundGpu = catalogue.findGpu(scenario.hardware.gpu);
    if (!foundGpu) {
        // Named by the scenario field (or the --gpu option that sets it).
        return makeError("hardware.gpu", foundGpu.error().message);
    }
    const GpuSpec gpu = std::move(foundGpu).value();
    r.gpu = gpu;
    const std::uint32_t node =
        scenario.hardware.gpusPerNode ? scenario.hardware.gpusPerNode : gpu.gpusPerNode;

    // Fit: the floor, and the layout search over the rental offers (independent of the
    // chosen count).
    r.fit.gpusFloor = memoryFloorGpus(model.weightBytes(), gpu.memoryBytes);
    HOSTPLAN_TRY(offersChecked,
                 catalogue.checkOfferGpus(scenario.pricing.offers, "pricing.offers"));
    (void)offersChecked;
    // A user offer with a catalogue offer's id overrides it (e.g. a price the source lacks).
    std::vector<RentalOffer> offers =
        mergeOffers(catalogue.offersFor(gpu.id), scenario.pricing.offers);
    r.search = searchLayouts(model, gpu, scenario, std::move(offers), node,
                             defaultEfficiency(scenario.engine.engine, gpu));
    // An offer the user entered that the search cannot rank is said so in the plan, not only in
    // the JSON's candidates (a cheap offer left out silently reads as dearer than another).
    // So is one that carries the workload in no layout (too small, and not clustered): the
    // reason of its largest layout tried, once per offer.
    // Per user offer, in the order first seen: the reason of its latest layout that hosts
    // nothing, or none once one hosts it (or it was not ranked, said above).
    std::vector<std::pair<std::string, std::optional<std::string>>> hostsNothing;
    for (const LayoutCandidate &c : r.search.candidates) {
        if (!c.offerRef || !c.offer().userEntered) {
            continue;
        }
        const std::string &id = c.offer().id;
        auto it = std::find_if(hostsNothing.begin(), hostsNothing.end(),
                               [&](const auto &e) { return e.first == id; });
        const bool fresh = it == hostsNothing.end();
        if (fresh) {
            it = hostsNothing.insert(hostsNothing.end(), {id, std::string()});
        }
        if (c.status == CandidateStatus::NotRankable) {
            r.warnings.push_back("your offer " + id + " is not ranked: " + c.reason);
            it->second.reset();
        } else if (c.status == CandidateStatus::Chosen || c.status == CandidateStatus::NearTie ||
                   c.status == CandidateStatus::LostCost ||
                   c.status == CandidateStatus::LostSpeed) {
            it->second.reset();
        } else if (fresh || it->second) {
            it->second = c.reason;
        }
    }
    for (const auto &[id, reason] : hostsNothing) {
        if (reason) {
            r.warnings.push_back("your offer " + id + " hosts no layout of this model: " + *reason);
        }
    }
    const LayoutCandidate *best = r.search.best();
    if (best) {
        r.fit.gpusPractical = best->gpusRented;
        r.fit.practicalLayout = best->layout;
        r.fit.practicalFound = true;
    }

    // The evaluated layout: the search's choice, explicit, or on the search's count.
    const HardwareChoice &hw = scenario.hardware;
    r.autoCount = hw.gpuCount == 0;
    r.gpusPerInstance = node;
    std::uint32_t gpus = hw.gpuCount;
    if (r.autoCount) {
        gpus = best ? best->layout.gpuCount()
                    : roundToBundle(std::max<std::uint32_t>(r.fit.gpusFloor, 1), node);
    }
    // Without a count, the search holds the scenario's own TP / PP / EP (searchLayouts).
    const bool fromSearch = r.autoCount && best;
    r.layoutFromSearch = fromSearch;
    // Where the count is the weights' floor, the errors below say so.
    const std::string floorNote =
        r.autoCount && !best ? " the weights need (no GPU count was given)" : "";
    if (fromSearch) {
        r.layout = best->layout;
        r.replicas = best->replicas;
        r.gpusPerInstance = *best->offer().gpusPerInstance;
    } else if ((hw.tp && gpus % hw.tp != 0) || (hw.pp && gpus % hw.pp != 0)) {
        const bool tp = hw.tp && gpus % hw.tp != 0; // the one that does not divide
        return makeError(tp ? "hardware.tp" : "hardware.pp",
                         (tp ? "TP " + std::to_string(hw.tp) : "PP " + std::to_string(hw.pp)) +
                             " does not divide the " + countText(gpus, "GPU") + floorNote);
    } else if (hw.tp || hw.pp) {
        Parallelism par;
        par.tp = hw.tp ? hw.tp : (hw.pp ? std::max<std::uint32_t>(gpus / hw.pp, 1) : gpus);
        par.pp = hw.pp ? hw.pp : std::max<std::uint32_t>(gpus / par.tp, 1);
        // TP and PP both given on more GPUs than one copy takes: the rest are data-parallel
        // replicas (vLLM --data-parallel-size, SGLang --dp-size without DP attention, or
        // separate servers behind a router), each with its own KV cache and sequences.
        if (hw.tp && hw.pp && par.tp * par.pp < gpus && gpus % (par.tp * par.pp) == 0) {
            r.replicas = gpus / (par.tp * par.pp);
            gpus = par.tp * par.pp;
        }
        if (par.tp * par.pp != gpus) {
            return makeError(hw.tp ? "hardware.tp" : "hardware.pp", // the one given
                             "TP " + std::to_string(par.tp) + " x PP " + std::to_string(par.pp) +
                                 " does not use the " + countText(gpus, "GPU") + floorNote);
        }
        // EP only where asked (opt-in in vLLM, SGLang and TensorRT-LLM) or where DeepEP needs
        // it over TP; HostPlan's own layouts (no TP / PP given) choose it.
        par.ep = hw.ep ? hw.ep // DeepEP where the engine can run it (with DP, for vLLM)
                 : deepepInUse(scenario.engine.engine, scenario.engine.moeA2a,
                               scenario.engine.vllmVersion.value_or(kDefaultVllmProfile),
                               model.isMoe(), par.tp, par.tp)
                     ? par.tp
                     : 1;
        if (!hw.ep && par.ep > 1) {
            r.warnings.push_back("DeepEP runs EP over all TP GPUs: the plan takes EP " +
                                 std::to_string(par.ep) + " (engine.moe_a2a_backend)");
        }
        par.dp = hw.attentionDp ? hw.attentionDp : 1; // attention DP only where asked
        if (par.dp > 1 && par.pp > 1 && !hw.pp) {
            // The PP came from the count, not from the user: say so, and what would run.
            return makeError(
                "hardware.attention_dp",
                "attention DP " + std::to_string(par.dp) + " with TP " + std::to_string(par.tp) +
                    " on " + countText(gpus, "GPU") + ": without a PP given, TP " +
                    std::to_string(par.tp) + " leaves PP " + std::to_string(par.pp) +
                    ", and HostPlan plans attention DP within one pipeline stage; give " +
                    (std::has_single_bit(gpus)
                         ? "TP " + std::to_string(gpus) + " (TP and EP over all the GPUs, --tp " +
                               std::to_string(gpus) + ") or "
                         : std::string()) +
                    countText(par.tp, "GPU") + " (--gpu-count " + std::to_string(par.tp) + ")");
        }
        r.layout = par;
    } else {
        const std::uint64_t widest = largestLayoutGpus(model, node);
        if (r.autoCount && !best && gpus > widest) {
            // No GPU count was given and no layout reaches the weights' floor: the widest one.
            r.warnings.push_back("does not fit on any layout of " + gpu.id + ": " +
                                 gbText(double(model.weightBytes())) + " of weights need " +
                                 countText(r.fit.gpusFloor, "GPU") +
                                 ", and no layout of this model spans more than " +
                                 std::to_string(widest) + " (TP within a node of " +
                                 std::to_string(node) + ", PP up to the " +
                                 std::to_string(model.numLayers) + " layers); the widest is shown");
            gpus = std::uint32_t(widest);
        }
        HOSTPLAN_TRY(par, preferredLayout(model, gpus, node));
        if (hw.ep) {
            par.ep = hw.ep;
        } else {
            par = widestShardedLayout(scenario.engine.engine, model, par, r.warnings);
        }
        par.dp = hw.attentionDp ? hw.attentionDp : 1;
        std::string dpNote; // attention DP on auto: whichever serves more on these GPUs
        r.layout = fixedCountLayout(model, gpu, par, scenario, node,
                                    defaultEfficiency(scenario.engine.engine, gpu), dpNote);
        if (!dpNote.empty()) {
            r.warnings.push_back(std::move(dpNote));
        }
    }
    r.layout = engineExpertParallel(r.layout, scenario, r.warnings); // vLLM before EP: TP
    r.gpusRented = fromSearch ? best->gpusRented : r.layout.gpuCount() * r.replicas;
    const std::string problem = layoutProblem(model, r.layout);
    const std::string a2a = model.isMoe()
                                ? moeA2aProblem(scenario.engine.engine, scenario.engine.moeA2a,
                                                r.layout.tp, r.layout.ep)
                                : std::string();
    if (!problem.empty() || !a2a.empty()) {
        // Named by the field that set attention DP or the backend when that is what is refused.
        const bool dpField = !attentionDpProblem(model, r.layout).empty();
        // An EP problem names the field that set EP ("EP 3 must be 1 or equal to TP").
        const bool epField = problem.starts_with("EP ");
        const bool tpField = problem.starts_with("TP ");
        return makeError(problem.empty() ? "engine.moe_a2a_backend"
                         : dpField       ? "hardware.attention_dp"
                         : epField       ? "hardware.ep"
                         : tpField       ? "hardware.tp"
                                         : "hardware",
                         problem.empty() ? a2a : problem);
    }

    if (r.scenario.name.empty()) {
        r.scenario.name =
            model.displayName + " on " + std::to_string(r.gpusRented) + "x " + asciiUpper(gpu.id);
    }
    // Memory of one replica, holding its share of the sequences; the engine starts per replica.
    Scenario perReplica = scenario;
    perReplica.workload.concurrency = r.sequencesPerReplica();
    r.memory = computeMemory(model, gpu, r.layout, perReplica);
    const EngineMemoryInput engineIn = engineInputFor(model, gpu, r.layout, perReplica);
    r.startup = engineStartup(scenario.engine.engine, engineIn);
    const std::uint32_t block = engineDefaults(scenario.engine.engine).kvBlockTokens;
    // Sequences held at once: what the KV room holds, at most the engine's running cap
    // (max_num_seqs; vLLM's scheduler admits no more), per replica times the replicas, as the
    // layout search counts them (sizing/layout.cpp).
    const std::uint64_t kvHolds =
        std::uint64_t(maxConcurrency(r.memory, scenario.workload.contextTokens, block)) *
        r.replicas;
    // Each attention DP rank schedules its own max_num_seqs.
    const std::uint32_t capPerReplica = replicaSequenceCap(perReplica, gpu, &model, r.layout);
    const std::uint64_t runCap = std::uint64_t(capPerReplica) * r.replicas;
    r.fit.maxConcurrency =
        std::uint32_t(std::min<std::uint64_t>(runCap > 0 ? std::min(kvHolds, runCap) : kvHolds,
                                              std::numeric_limits<std::uint32_t>::max()));
    // The state in a pool of its own (SGLang) is outside the KV room: only its KV is needed there.
    const std::uint64_t need = r.memory.perGpu.kvCache +
                               (r.memory.engine.stateSlotsInPool > 0 ? 0 : r.memory.perGpu.state);
    r.fit.headroomBytesPerGpu = r.memory.kvCapacityBytesPerGpu - std::int64_t(need);
    r.fit.fits = r.memory.kvCapacityBytesPerGpu >= 0 &&
                 r.fit.maxConcurrency >= scenario.workload.concurrency;

    // Reasons, most basic first. Each says per GPU or in total.
    const double usable = double(gpu.usableMemoryBytes);
    if (double(r.memory.perGpu.weights) > usable) {
        // The engine's own additions (kernel padding, vocab round-up, vLLM's rotary cos/sin
        // cache of every position the model allows) named when they are what overflows.
        const double added = double(r.memory.engine.weightPadding);
        r.fit.reasons.push_back(
            "weights alone need " + gibNoteText(r.memory.perGpu.weights) + " per GPU, more " +
            "than the " + gibNoteText(std::uint64_t(usable)) + " usable on each " + gpu.id +
            "; the floor is " + countText(r.fit.gpusFloor, "GPU") + " for " +
            gbText(double(model.weightBytes())) + " in total" +
            (added > 0.5 * double(r.memory.perGpu.weights)
                 ? "; " + gibNoteText(std::uint64_t(added)) +
                       " of it is the engine's own (kernel padding and the " +
                       "rotary cos/sin cache of the model's " +
                       groupedText(model.rotaryCachePositions ? model.rotaryCachePositions
                                                              : model.maxContextTokens) +
                       " positions)"
                 : std::string()) +
            (r.layout.dp > 1
                 ? "; attention DP " + std::to_string(r.layout.dp) + " keeps the attention of TP " +
                       std::to_string(r.layout.attentionTp()) +
                       " on every GPU: fewer DP ranks split it further"
                 : std::string()));
    } else if (r.memory.kvCapacityBytesPerGpu < 0) {
        r.fit.reasons.push_back(
            "weights, activations and runtime need " +
            gbText(double(r.memory.perGpu.weights + r.memory.perGpu.activations +
                          r.memory.perGpu.runtime)) +
            " per GPU, more than the engine's budget of " +
            gbText(double(r.memory.budgetBytesPerGpu)) + " (memory fraction " +
            std::to_string(r.memory.memoryFraction).substr(0, 4) + ")");
    } else if (!r.fit.fits) {
        // vLLM's and TensorRT-LLM's cap is each attention DP rank's; SGLang's counts them all.
        const std::uint32_t dpRanks = std::max(r.layout.dp, 1u);
        const bool rankFlag = dpRanks > 1 && scenario.engine.engine != Engine::Sglang;
        // The only shortfall so far: the engine may still start and queue the rest (checked
        // below against every other reason).
        r.fit.startsShort = r.fit.maxConcurrency > 0;
        // vLLM from the 0.11 rules lowers an unset max_num_seqs to the step's batched tokens
        // (runningSequenceCap): then the step is the limit to raise, as max_num_seqs may not
        // exceed it (SchedulerConfig._verify_args).
        const std::uint64_t wanted = ceilDiv(scenario.workload.concurrency,
                                             std::uint64_t(r.replicas) * (rankFlag ? dpRanks : 1));
        const std::uint32_t stepTokens = batchedTokens(perReplica, gpu, &model, &r.layout);
        const bool stepBound = !scenario.engine.maxNumSeqs &&
                               scenario.engine.engine == Engine::Vllm &&
                               runningSequenceCap(perReplica, gpu, &model, &r.layout) == stepTokens;
        // vLLM refuses more sequences than tokens a step (SchedulerConfig._verify_args).
        const bool stepTooSmall =
            !stepBound && scenario.engine.engine == Engine::Vllm && wanted > stepTokens;
        r.fit.reasons.push_back(
            kvHolds < scenario.workload.concurrency
                ? "KV cache room per GPU (" + gbText(double(r.memory.kvCapacityBytesPerGpu)) +
                      ") holds " + countText(r.fit.maxConcurrency, "sequence") + " of " +
                      groupedText(scenario.workload.contextTokens) + " tokens, fewer than the " +
                      groupedText(scenario.workload.concurrency) + " requested (needs " +
                      gbText(double(need)) + " per GPU)" +
                      (r.memory.engine.kvTokensUncapped > 0
                           ? "; the pool is capped at " + groupedText(r.memory.engine.kvTokens) +
                                 " tokens (engine.max_total_tokens, --max-total-tokens) where "
                                 "memory holds " +
                                 groupedText(r.memory.engine.kvTokensUncapped)
                           : std::string())
                : "the engine runs at most " + countText(r.fit.maxConcurrency, "sequence") +
                      " at once (" +
                      std::string(engineInfo(scenario.engine.engine).flags.maxSequences) + " " +
                      std::to_string(rankFlag ? runningSequenceCap(perReplica, gpu, &model)
                                              : capPerReplica) +
                      (rankFlag         ? " per attention DP rank"
                       : r.replicas > 1 ? " per replica"
                                        : "") +
                      (stepBound
                           ? ", lowered to the step's " + countText(stepTokens, "batched token")
                           : std::string()) +
                      "), fewer than the " + groupedText(scenario.workload.concurrency) +
                      " requested, which the KV room holds: " +
                      (stepBound ? "raise the batched tokens to at least " + groupedText(wanted) +
                                       " (engine.prefill_chunk_tokens, --max-num-batched-tokens)"
                                 : "raise it to " + groupedText(wanted) +
                                       " (engine.max_num_seqs, --max-num-seqs)" +
                                       (stepTooSmall ? " with the batched tokens at least as "
                                                       "many (--max-num-batched-tokens), which "
                                                       "vLLM requires"
                                                     : std::string())));
    }
    if (r.startup.outcome == StartupOutcome::DraftDoesNotFit ||
        r.startup.outcome == StartupOutcome::ReserveExhausted ||
        r.startup.outcome == StartupOutcome::StateBlocksExhausted ||
        refusedBeforeLoading(r.startup.outcome)) {
        r.fit.fits = r.fit.startsShort = false;
        r.fit.reasons.push_back(r.startup.message);
    }
    // One request of the context does not fit the pool: vLLM refuses to start, SGLang and
    // TensorRT-LLM start and cap every request (engine/enginememory.h contextCapRule). Either
    // way the workload's context is not served in full; say which the engine does.
    if (r.startup.outcome == StartupOutcome::ContextExceedsCapacity) {
        r.fit.fits = r.fit.startsShort = false;
        r.fit.reasons.push_back(engineDisplayName(scenario.engine.engine) +
                                " refuses to start: " + r.startup.message);
    } else if (r.startup.outcome == StartupOutcome::StartsContextCapped) {
        r.fit.fits = r.fit.startsShort = false;
        r.fit.reasons.push_back(r.startup.message);
    }
    // An engine that stops at start-up serves no sequence, whatever its memory would hold.
    if (!r.startup.starts()) {
        r.fit.maxConcurrency = 0;
        r.fit.startsShort = false;
    }
    if (!scenario.engine.cudaGraphs) {
        r.warnings.push_back(
            "CUDA graphs off: no decode-graph memory is counted (SGLang's piecewise "
            "prefill graphs, which stay on, are), and the speed figures "
            "assume graphs (eager decode is slower at small batches)");
    }
    if (scenario.engine.engine == Engine::Sglang) {
        // SGLang before v0.4.9 scaled any fraction of a multimodal model in its model runner.
        const SglangProfile rules = scenario.engine.sglangVersion.value_or(kDefaultSglangProfile);
        if (const double f = sglangRunnerFractionFactor(model, rules); f < 1) {
            r.warnings.push_back(
                "SGLang " + std::string(sglangRules(rules).label) +
                " multiplies --mem-fraction-static by " + formatDouble("%.2f", f) +
                " for a multimodal model before it sizes the KV pool (model_runner.py): the pool "
                "is sized at " +
                formatDouble("%.3f", r.memory.memoryFraction * f) + ", the flag stays " +
                formatDouble("%.3f", r.memory.memoryFraction));
        }
        if (const double f = sglangAiterFractionFactor(gpu, scenario.workload.contextTokens, rules);
            f < 1) {
            r.warnings.push_back(
                "SGLang's AITER attention backend (the default on AMD GPUs) multiplies "
                "--mem-fraction-static by " +
                formatDouble("%.2f", f) + " above " + groupedText(kSglangAiterDerateContext) +
                " tokens of context (server_args.py): the pool is sized at " +
                formatDouble("%.3f", r.memory.memoryFraction * f) + ", the flag stays " +
                formatDouble("%.3f", r.memory.memoryFraction) +
                "; releases from September 2026 take a given flag as it is with "
                "SGLANG_AITER_HONOR_EXPLICIT_MEM_FRACTION=1");
        }
    }
    for (std::string note :
         {moeA2aNote(scenario.engine.engine, engineIn), cudaGraphBatchNote(scenario.engine)}) {
        if (!note.empty()) {
            r.warnings.push_back(std::move(note));
        }
    }
    if (r.memory.engine.moeA2aBuffers > 0) {
        r.warnings.push_back("DeepEP's all-to-all buffers take " +
                             gibNoteText(r.memory.engine.moeA2aBuffers) +
                             " per GPU inside vLLM's KV budget (allocated as the model loads)");
    }
    if (scenario.engine.vllmVersion == VllmProfile::V1v08 && !scenario.engine.maxNumSeqs &&
        engineIn.maxNumSeqs < 1024 && scenario.engine.engine == Engine::Vllm) {
        // v0.9.0's defaults; PR #16158 (256 below the large-GPU class) came in v0.8.4.
        r.warnings.push_back(
            "the vLLM 0.8 rules take v0.9.0's default of " + std::to_string(engineIn.maxNumSeqs) +
            " sequences on this GPU; v0.8.0 to v0.8.3 (and v0.8.5 on an A100 80GB) "
            "default max_num_seqs to 1024, whose sampler warm-up leaves a smaller "
            "KV pool: plan with --max-num-seqs 1024 for those releases");
    }
    if (scenario.engine.engine == Engine::Vllm) {
        // What the plan cannot know of this start-up: each note gives the other reading (rules
        // none of whose releases serve the architecture refuse it: engineStartup).
        for (const std::string &note :
             {vllmArchitectureNote(model.architecture,
                                   scenario.engine.vllmVersion.value_or(kDefaultVllmProfile)),
              vllmEncoderNote(engineIn), vllmMxfp4KernelNote(engineIn), vllmSamplerNote(engineIn),
              vllmCudaGraphNote(engineIn, r.memory.engine),
              vllmStateBlocksNote(engineIn, r.memory.engine),
              vllmWholeModelPipelineCheckNote(engineIn, r.memory.engine, r.startup.outcome),
              vllmMambaPrefixCachingNote(model, scenario.engine.prefixCaching.value_or(false))}) {
            if (!note.empty()) {
                r.warnings.push_back(note);
            }
        }
    } else if (const auto only = vllmOnlySettings(scenario.engine); !only.empty()) {
        const bool many = only.find(" and ") != std::string::npos;
        r.warnings.push_back(only + (many ? " apply" : " applies") + " to vLLM plans only; the " +
                             std::string(engineInfo(scenario.engine.engine).displayName) +
                             " plan ignores " + (many ? "them" : "it"));
    }
    if (const auto only = sglangOnlySettings(scenario.engine);
        !only.empty() && scenario.engine.engine != Engine::Sglang) {
        r.warnings.push_back(only + " applies to SGLang plans only; the " +
                             std::string(engineInfo(scenario.engine.engine).displayName) +
                             " plan ignores it");
    }
    if (scenario.engine.maxTotalTokens && scenario.engine.engine != Engine::Sglang &&
        scenario.engine.engine != Engine::TensorRtLlm) {
        r.warnings.push_back("engine.max_total_tokens applies to SGLang (--max-total-tokens) and "
                             "TensorRT-LLM (kv_cache_config.max_tokens) plans only; the " +
                             std::string(engineInfo(scenario.engine.engine).displayName) +
                             " plan ignores it");
    }
    if (model.draft && scenario.workload.speculativeTokens == 0) {
        r.warnings.push_back("engine.draft " + scenario.engine.draft +
                             " is loaded (its memory is counted) but workload.speculative_tokens "
                             "is 0: throughput assumes no speculation");
    }
    if (gpu.unifiedMemory) {
        // vLLM and SGLang read the system's available memory as the GPU's free memory there
        // (vllm/utils/mem_utils.py MemorySnapshot.measure; sglang PR #10075, "Orin, Thor,
        // Spark"), so what their own processes add on the host during start-up comes out of
        // the KV budget; no rule here sizes that.
        r.warnings.push_back(
            "the " + gpu.name +
            " shares its memory with the host: the engines count what the OS and their own "
            "processes take as used GPU memory, so the KV pool can be several GiB smaller "
            "than planned (published DGX Spark vLLM start-ups: 3 to 7 GiB more non-KV memory "
            "than this plan's terms); read the pool as an upper bound");
    }
    if (!model.maxContextTokens) {
        // An engine finding no length key takes its config class's default, or 2,048 where the
        // class has none (vllm/config/model.py _get_and_verify_max_len; SGLang
        // get_context_length), and refuses a longer --max-model-len.
        r.warnings.push_back("the model's files name no maximum context (max_position_embeddings "
                             "or its kin; GGUF context_length): the context of " +
                             groupedText(scenario.workload.contextTokens) +
                             " tokens is not checked against the model's; vLLM and SGLang take "
                             "the config class's default, or 2,048 where it has none, and "
                             "refuse a longer one");
    }
    if (model.maxContextTokens && scenario.workload.contextTokens > model.maxContextTokens) {
        r.fit.fits = r.fit.startsShort = false;
        r.fit.reasons.push_back("context " + groupedText(scenario.workload.contextTokens) +
                                " tokens is above the model's maximum of " +
                                groupedText(model.maxContextTokens));
    }
    if (r.fit.startsShort) { // its one reason is the KV room's
        r.fit.reasons.back() +=
            "; the engine starts with them and queues the rest, so the plan "
            "serves the workload at that running batch (the cost comparison counts the "
            "copies that hold all of it)";
    }
    const std::uint32_t inst = r.gpusPerInstance;
    if (r.layout.tp > 1 && r.layout.tp <= inst && inst % r.layout.tp != 0) {
        r.warnings.push_back("TP " + std::to_string(r.layout.tp) + " does not divide the " +
                             countText(inst, "GPU") +
                             " of a node: some TP groups span two nodes and their all-reduce "
                             "crosses the network");
    }
    if (r.layout.gpuCount() > inst && r.layout.gpuCount() % inst != 0) {
        r.warnings.push_back(
            countText(r.layout.gpuCount(), "GPU") + " are not whole nodes of " +
            std::to_string(inst) + ": engines launch per node (e.g. SGLang --nnodes), so rent " +
            countText(ceilDiv(r.layout.gpuCount(), inst) * inst, "GPU") + " or change the count");
    }
    if (r.layout.tp > inst && r.layout.tp <= gpu.scaleUpDomainGpus) {
        r.warnings.push_back("TP " + std::to_string(r.layout.tp) + " spans " +
                             std::to_string((r.layout.tp + inst - 1) / inst) + " nodes of " +
                             countText(inst, "GPU") + " inside one NVLink domain of " +
                             countText(gpu.scaleUpDomainGpus, "GPU") +
                             ": the all-reduces stay on NVLink if the nodes are rented in "
                             "the same domain (rack)");
    } else if (r.layout.tp > inst) {
        r.warnings.push_back("TP " + std::to_string(r.layout.tp) + " spans " +
                             std::to_string((r.layout.tp + inst - 1) / inst) + " nodes of " +
                             countText(inst, "GPU") +
                             (r.layout.dp > 1 && r.layout.attentionTp() <= inst
                                  ? ": every MoE layer's token exchange between the attention DP "
                                    "ranks crosses the network (the engines' multi-node MoE "
                                    "layout); each rank's attention stays in its node"
                              : model.isMoe() ? ": every layer's all-reduce crosses the network "
                                                "(the engines' multi-node MoE layout)"
                                              : ": every layer's all-reduce crosses the network "
                                                "(PP across nodes is usually faster)"));
    }
    const bool contextTooLong =
        model.maxContextTokens && scenario.workload.contextTokens > model.maxContextTokens;
    if (!r.fit.practicalFound && !contextTooLong) { // a too-long context has its own reason
        r.warnings.push_back(r.search.noneReason);
    }
    if (r.search.fallback) {
        r.warnings.push_back(r.search.note);
    }
    for (const auto &note : model.notes) {
        r.warnings.push_back(note);
    }
    if (!shippedKvWarning.empty()) {
        r.warnings.push_back(shippedKvWarning);
    }
    if (gpu.fp8FlopsPerS <= 0) {
        for (const auto &g : model.groups) {
            if (g.format.isFp8()) {
                r.warnings.push_back(gpu.id + " has no FP8 tensor cores: " + g.format.label() +
                                     " weights run through weight-only kernels that convert to "
                                     "BF16 (memory savings kept, compute at the BF16 rate)");
                break;
            }
        }
    }
    if (!gpu.nativeMxfp4) {
        for (const auto &g : model.groups) {
            if (g.format.isFp4()) {
                r.warnings.push_back(gpu.id + " has no FP4 tensor cores: " + g.format.label() +
                                     " weights are dequantized at run time (memory savings kept, "
                                     "speed advantage lost)");
                break;
            }
        }
    }

    // Cost.
    r.usdPerGpuHour = scenario.pricing.usdPerGpuHour.value_or(gpu.defaultUsdPerGpuHour);
    if (fromSearch) {
        r.usdPerGpuHour = best->usdPerGpuHour; // the chosen offer's rate (or the override)
    }
    // An offer or override of $0 (or one that prints as $0.00) is a slip, or owned GPUs.
    if (!(r.usdPerGpuHour >= 0.005)) {
        r.warnings.push_back(
            scenario.pricing.usdPerGpuHour || (fromSearch && !r.search.fallback) // given $0
                ? "the GPU-hour rate is $0: the rental cost, cost per 1M tokens and break-even "
                  "count the GPUs as free (enter their hourly cost)"
                : "no GPU-hour rate is known for " + gpu.id +
                      ": the plan sizes the GPUs, but its costs are unknown and it decides nothing "
                      "against the API until a rate is given");
    }
    r.rental = rentalCost(r.gpusRented, r.usdPerGpuHour, scenario.workload.hoursPerDay,
                          scenario.pricing.hoursPerMonth);

    HOSTPLAN_TRY(apiResolved, resolveApiPrice(model, scenario, catalogue, r));
    (void)apiResolved;
    r.throughput = computeThroughput(r, defaultEfficiency(r.scenario.engine.engine, r.gpu));
    limitWorkloadToCapacity(r);
    updateBreakEven(r);
    return r;
}
} // namespace

Result<PlanResult> evaluate(const Scenario &given, const Catalogue &catalogue,
                            const ModelSpec &importedModel) {
    // A catalogue that already holds them (gpuOptions passes one, then evaluates each type) is
    // used as it is, rather than copied and checked again per type.
    const auto held = [&catalogue](const GpuSpec &g) {
        return std::find(catalogue.gpus().begin(), catalogue.gpus().end(), g) !=
               catalogue.gpus().end();
    };
    if (std::all_of(given.hardware.customGpus.begin(), given.hardware.customGpus.end(), held)) {
        return evaluatePlan(given, catalogue, importedModel);
    }
    // The user's own GPU types join the catalogue for this plan (its GPU, offers, options).
    HOSTPLAN_TRY(withCustom, catalogue.withGpus(given.hardware.customGpus, "hardware.custom_gpus"));
    return evaluatePlan(given, withCustom, importedModel);
}

} // namespace hostplan
