// SPDX-License-Identifier: MIT
// ROCm SMI backend: lists AMD GPUs (name, VRAM total and used, PCI id); nothing else (the fit
// test, bandwidth, all-reduce and kernels need CUDA, and its fit rows say so). Compiled only when
// CMake found rocm_smi.h. The library is loaded with dlopen at run time (librocm_smi64.so.1 or
// the path found at build time), so the probe starts on machines without ROCm; rocm_smi.h only
// supplies the types. rsmi_init failing means "no AMD GPU", not an error (it fails on every
// machine without the amdgpu driver).
#include "backend.h"

#include <rocm_smi/rocm_smi.h>

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>

namespace hostplan::probe {

namespace {

struct RocmSmiApi {
    void *handle = nullptr;
    decltype(&rsmi_init) init = nullptr;
    decltype(&rsmi_shut_down) shutDown = nullptr;
    decltype(&rsmi_num_monitor_devices) numDevices = nullptr;
    decltype(&rsmi_dev_name_get) name = nullptr;
    decltype(&rsmi_dev_memory_total_get) memoryTotal = nullptr;
    decltype(&rsmi_dev_memory_usage_get) memoryUsage = nullptr;
    decltype(&rsmi_dev_pci_id_get) pciId = nullptr;
    decltype(&rsmi_status_string) statusString = nullptr;
    std::string error;

    RocmSmiApi() {
        const char *names[] = {
            "librocm_smi64.so.1", "librocm_smi64.so",
            HOSTPLAN_ROCM_SMI_LIBRARY_PATH, // set by probe/CMakeLists.txt
        };
        for (const char *n : names) {
            handle = dlopen(n, RTLD_NOW | RTLD_LOCAL);
            if (handle) {
                break;
            }
        }
        if (!handle) {
            error = "the ROCm SMI library (librocm_smi64.so.1) is not installed";
            return;
        }
        bool ok = true;
        const auto sym = [&](auto &fn, const char *n) {
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle, n));
            ok = ok && fn != nullptr;
        };
        sym(init, "rsmi_init");
        sym(shutDown, "rsmi_shut_down");
        sym(numDevices, "rsmi_num_monitor_devices");
        sym(name, "rsmi_dev_name_get");
        sym(memoryTotal, "rsmi_dev_memory_total_get");
        sym(memoryUsage, "rsmi_dev_memory_usage_get");
        sym(pciId, "rsmi_dev_pci_id_get");
        sym(statusString, "rsmi_status_string");
        if (!ok) {
            error = "the ROCm SMI library lacks an entry point the probe needs";
            dlclose(handle);
            handle = nullptr;
        }
    }
    ~RocmSmiApi() {
        if (handle) {
            dlclose(handle);
        }
    }
    RocmSmiApi(const RocmSmiApi &) = delete;
    RocmSmiApi &operator=(const RocmSmiApi &) = delete;

    std::string text(rsmi_status_t s) const {
        const char *str = nullptr;
        if (statusString && statusString(s, &str) == RSMI_STATUS_SUCCESS && str) {
            return str;
        }
        return "status " + std::to_string(static_cast<int>(s));
    }
};

