// SPDX-License-Identifier: MIT
// Scenarios several GUI and report tests start from (tests/app).
#pragma once

#include "scenario/scenario.h"

namespace hostplan::testscenarios {

/// Kimi K3 on one H200 at 1,048,576 tokens of context, one sequence: does not fit (the weights
/// alone need 12 GPUs); the same as tests/app/data/nofit-h200-1m.json.
inline Scenario noFit() {
    Scenario s = defaultScenario();
    s.hardware = HardwareChoice{};
    s.hardware.gpu = "h200";
    s.hardware.gpuCount = 1;
    s.workload.contextTokens = 1048576;
    s.workload.concurrency = 1;
    return s;
}

/// Llama 3.1 8B on H100 with the count, layout and rate on auto at the default workload
/// (16 x 32k): one H100 holds 13 sequences, so the layout search rents two 1-GPU replicas on
/// Vast.ai's median 1 x H100 offer ($2.4024 per GPU-hour).
inline Scenario twoReplicas() {
    Scenario s = defaultScenario();
    s.hardware = HardwareChoice{};
    s.hardware.gpu = "h100-sxm";
    s.pricing.usdPerGpuHour.reset();
    s.pricing.apiPriceId.clear();
    s.model.ref = "llama-3.1-8b";
    s.model.weightsFormat.reset();
    s.model.groupFormats.clear();
    return s;
}

/// `base` switched to a private copy of Llama 3.1 8B (tests/data/unpriced-model: a name no API
/// sells) on one H100 at 4 sequences, which fits: the self-hosted cost per token is a figure
/// while the API figures are absent.
/// `base` on `count` GPUs of type `gpu`, with the layout and the prices left to HostPlan.
inline Scenario onGpus(Scenario base, const char *gpu, std::uint32_t count) {
    base.pricing = PricingChoice{};
    base.hardware = HardwareChoice{};
    base.hardware.gpu = gpu;
    base.hardware.gpuCount = count;
    return base;
}

inline Scenario noApiPrice(Scenario base) {
    base.model.ref = HOSTPLAN_TEST_DATA_DIR "/unpriced-model";
    base.model.weightsFormat.reset();
    base.model.groupFormats.clear();
    base = onGpus(base, "h100", 1);
    base.workload.concurrency = 4;
    return base;
}

/// Llama 3.1 70B on three H100 at 131,072 tokens of context: the KV room holds exactly one
/// sequence (of the 16 requested), so every "N sequences" text reads "1 sequence".
inline Scenario oneSequence() {
    Scenario s = defaultScenario();
    s.model.ref = "llama-3.1-70b";
    s = onGpus(s, "h100", 3);
    s.workload.contextTokens = 131072;
    return s;
}

} // namespace hostplan::testscenarios
