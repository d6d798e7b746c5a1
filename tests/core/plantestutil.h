// SPDX-License-Identifier: MIT
// Helper shared by the core tests that evaluate whole scenarios (tst_decision, tst_apiprices).
#pragma once

#include "plan/plan.h"

#include <QtGlobal>

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
