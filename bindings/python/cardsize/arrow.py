"""Card sizes for Arrow tables and Parquet files (``pip install cardsize[arrow]``).

>>> import pyarrow as pa, cardsize
>>> table = pa.table({"id": ["1"], "title": ["吾輩は猫である"], "author": ["夏目漱石"]})
>>> cardsize.measure_table(table).column("height").to_pylist()
[240.0]

Each row is read and measured exactly as ``cardsize measure`` reads and measures a catalog
record, and gives one row of sizes or one error row, with the columns of the CSV
``cardsize measure --format csv`` writes: ``id, width, height, title_lines, truncated,
slack`` for a card, ``id, line, field, error`` for a record that cannot be used (the others
null). A row's ``line`` is its number from 1, as the JSON Lines file of the rows numbers
its lines, and a null cell reads as empty, as JSON's ``null`` does there: the table and
that file give the same records. The texts go to the engine straight from Arrow's buffers,
without a Python string per cell.
"""
from __future__ import annotations

import ctypes
import json
import os
from ctypes import POINTER, Structure, c_char_p, c_double, c_int, c_int32, c_int64, c_size_t, c_void_p
from typing import IO, Iterable, Iterator, NamedTuple, Optional, Union

try:
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq
except ImportError as missing:  # pragma: no cover - the tests install pyarrow
    raise ImportError("cardsize's Arrow and Parquet functions need pyarrow: pip install 'cardsize[arrow]'") \
        from missing

from . import _native
from .cards import CardMeasurer
from .errors import InvalidArgumentError, from_native
from .text import _count, _number

#: The columns of :func:`measure_table`'s result: ``cardsize measure --format csv``'s.
SIZE_SCHEMA = pa.schema([
    ("id", pa.string()), ("width", pa.float64()), ("height", pa.float64()), ("title_lines", pa.int32()),
    ("truncated", pa.bool_()), ("slack", pa.float64()), ("line", pa.int64()), ("field", pa.string()),
    ("error", pa.string()),
])

#: The width of a card in ``cardsize measure``'s default grid (iPhone 11 at scale 2, 3
#: columns, insets and spacing 8), so that the defaults here give its sizes.
DEFAULT_WIDTH = 127.0

#: Rows read from a Parquet file and measured at once.
PARQUET_BATCH_ROWS = 65_536


class _StringColumn(Structure):
    _fields_ = [("name", c_char_p), ("offsets", c_void_p), ("offset_width", c_int32), ("data", c_void_p),
                ("data_length", c_int64), ("validity", c_void_p), ("offset", c_int64)]


class _RecordColumns(Structure):
    _fields_ = [(name, _StringColumn) for name in ("id", "title", "author", "image_width", "image_height")]


class _CardColumns(Structure):
    _fields_ = [(name, c_void_p) for name in ("width", "height", "title_lines", "truncated", "title_slack", "failed")]


_native._declare("cardsize_measure_columns", c_int, c_void_p, POINTER(_RecordColumns), c_size_t, c_double, c_size_t,
                 POINTER(_CardColumns), _native.CardCallback, c_void_p, POINTER(_native.Error))


class Measured(NamedTuple):
    """What :func:`measure_parquet` wrote: records in, and how many of them are error rows."""

    records: int
    errors: int


Batches = Union[pa.Table, pa.RecordBatch, pa.RecordBatchReader, Iterable[pa.RecordBatch]]


def measure_batches(batches: Batches, *, measurer: Optional[CardMeasurer] = None, width: float = DEFAULT_WIDTH,
                    id: str = "id", title: str = "title", author: str = "author",
                    image_size: Optional[tuple[str, str]] = None, first_line: int = 1,
                    threads: int = 0) -> Iterator[pa.RecordBatch]:
    """Sizes every record of ``batches`` (record batches, a reader or a table) at ``width``
    points with ``measurer`` (default: ``CardMeasurer()``, the book card at scale 2): one
    batch of :data:`SIZE_SCHEMA` rows per batch in, row for row, as they are measured.

    ``id``, ``title`` and ``author`` name the columns, as ``cardsize measure --id --title
    --author`` do, and ``image_size`` the cover's width and height columns; columns of
    strings or numbers (numbers read as their decimal text). ``first_line`` is the first
    row's ``line`` (a slice of a larger table passes its place); ``threads`` measure at
    once (0: every core).
    """
    measurer = measurer if measurer is not None else CardMeasurer()
    names = [id, title, author, *(_cover_columns(image_size))]
    width = _number(width, "width")
    threads = _count(threads, "threads")
    line = _count(first_line, "first_line")
    for batch in _record_batches(batches):
        sizes = _measure_batch(measurer, batch, names, width, threads, line)
        line += batch.num_rows
        yield sizes


