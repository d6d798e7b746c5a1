// SPDX-License-Identifier: MIT
// Pipeline stages' weights (rules and sources in engine/pipelinestage.h).
#include "engine/pipelinestage.h"

#include "engine/enginememory.h"
#include "engine/vllmencoder.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

std::vector<PipelineStage> pipelineStages(const std::vector<std::uint32_t> &layers,
                                          bool headOnEveryStage) {
    std::vector<PipelineStage> out;
    std::uint32_t first = 0;
    for (std::size_t r = 0; r < layers.size(); ++r) {
        PipelineStage s;
        s.rank = std::uint32_t(r);
        s.layers = layers[r];
        s.firstLayer = first;
        s.first = r == 0;
        s.last = r + 1 == layers.size();
        s.headOnEveryStage = headOnEveryStage;
        out.push_back(s);
        first += layers[r];
    }
    return out;
}

LayerRange stageRange(const PipelineStage &s) {
    return LayerRange{s.firstLayer, s.layers};
}

LayerRange heldLayers(const PipelineStage &s, std::uint32_t pp, std::uint32_t totalLayers) {
    return pp > 1 ? stageRange(s) : LayerRange{0, totalLayers};
}

bool limitsMore(const EngineMemoryTerms &a, const EngineMemoryTerms &b) {
    const bool aRefuses = a.kvPoolBytes < 0, bRefuses = b.kvPoolBytes < 0;
    if (aRefuses || bRefuses) {
        return aRefuses && (!bRefuses || a.kvPoolBytes < b.kvPoolBytes);
    }
    const bool aCaches = a.kvBytesPerToken > 0 || a.kvTokens > 0;
    const bool bCaches = b.kvBytesPerToken > 0 || b.kvTokens > 0;
    if (aCaches != bCaches) {
        return aCaches;
    }
    return a.kvTokens < b.kvTokens || (a.kvTokens == b.kvTokens && a.kvPoolBytes < b.kvPoolBytes);
}

bool sameStageLayers(const ModelSpec &m, const PipelineStage &a, const PipelineStage &b) {
    if (a.layers != b.layers) {
        return false;
    }
    const std::uint32_t total = m.decoderLayers();
    const bool groups = std::all_of(m.groups.begin(), m.groups.end(), [&](const TensorGroup &g) {
        return g.layerParams.empty() ||
               layerShare(g, stageRange(a), total) == layerShare(g, stageRange(b), total);
    });
    return groups && std::all_of(m.layers.begin(), m.layers.end(), [&](const LayerGroup &l) {
               return layersInRange(l, stageRange(a), total) ==
                      layersInRange(l, stageRange(b), total);
           });
}

bool hasOwnLmHead(const ModelSpec &m) {
    return std::any_of(m.groups.begin(), m.groups.end(), [](const TensorGroup &g) {
        return g.role == GroupRole::LmHead && g.params > 0;
    });
}

bool stageHoldsEmbedding(const ModelSpec &m, const PipelineStage &s) {
    return s.first || (s.last && !hasOwnLmHead(m));
}

namespace {

/// Whether the model's input embedding is its LM head's tensor, stored once as an LmHead group
/// (import/archcommon.cpp "embedding (tied lm_head)") with no Embedding group.
bool tiedEmbedding(const ModelSpec &m) {
    return hasOwnLmHead(m) &&
           std::none_of(m.groups.begin(), m.groups.end(), [](const TensorGroup &g) {
               return g.role == GroupRole::Embedding && g.params > 0;
           });
}

/// Whether a stage holds the LM head group: the last stage (every stage with
/// headOnEveryStage) and, when that group is the tied embedding, the first as well.
bool stageHoldsHead(const ModelSpec &m, const PipelineStage &s) {
    return (s.last || s.headOnEveryStage || (s.first && tiedEmbedding(m))) && hasOwnLmHead(m);
}

} // namespace

