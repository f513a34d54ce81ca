"""Multiword verbs of running text, found by WordNet lookup, as SemCor writes them: one token
(``took place`` -> ``took_place``, lemma ``take_place``).

A token tagged as a verb (Penn ``VB*``) starts a multiword when it and the next words, all
written in letters, make a WordNet verb (:func:`is_wordnet_verb` through WordNet's morphy,
``looked up`` -> ``look_up``); the longest such run of at most :data:`MAX_WORDS` words wins.
Runs broken by other words (``looked it up``) are left as they are.  WordNet lists many
verb + preposition pairs SemCor writes as two tokens (``lived in``, ``went to``, ``was on``):
:func:`separate_multiwords` finds those a corpus leaves separate more often than it joins
them, and the text pipeline does not join them.

>>> known = {"took_place", "looked_up"}.__contains__  # WordNet's morphy in real use
>>> verb_multiwords(["it", "took", "place", "."], ["PRP", "VBD", "NN", "."], known)
[(1, 3)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence

__all__ = ["MAX_WORDS", "is_wordnet_verb", "separate_multiwords", "verb_lemma", "verb_multiwords"]

MAX_WORDS = 3  # of SemCor's 116,531 verb tokens, 5,730 have two words, 249 three, 61 more


def verb_lemma(form: str) -> str:
    """The WordNet verb lemma of ``form`` by morphy (``took_place``: ``take_place``)."""
    from thesaurus.morphy import wordnet_morphy

    return wordnet_morphy().lemma(form, "v")


def is_wordnet_verb(form: str) -> bool:
    """Whether ``form`` (an inflected verb, multiwords written ``_``) has a WordNet verb lemma
    (``took_place``: ``take_place``)."""
    from thesaurus.morphy import wordnet_morphy

    morphy = wordnet_morphy()
    lemma = morphy.lemma(form, "v")
    return lemma in morphy.analyses(lemma, "v")


def verb_multiwords(
    forms: Sequence[str],
    tags: Sequence[str],
    known: Callable[[str], bool] = is_wordnet_verb,
    max_words: int = MAX_WORDS,
) -> list[tuple[int, int]]:
    """The ``(start, end)`` token ranges of a sentence's multiword verbs (module docstring);
    ``known`` tells a multiword verb (its words joined by ``_``)."""
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(forms):
        end = i + 1
        if tags[i].startswith("VB") and forms[i].isalpha():
            for n in range(min(max_words, len(forms) - i), 1, -1):
                words = forms[i : i + n]
                if all(w.isalpha() for w in words) and known("_".join(words)):
                    end = i + n
                    found.append((i, end))
                    break
        i = end
    return found


def separate_multiwords(
    sentences: Iterable[Sequence[tuple[str, str]]], joined: Iterable[Collection[tuple[int, int]]]
) -> list[str]:
    """The lemmas of the multiword verbs :func:`verb_multiwords` finds in tagged ``sentences``
    (``(word, tag)`` pairs) more often where the corpus wrote separate tokens than where it
    wrote one token (``joined``: each sentence's ``(start, end)`` word ranges of its multiword
    verb tokens), sorted."""
    together: Counter[str] = Counter()
    apart: Counter[str] = Counter()
    for words, gold in zip(sentences, joined, strict=True):
        forms, tags = [w for w, _ in words], [t for _, t in words]
        for start, end in verb_multiwords(forms, tags):
            lemma = verb_lemma("_".join(forms[start:end]))
            (together if (start, end) in gold else apart)[lemma] += 1
    return sorted(lemma for lemma, n in apart.items() if n > together[lemma])
