// SPDX-License-Identifier: MIT
// Golden rows P29-P32: start-up logs of hybrid models (Gated DeltaNet layers beside full
// attention). P29-P31 are vLLM's, whose pool vLLM shares between attention blocks and
// recurrent-state pages (vllmGroups in core/engine/vllm_memory.cpp); P32 is SGLang's, which
// splits its pool between a state pool and the KV pool (core/engine/sglang_memory.cpp).
// Included by goldenv011.h, whose helpers they use.
#pragma once

#include "goldenheldout.h"

#include "engine/vllmcounts.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace golden {

/// P29: Qwen3.5-27B (64 layers: 16 full attention with 4 KV heads of 256, 48 Gated DeltaNet
/// layers with an FP32 state) on one H20, vLLM 0.19.0, `vllm serve Qwen3.5-27B
/// --max-model-len 32768 --max-num-seqs 16 --max-num-batched-token 16384 --load-format dummy`
/// (default gpu_memory_utilization 0.9). vllm-project/vllm#40691 logs "GPU KV cache size:
/// 290,864 tokens" and "Maximum concurrency for 32,768 tokens per request: 33.04x".
///
/// What the two lines pin, by vLLM's own rules (kv_cache_utils.py @ 001cabc1): one layer's
/// state page (3,207,168 B: the FP32 state and the BF16 conv window) sets the attention block
/// to 784 tokens (the multiple of 16 whose 784 x 4,096 B per layer holds it); the 16
/// attention layers make one group and the 48 state layers three, so the log's tokens are
/// num_blocks // 4 x 784 (371 x 784 = 290,864) and one 32,768-token request needs 42 + 3
/// blocks: 1,487 blocks / 45 = 33.04. The H20 sold with 96 GB cannot hold that pool (1,487
/// blocks of 16 x 3,211,264 B are 71.2 GiB beside 51 GiB of weights), so the card is the H20
/// with 141 GB of HBM3e; it is given the H200's 139.8 GiB (the same memory, row T4).
inline void poolLogChecks(std::vector<Check> &out);
inline void sglangHybridLogChecks(std::vector<Check> &out);
inline void v024BreakdownChecks(std::vector<Check> &out);
inline void stateBlockChecks(std::vector<Check> &out);

inline void hybridLogChecks(std::vector<Check> &out) {
    const ModelSpec m = dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
    const GpuSpec g = loggedGpu("NVIDIA H20 (141 GB)", 139.8, true);
    EngineMemoryInput in = rowInput(m, g, {}, Engine::Vllm, 32768);
    in.vllmProfile = VllmProfile::V1v19;
    in.memoryFraction = 0.9;
    in.maxNumSeqs = 16;
    in.maxBatchedTokens = 16384;
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    const EngineStartup s = engineStartup(Engine::Vllm, in);
    const std::string set = "Qwen3.5-27B bf16 (hybrid), 1x H20 141GB, vLLM 0.19 TP1, u 0.90, "
                            "len 32768, 16 seqs, 16384 batched";
    const std::string src = "vllm-project/vllm#40691";
    // HostPlan's pool is about 0.8 GiB larger than the log's. vLLM profiles the vision tower
    // first (vllmencoder.h: one 16,384-token image, 2.04 GiB at TP 1), but at 16,384 batched
    // tokens the decoder's pass, with the image's outputs and float32 pixel values (0.38 GiB)
    // still live, is the larger, so the encoder moves the pool by only 0.8 %; the rest is
    // unexplained (the card's total is inferred, see above).
    out.push_back({"P29", "KV tokens", set, 290864, double(t.kvTokens), kKvTol, src, {}});
    out.push_back({"P29", "sequences of 32768", set, 33, double(s.sequencesAtContext), 0, src, {}});
    out.push_back({"P29", "starts", set, 1, s.starts() ? 1.0 : 0.0, 0, src, {}});
    poolLogChecks(out);
    sglangHybridLogChecks(out);
    v024BreakdownChecks(out);
    stateBlockChecks(out);
}

