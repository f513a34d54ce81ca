"""Rule-based English case-frame extraction over POS tags (no parser).

Given a tagged sentence and a verb's index, find the surface subject to the left (through
auxiliaries, modals, adverbs and negation; through a relative pronoun to its antecedent; across
``and``/``or`` to the subject of the previous verb), then the object and the prepositional
phrases to the right, and finally map surface to deep cases: in a passive the surface subject
becomes ``obj`` and the ``by`` phrase ``subj``.  Heads are the last noun of a noun phrase's
first chunk (``the radio emission of the moon`` -> ``emission``); a quantifier with ``of``
takes the head of what follows (``some of the defendants`` -> ``defendants``).  The verb's
complements that are no noun phrase become frame marks (:func:`frame_marks`).  The guidelines
these rules approximate are in ``tests/data/frames/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from wsd._exceptions import WSDError
from wsd.frames import _tags as T
from wsd.frames._classes import ClassEntry, ClassTable
from wsd.frames._last import LastSentence
from wsd.frames._words import (
    COPULAS,
    NOMINATIVE,
    PREDICATIVE_VERBS,
    SPEECH_VERBS,
    is_temporal,
    noun_lemma,
)
from wsd.types import CaseFrame, Filler, Sentence, Token

__all__ = ["extract_english", "filler_at"]

_MAX_PPS = 4
_CLAUSE_BOUNDARY = frozenset({T.PUNCT, T.CC, T.SUB, T.WH, T.ADV, T.EX, T.OTHER, T.PART})
_SUBORDINATING_PREPS = frozenset(
    {"as", "after", "before", "since", "until", "till", "than", "like"}
)
_PARTICLES = frozenset({"up", "down", "out", "off", "away", "back"})
_NP_START = frozenset({T.DET, T.POSS, T.ADJ, T.NUM, T.N, T.NAME, T.PRON})
_RELATIVES = frozenset({"who", "which", "that", "whom"})
_PASSIVE_AUX = T.BE | T.GET
_SKIP = frozenset({T.QUOTE, T.ADV, T.PART})
_SKIP_ADV = frozenset({T.QUOTE, T.ADV})
_NOMINAL_PRON = T.NOMINAL | {T.PRON}
_QUANTIFIERS = frozenset(
    "none some all many most each one any both several few either neither much more half".split()
)


@dataclass(frozen=True, slots=True)
class _NP:
    head: int | None  # token index of the head (None: no noun, e.g. a bare number)
    start: int
    end: int  # last index consumed


class _Analysis:
    """One sentence's tokens and categories, shared by every verb of the sentence."""

    __slots__ = ("cats", "n", "tokens", "words")

    def __init__(self, tokens: tuple[Token, ...], classes: ClassTable) -> None:
        self.tokens = tokens
        self.cats = T.categorize(tokens, classes.is_name)
        self.words = [t.form.lower() for t in tokens]
        self.n = len(tokens)

    # --- small helpers --------------------------------------------------------------------------
    def cat(self, i: int) -> str:
        return self.cats[i] if 0 <= i < self.n else T.PUNCT

    def word(self, i: int) -> str:
        return self.words[i] if 0 <= i < self.n else ""

    def left(self, i: int) -> int:
        """Index of the nearest non-quote token before ``i`` (-1 at the start)."""
        i -= 1
        while i >= 0 and self.cats[i] == T.QUOTE:
            i -= 1
        return i

    def right(self, i: int, skip: frozenset[str] = frozenset({T.QUOTE})) -> int:
        i += 1
        while i < self.n and self.cats[i] in skip:
            i += 1
        return i

    def is_verbal(self, i: int) -> bool:
        """A finite-looking verb or auxiliary (gerunds do not count: they modify nouns)."""
        c = self.cat(i)
        if c == T.AUX:
            return True
        return c == T.V and not T.is_gerund(self.tokens[i].form)


def extract_english(sentence: Sentence, position: int, *, classes: ClassTable) -> CaseFrame:
    if not 0 <= position < len(sentence.tokens):
        raise WSDError(
            f"verb position {position} is outside sentence {sentence.id!r} "
            f"({len(sentence.tokens)} tokens)"
        )
    return _Extractor(_analysis(sentence.tokens, classes), classes).frame(position)


