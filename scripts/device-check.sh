#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# HostPlan's GPU check: one run on a machine with an NVIDIA GPU that records everything the GPU
# parts of HostPlan need to show, into one folder.
#
#   scripts/device-check.sh OUTDIR [--prebuilt BUILD_DIR] [--deps DIR] [--budget SECONDS]
#
#   --prebuilt BUILD_DIR  use binaries already built (e.g. here, carried to the GPU node): no
#                         compiler runs; ctest's absolute paths are rewritten when the folder
#                         moved. Build it with:
#                           cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release \
#                                 -DHOSTPLAN_BUILD_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90a-real \
#                                 -DHOSTPLAN_KERNELS_DEV=ON
#                           cmake --build build-gpu --target hostplan-probe tst_probe_gpu \
#                                 tst_mxfp4_gpu kernel-experiments
#   (default)             configure and build here for the GPU present
#                         (CMAKE_CUDA_ARCHITECTURES=native), without Qt, with the kernel
#                         experiments (HOSTPLAN_KERNELS_DEV=ON), into OUTDIR/../build or
#                         $HOSTPLAN_BUILD_DIR.
#   --deps DIR            a folder with include/nlohmann/json.hpp for machines without
#                         nlohmann_json (default: .deps in the repository, when present).
#   --budget SECONDS      wall-clock budget for all steps (default 420); each step gets at most
#                         its own cap and what is left.
#
# Writes (at most 8 files, flat, names of letters, digits, '.', '_' and '-'):
#   summary.txt        steps, exit codes, times, and the probe's human-readable summaries
#   device-check.log   everything printed
#   nvidia-smi.txt     nvidia-smi and nvidia-smi -q of the card as found (settings untouched)
#   ctest-gpu.log      ctest -L gpu --output-on-failure
#   probe-report.json  hostplan-probe all --scenario resources/default-scenario.json
#   fit-sizes.json     hostplan-probe fit --fraction-of-free 0.25,0.5,0.75,0.9
#   kernels.json       hostplan-probe kernels (MXFP4 benchmarks of the shipped kernels)
#   kernel-dev.log     every kernel experiment (build/kernels/dev/mxfp4-dev-*): its check
#                      PASS/FAIL, time, GB/s or TFLOP/s and the library's time per case
# and, where python3 has PyTorch, scripts/device-context.py's figures (the CUDA context and the
# memory cuBLAS, attention and a CUDA graph hold outside PyTorch's allocator) in summary.txt.
#
# Exit code 0 when every step ran as expected (the default scenario, Kimi K3 on 8x B300, is
# expected not to fit one smaller GPU: exit 4 there is fine; an experiment that cannot run on
# this GPU exits 77), 1 otherwise, 2 on usage errors.
# Never changes GPU settings (clocks, power, MIG, persistence) and never resets the GPU.
set -u -o pipefail

usage() { sed -n '2,41p' "$0" | sed 's/^# \{0,1\}//'; }

OUT=""
PREBUILT=""
DEPS=""
BUDGET=420
while [ $# -gt 0 ]; do
    case "$1" in
    --prebuilt) PREBUILT="${2:?--prebuilt needs a folder}"; shift 2 ;;
    --deps) DEPS="${2:?--deps needs a folder}"; shift 2 ;;
    --budget) BUDGET="${2:?--budget needs seconds}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "device-check.sh: unknown option $1" >&2; exit 2 ;;
    *)
        if [ -n "$OUT" ]; then echo "device-check.sh: unexpected argument $1" >&2; exit 2; fi
        OUT="$1"; shift ;;
    esac
done
if [ -z "$OUT" ]; then
    echo "device-check.sh: usage: device-check.sh OUTDIR [--prebuilt BUILD_DIR]" >&2
    exit 2
fi

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
LOG="$OUT/device-check.log"
SUMMARY="$OUT/summary.txt"
: >"$LOG"
: >"$SUMMARY"
exec > >(tee -a "$LOG") 2>&1

START=$(date +%s)
FAILED=0
say() { echo "== $*"; }
note() { echo "$*" >>"$SUMMARY"; }
remaining() { echo $((BUDGET - ($(date +%s) - START))); }
# cap_for CAP: the step's timeout, at most what is left of the budget (at least 10 s).
cap_for() {
    local cap=$1 left
    left=$(remaining)
    [ "$left" -lt "$cap" ] && cap=$left
    [ "$cap" -lt 10 ] && cap=10
    echo "$cap"
}
# run_step NAME CAP EXPECTED_CODES COMMAND...: runs with a timeout (SIGINT first, so the probe
# frees its memory, SIGKILL 15 s later) and records the outcome.
run_step() {
    local name=$1 cap=$2 expected=$3 t0 rc ok=no
    shift 3
    cap=$(cap_for "$cap")
    say "$name (timeout ${cap}s): $*"
    t0=$(date +%s)
    timeout --signal=INT --kill-after=15 "$cap" "$@"
    rc=$?
    for e in $expected; do [ "$rc" -eq "$e" ] && ok=yes; done
    [ "$ok" = yes ] || FAILED=1
    note "$(printf '%-12s exit %-3s %-4s %4ss  %s' "$name" "$rc" "$([ $ok = yes ] && echo ok || echo FAIL)" "$(( $(date +%s) - t0 ))" "$*")"
    return 0
}