/// A hybrid-model log that gives the pool ("Available KV cache memory") and the KV tokens of
/// a newer vLLM: the tokens HostPlan's groups, block and report rule make of the logged pool
/// (the pool pinned through the overrides), and the sequences of the context.
struct PoolLog {
    std::string row, setting, source;
    ModelSpec model;
    std::uint32_t tp = 1;
    std::uint64_t maxModelLen = 0;
    NumberFormat kvFormat = formats::bf16;
    bool prefixCaching = false;
    double poolGib = 0;   ///< "Available KV cache memory", per GPU
    double kvTokens = 0;  ///< "GPU KV cache size"
    double sequences = 0; ///< "Maximum concurrency", its whole part
};

inline void checkPoolLog(const PoolLog &log, std::vector<Check> &out) {
    const GpuSpec g = loggedGpu("GPU", 32, true);
    EngineMemoryInput in = rowInput(log.model, g, {log.tp, 1, 1}, Engine::Vllm, log.maxModelLen);
    in.vllmProfile = VllmProfile::V1v24;
    in.kvFormat = log.kvFormat;
    in.stateSlots = vllmStatePagesPerRequest(log.prefixCaching, 0);
    const EngineMemoryTerms free = vllmMemoryModel().terms(in);
    // The pool pinned through the checkpoint's share: the logged (quantized) checkpoint loaded,
    // where the stand-in config's 16-bit weights would not fit the GPU at all.
    in.activationOverride = 0;
    in.runtimeOverride = 0;
    in.checkpointWeightsPerGpu =
        std::uint64_t(std::max(0.0, double(free.budget) - log.poolGib * kBytesPerGiB -
                                        double(free.weights() - free.checkpointWeights)));
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    // The pool is logged to 0.01 GiB (0.1 % here): 1 %, not the 5 % of a whole start-up, so
    // that a state group's second page under prefix caching (+3 to +5 % without it) counts.
    out.push_back({log.row,
                   "KV tokens (logged pool)",
                   log.setting,
                   log.kvTokens,
                   double(t.kvTokens),
                   0.01,
                   log.source,
                   {}});
    // The logs do not give max_num_seqs; the runs started, so it was within the pool's state
    // blocks (vllmStateBlocksShort): the engine's default is not assumed for them.
    if (t.stateBlocks > 0) {
        in.maxNumSeqs = std::uint32_t(std::min<std::uint64_t>(in.maxNumSeqs, t.stateBlocks));
    }
    out.push_back({log.row,
                   "sequences of " + std::to_string(log.maxModelLen),
                   log.setting,
                   log.sequences,
                   double(engineStartup(Engine::Vllm, in).sequencesAtContext),
                   0,
                   log.source,
                   {}});
}

/// P30 / P31: Qwen3.6 / 3.8 checkpoints served by vLLM 0.24 and later with prefix caching on,
/// which log the KV tokens as the maximum concurrency times max_model_len
/// (VllmProfile::V1v24). Their configs are not published with the logs; the rows use the
/// Qwen3.5 configs of the same size, whose attention and Gated DeltaNet shapes the P31 log's
/// own text states (16 of 64 layers with 4 KV heads of 256). With prefix caching each of the
/// three state groups keeps two pages per request ("align" mode), so a 131,072-token request
/// needs 63 + 6 blocks of 2,096 tokens (P30, FP8 KV) or 84 + 6 of 1,568 (P31, FP8 KV at TP 2).
inline void poolLogChecks(std::vector<Check> &out) {
    checkPoolLog({"P30",
                  "Qwen3.6-35B-A3B NVFP4 (Qwen3.5-35B-A3B shapes), 1x RTX 5090, vLLM 0.24.0, "
                  "fp8 KV, prefix caching, len 131072",
                  "noonghunna/club-3090#612",
                  dataConfigModel("Qwen--Qwen3.5-35B-A3B_config.json", "Qwen/Qwen3.5-35B-A3B"), 1,
                  131072, formats::fp8, true, 5.98, 567978, 4},
                 out);
    checkPoolLog({"P31",
                  "Qwen3.8-27B-FP8 (Qwen3.5-27B shapes), 2x RTX 3090, vLLM (0.24 rule), TP2, "
                  "fp8 KV, prefix caching, len 131072",
                  "mitchross/talos-argocd-proxmox#1995",
                  dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B"), 2, 131072,
                  formats::fp8, true, 4.99, 302921, 2},
                 out);
}

