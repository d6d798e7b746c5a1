// SPDX-License-Identifier: MIT
// Calibration of the throughput model (core/sizing/throughput.h) from a probe report: what the node
// really moves and computes replaces the default efficiency factors, and every throughput
// figure then carries the confidence "calibrated by a probe report".
#pragma once

#include "catalogue/catalogue.h"
#include "probereport.h"
#include "sizing/throughput.h"

#include <optional>
#include <string>
#include <vector>

namespace hostplan::probe {

/// The catalogue GPU a probed device is (its id or an alias appears in the device name, e.g.
/// "NVIDIA H200" -> h200); nullopt when none matches.
std::optional<GpuSpec> catalogueGpuFor(const std::string &deviceName, const Catalogue &catalogue);

/// The probed GPU's name: the kernel section's device when it names one, else the first listed
/// device; "" when the report names none.
std::string probedDeviceName(const ProbeReport &report);

/// Calibration from a report, from the first device with measurements:
/// - hbmBandwidthBytesPerS: the median device-copy bandwidth of the bandwidth section (else the
///   kernel section's copy figure);
/// - decodeEfficiency: the best GEMV at M = 1 on the largest measured shape, as a fraction of
///   that copy bandwidth: HostPlan's MXFP4 GEMV or the cuBLAS BF16 GEMV, whichever is faster
///   (a serving engine uses its own tuned kernels; the better of the two is the closer proxy);
/// - prefillEfficiency: the best GEMM rate at M >= 4096 (HostPlan's MXFP4 or cuBLAS BF16) over
///   the catalogue's dense BF16 peak of the probed GPU (0 = unknown GPU: default kept).
/// Returns nullopt when the report holds no bandwidth or kernel measurement.
std::optional<Calibration> calibrationFromReport(const ProbeReport &report,
                                                 const Catalogue &catalogue);

/// Why the report's measurements cannot be real, or "" when they are plausible: a device-copy
/// bandwidth under 1% of the probed GPU's data-sheet HBM bandwidth (a broken or shared GPU),
/// a device-copy bandwidth or a GEMV rate above 1.05x that bandwidth (a copy
/// cannot beat the memory's peak; the 5% allows for rounded data-sheet figures), or a GEMM
/// rate above 1.05x its dense BF16 peak (resources/gpus.json). Only checked when the device
/// matches a catalogue GPU. On any device: a kernel section with no devices listed, or with a
/// copy bandwidth of 0 beside a measured copy row (the sections disagree).
/// calibrationFromReport() does not check: call this first.
std::string implausibleMeasurement(const ProbeReport &report, const Catalogue &catalogue);

/// comparePlan() with each device's measured bandwidth set against its OWN catalogue GPU type
/// (matched by name), not the plan's: an H200's 4.2 TB/s is 88% of the H200's 4.8 TB/s even
/// when the plan is for a B300. Devices that match no catalogue GPU get no ratio.
std::vector<PlanCheckRow> comparePlanWithCatalogue(const ProbeReport &report,
                                                   const PlanExpectation &plan,
                                                   const Catalogue &catalogue);

} // namespace hostplan::probe
