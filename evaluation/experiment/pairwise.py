"""Every pair of a table's compared methods, tested on the same instances: the paired t-test
of the difference of precisions at each alpha (with a bootstrap interval), and McNemar's test
on exact match; p-values Holm-adjusted over each family, ``significant`` meaning ``p_holm <
1 - confidence``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from itertools import combinations

import numpy as np

from evaluation.acceptability import Credit, format_alpha
from evaluation.experiment.results import DifferenceTest, McNemarTest, PairwiseTest
from evaluation.significance import holm, mcnemar, ratio_difference_intervals, ratio_t_tests

__all__ = ["pairwise_tests"]


def pairwise_tests(
    credit: Mapping[str, Credit],
    labels: Sequence[str],
    alphas: Sequence[float],
    *,
    n_resamples: int,
    seed: int,
    confidence: float,
) -> tuple[PairwiseTest, ...]:
    """The tests of every pair ``(a, b)`` of ``labels`` (no interval when ``n_resamples`` is
    0; no difference below 2 instances)."""
    pairs = list(combinations(labels, 2))
    differences = _differences(credit, labels, alphas, pairs, n_resamples, seed, confidence)
    exact_tests = _mcnemar_tests(credit, alphas, pairs, 1.0 - confidence)
    return tuple(
        PairwiseTest(a, b, differences[p], exact_tests[p]) for p, (a, b) in enumerate(pairs)
    )


def _differences(
    credit: Mapping[str, Credit],
    labels: Sequence[str],
    alphas: Sequence[float],
    pairs: list[tuple[str, str]],
    n_resamples: int,
    seed: int,
    confidence: float,
) -> list[dict[str, DifferenceTest]]:
    """Per pair, per alpha label: the t-test, Holm over all pairs x alphas, the interval; none
    for a pair with an undefined precision (a method that attempted nothing)."""
    found: list[dict[str, DifferenceTest]] = [{} for _ in pairs]
    n = credit[labels[0]].values.shape[0] if labels else 0
    defined = [
        p
        for p, (a, b) in enumerate(pairs)
        if credit[a].attempted.any() and credit[b].attempted.any()
    ]
    if not defined or n < 2:
        return found
    cells = {cell: c for c, cell in enumerate((m, j) for m in labels for j in range(len(alphas)))}
    # each cell's credit earned, then each cell's attempts, written in place in one array
    both = np.empty((n, 2 * len(cells)))
    for (m, j), c in cells.items():
        np.multiply(credit[m].values[:, j], credit[m].attempted, out=both[:, c])
        both[:, len(cells) + c] = credit[m].attempted
    wanted = [(p, j) for p in defined for j in range(len(alphas))]
    columns = [(cells[(pairs[p][0], j)], cells[(pairs[p][1], j)]) for p, j in wanted]
    tests = ratio_t_tests(both[:, : len(cells)], both[:, len(cells) :], columns)
    intervals = (
        ratio_difference_intervals(
            both, columns, n_resamples=n_resamples, seed=seed, confidence=confidence
        )
        if n_resamples
        else [None] * len(columns)
    )
    adjusted = holm([t.p_value for t in tests])
    level = 1.0 - confidence
    for (p, j), test, interval, p_holm in zip(wanted, tests, intervals, adjusted, strict=True):
        found[p][format_alpha(alphas[j])] = DifferenceTest(
            mean_diff=test.mean_diff,
            low=None if interval is None else interval.low,
            high=None if interval is None else interval.high,
            se=test.se,
            t=test.t,
            df=test.df,
            p_value=test.p_value,
            p_holm=float(p_holm),
            significant=bool(p_holm < level),
            note=test.note,
        )
    return found


def _mcnemar_tests(
    credit: Mapping[str, Credit],
    alphas: Sequence[float],
    pairs: list[tuple[str, str]],
    level: float,
) -> list[McNemarTest | None]:
    """Per pair, McNemar's test (``None`` without ``alpha = inf``), Holm over the pairs."""
    if math.inf not in alphas or not pairs:
        return [None] * len(pairs)
    exact = list(alphas).index(math.inf)
    both = [credit[a].attempted & credit[b].attempted for a, b in pairs]
    tests = [
        mcnemar(credit[a].values[m, exact] >= 1.0, credit[b].values[m, exact] >= 1.0)
        for (a, b), m in zip(pairs, both, strict=True)
    ]
    adjusted = holm([t.p_value for t in tests])
    return [
        McNemarTest(
            **asdict(test), n=int(m.sum()), p_holm=float(p_holm), significant=bool(p_holm < level)
        )
        for test, m, p_holm in zip(tests, both, adjusted, strict=True)
    ]
