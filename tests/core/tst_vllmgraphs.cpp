// SPDX-License-Identifier: MIT
// vLLM 0.24 rules: the CUDA-graph capture sizes (vllm/config/vllm.py _set_cudagraph_sizes)
// against the counts published logs print, the estimate against the estimates they print
// (goldencudagraph.h), the estimate charged inside the KV budget, the 0.92 default
// utilization, and the scenario's max_num_seqs reaching the engine terms.
#include "engine/enginememory.h"
#include "engine/vllmgraphs.h"
#include "goldencudagraph.h"
#include "goldenmemory.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "testutil.h"

#include <QTest>

using namespace hostplan;

class tst_VllmGraphs : public QObject {
    Q_OBJECT

    /// The input of a vLLM 0.24 plan of `m` on one `gpu` with `maxNumSeqs` running sequences.
    static EngineMemoryInput v24Input(const ModelSpec &m, const GpuSpec &gpu,
                                      std::uint32_t maxNumSeqs) {
        Scenario s;
        s.engine.vllmVersion = VllmProfile::V1v24;
        s.engine.maxNumSeqs = maxNumSeqs;
        s.workload.contextTokens = 131072;
        return engineInputFor(m, gpu, {}, s);
    }

  private slots:
    // The counts vLLM logs as "Profiling CUDA graph memory: PIECEWISE=n (largest=k), FULL=m
    // (largest=j)" for the logged flags.
    void captureSizes_data() {
        QTest::addColumn<uint>("seqs");
        QTest::addColumn<uint>("draft");
        QTest::addColumn<uint>("batched");
        QTest::addColumn<bool>("full");
        QTest::addColumn<uint>("pw");
        QTest::addColumn<uint>("pwLargest");
        QTest::addColumn<uint>("fullCount");
        QTest::addColumn<uint>("fullLargest");
        QTest::addColumn<uint>("cap"); // --max-cudagraph-capture-size; 0: the default
        // noonghunna/club-3090#652 (vLLM 0.24.0): PIECEWISE=2 (largest=2), FULL=1 (largest=1).
        QTest::newRow("1 seq") << 1u << 0u << 8192u << true << 2u << 2u << 1u << 1u << 0u;
        // The defaults (256 seqs, 8192 tokens): PIECEWISE=51 (largest=512), FULL=35 (256).
        QTest::newRow("defaults") << 256u << 0u << 8192u << true << 51u << 512u << 35u << 256u
                                  << 0u;
        // 128 seqs at 2048 tokens (vLLM 0.22.0, Qwen2.5-7B): 35 (256) and 19 (128).
        QTest::newRow("128 seqs") << 128u << 0u << 2048u << true << 35u << 256u << 19u << 128u
                                  << 0u;
        // 10 seqs, MTP 4, PIECEWISE only (vLLM 0.24.0 on L40S): PIECEWISE=15 (largest=96).
        QTest::newRow("mtp 4") << 10u << 4u << 8192u << false << 15u << 96u << 0u << 0u << 0u;
        // 5 seqs, MTP 5 (the same notes' second start): PIECEWISE=10 (largest=56).
        QTest::newRow("mtp 5") << 5u << 5u << 8192u << false << 10u << 56u << 0u << 0u << 0u;
        // 8 seqs at 65536 tokens (vLLM 0.23.1, Qwen3.6-27B-NVFP4): 5 (16) and 4 (8).
        QTest::newRow("8 seqs") << 8u << 0u << 65536u << true << 5u << 16u << 4u << 8u << 0u;
        // Drafting: FULL decode graphs hold 1 to 4 requests of 1 + 3 tokens (4 to 16).
        QTest::newRow("4 seqs mtp 3") << 4u << 3u << 8192u << true << 7u << 32u << 3u << 16u << 0u;
        // One request of 17 tokens: sizes up to 32, none of them a uniform decode batch.
        QTest::newRow("1 seq draft 16")
            << 1u << 16u << 8192u << true << 7u << 32u << 0u << 0u << 0u;
        // Batched tokens below the decode batch bound every size.
        QTest::newRow("batched 4") << 256u << 0u << 4u << true << 3u << 4u << 3u << 4u << 0u;
        // --max-cudagraph-capture-size 128 below the default 512: 1, 2, 4, 8 ... 128.
        QTest::newRow("cap 128") << 256u << 0u << 8192u << true << 19u << 128u << 19u << 128u
                                 << 128u;
        // 1024 above the default: every 16 from 256 to 1024 too (49 more); FULL still stop at
        // the 256 sequences' decode batch.
        QTest::newRow("cap 1024") << 256u << 0u << 8192u << true << 83u << 1024u << 35u << 256u
                                  << 1024u;
        // vllm PR #37865's case: 6 seqs of 1 + 6 tokens, cap 42 stepped down to 40, "[1, 2, 4,
        // 8, 16, 24, 32, 40]"; FULL graphs from 7 tokens: 8 to 40.
        QTest::newRow("cap 42") << 6u << 6u << 8192u << true << 8u << 40u << 5u << 40u << 42u;
        // The step's tokens still bound a larger cap: 2048 of 4096.
        QTest::newRow("cap over batched")
            << 256u << 0u << 2048u << true << 147u << 2048u << 35u << 256u << 4096u;
    }
    void captureSizes() {
        QFETCH(uint, seqs);
        QFETCH(uint, draft);
        QFETCH(uint, batched);
        QFETCH(bool, full);
        QFETCH(uint, cap);
        const VllmCudaGraphs g = vllmCudaGraphSizes(seqs, draft, batched, full, cap);
        QTEST(g.piecewise, "pw");
        QTEST(g.largestPiecewise, "pwLargest");
        QTEST(g.full, "fullCount");
        QTEST(g.largestFull, "fullLargest");
    }

