// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"

namespace hostplan::ui::reporttables {

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
    std::int64_t groupsPerGpu = 0;
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
        groupsPerGpu += std::int64_t(g.perGpuBytes);
    }
    // What the engine holds per GPU beyond the checkpoint's groups (EngineMemoryTerms::
    // weights), so the rows add up to the total: its padding, the weights it replicates, a
    // draft model, and what remains (the most loaded pipeline stage's share against the even
    // one the group rows show).
    const EngineMemoryTerms &e = p.memory.engine;
    std::int64_t rest = std::int64_t(p.memory.perGpu.weights) - groupsPerGpu;
    auto engineRow = [&](const QString &label, const QString &id, std::int64_t perGpu) {
        if (perGpu == 0) {
            return;
        }
        const QString text =
            perGpu > 0 ? gbText(double(perGpu), 2) : QLatin1Char('-') + gbText(double(-perGpu), 2);
        addRow(t, {label, QString(), QString(), QString(), QString(), text},
               {id, QString(), QString(), QString(), QString(), QString::number(perGpu)});
        rest -= perGpu;
    };
    engineRow(Report::tr("Engine padding (kernel layouts, vocabulary)"),
              QStringLiteral("engine_padding"), std::int64_t(e.weightPadding));
    engineRow(Report::tr("Replicated by the engine (KV heads under TP)"),
              QStringLiteral("engine_replication"), std::int64_t(e.weightReplication));
    engineRow(Report::tr("Draft model"), QStringLiteral("draft"), std::int64_t(e.draftWeights));
    engineRow(Report::tr("Most loaded stage's share beyond the even one"),
              QStringLiteral("stage_share"), rest);
    addRow(t,
           {Report::tr("All groups"), QString(), QString(), groupedInt(params),
            gbText(double(p.model.weightBytes()), 2), gbText(double(p.memory.perGpu.weights), 2)},
           {QStringLiteral("total"), QString(), QString(), csvInt(params),
            csvInt(p.model.weightBytes()), csvInt(p.memory.perGpu.weights)},
           true);
    return t;
}

} // namespace hostplan::ui::reporttables
