// SPDX-License-Identifier: MIT
#include "plan/planformats.h"

#include "engine/servedtype.h"

namespace hostplan {

std::optional<NumberFormat> quantizedLinearFormat(const ModelSpec &m) {
    const TensorGroup *largest = nullptr;
    for (const TensorGroup &g : m.groups) {
        if (g.linear && !isFloatDtype(g.format) && (!largest || g.bytes() > largest->bytes())) {
            largest = &g;
        }
    }
    return largest ? std::optional<NumberFormat>(largest->format) : std::nullopt;
}

void resolveStateFormat(const ModelSpec &checkpoint, const NumberFormat &dtype, PlanResult &r) {
    if (!hasRecurrentState(checkpoint)) {
        return;
    }
    ModelChoice &m = r.scenario.model;
    const Engine engine = r.scenario.engine.engine;
    const EngineStateFormat def = engineStateFormat(engine, checkpoint, dtype);
    const bool kdaOverride = m.stateFormatChosen && engine == Engine::Vllm && checkpoint.kdaState &&
                             !(m.stateFormat == def.format);
    if (kdaOverride) {
        r.warnings.push_back("vLLM keeps KDA state in " + def.format.label() +
                             " whatever --mamba-ssm-cache-dtype says (kda_state_dtype), so the "
                             "plan sizes it so rather than in the chosen " +
                             m.stateFormat.label() + "; SGLang's --mamba-ssm-dtype honours it");
    }
    if (!m.stateFormatChosen || kdaOverride) {
        m.stateFormat = def.format;
        r.stateFormatNote = def.reason;
    }
}

} // namespace hostplan
