"""Paired t-tests, bootstrap intervals, McNemar's test and Holm's adjustment."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from evaluation import EvaluationError, significance
from evaluation.significance import (
    NO_VARIANCE,
    P_FLOOR,
    BootstrapInterval,
    bootstrap_ratio_differences,
    format_p_value,
    holm,
    mcnemar,
    ratio_t_tests,
    resample_counts,
    resample_sums,
)


def _cells(
    credit_a: np.ndarray, attempted_a: np.ndarray, credit_b: np.ndarray, attempted_b: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Two methods' precisions as ratio cells: credit over the attempted instances."""
    den = np.column_stack([attempted_a, attempted_b]).astype(float)
    return np.column_stack([credit_a, credit_b]) * den, den


def paired_t_test(*methods: np.ndarray) -> significance.PairedTTest:
    """The t-test of precision a - precision b (credit a, attempted a, credit b, attempted b)."""
    return ratio_t_tests(*_cells(*methods), [(0, 1)])[0]


def paired_bootstrap_precision(*methods: np.ndarray, **options: Any) -> BootstrapInterval:
    """The bootstrap interval of precision a - precision b."""
    return bootstrap_ratio_differences(*_cells(*methods), [(0, 1)], **options)[0]


def paired_bootstrap(a: np.ndarray, b: np.ndarray, **options: Any) -> BootstrapInterval:
    """The bootstrap interval of mean(a - b): precisions of methods that attempt everything."""
    everything = np.ones(len(a))
    return paired_bootstrap_precision(a, everything, b, everything, **options)


def test_bootstrap_ci_contains_true_difference() -> None:
    # a = b + 0.1 + noise: the true mean difference is 0.1
    rng = np.random.default_rng(42)
    b = rng.random(400)
    a = b + 0.1 + rng.normal(0, 0.2, size=400)
    result = paired_bootstrap(a, b, n_resamples=1000, seed=1)
    assert result.low < 0.1 < result.high
    assert result.mean_diff == pytest.approx(float(np.mean(a - b)))
    assert result.low > 0
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


def test_bootstrap_no_difference_is_a_zero_interval() -> None:
    rng = np.random.default_rng(7)
    a = rng.random(200)
    result = paired_bootstrap(a, a.copy(), n_resamples=500)  # identical scores
    assert (result.mean_diff, result.low, result.high) == (0.0, 0.0, 0.0)
    assert not hasattr(result, "p_value")  # intervals only: a resampling p-value has a floor


def test_bootstrap_bad_input() -> None:
    ones = np.ones((3, 2))
    with pytest.raises(EvaluationError, match="one non-empty instances x cells shape"):
        bootstrap_ratio_differences(ones, np.ones((4, 2)), [(0, 1)])
    with pytest.raises(EvaluationError, match="confidence"):
        bootstrap_ratio_differences(ones, ones, [(0, 1)], confidence=1.5)
    with pytest.raises(EvaluationError, match="one non-empty"):
        bootstrap_ratio_differences(np.zeros((0, 2)), np.zeros((0, 2)), [(0, 1)])


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


def test_resample_sums_match_a_naive_loop() -> None:
    # the same generator draws, summed instance by instance instead of by counts @ columns
    rng = np.random.default_rng(3)
    columns = rng.random((37, 3))
    sums = resample_sums(columns, n_resamples=50, seed=9)
    indices = np.random.default_rng(9).integers(0, 37, size=(50, 37))
    naive = np.array([[columns[idx, j].sum() for j in range(3)] for idx in indices])
    assert sums == pytest.approx(naive)


@pytest.mark.parametrize("product_cells", [40 * 5, 40 * 6, 40 * 3, 1 << 22])
def test_resample_sums_gather_chunks_into_products_without_losing_one(
    monkeypatch: pytest.MonkeyPatch, product_cells: int
) -> None:
    # draws in chunks of 3 resamples, products of 5, 6 or 3 rows (flushed before a chunk that
    # does not fit, a partial batch last) or all at once: every resample summed, in its row
    monkeypatch.setattr(significance, "_CELLS", 40 * 3)
    monkeypatch.setattr(significance, "_PRODUCT_CELLS", product_cells)
    rng = np.random.default_rng(4)
    columns = rng.random((40, 2))
    sums = resample_sums(columns, n_resamples=23, seed=5)
    chunks = list(resample_counts(40, n_resamples=23, seed=5))
    assert [len(chunk) for chunk in chunks] == [3] * 7 + [2]
    indices = np.array([np.arange(40).repeat(row) for chunk in chunks for row in chunk])
    assert indices.shape == (23, 40)
    assert sums == pytest.approx(columns[indices].sum(axis=1))


