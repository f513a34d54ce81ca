"""``thesaurus.load(spec)``: one cached :class:`Thesaurus` per spec for the whole process, and
which WordNet thesaurus a sense key belongs to (:func:`sense_key_pos`, :data:`WORDNET_SPECS`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path

from thesaurus._core import Thesaurus
from thesaurus.files import load_file
from thesaurus.utils.errors import DataError
from thesaurus.wordnet.adjectives_adverbs import load_wordnet_adjectives, load_wordnet_adverbs
from thesaurus.wordnet.verbs_nouns import load_wordnet_nouns, load_wordnet_verbs

__all__ = ["SPECS", "WORDNET_SPECS", "load", "sense_key_pos"]

SPECS: dict[str, Callable[[], Thesaurus]] = {
    "wordnet-verb": load_wordnet_verbs,
    "wordnet-verb+groups": partial(load_wordnet_verbs, verb_groups=True),
    "wordnet-noun": load_wordnet_nouns,
    "wordnet-adj": load_wordnet_adjectives,
    "wordnet-adv": load_wordnet_adverbs,
}

# The default WordNet thesaurus of each part of speech (sense_key_pos's answers).
WORDNET_SPECS = {
    "noun": "wordnet-noun",
    "verb": "wordnet-verb",
    "adj": "wordnet-adj",
    "adv": "wordnet-adv",
}

# lemma%ss_type:lex_filenum:lex_id:head_word:head_id (senseidx(5WN)); head_* only for ss_type 5
_SENSE_KEY = re.compile(
    r"[^%\s]+%(?:([1-4]):[0-9]{2}:[0-9]{2}::|(5):[0-9]{2}:[0-9]{2}:[^%:\s]+:[0-9]{2})"
)
_SS_TYPE_POS = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}


def sense_key_pos(key: str) -> str | None:
    """The part of speech of a WordNet sense key.

    Parameters
    ----------
    key : str
        Any sense id.

    Returns
    -------
    str or None
        ``"noun"``, ``"verb"``, ``"adj"`` or ``"adv"`` (a key of :data:`WORDNET_SPECS`);
        ``None`` for anything that is no WordNet sense key.

    Examples
    --------
    >>> [sense_key_pos(k) for k in ("bank%1:14:00::", "use%2:34:01::", "hot%3:00:01::")]
    ['noun', 'verb', 'adj']
    >>> sense_key_pos("warm%5:00:00:hot:01"), sense_key_pos("quickly%4:02:00::")
    ('adj', 'adv')
    >>> sense_key_pos("人を使う"), sense_key_pos("use.v.01"), sense_key_pos("use%2:34:1::")
    (None, None, None)
    """
    match = _SENSE_KEY.fullmatch(key)
    if match is None:
        return None
    return _SS_TYPE_POS[match.group(1) or match.group(2)]


def load(spec: str | Path) -> Thesaurus:
    """A thesaurus by name or path, loaded once per process (``load.cache_clear()`` forgets).

    Parameters
    ----------
    spec : str or Path
        ``"wordnet-verb"``, ``"wordnet-verb+groups"``, ``"wordnet-noun"``, ``"wordnet-adj"``,
        ``"wordnet-adv"`` or the path of a ``<stem>.tsv`` file thesaurus (:func:`load_file`).

    Returns
    -------
    Thesaurus

    Raises
    ------
    DataError
        For an unknown name, or when WordNet or the file is missing.
    ThesaurusError
        For a malformed file thesaurus.
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