    // Each published estimate within the fit's tolerance.
    void golden_data() {
        QTest::addColumn<int>("index");
        const auto checks = golden::cudaGraphChecks();
        for (std::size_t i = 0; i < checks.size(); ++i) {
            QTest::newRow(checks[i].row.c_str()) << int(i);
        }
    }
    void golden() {
        QFETCH(int, index);
        const golden::Check c = golden::cudaGraphChecks()[std::size_t(index)];
        if (!c.cause.empty()) {
            QEXPECT_FAIL("", c.cause.c_str(), Continue); // a known miss, with its cause
        }
        QVERIFY2(c.within(), qPrintable(QStringLiteral("%1: vLLM %2 GiB, HostPlan %3 GiB")
                                            .arg(QString::fromStdString(c.row))
                                            .arg(c.engine)
                                            .arg(c.hostplan)));
    }

    // The estimate: one first capture (FULL graphs' larger), then a per-layer cost per further
    // graph of each mode; none without graphs.
    void estimateTerms() {
        VllmCudaGraphs g;
        QCOMPARE(vllmCudaGraphEstimateBytes(g, 64, VllmGraphLayerCost::Dense), 0ull);
        g.piecewise = 1;
        const std::uint64_t firstPw = vllmCudaGraphEstimateBytes(g, 64, VllmGraphLayerCost::Dense);
        QCOMPARE(firstPw, std::uint64_t(0.10 * kBytesPerGiB));
        g.full = 1;
        const std::uint64_t firstFull =
            vllmCudaGraphEstimateBytes(g, 64, VllmGraphLayerCost::Dense);
        QCOMPARE(firstFull, std::uint64_t(0.26 * kBytesPerGiB));
        g.piecewise = 11; // ten more graphs of 64 layers at 0.16 MiB
        QCOMPARE(vllmCudaGraphEstimateBytes(g, 64, VllmGraphLayerCost::Dense),
                 std::uint64_t(0.26 * kBytesPerGiB + 10 * 64 * 0.16 * kBytesPerMiB));
        // MoE layers with GQA attention cost 0.21 MiB a further graph, MLA layers 0.43 MiB.
        QCOMPARE(vllmCudaGraphEstimateBytes(g, 64, VllmGraphLayerCost::Moe),
                 std::uint64_t(0.26 * kBytesPerGiB + 10 * 64 * 0.21 * kBytesPerMiB));
        QCOMPARE(vllmCudaGraphEstimateBytes(g, 64, VllmGraphLayerCost::Mla),
                 std::uint64_t(0.26 * kBytesPerGiB + 10 * 64 * 0.43 * kBytesPerMiB));
    }

