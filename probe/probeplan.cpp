// SPDX-License-Identifier: MIT
#include "probeplan.h"

#include "plan/plan.h"
#include "scenario/scenario.h"

namespace hostplan::probe {

Result<PlanInfo> planFromScenarioFile(const std::string &path) {
    const Result<Scenario> scenario = loadScenarioFile(path);
    if (!scenario.ok()) {
        return makeError(path, scenario.error().toString());
    }
    const Result<PlanResult> plan = evaluate(scenario.value());
    if (!plan.ok()) {
        return makeError(path, "cannot evaluate the scenario: " + plan.error().toString());
    }
    const PlanResult &p = plan.value();
    PlanInfo info;
    info.source = "scenario";
    info.scenarioFile = path;
    info.scenarioName = p.scenario.name; // named after the plan when the file gives none
    info.gpuId = p.gpu.id;
    info.gpuName = p.gpu.name;
    info.gpuCount = p.layout.gpuCount();
    info.plannedBytesPerGpu = p.memory.perGpu.total();
    info.catalogueMemoryBytes = p.gpu.usableMemoryBytes;
    info.catalogueBandwidthBytesPerS = p.gpu.hbmBandwidthBytesPerS;
    return info;
}

} // namespace hostplan::probe
