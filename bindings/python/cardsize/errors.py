"""Errors raised by cardsize: each names the field at fault."""
from __future__ import annotations

import ctypes
import errno
import os
import re
from typing import Any, Callable, TypeVar

from . import _native


class CardsizeError(Exception):
    """An error from the engine. ``field`` names the input at fault ("size", "title",
    "heights[3]"); ``code`` is the C interface's status."""

    def __init__(self, message: str, field: str = "", code: int = 99) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code

    def __str__(self) -> str:
        # The message alone, also for the FileNotFoundError kinds (OSError's would be "[Errno 2] ...").
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, field={self.field!r})"


class InvalidArgumentError(CardsizeError, ValueError):
    """A number out of range, NaN, an unknown name, a missing value."""


class InvalidUTF8Error(CardsizeError, ValueError):
    """Text that is not valid UTF-8 (a str with lone surrogates)."""


class FontError(CardsizeError):
    """A font file that cannot be opened or is damaged, or the bundled fonts not found."""


class TemplateError(CardsizeError, ValueError):
    """A card template that does not read or does not hold together."""


class RecordError(CardsizeError, ValueError):
    """A record that cannot be used, or a catalog file that cannot be read."""


class LayoutError(CardsizeError, ValueError):
    """A layout that cannot be made from its options and heights."""


class FontFileNotFoundError(FontError, FileNotFoundError):
    """A font file that does not exist: a :class:`FontError` and a :class:`FileNotFoundError`
    with ``filename`` set."""


class CatalogFileNotFoundError(RecordError, FileNotFoundError):
    """A catalog or cover-sizes file that does not exist: a :class:`RecordError` and a
    :class:`FileNotFoundError` with ``filename`` set."""


_MissingFile = TypeVar("_MissingFile", FontFileNotFoundError, CatalogFileNotFoundError)


def file_not_found(kind: type[_MissingFile], path: str, field: str) -> _MissingFile:
    """The error for a file named by ``field`` that does not exist: the engine's error kind
    and Python's ``FileNotFoundError`` (``errno``, ``strerror`` and ``filename`` set)."""
    code = next(code for code, base in _BY_CODE.items() if issubclass(kind, base))
    error = kind(f"{field}: no such file: {path}", field, code)
    error.errno, error.strerror, error.filename = errno.ENOENT, os.strerror(errno.ENOENT), path
    return error


_BY_CODE = {1: InvalidArgumentError, 2: InvalidUTF8Error, 3: FontError, 4: TemplateError, 5: RecordError,
            6: LayoutError}


#: The engine's names for a text style's inputs (Swift's) and the C interface's struct fields
#: that the Python API's parameters name otherwise (a layout's fields are named alike at
#: every door).
_PYTHON_NAMES = {
    "displayScale": "scale", "lineSpacing": "line_spacing", "cover_sizes_path": "cover_sizes",
    "template_name_or_json": "template",
}


def from_native(error: _native.Error) -> CardsizeError:
    """The exception for a filled ``cardsize_error``, its field and message naming the Python
    parameter (``columns``, not the engine's ``columnCount``)."""
    kind = _BY_CODE.get(error.code, CardsizeError)
    field = error.field.decode("utf-8", "replace")
    message = error.message.decode("utf-8", "replace")
    # A Python layout is one section: "section 0 columnCount" is the layout's own columns.
    engine_name = re.sub(r"^section \d+ ", "", field)
    python_name = _PYTHON_NAMES.get(engine_name, engine_name)
    if python_name != field and message.startswith(f"{field}:"):
        message = python_name + message[len(field):]
    return kind(message, python_name, error.code)


def check(status: int, error: _native.Error) -> None:
    """Raises the exception for a failed call."""
    if status != 0:
        raise from_native(error)


_BUFFER_TOO_SMALL = 7


def filled(element_type: Any, call: Callable[..., int], capacity: int) -> list[Any]:
    """The elements a call of the C interface writes into a caller's buffer: `call(buffer,
    capacity, count, error)` is retried with the size it asks for when the buffer was too
    small; a failure raises its exception."""
    while True:
        buffer = (element_type * max(1, capacity))()
        count = ctypes.c_size_t()
        error = _native.Error()
        status = call(buffer, capacity, ctypes.byref(count), ctypes.byref(error))
        if status == _BUFFER_TOO_SMALL:
            capacity = error.needed
            continue
        check(status, error)
        return buffer[:count.value]
