// SPDX-License-Identifier: MIT
#include "engine/tpshard.h"

#include <algorithm>
#include <string>

namespace hostplan {

namespace {

/// One linear width an engine splits over TP: what it is (for the message) and its size.
struct ShardedWidth {
    std::string what;        ///< "the dense MLP's intermediate width"
    std::uint64_t width = 0; ///< elements along the split dimension, all ranks together
};

std::string perRankText(const ShardedWidth &w, std::uint32_t tp) {
    return w.what + " " + std::to_string(w.width) + " / TP " + std::to_string(tp) + " = " +
           std::to_string(w.width / tp) + " per GPU";
}

bool isGroupedInt(const NumberFormat &f) {
    return (f.kind == FormatKind::INT8 || f.kind == FormatKind::INT4 ||
            f.kind == FormatKind::INT2) &&
           f.groupSize > 0;
}

/// The first row-parallel input width of `role` whose per-rank share `check` rejects (its
/// message), else "". Attention: each softmax-attention layer group's o_proj input (query heads
/// x value head width); DenseMlp / SharedExperts: that MLP's intermediate width.
/// Widths TP does not divide are skipped: tpShardProblem's whole-width check and the layout's
/// head rule (sizing/fit.h layoutProblem) refuse those first.
template <class Check>
std::string rowParallelProblem(const ModelSpec &model, GroupRole role, std::uint32_t tp,
                               Check check) {
    if (role == GroupRole::DenseMlp || role == GroupRole::SharedExperts) {
        const bool dense = role == GroupRole::DenseMlp;
        const std::uint64_t width =
            dense ? model.denseIntermediate : model.experts.sharedIntermediate;
        return width && width % tp == 0
                   ? check(ShardedWidth{dense ? "the dense MLP's intermediate width (down_proj's "
                                                "input)"
                                              : "the shared experts' intermediate width "
                                                "(down_proj's input)",
                                        width})
                   : std::string();
    }
    for (const LayerGroup &l : model.layers) {
        const bool softmax = l.kind != AttentionKind::Linear && l.compressRatio == 0;
        if (!softmax || l.count == 0 || l.qHeads == 0 || l.qHeads % tp != 0) {
            continue;
        }
        const std::uint64_t v = l.vHeadDim ? l.vHeadDim : l.headDim;
        std::string problem =
            check(ShardedWidth{"the attention output projection's input (" +
                                   std::to_string(l.qHeads) + " heads x " + std::to_string(v) + ")",
                               std::uint64_t(l.qHeads) * v});
        if (!problem.empty()) {
            return problem;
        }
    }
    return {};
}

} // namespace

std::uint32_t expertParallelFor(const ModelSpec &model, std::uint32_t tp) {
    return model.isMoe() && tp > 1 && model.experts.routed % tp == 0 ? tp : 0;
}

ShardSplit shardSplitFor(Engine engine, std::uint32_t tp, std::uint32_t dp, MoeA2a a2a) {
    ShardSplit s;
    const std::uint32_t attentionTp = dp > 1 && tp % dp == 0 ? tp / dp : 0;
    if (engine == Engine::Vllm) {
        s.attention = s.dense = s.sharedExperts = attentionTp;
    } else if (engine == Engine::Sglang) {
        s.attention = attentionTp;
        s.sharedExperts = a2a != MoeA2a::Default ? 1 : 0;
    }
    return s;
}

std::string tpShardProblem(Engine engine, const ModelSpec &model, std::uint32_t tp,
                           std::uint32_t ep) {
    return tpShardProblem(engine, model, tp, ep, ShardSplit{});
}

std::string tpShardProblem(Engine engine, const ModelSpec &model, std::uint32_t tp,
                           std::uint32_t ep, const ShardSplit &split) {
    if (engine == Engine::TensorRtLlm || tp == 0) {
        return {};
    }
    // The TP a role's widths are split by (ShardSplit; 0 = the plan's).
    const auto tpOf = [&](GroupRole role) {
        const std::uint32_t t = role == GroupRole::Attention       ? split.attention
                                : role == GroupRole::DenseMlp      ? split.dense
                                : role == GroupRole::SharedExperts ? split.sharedExperts
                                                                   : 0;
        return t ? t : tp;
    };
    const std::string name(engineInfo(engine).displayName);
    const bool expertsSplit = model.isMoe() && ep <= 1 && model.experts.intermediate > 0;
    const ShardedWidth experts{"the routed experts' intermediate width",
                               model.experts.intermediate};
    // Whole widths first: the engines divide every sharded width by TP.
    for (const auto &[w, wtp] :
         {std::pair{ShardedWidth{"the dense MLP's intermediate width", model.denseIntermediate},
                    tpOf(GroupRole::DenseMlp)},
          std::pair{ShardedWidth{"the shared experts' intermediate width",
                                 model.experts.sharedIntermediate},
                    tpOf(GroupRole::SharedExperts)},
          std::pair{expertsSplit ? experts : ShardedWidth{}, tp}}) {
        if (w.width > 0 && w.width % wtp != 0) {
            return "TP " + std::to_string(wtp) + " does not divide " + w.what + " (" +
                   std::to_string(w.width) + "): " + name +
                   " splits it evenly over the TP ranks (\"is not divisible by\").";
        }
    }
    for (const TensorGroup &g : model.groups) {
        if (!g.linear) {
            continue;
        }
        const bool fp8Blocks = g.format.isFp8() && model.fp8BlockRows > 0 && model.fp8BlockCols > 0;
        const std::string rows = std::to_string(model.fp8BlockRows);
        const std::string cols = std::to_string(model.fp8BlockCols);
        if (fp8Blocks && g.role == GroupRole::RoutedExperts && expertsSplit) {
            const std::uint64_t per = experts.width / tp;
            const bool outputSplit = per % model.fp8BlockRows != 0;
            if (outputSplit || (tp > 1 && per % model.fp8BlockCols != 0)) {
                return name + " refuses TP " + std::to_string(tp) + " for FP8 blocks of " + rows +
                       " x " + cols + ": " + perRankText(experts, tp) + " is not a multiple of " +
                       (outputSplit ? rows : cols) + " (\"The " +
                       (outputSplit ? "output_size of gate's and up's" : "input_size of down's") +
                       " weight = " + std::to_string(per) +
                       " is not divisible by weight quantization " +
                       (outputSplit ? "block_n = " + rows : "block_k = " + cols) + "\").";
            }
        }
        if (engine == Engine::Vllm && isGroupedInt(g.format) &&
            g.role == GroupRole::RoutedExperts && expertsSplit &&
            (experts.width / tp) % g.format.groupSize != 0) {
            return "vLLM's MoE kernels refuse TP " + std::to_string(tp) + " for " +
                   g.format.label() + " experts: " + perRankText(experts, tp) +
                   " is not a whole number of quantization groups of " +
                   std::to_string(g.format.groupSize) +
                   " (Marlin's MoE kernel needs whole groups, and the moe_wna16 kernel it falls "
                   "back to stops the start-up profile: \"size_k must divisible by "
                   "BLOCK_SIZE_K\").";
        }
        const bool rowParallel = g.role == GroupRole::DenseMlp ||
                                 g.role == GroupRole::SharedExperts ||
                                 g.role == GroupRole::Attention;
        if (!rowParallel) {
            continue;
        }
        const std::uint32_t rt = tpOf(g.role);
        if (fp8Blocks && rt > 1) {
            std::string problem = rowParallelProblem(model, g.role, rt, [&](const ShardedWidth &w) {
                const std::uint64_t per = w.width / rt;
                return per % model.fp8BlockCols == 0
                           ? std::string()
                           : name + " refuses TP " + std::to_string(rt) + " for FP8 blocks of " +
                                 rows + " x " + cols + ": " + perRankText(w, rt) +
                                 " is not a multiple of " + cols +
                                 " (\"Weight input_size_per_partition = " + std::to_string(per) +
                                 " is not divisible by weight quantization block_k = " + cols +
                                 "\").";
            });
            if (!problem.empty()) {
                return problem;
            }
        }
        if (isGroupedInt(g.format)) {
            const std::uint32_t group = g.format.groupSize;
            std::string problem = rowParallelProblem(model, g.role, rt, [&](const ShardedWidth &w) {
                return (w.width / rt) % group == 0
                           ? std::string()
                           : name + " refuses TP " + std::to_string(rt) + " for " +
                                 g.format.label() + " weights: " + perRankText(w, rt) +
                                 " is not a whole number of quantization groups of " +
                                 std::to_string(group) +
                                 " (\"The input size is not aligned with the quantized weight "
                                 "shape. This can be caused by too large tensor parallel "
                                 "size.\").";
            });
            if (!problem.empty()) {
                return problem;
            }
        }
    }
    return {};
}

std::uint32_t narrowerShardedTp(Engine engine, const ModelSpec &model, std::uint32_t tp,
                                bool expertParallel) {
    for (std::uint32_t t = tp / 2; t >= 1; t /= 2) {
        if (tp % t == 0 &&
            tpShardProblem(engine, model, t, expertParallel ? expertParallelFor(model, t) : 1)
                .empty()) {
            return t;
        }
    }
    return 0;
}

Parallelism widestShardedLayout(Engine engine, const ModelSpec &model, Parallelism par,
                                std::vector<std::string> &warnings) {
    const bool expertParallel = par.ep > 1;
    const auto epAt = [&](std::uint32_t tp) {
        return expertParallel ? std::max<std::uint32_t>(expertParallelFor(model, tp), 1) : 1u;
    };
    const std::string refused = tpShardProblem(engine, model, par.tp, epAt(par.tp));
    if (refused.empty()) {
        return par;
    }
    // A narrower TP needs more pipeline stages, so the widest one that shards is the one to try.
    const std::uint32_t tp = narrowerShardedTp(engine, model, par.tp, expertParallel);
    const std::uint32_t pp = tp ? par.pp * (par.tp / tp) : 0;
    if (tp == 0 || (model.numLayers && pp > model.numLayers)) {
        return par;
    }
    warnings.push_back("TP " + std::to_string(par.tp) + " is refused: " + refused +
                       " HostPlan lays the " + std::to_string(par.gpuCount()) + " GPUs out as TP " +
                       std::to_string(tp) + " x PP " + std::to_string(pp) + " instead.");
    return Parallelism{tp, epAt(tp), pp};
}

} // namespace hostplan
