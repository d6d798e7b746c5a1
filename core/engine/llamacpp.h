// SPDX-License-Identifier: MIT
// llama.cpp (llama-server) as an engine: one machine, one GPU (or none), layers and experts
// split between GPU memory and system RAM, and the speed that split gives.
//
// llama.cpp does not fit the GPU-pool model of vLLM / SGLang / TensorRT-LLM
// (engine/enginememory.h): it has no memory fraction and no paged pool; it allocates a fixed
// KV cache of n_ctx cells shared by n_seq slots, and places whole layers on the GPU or the CPU.
// So it has its own planner here, citing llama.cpp's source (ggml-org/llama.cpp, file @ commit
// as read):
// - common/common.h @ 02c28f533ebba3e4ea944fc4a0719a012b3e7097 `common_params` (read; at
//   de93b991 n_ctx was 4096): n_ctx 0 ("context the model was trained with"), n_batch 2048,
//   n_ubatch 512, n_parallel 1, kv_unified false, cache_type_k / _v f16, flash_attn_type
//   AUTO, fit_params true, fit_params_min_ctx 4096, fit_params_target 1 GiB per device.
//   tools/server/server.cpp @ aa6192d38defc9a5d9fb2987413f71b18f214270 main() (read): when
//   -np is left at 1 and -kvu is not given, llama-server sets n_parallel 4 and kv_unified.
//   common/fit.cpp @ 08033df02cc32f3706271c068aaeaeecf94922a1 common_params_fit_impl (read;
//   @ 6d0892ba as before, without streams): with -c unset, when a device would keep less than
//   its target free, the context drops from n_ctx_train x n_streams towards 4096 x n_streams,
//   linearly in the projected bytes (sum over devices of model + context + compute), rounded
//   down to 256 x n_streams (n_streams = 1 with -kvu, else n_seq_max); with several devices
//   the target is first lowered by (devices + 1) x model bytes per layer / 2 (/ 6 for MoE)
//   for the whole layers each device takes; when 4096 does not fit either (and always with
//   several GPUs) --fit places the layers itself unless -ngl is given (llamacpp_fit.cpp).
// - src/llama-context.cpp @ 4c7103b96d720ea6057eec6ac11a49727f9ecd43: n_ctx 0 means the model's
//   n_ctx_train; n_ctx_per_seq = n_ctx / n_seq_max unless the KV cache is unified; the output
//   buffer is reserved at start for n_seq_max outputs (output_reserve: logits n_vocab x
//   n_outputs_max and, only with embeddings, n_embd x n_outputs_max floats, 4 bytes each) in
//   the CPU backend's host buffer ("CUDA_Host output buffer"), and grows when a batch asks for
//   more outputs; the worst-case graph is reserved for min(n_ctx, n_ubatch) tokens; a quantized
//   V cache needs Flash Attention ("quantized V cache was requested, but this requires Flash
//   Attention").
// - The -ngl start layer. common/fit.cpp @ 08033df02cc32f3706271c068aaeaeecf94922a1
//   common_params_fit_impl (read), which writes -ngl for llama_model::load_tensors: at most
//   n_layer + 1 GPU layers, the first offloaded layer is n_layer + 1 - n_gpu_layers, layers
//   are filled back to front and "the last device has the output layer"; that is
//   load_tensors' i_gpu_start = max(n_layer + 1 - n_gpu_layers, 0) with the output layer as
//   layer n_layer (llama.cpp PR #18148, "offload output layer to GPU first"; the line as
//   releases b9993 and b10437 print it). So -ngl k puts the output layer on the GPU first (any
//   k >= 1), then the last k - 1 repeating layers; k = n_layer keeps block 0 on the CPU;
//   k >= n_layer + 1 offloads everything. Releases before it (src/llama-model.cpp @
//   c5d91a74006c49376590ef2b67420bc7ce206397, b4747, and @
//   a5410f046c01d01330c8a42f13b64a211fedf2c3, read) have i_gpu_start = max(n_layer - n_gpu_layers,
//   0), which keeps the output layer on the CPU until -ngl > n_layer: a plan for such a build
//   (LlamaCppInput::build) follows that rule (llamaRuleChanges). Both: the input embedding
//   (token_embd) always stays on the CPU (dev_input = cpu_dev), and a tied LM head is created a
//   second time with TENSOR_DUPLICATED, which loads it with the output layer's buffer type.
// - src/llama-model.cpp llama_model::load_tensors @ a5410f046c01d01330c8a42f13b64a211fedf2c3
//   (read), the multi-GPU layer split (--split-mode layer, the default): the split points are
//   the running sums of --tensor-split (or, when it is absent or all zero, of each device's free
//   memory), normalised to 1; GPU slot j of the act_gpu_layers slots (the offloaded repeating
//   layers in order, then the output layer) goes to the first device whose split point exceeds
//   j / act_gpu_layers (std::upper_bound). Each layer's KV cache lives with its layer
//   (offload_kqv), each device reserves its own compute buffer.
// - --n-cpu-moe N (llama.cpp PR #15077, 2025-08; common/common.h @
//   001d906a6d86e2490e394361e7cc6f478b100088, read): one tensor-buffer override to the CPU
//   buffer type per block i < N, the pattern "blk\.i" followed by LLM_FFN_EXPS_REGEX
//   "\.ffn_(up|down|gate|gate_up)_(ch|)exps". load_tensors (src/llama-model.cpp @
//   a5410f046c01d01330c8a42f13b64a211fedf2c3, read) gives a tensor the first override whose
//   pattern std::regex_search finds in its name. So blocks 0 .. N-1 by index, whatever -ngl
//   does with the rest of them, keep exactly those tensors in system RAM
//   (ModelSpec::layerExpertBytes); each device gives back what its own blocks lose, so with a
//   layer split the first GPU gives back first (PR #15975's description, slaren in issue
//   #15125). Two ways the
//   log's lines differ from the bytes moved, not modelled: with mmap (the default) the CPU
//   buffer is the span of the file from its first to its last CPU tensor (load_tensors @
//   a5410f04 maps one range per file, get_mapping_range), which also covers the GPU tensors
//   stored between them; and newer builds (load_tensors as indexed) let a CPU override pick
//   the CPU's extra buffer types, so a repacked type prints as a CPU_REPACK buffer beside it.
// - src/llama-kv-cache-iswa.cpp @ 02c28f533ebba3e4ea944fc4a0719a012b3e7097 (read): a model
//   with sliding-window layers gets two caches; the non-SWA one has kv_size cells per stream,
//   the SWA one PAD(min(kv_size, n_swa x (kv_unified ? n_seq_max : 1) + n_ubatch), 256) per
//   stream (unless --swa-full). src/llama-kv-cache.cpp @ the same commit (read): each cache is
//   [n_embd_k_gqa, kv_size, n_stream] with n_stream = 1 when unified, else n_seq_max; an MLA
//   model (hparams.is_mla(), e.g. deepseek2 / Kimi) allocates the K tensor only (has_v =
//   !is_mla), K rows of kv_lora_rank + rope dims, V read as a view of K. That holds only for
//   a GGUF with attention.key_length_mla / value_length_mla (is_mla() tests both, src/llama-
//   hparams.h as indexed; the keys came with PR #12801) on a release with PR #19067 ("kv-cache :
//   support V-less cache", 2026-01, which added is_mla() and has_v). From PR #12801 (2025-04,
//   "DeepSeek V2/V3 MLA implementation") to it, such a file cached a V row of kv_lora_rank
//   beside K: n_embd_head_v = value_length = kv_lora_rank with one KV head, and no is_mla()
//   to drop it (src/llama-hparams.cpp @ 01b77b5793989e0a1508a2fe3757d4e743a7bbd1, read; the PR's
//   description: "almost x2 less memory for the KV cache"; GLM-4.7-Flash logs in ollama issue
//   #15855 print n_embd_head_k = 576, n_embd_head_v = 512).
//   A file without the keys (converted before PR #12801), and every file on a release before
//   it, runs as plain multi-head attention: K rows of n_head x (qk_nope + qk_rope), V rows of
//   n_head x v_head_dim (rows L4 and L7 of docs/ACCURACY.md: "n_embd_k_gqa = 24576,
//   n_embd_v_gqa = 16384" for DeepSeek-V3 at b4568, 3072 and 2048 for DeepSeek-V2-Lite at
//   b7057). LlamaRule::MlaLatentCache, MlaVlessCache.
// - KV cache types: common/arg.cpp kv_cache_types (f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl,
//   q5_0, q5_1), bytes per row from the ggml type table (import/ggmltypes.h).
//
// Compute buffer: each device reserves its largest graph stage (ggml-alloc reuses a stage's
// memory for the next). With Flash Attention that is the logits stage, (n_vocab + n_embd) x
// n_ubatch x 4 bytes (Llama-3.1-8B at -ub 512: 132,352 x 512 x 4 = 258.5 MiB, the "CUDA0 compute
// buffer size = 258.50 MiB" llama-server logs), a layer's FFN stage when that is larger, or,
// on a device that runs layers, the KQ-mask stage. src/llama-graph.cpp @
// 434f71a5b4d1ff9c9c9b59e08326f0fe3d15193a (read; build_attn_inp_kv and _iswa) makes each
// cache's mask an f32 input of n_kv x PAD(n_ubatch, GGML_KQ_MASK_PAD) and, with Flash
// Attention, a ggml_cast of it to f16 that every layer's flash_attn_ext reads. The input stays
// on the CPU backend (the host buffer below); the cast has no weight, so ggml-backend's
// scheduler gives it the GPU of the layer nodes around it, and the f32 mask becomes that
// split's input: the scheduler copies it into the GPU's buffer when the split starts (with one
// copy it is an ordinary node, freed after its last use, the cast). At the cast the GPU holds
// the f32 copy (4 B per cell and token), the f16 result (2 B) and the first layer's rows the
// allocator placed before it. Three published logs fix those rows at the input and normed
// rows and the query before and after RoPE, (2 x n_embd + 2 x n_head x head_dim) x n_ubatch x
// 4 B, to 0.1 MiB on two of them (GLM-4.5-Air at -c 131072 -ub 4096 on CUDA, b6168: 2048 +
// 1024 + 512 = 3584.09 MiB logged; gpt-oss-20b at -ub 2048 on Metal, b7217: 1672.08) and
// -1.6 % on the third (gpt-oss-20b at -ub 512, b8164: 420.08): the rows are that inference, not
// a node-by-node replay of ggml-alloc (llamaMaskStage). An MLA model on its latent cache reads
// the absorbed query, n_head x (kv_lora_rank + n_rot) wide (llamaMlaLatentQuery), as that
// query. An op-offload weight copy of a layer with its stage lands in the f32 copy's freed
// memory when it fits there, and otherwise above it and the f16 mask, which every layer still
// reads (llamaFlashLayerBlock: Qwen3-235B-A22B logs at 774.00 and 1024.00 MiB, rows L12, L13).
// Newer releases create the mask in f16
// under Flash Attention (build_attn_inp_kq_mask, src/llama-graph.cpp @
// 00395eb285c7c6821ff372e3ca41dae9da33c2c7, read); no log of such a release was at hand and
// HostPlan keeps the cast for every release.
// Without Flash Attention a layer's attention stage, n_ubatch x 4 x (n_kv x (n_head + 1) + 4 x
// n_embd) bytes, when larger: the f32 scores KQ, the f32 KQ mask copied to the device and four
// n_embd rows (the query, attention output and residual rows live beside the scores). Published
// full-offload logs with Flash Attention off match it to the MiB: Mistral-7B-Instruct-v0.2 at
// n_ctx 2048 and 32768, 164.00 and 2144.00 MiB (github.com/fedora-copr/logdetective/pull/106:
// the context grows the buffer by exactly n_ubatch x (n_head + 1) x 4 bytes per cell), and
// Llama-3.1-8B-shaped models at 8192 with 4 sequences in one unified cache, 560.00 MiB on three
// machines (ollama logs, e.g. github.com/deipss/blog docs/Solution @ 72eaa90e); every one has
// n_embd 4096 and n_head 32, so the four rows' share is measured, not derived. The plan's
// compute follows its Flash Attention setting; computeHigh is the figure without it (a range
// when -fa auto may resolve to off). The host compute buffer
// with everything offloaded holds the graph inputs, which ggml-backend's scheduler assigns to
// the CPU backend (src/llama-graph.cpp @ 434f71a5b4d1ff9c9c9b59e08326f0fe3d15193a,
// build_attn_inp_kv_iswa / build_attn_inp_kv: an f32 KQ mask of n_kv x n_ubatch per cache,
// two with iSWA), and the rows get_rows gathers from token_embd, which stays in host memory
// (n_embd x n_ubatch f32). Since llama.cpp PRs #18550 (ggml_build_forward_select) and #18898
// (January 2026) build_inp_embd also creates an f32 embeddings input of n_embd x n_ubatch and
// picks one of the two paths with ggml_build_forward_select, which keeps both in the graph
// (llama-graph.cpp build_inp_embd as indexed, with a reference to PR #18550): so (2 n_embd +
// the masks' n_kv) x n_ubatch x 4 bytes. Older builds lack the
// embeddings input, (n_embd + n_kv) x n_ubatch x 4: a 2024 build logs "CUDA_Host compute
// buffer size = 9.01 MiB" = (4096 + 512) x 512 x 4 for a Llama-3-8B Q4_K_M at -c 512
// (github.com/developer0hye/llama-3-korean-bllossom-8b-q4-docker README.md); a plan for such a
// build (LlamaCppInput::build) follows that rule. With layers on the CPU and op offload at
// this micro-batch (below), GPU 0 runs those layers' matmuls and, with them, the weightless
// nodes around them (ggml_backend_sched_split_graph's passes expand a GPU assignment to the
// neighbouring nodes and never to the CPU; ggml/src/ggml-backend.cpp @
// 0054c01370c2105fa7ba68c16c5e8ff5f55e430d): norms, RoPE, attention over the RAM-resident K
// and V (copied in per layer) and the FFN. The CPU keeps the graph inputs and the nodes whose
// output lives in a host buffer: get_rows from token_embd (not offloaded) and the copies of K
// and V into the RAM-resident cache. So the host buffer is the f32 masks and the larger of the
// embedding rows and one such layer's K and V rows (f32, n_embd_k_gqa + n_embd_v_gqa per
// token), which the allocator reuses one block for (llamaOffloadHostCompute): DeepSeek-V3 at
// -ngl 5 of 61, b4568, 512 x (4096 + 24576 + 16384) x 4 = 88.01 MiB logged; Qwen3-235B-A22B at
// -ngl 93 of 94, b5398, 512 x (4096 + 4096) x 4 = 16.01 MiB; llama.cpp#18258, 512 x (20224 +
// 2 x 1024) x 4 = 43.51 MiB. GPU 0 holds the attention stage of those layers beside their
// K and V. Without op offload (or below kLlamaOpOffloadMinBatch) the layers on the CPU compute
// there: the host buffer is their largest stage.
//
// Pipeline parallelism (llama.cpp PR #6017, b2413): llama_context turns it on when the model
// has more than one device, n_gpu_layers exceeds n_layer (every layer and the output layer on
// the GPUs), the split mode is layer and KQV is offloaded (llama.cpp @
// c429b33beb35f13934a4dfbe0c138d30b45e5d54, b3001, llama_new_context_with_model, which logs
// "pipeline parallelism enabled (n_copies=4)"; src/llama.cpp @ c392e509, b4748, the same plus
// every non-CPU device reporting async compute and events, which CUDA does), and, in the
// releases with tensor-buffer overrides, no override (-ot, --n-cpu-moe, --fit's expert
// overrides: `!model.has_tensor_overrides()` in src/llama-context.cpp as indexed; HostPlan
// applies that clause to every release, as an override is the only way a plan expresses one).
// The scheduler then runs with n_copies = GGML_SCHED_MAX_COPIES (4) (ggml-backend.c @
// c429b33b, ggml_backend_sched_new: n_copies = parallel ? GGML_SCHED_MAX_COPIES : 1).
// ggml_backend_sched_split_graph (same file @ c429b33b, pass 4 and the graph copy) then
// duplicates two kinds of tensor n_copies times, marks each copy as an input and an output
// (so the allocator never reuses it) and adds every copy as a leaf, so all of them stay
// allocated beside the graph: (1) each graph input (a tensor llama.cpp flags with
// ggml_set_input: the token ids, positions and output ids, I32 of n_ubatch, the f32 KQ mask of
// n_kv x n_ubatch per KV cache, and from LlamaRule::EmbeddingsInput the f32 embeddings
// input), on its own backend, the CPU: the host compute buffer; (2) each split's inputs that
// live on another backend (the mask and positions from the CPU, the token rows or the previous
// GPU's hidden state, n_embd x n_ubatch f32, and on the output device the output ids), on the
// split's GPU. So, with everything offloaded, the host compute buffer is n_embd x n_ubatch x
// 4 bytes of token rows plus 4 x its graph inputs, and each GPU's is 4 x its split inputs plus
// its largest stage without the mask copy the single-copy attention stage holds (the stages
// themselves are not copied). Row H7 of docs/ACCURACY.md: Qwen2-0.5B on 2 GPUs at -c 32768,
// FA off, a 2024 build: CUDA0 = 4 x (896 + 32768 + 1) x 512 x 4 + (32768 x 14 + 4 x 896) x 512 x
// 4 = 1166.01 MiB as logged, the host 896 x 512 x 4 + 4 x (32768 + 3) x 512 x 4 = 257.77 MiB.
//
// Op offload (llama.cpp PR #6083, 2024-03; --no-op-offload turns it off): the scheduler gives
// an op whose weight sits in a host buffer to the first GPU backend whose offload_op accepts
// it (ggml/src/ggml-backend.cpp @ 0054c01370c2105fa7ba68c16c5e8ff5f55e430d,
// ggml_backend_sched_backend_id_from_cur), and ggml-cuda.cu @
// 00108827d87949b538ad1821f81a6b111827fcda (ggml_backend_cuda_device_offload_op) accepts a
// batch of at least 32 tokens (ne[1] of a MUL_MAT, ne[2] of a MUL_MAT_ID; never GET_ROWS, so
// token_embd stays put); ggml-vulkan.cpp @ 000651caaa5b97364a481345863770c2b898d2e7
// (ggml_backend_vk_device_offload_op) has the same rule. The worst-case graph is
// reserved at min(n_ctx, n_ubatch) tokens, so with -ub >= 32 the expert matmuls of
// --n-cpu-moe / -ot exps=CPU blocks, the matmuls of layers -ngl leaves on the CPU and the
// LM head when it stays on the CPU all run on GPU 0. Each such weight is copied into that
// GPU's compute buffer: pass 5 of ggml_backend_sched_split_graph starts a new split at every
// weight from an incompatible buffer, the copy is the split's input, allocated when the split
// starts and freed after its last use, so the graph allocator reuses one block for them (with
// one copy per tensor, no pipeline copies: those need every layer on the GPUs and no
// overrides). GPU 0's compute buffer is then at least the largest copied weight plus the
// stage that reads it: the LM head plus the logits stage, an expert tensor plus a layer's FFN
// stage. Row O1 of docs/ACCURACY.md: gpt-oss-20b with its output layer on the CPU logs
// "Vulkan0 compute buffer size = 985.20 MiB" = 586.82 MiB of q8_0 LM head + 201,088 x 512 x 4
// logits + 2,880 x 512 x 4 rows. A CPU weight in a repacked (CPU_REPACK) buffer is not in a
// host buffer and is not copied; HostPlan does not know the host's repack support and counts
// the copy anyway (the high side).
//
// Speed: a decode step reads every active weight once (a MoE layer: non-expert tensors plus
// top-k / experts of its expert tensors) plus the KV of the context. Bytes on the GPU stream at
// the GPU's memory bandwidth, bytes in system RAM at the host's; the step takes the sum of the
// two times (llama.cpp runs the CPU and GPU parts of a token one after the other). These are
// ceilings at peak bandwidth: real decode reaches a fraction of them, and a split that puts
// even a tenth of the bytes in RAM is bound by the RAM part.
#pragma once

