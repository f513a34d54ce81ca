"""Paired significance tests between two methods scored on the same instances.

* :func:`paired_bootstrap`: a percentile confidence interval for the mean per-instance
  difference ``d_i = a_i - b_i`` (acceptability at any alpha, or exact match), and a two-sided
  p-value by the shifted bootstrap (Efron & Tibshirani 1993, §16.4; Koehn 2004)::

      p = (1 + #{r : |mean(d*_r) - mean(d)| >= |mean(d)|}) / (1 + R)

* :func:`mcnemar`: McNemar's test on the discordant pairs of two exact-match vectors; exact
  binomial (sign test) below 25 discordant pairs, chi-square with continuity correction above::

      exact: p = min(1, 2 * P[Binomial(n01 + n10, 1/2) <= min(n01, n10)])
      chi2:  X = max(|n01 - n10| - 1, 0)^2 / (n01 + n10),  p = P[chi2_1 >= X] = erfc(sqrt(X / 2))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._errors import EvaluationError

__all__ = ["BootstrapResult", "McNemarResult", "mcnemar", "paired_bootstrap"]

_CHUNK = 256  # resamples drawn at a time: bounded memory for long score vectors
EXACT_BELOW = 25  # McNemar: exact binomial test when n01 + n10 < 25


@dataclass(frozen=True)
class BootstrapResult:
    """Mean difference ``a - b``, its ``confidence`` percentile interval, the p-value;
    ``significant`` is true when the interval excludes 0."""

    mean_diff: float
    low: float
    high: float
    p_value: float
    n_resamples: int
    confidence: float
    significant: bool

    def as_dict(self) -> dict[str, float | int | bool]:
        return dict(vars(self))


def _paired(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    left = np.asarray(a, dtype=float)
    right = np.asarray(b, dtype=float)
    if left.ndim != 1 or left.shape != right.shape:
        raise EvaluationError(
            f"paired scores must be 1-D of one length, got {left.shape} and {right.shape}"
        )
    if left.size == 0:
        raise EvaluationError("no paired instances to compare")
    return left, right


def paired_bootstrap(
    a: np.ndarray,
    b: np.ndarray,
    *,
    n_resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> BootstrapResult:
    """Resample instances with replacement ``n_resamples`` times (``numpy`` generator seeded
    with ``seed``, so results are reproducible) and take percentiles of the mean difference.

    >>> r = paired_bootstrap(np.ones(50), np.zeros(50))
    >>> (r.mean_diff, r.low, r.high, r.significant)
    (1.0, 1.0, 1.0, True)
    """
    left, right = _paired(a, b)
    if n_resamples < 1:
        raise EvaluationError(f"n_resamples must be >= 1, got {n_resamples}")
    if not 0 < confidence < 1:
        raise EvaluationError(f"confidence must be in (0, 1), got {confidence}")
    diff = left - right
    n = diff.size
    observed = float(diff.mean())
    rng = np.random.default_rng(seed)
    means = np.empty(n_resamples)
    for start in range(0, n_resamples, _CHUNK):
        size = min(_CHUNK, n_resamples - start)
        indices = rng.integers(0, n, size=(size, n))
        means[start : start + size] = diff[indices].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    # shifted bootstrap: how often a resample strays from the observed mean by as much as the
    # observed mean strays from 0 (the null hypothesis)
    extreme = int(np.sum(np.abs(means - observed) >= abs(observed) - 1e-12))
    p_value = (extreme + 1) / (n_resamples + 1)
    return BootstrapResult(
        mean_diff=observed,
        low=float(low),
        high=float(high),
        p_value=min(1.0, p_value),
        n_resamples=n_resamples,
        confidence=confidence,
        significant=bool(low > 0 or high < 0),
    )


@dataclass(frozen=True)
class McNemarResult:
    """Discordant counts (``n01``: a wrong and b right; ``n10``: a right and b wrong), the
    statistic (``min(n01, n10)`` for the exact test, chi-square otherwise), the two-sided
    p-value and the method, ``"exact"`` or ``"chi2"``."""

    n01: int
    n10: int
    statistic: float
    p_value: float
    method: str

    def as_dict(self) -> dict[str, float | int | str]:
        return dict(vars(self))


def _binomial_cdf_half(k: int, n: int) -> float:
    """``P[Binomial(n, 1/2) <= k]`` exactly, with integers."""
    return sum(math.comb(n, i) for i in range(k + 1)) / 2**n


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
        p_value = 1.0 if discordant == 0 else min(1.0, 2 * _binomial_cdf_half(smaller, discordant))
        return McNemarResult(n01, n10, float(smaller), p_value, "exact")
    statistic = max(abs(n01 - n10) - 1, 0) ** 2 / discordant
    return McNemarResult(n01, n10, statistic, math.erfc(math.sqrt(statistic / 2)), "chi2")
