#!/usr/bin/env bash
# The long differential run (not in CI): the text engine's fast paths (words and runs shaped
# once and reused; plain ASCII itemized, broken and hyphenated by table) against whole-run
# shaping, on N generated titles and N random strings, half mixed-script and half printable
# ASCII (default 10,000,000 each), at three sizes, three widths and both profiles. Exits
# non-zero on any difference.
#   scripts/differential.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh run
swift build -c release --product text-benchmark
.build/release/text-benchmark --differential "${1:-10000000}"
