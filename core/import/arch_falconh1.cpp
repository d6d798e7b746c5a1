// SPDX-License-Identifier: MIT
// falcon_h1: TII's Falcon-H1 (FalconH1ForCausalLM: Falcon-H1-Tiny, -0.5B ... -34B, -1.5B-Deep).
// Every decoder layer runs an attention branch and a Mamba2 mixer side by side on the same
// input and adds their outputs (a parallel hybrid), then a gated MLP.
//
// Source: vLLM vllm/model_executor/models/falcon_h1.py at
// 0189427238e6f89c55a0f85da90f330d6e0d6ae7 (FalconH1ParallelHybrid; FalconH1AttentionDecoderLayer:
// head_dim from config.head_dim, else hidden_size / heads, no biases; FalconH1SSMDecoderLayer:
// MambaMixer2 of intermediate size mamba_d_ssm, else mamba_expand x hidden_size, with
// use_rms_norm = mamba_rms_norm; FalconH1MLP: gate_up_proj [2 x I, H], down_proj [H, I], no
// bias). Omitted keys take FalconH1Config's defaults (transformers configuration_falcon_h1.py
// @ 020a37d2: num_key_value_heads 8, the Mamba2 defaults of import/mamba.h kFalconH1MambaKeys,
// untied embeddings), each noted.
//
// Tensors counted (H = hidden_size; every layer under model.layers.N.): self_attn.q_proj
// [heads x hd, H], k_proj / v_proj [kv x hd, H], o_proj [H, heads x hd]; mamba.* as
// import/mamba.h addMamba2Mixers; feed_forward.gate_proj / up_proj [I, H], down_proj [H, I];
// input_layernorm, pre_ff_layernorm [H]; once model.embed_tokens, lm_head
// (tie_word_embeddings), the final norm [H].
// Caches: every layer keeps both its attention's K and V and its Mamba2 state, so the model
// lists L attention and L Mamba2 layers (ModelSpec::parallelHybrid): vLLM registers one
// attention and one Mamba layer per block in its cache groups, and llama.cpp's hybrid memory
// takes every Falcon-H1 layer in both filters (src/llama-model.cpp @ a5410f04 create_memory).
// Refused, naming the key: num_key_value_heads not dividing the heads, head_dim absent with
// the heads not dividing hidden_size, and readMamba2's refusals (the inner width differing
// from mamba_n_heads x mamba_d_head, among others).
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/mamba.h"

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// The attention shape: num_key_value_heads (absent: FalconH1Config's 8, noted), head_dim when
/// given, else hidden_size / heads (vLLM FalconH1AttentionDecoderLayer).
AttnShape falconH1Attention(const ConfigReader &c, ModelBuilder &b) {
    AttnShape a;
    a.heads = b.dimensions().heads;
    a.kv = kvHeadsWithClassDefault(c, b, a.heads, {"FalconH1Config", 8});
    // head_dim only: FalconH1Config has no other spelling (headDimOf also reads Hunyuan's).
    const u64 H = b.dimensions().hidden;
    if (c.has("head_dim")) {
        a.hd = c.count("head_dim", kMaxHeadDim);
    } else if (H % a.heads != 0) {
        fail(c.field("num_attention_heads"),
             std::to_string(a.heads) + " does not divide hidden_size " + std::to_string(H));
    } else {
        a.hd = H / a.heads;
    }
    return a;
}

} // namespace

std::optional<ConfigReader> buildFalconH1(const ConfigReader &c, const std::string &,
                                          ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    const std::string l0 = b.layerModule(0);
    const Mamba2Shape mamba = readMamba2(c, b, kFalconH1MambaKeys, H, L);
    addMamba2Mixers(b, l0 + "mamba.", mamba, L);
    const AttnShape attn = falconH1Attention(c, b);
    addSoftmaxAttention(b, l0 + "self_attn.", attn, L);
    for (u64 i = 0; i < L; ++i) {
        b.addSoftmaxLayer(attn.heads, attn.kv, attn.hd, 0);
        addMamba2Layer(b, mamba);
    }
    const u64 inter = c.count("intermediate_size", kMaxIntermediate);
    b.gatedMlp("dense MLP", GroupRole::DenseMlp, l0 + "feed_forward.", "gate_proj", "up_proj",
               "down_proj", H, inter, L, L);
    b.small(l0 + "input_layernorm", H, L);
    b.small(l0 + "pre_ff_layernorm", H, L);
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