def _abstaining_pair(n: int = 600) -> tuple[np.ndarray, ...]:
    """Method a abstains on the hardest third and is right on 90% of the rest; method b
    answers everything and is right on 70%: a's precision is higher, its recall lower."""
    rng = np.random.default_rng(21)
    attempted_a = np.arange(n) % 3 != 0
    credit_a = np.where(attempted_a, rng.random(n) < 0.9, 0).astype(float)
    credit_b = (rng.random(n) < 0.7).astype(float)
    return credit_a, attempted_a, credit_b, np.ones(n, dtype=bool)


def test_precision_bootstrap_is_a_difference_of_ratios() -> None:
    credit_a, attempted_a, credit_b, attempted_b = _abstaining_pair()
    precision = paired_bootstrap_precision(
        credit_a, attempted_a, credit_b, attempted_b, n_resamples=1000, seed=4
    )
    expected = credit_a[attempted_a].mean() - credit_b.mean()
    assert precision.mean_diff == pytest.approx(expected)
    assert precision.low > 0
    recall = paired_bootstrap(credit_a, credit_b, n_resamples=1000, seed=4)
    assert recall.mean_diff == pytest.approx(credit_a.mean() - credit_b.mean())
    assert recall.mean_diff < 0 < precision.mean_diff  # the two questions differ


def test_ratio_bootstrap_matches_a_naive_loop_and_batches() -> None:
    credit_a, attempted_a, credit_b, attempted_b = _abstaining_pair(90)
    num = np.column_stack([credit_a * attempted_a, credit_b])
    den = np.column_stack([attempted_a, attempted_b]).astype(float)
    (result,) = bootstrap_ratio_differences(num, den, [(0, 1)], n_resamples=200, seed=2)
    indices = np.random.default_rng(2).integers(0, 90, size=(200, 90))
    diffs = [
        num[idx, 0].sum() / den[idx, 0].sum() - num[idx, 1].sum() / den[idx, 1].sum()
        for idx in indices
    ]
    assert (result.low, result.high) == pytest.approx(tuple(np.quantile(diffs, [0.025, 0.975])))
    # one call for several pairs gives each pair what a call of its own gives
    swapped = bootstrap_ratio_differences(num, den, [(0, 1), (1, 0)], n_resamples=200, seed=2)
    assert swapped[0] == result
    assert swapped[1].mean_diff == pytest.approx(-result.mean_diff)
    with pytest.raises(EvaluationError, match="pair \\(0, 2\\) out of range"):
        bootstrap_ratio_differences(num, den, [(0, 2)])


def test_holm_by_hand() -> None:
    # sorted .001, .01, .02, .04, .30 times 5, 4, 3, 2, 1: .005, .04, .06, .08, .30
    adjusted = holm([0.02, 0.30, 0.001, 0.04, 0.01])
    assert adjusted.tolist() == pytest.approx([0.06, 0.30, 0.005, 0.08, 0.04])
    # sorted .2, .4, .7 times 3, 2, 1: .6, .8, .7 -> the last is raised to .8 (monotone)
    assert holm([0.4, 0.2, 0.7]).tolist() == pytest.approx([0.8, 0.6, 0.8])
    assert holm([0.5, 0.6]).tolist() == [1.0, 1.0]  # 2 * .5 = 1, capped at 1
    assert holm([]).tolist() == []
    with pytest.raises(EvaluationError, match="in \\[0, 1\\]"):
        holm([0.5, 1.5])


def test_holm_against_statsmodels_if_installed() -> None:
    multitest = pytest.importorskip("statsmodels.stats.multitest")
    p = np.random.default_rng(5).random(12) ** 3
    expected = multitest.multipletests(p, method="holm")[1]
    assert holm(p) == pytest.approx(expected)


def test_mcnemar_underflow_is_never_printed_as_zero() -> None:
    result = mcnemar(*_vectors(0, 6000))
    assert result.p_value == 0.0  # erfc underflows for a chi-square of ~6000
    assert format_p_value(result.p_value) == "< 1e-300"
    assert format_p_value(mcnemar(*_vectors(10, 25)).p_value) == "0.018"  # 0.01797...