std::uint64_t stageCheckpointBytes(const ModelSpec &m, std::uint32_t tp, std::uint32_t totalLayers,
                                   const PipelineStage &s, bool withVision) {
    std::uint64_t bytes = 0;
    for (const auto &g : m.groups) {
        const std::uint64_t perGpu =
            g.placement == Placement::Replicated ? g.bytes() : ceilDiv(g.bytes(), tp);
        if (g.role == GroupRole::Embedding) {
            bytes += stageHoldsEmbedding(m, s) ? perGpu : 0;
        } else if (g.role == GroupRole::LmHead) {
            bytes += stageHoldsHead(m, s) ? perGpu : 0;
        } else if (g.role == GroupRole::Vision) {
            bytes += withVision ? perGpu : 0;
        } else if (g.layerParams.empty()) {
            bytes += ceilDiv(perGpu * s.layers, std::max<std::uint32_t>(totalLayers, 1));
        } else {
            bytes += std::uint64_t(
                std::ceil(double(perGpu) * layerShare(g, stageRange(s), totalLayers)));
        }
    }
    return bytes;
}

std::uint64_t stageVocabPaddingBytes(const ModelSpec &m, std::uint32_t tp, const PipelineStage &s) {
    const bool embedding = stageHoldsEmbedding(m, s);
    const bool head = stageHoldsHead(m, s);
    if (embedding && head) {
        return vocabPaddingBytes(m, tp, 1);
    }
    ModelSpec only; // the one matrix the stage holds, for vocabPaddingBytes
    only.vocabSize = m.vocabSize;
    for (const auto &g : m.groups) {
        if ((embedding && g.role == GroupRole::Embedding) ||
            (head && g.role == GroupRole::LmHead)) {
            only.groups.push_back(g);
        }
    }
    return vocabPaddingBytes(only, tp, 1);
}

EngineMemoryInput stageInput(const EngineMemoryInput &whole, const PipelineStage &s) {
    EngineMemoryInput in = whole;
    if (whole.pp > 1) {
        in.stageLayers = s.layers;
        in.stageFirstLayer = s.firstLayer;
        if (!s.last) {
            in.draftLayers = 0;
            in.draftModel = nullptr;
        }
    }
    return in;
}

PipelineStage termsStage(const EngineMemoryTerms &t, std::uint32_t pp) {
    PipelineStage s;
    if (pp > 1) {
        s.rank = t.pipelineRank;
        s.layers = t.stageLayers;
        s.firstLayer = t.stageFirstLayer;
        s.first = t.pipelineRank == 0;
        s.last = t.pipelineRank + 1 >= pp;
    }
    return s;
}

void setStageWeights(EngineMemoryTerms &t, const EngineMemoryInput &in, const PipelineStage &s,
                     bool vocabPadding) {
    const ModelSpec &m = *in.model;
    t.pipelineRank = s.rank;
    t.stageLayers = s.layers;
    t.stageFirstLayer = s.firstLayer;
    if (in.pp <= 1) {
        t.checkpointWeights = in.checkpointWeightsPerGpu;
        // The vocabulary and the KV heads are split over the attention TP (tp / dp).
        t.weightPadding = vocabPadding ? vocabPaddingBytes(m, in.attentionTp(), 1) : 0;
        t.weightReplication = kvReplicationBytes(m, in.attentionTp(), 1);
        return;
    }
    const std::uint32_t tp = std::max<std::uint32_t>(in.tp, 1);
    const std::uint32_t total = std::max<std::uint32_t>(m.decoderLayers(), 1);
    t.checkpointWeights = stageCheckpointBytes(m, tp, total, s, !vllmTextOnlyApplies(in));
    t.weightPadding = vocabPadding ? stageVocabPaddingBytes(m, tp, s) : 0;
    t.weightReplication = kvReplicationBytes(m, tp, stageRange(s));
}

std::vector<std::uint32_t> sglangPipelineLayers(std::uint32_t layers, std::uint32_t pp) {
    pp = std::max<std::uint32_t>(pp, 1);
    std::vector<std::uint32_t> parts(pp, layers / pp);
    const std::uint32_t rest = layers % pp;
    for (std::uint32_t i = pp - rest; i < pp; ++i) {
        parts[i] += 1;
    }
    return parts;
}

std::vector<std::uint32_t> trtllmPipelineLayers(std::uint32_t layers, std::uint32_t pp) {
    pp = std::max<std::uint32_t>(pp, 1);
    std::vector<std::uint32_t> parts(pp, layers / pp);
    for (std::uint32_t i = 0; i < layers % pp; ++i) {
        parts[i] += 1;
    }
    return parts;
}

bool sglangHeadOnEveryStage(const ModelSpec &m) {
    return m.architecture == "llama" || m.architecture == "mistral";
}

} // namespace hostplan
