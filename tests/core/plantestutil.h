// SPDX-License-Identifier: MIT
// Helpers shared by the core tests that evaluate whole scenarios (tst_decision, tst_apiprices)
// and read their serving commands (tst_kvscheme, tst_servingdtype, tst_sglangrules).
#pragma once

#include "engine/servecommand.h"
#include "plan/plan.h"

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
