"""Coarse word categories for the case-frame rules, from a token's form and universal tag.

Tags are first mapped to the universal tagset (:func:`wsd.normalise.universal_tag`); what
Penn tags say and universal tags do not (possessives, modals and auxiliaries, ``there``,
wh-words, proper names, participles and gerunds) is read off the words, and closed-class
words are categorised by their form first (corpus tags are noisy there).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from wsd.frames._words import COMPLEMENT_NOUNS, RELATIVE_ANTECEDENTS, TELL_VERBS, is_temporal
from wsd.normalise import universal_tag
from wsd.types import Token

__all__ = ["categorize", "is_gerund", "is_participle"]

# Categories (short strings keep the rule code readable).
N, NAME, PRON, POSS, GEN, DET, ADJ, NUM, ADV, PART = (
    "N", "NAME", "PRON", "POSS", "GEN", "DET", "ADJ", "NUM", "ADV", "PART",
)  # fmt: skip
V, AUX, TO, P, CC, WH, SUB, EX, PUNCT, QUOTE, OTHER = (
    "V", "AUX", "TO", "P", "CC", "WH", "SUB", "EX", "PUNCT", "QUOTE", "OTHER",
)  # fmt: skip

NP_INTERNAL = frozenset({N, NAME, POSS, GEN, DET, ADJ, NUM})
NOMINAL = frozenset({N, NAME})
_CONTEXTUAL = frozenset({"TO", "POSS", "PRON", "GEN", "DET", "ADV", "WH", "SUB", "P"})
_POSS_NEXT = frozenset({N, NAME, ADJ, NUM})

BE = frozenset("be is are was were been being am 're 'm ai_n't isn't aren't wasn't weren't".split())
HAVE = frozenset("have has had having 've 'd".split())
DO = frozenset("do does did n't don't doesn't didn't".split())
MODAL = frozenset(
    "can could may might must shall should will would 'll ought cannot can't won't wo ca "
    "must_not had_to has_to have_to used_to ought_to gotta gonna need_not going_to got_to".split()
)
GET = frozenset("get gets got gotten getting".split())
AUX_FORMS = BE | HAVE | DO | MODAL
SEMI_MODAL_HEADS = frozenset("have has had having going ought used got able".split())
NEGATION = frozenset({"not", "n't", "never"})
_LINKING = frozenset("be seem become remain appear".split())

PREPOSITIONS = frozenset(
    """aboard about above across after against along alongside amid amidst among amongst around
    as at atop before behind below beneath beside besides between beyond but_for by despite down
    during except for from in inside into like near of off on onto opposite out outside over past
    per since than through throughout till to toward towards under underneath unlike until unto
    up upon via with within without""".split()
)
# Forms trusted as prepositions even when SemCor tags them VB/JJ/RB/NN (it often does).
_SURE_PREPOSITIONS = frozenset(
    """of on at from with into in by for about over under through upon onto among between toward
    towards within without during via against""".split()
)
SUBORDINATORS = frozenset(
    """that because although though if whether while whilst unless whereas so once lest
    so_that in_order even_though as_if as_though provided""".split()
)
CONJUNCTIONS = frozenset({"and", "or", "but", "nor", "&", "yet"})
DETERMINERS = frozenset(
    "the a an this these those that every each some any no another both either neither all".split()
)
WH_WORDS = frozenset("who whom whose which what whoever whatever where when why how".split())
_POSSESSIVE_PRONOUNS = frozenset("my your his her its our their thy".split())
_PUNCT_QUOTES = frozenset({"``", "''", '"', "'", "`", "‘", "’", "“", "”"})

_UNIVERSAL = {
    "NOUN": N,
    "PRON": PRON,
    "DET": DET,
    "ADJ": ADJ,
    "NUM": NUM,
    "ADV": ADV,
    "PRT": PART,
    "VERB": V,
    "ADP": P,
    "CONJ": CC,
}
_GENITIVES = frozenset({"'s", "'"})
_MAIN_OR_AUX = HAVE | DO | BE  # auxiliaries only when a verb follows

IRREGULAR_PARTICIPLES = frozenset(
    """made done told said found held left brought bought taught thought sent built kept felt
    meant paid put set cut hit shut won lost read led fed met sold shot hung struck stuck dug
    caught sought fought heard laid spent lent bent understood stood known shown grown thrown
    born borne worn torn sworn drawn seen been gone begun sung rung drunk sunk shrunk come
    become overcome run spread let quit hurt cast cost burst upset bound ground wound fled slid
    spun shone lit dealt learnt burnt spelt swept wept slept crept beheld withheld misled
    overheard forbidden forgotten gotten hidden ridden driven risen arisen written bitten broken
    chosen frozen spoken stolen woken beaten eaten fallen given forgiven shaken taken mistaken
    undertaken sewn sown blown flown withdrawn undone sat stung swung wrung clung flung strung
    sprung had got""".split()
)


def _head_word(form: str) -> str:
    return form.lower().split("_", 1)[0]


def is_gerund(form: str) -> bool:
    """An ``-ing`` verb form (``looking``, ``looking_for``)."""
    return _head_word(form).endswith("ing")


# Past tenses that are never past participles: "paeans of joy rose from" is no reduced passive.
IRREGULAR_PRETERITES = frozenset(
    """arose ate awoke bade became began bit blew bore broke came chose did drank drew drove
    fell flew forbade forgave forgot forsook froze gave grew hid knew lay mistook overcame
    overtook ran rang rode rose sang sank saw shook shrank slew smote spoke sprang stank
    stole strode strove swam swore took threw tore trod undertook underwent went withdrew
    woke wore wove wrote""".split()
)


@functools.lru_cache(maxsize=1 << 16)
def is_participle(form: str, lemma: str | None, pos: str = "") -> bool:
    """A past-participle-like form (``received``, ``taken``); Penn's ``VBD``/``VBN`` decide
    when given.

    >>> is_participle("rose", "rise"), is_participle("risen", "rise"), is_participle("run", "run")
    (False, True, True)
    >>> is_participle("received", "receive", "VBD"), is_participle("put", "put", "VBN")
    (False, True)
    """
    tag = pos.split("|")[0]
    if tag in ("VBD", "VBN"):
        return tag == "VBN"
    word = _head_word(form)
    if word.endswith("ing") or word in IRREGULAR_PRETERITES:
        return False
    if word.endswith("ed") or word in IRREGULAR_PARTICIPLES:
        return True
    base = _head_word(lemma) if lemma else None
    if base is None:
        return word.endswith("en") and len(word) > 4
    return word != base and not word.endswith("s")


def categorize(
    tokens: Sequence[Token], is_name: Callable[[str], bool] = lambda word: False
) -> list[str]:
    """One coarse category per token (see the module constants).  ``is_name(word)`` tells
    whether a capitalised sentence-initial noun is a listed proper name (``Laos``) rather
    than a common noun capitalised by its position (``Observations``)."""
    cats = [_category(t.form, universal_tag(t.pos)) for t in tokens]
    _resolve_context(tokens, cats, is_name)
    return cats


@functools.lru_cache(maxsize=1 << 16)
def _category(form: str, tag: str) -> str:
    """The context-free category of a token (memoised: the same words recur endlessly)."""
    word = form.lower()
    if not any(ch.isalnum() for ch in form) and form != "&":
        return QUOTE if form in _PUNCT_QUOTES else PUNCT
    base = _UNIVERSAL.get(tag, OTHER)
    if word in ("the", "a", "an"):
        return DET
    if word in ("which", "who", "whom", "whose"):
        return POSS if word == "whose" else WH
    if word in _SURE_PREPOSITIONS or word == "as" or word.startswith("of_"):
        return P  # "of_this" is one SemCor token
    if word == "like" and base in (ADJ, ADV, P):
        return P  # untagged "like/JJ", "like/RB": "looked like a bear"
    if "_" in word and word in SUBORDINATORS:
        return SUB  # "so_that/RB"
    if word == "to":
        return TO  # infinitive marker or preposition: settled by context
    if word in NEGATION:
        return ADV
    if base == PART and word in _GENITIVES:
        return GEN
    if base == DET and word == "there":
        return EX
    if base == N and form[:1].isupper():
        return NAME  # a sentence-initial capital is settled by context
    if base == P or (base == SUB and word in PREPOSITIONS):
        if word in SUBORDINATORS and word != "that":
            return SUB
        if word == "that":
            return SUB
        return P
    if base in (CC, SUB) and word not in CONJUNCTIONS:
        return SUB if word in SUBORDINATORS or base == SUB else CC
    if base in (DET, PRON, ADV) and word in WH_WORDS:
        return WH
    if base == V and word in AUX_FORMS:
        return AUX  # be/have/do are settled by context: a main verb when no verb follows
    if base in (N, ADV, ADJ) and word in ("everyone", "everybody", "someone", "somebody",
                                          "anyone", "anybody", "nobody", "none", "something",
                                          "anything", "nothing", "everything"):  # fmt: skip
        return PRON
    return base


def _resolve_context(
    tokens: Sequence[Token], cats: list[str], is_name: Callable[[str], bool]
) -> None:
    """Settle the categories that depend on the next word (right to left, so it is settled)
    and a capitalised first word."""
    n = len(cats)
    first = next((i for i, c in enumerate(cats) if c != QUOTE), n)
    if first < n and cats[first] == NAME:
        form = tokens[first].form
        # only the first letter upper-case ("Observations", not "U.S." or "NASA")
        if form[1:] == form[1:].lower() and not is_name("_".join(form.lower().split())):
            cats[first] = N  # "Observations of ...": a common noun opening the sentence
    for i in range(n - 1, -1, -1):
        if cats[i] == AUX and tokens[i].form.lower() in _MAIN_OR_AUX:
            nxt = i + 1
            while nxt < n and cats[nxt] in (ADV, QUOTE):
                nxt += 1
            if nxt >= n or cats[nxt] not in (V, AUX, TO):
                cats[i] = V  # "had a dog", "is happy": no verb follows
            continue
        if cats[i] not in _CONTEXTUAL:
            continue
        word = tokens[i].form.lower()
        nxt = i + 1
        while nxt < n and cats[nxt] == QUOTE:
            nxt += 1
        ncat = cats[nxt] if nxt < n else PUNCT
        if cats[i] == TO:
            cats[i] = TO if ncat in (V, AUX) else P
        elif word == "her" and cats[i] in (POSS, PRON):
            # SemCor tags "her" PRP$ everywhere: possessive only before the rest of a noun phrase
            after = cats[nxt + 1] if ncat == ADV and nxt + 1 < n else ncat
            cats[i] = POSS if after in _POSS_NEXT else PRON
        elif cats[i] == PRON and word in _POSSESSIVE_PRONOUNS and ncat in NP_INTERNAL:
            cats[i] = POSS  # universal tags: "his/PRON book"
        elif cats[i] == GEN and ncat in (V, AUX, ADV):
            cats[i] = AUX  # "a guy 's gotta have": is/has, not a possessive
        elif word == "that" and cats[i] in (DET, ADV) and ncat in (N, ADJ, NUM):
            cats[i] = DET
        elif word == "that" and cats[i] == SUB:
            if ncat == N and is_temporal(_lemma(tokens[nxt]), "that", None):
                cats[i] = DET  # "after the doctor 's return that/IN night"
            elif _relative_that(tokens, cats, i, nxt):
                cats[i] = WH  # "the fumble that/IN set_up our touchdown"
        elif word == "that" and cats[i] in (DET, ADV, PRON):
            cats[i] = WH if i and cats[i - 1] in NOMINAL else SUB


def _relative_that(tokens: Sequence[Token], cats: list[str], i: int, nxt: int) -> bool:
    """Whether a ``that`` tagged as a conjunction (SemCor: ``IN``) is a relative pronoun.

    Subject relative: a noun before, a verb group after (``demands that badly need``).
    Object relative: a noun that takes no ``that`` clause, then a subject and an active verb
    ending the clause (``the world that Beckett sees .``; not ``the fact that he saw it``).
    """
    p = i - 1
    while p >= 0 and cats[p] == QUOTE:
        p -= 1
    if p < 0 or not (cats[p] in NOMINAL or tokens[p].form.lower() in RELATIVE_ANTECEDENTS):
        return False
    j = nxt
    while j < len(cats) and cats[j] == ADV:
        j += 1
    if j >= len(cats):
        return False
    if cats[j] in (V, AUX):
        return not is_gerund(tokens[j].form)
    if cats[j] not in (PRON, *NP_INTERNAL) or not _gap_antecedent(tokens, cats, p):
        return False
    while j < len(cats) and cats[j] in NP_INTERNAL and cats[j] != GEN:
        j += 1  # the relative clause's subject ("Beckett", "the girl")
    if j < len(cats) and cats[j] == PRON and j == nxt:
        j += 1
    passive = False
    while j < len(cats) and cats[j] in (AUX, ADV):
        passive = passive or tokens[j].form.lower() in BE
        j += 1
    if j >= len(cats) or cats[j] != V or is_gerund(tokens[j].form):
        return False
    if _lemma(tokens[j]) in _LINKING or passive:
        return False  # "the idea that a man is doing", "his enthusiasm that he had been asked"
    k = j + 1
    while k < len(cats) and cats[k] in (ADV, PART, QUOTE):
        k += 1
    return k >= len(cats) or cats[k] in (PUNCT, CC, V, AUX)


def _lemma(token: Token) -> str:
    return (token.lemma or token.form).lower()


def _gap_antecedent(tokens: Sequence[Token], cats: list[str], p: int) -> bool:
    """A noun before ``that`` that can be the object of a relative clause."""
    if _lemma(tokens[p]) in COMPLEMENT_NOUNS:
        return False
    b = p
    while b >= 0 and cats[b] in NP_INTERNAL:
        if tokens[b].form.lower() in ("such", "so"):
            return False  # "such a varied connotation that it needs": a result clause
        b -= 1
    if b >= 0 and cats[b] == V and (tokens[b].lemma or "") in TELL_VERBS:
        return False  # "convinced Mr._Kennedy that the positions were"
    if b >= 0 and cats[b] in (P, TO) and tokens[b].form.lower() == "to":
        return False  # "it did n't occur to Trig that anything would happen"
    return not _cleft(tokens, p)


def _cleft(tokens: Sequence[Token], p: int, reach: int = 15) -> bool:
    """``It was [when he tried to end the relationship] that the murder took_place``."""
    for k in range(p - 1, max(0, p - reach), -1):
        word = tokens[k].form.lower()
        if word in (".", ";", ":", "?", "!"):
            return False
        if word in BE and tokens[k - 1].form.lower() == "it":
            return True
    return False
