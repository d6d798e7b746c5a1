// Throughput model: formulas on small cases, capacity, calibration, and validation against the
// published measurements in ../shared/reference/observed-throughput.md (P1-P4). Each validation
// row states its tolerance and, where the model misses by more than 30%, why.
#include "plan/plan.h"
#include "plan/planjson.h"
#include "testutil.h"
#include "sizing/throughput.h"

#include <QTest>

#include <cmath>

using namespace hostplan;

namespace {

PlanResult planFor(const char *model, const char *gpu, std::uint32_t gpus, std::uint64_t context,
                   std::uint32_t concurrency) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.hardware.gpu = gpu;
    s.hardware.gpuCount = gpus;
    s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
    s.workload.contextTokens = context;
    s.workload.concurrency = concurrency;
    s.pricing.apiPriceId.clear();
    auto r = evaluate(s);
    if (!r.ok()) {
        qFatal("evaluate failed: %s", r.error().toString().c_str());
    }
    return r.value();
}

ThroughputModel modelFor(const PlanResult &p, const Efficiency &e = defaultEfficiency()) {
    return ThroughputModel(p.model, p.gpu, p.layout, p.memory.cache, p.gpu.gpusPerNode,
                           p.scenario.engine.prefillChunkTokens, e);
}

/// One weight matrix of n x k parameters in `format`, as a one-layer "model" with no attention:
/// the kernel-level checks (P3, P4) time a single GEMV / GEMM with it.
ModelSpec singleMatrix(std::uint64_t n, std::uint64_t k, const NumberFormat &format) {
    ModelSpec m;
    m.id = "matrix";
    m.hiddenSize = std::uint32_t(k);
    m.numLayers = 1;
    m.numAttentionHeads = 1;
    TensorGroup g;
    g.name = "matrix";
    g.role = GroupRole::DenseMlp;
    g.params = g.activeParams = n * k;
    g.format = format;
    m.groups.push_back(g);
    m.totalParams = m.activeParams = n * k;
    return m;
}

/// Seconds of one GEMM of M rows against an n x k matrix: the model's max(memory, compute)
/// with no overheads (and an optional fixed kernel floor).
double kernelSeconds(const GpuSpec &gpu, const NumberFormat &format, std::uint64_t n,
                     std::uint64_t k, std::uint32_t m, double floorS = 0) {
    Efficiency e = defaultEfficiency();
    e.stepOverheadS = 0;
    e.layerOverheadS = floorS;
    const ThroughputModel model(singleMatrix(n, k, format), gpu, Parallelism{}, CacheCost{}, 8,
                                8192, e);
    return model.decode(m, 0).stageSeconds;
}

GpuSpec gpuById(const char *id) {
    return Catalogue::builtin().findGpu(id).value();
}

} // namespace

class TestThroughput : public QObject {
    Q_OBJECT
  private slots:
    void expertCoverage_data() {
        QTest::addColumn<int>("experts");
        QTest::addColumn<int>("topK");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<double>("expected");
        QTest::newRow("gpt-oss/b1") << 128 << 4 << 1.0 << 4.0 / 128;
        QTest::newRow("gpt-oss/b8") << 128 << 4 << 8.0 << 1 - std::pow(124.0 / 128, 8);
        QTest::newRow("gpt-oss/b128") << 128 << 4 << 128.0 << 1 - std::pow(124.0 / 128, 128);
        QTest::newRow("kimi-k3/b16") << 896 << 16 << 16.0 << 1 - std::pow(880.0 / 896, 16);
        QTest::newRow("dense") << 0 << 0 << 5.0 << 1.0;
        QTest::newRow("topK=E") << 8 << 8 << 1.0 << 1.0;
        QTest::newRow("zeroTokens") << 128 << 4 << 0.0 << 0.0;
    }
    void expertCoverage() {
        QFETCH(int, experts);
        QFETCH(int, topK);
        QFETCH(double, tokens);
        QFETCH(double, expected);
        COMPARE_NEAR(
            ThroughputModel::expertCoverage(std::uint32_t(experts), std::uint32_t(topK), tokens),
            expected, 1e-12, 1e-12);
    }

