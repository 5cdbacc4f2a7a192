#!/usr/bin/env bash
# Builds the DocC documentation of the libraries (swift-docc-plugin): TextEngine, CardModel,
# CollectionLayout and CatalogLayout, each from its doc comments and its Sources/X/X.docc
# catalog, into .build-docs/plugins/Swift-DocC/outputs/X.doccarchive. Fails on any DocC
# warning, which a broken symbol link (``Name`` that resolves to nothing) is.
# Its own scratch folder, so that it never waits for or invalidates the test build's .build.
#
# Usage: scripts/build-docs.sh [TARGET…]   (default: the four libraries above)
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(TextEngine CardModel CollectionLayout CatalogLayout)
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package --scratch-path .build-docs generate-documentation "${arguments[@]}" \
  --warnings-as-errors 2>&1 | tee "$log" || status=$?
# The plugin's own status is what counts; the log is searched as well, so that a warning
# never passes unseen whatever a plugin version does with --warnings-as-errors.
if grep -qE '^(warning|error):' "$log"; then
  echo "build-docs: DocC reported warnings or errors (above)" >&2
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"
echo "build-docs: ${targets[*]} built: .build-docs/plugins/Swift-DocC/outputs/" >&2
