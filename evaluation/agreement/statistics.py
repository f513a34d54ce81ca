"""Agreement statistics of label lists: Pa, Cohen's and Scott's two-rater statistics, Fleiss'
kappa, weighted kappa with a thesaurus distance, Krippendorff's alpha.

With ``N`` items and ``p_a(k)``, ``p_b(k)`` the share of items rater a (b) put in category k::

    Pa    = #{i : a_i = b_i} / N                                  observed agreement
    Cohen: Pc = sum_k p_a(k) p_b(k)              kappa = (Pa - Pc) / (1 - Pc)
    Scott: Pc = sum_k ((p_a(k) + p_b(k)) / 2)^2  pi    = (Pa - Pc) / (1 - Pc)

Scott's ``pi`` is the "generalised kappa" of Ng, Lim & Foo (1999).  An undefined statistic
(``Pc = 1``) raises :class:`~evaluation.AgreementError`, never NaN.  Over many verbs at once
these are *pooled* figures; per-word figures are :mod:`evaluation.agreement.per_word`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from evaluation._exceptions import AgreementError
from evaluation.acceptability import Grading, VerbThesaurus, acceptability, key_lemma, sense_lemma
from evaluation.thesauri import as_thesauri
from thesaurus import sense_key_pos

__all__ = [
    "cohen_kappa",
    "confusion_table",
    "fleiss_kappa",
    "kappa_from_shares",
    "krippendorff_alpha",
    "observed_agreement",
    "scott_pi",
    "sense_lemma",
    "table_kappa",
    "thesaurus_distance",
    "weight_defaults",
    "weighted_kappa",
]

_EPS = 1e-12


def _check_lengths(a: Sequence[str], b: Sequence[str]) -> None:
    if len(a) != len(b):
        raise AgreementError(f"the two annotations differ in length ({len(a)} vs {len(b)})")
    if not a:
        raise AgreementError("no items to compare")


def confusion_table(a: Sequence[str], b: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """Sorted categories and the dense count table ``T[i, j] = #{items : a = c_i, b = c_j}``.

    Parameters
    ----------
    a, b : sequence of str
        The two raters' labels of the same items, in the same order.

    Returns
    -------
    categories : list of str
        Every label of either rater, sorted.
    table : ndarray of float, shape (n_categories, n_categories)
        The counts; rows are ``a``'s labels, columns ``b``'s.

    Raises
    ------
    AgreementError
        If ``a`` and ``b`` differ in length or are empty.

    Examples
    --------
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


def undefined_error(categories: Sequence[str], statistic: str = "kappa") -> AgreementError:
    """The error for a statistic undefined on these categories (kappa or ``"alpha"``)."""
    reason = "expected disagreement is 0" if statistic == "alpha" else "chance agreement is 1"
    if len(categories) == 1:
        reason += f" (every label is {categories[0]!r})"
    return AgreementError(f"{statistic} is undefined: {reason}")


def kappa_from_shares(
    observed: float, shares_a: np.ndarray, shares_b: np.ndarray, *, pooled: bool
) -> float | None:
    """Cohen's kappa (``pooled=False``) or Scott's pi from ``Pa`` and each rater's shares.

    Parameters
    ----------
    observed : float
        The observed agreement ``Pa``.
    shares_a, shares_b : ndarray
        Each rater's share of every category, aligned by category.
    pooled : bool
        ``True``: Scott's pi (chance from the pooled shares); ``False``: Cohen's kappa.

    Returns
    -------
    float or None
        The statistic; ``None`` when undefined (``Pc = 1``).

    Examples
    --------
    >>> round(kappa_from_shares(0.8, np.array([0.6, 0.4]), np.array([0.4, 0.6]), pooled=False), 4)
    0.6154
    """
    a = np.asarray(shares_a, dtype=float)
    b = np.asarray(shares_b, dtype=float)
    chance = float(np.sum(((a + b) / 2) ** 2) if pooled else np.dot(a, b))
    if chance >= 1 - _EPS:
        return None
    return float((observed - chance) / (1 - chance))


