#!/usr/bin/env python3
"""Agreement with headless Chromium on held-out real text, and sweeps of the CSS properties.

Held-out mode (the default): --cases requests (default 3000, --seed 13) drawn evenly from
three kinds of real text, none of which the engine was tuned on:
  Japanese  titles of the Aozora Bunko catalog (Catalogs/aozora-bunko.csv), lang ja;
  English   titles of the goodbooks catalog (Catalogs/goodbooks-10k.csv, long ones included)
            and the English source lines of Debian's Japanese message catalogs, lang en;
  mixed     the translated lines of those catalogs that mix kana or kanji with a Latin word
            (/usr/share/locale/ja/LC_MESSAGES/*.mo, as scripts/pango-heldout.py reads them), lang ja;
at sizes of 10-32 px and widths of 40-600 px, with the bundled chain (DejaVu Sans, Noto Sans
CJK JP, Symbola) and the CSS of --css: `card` (line_break strict, overflow_wrap anywhere, as a
card's title is styled), `initial` (no CSS field: every property at its initial value), `all`
(both, one after the other) or fields of your own (`line_break=loose,letter_spacing=1px`).

Sweep mode (--sweep), in the manner of pretext's accuracy sweep: 4 font chains x 8 sizes x 8
widths x 30 texts (7,680 cases) with every property at its initial value, then each CSS
property at each of its values on 512 of those cases (the others initial): 20,480 cases.

Both sides get the same requests: Tools/chromium-reference/chromium-reference.py and
`cardsize text --jsonl --profile P` (a field the profile does not know is ignored). The table
gives, per kind of text or per property value, the share of cases with identical line starts,
with identical heights (exactly), and of the lines of the cases whose starts agree, the share
whose widths agree within 1/64 px; then the first --show differences.

    scripts/chromium-heldout.py [--profile browser] [--css card|initial|all|K=V,...]
                                [--cases 3000] [--sizes 10-32] [--widths 40-600] [--seed 13]
                                [--show 10] [--save DIR]
    scripts/chromium-heldout.py --sweep [--profile browser] [--seed 13] [--show 10] [--save DIR]
"""
import argparse
import csv
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, "Tools", "chromium-reference", "chromium-reference.py")
DEJAVU, NOTO, SYMBOLA = "Fonts/DejaVuSans.ttf", "Fonts/NotoSansCJK-Regular.ttc", "Fonts/Symbola_hint.ttf"
CHAIN = [DEJAVU, NOTO, SYMBOLA]
SWEEP_CHAINS = [CHAIN, [NOTO, DEJAVU, SYMBOLA], [NOTO], [DEJAVU, NOTO]]
SWEEP_SIZES = [10, 12, 13, 14, 16, 18, 24, 32]
SWEEP_WIDTHS = [40, 60, 90, 120, 160, 240, 360, 600]
PRESETS = {"card": {"line_break": "strict", "overflow_wrap": "anywhere"}, "initial": {}}
# Each property's values, its initial value first.
PROPERTY_VALUES = {
    "line_height": ["normal", "1", "1.5", "20px"],
    "white_space": ["normal", "pre-wrap", "pre-line", "nowrap"],
    "word_break": ["normal", "break-all", "keep-all"],
    "overflow_wrap": ["normal", "anywhere", "break-word"],
    "line_break": ["auto", "loose", "normal", "strict", "anywhere"],
    "letter_spacing": ["normal", "1.5px", "-0.5px"],
    "line_clamp": [1, 2, 3],
}
CASES_PER_VALUE = 512
ONE_64TH = 1 / 64


