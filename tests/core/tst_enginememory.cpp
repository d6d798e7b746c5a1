// SPDX-License-Identifier: MIT
// Engine memory models: the golden rows of ../shared/reference/observed-memory.md (goldenmemory.h)
// within their stated tolerances, and one test per engine term from the engine's own source.
// `tst_enginememory --markdown` prints docs/ACCURACY.md instead of running the tests
// (scripts/accuracy.sh).
#include "engine/enginememory.h"
#include "engine/vllmdeepseekv4.h"
#include "engine/vllmcounts.h"
#include "engine/pipelinestage.h"
#include "goldencudagraph.h"
#include "goldenllamacpp.h"
#include "engine/servecommand.h"
#include "goldenmemory.h"
#include "plan/plan.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <iostream>

using namespace hostplan;

class tst_EngineMemory : public QObject {
    Q_OBJECT

    /// One golden check within its tolerance, or a known miss (QEXPECT_FAIL) with its cause.
    static void verify(const golden::Check &c) {
        if (!c.cause.empty()) {
            QEXPECT_FAIL("", c.cause.c_str(), Continue);
        }
        QVERIFY2(c.within(),
                 qPrintable(QStringLiteral("%1 %2: published %3, HostPlan %4 (%5 %)")
                                .arg(QString::fromStdString(c.row), QString::fromStdString(c.what))
                                .arg(c.engine, 0, 'g', 8)
                                .arg(c.hostplan, 0, 'g', 8)
                                .arg(100 * c.error(), 0, 'f', 1)));
    }

  private slots:
    // Every golden row: weights within 2 %, KV within 5 %, verdicts exact; a known miss states
    // its cause (QEXPECT_FAIL) and still uses the engine's rule.
    void golden_data() {
        QTest::addColumn<int>("index");
        const auto checks = golden::memoryChecks();
        for (std::size_t i = 0; i < checks.size(); ++i) {
            QTest::newRow((checks[i].row + "/" + checks[i].what).c_str()) << int(i);
        }
    }
    void golden() {
        QFETCH(int, index);
        static const auto checks = golden::memoryChecks();
        verify(checks[std::size_t(index)]);
    }

    // Every golden llama.cpp row (goldenllamacpp.h): within 3 % per component and in total,
    // or a known miss whose cause is stated.
    void goldenLlamaCpp_data() {
        QTest::addColumn<int>("index");
        const auto checks = golden::llamaCppChecks();
        for (std::size_t i = 0; i < checks.size(); ++i) {
            QTest::newRow((checks[i].row + "/" + checks[i].what).c_str()) << int(i);
        }
    }
    void goldenLlamaCpp() {
        QFETCH(int, index);
        static const auto checks = golden::llamaCppChecks();
        verify(checks[std::size_t(index)]);
    }

    // server_args.py _handle_gpu_memory_settings: H100 TP1 0.836 and B200 TP1 0.858
    // (AIConfigurator's asserted values), the size table and the >60 GiB 10 GiB floor.
    void sglangDefaultFraction_data() {
        QTest::addColumn<double>("gpuMiB");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<double>("fraction");
        QTest::newRow("h100/tp1") << 81920.0 << 1u << 0.836;
        QTest::newRow("h100/tp4") << 81920.0 << 4u << 0.825;
        QTest::newRow("h100/tp8") << 81920.0 << 8u << 0.819;
        QTest::newRow("b200/tp1") << 184320.0 << 1u << 0.858;
        QTest::newRow("h200/tp1") << 144384.0 << 1u << 0.907;
        QTest::newRow("a100-40/tp1") << 40960.0 << 1u << 0.833;
        QTest::newRow("rtx4090/tp1") << 24576.0 << 1u << 0.847;
        QTest::newRow("rtx4090/tp8") << 24576.0 << 8u << 0.806;
    }
    void sglangDefaultFraction() {
        QFETCH(double, gpuMiB);
        QFETCH(uint, tp);
        QFETCH(double, fraction);
        COMPARE_NEAR(sglangDefaultMemFraction(gpuMiB, tp, 1), fraction, 1e-9, 0);
    }

    // arg_utils.py _set_default_args: 8192 tokens / 1024 sequences on >= 70 GiB GPUs except
    // A100s, else 2048 / 256.
    void vllmDefaultsA100Exception() {
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100-SXM4-80GB", 79.15, false);
        const GpuSpec rtx = golden::loggedGpu("NVIDIA GeForce RTX 4090", 23.6, true);
        QCOMPARE(engineMaxSequences(Engine::Vllm, h100), 1024u);
        QCOMPARE(engineMaxSequences(Engine::Vllm, a100), 256u);
        QCOMPARE(engineMaxSequences(Engine::Vllm, rtx), 256u);
        QCOMPARE(engineDefaultBatchedTokens(Engine::Vllm, h100), 8192u);
        QCOMPARE(engineDefaultBatchedTokens(Engine::Vllm, a100), 2048u);
        QCOMPARE(engineDefaultBatchedTokens(Engine::Sglang, rtx), 2048u);
        QCOMPARE(engineDefaultBatchedTokens(Engine::TensorRtLlm, h100), 8192u);
    }

