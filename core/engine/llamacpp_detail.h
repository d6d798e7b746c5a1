// SPDX-License-Identifier: MIT
// Internal to the llama.cpp planner (llamacpp_memory.cpp, llamacpp_compute.cpp and
// llamacpp_fit.cpp); not for other callers, which use planLlamaCpp (engine/llamacpp.h).
#pragma once

#include "engine/llamacpp.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hostplan {

/// The plan at exactly the context, slots, -ngl, --n-cpu-moe and split `in` names (context 0 =
/// kLlamaDefaultContext, parallel 0 = 1 slot; no --fit), with the routed experts of every block
/// il with cpuExperts[il] in RAM as well (--fit's per-block overrides; empty = none, a shorter
/// vector leaves the later blocks alone). Errors as planLlamaCpp.
Result<LlamaCppPlan> llamaPlanAt(const LlamaCppInput &in, const std::vector<bool> &cpuExperts);

/// Pipeline parallelism's decision for a plan (engine/llamacpp.h, "Pipeline parallelism").
struct LlamaPipeline {
    std::uint32_t copies = 1; ///< kLlamaSchedMaxCopies when on
    std::string why;          ///< the reason, in words (empty with fewer than two GPUs)
};

/// Whether release `in.build` runs `gpus` GPUs with pipeline parallelism: `everyLayerOnGpu`
/// (the repeating layers and the output layer), `tensorOverrides` (--n-cpu-moe or --fit's
/// expert overrides). No errors.
LlamaPipeline llamaPipeline(const LlamaCppInput &in, std::size_t gpus, bool everyLayerOnGpu,
                            bool tensorOverrides);

/// One decoder layer's cache shape as llama.cpp allocates it.
struct LayerCache {
    std::uint64_t bytesPerCell = 0; ///< K + V row bytes of one cell (0 for recurrent layers)
    std::uint64_t kvElements = 0;   ///< K + V row elements of one cell (what a token writes)
    std::uint64_t cells = 0;        ///< cells this layer holds over all slots
    std::uint64_t cellsRead = 0;    ///< cells one sequence reads per step at its full context
    std::uint64_t stateBytes = 0;   ///< recurrent state over all slots
    std::uint64_t stateRead = 0;    ///< one sequence's state
    bool swa = false;               ///< a sliding-window layer (the iSWA cache's SWA half)
};

/// Per-layer caches in layer order (layerOrder). `unified`: one KV stream shared by every slot
/// (-kvu); otherwise one stream of kv.perStream cells per slot. A parallel hybrid
/// (ModelSpec::parallelHybrid, Falcon-H1) gives every layer its attention cache and its
/// recurrent state together: llama.cpp's hybrid memory for Falcon-H1 takes every layer in both
/// its attention and its recurrent filter (src/llama-model.cpp @ a5410f04 create_memory). An MLA
/// layer's rows follow release `build` and the GGUF's keys (LlamaRule::MlaLatentCache,
/// MlaVlessCache; engine/llamacpp.h). `swaFull` (LlamaCppInput::swaFull): sliding-window
/// layers take the full layers' cells.
Result<std::vector<LayerCache>> layerCaches(const ModelSpec &m, const gguf::GgmlType &tk,
                                            const gguf::GgmlType &tv, const LlamaKvSizing &kv,
                                            std::uint32_t parallel, std::uint32_t ubatch,
                                            bool unified, std::uint32_t build,
                                            bool swaFull = false);

