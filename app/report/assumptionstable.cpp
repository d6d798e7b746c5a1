// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"
#include "engine/servebatch.h"
#include "engine/servedtype.h"

#include <QFileInfo>

#include <cmath>

namespace hostplan::ui::reporttables {

ReportTable assumptionsTable(const PlanResult &p, const QString &scenarioFile,
                             const std::vector<GpuOptionRow> &options) {
    ReportTable t;
    t.id = QStringLiteral("assumptions");
    t.title = Report::tr("Assumptions: every input and catalogue figure used");
    t.headers = {Report::tr("Item"), Report::tr("Value"), Report::tr("Source"),
                 Report::tr("As of")};
    t.columnWeights = {2.2, 2.0, 4.6, 1.0};
    t.rightAligned = {false, false, false, false};
    t.csvHeaders = {QStringLiteral("item"), QStringLiteral("value"), QStringLiteral("source"),
                    QStringLiteral("as_of")};
    const Scenario &s = p.scenario;
    const QString input =
        scenarioFile.isEmpty()
            ? Report::tr("Scenario input")
            : Report::tr("Scenario input (%1)").arg(QFileInfo(scenarioFile).fileName());
    auto row = [&](const QString &item, const QString &value, const QString &source,
                   const QString &asOf = QStringLiteral("-")) {
        addRow(t, {item, value, source, asOf}, {item, value, source, asOf});
    };
    auto inputRow = [&](const QString &item, const QString &value) { row(item, value, input); };
    const EngineDefaults defaults = engineDefaults(s.engine.engine);
    const QString engineDoc =
        Report::tr("%1 default (HostPlan core/engine/engine.cpp, from the engine's source)")
            .arg(qs(engineName(s.engine.engine)));
    // The engine memory model's terms, and the release whose rules they follow.
    const QString engineRules = Report::tr("%1 start-up rules (HostPlan core/engine)")
                                    .arg(qs(p.memory.engine.engineVersion));

    // Inputs, in scenario-file order.
    // Only what the scenario sets is credited to it; the rest names where it comes from.
    if (!s.name.empty()) {
        inputRow(Report::tr("Scenario name"), qs(s.name));
    }
    inputRow(Report::tr("Model"), qs(s.model.ref));
    if (s.model.weightsFormat) {
        inputRow(Report::tr("Weights format"), qs(s.model.weightsFormat->label()));
    } else {
        row(Report::tr("Weights format"), Report::tr("as shipped in the checkpoint"),
            Report::tr("the checkpoint's config.json (its quantization, else its dtype)"));
    }
    for (const auto &[role, format] : s.model.groupFormats) {
        inputRow(Report::tr("Format of %1 weights").arg(groupRoleText(role).toLower()),
                 qs(format.label()));
    }
    if (kvFormatExplicit(s.model)) {
        inputRow(Report::tr("KV cache format"), qs(s.model.kvFormat.label()));
    } else {
        row(Report::tr("KV cache format"), qs(s.model.kvFormat.label()),
            Report::tr("the engines' --kv-cache-dtype auto: the model's 16-bit dtype"));
    }
    if (!hasLinearLayers(p.model)) {
        // No recurrent layers: no state format to report.
    } else if (p.stateFormatNote.empty()) {
        inputRow(Report::tr("Recurrent state format"), qs(s.model.stateFormat.label()));
    } else {
        row(Report::tr("Recurrent state format"), qs(s.model.stateFormat.label()),
            Report::tr("engine default: %1").arg(qs(p.stateFormatNote)));
    }
    inputRow(Report::tr("GPU type"), qs(s.hardware.gpu));
    inputRow(Report::tr("GPU count"),
             s.hardware.gpuCount ? QString::number(s.hardware.gpuCount)
             : p.replicas > 1    ? Report::tr("auto (practical count: %1, %2 replicas of %3)")
                                    .arg(p.rentedGpus())
                                    .arg(p.replicas)
                                    .arg(p.layout.gpuCount())
                              : Report::tr("auto (practical count: %1)").arg(p.rentedGpus()));
    if (s.hardware.gpusPerNode) {
        inputRow(Report::tr("GPUs per node"), QString::number(s.hardware.gpusPerNode));
    } else {
        row(Report::tr("GPUs per node"), QString::number(p.gpu.gpusPerNode), qs(p.gpu.source),
            qs(p.gpu.asOf));
    }
    const bool explicitLayout = s.hardware.tp || s.hardware.pp || s.hardware.ep;
    row(Report::tr("Parallel layout"),
        Report::tr("TP %1, EP %2, PP %3")
            .arg(p.layout.tp)
            .arg(p.layout.ep)
            .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp)),
        explicitLayout
            ? input
            : Report::tr("HostPlan's preferred layout for the GPU count (core/sizing/fit.h)"));
    inputRow(Report::tr("Serving engine"), qs(engineName(s.engine.engine)));
    if (s.engine.memoryFraction) {
        inputRow(Report::tr("Engine memory fraction"), numberText(*s.engine.memoryFraction, 2));
    } else {
        // The fraction the plan used: the engine's default for this GPU, TP and release.
        row(Report::tr("Engine memory fraction"), numberText(p.memory.memoryFraction, 2),
            engineDoc);
    }
    if (s.engine.stateSlotsPerRequest) {
        inputRow(Report::tr("State slots per request"),
                 QString::number(*s.engine.stateSlotsPerRequest));
    } else if (p.memory.cache.stateBytesPerSequence) {
        row(Report::tr("State slots per request"), QString::number(defaults.stateSlotsPerRequest),
            engineDoc);
    }
    // The block the engine's own rules give this model (MLA's 64 under vLLM, FlashMLA's page),
    // falling back to the engine's default where the terms carry none.
    const std::uint32_t block =
        p.memory.engine.kvBlockTokens ? p.memory.engine.kvBlockTokens : defaults.kvBlockTokens;
    row(Report::tr("KV block size"), Report::tr("%1 tokens").arg(block), engineDoc);
    if (s.engine.prefillChunkTokens) {
        inputRow(Report::tr("Prefill chunk"),
                 Report::tr("%1 tokens").arg(groupedInt(*s.engine.prefillChunkTokens)));
    } else {
        // The engine's default for this GPU, which the plan used.
        row(Report::tr("Prefill chunk"),
            Report::tr("%1 tokens").arg(groupedInt(servedBatchedTokens(p, s.engine.engine))),
            engineDoc);
    }
    if (s.engine.activationBytesPerGpu) {
        inputRow(Report::tr("Activations per GPU"),
                 bytesText(double(*s.engine.activationBytesPerGpu)));
    } else {
        row(Report::tr("Activations per GPU"), bytesText(double(p.memory.perGpu.activations)),
            Report::tr("%1: the profiled peak of the forward over the prefill chunk, the "
                       "sampler and the draft")
                .arg(engineRules));
    }
    if (s.engine.runtimeBytesPerGpu) {
        inputRow(Report::tr("Runtime overhead per GPU"),
                 bytesText(double(*s.engine.runtimeBytesPerGpu)));
    } else {
        row(Report::tr("Runtime overhead per GPU"), bytesText(double(p.memory.perGpu.runtime)),
            Report::tr("%1: CUDA context, communication buffers, non-torch memory and CUDA "
                       "graphs")
                .arg(engineRules));
    }
    const Workload &w = s.workload;
    inputRow(Report::tr("Context per sequence"),
             Report::tr("%1 tokens").arg(groupedInt(w.contextTokens)));
    inputRow(Report::tr("Concurrent sequences"), groupedInt(w.concurrency));
    inputRow(Report::tr("Input tokens per month"), tokensPerMonthText(w.inputTokensPerMonth));
    inputRow(Report::tr("Cached input tokens per month"),
             tokensPerMonthText(w.cachedInputTokensPerMonth));
    inputRow(Report::tr("Output tokens per month"), tokensPerMonthText(w.outputTokensPerMonth));
    inputRow(Report::tr("Hours per day rented"), numberText(w.hoursPerDay, 1));
    inputRow(Report::tr("Heavy user's tokens per month"),
             tokensPerMonthText(w.heavyUserTokensPerMonth));
    if (s.pricing.hoursPerMonth != PricingChoice{}.hoursPerMonth) {
        inputRow(Report::tr("Hours per month"), numberText(s.pricing.hoursPerMonth, 0));
    } else {
        row(Report::tr("Hours per month"), numberText(s.pricing.hoursPerMonth, 0),
            Report::tr("HostPlan default: 365 x 24 / 12, the average month"));
    }

    // Prices.
    if (s.pricing.usdPerGpuHour) {
        inputRow(Report::tr("GPU-hour rate (%1)").arg(qs(p.gpu.id)), rateText(p.usdPerGpuHour));
    } else {
        // The source of the rate the plan is at (planRate): the chosen offer's or gpus.json's.
        const PlanRate rate = planRate(p);
        row(rate.basis == RateBasis::ChosenOffer
                ? Report::tr("GPU-hour rate (%1, offer %2, %3)")
                      .arg(qs(p.gpu.id), qs(rate.offerId), rateKindText(rate.rateKind))
                : Report::tr("GPU-hour rate (%1)").arg(qs(p.gpu.id)),
            planRateCell(p), qs(rate.source), qs(rate.asOf));
    }
    auto apiRow = [&](const QString &item, const std::optional<double> &override, double value) {
        const QString v = Report::tr("%1 per 1M tokens").arg(usdPerMTokText(value));
        if (override) {
            inputRow(item, v);
        } else {
            row(item, v, qs(p.api.source), qs(p.api.asOf));
        }
    };
    row(Report::tr("API compared"),
        p.apiPriced || !p.api.id.empty()
            ? qs(p.api.name) + QStringLiteral(" (") + qs(p.api.id) + QLatin1Char(')')
            : Report::tr("no API price"),
        s.pricing.apiPriceId.empty() ? Report::tr("the model's default API (catalogue)") : input);
    apiRow(Report::tr("API input price"), s.pricing.apiInputUsdPerMTok, p.api.inputUsdPerMTok);
    apiRow(Report::tr("API cached input price"), s.pricing.apiCachedInputUsdPerMTok,
           p.api.cachedInputUsdPerMTok);
    apiRow(Report::tr("API output price"), s.pricing.apiOutputUsdPerMTok, p.api.outputUsdPerMTok);
    // Which context-length tier and whether the batch price applies, when either can.
    if (p.apiTier) {
        row(Report::tr("API context-length tier"),
            Report::tr("prompts above %1 tokens (%2 per request in this workload)")
                .arg(groupedInt(p.apiTier->abovePromptTokens), groupedInt(p.apiPromptTokens)),
            qs(p.api.source), qs(p.api.asOf));
    } else if (!p.api.tiers.empty()) {
        row(Report::tr("API context-length tier"),
            Report::tr("base prices (%1 prompt tokens per request in this workload)")
                .arg(groupedInt(p.apiPromptTokens)),
            qs(p.api.source), qs(p.api.asOf));
    }
    if (s.pricing.apiBatch) {
        inputRow(Report::tr("Batch API prices"),
                 p.apiBatch && p.api.batchDiscount
                     ? Report::tr("yes, %1% off").arg(std::lround(*p.api.batchDiscount * 100))
                     : Report::tr("asked for; this API publishes none (standard prices)"));
    }
    const DecisionRanges ranges = decisionRanges(p);
    if (ranges.apiUsdPerMonth.low < ranges.apiUsdPerMonth.high) {
        row(Report::tr("API price range"),
            Report::tr("%1 - %2 a month for this workload; break-even %3 - %4")
                .arg(usdText(ranges.apiUsdPerMonth.low), usdText(ranges.apiUsdPerMonth.high),
                     tokensPerMonthText(ranges.breakEvenTokensPerMonthRange.low),
                     tokensPerMonthText(ranges.breakEvenTokensPerMonthRange.high)),
            qs(p.api.source), qs(p.api.asOf));
    }
    // The other APIs selling the same model, each with its own source and date.
    for (const ApiAlternative &a : p.apiAlternatives) {
        if (a.price.id == p.api.id) {
            continue;
        }
        row(Report::tr("Also sold by: %1").arg(qs(a.price.name)),
            Report::tr("%1 in / %2 out per 1M tokens; %3 a month for this workload")
                .arg(usdCentsText(a.price.inputUsdPerMTok), usdCentsText(a.price.outputUsdPerMTok),
                     usdText(a.usdPerMonth)),
            a.fromScenario ? input : qs(a.price.source), qs(a.price.asOf));
    }

    // The model.
    const QString mSrc = qs(p.model.source);
    const QString mAsOf = p.model.asOf.empty() ? QStringLiteral("-") : qs(p.model.asOf);
    row(Report::tr("Model"),
        qs(p.model.displayName) + QStringLiteral(" (") + qs(p.model.architecture) +
            QLatin1Char(')'),
        mSrc, mAsOf);
    row(Report::tr("Total parameters"), groupedInt(p.model.totalParams), mSrc, mAsOf);
    row(Report::tr("Active parameters per token"), groupedInt(p.model.activeParams), mSrc, mAsOf);
    row(Report::tr("Weights (after formats)"), bytesText(double(p.model.weightBytes())), mSrc,
        mAsOf);
    if (p.model.checkpointBytes) {
        row(Report::tr("Checkpoint size"), bytesText(double(p.model.checkpointBytes)), mSrc, mAsOf);
    }
    if (p.model.maxContextTokens) {
        row(Report::tr("Maximum context"),
            Report::tr("%1 tokens").arg(groupedInt(p.model.maxContextTokens)), mSrc, mAsOf);
    }
    if (p.model.isMoe()) {
        row(Report::tr("Experts"),
            Report::tr("%1 routed, %2 active per token, %3 shared")
                .arg(p.model.experts.routed)
                .arg(p.model.experts.activePerToken)
                .arg(p.model.experts.shared),
            mSrc, mAsOf);
    }

    // The scenario's GPU.
    const QString gSrc = qs(p.gpu.source);
    const QString gAsOf = qs(p.gpu.asOf);
    row(Report::tr("GPU"), qs(p.gpu.name), gSrc, gAsOf);
    row(Report::tr("Advertised memory per GPU"), gbText(double(p.gpu.memoryBytes), 0), gSrc, gAsOf);
    row(Report::tr("Usable memory per GPU"), gibText(double(p.gpu.usableMemoryBytes)), gSrc, gAsOf);
    row(Report::tr("HBM bandwidth per GPU"), bandwidthText(p.gpu.hbmBandwidthBytesPerS), gSrc,
        gAsOf);
    row(Report::tr("Native MXFP4"),
        p.gpu.nativeMxfp4 ? Report::tr("yes") : Report::tr("no (dequantized at run time)"), gSrc,
        gAsOf);

    // The other GPU types of the options table.
    for (const GpuOptionRow &o : options) {
        if (o.isScenarioGpu) {
            continue;
        }
        row(Report::tr("%1 memory").arg(qs(o.gpu.name)),
            gpuMemoryText(double(o.gpu.memoryBytes), double(o.gpu.usableMemoryBytes)),
            qs(o.gpu.source), qs(o.gpu.asOf));
        row(Report::tr("%1 GPU-hour rate").arg(qs(o.gpu.name)), rateText(o.usdPerGpuHour),
            qs(o.priceSource), qs(o.priceAsOf));
    }
    return t;
}

} // namespace hostplan::ui::reporttables
