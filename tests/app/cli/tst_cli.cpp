// SPDX-License-Identifier: MIT
// hostplan-cli: the plan table, the documented JSON schema, exit codes and one-line errors.
#include "cli/cli.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace hostplan;

namespace {
struct Run {
    int code;
    std::string out;
    std::string err;
};
Run run(std::vector<std::string> args) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}
/// run() on the arguments of a data-driven row.
Run runArgs(const QStringList &args) {
    std::vector<std::string> a;
    for (const QString &s : args) {
        a.push_back(s.toStdString());
    }
    return run(a);
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
  private slots:
    void llamaCppJsonAndSplit() {
        // plan --engine llama.cpp --json: the same plan as the text, bytes per GPU.
        const Run r = run({"plan", "--engine", "llama.cpp", "--model", "llama-3.1-8b", "--gpus",
                           "2", "--tensor-split", "3,1", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["hardware"]["gpu_count"].get<int>(), 2);
        QCOMPARE(j["placement"]["layers_per_gpu"].get<std::vector<int>>(),
                 (std::vector<int>{25, 7}));
        QVERIFY(j["command"].get<std::string>().find(" -ts 3,1 ") != std::string::npos);
        const Run text = run({"plan", "--engine", "llama.cpp", "--model", "llama-3.1-8b", "--gpus",
                              "2", "--tensor-split", "3,1"});
        QVERIFY(text.out.find("GPU 0: 25 layers") != std::string::npos);
        QVERIFY(text.out.find("GPU 1: 7 layers + output layer") != std::string::npos);
        // Bad values: one line naming the option, exit 2.
        for (const std::vector<std::string> &bad :
             {std::vector<std::string>{"--tensor-split", "1,x"},
              {"--tensor-split", "1,,1"},
              {"--tensor-split", "-1,1"},
              {"--tensor-split", "1e400,1"},
              {"--gpus", "2", "--tensor-split", "1,1,1"},
              {"--gpus", "0"},
              {"--gpus", "17"}}) {
            std::vector<std::string> args = {"plan", "--engine", "llama.cpp"};
            args.insert(args.end(), bad.begin(), bad.end());
            const Run b = run(args);
            QCOMPARE(b.code, 2);
            const std::string option = bad[bad.size() - 2];
            QVERIFY2(b.err.find(option) != std::string::npos, b.err.c_str());
            QCOMPARE(std::count(b.err.begin(), b.err.end(), '\n'), 1);
        }
    }
    void textCarriesTheBands() {
        // The plan text gives the throughput band, the cost range, the capacity call and the
        // three most sensitive inputs, with the same figures as plan --json.
        const Run text = run({"plan"});
        const Run js = run({"plan", "--json"});
        QCOMPARE(text.code, 0);
        const auto j = nlohmann::json::parse(js.out);
        const auto band = j["throughput"]["capacity"]["serving_output_tokens_per_second_range"];
        char likely[96];
        std::snprintf(likely, sizeof likely, "likely %.0f-%.0f output tokens/s",
                      band[0].get<double>(), band[1].get<double>());
        QVERIFY2(text.out.find(likely) != std::string::npos, likely);
        QVERIFY(band[0].get<double>() <
                j["throughput"]["capacity"]["serving_output_tokens_per_second"].get<double>());
        const auto &ranges = j["decision"]["ranges"];
        QVERIFY(text.out.find("capacity against break-even: ") != std::string::npos);
        if (ranges["capacity_call"] == "too_close_to_call") {
            QVERIFY(text.out.find("too close to call: " +
                                  ranges["deciding_assumption"].get<std::string>()) !=
                    std::string::npos);
        }
        const std::string top = j["decision"]["sensitivity"][0]["label"].get<std::string>();
        QVERIFY2(text.out.find("most sensitive to: " + top + " (-20% / +20%: ") !=
                     std::string::npos,
                 text.out.c_str());
    }
    void planJsonDefault() {
        const Run r = run({"plan", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["schema_version"].get<int>(), 1);
        // kimi-k3-facts.md: exact counts and checkpoint bytes from the config alone.
        QCOMPARE(j["model"]["total_params"].get<std::uint64_t>(), 2779931837184ull);
        QCOMPARE(j["model"]["active_params"].get<std::uint64_t>(), 104189614848ull);
        QCOMPARE(j["memory"]["weights_bytes"].get<std::uint64_t>(), 1560860324864ull);
        QCOMPARE(j["memory"]["kv_bytes_per_token"].get<std::uint64_t>(), 27648ull);
        QCOMPARE(j["memory"]["state_bytes_per_sequence"].get<std::uint64_t>(), 449372160ull);
        QCOMPARE(j["fit"]["gpus_floor"].get<int>(), 6);
        QCOMPARE(j["fit"]["gpus_practical"].get<int>(), 8);
        QVERIFY(j["fit"]["fits"].get<bool>());
        QVERIFY(j["fit"]["max_concurrency"].get<int>() >= 16);
        QVERIFY(j["memory"]["per_gpu_bytes"].get<std::uint64_t>() <
                j["hardware"]["usable_memory_bytes_per_gpu"].get<std::uint64_t>());
        // 8 x 4.76 USD x 730 h.
        COMPARE_NEAR(j["cost"]["usd_per_month"].get<double>(), 8 * 4.76 * 730, 1e-6, 0);
        QVERIFY(j["breakeven"]["output_tokens_per_month"].get<double>() > 0);
        QCOMPARE(j["scenario"]["schema_version"].get<int>(), 1);
    }

    void planTable() {
        const Run r = run({"plan", "--gpu", "h200", "--gpu-count", "auto", "--context", "32k"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromStdString(r.out);
        QVERIFY(out.contains("NVIDIA H200"));
        QVERIFY(out.contains("FITS"));
        QVERIFY(out.contains("GiB"));
        QVERIFY(out.contains("GB"));
        QVERIFY(out.contains("memory floor (weights only): 12 GPUs"));
    }

    // One GPU reads "1 GPU", not "1 GPUs" (16 GB of BF16 weights on a 141 GB H200).
    void planTableSingleGpu() {
        const Run r = run({"plan", "--model", "llama-3.1-8b", "--gpu", "h200"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromStdString(r.out);
        // Issue 13: the practical count is the layout search's cheapest rental offer, not the
        // seeds' "1 GPU or whole nodes".
        QVERIFY2(out.contains("memory floor (weights only): 1 GPU; practical (cheapest rental "
                              "offer that carries the workload): 1 GPU (1 replica of TP 1 EP 1, "
                              "PP 1 on "),
                 qPrintable(out));
        QVERIFY(!out.contains("1 GPUs"));
    }

    // The memory table's "decimal" and "binary" headers end where their units end ("GB",
    // "GiB") on every row, in the text of `plan`.
    void memoryHeadersOverTheirColumns() {
        const Run r = run({"plan"});
        QCOMPARE(r.code, 0);
        const QStringList lines = QString::fromStdString(r.out).split('\n');
        const auto header = std::find_if(lines.begin(), lines.end(), [](const QString &l) {
            return l.startsWith("Memory per GPU");
        });
        QVERIFY(header != lines.end());
        const qsizetype decimalEnd = header->indexOf(" decimal") + 8;
        const qsizetype binaryEnd = header->indexOf(" binary") + 7;
        QCOMPARE(header->size(), binaryEnd);
        int rows = 0;
        for (auto it = header + 1; it != lines.end() && it->contains("GiB"); ++it, ++rows) {
            QCOMPARE(it->indexOf(" GB") + 3, decimalEnd);
            QCOMPARE(it->indexOf(" GiB") + 4, binaryEnd);
        }
        QCOMPARE(rows, 9); // six rows, budget, KV + state room, total of all GPUs
    }

    // "1 sequence", never "1 sequences": Llama 3.1 70B on 3 H100 holds one sequence of 128k.
    void oneSequenceIsSingular() {
        const Run r = run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100", "--gpu-count", "3",
                           "--context", "128k"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromStdString(r.out);
        QVERIFY2(out.contains("max concurrency at 131,072 tokens: 1 sequence\n"), qPrintable(out));
        QVERIFY2(!out.contains(QRegularExpression("\\b1 sequences")), qPrintable(out));
        const Run json = run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100", "--gpu-count",
                              "3", "--context", "128k", "--json"});
        QVERIFY2(!QString::fromStdString(json.out).contains(QRegularExpression("\\b1 sequences")),
                 json.out.c_str());
    }

    // --version prints the project's version (CMake's project(VERSION)); help ends in a newline
    // and is also what `COMMAND --help` prints.
    void versionAndHelp_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("start"); // "": the version line
        QTest::newRow("--version") << QStringList{"--version"} << 0 << "";
        QTest::newRow("-V") << QStringList{"-V"} << 0 << "";
        QTest::newRow("version") << QStringList{"version"} << 0 << "";
        QTest::newRow("--help") << QStringList{"--help"} << 0 << "hostplan-cli: size";
        QTest::newRow("help") << QStringList{"help"} << 0 << "hostplan-cli: size";
        QTest::newRow("plan --help") << QStringList{"plan", "--help"} << 0 << "hostplan-cli: size";
        QTest::newRow("serve-cmd -h")
            << QStringList{"serve-cmd", "-h"} << 0 << "hostplan-cli: size";
        QTest::newRow("noArguments") << QStringList{} << 2 << "hostplan-cli: size";
    }
    void versionAndHelp() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, start);
        const Run r = runArgs(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.empty(), r.err.c_str());
        const QString out = QString::fromStdString(r.out);
        QVERIFY(out.endsWith('\n') && !out.endsWith("\n\n"));
        if (start.isEmpty()) { // the version
            QCOMPARE(out, QString::fromStdString("hostplan-cli " + cli::version() + "\n"));
            QVERIFY2(QRegularExpression("^\\d+\\.\\d+\\.\\d+$")
                         .match(QString::fromStdString(cli::version()))
                         .hasMatch(),
                     cli::version().c_str());
        } else {
            QVERIFY2(out.startsWith(start), qPrintable(out));
            QVERIFY(out.contains("--version"));
        }
    }

    // serve-cmd loads the catalogue entry's repository (Kimi K2 *Instruct*), also when the model
    // is given as the path of its shipped config (resources/models or the installed
    // share/hostplan/models): that folder holds no weights.
    void serveCommandUsesCatalogueRepository_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("repository");
        QTest::newRow("id") << "kimi-k2-instruct"
                            << "moonshotai/Kimi-K2-Instruct";
        QTest::newRow("alias") << "kimi-k2"
                               << "moonshotai/Kimi-K2-Instruct";
        QTest::newRow("shippedConfig") << HOSTPLAN_RESOURCES_DIR "/models/Kimi-K2-Instruct.json"
                                       << "moonshotai/Kimi-K2-Instruct";
        QTest::newRow("shippedLinearInstruct")
            << HOSTPLAN_RESOURCES_DIR "/models/Kimi-Linear-48B-A3B-Instruct.json"
            << "moonshotai/Kimi-Linear-48B-A3B-Instruct";
    }
    void serveCommandUsesCatalogueRepository() {
        QFETCH(QString, model);
        QFETCH(QString, repository);
        const Run r = run({"serve-cmd", "--model", model.toStdString(), "--gpu", "h200"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromStdString(r.out);
        QVERIFY2(out.contains("vllm serve " + repository + " \\\n"), qPrintable(out));
        QVERIFY2(out.contains("--model-path " + repository + " \\\n"), qPrintable(out));
        QVERIFY2(out.contains("trtllm-serve " + repository + " \\\n"), qPrintable(out));
    }

    // A copy of a shipped config elsewhere that differs by one byte is the user's own model:
    // its folder is served.
    void serveCommandEditedConfigIsOwnFolder() {
        QTemporaryDir dir;
        QFile shipped(HOSTPLAN_RESOURCES_DIR "/models/Kimi-K2-Instruct.json");
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        QFile copy(dir.filePath("config.json"));
        QVERIFY(copy.open(QIODevice::WriteOnly));
        copy.write(shipped.readAll() + "\n");
        copy.close();
        const Run r = run({"serve-cmd", "--model", copy.fileName().toStdString(), "--gpu", "h200"});
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromStdString(r.out).contains("vllm serve " + dir.path() + " \\\n"),
                 r.out.c_str());
    }

    void modelsAndGpus() {
        const Run m = run({"models"});
        QCOMPARE(m.code, 0);
        QVERIFY(QString::fromStdString(m.out).contains("kimi-k3"));
        QVERIFY(QString::fromStdString(m.out).contains("2779.93"));
        const Run g = run({"gpus"});
        QCOMPARE(g.code, 0);
        QVERIFY(QString::fromStdString(g.out).contains("mi355x"));
    }

    void modelFromFile() {
        const Run r = run({"plan", "--model", HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json",
                           "--gpu", "h100", "--gpu-count", "1", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["model"]["total_params"].get<std::uint64_t>(), 8030261248ull);
        QCOMPARE(j["memory"]["kv_bytes_per_token"].get<std::uint64_t>(), 131072ull);
    }

    void badArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no command") << QStringList{} << "";
        QTest::newRow("unknown command") << QStringList{"fly"} << "unknown command";
        QTest::newRow("unknown option") << QStringList{"plan", "--colour"} << "unknown option";
        QTest::newRow("missing value") << QStringList{"plan", "--gpu"} << "missing value";
        QTest::newRow("unknown gpu") << QStringList{"plan", "--gpu", "tpu"} << "unknown GPU";
        QTest::newRow("zero gpus") << QStringList{"plan", "--gpu-count", "0"} << "--gpu-count";
        QTest::newRow("negative gpus") << QStringList{"plan", "--gpu-count", "-3"} << "--gpu-count";
        QTest::newRow("context 0") << QStringList{"plan", "--context", "0"} << "--context";
        QTest::newRow("context 1e9")
            << QStringList{"plan", "--context", "1000000000"} << "--context";
        QTest::newRow("context NaN") << QStringList{"plan", "--context", "nan"} << "--context";
        QTest::newRow("negative price")
            << QStringList{"plan", "--usd-per-gpu-hour", "-2"} << "--usd-per-gpu-hour";
        QTest::newRow("nan price")
            << QStringList{"plan", "--usd-per-gpu-hour", "nan"} << "--usd-per-gpu-hour";
        QTest::newRow("hex price") << QStringList{"plan", "--usd-per-gpu-hour", "0x10"}
                                   << "--usd-per-gpu-hour: must be between 0.0 and 10000.0";
        // Errors found while planning name the option that set the field.
        QTest::newRow("ep 3") << QStringList{"plan", "--ep", "3"}
                              << "--ep: EP 3 must be 1 or equal to TP (8)";
        QTest::newRow("gpu z9000")
            << QStringList{"plan", "--gpu", "z9000"} << "--gpu: unknown GPU 'z9000'";
        QTest::newRow("api output 1e308")
            << QStringList{"plan", "--api-output-usd-per-mtok", "1e308"}
            << "--api-output-usd-per-mtok: must be between 0.0 and 10000.0";
        QTest::newRow("inf price") << QStringList{"plan", "--usd-per-gpu-hour", "inf"}
                                   << "--usd-per-gpu-hour: must be between 0.0 and 10000.0";
        QTest::newRow("fraction nan")
            << QStringList{"plan", "--memory-fraction", "nan"}
            << "--memory-fraction: must be a number from 0.05 to 1.0 (engine.memory_fraction)";
        QTest::newRow("fraction 1.5") << QStringList{"plan", "--memory-fraction", "1.5"}
                                      << "--memory-fraction: must be a number from 0.05 to 1.0";
        QTest::newRow("spaced price") << QStringList{"plan", "--utilisation", " 0.5"}
                                      << "--utilisation: must be between 0.001 and 1.0";
        QTest::newRow("hours 30") << QStringList{"plan", "--hours-per-day", "30"}
                                  << "--hours-per-day";
        QTest::newRow("bad format")
            << QStringList{"plan", "--weights-format", "fp5"} << "unknown number format";
        QTest::newRow("unknown model")
            << QStringList{"plan", "--model", "gpt-7"} << "unknown model";
        // The option that set the field names the error, once.
        QTest::newRow("missing file") << QStringList{"plan", "--model", "/nope/config.json"}
                                      << "hostplan-cli: --model: /nope/config.json";
        QTest::newRow("llama.cpp missing file")
            << QStringList{"plan", "--engine", "llama.cpp", "--model", "/nope/x.gguf"}
            << "hostplan-cli: --model: /nope/x.gguf";
        QTest::newRow("tp does not divide")
            << QStringList{"plan", "--tp", "3", "--gpu-count", "8"}
            << "hostplan-cli: --tp: TP 3 does not divide the 8 GPUs";
        QTest::newRow("unknown engine")
            << QStringList{"plan", "--engine", "foo"} << "--engine llama.cpp";
        QTest::newRow("missing scenario")
            << QStringList{"plan", "--scenario", "/nope.json"} << "nope";
        QTest::newRow("tp 6") << QStringList{"plan", "--gpu-count", "6", "--tp", "6"}
                              << "power of two";
        // The value as typed, not its canonical name ('int4', not 'int4_g128').
        QTest::newRow("kv int4") << QStringList{"plan", "--kv-format", "int4"}
                                 << "--kv-format: 'int4' is not a KV-cache format";
        QTest::newRow("kv int8") << QStringList{"plan", "--kv-format", "int8"}
                                 << "'int8' is not a KV-cache format";
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = runArgs(args);
        QCOMPARE(r.code, 2);
        if (!message.isEmpty()) {
            const QString err = QString::fromStdString(r.err);
            QVERIFY2(err.contains(message), qPrintable(err));
            QCOMPARE(err.count('\n'), 1); // one line
        }
    }

    void scenarioFileWithOverrides() {
        QTemporaryDir dir;
        const QString path = dir.path() + "/s.json";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema_version": 1, "hardware": {"gpu": "h100", "gpu_count": 32},
                   "workload": {"concurrency": 4}})");
        f.close();
        const Run r =
            run({"plan", "--scenario", path.toStdString(), "--concurrency", "2", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["hardware"]["gpu_count"].get<int>(), 32);
        QCOMPARE(j["scenario"]["workload"]["concurrency"].get<int>(), 2);
        QCOMPARE(j["hardware"]["tp"].get<int>(), 8);
        QCOMPARE(j["hardware"]["pp"].get<int>(), 4);
    }

    // Changing the model or GPU drops a layout and count chosen for another (EP 8 of a MoE
    // must not follow a dense model), and a model without an API price gets no comparison
    // rather than another model's prices.
    void modelChangeResetsLayoutAndApi() {
        const Run r = run({"plan", "--model", "llama-3.1-8b", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["hardware"]["ep"].get<int>(), 1);
        QCOMPARE(j["hardware"]["gpu_count"].get<int>(), 1);
        QVERIFY(j["hardware"]["auto_count"].get<bool>());
        // The new model's own (cheapest) API, never Kimi K3's.
        QVERIFY(j["api"]["priced"].get<bool>());
        QCOMPARE(j["api"]["selection"].get<std::string>(), std::string("cheapest"));
        QVERIFY(j["api"]["id"].get<std::string>().rfind("llama-3.1-8b", 0) == 0);
        QCOMPARE(QString::fromStdString(j["scenario"]["name"].get<std::string>()),
                 "Llama 3.1 8B on 1x B300");
        // With the user's own prices (8 sequences on one H100, which fit), a cheap API gives
        // 'never' (null) with a warning, a dear one a break-even inside the plan's capacity.
        QTemporaryDir dir;
        auto planWith = [&](const char *prices) {
            QFile f(dir.path() + "/s.json");
            f.open(QIODevice::WriteOnly | QIODevice::Truncate);
            f.write(QByteArray(R"({"schema_version": 1, "model": {"ref": "llama-3.1-8b"},
                   "workload": {"concurrency": 8},
                   "hardware": {"gpu": "h100", "gpu_count": 1}, "pricing": {)") +
                    prices + "}}");
            f.close();
            const Run r =
                run({"plan", "--scenario", (dir.path() + "/s.json").toStdString(), "--json"});
            return std::make_pair(r.code, nlohmann::json::parse(r.out));
        };
        const auto [cheapCode, cheap] =
            planWith(R"("api_input_usd_per_mtok": 0.02, "api_output_usd_per_mtok": 0.06)");
        QCOMPARE(cheapCode, 0);
        QVERIFY(cheap["api"]["priced"].get<bool>());
        QCOMPARE(cheap["api"]["output_usd_per_mtok"].get<double>(), 0.06);
        QCOMPARE(cheap["api"]["cached_input_usd_per_mtok"].get<double>(), 0.02);
        QVERIFY(cheap["breakeven"]["output_tokens_per_month"].is_null());
        QVERIFY(cheap["warnings"].dump().find("API stays cheaper") != std::string::npos);
        // A plan that does not fit (Kimi K3 at 1M context on one H200) never says "serves 0".
        const Run nofit =
            run({"plan", "--scenario", HOSTPLAN_SOURCE_DIR "/tests/app/data/nofit-h200-1m.json"});
        const QString nofitOut = QString::fromStdString(nofit.out);
        QVERIFY2(nofitOut.contains("Break-even never: the plan does not fit, so it serves no "
                                   "tokens"),
                 qPrintable(nofitOut));
        QVERIFY2(!nofitOut.contains("plan serves 0 ("), qPrintable(nofitOut));
        // The table says so in words, never "inf".
        const Run table = run({"plan", "--scenario", (dir.path() + "/s.json").toStdString()});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.find("Break-even never") != std::string::npos);
        QVERIFY(table.out.find("Heavy users never") != std::string::npos);
        QVERIFY(table.out.find(" inf ") == std::string::npos);
        QVERIFY(table.out.find("(inf") == std::string::npos);
        const auto [dearCode, dear] =
            planWith(R"("api_input_usd_per_mtok": 3, "api_output_usd_per_mtok": 15)");
        QCOMPARE(dearCode, 0);
        const double be = dear["breakeven"]["output_tokens_per_month"].get<double>();
        QVERIFY(be > 0);
        QVERIFY(be <= dear["throughput"]["capacity"]["output_tokens_per_month"].get<double>());
    }

    // A later --prices file's entry replaces an earlier one of the same id in any case, as
    // the help says, instead of both reaching the scenario, which refuses the pair.
    void laterPriceFileReplacesSameIdInAnyCase() {
        QTemporaryDir dir;
        auto priceFile = [&](const char *name, const char *id, double out) {
            const std::string path = (dir.path() + "/" + name).toStdString();
            std::ofstream(path) << nlohmann::json{{"schema_version", 1},
                                                  {"api",
                                                   {{{"id", id},
                                                     {"name", id},
                                                     {"model", "kimi-k3"},
                                                     {"input_usd_per_mtok", 1.0},
                                                     {"output_usd_per_mtok", out},
                                                     {"source", "test"},
                                                     {"as_of", "2026-11-01"}}}}};
            return path;
        };
        const std::string a = priceFile("a.json", "my-price", 2.0);
        const std::string b = priceFile("b.json", "My-Price", 3.0);
        const Run r =
            run({"plan", "--prices", a, "--prices", b, "--api-price", "My-Price", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto api = nlohmann::json::parse(r.out)["api"];
        QCOMPARE(api["output_usd_per_mtok"].get<double>(), 3.0);
    }

    // A deeply nested document (200 KB) is an error naming the limit, not a stack overflow.
    void deeplyNestedInput() {
        QTemporaryDir dir;
        const QString path = dir.path() + "/deep.json";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(100000, '[') + QByteArray(100000, ']'));
        f.close();
        const Run r = run({"plan", "--scenario", path.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromStdString(r.err).contains("nested deeper than"), r.err.c_str());
        QDir().mkpath(dir.path() + "/m");
        QFile c(dir.path() + "/m/config.json");
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write("{\"model_type\":\"llama\",\"hidden_size\":" + QByteArray(100000, '[') +
                QByteArray(100000, ']') + "}");
        c.close();
        const Run m = run({"plan", "--model", (dir.path() + "/m").toStdString()});
        QCOMPARE(m.code, 2);
        // Refused while parsing (issue 16: nesting is bounded before any field is read), naming
        // the file.
        QVERIFY2(QString::fromStdString(m.err).contains("nested deeper than") &&
                     QString::fromStdString(m.err).contains("config.json"),
                 m.err.c_str());
    }

    // An index whose total_size disagrees wildly with the config is refused, not planned with.
    void implausibleIndex() {
        QTemporaryDir dir;
        QFile::copy(HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json",
                    dir.path() + "/config.json");
        for (const QByteArray &size : {QByteArray("18446744073709551615"), QByteArray("1000")}) {
            QFile idx(dir.path() + "/model.safetensors.index.json");
            QVERIFY(idx.open(QIODevice::WriteOnly | QIODevice::Truncate));
            idx.write("{\"metadata\": {\"total_size\": " + size + "}, \"weight_map\": {}}");
            idx.close();
            const Run r = run({"plan", "--model", dir.path().toStdString(), "--gpu-count", "1"});
            QCOMPARE(r.code, 2);
            QVERIFY2(QString::fromStdString(r.err).contains("disagrees"), r.err.c_str());
        }
        QFile idx(dir.path() + "/model.safetensors.index.json");
        QVERIFY(idx.open(QIODevice::WriteOnly | QIODevice::Truncate));
        idx.write("{\"metadata\": {\"total_size\": 16060522496}, \"weight_map\": {}}");
        idx.close();
        const Run ok =
            run({"plan", "--model", dir.path().toStdString(), "--gpu", "h100", "--json"});
        QCOMPARE(ok.code, 0);
        const auto j = nlohmann::json::parse(ok.out);
        QCOMPARE(j["model"]["checkpoint_bytes"].get<std::uint64_t>(), 16060522496ull);
    }

    // A probe report from the plan's GPU type calibrates the speed figures; one from another
    // GPU type is not applied (a note says so).
    void probeReportCalibrates() {
        const std::string report = HOSTPLAN_TEST_DATA_DIR "/h200-kernels-report.json";
        const Run r =
            run({"plan", "--gpu", "h200", "--gpu-count", "16", "--probe-report", report, "--json"});
        QCOMPARE(r.code, 0);
        QCOMPARE(nlohmann::json::parse(r.out)["throughput"]["confidence"].get<std::string>(),
                 "calibrated");
        const Run other = run({"plan", "--probe-report", report, "--json"});
        QCOMPARE(other.code, 0);
        QCOMPARE(nlohmann::json::parse(other.out)["throughput"]["confidence"].get<std::string>(),
                 "modelled");
        QVERIFY(QString::fromStdString(other.err).contains("stay uncalibrated"));
        QCOMPARE(run({"plan", "--probe-report", "/nope.json"}).code, 2);
        // A copy 1000x the H200's data sheet is refused, naming the field.
        QFile in(HOSTPLAN_TEST_DATA_DIR "/h200-probe-report.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        QVERIFY(text.contains("\"d2d_bytes_per_s\": 4230261293867.2627"));
        text.replace("\"d2d_bytes_per_s\": 4230261293867.2627", "\"d2d_bytes_per_s\": 4.2e15");
        QTemporaryDir dir;
        QFile out(dir.path() + "/fast.json");
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        const Run fast = run({"plan", "--gpu", "h200", "--gpu-count", "16", "--probe-report",
                              out.fileName().toStdString()});
        QCOMPARE(fast.code, 2);
        QVERIFY2(QString::fromStdString(fast.err).contains(
                     "d2d_bytes_per_s of 4200.00 TB/s is above the NVIDIA H200 SXM 141GB "
                     "data-sheet HBM bandwidth of 4.80 TB/s"),
                 qPrintable(QString::fromStdString(fast.err)));
    }

    void failIfNoFit() {
        const Run r = run({"plan", "--gpu", "h200", "--gpu-count", "1", "--fail-if-no-fit"});
        QCOMPARE(r.code, 1);
        QVERIFY(QString::fromStdString(r.out).contains("DOES NOT FIT"));
        // serve-cmd: a warning on stderr and in the header; exit 1 with --fail-if-no-fit.
        const Run s = run({"serve-cmd", "--gpu", "h200", "--gpu-count", "1"});
        QCOMPARE(s.code, 0);
        QVERIFY(QString::fromStdString(s.err).contains("warning: the plan does not fit"));
        QVERIFY(QString::fromStdString(s.out).contains("# WARNING: the plan does not fit; "));
        const Run f = run({"serve-cmd", "--gpu", "h200", "--gpu-count", "1", "--fail-if-no-fit"});
        QCOMPARE(f.code, 1);
        QVERIFY(f.out.empty());
        const Run ok = run({"serve-cmd", "--gpu", "b300", "--fail-if-no-fit"});
        QCOMPARE(ok.code, 0);
        QVERIFY(ok.err.empty());
        QVERIFY(!QString::fromStdString(ok.out).contains("WARNING"));
    }

    // A context above the model's maximum has no practical count; the JSON says null for both
    // the count and its layout, and the table says why the shown count was chosen.
    void contextAboveModelMaximum() {
        const Run j = run({"plan", "--context", "10M", "--json"});
        QCOMPARE(j.code, 0);
        const auto doc = nlohmann::json::parse(j.out);
        QVERIFY(!doc["fit"]["fits"].get<bool>());
        QVERIFY(doc["fit"]["gpus_practical"].is_null());
        QVERIFY(doc["fit"]["practical_layout"].is_null());
        const Run t = run({"plan", "--context", "10M", "--gpu-count", "auto"});
        const QString out = QString::fromStdString(t.out);
        QVERIFY2(out.contains("above the model's maximum of 1,048,576"), qPrintable(out));
        QVERIFY2(out.contains("(no count carries the workload; shown at the memory floor"),
                 qPrintable(out));
        // Issue 13: wording of the layout search's practical count.
        QVERIFY(out.contains("practical (cheapest rental offer that carries the workload): none "
                             "(the context is above the model's maximum)"));
        QVERIFY(!out.contains("count chosen by HostPlan"));
    }

    // FP8 weights on a GPU without FP8 tensor cores are noted, as FP4 ones are.
    void fp8WeightsWithoutFp8TensorCores() {
        const Run r = run(
            {"plan", "--model", "llama-3.1-70b", "--gpu", "a100-80gb", "--weights-format", "fp8"});
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromStdString(r.out).contains("a100-80gb has no FP8 tensor cores"),
                 qPrintable(QString::fromStdString(r.out)));
        const Run h =
            run({"plan", "--model", "llama-3.1-70b", "--gpu", "h100", "--weights-format", "fp8"});
        QVERIFY(!QString::fromStdString(h.out).contains("no FP8 tensor cores"));
    }

    // Break-even at the capacity limit: whole heavy users the plan can serve. Kimi K3 on 8x B300
    // needs 38 whole heavy users ($27,798 / $750 = 37.06) and serves fewer (issue 14: 21.5).
    void breakEvenAtTheCapacityLimit() {
        const auto j =
            nlohmann::json::parse(run({"plan", "--gpu", "b300", "--gpu-count", "8", "--json"}).out);
        const double served = j["throughput"]["capacity"]["users_served"].get<double>();
        QVERIFY(served > 1 && served < 38);
        QVERIFY(j["breakeven"]["heavy_users"].is_null());
        QCOMPARE(j["decision"]["heavy_users"]["users_needed"].get<int>(), 38);
        const QString b300 =
            QString::fromStdString(run({"plan", "--gpu", "b300", "--gpu-count", "8"}).out);
        // The band's ends (12.2-40.2 as of 2026-12-01): within the band when its top reaches 38.
        const double low = j["throughput"]["capacity"]["users_served_range"][0].get<double>();
        const double high = j["throughput"]["capacity"]["users_served_range"][1].get<double>();
        QVERIFY(low < served && served < high);
        QCOMPARE(j["decision"]["heavy_users"]["kind"].get<std::string>(),
                 std::string(high >= 38 ? "within_band" : "out_of_reach"));
        const QString line =
            QStringLiteral(
                "Heavy users %5 (50.0 million tokens per month each, $750 per "
                "month at API output prices): break-even needs 38 heavy users (1.90 billion "
                "output tokens a month), the plan serves %1 (%2-%3 over the throughput band)%4")
                .arg(served, 0, 'f', 1)
                .arg(low, 0, 'f', 1)
                .arg(high, 0, 'f', 1)
                .arg(QString(high >= 38 ? ": within reach only towards the band's fast end" : ""),
                     QString(high >= 38 ? "too close to call: self-hosting does not win at "
                                          "this plan's modelled capacity"
                                        : "never on this plan"));
        QVERIFY2(b300.contains(line + "\n"), qPrintable(b300));
        // 8 x MI325X: break-even above the modelled capacity, within the band (too close to call).
        const std::string mi = run({"plan", "--gpu", "mi325x", "--gpu-count", "8"}).out;
        QVERIFY2(mi.find("per month: above the modelled capacity (") != std::string::npos &&
                     mi.find("Break-even never") == std::string::npos,
                 mi.c_str());
    }

    // Money in the plan table: grouped thousands everywhere, cents on hourly and daily amounts.
    void moneyFormatting() {
        const Run r =
            run({"plan", "--gpu", "b300", "--gpu-count", "24", "--usd-per-gpu-hour", "3.5"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromStdString(r.out);
        // 24 x 3.50 = 84.00 per hour, 2,016.00 per day, 61,320 per 730-hour month.
        QVERIFY2(out.contains("$84.00 per hour, $2,016.00 per day; always on $61,320 per month"),
                 qPrintable(out));
    }

    // Free GPUs (a cluster already paid for): the cost per token is $0.00, not "nothing served".
    void freeGpus() {
        const Run r = run({"plan", "--usd-per-gpu-hour", "0"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromStdString(r.out);
        QVERIFY2(out.contains("cost per 1M output tokens at capacity: $0.00"), qPrintable(out));
        QVERIFY2(out.contains("cost per 1M output tokens, this workload: $0.00"), qPrintable(out));
        QVERIFY(!out.contains("nothing served"));
        QVERIFY2(out.contains("wins from the first heavy user"), qPrintable(out));
    }

    // plan --json says which context-length tier and whether the batch price was used
    // (issue 20): Alibaba's Qwen3-Coder-480B tier above 32,000 prompt tokens, Fireworks' batch
    // price at 50% of serverless; and the API bill and break-even as ranges.
    void planJsonCarriesTierAndBatch() {
        QTemporaryDir dir;
        auto planWith = [&](const char *pricing, const char *format) {
            QFile f(dir.path() + "/s.json");
            f.open(QIODevice::WriteOnly | QIODevice::Truncate);
            f.write(QByteArray(R"({"schema_version": 1, "model": {"ref": "gpt-oss-120b"},
                   "hardware": {"gpu": "h200"}, "workload": {"context_tokens": 65536,
                   "input_tokens_per_request": 40000, "output_tokens_per_request": 1000},
                   "pricing": {)") +
                    pricing + "}}");
            f.close();
            std::vector<std::string> args{"plan", "--scenario",
                                          (dir.path() + "/s.json").toStdString()};
            if (format) {
                args.push_back(format);
            }
            return run(args);
        };
        const Run tiered = planWith(R"("api_price_id": "qwen3-coder-480b-a35b-alibaba")", "--json");
        QCOMPARE(tiered.code, 0);
        const auto t = nlohmann::json::parse(tiered.out)["api"];
        QCOMPARE(t["prompt_tokens_per_request"].get<int>(), 40000);
        QCOMPARE(t["tier"]["above_prompt_tokens"].get<int>(), 32000);
        QCOMPARE(t["input_usd_per_mtok"].get<double>(), 2.7);
        QCOMPARE(t["output_usd_per_mtok"].get<double>(), 13.5);
        QVERIFY(!t["batch"].get<bool>());
        const QString text = QString::fromStdString(
            planWith(R"("api_price_id": "qwen3-coder-480b-a35b-alibaba")", nullptr).out);
        QVERIFY2(text.contains("tier: prompts above 32,000 tokens (this workload's 40,000 per "
                               "request) pay $2.70 in / $2.70 cached / $13.50 out per 1M tokens"),
                 qPrintable(text));

        const Run batch =
            planWith(R"("api_price_id": "gpt-oss-120b-fireworks", "api_batch": true)", "--json");
        QCOMPARE(batch.code, 0);
        const auto j = nlohmann::json::parse(batch.out);
        const auto &b = j["api"];
        QVERIFY(b["batch_requested"].get<bool>());
        QVERIFY(b["batch"].get<bool>());
        QVERIFY(b["tier"].is_null());
        QCOMPARE(b["input_usd_per_mtok"].get<double>(), 0.075);
        QCOMPARE(b["output_usd_per_mtok"].get<double>(), 0.3);
        const auto &range = j["decision"]["ranges"]["api_usd_per_month"];
        QCOMPARE(range["value"].get<double>(), j["cost"]["api_usd_per_month"].get<double>());
        QCOMPARE(range["low"].get<double>(), range["high"].get<double>()); // no published range
        const QString batchText = QString::fromStdString(
            planWith(R"("api_price_id": "gpt-oss-120b-fireworks", "api_batch": true)", nullptr)
                .out);
        QVERIFY2(batchText.contains("batch API price (50% off, pricing.api_batch: an offline "
                                    "workload)"),
                 qPrintable(batchText));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
