"""Agreement statistics: the seed's worked examples, hand examples, sklearn and nltk."""

from __future__ import annotations

import doctest
from pathlib import Path

import numpy as np
import pytest

import evaluation.agreement.merging
import evaluation.agreement.per_word
import evaluation.agreement.statistics
import evaluation.significance
from evaluation import AgreementError
from evaluation.agreement import (
    class_map,
    cohen_kappa,
    fleiss_kappa,
    greedy_merge,
    krippendorff_alpha,
    observed_agreement,
    read_class_table,
    scott_pi,
    sense_lemma,
    thesaurus_distance,
    weight_defaults,
    weighted_kappa,
    write_class_table,
)
from evaluation.words import Word


def _from_table(table: list[list[int]], labels: list[str]) -> tuple[list[str], list[str]]:
    """Two label lists whose confusion table (rows: rater a, columns: rater b) is ``table``."""
    a: list[str] = []
    b: list[str] = []
    for i, row in enumerate(table):
        for j, count in enumerate(row):
            a += [labels[i]] * count
            b += [labels[j]] * count
    return a, b


SEED_TABLE = [[51, 9], [4, 36]]  # seed 004: rows 60/40, columns 55/45


def test_seed_worked_example() -> None:
    a, b = _from_table(SEED_TABLE, ["s1", "s2"])
    assert observed_agreement(a, b) == pytest.approx(0.87)
    # Pc = .60 * .55 + .40 * .45 = .51; kappa = .36 / .49
    assert cohen_kappa(a, b) == pytest.approx(0.36 / 0.49)
    assert round(cohen_kappa(a, b), 3) == 0.735  # the seed rounds 0.7347 to "≈ 0.734"
    # the seed's generalised kappa: Pc = (115/200)^2 + (85/200)^2 = .51125
    assert scott_pi(a, b) == pytest.approx((0.87 - 0.51125) / (1 - 0.51125))
    assert round(scott_pi(a, b), 3) == 0.734


def test_coin_flip_table_kappa_zero() -> None:
    a, b = _from_table([[25, 25], [25, 25]], ["s1", "s2"])
    assert observed_agreement(a, b) == 0.5
    assert cohen_kappa(a, b) == pytest.approx(0.0)
    assert scott_pi(a, b) == pytest.approx(0.0)


def test_cohen_against_sklearn() -> None:
    from sklearn.metrics import cohen_kappa_score

    rng = np.random.default_rng(11)
    for trial in range(20):
        k = 2 + trial % 5
        a = [f"c{x}" for x in rng.integers(0, k, size=60)]
        b = [x if rng.random() < 0.5 else f"c{rng.integers(0, k)}" for x in a]
        assert cohen_kappa(a, b) == pytest.approx(cohen_kappa_score(a, b))


def test_single_category_is_undefined() -> None:
    with pytest.raises(AgreementError, match="undefined.*'s1'"):
        cohen_kappa(["s1"] * 4, ["s1"] * 4)
    with pytest.raises(AgreementError, match="undefined"):
        scott_pi(["s1"] * 4, ["s1"] * 4)
    with pytest.raises(AgreementError, match="undefined"):
        fleiss_kappa([["s1", "s1", "s1"]] * 3)
    with pytest.raises(AgreementError, match="undefined"):
        weighted_kappa(["s1"] * 3, ["s1"] * 3, lambda x, y: float(x != y))
    with pytest.raises(AgreementError, match="^alpha is undefined: expected disagreement is 0"):
        krippendorff_alpha([["s1"] * 3, ["s1"] * 3])
    with pytest.raises(AgreementError, match="undefined"):
        greedy_merge(["s1"] * 3, ["s1"] * 3)
    with pytest.raises(AgreementError, match="length"):
        cohen_kappa(["a"], ["a", "b"])


def test_fleiss_small_example_by_hand() -> None:
    # items: xxx (P=1), xxy (P=(4+1-3)/6=1/3), yyy (P=1): P = 7/9
    # p_x = 5/9, p_y = 4/9: Pe = 41/81; kappa = (63/81 - 41/81) / (40/81) = 22/40
    assert fleiss_kappa([["x", "x", "x"], ["x", "x", "y"], ["y", "y", "y"]]) == pytest.approx(0.55)


