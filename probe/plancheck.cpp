// SPDX-License-Identifier: MIT
// comparePlan: a report's devices against a plan's per-GPU bytes and bandwidth (the verdicts the
// GUI's probe panel shows). Declared with the report types in probereport.h.
#include "probereport.h"

#include <cstdint>
#include <limits>

namespace hostplan::probe {

std::vector<PlanCheckRow> comparePlan(const ProbeReport &report, const PlanExpectation &plan) {
    std::vector<PlanCheckRow> rows;
    for (const DeviceInfo &d : report.devices) {
        PlanCheckRow row;
        row.device = d.index;
        row.backend = d.backend;
        row.name = d.name;
        row.plannedBytes = plan.plannedBytesPerGpu;
        row.freeBytes = d.memoryFreeBytes;
        row.catalogueBandwidthBytesPerS = plan.catalogueBandwidthBytesPerS;

        // A fit test of exactly the planned size on this device decides the verdict.
        const FitResult *test = nullptr;
        if (report.fit && d.backend == "cuda") {
            for (const FitResult &f : *report.fit) {
                if (f.device == d.index && f.requestedBytes == plan.plannedBytesPerGpu) {
                    test = &f;
                }
            }
        }
        if (test && test->freeBytesBefore > 0) {
            row.freeBytes = test->freeBytesBefore;
        }
        const auto signedFree = static_cast<long double>(row.freeBytes);
        const auto signedPlanned = static_cast<long double>(row.plannedBytes);
        const long double diff = signedFree - signedPlanned;
        const auto lim = static_cast<long double>(std::numeric_limits<std::int64_t>::max());
        row.headroomBytes =
            static_cast<std::int64_t>(diff > lim ? lim : (diff < -lim ? -lim : diff));

        if (plan.plannedBytesPerGpu == 0) {
            row.verdict = Verdict::Unknown;
            row.reason = "no plan";
        } else if (test) {
            row.verified = test->fits;
            if (test->fits) {
                row.verdict = Verdict::Fits;
                row.reason = "allocated, written and verified";
            } else if (test->status == StepStatus::DoesNotFit ||
                       test->status == StepStatus::AllocationFailed || test->mismatches > 0) {
                row.verdict = Verdict::DoesNotFit;
                row.reason = test->message.empty() ? toString(test->status) : test->message;
            } else {
                row.verdict = row.headroomBytes >= 0 ? Verdict::Fits : Verdict::DoesNotFit;
                row.reason = "fit test " + toString(test->status) +
                             (test->message.empty() ? "" : ": " + test->message) +
                             "; verdict from free memory only";
            }
        } else {
            row.verdict = row.headroomBytes >= 0 ? Verdict::Fits : Verdict::DoesNotFit;
            row.reason = "free memory only (no fit test of this size)";
        }

        if (report.bandwidth && d.backend == "cuda") {
            for (const BandwidthResult &b : *report.bandwidth) {
                if (b.device == d.index && b.status == StepStatus::Ok) {
                    row.measuredBandwidthBytesPerS = b.d2dBytesPerS;
                }
            }
        }
        if (row.measuredBandwidthBytesPerS > 0 && row.catalogueBandwidthBytesPerS > 0) {
            row.bandwidthRatio = row.measuredBandwidthBytesPerS / row.catalogueBandwidthBytesPerS;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace hostplan::probe
