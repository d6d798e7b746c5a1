// SPDX-License-Identifier: MIT
// SGLang memory rules (SGLang v0.4.0 to v0.5.x; the rule sets' defaults: engine.h
// SglangProfile, sglangrules.cpp; the sources below, each at the commit read).
//
// Sources (sgl-project/sglang):
// - python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py @ 001ccef0
//   profile_max_num_token (older model_runner.py): pre = free memory after the CUDA context and
//   the distributed init (sglangDistributedInitBytes, below), before the weights; post = free after
//   the weights; rest = post - pre x (1 - mem_fraction_static); max_total_num_tokens = rest //
//   cell_size, cell_size = KV bytes per token of this rank's layers (get_cell_size_per_token: MLA
//   counts kv_lora_rank + rope elements of the KV dtype plus the NSA indexer's 132 B, even where
//   the pool then stores DeepSeek V3.2's 656 B FP8 layout, calculate_mla_kv_cache_dim). Everything
//   allocated before the pool comes out of the fraction; activations and CUDA graphs (captured
//   after the pool) live in pre x (1 - mfs). Refusal: "Not enough memory. Please try to increase
//   --mem-fraction-static."
// - Same file, hybrid pools: set_num_tokens_hybrid_swa splits the profiled bytes between the
//   full and the sliding-window layers with swa_full_tokens_ratio r (default 0.8,
//   server_args.py): full_tokens = tokens x (F + S) / (F + r S), swa_tokens = r x full_tokens
//   (F, S: full / window layers' bytes per token), for the architectures
//   configs/model_config.py @ 8b5e1bbf is_hybrid_swa_model names (Llama 4, gpt-oss, MiMo V2
//   Flash, Step 3.5). handle_max_mamba_cache gives linear-attention state
//   rest x m / (1 + m) with m = --mamba-full-memory-ratio (default 0.9): max_mamba_cache_size
//   = that // state bytes per request, then the full-attention layers share the remainder;
//   init_memory caps running requests at slots // calculate_mamba_ratio (3 + 2 extra buffers
//   with the overlap schedule: HostPlan's state slots per request).
// - Speculative decoding (MTP / NEXTN): the draft worker is built after the target's pool
//   (speculative/eagle_worker.py @ fba8eccd); its pool holds draft_runner_cache_size = the
//   target's max_total_num_tokens (@ 001ccef0) tokens of num_nextn_predict_layers layers, and
//   its weights (models/deepseek_nextn.py @ 0114f9c9: decoder layer, eh_proj, norms; embedding
//   and head are the target's) come out of the reserve pre x (1 - mfs), like the CUDA graphs.
//   A separate draft model (--speculative-algorithm STANDALONE, --speculative-draft-model-path)
//   or an EAGLE head (EAGLE: embedding and LM head shared, eagle_worker.py @ 00559eac) loads
//   the same way, sharded by the target's TP, its pool the target's token count times its own
//   cell size. Refusal: init_memory raises "Not enough memory" only when the target's
//   max_total_num_tokens <= 0; the draft worker's count is overwritten by
//   draft_runner_cache_size before that check, so a draft that does not fit fails when its
//   pool is allocated (CUDA out of memory), in the reserve left after the target's CUDA
//   graphs (ModelRunner.initialize captures them right after the target's pool,
//   model_executor/model_runner.py @ 01cc04e2, before the draft worker is built).
//   The v0.5.14 rules (SglangRules::draftInsideFraction) follow the newer order instead: the
//   pool is profiled after the target's and the draft's weights have loaded (PR #28855), and
//   the draft's pool of the same token count is budgeted inside the fraction (PR #23862:
//   tokens = rest / (target cell + draft cell)); a pool with no room left then raises
//   "Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=X"
//   with the minimum viable fraction 1 - available / pre
//   (model_runner_kv_cache_mixin.py, the guard of that period). An MTP draft's own
//   embedding and LM head are still resident then (sglangMtpPlaceholderBytes).
// - Piecewise CUDA graphs (v0.5.10 on, sglangPiecewiseGraphs): they are captured after the
//   pool, out of the reserve; the reserve's own estimate (8 MiB per capture size, PR #15927,
//   "only non-torch memory"; 1.5 GiB for MLA) is added to the graph term.
// - Pipeline parallelism: each rank holds sglangPipelineLayers' share of the decoder layers
//   (distributed/utils.py @ 1107be11 get_pp_indices), the input embedding on the first rank,
//   the final norm and LM head on the last (models/qwen3.py; llama.py builds its untied head on
//   every rank: engine/pipelinestage.h). `pre` and `post` are the smallest free memory over all
//   ranks (utils get_available_gpu_memory with the world group), so every rank's rest is pre x
//   mfs less the heaviest rank's weights; each divides it by its own cell size and init_memory
//   (model_runner_kv_cache_mixin.py @ 001ccef0) all-reduces max_total_num_tokens with MIN
//   ("different pp rank may have different num of layers"): tokens = rest / the largest cell.
//   SGLang refuses speculative decoding with PP > 1 (server_args): engineStartup refuses such a
//   plan before any memory term (speculationPipelineProblem).
// - python/sglang/srt/server_args.py @ a4a3d823 (v0.5.3) _handle_gpu_memory_settings
//   (PR #10975): the default mem_fraction_static, chunked_prefill_size and cuda_graph_max_bs
//   by GPU size (sglangrules.cpp sglangDefaultMemFraction, sglangGpuDefaults, with the older
//   rule sets).
#include "engine/deepseekv4pool.h"
#include "engine/enginememory.h"
#include "engine/pipelinestage.h"
#include "engine/sglangaiter.h"
#include "engine/tokencap.h"

