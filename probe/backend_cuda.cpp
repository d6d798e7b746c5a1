// SPDX-License-Identifier: MIT
// CUDA backend: NVIDIA GPUs through the CUDA runtime (inventory, fit test, copy bandwidth), the
// NCCL all-reduce and the MXFP4 kernel benchmarks. Compiled only with CUDA; the parts it wraps
// are declared in backend_cuda.h.
#include "backend_cuda.h"

namespace hostplan::probe {

namespace {

// Backend of the CUDA runtime: see the file comment.
class CudaBackend final : public GpuBackend {
  public:
    explicit CudaBackend(const cuda::CudaParts &parts) : m_parts(parts) {}

    std::string runtimeName() const override { return "CUDA"; }
    bool builtIn() const override { return true; }
    bool measures() const override { return true; }
    std::string lookedFor() const override {
        return "looked for NVIDIA GPUs through the CUDA runtime";
    }
    void describeBuild(BuildInfo &build) const override {
        build.cuda = true;
        build.cudaRuntimeVersion = cuda::buildVersion();
        build.nccl = m_parts.allReduce != nullptr;
        build.kernelBench = m_parts.kernels != nullptr;
    }

    Inventory inventory() override { return cuda::listDevices(); }

    FitResult fit(const DeviceInfo &device, const FitOptions &options, const CancelToken &cancel,
                  const ProgressFn &progress) override {
        return cuda::runFit(device.index, options, cancel, progress);
    }

    BandwidthResult bandwidth(int device, const BandwidthOptions &options,
                              const CancelToken &cancel, const ProgressFn &progress) override {
        return cuda::runBandwidth(device, options, cancel, progress);
    }

    KernelsSection kernels(int device, bool quick) override {
        if (m_parts.kernels) {
            return m_parts.kernels(device, quick);
        }
        return kernelsNotRun(
            "built without the MXFP4 kernel benchmarks (needs CUDA and kernels/mxfp4_bench.h)");
    }

  protected:
    AllReduceResult allReduceAcross(const std::vector<int> &devices,
                                    const AllReduceOptions &options, const CancelToken &cancel,
                                    const ProgressFn &progress) override {
        if (m_parts.allReduce) {
            return m_parts.allReduce(devices, options, cancel, progress);
        }
        return unavailableAllReduce(devices,
                                    "built without NCCL (nccl.h was not found at build time)");
    }

  private:
    cuda::CudaParts m_parts;
};

} // namespace

std::unique_ptr<GpuBackend> makeCudaBackend(const cuda::CudaParts &parts) {
    return std::make_unique<CudaBackend>(parts);
}

} // namespace hostplan::probe
