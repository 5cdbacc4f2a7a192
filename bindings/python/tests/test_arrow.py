"""Arrow tables and Parquet files (cardsize.arrow) against `cardsize measure` on the same
records as JSON Lines: the same bytes, error records included, for every way Arrow may hold
the strings (utf8, large_utf8, dictionaries, slices, chunks, nulls, numbers)."""
import io
import json
import subprocess
import sys

import pytest

import cardsize

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

# Records that exercise what a catalog record can hold, after a generated catalog.
SPECIAL = [
    {"id": "", "title": "An empty id", "author": "A", "cover_width": 300, "cover_height": 400},
    {"id": None, "title": "A null id", "author": "A", "cover_width": 300, "cover_height": 400},
    {"id": "no-author", "title": "A null author", "author": None, "cover_width": None, "cover_height": None},
    {"id": "no-title", "title": None, "author": "B", "cover_width": 300, "cover_height": 400},
    {"id": 'quo"te\\back\n\t\x01é', "title": "Escapes\u2028 and 吾輩は猫である", "author": "C",
     "cover_width": 300, "cover_height": 400},
    {"id": "zero-cover", "title": "A cover of width 0", "author": "D", "cover_width": 0, "cover_height": 400},
    {"id": "thin-cover", "title": "A needle of a cover", "author": "E", "cover_width": 1, "cover_height": 100000},
    {"id": "long", "title": "つれづれなるまゝに、日くらし、硯にむかひて、心にうつりゆくよしなし事を、" * 4, "author": "兼好法師",
     "cover_width": 300, "cover_height": 400},
]
COLUMNS = ["id", "title", "author", "cover_width", "cover_height"]


@pytest.fixture(scope="module")
def records(cardsize_binary):
    generated = subprocess.run([cardsize_binary, "generate", "--records", "3000", "--mode", "realistic", "--format",
                                "jsonl", "-o", "-"], check=True, capture_output=True).stdout
    rows = [json.loads(line) for line in generated.splitlines()]
    rows = [{name: row[name] for name in COLUMNS} for row in rows]
    return rows[:1000] + SPECIAL + rows[1000:]


def table_of(rows, renamed=None):
    names = {name: (renamed or {}).get(name, name) for name in COLUMNS}
    return pa.table({names[name]: pa.array([row[name] for row in rows],
                                           pa.int64() if name.startswith("cover") else pa.string())
                     for name in COLUMNS})


def cli_output(cardsize_binary, tmp_path, rows, options=(), renamed=None):
    catalog = tmp_path / "catalog.jsonl"
    with open(catalog, "w", encoding="utf-8") as file:
        for row in rows:
            file.write(json.dumps({(renamed or {}).get(name, name): value for name, value in row.items()},
                                  ensure_ascii=False) + "\n")
    run = subprocess.run([cardsize_binary, "measure", str(catalog), *options], capture_output=True)
    assert run.returncode in (0, 2), run.stderr
    return run.stdout


def json_lines(sizes):
    output = io.BytesIO()
    cardsize.write_json_lines(sizes, output)
    return output.getvalue()


def test_a_parquet_file_gives_the_bytes_of_cardsize_measure_on_its_rows(cardsize_binary, tmp_path, records):
    expected = cli_output(cardsize_binary, tmp_path, records)
    source = tmp_path / "catalog.parquet"
    pq.write_table(table_of(records), source, row_group_size=700)
    measured = cardsize.measure_parquet(source, tmp_path / "sizes.jsonl")
    assert (tmp_path / "sizes.jsonl").read_bytes() == expected
    errors = [line for line in expected.splitlines() if b'"error":' in line]
    assert measured == (len(records), len(errors)) and len(errors) == 2  # the empty and the null id
    # As Parquet, the same rows.
    cardsize.measure_parquet(source, tmp_path / "sizes.parquet")
    assert json_lines(pq.read_table(tmp_path / "sizes.parquet")) == expected


def test_options_name_columns_and_covers_as_the_command_line_does(cardsize_binary, tmp_path, records):
    renamed = {"id": "key", "title": "name", "author": "by", "cover_width": "w", "cover_height": "h"}
    expected = cli_output(cardsize_binary, tmp_path, records, renamed=renamed,
                          options=["--template", "book-hug", "--id", "key", "--title", "name", "--author", "by",
                                   "--image-size", "w,h"])
    sizes = cardsize.measure_table(table_of(records, renamed), measurer=cardsize.CardMeasurer("book-hug"),
                                   id="key", title="name", author="by", image_size=("w", "h"))
    assert json_lines(sizes) == expected
    assert b'"field":"w","error":"must be' in expected  # the zero-width cover is an error row
    assert sizes.schema == cardsize.arrow.SIZE_SCHEMA


