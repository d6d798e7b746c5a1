#include "report/reportcontent.h"

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
#include <cmath>
#include <limits>

namespace hostplan::ui {

namespace {

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

QString csvInt(std::uint64_t v) {
    return QString::number(qulonglong(v));
}
QString csvInt(std::int64_t v) {
    return QString::number(qlonglong(v));
}

QString rateText(double usdPerGpuHour) {
    return usdCentsText(usdPerGpuHour);
}

QString tokensPerMonthText(double tokens) {
    return tokensText(tokens);
}

QString heavyUsersCountText(double users) {
    return std::isfinite(users) ? groupedInt(std::uint64_t(std::ceil(users))) : Report::tr("never");
}

QString bandwidthText(double bytesPerS) {
    if (bytesPerS <= 0) {
        return QStringLiteral("-");
    }
    return QStringLiteral("%1 TB/s").arg(numberText(bytesPerS / 1e12, 2));
}

QString signedBytesText(std::int64_t bytes) {
    const QString s = bytesText(double(bytes < 0 ? -bytes : bytes));
    return bytes < 0 ? QStringLiteral("-") + s : s;
}

/// Add a row to both forms of a table.
void addRow(ReportTable &t, const QStringList &display, const QStringList &csv, bool bold = false) {
    if (bold) {
        t.boldRows << int(t.rows.size());
    }
    t.rows << display;
    t.csvRows << csv;
}

QString gpuLabel(const PlanResult &p) {
    return Report::tr("%1 x %2").arg(p.layout.gpuCount()).arg(qs(p.gpu.name));
}

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
    const std::uint32_t node =
        p.scenario.hardware.gpusPerNode ? p.scenario.hardware.gpusPerNode : p.gpu.gpusPerNode;
    const PilotRange pilot = pilotRange(p.fit.practicalFound ? p.fit.gpusPractical : 0, node);
    auto row = [&](const QString &label, const QString &value, const QString &id,
                   const QString &raw, const QString &unit, bool bold = false) {
        addRow(t, {label, value}, {id, raw, unit}, bold);
    };
    row(Report::tr("Fits"), p.fit.fits ? Report::tr("yes") : Report::tr("no"), QStringLiteral("fits"),
        p.fit.fits ? QStringLiteral("1") : QStringLiteral("0"), QStringLiteral("bool"), true);
    row(Report::tr("GPUs"),
        Report::tr("%1 (TP %2, EP %3, PP %4)")
            .arg(gpuLabel(p))
            .arg(p.layout.tp)
            .arg(p.layout.ep)
            .arg(p.layout.pp),
        QStringLiteral("gpu_count"), csvInt(std::uint64_t(p.layout.gpuCount())), qs(p.gpu.id));
    row(Report::tr("Workload"),
        Report::tr("%1 of %2 tokens (up to %3 fit)")
            .arg(sequencesText(w.concurrency), groupedInt(w.contextTokens),
                 groupedInt(p.fit.maxConcurrency)),
        QStringLiteral("max_concurrency"), csvInt(std::uint64_t(p.fit.maxConcurrency)),
        QStringLiteral("sequences"));
    row(Report::tr("Memory per GPU"),
        Report::tr("%1 needed of %2 usable")
            .arg(bytesText(double(p.memory.perGpu.total())),
                 bytesText(double(p.memory.usableBytesPerGpu))),
        QStringLiteral("per_gpu_bytes"), csvInt(p.memory.perGpu.total()), QStringLiteral("bytes"));
    row(Report::tr("Memory in total"), bytesText(double(p.memory.total.total())),
        QStringLiteral("total_bytes"), csvInt(p.memory.total.total()), QStringLiteral("bytes"));
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
    row(Report::tr("GPU-hour rate"), rateText(p.usdPerGpuHour), QStringLiteral("usd_per_gpu_hour"),
        csvNumber(p.usdPerGpuHour), QStringLiteral("USD"));
    row(Report::tr("Monthly rental, always on (%1 h)").arg(numberText(p.rental.hoursPerMonth, 0)),
        usdText(p.rental.usdPerMonthAlwaysOn), QStringLiteral("usd_per_month_always_on"),
        csvNumber(p.rental.usdPerMonthAlwaysOn), QStringLiteral("USD"), true);
    row(Report::tr("Monthly rental at %1 h/day").arg(hpd), usdText(p.rental.usdPerMonthScheduled),
        QStringLiteral("usd_per_month"), csvNumber(p.rental.usdPerMonthScheduled),
        QStringLiteral("USD"), true);
    // Without an API price the API cost and break-even are NaN: say so (the CSV stays empty).
    const QString noApi = Report::tr("no API price");
    row(p.apiPriced ? Report::tr("API, same volume (%1)").arg(qs(p.api.name)) : Report::tr("API, same volume"),
        p.apiPriced ? usdText(p.apiUsdPerMonth) : noApi, QStringLiteral("api_usd_per_month"),
        csvNumber(p.apiUsdPerMonth), QStringLiteral("USD"), true);
    // A plan that does not fit serves no tokens: it has no cost per token.
    const double perMTok = p.fit.fits ? p.selfHostUsdPerMTokOutput : kNaN;
    row(Report::tr("Self-hosted cost per 1M output tokens"),
        p.fit.fits ? usdCentsText(perMTok) : Report::tr("n/a (the plan does not fit)"),
        QStringLiteral("self_host_usd_per_mtok_output"), csvNumber(perMTok), QStringLiteral("USD"));
    // Nor a break-even: "never", once (the CSV cell stays empty).
    const double beTokens = p.fit.fits ? p.breakeven.outputTokensPerMonth : kInf;
    const double beUsers = p.fit.fits ? p.breakeven.heavyUsersToBreakEven : kInf;
    row(Report::tr("Break-even output volume"),
        !p.apiPriced ? noApi
        : !std::isfinite(beTokens)
            ? Report::tr("never")
            : Report::tr("%1 tokens a month (%2 tokens/s)")
                  .arg(tokensText(beTokens),
                       groupedInt(std::uint64_t(std::llround(p.breakeven.outputTokensPerSecond)))),
        QStringLiteral("breakeven_output_tokens_per_month"), csvNumber(beTokens),
        QStringLiteral("tokens"));
    row(Report::tr("Break-even heavy users"),
        !p.apiPriced ? noApi
        : !std::isfinite(beUsers)
            ? Report::tr("never")
            : Report::tr("%1 (%2 tokens a month each)")
                  .arg(heavyUsersCountText(beUsers), tokensText(w.heavyUserTokensPerMonth)),
        QStringLiteral("breakeven_heavy_users"), csvNumber(beUsers), QStringLiteral("users"));
    row(Report::tr("Recommendation"), recommendationName(rec), QStringLiteral("recommendation"),
        rec == Recommendation::Api           ? QStringLiteral("api")
        : rec == Recommendation::BurstRental ? QStringLiteral("burst_rental")
        : rec == Recommendation::Dedicated   ? QStringLiteral("dedicated")
                                             : QStringLiteral("no_api_price"),
        QString(), true);
    return t;
}

ReportTable costTable(const PlanResult &p) {
    ReportTable t;
    t.id = QStringLiteral("cost");
    t.title =
        Report::tr("Rental cost of %1 at %2 per GPU-hour").arg(gpuLabel(p), rateText(p.usdPerGpuHour));
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    t.headers = {Report::tr("Period"), Report::tr("GPU-hours, 24 h/day"), Report::tr("Cost, always on"),
                 Report::tr("GPU-hours, %1 h/day").arg(hpd), Report::tr("Cost at %1 h/day").arg(hpd)};
    t.columnWeights = {2.2, 1.7, 1.5, 1.7, 1.5};
    t.rightAligned = {false, true, true, true, true};
    t.csvHeaders = {QStringLiteral("period"),
                    QStringLiteral("hours"),
                    QStringLiteral("gpu_hours_always_on"),
                    QStringLiteral("usd_always_on"),
                    QStringLiteral("hours_per_day"),
                    QStringLiteral("gpu_hours_scheduled"),
                    QStringLiteral("usd_scheduled")};
    const std::uint32_t n = p.layout.gpuCount();
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
        auto money = [&](double v) { return cents ? usdCentsText(v) : usdText(v); };
        addRow(t,
               {per.label, groupedInt(std::uint64_t(std::llround(c.gpuHoursPerMonthAlwaysOn))),
                money(c.usdPerMonthAlwaysOn),
                groupedInt(std::uint64_t(std::llround(gpuHoursSched))), money(usdSched)},
               {per.id, csvNumber(per.hours), csvNumber(c.gpuHoursPerMonthAlwaysOn),
                csvNumber(c.usdPerMonthAlwaysOn), csvNumber(p.rental.hoursPerDay),
                csvNumber(gpuHoursSched), csvNumber(usdSched)},
               per.id == QLatin1String("month"));
    }
    t.note = p.apiPriced
                 ? Report::tr("The same tokens at API prices (%1): %2 per month. The hour row is one "
                      "hour of running GPUs; \"at %3 h/day\" rents them only for those hours.")
                       .arg(qs(p.api.name), usdText(p.apiUsdPerMonth), hpd)
                 : Report::tr("No API price is known for this model, so there is no API comparison. "
                      "The hour row is one hour of running GPUs; \"at %1 h/day\" rents them "
                      "only for those hours.")
                       .arg(hpd);
    return t;
}

