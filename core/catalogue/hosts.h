// SPDX-License-Identifier: MIT
// The host catalogue (resources/hosts.json, compiled in): system-memory bandwidth and size of
// typical desktops, servers and Apple unified-memory machines, for llama.cpp plans that keep
// layers or experts in RAM (engine/llamacpp.h). Every entry carries source and as_of.
#pragma once

#include "model/hardware.h"
#include "util/result.h"

#include <string_view>
#include <vector>

namespace hostplan {

/// Parses a hosts document: {"hosts": [{id, name, aliases?, memory_gb (1..100000),
/// memory_bandwidth_gb_per_s (1..100000), unified_memory, source, as_of}]}. Errors name
/// "hosts.json: hosts[i].field".
Result<std::vector<HostSpec>> parseHosts(std::string_view json);

/// The built-in hosts (resources/hosts.json). Never fails at run time (tests check the data).
const std::vector<HostSpec> &builtinHosts();

/// A built-in host by id or alias, case-insensitive. The error lists the ids.
Result<HostSpec> findHost(std::string_view nameOrAlias);

} // namespace hostplan
