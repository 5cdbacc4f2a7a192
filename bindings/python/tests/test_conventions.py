"""The package as Python users expect one: typed for mypy (py.typed), a ``__version__``, reprs
that say what an object is, standard exceptions naming the Python parameters, docstrings."""
import inspect
import math
import os
import subprocess
import sys

import pytest
from test_readme import example

import cardsize


def test_version_is_the_commands(cardsize_binary):
    first_line = subprocess.run([cardsize_binary, "--version"], capture_output=True, text=True,
                                check=True).stdout.splitlines()[0]
    assert first_line == f"cardsize {cardsize.__version__}"


def mypy(root, tmp_path, *files):
    """mypy --strict over the files, the package found on PYTHONPATH, where mypy takes it
    as installed: typed only through its py.typed."""
    environment = dict(os.environ, PYTHONPATH=str(root / "bindings" / "python"))
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
                           *map(str, files)], capture_output=True, text=True, env=environment, cwd=tmp_path)


def test_the_documented_examples_pass_mypy_strict_with_typed_results(root, tmp_path):
    pytest.importorskip("mypy")
    files = []
    for name in ("tour", "python", "coprocess"):
        files.append(tmp_path / f"{name}.py")
        files[-1].write_text(example(root, name)[0])
    checked = mypy(root, tmp_path, *files)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    revealed = tmp_path / "revealed.py"
    revealed.write_text("import cardsize\n"
                        "reveal_type(cardsize.TextMeasurer().measure('Dune', 127))\n"
                        "reveal_type(cardsize.Layout('grid', [1.0]).elements)\n")
    types = mypy(root, tmp_path, revealed).stdout
    assert "fallback=cardsize.text.TextMetrics]" in types and 'list[cardsize.layouts.Element]"' in types, types


def test_reprs_show_what_was_made():
    measurer = cardsize.TextMeasurer(size=17, profile="browser", line_height="20px")
    assert repr(measurer) == "TextMeasurer(size=17, profile='browser', line_height='20px')"
    assert repr(eval(repr(measurer), vars(cardsize))) == repr(measurer)
    assert repr(cardsize.CardMeasurer("book-hug", scale=3)) == "CardMeasurer(template='book-hug', scale=3)"
    layout = cardsize.Layout("waterfall", [240, 300, 260, 250], columns=2)
    assert repr(layout) == "<Layout(kind='waterfall', columns=2): 4 elements in 414 × 560>"
    error = cardsize.InvalidArgumentError("size: must be a finite number", "size", 1)
    assert repr(error) == "InvalidArgumentError('size: must be a finite number', field='size')"


def test_missing_files_raise_file_not_found(tmp_path):
    missing = tmp_path / "missing.ttf"
    with pytest.raises(FileNotFoundError) as font:
        cardsize.TextMeasurer(fonts=[f"{missing}#1"])
    assert isinstance(font.value, cardsize.FontError)
    assert font.value.filename == str(missing) and font.value.field == "fonts[0]" and str(missing) in str(font.value)
    measurer = cardsize.CardMeasurer()
    with pytest.raises(FileNotFoundError) as catalog:
        measurer.measure_catalog(tmp_path / "missing.csv", 127)
    assert isinstance(catalog.value, cardsize.RecordError) and catalog.value.field == "path"
    assert catalog.value.filename == str(tmp_path / "missing.csv")
    with pytest.raises(FileNotFoundError) as cover_sizes:
        cardsize.CardMeasurer(cover_sizes=tmp_path / "sizes.csv")
    assert cover_sizes.value.field == "cover_sizes"


@pytest.mark.parametrize("make, parameter", [
    (lambda: cardsize.Layout("grid", [1, 2], columns=0), "columns"),
    (lambda: cardsize.Layout("waterfall", [1, 2], columns=0), "columns"),
    (lambda: cardsize.Layout("grid", [1, 2], width=0), "width"),
    (lambda: cardsize.Layout("compositional", [1, 2], height=-5), "height"),
    (lambda: cardsize.Layout("grid", [1, 2], scale=0), "scale"),
    (lambda: cardsize.Layout("grid", [1, 2], column_gap=-1), "column_gap"),
    (lambda: cardsize.Layout("waterfall", [1, 2], column_gap=-1), "column_gap"),
    (lambda: cardsize.Layout("waterfall", [1, 2], row_gap=-1), "row_gap"),
    (lambda: cardsize.Layout("tag-flow", [1, 2], [3, 4], column_gap=-1), "column_gap"),
    (lambda: cardsize.Layout("grid", [1, 2], insets=(-1, 0, 0, 0)), "insets[0]"),
    (lambda: cardsize.item_width("grid", columns=0), "columns"),
    (lambda: cardsize.item_width("grid", scale=-1), "scale"),
    (lambda: cardsize.TextMeasurer(scale=0), "scale"),
    (lambda: cardsize.TextMeasurer(line_spacing=-1), "line_spacing"),
    (lambda: cardsize.TextMeasurer(cache_capacity=-1), "cache_capacity"),
    (lambda: cardsize.CardMeasurer(scale=math.nan), "scale"),
])
def test_bad_values_raise_value_errors_naming_the_parameter(make, parameter):
    with pytest.raises(ValueError) as error:
        make()
    assert isinstance(error.value, cardsize.CardsizeError)
    assert error.value.field == parameter and str(error.value).startswith(f"{parameter}:"), repr(error.value)


def test_every_public_name_has_a_docstring():
    undocumented = [name for name in cardsize.__all__ if not isinstance(getattr(cardsize, name), (str, tuple))
                    and not (getattr(cardsize, name).__doc__ or "").strip()]
    for name in cardsize.__all__:
        public = getattr(cardsize, name)
        if inspect.isclass(public):
            undocumented += [f"{name}.{attribute}" for attribute, value in vars(public).items()
                             if not attribute.startswith("_") and (callable(value) or isinstance(value, property))
                             and not (value.__doc__ or "").strip()]
    assert undocumented == []
