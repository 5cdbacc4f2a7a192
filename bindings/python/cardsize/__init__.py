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
from .text import METRICS_FIELDS, TextLine, TextMeasurer, TextMetrics, measure_request

#: The package's version, the same as ``cardsize --version``'s (the tests compare them).
__version__ = "1.0.0"


#: The Arrow and Parquet functions (cardsize.arrow), loaded on first use: pyarrow is an
#: optional dependency (``pip install cardsize[arrow]``), so they stay out of ``__all__``,
#: whose star import would need it.
_ARROW_NAMES = ("measure_batches", "measure_parquet", "measure_table", "write_json_lines")


def __getattr__(name: str) -> object:
    if name in _ARROW_NAMES:
        from . import arrow
        return getattr(arrow, name)
    raise AttributeError(f"module 'cardsize' has no attribute {name!r}")


def version() -> str:
    """The version of the C interface the package calls, "MAJOR.MINOR" (not the package's:
    that is ``__version__``)."""
    return _native.lib.cardsize_version().decode()


__all__ = [
    "CardMeasurer", "CardSize", "CatalogCard", "CatalogFileNotFoundError", "CardsizeError", "Element", "FontError",
    "FontFileNotFoundError", "InvalidArgumentError", "InvalidUTF8Error", "Layout", "LayoutError", "METRICS_FIELDS",
    "RecordError", "TemplateError", "TextLine", "TextMeasurer", "TextMetrics", "item_width", "measure_request", "version",
    "__version__",
]
