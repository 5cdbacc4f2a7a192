#!/usr/bin/env python3
"""Round-trip latency of cardsize as a co-process: one process kept open, one request at a
time, each answer read before the next request is written.

Usage: scripts/coprocess-latency.py [--requests N] [--binary PATH]

Builds nothing: run `scripts/build-release.sh cardsize` first (the default binary is the release one).
Asks `text --jsonl` for N bundled titles (Latin and Japanese alternating, each new to the
process) and `measure -` for N records, and prints p50, p90, p99 and the maximum in ms.
"""
import argparse
import csv
import json
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def titles(count):
    def column(path):
        with open(ROOT / path, newline="", encoding="utf-8") as file:
            return [row["title"] for row in csv.DictReader(file) if row["title"]]
    latin, japanese = column("Catalogs/goodbooks-10k.csv"), column("Catalogs/aozora-bunko.csv")
    return [(latin if i % 2 == 0 else japanese)[i // 2] for i in range(count)]


def round_trips(command, lines):
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    times = []
    for line in lines:
        start = time.perf_counter()
        process.stdin.write(line.encode() + b"\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        times.append((time.perf_counter() - start) * 1000)
        if not answer:
            raise SystemExit(f"{command}: no answer to {line}")
    process.stdin.close()
    process.wait()
    return times


def report(name, times):
    ordered = sorted(times)
    def at(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    print(f"| {name} | {len(times)} | {at(0.5):.3f} | {at(0.9):.3f} | {at(0.99):.3f} | {ordered[-1]:.3f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/cardsize"))
    args = parser.parse_args()
    names = titles(args.requests)
    text = [json.dumps({"id": str(i), "text": t, "width": 127, "size": 15}, ensure_ascii=False) for i, t in enumerate(names)]
    records = [json.dumps({"id": str(i), "title": t, "author": "A. Writer"}, ensure_ascii=False) for i, t in enumerate(names)]
    print("| co-process | requests | p50 ms | p90 ms | p99 ms | max ms |")
    print("|---|--:|--:|--:|--:|--:|")
    report("`cardsize text --jsonl`", round_trips([args.binary, "text", "--jsonl"], text))
    report("`cardsize measure -`", round_trips([args.binary, "measure", "-"], records))


if __name__ == "__main__":
    main()
