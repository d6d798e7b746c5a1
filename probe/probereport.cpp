// SPDX-License-Identifier: MIT
#include "probereport.h"
#include "driverversion.h"

#include "util/fileio.h"
#include "util/jsonutil.h"
#include "util/terminaltext.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace hostplan::probe {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// ---- status words ------------------------------------------------------------------------

/// One status and its JSON word.
template <typename Enum> struct StatusName {
    Enum status;
    const char *name;
};

/// The word of `status` in `table` ("error" for a value the table does not list).
template <typename Enum, std::size_t N>
std::string statusWord(const StatusName<Enum> (&table)[N], Enum status) {
    for (const auto &e : table) {
        if (e.status == status) {
            return e.name;
        }
    }
    return "error";
}

constexpr StatusName<ReportStatus> kReportStatusNames[] = {
    {ReportStatus::Ok, "ok"},
    {ReportStatus::NoGpu, "no_gpu"},
    {ReportStatus::DoesNotFit, "does_not_fit"},
    {ReportStatus::Error, "error"},
    {ReportStatus::Interrupted, "interrupted"},
    {ReportStatus::TimedOut, "timed_out"},
};

constexpr StatusName<StepStatus> kStepStatusNames[] = {
    {StepStatus::Ok, "ok"},
    {StepStatus::DoesNotFit, "does_not_fit"},
    {StepStatus::AllocationFailed, "allocation_failed"},
    {StepStatus::Error, "error"},
    {StepStatus::Interrupted, "interrupted"},
    {StepStatus::Unsupported, "unsupported"},
};

constexpr StatusName<AllReduceStatus> kAllReduceStatusNames[] = {
    {AllReduceStatus::Ok, "ok"},
    {AllReduceStatus::Skipped, "skipped"},
    {AllReduceStatus::Unavailable, "unavailable"},
    {AllReduceStatus::Error, "error"},
    {AllReduceStatus::Interrupted, "interrupted"},
};

// ---- writing -----------------------------------------------------------------------------

double finite(double v) {
    return std::isfinite(v) ? v : 0.0;
}

ordered_json deviceToJson(const DeviceInfo &d) {
    ordered_json j;
    j["index"] = d.index;
    j["backend"] = d.backend;
    j["vendor"] = d.vendor;
    j["name"] = d.name;
    j["compute_capability"] = d.computeCapability;
    j["sm_count"] = d.smCount;
    j["memory_total_bytes"] = d.memoryTotalBytes;
    j["memory_free_bytes"] = d.memoryFreeBytes;
    j["sm_clock_khz"] = d.smClockKhz;
    j["memory_clock_khz"] = d.memoryClockKhz;
    j["memory_bus_width_bits"] = d.memoryBusWidthBits;
    j["l2_bytes"] = d.l2Bytes;
    j["theoretical_bandwidth_bytes_per_s"] = finite(d.theoreticalBandwidthBytesPerS);
    j["pci_bus_id"] = d.pciBusId;
    j["driver_version"] = d.driverVersion;
    j["kernel_module_version"] = d.kernelModuleVersion;
    j["runtime_version"] = d.runtimeVersion;
    return j;
}

ordered_json planToJson(const PlanInfo &p) {
    ordered_json j;
    j["source"] = p.source;
    j["scenario_file"] = p.scenarioFile;
    j["scenario_name"] = p.scenarioName;
    j["gpu_id"] = p.gpuId;
    j["gpu_name"] = p.gpuName;
    j["gpu_count"] = p.gpuCount;
    j["planned_bytes_per_gpu"] = p.plannedBytesPerGpu;
    j["catalogue_memory_bytes"] = p.catalogueMemoryBytes;
    j["catalogue_bandwidth_bytes_per_s"] = finite(p.catalogueBandwidthBytesPerS);
    j["local_gpu_count"] = p.localGpuCount;
    j["enough_gpus"] = p.enoughGpus;
    return j;
}

