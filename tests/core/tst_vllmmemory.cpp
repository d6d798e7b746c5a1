// SPDX-License-Identifier: MIT
// vLLM's memory terms one by one (core/engine/vllm_memory.cpp, enginememory.cpp): MXFP4 padding
// and layout per kernel and release, KV projection replication, vocabulary padding, the
// sampler warm-up by release, load-time rounding, v0.7 accounting, pipeline stages, the dense
// forward slope, the Marlin MoE batch and the sliding-window reservation. The golden rows that
// combine them are in tst_enginememory.
#include "engine/enginememory.h"
#include "engine/servecommand.h"
#include "goldenmemory.h"
#include "plan/plan.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace hostplan;

class tst_VllmMemory : public QObject {
    Q_OBJECT

  private slots:
    // mxfp4.py @ afdb4a4f: Marlin pads gpt-oss hidden 2880 -> 3072 and intermediate 2880 ->
    // 2944: 14,431,744 B per expert instead of 13,236,480 (x 128 experts x 36 layers).
    void mxfp4MarlinPadding() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const std::uint64_t perExpert = 14431744ull - 13236480ull;
        QCOMPARE(mxfp4PaddingBytes(m, 1, 1, 1, MoeKernel::Marlin), 36ull * 128 * perExpert);
        QCOMPARE(mxfp4PaddingBytes(m, 1, 1, 1, MoeKernel::Triton), 0ull); // 2880 = 45 x 64
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100", 79.15, false);
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100", 79.18, true);
        QCOMPARE(vllmMoeKernel(a100, MoeKernel::Auto), MoeKernel::Marlin);
        QCOMPARE(vllmMoeKernel(h100, MoeKernel::Auto), MoeKernel::Triton);
    }

    // vLLM 0.19 TRITON on Hopper (triton_kernels v3.6.0 layouts), gpt-oss-20b per expert:
    // TP 2 (I' 1440 -> 1472): w13 bytes [1440 -> 1472][2944] +94,208, w2 [736 -> 768][2880]
    // +92,160, swizzled scales 3072 x 90 + 3072 x 46 = 417,792, fp32 biases +11,648.
    // TP 1 (I' 2880): +184,320, +92,160, 5888 x 90 + 3072 x 90 = 806,400, +17,280.
    void mxfp4TritonHopperLayout() {
        const ModelSpec m = golden::gptOss20b(); // 24 layers x 32 experts
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        const auto bytes = [&](std::uint32_t tp, MoeKernel k, const GpuSpec &g, VllmProfile p) {
            return vllmMxfp4LayoutBytes(m, tp, 1, 1, k, g, p);
        };
        QCOMPARE(bytes(2, MoeKernel::Triton, h100, VllmProfile::V1v19), 24ull * 32 * 615808);
        QCOMPARE(bytes(1, MoeKernel::Triton, h100, VllmProfile::V1v19), 24ull * 32 * 1100160);
        // EP 2: 16 whole experts per GPU, the intermediate unsplit.
        QCOMPARE(vllmMxfp4LayoutBytes(m, 1, 2, 1, MoeKernel::Triton, h100, VllmProfile::V1v19),
                 24ull * 16 * 1100160);
        // v0.11 - v0.18: the scale copy and fp32 biases without the value padding, 823,680 B
        // per expert at TP 1 (gpt-oss-120b: 64.32 GiB, vLLM 0.14.1 logs 64.38).
        QCOMPARE(bytes(1, MoeKernel::Triton, h100, VllmProfile::V1), 24ull * 32 * 823680);
        QCOMPARE(bytes(2, MoeKernel::Triton, h100, VllmProfile::V1), 24ull * 32 * (417792 + 11648));
        // Not this layout: earlier profiles, Marlin, Ampere, Ada, Blackwell.
        QCOMPARE(bytes(2, MoeKernel::Triton, h100, VllmProfile::V0), 0ull);
        QCOMPARE(bytes(2, MoeKernel::Marlin, h100, VllmProfile::V1v19), 0ull);
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100", 79.15, false);
        const GpuSpec l40s = golden::loggedGpu("NVIDIA L40S", 44.4, true);
        GpuSpec b200 = golden::loggedGpu("NVIDIA B200", 178.4, true);
        b200.nativeMxfp4 = true;
        QVERIFY(hopperGpu(h100) && !hopperGpu(a100) && !hopperGpu(l40s) && !hopperGpu(b200));
        QCOMPARE(bytes(2, MoeKernel::Triton, b200, VllmProfile::V1v19), 0ull);
        QCOMPARE(vllmMxfp4LayoutBytes(golden::catalogueModel("llama-3.1-8b"), 1, 1, 1,
                                      MoeKernel::Triton, h100, VllmProfile::V1v19),
                 0ull);
        // The TP 1 start-up on one H100 (u 0.95) logs 13.64 GiB of weights before its sampler
        // warm-up fails (openai-gpt-oss-20b--h100-80gb--tp1pp1dp1--8192.FAILED.log, llm-d-planner
        // accuracy/results/v0.19.0/logs @ d3121e05); P10 checks TP 2.
        EngineMemoryInput in = golden::rowInput(m, h100, {1, 1, 1}, Engine::Vllm, 8192);
        in.vllmProfile = VllmProfile::V1v19;
        in.memoryFraction = 0.95;
        const double weightsGib = golden::giB(double(vllmMemoryModel().terms(in).weights()));
        COMPARE_NEAR(weightsGib, 13.64, 0, golden::kWeightsTol);
    }

    // QKVParallelLinear: at TP 8 with 4 KV heads every rank holds one head (2 replicas): the
    // extra per rank is (1 - 4/8) heads of K and V projections per layer.
    void kvProjectionReplication() {
        const ModelSpec m = golden::catalogueModel("qwen3-235b-a22b"); // 94 layers, 4 KV heads
        QCOMPARE(kvReplicationBytes(m, 4, 1), 0ull);
        const std::uint64_t perLayer = 4096ull * (128 + 128) * 2 /*bf16*/ / 2; // half a head
        COMPARE_NEAR(double(kvReplicationBytes(m, 8, 1)), double(94 * perLayer), 1024, 0);
        QCOMPARE(kvHeadsPerRank(4, 8), 1ull);
        QCOMPARE(kvHeadsPerRank(8, 2), 4ull);
    }

    // vocab_parallel_embedding.py: the vocabulary is padded to a multiple of 64 before the TP
    // split (Qwen 151,665 -> 151,680: 15 rows of embedding and lm_head).
    void vocabPadding() {
        ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        QCOMPARE(vocabPaddingBytes(m, 1, 1), 0ull); // 128,256 = 2004 x 64
        m.vocabSize = 128250;
        for (auto &g : m.groups) {
            if (g.role == GroupRole::Embedding || g.role == GroupRole::LmHead) {
                g.params = std::uint64_t(m.vocabSize) * m.hiddenSize;
                g.exactBytes = 0;
            }
        }
        QCOMPARE(vocabPaddingBytes(m, 2, 1), 2ull * 6 * 4096 * 2 / 2);
    }

    // gpu_model_runner.py _dummy_sampler_run: min(max_num_seqs, batched tokens) rows of the
    // full vocabulary; PyTorch's sort of 128 rows or more peaks at 38 B per logit, and the
    // sampler dominates gpt-oss at 1024 sequences.
    void samplerLogits() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 8192);
        QCOMPARE(in.maxNumSeqs, 1024u);
        QCOMPARE(in.maxBatchedTokens, 8192u);
        EngineMemoryTerms t = vllmMemoryModel().terms(in);
        // Plus hidden_states[logit_indices], the sampled rows' hidden states (a copy).
        QCOMPARE(t.activationSampler, 1024ull * 201088 * 38 + 1024ull * 2880 * 2);
        QCOMPARE(t.activationPeak, 8192ull * 2880 * 2 + t.activationSampler);
        in.maxBatchedTokens = 512; // rows = min(max_num_seqs, tokens)
        t = vllmMemoryModel().terms(in);
        QCOMPARE(t.activationSampler, 512ull * 201088 * 38 + 512ull * 2880 * 2);
        in.maxBatchedTokens = 8192;
        in.maxNumSeqs = 64; // below 128 rows PyTorch sorts the whole batch as one: 50 B
        t = vllmMemoryModel().terms(in);
        QCOMPARE(t.activationSampler, 64ull * 201088 * 50 + 64ull * 2880 * 2);
    }

    // What HostPlan cannot know: whether the install sorts (v0.11) or samples with FlashInfer
    // (v0.10 images); the plan names both figures where they differ by more than 0.65 GiB.
    void samplerRangeNote() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 8192);
        QCOMPARE(in.vllmProfile, VllmProfile::V1);
        const QString note = QString::fromStdString(vllmSamplerNote(in));
        QVERIFY2(note.contains("sort 1,024 x 201,088 logits (7.29 GiB of the profile peak)"),
                 qPrintable(note));
        QVERIFY2(note.contains("takes 2.68 GiB, so its KV pool is up to 4.60 GiB larger"),
                 qPrintable(note));
        in.maxNumSeqs = 128; // 0.91 GiB sorted: no note
        QCOMPARE(vllmSamplerNote(in), std::string());
        in.maxNumSeqs = 1024;
        in.vllmProfile = VllmProfile::V1v19;
        QCOMPARE(vllmSamplerNote(in), std::string());
    }

    // MXFP4 experts on Hopper: the Triton kernel the plan follows, or Marlin where an install
    // lacks triton_kernels: gpt-oss-120b at TP 1, 4,608 experts x (1,195,264 - 823,680) B.
    void mxfp4KernelNote() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        EngineMemoryInput in = golden::rowInput(m, h100, {}, Engine::Vllm, 8192);
        const QString note = QString::fromStdString(vllmMxfp4KernelNote(in));
        QCOMPARE(36ull * 128 * (1195264 - 823680), 1712259072ull); // 1.59 GiB
        QVERIFY2(note.contains("padding loads 1.59 GiB more per GPU"), qPrintable(note));
        in.moeKernel = MoeKernel::Marlin; // the plan already follows Marlin
        QCOMPARE(vllmMxfp4KernelNote(in), std::string());
        in.moeKernel = MoeKernel::Auto;
        in.vllmProfile = VllmProfile::V1v19;
        QCOMPARE(vllmMxfp4KernelNote(in), std::string());
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100", 79.15, false);
        EngineMemoryInput ampere = golden::rowInput(m, a100, {}, Engine::Vllm, 8192);
        QCOMPARE(vllmMxfp4KernelNote(ampere), std::string()); // Marlin is the only choice
    }

    // A vision tower: vLLM profiles its encoder before the pool, which HostPlan says it does
    // not model, with the flag that skips it.
    void encoderProfileNote() {
        const ModelSpec gemma = golden::gemma3("google/gemma-3-4b-it", 2560, 10240, 34, 8, 4, 256);
        const std::string note = vllmEncoderProfileNote(gemma);
        QVERIFY(note.find("profiles the vision encoder") != std::string::npos);
        QVERIFY(note.find("--limit-mm-per-prompt '{\"image\": 0, \"video\": 0}'") !=
                std::string::npos);
        QCOMPARE(vllmEncoderProfileNote(golden::catalogueModel("llama-3.1-8b")), std::string());
    }

    // Page unification (kv_cache_utils.py unify_kv_cache_spec_page_size): Gemma 4 26B-A4B's 5
    // full-attention layers (2 KV heads of 512) take 4 KiB a token per layer, its 25 sliding
    // ones (8 heads of 256, window 1,024) 8 KiB, so the full layers' blocks hold 32 tokens in a
    // 128 KiB page. Groups of 5 layers: one full group, five sliding ones. At 262,144 tokens and
    // 4,096 batched tokens a request takes 8,192 full blocks and 5 x (ceil(5,119 / 16) + 1)
    // sliding blocks: 5.98 GiB, the figure vLLM 0.22 logs for it on an RTX 3090
    // (noonghunna/club-3090#334); 16-token full blocks would double the full part.
    void pageUnificationGrowsSmallerBlocks() {
        const ModelSpec m = golden::dataConfigModel("google--gemma-4-26B-A4B_config.json",
                                                    "google/gemma-4-26B-A4B");
        EngineMemoryInput in =
            golden::rowInput(m, golden::loggedGpu("NVIDIA GeForce RTX 3090", 23.56, false), {},
                             Engine::Vllm, 262144);
        in.vllmProfile = VllmProfile::V1v22;
        in.maxBatchedTokens = 4096;
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        const std::uint64_t page = 16ull * 8 * 256 * 2 * 2; // a sliding layer's 16-token block
        const std::uint64_t blocks = 262144 / 32 + 5 * ((4095 + 1024 + 15) / 16 + 1);
        QCOMPARE(vllmMemoryModel().requestBytes(in, t, 262144), blocks * page * 5);
        QCOMPARE(std::round(double(blocks * page * 5) / (1ull << 28) * 25) / 100, 5.98);
    }

    // Sort.cu launch_stable_sort_kernel's three paths and the scatter moment's 28 B.
    void sortSamplerPaths() {
        QCOMPARE(vllmSortSamplerBytes(0, 1000), 0ull);
        QCOMPARE(vllmSortSamplerBytes(4, 0), 0ull);
        // One row: one segment, whose start indices and cub buffers span the row: 38 B.
        QCOMPARE(vllmSortSamplerBytes(1, 152064), 152064ull * 38);
        QCOMPARE(vllmSortSamplerBytes(127, 152064), 127ull * 152064 * 50);
        QCOMPARE(vllmSortSamplerBytes(128, 152064), 128ull * 152064 * 38);
        // A vocabulary of 10^6 or more: 18 B live, 20 B of temporaries for one row.
        QCOMPARE(vllmSortSamplerBytes(256, 1000000), 256ull * 1000000 * 28);
        // More than INT_MAX logits: PyTorch sorts batches of floor(INT_MAX / vocab) rows and
        // the temporaries follow the batch: 14,122 rows of 152,064.
        const std::uint64_t batch = 2147483647ull / 152064 * 152064;
        QCOMPARE(vllmSortSamplerBytes(20000, 152064),
                 std::max(20000ull * 152064 * 28, 20000ull * 152064 * 18 + batch * 20));
    }

    // v0.19's sampler warm-up masks top-k / top-p in place (Triton): 14 B per logit.
    void samplerLogitsV019() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 8192);
        in.vllmProfile = VllmProfile::V1v19;
        EngineMemoryTerms t = vllmMemoryModel().terms(in);
        // The Triton kernel's buffer: one fp32 vocabulary row per SM; this GPU's SM count is
        // unknown, so H100's 132.
        QCOMPARE(in.gpu.smCount, 0u);
        const std::uint64_t rows = 1024ull * 201088 * 14 + 1024ull * 2880 * 2;
        QCOMPARE(t.activationSampler, rows + 132ull * 201088 * 4);
        QCOMPARE(t.engineVersion, std::string("vLLM V1 (v0.19)"));
        in.gpu.smCount = 108; // A100
        t = vllmMemoryModel().terms(in);
        QCOMPARE(t.activationSampler, rows + 108ull * 201088 * 4);
        // Fewer rows than SMs: min(next power of two of the rows, SMs) buffer rows.
        QCOMPARE(vllmTritonSamplerBufferBytes(in.gpu, 100, 1000), 108ull * 1000 * 4);
        QCOMPARE(vllmTritonSamplerBufferBytes(in.gpu, 20, 1000), 32ull * 1000 * 4);
        QCOMPARE(vllmTritonSamplerBufferBytes(in.gpu, 0, 1000), 0ull);
        // v0.11's profile has no such buffer: it sorts.
        in.vllmProfile = VllmProfile::V1;
        QCOMPARE(vllmMemoryModel().terms(in).activationSampler,
                 vllmSortSamplerBytes(1024, 201088) + 1024ull * 2880 * 2);
    }

    // "Model loading took" is torch's allocated bytes: each weight tensor of 10 MiB or more
    // takes its 2 MiB-rounded block when the rounding is 1 MiB or less, and the rotary
    // cos / sin cache (max positions x head dim, bf16) is loaded with the weights.
    void vllmLoadRounding() {
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        // Qwen2.5-72B at TP 2: down [8192, 14784] bf16 = 231 MiB -> 232 on 80 layers; qkv
        // (80 MiB), o (64), gate_up (462) and the [76032, 8192] embedding and head are whole
        // 2 MiB multiples; rotary cache 32768 x 128 x 2 B = 8 MiB.
        const ModelSpec qwen = golden::qwen25_72b();
        EngineMemoryInput in = golden::rowInput(qwen, g, {2, 1, 1}, Engine::Vllm, 8192);
        QCOMPARE(vocabPaddingBytes(qwen, 2, 1), 0ull);
        constexpr std::uint64_t kMiB = 1ull << 20;
        QCOMPARE(vllmMemoryModel().terms(in).weightPadding, 80 * kMiB + 8 * kMiB);
        // Qwen2.5-7B at TP 4: only the [38016, 3584] embedding and head round (259.875 MiB
        // -> 260); the per-layer tensors split their segments (remainders above 1 MiB).
        const ModelSpec qwen7b = golden::qwen25_7b();
        in = golden::rowInput(qwen7b, g, {4, 1, 1}, Engine::Vllm, 8192);
        QCOMPARE(vllmMemoryModel().terms(in).weightPadding, 2 * (kMiB / 8) + 8 * kMiB);
        // Llama-3.1-8B at TP 1: every tensor a 2 MiB multiple; the cache is 131072 x 128 x 2.
        const ModelSpec llama8b = golden::catalogueModel("llama-3.1-8b");
        in = golden::rowInput(llama8b, g, {}, Engine::Vllm, 8192);
        QCOMPARE(vllmMemoryModel().terms(in).weightPadding, 32 * kMiB);
    }

    // v0.7's V1 worker: torch's allocated peak (inputs_embeds of the runner included) plus
    // device used - torch allocated after the profile, so the CUDA context (and NCCL at TP > 1)
    // counts inside the budget; the profile computes bf16 logits of every batched token.
    void vllmV07Accounting() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 2048);
        in.maxBatchedTokens = 8192;
        in.maxNumSeqs = 256;
        const EngineMemoryTerms v011 = vllmMemoryModel().terms(in);
        QCOMPARE(v011.activationBuffers, std::uint64_t(0));
        QCOMPARE(v011.nonTorch, std::uint64_t(gib(0.15)));
        in.vllmProfile = VllmProfile::V1Early;
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.engineVersion, std::string("vLLM V1 (v0.7)"));
        const std::uint64_t hidden = 8192ull * 4096 * 2;
        QCOMPARE(t.activationBuffers, hidden);
        QCOMPARE(t.activationSampler, 8192ull * 128256 * 2);
        QVERIFY(t.activationForward < hidden + t.activationSampler);
        QCOMPARE(t.activationPeak, hidden + hidden + t.activationSampler);
        QCOMPARE(t.nonTorch, std::uint64_t(gib(0.5)));
        QCOMPARE(t.cudaContext, std::uint64_t(0));
        QCOMPARE(t.kvPoolBytes, std::int64_t(t.budget) - std::int64_t(t.weights()) -
                                    std::int64_t(t.activationPeak) - std::int64_t(t.nonTorch));
        QVERIFY(t.kvTokens < v011.kvTokens);
        // TP 2: NCCL's buffers are outside torch too.
        EngineMemoryInput tp2 = golden::rowInput(m, g, {2, 1, 1}, Engine::Vllm, 2048);
        tp2.vllmProfile = VllmProfile::V1Early;
        tp2.maxBatchedTokens = 8192;
        QCOMPARE(vllmMemoryModel().terms(tp2).nonTorch, std::uint64_t(gib(1.0)));
    }

    // get_pp_indices: layers / pp each, the remainder to the stages just before the last.
    void vllmPipelineSplit() {
        QCOMPARE(vllmPipelineLayers(32, 4), (std::vector<std::uint32_t>{8, 8, 8, 8}));
        QCOMPARE(vllmPipelineLayers(30, 4), (std::vector<std::uint32_t>{7, 8, 8, 7}));
        QCOMPARE(vllmPipelineLayers(31, 4), (std::vector<std::uint32_t>{8, 8, 8, 7}));
        QCOMPARE(vllmPipelineLayers(80, 3), (std::vector<std::uint32_t>{27, 27, 26}));
        QCOMPARE(vllmPipelineLayers(61, 1), (std::vector<std::uint32_t>{61}));
    }

    // PP 4 stages (vLLM 0.19 logs 4.26 / 3.28 / 3.28 / 4.26 GiB, peaks 1.10 / 1.05 / 1.05 /
    // 2.01 GiB for Llama-3.1-8B): the embedding on the first stage, the LM head and the
    // sampler on the last, receive buffers after the first; the last stage's pool decides.
    void vllmPipelineStages() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        EngineMemoryInput in = golden::rowInput(m, g, {1, 1, 4}, Engine::Vllm, 8192);
        in.vllmProfile = VllmProfile::V1v19;
        in.memoryFraction = 0.95;
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.stages.size(), std::size_t(4));
        std::uint64_t embedding = 0;
        for (const auto &gr : m.groups) {
            embedding += gr.role == GroupRole::Embedding ? gr.bytes() : 0;
        }
        QCOMPARE(t.stages[0].weights - t.stages[1].weights, embedding);
        QCOMPARE(t.stages[1].weights, t.stages[2].weights);
        QCOMPARE(t.stages[3].weights, t.stages[0].weights); // LM head as large as the embedding
        QVERIFY(std::abs(golden::giB(double(t.stages[0].weights)) / 4.26 - 1) < 0.02);
        QVERIFY(std::abs(golden::giB(double(t.stages[1].weights)) / 3.28 - 1) < 0.02);
        const std::uint64_t buffers = 2ull * 8192 * 4096 * 2;
        const std::uint64_t forward = 8192ull * 110592;
        QCOMPARE(t.stages[0].activationPeak, forward);
        QCOMPARE(t.stages[1].activationPeak, buffers + forward);
        // The last stage's sampler: rows x vocab x 14 B, the sampled rows' hidden states and
        // the Triton kernel's 132 (fallback) x vocab fp32 buffer.
        QCOMPARE(t.stages[3].activationPeak, buffers + 8192ull * 4096 * 2 + 1024ull * 128256 * 14 +
                                                 1024ull * 4096 * 2 + 132ull * 128256 * 4);
        QCOMPARE(t.pipelineRank, 3u);
        QCOMPARE(t.activationPipeline, buffers);
        QCOMPARE(t.kvTokens, t.stages[3].kvTokens);
        QVERIFY(t.stages[0].kvTokens > t.kvTokens);
        // Tied embeddings: the last stage builds an embedding of its own for its LM head.
        ModelSpec tied = m;
        std::erase_if(tied.groups,
                      [](const TensorGroup &gr) { return gr.role == GroupRole::LmHead; });
        in.model = &tied;
        const EngineMemoryTerms tt = vllmMemoryModel().terms(in);
        QCOMPARE(tt.stages[3].weights - tt.stages[1].weights, embedding);
        QCOMPARE(tt.stages[0].weights - tt.stages[1].weights, embedding);
    }

    // Dense forward peak: tokens x (6H + 6I/tp) (N7's slope: 110,592 B per token for Llama-8B).
    void denseForwardSlope() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        QCOMPARE(m.denseIntermediate, 14336u);
        QCOMPARE(forwardActivationBytes(m, 1000, 1, 1, kFusedMoeChunkTokens, nullptr),
                 1000ull * 110592);
        QCOMPARE(forwardActivationBytes(m, 1000, 2, 1, kFusedMoeChunkTokens, nullptr),
                 1000ull * (6 * 4096 + 3 * 14336));
    }

    // Marlin MoE (fused_marlin_moe) sizes cache13 / cache2 for every token of the step; the
    // Triton path for 32,768 at a time. Kimi-Linear INT4 g128 at TP 2 (H 2304, I' 512, top 8 of
    // 256, one shared expert) at 64,000 tokens, per token: 3 x H x 2 + 8 x H x 2 (cache13) +
    // 8 x 512 x 2 (cache2) + 8 x 8 (top-k) + 256 x 4 (router) + 3 x 512 x 2 (shared) = 63,040 B.
    // Chunked, the MoE layer (2.45 GiB) falls below the dense first layer, 6 x H + 6 x 9216 / 2
    // = 41,472 B per token (2.47 GiB).
    void marlinMoeWholeBatch() {
        const ModelSpec bf16 = golden::catalogueModel("kimi-linear-48b-a3b");
        const ModelSpec int4 = withWeightFormat(bf16, formats::int4g128);
        const GpuSpec rtx3090 = golden::loggedGpu("NVIDIA GeForce RTX 3090", 23.58, false);
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100", 79.18, true);
        GpuSpec mi300 = golden::loggedGpu("AMD Instinct MI300X", 191.5, true);
        mi300.vendor = "AMD";
        QVERIFY(vllmMarlinMoe(int4, rtx3090, MoeKernel::Auto, 2, 1));
        QVERIFY(vllmMarlinMoe(int4, h100, MoeKernel::Auto, 2, 1)); // WNA16: Marlin on Hopper too
        QVERIFY(!vllmMarlinMoe(int4, mi300, MoeKernel::Auto, 2, 1));
        QVERIFY(!vllmMarlinMoe(int4, rtx3090, MoeKernel::Triton, 2, 1));
        QVERIFY(!vllmMarlinMoe(bf16, rtx3090, MoeKernel::Auto, 2, 1));
        // Group 256 and an intermediate per partition of 1024 / 32 = 32 do not fit the kernel.
        QVERIFY(!vllmMarlinMoe(withWeightFormat(bf16, NumberFormat{FormatKind::INT4, 256}), rtx3090,
                               MoeKernel::Auto, 2, 1));
        QVERIFY(!vllmMarlinMoe(int4, rtx3090, MoeKernel::Auto, 32, 1));
        const ModelSpec gptOss = golden::catalogueModel("gpt-oss-120b"); // MXFP4 experts
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100", 79.15, false);
        QVERIFY(vllmMarlinMoe(gptOss, a100, MoeKernel::Auto, 1, 1));
        QVERIFY(!vllmMarlinMoe(gptOss, h100, MoeKernel::Auto, 1, 1));
        QCOMPARE(forwardActivationBytes(int4, 64000, 2, 1, 0, nullptr), 64000ull * 63040);
        QCOMPARE(forwardActivationBytes(int4, 64000, 2, 1, kFusedMoeChunkTokens, nullptr),
                 64000ull * 41472);
        QCOMPARE(forwardActivationBytes(int4, 32768, 2, 1, 0, nullptr),
                 forwardActivationBytes(int4, 32768, 2, 1, kFusedMoeChunkTokens, nullptr));
    }

    // kv_cache_interface.py SlidingWindowSpec: one request reserves
    // cdiv(min(window - 1 + batched tokens, max_model_len), block) + 1 blocks per window group.
    void slidingWindowReservation() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b"); // 18 full + 18 window(128)
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 65536);
        in.maxBatchedTokens = 2048;
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        const std::uint64_t page = 16ull * 8 * 128 * 2; // one layer's block
        const std::uint64_t blocks = 65536 / 16 + (ceilDiv(128 - 1 + 2048, 16) + 1);
        QCOMPARE(vllmMemoryModel().requestBytes(in, t, 65536), blocks * page * 18);
        QCOMPARE(t.windowExtraTokens, 2047ull);
        // The plan's per-sequence cost follows the same reservation (min(ctx, window + 2047)).
        Scenario s;
        s.model.ref = "gpt-oss-120b";
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 1;
        s.workload.contextTokens = 8192;
        s.engine.prefillChunkTokens = 2048;
        const auto plan = evaluate(s);
        QVERIFY(plan.ok());
        QCOMPARE(plan->memory.cache.perSequencePerGpu(8192),
                 plan->memory.cache.kvBytesPerTokenPerGpu * 8192 +
                     plan->memory.cache.windowBytesPerTokenPerGpu * (128 + 2047));
    }

    // Rules none of whose releases serve a model's architecture (each predates it) refuse it
    // at start-up: the plan does not fit. Rules that plan releases on both sides of the
    // addition (gpt-oss came in v0.10.1, inside the 0.11 rules' 0.9.2 to 0.11.x; Qwen3 by
    // v0.8.5, inside the 0.8 rules' 0.8.0 to 0.9.1) note it. Newer rules, other engines and
    // model types outside the table say nothing.
    void architectureByRelease() {
        const std::string oss = vllmArchitectureProblem("gpt_oss", VllmProfile::V0);
        QVERIFY(oss.find("vLLM 0.6.5 does not serve GptOssForCausalLM") == 0);
        QVERIFY(oss.find("in v0.10.1") != std::string::npos);
        QVERIFY(oss.find("the vLLM 0.11 rules plan it") != std::string::npos);
        QVERIFY(!vllmArchitectureProblem("gpt_oss", VllmProfile::V1Early).empty());
        QVERIFY(!vllmArchitectureProblem("gpt_oss", VllmProfile::V1v08).empty());
        QVERIFY(vllmArchitectureProblem("gpt_oss", VllmProfile::V1).empty());
        QVERIFY(vllmArchitectureNote("gpt_oss", VllmProfile::V1).find("in v0.10.1") !=
                std::string::npos);
        QVERIFY(vllmArchitectureNote("gpt_oss", VllmProfile::V1v19).empty());
        QVERIFY(!vllmArchitectureProblem("qwen3_moe", VllmProfile::V1Early).empty());
        QVERIFY(vllmArchitectureNote("qwen3_moe", VllmProfile::V1v08).find("by v0.8.5") !=
                std::string::npos);
        QVERIFY(vllmArchitectureNote("qwen3_moe", VllmProfile::V1).empty());
        QVERIFY(!vllmArchitectureProblem("deepseek_v3", VllmProfile::V0Legacy).empty());
        QVERIFY(vllmArchitectureProblem("deepseek_v3", VllmProfile::V0).empty());
        QVERIFY(!vllmArchitectureProblem("kimi_linear", VllmProfile::V1Early).empty());
        QVERIFY(vllmArchitectureProblem("kimi_linear", VllmProfile::V1).empty());
        QVERIFY(!vllmArchitectureProblem("kimi_k3", VllmProfile::V1).empty());
        QVERIFY(vllmArchitectureProblem("kimi_k3", VllmProfile::V1v19).empty());
        QVERIFY(vllmArchitectureNote("qwen3_next", VllmProfile::V1).empty()); // by v0.11.0
        // Gemma 4 came in v0.19.0, the first release the 0.19 rules plan.
        QVERIFY(vllmArchitectureProblem("gemma4", VllmProfile::V1)
                    .find("vLLM 0.11 does not serve Gemma4ForConditionalGeneration") == 0);
        QVERIFY(vllmArchitectureProblem("gemma4", VllmProfile::V1v19).empty());
        QVERIFY(vllmArchitectureNote("gemma4", VllmProfile::V1v19).empty());
        QVERIFY(vllmArchitectureProblem("llama", VllmProfile::V0Legacy).empty());
        QVERIFY(vllmArchitectureProblem("some_future_arch", VllmProfile::V0Legacy).empty());
        Scenario s;
        s.model.ref = "gpt-oss-120b";
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 1;
        s.workload.contextTokens = 8192;
        const auto noted = [](const PlanResult &p) {
            return int(std::count_if(p.warnings.begin(), p.warnings.end(), [](const auto &w) {
                return w.find("vLLM added GptOssForCausalLM") != std::string::npos;
            }));
        };
        const PlanResult served = evaluate(s).value();
        QVERIFY(served.fit.fits);
        QCOMPARE(noted(served), 0);
        s.engine.vllmVersion = VllmProfile::V1; // 0.9.2 to 0.11.x: gpt-oss from v0.10.1
        const PlanResult mixed = evaluate(s).value();
        QCOMPARE(mixed.startup.outcome, StartupOutcome::Starts);
        QCOMPARE(noted(mixed), 1);
        s.engine.vllmVersion = VllmProfile::V1v08;
        const PlanResult old = evaluate(s).value();
        QVERIFY(!old.fit.fits);
        QCOMPARE(old.startup.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(old.startup.message.find("does not serve GptOssForCausalLM") != std::string::npos);
        QCOMPARE(old.fit.maxConcurrency, 0u);
        s.engine.engine = Engine::Sglang; // the vLLM release does not apply
        QCOMPARE(evaluate(s).value().startup.outcome, StartupOutcome::Starts);
    }
};

QTEST_GUILESS_MAIN(tst_VllmMemory)
#include "tst_vllmmemory.moc"
