#!/usr/bin/env bash
# Schemathesis (property-based tests from the OpenAPI document, every check) against
# cardsize-serve on loopback: the document is the contract, and a run passes with no failure.
# MAX_EXAMPLES per operation and phase (default 1200: about 10,000 cases over the API's
# operations); with --catalog, the server is started with Catalogs/goodbooks-10k.csv laid out
# as a waterfall, so that the viewer's routes are tested too. Installs schemathesis from PyPI
# when missing; builds cardsize-serve (release) with scripts/build-release.sh.
#
#   scripts/schemathesis.sh [--catalog] [MAX_EXAMPLES]
set -euo pipefail
cd "$(dirname "$0")/.."

catalog=()
if [ "${1:-}" = "--catalog" ]; then
    catalog=(Catalogs/goodbooks-10k.csv --layout waterfall --device iphone-13)
    shift
fi
examples="${1:-1200}"
if ! command -v st >/dev/null; then
    python3 -m pip install --quiet 'schemathesis>=4.3' || python3 -m pip install --quiet --break-system-packages 'schemathesis>=4.3'
fi
scripts/build-release.sh cardsize-serve >/dev/null
log="$(mktemp)"
coproc server { exec .build/release/cardsize-serve --port 0 --log-level warning "${catalog[@]}" 2>"$log"; }
trap 'kill "$server_PID" 2>/dev/null; rm -f "$log"' EXIT
read -r -u "${server[0]}" _ _ address  # "listening on http://127.0.0.1:PORT"
st --config-file scripts/schemathesis.toml --no-color run "$address/openapi.yaml" --url "$address" --checks all \
    --max-examples "$examples" --seed "${SEED:-$RANDOM}"
