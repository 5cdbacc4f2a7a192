"""cardsize: offline text measurement and self-sizing card layout (HarfBuzz, FreeType, ICU).

>>> import cardsize
>>> cardsize.TextMeasurer(size=15).measure("吾輩は猫である", width=127).line_count
1

The bundled fonts come with the package; no configuration is needed.
"""
from . import _native
from .cards import CardMeasurer, CardSize, CatalogCard
from .errors import (CardsizeError, CatalogFileNotFoundError, FontError, FontFileNotFoundError, InvalidArgumentError,
                     InvalidUTF8Error, LayoutError, RecordError, TemplateError)
from .layouts import Element, Layout, item_width
from .text import METRICS_FIELDS, TextLine, TextMeasurer, TextMetrics

#: The package's version, the same as ``cardsize --version``'s (the tests compare them).
__version__ = "1.0.0"


def version() -> str:
    """The version of the C interface the package calls, "MAJOR.MINOR" (not the package's:
    that is ``__version__``)."""
    return _native.lib.cardsize_version().decode()


__all__ = [
    "CardMeasurer", "CardSize", "CatalogCard", "CatalogFileNotFoundError", "CardsizeError", "Element", "FontError",
    "FontFileNotFoundError", "InvalidArgumentError", "InvalidUTF8Error", "Layout", "LayoutError", "METRICS_FIELDS",
    "RecordError", "TemplateError", "TextLine", "TextMeasurer", "TextMetrics", "item_width", "version",
    "__version__",
]