/// Qwen/Qwen3.5-27B's config.json (tests/data/configs) after `edit`, imported as `source`.
template <typename Edit> ModelSpec qwen35_27bConfigWith(const char *source, Edit edit) {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/Qwen--Qwen3.5-27B_config.json");
    nlohmann::json c = nlohmann::json::parse(f);
    edit(c);
    auto m = importHfConfigText(c.dump(), source);
    if (!m.ok()) {
        throw std::runtime_error(std::string(source) + ": " + m.error().toString());
    }
    return m.value();
}

/// Qwen/Qwen3.5-9B as row P32 serves it: Qwen3.5-27B's config.json with the 9B's sizes, as a
/// public test fixture quotes the 9B's own config (32 layers, every fourth full attention
/// with 16 heads and 4 KV heads of 256, hidden 4,096, MLP 12,288, 16 key and 32 value Gated
/// DeltaNet heads of 128, untied, the same 27-block vision tower projecting to 4,096).
inline ModelSpec qwen35_9b() {
    return qwen35_27bConfigWith("Qwen/Qwen3.5-9B", [](nlohmann::json &c) {
        nlohmann::json &t = c["text_config"];
        t["hidden_size"] = 4096;
        t["intermediate_size"] = 12288;
        t["num_hidden_layers"] = 32;
        t["num_attention_heads"] = 16;
        t["linear_num_value_heads"] = 32;
        nlohmann::json types = nlohmann::json::array();
        for (int i = 0; i < 32; ++i) {
            types.push_back(i % 4 == 3 ? "full_attention" : "linear_attention");
        }
        t["layer_types"] = types;
        c["vision_config"]["out_hidden_size"] = 4096;
    });
}

/// P32: Qwen3.5-9B on two RTX 4090 (no P2P), SGLang 0.0.0.dev11582+g4df60434d (2026-04-14),
/// `--tp-size 2 --mem-fraction-static 0.8 --context-length 262144`, published in public study
/// notes titled "Exp-001: Qwen3.5-9B TP=4" (the run shown is TP 2; the repository holding them
/// could not be identified, so the row cites the notes by title and date). Logged per GPU:
/// "Load weight begin. avail mem=22.93 GB", "Load weight end ... mem usage=8.85 GB", "Mamba
/// Cache is allocated. max_mamba_cache_size: 186, conv_state size: 0.10GB, ssm_state size:
/// 4.38GB", "KV Cache is allocated. #tokens: 327310, K size: 2.50 GB, V size: 2.50 GB" and
/// "max_total_num_tokens=327310 ... max_running_requests=62" (SGLang's GB are GiB). The card's
/// 23.64 GiB is the catalogue's RTX 4090 (cudaMemGetInfo total).
inline void sglangHybridLogChecks(std::vector<Check> &out) {
    const ModelSpec m = qwen35_9b();
    const GpuSpec g = loggedGpu("NVIDIA GeForce RTX 4090", 23.64, true, "PCIe 4.0");
    EngineMemoryInput in = rowInput(m, g, {2, 1, 1}, Engine::Sglang, 262144);
    in.memoryFraction = 0.8;
    const EngineMemoryTerms t = sglangMemoryModel().terms(in);
    const EngineStartup s = engineStartup(Engine::Sglang, in);
    const std::string set =
        "Qwen3.5-9B bf16 (hybrid), 2x RTX 4090, SGLang dev (2026-04) TP2, mfs 0.8, len 262144";
    const std::string src = "SGLang study notes Exp-001 (2026-04-14), repository not identified";
    // The weights are 0.08 GiB under the log's; the tensors behind it cannot be told without
    // the checkpoint's index (the vision tower is sized from its config, not its file).
    out.push_back(
        {"P32", "weights GiB/GPU", set, 8.85, giB(double(t.weights())), kWeightsTol, src, {}});
    out.push_back({"P32", "KV tokens", set, 327310, double(t.kvTokens), kKvTol, src, {}});
    out.push_back({"P32", "state slots", set, 186, double(t.stateSlotsInPool), kKvTol, src, {}});
    out.push_back({"P32", "starts", set, 1, s.starts() ? 1.0 : 0.0, 0, src, {}});
}

