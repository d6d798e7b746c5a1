// SPDX-License-Identifier: MIT
// Attention data parallelism (sizing/memory.h Parallelism::dp): vLLM `--data-parallel-size D
// --enable-expert-parallel` and SGLang `--tp N --dp D --enable-dp-attention`. Each attention
// group of tp / dp GPUs holds its own attention weights and the KV of its own sequences; the
// routed experts span all tp GPUs. Checked against vLLM's own log of Qwen3-Coder-480B-FP8 on 8
// x H20 141GB (vllm-project/recipes PR #12), SGLang's fraction rule (server_args.py) and the
// engines' weight placement (sizing/memory.h groupShardGpus).
#include "engine/enginememory.h"
#include "goldenattentiondp.h"
#include "engine/servecommand.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "plantestutil.h"
#include "scenario/scenario.h"
#include "sizing/fit.h"
#include "sizing/memory.h"
#include "sizing/replicafigures.h"
#include "sizing/servingmodel.h"
#include "sizing/throughput.h"
#include "testutil.h"

#include <QTest>

#include <sstream>

using namespace hostplan;

namespace {

ModelSpec qwenCoderFp8() {
    return golden::qwen3Coder480bFp8(); // row P43's model (goldenattentiondp.h)
}

Scenario vllmScenario(std::uint64_t context, double fraction) {
    Scenario s;
    s.engine.engine = Engine::Vllm;
    s.engine.vllmVersion = parseVllmVersion("0.10.1").value();
    s.engine.memoryFraction = fraction;
    s.engine.prefillChunkTokens = 8192;
    s.workload.contextTokens = context;
    s.workload.concurrency = 1;
    return s;
}

constexpr Parallelism kDp8{8, 8, 1, 8};
constexpr Parallelism kTp8{8, 8, 1, 1};

} // namespace

class tst_AttentionDp : public QObject {
    Q_OBJECT

  private slots:
    // vLLM DP 8 x TP 1 with EP: the attention, embeddings and lm_head whole on every GPU, the
    // routed experts split 8 ways; TP 8 splits everything 8 ways.
    void vllmWeightPlacement() {
        const ModelSpec m = qwenCoderFp8();
        const GpuSpec h200 = catalogueGpu("h200");
        const Scenario s = vllmScenario(262144, 0.9);
        const MemoryBreakdown dp = computeMemory(m, h200, kDp8, s);
        const MemoryBreakdown tp = computeMemory(m, h200, kTp8, s);
        const std::uint64_t attention = roleTotal(m, GroupRole::Attention);
        const std::uint64_t experts = roleTotal(m, GroupRole::RoutedExperts);
        QVERIFY(attention > 0 && experts > 0);
        QCOMPARE(rolePerGpu(dp, GroupRole::Attention), attention);
        QCOMPARE(rolePerGpu(tp, GroupRole::Attention), (attention + 7) / 8);
        QCOMPARE(rolePerGpu(dp, GroupRole::RoutedExperts), (experts + 7) / 8);
        QCOMPARE(rolePerGpu(tp, GroupRole::RoutedExperts), (experts + 7) / 8);
        QCOMPARE(rolePerGpu(dp, GroupRole::Embedding), roleTotal(m, GroupRole::Embedding));
        for (const GroupBytes &g : dp.groups) { // whole on each GPU reads "replicated"
            if (g.role == GroupRole::Attention || g.role == GroupRole::RoutedExperts) {
                QCOMPARE(int(g.placement),
                         int(g.role == GroupRole::Attention ? Placement::Replicated
                                                            : Placement::Sharded));
            }
        }
        // The whole deployment holds 8 copies of the attention and one of the experts.
        QVERIFY(dp.total.weights >= 8 * attention + experts);
        QCOMPARE(dp.attentionDp, 8u);
    }

