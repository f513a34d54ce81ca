"""Scoring a system's answers against gold with graded credit: key files (:func:`score_keys`,
what ``wsd score`` prints) and fitted estimators (:func:`make_acceptability_scorer`, a
scikit-learn scorer for ``cross_val_score`` and ``GridSearchCV``).

Exact match (``alpha = inf``) follows the official Senseval/Raganato scorer::

    P = sum(credit) / attempted     R = sum(credit) / #gold     F1 = 2 P R / (P + R)

where an instance's credit is the share of its answers that are gold senses (any of several
gold keys matches).  Several answers on one line: Raganato et al.'s ``Scorer.java`` (the
unified evaluation framework, 2017) reads a line's keys into a set and gives each distinct key
``1 / |set|`` when it is gold, so ``credit = |answers & gold| / |answers|``; Senseval's
``scorer2`` gives each key of a line without weights the weight ``1 / n`` and sums the weights
of the keys in the gold set (fine-grained scoring), the same share except that a key written
twice counts twice there.  :func:`score_keys` is ``Scorer.java``'s rule (repeated keys count
once); ``wsd score --several-keys first`` and ranked ``key:score`` lines score the first key
only.  Precision with nothing attempted is 0/0: undefined, reported as ``None`` (``null`` in
JSON, ``undefined`` in text) with a warning, as scikit-learn's ``zero_division`` does it,
never as 0 (``Scorer.java`` prints ``NaN``); recall is then 0 and so is F1 (its limit, and
scikit-learn's ``2 tp / (2 tp + fp + fn)``).  Graded scores
replace that share by the mean over answers of the best acceptability against a gold sense
(:func:`~evaluation.measures.graded_credit`).

With sense classes (a coarse sense inventory ``{sense_key: class_id}``, e.g. from
:func:`~evaluation.agreement.merge_per_lemma`) every gold and predicted key is replaced by its
class before scoring, keys not in the table being classes of their own; answers that fall into
one class count once.  Only exact match on classes (``alpha = inf``) is scored then: a
thesaurus distance between two *classes* is not defined (which of their senses would it
join?), so graded acceptability with classes is refused rather than guessed.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from thesaurus import sense_key_pos
from thesaurus.io import to_json

from ._exceptions import EvaluationError, EvaluationWarning
from .measures import (
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
from .thesauri import as_thesauri

POS_NAMES = {"noun": "nouns", "verb": "verbs", "adj": "adjectives", "adv": "adverbs"}
POS_ORDER = ("nouns", "verbs", "adjectives", "adverbs", "other")

__all__ = [
    "THESAURUS_HINT",
    "AcceptabilityScorer",
    "make_acceptability_scorer",
    "score_keys",
    "to_classes",
    "undefined_precision_warning",
    "unknown_keys_warning",
    "unknown_keys_warnings",
]

THESAURUS_HINT = "score with the thesaurus the keys come from (--verb-thesaurus SPEC)"


def unknown_keys_warning(
    gold: Sequence[Sequence[str]],
    answers: Iterable[Sequence[str]],
    verbs: VerbThesaurus,
    *,
    hint: str = THESAURUS_HINT,
) -> str | None:
    """A warning when the verb thesaurus does not know some gold or answered keys (so graded
    credit of their instances is exact match: LEN is undefined), naming how many distinct keys
    were unknown; ``None`` when every key is known.  ``gold[i]`` and the ``answers`` are the
    sense keys of the scored instances.

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
    hint: str = THESAURUS_HINT,
) -> list[str]:
    """:func:`unknown_keys_warning` per thesaurus: instances and answered keys grouped by the
    thesaurus of their part of speech (:class:`~evaluation.thesauri.Thesauri`); a part of
    speech scored by exact match by choice warns of nothing."""
    books = as_thesauri(thesauri)
    by_thesaurus: dict[int, tuple[Any, list[Sequence[str]], list[Sequence[str]]]] = {}
    for keys in gold:
        thes = books.of_key(keys[0]) if keys else None
        if thes is not None:
            by_thesaurus.setdefault(id(thes), (thes, [], []))[1].append(keys)
    for given in answers:
        for key in given:
            thes = books.of_key(key)
            if thes is not None:
                by_thesaurus.setdefault(id(thes), (thes, [], []))[2].append((key,))
    notes = []
    for thes, gold_of, answers_of in by_thesaurus.values():
        note = unknown_keys_warning(gold_of, answers_of, thes, hint=hint)
        if note is not None:
            notes.append(note)
    return notes


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
    hint: str = THESAURUS_HINT,
) -> dict[str, Any]:
    """Score ``pred`` against ``gold`` (``{instance_id: sense keys}``) at each alpha.

    ``verbs`` is one thesaurus or :class:`~evaluation.thesauri.Thesauri` (each instance graded
    on the thesaurus of its part of speech).  An instance's lemma is the word that owns its
    first gold key in that thesaurus (:func:`~evaluation.measures.key_lemma`: any resource's
    sense ids), else the part of the key before ``%``.  Predictions for instances absent from
    the gold are counted (``not_in_gold``) and ignored; gold instances without a prediction
    are not attempted.

    Returns a JSON-ready dict: ``instances``, ``attempted``, ``not_in_gold``, ``alphas``,
    ``overall`` (``{alpha: scores}``, the fields of :class:`~evaluation.measures.Scores`),
    ``issues``, ``warnings``, ``per_pos`` and ``per_dataset`` (``{group: {alpha: scores}}``:
    parts of speech, and datasets, :func:`~evaluation.measures.dataset_of`; each only when
    there are several) and, with ``per_verb``,
    ``per_verb`` (``{lemma: {alpha: scores}}``).  With ``classes`` (``{sense_key:
    class_id}``), keys are mapped to classes first (the lemma of an instance still comes from
    its first gold *key*); only ``alpha = inf`` is allowed, and ``classes`` counts the gold
    and predicted keys found in the table.

    A precision with nothing attempted (overall, or of a verb) is ``None``: 0/0 is undefined.

    ``warnings`` (each also issued as an :class:`~evaluation.EvaluationWarning`) says when
    graded scores silently became exact match: keys unknown to ``verbs``
    (:func:`unknown_keys_warning`, ending with ``hint``), and when a precision is undefined
    (:func:`undefined_precision_warning`).
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
        "overall": _defined(to_json(credit.scores())),
        "issues": dict(sorted(credit.issues.items())),
        "warnings": notes,
    }
    if mapped:
        report["classes"] = mapped
    groups = {
        "per_pos": [POS_NAMES.get(p, "other") if p else "other" for p in parts],
        "per_dataset": [dataset_of(i) for i in ids],
        **({"per_verb": lemmas} if per_verb else {}),
    }
    for name, values in groups.items():
        if name == "per_verb" or len(set(values)) > 1:
            report[name] = _group_scores(credit, values)
    note = undefined_precision_warning(report)
    if note is not None:
        notes.append(note)
        warnings.warn(note, EvaluationWarning, stacklevel=2)
    return report


def _group_scores(credit: Credit, groups: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The scores of each group of instances (``groups[i]``: instance ``i``'s), parts of
    speech in :data:`POS_ORDER` first, then by name."""
    rows_of: dict[str, list[int]] = {}
    for row, group in enumerate(groups):
        rows_of.setdefault(group, []).append(row)
    order = sorted(rows_of, key=lambda g: (POS_ORDER.index(g) if g in POS_ORDER else 9, g))
    return {g: _defined(to_json(credit.scores(rows_of[g]))) for g in order}


