// SPDX-License-Identifier: MIT
// vLLM V1 memory rules (vLLM v0.11-v0.13 window; profile variants for V0, early V1 and v0.19).
//
// Sources (vllm-project/vllm, file @ commit as read):
// - vllm/v1/worker/gpu_worker.py @ 35d5cda1 determine_available_memory:
//   available_kv = total x gpu_memory_utilization - (weights + activation peak + non-torch
//   increase); NCCL and the CUDA context are initialised before the baseline snapshot, CUDA
//   graphs are captured after the pool (compile_or_warm_up_model): all three live in the slack
//   total x (1 - utilization), not in the pool. What the profile adds outside torch is charged
//   inside (vllmNonTorch): at TP > 1 torch's second NCCL communicator, NCCL's lazily connected
//   buffers and NVLS buffers (vllmTpCollectivesNonTorch, ncclNvlsBufferBytes).
// - vllm/v1/worker/gpu_model_runner.py @ 4e179065 profile_run / _dummy_run /
//   _dummy_sampler_run: a forward of max_num_batched_tokens tokens, then a sampler run on
//   min(max_num_seqs, tokens) rows of the full vocabulary (top_k = vocab - 1, top_p 0.9).
// - vllm/v1/core/kv_cache_utils.py @ 001cabc1 get_kv_cache_groups, get_num_blocks,
//   _report_kv_cache_config, _check_enough_kv_cache_memory: num_blocks = available // page //
//   group_size, "GPU KV cache size" = (num_blocks // groups) x block; refusal when available <= 0
//   or one max_model_len request needs more than available.
// - vllm/v1/kv_cache_interface.py @ 001cabc1: SlidingWindowSpec reserves
//   cdiv(min(window - 1 + max_num_batched_tokens, max_model_len), block) + 1 blocks per request
//   (older bbf906a8: no +1), from the v0.28 rules window - 1 + max_in_flight_tokens
//   (vllmInFlightTokens: two batches under async scheduling); MambaSpec one page per request.
// - vllm/model_executor/models/config.py @ 0144dd5b HybridAttentionMambaModelConfig: attention
//   block raised to a multiple of the kernel block (64 for MLA backends, 16 otherwise) until an
//   attention page holds a mamba page.
// - vllm/model_executor/layers/quantization/mxfp4.py @ afdb4a4f: MXFP4 MoE padding by backend;
//   the TRITON backend on Hopper also keeps a swizzled scale copy and fp32 biases (from
//   v0.11.1), and v0.19 triton_kernels v3.6.0's 64-padded value layout (vllmMxfp4LayoutBytes).
// - MTP speculative decoding: vllm/v1/spec_decode/eagle.py @ 008603a3 load_model builds the
//   draft model inside the runner's load_model (so "Model loading took" and the profile's
//   weights include it) and registers its attention layers beside the target's: they join
//   the KV cache spec and its groups (one more MLA layer per MTP layer for DeepSeek), so the
//   draft's KV shares the pool and every block; the embedding is shared at PP 1
//   (mtpDraftWeightBytes).
// - Draft models (`--speculative-config '{"model": ...}'`): vllm/v1/spec_decode/draft_model.py
//   @ 01dd981d load_model builds the draft with the target's parallel config (so the target's
//   TP shards it) and registers its attention layers in the same forward context, so they
//   join the KV cache spec like MTP layers (layers of another size make one uniform-type group
//   whose page sums them); EAGLE heads do the same and share the target's embedding and LM
//   head (eagle.py load_model). The profile runs the drafter's dummy step of the same tokens
//   right after the target's forward, whose hidden states stay live (gpu_model_runner.py
//   @ 4e179065 _dummy_run), so the peak is at least hidden + the draft's forward.
// - Pipeline parallelism: each stage's worker profiles and sizes its own pool and the engine
//   keeps the smallest block count (kv_cache_utils.py get_kv_cache_configs). Stages hold
//   vllm/distributed/utils.py @ 5a6541db get_pp_indices' layers; the first the input
//   embedding, the last the final norm and LM head (and, with tied embeddings, an embedding of
//   its own), llama.py @ e06c9ba2; the drafter sits on the last stage (gpu_model_runner.py
//   @ 4e179065 __init__); the sampler warm-up runs on the last stage only, and stages after
//   the first keep receive buffers of max_num_batched_tokens (_dummy_run intermediate
//   tensors). vLLM 0.19 logs Llama-3.1-8B at PP 4 as 4.26 / 3.28 / 3.28 / 4.26 GiB of weights
//   and 1.10 / 1.05 / 1.05 / 2.01 GiB torch peaks (llm-d-incubation/llm-d-planner
//   accuracy/results/v0.19.0/logs @ d3121e05).
// - v0.19's sampler warm-up: kVllmTritonSamplerBytesPerLogit and the Triton kernel's
//   per-SM buffer, vllmTritonSamplerBufferBytes (VllmProfile::V1v19).
// - The profile's MoE layers: the Triton fused-MoE path loops over kFusedMoeChunkTokens, the
//   Marlin MoE kernel (INT4 weight-only experts, MXFP4 below SM 9.0) sizes its intermediate
//   caches for every token of the step (fused_marlin_moe.py @ 00a130a0, vllmMarlinMoe).
// - Linear-attention layers (KDA: vllm/model_executor/layers/kda.py @ 01a7e5d9 _forward; the
//   gated-delta-net layers the same) return before their kernels when the forward carries no
//   attention metadata, and the profile's dummy run builds none (gpu_model_runner.py _dummy_run:
//   only with force_attention or a FULL CUDA graph): their chunked-prefill working set is not
//   in the profiled peak. The projections around the op (q, k, v, the fp32 gate, the output
//   gate, the core output and the residual: Kimi-Linear at TP 2 about 33 KB per token, its
//   MoE layers 63 KB) stay below an MoE layer's peak; forwardActivationBytes leaves them out.
// - V1 as in v0.7 (VllmProfile::V1Early): vllm/v1/worker/gpu_worker.py
//   determine_available_memory kept V0's pre-PR #10511 steps from December 2024 past v0.7
//   (read at KuntaiDu/vllm @ fedd3692, a fork of that period whose V1 worker already warms the
//   sampler after the pool; the V1 workers vLLM's XPU and Ascend plugins copied hold the same
//   steps): empty_cache and reset_peak_memory_stats, profile_run, then peak =
//   allocated_bytes.all.peak (weights and every buffer torch holds, not an increase) + (device
//   used - allocated_bytes.all.current after empty_cache) when positive; available = total x
//   utilization - peak. gpu_model_runner.py of that period (@ 12233848 there) allocates
//   inputs_embeds of max_num_batched_tokens x hidden in the model dtype in __init__, before
//   the profile, so it sits in that peak.
// - V1 as in v0.8 (VllmProfile::V1v08): the same worker steps (PR #17122's diff of May 2025
//   quotes them as the text it replaces); _dummy_run returns hidden_states[logit_indices]
//   alone, so the sampler warm-up (FlashInfer's probabilities API, kVllm08SamplerBytesPerLogit)
//   runs on min(max_num_seqs, max_num_batched_tokens) rows after the batch's hidden states
//   are freed; inputs_embeds is allocated in the runner's __init__ as in v0.7.
#include "engine/enginememory.h"
#include "engine/moea2a.h"
#include "engine/vllmcounts.h"
#include "engine/pipelinestage.h"
#include "engine/vllmencoder.h"
#include "engine/vllmdeepseekv4.h"
#include "engine/vllmgraphs.h"

