// SPDX-License-Identifier: MIT
// Scenario documents: defaults, validation errors that name the field and value, lossless
// round trip, atomic save.
#include "util/jsonutil.h"
#include "catalogue/catalogue.h"
#include "catalogue/offers.h"
#include "plan/plan.h"
#include "scenario/scenario.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <cctype>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

using namespace hostplan;

class TestScenario : public QObject {
    Q_OBJECT
  private slots:
    void embeddedDefault() {
        const auto r = parseScenario(readResource("default-scenario.json"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const Scenario &s = r.value();
        QCOMPARE(QString::fromStdString(s.model.ref), "kimi-k3");
        QCOMPARE(QString::fromStdString(s.hardware.gpu), "b300");
        QCOMPARE(s.hardware.gpuCount, 8u);
        // Never the model maximum (1M for K3): a stated workload value.
        QCOMPARE(s.workload.contextTokens, 32768ull);
        QVERIFY(defaultScenario() == s);
        QVERIFY(evaluate(s).ok());
    }

    // A name with a bidirectional override or isolate (it would reverse the PDF title's text)
    // or a C1 control is refused with the character and its byte; other Unicode text stays.
    void nameControlsRefused_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QString>("error");
        QTest::newRow("rlo") << QByteArray("Kimi \xE2\x80\xAE"
                                           "evil\xE2\x80\xAC")
                             << "name: holds a bidirectional control (U+202E at byte 5); use plain "
                                "text";
        QTest::newRow("isolate") << QByteArray("Kimi \xE2\x81\xA6x")
                                 << "name: holds a bidirectional control (U+2066 at byte 5)";
        QTest::newRow("c1") << QByteArray("K\xC2\x9B"
                                          "31m")
                            << "name: holds a control character (U+009B at byte 1)";
        QTest::newRow("rlm") << QByteArray("ab\xE2\x80\x8F")
                             << "name: holds a bidirectional control (U+200F at byte 2)";
        QTest::newRow("alm") << QByteArray("a\xD8\x9C")
                             << "name: holds a bidirectional control (U+061C at byte 1)";
        QTest::newRow("line separator") << QByteArray("a\xE2\x80\xA8"
                                                      "b")
                                        << "name: holds a line separator (U+2028 at byte 1)";
    }
    void nameControlsRefused() {
        QFETCH(QByteArray, name);
        QFETCH(QString, error);
        nlohmann::json doc = nlohmann::json::parse(scenarioToJson(defaultScenario()));
        doc["name"] = name.toStdString();
        const auto r = parseScenario(doc.dump());
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().toString()).startsWith(error),
                 r.error().toString().c_str());
    }

    void roundTrip() {
        Scenario s = defaultScenario();
        s.name = "what-if \"quoted\" ü 测试 \xF0\x9F\x9A\x80"; // other Unicode text stays
        s.model.weightsFormat = formats::nvfp4;
        s.model.groupFormats[GroupRole::Attention] = formats::fp8;
        s.model.kvFormat = formats::fp8;
        s.hardware.gpuCount = 0;
        s.hardware.tp = 0;
        s.engine.engine = Engine::Sglang;
        s.engine.memoryFraction = 0.85;
        s.engine.stateSlotsPerRequest = 4;
        s.engine.activationBytesPerGpu = 123456789;
        s.engine.llamaCppBuild = 5466;
        s.engine.vllmVersion = VllmProfile::V0Legacy;
        s.workload.hoursPerDay = 7.5;
        s.workload.outputTokensPerMonth = 1.25e9;
        s.workload.targetSecondsPerOutputToken = 0.025;
        s.workload.utilisation = 0.7;
        s.pricing.usdPerGpuHour = 3.3;
        s.pricing.apiCachedInputUsdPerMTok = 0.1;
        const auto back = parseScenario(scenarioToJson(s));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(back.value() == s);
        QCOMPARE(scenarioToJson(back.value()), scenarioToJson(s));
        QVERIFY(scenarioToJson(s).find("\"llamacpp_build\": 5466") != std::string::npos);
        QVERIFY(scenarioToJson(s).find("\"vllm_version\": \"0.6.4\"") != std::string::npos);
        QVERIFY(scenarioToJson(defaultScenario()).find("vllm_version") == std::string::npos);
        // Unset: the newest llama.cpp rules, and no key written.
        QVERIFY(!defaultScenario().engine.llamaCppBuild);
        QVERIFY(scenarioToJson(defaultScenario()).find("llamacpp_build") == std::string::npos);
    }

    /// engine.prefill_chunk_tokens: unset, the engine's default for the GPU (vLLM `serve`
    /// 8192 on an H100, 2048 on an RTX 4090 and an A100; SGLang's chunked_prefill_size by GPU
    /// memory), which the plan profiles and serve-cmd passes; a value given wins and is written
    /// back.
    void batchedTokensDefault() {
        Scenario s = defaultScenario();
        QVERIFY(!s.engine.prefillChunkTokens);
        QVERIFY(scenarioToJson(s).find("prefill_chunk_tokens") == std::string::npos);
        const Catalogue &cat = Catalogue::builtin();
        const auto tokensOn = [&](const char *gpu, Engine engine) {
            Scenario e = s;
            e.engine.engine = engine;
            return batchedTokens(e, cat.findGpu(gpu).value());
        };
        QCOMPARE(tokensOn("h100", Engine::Vllm), 8192u);
        QCOMPARE(tokensOn("rtx-4090", Engine::Vllm), 2048u);
        QCOMPARE(tokensOn("a100-80gb", Engine::Vllm), 2048u);
        QCOMPARE(tokensOn("rtx-4090", Engine::Sglang), 2048u);
        QCOMPARE(tokensOn("h200", Engine::Sglang), 8192u);
        QCOMPARE(tokensOn("b200", Engine::Sglang), 16384u);
        QCOMPARE(tokensOn("h100", Engine::TensorRtLlm), 8192u);
        // vLLM 0.7's V1 engine served with 2048 on every GPU.
        s.engine.vllmVersion = VllmProfile::V1Early;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 2048u);
        // The V0 rules: no chunked prefill up to 32k of context, so one step holds
        // max(max_model_len, 2048); beyond, chunked prefill's 512 (v0.6.4) or 2048 (v0.6.5).
        const std::uint64_t context = s.workload.contextTokens;
        s.engine.vllmVersion = VllmProfile::V0Legacy;
        s.workload.contextTokens = 8192;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 8192u);
        s.workload.contextTokens = 1024;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 2048u);
        s.workload.contextTokens = 32768;
        QCOMPARE(tokensOn("rtx-4090", Engine::Vllm), 32768u);
        s.workload.contextTokens = 32769;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 512u);
        s.engine.vllmVersion = VllmProfile::V0;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 2048u);
        QCOMPARE(tokensOn("h100", Engine::Sglang), 8192u); // SGLang keeps its own
        // The v0.19 rules cap the default at max_num_seqs x max_model_len; v0.11 does not.
        s.workload.contextTokens = 2048;
        s.engine.maxNumSeqs = 3;
        s.engine.vllmVersion = VllmProfile::V1v19;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 6144u);
        s.engine.vllmVersion = VllmProfile::V1;
        QCOMPARE(tokensOn("h100", Engine::Vllm), 8192u);
        // From the v0.11 rules an unset max_num_seqs drops to a smaller step; v0.7 keeps 1024.
        const GpuSpec h100 = cat.findGpu("h100").value();
        s.engine.maxNumSeqs.reset();
        QCOMPARE(runningSequenceCap(s, h100), 1024u);
        s.engine.prefillChunkTokens = 300;
        QCOMPARE(runningSequenceCap(s, h100), 300u);
        s.engine.vllmVersion = VllmProfile::V1Early;
        QCOMPARE(runningSequenceCap(s, h100), 1024u);
        // v0.7's V1 engine took 1024 on every GPU, v0.6's EngineArgs 256.
        const GpuSpec rtx4090 = cat.findGpu("rtx-4090").value();
        QCOMPARE(runningSequenceCap(s, rtx4090), 1024u);
        s.engine.vllmVersion = VllmProfile::V0;
        QCOMPARE(runningSequenceCap(s, h100), 256u);
        s.engine.prefillChunkTokens.reset();
        // Beyond 32k V0 keeps chunked prefill off for a sliding-window or multimodal model,
        // with speculative decoding and (0.6.5) on an AMD GPU: one step holds the context.
        s.workload.contextTokens = 65536;
        ModelSpec windowed = cat.loadModel("llama-3.1-8b").value();
        QCOMPARE(batchedTokens(s, h100, &windowed), 2048u);
        windowed.layers.front().kind = AttentionKind::SlidingWindow;
        windowed.layers.front().window = 4096;
        QCOMPARE(batchedTokens(s, h100, &windowed), 65536u);
        QCOMPARE(batchedTokens(s, cat.findGpu("mi300x").value()), 65536u);
        s.engine.vllmVersion = VllmProfile::V0Legacy;
        QCOMPARE(batchedTokens(s, cat.findGpu("mi300x").value()), 512u);
        s.workload.speculativeTokens = 2;
        QCOMPARE(batchedTokens(s, h100), 65536u);
        s.workload.speculativeTokens = 0;
        s.workload.contextTokens = context;
        s.engine.vllmVersion.reset();
        // The plan profiles that default.
        s.model.ref = "llama-3.1-8b";
        s.hardware = {};
        s.hardware.gpu = "rtx-4090";
        s.hardware.gpuCount = 1;
        const GpuSpec g = cat.findGpu("rtx-4090").value();
        const ModelSpec m = cat.loadModel("llama-3.1-8b").value();
        QCOMPARE(engineInputFor(m, g, Parallelism{}, s).maxBatchedTokens, 2048u);
        s.engine.prefillChunkTokens = 4096;
        QCOMPARE(engineInputFor(m, g, Parallelism{}, s).maxBatchedTokens, 4096u);
        QVERIFY(scenarioToJson(s).find("\"prefill_chunk_tokens\": 4096") != std::string::npos);
        const auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok() && back->engine.prefillChunkTokens == std::optional<std::uint32_t>(4096));
    }

    /// model.state_format: absent or "auto" leaves it to the plan's engine (nothing written
    /// back); a format given is a choice and is written back. Files that wrote "fp32" before
    /// the engine default existed keep planning FP32.
    void stateFormatChoice() {
        const Scenario d = defaultScenario();
        QVERIFY(!d.model.stateFormatChosen);
        QVERIFY(scenarioToJson(d).find("state_format") == std::string::npos);
        const auto autoFile =
            parseScenario(R"({"schema_version": 1, "model": {"state_format": "AUTO"}})");
        QVERIFY2(autoFile.ok(), autoFile.ok() ? "" : autoFile.error().toString().c_str());
        QVERIFY(!autoFile.value().model.stateFormatChosen);
        const auto chosen =
            parseScenario(R"({"schema_version": 1, "model": {"state_format": "bf16"}})");
        QVERIFY(chosen.ok());
        QVERIFY(chosen.value().model.stateFormatChosen);
        QVERIFY(chosen.value().model.stateFormat == formats::bf16);
        const std::string text = scenarioToJson(chosen.value());
        QVERIFY(text.find("\"state_format\": \"bf16\"") != std::string::npos);
        QVERIFY(parseScenario(text).value() == chosen.value());
        const auto old =
            parseScenario(R"({"schema_version": 1, "model": {"state_format": "fp32"}})");
        QVERIFY(old.ok() && old.value().model.stateFormatChosen);
        // A refusal quotes the value as typed (cut at 60 bytes) and lists what is taken.
        const std::vector<std::pair<std::string, std::string>> refused = {
            {"int4", "int4"},
            {"Auto ", "Auto "},
            {"", ""},
            {std::string(100000, 'x'), std::string(60, 'x') + "..."},
            {std::string(59, 'x') + "\u00e9", std::string(59, 'x') + "..."}};
        for (const auto &[typed, quoted] : refused) {
            nlohmann::json j = {{"schema_version", 1}, {"model", {{"state_format", typed}}}};
            const auto bad = parseScenario(j.dump());
            QVERIFY(!bad.ok());
            QCOMPARE(bad.error().field, std::string("model.state_format"));
            QCOMPARE(bad.error().message,
                     "'" + quoted + "' is not a recurrent-state format (auto, fp32, bf16, fp16)");
        }
    }

    /// engine.vllm_version picks the vLLM start-up rules the memory model follows; unknown
    /// releases are refused with the ones HostPlan models.
    void vllmVersion() {
        QVERIFY(parseVllmVersion("0.19").value() == VllmProfile::V1v19);
        QVERIFY(parseVllmVersion("v0.11").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("0.7-v1").value() == VllmProfile::V1Early);
        // v0.7.x ran V0 unless VLLM_USE_V1=1: a plain 0.7 release takes the V0 rules.
        QVERIFY(parseVllmVersion("0.7").value() == VllmProfile::V0);
        QVERIFY(parseVllmVersion("0.7.2").value() == VllmProfile::V0);
        QVERIFY(parseVllmVersion("0.6.5").value() == VllmProfile::V0);
        // Another release follows the newest rule set at or before it.
        QVERIFY(parseVllmVersion("0.12").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("0.8.5").value() == VllmProfile::V1v08);
        QVERIFY(parseVllmVersion("0.9.1").value() == VllmProfile::V1v08);
        QVERIFY(parseVllmVersion("0.7.3").value() == VllmProfile::V0);
        QVERIFY(parseVllmVersion("v0.7.3.post1").value() == VllmProfile::V0);
        // v0.9.2 to v0.10.x measure from a baseline snapshot: the 0.11 rules.
        QVERIFY(parseVllmVersion("0.9.2").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("v0.10.1").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("0.10.1.1").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("0.10.2").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("0.10").value() == VllmProfile::V1);
        QVERIFY(parseVllmVersion("0.19.1").value() == VllmProfile::V1v19);
        QVERIFY(parseVllmVersion("0.20").value() == VllmProfile::V1v20);
        QVERIFY(parseVllmVersion("0.20.1").value() == VllmProfile::V1v20);
        QVERIFY(parseVllmVersion("0.21.1").value() == VllmProfile::V1v21);
        QVERIFY(parseVllmVersion("0.22").value() == VllmProfile::V1v22);
        QVERIFY(parseVllmVersion("0.23").value() == VllmProfile::V1v22);
        QCOMPARE(vllmRules(VllmProfile::V1v21).defaultMemoryFraction, 0.9);
        QCOMPARE(vllmRules(VllmProfile::V1v22).defaultMemoryFraction, 0.92);
        QVERIFY(parseVllmVersion("0.27.1").value() == VllmProfile::V1v24);
        QVERIFY(parseVllmVersion("0.30.1").value() == VllmProfile::V1v28);
        QVERIFY(parseVllmVersion("1.0").value() == VllmProfile::V1v28);
        // A typo beyond every vLLM release is refused, not planned with the newest rules.
        for (const char *typo : {"99.99", "2.0", "0.100"}) {
            const auto r = parseVllmVersion(typo);
            QVERIFY2(!r.ok(), typo);
            QVERIFY(r.error().message.find("is not a vLLM release") != std::string::npos);
        }
        const auto old = parseVllmVersion("0.6.3");
        QVERIFY(!old.ok());
        QCOMPARE(
            QString::fromStdString(old.error().message),
            "vLLM 0.6.3 is older than 0.6.4, the earliest rules HostPlan models (0.28, 0.24, 0.22, "
            "0.21, 0.20, 0.19, 0.11, 0.8, 0.7-v1, 0.6.5, 0.6.4; another release follows the newest "
            "of them at or before it)");
        const auto bad = parseVllmVersion("latest");
        QVERIFY(!bad.ok());
        QCOMPARE(QString::fromStdString(bad.error().message),
                 "unknown vLLM release 'latest' (HostPlan models 0.28, 0.24, 0.22, 0.21, 0.20, "
                 "0.19, 0.11, 0.8, 0.7-v1, 0.6.5, 0.6.4; another release follows the newest of "
                 "them at or before it)");
        QVERIFY(parseVllmVersion("0.24.0").value() == VllmProfile::V1v24);
        // A patch release follows its minor release; a three-part id only itself.
        QVERIFY(parseVllmVersion("0.19.0").value() == VllmProfile::V1v19);
        QVERIFY(parseVllmVersion("v0.11.2").value() == VllmProfile::V1);
        QVERIFY(!parseVllmVersion("0.6.5.1").ok());
        QVERIFY(!parseVllmVersion("0.19.x").ok());
        QVERIFY(!parseVllmVersion("0.19.").ok());
        // Post releases have their release's rules; v0.6.6 kept v0.6.5's V0 worker.
        QVERIFY(parseVllmVersion("0.6.4.post1").value() == VllmProfile::V0Legacy);
        QVERIFY(parseVllmVersion("v0.19.1.post2").value() == VllmProfile::V1v19);
        QVERIFY(parseVllmVersion("0.6.6").value() == VllmProfile::V0);
        QVERIFY(!parseVllmVersion("0.6.4.post").ok());
        QVERIFY(!parseVllmVersion("0.6.3").ok());
        // PEP 440 alpha / beta pre-releases have their release's rules; a bare major release
        // reads as "1.0" does; text outside printable ASCII is escaped in the error.
        QVERIFY(parseVllmVersion("0.8.0a1").value() == VllmProfile::V1v08);
        QVERIFY(parseVllmVersion("0.11.0b2").value() == VllmProfile::V1);
        QVERIFY(!parseVllmVersion("0.a1").ok());
        QVERIFY(parseVllmVersion("1").value() == VllmProfile::V1v28);
        QVERIFY(!parseVllmVersion("0").ok());
        const auto hidden = parseVllmVersion("0.19\xE2\x80\x8B");
        QVERIFY(!hidden.ok());
        QVERIFY2(hidden.error().message.find("'0.19\\xE2\\x80\\x8B'") != std::string::npos,
                 hidden.error().message.c_str());
        const auto parsed = parseScenario(
            R"({"schema_version": 1, "engine": {"name": "vllm", "vllm_version": "0.19"}})");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value().engine.vllmVersion == VllmProfile::V1v19);
        // engine.prefix_caching: optional, true or false, written back as given.
        const auto prefix = parseScenario(
            R"({"schema_version": 1, "engine": {"name": "vllm", "prefix_caching": true}})");
        QVERIFY(prefix.ok() && prefix.value().engine.prefixCaching == true);
        const auto round = parseScenario(scenarioToJson(prefix.value()));
        QVERIFY(round.ok() && round.value().engine.prefixCaching == true);
        QVERIFY(!parsed.value().engine.prefixCaching.has_value());
        const auto notBool =
            parseScenario(R"({"schema_version": 1, "engine": {"prefix_caching": "yes"}})");
        QVERIFY(!notBool.ok());
        QCOMPARE(QString::fromStdString(notBool.error().field), "engine.prefix_caching");
        // engine.text_only: optional bool, written back only when true.
        const auto text = parseScenario(R"({"schema_version": 1, "engine": {"text_only": true}})");
        QVERIFY(text.ok() && text.value().engine.textOnly);
        QVERIFY(parseScenario(scenarioToJson(text.value())).value().engine.textOnly);
        QVERIFY(scenarioToJson(parsed.value()).find("text_only") == std::string::npos);
        // engine.cuda_graphs: optional bool (true), written back only when false.
        const auto eager =
            parseScenario(R"({"schema_version": 1, "engine": {"cuda_graphs": false}})");
        QVERIFY(eager.ok() && !eager.value().engine.cudaGraphs);
        QVERIFY(!parseScenario(scenarioToJson(eager.value())).value().engine.cudaGraphs);
        QVERIFY(parsed.value().engine.cudaGraphs);
        QVERIFY(scenarioToJson(parsed.value()).find("cuda_graphs") == std::string::npos);
        const auto graphsBad =
            parseScenario(R"({"schema_version": 1, "engine": {"cuda_graphs": "off"}})");
        QVERIFY(!graphsBad.ok());
        QCOMPARE(QString::fromStdString(graphsBad.error().field), "engine.cuda_graphs");
        const auto textBad = parseScenario(R"({"schema_version": 1, "engine": {"text_only": 1}})");
        QVERIFY(!textBad.ok());
        QCOMPARE(QString::fromStdString(textBad.error().field), "engine.text_only");
        const auto refused =
            parseScenario(R"({"schema_version": 1, "engine": {"vllm_version": "latest"}})");
        QVERIFY(!refused.ok());
        QCOMPARE(QString::fromStdString(refused.error().field), "engine.vllm_version");

        // The rules reach the plan: Kimi K3 on 8 x B300 by default (v0.19: the Triton top-k /
        // top-p mask, 14 bytes per logit, plus the kernel's buffer) and by v0.11's (the sampler
        // warm-up sorts: 28 bytes per logit); 1024 rows (max_num_seqs on a B300).
        const auto v19 = evaluate(defaultScenario());
        Scenario s = defaultScenario();
        s.engine.vllmVersion = VllmProfile::V1;
        const auto v11 = evaluate(s);
        QVERIFY(v11.ok() && v19.ok());
        const EngineMemoryTerms &a = v11.value().memory.engine;
        const EngineMemoryTerms &b = v19.value().memory.engine;
        QCOMPARE(QString::fromStdString(a.engineVersion), "vLLM V1 (v0.11)");
        QCOMPARE(QString::fromStdString(b.engineVersion), "vLLM V1 (v0.19)");
        QVERIFY(a.activationSampler > 0);
        const std::uint64_t vocab = v19.value().model.vocabSize;
        const GpuSpec &gpu = v19.value().gpu;
        QCOMPARE(a.activationSampler - b.activationSampler,
                 vllmSortSamplerBytes(1024, vocab) -
                     1024 * vocab * kVllmTritonSamplerBytesPerLogit -
                     vllmTritonSamplerBufferBytes(gpu, 1024, vocab));
        QCOMPARE(b.checkpointWeights, a.checkpointWeights);
    }

    void errors_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("broken json") << "{\"schema_version\": 1,"
                                     << "scenario";
        QTest::newRow("array") << "[1,2]"
                               << "scenario";
        QTest::newRow("no version") << "{}"
                                    << "schema_version";
        QTest::newRow("future version") << "{\"schema_version\": 99}"
                                        << "schema_version";
        QTest::newRow("context 0") << "{\"schema_version\":1,\"workload\":{\"context_tokens\":0}}"
                                   << "workload.context_tokens";
        QTest::newRow("context 1e9")
            << "{\"schema_version\":1,\"workload\":{\"context_tokens\":1000000000}}"
            << "workload.context_tokens";
        QTest::newRow("negative concurrency")
            << "{\"schema_version\":1,\"workload\":{\"concurrency\":-4}}"
            << "workload.concurrency";
        QTest::newRow("fractional concurrency")
            << "{\"schema_version\":1,\"workload\":{\"concurrency\":2.5}}"
            << "workload.concurrency";
        QTest::newRow("zero gpus") << "{\"schema_version\":1,\"hardware\":{\"gpu_count\":0}}"
                                   << "hardware.gpu_count";
        QTest::newRow("gpu count text")
            << "{\"schema_version\":1,\"hardware\":{\"gpu_count\":\"many\"}}"
            << "hardware.gpu_count";
        QTest::newRow("negative price")
            << "{\"schema_version\":1,\"pricing\":{\"usd_per_gpu_hour\":-1}}"
            << "pricing.usd_per_gpu_hour";
        QTest::newRow("NaN as string")
            << "{\"schema_version\":1,\"pricing\":{\"usd_per_gpu_hour\":\"NaN\"}}"
            << "pricing.usd_per_gpu_hour";
        QTest::newRow("hours per day 25")
            << "{\"schema_version\":1,\"workload\":{\"hours_per_day\":25}}"
            << "workload.hours_per_day";
        // Requests longer than the context: no engine runs them (max_model_len).
        QTest::newRow("requests over the context")
            << "{\"schema_version\":1,\"workload\":{\"context_tokens\":1024,"
               "\"input_tokens_per_request\":1000000,\"output_tokens_per_request\":1000000}}"
            << "workload.output_tokens_per_request";
        QTest::newRow("input over the context")
            << "{\"schema_version\":1,\"workload\":{\"context_tokens\":1024,"
               "\"input_tokens_per_request\":1024}}"
            << "workload.input_tokens_per_request";
        QTest::newRow("bad format") << "{\"schema_version\":1,\"model\":{\"kv_format\":\"fp3\"}}"
                                    << "model.kv_format";
        QTest::newRow("kv format no engine offers")
            << "{\"schema_version\":1,\"model\":{\"kv_format\":\"mxfp4\"}}"
            << "model.kv_format";
        QTest::newRow("state format int4")
            << "{\"schema_version\":1,\"model\":{\"state_format\":\"int4\"}}"
            << "model.state_format";
        QTest::newRow("bad role")
            << "{\"schema_version\":1,\"model\":{\"group_formats\":{\"mystery\":\"fp8\"}}}"
            << "model.group_formats.mystery";
        QTest::newRow("typo key") << "{\"schema_version\":1,\"workload\":{\"contxt_tokens\":5}}"
                                  << "workload.contxt_tokens";
        QTest::newRow("engine") << "{\"schema_version\":1,\"engine\":{\"name\":\"ollama\"}}"
                                << "engine.name";
        QTest::newRow("fraction 0") << "{\"schema_version\":1,\"engine\":{\"memory_fraction\":0}}"
                                    << "engine.memory_fraction";
        QTest::newRow("llama.cpp release 0")
            << "{\"schema_version\":1,\"engine\":{\"llamacpp_build\":0}}"
            << "engine.llamacpp_build";
        QTest::newRow("llama.cpp release text")
            << "{\"schema_version\":1,\"engine\":{\"llamacpp_build\":\"b5466\"}}"
            << "engine.llamacpp_build";
        QTest::newRow("tp x pp does not divide gpus")
            << "{\"schema_version\":1,\"hardware\":{\"gpu_count\":6,\"tp\":4,\"pp\":1}}"
            << "hardware.gpu_count";
        QTest::newRow("utilisation above 1")
            << "{\"schema_version\":1,\"workload\":{\"utilisation\":1.5}}"
            << "workload.utilisation";
        QTest::newRow("target tpot 0")
            << "{\"schema_version\":1,\"workload\":{\"target_seconds_per_output_token\":0}}"
            << "workload.target_seconds_per_output_token";
        QTest::newRow("section not object") << "{\"schema_version\":1,\"workload\":5}"
                                            << "workload";
        // A repeated name would otherwise keep only its last value, silently.
        QTest::newRow("duplicate key")
            << "{\"schema_version\":1,\"workload\":{\"context_tokens\":8192,"
               "\"concurrency\":4,\"context_tokens\":131072}}"
            << "workload.context_tokens";
        QTest::newRow("duplicate section")
            << "{\"schema_version\":1,\"workload\":{},\"hardware\":{},\"workload\":{}}"
            << "workload";
        QTest::newRow("duplicate key in a list element")
            << "{\"schema_version\":1,\"notes\":[{\"a\":1},{\"b\":1,\"b\":2}]}"
            << "notes[1].b";
    }
    void errors() {
        QFETCH(QString, json);
        QFETCH(QString, field);
        const auto r = parseScenario(json.toStdString());
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        QVERIFY(!r.error().message.empty());
    }

    // A whole number above a field's range gets the range, however it is written (1e9, 1e300,
    // 2^64); a fraction or a negative gets its own complaint.
    void wholeNumberOutOfRange() {
        for (const char *raw : {"1000000000", "1e9", "1e300", "18446744073709551616"}) {
            const auto r = parseScenario(
                std::string(R"({"schema_version":1,"engine":{"prefill_chunk_tokens":)") + raw +
                "}}");
            QVERIFY(!r.ok());
            QCOMPARE(r.error().field, std::string("engine.prefill_chunk_tokens"));
            QVERIFY2(r.error().message.rfind("must be between 1 and 16777216, got ", 0) == 0,
                     r.error().message.c_str());
        }
        const auto frac =
            parseScenario(R"({"schema_version":1,"engine":{"prefill_chunk_tokens":8192.5}})");
        QVERIFY(!frac.ok());
        QVERIFY(frac.error().message.rfind("must be a whole non-negative number", 0) == 0);
        // "-0" is zero, so it meets the range check, not the sign check; -1 the sign check.
        const auto zero =
            parseScenario(R"({"schema_version":1,"engine":{"prefill_chunk_tokens":-0}})");
        QVERIFY(!zero.ok());
        QVERIFY2(zero.error().message.rfind("must be between 1 and 16777216, got ", 0) == 0,
                 zero.error().message.c_str());
        const auto negative =
            parseScenario(R"({"schema_version":1,"engine":{"prefill_chunk_tokens":-1}})");
        QVERIFY(negative.error().message.rfind("must not be negative", 0) == 0);
    }

    // A scenario with long lists of the user's own API prices and rental offers reads in time
    // linear in the lists (their duplicate-id checks once scanned every earlier entry per
    // entry: 10,000 prices and 10,000 offers took 35 s of CPU), and a duplicate id, in any case, is
    // still refused by index. Offers stop at kMaxOffers (the layout search prices each one).
    // Bounded by CPU time, not wall time, so that a loaded machine does not fail it.
    void longPriceAndOfferListsStayLinear() {
        constexpr int kEntries = 10000;
        constexpr int kOffers = int(kMaxOffers) - 1; // and the override below
        nlohmann::json doc = nlohmann::json::parse(scenarioToJson(defaultScenario()));
        nlohmann::json prices = nlohmann::json::array();
        nlohmann::json offers = nlohmann::json::array();
        char id[64];
        for (int i = 0; i < kEntries; ++i) {
            std::snprintf(id, sizeof id, "user-api-price-entry-%06d", i);
            prices.push_back({{"id", id},
                              {"name", "Kimi K3, own price"},
                              {"model", "kimi-k3"},
                              {"input_usd_per_mtok", 1.0},
                              {"output_usd_per_mtok", 4.0},
                              {"source", "test"},
                              {"as_of", "2026-11-01"}});
            std::snprintf(id, sizeof id, "user-rental-offer-entry-%06d", i);
            if (i >= kOffers) {
                continue;
            }
            offers.push_back({{"id", id},
                              {"provider", "test"},
                              {"gpu", "h200"},
                              {"gpus_per_instance", 8},
                              {"usd_per_gpu_hour_on_demand", 3.0},
                              {"source", "test"},
                              {"as_of", "2026-11-01"}});
        }
        // A user offer with a catalogue offer's id in other case overrides it in place.
        const RentalOffer &first = Catalogue::builtin().offers().front();
        std::string upper = first.id;
        for (char &c : upper) {
            c = char(std::toupper(static_cast<unsigned char>(c)));
        }
        offers.push_back({{"id", upper},
                          {"provider", "test"},
                          {"gpu", first.gpu},
                          {"usd_per_gpu_hour_on_demand", 1.25},
                          {"source", "test"},
                          {"as_of", "2026-11-01"}});
        doc["pricing"]["api_prices"] = prices;
        doc["pricing"]["offers"] = offers;

        const std::clock_t start = std::clock();
        const auto r = parseScenario(doc.dump());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(int(r->pricing.apiPrices.size()), kEntries);
        QCOMPARE(int(r->pricing.offers.size()), kOffers + 1);
        const auto merged = mergeOffers(Catalogue::builtin().offers(), r->pricing.offers);
        QCOMPARE(merged.size(), Catalogue::builtin().offers().size() + kOffers);
        QCOMPARE(QString::fromStdString(merged.front().id), QString::fromStdString(upper));
        QCOMPARE(merged.front().usdPerGpuHourOnDemand.value_or(0), 1.25);
        const double cpuSeconds = double(std::clock() - start) / CLOCKS_PER_SEC;
        QVERIFY2(cpuSeconds < 3.0, qPrintable(QString("%1 s of CPU").arg(cpuSeconds)));

        // The same id in other case at the end: refused, naming the entry.
        doc["pricing"]["api_prices"].back()["id"] = "USER-API-PRICE-ENTRY-000000";
        const auto dup = parseScenario(doc.dump());
        QVERIFY(!dup.ok());
        QCOMPARE(QString::fromStdString(dup.error().field),
                 QStringLiteral("pricing.api_prices[9999].id"));
        QVERIFY(dup.error().message.find("duplicate id") != std::string::npos);
    }

    // The same name in sibling objects, or in objects inside a list, is not a duplicate.
    void siblingNamesAreNotDuplicates() {
        const auto r = hostplan::jsonfield::parse(
            R"({"a":{"id":1},"b":{"id":2},"list":[{"id":3},{"id":4}],"id":5})", "doc");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r.value()["list"][1]["id"].get<int>(), 4);
        QCOMPARE(r.value()["id"].get<int>(), 5);
        const auto dup = hostplan::jsonfield::parse(R"({"list":[[1,{"x":1,"x":2}]]})", "doc");
        QVERIFY(!dup.ok());
        QCOMPARE(QString::fromStdString(dup.error().field), QStringLiteral("list[0][1].x"));
        QVERIFY(dup.error().message.find("appears twice") != std::string::npos);
    }

    // A binary file (PNG signature) is refused without echoing raw bytes to the terminal.
    void binaryInputQuotedPrintably() {
        const std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
        const auto r = parseScenario(png);
        QVERIFY(!r.ok());
        const std::string text = r.error().toString();
        QVERIFY2(text.find("not valid JSON") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\\x89") != std::string::npos, text.c_str());
        for (const unsigned char c : text) {
            QVERIFY2(c >= 0x20 && c < 0x7f, text.c_str());
        }
    }

    // A NUL byte ends nlohmann's input; what follows it must not be ignored.
    // The default mix's billion cached input tokens go with the default volumes only: a
    // workload that gives its own input or output volume and no cached input has none.
    void cachedInputFollowsTheGivenVolumes() {
        const auto withWorkload = [](const std::string &workload) {
            return parseScenario("{\"schema_version\": 1, \"workload\": {" + workload + "}}");
        };
        const auto dflt = withWorkload("");
        QVERIFY(dflt.ok());
        QCOMPARE(dflt->workload.cachedInputTokensPerMonth, 1.0e9);
        const auto own = withWorkload(R"("input_tokens_per_month": 3e9)");
        QVERIFY(own.ok());
        QCOMPARE(own->workload.cachedInputTokensPerMonth, 0.0);
        QCOMPARE(
            withWorkload(R"("output_tokens_per_month": 1e9)")->workload.cachedInputTokensPerMonth,
            0.0);
        const auto given =
            withWorkload(R"("input_tokens_per_month": 3e9, "cached_input_tokens_per_month": 2e8)");
        QCOMPARE(given->workload.cachedInputTokensPerMonth, 2.0e8);
    }

    // pricing.api_prices takes at most as many entries as a price list (--prices): 10,000.
    void apiPricesBounded() {
        std::string list;
        for (int i = 0; i <= 10000; ++i) {
            list += std::string(i ? "," : "") + "{\"id\":\"p" + std::to_string(i) +
                    "\",\"name\":\"n\",\"input_usd_per_mtok\":1,\"output_usd_per_mtok\":2,"
                    "\"source\":\"s\",\"as_of\":\"2026-01\"}";
        }
        const auto r =
            parseScenario("{\"schema_version\": 1, \"pricing\": {\"api_prices\": [" + list + "]}}");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().field, std::string("pricing.api_prices"));
        QVERIFY2(r.error().message.find("10001 entries; a price list holds at most 10000") !=
                     std::string::npos,
                 r.error().message.c_str());
    }

    void nulByteRefused() {
        const std::string text(std::string(R"({"schema_version": 1})") + '\0' +
                               R"(, "workload": {"concurrency": 5}})");
        const auto r = parseScenario(text);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("a NUL byte at byte 21") != std::string::npos,
                 r.error().toString().c_str());
    }

    // "ref": "../m1" in sc/s.json means <folder of sc>/../m1, wherever the command runs.
    void relativeModelPathIsRelativeToTheScenarioFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root(dir.path().toStdString());
        std::filesystem::create_directories(root / "sc");
        std::filesystem::create_directories(root / "m1");
        std::filesystem::copy_file(std::string(HOSTPLAN_RESOURCES_DIR) +
                                       "/models/Llama-3.1-8B.json",
                                   root / "m1" / "config.json");
        std::ofstream(root / "sc" / "s.json")
            << R"({"schema_version":1,"model":{"ref":"../m1"},"hardware":{"gpu":"h100","gpu_count":1}})";
        const auto s = loadScenarioFile(root / "sc" / "s.json");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
        QCOMPARE(std::filesystem::path(s->model.ref), (root / "m1").lexically_normal());
        const auto plan = evaluate(s.value());
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().toString().c_str());
        QCOMPARE(plan->model.hiddenSize, 4096u);
        // A catalogue id stays as written.
        std::ofstream(root / "sc" / "c.json")
            << R"({"schema_version":1,"model":{"ref":"kimi-k3"}})";
        QCOMPARE(loadScenarioFile(root / "sc" / "c.json")->model.ref, std::string("kimi-k3"));
        // The draft model is imported like model.ref: its relative path is the scenario's too.
        std::ofstream(root / "sc" / "d.json")
            << R"({"schema_version":1,"model":{"ref":"llama-3.1-70b"},"engine":{"draft":"../m1"},)"
               R"("hardware":{"gpu":"h100","gpu_count":4}})";
        const auto d = loadScenarioFile(root / "sc" / "d.json");
        QVERIFY2(d.ok(), d.ok() ? "" : d.error().toString().c_str());
        QCOMPARE(std::filesystem::path(d->engine.draft), (root / "m1").lexically_normal());
        const auto dplan = evaluate(d.value());
        QVERIFY2(dplan.ok(), dplan.ok() ? "" : dplan.error().toString().c_str());
    }

    void saveIsAtomicAndLoads() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path path = (dir.path() + "/plan.json").toStdString();
        {
            std::ofstream old(path);
            old << "previous contents";
        }
        Scenario s = defaultScenario();
        s.workload.concurrency = 33;
        QVERIFY(saveScenarioFile(s, path).ok());
        QVERIFY(!std::filesystem::exists(path.string() + ".tmp-hostplan"));
        const auto back = loadScenarioFile(path);
        QVERIFY(back.ok());
        QCOMPARE(back->workload.concurrency, 33u);
        // A folder that does not exist: an error naming the path, nothing written.
        const auto bad = saveScenarioFile(s, "/nonexistent-dir/x/plan.json");
        QVERIFY(!bad.ok());
        QVERIFY(QString::fromStdString(bad.error().field).contains("nonexistent"));
        const auto missing = loadScenarioFile("/nonexistent-dir/plan.json");
        QVERIFY(!missing.ok());
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
