// SPDX-License-Identifier: MIT
// Catalogue files compiled into hostplan_core (see core/embed.cmake), so that every tool finds
// them without an install step.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace hostplan {

/// Path relative to resources/ (e.g. "gpus.json", "models/Kimi-K3.json") -> file bytes.
const std::map<std::string, std::string_view> &embeddedResources();

} // namespace hostplan
