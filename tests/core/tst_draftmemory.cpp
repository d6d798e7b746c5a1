// SPDX-License-Identifier: MIT
// Speculative-decoding drafts in the engine memory models: a named draft model or an EAGLE head
// (engine.draft), each engine's rule for its weights, KV and profiled activation, SGLang's
// start-up failure when the draft does not fit, and TensorRT-LLM's MTP layers.
#include "engine/draftmodel.h"
#include "engine/enginememory.h"
#include "engine/servecommand.h"
#include "goldenmemory.h"
#include "import/hubcache.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "scenario/scenario.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <filesystem>

using namespace hostplan;

namespace {

/// `target` with `draft` attached, as the plan attaches engine.draft.
ModelSpec withDraft(ModelSpec target, const ModelSpec &draft) {
    target.draft = std::make_shared<const ModelSpec>(draft);
    return target;
}

/// A scenario of `engine` at `context` tokens; SGLang's v0.5 rules (a draft out of the reserve).
Scenario engineScenario(Engine engine, std::uint64_t context) {
    Scenario s;
    s.engine.engine = engine;
    s.engine.sglangVersion = SglangProfile::V05;
    s.workload.contextTokens = context;
    s.engine.prefillChunkTokens = 8192;
    return s;
}

} // namespace

class tst_DraftMemory : public QObject {
    Q_OBJECT

