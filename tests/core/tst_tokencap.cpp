// SPDX-License-Identifier: MIT
// engine.max_total_tokens (engine/tokencap.h capPoolTokens): SGLang's --max-total-tokens and
// TensorRT-LLM's kv_cache_config.max_tokens cap the KV pool at min(what memory gives, the cap)
// and leave the rest of the memory unallocated; vLLM plans ignore it and say so; the scenario
// keeps it; serve-cmd passes it on.
#include "engine/enginememory.h"
#include "engine/tokencap.h"
#include "plantestutil.h"
#include "scenario/scenario.h"
#include "util/textutil.h"

#include <QTest>

#include <algorithm>
#include <string>

using namespace hostplan;

namespace {

/// Llama-3.1-70B on 4 x H100 at 8,192 tokens of context under `engine`, capped at `cap` tokens
/// (0: no cap).
Scenario llama70b(Engine engine, std::uint64_t cap) {
    Scenario s;
    s.model.ref = "llama-3.1-70b";
    s.hardware.gpu = "h100";
    s.hardware.gpuCount = 4;
    s.hardware.tp = 4;
    s.engine.engine = engine;
    s.workload.contextTokens = 8192;
    if (cap) {
        s.engine.maxTotalTokens = cap;
    }
    return s;
}

bool hasWarning(const PlanResult &p, const std::string &text) {
    return std::any_of(p.warnings.begin(), p.warnings.end(),
                       [&](const std::string &w) { return w.find(text) != std::string::npos; });
}

} // namespace

class tst_TokenCap : public QObject {
    Q_OBJECT

  private slots:
    // The rule on its own: the cap replaces the token count where it is smaller, and the pool's
    // bytes, window tokens and draft pool shrink by the same share.
    void capShrinksThePool() {
        EngineMemoryTerms t;
        t.kvTokens = 400000;
        t.kvPoolBytes = 400000LL * 1000;
        t.windowTokens = 300000;
        t.draftKvBytes = 40000000;
        QCOMPARE(capPoolTokens(t, 0), std::int64_t(0));
        QCOMPARE(capPoolTokens(t, 500000), std::int64_t(0)); // larger: the profiled value
        QCOMPARE(t.kvTokens, 400000ull);
        QCOMPARE(t.kvTokensUncapped, 0ull);
        QCOMPARE(capPoolTokens(t, 100000), std::int64_t(300000LL * 1000));
        QCOMPARE(t.kvTokens, 100000ull);
        QCOMPARE(t.kvTokensUncapped, 400000ull);
        QCOMPARE(t.kvPoolBytes, std::int64_t(100000LL * 1000));
        QCOMPARE(t.windowTokens, 75000ull);
        QCOMPARE(t.draftKvBytes, 10000000ull);
        // A pool that is already negative stays the engine's refusal.
        EngineMemoryTerms none;
        none.kvTokens = 0;
        none.kvPoolBytes = -5;
        QCOMPARE(capPoolTokens(none, 10), std::int64_t(0));
        QCOMPARE(none.kvPoolBytes, std::int64_t(-5));
    }

