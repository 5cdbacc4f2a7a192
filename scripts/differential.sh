#!/usr/bin/env bash
# The long differential run (not in CI): the text engine's fast paths (words and runs shaped
# once and reused; plain ASCII itemized and hyphenated by table, plain ASCII and Japanese
# broken by table) against whole-run shaping and ICU, on N generated titles and N random
# strings (a quarter mixed-script, a quarter Japanese and ASCII, half printable ASCII, at
# each line-break strictness in turn; default 10,000,000 each), at three sizes, three widths
# and every profile. Exits non-zero on any difference.
#   scripts/differential.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh run
scripts/build-release.sh text-benchmark
.build/release/text-benchmark --differential "${1:-10000000}"