def filler_at(sentence: Sentence, k: int, classes: ClassTable) -> Filler | None:
    """The filler this extractor makes of the head word at ``k`` (a class for a pronoun or a
    name, None for an uninformative or non-nominal word); the tree extractor's fillers."""
    return _Extractor(_analysis(sentence.tokens, classes), classes)._filler(k)


# Every verb of a sentence (every filler of the tree extractor) shares one analysis.
_analysis: LastSentence[_Analysis] = LastSentence(_Analysis)


class _Extractor:
    def __init__(self, a: _Analysis, classes: ClassTable) -> None:
        self.a = a
        self.classes = classes

    # --- the frame ------------------------------------------------------------------------------
    def frame(self, v: int) -> CaseFrame:
        a = self.a
        start, auxes, infinitive = self._verb_group(v)
        form, lemma = a.tokens[v].form, a.tokens[v].lemma
        participle = T.is_participle(form, lemma, a.tokens[v].pos)
        passive = bool(auxes) and auxes[0] in _PASSIVE_AUX and participle
        gap: tuple[str, int] | None = None  # a relative pronoun's antecedent filling obj/prep
        embedded = True  # non-finite or relative: "NP + verb" after it is not a clause object
        if infinitive:
            subject = self._for_subject(start)
        elif (not auxes and T.is_gerund(form)) or (auxes[-1:] == ["being"] and participle):
            subject = _participle_subject(a, start)  # "radiation reaching", "being studied"
        elif not auxes and participle and self._reduced_passive(v, start):
            passive = True
            subject = a.left(start)
        elif not auxes and participle and _comma_passive(a, v, start):
            passive = True  # "cloudy skies , followed by sunny days"
            before = a.left(a.left(start))
            subject = before if a.cat(before) in _NOMINAL_PRON else None
        else:
            subject, gap, embedded = self._subject(v, start, bool(auxes))
        post = self._post_verbal(v, passive, clause_check=not embedded)
        post = [(label, i) for label, i in post if i != subject]  # "'' , said the jury"
        cases: list[tuple[str, int]] = []
        if passive:
            if subject is not None:
                cases.append(("obj", subject))
            agent = next((i for label, i in post if label == "prep:by"), None)
            if agent is not None:
                cases.append(("subj", agent))
                post.remove(("prep:by", agent))
            post = [(label, i) for label, i in post if label not in ("obj", "iobj")]
        elif subject is not None:
            cases.append(("subj", subject))
        if gap is not None and not any(label == gap[0] for label, _ in post):
            cases.append(gap)
        cases.extend(post)
        fillers = []
        for label, index in cases:
            filler = self._filler(index)
            if filler is not None:
                fillers.append((label, filler))
        fillers.sort(key=lambda item: item[1].position)
        return CaseFrame(cases=tuple(fillers), passive=passive, marks=frame_marks(self, v))

    # --- left of the verb -----------------------------------------------------------------------
    def _verb_group(self, v: int) -> tuple[int, list[str], bool]:
        """(first index after the subject slot, auxiliaries nearest first, to-infinitive?)."""
        a = self.a
        auxes: list[str] = []
        j = v - 1
        token = a.tokens[v]
        participle = T.is_participle(token.form, token.lemma, token.pos)
        while j >= 0:
            c, w = a.cats[j], a.words[j]
            if c in (T.ADV, T.QUOTE) and j > 0:
                j -= 1
            elif w in T.AUX_FORMS or c == T.AUX or (w in T.GET and participle and not auxes):
                auxes.append(w)
                j -= 1
            elif c == T.TO:
                k = a.left(j)
                while k >= 0 and a.cats[k] == T.ADV:
                    k -= 1
                if k >= 0 and (a.words[k] in T.SEMI_MODAL_HEADS or a.words[k] in T.BE):
                    auxes.append("to")  # "has to do", "had to train", "are to be found"
                    j = k
                    continue
                return j + 1, auxes, True
            else:
                break
        return j + 1, auxes, False

    def _for_subject(self, start: int) -> int | None:
        """The overt subject of ``for NP to V``."""
        a = self.a
        end = a.left(start - 1)
        if end < 0 or a.cat(end) not in _NOMINAL_PRON:
            return None
        np = self._np_left(end)
        return np.head if a.word(a.left(np.start)) == "for" else None

    def _reduced_passive(self, v: int, start: int) -> bool:
        """``the terms employed``, ``the spectrum indicated by``: noun + bare participle."""
        a = self.a
        j = a.left(start)
        if j < 0 or a.cat(j) != T.N:
            return False
        nxt = a.right(v, _SKIP_ADV)
        if a.word(nxt) == "by":
            return True
        if a.cat(nxt) in _NP_START:
            return False  # an object follows: an active past tense ("the jury said X")
        b = a.left(self._np_left(j).start)
        if a.cat(b) == T.CC and a.cat(a.left(b)) in T.NP_INTERNAL:
            b = a.left(self._np_left(a.left(b)).start)  # "perforations and X achieved via"
        return a.cat(b) in (T.P, T.V, T.TO) and a.word(b) not in _SUBORDINATING_PREPS

    def _subject(
        self, v: int, start: int, finite: bool, depth: int = 0
    ) -> tuple[int | None, tuple[str, int] | None, bool]:
        """Surface subject head, a relative-clause gap (label, antecedent), and whether the
        verb sits in a relative clause."""
        a = self.a
        j = a.left(start)
        if j < 0:
            return None, None, False
        c = a.cats[j]
        if c in T.NOMINAL or c in (T.PRON, T.NUM) or (c == T.DET and a.words[j] != "that"):
            head, left_of = self._subject_np(j)
            gap = self._gap(left_of)
            return head, gap, gap is not None
        if c == T.WH and a.words[j] in _RELATIVES:
            return _antecedent(a, j), None, True
        if depth < 3 and (c == T.CC or (c == T.PUNCT and a.words[j] == ";" and finite)):
            return self._coordinated_subject(j, depth), None, False
        if c == T.PUNCT and a.words[j] in (",", "-", "--"):
            inverted = self._inverted_subject(v)
            if inverted is not None:
                return inverted, None, False
            k = _skip_parenthetical(a, j)
            if k is not None and depth < 3:
                return self._subject(v, k + 1, finite, depth + 1)
        return None, None, False

    def _subject_np(self, j: int, depth: int = 0) -> tuple[int | None, int]:
        """Head of the subject noun phrase ending at ``j`` and the index left of it."""
        a = self.a
        chain = self._chain_left(j)
        best = chain[:1]
        for size in range(len(chain), 0, -1):
            crossed_and = any(link == "and" for _, link in chain[1:size])
            if _valid_left_boundary(a, chain[size - 1][0], crossed_and):
                best = chain[:size]
                break
        first = best[-1][0]
        head = first.head
        if head is None and len(best) > 1:  # "some of the defendants"
            head = best[-2][0].head
        left_of = a.left(first.start)
        if depth < 2 and a.cat(left_of) == T.V:
            # "Observations of a planet which has an atmosphere will probe": the noun phrase
            # before the verb is the object of a relative clause or infinitive; the subject
            # is the phrase that clause modifies.
            g_start, _, g_inf = self._verb_group(left_of)
            k = a.left(g_start - 1) if g_inf else a.left(g_start)
            if not g_inf and a.cat(k) == T.WH and a.word(k) in _RELATIVES:
                k = a.left(k)
            elif not g_inf:
                k = -1
            if k >= 0 and a.cat(k) in T.NOMINAL:
                return self._subject_np(k, depth + 1)
        return head, left_of

    def _chain_left(self, j: int) -> list[tuple[_NP, str | None]]:
        """Noun phrases linked by prepositions or one ``and``, from ``j`` leftwards."""
        a = self.a
        chain: list[tuple[_NP, str | None]] = [(self._np_left(j), None)]
        coordinated = False
        while len(chain) < 5:
            link = a.left(chain[-1][0].start)
            if link < 0:
                break
            lc, lw = a.cats[link], a.words[link]
            if (lc == T.P and lw not in _SUBORDINATING_PREPS) or lc == T.TO:
                kind = "of" if lw == "of" else "p"
            elif lc == T.CC and lw in ("and", "or", "nor") and not coordinated:
                coordinated = True
                kind = "and"
            else:
                break
            k = a.left(link)
            if k < 0 or a.cats[k] not in T.NP_INTERNAL | {T.PRON}:
                break
            np = self._np_left(k)
            if np.head is None and kind != "of" and a.cats[np.start] != T.PRON:
                break
            chain.append((np, kind))
        return chain

    def _np_left(self, j: int) -> _NP:
        """The noun-phrase chunk ending at ``j`` (determiners, adjectives, compounds, 's)."""
        a = self.a
        if a.cats[j] == T.PRON:
            return _NP(j, j, j)
        head = j if a.cats[j] in T.NOMINAL else None
        quoted = a.cat(j + 1) == T.QUOTE
        i = j
        while i >= 0:
            c = a.cats[i]
            if head is None and c in T.NOMINAL:
                head = i
            p = a.left(i)
            if c in (T.DET, T.POSS):
                if p >= 0 and (
                    (a.cats[p] == T.DET and c == T.DET) or a.words[p].endswith("_of")
                ):  # "all the", "many_of the"
                    i = p
                break
            if p < 0:
                break
            pc = a.cats[p]
            if quoted and p < i - 1 and pc == T.N:  # "the term ' saline water '"
                head = p
                quoted = False
            if pc in T.NP_INTERNAL or (pc == T.ADV and a.cat(a.left(p)) in (T.DET, T.ADJ)):
                i = p
                continue
            break
        return _NP(head, max(i, 0), j)

    def _gap(self, left_of: int) -> tuple[str, int] | None:
        """``the manner in which [the election was conducted]`` / ``the food which [he ate]``."""
        a = self.a
        if a.cat(left_of) != T.WH or a.word(left_of) not in ("which", "whom", "that"):
            return None
        p = a.left(left_of)
        if a.cat(p) == T.P:
            ante = _antecedent(a, p)
            return (f"prep:{a.words[p]}", ante) if ante is not None else None
        ante = _antecedent(a, left_of)
        return ("obj", ante) if ante is not None else None

    def _coordinated_subject(self, j: int, depth: int) -> int | None:
        """``X came and saw Y``: the subject of the verb before the conjunction."""
        a = self.a
        k = j - 1
        while k >= 0 and a.cats[k] != T.V:
            if a.cats[k] in (T.SUB, T.WH) and a.words[k] != "that":
                return None
            k -= 1
        if k < 0:
            return None
        start, auxes, infinitive = self._verb_group(k)
        if infinitive or (not auxes and T.is_gerund(a.tokens[k].form)):
            return None
        return self._subject(k, start, bool(auxes), depth + 1)[0]

    def _inverted_subject(self, v: int) -> int | None:
        """``'' , said the jury .``"""
        a = self.a
        lemma = (a.tokens[v].lemma or a.words[v]).lower()
        if lemma not in SPEECH_VERBS or a.word(a.left(v)) != ",":
            return None
        if not any(a.cats[k] == T.QUOTE for k in range(max(0, v - 3), v)):
            return None
        j = a.right(v, _SKIP_ADV)
        if a.cat(j) not in _NP_START:
            return None
        np = self._np_right(j)
        if np is None or a.cat(a.right(np.end)) != T.PUNCT:
            return None
        return np.head

    # --- right of the verb ----------------------------------------------------------------------
    def _np_right(self, i: int) -> _NP | None:
        """The noun phrase starting at ``i``; a quantifier + ``of`` takes the next head
        (``some of the defendants``, ``a_lot of time``), through any number of them: the
        links are read left to right and joined from the last back (no recursion)."""
        links: list[tuple[_NP, bool]] = []  # each link's own phrase; must the next give a head?
        found, after, needs_head = self._np_link(i)
        while after is not None:
            assert found is not None  # a link followed by "of" is a phrase
            links.append((found, needs_head))
            found, after, needs_head = self._np_link(after)
        for own, needs in reversed(links):
            if found is None or (needs and found.head is None):
                found = own
            else:
                found = _NP(found.head, own.start, found.end)
        return found

    def _np_link(self, i: int) -> tuple[_NP | None, int | None, bool]:
        """The phrase starting at ``i`` up to an ``of`` that passes its head on, where the
        phrase after that ``of`` starts (None: no such ``of``), and whether that phrase must
        have a head to be taken (a quantifier pronoun keeps its own head otherwise)."""
        a = self.a
        c = a.cat(i)
        if c == T.PRON:
            if a.words[i] in _QUANTIFIERS and a.word(a.right(i)).startswith("of"):
                return _NP(i, i, i), a.right(a.right(i)), True
            return _NP(i, i, i), None, True
        if c not in T.NP_INTERNAL:
            return None, None, False
        head = None
        j = end = i
        while j < a.n:
            c = a.cats[j]
            if c == T.QUOTE:
                j += 1
                continue
            if head is not None and (
                c in (T.DET, T.POSS, T.NUM, T.ADJ)
                or (c == T.N and is_temporal(a.words[j], "", None))
            ):
                break  # a new phrase ("the boy a book", "engagement last night", "court yesterday")
            if c in T.NOMINAL:
                head = j
            elif c == T.GEN:
                head = None  # "Atlanta 's recent primary": the possessed noun heads
            elif c == T.ADV and j > i and a.cat(j + 1) in (T.ADJ, T.N, T.NUM):
                pass  # "a very high temperature"
            elif c == T.CC and head is None and _premodifier_conjunct(a, j):
                pass  # "thermal and electrical characteristics"
            elif c == T.PUNCT and a.words[j] in (",", "-") and _inner_punct(a, j):
                pass  # "grim , dirty West_Side", "3 - cm"
            elif c not in T.NP_INTERNAL:
                break
            end = j
            j += 1
        if head is None and a.word(a.right(end)).startswith("of") and a.cat(a.right(end)) == T.P:
            return _NP(head, i, end), a.right(a.right(end)), False  # "a_lot of time", "some of"
        return _NP(head, i, end), None, False

    def _skip_pp_chain(self, end: int) -> int:
        """Index after a noun phrase's following ``P NP`` chain (at most three links)."""
        a = self.a
        for _ in range(3):
            k = a.right(end)
            if a.cat(k) != T.P:
                break
            np = self._np_right(a.right(k))
            if np is None:
                break
            end = np.end
        return a.right(end)

    def _post_verbal(self, v: int, passive: bool, *, clause_check: bool) -> list[tuple[str, int]]:
        a = self.a
        out: list[tuple[str, int]] = []
        skip = _SKIP
        i = a.right(v, skip)
        while a.cat(i) == T.CC and a.cat(a.right(i)) == T.ADV:  # "seriously and lengthily"
            i = a.right(a.right(i), skip)
        if a.word(i) in _PARTICLES and a.cat(a.right(i)) in _NP_START:
            i = a.right(i)
        if a.cat(i) == T.ADJ and (a.tokens[v].lemma or a.words[v]) in COPULAS:
            np = self._np_right(i)
            if np is not None and np.head is None:
                return out  # a predicative adjective takes the PPs: "seemed permeated with"
        first: _NP | None = None
        for _ in range(3):  # at most two time adjuncts before the object
            if a.cat(i) not in _NP_START:
                break
            np = self._np_right(i)
            if np is None:
                break
            if self._is_temporal(np):
                i = a.right(np.end, skip)
                continue
            if a.words[np.start] in NOMINATIVE or (
                clause_check and a.is_verbal(self._skip_pp_chain(np.end))
            ):
                return out  # the subject of a complement clause ("said the jury ruled")
            first = np
            i = a.right(np.end)
            break
        if first is not None and first.head is not None:
            out.append(("obj", first.head))
            second = self._second_object(v, i) if not passive else None
            if second is not None:
                lemma = (a.tokens[v].lemma or a.words[v]).split("_")[0]
                predicative = lemma in PREDICATIVE_VERBS and not _benefactive(a, first, second)
                if not predicative and second.head is not None:
                    out[-1] = ("iobj", first.head)
                    out.append(("obj", second.head))
                i = a.right(second.end)
        out.extend(self._prepositional(i, after_noun=first is not None))
        return out

    def _second_object(self, v: int, i: int) -> _NP | None:
        """``gave [the boy] [a book]``: a second bare noun phrase right after the first."""
        a = self.a
        if a.cat(i) not in _NP_START or a.words[i] in NOMINATIVE:
            return None
        second = self._np_right(i)
        if second is None or self._is_temporal(second):
            return None
        if a.is_verbal(self._skip_pp_chain(second.end)):
            return None
        return second

    def _prepositional(self, i: int, *, after_noun: bool) -> list[tuple[str, int]]:
        """Prepositional phrases attached to the verb, left to right.

        A ``P NP`` right after a noun attaches to the verb unless the preposition is ``of``;
        once an ``of`` phrase has been attached to a noun, later phrases are taken to modify
        that noun phrase too (``investigate reports of irregularities in the primary``).
        """
        a = self.a
        out: list[tuple[str, int]] = []
        skip = _SKIP
        deep = False
        while i < a.n and len(out) < _MAX_PPS:
            c, w = a.cats[i], a.words[i]
            if c in skip:
                i += 1
                continue
            if c == T.P and a.cat(a.right(i)) == T.CC and a.cat(a.right(a.right(i))) == T.P:
                i = a.right(a.right(i))  # "before and after Mass"
                continue
            if c == T.P:
                j = a.right(i, skip)
                if a.cat(j) == T.P:  # "on to greater accomplishments"
                    i = j
                    continue
                np = self._np_right(j)
                if np is None or np.head is None or w == "than":
                    break  # "for converting ...", "as long as"
                clause_follows = a.is_verbal(a.right(np.end))
                if clause_follows and w in _SUBORDINATING_PREPS:
                    break  # "after he left"
                if deep and w != "as":
                    break
                if w.startswith("of") and after_noun:
                    deep = True
                else:
                    out.append((f"prep:{w}", np.head))
                if clause_follows:
                    break  # the verb after belongs to another clause
                after_noun = True
                i = a.right(np.end)
                continue
            if c == T.CC and a.cat(a.right(i)) in _NP_START and after_noun:
                np = self._np_right(a.right(i))  # "the moon and planets": a conjunct
                if np is None:
                    break
                i = a.right(np.end)
                continue
            if c in _NP_START:
                np = self._np_right(i)
                if np is not None and self._is_temporal(np):  # "last night in Judson_Hall"
                    i = a.right(np.end)
                    continue
            break
        return out

    def _is_temporal(self, np: _NP) -> bool:
        if np.head is None:
            return False
        a = self.a
        head = (a.tokens[np.head].lemma or noun_lemma(a.tokens[np.head].form)).lower()
        nxt = a.right(np.end)
        first = np.start
        if a.words[first] in ("the", "a", "an") and first < np.end:
            first += 1  # "the next morning", "the following day"
        return is_temporal(head, a.words[first], a.word(nxt) or None)

    # --- fillers --------------------------------------------------------------------------------
    def _filler(self, k: int) -> Filler | None:
        a = self.a
        token, cat = a.tokens[k], a.cats[k]
        if cat != T.NAME:  # the table wins over a noun tag: "nothing/NN", "everyone/NN"
            entry = self.classes.pronoun(a.words[k])
            if entry is not None:
                if entry.cls is None:
                    return None
                return Filler(lemma=entry.cls, sense=entry.sense, cls=entry.cls, position=k)
            if cat != T.N:
                return None
        if cat not in T.NOMINAL:
            return None
        plural = token.pos.split("|")[0] in ("NNS", "NNPS", "NPS")
        lemma = token.lemma or noun_lemma(token.form, plural=plural)
        if cat == T.NAME and a.cat(a.left(k)) != T.POSS:  # "Our Lady of ...": not a title
            entry = self._title_class(k) or self._name_class(k)
            if entry is not None and entry.cls is not None:
                return Filler(lemma=entry.cls, sense=entry.sense, cls=entry.cls, position=k)
        return Filler(lemma=lemma, cls=None, position=k)

    def _name_class(self, k: int) -> ClassEntry | None:
        """The class of a capitalised proper name (``Laos`` -> location), from its spelling."""
        token = self.a.tokens[k]
        if not token.form[:1].isupper():
            return None
        return self.classes.name(noun_lemma(token.form))

    def _title_class(self, k: int) -> ClassEntry | None:
        """``Judge_James_B._Parsons``, ``Mr. D ' Albert``: a name after a title word."""
        a = self.a
        i = k
        for _ in range(4):
            if i < 0 or a.cats[i] not in T.NOMINAL | {T.QUOTE}:
                break
            entry = self.classes.title(a.tokens[i].form.split("_", 1)[0])
            if entry is not None and entry.cls is not None:
                return entry
            i -= 1
        return None


