// SPDX-License-Identifier: MIT
// hostplan-cli's workload figures as a user reads them: the latency target in the unit of its
// flag, why no sequence meets it, a workload without output tokens, a GPU without a rate, and
// --api-batch.
#include "cli/clirun.h"

#include <QTest>
#include <nlohmann/json.hpp>

#include <string>

using clitest::Run;
using clitest::run;

class TestCliWorkload : public QObject {
    Q_OBJECT
  private slots:
    // --target-ms-per-token is in ms: its range and the value echoed are in ms too (the
    // scenario's field is in seconds; its message read "between 0.0001 and 3600.0, got 1e-07").
    void latencyTargetInMilliseconds() {
        for (const char *bad : {"0.0001", "0.05", "3600001", "nan", "-5"}) {
            const Run r = run({"plan", "--target-ms-per-token", bad});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.find("--target-ms-per-token: must be") != std::string::npos, bad);
        }
        // A negative value gets the range too, not "must be non-negative" (0 is refused as well).
        QVERIFY2(run({"plan", "--target-ms-per-token", "-5"})
                         .err.find("must be between 0.1 and 3,600,000 ms, got '-5'") !=
                     std::string::npos,
                 "-5");
        const Run tiny = run({"plan", "--target-ms-per-token", "0.05"});
        QVERIFY2(tiny.err.find("must be between 0.1 and 3,600,000 ms, got '0.05'") !=
                     std::string::npos,
                 tiny.err.c_str());
        // 5 s a token is a slow target, not an error.
        const Run slow = run({"plan", "--target-ms-per-token", "5000"});
        QVERIFY2(slow.code == 0, slow.err.c_str());
        QVERIFY2(slow.out.find("capacity at 5000 ms per output token") != std::string::npos,
                 slow.out.c_str());
    }

    // No sequence of the context fits in memory: the capacity line names the memory, not the
    // latency (one 70B sequence on 2 x H100 decodes in about 42 ms, within 50).
    void noCapacityNamesTheMemory() {
        const Run r = run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100", "--gpu-count", "2",
                           "--concurrency", "64"});
        QVERIFY2(r.out.find("ms per output token: none (the KV room holds no sequence of the "
                            "full context)") != std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("even one sequence decodes slower") == std::string::npos);
    }

    // A workload without output tokens is said to be one (the model runs one output token a
    // request), not reported as "24063.8 ms per output token ... above the target".
    void noOutputTokensSaysSo() {
        const Run r = run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100",
                           "--output-tokens-per-month", "0"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("Note      the workload has no output tokens: HostPlan models "
                            "generation") != std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("the workload's concurrency runs at") == std::string::npos);
        const Run some = run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100"});
        QVERIFY(some.out.find("the workload has no output tokens") == std::string::npos);
    }

    // The README's A30 GPU file has no rate: the plan sizes it and decides nothing, with no
    // $0 cost per 1M tokens; a typed rate of 0 is a choice and is decided.
    void gpuWithoutRateDecidesNothing() {
        const std::string file = HOSTPLAN_SOURCE_DIR "/docs/examples/gpus-a30.json";
        const Run r = run({"plan", "--gpu-file", file, "--gpu", "a30", "--model", "llama-3.1-8b"});
        QVERIFY2(r.code == 0, r.err.c_str());
        for (const char *line : {"recommendation: No GPU price", "Break-even unknown",
                                 "cost per 1M output tokens: unknown (no GPU-hour rate for a30)",
                                 "no GPU-hour rate is known for a30"}) {
            QVERIFY2(r.out.find(line) != std::string::npos, line);
        }
        QVERIFY(r.out.find("recommendation: Dedicated") == std::string::npos);
        // Its costs are unknown, not $0: the text says so, the JSON holds null, the runners-up
        // rank by GPUs, and the heavy user's API bill (known) is given.
        QVERIFY2(r.out.find("Cost      unknown: no GPU-hour rate for a30") != std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("$0.00 per GPU-hour") == std::string::npos);
        QVERIFY(r.out.find("$0 more than the chosen $0") == std::string::npos);
        QVERIFY(r.out.find("n/a per month at API output prices") == std::string::npos);
        const Run j =
            run({"plan", "--gpu-file", file, "--gpu", "a30", "--model", "llama-3.1-8b", "--json"});
        const auto doc = nlohmann::json::parse(j.out);
        for (const char *key : {"usd_per_gpu_hour", "usd_per_month", "usd_per_month_always_on"}) {
            QVERIFY2(doc["cost"][key].is_null(), key);
        }
        QVERIFY(doc["breakeven"]["heavy_user_api_usd_per_month"].get<double>() > 0);
        const Run typed = run({"plan", "--gpu-file", file, "--gpu", "a30", "--model",
                               "llama-3.1-8b", "--usd-per-gpu-hour", "0"});
        QVERIFY(typed.out.find("No GPU price") == std::string::npos);
        QVERIFY(typed.out.find("count the GPUs as free") != std::string::npos);
    }

    // The default scenario's billion cached tokens go with its own volumes: given volumes
    // without a cached one have none, as a scenario file's workload does; with --scenario or
    // --cached-input-tokens-per-month the cached volume is the one given.
    void givenVolumesHaveNoDefaultCache() {
        const Run own = run({"plan", "--input-tokens-per-month", "3e9"});
        QVERIFY2(own.out.find("a month: 3.00 billion input + 0 cached input + 500.0 million "
                              "output tokens") != std::string::npos,
                 own.out.c_str());
        const Run cached = run(
            {"plan", "--input-tokens-per-month", "3e9", "--cached-input-tokens-per-month", "2e8"});
        QVERIFY2(cached.out.find("3.00 billion input + 200.0 million cached input") !=
                     std::string::npos,
                 cached.out.c_str());
    }
    void apiBatchFlag() {
        // --api-batch switches the comparison to batch prices where the provider publishes one
        // (Together's Mixtral 8x7B: 50% off); the plan says it was asked for and applied.
        const Run plain = run({"plan", "--model", "mixtral-8x7b", "--api-price",
                               "mixtral-8x7b-together-bifrost", "--json"});
        const Run batch = run({"plan", "--model", "mixtral-8x7b", "--api-price",
                               "mixtral-8x7b-together-bifrost", "--api-batch", "--json"});
        QCOMPARE(plain.code, 0);
        QCOMPARE(batch.code, 0);
        const auto p = nlohmann::json::parse(plain.out);
        const auto b = nlohmann::json::parse(batch.out);
        QCOMPARE(p["api"]["batch_requested"].get<bool>(), false);
        QCOMPARE(b["api"]["batch_requested"].get<bool>(), true);
        QCOMPARE(b["api"]["output_usd_per_mtok"].get<double>(),
                 p["api"]["output_usd_per_mtok"].get<double>() * 0.5);
    }
};

QTEST_GUILESS_MAIN(TestCliWorkload)
#include "tst_cliworkload.moc"
