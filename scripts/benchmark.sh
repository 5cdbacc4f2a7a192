#!/usr/bin/env bash
# The benchmarks (release builds; see docs/performance.md):
#   scripts/benchmark.sh                      all three with their defaults (long: 10M-record catalogs)
#   scripts/benchmark.sh text [OPTIONS]       the text engine against Pango 1.50
#   scripts/benchmark.sh layout               the layouts at a million items, rect queries, appends
#   scripts/benchmark.sh end-to-end [OPTIONS] cardsize measure and layout waterfall on generated catalogs
#   scripts/benchmark.sh quick                all three at small sizes, to check they run
# OPTIONS go to the benchmark: .build/release/text-benchmark --help, end-to-end-benchmark --help.
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
shift || true
case "$which" in
    text | layout | end-to-end | all | quick) ;;
    *) echo "usage: scripts/benchmark.sh [text|layout|end-to-end|all|quick] [OPTIONS]" >&2; exit 64 ;;
esac

scripts/install-deps.sh test
make -s -C Tools/pango-reference
make -s -C Tools/malloc-count
scripts/build-release.sh cardsize text-benchmark layout-benchmark end-to-end-benchmark

case "$which" in
    text) .build/release/text-benchmark "$@" ;;
    layout) .build/release/layout-benchmark ;;
    end-to-end) .build/release/end-to-end-benchmark "$@" ;;
    all)
        .build/release/text-benchmark
        echo
        .build/release/layout-benchmark
        echo
        .build/release/end-to-end-benchmark
        ;;
    quick)
        .build/release/text-benchmark --passes 2 --limit 2000 --records 20000
        echo
        .build/release/end-to-end-benchmark --catalog realistic:100k --catalog unique:100k
        ;;
esac