#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hostplan {

namespace {

/// Non-torch memory vLLM V1's profile measures inside the budget on one GPU of `in`
/// (gpu_worker.py determine_available_memory: "non-torch forward increase", counted from the
/// snapshot taken after NCCL and the CUDA context are up). vllmTpCollectivesNonTorch plus:
/// - every layout: cuBLAS / attention workspaces of the first forward, 0.15 GiB (T1 logs
///   0.10 GiB at TP 1, PR #12126 0.16 GiB). Pipeline stages add nothing more: the profile's
///   dummy run sends nothing between stages.
/// - VllmProfile::V1v19: the figures vLLM 0.19.0 logs as "non-torch forward increase" on H100
///   (llm-d-incubation/llm-d-planner accuracy/results/v0.19.0/logs @ d3121e05): 0.24-0.26 GiB
///   at TP 1 PP 1 on every one of 30 runs from 2B to 72B (granite-3.x: 0.46; median 0.25), and
///   0.07 GiB per stage at PP 2 and 4, measured figures (not derived). vllmTpCollectivesNonTorch
///   is the median at TP 2 (2.07 GiB) less the TP 1 median, so the two add up to the logs.
std::uint64_t vllmNonTorch(const EngineMemoryInput &in) {
    const double base = !vllmV019Memory(in.vllmProfile) ? 0.15 : in.pp > 1 ? 0.07 : 0.25;
    return std::uint64_t(gib(base)) + vllmTpCollectivesNonTorch(in.gpu, in.tp, in.vllmProfile);
}

/// Whether the worker charges everything on the device outside torch's allocations after
/// the profile (device used - allocated_bytes.all.current after empty_cache) on top of torch's
/// allocated peak since the profile began, rather than the non-torch growth from a baseline
/// snapshot: V0 as in v0.6.4 and V1 as in v0.7 and v0.8, before the workers moved to
/// memory_profiling (PR #19312).
bool chargesDeviceNonTorch(VllmProfile p) {
    return p == VllmProfile::V0Legacy || p == VllmProfile::V1Early || p == VllmProfile::V1v08;
}

/// KV-cache group structure of vLLM V1 for a layout.
struct VllmGroups {
    std::uint32_t block = 16; ///< tokens per block (attention block size)
    /// Tokens per block of the full-attention and of the sliding-window groups: `block`, or
    /// more for a kind whose layers take fewer bytes per token than the largest layer
    /// (vllmGroups: vLLM grows their block size until their page is the largest one's).
    std::uint32_t fullBlock = 16;
    std::uint32_t windowBlock = 16;
    std::uint64_t page = 0;      ///< bytes of one block of one group's tensor set
    std::uint32_t groupSize = 1; ///< layers sharing one tensor (kv_cache_utils group_size)
    std::uint32_t fullGroups = 0;
    std::uint32_t windowGroups = 0;
    std::uint32_t stateGroups = 0;
    bool uniform = false; ///< one attention type: one group over all layers
    std::uint32_t groups() const { return fullGroups + windowGroups + stateGroups; }
};

VllmGroups vllmGroups(const EngineKvLayout &k, std::uint32_t blockTokens) {
    VllmGroups g;
    // MLA backends (FlashMLA, the CUDA default for MLA models) force a 64-token block
    // (platform check_and_update_config; notes section 1.2).
    g.block = k.hasMla ? std::max<std::uint32_t>(blockTokens, 64) : blockTokens;
    g.fullBlock = g.windowBlock = g.block;
    blockTokens = g.block;
    const int types = (k.fullLayers > 0) + (k.windowLayers > 0) + (k.stateLayers > 0);
    if (types <= 1 && k.stateLayers == 0) {
        // One attention type: one (uniform-type) group; page = block x all layers' bytes.
        g.page = saturatingMul(g.block, k.attentionBytesPerToken());
        g.fullGroups = k.fullLayers ? 1 : 0;
        g.windowGroups = k.windowLayers ? 1 : 0;
        g.groupSize = 1;
        g.uniform = true;
        return g;
    }
    const std::uint64_t attnPerToken = std::max<std::uint64_t>(k.maxLayerBytesPerToken, 1);
    std::uint64_t block = blockTokens;
    if (k.stateLayers) {
        // Hybrid page unification: the attention block grows until a page holds a mamba page.
        const std::uint64_t align = k.hasMla ? 64 : 16;
        block = std::max(block, align * ceilDiv(k.statePageBytes, align * attnPerToken));
    }
    // The page from the whole block; a block past 32 bits (a state page of terabytes) is kept at
    // the 32-bit maximum for the token counts, where its page already fits on no GPU.
    g.page = saturatingMul(block, attnPerToken);
    g.block =
        std::uint32_t(std::min<std::uint64_t>(block, std::numeric_limits<std::uint32_t>::max()));
    // Page unification (kv_cache_utils.py unify_kv_cache_spec_page_size): a layer whose page is
    // smaller than the largest gets its block size times the ratio when that divides. One that
    // does not divide stopped earlier releases (NotImplementedError); later ones keep its block
    // in a padded page, as HostPlan does for it. Gemma 4's full-attention layers (2 KV heads of
    // 512, K doubling as V) take 4 KiB a token against its sliding layers' 8 KiB (8 heads of 256):
    // 32-token blocks beside 16-token ones, half the bytes per token a 16-token padded page holds.
    auto kindBlock = [&](std::uint64_t bytes, std::uint32_t layers) {
        const std::uint64_t perLayer = layers ? bytes / layers : 0;
        if (perLayer == 0 || bytes % layers != 0 || perLayer >= attnPerToken ||
            attnPerToken % perLayer != 0) {
            return g.block;
        }
        return std::uint32_t(std::min<std::uint64_t>(saturatingMul(block, attnPerToken / perLayer),
                                                     std::numeric_limits<std::uint32_t>::max()));
    };
    g.fullBlock = kindBlock(k.fullBytesPerToken, k.fullLayers);
    g.windowBlock = kindBlock(k.windowBytesPerToken, k.windowLayers);
    std::vector<std::uint32_t> counts;
    for (std::uint32_t n : {k.fullLayers, k.windowLayers, k.stateLayers}) {
        if (n) {
            counts.push_back(n);
        }
    }
    const std::uint32_t lo = *std::min_element(counts.begin(), counts.end());
    const std::uint32_t hi = *std::max_element(counts.begin(), counts.end());
    g.groupSize = double(hi) < 1.5 * lo ? hi : lo;
    g.fullGroups = std::uint32_t(ceilDiv(k.fullLayers, g.groupSize));
    g.windowGroups = std::uint32_t(ceilDiv(k.windowLayers, g.groupSize));
    g.stateGroups = std::uint32_t(ceilDiv(k.stateLayers, g.groupSize));
    return g;
}

/// Blocks one request of `len` tokens needs, summed over groups (max_memory_usage_bytes): a
/// state group holds in.stateSlots pages (vllmStatePagesPerRequest).
std::uint64_t requestBlocks(const VllmGroups &g, const EngineKvLayout &k,
                            const EngineMemoryInput &in, std::uint64_t len) {
    const std::uint64_t full = ceilDiv(len, g.fullBlock);
    const bool plusOne = in.vllmProfile == VllmProfile::V1 || vllmV019Memory(in.vllmProfile);
    const std::uint64_t windowTokens = std::min<std::uint64_t>(
        k.window ? k.window - 1 + vllmInFlightTokens(in.vllmProfile, in.maxBatchedTokens, in.pp)
                 : 0,
        len);
    const std::uint64_t window = ceilDiv(windowTokens, g.windowBlock) + (plusOne ? 1 : 0);
    return g.fullGroups * full + g.windowGroups * window +
           std::uint64_t(g.stateGroups) * std::max<std::uint32_t>(in.stateSlots, 1);
}

/// DeepSeek V4 (EngineKvLayout::deepseekV4): the bytes one request of `len` tokens takes, its
/// blocks in every group at the block stride (vllmDeepseekV4Blocks). A stage without both
/// ratio-4 and ratio-128 layers, which vLLM's V4 planner does not group, is estimated from the
/// per-token figures: compressed entries in 256-token blocks and, in every layer, the window
/// cache and compressor state for the last window - 1 + max_num_batched_tokens tokens in
/// 64-token blocks plus one (SlidingWindowSpec.max_memory_usage_bytes).
std::uint64_t deepseekV4RequestBytes(const EngineKvLayout &k, const EngineMemoryInput &in,
                                     std::uint64_t len) {
    if (const VllmDeepseekV4Blocks b = vllmDeepseekV4Blocks(in); b.valid()) {
        return b.requestBytes(len);
    }
    const std::uint64_t full =
        ceilDiv(len, kDeepseekV4BlockTokens) * kDeepseekV4BlockTokens * k.fullBytesPerToken;
    const std::uint64_t windowTokens = std::min<std::uint64_t>(
        k.window ? k.window - 1 + vllmInFlightTokens(in.vllmProfile, in.maxBatchedTokens, in.pp)
                 : 0,
        len);
    const std::uint64_t window =
        (ceilDiv(windowTokens, kDeepseekV4SwaBlockTokens) + 1) * kDeepseekV4SwaBlockTokens;
    return full + window * k.windowBytesPerToken;
}

/// The layout vLLM sizes: the MTP layers' attention joins the full-attention layers.
EngineKvLayout vllmLayout(const EngineMemoryInput &in) {
    EngineKvLayout k = engineKvLayout(in);
    k.fullBytesPerToken += k.draftBytesPerToken;
    k.fullLayers += k.draftLayers;
    if (k.draftLayers) {
        k.maxLayerBytesPerToken =
            std::max(k.maxLayerBytesPerToken, k.draftBytesPerToken / k.draftLayers);
    }
    return k;
}

/// Bytes PyTorch's CUDA caching allocator counts as allocated (allocated_bytes, block sizes)
/// for one fresh tensor of `bytes` (c10/cuda/CUDACachingAllocator.cpp @ eb42ad6e
/// get_allocation_size, should_split): a request of kMinLargeAlloc (10 MiB) or more gets a
/// segment rounded up to kRoundLarge (2 MiB), which is split only when more than kSmallSize
/// (1 MiB) would remain, so a rounding of 1 MiB or less stays with the tensor. Smaller
/// requests share 2 / 20 MiB blocks and cost their own size.
std::uint64_t allocatorBlockBytes(std::uint64_t bytes) {
    constexpr std::uint64_t kMiB = std::uint64_t(1) << 20;
    if (bytes < 10 * kMiB) {
        return bytes;
    }
    const std::uint64_t rounded = ceilDiv(bytes, 2 * kMiB) * 2 * kMiB;
    return rounded - bytes <= kMiB ? rounded : bytes;
}

/// Element bits of the model's first group of `role` with parameters, `fallback` without one.
std::uint32_t roleBits(const ModelSpec &m, GroupRole role, std::uint32_t fallback) {
    for (const auto &g : m.groups) {
        if (g.role == role && g.params > 0) {
            return g.format.elementBits();
        }
    }
    return fallback;
}

/// What vLLM's "Model loading took" counts on one GPU of a stage beyond the checkpoint's
/// bytes: the torch allocated bytes after the load less before (DeviceMemoryProfiler,
/// vllm/utils/mem_utils.py @ a6d5c390, through the CUDA platform's get_current_memory_usage),
/// so it takes in
/// - the allocator's rounding (allocatorBlockBytes) of the weight tensors vLLM builds, each
///   at its own format's element bits (scales are separate tensors): per attention layer of
///   GQA / MHA / MQA / sliding kind qkv [(q' + 2 kv') x head dim, H] and o [H, q' x head dim]
///   (q', kv' the heads on one rank); per dense MLP layer gate_up [2 I / tp, H] and down
///   [H, I / tp]; per MoE layer w13 [E', 2 I' , H] and w2 [E', H, I'] (experts whose format
///   carries block scales excluded: their layouts are mxfp4PaddingBytes' and
///   vllmMxfp4LayoutBytes'); the embedding and LM head [V / tp, H], V padded to 64. MLA and
///   linear-attention projections are not modelled.
/// - the rotary cos / sin caches, one per distinct RoPE (get_rope keeps one instance for equal
///   parameters): ModelSpec::rotaryCachePositions x rotary dim in the model dtype
///   (vllm/model_executor/layers/rotary_embedding/base.py @ 072d10a0 RotaryEmbeddingBase),
///   with the rotary dim taken as the head dim (ModelSpec has no partial rotary factor).
///   Gemma 3 (linear RoPE x 8 on its global layers, plain RoPE on the local ones) at 131,072
///   positions and head dim 256: 512 MiB + 64 MiB, as vLLM 0.19 loads gemma-3 (0.5 GiB above
///   the checkpoint, llm-d-planner logs @ d3121e05).
/// Qwen2.5-72B at TP 2: down [8192, 14784] bf16 is 231 MiB, rounded to 232 on each of 80
/// layers, plus an 8 MiB cache: 0.086 GiB (vLLM 0.19 logs 67.80 GiB against 67.715).
std::uint64_t vllmLoadExtraBytes(const EngineMemoryInput &in, const PipelineStage &s,
                                 std::uint32_t totalLayers) {
    const ModelSpec &m = *in.model;
    const std::uint64_t tp = std::max<std::uint32_t>(in.tp, 1);
    const std::uint64_t h = m.hiddenSize;
    const double share = totalLayers && s.layers ? double(s.layers) / totalLayers : 1.0;
    auto onStage = [&](std::uint64_t layers) {
        return std::uint64_t(std::llround(layers * share));
    };
    // A stage's layers of a kind: those the import placed in its range, else its share.
    const bool staged = totalLayers && s.layers;
    auto kindOnStage = [&](const LayerGroup &l) -> std::uint64_t {
        return staged ? layersInRange(l, stageRange(s), totalLayers) : l.count;
    };
    auto roleOnStage = [&](GroupRole role, std::uint32_t layers) -> std::uint64_t {
        const auto placed =
            staged ? roleLayersInRange(m, role, stageRange(s), layers) : std::nullopt;
        return placed ? *placed : onStage(layers);
    };
    auto extra = [](std::uint64_t elements, std::uint32_t bits) {
        const std::uint64_t bytes = elements * bits / 8;
        return allocatorBlockBytes(bytes) - bytes;
    };
    const std::uint32_t embedBits = roleBits(m, GroupRole::Embedding, 16);
    std::uint64_t out = 0;
    std::uint32_t rotaryDim = 0;
    const std::uint32_t attnBits = roleBits(m, GroupRole::Attention, 16);
    for (const auto &l : m.layers) {
        if (l.kind == AttentionKind::MLA || l.kind == AttentionKind::Linear || l.qHeads == 0) {
            continue;
        }
        const std::uint64_t q = ceilDiv(l.qHeads, tp) * l.headDim;
        const std::uint64_t kv = kvHeadsPerRank(l.kvHeads, std::uint32_t(tp)) * l.headDim;
        out += kindOnStage(l) * (extra((q + 2 * kv) * h, attnBits) + extra(h * q, attnBits));
        rotaryDim = std::max(rotaryDim, l.headDim);
    }
    const std::uint32_t moeLayers = m.experts.routed ? m.experts.moeLayers : 0;
    if (m.denseIntermediate && m.numLayers > moeLayers) {
        const std::uint64_t i = ceilDiv(m.denseIntermediate, tp);
        const std::uint32_t bits = roleBits(m, GroupRole::DenseMlp, 16);
        out += roleOnStage(GroupRole::DenseMlp, m.numLayers - moeLayers) *
               (extra(2 * i * h, bits) + extra(h * i, bits));
    }
    const auto routed = std::find_if(m.groups.begin(), m.groups.end(), [](const TensorGroup &g) {
        return g.role == GroupRole::RoutedExperts && g.params > 0;
    });
    if (moeLayers && m.experts.intermediate && routed != m.groups.end() &&
        routed->format.blockOverheadBits() == 0) {
        const std::uint64_t ep = std::max<std::uint32_t>(in.ep, 1);
        const std::uint64_t e = ep > 1 ? ceilDiv(m.experts.routed, ep) : m.experts.routed;
        const std::uint64_t i =
            ep > 1 ? m.experts.intermediate : ceilDiv(m.experts.intermediate, tp);
        const std::uint64_t w = m.experts.expertWidth ? m.experts.expertWidth : h;
        const std::uint32_t bits = routed->format.elementBits();
        out += roleOnStage(GroupRole::RoutedExperts, moeLayers) *
               (extra(e * 2 * i * w, bits) + extra(e * w * i, bits));
    }
    const std::uint64_t vocab = ceilDiv(ceilDiv(m.vocabSize, 64) * 64, tp);
    out += stageHoldsEmbedding(m, s) ? extra(vocab * h, embedBits) : 0;
    out += s.last && hasOwnLmHead(m) ? extra(vocab * h, roleBits(m, GroupRole::LmHead, 16)) : 0;
    const std::uint64_t positions =
        m.rotaryCachePositions ? m.rotaryCachePositions : m.maxContextTokens;
    out += positions * rotaryDim * std::max<std::uint32_t>(embedBits, 16) / 8;
    return out;
}

/// The fused-MoE scratch vLLM 0.19 still holds when its profile runs the sampler: the modular
/// kernel takes its workspaces from the WorkspaceManager, which grows its buffer and never
/// frees it (vllm/v1/worker/workspace.py @ 00606a9b _ensure_workspace_size;
/// fused_moe/modular_kernel.py @ 003d383e _allocate_buffers: max(workspace13, output) plus
/// workspace2). TritonExperts' shapes (fused_moe.py workspace_shapes): workspace13 (M, top-k,
/// max(N / 2, K)), workspace2 (M, top-k, max(N, K)), output (M, K), in the activation dtype,
/// with M the dummy forward's tokens (up to the MoE chunk), N = 2 x the expert intermediate
/// on one rank (whole under EP), K the hidden width. The MXFP4 and Marlin paths are left out:
/// the gpt-oss loads on vLLM 0.19 (rows P10, N2) show no such term. Qwen3-30B-A3B at 8192
/// tokens: 8192 x 8 x (2048 + 2048) x 2 B = 0.5 GiB, which the logged profile peak carries.
std::uint64_t vllmResidentMoeWorkspace(const EngineMemoryInput &in, std::uint64_t tokens) {
    const ModelSpec &m = *in.model;
    const ExpertInfo &x = m.experts;
    const bool mxfp4 = std::any_of(m.groups.begin(), m.groups.end(), [](const TensorGroup &g) {
        return g.role == GroupRole::RoutedExperts && g.format.kind == FormatKind::MXFP4;
    });
    if (x.routed == 0 || x.intermediate == 0 || mxfp4 ||
        vllmMarlinMoe(m, in.gpu, in.moeKernel, in.tp, in.ep)) {
        return 0;
    }
    constexpr std::uint64_t kAct = 2; // bf16 activations
    const std::uint64_t rows = std::min(tokens, kFusedMoeChunkTokens);
    const std::uint64_t k = std::max<std::uint32_t>(x.activePerToken, 1);
    const std::uint64_t n =
        2 * std::uint64_t(x.intermediate) / (in.ep > 1 ? 1 : std::max<std::uint32_t>(in.tp, 1));
    const std::uint64_t hidden = x.expertWidth ? x.expertWidth : m.hiddenSize;
    const std::uint64_t ws13 = std::max(rows * k * std::max(n / 2, hidden), rows * hidden);
    const std::uint64_t ws2 = rows * k * std::max(n, hidden);
    return (ws13 + ws2) * kAct;
}

/// The pipeline receive buffers of a stage after the first: vLLM's runner allocates the
/// intermediate tensors (hidden states and residual, model dtype) for max_num_batched_tokens
/// in the profile's dummy run and keeps them (gpu_model_runner.py @ 4e179065 _dummy_run,
/// make_empty_intermediate_tensors), so they count in the torch peak.
std::uint64_t intermediateTensorBytes(const ModelSpec &m, std::uint64_t tokens) {
    return 2 * tokens * std::uint64_t(m.hiddenSize) * 2;
}

class VllmMemory final : public EngineMemoryModel {
  public:
    /// At PP 1 the one worker's terms. At PP > 1 every stage's worker sizes its own pool
    /// (gpu_worker.py determine_available_memory runs on each) and the engine takes the
    /// smallest block count over the workers (kv_cache_utils.py get_kv_cache_configs), so the
    /// terms are the stage whose pool holds the fewest tokens, with every stage in `stages`.
    EngineMemoryTerms terms(const EngineMemoryInput &in) const override {
        const std::uint32_t pp = std::max<std::uint32_t>(in.pp, 1);
        if (pp == 1) {
            return stageTerms(in, PipelineStage{});
        }
        const std::vector<PipelineStage> all =
            pipelineStages(vllmPipelineLayers(in.model->decoderLayers(), pp));
        std::vector<PipelineStageMemory> stages;
        EngineMemoryTerms worst;
        EngineMemoryTerms middle; // the last middle stage's terms: equal middles repeat them
        for (std::uint32_t r = 0; r < pp; ++r) {
            const PipelineStage &s = all[r];
            const bool repeat =
                !s.first && !s.last && r > 1 && sameStageLayers(*in.model, all[r - 1], s);
            EngineMemoryTerms t = repeat ? middle : stageTerms(in, s);
            t.pipelineRank = r;
            t.stageFirstLayer = s.firstLayer;
            if (!s.first && !s.last) {
                middle = t;
            }
            stages.push_back({r, s.layers, t.weights(), t.activationPeak, t.kvPoolBytes, t.kvTokens,
                              s.firstLayer});
            if (r == 0 || limitsMore(t, worst)) {
                worst = std::move(t);
            }
        }
        worst.stages = std::move(stages);
        return worst;
    }

