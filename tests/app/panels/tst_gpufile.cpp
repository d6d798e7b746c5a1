// SPDX-License-Identifier: MIT
// A user's GPU file (resources/gpus.json's schema) at the command line (--gpu-file, gpus
// --gpu-file) and in the hardware panel ("Add GPU types..."): the types join the catalogue for
// the plan, are kept in the scenario, work whatever the option order, and a bad file is
// refused naming the file and field with nothing changed.
#include "appscenarios.h"
#include "catalogue/catalogue.h"
#include "cli/clirun.h"
#include "document/scenariodocument.h"
#include "panels/hardwarepanel.h"
#include "testutil.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sstream>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

using clitest::Run;
using clitest::run;

/// A GPU file holding the catalogue's L40S figures as "my-l40s" ("Lab L40S", alias "lab card"),
/// rented at $0.90 per GPU-hour.
QByteArray labGpuFile() {
    nlohmann::json g = gpuToJson(Catalogue::builtin().findGpu("l40s").value());
    g["id"] = "my-l40s";
    g["name"] = "Lab L40S";
    g["aliases"] = {"lab card"};
    g["usd_per_gpu_hour"] = 0.9;
    g["price_source"] = "our lab's internal rate";
    g["price_as_of"] = "2026-12-06";
    return QByteArray::fromStdString(nlohmann::json{{"gpus", {g}}}.dump(2));
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(bytes);
    }
    return path;
}

} // namespace

class TestGpuFile : public QObject {
    Q_OBJECT
  private slots:
    void cliPlansOnTheFilesType() {
        QTemporaryDir dir;
        const std::string file = writeFile(dir, "gpus.json", labGpuFile()).toStdString();
        // --gpu before --gpu-file: the option order does not matter.
        const Run r = run({"plan", "--gpu", "lab card", "--gpu-file", file, "--model",
                           "llama-3.1-8b", "--gpu-count", "1", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["hardware"]["gpu"].get<std::string>(), std::string("my-l40s"));
        QCOMPARE(j["hardware"]["gpu_name"].get<std::string>(), std::string("Lab L40S"));
        QCOMPARE(j["cost"]["usd_per_gpu_hour"].get<double>(), 0.9);
        // The scenario the plan echoes keeps the type, so that it re-plans anywhere.
        QCOMPARE(j["scenario"]["hardware"]["custom_gpus"][0]["id"].get<std::string>(),
                 std::string("my-l40s"));
        // The same figures as the catalogue's L40S, by the same engine rules.
        const Run l40s =
            run({"plan", "--gpu", "l40s", "--model", "llama-3.1-8b", "--gpu-count", "1", "--json"});
        const auto k = nlohmann::json::parse(l40s.out);
        QVERIFY(j["memory"] == k["memory"]);
        QVERIFY(j["startup"] == k["startup"]);

        const Run list = run({"gpus", "--gpu-file", file});
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.find("my-l40s") != std::string::npos);
        QVERIFY(list.out.find("our lab") == std::string::npos); // the data sheet source shows
        QVERIFY(run({"gpus"}).out.find("my-l40s") == std::string::npos);
    }

    void cliOffersMayNameTheFilesType() {
        QTemporaryDir dir;
        const std::string gpus = writeFile(dir, "gpus.json", labGpuFile()).toStdString();
        nlohmann::json offer = {{"id", "lab-2x"},
                                {"provider", "Lab"},
                                {"gpu", "my-l40s"},
                                {"gpus_per_instance", 2},
                                {"usd_per_gpu_hour_on_demand", 0.5},
                                {"source", "our lab"},
                                {"as_of", "2026-12-06"}};
        const std::string offers =
            writeFile(dir, "offers.json",
                      QByteArray::fromStdString(nlohmann::json{{"offers", {offer}}}.dump()))
                .toStdString();
        const Run r = run({"plan", "--offers", offers, "--gpu-file", gpus, "--gpu", "my-l40s",
                           "--model", "llama-3.1-8b", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["cost"]["usd_per_gpu_hour"].get<double>(), 0.5);
        // Without the GPU file the offer names an unknown type.
        const Run unknown = run({"plan", "--offers", offers, "--model", "llama-3.1-8b"});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.find("unknown GPU id 'my-l40s'") != std::string::npos,
                 unknown.err.c_str());
    }

