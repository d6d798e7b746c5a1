// SPDX-License-Identifier: MIT
// The probe report: what hostplan-probe measured on one machine, as plain structs, and its JSON
// form (the contract between the probe, the CLI and the GUI). No Qt, no CUDA.
//
// JSON schema, schema_version 1 (all byte counts are unsigned integers, all rates bytes per
// second, all times seconds; optional sections are absent or null when not run):
//
//   {
//     "schema_version": 1,                       integer, required; newer versions are refused
//     "tool": "hostplan-probe", "tool_version": "0.1.0",
//     "host": "node-17",                         required, the machine's host name
//     "time_utc": "2026-11-29T21:40:00Z",        required, when the probe started (ISO 8601)
//     "command": "all --scenario s.json",        the arguments it ran with
//     "status": "ok",                            required: ok | no_gpu | does_not_fit | error |
//                                                interrupted | timed_out
//     "messages": ["..."],                       plain-language notes (what was looked for, ...)
//     "build": { "cuda": true, "cuda_runtime_version": "13.0", "rocm_smi": true,
//                "nccl": true, "kernel_bench": false },
//     "devices": [                               required (may be empty)
//       { "index": 0, "backend": "cuda" | "rocm-smi", "vendor": "NVIDIA" | "AMD",
//         "name": "NVIDIA H200", "compute_capability": "9.0", "sm_count": 132,
//         "memory_total_bytes": N, "memory_free_bytes": N,
//         "sm_clock_khz": N, "memory_clock_khz": N, "memory_bus_width_bits": N,
//         "l2_bytes": N, "theoretical_bandwidth_bytes_per_s": x,
//         "pci_bus_id": "0000:18:00.0", "driver_version": "13.0",
//         "kernel_module_version": "580.159.04", "runtime_version": "13.0" } ],
//     "plan": { "source": "scenario" | "bytes" | "fraction_of_free", "scenario_file": "...",
//               "scenario_name": "...", "gpu_id": "b300", "gpu_name": "...", "gpu_count": 8,
//               "planned_bytes_per_gpu": N, "catalogue_memory_bytes": N,
//               "catalogue_bandwidth_bytes_per_s": x, "local_gpu_count": 1,
//               "enough_gpus": false },
//     "fit": [ { "device": 0, "device_name": "...", "status": "ok" | "does_not_fit" |
//                "allocation_failed" | "error" | "interrupted" | "unsupported",
//                "message": "...", "requested_bytes": N, "free_bytes_before": N,
//                "total_bytes": N, "free_bytes_after": N, "headroom_bytes": signed N,
//                "fits": true, "chunk_bytes": N, "chunks": N, "allocated_bytes": N,
//                "mismatches": 0, "write_s": x, "verify_s": x,
//                "write_bytes_per_s": x, "verify_bytes_per_s": x } ],
//     "bandwidth": [ { "device": 0, "status": "ok" | ..., "message": "...",
//                      "buffer_bytes": N, "runs": N,
//                      "d2d_bytes_per_s": x,   (bytes read + bytes written, median)
//                      "h2d_bytes_per_s": x, "d2h_bytes_per_s": x,
//                      "host_buffer_bytes": N, "host_pinned": true } ],
//     "allreduce": { "status": "ok" | "skipped" | "unavailable" | "error" | "interrupted",
//                    "note": "...", "gpu_count": N,
//                    "rows": [ { "bytes": N, "time_s": x, "alg_bytes_per_s": x,
//                                "bus_bytes_per_s": x } ] },
//     "kernels": { "ran": true, "message": "...", "device_name": "...",
//                  "copy_bandwidth_bytes_per_s": x,
//                  "rows": [ { "kernel": "...", "shape": "...", "m": N, "n": N, "k": N,
//                              "time_us": x, "gb_per_s": x, "pct_of_copy_bandwidth": x,
//                              "tflops": x, "pct_of_cublas_bf16": x, "max_rel_error": x,
//                              "correct": true, "note": "..." } ] }
//   }
//
// Validation on parse: wrong types, negative or non-integer byte counts, non-finite or negative
// rates and times, unknown status words and a newer schema_version are errors naming the field.
// Unknown keys are ignored (older readers keep working when a newer probe adds fields).
#pragma once

#include "util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::probe {

/// The schema_version this code writes and the newest it reads.
inline constexpr int kReportSchemaVersion = 1;

/// Version of hostplan-probe written into reports.
inline constexpr const char *kProbeToolVersion = "0.1.0";

/// Overall outcome of a probe run; also decides the CLI's exit code (see probecli.h).
enum class ReportStatus { Ok, NoGpu, DoesNotFit, Error, Interrupted, TimedOut };

