// SPDX-License-Identifier: MIT
#include "import/modelbuilder.h"

#include "import/configreader.h"
#include "import/quantization.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <tuple>
#include <limits>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// ModelBuilder's mark of a layer added without atBlock.
constexpr std::uint32_t kNoBlock = std::numeric_limits<std::uint32_t>::max();

/// Merges per-layer descriptions into LayerGroups, in order of first appearance. Each group
/// also lists its layers (LayerGroup::ranges): by the block each entry names (`blocks`, from
/// ModelBuilder::atBlock) when every entry names one, ascending; else when `perLayer` holds the
/// same number of entries for each of `decoderLayers` layers (one, or a parallel hybrid's two).
/// A block with several entries of one group is one layer of the run holding that many.
std::vector<LayerGroup> mergeLayers(const std::vector<LayerGroup> &perLayer,
                                    const std::vector<std::uint32_t> &blocks,
                                    std::uint64_t decoderLayers) {
    const bool byBlock =
        !blocks.empty() && blocks.size() == perLayer.size() &&
        std::none_of(blocks.begin(), blocks.end(), [](std::uint32_t b) { return b == kNoBlock; });
    const std::size_t perDecoderLayer =
        !byBlock && decoderLayers && perLayer.size() % decoderLayers == 0
            ? perLayer.size() / decoderLayers
            : 0;
    std::vector<LayerGroup> out;
    // Per group, the block of its entries not yet in its ranges and how many there are: a
    // block holding two entries of one kind (LongCat-Flash's two MLA sublayers) is one run
    // element of perLayer 2.
    std::vector<std::pair<std::uint32_t, std::uint64_t>> pending;
    const auto flush = [&](std::size_t g) {
        if (pending[g].second > 0) {
            appendRun(out[g].ranges, pending[g].first, 1, pending[g].second);
            pending[g].second = 0;
        }
    };
    for (std::size_t i = 0; i < perLayer.size(); ++i) {
        const LayerGroup &l = perLayer[i];
        auto it = std::find_if(out.begin(), out.end(), [&](const LayerGroup &g) {
            return g.kind == l.kind && g.qHeads == l.qHeads && g.kvHeads == l.kvHeads &&
                   g.headDim == l.headDim && g.vHeadDim == l.vHeadDim &&
                   g.kvLoraRank == l.kvLoraRank && g.ropeDim == l.ropeDim && g.window == l.window &&
                   g.stateElements == l.stateElements && g.convElements == l.convElements &&
                   g.stateHeads == l.stateHeads && g.stateGroups == l.stateGroups &&
                   g.indexerHeadDim == l.indexerHeadDim && g.compressRatio == l.compressRatio &&
                   g.kvShared == l.kvShared;
        });
        if (it == out.end()) {
            out.push_back(l);
            out.back().count = 1;
            out.back().ranges.clear();
            pending.emplace_back(0, 0);
            it = out.end() - 1;
        } else {
            ++it->count;
        }
        const std::size_t g = std::size_t(it - out.begin());
        const std::uint32_t block = byBlock           ? blocks[i]
                                    : perDecoderLayer ? std::uint32_t(i / perDecoderLayer)
                                                      : kNoBlock;
        if (block != kNoBlock) {
            if (pending[g].second > 0 && pending[g].first != block) {
                flush(g);
            }
            pending[g].first = block;
            ++pending[g].second;
        }
    }
    for (std::size_t g = 0; g < out.size(); ++g) {
        flush(g);
    }
    return out;
}

/// Parameters per decoder layer of one tensor group while pieces merge into it (dense over
/// the layers, allocated for the first piece that names its layers).
struct LayerTally {
    std::vector<u64> params;

    /// Adds `p`'s parameters to the layers it spans; a piece without layers, with an index
    /// past `layers` or a count its layers do not divide stays unplaced.
    void add(const TensorPiece &p, u64 layers) {
        if (!p.layers || p.layers->empty() || p.count % p.layers->size() != 0 ||
            std::any_of(p.layers->begin(), p.layers->end(),
                        [&](std::uint32_t l) { return l >= layers; })) {
            return;
        }
        params.resize(layers, 0);
        const u64 each = p.rows * p.cols * (p.count / p.layers->size()); // <= p.params()
        for (const std::uint32_t l : *p.layers) {
            params[l] += each;
        }
    }

