"""The project's one exception hierarchy.

Every error a user can cause derives from :class:`ToolkitError`; the CLI turns it into one line
on stderr and exit status 2.  Messages are short, lower-case and name the offending value,
file or line.
"""

from __future__ import annotations


class ToolkitError(Exception):
    """Base class of every error this toolkit raises on purpose."""


class ThesaurusError(ToolkitError):
    """A thesaurus is malformed (cycle, orphan node) or a key/word is not in it."""


class UnknownKeyError(ThesaurusError, KeyError):
    """A sense key, node id or word is not in the thesaurus."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class DataError(ToolkitError):
    """A required resource (WordNet, a corpus) is missing or unreadable."""
