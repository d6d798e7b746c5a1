// SPDX-License-Identifier: MIT
// hostplan-cli's engine options end to end (the built program): --max-num-seqs and
// --max-num-batched-tokens, and --cuda-graph-max-bs, into the scenario, the plan's memory and
// the serving commands; out-of-range values refused naming the option.
#include "cli/clitool.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using clitool::Run;
using clitool::runTool;

class TestCliEngine : public QObject {
    Q_OBJECT

  private slots:
    // --max-num-seqs and --max-num-batched-tokens reach the scenario, the profiled sampler and
    // serve-cmd's flags; out-of-range values are refused naming the option.
    void engineStepOptions() {
        const QStringList base = {"plan", "--json",      "--model", "llama-3.1-8b", "--gpu",
                                  "h100", "--gpu-count", "1",       "--context",    "8192"};
        const Run dflt = runTool(HOSTPLAN_CLI_BIN, base);
        const Run two =
            runTool(HOSTPLAN_CLI_BIN,
                    base + QStringList{"--max-num-seqs", "2", "--max-num-batched-tokens", "2k"});
        QVERIFY2(dflt.code == 0 && two.code == 0, two.err.constData());
        const auto a = nlohmann::json::parse(dflt.out.toStdString());
        const auto b = nlohmann::json::parse(two.out.toStdString());
        QVERIFY(!a["scenario"]["engine"].contains("max_num_seqs"));
        QCOMPARE(b["scenario"]["engine"]["max_num_seqs"].get<int>(), 2);
        QCOMPARE(b["scenario"]["engine"]["prefill_chunk_tokens"].get<int>(), 2048);
        // Two rows of the 128,256-token vocabulary instead of 1,024: a far smaller sampler.
        QVERIFY(b["memory"]["engine"]["activation_sampler_bytes"].get<double>() * 100 <
                a["memory"]["engine"]["activation_sampler_bytes"].get<double>());
        QCOMPARE(b["throughput"]["capacity"]["batch"].get<int>(), 2);
        // 'auto' gives a value set earlier (or by a scenario file) back to the engine.
        const Run back = runTool(
            HOSTPLAN_CLI_BIN,
            base + QStringList{"--max-num-seqs", "2", "--max-num-batched-tokens", "2k",
                               "--max-num-seqs", "AUTO", "--max-num-batched-tokens", "auto"});
        QVERIFY2(back.code == 0, back.err.constData());
        const auto c = nlohmann::json::parse(back.out.toStdString());
        QVERIFY(c["scenario"]["engine"] == a["scenario"]["engine"]);
        QCOMPARE(c["throughput"]["prefill"]["chunk_tokens"].get<int>(), 8192);
        const Run cmd =
            runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "1", "--max-num-seqs", "3"});
        QVERIFY2(cmd.code == 0, cmd.err.constData());
        QVERIFY(cmd.out.contains("--max-num-seqs 3 \\"));
        QVERIFY(cmd.out.contains("the plan's running-sequence cap (engine.max_num_seqs)"));
        // llama-server runs at most 256 sequences and reads -c as a 32-bit int: its command
        // caps the slots where the plan's batch is larger.
        const Run many =
            runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "1", "--context", "8388608", "--max-num-seqs",
                                       "1048576", "--max-num-batched-tokens", "16M"});
        QVERIFY2(many.code == 0, many.err.constData());
        QVERIFY(many.out.contains("-np 255 \\"));
        QVERIFY(many.out.contains("-c 2139095040 \\"));
        QVERIFY(many.out.contains("capped at 255, the most llama.cpp runs"));
        // ... and no more slots than the KV room holds: llama-server reserves each one's context.
        const Run room = runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", "llama-3.1-8b", "--gpu",
                                                    "h100", "--gpu-count", "1", "--context",
                                                    "131072", "--max-num-seqs", "1000"});
        QVERIFY(room.out.contains("--max-num-seqs 1000 \\"));
        QVERIFY(room.out.contains("-np 3 \\"));
        QVERIFY(room.out.contains("-c 393216 \\"));
        // vLLM 0.6.x refuses a step below the context; the text plan lists the fixes.
        const Run v0 =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "1", "--context", "8192", "--vllm-version",
                                       "0.6.4.post1", "--max-num-batched-tokens", "2048"});
        QVERIFY(v0.out.contains("is smaller than max_model_len (8192)"));
        QVERIFY(v0.out.contains(
            "fix: --max-num-batched-tokens 8192 (one step holds a prompt of the whole context)"));
        QVERIFY(v0.out.contains("fix: --enable-chunked-prefill (V0 then splits prompts"));
        const Run zero = runTool(HOSTPLAN_CLI_BIN, {"plan", "--max-num-seqs", "0"});
        QCOMPARE(zero.code, 2);
        QCOMPARE(zero.err.trimmed(),
                 QByteArray("hostplan-cli: --max-num-seqs: must be 'auto' or a whole number of "
                            "sequences from 1 to 1048576, got '0'"));
        const Run huge = runTool(HOSTPLAN_CLI_BIN, {"plan", "--max-num-batched-tokens", "17M"});
        QCOMPARE(huge.code, 2);
        QVERIFY(huge.err.contains("--max-num-batched-tokens: must be 'auto' or a whole number"));
    }

    // An option only llama.cpp plans take says under another engine that it needs
    // --engine llama.cpp; any other unknown option stays unknown.
    void llamaCppOptionsNeedTheEngine() {
        for (const char *opt : {"--ngl", "--n-cpu-moe", "--kv-type", "--host-memory-gb"}) {
            for (const char *cmd : {"plan", "serve-cmd"}) {
                const Run r = runTool(HOSTPLAN_CLI_BIN, {cmd, opt, "5"});
                QCOMPARE(r.code, 2);
                QCOMPARE(r.err.trimmed(), QByteArray("hostplan-cli: '") + opt +
                                              "' is a llama.cpp option: it needs --engine "
                                              "llama.cpp (see hostplan-cli --help)");
            }
        }
        const Run other = runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--nope"});
        QCOMPARE(other.err.trimmed(),
                 QByteArray("hostplan-cli: unknown option '--nope' (see hostplan-cli --help)"));
    }

    // --cuda-graph-max-bs reaches the scenario and serve-cmd's flags of both engines ('auto'
    // gives it back); 0 and values above 65,536 are refused naming the option.
    void cudaGraphBatchOption() {
        const QStringList base = {"--model", "llama-3.1-8b",        "--gpu", "h100", "--gpu-count",
                                  "1",       "--cuda-graph-max-bs", "96"};
        const Run plan = runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--json"} + base);
        QVERIFY2(plan.code == 0, plan.err.constData());
        const auto j = nlohmann::json::parse(plan.out.toStdString());
        QCOMPARE(j["scenario"]["engine"]["cuda_graph_max_bs"].get<int>(), 96);
        const Run cmd = runTool(HOSTPLAN_CLI_BIN, QStringList{"serve-cmd"} + base);
        QVERIFY2(cmd.code == 0, cmd.err.constData());
        QVERIFY(cmd.out.contains("    --max-cudagraph-capture-size 96"));
        const Run sglang =
            runTool(HOSTPLAN_CLI_BIN, QStringList{"serve-cmd", "--engine", "sglang"} + base);
        QVERIFY2(sglang.code == 0, sglang.err.constData());
        QVERIFY(sglang.out.contains("    --cuda-graph-max-bs 96\n"));
        // One command line of the flag each (vLLM's, SGLang's); TensorRT-LLM's has none.
        QCOMPARE(sglang.out.count("    --max-cudagraph-capture-size 96"), 1);
        const Run back = runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--json"} + base +
                                                       QStringList{"--cuda-graph-max-bs", "auto"});
        QVERIFY(!nlohmann::json::parse(back.out.toStdString())["scenario"]["engine"].contains(
            "cuda_graph_max_bs"));
        for (const char *bad : {"0", "65537", "many"}) {
            const Run r = runTool(HOSTPLAN_CLI_BIN, {"plan", "--cuda-graph-max-bs", bad});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("--cuda-graph-max-bs: must be 'auto' or a whole number from "
                                    "1 to 65536"),
                     r.err.constData());
        }
    }

    // llama.cpp's --kv-unified (llama-server -kvu) with --parallel: one KV stream that every
    // slot may fill, so the same cells but a mask as wide as the whole cache in the compute
    // buffer; the command passes -kvu.
    void llamaCppKvUnified() {
        const QStringList base = {"plan",         "--engine",  "llama.cpp", "--json",     "--model",
                                  "llama-3.1-8b", "--context", "65536",     "--parallel", "2"};
        const Run streams = runTool(HOSTPLAN_CLI_BIN, base);
        const Run unified = runTool(HOSTPLAN_CLI_BIN, base + QStringList{"--kv-unified"});
        QVERIFY2(streams.code == 0 && unified.code == 0, unified.err.constData());
        const auto a = nlohmann::json::parse(streams.out.toStdString());
        const auto b = nlohmann::json::parse(unified.out.toStdString());
        QVERIFY(!a["context"]["unified_kv"].get<bool>());
        QVERIFY(b["context"]["unified_kv"].get<bool>());
        const auto &ga = a["memory"]["gpus"][0];
        const auto &gb = b["memory"]["gpus"][0];
        QCOMPARE(gb["kv_cache_bytes"].get<double>(), ga["kv_cache_bytes"].get<double>());
        QCOMPARE(gb["recurrent_state_bytes"].get<double>(), 0.0); // an attention-only model
        QVERIFY(gb["compute_bytes"].get<double>() > ga["compute_bytes"].get<double>());
        QVERIFY(b["command"].get<std::string>().find("-np 2 -kvu") != std::string::npos);
        QVERIFY(a["command"].get<std::string>().find("-kvu") == std::string::npos);
        // The speed line names the context a sequence can fill: its slot's 32,768 of 65,536
        // cells without -kvu, the whole cache with it.
        QStringList text = base;
        text.removeAll("--json");
        const Run t = runTool(HOSTPLAN_CLI_BIN, text);
        QVERIFY2(t.out.contains("with its slot's whole 32,768-token context in its cache (-c "
                                "65,536 over 2 slots)"),
                 t.out.constData());
        const Run tu = runTool(HOSTPLAN_CLI_BIN, text + QStringList{"--kv-unified"});
        QVERIFY2(tu.out.contains("with its slot's whole 65,536-token context in its cache"),
                 tu.out.constData());
        QVERIFY(!tu.out.contains(" slots)"));
        // Token counts take the plan options' suffixes: 1M = 1,048,576 cells.
        const Run million =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "llama.cpp", "--model", "llama-3.1-8b",
                                       "--context", "1M", "--json"});
        QVERIFY2(million.code == 0, million.err.constData());
        QCOMPARE(nlohmann::json::parse(million.out.toStdString())["context"]["n_ctx"].get<int>(),
                 1048576);
        // A TP HostPlan does not plan is named by the option that set it.
        const Run tp6 = runTool(HOSTPLAN_CLI_BIN, {"plan", "--gpu-count", "6", "--tp", "6"});
        QCOMPARE(tp6.code, 2);
        QVERIFY2(tp6.err.contains("--tp: TP 6 is not a power of two: HostPlan plans TP on 1, 2, "
                                  "4, 8, ... GPUs"),
                 tp6.err.constData());
        // A llama-quantize file type is no ggml type: the error names its main type.
        const Run fileType = runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "llama.cpp", "--model",
                                                        "llama-3.1-8b", "--gguf-type", "Q4_K_M"});
        QCOMPARE(fileType.code, 2);
        QVERIFY2(fileType.err.contains("--gguf-type: unknown ggml type 'Q4_K_M' (a llama-quantize "
                                       "file type, a mix of tensor types: plan with its main ggml "
                                       "type q4_K"),
                 fileType.err.constData());
    }

    // --kv-type-k / --kv-type-v (llama-server -ctk / -ctv) set one cache's type: a q8_0 K
    // beside an f16 V without Flash Attention is what llama.cpp allows; a quantized V is not.
    void llamaCppKvTypesApart() {
        const QStringList base = {"plan",    "--engine",     "llama.cpp", "--json",
                                  "--model", "llama-3.1-8b", "--context", "8192"};
        const Run k =
            runTool(HOSTPLAN_CLI_BIN, base + QStringList{"--kv-type-k", "q8_0", "--no-flash-attn"});
        QVERIFY2(k.code == 0, k.err.constData());
        const auto j = nlohmann::json::parse(k.out.toStdString());
        // 32 layers x (1024 K values in q8_0, 1088 B, + 1024 V values in f16, 2048 B).
        QCOMPARE(j["context"]["kv_bytes_per_token"].get<double>(), 32.0 * (1088 + 2048));
        QVERIFY(j["command"].get<std::string>().find("-ctk q8_0 -ctv f16") != std::string::npos);
        const Run v =
            runTool(HOSTPLAN_CLI_BIN, base + QStringList{"--kv-type-v", "q8_0", "--no-flash-attn"});
        QCOMPARE(v.code, 2);
        QVERIFY2(v.err.contains("--kv-type-v") && v.err.contains("needs Flash Attention"),
                 v.err.constData());
        const Run both = runTool(HOSTPLAN_CLI_BIN, base + QStringList{"--kv-type", "q8_0"});
        QCOMPARE(nlohmann::json::parse(both.out.toStdString())["context"]["kv_bytes_per_token"]
                     .get<double>(),
                 32.0 * 2 * 1088);
        // --kv-type-k wins over --kv-type in either order (a later --kv-type dropped it).
        for (const QStringList &order : {QStringList{"--kv-type-k", "f16", "--kv-type", "q8_0"},
                                         QStringList{"--kv-type", "q8_0", "--kv-type-k", "f16"}}) {
            const Run mixed = runTool(HOSTPLAN_CLI_BIN, base + order);
            QVERIFY2(mixed.code == 0, mixed.err.constData());
            QCOMPARE(nlohmann::json::parse(mixed.out.toStdString())["context"]["kv_bytes_per_token"]
                         .get<double>(),
                     32.0 * (2048 + 1088));
        }
    }

    // An error in a field of the scenario file that no option set (a pinned API price the
    // catalogue lacks) names the file, as the file's own parse errors do.
    void scenarioFieldErrorsNameTheFile() {
        QTemporaryDir dir;
        const QString file = dir.filePath("s.json");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema_version\": 1, \"pricing\": {\"api_price_id\": \"nope\"}}");
        f.close();
        const Run r = runTool(HOSTPLAN_CLI_BIN, {"plan", "--scenario", file});
        QCOMPARE(r.code, 2);
        QVERIFY2(
            r.err.contains((file + ": pricing.api_price_id: unknown API price 'nope'").toUtf8()),
            r.err.constData());
        // Set by an option, it is the option's.
        const Run o =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--scenario", file, "--api-price", "nope2"});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("--api-price") && !o.err.contains(file.toUtf8()),
                 o.err.constData());
    }

    // A GPU-hour rate is printed as given (up to four decimals), not rounded to cents, and
    // named by the field that holds it.
    void rateAsGiven() {
        const Run r =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "2", "--usd-per-gpu-hour", "2.345"});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("Cost      $2.345 per GPU-hour (pricing.usd_per_gpu_hour)"),
                 r.out.constData());
        QVERIFY(r.out.contains("$4.69 per hour"));
    }

    // An engine's own flag name is not HostPlan's, but the error names the option that is; an
    // empty file name says so (it was a bare "not found"); an unparsable --hours-per-day gets
    // the range a parsable one gets.
    void engineFlagNamesPointToTheOption() {
        const Run r = runTool(HOSTPLAN_CLI_BIN, {"plan", "--mem-fraction-static", "0.8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown option '--mem-fraction-static': that is the engine's own "
                                "flag; HostPlan's is --memory-fraction"),
                 r.err.constData());
        const Run scenario = runTool(HOSTPLAN_CLI_BIN, {"plan", "--scenario", ""});
        QCOMPARE(scenario.code, 2);
        QVERIFY2(scenario.err.contains("--scenario: no file name given"), scenario.err.constData());
        const Run probe = runTool(HOSTPLAN_CLI_BIN, {"plan", "--probe-report", ""});
        QCOMPARE(probe.code, 2);
        QVERIFY2(probe.err.contains("--probe-report: no file name given"), probe.err.constData());
        const Run ngl = runTool(HOSTPLAN_CLI_BIN, {"plan", "-ngl", "99"});
        QCOMPARE(ngl.code, 2);
        QVERIFY2(ngl.err.contains("HostPlan's is --ngl (with --engine llama.cpp)"),
                 ngl.err.constData());
        for (const char *v : {" 5", "0"}) {
            const Run h = runTool(HOSTPLAN_CLI_BIN, {"plan", "--hours-per-day", v});
            QCOMPARE(h.code, 2);
            QVERIFY2(h.err.contains("--hours-per-day: must be between 0.01 and 24.0"),
                     h.err.constData());
        }
    }
};

QTEST_MAIN(TestCliEngine)
#include "tst_cliengine.moc"
