// SPDX-License-Identifier: MIT
// Hardware catalogue types: one GPU model with the vendor figures HostPlan sizes against.
// Every figure comes from resources/gpus.json with its `source` and `as_of`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hostplan {

/// One GPU type. Rates are dense (no sparsity) peak rates from the vendor's data sheet.
struct GpuSpec {
    std::string id;                      ///< catalogue id, e.g. "h200"
    std::string name;                    ///< e.g. "NVIDIA H200 SXM 141GB"
    std::vector<std::string> aliases;    ///< case-insensitive names accepted by --gpu
    std::string vendor;                  ///< "NVIDIA" or "AMD"
    std::uint64_t memoryBytes = 0;       ///< advertised memory, decimal (141 GB = 141e9 B)
    std::uint64_t usableMemoryBytes = 0; ///< total the driver reports (cudaMemGetInfo)
    std::string usableMemorySource;      ///< where usableMemoryBytes was measured or read
    double hbmBandwidthBytesPerS = 0;    ///< peak HBM bandwidth, bytes/s
    double bf16FlopsPerS = 0;            ///< dense BF16 tensor rate, FLOP/s
    double fp8FlopsPerS = 0;             ///< dense FP8 tensor rate, FLOP/s
    double fp4FlopsPerS = 0;             ///< dense FP4 rate, FLOP/s (0 = no FP4 tensor cores)
    bool nativeMxfp4 = false;            ///< MXFP4 MMA in hardware (Blackwell, CDNA4)
    std::string interconnect;            ///< e.g. "NVLink 4 (900 GB/s)"
    double interconnectBytesPerS = 0;    ///< per-GPU scale-up bandwidth, bytes/s (one way)
    std::uint32_t gpusPerNode = 8;       ///< GPUs in the usual rental node / tray
    /// GPUs one scale-up (NVLink) domain joins when it spans several nodes (gpus.json
    /// scale_up_domain_gpus: 72 for a GB200 / GB300 NVL72 rack of 18 four-GPU trays, NVIDIA's
    /// NVL72 data sheet); 0 = the node is the domain. TP inside it runs over NVLink at
    /// interconnectBytesPerS, not over the network between nodes.
    std::uint32_t scaleUpDomainGpus = 0;
    /// The GPUs TP reaches over the scale-up link: the domain, else the node.
    std::uint32_t scaleUpGpus() const {
        return scaleUpDomainGpus > gpusPerNode ? scaleUpDomainGpus : gpusPerNode;
    }
    /// Whether providers rent this GPU in nodes they cluster over a scale-out fabric
    /// (InfiniBand / RoCE between nodes): true for data-centre nodes (the default); false for
    /// consumer and workstation cards, rented as single machines of one to eight cards with no
    /// fabric between machines. Only the fallback shapes read it (fallbackOffers): a real
    /// offer says itself whether its instances cluster (RentalOffer::multiInstance).
    bool clusteredRentals = true;
    std::string clusteredRentalsSource; ///< why clusteredRentals is false ("" when true)
    /// The GPU and the CPU share one memory (gpus.json unified_memory: NVIDIA GB10 / DGX Spark,
    /// Jetson Thor): usableMemoryBytes is what CUDA reports, and what the host's processes
    /// take comes out of it too. vLLM measures free memory there as the system's available
    /// memory (vllm/utils/mem_utils.py MemorySnapshot.measure, "Orin, Thor, Spark", @ a6d5c390),
    /// so the engine's own host-side growth during start-up counts against its budget, which
    /// no rule of HostPlan's sizes: plans say so (plan.cpp).
    bool unifiedMemory = false;
    std::string unifiedMemorySource; ///< why unifiedMemory is true ("" when false)
    /// Unified memory only: what CUDA reports free when an engine starts on an idle machine
    /// (gpus.json unified_memory_free_gib; the OS and host processes hold the rest of
    /// usableMemoryBytes), 0 = unknown. vLLM refuses a --gpu-memory-utilization whose share of
    /// the total exceeds it (enginestartup.cpp).
    std::uint64_t unifiedFreeBytes = 0;
    /// Streaming multiprocessors (NVIDIA) or compute units (AMD): what CUDA / HIP report as
    /// multiProcessorCount. 0 = unknown (the vendor publishes no figure); every rule that reads
    /// it states its fallback.
    std::uint32_t smCount = 0;
    std::string smCountSource; ///< where smCount comes from, or why it is unknown
    std::string smCountAsOf;   ///< ISO date smCountSource was read
    /// CUDA compute capability as major x 10 + minor (90 = sm_90, Hopper; 89 = Ada; 120 = sm_120)
    /// for NVIDIA GPUs, from gpus.json "compute_capability" ("9.0"); 0 for other vendors. The
    /// engines pick kernels by it (vLLM's MXFP4 MoE backend: Marlin below 9.0).
    std::uint32_t computeCapability = 0;
    std::string computeCapabilitySource; ///< where computeCapability comes from
    std::string computeCapabilityAsOf;   ///< ISO date computeCapabilitySource was read
    double defaultUsdPerGpuHour = 0;     ///< default rental rate, USD per GPU-hour
    std::string priceSource;             ///< where the rate comes from
    std::string priceAsOf;
    std::string source; ///< data sheet URL
    std::string asOf;   ///< ISO date
    bool operator==(const GpuSpec &) const = default;
};

/// A host: CPU and system memory that llama.cpp plans put layers or experts on. Every figure
/// comes from resources/hosts.json with its `source` and `as_of`.
struct HostSpec {
    std::string id;                      ///< catalogue id, e.g. "ddr5-desktop"
    std::string name;                    ///< e.g. "Desktop, dual-channel DDR5-5600 (64 GB)"
    std::vector<std::string> aliases;    ///< case-insensitive names accepted by --host
    std::uint64_t memoryBytes = 0;       ///< system memory of the typical configuration, decimal
    double memoryBandwidthBytesPerS = 0; ///< theoretical peak, bytes/s
    /// The GPU shares this memory (Apple silicon): no separate GPU memory, one bandwidth.
    bool unifiedMemory = false;
    std::string source;
    std::string asOf;
};

} // namespace hostplan
