// SPDX-License-Identifier: MIT
// runMxfp4Benchmarks(): validation and timing of the CUDA MXFP4 kernels beside the device copy
// bandwidth and cuBLAS bf16, for `hostplan-probe kernels`. Method in mxfp4_bench.h and
// kernels/PERF.md. Errors inside are thrown as BenchError and caught in runMxfp4Benchmarks(),
// so nothing crosses the folder boundary.
#include "mxfp4_bench.h"

#include "mxfp4.h"
#include "mxfp4_bench_util.h"
#include "mxfp4_cuda.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hostplan::mxfp4 {

namespace {

namespace kc = hostplan::mxfp4::cuda;

using namespace hostplan::mxfp4::bench;
void checkBlas(cublasStatus_t s, const char *what, const char *file, int line) {
    if (s != CUBLAS_STATUS_SUCCESS) {
        throw BenchError(where(file, line) + ": " + what + ": cuBLAS status " +
                         std::to_string(int(s)));
    }
}
#define BENCH_BLAS(call) checkBlas((call), #call, __FILE__, __LINE__)

struct Context {
    cudaStream_t stream = nullptr;
    cublasHandle_t blas = nullptr;
    std::size_t l2Bytes = 0;
    double copyBps = 0.0;
    bool quick = true;
    Rng rng{1};
    Timer timer{nullptr, true};
    std::string nativeSupport; ///< empty: the sm_100a native GEMM runs here, else why not
};

void fillRates(KernelBenchRow &row, double bytes, double flops, double copyBps) {
    const double s = row.timeUs * 1e-6;
    row.gbPerS = s > 0 ? bytes / s / 1e9 : 0.0;
    row.pctOfCopyBandwidth = (s > 0 && copyBps > 0) ? 100.0 * (bytes / s) / copyBps : 0.0;
    row.tflops = (s > 0 && flops > 0) ? flops / s / 1e12 : 0.0;
}

/// Device copy bandwidth: cudaMemcpyAsync D2D of a large buffer, bytes read + written.
KernelBenchRow benchCopy(Context &ctx) {
    const std::size_t bytes = std::size_t(ctx.quick ? 512 : 1024) << 20;
    DeviceBuffer<std::uint8_t> src(bytes), dst(bytes);
    BENCH_CUDA(cudaMemsetAsync(src.get(), 0x5A, bytes, ctx.stream));
    KernelBenchRow row;
    row.kernel = "copy";
    row.shape = "d2d_" + std::to_string(bytes >> 20) + "MiB";
    row.timeUs = ctx.timer.medianUs([&](int) {
        BENCH_CUDA(
            cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, ctx.stream));
    });
    const double bps = 2.0 * double(bytes) / (row.timeUs * 1e-6);
    ctx.copyBps = bps;
    fillRates(row, 2.0 * double(bytes), 0.0, bps);
    row.correct = true;
    row.note = "cudaMemcpyAsync device to device; bytes read + written";
    return row;
}

/// Device copies of one weight matrix, for rotation.
struct DeviceWeights {
    std::vector<DeviceBuffer<std::uint8_t>> e2m1, sf;
    int copies() const { return int(e2m1.size()); }
};

DeviceWeights uploadCopies(const Matrix &w, int copies, cudaStream_t stream) {
    DeviceWeights d;
    for (int c = 0; c < copies; ++c) {
        d.e2m1.emplace_back(w.packedBytes());
        d.sf.emplace_back(w.scaleBytes());
        if (c == 0) {
            d.e2m1[0].upload(w.e2m1.data(), w.packedBytes());
            d.sf[0].upload(w.sf.data(), w.scaleBytes());
        } else {
            BENCH_CUDA(cudaMemcpyAsync(d.e2m1[c].get(), d.e2m1[0].get(), w.packedBytes(),
                                       cudaMemcpyDeviceToDevice, stream));
            BENCH_CUDA(cudaMemcpyAsync(d.sf[c].get(), d.sf[0].get(), w.scaleBytes(),
                                       cudaMemcpyDeviceToDevice, stream));
        }
    }
    BENCH_CUDA(cudaStreamSynchronize(stream));
    return d;
}