def table_kappa(table: np.ndarray, *, pooled: bool) -> float | None:
    """Cohen's kappa or Scott's pi of a :func:`confusion_table`.

    Parameters
    ----------
    table : ndarray of shape (n_categories, n_categories)
        Counts, rows one rater's labels and columns the other's.
    pooled : bool
        ``True``: Scott's pi; ``False``: Cohen's kappa.

    Returns
    -------
    float or None
        The statistic; ``None`` when undefined (``Pc = 1``).

    Examples
    --------
    >>> round(table_kappa(np.array([[51.0, 9.0], [4.0, 36.0]]), pooled=False), 3)  # the seed's
    0.735
    """
    total = table.sum()
    shares_a, shares_b = table.sum(axis=1) / total, table.sum(axis=0) / total
    return kappa_from_shares(float(np.trace(table) / total), shares_a, shares_b, pooled=pooled)


def _marginals(a: Sequence[str], b: Sequence[str]) -> tuple[int, float, Counter[str], Counter[str]]:
    """``N``, ``Pa`` and each rater's label counts."""
    _check_lengths(a, b)
    agree = sum(1 for x, y in zip(a, b, strict=True) if x == y)
    return len(a), agree / len(a), Counter(a), Counter(b)


def _chance_corrected(a: Sequence[str], b: Sequence[str], pooled: bool) -> float:
    n, observed, count_a, count_b = _marginals(a, b)
    categories = sorted(count_a | count_b)
    shares_a = np.array([count_a[c] for c in categories]) / n
    shares_b = np.array([count_b[c] for c in categories]) / n
    kappa = kappa_from_shares(observed, shares_a, shares_b, pooled=pooled)
    if kappa is None:
        raise undefined_error(categories)
    return kappa


def observed_agreement(a: Sequence[str], b: Sequence[str]) -> float:
    """The observed agreement ``Pa = #{i : a_i = b_i} / N``.

    Parameters
    ----------
    a, b : sequence of str
        The two raters' labels of the same items, in the same order.

    Returns
    -------
    float
        The share of items both raters labelled alike.

    Raises
    ------
    AgreementError
        If ``a`` and ``b`` differ in length or are empty.

    Examples
    --------
    >>> observed_agreement(["x", "y", "y"], ["x", "y", "x"])
    0.6666666666666666
    """
    return _marginals(a, b)[1]


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float:
    """Cohen's kappa of two raters (chance from each rater's own marginals).

    Parameters
    ----------
    a, b : sequence of str
        The two raters' labels of the same items, one each, in the same order.

    Returns
    -------
    float

    Raises
    ------
    AgreementError
        Sequences of different lengths or empty, or an undefined kappa (a single label:
        chance agreement is 1).

    >>> round(cohen_kappa(list("xxxyy"), list("xxyyy")), 4)  # Pa = .8, Pc = .48
    0.6154
    """
    return _chance_corrected(a, b, pooled=False)