ordered_json fitToJson(const FitResult &f) {
    ordered_json j;
    j["device"] = f.device;
    j["device_name"] = f.deviceName;
    j["status"] = toString(f.status);
    j["message"] = f.message;
    j["requested_bytes"] = f.requestedBytes;
    j["free_bytes_before"] = f.freeBytesBefore;
    j["total_bytes"] = f.totalBytes;
    j["free_bytes_after"] = f.freeBytesAfter;
    j["headroom_bytes"] = f.headroomBytes;
    j["fits"] = f.fits;
    j["chunk_bytes"] = f.chunkBytes;
    j["chunks"] = f.chunks;
    j["allocated_bytes"] = f.allocatedBytes;
    j["mismatches"] = f.mismatches;
    j["write_s"] = finite(f.writeSeconds);
    j["verify_s"] = finite(f.verifySeconds);
    j["write_bytes_per_s"] = finite(f.writeBytesPerS);
    j["verify_bytes_per_s"] = finite(f.verifyBytesPerS);
    return j;
}

ordered_json bandwidthToJson(const BandwidthResult &b) {
    ordered_json j;
    j["device"] = b.device;
    j["status"] = toString(b.status);
    j["message"] = b.message;
    j["buffer_bytes"] = b.bufferBytes;
    j["runs"] = b.runs;
    j["d2d_bytes_per_s"] = finite(b.d2dBytesPerS);
    j["h2d_bytes_per_s"] = finite(b.h2dBytesPerS);
    j["d2h_bytes_per_s"] = finite(b.d2hBytesPerS);
    j["host_buffer_bytes"] = b.hostBufferBytes;
    j["host_pinned"] = b.hostPinned;
    return j;
}

ordered_json allReduceToJson(const AllReduceResult &a) {
    ordered_json j;
    j["status"] = toString(a.status);
    j["note"] = a.note;
    j["gpu_count"] = a.gpuCount;
    ordered_json rows = ordered_json::array();
    for (const AllReduceRow &r : a.rows) {
        ordered_json row;
        row["bytes"] = r.bytes;
        row["time_s"] = finite(r.timeSeconds);
        row["alg_bytes_per_s"] = finite(r.algBytesPerS);
        row["bus_bytes_per_s"] = finite(r.busBytesPerS);
        rows.push_back(std::move(row));
    }
    j["rows"] = std::move(rows);
    return j;
}

ordered_json kernelsToJson(const KernelsSection &k) {
    ordered_json j;
    j["ran"] = k.ran;
    j["message"] = k.message;
    j["device_name"] = k.deviceName;
    j["copy_bandwidth_bytes_per_s"] = finite(k.copyBandwidthBytesPerS);
    ordered_json rows = ordered_json::array();
    for (const KernelRow &r : k.rows) {
        ordered_json row;
        row["kernel"] = r.kernel;
        row["shape"] = r.shape;
        row["m"] = r.m;
        row["n"] = r.n;
        row["k"] = r.k;
        row["time_us"] = finite(r.timeUs);
        row["gb_per_s"] = finite(r.gbPerS);
        row["pct_of_copy_bandwidth"] = finite(r.pctOfCopyBandwidth);
        row["tflops"] = finite(r.tflops);
        row["pct_of_cublas_bf16"] = finite(r.pctOfCublasBf16);
        row["max_rel_error"] = finite(r.maxRelError);
        row["correct"] = r.correct;
        row["note"] = r.note;
        rows.push_back(std::move(row));
    }
    j["rows"] = std::move(rows);
    return j;
}

// ---- reading -----------------------------------------------------------------------------

// Thrown inside the parser only; parseReport turns it into an Error.
struct FieldError {
    std::string field;
    std::string message;
};

std::string describe(const json &v) {
    std::string s = v.dump();
    if (s.size() > 40) {
        s = s.substr(0, 37) + "...";
    }
    return s;
}

// A JSON object and its path ("devices[0]"), with typed, validating getters.
class Obj {
  public:
    Obj(const json &j, std::string path) : m_j(j), m_path(std::move(path)) {
        if (!m_j.is_object()) {
            throw FieldError{m_path.empty() ? std::string("(document)") : m_path,
                             "must be an object, got " + describe(m_j)};
        }
    }

    std::string field(const std::string &key) const {
        return m_path.empty() ? key : m_path + "." + key;
    }

    const json *find(const std::string &key) const {
        auto it = m_j.find(key);
        if (it == m_j.end() || it->is_null()) {
            return nullptr;
        }
        return &*it;
    }

    const json &need(const std::string &key) const {
        const json *v = find(key);
        if (!v) {
            throw FieldError{field(key), "is missing"};
        }
        return *v;
    }