/// bf16 copies of the same weights for cuBLAS (made by the dequantize kernel).
std::vector<DeviceBuffer<std::uint16_t>> bf16Copies(const Matrix &w, const DeviceWeights &d,
                                                    std::size_t l2Bytes, cudaStream_t stream) {
    const std::size_t elems = std::size_t(w.n) * w.k;
    const int copies = copiesBeyondL2(elems * 2, l2Bytes);
    std::vector<DeviceBuffer<std::uint16_t>> out;
    for (int c = 0; c < copies; ++c) {
        out.emplace_back(elems);
        if (c == 0) {
            checkLaunch(kc::launchDequantizeBf16(d.e2m1[0].get(), d.sf[0].get(), w.n, w.k,
                                                 out[0].get(), stream));
        } else {
            BENCH_CUDA(cudaMemcpyAsync(out[c].get(), out[0].get(), elems * 2,
                                       cudaMemcpyDeviceToDevice, stream));
        }
    }
    BENCH_CUDA(cudaStreamSynchronize(stream));
    return out;
}

/// cuBLAS bf16: y[m][n] = x[m][k] * W[n][k]^T (column-major: y^T = W * x^T, W transposed).
void cublasBf16(Context &ctx, const std::uint16_t *x, int m, const std::uint16_t *w, int n, int k,
                std::uint16_t *y) {
    const float alpha = 1.0f;
    const float beta = 0.0f;
    BENCH_BLAS(cublasGemmEx(ctx.blas, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &alpha, w, CUDA_R_16BF, k,
                            x, CUDA_R_16BF, k, &beta, y, CUDA_R_16BF, n, CUBLAS_COMPUTE_32F,
                            CUBLAS_GEMM_DEFAULT));
}

KernelBenchRow benchCublas(Context &ctx, const std::vector<DeviceBuffer<std::uint16_t>> &wBf16,
                           const DeviceBuffer<std::uint16_t> &x, int m, int n, int k,
                           DeviceBuffer<std::uint16_t> &y) {
    KernelBenchRow row;
    row.kernel = "cublas_bf16";
    row.shape = shapeName(m, n, k);
    row.m = m;
    row.n = n;
    row.k = k;
    const int copies = int(wBf16.size());
    row.timeUs = ctx.timer.medianUs(
        [&](int i) { cublasBf16(ctx, x.get(), m, wBf16[i % copies].get(), n, k, y.get()); });
    const double bytes = 2.0 * (double(n) * k + double(m) * k + double(m) * n);
    fillRates(row, bytes, 2.0 * m * double(n) * k, ctx.copyBps);
    row.pctOfCublasBf16 = 100.0;
    row.correct = true;
    row.note = "cublasGemmEx bf16, fp32 compute (the ceiling; not validated here)";
    return row;
}

/// Dequantize: exact comparison with the CPU, then timing.
KernelBenchRow benchDequant(Context &ctx, const Matrix &w, const DeviceWeights &d) {
    KernelBenchRow row;
    row.kernel = "dequant";
    row.shape = "n" + std::to_string(w.n) + "_k" + std::to_string(w.k);
    row.n = w.n;
    row.k = w.k;
    const std::size_t elems = std::size_t(w.n) * w.k;
    DeviceBuffer<std::uint16_t> out(elems);
    BENCH_CUDA(cudaMemsetAsync(out.get(), 0xFF, out.bytes(), ctx.stream));
    checkLaunch(
        kc::launchDequantizeBf16(d.e2m1[0].get(), d.sf[0].get(), w.n, w.k, out.get(), ctx.stream));
    BENCH_CUDA(cudaStreamSynchronize(ctx.stream));
    const std::vector<std::uint16_t> got = out.download();
    const std::vector<std::uint16_t> want = dequantizeBf16(w);
    long long mismatches = 0;
    for (std::size_t i = 0; i < elems; ++i) {
        mismatches += got[i] != want[i];
    }
    row.correct = mismatches == 0;
    row.note = "bit-exact vs CPU over all " + std::to_string(elems) + " elements";
    if (mismatches) {
        row.note += ": " + std::to_string(mismatches) + " mismatches";
    }
    const int copies = d.copies();
    row.timeUs = ctx.timer.medianUs([&](int i) {
        checkLaunch(kc::launchDequantizeBf16(d.e2m1[i % copies].get(), d.sf[i % copies].get(), w.n,
                                             w.k, out.get(), ctx.stream));
    });
    const double bytes = double(w.packedBytes() + w.scaleBytes()) + 2.0 * double(elems);
    fillRates(row, bytes, 0.0, ctx.copyBps);
    return row;
}

