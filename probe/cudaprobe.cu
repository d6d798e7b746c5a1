// SPDX-License-Identifier: MIT
// CUDA parts of hostplan-probe's CUDA backend (backend_cuda.h): device discovery, the memory-fit
// test, copy bandwidth.
//
// Fit test kernels:
// - fill_pattern: each thread writes 16-byte words (uint4) of an address-dependent pattern,
//   word i of a chunk = pattern(i, seed ^ chunk), grid-stride over the chunk; a chunk whose
//   length is not a multiple of 16 has its last 1..15 bytes written by fill_tail.
// - verify_pattern: recomputes the pattern and compares, four independent 16-byte loads in
//   flight per thread; each thread adds its count of bad words to one device counter (no atomic
//   at all when everything matches).
// Bytes moved: the write pass writes every requested byte once, the verify pass reads it once;
// rates are bytes / time between CUDA events around all chunks of one pass (kernels queued
// back to back on one stream, after a warm-up launch so module loading stays out).
//
// Benchmarking: `hostplan-probe fit --bytes-per-gpu 80GiB` and `hostplan-probe bandwidth`;
// compare write/verify rates with the device copy rate of the bandwidth test (~4.3 TB/s read +
// write on an H200) — a pass that only writes or only reads should land near it.
#include "backend_cuda.h"
#include "driverversion.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace hostplan::probe {

