"""Small English word lists the case-frame rules need, and a dictionary-free noun lemmatiser.

The lemmatiser only serves tokens the corpus left without a lemma (SemCor's ``brownv`` files
tag verbs only); it strips regular plural endings and knows a few irregular plurals.
"""

from __future__ import annotations

__all__ = [
    "COMPLEMENT_NOUNS",
    "COPULAS",
    "NOMINATIVE",
    "PREDICATIVE_VERBS",
    "RELATIVE_ANTECEDENTS",
    "SPEECH_VERBS",
    "TELL_VERBS",
    "is_temporal",
    "noun_lemma",
]

NOMINATIVE = frozenset({"i", "he", "she", "we", "they", "thou", "ye"})

# Verbs whose adjective complement takes the following prepositional phrase ("is consistent
# with", "seemed permeated with"), unlike "sat sprawled in his chair".
COPULAS = frozenset(
    """be seem become remain appear look feel sound stay get grow turn prove taste smell""".split()
)

# Verbs whose second bare noun phrase is a predicate ("made the food a topic"), not an object.
PREDICATIVE_VERBS = frozenset(
    """call name make elect appoint consider think declare label term dub crown deem proclaim
    nominate render pronounce christen style brand""".split()
)

# Verbs that invert with their subject after a quotation ("... '', said the jury").
SPEECH_VERBS = frozenset(
    """say ask reply answer add explain continue shout cry whisper declare write remark observe
    insist repeat announce murmur demand exclaim note protest admit respond inquire recall
    report warn urge comment call suggest agree retort mutter snap begin conclude""".split()
)

# Verbs whose object is followed by a "that" clause ("told the jury that ...").
TELL_VERBS = frozenset(
    """tell inform assure convince persuade remind warn notify show teach promise advise
    satisfy reassure instruct bet ask write""".split()
)

# Pronouns a relative "that" can follow ("those that remain", "everything that he did").
RELATIVE_ANTECEDENTS = frozenset(
    """those one ones anything everything something nothing anyone everyone someone
    anybody everybody somebody""".split()
)

_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_MONTHS = frozenset(
    "january february march april may june july august september october november december".split()
)
_BARE_TEMPORAL = _DAYS | frozenset({"yesterday", "today", "tonight", "tomorrow", "weekend"})
_TIME_UNITS = (
    frozenset(
        """morning evening night afternoon day week month year hour minute moment time season
    spring summer fall autumn winter decade century weekend noon midnight""".split()
    )
    | _DAYS
    | _MONTHS
)
_TEMPORAL_DETERMINERS = frozenset(
    "last next this that each every one some all the_following following previous preceding "
    "same other".split()
)
_AFTER_TEMPORAL = frozenset({"ago", "later", "earlier", "before", "after", "long"})

# Nouns taking a "that" clause ("the fact that ...", "the day that ..."): a "that" after them
# starts no object relative clause.
COMPLEMENT_NOUNS = (
    frozenset(
        """fact idea notion belief feeling hope evidence conclusion impression announcement
    suspicion assurance reassurance sense theory statement news claim view assumption
    possibility recognition agreement argument doubt fear realization proof sign rumor report
    thought knowledge certainty chance condition requirement insistence suggestion proposal
    decision promise warning principle hypothesis premise guarantee understanding awareness
    conviction expectation contention observation indication likelihood probability danger
    risk reason way extent degree point place time day year moment night week month hour
    case ground grounds assertion admission opinion question notice word message demand
    conception implication discovery illusion charge prospect worry""".split()
    )
    | _TIME_UNITS
)


def is_temporal(head: str, first: str, following: str | None) -> bool:
    """Whether a bare noun phrase is a time adjunct, not an object ("said Friday", "last night").

    ``head`` is the head lemma, ``first`` the phrase's first word after an article,
    ``following`` the word after the phrase (all lower-case).

    >>> is_temporal("morning", "next", None), is_temporal("morning", "good", None)
    (True, False)
    """
    if head in _BARE_TEMPORAL:
        return True
    if head not in _TIME_UNITS:
        return False
    return first in _TEMPORAL_DETERMINERS or following in _AFTER_TEMPORAL or first == head


_IRREGULAR_PLURALS = {
    "men": "man",
    "women": "woman",
    "children": "child",
    "feet": "foot",
    "teeth": "tooth",
    "geese": "goose",
    "mice": "mouse",
    "lice": "louse",
    "oxen": "ox",
    "data": "data",
    "criteria": "criterion",
    "phenomena": "phenomenon",
    "media": "medium",
    "analyses": "analysis",
    "bases": "basis",
    "crises": "crisis",
    "theses": "thesis",
    "hypotheses": "hypothesis",
    "wives": "wife",
    "lives": "life",
    "knives": "knife",
    "leaves": "leaf",
    "halves": "half",
    "selves": "self",
    "shelves": "shelf",
    "wolves": "wolf",
    "thieves": "thief",
    "loaves": "loaf",
    "calves": "calf",
}
_KEEP_S = ("ss", "us", "is", "ics", "ous", "ness", "ws")


def noun_lemma(form: str, plural: bool = False) -> str:
    """Lower-cased lemma of a noun form; plural endings stripped when ``plural`` is set.

    >>> noun_lemma("Policemen", plural=True), noun_lemma("studies", plural=True)
    ('policeman', 'study')
    >>> noun_lemma("acoustics", plural=True), noun_lemma("Criminal_court")
    ('acoustics', 'criminal_court')
    """
    word = "_".join(form.lower().split())
    if not plural:
        return word
    prefix, _, last = word.rpartition("_")
    lemma = _singular(last)
    return f"{prefix}_{lemma}" if prefix else lemma


def _singular(word: str) -> str:
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    for plural, single in (("men", "man"), ("women", "woman")):
        if word.endswith(plural) and len(word) > len(plural) + 2:
            return word[: -len(plural)] + single
    if len(word) <= 3 or word.endswith(_KEEP_S) or not word.endswith("s"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    return word[:-1]
