"""Inter-annotator agreement: Pa, Cohen's and Scott's two-rater statistics, Fleiss' kappa,
weighted kappa with a thesaurus distance, Krippendorff's alpha, and Ng et al.'s greedy merging
of sense classes.  The pooled statistics are computed from label counts (no K x K table), so
they stay fast over a whole corpus with thousands of sense keys.

With ``N`` items and ``p_a(k)``, ``p_b(k)`` the share of items rater a (b) put in category k::

    Pa    = #{i : a_i = b_i} / N                                  observed agreement
    Cohen: Pc = sum_k p_a(k) p_b(k)              kappa = (Pa - Pc) / (1 - Pc)
    Scott: Pc = sum_k ((p_a(k) + p_b(k)) / 2)^2  pi    = (Pa - Pc) / (1 - Pc)

Scott's ``pi`` is the statistic of the seed's "generalised kappa" (``Pc = sum_j (C_j / 2T)^2``),
as used by Ng, Lim & Foo (1999).  A kappa is undefined when ``Pc = 1`` (both raters used a
single category): :class:`~evaluation.AgreementError` is raised, never NaN.

Worked example of the seed (two raters, 100 items, table 51/9/4/36): ``Pa = 0.87``,
``Pc = 0.51``, ``kappa = 0.36 / 0.49 ≈ 0.734``.

These functions compare whatever labels they are given.  Over the instances of many verbs
at once they give *pooled* figures, which overstate agreement: chance agreement ``Pc`` is
then computed as if any sense key could meet any other, although two raters can only pick
among the senses of the instance's verb, so ``Pc`` is far too small (a rater who always
answers the verb's most frequent sense has kappa 0 on every verb, yet a pooled kappa well
above 0).  The literature (Ng, Lim & Foo 1999; seed 004's "Media k") reports kappa per word
and their arithmetic mean: see :mod:`evaluation.bounds`.
"""

from __future__ import annotations

import itertools
import math
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._exceptions import AgreementError
from .measures import VerbThesaurus, acceptability, key_lemma, sense_lemma

__all__ = [
    "CLASS_TABLE_FORMAT",
    "MergeResult",
    "MergeStep",
    "class_map",
    "cohen_kappa",
    "confusion_table",
    "fleiss_kappa",
    "greedy_merge",
    "krippendorff_alpha",
    "observed_agreement",
    "read_class_table",
    "scott_pi",
    "sense_lemma",
    "thesaurus_distance",
    "weight_defaults",
    "weighted_kappa",
    "write_class_table",
]

_EPS = 1e-12


def _check_lengths(a: Sequence[str], b: Sequence[str]) -> None:
    if len(a) != len(b):
        raise AgreementError(f"the two annotations differ in length ({len(a)} vs {len(b)})")
    if not a:
        raise AgreementError("no items to compare")


