"""Measuring text: one label, its lines, or many labels at once."""
from __future__ import annotations

import array
import ctypes
import inspect
import itertools
import numbers
import os
import re
import struct
import sys
from typing import Any, Literal, Mapping, NamedTuple, Optional, Sequence, Union

from . import _native
from .errors import FontFileNotFoundError, InvalidArgumentError, check, file_not_found, filled, from_native

_LINE_BREAKS = {"strict": 0, "normal": 1, "loose": 2, "phrase": 3, "auto": 4, "anywhere": 5}
_PROFILE_DEFAULT_LINE_BREAK = -1
_PROFILES = {"uikit": 0, "pango": 1, "browser": 2}
_CSS_PROPERTIES = ("line_height", "white_space", "word_break", "overflow_wrap", "letter_spacing")


class TextMetrics(NamedTuple):
    """A measured label: what ``cardsize text --json`` prints, without the per-line arrays."""

    height: float
    width: float
    natural_width: float
    #: the smallest line slack (how near the breaks were to going the other way); inf unwrapped
    minimum_slack: float
    line_count: int
    truncated: bool
    missing_glyphs: int

    @classmethod
    def _from(cls, metrics: _native.TextMetrics) -> "TextMetrics":
        return cls(metrics.height, metrics.width, metrics.natural_width, metrics.minimum_slack, metrics.line_count,
                   bool(metrics.truncated), metrics.missing_glyphs)

    @classmethod
    def _unpack(cls, buffer) -> list["TextMetrics"]:
        """Every element of a ``TextMetrics`` array, read in one pass over its bytes (a
        hundred thousand ctypes attribute reads would cost more than measuring)."""
        padding = ctypes.sizeof(_native.TextMetrics) - 44
        if sys.byteorder == "little":
            # `truncated` (an int32 of 0 or 1) read as a bool from its low byte.
            layout = struct.Struct(f"<4di?3xi{padding}x")
            return list(map(cls._make, layout.iter_unpack(memoryview(buffer).cast("B"))))
        layout = struct.Struct(f"=4d3i{padding}x")
        return [cls(h, w, n, s, c, t != 0, m) for h, w, n, s, c, t, m in layout.iter_unpack(memoryview(buffer).cast("B"))]


class TextLine(NamedTuple):
    """One line of a measured label; ``start`` counts Unicode code points from 0."""

    start: int
    width: float
    height: float
    slack: float
    has_ellipsis: bool


#: NumPy's view of a batch's results, field for field (``measure_many(..., numpy=True)``).
METRICS_FIELDS = ("height", "width", "natural_width", "minimum_slack", "line_count", "truncated", "missing_glyphs")


