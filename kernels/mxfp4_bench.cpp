// runMxfp4Benchmarks(): validation and timing of the CUDA MXFP4 kernels beside the device copy
// bandwidth and cuBLAS bf16, for `hostplan-probe kernels`. Method in mxfp4_bench.h and
// kernels/PERF.md. Errors inside are thrown as BenchError and caught in runMxfp4Benchmarks(),
// so nothing crosses the folder boundary.
#include "mxfp4_bench.h"

#include "mxfp4.h"
#include "mxfp4_cuda.h"
#include "mxfp4_gemm_select.h"
#include "mxfp4_gemv_select.h"

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

struct BenchError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string where(const char *file, int line) {
    const char *slash = std::strrchr(file, '/');
    return std::string(slash ? slash + 1 : file) + ":" + std::to_string(line);
}

void checkCuda(cudaError_t e, const char *what, const char *file, int line) {
    if (e != cudaSuccess) {
        throw BenchError(where(file, line) + ": " + what + ": " + cudaGetErrorName(e) + " (" +
                         cudaGetErrorString(e) + ")");
    }
}
void checkBlas(cublasStatus_t s, const char *what, const char *file, int line) {
    if (s != CUBLAS_STATUS_SUCCESS) {
        throw BenchError(where(file, line) + ": " + what + ": cuBLAS status " +
                         std::to_string(int(s)));
    }
}
void checkLaunch(const std::string &error) {
    if (!error.empty()) {
        throw BenchError(error);
    }
}
#define BENCH_CUDA(call) checkCuda((call), #call, __FILE__, __LINE__)
#define BENCH_BLAS(call) checkBlas((call), #call, __FILE__, __LINE__)

/// Owning device allocation.
template <typename T> class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) : m_count(count) {
        BENCH_CUDA(cudaMalloc(reinterpret_cast<void **>(&m_ptr),
                              std::max<std::size_t>(count, 1) * sizeof(T)));
    }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
    DeviceBuffer(DeviceBuffer &&o) noexcept { swap(o); }
    DeviceBuffer &operator=(DeviceBuffer &&o) noexcept {
        swap(o);
        return *this;
    }
    ~DeviceBuffer() {
        if (m_ptr) {
            cudaFree(m_ptr);
        }
    }
    T *get() const { return m_ptr; }
    std::size_t count() const { return m_count; }
    std::size_t bytes() const { return m_count * sizeof(T); }
    void upload(const T *src, std::size_t count) {
        BENCH_CUDA(cudaMemcpy(m_ptr, src, count * sizeof(T), cudaMemcpyHostToDevice));
    }
    std::vector<T> download() const {
        std::vector<T> out(m_count);
        BENCH_CUDA(cudaMemcpy(out.data(), m_ptr, bytes(), cudaMemcpyDeviceToHost));
        return out;
    }

  private:
    void swap(DeviceBuffer &o) noexcept {
        std::swap(m_ptr, o.m_ptr);
        std::swap(m_count, o.m_count);
    }
    T *m_ptr = nullptr;
    std::size_t m_count = 0;
};

/// Fast deterministic random bits for large inputs (xorshift64*), seeded from random_device.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 0x2545F4914F6CDD1DULL;
    }
    int below(int n) { return int(next() % std::uint64_t(n)); }
};

/// Random MXFP4 matrix: all 256 code bytes equally likely, scales 2^-9 .. 2^-1.
Matrix randomMatrix(int n, int k, Rng &rng) {
    Matrix m;
    m.n = n;
    m.k = k;
    m.e2m1.resize(m.packedBytes());
    m.sf.resize(m.scaleBytes());
    std::size_t i = 0;
    for (; i + 8 <= m.e2m1.size(); i += 8) {
        const std::uint64_t r = rng.next();
        std::memcpy(m.e2m1.data() + i, &r, 8);
    }
    for (; i < m.e2m1.size(); ++i) {
        m.e2m1[i] = std::uint8_t(rng.next());
    }
    for (auto &s : m.sf) {
        s = std::uint8_t(118 + rng.below(9));
    }
    return m;
}

/// Random bf16 activations in [-1, 1).
std::vector<std::uint16_t> randomBf16(std::size_t count, Rng &rng) {
    std::vector<std::uint16_t> v(count);
    for (auto &x : v) {
        const double u = double(rng.next() >> 11) * 0x1.0p-53;
        x = floatToBf16(float(2.0 * u - 1.0));
    }
    return v;
}

