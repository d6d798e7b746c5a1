// SPDX-License-Identifier: MIT
// Golden rows P12-P18: more vLLM 0.19.0 start-up logs of the same published run
// (llm-d-incubation/llm-d-planner accuracy/results/v0.19.0/logs @ d3121e05, H100 80GB HBM3,
// `vllm serve` defaults, the flags each row names), first checked as held-out logs after
// P1-P11 and kept as golden rows: scaled RoPE caches (gemma-3), the fused-MoE workspace that
// outlives the profile's forward (Qwen3-30B-A3B, DeepSeek-V2-Lite, Qwen1.5-MoE), W8A8 INT8
// checkpoints and online FP8 (the LM head stays 16-bit) and --dtype float32 (a float32 KV
// cache). Included by goldenstartuplogs.h, whose helpers they use.
#pragma once

#include "goldenstartuplogs.h"

namespace golden {

inline void v011Checks(std::vector<Check> &out);
inline void hybridLogChecks(std::vector<Check> &out);
inline void pipelineLogChecks(std::vector<Check> &out);
inline void attentionDpLogChecks(std::vector<Check> &out);
inline void vllm08LogChecks(std::vector<Check> &out);
inline void blogLogChecks(std::vector<Check> &out);

/// A model from an inline config.json text; throws naming `source` when it does not import.
inline ModelSpec inlineModel(const std::string &cfg, const std::string &source) {
    auto m = importHfConfigText(cfg, source);
    if (!m.ok()) {
        throw std::runtime_error(source + ": " + m.error().toString());
    }
    return m.value();
}

/// Gemma 3 (google/gemma-3-*-it config.json): a SigLIP vision tower of 27 layers beside a
/// text model with 5 sliding (1024) layers per global one, linear RoPE x 8 on the global
/// layers and plain RoPE (rope_local_base_freq) on the local ones.
inline ModelSpec gemma3(const char *source, std::uint32_t hidden, std::uint32_t intermediate,
                        std::uint32_t layers, std::uint32_t heads, std::uint32_t kvHeads,
                        std::uint32_t headDim) {
    const std::string text =
        "{\"model_type\":\"gemma3_text\",\"hidden_size\":" + std::to_string(hidden) +
        ",\"intermediate_size\":" + std::to_string(intermediate) +
        ",\"num_hidden_layers\":" + std::to_string(layers) +
        ",\"num_attention_heads\":" + std::to_string(heads) +
        ",\"num_key_value_heads\":" + std::to_string(kvHeads) +
        ",\"head_dim\":" + std::to_string(headDim) +
        R"(,"sliding_window":1024,"sliding_window_pattern":6,"rope_theta":1000000.0,
        "rope_local_base_freq":10000.0,"rope_scaling":{"factor":8.0,"rope_type":"linear"},
        "max_position_embeddings":131072,"vocab_size":262208,
        "hidden_activation":"gelu_pytorch_tanh"})";
    return inlineModel(
        R"({"architectures":["Gemma3ForConditionalGeneration"],"model_type":"gemma3",
        "mm_tokens_per_image":256,"image_token_index":262144,"torch_dtype":"bfloat16",
        "text_config":)" +
            text +
            R"(,"vision_config":{"hidden_size":1152,"image_size":896,"intermediate_size":4304,
        "model_type":"siglip_vision_model","num_attention_heads":16,"num_hidden_layers":27,
        "patch_size":14,"vision_use_head":false}})",
        source);
}

/// RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w8a8 config.json: compressed-tensors
/// int-quantized, 8-bit int weights per channel, lm_head ignored, float16.
inline ModelSpec llama8bW8a8() {
    return inlineModel(
        R"({"architectures":["LlamaForCausalLM"],"model_type":"llama","hidden_size":4096,
        "intermediate_size":14336,"max_position_embeddings":131072,"num_attention_heads":32,
        "num_hidden_layers":32,"num_key_value_heads":8,"rope_theta":500000.0,
        "rope_scaling":{"factor":8.0,"low_freq_factor":1.0,"high_freq_factor":4.0,
        "original_max_position_embeddings":8192,"rope_type":"llama3"},
        "tie_word_embeddings":false,"torch_dtype":"float16","vocab_size":128256,
        "quantization_config":{"quant_method":"compressed-tensors","format":"int-quantized",
        "config_groups":{"group_0":{"targets":["Linear"],"weights":{"num_bits":8,"type":"int",
        "strategy":"channel","symmetric":true,"dynamic":false}}},"ignore":["lm_head"]}})",
        "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w8a8");
}

