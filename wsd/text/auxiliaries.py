"""Auxiliaries: the forms of *have* and *do* that only carry another verb (``did`` in
``didn't go``, ``had`` in ``had gone``), which SemCor never sense-tags (it marks them
``pos=VB ot=notag``), told from the same verbs used on their own (``she did the work``, ``they
had a car``), which it sense-tags.

A verb token is an auxiliary when its WordNet lemma is ``have`` or ``do`` and the next token
that is not ``not``, ``n't``, ``never`` or an adverb (``RB*``) is tagged as a verb; for *do*, a
subject of up to :data:`MAX_SUBJECT` words may stand between (``did you see``).  On the
held-out split of ``bench/text_pipeline.py`` (tagged by the tagger trained on the other files),
the rule skips 141 forms of *do* SemCor marks ``notag`` and 5 it sense-tags, and 492 forms of
*have* against 8.  *be* stays an instance: the same rule would skip 1,072 tokens SemCor marks
``notag`` but also 126 it sense-tags (copulas before a participle SemCor reads as an adjective,
``was astonished``, ``is interesting``: 1.4 points of hybrid's precision from raw text), and a
logistic model of the next words trained on the verb detector's fold does not tell them apart
(at a probability of .7 it still skips 86 of them for 1,005).

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
_LEMMAS = ("have", "do")
_BETWEEN = frozenset({"not", "n't", "never"})
_SUBJECT = frozenset({"PRP", "PRP$", "NN", "NNS", "NNP", "NNPS", "DT", "EX", "JJ", "CD"})


def _lemma(form: str) -> str:
    from thesaurus.wordnet.morphy import wordnet_morphy

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
