// SPDX-License-Identifier: MIT
// hostplan-cli's workload figures as a user reads them: the latency target in the unit of its
// flag, why no sequence meets it, a workload without output tokens, a GPU without a rate, and
// --api-batch.
#include "cli/clirun.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include <fstream>
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
        QVERIFY2(r.out.find("ms per output token: none (the KV room holds no whole request)") !=
                     std::string::npos,
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

    // A context above the model's maximum whose one sequence does not fit the KV room either
    // does not say the room "would hold them" (it printed that after "holds 0 sequences").
    void contextAboveMaximumSaysOnlyWhatIsTrue() {
        const Run huge = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h100", "--gpu-count",
                              "1", "--context", "10M"});
        QVERIFY2(huge.out.find("max concurrency at 10,485,760 tokens: 0 sequences (the engine "
                               "refuses a context above the model's maximum)") != std::string::npos,
                 huge.out.c_str());
        QVERIFY(huge.out.find("would hold") == std::string::npos);
        // Just above the maximum the room holds some: then it says how many.
        const Run near = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h200", "--gpu-count",
                              "1", "--context", "140000"});
        QVERIFY2(near.out.find("0 sequences (the KV room would hold ") != std::string::npos,
                 near.out.c_str());
    }

    // Where the engine's running cap binds, the fit's concurrency says so beside the KV room's
    // count (it printed 256 while the start-up line said 274 sequences, unexplained).
    void runningCapIsNamed() {
        const Run r = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h200", "--gpu-count", "1",
                           "--context", "512", "--concurrency", "4000"});
        QVERIFY2(r.out.find("sequences (the engine's running-sequence cap, --max-num-seqs; the KV "
                            "room holds ") != std::string::npos,
                 r.out.c_str());
        const Run room = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h200", "--gpu-count",
                              "1", "--context", "131072"});
        QVERIFY(room.out.find("running-sequence cap") == std::string::npos);
    }

    // A chosen offer whose month rounds to $0 (a rate of 1e-300) gives the runner-ups the
    // difference in dollars, not a percentage of nothing (it printed 10^300 %).
    void runnerUpAgainstANearZeroMonth() {
        QTemporaryDir dir;
        const QString file = dir.filePath("offers.json");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema_version": 1, "offers": [
            {"id": "tiny", "provider": "Mine", "gpu": "h100-sxm", "gpus_per_instance": 8,
             "usd_per_gpu_hour_on_demand": 1e-300, "source": "quote", "as_of": "2026-12-01"}]})");
        f.close();
        const Run r = run(
            {"plan", "--model", "llama-3.1-8b", "--gpu", "h100", "--offers", file.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("more than the chosen $0") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("% above the chosen $0") == std::string::npos);
        QVERIFY(r.out.find("e+") == std::string::npos);
        // A file that adds no offer is refused, as --prices and --gpu-file refuse one.
        const QString empty = dir.filePath("none.json");
        QFile e(empty);
        QVERIFY(e.open(QIODevice::WriteOnly));
        e.write(R"({"schema_version": 1, "offers": []})");
        e.close();
        const Run none = run({"plan", "--offers", empty.toStdString()});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.find("no offers in the file") != std::string::npos, none.err.c_str());
    }

    // An option given twice with two values is refused naming both (it took the last silently:
    // `--gpu h100 ... --gpu h200` planned an H200); options that add up may repeat, and a
    // repeat with the same value, or a repeated flag, changes nothing and passes.
    void optionGivenTwiceIsRefused() {
        const Run twice = run({"plan", "--gpu", "h100", "--context", "8k", "--gpu", "h200"});
        QCOMPARE(twice.code, 2);
        QVERIFY2(twice.err.find("hostplan-cli: plan: --gpu: given twice ('h100', then 'h200'): "
                                "give it once") != std::string::npos,
                 twice.err.c_str());
        const Run serve = run({"serve-cmd", "--tp", "8", "--tp", "4"});
        QCOMPARE(serve.code, 2);
        QVERIFY2(serve.err.find("--tp: given twice ('8', then '4')") != std::string::npos,
                 serve.err.c_str());
        // A negative number is a value, not an option.
        const Run negative = run({"plan", "--concurrency", "-1", "--concurrency", "4"});
        QVERIFY2(negative.err.find("--concurrency: given twice ('-1', then '4')") !=
                     std::string::npos,
                 negative.err.c_str());
        // A later 'auto' is the documented reset of an earlier value.
        const Run reset = run({"plan", "--max-num-seqs", "2", "--max-num-seqs", "auto"});
        QVERIFY2(reset.code == 0, reset.err.c_str());
        const Run same = run({"plan", "--gpu", "h200", "--json", "--gpu", "h200", "--json"});
        QVERIFY2(same.code == 0, same.err.c_str());
        QCOMPARE(nlohmann::json::parse(same.out)["hardware"]["gpu"].get<std::string>(),
                 std::string("h200"));
        const std::string file = HOSTPLAN_SOURCE_DIR "/docs/examples/gpus-a30.json";
        const Run files = run({"gpus", "--gpu-file", file, "--gpu-file", file});
        QVERIFY2(files.code == 0, files.err.c_str());
        const Run models = run({"card-fit", "--model", "llama-3.1-8b", "--model", "mixtral-8x7b"});
        QVERIFY2(models.code == 0, models.err.c_str());
        // A short option too: two report files would write only the last.
        const Run outputs = run({"report", "-o", "a.pdf", "-o", "b.pdf"});
        QCOMPARE(outputs.code, 2);
        QVERIFY2(outputs.err.find("-o: given twice ('a.pdf', then 'b.pdf')") != std::string::npos,
                 outputs.err.c_str());
    }

    // A benchmark's request lengths on the command line; a scenario file's lengths are checked
    // against the context once the options have overridden it (a file of context 2048 with
    // 7373 + 922 tokens a request was refused before --context 9216 could raise it).
    void requestLengthsOnTheCommandLine() {
        const Run fits = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h100", "--context",
                              "10k", "--input-tokens-per-request", "7373",
                              "--output-tokens-per-request", "922", "--json"});
        QVERIFY2(fits.code == 0, fits.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(fits.out);
        QCOMPARE(j["scenario"]["workload"]["input_tokens_per_request"].get<int>(), 7373);
        QCOMPARE(j["scenario"]["workload"]["output_tokens_per_request"].get<int>(), 922);
        const Run longer = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h100", "--context",
                                "2048", "--input-tokens-per-request", "7373"});
        QCOMPARE(longer.code, 2);
        QVERIFY2(longer.err.find("--input-tokens-per-request: 7373 input + 1 output tokens per "
                                 "request exceed the context of 2048 tokens") != std::string::npos,
                 longer.err.c_str());
        QCOMPARE(run({"plan", "--output-tokens-per-request", "0"}).code, 2);
        QTemporaryDir dir;
        const QString file = dir.filePath("bench.json");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema_version": 1, "model": {"ref": "llama-3.1-8b"},
            "hardware": {"gpu": "h100"}, "workload": {"context_tokens": 2048,
            "input_tokens_per_request": 7373, "output_tokens_per_request": 922}})");
        f.close();
        const Run raised = run({"plan", "--scenario", file.toStdString(), "--context", "9216"});
        QVERIFY2(raised.code == 0, raised.err.c_str());
        const Run asFiled = run({"plan", "--scenario", file.toStdString()});
        QCOMPARE(asFiled.code, 2);
        QVERIFY2(asFiled.err.find(file.toStdString() +
                                  ": workload.output_tokens_per_request: 7373 input + 922") !=
                     std::string::npos,
                 asFiled.err.c_str());
    }

    // Figures that read as contradictions are explained: Kimi K3's token count is one KV
    // group's (57 sequences of 32,768 tokens beside 506,112 tokens), and TensorRT-LLM's
    // fraction is of the memory free after loading (81 GB needed under an 85 GB budget, short).
    void figuresThatLookContradictoryAreExplained() {
        const Run k3 = run({"plan", "--json"});
        QVERIFY2(k3.code == 0, k3.err.c_str());
        const std::string message = nlohmann::json::parse(k3.out)["startup"]["message"];
        QVERIFY2(message.find("per KV-cache group, as vLLM logs it") != std::string::npos,
                 message.c_str());
        const Run trt = run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100", "--gpu-count",
                             "4", "--engine", "trtllm", "--context", "8k", "--concurrency", "64"});
        QVERIFY2(trt.code == 0, trt.err.c_str());
        QVERIFY2(trt.out.find("TensorRT-LLM's memory fraction takes that share of the memory "
                              "free after loading") != std::string::npos,
                 trt.out.c_str());
        const Run dense = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h100", "--json"});
        const std::string plain = nlohmann::json::parse(dense.out)["startup"]["message"];
        QVERIFY2(plain.find("KV-cache group") == std::string::npos, plain.c_str());
    }

    // A cheaper price brought with --prices is compared when "--api-price cheapest" undoes the
    // default scenario's pin (it was refused as an unknown id, and the pin kept the dearer one).
    void apiPriceCheapestUndoesThePin() {
        QTemporaryDir dir;
        const std::string prices = (dir.path() + "/p.json").toStdString();
        std::ofstream(prices) << R"({"api":[{"id":"cheap","name":"Cheap K3","model":"kimi-k3",)"
                                 R"("input_usd_per_mtok":0.5,"output_usd_per_mtok":2.5,)"
                                 R"("source":"test","as_of":"2026-11-01"}]})";
        const Run pinned = run({"plan", "--prices", prices, "--json"});
        QVERIFY2(pinned.code == 0, pinned.err.c_str());
        QCOMPARE(nlohmann::json::parse(pinned.out)["api"]["id"].get<std::string>(),
                 std::string("kimi-k3-moonshot"));
        const Run cheapest = run({"plan", "--prices", prices, "--api-price", "cheapest", "--json"});
        QVERIFY2(cheapest.code == 0, cheapest.err.c_str());
        QCOMPARE(nlohmann::json::parse(cheapest.out)["api"]["id"].get<std::string>(),
                 std::string("cheap"));
    }

    // 16 sequences on the 38 replicas a monthly volume rents: 16 replicas serve, and the total
    // is theirs (it was 38 replicas' 2,145 tokens/s); the volume 16 sequences cannot make is
    // said so, with the concurrency that would.
    void idleReplicasServeNothing() {
        const Run r =
            run({"plan", "--gpu", "h200", "--gpu-count", "auto", "--output-tokens-per-month",
                 "2e10", "--input-tokens-per-month", "8e10", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        const auto decode = j["throughput"]["decode"];
        const unsigned replicas = j["hardware"]["replicas"].get<unsigned>();
        QVERIFY2(replicas > 16, r.out.c_str());
        QCOMPARE(decode["busy_replicas"].get<unsigned>(), 16u);
        QCOMPARE(decode["batch"].get<unsigned>(), 1u);
        const double perUser = decode["tokens_per_second_per_user"].get<double>();
        QVERIFY(decode["tokens_per_second"].get<double>() < 16 * perUser);
        bool named = false;
        for (const auto &w : j["warnings"]) {
            const std::string text = w.get<std::string>();
            named |=
                text.rfind("the workload's 16 sequences running all the time produce at "
                           "most ",
                           0) == 0 &&
                text.find("sequences at once at this speed (--concurrency)") != std::string::npos;
        }
        QVERIFY2(named, r.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliWorkload)
#include "tst_cliworkload.moc"