#include "import/ggmltypes.h"
#include "model/hardware.h"
#include "model/modelspec.h"
#include "util/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// llama-server defaults (common/common.h @ 02c28f53, see the file comment).
/// The context of a model without a training context, and the smallest --fit lowers to
/// (fit_params_min_ctx).
inline constexpr std::uint32_t kLlamaDefaultContext = 4096;
inline constexpr std::uint32_t kLlamaFitMinContext = 4096;
/// --fit-target: free memory --fit keeps on each device.
inline constexpr std::uint64_t kLlamaFitMarginBytes = 1024ull * 1024 * 1024;
/// Slots llama-server runs (in one unified KV cache) when neither -np nor -kvu is given.
inline constexpr std::uint32_t kLlamaServerDefaultSlots = 4;
inline constexpr std::uint32_t kLlamaDefaultBatch = 2048;
inline constexpr std::uint32_t kLlamaDefaultUbatch = 512;
/// The newest releases pad the KV cache's cell count to 256 (n_ctx, each stream's n_ctx_seq
/// and the SWA cache: LlamaRule::KvPadded256, llamaKvSizing has every release's rule).
inline constexpr std::uint32_t kLlamaKvPadding = 256;
/// Runtime outside llama.cpp's own buffers on a CUDA GPU (context, cuBLAS workspace):
/// an assumption (llama.cpp's --fit keeps a 1 GiB margin per device by default).
inline constexpr double kLlamaGpuRuntimeGiB = 0.5;

