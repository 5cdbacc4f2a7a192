#!/usr/bin/env python3
"""The Python batch call against the same work in Swift, side by side in one run.

Usage: python3 bindings/python/benchmarks/batch.py [--records 100000] [--passes 3]

Makes a generated unique catalog (`cardsize generate --mode unique --seed 1`), writes its
titles one per line, and times (best of the passes, a new measurer each pass, no caches):
- Swift: `text-benchmark --titles FILE` (TextMeasurer.measure over the titles, 1 and 2 threads);
- Python: `TextMeasurer.measure_many(titles, 127, max_lines=2, threads=N)` through the wheel's
  or the release build's libcardsize, returning a list of TextMetrics and a NumPy array.
Needs the release builds: `swift build -c release --product cardsize --product text-benchmark
--product cardsize-c` (the script runs it).
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    for product in ("cardsize", "text-benchmark", "cardsize-c"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    release = ROOT / ".build" / "release"
    os.environ.setdefault("CARDSIZE_LIBRARY", str(release / "libcardsize-c.so"))
    sys.path.insert(0, str(ROOT / "bindings" / "python"))
    import cardsize

    with tempfile.TemporaryDirectory() as work:
        catalog = Path(work) / "catalog.csv"
        subprocess.run([release / "cardsize", "generate", "--records", str(args.records), "--mode", "unique",
                        "--seed", "1", "-o", catalog], check=True, stderr=subprocess.DEVNULL)
        with open(catalog, newline="", encoding="utf-8") as file:
            titles = [row["title"].replace("\n", " ") for row in csv.DictReader(file)]
        title_file = Path(work) / "titles.txt"
        title_file.write_text("\n".join(titles), encoding="utf-8")
        swift = subprocess.run([release / "text-benchmark", "--titles", title_file, "--passes", str(args.passes)],
                               check=True, capture_output=True, text=True).stdout
    swift_seconds = {}
    for line in swift.splitlines():
        fields = dict(part.split("=") for part in line.split()[1:])
        swift_seconds[int(fields["threads"])] = float(fields["seconds"])

    print(f"{len(titles):,} generated unique titles, 15 px, 127 px wide, at most 2 lines; best of {args.passes}\n")
    print("| threads | Swift `TextMeasurer.measure` | Python `measure_many` → list | Python → NumPy | list / Swift |")
    print("|--:|--:|--:|--:|--:|")
    for threads in (1, 2):
        timings = {False: float("inf"), True: float("inf")}
        for _ in range(args.passes):  # interleaved: the machine's noise falls on both alike
            for numpy in (False, True):
                measurer = cardsize.TextMeasurer(size=15)
                started = time.perf_counter()
                measurer.measure_many(titles, 127, max_lines=2, threads=threads, numpy=numpy)
                timings[numpy] = min(timings[numpy], time.perf_counter() - started)
        print(f"| {threads} | {swift_seconds[threads]:.3f} s | {timings[False]:.3f} s | {timings[True]:.3f} s "
              f"| {timings[False] / swift_seconds[threads]:.2f}x |")


if __name__ == "__main__":
    main()
