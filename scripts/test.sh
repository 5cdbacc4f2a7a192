#!/usr/bin/env bash
# Builds cardsize and the Pango reference harness, then runs the whole test suite: the Swift
# tests, the C interface's test from C (and under valgrind), the Python package's and the
# server's tests (the viewer in headless Chromium among them), install.sh's and the wheel's
# (scripts/test-install.sh), then the Spark recipes' tests against the built cardsize. Each
# step's time is printed when it ends.
#
# The Swift tests keep one core and a quarter busy on average, so the other steps, which
# need only the build, run beside them rather than after; the Swift tests' output is printed
# when they end. CARDSIZE_BUILT tells those steps the products are built: `swift build`
# would wait for the lock `swift test` holds on .build for as long as it runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runs a step and prints its time; returns its status (even where a caller's `||` would
# otherwise keep set -e from stopping at the failure).
step() {
  local start=$SECONDS status=0
  "$@" || status=$?
  echo "test.sh: '$*' took $((SECONDS - start)) s" >&2
  return $status
}

step scripts/install-deps.sh test
step make -s -C Tools/pango-reference
step swift build --build-tests

swift_log=$(mktemp)
step swift test --skip-build >"$swift_log" 2>&1 &
swift_tests=$!
trap 'kill $swift_tests 2>/dev/null || true; rm -f "$swift_log"' EXIT

export CARDSIZE_BUILT=1
status=0
for script in scripts/test-c-interface.sh scripts/test-python.sh scripts/test-install.sh scripts/spark/test_spark.sh; do
  step "$script" || { status=$?; echo "test.sh: $script failed" >&2; break; }
done

wait $swift_tests || { swift_status=$?; echo "test.sh: swift test failed" >&2; [ $status -ne 0 ] || status=$swift_status; }
cat "$swift_log"
exit $status
