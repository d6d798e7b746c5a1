#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes every figure HostPlan prints for a fixed set of inputs into OUTDIR, so that a
# restructuring can be checked byte for byte: run it with the CLI built before and after, then
# `diff -r BEFORE AFTER` (tests/compare/compare.sh does both).
#
# Usage: snapshot.sh HOSTPLAN_CLI OUTDIR [SOURCE_DIR]
# Writes: plan/<model>__<gpu>.json (plan --json, every catalogue model on every catalogue GPU,
# count on auto), plan-text/<model>.txt (plan on the default GPU), serve/<model>.txt (serve-cmd),
# csv/ (export-csv of the default scenario), report.txt (the report's text via pdftotext, when
# the CLI has `report` and pdftotext exists).
set -euo pipefail
cli=$(readlink -f "${1:?hostplan-cli}")
out=${2:?outdir}
src=$(readlink -f "${3:-$(dirname "$0")/../..}")
mkdir -p "$out"/plan "$out"/plan-text "$out"/serve "$out"/csv
out=$(readlink -f "$out")
cd "$src"

models=(kimi-k3 kimi-k2-instruct kimi-linear-48b-a3b deepseek-v3 qwen3-235b-a22b
        qwen3-next-80b-a3b gpt-oss-120b llama-3.1-8b llama-3.1-70b mixtral-8x7b)
gpus=(h100-sxm h200 b200 b300 gb200 gb300 mi300x mi325x mi350x mi355x a100-80gb l40s
      rtx-4090 rtx-5090)

run() { # run FILE ARGS...: stdout and the exit code into FILE (stderr appended)
    local f=$1; shift
    local rc=0
    "$cli" "$@" >"$f" 2>>"$f" || rc=$?
    echo "exit $rc" >>"$f"
}

for m in "${models[@]}"; do
    for g in "${gpus[@]}"; do
        run "$out/plan/${m}__${g}.json" plan --model "$m" --gpu "$g" --gpu-count auto --json
    done
    run "$out/plan-text/$m.txt" plan --model "$m"
    run "$out/serve/$m.txt" serve-cmd --model "$m"
done
run "$out/plan-text/default.txt" plan
run "$out/plan-text/default-h200-128k.txt" plan --gpu h200 --gpu-count auto --context 128k --concurrency 32
run "$out/serve/default.txt" serve-cmd
(cd "$out/csv" && run exit.txt export-csv --scenario "$src/resources/default-scenario.json" -o plan.csv)
if command -v pdftotext >/dev/null 2>&1; then
    rc=0
    "$cli" report --scenario resources/default-scenario.json -o "$out/report.pdf" \
        --date 2026-11-29 >/dev/null 2>&1 || rc=$?
    if [ -f "$out/report.pdf" ]; then
        pdftotext -layout "$out/report.pdf" "$out/report.txt"
        rm -f "$out/report.pdf"
    else
        echo "report: exit $rc" >"$out/report.txt"
    fi
fi
echo "snapshot: $(find "$out" -type f | wc -l) files in $out"
