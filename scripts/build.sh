#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Configures and builds HostPlan into build/ (Ninja, RelWithDebInfo, warnings as errors).
# Debug information is line tables only (-g1): full -g made each test executable about 86 MB and
# the build folder over 9 GB, which filled a CI machine's disk; -g1 keeps file:line in backtraces
# and cuts the folder about five-fold. Pass -DCMAKE_BUILD_TYPE=Debug for a debugger session.
# Extra arguments go to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
launcher=()
# ccache, where installed, makes rebuilds after a branch switch cheap; it is not required.
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DHOSTPLAN_WARNINGS_AS_ERRORS=ON \
    "${launcher[@]}" "$@"
cmake --build build -j "$jobs"
