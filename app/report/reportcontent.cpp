// SPDX-License-Identifier: MIT
#include "report/reportcontent.h"

#include "report/reporttables.h"
#include "report/sensitivitytables.h"

#include "catalogue/catalogue.h"
#include "sizing/cost.h"
#include "sizing/fit.h"
#include "document/formatting.h"
#include "probecalibration.h"
#include "probereport.h"
#include "document/scenariodocument.h"
#include "util/units.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace hostplan::ui {

using namespace reporttables;

QString recommendationText(Recommendation r) {
    switch (r) {
    case Recommendation::Api:
        return Report::tr("API");
    case Recommendation::BurstRental:
        return Report::tr("Burst rental");
    case Recommendation::Dedicated:
        return Report::tr("Dedicated");
    case Recommendation::NoApiPrice:
        return Report::tr("No API comparison");
    case Recommendation::NoGpuPrice:
        return Report::tr("No GPU price");
    }
    return {};
}

QString recommendationLine(const PlanResult &p) {
    const Recommendation r = recommend(p);
    const QString name = recommendationText(r);
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    if (r == Recommendation::NoApiPrice) {
        return Report::tr(
                   "%1: no API price is known for %2; set one in the scenario's pricing to compare "
                   "renting %3 (%4 a month at %5 h/day) with paying per token.")
            .arg(name, QString::fromStdString(p.model.displayName), gpuLabel(p),
                 usdText(p.rental.usdPerMonthScheduled), hpd);
    }
    if (r == Recommendation::NoGpuPrice) {
        return Report::tr("%1: no GPU-hour rate is known for %2; give one (its GPU file's "
                          "usd_per_gpu_hour, a rate or an offer) to compare renting %3 with the "
                          "API's %4 a month.")
            .arg(name, QString::fromStdString(p.gpu.name), gpuLabel(p), usdText(p.apiUsdPerMonth));
    }
    if (!p.fit.serves()) {
        return Report::tr(
                   "%1: %2 does not carry this workload; stay on the API until a configuration "
                   "fits (practical count: %3).")
            .arg(name, gpuLabel(p),
                 p.fit.practicalFound ? gpusText(p.fit.gpusPractical)
                                      : Report::tr("none up to %1 GPUs").arg(kMaxPracticalGpus));
    }
    // A deployment that serves part of the workload is compared as the copies that carry it.
    const auto deploymentOf = [&](std::uint32_t copies) {
        return copies > 1 ? Report::tr("%1 copies of %2 (one serves part of the workload)")
                                .arg(copies)
                                .arg(gpuLabel(p))
                          : gpuLabel(p);
    };
    const std::uint32_t copies = workloadCopies(p);
    const std::uint32_t copiesAlwaysOn = workloadCopies(p, true);
    const QString deployment = deploymentOf(copies);
    const double scheduled = copies * p.rental.usdPerMonthScheduled;
    const double alwaysOn = copiesAlwaysOn * p.rental.usdPerMonthAlwaysOn;
    switch (r) {
    case Recommendation::Api:
        return Report::tr("%1: for this volume the API costs %2 a month; renting %3 at %4 h/day "
                          "costs %5 a month.")
            .arg(name, usdText(p.apiUsdPerMonth), deployment, hpd, usdText(scheduled));
    case Recommendation::Dedicated:
        return Report::tr(
                   "%1: the API would cost %2 per month, more than %3 always on (%4); rent or "
                   "own them around the clock.")
            .arg(name, usdText(p.apiUsdPerMonth), deploymentOf(copiesAlwaysOn), usdText(alwaysOn));
    case Recommendation::NoApiPrice:
    case Recommendation::NoGpuPrice:
        break;
    case Recommendation::BurstRental:
        return Report::tr(
                   "%1: rent %2 for %3 h/day (%4 per month) instead of the API (%5); always on "
                   "(%6) would cost more than the API.")
            .arg(name, deployment, hpd, usdText(scheduled), usdText(p.apiUsdPerMonth),
                 usdText(alwaysOn));
    }
    return name;
}

