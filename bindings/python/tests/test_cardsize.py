"""The Python package against the command line on the bundled catalogs, bad input, threads."""
import csv
import json
import math
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import cardsize


def bundled_titles(root, step=5):
    """Every `step`-th title of both bundled catalogs, English and Japanese."""
    titles = []
    for name in ("goodbooks-10k.csv", "aozora-bunko.csv"):
        with open(root / "Catalogs" / name, newline="", encoding="utf-8") as file:
            titles += [row["title"] for row in csv.DictReader(file)][::step]
    return titles


def run_cli(binary, arguments, input_text=None):
    return subprocess.run([binary, *arguments], input=input_text, capture_output=True, text=True)


@pytest.mark.parametrize("profile", ["uikit", "pango"])
@pytest.mark.parametrize("width", [100.0, 240.0])
def test_text_equals_the_command_line(root, cardsize_binary, profile, width):
    titles = bundled_titles(root)
    requests = "".join(json.dumps({"id": i, "text": t, "size": 15, "width": width, "max_lines": 2,
                                   "profile": profile, "language": "ja" if i % 2 else "en"}, ensure_ascii=False) + "\n"
                       for i, t in enumerate(titles))
    result = run_cli(cardsize_binary, ["text", "--jsonl"], requests)
    assert result.returncode == 0, result.stderr
    expected = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(expected) == len(titles)
    measurers = {language: cardsize.TextMeasurer(size=15, profile=profile, language=language)
                 for language in ("en", "ja")}
    for i, title in enumerate(titles):
        measurer = measurers["ja" if i % 2 else "en"]
        metrics = measurer.measure(title, width, max_lines=2)
        lines = measurer.lines(title, width, max_lines=2)
        cli = expected[i]
        assert (metrics.height, metrics.line_count, metrics.truncated, metrics.natural_width) == (
            cli["height"], cli["lines"], cli["truncated"], cli["natural_width"]), title
        assert [line.start for line in lines] == cli["starts"], title
        assert [line.width for line in lines] == cli["widths"], title
        assert [line.height for line in lines] == cli["heights"], title


def cli_sizes(binary, catalog, arguments):
    result = run_cli(binary, ["measure", str(catalog), *arguments, "-o", "-"])
    assert result.returncode in (0, 2), result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize("name", ["goodbooks-10k.csv", "aozora-bunko.csv"])
def test_cards_equal_the_command_line_on_the_bundled_catalogs(root, cardsize_binary, name):
    catalog = root / "Catalogs" / name
    # iPhone 11 (414 pt @2x), three columns 8 pt apart, 8 pt insets: the command's defaults.
    expected = cli_sizes(cardsize_binary, catalog, ["--device", "iphone-11"])
    width = cardsize.item_width("grid", width=414, scale=2, columns=3, column_gap=8,
                                insets=(8, 8, 8, 8))
    assert {row["width"] for row in expected if "width" in row} == {width}
    measurer = cardsize.CardMeasurer("book", scale=2)
    # The catalog file read by the library, as the command reads it.
    from_file = measurer.measure_catalog(catalog, width, threads=2)
    assert len(from_file) == len(expected)
    for card, row in zip(from_file, expected):
        assert card.id == row["id"]
        if "error" in row:
            assert card.error is not None and card.error.field == (row["field"] or "")
            continue
        assert (card.size.width, card.size.height, card.size.title_lines, card.size.title_truncated) == (
            row["width"], row["height"], row["title_lines"], row["truncated"]), row["id"]
        assert card.size.title_slack == row["slack"], row["id"]
    # The same records as dicts, read by Python's csv module.
    with open(catalog, newline="", encoding="utf-8") as file:
        records = list(csv.DictReader(file))
    sizes = measurer.measure(records, width, on_error="keep")
    by_id = {row["id"]: row for row in expected}
    for record, size in zip(records, sizes):
        row = by_id[record["id"]]
        if isinstance(size, cardsize.CardsizeError):
            assert "error" in row
            continue
        assert (size.height, size.title_lines, size.title_slack) == (row["height"], row["title_lines"], row["slack"])