  private:
    /// The terms of one stage's worker (the only one at PP 1).
    EngineMemoryTerms stageTerms(const EngineMemoryInput &whole, const PipelineStage &stage) const {
        // The drafter and its layers live on the last stage only (gpu_model_runner.py
        // @ 4e179065 __init__: "we put the entire draft model on the last PP rank").
        const EngineMemoryInput in = stageInput(whole, stage);
        const bool staged = whole.pp > 1;
        const ModelSpec &m = *in.model;
        const EngineInfo &info = engineInfo(Engine::Vllm);
        EngineMemoryTerms t;
        t.pipelineRank = stage.rank;
        t.stageLayers = stage.layers;
        t.stageFirstLayer = stage.firstLayer;
        t.engineVersion =
            std::string(info.displayName) + " " + std::string(vllmRules(in.vllmProfile).label);
        const std::uint32_t gpus =
            std::max<std::uint32_t>(in.tp, 1) * std::max<std::uint32_t>(in.pp, 1);
        const std::uint32_t totalLayers = m.decoderLayers();
        const std::uint64_t stageCheckpoint =
            staged ? stageCheckpointBytes(m, std::max<std::uint32_t>(in.tp, 1), totalLayers, stage,
                                          !vllmTextOnlyApplies(in))
                   : 0;
        t.checkpointWeights = stageCheckpoint ? stageCheckpoint : in.checkpointWeightsPerGpu;
        const MoeKernel moeKernel = vllmMoeKernel(in.gpu, in.moeKernel);
        const LayerRange held = heldLayers(stage, whole.pp, totalLayers);
        t.weightPadding =
            (staged ? stageVocabPaddingBytes(m, in.tp, stage)
                    : vocabPaddingBytes(m, in.attentionTp(), in.pp)) +
            vllmLoadExtraBytes(in, stage, totalLayers) +
            mxfp4PaddingBytes(m, in.tp, in.ep, held, moeKernel) +
            vllmMxfp4LayoutBytes(m, in.tp, in.ep, held, moeKernel, in.gpu, in.vllmProfile);
        t.weightReplication = kvReplicationBytes(m, in.attentionTp(), held);
        // An MTP draft's own output head: kept until v0.19 (eagle.py @ 008603a3 shares only
        // embed_tokens); from the v0.2x proposer on, vLLM frees it after loading and points
        // the draft at the target's lm_head ("Detected MTP model. Sharing target model lm_head
        // weights with the draft model", llm_base_proposer.py; logged by vLLM 0.24 and 0.27.1
        // runs, noonghunna/club-3090#652, #1087).
        t.draftWeights = draftWeightBytes(in, !vllmV024Report(in.vllmProfile));
        if (t.draftWeights && in.pp > 1 && !in.draftModel) {
            // PP > 1: the draft loads its own embedding (eagle.py load_model).
            for (const auto &g : m.groups) {
                t.draftWeights += g.role == GroupRole::Embedding
                                      ? g.bytes() / std::max<std::uint32_t>(in.tp, 1)
                                      : 0;
            }
        }

        // Outside the pool (snapshot after CUDA/NCCL init; graphs after the pool), except the
        // CUDA-graph estimate from v0.21 on, which the worker takes out of the KV budget
        // (gpu_worker.py determine_available_memory: available = requested - non-KV - the
        // estimate).
        t.cudaContext = std::uint64_t(gib(0.5));
        t.communication = gpus > 1 ? std::uint64_t(gib(0.5)) : 0;
        // --enforce-eager captures no graphs: nothing to estimate or to allocate.
        t.graphsInsideBudget = vllmGraphEstimateInBudget(in.vllmProfile) && in.cudaGraphs;
        t.cudaGraphs =
            !in.cudaGraphs ? 0
            : t.graphsInsideBudget
                ? vllmCudaGraphEstimateBytes(vllmStartupGraphs(in),
                                             held.count + (stage.last ? in.draftLayers : 0),
                                             vllmGraphLayerCost(m))
                : std::uint64_t(m.isMoe() ? gib(1.5) : gib(0.5));
        t.nonTorch = vllmNonTorch(in);

        // Profiled activation peak: the forward on every stage, the sampler on the last one,
        // the receive buffers on every stage after the first.
        // (max_num_batched_tokens: V0 without chunked prefill defaults it to max_model_len,
        // sizing/memory.h batchedTokens.)
        const std::uint64_t tokens = in.maxBatchedTokens;
        const std::uint64_t rows = std::min<std::uint64_t>(in.maxNumSeqs, tokens);
        // Marlin MoE takes the whole batch in one call; the Triton path loops over chunks.
        const std::uint64_t moeChunk =
            vllmMarlinMoe(m, in.gpu, in.moeKernel, in.tp, in.ep) ? 0 : kFusedMoeChunkTokens;
        // DeepEP under attention DP with EP: its buffers, allocated as the model loads, and in
        // the low-latency format the batched expert workspace instead of the gathered tokens'
        // caches. Dispatches carry kVllmMoeDpChunkTokens per rank before v0.20, the step's
        // tokens after (vllmBatchedDpDefaults). Rule sets before 0.11 count none (deepepInUse).
        const bool deepep =
            deepepInUse(Engine::Vllm, in.moeA2a, in.vllmProfile, m.isMoe(), in.ep, in.dp);
        const std::uint64_t dispatch =
            vllmBatchedDpDefaults(in.vllmProfile) ? tokens : kVllmMoeDpChunkTokens;
        t.moeA2aBuffers =
            deepep ? vllmMoeA2aBufferBytes(m, in.moeA2a, in.tp, in.gpu.gpusPerNode, dispatch) : 0;
        const std::uint64_t batchedWorkspace = deepep && in.moeA2a == MoeA2a::DeepepLowLatency
                                                   ? vllmBatchedMoeWorkspaceBytes(m, dispatch)
                                                   : 0;
        t.activationForward = forwardActivationBytes(m, tokens, in.tp, in.ep, moeChunk,
                                                     &t.activationMoe, in.dp, batchedWorkspace);
        const std::uint64_t hiddenLive = tokens * m.hiddenSize * 2;
        const bool v19 = vllmV019Memory(in.vllmProfile);
        const std::uint64_t logits = rows * std::uint64_t(m.vocabSize);
        const bool v08 = in.vllmProfile == VllmProfile::V1v08;
        const std::uint64_t samplerLogits = v19   ? logits * kVllmTritonSamplerBytesPerLogit
                                            : v08 ? logits * kVllm08SamplerBytesPerLogit
                                                  : vllmSortSamplerBytes(rows, m.vocabSize);
        // V1 (v0.11 on): profile_run hands the sampler hidden_states[logit_indices], a copy of
        // the sampled rows' hidden states, while the whole batch's stay live. v0.8's _dummy_run
        // returns the copy alone, so the batch's hidden states are freed before the sampler.
        const bool sampledRowsCopy = v19 || v08 || in.vllmProfile == VllmProfile::V1;
        const std::uint64_t hiddenAtSampler = v08 ? 0 : hiddenLive;
        t.activationSampler =
            !stage.last ? 0
            : in.vllmProfile == VllmProfile::V1Early
                ? tokens * std::uint64_t(m.vocabSize) * 2 // bf16 logits, all rows
                : samplerLogits + (sampledRowsCopy ? rows * m.hiddenSize * 2 : 0) +
                      (v19 ? vllmTritonSamplerBufferBytes(in.gpu, rows, m.vocabSize) : 0);
        t.activationDraft = draftActivationBytes(in, tokens);
        t.activationPipeline = staged && !stage.first ? intermediateTensorBytes(m, tokens) : 0;
        // v0.7 and v0.8's runner allocates inputs_embeds of max_num_batched_tokens x hidden in
        // __init__, inside the torch peak those workers charge.
        t.activationBuffers = in.vllmProfile == VllmProfile::V1Early || v08 ? hiddenLive : 0;
        // v0.19: the MoE workspace outlives the forward (vllmResidentMoeWorkspace).
        const std::uint64_t residentMoe = v19 ? vllmResidentMoeWorkspace(in, tokens) : 0;
        // V1 runs a vision tower on its largest dummy images first and keeps the outputs and
        // the dummy inputs through the decoder's run (vllmencoder.h); V0's multimodal profile
        // is not modelled.
        const VllmEncoderProfile encoder = vllmEncoderProfileFor(in);
        t.activationEncoder = encoder.peakBytes;
        t.encoderOutputs = encoder.outputBytes;
        t.encoderInputs = encoder.inputBytes;
        t.activationPeak =
            t.activationPipeline + t.activationBuffers +
            vllmPeakWithEncoder(std::max({t.activationForward, hiddenLive + t.activationDraft,
                                          hiddenAtSampler + t.activationSampler + residentMoe}),
                                encoder);
        if (in.activationOverride) {
            t.activationPeak = *in.activationOverride;
        }
        if (chargesDeviceNonTorch(in.vllmProfile)) {
            // Everything outside torch's allocations on the device is charged: the context
            // (with its cuBLAS handles, which hold the profile's workspaces) and NCCL. The
            // device-wide figure also takes in other processes' memory on the GPU and torch
            // segments empty_cache cannot release; neither is modelled. v0.8's NCCL figure is
            // the TP collectives' (vllmTpCollectivesNonTorch, 0.25 GiB on PCIe), standing for
            // the communicators' set-up too: two v0.8.5 logs on PCIe GPUs (vllm-project/vllm
            // #17469, #17462) leave 0.63 and 0.85 GiB beside the FlashInfer warm-up for the
            // context and NCCL together, below v0.7's 0.5 + 0.5 GiB.
            t.nonTorch =
                t.cudaContext +
                (v08 ? vllmTpCollectivesNonTorch(in.gpu, in.tp, in.vllmProfile) : t.communication);
            t.cudaContext = t.communication = 0;
        }
        std::uint64_t inside =
            t.nonTorch + t.moeA2aBuffers + (t.graphsInsideBudget ? t.cudaGraphs : 0);
        if (in.runtimeOverride) {
            // The scenario's runtime figure replaces every runtime term and is charged inside
            // the budget (HostPlan's pre-engine-model meaning).
            t.cudaContext = t.communication = t.cudaGraphs = t.moeA2aBuffers = 0;
            t.nonTorch = inside = *in.runtimeOverride;
        }

        t.memoryFraction = in.memoryFraction;
        t.budget = std::uint64_t(std::floor(double(in.gpu.usableMemoryBytes) * in.memoryFraction));
        t.kvPoolBytes = std::int64_t(t.budget) - std::int64_t(t.weights()) -
                        std::int64_t(t.activationPeak) - std::int64_t(inside);

        const EngineKvLayout k = vllmLayout(in);
        const VllmGroups g = vllmGroups(k, info.kvBlockTokens);
        t.kvBytesPerToken = k.attentionBytesPerToken();
        t.draftKvBytesPerToken = k.draftBytesPerToken;
        t.kvBlockTokens = g.block;
        // Only sliding-window layers reserve past their window (0 without them).
        const std::uint64_t inFlight =
            vllmInFlightTokens(in.vllmProfile, in.maxBatchedTokens, in.pp);
        t.windowExtraTokens = k.windowLayers && inFlight ? inFlight - 1 : 0;
        if (const VllmDeepseekV4Blocks b =
                k.deepseekV4 ? vllmDeepseekV4Blocks(in) : VllmDeepseekV4Blocks{};
            b.valid()) {
            // Blocks of one stride for every cache kind: the pool in 256-token blocks of
            // compressed cache, each request adding its window and state blocks.
            t.kvBlockTokens = std::uint32_t(kDeepseekV4BlockTokens);
            t.kvBytesPerToken = ceilDiv(b.blockBytes, kDeepseekV4BlockTokens);
            t.kvBytesPerRequest = saturatingMul(b.windowBlocks(in.maxModelLen), b.blockBytes);
            if (t.kvPoolBytes > 0) {
                const std::uint64_t blocks = std::uint64_t(t.kvPoolBytes) / b.blockBytes;
                t.kvTokens =
                    vllmV020Rules(in.vllmProfile)
                        ? vllmReportedKvTokens(in.vllmProfile, blocks, 1, 1,
                                               b.requestBlocks(in.maxModelLen), in.maxModelLen)
                        : saturatingMul(blocks, kDeepseekV4BlockTokens);
            }
        } else if (k.deepseekV4) {
            // The pool in tokens of compressed cache (each request adds its window part).
            t.kvBlockTokens = std::uint32_t(kDeepseekV4BlockTokens);
            // Without compressed layers (every ratio 0 or 1: sliding window only) the pool is
            // counted in window tokens, as for any model of sliding-window layers alone.
            const std::uint64_t perToken = std::max<std::uint64_t>(
                k.fullBytesPerToken ? k.fullBytesPerToken : k.windowBytesPerToken, 1);
            t.kvBytesPerToken = perToken;
            if (t.kvPoolBytes > 0) {
                t.kvTokens = std::uint64_t(t.kvPoolBytes) / perToken / kDeepseekV4BlockTokens *
                             kDeepseekV4BlockTokens;
            }
            const std::uint64_t request = deepseekV4RequestBytes(k, in, in.maxModelLen);
            if (k.fullBytesPerToken) {
                const std::uint64_t full =
                    ceilDiv(in.maxModelLen, kDeepseekV4BlockTokens) * kDeepseekV4BlockTokens;
                t.kvBytesPerRequest = request - std::min(request, full * k.fullBytesPerToken);
            }
            if (t.kvPoolBytes > 0 && vllmV020Rules(in.vllmProfile) && request > 0) {
                // v0.20's report: the requests of max_model_len the pool holds, in tokens.
                t.kvTokens = vllmReportedKvTokens(in.vllmProfile, std::uint64_t(t.kvPoolBytes), 1,
                                                  1, request, in.maxModelLen);
            }
        } else if (t.kvPoolBytes > 0 && g.page > 0 && g.groups() > 0) {
            const std::uint64_t blocks = std::uint64_t(t.kvPoolBytes) / g.page / g.groupSize;
            t.stateBlocks = g.stateGroups > 0 ? blocks : 0;
            const std::uint64_t perRequest = g.uniform ? ceilDiv(in.maxModelLen, g.block)
                                                       : requestBlocks(g, k, in, in.maxModelLen);
            t.kvTokens = vllmReportedKvTokens(in.vllmProfile, blocks, g.groups(), g.block,
                                              perRequest, in.maxModelLen);
        }
        return t;
    }

