"""The files a command reads, as :func:`thesaurus.io.check_outputs` takes them (``(option,
path)`` pairs): the paths the user named plus the files those imply (a Raganato corpus's gold
key file beside it, the word table of a file thesaurus)."""

from __future__ import annotations

import os
from collections.abc import Iterable

__all__ = ["Named", "corpus_inputs", "thesaurus_inputs"]

Named = list[tuple[str, str]]


def corpus_inputs(
    paths: Iterable[str | os.PathLike[str] | None], option: str = "--corpus"
) -> Named:
    """Corpus paths and, for ``x.data.xml``, its ``x.gold.key.txt``."""
    from wsd.corpus import gold_key_path

    out: Named = []
    for path in paths:
        if path is None:
            continue
        out.append((option, os.fspath(path)))
        if os.fspath(path).endswith(".data.xml"):
            out.append((f"the gold keys of {option}", os.fspath(gold_key_path(path))))
    return out


def thesaurus_inputs(specs: Iterable[tuple[str, object]]) -> Named:
    """The files of the file thesauri among ``(option, spec)`` pairs (``<stem>.tsv`` and its
    word table); WordNet specs name no file of the user's."""
    out: Named = []
    for option, spec in specs:
        if isinstance(spec, str) and spec.endswith(".tsv"):
            out += [
                (option, spec),
                (f"the word table of {option}", spec[: -len(".tsv")] + ".words.tsv"),
            ]
    return out