/// Decode GEMV for one m: validate, time, and time cuBLAS bf16 beside it.
void benchGemv(Context &ctx, const Matrix &w, const DeviceWeights &d,
               const std::vector<DeviceBuffer<std::uint16_t>> &wBf16, int m,
               std::vector<KernelBenchRow> &rows) {
    const int n = w.n;
    const int k = w.k;
    KernelBenchRow row;
    row.kernel = "gemv";
    row.shape = shapeName(m, n, k);
    row.m = m;
    row.n = n;
    row.k = k;
    const std::vector<std::uint16_t> xHost = randomBf16(std::size_t(m) * k, ctx.rng);
    DeviceBuffer<std::uint16_t> x(xHost.size()), y(std::size_t(m) * n);
    x.upload(xHost.data(), xHost.size());
    const std::size_t wsBytes = kc::gemvWorkspaceBytes(m, n, k);
    DeviceBuffer<float> ws(std::max<std::size_t>(wsBytes / sizeof(float), 1));
    int device = 0;
    int sms = 0;
    BENCH_CUDA(cudaGetDevice(&device));
    BENCH_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    const kc::GemvPlan plan = kc::planGemv(m, m, 1, n, k, sms, wsBytes > 0);

    BENCH_CUDA(cudaMemsetAsync(y.get(), 0xFF, y.bytes(), ctx.stream));
    checkLaunch(kc::launchGemv(x.get(), m, d.e2m1[0].get(), d.sf[0].get(), n, k, y.get(),
                               wsBytes ? ws.get() : nullptr, wsBytes, ctx.stream));
    BENCH_CUDA(cudaStreamSynchronize(ctx.stream));
    const Validation v = validateOutput(
        y.download(), m, n,
        [&](int r, int c, double *abs) {
            return referenceDot(xHost.data() + std::size_t(r) * k, w, c, abs);
        },
        k, ctx.rng);
    row.correct = v.ok;
    row.maxRelError = v.maxRel;
    row.note = v.note + "; split-K " + std::to_string(plan.splitK) + ", row tiles/block " +
               std::to_string(plan.rowTilesPerBlock);

    const int copies = d.copies();
    row.timeUs = ctx.timer.medianUs([&](int i) {
        checkLaunch(kc::launchGemv(x.get(), m, d.e2m1[i % copies].get(), d.sf[i % copies].get(), n,
                                   k, y.get(), wsBytes ? ws.get() : nullptr, wsBytes, ctx.stream));
    });
    const double bytes =
        double(w.packedBytes() + w.scaleBytes()) + 2.0 * m * double(k) + 2.0 * m * double(n);
    fillRates(row, bytes, 2.0 * m * double(n) * k, ctx.copyBps);

    DeviceBuffer<std::uint16_t> yBlas(std::size_t(m) * n);
    KernelBenchRow blas = benchCublas(ctx, wBf16, x, m, n, k, yBlas);
    row.pctOfCublasBf16 = 100.0 * blas.timeUs / row.timeUs;
    rows.push_back(row);
    rows.push_back(blas);
}

