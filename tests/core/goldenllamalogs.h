// SPDX-License-Identifier: MIT
// Golden llama.cpp rows L4-L16: buffers llama.cpp printed at start-up in published logs, gathered
// by a validation of HostPlan's planner against them (the logs' lines are quoted with each row).
// They check the rules those validations found wrong: the MLA cache by the GGUF's keys and
// the release (LlamaRule::MlaLatentCache, MlaVlessCache), the KQ-mask stage of a GPU's compute
// buffer with Flash Attention (llamaMaskStage), the host compute buffer with layers in system
// RAM under op offload (llamaOffloadHostCompute), which blocks of a hybrid hold a cache, and
// the compute buffer's layer blocks under Flash Attention (llamaFlashLayerBlock, the MoE down
// projection of llamaFfnStage, MLA's absorbed query in llamaMaskStage).
// Configs are sized as a uniform GGUF type (asGgufType) unless the row says how the file differs;
// model buffers are not compared (the files mix quant types). Included by goldenllamacpp.h.
#pragma once

#include "goldenllamacpp.h"

namespace golden {

/// zai-org/GLM-4.5-Air as the b6168 log's print_info and GGUF metadata give it (46 layers and
/// one next-token layer llama.cpp loads but does not run, hidden 4096, 96 heads of 128, 8 KV
/// heads, 128 experts of 1408, top 8, one shared, first layer dense of 10944, vocab 151552).
inline ModelSpec glm45Air() {
    return inlineModel(
        R"({"architectures":["Glm4MoeForCausalLM"],"model_type":"glm4_moe","attention_bias":true,
        "first_k_dense_replace":1,"head_dim":128,"hidden_act":"silu","hidden_size":4096,
        "intermediate_size":10944,"max_position_embeddings":131072,"moe_intermediate_size":1408,
        "n_group":1,"n_routed_experts":128,"n_shared_experts":1,"norm_topk_prob":true,
        "num_attention_heads":96,"num_experts_per_tok":8,"num_hidden_layers":46,
        "num_key_value_heads":8,"num_nextn_predict_layers":1,"partial_rotary_factor":0.5,
        "rms_norm_eps":1e-05,"rope_theta":1000000,"routed_scaling_factor":1.0,
        "tie_word_embeddings":false,"topk_group":1,"torch_dtype":"bfloat16",
        "use_qk_norm":false,"vocab_size":151552})",
        "zai-org/GLM-4.5-Air");
}

/// `m` sized as a uniform GGUF of ggml type `type`.
inline ModelSpec ggufOf(const ModelSpec &m, const char *type) {
    return asGgufType(m, *gguf::ggmlTypeByName(type));
}

