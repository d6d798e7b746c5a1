// SPDX-License-Identifier: MIT
// The GEMM rate the serving model charges a weight group: which formats a GPU multiplies on its
// tensor cores and which it dequantizes first (sizing/servingmodel.h).
#pragma once

#include "model/hardware.h"
#include "model/numberformat.h"

namespace hostplan {

/// Whether `gpu` dequantizes weights of format `f` in the GEMM (a weight-only path, no tensor
/// core for the format): FP4 formats without native FP4 (GpuSpec::nativeMxfp4, fp4FlopsPerS),
/// FP8 without FP8 tensor cores, INT4 / INT2 always, INT8 with groups (GPTQ / WNA16; W8A8 has
/// channel scales and runs natively).
bool gemmDequantizes(const NumberFormat &f, const GpuSpec &gpu);

/// Peak matmul rate for weights of format `f` on `gpu`, FLOP/s: FP8 weights and native FP4
/// (whose kernels take MXFP8 activations) at the FP8 rate (the BF16 rate without one), all
/// other and dequantized formats at the BF16 rate.
double gemmPeakRate(const NumberFormat &f, const GpuSpec &gpu);

} // namespace hostplan
