// SPDX-License-Identifier: MIT
// GPU type entries (catalogue.h): the gpus.json entry schema read and written, a user's GPU
// file, and the catalogue with a user's types merged in (Catalogue::withGpus).
#include "catalogue/catalogue.h"
#include "catalogue/gpufile.h"
#include "catalogue/cataloguefields.h"

#include "util/fileio.h"
#include "util/jsonutil.h"
#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace hostplan {

using namespace cataloguefields;

namespace {

/// "sm_count": an integer in [1, 4096], or the string "unknown" (-> 0) where the vendor
/// publishes no figure; required, so that every entry says which.
Result<std::uint32_t> parseSmCount(const nlohmann::json &o, const std::string &path) {
    if (o.contains("sm_count") && o.at("sm_count").is_string()) {
        if (o.at("sm_count").get<std::string>() != "unknown") {
            return makeError(path + ".sm_count", "must be an integer or \"unknown\", got " +
                                                     jsonfield::brief(o.at("sm_count")));
        }
        return std::uint32_t(0);
    }
    HOSTPLAN_TRY(n, jsonfield::integer(o, "sm_count", path, 1, 4096, true));
    return std::uint32_t(*n);
}

/// Highest CUDA compute capability major version accepted: 12 is the newest shipped (Blackwell
/// RTX, sm_120); a few more leave room for parts to come, not for typing errors like "99.9".
constexpr std::uint32_t kMaxComputeCapabilityMajor = 15;

/// The keys of a gpus.json entry (parseGpuEntry): any other is a typing error ("usd_per_gpu_
/// hours") that would otherwise drop a figure without a word.
constexpr std::array<std::string_view, 32> kGpuEntryKeys = {"id",
                                                            "name",
                                                            "aliases",
                                                            "vendor",
                                                            "memory_gb",
                                                            "usable_memory_gib",
                                                            "usable_memory_source",
                                                            "hbm_bandwidth_tb_per_s",
                                                            "bf16_dense_tflops",
                                                            "fp8_dense_tflops",
                                                            "fp4_dense_tflops",
                                                            "native_mxfp4",
                                                            "interconnect",
                                                            "interconnect_gb_per_s",
                                                            "gpus_per_node",
                                                            "scale_up_domain_gpus",
                                                            "clustered_rentals",
                                                            "clustered_rentals_source",
                                                            "unified_memory",
                                                            "unified_memory_source",
                                                            "unified_memory_free_gib",
                                                            "sm_count",
                                                            "sm_count_source",
                                                            "sm_count_as_of",
                                                            "compute_capability",
                                                            "compute_capability_source",
                                                            "compute_capability_as_of",
                                                            "source",
                                                            "as_of",
                                                            "usd_per_gpu_hour",
                                                            "price_source",
                                                            "price_as_of"};

/// A date field: YYYY-MM-DD or YYYY-MM (isPriceDate), so that the age checks can read it.
Result<std::string> reqDate(const nlohmann::json &o, const char *key, const std::string &path) {
    HOSTPLAN_TRY(text, reqString(o, key, path));
    if (!isPriceDate(text)) {
        return makeError(path + "." + key,
                         "must be a date, YYYY-MM-DD or YYYY-MM, got " + quotedInput(text));
    }
    return text;
}

/// "compute_capability": "major.minor" (1 to 2 digits, one digit), as nvidia-smi's compute_cap
/// prints it; required for NVIDIA entries and refused for others. 0 when absent.
Result<std::uint32_t> parseComputeCapability(const nlohmann::json &o, const std::string &path,
                                             bool nvidia) {
    if (!o.contains("compute_capability")) {
        if (nvidia) {
            return makeError(path + ".compute_capability",
                             "missing: an NVIDIA GPU's CUDA compute capability, e.g. \"9.0\" "
                             "(nvidia-smi --query-gpu=compute_cap)");
        }
        return std::uint32_t(0);
    }
    if (!nvidia) {
        return makeError(path + ".compute_capability",
                         "only NVIDIA GPUs have a CUDA compute capability: leave it out for "
                         "another vendor's GPU");
    }
    const auto &v = o.at("compute_capability");
    const std::string text = v.is_string() ? v.get<std::string>() : std::string();
    const auto dot = text.find('.');
    const bool digits = std::all_of(text.begin(), text.end(), [](char c) {
        return c == '.' || std::isdigit(static_cast<unsigned char>(c));
    });
    if (!v.is_string() || !digits || dot == std::string::npos || dot == 0 || dot > 2 ||
        text.size() != dot + 2) {
        return makeError(path + ".compute_capability",
                         "must be \"major.minor\" such as \"8.9\" or \"12.0\", got " +
                             jsonfield::brief(v));
    }
    const std::uint32_t major = std::uint32_t(std::stoul(text.substr(0, dot)));
    if (major == 0 || major > kMaxComputeCapabilityMajor) {
        return makeError(path + ".compute_capability",
                         "major version must be 1 to " +
                             std::to_string(kMaxComputeCapabilityMajor) + ", got " + text);
    }
    return major * 10 + std::uint32_t(text[dot + 1] - '0');
}

/// Whether `id` is a GPU id: 1 to 64 of a-z, 0-9, '-', '.', '_' (it names offers and files).
bool validGpuId(std::string_view id) {
    return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
    });
}

} // namespace