    std::string str(const std::string &key, bool required = false) const {
        const json *v = required ? &need(key) : find(key);
        if (!v) {
            return {};
        }
        if (!v->is_string()) {
            throw FieldError{field(key), "must be a string, got " + describe(*v)};
        }
        // One line (singleLine): a host or device name is printed in the plan, the report and
        // the GUI, where a newline in a report from elsewhere would forge a line.
        return singleLine(v->get<std::string>());
    }

    bool boolean(const std::string &key) const {
        const json *v = find(key);
        if (!v) {
            return false;
        }
        if (!v->is_boolean()) {
            throw FieldError{field(key), "must be true or false, got " + describe(*v)};
        }
        return v->get<bool>();
    }

    std::uint64_t u64(const std::string &key, bool required = false) const {
        const json *v = required ? &need(key) : find(key);
        if (!v) {
            return 0;
        }
        if (v->is_number_unsigned()) {
            return v->get<std::uint64_t>();
        }
        if (v->is_number_integer() && v->get<std::int64_t>() >= 0) {
            return static_cast<std::uint64_t>(v->get<std::int64_t>());
        }
        throw FieldError{field(key), "must be a non-negative integer, got " + describe(*v)};
    }

    std::int64_t i64(const std::string &key) const {
        const json *v = find(key);
        if (!v) {
            return 0;
        }
        if (v->is_number_integer() && !v->is_number_unsigned()) {
            return v->get<std::int64_t>();
        }
        if (v->is_number_unsigned() &&
            v->get<std::uint64_t>() <=
                static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            return static_cast<std::int64_t>(v->get<std::uint64_t>());
        }
        throw FieldError{field(key), "must be an integer, got " + describe(*v)};
    }

    int smallInt(const std::string &key, int maxValue) const {
        const std::uint64_t v = u64(key);
        if (v > static_cast<std::uint64_t>(maxValue)) {
            throw FieldError{field(key), "must be at most " + std::to_string(maxValue) + ", got " +
                                             std::to_string(v)};
        }
        return static_cast<int>(v);
    }

    // A finite, non-negative number (rates, times).
    double rate(const std::string &key) const {
        const json *v = find(key);
        if (!v) {
            return 0.0;
        }
        if (!v->is_number()) {
            throw FieldError{field(key), "must be a number, got " + describe(*v)};
        }
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < 0) {
            throw FieldError{field(key),
                             "must be a finite non-negative number, got " + describe(*v)};
        }
        return d;
    }

    std::vector<Obj> array(const std::string &key, bool required = false) const {
        const json *v = required ? &need(key) : find(key);
        std::vector<Obj> out;
        if (!v) {
            return out;
        }
        if (!v->is_array()) {
            throw FieldError{field(key), "must be an array, got " + describe(*v)};
        }
        for (std::size_t i = 0; i < v->size(); ++i) {
            out.emplace_back((*v)[i], field(key) + "[" + std::to_string(i) + "]");
        }
        return out;
    }

    std::vector<std::string> strings(const std::string &key) const {
        const json *v = find(key);
        std::vector<std::string> out;
        if (!v) {
            return out;
        }
        if (!v->is_array()) {
            throw FieldError{field(key), "must be an array of strings, got " + describe(*v)};
        }
        for (std::size_t i = 0; i < v->size(); ++i) {
            if (!(*v)[i].is_string()) {
                throw FieldError{field(key) + "[" + std::to_string(i) + "]",
                                 "must be a string, got " + describe((*v)[i])};
            }
            out.push_back((*v)[i].get<std::string>());
        }
        return out;
    }

    std::optional<Obj> object(const std::string &key) const {
        const json *v = find(key);
        if (!v) {
            return std::nullopt;
        }
        return Obj(*v, field(key));
    }

    bool has(const std::string &key) const { return find(key) != nullptr; }

    template <typename Enum, typename Table>
    Enum enumValue(const std::string &key, const Table &table, bool required) const {
        const std::string s = str(key, required);
        if (s.empty() && !required) {
            return table[0].status;
        }
        for (const auto &entry : table) {
            if (s == entry.name) {
                return entry.status;
            }
        }
        std::string allowed;
        for (const auto &entry : table) {
            allowed += allowed.empty() ? "" : ", ";
            allowed += entry.name;
        }
        throw FieldError{field(key), "must be one of " + allowed + ", got \"" + s + "\""};
    }

  private:
    const json &m_j;
    std::string m_path;
};