namespace {

std::string cudaErrorText(cudaError_t e) {
    return std::string(cudaGetErrorName(e)) + " (" + cudaGetErrorString(e) + ")";
}

// "file:line: call failed: cudaErrorX (text)"
#define HP_CUDA_MSG(call, err)                                                                     \
    (std::string(__FILE__ ":") + std::to_string(__LINE__) + ": " + (call) +                        \
     " failed: " + cudaErrorText(err))

std::string versionText(int v) {
    if (v <= 0) {
        return {};
    }
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string kernelModuleVersion() {
    std::ifstream in("/proc/driver/nvidia/version");
    std::string line;
    if (!in || !std::getline(in, line)) {
        return {};
    }
    return nvidiaModuleVersion(line);
}

// Device allocations released on every path (RAII), on the device they came from.
class DeviceAllocations {
  public:
    explicit DeviceAllocations(int device) : m_device(device) {}
    DeviceAllocations(const DeviceAllocations &) = delete;
    DeviceAllocations &operator=(const DeviceAllocations &) = delete;
    ~DeviceAllocations() { release(); }

    cudaError_t allocate(std::size_t bytes, void **out) {
        void *p = nullptr;
        const cudaError_t e = cudaMalloc(&p, bytes);
        if (e == cudaSuccess) {
            m_ptrs.push_back(p);
            m_bytes.push_back(bytes);
            m_total += bytes;
            if (out) {
                *out = p;
            }
        }
        return e;
    }
    void release() {
        if (m_ptrs.empty()) {
            return;
        }
        cudaSetDevice(m_device);
        for (void *p : m_ptrs) {
            cudaFree(p);
        }
        m_ptrs.clear();
        m_bytes.clear();
        m_total = 0;
    }
    std::size_t count() const { return m_ptrs.size(); }
    void *ptr(std::size_t i) const { return m_ptrs[i]; }
    std::size_t bytes(std::size_t i) const { return m_bytes[i]; }
    std::uint64_t total() const { return m_total; }

  private:
    int m_device;
    std::vector<void *> m_ptrs;
    std::vector<std::size_t> m_bytes;
    std::uint64_t m_total = 0;
};

class Stream {
  public:
    Stream() { m_err = cudaStreamCreateWithFlags(&m_s, cudaStreamNonBlocking); }
    ~Stream() {
        if (m_err == cudaSuccess) {
            cudaStreamSynchronize(m_s);
            cudaStreamDestroy(m_s);
        }
    }
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
    cudaError_t error() const { return m_err; }
    cudaStream_t get() const { return m_s; }

  private:
    cudaStream_t m_s = nullptr;
    cudaError_t m_err;
};

class Event {
  public:
    Event() { m_err = cudaEventCreate(&m_e); }
    ~Event() {
        if (m_err == cudaSuccess) {
            cudaEventDestroy(m_e);
        }
    }
    Event(const Event &) = delete;
    Event &operator=(const Event &) = delete;
    cudaError_t error() const { return m_err; }
    cudaEvent_t get() const { return m_e; }

  private:
    cudaEvent_t m_e = nullptr;
    cudaError_t m_err;
};

class PinnedHost {
  public:
    ~PinnedHost() {
        if (m_pinned && m_p) {
            cudaFreeHost(m_p);
        } else {
            std::free(m_p);
        }
    }
    // Page-locked when possible, else pageable (pinned() says which).
    bool allocate(std::size_t bytes) {
        if (cudaMallocHost(&m_p, bytes) == cudaSuccess) {
            m_pinned = true;
            return true;
        }
        cudaGetLastError();
        m_p = std::malloc(bytes);
        return m_p != nullptr;
    }
    void *get() const { return m_p; }
    bool pinned() const { return m_pinned; }

  private:
    void *m_p = nullptr;
    bool m_pinned = false;
};

__device__ __forceinline__ uint4 patternAt(unsigned long long i, unsigned int seed) {
    const unsigned int lo = static_cast<unsigned int>(i);
    const unsigned int hi = static_cast<unsigned int>(i >> 32);
    uint4 v;
    v.x = lo ^ seed;
    v.y = hi ^ (seed * 0x9E3779B9u) ^ 0xA5A5A5A5u;
    v.z = (lo * 0x85EBCA6Bu) ^ (seed >> 3);
    v.w = ~(lo + seed) ^ (hi << 16);
    return v;
}

__device__ __forceinline__ unsigned char tailByte(unsigned long long j, unsigned int seed) {
    return static_cast<unsigned char>((seed >> 5) + 31u * static_cast<unsigned int>(j) + 7u);
}

__device__ __forceinline__ unsigned int differs(uint4 a, uint4 b) {
    return (a.x != b.x) | (a.y != b.y) | (a.z != b.z) | (a.w != b.w);
}

__global__ void fill_pattern(uint4 *__restrict__ p, unsigned long long n, unsigned int seed) {
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    for (unsigned long long i =
             blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
         i < n; i += stride) {
        p[i] = patternAt(i, seed);
    }
}

__global__ void verify_pattern(const uint4 *__restrict__ p, unsigned long long n, unsigned int seed,
                               unsigned long long *__restrict__ bad) {
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    unsigned long long count = 0;
    for (; i + 3 * stride < n; i += 4 * stride) {
        const uint4 a = p[i];
        const uint4 b = p[i + stride];
        const uint4 c = p[i + 2 * stride];
        const uint4 d = p[i + 3 * stride];
        count += differs(a, patternAt(i, seed)) + differs(b, patternAt(i + stride, seed)) +
                 differs(c, patternAt(i + 2 * stride, seed)) +
                 differs(d, patternAt(i + 3 * stride, seed));
    }
    for (; i < n; i += stride) {
        count += differs(p[i], patternAt(i, seed));
    }
    if (count) {
        atomicAdd(bad, count);
    }
}

__global__ void fill_tail(unsigned char *p, unsigned int n, unsigned int seed) {
    const unsigned int j = threadIdx.x;
    if (j < n) {
        p[j] = tailByte(j, seed);
    }
}

__global__ void verify_tail(const unsigned char *p, unsigned int n, unsigned int seed,
                            unsigned long long *bad) {
    const unsigned int j = threadIdx.x;
    if (j < n && p[j] != tailByte(j, seed)) {
        atomicAdd(bad, 1ull);
    }
}

unsigned int chunkSeed(unsigned int seed, std::size_t chunk) {
    return seed ^ (static_cast<unsigned int>(chunk) * 0x27D4EB2Du + 0x165667B1u);
}

} // namespace

namespace cuda {

std::string buildVersion() {
    return versionText(CUDART_VERSION);
}

Inventory listDevices() {
    Inventory inv;
    inv.built = true;
    int runtime = 0;
    int driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    inv.runtimeVersion = versionText(runtime);
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        cudaGetLastError();
        std::string msg = "no NVIDIA GPU: looked through the CUDA runtime " + inv.runtimeVersion +
                          " (cudaGetDeviceCount)";
        if (e != cudaSuccess) {
            msg += ", which reported " + cudaErrorText(e);
        } else {
            msg += ", which found 0 devices";
        }
        if (driver == 0) {
            msg += "; no NVIDIA driver (libcuda.so.1) was found";
        }
        inv.message = msg;
        return inv;
    }
    const std::string module = kernelModuleVersion();
    for (int d = 0; d < count; ++d) {
        DeviceInfo info;
        info.index = d;
        info.backend = "cuda";
        info.vendor = "NVIDIA";
        info.driverVersion = versionText(driver);
        info.runtimeVersion = inv.runtimeVersion;
        info.kernelModuleVersion = module;
        cudaDeviceProp prop{};
        cudaError_t pe = cudaGetDeviceProperties(&prop, d);
        if (pe != cudaSuccess) {
            cudaGetLastError();
            info.name = "CUDA device " + std::to_string(d) + " (" + cudaErrorText(pe) + ")";
            inv.devices.push_back(info);
            continue;
        }
        info.name = prop.name;
        info.computeCapability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
        info.smCount = prop.multiProcessorCount;
        info.memoryTotalBytes = prop.totalGlobalMem;
        info.memoryBusWidthBits = static_cast<std::uint64_t>(prop.memoryBusWidth);
        info.l2Bytes = static_cast<std::uint64_t>(prop.l2CacheSize);
        int clk = 0;
        if (cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, d) == cudaSuccess && clk > 0) {
            info.smClockKhz = static_cast<std::uint64_t>(clk);
        }
        int memClk = 0;
        if (cudaDeviceGetAttribute(&memClk, cudaDevAttrMemoryClockRate, d) == cudaSuccess &&
            memClk > 0) {
            info.memoryClockKhz = static_cast<std::uint64_t>(memClk);
        }
        cudaGetLastError();
        info.theoreticalBandwidthBytesPerS = 2.0 * static_cast<double>(info.memoryClockKhz) *
                                             1000.0 * static_cast<double>(info.memoryBusWidthBits) /
                                             8.0;
        char bus[32] = {};
        if (cudaDeviceGetPCIBusId(bus, sizeof bus, d) == cudaSuccess) {
            info.pciBusId = bus;
        }
        std::size_t freeB = 0;
        std::size_t totalB = 0;
        if (cudaSetDevice(d) == cudaSuccess && cudaMemGetInfo(&freeB, &totalB) == cudaSuccess) {
            info.memoryFreeBytes = freeB;
            info.memoryTotalBytes = totalB;
        }
        cudaGetLastError();
        inv.devices.push_back(info);
    }
    inv.available = !inv.devices.empty();
    return inv;
}

