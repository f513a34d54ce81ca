"""Key files in the standard WSD format (Raganato et al.; Senseval/SemEval scorers):
one line per instance, ``instance_id sense_key [sense_key ...]``.

Read as UTF-8 text by the rules of :mod:`thesaurus._text`: a byte-order mark at the start is
skipped (it would otherwise become part of the first id, which then matches nothing), lines
end at ``\\n``, ``\\r\\n`` or ``\\r``, fields are separated by any whitespace, blank lines are
ignored.  Control characters and a byte-order mark inside the file are errors.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from thesaurus._io import atomic_open
from thesaurus._text import decode, numbered_lines, quote

from .._exceptions import CorpusFormatError

__all__ = ["read_keys", "write_keys"]

# What a written field must not hold: whitespace splits it, controls are refused on reading.
_UNWRITABLE = re.compile(r"[\s\x00-\x1f\x7f-\x9f\ufeff]")


def read_keys(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """Read a key file into ``{instance_id: (sense_key, ...)}``.

    Blank lines are ignored; a line with no sense key, an id given twice, bytes that are not
    UTF-8 or a control character are errors naming the file and line.
    """
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CorpusFormatError(f"cannot read key file {path}: {exc.strerror}") from exc
    keys: dict[str, tuple[str, ...]] = {}
    lines: dict[str, int] = {}
    for lineno, line in numbered_lines(
        path, decode(path, raw, CorpusFormatError), CorpusFormatError
    ):
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
        keys[instance] = tuple(fields[1:])
    return keys


def write_keys(
    path: str | os.PathLike[str],
    keys: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]],
) -> int:
    """Write ``(instance_id, sense_keys)`` pairs atomically; return the number of lines.

    Instances with no sense key are not written (the standard scorers treat a missing line
    as an abstention).  What could not be read back as written is a :class:`CorpusFormatError`
    naming the value, and ``path`` is left as it was: an empty id or key, one holding
    whitespace or a control character, an id given twice.
    """
    items = keys.items() if isinstance(keys, Mapping) else keys
    written: set[str] = set()
    with atomic_open(Path(path)) as handle:
        for instance_id, senses in items:
            senses = tuple(senses)
            if not senses:
                continue
            if instance_id in written:
                raise CorpusFormatError(
                    f"{path}: instance {quote(instance_id)} given twice; a key file has one "
                    "line per instance"
                )
            written.add(instance_id)
            for value in (instance_id, *senses):
                if not value or _UNWRITABLE.search(value):
                    raise CorpusFormatError(
                        f"{path}: cannot write {quote(value)} (instance {quote(instance_id)}) "
                        "to a key file: ids and sense keys must be non-empty, without "
                        "whitespace or control characters"
                    )
            handle.write(f"{instance_id} {' '.join(senses)}\n")
    return len(written)
