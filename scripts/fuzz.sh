#!/usr/bin/env bash
# Fuzzes the product with libFuzzer under AddressSanitizer: every target (one folder each in
# Fuzz/Corpus), or those named, each for SECONDS (default 60). A run starts from the
# committed seeds and the inputs earlier runs kept (.build-fuzz/corpus/<target>), goes on
# past a crash, and ends with one line per target: runs, inputs kept, coverage, crashes.
# A crash is an input that breaks an invariant (Sources/FuzzTargets) or trips a sanitizer,
# saved in .build-fuzz/crashes/<target>/; once fixed, copy it to Fuzz/Regressions/<target>/
# and the test suite replays it from then on.
#
#   scripts/fuzz.sh [--seconds N] [--jobs J] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/install-deps.sh" run

seconds=60
jobs=1
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=($(ls Fuzz/Corpus))

# -sanitize=fuzzer on every module gives libFuzzer the whole product's coverage; SwiftPM's
# own --sanitize fuzzer links libFuzzer's main; LIBFUZZER leaves out the replay command's.
swift build -c release --scratch-path .build-fuzz --product cardsize-fuzz \
    --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer -Xswiftc -DLIBFUZZER
fuzzer=.build-fuzz/release/cardsize-fuzz

printf '%-14s %8s %11s %7s %6s %6s %8s\n' target seconds runs kept cov ft crashes
for target in "${targets[@]}"; do
    [ -d "Fuzz/Corpus/$target" ] || { echo "no such target: $target (see Fuzz/Corpus)" >&2; exit 2; }
    corpus=.build-fuzz/corpus/$target crashes=.build-fuzz/crashes/$target log=.build-fuzz/logs/$target.log
    mkdir -p "$corpus" "$crashes" .build-fuzz/logs
    # Fonts are larger than libFuzzer's default 4 KiB limit on an input.
    maxlen=4096; [ "$target" = font-file ] && maxlen=16384
    CARDSIZE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
        "$fuzzer" "$corpus" "Fuzz/Corpus/$target" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 \
        -ignore_ooms=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=$maxlen \
        -artifact_prefix="$crashes/" >"$log" 2>&1 || true
    # Fork mode's progress lines: "#RUNS: cov: C ft: F corp: K exec/s: … crash: N …".
    last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1)
    runs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    printf '%-14s %8s %11s %7s %6s %6s %8s\n' "$target" "$seconds" "${runs:-?}" "$(ls "$corpus" | wc -l)" \
        "${cov:-?}" "${ft:-?}" "$(ls "$crashes" | wc -l)"
done
