"""Paired bootstrap and McNemar's test."""

from __future__ import annotations

import math

import numpy as np
import pytest

from evaluation._errors import EvaluationError
from evaluation.significance import mcnemar, paired_bootstrap


def test_bootstrap_ci_contains_true_difference() -> None:
    # a = b + 0.1 + noise: the true mean difference is 0.1
    rng = np.random.default_rng(42)
    b = rng.random(400)
    a = b + 0.1 + rng.normal(0, 0.2, size=400)
    result = paired_bootstrap(a, b, n_resamples=1000, seed=1)
    assert result.low < 0.1 < result.high
    assert result.mean_diff == pytest.approx(float(np.mean(a - b)))
    assert result.significant and result.low > 0
    assert result.p_value < 0.01
    # the 95% CI is about mean +- 1.96 * sd / sqrt(n)
    half_width = 1.96 * np.std(a - b, ddof=1) / math.sqrt(400)
    assert (result.high - result.low) / 2 == pytest.approx(half_width, rel=0.15)


def test_bootstrap_is_deterministic_for_a_seed() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.random(300), rng.random(300)
    first = paired_bootstrap(a, b, n_resamples=700, seed=5)
    second = paired_bootstrap(a, b, n_resamples=700, seed=5)
    other = paired_bootstrap(a, b, n_resamples=700, seed=6)
    assert first == second
    assert (first.low, first.high) != (other.low, other.high)


def test_bootstrap_no_difference_not_significant() -> None:
    rng = np.random.default_rng(7)
    a = rng.random(200)
    result = paired_bootstrap(a, a.copy(), n_resamples=500)  # identical scores
    assert result.mean_diff == 0.0
    assert not result.significant
    assert result.p_value == 1.0


def test_bootstrap_bad_input() -> None:
    with pytest.raises(EvaluationError, match="one length"):
        paired_bootstrap(np.zeros(3), np.zeros(4))
    with pytest.raises(EvaluationError, match="confidence"):
        paired_bootstrap(np.zeros(3), np.zeros(3), confidence=1.5)
    with pytest.raises(EvaluationError, match="no paired"):
        paired_bootstrap(np.zeros(0), np.zeros(0))


def _vectors(n01: int, n10: int, both: int = 3, neither: int = 2) -> tuple[np.ndarray, np.ndarray]:
    a = [0] * n01 + [1] * n10 + [1] * both + [0] * neither
    b = [1] * n01 + [0] * n10 + [1] * both + [0] * neither
    return np.array(a), np.array(b)


def test_mcnemar_exact_by_hand() -> None:
    # n01 = 1, n10 = 6: p = 2 * P[Bin(7, .5) <= 1] = 2 * (1 + 7) / 128 = 0.125
    result = mcnemar(*_vectors(1, 6))
    assert (result.n01, result.n10, result.method) == (1, 6, "exact")
    assert result.p_value == pytest.approx(0.125)
    assert result.statistic == 1.0
    # no discordant pair: nothing to test
    assert mcnemar(*_vectors(0, 0)).p_value == 1.0


def test_mcnemar_chi2_by_hand() -> None:
    # n01 = 10, n10 = 25: X = (15 - 1)^2 / 35 = 5.6; p = erfc(sqrt(2.8))
    result = mcnemar(*_vectors(10, 25))
    assert result.method == "chi2"
    assert result.statistic == pytest.approx(5.6)
    assert result.p_value == pytest.approx(math.erfc(math.sqrt(2.8)))
    assert 0.017 < result.p_value < 0.019


@pytest.mark.parametrize(("n01", "n10"), [(2, 9), (4, 4), (0, 13), (12, 30), (40, 28)])
def test_mcnemar_against_scipy(n01: int, n10: int) -> None:
    stats = pytest.importorskip("scipy.stats")
    result = mcnemar(*_vectors(n01, n10))
    if n01 + n10 < 25:
        expected = stats.binomtest(n01, n01 + n10, 0.5).pvalue
    else:
        expected = stats.chi2.sf(max(abs(n01 - n10) - 1, 0) ** 2 / (n01 + n10), df=1)
    assert result.p_value == pytest.approx(expected)


def test_mcnemar_rejects_graded_scores() -> None:
    with pytest.raises(EvaluationError, match="0/1"):
        mcnemar(np.array([0.5, 1.0]), np.array([1, 0]))