# --- frame marks ---------------------------------------------------------------------------
PARTICLE_ADVERBS = frozenset(
    """up down out off away back in on over around round about along through across by home
    here there together apart forward forth ahead aside inside outside upstairs downstairs
    abroad overboard""".split()
)
_NOT_A_CLAUSE = frozenset({T.PUNCT, T.CC})


def _participle_subject(a: _Analysis, start: int) -> int | None:
    """``the radiation reaching the earth``: the noun just before a bare gerund."""
    j = a.left(start)
    if j >= 0 and a.cat(j) in _NOMINAL_PRON:
        return j
    return None


def _comma_passive(a: _Analysis, v: int, start: int) -> bool:
    """``..., followed by sunny days``: a bare participle after a comma, with ``by``."""
    return a.word(a.left(start)) == "," and a.word(a.right(v, _SKIP_ADV)) == "by"


def _antecedent(a: _Analysis, j: int) -> int | None:
    """The noun a relative pronoun at ``j`` refers to (the nearest one)."""
    k = a.left(j)
    while k >= 0 and a.words[k] == ",":
        k = a.left(k)
    if a.word(k) == ")":
        while k >= 0 and a.words[k] != "(":
            k -= 1
        k = a.left(k)
    if a.cat(k) in _NOMINAL_PRON:
        return k
    return None


