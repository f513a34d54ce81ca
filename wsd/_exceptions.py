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
    """A model file is not ours, is corrupted, or was built against other resources; an unknown
    method or a bad parameter was asked for; or the training data cannot train a model.

    ``param`` is the name of the method parameter the error is about (``"beta"``), or ``None``.
    """

    __module__ = "wsd"

    def __init__(self, message: str, *, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param
