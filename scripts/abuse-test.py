#!/usr/bin/env python3
"""Abuse test of cardsize-serve on loopback: what hostile clients try, while a health check
is asked for every 50 ms, and the server's resident memory is sampled.

Usage: scripts/abuse-test.py [--binary PATH] [--scale 1.0] [--soak-seconds 0]

Starts the server (release, built with scripts/build-release.sh, unless --binary) on a free
port of 127.0.0.1 and runs, one after another, each bounded in count and time:
  - fonts: requests naming fonts, by name and by path (a FIFO among the paths), 10,000 × scale;
  - styles: requests each with another size and language, 10,000 × scale;
  - slowloris: 200 connections (× scale, at least 20) sending headers or a body a byte a
    second, for 15 s (7 s below scale 1: past the 5 s read limit either way);
  - connections: 1,000 connections (× scale, at least 50) opened at once, each asking for /health;
  - over-wide words: 256 KiB of one word at width 0.001 in each line-break mode (Latin, and
    kana in phrase breaking), two at once;
  - soak (with --soak-seconds): mixed requests from 4 threads: texts in other sizes,
    languages, line-break modes and profiles, cards, layouts, HEAD and unknown routes.
Prints a Markdown table: per phase, requests, answers by status, health checks' p50, p99 and
max, and resident memory at the phase's end; then memory at start, peak and end, and for the
soak its memory after a warm-up (its first fifth), its peak after that and its end. Exits 1
when a request or health check went unanswered, the server answered 500, or it did not end
with status 0 on SIGTERM; the timing and memory goals are printed, not enforced (a shared
machine's load moves them).
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def call(url, body=None, timeout=60, method=None):
    request = urllib.request.Request(url, data=body.encode() if body is not None else None, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        error.read()
        return error.code
    except OSError:
        return "no answer"


class Watch:
    """Health checks every 50 ms and the server's memory every 100 ms, from a thread of its own."""

    def __init__(self, address, pid):
        self.address, self.pid = address, pid
        self.latencies, self.memory, self.stopped = [], [], threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def rss_mb(self):
        status = Path(f"/proc/{self.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024

    def run(self):
        while not self.stopped.wait(0.05):
            start = time.monotonic()
            status = call(self.address + "/health", timeout=5)
            self.latencies.append((time.monotonic() - start) * 1000 if status == 200 else float("inf"))
            self.memory.append(self.rss_mb())

    def take(self):
        """The health latencies since the last take."""
        taken, self.latencies = self.latencies, []
        return sorted(taken)


def percentile(values, share):
    return values[min(len(values) - 1, int(len(values) * share))] if values else float("nan")


def fonts_phase(address, count, fifo):
    names = [["DejaVu Sans"], ["Noto Sans CJK JP", "Symbola"], ["NotoSansCJK-Regular.ttc"], [str(fifo)],
             ["/etc/passwd"], [str(ROOT / "Fonts" / "DejaVuSans.ttf")], ["Fonts/./././NotoSansCJK-Regular.ttc"]]
    bodies = (json.dumps({"text": f"吾輩は猫である {index}", "size": 15, "width": 127, "fonts": names[index % len(names)]})
              for index in range(count))
    return run_bodies(address, "/v1/text", bodies)


def styles_phase(address, count):
    bodies = (json.dumps({"text": "The Hunger Games", "size": 5 + (index * 0.37) % 500, "width": 127,
                          "language": f"x-{index:x}"}) for index in range(count))
    return run_bodies(address, "/v1/text", bodies)


def run_bodies(address, path, bodies, threads=4):
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        return collections.Counter(pool.map(lambda body: call(address + path, body), bodies))


def slowloris_phase(address, connections, seconds):
    host, port = address.removeprefix("http://").split(":")
    sockets = []
    for index in range(connections):
        connection = socket.create_connection((host, int(port)), timeout=5)
        connection.sendall(b"POST /v1/text HTTP/1.1\r\nHost: x\r\n" if index % 2 else
                           b"POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
        sockets.append(connection)
    closed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and sockets:
        time.sleep(1)
        for connection in list(sockets):
            try:
                connection.sendall(b"x")
            except OSError:
                closed += 1
                sockets.remove(connection)
                connection.close()
    for connection in sockets:
        connection.close()
    return collections.Counter({"closed by the server": closed, "still open": len(sockets)})


def connections_phase(address, count):
    with concurrent.futures.ThreadPoolExecutor(100) as pool:
        return collections.Counter(pool.map(lambda _: call(address + "/health", timeout=30), range(count)))


def wide_word_phase(address):
    kana = "あいうえお" * (262_144 // 15)  # 3 bytes a character: the 256 KiB limit
    bodies = [json.dumps({"text": "b" * 262_144, "size": 15, "width": 0.001, "line_break": mode})
              for mode in ("strict", "normal", "loose", "phrase", "auto", "anywhere")]
    bodies.append(json.dumps({"text": kana, "size": 15, "width": 0.001, "line_break": "phrase", "language": "ja"}))
    return run_bodies(address, "/v1/text", bodies, threads=2)


def soak_phase(address, seconds):
    titles = [line.split(",")[1] for line in (ROOT / "Catalogs" / "aozora-bunko.csv").read_text().splitlines()[1:2000]]
    end = time.monotonic() + seconds
    counts = collections.Counter()
    modes, profiles = ["strict", "normal", "loose", "phrase", "auto", "anywhere"], ["uikit", "pango", "browser"]

    def worker(seed):
        generator = random.Random(seed)
        while time.monotonic() < end:
            kind = generator.randrange(6)
            if kind == 3:
                status = call(address + "/v1/text", json.dumps(
                    [{"text": generator.choice(titles), "size": generator.uniform(5, 40), "width": generator.uniform(1, 300),
                      "language": generator.choice(["ja", "en", f"x-{generator.getrandbits(32):x}"]),
                      "line_break": generator.choice(modes), "profile": generator.choice(profiles)} for _ in range(20)]))
            elif kind == 4:
                status = call(address + "/health", method="HEAD")
            elif kind == 5:
                status = call(address + f"/v1/no-such-route-{generator.getrandbits(16)}")
            elif kind == 0:
                status = call(address + "/v1/text", json.dumps(
                    [{"text": generator.choice(titles), "size": 15, "width": 127} for _ in range(20)]))
            elif kind == 1:
                status = call(address + "/v1/cards", json.dumps(
                    {"records": [{"id": n, "title": generator.choice(titles), "author": "x"} for n in range(20)],
                     "item_width": 127}))
            else:
                status = call(address + "/v1/layout", json.dumps(
                    {"kind": "waterfall", "heights": [generator.uniform(100, 300) for _ in range(500)]}))
            counts[status] += 1

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(worker, range(4)))
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--soak-seconds", type=float, default=0)
    arguments = parser.parse_args()
    binary = arguments.binary
    if binary is None:
        subprocess.run([str(ROOT / "scripts" / "build-release.sh"), "cardsize-serve"], check=True)
        binary = str(ROOT / ".build" / "release" / "cardsize-serve")
    server = subprocess.Popen([binary, "--port", "0", "--log-level", "warning", "--read-time-limit", "5"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = server.stdout.readline().split()[-1]
    watch = Watch(address, server.pid)
    time.sleep(1)
    start_memory = watch.rss_mb()
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        fifo = Path(directory) / "fifo"
        os.mkfifo(fifo)
        count = int(10_000 * arguments.scale)
        loris = max(20, int(200 * arguments.scale))
        connections = max(50, int(1000 * arguments.scale))
        phases = [("fonts (names, paths, a FIFO)", lambda: fonts_phase(address, count, fifo)),
                  ("sizes and languages", lambda: styles_phase(address, count)),
                  (f"slowloris ({loris} connections)",
                   lambda: slowloris_phase(address, loris, 15 if arguments.scale >= 1 else 7)),
                  (f"{connections:,} connections at once", lambda: connections_phase(address, connections)),
                  ("256 KiB over-wide words, 7 modes, 2 at once", lambda: wide_word_phase(address))]
        if arguments.soak_seconds:
            phases.append((f"soak ({arguments.soak_seconds:g} s)", lambda: soak_phase(address, arguments.soak_seconds)))
        all_counts = collections.Counter()
        all_latencies = []
        for name, phase in phases:
            phase_start = time.monotonic()
            soak_memory_start = len(watch.memory)
            counts = phase()
            latencies = watch.take()
            all_counts.update(counts)
            all_latencies += latencies
            rows.append((name, sum(counts.values()), ", ".join(f"{key}: {value}" for key, value in sorted(
                counts.items(), key=str)), time.monotonic() - phase_start, percentile(latencies, 0.5),
                percentile(latencies, 0.99), latencies[-1] if latencies else float("nan"), watch.rss_mb()))
    soak_memory = watch.memory[soak_memory_start:] if arguments.soak_seconds else []
    watch.stopped.set()
    watch.thread.join()
    server.terminate()
    status = server.wait(timeout=60)
    print("| phase | requests | answers | seconds | health p50 ms | p99 ms | max ms | RSS MB |")
    print("|---|--:|---|--:|--:|--:|--:|--:|")
    for name, requests, answers, seconds, p50, p99, worst, memory in rows:
        print(f"| {name} | {requests:,} | {answers} | {seconds:.1f} | {p50:.1f} | {p99:.1f} | {worst:.1f} | {memory:.0f} |")
    print(f"\nRSS: {start_memory:.0f} MB at start, {max(watch.memory):.0f} MB at peak, "
          f"{watch.memory[-1]:.0f} MB at the end; exit status after SIGTERM: {status}")
    unanswered = sum(1 for latency in all_latencies if latency == float("inf"))
    slowest = max((latency for latency in all_latencies if latency != float("inf")), default=0)
    print(f"health checks: {len(all_latencies):,}, unanswered {unanswered}, slowest {slowest:.1f} ms "
          f"(goal: none unanswered, none over 100 ms)")
    if len(soak_memory) >= 5:
        warm = soak_memory[len(soak_memory) // 5]
        peak, end = max(soak_memory[len(soak_memory) // 5:]), soak_memory[-1]
        print(f"soak RSS: {soak_memory[0]:.0f} MB at its start, {warm:.0f} MB after warm-up (its first fifth), "
              f"{peak:.0f} MB peak after it ({(peak / warm - 1) * 100:+.1f}%), {end:.0f} MB at its end "
              f"({(end / warm - 1) * 100:+.1f}%; goal: within ±10%)")
    failed = unanswered or all_counts["no answer"] or all_counts[500] or status != 0
    print("failed: a request or health check unanswered, a 500, or an unclean exit" if failed else "no failures")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