Result<GpuSpec> parseGpuEntry(const nlohmann::json &o, const std::string &path) {
    GpuSpec g;
    if (!o.is_object()) {
        return makeError(path, "must be an object (a gpus.json entry), got " + jsonfield::brief(o));
    }
    for (const auto &[key, value] : o.items()) {
        (void)value;
        if (std::find(kGpuEntryKeys.begin(), kGpuEntryKeys.end(), key) == kGpuEntryKeys.end()) {
            return makeError(path + "." + cutText(singleLine(key), 60),
                             "unknown key (a gpus.json entry has id, name, aliases, vendor, "
                             "memory_gb, usable_memory_gib, ... as resources/gpus.json)");
        }
    }
    HOSTPLAN_TRY(id, reqString(o, "id", path));
    if (!validGpuId(id)) {
        return makeError(path + ".id", "must be 1 to 64 of a-z, 0-9, '-', '.', '_', got '" +
                                           id.substr(0, 80) + "'");
    }
    HOSTPLAN_TRY(name, reqString(o, "name", path));
    HOSTPLAN_TRY(vendorText, reqString(o, "vendor", path));
    const std::string vendor = asciiUpper(vendorText);
    if (vendor != "NVIDIA" && vendor != "AMD") {
        return makeError(path + ".vendor",
                         "must be NVIDIA or AMD (the GPUs HostPlan models), got '" +
                             vendorText.substr(0, 80) + "'");
    }
    HOSTPLAN_TRY(aliasList, stringList(o, "aliases", path));
    // Aliases are printed in errors and lists: one line each, and each must name something
    // (the look-up compares letters and digits only).
    std::vector<std::string> aliases;
    for (std::size_t a = 0; a < aliasList.size(); ++a) {
        if (squash(aliasList[a]).empty()) {
            return makeError(path + ".aliases[" + std::to_string(a) + "]",
                             "must hold a letter or digit, got " + quotedInput(aliasList[a]));
        }
        aliases.push_back(singleLine(aliasList[a]));
    }
    if (name.size() > 200 || aliases.size() > 32 ||
        std::any_of(aliases.begin(), aliases.end(),
                    [](const std::string &a) { return a.size() > 64; })) {
        return makeError(path + (name.size() > 200 ? ".name" : ".aliases"),
                         "too long (a name up to 200 characters, up to 32 aliases of 64)");
    }
    HOSTPLAN_TRY(memGb, reqNumber(o, "memory_gb", path, 1, 1e5));
    HOSTPLAN_TRY(usableGib, reqNumber(o, "usable_memory_gib", path, 1, 1e5));
    HOSTPLAN_TRY(usableSource, reqString(o, "usable_memory_source", path));
    // The driver reports the capacity in GiB, never more GiB than the vendor's GB figure (the
    // catalogue's highest is 99.5 % of it): a larger one is a unit slip or a typing error.
    if (usableGib > memGb) {
        return makeError(path + ".usable_memory_gib",
                         formatDouble("%g", usableGib) + " GiB is more than memory_gb (" +
                             formatDouble("%g", memGb) +
                             "): the driver reports at most the advertised capacity in GiB");
    }
    HOSTPLAN_TRY(bw, reqNumber(o, "hbm_bandwidth_tb_per_s", path, 0.01, 1e3));
    HOSTPLAN_TRY(bf16, reqNumber(o, "bf16_dense_tflops", path, 1, 1e6));
    HOSTPLAN_TRY(fp8, reqNumber(o, "fp8_dense_tflops", path, 0, 1e6));
    HOSTPLAN_TRY(fp4, reqNumber(o, "fp4_dense_tflops", path, 0, 1e6));
    HOSTPLAN_TRY(native, jsonfield::boolean(o, "native_mxfp4", path, true));
    if (*native && !(fp4 > 0)) {
        return makeError(path + ".native_mxfp4",
                         "true needs FP4 tensor cores (fp4_dense_tflops above 0)");
    }
    HOSTPLAN_TRY(ic, reqString(o, "interconnect", path));
    HOSTPLAN_TRY(icGbs, reqNumber(o, "interconnect_gb_per_s", path, 0, 1e5));
    HOSTPLAN_TRY(node, jsonfield::integer(o, "gpus_per_node", path, 1, 72, true));
    // A single card (a desktop GPU, an APU) has no GPU-to-GPU link: 0 is its figure.
    if (icGbs < 0.1 && (icGbs > 0 || *node > 1)) {
        return makeError(path + ".interconnect_gb_per_s",
                         "must be between 0.1 and 100000.0 for a node of " + std::to_string(*node) +
                             " GPUs (0 only with gpus_per_node 1), got " + jsonfield::brief(icGbs));
    }
    HOSTPLAN_TRY(domain, jsonfield::integer(o, "scale_up_domain_gpus", path, 1, 576, false));
    HOSTPLAN_TRY(clustered, jsonfield::boolean(o, "clustered_rentals", path, false));
    std::string clusteredSource;
    if (clustered && !*clustered) {
        HOSTPLAN_TRY(why, reqString(o, "clustered_rentals_source", path));
        clusteredSource = why;
    }
    HOSTPLAN_TRY(unified, jsonfield::boolean(o, "unified_memory", path, false));
    if (unified && *unified) {
        HOSTPLAN_TRY(why, reqString(o, "unified_memory_source", path));
        g.unifiedMemory = true;
        g.unifiedMemorySource = why;
        HOSTPLAN_TRY(freeGib,
                     jsonfield::number(o, "unified_memory_free_gib", path, 0.1, usableGib, false));
        g.unifiedFreeBytes = freeGib ? std::uint64_t(*freeGib * kBytesPerGiB + 0.5) : 0;
    }
    HOSTPLAN_TRY(sms, parseSmCount(o, path));
    HOSTPLAN_TRY(smSource, reqString(o, "sm_count_source", path));
    HOSTPLAN_TRY(smAsOf, reqDate(o, "sm_count_as_of", path));
    HOSTPLAN_TRY(cc, parseComputeCapability(o, path, vendor == "NVIDIA"));
    if (cc) {
        HOSTPLAN_TRY(ccSource, reqString(o, "compute_capability_source", path));
        HOSTPLAN_TRY(ccAsOf, reqDate(o, "compute_capability_as_of", path));
        g.computeCapabilitySource = ccSource;
        g.computeCapabilityAsOf = ccAsOf;
    }
    g.computeCapability = cc;
    HOSTPLAN_TRY(source, reqString(o, "source", path));
    HOSTPLAN_TRY(asOf, reqDate(o, "as_of", path));
    // A user's own GPU type may carry its rental rate (gpus.json has none: prices.json's
    // gpu_hour_rates set the catalogue's).
    HOSTPLAN_TRY(rate, jsonfield::number(o, "usd_per_gpu_hour", path, 0, 1e4, false));
    if (rate) {
        HOSTPLAN_TRY(priceSource, reqString(o, "price_source", path));
        HOSTPLAN_TRY(priceAsOf, reqDate(o, "price_as_of", path));
        g.defaultUsdPerGpuHour = *rate + 0.0; // -0 is 0 ("$-0.00" otherwise)
        g.priceSource = priceSource;
        g.priceAsOf = priceAsOf;
    }
    g.id = id;
    g.name = name;
    g.vendor = vendor;
    g.aliases = aliases;
    g.memoryBytes = std::uint64_t(memGb * kBytesPerGB + 0.5);
    g.usableMemoryBytes = std::uint64_t(usableGib * kBytesPerGiB + 0.5);
    g.usableMemorySource = usableSource;
    g.hbmBandwidthBytesPerS = bw * 1e12;
    g.bf16FlopsPerS = bf16 * 1e12;
    g.fp8FlopsPerS = fp8 * 1e12;
    g.fp4FlopsPerS = fp4 * 1e12;
    g.nativeMxfp4 = *native;
    g.interconnect = ic;
    g.interconnectBytesPerS = icGbs * 1e9;
    g.gpusPerNode = std::uint32_t(*node);
    g.scaleUpDomainGpus = std::uint32_t(domain.value_or(0));
    g.clusteredRentals = clustered.value_or(true);
    g.clusteredRentalsSource = clusteredSource;
    g.smCount = sms;
    g.smCountSource = smSource;
    g.smCountAsOf = smAsOf;
    g.source = source;
    g.asOf = asOf;
    return g;
}

