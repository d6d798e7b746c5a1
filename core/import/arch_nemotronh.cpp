// SPDX-License-Identifier: MIT
// nemotron_h: NVIDIA's hybrid Mamba2 models (NemotronHForCausalLM: Nemotron-H, Nemotron Nano
// v2, Nemotron 3 Nano / Super / Ultra). Each decoder block is one mixer: Mamba2, attention, a
// non-gated MLP or a MoE, in the order the config lists them.
//
// Source: vLLM vllm/model_executor/models/nemotron_h.py at
// 8744bb0924a53c0d16867426b8b17428d41e4002 (NemotronHModel, NemotronHMambaDecoderLayer,
// NemotronHAttention, NemotronHMLP, NemotronHMoE) and its MambaMixer2
// (vllm/model_executor/layers/mamba/mamba_mixer2.py; state shapes from
// MambaStateShapeCalculator.mamba2_state_shape).
//
// Blocks: one per character of hybrid_override_pattern ('M' Mamba2, '*' attention, '-' MLP,
// 'E' MoE), or, in transformers' newer configs, one per entry of layers_block_type ("mamba",
// "attention", "mlp", "moe"). The block count is the layer count; num_hidden_layers, when
// given, must agree (Nemotron 3 Ultra's config omits it).
//
// Tensors counted (H = hidden_size; every block under backbone.layers.N.):
//   every block: norm [H]
//   Mamba2 (mixer.*), I = mamba_num_heads x mamba_head_dim, conv = I + 2 x n_groups x
//     ssm_state_size: in_proj [I + conv + mamba_num_heads, H] (+ bias with use_bias),
//     conv1d [conv, conv_kernel] (+ bias [conv] with use_conv_bias), dt_bias / A_log / D
//     [mamba_num_heads], norm [I], out_proj [H, I] (+ bias with use_bias)
//   attention: q_proj [heads x hd, H], k_proj / v_proj [kv x hd, H], o_proj [H, heads x hd]
//     (biases with attention_bias); hd = head_dim, else H / heads
//   MLP: up_proj [I_mlp, H], down_proj [H, I_mlp] (+ biases with mlp_bias); I_mlp =
//     intermediate_size, an integer or a list indexed by the MLP block's ordinal (one entry:
//     every MLP block)
//   MoE, W = moe_latent_size when set, else H: gate [n_routed_experts, H] and
//     gate.e_score_correction_bias [n_routed_experts], both fp32; experts x non-gated
//     up_proj [moe_intermediate_size, W] + down_proj [W, moe_intermediate_size]; with a
//     latent, fc1_latent_proj [W, H] and fc2_latent_proj [H, W] (replicated; biases with
//     mlp_bias); shared_experts up / down of moe_shared_expert_intermediate_size x
//     n_shared_experts
//   once: backbone.embeddings [vocab, H], lm_head [vocab, H] (tie_word_embeddings, default
//     false, makes them one), backbone.norm_f [H]
// Caches: attention blocks hold K and V (kv x hd each per token); Mamba2 blocks a state of
// mamba_num_heads x mamba_head_dim x ssm_state_size (mamba_ssm_cache_dtype, float32) and a
// conv window of conv x (conv_kernel - 1) per sequence, split by heads under TP.
// Not counted: the MTP block(s) (num_nextn_predict_layers; their blocks in
// mtp_hybrid_override_pattern / mtp_layers_block_type), noted as arch_generic.cpp does.
// Refused, naming the key: an unknown block, a count disagreeing with num_hidden_layers, both
// block lists given and disagreeing, per-block configurations (block_configs), a missing or
// implausible size.
#include "import/archcommon.h"
#include "import/architectures.h"
#include "import/mamba.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace hostplan::importer {

using u64 = std::uint64_t;

