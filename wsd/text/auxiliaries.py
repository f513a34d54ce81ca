"""Auxiliaries: the forms of *be*, *have* and *do* that only carry another verb (``did`` in
``didn't go``, ``had`` in ``had gone``, ``was`` in ``was taken``), which SemCor never
sense-tags (it marks them ``pos=VB ot=notag``), told from the same verbs used on their own
(``she did the work``, ``he was there``), which it sense-tags.

A verb token is an auxiliary when its WordNet lemma is ``be``, ``have`` or ``do`` and the next
token that is not ``not``, ``n't``, ``never`` or an adverb (``RB*``) is tagged as a verb; for
*do*, a subject of up to :data:`MAX_SUBJECT` words may stand between (``did you see``).  On
SemCor's own tags (every third tag file: 6,427 such tokens marked ``notag``, 6,414 sense-tagged)
the rule finds 5,508 of the marked ones and takes 256 sense-tagged ones for auxiliaries
(``is``, ``was``, ``have`` before a verb SemCor reads as their complement); letting the subject
stand between for *be* and *have* too finds 156 more for 298 more sense-tagged ones lost.

>>> tags = ["PRP", "VB", "RB", "VB", "DT", "NN"]
>>> auxiliaries(["She", "did", "n't", "make", "a", "cake"], tags)
[False, True, False, False, False, False]
>>> auxiliaries(["She", "did", "the", "cake"], ["PRP", "VB", "DT", "NN"])
[False, False, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["AUXILIARY", "MAX_SUBJECT", "auxiliaries"]

AUXILIARY = "auxiliary"  # the skip reason no-lemma:auxiliary
MAX_SUBJECT = 3  # words between an inverted do and its verb (did the old man see)
_LEMMAS = ("be", "have", "do")
_BETWEEN = frozenset({"not", "n't", "never"})
_SUBJECT = frozenset({"PRP", "PRP$", "NN", "NNS", "NNP", "NNPS", "DT", "EX", "JJ", "CD"})


def _lemma(form: str) -> str:
    from thesaurus.morphy import wordnet_morphy

    return wordnet_morphy().lemma(form.lower(), "v")


def auxiliaries(words: Sequence[str], tags: Sequence[str]) -> list[bool]:
    """For each word of a tagged sentence, whether it is an auxiliary (module docstring)."""
    found = [False] * len(words)
    for i, (word, tag) in enumerate(zip(words, tags, strict=True)):
        if not tag.startswith("VB"):
            continue
        lemma = _lemma(word)
        if lemma not in _LEMMAS:
            continue
        subject = MAX_SUBJECT if lemma == "do" else 0
        j = i + 1
        while j < len(words):
            if words[j].lower() in _BETWEEN or tags[j].startswith("RB"):
                j += 1
            elif subject and tags[j] in _SUBJECT:
                subject -= 1
                j += 1
            else:
                break
        found[i] = j < len(words) and tags[j].startswith("VB")
    return found
