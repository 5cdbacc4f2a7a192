"""`cardsize render --format html` opened in headless Chromium: 10,000 generated cards (English
and Japanese) measured with the browser profile, written as real HTML text, laid out by the
browser. Every card must be exactly as tall as the engine computed (no layout shift), every
label as tall as its measurement, and each label's lines must start where the engine started
them (read from per-code-point client rects, as Tools/chromium-reference reads them)."""
import importlib.util
import shutil
import subprocess
import time
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
    "waterfall": ["--layout", "waterfall"],
    "grid": ["--layout", "grid"],
    "anywhere": ["--layout", "waterfall", "--columns", "3", "--template", "anywhere.json"],
}


# Run on the page once the fonts are loaded, after the harness's script (its scanLines reads a
# div's lines from per-code-point client rects): each card's and label's height against its
# data-height, each label's shown lines (up to its line clamp) against its data-starts.
CHECK = r"""
(async () => {
  await document.fonts.ready;
  const range = document.createRange();
  const starts = div => scanLines(div, {text: div.textContent, whiteSpace: div.style.whiteSpace}, range).map(l => l.start);
  const result = {cards: 0, labels: 0, lines: 0, fonts: {}, cardHeights: [], labelHeights: [], starts: []};
  // A face loads when text uses it: Symbola stays unloaded on a page without symbols.
  for (const face of document.fonts) result.fonts[face.family.replace(/^["']|["']$/g, '')] = face.status;
  for (const card of document.querySelectorAll('.card')) {
    result.cards++;
    const id = card.dataset.id, height = card.getBoundingClientRect().height;
    if (height !== +card.dataset.height) result.cardHeights.push([id, +card.dataset.height, height]);
    for (const label of card.querySelectorAll('.label')) {
      result.labels++;
      result.lines += label.dataset.starts ? label.dataset.starts.split(',').length : 0;
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


def opened(browser, harness, page: Path):
    """The check's results on `page`, loaded in the browser's tab."""
    url = page.resolve().as_uri()
    browser.call("Page.navigate", {"url": url})
    deadline = time.monotonic() + 120
    while browser.evaluate("document.readyState === 'complete' && location.href") != url:
        assert time.monotonic() < deadline, f"{page.name} did not load"
        time.sleep(0.05)
    return browser.evaluate(harness.PAGE_SCRIPT + CHECK)


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
        return {name: opened(browser, harness, folder / f"{name}.html") for name in PAGES}
    finally:
        browser.close()


@pytest.mark.parametrize("name", PAGES)
def test_every_card_is_as_tall_as_computed(pages, name):
    page = pages[name]
    assert page["fonts"]["cardsize 1 DejaVu Sans"] == page["fonts"]["cardsize 2 Noto Sans CJK JP"] == "loaded"
    assert "error" not in page["fonts"].values()
    assert page["cards"] == RECORDS
    assert page["labels"] >= RECORDS and page["lines"] > page["labels"]
    assert page["cardHeights"] == [], f"{len(page['cardHeights'])} of {RECORDS} cards shift"
    assert page["labelHeights"] == []


@pytest.mark.parametrize("name", PAGES)
def test_every_line_shows_the_text_the_engine_put_there(pages, name):
    differing = {card: (engine, chromium) for card, _, engine, chromium in pages[name]["starts"]}
    assert differing == {}, f"{len(differing)} labels start lines elsewhere in Chromium (card: engine's, Chromium's): {differing}"
