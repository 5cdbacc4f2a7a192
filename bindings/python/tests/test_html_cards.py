"""Cards as HTML opened in headless Chromium: 10,000 generated cards (English and Japanese)
measured with the browser profile, written as real HTML text, laid out by the browser — as the
catalog viewer serves them (`cardsize-serve CATALOG --layout waterfall --profile browser`, its
`viewport.html` pages across the whole layout), and as `cardsize render --format html` writes
them. Every card must be exactly as tall as the server's layout made it (no layout shift), every
label as tall as its measurement, and each label's lines must start where the engine started
them (read from per-code-point client rects, as Tools/chromium-reference reads them)."""
import importlib.util
import json
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

RECORDS = 10_000

# The pages: a 2-column waterfall of `book-hug` cards, the 3-column grid of `book` cards (a title
# reserving two lines: padding in `lh`), and a 3-column waterfall whose labels have the card CSS
# the held-out tables in docs/profiles.md measure (`overflow-wrap: anywhere`).
ANYWHERE = """{"spacing": 4, "elements": [
  {"type": "image", "name": "cover", "aspectRatio": "7:10"},
  {"type": "label", "field": "title", "style": {"fontSize": 15, "overflowWrap": "anywhere"}, "maxLines": 2},
  {"type": "label", "field": "author", "style": {"fontSize": 13, "overflowWrap": "anywhere"}, "maxLines": 1,
   "hidesWhenEmpty": true}]}"""
PAGES = {
    "grid": ["--layout", "grid"],
    "anywhere": ["--layout", "waterfall", "--columns", "3", "--template", "anywhere.json"],
}
# The viewer's layout: 20 columns of `book-hug` cards about as wide as a phone's two, so that
# the 10,000 cards take few rect-sized pages (at most 4096 points a side).
VIEWER = ["--layout", "waterfall", "--width", "4000", "--columns", "20", "--profile", "browser"]
RECT_SIDE = 4096


# Run on the page once the fonts are loaded, after the harness's script (its scanLines reads a
# div's lines from per-code-point client rects): each card's and label's height against its
# data-height, each label's shown lines (up to its line clamp) against its data-starts.
CHECK = r"""
(async () => {
  await document.fonts.ready;
  const range = document.createRange();
  const starts = div => scanLines(div, {text: div.textContent, whiteSpace: div.style.whiteSpace}, range).map(l => l.start);
  const result = {cards: 0, labels: 0, lines: 0, fonts: {}, heights: {}, counts: {}, cardHeights: [], labelHeights: [], starts: []};
  // A face loads when text uses it: Symbola stays unloaded on a page without symbols.
  for (const face of document.fonts) result.fonts[face.family.replace(/^["']|["']$/g, '')] = face.status;
  for (const card of document.querySelectorAll('.card')) {
    result.cards++;
    const id = card.dataset.id, height = card.getBoundingClientRect().height;
    result.heights[id] = height;
    result.counts[id] = [0, 0];
    if (height !== +card.dataset.height) result.cardHeights.push([id, +card.dataset.height, height]);
    for (const label of card.querySelectorAll('.label')) {
      const lines = label.dataset.starts ? label.dataset.starts.split(',').length : 0;
      result.labels++;
      result.lines += lines;
      result.counts[id][0]++;
      result.counts[id][1] += lines;
      const labelHeight = label.getBoundingClientRect().height;
      if (labelHeight !== +label.dataset.height)
        result.labelHeights.push([id, label.dataset.name, +label.dataset.height, labelHeight]);
      const shown = starts(label).slice(0, parseInt(label.style.webkitLineClamp) || Infinity).join(',');
      if (shown !== label.dataset.starts) result.starts.push([id, label.dataset.name, label.dataset.starts, shown]);
    }
  }
  return result;
})()
"""


def chromium_harness(root):
    """Tools/chromium-reference's script as a module."""
    path = root / "Tools" / "chromium-reference" / "chromium-reference.py"
    spec = importlib.util.spec_from_file_location("chromium_reference", path)
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    return harness


