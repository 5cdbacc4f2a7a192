"""The catalog viewer in a real browser: cardsize-serve lays out a 200,000-card catalog and
headless Chromium (Debian's `chromium`) opens the page half way down it, and at a record
found by id. The screenshot must show cards with inked titles and no blank part; the page
must have asked only for rect-sized parts of the layout."""
import io
import json
import re
import shutil
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

Image = pytest.importorskip("PIL.Image")
jsonschema = pytest.importorskip("jsonschema")
yaml = pytest.importorskip("yaml")

from test_server import resolved, schemas  # noqa: E402  (the OpenAPI document's schemas as JSON Schema)

# Enough cards that the page can only work by asking for rects (a million is the viewer's
# benchmark: docs/performance.md), few enough that a debug build lays them out in seconds.
RECORDS = 200_000
TILE_HEIGHT = 1024  # the page's tile height, in points
WINDOW = (600, 900)
TOOLBAR = 41  # the page's toolbar height, in pixels


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("no chromium on PATH (scripts/install-deps.sh test installs Debian's chromium)")


@pytest.fixture(scope="module")
def viewer(cardsize_binary, tmp_path_factory):
    directory = tmp_path_factory.mktemp("viewer")
    catalog = directory / "catalog.csv"
    subprocess.run([cardsize_binary, "generate", "--records", str(RECORDS), "--mode", "realistic",
                    "--output", str(catalog)], check=True, capture_output=True)
    log_path = directory / "server.log"
    log = open(log_path, "w")
    server = subprocess.Popen(
        [str(Path(cardsize_binary).with_name("cardsize-serve")), "--port", "0", "--log-level", "info",
         str(catalog), "--layout", "waterfall", "--device", "iphone-13"],
        stderr=log, stdout=subprocess.DEVNULL)
    address = None
    deadline = time.monotonic() + 900
    while address is None and time.monotonic() < deadline and server.poll() is None:
        match = re.search(r"listening on (\S+):(\d+)", log_path.read_text())
        if match:
            address = f"http://{match.group(1)}:{match.group(2)}"
        else:
            time.sleep(0.5)
    assert address, "the server did not start: " + log_path.read_text()[-2000:]
    with urllib.request.urlopen(address + "/v1/catalog") as response:
        layout = json.loads(response.read())
    yield address, layout, log_path
    server.terminate()
    assert server.wait(timeout=60) == 0
    log.close()


def requests_since(log_path, offset):
    """The paths requested in the server's log after `offset` characters."""
    return re.findall(r"\b(?:GET|HEAD) (/\S*) \d{3} \S+ bytes", log_path.read_text()[offset:])


def browse(address, query, *arguments):
    """Runs headless Chromium on the viewer with `query` and Chromium `arguments`; its stdout."""
    command = [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               f"--window-size={WINDOW[0]},{WINDOW[1]}", "--virtual-time-budget=30000", *arguments,
               f"{address}/?{query}"]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=True).stdout


def rect_of(path):
    query = urllib.parse.parse_qs(urllib.parse.urlparse(path).query)
    return {name: float(query[name][0]) for name in ("x", "y", "width", "height")}


