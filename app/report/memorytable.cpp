// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"
#include "util/numbertext.h"

#include <algorithm>

namespace hostplan::ui::reporttables {

ReportTable memoryTable(const PlanResult &p) {
    const auto &m = p.memory;
    ReportTable t;
    t.id = QStringLiteral("memory");
    // The figures are one replica's (the core sizes a replica); with data-parallel replicas
    // the table says so and adds the total over all of them.
    const std::uint32_t replicas = std::max<std::uint32_t>(p.replicas, 1);
    const bool several = replicas > 1;
    if (several) {
        t.title = Report::tr("Memory per GPU (most loaded GPU), per replica and for all %1 "
                             "replicas (%2, TP %3, EP %4, PP %5 per replica)")
                      .arg(replicas)
                      .arg(gpuLabel(p))
                      .arg(p.layout.tp)
                      .arg(p.layout.ep)
                      .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp));
        t.headers = {Report::tr("Component"), Report::tr("Per GPU"),
                     Report::tr("Per replica (%1)").arg(gpusText(p.layout.gpuCount())),
                     Report::tr("All %1 replicas (%2)")
                         .arg(replicas)
                         .arg(gpusText(qint64(p.layout.gpuCount()) * replicas))};
        t.columnWeights = {2.0, 2.0, 2.0, 2.0};
        t.rightAligned = {false, true, true, true};
        t.csvHeaders = {QStringLiteral("component"), QStringLiteral("per_gpu_bytes"),
                        QStringLiteral("total_bytes"), QStringLiteral("all_replicas_bytes")};
    } else {
        t.title =
            Report::tr("Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)")
                .arg(gpuLabel(p))
                .arg(p.layout.tp)
                .arg(p.layout.ep)
                .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp));
        t.headers = {Report::tr("Component"), Report::tr("Per GPU"),
                     Report::tr("All %1").arg(gpusText(p.layout.gpuCount()))};
        t.columnWeights = {2.0, 2.0, 2.0};
        t.rightAligned = {false, true, true};
        t.csvHeaders = {QStringLiteral("component"), QStringLiteral("per_gpu_bytes"),
                        QStringLiteral("total_bytes")};
    }
    // One row: per GPU, per replica (or all GPUs) and, with replicas, all of them.
    auto add = [&](const QString &label, const QString &id, auto perGpu, auto total, auto text,
                   bool bold = false) {
        QStringList cells = {label, text(double(perGpu)), text(double(total))};
        QStringList csv = {id, csvInt(perGpu), csvInt(total)};
        if (several) {
            cells << text(double(total) * replicas);
            csv << csvInt(total * decltype(total)(replicas));
        }
        addRow(t, cells, csv, bold);
    };
    auto bytes = [](double v) { return bytesText(v); };
    auto signedBytes = [](double v) { return signedBytesText(v); };
    struct Row {
        QString label;
        QString id;
        std::uint64_t perGpu;
        std::uint64_t total;
    };
    std::vector<Row> rows = {
        {Report::tr("Weights"), QStringLiteral("weights"), m.perGpu.weights, m.total.weights},
        // The memory is one replica's: its share of the sequences.
        {several ? Report::tr("KV cache (%1 x %2 tokens per replica)")
                       .arg(groupedInt(p.sequencesPerReplica()),
                            groupedInt(p.scenario.workload.contextTokens))
                 : Report::tr("KV cache (%1 x %2 tokens)")
                       .arg(groupedInt(p.scenario.workload.concurrency),
                            groupedInt(p.scenario.workload.contextTokens)),
         QStringLiteral("kv_cache"), m.perGpu.kvCache, m.total.kvCache},
    };
    if (m.perGpu.state || m.total.state) {
        rows.push_back({Report::tr("Recurrent state"), QStringLiteral("state"), m.perGpu.state,
                        m.total.state});
    }
    rows.push_back({Report::tr("Activations"), QStringLiteral("activations"), m.perGpu.activations,
                    m.total.activations});
    rows.push_back({Report::tr("Runtime overhead"), QStringLiteral("runtime"), m.perGpu.runtime,
                    m.total.runtime});
    for (const Row &r : rows) {
        add(r.label, r.id, r.perGpu, r.total, bytes);
    }
    add(Report::tr("Total needed"), QStringLiteral("total"), m.perGpu.total(), m.total.total(),
        bytes, true);
    const std::uint64_t gpus = p.layout.gpuCount();
    add(Report::tr("Engine budget (memory fraction %1)").arg(fractionUiText(m.memoryFraction)),
        QStringLiteral("engine_budget"), m.budgetBytesPerGpu, m.budgetBytesPerGpu * gpus, bytes);
    add(Report::tr("Usable GPU memory (driver total)"), QStringLiteral("usable"),
        m.usableBytesPerGpu, m.usableBytesPerGpu * gpus, bytes);
    add(Report::tr("Room for KV cache and state"), QStringLiteral("kv_state_room"),
        m.kvCapacityBytesPerGpu, m.kvCapacityBytesPerGpu * std::int64_t(gpus), signedBytes);
    t.note =
        Report::tr(
            "Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 "
            "bytes per token for the whole model, %2 per GPU. Up to %3 of %4 tokens fit at once.")
            .arg(groupedInt(m.cache.kvBytesPerToken), groupedInt(m.cache.kvBytesPerTokenPerGpu),
                 sequencesText(p.fit.maxConcurrency),
                 groupedInt(p.scenario.workload.contextTokens));
    // The engine's own terms per GPU, with the engine version they follow.
    const EngineMemoryTerms &e = m.engine;
    t.note += QLatin1Char(' ') +
              Report::tr("%1 terms per GPU: weight padding %2, replication %3, draft "
                         "weights %4; CUDA context %5, communication %6, non-torch %7, CUDA "
                         "graphs %8; activation peak %9 (MoE workspace %10, sampler %11); KV "
                         "pool %12 at %13 bytes per token (draft layers %14), %15 tokens.")
                  .arg(QString::fromStdString(e.engineVersion), bytesText(double(e.weightPadding)),
                       bytesText(double(e.weightReplication)), bytesText(double(e.draftWeights)),
                       bytesText(double(e.cudaContext)), bytesText(double(e.communication)),
                       bytesText(double(e.nonTorch)), bytesText(double(e.cudaGraphs)),
                       bytesText(double(e.activationPeak)))
                  .arg(bytesText(double(e.activationMoe)), bytesText(double(e.activationSampler)),
                       signedBytesText(double(e.kvPoolBytes)), groupedInt(e.kvBytesPerToken),
                       groupedInt(e.draftKvBytesPerToken), groupedInt(e.kvTokens));
    if (e.moeA2aBuffers > 0) {
        t.note += QLatin1Char(' ') +
                  Report::tr("DeepEP's all-to-all buffers (%1 per GPU) are allocated as the model "
                             "loads, inside the KV budget.")
                      .arg(bytesText(double(e.moeA2aBuffers)));
    }
    if (m.cache.stateBytesPerSequencePerGpu > 0) {
        // A hybrid model: tokens x bytes per token is only the attention layers' share.
        t.note += QLatin1Char(' ') +
                  Report::tr("The pool also keeps each running sequence's recurrent state (%1 "
                             "per sequence per GPU), so its tokens take only part of it.")
                      .arg(bytesText(double(m.cache.stateBytesPerSequencePerGpu *
                                            m.cache.stateSlotsPerRequest)));
    }
    if (e.activationEncoder > 0) {
        t.note += QLatin1Char(' ') +
                  Report::tr("The vision encoder's profile pass before the decoder's: peak %1 "
                             "per GPU, then %2 of its outputs and %3 of its dummy inputs kept "
                             "through the decoder's run.")
                      .arg(bytesText(double(e.activationEncoder)),
                           bytesText(double(e.encoderOutputs)), bytesText(double(e.encoderInputs)));
    }
    if (!e.stages.empty()) {
        t.note += QLatin1Char(' ') + pipelineStagesText(p);
    }
    if (p.model.draft) {
        // The speculative-decoding draft the engine loads (engine.draft).
        t.note += QLatin1Char(' ') +
                  Report::tr("Draft %1: weights %2 per GPU, KV %3 bytes per token (%4 for the "
                             "pool), profiled forward %5.")
                      .arg(QString::fromStdString(p.model.draft->displayName),
                           bytesText(double(e.draftWeights)), groupedInt(e.draftKvBytesPerToken),
                           bytesText(double(e.draftKvBytes)), bytesText(double(e.activationDraft)));
        if (e.reserveMarginBytes != 0) {
            t.note += QLatin1Char(' ') +
                      Report::tr("Headroom after the draft's weights and KV pool, in the memory "
                                 "that --mem-fraction-static keeps outside the static pool: "
                                 "%1 per GPU.")
                          .arg(signedBytesText(double(e.reserveMarginBytes)));
        }
    }
    return t;
}

} // namespace hostplan::ui::reporttables
