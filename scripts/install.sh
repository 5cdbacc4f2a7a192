#!/usr/bin/env bash
# Builds cardsize and libcardsize in release mode with the Swift runtime and Foundation
# linked in statically, and installs them so that they stand alone (no Swift toolchain, no
# source tree needed at run time):
#
#   PREFIX/bin/cardsize
#   PREFIX/lib/libcardsize.so          the C interface
#   PREFIX/include/cardsize.h
#   PREFIX/share/cardsize/Fonts/       the bundled fonts, found relative to the binaries
#   PREFIX/share/cardsize/Catalogs/    the source catalogs `cardsize generate` makes catalogs from
#
# Usage: scripts/install.sh [--prefix DIR]   (default /usr/local)
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--prefix DIR]" >&2; exit 64 ;;
  esac
done

scripts/install-deps.sh run
# A scratch folder of its own: the static runtime is a different build from .build/'s.
build=(swift build -c release --scratch-path .build-static -Xswiftc -static-stdlib)
"${build[@]}" --product cardsize
"${build[@]}" --product cardsize-c
products=$("${build[@]}" --show-bin-path)

mkdir -p "$prefix/bin" "$prefix/lib" "$prefix/include" "$prefix/share/cardsize"
install -m 755 -s "$products/cardsize" "$prefix/bin/cardsize"
install -m 755 "$products/libcardsize-c.so" "$prefix/lib/libcardsize.so"
strip --strip-unneeded "$prefix/lib/libcardsize.so"
install -m 644 include/cardsize.h "$prefix/include/cardsize.h"
rm -rf "$prefix/share/cardsize/Fonts" "$prefix/share/cardsize/Catalogs"
cp -R Fonts "$prefix/share/cardsize/Fonts"
mkdir -p "$prefix/share/cardsize/Catalogs"
cp Catalogs/README.md Catalogs/goodbooks-10k.csv Catalogs/aozora-bunko.csv Catalogs/cover-sizes.csv \
  "$prefix/share/cardsize/Catalogs/"
echo "installed cardsize in $prefix (bin/cardsize, lib/libcardsize.so, include/cardsize.h, share/cardsize)"
