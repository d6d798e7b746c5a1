// SPDX-License-Identifier: MIT
/*
 * Experiment: MXFP4 decode GEMV v4, contiguous row streaming with x in registers (stand-alone
 * program; not in the library). Never measured on a device yet.
 *
 *   y[m][n] = sum_k x[m][k] * W[n][k]      m = 1..16 rows per work unit, fp32 accumulation
 *
 * Layouts as the library's GEMV (mxfp4_gemv.cu): x bf16 [rows][k], W e2m1 [n][k/2] (element
 * 2j in the low nibble of byte j), sf [n][k/32] ue8m0, y bf16 [rows][n]; grouped calls stack
 * experts and take work units (GemvArgs, mxfp4_internal.h).
 *
 * Thread tid of the CTA owns 32-element block slot j = tid % slotsPerRow of every row it
 * reads (slotsPerRow = block count rounded up to 32, at most 256; a K slice of 256 blocks at a
 * time when K is longer), so each warp load is 512 contiguous bytes of one row and the warps
 * of a CTA together read whole rows, row after row: the CTA streams one contiguous range of
 * the weights. x of the thread's block (32 values per x row) is held in fp32 registers for the
 * whole CTA, so there are no x reads per weight byte. Two stages of kU rows (2 x 4 x 16 bytes
 * per thread) are in flight. Decode: v2's exact byte -> bf16x2 table (shared memory, one copy
 * per lane), expanded to fp32, fp32 FMAs, the block factor applied once per block (for sf 253 /
 * 254 per weight first, as v3, so that overflow to inf matches the reference). The per-row
 * partial sums are reduced by warp shuffles and, over the warps of a row, through shared
 * memory in a fixed order (deterministic). x rows are taken MR (1 or 2) at a time; for m > 2
 * the CTA re-reads its rows once per group of 2 x rows (CUDA-core FMAs: meant for m <= 2).
 *
 * Run: build with -DHOSTPLAN_KERNELS_DEV=ON, then build/kernels/dev/mxfp4-dev-gemv-v4 (checks
 * against gemmReferenceF64 of kernels/mxfp4.cpp, then time, GB/s and TFLOP/s next to the
 * library's launchGemv / launchMoeGemv; dev_harness.h).
 */
#include "dev_harness.h"
#include "mxfp4_common.cuh"
#include "mxfp4_internal.h"

#include <algorithm>

