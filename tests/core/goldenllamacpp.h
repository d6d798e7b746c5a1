// SPDX-License-Identifier: MIT
// Golden llama.cpp memory rows: published figures for named GGUF files, each recomputed by
// HostPlan's llama.cpp planner (engine/llamacpp.h) from a small header that mirrors the file's
// metadata and tensor table (ggufwriter.h), within 3 % per published component and in total.
// Shared by tst_enginememory (fails when a row leaves 3 %) and its --markdown mode
// (docs/ACCURACY.md, scripts/accuracy.sh).
//
// Three kinds of source: "llama.cpp log" rows are buffers llama.cpp allocated and printed
// (measured); "llama.cpp --fit-print" rows are the buffers llama.cpp's own --fit projects
// (it builds the model and context without allocating and sums their buffers per device);
// "gguf-parser" rows are gpustack/gguf-parser-go's estimates printed in its README,
// themselves a model of llama.cpp. Where gguf-parser's rule differs from llama.cpp's
// source, HostPlan follows the source and the row states why it differs (`cause`). A row
// whose log names (or dates) a llama.cpp build is planned by that build's rules
// (LlamaCppInput::build); the others by the newest.
#pragma once

#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "ggufwriter.h"
#include "goldenmemory.h"

#include <string>
#include <utility>
#include <vector>

