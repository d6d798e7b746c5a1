#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: installs what is missing, builds, and opens HostPlan on the embedded default
# scenario (Kimi K3 on 8x B300). Without a display, hostplan prints the CLI plan instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/app/hostplan "$@"