def measure_table(table: Union[pa.Table, pa.RecordBatch], **options) -> pa.Table:
    """The sizes of every record of ``table`` as one table of :data:`SIZE_SCHEMA`, in row
    order; the options are :func:`measure_batches`'."""
    return pa.Table.from_batches(list(measure_batches(table, **options)), schema=SIZE_SCHEMA)


def measure_parquet(source: Union[str, os.PathLike], destination: Union[str, os.PathLike, IO[bytes]],
                    **options) -> Measured:
    """Sizes every record of the Parquet file ``source`` into ``destination``: a Parquet file
    of :data:`SIZE_SCHEMA`, or, when its name ends in ``.jsonl``, the JSON Lines that
    ``cardsize measure`` writes for the same records in a JSON Lines file, byte for byte.
    Reads and writes a batch at a time, so memory does not grow with the file. The options
    are :func:`measure_batches`'; returns the numbers of records and of error rows.
    """
    options.setdefault("image_size", None)
    columns = [options.get("id", "id"), options.get("title", "title"), options.get("author", "author"),
               *_cover_columns(options["image_size"])]
    parquet = pq.ParquetFile(source)
    missing = [name for name in columns if parquet.schema_arrow.get_field_index(name) < 0]
    if missing:
        raise _column_not_found(missing[0], parquet.schema_arrow.names)
    # Only the mapped columns, each once, are read.
    batches = parquet.iter_batches(batch_size=PARQUET_BATCH_ROWS, columns=list(dict.fromkeys(columns)))
    sizes = measure_batches(batches, **options)
    records = errors = 0
    as_json_lines = not hasattr(destination, "write") and os.fspath(destination).endswith(".jsonl")
    with (open(destination, "wb") if as_json_lines else pq.ParquetWriter(destination, SIZE_SCHEMA)) as output:
        for batch in sizes:
            if as_json_lines:
                write_json_lines(batch, output)
            else:
                output.write_batch(batch)
            records, errors = records + batch.num_rows, errors + batch.num_rows - batch.column("error").null_count
    return Measured(records, errors)


def write_json_lines(rows: Batches, file: IO[bytes]) -> None:
    """Writes rows of cardsize's output columns to the binary ``file`` as cardsize writes
    them in JSON Lines: a row with an ``error`` as its error record (``id, line, field,
    error``), any other with its columns but those three, in order. For :data:`SIZE_SCHEMA`
    rows, the bytes of ``cardsize measure --format jsonl``."""
    for batch in _record_batches(rows):
        names = batch.schema.names
        results = [name for name in names if name not in _ERROR_COLUMNS[1:]]
        columns = {name: batch.column(name).to_pylist() for name in names}
        errors = columns.get("error") or [None] * batch.num_rows
        lines = []
        for row, error in enumerate(errors):
            fields = _ERROR_COLUMNS if error is not None else results
            members = ",".join(f'"{name}":{_json_value(columns[name][row])}' for name in fields)
            lines.append(f"{{{members}}}\n")
        file.write("".join(lines).encode("utf-8"))


#: The columns of an error record: a result row has the id and leaves the others null.
_ERROR_COLUMNS = ("id", "line", "field", "error")


def _json_value(value: object) -> str:
    if isinstance(value, str):
        return _json_string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _json_number(value)  # type: ignore[arg-type]


def _json_string(text: Optional[str]) -> str:
    # Python's escapes are JSONBytes's: `"`, `\` and control characters, \b \f \n \r \t short.
    return "null" if text is None else json.dumps(text, ensure_ascii=False)


def _json_number(number: Optional[float]) -> str:
    """A number as cardsize's JSON writer spells it: whole numbers below 10^15 without a
    fraction (-0 as "-0"), others in their shortest exact form (Python's repr is Swift's);
    no number, or one JSON lacks, as null."""
    if number is None or number != number or number in (float("inf"), float("-inf")):
        return "null"
    if number == int(number) and abs(number) < 1e15:
        return "-0" if number == 0 and str(number).startswith("-") else str(int(number))
    return repr(number)


def _cover_columns(image_size: Optional[tuple[str, str]]) -> list[str]:
    if image_size is None:
        return []
    if isinstance(image_size, str) or len(image_size) != 2 or not all(isinstance(name, str) and name
                                                                         for name in image_size):
        raise InvalidArgumentError(f"image_size: expected the names of two columns (width, height), got "
                                   f"{image_size!r}", "image_size", 1)
    return list(image_size)


def _record_batches(batches: Batches) -> Iterator[pa.RecordBatch]:
    if isinstance(batches, pa.RecordBatch):
        yield batches
    elif isinstance(batches, pa.Table):
        yield from batches.to_batches()
    else:
        yield from batches


