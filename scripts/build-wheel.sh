#!/usr/bin/env bash
# Builds a Python wheel of bindings/python with libcardsize (the Swift runtime linked in
# statically) and the bundled fonts inside, into dist/; then, with --check, installs it
# into a fresh virtual environment and measures with it there, with no Swift toolchain on
# the library path and outside the repository.
# Usage: scripts/build-wheel.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
scripts/install.sh --prefix "$stage/prefix"
rm -f dist/cardsize-*.whl
CARDSIZE_PREFIX="$stage/prefix" python3 -m pip wheel --quiet --no-deps --wheel-dir dist bindings/python
wheel=$(ls dist/cardsize-*.whl)
echo "built $wheel ($(du -h "$wheel" | cut -f1))"

if [ "${1:-}" = "--check" ]; then
  python3 -m venv "$stage/venv"
  "$stage/venv/bin/pip" install --quiet "$wheel"
  cd "$stage"
  # A bare environment: no toolchain on PATH or LD_LIBRARY_PATH, no CARDSIZE_* variables.
  env -i HOME="$stage" PATH=/usr/bin:/bin "$stage/venv/bin/python" - <<'PY'
import cardsize, os, subprocess
from cardsize import _native
print("library:", _native.lib._name)
maps = open("/proc/self/maps").read()
assert "/opt/swift" not in maps and "libswiftCore" not in maps, "a Swift toolchain library was loaded"
metrics = cardsize.TextMeasurer(size=15).measure("吾輩は猫である。名前はまだ無い。", width=127)
print("measured:", metrics)
assert metrics.line_count == 2 and metrics.missing_glyphs == 0
card = cardsize.CardMeasurer("book").measure([{"id": "1", "title": "Dune", "author": "Frank Herbert"}], 127)[0]
print("card:", card)
print("wheel works with no Swift toolchain and no repository")
PY
fi
