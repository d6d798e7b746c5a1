// SPDX-License-Identifier: MIT
#include "plan/plantext.h"
#include "plan/plantextdetail.h"

#include "engine/enginememory.h"
#include "plan/decision.h"
#include "plan/pareto.h"
#include "plan/plancapacity.h"

#include "sizing/fit.h"
#include "sizing/servingmodel.h"
#include "sizing/throughput.h"
#include "util/numbertext.h"
#include "util/pricedigits.h"
#include "util/textutil.h"
#include "util/units.h"
#include "util/terminaltext.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <set>
#include <string>

namespace hostplan {

namespace plantextdetail {

/// 2016.5 -> "$2,016.50": grouped dollars with cents (hourly and daily amounts, rates per 1M
/// tokens).
std::string usdCents(double v) {
    if (!std::isfinite(v) || v < 0) {
        return "n/a";
    }
    const auto cents = std::uint64_t(std::llround(v * 100));
    // Two cent digits as integers: "%02d" through the double formatter would be undefined.
    const std::uint64_t rest = cents % 100;
    return "$" + groupedText(cents / 100) + (rest < 10 ? ".0" : ".") + std::to_string(rest);
}

/// A price per 1M tokens with the digits it was published with, at least cents and at most four
/// decimals: "$0.30", "$0.145", "$0.0028" (a cache-hit price below a cent printed "$0.00").
std::string perMTokPrice(double v) {
    const std::string format = "$%." + std::to_string(priceDecimalPlaces(v)) + "f";
    return formatDouble(format.c_str(), v);
}

/// Monthly sums: whole grouped dollars ("$27,798"), with cents below $100 ("$21.00"), as the
/// GUI and the report write them (app/document/formatting.h usdText).
std::string usd(double v) {
    if (!std::isfinite(v)) {
        return "n/a";
    }
    if (std::abs(v) < 99.995) {
        return usdCents(v);
    }
    return "$" + groupedText(std::uint64_t(std::llround(v)));
}

// The memory table's columns: a label, then each figure in decimal GB and binary GiB. The
// header's words are right-aligned over the same widths, so each sits over its numbers.
constexpr int kLabelWidth = 32;
constexpr int kGbWidth = 13;  // "%10.2f GB"
constexpr int kGibWidth = 15; // " %10.2f GiB"

/// `bytes` as two right-aligned columns, "     41.25 GB      38.41 GiB" (the memory table).
std::string gbGib(double bytes) {
    return formatDouble("%10.2f GB", toGB(bytes)) + formatDouble(" %10.2f GiB", toGiB(bytes));
}

/// `bytes` as "41.25 GB (38.41 GiB)", for figures inside a sentence.
std::string gbGibInline(double bytes) {
    return formatDouble("%.2f GB", toGB(bytes)) + formatDouble(" (%.2f GiB)", toGiB(bytes));
}

/// A token count: "1.90 billion", "580.9 million", "12,345", "never" when not finite.
std::string tokens(double v) {
    if (!std::isfinite(v)) {
        return "never";
    }
    if (v >= 1e9) {
        return formatDouble("%.2f billion", v / 1e9);
    }
    if (v >= 1e6) {
        return formatDouble("%.1f million", v / 1e6);
    }
    return groupedText(std::uint64_t(std::llround(v)));
}

/// Heavy users a plan serves, with the throughput band's ends: "19.6 (10.6-34.7 over the
/// throughput band)".
std::string servedText(const HeavyUserVerdict &h) {
    std::string out = formatDouble("%.1f", h.usersServed);
    if (h.usersServedLow != h.usersServedHigh) {
        out += " (" + formatDouble("%.1f", h.usersServedLow) + "-" +
               formatDouble("%.1f", h.usersServedHigh) + " over the throughput band)";
    }
    return out;
}

/// The API price's context-length tier and batch price, when either applies or was asked for.
void staleLine(std::ostream &out, const StalePrice &stale, std::uint32_t limitDays) {
    if (stale.future()) {
        out << "          check: " << stale.name << " is dated " << stale.asOf << ", "
            << -stale.ageDays << " days after today: check its date\n";
        return;
    }
    out << "          stale: " << stale.name << " is from " << stale.asOf << ", " << stale.ageDays
        << " days ago (older than " << limitDays << " days): check the provider's page\n";
}

void apiTierAndBatchLines(std::ostream &out, const PlanResult &p) {
    const std::string prompt = groupedText(p.apiPromptTokens);
    if (p.apiTier) {
        out << "          tier: prompts above " << groupedText(p.apiTier->abovePromptTokens)
            << " tokens (this workload's " << prompt << " per request) pay "
            << perMTokPrice(p.apiTier->inputUsdPerMTok) << " in / "
            << perMTokPrice(p.apiTier->cachedInputUsdPerMTok) << " cached / "
            << perMTokPrice(p.apiTier->outputUsdPerMTok) << " out per 1M tokens\n";
    } else if (!p.api.tiers.empty()) {
        out << "          tier: base prices (this workload's " << prompt
            << " prompt tokens per request are not above "
            << groupedText(p.api.tiers.front().abovePromptTokens) << ")\n";
    }
    if (p.apiBatch && p.api.batchDiscount) {
        out << "          batch API price (" << formatDouble("%.0f", *p.api.batchDiscount * 100)
            << "% off, pricing.api_batch: an offline workload)\n";
    } else if (p.scenario.pricing.apiBatch) {
        out << "          pricing.api_batch is on, but this price has no published batch "
               "discount: standard prices\n";
    }
}

/// The API bill and the break-even volume over the price's published range, when it has one.
void apiRangeLine(std::ostream &out, const PlanResult &p) {
    const DecisionRanges r = decisionRanges(p);
    if (!(r.apiUsdPerMonth.low < r.apiUsdPerMonth.high)) {
        return;
    }
    const RangedValue &be = r.breakEvenTokensPerMonthRange;
    out << "          over the price's published range: " << usd(r.apiUsdPerMonth.low) << " - "
        << usd(r.apiUsdPerMonth.high) << " per month; break-even " << tokens(be.low) << " - "
        << tokens(be.high) << " output tokens a month"
        << (r.priceCall == RangeCall::TooCloseToCall ? " (too close to call: the plan's "
                                                       "capacity lies inside it)"
                                                     : "")
        << "\n";
}

} // namespace plantextdetail

using namespace plantextdetail;

void writePlanText(const PlanResult &p, std::ostream &out, std::string_view today) {
    const auto &m = p.memory;
    const auto &w = p.scenario.workload;
    out << "HostPlan: " << singleLine(p.scenario.name) << "\n\n";
    out << "Model     " << singleLine(p.model.displayName) << " ("
        << singleLine(p.model.architecture) << ")\n";
    out << "          " << paramsText(p.model.totalParams) << " parameters total, "
        << paramsText(p.model.activeParams)
        << " active per token (LM head counted, input embedding not)\n";
    std::string formats;
    std::set<std::string> seen;
    for (const auto &g : m.groups) {
        const std::string f = g.format.label();
        if (seen.insert(f).second) {
            formats += (formats.empty() ? "" : ", ") + f;
        }
    }
    out << "          weights " << formatDouble("%.2f GB", toGB(double(p.model.weightBytes())))
        << formatDouble(" (%.2f GiB)", toGiB(double(p.model.weightBytes()))) << " in " << formats
        << "\n";
    out << "GPUs      " << p.rentedGpus() << " x " << p.gpu.name
        << (!p.autoCount           ? ""
            : p.fit.practicalFound ? " (count chosen by HostPlan)"
            : p.rentedGpus() < p.fit.gpusFloor
                ? " (no layout reaches the memory floor; the widest layout is shown)"
                : " (no count carries the workload; shown at the memory floor, rounded to "
                  "whole nodes)")
        << "\n";
    out << "          " << formatDouble("%.0f GB", toGB(double(p.gpu.memoryBytes)))
        << " advertised, " << formatDouble("%.1f GiB", toGiB(double(p.gpu.usableMemoryBytes)))
        << " usable per GPU; TP " << p.layout.tp << ", EP " << p.layout.ep << ", PP " << p.layout.pp
        << (p.layout.dp > 1 ? ", attention DP " + std::to_string(p.layout.dp) + " (TP " +
                                  std::to_string(p.layout.attentionTp()) + " per attention group)"
                            : std::string())
        << (p.replicas > 1 ? " x " + countText(p.replicas, "data-parallel replica") : std::string())
        << "\n";
    out << "Workload  " << countText(w.concurrency, "sequence") << " x "
        << groupedText(w.contextTokens) << " tokens; engine "
        << engineName(p.scenario.engine.engine) << " (" << m.engine.engineVersion
        << " start-up rules), memory fraction " << fractionText(m.memoryFraction) << "\n";
    // The monthly volumes size the replicas, the cost per token and the break-even: shown, so
    // that a default carried over from the scenario is not a hidden input.
    out << "          a month: " << tokenCountText(w.inputTokensPerMonth) << " input + "
        << tokenCountText(w.cachedInputTokensPerMonth) << " cached input + "
        << tokenCountText(w.outputTokensPerMonth)
        << " output tokens (--input-tokens-per-month, --cached-input-tokens-per-month, "
           "--output-tokens-per-month)\n";
    if (w.speculativeTokens > 0) {
        // The speed figures assume this speculation; its acceptance is an input, not a
        // measurement (Leviathan et al. 2023: (1 - a^(k+1)) / (1 - a) tokens per step).
        const double a = std::clamp(w.speculativeAcceptance, 0.0, 0.999);
        const double perStep = (1.0 - std::pow(a, double(w.speculativeTokens) + 1.0)) / (1.0 - a);
        out << "          speculative decoding: " << countText(w.speculativeTokens, "draft token")
            << " per step by "
            << (p.model.draft ? singleLine(p.model.draft->displayName) : std::string("MTP layers"))
            << ", acceptance " << formatDouble("%.2f", w.speculativeAcceptance)
            << " assumed (--speculative-acceptance), " << formatDouble("%.2f", perStep)
            << " tokens per verify step on average\n";
    }
    // DeepSeek V4's cache is FP8 in vLLM's own layout whatever the KV format asked for
    // (engine/enginememory.h deepseekV4EntryBytes).
    const bool v4Layout = deepseekV4Cache(p.model);
    out << "KV cache  " << groupedText(m.cache.kvBytesPerToken) << " B per token (whole model, "
        << (v4Layout ? std::string("FP8, DeepSeek V4 layout")
                     : std::string(p.scenario.model.kvFormat.label()))
        << "), " << groupedText(m.cache.kvBytesPerTokenPerGpu) << " B per token per GPU";
    if (m.engine.kvBytesPerToken && m.engine.kvBytesPerToken != m.cache.kvBytesPerTokenPerGpu) {
        // What the engine divides its pool by (EngineMemoryTerms::kvBytesPerToken): every
        // layer, sliding-window ones included, in the engine's own cache layout.
        out << "; the engine's pool takes " << groupedText(m.engine.kvBytesPerToken)
            << " B per token per GPU (every layer, in its own layout)";
        if (m.engine.kvBytesPerRequest) {
            out << " and " << groupedText(m.engine.kvBytesPerRequest)
                << " B per sequence (its window caches and compressor state)";
        }
    }
    if (!p.kvFormatNote.empty()) {
        out << "; " << p.kvFormatNote;
    }
    if (m.cache.stateBytesPerSequence) {
        out << "; state " << groupedText(m.cache.stateBytesPerSequence) << " B per sequence ("
            << groupedText(m.cache.stateBytesPerSequencePerGpu) << " per GPU; "
            << p.scenario.model.stateFormat.label()
            << (p.stateFormatNote.empty() ? std::string()
                                          : ", the engine's default: " + p.stateFormatNote)
            << ") x " << countText(m.cache.stateSlotsPerRequest, "slot");
    }
    if (m.cache.windowTokens) {
        out << "; sliding window " << groupedText(m.cache.windowBytesPerToken)
            << " B per token up to " << groupedText(m.cache.windowTokens) << " tokens";
    }
    if (m.attentionDp > 1) {
        out << "\n          each of the " << m.attentionDp
            << " attention DP ranks holds its own sequences: the per-GPU KV below is one rank's "
            << groupedText(ceilDiv(ceilDiv(w.concurrency, std::max(p.replicas, 1u)),
                                   std::uint64_t(m.attentionDp)))
            << " of " << groupedText(ceilDiv(w.concurrency, std::max(p.replicas, 1u)));
    }
    out << "\n\n";

    out << std::left << std::setw(kLabelWidth) << "Memory per GPU (most loaded GPU)" << std::right
        << std::setw(kGbWidth) << "decimal" << std::setw(kGibWidth) << "binary"
        << "\n";
    const std::pair<const char *, std::uint64_t> rows[] = {
        {"  weights", m.perGpu.weights},          {"  KV cache", m.perGpu.kvCache},
        {"  recurrent state", m.perGpu.state},    {"  activations", m.perGpu.activations},
        {"  runtime overhead", m.perGpu.runtime}, {"  total needed", m.perGpu.total()},
    };
    const std::uint64_t added = m.engine.weightPadding + m.engine.weightReplication;
    for (const auto &row : rows) {
        out << std::left << std::setw(kLabelWidth) << row.first << gbGib(double(row.second))
            << "\n";
        if (&row == &rows[0] && added * 100 > m.perGpu.weights) {
            // Why one GPU can hold more weight bytes than the checkpoint (gpt-oss on one GPU).
            out << "    (" << gbGibInline(double(added))
                << " of them the engine adds: kernel padding, vocab round-up, replicated KV "
                   "projections)\n";
        }
    }
    if (p.model.draft) {
        // The speculative-decoding draft (engine.draft): its weights are in "weights" above.
        out << "  draft " << p.model.draft->displayName << ": weights "
            << gbGib(double(m.engine.draftWeights)) << ", KV "
            << groupedText(m.engine.draftKvBytesPerToken) << " B per token\n";
    }
    for (const PipelineStageMemory &st : m.engine.stages) {
        // PP > 1: each stage's own decoder layers, weights and KV pool (engine terms).
        out << "  stage " << st.rank << " (layers " << st.firstLayer << "-"
            << st.firstLayer + st.layers - (st.layers ? 1 : 0) << "): weights "
            << gbGibInline(double(st.weights)) << ", KV pool "
            << gbGibInline(double(std::max<std::int64_t>(st.kvPoolBytes, 0))) << ", "
            << "holds " << groupedText(st.kvTokens) << " tokens"
            << (st.rank == m.engine.pipelineRank ? " (the stage shown above)" : "") << "\n";
    }
    out << std::left << std::setw(kLabelWidth) << "  engine budget"
        << gbGib(double(m.budgetBytesPerGpu)) << "\n";
    if (m.perGpu.total() > m.budgetBytesPerGpu && !m.engine.graphsInsideBudget &&
        m.engine.cudaGraphs > 0) {
        // The engine's fraction leaves its CUDA graphs out: they sit beside the budget.
        out << "  (the total includes CUDA graphs of " << gbGibInline(double(m.engine.cudaGraphs))
            << ", which the engine allocates outside its budget)\n";
    }
    out << std::left << std::setw(kLabelWidth) << "  KV + state room"
        << gbGib(double(m.kvCapacityBytesPerGpu)) << "\n";
    if (p.scenario.engine.engine == Engine::TensorRtLlm) {
        // Its fraction is of the memory free after loading (KvCacheConfig
        // free_gpu_memory_fraction), so "total needed" below the budget can still start short.
        out << "  (TensorRT-LLM's memory fraction takes that share of the memory free after "
               "loading: the KV cache fits in the room above, not in the budget less the rest)\n";
    }
    out << std::left << std::setw(kLabelWidth) << "Memory in total (all GPUs)"
        << gbGib(double(m.total.total()) * std::max<std::uint32_t>(p.replicas, 1)) << "\n\n";

    out << "Fit       "
        << (p.fit.fits ? std::string("FITS")
            : p.fit.startsShort
                ? "STARTS SHORT: holds " + groupedText(p.fit.maxConcurrency) + " of the " +
                      groupedText(w.concurrency) + " sequences at once, the rest queue"
                : std::string("DOES NOT FIT"))
        << "\n";
    for (const auto &r : p.fit.reasons) {
        out << "          - " << r << "\n";
    }
    // What makes the engine start with the whole context (engine/enginememory.h FlagChange).
    for (const FlagChange &f : p.startup.fixes) {
        out << "          fix: " << f.flag << (f.value.empty() ? "" : " " + f.value) << " ("
            << f.effect << ")\n";
    }
    const bool aboveModelMax =
        p.model.maxContextTokens && w.contextTokens > p.model.maxContextTokens;
    // The sequences of the context the KV room holds over all replicas (the start-up line's).
    const std::uint64_t roomHolds =
        std::uint64_t(p.memory.engineSequences) * std::max<std::uint32_t>(p.replicas, 1);
    out << "          max concurrency at " << groupedText(w.contextTokens)
        << " tokens: " << groupedText(p.fit.maxConcurrency)
        << (p.fit.maxConcurrency == 1 ? " sequence" : " sequences")
        << (aboveModelMax && p.fit.maxConcurrency == 0 && p.memory.engineSequences > 0
                ? " (the KV room would hold " + groupedText(p.memory.engineSequences) +
                      ", but the engine refuses a context above the model's maximum)"
            : aboveModelMax && p.fit.maxConcurrency == 0
                ? std::string(" (the engine refuses a context above the model's maximum)")
            // The engine's running cap binds where the KV room holds more (the start-up line
            // counts the room's).
            : roomHolds > p.fit.maxConcurrency
                ? " (the engine's running-sequence cap, " +
                      std::string(engineInfo(p.scenario.engine.engine).flags.maxSequences) +
                      "; the KV room holds " + groupedText(roomHolds) + ")"
                : std::string())
        << "\n";
    out << "          memory floor (weights only): " << countText(p.fit.gpusFloor, "GPU")
        << "; practical (cheapest rental offer that carries the workload): "
        << (p.fit.practicalFound
                ? countText(p.fit.gpusPractical, "GPU") + " (" +
                      countText(p.search.best()->replicas, "replica") + " of TP " +
                      std::to_string(p.fit.practicalLayout.tp) + " EP " +
                      std::to_string(p.fit.practicalLayout.ep) + ", PP " +
                      std::to_string(p.fit.practicalLayout.pp) +
                      (p.fit.practicalLayout.dp > 1
                           ? ", attention DP " + std::to_string(p.fit.practicalLayout.dp)
                           : std::string()) +
                      " on " + p.search.best()->offer().id + ")"
            : aboveModelMax ? std::string("none (the context is above the model's maximum)")
            : !p.autoCount && p.fit.fits
                ? "none that the layout search runs, up to " + countText(kMaxPracticalGpus, "GPU") +
                      " (see the note); this plan's own layout on " +
                      countText(p.gpusRented, "GPU") + " fits"
                : std::string("none up to ").append(countText(kMaxPracticalGpus, "GPU")))
        << "\n";
    const PlanRate rate = planRate(p);
    if (rate.searchRateDiffers) {
        // The search ranks offers at their own rates; the plan's Cost uses the plan's rate
        // (a count the user fixed: the GPU's catalogue rate). Say so rather than show two
        // costs as if they were one.
        out << "          the search prices each offer at its own rate: "
            << usdCents(rate.searchUsdPerGpuHour) << " per GPU-hour, "
            << usd(rate.searchUsdPerMonth) << " a month on " << rate.searchOfferId
            << "; Cost below is at this plan's rate (" << usdCents(p.usdPerGpuHour)
            << " per GPU-hour)\n";
    }
    if (const auto stale = staleRate(p, today)) {
        staleLine(out, *stale, p.scenario.pricing.maxPriceAgeDays);
    }
    if (p.search.found) {
        // The runners-up: near ties first, then the next cheapest, each with why it lost.
        int shown = 0;
        for (const LayoutCandidate &c : p.search.candidates) {
            if (shown < 3 &&
                (c.status == CandidateStatus::NearTie || c.status == CandidateStatus::LostCost)) {
                out << "          runner-up " << c.offer().id << ": " << c.reason << "\n";
                ++shown;
            }
        }
    } else if (!p.search.noneReason.empty() && !aboveModelMax) { // said on the line above
        out << "          " << p.search.noneReason << "\n";
    }
    if (!p.search.note.empty()) {
        out << "          offers: " << p.search.note << "\n";
    }
    writeParetoText(p, out);
    out << "\n";

    if (p.throughput.computed) {
        const Capacity &cap = p.throughput.capacity;
        const std::uint32_t running = p.throughput.atConcurrency.batch;
        const std::uint32_t replicas = std::max<std::uint32_t>(p.replicas, 1);
        // Batches are one replica's; tokens/s cover every replica.
        const std::string perReplica =
            replicas > 1 ? " per replica x " + countText(replicas, "replica") : std::string();
        const std::uint32_t busy = p.throughput.atConcurrency.busyReplicas;
        // Fewer sequences than replicas x the batch: the batch is the fullest replicas', the
        // others run one fewer or (idle) none, and the total says so.
        const bool uneven = replicas > 1 && busy > 0 &&
                            std::uint64_t(running) * replicas > std::uint64_t(w.concurrency);
        const std::string perBusyReplica =
            !uneven ? perReplica
            : busy < replicas
                ? " per replica on " + groupedText(busy) + " of the " +
                      countText(replicas, "replica") + " (the workload's " +
                      countText(w.concurrency, "sequence") + " leave the rest idle)"
                : " at most per replica x " + countText(replicas, "replica") + " (the workload's " +
                      countText(w.concurrency, "sequence") + " spread over them)";
        out << "Speed     " << confidenceLabel(p.throughput.confidence) << " ("
            << p.throughput.efficiencySource << ")\n";
        if (p.fit.startsShort) {
            out << "          (the engine starts and runs " +
                       countText(p.fit.maxConcurrency, "sequence") +
                       " of the context at once, fewer than the workload's: the rest queue, "
                       "and every figure below is at that batch)\n";
        } else if (!p.fit.fits) {
            out << "          (the layout's speed were it to start; the plan as given does not "
                   "fit, so it serves nothing)\n";
        }
        out << "          at " << countText(running, "sequence") << perBusyReplica;
        if (std::uint64_t(running) * replicas < w.concurrency) {
            out << " running (" << groupedText(w.concurrency) << " requested; "
                << (cap.memoryMaxBatch == 0
                        ? std::string("the KV room holds none of them")
                        : "the rest wait: the KV room or the engine's cap holds " +
                              groupedText(running))
                << ")";
        }
        out << ": " << formatDouble("%.1f", p.throughput.atConcurrency.tokensPerSecondPerSequence)
            << " tokens/s per user, "
            << formatDouble("%.0f", p.throughput.atConcurrency.tokensPerSecond)
            << (uneven ? " output tokens/s in total (each request's prefill time included; the "
                         "per-user rate is the fullest replicas')\n"
                       : " output tokens/s in total (each request's prefill time included, so "
                         "below the users' sum)\n");
        if (p.throughput.atConcurrency.ttftWaveSeconds > 0) {
            // Two ends: prompts arriving one by one, and a benchmark's waves arriving together.
            out << "          time to first token: "
                << msText(p.throughput.atConcurrency.ttftSeconds)
                << " ms median with arrivals spread out, "
                << msText(p.throughput.atConcurrency.ttftWaveSeconds)
                << " ms mean when the running batch's prompts arrive together (a closed-loop "
                   "benchmark's waves)\n";
        }
        // The prefix-cache share the speed assumes: the workload's cached input tokens, which
        // a benchmark of random prompts does not have.
        if (const RequestLengths len = requestLengths(w); len.uncachedShare < 1.0) {
            out << "          prefill counts "
                << formatDouble("%.0f", (1.0 - len.uncachedShare) * 100)
                << "% of each prompt as a prefix-cache hit (the workload's cached share of input "
                   "tokens; --cached-input-tokens-per-month 0 for prompts that share nothing)\n";
        }
        if (cap.batch == 0) {
            // Nothing meets the target: no capacity, and no band of nothing to print.
            out << "          capacity at " << msText(cap.targetSecondsPerOutputToken)
                << " ms per output token: none ("
                << (cap.memoryMaxBatch == 0 ? "the KV room holds no whole request"
                                            : "even one sequence decodes slower than that")
                << ")\n\n";
        } else {
            out << "          capacity at " << msText(cap.targetSecondsPerOutputToken)
                << " ms per output token: " << countText(cap.batch, "sequence") << perReplica
                << ", " << formatDouble("%.0f", cap.servingOutputTokensPerSecond)
                << " output tokens/s served\n";
            // The band: the serving model's measured error on the reference rows (issue 14).
            out << "          likely " << formatDouble("%.0f", cap.servingOutputTokensPerSecondLow)
                << "-" << formatDouble("%.0f", cap.servingOutputTokensPerSecondHigh)
                << " output tokens/s (the model's measured error in the "
                << servingRegimeName(cap.band.regime) << " regime, "
                << formatDouble("%.2f", cap.band.low) << "-" << formatDouble("%.2f", cap.band.high)
                << "x"
                << (cap.band.calibratedGpu ? std::string()
                                           : std::string("; widened: this GPU type is not in the "
                                                         "calibration rows"))
                << ")\n\n";
        }
    }
    const auto &c = p.rental;
    if (gpuRateUnknown(p)) {
        // Unknown, not $0 (the fallback offer's rate is a placeholder).
        out << "Cost      unknown: no GPU-hour rate for " << p.gpu.id
            << " (give usd_per_gpu_hour in its GPU file, --usd-per-gpu-hour or --offers); at "
            << formatDouble("%.1f", c.hoursPerDay) << " h/day the plan takes "
            << groupedText(std::uint64_t(std::llround(c.gpuHoursPerMonthScheduled)))
            << " GPU-hours a month\n";
    } else {
        out << "Cost      $" << fractionText(p.usdPerGpuHour) << " per GPU-hour ("
            << (rate.basis == RateBasis::Scenario ? std::string("pricing.usd_per_gpu_hour")
                : rate.basis == RateBasis::ChosenOffer
                    ? rate.provider + " " + rate.offerId + ", " + rate.rateKind.text() + "; " +
                          rate.source + ", " + rate.asOf
                : rate.source.empty()
                    ? std::string("no GPU-hour rate for ") + p.gpu.id +
                          ": give usd_per_gpu_hour in its GPU file, --usd-per-gpu-hour or --offers"
                    : rate.source + ", " + rate.asOf)
            << ")\n";
        if (!p.fit.serves()) {
            out << "          (costs of the plan as given, which does not fit)\n";
        }
        out << "          " << usdCents(c.usdPerHour) << " per hour, "
            << usdCents(c.usdPerDayAlwaysOn) << " per day; always on " << usd(c.usdPerMonthAlwaysOn)
            << " per month (" << formatDouble("%.0f", c.hoursPerMonth) << " h)\n";
        out << "          at " << formatDouble("%.1f", c.hoursPerDay)
            << " h/day: " << usd(c.usdPerMonthScheduled) << " per month ("
            << groupedText(std::uint64_t(std::llround(c.gpuHoursPerMonthScheduled)))
            << " GPU-hours)\n";
    }
    if (!p.apiPriced) {
        out << "API       no API price for this model: set pricing.api_price_id or "
               "pricing.api_*_usd_per_mtok to compare\n";
    } else {
        out << "API       " << p.api.name << ": " << perMTokPrice(p.api.inputUsdPerMTok) << " in / "
            << perMTokPrice(p.api.cachedInputUsdPerMTok) << " cached / "
            << perMTokPrice(p.api.outputUsdPerMTok) << " out per 1M tokens ("
            << (p.apiSelection == ApiSelection::Pinned    ? std::string("pinned")
                : p.apiSelection == ApiSelection::Entered ? std::string("typed in")
                : p.apiAlternatives.size() > 1
                    ? (p.api.source.rfind("scenario", 0) == 0 ? "the classes typed in over " : "") +
                          std::string("the cheapest of ") +
                          std::to_string(p.apiAlternatives.size()) + " for this model"
                    : std::string("the only price known for this model"))
            << "; " << p.api.source << ", " << p.api.asOf << ")\n";
        apiTierAndBatchLines(out, p);
        for (std::size_t i = 0; i < p.apiAlternatives.size() && i < 5; ++i) {
            const ApiAlternative &a = p.apiAlternatives[i];
            if (a.price.id == p.api.id) {
                continue;
            }
            out << "          also " << a.price.name << ": " << usd(a.usdPerMonth)
                << " a month for this workload (" << a.price.asOf << ")\n";
        }
        if (p.apiAlternatives.size() > 5) {
            out << "          ... " << p.apiAlternatives.size() - 5
                << " more in plan --json (api.alternatives)\n";
        }
        for (const StalePrice &stale : stalePrices(p, today)) {
            staleLine(out, stale, p.scenario.pricing.maxPriceAgeDays);
        }
        out << "          this workload at API prices: " << usd(p.apiUsdPerMonth) << " per month\n";
        apiRangeLine(out, p);
        const BreakEven &b = p.breakeven;
        const BreakEvenVerdict be = breakEvenVerdict(p);
        const std::uint32_t copies = concurrencyCopies(p);
        const std::string servers = copies > 1 ? "those copies serve" : "this plan serves";
        switch (be.kind) {
        case BreakEvenKind::NoGpuPrice:
            out << "Break-even unknown: no GPU-hour rate for " << p.gpu.id << "\n";
            break;
        case BreakEvenKind::At:
            out << "Break-even " << tokens(be.outputTokensPerMonth)
                << " output tokens per month with this token mix ("
                << formatDouble("%.0f", be.outputTokensPerSecond)
                << " tokens/s averaged over the month); " << tokens(b.outputOnlyTokensPerMonth)
                << " if all tokens were output"
                << (std::isfinite(b.outputOnlyTokensPerMonth)
                        ? std::string()
                        : " (more than the " +
                              tokens(copies * p.throughput.capacity.outputTokensPerMonth) +
                              " output tokens a month " + servers + ")")
                << "\n";
            if (copies > 1) {
                out << "          at the rental of the " << groupedText(copies)
                    << " copies of this deployment the workload's concurrency takes (each holds "
                    << groupedText(p.fit.maxConcurrency) << " of its "
                    << groupedText(p.scenario.workload.concurrency) << " sequences at once)\n";
            } else if (workloadCopies(p) > copies) {
                // The volume outgrows one deployment: the decision counts the copies it takes.
                out << "          (of one deployment, which serves up to "
                    << tokens(p.throughput.capacity.outputTokensPerMonth) << "; the workload's "
                    << tokens(p.scenario.workload.outputTokensPerMonth) << " takes "
                    << groupedText(workloadCopies(p)) << " copies: see Decision)\n";
            }
            break;
        case BreakEvenKind::DoesNotFit:
            out << "Break-even never: the plan does not fit, so it serves no tokens\n";
            break;
        default:
            if (be.withinBand) {
                out << "Break-even " << tokens(be.neededOutputTokensPerMonth)
                    << " output tokens per month: above the modelled capacity ("
                    << tokens(be.capacityOutputTokensPerMonth) << ") but within its band (up to "
                    << tokens(be.capacityHighOutputTokensPerMonth) << "): too close to call";
            } else {
                out << "Break-even never: the API stays cheaper at any volume this plan can "
                       "serve";
            }
            if (copies > 1) {
                out << " (the " << groupedText(copies)
                    << " copies of this deployment the workload's concurrency takes)";
            }
            out << "\n";
            break;
        }
        const HeavyUserVerdict heavy = heavyUserVerdict(p);
        // Heavy users count one deployment; the volume above counts the copies the workload's
        // concurrency takes: with more than one, the line says which basis it is on.
        const bool perCopy = heavy.volumeCopies > 1;
        const std::string each =
            " (" + tokens(heavy.tokensPerUserMonth) + " tokens per month each, " +
            usd(heavy.apiUsdPerUserMonth) + " per month at API output prices" +
            (perCopy ? "; counted on one copy of this deployment, its rental " +
                           usd(p.rental.usdPerMonthScheduled) + " a month, not the " +
                           groupedText(heavy.volumeCopies) + " the workload's concurrency takes"
                     : std::string()) +
            ")";
        const std::string server = perCopy ? "one copy serves " : "the plan serves ";
        out << "Heavy users ";
        switch (heavy.kind) {
        case HeavyUserKind::WinsFrom:
            out << "self-hosting wins from " << countText(heavy.usersNeeded, "heavy user") << each
                << "; " << server << servedText(heavy);
            break;
        case HeavyUserKind::Free:
            out << "self-hosting wins from the first heavy user (the rental costs nothing)" << each;
            break;
        case HeavyUserKind::WithinBand:
        case HeavyUserKind::OutOfReach:
            // The decision unit tells the two apart: "never" beside a band that reaches the
            // break-even count would contradict it.
            out << (heavy.kind == HeavyUserKind::WithinBand
                        ? "too close to call: self-hosting does not win at this plan's "
                          "modelled capacity"
                        : "never on this plan")
                << each << ": break-even needs " << countText(heavy.usersNeeded, "heavy user")
                << " (" << tokens(double(heavy.usersNeeded) * heavy.tokensPerUserMonth)
                << " output tokens a month), " << server << servedText(heavy);
            if (heavy.kind == HeavyUserKind::WithinBand) {
                out << ": within reach only towards the band's fast end";
            }
            break;
        case HeavyUserKind::DoesNotFit:
            out << "never: the plan does not fit, so it serves no one";
            break;
        case HeavyUserKind::NoGpuPrice:
            out << "unknown: no GPU-hour rate for " << p.gpu.id << each;
            break;
        default:
            out << "never" << each;
            break;
        }
        out << "\n";
    }
    writeDecisionText(p, out);
    for (const auto &warn : p.warnings) {
        out << "Note      " << warn << "\n";
    }
}

} // namespace hostplan
