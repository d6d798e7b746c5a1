// SPDX-License-Identifier: MIT
// "What fits this card": for one GPU and host, each model stored as each ggml type (a uniform
// llama-quantize type, or a GGUF file's own tensors) planned with llama.cpp
// (engine/llamacpp.h): whether it runs wholly on the GPU at llama-server's default context,
// the longest context that still does, and otherwise how many layers fit with the rest in
// system RAM and the speed that gives. The seed's Tier 2 table (seed 003) read the other way.
#pragma once

#include "engine/llamacpp.h"

#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// The answer for one model stored as one type on the card.
struct CardFitCell {
    std::string type;              ///< ggml type name ("q4_K"), or "gguf" for the file's own
    std::uint64_t weightBytes = 0; ///< the model's weights in that type, bytes
    /// Everything on the GPU at llama-server's defaults (4 unified slots; -c unset, which
    /// --fit lowers as far as 4096 before it moves layers): fits at -c 4096.
    bool fitsAtDefault = false;
    /// The longest context (a multiple of 256 tokens, at most the model's
    /// max_position_embeddings; that context itself when it is under 4,096) with every layer on
    /// the GPU; 0 when none fits.
    std::uint64_t maxContext = 0;
    /// When it does not fit at the default context: the largest -ngl that fits with the other
    /// layers in RAM (nullopt: not even the host holds it).
    std::optional<std::uint32_t> offloadGpuLayers;
    /// For a MoE model that does not fit: the smallest --n-cpu-moe that fits with every layer
    /// on the GPU, when that decodes faster than the -ngl split (then offloadGpuLayers is
    /// nullopt and tokensPerSecond is this plan's).
    std::optional<std::uint32_t> cpuMoeLayers;
    std::uint32_t layers = 0;   ///< repeating layers (-ngl layers + 1 puts all on the GPU)
    double tokensPerSecond = 0; ///< decode ceiling at the default context (0: does not run)
    double hostTimeShare = 0;   ///< fraction of a step spent in RAM (offloaded plans)
};

/// One model's cells, in the order of the types asked for.
struct CardFitRow {
    std::string modelId;
    std::string modelName;
    double params = 0; ///< total parameters
    std::vector<CardFitCell> cells;
};

/// The types "what fits this card" shows by default: q4_K, q5_K, q8_0 and f16 (the common
/// llama-quantize choices: Q4_K_M / Q5_K_M are mostly q4_K / q5_K).
std::vector<const gguf::GgmlType *> defaultCardFitTypes();

/// Plans `model` as each of `types` on `gpu` + `host` (f16 KV, llama-server's defaults
/// otherwise), each placement keeping the 1 GiB free that --fit keeps on the card
/// (kLlamaFitMarginBytes), as `hostplan-cli plan --engine llama.cpp` places it. A model read from a
/// GGUF file (llamaCppWeights exact) gets one cell of its own tensors, type "gguf". Cost: a binary
/// search over the context per cell, about 20 plans. `llamaBuild`: the llama.cpp release whose
/// rules the plans follow (LlamaCppInput::build; 0 = the newest).
CardFitRow cardFit(const ModelSpec &model, const GpuSpec &gpu, const HostSpec &host,
                   const std::vector<const gguf::GgmlType *> &types, std::uint32_t llamaBuild = 0);
/// The same with no card (`gpu` nullopt): a unified-memory host (Apple silicon, its GPU sharing
/// the host's memory) or the CPU alone; no layer or expert is moved between two memories.
CardFitRow cardFit(const ModelSpec &model, const std::optional<GpuSpec> &gpu, const HostSpec &host,
                   const std::vector<const gguf::GgmlType *> &types, std::uint32_t llamaBuild = 0);

} // namespace hostplan