def test_the_middle_of_a_large_catalog_is_drawn_from_rect_sized_requests(viewer, tmp_path):
    address, layout, log_path = viewer
    assert layout["items"] == RECORDS and layout["failed"] == 0
    content = layout["content"]
    # Several times the page's scroll range (viewer.html's maxScroll, 8e6 px), which a
    # browser's own limit (about 33 million px in Chromium) forces: scrolling maps to content.
    assert content["height"] > 3 * 8e6

    offset = len(log_path.read_text())
    dom = browse(address, "scroll=0.5", "--dump-dom")
    title = re.search(r"<title>cardsize viewer: y=(\d+) tiles=(\d+)/(\d+)</title>", dom)
    assert title, dom[:2000]
    top, loaded, shown = (int(group) for group in title.groups())
    assert loaded == shown >= 2, "tiles still loading"
    # Half way down: the content's middle, to within a screen.
    assert abs(top - (content["height"] - (WINDOW[1] - TOOLBAR)) / 2) < WINDOW[1]

    paths = requests_since(log_path, offset)
    parts = [path for path in paths if path.startswith(("/v1/catalog/elements", "/v1/catalog/viewport.svg"))]
    assert parts, paths
    for path in parts:  # every part of the layout asked for is a tile of the column
        rect = rect_of(path)
        assert rect["width"] <= content["width"] and rect["height"] <= TILE_HEIGHT, path
        assert abs(rect["y"] - top) < 3 * TILE_HEIGHT, path
    assert len(parts) <= 2 * (shown + 1)
    other = [path for path in paths if path not in parts]
    assert all(path in ("/?scroll=0.5", "/favicon.ico") or path.startswith("/v1/catalog?") for path in other), other

    screenshot = tmp_path / "middle.png"
    browse(address, "scroll=0.5", f"--screenshot={screenshot}")
    image = Image.open(screenshot).convert("RGB")
    assert image.size == WINDOW
    left = (WINDOW[0] - int(content["width"])) // 2
    column = image.crop((left, TOOLBAR, left + int(content["width"]), WINDOW[1]))
    pixels = column.load()
    width, height = column.size

    def kind(pixel):
        red, green, blue = pixel
        if max(pixel) < 110:
            return "ink"  # title and author glyphs
        if max(pixel) - min(pixel) > 25:
            return "cover"  # each cover is a colour derived from its record id
        return "paper"

    counts = {"ink": 0, "cover": 0, "paper": 0}
    blank_run = longest_blank = 0
    inked_rows = 0
    for y in range(height):
        row = [kind(pixels[x, y]) for x in range(width)]
        for name in counts:
            counts[name] += row.count(name)
        inked_rows += "ink" in row
        blank_run = blank_run + 1 if all(name == "paper" for name in row) else 0
        longest_blank = max(longest_blank, blank_run)
    area = width * height
    assert counts["cover"] > 0.4 * area, counts  # cards drawn over most of the column
    assert counts["ink"] > 0.003 * area and inked_rows > 40, (counts, inked_rows)  # titles inked
    assert longest_blank < 60, longest_blank  # no blank band (a missing tile would be 1024 pt)


def validate_get(document, path, body):
    """`body`, a 200 answer to GET `path`, against the OpenAPI document's schema for it."""
    schema = document["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    jsonschema.validate(body, resolved(schema, schemas(document)))


def test_a_record_found_by_id_is_shown_with_its_lines(viewer, root):
    address, layout, log_path = viewer
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    validate_get(document, "/v1/catalog", layout)
    record_id = "g000155555"
    offset = len(log_path.read_text())
    dom = browse(address, f"id={record_id}&debug=1", "--dump-dom")
    with urllib.request.urlopen(f"{address}/v1/catalog/find?id={record_id}") as response:
        element = json.loads(response.read())
    validate_get(document, "/v1/catalog/find", element)
    title = re.search(r"<title>cardsize viewer: y=(\d+) tiles=(\d+)/(\d+)</title>", dom)
    assert title and abs(int(title.group(1)) - (element["y"] - 40)) < 2, dom[:2000]
    # The panel shows the record and its title's lines with their slack.
    panel = re.search(r'<div id="panel"[^>]*>(.*?)</div>\s*<script', dom, re.S)
    assert panel and record_id in panel.group(1) and "slack" in panel.group(1), dom[-3000:]
    with urllib.request.urlopen(f"{address}/v1/catalog/items/{element['index']}") as response:
        item = json.loads(response.read())
    validate_get(document, "/v1/catalog/items/{index}", item)
    y = int(element["y"]) // 1024 * 1024
    with urllib.request.urlopen(f"{address}/v1/catalog/elements?x=0&y={y}&width=390&height=1024") as response:
        validate_get(document, "/v1/catalog/elements", json.loads(response.read()))
    first_line = item["texts"][0]["lines"][0]["text"]
    assert first_line.replace("&", "&amp;").replace("<", "&lt;") in panel.group(1)
    tiles = [path for path in requests_since(log_path, offset) if path.startswith("/v1/catalog/viewport.svg")]
    assert tiles and all("debug=1" in path for path in tiles)


@pytest.mark.parametrize("arguments, message", [
    (["Catalogs/goodbooks-10k.csv", "--layout", "grid", "--columns", "0"], "--columns must be a whole number"),
    (["Catalogs/no-such.csv", "--layout", "waterfall"], "cannot open 'Catalogs/no-such.csv'"),
    (["-", "--layout", "grid"], "give a file, not -"),
    (["Catalogs/goodbooks-10k.csv"], "give --layout"),
])
def test_a_catalog_that_cannot_be_laid_out_stops_the_server_with_the_reason(cardsize_binary, root, arguments, message):
    result = subprocess.run([str(Path(cardsize_binary).with_name("cardsize-serve")), "--port", "0", *arguments],
                            cwd=root, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and message in result.stderr, result.stderr