def message_catalog_lines(english):
    """Debian's message catalog lines as scripts/pango-heldout.py draws them."""
    spec = importlib.util.spec_from_file_location("pango_heldout", os.path.join(ROOT, "scripts", "pango-heldout.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.catalog_lines(english=english)


def catalog_titles(name):
    with open(os.path.join(ROOT, "Catalogs", name), newline="", encoding="utf-8-sig") as f:
        return sorted({row["title"].strip() for row in csv.DictReader(f) if row["title"].strip()})


def text_pools():
    """The real text of each kind (sorted lists), and the language each is laid out in."""
    mixed = message_catalog_lines(english=False)
    if not mixed:
        sys.exit("no Japanese message catalogs in /usr/share/locale/ja: install packages with Japanese messages")
    pools = {
        "Japanese": catalog_titles("aozora-bunko.csv"),
        "English": sorted(set(catalog_titles("goodbooks-10k.csv")) | set(message_catalog_lines(english=True))),
        "mixed": mixed,
    }
    return pools, {"Japanese": "ja", "English": "en", "mixed": "ja"}


def parse_css(spec):
    """The CSS fields of a --css value: a preset's or K=V pairs."""
    if spec in PRESETS:
        return dict(PRESETS[spec])
    fields = {}
    for pair in filter(None, spec.split(",")):
        key, _, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if key not in PROPERTY_VALUES or not value:
            sys.exit(f"--css: {pair!r} is not PROPERTY=VALUE for one of {', '.join(PROPERTY_VALUES)}")
        fields[key] = int(value) if key == "line_clamp" else value.strip()
    return fields


def describe_css(fields):
    return ", ".join(f"{k}: {v}" for k, v in fields.items()) or "every property initial"


def span(text):
    """A --sizes or --widths range, `A-B` (whole px, both included)."""
    low, _, high = text.partition("-")
    try:
        low, high = int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not A-B") from None
    if not 0 < low <= high:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range of positive whole px")
    return low, high


def heldout_cases(count, seed, css, sizes=(10, 32), widths=(40, 600)):
    """(row, request) pairs: `count` requests drawn evenly from the three kinds of text."""
    pools, langs = text_pools()
    rng = random.Random(seed)
    kinds = list(pools)
    cases = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        request = {"id": i, "text": rng.choice(pools[kind]), "fonts": CHAIN, "size": rng.randint(*sizes),
                   "width": rng.randint(*widths), "language": langs[kind], **css}
        cases.append((kind, request))
    return cases


def sweep_texts(seed):
    """30 texts (text, lang): English and Japanese titles chosen to cover what breaks lines
    differently (slashes, hyphens between digits, apostrophes, long titles, kinsoku
    punctuation), mixed message lines, and four composed ones that exercise white space
    (a forced break, doubled spaces) and an astral character."""
    pools, _ = text_pools()
    rng = random.Random(seed)
    english, japanese = pools["English"], pools["Japanese"]

    def pick(pool, n, pattern=None, at_least=0):
        chosen = [t for t in pool if (pattern is None or re.search(pattern, t)) and len(t) >= at_least]
        return rng.sample(chosen, min(n, len(chosen)))

    texts = [(t, "en") for t in pick(english, 4) + pick(english, 2, at_least=68) + pick(english, 1, "/") +
             pick(english, 1, r"\d-\d") + pick(english, 1, r"\w'\w") + pick(english, 1, r"\.\.\.")]
    texts += [(t, "ja") for t in pick(japanese, 6) + pick(japanese, 2, "[「」、。・]") + pick(japanese, 2, at_least=26)]
    texts += [(t, "ja") for t in pick(pools["mixed"], 6)]
    en_a, en_b, ja_a, ja_b = pick(english, 2) + pick(japanese, 2)
    texts += [(f"{en_a}\n{en_b}", "en"), (f"{ja_a}\n\n{ja_b}", "ja"),
              (re.sub(" ", "  ", en_a, count=2) + "  ", "en"), (f"{ja_b} \U0001F408 {en_b}", "ja")]
    return texts


def sweep_cases(seed):
    """(row, request) pairs: the grid with every property initial, then each property value
    on CASES_PER_VALUE cases of the grid."""
    texts = sweep_texts(seed)
    grid = [{"text": text, "language": lang, "fonts": chain, "size": size, "width": width}
            for chain in SWEEP_CHAINS for size in SWEEP_SIZES for width in SWEEP_WIDTHS for text, lang in texts]
    cases = [("grid, every property initial", dict(request)) for request in grid]
    rng = random.Random(seed)
    for prop, values in PROPERTY_VALUES.items():
        for value in values:
            for request in rng.sample(grid, CASES_PER_VALUE):
                cases.append((f"{prop}: {value}", {**request, prop: value}))
    for i, (_, request) in enumerate(cases):
        request["id"] = i
    return cases


def run_jsonl(command, requests):
    """One result per request, from a JSON Lines program run from the repository root."""
    with tempfile.TemporaryFile("w+b") as stdin:
        stdin.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests).encode())
        stdin.seek(0)
        done = subprocess.run(command, cwd=ROOT, stdin=stdin, capture_output=True, check=False)
    results = [json.loads(line) for line in done.stdout.decode().splitlines()]
    if len(results) != len(requests):
        sys.exit(f"{command[0]}: {len(results)} results for {len(requests)} requests\n{done.stderr.decode()[-2000:]}")
    return results


class Row:
    def __init__(self):
        self.cases = self.engine_errors = self.chromium_errors = 0
        self.same_starts = self.same_heights = self.lines = self.same_widths = 0

    def add(self, chromium, engine):
        self.cases += 1
        if "error" in chromium:
            self.chromium_errors += 1
            return None
        if "error" in engine:
            self.engine_errors += 1
            return "error"
        starts = chromium["starts"] == engine.get("starts")
        heights = chromium["height"] == engine.get("height")
        self.same_starts += starts
        self.same_heights += heights
        if starts:
            pairs = list(zip(chromium["widths"], engine.get("widths") or []))
            self.lines += len(pairs)
            self.same_widths += sum(abs(c - e) <= ONE_64TH + 1e-9 for c, e in pairs)
        return None if starts and heights else ("starts" if not starts else "height")

    def cells(self):
        measured = self.cases - self.chromium_errors
        share = lambda n, of: f"{100 * n / of:.1f}%" if of else "-"
        return [str(self.cases), str(self.engine_errors), share(self.same_starts, measured),
                share(self.same_heights, measured), f"{share(self.same_widths, self.lines)} of {self.lines}"]


