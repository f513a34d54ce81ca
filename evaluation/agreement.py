"""Inter-annotator agreement: Pa, Cohen's and Scott's two-rater statistics, Fleiss' kappa,
weighted kappa with a thesaurus distance, Krippendorff's alpha, and Ng et al.'s greedy merging
of sense classes.

With ``N`` items and ``p_a(k)``, ``p_b(k)`` the share of items rater a (b) put in category k::

    Pa    = #{i : a_i = b_i} / N                                  observed agreement
    Cohen: Pc = sum_k p_a(k) p_b(k)              kappa = (Pa - Pc) / (1 - Pc)
    Scott: Pc = sum_k ((p_a(k) + p_b(k)) / 2)^2  pi    = (Pa - Pc) / (1 - Pc)

Scott's ``pi`` is the statistic of the seed's "generalised kappa" (``Pc = sum_j (C_j / 2T)^2``),
as used by Ng, Lim & Foo (1999).  A kappa is undefined when ``Pc = 1`` (both raters used a
single category): :class:`~evaluation._errors.AgreementError` is raised, never NaN.

Worked example of the seed (two raters, 100 items, table 51/9/4/36): ``Pa = 0.87``,
``Pc = 0.51``, ``kappa = 0.36 / 0.49 ≈ 0.734``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ._errors import AgreementError
from .measures import VerbThesaurus, acceptability

__all__ = [
    "MergeResult",
    "MergeStep",
    "class_map",
    "cohen_kappa",
    "confusion_table",
    "fleiss_kappa",
    "greedy_merge",
    "krippendorff_alpha",
    "observed_agreement",
    "scott_pi",
    "thesaurus_distance",
    "weighted_kappa",
]

_EPS = 1e-12


def confusion_table(a: Sequence[str], b: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """Sorted categories and the count table ``T[i, j] = #{items : a = c_i, b = c_j}``."""
    if len(a) != len(b):
        raise AgreementError(f"the two annotations differ in length ({len(a)} vs {len(b)})")
    if not a:
        raise AgreementError("no items to compare")
    categories = sorted(set(a) | set(b))
    index = {c: i for i, c in enumerate(categories)}
    table = np.zeros((len(categories), len(categories)))
    np.add.at(table, ([index[x] for x in a], [index[y] for y in b]), 1)
    return categories, table


def _undefined(categories: Sequence[str]) -> AgreementError:
    return AgreementError(
        f"kappa is undefined: chance agreement is 1 (every label is {categories[0]!r})"
        if len(categories) == 1
        else "kappa is undefined: chance agreement is 1"
    )


def _kappa_of_table(table: np.ndarray, pooled: bool) -> float:
    """Cohen's kappa (``pooled=False``) or Scott's pi (``pooled=True``) of a count table;
    ``nan`` when undefined (callers raise)."""
    total = table.sum()
    rows = table.sum(axis=1) / total
    cols = table.sum(axis=0) / total
    observed = np.trace(table) / total
    chance = float(np.sum(((rows + cols) / 2) ** 2) if pooled else np.dot(rows, cols))
    if chance >= 1 - _EPS:
        return float("nan")
    return float((observed - chance) / (1 - chance))


def observed_agreement(a: Sequence[str], b: Sequence[str]) -> float:
    """``Pa = #{i : a_i = b_i} / N``.

    >>> observed_agreement(["x", "y", "y"], ["x", "y", "x"])
    0.6666666666666666
    """
    _, table = confusion_table(a, b)
    return float(np.trace(table) / table.sum())


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float:
    """Cohen's kappa of two raters (chance from each rater's own marginals).

    >>> round(cohen_kappa(list("xxxyy"), list("xxyyy")), 4)  # Pa = .8, Pc = .48
    0.6154
    """
    categories, table = confusion_table(a, b)
    value = _kappa_of_table(table, pooled=False)
    if value != value:
        raise _undefined(categories)
    return value


def scott_pi(a: Sequence[str], b: Sequence[str]) -> float:
    """Scott's pi (chance from the pooled marginals; Ng et al.'s kappa)."""
    categories, table = confusion_table(a, b)
    value = _kappa_of_table(table, pooled=True)
    if value != value:
        raise _undefined(categories)
    return value


