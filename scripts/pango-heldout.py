#!/usr/bin/env python3
"""Agreement with Pango 1.50 on mixed Japanese-Latin text the engine was never tuned on.

The held-out set: the Japanese message catalogs Debian packages install
(/usr/share/locale/ja/LC_MESSAGES/*.mo), every translated line that mixes kana or kanji
with a Latin word, without printf directives, 5-80 characters; a fixed sample of them
(--cases, default 3000, seed 13) at sizes 10-24 px and widths 60-400 px with the bundled
Latin-primary chain and lang ja. Both sides measure the same requests with the same font
files (Tools/pango-reference and `cardsize text --jsonl --profile pango`); the script prints
how many agree on every line start and on the height (within 0.01 px), and the first
differences.

    scripts/pango-heldout.py [--cases N] [--show N]
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


def mixed_lines():
    lines = set()
    for path in sorted(glob.glob("/usr/share/locale/ja/LC_MESSAGES/*.mo")):
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except (OSError, UnicodeDecodeError):
            continue
        for value in catalog.values():
            if not isinstance(value, str):
                continue
            for line in value.split("\n"):
                line = line.strip()
                if (5 <= len(line) <= 80 and "%" not in line and "\t" not in line
                        and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line) and re.search(r"[A-Za-z]{2,}", line)):
                    lines.add(line)
    return sorted(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--show", type=int, default=10, help="differences to print")
    args = parser.parse_args()
    lines = mixed_lines()
    if len(lines) < args.cases:
        sys.exit(f"only {len(lines)} mixed lines in /usr/share/locale/ja: install packages with Japanese messages")
    random.seed(13)
    sample = random.sample(lines, args.cases)
    requests = [{"id": i, "text": text, "size": [10, 12, 14, 16, 18, 20, 24][i % 7],
                 "width": [60, 90, 120, 160, 200, 280, 400][(i * 3) % 7], "lang": "ja", "fonts": CHAIN}
                for i, text in enumerate(sample)]
    subprocess.run(["make", "-s", "-C", "Tools/pango-reference"], cwd=ROOT, check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "cardsize"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests))
    try:
        def run(command):
            with open(f.name, "rb") as stdin:
                out = subprocess.run(command, cwd=ROOT, stdin=stdin, capture_output=True, check=False).stdout
            return [json.loads(line) for line in out.decode().splitlines()]
        pango = run(["Tools/pango-reference/pango-reference"])
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
    print(f"{len(lines)} mixed lines found; {args.cases} cases: identical line starts and heights in {agree} "
          f"({100 * agree / args.cases:.2f}%)")


if __name__ == "__main__":
    main()