/// A memory rule of llama.cpp that changed between releases.
enum class LlamaRule {
    /// Pipeline parallelism (PR #6017, commit f30ea47a8, b2413): with several GPUs holding
    /// every layer the scheduler keeps kLlamaSchedMaxCopies copies of the graph inputs (see
    /// "Pipeline parallelism" in the file comment). Before: one copy.
    PipelineParallel,
    /// Per-sequence KV streams (PR #14363, "llama : add high-throughput mode", merge commit
    /// 225e7a14): -np N without -kvu (common_params::kv_unified false, llama-server's default
    /// for an explicit -np) gives each sequence its own stream of n_ctx / N cells, and the
    /// worst-case graph is reserved at one stream's cells. Before: one KV cache of n_ctx cells
    /// shared by every sequence, and the graph reserved with n_kv = the whole cache
    /// (llama.cpp @ c429b33beb35f13934a4dfbe0c138d30b45e5d54, b3001, llm_build_context: n_kv =
    /// worst_case ? kv_self.size : kv_self.n; src/llama.cpp @
    /// c392e5094deaf2d1a7c18683214f007fad3fe42b, b4748, the same): a plan for such a build
    /// treats -np N as -kvu (llamaUnifiedKv); each slot's context is still n_ctx / N
    /// (llama-server's n_ctx_slot, examples/server/server.cpp @ c429b33b).
    KvStreams,
    /// llama-server creates the context with one sequence per slot (PR #10187, "server :
    /// remove hack for extra parallel slot", b11f9ba9b, b4038). Before, from b2366 (c2101a2e9,
    /// PR #5328), its load_model added one sequence "to the system prompt" (n_parallel + 1,
    /// examples/server/server.cpp @ c429b33beb35f13934a4dfbe0c138d30b45e5d54), so the output
    /// buffer, reserved for n_seq_max outputs, held n_vocab x (slots + 1) logits.
    ServerSlotSequences,
    /// -ngl counts the output layer first: i_gpu_start = max(n_layer + 1 - ngl, 0), the output
    /// layer on the GPU from -ngl 1. Before: i_gpu_start = max(n_layer - ngl, 0), the output
    /// layer on the GPU only when -ngl > n_layer.
    OutputLayerFirst,
    /// The host compute buffer holds an f32 embeddings input of n_embd x n_ubatch beside the
    /// rows gathered from token_embd (both input paths stay in the graph).
    EmbeddingsInput,
    /// --fit (on by default) places the layers when -ngl is not given: the layers per GPU and
    /// the blocks whose routed experts stay in RAM (engine/llamacpp_fit.cpp). Before: -ngl
    /// unset put every layer on the GPU.
    FitPlacement,
    /// The KV cache's size is no longer padded: each stream and the SWA cache take the cells
    /// asked for. Before: llama_model::create_memory padded each stream's n_ctx (n_ctx / n_seq
    /// without -kvu) to llama_kv_cache::get_padding, 256 cells with Flash Attention and 32
    /// without (PR #7257), Flash Attention counting as on when "auto" (the default from b6325,
    /// PR #15434: llama_context set cparams.flash_attn before creating the memory and
    /// resolved auto after it), and the SWA cache was min(n_ctx_seq, PAD(n_swa x n_seq +
    /// n_ubatch)) (src/llama-context.cpp, src/llama-model.cpp and src/llama-kv-cache-iswa.cpp
    /// @ a8ca18b4b, release b6867, read).
    KvUnpadded,
    /// n_ctx, each stream's n_ctx_seq (-np N without -kvu: n_ctx becomes n_seq x the padded
    /// n_ctx_seq) and the SWA cache, PAD(min(n_ctx_seq, n_swa x n_seq + n_ubatch)), padded to
    /// 256 cells whatever Flash Attention does (src/llama-context.cpp and
    /// src/llama-kv-cache-iswa.cpp @ 02c28f533ebba3e4ea944fc4a0719a012b3e7097, read).
    KvPadded256,
    /// An MLA model (deepseek2 and its kin) whose GGUF has attention.key_length_mla /
    /// value_length_mla caches the compressed latent: K rows of kv_lora_rank + rope dims and V
    /// rows of kv_lora_rank, one KV head (PR #12801). Before: every file runs its MLA layers as
    /// plain attention, K rows of n_head x (qk_nope + qk_rope) and V rows of n_head x
    /// v_head_dim, as a file without the keys still does (its MLA LayerGroup has kvHeads =
    /// qHeads, the GGUF's head_count_kv; import/ggufimport.cpp).
    MlaLatentCache,
    /// Such a model caches no V tensor (V is a view of the latent in K: has_v = !is_mla(),
    /// PR #19067). Before: a V row of kv_lora_rank per cell beside K.
    MlaVlessCache,
    /// llama-server reserves the worst-case graph for n_outputs_max rows of logits: n_parallel x
    /// (1 + the draft's tokens), at most n_batch, unless embeddings or pooling are on (PR
    /// #23861 "llama: limit max outputs of llama_context", commit de6f727aa of 2026-06-01,
    /// release b9460: common_params::n_outputs_max, server_n_outputs_max(); PR #23988, b9464,
    /// counts an implicit --model-draft). The prompt-processing graph then holds min(n_ubatch,
    /// n_outputs_max) rows of logits, not n_ubatch. llama-cli and the other tools keep n_batch.
    /// Before: every graph reserved n_ubatch rows.
    ServerOutputsPerSlot,
    /// With Flash Attention the KQ mask is created in f16 (build_attn_inp_kq_mask; PR #23764
    /// "llama: use f16 mask for FA to save VRAM", merged 2026-05, release b9410): 2 B per cell
    /// and token in the host compute buffer, and the GPU receives that f16 mask as its split's
    /// input, with no f32 copy to cast. A llama-server log of a Qwen3.6-35B-A3B at -c 150000
    /// -ub 4096 with both PRs (llama.cpp issue #23527 / PR #23861) shows "CUDA_Host compute
    /// buffer size = 1236 MiB" = 4096 x (2 x 2048 x 4 + 150016 x 2) B. Before: an f32 mask.
    F16FlashMask,
};

