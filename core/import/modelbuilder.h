// SPDX-License-Identifier: MIT
// The model-builder API every importer uses (the Hugging Face architecture files arch_*.cpp,
// and any future format such as GGUF): describe a model's stored tensors as pieces, its layers
// by attention kind and its experts, then finish() merges the pieces into TensorGroups with their
// stored formats and exact bytes and computes the parameter totals of a ModelSpec.
//
// A piece is one kind of stored tensor: `count` instances of a [rows, cols] matrix (a vector has
// cols 1) under one representative module name (the name quantization rules match), of which
// `active` are touched by one text token. Pieces merge into one TensorGroup per
// (group, role, placement, stored format), in order of first appearance; layers merge into
// LayerGroups the same way.
//
// Errors: the builder never throws. The first bad value (a dimension that does not fit its
// ModelSpec field, a layer shape whose state overflows, a parameter or byte count that
// overflows 64 bits, a model beyond the plausibility limit) is kept and finish() returns it,
// naming the field or the tensor's module. Arithmetic is checked (import/configreader.h).
#pragma once

#include "model/modelspec.h"
#include "model/numberformat.h"
#include "util/result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostplan::importer {

struct Quantization; // import/quantization.h

/// One kind of stored tensor (see the file comment).
struct TensorPiece {
    std::string group; ///< base group name ("attention", "routed experts", ...)
    GroupRole role = GroupRole::Other;
    Placement placement = Placement::Sharded;
    std::string module;  ///< representative module path, for quantization rules and errors
    bool linear = false; ///< a Linear-like weight matrix a quantizer may convert
    bool fp32 = false;   ///< stored in fp32 whatever the model dtype (checkpoint fact)
    std::uint64_t rows = 0;
    std::uint64_t cols = 1;
    std::uint64_t count = 0;  ///< instances in the model
    std::uint64_t active = 0; ///< instances one text token touches
    /// Stored in this format whatever the dtype and quantization_config say (a checkpoint fact
    /// the config states elsewhere, e.g. DeepSeek V4 expert_dtype "fp4": MXFP4 experts).
    std::optional<NumberFormat> stored;
    /// The decoder layers the piece spans, ascending (count / layers->size() instances in
    /// each), when known: those ModelBuilder::setPieceLayers named, or every layer for a piece
    /// under layer 0 whose count is a multiple of the layers. Null otherwise. With them a
    /// quantization's exclude rules are matched layer by layer (the module's layer index
    /// replaced); without, on `module` alone.
    std::shared_ptr<const std::vector<std::uint32_t>> layers;
    std::size_t layerRootSize = 0; ///< length of the "<layer root>" that precedes the index
    /// Whether the quantization converts the piece, when already decided layer by layer.
    std::optional<bool> converted;

    /// rows x cols x count; throws ImportFailure naming `module` on overflow (importer-internal:
    /// call inside guarded(), as finish() does).
    std::uint64_t params() const;
};

/// The model-wide sizes a ModelSpec carries (elements and tokens).
struct ModelDimensions {
    std::uint64_t hidden = 0;     ///< hidden_size; must fit 32 bits
    std::uint64_t layers = 0;     ///< decoder layers; must fit 32 bits
    std::uint64_t heads = 0;      ///< query heads; must fit 32 bits
    std::uint64_t vocab = 0;      ///< vocabulary size; must fit 32 bits
    std::uint64_t maxContext = 0; ///< tokens; 0 = unknown
};

/// Collects a model's pieces, layers and experts and turns them into a ModelSpec.
class ModelBuilder {
  public:
    // --- Dimensions and module names ---------------------------------------------------------

    /// Sets the model-wide sizes; one that does not fit its ModelSpec field is an error naming
    /// the config field (hidden_size, num_hidden_layers, num_attention_heads, vocab_size).
    void setDimensions(const ModelDimensions &dims);
    const ModelDimensions &dimensions() const { return m_dims; }
    /// Prefix of every module name ("language_model." for a multimodal wrapper's text model).
    void setModulePrefix(std::string prefix) { m_prefix = std::move(prefix); }
    const std::string &modulePrefix() const { return m_prefix; }
    /// Path of the decoder layers when it is not "<prefix>model.layers." (a multimodal
    /// wrapper's "model.language_model.layers.").
    void setLayerRoot(std::string root) { m_layerRoot = std::move(root); }
    /// "<layer root><layer>." : the representative module path of a decoder layer.
    std::string layerModule(std::uint64_t layer) const;
    /// The decoder layers (ascending) that the pieces added next span, until called with an
    /// empty list: for a hybrid model's kinds of layers, whose representative module names one
    /// of them (TensorPiece::layers).
    void setPieceLayers(std::vector<std::uint32_t> layers);

    // --- Tensors --------------------------------------------------------------------------------

