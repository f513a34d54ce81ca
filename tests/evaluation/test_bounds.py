"""Agreement per word, merging per word and the upper bound (evaluation/agreement/)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from paths import DATA
from worlds import TreeVerbs

from evaluation import AgreementError
from evaluation.agreement import (
    agreement_upper_bound,
    choose_labels,
    cohen_kappa,
    instance_words,
    merge_per_lemma,
    multi_agreement,
    observed_agreement,
    pair_agreement,
    scott_pi,
    summarise,
)
from evaluation.words import word_names

TOY = str(DATA / "keys" / "toy.tsv")


def _mfs_world(seed: int = 3) -> tuple[list[str], list[str], list[str]]:
    """Gold over three verbs with skewed sense distributions, and an MFS system that answers
    each verb's most frequent gold sense (a constant rater within each verb)."""
    rng = np.random.default_rng(seed)
    gold: list[str] = []
    for verb, n, weights in (("give", 60, [0.6, 0.3, 0.1]), ("take", 40, [0.5, 0.5]),
                             ("see", 30, [0.7, 0.2, 0.1])):  # fmt: skip
        gold += [f"{verb}%{1 + rng.choice(len(weights), p=weights)}" for _ in range(n)]
    lemmas = [g.split("%")[0] for g in gold]
    counts = Counter(gold)
    most = {v: max((k for k in counts if k.startswith(v + "%")), key=counts.get) for v in lemmas}
    return gold, [most[v] for v in lemmas], lemmas


def test_pooled_kappa_overstates_a_constant_rater() -> None:
    gold, mfs, lemmas = _mfs_world()
    report = pair_agreement(gold, mfs, lemmas)
    for lemma, row in report["per_lemma"].items():
        assert row["cohen_kappa"] == pytest.approx(0.0, abs=1e-12), lemma  # constant rater
        assert row["scott_pi"] < 0  # Scott penalises the unequal marginals
    cohen = report["statistics"]["cohen_kappa"]
    assert cohen["mean_per_word"] == pytest.approx(0.0, abs=1e-12)
    assert cohen["instance_weighted_mean"] == pytest.approx(0.0, abs=1e-12)
    assert cohen["pooled_over_lemmas"] == pytest.approx(cohen_kappa(gold, mfs))
    assert cohen["pooled_over_lemmas"] > 0.3  # what pooling across verbs reports instead
    assert report["observed"] == pytest.approx(observed_agreement(gold, mfs))
    assert (cohen["defined"], cohen["undefined"]) == (3, 0)


def test_per_word_mean_and_undefined_words() -> None:
    a = ["run%1", "run%2", "run%2", "run%1", "go%1", "go%1", "walk%1", "walk%2"]
    b = ["run%1", "run%2", "run%1", "run%1", "go%1", "go%1", "walk%2", "walk%1"]
    lemmas = word_names(instance_words([a, b])[0])
    report = pair_agreement(a, b, lemmas, verbs=TreeVerbs())
    run = cohen_kappa(a[:4], b[:4])
    walk = cohen_kappa(a[6:], b[6:])
    assert report["per_lemma"]["go"]["cohen_kappa"] is None  # one category: undefined
    assert report["per_lemma"]["walk"]["scott_pi"] == pytest.approx(scott_pi(a[6:], b[6:]))
    cohen = report["statistics"]["cohen_kappa"]
    assert cohen["mean_per_word"] == pytest.approx((run + walk) / 2)
    assert cohen["instance_weighted_mean"] == pytest.approx((4 * run + 2 * walk) / 6)
    assert (cohen["defined"], cohen["undefined"]) == (2, 1)
    # walk is unknown to the thesaurus: its two disagreements default to distance 1
    assert report["weight_defaults"] == {"unknown-lemma": 2}
    assert report["statistics"]["weighted_kappa"]["undefined"] == 1
    every_undefined = summarise({"go": {"instances": 3, "k": None}}, "k", None)
    assert every_undefined["mean_per_word"] is None and every_undefined["undefined"] == 1


def test_lemma_of_instance_and_other_lemma_keys() -> None:
    labels = [["run%1", "go%1", "run%2"], ["run%1", "run%1", "go%1"], ["run%2", "run%3", "go%1"]]
    words, other = instance_words(labels)
    lemmas = word_names(words)
    assert lemmas == ["run", "run", "go"]  # majority of the three files' keys
    assert other == [2, 0, 0]  # file a: go%1 on a run instance, run%2 on the go one
    report = multi_agreement(labels, lemmas)
    assert set(report["per_lemma"]) == {"go", "run"}
    # go's one item: run%2, go%1, go%1: P = (4 + 1 - 3) / 6 = 1/3, Pe = 5/9: kappa -1/2
    assert report["per_lemma"]["go"]["fleiss_kappa"] == pytest.approx(-0.5)