/// deepseek-ai/DeepSeek-V2-Lite-Chat config.json: MLA (latent 512 + rope 64), 64 routed
/// experts of 1408 (top 6) and 2 shared, the first layer dense, YaRN x 40 over 4096.
inline ModelSpec deepseekV2Lite() {
    return inlineModel(
        R"({"architectures":["DeepseekV2ForCausalLM"],"model_type":"deepseek_v2",
        "hidden_size":2048,"intermediate_size":10944,"moe_intermediate_size":1408,
        "num_hidden_layers":27,"num_attention_heads":16,"num_key_value_heads":16,
        "n_routed_experts":64,"n_shared_experts":2,"num_experts_per_tok":6,
        "first_k_dense_replace":1,"moe_layer_freq":1,"kv_lora_rank":512,"q_lora_rank":null,
        "qk_nope_head_dim":128,"qk_rope_head_dim":64,"v_head_dim":128,"vocab_size":102400,
        "max_position_embeddings":163840,"tie_word_embeddings":false,"torch_dtype":"bfloat16",
        "rope_scaling":{"beta_fast":32,"beta_slow":1,"factor":40,"mscale":0.707,
        "mscale_all_dim":0.707,"original_max_position_embeddings":4096,"type":"yarn"}})",
        "deepseek-ai/DeepSeek-V2-Lite-Chat");
}

/// Qwen/Qwen1.5-MoE-A2.7B-Chat config.json: 60 experts of 1408 (top 4) and a shared expert of
/// 5632 on each of 24 layers.
inline ModelSpec qwen15Moe() {
    return inlineModel(
        R"({"architectures":["Qwen2MoeForCausalLM"],"model_type":"qwen2_moe",
        "hidden_size":2048,"intermediate_size":5632,"moe_intermediate_size":1408,
        "shared_expert_intermediate_size":5632,"num_experts":60,"num_experts_per_tok":4,
        "decoder_sparse_step":1,"num_hidden_layers":24,"num_attention_heads":16,
        "num_key_value_heads":16,"vocab_size":151936,"max_position_embeddings":8192,
        "rope_theta":1000000.0,"tie_word_embeddings":false,"torch_dtype":"bfloat16",
        "norm_topk_prob":false,"mlp_only_layers":[]})",
        "Qwen/Qwen1.5-MoE-A2.7B-Chat");
}

/// meta-llama/Llama-4-Scout-17B-16E-Instruct config.json, the keys HostPlan reads, as
/// published (the whole file is kept as test data in ai-dynamo/dynamo
/// lib/llm/tests/data/sample-models/Llama-4-Scout-17B-16E-Instruct/config.json, fork
/// yuekaizhang/dynamo @ ceaeba3e): 48 layers of 5120, 16 experts of 8192 (top 1) and a shared
/// expert of 16384 on each, chunked attention of 8192 with every fourth layer global, and a
/// 34-layer vision tower of 1408 (tests/data/configs' copy drops the vision_config).
inline ModelSpec llama4Scout() {
    return inlineModel(
        R"({"architectures":["Llama4ForConditionalGeneration"],"model_type":"llama4",
        "torch_dtype":"bfloat16","text_config":{"attention_bias":false,
        "attention_chunk_size":8192,"head_dim":128,"hidden_act":"silu","hidden_size":5120,
        "interleave_moe_layer_step":1,"intermediate_size":8192,"intermediate_size_mlp":16384,
        "max_position_embeddings":10485760,"model_type":"llama4_text","no_rope_layers":[],
        "num_attention_heads":40,"num_experts_per_tok":1,"num_hidden_layers":48,
        "num_key_value_heads":8,"num_local_experts":16,"rope_scaling":{"factor":16.0,
        "high_freq_factor":1.0,"low_freq_factor":1.0,"original_max_position_embeddings":8192,
        "rope_type":"llama3"},"rope_theta":500000.0,"torch_dtype":"bfloat16",
        "use_qk_norm":true,"vocab_size":202048},"vision_config":{"hidden_act":"gelu",
        "hidden_size":1408,"image_size":336,"intermediate_size":5632,
        "model_type":"llama4_vision_model","multi_modal_projector_bias":false,
        "num_attention_heads":16,"num_channels":3,"num_hidden_layers":34,"patch_size":14,
        "pixel_shuffle_ratio":0.5,"projector_input_dim":4096,"projector_output_dim":4096,
        "vision_feature_layer":-1,"vision_output_dim":4096}})",
        "meta-llama/Llama-4-Scout-17B-16E-Instruct");
}

