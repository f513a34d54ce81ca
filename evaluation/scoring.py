"""Scoring answers against gold with graded credit: key files (:func:`score_keys`, what ``wsd
score`` prints) and fitted estimators (:func:`make_acceptability_scorer`, a scikit-learn
scorer).

Exact match (``alpha = inf``) is Raganato et al.'s ``Scorer.java``: a line's distinct keys
share the credit, ``credit = |answers & gold| / |answers|``.  Precision with nothing attempted
is undefined: ``None`` with a warning, never 0; recall and F1 are then 0.  With sense classes
(``{sense_key: class_id}``) keys are replaced by their classes (unlisted keys: their own) and
only exact match is scored: a thesaurus distance between classes is not defined.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evaluation._exceptions import EvaluationError, EvaluationWarning
from evaluation.acceptability import (
    ALPHA_DEFAULTS,
    Credit,
    Grading,
    VerbThesaurus,
    dataset_of,
    format_alpha,
    graded_credit,
    key_lemma,
    parse_alpha,
)
from evaluation.thesauri import as_thesauri
from evaluation.unseen import UNSEEN_ORDER, key_file_unseen_groups
from evaluation.words import Word, word_names
from thesaurus import sense_key_pos
from thesaurus.utils.outputs import to_json

POS_NAMES = {"noun": "nouns", "verb": "verbs", "adj": "adjectives", "adv": "adverbs"}
POS_ORDER = ("nouns", "verbs", "adjectives", "adverbs", "other")
# the groups of the first-sense breakdown, in report order
FIRST_SENSE = {True: "first sense", False: "not first sense"}
FIRST_SENSE_UNKNOWN = "first sense unknown"
FIRST_SENSE_ORDER = ("not first sense", "first sense", FIRST_SENSE_UNKNOWN)

__all__ = [
    "FIRST_SENSE_ORDER",
    "POS_NAMES",
    "POS_ORDER",
    "AcceptabilityScorer",
    "first_sense_of",
    "make_acceptability_scorer",
    "score_keys",
    "thesaurus_hint",
    "to_classes",
    "undefined_precision_note",
    "undefined_precision_warning",
    "undefined_words_note",
    "unknown_keys_warning",
    "unknown_keys_warnings",
]


def thesaurus_hint(pos: str) -> str:
    """The advice of an unknown-keys warning on the command line: the option naming the
    thesaurus of the keys' part of speech (``verb`` for keys of another resource).

    >>> thesaurus_hint("noun")
    'score with the thesaurus the keys come from (--noun-thesaurus SPEC)'
    """
    return f"score with the thesaurus the keys come from (--{pos}-thesaurus SPEC)"


def unknown_keys_warning(
    gold: Sequence[Sequence[str]],
    answers: Iterable[Sequence[str]],
    verbs: VerbThesaurus,
    *,
    hint: str = thesaurus_hint("verb"),
) -> str | None:
    """A warning that ``verbs`` does not know some gold or answered keys (their credit is
    exact match), or ``None`` when it knows every key.

    >>> class Toy:
    ...     name = "toy"
    ...     def has_sense(self, key): return key.startswith("run%")
    >>> unknown_keys_warning([["使う.1"], ["run%1"]], [["使う.2"], ["run%2"]], Toy())[:46]
    'thesaurus toy does not know 1 of 2 gold keys a'
    """
    gold_keys = {k for keys in gold for k in keys}
    answer_keys = {k for keys in answers for k in keys}
    unknown_gold = sorted(k for k in gold_keys if not verbs.has_sense(k))
    unknown_answers = sorted(k for k in answer_keys if not verbs.has_sense(k))
    if not unknown_gold and not unknown_answers:
        return None
    unknown = set(unknown_gold)
    affected = sum(1 for keys in gold if unknown.intersection(keys))
    name = getattr(verbs, "name", "of the verbs")
    example = (unknown_gold or unknown_answers)[0]
    return (
        f"thesaurus {name} does not know {len(unknown_gold)} of {len(gold_keys)} gold keys and "
        f"{len(unknown_answers)} of {len(answer_keys)} answered keys (e.g. {example!r}): "
        f"graded credit involving them is exact match ({affected} of {len(gold)} instances "
        f"have an unknown gold key); {hint}"
    )


def unknown_keys_warnings(
    gold: Sequence[Sequence[str]],
    answers: Iterable[Sequence[str]],
    thesauri: Grading,
    *,
    hint: Callable[[str], str] = thesaurus_hint,
) -> list[str]:
    """:func:`unknown_keys_warning` per part of speech with a thesaurus (none for exact match),
    each with the ``hint`` of its part of speech (keys of another resource: ``verb``'s)."""
    books = as_thesauri(thesauri)
    by_pos: dict[str, tuple[list[Sequence[str]], list[Sequence[str]]]] = {}
    for keys in gold:
        if keys:
            by_pos.setdefault(sense_key_pos(keys[0]) or "verb", ([], []))[0].append(keys)
    for given in answers:
        for key in given:
            by_pos.setdefault(sense_key_pos(key) or "verb", ([], []))[1].append((key,))
    notes = []
    for pos, (gold_of, answers_of) in by_pos.items():
        thes = books.of(pos)
        if thes is not None:
            note = unknown_keys_warning(gold_of, answers_of, thes, hint=hint(pos))
            notes += [note] if note is not None else []
    return notes


def first_sense_of(
    gold: Sequence[Sequence[str]],
    lemmas: Sequence[str],
    parts: Sequence[str | None],
    thesauri: Grading,
) -> tuple[str, ...]:
    """Per instance, ``first sense`` when its gold keys hold the first sense of its lemma in
    the thesaurus of its part of speech (WordNet's order), ``not first sense`` otherwise, or
    ``first sense unknown`` (no thesaurus for the part of speech, or an unknown lemma)."""
    books = as_thesauri(thesauri)
    first: dict[tuple[str, str | None], str | None] = {}
    out = []
    for lemma, pos, keys in zip(lemmas, parts, gold, strict=True):
        if (lemma, pos) not in first:
            thes = books.of(pos)
            known = thes is not None and thes.has_word(lemma)
            first[(lemma, pos)] = thes.senses(lemma)[0] if thes is not None and known else None
        sense = first[(lemma, pos)]
        out.append(FIRST_SENSE_UNKNOWN if sense is None else FIRST_SENSE[sense in keys])
    return tuple(out)


def to_classes(
    keys: Mapping[str, Sequence[str]], classes: Mapping[str, str]
) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """Each key replaced by its class (unlisted keys: themselves), repeats dropped, and how
    many keys were ``in_table`` / ``not_in_table``.

    >>> to_classes({"i1": ["a%1", "a%2"]}, {"a%1": "a%1", "a%2": "a%1"})
    ({'i1': ('a%1',)}, {'in_table': 2, 'not_in_table': 0})
    """
    found = sum(1 for senses in keys.values() for k in senses if k in classes)
    total = sum(len(senses) for senses in keys.values())
    mapped = {i: tuple(dict.fromkeys(classes.get(k, k) for k in ks)) for i, ks in keys.items()}
    return mapped, {"in_table": found, "not_in_table": total - found}


def score_keys(
    gold: Mapping[str, Sequence[str]],
    pred: Mapping[str, Sequence[str]],
    verbs: Grading,
    alphas: Sequence[float] = ALPHA_DEFAULTS,
    *,
    per_verb: bool = False,
    classes: Mapping[str, str] | None = None,
    train: Mapping[str, Sequence[str]] | None = None,
    hint: Callable[[str], str] = thesaurus_hint,
) -> dict[str, Any]:
    """Score ``pred`` against ``gold`` (``{instance_id: sense keys}``) at each alpha, each
    instance on the thesaurus of its part of speech; predictions not in the gold are counted
    (``not_in_gold``) and ignored.

    Returns a JSON-ready dict: ``instances``, ``attempted``, ``not_in_gold``, ``alphas``,
    ``overall`` (``{alpha: scores}``), ``issues``, ``warnings`` (also issued as
    :class:`~evaluation.EvaluationWarning`), ``per_pos`` and ``per_dataset`` (when there are
    several groups), ``per_first_sense`` (:func:`first_sense_of`), ``per_unseen`` (against
    the ``train`` keys ``{instance_id: sense keys}``, :mod:`evaluation.unseen`; ``None``
    without them), ``per_verb`` (with ``per_verb``: per word, a lemma with its part of speech
    named as :func:`~evaluation.words.word_names` does) and ``classes`` (with ``classes``, which
    allows only ``alpha = inf``: else :class:`EvaluationError`).  An undefined precision is
    ``None``.
    """
    ids = list(gold)
    notes: list[str] = []
    books = as_thesauri(verbs)
    if classes is None and any(not math.isinf(a) for a in alphas):
        for unknown in unknown_keys_warnings(
            [gold[i] for i in ids], [pred[i] for i in ids if i in pred], books, hint=hint
        ):
            notes.append(unknown)
            warnings.warn(unknown, EvaluationWarning, stacklevel=2)
    lemmas = [key_lemma(books.of_key(gold[i][0]))(gold[i][0]) for i in ids]
    parts = [sense_key_pos(gold[i][0]) for i in ids]
    keys = [gold[i] for i in ids]
    breakdowns: dict[str, Sequence[str] | None] = {
        "per_first_sense": first_sense_of(keys, lemmas, parts, books),
        "per_unseen": None if train is None else key_file_unseen_groups(keys, train, books),
    }
    mapped: dict[str, Any] = {}
    if classes is not None:
        if any(not math.isinf(a) for a in alphas):
            raise EvaluationError("scoring with sense classes is exact match only (alpha = inf)")
        gold, mapped["gold"] = to_classes(gold, classes)
        pred, mapped["pred"] = to_classes(pred, classes)
    credit = graded_credit(
        [pred.get(i, ()) for i in ids], [gold[i] for i in ids], lemmas, books, alphas, pos=parts
    )
    report: dict[str, Any] = {
        "instances": len(ids),
        "attempted": int(credit.attempted.sum()),
        "not_in_gold": sum(1 for i in pred if i not in gold),
        "alphas": [format_alpha(a) for a in credit.alphas],
        "overall": to_json(credit.scores()),
        "issues": dict(sorted(credit.issues.items())),
        "warnings": notes,
    }
    if mapped:
        report["classes"] = mapped
    words = [Word(lemma, part or "") for lemma, part in zip(lemmas, parts, strict=True)]
    groups = {
        "per_pos": [POS_NAMES.get(p, "other") if p else "other" for p in parts],
        "per_dataset": [dataset_of(i) for i in ids],
        **({"per_verb": word_names(words)} if per_verb else {}),
    }
    for name, values in groups.items():
        if name == "per_verb" or len(set(values)) > 1:
            report[name] = _group_scores(credit, values)
    for name, found in breakdowns.items():
        order = FIRST_SENSE_ORDER if name == "per_first_sense" else UNSEEN_ORDER
        report[name] = None if found is None else _group_scores(credit, found, order)
    note = undefined_precision_warning(report)
    if note is not None:
        notes.append(note)
        warnings.warn(note, EvaluationWarning, stacklevel=2)
    return report


def _group_scores(
    credit: Credit, groups: Sequence[str], known: Sequence[str] = POS_ORDER
) -> dict[str, dict[str, Any]]:
    """The scores of each group (``groups[i]``: instance ``i``'s), those in ``known`` first in
    that order, then the others sorted."""
    rows_of: dict[str, list[int]] = {}
    for row, group in enumerate(groups):
        rows_of.setdefault(group, []).append(row)
    order = sorted(rows_of, key=lambda g: (known.index(g) if g in known else len(known), g))
    return {g: to_json(credit.scores(rows_of[g])) for g in order}


def undefined_precision_note(instances: int, who: str = "", of: str = "gold instances") -> str:
    """The warning that a precision is undefined: ``who`` attempted none of the ``instances``.

    >>> undefined_precision_note(3, "ims")[:56]
    'precision of ims is undefined: none of the 3 gold instan'
    """
    return (
        f"precision {f'of {who} ' if who else ''}is undefined: none of the {instances} {of} was "
        "attempted (correct / attempted is 0/0); it is reported as null in JSON and "
        "'undefined' in tables, never as 0; recall and F1 are 0"
    )


def undefined_precision_warning(report: Mapping[str, Any]) -> str | None:
    """The warning that a precision of :func:`score_keys`'s report is undefined, or ``None``.

    >>> undefined_precision_warning({"instances": 3, "attempted": 0, "overall": {}})[:46]
    'precision is undefined: none of the 3 gold ins'
    """
    if report["attempted"] == 0:
        return undefined_precision_note(report["instances"])
    undefined = [
        lemma
        for lemma, by_alpha in report.get("per_verb", {}).items()
        if any(row["precision"] is None for row in by_alpha.values())
    ]
    return undefined_words_note(undefined, len(report.get("per_verb", {})))


def undefined_words_note(undefined: Sequence[str], words: int, who: str = "") -> str | None:
    """The warning that the precision of the ``undefined`` words (of ``words``) is undefined,
    or ``None`` when there is none.

    >>> undefined_words_note(["square.r"], 2)[:43]
    'precision is undefined for 1 of 2 words (e.'
    """
    if not undefined:
        return None
    return (
        f"precision {f'of {who} ' if who else ''}is undefined for {len(undefined)} of {words} "
        f"words (e.g. {undefined[0]!r}): none of their instances was attempted; reported as "
        "null in JSON and 'undefined' in tables, never as 0"
    )


@dataclass(frozen=True)
class AcceptabilityScorer:
    """A picklable scikit-learn scorer: ``scorer(estimator, X, y=None)`` is the graded
    precision of ``estimator.predict(X)`` at ``alpha`` (NaN, with a warning, when nothing is
    attempted: undefined, as scikit-learn takes a failed score).  ``X``
    holds :class:`~wsd.types.Instance` records; the gold is ``y`` or, when ``None``, the
    instances' gold keys; ``verb_thesaurus`` defaults to the estimator's."""

    alpha: float
    verb_thesaurus: str | None = None

    def __call__(self, estimator: Any, X: Sequence[Any], y: Sequence[str] | None = None) -> float:
        import thesaurus

        instances = list(X)
        answers = [(sense,) if sense else () for sense in estimator.predict(instances)]
        if y is None:
            gold = [tuple(instance.gold) for instance in instances]
        else:
            gold = [(str(label),) for label in y]
            if len(gold) != len(instances):
                raise EvaluationError(f"{len(instances)} instances but {len(gold)} gold labels")
        verbs = thesaurus.load(self.verb_thesaurus or estimator.verb_thesaurus)
        lemmas = [instance.lemma for instance in instances]
        credit = graded_credit(answers, gold, lemmas, verbs, (self.alpha,))
        precision = credit.scores()[format_alpha(self.alpha)].precision
        if precision is None:
            warnings.warn(undefined_precision_note(len(instances)), EvaluationWarning, stacklevel=2)
            return math.nan
        return precision


def make_acceptability_scorer(
    alpha: float | str, *, verb_thesaurus: str | None = None
) -> AcceptabilityScorer:
    """An :class:`AcceptabilityScorer` at ``alpha`` (a number > 0 or ``"inf"``).

    >>> make_acceptability_scorer(0.5)
    AcceptabilityScorer(alpha=0.5, verb_thesaurus=None)
    >>> make_acceptability_scorer("inf", verb_thesaurus="wordnet-verb").alpha
    inf
    """
    return AcceptabilityScorer(parse_alpha(alpha), verb_thesaurus)