/// fp64 dot product of bf16 row x with weight row `row` of w; absSum gets sum |x * w|.
double referenceDot(const std::uint16_t *x, const Matrix &w, int row, double *absSum) {
    double acc = 0.0;
    double abs = 0.0;
    const int blocks = w.k / kBlockSize;
    const std::uint8_t *codes = w.e2m1.data() + std::size_t(row) * (w.k / 2);
    for (int b = 0; b < blocks; ++b) {
        const double scale = decodeE8m0(w.sf[std::size_t(row) * blocks + b]);
        for (int i = 0; i < kBlockSize; i += 2) {
            const std::uint8_t byte = codes[(b * kBlockSize + i) / 2];
            const double x0 = bf16ToFloat(x[b * kBlockSize + i]);
            const double x1 = bf16ToFloat(x[b * kBlockSize + i + 1]);
            const double w0 = decodeE2m1(byte & 0xF) * scale;
            const double w1 = decodeE2m1(byte >> 4) * scale;
            acc += x0 * w0 + x1 * w1;
            abs += std::fabs(x0 * w0) + std::fabs(x1 * w1);
        }
    }
    *absSum = abs;
    return acc;
}

struct Validation {
    bool ok = false;
    double maxRel = 0.0;
    std::string note;
};

/// Checks y [rows][n] (bf16, poisoned with NaN before the run): every element finite, and the
/// checked elements within bf16 output rounding (2^-8 relative) plus accumulation (absTol of
/// sum |x*w|; 2^-16 for fp32) of the fp64 reference. ref(r, c, &absSum) gives the reference.
Validation validateOutput(const std::vector<std::uint16_t> &y, int rows, int n,
                          const std::function<double(int, int, double *)> &ref,
                          long long macsPerOutput, Rng &rng, double absTol = 0x1.0p-16) {
    Validation v;
    long long nonFinite = 0;
    for (std::uint16_t b : y) {
        if (!std::isfinite(bf16ToFloat(b))) {
            ++nonFinite;
        }
    }
    std::vector<std::pair<int, int>> points;
    const long long outputs = (long long)rows * n;
    if (outputs * macsPerOutput <= 300'000'000LL) {
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < n; ++c) {
                points.emplace_back(r, c);
            }
        }
    } else {
        points = {{0, 0}, {rows - 1, n - 1}, {0, n - 1}, {rows - 1, 0}};
        for (int i = 0; i < 4096; ++i) {
            points.emplace_back(rng.below(rows), rng.below(n));
        }
    }
    double maxErr = 0.0;
    double maxRef = 0.0;
    long long bad = 0;
    for (const auto &[r, c] : points) {
        double absSum = 0.0;
        const double expected = ref(r, c, &absSum);
        const double got = bf16ToFloat(y[std::size_t(r) * n + c]);
        const double err = std::fabs(got - expected);
        if (std::isfinite(got)) {
            maxErr = std::max(maxErr, err);
        }
        maxRef = std::max(maxRef, std::fabs(expected));
        const double tol = 0x1.0p-8 * std::fabs(expected) + absTol * absSum + 1e-30;
        if (!(err <= tol)) {
            ++bad;
        }
    }
    v.maxRel = maxRef > 0 ? maxErr / maxRef : maxErr;
    v.ok = nonFinite == 0 && bad == 0;
    v.note = "checked " + std::to_string(points.size()) + " of " + std::to_string(outputs) +
             " outputs vs fp64";
    if (nonFinite) {
        v.note += "; " + std::to_string(nonFinite) + " NaN/inf or unwritten";
    }
    if (bad) {
        v.note += "; " + std::to_string(bad) + " outside bf16 bounds";
    }
    return v;
}

/// Timing with CUDA events: warm-up, then `reps` calls each between two events; median.
struct Timer {
    cudaStream_t stream;
    bool quick;

