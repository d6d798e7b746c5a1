// SPDX-License-Identifier: MIT
// ModelSpec: what HostPlan knows about a model for sizing: parameter counts, tensor groups with
// their number formats and parallel placement, layers by attention kind, experts.
//
// Conventions (documented once here, used everywhere):
// - totalParams counts every stored parameter of the checkpoint's model (language model plus
//   any vision tower / projector it ships), excluding MTP / draft layers unless stated.
// - activeParams is the parameters one text token touches, counting the LM head but NOT the
//   input embedding (a row gather, not a matmul): the convention of the vendors' "active"
//   headlines (Kimi K3 "104B", see ../shared/reference/kimi-k3-facts.md section 4).
//   activeParamsWithEmbedding adds the input embedding.
#pragma once

#include "model/numberformat.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostplan {

/// What a tensor group is, which decides how parallelism places it and whether a token
/// touches it.
enum class GroupRole {
    Embedding,     ///< input token embedding [vocab, hidden]
    LmHead,        ///< output projection [vocab, hidden]
    Attention,     ///< attention / linear-attention projections
    DenseMlp,      ///< dense feed-forward layers
    SharedExperts, ///< MoE shared experts (every token)
    RoutedExperts, ///< MoE routed experts (top-k per token)
    MoeOther,      ///< router, latent MoE projections, other per-token MoE parts
    Norms,         ///< norms, biases, small per-layer vectors
    Vision,        ///< vision tower and multimodal projector (not active for text)
    Other,
};

/// Where a checkpoint describes the KV-cache scales it ships (ModelSpec::shippedKvOrigin).
enum class KvScalesOrigin {
    None,
    /// config.json quantization_config.kv_cache_scheme of a compressed-tensors checkpoint
    /// (llm-compressor).
    CompressedTensors,
    /// hf_quant_config.json beside config.json: quantization.kv_cache_quant_algo (ModelOpt,
    /// every nvidia/*-FP8 and *-NVFP4 repository ships one).
    ModelOptFile,
    /// config.json quantization_config with quant_method "modelopt" and no
    /// hf_quant_config.json: kv_cache_scheme (or kv_cache_quant_algo) in the config itself.
    ModelOptConfig,
};

/// How a group is placed under tensor / expert parallelism.
enum class Placement {
    Sharded,    ///< split across the TP (or EP for routed experts) ranks
    Replicated, ///< a full copy on every rank
};

/// A run of consecutive decoder layers, [first, first + count).
struct LayerRange {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};

/// A run of consecutive decoder layers that each hold `perLayer` of something: a tensor
/// group's parameters (TensorGroup::layerParams) or, with perLayer 1, a layer group's layers
/// (LayerGroup::ranges). `before` is the sum of perLayer x count over the runs before it in
/// its list, which makes a range's sum a binary search (runsIn). Build lists with appendRun.
struct LayerRun {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    std::uint64_t perLayer = 0;
    std::uint64_t before = 0;
};

/// Appends `count` layers from `first` holding `perLayer` each to `runs`, whose runs end at or
/// before `first`: extends the last run when it ends at `first` with the same perLayer, else
/// adds a run with its `before`. perLayer 0 or count 0 adds nothing; a `first` before the
/// last run's end is ignored (the list stays ascending).
void appendRun(std::vector<LayerRun> &runs, std::uint32_t first, std::uint32_t count,
               std::uint64_t perLayer);

/// The sum of perLayer over the layers of `runs` inside `range`, in O(log runs).
std::uint64_t runsIn(const std::vector<LayerRun> &runs, LayerRange range);

/// The sum of perLayer over every layer of `runs`.
std::uint64_t runsTotal(const std::vector<LayerRun> &runs);

/// Where one tensor of a GGUF checkpoint lies in its file and which of llama.cpp's placement
/// units loads it (import/ggufimport.cpp; engine/llamacpp.h LlamaCppSide::mappedWeights).
struct FileTensor {
    /// The unit: the input embedding (always in RAM), the output layer (LM head, output norm
    /// and the other tensors outside the blocks), a block's tensors without the ones
    /// --n-cpu-moe moves, those, or none (a tensor llama.cpp does not load with the model).
    enum class Unit : std::uint8_t { Input, Output, Layer, LayerExperts, None };
    std::uint64_t offset = 0; ///< bytes from the start of its file's data section
    std::uint64_t bytes = 0;
    std::uint32_t part = 0;  ///< the split file that holds it, 0-based
    std::uint32_t layer = 0; ///< the block, for Layer and LayerExperts
    Unit unit = Unit::None;
};

