// SPDX-License-Identifier: MIT
// Probe report: JSON round trip, validation of malformed reports (each error names its field),
// and the plan comparison the GUI shows.
#include "probereport.h"
#include "testutil.h"

#include <QTest>

#include <cmath>

using namespace hostplan::probe;

namespace {

ProbeReport sampleReport() {
    ProbeReport r;
    r.host = "node-17";
    r.timeUtc = "2026-11-29T21:40:00Z";
    r.command = "all --scenario s.json";
    r.status = ReportStatus::Ok;
    r.messages = {"one GPU: all-reduce needs at least two"};
    r.build.cuda = true;
    r.build.cudaRuntimeVersion = "13.0";
    r.build.nccl = true;
    DeviceInfo d;
    d.index = 0;
    d.backend = "cuda";
    d.vendor = "NVIDIA";
    d.name = "NVIDIA H200";
    d.computeCapability = "9.0";
    d.smCount = 132;
    d.memoryTotalBytes = 150102720512ull;
    d.memoryFreeBytes = 149571878912ull;
    d.smClockKhz = 1980000;
    d.memoryClockKhz = 3201000;
    d.memoryBusWidthBits = 6144;
    d.l2Bytes = 62914560;
    d.theoreticalBandwidthBytesPerS = 4.917e12;
    d.pciBusId = "0000:18:00.0";
    d.driverVersion = "13.0";
    d.kernelModuleVersion = "580.159.04";
    d.runtimeVersion = "13.0";
    r.devices.push_back(d);
    PlanInfo p;
    p.source = "scenario";
    p.scenarioFile = "s.json";
    p.scenarioName = "Llama on one H200";
    p.gpuId = "h200";
    p.gpuName = "NVIDIA H200 SXM 141GB";
    p.gpuCount = 1;
    p.plannedBytesPerGpu = 100000000000ull;
    p.catalogueMemoryBytes = 150102720512ull;
    p.catalogueBandwidthBytesPerS = 4.8e12;
    p.localGpuCount = 1;
    p.enoughGpus = true;
    r.plan = p;
    FitResult f;
    f.device = 0;
    f.deviceName = d.name;
    f.status = StepStatus::Ok;
    f.requestedBytes = p.plannedBytesPerGpu;
    f.freeBytesBefore = d.memoryFreeBytes;
    f.totalBytes = d.memoryTotalBytes;
    f.freeBytesAfter = d.memoryFreeBytes;
    f.headroomBytes = std::int64_t(d.memoryFreeBytes - p.plannedBytesPerGpu);
    f.fits = true;
    f.chunkBytes = 1ull << 30;
    f.chunks = 94;
    f.allocatedBytes = p.plannedBytesPerGpu;
    f.writeSeconds = 0.0235;
    f.verifySeconds = 0.0251;
    f.writeBytesPerS = 4.26e12;
    f.verifyBytesPerS = 3.98e12;
    r.fit = std::vector<FitResult>{f};
    BandwidthResult b;
    b.device = 0;
    b.bufferBytes = 2ull << 30;
    b.runs = 25;
    b.d2dBytesPerS = 4.27e12;
    b.h2dBytesPerS = 55e9;
    b.d2hBytesPerS = 54e9;
    b.hostBufferBytes = 256ull << 20;
    b.hostPinned = true;
    r.bandwidth = std::vector<BandwidthResult>{b};
    AllReduceResult a;
    a.status = AllReduceStatus::Skipped;
    a.note = "one GPU: all-reduce needs at least two";
    a.gpuCount = 1;
    r.allreduce = a;
    KernelsSection k;
    k.ran = true;
    k.deviceName = d.name;
    k.copyBandwidthBytesPerS = 4.27e12;
    KernelRow row;
    row.kernel = "mxfp4_gemv";
    row.shape = "N=28672 K=8192";
    row.m = 1;
    row.n = 28672;
    row.k = 8192;
    row.timeUs = 35.5;
    row.gbPerS = 3500;
    row.pctOfCopyBandwidth = 82;
    row.tflops = 13.2;
    row.maxRelError = 1e-6;
    row.correct = true;
    k.rows.push_back(row);
    r.kernels = k;
    return r;
}

const char *const kMinimal = R"({"schema_version": 1, "host": "h", "time_utc": "t",
                                  "status": "no_gpu", "devices": []})";

} // namespace