def test_fleiss_wikipedia_example() -> None:
    # Fleiss (1971) style example from Wikipedia: 10 items, 14 raters, 5 categories, kappa 0.210
    counts = [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
    ratings = [[f"c{j}" for j, n in enumerate(row) for _ in range(n)] for row in counts]
    assert round(fleiss_kappa(ratings), 3) == 0.210


def test_fleiss_two_raters_is_scott_pi() -> None:
    rng = np.random.default_rng(2)
    a = [f"c{x}" for x in rng.integers(0, 4, size=50)]
    b = [x if rng.random() < 0.6 else f"c{rng.integers(0, 4)}" for x in a]
    assert fleiss_kappa(list(zip(a, b, strict=True))) == pytest.approx(scott_pi(a, b))
    with pytest.raises(AgreementError, match="item 1 has 3"):
        fleiss_kappa([["x", "y"], ["x", "y", "x"]])


def test_weighted_kappa_zero_one_distance_is_cohen() -> None:
    rng = np.random.default_rng(5)
    a = [f"c{x}" for x in rng.integers(0, 5, size=80)]
    b = [x if rng.random() < 0.4 else f"c{rng.integers(0, 5)}" for x in a]
    assert weighted_kappa(a, b, lambda x, y: float(x != y)) == pytest.approx(cohen_kappa(a, b))


def test_weighted_kappa_linear_against_sklearn() -> None:
    from sklearn.metrics import cohen_kappa_score

    rng = np.random.default_rng(9)
    a = rng.integers(0, 4, size=70)
    b = np.clip(a + rng.integers(-1, 2, size=70), 0, 3)
    labels_a, labels_b = [str(x) for x in a], [str(x) for x in b]
    ours = weighted_kappa(labels_a, labels_b, lambda x, y: abs(int(x) - int(y)) / 3)
    assert ours == pytest.approx(cohen_kappa_score(a, b, weights="linear"))


def test_thesaurus_distance_mirrors_acceptability() -> None:
    from worlds import TreeVerbs

    distance = thesaurus_distance(TreeVerbs())
    assert distance("run%1", "run%1") == 0.0
    assert distance("run%1", "run%2") == pytest.approx(3 / 5)  # LEN 3, MAXLEN 5
    assert distance("run%2", "run%1") == pytest.approx(3 / 5)
    assert distance("run%1", "go%1") == 1.0  # other lemma
    assert distance("run%1", "run%9") == 1.0  # unknown key


def test_krippendorff_by_hand_and_against_nltk() -> None:
    # a = xxyyx, b = xyyyx: coincidences o_xx = 4, o_yy = 4, o_xy = o_yx = 1; n_x = n_y = 5
    # alpha = 1 - (10 - 1) * 2 / (2 * 5 * 5) = 0.64
    a, b = list("xxyyx"), list("xyyyx")
    assert krippendorff_alpha([a, b]) == pytest.approx(0.64)
    assert krippendorff_alpha({"A": dict(enumerate(a)), "B": dict(enumerate(b))}) == (
        pytest.approx(0.64)
    )
    from nltk.metrics.agreement import AnnotationTask

    rng = np.random.default_rng(4)
    coders = [[f"c{x}" for x in rng.integers(0, 3, size=30)] for _ in range(3)]
    triples = [
        (str(c), str(i), lab) for c, labels in enumerate(coders) for i, lab in enumerate(labels)
    ]
    assert krippendorff_alpha(coders) == pytest.approx(AnnotationTask(data=triples).alpha())


def test_krippendorff_leaves_out_unpairable_items() -> None:
    a = ["x", "x", "y", "y", "x", "y"]
    b = ["x", "y", "y", "y", "x", None]  # item 5 coded once: not pairable
    assert krippendorff_alpha([a, b]) == pytest.approx(0.64)


def test_greedy_merge_raises_kappa_above_threshold() -> None:
    # s2 and s3 are confusable: the raters swap them often; s1 and s4 are clear.
    table = [[20, 0, 0, 0], [0, 10, 8, 0], [0, 7, 10, 0], [0, 0, 0, 25]]
    a, b = _from_table(table, ["s1", "s2", "s3", "s4"])
    result = greedy_merge(a, b, k_min=0.8, statistic="cohen")
    assert result.kappa_before == pytest.approx(cohen_kappa(a, b))
    assert result.kappa_before < 0.8
    assert result.classes == [frozenset({"s1"}), frozenset({"s2", "s3"}), frozenset({"s4"})]
    merged = class_map(result.classes)
    assert merged == {"s1": "s1", "s2": "s2", "s3": "s2", "s4": "s4"}
    coarse_kappa = cohen_kappa([merged[x] for x in a], [merged[x] for x in b])
    assert result.kappa_after == pytest.approx(coarse_kappa)
    assert result.kappa_after == pytest.approx(1.0)  # every disagreement was s2/s3
    assert len(result.steps) == 1
    assert {result.steps[0].left, result.steps[0].right} == {frozenset({"s2"}), frozenset({"s3"})}
    assert result.observed_before == pytest.approx(65 / 80)
    assert result.observed_after == 1.0 and not result.single_class


def test_greedy_merge_default_is_scott_pi() -> None:
    # the paper's generalised kappa: Pc = sum_j (C_j / 2T)^2, pooled over both raters
    table = [[20, 6, 0], [0, 10, 8], [2, 7, 10]]
    a, b = _from_table(table, ["s1", "s2", "s3"])
    assert cohen_kappa(a, b) != pytest.approx(scott_pi(a, b))
    result = greedy_merge(a, b, k_min=0.8)
    assert result.kappa_before == pytest.approx(scott_pi(a, b))
    (step,) = result.steps[:1]
    merged = class_map(result.classes[:1] + [step.left | step.right])
    relabel = [merged.get(x, x) for x in a], [merged.get(x, x) for x in b]
    assert step.kappa == pytest.approx(scott_pi(*relabel))


def test_greedy_merge_stops_at_threshold_and_can_merge_all() -> None:
    a, b = _from_table([[5, 5], [5, 5]], ["s1", "s2"])  # kappa 0: only a full merge helps
    result = greedy_merge(a, b, k_min=0.8)
    assert result.classes == [frozenset({"s1", "s2"})]
    assert result.single_class
    assert result.kappa_after is None  # a single class: kappa undefined, not 1
    assert result.steps[-1].kappa is None
    assert result.observed_after == 1.0
    good = _from_table(SEED_TABLE, ["s1", "s2"])
    unchanged = greedy_merge(*good, k_min=0.7)  # 0.735 >= 0.7: nothing to merge
    assert unchanged.steps == [] and len(unchanged.classes) == 2
    with pytest.raises(AgreementError, match="statistic"):
        greedy_merge(*good, statistic="fleiss")


def test_weighted_kappa_block_shortcut_is_exact() -> None:
    from worlds import TreeVerbs

    rng = np.random.default_rng(12)
    keys = ["run%1", "run%2", "run%3", "run%4", "go%1"]
    a = [keys[x] for x in rng.integers(0, 5, size=60)]
    b = [x if rng.random() < 0.5 else keys[rng.integers(0, 5)] for x in a]
    distance = thesaurus_distance(TreeVerbs())
    full = weighted_kappa(a, b, distance)  # every pair through distance (1 across lemmas)
    assert weighted_kappa(a, b, distance, block=sense_lemma) == pytest.approx(full)


def test_weight_defaults_are_counted() -> None:
    from worlds import TreeVerbs

    a = ["run%1", "run%1", "run%1", "run%2", "walk%1"]
    b = ["run%1", "run%9", "go%1", "run%3", "walk%2"]
    # agreement (not counted), unknown key, other lemma, a real path, a lemma unknown
    assert weight_defaults(a, b, TreeVerbs()) == {
        "other-lemma": 1,
        "unknown-key": 1,
        "unknown-lemma": 1,
    }


def test_class_table_round_trip_and_errors(tmp_path: Path) -> None:
    path = tmp_path / "classes.tsv"
    classes = {
        Word("run"): [frozenset({"run%2", "run%3"}), frozenset({"run%1", "go%1"})],
        Word("go"): [frozenset({"go%1"})],
    }
    counts = write_class_table(path, classes, comment="made by hand")
    # go%1 inside run's class is another word's key: left out there, kept under go
    assert counts == {"keys": 4, "classes": 3, "other_lemma_left_out": 1}
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# sense classes") and "# made by hand\n" in text
    assert read_class_table(path) == {
        "go%1": "go%1",
        "run%1": "run%1",
        "run%2": "run%2",
        "run%3": "run%2",
    }
    for body, message in (
        ("run%1 run%1\n", "tsv:2: expected sense_key<TAB>class_id"),
        ("run%1\tA\nrun%1\tB\n", "tsv:3: sense key 'run%1' listed twice"),
        ("run%2\trun%1\nrun%1\trun%3\n", "tsv:2: class id 'run%1' is also a key .*line 3"),
    ):
        path.write_text("# header\n" + body, encoding="utf-8")
        with pytest.raises(AgreementError, match=message):
            read_class_table(path)
    with pytest.raises(AgreementError, match="cannot read class table .*nowhere.tsv"):
        read_class_table(tmp_path / "nowhere.tsv")


def test_class_table_keys_are_read_in_lower_case(tmp_path: Path) -> None:
    """A table's keys meet the keys of key files (lower case) whatever case it writes."""
    path = tmp_path / "classes.tsv"
    path.write_text("RUN%2\tRun%2\nrun%3\tRUN%2\nRun%2\trun%2\n", encoding="utf-8")
    with pytest.raises(AgreementError, match="tsv:3: sense key 'run%2' listed twice"):
        read_class_table(path)  # the same key in two cases is listed twice
    path.write_text("RUN%2\tRun%2\nrun%3\tRUN%2\n", encoding="utf-8")
    assert read_class_table(path) == {"run%2": "run%2", "run%3": "run%2"}


@pytest.mark.parametrize(
    "module",
    [
        evaluation.agreement.statistics,
        evaluation.agreement.per_word,
        evaluation.agreement.merging,
        evaluation.significance,
    ],
)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    ("labels", "lemmas", "message"),
    [
        ([["a", "b"]], ["x", "x"], "two or more, got 1"),
        ([["a", "b"], ["a", "b"]], ["x", "x", "y"], "different lengths: 2, 2, 3"),
        ([["a", "b"], ["a"]], ["x", "x"], "different lengths: 2, 1, 2"),
    ],
)
def test_agreement_of_several_files_refuses_what_it_cannot_align(
    labels: list[list[str]], lemmas: list[str], message: str
) -> None:
    """One file, or files and lemmas of different lengths: an AgreementError saying so."""
    from evaluation.agreement.per_word import multi_agreement

    with pytest.raises(AgreementError, match=message):
        multi_agreement(labels, lemmas)
