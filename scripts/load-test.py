#!/usr/bin/env python3
"""Load test of cardsize-serve on loopback with wrk: requests per second and latency for
one-title and 100-title requests, errors, and the server's memory over a longer run.

Usage: scripts/load-test.py [--seconds 10] [--long-seconds 60] [--connections 8]

Builds the release cardsize-serve, starts it on a free port, and runs wrk (Debian's `wrk`;
installed with apt-get when missing) with scripts/load/requests.lua, which posts request
bodies made from the bundled catalogs' titles in turn (24,759 distinct titles: the first
pass over them is new text, later passes hit the server's caches). wrk and the server share
the machine's cores. Prints a Markdown table for the README.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def titles():
    found = []
    for name in ("goodbooks-10k.csv", "aozora-bunko.csv"):
        with open(ROOT / "Catalogs" / name, newline="", encoding="utf-8") as file:
            found += [row["title"] for row in csv.DictReader(file)]
    return found


def request(title, index):
    return {"id": index, "text": title, "size": 15, "width": 127, "max_lines": 2,
            "lang": "ja" if any("\u3040" <= c <= "\u9fff" for c in title) else "en"}


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wrk(url, bodies, seconds, connections):
    result = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s",
         str(ROOT / "scripts" / "load" / "requests.lua"), url],
        env=dict(os.environ, BODIES=str(bodies)), capture_output=True, text=True, check=True)
    line = next(line for line in result.stdout.splitlines() if line.startswith("result "))
    return {key: float(value) for key, value in (part.split("=") for part in line.split()[1:])}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--long-seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "cardsize-serve"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = ROOT / ".build" / "release" / "cardsize-serve"
    names = titles()
    with tempfile.TemporaryDirectory() as work:
        one = Path(work) / "one.jsonl"
        one.write_text("".join(json.dumps(request(t, i), ensure_ascii=False) + "\n" for i, t in enumerate(names)))
        hundred = Path(work) / "hundred.jsonl"
        hundred.write_text("".join(
            json.dumps([request(t, i + j) for j, t in enumerate(names[i:i + 100])], ensure_ascii=False) + "\n"
            for i in range(0, len(names) - 100, 100)))
        server = subprocess.Popen([str(binary), "--port", "0", "--log-level", "warning"], stderr=subprocess.PIPE,
                                  text=True)
        try:
            port = None
            # The listening line is logged at info; at warning the kernel says which port.
            for _ in range(100):
                out = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True).stdout
                match = re.search(rf"127\.0\.0\.1:(\d+)\s.*pid={server.pid},", out)
                if match:
                    port = match.group(1)
                    break
                time.sleep(0.1)
            assert port, "the server did not start listening"
            url = f"http://127.0.0.1:{port}"
            print(f"| request | requests | requests/s | p50 ms | p99 ms | max ms | errors |")
            print("|---|--:|--:|--:|--:|--:|--:|")
            for name, bodies in (("1 title", one), ("100 titles", hundred)):
                result = wrk(url, bodies, args.seconds, args.connections)
                print(f"| {name} | {result['requests']:,.0f} | {result['rps']:,.0f} | {result['p50_ms']:.2f} "
                      f"| {result['p99_ms']:.2f} | {result['max_ms']:.1f} "
                      f"| {result['errors'] + result['socket_errors']:.0f} |")
            # Memory over a longer run of new and repeated titles.
            samples = [rss_mb(server.pid)]
            steps = max(1, args.long_seconds // 10)
            for _ in range(steps):
                wrk(url, one, 10, args.connections)
                samples.append(rss_mb(server.pid))
            print(f"\nserver RSS over {steps * 10} s of one-title requests, every 10 s: "
                  + ", ".join(f"{sample:.0f}" for sample in samples) + " MB")
        finally:
            server.terminate()
            status = server.wait(timeout=30)
            print(f"SIGTERM: exit status {status}")


if __name__ == "__main__":
    main()
