// SPDX-License-Identifier: MIT
// Every figure of ../shared/reference/seed-figures.md, fed through the real core API.
// Units: the seeds use decimal TB / GB (10^12 / 10^9) and binary GiB (2^30); noted per row.
#include "catalogue/catalogue.h"
#include "sizing/cost.h"
#include "sizing/fit.h"
#include "sizing/memory.h"
#include "plan/plan.h"
#include "testutil.h"
#include "util/units.h"

#include <QTest>

using namespace hostplan;

namespace {

/// A model of `params` parameters in one group, for the seeds' "params x bytes per weight".
ModelSpec flatModel(double params, NumberFormat format) {
    ModelSpec m;
    m.id = "flat";
    m.displayName = "flat";
    m.totalParams = std::uint64_t(params);
    TensorGroup g;
    g.name = "all";
    g.role = GroupRole::Attention;
    g.params = std::uint64_t(params);
    g.format = format;
    m.groups.push_back(g);
    return m;
}

/// A dense GQA model (Llama-like shapes) of about `params` parameters.
ModelSpec denseModel(double params, std::uint32_t hidden, std::uint32_t layers) {
    ModelSpec m = flatModel(params, formats::fp4);
    m.hiddenSize = hidden;
    m.numLayers = layers;
    m.numAttentionHeads = hidden / 128;
    m.maxContextTokens = 131072;
    LayerGroup l;
    l.kind = AttentionKind::GQA;
    l.count = layers;
    l.qHeads = hidden / 128;
    l.kvHeads = 8;
    l.headDim = 128;
    m.layers.push_back(l);
    return m;
}

GpuSpec card(double advertisedGb) {
    GpuSpec g;
    g.id = "card";
    g.name = "card";
    g.memoryBytes = std::uint64_t(gb(advertisedGb));
    g.usableMemoryBytes = g.memoryBytes;
    g.gpusPerNode = 1;
    return g;
}

ModelSpec kimiK3() {
    auto m = Catalogue::builtin().loadModel("kimi-k3");
    if (!m.ok()) {
        qFatal("kimi-k3: %s", m.error().toString().c_str());
    }
    return m.value();
}

} // namespace

