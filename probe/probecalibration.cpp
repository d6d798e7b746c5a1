// SPDX-License-Identifier: MIT
#include "probecalibration.h"
#include "util/textutil.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace hostplan::probe {

namespace {

/// Whether `key` occurs in `name` on token boundaries: the character before it (if any) is
/// not a digit where key starts with one nor a letter where it starts with one, and likewise
/// after it. So "nvidia a10" is not in "nvidia a100-sxm4-80gb" and "nvidia l4" not in
/// "nvidia l40s" (the same rule as Catalogue::findGpu's prefixes), while "a10" is in
/// "nvidia a10g" (a letter after a digit).
bool containsToken(const std::string &name, const std::string &key) {
    if (key.empty()) {
        return false;
    }
    const auto kind = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isdigit(u) ? 1 : std::isalpha(u) ? 2 : 0;
    };
    for (std::size_t at = name.find(key); at != std::string::npos; at = name.find(key, at + 1)) {
        const bool startOk =
            at == 0 || kind(name[at - 1]) == 0 || kind(name[at - 1]) != kind(key.front());
        const std::size_t end = at + key.size();
        const bool endOk =
            end == name.size() || kind(name[end]) == 0 || kind(name[end]) != kind(key.back());
        if (startOk && endOk) {
            return true;
        }
    }
    return false;
}

/// The decode rate calibrationFromReport uses: the best correct M = 1 GEMV (gemv or
/// cublas_bf16) on the largest shape measured, GB/s; 0 when none.
double decodeGbPerS(const KernelsSection &k) {
    std::int64_t largest = 0;
    for (const auto &r : k.rows) {
        if (r.correct && r.m == 1 && (r.kernel == "gemv" || r.kernel == "cublas_bf16")) {
            largest = std::max(largest, r.n * r.k);
        }
    }
    double best = 0;
    for (const auto &r : k.rows) {
        if (r.correct && r.m == 1 && r.n * r.k == largest &&
            (r.kernel == "gemv" || r.kernel == "cublas_bf16")) {
            best = std::max(best, r.gbPerS);
        }
    }
    return best;
}

/// The prefill rate: the best correct large-M (>= 4096) GEMM (gemm or cublas_bf16), TFLOP/s;
/// 0 when none.
double prefillTflops(const KernelsSection &k) {
    double best = 0;
    for (const auto &r : k.rows) {
        if (r.correct && r.m >= 4096 && (r.kernel == "gemm" || r.kernel == "cublas_bf16")) {
            best = std::max(best, r.tflops);
        }
    }
    return best;
}

} // namespace

std::optional<GpuSpec> catalogueGpuFor(const std::string &deviceName, const Catalogue &catalogue) {
    const std::string name = asciiLower(deviceName);
    // The longest matching key wins ("h100-sxm" over "h100", "mi355x" over "mi355").
    std::optional<GpuSpec> best;
    std::size_t bestLength = 0;
    for (const auto &g : catalogue.gpus()) {
        std::vector<std::string> keys = g.aliases;
        keys.push_back(g.id);
        for (const auto &k : keys) {
            const std::string key = asciiLower(k);
            if (key.size() > bestLength && containsToken(name, key)) {
                best = g;
                bestLength = key.size();
            }
        }
    }
    return best;
}

std::string probedDeviceName(const ProbeReport &report) {
    if (report.kernels && !report.kernels->deviceName.empty()) {
        return report.kernels->deviceName;
    }
    return report.devices.empty() ? std::string() : report.devices.front().name;
}

