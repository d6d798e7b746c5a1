// hostplan-cli: the plan table, the documented JSON schema, exit codes and one-line errors.
#include "cli.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

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
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
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
        QTest::newRow("context 1e9") << QStringList{"plan", "--context", "1000000000"} << "--context";
        QTest::newRow("context NaN") << QStringList{"plan", "--context", "nan"} << "--context";
        QTest::newRow("negative price") << QStringList{"plan", "--usd-per-gpu-hour", "-2"}
                                        << "--usd-per-gpu-hour";
        QTest::newRow("nan price") << QStringList{"plan", "--usd-per-gpu-hour", "nan"}
                                   << "--usd-per-gpu-hour";
        QTest::newRow("hours 30") << QStringList{"plan", "--hours-per-day", "30"}
                                  << "--hours-per-day";
        QTest::newRow("bad format") << QStringList{"plan", "--weights-format", "fp5"}
                                    << "unknown number format";
        QTest::newRow("unknown model") << QStringList{"plan", "--model", "gpt-7"} << "unknown model";
        QTest::newRow("missing file") << QStringList{"plan", "--model", "/nope/config.json"}
                                      << "model.ref";
        QTest::newRow("missing scenario") << QStringList{"plan", "--scenario", "/nope.json"}
                                          << "nope";
        QTest::newRow("tp 6") << QStringList{"plan", "--gpu-count", "6", "--tp", "6"}
                              << "power of two";
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> a;
        for (const auto &s : args) {
            a.push_back(s.toStdString());
        }
        const Run r = run(a);
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
        const Run r = run({"plan", "--scenario", path.toStdString(), "--concurrency", "2", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["hardware"]["gpu_count"].get<int>(), 32);
        QCOMPARE(j["scenario"]["workload"]["concurrency"].get<int>(), 2);
        QCOMPARE(j["hardware"]["tp"].get<int>(), 8);
        QCOMPARE(j["hardware"]["pp"].get<int>(), 4);
    }

    void failIfNoFit() {
        const Run r = run({"plan", "--gpu", "h200", "--gpu-count", "1", "--fail-if-no-fit"});
        QCOMPARE(r.code, 1);
        QVERIFY(QString::fromStdString(r.out).contains("DOES NOT FIT"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