class TestSeedFigures : public QObject {
    Q_OBJECT
  private slots:
    // Seeds 000-003: 2.8e12 parameters x bytes per weight.
    void weightsPerFormat_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<double>("terabytes");
        QTest::newRow("seed003/4-bit no scales") << "fp4" << 1.4;
        QTest::newRow("seed003/bf16") << "bf16" << 5.6;
        QTest::newRow("seed003/fp8") << "fp8" << 2.8;
        QTest::newRow("seed003/2-bit") << "int2_g0" << 0.7;
        // "about 6 percent more, nearer 1.5 TB": 4.25 bits per weight exactly.
        QTest::newRow("seed003/mxfp4 with E8M0 scales") << "mxfp4" << 1.4875;
    }
    void weightsPerFormat() {
        QFETCH(QString, format);
        QFETCH(double, terabytes);
        const auto f = parseNumberFormat(format.toStdString());
        QVERIFY(f.ok());
        const ModelSpec m = withUniformFormat(flatModel(2.8e12, formats::bf16), f.value());
        QCOMPARE(double(m.weightBytes()), terabytes * kBytesPerTB);
    }

    // Seed 001: Kimi K2 (1.0e12) at bf16 is 2 TB, about 600 GB more than K3's native 1.4 TB.
    void kimiK2Bf16() {
        const auto k2 = flatModel(1.0e12, formats::bf16);
        const auto k3 = flatModel(2.8e12, formats::fp4);
        QCOMPARE(double(k2.weightBytes()), 2.0 * kBytesPerTB);
        QCOMPARE(double(k2.weightBytes() - k3.weightBytes()), 600 * kBytesPerGB);
    }

    // Seed 000: one request = 1.4 TB weights + 2-15 GB KV + ~30 GB activations + ~30 GB
    // runtime = "roughly 1.5 TB" (+-3%). KV here is K3's real MLA latent at 128k context.
    void singleRequestTotal() {
        ModelSpec m = withUniformFormat(kimiK3(), formats::fp4);
        // Scale the weights to the seed's 2.8e12 x 0.5 B (the real count is 2.78e12).
        m.groups = flatModel(2.8e12, formats::fp4).groups;
        Scenario s;
        s.workload.contextTokens = 128 * 1024;
        s.workload.concurrency = 1;
        s.engine.activationBytesPerGpu = std::uint64_t(gb(30));
        s.engine.runtimeBytesPerGpu = std::uint64_t(gb(30));
        GpuSpec big = card(2000);
        const MemoryBreakdown mem = computeMemory(m, big, Parallelism{1, 1, 1}, s);
        QVERIFY(mem.perGpu.kvCache >= gb(2) && mem.perGpu.kvCache <= gb(15));
        COMPARE_NEAR(double(mem.total.total()), 1.5 * kBytesPerTB, 0, 0.03);
    }

    // Seeds 000/001: 1.5 TB on H100 80 GB / H200 141 GB (memory only) -> 19 / 11 cards.
    // Seed 003: 1.4 TB weights on 80 / 141 / 192 / 288 GB -> 18 / 10 / 8 / 5 cards.
    void floors_data() {
        QTest::addColumn<double>("terabytes");
        QTest::addColumn<double>("cardGb");
        QTest::addColumn<uint>("cards");
        QTest::newRow("seed000/1.5TB/h100") << 1.5 << 80.0 << 19u;
        QTest::newRow("seed000/1.5TB/h200") << 1.5 << 141.0 << 11u;
        QTest::newRow("seed003/1.4TB/h100") << 1.4 << 80.0 << 18u;
        QTest::newRow("seed003/1.4TB/h200") << 1.4 << 141.0 << 10u;
        QTest::newRow("seed003/1.4TB/b200-192") << 1.4 << 192.0 << 8u;
        QTest::newRow("seed003/1.4TB/gb300") << 1.4 << 288.0 << 5u;
    }
    void floors() {
        QFETCH(double, terabytes);
        QFETCH(double, cardGb);
        QFETCH(uint, cards);
        QCOMPARE(memoryFloorGpus(std::uint64_t(terabytes * kBytesPerTB), std::uint64_t(gb(cardGb))),
                 cards);
    }

    // Seed 004: the real 1.56 TB checkpoint (imported from config.json) on catalogue GPUs.
    void checkpointFloors_data() {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<uint>("cards");
        QTest::newRow("seed004/h100") << "h100" << 20u;
        QTest::newRow("seed004/h200") << "h200" << 12u;
        QTest::newRow("seed004/b200-180") << "b200" << 9u;
        QTest::newRow("seed004/b300") << "b300" << 6u;
        QTest::newRow("seed004/mi300x") << "mi300x" << 9u;
    }
    void checkpointFloors() {
        QFETCH(QString, gpu);
        QFETCH(uint, cards);
        const auto g = Catalogue::builtin().findGpu(gpu.toStdString());
        QVERIFY(g.ok());
        QCOMPARE(memoryFloorGpus(kimiK3().weightBytes(), g->memoryBytes), cards);
    }

    // Seeds 003/004: TP works on 2, 4 or 8 GPUs, not 6; rentals come in bundles of 1 or 8:
    // a 6-card memory floor becomes 8 cards.
    void sixBecomesEight() {
        const ModelSpec k3 = kimiK3();
        QCOMPARE(roundToBundle(6, 8), 8u);
        QVERIFY(!layoutProblem(k3, Parallelism{6, 1, 1}).empty());
        const auto par = preferredLayout(k3, 8, 8);
        QVERIFY(par.ok());
        QCOMPARE(par->tp, 8u);
        QCOMPARE(par->pp, 1u);
        QCOMPARE(par->ep, 8u);
        // The whole pipeline: K3 weights on B300 give a floor of 6 and a practical 8.
        Scenario s = defaultScenario();
        s.hardware.gpuCount = 0;
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
        s.workload.concurrency = 1;
        s.workload.contextTokens = 8192;
        const auto plan = evaluate(s);
        QVERIFY(plan.ok());
        QCOMPARE(plan->fit.gpusFloor, 6u);
        QCOMPARE(plan->fit.gpusPractical, 8u);
        QCOMPARE(plan->layout.gpuCount(), 8u);
    }

    // Seed 000/001: 8 GPUs x 4.76 USD = ~38 USD/hour, ~27,800 USD/month always on, with a
    // 730-hour month (365 x 24 / 12); +-1%.
    void nodeRental() {
        const RentalCost c = rentalCost(8, 4.76, 24, 730);
        COMPARE_NEAR(c.usdPerHour, 38.0, 0, 0.01);
        COMPARE_NEAR(c.usdPerMonthAlwaysOn, 27800.0, 0, 0.01);
    }

    // Seed 001: 27,800 USD/month vs 15 USD per 1M output -> ~1.8 billion output tokens/month,
    // ~700 tokens/s; +-5%.
    void breakEvenOutputOnly() {
        const ApiPrice api = Catalogue::builtin().findApiPrice("kimi-k3-moonshot").value();
        const BreakEven b = breakEven(27800, api, 0, 0, 0, 50e6, 730);
        COMPARE_NEAR(b.outputOnlyTokensPerMonth, 1.8e9, 0, 0.05);
        COMPARE_NEAR(b.outputOnlyTokensPerSecond, 700, 0, 0.05);
        // With no input in the mix, the mixed figure equals the output-only one.
        QCOMPARE(b.outputTokensPerMonth, b.outputOnlyTokensPerMonth);
    }

    // Seed 001: a heavy user (50M tokens/month billed as output) costs 750 USD/month; the node
    // is ~40x that, so self-hosting pays from ~40 such users; +-10% on the ratio.
    void heavyUsers() {
        const ApiPrice api = Catalogue::builtin().findApiPrice("kimi-k3-moonshot").value();
        const BreakEven b = breakEven(27800, api, 0, 0, 0, 50e6, 730);
        QCOMPARE(b.heavyUserApiUsdPerMonth, 750.0);
        COMPARE_NEAR(b.heavyUsersToBreakEven, 40, 0, 0.10);
    }

    // Seed 003 at 2.50 USD/GPU-hour with a 30-day month (720 h); exact.
    void gpuHours_data() {
        QTest::addColumn<uint>("gpus");
        QTest::addColumn<double>("hoursPerDay");
        QTest::addColumn<double>("gpuHours");
        QTest::addColumn<double>("usd");
        QTest::newRow("seed003/1 gpu always on") << 1u << 24.0 << 720.0 << 1800.0;
        QTest::newRow("seed003/8 gpus 4h a day") << 8u << 4.0 << 960.0 << 2400.0;
        QTest::newRow("seed003/8 gpus always on") << 8u << 24.0 << 5760.0 << 14400.0;
        QTest::newRow("seed003/32 gpus always on") << 32u << 24.0 << 23040.0 << 57600.0;
    }
    void gpuHours() {
        QFETCH(uint, gpus);
        QFETCH(double, hoursPerDay);
        QFETCH(double, gpuHours);
        QFETCH(double, usd);
        const RentalCost c = rentalCost(gpus, 2.50, hoursPerDay, 720);
        COMPARE_NEAR(c.gpuHoursPerMonthScheduled, gpuHours, 1e-9, 0);
        COMPARE_NEAR(c.usdPerMonthScheduled, usd, 1e-9, 0);
    }

    // Seed 003: 14,400 USD/month vs 15 USD/1M output -> ~960M tokens/month, ~30M a day; +-5%.
    void breakEvenSmallNode() {
        const ApiPrice api = Catalogue::builtin().findApiPrice("kimi-k3-moonshot").value();
        const BreakEven b = breakEven(14400, api, 0, 0, 0, 50e6, 720);
        COMPARE_NEAR(b.outputOnlyTokensPerMonth, 960e6, 0, 0.05);
        COMPARE_NEAR(b.outputOnlyTokensPerMonth / 30, 30e6, 0, 0.10);
    }

    // Seeds 001/002: the Kimi K3 API prices; exact.
    void apiPrices() {
        const ApiPrice api = Catalogue::builtin().findApiPrice("kimi-k3-moonshot").value();
        QCOMPARE(api.inputUsdPerMTok, 3.00);
        QCOMPARE(api.cachedInputUsdPerMTok, 0.30);
        QCOMPARE(api.outputUsdPerMTok, 15.00);
        QVERIFY(!api.source.empty() && !api.asOf.empty());
    }

    // Seed 004: 2.4M USD over 64 accelerators = 37,500 USD per slot; exact.
    void budgetPerSlot() { QCOMPARE(budgetUsdPerGpu(2.4e6, 64), 37500.0); }

    // Seed 003: ordinary attention, 64 layers x 8 KV heads x 128 x fp8 = 131,072 B = 128 KiB
    // per token; 8k / 32k / 128k / 1M (k = 1024) -> 1 / 4 / 16 / 128 GiB per user. Exact.
    void kvPerUser_data() {
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<double>("gib");
        QTest::newRow("seed003/8k") << 8192ull << 1.0;
        QTest::newRow("seed003/32k") << 32768ull << 4.0;
        QTest::newRow("seed003/128k") << 131072ull << 16.0;
        QTest::newRow("seed003/1M") << 1048576ull << 128.0;
    }
    void kvPerUser() {
        QFETCH(qulonglong, context);
        QFETCH(double, gib);
        ModelSpec m = denseModel(70e9, 8192, 64);
        const CacheCost c = cacheCost(m, Parallelism{}, formats::fp8, formats::fp32, 1);
        QCOMPARE(qulonglong(c.kvBytesPerToken), 131072ull);
        QCOMPARE(double(c.perSequence(context)), gib * kBytesPerGiB);
    }

    // Seeds 001/003: a 600 GB KV pool and 15 / 2 / 1.5 / 1 GB per request -> 40 / 300 / 400 /
    // 600 concurrent requests. Exact.
    void concurrencyFromPool_data() {
        QTest::addColumn<double>("perRequestGb");
        QTest::addColumn<uint>("requests");
        QTest::newRow("seed001/1M context") << 15.0 << 40u;
        QTest::newRow("seed001/128K context") << 2.0 << 300u;
        QTest::newRow("seed001/32K context") << 1.5 << 400u;
        QTest::newRow("seed001/8K context") << 1.0 << 600u;
    }
    void concurrencyFromPool() {
        QFETCH(double, perRequestGb);
        QFETCH(uint, requests);
        MemoryBreakdown mem;
        mem.kvCapacityBytesPerGpu = std::int64_t(gb(600));
        mem.cache.kvBytesPerTokenPerGpu = std::uint64_t(gb(perRequestGb)) / 1000;
        QCOMPARE(maxConcurrency(mem, 1000, 1), requests);
    }

    // Seed 003: 1.5 TB downloaded at 1 GB/s is about 25 minutes.
    void downloadTime() { QCOMPARE(transferSeconds(1.5e12, 1e9) / 60.0, 25.0); }

    // Seed 003 fit rule for one card at 4-bit: params x 0.5 B + KV + ~2 GB runtime under VRAM:
    // 16 GB -> 7B, 24 GB -> 14B, 48 GB -> 32B, 80 GB -> 70B fit comfortably (one user, 8k).
    void oneCardRule_data() {
        QTest::addColumn<double>("cardGb");
        QTest::addColumn<double>("params");
        QTest::addColumn<uint>("hidden");
        QTest::addColumn<uint>("layers");
        QTest::newRow("seed003/16GB/7B") << 16.0 << 7e9 << 4096u << 32u;
        QTest::newRow("seed003/24GB/14B") << 24.0 << 14e9 << 5120u << 48u;
        QTest::newRow("seed003/48GB/32B") << 48.0 << 32e9 << 5120u << 64u;
        QTest::newRow("seed003/80GB/70B") << 80.0 << 70e9 << 8192u << 80u;
    }
    void oneCardRule() {
        QFETCH(double, cardGb);
        QFETCH(double, params);
        QFETCH(uint, hidden);
        QFETCH(uint, layers);
        const ModelSpec m = denseModel(params, hidden, layers);
        Scenario s;
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 1;
        const MemoryBreakdown mem = computeMemory(m, card(cardGb), Parallelism{}, s);
        // One card: "~2 GB runtime" in the seed's words; the engine's own terms (CUDA context,
        // non-torch memory, CUDA graphs: core/engine/vllm_memory.cpp) come to about that.
        QVERIFY2(mem.perGpu.runtime >= std::uint64_t(1 * kBytesPerGB) &&
                     mem.perGpu.runtime <= std::uint64_t(3 * kBytesPerGB),
                 qPrintable(QString::number(double(mem.perGpu.runtime) / kBytesPerGB)));
        QVERIFY2(maxConcurrency(mem, 8192, 16) >= 1, "the seed's pairing must fit");
        // A model 5x larger no longer fits the same card (the check is not vacuous).
        const MemoryBreakdown twice =
            computeMemory(denseModel(5 * params, hidden, layers), card(cardGb), Parallelism{}, s);
        QCOMPARE(maxConcurrency(twice, 8192, 16), 0u);
    }

    // Model card as quoted (seeds 000, 004): 2.8T total, 104B active (3.7%), 93 layers =
    // 69 KDA + 24 MLA, 896 routed experts, 16 active + 2 shared, MXFP4 weights, checkpoint
    // 1.5609 TB.
    void kimiK3Card() {
        const ModelSpec k3 = kimiK3();
        COMPARE_NEAR(double(k3.totalParams), 2.8e12, 0, 0.01);
        COMPARE_NEAR(double(k3.activeParams), 104e9, 0, 0.01);
        COMPARE_NEAR(double(k3.activeParams) / double(k3.totalParams), 0.037, 0.001, 0);
        QCOMPARE(k3.numLayers, 93u);
        std::uint32_t kda = 0;
        std::uint32_t mla = 0;
        for (const auto &l : k3.layers) {
            kda += l.kind == AttentionKind::Linear ? l.count : 0;
            mla += l.kind == AttentionKind::MLA ? l.count : 0;
        }
        QCOMPARE(kda, 69u);
        QCOMPARE(mla, 24u);
        QCOMPARE(k3.experts.routed, 896u);
        QCOMPARE(k3.experts.activePerToken, 16u);
        QCOMPARE(k3.experts.shared, 2u);
        bool mxfp4Experts = false;
        for (const auto &g : k3.groups) {
            mxfp4Experts |= g.role == GroupRole::RoutedExperts && g.format == formats::mxfp4;
        }
        QVERIFY(mxfp4Experts);
        COMPARE_NEAR(toTB(double(k3.weightBytes())), 1.5609, 0.00005, 0);
    }
};

QTEST_GUILESS_MAIN(TestSeedFigures)
#include "tst_seedfigures.moc"