/// The name of the Embedding group that holds per-layer input embeddings (Gemma 3n / Gemma 4
/// embed_tokens_per_layer, GGUF per_layer_token_embd) beside the token embedding: a row gather
/// like it, but not the token embedding a tied LM head stands for.
inline constexpr const char *kPerLayerEmbeddingGroup = "per-layer embeddings";

/// A set of tensors that share a role, a number format and a placement.
struct TensorGroup {
    std::string name; ///< e.g. "routed experts", "attention"
    GroupRole role = GroupRole::Other;
    std::uint64_t params = 0;       ///< parameters (elements, not packed bytes)
    std::uint64_t activeParams = 0; ///< of those, touched by one token
    NumberFormat format = formats::bf16;
    Placement placement = Placement::Sharded;
    /// Holds Linear-layer weight matrices, which weight re-quantization (withWeightFormat,
    /// per-role formats) converts (small biases grouped with them follow); false for groups of
    /// convolution kernels, biases or vectors only, which quantizers and engines keep in their
    /// stored precision.
    bool linear = true;
    /// Exact stored bytes when known (from a checkpoint or safetensors headers); 0 = derive
    /// from params and format with NumberFormat::bytesFor.
    std::uint64_t exactBytes = 0;
    /// Where the group's parameters sit among the decoder layers, when the importer knows
    /// (import/modelbuilder.h TensorPiece::layers): runs of layers, ascending, not
    /// overlapping, each with its parameters per layer (appendRun). Parameters beyond their sum
    /// (the final norm, a vision tower, pieces of unknown layers) are spread evenly over the
    /// layers. Empty: all of them are. Pipeline stages take their share by it (layerShare).
    std::vector<LayerRun> layerParams;

    /// Stored bytes of this group: exactBytes if set, else format.bytesFor(params).
    std::uint64_t bytes() const { return exactBytes ? exactBytes : format.bytesFor(params); }
};

/// Attention kind of a set of layers.
enum class AttentionKind {
    MHA,           ///< multi-head: kv heads == q heads
    GQA,           ///< grouped-query: fewer kv heads
    MQA,           ///< one kv head
    MLA,           ///< multi-head latent attention: caches kv_lora_rank + rope dims per token
    SlidingWindow, ///< GQA/MHA limited to the last `window` tokens
    Linear,        ///< linear / recurrent attention (KDA, Gated DeltaNet): fixed state per seq
};

