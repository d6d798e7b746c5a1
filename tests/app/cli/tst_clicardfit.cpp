// SPDX-License-Identifier: MIT
// hostplan-cli card-fit: "what fits this card" at the command line, cell by cell the same
// answers as the core's cardFit (the GUI's This card view), with bad options refused.
#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "cli/clirun.h"
#include "ggufwriter.h"
#include "engine/cardfit.h"
#include "import/ggmltypes.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace hostplan;

namespace {

using clitest::Run;
using clitest::run;

/// The output line of the model named `name` ("" if none).
std::string lineOf(const std::string &out, const std::string &name) {
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(name, 0) == 0) {
            return line;
        }
    }
    return {};
}

} // namespace

class TestCliCardFit : public QObject {
    Q_OBJECT
  private slots:
    void answersLikeTheCore() {
        const Run r = run({"card-fit", "--gpu", "rtx-4090", "--model", "llama-3.1-8b", "--model",
                           "llama-3.1-70b", "--model", "mixtral-8x7b"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.starts_with("What fits NVIDIA GeForce RTX 4090 24GB + Desktop"));
        // Smallest model first; each cell the core's answer for that type.
        QVERIFY(r.out.find("Llama 3.1 8B") < r.out.find("Mixtral 8x7B"));
        QVERIFY(r.out.find("Mixtral 8x7B") < r.out.find("Llama 3.1 70B"));
        const GpuSpec gpu = Catalogue::builtin().findGpu("rtx-4090").value();
        const HostSpec host = findHost("ddr5-desktop").value();
        const CardFitRow seventy = cardFit(Catalogue::builtin().loadModel("llama-3.1-70b").value(),
                                           gpu, host, defaultCardFitTypes());
        const std::string line = lineOf(r.out, "Llama 3.1 70B");
        QVERIFY(!seventy.cells[0].fitsAtDefault && seventy.cells[0].offloadGpuLayers);
        QVERIFY2(line.find("-ngl " + std::to_string(*seventy.cells[0].offloadGpuLayers) + "/81") !=
                     std::string::npos,
                 line.c_str());
        QVERIFY2(line.ends_with("does not fit"), line.c_str()); // f16: 141 GB
        const std::string eight = lineOf(r.out, "Llama 3.1 8B");
        QVERIFY2(eight.find("runs to 131,072 @ ") != std::string::npos, eight.c_str());
        const std::string mixtral = lineOf(r.out, "Mixtral 8x7B");
        QVERIFY2(mixtral.find("--n-cpu-moe ") != std::string::npos, mixtral.c_str());
    }

    // "What fits my Mac" and "the CPU alone": no card, the host's memory holds it all, no
    // layer moves (the planner's own answer for that host); a card named beside a
    // unified-memory host is refused.
    void hostAlone() {
        const Run mac = run({"card-fit", "--host", "apple-m4-max", "--model", "llama-3.1-70b"});
        QVERIFY2(mac.code == 0, mac.err.c_str());
        QVERIFY2(mac.out.starts_with("What fits Apple M4 Max"), mac.out.c_str());
        const std::string seventy = lineOf(mac.out, "Llama 3.1 70B");
        QVERIFY2(seventy.find("runs to ") != std::string::npos, seventy.c_str());
        QVERIFY(seventy.find("-ngl") == std::string::npos);
        const CardFitRow core =
            cardFit(Catalogue::builtin().loadModel("llama-3.1-70b").value(), std::nullopt,
                    findHost("apple-m4-max").value(), defaultCardFitTypes());
        QVERIFY(core.cells[0].fitsAtDefault);
        QVERIFY(!core.cells[3].fitsAtDefault); // f16: 141 GB in 128 GiB
        const Run cpu = run({"card-fit", "--gpu", "none", "--model", "llama-3.1-8b"});
        QVERIFY2(cpu.code == 0, cpu.err.c_str());
        QVERIFY2(cpu.out.find("(CPU only)") != std::string::npos, cpu.out.c_str());
        const Run both = run({"card-fit", "--host", "apple-m4-max", "--gpu", "h100"});
        QCOMPARE(both.code, 2);
        QVERIFY2(both.err.find("unified-memory host") != std::string::npos, both.err.c_str());
    }

    void typesAndTheUsersGpu() {
        const Run r = run({"card-fit", "--gpu", "l40s", "--types", "q8_0", "--model",
                           "llama-3.1-70b", "--host-memory-gb", "256"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const std::string line = lineOf(r.out, "Llama 3.1 70B");
        QVERIFY2(line.find("-ngl ") != std::string::npos, line.c_str());
        QVERIFY(r.out.find("q5_K") == std::string::npos);
    }

    // A long name is cut at a character, a GGUF file gets a table of its own (its one cell is
    // its own tensors, under no type it is not stored as).
    void namesAndFilesKeepTheirColumns() {
        QTemporaryDir dir;
        const auto gguf = std::filesystem::path(dir.path().toStdString()) / "m-Q4_K_M.gguf";
        const ggufwriter::Writer w = ggufwriter::llama31_8b_q4km(1000);
        std::ofstream(gguf, std::ios::binary) << w.build();
        std::filesystem::resize_file(gguf, w.fileSize()); // sparse: the data reads as zeros
        const Run r = run(
            {"card-fit", "--types", "q8_0", "--model", "llama-3.1-8b", "--model", gguf.string()});
        QVERIFY2(r.code == 0, r.err.c_str());
        const std::size_t files = r.out.find("\nGGUF file ");
        QVERIFY2(files != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("its own tensors", files) != std::string::npos);
        QVERIFY(r.out.find("this file") == std::string::npos);
        QVERIFY(r.out.find("Llama 3.1 8B") < files);
        // A model under 0.1 B parameters reads in millions, never "0.0B".
        const auto tiny = std::filesystem::path(dir.path().toStdString()) / "tiny.gguf";
        ggufwriter::Writer t = ggufwriter::tinyHeader("llama");
        t.tensor({"token_embd.weight", {64, 20000}, "f32"});
        std::ofstream(tiny, std::ios::binary) << t.build();
        std::filesystem::resize_file(tiny, t.fileSize());
        const Run small = run({"card-fit", "--types", "f16", "--model", tiny.string()});
        QVERIFY2(small.code == 0, small.err.c_str());
        QVERIFY2(small.out.find(" 1.3M ") != std::string::npos, small.out.c_str());
        QVERIFY(small.out.find("0.0B") == std::string::npos);
    }

    void badOptionsAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("gpu") << QStringList{"--gpu", "nope"} << "--gpu: unknown GPU 'nope'";
        QTest::newRow("type") << QStringList{"--types", "q4_K,q9"}
                              << "--types: unknown ggml type 'q9'";
        QTest::newRow("file type") << QStringList{"--types", "Q4_K_M"}
                                   << "--types: unknown ggml type 'Q4_K_M' (a llama-quantize "
                                      "file type, a mix of tensor types: plan with its main ggml "
                                      "type q4_K, or give the .gguf file for its exact bytes)";
        QTest::newRow("iq3 file type")
            << QStringList{"--types", "IQ3_M"}
            << "--types: unknown ggml type 'IQ3_M' (a llama-quantize file type, a mix of tensor "
               "types: plan with its main ggml type iq3_s";
        QTest::newRow("not a file type") << QStringList{"--types", "Q8_0_M"}
                                         << "--types: unknown ggml type 'Q8_0_M' (q4_K, q8_0, ...)";
        QTest::newRow("i32") << QStringList{"--types", "q4_K,i32"}
                             << "--types: 'i32' is not a type a model's weights are stored in";
        QTest::newRow("twice") << QStringList{"--types", "q4_K,Q4_K"}
                               << "--types: 'Q4_K' is named twice";
        QTest::newRow("card beside a unified host")
            << QStringList{"--host", "apple-m4-max", "--gpu", "rtx-4090"}
            << "--gpu: apple-m4-max is a unified-memory host";
        QTest::newRow("memory") << QStringList{"--host-memory-gb", "0"}
                                << "--host-memory-gb: must be a whole number";
        QTest::newRow("option") << QStringList{"--ngl", "3"} << "--ngl: unknown option";
        QTest::newRow("missing") << QStringList{"--model"} << "--model: missing value";
        QTest::newRow("model") << QStringList{"--model", "no-such-model"} << "--model: ";
    }
    void badOptionsAreRefused() {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        std::vector<std::string> a = {"card-fit"};
        for (const QString &s : args) {
            a.push_back(s.toStdString());
        }
        const Run r = run(a);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.starts_with("hostplan-cli card-fit: " + error.toStdString()), r.err.c_str());
        QVERIFY(r.out.empty());
    }
};

QTEST_GUILESS_MAIN(TestCliCardFit)
#include "tst_clicardfit.moc"
