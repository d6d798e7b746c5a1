// SPDX-License-Identifier: MIT
#include "sizing/layoutdp.h"

#include "engine/engine.h"
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
    // An MoE model's replica across nodes runs TP / EP over all its GPUs (as the layout search
    // sizes it, replicaLayout): where `base` splits the count into pipeline stages, attention
    // DP is sized on that flat layout.
    Parallelism flat = base;
    if (model.isMoe() && base.pp > 1) {
        flat.tp = base.tp * base.pp;
        flat.pp = 1;
        flat.ep = base.ep == base.tp ? flat.tp : base.ep;
    }
    if (scenario.hardware.attentionDp) {
        // Pinned: the flat layout where it takes the given attention DP (which the engines run
        // at PP 1 only, attentionDpProblem).
        return base.dp > 1 && flat.pp == 1 && flat.tp % base.dp == 0 ? flat : base;
    }
    Parallelism flatBase = flat;
    flatBase.dp = 1;
    const std::vector<Parallelism> tried = searchedLayouts(model, gpu, flatBase, scenario);
    if (tried.size() < 2) {
        return base;
    }
    const ReplicaFigures b = replicaFigures(model, gpu, base, instance, scenario, efficiency);
    const Parallelism &dp = tried.back();
    const ReplicaFigures v = replicaFigures(model, gpu, dp, instance, scenario, efficiency);
    // Equal tokens (both serve the whole workload): the one that holds more sequences.
    const bool better = v.outputTokensPerMonth != b.outputTokensPerMonth
                            ? v.outputTokensPerMonth > b.outputTokensPerMonth
                            : v.memoryMaxBatch > b.memoryMaxBatch;
    if (!better) {
        return base;
    }
    const std::string ctx = groupedText(scenario.workload.contextTokens);
    note =
        "attention DP " + std::to_string(dp.dp) + " (one attention group per GPU, EP " +
        std::to_string(dp.ep) + "): on these " + std::to_string(dp.gpuCount()) +
        " GPUs its KV room holds " + countText(v.memoryMaxBatch, "sequence") + " of " + ctx +
        " tokens against " + std::to_string(b.memoryMaxBatch) + " with TP attention" +
        (base.pp > 1 ? " (TP " + std::to_string(base.tp) + " x PP " + std::to_string(base.pp) + ")"
                     : std::string()) +
        ", where every GPU keeps each sequence's whole KV cache; "
        "hardware.attention_dp 1 (--attention-dp 1) keeps TP attention";
    return dp;
}

Parallelism engineExpertParallel(const Parallelism &par, const Scenario &scenario,
                                 std::vector<std::string> &warnings) {
    const EngineSettings &engine = scenario.engine;
    const VllmRules &rules = vllmRules(engine.vllmVersion.value_or(kDefaultVllmProfile));
    if (par.ep <= 1 || scenario.hardware.ep ||
        engineRunsExpertParallel(engine.engine, rules.profile)) {
        return par;
    }
    Parallelism out = par;
    out.ep = 1;
    warnings.push_back("EP 1: vLLM releases of the " + std::string(rules.label) +
                       " rules have no --enable-expert-parallel (from v0.8.0; v0.7.3 only as "
                       "VLLM_TEST_ENABLE_EP=1), so every GPU holds a 1/" +
                       std::to_string(out.tp) + " slice of each expert");
    return out;
}

} // namespace hostplan
