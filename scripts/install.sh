#!/usr/bin/env bash
# Builds cardsize, cardsize-serve and libcardsize in release mode with the Swift runtime and
# FoundationEssentials linked in statically, and installs them so that they stand alone (no Swift
# toolchain, no source tree needed at run time):
#
#   PREFIX/bin/cardsize, PREFIX/bin/cardsize-serve
#   PREFIX/lib/libcardsize.so.2        the C interface (its soname), and libcardsize.so linking to it
#   PREFIX/lib/pkgconfig/cardsize.pc   `pkg-config --cflags --libs cardsize`
#   PREFIX/include/cardsize.h
#   PREFIX/share/cardsize/Fonts/       the bundled fonts, found relative to the binaries
#   PREFIX/share/cardsize/Catalogs/    the source catalogs `cardsize generate` makes catalogs from
#   PREFIX/share/man/man1/             cardsize.1 and cardsize-serve.1, generated from the commands
#   PREFIX/share/bash-completion/completions/, share/zsh/site-functions/,
#   PREFIX/share/fish/vendor_completions.d/   completions, generated from the commands
#
# Usage: scripts/install.sh [--prefix DIR] [--debug] [--uninstall]   (default prefix /usr/local)
#   --debug      install the test suite's debug build instead of building for release (its
#                binaries load the toolchain's Swift libraries): how the tests try this script
#   --uninstall  remove what an install to the prefix put there, and folders left empty
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
configuration=release
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --debug) configuration=debug; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--prefix DIR] [--debug] [--uninstall]" >&2; exit 64 ;;
  esac
done

programs=(cardsize cardsize-serve)
# Every path an install makes under the prefix, which --uninstall removes.
installed=(lib/libcardsize.so lib/libcardsize.so.2 lib/pkgconfig/cardsize.pc include/cardsize.h share/cardsize)
for program in "${programs[@]}"; do
  installed+=("bin/$program" "share/man/man1/$program.1" "share/bash-completion/completions/$program"
    "share/zsh/site-functions/_$program" "share/fish/vendor_completions.d/$program.fish")
done

if $uninstall; then
  for path in "${installed[@]}"; do rm -rf "${prefix:?}/$path"; done
  # The folders an install may have made, deepest first, where nothing else is left in them.
  for folder in share/fish/vendor_completions.d share/fish share/zsh/site-functions share/zsh \
    share/bash-completion/completions share/bash-completion share/man/man1 share/man share \
    lib/pkgconfig lib include bin; do
    rmdir "$prefix/$folder" 2>/dev/null || true
  done
  echo "removed cardsize from $prefix"
  exit 0
fi

scripts/install-deps.sh run
if [ "$configuration" = release ]; then
  # A scratch folder of its own: the static runtime is a different build from .build/'s.
  scratch=.build-static
  build=(swift build -c release --scratch-path "$scratch" -Xswiftc -static-stdlib)
else
  scratch=.build
  build=(swift build)
fi
# CARDSIZE_BUILT: scripts/test.sh has built every debug product (and its Swift tests hold .build).
if [ "$configuration" = release ] || [ -z "${CARDSIZE_BUILT:-}" ]; then
  for product in "${programs[@]}" cardsize-c; do "${build[@]}" --product "$product"; done
fi
products=$("${build[@]}" --show-bin-path)

mkdir -p "$prefix/bin" "$prefix/lib/pkgconfig" "$prefix/include" "$prefix/share/cardsize" "$prefix/share/man/man1" \
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
for program in "${programs[@]}"; do install -m 755 -s "$products/$program" "$prefix/bin/$program"; done
install -m 755 "$products/libcardsize-c.so" "$prefix/lib/libcardsize.so.2"
strip --strip-unneeded "$prefix/lib/libcardsize.so.2"
ln -sf libcardsize.so.2 "$prefix/lib/libcardsize.so"
install -m 644 include/cardsize.h "$prefix/include/cardsize.h"
rm -rf "$prefix/share/cardsize/Fonts" "$prefix/share/cardsize/Catalogs"
cp -R Fonts "$prefix/share/cardsize/Fonts"
mkdir -p "$prefix/share/cardsize/Catalogs"
cp Catalogs/README.md Catalogs/goodbooks-10k.csv Catalogs/aozora-bunko.csv Catalogs/cover-sizes.csv \
  "$prefix/share/cardsize/Catalogs/"

version=$("$prefix/bin/cardsize" --version | sed -n '1s/^cardsize //p')
cat >"$prefix/lib/pkgconfig/cardsize.pc" <<EOF
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: cardsize
Description: Offline text measurement and self-sizing card layout (HarfBuzz, FreeType, ICU)
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lcardsize
EOF

# Completions and manual pages, both made by ArgumentParser from the commands themselves.
# The manual pages come from swift-argument-parser's generate-manual tool, built from the
# checkout the build already holds: its package plugin would first rebuild every product.
for program in "${programs[@]}"; do
  "$prefix/bin/$program" --generate-completion-script bash >"$prefix/share/bash-completion/completions/$program"
  "$prefix/bin/$program" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_$program"
  "$prefix/bin/$program" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/$program.fish"
done
manual_tool=(swift build --package-path "$scratch/checkouts/swift-argument-parser" --scratch-path "$scratch/generate-manual"
  --product generate-manual)
"${manual_tool[@]}"
for program in "${programs[@]}"; do
  "$("${manual_tool[@]}" --show-bin-path)/generate-manual" "$prefix/bin/$program" \
    --output-directory "$prefix/share/man/man1" --authors "the cardsize authors"
done
echo "installed cardsize $version in $prefix: bin/cardsize, bin/cardsize-serve, lib/libcardsize.so.2," \
  "lib/pkgconfig/cardsize.pc, include/cardsize.h, share/cardsize, manual pages and completions"