DeviceInfo parseDevice(const Obj &o) {
    DeviceInfo d;
    d.index = o.smallInt("index", 1 << 20);
    d.backend = o.str("backend", true);
    if (d.backend != "cuda" && d.backend != "rocm-smi") {
        throw FieldError{o.field("backend"),
                         "must be \"cuda\" or \"rocm-smi\", got \"" + d.backend + "\""};
    }
    d.vendor = o.str("vendor");
    d.name = o.str("name", true);
    d.computeCapability = o.str("compute_capability");
    d.smCount = o.smallInt("sm_count", 1 << 20);
    d.memoryTotalBytes = o.u64("memory_total_bytes", true);
    d.memoryFreeBytes = o.u64("memory_free_bytes", true);
    if (d.memoryFreeBytes > d.memoryTotalBytes) {
        throw FieldError{o.field("memory_free_bytes"),
                         "is larger than memory_total_bytes (" + std::to_string(d.memoryFreeBytes) +
                             " > " + std::to_string(d.memoryTotalBytes) + ")"};
    }
    d.smClockKhz = o.u64("sm_clock_khz");
    d.memoryClockKhz = o.u64("memory_clock_khz");
    d.memoryBusWidthBits = o.u64("memory_bus_width_bits");
    d.l2Bytes = o.u64("l2_bytes");
    d.theoreticalBandwidthBytesPerS = o.rate("theoretical_bandwidth_bytes_per_s");
    d.pciBusId = o.str("pci_bus_id");
    d.driverVersion = o.str("driver_version");
    // A word that is no release (reports of earlier probes wrote "for" from some banners) is
    // unknown, not shown as a version.
    d.kernelModuleVersion = o.str("kernel_module_version");
    if (!isModuleVersion(d.kernelModuleVersion)) {
        d.kernelModuleVersion.clear();
    }
    d.runtimeVersion = o.str("runtime_version");
    return d;
}

PlanInfo parsePlan(const Obj &o) {
    PlanInfo p;
    p.source = o.str("source", true);
    if (p.source != "scenario" && p.source != "bytes" && p.source != "fraction_of_free") {
        throw FieldError{o.field("source"),
                         "must be scenario, bytes or fraction_of_free, got \"" + p.source + "\""};
    }
    p.scenarioFile = o.str("scenario_file");
    p.scenarioName = o.str("scenario_name");
    p.gpuId = o.str("gpu_id");
    p.gpuName = o.str("gpu_name");
    p.gpuCount = o.u64("gpu_count");
    p.plannedBytesPerGpu = o.u64("planned_bytes_per_gpu");
    p.catalogueMemoryBytes = o.u64("catalogue_memory_bytes");
    p.catalogueBandwidthBytesPerS = o.rate("catalogue_bandwidth_bytes_per_s");
    p.localGpuCount = o.u64("local_gpu_count");
    p.enoughGpus = o.boolean("enough_gpus");
    return p;
}

FitResult parseFit(const Obj &o) {
    FitResult f;
    f.device = o.smallInt("device", 1 << 20);
    f.deviceName = o.str("device_name");
    f.status = o.enumValue<StepStatus>("status", kStepStatusNames, true);
    f.message = o.str("message");
    f.requestedBytes = o.u64("requested_bytes", true);
    f.freeBytesBefore = o.u64("free_bytes_before");
    f.totalBytes = o.u64("total_bytes");
    f.freeBytesAfter = o.u64("free_bytes_after");
    f.headroomBytes = o.i64("headroom_bytes");
    f.fits = o.boolean("fits");
    f.chunkBytes = o.u64("chunk_bytes");
    f.chunks = o.u64("chunks");
    f.allocatedBytes = o.u64("allocated_bytes");
    f.mismatches = o.u64("mismatches");
    f.writeSeconds = o.rate("write_s");
    f.verifySeconds = o.rate("verify_s");
    f.writeBytesPerS = o.rate("write_bytes_per_s");
    f.verifyBytesPerS = o.rate("verify_bytes_per_s");
    if (f.fits && (f.status != StepStatus::Ok || f.mismatches != 0)) {
        throw FieldError{o.field("fits"), "is true but status is " + toString(f.status) + " with " +
                                              std::to_string(f.mismatches) + " mismatches"};
    }
    return f;
}

