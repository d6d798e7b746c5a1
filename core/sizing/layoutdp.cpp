// SPDX-License-Identifier: MIT
#include "sizing/layoutdp.h"

#include "sizing/layout.h"
#include "sizing/replicafigures.h"
#include "util/textutil.h"

#include <algorithm>

namespace hostplan {

std::vector<Parallelism> searchedLayouts(const ModelSpec &model, const GpuSpec &gpu,
                                         const Parallelism &base, const Scenario &scenario) {
    std::vector<Parallelism> out{base};
    // Only where TP cannot split the KV: an MLA latent, or fewer KV heads than TP GPUs, each
    // replicated on every TP rank. Where it splits, attention DP only replicates the attention
    // weights and holds no more sequences.
    const bool replicatedKv =
        std::any_of(model.layers.begin(), model.layers.end(), [&](const LayerGroup &g) {
            const bool headed = g.kind == AttentionKind::MHA || g.kind == AttentionKind::GQA ||
                                g.kind == AttentionKind::MQA ||
                                g.kind == AttentionKind::SlidingWindow;
            return g.kind == AttentionKind::MLA || (headed && g.kvHeads && g.kvHeads < base.tp);
        });
    if (replicatedKv && scenario.hardware.attentionDp == 0 && base.dp <= 1 && base.tp > 1 &&
        base.pp == 1 && base.ep == base.tp && model.isMoe() &&
        scenario.engine.engine != Engine::TensorRtLlm) {
        Parallelism dp = base;
        dp.dp = base.tp;
        // Weights alone over the GPU (the replicated attention): not worth sizing further.
        // (weightPlacement's sum, without building its table: the search asks per offer.)
        const PlacementRules rules = placementRules(scenario.engine);
        std::uint64_t weights = 0;
        for (const TensorGroup &g : model.groups) {
            weights += groupBytesPerGpu(g, dp, rules);
        }
        if (weights < gpu.usableMemoryBytes && engineLayoutProblem(model, dp).empty()) {
            out.push_back(dp);
        }
    }
    return out;
}

Parallelism fixedCountLayout(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &base,
                             const Scenario &scenario, std::uint32_t instance,
                             const Efficiency &efficiency, std::string &note) {
    const std::vector<Parallelism> tried = searchedLayouts(model, gpu, base, scenario);
    if (tried.size() < 2) {
        return base;
    }
    const ReplicaFigures b = replicaFigures(model, gpu, base, instance, scenario, efficiency);
    const Parallelism &dp = tried.back();
    const ReplicaFigures v = replicaFigures(model, gpu, dp, instance, scenario, efficiency);
    const bool better = v.outputTokensPerMonth > 0 || b.outputTokensPerMonth > 0
                            ? v.outputTokensPerMonth > b.outputTokensPerMonth
                            : v.memoryMaxBatch > b.memoryMaxBatch;
    if (!better) {
        return base;
    }
    const std::string ctx = groupedText(scenario.workload.contextTokens);
    note = "attention DP " + std::to_string(dp.dp) + " (one attention group per GPU, EP " +
           std::to_string(dp.ep) + "): on these " + std::to_string(dp.gpuCount()) +
           " GPUs its KV room holds " + countText(v.memoryMaxBatch, "sequence") + " of " + ctx +
           " tokens against " + std::to_string(b.memoryMaxBatch) +
           " with TP attention, where every GPU keeps each sequence's whole KV cache; "
           "hardware.attention_dp 1 (--attention-dp 1) keeps TP attention";
    return dp;
}

} // namespace hostplan