ReportTable memoryTable(const PlanResult &p) {
    const auto &m = p.memory;
    ReportTable t;
    t.id = QStringLiteral("memory");
    t.title = Report::tr("Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)")
                  .arg(gpuLabel(p))
                  .arg(p.layout.tp)
                  .arg(p.layout.ep)
                  .arg(p.layout.pp);
    t.headers = {Report::tr("Component"), Report::tr("Per GPU"), Report::tr("All %1").arg(gpusText(p.layout.gpuCount()))};
    t.columnWeights = {2.0, 2.0, 2.0};
    t.rightAligned = {false, true, true};
    t.csvHeaders = {QStringLiteral("component"), QStringLiteral("per_gpu_bytes"),
                    QStringLiteral("total_bytes")};
    struct Row {
        QString label;
        QString id;
        std::uint64_t perGpu;
        std::uint64_t total;
    };
    std::vector<Row> rows = {
        {Report::tr("Weights"), QStringLiteral("weights"), m.perGpu.weights, m.total.weights},
        {Report::tr("KV cache (%1 x %2 tokens)")
             .arg(groupedInt(p.scenario.workload.concurrency),
                  groupedInt(p.scenario.workload.contextTokens)),
         QStringLiteral("kv_cache"), m.perGpu.kvCache, m.total.kvCache},
    };
    if (m.perGpu.state || m.total.state) {
        rows.push_back(
            {Report::tr("Linear-attention state"), QStringLiteral("state"), m.perGpu.state, m.total.state});
    }
    rows.push_back({Report::tr("Activations"), QStringLiteral("activations"), m.perGpu.activations,
                    m.total.activations});
    rows.push_back(
        {Report::tr("Runtime overhead"), QStringLiteral("runtime"), m.perGpu.runtime, m.total.runtime});
    for (const Row &r : rows) {
        addRow(t, {r.label, bytesText(double(r.perGpu)), bytesText(double(r.total))},
               {r.id, csvInt(r.perGpu), csvInt(r.total)});
    }
    addRow(t,
           {Report::tr("Total needed"), bytesText(double(m.perGpu.total())),
            bytesText(double(m.total.total()))},
           {QStringLiteral("total"), csvInt(m.perGpu.total()), csvInt(m.total.total())}, true);
    addRow(t,
           {Report::tr("Engine budget (memory fraction %1)").arg(numberText(m.memoryFraction, 2)),
            bytesText(double(m.budgetBytesPerGpu)),
            bytesText(double(m.budgetBytesPerGpu) * p.layout.gpuCount())},
           {QStringLiteral("engine_budget"), csvInt(m.budgetBytesPerGpu),
            csvInt(m.budgetBytesPerGpu * p.layout.gpuCount())});
    addRow(t,
           {Report::tr("Usable GPU memory (driver total)"), bytesText(double(m.usableBytesPerGpu)),
            bytesText(double(m.usableBytesPerGpu) * p.layout.gpuCount())},
           {QStringLiteral("usable"), csvInt(m.usableBytesPerGpu),
            csvInt(m.usableBytesPerGpu * p.layout.gpuCount())});
    addRow(t,
           {Report::tr("Room for KV cache and state"), signedBytesText(m.kvCapacityBytesPerGpu),
            signedBytesText(m.kvCapacityBytesPerGpu * std::int64_t(p.layout.gpuCount()))},
           {QStringLiteral("kv_state_room"), csvInt(m.kvCapacityBytesPerGpu),
            csvInt(m.kvCapacityBytesPerGpu * std::int64_t(p.layout.gpuCount()))});
    t.note =
        Report::tr("Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 "
           "bytes per token for the whole model, %2 per GPU. Up to %3 sequences of %4 tokens "
           "fit at once.")
            .arg(groupedInt(m.cache.kvBytesPerToken), groupedInt(m.cache.kvBytesPerTokenPerGpu),
                 groupedInt(p.fit.maxConcurrency), groupedInt(p.scenario.workload.contextTokens));
    return t;
}

