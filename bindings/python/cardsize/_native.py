"""The C interface of libcardsize (include/cardsize.h) declared for ctypes.

Private: the public API is in the package's other modules. Every structure here mirrors
one of the header's, field by field and in order.
"""
from __future__ import annotations

import ctypes
import inspect
import os
from ctypes import (
    CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double, c_int, c_int32, c_int64, c_size_t, c_void_p,
)
from pathlib import Path
from typing import Any, Callable, Optional

c_status = c_int


class Error(Structure):
    _fields_ = [("code", c_status), ("field", c_char * 64), ("message", c_char * 512), ("needed", c_size_t)]


class TextStyle(Structure):
    _fields_ = [
        ("font_files", POINTER(c_char_p)), ("font_file_count", c_size_t), ("size", c_double),
        ("scale", c_double), ("language", c_char_p), ("line_spacing", c_double),
        ("line_break", c_int), ("profile", c_int),
        ("line_height", c_char_p), ("white_space", c_char_p), ("word_break", c_char_p),
        ("overflow_wrap", c_char_p), ("letter_spacing", c_char_p),
    ]


class TextBox(Structure):
    _fields_ = [("width", c_double), ("max_lines", c_int32), ("reserve_lines", c_int32), ("ellipsize", c_int32)]


class TextMetrics(Structure):
    _fields_ = [
        ("height", c_double), ("width", c_double), ("natural_width", c_double), ("minimum_slack", c_double),
        ("line_count", c_int32), ("truncated", c_int32), ("missing_glyphs", c_int32),
    ]


class TextLine(Structure):
    _fields_ = [("start", c_int64), ("width", c_double), ("height", c_double), ("slack", c_double),
                ("has_ellipsis", c_int32)]


class Record(Structure):
    _fields_ = [("id", c_char_p), ("title", c_char_p), ("author", c_char_p), ("image_width", c_double),
                ("image_height", c_double)]


class CardSize(Structure):
    _fields_ = [("width", c_double), ("height", c_double), ("title_lines", c_int32), ("title_truncated", c_int32),
                ("title_slack", c_double)]


class CardOptions(Structure):
    _fields_ = [("template_name_or_json", c_char_p), ("scale", c_double), ("language", c_char_p),
                ("cover_sizes_path", c_char_p), ("cache_capacity", c_size_t)]


class Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class Element(Structure):
    _fields_ = [("frame", Rect), ("index", c_int64), ("kind", c_int)]


class LayoutOptions(Structure):
    _fields_ = [
        ("kind", c_int), ("width", c_double), ("height", c_double),
        ("scale", c_double), ("columns", c_int32), ("column_gap", c_double), ("row_gap", c_double),
        ("inset_top", c_double), ("inset_left", c_double), ("inset_bottom", c_double), ("inset_right", c_double),
    ]


class LayoutSections(Structure):
    _fields_ = [("section_size", c_size_t), ("header_height", c_double), ("footer_height", c_double)]


CardCallback = CFUNCTYPE(None, c_void_p, c_size_t, c_char_p, POINTER(CardSize), POINTER(Error))

_PACKAGE = Path(__file__).resolve().parent


def _candidates() -> list[Path]:
    """Where the library is looked for, in order."""
    found = []
    if os.environ.get("CARDSIZE_LIBRARY"):
        found.append(Path(os.environ["CARDSIZE_LIBRARY"]))
    found.append(_PACKAGE / "lib" / "libcardsize.so")  # a wheel, or pip install from the repository
    root = _PACKAGE.parent.parent.parent  # bindings/python/cardsize -> the repository
    for build in ("release", "debug"):
        found.append(root / ".build" / build / "libcardsize-c.so")
    return found


def _load() -> ctypes.CDLL:
    candidates = _candidates()
    for path in candidates:
        if path.is_file():
            return ctypes.CDLL(str(path))
    looked = ", ".join(str(path) for path in candidates)
    raise ImportError(f"libcardsize not found (looked in {looked}); build it with "
                      "`swift build --product cardsize-c` or set CARDSIZE_LIBRARY")


