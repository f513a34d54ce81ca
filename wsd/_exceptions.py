"""Errors of the ``wsd`` layer; all derive from :class:`thesaurus.ToolkitError`.

:class:`ModelError` is also a :class:`ValueError` (scikit-learn's convention) and names the
method parameter at fault in :attr:`ModelError.param` when there is one.
"""

from __future__ import annotations

from thesaurus import DataError, ToolkitError

__all__ = ["CorpusFormatError", "DataError", "ModelError", "ToolkitError", "WSDError"]


class WSDError(ToolkitError):
    """Base of the ``wsd`` layer's errors."""

    __module__ = "wsd"


class CorpusFormatError(WSDError):
    """A corpus or key file is malformed; the message names the file and line."""

    __module__ = "wsd"


class ModelError(WSDError, ValueError):
    """A bad model file, method name, parameter or training data; ``param`` names the method
    parameter at fault (``"beta"``), or is ``None``."""

    __module__ = "wsd"

    def __init__(self, message: str, *, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param