def test_choose_labels_rules() -> None:
    files = [{"i": ("run%2", "run%3"), "j": ("run%1",)}, {"i": ("run%3",), "j": ("run%4",)}]
    assert choose_labels(files, ["i", "j"]) == ([["run%2", "run%1"], ["run%3", "run%4"]], 1)
    shared = choose_labels(files, ["i", "j"], several="shared")
    assert shared == ([["run%3", "run%1"], ["run%3", "run%4"]], 1)
    with pytest.raises(AgreementError, match="'any'"):
        choose_labels(files, ["i"], several="any")


def _table(rows: list[tuple[str, str, int]]) -> tuple[list[str], list[str]]:
    a: list[str] = []
    b: list[str] = []
    for x, y, count in rows:
        a += [x] * count
        b += [y] * count
    return a, b


def test_merge_per_lemma_outcomes_and_seed_table() -> None:
    parts = {
        "give": [("give%1", "give%1", 9), ("give%2", "give%2", 9), ("give%1", "give%2", 1)],
        "take": [("take%1", "take%1", 4), ("take%2", "take%2", 4), ("take%2", "take%3", 4)]
        + [("take%3", "take%3", 4), ("take%3", "take%2", 3)],
        "see": [("see%1", "see%2", 5), ("see%2", "see%1", 5)],  # kappa < 0: merged away
        "be": [("be%1", "be%1", 3)],
    }
    a, b = _table([row for rows in parts.values() for row in rows])
    lemmas = word_names(instance_words([a, b])[0])
    report, classes = merge_per_lemma(a, b, lemmas, 0.8)
    outcome = {lemma: e["outcome"] for lemma, e in report["per_lemma"].items()}
    kinds = {"be": "single-category", "give": "unchanged", "see": "single-class", "take": "merged"}
    assert outcome == kinds
    assert report["per_lemma"]["see"]["kappa_after"] is None
    assert classes["take"] == [frozenset({"take%1"}), frozenset({"take%2", "take%3"})]
    assert classes["be"] == [frozenset({"be%1"})]
    summary = report["summary"]
    assert summary["outcomes"] == dict.fromkeys(kinds.values(), 1)
    table = summary["with_classes"]  # give and take: the words left with >= 2 classes
    assert (table["words"], table["instances"]) == (2, 19 + 19)
    assert table["before"]["agree"] == 18 + 12 and table["after"]["agree"] == 18 + 19
    assert table["before"]["mean_senses"] == 2.5 and table["after"]["mean_senses"] == 2.0
    give = scott_pi(*_table(parts["give"]))
    take = scott_pi(*_table(parts["take"]))
    assert table["before"]["mean_kappa"] == pytest.approx((give + take) / 2)
    assert table["after"]["mean_kappa"] == pytest.approx((give + 1.0) / 2)


def _write(path: Path, keys: dict[str, str]) -> str:
    path.write_text("".join(f"{i} {k}\n" for i, k in keys.items()), encoding="utf-8")
    return str(path)