    // SGLang: the pool holds the cap, the reserve keeps what the cap leaves, the request table
    // counts the capped pool, and the start-up message gives both counts.
    void sglangPlan() {
        const PlanResult free = planOf(llama70b(Engine::Sglang, 0));
        const PlanResult capped = planOf(llama70b(Engine::Sglang, 65536));
        const EngineMemoryTerms &a = free.memory.engine;
        const EngineMemoryTerms &b = capped.memory.engine;
        QVERIFY2(a.kvTokens > 200000, std::to_string(a.kvTokens).c_str());
        QCOMPARE(b.kvTokens, 65536ull);
        QCOMPARE(b.kvTokensUncapped, a.kvTokens);
        QCOMPARE(free.memory.kvCapacityTokens, a.kvTokens);
        QCOMPARE(capped.memory.kvCapacityTokens, 65536ull);
        const double share = 65536.0 / double(a.kvTokens);
        QVERIFY(std::abs(double(b.kvPoolBytes) - double(a.kvPoolBytes) * share) < 2);
        const std::int64_t tableGrowth =
            std::int64_t(b.requestTableBytes) - std::int64_t(a.requestTableBytes);
        QCOMPARE(b.reserveMarginBytes - a.reserveMarginBytes + tableGrowth,
                 a.kvPoolBytes - b.kvPoolBytes);
        // 65,536 tokens hold 8 sequences of 8,192 tokens.
        QCOMPARE(capped.memory.engineSequences, 8u);
        QVERIFY(capped.startup.message.find("memory holds " + groupedText(a.kvTokens) +
                                            " tokens") != std::string::npos);
        QVERIFY(free.startup.message.find("capped") == std::string::npos);
        // The fit's reason names the cap, not only the room (8 of the 16 default sequences).
        QVERIFY(std::any_of(capped.fit.reasons.begin(), capped.fit.reasons.end(),
                            [](const std::string &r) {
                                return r.find("the pool is capped at 65,536 tokens "
                                              "(engine.max_total_tokens") != std::string::npos;
                            }));
        // A cap above what memory gives changes nothing.
        const PlanResult loose = planOf(llama70b(Engine::Sglang, a.kvTokens + 1));
        QCOMPARE(loose.memory.engine.kvTokens, a.kvTokens);
        QCOMPARE(loose.memory.engine.kvTokensUncapped, 0ull);
        // A cap below one request of the context: SGLang starts and caps every request.
        const PlanResult tiny = planOf(llama70b(Engine::Sglang, 4096));
        QCOMPARE(tiny.startup.outcome, StartupOutcome::StartsContextCapped);
        QCOMPARE(tiny.startup.maxRequestTokens, 4094ull); // max_req_len - 1 (contextCapRule)
    }

    // TensorRT-LLM: the cap is taken before the blocks are counted (whole blocks rounded up).
    void trtllmPlan() {
        const PlanResult free = planOf(llama70b(Engine::TensorRtLlm, 0));
        const PlanResult capped = planOf(llama70b(Engine::TensorRtLlm, 100000));
        const std::uint32_t block = capped.memory.engine.kvBlockTokens;
        QVERIFY(block > 1);
        QCOMPARE(capped.memory.engine.kvTokens, (100000ull + block - 1) / block * block);
        QVERIFY(capped.memory.engine.kvTokensUncapped > 100000);
        QVERIFY(free.memory.engine.kvTokens > capped.memory.engine.kvTokens);
        QVERIFY(capped.memory.kvCapacityBytesPerGpu < free.memory.kvCapacityBytesPerGpu);
        const ServeCommand trt = trtllmServeCommand(capped, Catalogue::builtin());
        QVERIFY(std::any_of(trt.notes.begin(), trt.notes.end(), [](const std::string &n) {
            return n.find("kv_cache_config: max_tokens: 100000") != std::string::npos;
        }));
    }

    // vLLM has no such flag: the plan is unchanged and says it ignores the setting.
    void vllmIgnoresIt() {
        const PlanResult free = planOf(llama70b(Engine::Vllm, 0));
        const PlanResult capped = planOf(llama70b(Engine::Vllm, 65536));
        QCOMPARE(capped.memory.engine.kvTokens, free.memory.engine.kvTokens);
        QVERIFY(hasWarning(capped, "engine.max_total_tokens applies to SGLang"));
        QVERIFY(!hasWarning(free, "engine.max_total_tokens"));
        QVERIFY(!hasWarning(planOf(llama70b(Engine::Sglang, 65536)), "engine.max_total_tokens"));
    }

    // The scenario file keeps it; out-of-range values are refused naming the field; serve-cmd
    // passes it to SGLang.
    void scenarioAndCommand() {
        const Scenario s = llama70b(Engine::Sglang, 65536);
        auto back = parseScenario(scenarioToJson(s));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->engine.maxTotalTokens.value_or(0), 65536ull);
        auto bad = parseScenario(
            R"({"schema_version": 1, "engine": {"name": "sglang", "max_total_tokens": 0}})");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("engine.max_total_tokens"));
        const ServeCommand c = sglangServeCommand(planOf(s), Catalogue::builtin());
        QCOMPARE(flagValue(c, "--max-total-tokens"), std::string("65536"));
        QCOMPARE(
            flagValue(sglangServeCommand(planOf(llama70b(Engine::Sglang, 0)), Catalogue::builtin()),
                      "--max-total-tokens"),
            std::string("<absent>"));
    }
};

QTEST_GUILESS_MAIN(tst_TokenCap)
#include "tst_tokencap.moc"
