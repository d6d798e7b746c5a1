#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Configures and builds HostPlan into build/ (Ninja, RelWithDebInfo, warnings as errors).
# Extra arguments go to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
launcher=()
# ccache, where installed, makes rebuilds after a branch switch cheap; it is not required.
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTPLAN_WARNINGS_AS_ERRORS=ON \
    "${launcher[@]}" "$@"
cmake --build build -j "$jobs"
