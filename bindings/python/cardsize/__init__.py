"""cardsize: offline text measurement and self-sizing card layout (HarfBuzz, FreeType, ICU).

>>> import cardsize
>>> cardsize.TextMeasurer(size=15).measure("吾輩は猫である", width=127).line_count
1

The bundled fonts come with the package; no configuration is needed.
"""
from . import _native
from .cards import CardMeasurer, CardSize, CatalogCard
from .errors import (CardsizeError, FontError, InvalidArgumentError, InvalidUTF8Error, LayoutError, RecordError,
                     TemplateError)
from .layouts import Element, Layout, item_width
from .text import METRICS_FIELDS, TextLine, TextMeasurer, TextMetrics


def version() -> str:
    """The C interface's version, "MAJOR.MINOR"."""
    return _native.lib.cardsize_version().decode()


__all__ = [
    "CardMeasurer", "CardSize", "CatalogCard", "CardsizeError", "Element", "FontError", "InvalidArgumentError",
    "InvalidUTF8Error", "Layout", "LayoutError", "METRICS_FIELDS", "RecordError", "TemplateError", "TextLine",
    "TextMeasurer", "TextMetrics", "item_width", "version",
]
