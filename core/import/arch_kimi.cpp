// SPDX-License-Identifier: MIT
// kimi_linear (Kimi-Linear, modeling_kimi.py) and kimi_k3 (Kimi K3, modeling_kimi_k3.py: a
// multimodal wrapper whose language model is kimi_linear under text_config, modules under
// language_model., plus the MoonViT-V2 vision tower and projector under vision_config).
// KDA linear attention mixed with MLA, then dense / MoE MLPs as in DeepSeek-V3 with
// num_experts / num_experts_per_token naming.
//
// Tensors counted, per layer unless noted (H = hidden_size, W = KDA heads x head_dim,
// kd = KDA head_dim):
//   KDA layers: q/k/v_proj [W, H]; q/k/v_conv1d [W, kernel]; f_a_proj [kd, H] (replicated) +
//     f_b_proj [W, kd]; b_proj [heads, H]; g_a_proj [kd, H] (replicated) + g_b_proj [W, kd], or
//     g_proj [W, H] with use_full_rank_gate; dt_bias [W] and A_log [heads] (K3: [kd]) in fp32;
//     o_norm [kd]; o_proj [H, W]
//   MLA layers (archcommon.h addMlaAttention), g_proj [nh*v, H] with mla_use_output_gate
//   input_layernorm, post_attention_layernorm [H]; with attn_res_block_size (Attention
//     Residuals) self_attention_res_norm / _proj and mlp_res_norm / _proj [H], and once
//     output_attn_res_norm / _proj [H]
//   dense layers: mlp.gate_proj / up_proj / down_proj
//   MoE layers: experts x w1 / w3 [I_moe, Wr] + w2 [Wr, I_moe] (Wr = routed_expert_hidden_size,
//     default H); latent MoE routed_expert_down_proj [Wr, H] + up_proj [H, Wr] (+ norm [Wr]);
//     shared experts fused as one MLP of width num_shared_experts x I_moe; router gate
//     [experts, H]; e_score_correction_bias [experts] (fp32 in K3)
//   once: embed_tokens, lm_head, model.norm
//   kimi_k3 vision_config: see addKimiVision below.
// K3 stores the KDA conv weights, dt_bias, A_log, o_norm and the router correction bias in fp32
// (kimi-k3-facts.md §3); Kimi-Linear stores A_log and dt_bias in fp32 (model-facts.md §3).
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/towers.h"

#include <algorithm>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// Which layers are linear (KDA) in a kimi_linear config: linear_attn_config.kda_layers and
/// full_attn_layers are 1-based (model-facts.md §2). Without linear_attn_config all are MLA.
std::vector<bool> kimiLinearLayers(const ConfigReader &c, u64 layers) {
    std::vector<bool> isLinear(layers, false);
    const auto lac = c.optSub("linear_attn_config");
    if (!lac) {
        return isLinear;
    }
    std::vector<int> seen(layers, 0);
    for (const char *key : {"kda_layers", "full_attn_layers"}) {
        for (u64 one : lac->countList(key, layers, 1)) {
            if (seen[one - 1]++) {
                fail(lac->field(key),
                     "layer " + std::to_string(one) + " (1-based) is listed twice");
            }
            isLinear[one - 1] = std::string(key) == "kda_layers";
        }
    }
    for (u64 i = 0; i < layers; ++i) {
        if (!seen[i]) {
            fail(lac->field("kda_layers"), "layer " + std::to_string(i + 1) +
                                               " (1-based) is in neither kda_layers nor "
                                               "full_attn_layers");
        }
    }
    return isLinear;
}

/// The KDA projections, convolutions and small vectors of `n` layers under `at`; reads
/// linear_attn_config.num_heads, head_dim, short_conv_kernel_size and use_full_rank_gate.
struct KdaShape {
    u64 heads = 0, headDim = 0, kernel = 0;
};
KdaShape addKda(const ConfigReader &c, ModelBuilder &b, const std::string &at, u64 n, bool k3) {
    const ConfigReader lac = c.sub("linear_attn_config");
    KdaShape k;
    k.heads = lac.count("num_heads", kMaxHeads);
    k.headDim = lac.count("head_dim", kMaxHeadDim);
    k.kernel = lac.count("short_conv_kernel_size", 64);
    const u64 H = b.dimensions().hidden, kh = k.heads, kd = k.headDim;
    const u64 W = checkedMul(kh, kd, lac.field("head_dim"));
    b.attention(at + "q_proj", W, H, n);
    b.attention(at + "k_proj", W, H, n);
    b.attention(at + "v_proj", W, H, n);
    // q/k/v depthwise causal convs [W, 1, kernel].
    for (const char *conv : {"q_conv1d", "k_conv1d", "v_conv1d"}) {
        b.tensor("short convolutions", GroupRole::Attention, Placement::Sharded, at + conv, W,
                 k.kernel, n, n, k3);
    }
    b.attentionReplicated(at + "f_a_proj", kd, H, n);
    b.attention(at + "f_b_proj", W, kd, n);
    b.attention(at + "b_proj", kh, H, n);
    if (lac.flag("use_full_rank_gate", false)) {
        b.attention(at + "g_proj", W, H, n);
    } else {
        b.attentionReplicated(at + "g_a_proj", kd, H, n);
        b.attention(at + "g_b_proj", W, kd, n);
    }
    b.small(at + "dt_bias", W, n, true);
    b.small(at + "A_log", k3 ? kd : kh, n, true);
    b.small(at + "o_norm", kd, n, k3);
    b.attention(at + "o_proj", H, W, n);
    return k;
}