@pytest.mark.parametrize("seed", range(4))
def test_prefix_mean_intervals_are_the_cumulative_sums_formula(seed: int) -> None:
    """The intervals are those of the cumulative sums of counts and of counts x values at
    every prefix end, for prefix ends unsorted and repeated, and with a resample whose first
    prefix holds no instance (NaN, not counted)."""
    from evaluation.intervals import prefix_mean_intervals, quantile_bounds

    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 400))
    values = rng.random(n) * (rng.random(n) < 0.7)
    ends = rng.integers(0, n, size=int(rng.integers(1, 12)))
    ends[0] = 0  # a one-instance prefix: empty in about a third of the resamples
    means = []
    for counts in resample_counts(n, n_resamples=300, seed=seed):
        weight = np.cumsum(counts, axis=1)[:, ends]
        weighted = np.cumsum(counts * values, axis=1)[:, ends]
        with np.errstate(invalid="ignore", divide="ignore"):
            means.append(np.where(weight > 0, weighted / np.where(weight > 0, weight, 1), np.nan))
    expected = quantile_bounds(np.vstack(means), 0.9)
    got = prefix_mean_intervals(values, ends, n_resamples=300, seed=seed, confidence=0.9)
    assert np.array_equal(got, expected, equal_nan=True)


# --- the paired t-test of a difference of precisions ------------------------------------------


