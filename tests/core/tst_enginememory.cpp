// SPDX-License-Identifier: MIT
// Engine memory models: the golden rows of ../shared/reference/observed-memory.md (goldenmemory.h)
// within their stated tolerances, and one test per engine term from the engine's own source.
// `tst_enginememory --markdown` prints docs/ACCURACY.md instead of running the tests
// (scripts/accuracy.sh).
#include "engine/enginememory.h"
#include "goldenllamacpp.h"
#include "goldenmemory.h"
#include "plan/plan.h"
#include "testutil.h"

#include <QTest>

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
    // full vocabulary at 28 B per logit; the sampler dominates gpt-oss at 1024 sequences.
    void samplerLogits() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 8192);
        QCOMPARE(in.maxNumSeqs, 1024u);
        QCOMPARE(in.maxBatchedTokens, 8192u);
        EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.activationSampler, 1024ull * 201088 * kVllmSamplerBytesPerLogit);
        QCOMPARE(t.activationPeak, 8192ull * 2880 * 2 + t.activationSampler);
        in.maxBatchedTokens = 512; // rows = min(max_num_seqs, tokens)
        t = vllmMemoryModel().terms(in);
        QCOMPARE(t.activationSampler, 512ull * 201088 * kVllmSamplerBytesPerLogit);
    }

    // Dense forward peak: tokens x (6H + 6I/tp) (N7's slope: 110,592 B per token for Llama-8B).
    void denseForwardSlope() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        QCOMPARE(m.denseIntermediate, 14336u);
        QCOMPARE(forwardActivationBytes(m, 1000, 1, 1, nullptr), 1000ull * 110592);
        QCOMPARE(forwardActivationBytes(m, 1000, 2, 1, nullptr), 1000ull * (6 * 4096 + 3 * 14336));
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

    // TensorRT-LLM: KV = fraction x (total - weights - activation peak - runtime), blocks of 32.
    void trtllmPoolRule() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100", 79.18, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::TensorRtLlm, 8192);
        QCOMPARE(in.memoryFraction, 0.9);
        const EngineMemoryTerms t = trtllmMemoryModel().terms(in);
        const double freeBytes = double(g.usableMemoryBytes) - double(t.weights()) -
                                 double(t.activationPeak) - double(t.runtime());
        COMPARE_NEAR(double(t.kvPoolBytes), 0.9 * freeBytes, 2, 0);
        QCOMPARE(t.kvTokens % 32, 0ull);
    }

    // Start-up verdicts: a negative pool names the fraction that starts; a context above the
    // pool names the largest context that starts (binary search of the engine's own rule).
    void startupFixes() {
        const ModelSpec m = golden::catalogueModel("gpt-oss-120b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        EngineMemoryInput in = golden::rowInput(m, g, {}, Engine::Vllm, 131072);
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
                  << golden::llamaCppMarkdown(golden::llamaCppChecks());
        return 0;
    }
    tst_EngineMemory t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_enginememory.moc"