def confusion_table(a: Sequence[str], b: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """Sorted categories and the count table ``T[i, j] = #{items : a = c_i, b = c_j}``
    (dense: for the few senses of one verb).

    >>> categories, table = confusion_table(["x", "x", "y"], ["x", "y", "y"])
    >>> categories, table.tolist()
    (['x', 'y'], [[1.0, 1.0], [0.0, 1.0]])
    """
    _check_lengths(a, b)
    categories = sorted(set(a) | set(b))
    index = {c: i for i, c in enumerate(categories)}
    table = np.zeros((len(categories), len(categories)))
    np.add.at(table, ([index[x] for x in a], [index[y] for y in b]), 1)
    return categories, table


def _undefined(categories: Sequence[str], statistic: str = "kappa") -> AgreementError:
    reason = "expected disagreement is 0" if statistic == "alpha" else "chance agreement is 1"
    if len(categories) == 1:
        reason += f" (every label is {categories[0]!r})"
    return AgreementError(f"{statistic} is undefined: {reason}")


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


def _marginals(a: Sequence[str], b: Sequence[str]) -> tuple[int, float, Counter[str], Counter[str]]:
    """``N``, ``Pa`` and each rater's label counts; O(N), whatever the number of categories."""
    _check_lengths(a, b)
    agree = sum(1 for x, y in zip(a, b, strict=True) if x == y)
    return len(a), agree / len(a), Counter(a), Counter(b)


def _chance_corrected(a: Sequence[str], b: Sequence[str], pooled: bool) -> float:
    n, observed, count_a, count_b = _marginals(a, b)
    if pooled:
        chance = sum(((count_a[c] + count_b[c]) / (2 * n)) ** 2 for c in count_a | count_b)
    else:
        chance = sum(count_a[c] * count_b[c] for c in count_a) / n**2
    if chance >= 1 - _EPS:
        raise _undefined(sorted(count_a | count_b))
    return (observed - chance) / (1 - chance)


def observed_agreement(a: Sequence[str], b: Sequence[str]) -> float:
    """``Pa = #{i : a_i = b_i} / N``.

    >>> observed_agreement(["x", "y", "y"], ["x", "y", "x"])
    0.6666666666666666
    """
    return _marginals(a, b)[1]


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float:
    """Cohen's kappa of two raters (chance from each rater's own marginals).

    >>> round(cohen_kappa(list("xxxyy"), list("xxyyy")), 4)  # Pa = .8, Pc = .48
    0.6154
    """
    return _chance_corrected(a, b, pooled=False)


def scott_pi(a: Sequence[str], b: Sequence[str]) -> float:
    """Scott's pi (chance from the pooled marginals; Ng et al.'s kappa).

    >>> a, b = list("xxxyy"), list("xxyyy")  # Pa = .8; pooled x: 5/10, y: 5/10, Pc = .5
    >>> round(scott_pi(a, b), 4)
    0.6
    >>> scott_pi(["s1", "s1"], ["s1", "s1"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evaluation.AgreementError: kappa is undefined: ... (every label is 's1')
    """
    return _chance_corrected(a, b, pooled=True)


def fleiss_kappa(ratings: Sequence[Sequence[str]]) -> float:
    """Fleiss' kappa of ``m >= 2`` raters; ``ratings[i]`` holds the m labels of item i::

        P_i = (sum_j n_ij^2 - m) / (m (m - 1))      P = mean_i P_i
        p_j = sum_i n_ij / (N m)                     Pe = sum_j p_j^2
        kappa = (P - Pe) / (1 - Pe)

    With two raters it equals Scott's pi.

    >>> # P = (1 + 1/3 + 1) / 3 = 7/9; p_x = 5/9, p_y = 4/9, Pe = 41/81; kappa = 22/40
    >>> round(fleiss_kappa([["x", "x", "x"], ["x", "x", "y"], ["y", "y", "y"]]), 4)
    0.55
    """
    if not ratings:
        raise AgreementError("no items to compare")
    m = len(ratings[0])
    if m < 2:
        raise AgreementError(f"Fleiss' kappa needs >= 2 ratings per item, item 0 has {m}")
    totals: Counter[str] = Counter()
    agreement_sum = 0.0
    for i, item in enumerate(ratings):
        if len(item) != m:
            raise AgreementError(f"item {i} has {len(item)} ratings, item 0 has {m}")
        counts = Counter(item)
        totals.update(counts)
        agreement_sum += (sum(c * c for c in counts.values()) - m) / (m * (m - 1))
    chance = sum((c / (len(ratings) * m)) ** 2 for c in totals.values())
    if chance >= 1 - _EPS:
        raise _undefined(sorted(totals))
    return (agreement_sum / len(ratings) - chance) / (1 - chance)


def weighted_kappa(
    a: Sequence[str],
    b: Sequence[str],
    distance: Callable[[str, str], float],
    *,
    block: Callable[[str], str] | None = None,
) -> float:
    """Cohen's weighted kappa with disagreement weights ``w(x, y) = distance(x, y)``::

        kappa_w = 1 - sum_ij w_ij o_ij / sum_ij w_ij e_ij

    with ``o`` the observed shares and ``e_ij = p_a(i) p_b(j)``.  ``distance(x, x)`` must be
    0; with the 0/1 distance this is Cohen's kappa.  With ``block`` (e.g. the lemma of a sense
    key), labels of different blocks are taken to be at distance 1 without calling
    ``distance``, so the expected term costs ``sum_B |B|^2`` calls instead of ``K^2``::

        sum_ij w_ij e_ij = sum_B sum_{i,j in B} w_ij e_ij + 1 - sum_B p_a(B) p_b(B)

    >>> linear = lambda x, y: abs(int(x) - int(y)) / 2  # labels 0, 1, 2
    >>> a, b = list("0012"), list("0122")  # observed (1/2 + 1/2) / 4 = 1/4
    >>> weighted_kappa(a, b, linear)  # expected sum_ij w_ij p_a(i) p_b(j) = 1/2
    0.5
    """
    n, _, count_a, count_b = _marginals(a, b)

    def weight(x: str, y: str) -> float:
        if x == y:
            value = float(distance(x, x))
            if value != 0:
                raise AgreementError(f"distance({x!r}, {x!r}) must be 0, got {value}")
            return 0.0
        if block is not None and block(x) != block(y):
            return 1.0
        value = float(distance(x, y))
        if value < 0:
            raise AgreementError(f"distance({x!r}, {y!r}) must be >= 0, got {value}")
        return value

    observed = sum(weight(x, y) for x, y in zip(a, b, strict=True)) / n
    groups: dict[str, list[str]] = {}
    for label in sorted(count_a | count_b):
        groups.setdefault(block(label) if block is not None else "", []).append(label)
    expected = 1.0 if block is not None else 0.0
    for labels in groups.values():
        mass_a = sum(count_a[x] for x in labels) / n
        mass_b = sum(count_b[y] for y in labels) / n
        if block is not None:
            expected -= mass_a * mass_b
        expected += sum(
            weight(x, y) * count_a[x] * count_b[y] / n**2
            for x in labels
            if count_a[x]
            for y in labels
            if count_b[y]
        )
    if expected <= _EPS:
        raise _undefined(sorted(count_a | count_b))
    return 1.0 - observed / expected


def _default_reason(verbs: VerbThesaurus, x: str, y: str) -> str | None:
    """Why two different keys get distance 1 without a path length, or None."""
    owner = key_lemma(verbs)
    lemma = owner(x)
    if lemma != owner(y):
        return "other-lemma"
    if not verbs.has_word(lemma):
        return "unknown-lemma"
    if not verbs.has_sense(x) or not verbs.has_sense(y):
        return "unknown-key"
    return None


def thesaurus_distance(verbs: VerbThesaurus) -> Callable[[str, str], float]:
    """``d(x, y) = LEN(x, y) / MAXLEN(v) = 1 - A_1(x, y)``: the weight that makes weighted
    agreement mirror acceptability at alpha = 1.  Keys of different lemmas, or unknown to the
    thesaurus, are at distance 1 (:func:`weight_defaults` counts such disagreements); the
    senses of a monosemous verb at 0 from itself only.

    >>> class Toy:  # lemma "run": LEN(run%1, run%2) = 2, MAXLEN = 4
    ...     def maxlen(self, lemma): return 4
    ...     def sense_length(self, a, b): return 0 if a == b else 2
    ...     def has_sense(self, key): return key in {"run%1", "run%2"}
    ...     def has_word(self, lemma): return lemma == "run"
    >>> d = thesaurus_distance(Toy())
    >>> d("run%1", "run%2"), d("run%1", "run%1"), d("run%1", "run%9"), d("run%1", "go%1")
    (0.5, 0.0, 1.0, 1.0)
    """
    cache: dict[tuple[str, str], float] = {}

    def distance(x: str, y: str) -> float:
        if x == y:
            return 0.0
        pair = (x, y) if x < y else (y, x)
        if pair not in cache:
            if _default_reason(verbs, x, y) is not None:
                cache[pair] = 1.0
            else:
                lemma = key_lemma(verbs)(x)
                cache[pair] = 1.0 - float(
                    acceptability(verbs.sense_length(x, y), verbs.maxlen(lemma), 1.0)
                )
        return cache[pair]

    return distance


def weight_defaults(a: Sequence[str], b: Sequence[str], verbs: VerbThesaurus) -> dict[str, int]:
    """Disagreeing items whose :func:`thesaurus_distance` weight is 1 by default rather than
    by a path length, by reason: ``other-lemma`` (the two keys belong to different verbs),
    ``unknown-lemma``, ``unknown-key`` (a key the thesaurus does not know).

    >>> class Toy:
    ...     def has_sense(self, key): return key in {"run%1", "run%2"}
    ...     def has_word(self, lemma): return lemma == "run"
    >>> weight_defaults(["run%1", "run%1", "run%1", "go%1"], ["run%1", "run%9", "go%1", "go%2"],
    ...                 Toy())
    {'other-lemma': 1, 'unknown-key': 1, 'unknown-lemma': 1}
    """
    _check_lengths(a, b)
    reasons: Counter[str] = Counter()
    for x, y in zip(a, b, strict=True):
        if x != y:
            reason = _default_reason(verbs, x, y)
            if reason is not None:
                reasons[reason] += 1
    return dict(sorted(reasons.items()))


def krippendorff_alpha(
    annotations: Mapping[str, Mapping[str, str]] | Sequence[Sequence[str | None]],
) -> float:
    """Krippendorff's alpha for nominal data from the coincidence matrix ``o``::

        o_ck = sum_u #{ordered pairs of values (c, k) from different coders in u} / (m_u - 1)
        alpha = 1 - (n - 1) (n - sum_c o_cc) / (n^2 - sum_c n_c^2)

    over pairable values (``n`` of them, ``n_c`` of label c; units coded by fewer than two
    coders are left out).  Computed sparsely in O(values); it agrees with
    ``nltk.metrics.agreement.AnnotationTask.alpha`` (tested), whose expected-disagreement
    loop over all label pairs is too slow for thousands of sense keys.  ``annotations`` is
    ``{coder: {item: label}}`` or one label list per coder (``None`` = not coded).

    >>> # coincidences o_xx = 4, o_yy = 4, o_xy = o_yx = 1; n = 10, n_x = n_y = 5
    >>> round(krippendorff_alpha([list("xxyyx"), list("xyyyx")]), 4)  # 1 - 9 * 2 / 50
    0.64
    """
    coded: Mapping[Any, Mapping[Any, str | None]]
    if isinstance(annotations, Mapping):
        coded = annotations
    else:
        coded = {c: dict(enumerate(labels)) for c, labels in enumerate(annotations)}
    by_item: dict[Any, Counter[str]] = {}
    for labels in coded.values():
        for item, label in labels.items():
            if label is not None:
                by_item.setdefault(item, Counter())[label] += 1
    totals: Counter[str] = Counter()
    diagonal = 0.0
    for counts in by_item.values():
        m = sum(counts.values())
        if m < 2:
            continue
        totals.update(counts)
        diagonal += sum(c * (c - 1) for c in counts.values()) / (m - 1)
    n = sum(totals.values())
    if n == 0:
        raise AgreementError("no item is coded by two or more coders")
    expected = n * n - sum(c * c for c in totals.values())
    if expected <= 0:
        raise _undefined(sorted(totals), "alpha")
    return 1.0 - (n - 1) * (n - diagonal) / expected


@dataclass(frozen=True)
class MergeStep:
    """One merge: the two classes joined and the statistic after joining them (``None``: the
    merge left a single class, where kappa is undefined)."""

    left: frozenset[str]
    right: frozenset[str]
    kappa: float | None


@dataclass(frozen=True)
class MergeResult:
    """Final sense classes (sorted by their smallest label), the statistic and the observed
    agreement before and after, and the merges in order.  ``kappa_after`` is ``None`` when
    everything was merged into a single class: the raters then agree trivially and kappa is
    undefined (``Pc = 1``), which is not the same as kappa = 1."""

    classes: list[frozenset[str]]
    kappa_before: float
    kappa_after: float | None
    observed_before: float
    observed_after: float
    steps: list[MergeStep]

    @property
    def single_class(self) -> bool:
        """Whether every sense was merged into one class (kappa undefined)."""
        return len(self.classes) == 1


def greedy_merge(
    a: Sequence[str], b: Sequence[str], k_min: float = 0.8, *, statistic: str = "scott"
) -> MergeResult:
    """Ng, Lim & Foo's greedy search: while kappa < ``k_min``, join the two sense classes whose
    union gives the highest kappa (ties: the first pair in class order).  Apply it to the
    instances of one word at a time, as the paper does.

    ``statistic`` is ``"scott"`` (the paper's generalised kappa, ``Pc = sum_j (C_j / 2T)^2``,
    i.e. Scott's pi; the default) or ``"cohen"``.  With two classes left the only merge makes a
    single class; it is made when kappa is still below ``k_min`` and reported as such
    (``kappa_after = None``, :attr:`MergeResult.single_class`): the paper's 96 of 191 words
    "merged into a single class".  Labels of one category only raise
    :class:`~evaluation.AgreementError` (kappa undefined before any merge).

    >>> a, b = list("abbcd"), list("abccd")  # b/c confused once: Pa .8, Pc .26
    >>> r = greedy_merge(a, b, 0.8)
    >>> round(r.kappa_before, 3), [sorted(c) for c in r.classes], r.kappa_after
    (0.73, [['a'], ['b', 'c'], ['d']], 1.0)
    >>> greedy_merge(list("abab"), list("abba"), 0.8).single_class  # kappa 0: all merged
    True
    """
    if statistic not in {"cohen", "scott"}:
        raise AgreementError(f"unknown agreement statistic {statistic!r} (cohen or scott)")
    pooled = statistic == "scott"
    categories, table = confusion_table(a, b)
    before = _kappa_of_table(table, pooled)
    if before != before:
        raise _undefined(categories)
    observed_before = float(np.trace(table) / table.sum())
    classes = [frozenset([c]) for c in categories]
    current: float | None = before
    steps: list[MergeStep] = []
    while current is not None and current < k_min and len(classes) > 1:
        best: tuple[float, int, int, np.ndarray] | None = None
        for i, j in itertools.combinations(range(len(classes)), 2):
            merged = _merge_table(table, i, j)
            value = -math.inf if len(merged) == 1 else _kappa_of_table(merged, pooled)
            value = -math.inf if value != value else value
            if best is None or value > best[0] + _EPS:
                best = (value, i, j, merged)
        assert best is not None
        value, i, j, table = best
        current = None if len(table) == 1 else value
        steps.append(MergeStep(classes[i], classes[j], current))
        classes = [c for k, c in enumerate(classes) if k not in (i, j)] + [classes[i] | classes[j]]
        order = sorted(range(len(classes)), key=lambda k: min(classes[k]))
        classes = [classes[k] for k in order]
        table = table[np.ix_(order, order)]
    observed_after = float(np.trace(table) / table.sum())
    return MergeResult(classes, before, current, observed_before, observed_after, steps)


def _merge_table(table: np.ndarray, i: int, j: int) -> np.ndarray:
    """The table with rows and columns ``i`` and ``j`` summed into a last row/column."""
    keep = [k for k in range(len(table)) if k not in (i, j)]
    rows = np.vstack([table[keep], table[i] + table[j]])
    return np.hstack([rows[:, keep], (rows[:, i] + rows[:, j])[:, None]])


def class_map(classes: Sequence[frozenset[str]]) -> dict[str, str]:
    """``{label: representative}`` (the class's smallest label): a coarse sense inventory,
    e.g. to score against merged classes by mapping both gold and system keys.

    >>> class_map([frozenset({"run%2", "run%3"}), frozenset({"run%1"})])
    {'run%2': 'run%2', 'run%3': 'run%2', 'run%1': 'run%1'}
    """
    return {label: min(group) for group in classes for label in sorted(group)}


CLASS_TABLE_FORMAT = (
    "sense classes: one line per sense key, sense_key<TAB>class_id; the class id is the "
    "smallest sense key of the class; keys not listed are classes of their own"
)


def write_class_table(
    path: str | os.PathLike[str],
    classes_by_lemma: Mapping[str, Sequence[frozenset[str]]],
    *,
    comment: str = "",
    lemma_of: Callable[[str], str] = sense_lemma,
) -> dict[str, int]:
    """Write merged classes (``{lemma: classes}``, e.g. one :func:`greedy_merge` per verb)
    atomically as ``sense_key<TAB>class_id`` lines after a ``#`` header (the format and
    ``comment``, e.g. the command that made it).  A class's keys of another lemma than its
    own (``lemma_of``: a rater's key of another verb) are left out, so every key has one
    class; returns
    ``{"keys", "classes", "other_lemma_left_out"}``."""
    from thesaurus.io import atomic_open

    counts = Counter({"keys": 0, "classes": 0, "other_lemma_left_out": 0})
    with atomic_open(path) as handle:
        handle.write(f"# {CLASS_TABLE_FORMAT}\n")
        if comment:
            handle.write(f"# {comment}\n")
        for lemma, classes in sorted(classes_by_lemma.items()):
            for group in classes:
                own = sorted(k for k in group if lemma_of(k) == lemma)
                counts["other_lemma_left_out"] += len(group) - len(own)
                if own:
                    counts["classes"] += 1
                    counts["keys"] += len(own)
                    handle.writelines(f"{key}\t{own[0]}\n" for key in own)
    return dict(counts)


def read_class_table(path: str | os.PathLike[str]) -> dict[str, str]:
    """Read a table written by :func:`write_class_table` (or by hand) into
    ``{sense_key: class_id}``.  ``#`` lines and blank lines are skipped.  A class id that is
    itself a listed key must be in its own class, so that no key is two classes at once."""
    try:
        handle = open(path, encoding="utf-8")
    except OSError as exc:
        raise AgreementError(f"cannot read class table {path}: {exc.strerror}") from exc
    table: dict[str, str] = {}
    line_of: dict[str, int] = {}
    with handle:
        for lineno, line in enumerate(handle, 1):
            text = line.rstrip("\n")
            if not text.strip() or text.startswith("#"):
                continue
            fields = text.split("\t")
            if len(fields) != 2 or not all(f.strip() for f in fields):
                raise AgreementError(
                    f"{path}:{lineno}: expected sense_key<TAB>class_id, got {text!r}"
                )
            key, class_id = (f.strip() for f in fields)
            if key in table:
                raise AgreementError(f"{path}:{lineno}: sense key {key!r} listed twice")
            table[key] = class_id
            line_of[key] = lineno
    for key, class_id in table.items():
        if class_id in table and table[class_id] != class_id:
            raise AgreementError(
                f"{path}:{line_of[key]}: class id {class_id!r} is also a key of class "
                f"{table[class_id]!r} (line {line_of[class_id]})"
            )
    return table
