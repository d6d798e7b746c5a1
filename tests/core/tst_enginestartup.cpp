// SPDX-License-Identifier: MIT
// Engine start-up verdicts that differ by engine (engine/enginememory.h contextCapRule): a KV
// pool smaller than one request of the context makes vLLM refuse to start, while SGLang and
// TensorRT-LLM start and cap every request; and SGLang's lower default memory fraction for a
// model with a vision tower (engine/engine.h sglangVisionFractionFactor).
#include "catalogue/catalogue.h"
#include "engine/engine.h"
#include "engine/enginememory.h"
#include "goldenheldout.h"
#include "goldenmemory.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "scenario/scenario.h"
#include "testutil.h"
#include "util/textutil.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>

using namespace hostplan;

namespace {

/// Row P19's run (goldenmemory.h): QwQ-32B on 4x NVIDIA L4 (g6.12xlarge, PCIe), TP 4,
/// context 131,072.
EngineMemoryInput qwqOnFourL4(Engine engine) {
    static const ModelSpec m = golden::qwq32b();
    return golden::rowInput(m, golden::loggedL4(), {4, 1, 1}, engine, 131072);
}

/// Llama-3.1-8B on one `gpu`, one sequence of `context` tokens, on `engine`.
Scenario oneGpuLlama8b(const char *gpu, std::uint64_t context, Engine engine) {
    Scenario s = withGpuType(defaultScenario(), gpu);
    s.model.ref = "llama-3.1-8b";
    s.hardware.gpuCount = 1;
    s.hardware.tp = 1;
    s.hardware.ep = 1;
    s.hardware.pp = 1;
    s.workload.contextTokens = context;
    s.workload.concurrency = 1;
    s.engine.engine = engine;
    return s;
}

bool hasFix(const EngineStartup &s, const std::string &flag, const std::string &value) {
    return std::any_of(s.fixes.begin(), s.fixes.end(),
                       [&](const FlagChange &f) { return f.flag == flag && f.value == value; });
}

} // namespace

class tst_EngineStartup : public QObject {
    Q_OBJECT

  private slots:
    // Each engine's answer to a pool of `kvTokens` below (or above) the context: vLLM refuses
    // (0); SGLang serves min(context, pool) - 2 tokens (max_req_len - 1, max_req_len =
    // min(context - 1, pool - 1)) and asserts at fewer than 7 pool tokens; TensorRT-LLM lowers
    // max_seq_len to the pool.
    void contextCapRule_data() {
        QTest::addColumn<int>("engine");
        QTest::addColumn<quint64>("kvTokens");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("longest");
        // The S5 log: max_total_num_tokens=46611, context_len=131072.
        QTest::newRow("sglang/qwq-32b/4x-l4/logged-pool")
            << int(Engine::Sglang) << 46611ull << 131072ull << 46609ull;
        QTest::newRow("sglang/poolAboveContext")
            << int(Engine::Sglang) << 200000ull << 131072ull << 131070ull;
        QTest::newRow("sglang/smallestPool") << int(Engine::Sglang) << 7ull << 131072ull << 5ull;
        QTest::newRow("sglang/poolTooSmall") << int(Engine::Sglang) << 6ull << 131072ull << 0ull;
        QTest::newRow("trtllm/blocksOfPool")
            << int(Engine::TensorRtLlm) << 46592ull << 131072ull << 46592ull;
        QTest::newRow("vllm/refuses") << int(Engine::Vllm) << 46611ull << 131072ull << 0ull;
    }
    void contextCapRule() {
        QFETCH(int, engine);
        QFETCH(quint64, kvTokens);
        QFETCH(quint64, context);
        QFETCH(quint64, longest);
        QCOMPARE(quint64(hostplan::contextCapRule(Engine(engine), kvTokens, context)), longest);
    }