note "HostPlan device check, $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
note "source: $SRC ($(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"

# Libraries the binaries load at run time: cuBLAS (kernel benchmarks), NCCL (all-reduce).
for d in /usr/local/cuda/lib64 /usr/local/cuda/lib /usr/local/cuda/targets/x86_64-linux/lib; do
    [ -d "$d" ] && LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done
if command -v python3 >/dev/null; then
    # Wheels' copies (nvidia-cublas, nvidia-nccl-cu13) as a fallback for a missing toolkit copy.
    PYNV=$(timeout 20 python3 -c 'import nvidia, os; print(list(nvidia.__path__)[0])' 2>/dev/null)
    for lib in cublas nccl cuda_runtime; do
        [ -n "$PYNV" ] && [ -d "$PYNV/$lib/lib" ] && LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$PYNV/$lib/lib"
    done
fi
export LD_LIBRARY_PATH

# ---- 1. the card as found -------------------------------------------------------------------
say "nvidia-smi"
{
    timeout 20 nvidia-smi
    echo
    timeout 30 nvidia-smi -q
} >"$OUT/nvidia-smi.txt" 2>&1 || true
note "GPU: $(timeout 20 nvidia-smi --query-gpu=name,memory.total,memory.used,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>&1 | head -4 | tr '\n' ';')"

# ---- 2. binaries ----------------------------------------------------------------------------
if [ -n "$PREBUILT" ]; then
    BUILD="$(cd "$PREBUILT" && pwd)"
    say "using prebuilt binaries in $BUILD"
    # ctest files hold the absolute paths of the machine that built them: rewrite them when the
    # build folder (or the source folder) now lives elsewhere.
    OLD_BUILD=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' "$BUILD/CMakeCache.txt" 2>/dev/null)
    OLD_SRC=$(sed -n 's/^HostPlan_SOURCE_DIR:STATIC=//p' "$BUILD/CMakeCache.txt" 2>/dev/null)
    MOVED=no
    { [ -n "$OLD_BUILD" ] && [ "$OLD_BUILD" != "$BUILD" ]; } && MOVED=yes
    { [ -n "$OLD_SRC" ] && [ "$OLD_SRC" != "$SRC" ]; } && MOVED=yes
    if [ "$MOVED" = yes ]; then
        say "rewriting ctest paths: $OLD_BUILD -> $BUILD, $OLD_SRC -> $SRC"
        find "$BUILD" -name CTestTestfile.cmake -print0 |
            xargs -0 -r sed -i -e "s#${OLD_BUILD}#${BUILD}#g" -e "s#${OLD_SRC}#${SRC}#g"
    fi
    note "binaries: prebuilt in $BUILD (built from $OLD_SRC)"
else
    BUILD="${HOSTPLAN_BUILD_DIR:-$(dirname "$OUT")/hostplan-build}"
    [ -z "$DEPS" ] && [ -f "$SRC/.deps/include/nlohmann/json.hpp" ] && DEPS="$SRC/.deps"
    EXTRA=()
    if [ -n "$DEPS" ] && [ -f "$DEPS/include/nlohmann/json.hpp" ]; then
        # A CMake package for header-only nlohmann_json, for machines without one installed.
        CFG="$BUILD/nlohmann-config"
        mkdir -p "$CFG"
        cat >"$CFG/nlohmann_jsonConfig.cmake" <<EOF
if(NOT TARGET nlohmann_json::nlohmann_json)
    add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
    set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "$(cd "$DEPS/include" && pwd)")
endif()
EOF
        cat >"$CFG/nlohmann_jsonConfigVersion.cmake" <<'EOF'
set(PACKAGE_VERSION "3.11.2")
set(PACKAGE_VERSION_COMPATIBLE TRUE)
EOF
        EXTRA+=("-Dnlohmann_json_DIR=$CFG")
    fi
    run_step configure 120 0 cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DHOSTPLAN_BUILD_GUI=OFF -DHOSTPLAN_WITH_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=native \
        -DHOSTPLAN_KERNELS_DEV=ON "${EXTRA[@]}"
    run_step build 300 0 cmake --build "$BUILD" --parallel "$(nproc)"
    note "binaries: built here in $BUILD"
fi
PROBE="$BUILD/probe/hostplan-probe"
if [ ! -x "$PROBE" ]; then
    note "FAIL: $PROBE is missing"
    FAILED=1
