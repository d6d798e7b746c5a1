#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest "style": the tree follows its house rules.
#   1. Every C++/CUDA source, script and CMake file names its licence (SPDX-License-Identifier)
#      in its first three lines.
#   2. No file outside kernels/ is longer than HOSTPLAN_MAX_LINES (default 720: "about 700").
#   3. Every C++/CUDA source is formatted as .clang-format says (clang-format --dry-run
#      --Werror); fix with `cmake --build build --target format`.
# Files are the ones git tracks (the source tree's own when it is not a git checkout). Exit 0
# when all hold, 1 naming each file that does not, 77 (skipped) when checks 1-2 pass but
# clang-format is not installed.
set -euo pipefail
src=${1:?usage: check-style.sh SOURCE_DIR}
cd "$src"
max=${HOSTPLAN_MAX_LINES:-720}
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files)
else
    mapfile -t files < <(find . -path ./build -prune -o -path './build-*' -prune -o -type f -print |
        sed 's|^\./||')
fi
fail=0
code=()
for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    case "$f" in
    *.cpp | *.h | *.cu | *.cuh) code+=("$f") ;;&
    *.cpp | *.h | *.cu | *.cuh | *.cpp.in | *.sh | *.py | *.cmake | CMakeLists.txt | */CMakeLists.txt)
        if ! head -n 3 "$f" | grep -q "SPDX-License-Identifier"; then
            echo "style: $f: no SPDX-License-Identifier in its first three lines"
            fail=1
        fi
        case "$f" in
        kernels/*) ;;
        *)
            lines=$(wc -l <"$f")
            if [ "$lines" -gt "$max" ]; then
                echo "style: $f: $lines lines, more than $max (split it by what it tests or does)"
                fail=1
            fi
            ;;
        esac
        ;;
    esac
done
if [ "$fail" -ne 0 ]; then
    exit 1
fi
formatter=$(command -v clang-format || command -v clang-format-14 || true)
if [ -z "$formatter" ]; then
    echo "style: clang-format not installed (scripts/install-deps.sh installs it): format not checked"
    exit 77
fi
if ! "$formatter" --dry-run --Werror "${code[@]}" 2>/tmp/hostplan-style.$$; then
    grep -o '^[^:]*:[0-9]*:[0-9]*: error' /tmp/hostplan-style.$$ | cut -d: -f1 | sort -u |
        sed 's/^/style: not formatted (cmake --build build --target format): /'
    rm -f /tmp/hostplan-style.$$
    exit 1
fi
rm -f /tmp/hostplan-style.$$
echo "style: ${#files[@]} files: licence headers, lengths and format as the house rules say"
