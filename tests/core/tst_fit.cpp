// SPDX-License-Identifier: MIT
// Fit: layouts, bundles, practical counts, concurrency and the reasons a plan does not fit,
// through evaluate() on real catalogue models and GPUs.
#include "catalogue/catalogue.h"
#include "import/modelimport.h"
#include "sizing/fit.h"
#include "plan/plan.h"
#include "testutil.h"
#include "util/units.h"

#include <QFile>
#include <QTest>

#include <algorithm>

using namespace hostplan;

namespace {
Scenario scenario(const std::string &model, const std::string &gpu, std::uint32_t count) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.hardware = HardwareChoice{};
    s.hardware.gpu = gpu;
    s.hardware.gpuCount = count;
    s.pricing.apiPriceId.clear();
    return s;
}
} // namespace

class TestFit : public QObject {
    Q_OBJECT
  private slots:
    /// SGLang keeps Kimi K3's KDA state in its own pool (taken out of the KV room before the
    /// KV pool is sized): the fit's sequence count is the engine's own, state counted once.
    void sglangStatePoolCountedOnce() {
        Scenario s = defaultScenario();
        s.engine.engine = Engine::Sglang;
        const auto r = evaluate(s);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const PlanResult &p = r.value();
        QVERIFY(p.memory.engine.stateSlotsInPool > 0);
        QVERIFY(p.startup.sequencesAtContext > 0);
        QCOMPARE(p.fit.maxConcurrency, p.startup.sequencesAtContext);
        QCOMPARE(p.throughput.capacity.memoryMaxBatch, p.startup.sequencesAtContext);
    }

    void bundles_data() {
        QTest::addColumn<uint>("gpus");
        QTest::addColumn<uint>("node");
        QTest::addColumn<uint>("bundle");
        QTest::newRow("one") << 1u << 8u << 1u;
        QTest::newRow("two -> node") << 2u << 8u << 8u;
        QTest::newRow("six -> eight") << 6u << 8u << 8u;
        QTest::newRow("nine -> sixteen") << 9u << 8u << 16u;
        QTest::newRow("gb300 tray of 4: five -> eight") << 5u << 4u << 8u;
        QTest::newRow("gb300 tray of 4: three -> four") << 3u << 4u << 4u;
        QTest::newRow("single-card node") << 3u << 1u << 3u;
    }
    void bundles() {
        QFETCH(uint, gpus);
        QFETCH(uint, node);
        QFETCH(uint, bundle);
        QCOMPARE(roundToBundle(gpus, node), bundle);
    }