def fleiss_kappa(ratings: Sequence[Sequence[str]]) -> float:
    """Fleiss' kappa of ``m >= 2`` raters; ``ratings[i]`` holds the m labels of item i::

        P_i = (sum_j n_ij^2 - m) / (m (m - 1))      P = mean_i P_i
        p_j = sum_i n_ij / (N m)                     Pe = sum_j p_j^2
        kappa = (P - Pe) / (1 - Pe)

    With two raters it equals Scott's pi.
    """
    if not ratings:
        raise AgreementError("no items to compare")
    m = len(ratings[0])
    if m < 2:
        raise AgreementError(f"Fleiss' kappa needs >= 2 ratings per item, item 0 has {m}")
    for i, item in enumerate(ratings):
        if len(item) != m:
            raise AgreementError(f"item {i} has {len(item)} ratings, item 0 has {m}")
    categories = sorted({label for item in ratings for label in item})
    index = {c: j for j, c in enumerate(categories)}
    counts = np.zeros((len(ratings), len(categories)))
    for i, item in enumerate(ratings):
        for label in item:
            counts[i, index[label]] += 1
    per_item = (np.sum(counts**2, axis=1) - m) / (m * (m - 1))
    shares = counts.sum(axis=0) / (len(ratings) * m)
    chance = float(np.sum(shares**2))
    if chance >= 1 - _EPS:
        raise _undefined(categories)
    return float((per_item.mean() - chance) / (1 - chance))


def weighted_kappa(
    a: Sequence[str], b: Sequence[str], distance: Callable[[str, str], float]
) -> float:
    """Cohen's weighted kappa with disagreement weights ``w(x, y) = distance(x, y)``::

        kappa_w = 1 - sum_ij w_ij o_ij / sum_ij w_ij e_ij

    with ``o`` the observed shares and ``e_ij = p_a(i) p_b(j)``.  ``distance(x, x)`` must be
    0; with the 0/1 distance this is Cohen's kappa.
    """
    categories, table = confusion_table(a, b)
    weights = np.array([[float(distance(x, y)) for y in categories] for x in categories])
    if np.any(np.diag(weights) != 0) or np.any(weights < 0):
        raise AgreementError("a disagreement distance must be >= 0 and 0 between equal labels")
    total = table.sum()
    observed = table / total
    expected = np.outer(table.sum(axis=1), table.sum(axis=0)) / total**2
    expected_disagreement = float(np.sum(weights * expected))
    if expected_disagreement <= _EPS:
        raise _undefined(categories)
    return 1.0 - float(np.sum(weights * observed)) / expected_disagreement


def thesaurus_distance(verbs: VerbThesaurus) -> Callable[[str, str], float]:
    """``d(x, y) = LEN(x, y) / MAXLEN(v) = 1 - A_1(x, y)``: the weight that makes weighted
    agreement mirror acceptability at alpha = 1.  Keys of different lemmas, or unknown to the
    thesaurus, are at distance 1; the senses of a monosemous verb at 0 from itself only."""
    cache: dict[tuple[str, str], float] = {}

    def distance(x: str, y: str) -> float:
        if x == y:
            return 0.0
        pair = (x, y) if x < y else (y, x)
        if pair not in cache:
            lemma = x.split("%", 1)[0]
            if (
                lemma != y.split("%", 1)[0]
                or not verbs.has_sense(x)
                or not verbs.has_sense(y)
                or not verbs.has_word(lemma)
            ):
                cache[pair] = 1.0
            else:
                cache[pair] = 1.0 - float(
                    acceptability(verbs.sense_length(x, y), verbs.maxlen(lemma), 1.0)
                )
        return cache[pair]

    return distance


