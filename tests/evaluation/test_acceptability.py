"""Evaluation measures, checked against numbers computed by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from paths import DATA
from worlds import TreeVerbs

from evaluation import EvaluationError
from evaluation.acceptability import (
    ALPHA_DEFAULTS,
    acceptability,
    applicability_curve,
    graded_credit,
    parse_alpha,
    senseval_scores,
    top_k,
)
from thesaurus.utils.outputs import to_json

VERBS = TreeVerbs()


def test_tree_double_lengths() -> None:
    # run%2 -> B -> A <- run%1: 3 edges; run%2 -> B -> A -> ROOT <- C <- run%4: 5 edges
    assert VERBS.sense_length("run%1", "run%2") == 3
    assert VERBS.sense_length("run%2", "run%3") == 2
    assert VERBS.sense_length("run%2", "run%4") == 5
    assert VERBS.maxlen("run") == 5
    assert VERBS.maxlen("go") == 0


@pytest.mark.parametrize(
    ("alpha", "expected"), [(0.5, math.sqrt(4 / 7)), (1.0, 4 / 7), (2.0, 16 / 49), (math.inf, 0.0)]
)
def test_acceptability_by_hand(alpha: float, expected: float) -> None:
    assert acceptability(3, 7, alpha) == pytest.approx(expected)


def test_acceptability_vectorised_and_edges() -> None:
    got = acceptability(np.array([0, 7, 9]), np.array([7, 7, 7]), 1.0)
    assert isinstance(got, np.ndarray)
    assert got.tolist() == [1.0, 0.0, 0.0]  # 9 > MAXLEN clipped to 0
    assert acceptability(0, 0, 2.0) == 1.0  # monosemous, right sense
    assert acceptability(1, 0, 2.0) == 0.0
    assert acceptability(np.array([0, 2]), 0, math.inf).tolist() == [1.0, 0.0]


@pytest.mark.parametrize("bad", [0, -1, float("nan")])
def test_acceptability_rejects_bad_alpha(bad: float) -> None:
    with pytest.raises(EvaluationError, match="alpha"):
        acceptability(1, 3, bad)
    with pytest.raises(ValueError):  # EvaluationError is a ValueError too
        parse_alpha(bad)


def test_parse_alpha() -> None:
    assert parse_alpha("inf") == math.inf
    assert parse_alpha("Infinity") == math.inf
    assert parse_alpha("∞") == math.inf
    assert parse_alpha(" 0.25 ") == 0.25
    for bad in ("0", "-2", "abc", "nan", ""):
        with pytest.raises(EvaluationError):
            parse_alpha(bad)


@given(
    maxlen=st.integers(min_value=1, max_value=30),
    data=st.data(),
    a1=st.floats(min_value=0.01, max_value=50),
    a2=st.floats(min_value=0.01, max_value=50),
)
def test_acceptability_monotone_in_alpha(
    maxlen: int, data: st.DataObject, a1: float, a2: float
) -> None:
    length = data.draw(st.integers(min_value=0, max_value=maxlen))
    low, high = sorted((a1, a2))
    a_low, a_high = acceptability(length, maxlen, low), acceptability(length, maxlen, high)
    assert 0.0 <= a_high <= a_low + 1e-12 <= 1.0 + 1e-12
    assert acceptability(length, maxlen, math.inf) <= a_high
    assert (a_low == 1.0) == (length == 0)  # A = 1 iff same sense


def test_a_is_one_iff_same_sense() -> None:
    keys = VERBS.senses("run")
    credit = graded_credit(
        [[x] for x in keys for _ in keys],
        [[s] for _ in keys for s in keys],
        ["run"] * len(keys) ** 2,
        VERBS,
        alphas=[0.5, 1.0, 2.0],
    )
    same = np.array([x == s for x in keys for s in keys])
    assert np.array_equal(np.all(credit.values == 1.0, axis=1), same)
    assert np.all(credit.values[~same] < 1.0)


def test_graded_credit_by_hand() -> None:
    # MAXLEN(run) = 5; LEN(run%1, run%2) = 3, LEN(run%2, run%3) = 2, LEN(run%1, run%4) = 4
    credit = graded_credit(
        answers=[["run%1"], ["run%2"], ["run%1", "run%2"], [], ["run%3", "run%4"]],
        gold=[["run%1"], ["run%1"], ["run%1"], ["run%2"], ["run%2", "run%1"]],
        lemmas=["run"] * 5,
        thesauri=VERBS,
        alphas=[1.0, 2.0, math.inf],
    )
    expected = np.array(
        [
            [1.0, 1.0, 1.0],
            [2 / 5, 4 / 25, 0.0],
            [(1 + 2 / 5) / 2, (1 + 4 / 25) / 2, 0.5],  # answers {a, b}, gold {a}: 0.5 exact
            [0.0, 0.0, 0.0],
            # run%3: best gold run%2 (LEN 2) -> 3/5; run%4: LEN 5 to run%2, 4 to run%1 -> 1/5
            [(3 / 5 + 1 / 5) / 2, (9 / 25 + 1 / 25) / 2, 0.0],
        ]
    )
    np.testing.assert_allclose(credit.values, expected)
    assert credit.attempted.tolist() == [True, True, True, False, True]
    np.testing.assert_allclose(credit.column("inf"), expected[:, 2])
    with pytest.raises(EvaluationError, match="not scored"):
        credit.column(0.5)


def test_graded_credit_issues() -> None:
    credit = graded_credit(
        answers=[["run%9"], ["run%1"], ["go%1"], ["go%1"], ["fly%1"], ["run%1"]],
        gold=[["run%1"], ["run%7"], ["run%1"], ["go%1"], ["fly%2"], ["run%1", "run%1"]],
        lemmas=["run", "run", "run", "go", "fly", "run"],
        thesauri=VERBS,
        alphas=[0.5, math.inf],
    )
    assert credit.issues == {
        "unknown-predicted-key": 1,
        "unknown-gold-key": 1,
        "predicted-other-lemma": 1,  # go%1 is 1 edge from run%1 but is not a sense of run
        "monosemous": 1,
        "unknown-lemma": 1,
    }
    np.testing.assert_allclose(credit.values[:, 0], [0, 0, 0, 1, 0, 1])
    np.testing.assert_allclose(credit.values[:, 1], [0, 0, 0, 1, 0, 1])


def test_repeated_instances_score_as_each_alone() -> None:
    # instances repeating an earlier one's answers, gold and lemma (as a verb's do) get its
    # very credit, and every issue counts once per instance, as when scored one at a time
    rng = np.random.default_rng(8)
    answer_pool = [["run%1"], ["run%2"], ["run%1", "run%3"], [], ["run%9"], ["go%1"]]
    gold_pool = [["run%1"], ["run%2"], ["run%7"], ["run%3", "run%1"]]
    picks = rng.integers(0, [len(answer_pool), len(gold_pool), 3], size=(300, 3))
    answers = [answer_pool[a] for a, _, _ in picks]
    gold = [gold_pool[g] for _, g, _ in picks]
    lemmas = [("run", "go", "fly")[w] for _, _, w in picks]
    credit = graded_credit(answers, gold, lemmas, VERBS, alphas=[0.5, 2.0, math.inf])
    alone = [
        graded_credit([a], [g], [w], VERBS, alphas=[0.5, 2.0, math.inf])
        for a, g, w in zip(answers, gold, lemmas, strict=True)
    ]
    assert credit.values.tolist() == [c.values[0].tolist() for c in alone]
    assert credit.attempted.tolist() == [bool(c.attempted[0]) for c in alone]
    summed: dict[str, int] = {}
    for c in alone:
        for issue, count in c.issues.items():
            summed[issue] = summed.get(issue, 0) + count
    assert credit.issues == summed and len(summed) == 5
    with pytest.raises(EvaluationError, match="instance 2 has no gold"):
        graded_credit(
            [["run%1"], [], ["run%1"], ["run%1"]], [["run%1"], [], [], []], ["run"] * 4, VERBS
        )


def test_unknown_but_equal_keys_are_exact() -> None:
    credit = graded_credit([["fly%1"]], [["fly%1"]], ["fly"], VERBS, alphas=ALPHA_DEFAULTS)
    assert credit.values.tolist() == [[1.0, 1.0, 1.0, 1.0]]


def test_graded_credit_length_mismatch() -> None:
    with pytest.raises(EvaluationError, match="differ in length"):
        graded_credit([["run%1"]], [], [], VERBS)


def test_senseval_scores_with_abstentions() -> None:
    # 6 instances, 4 attempted, credit 1 + 0.5 + 0 + 1 = 2.5
    credit = np.array([1.0, 0.5, 0.0, 1.0, 0.0, 0.0])
    attempted = np.array([True, True, True, True, False, False])
    s = senseval_scores(credit, attempted)
    assert s.precision == pytest.approx(2.5 / 4)
    assert s.recall == pytest.approx(2.5 / 6)
    assert s.coverage == pytest.approx(4 / 6)
    p, r = 2.5 / 4, 2.5 / 6
    assert s.f1 == pytest.approx(2 * p * r / (p + r))
    assert (s.n, s.attempted) == (6, 4)
    assert to_json(s)["attempted"] == 4


def test_senseval_scores_nothing_attempted_is_undefined_not_zero() -> None:
    s = senseval_scores(np.zeros(3), np.zeros(3, dtype=bool))
    assert (s.precision, s.recall, s.coverage, s.f1) == (None, 0.0, 0.0, 0.0)
    with pytest.raises(EvaluationError):
        senseval_scores(np.zeros(0), np.zeros(0, dtype=bool))


def test_top_k_by_hand() -> None:
    rankings = [["a", "b", "c"], ["b", "a"], [], ["c", "a", "b"]]
    gold = [["a"], ["a"], ["a"], ["b", "c"]]
    got = top_k(rankings, gold, [1, 2, 3])
    # k=1: hits i0, i3 -> 2/4; outputs 1+1+0+1 = 3, correct 2
    assert got[1] == pytest.approx((2 / 4, 2 / 3))
    # k=2: hits i0, i1, i3; outputs 2+2+0+2 = 6; correct 1+1+1 = 3
    assert got[2] == pytest.approx((3 / 4, 3 / 6))
    # k=3: outputs 3+2+0+3 = 8; correct 1+1+2 = 4
    assert got[3] == pytest.approx((3 / 4, 4 / 8))
    with pytest.raises(EvaluationError):
        top_k(rankings, gold, [0])


@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from("abcdef"), max_size=7),  # a ranking, repeats allowed
            st.lists(st.sampled_from("abcdef"), min_size=1, max_size=3),  # gold keys
        ),
        min_size=1,
        max_size=30,
    ),
    st.lists(st.integers(1, 8), min_size=1, max_size=4),
)
def test_top_k_is_the_definition_at_every_k(
    cases: list[tuple[list[str], list[str]]], ks: list[int]
) -> None:
    """One pass serves every k: each k's figures are the formula's, computed on its own."""
    rankings, gold = [r for r, _ in cases], [g for _, g in cases]
    got = top_k(rankings, gold, ks)
    for k in ks:
        first = [list(dict.fromkeys(r))[:k] for r in rankings]
        found = [sum(s in g for s in f) for f, g in zip(first, gold, strict=True)]
        outputs = sum(len(f) for f in first)
        want = (sum(x > 0 for x in found) / len(gold), sum(found) / outputs if outputs else None)
        assert got[k] == want


def test_applicability_curve_by_hand() -> None:
    conf = np.array([0.9, 0.8, 0.8, 0.5, 0.3])
    credit = np.array([1.0, 0.0, 1.0, 1.0, 0.0])
    curve = applicability_curve(conf, credit)
    assert curve.thresholds.tolist() == [0.9, 0.8, 0.5, 0.3]
    np.testing.assert_allclose(curve.applicability, [0.2, 0.6, 0.8, 1.0])
    np.testing.assert_allclose(curve.acceptability, [1.0, 2 / 3, 3 / 4, 3 / 5])
    # risk 0, 1/3, 1/4, 2/5 over coverage steps 0.2, 0.4, 0.2, 0.2
    assert curve.aurc == pytest.approx(0.2 * 0 + 0.4 / 3 + 0.2 * 0.25 + 0.2 * 0.4)


def test_aurc_equals_geifman_without_ties() -> None:
    rng = np.random.default_rng(3)
    conf = rng.permutation(20) / 20.0
    credit = rng.random(20)
    curve = applicability_curve(conf, credit)
    order = np.argsort(-conf)
    risks = [1 - credit[order[: k + 1]].mean() for k in range(20)]
    assert curve.aurc == pytest.approx(np.mean(risks))


def test_applicability_curve_abstentions_never_applied() -> None:
    conf = np.array([0.9, 0.99, 0.4, 0.0])
    credit = np.array([1.0, 0.0, 0.0, 0.0])
    attempted = np.array([True, False, True, False])
    curve = applicability_curve(conf, credit, attempted)
    assert curve.thresholds.tolist() == [0.9, 0.4]
    np.testing.assert_allclose(curve.applicability, [0.25, 0.5])
    np.testing.assert_allclose(curve.acceptability, [1.0, 0.5])
    assert curve.aurc == pytest.approx(0.25 * 0 + 0.25 * 0.5)
    nothing = applicability_curve(conf, credit, np.zeros(4, dtype=bool))  # nothing attempted
    assert (nothing.thresholds.size, nothing.applicability.size, nothing.aurc) == (0, 0, 0.0)


def _write_file_thesaurus(directory, stem: str = "toy") -> str:  # type: ignore[no-untyped-def]
    """The tree of :class:`TreeVerbs` in the file-thesaurus format; each sense gets a node of
    its own (``node-<key>``) so path lengths between nodes equal the double's."""
    edges = ["ROOT\t"]
    words = []
    for child, parent in TreeVerbs.PARENT.items():
        if "%" in child:
            edges.append(f"node-{child}\t{parent}")
            words.append(f"{child.split('%')[0]}\t{child}\tnode-{child}")
        else:
            edges.append(f"{child}\t{parent}")
    (directory / f"{stem}.tsv").write_text("\n".join(edges) + "\n", encoding="utf-8")
    (directory / f"{stem}.words.tsv").write_text("\n".join(words) + "\n", encoding="utf-8")
    return str(directory / f"{stem}.tsv")


