"""The unseen breakdown (:mod:`evaluation.unseen`): its groups counted by hand on tiny keys, in
``wsd score``, ``wsd compare`` (``--train-keys``) and a cross-validation (each fold's own
training part).

The hand-made files of tests/data/keys: ``gold.key`` (d1-d8), ``pred.key`` (answers d1-d6) and
``train.key`` (run%1 twice, run%2).  Against it d1 (run%1), d2 (run%1), d3 (run%2) and d4
(run%2 run%3) are seen senses; d5 (run%4) and d7 (run%3) unseen senses of the seen verb run;
d6 and d8 (go%1) an unseen verb.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest
from experiment_worlds import make_instances, write_world
from paths import DATA

from evaluation import EvaluationError
from evaluation.cli import main
from evaluation.experiment import parse_config, run_experiment, select_verbs
from evaluation.unseen import (
    SEEN_SENSE,
    UNSEEN_NOT_AVAILABLE,
    UNSEEN_SENSE,
    UNSEEN_VERB,
    fold_unseen_groups,
    key_file_unseen_groups,
    read_training_keys,
    unseen_groups,
)

Capture = pytest.CaptureFixture[str]

KEYS = DATA / "keys"
TOY = str(KEYS / "toy.tsv")
TRAIN = str(KEYS / "train.key")
BY_HAND = {  # gold.key against train.key
    "d1": SEEN_SENSE,
    "d2": SEEN_SENSE,
    "d3": SEEN_SENSE,
    "d4": SEEN_SENSE,
    "d5": UNSEEN_SENSE,
    "d6": UNSEEN_VERB,
    "d7": UNSEEN_SENSE,
    "d8": UNSEEN_VERB,
}
ANSWERED = ("d1", "d2", "d3", "d4", "d5", "d6")  # the lines of pred.key in gold.key


# --- the groups --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gold", "word", "expected"),
    [
        (("a%1",), "a", SEEN_SENSE),
        (("a%3", "a%2"), "a", SEEN_SENSE),  # any gold key seen is enough
        (("a%3",), "a", UNSEEN_SENSE),
        (("b%1",), "b", UNSEEN_SENSE),  # b%1 is trained under c only
        (("d%1",), "d", UNSEEN_VERB),
    ],
)
def test_one_instance_against_a_training_part(
    gold: tuple[str, ...], word: str, expected: str
) -> None:
    train_gold = [("a%1",), ("a%2",), ("b%2",), ("b%1",)]
    train_words = ["a", "a", "b", "c"]
    assert unseen_groups([gold], [word], train_gold, train_words) == (expected,)


def test_no_training_data_makes_every_verb_unseen() -> None:
    assert unseen_groups([("a%1",), ("b%1",)], ["a", "b"], [], []) == (UNSEEN_VERB,) * 2


def test_each_fold_is_judged_against_the_other_folds_only() -> None:
    # a%1 in folds 0 and 1; a%2 only in fold 1; b only in fold 2
    gold = [("a%1",), ("a%1",), ("a%2",), ("b%1",), ("a%3",)]
    words = ["a", "a", "a", "b", "a"]
    folds = np.array([0, 1, 1, 2, 2])
    expected = (SEEN_SENSE, SEEN_SENSE, UNSEEN_SENSE, UNSEEN_VERB, UNSEEN_SENSE)
    assert fold_unseen_groups(gold, words, folds) == expected


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fold_groups_agree_with_one_training_part_per_fold(seed: int) -> None:
    """The counting of :func:`fold_unseen_groups` against :func:`unseen_groups` run on each
    fold's training part (random words, senses, several keys and folds)."""
    rng = np.random.default_rng(seed)
    n = 400
    words = [f"w{w}" for w in rng.integers(0, 150, n)]  # some words once only
    gold = [tuple(f"{w}%{k}" for k in rng.integers(0, 6, rng.integers(1, 3))) for w in words]
    folds = rng.integers(0, 5, n)
    expected: list[str] = [""] * n
    for fold in range(5):
        test = [i for i in range(n) if folds[i] == fold]
        train = [i for i in range(n) if folds[i] != fold]
        found = unseen_groups(
            [gold[i] for i in test],
            [words[i] for i in test],
            [gold[i] for i in train],
            [words[i] for i in train],
        )
        for i, group in zip(test, found, strict=True):
            expected[i] = group
    assert fold_unseen_groups(gold, words, folds) == tuple(expected)
    assert len(set(expected)) == 3  # every group occurs