def split_lines(text, starts):
    points = list(text)
    return ["".join(points[a:b]) for a, b in zip(starts, starts[1:] + [len(points)])]


def describe(request, chromium, engine):
    fonts = "+".join(os.path.basename(f).split("-")[0].split("_")[0].removesuffix(".ttf") for f in request["fonts"])
    css = {k: request[k] for k in PROPERTY_VALUES if k in request}
    head = f"{request['size']} px, width {request['width']}, {fonts}, lang {request['language']}"
    head += f", {describe_css(css)}" if css else ""
    if "error" in engine:
        return f"{head}\n    engine error: {engine['error']}"
    return (f"{head}\n    chromium {split_lines(request['text'], chromium['starts'])} height {chromium['height']}"
            f" widths {chromium['widths']}\n    engine   {split_lines(request['text'], engine['starts'])} "
            f"height {engine['height']} widths {engine.get('widths')}")


def compare(title, cases, chromium, engine, show):
    rows = defaultdict(Row)
    shown = defaultdict(list)
    for (row, request), theirs, ours in zip(cases, chromium, engine):
        kind = rows[row].add(theirs, ours)
        if kind and len(shown[kind]) < show:
            shown[kind].append(f"[{row}] {describe(request, theirs, ours)}")
    print(f"\n{title}\n")
    header = ["cases", "engine errors", "identical line starts", "identical heights", "line widths within 1/64 px"]
    print("| | " + " | ".join(header) + " |")
    print("|---|" + "---|" * len(header))
    total = Row()
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(row.cells()) + " |")
        for field in vars(total):
            setattr(total, field, getattr(total, field) + getattr(row, field))
    if len(rows) > 1:
        print("| all | " + " | ".join(total.cells()) + " |")
    if total.chromium_errors:
        print(f"\n{total.chromium_errors} requests failed in Chromium (see --save)")
    for kind, heading in (("starts", "line starts differ"), ("height", "same line starts, heights differ"),
                          ("error", "the engine failed")):
        if shown[kind]:
            print(f"\nfirst {len(shown[kind])} cases where {heading}:")
            print("\n".join(shown[kind]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--profile", default="browser", help="the engine's profile (default browser)")
    parser.add_argument("--css", default="card", help="card, initial, all, or PROPERTY=VALUE,... (held-out mode)")
    parser.add_argument("--cases", type=int, default=3000, help="held-out requests (default 3000)")
    parser.add_argument("--sizes", type=span, default=(10, 32), help="held-out sizes, A-B px (default 10-32)")
    parser.add_argument("--widths", type=span, default=(40, 600), help="held-out widths, A-B px (default 40-600)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--show", type=int, default=10, help="differences of each kind to print")
    parser.add_argument("--sweep", action="store_true", help="fonts x sizes x widths x texts, each property at each value")
    parser.add_argument("--cardsize", default=os.environ.get("CARDSIZE_BINARY") or os.path.join(ROOT, ".build", "release", "cardsize"),
                        help="the engine binary (default .build/release/cardsize, or $CARDSIZE_BINARY)")
    parser.add_argument("--save", metavar="DIR", help="write the requests and both sides' results here")
    args = parser.parse_args()
    if not os.access(args.cardsize, os.X_OK):
        sys.exit(f"no engine binary at {args.cardsize}: build it with scripts/build-release.sh cardsize")
    if args.sweep:
        runs = [(f"sweep: {len(SWEEP_CHAINS)} font chains x {len(SWEEP_SIZES)} sizes x {len(SWEEP_WIDTHS)} widths x 30 "
                 f"texts, then each property value on {CASES_PER_VALUE} of them; profile {args.profile}", "sweep",
                 sweep_cases(args.seed))]
    else:
        specs = ["card", "initial"] if args.css == "all" else [args.css]
        runs = [(f"held-out: {args.cases} cases, seed {args.seed}, sizes {args.sizes[0]}-{args.sizes[1]} px, widths "
                 f"{args.widths[0]}-{args.widths[1]} px, bundled chain; {describe_css(parse_css(spec))}; profile "
                 f"{args.profile}", spec.replace("=", "-").replace(",", "_"),
                 heldout_cases(args.cases, args.seed, parse_css(spec), args.sizes, args.widths)) for spec in specs]
    for title, name, cases in runs:
        requests = [request for _, request in cases]
        chromium = run_jsonl([sys.executable, HARNESS], requests)
        engine = run_jsonl([args.cardsize, "text", "--jsonl", "--profile", args.profile], requests)
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            for suffix, records in (("requests", requests), ("chromium", chromium), ("engine", engine)):
                with open(os.path.join(args.save, f"{name}-{suffix}.jsonl"), "w", encoding="utf-8") as f:
                    f.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        compare(title, cases, chromium, engine, args.show)


if __name__ == "__main__":
    main()