namespace golden {

inline constexpr double kLlamaTol = 0.03;
inline constexpr double kMiB = 1024.0 * 1024.0;

inline void llamaLogChecks(std::vector<Check> &out); // rows L4-L16, goldenllamalogs.h

/// The llama.cpp plan of `in`, or an exception (a broken row, not a case to check).
inline LlamaCppPlan llamaPlan(const LlamaCppInput &in) {
    auto p = planLlamaCpp(in);
    if (!p.ok()) {
        throw std::runtime_error("llama.cpp row: " + p.error().toString());
    }
    return p.value();
}

/// A row's input: `m` on `gpu` (all layers) and `host`, at -c `context`, one slot (-np 1
/// -kvu), Flash Attention off (the published runs' setting).
inline LlamaCppInput llamaRowInput(const ModelSpec &m, const GpuSpec &gpu, const HostSpec &host,
                                   std::uint64_t context) {
    LlamaCppInput in;
    in.model = &m;
    in.gpu = gpu;
    in.host = host;
    in.context = context;
    in.parallel = 1;
    in.flashAttention = false;
    return in;
}

/// A gguf-parser row's input (a GPU of 80 GiB): gguf-parser sizes the logits stage at n_ubatch
/// rows, as llama.cpp did before b9460 (PR #23861) and its tools other than llama-server do.
inline LlamaCppInput ggufParserRowInput(const ModelSpec &m, const HostSpec &host,
                                        std::uint64_t context) {
    LlamaCppInput in = llamaRowInput(m, loggedGpu("GPU", 80.0, true), host, context);
    in.server = false;
    return in;
}

/// One published buffer of a row: its name, llama.cpp's figure, HostPlan's, the tolerance and,
/// for a known miss, its cause.
struct LlamaComponent {
    LlamaComponent(std::string what_, double published_, double hostplan_, double tol_ = kLlamaTol,
                   std::string cause_ = {})
        : what(std::move(what_)), published(published_), hostplan(hostplan_), tol(tol_),
          cause(std::move(cause_)) {}
    std::string what;
    double published = 0;
    double hostplan = 0;
    double tol = kLlamaTol;
    std::string cause;
};

/// Appends row `row`'s components and their total (within kLlamaTol) to `out`.
inline void addLlamaComponents(std::vector<Check> &out, const std::string &row,
                               const std::string &set, const std::string &src,
                               const std::vector<LlamaComponent> &parts) {
    double published = 0;
    double hostplan = 0;
    for (const LlamaComponent &c : parts) {
        out.push_back({row, c.what, set, c.published, c.hostplan, c.tol, src, c.cause});
        published += c.published;
        hostplan += c.hostplan;
    }
    out.push_back({row, "total MiB", set, published, hostplan, kLlamaTol, src, {}});
}

/// hierholzer/Llama-3.1-70B-Instruct-GGUF Llama-3.1-70B-Instruct-Q4_K_M.gguf, mirrored: 80
/// layers, attn_v at least q5_K; 39.59 GiB, the size Ollama lists for llama3.1:70b's Q4_K_M.
inline ModelSpec llama70bQ4km() {
    ggufwriter::DenseShape d = ggufwriter::llama31_8b();
    d.name = "Llama-3.1-70B-Instruct";
    d.layers = 80;
    d.hidden = 8192;
    d.heads = 64;
    d.ffn = 28672;
    d.vAtLeastQ5 = true;
    return ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q4_K", d.vocab), "llama70b.gguf");
}

/// gguf-parser's default CUDA platform footprint (--platform-footprint "150,250" MiB,
/// cmd/gguf-parser/main.go), added to each VRAM it prints.
inline constexpr double kGgufParserVramFootprintGiB = 250.0 / 1024;

/// Appends a row over several devices: each device's repeating layers (exact), its (V)RAM as
/// gguf-parser printed it less kGgufParserVramFootprintGiB (within kLlamaTol), and whether the
/// output layer is on the last device. `cause`: why a (V)RAM figure may leave kLlamaTol.
inline void addSplitRows(std::vector<Check> &out, const std::string &row, const std::string &set,
                         const std::string &src, const LlamaCppPlan &p,
                         const std::vector<double> &layers, const std::vector<double> &vramGiB,
                         const std::string &cause = {}) {
    for (std::size_t dev = 0; dev < layers.size(); ++dev) {
        const std::string n = std::to_string(dev);
        out.push_back({row,
                       "layers on device " + n,
                       set,
                       layers[dev],
                       double(p.layersPerGpu[dev]),
                       0,
                       src,
                       {}});
        const LlamaCppSide &g = p.perGpu[dev];
        out.push_back({row, "(V)RAM " + n + " GiB less 250 MiB footprint", set,
                       vramGiB[dev] - kGgufParserVramFootprintGiB,
                       double(g.totalHigh() - g.runtime) / kBytesPerGiB, kLlamaTol, src, cause});
    }
    out.push_back({row,
                   "output layer on the last device",
                   set,
                   1,
                   p.outputGpu + 1 == layers.size() ? 1.0 : 0.0,
                   0,
                   src,
                   {}});
}

/// Every golden llama.cpp check, computed now.
inline std::vector<Check> llamaCppChecks() {
    std::vector<Check> out;
    const HostSpec host = findHost("ddr5-desktop").value();

    // L1: llama.cpp's own start-up log (llama-cpp-python), mradermacher's Q4_K_M of
    // llama-3-Korean-Bllossom-8B (Llama-3-8B shapes, context 8192, 291 tensors: 65 f32,
    // 193 q4_K, 33 q6_K), RTX 3070, n_ctx 512, n_batch = n_ubatch 512, flash_attn 0, 33/33
    // layers offloaded, one sequence.
    {
        ggufwriter::DenseShape d = ggufwriter::llama31_8b();
        d.name = "llama-3-Korean-Bllossom-8B";
        d.context = 8192;
        d.ropeFreqs = false;
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q4_K", d.vocab), "bllossom.gguf");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 3070", 8.0, true), host, 512);
        in.batch = 512;
        in.ubatch = 512;
        // The log prints no build number; its lines place it between b3750 (the first build
        // that prints "llama_perf_context_print", PR #9355) and b3989 (the last that prints
        // "llm_load_tensors: ggml ctx size", removed by PR #10026 in b3990). Every build in that
        // range follows the rules before b7847 (engine/llamacpp.h llamaRuleChanges): the host
        // compute buffer without the embeddings input, (4096 + 512) x 512 x 4 bytes = 9.01 MiB.
        in.build = 3750;
        in.server = false; // llama-cpp-python asks for its one sequence itself
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Llama-3-8B Q4_K_M, RTX 3070, llama.cpp b3750-b3989, -c 512 -b 512 "
                                "-ub 512, FA off, -ngl all, 1 slot";
        const std::string src = "llama.cpp log: github.com/developer0hye/"
                                "llama-3-korean-bllossom-8b-q4-docker README.md";
        addLlamaComponents(out, "L1", set, src,
                           {{"CPU model buffer MiB", 281.81, double(p.host.weights) / kMiB},
                            {"CUDA0 model buffer MiB", 4403.49, double(p.gpu.weights) / kMiB},
                            {"KV buffer MiB", 64.00, double(p.gpu.kvCache) / kMiB},
                            {"output buffer MiB", 0.49, double(p.host.outputBuffer) / kMiB},
                            {"CUDA0 compute MiB", 258.50, double(p.gpu.compute) / kMiB},
                            {"host compute MiB", 9.01, double(p.host.compute) / kMiB}});
    }

    // L2: llama.cpp's own start-up lines (llama-cpp-python server) in
    // github.com/fedora-copr/logdetective/pull/106 (2025-01-13, a diff of two start-ups):
    // TheBloke's mistral-7b-instruct-v0.2.Q4_K_S.gguf (the repository's
    // llama_cpp_server_config.json @ 9fbd4e22: n_gpu_layers -1, n_batch 512), CUDA, n_ubatch
    // 512, flash_attn 0, one sequence, n_ctx 2048 and then 32768. The log prints no build; its
    // llama_new_context_with_model lines are from before b6868, whose rules (engine/llamacpp.h
    // llamaRuleChanges) every earlier release shares in HostPlan. The mirror has Mistral 7B
    // v0.2's shape (32 layers, hidden 4096, 32 heads, 8 KV heads, FFN 14336, vocabulary 32000)
    // with Q4_K_M's types: the buffers compared do not depend on the weights' types.
    for (const std::uint64_t ctx : {std::uint64_t(2048), std::uint64_t(32768)}) {
        const ggufwriter::DenseShape d{.arch = "llama",
                                       .name = "Mistral-7B-Instruct-v0.2",
                                       .layers = 32,
                                       .hidden = 4096,
                                       .heads = 32,
                                       .kvHeads = 8,
                                       .ffn = 14336,
                                       .vocab = 32000,
                                       .context = 32768};
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q4_K", d.vocab), "mistral-7b.gguf");
        LlamaCppInput in = llamaRowInput(m, loggedGpu("CUDA0", 24.0, true), host, ctx);
        in.ubatch = 512;
        in.batch = 512;
        in.build = 6867;
        const LlamaCppPlan p = llamaPlan(in);
        const bool big = ctx == 32768;
        const std::string set = "Mistral-7B-Instruct-v0.2 Q4_K_S, CUDA, llama.cpp before b6868, "
                                "-c " +
                                std::to_string(ctx) + " -ub 512, FA off, -ngl all, 1 slot";
        const std::string src = "llama.cpp log: github.com/fedora-copr/logdetective/pull/106";
        addLlamaComponents(
            out, big ? "L2b" : "L2a", set, src,
            {{"KV buffer MiB", big ? 4096.00 : 256.00, double(p.gpu.kvCache) / kMiB},
             {"output buffer MiB", 0.12, double(p.host.outputBuffer) / kMiB},
             {"CUDA0 compute MiB", big ? 2144.00 : 164.00, double(p.gpu.compute) / kMiB},
             {"host compute MiB", big ? 72.01 : 12.01, double(p.host.compute) / kMiB}});
    }

    // L3: llama.cpp's own lines in an ollama runner's log (github.com/deipss/blog
    // docs/Solution/ollama 生成中断.md @ 72eaa90e, 2025-06-26; the same figures in two more
    // ollama logs of Llama-3.1-8B-shaped models on other machines): DeepSeek-R1-Distill-Llama-8B
    // Q4_K_M (Llama-3.1-8B's shape), GTX 1080, --ctx-size 8192 --parallel 4, 33/33 layers
    // offloaded, n_ubatch 512, flash_attn 0, one KV cache of 8192 cells for the 4 sequences
    // (kv_size 8192, n_ctx_per_seq 2048). No build line; its llama_init_from_model lines are
    // from before b6868 (see L2). Not compared: the output buffer, 2.02 MiB, which ollama's
    // embeddings output makes (n_vocab + n_embd) x 4 x 4 bytes; HostPlan's llama-server plan
    // reserves logits only, 1.96 MiB.
    {
        ggufwriter::DenseShape d = ggufwriter::llama31_8b();
        d.name = "DeepSeek R1 Distill Llama 8B";
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q4_K", d.vocab), "r1-llama-8b.gguf");
        LlamaCppInput in = llamaRowInput(m, loggedGpu("CUDA0", 8.0, true), host, 8192);
        in.parallel = 4;
        in.unifiedKv = true;
        in.build = 6867;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "DeepSeek-R1-Distill-Llama-8B Q4_K_M, GTX 1080, llama.cpp before "
                                "b6868 (ollama), -c 8192 -np 4, FA off, -ngl all";
        const std::string src = "llama.cpp log (ollama): github.com/deipss/blog @ 72eaa90e";
        addLlamaComponents(
            out, "L3", set, src,
            {{"CUDA0 model buffer MiB", 4403.49, double(p.gpu.weights) / kMiB},
             {"CPU_Mapped model buffer MiB", 281.81, double(p.host.mappedWeights) / kMiB},
             {"KV buffer MiB", 1024.00, double(p.gpu.kvCache) / kMiB},
             {"CUDA0 compute MiB", 560.00, double(p.gpu.compute) / kMiB},
             {"host compute MiB", 24.01, double(p.host.compute) / kMiB}});
    }

    // M1: a MoE model partly offloaded, from llama.cpp's own log in
    // github.com/ggml-org/llama.cpp/issues/13729 (build b5466, Windows, RTX 4080 SUPER with
    // 15035 MiB free): Qwen3-30B-A3B-Q4_K_M.gguf (qwen3moe, 48 layers, 579 tensors), -ngl 30,
    // n_ctx 4096, n_batch 2048, n_ubatch 512, one sequence, mmap on. llama.cpp printed
    // "offloading 30 repeating layers to GPU", "offloaded 30/49 layers to GPU", "CUDA0 model
    // buffer size = 10750.86 MiB" and "CPU_Mapped model buffer size = 6940.48 MiB". At b5466
    // -ngl counts repeating layers before the output layer (before PR #18148,
    // engine/llamacpp.h llamaRuleChanges): blocks 18-47 on the GPU, blocks 0-17, token_embd
    // and the output layer in system RAM. The header mirrors the file
    // (ggufwriter::qwen3_30b_a3b_q4km; its 17,691.34 MiB are the log's two buffers together).
    {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::qwen3_30b_a3b_q4km(1000), "qwen3-30b-a3b.gguf");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 4080 SUPER", 16.0, true), host, 4096);
        in.build = 5466;
        in.gpuLayers = 30;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen3-30B-A3B Q4_K_M, RTX 4080 SUPER, llama.cpp b5466, -ngl 30, "
                                "-c 4096, 1 slot";
        const std::string src = "llama.cpp log: github.com/ggml-org/llama.cpp/issues/13729";
        out.push_back(
            {"M1", "repeating layers on the GPU", set, 30, double(p.layersOnGpu), 0, src, {}});
        out.push_back(
            {"M1", "output layer on the GPU", set, 0, p.outputOnGpu ? 1.0 : 0.0, 0, src, {}});
        addLlamaComponents(
            out, "M1", set, src,
            {{"CUDA0 model buffer MiB", 10750.86, double(p.gpu.weights) / kMiB},
             {"CPU_Mapped model buffer MiB", 6940.48, double(p.host.mappedWeights) / kMiB}});
    }

    // O1: expert offload with op offload, from llama.cpp's own log in
    // github.com/ggml-org/llama.cpp/issues/16188 (its log line: build 6182, 1fe00296f; llama-cli
    // with the Vulkan backend on an Apple M2 Pro): ggml-org/gpt-oss-20b-GGUF
    // gpt-oss-20b-mxfp4.gguf, -ngl 24 --n-cpu-moe 14, n_ctx 4096, n_batch 2048, n_ubatch 512,
    // flash_attn 0, one sequence, mmap on. The header mirrors the file
    // (ggufwriter::gptOss20bMxfp4: 459 tensors, 11.27 GiB as the log prints). At b6182 -ngl 24 =
    // n_layer keeps the output layer on the CPU ("offloaded 24/25 layers"), so op offload
    // copies the q8_0 LM head (586.82 MiB) into Vulkan0's compute buffer for the 512-token
    // logits stage: 586.82 + 392.75 + 5.63 = 985.20 MiB, the logged figure (engine/llamacpp.h);
    // without op offload HostPlan's GPU compute would be the FFN stage, 70.8 MiB. The
    // CPU_Mapped line (7218.45 MiB) is the mapped span (LlamaCppSide::mappedWeights): the
    // 6836.28 MiB of CPU tensors and the attention of blocks 0-13 stored between them. Not
    // compared: the Vulkan_Host compute buffer (58.33 MiB; HostPlan's host figure with the output
    // layer on the CPU is the logits stage, which op offload moves to the GPU: not modelled).
    {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "gpt-oss-20b.gguf");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("Vulkan0 (Apple M2 Pro)", 16.0, true), host, 4096);
        in.build = 6182;
        in.gpuLayers = 24;
        in.cpuMoeLayers = 14;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "gpt-oss-20b MXFP4, Vulkan, llama.cpp b6182, -ngl 24 "
                                "--n-cpu-moe 14, -c 4096, FA off, 1 slot";
        const std::string src = "llama.cpp log: github.com/ggml-org/llama.cpp/issues/16188";
        // One cache each: the non-SWA layers' 4096 cells and the SWA layers' window. b6182 with
        // Flash Attention off pads both to 32 cells (llamaKvSizing, before PR #16812): the SWA
        // cache is n_swa + n_ubatch = 640 cells, where releases from b6975 pad it to 768.
        std::uint64_t baseLayers = 0; // every layer has the same K + V row (8 x 64, f16)
        for (const LayerGroup &g : m.layers) {
            baseLayers += g.kind == AttentionKind::SlidingWindow ? 0 : g.count;
        }
        const std::uint64_t kvBase = baseLayers * p.context * (p.kvBytesPerCell / m.numLayers);
        const std::uint64_t kvSwa = p.gpu.kvCache - kvBase;
        addLlamaComponents(
            out, "O1", set, src,
            {{"Vulkan0 model buffer MiB", 4699.90, double(p.gpu.weights) / kMiB},
             {"non-SWA KV buffer MiB", 96.00, double(kvBase) / kMiB},
             {"SWA KV buffer MiB", 15.00, double(kvSwa) / kMiB},
             {"output buffer MiB", 0.77, double(p.host.outputBuffer) / kMiB},
             {"Vulkan0 compute MiB", 985.20, double(p.gpu.compute) / kMiB},
             {"CPU_Mapped model buffer MiB", 7218.45, double(p.host.mappedWeights) / kMiB}});
    }

    // F1: llama.cpp's own --fit projection, published with the pull request that moved the fit
    // logic into common/fit.cpp (github.com/ggml-org/llama.cpp/pull/22171, description):
    // `llama-fit-params -m gemma-3-4b-it/ggml-model-f16.gguf -c 32768 --fit-print on` on an
    // Apple GPU (Metal, Flash Attention auto = on, -b 2048 -ub 512, one sequence) prints, in
    // MiB (model, context, compute): "MTL0 7401 814 517" and "host 1280 0 154". The header
    // mirrors google/gemma-3-4b-it in f16 (ggufwriter::gemma3_4b_f16). The figures are
    // integer MiB; the output buffer is not in them (it is not among the buffers --fit sums).
    //
    // The host compute figure is the one CPU compute buffer counted twice. The buffer holds the
    // graph inputs: (2 x 2560 + 32768 + 1536) x 512 x 4 bytes = 77 MiB (engine/llamacpp.h). An
    // Apple build has the BLAS (Accelerate) backend on by default (ggml/CMakeLists.txt @
    // d41c5ed04cd0597321024a246bb4ad40fa494ca8: APPLE sets GGML_BLAS_DEFAULT ON), and
    // llama_context adds it as an ACCEL backend before the CPU one (src/llama-context.cpp @
    // 4c7103b96d720ea6057eec6ac11a49727f9ecd43). Its buffer type is the CPU buffer type
    // (ggml/src/ggml-blas/ggml-blas.cpp @ 666779bd76ed35cf7b6abf98e066447d7e8a04a0,
    // ggml_backend_blas_device_get_buffer_type), as is the CPU backend's when the first device
    // has no host buffer type (Metal's get_host_buffer_type is NULL in ggml_backend_metal_device_i,
    // ggml/src/ggml-metal/ggml-metal.cpp @ 0048056bb31796288c33f2f952dc3275dd08ad9c), so the
    // scheduler's graph allocator gives both backends one allocator (ggml_gallocr_new_n). The real
    // allocation reports that buffer once (ggml_gallocr_get_buffer_size skips a repeated buffer,
    // ggml-org/ggml src/ggml-alloc.c @ db5ffcd7b66323353a4a9c051efce1fd5f93ed95), but --fit builds
    // the context without allocating, and the size-only path (ggml_gallocr_reserve_n_size, as
    // indexed) reports the shared allocator's size for each buffer index;
    // llama_context::memory_breakdown adds one compute size per backend to its buffer type: 2 x 77
    // = 154 MiB. A CUDA build gives the CPU backend the CUDA_Host buffer type, which no other
    // backend shares, and a real allocation prints each buffer once (row L1's log).
    {
        const ModelSpec m = ggufwriter::modelOf(ggufwriter::gemma3_4b_f16(), "gemma-3-4b-it.gguf");
        LlamaCppInput in = llamaRowInput(m, loggedGpu("MTL0", 64.0, false), host, 32768);
        in.flashAttention = true;
        // PR #22171 was merged by 2026-04-21 (bindings dropped its removed symbols that day),
        // before PR #23764 made the mask f16 (b9410): planned by b9409's rules.
        in.build = 9409;
        // llama-fit-params is not llama-server: it leaves n_outputs_max at n_batch (PR #23861
        // lowers it in the server only), so its logits stage holds the whole micro-batch.
        in.server = false;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "gemma-3-4b-it f16, Metal, -c 32768, FA on, -ngl all, 1 slot";
        const std::string src = "llama.cpp --fit-print: github.com/ggml-org/llama.cpp/pull/22171";
        const double backendsSharingCpuBuffer = 2; // BLAS and CPU (see above)
        addLlamaComponents(out, "F1", set, src,
                           {{"MTL0 model MiB", 7401, double(p.gpu.weights) / kMiB},
                            {"MTL0 context MiB", 814, double(p.gpu.kvCache) / kMiB},
                            {"MTL0 compute MiB", 517, double(p.gpu.compute) / kMiB},
                            {"host model MiB", 1280, double(p.host.weights) / kMiB},
                            {"host context MiB", 0, double(p.host.kvCache) / kMiB, 0},
                            {"host compute MiB (BLAS + CPU)", 154,
                             backendsSharingCpuBuffer * double(p.host.compute) / kMiB}});
    }

    // H7: pipeline parallelism, from llama.cpp's own lines in a llama-server start-up
    // (Nixiesearch's bundled llama.cpp) quoted on its "GPU support" page
    // (github.com/nixiesearch/nixiesearch docs/docs/deployment/gpu.md @
    // 9edbb1611e7c5144be69378178ec636223f4394a): Qwen2-0.5B-Instruct Q4_0 (token_embd q8_0,
    // ggufwriter::qwen2_05b_q4_0) on two RTX 4090s, n_ctx 32768, 4 slots (n_ctx_slot 8192),
    // n_batch 2048, n_ubatch 512, flash_attn 0, 25/25 layers offloaded, "pipeline parallelism
    // enabled (n_copies=4)". No build line; its "llm_load_tensors: ggml ctx size" line was
    // removed in b3990 (PR #10026, see L1) and pipeline parallelism came in b2413, so the build
    // is in b2413 .. b3989, before per-sequence KV streams (b5913): one KV cache of 32768 cells
    // for the 4 slots, 13 layers on CUDA0 and 11 plus the output layer on CUDA1, every graph
    // input held 4 times (engine/llamacpp.h, "Pipeline parallelism"). The output buffer is
    // 5 x 151936 x 4 bytes: llama-server b2366-b4037 created the context with -np + 1
    // sequences (LlamaRule::ServerSlotSequences).
    {
        const ModelSpec m = ggufwriter::modelOf(ggufwriter::qwen2_05b_q4_0(), "qwen2-0.5b.gguf");
        LlamaCppInput in =
            llamaRowInput(m, loggedGpu("NVIDIA GeForce RTX 4090", 24.0, true), host, 32768);
        in.gpuCount = 2;
        in.parallel = 4;
        in.build = 2413;
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Qwen2-0.5B-Instruct Q4_0, 2x RTX 4090, llama.cpp b2413-b3989, "
                                "-c 32768 -np 4, FA off, -ngl all, pipeline parallel";
        const std::string src = "llama.cpp log (Nixiesearch): github.com/nixiesearch/nixiesearch "
                                "docs/docs/deployment/gpu.md @ 9edbb161";
        out.push_back(
            {"H7", "scheduler copies (n_copies)", set, 4, double(p.schedCopies), 0, src, {}});
        addLlamaComponents(out, "H7", set, src,
                           {{"CPU model buffer MiB", 137.94, double(p.host.weights) / kMiB},
                            {"CUDA0 model buffer MiB", 104.91, double(p.perGpu[0].weights) / kMiB},
                            {"CUDA1 model buffer MiB", 226.06, double(p.perGpu[1].weights) / kMiB},
                            {"CUDA0 KV buffer MiB", 208.00, double(p.perGpu[0].kvCache) / kMiB},
                            {"CUDA1 KV buffer MiB", 176.00, double(p.perGpu[1].kvCache) / kMiB},
                            {"output buffer MiB", 2.90, double(p.host.outputBuffer) / kMiB},
                            {"CUDA0 compute MiB", 1166.01, double(p.perGpu[0].compute) / kMiB},
                            {"CUDA1 compute MiB", 1166.02, double(p.perGpu[1].compute) / kMiB},
                            {"host compute MiB", 257.77, double(p.host.compute) / kMiB}});
    }

    // gguf-parser's README (gpustack/gguf-parser-go @ 8dc7a622149dd1e477c86778fc1123fc1c0a316a):
    // estimates with its defaults (context = the model's, -b 2048 -ub 512, Flash Attention
    // off, all layers offloaded), "NONUMA" columns (a discrete GPU).
    // Its SummarizeItem (file_estimate__llamacpp.go @ 8dc7a622) adds --platform-footprint
    // (default "150,250" MiB, cmd/gguf-parser/main.go) to RAM and to each VRAM: that CUDA
    // allowance is taken off the published VRAM here, as HostPlan's own runtime allowance is
    // left out of its figure. Its RAM (with mmap) leaves out the weights and adds tokenizer
    // tables and a CPU compute stage, so it is another quantity than HostPlan's RAM.
    const std::string gp = "gguf-parser README @ 8dc7a622";
    const std::string gpNew = "gguf-parser README @ 0930736f";
    const std::string ramCause =
        "differs because gguf-parser's RAM is another quantity: it leaves out the mmapped "
        "token_embd that llama.cpp reads on the CPU (HostPlan counts it), and adds a 150 MiB "
        "platform footprint, tokenizer tables and a CPU compute stage (one layer's K and V at "
        "n_kv plus the FFN stage) that llama.cpp does not allocate with every layer offloaded "
        "(row L1: host compute 9.01 MiB)";
    // G1: QuantFactory/Meta-Llama-3-8B-Instruct-GGUF Meta-Llama-3-8B-Instruct.Q5_K_M.gguf
    // ("With Adapter", the plain run): RAM 360.80 MiB, VRAM 0 7.04 GiB at context 8192.
    {
        ggufwriter::DenseShape d = ggufwriter::llama31_8b();
        d.name = "Meta-Llama-3-8B-Instruct";
        d.context = 8192;
        d.ropeFreqs = false;
        d.fileType = 17;
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q5_K", d.vocab), "llama3-q5km.gguf");
        LlamaCppInput in = ggufParserRowInput(m, host, 8192);
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Meta-Llama-3-8B-Instruct Q5_K_M, -c 8192, FA off, -ngl all";
        out.push_back({"G1", "RAM MiB", set, 360.80, double(p.host.totalHigh()) / kMiB, kLlamaTol,
                       gp, ramCause});
        // Without Flash Attention at -c 8192 llama.cpp reserves 560.00 MiB of compute for this
        // shape (row L3's log, and two more ollama logs of Llama-3.1-8B at 8192), which HostPlan
        // matches; gguf-parser's VRAM is 0.25 GiB above it.
        out.push_back({"G1", "VRAM GiB less 250 MiB footprint", set,
                       7.04 - kGgufParserVramFootprintGiB,
                       double(p.gpu.totalHigh() - p.gpu.runtime) / kBytesPerGiB, kLlamaTol, gp,
                       "differs because gguf-parser's compute without Flash Attention is about "
                       "0.25 GiB above the 560 MiB that llama.cpp allocates for Llama-3-8B's shape "
                       "at -c 8192 (its own logs: row L3), the figure HostPlan gives"});
    }
    // G2: unsloth DeepSeek-R1-Distill-Qwen-7B-Q4_K_M.gguf ("Parse Local File"): size
    // 4.36 GiB; RAM 827.44 MiB, VRAM 0 18.89 GiB at its context 131072.
    {
        ggufwriter::DenseShape d;
        d.arch = "qwen2";
        d.name = "DeepSeek R1 Distill Qwen 7B";
        d.layers = 28;
        d.hidden = 3584;
        d.heads = 28;
        d.kvHeads = 4;
        d.ffn = 18944;
        d.vocab = 152064;
        d.context = 131072;
        d.qkvBias = true;
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q4_K", d.vocab), "r1-qwen7b.gguf");
        LlamaCppInput in = ggufParserRowInput(m, host, 131072);
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "DeepSeek-R1-Distill-Qwen-7B Q4_K_M, -c 131072, FA off, -ngl all";
        out.push_back({"G2",
                       "file size GiB",
                       set,
                       4.36,
                       double(m.weightBytes()) / kBytesPerGiB,
                       kLlamaTol,
                       gp,
                       {}});
        out.push_back({"G2", "RAM MiB", set, 827.44, double(p.host.totalHigh()) / kMiB, kLlamaTol,
                       gp, ramCause});
        out.push_back({"G2",
                       "VRAM GiB less 250 MiB footprint",
                       set,
                       18.89 - kGgufParserVramFootprintGiB,
                       double(p.gpu.totalHigh() - p.gpu.runtime) / kBytesPerGiB,
                       kLlamaTol,
                       gp,
                       {}});
    }
    // G3: hierholzer/Llama-3.1-70B-Instruct-GGUF Llama-3.1-70B-Instruct-Q4_K_M.gguf on two
    // GPUs ("Single Host Multiple GPU Devices": --ctx-size 1024 --tensor-split 8,10): VRAM 0
    // 17.83 GiB with 36 layers, VRAM 1 22.83 GiB with 44 layers and the output layer. The
    // mirror (80 layers, attn_v at least q5_K) is 39.59 GiB, the size Ollama lists for
    // llama3.1:70b's Q4_K_M.
    {
        const ModelSpec m = llama70bQ4km();
        LlamaCppInput in = ggufParserRowInput(m, host, 1024);
        in.gpuCount = 2;
        in.tensorSplit = {8, 10};
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set = "Llama-3.1-70B-Instruct Q4_K_M, 2 GPUs -ts 8,10, -c 1024, FA off";
        out.push_back({"G3", "layers on GPU 0", set, 36, double(p.layersPerGpu[0]), 0, gp, {}});
        for (std::size_t dev = 0; dev < 2; ++dev) {
            const LlamaCppSide &g = p.perGpu[dev];
            out.push_back({"G3",
                           "VRAM " + std::to_string(dev) + " GiB less 250 MiB footprint",
                           set,
                           (dev == 0 ? 17.83 : 22.83) - kGgufParserVramFootprintGiB,
                           double(g.totalHigh() - g.runtime) / kBytesPerGiB,
                           kLlamaTol,
                           gp,
                           {}});
        }
    }
    // G4, G5: the same file over four and five devices ("Multiple Hosts Multiple GPU Devices",
    // gpustack/gguf-parser-go README @ 0930736f1553ba5d9dac27ef7feac71d0ce23c9e, --ctx-size
    // 1024): llama.cpp splits the layers by --tensor-split whether a device is a local GPU or
    // an RPC server (the RPC devices come first), so the layers per device are llama.cpp's
    // split rule; the (V)RAM of each is gguf-parser's estimate, taken less its 250 MiB
    // footprint as in G3. G4: -ts 8,10,12,6 over four RPC devices: 18, 23, 27 and 12 layers
    // plus the output layer, NONUMA 9.28, 11.32, 13.19 and 7.38 GiB. G5: -ts 11,12,8,10,6 over
    // four RPC devices and the local GPU: 19, 21, 14, 17 and 9 layers plus the output layer,
    // 9.79, 10.36, 7.01, 8.54 and 5.91 GiB.
    {
        const ModelSpec m = llama70bQ4km();
        struct Split {
            std::string row;
            std::vector<double> ts;
            std::vector<double> layers;
            std::vector<double> vramGiB;
        };
        const std::vector<Split> splits = {
            {"G4", {8, 10, 12, 6}, {18, 23, 27, 12}, {9.28, 11.32, 13.19, 7.38}},
            {"G5", {11, 12, 8, 10, 6}, {19, 21, 14, 17, 9}, {9.79, 10.36, 7.01, 8.54, 5.91}}};
        for (const Split &sp : splits) {
            LlamaCppInput in = ggufParserRowInput(m, host, 1024);
            in.gpuCount = std::uint32_t(sp.ts.size());
            in.tensorSplit = sp.ts;
            in.asyncEvents = false; // RPC devices: no pipeline parallelism (engine/llamacpp.h)
            const LlamaCppPlan p = llamaPlan(in);
            std::string ts;
            for (double v : sp.ts) {
                ts += (ts.empty() ? "" : ",") + std::to_string(int(v));
            }
            const std::string set = "Llama-3.1-70B-Instruct Q4_K_M, " +
                                    std::to_string(sp.ts.size()) + " devices -ts " + ts +
                                    ", -c 1024, FA off";
            addSplitRows(out, sp.row, set, gpNew, p, sp.layers, sp.vramGiB);
        }
    }
    // G6: Qwen/Qwen2.5-72B-Instruct-GGUF qwen2.5-72b-instruct-q4_k_m (12 split files; the
    // README @ 0930736f, "Run Qwen2.5-72B-Instruct with NVIDIA RTX 4080 and remote RPC"):
    // -c 8192 --no-mmap --rpc host:port --tensor-split 20369,12935,13325 (free MiB of each
    // device, the RPC one first): 36, 22 and 22 layers plus the output layer, NONUMA 20.20,
    // 12.69 and 14 GiB. The mirror (config.json: 80 layers, hidden 8192, 64 heads, 8 KV heads,
    // FFN 29568, vocabulary 152064, q/k/v biases) follows llama-quantize's Q4_K_M rule.
    {
        const ggufwriter::DenseShape d{.arch = "qwen2",
                                       .name = "Qwen2.5-72B-Instruct",
                                       .layers = 80,
                                       .hidden = 8192,
                                       .heads = 64,
                                       .kvHeads = 8,
                                       .ffn = 29568,
                                       .vocab = 152064,
                                       .context = 32768,
                                       .qkvBias = true,
                                       .vAtLeastQ5 = true};
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::denseKQuantM(d, "q4_K", 1000), "qwen72b.gguf");
        LlamaCppInput in = ggufParserRowInput(m, host, 8192);
        in.gpuCount = 3;
        in.tensorSplit = {20369, 12935, 13325};
        in.asyncEvents = false; // an RPC device: no pipeline parallelism (engine/llamacpp.h)
        const LlamaCppPlan p = llamaPlan(in);
        const std::string set =
            "Qwen2.5-72B-Instruct Q4_K_M, 3 devices -ts 20369,12935,13325, -c 8192, FA off";
        // HostPlan's figure without Flash Attention (what the VRAM rows compare) is each
        // device's attention stage, 512 x 4 x (8192 x 65 + 4 x 8192) bytes = 1.08 GiB, the rule
        // llama.cpp's own logs follow (rows L2, L3: the f32 scores, build_attn_mha's kq, are
        // most of it); gguf-parser's estimate has no such term at this context (at -c 1024, G3,
        // the stage is 194 MiB and both agree).
        const std::string cause =
            "differs because HostPlan counts the attention stage that llama.cpp allocates "
            "without Flash Attention (the f32 scores n_kv x n_ubatch x n_head x 4 = 1 GiB, with "
            "the mask and four n_embd rows 1.08 GiB on each device, as llama.cpp's own logs in "
            "rows L2 and L3 show) and gguf-parser's estimate does not; with Flash Attention the "
            "three devices are +2.5 %, -1.1 % and +0.1 % from gguf-parser";
        addSplitRows(out, "G6", set, gpNew, p, {36, 22, 22}, {20.20, 12.69, 14.00}, cause);
    }
    llamaLogChecks(out);
    // A "differs because" cause stands only where the row leaves 3 %.
    for (Check &c : out) {
        if (c.within()) {
            c.cause.clear();
        }
    }
    return out;
}

