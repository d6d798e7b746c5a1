// SPDX-License-Identifier: MIT
// hostplan-probe's command line: argument parsing in-process, and the built binary itself on a
// machine without a GPU (exit code 3, a message naming what was looked for, valid JSON with an
// empty device list) and with bad arguments (exit code 2, one line on stderr).
#include "driverversion.h"
#include "probecli.h"
#include "probereport.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace hostplan::probe;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the built hostplan-probe with NVIDIA GPUs hidden (CUDA_VISIBLE_DEVICES="").
Run runProbe(const QStringList &args) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), QString());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HOSTPLAN_PROBE_BIN), args);
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QStringList split(const QString &s) {
    return s.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

std::vector<std::string> toStd(const QStringList &l) {
    std::vector<std::string> v;
    for (const QString &s : l) {
        v.push_back(s.toStdString());
    }
    return v;
}

// Non-progress stderr lines (libraries may add their own chatter; progress lines are ours).
QStringList messageLines(const QByteArray &err) {
    QStringList out;
    for (const QString &line :
         QString::fromUtf8(err).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1String("hostplan-probe: ")) &&
            !line.startsWith(QLatin1String("hostplan-probe: ["))) {
            out << line;
        }
    }
    return out;
}

} // namespace

class tst_ProbeCli : public QObject {
    Q_OBJECT
  private slots:
    void parse_data() {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("sizes");
        QTest::addColumn<bool>("json");
        QTest::addColumn<bool>("fitStep");
        QTest::addColumn<bool>("bandwidthStep");
        QTest::newRow("devices") << "devices"
                                 << "devices" << 0 << false << false << false;
        QTest::newRow("devicesJson") << "devices --json"
                                     << "devices" << 0 << true << false << false;
        QTest::newRow("fitBytes") << "fit --bytes-per-gpu 80GiB"
                                  << "fit" << 1 << false << true << false;
        QTest::newRow("fitBytesList") << "fit --bytes-per-gpu=1GiB,2GiB --bytes-per-gpu 3GB"
                                      << "fit" << 3 << false << true << false;
        QTest::newRow("fitFractions") << "fit --fraction-of-free 0.25,0.5,0.9"
                                      << "fit" << 3 << false << true << false;
        QTest::newRow("allWithoutPlan") << "all --json"
                                        << "all" << 0 << true << false << true;
        QTest::newRow("allWithBytes") << "--json all --bytes-per-gpu 1GB"
                                      << "all" << 1 << true << true << true;
        QTest::newRow("bandwidth") << "bandwidth --quick"
                                   << "bandwidth" << 0 << false << false << true;
    }
    void parse() {
        QFETCH(QString, args);
        QFETCH(QString, command);
        QFETCH(int, sizes);
        QFETCH(bool, json);
        QFETCH(bool, fitStep);
        QFETCH(bool, bandwidthStep);
        const auto r = parseCommandLine(toStd(split(args)));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(QString::fromStdString(r.value().command), command);
        QCOMPARE(int(r.value().bytesPerGpu.size() + r.value().fractions.size()), sizes);
        QCOMPARE(r.value().json, json);
        QCOMPARE(r.value().steps().fit, fitStep);
        QCOMPARE(r.value().steps().bandwidth, bandwidthStep);
        QCOMPARE(QString::fromStdString(r.value().commandLine), args);
    }

    void parseValues() {
        const auto r = parseCommandLine(toStd(split(
            "fit --bytes-per-gpu 1.5e9 --chunk-bytes 256MiB --device 1 --device=0 --timeout 30 "
            "-o out.json -q --with-kernels")));
        QVERIFY(r.ok());
        QCOMPARE(r.value().bytesPerGpu.at(0), std::uint64_t(1500000000));
        QCOMPARE(r.value().chunkBytes, std::uint64_t(256) << 20);
        QCOMPARE(r.value().devices, (std::vector<int>{1, 0}));
        QCOMPARE(r.value().timeoutSeconds, 30.0);
        QCOMPARE(r.value().output, std::string("out.json"));
        QVERIFY(r.value().quiet);
    }

    // Bad command lines: exit code 2 and exactly one line on stderr, nothing on stdout.
    void usageErrors_data() {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("words");
        QTest::newRow("noArguments") << ""
                                     << "no command given";
        QTest::newRow("unknownCommand") << "frobnicate"
                                        << "unknown command 'frobnicate'";
        QTest::newRow("unknownOption") << "devices --bogus"
                                       << "unknown option '--bogus'";
        QTest::newRow("fitWithoutSize") << "fit"
                                        << "fit needs --scenario FILE";
        QTest::newRow("negativeBytes") << "fit --bytes-per-gpu -5GB"
                                       << "is negative";
        QTest::newRow("unknownUnit") << "fit --bytes-per-gpu 5parsecs"
                                     << "unknown unit";
        QTest::newRow("zeroBytes") << "fit --bytes-per-gpu 0"
                                   << "must be more than 0 bytes";
        QTest::newRow("zeroFraction") << "fit --fraction-of-free 0"
                                      << "must be more than 0";
        QTest::newRow("badDevice") << "devices --device x"
                                   << "is not a device number";
        QTest::newRow("negativeTimeout") << "devices --timeout -1"
                                         << "not a positive number";
        QTest::newRow("missingValue") << "devices -o"
                                      << "option '-o' needs a value";
        QTest::newRow("tinyChunk") << "fit --bytes-per-gpu 1GB --chunk-bytes 10"
                                   << "at least 4096 bytes";
        QTest::newRow("extraArgument") << "devices extra"
                                       << "unexpected argument 'extra'";
        QTest::newRow("jsonWithValue") << "devices --json=yes"
                                       << "takes no value";
        QTest::newRow("missingScenario") << "all --scenario /nonexistent/scenario.json"
                                         << "/nonexistent/scenario.json";
        // Checked before any GPU work, not after it.
        QTest::newRow("outputFolderMissing") << "all -o /nonexistent-dir/report.json"
                                             << "/nonexistent-dir does not exist";
        QTest::newRow("outputIsAFolder") << "all -o /tmp"
                                         << "--output /tmp is a folder; give a file name";
        QTest::newRow("outputParentIsAFile") << "all -o /proc/version/report.json"
                                             << "/proc/version is not a folder";
    }
    void usageErrors() {
        QFETCH(QString, args);
        QFETCH(QString, words);
        const Run r = runProbe(split(args));
        QCOMPARE(r.exitCode, int(kExitUsage));
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        const QStringList lines =
            QString::fromUtf8(r.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.front().startsWith(QLatin1String("hostplan-probe: ")), r.err.constData());
        QVERIFY2(lines.front().contains(words), r.err.constData());
    }