    /// The tally as runs of equal, non-zero parameters per layer (TensorGroup::layerParams).
    std::vector<LayerRun> runs() const {
        std::vector<LayerRun> out;
        for (std::size_t l = 0; l < params.size(); ++l) {
            appendRun(out, std::uint32_t(l), 1, params[l]);
        }
        return out;
    }
};

/// `p`'s module with its layer index replaced by `layer` (p.layers set).
std::string moduleAtLayer(const TensorPiece &p, std::uint32_t layer) {
    const std::size_t dot = p.module.find('.', p.layerRootSize);
    return p.module.substr(0, p.layerRootSize) + std::to_string(layer) + p.module.substr(dot);
}

/// What a model's pieces may spend testing exclude rules layer by layer (Quantization::ruleCost
/// units, about one character comparison each, summed over the pieces); a piece past it is
/// decided by its representative module for all its layers, with a note. It bounds the time
/// a hostile config (65,536 layers, long rules) can take to about a second.
constexpr u64 kLayerRuleBudget = u64(1) << 25;

/// Appends `p` to `out` split by the layers `q` converts and those its exclude rules keep
/// (each part's module names one of its layers, so that q.converts decides the same again):
/// a checkpoint that keeps some layers' tensors unquantized (ModelOpt exclude_modules and
/// compressed-tensors ignore lists name them one by one) has them in the model dtype.
/// `budget`: the rule cost left (kLayerRuleBudget), decreased by this piece's; `partial` is
/// set when the piece did not fit in it.
void splitByLayer(const TensorPiece &p, const Quantization &q, std::vector<TensorPiece> &out,
                  u64 &budget, bool &partial) {
    const std::size_t n = p.layers ? p.layers->size() : 0;
    if (n == 0 || q.method == Quantization::Method::None || !p.linear || p.stored || p.fp32) {
        out.push_back(p);
        return;
    }
    const Quantization::LayerRules rules = q.rulesByLayer(p.module.substr(0, p.layerRootSize));
    u64 cost = u64(n) * (rules.shared.ruleCost() + 1);
    for (const std::uint32_t layer : *p.layers) {
        const auto it = rules.byLayer.find(layer);
        cost += it == rules.byLayer.end() ? 0 : it->second.ruleCost();
    }
    if (cost > budget) {
        partial = true;
        out.push_back(p);
        return;
    }
    budget -= cost;
    // Each layer's outcome: kept (null) or the scheme that stores it (q itself, or under
    // MIXED_PRECISION its module's quantized_layers entry). Layers whose schemes store alike
    // share a part.
    struct Part {
        const Quantization *scheme = nullptr;
        std::vector<std::uint32_t> layers;
    };
    std::vector<Part> parts;
    TensorPiece probe = p;
    for (const std::uint32_t layer : *p.layers) {
        probe.module = moduleAtLayer(p, layer);
        const auto it = rules.byLayer.find(layer);
        const Quantization *scheme = rules.shared.storesAs(probe);
        if (scheme && it != rules.byLayer.end() && !it->second.converts(probe)) {
            scheme = nullptr;
        }
        auto same = std::find_if(parts.begin(), parts.end(), [&](const Part &x) {
            return x.scheme == scheme ||
                   (x.scheme && scheme && x.scheme->format == scheme->format &&
                    x.scheme->scaleLayout == scheme->scaleLayout &&
                    x.scheme->blockRows == scheme->blockRows &&
                    x.scheme->blockCols == scheme->blockCols);
        });
        if (same == parts.end()) {
            parts.push_back({scheme, {}});
            same = parts.end() - 1;
        }
        same->layers.push_back(layer);
    }
    if (parts.size() == 1) {
        TensorPiece whole = p; // one decision for every layer
        // Named at one of its own layers, which resolves to its scheme again (a piece of
        // Qwen3.5's full-attention layers is written at layer 0, a Gated DeltaNet layer).
        whole.module = moduleAtLayer(p, parts.front().layers.front());
        whole.converted = parts.front().scheme != nullptr;
        out.push_back(std::move(whole));
        return;
    }
    const u64 perLayer = p.count / n;
    u64 activeLeft = p.active;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        Part &x = parts[i];
        const u64 active = i + 1 == parts.size()
                               ? activeLeft
                               : u64(double(p.active) * double(x.layers.size()) / double(n));
        activeLeft -= std::min(active, activeLeft);
        TensorPiece part = p;
        part.module = moduleAtLayer(p, x.layers.front()); // resolves to the part's scheme
        part.count = perLayer * x.layers.size();
        part.active = active;
        part.layers = std::make_shared<const std::vector<std::uint32_t>>(std::move(x.layers));
        part.converted = x.scheme != nullptr; // decided here, not tested again
        out.push_back(std::move(part));
    }
}