def _column_not_found(name: str, names: list[str]) -> InvalidArgumentError:
    # The words of `cardsize measure` for a CSV header without the column.
    return InvalidArgumentError(f"column '{name}' not in header: {', '.join(names)}", name, 1)


def _text_column(batch: pa.RecordBatch, name: str) -> pa.Array:
    """The column ``name`` as utf8 or large_utf8: numbers as their decimal text, dictionary
    columns (as Parquet reads may give them) decoded."""
    index = batch.schema.get_field_index(name)
    if index < 0:
        raise _column_not_found(name, batch.schema.names)
    column = batch.column(index)
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        return column
    if (pa.types.is_integer(column.type) or pa.types.is_floating(column.type) or pa.types.is_decimal(column.type)
            or pa.types.is_null(column.type) or pa.types.is_string_view(column.type)):
        return pc.cast(column, pa.string())
    raise InvalidArgumentError(f"{name}: expected a column of strings or numbers, got {column.type}", name, 1)


def _native_column(column: pa.Array, name: str) -> _StringColumn:
    validity, offsets, data = column.buffers()
    return _StringColumn(
        name.encode("utf-8"), offsets.address, 8 if pa.types.is_large_string(column.type) else 4,
        data.address if data is not None else None, data.size if data is not None else 0,
        validity.address if validity is not None and column.null_count else None, column.offset)


def _measure_batch(measurer: CardMeasurer, batch: pa.RecordBatch, names: list[str], width: float, threads: int,
                   first_line: int) -> pa.RecordBatch:
    count = batch.num_rows
    texts = [_text_column(batch, name) for name in names]
    records = _RecordColumns(*(_native_column(text, name) for text, name in zip(texts, names)))
    buffers = {name: pa.allocate_buffer(max(count, 1) * size) for name, size in
               (("width", 8), ("height", 8), ("title_lines", 4), ("truncated", 1), ("title_slack", 8), ("failed", 1))}
    sizes = _CardColumns(*(buffer.address for buffer in buffers.values()))
    failures: list[tuple[int, Optional[str], Optional[str], str]] = []

    def failed(_context, row, record_id, _size, error):
        failure = error.contents
        failures.append((row, record_id.decode("utf-8") or None, failure.field.decode("utf-8") or None,
                         failure.message.decode("utf-8")))

    error = _native.Error()
    if count:
        status = _native.lib.cardsize_measure_columns(measurer._handle, ctypes.byref(records), count, width, threads,
                                                      ctypes.byref(sizes), _native.CardCallback(failed), None,
                                                      ctypes.byref(error))
        if status != 0:
            raise from_native(error)

    def column(kind: pa.DataType, name: str) -> pa.Array:
        return pa.Array.from_buffers(kind, count, [None, buffers[name]])

    ids = texts[0] if pa.types.is_string(texts[0].type) else pc.cast(texts[0], pa.string())
    widths, heights, slack = column(pa.float64(), "width"), column(pa.float64(), "height"), column(pa.float64(),
                                                                                                   "title_slack")
    lines, truncated = column(pa.int32(), "title_lines"), pc.not_equal(column(pa.uint8(), "truncated"), 0)
    # An unwrapped title's slack is infinite: the CLI writes null.
    measured = pc.is_finite(slack)
    line, field, message = (pa.nulls(count, kind) for kind in (pa.int64(), pa.string(), pa.string()))
    if failures:
        rows, error_ids, fields, messages = zip(*failures)
        failed_rows = pc.not_equal(column(pa.uint8(), "failed"), 0)
        measured = pc.and_(measured, pc.invert(failed_rows))
        widths, heights, lines, truncated = (pc.if_else(failed_rows, pa.scalar(None, values.type), values)
                                             for values in (widths, heights, lines, truncated))
        ids = pc.replace_with_mask(ids, failed_rows, pa.array(error_ids, pa.string()))
        line = pc.replace_with_mask(line, failed_rows, pa.array([first_line + row for row in rows], pa.int64()))
        field = pc.replace_with_mask(field, failed_rows, pa.array(fields, pa.string()))
        message = pc.replace_with_mask(message, failed_rows, pa.array(messages, pa.string()))
    slack = pc.if_else(measured, slack, pa.scalar(None, pa.float64()))
    return pa.RecordBatch.from_arrays([ids, widths, heights, lines, truncated, slack, line, field, message],
                                      schema=SIZE_SCHEMA)


__all__ = ["DEFAULT_WIDTH", "Measured", "SIZE_SCHEMA", "measure_batches", "measure_parquet", "measure_table",
           "write_json_lines"]