namespace hostplan::mxfp4::cuda {

namespace {

using detail::e2m1Bf16;
using detail::e8m0Float;
using detail::floatToBf16Bits;

namespace v4 {

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kMaxSlots = kThreads; // 32-element blocks per K slice (one per thread)
constexpr int kU = 4;               // rows per stage (two stages in flight)
constexpr int kMaxRowsPerCta = 256; // bounds the shared reduction buffer
constexpr int kLutBytes = 256 * 32 * 4;
constexpr std::uint32_t kSfBig = 253;

struct Params : detail::GemvArgs {
    int rowsPerCta = 1;
    int slotsPerRow = 32; // multiple of 32, <= 256
};

struct Stage {
    uint4 code[kU];
    std::uint32_t scale[kU];
};

template <int MR> __global__ void __launch_bounds__(kThreads, 2) rowStreamKernel(const Params p) {
    extern __shared__ __align__(16) std::uint8_t dyn[]; // LUT, then red[rowsPerCta][MR][wps]
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const MoeWorkUnit unit = p.units ? p.units[blockIdx.y] : MoeWorkUnit{0, 0, p.m};
    const int rows = min(unit.rowCount, p.maxRows);
    const int r0 = blockIdx.x * p.rowsPerCta;
    const int rEnd = min(p.n, r0 + p.rowsPerCta);
    if (r0 >= p.n || rows <= 0) {
        return; // uniform over the CTA
    }
    for (int i = tid; i < 256 * 8; i += kThreads) {
        const std::uint32_t e = std::uint32_t(i) >> 3;
        const std::uint32_t v = e2m1Bf16(e & 15u) | (e2m1Bf16(e >> 4) << 16);
        reinterpret_cast<uint4 *>(dyn)[i] = make_uint4(v, v, v, v);
    }
    const std::uint32_t lane4 = 4u * unsigned(lane);
    float *red = reinterpret_cast<float *>(dyn + kLutBytes);

    const int nb = p.k / kBlockSize;
    const std::uint8_t *W = p.e2m1 + (long long)unit.expert * p.expertStrideW;
    const std::uint8_t *S = p.sf + (long long)unit.expert * p.expertStrideSf;
    const int slots = p.slotsPerRow;
    const int P = kThreads / slots; // rows read side by side
    const int sub = tid / slots;    // warp-uniform (slots is a multiple of 32)
    const int j = tid - sub * slots;
    const int wps = slots >> 5; // warps per row
    const int warpInRow = j >> 5;
    const bool active = sub < P;
    const int ctaRows = rEnd - r0;
    const int rowsPerStage = P * kU;
    const int numStages = (ctaRows + rowsPerStage - 1) / rowsPerStage;
    const std::size_t rowBytes = std::size_t(p.k / 2);

    for (int xg = 0; xg < rows; xg += MR) {
        for (int i = tid; i < ctaRows * MR * wps; i += kThreads) {
            red[i] = 0.0f;
        }
        __syncthreads(); // LUT and red ready
        for (int ks = 0; ks < nb; ks += slots) {
            const int kb = ks + j;
            const bool inK = active && kb < nb;
            float xf[MR][32];
#pragma unroll
            for (int r = 0; r < MR; ++r) {
                const bool ok = inK && xg + r < rows;
                const int rr = min(xg + r, rows - 1);
                const int token =
                    p.tokenOfRow ? p.tokenOfRow[unit.rowBegin + rr] : unit.rowBegin + rr;
                const uint4 *src = reinterpret_cast<const uint4 *>(
                    p.x + (long long)token * p.k + (long long)(ok ? kb : 0) * kBlockSize);
#pragma unroll
                for (int q = 0; q < 4; ++q) {
                    const uint4 v = ok ? __ldg(src + q) : make_uint4(0u, 0u, 0u, 0u);
                    const std::uint32_t w4[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
                    for (int e = 0; e < 4; ++e) {
                        xf[r][8 * q + 2 * e] = __uint_as_float(w4[e] << 16);
                        xf[r][8 * q + 2 * e + 1] = __uint_as_float(w4[e] & 0xFFFF0000u);
                    }
                }
            }

            auto load = [&](Stage &s, int st) {
#pragma unroll
                for (int u = 0; u < kU; ++u) {
                    const int row = r0 + st * rowsPerStage + u * P + sub;
                    s.code[u] = make_uint4(0u, 0u, 0u, 0u);
                    s.scale[u] = kSfOne;
                    if (inK && row < rEnd) {
                        s.code[u] = detail::ldStream16<false>(W + std::size_t(row) * rowBytes +
                                                              std::size_t(kb) * 16);
                        s.scale[u] = __ldg(S + (long long)row * nb + kb);
                    }
                }
            };

            Stage cur;
            load(cur, 0);
#pragma unroll 1
            for (int st = 0; st < numStages; ++st) {
                Stage nxt;
                const bool more = st + 1 < numStages;
                if (more) {
                    load(nxt, st + 1);
                }
#pragma unroll
                for (int u = 0; u < kU; ++u) {
                    const int rowLocal = st * rowsPerStage + u * P + sub;
                    if (!active || rowLocal >= ctaRows) {
                        continue; // warp-uniform
                    }
                    const std::uint32_t s = cur.scale[u];
                    const bool big = s - kSfBig < 2u;
                    const float f = e8m0Float(s);
                    float part[MR];
#pragma unroll
                    for (int r = 0; r < MR; ++r) {
                        part[r] = 0.0f;
                    }
                    const std::uint32_t words[4] = {cur.code[u].x, cur.code[u].y, cur.code[u].z,
                                                    cur.code[u].w};
#pragma unroll
                    for (int q = 0; q < 4; ++q) {
#pragma unroll
                        for (int b = 0; b < 4; ++b) {
                            const std::uint32_t w = words[q];
                            const std::uint32_t off =
                                ((b == 0 ? (w << 7) : (w >> (8 * b - 7))) & 0x7F80u) | lane4;
                            const std::uint32_t v =
                                *reinterpret_cast<const std::uint32_t *>(dyn + off);
                            float lo = __uint_as_float(v << 16);
                            float hi = __uint_as_float(v & 0xFFFF0000u);
                            if (big) {
                                lo *= f;
                                hi *= f;
                            }
#pragma unroll
                            for (int r = 0; r < MR; ++r) {
                                part[r] = fmaf(xf[r][8 * q + 2 * b], lo, part[r]);
                                part[r] = fmaf(xf[r][8 * q + 2 * b + 1], hi, part[r]);
                            }
                        }
                    }
                    const float fBlock = big ? 1.0f : f;
#pragma unroll
                    for (int r = 0; r < MR; ++r) {
                        float v = part[r] * fBlock;
#pragma unroll
                        for (int o = 16; o > 0; o >>= 1) {
                            v += __shfl_xor_sync(0xFFFFFFFFu, v, o);
                        }
                        if (lane == 0) {
                            red[(rowLocal * MR + r) * wps + warpInRow] += v;
                        }
                    }
                }
                if (more) {
                    cur = nxt;
                }
            }
        }
        __syncthreads();
        for (int i = tid; i < ctaRows * MR; i += kThreads) {
            const int rowLocal = i / MR;
            const int r = i - rowLocal * MR;
            if (xg + r < rows) {
                float sum = 0.0f;
                for (int w = 0; w < wps; ++w) {
                    sum += red[i * wps + w];
                }
                p.y[(long long)(unit.rowBegin + xg + r) * p.n + r0 + rowLocal] =
                    floatToBf16Bits(sum);
            }
        }
        __syncthreads(); // red is reused by the next x group
    }
}

std::size_t smemBytesFor(int maxRows, int rowsPerCta, int slotsPerRow) {
    const int mr = maxRows == 1 ? 1 : 2;
    return std::size_t(kLutBytes) + std::size_t(rowsPerCta) * mr * (slotsPerRow / 32) * 4;
}

template <int MR> cudaError_t ensureSmemLimit() {
    static cudaError_t status = cudaFuncSetAttribute(
        rowStreamKernel<MR>, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    return status;
}

/// rowsPerCta in rowTilesPerBlock (1..256), the dynamic shared memory in smemBytes; about two
/// CTAs per SM over all units, each a contiguous run of rows; splitK 1, no workspace.
GemvPlan plan(int maxRows, int numUnits, int n, int k, int smCount) {
    GemvPlan plan = detail::startGemvPlan(maxRows, n, k);
    if (!plan.error.empty()) {
        return plan;
    }
    const int nb = k / kBlockSize;
    const long long target = 2LL * std::max(smCount, 1);
    const long long ctasPerUnit = std::max(1LL, detail::ceilDiv(target, std::max(numUnits, 1)));
    long long rowsPerCta = detail::ceilDiv(n, ctasPerUnit);
    rowsPerCta = std::clamp(rowsPerCta, 1LL, (long long)kMaxRowsPerCta);
    plan.rowTilesPerBlock = int(rowsPerCta);
    const int slots = std::min(kMaxSlots, int(detail::ceilDiv(nb, 32)) * 32);
    plan.smemBytes = smemBytesFor(maxRows, plan.rowTilesPerBlock, slots);
    return plan;
}

std::string launch(Params params, const GemvPlan &plan, int maxRows, int numUnits,
                   cudaStream_t stream) {
    params.maxRows = maxRows;
    params.rowsPerCta = plan.rowTilesPerBlock;
    const int nb = params.k / kBlockSize;
    params.slotsPerRow = std::min(kMaxSlots, int(detail::ceilDiv(nb, 32)) * 32);
    HOSTPLAN_REQUIRE(params.rowsPerCta >= 1 && params.rowsPerCta <= kMaxRowsPerCta,
                     "gemv v4: bad rows per CTA");
    HOSTPLAN_REQUIRE(plan.smemBytes >= smemBytesFor(maxRows, params.rowsPerCta, params.slotsPerRow),
                     "gemv v4: shared memory too small for the plan");
    const dim3 grid(unsigned(detail::ceilDiv(params.n, params.rowsPerCta)), unsigned(numUnits), 1u);
    HOSTPLAN_REQUIRE(grid.x <= 0x7FFFFFFFu && numUnits <= 65535, "gemv: grid too large");
    if (maxRows == 1) {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<1>());
        rowStreamKernel<1><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    } else {
        HOSTPLAN_CHECK_CUDA(ensureSmemLimit<2>());
        rowStreamKernel<2><<<grid, kThreads, plan.smemBytes, stream>>>(params);
    }
    HOSTPLAN_CHECK_LAUNCH();
    return {};
}

} // namespace v4

} // namespace

} // namespace hostplan::mxfp4::cuda

int main() {
    namespace kc = hostplan::mxfp4::cuda;
    namespace dev = hostplan::mxfp4::dev;
    dev::GemvExperiment ex;
    ex.program = "gemv_v4";
    ex.rows = {1, 2, 7, 16};
    return dev::runGemvExperiment(
        ex, dev::plannedGemv<kc::v4::Params>("gemv v4", kc::v4::plan, kc::v4::launch));
}
