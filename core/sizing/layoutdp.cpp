// SPDX-License-Identifier: MIT
#include "sizing/layoutdp.h"

#include "sizing/layout.h"
#include "util/units.h"

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
            const std::uint64_t split =
                g.placement == Placement::Replicated ? 1 : groupShardGpus(g.role, dp, rules);
            weights += ceilDiv(g.bytes(), split);
        }
        if (weights < gpu.usableMemoryBytes && engineLayoutProblem(model, dp).empty()) {
            out.push_back(dp);
        }
    }
    return out;
}

} // namespace hostplan
