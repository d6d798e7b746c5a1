#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fuzz HostPlan's parsers with libFuzzer (clang, ASan + UBSan).
#
#   scripts/fuzz.sh TARGET SECONDS        build the sanitizer build (build-fuzz/) if needed, then
#                                         fuzz TARGET for SECONDS on its seed corpus
#   scripts/fuzz.sh all SECONDS           every target in turn
#   scripts/fuzz.sh --build DIR           (ctest) configure and build the sanitizer build in DIR
#   scripts/fuzz.sh --run BIN TARGET SECONDS WORKDIR
#                                         (ctest) run a built target
#   scripts/fuzz.sh --soak TARGET CPU_SECONDS WORKDIR LEDGER
#                                         fuzz TARGET until it has used CPU_SECONDS of CPU time
#                                         (user + system, so that a shared, loaded machine still
#                                         gives it its hour), in runs of at most 600 s, keeping
#                                         the corpus in WORKDIR across runs; each run appends a
#                                         line to the tab-separated LEDGER (docs/fuzz-ledger.tsv)
#   scripts/fuzz.sh --summary LEDGER      the ledger as a Markdown table per target and commit,
#                                         then per target the CPU time that fuzzed the parser
#                                         HEAD ships (runs at commits where none of the target's
#                                         sources differ from HEAD); docs/FUZZING.md is this output
#
# Targets: config safetensors_header safetensors_index scenario probereport catalogue cliargs gguf.
# Seeds: tests/fuzz/corpus/TARGET (read only); new inputs go to the work folder; a crash is
# saved as WORKDIR/artifacts/TARGET-crash-* and the script exits non-zero. Exit 77: skipped (no
# clang++ or no libFuzzer runtime; apt-get install clang libclang-rt-14-dev).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
targets=(config safetensors_header safetensors_index scenario probereport catalogue cliargs gguf)

find_clang() {
    local c
    for c in clang++ clang++-14 clang++-15 clang++-16; do
        if command -v "$c" >/dev/null 2>&1; then
            local rt
            rt=$("$c" -print-file-name=libclang_rt.fuzzer-x86_64.a)
            if [ -f "$rt" ]; then
                echo "$c"
                return 0
            fi
        fi
    done
    return 1
}

build() {
    local dir=$1 clang launcher=()
    clang=$(find_clang) || {
        echo "fuzz: skipped (no clang++ with the libFuzzer runtime; apt-get install clang libclang-rt-14-dev)"
        exit 77
    }
    command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER="$clang" -DHOSTPLAN_FUZZ=ON -DHOSTPLAN_BUILD_GUI=OFF \
        -DHOSTPLAN_WITH_CUDA=OFF -DHOSTPLAN_WITH_ROCM=OFF "${launcher[@]}" >/dev/null
    cmake --build "$dir" --target fuzz_all -j "${HOSTPLAN_FUZZ_JOBS:-2}"
}

run() {
    local bin=$1 target=$2 seconds=$3 work=$4
    if [ ! -x "$bin" ]; then
        echo "fuzz: skipped ($bin not built: no clang++ with libFuzzer)"
        exit 77
    fi
    mkdir -p "$work/$target" "$work/artifacts"
    # -artifact_prefix: a crash input lands beside the corpus, never in the caller's directory
    # (a run from the source root once left crash-* files there to be committed by accident).
    # -rss_limit_mb: ASan and UBSan more than double the 256 MB a plain build may use.
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" "$work/$target" "$src/tests/fuzz/corpus/$target"
}

# cpu_at LEDGER TARGET COMMIT: CPU seconds of the target's clean runs (ok or load-timeout) at
# the commit.
cpu_at() {
    awk -F'\t' -v t="$2" -v c="$3" '$3 == t && $2 == c && ($8 == "ok" || $8 == "load-timeout") { s += $4 } END { printf "%d", s }' "$1"
}

