// SPDX-License-Identifier: MIT
// NCCL all-reduce bus bandwidth across the local GPUs, the traffic tensor parallelism puts on
// the interconnect (two all-reduces of the hidden state per layer and token). Part of the CUDA
// backend (backend_cuda.h), compiled only when CMake found nccl.h.
//
// NCCL is loaded with dlopen at run time (libnccl.so.2), so hostplan-probe starts on machines
// without it; nccl.h only supplies the types. Bus bandwidth follows nccl-tests
// (doc/PERFORMANCE.md): busBw = algBw x 2 (n - 1) / n with algBw = bytes / time, time the
// slowest rank's event-timed span of one ncclAllReduce, median over runs after warm-up.
#include "backend_cuda.h"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <nccl.h>

#include <algorithm>

namespace hostplan::probe::cuda {

namespace {

// The NCCL entry points the probe uses, resolved from the shared library.
struct NcclApi {
    void *handle = nullptr;
    decltype(&ncclGetVersion) getVersion = nullptr;
    decltype(&ncclGetErrorString) errorString = nullptr;
    decltype(&ncclCommInitAll) commInitAll = nullptr;
    decltype(&ncclCommDestroy) commDestroy = nullptr;
    decltype(&ncclAllReduce) allReduce = nullptr;
    decltype(&ncclGroupStart) groupStart = nullptr;
    decltype(&ncclGroupEnd) groupEnd = nullptr;
    std::string error;

    NcclApi() {
        const char *names[] = {
            "libnccl.so.2", "libnccl.so",
            HOSTPLAN_NCCL_LIBRARY_PATH, // set by probe/CMakeLists.txt ("" when not found)
        };
        for (const char *name : names) {
            if (!*name) {
                continue;
            }
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
            if (handle) {
                break;
            }
        }
        if (!handle) {
            const char *why = dlerror();
            error = std::string("NCCL library not found (libnccl.so.2): ") + (why ? why : "");
            return;
        }
        bool ok = true;
        const auto sym = [&](auto &fn, const char *name) {
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle, name));
            ok = ok && fn != nullptr;
        };
        sym(getVersion, "ncclGetVersion");
        sym(errorString, "ncclGetErrorString");
        sym(commInitAll, "ncclCommInitAll");
        sym(commDestroy, "ncclCommDestroy");
        sym(allReduce, "ncclAllReduce");
        sym(groupStart, "ncclGroupStart");
        sym(groupEnd, "ncclGroupEnd");
        if (!ok) {
            error = "the NCCL library lacks an entry point the probe needs";
            dlclose(handle);
            handle = nullptr;
        }
    }
    ~NcclApi() {
        if (handle) {
            dlclose(handle);
        }
    }
    NcclApi(const NcclApi &) = delete;
    NcclApi &operator=(const NcclApi &) = delete;
    std::string text(ncclResult_t r) const { return errorString ? errorString(r) : "error"; }
};

// Per-rank resources, released on every path.
struct Rank {
    int device = 0;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    void *send = nullptr;
    void *recv = nullptr;
};

class Ranks {
  public:
    explicit Ranks(const NcclApi &api) : m_api(api) {}
    ~Ranks() {
        for (Rank &r : ranks) {
            cudaSetDevice(r.device);
            if (r.stream) {
                cudaStreamSynchronize(r.stream);
            }
        }
        for (ncclComm_t c : comms) {
            if (c) {
                m_api.commDestroy(c);
            }
        }
        for (Rank &r : ranks) {
            cudaSetDevice(r.device);
            cudaFree(r.send);
            cudaFree(r.recv);
            if (r.start) {
                cudaEventDestroy(r.start);
            }
            if (r.stop) {
                cudaEventDestroy(r.stop);
            }
            if (r.stream) {
                cudaStreamDestroy(r.stream);
            }
        }
    }
    Ranks(const Ranks &) = delete;
    Ranks &operator=(const Ranks &) = delete;
    std::vector<Rank> ranks;
    std::vector<ncclComm_t> comms;

  private:
    const NcclApi &m_api;
};

} // namespace