    // A dense model at batch 1 is memory-bound: the step is weights / effective bandwidth plus
    // the fixed terms, exactly.
    void denseBatchOneIsBandwidthBound() {
        const PlanResult p = planFor("llama-3.1-8b", "h100", 1, 4096, 1);
        const ThroughputModel m = modelFor(p);
        const DecodeStep d = m.decode(1, 4096);
        QVERIFY(!d.computeBound);
        const Efficiency e = defaultEfficiency();
        const double bw = 3.35e12 * e.copyFractionOfPeak * e.gemvFractionOfCopy;
        COMPARE_NEAR(m.effectiveBandwidthBytesPerS(), bw, 0, 1e-12);
        COMPARE_NEAR(d.memorySeconds, (d.weightBytesPerGpu + d.cacheBytesPerGpu) / bw, 0, 1e-12);
        QCOMPARE(d.commSeconds, 0.0); // TP 1
        COMPARE_NEAR(d.overheadSeconds, e.stepOverheadS + 32 * e.layerOverheadS, 0, 1e-12);
        COMPARE_NEAR(d.tokenLatencySeconds, d.memorySeconds + d.commSeconds + d.overheadSeconds, 0,
                     1e-12);
        // 8B params in bf16, embedding not streamed: about 15 GB.
        COMPARE_NEAR(d.weightBytesPerGpu, 15.0e9, 0, 0.05);
    }

    // Larger batches never make a token faster for one user, and carry more tokens in total.
    void monotonicInBatch() {
        const PlanResult p = planFor("gpt-oss-120b", "h200", 8, 2048, 16);
        const ThroughputModel m = modelFor(p);
        double lastLatency = 0;
        double lastRate = 0;
        for (std::uint32_t b = 1; b <= 4096; b *= 2) {
            const DecodeStep d = m.decode(b, 2048);
            QVERIFY2(d.tokenLatencySeconds >= lastLatency, qPrintable(QString::number(b)));
            QVERIFY2(d.tokensPerSecond >= lastRate, qPrintable(QString::number(b)));
            lastLatency = d.tokenLatencySeconds;
            lastRate = d.tokensPerSecond;
        }
    }

    void prefillIsComputeBoundForLongPrompts() {
        const PlanResult p = planFor("llama-3.1-70b", "h100", 8, 32768, 4);
        const Prefill pf = modelFor(p).prefill(32768);
        QVERIFY(pf.computeBound);
        QCOMPARE(pf.chunkTokens, 8192u);
        // 2 x 70B x 32k FLOPs over 8 GPUs at 0.5 x 989 TFLOP/s is ~1.16 s; attention adds more.
        QVERIFY(pf.seconds > 1.1 && pf.seconds < 3.0);
    }

    void capacityAndCost() {
        const PlanResult p = planFor("gpt-oss-120b", "h200", 8, 8192, 64);
        const Throughput &t = p.throughput;
        QVERIFY(t.computed);
        QCOMPARE(t.confidence, Confidence::RooflineBound);
        const Capacity &c = t.capacity;
        QCOMPARE(c.memoryMaxBatch, p.fit.maxConcurrency);
        // vLLM's default max_num_seqs on a 141 GB card caps the batch as well.
        QCOMPARE(c.engineMaxBatch, 1024u);
        QCOMPARE(c.batch, std::min({c.memoryMaxBatch, c.latencyMaxBatch, c.engineMaxBatch}));
        QVERIFY(c.batch > 0);
        const ThroughputModel m = modelFor(p);
        // The capacity batch meets the target; one more does not (unless memory bound it).
        QVERIFY(m.decode(c.latencyMaxBatch, 8192).tokenLatencySeconds <=
                c.targetSecondsPerOutputToken);
        QVERIFY(m.decode(c.latencyMaxBatch + 1, 8192).tokenLatencySeconds >
                c.targetSecondsPerOutputToken);
        // Cost per 1M output tokens = scheduled monthly cost / monthly capacity.
        COMPARE_NEAR(c.usdPerMTokOutput,
                     p.rental.usdPerMonthScheduled / c.outputTokensPerMonth * 1e6, 0, 1e-12);
        COMPARE_NEAR(c.outputTokensPerMonth,
                     c.servingOutputTokensPerSecond * 730 * 3600 * c.utilisation, 0, 1e-12);
        COMPARE_NEAR(c.usersServed, c.outputTokensPerMonth / 50e6, 0, 1e-12);
        QVERIFY(c.servingOutputTokensPerSecond < c.outputTokensPerSecond); // prefill costs
        // The curve is sorted, holds the limits and marks them.
        QVERIFY(!t.curve.empty());
        bool sawMemoryLimit = false;
        for (std::size_t i = 0; i < t.curve.size(); ++i) {
            if (i) {
                QVERIFY(t.curve[i].batch > t.curve[i - 1].batch);
            }
            sawMemoryLimit = sawMemoryLimit || t.curve[i].batch == c.memoryMaxBatch;
            QCOMPARE(t.curve[i].withinMemory, t.curve[i].batch <= c.memoryMaxBatch);
        }
        QVERIFY(sawMemoryLimit);
    }

