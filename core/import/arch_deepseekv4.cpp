// SPDX-License-Identifier: MIT
// deepseek_v4 (DeepseekV4ForCausalLM: DeepSeek-V4-Flash, DeepSeek-V4-Pro). Every tensor vLLM
// creates for it, after vllm/model_executor/models/deepseek_v4.py @ f1b76c19 and the modules it
// imports: vllm/model_executor/layers/deepseek_v4_attention.py @ 0a291a2e (wrapper, indexer),
// deepseek_compressor.py @ 0de10a27 (compressor).
//
// Per layer i (H = hidden_size, nh = heads, hd = head_dim, r = max(1, compress_ratios[i]),
// coff = 2 at r = 4 else 1):
//   attention: fused_wqa_wkv = wq_a [q_lora_rank, H] + wkv [hd, H] (replicated), q_norm
//     [q_lora_rank], kv_norm [hd], wq_b [nh*hd, q_lora_rank], the grouped output projection
//     wo_a [o_groups*o_lora_rank, nh*hd/o_groups] and wo_b [H, o_groups*o_lora_rank], attn_sink
//     [nh] fp32
//   r > 1: compressor ape [r, coff*hd] fp32, wkv + wgate [2*coff*hd, H] (unquantized), norm [hd]
//   r = 4: indexer wq_b [index_n_heads*index_head_dim, q_lora_rank], weights_proj
//     [index_n_heads, H] (unquantized), k_norm LayerNorm weight + bias [index_head_dim], and
//     its own compressor (ratio 4, head index_head_dim)
//   hyper-connections: hc_attn_fn / hc_ffn_fn [(2 + hc_mult)*hc_mult, hc_mult*H], hc_*_base
//     [(2 + hc_mult)*hc_mult], hc_*_scale [3], all fp32; attn_norm, ffn_norm [H]
//   MoE (every layer): gate [experts, H] (GateLinear, unquantized), routed experts w1 / w3
//     [I, H] + w2 [H, I] (MXFP4 with expert_dtype "fp4" in DeepSeek's FP8 release, NVFP4 where
//     its quantization_config.moe_quant_algo is NVFP4 (nvidia's V4 NVFP4 checkpoints), else the
//     checkpoint's scheme), shared experts as one MLP of width n_shared_experts x I; pieces
//     carry vLLM's module names (gate_proj / up_proj / down_proj, which a checkpoint's
//     quantization targets match; the release's w1 / w3 / w2 are vLLM's load-time aliases);
//     the first num_hash_layers layers route
//     by token id through tid2eid [vocab, top-k] (int32, counted as 4-byte elements, not
//     active), the others carry e_score_correction_bias [experts] fp32 (topk_method noaux_tc)
// Once: embed_tokens, lm_head, model.norm, hc_head_fn [hc_mult, hc_mult*H], hc_head_base
// [hc_mult], hc_head_scale [1] (fp32).
// Not counted: the MTP layer(s) (num_nextn_predict_layers; vLLM loads them only as a draft).
//
// Layers: one MLA LayerGroup per layer with compressRatio r (modelspec.h), its window
// (sliding_window), the indexer key width at r = 4 and the compressors' float32 state one
// sequence keeps: per compressor (slots coff*r) x (state 2*coff*head) — CompressorStateCache.
#include "import/archcommon.h"
#include "import/architectures.h"
#include "util/textutil.h"

#include <algorithm>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// The per-layer compress ratios: compress_ratios[i] for the decoder layers (the list may
/// carry one more entry per MTP layer, which vLLM ignores); each 0, 1, 4 or 128 (vLLM
/// sparse_swa.py _layer_type_for).
std::vector<u64> compressRatios(const ConfigReader &c, u64 layers, u64 mtp) {
    if (!c.has("compress_ratios")) {
        fail(c.field("compress_ratios"), "missing; DeepSeek V4 names each layer's ratio");
    }
    std::vector<u64> r = c.countList("compress_ratios", kMaxContext, 0);
    if (r.size() != layers && r.size() != layers + mtp) {
        fail(c.field("compress_ratios"), "has " + std::to_string(r.size()) + " entries for " +
                                             std::to_string(layers) + " layers" +
                                             (mtp ? " (and " + std::to_string(mtp) + " MTP)" : ""));
    }
    r.resize(layers);
    for (std::size_t i = 0; i < r.size(); ++i) {
        if (r[i] != 0 && r[i] != 1 && r[i] != 4 && r[i] != 128) {
            fail(c.field("compress_ratios[" + std::to_string(i) + "]"),
                 "unknown ratio " + std::to_string(r[i]) + " (vLLM runs 0, 1, 4 and 128)");
        }
        r[i] = std::max<u64>(r[i], 1);
    }
    return r;
}

/// A DeepseekCompressor of `n` layers under `at`: ape, fused wkv / wgate, norm.
void addCompressor(ModelBuilder &b, const std::string &at, u64 ratio, u64 head, u64 n) {
    const u64 coff = ratio == 4 ? 2 : 1;
    const u64 H = b.dimensions().hidden;
    b.tensor("attention", GroupRole::Attention, Placement::Replicated, at + "ape", ratio,
             coff * head, n, n, true);
    b.tensor("attention", GroupRole::Attention, Placement::Replicated, at + "fused_wkv_wgate",
             2 * coff * head, H, n, n);
    b.small(at + "norm", head, n);
}

