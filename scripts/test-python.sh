#!/usr/bin/env bash
# Tests the Python package (bindings/python) with pytest against the library and the
# cardsize binary that scripts/test.sh has built; installs pytest from PyPI when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import pytest' 2>/dev/null; then
  echo "installing pytest from PyPI" >&2
  # Debian's own Python refuses pip installs outside a virtual environment (PEP 668) unless told.
  python3 -m pip install --quiet 'pytest>=7' || python3 -m pip install --quiet --break-system-packages 'pytest>=7'
fi
swift build --product cardsize-c
exec python3 -m pytest -q -p no:cacheprovider bindings/python/tests