    void cliRefusesABadFile() {
        QTemporaryDir dir;
        nlohmann::json doc = nlohmann::json::parse(labGpuFile().toStdString());
        doc["gpus"][0]["aliases"] = {"h200"};
        const std::string clash =
            writeFile(dir, "clash.json", QByteArray::fromStdString(doc.dump())).toStdString();
        const Run r = run({"plan", "--gpu-file", clash});
        QCOMPARE(r.code, 2);
        QCOMPARE(QString::fromStdString(r.err).trimmed(),
                 QString::fromStdString("hostplan-cli: --gpu-file: " + clash +
                                        ": gpus[0].aliases[0]: 'h200' already names GPU 'h200'"));
        // Two files: the second's clash with the first names the second file and its entry.
        nlohmann::json other = nlohmann::json::parse(labGpuFile().toStdString());
        other["gpus"][0]["id"] = "other-card";
        other["gpus"][0]["name"] = "Other card";
        const std::string first = writeFile(dir, "first.json", labGpuFile()).toStdString();
        const std::string second =
            writeFile(dir, "second.json", QByteArray::fromStdString(other.dump())).toStdString();
        const Run two = run({"plan", "--gpu-file", first, "--gpu-file", second});
        QCOMPARE(two.code, 2);
        QCOMPARE(QString::fromStdString(two.err).trimmed(),
                 QString::fromStdString("hostplan-cli: --gpu-file: " + second +
                                        ": gpus[0].aliases[0]: 'lab card' already names GPU "
                                        "'my-l40s'"));
        // Two files of 40 types each: more than a scenario reads back (64), refused.
        const auto forty = [&dir](const std::string &prefix) {
            nlohmann::json list = nlohmann::json::array();
            for (int i = 0; i < 40; ++i) {
                nlohmann::json g = nlohmann::json::parse(labGpuFile().toStdString())["gpus"][0];
                g["id"] = prefix + std::to_string(i);
                g["name"] = prefix + " card " + std::to_string(i);
                g["aliases"] = nlohmann::json::array();
                list.push_back(g);
            }
            return writeFile(dir, QString::fromStdString(prefix + ".json"),
                             QByteArray::fromStdString(nlohmann::json{{"gpus", list}}.dump()))
                .toStdString();
        };
        const std::string many = forty("b");
        const Run tooMany = run({"plan", "--gpu-file", forty("a"), "--gpu-file", many});
        QCOMPARE(tooMany.code, 2);
        QVERIFY2(tooMany.err.find(many +
                                  ": gpus: 80 GPU types with the ones already added; at most 64") !=
                     std::string::npos,
                 tooMany.err.c_str());
        doc["gpus"][0].erase("memory_gb");
        const std::string missing =
            writeFile(dir, "missing.json", QByteArray::fromStdString(doc.dump())).toStdString();
        const Run m = run({"plan", "--gpu-file", missing});
        QCOMPARE(m.code, 2);
        QVERIFY2(m.err.find(missing + ": gpus[0].memory_gb") != std::string::npos, m.err.c_str());
        const Run none = run({"plan", "--gpu-file", dir.filePath("absent.json").toStdString()});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.find("absent.json") != std::string::npos, none.err.c_str());
        const Run llama = run({"plan", "--engine", "llama.cpp", "--gpu-file", missing});
        QCOMPARE(llama.code, 2);
        QVERIFY2(llama.err.find("memory_gb") != std::string::npos, llama.err.c_str());
    }

    void llamaCppPlansOnTheFilesType() {
        QTemporaryDir dir;
        const std::string file = writeFile(dir, "gpus.json", labGpuFile()).toStdString();
        const Run r = run({"plan", "--engine", "llama.cpp", "--gpu-file", file, "--gpu", "my-l40s",
                           "--model", "llama-3.1-8b", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["hardware"]["gpu"].get<std::string>(), std::string("my-l40s"));
        const Run text = run({"plan", "--engine", "llama.cpp", "--gpu-file", file, "--gpu",
                              "lab card", "--model", "llama-3.1-8b"});
        QVERIFY2(text.out.find("Lab L40S") != std::string::npos, text.out.c_str());
    }

    void panelAddsTypesAsOneUndoableEdit() {
        QTemporaryDir dir;
        const QString file = writeFile(dir, "gpus.json", labGpuFile());
        ScenarioDocument doc;
        doc.reset(testscenarios::twoReplicas());
        const Scenario before = doc.scenario();
        HardwarePanel panel(&doc);
        const int types = panel.gpuCombo()->count();
        QCOMPARE(panel.importGpus(file), QString());
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().hardware.customGpus.size(), std::size_t(1));
        QVERIFY(doc.plan());
        QCOMPARE(QString::fromStdString(doc.plan()->gpu.id), "my-l40s");
        QCOMPARE(panel.gpuCombo()->count(), types + 1);
        QCOMPARE(panel.gpuCombo()->currentText(), QString("Lab L40S (yours)"));
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario(), before);
        QCOMPARE(panel.gpuCombo()->count(), types);

        // A file with a clash changes nothing and says why.
        nlohmann::json bad = nlohmann::json::parse(labGpuFile().toStdString());
        bad["gpus"][0]["compute_capability"] = "nine";
        const QString badFile = writeFile(dir, "bad.json", QByteArray::fromStdString(bad.dump()));
        const QString error = panel.importGpus(badFile);
        QVERIFY2(error.contains("gpus[0].compute_capability"), qPrintable(error));
        QCOMPARE(doc.scenario(), before);
        QCOMPARE(doc.undoStack()->count(), 1); // the undone edit, still on the stack

        // A second file whose entry clashes with the first file's types names its own entry,
        // as the CLI's --gpu-file does (one rule: catalogue/gpufile.h).
        doc.undoStack()->redo();
        nlohmann::json other = nlohmann::json::parse(labGpuFile().toStdString());
        other["gpus"][0]["id"] = "other-card";
        other["gpus"][0]["name"] = "Other card";
        const QString second =
            writeFile(dir, "second.json", QByteArray::fromStdString(other.dump()));
        QCOMPARE(panel.importGpus(second),
                 second + ": gpus[0].aliases[0]: 'lab card' already names GPU 'my-l40s'");
        QCOMPARE(doc.scenario().hardware.customGpus.size(), std::size_t(1));
    }
};

QTEST_MAIN(TestGpuFile)
#include "tst_gpufile.moc"