/// A rule change and the first llama.cpp release (bNNNN) HostPlan applies it from.
struct LlamaRuleChange {
    LlamaRule rule;
    std::uint32_t build = 0;   ///< first release with the new rule, as HostPlan applies it
    std::string_view prs;      ///< the llama.cpp pull requests that made the change
    std::string_view merged;   ///< when they were merged (year-month)
    std::string_view whatText; ///< the change in words
};

/// The rule changes HostPlan models, oldest first. Sources: PR #18148 ("llama: offload output
/// layer to GPU first", opened 2025-12-17) changed i_gpu_start in src/llama-model.cpp
/// load_tensors; PR #18550 added ggml_build_forward_select and PR #18898 (2026-01) used it in
/// build_inp_embd. The release: ollama/ollama vendored llama.cpp @ ec98e2002 (ollama commit
/// 49a9c9ba6, 2025-12-17), which has neither change, and then @
/// a5bb8ba4c50257437630c136210396810741bbf7, release b7847 (ollama commit
/// ef00199fb4e6d045e11e76baaab9049f3234939d, "Update vendor ggml code to a5bb8ba4", reverted
/// as "Update vendored llama.cpp to b7847"), which has both in its llama-model.cpp and
/// llama-graph.cpp. So b7847 is the first release shown to carry both; a release between the
/// two may carry one of them, and a plan for it follows the older rule for both. --fit (PR
/// #16653, "automatically set parameters not set by the user", merged 2025-12): the same
/// vendored b7847 has common_params::fit_params = true and n_gpu_layers = -1 ("auto") in
/// common/common.h (read), so HostPlan applies its placement from b7847 too. The KV cache's
/// padding: PR #16812 ("memory : remove KV cache size padding") is merge commit 85a7d867, the
/// commit tagged b6868 (a release's number is `git rev-list --count` of its commit, and the
/// tags b6866 / b6868 bracket it); PR #17046 ("kv-cache : pad the cache size to 256 for
/// performance") is 16bcc125, tagged b6975. Pipeline parallelism: PR #6017 is commit
/// f30ea47a8 (2024-03-13), `git rev-list --count` 2413 = b2413. Per-sequence KV streams: PR
/// #14363 is merge commit 225e7a1438f4ea85eaa7b5ef3ab3b266ee4d9c06 (2025-07); b5913 is the first
/// release whose KV cache maps sequences to streams (issue #14847: the seq_to_stream assertion
/// first fails in b5913, not in b5912). Not modelled: PR #21277 kept the SWA cache f16
/// under a quantized -ctk / -ctv from b8633 until its revert, PR #21332, in b8644. The MLA
/// cache's releases are estimated, not read from the tags (the llama.cpp mirror, 1.4 GB, was
/// over the size this work could fetch): PR #12801 is merge commit
/// daa422881a0ec7944771bcc8ff8de34d11f5bd3b (2025-04-15), PR #19067 was merged 2026-01-24;
/// the releases are placed from the daily rate between published anchors (b5074 = Llama 4
/// support, 2025-04-05, and b5331 shipped 2025-05-09 by node-llama-cpp; b7347 on 2025-12-10
/// and b7917 built 2026-02-02 in llama.cpp issue #19307): b5138 and b7824, each within some
/// twenty releases of the true one. A plan for a release that close follows one of the two
/// rules and may be off by the V row.
const std::vector<LlamaRuleChange> &llamaRuleChanges();

