// SPDX-License-Identifier: MIT
// SGLang's release rule sets (engine/engine.h SglangProfile): the release a user names, the
// piecewise CUDA graphs of v0.5.10 on (their capture sizes, when the server turns them off, the
// 8 MiB per size the default mem_fraction_static reserves), and v0.5.14's draft inside the
// fraction (its weights before the pool is sized, its KV pool of the same tokens inside it, and
// the refusal that names the minimum viable fraction).
#include "engine/draftmodel.h"
#include "engine/enginememory.h"
#include "goldenmemory.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <cstdio>

using namespace hostplan;

namespace {

Scenario sglangScenario(SglangProfile rules, std::uint64_t context = 32768) {
    Scenario s;
    s.engine.engine = Engine::Sglang;
    s.engine.sglangVersion = rules;
    s.workload.contextTokens = context;
    return s;
}

ModelSpec withDraft(ModelSpec target, const ModelSpec &draft) {
    target.draft = std::make_shared<const ModelSpec>(draft);
    return target;
}

SglangPiecewiseInput piecewise(SglangProfile rules, const ModelSpec &m, const GpuSpec &g) {
    SglangPiecewiseInput in;
    in.rules = rules;
    in.model = &m;
    in.gpu = &g;
    return in;
}

} // namespace

class tst_SglangRules : public QObject {
    Q_OBJECT

