"""Paired significance tests and intervals between methods scored on the same instances.

* :func:`ratio_t_tests`: paired t-tests of differences of precisions (ratios ``R_c = sum_i
  num[i, c] / sum_i den[i, c]``, with ``num = credit * attempted`` and ``den = attempted``) by
  the delta method (``scipy.stats.ttest_rel`` when both attempted every instance)::

      d_i = (c_a,i - P_a att_a,i) / mean(att_a) - (c_b,i - P_b att_b,i) / mean(att_b)
      SE = sd(d) / sqrt(n),  t = (P_a - P_b) / SE,  df = n - 1,  p = 2 P[T_df >= |t|]

* :func:`bootstrap_ratio_differences`: percentile bootstrap intervals of those differences.
* :func:`holm`: Holm-Bonferroni adjusted p-values; :func:`format_p_value` for reports.
* :func:`mcnemar`: exact binomial below 25 discordant pairs, else chi-square with continuity
  correction ``X = max(|n01 - n10| - 1, 0)^2 / (n01 + n10)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from evaluation._exceptions import EvaluationError

__all__ = [
    "P_FLOOR",
    "BootstrapInterval",
    "McNemarResult",
    "PairedTTest",
    "bootstrap_ratio_differences",
    "format_p_value",
    "holm",
    "mcnemar",
    "ratio_difference_intervals",
    "ratio_t_tests",
    "resample_counts",
    "resample_sums",
]

_CELLS = 1 << 18  # instance draws at a time (resamples x instances): 2 MB
_CHUNK = 256  # at most this many resamples at a time
_PRODUCT_CELLS = 1 << 22  # resamples x instances in one product of resample_sums: 32 MB
EXACT_BELOW = 25  # McNemar: exact binomial test when n01 + n10 < 25
P_FLOOR = 1e-300  # smaller p-values (e.g. underflow to 0.0) are reported as "< 1e-300"


@dataclass(frozen=True)
class BootstrapInterval:
    """Observed difference ``a - b`` and its ``confidence`` percentile bootstrap interval."""

    mean_diff: float
    low: float
    high: float
    n_resamples: int
    confidence: float


def _check_resampling(n_resamples: int, confidence: float) -> None:
    if n_resamples < 1:
        raise EvaluationError(f"n_resamples must be >= 1, got {n_resamples}")
    if not 0 < confidence < 1:
        raise EvaluationError(f"confidence must be in (0, 1), got {confidence}")


def resample_sums(columns: np.ndarray, *, n_resamples: int = 2000, seed: int = 0) -> np.ndarray:
    """Column sums of ``columns`` (``n`` instances x ``k``) over the bootstrap resamples of
    :func:`resample_counts`, the same for every column: an ``(n_resamples, k)`` array.

    >>> sums = resample_sums(np.array([[1.0, 1.0], [0.0, 1.0]]), n_resamples=3, seed=1)
    >>> sums[:, 1].tolist()  # the second column is all ones: every resample sums to n
    [2.0, 2.0, 2.0]
    """
    matrix = np.asarray(columns, dtype=float)
    if matrix.ndim == 1:
        matrix = matrix[:, None]
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        raise EvaluationError(f"expected instances x columns, got shape {matrix.shape}")
    n = matrix.shape[0]
    sums = np.empty((n_resamples, matrix.shape[1]))
    rows = min(n_resamples, max(1, _PRODUCT_CELLS // n))
    batch = np.empty((rows, n))
    start = filled = 0
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1, user_api="blas"):
        for counts in resample_counts(n, n_resamples=n_resamples, seed=seed):
            if filled + len(counts) > rows:  # (a chunk is never larger than the batch)
                sums[start : start + filled] = batch[:filled] @ matrix
                start, filled = start + filled, 0
            batch[filled : filled + len(counts)] = counts
            filled += len(counts)
        sums[start : start + filled] = batch[:filled] @ matrix
    return sums


def resample_counts(n: int, *, n_resamples: int = 2000, seed: int = 0) -> Iterator[np.ndarray]:
    """``n_resamples`` bootstrap resamples of ``n`` instances (seeded with ``seed``) in chunks
    of ``(size, n)`` arrays: how often each instance was drawn (rows sum to ``n``).

    >>> [chunk.sum(axis=1).tolist() for chunk in resample_counts(4, n_resamples=3)]
    [[4, 4, 4]]
    """
    if n < 1:
        raise EvaluationError(f"cannot resample {n} instances")
    if n_resamples < 1:
        raise EvaluationError(f"n_resamples must be >= 1, got {n_resamples}")
    chunk = max(1, min(_CHUNK, _CELLS // n))
    rng = np.random.default_rng(seed)
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        indices = rng.integers(0, n, size=(size, n))
        indices += (np.arange(size) * n)[:, None]  # row r counts into [r n, (r + 1) n)
        yield np.bincount(indices.ravel(), minlength=size * n).reshape(size, n)


def _interval(resampled: np.ndarray, observed: float, confidence: float) -> BootstrapInterval:
    """Percentile interval of resampled differences."""
    tail = (1 - confidence) / 2
    low, high = np.quantile(resampled, [tail, 1 - tail])
    return BootstrapInterval(observed, float(low), float(high), len(resampled), confidence)


def _ratios(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    """``num / den``, and 0 where ``den = 0`` (nothing attempted: precision 0, as scored)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(
            denominators > 0, numerators / np.where(denominators > 0, denominators, 1), 0.0
        )