def test_every_layout_of_arrow_strings_gives_the_same_rows(records):
    table = table_of(records)
    expected = cardsize.measure_table(table)
    large = table.cast(pa.schema([(name, pa.large_string() if kind == pa.string() else kind)
                                  for name, kind in zip(table.schema.names, table.schema.types)]))
    assert cardsize.measure_table(large).equals(expected)
    encoded = table.set_column(1, "title", pa.compute.dictionary_encode(table.column("title")))
    assert cardsize.measure_table(encoded).equals(expected)
    chunked = pa.Table.from_batches(table.to_batches(max_chunksize=333))
    assert cardsize.measure_table(chunked).equals(expected)
    assert cardsize.measure_table(chunked, threads=1).equals(expected)


def test_a_slice_gives_its_rows_with_lines_from_first_line(records):
    table = table_of(records)
    whole = cardsize.measure_table(table)
    start = 995  # the special records, nulls among them, inside the slice
    part = table.slice(start, 20)
    assert part.column("id").chunk(0).offset == start
    sliced = cardsize.measure_table(part, first_line=start + 1)
    assert sliced.equals(whole.slice(start, 20))
    assert sliced.column("line").drop_null().to_pylist() == [1001, 1002]


def test_numbers_read_as_their_decimal_text(cardsize_binary, tmp_path, records):
    rows = [dict(row, id=index + 1) for index, row in enumerate(records[:200])]
    expected = cli_output(cardsize_binary, tmp_path, rows)
    table = table_of(records[:200]).set_column(0, "id", pa.array(range(1, 201), pa.int64()))
    assert json_lines(cardsize.measure_table(table)) == expected


def test_a_missing_column_or_one_of_other_values_is_refused_naming_it(records):
    table = table_of(records[:10])
    with pytest.raises(ValueError, match="column 'name' not in header: id, title, author") as error:
        cardsize.measure_table(table, title="name")
    assert error.value.field == "name"
    flags = table.set_column(2, "author", pa.array([True] * 10))
    with pytest.raises(ValueError, match="author: expected a column of strings or numbers, got bool"):
        cardsize.measure_table(flags)
    with pytest.raises(ValueError, match="image_size"):
        cardsize.measure_table(table, image_size="cover_width")


def test_batches_come_out_one_for_one_as_they_go_in(records):
    table = table_of(records)
    batches = list(cardsize.measure_batches(table.to_reader(max_chunksize=1000)))
    assert [batch.num_rows for batch in batches] == [1000, 1000, 1000, len(records) - 3000]
    assert pa.Table.from_batches(batches).equals(cardsize.measure_table(table))
    empty = cardsize.measure_table(table.slice(0, 0))
    assert empty.num_rows == 0 and empty.schema == cardsize.arrow.SIZE_SCHEMA


def test_the_package_imports_without_pyarrow(root):
    script = ("import sys; sys.modules['pyarrow'] = None\n"
              "import cardsize\n"
              "assert cardsize.CardMeasurer().measure([{'id': '1', 'title': 't', 'author': 'a'}], 127)\n"
              "try:\n"
              "    cardsize.measure_table\n"
              "except ImportError as error:\n"
              "    print(error)\n")
    run = subprocess.run([sys.executable, "-c", script], cwd=root / "bindings" / "python", capture_output=True,
                         text=True, check=True)
    assert "pip install 'cardsize[arrow]'" in run.stdout


def test_offsets_outside_the_data_are_refused_naming_the_column():
    # A valid array whose last offset is then moved past its data (Arrow would refuse to
    # make it so): never read, an error naming it.
    offsets = bytearray(memoryview(pa.array([0, 3, 3], pa.int32()).buffers()[1]))
    broken = pa.Array.from_buffers(pa.string(), 2, [None, pa.py_buffer(offsets), pa.py_buffer(b"abc")])
    table = pa.RecordBatch.from_arrays([broken, pa.array(["a", "b"]), pa.array(["c", "d"])], ["id", "title", "author"])
    offsets[8:12] = (99).to_bytes(4, "little")
    with pytest.raises(ValueError, match=r"^id\.offsets: row 1 ends at 99, outside 3\.\.\.3") as error:
        cardsize.measure_table(table)
    assert error.value.field == "id.offsets"
