#!/usr/bin/env bash
# Installs the Debian packages cardsize needs, only those that are missing.
# Usage: scripts/install-deps.sh run|wheel|test
set -euo pipefail

run_packages=(pkg-config libfreetype-dev libharfbuzz-dev libfontconfig1-dev libicu-dev zlib1g-dev)
# The tests also build the Pango reference harness, read Unicode's conformance files and run
# the C interface's test under valgrind, and open the catalog viewer in headless Chromium.
test_packages=(make gcc libpango1.0-dev libjson-glib-dev unicode-data valgrind chromium)
# scripts/build-wheel.sh slims ICU's data with ICU's own tools, and its check reads Unicode's
# line-break conformance cases.
wheel_packages=(icu-devtools gcc unicode-data)

case "${1:-run}" in
  run) packages=("${run_packages[@]}") ;;
  wheel) packages=("${run_packages[@]}" "${wheel_packages[@]}") ;;
  test)
    packages=("${run_packages[@]}" "${test_packages[@]}" "${wheel_packages[@]}")
    # The Spark recipe's test (scripts/spark/) needs Java 17+ and pip for PySpark; a Java or
    # pip installed some other way serves as well, so these go by command, not by package.
    command -v java >/dev/null 2>&1 || packages+=(openjdk-17-jre-headless)
    python3 -m pip --version >/dev/null 2>&1 || packages+=(python3-pip)
    ;;
  *) echo "usage: $0 run|wheel|test" >&2; exit 64 ;;
esac

if ! command -v swift >/dev/null 2>&1; then
  echo "error: no 'swift' on PATH; cardsize needs a Swift 6.1 or later toolchain (swift.org/install)" >&2
  exit 1
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing Debian packages: ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