/// A group of layers with the same attention kind and cache shape.
struct LayerGroup {
    AttentionKind kind = AttentionKind::GQA;
    std::uint32_t count = 0;      ///< number of layers
    std::uint32_t qHeads = 0;     ///< query heads
    std::uint32_t kvHeads = 0;    ///< KV heads (MHA/GQA/MQA/SlidingWindow)
    std::uint32_t headDim = 0;    ///< K head dim (and V unless vHeadDim is set)
    std::uint32_t vHeadDim = 0;   ///< V head dim if it differs (0 = headDim)
    std::uint32_t kvLoraRank = 0; ///< MLA latent width
    std::uint32_t ropeDim = 0;    ///< MLA decoupled rope dims cached beside the latent
    std::uint32_t window = 0;     ///< SlidingWindow tokens; DeepSeek V4 MLA: its window cache
    /// Linear attention: recurrent state elements per layer at TP 1 (heads x dk x dv), and
    /// short-conv window elements per layer at TP 1 (channels x (kernel - 1)). Both split by
    /// attention TP (heads are sharded). DeepSeek V4 MLA layers (compressRatio > 1):
    /// stateElements holds the float32 elements of the compressors' state one sequence keeps
    /// (replicated, not split by TP).
    std::uint64_t stateElements = 0;
    std::uint64_t convElements = 0;
    std::uint32_t stateHeads = 0; ///< heads the state is split over under TP
    /// Mamba2 mixers: the B / C groups (config n_groups), whose conv channels are 2 x groups x
    /// state size of convElements / (kernel - 1); 0 = not a grouped mixer. TP must divide them
    /// or they must be 1, and a single group is then replicated on every rank (vLLM
    /// MambaMixer2, vllm/model_executor/layers/mamba/mamba_mixer2.py @ bb435dbd).
    std::uint32_t stateGroups = 0;
    /// MLA layers with a sparse-attention lightning indexer (DeepSeek V3.2 config
    /// index_head_dim): the indexer's key width per token, cached beside the latent; 0 = none.
    std::uint32_t indexerHeadDim = 0;
    /// DeepSeek V4 compressed attention (config compress_ratios[i], vLLM
    /// vllm/model_executor/models/deepseek_v4.py @ f1b76c19 DeepseekV4Attention): 0 = not a
    /// V4 layer. A V4 layer (kind MLA, kvLoraRank = head_dim with the ropeDim rope channels
    /// inside it) caches its last `window` tokens in the fp8_ds_mla entry layout
    /// (engine/enginememory.h deepseekV4EntryBytes); with compressRatio 4 or 128 it also caches
    /// one compressed entry per compressRatio tokens (plus, at 4, indexer keys of
    /// indexerHeadDim per entry); 1 = the window cache only.
    std::uint32_t compressRatio = 0;
    /// These layers attend over the KV cache of an earlier layer of their kind instead of their
    /// own (Gemma 3n / Gemma 4 num_kv_shared_layers: the last n layers each read the last
    /// owning layer of the same type; vLLM gemma4.py @ 001cabc1 Gemma4Attention
    /// kv_sharing_target_layer_name). Engines that honour it allocate them no cache: vLLM's
    /// get_kv_cache_spec skips them (v1/worker/gpu_model_runner.py, PR #18212) and llama.cpp's
    /// llama_kv_cache skips layers without hparams.has_kv(il) (src/llama-kv-cache.cpp @
    /// 3514e9f6); SGLang gives every layer a buffer (engine/sglang_memory.cpp). Their
    /// decode steps still read the shared cache (CacheCost::sharedReadBytesPerTokenPerGpu).
    bool kvShared = false;
    /// The decoder layers of this kind, ascending runs of perLayer 1 (appendRun), when the
    /// importer built the model layer by layer (import/modelbuilder.h addLayer; a parallel
    /// hybrid's two groups each cover every layer). Empty: unknown, a pipeline stage then holds
    /// its even share (layersInRange).
    std::vector<LayerRun> ranges;
};

/// Mixture-of-experts facts (all zero for a dense model).
struct ExpertInfo {
    std::uint32_t routed = 0;          ///< routed experts per MoE layer
    std::uint32_t activePerToken = 0;  ///< top-k
    std::uint32_t shared = 0;          ///< shared experts per MoE layer
    std::uint32_t moeLayers = 0;       ///< layers that hold experts
    std::uint64_t paramsPerExpert = 0; ///< parameters of one routed expert in one layer
    std::uint32_t expertWidth = 0;     ///< hidden width an expert reads (latent MoE: smaller)
    std::uint32_t intermediate = 0;    ///< expert intermediate size
    /// The shared experts' MLP width as one MLP (n_shared_experts x the expert width, or
    /// shared_expert_intermediate_size); 0 without shared experts or where the importer
    /// does not build them as an MLP. Engines shard it over TP like a dense MLP, with or
    /// without EP (engine/tpshard.h).
    std::uint32_t sharedIntermediate = 0;
};