/// The llama.cpp section of docs/ACCURACY.md.
inline std::string llamaCppMarkdown(const std::vector<Check> &checks) {
    std::string md =
        "\n## llama.cpp memory\n\n"
        "Each row is a named GGUF file mirrored by a header with its metadata and tensor "
        "types (tests/core/goldenllamacpp.h), planned by HostPlan's llama.cpp model at the "
        "published settings; rows L4-L16 (tests/core/goldenllamalogs.h) size the model's "
        "config as one uniform GGUF type unless the row mirrors the file, and compare model "
        "buffers only where it does. \"llama.cpp "
        "log\" rows are buffers llama.cpp allocated; "
        "\"llama.cpp --fit-print\" rows are the buffers llama.cpp's own --fit projects (model, "
        "context and compute per device, integer MiB); "
        "\"gguf-parser\" rows are gguf-parser's estimates. Tolerance 3 % per component and "
        "in total; HostPlan's GPU figures exclude its CUDA runtime allowance, and gguf-parser's "
        "VRAM is taken less the 250 MiB platform footprint it adds. gguf-parser's RAM (with "
        "mmap) is another quantity than the RAM llama.cpp allocates (it leaves out the mmapped "
        "token embedding and adds a CPU compute stage), so a RAM row may match by chance (G1) "
        "or differ (G2); its VRAM without Flash Attention differs where its compute estimate "
        "differs from what llama.cpp's own logs show (G1: rows L2 and L3 have the rule). A row "
        "from a llama.cpp log is planned by the rules of the release that printed it (the "
        "setting names it; engine/llamacpp.h llamaRuleChanges: releases before b7847 count -ngl "
        "from the repeating layers and keep one host input fewer, releases before b6868 pad the "
        "KV cache to 256 cells with Flash Attention and 32 without, b6868-b6974 not at all; "
        "an MLA model caches each head's full K and V before b5138 and from a GGUF without the "
        "key_length_mla keys, the latent with a V row of kv_lora_rank from b5138, and no V "
        "from b7824, two release numbers estimated from the pull requests' merge dates); a "
        "log without a build line but older than b6868 is planned by b6867's rules.\n\n"
        "| row | figure | setting | published | HostPlan | error | tolerance | status | "
        "source |\n|---|---|---|---|---|---|---|---|---|\n";
    return md + tableRows(checks);
}

} // namespace golden

#include "goldenllamalogs.h"
