"""Every pair of a table's compared methods, tested on the same instances
(:mod:`evaluation.significance`).

* A paired bootstrap of the difference of precisions (Table 1's cells) at each alpha, all
  cells (methods x alphas) sharing each resample;
* McNemar's test on exact match over the instances both methods attempted.

p-values are Holm-adjusted over each family (all bootstrap tests of the table; all McNemar
tests), and ``significant`` means ``p_holm < 1 - confidence``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from itertools import combinations

import numpy as np

from ..measures import Credit, format_alpha
from ..significance import bootstrap_ratio_differences, holm, mcnemar
from .results import BootstrapTest, McNemarTest, PairwiseTest

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
    """The tests of every pair ``(a, b)`` of ``labels`` in order (module docstring);
    ``n_resamples = 0`` skips the bootstrap."""
    level = 1.0 - confidence
    pairs = list(combinations(labels, 2))
    bootstrap: list[dict[str, BootstrapTest]] = [{} for _ in pairs]
    if n_resamples and pairs:
        cells = {
            (m, j): c for c, (m, j) in enumerate((m, j) for m in labels for j in range(len(alphas)))
        }
        num = np.column_stack([credit[m].values[:, j] * credit[m].attempted for (m, j) in cells])
        den = np.column_stack([credit[m].attempted.astype(float) for (m, _) in cells])
        wanted = [(p, j) for p in range(len(pairs)) for j in range(len(alphas))]
        results = bootstrap_ratio_differences(
            num,
            den,
            [(cells[(pairs[p][0], j)], cells[(pairs[p][1], j)]) for p, j in wanted],
            n_resamples=n_resamples,
            seed=seed,
            confidence=confidence,
        )
        adjusted = holm([r.p_value for r in results])
        for (p, j), result, p_holm in zip(wanted, results, adjusted, strict=True):
            fields = asdict(result) | {"significant": bool(p_holm < level)}
            bootstrap[p][format_alpha(alphas[j])] = BootstrapTest(**fields, p_holm=float(p_holm))
    exact_tests: list[McNemarTest | None] = [None] * len(pairs)
    if math.inf in alphas and pairs:
        exact = list(alphas).index(math.inf)
        both = [credit[a].attempted & credit[b].attempted for a, b in pairs]
        tests = [
            mcnemar(credit[a].values[m, exact] >= 1.0, credit[b].values[m, exact] >= 1.0)
            for (a, b), m in zip(pairs, both, strict=True)
        ]
        adjusted_exact = holm([t.p_value for t in tests])
        for p, (test, m, p_holm) in enumerate(zip(tests, both, adjusted_exact, strict=True)):
            exact_tests[p] = McNemarTest(
                **asdict(test),
                n=int(m.sum()),
                p_holm=float(p_holm),
                significant=bool(p_holm < level),
            )
    return tuple(PairwiseTest(a, b, bootstrap[p], exact_tests[p]) for p, (a, b) in enumerate(pairs))