    // The cost class follows the attention kind before the experts: an MLA model is Mla
    // whether it routes experts or not, a GQA MoE model Moe, a dense GQA model Dense.
    void layerCostClass() {
        QCOMPARE(vllmGraphLayerCost(golden::catalogueModel("deepseek-v3")),
                 VllmGraphLayerCost::Mla);
        QCOMPARE(vllmGraphLayerCost(golden::dataConfigModel("Qwen--Qwen3-30B-A3B_config.json",
                                                            "Qwen/Qwen3-30B-A3B")),
                 VllmGraphLayerCost::Moe);
        QCOMPARE(vllmGraphLayerCost(golden::catalogueModel("llama-3.1-8b")),
                 VllmGraphLayerCost::Dense);
    }

    // gpt-oss asks for capture sizes up to 1,024 tokens: 83 PIECEWISE and 83 FULL graphs at
    // 1,024 sequences (a vLLM 0.19.0 log on 2 x H100), unless the plan sets the largest size.
    void gptOssCaptureSize() {
        const ModelSpec m =
            golden::dataConfigModel("openai--gpt-oss-20b_config.json", "openai/gpt-oss-20b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        EngineMemoryInput in = v24Input(m, g, 2);
        in.maxNumSeqs = 1024;
        const VllmCudaGraphs graphs = vllmStartupGraphs(in);
        QCOMPARE(graphs.piecewise, 83u);
        QCOMPARE(graphs.largestPiecewise, 1024u);
        QCOMPARE(graphs.full, 83u);
        in.cudaGraphMaxBs = 512;
        QCOMPARE(vllmStartupGraphs(in).piecewise, 51u);
        // Other models keep vLLM's default, min(2 x max_num_seqs, 512).
        in.model = nullptr;
        in.cudaGraphMaxBs = 0;
        QCOMPARE(vllmStartupGraphs(in).piecewise, 51u);
    }

    // vLLM 0.24 takes the estimate out of the KV budget; v0.19 keeps graphs outside it.
    void estimateInsideBudget() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-35B-A3B_config.json", "Qwen/Qwen3.5-35B-A3B");
        const GpuSpec g = golden::loggedGpu("NVIDIA GeForce RTX 5090", 31.36, true);
        EngineMemoryInput in = v24Input(m, g, 1);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QVERIFY(t.graphsInsideBudget);
        const std::uint32_t layers = m.decoderLayers();
        QCOMPARE(t.cudaGraphs, vllmCudaGraphEstimateBytes(vllmCudaGraphSizes(1, 0, 8192, true, 0),
                                                          layers, vllmGraphLayerCost(m)));
        QCOMPARE(t.kvPoolBytes, std::int64_t(t.budget) - std::int64_t(t.weights()) -
                                    std::int64_t(t.activationPeak) - std::int64_t(t.nonTorch) -
                                    std::int64_t(t.cudaGraphs));
        // vLLM 0.21 and 0.22 take the same estimate out of the budget (default since v0.21.0):
        // they planned as 0.19 and gave the whole estimate to the KV pool.
        for (VllmProfile v : {VllmProfile::V1v21, VllmProfile::V1v22}) {
            in.vllmProfile = v;
            const EngineMemoryTerms mid = vllmMemoryModel().terms(in);
            QVERIFY(mid.graphsInsideBudget);
            QCOMPARE(mid.cudaGraphs, t.cudaGraphs);
            QCOMPARE(mid.kvPoolBytes, t.kvPoolBytes);
        }
        in.vllmProfile = VllmProfile::V1v19;
        const EngineMemoryTerms old = vllmMemoryModel().terms(in);
        QVERIFY(!old.graphsInsideBudget);
        QCOMPARE(old.kvPoolBytes, std::int64_t(old.budget) - std::int64_t(old.weights()) -
                                      std::int64_t(old.activationPeak) -
                                      std::int64_t(old.nonTorch));
    }

