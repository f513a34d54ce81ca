"""Percentile bootstrap intervals of a system's own scores, over the resamples of
:func:`~evaluation.significance.resample_counts` (``c_ri``: instance ``i`` in resample ``r``)::

    P*_r = sum_i c_ri credit_i attempted_i / sum_i c_ri attempted_i
    R*_r = sum_i c_ri credit_i attempted_i / n        F1*_r = 2 P*_r R*_r / (P*_r + R*_r)

A resample in which nothing is attempted has no precision (its F1 is 0) and is left out of the
precision's interval; a precision undefined in every resample has the interval ``(nan, nan)``.
"""

from __future__ import annotations

import numpy as np

from evaluation._exceptions import EvaluationError
from evaluation.significance import resample_counts, resample_sums

__all__ = ["interval", "prefix_mean_intervals", "quantile_bounds", "senseval_intervals"]


def quantile_bounds(samples: np.ndarray, confidence: float) -> np.ndarray:
    """``(columns, 2)``: the percentile interval of each column of ``samples`` (resamples x
    columns), ignoring resamples where a column is undefined (NaN); NaN where every one is."""
    if not 0 < confidence < 1:
        raise EvaluationError(f"confidence must be in (0, 1), got {confidence}")
    tail = (1 - confidence) / 2
    undefined = np.isnan(samples)
    some = undefined.any(axis=0) & ~undefined.all(axis=0)
    every = ~undefined.any(axis=0)
    bounds = np.full((2, samples.shape[1]), np.nan)
    # np.quantile works on all columns at once; np.nanquantile goes column by column
    bounds[:, every] = np.quantile(samples[:, every], [tail, 1 - tail], axis=0)
    if some.any():
        bounds[:, some] = np.nanquantile(samples[:, some], [tail, 1 - tail], axis=0)
    return np.asarray(bounds.T, dtype=float)


def interval(row: np.ndarray) -> tuple[float, float] | None:
    """``(low, high)`` of one row of :func:`senseval_intervals`, ``None`` for an undefined one.

    >>> interval(np.array([0.25, 0.75])), interval(np.array([np.nan, np.nan]))
    ((0.25, 0.75), None)
    """
    low, high = (float(x) for x in row)
    return None if np.isnan(low) else (low, high)


def senseval_intervals(
    credit: np.ndarray,
    attempted: np.ndarray,
    *,
    n_resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> dict[str, np.ndarray]:
    """Intervals of precision, recall and F1 of each credit column (``n`` x ``m``; ``attempted``
    the same shape or one column): ``{"precision", "recall", "f1"}``, each ``(m, 2)``.

    >>> low, high = senseval_intervals(np.ones((20, 1)), np.ones(20, bool))["precision"][0]
    >>> float(low), float(high)
    (1.0, 1.0)
    >>> senseval_intervals(np.ones((20, 1)), np.zeros(20, bool))["precision"][0].tolist()
    [nan, nan]
    """
    values = np.asarray(credit, dtype=float)
    if values.ndim == 1:
        values = values[:, None]
    done = np.asarray(attempted)
    if done.ndim == 1:
        done = done[:, None]  # one column for all: broadcast, not copied
    one_column = values.shape[:1] + (1,)
    if values.ndim != 2 or done.shape not in (values.shape, one_column) or values.shape[0] == 0:
        raise EvaluationError(
            f"credit {values.shape} and attempted {done.shape} must be one non-empty"
            " instances x columns shape"
        )
    n, m = values.shape
    # the credit earned and the attempts side by side, written in place: the resamples'
    # columns without a copy of each part first (a million instances: 64 MB a copy)
    columns = np.empty((n, 2 * m))
    np.multiply(values, done, out=columns[:, :m])
    columns[:, m:] = done
    sums = resample_sums(columns, n_resamples=n_resamples, seed=seed)
    total, tried = sums[:, :m], sums[:, m:]
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(tried > 0, total / np.where(tried > 0, tried, 1), np.nan)
        recall = total / n
        both = precision + recall
        f1 = np.where(both > 0, 2 * precision * recall / np.where(both > 0, both, 1), 0.0)
    return {
        "precision": quantile_bounds(precision, confidence),
        "recall": quantile_bounds(recall, confidence),
        "f1": quantile_bounds(f1, confidence),
    }


def prefix_mean_intervals(
    values: np.ndarray,
    ends: np.ndarray,
    *,
    n_resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> np.ndarray:
    """``(len(ends), 2)``: the interval of ``mean(values[: e + 1])`` for each ``e`` of ``ends``
    (an applicability curve's band), over resamples in which the prefix holds an instance.

    >>> prefix_mean_intervals(np.array([1.0, 1.0, 0.0, 0.0]), np.array([1, 3]))[0].tolist()
    [1.0, 1.0]
    """
    column = np.asarray(values, dtype=float)
    where = np.asarray(ends, dtype=np.int64)
    if column.ndim != 1 or column.size == 0:
        raise EvaluationError(f"values must be a non-empty 1-D array, got shape {column.shape}")
    if where.size and (where.min() < 0 or where.max() >= column.size):
        raise EvaluationError(f"prefix ends must be in 0..{column.size - 1}")
    means = []
    for counts in resample_counts(column.size, n_resamples=n_resamples, seed=seed):
        weight = np.cumsum(counts, axis=1)[:, where]
        weighted = np.cumsum(counts * column, axis=1)[:, where]
        with np.errstate(invalid="ignore", divide="ignore"):
            means.append(np.where(weight > 0, weighted / np.where(weight > 0, weight, 1), np.nan))
    return quantile_bounds(np.vstack(means), confidence)
