#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian/Ubuntu packages HostPlan needs to build, test and look at its output
# (fonts-noto-cjk: glyphs for the Chinese and Japanese GUI and report), and to package it
# (dpkg-dev: dpkg-shlibdeps for CPack's DEB generator; desktop-file-utils and appstream validate
# the desktop entry and the AppStream metainfo).
# Installs only what is missing; needs root or sudo when something is missing.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libqt6opengl6-dev nlohmann-json3-dev libgl1-mesa-dev libbenchmark-dev libre2-dev
    xvfb xauth poppler-utils
    fonts-noto-cjk
    openssh-server openssh-client
    dpkg-dev desktop-file-utils appstream
    clang-format
)
# ROCm SMI for the AMD probe backend, where the distribution ships it.
if apt-cache show librocm-smi-dev >/dev/null 2>&1; then
    packages+=(librocm-smi-dev)
    apt-cache show liboam-dev >/dev/null 2>&1 && packages+=(liboam-dev)
fi
# --list: print the package list, one a line, and install nothing (the `setup` test reads it).
if [ "${1:-}" = "--list" ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all packages present"
    exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
