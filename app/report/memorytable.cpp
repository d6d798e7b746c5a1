// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"

namespace hostplan::ui::reporttables {

ReportTable memoryTable(const PlanResult &p) {
    const auto &m = p.memory;
    ReportTable t;
    t.id = QStringLiteral("memory");
    t.title = Report::tr("Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)")
                  .arg(gpuLabel(p))
                  .arg(p.layout.tp)
                  .arg(p.layout.ep)
                  .arg(p.layout.pp);
    t.headers = {Report::tr("Component"), Report::tr("Per GPU"),
                 Report::tr("All %1").arg(gpusText(p.layout.gpuCount()))};
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
        rows.push_back({Report::tr("Linear-attention state"), QStringLiteral("state"),
                        m.perGpu.state, m.total.state});
    }
    rows.push_back({Report::tr("Activations"), QStringLiteral("activations"), m.perGpu.activations,
                    m.total.activations});
    rows.push_back({Report::tr("Runtime overhead"), QStringLiteral("runtime"), m.perGpu.runtime,
                    m.total.runtime});
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
           {Report::tr("Room for KV cache and state"),
            signedBytesText(double(m.kvCapacityBytesPerGpu)),
            signedBytesText(double(m.kvCapacityBytesPerGpu) * p.layout.gpuCount())},
           {QStringLiteral("kv_state_room"), csvInt(m.kvCapacityBytesPerGpu),
            csvInt(m.kvCapacityBytesPerGpu * std::int64_t(p.layout.gpuCount()))});
    t.note =
        Report::tr(
            "Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 "
            "bytes per token for the whole model, %2 per GPU. Up to %3 of %4 tokens fit at once.")
            .arg(groupedInt(m.cache.kvBytesPerToken), groupedInt(m.cache.kvBytesPerTokenPerGpu),
                 sequencesText(p.fit.maxConcurrency),
                 groupedInt(p.scenario.workload.contextTokens));
    return t;
}

} // namespace hostplan::ui::reporttables