/// The MoE layers (KimiDecoderLayer: MoE when layer >= first_k_dense_replace and
/// layer % moe_layer_freq == 0), with latent MoE and fused shared experts.
void addKimiMlps(const ConfigReader &c, ModelBuilder &b, bool k3) {
    const u64 H = b.dimensions().hidden, L = b.dimensions().layers;
    const u64 experts = c.countOr("num_experts", 0, kMaxExperts, 0);
    const MoeLayout moe = deepseekMoeLayers(c, L, experts);
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !moe.isMoe(i); }));
    addDenseMlp(c, b, L - moe.moeLayers);
    // The MoE layers' tensors span those layers (until buildKimiLanguageModel clears it).
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return moe.isMoe(i); }));
    if (moe.moeLayers == 0) {
        return;
    }
    const u64 n = moe.moeLayers;
    const u64 topK = topKOf(c, "num_experts_per_token", experts);
    const u64 moeInter = c.count("moe_intermediate_size", kMaxIntermediate);
    const u64 shared = c.countOr("num_shared_experts", 0, kMaxExperts, 0);
    // Latent MoE: experts read a routed_expert_hidden_size-wide latent made once per token by
    // routed_expert_down_proj [W, H] and mapped back by routed_expert_up_proj [H, W]
    // (kimi-k3-facts.md §2). Those, like the router, are stored bf16 although they match no
    // compressed-tensors ignore pattern, so they are not counted as Linear targets.
    const u64 width = c.countOr("routed_expert_hidden_size", H, kMaxHidden);
    const std::string m = b.layerModule(moe.firstDense) + "block_sparse_moe.";
    const std::string f = c.field("num_experts");
    b.gatedMlp("routed experts", GroupRole::RoutedExperts, m + "experts.0.", "w1", "w3", "w2",
               width, moeInter, checkedMul(experts, n, f), checkedMul(topK, n, f));
    if (width != H) {
        b.tensor("latent MoE projections", GroupRole::MoeOther, Placement::Sharded,
                 m + "routed_expert_down_proj", width, H, n, n);
        b.tensor("latent MoE projections", GroupRole::MoeOther, Placement::Sharded,
                 m + "routed_expert_up_proj", H, width, n, n);
        if (c.flag("latent_moe_use_norm", false)) {
            b.small(m + "routed_expert_norm", width, n);
        }
    }
    if (shared > 0) {
        // Stored fused as one MLP of width shared * moe_intermediate_size.
        b.gatedMlp("shared experts", GroupRole::SharedExperts, m + "shared_experts.", "gate_proj",
                   "up_proj", "down_proj", H,
                   checkedMul(shared, moeInter, c.field("num_shared_experts")), n, n);
    }
    b.router(m + "gate", experts, H, n, false);
    // KimiMoEGate always has e_score_correction_bias.
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated,
             m + "gate.e_score_correction_bias", experts, 1, n, n, k3);
    b.setExperts(experts, topK, shared, n,
                 checkedMul(3, width, moeInter, c.field("moe_intermediate_size")), width, moeInter);
}

