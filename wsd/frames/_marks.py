"""The verb's complements that are no noun phrase, as frame marks (``CaseFrame.marks``).

Senses of English verbs differ by what follows them as often as by their nouns: ``found that
he had left`` / ``found it difficult`` / ``found the key``; ``told him to write`` / ``told him
the truth``; ``came home`` / ``came to see``.  After the verb (and after its first one or two
noun phrases, the objects) the first word decides:

======== =================================================================================
``comp``  ``that``: ``that`` + a clause, or a bare clause (a noun phrase and a finite verb:
          ``knew he was``); ``wh``: a wh-word, ``whether`` or ``if``; ``to``: an
          infinitive; ``ing``: a gerund; ``bare``: a bare infinitive after an object
          (``made him go``: the verb's form is its lemma); ``adj``: a predicative adjective
          or participle (``get tired``, ``found it difficult``)
``adv``   a particle-like adverb (``back``, ``out``, ``home``, ``together``), or such a
          preposition without a noun phrase (``came in .``)
``pron``  an object pronoun the class table calls uninformative (``made it``, ``take
          something``), which fills no noun case
======== =================================================================================

Only form, lemma and tag are read, like the rest of the extractor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _tags as T

if TYPE_CHECKING:  # pragma: no cover
    from ._english import _Extractor

__all__ = ["PARTICLE_ADVERBS", "frame_marks"]

PARTICLE_ADVERBS = frozenset(
    """up down out off away back in on over around round about along through across by home
    here there together apart forward forth ahead aside inside outside upstairs downstairs
    abroad overboard""".split()
)
_NOT_A_CLAUSE = frozenset({T.PUNCT, T.CC})


def frame_marks(ex: _Extractor, v: int) -> tuple[tuple[str, str], ...]:
    """The marks of the verb at ``v``: at most one of each label."""
    a = ex.a
    found: dict[str, str] = {}
    i = _after_adverbs(ex, a.right(v), found)
    objects = 0
    while True:
        kind = _clause(ex, i, objects)
        if kind is not None:
            found.setdefault("comp", kind)
            break
        if objects == 2 or a.cat(i) not in (T.PRON, *T.NP_INTERNAL):
            break
        np = ex._np_right(i)
        if np is None:
            break
        if objects == 0 and np.start == np.end and a.cat(i) == T.PRON:
            entry = ex.classes.pronoun(a.word(i))
            if entry is not None and entry.cls is None:
                found.setdefault("pron", a.word(i))  # "make it", "take it": no noun case
        objects += 1
        i = _after_adverbs(ex, a.right(np.end), found)
    return tuple((label, found[label]) for label in ("comp", "adv", "pron") if label in found)


def _after_adverbs(ex: _Extractor, i: int, found: dict[str, str]) -> int:
    """Skip adverbs from ``i``, keeping the first particle-like one as ``adv``."""
    a = ex.a
    while i < a.n:
        word, cat = a.word(i), a.cat(i)
        if word in PARTICLE_ADVERBS and cat in (T.ADV, T.PART, T.P):
            if cat == T.P and a.cat(a.right(i)) in (T.PRON, *T.NP_INTERNAL):
                return i  # a preposition with its noun phrase: "came in the morning"
            found.setdefault("adv", word)
        elif cat != T.ADV:
            return i
        i = a.right(i)
    return i


def _clause(ex: _Extractor, i: int, objects: int) -> str | None:
    """The kind of complement starting at ``i``, after ``objects`` noun phrases."""
    a = ex.a
    if i >= a.n:
        return None
    cat, word, token = a.cat(i), a.word(i), a.tokens[i]
    after = a.cat(a.right(i))
    if cat == T.SUB and word == "that":
        return "that" if after not in _NOT_A_CLAUSE and a.right(i) < a.n else None
    if cat == T.WH or word in ("whether", "if", "how"):
        return "wh"
    if cat == T.TO:
        return "to"
    if cat == T.V and T.is_gerund(token.form):
        return "ing"
    if objects and a.is_verbal(i):
        lemma = (token.lemma or word).lower()
        bare = objects == 1 and cat == T.V and word == lemma and word not in T.AUX_FORMS
        return "bare" if bare else "that"
    if cat == T.ADJ and after not in (T.N, T.NAME, T.ADJ, T.NUM):
        return "adj"
    if not objects and cat == T.V and T.is_participle(token.form, token.lemma, token.pos):
        return "adj"  # "got married", "became known"
    return None
