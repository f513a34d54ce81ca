"""The project's one exception hierarchy: every error a user can cause derives from
:class:`ToolkitError` (the CLI prints one line, exit status 2).  Each class's ``__module__``
is the package that exports it.
"""

from __future__ import annotations


class ToolkitError(Exception):
    """Base class of every error this toolkit raises on purpose."""

    __module__ = "thesaurus"


class ThesaurusError(ToolkitError):
    """A thesaurus is malformed (cycle, orphan node) or a key/word is not in it."""

    __module__ = "thesaurus"


class UnknownKeyError(ThesaurusError, KeyError):
    """A sense key, node id or word is not in the thesaurus."""

    __module__ = "thesaurus"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class DataError(ToolkitError):
    """A required resource (WordNet, a corpus) is missing or unreadable."""

    __module__ = "thesaurus"


class OutputError(ToolkitError):
    """An output cannot be written where it was asked: a folder or device in the way, a
    folder that cannot be written, or a path that is an input or another output."""

    __module__ = "thesaurus"