  private slots:
    // A release names the newest rule set at or before it; ids, a leading 'v' and post
    // releases are taken; older releases and other text are refused naming the field.
    void parseRelease_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("profile"); // -1: refused
        QTest::newRow("0.5") << "0.5" << int(SglangProfile::V05);
        QTest::newRow("0.5.3") << "0.5.3" << int(SglangProfile::V05);
        QTest::newRow("0.5.9") << "0.5.9" << int(SglangProfile::V05);
        QTest::newRow("v0.5.10") << "v0.5.10" << int(SglangProfile::V0510);
        QTest::newRow("0.5.10.post1") << "0.5.10.post1" << int(SglangProfile::V0510);
        QTest::newRow("0.5.3rc0") << "0.5.3rc0" << int(SglangProfile::V05);
        QTest::newRow("0.5.14.dev3") << "0.5.14.dev3" << int(SglangProfile::V0514);
        QTest::newRow("rc-only") << "rc1" << -1;
        QTest::newRow("0.5.13") << "0.5.13" << int(SglangProfile::V0510);
        QTest::newRow("0.5.14") << "0.5.14" << int(SglangProfile::V0514);
        QTest::newRow("0.5.19") << "0.5.19" << int(SglangProfile::V0514);
        QTest::newRow("0.6.1") << "0.6.1" << int(SglangProfile::V0514);
        QTest::newRow("0.4.3") << "0.4.3" << -1;
        QTest::newRow("word") << "latest" << -1;
        QTest::newRow("empty") << "" << -1;
    }
    void parseRelease() {
        QFETCH(QString, text);
        QFETCH(int, profile);
        const auto r = parseSglangVersion(text.toStdString());
        if (profile < 0) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().field, std::string("sglang_version"));
            QVERIFY2(r.error().message.find("0.5.14, 0.5.10, 0.5") != std::string::npos,
                     r.error().message.c_str());
            return;
        }
        QVERIFY2(r.ok(), text.toUtf8().constData());
        QCOMPARE(int(r.value()), profile);
    }

    // The scenario keeps the rule set's id; a bad release names engine.sglang_version.
    void scenarioRoundTrip() {
        auto s = parseScenario(
            R"({"schema_version": 1, "engine": {"name": "sglang", "sglang_version": "0.5.12"}})");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
        QCOMPARE(s.value().engine.sglangVersion, std::optional(SglangProfile::V0510));
        const std::string text = scenarioToJson(s.value());
        QVERIFY2(text.find(R"("sglang_version": "0.5.10")") != std::string::npos, text.c_str());
        auto back = parseScenario(text);
        QVERIFY(back.ok());
        QCOMPARE(back.value().engine, s.value().engine);
        auto bad = parseScenario(R"({"schema_version": 1, "engine": {"sglang_version": "0.4"}})");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("engine.sglang_version"));
    }

    // _generate_piecewise_cuda_graph_tokens: 4..32/4, 48..256/16, 288..512/32, 576..1024/64,
    // 1280..4096/256, then by 512, each at most the cap.
    void piecewiseSizes() {
        QCOMPARE(sglangPiecewiseGraphSizes(0), 0u);
        QCOMPARE(sglangPiecewiseGraphSizes(3), 0u);
        QCOMPARE(sglangPiecewiseGraphSizes(4), 1u);
        QCOMPARE(sglangPiecewiseGraphSizes(1024), 38u);
        QCOMPARE(sglangPiecewiseGraphSizes(2048), 42u);
        QCOMPARE(sglangPiecewiseGraphSizes(4096), 50u);
        QCOMPARE(sglangPiecewiseGraphSizes(4607), 50u);
        QCOMPARE(sglangPiecewiseGraphSizes(4608), 51u);
        QCOMPARE(sglangPiecewiseGraphSizes(8192), 58u);
        QCOMPARE(sglangPiecewiseGraphSizes(16384), 74u);
    }

    // The default fraction: 8 MiB per capture size before the 10 GiB floor; the speculative
    // reserve after it (EAGLE 2 GiB in v0.5, 4 GiB from v0.5.10; STANDALONE 6 GiB) up to
    // v0.5.13 only; the chunked prefill size the
    // server runs with, given or not.
    void defaultFraction() {
        SglangFractionInput in;
        in.rules = SglangProfile::V05;
        in.gpuMiB = 81920;
        QCOMPARE(sglangDefaultMemFraction(in), 0.836); // 13,440 MiB reserved
        in.speculative = true;
        QCOMPARE(sglangDefaultMemFraction(in), 0.811); // + 2,048 MiB for EAGLE / NEXTN
        in.speculative = false;
        in.rules = SglangProfile::V0510;
        in.piecewiseReserveMiB = 58 * 8;
        QCOMPARE(sglangDefaultMemFraction(in), 0.830); // + 464 MiB
        in.speculative = true;
        QCOMPARE(sglangDefaultMemFraction(in), 0.780); // + 4,096 MiB in the v0.5.10 period
        in.rules = SglangProfile::V0514;
        QCOMPARE(sglangDefaultMemFraction(in), 0.830); // the draft is inside the fraction
        in.standaloneDraft = true;
        QCOMPARE(sglangDefaultMemFraction(in), 0.830);
        // A given chunk of 2,048: 512 + 3,072 + 512 + 128 + 336 = 4,560 MiB, under the 10 GiB
        // floor, so the capture sizes change nothing.
        SglangFractionInput small;
        small.gpuMiB = 81920;
        small.chunkedPrefillSize = 2048;
        QCOMPARE(sglangDefaultMemFraction(small), 0.875);
        small.rules = SglangProfile::V0510;
        small.piecewiseReserveMiB = 42 * 8;
        QCOMPARE(sglangDefaultMemFraction(small), 0.875);
        // TP x PP / 8 GiB: TP 4 x PP 2 on a 139.8 GiB H200 reserves 512 + 12,288 + 1,024 +
        // 1,024 = 14,848 MiB.
        SglangFractionInput pp;
        pp.gpuMiB = 139.8 * 1024;
        pp.tp = 4;
        pp.pp = 2;
        QCOMPARE(sglangDefaultMemFraction(pp), 0.896);
        QCOMPARE(sglangDefaultMemFraction(pp.gpuMiB, 4, 2), 0.896);
        QCOMPARE(sglangDefaultMemFraction(pp.gpuMiB, 4, 1), 0.900);
    }

    // When the server captures piecewise graphs, for how many tokens, and what it reserves.
    void piecewiseConditions() {
        const ModelSpec dense = golden::catalogueModel("llama-3.1-8b");
        const ModelSpec mla = golden::catalogueModel("deepseek-v3");
        const ModelSpec next = golden::catalogueModel("qwen3-next-80b-a3b");
        const ModelSpec dsa = golden::dataConfigModel("deepseek-ai--DeepSeek-V3.2_config.json",
                                                      "deepseek-ai/DeepSeek-V3.2");
        const ModelSpec vision = golden::dataConfigModel("google--medgemma-27b-it_config.json",
                                                         "google/medgemma-27b-it");
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        GpuSpec mi300x = h100;
        mi300x.vendor = "AMD";
        SglangPiecewiseInput in = piecewise(SglangProfile::V0510, dense, h100);
        SglangPiecewiseGraphs g = sglangPiecewiseGraphs(in); // chunk 8,192 on an 80 GiB GPU
        QCOMPARE(g.sizes, 58u);
        QCOMPARE(g.reserveMiB, 464.0);
        in.chunkedPrefillSize = 4096;
        QCOMPARE(sglangPiecewiseGraphs(in).sizes, 50u);
        g = sglangPiecewiseGraphs(piecewise(SglangProfile::V0510, mla, h100));
        QCOMPARE(g.sizes, 42u); // capped at 2,048 tokens
        QCOMPARE(g.reserveMiB, 1536.0);
        for (const ModelSpec *off : {&dsa, &next, &vision}) {
            QCOMPARE(sglangPiecewiseGraphs(piecewise(SglangProfile::V0510, *off, h100)).sizes, 0u);
        }
        QCOMPARE(sglangPiecewiseGraphs(piecewise(SglangProfile::V05, dense, h100)).sizes, 0u);
        QCOMPARE(sglangPiecewiseGraphs(piecewise(SglangProfile::V0510, dense, mi300x)).sizes, 0u);
        SglangPiecewiseInput pp = piecewise(SglangProfile::V0514, dense, h100);
        pp.pp = 2;
        QCOMPARE(sglangPiecewiseGraphs(pp).reserveMiB, 0.0);
        SglangPiecewiseInput spec = piecewise(SglangProfile::V0510, dense, h100);
        spec.speculative = true;
        QCOMPARE(sglangPiecewiseGraphs(spec).sizes, 0u);
        spec.rules = SglangProfile::V0514;
        QCOMPARE(sglangPiecewiseGraphs(spec).sizes, 58u);
    }

    // A plan carries the rule set's fraction, graph term and engine version.
    void planTerms() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const Parallelism tp8{8, 1, 1};
        const EngineMemoryInput v05 =
            engineInputFor(m, h200, tp8, sglangScenario(SglangProfile::V05, 8192));
        const EngineMemoryInput v0510 =
            engineInputFor(m, h200, tp8, sglangScenario(SglangProfile::V0510, 8192));
        // 512 + 12,288 + 1,024 + 1,024 MiB (+ 1,536 MiB of piecewise graphs for MLA).
        QCOMPARE(v05.memoryFraction, 0.896);
        QCOMPARE(v0510.memoryFraction, 0.886);
        const EngineMemoryTerms a = sglangMemoryModel().terms(v05);
        const EngineMemoryTerms b = sglangMemoryModel().terms(v0510);
        QCOMPARE(a.cudaGraphs, 512ull * 2 * kBytesPerMiB);
        QCOMPARE(b.cudaGraphs, (512ull * 2 + 1536) * kBytesPerMiB);
        // --disable-cuda-graph leaves the piecewise graphs (and their reserve) on.
        Scenario eager = sglangScenario(SglangProfile::V0510, 8192);
        eager.engine.cudaGraphs = false;
        const EngineMemoryInput e = engineInputFor(m, h200, tp8, eager);
        QCOMPARE(e.memoryFraction, 0.886);
        QCOMPARE(sglangMemoryModel().terms(e).cudaGraphs, 1536ull * kBytesPerMiB);
        QCOMPARE(a.engineVersion, std::string("SGLang v0.5.0 to v0.5.9"));
        QCOMPARE(b.engineVersion, std::string("SGLang v0.5.10 to v0.5.13"));
        QVERIFY(b.kvTokens < a.kvTokens);
        // A given fraction is the user's under every rule set.
        Scenario given = sglangScenario(SglangProfile::V0514, 8192);
        given.engine.memoryFraction = 0.85;
        QCOMPARE(engineInputFor(m, h200, tp8, given).memoryFraction, 0.85);
    }

    // v0.5.14: the pool is sized after the target's and the draft's weights (PR #28855) and
    // the draft's pool of the same tokens sits inside it (PR #23862), so a fraction at which
    // v0.5's draft ran out of memory in the reserve now starts, with fewer tokens.
    void draftInsideFraction() {
        const ModelSpec draft = golden::catalogueModel("llama-3.1-8b");
        const ModelSpec both = withDraft(golden::catalogueModel("llama-3.1-70b"), draft);
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        Scenario s = sglangScenario(SglangProfile::V05);
        s.engine.memoryFraction = 0.9;
        const EngineMemoryInput old = engineInputFor(both, g, {4, 1, 1}, s);
        QCOMPARE(engineStartup(Engine::Sglang, old).outcome, StartupOutcome::DraftDoesNotFit);
        s.engine.sglangVersion = SglangProfile::V0514;
        const EngineMemoryInput in = engineInputFor(both, g, {4, 1, 1}, s);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        QCOMPARE(t.draftWeights, draftModelWeightBytes(draft, 4));
        const double pre = double(g.usableMemoryBytes) - double(t.cudaContext + t.communication);
        const double rest = std::floor(pre * 0.9) - double(t.weights());
        const std::uint64_t cell = t.kvBytesPerToken;
        const std::uint64_t dcell = t.draftKvBytesPerToken;
        QCOMPARE(dcell, 32ull * 2 * 128 * 2 * 2); // the 8B: 2 of its 8 KV heads per GPU at TP 4
        const std::uint64_t shared = std::uint64_t(rest) / (cell + dcell);
        QCOMPARE(t.kvTokens, (std::uint64_t(rest) - shared * dcell) / cell);
        QVERIFY(t.kvTokens - shared <= 1);
        QCOMPARE(t.draftKvBytes, t.kvTokens * dcell);
        const double reserve = pre - std::floor(pre * 0.9) - double(t.cudaGraphs);
        QCOMPARE(t.reserveMarginBytes,
                 std::int64_t(std::floor(reserve)) - std::int64_t(t.requestTableBytes));
        QVERIFY(engineStartup(Engine::Sglang, in).starts());
        QVERIFY(t.kvTokens < sglangMemoryModel().terms(old).kvTokens);
    }

    // v0.5.14: an MTP draft's own embedding and LM head (bf16, split over TP) are resident when
    // the pool is sized. Qwen3.5-27B at TP 2: 2 x 124,160 x 5,120 x 2 B, the "~2.37 GB/rank
    // ... two un-shared bf16 placeholders (124,160 x 5,120 x 2 B each)" of a v0.5.19 log
    // (sgl-project/sglang PR #32468). v0.5's draft loads after the pool and shares them.
    void mtpPlaceholders() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        QCOMPARE(m.mtpLayers, 1u);
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        Scenario s = sglangScenario(SglangProfile::V0514, 8192);
        s.workload.speculativeTokens = 3;
        const EngineMemoryInput in = engineInputFor(m, g, {2, 1, 1}, s);
        QCOMPARE(in.draftLayers, 1u);
        const std::uint64_t placeholders = 2ull * 124160 * 5120 * 2;
        QCOMPARE(sglangMemoryModel().terms(in).draftWeights,
                 mtpDraftWeightBytes(m, 1, 2, false) + placeholders);
        s.engine.sglangVersion = SglangProfile::V05;
        QCOMPARE(sglangMemoryModel().terms(engineInputFor(m, g, {2, 1, 1}, s)).draftWeights,
                 mtpDraftWeightBytes(m, 1, 2, false));
    }

    // v0.5.14's refusal when the loaded weights leave nothing: it names the minimum viable
    // fraction 1 - available / pre, which is the loaded weights over pre.
    void noRoomRefusal() {
        const ModelSpec both = withDraft(golden::catalogueModel("llama-3.1-70b"),
                                         golden::catalogueModel("llama-3.1-8b"));
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        Scenario s = sglangScenario(SglangProfile::V0514);
        s.engine.memoryFraction = 0.5;
        const EngineMemoryInput in = engineInputFor(both, g, {2, 1, 1}, s);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        QVERIFY(t.kvPoolBytes <= 0);
        const EngineStartup st = engineStartup(Engine::Sglang, in);
        QCOMPARE(st.outcome, StartupOutcome::KvPoolNegative);
        const double pre = double(g.usableMemoryBytes) - double(t.cudaContext + t.communication);
        const double minimum = double(t.weights()) / pre;
        QVERIFY(minimum > 0.9 && minimum < 1.0); // 70B + 8B in BF16 over two 80 GiB GPUs
        char want[160];
        std::snprintf(want, sizeof want,
                      "--mem-fraction-static=0.50. Raise --mem-fraction-static above %.3f "
                      "(minimum viable = 1 - available/pre = %.4f).",
                      std::ceil(minimum * 1000) / 1000, minimum);
        QVERIFY2(
            st.message.rfind("Loaded weights leave no GPU memory for the KV cache under ", 0) == 0,
            st.message.c_str());
        QVERIFY2(st.message.find(want) != std::string::npos, st.message.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_SglangRules)
#include "tst_sglangrules.moc"
