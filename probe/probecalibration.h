// Calibration of the throughput model (core/throughput.h) from a probe report: what the node
// really moves and computes replaces the default efficiency factors, and every throughput
// figure then carries the confidence "calibrated by a probe report".
#pragma once

#include "catalogue.h"
#include "probereport.h"
#include "throughput.h"

#include <optional>
#include <string>

namespace hostplan::probe {

/// The catalogue GPU a probed device is (its id or an alias appears in the device name, e.g.
/// "NVIDIA H200" -> h200); nullopt when none matches.
std::optional<GpuSpec> catalogueGpuFor(const std::string &deviceName, const Catalogue &catalogue);

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

} // namespace hostplan::probe