ReportTable groupsTable(const PlanResult &p) {
    ReportTable t;
    t.id = QStringLiteral("weights");
    t.title = Report::tr("Weights by tensor group");
    t.headers = {Report::tr("Group"),      Report::tr("Format"),      Report::tr("Placement"),
                 Report::tr("Parameters"), Report::tr("Whole model"), Report::tr("Per GPU")};
    t.columnWeights = {2.4, 1.0, 1.1, 1.7, 1.3, 1.3};
    t.rightAligned = {false, false, false, true, true, true};
    t.csvHeaders = {QStringLiteral("group"),     QStringLiteral("format"),
                    QStringLiteral("placement"), QStringLiteral("params"),
                    QStringLiteral("bytes"),     QStringLiteral("per_gpu_bytes")};
    std::uint64_t params = 0;
    for (const auto &g : p.memory.groups) {
        const QString placement =
            g.placement == Placement::Sharded ? Report::tr("sharded") : Report::tr("replicated");
        addRow(t,
               {groupNameText(g.name), qs(g.format.label()), placement, groupedInt(g.params),
                gbText(double(g.totalBytes), 2), gbText(double(g.perGpuBytes), 2)},
               {qs(g.name), qs(g.format.name()),
                g.placement == Placement::Sharded ? QStringLiteral("sharded")
                                                  : QStringLiteral("replicated"),
                csvInt(g.params), csvInt(g.totalBytes), csvInt(g.perGpuBytes)});
        params += g.params;
    }
    addRow(t,
           {Report::tr("All groups"), QString(), QString(), groupedInt(params),
            gbText(double(p.model.weightBytes()), 2), gbText(double(p.memory.perGpu.weights), 2)},
           {QStringLiteral("total"), QString(), QString(), csvInt(params),
            csvInt(p.model.weightBytes()), csvInt(p.memory.perGpu.weights)},
           true);
    return t;
}

