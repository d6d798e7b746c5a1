// SPDX-License-Identifier: MIT
// Host catalogue (see hosts.h).
#include "catalogue/hosts.h"

#include "catalogue/embeddedresources.h"
#include "util/jsonutil.h"
#include "util/textutil.h"
#include "util/units.h"

#include <nlohmann/json.hpp>

#include <string>

namespace hostplan {

namespace {

Result<HostSpec> parseHost(const nlohmann::json &o, const std::string &path) {
    if (!o.is_object()) {
        return makeError(path, "must be an object");
    }
    HostSpec h;
    HOSTPLAN_TRY(id, jsonfield::string(o, "id", path, true));
    HOSTPLAN_TRY(name, jsonfield::string(o, "name", path, true));
    HOSTPLAN_TRY(memGb, jsonfield::number(o, "memory_gb", path, 1, 1e5, true));
    HOSTPLAN_TRY(bw, jsonfield::number(o, "memory_bandwidth_gb_per_s", path, 1, 1e5, true));
    HOSTPLAN_TRY(unified, jsonfield::boolean(o, "unified_memory", path, true));
    HOSTPLAN_TRY(source, jsonfield::string(o, "source", path, true));
    HOSTPLAN_TRY(asOf, jsonfield::string(o, "as_of", path, true));
    if (id->empty() || source->empty() || asOf->empty()) {
        return makeError(path, "id, source and as_of must not be empty");
    }
    if (o.contains("aliases")) {
        if (!o["aliases"].is_array()) {
            return makeError(path + ".aliases", "must be a list of strings");
        }
        for (const auto &a : o["aliases"]) {
            if (!a.is_string()) {
                return makeError(path + ".aliases", "must be a list of strings");
            }
            h.aliases.push_back(a.get<std::string>());
        }
    }
    h.id = *id;
    h.name = *name;
    // DRAM is sold in binary sizes: a "64 GB" desktop kit and a "128GB" unified-memory Mac
    // hold 64 and 128 GiB, as the OS reports them.
    h.memoryBytes = std::uint64_t(*memGb * kBytesPerGiB + 0.5);
    h.memoryBandwidthBytesPerS = *bw * 1e9;
    h.unifiedMemory = *unified;
    h.source = *source;
    h.asOf = *asOf;
    return h;
}

} // namespace

Result<std::vector<HostSpec>> parseHosts(std::string_view json) {
    HOSTPLAN_TRY(doc, jsonfield::parse(json, "hosts.json"));
    if (!doc.is_object() || !doc.contains("hosts") || !doc["hosts"].is_array()) {
        return makeError("hosts.json: hosts", "missing list of hosts");
    }
    std::vector<HostSpec> out;
    for (std::size_t i = 0; i < doc["hosts"].size(); ++i) {
        HOSTPLAN_TRY(h, parseHost(doc["hosts"][i], "hosts.json: hosts[" + std::to_string(i) + "]"));
        out.push_back(std::move(h));
    }
    return out;
}

const std::vector<HostSpec> &builtinHosts() {
    static const std::vector<HostSpec> hosts = [] {
        auto r = parseHosts(embeddedResources().at("hosts.json"));
        return r.ok() ? r.value() : std::vector<HostSpec>{};
    }();
    return hosts;
}

Result<HostSpec> findHost(std::string_view nameOrAlias) {
    const std::string want = asciiLower(nameOrAlias);
    std::string ids;
    for (const auto &h : builtinHosts()) {
        if (asciiLower(h.id) == want) {
            return h;
        }
        for (const auto &a : h.aliases) {
            if (asciiLower(a) == want) {
                return h;
            }
        }
        ids += (ids.empty() ? "" : ", ") + h.id;
    }
    return makeError("host",
                     "unknown host '" + std::string(nameOrAlias) + "' (known: " + ids + ")");
}

} // namespace hostplan