/// How a release sizes the KV cache from -c and -np (LlamaRule::KvUnpadded, KvPadded256).
struct LlamaKvSizing {
    std::uint64_t context = 0;   ///< n_ctx: cells over every stream, after padding
    std::uint64_t perStream = 0; ///< cells of each stream (n_ctx_seq; n_ctx with -kvu)
    std::uint32_t swaPad = 1;    ///< the SWA cache's padding in cells (1: none)
    bool swaPadAfterMin =
        false; ///< PAD(min(n_ctx_seq, want)) rather than min(n_ctx_seq, PAD(want))

    /// The SWA cache's cells per stream for `wantCells` = n_swa x (-kvu ? n_seq : 1) + n_ubatch.
    std::uint64_t swaCells(std::uint64_t wantCells) const;
};

/// The KV cache sizes release b`build` (0 = the newest) gives -c `askedContext` (> 0) shared
/// by `streams` (>= 1, <= askedContext) KV streams, with or without Flash Attention (the
/// padding of releases before LlamaRule::KvUnpadded depends on it). No errors.
LlamaKvSizing llamaKvSizing(std::uint32_t build, bool flashAttention, std::uint64_t askedContext,
                            std::uint32_t streams);

/// GGML_SCHED_MAX_COPIES (ggml-backend.c @ c429b33b; ggml/src/ggml-backend.cpp later): the
/// copies of the graph inputs the scheduler keeps with pipeline parallelism.
inline constexpr std::uint32_t kLlamaSchedMaxCopies = 4;

