#!/usr/bin/env bash
# Builds cardsize and the Pango reference harness, then runs the whole test suite: the Swift
# tests, the C interface's test from C (and under valgrind), the Python package's and the
# server's tests (the viewer in headless Chromium among them), install.sh's and the wheel's
# (scripts/test-install.sh), then the Spark recipe's test against the built cardsize. Each
# step's time is printed when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  local start=$SECONDS
  "$@"
  echo "test.sh: '$*' took $((SECONDS - start)) s" >&2
}

step scripts/install-deps.sh test
step make -s -C Tools/pango-reference
step swift build --build-tests
step swift test --skip-build
step scripts/test-c-interface.sh
step scripts/test-python.sh
step scripts/test-install.sh
step scripts/spark/test_spark.sh
