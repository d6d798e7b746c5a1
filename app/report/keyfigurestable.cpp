// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"
#include "sizing/cost.h"
#include "sizing/fit.h"

#include <algorithm>
#include <cmath>

namespace hostplan::ui::reporttables {

ReportTable keyFiguresTable(const PlanResult &p, Recommendation rec) {
    ReportTable t;
    t.id = QStringLiteral("summary");
    t.title = Report::tr("Key figures");
    t.headers = {Report::tr("Figure"), Report::tr("Value")};
    t.columnWeights = {2.0, 3.6};
    t.rightAligned = {false, false};
    t.csvHeaders = {QStringLiteral("figure"), QStringLiteral("value"), QStringLiteral("unit")};
    const Workload &w = p.scenario.workload;
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    const PilotRange pilot = pilotRange(p);
    auto row = [&](const QString &label, const QString &value, const QString &id,
                   const QString &raw, const QString &unit, bool bold = false) {
        addRow(t, {label, value}, {id, raw, unit}, bold);
    };
    row(Report::tr("Fits"),
        p.fit.fits          ? Report::tr("yes")
        : p.fit.startsShort ? Report::tr("starts, holding %1 of %2 sequences at once")
                                  .arg(groupedInt(p.fit.maxConcurrency), groupedInt(w.concurrency))
                            : Report::tr("no"),
        QStringLiteral("fits"), p.fit.fits ? QStringLiteral("1") : QStringLiteral("0"),
        QStringLiteral("bool"), true);
    // A plan that does not hold the workload: whether its engine starts at all (the CSV's way
    // to tell a short start, costed at what it serves, from a plan that serves nothing).
    if (!p.fit.fits) {
        row(Report::tr("Engine starts and serves part of the workload"),
            p.fit.startsShort ? Report::tr("yes") : Report::tr("no"),
            QStringLiteral("starts_short"),
            p.fit.startsShort ? QStringLiteral("1") : QStringLiteral("0"), QStringLiteral("bool"));
    }
    // The GPU type and the count are two figures: the CSV's unit column holds units only.
    row(Report::tr("GPU type"), qs(p.gpu.name), QStringLiteral("gpu"), qs(p.gpu.id), QString());
    // Every GPU rented: data-parallel replicas each run the layout (the cost is theirs).
    const std::uint32_t replicas = std::max<std::uint32_t>(p.replicas, 1);
    row(Report::tr("GPUs"),
        replicas > 1 ? Report::tr("%1 (%2 replicas of TP %3, EP %4, PP %5)")
                           .arg(p.rentedGpus())
                           .arg(replicas)
                           .arg(p.layout.tp)
                           .arg(p.layout.ep)
                           .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp))
                     : Report::tr("%1 (TP %2, EP %3, PP %4)")
                           .arg(p.layout.gpuCount())
                           .arg(p.layout.tp)
                           .arg(p.layout.ep)
                           .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp)),
        QStringLiteral("gpus_rented"), csvInt(std::uint64_t(p.rentedGpus())),
        QStringLiteral("gpus"));
    row(Report::tr("Workload"),
        refusedBeforeLoading(p.startup.outcome)
            ? Report::tr("%1 of %2 tokens (the engine refuses the flags)")
                  .arg(sequencesText(w.concurrency), groupedInt(w.contextTokens))
            : Report::tr("%1 of %2 tokens (up to %3 fit)")
                  .arg(sequencesText(w.concurrency), groupedInt(w.contextTokens),
                       groupedInt(p.fit.maxConcurrency)),
        QStringLiteral("max_concurrency"), csvInt(std::uint64_t(p.fit.maxConcurrency)),
        QStringLiteral("sequences"));
    // The service level: what a user sees at the workload's concurrency (the serving model's
    // closed loop, prefill interference in), with the band the model's measured error gives.
    if (p.throughput.computed) {
        const DecodeStep &d = p.throughput.atConcurrency;
        const ThroughputBand &band = p.throughput.capacity.band;
        row(Report::tr("Speed per user"),
            Report::tr("%1 tokens/s at %2 running (%3, likely %4-%5x of it)")
                .arg(numberText(d.tokensPerSecondPerSequence, 1),
                     // Running: the batch on every replica, at most the workload's own.
                     sequencesText(qint64(std::min<std::uint64_t>(
                         std::uint64_t(d.batch) * std::max<std::uint32_t>(p.replicas, 1),
                         std::max<std::uint32_t>(w.concurrency, 1)))),
                     confidenceText(p.throughput.confidence), numberText(band.low, 2),
                     numberText(band.high, 2)),
            QStringLiteral("tokens_per_second_per_user"), csvNumber(d.tokensPerSecondPerSequence),
            QStringLiteral("tokens/s"));
        row(Report::tr("Time to first token"),
            // A plan that starts short queues the rest: their wait for a slot comes first.
            (p.fit.startsShort
                 ? Report::tr("%1 s once a slot is free (median; the requests beyond the %2 "
                              "held wait for one first)")
                       .arg(numberText(d.ttftSeconds, 2), groupedInt(p.fit.maxConcurrency))
                 : Report::tr("%1 s (median, at the same load; %2 s mean when the running "
                              "batch's prompts arrive together)")
                       .arg(numberText(d.ttftSeconds, 2), numberText(d.ttftWaveSeconds, 2))),
            QStringLiteral("ttft_s"), csvNumber(d.ttftSeconds), QStringLiteral("s"));
    }
    row(Report::tr("Memory per GPU"),
        Report::tr("%1 needed of %2 usable")
            .arg(bytesText(double(p.memory.perGpu.total())),
                 bytesText(double(p.memory.usableBytesPerGpu))),
        QStringLiteral("per_gpu_bytes"), csvInt(p.memory.perGpu.total()), QStringLiteral("bytes"));
    const std::uint64_t allGpus = p.memory.total.total() * replicas;
    row(Report::tr("Memory in total"), bytesText(double(allGpus)), QStringLiteral("total_bytes"),
        csvInt(allGpus), QStringLiteral("bytes"));
    row(Report::tr("Memory floor (weights only)"), gpusText(p.fit.gpusFloor),
        QStringLiteral("gpus_floor"), csvInt(std::uint64_t(p.fit.gpusFloor)),
        QStringLiteral("gpus"));
    row(Report::tr("Practical count / pilot range"),
        (p.fit.practicalFound ? gpusText(p.fit.gpusPractical)
                              : Report::tr("none up to %1").arg(kMaxPracticalGpus)) +
            QStringLiteral(" / ") + pilotRangeText(pilot),
        QStringLiteral("gpus_practical"),
        p.fit.practicalFound ? csvInt(std::uint64_t(p.fit.gpusPractical)) : QString(),
        QStringLiteral("gpus"));
    // Without a known rate the rental is unknown, not $0 (the text and JSON say so too).
    row(Report::tr("GPU-hour rate"), planRateCell(p), QStringLiteral("usd_per_gpu_hour"),
        planRentalCsv(p, p.usdPerGpuHour), QStringLiteral("USD"));
    row(Report::tr("Monthly rental, always on (%1 h)").arg(numberText(p.rental.hoursPerMonth, 0)),
        planRentalCell(p, p.rental.usdPerMonthAlwaysOn), QStringLiteral("usd_per_month_always_on"),
        planRentalCsv(p, p.rental.usdPerMonthAlwaysOn), QStringLiteral("USD"), true);
    row(Report::tr("Monthly rental at %1 h/day").arg(hpd),
        planRentalCell(p, p.rental.usdPerMonthScheduled), QStringLiteral("usd_per_month"),
        planRentalCsv(p, p.rental.usdPerMonthScheduled), QStringLiteral("USD"), true);
    // A fixed count at the GPU type's catalogue rate while the layout search's chosen offer
    // costs otherwise: that offer's month beside it, so the headline is not the only figure.
    const PlanRate rate = planRate(p);
    if (rate.searchRateDiffers) {
        row(Report::tr("Monthly rental at the search's offer (%1, %2 per GPU-hour)")
                .arg(qs(rate.searchOfferId), rateText(rate.searchUsdPerGpuHour)),
            usdText(rate.searchUsdPerMonth), QStringLiteral("usd_per_month_at_search_offer"),
            csvNumber(rate.searchUsdPerMonth), QStringLiteral("USD"));
    }
    // Without an API price the API cost and break-even are NaN: say so (the CSV stays empty).
    const QString noApi = Report::tr("no API price");
    row(p.apiPriced ? Report::tr("API, same volume (%1)").arg(qs(p.api.name))
                    : Report::tr("API, same volume"),
        p.apiPriced ? usdText(p.apiUsdPerMonth) : noApi, QStringLiteral("api_usd_per_month"),
        csvNumber(p.apiUsdPerMonth), QStringLiteral("USD"), true);
    // The copies the recommendation weighs (decision.h workloadCopies), when one deployment
    // does not carry the workload's volume or concurrency.
    if (const std::uint32_t copies = workloadCopies(p); copies > 1) {
        row(Report::tr("Copies of this deployment the workload takes"),
            Report::tr("%1 (%2 a month at %3 h/day)")
                .arg(groupedInt(copies), usdText(copies * p.rental.usdPerMonthScheduled), hpd),
            QStringLiteral("workload_copies"), csvInt(std::uint64_t(copies)),
            QStringLiteral("copies"));
    }
    // Both costs per 1M output tokens (decision.h): a plan that does not fit has neither.
    const CostPerMTok perMTok = costPerMTok(p);
    const double forWorkload = p.fit.serves() ? perMTok.forWorkloadUsd : kNaN;
    row(Report::tr("Self-hosted cost per 1M output tokens"),
        p.fit.serves() ? usdCentsText(forWorkload) : Report::tr("n/a (the plan does not fit)"),
        QStringLiteral("self_host_usd_per_mtok_output"), csvNumber(forWorkload),
        QStringLiteral("USD"));
    const bool served = p.fit.serves() && std::isfinite(perMTok.atCapacityUsd);
    row(Report::tr("Cost per 1M output tokens at capacity (%1% utilisation)")
            .arg(numberText(p.throughput.capacity.utilisation * 100, 0)),
        served           ? usdCentsText(perMTok.atCapacityUsd)
        : p.fit.serves() ? Report::tr("n/a (no sequence meets the latency target)")
                         : Report::tr("n/a (the plan does not fit)"),
        QStringLiteral("usd_per_mtok_output_at_capacity"),
        csvNumber(served ? perMTok.atCapacityUsd : kNaN), QStringLiteral("USD"));
    // Break-even and heavy users as the decision unit states them (the CSV holds the number, the
    // volume needed where it lies within the throughput band, empty for "never").
    const BreakEvenVerdict be = breakEvenVerdict(p);
    // The volume counts the copies the workload's concurrency takes, heavy users one copy
    // (decision.h DecisionRanges): with more than one copy, each row names its basis.
    const bool twoBases = be.copies > 1 && be.kind != BreakEvenKind::NotPriced &&
                          be.kind != BreakEvenKind::DoesNotFit;
    row(Report::tr("Break-even output volume"),
        twoBases ? Report::tr("%1 (%2 copies of this deployment, which the workload's "
                              "concurrency takes)")
                       .arg(breakEvenVerdictText(be), groupedInt(be.copies))
                 : breakEvenVerdictText(be),
        QStringLiteral("breakeven_output_tokens_per_month"),
        csvNumber(be.kind == BreakEvenKind::At ? be.outputTokensPerMonth
                  : be.withinBand              ? be.neededOutputTokensPerMonth
                                               : kInf),
        QStringLiteral("tokens"));
    const HeavyUserVerdict heavy = heavyUserVerdict(p);
    row(Report::tr("Break-even heavy users"),
        // A heavy user's tokens are all billed at the API's output price (seed 001), unlike
        // the break-even volume above, which keeps the workload's mix: said beside the figure.
        heavy.kind != HeavyUserKind::WinsFrom && heavy.kind != HeavyUserKind::WithinBand &&
                heavy.kind != HeavyUserKind::OutOfReach
            ? heavyUserVerdictText(heavy)
        : twoBases
            ? Report::tr("%1 (%2 tokens a month each, all billed at the API's output price; "
                         "one copy of this deployment, not the %3 the workload's concurrency "
                         "takes)")
                  .arg(heavyUserVerdictText(heavy), tokensText(w.heavyUserTokensPerMonth),
                       groupedInt(heavy.volumeCopies))
            : Report::tr("%1 (%2 tokens a month each, all billed at the API's output price)")
                  .arg(heavyUserVerdictText(heavy), tokensText(w.heavyUserTokensPerMonth)),
        QStringLiteral("breakeven_heavy_users"),
        heavy.kind == HeavyUserKind::WinsFrom || heavy.kind == HeavyUserKind::WithinBand
            ? csvInt(heavy.usersNeeded)
            : QString(),
        QStringLiteral("users"));
    row(Report::tr("Recommendation"), recommendationText(rec), QStringLiteral("recommendation"),
        QString::fromStdString(recommendationId(rec)), QString(), true);
    return t;
}

} // namespace hostplan::ui::reporttables