BandwidthResult parseBandwidth(const Obj &o) {
    BandwidthResult b;
    b.device = o.smallInt("device", 1 << 20);
    b.status = o.enumValue<StepStatus>("status", kStepStatusNames, true);
    b.message = o.str("message");
    b.bufferBytes = o.u64("buffer_bytes");
    b.runs = o.u64("runs");
    b.d2dBytesPerS = o.rate("d2d_bytes_per_s");
    b.h2dBytesPerS = o.rate("h2d_bytes_per_s");
    b.d2hBytesPerS = o.rate("d2h_bytes_per_s");
    b.hostBufferBytes = o.u64("host_buffer_bytes");
    b.hostPinned = o.boolean("host_pinned");
    return b;
}

AllReduceResult parseAllReduce(const Obj &o) {
    AllReduceResult a;
    a.status = o.enumValue<AllReduceStatus>("status", kAllReduceStatusNames, true);
    a.note = o.str("note");
    a.gpuCount = o.u64("gpu_count");
    for (const Obj &r : o.array("rows")) {
        AllReduceRow row;
        row.bytes = r.u64("bytes", true);
        row.timeSeconds = r.rate("time_s");
        row.algBytesPerS = r.rate("alg_bytes_per_s");
        row.busBytesPerS = r.rate("bus_bytes_per_s");
        a.rows.push_back(row);
    }
    return a;
}

KernelsSection parseKernels(const Obj &o) {
    KernelsSection k;
    k.ran = o.boolean("ran");
    k.message = o.str("message");
    k.deviceName = o.str("device_name");
    k.copyBandwidthBytesPerS = o.rate("copy_bandwidth_bytes_per_s");
    for (const Obj &r : o.array("rows")) {
        KernelRow row;
        row.kernel = r.str("kernel", true);
        row.shape = r.str("shape");
        row.m = r.i64("m");
        row.n = r.i64("n");
        row.k = r.i64("k");
        row.timeUs = r.rate("time_us");
        row.gbPerS = r.rate("gb_per_s");
        row.pctOfCopyBandwidth = r.rate("pct_of_copy_bandwidth");
        row.tflops = r.rate("tflops");
        row.pctOfCublasBf16 = r.rate("pct_of_cublas_bf16");
        row.maxRelError = r.rate("max_rel_error");
        row.correct = r.boolean("correct");
        row.note = r.str("note");
        k.rows.push_back(std::move(row));
    }
    return k;
}

ProbeReport parseDocument(const json &doc) {
    const Obj root(doc, "");
    ProbeReport r;
    const json &sv = root.need("schema_version");
    if (!sv.is_number_integer()) {
        throw FieldError{"schema_version", "must be an integer, got " + describe(sv)};
    }
    const std::int64_t version = sv.get<std::int64_t>();
    if (version < 1) {
        throw FieldError{"schema_version", "must be 1 or more, got " + std::to_string(version)};
    }
    if (version > kReportSchemaVersion) {
        throw FieldError{"schema_version",
                         "is " + std::to_string(version) + ", newer than this HostPlan reads (" +
                             std::to_string(kReportSchemaVersion) + "): update HostPlan"};
    }
    r.schemaVersion = static_cast<int>(version);
    r.tool = root.str("tool");
    r.toolVersion = root.str("tool_version");
    r.host = root.str("host", true);
    r.timeUtc = root.str("time_utc", true);
    r.command = root.str("command");
    r.status = root.enumValue<ReportStatus>("status", kReportStatusNames, true);
    r.messages = root.strings("messages");
    if (auto b = root.object("build")) {
        r.build.cuda = b->boolean("cuda");
        r.build.cudaRuntimeVersion = b->str("cuda_runtime_version");
        r.build.rocmSmi = b->boolean("rocm_smi");
        r.build.nccl = b->boolean("nccl");
        r.build.kernelBench = b->boolean("kernel_bench");
    }
    for (const Obj &d : root.array("devices", true)) {
        r.devices.push_back(parseDevice(d));
    }
    if (auto p = root.object("plan")) {
        r.plan = parsePlan(*p);
    }
    if (root.has("fit")) {
        std::vector<FitResult> fits;
        for (const Obj &f : root.array("fit")) {
            fits.push_back(parseFit(f));
        }
        r.fit = std::move(fits);
    }
    if (root.has("bandwidth")) {
        std::vector<BandwidthResult> bws;
        for (const Obj &b : root.array("bandwidth")) {
            bws.push_back(parseBandwidth(b));
        }
        r.bandwidth = std::move(bws);
    }
    if (auto a = root.object("allreduce")) {
        r.allreduce = parseAllReduce(*a);
    }
    if (auto k = root.object("kernels")) {
        r.kernels = parseKernels(*k);
    }
    if (r.status == ReportStatus::NoGpu && !r.devices.empty()) {
        throw FieldError{"status", "is no_gpu but devices lists " +
                                       std::to_string(r.devices.size()) + " GPU(s)"};
    }
    return r;
}

} // namespace