    double medianUs(const std::function<void(int)> &launch, double expectedUs = 0.0) const {
        launch(0);
        launch(1);
        BENCH_CUDA(cudaStreamSynchronize(stream));
        // Size the repeat count from one timed call: about 30 ms (quick) or 150 ms per case.
        cudaEvent_t a, b;
        BENCH_CUDA(cudaEventCreate(&a));
        BENCH_CUDA(cudaEventCreate(&b));
        BENCH_CUDA(cudaEventRecord(a, stream));
        launch(2);
        BENCH_CUDA(cudaEventRecord(b, stream));
        BENCH_CUDA(cudaEventSynchronize(b));
        float ms = 0.0f;
        BENCH_CUDA(cudaEventElapsedTime(&ms, a, b));
        const double oneUs = std::max(double(ms) * 1000.0, std::max(expectedUs, 1.0));
        const double budgetUs = quick ? 30'000.0 : 150'000.0;
        const int reps = std::clamp(int(budgetUs / oneUs), quick ? 5 : 10, quick ? 100 : 400);
        std::vector<cudaEvent_t> starts(reps), stops(reps);
        for (int i = 0; i < reps; ++i) {
            BENCH_CUDA(cudaEventCreate(&starts[i]));
            BENCH_CUDA(cudaEventCreate(&stops[i]));
        }
        for (int i = 0; i < reps; ++i) {
            BENCH_CUDA(cudaEventRecord(starts[i], stream));
            launch(3 + i);
            BENCH_CUDA(cudaEventRecord(stops[i], stream));
        }
        BENCH_CUDA(cudaStreamSynchronize(stream));
        std::vector<double> us(reps);
        for (int i = 0; i < reps; ++i) {
            float t = 0.0f;
            BENCH_CUDA(cudaEventElapsedTime(&t, starts[i], stops[i]));
            us[i] = double(t) * 1000.0;
            cudaEventDestroy(starts[i]);
            cudaEventDestroy(stops[i]);
        }
        cudaEventDestroy(a);
        cudaEventDestroy(b);
        std::nth_element(us.begin(), us.begin() + reps / 2, us.end());
        return us[reps / 2];
    }
};

struct Context {
    cudaStream_t stream = nullptr;
    cublasHandle_t blas = nullptr;
    std::size_t l2Bytes = 0;
    double copyBps = 0.0;
    bool quick = true;
    Rng rng{1};
    Timer timer{nullptr, true};
    std::string nativeSupport; ///< empty: the sm_100a native GEMM runs here, else why not
    std::string wgmmaSupport;  ///< empty: the sm_90a wgmma GEMM (v3) runs here, else why not
};

std::string shapeName(int m, int n, int k) {
    // Appends rather than "m" + std::to_string(...): GCC 12 warns falsely (-Wrestrict) there.
    std::string s = "m";
    s += std::to_string(m);
    s += "_n";
    s += std::to_string(n);
    s += "_k";
    s += std::to_string(k);
    return s;
}

/// Copies whose total exceeds 4x the L2, so that rotating through them measures DRAM.
int copiesBeyondL2(std::size_t bytesPerCopy, std::size_t l2Bytes) {
    const double want = 4.0 * double(l2Bytes) / double(std::max<std::size_t>(bytesPerCopy, 1));
    return std::clamp(int(std::ceil(want)) + 1, 2, 64);
}

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
/// Sets the GEMV path override for one scope (mxfp4_gemv_select.h) and restores Auto.
struct PathScope {
    explicit PathScope(kc::GemvKernel path) { kc::setGemvKernelOverride(path); }
    ~PathScope() { kc::setGemvKernelOverride(kc::GemvKernel::Auto); }
    PathScope(const PathScope &) = delete;
    PathScope &operator=(const PathScope &) = delete;
};

const char *pathSuffix(kc::GemvKernel path) {
    return path == kc::GemvKernel::V3       ? "_v3"
           : path == kc::GemvKernel::V4     ? "_v4"
           : path == kc::GemvKernel::V5     ? "_v5"
           : path == kc::GemvKernel::Legacy ? "_legacy"
                                            : "";
}

/// path Auto: the row "gemv" with cuBLAS beside it; V3 / Legacy: "gemv_v3" / "gemv_legacy",
/// the same validation and timing of that forced path, without cuBLAS.
void benchGemv(Context &ctx, const Matrix &w, const DeviceWeights &d,
               const std::vector<DeviceBuffer<std::uint16_t>> &wBf16, int m,
               std::vector<KernelBenchRow> &rows, kc::GemvKernel path = kc::GemvKernel::Auto) {
    const PathScope scope(path);
    const int n = w.n;
    const int k = w.k;
    KernelBenchRow row;
    row.kernel = std::string("gemv") + pathSuffix(path);
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
    if (path != kc::GemvKernel::Auto) {
        rows.push_back(row);
        return;
    }

    DeviceBuffer<std::uint16_t> yBlas(std::size_t(m) * n);
    KernelBenchRow blas = benchCublas(ctx, wBf16, x, m, n, k, yBlas);
    row.pctOfCublasBf16 = 100.0 * blas.timeUs / row.timeUs;
    rows.push_back(row);
    rows.push_back(blas);
}