/// The kimi_linear language model. `k3` selects the Kimi K3 code path (modeling_kimi_k3),
/// whose checkpoint differs in stored dtypes and one shape (kimi-k3-facts.md §3). K3
/// extensions read from the config: mla_use_output_gate (g_proj on MLA layers),
/// use_full_rank_gate (KDA output gate g_proj instead of low-rank g_a/g_b),
/// routed_expert_hidden_size (latent MoE), latent_moe_use_norm, attn_res_block_size (Attention
/// Residual norms and projections).
void buildKimiLanguageModel(const ConfigReader &c, ModelBuilder &b, bool k3) {
    readCommon(c, b);
    const u64 H = b.dimensions().hidden, nh = b.dimensions().heads, L = b.dimensions().layers;
    const std::string l0 = b.layerModule(0);
    const std::string at = l0 + "self_attn.";
    const std::vector<bool> isLinear = kimiLinearLayers(c, L);
    const u64 nLinear = u64(std::count(isLinear.begin(), isLinear.end(), true));
    const u64 nMla = L - nLinear;

    // Each kind's tensors span its own layers (a checkpoint's exclude list names them).
    KdaShape kda;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return bool(isLinear[i]); }));
    if (nLinear > 0) {
        kda = addKda(c, b, at, nLinear, k3);
    }
    MlaShape mla;
    b.setPieceLayers(layersWhere(L, [&](u64 i) { return !isLinear[i]; }));
    if (nMla > 0) {
        mla = readMla(c);
        addMlaAttention(c, b, at, mla, nMla, c.flag("mla_use_output_gate", false));
    }
    b.setPieceLayers({});
    for (u64 i = 0; i < L; ++i) {
        if (isLinear[i]) {
            const u64 convChannels = checkedMul(3, kda.heads, kda.headDim, "linear_attn_config");
            b.setKdaState();
            b.addLinearLayer(kda.heads, kda.headDim, kda.headDim, convChannels, kda.kernel);
        } else {
            b.addMlaLayer(nh, mla.nope + mla.rope, mla.vDim, mla.kvLora, mla.rope);
        }
    }

    // Norms: input / post-attention per layer; Attention Residuals add two norms and two
    // [1, H] projections per layer and one norm + projection at the end (kimi-k3-facts.md §2).
    b.small(l0 + "input_layernorm", H, L);
    b.small(l0 + "post_attention_layernorm", H, L);
    if (c.has("attn_res_block_size")) {
        c.count("attn_res_block_size", kMaxLayers);
        b.small(l0 + "self_attention_res_norm", H, L);
        b.small(l0 + "self_attention_res_proj", H, L);
        b.small(l0 + "mlp_res_norm", H, L);
        b.small(l0 + "mlp_res_proj", H, L);
        b.small(b.modulePrefix() + "model.output_attn_res_norm", H, 1);
        b.small(b.modulePrefix() + "model.output_attn_res_proj", H, 1);
    }
    addKimiMlps(c, b, k3);
    b.setPieceLayers({});
    addEmbeddings(c, b);
}

} // namespace

