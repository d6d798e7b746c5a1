// SPDX-License-Identifier: MIT
// Host launchers of the CUDA MXFP4 kernels (built only when CUDA is found). Buffers are device
// pointers; bf16 tensors are passed as their 16-bit patterns (std::uint16_t) so that callers
// need no cuda_bf16.h. Every launcher checks its shape preconditions, computes its grid with a
// ceil-div, checks cudaGetLastError() and returns an empty string on success or a message with
// file:line otherwise; the stream comes last.
#pragma once

#include "mxfp4.h"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace hostplan::mxfp4::cuda {

/// Dequantize (mxfp4_dequant.cu): out[n][k] bf16 = W[n][k], bit-identical to dequantizeBf16().
/// e2m1 is [n][k/2], sf is [n][k/32] (interchange layout).
std::string launchDequantizeBf16(const std::uint8_t *e2m1, const std::uint8_t *sf, int n, int k,
                                 std::uint16_t *out, cudaStream_t stream);

/// How the decode GEMV splits the work (mxfp4_gemv.cu); exposed for tests and the benchmark.
struct GemvPlan {
    int rowTilesPerBlock = 1;       ///< 16-row tiles per block: 1, 2, 4 or 8
    int splitK = 1;                 ///< K slices (grid.y); > 1 needs the fp32 workspace
    int chunksPerSlice = 1;         ///< 512-wide K chunks per slice
    int numChunks = 1;              ///< 512-wide K chunks in total (the last may be partial)
    std::size_t smemBytes = 0;      ///< dynamic shared memory per block (the x slice)
    std::size_t workspaceBytes = 0; ///< fp32 [rows][n] when splitK > 1, else 0
    std::string error;              ///< non-empty when the shape is refused
};
/// Plan for maxRows = m (or the largest work unit of a grouped call, <= 16) over numUnits
/// units writing totalRows output rows. With allowSplitForOccupancy the plan may split K over
/// blocks to fill `smCount` SMs (needs the workspace); without it, it splits only when the x
/// slice would not fit in shared memory (64 KiB).
GemvPlan planGemv(int maxRows, int totalRows, int numUnits, int n, int k, int smCount,
                  bool allowSplitForOccupancy);

/// Decode GEMV / skinny GEMM (mxfp4_gemv.cu): y[m][n] = x[m][k] * W[n][k]^T, m = 1..16, x and
/// y bf16 row-major, W in the interchange layout, fp32 accumulation on the tensor cores.
/// workspace may be null (then K is split only when it must be, and such a shape is refused);
/// with a workspace of at least gemvWorkspaceBytes() bytes the kernel may split K for
/// occupancy. smCount = 0 reads it from the current device.
std::string launchGemv(const std::uint16_t *x, int m, const std::uint8_t *e2m1,
                       const std::uint8_t *sf, int n, int k, std::uint16_t *y, float *workspace,
                       std::size_t workspaceBytes, cudaStream_t stream);
/// Bytes of fp32 workspace launchGemv can use for this shape (0: none needed).
std::size_t gemvWorkspaceBytes(int m, int n, int k);

/// Grouped (MoE) GEMV (mxfp4_gemv.cu). Experts are stacked: e2m1 [numExperts][n][k/2], sf
/// [numExperts][n][k/32]. The (token, expert) pairs are sorted by expert; row r of that list
/// reads x[tokenOfRow[r]] and writes y[r]. units (device array, see makeMoeWorkUnits) cut the
/// list into runs of one expert of at most 16 rows; maxRowsPerUnit bounds their rowCount.
/// workspace: fp32 [totalRows][n] or null, as for launchGemv.
std::string launchMoeGemv(const std::uint16_t *x, const int *tokenOfRow, int totalRows,
                          const MoeWorkUnit *units, int numUnits, int maxRowsPerUnit,
                          const std::uint8_t *e2m1, const std::uint8_t *sf, int numExperts, int n,
                          int k, std::uint16_t *y, float *workspace, std::size_t workspaceBytes,
                          cudaStream_t stream);