FitResult runFit(int device, const FitOptions &options, const CancelToken &cancel,
                 const ProgressFn &progress) {
    FitResult r;
    r.device = device;
    r.requestedBytes = options.requestedBytes;
    const auto report = [&](double f, const std::string &m) {
        if (progress) {
            progress(f, m);
        }
    };
    const auto fail = [&](StepStatus status, std::string message) {
        r.status = status;
        r.message = std::move(message);
        r.fits = false;
        return r;
    };

    cudaError_t e = cudaSetDevice(device);
    if (e != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaSetDevice", e));
    }
    cudaDeviceProp prop{};
    if ((e = cudaGetDeviceProperties(&prop, device)) != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaGetDeviceProperties", e));
    }
    r.deviceName = prop.name;

    // The probe's own small allocations (counter, stream) come first, so that "free" already
    // excludes them and the chunks never ask for more than the card reports free.
    DeviceAllocations small(device);
    unsigned long long *counter = nullptr;
    if ((e = small.allocate(sizeof(unsigned long long), reinterpret_cast<void **>(&counter))) !=
        cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaMalloc(counter)", e));
    }
    Stream stream;
    if (stream.error() != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaStreamCreate", stream.error()));
    }
    Event writeStart, writeEnd, verifyStart, verifyEnd;
    for (const Event *ev : {&writeStart, &writeEnd, &verifyStart, &verifyEnd}) {
        if (ev->error() != cudaSuccess) {
            return fail(StepStatus::Error, HP_CUDA_MSG("cudaEventCreate", ev->error()));
        }
    }

    std::size_t freeB = 0;
    std::size_t totalB = 0;
    if ((e = cudaMemGetInfo(&freeB, &totalB)) != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaMemGetInfo", e));
    }
    r.freeBytesBefore = freeB;
    r.freeBytesAfter = freeB;
    r.totalBytes = totalB;
    if (options.fractionOfFree > 0) {
        r.requestedBytes = bytesForFraction(freeB, options.fractionOfFree);
    }
    const FitDecision decision = decideFit(r.requestedBytes, freeB);
    r.headroomBytes = decision.headroomBytes;
    if (r.requestedBytes == 0) {
        return fail(StepStatus::Error, "requested 0 bytes");
    }
    if (!decision.fits) {
        // Refused before any allocation: the test never asks for more than reported free.
        return fail(StepStatus::DoesNotFit,
                    "needs " + formatBytes(r.requestedBytes) + " but only " + formatBytes(freeB) +
                        " is free (short by " + formatBytes(r.requestedBytes - freeB) + ")");
    }
    const Result<ChunkPlan> planned = planChunks(r.requestedBytes, options.chunkBytes);
    if (!planned.ok()) {
        return fail(StepStatus::Error, planned.error().toString());
    }
    const ChunkPlan &plan = planned.value();
    r.chunkBytes = plan.chunkBytes;
    r.chunks = plan.chunkCount;

    DeviceAllocations chunks(device);
    const auto finishFreed = [&](StepStatus status, std::string message) {
        r.allocatedBytes = std::max<std::uint64_t>(r.allocatedBytes, chunks.total());
        chunks.release();
        cudaDeviceSynchronize();
        std::size_t f = 0;
        std::size_t t = 0;
        if (cudaMemGetInfo(&f, &t) == cudaSuccess) {
            r.freeBytesAfter = f;
        }
        cudaGetLastError();
        return fail(status, std::move(message));
    };

    for (std::uint64_t i = 0; i < plan.chunkCount; ++i) {
        if (cancel.cancelled()) {
            return finishFreed(StepStatus::Interrupted, cancel.reasonText() + " while allocating");
        }
        const std::uint64_t bytes = plan.bytesOfChunk(i);
        e = chunks.allocate(static_cast<std::size_t>(bytes), nullptr);
        if (e != cudaSuccess) {
            cudaGetLastError(); // an out-of-memory error is not sticky; clear it
            const std::uint64_t got = chunks.total();
            return finishFreed(StepStatus::AllocationFailed,
                               "cudaMalloc of chunk " + std::to_string(i + 1) + "/" +
                                   std::to_string(plan.chunkCount) + " (" + formatBytes(bytes) +
                                   ") failed after " + formatBytes(got) + ": " + cudaErrorText(e));
        }
        if (i % 8 == 7 || i + 1 == plan.chunkCount) {
            report(0.6 * static_cast<double>(i + 1) / static_cast<double>(plan.chunkCount),
                   "allocated " + std::to_string(i + 1) + "/" + std::to_string(plan.chunkCount) +
                       " chunks");
        }
    }
    r.allocatedBytes = chunks.total();

    const int blocks = std::max(1, prop.multiProcessorCount) * 8;
    const int threads = 256;

    // Warm-up: load the kernels' module outside the timed region.
    fill_pattern<<<1, 32, 0, stream.get()>>>(static_cast<uint4 *>(chunks.ptr(0)), 0, 0);
    verify_pattern<<<1, 32, 0, stream.get()>>>(static_cast<const uint4 *>(chunks.ptr(0)), 0, 0,
                                               counter);
    if ((e = cudaGetLastError()) != cudaSuccess) {
        return finishFreed(StepStatus::Error, HP_CUDA_MSG("warm-up launch", e));
    }
    if ((e = cudaMemsetAsync(counter, 0, sizeof *counter, stream.get())) != cudaSuccess ||
        (e = cudaStreamSynchronize(stream.get())) != cudaSuccess) {
        return finishFreed(StepStatus::Error, HP_CUDA_MSG("warm-up", e));
    }
    report(0.65, "writing the pattern");

    cudaEventRecord(writeStart.get(), stream.get());
    for (std::size_t c = 0; c < chunks.count(); ++c) {
        const std::size_t bytes = chunks.bytes(c);
        const unsigned long long words = bytes / 16;
        const unsigned int tail = static_cast<unsigned int>(bytes % 16);
        const unsigned int seed = chunkSeed(options.seed, c);
        if (words) {
            fill_pattern<<<blocks, threads, 0, stream.get()>>>(static_cast<uint4 *>(chunks.ptr(c)),
                                                               words, seed);
        }
        if (tail) {
            fill_tail<<<1, 16, 0, stream.get()>>>(
                static_cast<unsigned char *>(chunks.ptr(c)) + words * 16, tail, seed);
        }
        if ((e = cudaGetLastError()) != cudaSuccess) {
            return finishFreed(StepStatus::Error, HP_CUDA_MSG("fill_pattern launch", e));
        }
    }
    cudaEventRecord(writeEnd.get(), stream.get());
    if ((e = cudaEventSynchronize(writeEnd.get())) != cudaSuccess) {
        return finishFreed(StepStatus::Error, HP_CUDA_MSG("write pass", e));
    }
    if (cancel.cancelled()) {
        return finishFreed(StepStatus::Interrupted, cancel.reasonText() + " after the write pass");
    }
    if (options.corruptOneWordForTest) {
        const std::size_t offset = (chunks.bytes(0) / 2) & ~static_cast<std::size_t>(15);
        if (chunks.bytes(0) >= 16) {
            cudaMemsetAsync(static_cast<unsigned char *>(chunks.ptr(0)) + offset, 0x5A, 16,
                            stream.get());
        }
    }
    report(0.8, "verifying the pattern");

    cudaEventRecord(verifyStart.get(), stream.get());
    for (std::size_t c = 0; c < chunks.count(); ++c) {
        const std::size_t bytes = chunks.bytes(c);
        const unsigned long long words = bytes / 16;
        const unsigned int tail = static_cast<unsigned int>(bytes % 16);
        const unsigned int seed = chunkSeed(options.seed, c);
        if (words) {
            verify_pattern<<<blocks, threads, 0, stream.get()>>>(
                static_cast<const uint4 *>(chunks.ptr(c)), words, seed, counter);
        }
        if (tail) {
            verify_tail<<<1, 16, 0, stream.get()>>>(
                static_cast<const unsigned char *>(chunks.ptr(c)) + words * 16, tail, seed,
                counter);
        }
        if ((e = cudaGetLastError()) != cudaSuccess) {
            return finishFreed(StepStatus::Error, HP_CUDA_MSG("verify_pattern launch", e));
        }
    }
    cudaEventRecord(verifyEnd.get(), stream.get());
    unsigned long long mismatches = 0;
    if ((e = cudaMemcpyAsync(&mismatches, counter, sizeof mismatches, cudaMemcpyDeviceToHost,
                             stream.get())) != cudaSuccess ||
        (e = cudaStreamSynchronize(stream.get())) != cudaSuccess) {
        return finishFreed(StepStatus::Error, HP_CUDA_MSG("verify pass", e));
    }
    float writeMs = 0;
    float verifyMs = 0;
    cudaEventElapsedTime(&writeMs, writeStart.get(), writeEnd.get());
    cudaEventElapsedTime(&verifyMs, verifyStart.get(), verifyEnd.get());
    r.mismatches = mismatches;
    r.writeSeconds = writeMs / 1e3;
    r.verifySeconds = verifyMs / 1e3;
    const double bytes = static_cast<double>(r.allocatedBytes);
    r.writeBytesPerS = r.writeSeconds > 0 ? bytes / r.writeSeconds : 0;
    r.verifyBytesPerS = r.verifySeconds > 0 ? bytes / r.verifySeconds : 0;
    report(0.95, "freeing");

    if (mismatches != 0) {
        return finishFreed(StepStatus::Error,
                           std::to_string(mismatches) + " 16-byte words read back wrong");
    }
    FitResult out = finishFreed(StepStatus::Ok, "");
    out.fits = true;
    report(1.0, "done");
    return out;
}