# sources TARGET: the files (or folders) whose code a target runs: its entry point, the parser
# and what the parser calls. An hour at a commit where none of them differs from HEAD is an
# hour of HEAD's parser. safetensors.h includes model/modelspec.h for refineWithIndex only,
# which the fuzzed parse functions do not call, so the model folder is not among theirs;
# cliargs runs the whole CLI (every plan command), so it depends on all of core.
sources() {
    case $1 in
    config | gguf) echo core/import core/model core/util "tests/fuzz/fuzz_$1.cpp" ;;
    safetensors_header | safetensors_index)
        echo core/import/safetensors.cpp core/import/safetensors.h \
            core/import/safetensorsscan.cpp core/import/safetensorsscan.h \
            core/import/pathresolve.cpp core/import/pathresolve.h core/util/fileio.cpp \
            core/util/fileio.h core/util/jsonutil.cpp core/util/jsonutil.h core/util/textutil.h \
            core/util/result.h "tests/fuzz/fuzz_$1.cpp"
        ;;
    scenario) echo core/scenario core/catalogue core/engine core/import core/model core/util resources tests/fuzz/fuzz_scenario.cpp ;;
    probereport) echo probe/probereport.cpp probe/probereport.h core/util tests/fuzz/fuzz_probereport.cpp ;;
    catalogue) echo core/catalogue core/import core/model core/util resources tests/fuzz/fuzz_catalogue.cpp ;;
    cliargs) echo core app/cli resources tests/fuzz/fuzz_cliargs.cpp ;;
    esac
}

# soak TARGET CPU_SECONDS WORKDIR LEDGER: see the header. Ledger columns: UTC date, commit,
# target, CPU seconds of the run, wall seconds, executions, corpus entries, result (ok, the
# crash file's name, or load-timeout).
#
# libFuzzer's -timeout is wall-clock time: a fuzzer at low priority on a loaded machine can sit
# unscheduled past it on an input that takes a fraction of a second. A timeout artifact is
# therefore run again alone; when it finishes within the time-out there, the run is recorded as
# "load-timeout" (its CPU time counts, the input is kept in WORKDIR/artifacts/load-timeouts/)
# and the soak goes on; an input that hangs again stays a finding.
soak() {
    local target=$1 want=$2 work=$3 ledger=$4 dir bin used=0 commit
    dir=${HOSTPLAN_FUZZ_BUILD:-$src/build-fuzz}
    bin=$dir/tests/fuzz/fuzz_$target
    [ -x "$bin" ] || build "$dir"
    commit=$(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo unknown)
    [ -f "$ledger" ] || printf 'date\tcommit\ttarget\tcpu_s\twall_s\texecutions\tcorpus\tresult\n' >"$ledger"
    # CPU seconds already spent on this target at this commit count towards the goal.
    # The ledger is read again before each run, so that two soaks of one target (one per core)
    # share the goal.
    while used=$(cpu_at "$ledger" "$target" "$commit") && [ "$used" -lt "$want" ]; do
        local chunk=$((want - used)) log times rc=0 cpu wall execs corpus result=ok
        [ "$chunk" -gt 600 ] && chunk=600
        log=$(mktemp) times=$(mktemp)
        /usr/bin/time -f '%U %S %e' -o "$times" "$0" --run "$bin" "$target" "$chunk" "$work" >"$log" 2>&1 || rc=$?
        # time(1) writes "Command exited with non-zero status N" before the figures.
        cpu=$(tail -n 1 "$times" | awk '{ printf "%d", $1 + $2 }')
        wall=$(tail -n 1 "$times" | awk '{ printf "%d", $3 }')
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        corpus=$(find "$work/$target" -type f | wc -l)
        if [ "$rc" -ne 0 ]; then
            result=$(ls -t "$work/artifacts/$target-"* 2>/dev/null | head -n 1)
            result=${result:-"exit $rc"}
            case $result in
            */"$target"-timeout-*)
                if "$bin" -timeout=10 -rss_limit_mb=2048 "$result" >/dev/null 2>&1; then
                    mkdir -p "$work/artifacts/load-timeouts"
                    mv "$result" "$work/artifacts/load-timeouts/"
                    echo "fuzz: $target: $(basename "$result") finishes alone: a timeout under load"
                    result=load-timeout
                fi
                ;;
            esac
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$commit" "$target" \
            "$cpu" "$wall" "${execs:-0}" "$corpus" "$result" >>"$ledger"
        rm -f "$log" "$times"
        if [ "$result" != ok ] && [ "$result" != load-timeout ]; then
            echo "fuzz: $target failed: $result"
            exit 1
        fi
        echo "fuzz: $target $((used + cpu)) of $want CPU seconds"
    done
}