    // The KV of a token on one GPU: every KV head of the 62 layers, as vLLM logged (62.00 GiB
    // for 262,144 tokens = 253,952 B = 62 layers x 8 KV heads x 128 x 2 (K, V) x 2 B).
    void vllmKvPerToken() {
        const ModelSpec m = qwenCoderFp8();
        const GpuSpec h200 = catalogueGpu("h200");
        const Scenario s = vllmScenario(262144, 0.9);
        const MemoryBreakdown dp = computeMemory(m, h200, kDp8, s);
        const MemoryBreakdown tp = computeMemory(m, h200, kTp8, s);
        // vllm-project/recipes PR #12: "62.00 GiB KV cache is needed" for 262,144 tokens.
        QCOMPARE(dp.cache.kvBytesPerTokenPerGpu, std::uint64_t(253952));
        QCOMPARE(dp.cache.kvBytesPerTokenPerGpu, dp.cache.kvBytesPerToken);
        QCOMPARE(tp.cache.kvBytesPerTokenPerGpu, std::uint64_t(253952 / 8));
    }

    // The engine's verdict: vLLM refused to start at 0.9 and at 0.95 (available 48.66 / 55.65
    // GiB < 62.00 GiB for one request of 262,144 tokens); TP 8 EP 8 would have started.
    void vllmRefusesTheLoggedPlan() {
        const ModelSpec m = qwenCoderFp8();
        const GpuSpec h200 = catalogueGpu("h200"); // 139.8 GiB usable, as the H20 141GB of the log
        for (const double fraction : {0.9, 0.95}) {
            const Scenario s = vllmScenario(262144, fraction);
            const EngineStartup dp = engineStartup(Engine::Vllm, engineInputFor(m, h200, kDp8, s));
            QCOMPARE(dp.outcome, StartupOutcome::ContextExceedsCapacity);
            const EngineStartup tp = engineStartup(Engine::Vllm, engineInputFor(m, h200, kTp8, s));
            QVERIFY(tp.starts());
            // The pool vLLM logged (48.66 / 55.65 GiB), within the 5 % of a golden KV row (row
            // P43, goldenattentiondp.h): the profile's MoE workspace for the tokens of all 8
            // ranks is the term that moves it (+13.7 % without it).
            const double logged = fraction == 0.9 ? 48.66 : 55.65;
            const MemoryBreakdown mem = computeMemory(m, h200, kDp8, s);
            const double pool = double(mem.kvCapacityBytesPerGpu) / double(1ull << 30);
            qInfo("u %.2f: available KV %.2f GiB (vLLM logged %.2f, %+.1f %%)", fraction, pool,
                  logged, (pool / logged - 1) * 100);
            QVERIFY2(std::abs(pool / logged - 1) < 0.05, qPrintable(QString::number(pool)));
        }
    }

    // Under DP the MoE profile sees the tokens of every rank: its workspace is that of 8 x the
    // batched tokens (vLLM's all-gather dispatch), the dense part that of one rank's.
    void moeWorkspaceGathersEveryRank() {
        const ModelSpec m = qwenCoderFp8();
        std::uint64_t moeOne = 0;
        std::uint64_t moeDp = 0;
        std::uint64_t moeGathered = 0;
        forwardActivationBytes(m, 1024, 8, 8, kFusedMoeChunkTokens, &moeOne, 1);
        forwardActivationBytes(m, 1024, 8, 8, kFusedMoeChunkTokens, &moeDp, 8);
        forwardActivationBytes(m, 8192, 8, 8, kFusedMoeChunkTokens, &moeGathered, 1);
        QVERIFY(moeOne > 0);
        QCOMPARE(moeDp, moeGathered);
        QVERIFY(moeDp > 7 * moeOne);
    }

    // Capacity: each rank holds its own sequences, so the replica holds 8 x one rank's; the
    // running cap is max_num_seqs per rank under vLLM and the total under SGLang.
    void capacityAndCaps() {
        const ModelSpec m = qwenCoderFp8();
        const GpuSpec h200 = catalogueGpu("h200");
        Scenario s = vllmScenario(32768, 0.95);
        const MemoryBreakdown dp = computeMemory(m, h200, kDp8, s);
        const std::uint32_t block = engineDefaults(Engine::Vllm).kvBlockTokens;
        const std::uint32_t all = maxConcurrency(dp, 32768, block);
        QVERIFY(all > 0);
        QCOMPARE(all % 8, 0u);
        QCOMPARE(dp.engineSequences, all);
        s.engine.maxNumSeqs = 64;
        QCOMPARE(replicaSequenceCap(s, h200, &m, kDp8), 512u);
        QCOMPARE(replicaSequenceCap(s, h200, &m, kTp8), 64u);
        s.engine.engine = Engine::Sglang;
        QCOMPARE(replicaSequenceCap(s, h200, &m, kDp8), 64u);
    }