/// The largest release number a plan takes (a typo guard: releases are near b10000 in 2026).
inline constexpr std::uint32_t kLlamaMaxBuild = 999999;

/// Whether release b`build` follows `rule`'s new form (llamaRuleChanges); build 0 = the
/// newest release, which follows every new form.
bool llamaFollows(std::uint32_t build, LlamaRule rule);

/// "b5466" for 5466, "newest" for 0.
std::string llamaBuildText(std::uint32_t build);

/// The KV cache types llama-server accepts for -ctk / -ctv.
std::vector<std::string> llamaKvCacheTypes();
/// The ggml type of a KV cache type name; the error names "--kv-type" and lists the types.
Result<const gguf::GgmlType *> parseLlamaKvType(std::string_view name);

/// Everything a llama.cpp plan takes.
struct LlamaCppInput {
    const ModelSpec *model = nullptr;
    std::string modelPath;      ///< for the command line ("model.gguf" if empty)
    std::optional<GpuSpec> gpu; ///< nullopt: CPU only (or the host's unified memory)
    HostSpec host;
    /// -ngl: layers on the GPU counting the output layer; nullopt = all (-ngl 99).
    std::optional<std::uint32_t> gpuLayers;
    std::uint32_t cpuMoeLayers = 0;          ///< --n-cpu-moe
    const gguf::GgmlType *kvTypeK = nullptr; ///< -ctk (nullptr = f16)
    const gguf::GgmlType *kvTypeV = nullptr; ///< -ctv (nullptr = f16, whatever -ctk is)
    /// -c, total cells over all slots; 0 = llama.cpp's default: the model's training context
    /// (that many per slot when each slot has its own stream: -np N without -kvu), lowered by
    /// --fit (at least to 4096 per stream) when the devices would keep less than 1 GiB free.
    std::uint64_t context = 0;
    /// -np slots sharing the context; 0 = llama-server's default, 4 slots with -kvu.
    std::uint32_t parallel = 0;
    /// -kvu: one KV stream shared by all slots (each slot may fill the whole context) instead
    /// of one stream of n_ctx / n_seq cells per slot.
    bool unifiedKv = false;
    /// --swa-full: sliding-window layers cache the whole context, not their window plus a
    /// micro-batch. llama-server and llama-cli leave it off (common_params::swa_full false);
    /// programs on the C API get it on by default (llama_context_default_params swa_full true,
    /// src/llama-context.cpp, PR #13194): LM Studio's gpt-oss-120b at -c 4096 logs 288 MiB of
    /// KV, its 18 sliding-window layers as large as its 18 full ones.
    bool swaFull = false;
    std::uint32_t batch = kLlamaDefaultBatch;   ///< -b
    std::uint32_t ubatch = kLlamaDefaultUbatch; ///< -ub
    bool flashAttention = true;                 ///< -fa auto resolves to on for CUDA
    /// GPUs of type `gpu` in the machine, 1 .. kLlamaMaxGpus (llama.cpp's layer split).
    std::uint32_t gpuCount = 1;
    /// --tensor-split proportions, one per GPU, finite and >= 0, not all zero; empty = split
    /// by free memory (equal shares for identical GPUs, llama.cpp's default).
    std::vector<double> tensorSplit;
    /// Op offload (on unless --no-op-offload): a GPU runs the matmuls of weights kept in host
    /// memory for micro-batches of kLlamaOpOffloadMinBatch tokens or more.
    bool opOffload = true;
    /// The llama.cpp release (bNNNN) whose memory rules the plan follows, 1 ..
    /// kLlamaMaxBuild; 0 = the newest (llamaRuleChanges). The flags of the command line do
    /// not depend on it (hostplan-cli serve-cmd plans by the newest rules).
    std::uint32_t build = 0;
    /// Every GPU backend reports async compute and events, which pipeline parallelism needs
    /// (llama_context's check of ggml_backend_dev_props caps): CUDA and HIP do; RPC devices and
    /// Vulkan do not (ggml/src/ggml-rpc/ggml-rpc.cpp and ggml-vulkan.cpp @
    /// c392e5094deaf2d1a7c18683214f007fad3fe42b: caps.async and caps.events false).
    bool asyncEvents = true;
    /// The front end is llama-server (its sequences per slot: LlamaRule::ServerSlotSequences);
    /// false for another program on libllama that asks for -np sequences itself.
    bool server = true;
};

/// The first release whose llama-server added a sequence for the system prompt (b2366,
/// PR #5328; LlamaRule::ServerSlotSequences ends it).
inline constexpr std::uint32_t kLlamaServerExtraSequenceFirst = 2366;

/// Whether the plan's slots share one KV stream: -kvu, or a release before per-sequence streams
/// (LlamaRule::KvStreams), whose one KV cache every slot shares whatever -kvu says.
bool llamaUnifiedKv(const LlamaCppInput &in);