/// Everything the sizing models need about one model.
/// The shapes of a patch-and-merge vision tower (Qwen2-VL, Qwen2.5-VL, Qwen3-VL, Qwen3.5 and
/// later) that an engine's start-up profile runs on its largest dummy image
/// (engine/vllmencoder.h). From config.json vision_config and, where the checkpoint has one,
/// preprocessor_config.json. `width` 0: no such tower, or one whose profile HostPlan does not
/// model (towers without spatial_merge_size).
struct VisionEncoderShape {
    std::uint32_t width = 0;            ///< the ViT's hidden width W (embed_dim / hidden_size)
    std::uint32_t mlpWidth = 0;         ///< its MLP width I (intermediate_size, else mlp_ratio x W)
    std::uint32_t heads = 0;            ///< attention heads (num_heads), 0 = unknown
    bool gatedMlp = false;              ///< gate and up projections (hidden_act silu: Qwen2.5-VL)
    std::uint32_t patch = 0;            ///< patch side in pixels (patch_size)
    std::uint32_t temporalPatch = 1;    ///< frames one patch spans (temporal_patch_size)
    std::uint32_t channels = 3;         ///< in_channels
    std::uint32_t mergeSize = 0;        ///< spatial_merge_size: m x m patches make one token
    std::uint32_t outWidth = 0;         ///< the merger's output width (out_hidden_size, else text)
    std::uint32_t deepstackMergers = 0; ///< deepstack_visual_indexes entries (Qwen3-VL)
    /// The tower rotates q and k by 2-D rotary positions whose embeddings it keeps through the
    /// forward (the Qwen-VL towers); false: learned positions added once to the patch
    /// embeddings (SigLIP, as Gemma 3's tower).
    bool rotaryPositions = true;
    /// The image processor resizes every image to one square of maxImagePixels pixels
    /// (Gemma 3's 896 x 896, vision_config.image_size), so no preprocessor_config.json is
    /// read; mergeSize is then the projector's pooling side (mm_tokens_per_image tokens per
    /// image). False: the Qwen-VL processors' dynamic resolution up to maxImagePixels.
    bool fixedResolution = false;
    /// The image processor's largest image in pixels (max_pixels, or size.longest_edge,
    /// which the Qwen-VL processors read as a pixel count).
    std::uint64_t maxImagePixels = 0;
    /// Where maxImagePixels comes from: the file and key, or the processor's default.
    std::string maxImagePixelsSource;
    bool known() const { return width > 0 && mergeSize > 0 && patch > 0 && maxImagePixels > 0; }
    /// Whether the checkpoint's preprocessor_config.json sets the largest image (a known
    /// tower of dynamic resolution).
    bool readsPreprocessorConfig() const { return known() && !fixedResolution; }
};

struct ModelSpec {
    std::string id;           ///< catalogue id or file-derived id, e.g. "kimi-k3"
    std::string displayName;  ///< e.g. "Kimi K3"
    std::string architecture; ///< config model_type, e.g. "kimi_k3"
    std::string source;       ///< where the facts come from (file path or URL)
    std::string asOf;         ///< date of the source, ISO 8601
    /// The Hugging Face repository ("org/name") a converted file was made from, "" when it does
    /// not say: a GGUF file's general.base_model.0.repo_url (a huggingface.co address) or
    /// general.source.huggingface.repository (gguf-py's naming convention, ggml docs/gguf.md).
    /// The engines that do not load the file serve that checkpoint, with its tokenizer.
    std::string originRepo;

    std::uint64_t totalParams = 0;
    std::uint64_t activeParams = 0;              ///< excludes the input embedding (see above)
    std::uint64_t activeParamsWithEmbedding = 0; ///< includes it

