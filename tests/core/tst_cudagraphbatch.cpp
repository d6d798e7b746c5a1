// SPDX-License-Identifier: MIT
// The largest CUDA-graph batch (scenario engine.cuda_graph_max_bs, CLI --cuda-graph-max-bs):
// SGLang's --cuda-graph-max-bs in its default fraction's reserve (2 MiB a request,
// server_args.py @ 6559e43f _handle_gpu_memory_settings), in its graph term and profiled decode
// batch; vLLM's --max-cudagraph-capture-size bounding its capture sizes (vllm/config/vllm.py
// _set_cudagraph_sizes, PR #26016), which the 0.21 rules and later count inside the KV budget
// (engine/vllmgraphs.h); the flags serve-cmd writes per release, the notes where the setting
// changes nothing, and the scenario field.
#include "engine/enginememory.h"
#include "engine/servecommand.h"
#include "goldenmemory.h"
#include "plan/plan.h"
#include "plantestutil.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "testutil.h"
#include "util/units.h"

#include <QTest>

#include <cmath>
#include <string>
#include <tuple>

using namespace hostplan;

namespace {

/// Llama 3.1 8B on one H100 under vLLM rule set `rules`, 8,192 tokens of context.
Scenario llamaOnH100(VllmProfile rules) {
    Scenario s;
    s.model.ref = "llama-3.1-8b";
    s.hardware.gpu = "h100";
    s.hardware.gpuCount = 1;
    s.engine.engine = Engine::Vllm;
    s.engine.vllmVersion = rules;
    s.workload.contextTokens = 8192;
    return s;
}

/// Whether any note of `c` contains `text`.
bool notesSay(const ServeCommand &c, const std::string &text) {
    for (const std::string &n : c.notes) {
        if (n.find(text) != std::string::npos) {
            return true;
        }
    }
    return false;
}

/// Whether any plan warning of `p` contains `text`.
bool warns(const PlanResult &p, const std::string &text) {
    for (const std::string &w : p.warnings) {
        if (w.find(text) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestCudaGraphBatch : public QObject {
    Q_OBJECT

  private slots:
    // SGLang: a given batch replaces the GPU's default (512 on an H200 at TP 8) in the graph
    // term, the profiled decode batch and the default fraction's reserve; serve-cmd passes it.
    void sglangGivenBatch() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        const Parallelism tp8{8, 8, 1, 1};
        Scenario s = deepseekV3OnEightH200(1);
        s.engine.engine = Engine::Sglang;
        const EngineMemoryInput def = engineInputFor(m, h200, tp8, s);
        s.engine.cudaGraphMaxBs = 64;
        const EngineMemoryInput given = engineInputFor(m, h200, tp8, s);
        QCOMPARE(given.cudaGraphMaxBs, 64u);
        QCOMPARE(def.cudaGraphMaxBs, 0u);
        QVERIFY(given.maxNumSeqs <= 64u);
        const EngineMemoryTerms tDef = engineMemoryModel(Engine::Sglang).terms(def);
        const EngineMemoryTerms tGiven = engineMemoryModel(Engine::Sglang).terms(given);
        QCOMPARE(tDef.cudaGraphs - tGiven.cudaGraphs, std::uint64_t((512 - 64) * 2 * kBytesPerMiB));
        const double gpuMiB = double(h200.usableMemoryBytes) / kBytesPerMiB;
        QVERIFY(std::abs(given.memoryFraction - def.memoryFraction - 896 / gpuMiB) <= 0.0011);
        const PlanResult p = planOf(s);
        QCOMPARE(flagValue(serveCommands(p, Catalogue::builtin()).at(1), "--cuda-graph-max-bs"),
                 std::string("64"));
        // Given, the fraction is not the default: the plan's own --mem-fraction-static follows.
        QCOMPARE(p.memory.memoryFraction, given.memoryFraction);
        // SGLang captures no batch above its request pool: with 16 running requests a batch of
        // 8,192 reserves for 8,192 in the default fraction but captures the graphs of 16.
        s.engine.maxNumSeqs = 16;
        s.engine.cudaGraphMaxBs = 16;
        const EngineMemoryInput small = engineInputFor(m, h200, tp8, s);
        s.engine.cudaGraphMaxBs = 8192;
        const EngineMemoryInput large = engineInputFor(m, h200, tp8, s);
        QCOMPARE(engineMemoryModel(Engine::Sglang).terms(large).cudaGraphs,
                 engineMemoryModel(Engine::Sglang).terms(small).cudaGraphs);
        QVERIFY(large.memoryFraction < small.memoryFraction - 0.1);
    }

    // SGLang under DP attention: each captured batch also holds the tokens gathered from
    // every DP rank, which the reserve rule prices at cuda_graph_max_bs x dp x 3 MiB
    // (server_args.py _handle_gpu_memory_settings); a Kimi K2 start at DP 32 and a graph
    // batch of 128 logs about 20 GB of graphs per rank (sglang#24453).
    void sglangGraphsGrowWithAttentionDp() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        Scenario s = deepseekV3OnEightH200(1);
        s.engine.engine = Engine::Sglang;
        s.engine.cudaGraphMaxBs = 128;
        const EngineMemoryTerms dp1 =
            engineMemoryModel(Engine::Sglang).terms(engineInputFor(m, h200, {8, 8, 1, 1}, s));
        Parallelism dp8{8, 8, 1, 1};
        dp8.dp = 8;
        const EngineMemoryInput in8 = engineInputFor(m, h200, dp8, s);
        QCOMPARE(in8.dp, 8u);
        const EngineMemoryTerms t8 = engineMemoryModel(Engine::Sglang).terms(in8);
        QCOMPARE(t8.cudaGraphs - dp1.cudaGraphs, std::uint64_t(128 * 8 * 3 * kBytesPerMiB));
        // Above a graph batch of 300 the reserve adds 1.5 MiB a request and rank more.
        s.engine.cudaGraphMaxBs = 512;
        const EngineMemoryTerms big1 =
            engineMemoryModel(Engine::Sglang).terms(engineInputFor(m, h200, {8, 8, 1, 1}, s));
        const EngineMemoryTerms big8 =
            engineMemoryModel(Engine::Sglang).terms(engineInputFor(m, h200, dp8, s));
        QCOMPARE(big8.cudaGraphs - big1.cudaGraphs,
                 std::uint64_t(512.0 * 8 * 4.5 * double(kBytesPerMiB)));
    }

    // vLLM 0.24 rules, 1,024 sequences on an H100: capture sizes up to 128 tokens instead of 512
    // are 19 PIECEWISE and 19 FULL graphs instead of 51 and 51, 64 graphs fewer at 0.16 MiB per
    // decoder layer each (kVllmGraphPerLayerDenseMib, 32 layers): that much less estimate and
    // more KV room.
    void vllmCaptureSize() {
        Scenario s = llamaOnH100(VllmProfile::V1v24);
        const PlanResult def = planOf(s);
        s.engine.cudaGraphMaxBs = 128;
        const PlanResult capped = planOf(s);
        QVERIFY(def.memory.engine.graphsInsideBudget);
        const double fewer = 64 * 32 * 0.16 * kBytesPerMiB;
        const double saved =
            double(def.memory.engine.cudaGraphs) - double(capped.memory.engine.cudaGraphs);
        QVERIFY2(std::abs(saved - fewer) <= 2, std::to_string(saved).c_str());
        QVERIFY(capped.memory.engine.kvTokens > def.memory.engine.kvTokens);
        const auto cmds = serveCommands(capped, Catalogue::builtin());
        QCOMPARE(flagValue(cmds.at(0), "--max-cudagraph-capture-size"), std::string("128"));
        QVERIFY(findFlag(serveCommands(def, Catalogue::builtin()).at(0),
                         "--max-cudagraph-capture-size") == nullptr);
    }

    // The flag by release: the 0.11 rules (v0.9.2 to v0.18) pass --max-cudagraph-capture-size,
    // which v0.11.1 and later take (there --cuda-graph-sizes 128 would capture the size 128
    // alone), naming v0.9.2 to v0.11.0's --cuda-graph-sizes; the 0.8 rules, before either
    // flag, get the compilation-config note.
    void vllmFlagByRelease() {
        Scenario s = llamaOnH100(VllmProfile::V1);
        s.engine.cudaGraphMaxBs = 128;
        const ServeCommand v11 = serveCommands(planOf(s), Catalogue::builtin()).at(0);
        QVERIFY(findFlag(v11, "--cuda-graph-sizes") == nullptr);
        const ServeFlag *f = findFlag(v11, "--max-cudagraph-capture-size");
        QVERIFY(f != nullptr);
        QCOMPARE(f->value, std::string("128"));
        QVERIFY(f->explanation.find("take --cuda-graph-sizes 128 instead") != std::string::npos);
        s.engine.vllmVersion = VllmProfile::V1v08;
        const ServeCommand v08 = serveCommands(planOf(s), Catalogue::builtin()).at(0);
        QVERIFY(findFlag(v08, "--max-cudagraph-capture-size") == nullptr);
        QVERIFY(notesSay(v08, "cudagraph_capture_sizes"));
    }

    // Where the setting changes nothing the plan says so: CUDA graphs off, TensorRT-LLM.
    void notesWhereIgnored() {
        Scenario s = llamaOnH100(VllmProfile::V1v24);
        s.engine.cudaGraphMaxBs = 128;
        s.engine.cudaGraphs = false;
        const PlanResult off = planOf(s);
        QVERIFY(warns(off, "changes nothing with CUDA graphs off"));
        QVERIFY(findFlag(serveCommands(off, Catalogue::builtin()).at(0),
                         "--max-cudagraph-capture-size") == nullptr);
        s.engine.cudaGraphs = true;
        s.engine.engine = Engine::TensorRtLlm;
        QVERIFY(warns(planOf(s), "the TensorRT-LLM plan ignores it"));
        s.engine.engine = Engine::Vllm;
        QVERIFY(cudaGraphBatchNote(s.engine).empty());
    }

    // The engine's own largest capture, as the GUI's field shows it when unset: SGLang's size
    // table (512 requests on an H200 at TP 8), bounded by --max-running-requests; vLLM's
    // min(2 x max_num_seqs, 512) tokens (1,024 sequences on an H100: 512; 8 sequences: 16);
    // the given value; none without graphs or under TensorRT-LLM.
    void engineDefaultBatch() {
        const ModelSpec ds = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        const double h200MiB = double(h200.usableMemoryBytes) / kBytesPerMiB;
        QCOMPARE(sglangGraphBatch(h200MiB, 8, kDefaultSglangProfile), 512u);
        QCOMPARE(sglangGraphBatch(h200MiB, 2, kDefaultSglangProfile), 256u);
        QCOMPARE(sglangGraphBatch(h200MiB, 8, kDefaultSglangProfile, 0, 100), 100u);
        QCOMPARE(sglangGraphBatch(h200MiB, 8, kDefaultSglangProfile, 64, 32), 32u);
        QCOMPARE(sglangGraphBatch(h200MiB, 8, kDefaultSglangProfile, 1024), 1024u);
        const Parallelism tp8{8, 8, 1, 1};
        Scenario sg = deepseekV3OnEightH200(1);
        sg.engine.engine = Engine::Sglang;
        QCOMPARE(engineCudaGraphMaxBs(ds, h200, tp8, sg), 512u);
        sg.engine.maxNumSeqs = 16;
        QCOMPARE(engineCudaGraphMaxBs(ds, h200, tp8, sg), 16u);
        const ModelSpec llama = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec h100 = catalogueGpu("h100");
        const Parallelism one{1, 1, 1, 1};
        Scenario v = llamaOnH100(VllmProfile::V1v24);
        QCOMPARE(engineCudaGraphMaxBs(llama, h100, one, v), 512u);
        v.engine.maxNumSeqs = 8;
        QCOMPARE(engineCudaGraphMaxBs(llama, h100, one, v), 16u);
        v.engine.cudaGraphMaxBs = 8; // given: the sizes up to it
        QCOMPARE(engineCudaGraphMaxBs(llama, h100, one, v), 8u);
        v.engine.cudaGraphs = false;
        QCOMPARE(engineCudaGraphMaxBs(llama, h100, one, v), 0u);
        v.engine.cudaGraphs = true;
        v.engine.engine = Engine::TensorRtLlm;
        QCOMPARE(engineCudaGraphMaxBs(llama, h100, one, v), 0u);
    }

    // v0.28's top tier of max_num_batched_tokens (arg_utils.py get_batch_defaults, PR #51726):
    // 16384 for `vllm serve` on GPUs of at least 160 GiB, 8192 below; v0.27 and the 0.24 rules
    // had none. The rest of v0.24's rules (the logged KV tokens) carry over.
    void vllmHugeGpuBatchTier() {
        QCOMPARE(parseVllmVersion("0.28.0").value(), VllmProfile::V1v28);
        QCOMPARE(parseVllmVersion("0.29.1").value(), VllmProfile::V1v28);
        QCOMPARE(parseVllmVersion("0.27.1").value(), VllmProfile::V1v24);
        const ModelSpec llama = golden::catalogueModel("llama-3.1-8b");
        Scenario s = llamaOnH100(VllmProfile::V1v28);
        s.workload.contextTokens = 32768;
        for (const auto &[gpu, v28, v24] :
             {std::tuple<const char *, std::uint32_t, std::uint32_t>{"b200", 16384, 8192},
              {"mi300x", 16384, 8192},
              {"h200", 8192, 8192},
              {"l40s", 2048, 2048}}) {
            const GpuSpec g = catalogueGpu(gpu);
            s.engine.vllmVersion = VllmProfile::V1v28;
            QCOMPARE(batchedTokens(s, g, &llama), v28);
            s.engine.vllmVersion = VllmProfile::V1v24;
            QCOMPARE(batchedTokens(s, g, &llama), v24);
        }
        QVERIFY(vllmV024Report(VllmProfile::V1v28) &&
                vllmGraphEstimateInBudget(VllmProfile::V1v28));
        QCOMPARE(vllmRules(VllmProfile::V1v28).defaultMemoryFraction, 0.92);
    }

    // The scenario field round-trips; 0, a value above 65,536 and text are refused naming it.
    void scenarioField() {
        Scenario s = defaultScenario();
        s.engine.cudaGraphMaxBs = 160;
        const auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok());
        QCOMPARE(back.value().engine.cudaGraphMaxBs.value_or(0), 160u);
        QVERIFY(scenarioToJson(defaultScenario()).find("cuda_graph_max_bs") == std::string::npos);
        for (const char *bad : {"0", "65537", "\"big\"", "-1", "1.5"}) {
            const auto r = parseScenario(std::string(R"({"schema_version": 1, "engine": )") +
                                         R"({"cuda_graph_max_bs": )" + bad + "}}");
            QVERIFY2(!r.ok(), bad);
            QCOMPARE(r.error().field, std::string("engine.cuda_graph_max_bs"));
        }
    }
};

QTEST_APPLESS_MAIN(TestCudaGraphBatch)
#include "tst_cudagraphbatch.moc"