/// The smallest micro-batch whose host-weight matmuls a GPU backend takes over (ggml-cuda.cu
/// and ggml-vulkan.cpp op_offload_min_batch_size: GGML_OP_OFFLOAD_MIN_BATCH, default 32).
inline constexpr std::uint32_t kLlamaOpOffloadMinBatch = 32;

/// The most GPUs a llama.cpp plan takes (GGML_CUDA_MAX_DEVICES, ggml-cuda.h: 16).
inline constexpr std::uint32_t kLlamaMaxGpus = 16;

/// Weights of one placement unit, bytes.
struct LlamaCppWeights {
    std::uint64_t input = 0;          ///< token_embd (always in RAM)
    std::uint64_t output = 0;         ///< output layer (LM head or its tied copy, output norm)
    std::vector<std::uint64_t> layer; ///< per layer, without routed experts
    std::vector<std::uint64_t> layerExperts; ///< per layer, routed experts
    bool exact = false;                      ///< from the checkpoint's tensor table (GGUF)
    bool placed = false; ///< else from where the import placed each group (layerParams)
    /// The largest single tensor op offload copies (see the file comment): the LM head (the
    /// token embedding when tied); per layer the largest of the tensors in layerExperts and
    /// of the others, exact from a GGUF tensor table (ModelSpec::layerLargestTensor), else
    /// estimated (layerExperts / 3 for gate, up and down; a group's bytes per layer over its
    /// projections, 3 for an MLP and 4 for attention).
    std::uint64_t outputTensor = 0;
    std::vector<std::uint64_t> layerExpertTensor;
    std::vector<std::uint64_t> layerTensor;
};
/// The per-layer weights of `spec`: exact from ModelSpec::layerBytes when present (GGUF);
/// else each group over the layers the import placed its parameters in
/// (TensorGroup::layerParams, layerShare), spread evenly where it placed none; with no group
/// placed, evenly over the layers (experts over the last MoE layers).
LlamaCppWeights llamaCppWeights(const ModelSpec &spec);

/// `spec` re-stored in one ggml type (every linear group, the embedding and the LM head, tied or
/// not; norms and other small non-linear tensors in f32), the
/// way llama-quantize's uniform types store a model: bytes = elements / block x bytes per
/// block. For sizing HF configs as GGUF ("what would a Q4_K file of this model need").
ModelSpec asGgufType(const ModelSpec &spec, const gguf::GgmlType &type);

/// One side of the split (GPU or host), bytes.
struct LlamaCppSide {
    std::uint64_t weights = 0;
    std::uint64_t kvCache = 0; ///< KV cells of its layers (and recurrent state)
    /// Of kvCache, the recurrent layers' state (Mamba, Gated DeltaNet, short convolutions): what
    /// llama.cpp logs apart as the "RS buffer" (llama_memory_recurrent).
    std::uint64_t recurrentState = 0;
    std::uint64_t outputBuffer = 0; ///< logits buffer (host only)
    std::uint64_t compute = 0;      ///< compute buffer at the plan's Flash Attention setting
    std::uint64_t computeHigh = 0;  ///< compute buffer without Flash Attention
    std::uint64_t runtime = 0;      ///< CUDA context etc. (GPU only, assumption)
    /// Host only: what llama.cpp logs as its "CPU_Mapped model buffer" when it maps the file
    /// (the default): per file, the span from the first to the last byte of the tensors it
    /// keeps in RAM, GPU tensors stored between them included (src/llama-model.cpp
    /// load_tensors and llama_model_loader::get_mapping_range @
    /// a5410f046c01d01330c8a42f13b64a211fedf2c3: one CPU buffer from the mapping's
    /// first..last; llama.cpp issue #15125's gpt-oss logs). Address space and page cache, not
    /// memory the host must hold: `weights` (the tensors themselves) is what the fit counts.
    /// 0 when the tensor table is unknown (a config, not a GGUF file). Tensors a CPU backend
    /// repacks (CPU_REPACK) are not taken out: which types it repacks depends on the CPU.
    std::uint64_t mappedWeights = 0;
    std::uint64_t total() const { return weights + kvCache + outputBuffer + compute + runtime; }
    std::uint64_t totalHigh() const {
        return weights + kvCache + outputBuffer + computeHigh + runtime;
    }
    std::uint64_t bytesPerToken = 0; ///< read per decode step (weights active + KV at context)
};

/// Where a plan's context came from.
enum class LlamaContextRule {
    Explicit, ///< -c given
    Training, ///< -c unset: the model's training context, which fits with --fit's margin
    Fitted,   ///< -c unset: the training context lowered by --fit (at least to 4096)
};

