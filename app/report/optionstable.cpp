// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"
#include "sizing/cost.h"
#include "sizing/fit.h"

namespace hostplan::ui::reporttables {

ReportTable optionsTable(const PlanResult &p, const std::vector<GpuOptionRow> &options) {
    ReportTable t;
    t.id = QStringLiteral("options");
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    t.title = Report::tr("Options across GPU types (%1, %2 of %3 tokens)")
                  .arg(qs(p.model.displayName), sequencesText(p.scenario.workload.concurrency),
                       groupedInt(p.scenario.workload.contextTokens));
    t.headers = {Report::tr("GPU"),
                 Report::tr("Memory per GPU"),
                 Report::tr("GPUs per instance"),
                 Report::tr("Memory floor"),
                 Report::tr("Practical count"),
                 Report::tr("Sequences at %1 ms")
                     .arg(numberText(p.scenario.workload.targetSecondsPerOutputToken * 1e3, 0)),
                 Report::tr("Pilot range"),
                 Report::tr("Per GPU-hour"),
                 Report::tr("Month at %1 h/day").arg(hpd),
                 Report::tr("Month always on")};
    t.columnWeights = {2.4, 1.0, 0.7, 1.0, 1.1, 1.1, 1.1, 1.0, 1.3, 1.3};
    t.rightAligned = {false, true, true, true, true, true, true, true, true, true};
    t.csvHeaders = {QStringLiteral("gpu"),
                    QStringLiteral("gpu_name"),
                    QStringLiteral("memory_bytes_per_gpu"),
                    QStringLiteral("gpus_per_instance"),
                    QStringLiteral("gpus_floor"),
                    QStringLiteral("gpus_practical"),
                    QStringLiteral("sequences_at_target"),
                    QStringLiteral("pilot_low_gpus"),
                    QStringLiteral("pilot_high_gpus"),
                    QStringLiteral("usd_per_gpu_hour"),
                    QStringLiteral("usd_per_month_scheduled"),
                    QStringLiteral("usd_per_month_always_on"),
                    QStringLiteral("scenario_gpu"),
                    QStringLiteral("gpus_costed"),
                    QStringLiteral("rate_from_offer")};
    for (const GpuOptionRow &o : options) {
        const QString name =
            qs(o.gpu.name) + (o.isScenarioGpu ? Report::tr(" (scenario)") : QString());
        if (!o.evaluated) {
            addRow(t,
                   {name, gbText(double(o.gpu.memoryBytes), 0), QString::number(o.gpu.gpusPerNode),
                    QStringLiteral("-"), o.error, QString(), QString(), QString(), QString(),
                    QString()},
                   {qs(o.gpu.id), qs(o.gpu.name), csvInt(o.gpu.memoryBytes),
                    csvInt(std::uint64_t(o.gpu.gpusPerNode)), QString(), QString(), QString(),
                    QString(), QString(), QString(), QString(), QString(),
                    o.isScenarioGpu ? QStringLiteral("1") : QStringLiteral("0"), QString(),
                    QString()},
                   o.isScenarioGpu);
            continue;
        }
        const bool found = o.practicalFound;
        // A GPU type with no rate (no offer, none in its GPU file, none typed) is priced at
        // nothing known, not at $0; the scenario's row follows the plan's own rule.
        const bool noRate = o.isScenarioGpu ? gpuRateUnknown(p)
                                            : !o.offerRate && !(o.usdPerGpuHour > 0) &&
                                                  !p.scenario.pricing.usdPerGpuHour;
        addRow(t,
               {name, gbText(double(o.gpu.memoryBytes), 0), QString::number(o.gpusPerNode),
                QString::number(o.floorGpus),
                !found ? Report::tr("none up to %1").arg(kMaxPracticalGpus)
                // The scenario's own count, when it starts short, holds part of the sequences
                // that every other row holds in full: said in the row.
                : o.isScenarioGpu && o.costedGpus != o.practicalGpus && p.fit.startsShort
                    ? Report::tr("%1 (row at your %2, holding %3 of %4)")
                          .arg(QString::number(o.practicalGpus), QString::number(o.costedGpus),
                               groupedInt(p.fit.maxConcurrency),
                               groupedInt(p.scenario.workload.concurrency))
                : o.costedGpus != o.practicalGpus
                    ? Report::tr("%1 (row at your %2)").arg(o.practicalGpus).arg(o.costedGpus)
                    : QString::number(o.practicalGpus),
                !found                     ? QStringLiteral("-")
                : o.sequencesAtTarget == 0 ? Report::tr("0 (too slow)")
                                           : groupedInt(o.sequencesAtTarget),
                pilotRangeText(o.pilot),
                noRate
                    ? Report::tr("unknown")
                    : rateText(o.usdPerGpuHour) + (o.offerRate ? QString() : QStringLiteral(" *")),
                !found   ? QStringLiteral("-")
                : noRate ? Report::tr("unknown")
                         : usdText(o.usdPerMonthScheduled),
                !found   ? QStringLiteral("-")
                : noRate ? Report::tr("unknown")
                         : usdText(o.usdPerMonthAlwaysOn)},
               {qs(o.gpu.id), qs(o.gpu.name), csvInt(o.gpu.memoryBytes),
                csvInt(std::uint64_t(o.gpusPerNode)), csvInt(std::uint64_t(o.floorGpus)),
                found ? csvInt(std::uint64_t(o.practicalGpus)) : QString(),
                found ? csvInt(std::uint64_t(o.sequencesAtTarget)) : QString(),
                found ? csvInt(std::uint64_t(o.pilot.low)) : QString(),
                found ? csvInt(std::uint64_t(o.pilot.high)) : QString(),
                noRate ? QString() : csvNumber(o.usdPerGpuHour),
                found && !noRate ? csvNumber(o.usdPerMonthScheduled) : QString(),
                found && !noRate ? csvNumber(o.usdPerMonthAlwaysOn) : QString(),
                o.isScenarioGpu ? QStringLiteral("1") : QStringLiteral("0"),
                found ? csvInt(std::uint64_t(o.costedGpus)) : QString(),
                o.offerRate ? QStringLiteral("1") : QStringLiteral("0")},
               o.isScenarioGpu);
    }
    t.note =
        Report::tr(
            "Memory floor: GPUs whose advertised memory holds the weights alone. Practical "
            "count: the smallest rentable count (1 GPU or whole nodes) whose layout holds "
            "the weights and the workload. Sequences at the target: how many of them the "
            "practical layout runs within the time per output token (0: too slow, e.g. "
            "pipeline stages over many nodes). Pilot range: what to ask a provider to quote for "
            "a pilot, from the practical count to one more node (at most twice the practical "
            "count). Monthly costs and sequences are at the practical count (on the scenario's "
            "row, "
            "at its own GPU count when it fixes one) and the rate of each type's chosen offer "
            "(or yours); %1 A * marks a rate no rental offer gives (the GPU type's assumed "
            "catalogue rate, or yours).")
            .arg(p.apiPriced ? Report::tr("the API costs %1 per month for the same tokens.")
                                   .arg(usdText(p.apiUsdPerMonth))
                             : Report::tr("no API price is known for this model."));
    return t;
}

} // namespace hostplan::ui::reporttables
