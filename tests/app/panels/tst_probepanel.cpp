// SPDX-License-Identifier: MIT
// The Probe panel (offscreen): imported reports compared with the plan (green / red verdicts,
// headroom, bandwidth ratio), import errors shown plainly, and "Probe this machine" running the
// built probe (no GPU here: an empty table and the no-GPU status).
#include "panels/probepanel.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using hostplan::ui::ProbePanel;
namespace probe = hostplan::probe;

namespace {

probe::ProbeReport h200Report() {
    probe::ProbeReport r;
    r.host = "gpu-node";
    r.timeUtc = "2026-11-29T21:40:00Z";
    probe::DeviceInfo d;
    d.backend = "cuda";
    d.vendor = "NVIDIA";
    d.name = "NVIDIA H200";
    d.memoryTotalBytes = 150102720512ull;
    d.memoryFreeBytes = 149571878912ull;
    r.devices.push_back(d);
    probe::FitResult f;
    f.deviceName = d.name;
    f.requestedBytes = 100000000000ull;
    f.freeBytesBefore = d.memoryFreeBytes;
    f.fits = true;
    f.headroomBytes = std::int64_t(d.memoryFreeBytes - f.requestedBytes);
    r.fit = std::vector<probe::FitResult>{f};
    probe::BandwidthResult b;
    b.d2dBytesPerS = 4.32e12;
    r.bandwidth = std::vector<probe::BandwidthResult>{b};
    return r;
}

QString writeReport(const QTemporaryDir &dir, const std::string &json) {
    const QString path = dir.filePath(QStringLiteral("report.json"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        f.write(QByteArray::fromStdString(json));
    }
    return path;
}

} // namespace

class tst_ProbePanel : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { qputenv("CUDA_VISIBLE_DEVICES", ""); }

    void verdicts_data() {
        QTest::addColumn<quint64>("planned");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("verdictText");
        QTest::addColumn<QString>("headroomStart");
        QTest::newRow("h200/100GB/verified")
            << quint64(100000000000ull) << int(probe::Verdict::Fits) << "Fits (verified)"
            << "49.6 GB";
        QTest::newRow("h200/120GB/freeOnly")
            << quint64(120000000000ull) << int(probe::Verdict::Fits) << "Fits (free memory)"
            << "29.6 GB";
        QTest::newRow("kimiK3/250GB")
            << quint64(250000000000ull) << int(probe::Verdict::DoesNotFit) << "Does not fit"
            << "-100.4 GB";
    }
    void verdicts() {
        QFETCH(quint64, planned);
        QFETCH(int, verdict);
        QFETCH(QString, verdictText);
        QFETCH(QString, headroomStart);
        QTemporaryDir dir;
        ProbePanel panel;
        QSignalSpy changed(&panel, &ProbePanel::reportChanged);
        panel.setPlan(planned, 1, 4.8e12, QStringLiteral("NVIDIA H200"));
        QString error;
        QVERIFY2(
            panel.importReportFile(writeReport(dir, probe::reportToJson(h200Report())), &error),
            qPrintable(error));
        QCOMPARE(changed.size(), 1);
        QTableWidget *t = panel.table();
        QCOMPARE(t->rowCount(), 1);
        QTableWidgetItem *v = t->item(0, ProbePanel::ColVerdict);
        QCOMPARE(v->data(Qt::UserRole).toInt(), verdict);
        QCOMPARE(v->text(), verdictText);
        const QColor bg = v->background().color();
        if (verdict == int(probe::Verdict::Fits)) {
            QVERIFY(bg.green() > bg.red());
        } else {
            QVERIFY(bg.red() > bg.green());
        }
        QVERIFY2(t->item(0, ProbePanel::ColHeadroom)->text().startsWith(headroomStart),
                 qPrintable(t->item(0, ProbePanel::ColHeadroom)->text()));
        QCOMPARE(t->item(0, ProbePanel::ColMeasuredBandwidth)->text(), QStringLiteral("4.32 TB/s"));
        QCOMPARE(t->item(0, ProbePanel::ColCatalogueBandwidth)->text(),
                 QStringLiteral("4.80 TB/s"));
        QCOMPARE(t->item(0, ProbePanel::ColBandwidthRatio)->text(), QStringLiteral("90 %"));
        // The verdicts are for the current plan, and say so.
        QCOMPARE(t->horizontalHeaderItem(ProbePanel::ColVerdict)->text(),
                 QStringLiteral("Fit (current plan)"));
        QVERIFY2(panel.summaryText().startsWith(QLatin1String("Verdicts for the current plan: ")),
                 qPrintable(panel.summaryText()));
    }