    /// Adds a piece; one with zero rows, cols or count is dropped.
    void add(TensorPiece piece);
    /// A weight matrix [rows, cols] of an nn.Linear-like module in `group`.
    void linear(const std::string &group, GroupRole role, Placement placement,
                const std::string &module, std::uint64_t rows, std::uint64_t cols,
                std::uint64_t count, std::uint64_t active);
    /// A non-quantizable tensor (bias, embedding, router parameter, conv weight).
    void tensor(const std::string &group, GroupRole role, Placement placement,
                const std::string &module, std::uint64_t rows, std::uint64_t cols,
                std::uint64_t count, std::uint64_t active, bool fp32 = false);
    /// Norm weights and small per-layer vectors of `elements`: replicated, every token.
    void small(const std::string &module, std::uint64_t elements, std::uint64_t count,
               bool fp32 = false);
    /// A sharded attention projection [rows, cols] in `count` layers.
    void attention(const std::string &module, std::uint64_t rows, std::uint64_t cols,
                   std::uint64_t count);
    /// An attention bias of `n` elements in `count` layers.
    void attentionBias(const std::string &module, std::uint64_t n, std::uint64_t count);
    /// A replicated attention down-projection (vLLM ReplicatedLinear: MLA q_a/kv_a, KDA f_a/g_a).
    void attentionReplicated(const std::string &module, std::uint64_t rows, std::uint64_t cols,
                             std::uint64_t count);
    /// A gated MLP: gate and up [inter, hidden], down [hidden, inter], modules prefix + name.
    /// With role DenseMlp, `inter` (the width of one branch, as built) becomes the spec's
    /// denseIntermediate, which sizes the engines' activation peak.
    void gatedMlp(const std::string &group, GroupRole role, const std::string &prefix,
                  const char *gate, const char *up, const char *down, std::uint64_t hidden,
                  std::uint64_t inter, std::uint64_t count, std::uint64_t active);
    /// A gated MLP whose gate and up projections are one stored tensor: gate_up [2 x inter,
    /// hidden], down [hidden, inter] (Granite's input_linear / output_linear). Otherwise as
    /// gatedMlp.
    void fusedGatedMlp(const std::string &group, GroupRole role, const std::string &prefix,
                       const char *gateUp, const char *down, std::uint64_t hidden,
                       std::uint64_t inter, std::uint64_t count, std::uint64_t active);
    /// A non-gated MLP (Nemotron-H's relu2 NemotronHMLP): up [inter, hidden], down [hidden,
    /// inter], modules prefix + name. With role DenseMlp, `inter` becomes the spec's
    /// denseIntermediate, as for gatedMlp.
    void plainMlp(const std::string &group, GroupRole role, const std::string &prefix,
                  const char *up, const char *down, std::uint64_t hidden, std::uint64_t inter,
                  std::uint64_t count, std::uint64_t active);
    /// A MoE router [experts, hidden] in `count` layers, replicated; `isLinear` when it is an
    /// nn.Linear a quantizer may convert (not a plain nn.Parameter).
    void router(const std::string &module, std::uint64_t experts, std::uint64_t hidden,
                std::uint64_t count, bool isLinear);
    /// The pieces so far, in order.
    const std::vector<TensorPiece> &pieces() const { return m_pieces; }

    // --- Layers, one call per decoder layer in order -------------------------------------------

    /// Softmax attention: MHA / GQA / MQA by the head counts, or SlidingWindow when window > 0;
    /// `kvShared`: the layer reads an earlier layer's cache (LayerGroup::kvShared).
    void addSoftmaxLayer(std::uint64_t qHeads, std::uint64_t kvHeads, std::uint64_t headDim,
                         std::uint64_t window, bool kvShared = false);
    /// MLA: caches kvLora + rope elements per token; the latent acts as one KV head shared by
    /// all query heads (kvHeads = 1, replicated under TP). qkDim is nope + rope. `indexerDim`:
    /// the width of the sparse-attention indexer key this layer caches (0: none).
    void addMlaLayer(std::uint64_t heads, std::uint64_t qkDim, std::uint64_t vDim,
                     std::uint64_t kvLora, std::uint64_t rope, std::uint64_t indexerDim = 0);
    /// Linear attention (KDA, Gated DeltaNet): heads x dk x dv recurrent state and a short-conv
    /// window of convChannels x (kernel - 1) elements; kernel >= 1. `groups`: a Mamba2 mixer's
    /// n_groups (LayerGroup::stateGroups), 0 for other kinds.
    void addLinearLayer(std::uint64_t heads, std::uint64_t dk, std::uint64_t dv,
                        std::uint64_t convChannels, std::uint64_t kernel, std::uint64_t groups = 0);
    /// Any other layer description (its count is ignored: one call is one layer).
    void addLayer(const LayerGroup &layer);
    /// The decoder block (index below the model's layers) the next layer added sits in, for a
    /// model whose blocks are not all attention or mixer layers (Nemotron-H's MLP and MoE
    /// blocks): when every layer names its block, LayerGroup::ranges follow them. A block past
    /// the layers names none.
    void atBlock(std::uint64_t block);

