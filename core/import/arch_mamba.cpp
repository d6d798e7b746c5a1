// SPDX-License-Identifier: MIT
// Pure state-space language models, with no attention layer: mamba (MambaForCausalLM,
// state-spaces/mamba-*-hf), falcon_mamba (FalconMambaForCausalLM: the same mixer with
// parameter-free RMS norms on B, C and dt) and mamba2 (Mamba2ForCausalLM, Mamba-Codestral).
// Every layer is one norm and one mixer; the model keeps a fixed state per sequence and no KV
// cache, so context length costs nothing in memory.
//
// Source: vLLM vllm/model_executor/models/mamba.py, falcon_mamba (served by mamba.py's
// MambaForCausalLM with the falcon_mamba flag) and mamba2.py at
// 8744bb0924a53c0d16867426b8b17428d41e4002; the mixers in import/mamba.h. The checkpoint names
// follow transformers' MambaModel / Mamba2Model: backbone.embeddings, backbone.layers.N.norm,
// backbone.layers.N.mixer.*, backbone.norm_f, lm_head.
//
// Keys read (H = hidden_size): num_hidden_layers, vocab_size, tie_word_embeddings (absent: the
// config class's default, noted: tied for mamba and falcon_mamba, untied for mamba2);
// mamba / falcon_mamba: intermediate_size (else expand x H), state_size, conv_kernel,
// time_step_rank ("auto": ceil(H / 16)), use_bias, use_conv_bias; mamba2: num_heads,
// head_dim, state_size, n_groups, conv_kernel (Mamba2Config's defaults when absent, noted),
// expand, use_bias, use_conv_bias. Attention
// heads: none for mamba (any TP that divides intermediate_size), num_heads for mamba2 (TP
// must divide the SSM heads, as MambaMixer2 asserts). Context: max_position_embeddings when
// given, else unknown (the scenario's context is used).
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/mamba.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// Dimensions of a pure state-space stack with `heads` SSM heads (0: none to divide).
void readSsmDimensions(const ConfigReader &c, ModelBuilder &b, u64 heads) {
    ModelDimensions d;
    d.hidden = c.count("hidden_size", kMaxHidden);
    d.layers = c.count("num_hidden_layers", kMaxLayers);
    d.heads = heads;
    d.vocab = c.count("vocab_size", kMaxVocab);
    d.maxContext = c.countOr("max_position_embeddings", 0, kMaxContext);
    b.setDimensions(d);
    b.setLayerRoot("backbone.layers.");
}

/// backbone.embeddings, lm_head (or one tied tensor), the per-layer norms and backbone.norm_f.
void addSsmEmbeddings(const ConfigReader &c, ModelBuilder &b, bool tiedDefault,
                      const std::string &modelType) {
    const ModelDimensions &d = b.dimensions();
    if (!c.has("tie_word_embeddings")) {
        b.note(c.field("tie_word_embeddings") + " is absent: taken as " +
               (tiedDefault ? "true" : "false") + ", the " + modelType + " config's default");
    }
    if (c.flag("tie_word_embeddings", tiedDefault)) {
        b.tensor("embedding (tied lm_head)", GroupRole::LmHead, Placement::Sharded,
                 "backbone.embeddings", d.vocab, d.hidden, 1, 1);
    } else {
        // The input embedding is a row gather, not a matmul: not active (modelspec.h).
        b.tensor("embedding", GroupRole::Embedding, Placement::Sharded, "backbone.embeddings",
                 d.vocab, d.hidden, 1, 0);
        b.linear("lm_head", GroupRole::LmHead, Placement::Sharded, "lm_head", d.vocab, d.hidden, 1,
                 1);
    }
    b.small(b.layerModule(0) + "norm", d.hidden, d.layers);
    b.small("backbone.norm_f", d.hidden, 1);
}

} // namespace

std::optional<ConfigReader> buildMamba(const ConfigReader &c, const std::string &modelType,
                                       ModelBuilder &b) {
    readSsmDimensions(c, b, 0);
    const ModelDimensions &d = b.dimensions();
    const Mamba1Shape m = readMamba1(c, kMamba1Keys, d.hidden, d.layers);
    addMamba1Mixers(b, b.layerModule(0) + "mixer.", m, d.layers);
    for (u64 i = 0; i < d.layers; ++i) {
        addMamba1Layer(b, m);
    }
    addSsmEmbeddings(c, b, true, modelType);
    return std::nullopt;
}

std::optional<ConfigReader> buildMamba2(const ConfigReader &c, const std::string &modelType,
                                        ModelBuilder &b) {
    readSsmDimensions(c, b, 0);
    ModelDimensions d = b.dimensions();
    const Mamba2Shape m = readMamba2(c, b, kMamba2Keys, d.hidden, d.layers);
    d.heads = m.heads; // TP divides the SSM heads (MambaMixer2)
    b.setDimensions(d);
    addMamba2Mixers(b, b.layerModule(0) + "mixer.", m, d.layers);
    for (u64 i = 0; i < d.layers; ++i) {
        addMamba2Layer(b, m);
    }
    addSsmEmbeddings(c, b, false, modelType);
    return std::nullopt;
}

} // namespace hostplan::importer
