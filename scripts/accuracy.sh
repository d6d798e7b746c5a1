#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates docs/ACCURACY.md: the memory sections from the golden rows (tests/core/goldenmemory.h,
# and tests/core/goldenllamacpp.h for llama.cpp) with the tst_enginememory binary of a build
# folder (default: build). ctest's `enginememory` fails when a row leaves its tolerance; this
# script only writes the tables.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
cmake --build "$build" --target tst_enginememory -j2 >/dev/null
"$build/tests/core/tst_enginememory" --markdown > "$root/docs/ACCURACY.md"
echo "wrote $root/docs/ACCURACY.md"
# Then the throughput section (appended after ## Memory).
"$root/scripts/accuracy-throughput.sh" "$build"
