// SPDX-License-Identifier: MIT
#include "engine/startupfixes.h"

namespace hostplan {

std::string startupFixesText(const EngineStartup &s) {
    std::string text;
    for (const FlagChange &f : s.fixes) {
        std::string effect = f.effect;
        if (!effect.empty() && effect.back() == '.') {
            effect.pop_back();
        }
        text += " Fix: " + f.flag + (f.value.empty() ? "" : " " + f.value) + " (" + effect + ").";
    }
    return text;
}

} // namespace hostplan