def test_upper_bound_counts_restricts_and_grades(tmp_path: Path) -> None:
    a = {"i1": "run%1", "i2": "run%2", "i3": "run%2", "i4": "run%4", "i5": "go%1", "x": "run%1"}
    b = {"i1": "run%1", "i2": "run%3", "i3": "run%2", "i4": "run%1", "i5": "go%1", "y": "go%1"}
    files = [_write(tmp_path / "a.key", a), _write(tmp_path / "b.key", b)]
    bound = agreement_upper_bound(files, verb_thesaurus=TOY, alphas=[1, "inf"])
    assert (bound.n_shared, bound.n_only_a, bound.n_only_b) == (5, 1, 1)
    assert bound.instances == 5 and bound is not None
    total = bound.total
    assert total["observed"] == pytest.approx(3 / 5)
    assert total["acceptability"]["inf"] == pytest.approx(total["observed"])
    # A_1: i2 LEN 2 -> 3/5, i4 LEN 4 -> 1/5, MAXLEN(run) = 5; the rest agree
    assert total["acceptability"]["1"] == pytest.approx((3 + 3 / 5 + 1 / 5) / 5)
    run = bound.per_lemma["run"]
    assert run["acceptability"]["1"] == pytest.approx((2 + 3 / 5 + 1 / 5) / 4)
    run_a, run_b = ["run%1", "run%2", "run%2", "run%4"], ["run%1", "run%3", "run%2", "run%1"]
    assert run["cohen_kappa"] == pytest.approx(cohen_kappa(run_a, run_b))
    assert total["cohen_kappa"]["mean_per_word"] == pytest.approx(run["cohen_kappa"])
    assert total["cohen_kappa"]["undefined"] == 1  # go: a single category
    assert "pooled over lemmas" in bound.note and "only in a: 1" in bound.note

    some = agreement_upper_bound(files, instances=["i1", "i2", "x", "zz"], lemmas=["run"])
    assert (some.n_requested, some.n_missing_a, some.n_missing_b) == (4, 1, 2)
    assert (some.n_shared, some.n_only_a, some.n_only_b) == (2, 1, 0)
    assert some.total["acceptability"] == {"inf": pytest.approx(0.5)}  # no thesaurus
    only_go = agreement_upper_bound(files, lemmas=["go"])
    assert only_go.instances == 1 and only_go.n_other_lemma == 4


def test_upper_bound_reads_ranked_and_upper_case_files_as_wsd_score_does(tmp_path: Path) -> None:
    """A ranked key file is its first keys and keys are read in lower case: the
    bound of such files is that of the plain lower-case ones."""
    a = {"i1": "run%1", "i2": "run%2", "i3": "run%2", "i4": "run%4", "i5": "go%1"}
    b = {"i1": "run%1", "i2": "run%3", "i3": "run%2", "i4": "run%1", "i5": "go%1"}
    plain = [_write(tmp_path / "a.key", a), _write(tmp_path / "b.key", b)]
    ranked = tmp_path / "ranked.key"
    ranked.write_text(
        "".join(f"{i} {k.upper()}:0.75 run%9:0.25 confidence=0.5\n" for i, k in b.items()),
        encoding="utf-8",
    )
    expected = agreement_upper_bound(plain, verb_thesaurus=TOY, alphas=[1, "inf"])
    got = agreement_upper_bound([plain[0], str(ranked)], verb_thesaurus=TOY, alphas=[1, "inf"])
    assert got.total == expected.total and got.per_lemma == expected.per_lemma
    assert expected.total["observed"] == pytest.approx(3 / 5)
    bad = tmp_path / "bad.key"
    bad.write_text("i1 run%1:nan\n", encoding="utf-8")
    with pytest.raises(AgreementError, match="bad.key:1: instance 'i1': key 'run%1': its score"):
        agreement_upper_bound([plain[0], str(bad)])


def test_upper_bound_bad_input_names_the_file(tmp_path: Path) -> None:
    good = _write(tmp_path / "a.key", {"i1": "run%1"})
    bad = tmp_path / "bad.key"
    bad.write_text("i1 run%1\ni2\n", encoding="utf-8")
    with pytest.raises(AgreementError, match="bad.key:2"):
        agreement_upper_bound([good, str(bad)])
    with pytest.raises(AgreementError, match="missing.key"):
        agreement_upper_bound([good, str(tmp_path / "missing.key")])
    with pytest.raises(AgreementError, match="exactly two"):
        agreement_upper_bound([good])
    other = _write(tmp_path / "c.key", {"j1": "run%1"})
    with pytest.raises(AgreementError, match="no instance to compare.*n_only_a 1"):
        agreement_upper_bound([good, other])


@pytest.mark.parametrize(
    ("a", "b", "lemmas", "statistic", "says"),
    [
        (["x"], ["x"], ["w"], "fleiss", "unknown agreement statistic 'fleiss'"),
        (["x", "y"], ["x"], ["w", "w"], "scott", "different lengths: 2, 1 and 2"),
        (["x"], ["x"], [], "scott", "different lengths: 1, 1 and 0"),
        ([], [], [], "scott", "no items to compare"),
    ],
    ids=["unknown statistic", "b shorter", "lemmas shorter", "empty"],
)
def test_merge_per_lemma_refuses_what_it_cannot_merge(
    a: list[str], b: list[str], lemmas: list[str], statistic: str, says: str
) -> None:
    with pytest.raises(AgreementError, match=re.escape(says)):
        merge_per_lemma(a, b, lemmas, 0.8, statistic=statistic)
