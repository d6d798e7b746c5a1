#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Screenshots for review and docs/screenshots/: every view of the main window (1280x800) in
# English, German, Simplified Chinese and Japanese with the light and the dark palette
# (tst_screenshots), and every page of the default scenario's PDF report (pdftoppm).
# Usage: scripts/screenshots.sh [BUILD_DIR] [OUT_DIR]   (defaults: build, docs/screenshots)
# Needs xvfb-run and poppler-utils (scripts/install-deps.sh installs both).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
out="${2:-$root/docs/screenshots}"
mkdir -p "$out"
HOSTPLAN_SCREENSHOT_DIR="$out" xvfb-run -a -s "-screen 0 1920x1080x24" \
    "$build/tests/app/tst_screenshots"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$build/app/hostplan-cli" report --scenario "$root/resources/default-scenario.json" \
    -o "$tmp/report.pdf" --date 2026-12-01
mkdir -p "$out/report"
rm -f "$out"/report/page-*.png
pdftoppm -r 60 -png "$tmp/report.pdf" "$out/report/page"
echo "screenshots in $out"