    // The driver release from /proc/driver/nvidia/version, proprietary and open kernel module.
    void nvidiaModuleVersionFromBanner() {
        using hostplan::probe::nvidiaModuleVersion;
        QCOMPARE(nvidiaModuleVersion("NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  "
                                     "Tue Sep  2 17:38:48 UTC 2025"),
                 std::string("580.159.04"));
        QCOMPARE(nvidiaModuleVersion("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                                     "580.95.05  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue "
                                     "Sep 23 09:53:14 UTC 2025"),
                 std::string("580.95.05"));
        QCOMPARE(nvidiaModuleVersion("NVRM version: something else"), std::string());
        QCOMPARE(nvidiaModuleVersion("Kernel Module for x86_64"), std::string());
    }

    void help() {
        const Run r = runProbe({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("Usage: hostplan-probe COMMAND"));
        const Run v = runProbe({QStringLiteral("--version")});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith("hostplan-probe 0.1.0"));
    }

    // Without a GPU: exit code 3, valid JSON with an empty device list, a clear message.
    void noGpu_data() {
        QTest::addColumn<QString>("args");
        QTest::newRow("devices") << "devices --json";
        QTest::newRow("all") << "all --json";
        QTest::newRow("fit") << "fit --bytes-per-gpu 1GiB --json";
        QTest::newRow("bandwidth") << "bandwidth --json";
        QTest::newRow("allreduce") << "allreduce --json";
        QTest::newRow("kernels") << "kernels --json";
    }
    void noGpu() {
        QFETCH(QString, args);
        const Run r = runProbe(split(args));
        if (r.exitCode == 0) {
            QSKIP("this machine has a GPU that CUDA_VISIBLE_DEVICES does not hide (AMD?)");
        }
        QCOMPARE(r.exitCode, int(kExitNoGpu));
        const auto report = parseReport(r.out.toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().toString().c_str());
        QCOMPARE(toString(report.value().status), toString(ReportStatus::NoGpu));
        QVERIFY(report.value().devices.empty());
        QCOMPARE(report.value().schemaVersion, kReportSchemaVersion);
        QVERIFY(!report.value().host.empty());
        QVERIFY(!report.value().messages.empty());
        const QString first = QString::fromStdString(report.value().messages.front());
        QVERIFY2(first.contains(QLatin1String("looked for NVIDIA GPUs through the CUDA runtime")) ||
                     first.contains(QLatin1String("no CUDA support")),
                 qPrintable(first));
        // The same message on stderr, as one line.
        const QStringList lines = messageLines(r.err);
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines.front().contains(first));
    }

    void noGpuWritesOutputFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("report.json"));
        const Run r =
            runProbe({QStringLiteral("devices"), QStringLiteral("-q"), QStringLiteral("-o"), path});
        if (r.exitCode == 0) {
            QSKIP("this machine has a GPU");
        }
        QCOMPARE(r.exitCode, int(kExitNoGpu));
        // Without --json, stdout is the human summary.
        QVERIFY(r.out.contains("status: no_gpu"));
        const auto report = loadReportFile(path.toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().toString().c_str());
        QVERIFY(report.value().devices.empty());
    }

    void noGpuKeepsThePlan() {
        const Run r =
            runProbe({QStringLiteral("all"), QStringLiteral("--json"), QStringLiteral("--scenario"),
                      QStringLiteral(HOSTPLAN_RESOURCES_DIR "/default-scenario.json")});
        if (r.exitCode == 0) {
            QSKIP("this machine has a GPU");
        }
        QCOMPARE(r.exitCode, int(kExitNoGpu));
        const auto report = parseReport(r.out.toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().toString().c_str());
        QVERIFY(report.value().plan.has_value());
        const PlanInfo &plan = *report.value().plan;
        QCOMPARE(plan.source, std::string("scenario"));
        QVERIFY(plan.plannedBytesPerGpu > 0);
        QVERIFY(plan.gpuCount >= 1);
        QVERIFY(!plan.gpuName.empty());
        QVERIFY(plan.catalogueBandwidthBytesPerS > 0);
        QVERIFY(!plan.enoughGpus);
    }
};

QTEST_GUILESS_MAIN(tst_ProbeCli)
#include "tst_probecli.moc"
