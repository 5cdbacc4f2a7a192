#!/usr/bin/env bash
# Tests the Python package (bindings/python) and the HTTP server on loopback with pytest,
# against the library and binaries that scripts/test.sh has built; installs what pytest needs
# from PyPI when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# pytest, and for the server's tests PyYAML, jsonschema, openapi-spec-validator and
# schemathesis (the OpenAPI document as the contract), Pillow to read the viewer's
# screenshots, mypy to type-check the documented examples against the package, and pyarrow
# for the Arrow and Parquet functions (the package's optional `arrow` extra).
if ! python3 -c 'import pytest, yaml, jsonschema, openapi_spec_validator, schemathesis, PIL, mypy, pyarrow' 2>/dev/null; then
  echo "installing pytest, pyyaml, jsonschema, openapi-spec-validator, schemathesis, pillow, mypy, pyarrow from PyPI" >&2
  packages=('pytest>=7' 'pyyaml>=6' 'jsonschema>=4.18' 'openapi-spec-validator>=0.7' 'schemathesis>=4.3' 'pillow>=9'
    'mypy>=1.5' 'pyarrow>=14')
  # Debian's own Python refuses pip installs outside a virtual environment (PEP 668) unless told.
  python3 -m pip install --quiet "${packages[@]}" || python3 -m pip install --quiet --break-system-packages "${packages[@]}"
fi
# CARDSIZE_BUILT: scripts/test.sh has built every product (and its Swift tests hold .build).
if [ -z "${CARDSIZE_BUILT:-}" ]; then
  swift build --product cardsize-c
  swift build --product cardsize-serve
fi
exec python3 -m pytest -q -p no:cacheprovider bindings/python/tests