namespace {
/// The JSON figure `value` / `scale` that parseGpuEntry scales back to exactly `value`: the
/// quotient or one of its neighbouring doubles, so that a saved GPU type reads back unchanged.
double unscaled(double value, double scale) {
    const double q = value / scale;
    for (const double d : {q, std::nextafter(q, HUGE_VAL), std::nextafter(q, -HUGE_VAL)}) {
        if (d * scale == value) {
            return d;
        }
    }
    return q;
}
} // namespace

nlohmann::json gpuToJson(const GpuSpec &g) {
    nlohmann::json o = {
        {"id", g.id},
        {"name", g.name},
        {"aliases", g.aliases},
        {"vendor", g.vendor},
        {"memory_gb", double(g.memoryBytes) / kBytesPerGB},
        {"usable_memory_gib", double(g.usableMemoryBytes) / kBytesPerGiB},
        {"usable_memory_source", g.usableMemorySource},
        {"hbm_bandwidth_tb_per_s", unscaled(g.hbmBandwidthBytesPerS, 1e12)},
        {"bf16_dense_tflops", unscaled(g.bf16FlopsPerS, 1e12)},
        {"fp8_dense_tflops", unscaled(g.fp8FlopsPerS, 1e12)},
        {"fp4_dense_tflops", unscaled(g.fp4FlopsPerS, 1e12)},
        {"native_mxfp4", g.nativeMxfp4},
        {"interconnect", g.interconnect},
        {"interconnect_gb_per_s", unscaled(g.interconnectBytesPerS, 1e9)},
        {"gpus_per_node", g.gpusPerNode},
        {"sm_count", g.smCount ? nlohmann::json(g.smCount) : nlohmann::json("unknown")},
        {"sm_count_source", g.smCountSource},
        {"sm_count_as_of", g.smCountAsOf},
        {"source", g.source},
        {"as_of", g.asOf}};
    if (g.scaleUpDomainGpus) {
        o["scale_up_domain_gpus"] = g.scaleUpDomainGpus;
    }
    if (!g.clusteredRentals) {
        o["clustered_rentals"] = false;
        o["clustered_rentals_source"] = g.clusteredRentalsSource;
    }
    if (g.unifiedMemory) {
        o["unified_memory"] = true;
        o["unified_memory_source"] = g.unifiedMemorySource;
        if (g.unifiedFreeBytes) {
            o["unified_memory_free_gib"] = double(g.unifiedFreeBytes) / kBytesPerGiB;
        }
    }
    if (g.computeCapability) {
        o["compute_capability"] = std::to_string(g.computeCapability / 10) + "." +
                                  std::to_string(g.computeCapability % 10);
        o["compute_capability_source"] = g.computeCapabilitySource;
        o["compute_capability_as_of"] = g.computeCapabilityAsOf;
    }
    if (!g.priceSource.empty()) {
        o["usd_per_gpu_hour"] = g.defaultUsdPerGpuHour;
        o["price_source"] = g.priceSource;
        o["price_as_of"] = g.priceAsOf;
    }
    return o;
}

