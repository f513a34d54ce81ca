"""Errors of the ``wsd`` layer; all derive from :class:`thesaurus.ToolkitError`."""

from __future__ import annotations

from thesaurus._exceptions import DataError, ToolkitError

__all__ = ["CorpusFormatError", "DataError", "ModelError", "ToolkitError", "WSDError"]


class WSDError(ToolkitError):
    """Base of the ``wsd`` layer's errors."""


class CorpusFormatError(WSDError):
    """A corpus or key file is malformed; the message names the file and line."""


class ModelError(WSDError):
    """A model file is not ours, is corrupted, or was built against other resources; or an
    unknown method/parameter was asked for."""
