#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what is missing, builds, and runs every test (ctest). GPU tests skip without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
jobs=$(nproc 2>/dev/null || echo 2)
QT_QPA_PLATFORM=offscreen ctest --test-dir build --output-on-failure -j "$jobs"
