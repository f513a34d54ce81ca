"""The project's one exception hierarchy, rooted here in the lowest layer so that every layer
derives from it without importing upwards.

Every error a user can cause derives from :class:`ToolkitError`; the CLI turns it into one line
on stderr and exit status 2.  Messages are short, lower-case and name the offending value,
file or line.  The public names are ``thesaurus.ToolkitError`` and friends: like wn, each
class sets ``__module__`` to the package that exports it, so tracebacks show that name.
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
