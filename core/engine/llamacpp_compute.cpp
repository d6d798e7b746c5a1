// SPDX-License-Identifier: MIT
// llama.cpp's compute-buffer stages (engine/llamacpp.h, "Compute buffer"; internal to the
// planner through engine/llamacpp_detail.h).
#include "engine/llamacpp_detail.h"

#include <algorithm>

namespace hostplan {

std::uint64_t llamaLogitsStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t outputs) {
    return (std::uint64_t(m.vocabSize) * outputs + std::uint64_t(m.hiddenSize) * tokens) * 4;
}

std::uint64_t llamaFfnStage(const ModelSpec &m, std::uint64_t tokens) {
    const std::uint64_t used = m.experts.activePerToken;
    const std::uint64_t moeWidth = used * m.experts.intermediate;
    const std::uint64_t ff = std::max<std::uint64_t>(m.denseIntermediate, moeWidth);
    const std::uint64_t hidden = m.hiddenSize;
    const std::uint64_t down = moeWidth > 0 ? moeWidth + used * hidden + hidden : 0;
    return tokens * 4 * std::max(2 * ff + 4 * hidden, down);
}

std::uint64_t llamaFlashLayerBlock(std::uint64_t block, std::uint64_t tokens,
                                   std::uint64_t maskCells, bool f32Copy) {
    const std::uint64_t hole = f32Copy ? tokens * maskCells * 4 : 0;
    return block <= hole ? block : hole + tokens * maskCells * 2 + block;
}

bool llamaMlaLatentQuery(const ModelSpec &m, std::uint32_t build) {
    return llamaFollows(build, LlamaRule::MlaLatentCache) &&
           std::any_of(m.layers.begin(), m.layers.end(), [](const LayerGroup &g) {
               return g.kind == AttentionKind::MLA && g.compressRatio == 0 && g.kvHeads <= 1 &&
                      g.kvLoraRank > 0;
           });
}

std::uint64_t llamaAttentionStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t kvCells) {
    return tokens * 4 *
           (kvCells * (std::uint64_t(m.numAttentionHeads) + 1) + 4 * std::uint64_t(m.hiddenSize));
}

std::uint64_t llamaQueryWidth(const ModelSpec &m, bool mlaLatent) {
    for (const LayerGroup &g : m.layers) {
        if (mlaLatent && g.kind == AttentionKind::MLA && g.kvLoraRank > 0) {
            return std::uint64_t(g.qHeads) * (std::uint64_t(g.kvLoraRank) + g.ropeDim);
        }
        if (g.kind != AttentionKind::Linear && g.qHeads > 0 && g.headDim > 0) {
            return std::uint64_t(g.qHeads) * g.headDim;
        }
    }
    return m.hiddenSize;
}

std::uint64_t llamaMaskStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t maskCells,
                             bool f32Copy, bool mlaLatent) {
    const std::uint64_t rows = 2 * (std::uint64_t(m.hiddenSize) + llamaQueryWidth(m, mlaLatent));
    return tokens * (maskCells * ((f32Copy ? 4 : 0) + 2) + 4 * rows);
}

std::uint64_t llamaSplitInputBytes(const ModelSpec &m, std::uint64_t tokens, bool layers,
                                   std::uint64_t maskCells, bool output) {
    return tokens * 4 *
           (std::uint64_t(m.hiddenSize) + (layers ? maskCells + 1 : 0) + (output ? 1 : 0));
}

std::uint64_t llamaOffloadHostCompute(const ModelSpec &m, std::uint64_t tokens,
                                      std::uint64_t maskCells, std::uint64_t embeddingInputs,
                                      std::uint64_t kvRowElements, std::uint64_t maskCellBytes) {
    const std::uint64_t rows = std::max(embeddingInputs * m.hiddenSize, kvRowElements);
    return tokens * (maskCellBytes * maskCells + 4 * rows);
}

} // namespace hostplan
