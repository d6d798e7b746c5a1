#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The `setup` test: every CMake package the configured build found must come from a Debian
# package that scripts/install-deps.sh installs, or from one of that list's dependencies. A
# machine that has a package from earlier work would otherwise hide a missing install step (as
# libqt6opengl6-dev once was: Qt6Charts needs Qt6OpenGL's CMake package).
#
# Usage: check-packages.sh BUILD_DIR SOURCE_DIR
# Exit codes: 0 all covered, 1 a package is missing from the list (named), 77 skipped (no dpkg).
set -euo pipefail
build=${1:?build dir}
src=${2:?source dir}
cache="$build/CMakeCache.txt"

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-cache >/dev/null 2>&1; then
    echo "setup: skipped (no dpkg / apt-cache on this machine)"
    exit 77
fi
[ -f "$cache" ] || { echo "setup: $cache: not found (configure first)"; exit 1; }

# The packages install-deps.sh installs (its own --list), then their dependency closure.
mapfile -t listed < <("$src/scripts/install-deps.sh" --list)
[ ${#listed[@]} -gt 0 ] || { echo "setup: install-deps.sh --list printed nothing"; exit 1; }
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
              --no-breaks --no-replaces --no-enhances "${listed[@]}" 2>/dev/null |
          sed -E 's/^ *(\|)?(Pre)?Depends: //; s/^ +//; s/[<>]//g; s/:.*$//' | sort -u)
covered() { grep -qxF "$1" <<<"$closure"; }

missing=()
checked=0
# Every <Pkg>_DIR:PATH=... that a find_package() resolved to a folder with a config file.
while IFS= read -r line; do
    var=${line%%:*}
    dir=${line#*=}
    [ -d "$dir" ] || continue
    pkg=${var%_DIR}
    config=""
    for c in "$dir/${pkg}Config.cmake" "$dir/${pkg,,}-config.cmake"; do
        [ -f "$c" ] && { config=$c; break; }
    done
    [ -n "$config" ] || config=$(find "$dir" -maxdepth 1 \( -name '*Config.cmake' -o -name '*-config.cmake' \) | sort | head -n 1)
    [ -n "$config" ] || continue
    owner=$(dpkg -S "$(readlink -f "$config")" 2>/dev/null | head -n 1 | cut -d: -f1) ||
        true
    if [ -z "$owner" ]; then
        owner=$(dpkg -S "$config" 2>/dev/null | head -n 1 | cut -d: -f1) || true
    fi
    if [ -z "$owner" ]; then
        echo "setup: $var ($config) is not from a Debian package: not checked"
        continue
    fi
    checked=$((checked + 1))
    if ! covered "$owner"; then
        missing+=("$owner (for $var)")
    fi
done < <(grep -E '^[A-Za-z0-9_]+_DIR:(PATH|STRING|INTERNAL)=/' "$cache" | grep -v '^CMAKE_')

echo "setup: $checked CMake packages from Debian packages checked against ${#listed[@]} listed packages"
if [ ${#missing[@]} -gt 0 ]; then
    printf 'setup: not installed by scripts/install-deps.sh (nor a dependency of its list): %s\n' "${missing[@]}"
    exit 1
fi
echo "setup: every package is installed by scripts/install-deps.sh"