QString pilotRangeText(const PilotRange &range) {
    if (range.low == 0) {
        return Report::tr("none up to %1").arg(kMaxPracticalGpus);
    }
    if (range.low == range.high) {
        return gpusText(range.low);
    }
    return Report::tr("%1-%2 GPUs").arg(range.low).arg(range.high);
}

QString csvNumber(double value) {
    if (!std::isfinite(value)) {
        return QString();
    }
    if (value == std::floor(value) && std::abs(value) < 9.0e15) {
        return QString::number(qlonglong(value));
    }
    char buf[32]; // the longest shortest double, "-2.2250738585072014e-308", is 24 chars
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? QString::fromLatin1(buf, int(end - buf)) : QString();
}

std::vector<GpuOptionRow> gpuOptionRows(const ScenarioDocument &doc) {
    std::vector<GpuOptionRow> out;
    // The document's sweep (the core's gpuOptions): the same evaluations as the GUI's views.
    for (const GpuOption &sweep : doc.gpuSweep()) {
        GpuOptionRow o;
        o.gpu = sweep.gpu;
        o.isScenarioGpu = sweep.isScenarioGpu;
        o.gpusPerNode = sweep.gpusPerNode;
        o.priceSource = sweep.priceSource;
        o.priceAsOf = sweep.priceAsOf;
        o.pilot = sweep.pilot;
        o.sequencesAtTarget = sweep.sequencesAtTarget;
        if (!sweep.plan) {
            o.error = qs(sweep.error);
            out.push_back(std::move(o));
            continue;
        }
        const PlanResult &p = *sweep.plan;
        o.evaluated = true;
        o.floorGpus = p.fit.gpusFloor;
        o.practicalFound = p.fit.practicalFound;
        o.practicalGpus = p.fit.practicalFound ? p.fit.gpusPractical : 0;
        o.costedGpus = p.autoCount ? o.practicalGpus : p.rentedGpus();
        o.usdPerGpuHour = p.usdPerGpuHour;
        const PlanRate rate = planRate(p);
        o.offerRate = rate.basis == RateBasis::ChosenOffer && !p.search.fallback;
        o.usdPerMonthScheduled = p.rental.usdPerMonthScheduled;
        o.usdPerMonthAlwaysOn = p.rental.usdPerMonthAlwaysOn;
        out.push_back(std::move(o));
    }
    return out;
}