    void calibrationReplacesDefaults() {
        PlanResult p = planFor("gpt-oss-120b", "h200", 8, 4096, 8);
        const double before = p.throughput.atConcurrency.tokensPerSecond;
        Calibration cal;
        cal.hbmBandwidthBytesPerS = 4.27e12 / 2; // a card at half the copy bandwidth
        cal.source = "test probe";
        applyCalibration(p, cal);
        QCOMPARE(p.throughput.confidence, Confidence::Calibrated);
        QCOMPARE(p.throughput.efficiencySource, std::string("test probe"));
        QVERIFY(p.throughput.atConcurrency.tokensPerSecond < before);
        COMPARE_NEAR(p.throughput.effectiveBandwidthBytesPerS, 4.27e12 / 2 * 0.92, 0, 1e-12);
        // An empty calibration changes nothing.
        const Efficiency e = calibratedEfficiency(p.gpu, Calibration{});
        QCOMPARE(e.confidence, Confidence::RooflineBound);
        QCOMPARE(confidenceName(Confidence::Measured), std::string("measured"));
    }

    void jsonSection() {
        const PlanResult p = planFor("gpt-oss-120b", "h200", 8, 4096, 8);
        const auto j = planToJson(p);
        QVERIFY(j.contains("throughput"));
        const auto &t = j["throughput"];
        QCOMPARE(t["confidence"].get<std::string>(), std::string("roofline_bound"));
        QVERIFY(t["decode"]["tokens_per_second"].get<double>() > 0);
        QVERIFY(t["capacity"]["batch"].get<std::uint32_t>() > 0);
        QVERIFY(t["curve"].is_array() && !t["curve"].empty());
    }

    // ---- Validation against observed-throughput.md -------------------------------------

    // P1: gpt-oss-120b, 8x H200, TP8, vLLM serving benchmark (vllm-project/vllm#30326): 1,947.7
    // output tok/s at concurrency 8 and 12,781 at 128. The prompt and output lengths are not in
    // the reference; we assume `vllm bench serve`'s random-dataset defaults, 1,024 in and 128
    // out. Tolerance 30% (the bar). Note the fixed overheads were fitted to the
    // concurrency-8 row (see Efficiency::stepOverheadS), so only the 128 row is independent.
    void p1GptOssH200_data() {
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<double>("observed");
        QTest::newRow("gpt-oss-120b/h200x8/tp8/conc8") << 8 << 1947.7;
        QTest::newRow("gpt-oss-120b/h200x8/tp8/conc128") << 128 << 12781.0;
    }
    void p1GptOssH200() {
        QFETCH(int, concurrency);
        QFETCH(double, observed);
        const PlanResult p =
            planFor("gpt-oss-120b", "h200", 8, 1024 + 128, std::uint32_t(concurrency));
        QCOMPARE(p.layout.tp, 8u);
        const double model =
            modelFor(p).servingOutputTokensPerSecond(std::uint32_t(concurrency), 1024, 128);
        qInfo("P1 concurrency %d: model %.0f output tok/s, observed %.1f (ratio %.2f)", concurrency,
              model, observed, model / observed);
        COMPARE_NEAR(model, observed, 0, 0.30);
    }

    // P2: gpt-oss-120b, 8x B200, TP8, vLLM, ShareGPT, FlashInfer MXFP4 MoE (vllm-project/vllm
    // PR #23696): 7,404.7 output tok/s, mean TPOT 94 ms. The run sends all 1,000 ShareGPT
    // prompts at once (no --max-concurrency): 215,312 input and 197,144 output tokens in 26.62
    // s, so concurrency is not stated; Little's law gives ~697 sequences decoding on average
    // (7,404.7 tok/s x 0.09412 s). The model, at that batch, predicts more than 10x the observed
    // rate and a ~5 ms step against 94 ms: a documented miss of more than 30%. Why: at ~700
    // sequences the step is dominated by what the roofline leaves out: batches above vLLM's
    // largest captured CUDA graph (512) run eagerly, per-request CPU work (scheduling,
    // detokenising and streaming 1,000 responses) grows with the batch, and the burst puts
    // the 215k prompt tokens through prefill while decode waits (mean TTFT 3.4 s). The test
    // checks that the roofline stays an upper bound and records the ratio.
    void p2GptOssB200Burst() {
        const PlanResult p = planFor("gpt-oss-120b", "b200", 8, 2048, 697);
        QCOMPARE(p.layout.tp, 8u);
        const ThroughputModel m = modelFor(p);
        const double model = m.servingOutputTokensPerSecond(697, 215.312, 197.144);
        const double observed = 7404.7;
        qInfo("P2 (batch 697 by Little's law): model %.0f output tok/s, observed %.1f (ratio "
              "%.1f); model step %.1f ms vs observed mean TPOT 94 ms",
              model, observed, model / observed, m.decode(697, 314).tokenLatencySeconds * 1e3);
        QVERIFY(model > observed);
        // With a per-sequence CPU cost of ~125 us per step (P2's own gap: (94 ms - model step)
        // / 697), the model would land on the observed TPOT: the miss is that term.
        Efficiency e = defaultEfficiency();
        e.perSequenceOverheadS = 125e-6;
        const double withCpu = modelFor(p, e).decode(697, 314).tokenLatencySeconds;
        COMPARE_NEAR(withCpu, 0.094, 0, 0.30);
    }