/// Prefill GEMM for one m: validate (sampled), time, and cuBLAS bf16 beside it.
void benchGemm(Context &ctx, const Matrix &w, const PrefillPacked &packed,
               const std::vector<DeviceBuffer<std::uint8_t>> &pData,
               const std::vector<DeviceBuffer<std::uint8_t>> &pSf,
               const std::vector<DeviceBuffer<std::uint16_t>> &wBf16, int m,
               std::vector<KernelBenchRow> &rows) {
    const int n = w.n;
    const int k = w.k;
    KernelBenchRow row;
    row.kernel = "gemm";
    row.shape = shapeName(m, n, k);
    row.m = m;
    row.n = n;
    row.k = k;
    const std::vector<std::uint16_t> xHost = randomBf16(std::size_t(m) * k, ctx.rng);
    DeviceBuffer<std::uint16_t> x(xHost.size()), y(std::size_t(m) * n);
    x.upload(xHost.data(), xHost.size());
    BENCH_CUDA(cudaMemsetAsync(y.get(), 0xFF, y.bytes(), ctx.stream));
    checkLaunch(kc::launchPrefillGemm(x.get(), m, pData[0].get(), pSf[0].get(), n, k,
                                      packed.nPadded, packed.kPadded, y.get(), ctx.stream));
    BENCH_CUDA(cudaStreamSynchronize(ctx.stream));
    const Validation v = validateOutput(
        y.download(), m, n,
        [&](int r, int c, double *abs) {
            return referenceDot(xHost.data() + std::size_t(r) * k, w, c, abs);
        },
        k, ctx.rng);
    row.correct = v.ok;
    row.maxRelError = v.maxRel;
    row.note = v.note + "; weights re-packed offline (repackPrefill)";
    const int copies = int(pData.size());
    row.timeUs = ctx.timer.medianUs([&](int i) {
        checkLaunch(kc::launchPrefillGemm(x.get(), m, pData[i % copies].get(),
                                          pSf[i % copies].get(), n, k, packed.nPadded,
                                          packed.kPadded, y.get(), ctx.stream));
    });
    const double bytes =
        double(packed.data.size() + packed.sf.size()) + 2.0 * m * double(k) + 2.0 * m * double(n);
    fillRates(row, bytes, 2.0 * m * double(n) * k, ctx.copyBps);
    DeviceBuffer<std::uint16_t> yBlas(std::size_t(m) * n);
    KernelBenchRow blas = benchCublas(ctx, wBf16, x, m, n, k, yBlas);
    row.pctOfCublasBf16 = 100.0 * blas.timeUs / row.timeUs;
    rows.push_back(row);
    rows.push_back(blas);
}

/// Native block-scaled prefill GEMM (sm_100a, mxfp4_gemm_sm100.cu) for one m: validated
/// against the fp64 reference with x quantized to MXFP8 the same way (the path's own
/// reference; accumulation tolerance 2^-11 of sum |x*w|, as the GPU test), then timed with its
/// quantize pre-pass included, beside the cuBLAS row already measured for this shape. Weights
/// in the interchange layout, rotated like the GEMV's. Only called where prefillNativeSupport()
/// is empty.
void benchGemmNative(Context &ctx, const Matrix &w, const DeviceWeights &d, int m,
                     std::vector<KernelBenchRow> &rows) {
    const int n = w.n;
    const int k = w.k;
    KernelBenchRow row;
    row.kernel = "gemm_native";
    row.shape = shapeName(m, n, k);
    row.m = m;
    row.n = n;
    row.k = k;
    const std::vector<std::uint16_t> xHost = randomBf16(std::size_t(m) * k, ctx.rng);
    std::vector<float> xf(xHost.size());
    std::transform(xHost.begin(), xHost.end(), xf.begin(), bf16ToFloat);
    const Expected<Mxfp8Matrix> xq = quantizeMxfp8(xf.data(), m, k);
    if (!xq.ok()) {
        throw BenchError("gemm_native: " + xq.error);
    }
    const std::vector<float> xqf = dequantizeMxfp8(xq.value);
    DeviceBuffer<std::uint16_t> x(xHost.size()), y(std::size_t(m) * n);
    x.upload(xHost.data(), xHost.size());
    const std::size_t wsBytes = kc::mxfp8WorkspaceBytes(m, k);
    DeviceBuffer<std::uint8_t> ws(wsBytes);
    BENCH_CUDA(cudaMemsetAsync(y.get(), 0xFF, y.bytes(), ctx.stream));
    checkLaunch(kc::launchPrefillGemmNative(x.get(), m, d.e2m1[0].get(), d.sf[0].get(), n, k,
                                            y.get(), ws.get(), wsBytes, ctx.stream));
    BENCH_CUDA(cudaStreamSynchronize(ctx.stream));
    const Validation v = validateOutput(
        y.download(), m, n,
        [&](int r, int c, double *absSum) {
            const float *xr = xqf.data() + std::size_t(r) * k;
            double acc = 0.0;
            double abs = 0.0;
            for (int i = 0; i < k; ++i) {
                const double p =
                    double(xr[i]) * decodeE2m1(w.code(c, i)) * double(decodeE8m0(w.scale(c, i)));
                acc += p;
                abs += std::fabs(p);
            }
            *absSum = abs;
            return acc;
        },
        k, ctx.rng, 0x1.0p-11);
    row.correct = v.ok;
    row.maxRelError = v.maxRel;
    row.note = v.note + " (x quantized to MXFP8, E4M3 + ue8m0 per 32); tcgen05 "
                        "kind::mxf8f6f4 block_scale, quantize pre-pass timed in";
    const int copies = d.copies();
    row.timeUs = ctx.timer.medianUs([&](int i) {
        checkLaunch(kc::launchPrefillGemmNative(x.get(), m, d.e2m1[i % copies].get(),
                                                d.sf[i % copies].get(), n, k, y.get(), ws.get(),
                                                wsBytes, ctx.stream));
    });
    // Weights + scales, x read by the pre-pass, its MXFP8 copy written and read back, y.
    const double bytes = double(w.packedBytes() + w.scaleBytes()) + 2.0 * m * double(k) +
                         2.0 * double(wsBytes) + 2.0 * m * double(n);
    fillRates(row, bytes, 2.0 * m * double(n) * k, ctx.copyBps);
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        if (it->kernel == "cublas_bf16" && it->shape == row.shape && it->timeUs > 0.0) {
            row.pctOfCublasBf16 = 100.0 * it->timeUs / row.timeUs;
            break;
        }
    }
    rows.push_back(row);
}