#include "util/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

namespace hostplan {

namespace {

/// The absorbed-MLA weights SGLang derives from each MLA layer's kv_b_proj after loading, before
/// the KV pool is sized (models/deepseek_v2.py DeepseekV2ForCausalLM.post_load_weights
/// @ a4b424c6): w_kc and w_vc, together a copy of the rank's kv_b_proj [heads / attention TP x
/// (nope + v), kv_lora], in bf16 when it was dequantized from 128 x 128 FP8 blocks
/// (block_quant_dequant) or is 16-bit or int8 (dequantized), 1 byte an element when other FP8
/// scales are requantized per tensor (block_quant_to_tensor_quant, channel_quant_to_tensor_quant);
/// kv_b_proj stays for the prefill path. Bytes on one GPU of `stage`; DeepSeek V4 layers
/// (compressRatio) have none. An 8-way attention DP rank of DeepSeek V3 holds all 128 heads:
/// 61 x 128 x 256 x 512 x 2 B = 1.91 GiB.
std::uint64_t sglangMlaAbsorbedBytes(const EngineMemoryInput &in, const PipelineStage &stage) {
    const ModelSpec &m = *in.model;
    bool fp8Attention = false;
    for (const TensorGroup &g : m.groups) {
        fp8Attention |= g.role == GroupRole::Attention && g.format.isFp8();
    }
    const bool perTensor =
        fp8Attention && !(m.fp8BlockScaled && m.fp8BlockRows == 128 && m.fp8BlockCols == 128);
    const std::uint64_t bytes = perTensor ? 1 : 2;
    const std::uint32_t attnTp = std::max<std::uint32_t>(in.attentionTp(), 1);
    const std::uint32_t total = m.decoderLayers();
    std::uint64_t sum = 0;
    for (const LayerGroup &l : m.layers) {
        if (l.kind != AttentionKind::MLA || l.compressRatio > 0 || l.kvLoraRank == 0) {
            continue;
        }
        const std::uint64_t layers =
            in.pp > 1 && total ? layersInRange(l, stageRange(stage), total) : l.count;
        const std::uint64_t nope = l.headDim > l.ropeDim ? l.headDim - l.ropeDim : 0;
        const std::uint64_t v = l.vHeadDim ? l.vHeadDim : nope;
        const std::uint64_t heads = ceilDiv(l.qHeads, attnTp);
        sum += layers * heads * (nope + v) * l.kvLoraRank * bytes;
    }
    return sum;
}

/// server_args.py defaults: --swa-full-tokens-ratio and --mamba-full-memory-ratio.
constexpr double kSwaFullTokensRatio = 0.8;
constexpr double kMambaFullMemoryRatio = 0.9;

/// model_config.py is_hybrid_swa_model, by config model_type (Gemma 4: configs/model_config.py
/// @ 001adf56, Gemma4ForCausalLM and Gemma4ForConditionalGeneration).
bool sglangHybridSwa(const ModelSpec &m) {
    constexpr std::array<std::string_view, 7> kTypes = {
        "gpt_oss", "llama4", "llama4_text", "mimo_v2_flash", "step3p5", "gemma4", "gemma4_text"};
    return std::find(kTypes.begin(), kTypes.end(), m.architecture) != kTypes.end();
}

/// profile_max_num_token's cell size: KV bytes per token of the rank's layers (in.stageLayers),
/// without the FP8 MLA layout's scales and bf16 rope (not in get_cell_size_per_token).
std::uint64_t sglangCellBytes(const EngineKvLayout &k) {
    return k.attentionBytesPerToken() - k.mlaLayoutExtraPerToken;
}

/// `in` with the layers as SGLang's pools hold them, in a copy of the model in `storage` where
/// either rule changes something (otherwise `in` unchanged):
/// - where some MLA layers cache a sparse-attention indexer key and others do not (GLM-5.2's
///   shared layers), every MLA layer caches it: SGLang's DSA pool sizes its cell with the
///   indexer on every layer and allocates an index-K buffer for each
///   (model_executor/pool_configurator.py @ 003fca80 _compute_cell_size: indexer size x
///   effective_num_layers; _build_dsa_kv_pool layer_num), and builds an Indexer on every layer
///   (deepseek_common/v32_mixin.py @ 2c48875 init_v32_attention), though shared layers never
///   run it;
/// - KV-shared layers (LayerGroup::kvShared) own a cache: the pool has a buffer for each of
///   num_attention_layers = num_hidden_layers (configs/model_config.py @ 001adf56
///   _derive_model_shapes; get_hybrid_layer_ids lists Gemma 4's layers by layer_types), while
///   the shared layers' RadixAttention reads the target layer's (models/gemma3n_causal.py @
///   184c9526 Gemma3nAttention, save_kv_cache=False).
EngineMemoryInput sglangCacheLayers(const EngineMemoryInput &in, ModelSpec &storage) {
    const ModelSpec &m = *in.model;
    std::uint32_t dim = 0;
    bool partial = false;
    bool shared = false;
    for (const LayerGroup &l : m.layers) {
        if (l.kind == AttentionKind::MLA && l.compressRatio == 0) {
            dim = std::max(dim, l.indexerHeadDim);
            partial = partial || l.indexerHeadDim == 0;
        }
        shared = shared || l.kvShared;
    }
    const bool indexer = dim > 0 && partial;
    if (!indexer && !shared) {
        return in;
    }
    storage = m;
    for (LayerGroup &l : storage.layers) {
        if (indexer && l.kind == AttentionKind::MLA && l.compressRatio == 0) {
            l.indexerHeadDim = dim;
        }
        l.kvShared = false;
    }
    EngineMemoryInput out = in;
    out.model = &storage;
    return out;
}

/// What an MTP (NEXTN) draft holds of its own vocabulary layers when SGLang v0.5.14 on sizes
/// the KV pool: the draft builds its own embed_tokens and ParallelLMHead (one tensor when the
/// model ties them), bf16, the vocabulary padded to 64 and split over TP, and gives them back
/// for the target's only after the pool is sized (EagleDraftWorker.init_lm_head in
/// alloc_memory_pool, after Scheduler.init_target_memory_pool; sgl-project/sglang PRs #35996,
/// #37155 and #38364 describe it, open or closed unmerged as of v0.5.19; a v0.5.19 log of
/// Qwen3.8-27B at TP 2 loads its MTP head as 2.57 GB, PR #32468). The memory is then idle.
std::uint64_t sglangMtpPlaceholderBytes(const ModelSpec &m, std::uint32_t tp) {
    const std::uint64_t ranks = std::max<std::uint32_t>(tp, 1);
    const std::uint64_t padded = (std::uint64_t(m.vocabSize) + 63) / 64 * 64;
    const std::uint64_t perRank = (padded + ranks - 1) / ranks;
    const bool ownHead = std::any_of(m.groups.begin(), m.groups.end(), [](const TensorGroup &g) {
        return g.role == GroupRole::LmHead;
    });
    return (ownHead ? 2 : 1) * perRank * m.hiddenSize * 2;
}

/// NCCL's per-peer buffer estimate: NCCL_BUFFSIZE 4 MiB x up to 32 channels per peer.
constexpr std::uint64_t kPerPeerBytes = 32 * 4 * kBytesPerMiB;

class SglangMemory final : public EngineMemoryModel {
  public:
    /// At PP 1 the one rank's terms. At PP > 1 (see the file comment) every rank sizes its
    /// pool from the smallest free memory over all ranks after the weights (the rank with the
    /// most weights) and its own cell size, and init_memory takes the smallest token count over
    /// the ranks: tokens = rest / the largest cell. The terms are those of the rank with the
    /// most weights, with that shared token count; `stages` lists every rank.
    EngineMemoryTerms terms(const EngineMemoryInput &given) const override {
        ModelSpec storage;
        const EngineMemoryInput in = sglangCacheLayers(given, storage);
        const std::uint32_t pp = std::max<std::uint32_t>(in.pp, 1);
        if (pp == 1) {
            return rankTerms(in, PipelineStage{}, std::nullopt);
        }
        const std::vector<PipelineStage> all = pipelineStages(
            sglangPipelineLayers(in.model->decoderLayers(), pp), sglangHeadOnEveryStage(*in.model));
        Pool pool;
        std::vector<std::uint64_t> cells;
        for (const PipelineStage &s : all) {
            // The target's weights only: a draft loads after the pool (out of the reserve).
            const EngineMemoryInput own = stageInput(in, s);
            EngineMemoryTerms w;
            setStageWeights(w, own, s, true);
            w.weightPadding += sglangMxfp4PaddingBytes(*own.model, own.tp, own.ep, pp, own.gpu);
            pool.weights = std::max(pool.weights, w.weights());
            cells.push_back(sglangCellBytes(engineKvLayout(own)));
        }
        pool.cellStage =
            all[std::size_t(std::max_element(cells.begin(), cells.end()) - cells.begin())];
        std::vector<EngineMemoryTerms> ranks;
        std::vector<PipelineStageMemory> stages;
        std::size_t shown = 0;
        for (const PipelineStage &s : all) {
            ranks.push_back(rankTerms(in, s, pool));
            shown = ranks[s.rank].weights() > ranks[shown].weights() ? s.rank : shown;
        }
        for (const PipelineStage &s : all) {
            // Each rank's own count before init_memory's MIN: the shared budget over its own
            // cell size.
            const EngineMemoryTerms &t = ranks[s.rank];
            const std::uint64_t cell = cells[s.rank];
            const std::uint64_t tokens =
                t.kvPoolBytes > 0 && cell > 0 ? std::uint64_t(t.kvPoolBytes) / cell : 0;
            stages.push_back({s.rank, s.layers, t.weights(), t.activationPeak, t.kvPoolBytes,
                              tokens, s.firstLayer});
        }
        EngineMemoryTerms out = std::move(ranks[shown]);
        out.stages = std::move(stages);
        return out;
    }

