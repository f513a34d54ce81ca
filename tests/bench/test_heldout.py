"""``bench/heldout.py``: its runs as the options name them, the README's split, and its table
(groups and precisions counted by hand on four WordNet instances)."""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import pytest
from paths import ROOT

from wsd import ModelError

sys.path.insert(0, str(ROOT / "bench"))
import heldout  # noqa: E402
from heldout import GROUPS, Run, Timed, parse_run, runs_of, score_runs, write_csv  # noqa: E402


def _args(*argv: str) -> argparse.Namespace:
    return heldout.arguments(list(argv))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ex:example", Run("ex", "example", {})),
        ("k1:example:sim_k=1", Run("k1", "example", {"sim_k": 1})),
        (
            'p:example:sim_k=1,marks=["comp","adv"],tune=[]',
            Run("p", "example", {"sim_k": 1, "marks": ["comp", "adv"], "tune": []}),
        ),
        ("l:example:lambda=0.3", Run("l", "example", {"confidence_lambda": 0.3})),
    ],
)
def test_a_run_is_label_method_and_parameters(text: str, expected: Run) -> None:
    assert parse_run(text) == expected


@pytest.mark.parametrize("text", ["example", ":example", "ex:", "ex:example:sim_k"])
def test_a_malformed_run_is_a_model_error(text: str) -> None:
    with pytest.raises(ModelError):
        parse_run(text)


def test_runs_default_to_the_six_methods_and_params_apply_to_each_method() -> None:
    assert [r.label for r in runs_of(_args())] == list(heldout.DEFAULT_METHODS)
    runs = runs_of(_args("--method", "mfs", "random", "--param", "verb_thesaurus=wordnet-verb"))
    assert [(r.label, r.params) for r in runs] == [
        ("mfs", {"verb_thesaurus": "wordnet-verb"}),
        ("random", {"verb_thesaurus": "wordnet-verb"}),
    ]
    both = runs_of(_args("--method", "mfs", "--run", "r1:random:seed=3"))
    assert both == [Run("mfs", "mfs", {}), Run("r1", "random", {"seed": 3})]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--run", "a:mfs", "--run", "a:random"), "'a' is given twice"),
        (("--run", "a:nosuch"), "unknown method 'nosuch'"),
        (("--run", "a:random:nosuch=1"), "unknown parameter 'nosuch'"),
    ],
)
def test_bad_runs_fail_before_anything_is_read(argv: tuple[str, ...], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        runs_of(_args(*argv))


@pytest.mark.integration
def test_the_split_is_the_readmes(semcor_path: Path) -> None:
    train, held = heldout.held_out_split(semcor_path)
    names = sorted(p.name for p in semcor_path.rglob("br-*") if "tagfiles" in p.parts)
    assert held == names[::10] and (len(held), len(train)) == (36, 316)
    assert sorted(train + held) == names


def test_the_table_by_hand(wordnet: object, tmp_path: Path) -> None:
    """i1 run's first sense (trained), i2 its second (not trained), i3/i4 eat (never trained):
    i1 seen, i2 unseen sense, i3 and i4 unseen verb; i1 and i3 first senses."""
    from thesaurus import load

    verbs = load("wordnet-verb")
    run1, run2 = verbs.senses("run")[:2]
    eat1, eat2 = verbs.senses("eat")[:2]
    gold = {"i1": (run1,), "i2": (run2,), "i3": (eat1,), "i4": (eat2,)}
    train = {"t1": (run1,), "t2": (run1,)}
    answers = {"a": {"i1": run1, "i2": run1, "i3": eat1}}  # i4 abstained
    table = score_runs(gold, train, answers, n_resamples=0, seed=0)["a"]
    expected = {  # group: (n, attempted, exact precision)
        "all": (4, 3, 2 / 3),
        "unseen sense": (1, 1, 0.0),
        "unseen verb": (2, 1, 1.0),
        "not first sense": (2, 1, 0.0),
        "first sense": (2, 2, 1.0),
    }
    assert list(table) == [title for title, _, _ in GROUPS]
    for title, (n, attempted, precision) in expected.items():
        cells = table[title]
        assert (cells["n"], cells["attempted"]) == (n, attempted), title
        assert cells["inf"]["precision"] == pytest.approx(precision), title
        assert cells["inf"]["interval"] is None
    with_intervals = score_runs(gold, train, answers, n_resamples=200, seed=0)["a"]
    low, high = with_intervals["all"]["inf"]["interval"]
    assert 0.0 <= low <= 2 / 3 <= high <= 1.0
    runs = [Run("a", "mfs", {})]
    out = tmp_path / "t.csv"
    write_csv(out, runs, {"a": table}, {"a": Timed({}, 1.0, False, 0.5)})
    with out.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["group"] for r in rows] == list(expected)
    assert [int(r["n"]) for r in rows] == [n for n, _, _ in expected.values()]
