// SPDX-License-Identifier: MIT
// The MoE all-to-all backend (engine/engine.h MoeA2a, scenario engine.moe_a2a_backend): where
// the engines put the shared experts (SGLang's DeepEP and vLLM's sequence-parallel MoE keep
// them whole on every GPU), vLLM's DeepEP buffers inside the KV budget and its batched expert
// workspace, the 256-token step vLLM defaults to from v0.20 in its batched DP MoE mode, the
// flags serve-cmd emits and the scenario field. Figures from the formulas' sources named in
// engine/enginememory.h (vllmMoeA2aBufferBytes, vllmBatchedMoeWorkspaceBytes) and
// sizing/memory.h (groupShardGpus, vllmBatchedDpMoe).
#include "engine/enginememory.h"
#include "engine/moea2a.h"
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

using namespace hostplan;

namespace {

Scenario engineScenario(Engine engine, MoeA2a a2a) {
    Scenario s;
    s.engine.engine = engine;
    s.engine.moeA2a = a2a;
    s.workload.contextTokens = 8192;
    return s;
}

} // namespace

class TestMoeA2a : public QObject {
    Q_OBJECT

  private slots:
    // The ids and their aliases parse; other text is refused naming the field.
    void parsing() {
        QCOMPARE(parseMoeA2a("deepep_low_latency").value(), MoeA2a::DeepepLowLatency);
        QCOMPARE(parseMoeA2a("DeepEP_HT").value(), MoeA2a::DeepepHighThroughput);
        QCOMPARE(parseMoeA2a("normal").value(), MoeA2a::DeepepHighThroughput);
        QCOMPARE(parseMoeA2a("default").value(), MoeA2a::Default);
        QCOMPARE(parseMoeA2a("deepep").value(), MoeA2a::DeepepLowLatency); // SGLang's auto
        const auto bad = parseMoeA2a("pplx");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("moe_a2a_backend"));
        QCOMPARE(std::string(moeA2aId(MoeA2a::DeepepLowLatency)),
                 std::string("deepep_low_latency"));
        // DeepEP needs EP over every TP GPU; one GPU dispatches nothing, and TensorRT-LLM plans
        // ignore the setting (both said in a note).
        QVERIFY(moeA2aProblem(Engine::Vllm, MoeA2a::DeepepLowLatency, 8, 8).empty());
        QVERIFY(moeA2aProblem(Engine::Sglang, MoeA2a::DeepepLowLatency, 8, 1).find("--ep") !=
                std::string::npos);
        QVERIFY(moeA2aProblem(Engine::Vllm, MoeA2a::DeepepHighThroughput, 1, 1).empty());
        QVERIFY(moeA2aProblem(Engine::TensorRtLlm, MoeA2a::DeepepHighThroughput, 8, 1).empty());
        QVERIFY(moeA2aProblem(Engine::Vllm, MoeA2a::Default, 8, 1).empty());
    }

    // SGLang with DeepEP keeps the shared experts whole on every GPU of TP 8 EP 8 (one GiB
    // more per GPU for DeepSeek V3's FP8 shared experts); without it they are split over TP.
    void sglangSharedExpertsWhole() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        const Parallelism tp8{8, 8, 1, 1};
        const std::uint64_t shared = roleTotal(m, GroupRole::SharedExperts);
        QVERIFY(shared > 0);
        const MemoryBreakdown plain =
            computeMemory(m, h200, tp8, engineScenario(Engine::Sglang, MoeA2a::Default));
        const MemoryBreakdown deepep =
            computeMemory(m, h200, tp8, engineScenario(Engine::Sglang, MoeA2a::DeepepLowLatency));
        QCOMPARE(rolePerGpu(plain, GroupRole::SharedExperts), (shared + 7) / 8);
        QCOMPARE(rolePerGpu(deepep, GroupRole::SharedExperts), shared);
        QCOMPARE(deepep.engine.checkpointWeights - plain.engine.checkpointWeights,
                 shared - (shared + 7) / 8);
        // The group tables call them replicated, and the deployment holds 8 copies.
        for (const GroupBytes &g : deepep.groups) {
            if (g.role == GroupRole::SharedExperts) {
                QCOMPARE(g.placement, Placement::Replicated);
            }
        }
        QCOMPARE(deepep.total.weights - plain.total.weights, shared * 8 - shared);
        // Normal (high-throughput) mode turns SGLang's CUDA graphs off: as --disable-cuda-graph,
        // the piecewise (prefill) graphs' reserve stays.
        const MemoryBreakdown normal = computeMemory(
            m, h200, tp8, engineScenario(Engine::Sglang, MoeA2a::DeepepHighThroughput));
        Scenario eager = engineScenario(Engine::Sglang, MoeA2a::Default);
        eager.engine.cudaGraphs = false;
        const MemoryBreakdown noGraphs = computeMemory(m, h200, tp8, eager);
        QVERIFY(normal.engine.cudaGraphs < plain.engine.cudaGraphs);
        QCOMPARE(normal.engine.cudaGraphs, noGraphs.engine.cudaGraphs);
    }

    // vLLM from the 0.11 rules runs the MoE sequence-parallel at attention TP 2 under DP 4
    // (allgather-reducescatter is its default backend): shared experts whole; the 0.8 rules
    // split them over the attention TP.
    void vllmSequenceParallelSharedExperts() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const std::uint64_t shared = roleTotal(m, GroupRole::SharedExperts);
        const Parallelism dp4{8, 8, 1, 4};
        QCOMPARE(groupShardGpus(GroupRole::SharedExperts, dp4,
                                {Engine::Vllm, VllmProfile::V1v19, MoeA2a::Default}),
                 1u);
        QCOMPARE(groupShardGpus(GroupRole::SharedExperts, dp4,
                                {Engine::Vllm, VllmProfile::V1v08, MoeA2a::Default}),
                 2u);
        // The dense layers stay on the attention TP; at attention TP 1 everything is whole.
        QCOMPARE(groupShardGpus(GroupRole::DenseMlp, dp4,
                                {Engine::Vllm, VllmProfile::V1v19, MoeA2a::Default}),
                 2u);
        QCOMPARE(groupShardGpus(GroupRole::SharedExperts, Parallelism{8, 8, 1, 8}, {}), 1u);
        QCOMPARE(groupShardGpus(GroupRole::SharedExperts, Parallelism{8, 8, 1, 1}, {}), 8u);
        Scenario s = engineScenario(Engine::Vllm, MoeA2a::Default);
        const MemoryBreakdown mem = computeMemory(m, catalogueGpu("h200"), dp4, s);
        QCOMPARE(rolePerGpu(mem, GroupRole::SharedExperts), shared);
    }

    // vLLM's DeepEP buffers: low latency 1 GiB + 2 x (align128(4E) + 2 E T (2H + H/32)), for
    // DeepSeek V3 (E 256, H 7168) at T 256 4,890,560,512 B; high throughput 1 GiB, 2 GiB when
    // the expert group spans nodes. Inside the budget, only with attention DP and EP.
    void vllmDeepepBuffers() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const std::uint64_t ll = 1073741824ull + 2 * (1024 + 2ull * 256 * 256 * (14336 + 224));
        QCOMPARE(ll, 4890560512ull);
        QCOMPARE(vllmMoeA2aBufferBytes(m, MoeA2a::DeepepLowLatency, 8, 8, 256), ll);
        QCOMPARE(vllmMoeA2aBufferBytes(m, MoeA2a::DeepepHighThroughput, 8, 8, 256), 1ull << 30);
        QCOMPARE(vllmMoeA2aBufferBytes(m, MoeA2a::DeepepHighThroughput, 16, 8, 256), 2ull << 30);
        QCOMPARE(vllmMoeA2aBufferBytes(m, MoeA2a::Default, 8, 8, 256), std::uint64_t(0));
        QCOMPARE(vllmMoeA2aBufferBytes(golden::catalogueModel("llama-3.1-8b"),
                                       MoeA2a::DeepepLowLatency, 8, 8, 256),
                 std::uint64_t(0));

        const GpuSpec b200 = catalogueGpu("b200");
        const Parallelism dp8{8, 8, 1, 8};
        Scenario s = engineScenario(Engine::Vllm, MoeA2a::DeepepLowLatency);
        s.engine.vllmVersion = VllmProfile::V1v19;
        const EngineMemoryTerms t = vllmMemoryModel().terms(engineInputFor(m, b200, dp8, s));
        QCOMPARE(t.moeA2aBuffers, ll); // v0.19: 256-token dispatch chunks
        QCOMPARE(std::uint64_t(t.budget) - t.weights() - t.activationPeak - t.nonTorch -
                     t.moeA2aBuffers,
                 std::uint64_t(t.kvPoolBytes));
        // Without attention DP vLLM does not use the backend.
        const EngineMemoryTerms tp8 =
            vllmMemoryModel().terms(engineInputFor(m, b200, Parallelism{8, 8, 1, 1}, s));
        QCOMPARE(tp8.moeA2aBuffers, std::uint64_t(0));
        QVERIFY(
            !moeA2aNote(Engine::Vllm, engineInputFor(m, b200, Parallelism{8, 8, 1, 1}, s)).empty());
        // The low-latency format's batched workspace replaces the gathered tokens' caches:
        // E T (max(H, 2I) + I) x 2 + E T (H + H/32) fp8 = 1,697,644,544 B at T 256.
        QCOMPARE(vllmBatchedMoeWorkspaceBytes(m, 256),
                 256ull * 256 * (7168 + 2048) * 2 + 256ull * 256 * (7168 + 224));
        std::uint64_t moe = 0;
        const std::uint64_t tokens = 8192;
        const std::uint64_t batched = vllmBatchedMoeWorkspaceBytes(m, 256);
        forwardActivationBytes(m, tokens, 8, 8, kFusedMoeChunkTokens, &moe, 8, batched);
        // with the top-k ids and weights, the router logits and the shared expert's rows
        QCOMPARE(moe, batched + tokens * 8 * 8 + tokens * 256 * 4 + tokens * 3 * 2048 * 2);
    }

    // From v0.20 (the 0.21 rule sets) vLLM's batched DP MoE mode defaults to 256 tokens per
    // step and at most 256 sequences; the 0.19 rules keep 8192 on a B200.
    void vllmBatchedDpDefault() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec b200 = catalogueGpu("b200");
        const Parallelism dp8{8, 8, 1, 8};
        Scenario s = engineScenario(Engine::Vllm, MoeA2a::DeepepLowLatency);
        s.engine.vllmVersion = VllmProfile::V1v21;
        QVERIFY(vllmBatchedDpMoe(s, &m, &dp8));
        const EngineMemoryInput in = engineInputFor(m, b200, dp8, s);
        QCOMPARE(in.maxBatchedTokens, kVllmBatchedDpTokens);
        QVERIFY(in.maxNumSeqs <= kVllmBatchedDpTokens);
        s.engine.vllmVersion = VllmProfile::V1v19;
        QCOMPARE(engineInputFor(m, b200, dp8, s).maxBatchedTokens, 8192u);
        s.engine.vllmVersion = VllmProfile::V1v21;
        s.engine.moeA2a = MoeA2a::DeepepHighThroughput;
        QCOMPARE(engineInputFor(m, b200, dp8, s).maxBatchedTokens, 8192u);
        s.engine.moeA2a = MoeA2a::DeepepLowLatency;
        QCOMPARE(engineInputFor(m, b200, Parallelism{8, 8, 1, 1}, s).maxBatchedTokens, 8192u);
        s.engine.prefillChunkTokens = 1024; // the user's step wins
        QCOMPARE(engineInputFor(m, b200, dp8, s).maxBatchedTokens, 1024u);
    }

    // vLLM turns CUDA graphs off with DeepEP's high-throughput kernels under DP and says so;
    // SGLang's low-latency dispatch holds 128 tokens per rank, so its plans run at most 128
    // sequences per rank; TensorRT-LLM and dense models ignore the setting, with a note.
    void graphsCapsAndNotes() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        const Parallelism dp8{8, 8, 1, 8};
        Scenario s = engineScenario(Engine::Vllm, MoeA2a::DeepepHighThroughput);
        const EngineMemoryInput ht = engineInputFor(m, h200, dp8, s);
        QVERIFY(!ht.cudaGraphs);
        QVERIFY(moeA2aNote(Engine::Vllm, ht).find("WideEP") != std::string::npos);
        QVERIFY(engineInputFor(m, h200, Parallelism{8, 8, 1, 1}, s).cudaGraphs);
        s.engine.moeA2a = MoeA2a::DeepepLowLatency;
        QVERIFY(engineInputFor(m, h200, dp8, s).cudaGraphs);

        Scenario sg = engineScenario(Engine::Sglang, MoeA2a::DeepepLowLatency);
        const Parallelism tp8{8, 8, 1, 1};
        QCOMPARE(runningSequenceCap(sg, h200, &m, &tp8), kSglangDeepepDispatchTokens);
        QCOMPARE(replicaSequenceCap(sg, h200, &m, dp8), 8 * kSglangDeepepDispatchTokens);
        sg.engine.moeA2a = MoeA2a::Default;
        QVERIFY(runningSequenceCap(sg, h200, &m, &tp8) != kSglangDeepepDispatchTokens);

        Scenario trt = engineScenario(Engine::TensorRtLlm, MoeA2a::DeepepLowLatency);
        QVERIFY(
            moeA2aNote(Engine::TensorRtLlm, engineInputFor(m, h200, tp8, trt)).find("ignores it") !=
            std::string::npos);
        const ModelSpec dense = golden::catalogueModel("llama-3.1-8b");
        QVERIFY(moeA2aNote(Engine::Vllm, engineInputFor(dense, h200, Parallelism{2, 1, 1, 1}, s))
                    .find("dense") != std::string::npos);
    }

    // The one predicate behind every DeepEP effect: SGLang with EP on an MoE model; vLLM with
    // EP under attention DP in a rule set that has its DeepEP managers (0.11 and later);
    // never TensorRT-LLM, the default backend, a dense model or one GPU.
    void deepepPredicate() {
        const VllmProfile v = kDefaultVllmProfile;
        QVERIFY(deepepInUse(Engine::Sglang, MoeA2a::DeepepLowLatency, v, true, 8, 1));
        QVERIFY(!deepepInUse(Engine::Sglang, MoeA2a::DeepepLowLatency, v, true, 1, 1));
        QVERIFY(!deepepInUse(Engine::Sglang, MoeA2a::DeepepLowLatency, v, false, 8, 1));
        QVERIFY(!deepepInUse(Engine::Sglang, MoeA2a::Default, v, true, 8, 8));
        QVERIFY(
            deepepInUse(Engine::Vllm, MoeA2a::DeepepHighThroughput, VllmProfile::V1, true, 8, 8));
        QVERIFY(!deepepInUse(Engine::Vllm, MoeA2a::DeepepHighThroughput, VllmProfile::V1v08, true,
                             8, 8));
        QVERIFY(!deepepInUse(Engine::Vllm, MoeA2a::DeepepHighThroughput, v, true, 8, 1));
        QVERIFY(!deepepInUse(Engine::Vllm, MoeA2a::DeepepHighThroughput, VllmProfile::V1Early, true,
                             8, 8));
        QVERIFY(!deepepInUse(Engine::Vllm, MoeA2a::DeepepLowLatency, VllmProfile::V0, true, 8, 8));
        QVERIFY(!deepepInUse(Engine::TensorRtLlm, MoeA2a::DeepepLowLatency, v, true, 8, 8));
    }

    // vLLM has --enable-expert-parallel from v0.8.0 (PR #14305; v0.7.3 only its test variable):
    // a layout HostPlan chooses under older rules shards the experts over TP (EP 1) and says
    // so, serve-cmd passes no flag, and an EP the user pins is refused at start-up as vLLM's
    // argument parser refuses the flag, with the fix.
    void vllmExpertParallelByRelease() {
        Scenario s;
        s.model.ref = "mixtral-8x7b";
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 4;
        s.workload.contextTokens = 8192;
        s.engine.vllmVersion = VllmProfile::V0;
        const PlanResult v0 = planOf(s);
        QCOMPARE(v0.layout.tp, 4u);
        QCOMPARE(v0.layout.ep, 1u);
        bool said = false;
        for (const std::string &w : v0.warnings) {
            said |= w.find("no --enable-expert-parallel (from v0.8.0") != std::string::npos;
        }
        QVERIFY(said);
        QVERIFY(v0.startup.starts());
        QVERIFY(findFlag(serveCommands(v0, Catalogue::builtin()).at(0),
                         "--enable-expert-parallel") == nullptr);
        // Without a count the search runs TP-sharded experts too (not EP = TP layouts the
        // release refuses, which left only ever-larger candidates).
        Scenario searched = s;
        searched.hardware.gpuCount = 0;
        const PlanResult auto0 = planOf(searched);
        QCOMPARE(auto0.layout.ep, 1u);
        QVERIFY(auto0.fit.fits);
        QVERIFY2(auto0.gpusRented <= 4, std::to_string(auto0.gpusRented).c_str());
        s.engine.vllmVersion = VllmProfile::V1v08;
        const PlanResult v08 = planOf(s);
        QCOMPARE(v08.layout.ep, 4u);
        QVERIFY(findFlag(serveCommands(v08, Catalogue::builtin()).at(0),
                         "--enable-expert-parallel") != nullptr);
        s.engine.vllmVersion = VllmProfile::V1Early;
        s.hardware.tp = 4;
        s.hardware.ep = 4;
        const PlanResult pinned = planOf(s);
        QCOMPARE(pinned.layout.ep, 4u);
        QCOMPARE(int(pinned.startup.outcome), int(StartupOutcome::ArgumentsRefused));
        QVERIFY(pinned.startup.message.find("unrecognized arguments: --enable-expert-parallel") !=
                std::string::npos);
        QCOMPARE(pinned.startup.fixes.size(), std::size_t(1));
        QCOMPARE(pinned.startup.fixes.front().flag, std::string("--enable-expert-parallel"));
        QCOMPARE(pinned.startup.fixes.front().value, std::string("unset"));
        const ServeCommand cmd = serveCommands(pinned, Catalogue::builtin()).at(0);
        QVERIFY(findFlag(cmd, "--enable-expert-parallel") == nullptr);
        said = false;
        for (const std::string &n : cmd.notes) {
            said |= n.find("the plan's EP 4 is not passed") != std::string::npos;
        }
        QVERIFY(said);
        // One predicate answers for every engine and rule set.
        QVERIFY(!engineRunsExpertParallel(Engine::Vllm, VllmProfile::V0));
        QVERIFY(!engineRunsExpertParallel(Engine::Vllm, VllmProfile::V1Early));
        QVERIFY(engineRunsExpertParallel(Engine::Vllm, VllmProfile::V1v08));
        QVERIFY(engineRunsExpertParallel(Engine::Sglang, VllmProfile::V0));
    }

    // Attention DP ranks on two nodes: from v0.9.2 `--data-parallel-backend ray` starts them;
    // the 0.8 rules' releases have no such flag, and the command says so instead.
    void vllmDataParallelBackendByRelease() {
        Scenario s = deepseekV3OnSixteenH200();
        s.hardware.tp = 16;
        s.hardware.attentionDp = 16;
        const PlanResult now = planOf(s);
        QCOMPARE(now.layout.dp, 16u);
        const ServeCommand cmd = serveCommands(now, Catalogue::builtin()).at(0);
        const ServeFlag *backend = findFlag(cmd, "--data-parallel-backend");
        QVERIFY(backend != nullptr);
        QCOMPARE(backend->value, std::string("ray"));
        s.engine.vllmVersion = VllmProfile::V1v08;
        const ServeCommand old = serveCommands(planOf(s), Catalogue::builtin()).at(0);
        QVERIFY(findFlag(old, "--data-parallel-backend") == nullptr);
        bool said = false;
        for (const std::string &n : old.notes) {
            said |= n.find("take no --data-parallel-backend") != std::string::npos;
        }
        QVERIFY(said);
    }

    // Under vLLM's 0.7 and 0.8 rules, which predate its DeepEP managers, the high-throughput
    // setting keeps CUDA graphs, counts no buffers and passes no backend, and the plan says
    // why; the 0.11 rules turn graphs off with it.
    void vllmRulesBeforeDeepep() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        const Parallelism dp8{8, 8, 1, 8};
        Scenario s = deepseekV3OnEightH200(8);
        s.engine.moeA2a = MoeA2a::DeepepHighThroughput;
        s.engine.vllmVersion = VllmProfile::V1Early;
        const EngineMemoryInput in = engineInputFor(m, h200, dp8, s);
        QVERIFY(in.cudaGraphs);
        QVERIFY(moeA2aNote(Engine::Vllm, in).find("predate") != std::string::npos);
        const PlanResult p = planOf(s);
        QCOMPARE(p.memory.engine.moeA2aBuffers, std::uint64_t(0));
        const ServeCommand vllm = serveCommands(p, Catalogue::builtin()).at(0);
        QVERIFY(findFlag(vllm, "--all2all-backend") == nullptr);
        bool said = false;
        for (const std::string &n : vllm.notes) {
            said |= n.find("predate vLLM's DeepEP") != std::string::npos;
        }
        QVERIFY(said);
        s.engine.vllmVersion = VllmProfile::V1v08;
        QVERIFY(engineInputFor(m, h200, dp8, s).cudaGraphs);
        s.engine.vllmVersion = VllmProfile::V1;
        QVERIFY(!engineInputFor(m, h200, dp8, s).cudaGraphs);
    }

    // SGLang's low-latency DeepEP dispatches at most 128 tokens per rank, so the plan captures
    // CUDA graphs up to 128 requests where the GPU's default is larger (an H200 at TP 8: 512):
    // 384 x 2 MiB less graph reserve, a default fraction higher by that share of the GPU, and
    // serve-cmd passes --cuda-graph-max-bs 128. Without DeepEP, the default and no flag.
    void sglangLowLatencyGraphBatch() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        const double gpuMiB = double(h200.usableMemoryBytes) / kBytesPerMiB;
        QCOMPARE(sglangGpuDefaults(gpuMiB, 8).cudaGraphMaxBs, 512u);
        const Parallelism tp8{8, 8, 1, 1};
        Scenario s = deepseekV3OnEightH200(1);
        s.engine.engine = Engine::Sglang;
        s.engine.moeA2a = MoeA2a::DeepepLowLatency;
        QCOMPARE(planCudaGraphMaxBs(s, h200, m, tp8), 128u);
        const EngineMemoryInput ll = engineInputFor(m, h200, tp8, s);
        QCOMPARE(ll.cudaGraphMaxBs, 128u);
        Scenario plain = s;
        plain.engine.moeA2a = MoeA2a::Default;
        QCOMPARE(planCudaGraphMaxBs(plain, h200, m, tp8), 0u);
        const EngineMemoryInput def = engineInputFor(m, h200, tp8, plain);
        const EngineMemoryTerms tLl = engineMemoryModel(Engine::Sglang).terms(ll);
        const EngineMemoryTerms tDef = engineMemoryModel(Engine::Sglang).terms(def);
        QCOMPARE(tDef.cudaGraphs - tLl.cudaGraphs, std::uint64_t(384 * 2 * kBytesPerMiB));
        // Rounded to three decimals, as SGLang does: 768 MiB of 143,155 is 0.0054.
        QVERIFY(std::abs(ll.memoryFraction - def.memoryFraction - 768 / gpuMiB) <= 0.0011);
        QCOMPARE(
            flagValue(serveCommands(planOf(s), Catalogue::builtin()).at(1), "--cuda-graph-max-bs"),
            std::string("128"));
        QVERIFY(findFlag(serveCommands(planOf(plain), Catalogue::builtin()).at(1),
                         "--cuda-graph-max-bs") == nullptr);
        // A given batch above what a rank dispatches fails every start: the verdict says so,
        // with the flag that starts it.
        s.engine.cudaGraphMaxBs = 256;
        const EngineStartup refused =
            engineStartup(Engine::Sglang, engineInputFor(m, h200, tp8, s));
        QCOMPARE(refused.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(refused.message.find("--cuda-graph-max-bs 256") != std::string::npos);
        QCOMPARE(refused.fixes.at(0).value, std::string("128"));
        s.engine.cudaGraphMaxBs = 128;
        QVERIFY(engineStartup(Engine::Sglang, engineInputFor(m, h200, tp8, s)).starts());
    }

    // The scenario field round-trips; a bad value names it.
    void scenarioField() {
        Scenario s = defaultScenario();
        s.engine.moeA2a = MoeA2a::DeepepHighThroughput;
        const auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok());
        QCOMPARE(back.value().engine.moeA2a, MoeA2a::DeepepHighThroughput);
        QVERIFY(scenarioToJson(defaultScenario()).find("moe_a2a_backend") == std::string::npos);
        const auto bad =
            parseScenario(R"({"schema_version": 1, "engine": {"moe_a2a_backend": "mori"}})");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("engine.moe_a2a_backend"));
    }

    // serve-cmd: SGLang --moe-a2a-backend deepep --deepep-mode; vLLM --all2all-backend under
    // attention DP (0.19 rules), the environment variable under the 0.11 rules.
    void serveCommandFlags() {
        Scenario s = deepseekV3OnEightH200(8);
        s.engine.moeA2a = MoeA2a::DeepepLowLatency;
        const PlanResult p = planOf(s);
        QVERIFY(p.memory.engine.moeA2aBuffers > 0);
        const auto cmds = serveCommands(p, Catalogue::builtin());
        QCOMPARE(flagValue(cmds.at(0), "--all2all-backend"), std::string("deepep_low_latency"));
        QCOMPARE(flagValue(cmds.at(1), "--moe-a2a-backend"), std::string("deepep"));
        QCOMPARE(flagValue(cmds.at(1), "--deepep-mode"), std::string("low_latency"));
        // SGLang's flag by release: --enable-deepep-moe before v0.4.10.post2.
        Scenario sg047 = s;
        sg047.engine.sglangVersion = SglangProfile::V047;
        const auto cmds047 = serveCommands(planOf(sg047), Catalogue::builtin());
        QVERIFY(findFlag(cmds047.at(1), "--enable-deepep-moe") != nullptr);
        QVERIFY(findFlag(cmds047.at(1), "--moe-a2a-backend") == nullptr);
        // The 0.11 rules (v0.9.2 to v0.18): the flag of v0.11.1 on, naming the variable the
        // releases before it read; the 0.8 rules (no DeepEP manager) neither.
        s.engine.vllmVersion = VllmProfile::V1;
        const auto old = serveCommands(planOf(s), Catalogue::builtin());
        const ServeFlag *backend = findFlag(old.at(0), "--all2all-backend");
        QVERIFY(backend != nullptr);
        QVERIFY(backend->explanation.find("VLLM_ALL2ALL_BACKEND=deepep_low_latency") !=
                std::string::npos);
        // EP left to the engine's default under a given TP takes TP with DeepEP.
        s.hardware.ep = 0;
        s.hardware.attentionDp = 1;
        QCOMPARE(planOf(s).layout.ep, 8u);
        // A dense model or TensorRT-LLM with DeepEP plans as without it, with a note; a small
        // MoE model on one GPU needs no DeepEP layout.
        Scenario dense = s;
        dense.model.ref = "llama-3.1-8b";
        dense.hardware = {};
        dense.hardware.gpu = "h200";
        const PlanResult d = planOf(dense);
        QCOMPARE(d.layout.ep, 1u);
        Scenario trt = s;
        trt.engine.engine = Engine::TensorRtLlm;
        QVERIFY(planOf(trt).fit.fits);
        Scenario small = dense;
        small.model.ref = "gpt-oss-120b";
        QCOMPARE(planOf(small).gpusRented, 1u);
    }
};

QTEST_APPLESS_MAIN(TestMoeA2a)
#include "tst_moea2a.moc"