/// Float32 elements of one compressor's state for one sequence (CompressorStateCache: coff*r
/// slots of 2*coff*head).
u64 compressorState(u64 ratio, u64 head) {
    const u64 coff = ratio == 4 ? 2 : 1;
    return coff * ratio * 2 * coff * head;
}

} // namespace

std::optional<ConfigReader> buildDeepseekV4(const ConfigReader &c, const std::string &,
                                            ModelBuilder &b) {
    readCommon(c, b);
    const u64 mtp = c.countOr("num_nextn_predict_layers", 0, kMaxLayers, 0);
    b.setMtpLayers(mtp);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, nh = d.heads, L = d.layers;
    const u64 hd = c.count("head_dim", kMaxHeadDim);
    const u64 rope = c.count("qk_rope_head_dim", hd);
    const u64 qLora = c.count("q_lora_rank", kMaxHidden);
    const u64 oLora = c.count("o_lora_rank", kMaxHidden);
    const u64 og = c.count("o_groups", kMaxHeads);
    if (nh % og != 0) {
        fail(c.field("o_groups"),
             std::to_string(og) + " does not divide num_attention_heads " + std::to_string(nh));
    }
    const u64 window = c.count("sliding_window", kMaxContext);
    const u64 maxPos = b.dimensions().maxContext;
    if (maxPos > 0 && window > maxPos) {
        // The compressors' state is spread over the window: a window past every position
        // would make a token cost less, not more.
        fail(c.field("sliding_window"), std::to_string(window) +
                                            " is longer than max_position_embeddings " +
                                            std::to_string(maxPos));
    }
    const std::vector<u64> ratio = compressRatios(c, L, mtp);
    const u64 n4 = u64(std::count(ratio.begin(), ratio.end(), 4));
    const u64 n128 = u64(std::count(ratio.begin(), ratio.end(), 128));
    const u64 ih = n4 ? c.count("index_n_heads", kMaxHeads) : 0;
    const u64 ihd = n4 ? c.count("index_head_dim", kMaxHeadDim) : 0;
    const u64 hc = c.count("hc_mult", 64);

    const std::string l0 = b.layerModule(0);
    const std::string at = l0 + "attn.";
    const std::string f = c.field("head_dim");
    b.attentionReplicated(at + "wq_a", qLora, H, L);
    b.attentionReplicated(at + "wkv", hd, H, L);
    b.small(at + "q_norm", qLora, L);
    b.small(at + "kv_norm", hd, L);
    b.attention(at + "wq_b", checkedMul(nh, hd, f), qLora, L);
    b.attention(at + "wo_a", checkedMul(og, oLora, f), checkedMul(nh, hd, f) / og, L);
    b.attention(at + "wo_b", H, checkedMul(og, oLora, f), L);
    b.small(at + "attn_sink", nh, L, true);
    // The compressors and the indexer span the layers of their ratio (a checkpoint's exclude
    // list names them).
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return ratio[i] == 128; }));
    addCompressor(b, at + "mla_attn.compressor.", 128, hd, n128);
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return ratio[i] == 4; }));
    addCompressor(b, at + "mla_attn.compressor.", 4, hd, n4);
    b.attentionReplicated(at + "indexer.wq_b", checkedMul(ih, ihd, f), qLora, n4);
    b.tensor("attention", GroupRole::Attention, Placement::Replicated, at + "indexer.weights_proj",
             ih, H, n4, n4);
    b.small(at + "indexer.k_norm", 2 * ihd, n4);
    addCompressor(b, at + "indexer.compressor.", 4, ihd, n4);
    b.setPieceLayers({});

    // hc_attn_* and hc_ffn_* have one shape: counted together under the hc_attn_* names.
    const u64 mix = (2 + hc) * hc;
    const u64 hcDim = checkedMul(hc, H, c.field("hc_mult"));
    b.tensor("hyper-connections", GroupRole::Norms, Placement::Replicated, l0 + "hc_attn_fn", mix,
             hcDim, 2 * L, 2 * L, true);
    b.small(l0 + "hc_attn_base", mix, 2 * L, true);
    b.small(l0 + "hc_attn_scale", 3, 2 * L, true);
    b.small(l0 + "attn_norm", H, L);
    b.small(l0 + "ffn_norm", H, L);
    for (u64 i = 0; i < L; ++i) {
        LayerGroup g;
        g.kind = AttentionKind::MLA;
        g.qHeads = std::uint32_t(nh);
        g.kvHeads = 1;
        g.headDim = std::uint32_t(hd);
        g.kvLoraRank = std::uint32_t(hd);
        g.ropeDim = std::uint32_t(rope);
        g.window = std::uint32_t(window);
        g.compressRatio = std::uint32_t(ratio[i]);
        g.indexerHeadDim = ratio[i] == 4 ? std::uint32_t(ihd) : 0;
        g.stateElements = ratio[i] > 1 ? compressorState(ratio[i], hd) : 0;
        if (ratio[i] == 4) {
            g.stateElements += compressorState(4, ihd);
        }
        b.addLayer(g);
    }

    const u64 experts = c.count("n_routed_experts", kMaxExperts);
    const u64 topK = topKOf(c, "num_experts_per_tok", experts);
    const u64 inter = c.count("moe_intermediate_size", kMaxIntermediate);
    const u64 shared = c.countOr("n_shared_experts", 0, kMaxExperts, 0);
    const u64 hashLayers = c.countOr("num_hash_layers", 0, L, 0);
    const std::string expertDtype = c.str("expert_dtype", "fp4");
    if (expertDtype != "fp4" && expertDtype != "fp8") {
        fail(c.field("expert_dtype"), "'" + expertDtype + "' is neither fp4 nor fp8");
    }
    // DeepSeek's own FP8 release (quant_method "fp8", vLLM DeepseekV4FP8Config) stores FP4
    // experts by expert_dtype; under another scheme (compressed-tensors' mixed NVFP4 / FP8
    // block groups) the scheme's targets decide, as vLLM's config for that method does.
    const std::optional<ConfigReader> qc = c.optSub("quantization_config");
    const bool ownFp8 = !qc || qc->str("quant_method", "fp8") == "fp8";
    if (ownFp8 && !c.has("expert_dtype")) {
        // DeepSeek's own configs write expert_dtype; repacks may drop it with their experts
        // in the quantization_config's format.
        b.note("estimated: expert_dtype is not given; the routed experts are planned as "
               "MXFP4, vLLM's default (deepseek_v4.py), though a repacked checkpoint without "
               "it may store them in its quantization_config format (FP8: about twice their "
               "bytes)");
    }
    // ModelOpt's name for the experts' format beside DeepSeek's FP8 (vLLM compares "NVFP4" exactly;
    // a value it does not know leaves the experts MXFP4, which the plan says).
    const std::string moeAlgo = qc ? qc->str("moe_quant_algo") : std::string();
    const bool moeNvfp4 = moeAlgo == "NVFP4";
    if (!moeAlgo.empty() && !moeNvfp4 && ownFp8) {
        b.note("quantization_config.moe_quant_algo '" + cutText(moeAlgo, 32) +
               "' is not NVFP4: the routed experts are planned as MXFP4 by expert_dtype, as "
               "vLLM's DeepseekV4FP8Config loads them");
    }
    const std::string m = l0 + "ffn.";
    const std::string fe = c.field("n_routed_experts");
    for (const char *w : {"gate_proj", "up_proj", "down_proj"}) {
        const bool down = std::string(w) == "down_proj";
        TensorPiece p;
        p.group = "routed experts";
        p.role = GroupRole::RoutedExperts;
        p.module = m + "experts.0." + w;
        p.linear = true;
        p.rows = down ? H : inter;
        p.cols = down ? inter : H;
        p.count = checkedMul(experts, L, fe);
        p.active = checkedMul(topK, L, fe);
        if (expertDtype == "fp4" && ownFp8) {
            // vLLM DeepseekV4FP8Config (deepseek_v4/quant_config.py @ 234b8ebc): NVFP4 experts
            // (ModelOptNvFp4FusedMoE) where moe_quant_algo says so (nvidia's V4 NVFP4
            // checkpoints), else Mxfp4MoEMethod.
            p.stored = moeNvfp4 ? formats::nvfp4 : formats::mxfp4;
        }
        b.add(p);
    }
    if (shared > 0) {
        b.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_experts.", "gate_proj",
                   "up_proj", "down_proj", H,
                   checkedMul(shared, inter, c.field("n_shared_experts")), L, L);
    }
    b.router(m + "gate", experts, H, L, false);
    if (c.str("topk_method") == "noaux_tc") {
        b.tensor("router", GroupRole::MoeOther, Placement::Replicated,
                 m + "gate.e_score_correction_bias", experts, 1, L - hashLayers, L - hashLayers,
                 true);
    }
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated, m + "gate.tid2eid", d.vocab,
             topK, hashLayers, 0, true);
    b.setExperts(experts, topK, shared, L,
                 checkedMul(3, H, inter, c.field("moe_intermediate_size")), H, inter);

    addEmbeddings(c, b);
    const std::string p = b.modulePrefix() + "model.";
    b.tensor("hyper-connections", GroupRole::Norms, Placement::Replicated, p + "hc_head_fn", hc,
             hcDim, 1, 1, true);
    b.small(p + "hc_head_base", hc, 1, true);
    b.small(p + "hc_head_scale", 1, 1, true);
    b.note("estimated: DeepSeek V4 KV cache: each engine's own pools (vLLM's FP8 layout in "
           "256-token pages, 64 for the window cache; SGLang's pools per full token; "
           "TensorRT-LLM's compressed caches per token and windows per request); how vLLM "
           "unifies the pages of its V4 cache groups is not modelled");
    return std::nullopt;
}

} // namespace hostplan::importer
