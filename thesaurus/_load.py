"""``thesaurus.load(spec)``: one cached :class:`Thesaurus` per spec for the whole process."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from pathlib import Path

from ._core import Thesaurus
from ._exceptions import DataError
from ._files import load_file
from ._wordnet import load_wordnet_nouns, load_wordnet_verbs

__all__ = ["SPECS", "load"]

SPECS: dict[str, Callable[[], Thesaurus]] = {
    "wordnet-verb": load_wordnet_verbs,
    "wordnet-verb+groups": partial(load_wordnet_verbs, verb_groups=True),
    "wordnet-noun": load_wordnet_nouns,
}


def load(spec: str | Path) -> Thesaurus:
    """``"wordnet-verb"``, ``"wordnet-verb+groups"`` (verb groups as siblings, see
    ``thesaurus/README.md``), ``"wordnet-noun"`` or the path of a ``<stem>.tsv`` file thesaurus.

    Loaded once per process (file paths are resolved first, so two spellings of one path
    share the object); ``load.cache_clear()`` forgets them all.
    """
    text = str(spec)
    if text in SPECS:
        return _load(text)
    path = Path(text).expanduser()
    if not text.endswith(".tsv"):
        raise DataError(f"unknown thesaurus {text!r}: use {', '.join(SPECS)} or a <stem>.tsv file")
    return _load(str(path.resolve()))


@cache
def _load(spec: str) -> Thesaurus:
    if spec in SPECS:
        return SPECS[spec]()
    return load_file(spec)


load.cache_clear = _load.cache_clear  # type: ignore[attr-defined]
