#!/usr/bin/env bash
# Tests the Spark recipes against the cardsize and the library that scripts/test.sh has
# built: installs PySpark with its SQL extra (pyarrow and pandas, which mapInArrow needs;
# pandas before 3, which PySpark 4 does not fully support yet) from PyPI when missing (Java
# and pip come from scripts/install-deps.sh test).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! python3 -c 'import pyspark, pyarrow, pandas' 2>/dev/null; then
  echo "installing pyspark[sql] from PyPI" >&2
  # Debian's own Python refuses pip installs outside a virtual environment (PEP 668) unless told.
  python3 -m pip install --quiet 'pyspark[sql]>=4,<5' 'pandas>=2.2,<3' \
    || python3 -m pip install --quiet --break-system-packages 'pyspark[sql]>=4,<5' 'pandas>=2.2,<3'
fi
exec python3 scripts/spark/test_recipes.py