    // --- Experts ----------------------------------------------------------------------------

    /// Routed experts per MoE layer, top-k, shared experts, MoE layers, parameters of one routed
    /// expert in one layer, the width it reads and its intermediate size.
    void setExperts(std::uint64_t routed, std::uint64_t topK, std::uint64_t shared,
                    std::uint64_t moeLayers, std::uint64_t paramsPerExpert, std::uint64_t width,
                    std::uint64_t intermediate);

    /// The MTP / next-n prediction layers the checkpoint ships (ModelSpec::mtpLayers).
    void setMtpLayers(std::uint64_t n) { m_mtpLayers = narrow(n, "MTP layers"); }
    /// Marks the recurrent layers as Mamba mixers (ModelSpec::mambaState).
    void setMambaState() { m_mambaState = true; }
    /// Marks the recurrent layers as Kimi Delta Attention (ModelSpec::kdaState).
    void setKdaState() { m_kdaState = true; }
    /// The vision_config's num_hidden_layers and hidden_size keys, 0 when absent
    /// (ModelSpec::visionConfigLayers, visionConfigHidden).
    void setVisionConfig(std::uint64_t layers, std::uint64_t hidden) {
        m_visionConfigLayers = narrow(layers, "vision_config.num_hidden_layers");
        m_visionConfigHidden = narrow(hidden, "vision_config.hidden_size");
    }

    /// The vision tower's shapes (ModelSpec::visionEncoder).
    void setVisionEncoder(VisionEncoderShape shape) { m_visionEncoder = std::move(shape); }

    // --- Notes -------------------------------------------------------------------------------

    /// An import note the plan repeats as a warning (ModelSpec::notes). Notes that start with
    /// "estimated: " mark a size the importer could not read exactly, with the reason.
    void note(std::string text) { m_notes.push_back(std::move(text)); }
    const std::vector<std::string> &notes() const { return m_notes; }
    /// vLLM refuses this config before loading a weight, for `why` (ModelSpec::vllmLoadRefusal;
    /// cite the vLLM source that asserts it).
    void refuseInVllm(std::string why) { m_vllmLoadRefusal = std::move(why); }

    // --- Result ------------------------------------------------------------------------------

    /// The ModelSpec: dimensions, TensorGroups (unquantized tensors in `dtype`, Linear pieces
    /// converted by `quant`, fp32 pieces in fp32; exact bytes where they differ from the
    /// format's nominal size), merged LayerGroups, experts, and the totals: totalParams,
    /// activeParams (without the input embedding) and activeParamsWithEmbedding. Identity
    /// fields (id, names, source) are left to the importer. The first error, if any.
    Result<ModelSpec> finish(NumberFormat dtype, const Quantization &quant) const;
    /// finish() for a checkpoint without quantization_config.
    Result<ModelSpec> finish(NumberFormat dtype) const;

  private:
    /// Keeps the widest dense MLP (denseIntermediate) and shared-expert MLP
    /// (ExpertInfo::sharedIntermediate) built.
    void noteMlpWidth(GroupRole role, std::uint64_t inter);
    void keepError(std::string field, std::string message);
    std::uint32_t narrow(std::uint64_t value, const char *field);

    ModelDimensions m_dims;
    std::string m_vllmLoadRefusal;
    std::string m_prefix;
    std::string m_layerRoot; // empty: m_prefix + "model.layers."
    std::vector<TensorPiece> m_pieces;
    std::shared_ptr<const std::vector<std::uint32_t>> m_pieceLayers; // setPieceLayers
    mutable std::shared_ptr<const std::vector<std::uint32_t>> m_allLayers;
    std::vector<LayerGroup> m_layers;         // one per decoder layer
    std::vector<std::uint32_t> m_layerBlocks; // each layer's atBlock, or none
    std::optional<std::uint32_t> m_nextBlock; // atBlock for the next layer
    ExpertInfo m_experts;
    std::uint64_t m_denseIntermediate = 0;  // widest dense MLP built (0: none)
    std::uint64_t m_sharedIntermediate = 0; // widest shared-expert MLP built (0: none)
    bool m_mambaState = false;
    bool m_kdaState = false;
    std::uint32_t m_mtpLayers = 0;
    std::uint32_t m_visionConfigLayers = 0;
    std::uint32_t m_visionConfigHidden = 0;
    VisionEncoderShape m_visionEncoder;
    std::vector<std::string> m_notes;
    std::optional<Error> m_error;
};

} // namespace hostplan::importer