/// One (n, k) weight shape: GEMV for each decode m, GEMM for each prefill m.
void benchShape(Context &ctx, int n, int k, const std::vector<int> &decodeMs,
                const std::vector<int> &prefillMs, bool withDequant,
                std::vector<KernelBenchRow> &rows) {
    const Matrix w = randomMatrix(n, k, ctx.rng);
    const DeviceWeights d =
        uploadCopies(w, copiesBeyondL2(w.packedBytes() + w.scaleBytes(), ctx.l2Bytes), ctx.stream);
    const auto wBf16 = bf16Copies(w, d, ctx.l2Bytes, ctx.stream);
    if (withDequant) {
        rows.push_back(benchDequant(ctx, w, d));
    }
    for (int m : decodeMs) {
        benchGemv(ctx, w, d, wBf16, m, rows);
    }
    if (!prefillMs.empty()) {
        const PrefillPacked packed = repackPrefill(w);
        const int copies = copiesBeyondL2(packed.data.size() + packed.sf.size(), ctx.l2Bytes);
        std::vector<DeviceBuffer<std::uint8_t>> pData, pSf;
        for (int c = 0; c < copies; ++c) {
            pData.emplace_back(packed.data.size());
            pSf.emplace_back(packed.sf.size());
            pData.back().upload(packed.data.data(), packed.data.size());
            pSf.back().upload(packed.sf.data(), packed.sf.size());
        }
        for (int m : prefillMs) {
            benchGemm(ctx, w, packed, pData, pSf, wBf16, m, rows);
            if (ctx.nativeSupport.empty()) {
                benchGemmNative(ctx, w, d, m, rows);
            }
        }
    }
}