def _skip_parenthetical(a: _Analysis, j: int) -> int | None:
    """Index just before a ``, ... ,`` or ``- ... -`` stretch that ends at ``j``."""
    delimiter = a.words[j]
    k = j - 1
    while k >= 0 and a.words[k] != delimiter:
        if a.words[k] in (";", ":", "(", ")"):
            return None
        k -= 1
    return k - 1 if k > 0 else None


def _premodifier_conjunct(a: _Analysis, j: int) -> bool:
    nxt = a.cat(j + 1)
    if nxt == T.ADV:
        nxt = a.cat(j + 2)
    return nxt in (T.ADJ, T.N, T.NUM) and a.cat(j - 1) in (T.ADJ, T.N, T.NUM)


def _inner_punct(a: _Analysis, j: int) -> bool:
    before, after = a.cat(j - 1), a.cat(j + 1)
    if a.words[j] == ",":
        return before == T.ADJ and after == T.ADJ
    return before in (T.NUM, T.ADJ) and after in (T.N, T.NUM, T.ADJ)


def _benefactive(a: _Analysis, first: _NP, second: _NP) -> bool:
    """``made themselves a comforting break``: a reflexive, then an indefinite phrase (not
    ``made himself the personification of ...``, ``made him a favorite``)."""
    return a.words[first.start].endswith(("self", "selves")) and a.words[second.start] in (
        "a",
        "an",
        "some",
    )