ReportTable optionsTable(const PlanResult &p, const std::vector<GpuOptionRow> &options) {
    ReportTable t;
    t.id = QStringLiteral("options");
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    t.title = Report::tr("Options across GPU types (%1, %2 of %3 tokens)")
                  .arg(qs(p.model.displayName), sequencesText(p.scenario.workload.concurrency),
                       groupedInt(p.scenario.workload.contextTokens));
    t.headers = {Report::tr("GPU"),
                 Report::tr("Memory per GPU"),
                 Report::tr("Node"),
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
                    QStringLiteral("gpus_per_node"),
                    QStringLiteral("gpus_floor"),
                    QStringLiteral("gpus_practical"),
                    QStringLiteral("sequences_at_target"),
                    QStringLiteral("pilot_low_gpus"),
                    QStringLiteral("pilot_high_gpus"),
                    QStringLiteral("usd_per_gpu_hour"),
                    QStringLiteral("usd_per_month_scheduled"),
                    QStringLiteral("usd_per_month_always_on"),
                    QStringLiteral("scenario_gpu")};
    for (const GpuOptionRow &o : options) {
        const QString name = qs(o.gpu.name) + (o.isScenarioGpu ? Report::tr(" (scenario)") : QString());
        if (!o.evaluated) {
            addRow(t,
                   {name, gbText(double(o.gpu.memoryBytes), 0), QString::number(o.gpu.gpusPerNode),
                    QStringLiteral("-"), o.error, QString(), QString(), QString(), QString(),
                    QString()},
                   {qs(o.gpu.id), qs(o.gpu.name), csvInt(o.gpu.memoryBytes),
                    csvInt(std::uint64_t(o.gpu.gpusPerNode)), QString(), QString(), QString(),
                    QString(), QString(), QString(), QString(), QString(),
                    o.isScenarioGpu ? QStringLiteral("1") : QStringLiteral("0")},
                   o.isScenarioGpu);
            continue;
        }
        const bool found = o.practicalFound;
        addRow(
            t,
            {name, gbText(double(o.gpu.memoryBytes), 0), QString::number(o.gpusPerNode),
             QString::number(o.floorGpus),
             found ? QString::number(o.practicalGpus) : Report::tr("none up to %1").arg(kMaxPracticalGpus),
             !found                     ? QStringLiteral("-")
             : o.sequencesAtTarget == 0 ? Report::tr("0 (too slow)")
                                        : groupedInt(o.sequencesAtTarget),
             pilotRangeText(o.pilot), rateText(o.usdPerGpuHour),
             found ? usdText(o.usdPerMonthScheduled) : QStringLiteral("-"),
             found ? usdText(o.usdPerMonthAlwaysOn) : QStringLiteral("-")},
            {qs(o.gpu.id), qs(o.gpu.name), csvInt(o.gpu.memoryBytes),
             csvInt(std::uint64_t(o.gpusPerNode)), csvInt(std::uint64_t(o.floorGpus)),
             found ? csvInt(std::uint64_t(o.practicalGpus)) : QString(),
             found ? csvInt(std::uint64_t(o.sequencesAtTarget)) : QString(),
             found ? csvInt(std::uint64_t(o.pilot.low)) : QString(),
             found ? csvInt(std::uint64_t(o.pilot.high)) : QString(), csvNumber(o.usdPerGpuHour),
             found ? csvNumber(o.usdPerMonthScheduled) : QString(),
             found ? csvNumber(o.usdPerMonthAlwaysOn) : QString(),
             o.isScenarioGpu ? QStringLiteral("1") : QStringLiteral("0")},
            o.isScenarioGpu);
    }
    t.note = Report::tr("Memory floor: GPUs whose advertised memory holds the weights alone. Practical "
                "count: the smallest rentable count (1 GPU or whole nodes) whose layout holds "
                "the weights and the workload. Sequences at the target: how many of them the "
                "practical layout runs within the time per output token (0: too slow, e.g. "
                "pipeline stages over many nodes). Pilot range: what to ask a provider to quote for "
                "a pilot, from the practical count to one more node (at most twice the practical "
                "count). Monthly costs are at the practical count; %1")
                 .arg(p.apiPriced ? Report::tr("the API costs %1 per month for the same tokens.")
                                        .arg(usdText(p.apiUsdPerMonth))
                                  : Report::tr("no API price is known for this model."));
    return t;
}

