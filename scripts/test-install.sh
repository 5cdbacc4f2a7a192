#!/usr/bin/env bash
# Tests scripts/install.sh and scripts/build-wheel.sh on the test suite's debug build (a
# release build would take longer than the rest of the suite): an install into a temporary
# prefix holds both programs with --version, the library under its versioned soname, a
# cardsize.pc a C program builds with, manual pages and completions generated from the
# commands; the wheel made of that install passes build-wheel.sh's --check; --uninstall
# removes all of it and nothing else. Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
passed=0
failed=0
expect() {
  local what=$1
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $what" >&2; fi
}

scripts/install.sh --debug --prefix "$prefix"

version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' bindings/python/cardsize/__init__.py)
for program in cardsize cardsize-serve; do
  "$prefix/bin/$program" --version >"$work/$program.version"
  expect "$program --version names the program, the libraries and three fonts" bash -c '
    head -1 "$1" | grep -qx "$2 $3" && grep -q "^HarfBuzz [0-9]" "$1" && grep -q "^FreeType [0-9]" "$1" &&
    grep -q "^ICU [0-9]* *[0-9.]* (Unicode [0-9.]*)$" "$1" && [ "$(grep -c "^font .*share/cardsize/Fonts/" "$1")" = 3 ]
  ' _ "$work/$program.version" "$program" "$version"
done

expect "libcardsize.so links to libcardsize.so.2, whose soname it is" bash -c '
  [ "$(readlink "$1/lib/libcardsize.so")" = libcardsize.so.2 ] &&
  readelf -d "$1/lib/libcardsize.so.2" | grep -q "(SONAME).*\[libcardsize.so.2\]"' _ "$prefix"

cat >"$work/version.c" <<'EOF'
#include <cardsize.h>
#include <stdio.h>
int main(void) { printf("%s\n", cardsize_version()); return 0; }
EOF
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
expect "cardsize.pc gives the version and the flags a C program builds and runs with" bash -c '
  [ "$(pkg-config --modversion cardsize)" = "$3" ] &&
  gcc "$1/version.c" $(pkg-config --cflags --libs cardsize) -Wl,-rpath,"$2/lib" -o "$1/version" &&
  readelf -d "$1/version" | grep -q "(NEEDED).*\[libcardsize.so.2\]" &&
  "$1/version" | grep -qx "[0-9]*\.[0-9]*"' _ "$work" "$prefix" "$version"

expect "the manual pages cover every command and --version" bash -c '
  for page in "$1"/share/man/man1/cardsize.1 "$1"/share/man/man1/cardsize-serve.1; do
    head -20 "$page" | grep -q "^\.Dt CARDSIZE" && grep -q "version" "$page" || exit 1
  done
  for command in measure layout render text fonts generate; do grep -q "$command" "$1/share/man/man1/cardsize.1" || exit 1; done' \
  _ "$prefix"

expect "bash loads the completions, which offer the commands and --version" bash -c '
  source "$1/share/bash-completion/completions/cardsize" && complete -p cardsize >/dev/null &&
  grep -q "measure" "$1/share/bash-completion/completions/cardsize" &&
  source "$1/share/bash-completion/completions/cardsize-serve" && complete -p cardsize-serve >/dev/null &&
  grep -q -- "--version" "$1/share/bash-completion/completions/cardsize-serve"' _ "$prefix"
expect "zsh and fish completions for both programs" bash -c '
  for program in cardsize cardsize-serve; do
    head -1 "$1/share/zsh/site-functions/_$program" | grep -qx "#compdef $program" &&
    grep -q "complete -c .$program" "$1/share/fish/vendor_completions.d/$program.fish" || exit 1
  done' _ "$prefix"

expect "build-wheel.sh --check passes on a wheel of this install" scripts/build-wheel.sh --check --prefix "$prefix" --out "$work/dist"

touch "$prefix/bin/not-ours"
scripts/install.sh --uninstall --prefix "$prefix"
expect "--uninstall removes everything the install made and nothing else" bash -c '
  [ "$(cd "$1" && find . -mindepth 1 | sort | tr "\n" " ")" = "./bin ./bin/not-ours " ]' _ "$prefix"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
