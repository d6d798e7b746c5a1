// SPDX-License-Identifier: MIT
#include "import/towers.h"

#include "import/archcommon.h"
#include "util/jsonutil.h"

#include <optional>
#include <string>

namespace hostplan::importer {

namespace {

/// VisionEncoderShape::maxImagePixelsSource for the default image, with why it is used.
std::string defaultImageSource(const char *why) {
    return "the Qwen-VL checkpoints' usual " + std::to_string(kQwenVlDefaultImageTokens) +
           " tokens (" + why + ")";
}

using u64 = std::uint64_t;

/// Fails naming `key` of `v` when `heads` attention heads do not split `width` evenly: the
/// tower's attention divides its width by them (transformers SiglipAttention raises
/// "embed_dim must be divisible by num_heads"; vLLM's towers shard width / heads per head).
/// Nothing when the key is absent (0 heads).
void requireHeadsDivide(const ConfigReader &v, const char *key, u64 heads, u64 width) {
    if (heads > 0 && width % heads != 0) {
        fail(v.field(key), std::to_string(heads) + " heads do not divide the tower's width of " +
                               std::to_string(width));
    }
}

/// The shapes of a tower without a patch merger, as addVisionTower read them.
struct PlainTower {
    u64 width, mlpWidth, patch, channels, image;
    bool gated;
};

/// A fixed-resolution tower whose projector pools its patch grid into `tokensPerImage` tokens
/// (Gemma 3: a SigLIP tower on 896 x 896 images, 64 x 64 patches of 14, average-pooled 4 x 4
/// into mm_tokens_per_image = 256; vLLM gemma3_mm.py Gemma3MultiModalProjector): its shape for
/// vLLM's encoder profile, the pooling side as the merge size. Nothing where the wrapper gives
/// no tokens per image, or they do not pool the square patch grid evenly.
void setPooledEncoder(const ConfigReader &v, ModelBuilder &b, const PlainTower &t,
                      u64 tokensPerImage) {
    if (tokensPerImage == 0) {
        return;
    }
    if (t.image == 0 || t.image % t.patch != 0) {
        b.note("estimated: " + v.field("image_size") + " " + std::to_string(t.image) +
               " is not a whole number of patches of " + std::to_string(t.patch) +
               "; vLLM's encoder profile is not modelled");
        return;
    }
    const u64 side = t.image / t.patch;
    u64 tokenSide = 1;
    while (tokenSide * tokenSide < tokensPerImage && tokenSide < side) {
        ++tokenSide;
    }
    if (tokenSide * tokenSide != tokensPerImage || side % tokenSide != 0) {
        b.note("estimated: mm_tokens_per_image " + std::to_string(tokensPerImage) +
               " does not pool the tower's " + std::to_string(side) + " x " + std::to_string(side) +
               " patches evenly; vLLM's encoder profile is not modelled");
        return;
    }
    VisionEncoderShape shape;
    shape.width = std::uint32_t(t.width);
    shape.mlpWidth = std::uint32_t(t.mlpWidth);
    shape.heads = std::uint32_t(v.countOr("num_attention_heads", 0, 4096));
    requireHeadsDivide(v, "num_attention_heads", shape.heads, t.width);
    shape.gatedMlp = t.gated;
    shape.patch = std::uint32_t(t.patch);
    shape.channels = std::uint32_t(t.channels);
    shape.mergeSize = std::uint32_t(side / tokenSide);
    shape.outWidth = std::uint32_t(b.dimensions().hidden);
    shape.rotaryPositions = false;
    shape.fixedResolution = true;
    shape.maxImagePixels = t.image * t.image;
    shape.maxImagePixelsSource = v.field("image_size") + " (every image is resized to " +
                                 std::to_string(t.image) + " x " + std::to_string(t.image) +
                                 " pixels; pan-and-scan crops are off by default)";
    b.setVisionEncoder(std::move(shape));
}

} // namespace

/// A wrapper's vision_config as a generic ViT: patch embedding, `depth` blocks of attention
/// (4 [W, W] + biases) and an MLP (2 [I, W] + biases), norms, and a projector to the text
/// width. A Qwen-VL tower (spatial_merge_size m) has a patch merger instead of the projector:
/// a norm and two linear layers [W m^2, W m^2] and [out, W m^2] with biases, out =
/// out_hidden_size else the text width, and one more such merger per deepstack_visual_indexes
/// entry (its norm over W m^2); its Conv3d patch embedding spans temporal_patch_size frames
/// and it learns num_position_embeddings positions (transformers Qwen2VL / Qwen3VL vision
/// models). Estimated: other towers differ in details. Under TP the
/// blocks' linear layers and the projector are sharded, as vLLM's default
/// mm_encoder_tp_mode "weights" (vllm/config/multimodal.py @ 55e847c0) and SGLang's
/// Qwen3-VL tower (ColumnParallelLinear / RowParallelLinear, python/sglang/srt/models/
/// qwen3_vl.py @ 2409eacc) build them; the patch and position embeddings and the norms are
/// replicated.
void addVisionTower(const ConfigReader &v, ModelBuilder &b, std::uint64_t tokensPerImage,
                    std::uint64_t shuffleFactor) {
    if (v.has("vt_hidden_size")) {
        addMoonVitTower(v, b); // Kimi K2.5's MoonViT: its own vt_* keys
        return;
    }
    const char *depthKey = firstKey(v, {"num_hidden_layers", "depth", "num_layers"});
    // Qwen2-VL names the ViT's width embed_dim and the language model's hidden_size beside it.
    const char *widthKey = firstKey(v, {"embed_dim", "hidden_size", "width"});
    if (!depthKey || !widthKey) {
        b.note("estimated: " + v.path() +
               " has no depth or width; the vision tower is not "
               "counted");
        return;
    }
    const u64 depth = v.count(depthKey, kMaxLayers);
    const u64 W = v.count(widthKey, kMaxHidden);
    // The MLP width: intermediate_size, else mlp_ratio x the width (Qwen2-VL), else 4 x.
    const u64 I = v.has("intermediate_size")
                      ? v.count("intermediate_size", kMaxIntermediate)
                      : checkedMul(v.countOr("mlp_ratio", 4, 64), W, v.field("mlp_ratio"));
    const u64 patch = v.countOr("patch_size", 14, 1024);
    // Input channels: num_channels, in_channels (Qwen3-VL) or in_chans (Qwen2-VL).
    const u64 channels =
        v.countOr("num_channels", v.countOr("in_channels", v.countOr("in_chans", 3, 16), 16), 16);
    const u64 image = v.countOr("image_size", 0, 1u << 16, 0);
    const u64 H = b.dimensions().hidden;
    const u64 outW = v.countOr("out_hidden_size", W, kMaxHidden);
    const std::string vm = b.modulePrefix() + "vision_tower.";
    auto add = [&](const std::string &m, u64 rows, u64 cols, u64 count, Placement placement) {
        b.tensor(placement == Placement::Sharded ? "vision" : "vision (embeddings and norms)",
                 GroupRole::Vision, placement, vm + m, rows, cols, count, 0);
    };
    const std::string f = v.field(widthKey);
    const u64 frames = v.countOr("temporal_patch_size", 1, 64);
    add("patch_embed", W, checkedMul(channels, frames, checkedMul(patch, patch, f), f), 1,
        Placement::Replicated);
    if (image > 0) {
        const u64 side = image / patch;
        add("position_embedding", checkedMul(side, side, f), W, 1, Placement::Replicated);
    } else if (v.has("num_position_embeddings")) {
        add("position_embedding", v.count("num_position_embeddings", kMaxContext), W, 1,
            Placement::Replicated);
    }
    add("layers.attn", checkedMul(4, W, f), checkedAdd(W, 1, f), depth, Placement::Sharded);
    // A SiLU tower (Qwen2.5-VL) gates its MLP: gate_proj beside up_proj (Qwen2_5_VLMLP).
    const bool gated = v.str("hidden_act") == "silu";
    add("layers.mlp.fc1", I, checkedAdd(W, 1, f), gated ? 2 * depth : depth, Placement::Sharded);
    add("layers.mlp.fc2", W, checkedAdd(I, 1, f), depth, Placement::Sharded);
    add("layers.norms", checkedMul(4, W, f), 1, depth, Placement::Replicated);
    const u64 merge = v.countOr("spatial_merge_size", 0, 64, 0);
    if (merge > 0) {
        const u64 merged = checkedMul(W, merge, merge, v.field("spatial_merge_size"));
        const u64 out = v.has("out_hidden_size") ? outW : H;
        const u64 deepstack = v.has("deepstack_visual_indexes")
                                  ? v.countList("deepstack_visual_indexes", kMaxLayers, 0).size()
                                  : 0;
        if (deepstack > depth) {
            fail(v.field("deepstack_visual_indexes"), "lists " + std::to_string(deepstack) +
                                                          " layers, more than the tower's " +
                                                          std::to_string(depth));
        }
        const u64 mergers = 1 + deepstack;
        add("merger.norm", 2 * W, 1, 1, Placement::Replicated);
        if (deepstack > 0) {
            add("deepstack_merger.norm", checkedMul(2, merged, f), 1, deepstack,
                Placement::Replicated);
        }
        add("merger.fc1", merged, checkedAdd(merged, 1, f), mergers, Placement::Sharded);
        add("merger.fc2", out, checkedAdd(merged, 1, f), mergers, Placement::Sharded);
        VisionEncoderShape shape;
        shape.width = std::uint32_t(W);
        shape.mlpWidth = std::uint32_t(I);
        shape.heads = std::uint32_t(v.countOr("num_heads", 0, 4096));
        requireHeadsDivide(v, "num_heads", shape.heads, W);
        if (shape.heads == 0) {
            b.note("estimated: " + v.field("num_heads") +
                   " is absent; the encoder profile counts no rotary cos / sin of a head's width");
        }
        shape.gatedMlp = gated;
        shape.patch = std::uint32_t(patch);
        shape.temporalPatch = std::uint32_t(frames);
        shape.channels = std::uint32_t(channels);
        shape.mergeSize = std::uint32_t(merge);
        shape.outWidth = std::uint32_t(out);
        shape.deepstackMergers = std::uint32_t(deepstack);
        // Without the checkpoint's preprocessor_config.json (applyPreprocessorConfig): the
        // largest image the published Qwen-VL checkpoints' files allow, kQwenVlDefaultImageTokens.
        const u64 side = checkedMul(patch, merge, v.field("spatial_merge_size"));
        shape.maxImagePixels = checkedMul(kQwenVlDefaultImageTokens, side, side, f);
        shape.maxImagePixelsSource = defaultImageSource("no preprocessor_config.json was read");
        b.setVisionEncoder(std::move(shape));
    } else {
        add("projector", H,
            checkedMul(outW == W ? W : outW, shuffleFactor, shuffleFactor, v.field(widthKey)), 1,
            Placement::Sharded);
        setPooledEncoder(v, b, {W, I, patch, channels, image, gated}, tokensPerImage);
    }
    // The two keys SGLang's memory-fraction rule reads, as they are (engine.h
    // sglangVisionFractionFactor).
    b.setVisionConfig(v.countOr("num_hidden_layers", 0, kMaxLayers, 0),
                      v.countOr("hidden_size", 0, kMaxHidden, 0));
    b.note("estimated: the vision tower (" + v.path() + ") is counted as a " +
           (merge > 0 ? "Qwen-VL ViT with its patch mergers" : "generic ViT") + " of " +
           std::to_string(depth) + " layers, width " + std::to_string(W));
}

/// A wrapper's audio_config as a Whisper-style encoder (transformers WhisperEncoder, which
/// Voxtral's, Qwen2-Audio's and Ming's audio towers follow): two 1-D convolutions of kernel 3
/// ([W, mels x 3] and [W, W x 3] with biases), learned positions [positions, W], `depth` blocks
/// of attention (q, k, v, o [W, W], biases on q, v and o) and an MLP (fc1 [F, W], fc2 [W, F] with
/// biases) with two LayerNorms each, a final LayerNorm, and a projector to the text width
/// [H, W]. Keys: width d_model / hidden_size / n_state, depth encoder_layers /
/// num_hidden_layers / n_layer, MLP width encoder_ffn_dim / intermediate_size (else 4 W), mel
/// bins num_mel_bins / n_mels (else 128), positions max_source_positions / n_ctx (else 1500,
/// Whisper's 30 s); a sub-object holding them is read when audio_config itself does not
/// (Ming's whisper_encoder_config). Estimated: projectors differ (Voxtral stacks four frames
/// into [H, 4 W] and adds [H, H]). Under TP the blocks and the projector are sharded, as vLLM's
/// whisper.py builds them (QKVParallelLinear, RowParallelLinear); the rest is replicated.
void addAudioTower(const ConfigReader &top, ModelBuilder &b) {
    const ConfigReader a = top.sub("audio_config");
    const auto widthKeyOf = [](const ConfigReader &r) {
        return firstKey(r, {"d_model", "hidden_size", "n_state"});
    };
    const auto depthKeyOf = [](const ConfigReader &r) {
        return firstKey(r, {"encoder_layers", "num_hidden_layers", "n_layer"});
    };
    std::optional<ConfigReader> enc;
    if (widthKeyOf(a) && depthKeyOf(a)) {
        enc = a;
    } else if (a.raw().is_object()) {
        for (const auto &[key, value] : a.raw().items()) {
            if (value.is_object()) {
                ConfigReader r = a.sub(key);
                if (widthKeyOf(r) && depthKeyOf(r)) {
                    enc = r;
                    break;
                }
            }
        }
    }
    if (!enc) {
        b.note("estimated: " + a.path() +
               " has no encoder width or depth this importer reads; the audio tower is not "
               "counted");
        return;
    }
    const ConfigReader &e = *enc;
    const char *widthKey = widthKeyOf(e);
    const u64 W = e.count(widthKey, kMaxHidden);
    const u64 depth = e.count(depthKeyOf(e), kMaxLayers);
    const std::string f = e.field(widthKey);
    const char *ffnKey = firstKey(e, {"encoder_ffn_dim", "intermediate_size"});
    const u64 F = ffnKey ? e.count(ffnKey, kMaxIntermediate) : checkedMul(4, W, f);
    const char *melKey = firstKey(e, {"num_mel_bins", "n_mels"});
    const u64 mels = melKey ? e.count(melKey, 1024) : 128;
    const char *posKey = firstKey(e, {"max_source_positions", "n_ctx"});
    const u64 positions = posKey ? e.count(posKey, kMaxContext) : 1500;
    const u64 H = b.dimensions().hidden;
    const std::string am = b.modulePrefix() + "audio_tower.";
    auto add = [&](const std::string &m, u64 rows, u64 cols, u64 count, Placement placement) {
        b.tensor(placement == Placement::Sharded ? "audio" : "audio (embeddings and norms)",
                 GroupRole::Vision, placement, am + m, rows, cols, count, 0);
    };
    add("conv1", W, checkedAdd(checkedMul(3, mels, f), 1, f), 1, Placement::Replicated);
    add("conv2", W, checkedAdd(checkedMul(3, W, f), 1, f), 1, Placement::Replicated);
    add("embed_positions", positions, W, 1, Placement::Replicated);
    add("layers.self_attn", checkedMul(4, W, f), W, depth, Placement::Sharded);
    add("layers.self_attn.bias", 3, W, depth, Placement::Sharded);
    add("layers.fc1", F, checkedAdd(W, 1, f), depth, Placement::Sharded);
    add("layers.fc2", W, checkedAdd(F, 1, f), depth, Placement::Sharded);
    add("layers.norms", checkedMul(4, W, f), 1, depth, Placement::Replicated);
    add("layer_norm", 2 * W, 1, 1, Placement::Replicated);
    add("projector", H, W, 1, Placement::Sharded);
    b.note("estimated: the audio tower (" + e.path() + ") is counted as a Whisper-style encoder " +
           "of " + std::to_string(depth) + " layers, width " + std::to_string(W) +
           ", with a projector to the text width");
}

void addTowers(const ConfigReader &top, ModelBuilder &b) {
    if (auto v = top.optSub("vision_config")) {
        // transformers' Gemma3Config defaults mm_tokens_per_image to 256 (configuration_gemma3.py).
        const u64 tokensDefault = top.str("model_type") == "gemma3" ? 256 : 0;
        // Idefics3Config's (and SmolVLM's) pixel shuffle folds scale_factor^2 patches into one
        // projector input: Idefics3SimpleMLP is [text width, vision width x scale_factor^2]
        // without a bias (vLLM model_executor/models/idefics3.py, transformers
        // modeling_idefics3.py); Idefics3Config's default scale_factor is 2.
        const std::string type = top.str("model_type");
        const u64 shuffle =
            type == "idefics3" || type == "smolvlm" ? top.countOr("scale_factor", 2, 64) : 1;
        addVisionTower(*v, b, top.countOr("mm_tokens_per_image", tokensDefault, 1u << 20, 0),
                       shuffle);
    }
    if (top.optSub("audio_config")) {
        addAudioTower(top, b);
    }
}

bool wantsPreprocessorConfig(std::string_view configText) {
    const auto parsed = jsonfield::parse(configText, "config.json");
    if (!parsed || !parsed->is_object()) {
        return false;
    }
    const auto v = parsed->find("vision_config");
    return v != parsed->end() && v->is_object() && v->contains("spatial_merge_size");
}

std::optional<Error> applyPreprocessorConfig(ModelSpec &spec, std::string_view text,
                                             const std::string &source) {
    if (!spec.visionEncoder.readsPreprocessorConfig()) {
        return std::nullopt; // no tower whose largest image the file sets: not needed
    }
    constexpr std::uint64_t kMaxPixels = std::uint64_t(1) << 40;
    // Errors name the file first, then the key: "m/preprocessor_config.json: max_pixels: ...".
    const auto named = [&](const Error &e) {
        return makeError(e.field.empty() || e.field == source ? source : source + ": " + e.field,
                         e.message);
    };
    auto parsed = jsonfield::parse(text, source);
    if (!parsed) {
        return named(parsed.error());
    }
    const nlohmann::json &j = parsed.value();
    if (!j.is_object()) {
        return makeError(source, "not a JSON object; this is not an image processor's "
                                 "preprocessor_config.json");
    }
    auto maxPixels = jsonfield::integer(j, "max_pixels", "", 1, kMaxPixels, false);
    if (!maxPixels) {
        return named(maxPixels.error());
    }
    std::string key = "max_pixels";
    std::optional<std::uint64_t> pixels = *maxPixels;
    const auto size = j.find("size");
    if (size != j.end() && !size->is_null() && !size->is_object()) {
        return makeError(source + ": size", "must be an object of shortest_edge and "
                                            "longest_edge, got " +
                                                jsonfield::brief(*size));
    }
    if (!pixels && size != j.end() && size->is_object()) {
        auto edge = jsonfield::integer(*size, "longest_edge", "size", 1, kMaxPixels, false);
        if (!edge) {
            return named(edge.error());
        }
        pixels = *edge;
        key = "size.longest_edge";
    }
    if (pixels) {
        spec.visionEncoder.maxImagePixels = *pixels;
        spec.visionEncoder.maxImagePixelsSource = "preprocessor_config.json " + key;
    } else {
        spec.visionEncoder.maxImagePixelsSource =
            defaultImageSource("preprocessor_config.json gives neither max_pixels nor "
                               "size.longest_edge");
    }
    return std::nullopt;
}

} // namespace hostplan::importer
