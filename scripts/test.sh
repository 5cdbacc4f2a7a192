#!/usr/bin/env bash
# Builds cardsize and the Pango reference harness, then runs the whole test suite: the Swift
# tests, the C interface's test from C (and under valgrind), the Python package's tests, then
# the Spark recipe's test against the built cardsize.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
make -s -C Tools/pango-reference
swift build --build-tests
swift test --skip-build
scripts/test-c-interface.sh
scripts/test-python.sh
scripts/spark/test_spark.sh
