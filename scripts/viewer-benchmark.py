#!/usr/bin/env python3
"""The viewer of two cardsize-serve builds side by side: the same answers byte for byte, then
memory and the time to listen on a generated catalog.

Usage: scripts/viewer-benchmark.py BASELINE_SERVE NEW_SERVE [--cardsize CARDSIZE] [--records 1000000]
                                   [--runs 3] [--catalog PATH] [--no-compare] [--no-measure]

Compare: each server is started on the bundled catalogs and on goodbooks with a record in 97
failing (every layout kind; waterfalls in sections with headers and footers), and on the
generated one (a waterfall on an iPhone 13, as scripts/load-test.py starts it), and asked the
same requests: the layout's description on three screens, the elements in and pictures of
random rects all over it, items, ids found (and one that is not), bad queries. Status,
content type and body must be the same bytes, but for what differs between two runs of one
build (the summary's speed, peak memory and caches' hits and entries).

Measure: the generated catalog (`cardsize generate --records N --mode realistic`, made with
CARDSIZE, by default the `cardsize` beside NEW_SERVE) served by each build in turn, RUNS times
each, interleaved: seconds from the start to the "listening on" line on stdout and the CPU
time used by then (user and system, which other load on the machine leaves alone), resident
memory then and 5 s later (VmRSS, settled) and its peak (VmHWM). Prints medians and each
run, and a Markdown table for docs/performance.md.
"""
import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WATERFALL = ["--layout", "waterfall", "--device", "iphone-13"]