  private:
    /// What the pool of every rank is sized from at PP > 1: the most weights on any rank (the
    /// smallest free memory after loading) and the rank with the largest cell (its KV bytes
    /// per token, by the layers it holds), whose token count is the smallest.
    struct Pool {
        std::uint64_t weights = 0;
        PipelineStage cellStage;
    };

    /// One rank's terms (the only one at PP 1); with `pool`, its KV pool follows the shared
    /// sizing of PP > 1.
    EngineMemoryTerms rankTerms(const EngineMemoryInput &whole, const PipelineStage &stage,
                                const std::optional<Pool> &pool) const {
        // A draft (MTP / EAGLE) would sit with the LM head on the last rank; SGLang refuses
        // speculative decoding with PP > 1 (server_args), which HostPlan does not model.
        const EngineMemoryInput in = stageInput(whole, stage);
        const ModelSpec &m = *in.model;
        const EngineInfo &info = engineInfo(Engine::Sglang);
        const SglangRules &rules = sglangRules(in.sglangProfile);
        EngineMemoryTerms t;
        t.engineVersion = std::string(info.displayName) + " " + std::string(rules.label);
        setStageWeights(t, in, stage, true);
        t.weightPadding += sglangMxfp4PaddingBytes(m, in.tp, in.ep, in.pp, in.gpu) +
                           sglangMlaAbsorbedBytes(in, stage);
        t.draftWeights = draftWeightBytes(in, false);
        if (rules.draftInsideFraction && !in.draftModel && in.draftLayers > 0) {
            t.draftWeights += sglangMtpPlaceholderBytes(m, in.tp);
        }
        // Before `pre`: the CUDA context and SGLang's distributed init.
        t.cudaContext = std::uint64_t(gib(0.5));
        t.communication = sglangDistributedInitBytes(in.gpu, in.tp, in.pp);
        // The reserve rule's own estimate of graph memory: cuda_graph_max_bs x 2 MiB (none with
        // --disable-cuda-graph), and the piecewise (prefill) graphs' reserve where the release
        // captures them (which --disable-cuda-graph does not turn off).
        const SglangPiecewiseGraphs piecewise = sglangPiecewiseGraphs(
            {in.sglangProfile, &m, &in.gpu, in.pp, in.speculative, in.maxBatchedTokens});
        // Captured: the batch sizes up to the graph batch that the request pool holds; the
        // fraction's reserve took the graph batch itself (sglangDefaultMemFraction).
        const double graphBs =
            sglangGraphBatch(double(in.gpu.usableMemoryBytes) / kBytesPerMiB, in.tp,
                             in.sglangProfile, in.cudaGraphMaxBs, in.maxRunningRequests);
        // Under DP attention each captured batch also holds the tokens gathered from every DP
        // rank (batch x dp rows): the reserve's own DP term, cuda_graph_max_bs x dp x 3 MiB and
        // x 1.5 MiB more above a graph batch of 300 (server_args.py _handle_gpu_memory_settings,
        // "DP attention uses much more memory for large cuda graph max bs", @ 6559e43f). A
        // Kimi K2 start at DP 32, graph batch 128, logs about 20 GB of graphs per rank
        // (sglang#24453); 2 MiB a request alone gave 0.25 GiB.
        const double dpMiBPerRequest =
            in.dp > 1 ? double(in.dp) * (3.0 + (graphBs > 300 ? 1.5 : 0.0)) : 0.0;
        const auto graphBytes = [&](double batch) { // 2 MiB a request, plus the piecewise reserve
            return std::uint64_t(
                ((in.cudaGraphs ? batch * (2.0 + dpMiBPerRequest) : 0.0) + piecewise.reserveMiB) *
                kBytesPerMiB);
        };
        t.cudaGraphs = graphBytes(graphBs);
        t.graphsInsideBudget = false;
        t.activationForward = forwardActivationBytes(m, in.maxBatchedTokens, in.tp, in.ep,
                                                     kFusedMoeChunkTokens, &t.activationMoe, in.dp);
        t.activationSampler =
            std::uint64_t(std::min<std::uint32_t>(in.maxNumSeqs, in.maxBatchedTokens)) *
            m.vocabSize * 4;
        t.activationPeak =
            in.activationOverride.value_or(std::max(t.activationForward, t.activationSampler));
        if (in.runtimeOverride) {
            t.cudaContext = t.communication = t.cudaGraphs = 0;
            t.nonTorch = *in.runtimeOverride;
        }
        t.memoryFraction = in.memoryFraction;
        const double pre = double(in.gpu.usableMemoryBytes) - double(t.cudaContext) -
                           double(t.communication) - double(in.runtimeOverride.value_or(0));
        // The fraction the pool is sized with: releases before v0.4.9 scaled a multimodal
        // model's flag in the model runner (sglangRunnerFractionFactor).
        // On AMD GPUs the AITER attention backend cuts it by 0.15 above 8,192 tokens of
        // context (sglangAiterFractionFactor).
        const double fraction = in.memoryFraction *
                                sglangRunnerFractionFactor(m, in.sglangProfile) *
                                sglangAiterFractionFactor(in.gpu, in.maxModelLen, in.sglangProfile);
        t.budget = std::uint64_t(std::max(0.0, pre * fraction));
        // The target's pool: the draft model loads after it (out of the reserve), or from
        // v0.5.14 before it (inside the fraction). At PP > 1 free memory is the smallest over
        // the ranks, after the heaviest rank's weights.
        const std::uint64_t loaded =
            pool ? pool->weights : t.weights() - (rules.draftInsideFraction ? 0 : t.draftWeights);
        std::int64_t rest = std::int64_t(std::floor(pre * fraction)) - std::int64_t(loaded);
        // The largest cell sets the token count.
        const EngineMemoryInput cellInput = pool ? stageInput(whole, pool->cellStage) : in;
        const EngineKvLayout k = engineKvLayout(cellInput);
        // The profile's cell size: the FP8 MLA layout's scales and bf16 rope are not in it.
        t.kvBytesPerToken = sglangCellBytes(k);
        t.kvBlockTokens = info.kvBlockTokens;
        t.draftKvBytesPerToken = k.draftBytesPerToken;
        // The request table's rows: --max-running-requests, or DeepSeek V4's own default.
        EngineMemoryInput tableInput = in;
        if (k.deepseekV4) {
            // DeepSeek V4: its own pools, the draft's layer inside the per-token coefficient.
            tableInput.maxRunningRequests = setDeepseekV4Pool(cellInput, rest, t);
        } else {
            if (rules.draftInsideFraction && rest > 0 && k.draftBytesPerToken > 0) {
                // PR #23862: the draft's pool holds as many tokens as the target's, inside the
                // budget: tokens = rest / (target cell + draft cell).
                rest -=
                    std::int64_t(std::uint64_t(rest) / (t.kvBytesPerToken + k.draftBytesPerToken) *
                                 k.draftBytesPerToken);
            }
            const std::uint64_t statePerReq = std::uint64_t(k.stateLayers) * k.statePageBytes;
            if (rest > 0 && statePerReq > 0) {
                const double share =
                    double(rest) * kMambaFullMemoryRatio / (1.0 + kMambaFullMemoryRatio);
                t.stateSlotsInPool = std::uint64_t(share) / statePerReq;
                t.stateBytes = t.stateSlotsInPool * statePerReq;
                rest -= std::int64_t(t.stateBytes);
            }
            t.kvPoolBytes = rest;
            if (rest > 0 && t.kvBytesPerToken > 0) {
                t.kvTokens = std::uint64_t(rest) / t.kvBytesPerToken;
                if (k.windowLayers > 0 && k.fullLayers > 0 && sglangHybridSwa(m)) {
                    const double total = double(t.kvTokens) * double(t.kvBytesPerToken);
                    const double denom = double(k.fullBytesPerToken) +
                                         kSwaFullTokensRatio * double(k.windowBytesPerToken);
                    t.kvTokens = std::uint64_t(total / denom);
                    t.windowTokens = std::uint64_t(double(t.kvTokens) * kSwaFullTokensRatio);
                }
            }
            if (statePerReq > 0 && t.stateSlotsInPool < std::max<std::uint32_t>(in.stateSlots, 1)) {
                // Fewer state slots than one request takes (its ratio, 5 with the overlap
                // schedule's extra buffers): init_memory's max_num_reqs = min(..., slots //
                // ratio) is 0, and SGLang refuses ("state cache is too small to serve any
                // requests ... resulting max_num_reqs=0", mem_cache/kv_cache_configurator.py @
                // 0005834c resolve_max_num_reqs).
                t.kvTokens = 0;
                t.windowTokens = 0;
            }
        }
        // --max-total-tokens: the pool holds at most the cap; what it leaves stays free.
        const std::int64_t capFreed = capPoolTokens(t, in.maxTotalTokens);
        t.draftKvBytes = t.kvTokens * t.draftKvBytesPerToken;
        setRequestTable(tableInput, t);
        if (in.cudaGraphs && !in.runtimeOverride && !in.maxRunningRequests && t.requestSlots > 0 &&
            double(t.requestSlots) < graphBs) {
            // Without --max-running-requests the pool's own rows bound the captured batches
            // (a --cuda-graph-max-bs of 65,536 captures up to the 2,048 to 4,096 rows).
            t.cudaGraphs = graphBytes(double(t.requestSlots));
        }
        // What the reserve keeps once the request table, the CUDA graphs and a draft (its
        // weights and KV pool, allocated after the target's pool up to v0.5.13) are in it.
        const double reserve = pre - std::floor(pre * fraction) - double(t.cudaGraphs);
        const std::uint64_t draftAfter =
            rules.draftInsideFraction ? 0 : t.draftWeights + t.draftKvBytes;
        // The pool's tokens were counted at the profile's cell (sglangCellBytes), but each is
        // allocated at the FP8 MLA layout's full bytes (656 B a layer for DeepSeek V3.2, not
        // 576): the difference comes out of the reserve. sgl-project/sglang#11309 (V3.2-Exp,
        // 8 x B200, DP attention, v0.5.3 period) logs 975,424 tokens in 43.67 GB, 788 B a layer
        // with the indexer's 132, and 37.71 GB left after the pool: 38.0 GB planned with this
        // term, 42.6 without.
        const std::uint64_t layoutBytes =
            k.deepseekV4 ? 0 : saturatingMul(t.kvTokens, k.mlaLayoutExtraPerToken);
        t.reserveMarginBytes = std::int64_t(std::floor(reserve)) + capFreed -
                               std::int64_t(t.requestTableBytes + draftAfter + layoutBytes);
        return t;
    }

