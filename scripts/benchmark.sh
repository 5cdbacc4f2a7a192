#!/usr/bin/env bash
# Times the text engine against Pango 1.50 on the bundled catalogs' titles, then the layouts
# at a million items, rect queries and appends (release builds).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
make -s -C Tools/pango-reference
swift build -c release --product text-benchmark
swift build -c release --product layout-benchmark
.build/release/text-benchmark "$@"
echo
.build/release/layout-benchmark