/// Merges pieces into TensorGroups keyed by (name, role, placement, format). When one name
/// ends up with several formats, each such group's name gets the format label.
std::vector<TensorGroup> makeGroups(const std::vector<TensorPiece> &input, const Quantization &q,
                                    NumberFormat dtype, u64 layers, bool &partial) {
    struct Acc {
        TensorGroup group;
        u64 exact = 0;
        LayerTally tally;
    };
    std::vector<TensorPiece> pieces;
    u64 budget = kLayerRuleBudget;
    for (const TensorPiece &p : input) {
        splitByLayer(p, q, pieces, budget, partial);
    }
    std::vector<Acc> acc;
    for (const TensorPiece &p : pieces) {
        // Keeps every byte computation below (params x 32 bits at most) inside 64 bits.
        if (p.params() > kMaxParams) {
            fail("", "implausible model: " + p.module + " alone holds " +
                         std::to_string(p.params()) + " parameters");
        }
        NumberFormat f = dtype;
        u64 bytes = 0;
        if (p.stored) {
            f = *p.stored;
            bytes = f.bytesFor(p.params());
        } else if (p.fp32) {
            f = formats::fp32;
            bytes = f.bytesFor(p.params());
        } else if (const Quantization *scheme =
                       p.converted ? (*p.converted ? &q.schemeFor(p) : nullptr) : q.storesAs(p)) {
            // storesAs answers and names the storing scheme in one pass over the rules.
            f = scheme->format;
            bytes = scheme->convertedBytes(p);
        } else {
            bytes = f.bytesFor(p.params());
        }
        auto it = std::find_if(acc.begin(), acc.end(), [&](const Acc &a) {
            return a.group.name == p.group && a.group.role == p.role &&
                   a.group.placement == p.placement && a.group.format == f;
        });
        if (it == acc.end()) {
            Acc a;
            a.group.name = p.group;
            a.group.role = p.role;
            a.group.placement = p.placement;
            a.group.format = f;
            a.group.linear = false; // set below: a group with any Linear weight is re-quantized
            acc.push_back(a);
            it = acc.end() - 1;
        }
        it->group.linear = it->group.linear || p.linear;
        it->group.params = checkedAdd(it->group.params, p.params(), p.group);
        it->group.activeParams = checkedAdd(
            it->group.activeParams, checkedMul(p.rows, p.cols, p.active, p.module), p.group);
        it->exact = checkedAdd(it->exact, bytes, p.group);
        it->tally.add(p, layers);
    }
    std::vector<TensorGroup> out;
    for (Acc &a : acc) {
        if (a.exact != a.group.format.bytesFor(a.group.params)) {
            a.group.exactBytes = a.exact;
        }
        a.group.layerParams = a.tally.runs();
        const auto sameName = std::count_if(
            acc.begin(), acc.end(), [&](const Acc &o) { return o.group.name == a.group.name; });
        out.push_back(a.group);
        if (sameName > 1) {
            out.back().name += " (" + a.group.format.label() + ")";
        }
    }
    return out;
}

} // namespace

u64 TensorPiece::params() const {
    return checkedMul(rows, cols, count, module);
}

void ModelBuilder::keepError(std::string field, std::string message) {
    if (!m_error) {
        m_error = makeError(std::move(field), std::move(message));
    }
}

std::uint32_t ModelBuilder::narrow(u64 value, const char *field) {
    if (value > std::numeric_limits<std::uint32_t>::max()) {
        keepError(field, std::to_string(value) + " does not fit 32 bits; implausibly large");
    }
    return std::uint32_t(value);
}

void ModelBuilder::setDimensions(const ModelDimensions &dims) {
    m_dims = dims;
    narrow(dims.hidden, "hidden_size");
    narrow(dims.layers, "num_hidden_layers");
    narrow(dims.heads, "num_attention_heads");
    narrow(dims.vocab, "vocab_size");
}

