// SPDX-License-Identifier: MIT
// Throughput calibration from probe reports, on the reports of a real H200 run
// (tests/data/h200-*.json, scripts/device-check.sh on 2026-11-29).
#include "catalogue/catalogue.h"
#include "plan/plan.h"
#include "probecalibration.h"
#include "testutil.h"

#include <QTest>

using namespace hostplan;

namespace {
probe::ProbeReport load(const char *name) {
    auto r = probe::loadReportFile(std::string(HOSTPLAN_TEST_DATA_DIR "/") + name);
    if (!r.ok()) {
        qFatal("%s: %s", name, r.error().toString().c_str());
    }
    return r.value();
}
} // namespace

class TestProbeCalibration : public QObject {
    Q_OBJECT
  private slots:
    void catalogueMatch_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("id");
        QTest::newRow("h200") << "NVIDIA H200"
                              << "h200";
        QTest::newRow("h100 sxm") << "NVIDIA H100 80GB HBM3"
                                  << "h100-sxm";
        QTest::newRow("mi300x") << "AMD Instinct MI300X"
                                << "mi300x";
        QTest::newRow("rtx 4090") << "NVIDIA GeForce RTX 4090"
                                  << "rtx-4090";
        QTest::newRow("unknown") << "NVIDIA Tesla K80"
                                 << "";
        // Cards the catalogue gained later, by the names nvidia-smi prints.
        QTest::newRow("t4") << "Tesla T4"
                            << "t4";
        QTest::newRow("a6000") << "NVIDIA RTX A6000"
                               << "rtx-a6000";
        QTest::newRow("a800") << "NVIDIA A800-SXM4-80GB"
                              << "a800-sxm";
        QTest::newRow("h20") << "NVIDIA H20"
                             << "h20";
        QTest::newRow("l40 is not l40s") << "NVIDIA L40"
                                         << "l40";
        // Names are matched on token boundaries: the A10's and L4's aliases ("nvidia a10",
        // "nvidia l4") are inside these names but end within a number.
        QTest::newRow("a100 sxm") << "NVIDIA A100-SXM4-80GB"
                                  << "a100-80gb";
        QTest::newRow("a100 pcie") << "NVIDIA A100 80GB PCIe"
                                   << "a100-80gb";
        QTest::newRow("l40s") << "NVIDIA L40S"
                              << "l40s";
        QTest::newRow("a10g") << "NVIDIA A10G"
                              << "a10";
        QTest::newRow("l4") << "NVIDIA L4"
                            << "l4";
    }
    void catalogueMatch() {
        QFETCH(QString, device);
        QFETCH(QString, id);
        const auto g = probe::catalogueGpuFor(device.toStdString(), Catalogue::builtin());
        QCOMPARE(g ? QString::fromStdString(g->id) : QString(), id);
    }

    // Kernel report: copy 4.230 TB/s; the best M = 1 GEMV on the largest shape is cuBLAS BF16
    // at 4,262 GB/s (above the copy rate: capped at 1.0); the best large-M GEMM is cuBLAS at
    // 845.8 TFLOP/s (M 8192, N 2048, K 7168) over the H200's 989 TFLOP/s dense BF16 peak.
    void fromKernelReport() {
        const auto cal =
            probe::calibrationFromReport(load("h200-kernels-report.json"), Catalogue::builtin());
        QVERIFY(cal.has_value());
        COMPARE_NEAR(cal->hbmBandwidthBytesPerS, 4.2300e12, 0, 1e-3);
        QCOMPARE(cal->decodeEfficiency, 1.0);
        COMPARE_NEAR(cal->prefillEfficiency, 845.8 / 989.0, 0, 1e-4);
        QVERIFY(QString::fromStdString(cal->source).contains("NVIDIA H200"));
    }

    // Probe-all report without kernels: the bandwidth only.
    void fromBandwidthReport() {
        const auto cal =
            probe::calibrationFromReport(load("h200-probe-report.json"), Catalogue::builtin());
        QVERIFY(cal.has_value());
        COMPARE_NEAR(cal->hbmBandwidthBytesPerS, 4230261293867.26, 0, 1e-9);
        QCOMPARE(cal->decodeEfficiency, 0.0);
        QCOMPARE(cal->prefillEfficiency, 0.0);
    }

    void nothingToCalibrate() {
        probe::ProbeReport empty;
        QVERIFY(!probe::calibrationFromReport(empty, Catalogue::builtin()).has_value());
    }

    // The real H200 reports are plausible; a copy 875x the data sheet, or a GEMM above the
    // dense BF16 peak, is not a measurement.
    void implausibleMeasurementsRefused() {
        QCOMPARE(
            probe::implausibleMeasurement(load("h200-probe-report.json"), Catalogue::builtin()),
            std::string());
        QCOMPARE(
            probe::implausibleMeasurement(load("h200-kernels-report.json"), Catalogue::builtin()),
            std::string());
        // A kernel section from an H200 beside a device list of B300s: two machines' reports.
        probe::ProbeReport mixed = load("h200-kernels-report.json");
        QVERIFY(mixed.kernels && !mixed.devices.empty());
        for (auto &d : mixed.devices) {
            d.name = "NVIDIA B300 SXM6 AC";
        }
        QCOMPARE(probe::implausibleMeasurement(mixed, Catalogue::builtin()),
                 "kernels.device_name '" + mixed.kernels->deviceName +
                     "' is none of the devices the report lists (devices[0].name 'NVIDIA B300 "
                     "SXM6 AC'): the sections come from different GPUs");
        probe::ProbeReport fast = load("h200-probe-report.json");
        QVERIFY(fast.bandwidth && !fast.bandwidth->empty());
        fast.bandwidth->front().d2dBytesPerS = 4.2e15;
        const std::string why = probe::implausibleMeasurement(fast, Catalogue::builtin());
        QVERIFY2(why.find("bandwidth[0].d2d_bytes_per_s") != std::string::npos &&
                     why.find("above the NVIDIA H200") != std::string::npos,
                 why.c_str());
        probe::ProbeReport gemm = load("h200-kernels-report.json");
        QVERIFY(gemm.kernels && !gemm.kernels->rows.empty());
        for (auto &r : gemm.kernels->rows) {
            if (r.kernel == "cublas_bf16" && r.m >= 4096) {
                r.tflops = 5000;
                break;
            }
        }
        QVERIFY(probe::implausibleMeasurement(gemm, Catalogue::builtin()).find("dense BF16 peak") !=
                std::string::npos);
        // A copy under 1% of the data sheet (1e-300 B/s was accepted, and the calibrated plan
        // then fitted yet served nothing); 0 is "not measured" and passes.
        probe::ProbeReport slow = load("h200-kernels-report.json");
        QVERIFY(slow.kernels && slow.kernels->ran);
        slow.kernels->copyBandwidthBytesPerS = 1e-300;
        const std::string slowWhy = probe::implausibleMeasurement(slow, Catalogue::builtin());
        QVERIFY2(slowWhy.find("kernels.copy_bandwidth_bytes_per_s") != std::string::npos &&
                     slowWhy.find("under 1% of the NVIDIA H200") != std::string::npos,
                 slowWhy.c_str());
        // 0 is "not measured" where no copy row ran; beside the copy row's 4,230 GB/s the
        // section contradicts itself (it calibrated prefill only, and said "calibrated").
        slow.kernels->copyBandwidthBytesPerS = 0;
        const std::string zeroWhy = probe::implausibleMeasurement(slow, Catalogue::builtin());
        QVERIFY2(zeroWhy.find("kernels.copy_bandwidth_bytes_per_s is 0.00 TB/s but its copy row "
                              "measured 4.23 TB/s") != std::string::npos,
                 zeroWhy.c_str());
        std::erase_if(slow.kernels->rows, [](const auto &r) { return r.kernel == "copy"; });
        QCOMPARE(probe::implausibleMeasurement(slow, Catalogue::builtin()), std::string());
        // Kernels that ran on no listed device: the device cross-check has nothing to check.
        probe::ProbeReport noDevices = load("h200-kernels-report.json");
        noDevices.devices.clear();
        QCOMPARE(probe::implausibleMeasurement(noDevices, Catalogue::builtin()),
                 std::string("the kernels ran but the report lists no devices: the devices "
                             "section is missing"));
        // The kernel rates that calibrate decode (the best M = 1 GEMV) and prefill (the best
        // large-M GEMM) have the same floor: 1e-300 scaled the plan to 0 tokens/s.
        for (const bool gemv : {true, false}) {
            probe::ProbeReport tiny = load("h200-kernels-report.json");
            for (auto &r : tiny.kernels->rows) {
                if (gemv && r.m == 1) {
                    r.gbPerS = 1e-300;
                }
                if (!gemv && r.m >= 4096) {
                    r.tflops = 1e-300;
                }
            }
            const std::string tinyWhy = probe::implausibleMeasurement(tiny, Catalogue::builtin());
            QVERIFY2(tinyWhy.find(gemv ? "best M = 1 GEMV rate of 0.00 TB/s is under 1% of the "
                                         "NVIDIA H200"
                                       : "best large-M GEMM rate of 1e-300 TFLOP/s is under 1% "
                                         "of the NVIDIA H200") != std::string::npos,
                     tinyWhy.c_str());
        }
    }

    // Bandwidth is judged against the probed GPU's own data sheet, not the plan's GPU: the
    // H200's 4.23 TB/s copy is 88% of its 4.8 TB/s even when the plan is for a B300.
    void bandwidthAgainstTheProbedGpu() {
        probe::PlanExpectation b300;
        b300.plannedBytesPerGpu = 100;
        b300.gpuCount = 8;
        b300.catalogueBandwidthBytesPerS = 8.0e12;
        b300.gpuName = "NVIDIA B300";
        const auto rows = probe::comparePlanWithCatalogue(load("h200-probe-report.json"), b300,
                                                          Catalogue::builtin());
        QVERIFY(!rows.empty());
        QCOMPARE(rows.front().catalogueBandwidthBytesPerS, 4.8e12);
        COMPARE_NEAR(rows.front().bandwidthRatio, 4230261293867.26 / 4.8e12, 0, 1e-9);
    }

    // Applied to an H200 plan, the figures become "calibrated" and follow the measurement.
    void appliedToPlan() {
        Scenario s = defaultScenario();
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 16;
        auto plan = evaluate(s);
        QVERIFY(plan.ok());
        QCOMPARE(plan->throughput.confidence, Confidence::Modelled);
        const auto cal =
            probe::calibrationFromReport(load("h200-kernels-report.json"), Catalogue::builtin());
        QVERIFY(cal.has_value());
        const double before = plan->throughput.effectiveBandwidthBytesPerS;
        applyCalibration(plan.value(), *cal);
        QCOMPARE(plan->throughput.confidence, Confidence::Calibrated);
        QVERIFY(plan->throughput.effectiveBandwidthBytesPerS != before);
        // The serving model's fitted streaming efficiency scaled by what the probe measured
        // against the reference fraction it was fitted at (calibratedEfficiency, issue 14):
        // the measured 4.23 TB/s copy rate moves the figure in proportion.
        const double gemv = cal->decodeEfficiency > 0 ? cal->decodeEfficiency : 0.92;
        const double ratio =
            cal->hbmBandwidthBytesPerS * gemv /
            (plan->gpu.hbmBandwidthBytesPerS * (0.89 * 0.92)); // kReferenceStreamingFraction
        COMPARE_NEAR(plan->throughput.effectiveBandwidthBytesPerS,
                     std::min(0.95 * plan->gpu.hbmBandwidthBytesPerS, before * ratio), 0, 1e-6);
        COMPARE_NEAR(cal->hbmBandwidthBytesPerS, 4.2300e12, 0, 1e-3);
    }
};

QTEST_GUILESS_MAIN(TestProbeCalibration)
#include "tst_probecalibration.moc"
