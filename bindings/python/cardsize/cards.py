"""Card heights for records, from a built-in template or template JSON."""
from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from typing import Any, Iterable, Literal, Mapping, Optional, Union

from . import _native, layouts
from .errors import CardsizeError, CatalogFileNotFoundError, InvalidArgumentError, check, file_not_found, from_native
from .layouts import LayoutKind, _kind
from .text import _count, _number, _utf8


@dataclass(frozen=True)
class CardSize:
    """A card's size at a width: the numbers of ``cardsize measure``."""

    width: float
    height: float
    title_lines: int
    title_truncated: bool
    #: the title's smallest line slack
    title_slack: float

    @classmethod
    def _from(cls, size: _native.CardSize) -> "CardSize":
        return cls(size.width, size.height, size.title_lines, bool(size.title_truncated), size.title_slack)


@dataclass(frozen=True)
class CatalogCard:
    """One record of a catalog file: its id, and its size or the error that stands for it."""

    index: int
    id: str
    size: Optional[CardSize]
    error: Optional[CardsizeError]


class CardMeasurer(_native.Handle):
    """Sizes cards of one template for catalog records; safe to share between threads.

    ``template`` is ``"book"``, ``"book-hug"`` or a template's JSON text (what
    ``cardsize --template FILE`` reads); ``language`` is ``"auto"`` (ja for titles with
    kana or kanji, else en) or a BCP 47 tag; ``cover_sizes`` a CSV of width,height sizes
    given to records without one. The caches only make repeats cheaper. The cards are for a
    layout of ``kind``: the template and scale not given are its defaults, as on the command
    line (``cardsize measure``: a grid's book cards at @2x).
    """

    def __init__(self, template: Optional[str] = None, *, kind: LayoutKind = "grid", scale: Optional[float] = None,
                 language: str = "auto", cover_sizes: Optional[Union[str, os.PathLike]] = None,
                 cache_capacity: int = 131_072):
        options = _native.CardOptions()
        _native.lib.cardsize_card_options_init(ctypes.byref(options), _kind(kind))
        self.kind = kind
        template_bytes = None if template is None else _utf8(template, "template")
        if template_bytes is not None:
            options.template_name_or_json = template_bytes
        if scale is not None:
            options.scale = _number(scale, "scale")
        language_bytes = _utf8(language, "language")
        options.language = language_bytes
        if cover_sizes is not None and not os.path.exists(cover_sizes):
            raise file_not_found(CatalogFileNotFoundError, os.fspath(cover_sizes), "cover_sizes")
        cover_bytes = _utf8(os.fspath(cover_sizes), "cover_sizes") if cover_sizes is not None else None
        options.cover_sizes_path = cover_bytes
        options.cache_capacity = _count(cache_capacity, "cache_capacity")
        error = _native.Error()
        handle = _native.lib.cardsize_card_measurer_create(ctypes.byref(options), ctypes.byref(error))
        if not handle:
            raise from_native(error)
        self._own(handle, _native.lib.cardsize_card_measurer_destroy,
                  dict(template=template, kind=kind, scale=scale, language=language, cover_sizes=cover_sizes,
                       cache_capacity=cache_capacity))

    def measure(self, records: Iterable[Mapping[str, Any]], item_width: Optional[float] = None, *, threads: int = 0,
                on_error: Literal["raise", "keep"] = "raise") -> list[Any]:
        """Sizes each record's card at ``item_width`` points (by default the item width of
        the measurer's layout with its defaults). A record is a mapping with ``id``,
        ``title`` and ``author`` (strings; numbers are written as strings) and optionally
        ``image_width`` and ``image_height`` (the cover's pixels); other keys are a catalog
        row's other columns, as in a CSV or JSON Lines catalog.

        Returns :class:`CardSize` per record in order; with ``on_error="keep"`` a failed
        record's entry is its :class:`CardsizeError` instead of raising the first.
        """
        rows = list(records)
        count = len(rows)
        native = (_native.Record * count)()
        keep = []  # the encoded strings live as long as the call
        for i, row in enumerate(rows):
            if not isinstance(row, Mapping):
                raise InvalidArgumentError(f"records[{i}]: expected a mapping, got {type(row).__name__}",
                                           f"records[{i}]", 1)
            for name in ("id", "title", "author"):
                value = row.get(name)
                encoded = None if value is None else _utf8(str(value), name)
                keep.append(encoded)
                setattr(native[i], name, encoded)
            native[i].image_width = _record_number(row.get("image_width") or 0, "image_width")
            native[i].image_height = _record_number(row.get("image_height") or 0, "image_height")
        sizes = (_native.CardSize * count)()
        statuses = (ctypes.c_int * count)()
        errors = (_native.Error * count)()
        error = _native.Error()
        width = layouts.item_width(self.kind) if item_width is None else _number(item_width, "item_width")
        status = _native.lib.cardsize_measure_cards(self._handle, native, count, width,
                                                    _count(threads, "threads"), sizes, statuses, errors,
                                                    ctypes.byref(error))
        if status != 0 and (on_error == "raise" or not any(statuses)):
            raise from_native(error)
        return [from_native(errors[i]) if statuses[i] else CardSize._from(sizes[i]) for i in range(count)]

    def measure_catalog(self, path: Union[str, os.PathLike], item_width: Optional[float] = None, *,
                        threads: int = 0) -> list[CatalogCard]:
        """Sizes every record of a CSV or JSON Lines catalog (by extension; columns id,
        title, author) at ``item_width`` (by default as for :meth:`measure`), read and
        measured exactly as ``cardsize measure`` does: one :class:`CatalogCard` per record,
        a bad record carrying its error."""
        width = layouts.item_width(self.kind) if item_width is None else _number(item_width, "item_width")
        if not os.path.exists(path):
            raise file_not_found(CatalogFileNotFoundError, os.fspath(path), "path")
        cards: list[CatalogCard] = []

        def collect(_context, index, record_id, size, error):
            failure = error.contents
            identifier = record_id.decode("utf-8")
            if failure.code:
                cards.append(CatalogCard(index, identifier, None, from_native(failure)))
            else:
                cards.append(CatalogCard(index, identifier, CardSize._from(size.contents), None))

        callback = _native.CardCallback(collect)
        error = _native.Error()
        check(_native.lib.cardsize_measure_catalog(self._handle, _utf8(os.fspath(path), "path"),
                                                   width, _count(threads, "threads"), callback,
                                                   None, ctypes.byref(error)), error)
        return cards


def _record_number(value: Any, field: str) -> float:
    """A record's number, which may be text as a CSV reader gives it ("300")."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{field}: expected a number, got {value!r}", field, 1) from None


__all__ = ["CardMeasurer", "CardSize", "CatalogCard"]