std::string ModelBuilder::layerModule(u64 layer) const {
    return (m_layerRoot.empty() ? m_prefix + "model.layers." : m_layerRoot) +
           std::to_string(layer) + ".";
}

void ModelBuilder::setPieceLayers(std::vector<std::uint32_t> layers) {
    m_pieceLayers = layers.empty()
                        ? nullptr
                        : std::make_shared<const std::vector<std::uint32_t>>(std::move(layers));
}

void ModelBuilder::add(TensorPiece p) {
    if (p.count == 0 || p.rows == 0 || p.cols == 0) {
        return;
    }
    // A module under "<layer root><index>." spans the layers setPieceLayers named, or every
    // layer when it is layer 0's and its count is a multiple of the layers.
    const std::string root = m_layerRoot.empty() ? m_prefix + "model.layers." : m_layerRoot;
    std::size_t end = root.size();
    if (p.module.compare(0, root.size(), root) == 0) {
        while (end < p.module.size() && std::isdigit(static_cast<unsigned char>(p.module[end]))) {
            ++end;
        }
    }
    if (end > root.size() && end < p.module.size() && p.module[end] == '.') {
        auto layers = m_pieceLayers;
        if (!layers && end == root.size() + 1 && p.module[root.size()] == '0' &&
            m_dims.layers > 0 && m_dims.layers <= kMaxLayers && p.count % m_dims.layers == 0) {
            if (!m_allLayers || m_allLayers->size() != m_dims.layers) {
                std::vector<std::uint32_t> all(m_dims.layers);
                for (std::size_t i = 0; i < all.size(); ++i) {
                    all[i] = std::uint32_t(i);
                }
                m_allLayers = std::make_shared<const std::vector<std::uint32_t>>(std::move(all));
            }
            layers = m_allLayers;
        }
        if (layers && p.count % layers->size() == 0) {
            p.layers = std::move(layers);
            p.layerRootSize = root.size();
        }
    }
    m_pieces.push_back(std::move(p));
}

namespace {

/// A TensorPiece with its sizes set and no stored format, layers or conversion decided yet.
TensorPiece makePiece(const std::string &group, GroupRole role, Placement placement,
                      const std::string &module, bool isLinear, bool fp32, u64 rows, u64 cols,
                      u64 count, u64 active) {
    TensorPiece p;
    p.group = group;
    p.role = role;
    p.placement = placement;
    p.module = module;
    p.linear = isLinear;
    p.fp32 = fp32;
    p.rows = rows;
    p.cols = cols;
    p.count = count;
    p.active = active;
    return p;
}

} // namespace

void ModelBuilder::linear(const std::string &group, GroupRole role, Placement placement,
                          const std::string &module, u64 rows, u64 cols, u64 count, u64 active) {
    add(makePiece(group, role, placement, module, true, false, rows, cols, count, active));
}

void ModelBuilder::tensor(const std::string &group, GroupRole role, Placement placement,
                          const std::string &module, u64 rows, u64 cols, u64 count, u64 active,
                          bool fp32) {
    add(makePiece(group, role, placement, module, false, fp32, rows, cols, count, active));
}

void ModelBuilder::small(const std::string &module, u64 elements, u64 count, bool fp32) {
    tensor("norms and small vectors", GroupRole::Norms, Placement::Replicated, module, elements, 1,
           count, count, fp32);
}

void ModelBuilder::attention(const std::string &module, u64 rows, u64 cols, u64 count) {
    linear("attention", GroupRole::Attention, Placement::Sharded, module, rows, cols, count, count);
}

void ModelBuilder::attentionBias(const std::string &module, u64 n, u64 count) {
    tensor("attention", GroupRole::Attention, Placement::Sharded, module, n, 1, count, count);
}

void ModelBuilder::attentionReplicated(const std::string &module, u64 rows, u64 cols, u64 count) {
    linear("attention (replicated down-projections)", GroupRole::Attention, Placement::Replicated,
           module, rows, cols, count, count);
}

void ModelBuilder::noteMlpWidth(GroupRole role, u64 inter) {
    if (role == GroupRole::DenseMlp) {
        m_denseIntermediate = std::max(m_denseIntermediate, inter);
    } else if (role == GroupRole::SharedExperts) {
        m_sharedIntermediate = std::max(m_sharedIntermediate, inter);
    }
}

