"""What a *word* is wherever scores or agreement are grouped by word (``wsd score --per-verb``,
``wsd compare``'s Table 1, ``wsd agreement``, the merged sense classes): a lemma with its part
of speech.  The noun and the adverb *square* are two words, each with its own senses, so their
chance agreement and their scores are computed apart.

A sense key's word is its lemma (the word owning the key in the thesaurus of its part of
speech, else the part before ``%``) and the part of speech of its ``ss_type``
(:func:`thesaurus.sense_key_pos`; ``""`` for a key of another resource).  In reports a word is
named by its lemma, with WordNet's part-of-speech letter when the words of the report have
several parts of speech (``square.n``, ``square.r``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from evaluation.acceptability import key_lemma, sense_lemma
from thesaurus import sense_key_pos

__all__ = ["POS_LETTERS", "Word", "key_word", "sense_word", "word_name", "word_names"]

POS_LETTERS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}  # WordNet's synset names


class Word(NamedTuple):
    """A lemma with its part of speech (``noun``, ``verb``, ``adj``, ``adv``, or ``""``)."""

    lemma: str
    pos: str = ""


def sense_word(key: str) -> Word:
    """The word of a sense key without a thesaurus: the part before ``%`` and the key's part
    of speech.

    >>> sense_word("square%1:25:00::"), sense_word("使う.1")
    (Word(lemma='square', pos='noun'), Word(lemma='使う.1', pos=''))
    """
    return Word(sense_lemma(key), sense_key_pos(key) or "")


def key_word(books: object | None = None) -> Callable[[str], Word]:
    """``key -> Word``: :func:`sense_word`, its lemma being the word owning the key in
    ``books`` when they know it (:func:`~evaluation.acceptability.key_lemma`)."""
    if books is None:
        return sense_word
    lemma_of = key_lemma(books)
    return lambda key: Word(lemma_of(key), sense_key_pos(key) or "")


def word_name(word: Word, letters: bool) -> str:
    """``word``'s name in a report: its lemma, with the part-of-speech letter when ``letters``
    (``?`` for a key of another resource).

    >>> word_name(Word("square", "adv"), True), word_name(Word("square", "adv"), False)
    ('square.r', 'square')
    """
    return f"{word.lemma}.{POS_LETTERS.get(word.pos, '?')}" if letters else word.lemma


def word_names(words: Sequence[Word]) -> list[str]:
    """The name of each of ``words`` (:func:`word_name`), with letters when they have several
    parts of speech: distinct words get distinct names.

    >>> word_names([Word("square", "noun"), Word("square", "adv")])
    ['square.n', 'square.r']
    >>> word_names([Word("give", "verb"), Word("take", "verb")])
    ['give', 'take']
    """
    letters = len({word.pos for word in words}) > 1
    return [word_name(word, letters) for word in words]
