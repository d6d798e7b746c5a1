#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Validates one file of the desktop integration with the freedesktop.org tools; any error or
# warning (not hints or pedantic notes) fails.
#
# Usage: validate-desktop.sh desktop FILE.desktop   (desktop-file-validate, desktop-file-utils)
#        validate-desktop.sh metainfo FILE.xml      (appstreamcli validate --no-net, appstream)
#        validate-desktop.sh icon FILE.svg          (well-formed XML with an <svg> root, square)
# Exit codes: 0 valid, 1 invalid (the tool's messages printed), 77 skipped (tool absent).
set -euo pipefail
kind=${1:?desktop, metainfo or icon}
file=${2:?file}
[ -f "$file" ] || { echo "$file: not found"; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "skipped: no $1 (install $2)"; exit 77; }
}
case $kind in
desktop)
    need desktop-file-validate desktop-file-utils
    out=$(desktop-file-validate "$file" 2>&1) || { echo "$out"; exit 1; }
    echo "$out"
    if grep -qE ': (error|warning):' <<<"$out"; then exit 1; fi
    ;;
metainfo)
    need appstreamcli appstream
    appstreamcli validate --no-net --explain "$file"
    ;;
icon)
    need python3 python3
    python3 - "$file" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", "root element is not <svg>"
box = root.get("viewBox", "").split()
assert len(box) == 4 and box[2] == box[3], "viewBox is not square: %r" % box
print("%s: SVG icon, viewBox %s" % (sys.argv[1], " ".join(box)))
PY
    ;;
*)
    echo "unknown kind '$kind'"; exit 2 ;;
esac
