// SPDX-License-Identifier: MIT
// Helpers shared by the core tests that evaluate whole scenarios (tst_decision, tst_apiprices)
// and read their serving commands (tst_kvscheme, tst_servingdtype, tst_sglangrules), or a plan's
// weight groups on a catalogue GPU (tst_attentiondp, tst_moea2a), their DeepSeek V3 layout, and
// a user's rental offer (tst_layout, tst_decisionbases).
#pragma once

#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "plan/plan.h"
#include "sizing/memory.h"

#include <QtGlobal>

#include <string>
#include <utility>

/// The plan of `s`; a scenario a test expects to evaluate that does not is a broken test, so it
/// aborts with the core's error rather than returning a value to be checked.
inline hostplan::PlanResult planOf(const hostplan::Scenario &s) {
    auto r = hostplan::evaluate(s);
    if (!r.ok()) {
        qFatal("evaluate: %s", r.error().toString().c_str());
    }
    return std::move(r).value();
}

/// The flag `name` of `c` (its first occurrence), or nullptr when the command has none.
inline const hostplan::ServeFlag *findFlag(const hostplan::ServeCommand &c,
                                           const std::string &name) {
    for (const hostplan::ServeFlag &f : c.flags) {
        if (f.flag == name) {
            return &f;
        }
    }
    return nullptr;
}

/// The value of flag `name` of `c`, or "<absent>" when the command has none.
inline std::string flagValue(const hostplan::ServeCommand &c, const std::string &name) {
    const hostplan::ServeFlag *f = findFlag(c, name);
    return f ? f->value : std::string("<absent>");
}

/// The catalogue's GPU `id`; a test that names a missing one is broken, so it aborts.
inline hostplan::GpuSpec catalogueGpu(const std::string &id) {
    auto g = hostplan::Catalogue::builtin().findGpu(id);
    if (!g.ok()) {
        qFatal("no GPU %s", id.c_str());
    }
    return g.value();
}

/// Bytes per GPU of `mem`'s weight groups of `role` (GroupBytes::perGpuBytes summed).
inline std::uint64_t rolePerGpu(const hostplan::MemoryBreakdown &mem, hostplan::GroupRole role) {
    std::uint64_t sum = 0;
    for (const hostplan::GroupBytes &g : mem.groups) {
        sum += g.role == role ? g.perGpuBytes : 0;
    }
    return sum;
}

/// Bytes of one copy of `m`'s weight groups of `role`, whole model.
inline std::uint64_t roleTotal(const hostplan::ModelSpec &m, hostplan::GroupRole role) {
    std::uint64_t sum = 0;
    for (const hostplan::TensorGroup &g : m.groups) {
        sum += g.role == role ? g.bytes() : 0;
    }
    return sum;
}

/// A user's quoted offer (scenario pricing.offers): `gpus` per instance of `gpu` at `usd` an
/// hour on demand, entered by the user (RentalOffer::userEntered), dated 2026-12-01.
inline hostplan::RentalOffer quotedOffer(const std::string &id, const std::string &gpu,
                                         std::uint32_t gpus, double usd) {
    hostplan::RentalOffer o;
    o.id = id;
    o.provider = "Mine";
    o.gpu = gpu;
    o.gpusPerInstance = gpus;
    o.usdPerGpuHourOnDemand = usd;
    o.source = "quote";
    o.asOf = "2026-12-01";
    o.userEntered = true;
    return o;
}

/// DeepSeek V3 on 16 x H200 (two nodes), 32,768 tokens of context, the layout HostPlan's rules
/// choose: the multi-node attention-DP tests.
inline hostplan::Scenario deepseekV3OnSixteenH200() {
    hostplan::Scenario s;
    s.model.ref = "deepseek-v3";
    s.hardware.gpu = "h200";
    s.hardware.gpuCount = 16;
    s.workload.contextTokens = 32768;
    return s;
}

/// DeepSeek V3 on 8 x H200 at TP 8 and EP 8 with attention DP `dp` (1: TP attention), 8,192
/// tokens of context, the other settings a default-constructed Scenario's: the layout of the
/// attention-DP and MoE all-to-all tests.
inline hostplan::Scenario deepseekV3OnEightH200(std::uint32_t dp) {
    hostplan::Scenario s;
    s.model.ref = "deepseek-v3";
    s.hardware.gpu = "h200";
    s.hardware.gpuCount = 8;
    s.hardware.tp = 8;
    s.hardware.ep = 8;
    s.hardware.attentionDp = dp;
    s.workload.contextTokens = 8192;
    return s;
}