    /// DeepSeek V4's pools (sglangDeepseekV4Pool) from `rest`, the bytes the fraction leaves
    /// after the weights: the full tokens, the window pool's share and the ratio-128 compressor
    /// state of every request slot, so that kvPoolBytes / kvTokens is a token's share of all
    /// three; the draft's layer is inside the per-token coefficient, so no draft pool. Returns
    /// max_running_requests (V4's default 256 unless set), the request table's rows.
    static std::uint32_t setDeepseekV4Pool(const EngineMemoryInput &cellInput, std::int64_t rest,
                                           EngineMemoryTerms &t) {
        const SglangDeepseekV4Pool v4 = sglangDeepseekV4Pool(cellInput, rest);
        t.kvBytesPerToken = std::uint64_t(std::ceil(v4.bytesPerFullToken));
        t.kvBlockTokens = std::uint32_t(kSglangDeepseekV4PageTokens);
        t.draftKvBytesPerToken = 0;
        t.kvPoolBytes = rest;
        t.kvTokens = v4.fullTokens;
        t.windowTokens = v4.windowTokens;
        return v4.maxRunningRequests;
    }

    /// SGLang's request-to-token table (model_executor/model_runner_kv_cache_mixin.py @
    /// 001ccef0 init_memory): max_num_reqs rows, --max-running-requests where given, else
    /// min(max(int(max_total_num_tokens / context_len x 512), 2048), 4096), at most the state
    /// slots over their ratio for a hybrid model; each row context_len + 4 (+ the draft's
    /// tokens) int32 (mem_cache/memory_pool.py ReqToTokenPool, torch.zeros((size,
    /// max_context_len), int32)). It is allocated after profile_max_num_token sized the pool
    /// from total x mem_fraction_static, so it comes out of the reserve: at a 10M context and
    /// 2,048 rows it is 80 GiB (sgl-project/sglang#5755, Llama 4 Scout: "Tried to allocate
    /// 80.04 GiB").
    static void setRequestTable(const EngineMemoryInput &in, EngineMemoryTerms &t) {
        std::uint64_t slots = in.maxRunningRequests;
        if (slots == 0) {
            const double byTokens =
                in.maxModelLen ? double(t.kvTokens) / double(in.maxModelLen) * 512.0 : 0.0;
            slots = std::uint64_t(std::clamp(std::floor(byTokens), 2048.0, 4096.0));
        }
        if (t.stateSlotsInPool > 0) {
            const std::uint64_t perRequest = std::max<std::uint32_t>(in.stateSlots, 1);
            slots = std::min<std::uint64_t>(slots, t.stateSlotsInPool / perRequest);
        }
        const std::uint64_t draftTokens = in.speculative ? in.speculativeTokens + 1 : 0;
        t.requestSlots = std::uint32_t(std::min<std::uint64_t>(slots, 0xffffffffu));
        t.requestTableBytes = slots * (in.maxModelLen + 4 + draftTokens) * 4;
    }

