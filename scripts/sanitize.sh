#!/usr/bin/env bash
# Runs the Swift test suite under AddressSanitizer and under ThreadSanitizer, then the catalog
# pipeline on two threads over RECORDS generated records (default 100,000) under
# ThreadSanitizer, comparing its output with a one-thread run. Each sanitizer builds in its own
# folder (.build-address, .build-thread). Ends with one line per run: clean, or what it found.
#
#   scripts/sanitize.sh [address|thread|pipeline]… [--records N]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
make -s -C Tools/pango-reference

records=100000
runs=()
while [ $# -gt 0 ]; do
    case "$1" in
        --records) records="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) runs+=("$1"); shift ;;
    esac
done
[ ${#runs[@]} -gt 0 ] || runs=(address thread pipeline)
mkdir -p out/sanitize
export SWIFT_BACKTRACE=enable=no
# A sanitizer's report fails the run: halt_on_error stops at the first one, exitcode says so.
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1:exitcode=66
summary=()

for run in "${runs[@]}"; do
    case "$run" in
    address|thread)
        log=out/sanitize/tests-$run.log
        swift build --build-tests --sanitize "$run" --scratch-path ".build-$run"
        if swift test --skip-build --sanitize "$run" --scratch-path ".build-$run" >"$log" 2>&1; then
            summary+=("tests under $run sanitizer: clean ($(grep -Eo 'Test run with [0-9]+ tests' "$log" | tail -1))")
        else
            summary+=("tests under $run sanitizer: FAILED, see $log: $(grep -m1 -E 'SUMMARY: |✘ Test run' "$log" || true)")
        fi ;;
    pipeline)
        swift build -c release --product cardsize --sanitize thread --scratch-path .build-thread-release
        cardsize=.build-thread-release/release/cardsize
        catalog=out/sanitize/pipeline-$records.csv
        "$cardsize" generate --records "$records" --mode unique --output "$catalog" 2>/dev/null
        status=clean
        for command in "layout waterfall" "layout grid" "measure"; do
            for threads in 2 1; do
                # shellcheck disable=SC2086
                if ! "$cardsize" $command "$catalog" --threads $threads -o "out/sanitize/pipeline-$threads.jsonl" \
                    2>"out/sanitize/pipeline-$threads.log"; then
                    status="FAILED ($command, $threads threads), see out/sanitize/pipeline-$threads.log"
                fi
            done
            cmp -s out/sanitize/pipeline-2.jsonl out/sanitize/pipeline-1.jsonl || status="FAILED: $command differs between 1 and 2 threads"
        done
        summary+=("pipeline, $records records, 2 threads, under thread sanitizer: $status") ;;
    *) echo "unknown run: $run (address, thread or pipeline)" >&2; exit 64 ;;
    esac
done
printf '%s\n' "${summary[@]}"