    // P3: Marlin INT4 weight-only GEMM (vllm-project/vllm#2497): 3.1-3.2x over FP16 at batch
    // 1-16, 2.28x at 32, 1.47x at 64, ~1.0x at 128. The GPU is not named in the reference; we
    // use the A100 80GB's data-sheet figures (the ratio depends only on peak rate / bandwidth).
    // The dequant bandwidth factor 0.81 comes from the batch 1-16 rows, so those are a
    // consistency check; 32-128 test the compute term (dequantizing kernels at the BF16 rate x
    // 0.5). Tolerance 10% at 1-16 and 64-128; batch 32 sits on the roofline's sharp corner, where
    // the real transition is gradual, and is allowed 30%.
    void p3MarlinSpeedup_data() {
        QTest::addColumn<int>("batch");
        QTest::addColumn<double>("observed");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("int4-vs-bf16/a100/m1") << 1 << 3.15 << 0.10;
        QTest::newRow("int4-vs-bf16/a100/m16") << 16 << 3.15 << 0.10;
        QTest::newRow("int4-vs-bf16/a100/m32") << 32 << 2.28 << 0.30;
        QTest::newRow("int4-vs-bf16/a100/m64") << 64 << 1.47 << 0.10;
        QTest::newRow("int4-vs-bf16/a100/m128") << 128 << 1.0 << 0.10;
    }
    void p3MarlinSpeedup() {
        QFETCH(int, batch);
        QFETCH(double, observed);
        QFETCH(double, tolerance);
        const GpuSpec a100 = gpuById("a100-80gb");
        const std::uint64_t n = 8192, k = 8192;
        const double fp16 = kernelSeconds(a100, formats::bf16, n, k, std::uint32_t(batch));
        const double int4 = kernelSeconds(a100, formats::int4g128, n, k, std::uint32_t(batch));
        qInfo("P3 batch %d: model speed-up %.2fx, observed %.2fx", batch, fp16 / int4, observed);
        COMPARE_NEAR(fp16 / int4, observed, 0, tolerance);
    }

    // P4: MXFP4 x BF16 GEMM on one MI355X (ROCm/aiter#4772), M = 1, 8448 x 7168: 17.9 us vs
    // 33.1 us for hipBLASLt BF16 (1.85x). The pure roofline gives 16 / 4.25 = 3.76x, a miss of
    // more than 30%: at 32 MB (MXFP4) and 121 MB (BF16) the kernels are too short for their
    // fixed launch / tail cost to vanish. With one fixed ~13 us per kernel, the same term the
    // model's per-layer overhead stands for, the ratio comes to ~1.8x (tolerance 10%). At
    // M = 4096 the reference's 1,265.7 TFLOP/s is 51% of the BF16 peak, the source of the
    // default compute efficiency 0.5 (checked here to 5%).
    void p4Mxfp4Mi355x() {
        const GpuSpec mi355x = gpuById("mi355x");
        const std::uint64_t n = 8448, k = 7168;
        const double rooflineRatio = kernelSeconds(mi355x, formats::bf16, n, k, 1) /
                                     kernelSeconds(mi355x, formats::mxfp4, n, k, 1);
        COMPARE_NEAR(rooflineRatio, 16.0 / 4.25, 0, 0.02);
        const double floorRatio = kernelSeconds(mi355x, formats::bf16, n, k, 1, 13e-6) /
                                  kernelSeconds(mi355x, formats::mxfp4, n, k, 1, 13e-6);
        qInfo("P4 M=1: roofline %.2fx, with a 13 us kernel floor %.2fx, observed 1.85x",
              rooflineRatio, floorRatio);
        COMPARE_NEAR(floorRatio, 1.85, 0, 0.10);
        // MXFP4 weights x BF16 activations run at the BF16 rate: 2 x M x N x K / time.
        GpuSpec noNative = mi355x;
        noNative.nativeMxfp4 = false; // a weight-only (BF16-activation) kernel
        const double t = kernelSeconds(noNative, formats::mxfp4, n, k, 4096);
        const double tflops = 2.0 * 4096 * double(n) * double(k) / t / 1e12;
        qInfo("P4 M=4096: model %.1f TFLOP/s, observed 1265.7", tflops);
        COMPARE_NEAR(tflops, 1265.7, 0, 0.05);
    }
};

QTEST_GUILESS_MAIN(TestThroughput)
#include "tst_throughput.moc"
