#!/usr/bin/env bash
# Times the text engine against Pango 1.50 on the bundled catalogs' titles (release build).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
make -s -C Tools/pango-reference
swift build -c release --product text-benchmark
.build/release/text-benchmark "$@"