# summary LEDGER: CPU time, runs, executions, the largest corpus and failures per target and
# commit, then what counts at HEAD, as Markdown.
summary() {
    local ledger=$1
    echo "# Fuzzing ledger"
    echo
    echo "Generated by \`scripts/fuzz.sh --summary docs/fuzz-ledger.tsv\` from the runs that"
    echo "\`scripts/fuzz.sh --soak\` recorded (libFuzzer with ASan and UBSan; CPU time is user +"
    echo "system, so that a run on a shared machine counts what it really used). Goal: one hour"
    echo "(3600 CPU seconds) per target without a finding. A load timeout is a run whose"
    echo "wall-clock time-out fired while the machine was busy and whose input then finished"
    echo "alone within the time-out (not a finding; its CPU time counts)."
    echo
    echo "| target | commit | CPU seconds | runs | executions | corpus | findings | load timeouts | first run (UTC) | last run (UTC) |"
    echo "|---|---|---:|---:|---:|---:|---|---:|---|---|"
    awk -F'\t' 'NR > 1 {
        k = $3 "\t" $2
        if (!(k in runs)) { order[++n] = k; first[k] = $1 }
        runs[k]++; cpu[k] += $4; execs[k] += $6; last[k] = $1
        if ($7 > corpus[k]) corpus[k] = $7
        if ($8 == "load-timeout") slow[k]++
        else if ($8 != "ok") bad[k] = bad[k] (bad[k] == "" ? "" : ", ") $8
    } END {
        for (i = 1; i <= n; i++) {
            k = order[i]; split(k, p, "\t")
            printf "| %s | %s | %d | %d | %d | %d | %s | %d | %s | %s |\n", p[1], p[2], cpu[k], runs[k], \
                execs[k], corpus[k], (bad[k] == "" ? "none" : bad[k]), slow[k], first[k], last[k]
        }
    }' "$ledger"
    local head
    head=$(git -C "$src" rev-parse --short HEAD 2>/dev/null) || return 0
    echo
    echo "## At HEAD ($head)"
    echo
    echo "Each target's runs at the commits where none of the files its code comes from differs"
    echo "from HEAD's (\`sources\` in scripts/fuzz.sh: the fuzz entry point, the parser and what it"
    echo "calls), so they fuzzed the parser HEAD ships."
    echo
    echo "| target | CPU seconds | commits counted | findings | one hour |"
    echo "|---|---:|---|---|---|"
    local t c cpu total commits bad
    for t in "${targets[@]}"; do
        total=0 commits="" bad=""
        while read -r c; do
            # shellcheck disable=SC2046 # the source list is word-split on purpose
            git -C "$src" diff --quiet "$c" HEAD -- $(sources "$t") 2>/dev/null || continue
            cpu=$(cpu_at "$ledger" "$t" "$c")
            total=$((total + cpu))
            commits="$commits${commits:+, }$c ($cpu)"
            bad="$bad$(awk -F'\t' -v t="$t" -v c="$c" '$3 == t && $2 == c && $8 != "ok" && $8 != "load-timeout" { printf " %s", $8 }' "$ledger")"
        done < <(awk -F'\t' -v t="$t" 'NR > 1 && $3 == t && !seen[$2]++ { print $2 }' "$ledger")
        printf '| %s | %d | %s | %s | %s |\n' "$t" "$total" "${commits:-none}" "${bad:-none}" \
            "$([ "$total" -ge 3600 ] && [ -z "$bad" ] && echo yes || echo no)"
    done
}

case "${1:-}" in
--summary)
    summary "${2:?LEDGER}"
    ;;
--soak)
    soak "${2:?TARGET}" "${3:?CPU_SECONDS}" "${4:?WORKDIR}" "${5:?LEDGER}"
    ;;
--build)
    build "${2:?--build DIR}"
    ;;
--run)
    run "${2:?BIN}" "${3:?TARGET}" "${4:?SECONDS}" "${5:?WORKDIR}"
    ;;
"" | -h | --help)
    sed -n '2,25p' "$0"
    ;;
*)
    target=$1
    seconds=${2:?SECONDS}
    dir=${HOSTPLAN_FUZZ_BUILD:-$src/build-fuzz}
    build "$dir"
    if [ "$target" = all ]; then
        for t in "${targets[@]}"; do
            run "$dir/tests/fuzz/fuzz_$t" "$t" "$seconds" "$dir/work"
        done
    else
        run "$dir/tests/fuzz/fuzz_$target" "$target" "$seconds" "$dir/work"
    fi
    ;;
esac