def _defined(scores: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Scores by alpha with an undefined precision (nothing attempted: 0/0) as ``None``."""
    for row in scores.values():
        if row["attempted"] == 0:
            row["precision"] = None
    return scores


def undefined_precision_warning(report: Mapping[str, Any]) -> str | None:
    """The warning, as scikit-learn's ``zero_division`` gives it, when a precision of
    :func:`score_keys`'s report is undefined (no instance attempted: 0/0), or ``None``.

    >>> undefined_precision_warning({"instances": 3, "attempted": 0, "overall": {}})[:46]
    'precision is undefined: none of the 3 gold ins'
    """
    if report["attempted"] == 0:
        return (
            f"precision is undefined: none of the {report['instances']} gold instances was "
            "attempted (correct / attempted is 0/0); it is reported as null in JSON and "
            "'undefined' in text, never as 0; recall and F1 are 0"
        )
    undefined = [
        lemma
        for lemma, by_alpha in report.get("per_verb", {}).items()
        if any(row["precision"] is None for row in by_alpha.values())
    ]
    if undefined:
        return (
            f"precision is undefined for {len(undefined)} of {len(report['per_verb'])} verbs "
            f"(e.g. {undefined[0]!r}): none of their instances was attempted; reported as null "
            "in JSON and 'undefined' in text, never as 0"
        )
    return None


@dataclass(frozen=True)
class AcceptabilityScorer:
    """A scikit-learn scorer: ``scorer(estimator, X, y=None)`` is the acceptability of
    ``estimator.predict(X)`` at ``alpha``, Table 1's cell: the mean graded credit over the
    attempted instances (Senseval precision; higher is better).

    ``X`` holds :class:`~wsd.types.Instance` records, which give each instance's verb; the
    gold senses are ``y`` (one key per instance, as ``fit`` takes them) or, when ``y`` is
    ``None``, each instance's gold keys (any of them earns full credit).  LEN and MAXLEN come
    from ``verb_thesaurus`` (a ``thesaurus.load`` spec), by default the estimator's own.  With
    nothing attempted the score is 0, as Senseval scores it.  Made by
    :func:`make_acceptability_scorer`; picklable, so ``n_jobs`` works.
    """

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
        return credit.scores()[format_alpha(self.alpha)].precision


def make_acceptability_scorer(
    alpha: float | str, *, verb_thesaurus: str | None = None
) -> AcceptabilityScorer:
    """A scorer of acceptability at ``alpha`` (a number > 0 or ``"inf"``: exact match) for
    ``cross_val_score(..., scoring=...)`` and ``GridSearchCV(..., scoring=...)`` over lists of
    instances: see :class:`AcceptabilityScorer`.

    >>> make_acceptability_scorer(0.5)
    AcceptabilityScorer(alpha=0.5, verb_thesaurus=None)
    >>> make_acceptability_scorer("inf", verb_thesaurus="wordnet-verb").alpha
    inf
    """
    return AcceptabilityScorer(parse_alpha(alpha), verb_thesaurus)
