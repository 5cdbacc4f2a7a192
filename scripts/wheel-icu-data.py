#!/usr/bin/env python3
"""Replaces the ICU data library `auditwheel repair` grafted into a wheel with one that holds
only the data the engine loads, under the same soname.

Debian's libicudata holds all of ICU's data (31 MB: collation, converters, time zones, every
locale's names and formats); the engine uses ICU for line breaking, bidi levels, character
properties and canonical decomposition only. Properties and normalisation to NFC/NFD are
compiled into libicuuc; from the data library the engine needs only what KEPT names. The
check in scripts/build-wheel.sh measures the same requests through the wheel and through the
system's ICU and fails on any difference.

Usage: scripts/wheel-icu-data.py WHEEL   (rewritten in place; needs icupkg, genccode and gcc,
from Debian's icu-devtools and gcc)
"""
import base64
import hashlib
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# What ICU reads for the engine: the line-break rules, dictionaries and locale tailorings
# (brkitr/); NFKC, which the Japanese phrase breaker (lw=phrase) normalises with; the emoji
# and Indic layout properties the break rules consult; and the locale data ICU resolves a
# locale with (its index, root, aliases, likely subtags, parents).
KEPT = re.compile(
    r"^(brkitr/.*|nfkc\.nrm|uemoji\.icu|ulayout\.icu"
    r"|res_index\.res|root\.res|pool\.res|supplementalData\.res|likelySubtags\.res|metadata\.res)$")


def run(*arguments: str, cwd: Path | None = None) -> str:
    return subprocess.run(arguments, cwd=cwd, check=True, capture_output=True, text=True).stdout


def icu_data(library: Path, work: Path) -> tuple[str, Path]:
    """The data package inside `library` (its `icudtNN_dat` symbol), written to a .dat file."""
    symbols = [line.split() for line in run("nm", "-D", "--defined-only", "-S", str(library)).splitlines()]
    entry = next(fields for fields in symbols if re.fullmatch(r"icudt\d+_dat", fields[-1]))
    address, size, name = int(entry[0], 16), int(entry[1], 16), entry[-1]
    # The file offset of the symbol's address, from the section that holds it.
    for line in run("readelf", "-W", "-S", str(library)).splitlines():
        fields = line.replace("[ ", "[").split()
        if len(fields) > 5 and fields[1] == ".rodata":
            section_address, section_offset = int(fields[3], 16), int(fields[4], 16)
            break
    else:
        raise SystemExit(f"{library}: no .rodata section")
    with open(library, "rb") as file:
        file.seek(section_offset + address - section_address)
        data = file.read(size)
    prefix = name.removesuffix("_dat")
    package = work / f"{prefix}l.dat"
    package.write_bytes(data)
    return prefix, package


def slim_library(library: Path, soname: str, work: Path) -> bytes:
    prefix, package = icu_data(library, work)
    items = run("icupkg", "-l", str(package)).split()
    removed = [item for item in items if not KEPT.match(item)]
    if not any(item.startswith("brkitr/line") for item in items) or "nfkc.nrm" not in items:
        raise SystemExit(f"{library}: no line-break rules or NFKC data in {package.name}: not ICU's full data")
    (work / "removed.txt").write_text("\n".join(removed) + "\n")
    slim = work / "slim"
    slim.mkdir()
    run("icupkg", "-r", str(work / "removed.txt"), str(package), str(slim / package.name))
    run("genccode", "-q", "-a", "gcc", "-e", prefix, "-d", str(slim), str(slim / package.name))
    assembly = next(slim.glob("*.S"))
    run("gcc", "-c", "-o", str(slim / "data.o"), str(assembly))
    output = slim / soname
    run("gcc", "-shared", "-nostdlib", "-Wl,-z,noexecstack", f"-Wl,-soname,{soname}", "-o", str(output), str(slim / "data.o"))
    print(f"{soname}: {len(items) - len(removed)} of {len(items)} ICU data items kept, "
          f"{library.stat().st_size / 1e6:.2f} MB -> {output.stat().st_size / 1e6:.2f} MB")
    return output.read_bytes()


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    wheel = Path(sys.argv[1])
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    name = next((info.filename for info, _ in entries if re.search(r"\.libs/libicudata[^/]*\.so", info.filename)), None)
    if name is None:
        raise SystemExit(f"{wheel}: no grafted libicudata")
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        library = work / "libicudata.so"
        library.write_bytes(next(data for info, data in entries if info.filename == name))
        soname = re.search(r"SONAME\)\s+Library soname: \[(.+)\]", run("readelf", "-d", str(library))).group(1)
        slim = slim_library(library, soname, work)
    replaced = []
    for info, data in entries:
        if info.filename == name:
            data = slim
        elif info.filename.endswith(".dist-info/RECORD"):
            lines = [record_line(name, slim) if line.startswith(name + ",") else line for line in data.decode().splitlines()]
            data = ("\n".join(lines) + "\n").encode()
        replaced.append((info, data))
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in replaced:
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


if __name__ == "__main__":
    main()