def test_waterfall_frames_equal_the_command_line(root, cardsize_binary):
    catalog = root / "Catalogs" / "aozora-bunko.csv"
    result = run_cli(cardsize_binary, ["layout", "waterfall", str(catalog), "--width", "390", "--scale", "3",
                                       "--columns", "2", "--column-gap", "8", "--row-gap", "8", "-o", "-"])
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    expected = [row for row in rows if row["kind"] == "item"]
    content = [row for row in rows if row["kind"] == "content"]
    width = cardsize.item_width("waterfall", width=390, scale=3, columns=2, column_gap=8)
    cards = cardsize.CardMeasurer("book-hug", scale=3).measure_catalog(catalog, width)
    layout = cardsize.Layout("waterfall", [card.size.height for card in cards], width=390, scale=3,
                             columns=2, column_gap=8, row_gap=8)
    frames = layout.elements
    assert len(frames) == len(expected)
    for element, row in zip(frames, expected):
        assert (element.x, element.y, element.width, element.height) == (row["x"], row["y"], row["width"],
                                                                          row["height"])
    assert layout.content_size == (content[0]["width"], content[0]["height"])
    # A viewport's query is the elements a scan finds.
    top = layout.content_size[1] / 2
    found = layout.query(0, top, 390, 844)
    scanned = [e for e in frames if e.y <= top + 844 and e.y + e.height >= top]
    assert found == scanned and len(found) > 4