def test_graded_credit_with_file_thesaurus(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import thesaurus

    verbs = thesaurus.load(_write_file_thesaurus(tmp_path))
    for a in VERBS.senses("run"):
        for b in VERBS.senses("run"):
            assert verbs.sense_length(a, b) == VERBS.sense_length(a, b)
    answers = [["run%1"], ["run%2"], ["run%3", "run%4"]]
    gold = [["run%1"], ["run%1"], ["run%2"]]
    from_file = graded_credit(answers, gold, ["run"] * 3, verbs)
    from_double = graded_credit(answers, gold, ["run"] * 3, VERBS)
    np.testing.assert_allclose(from_file.values, from_double.values)


def test_graded_credit_works_with_sense_ids_of_any_resource() -> None:
    """Sense ids of a file thesaurus carry no 'lemma%' prefix: which verb a key belongs to
    comes from the thesaurus.  使う: 道具を使う and 材料を使う meet at 利用 (LEN 2, MAXLEN 7)."""
    import thesaurus

    verbs = thesaurus.load(DATA / "thesaurus" / "tsukau_verbs.tsv")
    credit = graded_credit(
        [["道具を使う"], ["費やす"]], [["材料を使う"], ["消費する"]], ["使う", "使う"], verbs, [1.0]
    )
    assert credit.values[:, 0].tolist() == pytest.approx([5 / 7, 0.0])
    assert credit.issues == {"predicted-other-lemma": 1}  # 費やす is another verb's sense