std::optional<Calibration> calibrationFromReport(const ProbeReport &report,
                                                 const Catalogue &catalogue) {
    Calibration cal;
    if (report.bandwidth) {
        for (const auto &b : *report.bandwidth) {
            if (b.status == StepStatus::Ok && b.d2dBytesPerS > 0) {
                cal.hbmBandwidthBytesPerS = b.d2dBytesPerS;
                break;
            }
        }
    }
    std::string device = report.devices.empty() ? std::string() : report.devices.front().name;
    if (report.kernels && report.kernels->ran) {
        const KernelsSection &k = *report.kernels;
        if (cal.hbmBandwidthBytesPerS <= 0) {
            cal.hbmBandwidthBytesPerS = k.copyBandwidthBytesPerS;
        }
        if (!k.deviceName.empty()) {
            device = k.deviceName;
        }
        const double bestGbPerS = decodeGbPerS(k);
        if (bestGbPerS > 0 && cal.hbmBandwidthBytesPerS > 0) {
            cal.decodeEfficiency = std::min(1.0, bestGbPerS * 1e9 / cal.hbmBandwidthBytesPerS);
        }
        const double bestTflops = prefillTflops(k);
        const auto gpu = catalogueGpuFor(device, catalogue);
        if (bestTflops > 0 && gpu && gpu->bf16FlopsPerS > 0) {
            cal.prefillEfficiency = std::min(1.0, bestTflops * 1e12 / gpu->bf16FlopsPerS);
        }
    }
    if (cal.hbmBandwidthBytesPerS <= 0 && cal.decodeEfficiency <= 0 && cal.prefillEfficiency <= 0) {
        return std::nullopt;
    }
    cal.source = "probe report" + (report.host.empty() ? std::string() : " from " + report.host) +
                 (report.timeUtc.empty() ? std::string() : ", " + report.timeUtc) +
                 (device.empty() ? std::string() : " (" + device + ")");
    return cal;
}

namespace {
/// Measured rates may exceed a data-sheet peak by this much (rounded vendor figures).
constexpr double kDataSheetSlack = 1.05;

std::string rateText(double bytesPerS) {
    char buf[64];
    // A hostile figure (1e300 B/s) in three significant digits, never cut off.
    const double tb = bytesPerS / 1e12;
    std::snprintf(buf, sizeof buf, std::abs(tb) < 1e6 ? "%.2f TB/s" : "%.3g TB/s", tb);
    return buf;
}
} // namespace