std::size_t moeGemvWorkspaceBytes(int totalRows, int maxRowsPerUnit, int numUnits, int n, int k);

/// Prefill GEMM (mxfp4_gemm.cu): y[m][n] = x[m][k] * W[n][k]^T for any m >= 1 (meant for
/// m >= 256), W re-packed offline by repackPrefill() (data and sf copied to the device as they
/// are). Dequantizes in registers and runs mma.sync m16n8k16 bf16 with fp32 accumulation.
std::string launchPrefillGemm(const std::uint16_t *x, int m, const std::uint8_t *packedData,
                              const std::uint8_t *packedSf, int n, int k, int nPadded, int kPadded,
                              std::uint16_t *y, cudaStream_t stream);

/// MXFP8 quantize of activations (mxfp4_gemm_sm100.cu; any GPU): x bf16 [m][k] (k % 32 == 0)
/// -> e4m3 [m][kPadded] codes and sf [m][kPadded/32] ue8m0 scales, kPadded = k rounded up to
/// 128, the padding as all-zero blocks (codes 0x00, scale 0x00). Bit-identical to
/// quantizeMxfp8() (mxfp4.h) on the first k columns. x and e4m3 16-byte aligned.
std::string launchQuantizeMxfp8(const std::uint16_t *x, int m, int k, std::uint8_t *e4m3,
                                std::uint8_t *sf, cudaStream_t stream);
/// Bytes of the workspace launchPrefillGemmNative needs (the quantized x: m * kPadded codes,
/// then m * kPadded / 32 scales); 0 for an empty shape.
std::size_t mxfp8WorkspaceBytes(int m, int k);

/// Empty when launchPrefillGemmNative can run on the current device; otherwise why not, e.g.
/// "needs sm_100 (Blackwell data-centre); this GPU is sm_90", or that the build lacks the
/// sm_100a target.
std::string prefillNativeSupport();

/// Prefill GEMM, native block-scaled path (mxfp4_gemm_sm100.cu; sm_100a only, compute
/// capability 10.0): y[m][n] = sum_k q(x)[m][k] * W[n][k], q(x) = x quantized to MXFP8 in a
/// pre-pass (quantizeMxfp8()'s rule: E4M3 elements, one ue8m0 scale per 32 along K), W in the
/// interchange layout (e2m1 [n][k/2], sf [n][k/32]; no re-pack), fp32 accumulation in Tensor
/// Memory, y bf16 [m][n] row-major. The reference is gemmReferenceMxfp8(), not the bf16 one: x
/// is rounded to 3 mantissa bits (see the .cu for why not MXFP4 x MXFP4). Any m >= 1, n >= 1,
/// k a positive multiple of 32 (tiles of 128 x 128 x 128; rows, columns and K beyond the shape
/// are zero-filled, never read). workspace: at least mxfp8WorkspaceBytes(m, k) bytes, 16-byte
/// aligned like x, e2m1 and y. Errors: null pointers, bad shapes, a short workspace, and on any
/// GPU other than sm_100 the message of prefillNativeSupport() (nothing is launched). Relies on
/// PTX ISA section "tcgen05": tcgen05.alloc / cp / mma .kind::mxf8f6f4.block_scale / commit /
/// ld, the shared-memory and instruction descriptors (mxfp4_tcgen05.h). Compiled in CI, not yet
/// run on a Blackwell GPU (kernels/PERF.md).
std::string launchPrefillGemmNative(const std::uint16_t *x, int m, const std::uint8_t *e2m1,
                                    const std::uint8_t *sf, int n, int k, std::uint16_t *y,
                                    void *workspace, std::size_t workspaceBytes,
                                    cudaStream_t stream);

} // namespace hostplan::mxfp4::cuda
