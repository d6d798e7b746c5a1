// SPDX-License-Identifier: MIT
// Driver shared by the stand-alone experiments in kernels/dev/ (one program per variant, each
// with its own main): for every case it fills random inputs, runs the variant once on an output
// poisoned with NaN, checks it against the CPU reference of kernels/mxfp4.cpp
// (gemmReferenceF64) and times it with CUDA events (median, weights rotated beyond L2), next to
// the library's own kernel for the same shape. One line per case:
//   <program> <case> check PASS|FAIL <note> time_us <t> GB/s <g> (TFLOP/s <f>) lib_us <t>
// and a last line "<program>: N passed, N failed". Exit code 0 all checks passed, 1 a check
// failed or a CUDA error, 77 no CUDA device (or the variant cannot run on it).
#pragma once

#include "mxfp4.h"
#include "mxfp4_internal.h"

#include <cuda_runtime.h>

#include <functional>
#include <string>
#include <vector>

namespace hostplan::mxfp4::dev {

/// A GEMV variant: y = x W^T for `args` (plain: m rows; grouped: units), planned for maxRows
/// rows per unit over numUnits units. Returns "" or the launcher's error.
using GemvLaunch = std::function<std::string(const cuda::detail::GemvArgs &args, int maxRows,
                                             int numUnits, cudaStream_t stream)>;

/// A prefill GEMM variant over the re-packed layout (repackPrefill), as launchPrefillGemm.
using GemmLaunch = std::function<std::string(
    const std::uint16_t *x, int m, const std::uint8_t *packedData, const std::uint8_t *packedSf,
    int n, int k, int nPadded, int kPadded, std::uint16_t *y, cudaStream_t stream)>;

/// What a GEMV experiment runs: its rows per call (checked and timed), whether it serves
/// grouped (MoE) calls too.
struct GemvExperiment {
    const char *program = "";
    std::vector<int> rows;   ///< m values, 1..16
    bool grouped = true;     ///< also check and time launchMoeGemv-style calls
    int maxRowsPerUnit = 16; ///< grouped cases whose units exceed this are skipped
};

/// SMs of the current device (the plans' smCount).
int smCount();

/// The GemvLaunch of a variant whose parameter struct Params derives from GemvArgs, planned by
/// plan(maxRows, numUnits, n, k, smCount) -> GemvPlan and launched by
/// launch(Params, const GemvPlan &, maxRows, numUnits, stream) -> std::string.
template <class Params, class Plan, class Launch>
GemvLaunch plannedGemv(const char *variant, Plan plan, Launch launch) {
    return [=](const cuda::detail::GemvArgs &args, int maxRows, int numUnits,
               cudaStream_t stream) -> std::string {
        Params params{};
        static_cast<cuda::detail::GemvArgs &>(params) = args;
        const cuda::GemvPlan p = plan(maxRows, numUnits, args.n, args.k, smCount());
        if (!p.error.empty()) {
            return std::string(variant) + ": " + p.error;
        }
        return launch(params, p, maxRows, numUnits, stream);
    };
}

/// Runs the GEMV experiment (checks on awkward shapes, timing on the benchmark shapes of
/// mxfp4_bench.cpp) and returns the exit code.
int runGemvExperiment(const GemvExperiment &experiment, const GemvLaunch &launch);

/// Runs a prefill GEMM experiment (checks on shapes cut in every dimension, TFLOP/s on the
/// benchmark shapes beside launchPrefillGemm). `support` is empty when the variant can run on
/// this device, else why not (then nothing runs and the exit code is 77).
int runGemmExperiment(const char *program, const std::string &support, const GemmLaunch &launch);

/// Pass / fail counts of one program (several experiments may add to it).
struct Tally {
    int passed = 0;
    int failed = 0;
};

/// One diagnostic read kernel over packed weights [n][k/2] and scales [n][k/32]: writes `out`
/// (n words, zeroed before); `expected` computes, on the CPU, what out must hold afterwards.
using ReadLaunch =
    std::function<std::string(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                              std::uint32_t *out, cudaStream_t stream)>;
using ReadExpected = std::function<std::vector<std::uint32_t>(const Matrix &w)>;

/// Checks a read diagnostic bit-exactly against `expected` (random weights with awkward
/// shapes; with `folded`, the XOR of all of out against expected's single word) and times it
/// on the large GEMV shape (GB/s over weights + scales, beside the library's m = 1 GEMV).
/// Adds to `tally`; false when there is no CUDA device.
bool runReadExperiment(const char *program, const char *name, const ReadLaunch &launch,
                       const ReadExpected &expected, bool folded, Tally &tally);

/// Prints "<program>: N passed, N failed" and returns the exit code for those counts.
int finish(const char *program, const Tally &tally);

} // namespace hostplan::mxfp4::dev