void ModelBuilder::gatedMlp(const std::string &group, GroupRole role, const std::string &prefix,
                            const char *gate, const char *up, const char *down, u64 hidden,
                            u64 inter, u64 count, u64 active) {
    noteMlpWidth(role, inter);
    linear(group, role, Placement::Sharded, prefix + gate, inter, hidden, count, active);
    linear(group, role, Placement::Sharded, prefix + up, inter, hidden, count, active);
    linear(group, role, Placement::Sharded, prefix + down, hidden, inter, count, active);
}

void ModelBuilder::fusedGatedMlp(const std::string &group, GroupRole role,
                                 const std::string &prefix, const char *gateUp, const char *down,
                                 u64 hidden, u64 inter, u64 count, u64 active) {
    noteMlpWidth(role, inter);
    linear(group, role, Placement::Sharded, prefix + gateUp, checkedMul(2, inter, prefix + gateUp),
           hidden, count, active);
    linear(group, role, Placement::Sharded, prefix + down, hidden, inter, count, active);
}

void ModelBuilder::plainMlp(const std::string &group, GroupRole role, const std::string &prefix,
                            const char *up, const char *down, u64 hidden, u64 inter, u64 count,
                            u64 active) {
    noteMlpWidth(role, inter);
    linear(group, role, Placement::Sharded, prefix + up, inter, hidden, count, active);
    linear(group, role, Placement::Sharded, prefix + down, hidden, inter, count, active);
}

void ModelBuilder::router(const std::string &module, u64 experts, u64 hidden, u64 count,
                          bool isLinear) {
    add(makePiece("router", GroupRole::MoeOther, Placement::Replicated, module, isLinear, false,
                  experts, hidden, count, count));
}

void ModelBuilder::addSoftmaxLayer(u64 qHeads, u64 kvHeads, u64 headDim, u64 window,
                                   bool kvShared) {
    LayerGroup g;
    g.kind = window > 0          ? AttentionKind::SlidingWindow
             : kvHeads == qHeads ? AttentionKind::MHA
             : kvHeads == 1      ? AttentionKind::MQA
                                 : AttentionKind::GQA;
    g.qHeads = narrow(qHeads, "num_attention_heads");
    g.kvHeads = narrow(kvHeads, "num_key_value_heads");
    g.headDim = narrow(headDim, "head_dim");
    g.window = narrow(window, "sliding_window");
    g.kvShared = kvShared;
    addLayer(g);
}

void ModelBuilder::addMlaLayer(u64 heads, u64 qkDim, u64 vDim, u64 kvLora, u64 rope,
                               u64 indexerDim) {
    LayerGroup g;
    g.kind = AttentionKind::MLA;
    g.qHeads = narrow(heads, "num_attention_heads");
    g.kvHeads = 1;
    g.headDim = narrow(qkDim, "qk_nope_head_dim + qk_rope_head_dim");
    g.vHeadDim = vDim == qkDim ? 0 : narrow(vDim, "v_head_dim");
    g.kvLoraRank = narrow(kvLora, "kv_lora_rank");
    g.ropeDim = narrow(rope, "qk_rope_head_dim");
    g.indexerHeadDim = narrow(indexerDim, "index_head_dim");
    addLayer(g);
}

void ModelBuilder::addLinearLayer(u64 heads, u64 dk, u64 dv, u64 convChannels, u64 kernel,
                                  u64 groups) {
    LayerGroup g;
    g.kind = AttentionKind::Linear;
    g.qHeads = narrow(heads, "linear attention heads");
    g.headDim = narrow(dk, "linear attention key head dim");
    g.vHeadDim = dv == dk ? 0 : narrow(dv, "linear attention value head dim");
    auto state = guarded([&] { return checkedMul(heads, dk, dv, "linear attention state"); });
    auto conv = guarded([&] {
        if (kernel == 0) {
            fail("short convolution kernel", "must be at least 1, got 0");
        }
        return checkedMul(convChannels, kernel - 1, "short convolution state");
    });
    for (const auto *r : {&state, &conv}) {
        if (!r->ok()) {
            keepError(r->error().field, r->error().message);
        }
    }
    g.stateElements = state.ok() ? *state : 0;
    g.convElements = conv.ok() ? *conv : 0;
    g.stateHeads = g.qHeads;
    g.stateGroups = narrow(groups, "Mamba2 groups");
    addLayer(g);
}