    std::uint64_t requestBytes(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                               std::uint64_t contextTokens) const override {
        (void)in;
        if (t.windowTokens > 0 && t.kvTokens > 0 && t.kvPoolBytes > 0) {
            // Hybrid SWA: one request takes its context in the full layers' token pool, whose
            // share of the pool is kvPoolBytes per kvTokens.
            return std::uint64_t(
                std::ceil(double(contextTokens) * double(t.kvPoolBytes) / double(t.kvTokens)));
        }
        return contextTokens * t.kvBytesPerToken;
    }

    std::uint32_t sequences(const EngineMemoryInput &in, const EngineMemoryTerms &t,
                            std::uint64_t contextTokens) const override {
        if (t.kvPoolBytes <= 0 || contextTokens == 0) {
            return 0;
        }
        const std::uint32_t slots = std::max<std::uint32_t>(in.stateSlots, 1);
        if (t.kvBytesPerToken == 0) {
            // No attention layer (a pure state-space stack): the state slots alone bound the
            // running requests, whatever the context.
            return std::uint32_t(std::min<std::uint64_t>(t.stateSlotsInPool / slots, 0xffffffffu));
        }
        if (t.kvTokens == 0) {
            return 0;
        }
        std::uint64_t n = t.kvTokens / contextTokens;
        if (t.stateSlotsInPool > 0) {
            // init_memory: max_num_reqs <= max_mamba_cache_size // mamba ratio.
            n = std::min<std::uint64_t>(n, t.stateSlotsInPool / slots);
        }
        return std::uint32_t(std::min<std::uint64_t>(n, 0xffffffffu));
    }
};

} // namespace

// What SGLang's distributed init allocates (sgl-project/sglang):
// - model_executor/model_runner.py @ 0005834c init_torch_distributed: `before_avail_memory` is
//   read after set_device and the first cudaMemGetInfo, so the logged "mem usage" leaves out
//   the CUDA context (0.51 GiB on H100 and H200 in the logs below, HostPlan's 0.5 GiB); `pre`
//   (pre_model_load_memory) is the minimum free memory over the ranks after the init.
// - distributed/parallel_state.py @ 0005973a initialize_model_parallel: with plain TP the
//   TP group is the only coordinator with a PyNccl communicator and custom all-reduce (the
//   attention-TP, MoE and PP groups are the TP group itself or of one rank; the world group
//   has neither); torch's own NCCL groups are created lazily (init_process_group gets no
//   device_id; --pre-warm-nccl is on only for AMD).
// - device_communicators/pynccl.py @ 06c48ca8: ncclCommInitRank, then a one-element fp32
//   all_reduce as warm-up. NCCL 2.27 connects at the first collective only the algorithm it
//   picks (src/init.cc @ v2.27.3-1 runtimeConn); for 4 bytes on one NVLink node the tuning
//   model (src/graph/tuning.cc @ v2.27.3-1) gives ring LL 6.6 + 2 (n - 1) x 0.6 us (10.2 at
//   4 ranks, 15.0 at 8) against NVLS 25 us, so the ring's per-channel buffers (two
//   neighbours per channel) are connected and the NVLS buffers (ncclNvlsBufferSetup) are not;
//   ncclNvlsSetup at init takes only its credit page.
// - device_communicators/custom_all_reduce.py @ 004e6561: enabled on NVLink nodes and at two
//   GPUs, three cudaMalloc buffers of _MAX_CAR_SIZE 8 MiB (+ meta) per rank; the peers'
//   buffers are IPC-mapped, not allocated here.
// None of this grows with the number of ranks on one NVSwitch node, but the bytes NCCL takes
// are not read off its source, so the NVLink figure is measured ("Init torch distributed
// ends. mem usage", TP 8, one node): 1.25 GiB on TP0 of 8x H100 80GB HBM3 (SGLang
// v0.5.2rc2, NCCL 2.27.3; S. Chaudhary, "Grok2 OnPrem Deployment via sglang", 2025-09-14,
// whose pool checks out against SGLang's rule with pre = 77.43 GiB: 903,439 tokens x 32 KiB
// = 27.57 GiB, 40.69 - 77.43 x 0.169 = 27.60) and 1.77-2.01 GiB on 8x H200 (TP0 1.96;
// sgl-project/sglang PR #11716, 2025-10-16). The two runs differ by 0.71 GiB and neither log
// says why; HostPlan takes the mean of their TP0 readings, for every NVLink GPU (no Ampere or
// Blackwell reading was found). With pipeline stages the PP group has a PyNccl communicator of
// its own (init_model_parallel_group's default): (pp - 1) x 128 MiB more, the per-peer
// estimate, not measured. Without NVLink the custom all-reduce is off above two GPUs: 0.39 GiB
// at TP 4 on 96 GB sm_120 PCIe cards (#40558, NCCL 2.29.7) and 0.22-0.27 GiB across nodes
// with custom all-reduce off (#3888); those layouts keep the per-peer estimate (0.44 GiB at 4
// GPUs).
std::uint64_t sglangDistributedInitBytes(const GpuSpec &gpu, std::uint32_t tp, std::uint32_t pp) {
    tp = std::max<std::uint32_t>(tp, 1);
    pp = std::max<std::uint32_t>(pp, 1);
    const std::uint64_t gpus = std::uint64_t(tp) * pp;
    if (gpus <= 1) {
        return 0;
    }
    if (nvlinkGpu(gpu) && tp >= 2 && tp <= std::max<std::uint32_t>(gpu.gpusPerNode, 1)) {
        const std::uint64_t tpGroup = std::uint64_t(gib((1.25 + 1.96) / 2));
        return tpGroup + (pp - 1) * kPerPeerBytes;
    }
    return (gpus - 1) * kPerPeerBytes + 64 * kBytesPerMiB;
}

const EngineMemoryModel &sglangMemoryModel() {
    static const SglangMemory model;
    return model;
}

} // namespace hostplan