namespace {

/// The mixer of one decoder block (vLLM ALL_DECODER_LAYER_TYPES).
enum class Block { Mamba, Attention, Mlp, Moe };

/// A pattern character as an error message shows it: 'X', or its byte value when unprintable.
std::string shown(char ch) {
    const auto u = static_cast<unsigned char>(ch);
    return std::isprint(u) ? "'" + std::string(1, ch) + "'" : "byte " + std::to_string(u);
}

/// hybrid_override_pattern as blocks; empty when absent.
std::vector<Block> patternBlocks(const ConfigReader &c) {
    std::vector<Block> out;
    if (!c.has("hybrid_override_pattern")) {
        return out;
    }
    const std::string f = c.field("hybrid_override_pattern");
    const std::string p = c.str("hybrid_override_pattern");
    if (p.empty() || p.size() > kMaxLayers) {
        fail(f, "has " + std::to_string(p.size()) + " blocks; expected 1 to " +
                    std::to_string(kMaxLayers));
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
        switch (p[i]) {
        case 'M':
            out.push_back(Block::Mamba);
            break;
        case '*':
            out.push_back(Block::Attention);
            break;
        case '-':
            out.push_back(Block::Mlp);
            break;
        case 'E':
            out.push_back(Block::Moe);
            break;
        default:
            fail(f, "unknown block " + shown(p[i]) + " at position " + std::to_string(i) +
                        "; expected M (Mamba2), * (attention), - (MLP) or E (MoE)");
        }
    }
    return out;
}

/// layers_block_type as blocks; empty when absent.
std::vector<Block> typeBlocks(const ConfigReader &c) {
    std::vector<Block> out;
    if (!c.has("layers_block_type")) {
        return out;
    }
    const std::vector<std::string> types = c.strList("layers_block_type");
    if (types.empty() || types.size() > kMaxLayers) {
        fail(c.field("layers_block_type"), "has " + std::to_string(types.size()) +
                                               " blocks; expected 1 to " +
                                               std::to_string(kMaxLayers));
    }
    for (std::size_t i = 0; i < types.size(); ++i) {
        const std::string &t = types[i];
        if (t == "mamba") {
            out.push_back(Block::Mamba);
        } else if (t == "attention") {
            out.push_back(Block::Attention);
        } else if (t == "mlp") {
            out.push_back(Block::Mlp);
        } else if (t == "moe") {
            out.push_back(Block::Moe);
        } else {
            fail(c.field("layers_block_type[" + std::to_string(i) + "]"),
                 "unknown block type '" + t + "'; expected mamba, attention, mlp or moe");
        }
    }
    return out;
}

/// The blocks in order, from hybrid_override_pattern or layers_block_type (both: they must
/// agree), checked against num_hidden_layers when present.
std::vector<Block> readBlocks(const ConfigReader &c) {
    if (c.has("block_configs")) {
        fail(c.field("block_configs"), "per-block configurations (heterogeneous Nemotron-H "
                                       "blocks) are not read; their sizes cannot be known");
    }
    const std::vector<Block> fromPattern = patternBlocks(c);
    const std::vector<Block> fromTypes = typeBlocks(c);
    if (fromPattern.empty() && fromTypes.empty()) {
        fail(c.field("hybrid_override_pattern"),
             "missing; a nemotron_h config lists its blocks in hybrid_override_pattern or "
             "layers_block_type");
    }
    if (!fromPattern.empty() && !fromTypes.empty() && fromPattern != fromTypes) {
        fail(c.field("layers_block_type"), "disagrees with hybrid_override_pattern");
    }
    const std::vector<Block> &blocks = fromPattern.empty() ? fromTypes : fromPattern;
    const char *listKey = fromPattern.empty() ? "layers_block_type" : "hybrid_override_pattern";
    if (c.has("num_hidden_layers")) {
        const u64 layers = c.count("num_hidden_layers", kMaxLayers);
        if (layers != blocks.size()) {
            fail(c.field("num_hidden_layers"), std::to_string(layers) + " disagrees with the " +
                                                   std::to_string(blocks.size()) + " blocks of " +
                                                   listKey);
        }
    }
    return blocks;
}

/// The widths of the MLP blocks, in order: intermediate_size as an integer, a one-entry list
/// or one entry per MLP block.
std::vector<u64> mlpWidths(const ConfigReader &c, u64 mlpBlocks) {
    const nlohmann::json *v = c.get("intermediate_size");
    if (v && v->is_array()) {
        std::vector<u64> widths = c.countList("intermediate_size", kMaxIntermediate, 1);
        if (widths.size() == 1) {
            return std::vector<u64>(mlpBlocks, widths[0]);
        }
        if (widths.size() != mlpBlocks) {
            fail(c.field("intermediate_size"), "has " + std::to_string(widths.size()) +
                                                   " entries for " + std::to_string(mlpBlocks) +
                                                   " MLP blocks");
        }
        return widths;
    }
    return std::vector<u64>(mlpBlocks, c.count("intermediate_size", kMaxIntermediate));
}

/// The MLP blocks: one piece pair per distinct width, named after its first block.
void addMlpBlocks(const ConfigReader &c, ModelBuilder &b, const std::vector<Block> &blocks) {
    std::vector<u64> firstBlock;
    for (u64 i = 0; i < blocks.size(); ++i) {
        if (blocks[i] == Block::Mlp) {
            firstBlock.push_back(i);
        }
    }
    if (firstBlock.empty()) {
        return;
    }
    const std::vector<u64> widths = mlpWidths(c, firstBlock.size());
    const bool bias = c.flag("mlp_bias", false);
    std::map<u64, std::pair<u64, u64>> byWidth; // width -> (first block, blocks)
    for (std::size_t k = 0; k < widths.size(); ++k) {
        auto it = byWidth.try_emplace(widths[k], firstBlock[k], 0).first;
        ++it->second.second;
    }
    const u64 H = b.dimensions().hidden;
    for (const auto &[width, where] : byWidth) {
        std::vector<std::uint32_t> layers;
        for (std::size_t k = 0; k < widths.size(); ++k) {
            if (widths[k] == width) {
                layers.push_back(std::uint32_t(firstBlock[k]));
            }
        }
        b.setPieceLayers(std::move(layers));
        const std::string m = b.layerModule(where.first) + "mixer.";
        b.plainMlp("dense MLP", GroupRole::DenseMlp, m, "up_proj", "down_proj", H, width,
                   where.second, where.second);
        if (bias) {
            b.tensor("dense MLP", GroupRole::DenseMlp, Placement::Sharded, m + "up_proj.bias",
                     width, 1, where.second, where.second);
            b.tensor("dense MLP", GroupRole::DenseMlp, Placement::Sharded, m + "down_proj.bias", H,
                     1, where.second, where.second);
        }
    }
    b.setPieceLayers({});
}

/// Adds `n` MoE mixers under `at` (NemotronHMoE) and sets the expert facts.
void addMoeMixers(const ConfigReader &c, ModelBuilder &b, const std::string &at, u64 n) {
    const u64 H = b.dimensions().hidden;
    const u64 experts = c.count("n_routed_experts", kMaxExperts);
    const u64 topK = topKOf(c, "num_experts_per_tok", experts);
    const u64 inter = c.count("moe_intermediate_size", kMaxIntermediate);
    // vLLM: latent MoE when moe_latent_size is not None.
    const u64 latent = c.countOr("moe_latent_size", 0, kMaxHidden, 1);
    if (latent > H) {
        fail(c.field("moe_latent_size"), std::to_string(latent) + " is wider than hidden_size " +
                                             std::to_string(H) +
                                             " (a latent projects the hidden state down)");
    }
    const u64 width = latent ? latent : H;
    const u64 shared = c.countOr("n_shared_experts", 0, kMaxExperts, 0);
    const bool bias = c.flag("mlp_bias", false);
    const std::string f = c.field("n_routed_experts");

    // The router runs in fp32 and the checkpoint stores it so (router_logits_dtype).
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated, at + "gate", experts, H, n, n,
             true);
    b.tensor("router", GroupRole::MoeOther, Placement::Replicated,
             at + "gate.e_score_correction_bias", experts, 1, n, n, true);
    b.plainMlp("routed experts", GroupRole::RoutedExperts, at + "experts.0.", "up_proj",
               "down_proj", width, inter, checkedMul(experts, n, f), checkedMul(topK, n, f));
    if (latent) {
        b.linear("latent MoE projections", GroupRole::MoeOther, Placement::Replicated,
                 at + "fc1_latent_proj", latent, H, n, n);
        b.linear("latent MoE projections", GroupRole::MoeOther, Placement::Replicated,
                 at + "fc2_latent_proj", H, latent, n, n);
        if (bias) {
            b.tensor("latent MoE projections", GroupRole::MoeOther, Placement::Replicated,
                     at + "fc1_latent_proj.bias", latent, 1, n, n);
            b.tensor("latent MoE projections", GroupRole::MoeOther, Placement::Replicated,
                     at + "fc2_latent_proj.bias", H, 1, n, n);
        }
    }
    if (shared > 0) {
        const u64 sharedInter = c.count("moe_shared_expert_intermediate_size", kMaxIntermediate);
        b.plainMlp("shared experts", GroupRole::SharedExperts, at + "shared_experts.", "up_proj",
                   "down_proj", H, checkedMul(shared, sharedInter, c.field("n_shared_experts")), n,
                   n);
    }
    b.setExperts(experts, topK, shared, n,
                 checkedMul(2, width, inter, c.field("moe_intermediate_size")), width, inter);
}