    void reportPlanNamedWithoutCurrentPlan() {
        // No plan in the window: the verdicts are for the plan the report was run with.
        QTemporaryDir dir;
        ProbePanel panel;
        probe::ProbeReport r = h200Report();
        probe::PlanInfo plan;
        plan.plannedBytesPerGpu = 250000000000ull;
        plan.gpuCount = 1;
        plan.gpuName = "NVIDIA H200";
        plan.source = "bytes";
        r.plan = plan;
        r.status = probe::ReportStatus::DoesNotFit;
        QVERIFY(panel.importReportFile(writeReport(dir, probe::reportToJson(r))));
        QCOMPARE(panel.table()->horizontalHeaderItem(ProbePanel::ColVerdict)->text(),
                 QStringLiteral("Fit (report's plan)"));
        QVERIFY2(panel.summaryText().startsWith(
                     QLatin1String("No current plan: verdicts for the plan the report was run "
                                   "with: 250.0 GB (232.8 GiB) per GPU on 1 x NVIDIA H200.")),
                 qPrintable(panel.summaryText()));
        QVERIFY2(panel.statusText().endsWith(QLatin1String("(250.0 GB (232.8 GiB) per GPU): does "
                                                           "not fit.")),
                 qPrintable(panel.statusText()));
        QCOMPARE(panel.table()->item(0, ProbePanel::ColVerdict)->text(),
                 QStringLiteral("Does not fit"));
    }

    void importErrorShown() {
        QTemporaryDir dir;
        ProbePanel panel;
        QString error;
        QVERIFY(!panel.importReportFile(writeReport(dir, R"({"schema_version": 9})"), &error));
        QVERIFY2(error.contains(QLatin1String("schema_version")), qPrintable(error));
        QCOMPARE(panel.statusText(), error);
        QVERIFY(!panel.hasReport());
    }

    void probeThisMachineWithoutGpu() {
        ProbePanel panel;
        panel.setProbeProgram(QStringLiteral(HOSTPLAN_PROBE_BIN));
        panel.setPlan(80ull << 30, 1, 4.8e12, QStringLiteral("NVIDIA H200"));
        QSignalSpy changed(&panel, &ProbePanel::reportChanged);
        panel.probeThisMachine();
        QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), 60000);
        if (!panel.report().devices.empty()) {
            QSKIP("this machine has a GPU");
        }
        QCOMPARE(probe::toString(panel.report().status),
                 probe::toString(probe::ReportStatus::NoGpu));
        QCOMPARE(panel.table()->rowCount(), 0);
        // The status in words, and for which plan: the one the probe ran with.
        QVERIFY2(panel.statusText().contains(
                     QLatin1String("Probe result for the plan it was run with (85.9 GB (80.0 "
                                   "GiB) per GPU): no GPU found.")),
                 qPrintable(panel.statusText()));
        QVERIFY2(!panel.statusText().contains(QLatin1String("no_gpu")),
                 qPrintable(panel.statusText()));
        // The plan's bytes were passed on to the probe.
        QVERIFY(panel.report().plan.has_value());
        QCOMPARE(panel.report().plan->plannedBytesPerGpu, std::uint64_t(80) << 30);
    }
};

QTEST_MAIN(tst_ProbePanel)
#include "tst_probepanel.moc"