    void layoutRules_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<uint>("ep");
        QTest::addColumn<uint>("pp");
        QTest::addColumn<QString>("problem"); // substring, "" = valid
        QTest::newRow("k3/tp8 ep8") << "kimi-k3" << 8u << 8u << 1u << "";
        QTest::newRow("k3/tp6") << "kimi-k3" << 6u << 1u << 1u << "power of two";
        QTest::newRow("k3/tp64 heads") << "kimi-k3" << 64u << 1u << 1u << "attention heads";
        QTest::newRow("k3/ep3") << "kimi-k3" << 4u << 3u << 1u << "must be 1 or equal to TP";
        QTest::newRow("llama8b/ep on dense") << "llama-3.1-8b" << 2u << 2u << 1u << "mixture";
        QTest::newRow("mixtral/ep16 > experts")
            << "mixtral-8x7b" << 16u << 16u << 1u << "routed experts";
        QTest::newRow("llama8b/pp too deep") << "llama-3.1-8b" << 1u << 1u << 33u << "layers";
        QTest::newRow("zero") << "llama-3.1-8b" << 0u << 1u << 1u << "at least 1";
    }
    void layoutRules() {
        QFETCH(QString, model);
        QFETCH(uint, tp);
        QFETCH(uint, ep);
        QFETCH(uint, pp);
        QFETCH(QString, problem);
        const auto m = Catalogue::builtin().loadModel(model.toStdString());
        QVERIFY(m.ok());
        const QString got =
            QString::fromStdString(layoutProblem(m.value(), Parallelism{tp, ep, pp}));
        if (problem.isEmpty()) {
            QVERIFY2(got.isEmpty(), qPrintable(got));
        } else {
            QVERIFY2(got.contains(problem), qPrintable(got));
        }
    }

    void preferredLayoutAcrossNodes() {
        const auto k3 = Catalogue::builtin().loadModel("kimi-k3").value();
        const auto par = preferredLayout(k3, 32, 8);
        QVERIFY(par.ok());
        QCOMPARE(par->tp, 8u);
        QCOMPARE(par->pp, 4u);
        QCOMPARE(par->ep, 8u);
        // 96 heads: TP 32 would divide the heads but not fit one node; TP stays in the node.
        const auto gqa = Catalogue::builtin().loadModel("llama-3.1-70b").value();
        const auto six = preferredLayout(gqa, 6, 8);
        QVERIFY(six.ok());
        QCOMPARE(six->tp, 2u);
        QCOMPARE(six->pp, 3u);
    }

    // Practical count for K3 on H100 (80 GB): the floor is 20 cards; with 32k x 16 workload
    // the practical count is a whole number of 8-GPU nodes above it. Issue 13: it is the
    // layout search's 32 (TP/EP 32, the vLLM recipe's strategy_min_gpus h100), not the 24
    // (TP 8 x PP 3) the memory alone allows: MoE models do not run PP across nodes and TP/EP 24
    // is no power of two, so 24 is listed as unsupported by the engines; two nodes fewer (16)
    // do not hold the weights.
    void practicalK3H100() {
        Scenario s = scenario("kimi-k3", "h100", 0);
        const auto p = evaluate(s);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->fit.gpusFloor, 20u);
        QVERIFY(p->fit.practicalFound);
        QCOMPARE(p->fit.gpusPractical, 32u);
        QVERIFY(p->fit.fits);
        QCOMPARE(p->layout.gpuCount(), p->fit.gpusPractical);
        QCOMPARE(p->layout.tp, 32u);
        bool unsupported24 = false;
        for (const LayoutCandidate &c : p->search.candidates) {
            unsupported24 |=
                c.status == CandidateStatus::Unsupported && c.reason.rfind("24 GPUs", 0) == 0;
        }
        QVERIFY(unsupported24);
        Scenario fewer = s;
        fewer.hardware.gpuCount = p->fit.gpusPractical - 16;
        const auto q = evaluate(fewer);
        QVERIFY(q.ok());
        QVERIFY(!q->fit.fits);
        QVERIFY(!q->fit.reasons.empty());
    }

    void doesNotFitReasons_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<uint>("count");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<uint>("concurrency");
        QTest::addColumn<QString>("reason");
        QTest::newRow("k3 on one h200: weights")
            << "kimi-k3"
            << "h200" << 1u << 8192ull << 1u << "weights alone";
        QTest::newRow("llama70b bf16 on 2 4090: weights")
            << "llama-3.1-70b"
            << "rtx-4090" << 2u << 8192ull << 1u << "weights alone";
        QTest::newRow("llama8b 1000 users at 128k")
            << "llama-3.1-8b"
            << "h100" << 1u << 131072ull << 1000u << "fewer than the 1,000 requested";
        QTest::newRow("context above max")
            << "llama-3.1-8b"
            << "h100" << 1u << 200000ull << 1u << "above the model's maximum";
    }
    void doesNotFitReasons() {
        QFETCH(QString, model);
        QFETCH(QString, gpu);
        QFETCH(uint, count);
        QFETCH(qulonglong, context);
        QFETCH(uint, concurrency);
        QFETCH(QString, reason);
        Scenario s = scenario(model.toStdString(), gpu.toStdString(), count);
        s.workload.contextTokens = context;
        s.workload.concurrency = concurrency;
        const auto p = evaluate(s);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QVERIFY(!p->fit.fits);
        QString all;
        for (const auto &r : p->fit.reasons) {
            all += QString::fromStdString(r) + "\n";
        }
        QVERIFY2(all.contains(reason), qPrintable(all));
    }

    void llama8bOnOneCardFits() {
        Scenario s = scenario("llama-3.1-8b", "h100", 1);
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 4;
        const auto p = evaluate(s);
        QVERIFY(p.ok());
        QVERIFY(p->fit.fits);
        QCOMPARE(p->fit.gpusFloor, 1u);
        QCOMPARE(p->fit.gpusPractical, 1u);
        // KV room / per-sequence cost, rounded to 16-token blocks.
        const std::uint64_t perSeq = 131072ull * 8192;
        QCOMPARE(std::uint64_t(p->fit.maxConcurrency),
                 std::uint64_t(p->memory.kvCapacityBytesPerGpu) / perSeq);
        // Issue 12: the runtime is vLLM's own terms (CUDA context + non-torch + CUDA graphs,
        // engine/vllm_memory.cpp), no longer the flat 2 GB allowance.
        QCOMPARE(p->memory.perGpu.runtime, p->memory.engine.cudaContext +
                                               p->memory.engine.nonTorch +
                                               p->memory.engine.cudaGraphs);
        QCOMPARE(p->memory.engine.communication, 0ull);
    }

    void invalidExplicitLayout() {
        Scenario s = scenario("kimi-k3", "b300", 8);
        s.hardware.tp = 8;
        s.hardware.ep = 3;
        const auto p = evaluate(s);
        QVERIFY(!p.ok());
        QVERIFY(QString::fromStdString(p.error().toString()).contains("EP 3"));
        // TP x PP that divides the count but does not use it: the rest are replicas; one that
        // does not divide it is refused.
        Scenario t = scenario("kimi-k3", "b300", 8);
        t.hardware.tp = 4;
        t.hardware.pp = 1;
        const auto two = evaluate(t);
        QVERIFY2(two.ok(), two.ok() ? "" : two.error().toString().c_str());
        QCOMPARE(two->replicas, 2u);
        QVERIFY(!two->fit.fits); // a quarter of 1.56 TB on one 288 GB GPU
        t.hardware.gpuCount = 12;
        t.hardware.tp = 8;
        QVERIFY(!evaluate(t).ok());
    }

    /// `--gpu-count 16 --tp 4 --pp 1`: four data-parallel replicas of TP 4 (it was refused as
    /// "TP 4 x PP 1 does not use the 16 GPUs"); each replica holds its share of the sequences,
    /// the plan rents and prices all 16 GPUs, and capacity counts every replica.
    void explicitLayoutReplicas() {
        Scenario one = scenario("llama-3.1-70b", "h100", 4);
        one.hardware.tp = 4;
        one.hardware.pp = 1;
        one.workload.concurrency = 64;
        Scenario four = one;
        four.hardware.gpuCount = 16;
        const auto a = evaluate(one);
        const auto b = evaluate(four);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(a->replicas, 1u);
        QCOMPARE(b->replicas, 4u);
        QCOMPARE(b->layout.tp, 4u);
        QCOMPARE(b->layout.pp, 1u);
        QCOMPARE(b->rentedGpus(), 16u);
        QCOMPARE(b->sequencesPerReplica(), 16u);
        QCOMPARE(b->memory.perGpu.weights, a->memory.perGpu.weights);
        QCOMPARE(b->fit.maxConcurrency, 4 * a->fit.maxConcurrency);
        QVERIFY(std::abs(b->rental.usdPerHour - 4 * a->rental.usdPerHour) < 1e-9);
    }

    /// A model too large for any layout on the GPU, no count given: four 124.5 GB layers on
    /// single-GPU RTX 4090 hosts can split over 4 GPUs at most (TP 1, PP 4) where the weights
    /// need 21. The plan shows that widest layout, does not fit and says why (before: an error
    /// that PP 21 exceeds the layers).
    void noLayoutReachesTheFloor() {
        const std::string cfg =
            R"({"architectures":["LlamaForCausalLM"],"model_type":"llama","hidden_size":65536,
            "intermediate_size":262144,"num_attention_heads":64,"num_key_value_heads":8,
            "num_hidden_layers":4,"vocab_size":32000,"max_position_embeddings":4096,
            "torch_dtype":"bfloat16"})";
        const ModelSpec m = importHfConfigText(cfg, "wide-4-layers").value();
        QCOMPARE(largestLayoutGpus(m, 1), 4ull);
        QCOMPARE(largestLayoutGpus(m, 8), 32ull);
        Scenario s = scenario("kimi-k3", "rtx-4090", 0);
        s.workload.contextTokens = 4096;
        const auto p = evaluate(s, Catalogue::builtin(), m);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QVERIFY(!p->fit.fits);
        QCOMPARE(p->layout.tp, 1u);
        QCOMPARE(p->layout.pp, 4u);
        QCOMPARE(p->fit.gpusFloor, 21u);
        QVERIFY(std::find(p->warnings.begin(), p->warnings.end(),
                          "does not fit on any layout of rtx-4090: 498.0 GB of weights need 21 "
                          "GPUs, and no layout of this model spans more than 4 (TP within a node "
                          "of 1, PP up to the 4 layers); the widest is shown") !=
                p->warnings.end());
        QVERIFY(p->fit.reasons.front().find("weights alone need") == 0);
        // An explicit TP with no count: the error names the floor as the weights' need.
        s.hardware.tp = 2;
        QCOMPARE(QString::fromStdString(evaluate(s, Catalogue::builtin(), m).error().message),
                 "TP 2 does not divide the 21 GPUs the weights need (no GPU count was given)");
        // On H100 nodes of 8 the same model fits a layout (TP 8 within the node).
        QVERIFY(evaluate(scenario("kimi-k3", "h100-sxm", 0), Catalogue::builtin(), m).ok());
    }

    /// Every layer's own heads bound TP, not only num_attention_heads: Laguna-S-2.1 has 72
    /// query heads on 36 of its 48 layers (48 in the config's top-level key), so vLLM's
    /// QKVParallelLinear refuses TP 16 (4.5 heads per GPU) and the search must not pick it.
    /// KV heads are split or replicated: 12 of them shard over TP 4 but not TP 8.
    void perLayerHeadsBoundTp() {
        QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) +
                "/configs/poolside--Laguna-S-2.1-FP8_config.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto laguna = importHfConfigText(f.readAll().toStdString(), "laguna-s");
        QVERIFY2(laguna.ok(), laguna.ok() ? "" : laguna.error().toString().c_str());
        QCOMPARE(QString::fromStdString(layoutProblem(*laguna, Parallelism{16, 16, 1})),
                 "TP 16 does not divide the 72 attention heads of 36 layers");
        QCOMPARE(layoutProblem(*laguna, Parallelism{8, 8, 1}), std::string());
        QCOMPARE(largestLayoutGpus(*laguna, 16), std::uint64_t(8) * laguna->numLayers);

        const auto kv12 = importHfConfigText(
            R"({"model_type":"llama","hidden_size":6144,"intermediate_size":16384,
            "num_hidden_layers":4,"num_attention_heads":48,"num_key_value_heads":12,
            "head_dim":128,"vocab_size":32000})",
            "kv12");
        QVERIFY2(kv12.ok(), kv12.ok() ? "" : kv12.error().toString().c_str());
        QCOMPARE(layoutProblem(*kv12, Parallelism{4, 1, 1}), std::string());
        QCOMPARE(QString::fromStdString(layoutProblem(*kv12, Parallelism{8, 1, 1})),
                 "TP 8 neither divides nor is a multiple of the 12 KV heads of 4 layers");
    }

    /// An engine that refuses its arguments serves no sequence: vLLM refuses a context above
    /// the model's maximum before loading, so the plan's concurrency is 0 although its memory
    /// would hold several such sequences; the headroom stays the memory figure.
    void refusedEngineHoldsNoSequence() {
        Scenario s = defaultScenario();
        s.engine.engine = Engine::Vllm;
        s.workload.concurrency = 1;
        const auto first = evaluate(s);
        QVERIFY(first.ok());
        QVERIFY(first->model.maxContextTokens > 0);
        s.workload.contextTokens = first->model.maxContextTokens + 1;
        const auto p = evaluate(s);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(int(p->startup.outcome), int(StartupOutcome::ArgumentsRefused));
        QVERIFY(!p->fit.fits);
        QVERIFY(maxConcurrency(p->memory, s.workload.contextTokens, 16) >= 1);
        QCOMPARE(p->fit.maxConcurrency, 0u);
        QCOMPARE(p->fit.headroomBytesPerGpu,
                 p->memory.kvCapacityBytesPerGpu -
                     std::int64_t(p->memory.perGpu.kvCache + p->memory.perGpu.state));
        QVERIFY(p->fit.headroomBytesPerGpu > 0);
    }

    /// A $0 GPU-hour rate (an offer's slip, or owned GPUs entered as free), or one under half
    /// a cent, is said: every cost figure counts the GPUs as free.
    void zeroRateWarned() {
        Scenario s = defaultScenario();
        s.pricing.usdPerGpuHour = 0.0;
        const auto p = evaluate(s);
        QVERIFY(p.ok());
        QCOMPARE(p->rental.usdPerMonthScheduled, 0.0);
        QVERIFY(std::find(p->warnings.begin(), p->warnings.end(),
                          "the GPU-hour rate is $0: the rental cost, cost per 1M tokens and "
                          "break-even count the GPUs as free (enter their hourly cost)") !=
                p->warnings.end());
        // A rate that prints as $0.00 is said too (it priced the plan at $0.00 silently).
        s.pricing.usdPerGpuHour = 1e-4;
        const auto tiny = evaluate(s);
        QVERIFY(tiny.ok());
        QVERIFY(std::any_of(tiny->warnings.begin(), tiny->warnings.end(), [](const auto &w) {
            return w.find("rate is $0") != std::string::npos;
        }));
        s.pricing.usdPerGpuHour = 2.0;
        const auto priced = evaluate(s);
        QVERIFY(priced.ok());
        for (const std::string &w : priced->warnings) {
            QVERIFY(w.find("rate is $0") == std::string::npos);
        }
    }

    void hugeContextDoesNotOverflow() {
        Scenario s = scenario("kimi-k3", "b300", 8);
        s.workload.contextTokens = kMaxContextTokens;
        s.workload.concurrency = 1000000;
        const auto p = evaluate(s);
        QVERIFY(p.ok());
        QVERIFY(!p->fit.fits);
        QCOMPARE(p->fit.maxConcurrency, 0u);
        QVERIFY(p->memory.perGpu.kvCache > p->memory.perGpu.weights);
    }
};

QTEST_GUILESS_MAIN(TestFit)
#include "tst_fit.moc"
