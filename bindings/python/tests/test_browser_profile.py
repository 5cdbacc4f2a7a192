"""The browser profile against headless Chromium: `cardsize text --jsonl --profile browser`
and Tools/chromium-reference lay out the same requests, and must agree.

Two kinds of cases. Each mechanism Blink decides by (its pair table, breaks after space runs,
the one-layout-unit allowance, reshaped line ends, CSS line boxes with fallback fonts,
collapsible white space, letter spacing, line clamps) has requests that turn on it, and those
must agree exactly. A sample of the bundled catalogs' real titles, Japanese, English and the
two together, at random sizes and widths with the card's CSS and with every property
initial, must agree on line starts and heights but for the differences docs/profiles.md
lists (CJK punctuation spacing, `text-spacing-trim`, which the profile does not model)."""
import csv
import json
import random
import shutil
import subprocess
import sys

import pytest

DEJAVU, NOTO, SYMBOLA = "Fonts/DejaVuSans.ttf", "Fonts/NotoSansCJK-Regular.ttc", "Fonts/Symbola_hint.ttf"
CHAIN = [DEJAVU, NOTO, SYMBOLA]
CARD = {"line_break": "strict", "overflow_wrap": "anywhere"}

MECHANISMS = [
    # Blink's Latin-1 pair table: no break after '/', a break after '-' only before a letter or
    # after a letter or digit before a digit.
    {"text": "Async I/O for Linux", "size": 16, "width": 60},
    {"text": "Editions 2015-2016 and -5 and ABCD-1234", "size": 16, "width": 80},
    {"text": "shoot-'em-up... and (more) [brackets]", "size": 15, "width": 70},
    # Breaks after a run of spaces, never before one; the run collapses to one space.
    {"text": "many     spaces   between    words", "size": 14, "width": 90},
    # One layout unit of allowance: the line is 180.015625 wide and fits 180.
    {"text": "日本語 (PC-98xx シリーズ)", "size": 23, "width": 180, "language": "ja", **CARD},
    # A line end shaped again without the kerning of the pair across the break.
    {"text": "文学について", "size": 16, "width": 80, "language": "ja"},
    {"text": "ついて", "size": 16, "width": 32, "language": "ja"},
    # Line boxes: DejaVu's 18 px grows to Noto's 21 px on lines with Japanese, at 15 px.
    {"text": "Hello 東京タワー and more words here", "size": 15, "width": 100, "language": "ja"},
    {"text": "Hello 東京タワー and more words here", "size": 15, "width": 100, "line_height": "1.33"},
    {"text": "Hello 東京タワー and more words here", "size": 15, "width": 100, "line_height": "20px"},
    # Kana shaped as one run: kerning between katakana and hiragana.
    {"text": "サーバーでバーで", "size": 14, "width": 60, "language": "ja"},
    # Over-long words: overflowing with overflow-wrap normal, broken with anywhere.
    {"text": "Supercalifragilisticexpialidocious words", "size": 16, "width": 80},
    {"text": "Supercalifragilisticexpialidocious words", "size": 16, "width": 80, "overflow_wrap": "anywhere"},
    {"text": "Supercalifragilisticexpialidocious words", "size": 16, "width": 80, "word_break": "break-all"},
    {"text": "日本語のテキスト日本語のテキスト", "size": 16, "width": 70, "language": "ja", "word_break": "keep-all"},
    {"text": "one two three four", "size": 16, "width": 40, "white_space": "nowrap"},
    {"text": "one\ntwo  three\n\nfour", "size": 16, "width": 200, "white_space": "pre-line"},
    {"text": "one two three four five", "size": 16, "width": 90, "letter_spacing": "1.5px"},
    {"text": "The Curious Incident of the Dog in the Night-Time", "size": 16, "width": 100, "line_clamp": 2},
    {"text": "特殊部落ということについて", "size": 12, "width": 60, "language": "ja", "line_clamp": 1},
    {"text": "An Astronomer's Tale", "size": 32, "width": 40, "line_clamp": 1},
]


def chromium_available():
    if not any(shutil.which(name) for name in ("chromium", "chromium-browser")):
        pytest.fail("no chromium on PATH (scripts/install-deps.sh test installs Debian's chromium)")


def run_jsonl(command, root, requests):
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests)
    done = subprocess.run(command, cwd=root, input=lines, capture_output=True, text=True, timeout=300)
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(requests), done.stderr[-2000:]
    return results


