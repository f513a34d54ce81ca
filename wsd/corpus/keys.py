"""Key files in the standard WSD format (Raganato et al.; Senseval/SemEval scorers):
one line per instance, ``instance_id sense_key [sense_key ...]``.

Read as UTF-8 text by the rules of :mod:`thesaurus._text`: a byte-order mark at the start is
skipped (it would otherwise become part of the first id, which then matches nothing), lines
end at ``\\n``, ``\\r\\n`` or ``\\r``, fields are separated by any whitespace, blank lines are
ignored.  Control characters and a byte-order mark inside the file are errors, reported at
the first problem in file order.

Written by :class:`KeyFileWriter` (:func:`write_keys`, and ``evaluation.answers`` for ranked
lines): atomically, and only what reads back as written.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from thesaurus._text import quote, read_lines
from thesaurus.io import atomic_open

from .._exceptions import CorpusFormatError

__all__ = ["KeyFileWriter", "key_lines", "read_keys", "writable", "write_keys"]

# What a written field must not hold: whitespace splits it, controls are refused on reading.
_UNWRITABLE = re.compile(r"[\s\x00-\x1f\x7f-\x9f\ufeff\ud800-\udfff]")


def writable(value: str) -> bool:
    """Whether ``value`` can be a field of a key file (an instance id or a sense key) and be
    read back as written: non-empty, without whitespace or control characters.

    >>> writable("use%2:34:01::"), writable("d 1"), writable("")
    (True, False, False)
    """
    return bool(value) and _UNWRITABLE.search(value) is None


def key_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """``(line number, instance id, sense keys)`` of every non-blank line of a key file, in
    file order; a line with no sense key, an id given twice, bytes that are not UTF-8 or a
    control character are errors naming the file and line (the first in file order)."""
    lines: dict[str, int] = {}
    for lineno, line in read_lines(path, CorpusFormatError, "key file"):
        fields = line.split()
        if not fields:
            continue
        instance = fields[0]
        if len(fields) < 2:
            raise CorpusFormatError(f"{path}:{lineno}: no sense key for {quote(instance)}")
        if instance in lines:
            raise CorpusFormatError(
                f"{path}:{lineno}: instance {quote(instance)} given twice (first at line "
                f"{lines[instance]})"
            )
        lines[instance] = lineno
        yield lineno, instance, tuple(fields[1:])


def read_keys(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """Read a key file into ``{instance_id: (sense_key, ...)}`` (errors: :func:`key_lines`)."""
    return {instance: keys for _, instance, keys in key_lines(path)}


class KeyFileWriter:
    """Key-file lines written atomically to ``path`` (a context manager): :meth:`write` refuses,
    naming the value, what could not be read back as written (an empty id or field, one
    holding whitespace or a control character, an id given twice), and ``path`` is then left
    as it was; :attr:`lines` counts the lines written."""

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
        """One line ``instance_id fields...``; ``shown`` are the values to name when a field
        is refused (default: the fields themselves)."""
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
        self._written.add(instance_id)
        self._handle.write(f"{instance_id} {' '.join(fields)}\n")
        self.lines += 1


def write_keys(
    path: str | os.PathLike[str],
    keys: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]],
) -> int:
    """Write ``(instance_id, sense_keys)`` pairs atomically; return the number of lines.

    Instances with no sense key are not written (the standard scorers treat a missing line
    as an abstention).  What could not be read back as written is a :class:`CorpusFormatError`
    naming the value, and ``path`` is left as it was (:class:`KeyFileWriter`).
    """
    items = keys.items() if isinstance(keys, Mapping) else keys
    with KeyFileWriter(path) as out:
        for instance_id, senses in items:
            senses = tuple(senses)
            if senses:
                out.write(instance_id, senses)
    return out.lines
