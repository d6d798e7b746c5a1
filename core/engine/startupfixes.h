// SPDX-License-Identifier: MIT
// The engine's own fixes for a start-up it refuses or caps (EngineStartup::fixes), as one line
// of text for the serving commands' notes.
#pragma once

#include "engine/enginememory.h"

#include <string>

namespace hostplan {

/// " Fix: FLAG VALUE (effect)." for each of `s`'s fixes, each alone enough to start the engine
/// with the whole context (a switch without a value: " Fix: FLAG (effect)."); "" without fixes.
/// The leading space lets it follow a sentence.
std::string startupFixesText(const EngineStartup &s);

} // namespace hostplan
