#!/usr/bin/env bash
# Tests the C interface from C: builds libcardsize (debug), compiles Tests/CInterface's
# program with gcc against include/cardsize.h, runs it, then runs it again under valgrind
# (no invalid reads or writes, nothing definitely lost). Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# CARDSIZE_BUILT: scripts/test.sh has built every product (and its Swift tests hold .build).
[ -n "${CARDSIZE_BUILT:-}" ] || swift build --product cardsize-c
build=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The library as users link it (-lcardsize), under its soname as an install lays it out.
# valgrind 3.19 cannot read the DWARF 5 debug information Swift's compiler writes, so its
# copy has none (symbols stay).
mkdir -p "$work/lib"
objcopy --strip-debug "$build/libcardsize-c.so" "$work/lib/libcardsize.so.2"
ln -s libcardsize.so.2 "$work/lib/libcardsize.so"
gcc -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -Iinclude Tests/CInterface/test_cardsize.c \
  -L"$work/lib" -lcardsize -Wl,-rpath,"$work/lib" -lm -o "$work/test_cardsize"

"$work/test_cardsize"
valgrind --quiet --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite,indirect \
  --show-leak-kinds=definite,indirect --suppressions=Tests/CInterface/valgrind.supp "$work/test_cardsize"
echo "C interface: clean under valgrind"