// AMD GPUs through ROCm SMI (name, VRAM total and used, PCI id). The library missing or
// rsmi_init failing means "no AMD GPU" (available = false), not an error.
Inventory listRocmDevices() {
    Inventory inv;
    inv.built = true;
    // Without the amdgpu kernel driver there is nothing to find, and rsmi_init would only print
    // its own diagnostics to stderr.
    if (access("/dev/kfd", F_OK) != 0) {
        inv.message = "no AMD GPU: /dev/kfd is missing (no amdgpu kernel driver), so ROCm SMI was "
                      "not asked";
        return inv;
    }
    RocmSmiApi api;
    if (!api.handle) {
        inv.message = "no AMD GPU: " + api.error;
        return inv;
    }
    const rsmi_status_t st = api.init(0);
    if (st != RSMI_STATUS_SUCCESS) {
        inv.message =
            "no AMD GPU: ROCm SMI (rsmi_init) reported " + api.text(st) + " (no amdgpu driver?)";
        return inv;
    }
    std::uint32_t count = 0;
    const rsmi_status_t cs = api.numDevices(&count);
    if (cs != RSMI_STATUS_SUCCESS || count == 0) {
        inv.message = cs != RSMI_STATUS_SUCCESS
                          ? "no AMD GPU: rsmi_num_monitor_devices reported " + api.text(cs)
                          : "no AMD GPU: ROCm SMI found 0 devices";
        api.shutDown();
        return inv;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        DeviceInfo d;
        d.index = static_cast<int>(i);
        d.backend = "rocm-smi";
        d.vendor = "AMD";
        char name[256] = {};
        if (api.name(i, name, sizeof name) == RSMI_STATUS_SUCCESS && name[0]) {
            d.name = name;
        } else {
            d.name = "AMD GPU " + std::to_string(i);
        }
        std::uint64_t total = 0;
        std::uint64_t used = 0;
        if (api.memoryTotal(i, RSMI_MEM_TYPE_VRAM, &total) == RSMI_STATUS_SUCCESS) {
            d.memoryTotalBytes = total;
        }
        if (api.memoryUsage(i, RSMI_MEM_TYPE_VRAM, &used) == RSMI_STATUS_SUCCESS && used <= total) {
            d.memoryFreeBytes = total - used;
        }
        std::uint64_t bdf = 0;
        if (api.pciId(i, &bdf) == RSMI_STATUS_SUCCESS) {
            char bus[32];
            std::snprintf(bus, sizeof bus, "%04x:%02x:%02x.%x",
                          static_cast<unsigned>((bdf >> 32) & 0xffffffffu),
                          static_cast<unsigned>((bdf >> 8) & 0xffu),
                          static_cast<unsigned>((bdf >> 3) & 0x1fu),
                          static_cast<unsigned>(bdf & 0x7u));
            d.pciBusId = bus;
        }
        inv.devices.push_back(std::move(d));
    }
    api.shutDown();
    inv.available = true;
    return inv;
}

// Backend of ROCm SMI: see the file comment.
class RocmBackend final : public GpuBackend {
  public:
    std::string runtimeName() const override { return "ROCm SMI"; }
    bool builtIn() const override { return true; }
    bool measures() const override { return false; }
    std::string lookedFor() const override { return "looked for AMD GPUs through ROCm SMI"; }
    void describeBuild(BuildInfo &build) const override { build.rocmSmi = true; }

    Inventory inventory() override { return listRocmDevices(); }

    // No fit test without CUDA: the row still names the request, free memory and headroom.
    FitResult fit(const DeviceInfo &d, const FitOptions &size, const CancelToken &,
                  const ProgressFn &) override {
        FitResult r = unsupportedFit(
            d,
            size.fractionOfFree > 0 ? bytesForFraction(d.memoryFreeBytes, size.fractionOfFree)
                                    : size.requestedBytes,
            "the fit test needs CUDA; AMD GPUs are listed with ROCm SMI's free memory only");
        r.freeBytesBefore = d.memoryFreeBytes;
        r.totalBytes = d.memoryTotalBytes;
        r.headroomBytes = decideFit(r.requestedBytes, d.memoryFreeBytes).headroomBytes;
        return r;
    }

    BandwidthResult bandwidth(int device, const BandwidthOptions &, const CancelToken &,
                              const ProgressFn &) override {
        return unsupportedBandwidth(device, kListsOnly);
    }

    KernelsSection kernels(int, bool) override { return kernelsNotRun(kListsOnly); }

  protected:
    AllReduceResult allReduceAcross(const std::vector<int> &devices, const AllReduceOptions &,
                                    const CancelToken &, const ProgressFn &) override {
        return unavailableAllReduce(devices, kListsOnly);
    }

  private:
    static constexpr const char *kListsOnly = "the ROCm SMI backend lists AMD GPUs only";
};

} // namespace

std::unique_ptr<GpuBackend> makeRocmBackend() {
    return std::make_unique<RocmBackend>();
}

} // namespace hostplan::probe
