#!/usr/bin/env python3
"""Load test of cardsize-serve on loopback with wrk: requests per second and latency for
one-title and 100-title text requests, 100-record card requests and 1,000-height layouts,
errors, the server's memory over a longer run; then the viewer over a generated catalog of
a million cards: the time to lay it out, the memory it keeps, and tiles and rect queries
asked for all over it.

Usage: scripts/load-test.py [--seconds 10] [--long-seconds 60] [--connections 8] [--catalog-records 1000000]

Builds the release cardsize and cardsize-serve, starts the server on a free port, and runs
wrk (Debian's `wrk`; installed with apt-get when missing) with scripts/load/requests.lua,
which sends request bodies made from the bundled catalogs' titles in turn (24,759 distinct
titles: the first pass over them is new text, later passes hit the server's caches). wrk and
the server share the machine's cores. Prints Markdown tables for docs/performance.md.
"""
import argparse
import csv
import json
import os
import random
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
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
            "language": "ja" if any("\u3040" <= c <= "\u9fff" for c in title) else "en"}


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wrk(url, bodies, seconds, connections, target="/v1/text", method="POST"):
    result = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s",
         str(ROOT / "scripts" / "load" / "requests.lua"), url],
        env=dict(os.environ, BODIES=str(bodies), TARGET=target, METHOD=method), capture_output=True, text=True,
        check=True)
    line = next(line for line in result.stdout.splitlines() if line.startswith("result "))
    return {key: float(value) for key, value in (part.split("=") for part in line.split()[1:])}


def start(binary, arguments, timeout=600):
    """Starts the server with `arguments` on a free port; the process, its URL and the seconds
    it took to listen."""
    started = time.monotonic()
    server = subprocess.Popen([str(binary), "--port", "0", "--log-level", "warning", *arguments],
                              stderr=subprocess.DEVNULL)
    # The listening line is logged at info; at warning the kernel says which port.
    while time.monotonic() - started < timeout and server.poll() is None:
        out = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True).stdout
        match = re.search(rf"127\.0\.0\.1:(\d+)\s.*pid={server.pid},", out)
        if match:
            return server, f"http://127.0.0.1:{match.group(1)}", time.monotonic() - started
        time.sleep(0.1)
    raise SystemExit("the server did not start listening")


def row(name, result):
    print(f"| {name} | {result['requests']:,.0f} | {result['rps']:,.0f} | {result['p50_ms']:.2f} "
          f"| {result['p99_ms']:.2f} | {result['max_ms']:.1f} | {result['errors'] + result['socket_errors']:.0f} |")


def viewer(binary, cardsize, work, records, seconds, connections):
    """The viewer over `records` generated cards: start-up, memory, tiles and rect queries."""
    catalog = Path(work) / "catalog.csv"
    subprocess.run([str(cardsize), "generate", "--records", str(records), "--mode", "realistic", "--output",
                    str(catalog)], check=True, capture_output=True)
    server, url, startup = start(binary, [str(catalog), "--layout", "waterfall", "--device", "iphone-13"])
    try:
        with urllib.request.urlopen(url + "/v1/catalog") as response:
            layout = json.loads(response.read())
        print(f"\nviewer: {records:,} cards laid out and kept in {startup:.1f} s (to listening); "
              f"content {layout['content']['height']:,.0f} pt; RSS {rss_mb(server.pid):.0f} MB")
        # Tiles all over the content, as pages scrolled anywhere ask for them.
        rng = random.Random(1)
        tops = [rng.randrange(int(layout["content"]["height"] // 1024)) * 1024 for _ in range(5000)]
        rect = "x=0&y={}&width={}&height=1024".format
        width = layout["content"]["width"]
        tiles = Path(work) / "tiles.txt"
        tiles.write_text("".join(f"/v1/catalog/viewport.svg?{rect(top, width)}\n" for top in tops))
        elements = Path(work) / "elements.txt"
        elements.write_text("".join(f"/v1/catalog/elements?{rect(top, width)}\n" for top in tops))
        print("\n| viewer request | requests | requests/s | p50 ms | p99 ms | max ms | errors |")
        print("|---|--:|--:|--:|--:|--:|--:|")
        row("tile (SVG, 1,024 pt)", wrk(url, tiles, seconds, connections, method="GET"))
        row("elements in a tile", wrk(url, elements, seconds, connections, method="GET"))
        print(f"viewer RSS after: {rss_mb(server.pid):.0f} MB")
    finally:
        server.terminate()
        server.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--long-seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--catalog-records", type=int, default=1_000_000)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)
    subprocess.run(["scripts/build-release.sh", "cardsize-serve", "cardsize"], cwd=ROOT, check=True,
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
        cards = Path(work) / "cards.jsonl"
        cards.write_text("".join(json.dumps({"kind": "waterfall", "records": [
            {"id": i + j, "title": t, "author": "A. Author"} for j, t in enumerate(names[i:i + 100])]},
            ensure_ascii=False) + "\n" for i in range(0, len(names) - 100, 100)))
        heights = Path(work) / "heights.jsonl"
        rng = random.Random(1)
        heights.write_text("".join(json.dumps({"kind": "waterfall", "heights": [
            rng.randrange(200, 400) for _ in range(1000)]}) + "\n" for _ in range(100)))
        server, url, _ = start(binary, [])
        try:
            print(f"| request | requests | requests/s | p50 ms | p99 ms | max ms | errors |")
            print("|---|--:|--:|--:|--:|--:|--:|")
            for name, bodies, target in (("1 title", one, "/v1/text"), ("100 titles", hundred, "/v1/text"),
                                         ("100 cards", cards, "/v1/cards"),
                                         ("1,000 heights, waterfall", heights, "/v1/layout")):
                row(name, wrk(url, bodies, args.seconds, args.connections, target=target))
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
        if args.catalog_records:
            viewer(binary, ROOT / ".build" / "release" / "cardsize", work, args.catalog_records, args.seconds,
                   args.connections)


if __name__ == "__main__":
    main()
