#!/usr/bin/env bash
# Configures and builds HostPlan into build/ (Ninja, RelWithDebInfo, warnings as errors).
# Extra arguments go to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTPLAN_WARNINGS_AS_ERRORS=ON "$@"
cmake --build build -j "$jobs"