/// A llama.cpp plan: memory on each side, whether it fits, the speed it gives.
struct LlamaCppPlan {
    std::uint32_t build = 0;   ///< the release whose rules it follows (0: the newest)
    std::uint64_t context = 0; ///< n_ctx (padded)
    LlamaContextRule contextRule = LlamaContextRule::Explicit;
    std::uint64_t trainingContext = 0; ///< n_ctx_train when -c was unset (0 otherwise)
    bool defaultSlots = false;         ///< -np unset: llama-server's 4 unified slots
    std::uint64_t contextPerSlot = 0;  ///< n_ctx / n_seq (n_ctx with -kvu)
    std::uint32_t parallel = 1;
    bool unifiedKv = false;          ///< one KV stream for all slots (llamaUnifiedKv)
    std::uint32_t layers = 0;        ///< repeating layers
    std::uint32_t gpuLayersFlag = 0; ///< the -ngl value in effect (layers + 1 = all)
    std::uint32_t layersOnGpu = 0;   ///< repeating layers on the GPU
    bool outputOnGpu = false;
    std::uint32_t cpuMoeLayers = 0;
    /// The largest host-resident weight the first GPU copies into its compute buffer for op
    /// offload (0: none, or op offload off / micro-batch under kLlamaOpOffloadMinBatch).
    std::uint64_t opOffloadCopy = 0;
    /// The scheduler's copies of the graph inputs: kLlamaSchedMaxCopies with pipeline
    /// parallelism, else 1 (see the file comment).
    std::uint32_t schedCopies = 1;
    /// Why pipeline parallelism is on or off, in words (empty with one GPU or none).
    std::string pipelineWhy;
    /// What the extra copies add to the compute buffers, over all GPUs and the host, bytes
    /// (at the plan's Flash Attention setting; 0 without pipeline parallelism).
    std::uint64_t pipelineCopyBytes = 0;
    std::string kvTypeK = "f16";
    std::string kvTypeV = "f16";
    std::uint64_t kvBytesPerCell = 0;  ///< all layers, K + V
    std::uint64_t outputBufferMax = 0; ///< the output buffer if a batch asks for every logit
    LlamaCppSide gpu;                  ///< all GPUs together (the sum of perGpu)
    LlamaCppSide host;
    /// Each GPU's side, in device order (one entry per GPU; empty without a GPU).
    std::vector<LlamaCppSide> perGpu;
    /// Repeating layers on each GPU, in device order (the output layer is on the last GPU
    /// that holds a slot; see outputGpu).
    std::vector<std::uint32_t> layersPerGpu;
    std::uint32_t outputGpu = 0;     ///< the device index of the output layer (outputOnGpu)
    std::vector<double> splitPoints; ///< normalised running sums of the split, one per GPU
    std::uint64_t gpuCapacity = 0;   ///< usable memory of one GPU (0: no GPU)
    std::uint64_t hostCapacity = 0;  ///< system memory
    /// --fit chose the placement (LlamaRule::FitPlacement): gpuLayersFlag, layersPerGpu (its
    /// tensor split) and fitCpuExpertLayers are its choice, not llama.cpp's -ngl default.
    bool fitPlaced = false;
    /// Blocks (ascending) whose routed-expert tensors --fit keeps in RAM although the block is
    /// on a GPU (its -ot "blk\.N\.ffn_(up|down|gate_up|gate)_(ch|)exps=CPU" overrides).
    std::vector<std::uint32_t> fitCpuExpertLayers;
    bool fitsGpu = true;
    bool fitsHost = true;
    /// False for a GGUF file whose general.architecture llama.cpp does not name
    /// (llamaCppKnowsArchitecture): llama.cpp stops at load ("unknown model architecture"),
    /// whatever the memory says.
    bool architectureKnown = true;
    bool fits() const { return fitsGpu && fitsHost && architectureKnown; }
    double gpuBandwidth = 0; ///< bytes/s
    double hostBandwidth = 0;
    double tokensPerSecond = 0;          ///< one sequence, ceiling at peak bandwidth
    double aggregateTokensPerSecond = 0; ///< all slots decoding, ceiling
    double hostTimeShare = 0;            ///< fraction of a decode step spent on RAM-resident bytes
    bool weightsExact = false;
    std::vector<std::string> notes;
};

/// The model's training context (n_ctx_train: ModelSpec::maxContextTokens), or
/// kLlamaDefaultContext when the model does not say.
std::uint64_t llamaTrainingContext(const ModelSpec &spec);

/// Plans `in`, with llama-server's defaults for an unset -c and -np (see LlamaCppInput) and, when
/// -ngl, --n-cpu-moe and (with several GPUs) --tensor-split are not given, the placement --fit
/// chooses (LlamaRule::FitPlacement; llamacpp_fit.cpp has the rule and its source). Errors: no
/// model, a build past kLlamaMaxBuild, an -ngl / --n-cpu-moe past the layer count, a zero
/// context, a context smaller than the slots, a KV type whose block does not divide the head
/// width, a GPU count outside 1 ..
/// kLlamaMaxGpus, a --tensor-split whose length differs from the GPU count or whose values are
/// negative, not finite or all zero. fitsGpu holds when every GPU fits its own share.
Result<LlamaCppPlan> planLlamaCpp(const LlamaCppInput &in);

/// The largest -c below `below` tokens, in steps of kLlamaKvPadding, at which `in` (with that
/// context, --fit still placing the layers where it may) fits; nullopt when even one step does
/// not. Bisects, taking fit as falling with the context.
std::optional<std::uint64_t> largestFittingContext(LlamaCppInput in, std::uint64_t below);
/// The largest -ngl (0 .. layers + 1) at which `in` fits the GPU, or nullopt when even -ngl 0
/// does not fit (the host is too small).
std::optional<std::uint32_t> largestFittingGpuLayers(LlamaCppInput in);
/// For a MoE model with every layer on the GPU: the smallest --n-cpu-moe that fits, or nullopt.
std::optional<std::uint32_t> smallestFittingCpuMoe(LlamaCppInput in);

/// Which default the plan's context and slots follow, in words ("-c as given", "llama.cpp's
/// default: the training context 131072 lowered by --fit ...").
std::string llamaContextRuleText(const LlamaCppPlan &p);
/// The plan as text: memory per side, fit, speed, and what to change when it does not fit.
void writeLlamaCppPlanText(const LlamaCppInput &in, const LlamaCppPlan &plan, std::ostream &out);
/// The plan as JSON, what `hostplan-cli plan --engine llama.cpp --json` prints: "engine",
/// "model", "hardware" (gpu, gpu_count, host), "context" (n_ctx, per_slot, slots, unified_kv,
/// default, rule, training_context, default_slots, rule_text, kv types, kv_bytes_per_token),
/// "placement" (ngl, layers on each GPU, output_gpu, n_cpu_moe, op_offload_copy bytes,
/// pipeline_copies, pipeline_reason, pipeline_copy_bytes, split_points, fit_placed,
/// fit_cpu_expert_layers), "memory" ("gpus": one object per GPU, "host": bytes of weights,
/// kv_cache, output_buffer, compute, compute_high, runtime, total, capacity, fits), "fits", "speed"
/// (tokens/s ceilings, host_time_share), "command" and "notes". Sizes in bytes.
nlohmann::ordered_json llamaCppPlanJson(const LlamaCppInput &in, const LlamaCppPlan &plan);
/// The llama-server command line for the plan, and the Ollama Modelfile parameters.
std::string llamaServerCommand(const LlamaCppInput &in, const LlamaCppPlan &plan);

/// The -ngl value that puts every layer of a model with `layers` repeating layers on the GPU:
/// the customary 99, or layers + 1 for a model with 99 or more layers (-ngl counts the output
/// layer as one more; a value of at least n_layer + 1 offloads everything, common/fit.cpp @
/// 08033df02cc32f3706271c068aaeaeecf94922a1).
std::uint32_t llamaAllLayersFlag(std::uint32_t layers);

} // namespace hostplan