    // vLLM V1 non-torch inside the profile: TP collectives on NVLink (measured, vLLM 0.11 and
    // 0.19) plus
    // NCCL's NVLS buffers at more than two Hopper/Blackwell GPUs (NCCL 2.27.5 nvls.cc); pipeline
    // stages add nothing (the profile sends nothing between them).
    void vllmTpNonTorch() {
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100", 79.19, true, "NVLink 4, NVSwitch");
        GpuSpec b200 = golden::loggedGpu("NVIDIA B200", 178.4, true, "NVLink 5, NVSwitch");
        b200.nativeMxfp4 = true;
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100", 79.15, false, "NVLink 3, NVSwitch");
        const GpuSpec rtx = golden::loggedGpu("NVIDIA GeForce RTX 3090", 23.58, false, "PCIe");
        const std::uint64_t MiB = 1024 * 1024;
        QCOMPARE(ncclNvlsBufferBytes(h100, 2), std::uint64_t(0));
        QCOMPARE(ncclNvlsBufferBytes(h100, 4), 128 * MiB);
        QCOMPARE(ncclNvlsBufferBytes(h100, 8), 256 * MiB);
        QCOMPARE(ncclNvlsBufferBytes(b200, 8), 384 * MiB);
        QCOMPARE(ncclNvlsBufferBytes(a100, 8), std::uint64_t(0));
        QCOMPARE(ncclNvlsBufferBytes(rtx, 4), std::uint64_t(0));
        const std::uint64_t measured = std::uint64_t(gib(1.82));
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 1, VllmProfile::V1v19), std::uint64_t(0));
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 2, VllmProfile::V1v19), measured);
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 4, VllmProfile::V1v19), measured + 128 * MiB);
        QCOMPARE(vllmTpCollectivesNonTorch(a100, 4, VllmProfile::V1v19), measured);
        // Across nodes the NVLS heads are one node's ranks (8 per HGX node).
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 16, VllmProfile::V1v19), measured + 256 * MiB);
        QCOMPARE(vllmTpCollectivesNonTorch(rtx, 2, VllmProfile::V1v19), std::uint64_t(gib(0.25)));
        // Before v0.19 the TP part is the 0.41 GiB vLLM 0.11 logs (llm-d results), NVLS beside.
        const std::uint64_t measured11 = std::uint64_t(gib(0.41));
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 2, VllmProfile::V1), measured11);
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 8, VllmProfile::V1), measured11 + 256 * MiB);
        QCOMPARE(vllmTpCollectivesNonTorch(rtx, 2, VllmProfile::V1), std::uint64_t(gib(0.25)));
        QCOMPARE(vllmTpCollectivesNonTorch(h100, 1, VllmProfile::V1), std::uint64_t(0));
        // The engine's non-torch term: 0.15 GiB at TP 1 whatever the stages, plus the TP part.
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const EngineMemoryInput pp2 = golden::rowInput(m, h100, {1, 1, 2}, Engine::Vllm, 8192);
        QCOMPARE(vllmMemoryModel().terms(pp2).nonTorch, std::uint64_t(gib(0.15)));
        EngineMemoryInput tp4 = golden::rowInput(m, h100, {4, 1, 1}, Engine::Vllm, 8192);
        QCOMPARE(vllmMemoryModel().terms(tp4).nonTorch,
                 std::uint64_t(gib(0.15)) + measured11 + 128 * MiB);
        tp4.vllmProfile = VllmProfile::V1v19;
        QCOMPARE(vllmMemoryModel().terms(tp4).nonTorch,
                 std::uint64_t(gib(0.25)) + measured + 128 * MiB);
    }

    // SGLang: rest = pre x mfs - weights (everything before the pool comes out of the fraction).
    void sglangPoolRule() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Sglang, 8192);
        in.memoryFraction = 0.85;
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        const double pre = double(g.usableMemoryBytes) - double(t.cudaContext + t.communication);
        COMPARE_NEAR(double(t.kvPoolBytes), pre * 0.85 - double(t.weights()), 2, 0);
        QCOMPARE(t.kvTokens, std::uint64_t(t.kvPoolBytes) / (32ull * 8 * 128 * 2 * 2));
    }

    // SGLang at PP > 1 (sglang_memory.cpp): get_pp_indices gives the remainder to the last
    // ranks; every rank's pool holds one token count, init_memory's MIN over the ranks: the
    // pool budget (pre x mfs less the heaviest rank's weights) over the largest cell.
    void sglangPipelineStages() {
        QCOMPARE(sglangPipelineLayers(61, 8), (std::vector<std::uint32_t>{7, 7, 7, 8, 8, 8, 8, 8}));
        QCOMPARE(sglangPipelineLayers(94, 4), (std::vector<std::uint32_t>{23, 23, 24, 24}));
        QCOMPARE(sglangPipelineLayers(32, 4), (std::vector<std::uint32_t>{8, 8, 8, 8}));
        QCOMPARE(sglangPipelineLayers(30, 1), (std::vector<std::uint32_t>{30}));
        // Qwen3-235B-A22B (94 layers, untied head: the last rank only, models/qwen3_moe.py)
        // on TP 8 x PP 4: the last rank has 24 layers and the LM head, the heaviest.
        const ModelSpec q = golden::catalogueModel("qwen3-235b-a22b");
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        EngineMemoryInput in = golden::rowInput(q, h200, {8, 8, 4}, Engine::Sglang, 32768);
        in.memoryFraction = 0.85;
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        QCOMPARE(t.stages.size(), std::size_t(4));
        QCOMPARE(t.pipelineRank, 3u);
        QCOMPARE(t.stageLayers, 24u);
        std::uint64_t head = 0;
        std::uint64_t embedding = 0;
        for (const auto &gr : q.groups) {
            head += gr.role == GroupRole::LmHead ? gr.bytes() / 8 : 0;
            embedding += gr.role == GroupRole::Embedding ? gr.bytes() / 8 : 0;
        }
        QVERIFY(head > 0 && embedding == head);
        // Rank 2 has the same 24 layers without the head; rank 0 has 23 and the embedding.
        QCOMPARE(t.stages[3].weights - t.stages[2].weights, head);
        QVERIFY(t.stages[0].weights < t.stages[3].weights);
        // One KV head per GPU (4 KV heads under TP 8 are replicated), 128 dims, K and V, bf16.
        const std::uint64_t cellPerLayer = 1 * 128 * 2 * 2;
        QCOMPARE(t.kvBytesPerToken, 24 * cellPerLayer);
        QCOMPARE(t.kvTokens, std::uint64_t(t.kvPoolBytes) / (24 * cellPerLayer));
        // Each rank's own count before the MIN: the same budget over its own cell.
        for (const PipelineStageMemory &st : t.stages) {
            QCOMPARE(st.kvPoolBytes, t.kvPoolBytes);
            QCOMPARE(st.kvTokens, std::uint64_t(t.kvPoolBytes) / (st.layers * cellPerLayer));
        }
        QCOMPARE(t.stages[0].kvTokens, std::uint64_t(t.kvPoolBytes) / (23 * cellPerLayer));
        QCOMPARE(t.stages[3].kvTokens, t.kvTokens);
        // The budget less the heaviest rank's weights (the smallest free memory after loading).
        QCOMPARE(t.kvPoolBytes,
                 std::int64_t(std::floor(double(t.budget))) - std::int64_t(t.stages[3].weights));
        // Llama-3.1-8B on PP 4: SGLang's llama.py builds the untied head on every rank, so rank
        // 0 (the embedding too) is the heaviest, by the embedding.
        const ModelSpec l = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100", 79.18, true);
        in = golden::rowInput(l, h100, {1, 1, 4}, Engine::Sglang, 8192);
        in.memoryFraction = 0.85;
        const EngineMemoryTerms lt = sglangMemoryModel().terms(in);
        std::uint64_t lEmbedding = 0;
        for (const auto &gr : l.groups) {
            lEmbedding += gr.role == GroupRole::Embedding ? gr.bytes() : 0;
        }
        QCOMPARE(lt.pipelineRank, 0u);
        QCOMPARE(lt.stages[0].weights - lt.stages[1].weights, lEmbedding);
        QCOMPARE(lt.stages[1].weights, lt.stages[3].weights); // the head on both
        QCOMPARE(lt.kvTokens, std::uint64_t(lt.kvPoolBytes) / (8ull * 8 * 128 * 2 * 2));
    }

    // TensorRT-LLM at PP > 1 (trtllm_memory.cpp): tensor_split gives the remainder to the first
    // ranks; each rank estimates its pool from its own weights and warm-up peak, and the KV
    // cache manager takes the smallest token count over the ranks.
    void trtllmPipelineStages() {
        QCOMPARE(trtllmPipelineLayers(61, 8), (std::vector<std::uint32_t>{8, 8, 8, 8, 8, 7, 7, 7}));
        QCOMPARE(trtllmPipelineLayers(94, 4), (std::vector<std::uint32_t>{24, 24, 23, 23}));
        QCOMPARE(trtllmPipelineLayers(32, 4), (std::vector<std::uint32_t>{8, 8, 8, 8}));
        // Qwen3-235B-A22B on TP 8 x PP 4: rank 0 has 24 layers and the embedding, rank 3 has 23,
        // the LM head and the warm-up's context logits.
        const ModelSpec q = golden::catalogueModel("qwen3-235b-a22b");
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryInput in =
            golden::rowInput(q, h200, {8, 8, 4}, Engine::TensorRtLlm, 32768);
        const EngineMemoryTerms t = trtllmMemoryModel().terms(in);
        QCOMPARE(t.stages.size(), std::size_t(4));
        std::uint64_t head = 0;
        std::uint64_t embedding = 0;
        for (const auto &gr : q.groups) {
            head += gr.role == GroupRole::LmHead ? gr.bytes() / 8 : 0;
            embedding += gr.role == GroupRole::Embedding ? gr.bytes() / 8 : 0;
        }
        QCOMPARE(t.stages[0].weights - t.stages[1].weights, embedding);
        QCOMPARE(t.stages[3].weights - t.stages[2].weights, head);
        // The last rank's peak also holds max_batch_size rows of fp32 logits beside the 8192
        // tokens' bf16 hidden states; the others', the forward alone.
        QCOMPARE(t.stages[3].activationPeak,
                 std::max<std::uint64_t>(t.stages[2].activationPeak,
                                         8192ull * 4096 * 2 + std::uint64_t(2048) * 151936 * 4));
        QVERIFY(t.stages[3].activationPeak > t.stages[2].activationPeak);
        // Each rank's own count: its pool over its cell (one KV head of 128 per GPU, K and V,
        // bf16, per layer), in 32-token blocks; the engine's is the smallest, rank 0's.
        std::uint64_t least = ~0ull;
        for (const PipelineStageMemory &st : t.stages) {
            QCOMPARE(st.kvTokens,
                     (std::uint64_t(st.kvPoolBytes) / (st.layers * 512ull) + 31) / 32 * 32);
            least = std::min(least, st.kvTokens);
        }
        QCOMPARE(t.kvTokens, least);
        QCOMPARE(t.pipelineRank, 0u);
        QVERIFY(t.stages[0].kvTokens < t.stages[1].kvTokens);
    }

    // SGLang's distributed init before `pre`: on one NVLink node the measured 1.605 GiB (mean of
    // the TP0 readings 1.25 on 8x H100 and 1.96 on 8x H200) whatever the TP size, plus 128 MiB
    // per further pipeline stage; PCIe, TP across nodes and PP only keep the per-peer estimate
    // (tp x pp - 1) x 128 MiB + 64 MiB; nothing on one GPU. The pool's `pre` subtracts it.
    void sglangDistributedInit_data() {
        QTest::addColumn<QString>("link");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<uint>("pp");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("nvlink/tp1") << "NVLink 4, NVSwitch" << 1u << 1u << quint64(0);
        QTest::newRow("nvlink/tp2") << "NVLink 4, NVSwitch" << 2u << 1u << quint64(1723355627);
        QTest::newRow("nvlink/tp4") << "NVLink 4, NVSwitch" << 4u << 1u << quint64(1723355627);
        QTest::newRow("nvlink/tp8") << "NVLink 4, NVSwitch" << 8u << 1u << quint64(1723355627);
        QTest::newRow("nvlink/tp4/pp2") << "NVLink 4, NVSwitch" << 4u << 2u << quint64(1857573355);
        QTest::newRow("nvlink/tp16") << "NVLink 4, NVSwitch" << 16u << 1u << quint64(2080374784);
        QTest::newRow("nvlink/tp1/pp2") << "NVLink 4, NVSwitch" << 1u << 2u << quint64(201326592);
        QTest::newRow("pcie/tp1") << "PCIe Gen5 x16" << 1u << 1u << quint64(0);
        QTest::newRow("pcie/tp2") << "PCIe Gen5 x16" << 2u << 1u << quint64(201326592);
        QTest::newRow("pcie/tp4") << "PCIe Gen5 x16" << 4u << 1u << quint64(469762048);
        QTest::newRow("pcie/tp8") << "PCIe Gen5 x16" << 8u << 1u << quint64(1006632960);
    }
    void sglangDistributedInit() {
        QFETCH(QString, link);
        QFETCH(uint, tp);
        QFETCH(uint, pp);
        QFETCH(quint64, bytes);
        const std::string interconnect = link.toStdString();
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.19, true, interconnect.c_str());
        QCOMPARE(quint64(sglangDistributedInitBytes(g, tp, pp)), bytes);
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const EngineMemoryInput in = golden::rowInput(m, g, {tp, 1, pp}, Engine::Sglang, 8192);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        QCOMPARE(quint64(t.communication), bytes);
        const double pre = double(g.usableMemoryBytes) - double(t.cudaContext) - double(bytes);
        COMPARE_NEAR(double(t.budget), pre * in.memoryFraction, 1, 0);
    }

    // TensorRT-LLM: KV = fraction x (total - weights - activation peak - runtime), its tokens
    // rounded up to blocks of 32.
    void trtllmPoolRule() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::TensorRtLlm, 8192);
        QCOMPARE(in.memoryFraction, 0.9);
        const EngineMemoryTerms t = trtllmMemoryModel().terms(in);
        const double freeBytes = double(g.usableMemoryBytes) - double(t.weights()) -
                                 double(t.activationPeak) - double(t.runtime());
        COMPARE_NEAR(double(t.kvPoolBytes), 0.9 * freeBytes, 2, 0);
        // The pool's tokens rounded up to whole blocks of 32 (calculate_max_num_blocks).
        const std::uint64_t estimate = std::uint64_t(t.kvPoolBytes) / t.kvBytesPerToken;
        QCOMPARE(t.kvTokens, (estimate + 31) / 32 * 32);
        QVERIFY(t.kvTokens >= estimate && t.kvTokens < estimate + 32);
    }

    // Start-up verdicts: a negative pool names the fraction that starts; a context above the
    // pool names the largest context that starts (binary search of the engine's own rule).
    void startupFixes() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        // At 32k tokens: the pool is negative at the default 0.9 (the logged -2.14 GiB, T6)
        // and one 32k request fits at 0.95.
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 32768);
        in.moeKernel = MoeKernel::Marlin;
        const EngineStartup s = engineStartup(Engine::Vllm, in);
        QCOMPARE(s.outcome, StartupOutcome::KvPoolNegative);
        QVERIFY(!s.fixes.empty());
        QCOMPARE(QString::fromStdString(s.fixes.front().flag),
                 QStringLiteral("--gpu-memory-utilization"));
        EngineMemoryInput fixed = in;
        fixed.memoryFraction = std::stod(s.fixes.front().value);
        QVERIFY(engineStartup(Engine::Vllm, fixed).starts());
        // Llama-3.1-8B at its full 131k context on a 24 GiB card: the pool is positive but one
        // request does not fit; the largest context fits and one token more does not.
        const ModelSpec llama = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec rtx = golden::loggedGpu("NVIDIA GeForce RTX 4090", 23.6, true);
        EngineMemoryInput big = golden::rowInput(llama, rtx, {}, Engine::Vllm, 131072);
        const EngineStartup c = engineStartup(Engine::Vllm, big);
        QCOMPARE(c.outcome, StartupOutcome::ContextExceedsCapacity);
        QVERIFY(c.largestContext > 0 && c.largestContext < 131072);
        big.maxModelLen = c.largestContext;
        QVERIFY(engineStartup(Engine::Vllm, big).starts());
        bool contextFix = false;
        for (const FlagChange &f : c.fixes) {
            contextFix = contextFix || (f.flag == "--max-model-len" &&
                                        f.value == std::to_string(c.largestContext));
        }
        QVERIFY(contextFix);
    }

    // DeepSeek-V3 ships one MTP layer (num_nextn_predict_layers 1). Its checkpoint index
    // (deepseek-ai/DeepSeek-V3 model.safetensors.index.json, total_size 688,574,839,360 B)
    // holds the main model plus the MTP module: one MoE decoder layer, eh_proj, norms and its
    // own bf16 embed_tokens and shared_head.head. vLLM keeps the head and shares the embedding
    // (deepseek_mtp.py, eagle.py); SGLang shares both (deepseek_nextn.py).
    void mtpDraftWeights() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        QCOMPARE(m.mtpLayers, 1u);
        std::uint64_t embed = 0;
        std::uint64_t head = 0;
        for (const auto &g : m.groups) {
            embed += g.role == GroupRole::Embedding ? g.bytes() : 0;
            head += g.role == GroupRole::LmHead ? g.bytes() : 0;
        }
        QCOMPARE(embed, 129280ull * 7168 * 2);
        const std::uint64_t vllmDraft = mtpDraftWeightBytes(m, 1, 1, true);
        COMPARE_NEAR(double(m.weightBytes() + vllmDraft + embed), 688574839360.0, 0, 0.005);
        // TP 8: the experts and sharded projections split, eh_proj stays whole.
        const std::uint64_t sglangDraft8 = mtpDraftWeightBytes(m, 1, 8, false);
        QCOMPARE(mtpDraftWeightBytes(m, 1, 8, true) - sglangDraft8, head / 8);
        QVERIFY(sglangDraft8 > 7168ull * 14336 * 2);
        QCOMPARE(mtpDraftWeightBytes(m, 0, 8, true), 0ull);
        QCOMPARE(mtpDraftWeightBytes(golden::catalogueModel("llama-3.1-8b"), 1, 1, true), 0ull);
    }

    // Qwen3-Next's configs name no MTP key, but its checkpoint holds one MTP layer (MF §1:
    // 81,324,862,720 parameters with it, 79,674,391,296 without; vLLM's qwen3_next_mtp loads
    // it for speculative decoding): the importer keeps one, so a plan that speculates with it
    // loads its weights. It shares the target's embedding and head (no own head in the count).
    void qwen3NextMtpLayer() {
        const ModelSpec m = golden::catalogueModel("qwen3-next-80b-a3b");
        QCOMPARE(m.mtpLayers, 1u);
        const double exact = 2.0 * (81'324'862'720.0 - 79'674'391'296.0); // bf16
        COMPARE_NEAR(double(mtpDraftWeightBytes(m, 1, 1, false)), exact, 0, 0.03);
    }

    // vLLM: the MTP layer's attention joins the KV cache groups (one more MLA layer of
    // 576 x 2 B per token) and its weights load before the profile, so they leave the pool.
    void vllmMtpDraft() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        Scenario s;
        s.engine.engine = Engine::Vllm;
        s.workload.contextTokens = 32768;
        s.engine.prefillChunkTokens = 8192;
        const EngineMemoryInput off = engineInputFor(m, g, {8, 1, 1}, s);
        s.workload.speculativeTokens = 1;
        const EngineMemoryInput on = engineInputFor(m, g, {8, 1, 1}, s);
        QCOMPARE(off.draftLayers, 0u);
        QCOMPARE(on.draftLayers, 1u);
        const EngineMemoryTerms a = vllmMemoryModel().terms(off);
        const EngineMemoryTerms b = vllmMemoryModel().terms(on);
        QCOMPARE(a.kvBytesPerToken, 61ull * 1152);
        QCOMPARE(b.kvBytesPerToken, 62ull * 1152);
        QCOMPARE(b.draftKvBytesPerToken, 1152ull);
        QCOMPARE(b.draftWeights, mtpDraftWeightBytes(m, 1, 8, true));
        QCOMPARE(a.kvPoolBytes - b.kvPoolBytes, std::int64_t(b.draftWeights));
        QCOMPARE(b.kvTokens, std::uint64_t(b.kvPoolBytes) / (64 * 62 * 1152) * 64);
        QCOMPARE(vllmMemoryModel().requestBytes(on, b, 32768), 32768ull / 64 * 64 * 62 * 1152);
        // From the v0.2x proposer on, vLLM frees the MTP draft's own head and shares the
        // target's lm_head ("Detected MTP model. Sharing target model lm_head weights with the
        // draft model"): the v0.24 profile loads one head less, its TP share.
        EngineMemoryInput v24 = on;
        v24.vllmProfile = VllmProfile::V1v24;
        const EngineMemoryTerms c = vllmMemoryModel().terms(v24);
        QCOMPARE(c.draftWeights, mtpDraftWeightBytes(m, 1, 8, false));
        std::uint64_t head = 0;
        for (const auto &g2 : m.groups) {
            head += g2.role == GroupRole::LmHead ? g2.bytes() : 0;
        }
        QCOMPARE(b.draftWeights - c.draftWeights, head / 8);
        // ... and takes its CUDA-graph estimate out of the budget.
        QVERIFY(c.graphsInsideBudget && !b.graphsInsideBudget);
        QCOMPARE(c.kvPoolBytes - b.kvPoolBytes,
                 std::int64_t(head / 8) - std::int64_t(c.cudaGraphs));
    }

    // vLLM on a hybrid model (Qwen3.5-27B: 16 attention layers, 48 Gated DeltaNet layers in
    // three state groups, a 784-token block): a state group holds one page per request, two
    // with prefix caching ('align'), and one more per speculative token; v0.24 logs the KV
    // tokens as blocks / request blocks x max_model_len, v0.19 as blocks // 4 groups x block.
    void vllmHybridStatePages() {
        QCOMPARE(vllmStatePagesPerRequest(false, 0), 1u);
        QCOMPARE(vllmStatePagesPerRequest(true, 0), 2u);
        QCOMPARE(vllmStatePagesPerRequest(true, 3), 5u);
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        Scenario s;
        s.engine.engine = Engine::Vllm;
        s.workload.contextTokens = 32768;
        s.engine.prefillChunkTokens = 8192;
        const EngineMemoryInput none = engineInputFor(m, g, {1, 1, 1}, s);
        s.engine.prefixCaching = true;
        EngineMemoryInput align = engineInputFor(m, g, {1, 1, 1}, s);
        QCOMPARE(none.stateSlots, 1u);
        QCOMPARE(align.stateSlots, 2u);
        const EngineMemoryTerms t = vllmMemoryModel().terms(none);
        QCOMPARE(t.kvBlockTokens, 784u);
        const std::uint64_t page = 784ull * 4096 * 16; // one block of the 16 layer tensors
        QCOMPARE(vllmMemoryModel().requestBytes(none, t, 32768), (42 + 3) * page);
        QCOMPARE(vllmMemoryModel().requestBytes(align, t, 32768), (42 + 6) * page);
        const std::uint64_t blocks = std::uint64_t(t.kvPoolBytes) / page;
        QCOMPARE(t.kvTokens, blocks / 4 * 784);
        QCOMPARE(engineStartup(Engine::Vllm, align).sequencesAtContext, std::uint32_t(blocks / 48));
        align.vllmProfile = VllmProfile::V1v24;
        const EngineMemoryTerms t24 = vllmMemoryModel().terms(align);
        const std::uint64_t blocks24 = std::uint64_t(t24.kvPoolBytes) / page;
        QCOMPARE(t24.kvTokens, std::uint64_t(double(blocks24) / 48 * 32768));
        // Speculation with the MTP layer: three more pages in each state group.
        s.workload.speculativeTokens = 3;
        const EngineMemoryInput spec = engineInputFor(m, g, {1, 1, 1}, s);
        QCOMPARE(spec.stateSlots, 5u);
        EngineMemoryInput twoPages = spec;
        twoPages.stateSlots = 2;
        const EngineMemoryTerms st = vllmMemoryModel().terms(spec);
        const std::uint32_t groupSize = 17; // 16 attention layers + the MTP layer's
        QCOMPARE(vllmMemoryModel().requestBytes(spec, st, 32768) -
                     vllmMemoryModel().requestBytes(twoPages, st, 32768),
                 3ull * 3 * 784 * 4096 * groupSize);
        // Speculative tokens with nothing to draft them (no MTP layers, no draft) add none.
        ModelSpec noMtp = m;
        noMtp.mtpLayers = 0;
        QCOMPARE(engineInputFor(noMtp, g, {1, 1, 1}, s).stateSlots, 2u);
        // Releases before v0.19 turn prefix caching off for hybrid models: one page.
        s.workload.speculativeTokens = 0;
        s.engine.vllmVersion = VllmProfile::V1;
        QCOMPARE(engineInputFor(m, g, {1, 1, 1}, s).stateSlots, 1u);
        s.engine.vllmVersion.reset();
        // A model without state layers keeps one slot whatever the options.
        s.workload.speculativeTokens = 3;
        const ModelSpec llama = golden::catalogueModel("llama-3.1-8b");
        QCOMPARE(engineInputFor(llama, g, {1, 1, 1}, s).stateSlots, 1u);
        // A user's state_slots_per_request still wins.
        s.engine.stateSlotsPerRequest = 7;
        QCOMPARE(engineInputFor(m, g, {1, 1, 1}, s).stateSlots, 7u);
    }

    // v0.24's report on a sliding-window model (gpt-oss-20b: 12 full, 12 sliding layers of
    // 128 tokens): a request of 32,768 tokens needs 2,048 full blocks and, for the window and
    // one step of 8,192 tokens, 520 + 1 window blocks, so the log's tokens are blocks / 2,569 x
    // 32,768, not v0.19's blocks // 2 x 16.
    void vllmV024Report() {
        const ModelSpec m = golden::gptOss20b();
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 32768);
        in.vllmProfile = VllmProfile::V1v19;
        const EngineMemoryTerms a = vllmMemoryModel().terms(in);
        in.vllmProfile = VllmProfile::V1v24;
        const EngineMemoryTerms b = vllmMemoryModel().terms(in);
        // v0.24 also takes its CUDA-graph estimate out of the budget.
        QCOMPARE(b.kvPoolBytes, a.kvPoolBytes - std::int64_t(b.cudaGraphs));
        QCOMPARE(a.kvBlockTokens, 16u);
        const std::uint64_t page = 16ull * 8 * 64 * 2 * 2 * 12; // a block of 12 layers' K and V
        const std::uint64_t blocks = std::uint64_t(a.kvPoolBytes) / page;
        QCOMPARE(a.kvTokens, blocks / 2 * 16);
        QCOMPARE(b.kvTokens,
                 std::uint64_t(double(std::uint64_t(b.kvPoolBytes) / page) / (2048 + 521) * 32768));
        // v0.20 reports the same way (PR #40694) from v0.19's pool: no CUDA-graph estimate yet.
        in.vllmProfile = VllmProfile::V1v20;
        const EngineMemoryTerms c = vllmMemoryModel().terms(in);
        QVERIFY(c.kvPoolBytes == a.kvPoolBytes && c.cudaGraphs == a.cudaGraphs);
        QCOMPARE(c.kvTokens, std::uint64_t(double(blocks) / (2048 + 521) * 32768));
        QVERIFY(c.kvTokens > a.kvTokens);
        // DeepSeek V4 (compressed MLA): the requests of the context its pool holds, in tokens:
        // whole blocks of the pool over a request's blocks (engine/vllmdeepseekv4.h).
        const ModelSpec v4 = golden::dataConfigModel("deepseek-ai--DeepSeek-V4-Flash_config.json",
                                                     "deepseek-ai/DeepSeek-V4-Flash");
        EngineMemoryInput v4in = golden::rowInput(v4, golden::loggedGpu("NVIDIA H200", 139.8, true),
                                                  {2, 1, 1}, Engine::Vllm, 32768);
        v4in.vllmProfile = VllmProfile::V1v24;
        const EngineMemoryTerms v4t = vllmMemoryModel().terms(v4in);
        QVERIFY(v4t.kvPoolBytes > 0);
        const std::uint64_t v4req = vllmMemoryModel().requestBytes(v4in, v4t, 32768);
        const VllmDeepseekV4Blocks v4b = vllmDeepseekV4Blocks(v4in);
        QVERIFY(v4b.valid());
        QCOMPARE(v4req % v4b.blockBytes, 0ull);
        const std::uint64_t v4blocks = std::uint64_t(v4t.kvPoolBytes) / v4b.blockBytes;
        QCOMPARE(v4t.kvTokens,
                 std::uint64_t(double(v4blocks) / double(v4req / v4b.blockBytes) * 32768));
        QCOMPARE(vllmReportedKvTokens(VllmProfile::V1v24, 10, 2, 16, 0, 8192), 0ull);
        QCOMPARE(vllmReportedKvTokens(VllmProfile::V1v19, 10, 0, 16, 5, 8192), 0ull);
    }

    // SGLang v0.5: the draft worker loads after the target's pool: the pool is the same, the
    // draft weights and a draft pool of the target's tokens x one MLA layer come out of the
    // reserve, and the default fraction reserves 2 GiB more (server_args.py). (From v0.5.14
    // the draft is inside the fraction: tst_sglangrules.)
    void sglangMtpDraft() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 141.0, true); // 144,384 MiB
        COMPARE_NEAR(sglangDefaultMemFraction(144384, 8, 1, true), 0.883, 1e-9, 0);
        COMPARE_NEAR(sglangDefaultMemFraction(144384, 8, 1, false), 0.897, 1e-9, 0);
        Scenario s;
        s.engine.engine = Engine::Sglang;
        s.engine.sglangVersion = SglangProfile::V05;
        s.workload.contextTokens = 32768;
        s.engine.prefillChunkTokens = 8192;
        EngineMemoryInput off = engineInputFor(m, g, {8, 1, 1}, s);
        s.workload.speculativeTokens = 2;
        const EngineMemoryInput on = engineInputFor(m, g, {8, 1, 1}, s);
        COMPARE_NEAR(on.memoryFraction, 0.883, 1e-9, 0);
        off.memoryFraction = on.memoryFraction;
        const EngineMemoryTerms a = sglangMemoryModel().terms(off);
        const EngineMemoryTerms b = sglangMemoryModel().terms(on);
        QCOMPARE(b.kvPoolBytes, a.kvPoolBytes);
        QCOMPARE(b.kvTokens, a.kvTokens);
        QCOMPARE(b.draftWeights, mtpDraftWeightBytes(m, 1, 8, false));
        QCOMPARE(b.draftKvBytesPerToken, 1152ull);
        QCOMPARE(b.draftKvBytes, b.kvTokens * 1152);
        QCOMPARE(a.draftWeights + a.draftKvBytes, 0ull);
    }

    // DeepSeek V3.2 (tests/data/configs): with an FP8 cache the latent is 512 FP8 + 4 x 4 B
    // scales + 64 x 2 B rope = 656 B, and the indexer keeps 128 + 4 = 132 B per layer
    // (vLLM fp8_ds_mla, DeepseekV32IndexerCache). SGLang's profile divides by 576 + 132.
    void deepseekV32CacheLayout() {
        QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                               "/configs/deepseek-ai--DeepSeek-V3.2_config.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto imported =
            importHfConfigText(f.readAll().toStdString(), "deepseek-ai/DeepSeek-V3.2");
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        const ModelSpec &m = imported.value();
        QCOMPARE(m.layers.size(), std::size_t(1));
        const LayerGroup &l = m.layers.front();
        QCOMPARE(l.indexerHeadDim, 128u);
        QCOMPARE(mlaCacheBytesPerToken(l, formats::fp8, sparseMlaModel(m)), 656ull);
        QCOMPARE(mlaCacheBytesPerToken(l, formats::bf16, sparseMlaModel(m)), 1152ull);
        QCOMPARE(indexerCacheBytesPerToken(l), 132ull);
        const ModelSpec v3 = golden::catalogueModel("deepseek-v3");
        QCOMPARE(sparseMlaModel(v3), false);
        QCOMPARE(mlaCacheBytesPerToken(v3.layers.front(), formats::fp8, false), 576ull);
        QCOMPARE(indexerCacheBytesPerToken(v3.layers.front()), 0ull);
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        EngineMemoryInput in = golden::rowInput(m, g, {8, 1, 1}, Engine::Vllm, 32768);
        in.kvFormat = formats::fp8;
        QCOMPARE(vllmMemoryModel().terms(in).kvBytesPerToken, 61ull * (656 + 132));
        in.kvFormat = formats::bf16;
        QCOMPARE(vllmMemoryModel().terms(in).kvBytesPerToken, 61ull * (1152 + 132));
        EngineMemoryInput sg = golden::rowInput(m, g, {8, 1, 1}, Engine::Sglang, 32768);
        sg.kvFormat = formats::fp8;
        const EngineMemoryTerms st = sglangMemoryModel().terms(sg);
        QCOMPARE(st.kvBytesPerToken, 61ull * (576 + 132));
        // Each of those tokens is allocated at 656 + 132: 61 x 80 B more, out of the reserve.
        const double pre = double(g.usableMemoryBytes) - double(st.cudaContext + st.communication);
        const double reserve = pre - std::floor(pre * st.memoryFraction) - double(st.cudaGraphs);
        QVERIFY(st.kvTokens > 0);
        QCOMPARE(st.reserveMarginBytes,
                 std::int64_t(std::floor(reserve)) -
                     std::int64_t(st.requestTableBytes + st.kvTokens * 61 * 80));
        // The plan's own per-token cost follows the stored layout.
        Scenario s;
        s.model.kvFormat = formats::fp8;
        const MemoryBreakdown mem = computeMemory(m, g, {8, 1, 1}, s);
        QCOMPARE(mem.cache.kvBytesPerTokenPerGpu, 61ull * (656 + 132));
    }

    // SGLang hybrid SWA (gpt-oss: 18 full + 18 sliding layers of 8 KV heads x 64): the
    // profiled bytes split so that window tokens = 0.8 x full tokens
    // (set_num_tokens_hybrid_swa); a model without window layers keeps one pool.
    void sglangSwaSplit() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Sglang, 65536);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        const std::uint64_t F = 18ull * 8 * 128 * 2; // full layers' bytes per token
        const std::uint64_t S = F;                   // sliding layers' bytes per token
        QCOMPARE(t.kvBytesPerToken, F + S);
        const std::uint64_t profiled = std::uint64_t(t.kvPoolBytes) / (F + S);
        QCOMPARE(t.kvTokens, std::uint64_t(double(profiled) * double(F + S) / (F + 0.8 * S)));
        QCOMPARE(t.windowTokens, std::uint64_t(double(t.kvTokens) * 0.8));
        QVERIFY(t.kvTokens > profiled);
        const EngineStartup st = engineStartup(Engine::Sglang, in);
        QVERIFY(st.starts());
        QCOMPARE(st.sequencesAtContext, std::uint32_t(t.kvTokens / 65536));
        const ModelSpec q = golden::catalogueModel("qwen3-235b-a22b");
        const EngineMemoryTerms tq =
            sglangMemoryModel().terms(golden::rowInput(q, g, {8, 1, 1}, Engine::Sglang, 8192));
        QCOMPARE(tq.windowTokens, 0ull);
        QCOMPARE(tq.kvTokens, std::uint64_t(tq.kvPoolBytes) / tq.kvBytesPerToken);
    }

    // SGLang hybrid linear attention (Qwen3-Next: 36 Gated DeltaNet + 12 full layers):
    // --mamba-full-memory-ratio 0.9 gives 0.9 / 1.9 of the rest to state slots
    // (handle_max_mamba_cache); the full layers share the remainder; running requests are
    // capped at slots // ratio.
    void sglangMambaSplit() {
        const ModelSpec m = golden::catalogueModel("qwen3-next-80b-a3b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryInput in = golden::rowInput(m, g, {2, 1, 1}, Engine::Sglang, 32768);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        const EngineKvLayout k = engineKvLayout(in);
        const std::uint64_t perReq = std::uint64_t(k.stateLayers) * k.statePageBytes;
        QVERIFY(perReq > 0);
        const double rest = double(t.kvPoolBytes) + double(t.stateBytes);
        QCOMPARE(t.stateSlotsInPool, std::uint64_t(rest * 0.9 / 1.9) / perReq);
        QCOMPARE(t.stateBytes, t.stateSlotsInPool * perReq);
        QCOMPARE(t.kvBytesPerToken, k.fullBytesPerToken);
        QCOMPARE(t.kvTokens, std::uint64_t(t.kvPoolBytes) / t.kvBytesPerToken);
        const std::uint64_t bySlots = t.stateSlotsInPool / in.stateSlots;
        QCOMPARE(std::uint64_t(sglangMemoryModel().sequences(in, t, 1024)),
                 std::min<std::uint64_t>(t.kvTokens / 1024, bySlots));
    }

    // A plan that speculates on a model with MTP layers: the plan's engine terms carry the
    // draft, and serve-cmd asks the engine to load it.
    void speculativePlan() {
        Scenario s;
        s.model.ref = "deepseek-v3";
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 8;
        s.workload.contextTokens = 32768;
        s.workload.speculativeTokens = 2;
        const auto plan = evaluate(s);
        QVERIFY(plan.ok());
        QCOMPARE(plan->memory.engine.draftKvBytesPerToken, 1152ull);
        QVERIFY(plan->memory.engine.draftWeights > 0);
        const ServeCommand v = vllmServeCommand(*plan, Catalogue::builtin());
        const ServeCommand g = sglangServeCommand(*plan, Catalogue::builtin());
        auto value = [](const ServeCommand &c, const std::string &flag) {
            for (const ServeFlag &f : c.flags) {
                if (f.flag == flag) {
                    return f.value;
                }
            }
            return std::string("(none)");
        };
        QCOMPARE(value(v, "--speculative-config"),
                 std::string(R"({"method":"mtp","num_speculative_tokens":2})"));
        QCOMPARE(value(g, "--speculative-algorithm"), std::string("EAGLE"));
        QCOMPARE(value(g, "--speculative-num-draft-tokens"), std::string("3"));
        s.workload.speculativeTokens = 0;
        const auto plain = evaluate(s);
        QVERIFY(plain.ok());
        QCOMPARE(value(vllmServeCommand(*plain, Catalogue::builtin()), "--speculative-config"),
                 std::string("(none)"));
    }

    // The scenario's activation / runtime overrides replace the engine's estimates.
    void overridesStayOverrides() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        Scenario s;
        s.engine.activationBytesPerGpu = std::uint64_t(3e9);
        s.engine.runtimeBytesPerGpu = std::uint64_t(1e9);
        const MemoryBreakdown mem = computeMemory(m, g, {}, s);
        QCOMPARE(mem.perGpu.activations, std::uint64_t(3e9));
        QCOMPARE(mem.perGpu.runtime, std::uint64_t(1e9));
        QCOMPARE(mem.kvCapacityBytesPerGpu, std::int64_t(mem.budgetBytesPerGpu) -
                                                std::int64_t(mem.perGpu.weights) -
                                                std::int64_t(4e9));
    }
};

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "--markdown") == 0) {
        std::cout << golden::accuracyMarkdown(golden::memoryChecks())
                  << golden::llamaCppMarkdown(golden::llamaCppChecks())
                  << golden::cudaGraphMarkdown(golden::cudaGraphChecks());
        return 0;
    }
    tst_EngineMemory t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_enginememory.moc"