/// The compute-buffer stages (engine/llamacpp.h, "Compute buffer"), bytes, at `tokens` = the
/// micro-batch the worst-case graph is reserved at (min(n_ctx, n_ubatch)). No errors.
///
/// The output device's logits stage: n_embd f32 per token and n_vocab f32 per output row
/// (`outputs`: the micro-batch, or fewer under LlamaRule::ServerOutputsPerSlot).
std::uint64_t llamaLogitsStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t outputs);
/// A layer's FFN stage, f32: the gate and up outputs (top-k experts for MoE) beside four n_embd
/// rows, or, for MoE when larger, the down projection's node: its input (n_ff_exp x
/// n_expert_used) and output (n_embd x n_expert_used, build_moe_ffn's `experts`, src/
/// llama-graph.cpp @ 00395eb2) beside the layer's residual input (n_embd).
std::uint64_t llamaFfnStage(const ModelSpec &m, std::uint64_t tokens);
/// Where an op-offload weight copy of a layer, with the stage that reads it, lands in GPU 0's
/// compute buffer under Flash Attention, bytes up to its top: the f32 KQ-mask copy is freed
/// after its f16 cast, but the f16 mask stays live through every layer (each flash_attn_ext
/// reads it), so ggml-alloc places the block inside the copy's freed memory when it fits there
/// and above the copy's hole and the f16 mask otherwise. An allocator inference, not a
/// node-by-node replay: it reproduces three published op-offload logs (golden rows L12, L13)
/// and leaves every other row as it was; a layer's FFN stage without a copy keeps
/// max-of-stages (no log separates the two there). `f32Copy` as in llamaMaskStage;
/// `maskCells` the masks' n_kv summed.
std::uint64_t llamaFlashLayerBlock(std::uint64_t block, std::uint64_t tokens,
                                   std::uint64_t maskCells, bool f32Copy);
/// Whether release `build` runs `m`'s MLA layers on the latent (LlamaRule::MlaLatentCache and
/// a GGUF with the *_mla keys): its graph then absorbs wk_b into the query, so the query Flash
/// Attention reads is n_head x (kv_lora_rank + n_rot) wide (src/models/deepseek2.cpp @
/// 07bede6a: q_nope_absorbed concatenated with q_pe).
bool llamaMlaLatentQuery(const ModelSpec &m, std::uint32_t build);
/// A layer's attention stage without Flash Attention: the f32 scores KQ, n_kv x n_head per
/// token, the f32 KQ mask copied to the device, n_kv per token, and four n_embd rows beside
/// them. `kvCells`: the n_kv the graph is reserved with (one stream's cells).
std::uint64_t llamaAttentionStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t kvCells);
/// The query width of the first attention layer (n_head x head_dim; with `mlaLatent`,
/// llamaMlaLatentQuery, an MLA layer's n_head x (kv_lora_rank + rope dims)), elements; n_embd
/// when the model has no attention layer with heads.
std::uint64_t llamaQueryWidth(const ModelSpec &m, bool mlaLatent = false);
/// The KQ-mask stage with Flash Attention on a device that runs layers: the scheduler's f32
/// copy of every KQ mask (4 B per cell and token, `f32Copy`; false where pipeline parallelism
/// already counts the copies, and from LlamaRule::F16FlashMask, which creates the mask in f16)
/// and its f16 cast (2 B; from that rule the f16 mask itself), alive together, beside the
/// first layer's rows allocated before it: the input and normed rows (2 x n_embd) and the
/// query and its rotated copy (2 x llamaQueryWidth), f32. `maskCells`: the masks' n_kv summed.
std::uint64_t llamaMaskStage(const ModelSpec &m, std::uint64_t tokens, std::uint64_t maskCells,
                             bool f32Copy = true, bool mlaLatent = false);
/// The inputs one GPU's splits copy in from other backends ("Pipeline parallelism"): the token
/// rows or the previous GPU's hidden state (n_embd f32 per token) and, where layers run, the KQ
/// masks (`maskCells` f32 per token) and the positions (I32); where the output layer is, the
/// output ids (I32).
std::uint64_t llamaSplitInputBytes(const ModelSpec &m, std::uint64_t tokens, bool layers,
                                   std::uint64_t maskCells, bool output);
/// The host compute buffer with layers in system RAM and op offload on: the KQ masks
/// (`maskCells` per token of `maskCellBytes`: 4 in f32, 2 in f16 from LlamaRule::F16FlashMask
/// under Flash Attention) and the larger of the embedding inputs (`embeddingInputs` n_embd
/// rows: 1, or 2 from LlamaRule::EmbeddingsInput) and the K and V rows a RAM-resident layer
/// writes into its cache (`kvRowElements` f32 per token), which the allocator never holds at
/// once.
std::uint64_t llamaOffloadHostCompute(const ModelSpec &m, std::uint64_t tokens,
                                      std::uint64_t maskCells, std::uint64_t embeddingInputs,
                                      std::uint64_t kvRowElements, std::uint64_t maskCellBytes);

} // namespace hostplan
