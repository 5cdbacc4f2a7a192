#!/usr/bin/env python3
"""Agreement with Pango 1.50 on mixed Japanese-Latin text the engine was never tuned on.

The held-out set: the Japanese message catalogs Debian packages install
(/usr/share/locale/ja/LC_MESSAGES/*.mo), every translated line that mixes kana or kanji
with a Latin word, without printf directives, 5-80 characters; a fixed sample of them
(--cases, default 3000, --seed 13) at sizes 10-24 px and widths 60-400 px with the bundled
Latin-primary chain and lang ja. Both sides measure the same requests with the same font
files (Tools/pango-reference and `cardsize text --jsonl --profile pango`); the script prints
how many agree on every line start and on the height (within 0.01 px), and the first
differences.

`--english` takes the same catalogs' English source lines instead (lang en, widths
40-160 px, so long words break between characters).

The sample at seed 13 is the set the Pango profile's rules were checked on while they were
written; `--fresh` draws another sample (seed 29) from the lines seed 13 did not take, which
nothing was ever tuned on.

Pango lays out each request in a font map of its own (the harness's `--isolated`): sharing
one, its result for a request can depend on the requests before it (a font instance made for
an earlier request is reused; 1 of these 3,000 changes its lines), so a shared run would
compare the engine with a moving reference. `--batch` shares one font map (fast).

    scripts/pango-heldout.py [--cases N] [--fresh] [--batch] [--show N]
"""
import argparse
import gettext
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHAIN = ["Fonts/DejaVuSans.ttf", "Fonts/NotoSansCJK-Regular.ttc", "Fonts/Symbola_hint.ttf"]


def catalog_lines(english=False):
    """The translated lines that mix kana or kanji with a Latin word; with `english`, the
    English source lines (the catalogs' keys) instead."""
    lines = set()
    for path in sorted(glob.glob("/usr/share/locale/ja/LC_MESSAGES/*.mo")):
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except (OSError, UnicodeDecodeError):
            continue
        for key, value in catalog.items():
            text = key[0] if isinstance(key, tuple) else key
            text = text.split("\x04")[-1] if english else value  # a key may start with a context and EOT
            if not isinstance(text, str):
                continue
            for line in text.split("\n"):
                line = line.strip()
                if not (5 <= len(line) <= 80 and "%" not in line and "\t" not in line):
                    continue
                if english and line.isascii() and re.search(r"[A-Za-z]{3,}", line):
                    lines.add(line)
                elif not english and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line) and re.search(r"[A-Za-z]{2,}", line):
                    lines.add(line)
    return sorted(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--show", type=int, default=10, help="differences to print")
    parser.add_argument("--fresh", action="store_true", help="a sample disjoint from the tuning set (seed 29)")
    parser.add_argument("--batch", action="store_true", help="one Pango font map for all requests")
    parser.add_argument("--english", action="store_true",
                        help="the catalogs' English source lines at narrow widths (40-160 px), lang en")
    args = parser.parse_args()
    lines = catalog_lines(english=args.english)
    if len(lines) < args.cases * (2 if args.fresh else 1):
        sys.exit(f"only {len(lines)} mixed lines in /usr/share/locale/ja: install packages with Japanese messages")
    random.seed(13)
    sample = random.sample(lines, args.cases)
    if args.fresh:
        tuned = set(sample)
        random.seed(29)
        sample = random.sample([line for line in lines if line not in tuned], args.cases)
    widths = [40, 60, 80, 100, 120, 140, 160] if args.english else [60, 90, 120, 160, 200, 280, 400]
    requests = [{"id": i, "text": text, "size": [10, 12, 14, 16, 18, 20, 24][i % 7],
                 "width": widths[(i * 3) % 7], "language": "en" if args.english else "ja", "fonts": CHAIN}
                for i, text in enumerate(sample)]
    subprocess.run(["make", "-s", "-C", "Tools/pango-reference"], cwd=ROOT, check=True)
    subprocess.run(["scripts/build-release.sh", "cardsize"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests))
    try:
        def run(command):
            with open(f.name, "rb") as stdin:
                out = subprocess.run(command, cwd=ROOT, stdin=stdin, capture_output=True, check=False).stdout
            return [json.loads(line) for line in out.decode().splitlines()]
        pango = run(["Tools/pango-reference/pango-reference"] + ([] if args.batch else ["--isolated"]))
        ours = run([".build/release/cardsize", "text", "--jsonl", "--profile", "pango"])
    finally:
        os.remove(f.name)
    agree = 0
    shown = 0
    for request, theirs, mine in zip(requests, pango, ours):
        if theirs.get("starts") == mine.get("starts") and abs(theirs.get("height", 0) - mine.get("height", 0)) <= 0.01:
            agree += 1
        elif shown < args.show:
            shown += 1
            text = request["text"]
            cut = lambda starts: [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]
            print(f"{request['size']} px, width {request['width']}: pango {cut(theirs['starts'])} ours {cut(mine['starts'])}")
    print(f"{len(lines)} {'English' if args.english else 'mixed'} lines found; {args.cases} cases: identical line starts and heights in {agree} "
          f"({100 * agree / args.cases:.2f}%)")


if __name__ == "__main__":
    main()