lib = _load()


def _declare(name: str, restype: Any, *argtypes: Any) -> None:
    function = getattr(lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)


_declare("cardsize_version", c_char_p)
_declare("cardsize_text_style_init", None, POINTER(TextStyle))
_declare("cardsize_text_box_init", None, POINTER(TextBox))
_declare("cardsize_text_measurer_create", c_void_p, POINTER(TextStyle), c_size_t, POINTER(Error))
_declare("cardsize_text_measurer_destroy", None, c_void_p)
_declare("cardsize_measure_text", c_status, c_void_p, c_char_p, c_size_t, POINTER(TextBox), POINTER(TextMetrics),
         POINTER(Error))
_declare("cardsize_measure_text_lines", c_status, c_void_p, c_char_p, c_size_t, POINTER(TextBox), POINTER(TextLine),
         c_size_t, POINTER(c_size_t), POINTER(Error))
_declare("cardsize_measure_texts", c_status, c_void_p, POINTER(c_char_p), POINTER(c_size_t), c_size_t,
         POINTER(TextBox), c_size_t, POINTER(TextMetrics), POINTER(c_status), POINTER(Error), POINTER(Error))
_declare("cardsize_card_options_init", None, POINTER(CardOptions), c_int)
_declare("cardsize_card_measurer_create", c_void_p, POINTER(CardOptions), POINTER(Error))
_declare("cardsize_card_measurer_destroy", None, c_void_p)
_declare("cardsize_measure_cards", c_status, c_void_p, POINTER(Record), c_size_t, c_double, c_size_t,
         POINTER(CardSize), POINTER(c_status), POINTER(Error), POINTER(Error))
_declare("cardsize_measure_catalog", c_status, c_void_p, c_char_p, c_double, c_size_t, CardCallback, c_void_p,
         POINTER(Error))
_declare("cardsize_layout_options_init", None, POINTER(LayoutOptions), c_int)
_declare("cardsize_layout_item_width", c_status, POINTER(LayoutOptions), POINTER(c_double), POINTER(Error))
_declare("cardsize_layout_create", c_void_p, POINTER(LayoutOptions), POINTER(c_double), POINTER(c_double), c_size_t,
         POINTER(Error))
_declare("cardsize_layout_sections_init", None, POINTER(LayoutSections))
_declare("cardsize_layout_create_sections", c_void_p, POINTER(LayoutOptions), POINTER(LayoutSections),
         POINTER(c_double), POINTER(c_double), c_size_t, POINTER(Error))
_declare("cardsize_layout_destroy", None, c_void_p)
_declare("cardsize_layout_element_count", c_size_t, c_void_p)
_declare("cardsize_layout_elements", c_status, c_void_p, POINTER(Element), c_size_t, POINTER(c_size_t),
         POINTER(Error))
_declare("cardsize_layout_content_size", None, c_void_p, POINTER(c_double), POINTER(c_double))
_declare("cardsize_layout_query", c_status, c_void_p, Rect, POINTER(Element), c_size_t, POINTER(c_size_t),
         POINTER(Error))


class Handle:
    """A base for the classes that own one of the C interface's handles: the handle is
    destroyed with the object (or never made, when creating it failed)."""

    _handle: Optional[int] = None
    _arguments: dict[str, Any] = {}

    def _own(self, handle: int, destroy: Callable[[int], None], arguments: dict[str, Any]) -> None:
        """Takes ``handle``, made from ``arguments`` (the constructor's, shown by ``repr``)."""
        self._handle = handle
        self._destroy = destroy
        self._arguments = arguments

    def __repr__(self) -> str:
        # The constructor call that makes an equal object, defaults left out.
        defaults = inspect.signature(type(self)).parameters
        shown = [f"{name}={value!r}" for name, value in self._arguments.items()
                 if name not in defaults or defaults[name].default is inspect.Parameter.empty
                 or value != defaults[name].default]
        return f"{type(self).__name__}({', '.join(shown)})"

    def __del__(self) -> None:
        if self._handle:
            self._destroy(self._handle)
            self._handle = None
