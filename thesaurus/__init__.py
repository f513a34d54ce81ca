"""Thesauri: rooted concept hierarchies with fast path lengths (WordNet 3.0 or from files)."""

from ._exceptions import DataError, ThesaurusError, ToolkitError, UnknownKeyError

__all__ = ["DataError", "ThesaurusError", "ToolkitError", "UnknownKeyError"]