def scott_pi(a: Sequence[str], b: Sequence[str]) -> float:
    """Scott's pi (chance from the pooled marginals; Ng et al.'s kappa).

    Parameters
    ----------
    a, b : sequence of str
        The two raters' labels of the same items, one each, in the same order.

    Returns
    -------
    float

    Raises
    ------
    AgreementError
        As :func:`cohen_kappa`.

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

    Parameters
    ----------
    ratings : sequence of sequences of str
        Each item's labels, the same number ``m >= 2`` for every item.

    Returns
    -------
    float

    Raises
    ------
    AgreementError
        No item, fewer than two or unequal numbers of ratings, or an undefined kappa.

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
        raise undefined_error(sorted(totals))
    return (agreement_sum / len(ratings) - chance) / (1 - chance)


def weighted_kappa(
    a: Sequence[str],
    b: Sequence[str],
    distance: Callable[[str, str], float],
    *,
    block: Callable[[str], Hashable] | None = None,
) -> float:
    """Cohen's weighted kappa with disagreement weights ``w(x, y) = distance(x, y)``::

        kappa_w = 1 - sum_ij w_ij o_ij / sum_ij w_ij e_ij

    with ``o`` the observed shares and ``e_ij = p_a(i) p_b(j)``.  ``distance(x, x)`` must be
    0 (else :class:`AgreementError`); with the 0/1 distance this is Cohen's kappa.  With
    ``block`` (e.g. a sense key's word), labels of different blocks are at distance 1.

    Parameters
    ----------
    a, b : sequence of str
        The two raters' labels of the same items.
    distance : callable
        ``distance(x, y) >= 0``, 0 for equal labels (e.g. :func:`thesaurus_distance`).
    block : callable or None, default=None
        A label's block; labels of different blocks are not compared by ``distance``.

    Returns
    -------
    float

    Raises
    ------
    AgreementError
        Bad lengths, a distance that is negative or not 0 on equal labels, or an undefined
        kappa (no expected disagreement).

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
    expected = _expected(weight, block, n, count_a, count_b)
    if expected <= _EPS:
        raise undefined_error(sorted(count_a | count_b))
    return 1.0 - observed / expected


def _expected(
    weight: Callable[[str, str], float],
    block: Callable[[str], Hashable] | None,
    n: int,
    count_a: Counter[str],
    count_b: Counter[str],
) -> float:
    """The expected disagreement ``sum_ij w_ij p_a(i) p_b(j)``, a block at a time (pairs of
    two blocks weigh 1: the mass outside the blocks' products)."""
    groups: dict[Hashable, list[str]] = {}
    for label in sorted(count_a | count_b):
        groups.setdefault(block(label) if block is not None else "", []).append(label)
    expected = 1.0 if block is not None else 0.0
    for labels in groups.values():
        mass_a = sum(count_a[x] for x in labels) / n
        mass_b = sum(count_b[y] for y in labels) / n
        if block is not None:
            expected -= mass_a * mass_b
        pairs = [(x, y) for x in labels if count_a[x] for y in labels if count_b[y]]
        expected += sum(weight(x, y) * count_a[x] * count_b[y] / n**2 for x, y in pairs)
    return expected


def _thesaurus_of(verbs: Grading, x: str, y: str) -> VerbThesaurus | None:
    """The thesaurus grading keys ``x`` and ``y``; ``None`` for exact match."""
    return as_thesauri(verbs).of_key(x) if sense_key_pos(x) == sense_key_pos(y) else None


def _default_reason(verbs: Grading, x: str, y: str) -> str | None:
    """Why two different keys get distance 1 without a path length, or None."""
    thes = _thesaurus_of(verbs, x, y)
    owner = key_lemma(thes)
    lemma = owner(x)
    if thes is None or lemma != owner(y):
        return "other-lemma"
    if not thes.has_word(lemma):
        return "unknown-lemma"
    if not thes.has_sense(x) or not thes.has_sense(y):
        return "unknown-key"
    return None


def thesaurus_distance(verbs: Grading) -> Callable[[str, str], float]:
    """A distance between sense keys: ``d(x, y) = LEN(x, y) / MAXLEN(v) = 1 - A_1(x, y)``.

    Computed on the thesaurus of the keys' part of speech; keys of different lemmas or parts
    of speech, keys of an unknown lemma, or unknown keys, are at distance 1.  Distances are
    cached per pair.

    Parameters
    ----------
    verbs : VerbThesaurus or Thesauri
        The thesaurus, or one per part of speech.

    Returns
    -------
    callable
        ``distance(x, y) -> float`` in [0, 1], 0 for equal keys (for :func:`weighted_kappa`).

    Examples
    --------
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
            thes = _thesaurus_of(verbs, x, y)
            if thes is None or _default_reason(verbs, x, y) is not None:
                cache[pair] = 1.0
            else:
                lemma = key_lemma(thes)(x)
                cache[pair] = 1.0 - float(
                    acceptability(thes.sense_length(x, y), thes.maxlen(lemma), 1.0)
                )
        return cache[pair]

    return distance


def weight_defaults(a: Sequence[str], b: Sequence[str], verbs: Grading) -> dict[str, int]:
    """Disagreeing items whose :func:`thesaurus_distance` is 1 by default, counted by reason.

    Parameters
    ----------
    a, b : sequence of str
        The two raters' sense keys of the same items, in the same order.
    verbs : VerbThesaurus or Thesauri
        The thesaurus, or one per part of speech.

    Returns
    -------
    dict of str to int
        Counts by reason (``other-lemma``, ``unknown-lemma``, ``unknown-key``), sorted by
        reason; reasons that never occur are left out.

    Raises
    ------
    AgreementError
        If ``a`` and ``b`` differ in length or are empty.

    Examples
    --------
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

    over pairable values (``n``; ``n_c`` of label c).  ``annotations`` is ``{coder: {item:
    label}}`` or one label list per coder (``None`` = not coded).

    Parameters
    ----------
    annotations : mapping of str to mapping, or sequence of sequences of str or None
        Each coder's labels by item, or one list per coder (``None``: not coded).

    Returns
    -------
    float

    Raises
    ------
    AgreementError
        No pairable value, or an undefined alpha (a single label).

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
        raise undefined_error(sorted(totals), "alpha")
    return 1.0 - (n - 1) * (n - diagonal) / expected