/// Qwen3.8-27B-FP8 as rows P34 and P35 serve it: Qwen3.5-27B's config.json with block-FP8
/// linear layers (e4m3, 128 x 128 blocks; lm_head, the embedding, the vision tower and the
/// Gated DeltaNet a / b projections unquantized), the shapes noonghunna/club-3090's registry
/// gives for it (64 layers, 16 full attention with 4 KV heads of 256, one MTP layer). Not the
/// published file, which the logs do not quote.
inline ModelSpec qwen38_27bFp8() {
    return qwen35_27bConfigWith("Qwen3.8-27B-FP8", [](nlohmann::json &c) {
        c["quantization_config"] = {
            {"quant_method", "fp8"},
            {"fmt", "e4m3"},
            {"activation_scheme", "dynamic"},
            {"weight_block_size", {128, 128}},
            {"modules_to_not_convert",
             {"lm_head", "model.language_model.embed_tokens", "model.visual",
              "linear_attn.in_proj_a", "linear_attn.in_proj_b"}}};
    });
}

/// P34 / P35: whole start-up breakdowns of vLLM 0.27.1 (VllmProfile::V1v24) serving
/// Qwen3.8-27B-FP8 at TP 2 with MTP (3 tokens), 2 sequences, 8,192 batched tokens, an FP8 KV
/// cache, prefix caching, max_model_len 262,144 and gpu_memory_utilization 0.92, as logged:
/// "Actual usage is W GiB for consumed memory (weights + non-torch), A GiB for peak
/// activation [which holds the CUDA-graph estimate] ... Current kv cache memory in use is K
/// GiB", and "CUDA graph pool memory: ... E GiB (estimated)". P34 on two RTX 5090
/// (noonghunna/club-3090#1087), P35 on two RTX 3090 (PR #1139, whose cards report 23.56 GiB;
/// the catalogue's RTX 3090 has 23.69). Both start. The FP8 KV cache and drafting on
/// FlashInfer keep the graphs PIECEWISE, as both logs say.
inline void v024BreakdownChecks(std::vector<Check> &out) {
    const ModelSpec m = qwen38_27bFp8();
    struct Log {
        const char *row, *gpu, *source;
        double totalGib, consumedGib, activationGib, estimateGib, kvGib;
    };
    for (const Log &l :
         {Log{"P34", "rtx-5090", "noonghunna/club-3090#1087", 31.36, 15.03, 1.59, 0.13, 12.26},
          Log{"P35", "rtx-3090", "noonghunna/club-3090 PR #1139", 23.56, 15.25, 1.66, 0.20,
              4.76}}) {
        GpuSpec g = Catalogue::builtin().findGpu(l.gpu).value();
        g.usableMemoryBytes = std::uint64_t(l.totalGib * kBytesPerGiB);
        Scenario s;
        s.engine.vllmVersion = VllmProfile::V1v24;
        s.engine.memoryFraction = 0.92;
        s.engine.maxNumSeqs = 2;
        s.engine.prefillChunkTokens = 8192;
        s.engine.prefixCaching = true;
        s.model.kvFormat = formats::fp8;
        s.workload.contextTokens = 262144;
        s.workload.speculativeTokens = 3;
        const EngineMemoryInput in = engineInputFor(m, g, {2, 1, 1}, s);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        const std::string set = std::string("Qwen3.8-27B-FP8 (Qwen3.5-27B shapes), 2x ") + g.name +
                                ", vLLM 0.27.1 TP2, MTP 3, 2 seqs, fp8 KV, u 0.92, "
                                "len 262144";
        // No --limit-mm-per-prompt in these runs: vLLM profiles the vision tower on one
        // 16,384-token image before the decoder (vllmencoder.h), whose 1.52 GiB peak per GPU
        // at TP 2 outweighs the decoder's 0.63 GiB forward; the logged transient (peak less
        // the graph estimate) is 1.46 GiB on both cards.
        const double consumed =
            giB(double(t.checkpointWeights + t.weightPadding + t.draftWeights + t.nonTorch));
        out.push_back({l.row,
                       "weights + non-torch GiB/GPU",
                       set,
                       l.consumedGib,
                       consumed,
                       kWeightsTol,
                       l.source,
                       {}});
        out.push_back({l.row,
                       "CUDA-graph estimate GiB",
                       set,
                       l.estimateGib,
                       giB(double(t.cudaGraphs)),
                       kCudaGraphTol,
                       l.source,
                       {}});
        out.push_back({l.row,
                       "peak activation GiB (with the estimate)",
                       set,
                       l.activationGib,
                       giB(double(t.activationPeak + t.cudaGraphs)),
                       kKvTol,
                       l.source,
                       {}});
        out.push_back(
            {l.row, "KV GiB", set, l.kvGib, giB(double(t.kvPoolBytes)), kKvTol, l.source, {}});
        out.push_back({l.row,
                       "starts",
                       set,
                       1,
                       engineStartup(Engine::Vllm, in).starts() ? 1.0 : 0.0,
                       0,
                       l.source,
                       {}});
    }
}