ReportTable probeTable(const PlanResult &p, const probe::ProbeReport *report,
                       QStringList &summary) {
    ReportTable t;
    t.id = QStringLiteral("probe");
    t.title = Report::tr("Each probed GPU against the plan");
    t.headers = {Report::tr("GPU"),     Report::tr("Planned per GPU"),    Report::tr("Free"),      Report::tr("Headroom"),
                 Report::tr("Verdict"), Report::tr("Measured bandwidth"), Report::tr("Catalogue"), Report::tr("Ratio")};
    t.columnWeights = {2.2, 1.7, 1.7, 1.7, 1.3, 1.2, 1.1, 0.7};
    t.rightAligned = {false, true, true, true, false, true, true, true};
    t.csvHeaders = {QStringLiteral("device"),
                    QStringLiteral("name"),
                    QStringLiteral("planned_bytes"),
                    QStringLiteral("free_bytes"),
                    QStringLiteral("headroom_bytes"),
                    QStringLiteral("verdict"),
                    QStringLiteral("verified"),
                    QStringLiteral("measured_bandwidth_bytes_per_s"),
                    QStringLiteral("catalogue_bandwidth_bytes_per_s"),
                    QStringLiteral("bandwidth_ratio"),
                    QStringLiteral("reason")};
    if (!report) {
        summary << Report::tr("No probe report is attached. Run hostplan-probe on the rented machine "
                      "(hostplan-probe all --json --scenario FILE > probe.json) and attach the "
                      "report: hostplan-cli report --probe-report probe.json, or import it in "
                      "the Probe panel before exporting from the GUI.");
        return t;
    }
    summary << Report::tr("Probe report from host %1, %2 (%3 %4); status: %5; GPUs found: %6.")
                   .arg(qs(report->host), qs(report->timeUtc), qs(report->tool),
                        qs(report->toolVersion), probeStatusText(report->status))
                   .arg(report->devices.size());
    // A probe of another GPU type says nothing about the plan's speed or free memory.
    for (const auto &d : report->devices) {
        const auto probed = probe::catalogueGpuFor(d.name, Catalogue::builtin());
        if (!probed || probed->id != p.gpu.id) {
            summary << Report::tr("The probed machine has %1, the plan is for %2: the verdicts "
                                  "below test the plan's memory per GPU on the probed GPUs, and "
                                  "the plan's speed figures are not calibrated by this report.")
                           .arg(qs(d.name), qs(p.gpu.name));
            break;
        }
    }
    for (const auto &msg : report->messages) {
        summary << qs(msg);
    }
    probe::PlanExpectation expect;
    expect.plannedBytesPerGpu = p.memory.perGpu.total();
    expect.gpuCount = int(p.layout.gpuCount());
    expect.catalogueBandwidthBytesPerS = p.gpu.hbmBandwidthBytesPerS;
    expect.gpuName = p.gpu.name;
    if (int(report->devices.size()) < expect.gpuCount) {
        summary << Report::tr("The plan needs %1 and the probed machine has %2: the verdicts are per "
                      "GPU.")
                       .arg(gpusText(expect.gpuCount), gpusText(qint64(report->devices.size())));
    }
    // Bandwidth against each device's own data sheet, not the plan's GPU.
    for (const probe::PlanCheckRow &r :
         probe::comparePlanWithCatalogue(*report, expect, Catalogue::builtin())) {
        QString verdict;
        QString verdictId;
        switch (r.verdict) {
        case probe::Verdict::Fits:
            verdict = r.verified ? Report::tr("Fits (verified)") : Report::tr("Fits (free memory)");
            verdictId = QStringLiteral("fits");
            break;
        case probe::Verdict::DoesNotFit:
            verdict = Report::tr("Does not fit");
            verdictId = QStringLiteral("does_not_fit");
            break;
        case probe::Verdict::Unknown:
            verdict = QStringLiteral("-");
            verdictId = QStringLiteral("unknown");
            break;
        }
        addRow(t,
               {QStringLiteral("%1: %2").arg(r.device).arg(qs(r.name)),
                gbText(double(r.plannedBytes), 2), gbText(double(r.freeBytes), 2),
                (r.headroomBytes < 0 ? QStringLiteral("-") : QString()) +
                    gbText(double(r.headroomBytes < 0 ? -r.headroomBytes : r.headroomBytes), 2),
                verdict, bandwidthText(r.measuredBandwidthBytesPerS),
                bandwidthText(r.catalogueBandwidthBytesPerS),
                r.bandwidthRatio > 0
                    ? QStringLiteral("%1 %").arg(numberText(r.bandwidthRatio * 100, 0))
                    : QStringLiteral("-")},
               {QString::number(r.device), qs(r.name), csvInt(r.plannedBytes), csvInt(r.freeBytes),
                csvInt(r.headroomBytes), verdictId,
                r.verified ? QStringLiteral("1") : QStringLiteral("0"),
                csvNumber(r.measuredBandwidthBytesPerS), csvNumber(r.catalogueBandwidthBytesPerS),
                csvNumber(r.bandwidthRatio), qs(r.reason)});
        if (!r.reason.empty()) {
            t.note += (t.note.isEmpty() ? QString() : QStringLiteral(" ")) +
                      Report::tr("GPU %1: %2.").arg(r.device).arg(qs(r.reason));
        }
    }
    return t;
}