/// Diagnostic pure reads of the weights + scales (no decode, garbage result): "stream_read_
/// v2pattern" (v2's grid and load order at m = 1) or "stream_read_ideal" (contiguous ranges per
/// CTA, 8 x 16-byte loads in flight per thread). Bytes = packed weights + scales; not validated
/// (correct = true), only timed with the same weight rotation as the GEMV rows.
KernelBenchRow benchStreamRead(Context &ctx, const Matrix &w, const DeviceWeights &d, bool ideal) {
    KernelBenchRow row;
    row.kernel = ideal ? "stream_read_ideal" : "stream_read_v2pattern";
    row.shape = shapeName(1, w.n, w.k);
    row.m = 1;
    row.n = w.n;
    row.k = w.k;
    DeviceBuffer<std::uint32_t> out(std::size_t(w.n));
    BENCH_CUDA(cudaMemsetAsync(out.get(), 0, out.bytes(), ctx.stream));
    const int copies = d.copies();
    auto launch = [&](int i) {
        const std::uint8_t *e = d.e2m1[i % copies].get();
        const std::uint8_t *s = d.sf[i % copies].get();
        checkLaunch(ideal ? kc::launchStreamReadIdeal(e, s, w.n, w.k, out.get(), ctx.stream)
                          : kc::launchStreamReadV2Pattern(e, s, w.n, w.k, out.get(), ctx.stream));
    };
    launch(0);
    BENCH_CUDA(cudaStreamSynchronize(ctx.stream));
    row.timeUs = ctx.timer.medianUs(launch);
    fillRates(row, double(w.packedBytes() + w.scaleBytes()), 0.0, ctx.copyBps);
    row.correct = true;
    row.note = ideal ? "diagnostic, no decode: contiguous 16-byte stream, 8 loads in flight per "
                       "thread, 8 CTAs x 256 per SM; bytes = weights + scales; not validated"
                     : "diagnostic, no decode: v2 grid and load pattern at m = 1, XOR of the "
                       "words; bytes = weights + scales; not validated";
    return row;
}

/// Sets the prefill GEMM override for one scope (mxfp4_gemm_select.h) and restores Auto.
struct PrefillScope {
    explicit PrefillScope(kc::PrefillKernel kernel) { kc::setPrefillKernelOverride(kernel); }
    ~PrefillScope() { kc::setPrefillKernelOverride(kc::PrefillKernel::Auto); }
    PrefillScope(const PrefillScope &) = delete;
    PrefillScope &operator=(const PrefillScope &) = delete;
};