    // The S5 run (QwQ-32B, 4x L4, TP 4, mem_fraction_static 0.85, context 131,072): SGLang
    // logged a pool of 46,611 tokens and served. HostPlan's pool is within 10 % of the log
    // (its weights are 0.28 GiB per GPU under the logged 15.54 GiB, a tenth of a 2.8 GiB pool)
    // and below the context, so SGLang starts capped while vLLM refuses the same pool.
    void qwq32bOnFourL4PerEngine() {
        EngineMemoryInput sg = qwqOnFourL4(Engine::Sglang);
        sg.memoryFraction = 0.85;
        const EngineStartup s = engineStartup(Engine::Sglang, sg);
        QCOMPARE(s.outcome, StartupOutcome::StartsContextCapped);
        QVERIFY(s.starts());
        COMPARE_NEAR(double(s.kvTokens), 46611.0, 0, 0.10);
        QVERIFY(s.kvTokens < 131072);
        QCOMPARE(s.maxRequestTokens, s.kvTokens - 2);
        QCOMPARE(s.largestContext, s.kvTokens);
        QCOMPARE(s.sequencesAtContext, 0u);
        QCOMPARE(QString::fromStdString(startupOutcomeName(s.outcome)),
                 QStringLiteral("starts_context_capped"));
        const QString msg = QString::fromStdString(s.message);
        QVERIFY2(msg.startsWith(QStringLiteral("SGLang starts")), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("131,072-token context")), qPrintable(msg));
        QVERIFY2(msg.contains(QString::fromStdString(groupedText(s.maxRequestTokens))),
                 qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("cannot be served in full")), qPrintable(msg));
        // The fixes serve the whole context; the context fix is the pool itself.
        QVERIFY(hasFix(s, "--context-length", std::to_string(s.kvTokens)));
        EngineMemoryInput whole = sg;
        whole.maxModelLen = s.kvTokens;
        const EngineStartup w = engineStartup(Engine::Sglang, whole);
        QCOMPARE(w.outcome, StartupOutcome::Starts);
        QCOMPARE(w.maxRequestTokens, s.kvTokens);
        QVERIFY(w.fixes.empty());

        // vLLM with the same model, GPUs and context: the pool is smaller still (its fraction
        // also holds the profile's activations) and it refuses, naming --max-model-len.
        const EngineStartup v = engineStartup(Engine::Vllm, qwqOnFourL4(Engine::Vllm));
        QCOMPARE(v.outcome, StartupOutcome::ContextExceedsCapacity);
        QVERIFY(!v.starts());
        QCOMPARE(v.maxRequestTokens, 0ull);
        QVERIFY(v.largestContext > 0 && v.largestContext < 131072);
        QVERIFY(hasFix(v, "--max-model-len", std::to_string(v.largestContext)));

        // TensorRT-LLM: max_seq_len lowered to the pool's whole blocks.
        const EngineStartup t =
            engineStartup(Engine::TensorRtLlm, qwqOnFourL4(Engine::TensorRtLlm));
        QCOMPARE(t.outcome, StartupOutcome::StartsContextCapped);
        QVERIFY(t.starts());
        QCOMPARE(t.maxRequestTokens, t.kvTokens);
        QCOMPARE(t.kvTokens % 32, 0ull);
        QVERIFY(hasFix(t, "--max_seq_len", std::to_string(t.kvTokens)));
    }

    // The plan says what the engine does: Llama-3.1-8B at 131,072 tokens on one RTX 4090 does
    // not fit under any engine, but SGLang's reason is its capped start and vLLM's its
    // refusal; the JSON carries the outcome and the longest request.
    /// SGLang's request-to-token table (ReqToTokenPool): max_num_reqs rows of context + 4
    /// int32, 2,048 rows by default below 4 x the context in pool tokens, allocated out of the
    /// reserve the memory fraction leaves. Llama 4 Scout on 8x H100 at its default 10M context
    /// asks for 80 GiB and fails ("Tried to allocate 80.04 GiB", sgl-project/sglang#5755, an
    /// older SGLang whose table had one row more); at 32k the table is 256 MiB and it starts.
    /// The fixes (fewer running requests, a shorter context) each start.
    void sglangRequestTable() {
        static const ModelSpec scout = golden::llama4Scout();
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true);
        const EngineMemoryInput at10m =
            golden::rowInput(scout, h100, {8, 1, 1}, Engine::Sglang, 10485760);
        const EngineMemoryTerms t = sglangMemoryModel().terms(at10m);
        QVERIFY(t.kvTokens > 0);
        QVERIFY(t.kvTokens < 4 * 10485760ull);
        QCOMPARE(t.requestSlots, 2048u);
        QCOMPARE(t.requestTableBytes, 2048ull * (10485760 + 4) * 4);
        QVERIFY(t.reserveMarginBytes < 0);
        const EngineStartup s = engineStartup(Engine::Sglang, at10m);
        QCOMPARE(int(s.outcome), int(StartupOutcome::ReserveExhausted));
        QCOMPARE(startupOutcomeName(s.outcome), std::string("reserve_exhausted"));
        QVERIFY2(s.message.find("request-to-token table: 2048 requests x 10,485,764 tokens") !=
                     std::string::npos,
                 s.message.c_str());
        QVERIFY(!s.starts());
        // The pool holds 1.28M tokens: the longest context that starts in full.
        QCOMPARE(s.fixes.size(), std::size_t(1));
        QCOMPARE(s.fixes.front().flag, std::string("--context-length"));
        EngineMemoryInput shorter = at10m;
        shorter.maxModelLen = std::stoull(s.fixes.front().value);
        QCOMPARE(shorter.maxModelLen, t.kvTokens);
        QCOMPARE(int(engineStartup(Engine::Sglang, shorter).outcome), int(StartupOutcome::Starts));
        // At 1M tokens with a 0.95 fraction the pool holds the context but the reserve does not
        // hold 2,048 rows of it: fewer running requests, a shorter context or a smaller fraction
        // each start.
        EngineMemoryInput at1m = golden::rowInput(scout, h100, {8, 1, 1}, Engine::Sglang, 1048576);
        at1m.memoryFraction = 0.95;
        const EngineStartup tight = engineStartup(Engine::Sglang, at1m);
        QCOMPARE(int(tight.outcome), int(StartupOutcome::ReserveExhausted));
        QStringList flags;
        for (const FlagChange &f : tight.fixes) {
            EngineMemoryInput fixed = at1m;
            if (f.flag == "--max-running-requests") {
                fixed.maxRunningRequests = std::uint32_t(std::stoul(f.value));
            } else if (f.flag == "--context-length") {
                fixed.maxModelLen = std::stoull(f.value);
            } else if (f.flag == "--mem-fraction-static") {
                fixed.memoryFraction = std::stod(f.value);
            }
            flags << QString::fromStdString(f.flag);
            QVERIFY2(engineStartup(Engine::Sglang, fixed).starts(), f.flag.c_str());
        }
        QCOMPARE(flags, QStringList({"--mem-fraction-static", "--max-running-requests",
                                     "--context-length"}));

        const EngineMemoryInput at32k =
            golden::rowInput(scout, h100, {8, 1, 1}, Engine::Sglang, 32768);
        const EngineMemoryTerms small = sglangMemoryModel().terms(at32k);
        QCOMPARE(small.requestSlots, 4096u); // pool tokens / 32k x 512 passes 4,096
        QCOMPARE(small.requestTableBytes, 4096ull * (32768 + 4) * 4);
        QVERIFY(small.reserveMarginBytes > 0);
        QVERIFY(engineStartup(Engine::Sglang, at32k).starts());
        EngineMemoryInput capped = at32k;
        capped.maxRunningRequests = 64;
        QCOMPARE(sglangMemoryModel().terms(capped).requestTableBytes, 64ull * (32768 + 4) * 4);
    }

    /// SGLang pads gpt-oss's MXFP4 experts for the FlashInfer MXFP4 MoE backend it picks on
    /// NVIDIA Blackwell: hidden and intermediate 2880 -> 3072, 1,822,464 B more per expert, x 32
    /// experts x 24 layers = 1.30 GiB on one GPU (gpt-oss-20b's load logged 14.53 GiB on a
    /// B200-class GPU, ovg-project/kvcached#198; HostPlan's unpadded 12.8 GiB was -12 %). On
    /// Hopper the Triton path rounds the intermediate to 64 (2880 already is); on ROCm to 128.
    void sglangMxfp4Padding() {
        static const ModelSpec m = golden::gptOss20b();
        const Catalogue &cat = Catalogue::builtin();
        const auto on = [&](const char *gpu) {
            return sglangMemoryModel()
                .terms(
                    golden::rowInput(m, cat.findGpu(gpu).value(), {1, 1, 1}, Engine::Sglang, 8192))
                .weightPadding;
        };
        QCOMPARE(on("b200"), 24ull * 32 * 1822464);
        QCOMPARE(on("h200"), 0ull);
        QCOMPARE(on("mi355x"),
                 24ull * 32 * (2880ull * 64 / 2 * 3 + 2880ull * 64 / 32 * 3 + 2 * 64 * 2));
    }

    /// TensorRT-LLM 1.0's default CUTLASS MXFP4 MoE backend pads the hidden width and the
    /// intermediate per partition to 128 (quantization.py @ a98a9061 weight_alignment): gpt-oss
    /// 2880 -> 2944 at TP 1, and at TP 4 the intermediate per partition 720 -> 768. The bytes per
    /// expert: w13 2I'H'/2 + 2I'H'/32 + 2I' x 2, w2 H'I'/2 + H'I'/32 + H' x 2.
    void trtllmMxfp4Padding() {
        static const ModelSpec m = golden::gptOss20b(); // 24 layers x 32 experts
        const auto expert = [](std::uint64_t h, std::uint64_t i) {
            return 2 * i * h / 2 + 2 * i * h / 32 + 2 * i * 2 + h * i / 2 + h * i / 32 + h * 2;
        };
        const GpuSpec h100 = Catalogue::builtin().findGpu("h100").value();
        const auto padding = [&](std::uint32_t tp) {
            return trtllmMemoryModel()
                .terms(golden::rowInput(m, h100, {tp, 1, 1}, Engine::TensorRtLlm, 8192))
                .weightPadding;
        };
        QCOMPARE(padding(1), 24ull * 32 * (expert(2944, 2944) - expert(2880, 2880)));
        QCOMPARE(padding(4), 24ull * 32 * (expert(2944, 768) - expert(2880, 720)));
        // 594,432 B per expert at TP 1: 0.43 GiB on gpt-oss-20b.
        QCOMPARE(expert(2944, 2944) - expert(2880, 2880), 594432ull);
    }

    void planSaysWhichEngineCaps() {
        Scenario s = oneGpuLlama8b("rtx-4090", 131072, Engine::Sglang);
        auto sg = evaluate(s);
        QVERIFY2(sg.ok(), sg.ok() ? "" : sg.error().toString().c_str());
        QCOMPARE(sg->startup.outcome, StartupOutcome::StartsContextCapped);
        QVERIFY(!sg->fit.fits);
        const auto &reasons = sg->fit.reasons;
        QVERIFY(std::find(reasons.begin(), reasons.end(), sg->startup.message) != reasons.end());
        const auto j = planToJson(*sg, "2026-01-01");
        QCOMPARE(j["startup"]["outcome"].get<std::string>(), std::string("starts_context_capped"));
        QVERIFY(j["startup"]["starts"].get<bool>());
        QCOMPARE(j["startup"]["max_request_tokens"].get<std::uint64_t>(), sg->startup.kvTokens - 2);

        s.engine.engine = Engine::Vllm;
        auto v = evaluate(s);
        QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
        QCOMPARE(v->startup.outcome, StartupOutcome::ContextExceedsCapacity);
        QVERIFY(!v->fit.fits);
        QVERIFY(std::any_of(v->fit.reasons.begin(), v->fit.reasons.end(), [](const auto &r) {
            return r.rfind("vLLM refuses to start: ", 0) == 0;
        }));
        const auto vj = planToJson(*v, "2026-01-01");
        QVERIFY(!vj["startup"]["starts"].get<bool>());
        QCOMPARE(vj["startup"]["max_request_tokens"].get<std::uint64_t>(), 0ull);
    }

    // vLLM's V0 rules (v0.6.x) run no chunked prefill up to 32k of context: a step given
    // below max_model_len is refused before any memory is counted (SchedulerConfig.
    // _verify_args), a larger one is profiled as given, and the default is max_model_len.
    void v0StepBelowContextRefused() {
        Scenario s = oneGpuLlama8b("h100", 8192, Engine::Vllm);
        s.engine.vllmVersion = VllmProfile::V0;
        const auto byDefault = evaluate(s);
        QVERIFY2(byDefault.ok(), byDefault.ok() ? "" : byDefault.error().toString().c_str());
        QCOMPARE(byDefault->startup.outcome, StartupOutcome::Starts);
        s.engine.prefillChunkTokens = 2048;
        const auto small = evaluate(s);
        QVERIFY(small.ok());
        QCOMPARE(small->startup.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(small->startup.message.rfind(
                    "max_num_batched_tokens (2048) is smaller than max_model_len (8192)", 0) == 0);
        QVERIFY(hasFix(small->startup, "--max-num-batched-tokens", "8192"));
        QVERIFY(hasFix(small->startup, "--max-model-len", "2048"));
        QVERIFY(!small->fit.fits);
        s.engine.prefillChunkTokens = 65536;
        const auto large = evaluate(s);
        QVERIFY(large.ok());
        QCOMPARE(large->startup.outcome, StartupOutcome::Starts);
        QVERIFY(large->memory.engine.activationForward >
                7 * byDefault->memory.engine.activationForward);
        // Beyond 32k V0 turns chunked prefill on: a step below the context starts.
        s.workload.contextTokens = 65536;
        s.engine.prefillChunkTokens = 2048;
        const auto chunked = evaluate(s);
        QVERIFY(chunked.ok());
        QVERIFY(chunked->startup.outcome != StartupOutcome::ArgumentsRefused);
    }

    // Weights (with the CUDA context) beyond the GPU's whole memory run the loader out of
    // memory before any fraction applies: Llama 3.1 8B in BF16 (14.96 GiB) on a T4's 14.7
    // GiB, under every engine. Within the memory but beyond the fraction the weights load and
    // the pool has nothing left (an L4 at fraction 0.5).
    void weightsDoNotFit() {
        for (const Engine engine : {Engine::Vllm, Engine::Sglang, Engine::TensorRtLlm}) {
            const auto t4 = evaluate(oneGpuLlama8b("t4", 4096, engine));
            QVERIFY2(t4.ok(), t4.ok() ? "" : t4.error().toString().c_str());
            QCOMPARE(t4->startup.outcome, StartupOutcome::WeightsDoNotFit);
            QVERIFY2(t4->startup.message.rfind("CUDA out of memory while loading the weights: 14.9",
                                               0) == 0,
                     t4->startup.message.c_str());
            QVERIFY(t4->startup.fixes.empty());
            QVERIFY(!t4->fit.fits);
            QCOMPARE(planToJson(*t4)["startup"]["outcome"].get<std::string>(),
                     std::string("weights_do_not_fit"));
        }
        Scenario half = oneGpuLlama8b("l4", 4096, Engine::Vllm);
        half.engine.memoryFraction = 0.5;
        const auto l4 = evaluate(half);
        QVERIFY(l4.ok());
        QCOMPARE(l4->startup.outcome, StartupOutcome::KvPoolNegative);
    }

    // TensorRT-LLM runs on CUDA only: a plan of it on an AMD Instinct GPU does not start, and
    // the plan says why instead of a memory verdict; vLLM on the same GPU starts.
    void trtllmNeedsNvidia() {
        Scenario s = oneGpuLlama8b("mi300x", 8192, Engine::TensorRtLlm);
        const auto trt = evaluate(s);
        QVERIFY2(trt.ok(), trt.ok() ? "" : trt.error().toString().c_str());
        QCOMPARE(trt->startup.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(trt->startup.message.find("NVIDIA GPUs only") != std::string::npos);
        QVERIFY(trt->startup.message.find("MI300X") != std::string::npos);
        QVERIFY(!trt->fit.fits);
        // The GPU-count search finds no layout either, and says why.
        s.hardware.gpuCount = 0;
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
        const auto searched = evaluate(s);
        QVERIFY2(searched.ok(), searched.ok() ? "" : searched.error().toString().c_str());
        QVERIFY(!searched->fit.fits);
        QVERIFY(std::any_of(searched->warnings.begin(), searched->warnings.end(),
                            [](const std::string &w) {
                                return w.find("carries the workload") != std::string::npos &&
                                       w.find("NVIDIA GPUs only") != std::string::npos;
                            }));
        s.engine.engine = Engine::Vllm;
        const auto vllm = evaluate(s);
        QVERIFY(vllm.ok());
        QCOMPARE(vllm->startup.outcome, StartupOutcome::Starts);
        QVERIFY(vllm->fit.fits);
    }

    // A context above the model's derived maximum (phi-2's 2,048 positions at 8,192, as
    // llm-d-planner's FAILED vLLM 0.19 log shows: "User-specified max_model_len (8192) is
    // greater than the derived max_model_len") is refused by vLLM and SGLang, with the model's
    // maximum as the fix.
    void contextAboveModelMaximumRefused() {
        const ModelSpec phi2 = golden::dataConfigModel("microsoft--phi-2_config.json", "phi-2");
        QCOMPARE(phi2.maxContextTokens, 2048ull);
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        for (const Engine engine : {Engine::Vllm, Engine::Sglang}) {
            const EngineMemoryInput in = golden::rowInput(phi2, h100, {}, engine, 8192);
            const EngineStartup s = engineStartup(engine, in);
            QCOMPARE(s.outcome, StartupOutcome::ArgumentsRefused);
            QVERIFY(s.message.find("(8192) is greater than the model's derived 2048") !=
                    std::string::npos);
            QVERIFY(
                hasFix(s, engine == Engine::Vllm ? "--max-model-len" : "--context-length", "2048"));
            const EngineMemoryInput at2k = golden::rowInput(phi2, h100, {}, engine, 2048);
            QVERIFY(engineStartup(engine, at2k).starts());
        }
        // Qwen3-8B given YaRN x 4 over 32,768 (its card's recipe for 131,072 tokens): vLLM
        // scales the length; SGLang takes no factor from a YaRN that names its original
        // length, so it keeps 40,960 and refuses 131,072.
        std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                        "/configs/Qwen--Qwen3-8B_config.json");
        nlohmann::json cfg = nlohmann::json::parse(f);
        cfg["rope_scaling"] = {
            {"rope_type", "yarn"}, {"factor", 4.0}, {"original_max_position_embeddings", 32768}};
        const auto qwen = importHfConfigText(cfg.dump(), "qwen3-8b-yarn");
        QVERIFY(qwen.ok());
        QCOMPARE(qwen->maxContextTokens, 131072ull);
        QCOMPARE(qwen->sglangMaxContextTokens, 40960ull);
        const auto at128k = [&](Engine engine) {
            return engineStartup(engine, golden::rowInput(*qwen, h100, {}, engine, 131072));
        };
        QVERIFY(at128k(Engine::Vllm).starts());
        QCOMPARE(at128k(Engine::Sglang).outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(hasFix(at128k(Engine::Sglang), "--context-length", "40960"));
    }

    // SGLang v0.5 lowers its DEFAULT mem_fraction_static for a model with a vision tower:
    // 0.95 x clamp(1 - 0.1 x (L x W^2 / (24 x 1024^2) - 1), 0.8, 1.05), L and W the
    // vision_config's num_hidden_layers and hidden_size (24 and 1024 where absent).
    void sglangVisionFactor_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<uint>("layers");
        QTest::addColumn<uint>("hidden");
        QTest::addColumn<double>("factor");
        // Gemma 3's SigLIP tower: 27 x 1152^2 / (24 x 1024^2) = 1.4238.
        QTest::newRow("medgemma-27b-it/siglip-27x1152")
            << QStringLiteral("google--medgemma-27b-it_config.json") << 27u << 1152u
            << 0.95 * (1 - 0.1 * (27.0 * 1152 * 1152 / (24.0 * 1024 * 1024) - 1));
        // Qwen3-VL names its depth "depth": SGLang reads num_hidden_layers, absent, so 24.
        QTest::newRow("qwen3-vl-8b/depth-key-unread")
            << QStringLiteral("Qwen--Qwen3-VL-8B-Instruct_config.json") << 0u << 1152u
            << 0.95 * (1 - 0.1 * (1152.0 * 1152 / (1024.0 * 1024) - 1));
        QTest::newRow("llama-3.1-8b/text-only")
            << QStringLiteral("meta-llama--Meta-Llama-3.1-8B_config.json") << 0u << 0u << 1.0;
    }
    void sglangVisionFactor() {
        QFETCH(QString, config);
        QFETCH(uint, layers);
        QFETCH(uint, hidden);
        QFETCH(double, factor);
        const std::string file = config.toStdString();
        const ModelSpec m = golden::dataConfigModel(file.c_str(), file);
        QCOMPARE(m.visionConfigLayers, layers);
        QCOMPARE(m.visionConfigHidden, hidden);
        COMPARE_NEAR(sglangVisionFractionFactor(m), factor, 1e-12, 0);
        // The default fraction on an H200 carries it; a given fraction, vLLM's and
        // TensorRT-LLM's defaults do not.
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const double size = sglangDefaultMemFraction(139.8 * 1024, 1, 1);
        COMPARE_NEAR(engineDefaultMemoryFraction(Engine::Sglang, h200, 1, false, false, &m),
                     size * factor, 1e-12, 0);
        COMPARE_NEAR(golden::rowInput(m, h200, {}, Engine::Sglang, 8192).memoryFraction,
                     size * factor, 1e-12, 0);
        Scenario given;
        given.engine.engine = Engine::Sglang;
        given.engine.memoryFraction = 0.88;
        QCOMPARE(engineInputFor(m, h200, {}, given).memoryFraction, 0.88);
        QCOMPARE(engineDefaultMemoryFraction(Engine::Vllm, h200, 1, false, false, &m), 0.9);
        QCOMPARE(engineDefaultMemoryFraction(Engine::TensorRtLlm, h200, 1, false, false, &m), 0.9);
    }

    // The clamp: a tower far above ViT-L takes the floor 0.95 x 0.8, a small one the ceiling
    // 0.95 x 1.05; without a Vision group the config numbers do nothing.
    void sglangVisionFactorClamp() {
        ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        m.visionConfigLayers = 48;
        m.visionConfigHidden = 4096;
        QCOMPARE(sglangVisionFractionFactor(m), 1.0);
        TensorGroup tower;
        tower.name = "vision";
        tower.role = GroupRole::Vision;
        tower.params = 1000;
        m.groups.push_back(tower);
        COMPARE_NEAR(sglangVisionFractionFactor(m), 0.95 * 0.8, 1e-12, 0);
        m.visionConfigLayers = 12;
        m.visionConfigHidden = 768;
        COMPARE_NEAR(sglangVisionFractionFactor(m), 0.95 * 1.05, 1e-12, 0);
        m.visionConfigLayers = 0;
        m.visionConfigHidden = 0;
        COMPARE_NEAR(sglangVisionFractionFactor(m), 0.95, 1e-12, 0);
    }
};

QTEST_GUILESS_MAIN(tst_EngineStartup)
#include "tst_enginestartup.moc"