def test_waterfall_sections_with_headers_and_footers_equal_the_command_line(root, cardsize_binary):
    catalog = root / "Catalogs" / "aozora-bunko.csv"
    result = run_cli(cardsize_binary, ["layout", "waterfall", str(catalog), "--section-size", "50",
                                       "--header-height", "20", "--footer-height", "10", "-o", "-"])
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    width = cardsize.item_width("waterfall")
    cards = cardsize.CardMeasurer("book-hug").measure_catalog(catalog, width)
    layout = cardsize.Layout("waterfall", [card.size.height for card in cards], section_size=50, header_height=20,
                             footer_height=10)
    # Every element in the command line's order: each section's header, items and footer.
    assert [(e.kind, e.x, e.y, e.width, e.height) for e in layout.elements] == [
        (row["kind"], row["x"], row["y"], row["width"], row["height"]) for row in rows[:-1]]
    assert sum(row["kind"] == "header" for row in rows) == -(-len(cards) // 50)
    assert layout.content_size == (rows[-1]["width"], rows[-1]["height"])
    assert "section_size=50" in repr(layout)
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cardsize.Layout("waterfall", [100], header_height=-1)
    assert error.value.field == "header_height"
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cardsize.Layout("waterfall", [100], section_size=0)
    assert error.value.field == "section_size"


@pytest.mark.parametrize("kind", ["grid", "waterfall", "tag-flow", "compositional"])
def test_layouts_place_every_item_without_overlap(kind):
    heights = [100 + (i * 37) % 90 for i in range(300)]
    widths = [40 + (i * 13) % 90 for i in range(300)] if kind == "tag-flow" else None
    layout = cardsize.Layout(kind, heights, widths)
    elements = layout.elements
    assert sorted(e.index for e in elements) == list(range(300))
    for a, b in zip(elements, elements[1:]):
        assert not (a.x + 1e-9 < b.x + b.width and b.x + 1e-9 < a.x + a.width
                    and a.y + 1e-9 < b.y + b.height and b.y + 1e-9 < a.y + a.height), (a, b)


def test_bad_input_names_the_field(tmp_path):
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cardsize.TextMeasurer(size=math.nan)
    assert error.value.field == "size" and "nan" in str(error.value)
    with pytest.raises(cardsize.FontError) as error:
        cardsize.TextMeasurer(fonts=[str(tmp_path / "missing.ttf")])
    assert "missing.ttf" in str(error.value)
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cardsize.TextMeasurer(fonts=[])  # not the bundled chain in silence
    assert error.value.field == "fonts"
    measurer = cardsize.TextMeasurer()
    for width in ("100", True, None):  # a number, not something float() would take
        with pytest.raises(cardsize.InvalidArgumentError) as error:
            measurer.measure("x", width=width)
        assert error.value.field == "width", width
        if width is None:  # an item width not given is the layout's
            continue
        with pytest.raises(ValueError) as error:  # InvalidArgumentError is a ValueError
            cardsize.CardMeasurer().measure([{"id": "1", "title": "x"}], item_width=width)
        assert error.value.field == "item_width", width
    with pytest.raises(cardsize.InvalidUTF8Error) as error:
        measurer.measure("lone \udc80 surrogate")
    assert error.value.field == "text"
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        measurer.measure("x", width=-1)
    assert error.value.field == "width"
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        measurer.measure("x", max_lines=-2)
    assert error.value.field == "max_lines"
    kept = measurer.measure_many(["fine", "bad \udc80"], on_error="keep")
    assert isinstance(kept[0], cardsize.TextMetrics) and isinstance(kept[1], cardsize.InvalidUTF8Error)
    with pytest.raises(cardsize.TemplateError):
        cardsize.CardMeasurer('{"elements": [')
    cards = cardsize.CardMeasurer()
    sizes = cards.measure([{"id": "1", "title": "Dune", "author": "Frank Herbert"}, {"id": "2", "title": "No author"}],
                          127, on_error="keep")
    assert isinstance(sizes[0], cardsize.CardSize)
    assert sizes[1].field == "author" and "record '2'" in str(sizes[1]) and "missing field" in str(sizes[1])
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cards.measure([{"id": "1", "title": "x", "author": "y", "image_width": -3, "image_height": 4}], 127)
    assert error.value.field == "image_width" and "record '1'" in str(error.value)
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cards.measure([{"id": "1", "title": "x", "author": "y"}], math.inf)
    assert error.value.field == "width"
    with pytest.raises(cardsize.RecordError) as error:
        cards.measure_catalog(tmp_path / "missing.csv", 127)
    assert error.value.field == "path"
    with pytest.raises(cardsize.LayoutError):
        cardsize.Layout("waterfall", [100, 200], columns=0)
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cardsize.Layout("waterfall", [100, math.nan])
    assert error.value.field == "heights[1]"
    with pytest.raises(cardsize.InvalidArgumentError) as error:
        cardsize.Layout("tag-flow", [100, 200])
    assert error.value.field == "widths"


def test_many_threads_get_what_one_thread_gets(root):
    titles = bundled_titles(root, step=17)
    measurer = cardsize.TextMeasurer(size=15, cache_capacity=1024)
    sequential = [measurer.measure(title, 127, max_lines=2) for title in titles]
    with ThreadPoolExecutor(max_workers=8) as pool:
        chunks = list(pool.map(lambda chunk: [measurer.measure(t, 127, max_lines=2) for t in chunk],
                               [titles[i::8] for i in range(8)]))
    for i in range(8):
        assert chunks[i] == sequential[i::8]
    assert measurer.measure_many(titles, 127, max_lines=2, threads=1) == sequential
    assert measurer.measure_many(titles, 127, max_lines=2, threads=2) == sequential


def test_numpy_results_equal_the_list(root):
    numpy = pytest.importorskip("numpy")
    titles = bundled_titles(root, step=23)
    measurer = cardsize.TextMeasurer()
    array = measurer.measure_many(titles, 127)
    table = measurer.measure_many(titles, 127, numpy=True)
    assert table.shape == (len(titles),)
    assert numpy.array_equal(table["height"], [m.height for m in array])
    assert numpy.array_equal(table["line_count"], [m.line_count for m in array])