    // SGLang's default mem_fraction_static reserves memory for DP attention's buffers.
    void sglangFraction() {
        SglangFractionInput in;
        in.gpuMiB = 143771; // an H200 as SGLang reads it
        in.tp = 8;
        in.rules = SglangProfile::V05;
        // 512 + 8192 x 1.5 + 512 x 2 + 8 / 8 x 1024 = 14,848 MiB.
        QCOMPARE(sglangDefaultMemFraction(in), 0.897);
        in.dp = 8;
        // + 512 x 8 x 3 + 512 x 8 x 1.5 (graph batch 512 > 300) = 33,280 MiB.
        QCOMPARE(sglangDefaultMemFraction(in), 0.769);
        in.rules = SglangProfile::V0493; // PR #7054's tiers: (12 + 8 / 2 + 4) GiB
        QCOMPARE(sglangDefaultMemFraction(in), 0.858);
        in.dp = 1;
        QCOMPARE(sglangDefaultMemFraction(in), 0.886);
    }

    // SGLang under DP attention: the input embedding whole on every GPU, lm_head and dense
    // MLP over all tp, the attention over tp / dp; each rank runs chunked_prefill_size / dp.
    void sglangPlacementAndChunk() {
        const ModelSpec m = qwenCoderFp8();
        const GpuSpec h200 = catalogueGpu("h200");
        Scenario s;
        s.engine.engine = Engine::Sglang;
        s.engine.sglangVersion = SglangProfile::V05;
        s.workload.contextTokens = 32768;
        const Parallelism dp4{8, 8, 1, 4};
        const MemoryBreakdown mem = computeMemory(m, h200, dp4, s);
        QCOMPARE(rolePerGpu(mem, GroupRole::Embedding), roleTotal(m, GroupRole::Embedding));
        QCOMPARE(rolePerGpu(mem, GroupRole::LmHead), (roleTotal(m, GroupRole::LmHead) + 7) / 8);
        QCOMPARE(rolePerGpu(mem, GroupRole::Attention),
                 (roleTotal(m, GroupRole::Attention) + 1) / 2);
        QCOMPARE(groupShardGpus(GroupRole::DenseMlp, dp4, {Engine::Sglang}), 8u);
        QCOMPARE(groupShardGpus(GroupRole::DenseMlp, dp4, {Engine::Vllm}), 2u);
        const EngineMemoryInput in = engineInputFor(m, h200, dp4, s);
        QCOMPARE(in.maxBatchedTokens, 8192u / 4);
        QCOMPARE(in.dp, 4u);
        // A given --chunked-prefill-size is divided too, and --max-running-requests is the
        // whole server's: each rank's scheduler takes max_running_requests // dp_size.
        s.engine.prefillChunkTokens = 262144;
        s.engine.maxNumSeqs = 256;
        const EngineMemoryInput given = engineInputFor(m, h200, dp4, s);
        QCOMPARE(given.maxBatchedTokens, 262144u / 4);
        QCOMPARE(given.maxRunningRequests, 256u / 4);
        QVERIFY(given.maxNumSeqs <= 256u / 4);
    }

    // Layouts the engines do not build are refused with the reason.
    void layoutRules() {
        const ModelSpec m = qwenCoderFp8();
        QVERIFY(layoutProblem(m, kDp8).empty());
        QVERIFY(layoutProblem(m, Parallelism{8, 8, 1, 3}).find("does not divide TP 8") !=
                std::string::npos);
        QVERIFY(layoutProblem(m, Parallelism{4, 4, 2, 4}).find("PP") != std::string::npos);
        QVERIFY(layoutProblem(m, Parallelism{8, 8, 1, 0}).find("at least 1") != std::string::npos);
        const ModelSpec dense = golden::catalogueModel("llama-3.1-8b");
        QVERIFY(layoutProblem(dense, Parallelism{2, 1, 1, 2}).find("mixture-of-experts") !=
                std::string::npos);
    }