/// Grouped MoE decode: `tokens` tokens each routed to `topK` of `experts` experts [n][k].
void benchMoe(Context &ctx, int experts, int topK, int tokens, int n, int k,
              std::vector<KernelBenchRow> &rows) {
    KernelBenchRow row;
    row.kernel = "moe_gemv";
    row.shape = "moe_e" + std::to_string(experts) + "_top" + std::to_string(topK) + "_t" +
                std::to_string(tokens) + "_n" + std::to_string(n) + "_k" + std::to_string(k);
    row.m = tokens;
    row.n = n;
    row.k = k;
    // All experts as one stacked matrix [experts * n][k].
    const Matrix all = randomMatrix(experts * n, k, ctx.rng);
    DeviceBuffer<std::uint8_t> e2m1(all.packedBytes()), sf(all.scaleBytes());
    e2m1.upload(all.e2m1.data(), all.packedBytes());
    sf.upload(all.sf.data(), all.scaleBytes());
    const std::vector<std::uint16_t> xHost = randomBf16(std::size_t(tokens) * k, ctx.rng);
    DeviceBuffer<std::uint16_t> x(xHost.size());
    x.upload(xHost.data(), xHost.size());

    // Several random routings, rotated like weight copies: each picks topK distinct experts
    // per token; pairs sorted by expert as a router's sort would.
    const int routings = 16;
    const int pairs = tokens * topK;
    struct Routing {
        std::vector<int> tokenOfRow, expertOfRow;
        std::vector<MoeWorkUnit> units;
        DeviceBuffer<int> dTokens;
        DeviceBuffer<MoeWorkUnit> dUnits;
    };
    std::vector<Routing> routing(routings);
    int maxUnits = 0;
    for (auto &rt : routing) {
        std::vector<std::pair<int, int>> p; // (expert, token)
        for (int t = 0; t < tokens; ++t) {
            std::vector<int> ids(experts);
            for (int e = 0; e < experts; ++e) {
                ids[e] = e;
            }
            for (int i = 0; i < topK; ++i) {
                std::swap(ids[i], ids[i + ctx.rng.below(experts - i)]);
                p.emplace_back(ids[i], t);
            }
        }
        std::sort(p.begin(), p.end());
        for (const auto &[e, t] : p) {
            rt.expertOfRow.push_back(e);
            rt.tokenOfRow.push_back(t);
        }
        rt.units = makeMoeWorkUnits(rt.expertOfRow);
        rt.dTokens = DeviceBuffer<int>(rt.tokenOfRow.size());
        rt.dTokens.upload(rt.tokenOfRow.data(), rt.tokenOfRow.size());
        rt.dUnits = DeviceBuffer<MoeWorkUnit>(rt.units.size());
        rt.dUnits.upload(rt.units.data(), rt.units.size());
        maxUnits = std::max(maxUnits, int(rt.units.size()));
    }
    const int maxRows = std::min(tokens, kMoeMaxRowsPerUnit);
    // v1 may split K over blocks (then it needs the workspace); v2 never does.
    const std::size_t wsBytes = kc::moeGemvWorkspaceBytes(pairs, maxRows, maxUnits, n, k);
    DeviceBuffer<float> ws(std::max<std::size_t>(wsBytes / sizeof(float), 1));
    DeviceBuffer<std::uint16_t> y(std::size_t(pairs) * n);
    auto launch = [&](const Routing &rt) {
        checkLaunch(kc::launchMoeGemv(x.get(), rt.dTokens.get(), pairs, rt.dUnits.get(),
                                      int(rt.units.size()), maxRows, e2m1.get(), sf.get(), experts,
                                      n, k, y.get(), wsBytes ? ws.get() : nullptr, wsBytes,
                                      ctx.stream));
    };
    const Routing &r0 = routing[0];
    BENCH_CUDA(cudaMemsetAsync(y.get(), 0xFF, y.bytes(), ctx.stream));
    launch(r0);
    BENCH_CUDA(cudaStreamSynchronize(ctx.stream));
    const Validation v = validateOutput(
        y.download(), pairs, n,
        [&](int r, int c, double *abs) {
            return referenceDot(xHost.data() + std::size_t(r0.tokenOfRow[r]) * k, all,
                                r0.expertOfRow[r] * n + c, abs);
        },
        k, ctx.rng);
    row.correct = v.ok;
    row.maxRelError = v.maxRel;
    row.note = v.note + "; bytes = touched experts only";
    row.timeUs = ctx.timer.medianUs([&](int i) { launch(routing[i % routings]); });
    // Bytes of the distinct experts touched (first routing's count; all have topK * tokens
    // pairs, distinct experts vary little), plus x and y.
    int distinct = r0.expertOfRow.empty() ? 0 : 1;
    for (std::size_t i = 1; i < r0.expertOfRow.size(); ++i) {
        distinct += r0.expertOfRow[i] != r0.expertOfRow[i - 1];
    }
    const double expertBytes = double(n) * k / 2 + double(n) * k / kBlockSize;
    const double bytes =
        double(distinct) * expertBytes + 2.0 * tokens * double(k) + 2.0 * pairs * double(n);
    fillRates(row, bytes, 2.0 * pairs * double(n) * k, ctx.copyBps);
    rows.push_back(row);
}

