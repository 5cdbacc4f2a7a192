"""Errors raised by cardsize: each names the field at fault."""
from __future__ import annotations

import ctypes

from . import _native


class CardsizeError(Exception):
    """An error from the engine. ``field`` names the input at fault ("size", "title",
    "heights[3]"); ``code`` is the C interface's status."""

    def __init__(self, message: str, field: str = "", code: int = 99):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


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


_BY_CODE = {1: InvalidArgumentError, 2: InvalidUTF8Error, 3: FontError, 4: TemplateError, 5: RecordError,
            6: LayoutError}


def from_native(error: _native.Error) -> CardsizeError:
    """The exception for a filled ``cardsize_error``."""
    kind = _BY_CODE.get(error.code, CardsizeError)
    return kind(error.message.decode("utf-8", "replace"), error.field.decode("utf-8", "replace"), error.code)


def check(status: int, error: _native.Error) -> None:
    """Raises the exception for a failed call."""
    if status != 0:
        raise from_native(error)


_BUFFER_TOO_SMALL = 7


def filled(element_type, call, capacity: int) -> list:
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