/// The MoonViT vision tower and its projector of a Kimi vision_config (kimi_k3:
/// kimi-k3-facts.md §2-3; kimi_k25, Kimi K2.5 to K2.7, read by the generic importer through
/// addVisionTower): per block wqkv [3q, D], wo [D, q], MLP fc0 [F, D] + fc1 [D, F] ("mlp2"),
/// two norms; a learned h x w x D position table ("divided_fixed": the temporal part is a
/// fixed sin-cos table without parameters), the patch projection [D, 3, p, p] and a final
/// norm. Projector, m = mm_hidden x merge_h x merge_w: patchmergerv2 (K3) [m, m] and
/// [text_hidden, m] plus post_norm; patchmerger (K2.5, as Kimi-VL's KimiVLMultiModalProjector
/// in vLLM's kimi_vl.py builds it) a LayerNorm over mm_hidden, then [m, m] and [text_hidden, m]
/// with biases. None of it is active for a text token. SGLang's vision fraction rule reads the
/// tower's depth and width, vt_num_hidden_layers and vt_hidden_size where the config names
/// them so (a Kimi-K2.5 start-up on 8 x MI355X, SGLang v0.5.8.post1, logs the default fraction
/// 0.8260405859375 = 0.908 x 0.95 x the factor at 27 layers of 1,152; ajith-sirra-amd/Issues
/// Kimi-K2.5-MI355X-SGLANG-ERROR.md).
void addMoonVitTower(const ConfigReader &v, ModelBuilder &b) {
    const u64 D = v.count("vt_hidden_size", kMaxHidden);
    const u64 blocks = v.count("vt_num_hidden_layers", kMaxLayers);
    const u64 q = v.countOr("qkv_hidden_size", D, kMaxHidden);
    const u64 F = v.count("vt_intermediate_size", kMaxIntermediate);
    const u64 patch = v.count("patch_size", 1024);
    const u64 posH = v.count("init_pos_emb_height", 1u << 12);
    const u64 posW = v.count("init_pos_emb_width", 1u << 12);
    const bool attnBias = v.flag("attn_bias", false);
    const bool linearBias = v.flag("linear_bias", false);
    const bool patchBias = v.flag("patch_embed_proj_bias", false);
    const std::string normType = v.str("norm_type", "rmsnorm");
    if (normType != "rmsnorm" && normType != "layernorm") {
        fail(v.field("norm_type"), "unsupported '" + normType + "'");
    }
    const u64 normParams = normType == "layernorm" ? 2 * D : D;
    const std::string mlpType = v.str("mlp_type", "mlp2");
    if (mlpType != "mlp2") {
        fail(v.field("mlp_type"), "unsupported '" + mlpType + "'");
    }
    const std::string posType = v.str("pos_emb_type", "divided_fixed");
    if (posType != "divided_fixed") {
        fail(v.field("pos_emb_type"), "unsupported '" + posType + "'");
    }
    const std::string vt = "vision_tower.";
    const auto vision = [&](const std::string &module, u64 rows, u64 cols, u64 count) {
        b.linear("vision tower", GroupRole::Vision, Placement::Sharded, vt + module, rows, cols,
                 count, 0);
    };
    const std::string fq = v.field("qkv_hidden_size");
    vision("encoder.blocks.0.wqkv", checkedMul(3, q, fq), D, blocks);
    vision("encoder.blocks.0.wo", D, q, blocks);
    vision("encoder.blocks.0.mlp.fc0", F, D, blocks);
    vision("encoder.blocks.0.mlp.fc1", D, F, blocks);
    u64 vectors = checkedMul(2, normParams, v.field("vt_hidden_size"));
    if (attnBias) {
        vectors = checkedAdd(vectors, checkedMul(3, q, fq) + D, v.field("attn_bias"));
    }
    if (linearBias) {
        vectors = checkedAdd(vectors, F + D, v.field("linear_bias"));
    }
    const auto tower = [&](const std::string &module, u64 rows, u64 cols, u64 count) {
        b.tensor("vision tower", GroupRole::Vision, Placement::Sharded, vt + module, rows, cols,
                 count, 0);
    };
    tower("encoder.blocks.0.norms", vectors, 1, blocks);
    tower("patch_embed.pos_emb", checkedMul(posH, posW, v.field("init_pos_emb_width")), D, 1);
    tower("patch_embed.proj", D, checkedMul(3, patch, patch, v.field("patch_size")), 1);
    if (patchBias) {
        tower("patch_embed.proj.bias", D, 1, 1);
    }
    tower("encoder.final_layernorm", normParams, 1, 1);
    // The depth and width SGLang's memory-fraction rule reads (engine.h
    // sglangVisionFractionFactor): MoonViT names them vt_*.
    b.setVisionConfig(v.countOr("num_hidden_layers", blocks, kMaxLayers, 0),
                      v.countOr("hidden_size", D, kMaxHidden, 0));

    const std::string projType = v.str("mm_projector_type", "patchmergerv2");
    if (projType != "patchmergerv2" && projType != "patchmerger") {
        fail(v.field("mm_projector_type"), "unsupported '" + projType + "'");
    }
    const std::vector<u64> merge = v.countList("merge_kernel_size", 64, 1);
    if (merge.size() != 2) {
        fail(v.field("merge_kernel_size"), "must be a [height, width] pair");
    }
    const u64 mmHidden = v.countOr("mm_hidden_size", D, kMaxHidden);
    const u64 textHidden = v.countOr("text_hidden_size", b.dimensions().hidden, kMaxHidden);
    const u64 m = checkedMul(mmHidden, merge[0], merge[1], v.field("merge_kernel_size"));
    b.linear("multimodal projector", GroupRole::Vision, Placement::Sharded, "mm_projector.proj.0",
             m, m, 1, 0);
    b.linear("multimodal projector", GroupRole::Vision, Placement::Sharded, "mm_projector.proj.2",
             textHidden, m, 1, 0);
    if (projType == "patchmergerv2") {
        b.tensor("multimodal projector", GroupRole::Vision, Placement::Sharded,
                 "mm_projector.post_norm", textHidden, 1, 1, 0);
    } else {
        // pre_norm (weight and bias over mm_hidden) and the two layers' biases.
        b.tensor("multimodal projector", GroupRole::Vision, Placement::Sharded,
                 "mm_projector.pre_norm",
                 checkedAdd(checkedMul(2, mmHidden, v.field("mm_hidden_size")), m + textHidden,
                            v.field("mm_hidden_size")),
                 1, 1, 0);
    }
}

std::optional<ConfigReader> buildKimiLinear(const ConfigReader &c, const std::string &,
                                            ModelBuilder &b) {
    buildKimiLanguageModel(c, b, false);
    return std::nullopt;
}

std::optional<ConfigReader> buildKimiK3(const ConfigReader &c, const std::string &,
                                        ModelBuilder &b) {
    // Multimodal wrapper: the language model (model_type kimi_linear) in text_config, the
    // vision tower in vision_config; modules live under language_model.
    const ConfigReader text = c.sub("text_config");
    b.setModulePrefix("language_model.");
    const std::string inner = text.str("model_type", "kimi_linear");
    if (inner != "kimi_linear") {
        fail(text.field("model_type"), "unsupported language model '" + inner + "' inside kimi_k3");
    }
    buildKimiLanguageModel(text, b, true);
    if (c.has("vision_config")) {
        addMoonVitTower(c.sub("vision_config"), b);
    }
    return text;
}

} // namespace hostplan::importer