/// P39 / P40: vLLM's refusal of a hybrid model whose max_num_seqs exceeds the pool's blocks
/// (engine/vllmgraphs.h vllmStateBlocksShort; vLLM PR #38270: max_num_reqs > the KV cache
/// config's num_blocks), as two public logs print it: "max_num_seqs (1024) exceeds available
/// Mamba cache blocks (M)". The blocks are the whole pool's (not per state group), so each row
/// checks HostPlan's pool in blocks against M, and the refusal. Qwen3.6 / 3.8-27B-FP8 as
/// Qwen3.5-27B's shapes in block FP8 (qwen38_27bFp8); max_model_len is the model's 262,144
/// (the logs' launch lines give none), which moves no block: the check is on the pool.
inline void stateBlockChecks(std::vector<Check> &out) {
    const ModelSpec m = qwen38_27bFp8();
    struct Log {
        const char *row, *gpu, *setting, *source;
        double totalGib, fraction;
        std::uint32_t draftTokens;
        double blocks;
    };
    for (const Log &l :
         {Log{"P39", "h100-sxm",
              "Qwen3.6-27B-FP8 (Qwen3.5-27B shapes), 1x H100 SXM, vLLM recipe, u 0.95, len "
              "262144, 1024 seqs",
              "vllm-project/recipes PR #551", 79.18, 0.95, 0, 856},
          Log{"P40", "h100-nvl",
              "Qwen3.8-27B-FP8 (Qwen3.5-27B shapes), 1x H100 NVL, MTP 1, u 0.92, len 262144, "
              "1024 seqs",
              "visionaryqueens/vastai-vllm-runbook README.md", 93.0, 0.92, 1, 983}}) {
        GpuSpec g = Catalogue::builtin().findGpu(l.gpu).value();
        g.usableMemoryBytes = std::uint64_t(l.totalGib * kBytesPerGiB);
        Scenario s;
        s.engine.vllmVersion = VllmProfile::V1v24;
        s.engine.memoryFraction = l.fraction;
        s.engine.maxNumSeqs = 1024;
        s.workload.contextTokens = 262144;
        s.workload.speculativeTokens = l.draftTokens;
        const EngineMemoryInput in = engineInputFor(m, g, {}, s);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        out.push_back({l.row,
                       "state blocks",
                       l.setting,
                       l.blocks,
                       double(t.stateBlocks),
                       kKvTol,
                       l.source,
                       {}});
        out.push_back({l.row,
                       "starts",
                       l.setting,
                       0,
                       engineStartup(Engine::Vllm, in).starts() ? 1.0 : 0.0,
                       0,
                       l.source,
                       {}});
    }
}

} // namespace golden