def test_words_of_keys_keep_their_part_of_speech() -> None:
    """The noun run%1:04:00:: does not make the verb run seen; a verb key does."""
    gold = [("run%2:38:00::",), ("run%2:38:04::",), ("eat%2:34:00::",)]
    train = {"t1": ("run%1:04:00::",), "t2": ("run%2:38:00::", "eat%1:04:00::")}
    assert key_file_unseen_groups(gold, train, None) == (SEEN_SENSE, UNSEEN_SENSE, UNSEEN_VERB)
    assert key_file_unseen_groups(gold[:1], {"t1": ("run%1:04:00::",)}, None) == (UNSEEN_VERB,)


def test_training_key_files_are_merged_and_an_empty_one_is_an_error(tmp_path: Path) -> None:
    a, b, empty = tmp_path / "a.key", tmp_path / "b.key", tmp_path / "empty.key"
    a.write_text("t1 Run%1\nt2 go%1\n", encoding="utf-8")
    b.write_text("t1 run%2\n", encoding="utf-8")
    empty.write_text("", encoding="utf-8")
    assert read_training_keys([str(a), str(b)]) == {"t1": ("run%1", "run%2"), "t2": ("go%1",)}
    with pytest.raises(EvaluationError, match="empty.key: no training instance"):
        read_training_keys([str(a), str(empty)])


# --- wsd score ---------------------------------------------------------------------------


def _score(capsys: Capture, *extra: str) -> tuple[int, str, str]:
    status = main(
        ["score", "--gold", str(KEYS / "gold.key"), "--pred", str(KEYS / "pred.key")]
        + ["--verb-thesaurus", TOY, "--alpha", "inf", "--several-keys", "first", *extra]
    )
    out, err = capsys.readouterr()
    return status, out, err


def test_score_counts_the_groups_by_hand(capsys: Capture) -> None:
    status, out, _ = _score(capsys, "--json", "--train-keys", TRAIN)
    assert status == 0
    report = json.loads(out)
    groups = {name: row["inf"] for name, row in report["per_unseen"].items()}
    assert list(groups) == [SEEN_SENSE, UNSEEN_SENSE, UNSEEN_VERB]
    for name in groups:
        ids = [i for i, group in BY_HAND.items() if group == name]
        assert groups[name]["n"] == len(ids)
        assert groups[name]["attempted"] == sum(1 for i in ids if i in ANSWERED)
    # pred.key's first keys: d1 right, d2 right (run%1), d3 wrong (run%3 for run%2), d4 right
    # (run%3 of run%2 run%3), d5 wrong, d6 right -> seen 3/4, unseen sense 0/1, unseen verb 1/1
    assert groups[SEEN_SENSE]["precision"] == pytest.approx(3 / 4)
    assert groups[UNSEEN_SENSE]["precision"] == 0.0
    assert groups[UNSEEN_VERB]["precision"] == 1.0
    assert report["train_keys"] == [TRAIN]
    # the first-sense breakdown beside it: run%1 and go%1 are their verbs' first senses
    assert {g: r["inf"]["n"] for g, r in report["per_first_sense"].items()} == {
        "not first sense": 4,
        "first sense": 4,
    }


def test_score_without_training_data_says_it_is_not_available(capsys: Capture) -> None:
    status, out, _ = _score(capsys, "--json")
    assert status == 0 and json.loads(out)["per_unseen"] is None
    status, out, _ = _score(capsys)
    assert status == 0
    assert f"unseen: {UNSEEN_NOT_AVAILABLE}" in out
    status, out, _ = _score(capsys, "--train-keys", TRAIN)
    assert "unseen sense" in out and "not available" not in out


def test_a_bad_training_key_file_is_one_line_and_exit_2(tmp_path: Path, capsys: Capture) -> None:
    bad = tmp_path / "bad.key"
    bad.write_text("t1 run%1\nt2\n", encoding="utf-8")
    status, _, err = _score(capsys, "--train-keys", str(bad))
    assert status == 2
    assert "bad.key" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


# --- wsd compare -------------------------------------------------------------------------


def _compare(out: Path, *extra: str) -> int:
    return main(
        ["compare", "--gold", str(KEYS / "gold.key"), str(KEYS / "pred.key"), "--out", str(out)]
        + ["--verb-thesaurus", TOY, "--bootstrap", "50", "--no-plots", "--quiet", *extra]
    )


def test_compare_carries_the_breakdown_in_every_report(tmp_path: Path) -> None:
    out = tmp_path / "with"
    assert _compare(out, "--train-keys", TRAIN) == 0
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    unseen = {b["name"]: b for b in results["breakdowns"]}["unseen"]
    expected = {g: sum(1 for i in ANSWERED if BY_HAND[i] == g) for g in set(BY_HAND.values())}
    assert {row["group"]: row["n"] for row in unseen["rows"]} == expected
    assert unseen["note"] is None
    assert all(row["intervals"] is not None for row in unseen["rows"])
    with (out / "breakdowns.csv").open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["breakdown"] == "unseen" and r["alpha"] == "inf"]
    assert {r["group"]: int(r["examples"]) for r in rows} == expected
    assert all(r["f1_low"] for r in rows)  # with intervals
    for name in ("report.html", "table1.md"):
        text = (out / name).read_text(encoding="utf-8")
        assert "unseen verb" in text and "not available" not in text
    assert results["config"]["train_keys"] == [TRAIN]


