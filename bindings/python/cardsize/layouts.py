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


def _kind(kind: str) -> int:
    if kind not in _KINDS:
        raise InvalidArgumentError(f"kind: expected one of {', '.join(_KINDS)}, got {kind!r}", "kind", 1)
    return _KINDS[kind]


def _options(kind: str, width: Optional[float], height: Optional[float], scale: Optional[float],
             columns: Optional[int], column_gap: Optional[float], row_gap: Optional[float],
             insets: Optional[Sequence[float]]) -> _native.LayoutOptions:
    """The kind's defaults (the library's, as ``cardsize layout KIND`` has them), with the
    options given in their place."""
    options = _native.LayoutOptions()
    _native.lib.cardsize_layout_options_init(ctypes.byref(options), _kind(kind))
    for name, value in (("width", width), ("height", height), ("scale", scale), ("column_gap", column_gap),
                        ("row_gap", row_gap)):
        if value is not None:
            setattr(options, name, _number(value, name))
    if columns is not None:
        if not isinstance(columns, int) or not 0 <= columns < 2**31:
            raise InvalidArgumentError(f"columns: expected an integer ≥ 0, got {columns!r}", "columns", 1)
        options.columns = columns
    if insets is not None:
        if len(insets) != 4:
            raise InvalidArgumentError("insets: expected (top, left, bottom, right)", "insets", 1)
        options.inset_top, options.inset_left, options.inset_bottom, options.inset_right = (
            _number(value, "insets") for value in insets)
    return options


def _sections(section_size: Optional[int], header_height: float, footer_height: float) -> _native.LayoutSections:
    sections = _native.LayoutSections()
    _native.lib.cardsize_layout_sections_init(ctypes.byref(sections))
    if section_size is not None:
        if not isinstance(section_size, int) or not 1 <= section_size < 2**63:
            raise InvalidArgumentError(f"section_size: expected an integer ≥ 1, got {section_size!r}", "section_size", 1)
        sections.section_size = section_size
    sections.header_height = _number(header_height, "header_height")
    sections.footer_height = _number(footer_height, "footer_height")
    return sections


def item_width(kind: LayoutKind = "grid", *, width: Optional[float] = None, scale: Optional[float] = None,
               columns: Optional[int] = None, column_gap: Optional[float] = None,
               insets: Optional[Sequence[float]] = None) -> float:
    """The width a grid's or waterfall's items are measured at (a cell's or a column's
    width); every option not given is the kind's default, as on the command line."""
    options = _options(kind, width, None, scale, columns, column_gap, None, insets)
    width = ctypes.c_double()
    error = _native.Error()
    check(_native.lib.cardsize_layout_item_width(ctypes.byref(options), ctypes.byref(width), ctypes.byref(error)),
          error)
    return width.value


class Layout(_native.Handle):
    """Items of the given heights laid out once; their frames, and which are in a rect.

    ``grid``: rows of ``columns`` equal cells; ``waterfall``: each item to the shortest of
    ``columns`` columns; ``tag-flow``: items of ``widths`` left-aligned in wrapping rows;
    ``compositional``: the Instagram-search preset in a ``width`` × ``height`` container.
    Frames are rounded to ``scale``'s pixel grid. Every option not given is the kind's
    default, as on the command line (an iPhone 11's screen: 414 pt @2x).

    Grid, waterfall and tag flow items can be cut into sections of ``section_size`` items
    (default: one section), each with a header of ``header_height`` and a footer of
    ``footer_height`` points (default 0: none), as ``cardsize layout KIND --section-size
    --header-height --footer-height`` place them.
    """

    def __init__(self, kind: LayoutKind, heights: Sequence[float], widths: Optional[Sequence[float]] = None, *,
                 width: Optional[float] = None, height: Optional[float] = None, scale: Optional[float] = None,
                 columns: Optional[int] = None, column_gap: Optional[float] = None,
                 row_gap: Optional[float] = None, insets: Optional[Sequence[float]] = None,
                 section_size: Optional[int] = None, header_height: float = 0, footer_height: float = 0):
        options = _options(kind, width, height, scale, columns, column_gap, row_gap, insets)
        sections = _sections(section_size, header_height, footer_height)
        count = len(heights)
        if widths is not None and len(widths) != count:
            raise InvalidArgumentError(f"widths: {len(widths)} widths for {count} heights", "widths", 1)
        height_array = (ctypes.c_double * count)(*(_number(h, f"heights[{i}]") for i, h in enumerate(heights)))
        width_array = None
        if widths is not None:
            width_array = (ctypes.c_double * count)(*(_number(w, f"widths[{i}]") for i, w in enumerate(widths)))
        error = _native.Error()
        handle = _native.lib.cardsize_layout_create_sections(ctypes.byref(options), ctypes.byref(sections),
                                                             height_array, width_array, count, ctypes.byref(error))
        if not handle:
            raise from_native(error)
        self._own(handle, _native.lib.cardsize_layout_destroy,
                  dict(kind=kind, width=width, height=height, scale=scale, columns=columns, column_gap=column_gap,
                       row_gap=row_gap, insets=insets, section_size=section_size,
                       header_height=header_height, footer_height=footer_height))

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
