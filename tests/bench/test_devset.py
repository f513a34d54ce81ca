"""``bench/devset.py``: its sweep, the paired differences and the rule, the tagger each split
reads, and what a run keeps in the cache (a tiny world of WordNet instances)."""

from __future__ import annotations

import csv
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from paths import ROOT

from wsd import ModelError

sys.path.insert(0, str(ROOT / "bench"))
import devset  # noqa: E402
import heldout  # noqa: E402
from heldout import Run  # noqa: E402
from worlds import TRAIN, write_world  # noqa: E402


def test_the_sweep_spells_out_each_methods_base() -> None:
    """Every run of a method carries its base's values unless it varies them, so that the
    sweep measures the same runs after a default changes."""
    runs = devset.sweep()
    labels = [run.label for run in runs]
    assert len(set(labels)) == len(labels)
    for method in devset.TUNED:
        base = next(run for run in runs if run.label == method)
        assert base.params == devset.BASE[method]
        for run in runs:
            if run.method == method:
                assert set(devset.BASE[method]) <= set(run.params), run.label
    heldout.runs_of(heldout.arguments(["--run", "x:mfs"]))  # the parser the sweep shares
    for run in runs:
        devset.make_method(run.method, **run.params)  # every value is accepted


@pytest.mark.parametrize(
    ("dev", "held", "verdict"),
    [
        (0.01, -0.005, "yes"),
        (0.01, -0.0051, "no"),
        (0.0, 0.02, "no"),
        (-0.003, 0.0, "no"),
        (None, 0.0, ""),
    ],
)
def test_the_rule_gains_on_the_dev_set_and_loses_little_on_the_held_out_split(
    dev: float | None, held: float | None, verdict: str
) -> None:
    assert devset.meets_rule(dev, held, 0.005) == verdict


def test_differences_are_paired_against_the_methods_base(wordnet: object, tmp_path: Path) -> None:
    """Four instances; the variant is right where the base is, and on one more."""
    from thesaurus import load

    verbs = load("wordnet-verb")
    run1, run2 = verbs.senses("run")[:2]
    gold = {f"i{n}": (run1 if n % 2 else run2,) for n in range(4)}  # i0 run2, i1 run1, ...
    base = {"i0": run1, "i1": run1, "i2": run1, "i3": run1}  # right on i1, i3
    variant = {**base, "i0": run2}  # right on i0, i1, i3
    runs = [Run("mfs", "mfs", {}), Run("mfs+x", "mfs", {"seed": 1}), Run("random", "random", {})]
    answers = {"mfs": base, "mfs+x": variant, "random": base}
    per = heldout.instance_results(gold, {}, answers)
    found = devset.differences(runs, per, n_resamples=0, seed=0)
    assert set(found) == {"mfs+x"}  # random has no base run, mfs is a base
    assert found["mfs+x"] == (pytest.approx(0.25), None)
    diff, (low, high) = devset.differences(runs, per, n_resamples=300, seed=0)["mfs+x"]
    assert diff == pytest.approx(0.25)
    assert 0.0 <= low <= 0.25 <= high <= 1.0  # the variant never does worse on a resample
    table = heldout.group_table(per, list(answers), n_resamples=0, seed=0)
    times = {label: heldout.Timed(found, 1.0, False, 0.5) for label, found in answers.items()}
    measured = {"dev": devset.Measured(times, per, table)}
    out = tmp_path / "d.csv"
    devset.write_csv(out, runs, measured, {"dev": found})
    with out.open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["group"] == "all"]
    assert [(r["split"], r["run"], r["diff"]) for r in rows] == [
        ("dev", "mfs", ""),
        ("dev", "mfs+x", "0.25"),
        ("dev", "random", ""),
    ]
    lines = devset.table_lines(runs, measured, {"dev": found}, 0.005)
    assert lines[3].startswith("| mfs+x | `seed=1` | .750 | +.250 |")