def _cells(
    numerators: np.ndarray, denominators: np.ndarray, pairs: Sequence[tuple[int, int]]
) -> tuple[np.ndarray, np.ndarray]:
    """The ratio cells as float arrays; :class:`EvaluationError` unless they are one non-empty
    finite ``instances x cells`` shape, denominators >= 0, and the pairs name cells."""
    num = np.asarray(numerators, dtype=float)
    den = np.asarray(denominators, dtype=float)
    if num.ndim != 2 or num.shape != den.shape or num.shape[0] == 0:
        raise EvaluationError(
            f"numerators {num.shape} and denominators {den.shape} must be one non-empty"
            " instances x cells shape"
        )
    if not (np.all(np.isfinite(num)) and np.all(np.isfinite(den))):
        raise EvaluationError("numerators and denominators must be finite (no NaN or inf)")
    if np.any(den < 0):
        raise EvaluationError("denominators (attempted) must be >= 0")
    m = num.shape[1]
    for c, d in pairs:
        if not (0 <= c < m and 0 <= d < m):
            raise EvaluationError(f"pair ({c}, {d}) out of range for {m} cells")
    return num, den


def bootstrap_ratio_differences(
    numerators: np.ndarray,
    denominators: np.ndarray,
    pairs: Sequence[tuple[int, int]],
    *,
    n_resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> list[BootstrapInterval]:
    """Paired bootstrap of ``R_c - R_d`` for each ``(c, d)`` of ``pairs``, where ``R_c = sum_i
    num[i, c] / sum_i den[i, c]`` (``n`` instances x ``m`` cells; precision with ``num =
    credit * attempted``, ``den = attempted``).  All cells share each resample.

    >>> num = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])  # a: 2 of 2 attempted right
    >>> den = np.array([[1.0, 1.0], [1.0, 1.0], [0.0, 1.0]])  # b: 1 of 3 attempted right
    >>> r = bootstrap_ratio_differences(num, den, [(0, 1)], n_resamples=200)[0]
    >>> round(r.mean_diff, 4)  # precision 1 - 1/3
    0.6667
    """
    num, den = _cells(numerators, denominators, pairs)
    return ratio_difference_intervals(
        np.hstack([num, den]), pairs, n_resamples=n_resamples, seed=seed, confidence=confidence
    )


def ratio_difference_intervals(
    cells: np.ndarray,
    pairs: Sequence[tuple[int, int]],
    *,
    n_resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> list[BootstrapInterval]:
    """:func:`bootstrap_ratio_differences` of the numerators and the denominators side by side
    in one array (``n`` x ``2 m``), as a caller with a million instances builds them: in
    place, never copied (checked by :func:`ratio_t_tests` on its two halves)."""
    m = cells.shape[1] // 2
    _check_resampling(n_resamples, confidence)
    sums = resample_sums(cells, n_resamples=n_resamples, seed=seed)
    resampled = _ratios(sums[:, :m], sums[:, m:])
    totals = cells.sum(axis=0)
    observed = _ratios(totals[:m], totals[m:])
    return [
        _interval(resampled[:, c] - resampled[:, d], float(observed[c] - observed[d]), confidence)
        for c, d in pairs
    ]


@dataclass(frozen=True)
class PairedTTest:
    """A paired t-test of ``a - b``: ``t = mean_diff / se``, ``df = n - 1``, two-sided p.
    ``note`` explains a test without variance (``se = 0``, ``t`` infinite, ``p = 0``)."""

    mean_diff: float
    se: float
    t: float
    df: int
    p_value: float
    note: str | None = None


_PAIR_CELLS = 1 << 20  # instances x cells or pairs at a time in ratio_t_tests: 8 MB
_NO_SPREAD = 1e-12  # a standard deviation this small, relative to the terms, is rounding
NO_VARIANCE = (
    "every instance contributes the same difference (no variance): the difference is exact, p = 0"
)


def ratio_t_tests(
    numerators: np.ndarray, denominators: np.ndarray, pairs: Sequence[tuple[int, int]]
) -> list[PairedTTest]:
    """Paired t-tests of ``R_c - R_d`` for each ``(c, d)`` of ``pairs``, on the cells of
    :func:`bootstrap_ratio_differences`, by the delta method (module docstring).  Raises
    :class:`EvaluationError` with fewer than 2 instances.

    >>> num = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 0.0], [1.0, 0.0]])
    >>> den = np.ones((4, 2))
    >>> r = ratio_t_tests(num, den, [(0, 1)])[0]  # differences 1, 0, 0, 1
    >>> r.mean_diff, round(r.se, 4), round(r.t, 4), r.df, round(r.p_value, 4)
    (0.5, 0.2887, 1.7321, 3, 0.1817)
    """
    from scipy.special import stdtr

    num, den = _cells(numerators, denominators, pairs)
    n, m = num.shape
    if n < 2:
        raise EvaluationError(f"a paired t-test needs at least 2 instances, got {n}")
    total = den.sum(axis=0)
    ratio = _ratios(num.sum(axis=0), total)
    scale = np.where(total > 0, total / n, 1.0)

    def terms(c: np.ndarray) -> np.ndarray:
        """Each instance's term of the cells ``c`` (0 in a cell with nothing attempted),
        made a few cells at a time: all of them at once is a copy of every cell twice."""
        return (num[:, c] - ratio[c] * den[:, c]) / scale[c]

    step = max(1, _PAIR_CELLS // n)
    size = np.empty(m)  # each cell's largest term
    for start in range(0, m, step):
        some = np.arange(start, min(start + step, m))
        size[some] = np.abs(terms(some)).max(axis=0)
    first = np.array([c for c, _ in pairs], dtype=int)
    second = np.array([d for _, d in pairs], dtype=int)
    sd = np.empty(len(pairs))
    for start in range(0, len(pairs), step):
        c, d = first[start : start + step], second[start : start + step]
        sd[start : start + step] = np.std(terms(c) - terms(d), axis=0, ddof=1)
    diff = ratio[first] - ratio[second]
    se = sd / math.sqrt(n)
    flat = sd <= _NO_SPREAD * np.maximum(size[first] + size[second], 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(flat, 0.0, diff / np.where(flat, 1.0, se))
    p = np.minimum(1.0, 2.0 * stdtr(n - 1, -np.abs(t)))
    tests = []
    for k in range(len(pairs)):
        if not flat[k]:
            tests.append(PairedTTest(float(diff[k]), float(se[k]), float(t[k]), n - 1, float(p[k])))
        elif abs(diff[k]) <= _NO_SPREAD:  # the same contribution and no difference
            tests.append(PairedTTest(0.0, 0.0, 0.0, n - 1, 1.0))
        else:
            t_inf = math.copysign(math.inf, diff[k])
            tests.append(PairedTTest(float(diff[k]), 0.0, t_inf, n - 1, 0.0, NO_VARIANCE))
    return tests


def holm(p_values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Holm-Bonferroni adjusted p-values, in the input's order (reject ``i`` iff ``adj[i] <=
    a``)::

        sort p_(1) <= ... <= p_(m);  adj_(i) = max_{j <= i} min(1, (m - j + 1) p_(j))

    >>> holm([0.01, 0.04, 0.03, 0.005]).tolist()  # 4 * .005, 3 * .01, 2 * .03, max(.04, .06)
    [0.03, 0.06, 0.06, 0.02]
    """
    p = np.asarray(p_values, dtype=float)
    if p.ndim != 1:
        raise EvaluationError(f"p-values must be a 1-D list, got shape {p.shape}")
    if np.any(np.isnan(p)) or np.any((p < 0) | (p > 1)):
        raise EvaluationError(f"p-values must be in [0, 1], got {p.tolist()}")
    order = np.argsort(p, kind="stable")
    m = p.size
    scaled = np.minimum(1.0, (m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(scaled)
    return adjusted


def format_p_value(p: float, *, digits: int = 3) -> str:
    """A p-value for a report, never ``0``: below :data:`P_FLOOR` it reads ``< 1e-300``.

    >>> format_p_value(0.01234), format_p_value(0.0), format_p_value(5e-310)
    ('0.0123', '< 1e-300', '< 1e-300')
    """
    if p != p:
        raise EvaluationError("p-value is NaN")
    if p < P_FLOOR:
        return f"< {P_FLOOR:g}"
    return f"{p:.{digits}g}"


@dataclass(frozen=True)
class McNemarResult:
    """Discordant counts (``n01``: only b right; ``n10``: only a right), the statistic, the
    two-sided p-value and the method (``"exact"`` or ``"chi2"``)."""

    n01: int
    n10: int
    statistic: float
    p_value: float
    method: str


def mcnemar(correct_a: np.ndarray, correct_b: np.ndarray) -> McNemarResult:
    """McNemar's test for two paired exact-match vectors (see the module docstring).

    >>> r = mcnemar(np.array([1, 1, 1, 1, 1, 0]), np.array([0, 0, 0, 0, 0, 0]))
    >>> r.n01, r.n10, r.method, r.p_value  # 2 * (1/2)^5
    (0, 5, 'exact', 0.0625)
    """
    left = np.asarray(correct_a)
    right = np.asarray(correct_b)
    if left.ndim != 1 or left.shape != right.shape:
        raise EvaluationError(
            f"paired vectors must be 1-D of one length, got {left.shape} and {right.shape}"
        )
    for name, vector in (("a", left), ("b", right)):
        if not np.all((vector == 0) | (vector == 1)):
            raise EvaluationError(f"McNemar needs 0/1 correctness; method {name} has other values")
    a_right = left.astype(bool)
    b_right = right.astype(bool)
    n01 = int(np.sum(~a_right & b_right))
    n10 = int(np.sum(a_right & ~b_right))
    discordant = n01 + n10
    if discordant < EXACT_BELOW:
        smaller = min(n01, n10)
        tail = sum(math.comb(discordant, i) for i in range(smaller + 1)) / 2**discordant
        p_value = 1.0 if discordant == 0 else min(1.0, 2 * tail)
        return McNemarResult(n01, n10, float(smaller), p_value, "exact")
    statistic = max(abs(n01 - n10) - 1, 0) ** 2 / discordant
    return McNemarResult(n01, n10, statistic, math.erfc(math.sqrt(statistic / 2)), "chi2")
