#!/usr/bin/env bash
# Tests the Spark recipe against the cardsize that scripts/test.sh has built: installs
# PySpark from PyPI when it is missing (Java and pip come from scripts/install-deps.sh test).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! python3 -c 'import pyspark' 2>/dev/null; then
  echo "installing pyspark from PyPI" >&2
  # Debian's own Python refuses pip installs outside a virtual environment (PEP 668) unless told.
  python3 -m pip install --quiet 'pyspark>=4,<5' \
    || python3 -m pip install --quiet --break-system-packages 'pyspark>=4,<5'
fi
exec python3 scripts/spark/test_recipes.py
