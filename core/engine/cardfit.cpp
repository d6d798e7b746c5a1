// SPDX-License-Identifier: MIT
// What fits this card (engine/cardfit.h).
#include "engine/cardfit.h"

#include "import/ggmltypes.h"

#include <algorithm>

namespace hostplan {

namespace {

CardFitCell cellFor(const ModelSpec &spec, const std::string &type,
                    const std::optional<GpuSpec> &gpu, const HostSpec &host,
                    std::uint32_t llamaBuild) {
    CardFitCell c;
    c.type = type;
    c.weightBytes = spec.weightBytes();
    c.layers = spec.numLayers;
    LlamaCppInput in;
    in.model = &spec;
    // Every answer keeps the free memory llama-server's --fit keeps on each device
    // (kLlamaFitMarginBytes, --fit-target 1 GiB): the card's capacity less that margin, so a
    // cell's -ngl / --n-cpu-moe / context is the one --fit itself would settle on, not a
    // placement that leaves a few MiB.
    in.gpu = gpu;
    if (in.gpu) {
        in.gpu->usableMemoryBytes -= std::min(gpu->usableMemoryBytes, kLlamaFitMarginBytes);
    }
    in.host = host;
    in.build = llamaBuild;
    // llama-server's default -c is the training context, which --fit lowers to 4096 before
    // it moves any layer to the CPU (engine/llamacpp.h): a model fits the card at llama.cpp's
    // defaults when it fits at 4096, and runs there at the speed of that context.
    // A model trained on fewer tokens keeps its own (llama.cpp's default -c is n_ctx_train).
    const std::uint64_t train = llamaTrainingContext(spec);
    in.context = std::min<std::uint64_t>(kLlamaFitMinContext, train);
    // Every layer on the GPU: -ngl given, so --fit keeps its hands off the placement.
    // Without a card: a unified-memory host runs every layer on its GPU, a CPU host none.
    in.gpuLayers = gpu || host.unifiedMemory ? llamaAllLayersFlag(spec.numLayers) : 0;
    const auto atDefault = planLlamaCpp(in);
    if (!atDefault.ok()) {
        return c;
    }
    c.fitsAtDefault = atDefault->fits();
    if (c.fitsAtDefault) {
        c.tokensPerSecond = atDefault->tokensPerSecond;
        // The longest context that still fits: fit falls as the context grows, so bisect
        // over multiples of the KV padding.
        const std::uint64_t cap = train;
        if (cap <= kLlamaFitMinContext) {
            c.maxContext = cap;
            return c;
        }
        std::uint64_t lo = kLlamaFitMinContext / kLlamaKvPadding; // fits
        std::uint64_t hi = cap / kLlamaKvPadding + 1;             // first that may not
        while (hi - lo > 1) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            in.context = mid * kLlamaKvPadding;
            const auto p = planLlamaCpp(in);
            (p.ok() && p->fits() ? lo : hi) = mid;
        }
        c.maxContext = std::min(lo * kLlamaKvPadding, cap);
        return c;
    }
    if (!gpu) {
        return c; // one memory: nothing to move between a card and the host
    }
    if (const auto ngl = largestFittingGpuLayers(in)) {
        LlamaCppInput alt = in;
        alt.gpuLayers = *ngl;
        if (const auto p = planLlamaCpp(alt); p.ok()) {
            c.offloadGpuLayers = *ngl;
            c.tokensPerSecond = p->tokensPerSecond;
            c.hostTimeShare = p->hostTimeShare;
        }
    }
    // A MoE model may run faster with only its experts in RAM (--n-cpu-moe).
    if (const auto moe = smallestFittingCpuMoe(in)) {
        LlamaCppInput alt = in;
        alt.cpuMoeLayers = *moe;
        if (const auto p = planLlamaCpp(alt); p.ok() && p->tokensPerSecond > c.tokensPerSecond) {
            c.offloadGpuLayers.reset();
            c.cpuMoeLayers = *moe;
            c.tokensPerSecond = p->tokensPerSecond;
            c.hostTimeShare = p->hostTimeShare;
        }
    }
    return c;
}

} // namespace

std::vector<const gguf::GgmlType *> defaultCardFitTypes() {
    std::vector<const gguf::GgmlType *> out;
    for (const char *name : {"q4_K", "q5_K", "q8_0", "f16"}) {
        out.push_back(gguf::ggmlTypeByName(name));
    }
    return out;
}

CardFitRow cardFit(const ModelSpec &model, const GpuSpec &gpu, const HostSpec &host,
                   const std::vector<const gguf::GgmlType *> &types, std::uint32_t llamaBuild) {
    return cardFit(model, std::optional<GpuSpec>(gpu), host, types, llamaBuild);
}

CardFitRow cardFit(const ModelSpec &model, const std::optional<GpuSpec> &gpu, const HostSpec &host,
                   const std::vector<const gguf::GgmlType *> &types, std::uint32_t llamaBuild) {
    CardFitRow row;
    row.modelId = model.id;
    row.modelName = model.displayName;
    row.params = model.totalParams;
    // A GGUF file's own tensors: the test llama.cpp's placement uses for exact per-layer bytes.
    if (llamaCppWeights(model).exact) {
        row.cells.push_back(cellFor(model, "gguf", gpu, host, llamaBuild));
        return row;
    }
    for (const gguf::GgmlType *t : types) {
        if (t) {
            row.cells.push_back(
                cellFor(asGgufType(model, *t), std::string(t->name), gpu, host, llamaBuild));
        }
    }
    return row;
}

} // namespace hostplan
