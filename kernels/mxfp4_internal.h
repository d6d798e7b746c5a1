// SPDX-License-Identifier: MIT
// Internal pieces of the library's kernels that the experiments in kernels/dev/ build on: the
// arguments every GEMV kernel takes, the start of every GEMV plan, the plan of the tensor-core
// GEMV (v2, whose grid and warp roles the dev variant v5 and the v2-pattern read diagnostic
// reuse), and the argument checks of the prefill GEMM (the dev GEMMs read the same re-packed
// layout). Not part of the launcher API (mxfp4_cuda.h); no kernel selection here: the library's
// launchers always run their own fixed dispatch.
#pragma once

#include "mxfp4_cuda.h"

#include <cstdint>
#include <string>

namespace hostplan::mxfp4::cuda::detail {

/// What every GEMV kernel reads (device pointers). A variant's parameter struct derives from it
/// and adds its own split fields. Plain call: tokenOfRow and units null, m rows; grouped (MoE)
/// call: m = 0, one work unit per blockIdx (makeMoeWorkUnits).
struct GemvArgs {
    const std::uint16_t *x = nullptr;
    const int *tokenOfRow = nullptr;    ///< null: row r reads x[r]
    const MoeWorkUnit *units = nullptr; ///< null: one unit {0, 0, m}
    int m = 0;
    int maxRows = 0; ///< rows per unit the launch was planned for (at most 16)
    const std::uint8_t *e2m1 = nullptr;
    const std::uint8_t *sf = nullptr;
    long long expertStrideW = 0;  ///< bytes between experts' e2m1
    long long expertStrideSf = 0; ///< bytes between experts' sf
    int n = 0;
    int k = 0;
    std::uint16_t *y = nullptr;
};

/// Arguments of a plain GEMV: y[m][n] = x[m][k] * W[n][k]^T.
inline GemvArgs plainGemvArgs(const std::uint16_t *x, int m, const std::uint8_t *e2m1,
                              const std::uint8_t *sf, int n, int k, std::uint16_t *y) {
    GemvArgs a;
    a.x = x;
    a.m = m;
    a.e2m1 = e2m1;
    a.sf = sf;
    a.n = n;
    a.k = k;
    a.y = y;
    return a;
}

/// Arguments of a grouped (MoE) GEMV over experts stacked [E][n][k/2] and [E][n][k/32].
inline GemvArgs moeGemvArgs(const std::uint16_t *x, const int *tokenOfRow, const MoeWorkUnit *units,
                            const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                            std::uint16_t *y) {
    GemvArgs a = plainGemvArgs(x, 0, e2m1, sf, n, k, y);
    a.tokenOfRow = tokenOfRow;
    a.units = units;
    a.expertStrideW = (long long)n * (k / 2);
    a.expertStrideSf = (long long)n * (k / kBlockSize);
    return a;
}

/// 32-element blocks per 512-wide K chunk: GemvPlan::numChunks counts chunks of this size for
/// every variant (v1 stages x by chunks; the others only report them).
inline constexpr int kGemvChunkBlocks = 16;

/// The part every GEMV plan shares: the shape checks (checkShape(), 1..16 rows per unit) into
/// plan.error, numChunks, and no split (splitK 1, all chunks in one slice, no workspace).
GemvPlan startGemvPlan(int maxRows, int n, int k);

/// The tensor-core GEMV's plan (v2, the library's path for one row and for grouped calls of
/// <= 8 rows per unit): 16-row tiles per block chosen to fill `smCount` SMs, K split only
/// inside a block, 33 KiB of tables in smemBytes, never a workspace.
GemvPlan planGemvTensorCore(int maxRows, int numUnits, int n, int k, int smCount);

/// The argument checks of launchPrefillGemm (mxfp4_gemm.cu): non-null pointers, checkShape(),
/// m >= 1, nPadded / kPadded as repackPrefill() makes them, x and the packed data and scales
/// 16-byte aligned. Empty when the call may go ahead, else a message prefixed with `what`.
std::string checkPrefillArgs(const char *what, const std::uint16_t *x, int m,
                             const std::uint8_t *packedData, const std::uint8_t *packedSf, int n,
                             int k, int nPadded, int kPadded, const std::uint16_t *y);

} // namespace hostplan::mxfp4::cuda::detail
