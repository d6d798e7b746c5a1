// SPDX-License-Identifier: MIT
// Host-side harness shared by the kernel benchmark (mxfp4_bench.cpp) and the experiments in
// kernels/dev/: errors as exceptions (BenchError, caught by each program's entry point, never
// across the folder boundary), an owning device buffer, fast random MXFP4 weights and bf16
// activations, an fp64 reference dot product with the tolerance check the method of
// mxfp4_bench.h describes, CUDA-event timing, and the weight rotation beyond L2. CUDA runtime
// only (no kernels, no cuBLAS).
#pragma once

#include "mxfp4.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hostplan::mxfp4::bench {

/// Every failure inside the harness and its callers: a CUDA error, a launcher's message.
struct BenchError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// "file.cpp:123" (base name only).
std::string where(const char *file, int line);
/// Throws BenchError naming the call and the CUDA error when e is not cudaSuccess.
void checkCuda(cudaError_t e, const char *what, const char *file, int line);
/// A case's name: prefix + "m<m>_n<n>_k<k>", e.g. "m1_n2048_k7168".
std::string shapeName(int m, int n, int k, const char *prefix = "");
/// Throws BenchError(error) when a launcher returned a message.
void checkLaunch(const std::string &error);
#define BENCH_CUDA(call) ::hostplan::mxfp4::bench::checkCuda((call), #call, __FILE__, __LINE__)

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
Matrix randomMatrix(int n, int k, Rng &rng);

/// Random bf16 activations in [-1, 1).
std::vector<std::uint16_t> randomBf16(std::size_t count, Rng &rng);

/// fp64 dot product of bf16 row x with weight row `row` of w; absSum gets sum |x * w|.
double referenceDot(const std::uint16_t *x, const Matrix &w, int row, double *absSum);

/// Result of validateOutput.
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
                          long long macsPerOutput, Rng &rng, double absTol = 0x1.0p-16);

/// Timing with CUDA events: warm-up, then a repeat count sized from one timed call (about
/// 30 ms per case when quick, else 150 ms), each call between two events; the median.
/// launch(i) gets the call index (for rotating weight copies).
struct Timer {
    cudaStream_t stream;
    bool quick;

    double medianUs(const std::function<void(int)> &launch, double expectedUs = 0.0) const;
};

/// Copies whose total exceeds 4x the L2, so that rotating through them measures DRAM.
int copiesBeyondL2(std::size_t bytesPerCopy, std::size_t l2Bytes);

} // namespace hostplan::mxfp4::bench