    // Decode under DP reads only a rank's own sequences' KV: for an MLA model (the latent is
    // whole on every GPU under TP) a step at the same batch reads 1/8 of the KV of TP 8.
    void servingReadsOwnKv() {
        const ModelSpec ds = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = catalogueGpu("h200");
        Scenario s;
        s.workload.contextTokens = 8192;
        const MemoryBreakdown dpMem = computeMemory(ds, h200, kDp8, s);
        const MemoryBreakdown tpMem = computeMemory(ds, h200, kTp8, s);
        QCOMPARE(dpMem.cache.kvBytesPerTokenPerGpu, tpMem.cache.kvBytesPerTokenPerGpu);
        const ServingModel dp = servingModelFor(ds, h200, kDp8, dpMem, s, 8, {});
        const ServingModel tp = servingModelFor(ds, h200, kTp8, tpMem, s, 8, {});
        StepParts a;
        StepParts b;
        dp.step(64, 8192, 0, 0, &a);
        tp.step(64, 8192, 0, 0, &b);
        QVERIFY(b.cacheBytes > 0);
        QCOMPARE(a.cacheBytes * 8, b.cacheBytes);
        QVERIFY(a.weightBytes > b.weightBytes); // the whole attention on every GPU
    }

    // Without a GPU count the layout search holds the attention DP on every replica it tries
    // (EP left to the search), and the plan carries the workload on the cheapest of them.
    void searchHoldsAttentionDp() {
        Scenario s;
        s.model.ref = "deepseek-v3";
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 0;
        s.hardware.attentionDp = 8;
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 256;
        const PlanResult p = planOf(s);
        QVERIFY(p.search.found);
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.carries()) {
                QCOMPARE(c.layout.dp, 8u);
                QCOMPARE(c.layout.ep, c.layout.tp);
            }
        }
        QCOMPARE(p.layout.dp, 8u);
        QVERIFY(p.fit.fits);
    }

    // A GPU count without TP or attention DP: the plan sizes TP attention and full attention DP
    // on the same GPUs and runs the one that serves more (DeepSeek V3's MLA latent is on every
    // TP GPU otherwise), with a note naming both; --attention-dp 1 keeps TP attention. A dense
    // GQA model whose KV heads split over TP keeps it.
    void fixedCountTriesAttentionDp() {
        Scenario s;
        s.model.ref = "deepseek-v3";
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 8;
        s.workload.contextTokens = 32768;
        s.workload.concurrency = 64;
        const PlanResult p = planOf(s);
        QCOMPARE(p.layout.dp, 8u);
        QCOMPARE(p.layout.ep, 8u);
        bool noted = false;
        for (const std::string &w : p.warnings) {
            noted |= w.find("attention DP 8") != std::string::npos &&
                     w.find("with TP attention") != std::string::npos;
        }
        QVERIFY(noted);
        Scenario tpOnly = s;
        tpOnly.hardware.attentionDp = 1;
        const PlanResult t = planOf(tpOnly);
        QCOMPARE(t.layout.dp, 1u);
        QVERIFY(p.throughput.capacity.memoryMaxBatch > t.throughput.capacity.memoryMaxBatch);
        Scenario dense = s;
        dense.model.ref = "llama-3.1-70b";
        dense.hardware.gpu = "h100";
        QCOMPARE(planOf(dense).layout.dp, 1u);
    }

    // Sixteen H200 split DeepSeek V3 into TP 8 x PP 2 (two nodes of 8). Attention DP runs on
    // TP / EP 16 over both nodes, as MoE replicas across nodes run: the plan sizes it there
    // and, at 100 ms per output token, runs it for serving more within the target (at 50 ms
    // the two stages serve 1.5 % more and stay); a pinned attention DP 16 takes that layout
    // rather than being refused as not dividing a TP of 8 the user never gave.
    void fixedCountAcrossNodesTriesAttentionDp() {
        Scenario s = deepseekV3OnSixteenH200();
        s.workload.concurrency = 64;
        // At the default 50 ms the flat attention DP 16 already serves more (vLLM's async
        // scheduling runs at PP 1 only, fixedCountRuleRanksAsThePlanServes); at 100 ms too.
        QCOMPARE(planOf(s).layout.dp, 16u);
        s.workload.targetSecondsPerOutputToken = 0.1;
        Scenario tpOnly = s;
        tpOnly.hardware.attentionDp = 1;
        const PlanResult t = planOf(tpOnly);
        QCOMPARE(t.layout.tp, 8u);
        QCOMPARE(t.layout.pp, 2u);
        const PlanResult p = planOf(s);
        QCOMPARE(p.layout.tp, 16u);
        QCOMPARE(p.layout.pp, 1u);
        QCOMPARE(p.layout.dp, 16u);
        QCOMPARE(p.layout.ep, 16u);
        QVERIFY(p.throughput.capacity.memoryMaxBatch > 2 * t.throughput.capacity.memoryMaxBatch);
        bool noted = false;
        for (const std::string &w : p.warnings) {
            noted |= w.find("attention DP 16") != std::string::npos &&
                     w.find("(TP 8 x PP 2)") != std::string::npos;
        }
        QVERIFY(noted);
        Scenario pinned = s;
        pinned.hardware.attentionDp = 16;
        const PlanResult q = planOf(pinned);
        QCOMPARE(q.layout.tp, 16u);
        QCOMPARE(q.layout.dp, 16u);
        QCOMPARE(q.layout.pp, 1u);
        // Attention DP runs at PP 1 only: a pinned 4 also takes TP 16 (four groups of four).
        pinned.hardware.attentionDp = 4;
        const PlanResult r = planOf(pinned);
        QCOMPARE(r.layout.tp, 16u);
        QCOMPARE(r.layout.pp, 1u);
        QCOMPARE(r.layout.dp, 4u);
        // A dense model keeps its stages: attention DP 16 there is refused, naming the field.
        Scenario dense = pinned;
        dense.model.ref = "llama-3.1-70b";
        dense.hardware.attentionDp = 2;
        const auto refused = evaluate(dense);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().field, std::string("hardware.attention_dp"));
    }

    // The fixed-count rule and the layout search rank layouts by replicaFigures; those are the
    // plan's own capacity figures (vLLM's default async scheduling at PP 1 included), so the
    // layout kept serves at least what the one passed over would at the same target.
    void fixedCountRuleRanksAsThePlanServes() {
        for (const double target : {0.03, 0.05, 0.1}) {
            Scenario s = deepseekV3OnSixteenH200();
            s.workload.concurrency = 16;
            s.workload.targetSecondsPerOutputToken = target;
            const PlanResult chosen = planOf(s);
            Scenario other = s;
            other.hardware.attentionDp = chosen.layout.dp > 1 ? 1 : 16;
            const PlanResult o = planOf(other);
            QVERIFY(chosen.layout.dp != o.layout.dp);
            QVERIFY2(chosen.throughput.capacity.outputTokensPerMonth >=
                         o.throughput.capacity.outputTokensPerMonth,
                     qPrintable(QString("at %1 s: chosen %2 < other %3")
                                    .arg(target)
                                    .arg(chosen.throughput.capacity.outputTokensPerMonth)
                                    .arg(o.throughput.capacity.outputTokensPerMonth)));
            // At 50 ms the flat attention DP 16 serves more than TP 8 x PP 2 (PP turns vLLM's
            // async scheduling off).
            if (target == 0.05) {
                QCOMPARE(chosen.layout.dp, 16u);
            }
            // One replica's figures are the plan's capacity, for both layouts.
            for (const PlanResult *p : {&chosen, &o}) {
                const ReplicaFigures f =
                    replicaFigures(p->model, p->gpu, p->layout, p->instanceSize(), p->scenario,
                                   defaultEfficiency(p->scenario.engine.engine, p->gpu));
                QCOMPARE(f.batch, p->throughput.capacity.batch);
                QVERIFY(
                    std::abs(f.outputTokensPerMonth / p->throughput.capacity.outputTokensPerMonth -
                             1.0) < 1e-9);
            }
        }
    }

    // A given TP on more GPUs than it spans leaves PP > 1 that the user never asked for:
    // attention DP there is refused naming what would run instead.
    void givenTpWithAttentionDpNamesTheCount() {
        Scenario s = deepseekV3OnSixteenH200();
        s.hardware.tp = 8;
        s.hardware.attentionDp = 8;
        const auto refused = evaluate(s);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().field, std::string("hardware.attention_dp"));
        const std::string &m = refused.error().message;
        QVERIFY2(m.find("TP 8 leaves PP 2") != std::string::npos, m.c_str());
        QVERIFY2(m.find("--tp 16") != std::string::npos, m.c_str());
        QVERIFY2(m.find("--gpu-count 8") != std::string::npos, m.c_str());
        s.hardware.tp = 16;
        QVERIFY(evaluate(s).ok());
    }

    // groupBytesPerGpu is weightPlacement's per-GPU figure, group by group, under attention DP
    // and SGLang's DeepEP (shared experts whole) as without.
    void groupBytesAgree() {
        const ModelSpec ds = golden::catalogueModel("deepseek-v3");
        for (const Engine engine : {Engine::Vllm, Engine::Sglang}) {
            for (const Parallelism &par : {Parallelism{8, 8, 1, 8}, Parallelism{8, 8, 1, 1}}) {
                const PlacementRules rules{engine, kDefaultVllmProfile, MoeA2a::DeepepLowLatency};
                const auto placed = weightPlacement(ds, par, rules);
                QCOMPARE(placed.size(), ds.groups.size());
                for (std::size_t i = 0; i < placed.size(); ++i) {
                    QCOMPARE(placed[i].perGpuBytes, groupBytesPerGpu(ds.groups[i], par, rules));
                }
            }
        }
    }

    // A plan with attention DP: the scenario field, the layout text, the JSON and the serving
    // commands of vLLM and SGLang.
    void planAndCommands() {
        Scenario s = deepseekV3OnEightH200(8);
        s.workload.concurrency = 64;
        const PlanResult p = planOf(s);
        QCOMPARE(p.layout.dp, 8u);
        QCOMPARE(p.layout.attentionTp(), 1u);
        const auto cmds = serveCommands(p, Catalogue::builtin());
        const ServeCommand &vllm = cmds.at(0);
        QCOMPARE(flagValue(vllm, "--data-parallel-size"), std::string("8"));
        QCOMPARE(flagValue(vllm, "--tensor-parallel-size"), std::string("1"));
        QVERIFY(findFlag(vllm, "--enable-expert-parallel") != nullptr);
        const ServeCommand &sglang = cmds.at(1);
        QCOMPARE(flagValue(sglang, "--tp-size"), std::string("8"));
        QCOMPARE(flagValue(sglang, "--dp-size"), std::string("8"));
        QVERIFY(findFlag(sglang, "--enable-dp-attention") != nullptr);
        // vLLM's max_num_seqs is a rank's; SGLang's max_running_requests all ranks'.
        const std::uint32_t perRank = std::stoul(flagValue(vllm, "--max-num-seqs"));
        const std::uint32_t total = std::stoul(flagValue(sglang, "--max-running-requests"));
        QVERIFY(perRank > 0 && total > 0);
        QVERIFY(perRank * 8 >= total || perRank * 8 >= p.throughput.capacity.batch);
        const std::string json = planToJson(p).dump();
        QVERIFY(json.find("\"attention_dp\":8") != std::string::npos);
        std::ostringstream text;
        writePlanText(p, text);
        QVERIFY(text.str().find("attention DP 8") != std::string::npos);
        // A cap the user gives keeps the replica's running sequences in every engine's terms:
        // 2 per vLLM / TensorRT-LLM rank is SGLang's 16 and llama-server's 16 slots.
        Scenario capped = s;
        capped.engine.maxNumSeqs = 2;
        const auto cappedCmds = serveCommands(planOf(capped), Catalogue::builtin());
        QCOMPARE(flagValue(cappedCmds.at(0), "--max-num-seqs"), std::string("2"));
        QCOMPARE(flagValue(cappedCmds.at(1), "--max-running-requests"), std::string("16"));
        QCOMPARE(flagValue(cappedCmds.at(2), "--max_batch_size"), std::string("2"));
        QCOMPARE(flagValue(cappedCmds.at(3), "-np"), std::string("16"));
        // The scenario round trip keeps the field.
        const auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok());
        QCOMPARE(back.value().hardware.attentionDp, 8u);
    }
};

QTEST_GUILESS_MAIN(tst_AttentionDp)
#include "tst_attentiondp.moc"