/// Outcome of one measurement (fit, bandwidth) on one device.
enum class StepStatus { Ok, DoesNotFit, AllocationFailed, Error, Interrupted, Unsupported };

/// Outcome of the all-reduce measurement.
enum class AllReduceStatus { Ok, Skipped, Unavailable, Error, Interrupted };

/// What the probe binary was built with.
struct BuildInfo {
    bool cuda = false;              ///< CUDA runtime compiled in
    std::string cudaRuntimeVersion; ///< runtime the probe was built against, "13.0"
    bool rocmSmi = false;           ///< ROCm SMI backend compiled in (loaded at run time)
    bool nccl = false;              ///< NCCL all-reduce compiled in (loaded at run time)
    bool kernelBench = false;       ///< MXFP4 kernel benchmarks compiled in
};

/// One GPU as the CUDA runtime or ROCm SMI reports it. Fields a backend cannot report are 0 or
/// empty.
struct DeviceInfo {
    int index = 0;                 ///< ordinal within its backend (CUDA device / SMI index)
    std::string backend;           ///< "cuda" or "rocm-smi"
    std::string vendor;            ///< "NVIDIA" or "AMD"
    std::string name;              ///< e.g. "NVIDIA H200"
    std::string computeCapability; ///< "9.0" (CUDA only)
    int smCount = 0;               ///< streaming multiprocessors (CUDA only)
    std::uint64_t memoryTotalBytes = 0;
    std::uint64_t memoryFreeBytes = 0; ///< free when listed (after the probe's own context)
    std::uint64_t smClockKhz = 0;      ///< peak SM clock, kHz
    std::uint64_t memoryClockKhz = 0;  ///< peak memory clock, kHz
    std::uint64_t memoryBusWidthBits = 0;
    std::uint64_t l2Bytes = 0;
    /// 2 x memory clock x bus width / 8 (DDR), bytes/s; 0 when the clocks are unknown.
    double theoreticalBandwidthBytesPerS = 0;
    std::string pciBusId;            ///< "0000:18:00.0"
    std::string driverVersion;       ///< CUDA version the driver supports, "13.0"
    std::string kernelModuleVersion; ///< NVIDIA kernel module, "580.159.04" (when readable)
    std::string runtimeVersion;      ///< CUDA runtime in use, "13.0"
};

/// The plan the probe checked: where its per-GPU bytes come from.
struct PlanInfo {
    std::string source; ///< "scenario", "bytes" or "fraction_of_free"
    std::string scenarioFile;
    std::string scenarioName;
    std::string gpuId; ///< catalogue id of the plan's GPU, "b300"
    std::string gpuName;
    std::uint64_t gpuCount = 0;             ///< GPUs the plan uses
    std::uint64_t plannedBytesPerGpu = 0;   ///< the plan's per-GPU total (weights + KV + ...)
    std::uint64_t catalogueMemoryBytes = 0; ///< usable memory of the plan's GPU type
    double catalogueBandwidthBytesPerS = 0; ///< HBM bandwidth of the plan's GPU type
    std::uint64_t localGpuCount = 0;        ///< GPUs found on this machine
    bool enoughGpus = false;                ///< localGpuCount >= gpuCount
};

/// The memory-fit test on one device: allocate the requested bytes in chunks, write a pattern,
/// verify it on the device, free everything.
struct FitResult {
    int device = 0;
    std::string deviceName;
    StepStatus status = StepStatus::Ok;
    std::string message; ///< why it did not fit / what failed
    std::uint64_t requestedBytes = 0;
    std::uint64_t freeBytesBefore = 0;
    std::uint64_t totalBytes = 0;
    std::uint64_t freeBytesAfter = 0; ///< after everything was freed
    std::int64_t headroomBytes = 0;   ///< free before - requested (negative: does not fit)
    bool fits = false;                ///< allocated, written and verified with 0 mismatches
    std::uint64_t chunkBytes = 0;
    std::uint64_t chunks = 0;
    std::uint64_t allocatedBytes = 0; ///< bytes actually allocated at the peak
    std::uint64_t mismatches = 0;     ///< 16-byte words that read back wrong (must be 0)
    double writeSeconds = 0;
    double verifySeconds = 0;
    double writeBytesPerS = 0;  ///< bytes written / write time
    double verifyBytesPerS = 0; ///< bytes read / verify time
};

/// Copy bandwidth of one device.
struct BandwidthResult {
    int device = 0;
    StepStatus status = StepStatus::Ok;
    std::string message;
    std::uint64_t bufferBytes = 0; ///< device buffer per copy
    std::uint64_t runs = 0;        ///< timed runs per direction (after warm-up)
    double d2dBytesPerS = 0;       ///< device copy, bytes read + bytes written, median
    double h2dBytesPerS = 0;       ///< host to device, median
    double d2hBytesPerS = 0;       ///< device to host, median
    std::uint64_t hostBufferBytes = 0;
    bool hostPinned = false; ///< host buffer was page-locked
};

