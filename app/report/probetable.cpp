// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "catalogue/catalogue.h"
#include "document/formatting.h"
#include "probecalibration.h"
#include "probereport.h"
#include "sizing/fit.h"

namespace hostplan::ui::reporttables {

ReportTable probeTable(const PlanResult &p, const probe::ProbeReport *report,
                       QStringList &summary) {
    ReportTable t;
    t.id = QStringLiteral("probe");
    t.title = Report::tr("Each probed GPU against the plan");
    t.headers = {Report::tr("GPU"),       Report::tr("Planned per GPU"),
                 Report::tr("Free"),      Report::tr("Headroom"),
                 Report::tr("Verdict"),   Report::tr("Measured bandwidth"),
                 Report::tr("Catalogue"), Report::tr("Ratio")};
    t.columnWeights = {2.2, 1.7, 1.7, 1.7, 1.3, 1.2, 1.1, 0.7};
    t.rightAligned = {false, true, true, true, false, true, true, true};
    t.csvHeaders = {QStringLiteral("device"),
                    QStringLiteral("name"),
                    QStringLiteral("planned_bytes"),
                    QStringLiteral("free_bytes"),
                    QStringLiteral("headroom_bytes"),
                    QStringLiteral("verdict"),
                    QStringLiteral("verified"),
                    QStringLiteral("measured_bandwidth_bytes_per_s"),
                    QStringLiteral("catalogue_bandwidth_bytes_per_s"),
                    QStringLiteral("bandwidth_ratio"),
                    QStringLiteral("reason")};
    if (!report) {
        summary << Report::tr(
            "No probe report is attached. Run hostplan-probe on the rented machine "
            "(hostplan-probe all --json --scenario FILE > probe.json) and attach the "
            "report: hostplan-cli report --probe-report probe.json, or import it in "
            "the Probe panel before exporting from the GUI.");
        return t;
    }
    summary << Report::tr("Probe report from host %1, %2 (%3 %4); status: %5; GPUs found: %6.")
                   .arg(qs(report->host), qs(report->timeUtc), qs(report->tool),
                        qs(report->toolVersion), probeStatusText(report->status))
                   .arg(report->devices.size());
    // A probe of another GPU type says nothing about the plan's speed or free memory.
    for (const auto &d : report->devices) {
        const auto probed = probe::catalogueGpuFor(d.name, Catalogue::builtin());
        if (!probed || probed->id != p.gpu.id) {
            summary << Report::tr("The probed machine has %1, the plan is for %2: the verdicts "
                                  "below test the plan's memory per GPU on the probed GPUs, and "
                                  "the plan's speed figures are not calibrated by this report.")
                           .arg(qs(d.name), qs(p.gpu.name));
            break;
        }
    }
    for (const auto &msg : report->messages) {
        summary << qs(msg);
    }
    probe::PlanExpectation expect;
    expect.plannedBytesPerGpu = p.memory.perGpu.total();
    expect.gpuCount = int(p.layout.gpuCount());
    expect.catalogueBandwidthBytesPerS = p.gpu.hbmBandwidthBytesPerS;
    expect.gpuName = p.gpu.name;
    if (int(report->devices.size()) < expect.gpuCount) {
        summary << Report::tr(
                       "The plan needs %1 and the probed machine has %2: the verdicts are per "
                       "GPU.")
                       .arg(gpusText(expect.gpuCount), gpusText(qint64(report->devices.size())));
    }
    // Bandwidth against each device's own data sheet, not the plan's GPU.
    for (const probe::PlanCheckRow &r :
         probe::comparePlanWithCatalogue(*report, expect, Catalogue::builtin())) {
        QString verdict;
        QString verdictId;
        switch (r.verdict) {
        case probe::Verdict::Fits:
            verdict = r.verified ? Report::tr("Fits (verified)") : Report::tr("Fits (free memory)");
            verdictId = QStringLiteral("fits");
            break;
        case probe::Verdict::DoesNotFit:
            verdict = Report::tr("Does not fit");
            verdictId = QStringLiteral("does_not_fit");
            break;
        case probe::Verdict::Unknown:
            verdict = QStringLiteral("-");
            verdictId = QStringLiteral("unknown");
            break;
        }
        addRow(t,
               {QStringLiteral("%1: %2").arg(r.device).arg(qs(r.name)),
                gbText(double(r.plannedBytes), 2), gbText(double(r.freeBytes), 2),
                (r.headroomBytes < 0 ? QStringLiteral("-") : QString()) +
                    gbText(double(r.headroomBytes < 0 ? -r.headroomBytes : r.headroomBytes), 2),
                verdict, bandwidthText(r.measuredBandwidthBytesPerS),
                bandwidthText(r.catalogueBandwidthBytesPerS),
                r.bandwidthRatio > 0
                    ? QStringLiteral("%1 %").arg(numberText(r.bandwidthRatio * 100, 0))
                    : QStringLiteral("-")},
               {QString::number(r.device), qs(r.name), csvInt(r.plannedBytes), csvInt(r.freeBytes),
                csvInt(r.headroomBytes), verdictId,
                r.verified ? QStringLiteral("1") : QStringLiteral("0"),
                csvNumber(r.measuredBandwidthBytesPerS), csvNumber(r.catalogueBandwidthBytesPerS),
                csvNumber(r.bandwidthRatio), qs(r.reason)});
        if (!r.reason.empty()) {
            t.note += (t.note.isEmpty() ? QString() : QStringLiteral(" ")) +
                      Report::tr("GPU %1: %2.").arg(r.device).arg(qs(r.reason));
        }
    }
    return t;
}

} // namespace hostplan::ui::reporttables
