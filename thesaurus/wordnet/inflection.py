"""English verb forms from a WordNet lemma (the inverse of morphy, approximately): WordNet's
irregular forms (``verb.exc``, :func:`thesaurus.wordnet.verb_examples.irregular_verb_forms`) where
it lists one for the tag, else English's spelling rules (``-s``/``-es``/``-ies``, ``-ing``,
``-ed``, a final consonant doubled after one short vowel in a one-syllable word).  Used to put
a synset's other lemmas in the place of the one in an example (``wsd.text.wordnet_examples``).
"""

from __future__ import annotations

from thesaurus.wordnet.verb_examples import irregular_verb_forms

__all__ = ["inflect"]

_VOWELS = frozenset("aeiou")


def inflect(lemma: str, tag: str) -> str:
    """``lemma`` (a multiword's spaces written ``_``: its first word inflected) in the form of
    Penn verb tag ``tag``: WordNet's irregular forms (``verb.exc``) where it lists one, else
    English's spelling rules; an approximation (``VBD`` and ``VBN`` of an irregular verb may
    swap).

    >>> inflect("make", "VBD"), inflect("stop", "VBG"), inflect("carry", "VBZ")  # doctest: +SKIP
    ('made', 'stopping', 'carries')
    >>> inflect("give_up", "VBN"), inflect("create", "VB")                        # doctest: +SKIP
    ('given_up', 'create')
    """
    head, sep, rest = lemma.partition("_")
    return _inflect_word(head, tag) + sep + rest


def _inflect_word(word: str, tag: str) -> str:
    if tag in ("VB", "VBP") or not word.isalpha():
        return word
    irregular = _irregular_forms(word, tag)
    if irregular is not None:
        return irregular
    if tag == "VBZ":
        if word.endswith(("s", "x", "z", "ch", "sh", "o")):
            return word + "es"
        return word[:-1] + "ies" if _consonant_y(word) else word + "s"
    suffix = "ing" if tag == "VBG" else "ed"
    if suffix == "ing" and word.endswith("ie"):
        return word[:-2] + "ying"
    if word.endswith("e"):
        if suffix == "ed":
            return word + "d"
        return word + suffix if word.endswith(("ee", "ye", "oe")) else word[:-1] + suffix
    if suffix == "ed" and _consonant_y(word):
        return word[:-1] + "ied"
    if _doubles(word):
        return word + word[-1] + suffix
    return word + suffix


def _consonant_y(word: str) -> bool:
    return len(word) > 1 and word.endswith("y") and word[-2] not in _VOWELS


def _doubles(word: str) -> bool:
    """Whether a one-syllable word ending consonant-vowel-consonant doubles its last letter
    (``stop`` -> ``stopped``; not ``visit``, ``fix``, ``play``)."""
    if len(word) < 3 or word[-1] in _VOWELS or word[-1] in "wxy" or word[-2] not in _VOWELS:
        return False
    if word[-3] in _VOWELS:
        return False
    vowel_groups = sum(
        1 for i, ch in enumerate(word) if ch in _VOWELS and (i == 0 or word[i - 1] not in _VOWELS)
    )
    return vowel_groups == 1


def _irregular_forms(word: str, tag: str) -> str | None:
    """The irregular form WordNet's ``verb.exc`` lists for ``word`` and ``tag``, if any."""
    forms = irregular_verb_forms().get(word, ())
    if tag == "VBG":
        fitting = [f for f in forms if f.endswith("ing")]
    elif tag == "VBZ":
        fitting = [f for f in forms if f.endswith("s") and not f.endswith("ss")]
    else:
        past = [f for f in forms if not f.endswith(("ing", "s"))]
        participles = [f for f in past if f.endswith(("n", "ne"))]
        fitting = (
            (participles or past)
            if tag == "VBN"
            else ([f for f in past if f not in participles] or past)
        )
    return fitting[0] if fitting else None
