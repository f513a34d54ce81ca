"""Bootstrap intervals of every compared method's total, and the issuing of warnings."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import TypedDict

import numpy as np

from evaluation._exceptions import EvaluationWarning
from evaluation.acceptability import Credit, format_alpha
from evaluation.experiment.config import EvaluationConfig
from evaluation.experiment.results import Intervals, ScoreInterval
from evaluation.intervals import interval, senseval_intervals

__all__ = ["BootstrapSettings", "bootstrap_settings", "total_intervals", "warn"]


class BootstrapSettings(TypedDict):
    """The keyword arguments every bootstrap of an experiment shares."""

    n_resamples: int
    seed: int
    confidence: float


def bootstrap_settings(evaluation: EvaluationConfig, seed: int) -> BootstrapSettings:
    """An experiment's bootstrap settings (``n_resamples`` 0: none), seeded with ``seed``."""
    return {"n_resamples": evaluation.bootstrap, "seed": seed, "confidence": evaluation.confidence}


def total_intervals(
    credit: Mapping[str, Credit],
    labels: Sequence[str],
    *,
    n_resamples: int,
    seed: int,
    confidence: float,
    rows: np.ndarray | None = None,
) -> Intervals | None:
    """Bootstrap intervals of every method's total scores at every alpha (over ``rows`` only
    when given); ``None`` when ``n_resamples`` is 0 or nothing is compared."""
    if not n_resamples or not labels:
        return None
    first = credit[labels[0]]
    alphas = [format_alpha(a) for a in first.alphas]
    chosen = slice(None) if rows is None else rows
    found = senseval_intervals(
        np.column_stack([credit[label].values[chosen] for label in labels]),
        np.column_stack([credit[label].attempted[chosen] for label in labels for _ in alphas]),
        n_resamples=n_resamples,
        seed=seed,
        confidence=confidence,
    )
    total: dict[str, dict[str, ScoreInterval]] = {label: {} for label in labels}
    cells = [(label, alpha) for label in labels for alpha in alphas]
    for c, (label, alpha) in enumerate(cells):
        total[label][alpha] = ScoreInterval(
            precision=interval(found["precision"][c]),
            recall=_pair(found["recall"][c]),
            f1=_pair(found["f1"][c]),
        )
    return Intervals(confidence=confidence, n_resamples=n_resamples, total=total)


def _pair(row: np.ndarray) -> tuple[float, float]:
    return float(row[0]), float(row[1])


def warn(collected: list[str], message: str | None) -> None:
    """Record ``message`` (if any) in ``collected`` and issue it as an
    :class:`~evaluation.EvaluationWarning`."""
    if message is None:
        return
    collected.append(message)
    warnings.warn(message, EvaluationWarning, stacklevel=3)