std::string implausibleMeasurement(const ProbeReport &report, const Catalogue &catalogue) {
    const std::string device = probedDeviceName(report);
    const auto gpu = catalogueGpuFor(device, catalogue);
    // The kernels ran on one of the devices the report lists: a kernel section from another
    // GPU type than every listed device is two machines' reports pasted together.
    if (gpu && report.kernels && !report.kernels->deviceName.empty() && !report.devices.empty() &&
        std::none_of(report.devices.begin(), report.devices.end(), [&](const auto &d) {
            const auto listed = catalogueGpuFor(d.name, catalogue);
            return !listed || listed->id == gpu->id;
        })) {
        return "kernels.device_name '" + report.kernels->deviceName +
               "' is none of the devices the report lists (devices[0].name '" +
               report.devices.front().name + "'): the sections come from different GPUs";
    }
    // Kernels ran on a device, so the report lists it: a report without its devices has lost
    // the cross-check above (and the GPU type the plan is calibrated for).
    if (report.kernels && report.kernels->ran && report.devices.empty()) {
        return "the kernels ran but the report lists no devices: the devices section is missing";
    }
    // The kernel section's copy bandwidth is its copy row's rate: 0 beside a measured copy row
    // leaves the GEMV rows' share of it without a denominator.
    if (report.kernels && report.kernels->ran && !(report.kernels->copyBandwidthBytesPerS > 0)) {
        for (const auto &r : report.kernels->rows) {
            if (r.correct && r.kernel == "copy" && r.gbPerS > 0) {
                return "kernels.copy_bandwidth_bytes_per_s is " +
                       rateText(report.kernels->copyBandwidthBytesPerS) +
                       " but its copy row measured " + rateText(r.gbPerS * 1e9) +
                       ": the kernel section is inconsistent";
            }
        }
    }
    if (!gpu) {
        return {};
    }
    const double bwLimit = gpu->hbmBandwidthBytesPerS * kDataSheetSlack;
    auto tooFast = [&](double bytesPerS, const std::string &what) -> std::string {
        if (gpu->hbmBandwidthBytesPerS > 0 && bytesPerS > bwLimit) {
            return what + " of " + rateText(bytesPerS) + " is above the " + gpu->name +
                   " data-sheet HBM bandwidth of " + rateText(gpu->hbmBandwidthBytesPerS) +
                   ": not a real measurement";
        }
        return {};
    };
    // A device-to-device copy under 1% of the data sheet is a broken or shared GPU, not one
    // to plan on: calibrating with it would leave a plan that fits and serves nothing.
    constexpr double kSlowestCopyFraction = 0.01;
    auto measuredCopy = [&](double bytesPerS, const std::string &what) -> std::string {
        if (gpu->hbmBandwidthBytesPerS > 0 && bytesPerS > 0 && // 0: not measured
            bytesPerS < gpu->hbmBandwidthBytesPerS * kSlowestCopyFraction) {
            return what + " of " + rateText(bytesPerS) + " is under 1% of the " + gpu->name +
                   " data-sheet HBM bandwidth of " + rateText(gpu->hbmBandwidthBytesPerS) +
                   ": not a real measurement";
        }
        return tooFast(bytesPerS, what);
    };
    if (report.bandwidth) {
        for (const auto &b : *report.bandwidth) {
            if (b.status == StepStatus::Ok) {
                if (auto why =
                        measuredCopy(b.d2dBytesPerS,
                                     "bandwidth[" + std::to_string(b.device) + "].d2d_bytes_per_s");
                    !why.empty()) {
                    return why;
                }
            }
        }
    }
    if (report.kernels && report.kernels->ran) {
        const KernelsSection &k = *report.kernels;
        if (auto why = measuredCopy(k.copyBandwidthBytesPerS, "kernels.copy_bandwidth_bytes_per_s");
            !why.empty()) {
            return why;
        }
        for (const auto &r : k.rows) {
            if (!r.correct) {
                continue;
            }
            if (r.m == 1) {
                if (auto why = tooFast(r.gbPerS * 1e9, "the " + r.kernel + " rate"); !why.empty()) {
                    return why;
                }
            }
            if (gpu->bf16FlopsPerS > 0 && r.tflops * 1e12 > gpu->bf16FlopsPerS * kDataSheetSlack &&
                (r.kernel == "cublas_bf16" || r.kernel.rfind("gemm", 0) == 0)) {
                char buf[160];
                std::snprintf(buf, sizeof buf,
                              "%.0f TFLOP/s is above the %s dense BF16 peak of %.0f", r.tflops,
                              gpu->name.c_str(), gpu->bf16FlopsPerS / 1e12);
                return "the " + r.kernel + " rate of " + buf + ": not a real measurement";
            }
        }
        // The rates that calibrate (a single slow small shape is plausible; the best one at
        // under 1 % of the data sheet is not, and would scale the plan to 0 tokens/s).
        if (auto why = measuredCopy(decodeGbPerS(k) * 1e9, "the best M = 1 GEMV rate");
            !why.empty()) {
            return why;
        }
        const double tflops = prefillTflops(k);
        if (gpu->bf16FlopsPerS > 0 && tflops > 0 &&
            tflops * 1e12 < gpu->bf16FlopsPerS * kSlowestCopyFraction) {
            char buf[200];
            std::snprintf(buf, sizeof buf,
                          "the best large-M GEMM rate of %.3g TFLOP/s is under 1%% of the %s "
                          "dense BF16 peak of %.0f: not a real measurement",
                          tflops, gpu->name.c_str(), gpu->bf16FlopsPerS / 1e12);
            return buf;
        }
    }
    return {};
}

std::vector<PlanCheckRow> comparePlanWithCatalogue(const ProbeReport &report,
                                                   const PlanExpectation &plan,
                                                   const Catalogue &catalogue) {
    std::vector<PlanCheckRow> rows = comparePlan(report, plan);
    for (PlanCheckRow &row : rows) {
        const auto gpu = catalogueGpuFor(row.name, catalogue);
        row.catalogueBandwidthBytesPerS = gpu ? gpu->hbmBandwidthBytesPerS : 0;
        row.bandwidthRatio =
            row.measuredBandwidthBytesPerS > 0 && row.catalogueBandwidthBytesPerS > 0
                ? row.measuredBandwidthBytesPerS / row.catalogueBandwidthBytesPerS
                : 0;
    }
    return rows;
}

} // namespace hostplan::probe
