"""Macro-averaged scores over gold senses (evaluation/sense_scores.py), checked against the
published scoring rule of the wsd-hard-benchmark (Maru et al., ACL 2022) on random keys."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping

import numpy as np
import pytest
from paths import DATA

from evaluation import EvaluationError
from evaluation.sense_scores import macro_f1_score, macro_intervals, macro_scores, sense_index


def benchmark_rule(
    gold: Mapping[str, set[str]], pred: Mapping[str, set[str]], *, strict: bool
) -> tuple[float, float, float]:
    """The benchmark's macro scorer (``evaluation/evaluate_macro_F1.py``) as its rule reads,
    written anew: an instance earns ``1/n`` for every gold key when any of its ``n``
    predictions is right, charges ``1/n`` to every prediction when any is wrong; lenient: a
    false negative per gold key of an instance with no right prediction, strict: per gold key
    not predicted.  (The published script, for an instance without a prediction, reads the
    previous instance's predictions in strict mode; here such an instance has none.)"""
    tp: dict[str, float] = defaultdict(float)
    fp: dict[str, float] = defaultdict(float)
    fn: dict[str, float] = defaultdict(float)
    keys: set[str] = set()
    for ident, senses in gold.items():
        predicted = pred.get(ident, set())
        n = len(predicted) or 1
        right = 1.0 / n if any(k in senses for k in predicted) else 0.0
        wrong = 1.0 / n if any(k not in senses for k in predicted) else 0.0
        for key in predicted:
            fp[key] += wrong
        for key in senses:
            keys.add(key)
            tp[key] += right
            if (key not in predicted) if strict else right == 0.0:
                fn[key] += 1.0 / n
    ps, rs, fs = [], [], []
    for key in keys:
        if tp[key] == fp[key] == fn[key] == 0:
            continue
        p = tp[key] / (tp[key] + fp[key]) if tp[key] + fp[key] else 0.0
        r = tp[key] / (tp[key] + fn[key]) if tp[key] + fn[key] else 0.0
        ps.append(p)
        rs.append(r)
        fs.append(2 * p * r / (p + r) if p + r else 0.0)
    return sum(ps) / len(ps), sum(rs) / len(rs), sum(fs) / len(fs)


def _random_keys(chance: random.Random, n: int) -> tuple[list[list[str]], list[list[str]]]:
    """Gold of 1-3 keys from a small pool (so senses repeat), one predicted key or none."""
    pool = [f"w{chance.randrange(4)}%{s}" for s in range(6)]
    gold = [chance.sample(pool, chance.choice([1, 1, 1, 2, 3])) for _ in range(n)]
    pred = [[] if chance.random() < 0.15 else [chance.choice(pool)] for _ in range(n)]
    return gold, pred


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("strict", [False, True])
def test_one_answer_per_instance_is_the_benchmark_rule(seed: int, strict: bool) -> None:
    chance = random.Random(seed)
    gold, pred = _random_keys(chance, chance.randrange(1, 60))
    ours = macro_f1_score(gold, pred, strict=strict)
    ids = [f"i{k}" for k in range(len(gold))]
    theirs = benchmark_rule(
        {i: set(g) for i, g in zip(ids, gold, strict=True)},
        {i: set(p) for i, p in zip(ids, pred, strict=True) if p},
        strict=strict,
    )
    assert (ours.precision, ours.recall, ours.f1) == pytest.approx(theirs, abs=1e-12)
    assert ours.senses == len({k for g in gold for k in g})


def test_strict_differs_only_with_several_gold_senses() -> None:
    gold = [["a"], ["a", "b"], ["b"]]
    pred = [["a"], ["a"], ["c"]]
    lenient = macro_f1_score(gold, pred)
    strict = macro_f1_score(gold, pred, strict=True)
    # b: tp 1 (instance 2 is right), fn 1 (instance 3); strict adds instance 2's unnamed b
    assert lenient.recall == pytest.approx((1 + 0.5) / 2)
    assert strict.recall == pytest.approx((1 + 1 / 3) / 2)
    single = [["a"], ["b"], ["b"]]
    assert macro_f1_score(single, pred) == macro_f1_score(single, pred, strict=True)


def test_several_answers_earn_and_lose_their_own_shares() -> None:
    """Where the benchmark's scorer gives 1/n for any right answer and charges 1/n to every
    answer, each answer here earns and loses its own share (module docstring)."""
    scores = macro_f1_score([["a"]], [["a", "b"]])
    # a: tp 1/2, fn 1/2, fp 0 -> P 1, R 1/2; b is no gold sense: its fp counts for no sense
    assert (scores.precision, scores.recall, scores.senses) == (1.0, 0.5, 1)
    assert benchmark_rule({"i": {"a"}}, {"i": {"a", "b"}}, strict=False)[:2] == (0.5, 1.0)


def test_perfect_answers_score_one_and_abstentions_zero() -> None:
    gold = [["a"], ["b", "c"], ["a"]]
    assert macro_f1_score(gold, [["a"], ["b", "c"], ["a"]], strict=True).f1 == 1.0
    nothing = macro_f1_score(gold, [[], [], []])
    assert (nothing.precision, nothing.recall, nothing.f1, nothing.senses) == (0.0, 0.0, 0.0, 3)


def test_instance_order_does_not_matter() -> None:
    chance = random.Random(7)
    gold, pred = _random_keys(chance, 40)
    order = list(range(40))
    chance.shuffle(order)
    shuffled = macro_f1_score([gold[i] for i in order], [pred[i] for i in order], strict=True)
    assert shuffled.f1 == pytest.approx(macro_f1_score(gold, pred, strict=True).f1, abs=1e-12)


def test_graded_credit_replaces_the_exact_match() -> None:
    gold = [["a"], ["a"], ["b"]]
    pred = [["a"], ["b"], ["b"]]
    zero_one = [[[1.0]], [[0.0]], [[1.0]]]
    assert macro_f1_score(gold, pred, zero_one) == macro_f1_score(gold, pred)
    graded = macro_f1_score(gold, pred, [[[1.0]], [[0.6]], [[1.0]]])
    # a: tp 1.6, fn .4, fp 0 -> P 1, R .8; b: tp 1, fp .4 -> P 1/1.4, R 1
    assert graded.recall == pytest.approx(0.9)
    assert graded.precision == pytest.approx((1 + 1 / 1.4) / 2)


def test_draws_weigh_instances_as_repeating_them() -> None:
    """The per-resample path (whole and mixed senses apart) against the plain score of the
    instances repeated as often as they are drawn."""
    chance = random.Random(3)
    gold, pred = _random_keys(chance, 30)
    index = sense_index(gold, pred)
    draws = np.array([[chance.choice([0, 0, 1, 2, 3]) for _ in range(5)] for _ in range(30)])
    found = macro_scores(index.table(), draws)
    for r in range(draws.shape[1]):
        rows = [i for i in range(30) for _ in range(draws[i, r])]
        for variant in ("lenient", "strict"):
            if not rows:
                assert np.isnan(found[variant][:, r]).all()
                continue
            plain = macro_f1_score(
                [gold[i] for i in rows], [pred[i] for i in rows], strict=variant == "strict"
            )
            expected = [plain.precision, plain.recall, plain.f1]
            assert found[variant][:, r].tolist() == pytest.approx(expected, abs=1e-12)


def test_intervals_hold_the_score_and_repeat_with_the_seed() -> None:
    chance = random.Random(5)
    gold, pred = _random_keys(chance, 200)
    tables = [sense_index(gold, pred).table(), sense_index(gold, [g[:1] for g in gold]).table()]
    first = macro_intervals(tables, n_resamples=300, seed=1)
    assert macro_intervals(tables, n_resamples=300, seed=1)[0]["strict"].tolist() == (
        first[0]["strict"].tolist()
    )
    point = macro_f1_score(gold, pred, strict=True)
    low, high = first[0]["strict"][2]
    assert low < point.f1 < high
    assert first[1]["lenient"].tolist() == [[1.0, 1.0]] * 3  # every answer right


def test_bad_input_names_the_problem() -> None:
    with pytest.raises(EvaluationError, match="differ in length"):
        macro_f1_score([["a"]], [["a"], ["b"]])
    with pytest.raises(EvaluationError, match="instance 0 has no gold sense"):
        macro_f1_score([[]], [["a"]])
    with pytest.raises(EvaluationError, match=r"instance 1: the credit must be 1 x 1 values"):
        macro_f1_score([["a"], ["b"]], [["a"], ["a"]], [[[1.0]], [[1.5]]])
    with pytest.raises(EvaluationError, match="no instances"):
        macro_f1_score([], [])


def test_a_comparison_reports_the_macro_scores_of_its_instances(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``per_sense`` of ``wsd compare``'s result: at exact match and graded, the scores of
    :func:`macro_f1_score` on the instances compared, intervals at inf and the headline alpha."""

    from evaluation.acceptability import pair_credit
    from evaluation.experiment import (
        ComparisonConfig,
        EvaluationConfig,
        SystemSpec,
        compare_systems,
    )
    from thesaurus import load

    keys = DATA / "keys"
    toy = str(keys / "toy.tsv")
    config = ComparisonConfig(
        gold=str(keys / "gold.key"),
        systems=(SystemSpec("pred", str(keys / "pred.key")),),
        instances="gold",
        several_keys="all",
        evaluation=EvaluationConfig(thesaurus=toy, top_k=0, bootstrap=200),
    )
    result = compare_systems(config)
    per = result.per_instance
    answers = per.outputs["pred"].answers()
    found = result.per_sense["pred"]
    assert set(found) == {"0.5", "1", "2", "inf"}
    for variant in ("lenient", "strict"):
        exact = macro_f1_score(per.gold, answers, strict=variant == "strict")
        assert found["inf"][variant].f1 == pytest.approx(exact.f1)
        assert found["inf"][variant].senses == exact.senses == 5  # run%1-4, go%1
        pairs = pair_credit(answers, per.gold, per.lemmas, load(toy), 0.5)
        graded = macro_f1_score(per.gold, answers, pairs, strict=variant == "strict")
        assert found["0.5"][variant].recall == pytest.approx(graded.recall)
        assert found["0.5"][variant].f1 > found["inf"][variant].f1  # near misses earn
    assert found["inf"]["strict"].recall < found["inf"]["lenient"].recall  # d4: run%2 run%3
    shown = {a for a, v in found.items() if v["lenient"].interval is not None}
    assert shown == {"inf", "0.5"}
    low, high = found["0.5"]["lenient"].interval.f1  # type: ignore[union-attr]
    assert low <= found["0.5"]["lenient"].f1 <= high


@pytest.mark.parametrize("seed", range(10))
def test_strict_never_scores_above_lenient(seed: int) -> None:
    chance = random.Random(seed)
    gold, _ = _random_keys(chance, 50)
    pool = sorted({k for g in gold for k in g}) + ["other%1"]
    pred = [chance.sample(pool, chance.choice([0, 1, 1, 2, 3])) for _ in gold]
    lenient = macro_f1_score(gold, pred)
    strict = macro_f1_score(gold, pred, strict=True)
    assert strict.recall <= lenient.recall + 1e-12 and strict.precision == lenient.precision


def test_an_index_may_share_another_systems_gold_side() -> None:
    chance = random.Random(11)
    gold, first = _random_keys(chance, 60)
    _, second = _random_keys(chance, 60)
    shared = sense_index(gold, second, like=sense_index(gold, first))
    alone = sense_index(gold, second)
    for name in ("gold_sense", "gold_instance", "answer_sense", "answer_instance", "exact"):
        assert getattr(shared, name).tolist() == getattr(alone, name).tolist(), name
    assert shared.senses == alone.senses and set(shared.several) == set(alone.several)
    with pytest.raises(EvaluationError, match="like indexes 60 instances, not 2"):
        sense_index(gold[:2], second[:2], like=alone)