void ModelBuilder::addLayer(const LayerGroup &layer) {
    m_layers.push_back(layer);
    m_layerBlocks.push_back(m_nextBlock.value_or(kNoBlock));
    m_nextBlock.reset();
}

void ModelBuilder::atBlock(std::uint64_t block) {
    m_nextBlock =
        block < m_dims.layers ? std::optional<std::uint32_t>(std::uint32_t(block)) : std::nullopt;
}

void ModelBuilder::setExperts(u64 routed, u64 topK, u64 shared, u64 moeLayers, u64 paramsPerExpert,
                              u64 width, u64 intermediate) {
    m_experts.routed = narrow(routed, "routed experts");
    m_experts.activePerToken = narrow(topK, "experts per token");
    m_experts.shared = narrow(shared, "shared experts");
    m_experts.moeLayers = narrow(moeLayers, "MoE layers");
    m_experts.paramsPerExpert = paramsPerExpert;
    m_experts.expertWidth = narrow(width, "expert width");
    m_experts.intermediate = narrow(intermediate, "expert intermediate size");
}

Result<ModelSpec> ModelBuilder::finish(NumberFormat dtype, const Quantization &quant) const {
    if (m_error) {
        return *m_error;
    }
    return guarded([&] {
        ModelSpec spec;
        spec.hiddenSize = std::uint32_t(m_dims.hidden);
        spec.numLayers = std::uint32_t(m_dims.layers);
        spec.numAttentionHeads = std::uint32_t(m_dims.heads);
        spec.vocabSize = std::uint32_t(m_dims.vocab);
        spec.maxContextTokens = m_dims.maxContext;
        bool partial = false;
        spec.groups = makeGroups(m_pieces, quant, dtype, m_dims.layers, partial);
        spec.layers = mergeLayers(m_layers, m_layerBlocks, m_dims.layers);
        spec.experts = m_experts;
        spec.denseIntermediate = std::uint32_t(m_denseIntermediate);
        spec.experts.sharedIntermediate = std::uint32_t(m_sharedIntermediate);
        spec.mtpLayers = m_mtpLayers;
        spec.mambaState = m_mambaState;
        spec.kdaState = m_kdaState;
        spec.visionConfigLayers = m_visionConfigLayers;
        spec.visionConfigHidden = m_visionConfigHidden;
        spec.visionEncoder = m_visionEncoder;
        spec.notes = m_notes;
        spec.vllmLoadRefusal = m_vllmLoadRefusal;
        if (quant.perModule &&
            std::none_of(spec.groups.begin(), spec.groups.end(), [&](const TensorGroup &g) {
                return std::any_of(quant.perModule->schemes.begin(), quant.perModule->schemes.end(),
                                   [&](const Quantization &s) { return s.format == g.format; });
            })) {
            spec.notes.push_back("quantized_layers names none of this model's modules as vLLM "
                                 "resolves them; every weight is planned in the checkpoint "
                                 "dtype");
        }
        if (quant.targets &&
            std::none_of(spec.groups.begin(), spec.groups.end(),
                         [&](const TensorGroup &g) { return g.linear && g.format != dtype; })) {
            spec.notes.push_back("the targets of quantization_config.config_groups match none "
                                 "of this model's Linear layers as vLLM names them; every "
                                 "weight is planned in the checkpoint dtype");
        }
        if (partial) {
            spec.notes.push_back(
                "estimated: the quantization's exclude list is too long to test on every layer; "
                "for some tensors the first layer of their kind decides for all");
        }
        u64 embedding = 0;
        for (const auto &g : spec.groups) {
            spec.totalParams = checkedAdd(spec.totalParams, g.params, "total parameters");
            spec.activeParams = checkedAdd(spec.activeParams, g.activeParams, "active parameters");
            if (g.role == GroupRole::Embedding) {
                embedding = checkedAdd(embedding, g.params, g.name);
            }
        }
        spec.activeParamsWithEmbedding =
            checkedAdd(spec.activeParams, embedding, "active parameters with embedding");
        // A guard against sizes that are individually plausible but jointly absurd.
        if (spec.totalParams > kMaxParams) {
            fail("", "implausible model: " + std::to_string(spec.totalParams) + " parameters");
        }
        return spec;
    });
}

Result<ModelSpec> ModelBuilder::finish(NumberFormat dtype) const {
    return finish(dtype, Quantization{});
}

} // namespace hostplan::importer