    // A hybrid model's recurrent state takes one block of vLLM's pool per decoding sequence:
    // from 0.20 (the 0.24 rule set) vLLM refuses to capture its CUDA graphs when max_num_seqs
    // exceeds the pool's blocks, and says to lower max_num_seqs to at most that many; the 0.19
    // rule set notes it for 0.20 to 0.23. Qwen3.5-35B-A3B (bf16) on an H200 at a 0.90 fraction.
    void stateBlocksCapSequences() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-35B-A3B_config.json", "Qwen/Qwen3.5-35B-A3B");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        Scenario s;
        s.engine.vllmVersion = VllmProfile::V1v24;
        s.workload.contextTokens = 32768;
        s.engine.maxNumSeqs = 8;
        EngineMemoryInput in = engineInputFor(m, g, {}, s);
        const EngineMemoryTerms few = vllmMemoryModel().terms(in);
        QVERIFY(few.kvPoolBytes > 0);
        QVERIFY(few.stateBlocks > 8);
        QVERIFY(few.stateBlocks < 4096);
        QVERIFY(!vllmStateBlocksShort(in, few));
        QCOMPARE(int(engineStartup(Engine::Vllm, in).outcome), int(StartupOutcome::Starts));

        in.maxNumSeqs = 4096;
        const EngineMemoryTerms many = vllmMemoryModel().terms(in);
        QVERIFY(many.stateBlocks > 0);
        QVERIFY(vllmStateBlocksShort(in, many));
        const EngineStartup refused = engineStartup(Engine::Vllm, in);
        QCOMPARE(int(refused.outcome), int(StartupOutcome::StateBlocksExhausted));
        QCOMPARE(startupOutcomeName(refused.outcome), std::string("state_blocks_exhausted"));
        QVERIFY2(refused.message.find("max_num_seqs (4096) exceeds available Mamba cache blocks (" +
                                      std::to_string(many.stateBlocks) + ")") == 0,
                 refused.message.c_str());
        QVERIFY(!refused.fixes.empty());
        QCOMPARE(refused.fixes.front().flag, std::string("--max-num-seqs"));
        QCOMPARE(refused.fixes.front().value, std::to_string(many.stateBlocks));
        EngineMemoryInput fixed = in;
        fixed.maxNumSeqs = std::uint32_t(many.stateBlocks);
        QVERIFY(engineStartup(Engine::Vllm, fixed).starts());