    std::uint32_t hiddenSize = 0;
    std::uint32_t numLayers = 0;
    std::uint32_t numAttentionHeads = 0; ///< query heads; TP must divide this
    std::uint32_t vocabSize = 0;
    /// Intermediate width of the dense MLP layers (config intermediate_size when the model has
    /// a dense MLP group; 0 for all-MoE models). Sizes the engines' activation peak.
    std::uint32_t denseIntermediate = 0;
    /// The longest context the model serves, as vLLM derives max_model_len: config
    /// max_position_embeddings (GGUF context_length), scaled by the RoPE scaling factor
    /// (import/modelimport.cpp derivedMaxContext); 0 = unknown.
    std::uint64_t maxContextTokens = 0;
    /// SGLang's derived context_length where it differs (sglang get_context_length: the RoPE
    /// factor only for a scaling without original_max_position_embeddings and not llama3, so
    /// YaRN adds nothing); 0: maxContextTokens.
    std::uint64_t sglangMaxContextTokens = 0;
    /// Positions vLLM's rotary cos / sin caches span, summed over the model's RoPE instances
    /// (import/modelimport.cpp rotaryCachePositions: scaled RoPE builds its cache past
    /// max_position_embeddings); 0: maxContextTokens.
    std::uint64_t rotaryCachePositions = 0;
    /// config.json has an `auto_map`: the repository ships its own configuration / modeling /
    /// tokenizer code, which vLLM, SGLang and TensorRT-LLM load only with --trust-remote-code
    /// (Hugging Face transformers' custom-code convention).
    bool customCode = false;
    /// Its recurrent layers are Mamba / Mamba2 mixers (import/mamba.h), whose SSM state dtype
    /// the engines take from a flag: vLLM --mamba-ssm-cache-dtype (auto: the model dtype,
    /// vllm/model_executor/layers/mamba/mamba_utils.py; Nemotron-H's hook reads the config,
    /// float32 when absent), SGLang --mamba-ssm-dtype (float32 by default,
    /// python/sglang/srt/server_args.py). The serve commands set it to the plan's state format.
    bool mambaState = false;
    /// Its recurrent layers are Kimi Delta Attention (import/arch_kimi.cpp). vLLM keeps their
    /// recurrent state in float32 whatever --mamba-ssm-cache-dtype says
    /// (MambaStateDtypeCalculator.kda_state_dtype, vllm/model_executor/layers/mamba/
    /// mamba_utils.py @ 02d71083); SGLang follows --mamba-ssm-dtype (engine/servedtype.h).
    bool kdaState = false;
    /// The SSM-state dtypes the config names, nullopt where it names none (or a dtype no
    /// engine keeps a state in, with a note): `mamba_ssm_dtype` (Qwen3.5, at the top level or in
    /// text_config), which SGLang reads for every hybrid model and vLLM's Qwen3.5 hook reads;
    /// and `mamba_ssm_cache_dtype` (Nemotron-H), which vLLM's Nemotron-H hook reads. How each
    /// engine's default follows them: engine/servedtype.h engineStateFormat.
    std::optional<NumberFormat> configSsmDtype;
    std::optional<NumberFormat> configSsmCacheDtype;
    /// FP8 weights carry per-block scales (weight_block_size or a compressed-tensors block
    /// strategy: DeepSeek, Qwen FP8 checkpoints): their GEMMs run block-scaled kernels, slower
    /// than per-tensor FP8 (serving model, core/sizing/servingmodel.h). Kept when formats are
    /// overridden.
    bool fp8BlockScaled = false;
    /// The FP8 weight blocks of a block-scaled checkpoint (quant_method "fp8" weight_block_size,
    /// or compressed-tensors weights strategy "block" block_structure): rows is block_n along a
    /// weight's output rows, cols block_k along its input; 0 without blocks. vLLM and SGLang
    /// refuse a TP whose shards split a block (engine/tpshard.h).
    std::uint32_t fp8BlockRows = 0;
    std::uint32_t fp8BlockCols = 0;
    /// Why vLLM refuses this config before loading a weight (an assertion of its model class,
    /// such as phi.py's untied lm_head with a bias), "" when it loads it. The importer that
    /// reads the config sets it; engine/enginestartup.cpp engineArgumentsCheck refuses a vLLM
    /// plan with it.
    std::string vllmLoadRefusal;
    /// KV-cache format the checkpoint ships calibrated scales for, nullopt when it ships none:
    /// compressed-tensors quantization_config.kv_cache_scheme with num_bits 8 and type float is
    /// FP8 E4M3 with per-tensor k/v scales, which vLLM loads (CompressedTensorsKVCacheMethod,
    /// vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors.py at
    /// be696453ee1bf3b7a2f652cc457b340d5a20c88c) when started with --kv-cache-dtype fp8; a
    /// ModelOpt checkpoint's kv_cache_quant_algo "FP8" (hf_quant_config.json) or in-config
    /// kv_cache_scheme is the same FP8 E4M3 cache with per-tensor k/v scales. A plan uses it
    /// when the scenario names no KV format and the plan's engine loads those scales
    /// (engine/shippedkv.h, plan/plan.h).
    std::optional<NumberFormat> shippedKvFormat;
    /// The config key shippedKvFormat was read from ("kv_cache_scheme", or ModelOpt's
    /// "kv_cache_quant_algo"); empty without one.
    std::string shippedKvSource;
    /// Which description shippedKvFormat came from; engines read the forms differently
    /// (engine/shippedkv.h). None without shipped KV scales.
    KvScalesOrigin shippedKvOrigin = KvScalesOrigin::None;
    /// The shipped KV scales are named in hf_quant_config.json only, while config.json has a
    /// quantization_config of its own without a KV scheme: vLLM and SGLang read config.json's
    /// block and use the file only when config.json has none (vLLM
    /// transformers_utils/config.py; SGLang configs/model_config.py @ 001adf56
    /// _parse_quant_hf_config), so only TensorRT-LLM, which reads the file, applies them.
    bool shippedKvInQuantFileOnly = false;
    /// ModelOpt's quant_algo ("FP8", "FP8_BLOCK_SCALES", "NVFP4", ...) for a ModelOpt
    /// checkpoint; empty for any other. SGLang's KV-dtype choice depends on it.
    std::string modelOptQuantAlgo;
    /// Import notes the plan repeats as warnings (e.g. an index total_size far from the
    /// config-derived size).
    std::vector<std::string> notes;

