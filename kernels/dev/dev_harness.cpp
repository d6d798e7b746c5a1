// SPDX-License-Identifier: MIT
// The driver of dev_harness.h. Errors inside are thrown as bench::BenchError and caught at each
// run* entry point, where they count as a failed check.
#include "dev_harness.h"

#include "mxfp4_bench_util.h"
#include "mxfp4_cuda.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <tuple>

namespace hostplan::mxfp4::dev {

namespace {

using namespace hostplan::mxfp4::bench;
namespace kc = hostplan::mxfp4::cuda;

/// Weight shapes of the benchmark (mxfp4_bench.cpp): expert 2048 x 7168 both ways and the
/// large 28672 x 8192.
const std::vector<std::pair<int, int>> kTimedShapes = {{2048, 7168}, {7168, 2048}, {28672, 8192}};

bool haveDevice() {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    return e == cudaSuccess && count > 0;
}

/// Copy of w with every e2m1 sign bit cleared: gemmReferenceF64 with |x| gives sum |x * w|.
Matrix absMatrix(const Matrix &w) {
    Matrix a = w;
    for (auto &b : a.e2m1) {
        b &= 0x77;
    }
    return a;
}

/// Rows [first, first + n) of a stacked matrix (one expert).
Matrix rowsOf(const Matrix &all, int first, int n) {
    Matrix w;
    w.n = n;
    w.k = all.k;
    const auto codes = all.e2m1.begin() + std::ptrdiff_t(first) * (all.k / 2);
    w.e2m1.assign(codes, codes + std::ptrdiff_t(n) * (all.k / 2));
    const auto scales = all.sf.begin() + std::ptrdiff_t(first) * (all.k / kBlockSize);
    w.sf.assign(scales, scales + std::ptrdiff_t(n) * (all.k / kBlockSize));
    return w;
}

/// Output row r of a call: which bf16 x row and which weights (expert) produced it.
struct RowSource {
    const std::uint16_t *x;
    const Matrix *w;
};

/// y [rows][n] from a NaN-poisoned buffer: every element finite, and the sampled rows (first,
/// middle, last) within 2^-8 |ref| + absTol sum |x * w| of gemmReferenceF64 (kernels/mxfp4.cpp).
std::string checkY(const std::vector<std::uint16_t> &y, int rows, int n, int k,
                   const std::function<RowSource(int)> &source, double absTol = 0x1.0p-16) {
    long long nonFinite = 0;
    for (std::uint16_t b : y) {
        nonFinite += !std::isfinite(bf16ToFloat(b));
    }
    std::vector<int> sample = {0, rows / 2, rows - 1};
    sample.erase(std::unique(sample.begin(), sample.end()), sample.end());
    long long bad = 0;
    std::vector<float> xf(static_cast<std::size_t>(k)), xa(static_cast<std::size_t>(k));
    std::vector<double> ref(static_cast<std::size_t>(n)), refAbs(static_cast<std::size_t>(n));
    const Matrix *lastW = nullptr;
    Matrix wAbs;
    for (int r : sample) {
        const RowSource src = source(r);
        if (src.w != lastW) {
            wAbs = absMatrix(*src.w);
            lastW = src.w;
        }
        for (int c = 0; c < k; ++c) {
            xf[std::size_t(c)] = bf16ToFloat(src.x[c]);
            xa[std::size_t(c)] = std::fabs(xf[std::size_t(c)]);
        }
        gemmReferenceF64(xf.data(), 1, *src.w, ref.data());
        gemmReferenceF64(xa.data(), 1, wAbs, refAbs.data());
        for (int c = 0; c < n; ++c) {
            const double got = bf16ToFloat(y[std::size_t(r) * n + std::size_t(c)]);
            const double want = ref[std::size_t(c)];
            const double tol = 0x1.0p-8 * std::fabs(want) + absTol * refAbs[std::size_t(c)] + 1e-30;
            bad += !(std::fabs(got - want) <= tol);
        }
    }
    if (nonFinite == 0 && bad == 0) {
        return {};
    }
    return std::to_string(nonFinite) + " NaN/unwritten, " + std::to_string(bad) +
           " outside bounds in " + std::to_string(sample.size()) + " checked rows";
}

void printCase(const char *program, const std::string &name, const std::string &error, double us,
               double bytes, double flops, double libUs, Tally &tally) {
    (error.empty() ? tally.passed : tally.failed) += 1;
    std::printf("%s %-36s check %s%s%s", program, name.c_str(), error.empty() ? "PASS" : "FAIL",
                error.empty() ? "" : " ", error.c_str());
    if (us > 0) {
        std::printf(" time_us %.2f GB/s %.1f", us, bytes / (us * 1e-6) / 1e9);
        if (flops > 0) {
            std::printf(" TFLOP/s %.1f", flops / (us * 1e-6) / 1e12);
        }
        if (libUs > 0) {
            std::printf(" lib_us %.2f", libUs);
        }
    }
    std::printf("\n");
    std::fflush(stdout);
}

/// Weights uploaded in enough copies to rotate beyond L2.
struct Rotated {
    std::vector<DeviceBuffer<std::uint8_t>> e2m1, sf;
    Rotated(const Matrix &w, std::size_t l2Bytes) {
        const int copies = copiesBeyondL2(w.packedBytes() + w.scaleBytes(), l2Bytes);
        for (int c = 0; c < copies; ++c) {
            e2m1.emplace_back(w.packedBytes());
            sf.emplace_back(w.scaleBytes());
            e2m1.back().upload(w.e2m1.data(), w.packedBytes());
            sf.back().upload(w.sf.data(), w.scaleBytes());
        }
    }
    int copies() const { return int(e2m1.size()); }
};

std::size_t l2BytesOfDevice() {
    int device = 0;
    int l2 = 0;
    BENCH_CUDA(cudaGetDevice(&device));
    BENCH_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    return std::size_t(std::max(l2, 1 << 20));
}

/// Plain GEMV case: check, then (when timed) time the variant and launchGemv.
void gemvCase(const GemvExperiment &ex, const GemvLaunch &launch, int m, int n, int k, bool timed,
              Rng &rng, Tally &tally) {
    const std::string name = shapeName(m, n, k, "gemv_");
    const Matrix w = randomMatrix(n, k, rng);
    const std::vector<std::uint16_t> xh = randomBf16(std::size_t(m) * k, rng);
    const Rotated d(w, timed ? l2BytesOfDevice() : 0);
    DeviceBuffer<std::uint16_t> x(xh.size()), y(std::size_t(m) * n);
    x.upload(xh.data(), xh.size());
    BENCH_CUDA(cudaMemset(y.get(), 0xFF, y.bytes()));
    auto args = [&](int i) {
        return kc::detail::plainGemvArgs(x.get(), m, d.e2m1[std::size_t(i % d.copies())].get(),
                                         d.sf[std::size_t(i % d.copies())].get(), n, k, y.get());
    };
    std::string error = launch(args(0), m, 1, nullptr);
    BENCH_CUDA(cudaDeviceSynchronize());
    if (error.empty()) {
        error = checkY(y.download(), m, n, k, [&](int r) {
            return RowSource{xh.data() + std::size_t(r) * k, &w};
        });
    }
    double us = 0, libUs = 0;
    if (timed && error.empty()) {
        const Timer timer{nullptr, false};
        us = timer.medianUs([&](int i) { checkLaunch(launch(args(i), m, 1, nullptr)); });
        const std::size_t wsBytes = kc::gemvWorkspaceBytes(m, n, k);
        DeviceBuffer<float> ws(std::max<std::size_t>(wsBytes / 4, 1));
        libUs = timer.medianUs([&](int i) {
            const kc::detail::GemvArgs a = args(i);
            checkLaunch(
                kc::launchGemv(a.x, m, a.e2m1, a.sf, n, k, a.y, ws.get(), wsBytes, nullptr));
        });
    }
    const double bytes = double(w.packedBytes() + w.scaleBytes()) + 2.0 * m * (double(k) + n);
    printCase(ex.program, name, error, us, bytes, 2.0 * m * double(n) * k, libUs, tally);
}

/// Grouped (MoE) case: `tokens` tokens routed to `topK` of `experts` experts [n][k].
void moeCase(const GemvExperiment &ex, const GemvLaunch &launch, int experts, int tokens, int topK,
             int n, int k, bool timed, Rng &rng, Tally &tally) {
    const std::string name = "moe_e" + std::to_string(experts) + "_t" + std::to_string(tokens) +
                             "_top" + std::to_string(topK) + "_n" + std::to_string(n) + "_k" +
                             std::to_string(k);
    const Matrix all = randomMatrix(experts * n, k, rng);
    const std::vector<std::uint16_t> xh = randomBf16(std::size_t(tokens) * k, rng);
    std::vector<std::pair<int, int>> pairs; // (expert, token)
    for (int t = 0; t < tokens; ++t) {
        std::vector<int> ids(static_cast<std::size_t>(experts));
        for (int e = 0; e < experts; ++e) {
            ids[std::size_t(e)] = e;
        }
        for (int i = 0; i < topK; ++i) {
            std::swap(ids[std::size_t(i)], ids[std::size_t(i + rng.below(experts - i))]);
            pairs.emplace_back(ids[std::size_t(i)], t);
        }
    }
    std::sort(pairs.begin(), pairs.end());
    std::vector<int> expertOfRow, tokenOfRow;
    for (const auto &[e, t] : pairs) {
        expertOfRow.push_back(e);
        tokenOfRow.push_back(t);
    }
    const std::vector<MoeWorkUnit> units = makeMoeWorkUnits(expertOfRow);
    int maxRows = 0;
    for (const MoeWorkUnit &u : units) {
        maxRows = std::max(maxRows, u.rowCount);
    }
    if (maxRows > ex.maxRowsPerUnit) {
        return;
    }
    const int rows = int(pairs.size());
    DeviceBuffer<std::uint8_t> e2m1(all.packedBytes()), sf(all.scaleBytes());
    e2m1.upload(all.e2m1.data(), all.packedBytes());
    sf.upload(all.sf.data(), all.scaleBytes());
    DeviceBuffer<std::uint16_t> x(xh.size()), y(std::size_t(rows) * n);
    x.upload(xh.data(), xh.size());
    DeviceBuffer<int> tok(tokenOfRow.size());
    tok.upload(tokenOfRow.data(), tokenOfRow.size());
    DeviceBuffer<MoeWorkUnit> un(units.size());
    un.upload(units.data(), units.size());
    BENCH_CUDA(cudaMemset(y.get(), 0xFF, y.bytes()));
    const kc::detail::GemvArgs args =
        kc::detail::moeGemvArgs(x.get(), tok.get(), un.get(), e2m1.get(), sf.get(), n, k, y.get());
    const int numUnits = int(units.size());
    std::string error = launch(args, maxRows, numUnits, nullptr);
    BENCH_CUDA(cudaDeviceSynchronize());
    if (error.empty()) {
        std::vector<Matrix> expertW(static_cast<std::size_t>(experts));
        error = checkY(y.download(), rows, n, k, [&](int r) {
            Matrix &w = expertW[std::size_t(expertOfRow[std::size_t(r)])];
            if (w.n == 0) {
                w = rowsOf(all, expertOfRow[std::size_t(r)] * n, n);
            }
            return RowSource{xh.data() + std::size_t(tokenOfRow[std::size_t(r)]) * k, &w};
        });
    }
    double us = 0, libUs = 0;
    if (timed && error.empty()) {
        const Timer timer{nullptr, false};
        us = timer.medianUs([&](int) { checkLaunch(launch(args, maxRows, numUnits, nullptr)); });
        const std::size_t wsBytes = kc::moeGemvWorkspaceBytes(rows, maxRows, numUnits, n, k);
        DeviceBuffer<float> ws(std::max<std::size_t>(wsBytes / 4, 1));
        libUs = timer.medianUs([&](int) {
            checkLaunch(kc::launchMoeGemv(x.get(), tok.get(), rows, un.get(), numUnits, maxRows,
                                          e2m1.get(), sf.get(), experts, n, k, y.get(), ws.get(),
                                          wsBytes, nullptr));
        });
    }
    const double expertBytes = double(n) * k / 2 + double(n) * k / kBlockSize;
    const long long distinct =
        std::unique(expertOfRow.begin(), expertOfRow.end()) - expertOfRow.begin(); // sorted
    const double bytes =
        double(distinct) * expertBytes + 2.0 * tokens * double(k) + 2.0 * rows * double(n);
    printCase(ex.program, name, error, us, bytes, 2.0 * rows * double(n) * k, libUs, tally);
}

Rng seededRng() {
    return Rng{std::random_device{}() | (std::uint64_t(std::random_device{}()) << 32) | 1};
}

} // namespace

int smCount() {
    int device = 0;
    int sms = 0;
    BENCH_CUDA(cudaGetDevice(&device));
    BENCH_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return std::max(sms, 1);
}

int finish(const char *program, const Tally &tally) {
    std::printf("%s: %d passed, %d failed\n", program, tally.passed, tally.failed);
    return tally.failed == 0 ? 0 : 1;
}

int runGemvExperiment(const GemvExperiment &ex, const GemvLaunch &launch) {
    if (!haveDevice()) {
        std::printf("%s: SKIP, no CUDA device\n", ex.program);
        return 77;
    }
    Tally tally;
    Rng rng = seededRng();
    try {
        // Checks at awkward shapes: n not a multiple of any tile, one row, k = 32, block
        // counts not a multiple of 4 or 32 (3, 129, 225), partial chunks, several K slices.
        for (int m : ex.rows) {
            for (const auto &[n, k] : std::vector<std::pair<int, int>>{
                     {37, 96}, {1, 32}, {130, 4128}, {3001, 7200}, {263, 8192}, {101, 8256}}) {
                gemvCase(ex, launch, m, n, k, false, rng, tally);
            }
        }
        for (int m : ex.rows) {
            for (const auto &[n, k] : kTimedShapes) {
                gemvCase(ex, launch, m, n, k, true, rng, tally);
            }
        }
        if (ex.grouped) {
            moeCase(ex, launch, 8, 1, 4, 96, 256, false, rng, tally);
            moeCase(ex, launch, 16, 2, 3, 130, 1056, false, rng, tally);
            moeCase(ex, launch, 4, 40, 2, 64, 512, false, rng, tally);
            moeCase(ex, launch, 128, 1, 16, 4096, 7168, true, rng, tally);
            moeCase(ex, launch, 128, 8, 16, 4096, 7168, true, rng, tally);
        }
    } catch (const BenchError &e) {
        printCase(ex.program, "cuda error", e.what(), 0, 0, 0, 0, tally);
    }
    return finish(ex.program, tally);
}

int runGemmExperiment(const char *program, const std::string &support, const GemmLaunch &launch) {
    if (!haveDevice() || !support.empty()) {
        std::printf("%s: SKIP, %s\n", program,
                    support.empty() ? "no CUDA device" : support.c_str());
        return 77;
    }
    Tally tally;
    Rng rng = seededRng();
    // Checks cut in every dimension (m = 1, m and n off every tile, odd K chunk counts), then
    // the benchmark's large shapes timed beside launchPrefillGemm.
    struct Shape {
        int m, n, k;
        bool timed;
    };
    const std::vector<Shape> shapes = {
        {1, 7, 32, false},         {37, 130, 96, false},     {256, 256, 512, false},
        {129, 1000, 1024, false},  {200, 37, 4128, false},   {2500, 384, 256, false},
        {4096, 2048, 7168, true},  {4096, 7168, 2048, true}, {4096, 28672, 8192, true},
        {8192, 28672, 8192, true},
    };
    try {
        const std::size_t l2 = l2BytesOfDevice();
        for (const Shape &s : shapes) {
            const Matrix w = randomMatrix(s.n, s.k, rng);
            const PrefillPacked p = repackPrefill(w);
            const std::vector<std::uint16_t> xh = randomBf16(std::size_t(s.m) * s.k, rng);
            const int copies = s.timed ? copiesBeyondL2(p.data.size() + p.sf.size(), l2) : 1;
            std::vector<DeviceBuffer<std::uint8_t>> data, sf;
            for (int c = 0; c < copies; ++c) {
                data.emplace_back(p.data.size());
                sf.emplace_back(p.sf.size());
                data.back().upload(p.data.data(), p.data.size());
                sf.back().upload(p.sf.data(), p.sf.size());
            }
            DeviceBuffer<std::uint16_t> x(xh.size()), y(std::size_t(s.m) * s.n);
            x.upload(xh.data(), xh.size());
            BENCH_CUDA(cudaMemset(y.get(), 0xFF, y.bytes()));
            auto run = [&](const GemmLaunch &fn, int i) {
                return fn(x.get(), s.m, data[std::size_t(i % copies)].get(),
                          sf[std::size_t(i % copies)].get(), s.n, s.k, p.nPadded, p.kPadded,
                          y.get(), nullptr);
            };
            std::string error = run(launch, 0);
            BENCH_CUDA(cudaDeviceSynchronize());
            if (error.empty()) {
                error = checkY(y.download(), s.m, s.n, s.k, [&](int r) {
                    return RowSource{xh.data() + std::size_t(r) * s.k, &w};
                });
            }
            double us = 0, libUs = 0;
            if (s.timed && error.empty()) {
                const Timer timer{nullptr, false};
                us = timer.medianUs([&](int i) { checkLaunch(run(launch, i)); });
                libUs = timer.medianUs([&](int i) { checkLaunch(run(kc::launchPrefillGemm, i)); });
            }
            const double bytes =
                double(p.data.size() + p.sf.size()) + 2.0 * s.m * (double(s.k) + double(s.n));
            printCase(program, shapeName(s.m, s.n, s.k, "gemm_"), error, us, bytes,
                      2.0 * s.m * double(s.n) * s.k, libUs, tally);
        }
    } catch (const BenchError &e) {
        printCase(program, "cuda error", e.what(), 0, 0, 0, 0, tally);
    }
    return finish(program, tally);
}

bool runReadExperiment(const char *program, const char *name, const ReadLaunch &launch,
                       const ReadExpected &expected, bool folded, Tally &tally) {
    if (!haveDevice()) {
        std::printf("%s: SKIP, no CUDA device\n", program);
        return false;
    }
    Rng rng = seededRng();
    try {
        for (const auto &[n, k, timed] : std::vector<std::tuple<int, int, bool>>{
                 {37, 96, false}, {130, 4128, false}, {3001, 7200, false}, {28672, 8192, true}}) {
            const Matrix w = randomMatrix(n, k, rng);
            const Rotated d(w, timed ? l2BytesOfDevice() : 0);
            DeviceBuffer<std::uint32_t> out(static_cast<std::size_t>(n));
            BENCH_CUDA(cudaMemset(out.get(), 0, out.bytes()));
            std::string error = launch(d.e2m1[0].get(), d.sf[0].get(), n, k, out.get(), nullptr);
            BENCH_CUDA(cudaDeviceSynchronize());
            std::vector<std::uint32_t> got = out.download();
            if (folded) {
                std::uint32_t all = 0;
                for (std::uint32_t word : got) {
                    all ^= word;
                }
                got = {all};
            }
            if (error.empty() && got != expected(w)) {
                error = "words differ from the CPU's XOR of the same bytes";
            }
            double us = 0, libUs = 0;
            if (timed && error.empty()) {
                const Timer timer{nullptr, false};
                us = timer.medianUs([&](int i) {
                    const int c = i % d.copies();
                    checkLaunch(launch(d.e2m1[std::size_t(c)].get(), d.sf[std::size_t(c)].get(), n,
                                       k, out.get(), nullptr));
                });
                DeviceBuffer<std::uint16_t> x(static_cast<std::size_t>(k)),
                    y(static_cast<std::size_t>(n));
                BENCH_CUDA(cudaMemset(x.get(), 0, x.bytes()));
                libUs = timer.medianUs([&](int i) {
                    const int c = i % d.copies();
                    checkLaunch(kc::launchGemv(x.get(), 1, d.e2m1[std::size_t(c)].get(),
                                               d.sf[std::size_t(c)].get(), n, k, y.get(), nullptr,
                                               0, nullptr));
                });
            }
            printCase(program, std::string(name) + "_" + shapeName(1, n, k, ""), error, us,
                      double(w.packedBytes() + w.scaleBytes()), 0.0, libUs, tally);
        }
    } catch (const BenchError &e) {
        printCase(program, "cuda error", e.what(), 0, 0, 0, 0, tally);
    }
    return true;
}

} // namespace hostplan::mxfp4::dev