def memory_kb(pid):
    """VmRSS and VmHWM of a process, in kB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]


def cpu_seconds(pid):
    """User and system CPU time a process has used, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    """A cardsize-serve on a free port, from its start to its "listening on" line."""

    def __init__(self, binary, catalog, layout):
        started = time.monotonic()
        self.process = subprocess.Popen([str(binary), "--port", "0", "--log-level", "warning", str(catalog), *layout],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        self.seconds = time.monotonic() - started
        if not line.startswith("listening on "):
            raise SystemExit(f"{binary} did not start on {catalog}: {line!r}")
        self.url = line.split()[-1]

    def get(self, path):
        """Status, content type and body of GET `path`."""
        try:
            with urllib.request.urlopen(self.url + path, timeout=120) as response:
                return response.status, response.headers.get("Content-Type"), response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type"), error.read()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def comparable(answer):
    """An answer with what differs between any two runs of one build masked: the summary's
    speed and peak memory, and the caches' hits and entries (which thread measured a
    card first decides it)."""
    status, content_type, body = answer
    description = json.loads(body) if content_type == "application/json" else None
    if isinstance(description, dict) and "summary" in description:
        description["summary"] = [re.sub(r"\d[\d.]* (cards/s|MB)|\d[\d.]*% hits|\(\d+ held\)", "…", line)
                                  for line in description["summary"]]
        body = json.dumps(description).encode()
    return status, content_type, body


def requests(server, rng, samples):
    """The paths asked of both servers: found from the first server's own answers."""
    paths = ["/v1/catalog", "/v1/catalog?screen=iphone-se", "/v1/catalog?screen=600", "/v1/catalog?screen=nope",
             "/v1/catalog/elements?x=0&y=0&width=0&height=10", "/v1/catalog/items/-1", "/v1/catalog/find?id=",
             "/v1/catalog/find?id=no-such-id", "/v1/catalog/elements?x=0&y=0&width=5000&height=10"]
    description = json.loads(server.get("/v1/catalog")[2])
    width, height = description["content"]["width"], description["content"]["height"]
    elements = description["elements"]
    paths.append(f"/v1/catalog/items/{elements}")
    ids = []
    for number in range(samples):
        y = rng.uniform(-100, max(height - 200, 0))
        rect = f"x={rng.uniform(-20, width / 2):.3f}&y={y:.3f}&width={rng.uniform(1, width):.3f}&height={rng.uniform(1, 1500):.3f}"
        paths.append(f"/v1/catalog/elements?{rect}")
        found = json.loads(server.get(paths[-1])[2])["elements"]
        ids += [element["id"] for element in found if "id" in element]
        if number % 4 == 0:
            paths.append(f"/v1/catalog/viewport.svg?{rect}" + ("&debug=1" if number % 8 == 0 else ""))
        if number % 8 == 4:
            paths.append(f"/v1/catalog/viewport.html?{rect}")
        if found:
            paths.append(f"/v1/catalog/items/{rng.choice(found)['index']}")
        paths.append(f"/v1/catalog/items/{rng.randrange(max(elements, 1))}")
        if number % 16 == 0:
            paths.append(f"/v1/catalog/elements?{rect}&screen=iphone-se")
    for element_id in rng.sample(ids, min(len(ids), samples)):
        paths.append("/v1/catalog/find?" + urllib.parse.urlencode({"id": element_id}))
    return paths


def compare(baseline, candidate, catalogs, samples):
    """Starts both builds on each catalog and layout; returns how many answers differ."""
    differing = 0
    for catalog, layout in catalogs:
        servers = [Server(baseline, catalog, layout), Server(candidate, catalog, layout)]
        try:
            paths = requests(servers[0], random.Random(44), samples)
            for path in paths:
                answers = [comparable(server.get(path)) for server in servers]
                if answers[0] != answers[1]:
                    differing += 1
                    print(f"DIFFERENT {Path(catalog).name} {' '.join(layout)} {path}: "
                          f"{answers[0][0]} {len(answers[0][2])} bytes vs {answers[1][0]} {len(answers[1][2])} bytes")
            print(f"compared {len(paths)} answers: {Path(catalog).name} {' '.join(layout)}", flush=True)
        finally:
            for server in servers:
                server.stop()
    return differing


def measure(binaries, catalog, runs):
    """Each build started `runs` times on `catalog`, interleaved: its measurements per run."""
    results = {name: [] for name in binaries}
    for run in range(runs):
        order = list(binaries.items()) if run % 2 == 0 else list(reversed(binaries.items()))
        for name, binary in order:
            server = Server(binary, catalog, WATERFALL)
            try:
                rss, peak = memory_kb(server.process.pid)
                cpu = cpu_seconds(server.process.pid)
                time.sleep(5)
                settled, peak = memory_kb(server.process.pid)
                results[name].append({"listening_s": server.seconds, "cpu_s": cpu, "rss_at_listening_mb": rss / 1024,
                                      "rss_settled_mb": settled / 1024, "peak_mb": peak / 1024})
                print(f"run {run + 1} {name}: {json.dumps(results[name][-1])}", flush=True)
            finally:
                server.stop()
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline")
    parser.add_argument("new")
    parser.add_argument("--cardsize", help="the cardsize that generates the catalog (default: beside NEW)")
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--samples", type=int, default=60, help="random rects asked per catalog when comparing")
    parser.add_argument("--catalog", help="a generated catalog to use instead of making one")
    parser.add_argument("--no-compare", action="store_true")
    parser.add_argument("--no-measure", action="store_true")
    args = parser.parse_args()
    binaries = {"baseline": Path(args.baseline).resolve(), "new": Path(args.new).resolve()}
    with tempfile.TemporaryDirectory() as work:
        catalog = args.catalog
        if catalog is None:
            catalog = Path(work) / "catalog.csv"
            cardsize = args.cardsize or binaries["new"].parent / "cardsize"
            subprocess.run([str(cardsize), "generate", "--records", str(args.records), "--mode", "realistic",
                            "--output", str(catalog)], check=True, capture_output=True)
        differing = 0
        if not args.no_compare:
            bundled = [ROOT / "Catalogs" / name for name in ("goodbooks-10k.csv", "aozora-bunko.csv")]
            # Goodbooks with a record in 97 without an id: error records among the items.
            lines = (ROOT / "Catalogs" / "goodbooks-10k.csv").read_text(encoding="utf-8").splitlines(keepends=True)
            failing = Path(work) / "failing.csv"
            failing.write_text("".join(line if number % 97 != 5 else "," + line.split(",", 1)[1]
                                       for number, line in enumerate(lines)), encoding="utf-8")
            bundled.append(failing)
            layouts = [WATERFALL, ["--layout", "waterfall", "--columns", "3", "--section-size", "500", "--header-height", "40", "--footer-height", "12"],
                       ["--layout", "grid", "--device", "ipad-mini"], ["--layout", "tag-flow"],
                       ["--layout", "compositional"], ["--layout", "compositional", "--preset", "insta"]]
            cases = [(path, layout) for path in bundled for layout in layouts] + [(catalog, WATERFALL)]
            differing = compare(binaries["baseline"], binaries["new"], cases, args.samples)
            print(f"answers that differ: {differing}")
        if not args.no_measure:
            results = measure(binaries, catalog, args.runs)
            keys = ["listening_s", "cpu_s", "rss_at_listening_mb", "rss_settled_mb", "peak_mb"]
            medians = {name: {key: statistics.median(run[key] for run in runs) for key in keys}
                       for name, runs in results.items()}
            print(f"\n{args.records:,} cards, {WATERFALL}, medians of {args.runs} runs each, interleaved:\n")
            print("| build | to listening | CPU to listening | resident at listening | resident 5 s later | peak resident |")
            print("|---|--:|--:|--:|--:|--:|")
            for name, values in medians.items():
                print(f"| {name} | {values['listening_s']:.2f} s | {values['cpu_s']:.2f} s | {values['rss_at_listening_mb']:.0f} MB "
                      f"| {values['rss_settled_mb']:.0f} MB | {values['peak_mb']:.0f} MB |")
            ratio = medians["new"]["listening_s"] / medians["baseline"]["listening_s"]
            print(f"\nnew / baseline: time to listening {ratio:.2f}x, "
                  f"CPU {medians['new']['cpu_s'] / medians['baseline']['cpu_s']:.2f}x, resident "
                  f"{medians['new']['rss_settled_mb'] / medians['baseline']['rss_settled_mb']:.2f}x, "
                  f"peak {medians['new']['peak_mb'] / medians['baseline']['peak_mb']:.2f}x")
        sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