def krippendorff_alpha(
    annotations: Mapping[str, Mapping[str, str]] | Sequence[Sequence[str | None]],
) -> float:
    """Krippendorff's alpha (nominal), via ``nltk.metrics.agreement.AnnotationTask``::

        alpha = 1 - (n - 1) sum_{c != k} o_ck / sum_{c != k} n_c n_k

    over the coincidence matrix ``o`` of pairable values (``n`` of them).  ``annotations`` is
    ``{coder: {item: label}}`` or one label list per coder (``None`` = not coded); items coded
    by fewer than two coders are not pairable and are left out.
    """
    from nltk.metrics.agreement import AnnotationTask

    coded: Mapping[str, Mapping[str, str | None]]
    if isinstance(annotations, Mapping):
        coded = annotations
    else:
        coded = {str(c): dict(enumerate(labels)) for c, labels in enumerate(annotations)}  # type: ignore[misc]
    by_item: dict[object, list[tuple[str, str]]] = {}
    for coder, labels in coded.items():
        for item, label in labels.items():
            if label is not None:
                by_item.setdefault(item, []).append((coder, label))
    triples = [
        (coder, str(item), label)
        for item, pairs in by_item.items()
        if len(pairs) >= 2
        for coder, label in pairs
    ]
    if not triples:
        raise AgreementError("no item is coded by two or more coders")
    labels_used = sorted({label for _, _, label in triples})
    if len(labels_used) < 2:
        raise _undefined(labels_used)
    return float(AnnotationTask(data=triples).alpha())


@dataclass(frozen=True)
class MergeStep:
    """One merge: the two classes joined and the statistic after joining them."""

    left: frozenset[str]
    right: frozenset[str]
    kappa: float


@dataclass(frozen=True)
class MergeResult:
    """Final sense classes (sorted by their smallest label), the statistic before and after,
    and the merges in order."""

    classes: list[frozenset[str]]
    kappa_before: float
    kappa_after: float
    steps: list[MergeStep]


def greedy_merge(
    a: Sequence[str], b: Sequence[str], k_min: float = 0.8, *, statistic: str = "cohen"
) -> MergeResult:
    """Ng, Lim & Foo's greedy search: while kappa < ``k_min``, join the two sense classes whose
    union gives the highest kappa (ties: the first pair in class order).

    ``statistic`` is ``"cohen"`` (Cohen's kappa) or ``"scott"`` (the pooled kappa of the
    paper).  When everything has been merged into one class the raters trivially agree; that
    class is given kappa = 1 (the paper's words that "merged into a single class").
    """
    if statistic not in {"cohen", "scott"}:
        raise AgreementError(f"unknown agreement statistic {statistic!r} (cohen or scott)")
    pooled = statistic == "scott"
    categories, table = confusion_table(a, b)
    before = _kappa_of_table(table, pooled)
    if before != before:
        raise _undefined(categories)
    classes = [frozenset([c]) for c in categories]
    current = before
    steps: list[MergeStep] = []
    while current < k_min and len(classes) > 1:
        best: tuple[float, int, int, np.ndarray] | None = None
        for i, j in itertools.combinations(range(len(classes)), 2):
            merged = _merge_table(table, i, j)
            value = 1.0 if len(merged) == 1 else _kappa_of_table(merged, pooled)
            if best is None or value > best[0] + _EPS:
                best = (value, i, j, merged)
        assert best is not None
        current, i, j, table = best
        steps.append(MergeStep(classes[i], classes[j], current))
        classes = [c for k, c in enumerate(classes) if k not in (i, j)] + [classes[i] | classes[j]]
        order = sorted(range(len(classes)), key=lambda k: min(classes[k]))
        classes = [classes[k] for k in order]
        table = table[np.ix_(order, order)]
    return MergeResult(classes, before, current, steps)


def _merge_table(table: np.ndarray, i: int, j: int) -> np.ndarray:
    """The table with rows and columns ``i`` and ``j`` summed into a last row/column."""
    keep = [k for k in range(len(table)) if k not in (i, j)]
    rows = np.vstack([table[keep], table[i] + table[j]])
    return np.hstack([rows[:, keep], (rows[:, i] + rows[:, j])[:, None]])


def class_map(classes: Sequence[frozenset[str]]) -> dict[str, str]:
    """``{label: representative}`` (the class's smallest label): a coarse sense inventory,
    e.g. to score against merged classes by mapping both gold and system keys."""
    return {label: min(group) for group in classes for label in group}
