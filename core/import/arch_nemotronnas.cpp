// SPDX-License-Identifier: MIT
// nemotron-nas: the Llama-Nemotron Super / Ultra checkpoints (DeciLMForCausalLM), a Llama whose
// layers were each searched for their own shape: block_configs holds one {attention, ffn}
// object per decoder layer (vLLM nemotron_nas.py @ 00bd1493 DeciLMDecoderLayer).
//
// Tensors counted, per layer by its block config (H = hidden_size, hd = H / heads):
//   attention, unless attention.no_op: q_proj [heads x hd, H], k_proj / v_proj [kv x hd, H] with
//     kv = num_attention_heads / attention.n_heads_in_group, o_proj [H, heads x hd],
//     input_layernorm [H]; attention.replace_with_linear: one linear [H, H] instead (the
//     DeciLM modeling file's linear attention; vLLM's nemotron_nas.py does not build it)
//   ffn, unless ffn.no_op: a gated MLP gate / up [I, H], down [H, I] with
//     I = ffn.intermediate_size, else _ffn_mult_to_intermediate_size: int(2 x ffn_mult x H / 3)
//     rounded up to a multiple of 256, post_attention_layernorm [H];
//     ffn.replace_with_linear: one linear [H, H]
//   once: embed_tokens, lm_head (unless tied), model.norm
// Only the layers with attention keep a KV cache (vLLM counts kv_cache_index over them).
#include "import/archcommon.h"
#include "import/architectures.h"

#include <cmath>
#include <map>
#include <tuple>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// One decoder layer's shape: kv = 0 for a layer without attention, inter = 0 without FFN;
/// the linear replacements are flagged.
struct NasBlock {
    u64 kv = 0, inter = 0;
    bool linearAttention = false, linearFfn = false;
};

/// Whether the block config's part `part` (attention or ffn) sets `key` true.
bool partFlag(const ConfigReader &part, const char *key) {
    const nlohmann::json *v = part.get(key);
    if (v && !v->is_null() && !v->is_boolean()) {
        fail(part.field(key), "must be true or false");
    }
    return v && v->is_boolean() && v->get<bool>();
}

/// The MLP width of one block's ffn part (vLLM _ffn_mult_to_intermediate_size: the float
/// product as Python computes it, truncated, then rounded up to a multiple of 256).
u64 ffnWidth(const ConfigReader &ffn, u64 hidden) {
    if (ffn.has("intermediate_size") && !ffn.get("intermediate_size")->is_null()) {
        return ffn.count("intermediate_size", kMaxIntermediate);
    }
    const nlohmann::json *mult = ffn.get("ffn_mult");
    if (!mult || !mult->is_number()) {
        fail(ffn.field("ffn_mult"), "missing or not a number: the block's MLP width is "
                                    "int(2 x ffn_mult x hidden_size / 3)");
    }
    const double m = mult->get<double>();
    if (!std::isfinite(m) || m <= 0 || m > 64) {
        fail(ffn.field("ffn_mult"), "must be above 0 and at most 64");
    }
    const u64 width = u64(2.0 * m * double(hidden) / 3.0);
    const u64 rounded = width % 256 == 0 ? width : width + 256 - width % 256;
    if (rounded == 0 || rounded > kMaxIntermediate) {
        fail(ffn.field("ffn_mult"),
             "gives an MLP width outside 1 to " + std::to_string(kMaxIntermediate));
    }
    return rounded;
}