def test_compare_without_training_data_says_it_is_not_available(tmp_path: Path) -> None:
    out = tmp_path / "without"
    assert _compare(out) == 0
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    unseen = {b["name"]: b for b in results["breakdowns"]}["unseen"]
    assert unseen == {"name": "unseen", "rows": [], "note": UNSEEN_NOT_AVAILABLE}
    for name in ("report.html", "table1.md"):
        assert "unseen: not available" in (out / name).read_text(encoding="utf-8")


def test_compare_refuses_a_training_file_that_is_an_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    same = out / "results.json"
    same.write_text("t1 run%1\n", encoding="utf-8")
    assert _compare(out, "--train-keys", str(same)) == 2


# --- a cross-validation ------------------------------------------------------------------


def test_cross_validation_judges_each_fold_against_its_own_training_part(tmp_path: Path) -> None:
    world = write_world(tmp_path)
    raw = {
        "name": "tiny",
        "seed": 3,
        "corpus": {"verbs": ["use", "take"]},
        "cv": {"folds": 3},
        "evaluation": {"thesaurus": world["verb_thesaurus"], "bootstrap": 50},
        "methods": {"mfs": {"verb_thesaurus": world["verb_thesaurus"]}},
    }
    config = parse_config(raw, source="tiny.toml")
    # one use#3 instance left: whichever fold tests it, its training part lacks use#3
    instances = [inst for inst in make_instances() if inst.id != "use#3.1"]
    result = run_experiment(config, select_verbs(config, instances, source="tiny"))
    per = result.per_instance
    expected = []
    for i in range(len(per.ids)):  # the definition, one instance at a time
        others = [
            j
            for j in range(len(per.ids))
            if per.lemmas[j] == per.lemmas[i] and per.folds[j] != per.folds[i]
        ]
        if not others:
            expected.append(UNSEEN_VERB)
        elif any(per.gold[j][0] == per.gold[i][0] for j in others):
            expected.append(SEEN_SENSE)
        else:
            expected.append(UNSEEN_SENSE)
    assert per.groups["unseen"] == tuple(expected)
    rows = {b.name: b for b in result.breakdowns}["unseen"].rows
    assert {r.group: r.n for r in rows} == {g: expected.count(g) for g in set(expected)}
    assert sum(r.n for r in rows) == result.total.n
    assert expected.count(UNSEEN_SENSE) >= 1 and UNSEEN_VERB not in expected
    unseen = {r.group: r for r in rows}[UNSEEN_SENSE]
    # MFS answers a sense its training part shows, never an unseen one
    assert unseen.scores["mfs"]["inf"].precision == 0.0
    assert unseen.intervals is not None


# --- the held-out split of the docs -------------------------------------------------------


@pytest.mark.integration
def test_quoted_group_sizes_are_those_of_the_held_out_split(
    semcor_path: Path, wordnet: object
) -> None:
    """The results page's counts of the held-out split's groups, against the split's keys
    (the held-out files of its recipe; the training part: the other tag files)."""
    from commands import RESULTS, held_out_files, number, quoted

    from evaluation.thesauri import Thesauri
    from evaluation.unseen import first_sense_of
    from evaluation.words import key_word
    from wsd.corpus import load_corpus, semcor_files

    held = held_out_files(semcor_path)
    train_files = sorted({p.name for p in semcor_files(semcor_path)} - set(held))
    test = load_corpus(semcor_path, files=held, frames=False).instances
    train = load_corpus(semcor_path, files=train_files, frames=False).instances
    gold = [inst.gold for inst in test]
    books = Thesauri.from_specs({})
    groups = key_file_unseen_groups(gold, {i.id: i.gold for i in train}, books)
    words = [key_word(books)(keys[0]) for keys in gold]
    first = first_sense_of(gold, [w[0] for w in words], [w[1] for w in words], books)
    said = quoted(
        RESULTS,
        r"Of the ([\d,]+) instances, ([\d,]+) are unseen senses \([^)]*\), ([\d,]+) unseen "
        r"verbs \([^)]*\), ([\d,]+) not WordNet's first sense",
    )
    assert [number(g) for g in said.groups()] == [
        len(gold),
        groups.count(UNSEEN_SENSE),
        groups.count(UNSEEN_VERB),
        first.count("not first sense"),
    ]
