// SPDX-License-Identifier: MIT
// The bad-input table at the command line: the built hostplan-cli and hostplan-probe given
// hostile files, full disks (an injected ENOSPC: HOSTPLAN_TEST_FAIL_WRITE_AFTER), options in any
// order and names that would rewrite the terminal. Each row checks the exit code, the one-line
// error (naming the file or field and the reason) and that the old output file is kept.
#include "cli/clitool.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using clitool::Run;
using clitool::runTool;

namespace {

void writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

QByteArray readFile(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray resource(const QString &relative) {
    return readFile(QStringLiteral(HOSTPLAN_RESOURCES_DIR "/") + relative);
}

} // namespace

class TestCliHostile : public QObject {
    Q_OBJECT

  private slots:
    // --tp, --pp and --gpu-count are checked together, after all options are read.
    void optionOrder_data() {
        QTest::addColumn<QStringList>("options");
        const QStringList a = {"--tp", "2"}, b = {"--pp", "1"}, c = {"--gpu-count", "2"};
        QTest::newRow("tp,pp,count") << a + b + c;
        QTest::newRow("tp,count,pp") << a + c + b;
        QTest::newRow("pp,tp,count") << b + a + c;
        QTest::newRow("pp,count,tp") << b + c + a;
        QTest::newRow("count,tp,pp") << c + a + b;
        QTest::newRow("count,pp,tp") << c + b + a;
    }
    void optionOrder() {
        QFETCH(QStringList, options);
        const Run r = runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--json"} + options);
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["scenario"]["hardware"]["tp"].get<int>(), 2);
        QCOMPARE(j["scenario"]["hardware"]["gpu_count"].get<int>(), 2);
    }
    // --gpu takes the new GPU's own node size, but not over a --gpus-per-node given before it.
    void gpusPerNodeBeforeGpu() {
        for (const QStringList &order : {QStringList{"--gpus-per-node", "2", "--gpu", "h100"},
                                         QStringList{"--gpu", "h100", "--gpus-per-node", "2"}}) {
            const Run r = runTool(HOSTPLAN_CLI_BIN,
                                  QStringList{"plan", "--json", "--gpu-count", "4"} + order);
            QVERIFY2(r.code == 0, r.err.constData());
            const auto j = nlohmann::json::parse(r.out.toStdString());
            QCOMPARE(j["scenario"]["hardware"]["gpus_per_node"].get<int>(), 2);
        }
    }
    // Standard output on a full disk: exit 3 and a message, not 0 with half a script.
    void stdoutOnFullDisk() {
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(QStringLiteral(HOSTPLAN_CLI_BIN), {"serve-cmd", "--gpu", "h100"});
        QVERIFY(p.waitForFinished(100000));
        QCOMPARE(p.exitCode(), 3);
        QVERIFY(p.readAllStandardError().contains("cannot write the output"));
    }
    // Standard output into a pipe whose reader is gone (`plan --json | head -1` once head has
    // quit): exit 3 and the message, not death by SIGPIPE (141 in a shell).
    void stdoutToClosedPipe() {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        ::close(fds[0]); // no reader left
        QProcess p;
        const int writeEnd = fds[1];
        p.setChildProcessModifier([writeEnd] { ::dup2(writeEnd, STDOUT_FILENO); });
        p.start(QStringLiteral(HOSTPLAN_CLI_BIN), {"plan", "--json"});
        QVERIFY(p.waitForFinished(100000));
        ::close(writeEnd);
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 3);
        // Said as what it is, not as a disk fault.
        QVERIFY(p.readAllStandardError().contains("the reader closed the pipe before the end"));
    }
    void inconsistentOptionsNameTheOption() {
        const Run r =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--gpu-count", "6", "--tp", "4", "--pp", "1"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--gpu-count") && r.err.contains("tp x pp = 4 does not divide"),
                 r.err.constData());
        // A multiple is that many replicas (it was refused as "does not equal").
        const Run two =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "4", "--tp", "2", "--pp", "1", "--json"});
        QVERIFY2(two.code == 0, two.err.constData());
        QVERIFY2(two.out.contains("\"replicas\": 2"), two.out.left(400).constData());
    }

    // A layout option out of range names the option and the range the scenario file accepts
    // for that field, whatever the size (65535 once read as "not a whole number").
    void layoutOptionRange_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("pp 65535") << QStringList{"--pp", "65535"}
                                  << QByteArray("--pp: must be a whole number from 0 (chosen) "
                                                "to 1024, got '65535'");
        QTest::newRow("tp 5000") << QStringList{"--tp", "5000"}
                                 << QByteArray("--tp: must be a whole number from 0 (chosen) to "
                                               "4096, got '5000'");
        QTest::newRow("gpus per node 73")
            << QStringList{"--gpus-per-node", "73"}
            << QByteArray(
                   "--gpus-per-node: must be a whole number from 0 (chosen) to 72, got '73'");
        // A PP that cannot use the GPUs names --pp, the option given (it named --tp's field),
        // and no TP the user did not give (it read "TP 2 x PP 3").
        QTest::newRow("pp over the count")
            << QStringList{"--gpu-count", "2", "--pp", "1024"}
            << QByteArray("--pp: PP 1024 does not divide the 2 GPUs");
        QTest::newRow("pp 3 of 8") << QStringList{"--gpu-count", "8", "--pp", "3"}
                                   << QByteArray("--pp: PP 3 does not divide the 8 GPUs");
        QTest::newRow("ep minus one") << QStringList{"--ep", "-1"}
                                      << QByteArray("--ep: must be a whole number from 0 "
                                                    "(chosen) to 4096, got '-1'");
    }
    void layoutOptionRange() {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, error);
        const Run r = runTool(HOSTPLAN_CLI_BIN, QStringList{"plan"} + options);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(error), r.err.constData());
    }

    // llama.cpp: a GPU the plan would leave out is named, exit 2, not silently dropped.
    void llamaCppGpuLeftOut_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("gpu on a unified host")
            << QStringList{"--host", "apple-m4-max", "--gpu", "rtx-4090"}
            << QByteArray("hostplan-cli: --gpu: apple-m4-max is a unified-memory host: its GPU "
                          "is the host's (leave out --gpu, --gpus and --tensor-split; --gpu none "
                          "runs on the CPU alone)");
        QTest::newRow("gpus on a unified host")
            << QStringList{"--host", "apple-m4-max", "--gpus", "2"}
            << QByteArray("hostplan-cli: --gpus: apple-m4-max is a unified-memory host: its GPU "
                          "is the host's (leave out --gpu, --gpus and --tensor-split; --gpu none "
                          "runs on the CPU alone)");
        QTest::newRow("tensor split on a unified host")
            << QStringList{"--host", "apple-m4-max", "--tensor-split", "1,1"}
            << QByteArray("hostplan-cli: --tensor-split: apple-m4-max is a unified-memory host: "
                          "its GPU is the host's (leave out --gpu, --gpus and --tensor-split; "
                          "--gpu none runs on the CPU alone)");
        QTest::newRow("tensor split without a gpu")
            << QStringList{"--gpu", "none", "--tensor-split", "1,1"}
            << QByteArray("hostplan-cli: --tensor-split: splits layers between GPUs; --gpu none "
                          "plans the CPU alone");
        QTest::newRow("gpus without a gpu") << QStringList{"--gpu", "none", "--gpus", "2"}
                                            << QByteArray("hostplan-cli: --gpus: 2 GPUs with "
                                                          "--gpu none");
    }
    void llamaCppGpuLeftOut() {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, error);
        const Run r =
            runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--engine", "llama.cpp"} + options);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.trimmed(), error);
        // The unified host plans on its own GPU; --gpu none there is the CPU alone (-ngl 0),
        // which the GPU's wired-memory limit does not bind.
        const Run own =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "llama.cpp", "--host", "apple-m4-max"});
        QCOMPARE(own.code, 0);
        QVERIFY2(own.out.contains("hardware: the host's own GPU + Apple M4 Max"),
                 own.out.constData());
        const Run cpu = runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "llama.cpp", "--host",
                                                   "apple-m4-max", "--gpu", "none"});
        QCOMPARE(cpu.code, 0);
        QVERIFY2(cpu.out.contains("hardware: CPU only (-ngl 0) + Apple M4 Max"),
                 cpu.out.constData());
        QVERIFY(cpu.out.contains("the GPU's wired-memory limit does not apply"));
        const Run cmd = runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--engine", "llama.cpp", "--host",
                                                   "apple-m4-max", "--gpu", "none"});
        QVERIFY2(cmd.out.contains(" -ngl 0"), cmd.out.constData());
    }

    // --kv-format auto is the engines' --kv-cache-dtype auto: the cache follows the dtype the
    // plan computes in; a format that is not a KV format is named as such.
    void kvFormatAuto() {
        const Run r =
            runTool(HOSTPLAN_CLI_BIN,
                    {"plan", "--json", "--model", "llama-3.1-8b", "--gpu", "h100", "--gpu-count",
                     "1", "--weights-format", "fp16", "--kv-format", "fp8", "--kv-format", "auto"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["scenario"]["model"]["kv_format"].get<std::string>(), "fp16");
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--kv-format", "fp5"});
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.err.trimmed(),
                 QByteArray("hostplan-cli: --kv-format: 'fp5' is not a KV-cache format engines "
                            "offer (bf16, fp16, fp8 = fp8_e4m3, fp8_e5m2)"));
    }

    // --state-format sets the linear-attention / Mamba state format the plan sizes (and the
    // serve commands' state dtype); auto, like no option, takes the engine's default for the
    // model; anything else is refused with the four it takes. Kimi K3's KDA state: SGLang
    // honours bf16, vLLM keeps float32 whatever the flag (kda_state_dtype) and says so.
    void stateFormatOption() {
        const auto plan = [](const QStringList &extra) {
            const Run r = runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--json"} + extra);
            [&] { QVERIFY2(r.code == 0, r.err.constData()); }();
            return nlohmann::json::parse(r.out.toStdString());
        };
        const auto sglang = plan({"--engine", "sglang", "--state-format", "bf16"});
        QCOMPARE(sglang["scenario"]["model"]["state_format"].get<std::string>(), "bf16");
        QVERIFY(!sglang.contains("state_format_note"));
        const auto vllm = plan({"--engine", "vllm", "--state-format", "bf16"});
        QCOMPARE(vllm["scenario"]["model"]["state_format"].get<std::string>(), "fp32");
        QVERIFY(vllm["warnings"].dump().find("vLLM keeps KDA state in FP32") != std::string::npos);
        // The state halves under SGLang: 69 KDA layers x 96 heads x 128 x 128 x 2 bytes less.
        QCOMPARE(vllm["memory"]["state_bytes_per_sequence"].get<std::uint64_t>() -
                     sglang["memory"]["state_bytes_per_sequence"].get<std::uint64_t>(),
                 69ull * 96 * 128 * 128 * 2);
        const auto autoState = plan({"--engine", "sglang", "--state-format", "auto"});
        QCOMPARE(autoState["scenario"]["model"]["state_format"].get<std::string>(), "fp32");
        QCOMPARE(autoState["state_format_note"].get<std::string>(),
                 std::string("SGLang's default --mamba-ssm-dtype float32"));
        // A model without a recurrent state: its plan's scenario names no state format.
        const auto llama = plan({"--model", "llama-3.1-8b"});
        QVERIFY(!llama["scenario"]["model"].contains("state_format"));
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--state-format", "int4"});
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.err.trimmed(),
                 QByteArray("hostplan-cli: --state-format: 'int4' is not a recurrent-state "
                            "format (auto, fp32, bf16, fp16)"));
    }

    // --vllm-version picks the vLLM release whose start-up rules the plan follows; a release
    // HostPlan does not model is refused with the ones it does.
    void vllmVersionOption() {
        const Run r = runTool(HOSTPLAN_CLI_BIN, {"plan", "--json", "--vllm-version", "v0.19"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["scenario"]["engine"]["vllm_version"].get<std::string>(), "0.19");
        QCOMPARE(j["memory"]["engine"]["version"].get<std::string>(), "vLLM V1 (v0.19)");
        // Another release plans with the newest rule set at or before it, which the plan names.
        const Run later = runTool(HOSTPLAN_CLI_BIN, {"plan", "--json", "--vllm-version", "0.8.5"});
        QVERIFY2(later.code == 0, later.err.constData());
        QCOMPARE(nlohmann::json::parse(later.out.toStdString())["memory"]["engine"]["version"]
                     .get<std::string>(),
                 "vLLM V1 (v0.8)");
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--vllm-version", "0.5.4"});
        QCOMPARE(bad.code, 2);
        QCOMPARE(
            bad.err.trimmed(),
            QByteArray(
                "hostplan-cli: --vllm-version: vLLM 0.5.4 is older than 0.6.4, the "
                "earliest rules HostPlan models (0.28, 0.24, 0.22, 0.21, 0.20, 0.19, 0.11, 0.8, "
                "0.7-v1, 0.6.5, 0.6.4; another release follows the newest of them at "
                "or before it)"));
        // With another engine it is named as ignored; the plan still runs.
        const Run other =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "sglang", "--vllm-version", "0.11"});
        QCOMPARE(other.code, 0);
        QCOMPARE(other.err.trimmed(), QByteArray("hostplan-cli: warning: --vllm-version applies to "
                                                 "--engine vllm only; the SGLang plan ignores it"));
    }

    // --sglang-version names the SGLang rule set the plan follows, the newest at or before the
    // release; an older release is refused; another engine's plan ignores it with a warning.
    void sglangVersionOption() {
        const Run r = runTool(HOSTPLAN_CLI_BIN, {"plan", "--json", "--engine", "sglang",
                                                 "--sglang-version", "0.5.19"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["scenario"]["engine"]["sglang_version"].get<std::string>(), "0.5.14");
        QCOMPARE(j["memory"]["engine"]["version"].get<std::string>(), "SGLang v0.5.14 and later");
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--sglang-version", "0.3.6"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.startsWith("hostplan-cli: --sglang-version: SGLang 0.3.6 is older than "
                                    "0.4, the earliest rules HostPlan models (0.5.14, 0.5.10, "
                                    "0.5.3, 0.4.9.post3,"),
                 bad.err.constData());
        const Run other = runTool(HOSTPLAN_CLI_BIN, {"plan", "--sglang-version", "0.5.10"});
        QCOMPARE(other.code, 0);
        QCOMPARE(other.err.trimmed(), QByteArray("hostplan-cli: warning: --sglang-version applies "
                                                 "to --engine sglang only; the vLLM plan ignores "
                                                 "it"));
    }

    // --prefix-caching on|off reaches the scenario, the plan's state pages (a hybrid model:
    // two per request in each vLLM state group) and the vLLM command; other values are refused.
    void prefixCachingOption() {
        const QString cfg =
            QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/Qwen--Qwen3.5-27B_config.json";
        const QStringList base = {"plan", "--json",      "--model", cfg,         "--gpu",
                                  "h200", "--gpu-count", "1",       "--context", "32768"};
        const Run off = runTool(HOSTPLAN_CLI_BIN, base);
        const Run on = runTool(HOSTPLAN_CLI_BIN, base + QStringList{"--prefix-caching", "on"});
        QVERIFY2(off.code == 0 && on.code == 0, on.err.constData());
        const auto a = nlohmann::json::parse(off.out.toStdString());
        const auto b = nlohmann::json::parse(on.out.toStdString());
        QVERIFY(!a["scenario"]["engine"].contains("prefix_caching"));
        QCOMPARE(b["scenario"]["engine"]["prefix_caching"].get<bool>(), true);
        QCOMPARE(a["memory"]["state_slots_per_request"].get<int>(), 1);
        QCOMPARE(b["memory"]["state_slots_per_request"].get<int>(), 2);
        const Run cmd = runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", cfg, "--gpu", "h200",
                                                   "--gpu-count", "1", "--prefix-caching", "on"});
        QVERIFY2(cmd.code == 0, cmd.err.constData());
        QVERIFY(cmd.out.contains("--enable-prefix-caching"));
        QVERIFY(cmd.out.contains("each request holds 2 state pages in each Mamba"));
        // Other engines ignore it, with a warning from the CLI (llama.cpp too) and the plan.
        const Run llama =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "llama.cpp", "--prefix-caching", "on"});
        QCOMPARE(llama.code, 0);
        QVERIFY(llama.err.contains("--prefix-caching applies to --engine vllm only; the llama.cpp "
                                   "plan ignores it"));
        const Run sg = runTool(HOSTPLAN_CLI_BIN,
                               {"plan", "--json", "--engine", "sglang", "--prefix-caching", "on"});
        QCOMPARE(sg.code, 0);
        QVERIFY(sg.out.contains("engine.prefix_caching applies to vLLM plans only; the SGLang "
                                "plan ignores it"));
        // Both vLLM-only keys set: the plan names the two.
        const Run both =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--json", "--engine", "sglang", "--prefix-caching",
                                       "OFF", "--vllm-version", "0.19"});
        QCOMPARE(both.code, 0);
        QVERIFY(both.out.contains("engine.prefix_caching and engine.vllm_version apply to vLLM "
                                  "plans only; the SGLang plan ignores them"));
        // A short-conv-only hybrid (LFM2) keeps pages too, and serve-cmd counts them.
        const Run lfm = runTool(
            HOSTPLAN_CLI_BIN,
            {"serve-cmd", "--model",
             QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/LiquidAI--LFM2-8B-A1B_config.json",
             "--gpu", "h200", "--gpu-count", "1", "--prefix-caching", "On"});
        QVERIFY2(lfm.code == 0, lfm.err.constData());
        QVERIFY(lfm.out.contains("each request holds 2 state pages in each Mamba / "
                                 "linear-attention / short-conv group"));
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--prefix-caching", "yes"});
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.err.trimmed(),
                 QByteArray("hostplan-cli: --prefix-caching: must be on or off, got 'yes'"));
    }

    // --text-only on|off reaches the scenario and serve-cmd's limits flag; other values are
    // refused naming the option.
    void textOnlyOption() {
        const QString qwen =
            QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/Qwen--Qwen3.5-27B_config.json";
        const Run cmd = runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", qwen, "--gpu", "h100",
                                                   "--gpu-count", "1", "--text-only", "on"});
        QVERIFY2(cmd.code == 0, cmd.err.constData());
        QVERIFY(cmd.out.contains(R"(--limit-mm-per-prompt '{"image":0,"video":0}')"));
        const Run sglang =
            runTool(HOSTPLAN_CLI_BIN, {"plan", "--engine", "sglang", "--text-only", "on"});
        QVERIFY2(sglang.code == 0, sglang.err.constData());
        QVERIFY(sglang.err.contains("warning: --text-only applies to --engine vllm only; the "
                                    "SGLang plan ignores it"));
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--text-only", "1"});
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.err.trimmed(),
                 QByteArray("hostplan-cli: --text-only: must be on or off, got '1'"));
    }

    // --cuda-graphs on|off reaches the scenario and the engines' eager flags; other values are
    // refused naming the option.
    void cudaGraphsOption() {
        const Run cmd =
            runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "1", "--cuda-graphs", "off"});
        QVERIFY2(cmd.code == 0, cmd.err.constData());
        QVERIFY(cmd.out.contains("--enforce-eager"));
        QVERIFY(cmd.out.contains("--disable-cuda-graph"));
        const Run on =
            runTool(HOSTPLAN_CLI_BIN, {"serve-cmd", "--model", "llama-3.1-8b", "--gpu", "h100",
                                       "--gpu-count", "1", "--cuda-graphs", "on"});
        QVERIFY2(on.code == 0, on.err.constData());
        QVERIFY(!on.out.contains("--enforce-eager"));
        const Run bad = runTool(HOSTPLAN_CLI_BIN, {"plan", "--cuda-graphs", "eager"});
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.err.trimmed(),
                 QByteArray("hostplan-cli: --cuda-graphs: must be on or off, got 'eager'"));
    }

    // A KV pool below one request of the context (Llama-3.1-8B at 131,072 tokens on one RTX
    // 4090): SGLang starts and caps each request, vLLM refuses; the plan, its JSON and the
    // serving commands all say which, and neither fits.
    void contextAboveThePool() {
        const QStringList base = {
            "--model", "llama-3.1-8b", "--gpu",  "rtx-4090",      "--gpu-count",
            "1",       "--context",    "131072", "--concurrency", "1"};
        const Run sg =
            runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--json", "--engine", "sglang"} + base);
        QVERIFY2(sg.code == 0, sg.err.constData());
        const auto j = nlohmann::json::parse(sg.out.toStdString());
        QCOMPARE(j["startup"]["outcome"].get<std::string>(), "starts_context_capped");
        QVERIFY(j["startup"]["starts"].get<bool>());
        const auto pool = j["startup"]["kv_tokens"].get<std::uint64_t>();
        QVERIFY(pool > 7 && pool < 131072);
        QCOMPARE(j["startup"]["max_request_tokens"].get<std::uint64_t>(), pool - 2);
        QCOMPARE(j["startup"]["largest_context"].get<std::uint64_t>(), pool);
        QVERIFY(!j["fit"]["fits"].get<bool>());
        const auto reasons = j["fit"]["reasons"].get<std::vector<std::string>>();
        const std::string message = j["startup"]["message"].get<std::string>();
        QVERIFY(std::find(reasons.begin(), reasons.end(), message) != reasons.end());
        const Run text =
            runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--engine", "sglang"} + base);
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("SGLang starts with a KV cache of") &&
                     text.out.contains("so the context cannot be served in full"),
                 text.out.constData());
        const Run serve =
            runTool(HOSTPLAN_CLI_BIN, QStringList{"serve-cmd", "--engine", "sglang"} + base);
        QCOMPARE(serve.code, 0);
        QVERIFY2(serve.out.contains("# WARNING: the plan does not fit") &&
                     serve.out.contains("SGLang starts with a KV cache of"),
                 serve.out.constData());

        const Run vl =
            runTool(HOSTPLAN_CLI_BIN, QStringList{"plan", "--json", "--engine", "vllm"} + base);
        QVERIFY2(vl.code == 0, vl.err.constData());
        const auto v = nlohmann::json::parse(vl.out.toStdString());
        QCOMPARE(v["startup"]["outcome"].get<std::string>(), "context_exceeds_capacity");
        QVERIFY(!v["startup"]["starts"].get<bool>());
        QCOMPARE(v["startup"]["max_request_tokens"].get<std::uint64_t>(), 0u);
        const auto vReasons = v["fit"]["reasons"].get<std::vector<std::string>>();
        QVERIFY(std::any_of(vReasons.begin(), vReasons.end(), [](const std::string &r) {
            return r.rfind("vLLM refuses to start: To serve at least one request", 0) == 0;
        }));
    }

    // Hostile input files: a clear one-line error naming the file (or field), exit 2.
    void hostileFiles_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("expect");
        for (const char *option : {"--scenario", "--model", "--probe-report"}) {
            QTest::addRow("%s/fifo", option)
                << option << "fifo" << QByteArray("not a regular file");
            QTest::addRow("%s/devzero", option)
                << option << "devzero" << QByteArray("not a regular file");
            QTest::addRow("%s/garbage", option) << option << "garbage" << QByteArray("JSON");
        }
        QTest::newRow("--scenario/dir") << "--scenario"
                                        << "dir" << QByteArray("folder");
        QTest::newRow("--probe-report/dir") << "--probe-report"
                                            << "dir" << QByteArray("folder");
        QTest::newRow("--model/duplicateHidden") << "--model"
                                                 << "duplicate" << QByteArray("hidden_size");
        QTest::newRow("--model/overflow") << "--model"
                                          << "overflow" << QByteArray("hidden_size");
        QTest::newRow("--model/parens25000")
            << "--model"
            << "parens" << QByteArray("quantization_config.ignore[0]");
        QTest::newRow("--scenario/overflow")
            << "--scenario"
            << "scenarioOverflow" << QByteArray("workload.concurrency");
        QTest::newRow("--probe-report/overflow")
            << "--probe-report"
            << "probeOverflow" << QByteArray("memory_free_bytes");
    }
    void hostileFiles() {
        QFETCH(QString, option);
        QFETCH(QString, kind);
        QFETCH(QByteArray, expect);
        QTemporaryDir dir;
        QString path = dir.path() + "/input.json";
        if (kind == "fifo") {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == "devzero") {
            path = "/dev/zero";
        } else if (kind == "dir") {
            QVERIFY(QDir().mkpath(path));
        } else if (kind == "garbage") {
            QByteArray bytes;
            for (int i = 0; i < 4096; ++i) {
                bytes += char((unsigned(i) * 2654435761u) >> 13);
            }
            writeFile(path, bytes);
        } else if (kind == "duplicate" || kind == "overflow") {
            QByteArray text = resource("models/Llama-3.1-8B.json");
            text.replace("{", kind == "duplicate" ? "{\"hidden_size\": 8192,"
                                                  : "{\"hidden_size\": 1e400,");
            writeFile(path, text);
        } else if (kind == "parens") {
            auto j = nlohmann::json::parse(resource("models/Kimi-K3.json").toStdString());
            j["text_config"]["quantization_config"]["ignore"][0] =
                "re:" + std::string(25000, '(') + "a" + std::string(25000, ')');
            writeFile(path, QByteArray::fromStdString(j.dump()));
        } else if (kind == "scenarioOverflow") {
            QByteArray text = resource("default-scenario.json");
            text.replace("\"concurrency\": 16", "\"concurrency\": 1e400");
            writeFile(path, text);
        } else if (kind == "probeOverflow") {
            QByteArray text = readFile(HOSTPLAN_TEST_DATA_DIR "/h200-probe-report.json");
            text.replace("\"memory_free_bytes\": 149557477376", "\"memory_free_bytes\": 1e400");
            writeFile(path, text);
        }
        const Run r = runTool(HOSTPLAN_CLI_BIN, {"plan", option, path});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(expect), r.err.constData());
        QVERIFY2(r.err.count('\n') == 1, r.err.constData());
    }

    // An escape in a name is refused, and so is a right-to-left override (it would reverse the
    // PDF title's text), each named with its position.
    void controlCharactersEscaped() {
        QTemporaryDir dir;
        auto j = nlohmann::json::parse(resource("default-scenario.json").toStdString());
        j["name"] = "evil\u202Efdp.exe \x1b]0;owned\x07";
        writeFile(dir.filePath("s"), QByteArray::fromStdString(j.dump()));
        const Run refused = runTool(HOSTPLAN_CLI_BIN, {"plan", "--scenario", dir.filePath("s")});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("name: holds a control character (code 27 at byte 15)"),
                 refused.err.constData());
        j["name"] = "evil\u202Efdp.exe";
        writeFile(dir.path() + "/s.json", QByteArray::fromStdString(j.dump()));
        const Run bidi = runTool(HOSTPLAN_CLI_BIN, {"plan", "--scenario", dir.path() + "/s.json"});
        QCOMPARE(bidi.code, 2);
        QVERIFY2(bidi.err.contains("name: holds a bidirectional control (U+202E at byte 4)"),
                 bidi.err.constData());
        QVERIFY(!bidi.err.contains("\xE2\x80\xAE"));
    }

    // A 100 KB value is quoted cut at 60 bytes, in every option that echoes what was typed.
    void longValuesQuotedShort() {
        const QString big(100000, QLatin1Char('x'));
        for (const QStringList &args :
             {QStringList{"plan", "--kv-format", big}, QStringList{"plan", "--state-format", big},
              QStringList{"plan", "--context", big}, QStringList{"plan", big},
              QStringList{"plan", "--engine", "llamacpp", "--host-memory-gb", big}}) {
            const Run r = runTool(HOSTPLAN_CLI_BIN, args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.size() < 400, r.err.left(400).constData());
            QVERIFY2(r.err.contains("'" + QByteArray(60, 'x') + "...'"), r.err.constData());
        }
    }

    // An argument that is not UTF-8 (found by the cliargs fuzz target: it aborted in the JSON
    // writer) is refused with exit 2, naming its position and the bad byte.
    void invalidUtf8Argument() {
        // printf writes the raw bytes (octal escapes): a QString argument would be re-encoded.
        for (const QString &bad :
             {QStringLiteral("ll\\270gpu"), QStringLiteral("llama-3.1-8b\\314\\322")}) {
            QProcess p;
            p.start(
                QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("exec \"$0\" plan --model \"$(printf '%1')\" --gpu h200").arg(bad),
                 QStringLiteral(HOSTPLAN_CLI_BIN)});
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 2);
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(err.contains("argument 3") && err.contains("not valid UTF-8"),
                     err.constData());
        }
    }

    // A full disk: the command fails with the path and the reason, prints no "Wrote", exits 3
    // and keeps the old file.
    void fullDisk_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("failAfter");
        QTest::newRow("report/0") << "report"
                                  << "out.pdf" << 0;
        QTest::newRow("report/64KiB") << "report"
                                      << "out.pdf" << 65536;
        QTest::newRow("export-csv/0") << "export-csv"
                                      << "out-cost.csv" << 0;
        QTest::newRow("export-csv/10") << "export-csv"
                                       << "out-cost.csv" << 10;
        // The first five tables fit, the assumptions (about 10 KB) do not: the set is written
        // as one, so none of the six old files is replaced.
        QTest::newRow("export-csv/2000") << "export-csv"
                                         << "out-cost.csv" << 2000;
    }
    void fullDisk() {
        QFETCH(QString, command);
        QFETCH(QString, file);
        QFETCH(int, failAfter);
        QTemporaryDir dir;
        const QString old = dir.path() + "/" + file;
        writeFile(old, "old file\n");
        const QStringList others = {"summary", "memory", "weights", "options", "assumptions"};
        if (command == "export-csv") {
            for (const QString &t : others) {
                writeFile(dir.path() + "/out-" + t + ".csv", "old file\n");
            }
        }
        const QString out = dir.path() + (command == "report" ? "/out.pdf" : "/out");
        const QString scenario = QStringLiteral(HOSTPLAN_RESOURCES_DIR "/default-scenario.json");
        const Run r =
            runTool(HOSTPLAN_CLI_BIN, {command, "--scenario", scenario, "-o", out}, failAfter);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("No space left on device"), r.err.constData());
        QVERIFY2(r.err.contains(QFile::encodeName(dir.path())), r.err.constData());
        QVERIFY2(!r.out.contains("Wrote"), r.out.constData());
        QCOMPARE(readFile(old), QByteArray("old file\n"));
        if (command == "export-csv") {
            for (const QString &t : others) {
                QCOMPARE(readFile(dir.path() + "/out-" + t + ".csv"), QByteArray("old file\n"));
            }
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 6);
        }
    }

    // "-o -": the report's PDF goes whole to standard output, and no file named "-" is made;
    // the CSV export, one file per table, refuses it.
    void outputToStdout() {
        const QString scenario = QStringLiteral(HOSTPLAN_RESOURCES_DIR "/default-scenario.json");
        const bool before = QFile::exists(QStringLiteral("-"));
        const Run r = runTool(HOSTPLAN_CLI_BIN, {"report", "--scenario", scenario, "-o", "-"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("%PDF-"), r.out.left(40).constData());
        QVERIFY(r.out.trimmed().endsWith("%%EOF"));
        QVERIFY(r.out.size() > 100000);
        QCOMPARE(QFile::exists(QStringLiteral("-")), before);
        // The same PDF as the file (its size within 1 %), not made terminal-safe on the way,
        // where each byte above 0x7F became the text "\xNN".
        QTemporaryDir pdfDir;
        const QString file = pdfDir.path() + "/r.pdf";
        QCOMPARE(runTool(HOSTPLAN_CLI_BIN, {"report", "--scenario", scenario, "-o", file}).code, 0);
        const QByteArray written = readFile(file);
        QVERIFY2(std::abs(r.out.size() - written.size()) < written.size() / 100,
                 qPrintable(QString("%1 vs %2").arg(r.out.size()).arg(written.size())));
        const Run csv =
            runTool(HOSTPLAN_CLI_BIN, {"export-csv", "--scenario", scenario, "-o", "-"});
        QCOMPARE(csv.code, 2);
        QVERIFY2(csv.err.contains("needs a base file name"), csv.err.constData());
        // An output that is an input file (here the scenario itself) is refused, the file kept.
        QTemporaryDir dir;
        const QString own = dir.path() + "/s.json";
        QVERIFY(QFile::copy(scenario, own));
        const QByteArray before2 = readFile(own);
        const Run same = runTool(HOSTPLAN_CLI_BIN, {"report", "--scenario", own, "-o", own});
        QCOMPARE(same.code, 2);
        QVERIFY2(same.err.contains("is the file given to --scenario"), same.err.constData());
        QCOMPARE(readFile(own), before2);
        // Nor the model config a scenario names (here beside it, by a relative path).
        const QString cfg = dir.path() + "/model.json";
        QVERIFY(
            QFile::copy(QStringLiteral(HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json"), cfg));
        writeFile(dir.path() + "/m.json",
                  R"({"schema_version": 1, "model": {"ref": "model.json"}})");
        const Run model =
            runTool(HOSTPLAN_CLI_BIN, {"report", "--scenario", dir.path() + "/m.json", "-o", cfg});
        QCOMPARE(model.code, 2);
        QVERIFY2(model.err.contains("is the model config the scenario names"),
                 model.err.constData());
        // The CSV export checks each table's file: BASE-cost.csv named as the price list.
        const QString prices = dir.path() + "/out-cost.csv";
        writeFile(
            prices,
            "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\na,n,1,2,s,2026-01\n");
        const Run csvClash =
            runTool(HOSTPLAN_CLI_BIN, {"export-csv", "--scenario", scenario, "--prices", prices,
                                       "-o", dir.path() + "/out"});
        QCOMPARE(csvClash.code, 2);
        QVERIFY2(csvClash.err.contains("is the file given to --prices"), csvClash.err.constData());
        QCOMPARE(readFile(prices), QByteArray("id,name,input_usd_per_mtok,output_usd_per_mtok,"
                                              "source,as_of\na,n,1,2,s,2026-01\n"));
    }

    // The probe: a report that cannot be written is exit 5 with the reason (not 3 "no GPU").
    void probeWriteFailure() {
        QTemporaryDir dir;
        const QString out = dir.path() + "/report.json";
        writeFile(out, "old report\n");
        const Run r = runTool(HOSTPLAN_PROBE_BIN, {"devices", "-q", "-o", out}, 0);
        QCOMPARE(r.code, 5);
        QVERIFY2(r.err.contains("No space left on device") &&
                     r.err.contains(QFile::encodeName(out)),
                 r.err.constData());
        QCOMPARE(readFile(out), QByteArray("old report\n"));
    }
    void probeScenarioFifo() {
        QTemporaryDir dir;
        const QString fifo = dir.path() + "/s.json";
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const Run r = runTool(HOSTPLAN_PROBE_BIN, {"fit", "--scenario", fifo, "--timeout", "30"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_clihostile.moc"
