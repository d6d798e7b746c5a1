// SPDX-License-Identifier: MIT
// The none backend: stands in for a GPU runtime this binary was built without. It needs no GPU
// library, lists no device, and every step answers that the runtime is missing ("built without
// CUDA"), so a probe built without any GPU runtime still writes a clear report (exit code 3).
#include "backend.h"

namespace hostplan::probe {

namespace {

// What a slot says when its runtime was not compiled in.
struct MissingRuntime {
    const char *runtime;   // GpuBackend::runtimeName()
    bool measures;         // GpuBackend::measures() of the runtime it stands in for
    const char *lookedFor; // GpuBackend::lookedFor()
    const char *inventory; // Inventory::message
    const char *step;      // message of a step asked of it
};

const MissingRuntime kNvidia = {
    "CUDA", true, "this build has no CUDA support (NVIDIA GPUs not looked for)",
    "built without CUDA: this hostplan-probe cannot see NVIDIA GPUs (rebuild with the CUDA "
    "toolkit installed)",
    "built without CUDA"};

const MissingRuntime kAmd = {"ROCm SMI", false, "AMD GPUs not looked for (built without ROCm SMI)",
                             "built without ROCm SMI: AMD GPUs are not looked for",
                             "built without ROCm SMI"};

// Backend of a missing runtime: see the file comment.
class NoneBackend final : public GpuBackend {
  public:
    explicit NoneBackend(const MissingRuntime &missing) : m_missing(missing) {}

    std::string runtimeName() const override { return m_missing.runtime; }
    bool builtIn() const override { return false; }
    bool measures() const override { return m_missing.measures; }
    std::string lookedFor() const override { return m_missing.lookedFor; }
    void describeBuild(BuildInfo &) const override {}

    Inventory inventory() override {
        Inventory inv;
        inv.built = false;
        inv.message = m_missing.inventory;
        return inv;
    }

    FitResult fit(const DeviceInfo &device, const FitOptions &options, const CancelToken &,
                  const ProgressFn &) override {
        return unsupportedFit(device, options.requestedBytes, m_missing.inventory);
    }

    BandwidthResult bandwidth(int device, const BandwidthOptions &, const CancelToken &,
                              const ProgressFn &) override {
        return unsupportedBandwidth(device, m_missing.inventory);
    }

    KernelsSection kernels(int, bool) override { return kernelsNotRun(m_missing.step); }

  protected:
    AllReduceResult allReduceAcross(const std::vector<int> &devices, const AllReduceOptions &,
                                    const CancelToken &, const ProgressFn &) override {
        return unavailableAllReduce(devices, m_missing.step);
    }

  private:
    const MissingRuntime &m_missing;
};

} // namespace

std::unique_ptr<GpuBackend> makeNoneBackend(BackendSlot slot) {
    return std::make_unique<NoneBackend>(slot == BackendSlot::Nvidia ? kNvidia : kAmd);
}

} // namespace hostplan::probe