    std::vector<TensorGroup> groups;
    std::vector<LayerGroup> layers;
    ExpertInfo experts;

    /// Published checkpoint tensor bytes (model.safetensors.index.json total_size) when known
    /// exactly; 0 if unknown.
    std::uint64_t checkpointBytes = 0;
    /// The checkpoint's dtype of unquantized tensors (config.json torch_dtype / dtype; bf16
    /// when it names none). Serving engines load a float32 checkpoint in 16 bits by default
    /// (plan/plan.h).
    NumberFormat dtype = formats::bf16;

    /// Stored bytes of each decoder layer when the checkpoint lists its tensors per layer (GGUF
    /// blk.N.*): the expert tensors llama.cpp's --n-cpu-moe moves (import/ggufimport.cpp) in
    /// layerExpertBytes, the rest in layerBytes. Empty when unknown; engines that place whole
    /// layers (llama.cpp -ngl, --n-cpu-moe) then spread the groups evenly over the layers.
    std::vector<std::uint64_t> layerBytes;
    std::vector<std::uint64_t> layerExpertBytes;
    /// The largest single tensor of each layer among those in layerExpertBytes and among the
    /// rest (the weight llama.cpp's op offload copies to a GPU at a time, engine/llamacpp.h).
    /// Empty when unknown, like layerBytes.
    std::vector<std::uint64_t> layerLargestExpertTensor;
    std::vector<std::uint64_t> layerLargestTensor;
    /// Every tensor of a GGUF checkpoint in its file's order, with where it lies (FileTensor):
    /// llama.cpp maps the span of each file that its host tensors cover. Empty when unknown,
    /// like layerBytes.
    std::vector<FileTensor> fileTensors;

    /// The vision tower's config as SGLang's multimodal memory-fraction rule reads it
    /// (engine/engine.h sglangVisionFractionFactor): config.json vision_config
    /// num_hidden_layers and hidden_size, 0 where the key is absent (also for a tower described
    /// under other keys, such as Qwen2-VL's depth or Kimi K3's vt_num_hidden_layers). Only
    /// meaningful when a GroupRole::Vision group exists.
    std::uint32_t visionConfigLayers = 0;
    std::uint32_t visionConfigHidden = 0;
    /// The vision tower's shapes for its profile pass (VisionEncoderShape); default (width 0)
    /// where the tower is neither a patch-and-merge ViT nor a fixed-resolution pooled one
    /// (Gemma 3) HostPlan models.
    VisionEncoderShape visionEncoder;

    /// Multi-token-prediction layers the checkpoint ships beside the decoder (config
    /// num_nextn_predict_layers / mtp_num_hidden_layers / num_mtp_modules). Not in groups or
    /// totalParams (see above); engines load them only for speculative decoding
    /// (engine/enginememory.h mtpDraftWeightBytes).
    std::uint32_t mtpLayers = 0;