/// Prefill GEMM for one m: validate (sampled), time, and cuBLAS bf16 beside it. `kernel` names
/// the row (the path is whatever the override selects); with timeCublas false the ratio is
/// taken from the cublas_bf16 row already measured for this shape (no second cuBLAS timing).
void benchGemm(Context &ctx, const Matrix &w, const PrefillPacked &packed,
               const std::vector<DeviceBuffer<std::uint8_t>> &pData,
               const std::vector<DeviceBuffer<std::uint8_t>> &pSf,
               const std::vector<DeviceBuffer<std::uint16_t>> &wBf16, int m,
               std::vector<KernelBenchRow> &rows, const char *kernel = "gemm",
               bool timeCublas = true) {
    const int n = w.n;
    const int k = w.k;
    KernelBenchRow row;
    row.kernel = kernel;
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
    if (kc::prefillKernelOverride() == kc::PrefillKernel::V3) {
        row.note += "; wgmma m64n256k16 (sm_90a), W decoded in registers as A";
    }
    const int copies = int(pData.size());
    row.timeUs = ctx.timer.medianUs([&](int i) {
        checkLaunch(kc::launchPrefillGemm(x.get(), m, pData[i % copies].get(),
                                          pSf[i % copies].get(), n, k, packed.nPadded,
                                          packed.kPadded, y.get(), ctx.stream));
    });
    const double bytes =
        double(packed.data.size() + packed.sf.size()) + 2.0 * m * double(k) + 2.0 * m * double(n);
    fillRates(row, bytes, 2.0 * m * double(n) * k, ctx.copyBps);
    if (!timeCublas) {
        for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
            if (it->kernel == "cublas_bf16" && it->shape == row.shape && it->timeUs > 0.0) {
                row.pctOfCublasBf16 = 100.0 * it->timeUs / row.timeUs;
                break;
            }
        }
        rows.push_back(row);
        return;
    }
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
        benchGemv(ctx, w, d, wBf16, m, rows, kc::GemvKernel::V4);
        if (m <= 2) { // v5 serves 1 or 2 rows only (else the Auto dispatch)
            benchGemv(ctx, w, d, wBf16, m, rows, kc::GemvKernel::V5);
        }
    }
    if (withDequant) {
        // The large shape: is the memory side (pattern, bytes in flight) or the decode the
        // limit? Pure reads with v2's pattern and with an ideal contiguous stream, then v4
        // (contiguous rows, x in registers) against the previous path at m = 2 and 8 (m = 1, 4,
        // 16 are in the loop above; v3 was measured in run 4 and is left out to save time).
        rows.push_back(benchStreamRead(ctx, w, d, false));
        rows.push_back(benchStreamRead(ctx, w, d, true));
        for (int m : {1, 2, 8}) {
            benchGemv(ctx, w, d, wBf16, m, rows, kc::GemvKernel::Legacy);
        }
        for (int m : {2, 8}) {
            benchGemv(ctx, w, d, wBf16, m, rows, kc::GemvKernel::V4);
        }
        if (std::find(decodeMs.begin(), decodeMs.end(), 2) == decodeMs.end()) {
            benchGemv(ctx, w, d, wBf16, 2, rows, kc::GemvKernel::V5);
        }
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
            if (ctx.wgmmaSupport.empty()) {
                // v3 (wgmma, sm_90a) beside the default and cuBLAS of the same shape.
                const PrefillScope v3(kc::PrefillKernel::V3);
                benchGemm(ctx, w, packed, pData, pSf, wBf16, m, rows, "gemm_v3", false);
            }
            if (ctx.nativeSupport.empty()) {
                benchGemmNative(ctx, w, d, m, rows);
            }
        }
        if (n == 28672 && std::find(prefillMs.begin(), prefillMs.end(), 4096) != prefillMs.end()) {
            // The previous GEMM (v1) beside the default, on the large shape at M = 4096.
            const PrefillScope v1(kc::PrefillKernel::V1);
            benchGemm(ctx, w, packed, pData, pSf, wBf16, 4096, rows, "gemm_v1", false);
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
    // Sized for the previous path (v1 may split K); v3 / v4 need none.
    const std::size_t wsBytes = [&] {
        const PathScope legacy(kc::GemvKernel::Legacy);
        return kc::moeGemvWorkspaceBytes(pairs, maxRows, maxUnits, n, k);
    }();
    DeviceBuffer<float> ws(std::max<std::size_t>(wsBytes / sizeof(float), 1));
    DeviceBuffer<std::uint16_t> y(std::size_t(pairs) * n);
    auto launch = [&](const Routing &rt) {
        checkLaunch(kc::launchMoeGemv(x.get(), rt.dTokens.get(), pairs, rt.dUnits.get(),
                                      int(rt.units.size()), maxRows, e2m1.get(), sf.get(), experts,
                                      n, k, y.get(), wsBytes ? ws.get() : nullptr, wsBytes,
                                      ctx.stream));
    };
    const Routing &r0 = routing[0];
    const KernelBenchRow base = row;
    for (kc::GemvKernel path :
         {kc::GemvKernel::Auto, kc::GemvKernel::V4, kc::GemvKernel::Legacy, kc::GemvKernel::V5}) {
        if (path == kc::GemvKernel::V5 && maxRows > 2) {
            continue; // v5 serves units of 1 or 2 rows only
        }
        const PathScope scope(path);
        row = base;
        row.kernel = std::string("moe_gemv") + pathSuffix(path);
        BENCH_CUDA(cudaMemsetAsync(y.get(), 0xFF, y.bytes(), ctx.stream));
        launch(routing[0]);
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
        const double touched = double(r0.units.size() > 0 ? [&] {
        int distinct = 1;
        for (std::size_t i = 1; i < r0.expertOfRow.size(); ++i) {
            distinct += r0.expertOfRow[i] != r0.expertOfRow[i - 1];
        }
        return distinct;
    }() : 0);
        const double expertBytes = double(n) * k / 2 + double(n) * k / kBlockSize;
        const double bytes =
            touched * expertBytes + 2.0 * tokens * double(k) + 2.0 * pairs * double(n);
        fillRates(row, bytes, 2.0 * pairs * double(n) * k, ctx.copyBps);
        rows.push_back(row);
    }
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
        row.note = "not supported here: " + (colon == std::string::npos ? why : why.substr(colon + 2));
        report.rows.push_back(row);
    };
    ctx.wgmmaSupport = kc::prefillWgmmaSupport();
    if (!ctx.wgmmaSupport.empty()) {
        notSupportedRow("gemm_v3", ctx.wgmmaSupport);
    }
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