inline void heldOutLogChecks(std::vector<Check> &out) {
    // P12: Gemma 3 4B / 12B / 27B. "Model loading took" carries vLLM's RoPE caches: the global
    // layers' linear x 8 cache spans 1,048,576 positions (512 MiB at head dim 256, 256 MiB at
    // 128) beside the local layers' 131,072. The profile first runs the SigLIP tower on 32
    // images of 256 tokens (the logs' "profiled with 32 image items"); the sampler's pass then
    // leads, with the 32 images' outputs and float32 pixel values still live (logged peaks
    // 3.89 / 3.94 / 3.99 GiB).
    checkStartupLog(gemma3("google/gemma-3-4b-it", 2560, 10240, 34, 8, 4, 256),
                    {"P12", "google-gemma-3-4b-it--h100-80gb--tp1pp1dp1--8192.log",
                     "gemma-3-4b-it bf16", 1, 1, 8192, 0.95, 8.58, 468144},
                    out);
    checkStartupLog(gemma3("google/gemma-3-12b-it", 3840, 15360, 48, 16, 8, 256),
                    {"P12", "google-gemma-3-12b-it--h100-80gb--tp1pp1dp1--8192.log",
                     "gemma-3-12b-it bf16", 1, 1, 8192, 0.95, 23.31, 130304},
                    out);
    checkStartupLog(gemma3("google/gemma-3-27b-it", 5376, 21504, 62, 32, 16, 128),
                    {"P12", "google-gemma-3-27b-it--h100-80gb--tp1pp1dp1--8192.log",
                     "gemma-3-27b-it bf16", 1, 1, 8192, 0.95, 51.45, 36560},
                    out);
    // P13-P15: bf16 MoE models on the Triton fused-MoE path ("Using TRITON backend"): the
    // profile peak (logged 2.68 / 1.93 / 2.47 GiB) is the sampler warm-up with the workspace
    // the forward left in vLLM's WorkspaceManager.
    checkStartupLog(dataConfigModel("Qwen--Qwen3-30B-A3B_config.json", "Qwen/Qwen3-30B-A3B"),
                    {"P13", "qwen-qwen3-30b-a3b--h100-80gb--tp1pp1dp1--8192.log",
                     "Qwen3-30B-A3B bf16", 1, 1, 8192, 0.95, 56.88, 168288},
                    out);
    checkStartupLog(deepseekV2Lite(),
                    {"P14", "deepseek-ai-deepseek-v2---h100-80gb--tp1pp1dp1--8192.log",
                     "DeepSeek-V2-Lite-Chat bf16", 1, 1, 8192, 0.95, 29.43, 1505552},
                    out);
    checkStartupLog(qwen15Moe(),
                    {"P15", "qwen-qwen1-5-moe-a2-7b--h100-80gb--tp1pp1dp1--8192.log",
                     "Qwen1.5-MoE-A2.7B bf16", 1, 1, 8192, 0.95, 26.67, 250304},
                    out);
    // P16: W8A8 INT8 (compressed-tensors int-quantized, lm_head ignored) and P17 online FP8
    // (--quantization fp8): int8 / fp8 linear layers, the embedding and LM head 16-bit.
    checkStartupLog(llama8bW8a8(),
                    {"P16", "w8a8-redhatai-llam--h100-80gb--tp1pp1dp1--8192-dtf16.log",
                     "Llama-3.1-8B w8a8 fp16", 1, 1, 8192, 0.95, 8.49, 529200},
                    out);
    const ModelSpec llama8b = catalogueModel("llama-3.1-8b");
    checkStartupLog(withWeightFormat(llama8b, formats::fp8),
                    {"P17", "meta-llama-llama-3---h100-80gb--tp1pp1dp1--8192-qfp8.log",
                     "Llama-3.1-8B --quantization fp8", 1, 1, 8192, 0.95, 8.49, 529248},
                    out);
    // P18: --dtype float32: float32 weights and, with --kv-cache-dtype auto, a float32 KV cache
    // (262,144 B per token).
    checkStartupLog(withWeightFormat(llama8b, formats::fp32),
                    {"P18",
                     "meta-llama-llama-3--h100-80gb--tp1pp1dp1--8192-dtf32.log",
                     "Llama-3.1-8B --dtype float32",
                     1,
                     1,
                     8192,
                     0.95,
                     29.98,
                     175296,
                     MoeKernel::Auto,
                     {},
                     {},
                     formats::fp32},
                    out);
    // P36: Llama-4-Scout (16 experts of 8192, top 1, and a shared expert on all 48 layers,
    // chunked local attention of 8192 on three layers in four) at TP 4: the Triton unquantized
    // MoE path ("Using TRITON backend for Unquantized MoE"); all four ranks log 53.12 GiB of
    // weights, a 3.19 GiB peak and 2.17 GiB of non-torch memory (TP 4's collectives).
    // Checked as a held-out log first (weights -0.0 %, KV tokens +0.8 %); no rule was changed
    // for it. The tower's profile pass (3 images, Llama 4's tiles) is not modelled: the
    // sampler's pass is the larger there.
    checkStartupLog(llama4Scout(),
                    {"P36", "meta-llama-llama-4-scout--h100-80gb--tp4pp1dp1--8192.log",
                     "Llama-4-Scout-17B-16E bf16", 4, 1, 8192, 0.95, 53.12, 365968},
                    out);
    // P37: Phi-2 (float16, max_model_len 2048), refused before its GPT-style block was read:
    // weights 5.19 GiB logged, a 0.79 GiB peak, 327,680 B of KV per token.
    checkStartupLog(dataConfigModel("microsoft--phi-2_config.json", "microsoft/phi-2"),
                    {"P37", "microsoft-phi-2--h100-80gb--tp1pp1dp1--2048.log", "phi-2 fp16", 1, 1,
                     2048, 0.95, 5.19, 226112},
                    out);
    // P38: gpt-oss-20b at u 0.95 on TP 1 and TP 2 (the same run as P10 with the fraction
    // raised): vLLM sized its pool as HostPlan does (1,277,184 / 2,764,768 tokens logged) and
    // then ran out of memory warming the sampler up with 1024 dummy requests after the KV cache
    // and the CUDA graphs were in place ("CUDA out of memory occurred when warming up
    // sampler": 786 MiB of fp32 logits asked, 552 MiB free at TP 1). vLLM's own estimate in
    // the same log (59.93 GiB of KV "to fully utilize gpu memory") has room for the 58.47 GiB
    // it allocated; at the failure PyTorch held 1.78 GiB reserved but unallocated, which
    // neither vLLM's budget nor HostPlan counts. 58 other logs of the run at u 0.95 started,
    // some with less room outside the budget after the CUDA context and the graphs
    // (Llama-4-Scout TP 4: 0.76 GiB, against 1.61 GiB here), so no rule on that room
    // separates them; a known miss.
    const std::string warmUp =
        "vLLM ran out of memory in its sampler warm-up after allocating the pool (PyTorch held "
        "1.78 GiB reserved but unallocated, in neither vLLM's budget nor HostPlan's); runs "
        "with less room outside the budget started, so no general rule separates this one";
    checkStartupLog(gptOss20b(),
                    {"P38",
                     "openai-gpt-oss-20b--h100-80gb--tp1pp1dp1--8192.FAILED.log",
                     "gpt-oss-20b",
                     1,
                     1,
                     8192,
                     0.95,
                     13.64,
                     1277184,
                     MoeKernel::Triton,
                     {},
                     {},
                     formats::bf16,
                     false,
                     warmUp},
                    out);
    checkStartupLog(gptOss20b(),
                    {"P38",
                     "openai-gpt-oss-20b--h100-80gb--tp2pp1dp1--8192.FAILED.log",
                     "gpt-oss-20b",
                     2,
                     1,
                     8192,
                     0.95,
                     7.01,
                     2764768,
                     MoeKernel::Triton,
                     {},
                     {},
                     formats::bf16,
                     false,
                     warmUp},
                    out);
    v011Checks(out);
    hybridLogChecks(out);
    pipelineLogChecks(out);
    attentionDpLogChecks(out);
    vllm08LogChecks(out);
    blogLogChecks(out);
}

} // namespace golden

#include "goldenv011.h"
#include "goldenhybrid.h"
#include "goldenpipeline.h"
#include "goldenattentiondp.h"
#include "goldenvllm08.h"
#include "goldenblogs.h"