def both(cardsize_binary, root, requests):
    chromium_available()
    harness = [sys.executable, str(root / "Tools" / "chromium-reference" / "chromium-reference.py")]
    return (run_jsonl(harness, root, requests),
            run_jsonl([cardsize_binary, "text", "--jsonl", "--profile", "browser"], root, requests))


def lines_of(request, result):
    starts = result.get("starts") or []
    text = request["text"]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [None])]


def test_each_mechanism_agrees_exactly(cardsize_binary, root):
    requests = [{"id": i, "fonts": CHAIN, **case} for i, case in enumerate(MECHANISMS)]
    chromium, engine = both(cardsize_binary, root, requests)
    differences = []
    for request, theirs, ours in zip(requests, chromium, engine):
        assert "error" not in theirs, theirs
        assert "error" not in ours, ours
        same = (theirs["starts"] == ours["starts"] and theirs["height"] == ours["height"]
                and theirs["truncated"] == ours["truncated"])
        if not same:
            differences.append(f"{request}\n  chromium {lines_of(request, theirs)} {theirs['height']}"
                               f"\n  engine   {lines_of(request, ours)} {ours['height']}")
    assert not differences, "\n".join(differences)


def catalog_titles(root, name):
    with open(root / "Catalogs" / name, newline="", encoding="utf-8-sig") as f:
        return sorted({row["title"].strip() for row in csv.DictReader(f) if row["title"].strip()})


@pytest.mark.parametrize("css", [CARD, {}], ids=["card", "initial"])
def test_catalog_titles_agree(cardsize_binary, root, css):
    japanese = catalog_titles(root, "aozora-bunko.csv")
    english = catalog_titles(root, "goodbooks-10k.csv")
    rng = random.Random(41)
    requests = []
    for i in range(600):
        kind = i % 3
        text = (rng.choice(japanese) if kind == 0 else rng.choice(english) if kind == 1
                else f"{rng.choice(japanese)} {rng.choice(english)}")
        requests.append({"id": i, "text": text, "fonts": CHAIN, "size": rng.randint(10, 32),
                         "width": rng.randint(40, 600), "language": "en" if kind == 1 else "ja", **css})
    chromium, engine = both(cardsize_binary, root, requests)
    same_starts = same_heights = lines = close_widths = 0
    differences = []
    for request, theirs, ours in zip(requests, chromium, engine):
        assert "error" not in ours, ours
        starts, heights = theirs["starts"] == ours["starts"], theirs["height"] == ours["height"]
        same_starts += starts
        same_heights += heights
        if starts:
            pairs = list(zip(theirs["widths"], ours["widths"]))
            lines += len(pairs)
            close_widths += sum(abs(a - b) <= 1 / 64 + 1e-9 for a, b in pairs)
        else:
            differences.append(f"{lines_of(request, theirs)} / {lines_of(request, ours)}")
    # Measured: 598 (card) and 600 (initial) of 600 line starts; the misses are CJK punctuation
    # spacing and a word broken inside with overflow-wrap (docs/profiles.md).
    assert same_starts >= 594, "\n".join(differences[:20])
    assert same_heights >= 594
    assert close_widths >= 0.985 * lines


def test_python_measures_as_the_command_line(cardsize_binary, root):
    """The Python keywords are the request fields: the same lines, widths and heights."""
    from cardsize import TextMeasurer

    css = {"line_height": "1.5", "overflow_wrap": "anywhere", "letter_spacing": "0.5px", "white_space": "pre-line"}
    text = "吾輩は猫である。\nThe Cat (Natsume Sōseki) and Other Stories"
    request = {"id": 1, "text": text, "fonts": CHAIN, "size": 16, "language": "ja", "width": 90, "line_clamp": 4, **css}
    [cli] = run_jsonl([cardsize_binary, "text", "--jsonl", "--profile", "browser"], root, [request])
    measurer = TextMeasurer(fonts=[str(root / font) for font in CHAIN], size=16, language="ja", profile="browser",
                            **css)
    lines = measurer.lines(text, 90, line_clamp=4)
    metrics = measurer.measure(text, 90, line_clamp=4)
    assert [line.start for line in lines] == cli["starts"]
    assert [line.width for line in lines] == cli["widths"]
    assert [line.height for line in lines] == cli["heights"]
    assert metrics.height == cli["height"] and metrics.truncated == cli["truncated"] is True
    with pytest.raises(Exception, match="white_space"):
        TextMeasurer(profile="browser", white_space="pre")
