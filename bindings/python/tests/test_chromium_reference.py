"""The Chromium reference harness (Tools/chromium-reference) against facts any browser must
show with the bundled fonts: one line for one word, a line after each forced break, line
heights that add up, nowrap, a line clamp, code point offsets past an astral character, line
widths equal to the same text's own width, and an error in place of each bad request."""
import json
import shutil
import subprocess
import sys

import pytest

DEJAVU, NOTO, SYMBOLA = "Fonts/DejaVuSans.ttf", "Fonts/NotoSansCJK-Regular.ttc", "Fonts/Symbola_hint.ttf"
LONG = "The Curious Incident of the Dog in the Night-Time and Other Stories of the Night"


def layout(root, requests):
    """The harness's results for `requests` (dicts, or raw lines as str), one per request."""
    if not any(shutil.which(name) for name in ("chromium", "chromium-browser")):
        pytest.fail("no chromium on PATH (scripts/install-deps.sh test installs Debian's chromium)")
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in requests]
    done = subprocess.run([sys.executable, str(root / "Tools" / "chromium-reference" / "chromium-reference.py")],
                          cwd=root, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
                          check=True)
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(lines), done.stderr
    return results


CASES = {
    "word": {"text": "Hello", "fonts": [DEJAVU], "size": 16, "width": 200},
    "forced": {"text": "one\ntwo\n\nthree", "fonts": [DEJAVU], "size": 16, "width": 200, "white_space": "pre-wrap"},
    "twenty": {"text": "one\ntwo", "fonts": [DEJAVU, NOTO], "size": 16, "white_space": "pre-line",
               "line_height": "20px"},
    "nowrap": {"text": LONG, "fonts": [DEJAVU], "size": 16, "width": 100, "white_space": "nowrap"},
    "wrapped": {"text": LONG, "fonts": [DEJAVU], "size": 16, "width": 100},
    "clamp": {"text": LONG, "fonts": [DEJAVU], "size": 16, "width": 100, "line_clamp": 2},
    "astral": {"text": "\U0001F408" * 8, "fonts": [DEJAVU, SYMBOLA], "size": 20, "width": 60},
    "mixed": {"text": "日本語のテキストと English words", "fonts": [DEJAVU, NOTO], "size": 15, "width": 90,
              "language": "ja", "line_break": "strict", "overflow_wrap": "anywhere"},
}


@pytest.fixture(scope="module")
def results(root):
    return dict(zip(CASES, layout(root, [{"id": name, **request} for name, request in CASES.items()])))


def test_one_word_is_one_line_of_whole_pixels_height(results):
    word = results["word"]
    assert (word["lines"], word["starts"], word["truncated"]) == (1, [0], False)
    # line-height: normal from DejaVu's ascent and descent, each rounded to whole px: 15 + 4.
    assert word["height"] == 19
    assert 0 < word["widths"][0] < 200


def test_forced_breaks_start_lines_after_each_newline(results):
    forced = results["forced"]
    assert forced["starts"] == [0, 4, 8, 9]  # "one\n", "two\n", the empty line, "three"
    assert forced["widths"][2] == 0
    assert forced["height"] == 4 * results["word"]["height"]


def test_two_lines_at_line_height_20px_are_40px_tall(results):
    assert results["twenty"]["lines"] == 2
    assert results["twenty"]["height"] == 40


def test_nowrap_keeps_one_line_wider_than_the_box(results):
    nowrap = results["nowrap"]
    assert (nowrap["lines"], nowrap["starts"]) == (1, [0])
    assert nowrap["widths"][0] > 100


def test_line_clamp_keeps_two_lines_and_says_truncated(results):
    clamp, wrapped = results["clamp"], results["wrapped"]
    assert wrapped["lines"] > 2 and not wrapped["truncated"]
    assert (clamp["lines"], clamp["truncated"]) == (2, True)
    assert clamp["starts"] == wrapped["starts"][:2]
    assert clamp["height"] == 2 * results["word"]["height"]
    assert wrapped["starts"][1] < clamp["ellipsis_at"] <= wrapped["starts"][2]


def test_offsets_count_code_points_not_utf16_units(results):
    astral = results["astral"]
    assert astral["starts"] == [0, 3, 6]  # three cats a line; UTF-16 would say [0, 6, 12]


def test_widths_are_layout_units_and_wrapped_lines_fit(results):
    for name, result in results.items():
        for width in result["widths"]:
            assert width * 64 == int(width * 64), (name, width)
    for name in ("wrapped", "mixed", "astral"):
        assert all(w <= CASES[name]["width"] for w in results[name]["widths"]), name


def test_each_line_is_as_wide_as_its_text_alone(root, results):
    """A line's width is the width Blink gives the same code points laid out alone."""
    singles, expected = [], []
    for name in ("wrapped", "mixed", "forced"):
        request, result = CASES[name], results[name]
        points = list(request["text"])
        ends = result["starts"][1:] + [len(points)]
        for start, end, width in zip(result["starts"], ends, result["widths"]):
            text = "".join(points[start:end]).rstrip(" \n")
            singles.append({**request, "text": text, "width": 0, "white_space": "nowrap"})
            expected.append((name, text, width))
    for (name, text, width), alone in zip(expected, layout(root, singles)):
        assert alone["widths"] == ([width] if text else []), (name, text)


def test_a_bad_request_gives_an_error_in_its_place(root):
    out = layout(root, [
        "not json",
        {"id": 1, "text": "x", "fonts": [NOTO + "#1"], "size": 16},
        {"id": 2, "text": "x", "fonts": ["Fonts/missing.ttf"], "size": 16},
        {"id": 3, "text": "x", "fonts": [DEJAVU], "size": 16, "white_space": "pre"},
        {"id": 4, "text": "x", "fonts": [DEJAVU], "size": 0},
        {"id": 5, "text": "x", "fonts": ["README.md"], "size": 16},
        {"id": 6, "text": "ok", "fonts": [NOTO + "#0"], "size": 16},
    ])
    assert [r.get("id") for r in out] == [None, 1, 2, 3, 4, 5, 6]
    assert all("error" in r for r in out[:6])
    assert "face" in out[1]["error"] and "fonts[0]" in out[2]["error"] and "white_space" in out[3]["error"]
    assert "size" in out[4]["error"] and "could not load" in out[5]["error"]
    assert out[6]["lines"] == 1
