// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"
#include "sizing/cost.h"

#include <cmath>

namespace hostplan::ui::reporttables {

ReportTable costTable(const PlanResult &p) {
    ReportTable t;
    t.id = QStringLiteral("cost");
    // Without a known rate every cost cell is unknown, not $0 (decided once for the table).
    const bool noRate = gpuRateUnknown(p);
    t.title =
        noRate
            ? Report::tr("Rental cost of %1: unknown, no GPU-hour rate is known").arg(gpuLabel(p))
            : Report::tr("Rental cost of %1 at %2 per GPU-hour")
                  .arg(gpuLabel(p), rateText(p.usdPerGpuHour));
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    t.headers = {Report::tr("Period"), Report::tr("GPU-hours, 24 h/day"),
                 Report::tr("Cost, always on"), Report::tr("GPU-hours, %1 h/day").arg(hpd),
                 Report::tr("Cost at %1 h/day").arg(hpd)};
    t.columnWeights = {2.2, 1.7, 1.5, 1.7, 1.5};
    t.rightAligned = {false, true, true, true, true};
    t.csvHeaders = {QStringLiteral("period"),
                    QStringLiteral("hours"),
                    QStringLiteral("gpu_hours_always_on"),
                    QStringLiteral("usd_always_on"),
                    QStringLiteral("hours_per_day"),
                    QStringLiteral("gpu_hours_scheduled"),
                    QStringLiteral("usd_scheduled")};
    const std::uint32_t n = p.rentedGpus();
    struct Period {
        QString label;
        QString id;
        double hours;
    };
    const Period periods[] = {
        {Report::tr("1 hour"), QStringLiteral("hour"), 1},
        {Report::tr("1 day"), QStringLiteral("day"), 24},
        {Report::tr("30 days (720 h)"), QStringLiteral("30_days"), 720},
        {Report::tr("Month (%1 h, as planned)").arg(numberText(p.rental.hoursPerMonth, 0)),
         QStringLiteral("month"), p.rental.hoursPerMonth},
    };
    for (const Period &per : periods) {
        // rentalCost over a "month" of per.hours hours gives the period's cost both ways; the
        // hour row is one hour of running GPUs in both columns.
        RentalCost c = per.hours == p.rental.hoursPerMonth
                           ? p.rental
                           : rentalCost(n, p.usdPerGpuHour, p.rental.hoursPerDay, per.hours);
        double gpuHoursSched = c.gpuHoursPerMonthScheduled;
        double usdSched = c.usdPerMonthScheduled;
        if (per.hours == 1) {
            gpuHoursSched = c.gpuHoursPerMonthAlwaysOn;
            usdSched = c.usdPerMonthAlwaysOn;
        }
        // Cents for the hourly rate only; a day and longer are whole dollars like the totals.
        const bool cents = per.hours <= 1;
        auto money = [&](double v) {
            return noRate ? Report::tr("unknown") : cents ? usdCentsText(v) : usdText(v);
        };
        addRow(t,
               {per.label, groupedInt(std::uint64_t(std::llround(c.gpuHoursPerMonthAlwaysOn))),
                money(c.usdPerMonthAlwaysOn),
                groupedInt(std::uint64_t(std::llround(gpuHoursSched))), money(usdSched)},
               {per.id, csvNumber(per.hours), csvNumber(c.gpuHoursPerMonthAlwaysOn),
                planRentalCsv(p, c.usdPerMonthAlwaysOn), csvNumber(p.rental.hoursPerDay),
                csvNumber(gpuHoursSched), planRentalCsv(p, usdSched)},
               per.id == QLatin1String("month"));
    }
    // Which rate the table is at (the core's rule, planRate), then the API comparison.
    t.note =
        planRateText(p) + QLatin1Char(' ') +
        (p.apiPriced
             ? Report::tr("The same tokens at API prices (%1): %2 per month. The hour row is one "
                          "hour of running GPUs; \"at %3 h/day\" rents them only for those hours.")
                   .arg(qs(p.api.name), usdText(p.apiUsdPerMonth), hpd)
             : Report::tr("No API price is known for this model, so there is no API comparison. "
                          "The hour row is one hour of running GPUs; \"at %1 h/day\" rents them "
                          "only for those hours.")
                   .arg(hpd));
    return t;
}

} // namespace hostplan::ui::reporttables