class tst_ProbeReport : public QObject {
    Q_OBJECT
  private slots:
    void roundTrip() {
        const ProbeReport r = sampleReport();
        const std::string json = reportToJson(r);
        QVERIFY(json.rfind("{\n  \"schema_version\": 1,", 0) == 0);
        const auto parsed = parseReport(json);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const ProbeReport &p = parsed.value();
        QCOMPARE(p.host, r.host);
        QCOMPARE(toString(p.status), toString(ReportStatus::Ok));
        QCOMPARE(p.devices.size(), std::size_t(1));
        QCOMPARE(p.devices[0].memoryFreeBytes, r.devices[0].memoryFreeBytes);
        QCOMPARE(p.devices[0].pciBusId, r.devices[0].pciBusId);
        QVERIFY(p.plan.has_value());
        QCOMPARE(p.plan->plannedBytesPerGpu, r.plan->plannedBytesPerGpu);
        QVERIFY(p.fit.has_value());
        QCOMPARE(p.fit->at(0).headroomBytes, r.fit->at(0).headroomBytes);
        QCOMPARE(p.fit->at(0).chunks, std::uint64_t(94));
        COMPARE_NEAR(p.fit->at(0).writeBytesPerS, 4.26e12, 0, 1e-15);
        COMPARE_NEAR(p.bandwidth->at(0).d2dBytesPerS, 4.27e12, 0, 1e-15);
        QCOMPARE(toString(p.allreduce->status), toString(AllReduceStatus::Skipped));
        QCOMPARE(p.kernels->rows.size(), std::size_t(1));
        QCOMPARE(p.kernels->rows[0].n, std::int64_t(28672));
        // Serializing the parsed report gives the same text.
        QCOMPARE(reportToJson(p), json);
    }

    void minimalReport() {
        const auto parsed = parseReport(kMinimal);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(toString(parsed.value().status), toString(ReportStatus::NoGpu));
        QVERIFY(parsed.value().devices.empty());
        QVERIFY(!parsed.value().fit.has_value());
    }

    /// A kernel module "version" that is no release (an earlier probe wrote "for" from the
    /// open module's banner) loads as unknown; a release loads as written.
    void moduleVersionThatIsNoReleaseIsUnknown() {
        const auto old = loadReportFile(HOSTPLAN_TEST_DATA_DIR "/h200-probe-report.json");
        QVERIFY2(old.ok(), old.ok() ? "" : old.error().toString().c_str());
        QVERIFY(!old->devices.empty());
        QCOMPARE(old->devices.front().kernelModuleVersion, std::string());
        QCOMPARE(old->devices.front().driverVersion, std::string("13.0"));
        const auto fresh = parseReport(reportToJson(sampleReport()));
        QVERIFY(fresh.ok());
        QCOMPARE(fresh->devices.front().kernelModuleVersion, std::string("580.159.04"));
    }