def _utf8(text: str, field: str) -> bytes:
    """`text` as UTF-8; lone surrogates pass through as the bytes they would be, so that the
    engine refuses them as invalid UTF-8, naming the field, in batches as in single calls."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"{field}: expected a str, got {type(text).__name__}", field, 1)
    return text.encode("utf-8", "surrogatepass")


class TextMeasurer(_native.Handle):
    """Measures labels in one style with HarfBuzz, FreeType and ICU; safe to share between
    threads (measurements run without the GIL).

    >>> measurer = TextMeasurer(size=15)
    >>> measurer.measure("The Hunger Games", width=127).line_count
    1

    ``fonts`` lists font files (``path.ttc#N`` for a face of a collection), primary first;
    ``None`` uses the bundled chain (DejaVu Sans, Noto Sans CJK JP, Symbola).

    ``profile="browser"`` measures as headless Chromium lays the text out in a ``<div>`` of
    the width, with the CSS properties ``line_height`` (``"normal"``, ``"1.5"``, ``"20px"``),
    ``white_space``, ``word_break``, ``overflow_wrap`` and ``letter_spacing`` (``"1.5px"``) as
    CSS writes their values (``None``: the initial value); ``line_break`` defaults to CSS's
    ``"auto"`` there and to ``"strict"`` otherwise.
    """

    def __init__(self, *, fonts: Optional[Sequence[str]] = None, size: Optional[float] = None, scale: float = 1,
                 language: str = "en", line_spacing: float = 1,
                 line_break: Optional[Literal["strict", "normal", "loose", "phrase", "auto", "anywhere"]] = None,
                 profile: Literal["uikit", "pango", "browser"] = "uikit", cache_capacity: int = 0,
                 line_height: Optional[str] = None, white_space: Optional[str] = None,
                 word_break: Optional[str] = None, overflow_wrap: Optional[str] = None,
                 letter_spacing: Optional[str] = None):
        if line_break is not None and line_break not in _LINE_BREAKS:
            raise InvalidArgumentError(f"line_break: expected one of {', '.join(_LINE_BREAKS)}, got {line_break!r}",
                                       "line_break", 1)
        if profile not in _PROFILES:
            raise InvalidArgumentError(f"profile: expected one of {', '.join(_PROFILES)}, got {profile!r}", "profile",
                                       1)
        style = _native.TextStyle()
        _native.lib.cardsize_text_style_init(ctypes.byref(style))
        files = _font_files(fonts)
        file_array = (ctypes.c_char_p * max(1, len(files)))(*files)
        style.font_files = file_array if files else None
        style.font_file_count = len(files)
        if size is not None:  # else the library's default, as `cardsize text --size`'s
            style.size = _number(size, "size")
        style.scale = _number(scale, "scale")
        language_bytes = _utf8(language, "language")
        style.language = language_bytes
        style.line_spacing = _number(line_spacing, "line_spacing")
        style.line_break = _PROFILE_DEFAULT_LINE_BREAK if line_break is None else _LINE_BREAKS[line_break]
        style.profile = _PROFILES[profile]
        css = {"line_height": line_height, "white_space": white_space, "word_break": word_break,
               "overflow_wrap": overflow_wrap, "letter_spacing": letter_spacing}
        css_bytes = {name: None if value is None else _utf8(value, name) for name, value in css.items()}
        for name in _CSS_PROPERTIES:
            setattr(style, name, css_bytes[name])
        error = _native.Error()
        handle = _native.lib.cardsize_text_measurer_create(ctypes.byref(style), _count(cache_capacity, "cache_capacity"),
                                                             ctypes.byref(error))
        if not handle:
            raise from_native(error)
        self._own(handle, _native.lib.cardsize_text_measurer_destroy,
                  dict(fonts=fonts, size=size, scale=scale, language=language, line_spacing=line_spacing,
                       line_break=line_break, profile=profile, cache_capacity=cache_capacity, **css))

    def measure(self, text: str, width: float = 0, *, max_lines: int = 0, reserve_lines: int = 0,
                ellipsize: bool = True, line_clamp: Optional[int] = None) -> TextMetrics:
        """Measures ``text`` at ``width`` points (0: no wrapping), at most ``max_lines`` lines
        (0: no limit), at least ``reserve_lines`` tall; ``line_clamp`` (CSS
        ``-webkit-line-clamp``) is ``max_lines`` with an ellipsis."""
        data = _utf8(text, "text")
        box = _box(width, max_lines, reserve_lines, ellipsize, line_clamp)
        metrics = _native.TextMetrics()
        error = _native.Error()
        check(_native.lib.cardsize_measure_text(self._handle, data, len(data), ctypes.byref(box), ctypes.byref(metrics),
                                                ctypes.byref(error)), error)
        return TextMetrics._from(metrics)

    def lines(self, text: str, width: float = 0, *, max_lines: int = 0, reserve_lines: int = 0,
              ellipsize: bool = True, line_clamp: Optional[int] = None) -> list[TextLine]:
        """The lines of the same measurement as :meth:`measure`."""
        data = _utf8(text, "text")
        box = _box(width, max_lines, reserve_lines, ellipsize, line_clamp)
        lines = filled(_native.TextLine, lambda buffer, capacity, count, error: _native.lib.cardsize_measure_text_lines(
            self._handle, data, len(data), ctypes.byref(box), buffer, capacity, count, error), 8)
        return [TextLine(line.start, line.width, line.height, line.slack, bool(line.has_ellipsis)) for line in lines]

    def measure_many(self, texts: Sequence[str], width: float = 0, *, max_lines: int = 0, reserve_lines: int = 0,
                     ellipsize: bool = True, threads: int = 0, on_error: Literal["raise", "keep"] = "raise",
                     numpy: bool = False, line_clamp: Optional[int] = None) -> Union[list[Any], Any]:
        """Measures every text in the same box on up to ``threads`` threads (0: every core).

        Returns a list of :class:`TextMetrics` in input order; with ``on_error="keep"``, a
        failed text's entry is its :class:`CardsizeError` instead of raising the first.
        With ``numpy=True`` (NumPy installed), a structured array with the fields of
        :data:`METRICS_FIELDS` instead, failed rows zero (their errors raised or, with
        ``on_error="keep"``, returned as a second value: a dict of index to error).
        """
        count = len(texts)
        encoded = [_utf8(text, f"texts[{i}]") for i, text in enumerate(texts)]
        # One buffer of every text and arrays of addresses into it, made at C speed (a
        # ctypes array built element by element costs a microsecond a text).
        blob = ctypes.create_string_buffer(b"".join(encoded), sum(map(len, encoded)) + 1)
        base = ctypes.addressof(blob)
        lengths = array.array("Q", map(len, encoded))
        addresses = array.array("Q", (base + offset for offset in itertools.accumulate(lengths, initial=0)))
        pointers = (ctypes.c_char_p * count).from_buffer(addresses) if count else None
        length_array = (ctypes.c_size_t * count).from_buffer(lengths) if count else None
        metrics = (_native.TextMetrics * count)()
        statuses = (ctypes.c_int * count)()
        error = _native.Error()
        box = _box(width, max_lines, reserve_lines, ellipsize, line_clamp)
        # No array of errors (600 bytes a text): the few texts that fail are asked again alone.
        status = _native.lib.cardsize_measure_texts(self._handle, pointers, length_array, count, ctypes.byref(box),
                                                    _count(threads, "threads"), metrics, statuses, None,
                                                    ctypes.byref(error))
        if status != 0 and on_error == "raise":
            raise from_native(error)
        failures = {}
        if status != 0:
            for index in (i for i in range(count) if statuses[i] != 0):
                single = _native.Error()
                _native.lib.cardsize_measure_text(self._handle, encoded[index], len(encoded[index]),
                                                  ctypes.byref(box), ctypes.byref(_native.TextMetrics()),
                                                  ctypes.byref(single))
                failure = from_native(single)
                failures[index] = type(failure)(f"texts[{index}]: {failure.message}", failure.field, failure.code)
            if not failures:
                raise from_native(error)
        if numpy:
            import numpy as np
            dtype = np.dtype({"names": list(METRICS_FIELDS),
                              "formats": ["f8", "f8", "f8", "f8", "i4", "i4", "i4"],
                              "offsets": [getattr(_native.TextMetrics, name).offset for name in METRICS_FIELDS],
                              "itemsize": ctypes.sizeof(_native.TextMetrics)})
            table = np.frombuffer(metrics, dtype=dtype).copy() if count else np.zeros(0, dtype=dtype)
            return (table, failures) if on_error == "keep" else table
        results: list[Any] = TextMetrics._unpack(metrics)
        for index, failure in failures.items():
            results[index] = failure
        return results


def measure_request(request: Mapping[str, Any]) -> TextMetrics:
    """Measures one request of the ``cardsize text --jsonl`` schema (``POST /v1/text``): its
    members are :class:`TextMeasurer`'s parameters and :meth:`TextMeasurer.measure`'s, of the
    same names, and ``id``, which the metrics do not carry. A member of another name raises
    :class:`InvalidArgumentError` (a ``ValueError``) naming it, as the command line and the
    server refuse it.

    >>> measure_request({"text": "The Hunger Games", "size": 15, "width": 127}).line_count
    1
    """
    if not isinstance(request, Mapping):
        raise InvalidArgumentError(f"request: expected a mapping, got {type(request).__name__}", "request", 1)
    unknown = sorted(key for key in request if key not in _REQUEST_FIELDS)
    if unknown:
        name = str(unknown[0])
        hint = f"; did you mean {_RENAMED[name]}?" if name in _RENAMED else ""
        raise InvalidArgumentError(f"{name}: unknown field{hint}", name, 1)
    if "text" not in request:
        raise InvalidArgumentError("text: missing", "text", 1)
    # JSON's null is an absent member.
    given = {key: value for key, value in request.items() if value is not None}
    style = {key: value for key, value in given.items() if key in _STYLE_FIELDS}
    box = {key: value for key, value in given.items() if key in _BOX_FIELDS}
    return TextMeasurer(**style).measure(**box)


def _parameters(function: Any, *left_out: str) -> frozenset[str]:
    return frozenset(name for name in inspect.signature(function).parameters if name not in ("self", *left_out))


#: The request's members, named as the measurer's parameters are: one list of names.
_STYLE_FIELDS = _parameters(TextMeasurer.__init__, "cache_capacity")
_BOX_FIELDS = _parameters(TextMeasurer.measure)
_REQUEST_FIELDS = _STYLE_FIELDS | _BOX_FIELDS | {"id"}
#: Other spellings of members (HTML's ``lang``), and the member to use.
_RENAMED = {"lang": "language"}


def _font_files(fonts: Optional[Sequence[str]]) -> list[bytes]:
    """The font files as C strings; an empty list is refused, not taken for the bundled chain,
    and a file that does not exist raises ``FileNotFoundError`` (a :class:`FontError`)."""
    if fonts is not None and len(fonts) == 0:
        raise InvalidArgumentError("fonts: give at least one font file, or None for the bundled chain", "fonts", 1)
    for i, path in enumerate(fonts or []):
        # "PATH.ttc#N" names a face of a collection.
        file = re.sub(r"#\d+$", "", str(path))
        if not os.path.exists(str(path)) and not os.path.exists(file):
            raise file_not_found(FontFileNotFoundError, file, f"fonts[{i}]")
    return [_utf8(str(path), f"fonts[{i}]") for i, path in enumerate(fonts or [])]


def _number(value: float, field: str) -> float:
    # float() alone also takes "100" and True, which are not numbers to measure with.
    if isinstance(value, (str, bytes, bool)) or not isinstance(value, numbers.Real):
        raise InvalidArgumentError(f"{field}: expected a number, got {value!r}", field, 1)
    return float(value)


def _count(value: int, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidArgumentError(f"{field}: expected an integer ≥ 0, got {value!r}", field, 1)
    return value


def _box(width: float, max_lines: int, reserve_lines: int, ellipsize: bool,
         line_clamp: Optional[int] = None) -> _native.TextBox:
    if line_clamp is not None:
        if not isinstance(line_clamp, int) or isinstance(line_clamp, bool) or not 1 <= line_clamp < 2**31:
            raise InvalidArgumentError(f"line_clamp: expected a whole number from 1, got {line_clamp!r}", "line_clamp", 1)
        max_lines, ellipsize = line_clamp, True
    box = _native.TextBox()
    box.width = _number(width, "width")
    for name, value in (("max_lines", max_lines), ("reserve_lines", reserve_lines)):
        if not isinstance(value, int) or isinstance(value, bool) or not -2**31 <= value < 2**31:
            raise InvalidArgumentError(f"{name}: expected an integer, got {value!r}", name, 1)
    box.max_lines = max_lines
    box.reserve_lines = reserve_lines
    box.ellipsize = 1 if ellipsize else 0
    return box


__all__ = ["TextMeasurer", "TextMetrics", "TextLine", "METRICS_FIELDS", "measure_request"]