/// One all-reduce size.
struct AllReduceRow {
    std::uint64_t bytes = 0; ///< buffer per GPU
    double timeSeconds = 0;  ///< median over runs
    double algBytesPerS = 0; ///< bytes / time
    double busBytesPerS = 0; ///< alg x 2 (n - 1) / n (nccl-tests' bus bandwidth)
};

/// NCCL all-reduce across the local GPUs.
struct AllReduceResult {
    AllReduceStatus status = AllReduceStatus::Skipped;
    std::string note;
    std::uint64_t gpuCount = 0;
    std::vector<AllReduceRow> rows;
};

/// One kernel benchmark row (mirrors kernels' KernelBenchRow).
struct KernelRow {
    std::string kernel;
    std::string shape;
    std::int64_t m = 0, n = 0, k = 0;
    double timeUs = 0;
    double gbPerS = 0;
    double pctOfCopyBandwidth = 0;
    double tflops = 0;
    double pctOfCublasBf16 = 0;
    double maxRelError = 0;
    bool correct = false;
    std::string note;
};

/// The kernel benchmark section.
struct KernelsSection {
    bool ran = false;
    std::string message;
    std::string deviceName;
    double copyBandwidthBytesPerS = 0;
    std::vector<KernelRow> rows;
};

/// A whole probe report.
struct ProbeReport {
    int schemaVersion = kReportSchemaVersion;
    std::string tool = "hostplan-probe";
    std::string toolVersion = kProbeToolVersion;
    std::string host;
    std::string timeUtc;
    std::string command;
    ReportStatus status = ReportStatus::Ok;
    std::vector<std::string> messages;
    BuildInfo build;
    std::vector<DeviceInfo> devices;
    std::optional<PlanInfo> plan;
    std::optional<std::vector<FitResult>> fit;
    std::optional<std::vector<BandwidthResult>> bandwidth;
    std::optional<AllReduceResult> allreduce;
    std::optional<KernelsSection> kernels;
};

/// Status words as written in JSON ("ok", "no_gpu", ...).
std::string toString(ReportStatus status);
std::string toString(StepStatus status);
std::string toString(AllReduceStatus status);

/// Serialize a report (pretty JSON, schema_version first, 2-space indent, trailing newline).
/// Non-finite doubles never reach the output: they are written as 0.
std::string reportToJson(const ProbeReport &report);

/// Parse and validate a report. Errors name the field ("devices[0].memory_free_bytes: must be a
/// non-negative integer, got -1") or say why the text is not JSON. Never throws.
Result<ProbeReport> parseReport(std::string_view jsonText);

/// Read and parse a report file. Errors name the path.
Result<ProbeReport> loadReportFile(const std::string &path);
/// Largest probe report read (real ones are a few KB).
inline constexpr std::uint64_t kMaxReportBytes = std::uint64_t(16) << 20;

/// What a plan expects of each GPU, for comparison with a report.
struct PlanExpectation {
    std::uint64_t plannedBytesPerGpu = 0;   ///< 0 = no plan (no verdict)
    int gpuCount = 0;                       ///< GPUs the plan uses
    double catalogueBandwidthBytesPerS = 0; ///< 0 = unknown
    std::string gpuName;
};

/// Fit verdict of one GPU against a plan.
enum class Verdict { Fits, DoesNotFit, Unknown };

/// One GPU of a report compared with a plan (what the GUI's table shows).
struct PlanCheckRow {
    int device = 0;
    std::string backend;
    std::string name;
    std::uint64_t plannedBytes = 0;
    std::uint64_t freeBytes = 0;    ///< free before the fit test, or as listed
    std::int64_t headroomBytes = 0; ///< free - planned
    Verdict verdict = Verdict::Unknown;
    bool verified = false;                 ///< a fit test of the planned size ran and passed
    std::string reason;                    ///< why the verdict is what it is
    double measuredBandwidthBytesPerS = 0; ///< device copy, 0 if not measured
    double catalogueBandwidthBytesPerS = 0;
    double bandwidthRatio = 0; ///< measured / catalogue, 0 if either unknown
};

/// Compare every device of a report with a plan. A fit test of exactly the planned size decides
/// the verdict when present; otherwise free memory vs planned bytes does (not verified). With no
/// plan (plannedBytesPerGpu 0) verdicts are Unknown.
std::vector<PlanCheckRow> comparePlan(const ProbeReport &report, const PlanExpectation &plan);

} // namespace hostplan::probe