def chromium_browser(harness):
    """The harness's headless Chromium, driven over its DevTools pipe."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.fail("no chromium on PATH (scripts/install-deps.sh test installs Debian's chromium)")
    return harness.Browser(executable, 120)


def opened(browser, harness, url: str):
    """The check's results on the page at `url`, loaded in the browser's tab."""
    browser.call("Page.navigate", {"url": url})
    deadline = time.monotonic() + 120
    while browser.evaluate("document.readyState === 'complete' && location.href") != url:
        assert time.monotonic() < deadline, f"{url} did not load"
        time.sleep(0.05)
    return browser.evaluate(harness.PAGE_SCRIPT + CHECK)


def get_json(url):
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


def viewer_page(browser, harness, cardsize_binary, catalog: Path, folder: Path):
    """The viewer's HTML pages across its whole layout, checked as one page: each card once
    (a card cut by a page's edge is on two pages, and checked on both), each card's rendered
    height against its frame in the server's layout (`/v1/catalog/elements`)."""
    log_path = folder / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen([str(Path(cardsize_binary).with_name("cardsize-serve")), "--port", "0",
                                   str(catalog), *VIEWER], stdout=log, stderr=subprocess.STDOUT)
    try:
        address, deadline = None, time.monotonic() + 300
        while address is None and time.monotonic() < deadline and server.poll() is None:
            match = re.search(r"listening on (http://\S+)", log_path.read_text())
            address = match and match.group(1)
            time.sleep(0.2)
        assert address, "the viewer did not start: " + log_path.read_text()[-2000:]
        content = get_json(address + "/v1/catalog")["content"]
        page = {"cards": 0, "labels": 0, "lines": 0, "fonts": {}, "cardHeights": [], "labelHeights": [], "starts": [],
                "layoutHeights": []}
        seen = set()
        for y in range(0, int(content["height"]) + 1, RECT_SIDE):
            rect = f"x=0&y={y}&width={content['width']}&height={RECT_SIDE}"
            frames = {e["id"]: e["height"] for e in get_json(f"{address}/v1/catalog/elements?{rect}")["elements"]}
            result = opened(browser, harness, f"{address}/v1/catalog/viewport.html?{rect}")
            assert set(result["heights"]) == set(frames), f"the page at y={y} shows other cards than its rect has"
            page["layoutHeights"] += [[id, frames[id], height] for id, height in result["heights"].items()
                                      if height != frames[id]]
            fresh = [id for id in result["heights"] if id not in seen]
            seen.update(fresh)
            for key in ("cardHeights", "labelHeights", "starts"):
                page[key] += result[key]
            page["cards"] += len(fresh)
            page["labels"] += sum(result["counts"][id][0] for id in fresh)
            page["lines"] += sum(result["counts"][id][1] for id in fresh)
            for family, status in result["fonts"].items():
                page["fonts"][family] = status if page["fonts"].get(family) != "loaded" else "loaded"
        return page
    finally:
        server.terminate()
        server.wait(timeout=60)


@pytest.fixture(scope="module")
def pages(cardsize_binary, root, tmp_path_factory):
    folder = tmp_path_factory.mktemp("html-cards")
    catalog = folder / "catalog.jsonl"
    subprocess.run([cardsize_binary, "generate", "--records", str(RECORDS), "--mode", "realistic", "-o", str(catalog)],
                   check=True, capture_output=True)
    (folder / "anywhere.json").write_text(ANYWHERE)
    renders = [subprocess.Popen([cardsize_binary, "render", str(catalog), *flags, "--profile", "browser", "--whole",
                                 "-o", f"{name}.html"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
               for name, flags in PAGES.items()]
    for render in renders:
        _, errors = render.communicate(timeout=120)
        assert render.returncode == 0, errors.decode()
    harness = chromium_harness(root)
    browser = chromium_browser(harness)
    try:
        opened_pages = {name: opened(browser, harness, (folder / f"{name}.html").resolve().as_uri()) for name in PAGES}
        opened_pages["viewer"] = viewer_page(browser, harness, cardsize_binary, catalog, folder)
        return opened_pages
    finally:
        browser.close()


def test_the_viewer_shows_every_card_as_tall_as_its_layout_made_it(pages):
    viewer = pages["viewer"]
    assert viewer["cards"] == RECORDS
    assert viewer["layoutHeights"] == [], f"{len(viewer['layoutHeights'])} cards differ from their frames (id, frame, page)"


@pytest.mark.parametrize("name", [*PAGES, "viewer"])
def test_every_card_is_as_tall_as_computed(pages, name):
    page = pages[name]
    assert page["fonts"]["cardsize 1 DejaVu Sans"] == page["fonts"]["cardsize 2 Noto Sans CJK JP"] == "loaded"
    assert "error" not in page["fonts"].values()
    assert page["cards"] == RECORDS
    assert page["labels"] >= RECORDS and page["lines"] > page["labels"]
    assert page["cardHeights"] == [], f"{len(page['cardHeights'])} of {RECORDS} cards shift"
    assert page["labelHeights"] == []


@pytest.mark.parametrize("name", [*PAGES, "viewer"])
def test_every_line_shows_the_text_the_engine_put_there(pages, name):
    differing = {card: (engine, chromium) for card, _, engine, chromium in pages[name]["starts"]}
    assert differing == {}, f"{len(differing)} labels start lines elsewhere in Chromium (card: engine's, Chromium's): {differing}"
