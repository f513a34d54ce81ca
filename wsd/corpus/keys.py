"""Key files in the standard WSD format (Raganato et al.; Senseval/SemEval scorers):
one line per instance, ``instance_id sense_key [sense_key ...]``.

Text rules of :mod:`thesaurus.utils.text_input`; fields are separated by any whitespace, blank lines
are ignored.  Sense keys are read and written in lower case (:func:`normalise_key`); instance ids
keep their case and never start with ``{``, ``[`` or ``<``.  WordNet sense keys
(:func:`is_wordnet_key`): ``say%2:32:00::``.  :class:`KeyFileWriter` writes atomically, and
only what reads back as written.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from thesaurus import sense_key_pos
from thesaurus.utils.outputs import atomic_open
from thesaurus.utils.text_input import quote, read_lines
from wsd._exceptions import CorpusFormatError

__all__ = [
    "KeyFileWriter",
    "claims_wordnet",
    "id_problem",
    "is_wordnet_key",
    "key_lines",
    "malformed_key",
    "normalise_key",
    "read_keys",
    "wordnet_pos",
    "writable",
    "write_keys",
]

# What a written field must not hold: whitespace splits it, controls are refused on reading.
_UNWRITABLE = re.compile(r"[\s\x00-\x1f\x7f-\x9f\ufeff\ud800-\udfff]")
# The first character of a line of another kind of file: what that file looks like.
_OTHER_FILES = {
    "{": "JSON (a model file, a JSONL corpus)",
    "[": "JSON or a TOML section (a config)",
    "<": "XML (a corpus, not its key file)",
}


def normalise_key(key: str) -> str:
    """A sense key as every reader keeps it: lower case.

    >>> normalise_key("USE%2:34:01::")
    'use%2:34:01::'
    """
    return key.lower()


def is_wordnet_key(key: str) -> bool:
    """Whether ``key`` has the shape of a WordNet sense key (module docstring).

    >>> is_wordnet_key("say%2:32:00::"), is_wordnet_key("good%5:00:00:well:01")
    (True, True)
    >>> is_wordnet_key("say%garbage"), is_wordnet_key("say%2:32:0::"), is_wordnet_key("run%1")
    (False, False, False)
    """
    return sense_key_pos(key) is not None


def claims_wordnet(key: str) -> bool:
    """Whether ``key`` claims to be a WordNet sense key: ``%`` then ``:``-separated fields.

    >>> claims_wordnet("say%2:32:0"), claims_wordnet("run%1"), claims_wordnet("x:1.5")
    (True, False, False)
    """
    return ":" in key.partition("%")[2]


@functools.lru_cache(maxsize=1 << 16)  # a key file repeats its keys: checked once each
def malformed_key(key: str) -> str | None:
    """Why ``key`` claims to be a WordNet sense key (:func:`claims_wordnet`) but is not one,
    else ``None``: scored, it would only ever be a wrong answer.

    >>> malformed_key("say%2:32:0::")[:40]
    "sense key 'say%2:32:0::' is shaped like "
    >>> malformed_key("say%2:32:00::"), malformed_key("run%1")
    (None, None)
    """
    if not claims_wordnet(key) or is_wordnet_key(key):
        return None
    return (
        f"sense key {quote(key)} is shaped like a WordNet sense key but malformed (WordNet's "
        "are lemma%ss_type:lex_filenum:lex_id:head_word:head_id, as in say%2:32:00::)"
    )


def wordnet_pos(key: str) -> str | None:
    """The ``ss_type`` digit of a WordNet sense key (``"2"``: a verb sense), else None.

    >>> wordnet_pos("say%2:32:00::"), wordnet_pos("run%1")
    ('2', None)
    """
    return key.partition("%")[2][:1] if is_wordnet_key(key) else None


def writable(value: str) -> bool:
    """Whether ``value`` can be a key-file field read back as written: non-empty, without
    whitespace or control characters.

    >>> writable("use%2:34:01::"), writable("d 1"), writable("")
    (True, False, False)
    """
    return bool(value) and _UNWRITABLE.search(value) is None


def id_problem(instance_id: str) -> str | None:
    """Why ``instance_id`` cannot name an instance, or None: the one rule of every reader and
    writer of instance ids (a key file must hold it and read it back as an id).

    >>> id_problem("d000.s000.t000") is None, id_problem("a b")
    (True, 'empty, whitespace or a control character (a key file could not hold it)')
    >>> id_problem("<x")
    "a line starting with '<' reads as XML (a corpus, not its key file)"
    """
    if not writable(instance_id):
        return "empty, whitespace or a control character (a key file could not hold it)"
    looks = _OTHER_FILES.get(instance_id[:1])
    if looks is not None:
        return f"a line starting with {instance_id[:1]!r} reads as {looks}"
    return None


def _other_file(instance: str, first: bool) -> str | None:
    """Why a line starting as JSON, TOML or XML is no key line (None for a key line)."""
    looks = _OTHER_FILES.get(instance[:1])
    if looks is None:
        return None
    what = "not a key file: it" if first else "not a key line: it"
    return (
        f"{what} starts with {instance[:1]!r} like {looks}; a key file has lines "
        "'instance_id sense_key [sense_key ...]'"
    )


def key_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """``(line number, instance id, sense keys)`` of every non-blank line of a key file, keys
    in lower case; :class:`CorpusFormatError` naming ``file:line`` for a line with no sense
    key, an id given twice or a line that is no key line."""
    lines: dict[str, int] = {}
    for lineno, line in read_lines(path, CorpusFormatError, "key file"):
        fields = line.split()
        if not fields:
            continue
        instance = sys.intern(fields[0])  # one string per id: a system's lines share the gold's
        other = _other_file(instance, first=not lines)
        if other is not None:
            raise CorpusFormatError(f"{path}:{lineno}: {other}")
        if len(fields) < 2:
            raise CorpusFormatError(f"{path}:{lineno}: no sense key for {quote(instance)}")
        if instance in lines:
            raise CorpusFormatError(
                f"{path}:{lineno}: instance {quote(instance)} given twice (first at line "
                f"{lines[instance]})"
            )
        lines[instance] = lineno
        yield lineno, instance, tuple(normalise_key(field) for field in fields[1:])


def read_keys(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """The sense keys of a key file by instance id.

    Parameters
    ----------
    path : str or PathLike
        ``instance_id key [key ...]`` per line (:func:`key_lines`).

    Returns
    -------
    dict of str to tuple of str
        Keys in lower case; lines with the same keys share one tuple (a million lines repeat
        a few thousand senses).

    Raises
    ------
    CorpusFormatError
        A line that breaks the format, or a :func:`malformed_key`, naming ``file:line``.
    """
    found: dict[str, tuple[str, ...]] = {}
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}
    for lineno, instance, keys in key_lines(path):
        for key in keys:
            problem = malformed_key(key)
            if problem is not None:
                raise CorpusFormatError(f"{path}:{lineno}: {problem}")
        found[instance] = shared.setdefault(keys, keys)
    return found


class KeyFileWriter:
    """Key-file lines written atomically to ``path`` (a context manager), fields in lower
    case; :meth:`write` raises :class:`CorpusFormatError` naming a value that would not read
    back as written (a :func:`malformed_key` too), and ``path`` is left as it was.
    :attr:`lines` counts the lines."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self.lines = 0
        self._written: set[str] = set()
        self._opened = atomic_open(Path(path))
        self._handle: IO[Any] | None = None

    def __enter__(self) -> KeyFileWriter:
        self._handle = self._opened.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> bool | None:
        return self._opened.__exit__(kind, value, traceback)

    def write(self, instance_id: str, fields: Sequence[str], shown: Sequence[str] = ()) -> None:
        """One line ``instance_id fields...``; ``shown``: the values to name if one is refused."""
        assert self._handle is not None, "write inside the with block"
        if instance_id in self._written:
            raise CorpusFormatError(
                f"{self.path}: instance {quote(instance_id)} given twice; a key file has one "
                "line per instance"
            )
        for value in (instance_id, *(shown or fields)):
            if not writable(value):
                raise CorpusFormatError(
                    f"{self.path}: cannot write {quote(value)} (instance {quote(instance_id)}) "
                    "to a key file: ids and sense keys must be non-empty, without "
                    "whitespace or control characters"
                )
        problem = next(
            filter(None, (malformed_key(normalise_key(k)) for k in shown or fields)), None
        )
        if problem is not None:
            raise CorpusFormatError(
                f"{self.path}: cannot write instance {quote(instance_id)}: {problem}"
            )
        problem = id_problem(instance_id)
        if problem is not None:
            raise CorpusFormatError(
                f"{self.path}: cannot write instance {quote(instance_id)} to a key file: {problem}"
            )
        self._written.add(instance_id)
        self._handle.write(f"{instance_id} {' '.join(normalise_key(f) for f in fields)}\n")
        self.lines += 1


def write_keys(
    path: str | os.PathLike[str],
    keys: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]],
) -> int:
    """Write a key file, atomically (:class:`KeyFileWriter`).

    Parameters
    ----------
    path : str or PathLike
        The file (``-``: standard output).
    keys : mapping or iterable of (str, iterable of str)
        The sense keys by instance id; an instance without a key (an abstention) gets no line.

    Returns
    -------
    int
        The lines written.

    Raises
    ------
    CorpusFormatError
        An id or key a key file cannot hold, an id twice; the earlier file stays.
    """
    items = keys.items() if isinstance(keys, Mapping) else keys
    with KeyFileWriter(path) as out:
        for instance_id, senses in items:
            senses = tuple(senses)
            if senses:
                out.write(instance_id, senses)
    return out.lines
