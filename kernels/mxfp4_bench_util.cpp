// SPDX-License-Identifier: MIT
// The host harness of mxfp4_bench_util.h.
#include "mxfp4_bench_util.h"

#include <cmath>
#include <cstring>

namespace hostplan::mxfp4::bench {

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

std::string shapeName(int m, int n, int k, const char *prefix) {
    // Appends rather than "m" + std::to_string(...): GCC 12 warns falsely (-Wrestrict) there.
    std::string s = prefix;
    s += "m";
    s += std::to_string(m);
    s += "_n";
    s += std::to_string(n);
    s += "_k";
    s += std::to_string(k);
    return s;
}

void checkLaunch(const std::string &error) {
    if (!error.empty()) {
        throw BenchError(error);
    }
}

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

std::vector<std::uint16_t> randomBf16(std::size_t count, Rng &rng) {
    std::vector<std::uint16_t> v(count);
    for (auto &x : v) {
        const double u = double(rng.next() >> 11) * 0x1.0p-53;
        x = floatToBf16(float(2.0 * u - 1.0));
    }
    return v;
}

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

Validation validateOutput(const std::vector<std::uint16_t> &y, int rows, int n,
                          const std::function<double(int, int, double *)> &ref,
                          long long macsPerOutput, Rng &rng, double absTol) {
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

double Timer::medianUs(const std::function<void(int)> &launch, double expectedUs) const {
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

int copiesBeyondL2(std::size_t bytesPerCopy, std::size_t l2Bytes) {
    const double want = 4.0 * double(l2Bytes) / double(std::max<std::size_t>(bytesPerCopy, 1));
    return std::clamp(int(std::ceil(want)) + 1, 2, 64);
}

} // namespace hostplan::mxfp4::bench