    void nonFiniteNeverWritten() {
        ProbeReport r = sampleReport();
        r.fit->at(0).writeBytesPerS = std::nan("");
        r.bandwidth->at(0).d2dBytesPerS = INFINITY;
        const auto parsed = parseReport(reportToJson(r));
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.value().fit->at(0).writeBytesPerS, 0.0);
        QCOMPARE(parsed.value().bandwidth->at(0).d2dBytesPerS, 0.0);
    }

    void unknownKeysIgnored() {
        const auto parsed = parseReport(R"({"schema_version": 1, "host": "h", "time_utc": "t",
            "status": "ok", "devices": [], "future_section": {"x": 1}})");
        QVERIFY(parsed.ok());
    }

    // Each malformed report is refused with an error that names the field.
    void rejects_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("words");
        const QString dev = QStringLiteral(
            R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":[%1]})");
        const QString okDevice = QStringLiteral(
            R"({"index":0,"backend":"cuda","name":"G","memory_total_bytes":100,"memory_free_bytes":%1})");
        QTest::newRow("notJson") << "{not json"
                                 << ""
                                 << "not a JSON probe report";
        QTest::newRow("empty") << ""
                               << ""
                               << "not a JSON probe report";
        QTest::newRow("duplicateKey")
            << dev.arg(okDevice.arg(50) + "," +
                       okDevice.arg(60).replace("\"name\":\"G\"", "\"name\":\"G\",\"name\":\"H\""))
            << "devices[1].name"
            << "appears twice";
        QTest::newRow("array") << "[]"
                               << "(document)"
                               << "must be an object";
        QTest::newRow("missingVersion")
            << R"({"host":"h","time_utc":"t","status":"ok","devices":[]})"
            << "schema_version"
            << "is missing";
        QTest::newRow("versionString")
            << R"({"schema_version":"1","host":"h","time_utc":"t","status":"ok","devices":[]})"
            << "schema_version"
            << "must be an integer";
        QTest::newRow("versionNewer")
            << R"({"schema_version":2,"host":"h","time_utc":"t","status":"ok","devices":[]})"
            << "schema_version"
            << "newer than this HostPlan reads";
        QTest::newRow("versionZero")
            << R"({"schema_version":0,"host":"h","time_utc":"t","status":"ok","devices":[]})"
            << "schema_version"
            << "must be 1 or more";
        QTest::newRow("missingHost")
            << R"({"schema_version":1,"time_utc":"t","status":"ok","devices":[]})"
            << "host"
            << "is missing";
        QTest::newRow("missingDevices")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok"})"
            << "devices"
            << "is missing";
        QTest::newRow("devicesNotArray")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":{}})"
            << "devices"
            << "must be an array";
        QTest::newRow("unknownStatus")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"great","devices":[]})"
            << "status"
            << "must be one of";
        QTest::newRow("negativeFree") << dev.arg(okDevice.arg(-1)) << "devices[0].memory_free_bytes"
                                      << "must be a non-negative integer";
        QTest::newRow("fractionalBytes")
            << dev.arg(okDevice.arg(1.5)) << "devices[0].memory_free_bytes"
            << "must be a non-negative integer";
        QTest::newRow("stringBytes")
            << dev.arg(okDevice.arg(QStringLiteral("\"5\""))) << "devices[0].memory_free_bytes"
            << "must be a non-negative integer";
        QTest::newRow("freeAboveTotal")
            << dev.arg(okDevice.arg(101)) << "devices[0].memory_free_bytes"
            << "larger than memory_total_bytes";
        QTest::newRow("nullRequired")
            << dev.arg(okDevice.arg(QStringLiteral("null"))) << "devices[0].memory_free_bytes"
            << "is missing";
        QTest::newRow("badBackend")
            << dev.arg(
                   R"({"index":0,"backend":"opencl","name":"G","memory_total_bytes":1,"memory_free_bytes":1})")
            << "devices[0].backend"
            << "must be";
        QTest::newRow("noGpuWithDevices")
            << QStringLiteral(
                   R"({"schema_version":1,"host":"h","time_utc":"t","status":"no_gpu","devices":[%1]})")
                   .arg(okDevice.arg(50))
            << "status"
            << "is no_gpu but devices lists";
        const QString fit = QStringLiteral(
            R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":[],"fit":[%1]})");
        QTest::newRow("negativeRate")
            << fit.arg(R"({"device":0,"status":"ok","requested_bytes":1,"write_bytes_per_s":-3})")
            << "fit[0].write_bytes_per_s"
            << "finite non-negative";
        QTest::newRow("rateString")
            << fit.arg(R"({"device":0,"status":"ok","requested_bytes":1,"verify_s":"fast"})")
            << "fit[0].verify_s"
            << "must be a number";
        QTest::newRow("hugeRate")
            << fit.arg(R"({"device":0,"status":"ok","requested_bytes":1,"write_s":1e400})")
            << "fit[0].write_s"
            << "number out of range";
        QTest::newRow("fitsButMismatches")
            << fit.arg(
                   R"({"device":0,"status":"ok","requested_bytes":1,"fits":true,"mismatches":3})")
            << "fit[0].fits"
            << "is true but";
        QTest::newRow("fitStatusUnknown")
            << fit.arg(R"({"device":0,"status":"maybe","requested_bytes":1})") << "fit[0].status"
            << "must be one of";
        QTest::newRow("fitMissingRequested")
            << fit.arg(R"({"device":0,"status":"ok"})") << "fit[0].requested_bytes"
            << "is missing";
        QTest::newRow("headroomNotInteger")
            << fit.arg(R"({"device":0,"status":"ok","requested_bytes":1,"headroom_bytes":0.5})")
            << "fit[0].headroom_bytes"
            << "must be an integer";
        QTest::newRow("messagesNotStrings")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":[],"messages":[1]})"
            << "messages[0]"
            << "must be a string";
        QTest::newRow("allreduceBadStatus")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":[],"allreduce":{"status":"x"}})"
            << "allreduce.status"
            << "must be one of";
        QTest::newRow("kernelRowNoName")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":[],"kernels":{"rows":[{}]}})"
            << "kernels.rows[0].kernel"
            << "is missing";
        QTest::newRow("planBadSource")
            << R"({"schema_version":1,"host":"h","time_utc":"t","status":"ok","devices":[],"plan":{"source":"guess"}})"
            << "plan.source"
            << "must be";
    }
    void rejects() {
        QFETCH(QString, json);
        QFETCH(QString, field);
        QFETCH(QString, words);
        const auto parsed = parseReport(json.toStdString());
        QVERIFY2(!parsed.ok(), "a malformed report was accepted");
        QCOMPARE(QString::fromStdString(parsed.error().field), field);
        QVERIFY2(QString::fromStdString(parsed.error().message).contains(words),
                 parsed.error().toString().c_str());
    }

    void loadReportFileErrorsNamePath() {
        const auto r = loadReportFile("/nonexistent/report.json");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().field, std::string("/nonexistent/report.json"));
    }

    // comparePlan: the verdict from a fit test of the planned size, else from free memory.
    void comparePlan_data() {
        QTest::addColumn<quint64>("planned");
        QTest::addColumn<bool>("withFitTest");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<bool>("verified");
        QTest::addColumn<qint64>("headroom");
        const qint64 freeB = 149571878912ll;
        QTest::newRow("h200/100GB/verified")
            << quint64(100000000000ull) << true << int(Verdict::Fits) << true
            << qint64(freeB - 100000000000ll);
        QTest::newRow("h200/100GB/freeOnly")
            << quint64(100000000000ull) << false << int(Verdict::Fits) << false
            << qint64(freeB - 100000000000ll);
        QTest::newRow("h200/200GB/tooBig")
            << quint64(200000000000ull) << false << int(Verdict::DoesNotFit) << false
            << qint64(freeB - 200000000000ll);
        QTest::newRow("exactlyFree")
            << quint64(freeB) << false << int(Verdict::Fits) << false << qint64(0);
        QTest::newRow("noPlan") << quint64(0) << false << int(Verdict::Unknown) << false
                                << qint64(freeB);
    }
    void comparePlan() {
        QFETCH(quint64, planned);
        QFETCH(bool, withFitTest);
        QFETCH(int, verdict);
        QFETCH(bool, verified);
        QFETCH(qint64, headroom);
        ProbeReport r = sampleReport();
        if (!withFitTest) {
            r.fit.reset();
        }
        PlanExpectation plan;
        plan.plannedBytesPerGpu = planned;
        plan.gpuCount = 1;
        plan.catalogueBandwidthBytesPerS = 4.8e12;
        const auto rows = hostplan::probe::comparePlan(r, plan);
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(int(rows[0].verdict), verdict);
        QCOMPARE(rows[0].verified, verified);
        QCOMPARE(qint64(rows[0].headroomBytes), headroom);
        COMPARE_NEAR(rows[0].measuredBandwidthBytesPerS, 4.27e12, 0, 1e-15);
        COMPARE_NEAR(rows[0].bandwidthRatio, 4.27 / 4.8, 1e-12, 0);
    }

    void comparePlanFailedFitTest() {
        ProbeReport r = sampleReport();
        FitResult &f = r.fit->at(0);
        f.status = StepStatus::AllocationFailed;
        f.fits = false;
        f.message = "cudaMalloc of chunk 90/94 failed";
        PlanExpectation plan;
        plan.plannedBytesPerGpu = f.requestedBytes;
        const auto rows = hostplan::probe::comparePlan(r, plan);
        QCOMPARE(rows[0].verdict, Verdict::DoesNotFit);
        QVERIFY(!rows[0].verified);
        QCOMPARE(rows[0].reason, f.message);
    }
};

QTEST_GUILESS_MAIN(tst_ProbeReport)
#include "tst_probereport.moc"
