// SPDX-License-Identifier: MIT
// SGLang's release rule sets (engine/engine.h SglangProfile): the release a user names, the
// piecewise CUDA graphs of v0.5.10 on (their capture sizes, when the server turns them off, the
// 8 MiB per size the default mem_fraction_static reserves), and v0.5.14's draft inside the
// fraction (its weights before the pool is sized, its KV pool of the same tokens inside it, and
// the refusal that names the minimum viable fraction).
#include "engine/draftmodel.h"
#include "engine/enginememory.h"
#include "engine/sglangaiter.h"
#include "goldenmemory.h"
#include "engine/servecommand.h"
#include "plan/plan.h"
#include "plantestutil.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
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
        QTest::addColumn<int>("profile");                         // -1: refused
        QTest::newRow("0.5") << "0.5" << int(SglangProfile::V05); // the id saved before
        QTest::newRow("0.5.0") << "0.5.0" << int(SglangProfile::V0493);
        QTest::newRow("0.5.2") << "0.5.2" << int(SglangProfile::V0493);
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
        // The releases before v0.5.3, each by its post release.
        QTest::newRow("0.4") << "0.4" << int(SglangProfile::V040);
        QTest::newRow("0.4.3.post4") << "0.4.3.post4" << int(SglangProfile::V040);
        QTest::newRow("0.4.4.post3") << "0.4.4.post3" << int(SglangProfile::V040);
        QTest::newRow("0.4.4.post4") << "0.4.4.post4" << int(SglangProfile::V0444);
        QTest::newRow("0.4.5.post2") << "0.4.5.post2" << int(SglangProfile::V0444);
        QTest::newRow("v0.4.5.post3") << "v0.4.5.post3" << int(SglangProfile::V0453);
        QTest::newRow("0.4.6.post1") << "0.4.6.post1" << int(SglangProfile::V0453);
        QTest::newRow("0.4.6.post5") << "0.4.6.post5" << int(SglangProfile::V0462);
        QTest::newRow("0.4.7") << "0.4.7" << int(SglangProfile::V047);
        QTest::newRow("0.4.7.post1") << "0.4.7.post1" << int(SglangProfile::V0471);
        QTest::newRow("0.4.8.post1") << "0.4.8.post1" << int(SglangProfile::V0471);
        QTest::newRow("0.4.9.post2") << "0.4.9.post2" << int(SglangProfile::V049);
        QTest::newRow("0.4.9.post3") << "0.4.9.post3" << int(SglangProfile::V0493);
        QTest::newRow("0.4.10.post2") << "0.4.10.post2" << int(SglangProfile::V0493);
        QTest::newRow("0.3.6") << "0.3.6" << -1;
        QTest::newRow("typo major") << "9.9.9.post99" << -1;
        QTest::newRow("typo minor") << "0.100" << -1;
        QTest::newRow("bad post") << "0.4.7.postx" << -1;
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
            QVERIFY2(r.error().message.find("0.5.14, 0.5.10, 0.5.3, 0.4.9.post3") !=
                         std::string::npos,
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
        auto post =
            parseScenario(R"({"schema_version": 1, "engine": {"sglang_version": "0.4.8.post1"}})");
        QVERIFY(post.ok());
        QCOMPARE(post.value().engine.sglangVersion, std::optional(SglangProfile::V0471));
        QVERIFY(scenarioToJson(post.value()).find(R"("sglang_version": "0.4.7.post1")") !=
                std::string::npos);
        auto bad = parseScenario(R"({"schema_version": 1, "engine": {"sglang_version": "0.3.6"}})");
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

    // The default fraction before v0.5.3 (server_args.py at each release's bump commit): the
    // TP table to v0.4.7 with its large-GPU rules, then PR #7054's memory tiers.
    void olderDefaultFraction() {
        const double h100 = 81080; // 79.18 GiB
        const double h200 = 139.8 * 1024;
        const double b200 = 178.35 * 1024;
        auto frac = [](SglangProfile rules, double gpu, std::uint32_t tp, std::uint32_t pp = 1,
                       bool spec = false, bool standalone = false, bool cuda = true) {
            SglangFractionInput in;
            in.rules = rules;
            in.gpuMiB = gpu;
            in.tp = tp;
            in.pp = pp;
            in.speculative = spec;
            in.standaloneDraft = standalone;
            in.cuda = cuda;
            return sglangDefaultMemFraction(in);
        };
        QCOMPARE(frac(SglangProfile::V040, h100, 1), 0.88);
        QCOMPARE(frac(SglangProfile::V040, h100, 2), 0.87);
        QCOMPARE(frac(SglangProfile::V040, h100, 4), 0.85);
        QCOMPARE(frac(SglangProfile::V040, h100, 8), 0.81);
        QCOMPARE(frac(SglangProfile::V040, h100, 16), 0.79);
        QCOMPARE(frac(SglangProfile::V040, h200, 8), 0.81);          // no size rule yet
        QCOMPARE(frac(SglangProfile::V0444, h100, 4, 2), 0.85);      // TP alone
        QCOMPARE(frac(SglangProfile::V0462, h100, 4, 2), 0.81);      // TP x PP
        QCOMPARE(frac(SglangProfile::V040, h100, 1, 1, true), 0.88); // no speculative term
        // v0.4.5.post3: 13 GiB above 81,920 MiB, at any TP.
        QCOMPARE(frac(SglangProfile::V0453, h200, 8), (h200 - 13312) / h200);
        QCOMPARE(frac(SglangProfile::V0453, h100, 8), 0.81);
        // v0.4.6.post2: min(0.88 + 48 GiB x 0.12 / gpu, (gpu - 18 GiB) / gpu) above 96 GiB.
        QCOMPARE(frac(SglangProfile::V0462, h200, 8), (h200 - 18432) / h200); // 0.871
        QVERIFY(std::abs(frac(SglangProfile::V0462, h200, 8) - 0.8712) < 1e-4);
        // v0.4.7: 0.79 above 180,000 MB on CUDA; an AMD GPU of 192 GB takes the 96 GiB rule;
        // speculative decoding reserves 20 GiB above 96 GiB, else takes 0.95 of the table.
        QCOMPARE(frac(SglangProfile::V047, b200, 8), 0.79);
        QCOMPARE(frac(SglangProfile::V0462, b200, 8), (b200 - 18432) / b200);
        const double mi300x = 191.98 * 1024;
        QCOMPARE(frac(SglangProfile::V047, mi300x, 8, 1, false, false, false),
                 std::min(0.88 + 49152 * 0.12 / mi300x, (mi300x - 18432) / mi300x));
        QCOMPARE(frac(SglangProfile::V047, h200, 8, 1, true), (h200 - 20480) / h200);
        QCOMPARE(frac(SglangProfile::V047, h100, 1, 1, true), 0.88 * 0.95);
        // v0.4.7.post1 to v0.5.2: (9.5 + TP x PP / 2) GiB on an 80 GB GPU, 12 + TP x PP / 2
        // below 160 GiB, 32 GiB above, (2.8 + TP x PP / 10) GiB below 35 GiB; rounded.
        QCOMPARE(frac(SglangProfile::V0471, h100, 1), 0.874);                // 10,240 MiB reserved
        QCOMPARE(frac(SglangProfile::V0471, h100, 8), 0.830);                // 13,824 MiB
        QCOMPARE(frac(SglangProfile::V0493, h200, 8), 0.886);                // 16,384 MiB
        QCOMPARE(frac(SglangProfile::V0493, b200, 8), 0.821);                // 32,768 MiB
        QCOMPARE(frac(SglangProfile::V049, 22.03 * 1024, 4), 0.855);         // L4: 3,277 MiB
        QCOMPARE(frac(SglangProfile::V0471, h100, 1, 1, true), 0.848);       // + 2 GiB
        QCOMPARE(frac(SglangProfile::V0471, h100, 1, 1, true, true), 0.848); // no STANDALONE
        QCOMPARE(frac(SglangProfile::V0493, h100, 1, 1, true, true), 0.798); // + 6 GiB (0.5.2)
    }

    // chunked_prefill_size and the largest CUDA-graph batch before v0.5.3.
    void olderGpuDefaults() {
        auto check = [](SglangProfile rules, double gpu, std::uint32_t tp, std::uint32_t chunk,
                        std::uint32_t bs) {
            const SglangGpuDefaults d = sglangGpuDefaults(gpu, tp, rules);
            QCOMPARE(d.chunkedPrefillSize, chunk);
            QCOMPARE(d.cudaGraphMaxBs, bs);
        };
        check(SglangProfile::V040, 22558, 1, 2048, 8); // L4: below 25,000 MiB
        check(SglangProfile::V040, 22558, 4, 2048, 80);
        check(SglangProfile::V040, 81080, 1, 8192, 160);
        check(SglangProfile::V040, 143155, 1, 8192, 160);
        check(SglangProfile::V0453, 143155, 1, 8192, 256); // above 81,920 MiB
        check(SglangProfile::V0462, 97280, 1, 8192, 160);  // not above 96 GiB
        check(SglangProfile::V0471, 97280, 1, 8192, 256);  // above 90 GiB
        check(SglangProfile::V0462, 182630, 8, 8192, 256);
        check(SglangProfile::V047, 182630, 8, 16384, 512); // above 180,000 MiB
        check(SglangProfile::V0471, 170000, 8, 16384, 512);
        check(SglangProfile::V0471, 30000, 2, 2048, 8); // below 35 GiB
        check(SglangProfile::V0471, 81080, 8, 8192, 160);
        // From v0.5.3 the size table of PR #10975.
        check(SglangProfile::V05, 81080, 1, 8192, 256);
    }

    // A multimodal model: to v0.4.8.post1 the model runner scales any fraction (0.95, then
    // 0.90 from v0.4.4.post4); from v0.4.9 only the default, 0.90, then by the tower's size.
    void olderVisionFactor() {
        const ModelSpec vision = golden::dataConfigModel("google--medgemma-27b-it_config.json",
                                                         "google/medgemma-27b-it");
        const ModelSpec text = golden::catalogueModel("llama-3.1-8b");
        QCOMPARE(sglangRunnerFractionFactor(vision, SglangProfile::V040), 0.95);
        QCOMPARE(sglangRunnerFractionFactor(vision, SglangProfile::V0444), 0.90);
        QCOMPARE(sglangRunnerFractionFactor(vision, SglangProfile::V0471), 0.90);
        QCOMPARE(sglangRunnerFractionFactor(vision, SglangProfile::V049), 1.0);
        QCOMPARE(sglangRunnerFractionFactor(text, SglangProfile::V040), 1.0);
        QCOMPARE(sglangVisionFractionFactor(vision, SglangProfile::V0471), 1.0);
        QCOMPARE(sglangVisionFractionFactor(vision, SglangProfile::V049), 0.90);
        QCOMPARE(sglangVisionFractionFactor(vision, SglangProfile::V0493),
                 sglangVisionFractionFactor(vision));
        QCOMPARE(sglangVisionFractionFactor(text, SglangProfile::V049), 1.0);
        // A given 0.85 stays the plan's flag; v0.4.3's pool is sized at 0.85 x 0.95 of the free
        // memory before loading.
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        Scenario s = sglangScenario(SglangProfile::V040, 8192);
        s.engine.memoryFraction = 0.85;
        const EngineMemoryInput in = engineInputFor(vision, h100, {2, 1, 1}, s);
        QCOMPARE(in.memoryFraction, 0.85);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        const double pre = double(h100.usableMemoryBytes) - double(t.cudaContext + t.communication);
        QCOMPARE(t.memoryFraction, 0.85);
        QVERIFY(std::abs(double(t.budget) - pre * 0.85 * 0.95) < 2.0);
        s.engine.sglangVersion = SglangProfile::V049;
        const EngineMemoryTerms later =
            sglangMemoryModel().terms(engineInputFor(vision, h100, {2, 1, 1}, s));
        QVERIFY(std::abs(double(later.budget) - pre * 0.85) < 2.0);
        QVERIFY(later.kvTokens > t.kvTokens);
        // The default under v0.4.9: the memory tier's fraction times 0.90.
        s.engine.memoryFraction.reset();
        QCOMPARE(engineInputFor(vision, h100, {2, 1, 1}, s).memoryFraction,
                 sglangDefaultMemFraction({double(h100.usableMemoryBytes) / kBytesPerMiB, 2, 1, 1,
                                           false, false, 0, 0, 0, SglangProfile::V049}) *
                     0.90);
        // The plan says the pool is sized below the flag.
        s.engine.memoryFraction = 0.85;
        s.engine.sglangVersion = SglangProfile::V040;
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 2;
        const auto p = evaluate(s, Catalogue::builtin(), vision);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QVERIFY(std::any_of(p->warnings.begin(), p->warnings.end(), [](const std::string &w) {
            return w.find("multiplies --mem-fraction-static by 0.95 for a multimodal model") !=
                       std::string::npos &&
                   w.find("the pool is sized at 0.807, the flag stays 0.850") != std::string::npos;
        }));
    }

    // SGLang's "auto" KV cache of a DeepSeek sparse-attention model: FP8 E4M3 on a GPU of
    // compute capability 10.0 or more, BF16 on Hopper; a format the scenario names wins, and
    // neither vLLM nor a dense-attention MLA model follows the rule.
    void dsaAutoKvDtype() {
        const ModelSpec dsa = golden::dataConfigModel("deepseek-ai--DeepSeek-V3.2_config.json",
                                                      "deepseek-ai/DeepSeek-V3.2");
        const ModelSpec v3 = golden::catalogueModel("deepseek-v3");
        auto plan = [](const ModelSpec &m, const char *gpu, Engine engine, bool bf16Chosen) {
            Scenario s;
            s.engine.engine = engine;
            s.hardware.gpu = gpu;
            s.hardware.gpuCount = 8;
            s.model.kvBf16Chosen = bf16Chosen;
            auto p = evaluate(s, Catalogue::builtin(), m);
            if (!p.ok()) {
                qFatal("%s", p.error().toString().c_str());
            }
            return std::move(p.value());
        };
        const PlanResult b200 = plan(dsa, "b200", Engine::Sglang, false);
        QCOMPARE(b200.scenario.model.kvFormat, formats::fp8);
        QVERIFY2(b200.kvFormatNote.find("fp8_e4m3 for a DeepSeek sparse-attention model") !=
                     std::string::npos,
                 b200.kvFormatNote.c_str());
        const PlanResult h200 = plan(dsa, "h200", Engine::Sglang, false);
        QCOMPARE(h200.scenario.model.kvFormat, formats::bf16);
        QVERIFY(h200.kvFormatNote.empty());
        QVERIFY(b200.memory.cache.kvBytesPerToken < h200.memory.cache.kvBytesPerToken);
        const PlanResult chosen = plan(dsa, "b200", Engine::Sglang, true);
        QCOMPARE(chosen.scenario.model.kvFormat, formats::bf16);
        // serve-cmd: the FP8 default is SGLang's own, not a checkpoint's scales; a BF16 plan on
        // Blackwell must ask for BF16, as auto would start the FP8 cache.
        const auto sglang = [](const PlanResult &p) {
            return sglangServeCommand(p, Catalogue::builtin());
        };
        const ServeCommand fp8 = sglang(b200);
        const ServeFlag *kv = findFlag(fp8, "--kv-cache-dtype");
        QVERIFY(kv != nullptr);
        QCOMPARE(kv->value, std::string("fp8_e4m3"));
        QVERIFY2(kv->explanation.find("SGLang's auto is fp8_e4m3 for a DeepSeek "
                                      "sparse-attention model") != std::string::npos,
                 kv->explanation.c_str());
        QVERIFY(kv->explanation.find("ships") == std::string::npos);
        QCOMPARE(flagValue(sglang(chosen), "--kv-cache-dtype"), std::string("bfloat16"));
        // auto is BF16 on Hopper: no flag.
        QCOMPARE(flagValue(sglang(h200), "--kv-cache-dtype"), std::string("<absent>"));
        QCOMPARE(plan(dsa, "b200", Engine::Vllm, false).kvFormatNote.find("SGLang"),
                 std::string::npos);
        QCOMPARE(plan(v3, "b200", Engine::Sglang, false).scenario.model.kvFormat, formats::bf16);
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
        QCOMPARE(a.engineVersion, std::string("SGLang v0.5.3 to v0.5.9"));
        QCOMPARE(b.engineVersion, std::string("SGLang v0.5.10 to v0.5.13"));
        QVERIFY(b.kvTokens < a.kvTokens);
        // A given fraction is the user's under every rule set.
        Scenario given = sglangScenario(SglangProfile::V0514, 8192);
        given.engine.memoryFraction = 0.85;
        QCOMPARE(engineInputFor(m, h200, tp8, given).memoryFraction, 0.85);
    }

    // On AMD GPUs SGLang's AITER attention backend multiplies mem_fraction_static, given or
    // default, by 0.85 above 8,192 tokens of context (sglangAiterFractionFactor): the pool is
    // sized with the cut fraction; at 8,192 tokens, on NVIDIA GPUs and under the older rule
    // sets it is not.
    void aiterFractionCut() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-70b");
        const GpuSpec mi = catalogueGpu("mi355x");
        const GpuSpec h200 = catalogueGpu("h200");
        QCOMPARE(sglangAiterFractionFactor(mi, 32768, SglangProfile::V0514), 0.85);
        QCOMPARE(sglangAiterFractionFactor(mi, 8192, SglangProfile::V0514), 1.0);
        QCOMPARE(sglangAiterFractionFactor(h200, 32768, SglangProfile::V0514), 1.0);
        QCOMPARE(sglangAiterFractionFactor(mi, 32768, SglangProfile::V0510), 1.0);
        const Parallelism tp1{1, 1, 1};
        Scenario s = sglangScenario(SglangProfile::V0514, 32768);
        s.engine.memoryFraction = 0.9;
        const EngineMemoryInput in = engineInputFor(m, mi, tp1, s);
        QCOMPARE(in.memoryFraction, 0.9); // the flag stays as given
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        const double pre = double(mi.usableMemoryBytes - t.cudaContext - t.communication);
        COMPARE_NEAR(double(t.budget), pre * 0.9 * 0.85, 2, 0);
        Scenario shortCtx = s;
        shortCtx.workload.contextTokens = 8192;
        const EngineMemoryTerms full =
            sglangMemoryModel().terms(engineInputFor(m, mi, tp1, shortCtx));
        COMPARE_NEAR(double(full.budget), pre * 0.9, 2, 0);
        // The plan says so, with the flag it keeps.
        s.model.ref = "llama-3.1-70b";
        s.hardware.gpu = "mi355x";
        s.hardware.gpuCount = 1;
        const PlanResult p = planOf(s);
        bool said = false;
        for (const std::string &w : p.warnings) {
            said |= w.find("AITER attention backend") != std::string::npos &&
                    w.find("the pool is sized at 0.765, the flag stays 0.900") != std::string::npos;
        }
        QVERIFY(said);
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