/// The MTP block(s) the checkpoint ships beside the decoder: noted, not counted.
void noteMtp(const ConfigReader &c, ModelBuilder &b) {
    const u64 n = c.countOr("num_nextn_predict_layers", 0, kMaxLayers, 0);
    if (n == 0) {
        return;
    }
    std::string blocks;
    if (c.has("mtp_hybrid_override_pattern")) {
        blocks = " of blocks '" + c.str("mtp_hybrid_override_pattern") + "'";
    } else if (c.has("mtp_layers_block_type")) {
        for (const std::string &t : c.strList("mtp_layers_block_type")) {
            blocks += (blocks.empty() ? " of blocks " : ", ") + t;
        }
    }
    b.setMtpLayers(n);
    b.note(std::to_string(n) + " MTP layer(s)" + blocks + " (" +
           c.field("num_nextn_predict_layers") +
           ") are not in the model's parameter count; engines load them only for "
           "speculative decoding, and a plan that speculates counts their memory (draft weights)");
}

} // namespace

std::optional<ConfigReader> buildNemotronH(const ConfigReader &c, const std::string &,
                                           ModelBuilder &b) {
    const std::vector<Block> blocks = readBlocks(c);
    ModelDimensions d;
    d.hidden = c.count("hidden_size", kMaxHidden);
    d.layers = blocks.size();
    d.heads = c.count("num_attention_heads", kMaxHeads);
    d.vocab = c.count("vocab_size", kMaxVocab);
    d.maxContext = c.countOr("max_position_embeddings", 0, kMaxContext);
    b.setDimensions(d);
    b.setLayerRoot("backbone.layers.");
    const u64 H = d.hidden, L = d.layers;

    const auto first = [&](Block k) {
        return u64(std::find(blocks.begin(), blocks.end(), k) - blocks.begin());
    };
    const auto countOf = [&](Block k) { return u64(std::count(blocks.begin(), blocks.end(), k)); };
    const u64 nMamba = countOf(Block::Mamba), nAttn = countOf(Block::Attention);
    const u64 nMoe = countOf(Block::Moe);
    if (nMamba + nAttn == 0) {
        fail(c.field(c.has("layers_block_type") ? "layers_block_type" : "hybrid_override_pattern"),
             "has no Mamba or attention block: no layer mixes tokens");
    }

    // Each kind of block's tensors span its own layers (a checkpoint's exclude list names them).
    const auto layersOf = [&](Block k) {
        return layersWhere(L, [&](u64 i) { return blocks[i] == k; });
    };
    Mamba2Shape mamba;
    b.setPieceLayers(layersOf(Block::Mamba));
    if (nMamba > 0) {
        mamba = readMamba2(c, b, kNemotronHMambaKeys, H, nMamba);
        addMamba2Mixers(b, b.layerModule(first(Block::Mamba)) + "mixer.", mamba, nMamba);
    }
    AttnShape attn;
    b.setPieceLayers(layersOf(Block::Attention));
    if (nAttn > 0) {
        attn = readAttnShape(c, b);
        attn.qkvBias = attn.oBias = c.flag("attention_bias", false);
        addSoftmaxAttention(b, b.layerModule(first(Block::Attention)) + "mixer.", attn, nAttn);
    }
    b.setPieceLayers({});
    const u64 window = c.countOr("sliding_window", 0, kMaxContext, 0);
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        // The mixers sit in their blocks among the MLP / MoE blocks, which pipeline stages
        // split alike (vLLM nemotron_h.py builds num_hidden_layers blocks with make_layers).
        if (blocks[i] == Block::Mamba) {
            b.atBlock(i);
            addMamba2Layer(b, mamba);
        } else if (blocks[i] == Block::Attention) {
            b.atBlock(i);
            b.addSoftmaxLayer(attn.heads, attn.kv, attn.hd, window);
        }
    }
    addMlpBlocks(c, b, blocks);
    b.setPieceLayers(layersOf(Block::Moe));
    if (nMoe > 0) {
        addMoeMixers(c, b, b.layerModule(first(Block::Moe)) + "mixer.", nMoe);
    }
    b.setPieceLayers({});
    b.small(b.layerModule(0) + "norm", H, L);

    if (c.flag("tie_word_embeddings", false)) {
        b.tensor("embedding (tied lm_head)", GroupRole::LmHead, Placement::Sharded,
                 "backbone.embeddings", d.vocab, H, 1, 1);
    } else {
        // The input embedding is a row gather, not a matmul: not active (modelspec.h).
        b.tensor("embedding", GroupRole::Embedding, Placement::Sharded, "backbone.embeddings",
                 d.vocab, H, 1, 0);
        b.linear("lm_head", GroupRole::LmHead, Placement::Sharded, "lm_head", d.vocab, H, 1, 1);
    }
    b.small("backbone.norm_f", H, 1);
    noteMtp(c, b);
    return std::nullopt;
}

} // namespace hostplan::importer