BandwidthResult runBandwidth(int device, const BandwidthOptions &options, const CancelToken &cancel,
                             const ProgressFn &progress) {
    BandwidthResult r;
    r.device = device;
    const auto report = [&](double f, const std::string &m) {
        if (progress) {
            progress(f, m);
        }
    };
    const auto fail = [&](StepStatus status, std::string message) {
        r.status = status;
        r.message = std::move(message);
        return r;
    };
    cudaError_t e = cudaSetDevice(device);
    if (e != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaSetDevice", e));
    }
    cudaDeviceProp prop{};
    if ((e = cudaGetDeviceProperties(&prop, device)) != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaGetDeviceProperties", e));
    }
    Stream stream;
    Event start, stop;
    if (stream.error() != cudaSuccess || start.error() != cudaSuccess ||
        stop.error() != cudaSuccess) {
        return fail(StepStatus::Error, "could not create a CUDA stream or events");
    }
    std::size_t freeB = 0;
    std::size_t totalB = 0;
    if ((e = cudaMemGetInfo(&freeB, &totalB)) != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("cudaMemGetInfo", e));
    }
    std::uint64_t buffer = options.bufferBytes;
    if (buffer == 0) {
        buffer = std::max<std::uint64_t>(8ull * static_cast<std::uint64_t>(prop.l2CacheSize),
                                         2ull << 30);
    }
    buffer = std::min<std::uint64_t>(buffer, freeB / 4);
    buffer -= buffer % kChunkAlignmentBytes;
    if (buffer < (16ull << 20)) {
        return fail(StepStatus::DoesNotFit, "not enough free memory for the copy buffers (" +
                                                formatBytes(freeB) + " free)");
    }
    r.bufferBytes = buffer;
    const int runs = std::max(1, options.runs);
    const int warmup = std::max(0, options.warmupRuns);
    r.runs = static_cast<std::uint64_t>(runs);

    DeviceAllocations mem(device);
    void *src = nullptr;
    void *dst = nullptr;
    if ((e = mem.allocate(buffer, &src)) != cudaSuccess ||
        (e = mem.allocate(buffer, &dst)) != cudaSuccess) {
        cudaGetLastError();
        return fail(StepStatus::AllocationFailed, HP_CUDA_MSG("cudaMalloc(copy buffers)", e));
    }
    // Never time on zeros: fill the source with a pattern.
    fill_pattern<<<std::max(1, prop.multiProcessorCount) * 8, 256, 0, stream.get()>>>(
        static_cast<uint4 *>(src), buffer / 16, 0x1234u);
    if ((e = cudaGetLastError()) != cudaSuccess ||
        (e = cudaStreamSynchronize(stream.get())) != cudaSuccess) {
        return fail(StepStatus::Error, HP_CUDA_MSG("fill", e));
    }

    // Times one copy direction: warm-up, then `runs` event-timed copies; median seconds.
    // Returns an error text, "" on success (cancellation: checked by the caller).
    const auto timeCopies = [&](void *to, const void *from, std::size_t bytes, cudaMemcpyKind kind,
                                double base, const char *what, double &seconds) -> std::string {
        std::vector<double> times;
        for (int i = 0; i < warmup + runs; ++i) {
            if (cancel.cancelled()) {
                return cancel.reasonText();
            }
            cudaEventRecord(start.get(), stream.get());
            cudaError_t ce = cudaMemcpyAsync(to, from, bytes, kind, stream.get());
            cudaEventRecord(stop.get(), stream.get());
            if (ce != cudaSuccess) {
                return HP_CUDA_MSG(std::string("cudaMemcpyAsync ") + what, ce);
            }
            if ((ce = cudaEventSynchronize(stop.get())) != cudaSuccess) {
                return HP_CUDA_MSG(std::string("copy ") + what, ce);
            }
            float ms = 0;
            cudaEventElapsedTime(&ms, start.get(), stop.get());
            if (i >= warmup) {
                times.push_back(ms / 1e3);
            }
            report(base + 0.33 * (i + 1) / (warmup + runs), what);
        }
        seconds = median(times);
        return {};
    };
    const auto failed = [&](const std::string &error) {
        return fail(cancel.cancelled() ? StepStatus::Interrupted : StepStatus::Error, error);
    };

    double d2d = 0;
    std::string err =
        timeCopies(dst, src, buffer, cudaMemcpyDeviceToDevice, 0.0, "device to device", d2d);
    if (!err.empty()) {
        return failed(err);
    }
    r.d2dBytesPerS = d2d > 0 ? 2.0 * static_cast<double>(buffer) / d2d : 0;

    PinnedHost host;
    const std::uint64_t hostBytes = std::min<std::uint64_t>(options.hostBufferBytes, buffer);
    if (hostBytes == 0 || !host.allocate(hostBytes)) {
        r.message = "no host buffer: host copies not measured";
        report(1.0, "done");
        return r;
    }
    r.hostBufferBytes = hostBytes;
    r.hostPinned = host.pinned();
    std::memset(host.get(), 0x5A, hostBytes);
    double h2d = 0;
    err =
        timeCopies(dst, host.get(), hostBytes, cudaMemcpyHostToDevice, 0.33, "host to device", h2d);
    if (!err.empty()) {
        return failed(err);
    }
    double d2h = 0;
    err =
        timeCopies(host.get(), src, hostBytes, cudaMemcpyDeviceToHost, 0.66, "device to host", d2h);
    if (!err.empty()) {
        return failed(err);
    }
    r.h2dBytesPerS = h2d > 0 ? static_cast<double>(hostBytes) / h2d : 0;
    r.d2hBytesPerS = d2h > 0 ? static_cast<double>(hostBytes) / d2h : 0;
    if (!r.hostPinned) {
        r.message = "host buffer is pageable (page-locking failed): host copies are slower";
    }
    report(1.0, "done");
    return r;
}

} // namespace cuda

} // namespace hostplan::probe
