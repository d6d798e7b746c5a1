// SPDX-License-Identifier: MIT
#include "sizing/gemmrate.h"

namespace hostplan {

bool gemmDequantizes(const NumberFormat &f, const GpuSpec &gpu) {
    switch (f.kind) {
    case FormatKind::MXFP4:
    case FormatKind::NVFP4:
    case FormatKind::FP4:
        return !gpu.nativeMxfp4 || gpu.fp4FlopsPerS <= 0;
    case FormatKind::FP8_E4M3:
    case FormatKind::FP8_E5M2:
        return gpu.fp8FlopsPerS <= 0;
    case FormatKind::INT4:
    case FormatKind::INT2:
        return true;
    case FormatKind::INT8:
        return f.groupSize > 0; // GPTQ / WNA16 groups: weight-only (W8A8 has channel scales)
    default:
        return false;
    }
}

double gemmPeakRate(const NumberFormat &f, const GpuSpec &gpu) {
    if (gemmDequantizes(f, gpu)) {
        return gpu.bf16FlopsPerS;
    }
    switch (f.kind) {
    case FormatKind::MXFP4:
    case FormatKind::NVFP4:
    case FormatKind::FP4:
    case FormatKind::FP8_E4M3:
    case FormatKind::FP8_E5M2:
        return gpu.fp8FlopsPerS > 0 ? gpu.fp8FlopsPerS : gpu.bf16FlopsPerS;
    default:
        return gpu.bf16FlopsPerS;
    }
}

} // namespace hostplan