  private slots:
    // An EAGLE head for Llama-3.1-8B: one decoder layer (q/o 4096 x 4096, k/v 4096 x 1024),
    // one MLP of 3 x 4096 x 14336, fc [8192 -> 4096] and two norms, bf16; embedding and LM head
    // are the target's.
    void eagleHeadShapes() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const ModelSpec h = eagleHeadSpec(m);
        QVERIFY(h.eagleHead);
        QCOMPARE(h.numLayers, 1u);
        QCOMPARE(h.layers.size(), std::size_t(1));
        QCOMPARE(h.layers.front().count, 1u);
        QCOMPARE(h.layers.front().kvHeads, 8u);
        const std::uint64_t attention = 4096ull * (4096 + 1024 + 1024 + 4096);
        const std::uint64_t mlp = 3ull * 4096 * 14336;
        const std::uint64_t fc = 2ull * 4096 * 4096;
        QCOMPARE(h.totalParams, attention + mlp + fc + 2 * 4096);
        for (const TensorGroup &g : h.groups) {
            QVERIFY(g.role != GroupRole::Embedding && g.role != GroupRole::LmHead);
        }
        // TP 2: attention and MLP split, fc and norms whole.
        QCOMPARE(draftModelWeightBytes(h, 2), (attention + mlp) + (fc + 2 * 4096) * 2);
    }

    // vLLM: a draft model's layers join the KV cache spec (one uniform-type group whose page
    // sums both models' layers), its weights load before the profile, and the profile runs its
    // forward after the target's with the target's hidden states live.
    void vllmDraftModel() {
        const ModelSpec target = golden::catalogueModel("llama-3.1-70b");
        const ModelSpec draft = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        const Scenario s = engineScenario(Engine::Vllm, 32768);
        const EngineMemoryInput off = engineInputFor(target, g, {4, 1, 1}, s);
        const ModelSpec both = withDraft(target, draft);
        const EngineMemoryInput on = engineInputFor(both, g, {4, 1, 1}, s);
        QVERIFY(on.draftModel != nullptr);
        QCOMPARE(on.draftLayers, 0u);
        const EngineMemoryTerms a = vllmMemoryModel().terms(off);
        const EngineMemoryTerms b = vllmMemoryModel().terms(on);
        // 70B at TP 4: 80 layers x 2 KV heads x 128 x 2 (K, V) x 2 B; 8B: 32 layers, same heads.
        QCOMPARE(a.kvBytesPerToken, 80ull * 2 * 128 * 2 * 2);
        QCOMPARE(b.draftKvBytesPerToken, 32ull * 2 * 128 * 2 * 2);
        QCOMPARE(b.kvBytesPerToken, a.kvBytesPerToken + b.draftKvBytesPerToken);
        QCOMPARE(b.draftWeights, draftModelWeightBytes(draft, 4));
        COMPARE_NEAR(double(b.draftWeights), double(draft.weightBytes()) / 4, 0, 0.001);
        QCOMPARE(b.activationDraft,
                 forwardActivationBytes(draft, 8192, 4, 1, kFusedMoeChunkTokens, nullptr));
        const std::uint64_t hidden = 8192ull * 8192 * 2;
        QCOMPARE(b.activationPeak, std::max({b.activationForward, hidden + b.activationDraft,
                                             hidden + b.activationSampler}));
        QCOMPARE(a.kvPoolBytes - b.kvPoolBytes,
                 std::int64_t(b.draftWeights) +
                     (std::int64_t(b.activationPeak) - std::int64_t(a.activationPeak)));
        QCOMPARE(b.kvTokens, std::uint64_t(b.kvPoolBytes) / (16 * b.kvBytesPerToken) * 16);
        QCOMPARE(vllmMemoryModel().requestBytes(on, b, 32768), 32768ull * b.kvBytesPerToken);
    }

    // vLLM with an EAGLE head on Llama-3.1-8B: one more layer of 8 KV heads (4,096 B per token
    // at TP 1) and the head's own weights only.
    void vllmEagleHead() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-8b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        const ModelSpec head = eagleHeadSpec(m);
        const ModelSpec both = withDraft(m, head);
        const EngineMemoryInput in =
            engineInputFor(both, g, {}, engineScenario(Engine::Vllm, 8192));
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.kvBytesPerToken, 33ull * 4096);
        QCOMPARE(t.draftKvBytesPerToken, 4096ull);
        QCOMPARE(t.draftWeights, head.weightBytes());
    }

    // SGLang's default fraction: 6 GiB more for a separate (STANDALONE) draft, 2 GiB for EAGLE
    // (server_args.py): H100 81,920 MiB at TP 1 reserves 13,440 MiB without a draft.
    void sglangDraftFraction() {
        COMPARE_NEAR(sglangDefaultMemFraction(81920, 1, 1), 0.836, 1e-9, 0);
        COMPARE_NEAR(sglangDefaultMemFraction(81920, 1, 1, true), 0.811, 1e-9, 0);
        COMPARE_NEAR(sglangDefaultMemFraction(81920, 1, 1, true, true), 0.761, 1e-9, 0);
        const ModelSpec target = golden::catalogueModel("llama-3.1-70b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        const Scenario s = engineScenario(Engine::Sglang, 32768);
        const ModelSpec standalone = withDraft(target, golden::catalogueModel("llama-3.1-8b"));
        const ModelSpec eagle = withDraft(target, eagleHeadSpec(target));
        COMPARE_NEAR(engineInputFor(standalone, g, {4, 1, 1}, s).memoryFraction,
                     sglangDefaultMemFraction(81920, 4, 1, true, true), 1e-9, 0);
        COMPARE_NEAR(engineInputFor(eagle, g, {4, 1, 1}, s).memoryFraction,
                     sglangDefaultMemFraction(81920, 4, 1, true, false), 1e-9, 0);
    }

    // SGLang: the draft's weights and its pool (the target's tokens x the draft's cell) are
    // allocated after the target's pool and CUDA graphs, in what the fraction leaves. At the
    // default fraction a Llama-3.1-8B draft beside Llama-3.1-70B on 4 H100 fits; at
    // --mem-fraction-static 0.9 the target's pool is so large that the draft's pool of the
    // same tokens does not, and SGLang fails with CUDA out of memory.
    void sglangDraftRefusal() {
        const ModelSpec draft = golden::catalogueModel("llama-3.1-8b");
        const ModelSpec both = withDraft(golden::catalogueModel("llama-3.1-70b"), draft);
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        Scenario s = engineScenario(Engine::Sglang, 32768);
        EngineMemoryInput in = engineInputFor(both, g, {4, 1, 1}, s);
        const EngineMemoryTerms t = sglangMemoryModel().terms(in);
        QCOMPARE(t.draftKvBytesPerToken, 32ull * 2 * 128 * 2 * 2);
        QCOMPARE(t.draftKvBytes, t.kvTokens * t.draftKvBytesPerToken);
        QCOMPARE(t.draftWeights, draftModelWeightBytes(draft, 4));
        const double pre = double(g.usableMemoryBytes) - double(t.cudaContext + t.communication);
        COMPARE_NEAR(double(t.reserveMarginBytes),
                     pre - std::floor(pre * in.memoryFraction) - double(t.cudaGraphs) -
                         double(t.requestTableBytes + t.draftWeights + t.draftKvBytes),
                     2, 0);
        QVERIFY(t.reserveMarginBytes > 0);
        QVERIFY(engineStartup(Engine::Sglang, in).starts());

        in.memoryFraction = 0.9;
        const EngineMemoryTerms full = sglangMemoryModel().terms(in);
        QVERIFY(full.kvPoolBytes > 0);
        QVERIFY(full.reserveMarginBytes < 0);
        const EngineStartup st = engineStartup(Engine::Sglang, in);
        QCOMPARE(st.outcome, StartupOutcome::DraftDoesNotFit);
        QCOMPARE(startupOutcomeName(st.outcome), std::string("draft_does_not_fit"));
        QVERIFY(st.message.find("CUDA out of memory") != std::string::npos);
        QVERIFY(!st.fixes.empty());
        QCOMPARE(st.fixes.front().flag, std::string("--mem-fraction-static"));
        // The largest fraction that starts: it starts, 0.01 more does not.
        EngineMemoryInput fixed = in;
        fixed.memoryFraction = std::stod(st.fixes.front().value);
        QVERIFY(fixed.memoryFraction < 0.9);
        QVERIFY(engineStartup(Engine::Sglang, fixed).starts());
        fixed.memoryFraction += 0.01;
        QCOMPARE(engineStartup(Engine::Sglang, fixed).outcome, StartupOutcome::DraftDoesNotFit);
    }

    // Speculative decoding with PP > 1: SGLang v0.5 (check_server_args), TensorRT-LLM's
    // PyTorch executor and vLLM <= 0.15 refuse it before loading; vLLM 0.19 runs it. The same
    // plan at PP 1, or at PP 2 without speculation, is sized as before.
    void speculationWithPipeline() {
        const ModelSpec m = golden::catalogueModel("llama-3.1-70b");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 80.0, true);
        for (Engine e : {Engine::Sglang, Engine::TensorRtLlm, Engine::Vllm}) {
            Scenario s = engineScenario(e, 32768);
            s.workload.speculativeTokens = 3; // no MTP layers, no draft: n-gram drafting
            if (e == Engine::Vllm) {
                s.engine.vllmVersion = VllmProfile::V1; // the 0.11 rules
            }
            const EngineMemoryInput in = engineInputFor(m, g, {2, 1, 2}, s);
            QVERIFY(in.speculative);
            const EngineStartup st = engineStartup(e, in);
            QCOMPARE(st.outcome, StartupOutcome::SpeculationWithPipeline);
            QCOMPARE(startupOutcomeName(st.outcome), std::string("speculation_with_pipeline"));
            QVERIFY(!st.starts());
            QVERIFY2(st.message.find("PP 2") != std::string::npos, st.message.c_str());
            QCOMPARE(st.kvTokens, 0ull);
            QCOMPARE(st.fixes.size(), std::size_t(2));
            QCOMPARE(st.fixes[0].flag, std::string(e == Engine::Sglang        ? "--pp-size"
                                                   : e == Engine::TensorRtLlm ? "--pp_size"
                                                                              : "--pipeline-"
                                                                                "parallel-size"));
            QCOMPARE(st.fixes[0].value, std::string("1"));
            // Each fix alone: PP 1 with speculation, or PP 2 without it, starts.
            QVERIFY(engineStartup(e, engineInputFor(m, g, {4, 1, 1}, s)).starts());
            Scenario plain = s;
            plain.workload.speculativeTokens = 0;
            QVERIFY(engineStartup(e, engineInputFor(m, g, {2, 1, 2}, plain)).starts());
        }
        Scenario v19 = engineScenario(Engine::Vllm, 32768);
        v19.workload.speculativeTokens = 3;
        v19.engine.vllmVersion = VllmProfile::V1v19;
        QVERIFY(engineStartup(Engine::Vllm, engineInputFor(m, g, {2, 1, 2}, v19)).starts());
        QVERIFY(speculationPipelineProblem(Engine::Vllm, VllmProfile::V1v19, 2).empty());
        QVERIFY(!speculationPipelineProblem(Engine::Vllm, VllmProfile::V0Legacy, 2).empty());
        QVERIFY(speculationPipelineProblem(Engine::Sglang, VllmProfile::V1, 1).empty());
        // The plan says so: it does not fit, with the engine's words as the reason.
        Scenario planned = withGpuType(defaultScenario(), "h100-sxm");
        planned.model.ref = "llama-3.1-70b";
        planned.engine.engine = Engine::Sglang;
        planned.hardware.gpuCount = 4;
        planned.hardware.tp = 2;
        planned.hardware.ep = 1;
        planned.hardware.pp = 2;
        planned.workload.speculativeTokens = 3;
        auto p = evaluate(planned);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->startup.outcome, StartupOutcome::SpeculationWithPipeline);
        QVERIFY(!p->fit.fits);
        QVERIFY(std::find(p->fit.reasons.begin(), p->fit.reasons.end(), p->startup.message) !=
                p->fit.reasons.end());
    }

    // TensorRT-LLM MTP (DeepSeek-V3, one MTP layer, TP 8): the MTP layer loads with the target
    // (norm-only head, the target's LM head) inside the warm-up peak; the estimate divides by
    // the target's 61 MLA layers only, and the cache manager adds the MTP layer's 1,152 B per
    // token on top of the estimated tokens.
    void trtllmMtp() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec g = golden::loggedGpu("NVIDIA H200", 139.8, true);
        Scenario s = engineScenario(Engine::TensorRtLlm, 32768);
        const EngineMemoryInput off = engineInputFor(m, g, {8, 1, 1}, s);
        s.workload.speculativeTokens = 1;
        const EngineMemoryInput on = engineInputFor(m, g, {8, 1, 1}, s);
        QCOMPARE(on.draftLayers, 1u);
        const EngineMemoryTerms a = trtllmMemoryModel().terms(off);
        const EngineMemoryTerms b = trtllmMemoryModel().terms(on);
        QCOMPARE(a.draftWeights + a.draftKvBytes, 0ull);
        QCOMPARE(b.draftWeights, mtpDraftWeightBytes(m, 1, 8, false));
        QCOMPARE(b.kvBytesPerToken, 61ull * 1152);
        QCOMPARE(b.draftKvBytesPerToken, 1152ull);
        const double freeBytes = double(g.usableMemoryBytes) - double(b.weights()) -
                                 double(b.activationPeak) - double(b.runtime());
        COMPARE_NEAR(double(b.kvPoolBytes), 0.9 * freeBytes, 2, 0);
        QCOMPARE(b.kvTokens, (std::uint64_t(b.kvPoolBytes) / (61 * 1152) + 31) / 32 * 32);
        QCOMPARE(b.draftKvBytes, b.kvTokens * 1152);
        QVERIFY(b.kvTokens < a.kvTokens);
    }

    // TensorRT-LLM with a separate draft model: _cal_max_tokens divides the pool by the
    // target's and the draft's bytes per token together.
    void trtllmDraftModel() {
        const ModelSpec draft = golden::catalogueModel("llama-3.1-8b");
        const ModelSpec both = withDraft(golden::catalogueModel("llama-3.1-70b"), draft);
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        const EngineMemoryInput in =
            engineInputFor(both, g, {4, 1, 1}, engineScenario(Engine::TensorRtLlm, 32768));
        const EngineMemoryTerms t = trtllmMemoryModel().terms(in);
        QCOMPARE(t.draftWeights, draftModelWeightBytes(draft, 4));
        QCOMPARE(t.kvBytesPerToken + t.draftKvBytesPerToken, (80ull + 32) * 2 * 128 * 2 * 2);
        QCOMPARE(
            t.kvTokens,
            (std::uint64_t(t.kvPoolBytes) / (t.kvBytesPerToken + t.draftKvBytesPerToken) + 31) /
                32 * 32);
    }

    // engine.draft in a scenario file, and in a plan: an EAGLE head or a catalogue model is
    // attached to the plan's model and shown in plan --json; an unknown one names the field.
    void scenarioAndPlan() {
        Scenario s;
        s.model.ref = "llama-3.1-70b";
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 4;
        s.engine.draft = "llama-3.1-8b";
        s.workload.speculativeTokens = 3;
        const auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok());
        QCOMPARE(back->engine.draft, std::string("llama-3.1-8b"));
        const auto plan = evaluate(s);
        QVERIFY(plan.ok());
        QVERIFY(plan->model.draft != nullptr);
        QCOMPARE(plan->memory.engine.draftWeights,
                 draftModelWeightBytes(golden::catalogueModel("llama-3.1-8b"), 4));
        const auto json = planToJson(*plan);
        QCOMPARE(json["memory"]["engine"]["draft"]["id"].get<std::string>(),
                 std::string("llama-3.1-8b"));
        QVERIFY(json["memory"]["engine"]["activation_draft_bytes"].get<std::uint64_t>() > 0);
        // serve-cmd starts the engines with the same draft.
        auto flag = [](const ServeCommand &c, const std::string &name) {
            for (const ServeFlag &f : c.flags) {
                if (f.flag == name) {
                    return f.value;
                }
            }
            return std::string("(none)");
        };
        QCOMPARE(flag(vllmServeCommand(*plan, Catalogue::builtin()), "--speculative-config"),
                 std::string(R"({"model":"meta-llama/Llama-3.1-8B","num_speculative_tokens":3})"));
        const ServeCommand sg = sglangServeCommand(*plan, Catalogue::builtin());
        QCOMPARE(flag(sg, "--speculative-algorithm"), std::string("STANDALONE"));
        QCOMPARE(flag(sg, "--speculative-draft-model-path"),
                 std::string("meta-llama/Llama-3.1-8B"));
        s.engine.draft = "EAGLE";
        const auto eagle = evaluate(s);
        QVERIFY(eagle.ok());
        QVERIFY(eagle->model.draft && eagle->model.draft->eagleHead);
        s.engine.draft = "no-such-draft";
        const auto bad = evaluate(s);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("engine.draft"));
        s.engine.draft.clear();
        const auto none = evaluate(s);
        QVERIFY(none.ok());
        QVERIFY(!none->model.draft);
        QVERIFY(planToJson(*none)["memory"]["engine"]["draft"].is_null());
    }

    // vLLM's --speculative-config is JSON built as JSON: a draft folder named with a quote and
    // a backslash stays one "model" string (concatenated, it was invalid JSON, or new keys).
    void draftPathInSpeculativeConfig() {
        QTemporaryDir dir;
        const QString draft = dir.filePath(QStringLiteral("dj\",\"quantization\":\"x\\q"));
        QVERIFY(QDir().mkpath(draft));
        QVERIFY(QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                           "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                            draft + QStringLiteral("/config.json")));
        Scenario s;
        s.model.ref = "llama-3.1-70b";
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 4;
        s.engine.draft = draft.toStdString();
        s.workload.speculativeTokens = 2;
        const auto plan = evaluate(s);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().toString().c_str());
        for (const ServeFlag &f : vllmServeCommand(*plan, Catalogue::builtin()).flags) {
            if (f.flag == "--speculative-config") {
                const auto j = nlohmann::json::parse(f.value);
                QCOMPARE(j.size(), std::size_t(2));
                QCOMPARE(j["model"].get<std::string>(), draft.toStdString());
                QCOMPARE(j["num_speculative_tokens"].get<int>(), 2);
                return;
            }
        }
        QFAIL("no --speculative-config");
    }

    // A draft from files is read once and kept while its files are unchanged; an edited
    // config.json is read again.
    void draftFilesReadOnce() {
        QTemporaryDir dir;
        const QString config = dir.filePath(QStringLiteral("config.json"));
        QVERIFY(QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                           "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                            config));
        Scenario s;
        s.engine.draft = dir.path().toStdString();
        const ModelSpec target = golden::catalogueModel("llama-3.1-70b");
        const auto first = resolveDraft(s, Catalogue::builtin(), target);
        QVERIFY2(first.ok(), first.ok() ? "" : first.error().toString().c_str());
        QCOMPARE((*first)->numLayers, 32u);
        const auto again = resolveDraft(s, Catalogue::builtin(), target);
        QVERIFY(again.ok());
        QCOMPARE(again->get(), first->get()); // the same import, not a second read

        QFile f(config);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 16");
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(text), text.size());
        f.close();
        const auto later =
            std::filesystem::last_write_time(config.toStdString()) + std::chrono::seconds(5);
        std::filesystem::last_write_time(config.toStdString(), later);
        const auto edited = resolveDraft(s, Catalogue::builtin(), target);
        QVERIFY(edited.ok());
        QCOMPARE((*edited)->numLayers, 16u);
    }

    // A Hub-id draft is fetched once, not on every evaluation; a failed fetch is not retried
    // at once either (it is after 30 s).
    void hubDraftFetchedOnce() {
        QTemporaryDir hfCache;
        QTemporaryDir checkpoint;
        QVERIFY(QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                           "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                            checkpoint.filePath(QStringLiteral("config.json"))));
        qputenv("HF_HUB_CACHE", hfCache.path().toUtf8());
        int fetches = 0;
        importer::setHubFetcher([&](std::string_view id, const Error &,
                                    const std::atomic<bool> *) -> Result<std::filesystem::path> {
            ++fetches;
            if (id == "org/offline-draft") {
                return makeError(std::string(id), "host not found");
            }
            return std::filesystem::path(checkpoint.path().toStdString());
        });
        Scenario s;
        s.engine.draft = "org/llama-draft";
        const ModelSpec target = golden::catalogueModel("llama-3.1-70b");
        const auto a = resolveDraft(s, Catalogue::builtin(), target);
        const auto b = resolveDraft(s, Catalogue::builtin(), target);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().toString().c_str());
        QVERIFY(b.ok());
        QCOMPARE(b->get(), a->get());
        QCOMPARE((*a)->numLayers, 32u);
        QCOMPARE(fetches, 1);
        s.engine.draft = "org/offline-draft";
        const auto e1 = resolveDraft(s, Catalogue::builtin(), target);
        const auto e2 = resolveDraft(s, Catalogue::builtin(), target);
        QVERIFY(!e1.ok() && !e2.ok());
        QCOMPARE(e1.error().field, std::string("engine.draft"));
        QVERIFY(e2.error().toString().find("host not found") != std::string::npos);
        QCOMPARE(fetches, 2);
        importer::setHubFetcher({});
        qunsetenv("HF_HUB_CACHE");
    }
};

QTEST_GUILESS_MAIN(tst_DraftMemory)
#include "tst_draftmemory.moc"