def test_the_tagger_folder_is_set_inside_the_block_and_restored(tmp_path: Path) -> None:
    name = devset.ENV_VAR
    before = os.environ.get(name)
    with devset.tagger_folder(tmp_path):
        assert os.environ[name] == str(tmp_path)
        with devset.tagger_folder(None):
            assert name not in os.environ
        assert os.environ[name] == str(tmp_path)
    assert os.environ.get(name) == before


def test_a_split_without_its_tagger_is_an_error_never_a_training(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readers = [Run("h", "hybrid", {"thesaurus_examples": 1})]
    with pytest.raises(ModelError, match="--heldout-tagger"):
        devset.checked_taggers(readers, {"heldout": None})
    with pytest.raises(ModelError, match=f"no tagger at {tmp_path}"):
        devset.checked_taggers(readers, {"heldout": tmp_path})
    plain = Run("h", "hybrid", {"thesaurus_examples": 0})
    devset.checked_taggers([plain], {"heldout": None})  # reads no examples
    dev = tmp_path / "dev.data.xml"
    dev.write_text("<corpus/>", encoding="utf-8")
    argv = ["--dev", str(dev), "--run", "h:hybrid:thesaurus_examples=1", "--work", str(tmp_path)]
    assert devset.main(argv) == 2
    assert "--heldout-tagger DIR is needed" in capsys.readouterr().err
    assert not (tmp_path / "models").exists()


def test_a_missing_dev_set_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--dev", str(tmp_path / "none.data.xml"), "--method", "mfs", "--work", str(tmp_path)]
    assert devset.main(argv) == 2
    assert "none.data.xml" in capsys.readouterr().err


def test_a_run_keeps_its_answers_and_times_beside_its_model(tmp_path: Path) -> None:
    """The second measurement reads the answers and the first run's times; ``--retrain``
    makes them anew."""

    class Tiny(heldout.Split):
        name = "tiny"

        def __init__(self) -> None:
            self.held = ["x"]
            self._read = {}

        def _load(self, window: int | str) -> tuple[list, list]:
            return list(TRAIN), list(TRAIN[:3])

    world = write_world(tmp_path)
    run = Run("mfs", "mfs", {"verb_thesaurus": world["verb_thesaurus"]})
    first = heldout.measure_run(run, Tiny(), tmp_path, "code", retrain=False)
    assert (first.cached, first.trained) == (False, True)
    again = heldout.measure_run(run, Tiny(), tmp_path, "code", retrain=False)
    assert again.cached and again.answers == first.answers
    assert (again.train_s, again.disambiguate_s) == (first.train_s, first.disambiguate_s)
    kept = sorted(p.name for p in (tmp_path / "models").iterdir())
    assert len(kept) == 2 and kept[1].endswith(".tiny.json")
    anew = heldout.measure_run(run, Tiny(), tmp_path, "code", retrain=True)
    assert not anew.cached and anew.answers == first.answers
    assert np.isfinite(anew.train_s)


def test_the_choice_is_the_best_on_the_dev_set_a_tie_going_to_the_held_out_split() -> None:
    """A hundred dev instances: b is within one of a (the best that meets the rule) and
    better on the held-out split; c is best on the dev set but loses too much there."""
    from types import SimpleNamespace

    scores = {  # label: (dev, held-out)
        "m": (0.50, 0.650),
        "m+a": (0.60, 0.650),
        "m+b": (0.59, 0.660),
        "m+c": (0.62, 0.640),
        "n": (0.40, 0.500),
        "n+a": (0.39, 0.600),
        "mfs": (0.30, 0.300),
    }
    runs = [Run(label, label.split("+")[0], {}) for label in scores]  # mfs: no variant
    measured, diffs = {}, {}
    for s, name in enumerate(devset.SPLITS):
        table = {label: {"all": {"inf": {"precision": v[s]}}} for label, v in scores.items()}
        per = SimpleNamespace(ids=tuple(range(100)))
        measured[name] = devset.Measured({}, per, table)  # type: ignore[arg-type]
        diffs[name] = {
            label: (v[s] - scores[label.split("+")[0]][s], None)
            for label, v in scores.items()
            if "+" in label
        }
    assert devset.choices(runs, measured, diffs, 0.005) == {"m": "m+b", "n": "n"}