  public:
    std::uint64_t requestBytes(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                               std::uint64_t contextTokens) const override {
        // The stage the terms describe: its layers, and the drafter's only on the last.
        const EngineMemoryInput s = stageInput(in, termsStage(t, in.pp));
        const EngineKvLayout k = vllmLayout(s);
        if (k.deepseekV4) {
            return deepseekV4RequestBytes(k, s, contextTokens);
        }
        const VllmGroups g = vllmGroups(k, engineInfo(Engine::Vllm).kvBlockTokens);
        if (g.uniform) {
            // One uniform-type group: every layer's blocks for the context.
            return saturatingMul(ceilDiv(contextTokens, g.block), g.page);
        }
        return saturatingMul(saturatingMul(requestBlocks(g, k, s, contextTokens), g.page),
                             g.groupSize);
    }
};

} // namespace

std::uint64_t vllmReportedKvTokens(VllmProfile profile, std::uint64_t blocks, std::uint32_t groups,
                                   std::uint32_t blockTokens, std::uint64_t requestBlocks,
                                   std::uint64_t maxModelLen) {
    if (!vllmV020Rules(profile)) {
        return groups ? saturatingMul(blocks / groups, blockTokens) : 0;
    }
    if (requestBlocks == 0) {
        return 0;
    }
    // int(max_concurrency * max_model_len) with Python's float arithmetic, as vLLM computes it.
    const double tokens = double(blocks) / double(requestBlocks) * double(maxModelLen);
    return tokens >= 1.8e19 ? std::numeric_limits<std::uint64_t>::max() : std::uint64_t(tokens);
}

std::uint64_t vllmInFlightTokens(VllmProfile profile, std::uint32_t maxBatchedTokens,
                                 std::uint32_t pp) {
    if (profile != VllmProfile::V1v28) {
        return maxBatchedTokens;
    }
    return std::uint64_t(maxBatchedTokens) * (pp > 1 ? pp : 2);
}

std::uint32_t vllmStatePagesPerRequest(bool prefixCaching, std::uint32_t speculativeTokens) {
    const std::uint32_t spec = std::min<std::uint32_t>(speculativeTokens, 1024);
    return (prefixCaching ? 2 : 1) + spec;
}

const EngineMemoryModel &vllmMemoryModel() {
    static const VllmMemory model;
    return model;
}

} // namespace hostplan
