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
    const std::uint64_t moeWidth = std::uint64_t(m.experts.activePerToken) * m.experts.intermediate;
    const std::uint64_t ff = std::max<std::uint64_t>(m.denseIntermediate, moeWidth);
    return tokens * 4 * (2 * ff + 4 * std::uint64_t(m.hiddenSize));
}

std::uint64_t llamaAttentionStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t kvCells) {
    return tokens * 4 *
           (kvCells * (std::uint64_t(m.numAttentionHeads) + 1) + 4 * std::uint64_t(m.hiddenSize));
}

std::uint64_t llamaQueryWidth(const ModelSpec &m) {
    for (const LayerGroup &g : m.layers) {
        if (g.kind != AttentionKind::Linear && g.qHeads > 0 && g.headDim > 0) {
            return std::uint64_t(g.qHeads) * g.headDim;
        }
    }
    return m.hiddenSize;
}

std::uint64_t llamaMaskStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t maskCells,
                             bool f32Copy) {
    const std::uint64_t rows = 2 * (std::uint64_t(m.hiddenSize) + llamaQueryWidth(m));
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