Result<ReportContent> buildReportContent(const ScenarioDocument &doc, const QDate &date,
                                         const probe::ProbeReport *probeReport) {
    if (!doc.plan()) {
        return makeError("scenario", doc.error().toStdString());
    }
    ReportContent c;
    c.plan = *doc.plan();
    const PlanResult &p = c.plan;
    const Workload &w = p.scenario.workload;
    c.title = Report::tr("HostPlan budget report");
    c.scenarioName = qs(p.scenario.name);
    c.scenarioFile = doc.filePath();
    c.date = date;

    c.verdict =
        p.fit.fits ? Report::tr("Fits on %1").arg(gpuLabel(p))
        : p.fit.startsShort
            ? Report::tr("Starts on %1, holding %2 of %3 sequences at once (the rest queue)")
                  .arg(gpuLabel(p), groupedInt(p.fit.maxConcurrency), groupedInt(w.concurrency))
            : Report::tr("Does not fit on %1").arg(gpuLabel(p));
    if (p.fit.fits) {
        c.summary << Report::tr("%1 (TP %2, EP %3, PP %4) carry %5 of %6 tokens of %7; up to "
                                "%8 fit at once.")
                         .arg(gpuLabel(p))
                         .arg(p.layout.tp)
                         .arg(p.layout.ep)
                         .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp))
                         .arg(sequencesText(w.concurrency), groupedInt(w.contextTokens),
                              qs(p.model.displayName), groupedInt(p.fit.maxConcurrency));
    } else {
        for (const auto &r : p.fit.reasons) {
            c.summary << (p.fit.startsShort ? Report::tr("Starts short: %1.")
                                            : Report::tr("Does not fit: %1."))
                             .arg(clause(r));
        }
    }
    // The engine's own fixes (EngineStartup::fixes), each alone enough, as the GUI lists them.
    QStringList fixes;
    for (const FlagChange &f : p.startup.fixes) {
        fixes << Report::tr("%1 (%2)").arg(qs(f.value.empty() ? f.flag : f.flag + " " + f.value),
                                           clause(f.effect));
    }
    if (!fixes.empty()) {
        c.summary << Report::tr("Each alone makes %1 start with the whole context: %2.")
                         .arg(qs(std::string(engineInfo(p.scenario.engine.engine).displayName)),
                              fixes.join(QStringLiteral("; ")));
    }
    for (const auto &warning : p.warnings) {
        c.notes << Report::tr("Note: %1.").arg(clause(warning));
    }
    // Prices older than the scenario's limit, as of the report's date (plan/decision.h).
    for (const StalePrice &stale : stalePrices(p, date.toString(Qt::ISODate).toStdString())) {
        if (stale.future()) {
            c.notes << Report::tr("Price date: %1 is dated %2, %3 days after this report; "
                                  "check its date before deciding.")
                           .arg(qs(stale.name), qs(stale.asOf))
                           .arg(-stale.ageDays);
            continue;
        }
        c.notes << Report::tr("Stale price: %1 is from %2, %3 days before this report (older "
                              "than %4 days); check the provider's page before deciding.")
                       .arg(qs(stale.name), qs(stale.asOf))
                       .arg(stale.ageDays)
                       .arg(p.scenario.pricing.maxPriceAgeDays);
    }
    c.recommendation = recommend(p);
    c.recommendationLine = recommendationLine(p);

    c.keyFigures = keyFiguresTable(p, c.recommendation);
    c.gpuOptions = gpuOptionRows(doc);
    c.cost = costTable(p);
    c.rangeCall = rangeCallText(p);
    c.ranges = rangesTable(p);
    c.sensitivity = sensitivityTable(p, sensitivity(p));
    c.memory = memoryTable(p);
    c.groups = groupsTable(p);
    c.options = optionsTable(p, c.gpuOptions);
    c.serving = serveCommands(p, Catalogue::builtin());
    for (const ServeCommand &command : c.serving) {
        c.servingFlags << servingFlagsTable(command);
    }
    c.probe = probeTable(p, probeReport, c.probeSummary);
    c.assumptions = assumptionsTable(p, c.scenarioFile, c.gpuOptions);

    c.rules << Report::tr(
        "Recommendation: API when the plan does not fit, or when the API bill for the "
        "workload's tokens is no more than renting at the chosen hours a day; "
        "Dedicated when the API bill is more than renting the GPUs always on; Burst "
        "rental in between (renting for the chosen hours beats the API, always on "
        "does not).");
    c.rules << Report::tr(
        "Memory floor: GPUs whose advertised memory (decimal GB) holds the weights "
        "alone, ceil(weights / memory per GPU). It is a boundary, not a deployment.");
    c.rules << Report::tr(
        "Practical count: the smallest rentable count (1 GPU, or whole nodes of the "
        "GPU's node size) whose preferred layout (TP inside a node, PP across nodes) "
        "holds the weights, activations, runtime and the KV cache of the workload "
        "within the engine's memory budget.");
    c.rules << Report::tr(
        "Pilot range: from the practical count to one more node, at most twice the "
        "practical count, rounded to whole nodes: the GPU counts to ask a provider to "
        "quote for a pilot (cf. the starting ranges of 'Kimi K3 Self-Hosting Cost: GPU Count, the "
        "$2.4M Claim, and Rental Math').");
    c.rules << Report::tr(
                   "Costs: GPU-hours x rate. A month is %1 h (365 x 24 / 12) always on; at H h/day "
                   "it is H x %1 / 24 h. 30 days = 720 h.")
                   .arg(numberText(p.rental.hoursPerMonth, 0));
    c.rules << Report::tr(
        "API cost: input, cached input and output tokens a month x the API's price per "
        "1M tokens. Break-even: the output volume (input and cached input growing in "
        "the same ratio) at which the API bill equals the rental at the chosen hours a "
        "day; heavy users: the rental divided by one heavy user's API bill (all tokens "
        "billed as output).");
    return c;
}

} // namespace hostplan::ui