def _valid_left_boundary(a: _Analysis, np: _NP, crossed_and: bool) -> bool:
    b = a.left(np.start)
    if b < 0:
        return True
    c = a.cats[b]
    if c == T.V:  # "made ratings of X and the team made": a clause, not "X and the team"
        return not crossed_and
    if c in _CLAUSE_BOUNDARY:
        return True
    if c == T.P:
        return a.words[b] in _SUBORDINATING_PREPS
    if c in T.NP_INTERNAL or c == T.PRON:  # "In the modern world neither spirit ..."
        return a.cats[np.start] in (T.DET, T.POSS)
    return False


def frame_marks(ex: _Extractor, v: int) -> tuple[tuple[str, str], ...]:
    """The marks of the verb at ``v`` (``CaseFrame.marks``, at most one per label): the first
    word after the verb and its objects decides.

    - ``comp``: ``that`` (``that`` + a clause, or ``knew he was``), ``wh`` (a wh-word,
      ``whether``, ``if``), ``to`` (an infinitive), ``ing`` (a gerund), ``bare`` (``made him
      go``), ``adj`` (a predicative adjective or participle: ``found it difficult``);
    - ``adv``: a particle-like adverb (``back``, ``home``), or such a preposition without a
      noun phrase (``came in .``);
    - ``pron``: an uninformative object pronoun (``made it``), which fills no noun case.
    """
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