/// Rows L4-L16 (see the file comment), appended to `out`.
inline void llamaLogChecks(std::vector<Check> &out) {
    const HostSpec host = findHost("ddr5-desktop").value();
    const auto kvType = [](const char *name) { return parseLlamaKvType(name).value(); };

    // L4: DeepSeek-V3 Q3_K_M on an RTX 4090, llama-cli b4568 ("build: 4568 (a4417ddd)"),
    // --cache-type-k q5_0 (V f16) --n-gpu-layers 5, n_ctx 4096, n_ubatch 512, flash_attn 0:
    // "CUDA0 KV buffer size = 970.00 MiB", "CPU KV buffer size = 10864.00 MiB" (a release
    // before PR #12801 caches each head's full K and V: n_embd_k_gqa 24576, n_embd_v_gqa
    // 16384), "CPU output buffer size = 0.49 MiB", "CUDA0 compute buffer size = 3630.00 MiB",
    // "CUDA_Host compute buffer size = 88.01 MiB" (the f32 mask and one RAM-resident layer's K
    // and V rows, 512 x (4096 + 24576 + 16384) x 4 B). b4568 counts -ngl from the repeating
    // layers: blocks 56-60 on the GPU, the output layer in RAM.
    {
        const ModelSpec m =
            ggufOf(dataConfigModel("deepseek-ai--DeepSeek-V3_config.json", "DeepSeek-V3"), "q3_K");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 4090", 24.0, true), host, 4096);
        in.build = 4568;
        in.gpuLayers = 5;
        in.kvTypeK = kvType("q5_0");
        in.kvTypeV = kvType("f16");
        in.server = false;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "DeepSeek-V3 Q3_K_M, RTX 4090, llama.cpp b4568, -c 4096 -ngl 5 "
                                "-ctk q5_0, FA off, 1 slot";
        const std::string src = "llama.cpp log: 'Running DeepSeek V3 on your Windows machine' "
                                "(public repository file, llama-cli b4568)";
        addLlamaComponents(out, "L4", set, src,
                           {{"CUDA0 KV buffer MiB", 970.00, double(p.gpu.kvCache) / kMiB},
                            {"CPU KV buffer MiB", 10864.00, double(p.host.kvCache) / kMiB},
                            {"output buffer MiB", 0.49, double(p.host.outputBuffer) / kMiB},
                            {"host compute MiB", 88.01, double(p.host.compute) / kMiB}});
        out.push_back({"L4", "CUDA0 compute MiB", set, 3630.00, double(p.gpu.compute) / kMiB,
                       kLlamaTol, src,
                       "differs by 1932 MiB that HostPlan does not account for: its figure is "
                       "the op-offload copy of the largest RAM-resident tensor (an expert "
                       "tensor, 1540 MiB as uniform q3_K) beside the FFN stage; the Q3_K_M file "
                       "keeps some tensors in larger types (llama-quantize's Q3_K_M rule) and "
                       "its tensor table was not at hand, and the attention stage of the layers "
                       "in RAM (1282 MiB with their K and V) does not close the gap either"});
    }

    // L5: GLM-4.5-Air on an RTX PRO 6000, llama-server b6168 ("build: 6168 (092fd845)"), -fa
    // -c 131072 -ngl 99 -b 4096 -ub 4096, one sequence: "CUDA0 KV buffer size = 23552.00 MiB",
    // "CUDA_Host output buffer size = 0.58 MiB", "CUDA0 compute buffer size = 3584.09 MiB"
    // (the KQ-mask stage: 131072 x 4096 x (4 + 2) B of f32 mask copy and f16 cast, and (2 x
    // 4096 + 2 x 12288) x 4096 x 4 B of first-layer rows), "CUDA_Host compute buffer size =
    // 2112.11 MiB" (the f32 mask and the token rows). The file is Thireus's mixed-type GLM-4.5-Air
    // (about 5 bits per weight), sized here as q5_K.
    {
        const ModelSpec m = ggufOf(glm45Air(), "q5_K");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA RTX PRO 6000", 96.0, true), host, 131072);
        in.build = 6168;
        in.flashAttention = true;
        in.batch = 4096;
        in.ubatch = 4096;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "GLM-4.5-Air ~5 bpw, RTX PRO 6000, llama.cpp b6168, -c 131072 "
                                "-b 4096 -ub 4096, FA on, -ngl all, 1 slot";
        const std::string src = "llama.cpp log: ik_llama.cpp discussion (Thireus, 2025-08-14), "
                                "mainline llama-server b6168";
        addLlamaComponents(out, "L5", set, src,
                           {{"CUDA0 KV buffer MiB", 23552.00, double(p.gpu.kvCache) / kMiB},
                            {"output buffer MiB", 0.58, double(p.host.outputBuffer) / kMiB},
                            {"CUDA0 compute MiB", 3584.09, double(p.gpu.compute) / kMiB},
                            {"host compute MiB", 2112.11, double(p.host.compute) / kMiB}});
    }

    // L6: llama.cpp issue #18258 (a Qwen3-0.6B-shaped model: 28 layers, n_embd 1024, 8 KV heads
    // of 128, vocab 151936), n_ctx 20224, n_batch 20224, n_ubatch 512, flash_attn enabled, q8_0
    // K and V, 7 layers and the output layer on CUDA0 (its KV split): "CPU KV buffer size =
    // 881.34 MiB", "CUDA0 KV buffer size = 293.78 MiB", "CUDA_Host output buffer size = 0.58
    // MiB", "CUDA0 compute buffer size = 298.75 MiB", "CUDA_Host compute buffer size = 43.51
    // MiB" (the f32 mask and two n_embd embedding inputs, or one RAM-resident layer's K and V
    // rows: both 512 x (20224 + 2048) x 4 B). The issue reports a build after b7406; the log's
    // KV split puts the output layer on the GPU first, so it is planned as b7847.
    {
        const ModelSpec m =
            ggufOf(dataConfigModel("Qwen--Qwen3-0.6B_config.json", "Qwen3-0.6B"), "q8_0");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce GPU", 24.0, true), host, 20224);
        in.build = 7847;
        in.flashAttention = true;
        in.batch = 20224;
        in.gpuLayers = 8;
        in.kvTypeK = kvType("q8_0");
        in.kvTypeV = kvType("q8_0");
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen3-0.6B shape, q8_0 KV, CUDA, llama.cpp b7406+, -c 20224 "
                                "-b 20224, FA on, 7 of 28 layers and the output on the GPU";
        const std::string src = "llama.cpp log: github.com/ggml-org/llama.cpp/issues/18258";
        addLlamaComponents(out, "L6", set, src,
                           {{"CUDA0 KV buffer MiB", 293.78, double(p.gpu.kvCache) / kMiB},
                            {"CPU KV buffer MiB", 881.34, double(p.host.kvCache) / kMiB},
                            {"output buffer MiB", 0.58, double(p.host.outputBuffer) / kMiB},
                            {"CUDA0 compute MiB", 298.75, double(p.gpu.compute) / kMiB},
                            {"host compute MiB", 43.51, double(p.host.compute) / kMiB}});
    }

    // L7: DeepSeek-V2-Lite-Chat Q4_0 on an Adreno 840 (OpenCL), llama-cli b7057 ("build: 7057
    // (915803d1)"), -ngl 30 (all 27 layers and the output), n_ctx 4096, flash_attn auto (on):
    // the file has no *_mla keys ("n_embd_head_k_mla = 0"), so llama.cpp caches full K and V:
    // "K (f16): 648.00 MiB, V (f16): 432.00 MiB", "CPU output buffer size = 0.39 MiB",
    // "OpenCL compute buffer size = 208.00 MiB", "CPU compute buffer size = 12.01 MiB". The
    // config's model with llama.cpp's KV heads of such a file (16: import/ggufimport.cpp).
    {
        ModelSpec m = ggufOf(deepseekV2Lite(), "q4_0");
        for (LayerGroup &g : m.layers) {
            g.kvHeads = g.kind == AttentionKind::MLA ? g.qHeads : g.kvHeads;
        }
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("OpenCL Adreno 840", 16.0, false), host, 4096);
        in.build = 7057;
        in.flashAttention = true;
        in.server = false;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "DeepSeek-V2-Lite-Chat Q4_0 (no MLA keys), OpenCL, llama.cpp "
                                "b7057, -c 4096, FA on, -ngl all, 1 slot";
        const std::string src = "llama.cpp log: llama-cli b7057 on a Snapdragon Adreno 840 "
                                "(public repository file)";
        addLlamaComponents(out, "L7", set, src,
                           {{"KV buffer MiB", 1080.00, double(p.gpu.kvCache) / kMiB},
                            {"output buffer MiB", 0.39, double(p.host.outputBuffer) / kMiB},
                            {"OpenCL compute MiB", 208.00, double(p.gpu.compute) / kMiB},
                            {"host compute MiB", 12.01, double(p.host.compute) / kMiB}});
    }

    // L8: unsloth Qwen3-235B-A22B Q3_K_S on a Strix Halo (Vulkan, RADV GFX1151), llama-cli
    // b5398 (its llama-bench lines: "build: c531edfa (5398)"), -ngl 93 of 94 layers, n_ctx
    // 4096, n_ubatch 512, flash_attn 0: "Vulkan0 KV buffer size = 744.00 MiB", "CPU KV buffer
    // size = 8.00 MiB", "CPU output buffer size = 0.58 MiB", "Vulkan0 compute buffer size =
    // 791.61 MiB" (op offload copies the q6_K LM head, 486.9 MiB, beside the 300.75 MiB logits
    // stage), "Vulkan_Host compute buffer size = 16.01 MiB" (the f32 mask and the token rows,
    // 512 x (4096 + 4096) x 4 B). The file is q3_K but for output.weight, kept q6_K (its 659
    // q3_K tensors and one q6_K): the LM head is sized so here.
    {
        ModelSpec m =
            ggufOf(dataConfigModel("Qwen--Qwen3-235B-A22B_config.json", "Qwen3-235B-A22B"), "q3_K");
        const gguf::GgmlType &q6k = *gguf::ggmlTypeByName("q6_K");
        for (TensorGroup &g : m.groups) {
            if (g.role == GroupRole::LmHead) {
                g.exactBytes = g.params / q6k.blockSize * q6k.typeSize;
            }
        }
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("Vulkan0 (Radeon 8060S)", 96.0, false), host, 4096);
        in.build = 5398;
        in.gpuLayers = 93;
        in.server = false;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen3-235B-A22B Q3_K_S, Vulkan, llama.cpp b5398, -c 4096 "
                                "-ngl 93 of 94, FA off, 1 slot";
        const std::string src = "llama.cpp log: Strix Halo llama-cli b5398 (public repository "
                                "file)";
        addLlamaComponents(out, "L8", set, src,
                           {{"Vulkan0 KV buffer MiB", 744.00, double(p.gpu.kvCache) / kMiB},
                            {"CPU KV buffer MiB", 8.00, double(p.host.kvCache) / kMiB},
                            {"output buffer MiB", 0.58, double(p.host.outputBuffer) / kMiB},
                            {"Vulkan0 compute MiB", 791.61, double(p.gpu.compute) / kMiB},
                            {"host compute MiB", 16.01, double(p.host.compute) / kMiB}});
    }

    // L9a, L9b: ggml-org/gpt-oss-20b-GGUF on an Apple M5 (Metal), n_ctx 131072 (the training
    // context), flash_attn auto (on), one sequence. L9a: llama-cli b7217 with -ub 2048 -b 2048:
    // "Metal compute buffer size = 1672.08 MiB" (the masks of both caches, 131072 + 2304 cells
    // x 2048 x 6 B, and (2 x 2880 + 2 x 4096) x 2048 x 4 B of first-layer rows), "CPU compute
    // buffer size = 1064.59 MiB"; L9b: llama-completion b8164 at -ub 512: "MTL0 compute buffer size
    // = 420.08 MiB", "CPU compute buffer size = 268.77 MiB". The mirrored header of row O1.
    {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "gpt-oss-20b.gguf");
        struct Run {
            std::uint32_t build;
            std::uint32_t ubatch;
            double gpu;
            double cpu;
            double kv;
        };
        for (const Run &r : {Run{7217, 2048, 1672.08, 1064.59, 3126.00},
                             Run{8164, 512, 420.08, 268.77, 3090.00}}) {
            LlamaCppInput in = llamaRowInput(m, loggedGpu("MTL0", 32.0, false), host, 131072);
            in.build = r.build;
            in.flashAttention = true;
            in.batch = r.ubatch;
            in.ubatch = r.ubatch;
            in.server = false;
            const LlamaCppPlan p = llamaPlan(in);
            const std::string b = std::to_string(r.build);
            const std::string set = "gpt-oss-20b MXFP4, Metal, llama.cpp b" + b +
                                    ", -c 131072 -ub " + std::to_string(r.ubatch) +
                                    ", FA on, -ngl all, 1 slot";
            const std::string src = "llama.cpp log: llama-" +
                                    std::string(r.build == 7217 ? "cli" : "completion") + " b" + b +
                                    " on an Apple M5 (public repository file)";
            addLlamaComponents(out, r.build == 7217 ? "L9a" : "L9b", set, src,
                               {{"KV buffer MiB", r.kv, double(p.gpu.kvCache) / kMiB},
                                {"output buffer MiB", 0.77, double(p.host.outputBuffer) / kMiB},
                                {"MTL0 compute MiB", r.gpu, double(p.gpu.compute) / kMiB},
                                {"CPU compute MiB", r.cpu, double(p.host.compute) / kMiB}});
        }
    }

    // L10: Qwen3-Coder-30B-A3B-Instruct Q8_0 (Qwen3-30B-A3B's shape) on an A100-40GB,
    // llama-server b7342 (docker server-cuda-b7342), --ctx-size 65536, -np unset (4 unified
    // slots), flash_attn auto (on): "KV ... 6144.00 MiB", "CUDA_Host output buffer size = 2.32
    // MiB", "CUDA0 compute buffer size = 300.75 MiB" (the logits stage; the mask stage, 216 MiB,
    // is smaller), "CUDA_Host compute buffer size = 132.01 MiB".
    {
        const ModelSpec m =
            ggufOf(dataConfigModel("Qwen--Qwen3-30B-A3B_config.json", "Qwen3-30B-A3B"), "q8_0");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA A100-PCIE-40GB", 40.0, false), host, 65536);
        in.build = 7342;
        in.flashAttention = true;
        in.parallel = 4;
        in.unifiedKv = true;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen3-Coder-30B-A3B Q8_0, A100-40GB, llama.cpp b7342, -c 65536, "
                                "4 unified slots, FA on, -ngl all";
        const std::string src = "llama.cpp log: llama-server docker server-cuda-b7342 (public "
                                "repository file)";
        addLlamaComponents(out, "L10", set, src,
                           {{"KV buffer MiB", 6144.00, double(p.gpu.kvCache) / kMiB},
                            {"output buffer MiB", 2.32, double(p.host.outputBuffer) / kMiB},
                            {"CUDA0 compute MiB", 300.75, double(p.gpu.compute) / kMiB},
                            {"host compute MiB", 132.01, double(p.host.compute) / kMiB}});
    }

    // L12-L14 come from mainline llama.cpp logs posted in ik_llama.cpp threads (archived there as
    // repository files); their `-ot "blk\.N\.ffn.*=CPU"` overrides are planned as --n-cpu-moe
    // with as many blocks, which leaves the compute and KV buffers compared here as they are
    // (the model buffers differ by each block's ffn_norm and ffn_gate_inp, which -ot also moves).
    const ModelSpec qwen235 =
        dataConfigModel("Qwen--Qwen3-235B-A22B_config.json", "Qwen/Qwen3-235B-A22B");

    // L12: Qwen3-235B-A22B pure Q8_0 on an RTX A6000, llama-sweep-bench b5192 ("build: 5192
    // (e59a5f1e)"), --no-mmap -fa -ctk f16 -ctv f16 -c 32768 -ngl 99, the FFN of blocks 13-93 in
    // RAM, n_ubatch 512: "CUDA0 KV buffer size = 6016.00 MiB", "CUDA0 compute buffer size =
    // 1024.00 MiB" (the op-offload copy of one q8_0 expert tensor, 4096 x 1536 x 128: 816 MiB,
    // with the down projection's node, 96 MiB, above the f32 mask copy's freed 64 MiB and the f16
    // mask, 32 MiB: 1008 MiB).
    {
        const ModelSpec m = ggufOf(qwen235, "q8_0");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA RTX A6000", 47.5, false), host, 32768);
        in.build = 5192;
        in.flashAttention = true;
        in.cpuMoeLayers = 81;
        in.server = false;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen3-235B-A22B Q8_0, RTX A6000, llama.cpp b5192, -c 32768, FA "
                                "on, FFN of 81 blocks in RAM";
        const std::string src = "llama.cpp log: ik_llama.cpp discussion #357 (ubergarm, "
                                "'## llama.cpp' run), repository file @ 8337e4cd";
        addLlamaComponents(out, "L12", set, src,
                           {{"CUDA0 KV buffer MiB", 6016.00, double(p.gpu.kvCache) / kMiB},
                            {"CUDA0 compute MiB", 1024.00, double(p.gpu.compute) / kMiB}});
    }

    // L13: Qwen3-235B-A22B-128K uniform Q6_K (four split files), llama-sweep-bench b5269
    // ("build: 5269 (1d36b367)"), -c 16384 -fa -ctk q8_0 -ctv q8_0 -ngl 99: (a) one RTX 3090,
    // the FFN of blocks 5-93 in RAM: "CUDA0 KV buffer size = 1598.00 MiB", "CUDA0 compute buffer
    // size = 774.00 MiB" (a q6_K expert tensor, 630 MiB, with the 96 MiB node above the 32 MiB
    // hole and the 16 MiB f16 mask); (b) two RTX 3090, the FFN of blocks 14-93 in RAM: "CUDA0
    // compute buffer size = 774.00 MiB", "CUDA1 compute buffer size = 304.75 MiB" (the logits
    // stage of the output layer's GPU).
    {
        const ModelSpec m = ggufOf(qwen235, "q6_K");
        const GpuSpec rtx3090 = loggedGpu("NVIDIA GeForce RTX 3090", 23.57, false);
        LlamaCppInput in = llamaRowInput(m, rtx3090, host, 16384);
        in.build = 5269;
        in.flashAttention = true;
        in.kvTypeK = kvType("q8_0");
        in.kvTypeV = kvType("q8_0");
        in.cpuMoeLayers = 89;
        in.server = false;
        const std::string src = "llama.cpp logs: ik_llama.cpp discussion #357 (AesSedai, "
                                "2025-05-03), repository file @ 8337e4cd";
        const LlamaCppPlan one = llamaPlan(in);
        addLlamaComponents(out, "L13",
                           "Qwen3-235B-A22B Q6_K, RTX 3090, llama.cpp b5269, -c 16384 "
                           "q8_0 KV, FA on, FFN of 89 blocks in RAM",
                           src,
                           {{"CUDA0 KV buffer MiB", 1598.00, double(one.gpu.kvCache) / kMiB},
                            {"CUDA0 compute MiB", 774.00, double(one.gpu.compute) / kMiB}});
        in.gpuCount = 2;
        in.cpuMoeLayers = 80;
        const LlamaCppPlan two = llamaPlan(in);
        addLlamaComponents(out, "L13",
                           "Qwen3-235B-A22B Q6_K, 2x RTX 3090, llama.cpp b5269, -c "
                           "16384 q8_0 KV, FA on, FFN of 80 blocks in RAM",
                           src,
                           {{"CUDA0 compute MiB", 774.00, double(two.perGpu[0].compute) / kMiB},
                            {"CUDA1 compute MiB", 304.75, double(two.perGpu[1].compute) / kMiB}});
    }

    // L14: DeepSeek-V3-0324 UD-Q2_K_XL on four GPUs, llama-server b5331 ("build: 5331
    // (33eff402)"), -c 16384 -fa -ub 1024 -ngl 99, experts on the GPUs or in RAM by -ot: "CUDA1
    // compute buffer size = 788.00 MiB" on a GPU that runs layers but not the output layer. With
    // the GGUF's MLA keys llama.cpp's graph absorbs wk_b into the query, so the mask stage holds
    // n_head x (kv_lora_rank + n_rot) = 73,728-float query rows (llamaMlaLatentQuery); the mix of
    // cards (RTX 5090, two 4090s, an A6000) is planned as four 24 GB cards, which changes the
    // layer split but not this buffer.
    {
        const ModelSpec m =
            ggufOf(dataConfigModel("deepseek-ai--DeepSeek-V3_config.json", "DeepSeek-V3"), "q2_K");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 4090", 23.5, true), host, 16384);
        in.build = 5331;
        in.flashAttention = true;
        in.ubatch = 1024;
        in.gpuCount = 4;
        in.cpuMoeLayers = 61;
        const LlamaCppPlan p = llamaPlan(in);
        out.push_back({"L14", "CUDA1 compute MiB",
                       "DeepSeek-V3-0324 ~2.7 bpw, 4 GPUs, llama.cpp b5331, -c 16384 -ub 1024, FA "
                       "on, experts in RAM",
                       788.00, double(p.perGpu[1].compute) / kMiB, kLlamaTol,
                       "llama.cpp log: ik_llama.cpp PR #394 (Panchovix, 2025-05-10), repository "
                       "file",
                       "differs by the 60 MiB above the mask stage (96 MiB of f32 and f16 mask, "
                       "two rows of n_embd and two of the absorbed query, 632 MiB) that the log "
                       "does not split: the attention output (n_head x kv_lora_rank) and the "
                       "value projection's rows may be live beside the query, which HostPlan's "
                       "rows do not count (it was 344 MiB, -56 %, with the unabsorbed query)"});
    }

    // L11: NVIDIA Nemotron 3 Ultra 550B on an RTX 5090, llama-server b9525 ("version: 9525
    // (ad1b88ca0)"), -b 16, four slots in one unified stream of 16128 cells, quant and expert
    // placement not shown (neither changes these buffers): "CUDA_Host output buffer size = 2.00
    // MiB", "KV buffer size = 189.00 MiB (16128 cells, 12 layers, 4/1 seqs)", "RS buffer size =
    // 1576.50 MiB (4 cells, 108 layers, 4 seqs)". Only the 12 attention blocks hold KV, only the
    // Mamba blocks state: the MLP / MoE blocks hold neither (HostPlan charged them KV before).
    {
        const ModelSpec m =
            ggufOf(dataConfigModel("nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16_config.json",
                                   "NVIDIA-Nemotron-3-Ultra-550B-A55B"),
                   "q2_K");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 5090", 32.0, false), host, 16128);
        in.build = 9525;
        in.flashAttention = true;
        in.parallel = 4;
        in.unifiedKv = true;
        in.batch = 16;
        in.cpuMoeLayers = 999;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Nemotron 3 Ultra 550B, RTX 5090, llama.cpp b9525, -c 16128 -b 16, "
                                "4 unified slots, experts in RAM";
        const std::string src = "llama.cpp log: llama-server b9525 "
                                "(https://github.com/ggml-org/llama.cpp/issues/24175)";
        addLlamaComponents(
            out, "L11", set, src,
            {{"KV buffer MiB", 189.00, double(p.gpu.kvCache - p.gpu.recurrentState) / kMiB},
             {"RS buffer MiB", 1576.50, double(p.gpu.recurrentState) / kMiB},
             {"output buffer MiB", 2.00, double(p.host.outputBuffer) / kMiB}});
    }

    // L15: Qwen3.6-27B ("Q8") in LM Studio 0.4.12's llama.cpp runtime (Metal v2.14.0) on a Mac
    // Studio M4 Max 128 GB, 262144 cells, four sequences in one unified cache, f16 KV
    // (lmstudio-ai/lmstudio-bug-tracker#1862, 2026-04-26): "llama_kv_cache: size = 16384.00
    // MiB (262144 cells, 16 layers, 4/1 seqs)", "llama_memory_recurrent: size = 598.50 MiB (4
    // cells, 64 layers, 4 seqs)". The GGUF header as published conversions write it (one scalar
    // head_count_kv, full_attention_interval 4): llama.cpp makes 48 of the 64 layers Gated
    // DeltaNet layers by that interval, and only the other 16 hold KV (ggufimport.cpp; before
    // it read the interval HostPlan gave every layer KV and none state: 65536 MiB, +286 %).
    {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::qwen36_27bHeader(4), "Qwen3.6-27B-Q8_0.gguf");
        LlamaCppInput in = llamaRowInput(m, loggedGpu("Apple M4 Max", 96.0, false),
                                         findHost("apple-m4-max").value(), 262144);
        in.flashAttention = true;
        in.parallel = 4;
        in.unifiedKv = true;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen3.6-27B, M4 Max (LM Studio llama.cpp runtime), -c 262144, "
                                "4 unified slots, f16 KV";
        const std::string src = "LM Studio log: lmstudio-ai/lmstudio-bug-tracker#1862";
        addLlamaComponents(out, "L15", set, src,
                           {{"KV buffer MiB", 16384.00,
                             double(p.gpu.kvCache + p.host.kvCache - p.gpu.recurrentState -
                                    p.host.recurrentState) /
                                 kMiB},
                            {"RS buffer MiB", 598.50,
                             double(p.gpu.recurrentState + p.host.recurrentState) / kMiB}});
    }

    // L16: ggml-org/gpt-oss-20b-GGUF (row O1's mirrored header) on an RTX 3070 8 GB, llama-server
    // b6699 (c08002a1), -ngl 99 --n-cpu-moe 99 -c 131072 -fa on, one sequence, mmap on, the
    // mainline run quoted in ikawrakow/ik_llama.cpp issue #822 (2025-10-10): "CUDA0 model buffer
    // size = 1242.03 MiB" (the output layer and every block's attention), "CPU_Mapped model
    // buffer size = 10949.33 MiB" (the span from token_embd to the last expert tensor, which
    // holds the 24 blocks' attention too: 655.16 MiB above the CPU tensors), "CUDA0 KV buffer
    // size = 3072.00 MiB" and "18.00 MiB" (the SWA cache's 768 cells), "CUDA_Host output buffer
    // size = 0.77 MiB", "CUDA0 compute buffer size = 456.98 MiB", "CUDA_Host compute buffer
    // size = 263.15 MiB".
    {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "gpt-oss-20b.gguf");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 3070", 8.0, true), host, 131072);
        in.build = 6699;
        in.gpuLayers = 99;
        in.cpuMoeLayers = 99;
        in.flashAttention = true;
        in.parallel = 1;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "gpt-oss-20b MXFP4, RTX 3070, llama.cpp b6699, -ngl 99 "
                                "--n-cpu-moe 99, -c 131072, FA on, 1 slot";
        const std::string src = "llama.cpp log: ikawrakow/ik_llama.cpp#822 (mainline run)";
        addLlamaComponents(
            out, "L16", set, src,
            {{"CUDA0 model buffer MiB", 1242.03, double(p.gpu.weights) / kMiB},
             {"CPU_Mapped model buffer MiB", 10949.33, double(p.host.mappedWeights) / kMiB},
             {"KV buffer MiB", 3090.00, double(p.gpu.kvCache) / kMiB},
             {"output buffer MiB", 0.77, double(p.host.outputBuffer) / kMiB},
             {"host compute MiB", 263.15, double(p.host.compute) / kMiB},
             {"CUDA0 compute MiB", 456.98, double(p.gpu.compute) / kMiB, kLlamaTol,
              "differs by 43.5 MiB that HostPlan does not account for, cause not established: "
              "HostPlan's figure is the mask stage (the f32 mask copy and its f16 cast, 131072 x "
              "512 x 6 B = 384 MiB, beside the first layer's rows); op offload copies one expert "
              "tensor at a time (134.46 MiB; ggml's scheduler splits the graph at each weight in "
              "RAM), and no sum of the stages closes the gap"}});
    }
}

} // namespace golden
