"""WordNet 3.0 glosses of sense keys, read from WordNet's database files as the thesauri read
them (:mod:`thesaurus.wordnet.data`): ``index.sense`` names the synset of a key (its offset in
``data.<pos>``), and that synset's line ends in ``| gloss`` (the definition, then any quoted
examples, as WordNet writes them).

:func:`sense_gloss` answers ``None`` for anything that is no WordNet sense key (a file
thesaurus's sense ids, such as the Japanese example's ``人を使う``) without reading WordNet,
and for a well-formed key WordNet does not list.  The files are read once per process and part
of speech (about 0.5 s for the first verb key), then each lookup is two dictionary reads.
"""

from __future__ import annotations

from functools import cache

from thesaurus.specs import sense_key_pos
from thesaurus.wordnet.data import database_lines

__all__ = ["sense_gloss"]


def sense_gloss(key: str) -> str | None:
    """The WordNet gloss of the synset of a sense.

    Parameters
    ----------
    key : str
        A sense id (looked up lower-cased).

    Returns
    -------
    str or None
        The gloss; ``None`` when ``key`` is no WordNet sense key or WordNet does not list it.

    Raises
    ------
    DataError
        When WordNet itself is missing (for a WordNet key).

    Examples
    --------
    >>> sense_gloss("人を使う") is None                       # a file thesaurus's sense id
    True
    >>> sense_gloss("make%2:36:01::")                        # doctest: +SKIP
    'create or manufacture a man-made product; "We produce more cars than we can sell"; ...'
    """
    pos = sense_key_pos(key)
    if pos is None:
        return None
    offset = _sense_offsets().get(key.lower())
    if offset is None:
        return None
    return _glosses(pos).get(offset)


@cache
def _sense_offsets() -> dict[str, int]:
    """``sense key -> synset offset``, from ``index.sense`` (``key offset number count``)."""
    out = {}
    for line in database_lines("index.sense"):
        key, offset, _ = line.split(" ", 2)
        out[key] = int(offset)
    return out


@cache
def _glosses(pos: str) -> dict[int, str]:
    """``synset offset -> gloss`` of ``data.<pos>`` (``noun``, ``verb``, ``adj``, ``adv``)."""
    out = {}
    for line in database_lines(f"data.{pos}"):
        if line.startswith(" "):  # license header
            continue
        _, bar, gloss = line.partition(" | ")
        if bar:
            out[int(line[:8])] = gloss.strip()
    return out


def clear_cache() -> None:
    """Forget the files read (after WordNet was set up again)."""
    _sense_offsets.cache_clear()
    _glosses.cache_clear()