AllReduceResult runAllReduce(const std::vector<int> &devices, const AllReduceOptions &options,
                             const CancelToken &cancel, const ProgressFn &progress) {
    AllReduceResult out;
    out.gpuCount = devices.size(); // two or more: GpuBackend::allReduce skips fewer
    NcclApi api;
    if (!api.handle) {
        out.status = AllReduceStatus::Unavailable;
        out.note = api.error;
        return out;
    }
    int version = 0;
    api.getVersion(&version);
    const auto fail = [&](AllReduceStatus s, std::string note) {
        out.status = s;
        out.note = std::move(note);
        return out;
    };

    // Largest size that leaves three quarters of the smallest free memory untouched.
    std::uint64_t maxFree = ~0ull;
    for (int d : devices) {
        std::size_t f = 0;
        std::size_t t = 0;
        if (cudaSetDevice(d) != cudaSuccess || cudaMemGetInfo(&f, &t) != cudaSuccess) {
            cudaGetLastError();
            return fail(AllReduceStatus::Error,
                        "cannot read free memory of GPU " + std::to_string(d));
        }
        maxFree = std::min<std::uint64_t>(maxFree, f);
    }
    std::vector<std::uint64_t> sizes;
    for (std::uint64_t s : options.sizes) {
        if (s >= 4 && 2 * s <= maxFree / 4) {
            sizes.push_back(s - s % 4);
        }
    }
    if (sizes.empty()) {
        return fail(AllReduceStatus::Error, "not enough free memory for the all-reduce buffers");
    }
    const std::uint64_t largest = *std::max_element(sizes.begin(), sizes.end());

    Ranks res(api);
    res.comms.assign(devices.size(), nullptr);
    ncclResult_t nr =
        api.commInitAll(res.comms.data(), static_cast<int>(devices.size()), devices.data());
    if (nr != ncclSuccess) {
        res.comms.assign(devices.size(), nullptr);
        return fail(AllReduceStatus::Error, "ncclCommInitAll failed: " + api.text(nr));
    }
    for (int d : devices) {
        Rank r;
        r.device = d;
        res.ranks.push_back(r);
        Rank &rank = res.ranks.back();
        if (cudaSetDevice(d) != cudaSuccess ||
            cudaStreamCreateWithFlags(&rank.stream, cudaStreamNonBlocking) != cudaSuccess ||
            cudaEventCreate(&rank.start) != cudaSuccess ||
            cudaEventCreate(&rank.stop) != cudaSuccess ||
            cudaMalloc(&rank.send, largest) != cudaSuccess ||
            cudaMalloc(&rank.recv, largest) != cudaSuccess ||
            cudaMemset(rank.send, 0x3c, largest) != cudaSuccess) { // 0x3c3c3c3c: 0.0115f, not 0
            const cudaError_t e = cudaGetLastError();
            return fail(AllReduceStatus::Error,
                        "setting up GPU " + std::to_string(d) + ": " + cudaGetErrorString(e));
        }
    }
    const int runs = std::max(1, options.runs);
    const int warmup = std::max(0, options.warmupRuns);
    const std::size_t n = devices.size();
    for (std::size_t si = 0; si < sizes.size(); ++si) {
        const std::uint64_t bytes = sizes[si];
        std::vector<double> times;
        for (int it = 0; it < warmup + runs; ++it) {
            if (cancel.cancelled()) {
                return fail(AllReduceStatus::Interrupted, cancel.reasonText());
            }
            for (Rank &r : res.ranks) {
                cudaSetDevice(r.device);
                cudaEventRecord(r.start, r.stream);
            }
            api.groupStart();
            for (std::size_t i = 0; i < n; ++i) {
                nr = api.allReduce(res.ranks[i].send, res.ranks[i].recv, bytes / 4, ncclFloat,
                                   ncclSum, res.comms[i], res.ranks[i].stream);
                if (nr != ncclSuccess) {
                    break;
                }
            }
            const ncclResult_t ge = api.groupEnd();
            if (nr != ncclSuccess || ge != ncclSuccess) {
                return fail(AllReduceStatus::Error,
                            "ncclAllReduce failed: " + api.text(nr != ncclSuccess ? nr : ge));
            }
            double slowest = 0;
            for (Rank &r : res.ranks) {
                cudaSetDevice(r.device);
                cudaEventRecord(r.stop, r.stream);
            }
            for (Rank &r : res.ranks) {
                cudaSetDevice(r.device);
                if (cudaEventSynchronize(r.stop) != cudaSuccess) {
                    const cudaError_t e = cudaGetLastError();
                    return fail(AllReduceStatus::Error,
                                std::string("all-reduce did not complete: ") +
                                    cudaGetErrorString(e));
                }
                float ms = 0;
                cudaEventElapsedTime(&ms, r.start, r.stop);
                slowest = std::max(slowest, static_cast<double>(ms) / 1e3);
            }
            if (it >= warmup) {
                times.push_back(slowest);
            }
        }
        AllReduceRow row;
        row.bytes = bytes;
        row.timeSeconds = median(times);
        row.algBytesPerS = row.timeSeconds > 0 ? static_cast<double>(bytes) / row.timeSeconds : 0;
        row.busBytesPerS =
            row.algBytesPerS * 2.0 * static_cast<double>(n - 1) / static_cast<double>(n);
        out.rows.push_back(row);
        if (progress) {
            progress(static_cast<double>(si + 1) / static_cast<double>(sizes.size()),
                     "all-reduce " + formatBytes(bytes));
        }
    }
    out.status = AllReduceStatus::Ok;
    out.note = "NCCL " + std::to_string(version / 10000) + "." +
               std::to_string((version / 100) % 100) + "." + std::to_string(version % 100) +
               ", float sum, " + std::to_string(n) + " GPUs";
    return out;
}

} // namespace hostplan::probe::cuda
