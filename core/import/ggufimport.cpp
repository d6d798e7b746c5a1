// SPDX-License-Identifier: MIT
// GGUF header -> ModelSpec (keys and tensor roles in ggufimport.h).
#include "import/ggufimport.h"
#include "import/ggufarchs.h"

#include "util/textutil.h"
#include "util/terminaltext.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <optional>
#include <string_view>
#include <tuple>

namespace hostplan {

namespace {

using gguf::Value;

/// A failure inside this file, returned as an Error by ggufToModelSpec.
struct ImportError {
    std::string key;
    std::string message;
};

/// Reads architecture keys "<arch>.<name>" with their scalar-or-per-layer forms.
class MetaReader {
  public:
    MetaReader(const gguf::Header &h, std::string arch) : m_h(h), m_arch(std::move(arch)) {}

    std::string key(const std::string &name) const { return m_arch + "." + name; }
    const Value *find(const std::string &name) const { return m_h.find(key(name)); }

    /// A non-negative integer "<arch>.name" (the largest element of a per-layer array), or
    /// `fallback` when absent; `required` makes absence an error.
    std::uint64_t count(const std::string &name, std::optional<std::uint64_t> fallback) const {
        const Value *v = find(name);
        if (!v) {
            if (!fallback) {
                throw ImportError{key(name), "missing"};
            }
            return *fallback;
        }
        if (v->isArray()) {
            std::uint64_t hi = 0;
            for (std::uint64_t k = 0; k < v->count; ++k) {
                hi = std::max(hi, element(*v, name, k));
            }
            return hi;
        }
        const auto n = v->asCount();
        if (!n) {
            throw ImportError{key(name),
                              "not a non-negative integer (" + gguf::valueTypeName(v->type) + ")"};
        }
        return *n;
    }

    /// "<arch>.name" for layer `il`: the scalar, or element il of a per-layer array (whose
    /// length must be the layer count), or `fallback` when absent.
    std::uint64_t perLayer(const std::string &name, std::uint64_t il, std::uint64_t layers,
                           std::uint64_t fallback) const {
        const Value *v = find(name);
        if (!v) {
            return fallback;
        }
        if (!v->isArray()) {
            return count(name, fallback);
        }
        if (v->count != layers) {
            throw ImportError{key(name), "array of " + std::to_string(v->count) + " values for " +
                                             std::to_string(layers) + " layers"};
        }
        return element(*v, name, il);
    }

    /// count(name, fallback), at most `hi`; a larger value is an error naming the key.
    std::uint64_t bounded(const std::string &name, std::uint64_t fallback, std::uint64_t hi) const {
        const std::uint64_t n = count(name, fallback);
        if (n > hi) {
            throw ImportError{key(name),
                              std::to_string(n) + " (at most " + std::to_string(hi) + ")"};
        }
        return n;
    }

  private:
    std::uint64_t element(const Value &v, const std::string &name, std::uint64_t k) const {
        if (k >= v.numbers.size()) {
            throw ImportError{key(name), "array of " + gguf::valueTypeName(v.elementType) +
                                             " is not a per-layer count"};
        }
        const double x = v.numbers[k];
        if (!(x >= 0) || x > 1e12 || x != double(std::uint64_t(x))) {
            throw ImportError{key(name),
                              "element " + std::to_string(k) + " is not a non-negative integer"};
        }
        return std::uint64_t(x);
    }