KernelBenchReport run(int device, bool quick) {
    KernelBenchReport report;
    int count = 0;
    const cudaError_t countError = cudaGetDeviceCount(&count);
    if (countError != cudaSuccess || count == 0) {
        report.message =
            std::string("no CUDA device (") +
            (countError != cudaSuccess ? cudaGetErrorString(countError) : "0 devices") + ")";
        return report;
    }
    if (device < 0 || device >= count) {
        report.message = "CUDA device " + std::to_string(device) + " does not exist (" +
                         std::to_string(count) + " found)";
        return report;
    }
    BENCH_CUDA(cudaSetDevice(device));
    cudaDeviceProp prop{};
    BENCH_CUDA(cudaGetDeviceProperties(&prop, device));
    report.deviceName = prop.name;

    Context ctx;
    ctx.quick = quick;
    ctx.l2Bytes = std::size_t(std::max(prop.l2CacheSize, 1 << 20));
    ctx.rng = Rng{std::random_device{}() | (std::uint64_t(std::random_device{}()) << 32) | 1};
    BENCH_CUDA(cudaStreamCreateWithFlags(&ctx.stream, cudaStreamNonBlocking));
    ctx.timer = Timer{ctx.stream, quick};
    BENCH_BLAS(cublasCreate(&ctx.blas));
    struct Cleanup {
        Context &c;
        ~Cleanup() {
            cublasDestroy(c.blas);
            cudaStreamDestroy(c.stream);
        }
    } cleanup{ctx};
    BENCH_BLAS(cublasSetStream(ctx.blas, ctx.stream));

    const auto started = std::chrono::steady_clock::now();
    report.rows.push_back(benchCopy(ctx));
    report.copyBandwidthBytesPerS = ctx.copyBps;
    // A kernel this GPU cannot run gets one row that says so (nothing ran, nothing to
    // validate), instead of failing the run.
    auto notSupportedRow = [&report](const char *kernel, const std::string &why) {
        KernelBenchRow row;
        row.kernel = kernel;
        row.shape = "-";
        row.correct = true;
        const std::size_t colon = why.find(": ");
        row.note =
            "not supported here: " + (colon == std::string::npos ? why : why.substr(colon + 2));
        report.rows.push_back(row);
    };
    ctx.nativeSupport = kc::prefillNativeSupport();
    if (!ctx.nativeSupport.empty()) {
        notSupportedRow("gemm_native", ctx.nativeSupport);
    }

    const std::vector<int> decodeMs = {1, 4, 16};
    const std::vector<int> prefillMs =
        quick ? std::vector<int>{256, 4096, 8192} : std::vector<int>{256, 1024, 4096, 8192};
    // Expert shapes: hidden 7168 x expert 2048 (both directions), Kimi K3 latent experts
    // 3072 x 3584, and the large square-ish 28672 x 8192 of TOOLCHAIN.md.
    benchShape(ctx, 2048, 7168, decodeMs, quick ? std::vector<int>{4096} : prefillMs, false,
               report.rows);
    benchShape(ctx, 7168, 2048, decodeMs, quick ? std::vector<int>{4096} : prefillMs, false,
               report.rows);
    benchShape(ctx, 3072, 3584, decodeMs, quick ? std::vector<int>{4096} : prefillMs, false,
               report.rows);
    if (!quick) {
        benchShape(ctx, 3584, 3072, decodeMs, prefillMs, false, report.rows);
    }
    benchShape(ctx, 28672, 8192, decodeMs, prefillMs, true, report.rows);
    benchMoe(ctx, 128, 16, 1, 4096, 7168, report.rows);
    if (!quick) {
        benchMoe(ctx, 128, 16, 8, 4096, 7168, report.rows);
    }

    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    int failed = 0;
    for (const auto &r : report.rows) {
        failed += r.correct ? 0 : 1;
    }
    report.ran = true;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%d rows, %d failed validation, %.1f s", int(report.rows.size()),
                  failed, seconds);
    report.message = buf;
    return report;
}

} // namespace

KernelBenchReport runMxfp4Benchmarks(int device, bool quick) {
    try {
        return run(device, quick);
    } catch (const std::exception &e) {
        KernelBenchReport report;
        report.ran = false;
        report.message = e.what();
        return report;
    }
}

} // namespace hostplan::mxfp4