def _paired_scores(kind: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Two correlated systems' per-instance credit: exact match (0/1), graded in [0, 1], or
    graded on a coarse grid where most instances tie (equal credit: a zero difference)."""
    rng = np.random.default_rng(seed)
    if kind == "binary":
        truth = rng.random(n)
        return (truth < 0.62).astype(float), (truth + rng.normal(0, 0.2, n) < 0.58).astype(float)
    if kind == "graded":
        base = rng.random(n)
        a = np.clip(base + rng.normal(0.02, 0.15, n), 0, 1)
        return a, np.clip(base + rng.normal(0, 0.15, n), 0, 1)
    assert kind == "ties"
    a = rng.choice([0.0, 0.5, 0.75, 1.0], size=n, p=[0.3, 0.2, 0.1, 0.4])
    b = np.where(rng.random(n) < 0.9, a, rng.choice([0.0, 0.5, 1.0], size=n))
    return a, b


@pytest.mark.parametrize("kind", ["binary", "graded", "ties"])
@pytest.mark.parametrize("n", [5, 40, 1000, 7253])
def test_t_test_is_scipys_ttest_rel_when_everything_is_attempted(kind: str, n: int) -> None:
    stats = pytest.importorskip("scipy.stats")
    for seed in range(3):
        a, b = _paired_scores(kind, n, seed + 10 * n)
        if np.ptp(a - b) == 0:  # a degenerate draw of 5 instances: tested below
            continue
        everything = np.ones(n, dtype=bool)
        result = paired_t_test(a, everything, b, everything)
        expected = stats.ttest_rel(a, b)
        assert result.t == pytest.approx(expected.statistic, rel=1e-6, abs=1e-12)
        assert result.p_value == pytest.approx(expected.pvalue, rel=1e-6, abs=1e-300)
        assert result.df == expected.df == n - 1
        assert result.mean_diff == pytest.approx(float(np.mean(a - b)), abs=1e-12)
        assert result.se == pytest.approx(np.std(a - b, ddof=1) / math.sqrt(n))
        assert result.note is None


def test_t_test_p_values_have_no_resample_floor() -> None:
    """A large difference on a large test set: p far below any 1 / (R + 1), down to an
    underflow that reports print as ``< 1e-300``; a reversed pair has the opposite t."""
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(8)
    n = 7253
    b = (rng.random(n) < 0.55).astype(float)
    a = np.maximum(b, rng.random(n) < 0.2)  # +.09: right wherever b is, and more
    everything = np.ones(n, dtype=bool)
    result = paired_t_test(a, everything, b, everything)
    assert 0 < result.p_value < 1e-100
    assert result.p_value == pytest.approx(stats.ttest_rel(a, b).pvalue, rel=1e-6)
    reverse = paired_t_test(b, everything, a, everything)
    assert (reverse.t, reverse.p_value) == (-result.t, result.p_value)
    c = np.maximum(b, rng.random(n) < 0.5)
    far = paired_t_test(c, everything, b, everything)
    assert far.p_value < P_FLOOR and format_p_value(far.p_value) == "< 1e-300"


def _permutation_p(*methods: np.ndarray, seed: int) -> float:
    """A paired permutation test (approximate randomisation, 20,000 rounds) of ``P_a - P_b``
    of (credit a, attempted a, credit b, attempted b): each instance's two outputs swapped with
    probability 1/2; two-sided, ``(1 + extreme) / (1 + rounds)``."""
    credit_a, attempted_a, credit_b, attempted_b = methods
    num_a, num_b = credit_a * attempted_a, credit_b * attempted_b
    den_a, den_b = attempted_a.astype(float), attempted_b.astype(float)
    observed = num_a.sum() / den_a.sum() - num_b.sum() / den_b.sum()
    swap = (np.random.default_rng(seed).random((20_000, credit_a.size)) < 0.5).astype(float)
    # swapped sums: the unswapped sum plus the swapped instances' change
    sum_a = num_a.sum() + swap @ (num_b - num_a)
    sum_b = num_b.sum() + swap @ (num_a - num_b)
    att_a = den_a.sum() + swap @ (den_b - den_a)
    att_b = den_b.sum() + swap @ (den_a - den_b)
    diffs = sum_a / att_a - sum_b / att_b
    extreme = int(np.sum(np.abs(diffs) >= abs(observed) - 1e-12))
    return (1 + extreme) / (1 + len(swap))


@pytest.mark.parametrize(("seed", "shift"), [(2, 0.01), (3, 0.02), (4, 0.015), (5, 0.03)])
def test_delta_method_p_agrees_with_a_permutation_test_when_systems_abstain(
    seed: int, shift: float
) -> None:
    """With abstentions (a answers 80 %, b 90 %) the t-test of the difference of precisions
    (delta method) gives the p-value of 20,000 paired permutations within 0.01."""
    rng = np.random.default_rng(seed)
    n = 2000
    base = rng.random(n)
    attempted_a, attempted_b = rng.random(n) < 0.8, rng.random(n) < 0.9
    credit_a = np.round(np.clip(base + rng.normal(shift, 0.3, n), 0, 1) * 4) / 4
    credit_b = np.round(np.clip(base + rng.normal(0, 0.3, n), 0, 1) * 4) / 4
    result = paired_t_test(credit_a, attempted_a, credit_b, attempted_b)
    precision_a = credit_a[attempted_a].mean()
    assert result.mean_diff == pytest.approx(precision_a - credit_b[attempted_b].mean())
    expected = _permutation_p(credit_a, attempted_a, credit_b, attempted_b, seed=seed)
    assert 0.01 <= expected <= 0.5
    assert result.p_value == pytest.approx(expected, abs=0.01)


def test_t_tests_of_many_pairs_are_each_pairs_own_test() -> None:
    rng = np.random.default_rng(12)
    n, cells = 300, 5
    den = (rng.random((n, cells)) < 0.85).astype(float)
    num = rng.random((n, cells)) * den
    pairs = [(0, 1), (3, 2), (1, 4), (4, 0), (2, 2)]
    many = ratio_t_tests(num, den, pairs)
    for (c, d), test in zip(pairs, many, strict=True):
        alone = paired_t_test(num[:, c], den[:, c], num[:, d], den[:, d])
        assert test.t == pytest.approx(alone.t, rel=1e-12)
        assert test.p_value == pytest.approx(alone.p_value, rel=1e-12)
    assert (many[-1].t, many[-1].p_value) == (0.0, 1.0)  # a cell against itself


def test_t_test_degenerate_cases_are_explicit() -> None:
    everything = np.ones(6, dtype=bool)
    a = np.array([1.0, 0.5, 0.25, 1.0, 0.0, 0.75])
    same = paired_t_test(a, everything, a.copy(), everything)  # no difference at all
    assert (same.mean_diff, same.se, same.t, same.p_value, same.note) == (0.0, 0.0, 0.0, 1.0, None)
    # every instance differs by the same 0.1 (rounding included): exact, p = 0, said so
    shifted = paired_t_test(a, everything, a - 0.1, everything)
    assert shifted.mean_diff == pytest.approx(0.1)
    expected = (0.0, math.inf, 0.0, NO_VARIANCE)
    assert (shifted.se, shifted.t, shifted.p_value, shifted.note) == expected
    lower = paired_t_test(a - 0.1, everything, a, everything)
    assert (lower.t, lower.p_value) == (-math.inf, 0.0)
    # a method that attempted nothing has precision 0 and no variance: a finite test
    nothing = np.zeros(6, dtype=bool)
    empty = paired_t_test(a, nothing, a, everything)
    assert empty.mean_diff == pytest.approx(-a.mean()) and 0 < empty.p_value < 1
    both_empty = paired_t_test(a, nothing, a, nothing)
    assert (both_empty.mean_diff, both_empty.p_value) == (0.0, 1.0)
    with pytest.raises(EvaluationError, match="at least 2 instances, got 1"):
        paired_t_test(a[:1], everything[:1], a[:1], everything[:1])
    with pytest.raises(EvaluationError, match="finite"):
        ratio_t_tests(np.array([[np.nan, 1.0], [0.0, 1.0]]), np.ones((2, 2)), [(0, 1)])


def test_t_test_never_returns_nan() -> None:
    rng = np.random.default_rng(13)
    for _ in range(200):
        n = int(rng.integers(2, 9))
        den = (rng.random((n, 2)) < 0.5).astype(float)
        num = rng.choice([0.0, 0.5, 1.0], size=(n, 2)) * den
        (test,) = ratio_t_tests(num, den, [(0, 1)])
        assert not any(math.isnan(v) for v in (test.mean_diff, test.se, test.t, test.p_value))
        assert 0.0 <= test.p_value <= 1.0


def test_holm_on_tiny_p_values_stays_ordered_and_at_most_one() -> None:
    p = np.array([1e-300, 0.0, 5e-324, 1e-310, 0.5, 1e-200, 0.04, 0.9, 2e-300])
    adjusted = holm(p)
    assert np.all(np.isfinite(adjusted)) and np.all(adjusted <= 1.0)
    assert np.all(adjusted >= p)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(adjusted[order]) >= 0)  # the smaller p, the smaller adjusted p
    assert adjusted[1] == 0.0 and adjusted[0] == pytest.approx(1e-300 * 6)
    many = holm(np.full(760, 1e-300))  # 190 pairs x 4 alphas
    assert many.max() == pytest.approx(760e-300) and many.max() < 1e-290
    assert holm(np.full(760, 0.01)).max() == 1.0


def test_twenty_systems_get_holm_adjusted_p_values_without_a_floor() -> None:
    """20 systems x 4 alphas on 7,253 instances (190 pairs): the t-tests of all pairs x alphas
    form one Holm family, a large difference gets p(Holm) far below 0.001, p-values differ
    with the differences (no common floor), and the bootstrap gives only the intervals."""
    from evaluation.acceptability import Credit
    from evaluation.experiment.pairwise import pairwise_tests

    rng = np.random.default_rng(20)
    n, alphas = 7253, (0.5, 1.0, 2.0, math.inf)
    truth = rng.random(n)
    credit = {}
    for s in range(20):
        right = truth + rng.normal(0, 0.3, n) < 0.65 + 0.01 * s
        near = rng.random(n)
        values = np.column_stack([np.where(right, 1.0, near**alpha) for alpha in alphas])
        attempted = rng.random(n) < 0.98
        credit[f"s{s:02d}"] = Credit(alphas, values * attempted[:, None], attempted)
    labels = list(credit)
    tests = pairwise_tests(credit, labels, alphas, n_resamples=200, seed=1, confidence=0.95)
    assert len(tests) == 190
    cells = [d for t in tests for d in t.difference.values()]
    assert len(cells) == 760
    assert [d.p_holm for d in cells] == pytest.approx(holm([d.p_value for d in cells]).tolist())
    widest = max(cells, key=lambda d: abs(d.mean_diff))
    assert widest.p_holm < 1e-30 and widest.significant
    assert len({d.p_value for d in cells}) > 700  # no floor shared by many tests
    for d in cells:
        assert d.low is not None and d.high is not None and d.low <= d.mean_diff <= d.high
        assert d.significant == (d.p_holm < 0.05) and d.df == n - 1
    assert all(t.mcnemar is not None for t in tests)