Result<std::vector<GpuSpec>> parseGpuList(const nlohmann::json &list, const std::string &path) {
    if (!list.is_array()) {
        return makeError(path, "must be a list of GPU types (gpus.json entries)");
    }
    if (list.size() > kMaxUserGpus) {
        return makeError(path, "holds " + std::to_string(list.size()) + " GPU types; at most " +
                                   std::to_string(kMaxUserGpus) + " are read");
    }
    std::vector<GpuSpec> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        HOSTPLAN_TRY(g, parseGpuEntry(list[i], path + "[" + std::to_string(i) + "]"));
        // The same id twice in one list is a slip (which entry was meant?); across files a
        // later one replaces an earlier (the CLI's --gpu-file, the Hardware panel's import).
        const auto same =
            std::find_if(out.begin(), out.end(), [&g](const GpuSpec &e) { return e.id == g.id; });
        if (same != out.end()) {
            return makeError(path + "[" + std::to_string(i) + "].id",
                             "duplicate id '" + g.id + "' (also " + path + "[" +
                                 std::to_string(same - out.begin()) + "])");
        }
        out.push_back(std::move(g));
    }
    return out;
}

Result<std::vector<GpuSpec>> parseGpuFile(std::string_view text, const std::string &file) {
    HOSTPLAN_TRY(doc, jsonfield::parse(text, file));
    if (!doc.is_object() || !doc.contains("gpus")) {
        return makeError(file + ": gpus", "missing list of GPU types (the resources/gpus.json "
                                          "schema: {\"gpus\": [...]})");
    }
    if (doc["gpus"].is_array() && doc["gpus"].empty()) {
        // A file given to add GPU types that adds none is a mistake to say, not to pass over
        // (the next error would be "--gpu: unknown GPU" for the type the user meant to add).
        return makeError(file + ": gpus", "lists no GPU types (give at least one)");
    }
    return parseGpuList(doc["gpus"], file + ": gpus");
}