ReportTable assumptionsTable(const PlanResult &p, const QString &scenarioFile,
                             const std::vector<GpuOptionRow> &options) {
    ReportTable t;
    t.id = QStringLiteral("assumptions");
    t.title = Report::tr("Assumptions: every input and catalogue figure used");
    t.headers = {Report::tr("Item"), Report::tr("Value"), Report::tr("Source"), Report::tr("As of")};
    t.columnWeights = {2.2, 2.0, 4.6, 1.0};
    t.rightAligned = {false, false, false, false};
    t.csvHeaders = {QStringLiteral("item"), QStringLiteral("value"), QStringLiteral("source"),
                    QStringLiteral("as_of")};
    const Scenario &s = p.scenario;
    const QString input = scenarioFile.isEmpty()
                              ? Report::tr("Scenario input")
                              : Report::tr("Scenario input (%1)").arg(QFileInfo(scenarioFile).fileName());
    auto row = [&](const QString &item, const QString &value, const QString &source,
                   const QString &asOf = QStringLiteral("-")) {
        addRow(t, {item, value, source, asOf}, {item, value, source, asOf});
    };
    auto inputRow = [&](const QString &item, const QString &value) { row(item, value, input); };
    const EngineDefaults defaults = engineDefaults(s.engine.engine);
    const QString engineDoc = Report::tr("%1 default (HostPlan core/sizing/memory.h, from the engine's "
                                 "documentation)")
                                  .arg(qs(engineName(s.engine.engine)));

    // Inputs, in scenario-file order.
    inputRow(Report::tr("Scenario name"), qs(s.name));
    inputRow(Report::tr("Model"), qs(s.model.ref));
    inputRow(Report::tr("Weights format"), s.model.weightsFormat ? qs(s.model.weightsFormat->label())
                                                         : Report::tr("as shipped in the checkpoint"));
    for (const auto &[role, format] : s.model.groupFormats) {
        inputRow(Report::tr("Format of %1 weights").arg(groupRoleText(role).toLower()),
                 qs(format.label()));
    }
    inputRow(Report::tr("KV cache format"), qs(s.model.kvFormat.label()));
    inputRow(Report::tr("Linear-attention state format"), qs(s.model.stateFormat.label()));
    inputRow(Report::tr("GPU type"), qs(s.hardware.gpu));
    inputRow(Report::tr("GPU count"), s.hardware.gpuCount
                                  ? QString::number(s.hardware.gpuCount)
                                  : Report::tr("auto (practical count: %1)").arg(p.layout.gpuCount()));
    if (s.hardware.gpusPerNode) {
        inputRow(Report::tr("GPUs per node"), QString::number(s.hardware.gpusPerNode));
    } else {
        row(Report::tr("GPUs per node"), QString::number(p.gpu.gpusPerNode), qs(p.gpu.source),
            qs(p.gpu.asOf));
    }
    const bool explicitLayout = s.hardware.tp || s.hardware.pp || s.hardware.ep;
    row(Report::tr("Parallel layout"),
        Report::tr("TP %1, EP %2, PP %3").arg(p.layout.tp).arg(p.layout.ep).arg(p.layout.pp),
        explicitLayout ? input : Report::tr("HostPlan's preferred layout for the GPU count (core/sizing/fit.h)"));
    inputRow(Report::tr("Serving engine"), qs(engineName(s.engine.engine)));
    if (s.engine.memoryFraction) {
        inputRow(Report::tr("Engine memory fraction"), numberText(*s.engine.memoryFraction, 2));
    } else {
        row(Report::tr("Engine memory fraction"), numberText(defaults.memoryFraction, 2),
            engineDoc);
    }
    if (s.engine.stateSlotsPerRequest) {
        inputRow(Report::tr("State slots per request"), QString::number(*s.engine.stateSlotsPerRequest));
    } else if (p.memory.cache.stateBytesPerSequence) {
        row(Report::tr("State slots per request"), QString::number(defaults.stateSlotsPerRequest),
            engineDoc);
    }
    row(Report::tr("KV block size"), Report::tr("%1 tokens").arg(defaults.kvBlockTokens), engineDoc);
    inputRow(Report::tr("Prefill chunk"), Report::tr("%1 tokens").arg(groupedInt(s.engine.prefillChunkTokens)));
    if (s.engine.activationBytesPerGpu) {
        inputRow(Report::tr("Activations per GPU"), bytesText(double(*s.engine.activationBytesPerGpu)));
    } else {
        row(Report::tr("Activations per GPU"), bytesText(double(p.memory.perGpu.activations)),
            Report::tr("HostPlan estimate: prefill chunk x hidden size x 2 bytes x 32 buffers, "
               "calibrated on seed 000 (core/sizing/memory.h)"));
    }
    if (s.engine.runtimeBytesPerGpu) {
        inputRow(Report::tr("Runtime overhead per GPU"), bytesText(double(*s.engine.runtimeBytesPerGpu)));
    } else {
        row(Report::tr("Runtime overhead per GPU"), bytesText(double(p.memory.perGpu.runtime)),
            Report::tr("HostPlan estimate: 2 GB, plus 2 GB for NCCL buffers and CUDA graphs on more "
               "than one GPU (seed 003; core/sizing/memory.h)"));
    }
    const Workload &w = s.workload;
    inputRow(Report::tr("Context per sequence"), Report::tr("%1 tokens").arg(groupedInt(w.contextTokens)));
    inputRow(Report::tr("Concurrent sequences"), groupedInt(w.concurrency));
    inputRow(Report::tr("Input tokens per month"), tokensPerMonthText(w.inputTokensPerMonth));
    inputRow(Report::tr("Cached input tokens per month"), tokensPerMonthText(w.cachedInputTokensPerMonth));
    inputRow(Report::tr("Output tokens per month"), tokensPerMonthText(w.outputTokensPerMonth));
    inputRow(Report::tr("Hours per day rented"), numberText(w.hoursPerDay, 1));
    inputRow(Report::tr("Heavy user's tokens per month"), tokensPerMonthText(w.heavyUserTokensPerMonth));
    inputRow(Report::tr("Hours per month"), numberText(s.pricing.hoursPerMonth, 0));

    // Prices.
    if (s.pricing.usdPerGpuHour) {
        inputRow(Report::tr("GPU-hour rate (%1)").arg(qs(p.gpu.id)), rateText(p.usdPerGpuHour));
    } else {
        row(Report::tr("GPU-hour rate (%1)").arg(qs(p.gpu.id)), rateText(p.usdPerGpuHour),
            qs(p.gpu.priceSource), qs(p.gpu.priceAsOf));
    }
    auto apiRow = [&](const QString &item, const std::optional<double> &override, double value) {
        const QString v = Report::tr("%1 per 1M tokens").arg(usdCentsText(value));
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

    // The model.
    const QString mSrc = qs(p.model.source);
    const QString mAsOf = p.model.asOf.empty() ? QStringLiteral("-") : qs(p.model.asOf);
    row(Report::tr("Model"),
        qs(p.model.displayName) + QStringLiteral(" (") + qs(p.model.architecture) +
            QLatin1Char(')'),
        mSrc, mAsOf);
    row(Report::tr("Total parameters"), groupedInt(p.model.totalParams), mSrc, mAsOf);
    row(Report::tr("Active parameters per token"), groupedInt(p.model.activeParams), mSrc, mAsOf);
    row(Report::tr("Weights (after formats)"), bytesText(double(p.model.weightBytes())), mSrc, mAsOf);
    if (p.model.checkpointBytes) {
        row(Report::tr("Checkpoint size"), bytesText(double(p.model.checkpointBytes)), mSrc, mAsOf);
    }
    if (p.model.maxContextTokens) {
        row(Report::tr("Maximum context"), Report::tr("%1 tokens").arg(groupedInt(p.model.maxContextTokens)), mSrc,
            mAsOf);
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
    row(Report::tr("HBM bandwidth per GPU"), bandwidthText(p.gpu.hbmBandwidthBytesPerS), gSrc, gAsOf);
    row(Report::tr("Native MXFP4"), p.gpu.nativeMxfp4 ? Report::tr("yes") : Report::tr("no (dequantized at run time)"),
        gSrc, gAsOf);

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

} // namespace

Recommendation recommend(const PlanResult &p) {
    if (!p.apiPriced) {
        return Recommendation::NoApiPrice;
    }
    if (!p.fit.fits || p.apiUsdPerMonth <= p.rental.usdPerMonthScheduled) {
        return Recommendation::Api;
    }
    if (p.apiUsdPerMonth > p.rental.usdPerMonthAlwaysOn) {
        return Recommendation::Dedicated;
    }
    return Recommendation::BurstRental;
}

QString recommendationName(Recommendation r) {
    switch (r) {
    case Recommendation::Api:
        return Report::tr("API");
    case Recommendation::BurstRental:
        return Report::tr("Burst rental");
    case Recommendation::Dedicated:
        return Report::tr("Dedicated");
    case Recommendation::NoApiPrice:
        return Report::tr("No API comparison");
    }
    return {};
}

QString recommendationLine(const PlanResult &p) {
    const Recommendation r = recommend(p);
    const QString name = recommendationName(r);
    const QString hpd = numberText(p.rental.hoursPerDay, 1);
    if (r == Recommendation::NoApiPrice) {
        return Report::tr("%1: no API price is known for %2; set one in the scenario's pricing to compare "
                  "renting %3 (%4 a month at %5 h/day) with paying per token.")
            .arg(name, QString::fromStdString(p.model.displayName), gpuLabel(p),
                 usdText(p.rental.usdPerMonthScheduled), hpd);
    }
    if (!p.fit.fits) {
        return Report::tr("%1: %2 does not carry this workload; stay on the API until a configuration "
                  "fits (practical count: %3).")
            .arg(name, gpuLabel(p),
                 p.fit.practicalFound ? gpusText(p.fit.gpusPractical)
                                      : Report::tr("none up to %1 GPUs").arg(kMaxPracticalGpus));
    }
    switch (r) {
    case Recommendation::Api:
        return Report::tr("%1: for this volume the API costs %2 a month, no more than renting %3 at "
                  "%4 h/day (%5 a month).")
            .arg(name, usdText(p.apiUsdPerMonth), gpuLabel(p), hpd,
                 usdText(p.rental.usdPerMonthScheduled));
    case Recommendation::Dedicated:
        return Report::tr("%1: the API would cost %2 per month, more than %3 always on (%4); rent or "
                  "own them around the clock.")
            .arg(name, usdText(p.apiUsdPerMonth), gpuLabel(p),
                 usdText(p.rental.usdPerMonthAlwaysOn));
    case Recommendation::NoApiPrice:
        break;
    case Recommendation::BurstRental:
        return Report::tr("%1: rent %2 for %3 h/day (%4 per month) instead of the API (%5); always on "
                  "(%6) would cost more than the API.")
            .arg(name, gpuLabel(p), hpd, usdText(p.rental.usdPerMonthScheduled),
                 usdText(p.apiUsdPerMonth), usdText(p.rental.usdPerMonthAlwaysOn));
    }
    return name;
}

PilotRange pilotRange(std::uint32_t practicalGpus, std::uint32_t gpusPerNode) {
    if (practicalGpus == 0) {
        return {};
    }
    const std::uint32_t node = std::max<std::uint32_t>(gpusPerNode, 1);
    const std::uint32_t high =
        roundToBundle(std::min(2 * practicalGpus, practicalGpus + node), node);
    return {practicalGpus, std::max(high, practicalGpus)};
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
    return QString::number(value, 'g', 17);
}

std::vector<GpuOptionRow> gpuOptionRows(const ScenarioDocument &doc) {
    std::vector<GpuOptionRow> out;
    const auto own = Catalogue::builtin().findGpu(doc.scenario().hardware.gpu);
    // The document's sweep: the same evaluations as the GUI's GPU-types views.
    for (const GpuOption &sweep : doc.gpuSweep()) {
        GpuOptionRow o;
        o.gpu = sweep.gpu;
        o.isScenarioGpu = own.ok() && own->id == sweep.gpu.id;
        o.gpusPerNode = sweep.gpu.gpusPerNode;
        o.priceSource = sweep.gpu.priceSource;
        o.priceAsOf = sweep.gpu.priceAsOf;
        if (!sweep.plan) {
            o.error = qs(sweep.error);
            out.push_back(std::move(o));
            continue;
        }
        const PlanResult &p = *sweep.plan;
        if (p.scenario.hardware.gpusPerNode) {
            o.gpusPerNode = p.scenario.hardware.gpusPerNode;
        }
        o.evaluated = true;
        o.floorGpus = p.fit.gpusFloor;
        o.practicalFound = p.fit.practicalFound;
        o.practicalGpus = p.fit.practicalFound ? p.fit.gpusPractical : 0;
        o.pilot = pilotRange(o.practicalGpus, o.gpusPerNode);
        o.usdPerGpuHour = p.usdPerGpuHour;
        o.usdPerMonthScheduled = p.rental.usdPerMonthScheduled;
        o.usdPerMonthAlwaysOn = p.rental.usdPerMonthAlwaysOn;
        o.sequencesAtTarget = p.throughput.computed ? p.throughput.capacity.batch : 0;
        if (p.scenario.pricing.usdPerGpuHour) {
            o.priceSource = "scenario input";
            o.priceAsOf = "-";
        }
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
        p.fit.fits ? Report::tr("Fits on %1").arg(gpuLabel(p)) : Report::tr("Does not fit on %1").arg(gpuLabel(p));
    if (p.fit.fits) {
        c.summary << Report::tr("%1 (TP %2, EP %3, PP %4) carry %5 of %6 tokens of %7; up to "
                                "%8 fit at once.")
                         .arg(gpuLabel(p))
                         .arg(p.layout.tp)
                         .arg(p.layout.ep)
                         .arg(p.layout.pp)
                         .arg(sequencesText(w.concurrency), groupedInt(w.contextTokens),
                              qs(p.model.displayName), groupedInt(p.fit.maxConcurrency));
    } else {
        for (const auto &r : p.fit.reasons) {
            c.summary << Report::tr("Does not fit: %1.").arg(qs(r));
        }
    }
    for (const auto &warning : p.warnings) {
        c.notes << Report::tr("Note: %1.").arg(qs(warning));
    }
    c.recommendation = recommend(p);
    c.recommendationLine = recommendationLine(p);

    c.keyFigures = keyFiguresTable(p, c.recommendation);
    c.gpuOptions = gpuOptionRows(doc);
    c.cost = costTable(p);
    c.memory = memoryTable(p);
    c.groups = groupsTable(p);
    c.options = optionsTable(p, c.gpuOptions);
    c.probe = probeTable(p, probeReport, c.probeSummary);
    c.assumptions = assumptionsTable(p, c.scenarioFile, c.gpuOptions);

    c.rules << Report::tr("Recommendation: API when the plan does not fit, or when the API bill for the "
                  "workload's tokens is no more than renting at the chosen hours a day; "
                  "Dedicated when the API bill is more than renting the GPUs always on; Burst "
                  "rental in between (renting for the chosen hours beats the API, always on "
                  "does not).");
    c.rules << Report::tr("Memory floor: GPUs whose advertised memory (decimal GB) holds the weights "
                  "alone, ceil(weights / memory per GPU). It is a boundary, not a deployment.");
    c.rules << Report::tr("Practical count: the smallest rentable count (1 GPU, or whole nodes of the "
                  "GPU's node size) whose preferred layout (TP inside a node, PP across nodes) "
                  "holds the weights, activations, runtime and the KV cache of the workload "
                  "within the engine's memory budget.");
    c.rules << Report::tr("Pilot range: from the practical count to one more node, at most twice the "
                  "practical count, rounded to whole nodes: the GPU counts to ask a provider to "
                  "quote for a pilot (cf. seed 004's starting ranges).");
    c.rules << Report::tr("Costs: GPU-hours x rate. A month is %1 h (365 x 24 / 12) always on; at H h/day "
                  "it is H x %1 / 24 h. 30 days = 720 h.")
                   .arg(numberText(p.rental.hoursPerMonth, 0));
    c.rules << Report::tr("API cost: input, cached input and output tokens a month x the API's price per "
                  "1M tokens. Break-even: the output volume (input and cached input growing in "
                  "the same ratio) at which the API bill equals the rental at the chosen hours a "
                  "day; heavy users: the rental divided by one heavy user's API bill (all tokens "
                  "billed as output).");
    return c;
}

} // namespace hostplan::ui
