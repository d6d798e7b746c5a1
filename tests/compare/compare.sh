#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Before/after check for a restructuring: snapshots both CLIs (snapshot.sh) and diffs them.
# Usage: compare.sh BEFORE_CLI AFTER_CLI [WORKDIR]. Exit 0 when identical, 1 with the diff.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${3:-$(mktemp -d)}
"$here/snapshot.sh" "$1" "$work/before" "$here/../.."
"$here/snapshot.sh" "$2" "$work/after" "$here/../.."
if diff -r "$work/before" "$work/after" >"$work/diff.txt"; then
    echo "compare: identical ($work)"
else
    echo "compare: differences ($work/diff.txt):"
    head -n 200 "$work/diff.txt"
    exit 1
fi