Result<std::vector<GpuSpec>> loadGpuFile(const std::string &path) {
    HOSTPLAN_TRY(text, readRegularFile(path, kMaxGpuFileBytes));
    return parseGpuFile(text, path);
}

Result<Catalogue> Catalogue::withGpus(const std::vector<GpuSpec> &extra,
                                      const std::string &what) const {
    Catalogue c = *this;
    for (std::size_t i = 0; i < extra.size(); ++i) {
        const GpuSpec &g = extra[i];
        const std::string path = what + "[" + std::to_string(i) + "]";
        // Every name the entry answers to must not already name another GPU type, or --gpu and
        // the offers would pick one of the two by catalogue order.
        std::vector<std::pair<std::string, std::string>> names = {{"id", g.id}, {"name", g.name}};
        for (std::size_t a = 0; a < g.aliases.size(); ++a) {
            names.emplace_back("aliases[" + std::to_string(a) + "]", g.aliases[a]);
        }
        for (const auto &[field, text] : names) {
            // "none" asks a llama.cpp plan for no GPU (hostplan-cli --gpu none).
            if (squash(text) == "none") {
                return makeError(path + "." + field,
                                 "'" + text + "' is reserved: --gpu none plans without a GPU");
            }
        }
        for (const GpuSpec &other : c.m_gpus) {
            if (other.id == g.id) {
                continue; // replaced below
            }
            std::vector<std::string> taken = {squash(other.id), squash(other.name)};
            for (const std::string &a : other.aliases) {
                taken.push_back(squash(a));
            }
            for (const auto &[field, text] : names) {
                if (!squash(text).empty() &&
                    std::find(taken.begin(), taken.end(), squash(text)) != taken.end()) {
                    return makeError(path + "." + field,
                                     "'" + text + "' already names GPU '" + other.id + "'");
                }
            }
        }
        // The user's figures for a catalogue GPU replace the catalogue's (a measured usable
        // memory, a node size); a new id is added.
        auto same = std::find_if(c.m_gpus.begin(), c.m_gpus.end(),
                                 [&g](const GpuSpec &e) { return e.id == g.id; });
        if (same != c.m_gpus.end()) {
            *same = g;
        } else {
            c.m_gpus.push_back(g);
        }
    }
    return c;
}

Result<std::vector<GpuSpec>> mergeGpuTypes(const std::vector<GpuSpec> &types,
                                           std::vector<GpuSpec> added, const std::string &where) {
    // Against the catalogue with the types held so far, so that a clash names the new entry.
    HOSTPLAN_TRY(sofar, Catalogue::builtin().withGpus(types, "hardware.custom_gpus"));
    HOSTPLAN_TRY(checked, sofar.withGpus(added, where));
    (void)checked;
    std::vector<GpuSpec> merged = types;
    for (GpuSpec &g : added) {
        const auto same = std::find_if(merged.begin(), merged.end(),
                                       [&g](const GpuSpec &e) { return e.id == g.id; });
        if (same != merged.end()) {
            *same = std::move(g);
        } else {
            merged.push_back(std::move(g));
        }
    }
    if (merged.size() > kMaxUserGpus) {
        return makeError(where, std::to_string(merged.size()) +
                                    " GPU types with the ones already added; at most " +
                                    std::to_string(kMaxUserGpus));
    }
    return merged;
}

} // namespace hostplan