std::string toString(ReportStatus status) {
    return statusWord(kReportStatusNames, status);
}

std::string toString(StepStatus status) {
    return statusWord(kStepStatusNames, status);
}

std::string toString(AllReduceStatus status) {
    return statusWord(kAllReduceStatusNames, status);
}

std::string reportToJson(const ProbeReport &report) {
    ordered_json j;
    j["schema_version"] = report.schemaVersion;
    j["tool"] = report.tool;
    j["tool_version"] = report.toolVersion;
    j["host"] = report.host;
    j["time_utc"] = report.timeUtc;
    j["command"] = report.command;
    j["status"] = toString(report.status);
    j["messages"] = report.messages;
    ordered_json build;
    build["cuda"] = report.build.cuda;
    build["cuda_runtime_version"] = report.build.cudaRuntimeVersion;
    build["rocm_smi"] = report.build.rocmSmi;
    build["nccl"] = report.build.nccl;
    build["kernel_bench"] = report.build.kernelBench;
    j["build"] = std::move(build);
    ordered_json devices = ordered_json::array();
    for (const DeviceInfo &d : report.devices) {
        devices.push_back(deviceToJson(d));
    }
    j["devices"] = std::move(devices);
    j["plan"] = report.plan ? planToJson(*report.plan) : ordered_json(nullptr);
    if (report.fit) {
        ordered_json fits = ordered_json::array();
        for (const FitResult &f : *report.fit) {
            fits.push_back(fitToJson(f));
        }
        j["fit"] = std::move(fits);
    } else {
        j["fit"] = nullptr;
    }
    if (report.bandwidth) {
        ordered_json bws = ordered_json::array();
        for (const BandwidthResult &b : *report.bandwidth) {
            bws.push_back(bandwidthToJson(b));
        }
        j["bandwidth"] = std::move(bws);
    } else {
        j["bandwidth"] = nullptr;
    }
    j["allreduce"] = report.allreduce ? allReduceToJson(*report.allreduce) : ordered_json(nullptr);
    j["kernels"] = report.kernels ? kernelsToJson(*report.kernels) : ordered_json(nullptr);
    // Replace invalid UTF-8 (a device name read from a driver) rather than throwing.
    return jsonfield::dumpText(j, 2) + "\n";
}

Result<ProbeReport> parseReport(std::string_view jsonText) {
    // jsonfield::parse also refuses a name repeated within one object (field = its path).
    auto parsed = hostplan::jsonfield::parse(jsonText, "probe report");
    if (!parsed.ok()) {
        if (parsed.error().field == "probe report") { // syntax, or out_of_range for 1e400
            return makeError("", "not a JSON probe report: " + parsed.error().message);
        }
        return parsed.error();
    }
    const json doc = std::move(parsed).value();
    try {
        return parseDocument(doc);
    } catch (const FieldError &e) {
        return makeError(e.field, e.message);
    } catch (const json::exception &e) {
        return makeError("", std::string("invalid probe report: ") + e.what());
    }
}

Result<ProbeReport> loadReportFile(const std::string &path) {
    // A regular file of bounded size only: /dev/zero, a FIFO or a folder is refused at once.
    HOSTPLAN_TRY(text, readRegularFile(path, kMaxReportBytes));
    Result<ProbeReport> r = parseReport(text);
    if (!r.ok()) {
        return makeError(path, r.error().toString());
    }
    return r;
}

} // namespace hostplan::probe