/// Reads block_configs, one object per layer.
std::vector<NasBlock> readBlocks(const ConfigReader &c, u64 layers, u64 heads, u64 hidden) {
    const nlohmann::json *list = c.get("block_configs");
    if (!list || !list->is_array() || list->size() != layers) {
        fail(c.field("block_configs"),
             list && list->is_array()
                 ? "has " + std::to_string(list->size()) + " entries for " +
                       std::to_string(layers) + " layers"
                 : std::string("must be a list of one {attention, ffn} object per layer"));
    }
    std::vector<NasBlock> blocks(layers);
    for (u64 i = 0; i < layers; ++i) {
        const std::string at = c.field("block_configs[" + std::to_string(i) + "]");
        if (!(*list)[i].is_object()) {
            fail(at, "must be an {attention, ffn} object");
        }
        const ConfigReader block((*list)[i], at);
        const ConfigReader attn = block.sub("attention");
        const ConfigReader ffn = block.sub("ffn");
        NasBlock &k = blocks[i];
        if (!partFlag(attn, "no_op")) {
            k.linearAttention = partFlag(attn, "replace_with_linear");
            if (!k.linearAttention) {
                const u64 group = attn.count("n_heads_in_group", heads);
                if (heads % group != 0) {
                    fail(attn.field("n_heads_in_group"),
                         std::to_string(group) + " does not divide the " + std::to_string(heads) +
                             " attention heads");
                }
                k.kv = heads / group;
            }
        }
        if (!partFlag(ffn, "no_op")) {
            k.linearFfn = partFlag(ffn, "replace_with_linear");
            k.inter = k.linearFfn ? 0 : ffnWidth(ffn, hidden);
        }
    }
    return blocks;
}

} // namespace

std::optional<ConfigReader> buildNemotronNas(const ConfigReader &c, const std::string &,
                                             ModelBuilder &b) {
    readCommon(c, b);
    const ModelDimensions &d = b.dimensions();
    const u64 H = d.hidden, L = d.layers;
    AttnShape a;
    a.heads = d.heads;
    a.hd = headDimOf(c, H, d.heads);
    a.qkvBias = a.oBias = c.flag("attention_bias", false);
    const std::vector<NasBlock> blocks = readBlocks(c, L, a.heads, H);

    // Layers of one shape share a piece (its representative module is the first of them).
    std::map<u64, std::vector<std::uint32_t>> byKv, byInter;
    std::vector<std::uint32_t> linearAttn, linearFfn;
    for (u64 i = 0; i < L; ++i) {
        const NasBlock &k = blocks[i];
        if (k.kv > 0) {
            byKv[k.kv].push_back(std::uint32_t(i));
        }
        if (k.inter > 0) {
            byInter[k.inter].push_back(std::uint32_t(i));
        }
        if (k.linearAttention) {
            linearAttn.push_back(std::uint32_t(i));
        }
        if (k.linearFfn) {
            linearFfn.push_back(std::uint32_t(i));
        }
    }
    for (const auto &[kv, layers] : byKv) {
        AttnShape s = a;
        s.kv = kv;
        b.setPieceLayers(layers);
        addSoftmaxAttention(b, b.layerModule(layers.front()) + "self_attn.", s, layers.size());
        b.small(b.layerModule(layers.front()) + "input_layernorm", H, layers.size());
    }
    for (const auto &[inter, layers] : byInter) {
        b.setPieceLayers(layers);
        b.gatedMlp("dense MLP", GroupRole::DenseMlp, b.layerModule(layers.front()) + "mlp.",
                   "gate_proj", "up_proj", "down_proj", H, inter, layers.size(), layers.size());
        b.small(b.layerModule(layers.front()) + "post_attention_layernorm", H, layers.size());
    }
    for (const auto &[layers, what, role] :
         {std::tuple{&linearAttn, "self_attn.linear_attn", GroupRole::Attention},
          std::tuple{&linearFfn, "mlp.linear_mlp", GroupRole::DenseMlp}}) {
        if (!layers->empty()) {
            b.setPieceLayers(*layers);
            b.linear(role == GroupRole::Attention ? "attention" : "dense MLP", role,
                     Placement::Sharded, b.layerModule(layers->front()) + what, H, H,
                     layers->size(), layers->size());
        }
    }
    b.setPieceLayers({});
    if (!linearAttn.empty()) {
        b.note(std::to_string(linearAttn.size()) +
               " layer(s) replace attention with a linear layer (block_configs "
               "replace_with_linear); vLLM's nemotron_nas.py does not build that variant");
    }
    for (u64 i = 0; i < L; ++i) {
        if (blocks[i].kv > 0) {
            b.atBlock(i);
            b.addSoftmaxLayer(a.heads, blocks[i].kv, a.hd, 0);
        }
    }
    addEmbeddings(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
