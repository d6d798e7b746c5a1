// SPDX-License-Identifier: MIT
// Engine start-up verdicts that differ by engine (engine/enginememory.h contextCapRule): a KV
// pool smaller than one request of the context makes vLLM refuse to start, while SGLang and
// TensorRT-LLM start and cap every request.
#include "engine/enginememory.h"
#include "goldenmemory.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "scenario/scenario.h"
#include "testutil.h"
#include "util/textutil.h"

#include <QTest>

#include <algorithm>
#include <string>

using namespace hostplan;

namespace {

/// Row P19's run (goldenmemory.h): QwQ-32B on 4x NVIDIA L4 (g6.12xlarge, PCIe), TP 4,
/// context 131,072.
EngineMemoryInput qwqOnFourL4(Engine engine) {
    static const ModelSpec m = golden::qwq32b();
    return golden::rowInput(m, golden::loggedL4(), {4, 1, 1}, engine, 131072);
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
    void planSaysWhichEngineCaps() {
        Scenario s = withGpuType(defaultScenario(), "rtx-4090");
        s.model.ref = "llama-3.1-8b";
        s.hardware.gpuCount = 1;
        s.hardware.tp = 1;
        s.hardware.ep = 1;
        s.hardware.pp = 1;
        s.workload.contextTokens = 131072;
        s.workload.concurrency = 1;
        s.engine.engine = Engine::Sglang;
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
};

QTEST_GUILESS_MAIN(tst_EngineStartup)
#include "tst_enginestartup.moc"
