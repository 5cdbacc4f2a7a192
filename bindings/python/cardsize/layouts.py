"""Collection layouts over measured heights, and rect queries over them."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Literal, Optional, Sequence

from . import _native
from .errors import InvalidArgumentError, check, filled, from_native
from .text import _number

_KINDS = {"grid": 0, "waterfall": 1, "tag-flow": 2, "compositional": 3}
_ELEMENT_KINDS = ("item", "header", "footer")
LayoutKind = Literal["grid", "waterfall", "tag-flow", "compositional"]


@dataclass(frozen=True)
class Element:
    """A placed element: its frame, and the index of its height in the input (items)."""

    x: float
    y: float
    width: float
    height: float
    index: int
    kind: str


def _options(kind: str, collection_width: float, collection_height: float, scale: float, columns: int,
             item_spacing: float, line_spacing: float, insets: Sequence[float]) -> _native.LayoutOptions:
    if kind not in _KINDS:
        raise InvalidArgumentError(f"kind: expected one of {', '.join(_KINDS)}, got {kind!r}", "kind", 1)
    if len(insets) != 4:
        raise InvalidArgumentError("insets: expected (top, left, bottom, right)", "insets", 1)
    if not isinstance(columns, int) or not 0 <= columns < 2**31:
        raise InvalidArgumentError(f"columns: expected an integer ≥ 0, got {columns!r}", "columns", 1)
    options = _native.LayoutOptions()
    _native.lib.cardsize_layout_options_init(ctypes.byref(options))
    options.kind = _KINDS[kind]
    options.collection_width = _number(collection_width, "collection_width")
    options.collection_height = _number(collection_height, "collection_height")
    options.display_scale = _number(scale, "scale")
    options.columns = columns
    options.item_spacing = _number(item_spacing, "item_spacing")
    options.line_spacing = _number(line_spacing, "line_spacing")
    options.inset_top, options.inset_left, options.inset_bottom, options.inset_right = (
        _number(value, "insets") for value in insets)
    return options


def item_width(kind: LayoutKind = "grid", *, collection_width: float = 390, scale: float = 3, columns: int = 2,
               item_spacing: float = 8, insets: Sequence[float] = (0, 0, 0, 0)) -> float:
    """The width a grid's or waterfall's items are measured at (a column's width)."""
    options = _options(kind, collection_width, 844, scale, columns, item_spacing, 8, insets)
    width = ctypes.c_double()
    error = _native.Error()
    check(_native.lib.cardsize_layout_item_width(ctypes.byref(options), ctypes.byref(width), ctypes.byref(error)),
          error)
    return width.value


class Layout(_native.Handle):
    """Items of the given heights laid out once; their frames, and which are in a rect.

    ``grid``: rows of ``columns`` equal cells; ``waterfall``: each item to the shortest of
    ``columns`` columns; ``tag-flow``: items of ``widths`` left-aligned in wrapping rows;
    ``compositional``: the Instagram-search preset in a ``collection_width`` ×
    ``collection_height`` container. Frames are rounded to ``scale``'s pixel grid.
    """

    def __init__(self, kind: LayoutKind, heights: Sequence[float], widths: Optional[Sequence[float]] = None, *,
                 collection_width: float = 390, collection_height: float = 844, scale: float = 3,
                 columns: int = 2, item_spacing: float = 8, line_spacing: float = 8,
                 insets: Sequence[float] = (0, 0, 0, 0)):
        options = _options(kind, collection_width, collection_height, scale, columns, item_spacing, line_spacing,
                           insets)
        count = len(heights)
        if widths is not None and len(widths) != count:
            raise InvalidArgumentError(f"widths: {len(widths)} widths for {count} heights", "widths", 1)
        height_array = (ctypes.c_double * count)(*(_number(h, f"heights[{i}]") for i, h in enumerate(heights)))
        width_array = None
        if widths is not None:
            width_array = (ctypes.c_double * count)(*(_number(w, f"widths[{i}]") for i, w in enumerate(widths)))
        error = _native.Error()
        handle = _native.lib.cardsize_layout_create(ctypes.byref(options), height_array, width_array, count,
                                                    ctypes.byref(error))
        if not handle:
            raise from_native(error)
        self._own(handle, _native.lib.cardsize_layout_destroy,
                  dict(kind=kind, collection_width=collection_width, collection_height=collection_height,
                       scale=scale, columns=columns, item_spacing=item_spacing, line_spacing=line_spacing,
                       insets=insets))

    def __repr__(self) -> str:
        # The options as a call (the heights left out: there may be a million), then the result.
        width, height = self.content_size
        return f"<{super().__repr__()}: {len(self)} elements in {width:g} × {height:g}>"

    def __len__(self) -> int:
        return _native.lib.cardsize_layout_element_count(self._handle)

    @property
    def content_size(self) -> tuple[float, float]:
        """The content's width and height."""
        width, height = ctypes.c_double(), ctypes.c_double()
        _native.lib.cardsize_layout_content_size(self._handle, ctypes.byref(width), ctypes.byref(height))
        return width.value, height.value

    @property
    def elements(self) -> list[Element]:
        """Every element, in layout order."""
        return self._read(lambda buffer, capacity, count, error: _native.lib.cardsize_layout_elements(
            self._handle, buffer, capacity, count, error), len(self))

    def query(self, x: float, y: float, width: float, height: float) -> list[Element]:
        """The elements whose frames meet the rect (edges included), in layout order."""
        rect = _native.Rect(_number(x, "x"), _number(y, "y"), _number(width, "width"), _number(height, "height"))
        return self._read(lambda buffer, capacity, count, error: _native.lib.cardsize_layout_query(
            self._handle, rect, buffer, capacity, count, error), 64)

    @staticmethod
    def _read(call, capacity: int) -> list[Element]:
        return [Element(e.frame.x, e.frame.y, e.frame.width, e.frame.height, e.index, _ELEMENT_KINDS[e.kind])
                for e in filled(_native.Element, call, capacity)]


__all__ = ["Layout", "Element", "item_width", "LayoutKind"]