    const gguf::Header &m_h;
    std::string m_arch;
};

/// Layer index of "blk.N.*", or nullopt.
std::optional<std::uint64_t> layerOf(const std::string &name) {
    if (name.rfind("blk.", 0) != 0) {
        return std::nullopt;
    }
    std::uint64_t n = 0;
    std::size_t i = 4;
    for (; i < name.size() && i < 14 && name[i] >= '0' && name[i] <= '9'; ++i) {
        n = n * 10 + std::uint64_t(name[i] - '0');
    }
    if (i == 4 || i >= name.size() || name[i] != '.') {
        return std::nullopt;
    }
    return n;
}

/// The NumberFormat closest to a ggml type, for labels and what-ifs only (exact bytes: tensors).
NumberFormat approxFormat(const gguf::GgmlType &t) {
    const std::string n(t.name);
    if (n == "f32" || n == "f64" || n == "i32" || n == "i64") {
        return formats::fp32;
    }
    if (n == "f16" || n == "i16") {
        return formats::fp16;
    }
    if (n == "bf16") {
        return formats::bf16;
    }
    if (n == "mxfp4") {
        return formats::mxfp4;
    }
    if (t.bitsPerElement() >= 6.0) {
        return formats::int8;
    }
    if (t.bitsPerElement() < 3.0) {
        return NumberFormat{FormatKind::INT2, t.blockSize};
    }
    return NumberFormat{FormatKind::INT4, t.blockSize};
}

std::string groupLabel(GroupRole role) {
    std::string s = roleName(role);
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

/// The layers' attention shapes (per-layer head counts, sliding windows, MLA, recurrent).
void addLayers(const MetaReader &r, const gguf::Header &h, const std::string &arch,
               std::uint64_t layers, std::uint64_t hidden, ModelSpec &spec) {
    const std::uint64_t heads = r.count("attention.head_count", std::nullopt);
    const std::uint64_t kvLora = r.bounded("attention.kv_lora_rank", 0, 1u << 20);
    const std::uint64_t rope = r.bounded("rope.dimension_count", 0, 1u << 16);
    const std::uint64_t window = r.bounded("attention.sliding_window", 0, 1u << 31);
    // Layers with a sliding window: llama.cpp sets the pattern in code per architecture
    // (llama-model.cpp load_hparams, hparams.set_swa_pattern(n): layer il is SWA when
    // il % n < n - 1); a GGUF may also carry it as a per-layer bool array.
    static const std::map<std::string, std::uint64_t> swaPattern = {
        {"gemma2", 2}, {"gemma3", 6}, {"cohere2", 4}, {"gpt-oss", 2}};
    const Value *patternKey = r.find("attention.sliding_window_pattern");
    std::uint64_t pattern = 0;
    if (window && !patternKey) {
        const auto it = swaPattern.find(arch);
        pattern = it == swaPattern.end() ? 0 : it->second;
        if (!pattern) {
            spec.notes.push_back(r.key("attention.sliding_window") +
                                 " is set but llama.cpp's layer pattern for '" + arch +
                                 "' is not known here: every layer sized as full attention");
        }
    } else if (patternKey && !patternKey->isArray()) {
        pattern = r.count("attention.sliding_window_pattern", 0);
    }
    // Bounded far above real models (Mamba-2: state 128, inner 8192, kernel 4, 8 groups) so
    // that a state's bytes over every slot and layer cannot wrap 64 bits.
    const std::uint64_t dState = r.bounded("ssm.state_size", 0, 1u << 16);
    const std::uint64_t dInner = r.bounded("ssm.inner_size", 0, 1u << 20);
    const std::uint64_t kernel = r.bounded("ssm.conv_kernel", 0, 1u << 8);
    const std::uint64_t nGroup = r.bounded("ssm.group_count", 1, 1u << 12);
    // A layer without KV heads is recurrent: ssm.* state, or LFM2's shortconv.l_cache.
    const bool recurrentKeys = dState > 0 || dInner > 0 || r.find("shortconv.l_cache");
    bool recurrentNoted = false;
    // Falcon-H1 runs attention and a Mamba-2 mixer in every layer; llama.cpp reads both sets of
    // keys for it (llama-model.cpp load_hparams), so a file without them cannot be planned.
    const bool falconH1 = arch == "falcon-h1";
    // Makes `g` a recurrent layer (Mamba-2 / Gated DeltaNet style): state d_inner x d_state
    // and a conv window of (kernel - 1) x (d_inner + 2 x groups x d_state), fp32.
    const auto makeRecurrent = [&](LayerGroup &g) {
        g.kind = AttentionKind::Linear;
        g.stateElements = dInner * dState;
        g.convElements = kernel ? (kernel - 1) * (dInner + 2 * nGroup * dState) : 0;
        g.stateHeads = 1;
    };
    // Qwen3-Next / Qwen3.5 / Qwen3.5-MoE (Gated DeltaNet hybrids): llama.cpp takes the
    // recurrent layers from attention.recurrent_layers (a bool per layer, or one for all) and,
    // without it, makes every layer recurrent but each full_attention_interval-th (default 4):
    // layer i is recurrent when (i + 1) % interval != 0 (src/models/qwen35.cpp and
    // qwen35moe.cpp load_arch_hparams; llama-model.cpp load_hparams for qwen3next). Published
    // files carry one scalar head_count_kv for all layers, so head_count_kv does not say it.
    static const std::set<std::string> intervalArchs = {"qwen3next", "qwen35", "qwen35moe"};
    const bool byInterval = intervalArchs.count(arch) > 0;
    const Value *recurrentKey = byInterval ? r.find("attention.recurrent_layers") : nullptr;
    const std::uint64_t interval =
        byInterval ? r.bounded("full_attention_interval", 4, 1u << 16) : 0;
    if (byInterval && !recurrentKey && interval == 0) {
        throw ImportError{r.key("full_attention_interval"),
                          "0 (every interval-th layer is full attention: at least 1)"};
    }
    const auto recurrentByArch = [&](std::uint64_t il) {
        if (!byInterval) {
            return false;
        }
        if (recurrentKey && !recurrentKey->isArray()) {
            if (recurrentKey->type != gguf::ValueType::Bool) {
                throw ImportError{r.key("attention.recurrent_layers"),
                                  "not a bool or a per-layer bool array (" +
                                      gguf::valueTypeName(recurrentKey->type) + ")"};
            }
            return recurrentKey->u != 0;
        }
        if (recurrentKey) {
            return r.perLayer("attention.recurrent_layers", il, layers, 0) != 0;
        }
        return (il + 1) % interval != 0;
    };
    if (falconH1 && (dState == 0 || dInner == 0)) {
        throw ImportError{r.key(dState == 0 ? "ssm.state_size" : "ssm.inner_size"),
                          "missing or 0: falcon-h1 keeps a Mamba-2 state in every layer, sized "
                          "from it"};
    }
    // Layers from n_layer_kv_from_start on read an earlier layer's cache (LayerGroup::kvShared):
    // n_layer - attention.shared_kv_layers (Gemma 4), 20 for Gemma 3n, set in code
    // (src/llama-model.cpp @ 00395eb2 load_hparams; has_kv(il) in src/llama-hparams.cpp).
    const std::uint64_t sharedKv =
        r.bounded("attention.shared_kv_layers", 0, layers ? layers - 1 : 0);
    const std::uint64_t kvFrom = sharedKv > 0 && sharedKv < layers  ? layers - sharedKv
                                 : arch == "gemma3n" && layers > 20 ? 20
                                                                    : layers;
    for (std::uint64_t il = 0; il < layers; ++il) {
        LayerGroup g;
        g.count = 1;
        g.kvShared = il >= kvFrom;
        const std::uint64_t qHeads = r.perLayer("attention.head_count", il, layers, heads);
        if (qHeads > 65536) {
            throw ImportError{r.key("attention.head_count"), std::to_string(qHeads) + " on layer " +
                                                                 std::to_string(il) +
                                                                 " (at most 65536)"};
        }
        g.qHeads = std::uint32_t(qHeads);
        const std::uint64_t kv =
            recurrentByArch(il) ? 0 : r.perLayer("attention.head_count_kv", il, layers, g.qHeads);
        if (kv > g.qHeads) {
            throw ImportError{r.key("attention.head_count_kv"),
                              std::to_string(kv) + " KV heads on layer " + std::to_string(il) +
                                  ", more than its " + std::to_string(g.qHeads) +
                                  " attention heads"};
        }
        if (kv == 0 && falconH1) {
            throw ImportError{r.key("attention.head_count_kv"),
                              "0 on layer " + std::to_string(il) +
                                  ": falcon-h1 runs attention in every layer"};
        }
        if (kv == 0 && !recurrentKeys) {
            const std::string state = r.key("ssm.state_size") + ", " + r.key("ssm.inner_size") +
                                      " and " + r.key("shortconv.l_cache");
            throw ImportError{r.key("attention.head_count_kv"),
                              "0 on layer " + std::to_string(il) +
                                  ": an attention layer needs at least 1 KV head (0 marks a "
                                  "recurrent layer, but " +
                                  state + " are missing)"};
        }
        const std::uint64_t qh = std::max<std::uint64_t>(g.qHeads, 1);
        const std::uint64_t kLen = r.bounded("attention.key_length", hidden / qh, 1u << 16);
        const std::uint64_t vLen = r.bounded("attention.value_length", kLen, 1u << 16);
        if (kv > 0 && (kLen == 0 || (vLen == 0 && kvLora == 0))) {
            throw ImportError{r.key(kLen == 0 ? "attention.key_length" : "attention.value_length"),
                              "0 on layer " + std::to_string(il) +
                                  " (an attention layer's heads need a width)"};
        }
        if (kv == 0) {
            makeRecurrent(g);
            if (!recurrentNoted) {
                spec.notes.push_back("estimated: recurrent layers' state from " + r.key("ssm.*") +
                                     " (Mamba-2 layout)");
                recurrentNoted = true;
            }
        } else if (kvLora > 0) {
            // A conversion with the latent cache (llama.cpp PR #12801, convert_hf_to_gguf.py's
            // DeepseekV2Model) writes key_length = kv_lora_rank + rope, value_length =
            // kv_lora_rank and head_count_kv 1, and each head's widths as key_length_mla /
            // value_length_mla; an older one writes each head's widths as key_length /
            // value_length, head_count_kv = head_count and no *_mla keys, and llama.cpp runs
            // it as plain attention (llama_hparams::is_mla(), engine/llamacpp.h). The group
            // keeps each head's widths either way, as a Hugging Face config gives them, and
            // llama.cpp's KV heads: 1 for the latent, every query head without the keys.
            const std::uint64_t kMla = r.bounded("attention.key_length_mla", 0, 1u << 16);
            const std::uint64_t vMla = r.bounded("attention.value_length_mla", 0, 1u << 16);
            const bool latentKeys = kMla > 0 && vMla > 0;
            g.kind = AttentionKind::MLA;
            g.kvHeads = latentKeys ? 1 : std::max<std::uint32_t>(g.qHeads, 1);
            g.kvLoraRank = std::uint32_t(kvLora);
            g.ropeDim = std::uint32_t(rope);
            g.headDim = std::uint32_t(latentKeys ? kMla : kLen);
            const std::uint64_t vHead = latentKeys ? vMla : vLen;
            g.vHeadDim = vHead == g.headDim ? 0 : std::uint32_t(vHead);
        } else {
            g.kvHeads = std::uint32_t(kv);
            g.headDim = std::uint32_t(kLen);
            g.vHeadDim = vLen == kLen ? 0 : std::uint32_t(vLen);
            g.kind = kv == g.qHeads ? AttentionKind::MHA
                     : kv == 1      ? AttentionKind::MQA
                                    : AttentionKind::GQA;
            bool swa = false;
            if (patternKey && patternKey->isArray()) {
                swa = r.perLayer("attention.sliding_window_pattern", il, layers, 0) != 0;
            } else if (pattern > 0) {
                swa = il % pattern < pattern - 1;
            }
            if (swa && window) {
                g.kind = AttentionKind::SlidingWindow;
                g.window = std::uint32_t(window);
            }
        }
        const auto same = [](const LayerGroup &a, const LayerGroup &b) {
            return std::tie(a.kind, a.qHeads, a.kvHeads, a.headDim, a.vHeadDim, a.kvLoraRank,
                            a.ropeDim, a.window, a.stateElements, a.convElements, a.kvShared) ==
                   std::tie(b.kind, b.qHeads, b.kvHeads, b.headDim, b.vHeadDim, b.kvLoraRank,
                            b.ropeDim, b.window, b.stateElements, b.convElements, b.kvShared);
        };
        if (!spec.layers.empty() && same(spec.layers.back(), g)) {
            ++spec.layers.back().count;
        } else {
            spec.layers.push_back(g);
        }
    }
    if (falconH1) {
        // Falcon-H1 runs a Mamba-2 mixer beside every layer's attention: llama.cpp marks every
        // layer recurrent and keeps both caches for each (src/llama-model.cpp @ a5410f04
        // load_hparams recurrent_layer_arr, create_memory's filters), a parallel hybrid
        // (ModelSpec::parallelHybrid).
        LayerGroup g;
        g.count = std::uint32_t(layers);
        makeRecurrent(g);
        spec.layers.push_back(g);
        spec.notes.push_back("estimated: every layer's Mamba-2 state from " + r.key("ssm.*") +
                             " beside its attention (Falcon-H1)");
    }
    (void)h;
}

/// Tensor groups by (role, ggml type) with exact bytes, per-layer bytes, experts, totals.
void addTensors(const MetaReader &r, const gguf::Header &h, std::uint64_t layers, ModelSpec &spec) {
    // llama.cpp's load_hparams asserts n_expert_used <= n_expert, and above 0 exactly when
    // there are experts (src/llama-model.cpp); each expert tensor's last dimension is n_expert
    // (create_tensor's shape check, "wrong shape").
    const std::uint64_t routed = r.bounded("expert_count", 0, 1u << 16);
    const std::uint64_t used = r.bounded("expert_used_count", 0, 1u << 16);
    if (used > routed || (routed > 0 && used == 0)) {
        throw ImportError{r.key("expert_used_count"), std::to_string(used) + " with " +
                                                          r.key("expert_count") + " " +
                                                          std::to_string(routed) +
                                                          " (must be 1 to the expert count, or 0 "
                                                          "without experts)"};
    }
    spec.layerBytes.assign(layers, 0);
    spec.layerExpertBytes.assign(layers, 0);
    spec.layerLargestTensor.assign(layers, 0);
    spec.layerLargestExpertTensor.assign(layers, 0);
    std::map<std::tuple<GroupRole, std::uint32_t, bool>, std::size_t> index;
    std::vector<std::uint64_t> expertElements(layers, 0);
    for (const auto &t : h.tensors) {
        GroupRole role = ggufTensorRole(t.name, t.dims.size());
        if (role == GroupRole::RoutedExperts && (t.dims.empty() || t.dims.back() != routed)) {
            throw ImportError{
                "tensor_infos '" + cutText(t.name, 80) + "'",
                "an expert tensor of " + std::to_string(t.dims.empty() ? 0 : t.dims.back()) +
                    " experts, but " + r.key("expert_count") + " is " + std::to_string(routed)};
        }
        const auto il = layerOf(t.name);
        // The unit llama.cpp loads it with (llamaCppWeights places the bytes the same way).
        FileTensor where{t.offset, t.bytes, t.part, 0, FileTensor::Unit::Output};
        if (il && *il >= layers) {
            // llama.cpp creates the tensors of blocks below block_count only (the converters
            // count nextn / MTP blocks in it) and refuses a file with others
            // (llama_model_loader::done_getting_tensors, "wrong number of tensors").
            throw ImportError{"tensor_infos '" + cutText(t.name, 80) + "'",
                              "block " + std::to_string(*il) + ", but " + r.key("block_count") +
                                  " is " + std::to_string(layers) +
                                  " (llama.cpp loads blocks below it and refuses the file: "
                                  "\"wrong number of tensors\")"};
        } else if (il) {
            // The bytes --n-cpu-moe moves to system RAM, by llama.cpp's own pattern.
            const bool moved = expertOverrideTensor(t.name);
            where.layer = std::uint32_t(*il);
            where.unit = moved ? FileTensor::Unit::LayerExperts : FileTensor::Unit::Layer;
            (moved ? spec.layerExpertBytes : spec.layerBytes)[*il] += t.bytes;
            std::uint64_t &largest =
                (moved ? spec.layerLargestExpertTensor : spec.layerLargestTensor)[*il];
            largest = std::max(largest, t.bytes);
            if (role == GroupRole::RoutedExperts) {
                expertElements[*il] += t.elements();
            }
        }
        if (!il && role == GroupRole::Embedding) {
            where.unit = FileTensor::Unit::Input;
        } else if (!il && role == GroupRole::Vision) {
            where.unit = FileTensor::Unit::None;
        }
        spec.fileTensors.push_back(where);
        const bool perLayerInput = isPerLayerEmbeddingTensor(t.name);
        const auto key = std::make_tuple(role, t.type->id, perLayerInput);
        auto it = index.find(key);
        if (it == index.end()) {
            TensorGroup g;
            g.name = perLayerInput ? std::string(kPerLayerEmbeddingGroup)
                                   : groupLabel(role) + " (" + std::string(t.type->name) + ")";
            g.role = role;
            g.format = approxFormat(*t.type);
            g.linear = role != GroupRole::Norms && role != GroupRole::Embedding;
            g.placement = role == GroupRole::Norms || role == GroupRole::MoeOther
                              ? Placement::Replicated
                              : Placement::Sharded;
            it = index.emplace(key, spec.groups.size()).first;
            spec.groups.push_back(g);
        }
        TensorGroup &g = spec.groups[it->second];
        g.params += t.elements();
        g.exactBytes += t.bytes;
    }
    // llama.cpp's loader creates every block's tensors and stops at the first required one the
    // file lacks (src/llama-model.cpp load_tensors, its create_tensor: "missing tensor" unless
    // TENSOR_NOT_REQUIRED; every block has required ones): a block with none is a truncated or
    // mislabelled file, never a smaller model.
    for (std::uint64_t il = 0; il < layers; ++il) {
        if (spec.layerBytes[il] + spec.layerExpertBytes[il] == 0) {
            throw ImportError{"blk." + std::to_string(il), "no tensor of this block, though " +
                                                               r.key("block_count") + " is " +
                                                               std::to_string(layers) +
                                                               " (llama.cpp stops at the missing "
                                                               "tensor)"};
        }
    }
    std::uint64_t moeLayers = 0;
    std::uint64_t perExpert = 0;
    for (std::uint64_t il = 0; il < layers; ++il) {
        if (expertElements[il]) {
            ++moeLayers;
            if (!perExpert && routed) {
                perExpert = expertElements[il] / routed;
            }
        }
    }
    if (routed && moeLayers) {
        spec.experts.routed = std::uint32_t(routed);
        spec.experts.activePerToken = std::uint32_t(used);
        spec.experts.shared = std::uint32_t(r.count("expert_shared_count", 0));
        spec.experts.moeLayers = std::uint32_t(moeLayers);
        spec.experts.paramsPerExpert = perExpert;
        spec.experts.expertWidth = spec.hiddenSize;
        spec.experts.intermediate = std::uint32_t(r.count("expert_feed_forward_length", 0));
    }
    for (auto &g : spec.groups) {
        spec.totalParams += g.params;
        if (g.role == GroupRole::Embedding) {
            continue;
        }
        if (g.role == GroupRole::RoutedExperts && routed) {
            g.activeParams = g.params / routed * std::min(used, routed);
        } else if (g.role != GroupRole::Vision && g.role != GroupRole::Other) {
            g.activeParams = g.params;
        }
        spec.activeParams += g.activeParams;
    }
    spec.activeParamsWithEmbedding = spec.activeParams;
    for (const auto &g : spec.groups) {
        if (g.role == GroupRole::Embedding) {
            spec.activeParamsWithEmbedding += g.params;
        }
    }
}

/// Refuses a tensor named "blk." whose layer number is not llama.cpp's: the loader looks up
/// "blk.%d.<name>" (src/llama-arch.cpp LLM_TN), so "blk.007.attn_k.weight" or a number of more
/// than ten digits (layerOf's bound) is a tensor it never finds (and the layer's own is then
/// missing).
void checkBlockNames(const gguf::Header &h) {
    for (const auto &t : h.tensors) {
        if (t.name.rfind("blk.", 0) != 0) {
            continue;
        }
        const bool leadingZero = t.name.size() > 5 && t.name[4] == '0' && t.name[5] != '.';
        if (!layerOf(t.name) || leadingZero) {
            throw ImportError{"tensor_infos '" + cutText(t.name, 80) + "'",
                              "is not llama.cpp's blk.<layer>.<tensor> name (a layer number "
                              "without leading zeros): llama.cpp would not find it"};
        }
    }
}

/// Refuses a file whose attention projections disagree with the heads the metadata gives:
/// llama.cpp creates each attention layer's K and V projections as {n_embd, n_head_kv(il) x
/// n_embd_head_k} and {n_embd, n_head_kv(il) x n_embd_head_v} and refuses any other shape
/// (src/llama-model.cpp @ a5410f046c01d01330c8a42f13b64a211fedf2c3 load_tensors, create_tensor's
/// "wrong shape": every dimension must match, so a third dimension other than 1 is refused), so
/// the KV cache is never sized from a key_length the weights contradict. Only plain attention
/// layers (MHA / GQA / MQA / sliding window) are checked; latent (MLA) and recurrent layers have
/// other tensors. A block without attn_k / attn_v (a fused attn_qkv, or a file that lacks them)
/// is not checked: which tensors each architecture requires is llama.cpp's per-architecture
/// table, not read here. `layers` is block_count.
void checkAttentionShapes(const MetaReader &r, const gguf::Header &h, std::uint64_t layers,
                          const ModelSpec &spec) {
    checkBlockNames(h);
    std::vector<const LayerGroup *> byLayer;
    for (const LayerGroup &g : spec.layers) {
        for (std::uint32_t i = 0; i < g.count && byLayer.size() < layers; ++i) {
            byLayer.push_back(&g);
        }
    }
    const auto plain = [](const LayerGroup &g) {
        return g.kind != AttentionKind::MLA && g.kind != AttentionKind::Linear && g.kvHeads > 0;
    };
    for (const auto &t : h.tensors) {
        const auto il = layerOf(t.name);
        if (!il || *il >= byLayer.size()) {
            continue;
        }
        const bool isK = t.name.ends_with(".attn_k.weight");
        if (!isK && !t.name.ends_with(".attn_v.weight")) {
            continue;
        }
        const LayerGroup &g = *byLayer[*il];
        if (!plain(g)) {
            continue;
        }
        const std::uint64_t width =
            std::uint64_t(g.kvHeads) * (isK || g.vHeadDim == 0 ? g.headDim : g.vHeadDim);
        const bool flat = t.dims.size() >= 2 && std::all_of(t.dims.begin() + 2, t.dims.end(),
                                                            [](std::uint64_t d) { return d == 1; });
        if (!flat || t.dims[0] != spec.hiddenSize || t.dims[1] != width) {
            std::string shape;
            for (const std::uint64_t d : t.dims) {
                shape += (shape.empty() ? "" : ", ") + std::to_string(d);
            }
            throw ImportError{"tensor_infos '" + cutText(t.name, 80) + "'",
                              "shape {" + shape + "}, but " + r.key("embedding_length") + " and " +
                                  r.key("attention.head_count_kv") + " x " +
                                  r.key(isK ? "attention.key_length" : "attention.value_length") +
                                  " give {" + std::to_string(spec.hiddenSize) + ", " +
                                  std::to_string(width) + "} (llama.cpp refuses the shape)"};
        }
    }
}

/// A name and id from general.name, else the file name without the split suffix.
void nameModel(const gguf::Header &h, const std::string &source, ModelSpec &spec) {
    const Value *name = h.find("general.name");
    std::string display = name && name->type == gguf::ValueType::String ? name->s : "";
    std::filesystem::path p(source);
    std::string stem = p.stem().string();
    if (const auto split = gguf::parseSplitName(p)) {
        stem = std::filesystem::path(split->stem).filename().string();
    }
    if (display.empty()) {
        display = stem;
    }
    spec.displayName = singleLine(display); // one line wherever it is printed
    std::string id;
    for (char ch : stem) {
        const auto u = static_cast<unsigned char>(ch);
        id += std::isalnum(u) || ch == '.' ? char(std::tolower(u)) : '-';
    }
    spec.id = id;
}

/// ModelSpec::originRepo from the file's base-model or source metadata.
std::string originRepoOf(const gguf::Header &h) {
    for (const char *key : {"general.base_model.0.repo_url",
                            "general.source.huggingface.repository", "general.source.url"}) {
        if (const Value *v = h.find(key); v && v->type == gguf::ValueType::String) {
            if (std::string repo = hubRepositoryOf(v->s); !repo.empty()) {
                return repo;
            }
        }
    }
    return {};
}

} // namespace

Result<ModelSpec> ggufToModelSpec(const gguf::Model &model, const std::string &source) {
    const gguf::Header &h = model.header;
    try {
        const Value *archValue = h.find("general.architecture");
        if (!archValue || archValue->type != gguf::ValueType::String || archValue->s.empty()) {
            throw ImportError{"general.architecture", "missing (or not a string)"};
        }
        const std::string arch = archValue->s;
        const MetaReader r(h, arch);
        ModelSpec spec;
        spec.architecture = arch;
        spec.source = source;
        spec.originRepo = originRepoOf(h);
        if (std::string note = unknownGgufArchitectureNote(arch); !note.empty()) {
            spec.notes.push_back(std::move(note));
        }
        const std::uint64_t layers = r.count("block_count", std::nullopt);
        const std::uint64_t hidden = r.count("embedding_length", std::nullopt);
        if (layers == 0 || layers > 4096) {
            throw ImportError{r.key("block_count"), std::to_string(layers) + " (1 to 4096)"};
        }
        if (hidden == 0 || hidden > (1u << 20)) {
            throw ImportError{r.key("embedding_length"), std::to_string(hidden) + " (1 to 2^20)"};
        }
        spec.numLayers = std::uint32_t(layers);
        spec.hiddenSize = std::uint32_t(hidden);
        const std::uint64_t heads = r.count("attention.head_count", std::nullopt);
        if (heads == 0 || heads > 65536) {
            throw ImportError{r.key("attention.head_count"),
                              std::to_string(heads) + " (1 to 65536)"};
        }
        spec.numAttentionHeads = std::uint32_t(heads);
        // llama.cpp's load_hparams requires context_length (n_ctx_train, -c 0's; llama-model.cpp):
        // HostPlan plans a file without it at llama.cpp's default context and says so.
        spec.maxContextTokens = r.bounded("context_length", 0, std::uint64_t(1) << 40);
        if (r.find("context_length") && spec.maxContextTokens == 0) {
            throw ImportError{r.key("context_length"), "0 (the training context must be at least "
                                                       "1 token)"};
        }
        if (!r.find("context_length")) {
            spec.notes.push_back(r.key("context_length") +
                                 " is missing: llama.cpp refuses to load the file without it");
        }
        spec.denseIntermediate =
            std::uint32_t(std::min<std::uint64_t>(r.count("feed_forward_length", 0), 1u << 24));
        std::uint64_t vocab = 0;
        if (const Value *tokens = h.find("tokenizer.ggml.tokens"); tokens && tokens->isArray()) {
            vocab = tokens->count;
        } else if (r.find("vocab_size")) {
            vocab = r.count("vocab_size", 0);
        } else {
            for (const auto &t : h.tensors) {
                if (t.name == "token_embd.weight" && t.dims.size() >= 2) {
                    vocab = t.dims[1];
                }
            }
        }
        if (vocab == 0 || vocab > (1u << 24)) {
            throw ImportError{"tokenizer.ggml.tokens",
                              "vocabulary of " + std::to_string(vocab) + " tokens (1 to 2^24)"};
        }
        spec.vocabSize = std::uint32_t(vocab);
        addLayers(r, h, arch, layers, hidden, spec);
        addTensors(r, h, layers, spec);
        checkAttentionShapes(r, h, layers, spec);
        nameModel(h, source, spec);
        spec.checkpointBytes = h.tensorBytes();
        if (model.parts.size() > 1) {
            spec.notes.push_back("read " + std::to_string(model.parts.size()) + " split files");
        }
        return spec;
    } catch (const ImportError &e) {
        return makeError(source + ": " + e.key, e.message);
    }
}

Result<ModelSpec> importGguf(const std::filesystem::path &path) {
    HOSTPLAN_TRY(model, gguf::readModel(path));
    return ggufToModelSpec(model, path.string());
}

bool isGgufPath(const std::filesystem::path &path) {
    return asciiLower(path.extension().string()) == ".gguf";
}

} // namespace hostplan

namespace hostplan {

bool isGgufModelRef(std::string_view ref) {
    return ref.rfind("ollama:", 0) == 0 || isGgufPath(std::filesystem::path(std::string(ref)));
}

} // namespace hostplan