    /// The speculative-decoding draft a plan loads beside this model (scenario engine.draft),
    /// attached by the plan (plan/plan.h resolveDraft): a separate draft model, or an EAGLE
    /// head built from this one (engine/draftmodel.h eagleHeadSpec). Null without one; never
    /// part of the checkpoint's figures above.
    std::shared_ptr<const ModelSpec> draft;
    /// This spec is an EAGLE draft head (eagleHeadSpec): it reads its target's input embedding
    /// and LM head, so it has neither group.
    bool eagleHead = false;

    bool isMoe() const { return experts.routed > 0; }
    /// Sum of TensorGroup::bytes() over all groups.
    std::uint64_t weightBytes() const;
    /// Sum of TensorGroup::params.
    std::uint64_t groupParams() const;
    /// Whether every decoder layer runs a softmax-attention layer and a recurrent mixer side by
    /// side on the same input (Falcon-H1's parallel hybrid: vLLM falcon_h1.py
    /// FalconH1ParallelHybrid): the linear (recurrent) groups of `layers` and the others each
    /// count numLayers, so `layers` lists 2 x numLayers entries and every layer keeps both a
    /// KV cache and a recurrent state.
    bool parallelHybrid() const;
    /// The decoder layers (blocks) a pipeline splits: numLayers for a parallel hybrid, else
    /// numLayers or, if larger, the blocks the layer groups span (the end of their ranges when
    /// every group lists them: LongCat-Flash's two attention sublayers per block count once),
    /// else the sum of their counts (Nemotron-H's num_hidden_layers blocks include MLP and MoE
    /// blocks beside its mixer layers).
    std::uint32_t decoderLayers() const;
};

/// Re-quantizes a spec for a what-if. A quantized `format` (fewer than 16 bits per element:
/// FP8, MXFP4, NVFP4, INT8, INT4, ...) goes to the Linear groups of attention, MLPs and experts;
/// embeddings, norms, routers and the LM head keep theirs, as quantization tools and engines
/// do (llm-compressor recipes ignore lm_head; vLLM's online --quantization fp8 quantizes
/// LinearBase layers, and its ParallelLMHead is a VocabParallelEmbedding:
/// vllm/model_executor/layers/quantization/fp8.py Fp8Config.get_quant_method). A 16- or 32-bit
/// float `format` is a dtype (vLLM --dtype): every group takes it except those stored in a
/// quantized format that the Linear groups' rule leaves alone. exactBytes are cleared for
/// changed groups.
ModelSpec withWeightFormat(const ModelSpec &spec, const NumberFormat &format);

/// Whether `format` is an unquantized float dtype (FP32, BF16, FP16).
bool isFloatDtype(const NumberFormat &format);

/// Re-quantizes every group (embeddings and norms too): the seed articles' "params x bytes per
/// weight" arithmetic.
ModelSpec withUniformFormat(const ModelSpec &spec, const NumberFormat &format);

/// The fraction of `g`'s parameters in the decoder layers `range` of a model with
/// `totalLayers` of them: its layerParams inside the range, plus the parameters they do not
/// place times range.count / totalLayers. In [0, 1]; range.count / totalLayers for a group
/// without layerParams; 0 when totalLayers or g.params is 0. O(log runs).
double layerShare(const TensorGroup &g, LayerRange range, std::uint32_t totalLayers);

/// The layers of `l` inside `range` of a model with `totalLayers` decoder layers: the overlap
/// of l.ranges with it; without ranges, the even share ceil(l.count x range.count /
/// totalLayers) (l.count when totalLayers is 0).
std::uint32_t layersInRange(const LayerGroup &l, LayerRange range, std::uint32_t totalLayers);

/// Of the `roleLayers` decoder layers that hold groups of `role` alike, those inside `range`:
/// roleLayers x the role's parameters in the range (layerShare of each group) / all of them,
/// rounded; nullopt when no group of that role has layerParams. Exact when the role's layers
/// hold equal parameters (dense MLPs, expert layers), however its groups split them by format.
std::optional<std::uint32_t> roleLayersInRange(const ModelSpec &m, GroupRole role, LayerRange range,
                                               std::uint32_t roleLayers);

/// Human-readable name of a role / kind for tables and JSON ("routed_experts", "mla").
std::string roleName(GroupRole role);
std::string attentionKindName(AttentionKind kind);

} // namespace hostplan
