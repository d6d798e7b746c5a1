// SPDX-License-Identifier: MIT
// llama.cpp's memory rules by release and the pipeline-parallel decision (sources in
// engine/llamacpp.h).
#include "engine/llamacpp.h"
#include "engine/llamacpp_detail.h"

#include "util/units.h"

#include <algorithm>
#include <string>

namespace hostplan {

namespace {

std::uint64_t padTo(std::uint64_t n, std::uint64_t pad) {
    return ceilDiv(n, pad) * pad;
}

} // namespace

const std::vector<LlamaRuleChange> &llamaRuleChanges() {
    static const std::vector<LlamaRuleChange> changes = {
        {LlamaRule::PipelineParallel, 2413, "#6017", "2024-03",
         "with several GPUs holding every layer, llama.cpp's scheduler keeps 4 copies of the "
         "graph inputs (pipeline parallelism; before: one)"},
        {LlamaRule::ServerSlotSequences, 4038, "#10187", "2024-11",
         "llama-server creates one sequence per slot (before, from b2366: one more for a "
         "system prompt, so the output buffer holds n_vocab x (slots + 1) logits)"},
        {LlamaRule::MlaLatentCache, 5138, "#12801", "2025-04",
         "an MLA model (DeepSeek-2/3 family) from a GGUF with the key_length_mla keys caches the "
         "compressed latent, kv_lora_rank + rope per cell (before: every file cached each "
         "head's full K and V, as a file without those keys still does)"},
        {LlamaRule::KvStreams, 5913, "#14363", "2025-07",
         "-np N without -kvu gives each slot its own KV stream of n_ctx / N cells and the "
         "worst-case graph is reserved at one stream's cells (before: one KV cache of n_ctx "
         "cells shared by every slot, the graph reserved at n_ctx)"},
        {LlamaRule::KvUnpadded, 6868, "#16812", "2025-10",
         "the KV cache and the SWA cache take the cells asked for (before: each stream padded "
         "to 256 cells with Flash Attention on or auto, 32 with it off)"},
        {LlamaRule::KvPadded256, 6975, "#17046", "2025-11",
         "n_ctx, each stream and the SWA cache padded to 256 cells whatever Flash Attention "
         "does (before: no padding, since PR #16812)"},
        {LlamaRule::MlaVlessCache, 7824, "#19067", "2026-01",
         "an MLA model's latent cache keeps no V row (before, from PR #12801: a V row of "
         "kv_lora_rank per cell beside K)"},
        {LlamaRule::OutputLayerFirst, 7847, "#18148", "2025-12",
         "-ngl counts the output layer first (before: the repeating layers, the output layer "
         "on the GPU only when -ngl exceeds the layer count)"},
        {LlamaRule::EmbeddingsInput, 7847, "#18550, #18898", "2026-01",
         "the host compute buffer holds an f32 embeddings input of n_embd x n_ubatch beside the "
         "token rows"},
        {LlamaRule::FitPlacement, 7847, "#16653", "2025-12",
         "--fit chooses -ngl, the split over GPUs and the expert tensors kept in RAM when -ngl "
         "is not given (before: every layer on the GPU)"},
        {LlamaRule::F16FlashMask, 9410, "#23764", "2026-05",
         "with Flash Attention the KQ mask is created in f16, 2 B per cell and token, in the "
         "host compute buffer and on the GPU (before: an f32 mask the GPU copied and cast)"},
        {LlamaRule::ServerOutputsPerSlot, 9460, "#23861, #23988", "2026-06",
         "llama-server reserves the compute buffer's logits for one output per slot (times 1 + "
         "the draft's tokens), not the whole micro-batch"},
    };
    return changes;
}

bool llamaFollows(std::uint32_t build, LlamaRule rule) {
    if (build == 0) {
        return true;
    }
    for (const LlamaRuleChange &c : llamaRuleChanges()) {
        if (c.rule == rule) {
            return build >= c.build;
        }
    }
    return true;
}

std::uint64_t LlamaKvSizing::swaCells(std::uint64_t wantCells) const {
    return swaPadAfterMin ? padTo(std::min(perStream, wantCells), swaPad)
                          : std::min(perStream, padTo(wantCells, swaPad));
}

LlamaKvSizing llamaKvSizing(std::uint32_t build, bool flashAttention, std::uint64_t askedContext,
                            std::uint32_t streams) {
    LlamaKvSizing kv;
    const std::uint64_t n = std::max<std::uint32_t>(streams, 1);
    if (llamaFollows(build, LlamaRule::KvPadded256)) {
        // llama_context: n_ctx = PAD(n_ctx, 256); with one stream per sequence n_ctx_seq =
        // PAD(n_ctx / n_seq, 256) and n_ctx = n_seq x n_ctx_seq.
        const std::uint64_t ctx = padTo(askedContext, kLlamaKvPadding);
        kv.perStream = n == 1 ? ctx : padTo(ctx / n, kLlamaKvPadding);
        kv.swaPad = kLlamaKvPadding;
        kv.swaPadAfterMin = true;
    } else {
        // From PR #16812 nothing is padded; before it llama_model::create_memory padded each
        // stream's n_ctx (n_ctx / n_seq without -kvu) to get_padding: 256 with Flash Attention
        // on or auto, 32 with it off.
        const std::uint32_t pad = llamaFollows(build, LlamaRule::KvUnpadded) ? 1
                                  : flashAttention                           ? 256
                                                                             : 32;
        kv.perStream = padTo(askedContext / n, pad);
        kv.swaPad = pad;
    }
    kv.context = kv.perStream * n;
    return kv;
}

std::string llamaBuildText(std::uint32_t build) {
    return build == 0 ? std::string("newest") : "b" + std::to_string(build);
}

bool llamaUnifiedKv(const LlamaCppInput &in) {
    return in.unifiedKv || !llamaFollows(in.build, LlamaRule::KvStreams);
}

LlamaPipeline llamaPipeline(const LlamaCppInput &in, std::size_t gpus, bool everyLayerOnGpu,
                            bool tensorOverrides) {
    LlamaPipeline pipe;
    if (gpus < 2) {
        return pipe; // one device: nothing to pipeline, no reason worth printing
    }
    if (!llamaFollows(in.build, LlamaRule::PipelineParallel)) {
        pipe.why = "off: llama.cpp " + llamaBuildText(in.build) +
                   " predates pipeline parallelism (PR #6017, b2413)";
    } else if (!everyLayerOnGpu) {
        pipe.why = "off: -ngl leaves a layer or the output layer in system RAM";
    } else if (!in.asyncEvents) {
        pipe.why = "off: a device without async compute and events (RPC, Vulkan)";
    } else if (tensorOverrides) {
        pipe.why = "off: a tensor override (--n-cpu-moe, -ot, or --fit's expert overrides) turns "
                   "it off";
    } else {
        pipe.copies = kLlamaSchedMaxCopies;
        // llama_model::n_devices() counts every GPU, one --tensor-split leaves empty too.
        pipe.why = "on: every layer and the output layer are on the " + std::to_string(gpus) +
                   " GPUs (split by layer; a GPU --tensor-split leaves empty still counts), "
                   "with no tensor override";
    }
    return pipe;
}

} // namespace hostplan