        // The 0.19 rule set starts it and says which releases refuse it.
        in.vllmProfile = VllmProfile::V1v19;
        const EngineMemoryTerms old = vllmMemoryModel().terms(in);
        QVERIFY(!vllmStateBlocksShort(in, old));
        QVERIFY(engineStartup(Engine::Vllm, in).starts());
        const std::string note = vllmStateBlocksNote(in, old);
        QVERIFY2(note.find("vLLM 0.20 and later (--vllm-version 0.20) refuse") == 0, note.c_str());
        // The 0.20, 0.21 and 0.22 rule sets refuse it themselves.
        for (VllmProfile v : {VllmProfile::V1v20, VllmProfile::V1v21, VllmProfile::V1v22}) {
            EngineMemoryInput mid = in;
            mid.vllmProfile = v;
            const EngineMemoryTerms t = vllmMemoryModel().terms(mid);
            QVERIFY(vllmStateBlocksShort(mid, t));
            QVERIFY(vllmStateBlocksNote(mid, t).empty());
        }
        QVERIFY2(note.find("--max-num-seqs " + std::to_string(old.stateBlocks)) !=
                     std::string::npos,
                 note.c_str());
        // A model without state layers has no state blocks.
        const ModelSpec dense =
            golden::dataConfigModel("Qwen--Qwen3-8B_config.json", "Qwen/Qwen3-8B");
        in = engineInputFor(dense, g, {}, s);
        in.maxNumSeqs = 4096;
        QCOMPARE(vllmMemoryModel().terms(in).stateBlocks, std::uint64_t(0));
    }

    // The plan refuses it too, with the engine's words, and the JSON gives the blocks.
    void stateBlocksInPlan() {
        Scenario s = defaultScenario();
        s.model.ref =
            std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/Qwen--Qwen3.5-35B-A3B_config.json";
        s.pricing.apiPriceId.clear();
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 1;
        s.engine.engine = Engine::Vllm;
        s.engine.vllmVersion = VllmProfile::V1v24;
        s.engine.maxNumSeqs = 4096;
        s.workload.contextTokens = 32768;
        s.workload.concurrency = 1;
        const auto p = evaluate(s);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(int(p->startup.outcome), int(StartupOutcome::StateBlocksExhausted));
        QVERIFY(!p->fit.fits);
        QCOMPARE(p->fit.maxConcurrency, 0u);
        const auto j = planToJson(*p);
        QCOMPARE(j["memory"]["engine"]["state_blocks"].get<std::uint64_t>(),
                 p->memory.engine.stateBlocks);
        QVERIFY(p->memory.engine.stateBlocks > 0);
        // Eager mode captures no graphs, so vLLM does not check.
        s.engine.cudaGraphs = false;
        const auto eager = evaluate(s);
        QVERIFY(eager.ok());
        QVERIFY(eager->startup.starts());
    }

    // Drafting with an FP8 KV cache off Hopper: FlashInfer, PIECEWISE graphs only; on Hopper
    // (FlashAttention 3) FULL graphs stay.
    void speculationDropsFullGraphsOffHopper() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        const GpuSpec rtx = Catalogue::builtin().findGpu("rtx-5090").value();
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        for (const bool hopper : {false, true}) {
            Scenario s;
            s.engine.vllmVersion = VllmProfile::V1v24;
            s.engine.maxNumSeqs = 2;
            s.model.kvFormat = formats::fp8;
            s.workload.speculativeTokens = 3;
            const EngineMemoryInput in = engineInputFor(m, hopper ? h100 : rtx, {2, 1, 1}, s);
            QCOMPARE(in.speculativeTokens, 3u);
            const EngineMemoryTerms t = vllmMemoryModel().terms(in);
            // 2 seqs x (1 + 3) x 2 = 16 tokens: sizes 1, 2, 4, 8, 16; FULL 4 and 8 (1 or 2
            // requests).
            const VllmCudaGraphs g = vllmCudaGraphSizes(2, 3, 8192, hopper, 0);
            QCOMPARE(g.piecewise, 5u);
            QCOMPARE(g.full, hopper ? 2u : 0u);
            QCOMPARE(t.cudaGraphs, vllmCudaGraphEstimateBytes(g, m.decoderLayers() + m.mtpLayers,
                                                              VllmGraphLayerCost::Dense));
        }
    }

    // The scenario's max_num_seqs bounds the sampler's rows; vLLM 0.24's default fraction is
    // 0.92, v0.19's 0.9.
    void maxNumSeqsAndFraction() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        const EngineMemoryInput two = v24Input(m, g, 2);
        QCOMPARE(two.maxNumSeqs, 2u);
        QCOMPARE(two.memoryFraction, 0.92);
        Scenario s;
        const EngineMemoryInput dflt = engineInputFor(m, g, {}, s);
        QCOMPARE(dflt.maxNumSeqs, 1024u);
        QCOMPARE(dflt.memoryFraction, 0.9);
        s.engine.vllmVersion = VllmProfile::V1v21;
        QCOMPARE(engineInputFor(m, g, {}, s).memoryFraction, 0.9);
        s.engine.vllmVersion = VllmProfile::V1v22;
        QCOMPARE(engineInputFor(m, g, {}, s).memoryFraction, 0.92);
        s.engine.vllmVersion.reset();
        const EngineMemoryTerms a = vllmMemoryModel().terms(two);
        EngineMemoryInput many = two;
        many.maxNumSeqs = 1024;
        const EngineMemoryTerms b = vllmMemoryModel().terms(many);
        QVERIFY(a.activationSampler > 0);
        QVERIFY(b.activationSampler > 100 * a.activationSampler);
        // More capture sizes, a larger estimate.
        QVERIFY(b.cudaGraphs > a.cudaGraphs);
        // SGLang: --max-running-requests bounds the CUDA-graph batch it profiles.
        s.engine.engine = Engine::Sglang;
        s.engine.maxNumSeqs = 4;
        QCOMPARE(engineInputFor(m, g, {}, s).maxNumSeqs, 4u);
        s.engine.maxNumSeqs.reset();
        QVERIFY(engineInputFor(m, g, {}, s).maxNumSeqs > 4u);
    }

    // vLLM refuses fewer batched tokens than running sequences before it loads anything
    // (SchedulerConfig._verify_args); SGLang has no such check.
    void batchedTokensBelowSequences() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        EngineMemoryInput in = v24Input(m, g, 8);
        in.maxBatchedTokens = 4;
        const EngineStartup s = engineStartup(Engine::Vllm, in);
        QCOMPARE(s.outcome, StartupOutcome::ArgumentsRefused);
        QCOMPARE(s.message, std::string("max_num_batched_tokens (4) must be greater than or equal "
                                        "to max_num_seqs (8)."));
        QCOMPARE(s.fixes.size(), std::size_t(2));
        QCOMPARE(s.fixes[0].flag + " " + s.fixes[0].value,
                 std::string("--max-num-batched-tokens 8"));
        QCOMPARE(s.fixes[1].flag + " " + s.fixes[1].value, std::string("--max-num-seqs 4"));
        QVERIFY(refusedBeforeLoading(s.outcome));
        in.maxBatchedTokens = 8;
        QCOMPARE(engineStartup(Engine::Vllm, in).outcome, StartupOutcome::Starts);
        in.maxBatchedTokens = 4;
        QVERIFY(engineStartup(Engine::Sglang, in).outcome != StartupOutcome::ArgumentsRefused);
        // The plan does not fit and says why.
        Scenario sc;
        sc.model.ref = "llama-3.1-8b";
        sc.hardware.gpu = "h100";
        sc.hardware.gpuCount = 1;
        sc.engine.maxNumSeqs = 64;
        sc.engine.prefillChunkTokens = 32;
        const auto plan = evaluate(sc);
        QVERIFY(plan.ok());
        QVERIFY(!plan->fit.fits);
        QCOMPARE(startupOutcomeName(plan->startup.outcome), std::string("arguments_refused"));
    }

    // The scenario round-trips max_num_seqs and refuses 0.
    void scenarioField() {
        Scenario s;
        s.engine.maxNumSeqs = 6;
        auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok());
        QCOMPARE(back->engine.maxNumSeqs, std::optional<std::uint32_t>(6));
        const auto bad = parseScenario(R"({"schema_version":1,"engine":{"max_num_seqs":0}})");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("engine.max_num_seqs"));
    }
};

QTEST_APPLESS_MAIN(tst_VllmGraphs)
#include "tst_vllmgraphs.moc"
