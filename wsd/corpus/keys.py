"""Key files in the standard WSD format (Raganato et al.; Senseval/SemEval scorers):
one line per instance, ``instance_id sense_key [sense_key ...]``."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from thesaurus._io import atomic_open

from .._exceptions import CorpusFormatError

__all__ = ["read_keys", "write_keys"]


def read_keys(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """Read a key file into ``{instance_id: (sense_key, ...)}``.

    Blank lines are ignored; a line with no sense key, or an id given twice, is an error
    naming the file and line.
    """
    keys: dict[str, tuple[str, ...]] = {}
    try:
        handle = open(path, encoding="utf-8")
    except OSError as exc:
        raise CorpusFormatError(f"cannot read key file {path}: {exc.strerror}") from exc
    with handle:
        for lineno, line in enumerate(handle, 1):
            fields = line.split()
            if not fields:
                continue
            if len(fields) < 2:
                raise CorpusFormatError(f"{path}:{lineno}: no sense key for {fields[0]!r}")
            if fields[0] in keys:
                raise CorpusFormatError(f"{path}:{lineno}: instance {fields[0]!r} given twice")
            keys[fields[0]] = tuple(fields[1:])
    return keys


def write_keys(
    path: str | os.PathLike[str],
    keys: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]],
) -> int:
    """Write ``(instance_id, sense_keys)`` pairs atomically; return the number of lines.

    Instances with no sense key are not written (the standard scorers treat a missing line
    as an abstention).
    """
    items = keys.items() if isinstance(keys, Mapping) else keys
    count = 0
    with atomic_open(Path(path)) as handle:
        for instance_id, senses in items:
            senses = tuple(senses)
            if senses:
                handle.write(f"{instance_id} {' '.join(senses)}\n")
                count += 1
    return count