fi

# ---- 3. GPU tests ---------------------------------------------------------------------------
CT_CAP=$(cap_for 240)
run_step ctest-gpu "$CT_CAP" 0 bash -c 'cd "$1" && exec ctest -L gpu --output-on-failure --timeout "$2" >"$3" 2>&1' \
    ctest "$BUILD" "$CT_CAP" "$OUT/ctest-gpu.log"
cat "$OUT/ctest-gpu.log" 2>/dev/null
grep -E "tests passed|tests failed|Skipped|Failed|PASS|FAIL|SKIP" "$OUT/ctest-gpu.log" 2>/dev/null |
    sed 's/^/  ctest: /' >>"$SUMMARY"

# ---- 4. the probe ---------------------------------------------------------------------------
# probe_run NAME CAP EXPECTED ARGS...: the probe's own --timeout a little under the step's, so
# it frees everything and still writes its report; its human summary goes into summary.txt.
probe_run() {
    local name=$1 cap=$2 expected=$3 text="$OUT/.probe-stdout.txt"
    shift 3
    cap=$(cap_for "$cap")
    run_step "$name" "$cap" "$expected" bash -c 'out=$1; shift; exec "$@" >"$out"' \
        probe "$text" "$PROBE" "$@" --timeout $((cap - 10))
    cat "$text" 2>/dev/null
    sed 's/^/  /' "$text" >>"$SUMMARY" 2>/dev/null
    rm -f "$text"
}
if [ -x "$PROBE" ]; then
    probe_run probe-all 90 "0 4" all --scenario "$SRC/resources/default-scenario.json" \
        -o "$OUT/probe-report.json"
    probe_run fit-sizes 120 0 fit --fraction-of-free 0.25,0.5,0.75,0.9 -o "$OUT/fit-sizes.json"
    if [ "$(remaining)" -gt 200 ]; then
        probe_run kernels 180 0 kernels -o "$OUT/kernels.json"
    else
        probe_run kernels 120 0 kernels --quick -o "$OUT/kernels.json"
    fi
fi

# ---- 5. memory outside PyTorch's allocator (engine start-up terms) ---------------------------
# scripts/device-context.py: the CUDA context and what cuBLAS, attention kernels and a CUDA graph
# add outside PyTorch's allocator, lazily and eagerly loaded; into summary.txt (no file of its
# own: the folder holds at most 8).
if command -v python3 >/dev/null && timeout 30 python3 -c 'import torch' 2>/dev/null; then
    for mode in lazy eager; do
        flag=""
        [ "$mode" = eager ] && flag="--eager"
        CTX="$OUT/.context-$mode.json"
        run_step "context-$mode" 60 0 bash -c 'exec python3 "$1" $2 >"$3"' \
            ctx "$SRC/scripts/device-context.py" "$flag" "$CTX"
        { echo "  context ($mode):"; sed 's/^/    /' "$CTX"; } >>"$SUMMARY" 2>/dev/null
        cat "$CTX" 2>/dev/null
        rm -f "$CTX"
    done
else
    note "context      skipped: no python3 with PyTorch"
fi

# ---- 6. kernel experiments (kernels/dev/) -----------------------------------------------------
# Each program checks itself against the CPU reference and times itself beside the library's
# kernel; its whole output goes to kernel-dev.log, its last line (N passed, N failed or SKIP)
# into summary.txt. 77: the variant cannot run on this GPU (e.g. wgmma off sm_90).
DEVLOG="$OUT/kernel-dev.log"
: >"$DEVLOG"
DEVS=$(ls "$BUILD"/kernels/dev/mxfp4-dev-* 2>/dev/null)
if [ -z "$DEVS" ]; then
    note "FAIL: no kernel experiments in $BUILD/kernels/dev (configure with -DHOSTPLAN_KERNELS_DEV=ON)"
    FAILED=1
fi
for dev in $DEVS; do
    { [ -f "$dev" ] && [ -x "$dev" ]; } || continue
    name=$(basename "$dev")
    if [ "$(remaining)" -lt 30 ]; then
        note "$(printf '%-12s skipped: out of budget' "$name")"
        continue
    fi
    run_step "$name" 150 "0 77" bash -c 'echo "== $1" >>"$2"; exec "$1" >>"$2" 2>&1' \
        dev "$dev" "$DEVLOG"
done
cat "$DEVLOG"
grep -E ": [0-9]+ passed, [0-9]+ failed|: SKIP" "$DEVLOG" | sed 's/^/  dev: /' >>"$SUMMARY"

note "total: $(( $(date +%s) - START ))s, $([ $FAILED -eq 0 ] && echo 'all steps as expected' || echo 'SOME STEPS FAILED')"
echo
cat "$SUMMARY"
exit $FAILED
