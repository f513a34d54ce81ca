"""Cross-validation experiments on a tiny hand-made world (file thesauri, Python instances)."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from experiment_worlds import COUNTS, config_dict, make_instances, tiny_config, tiny_dataset

from evaluation import ConfigError
from evaluation.experiment import make_folds, run_experiment, select_verbs
from wsd.methods import METHODS, MostFrequentSense

# --- folds -------------------------------------------------------------------------------


def test_folds_cover_every_instance_once_and_are_deterministic() -> None:
    labels = ["a"] * 9 + ["b"] * 12 + ["c"] * 2
    folds = make_folds(labels, 3, seed=5)
    assert sorted(Counter(folds.tolist()).values()) == [7, 8, 8]
    assert np.array_equal(folds, make_folds(labels, 3, seed=5))
    assert not np.array_equal(folds, make_folds(labels, 3, seed=6))
    # stratified: "a" (9) is spread 3 per fold; the rare "c" (2 < 3 folds) rides with the
    # largest sense "b", so b+c (14) is spread 4-5 per fold
    a = folds[[i for i, label in enumerate(labels) if label == "a"]]
    assert Counter(a.tolist()) == {0: 3, 1: 3, 2: 3}
    bc = folds[[i for i, label in enumerate(labels) if label != "a"]]
    assert sorted(Counter(bc.tolist()).values()) == [4, 5, 5]


def test_folds_without_a_frequent_sense_fall_back_to_plain_kfold() -> None:
    folds = make_folds(["a", "b", "c", "d", "e", "f"], 3, seed=0)
    assert Counter(folds.tolist()) == {0: 2, 1: 2, 2: 2}


def test_folds_are_the_same_for_every_method(result, world: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    only_baselines = tiny_config(
        world, methods={"mfs": {"verb_thesaurus": world["verb_thesaurus"]}}
    )
    other = run_experiment(only_baselines, tiny_dataset(only_baselines))
    for verb, instances in tiny_dataset(only_baselines).by_verb.items():
        expected = make_folds([i.gold[0] for i in instances], 3, seed=3)
        assert np.array_equal(result.per_instance.fold_of[verb], expected)
        assert np.array_equal(other.per_instance.fold_of[verb], expected)


class Recorder(MostFrequentSense):
    """MFS that logs what every fitted copy was trained on and asked to rank."""

    name = "recorder"
    log: list[tuple[str, frozenset[str], frozenset[str]]] = []

    def __init__(
        self, *, tag: str = "", confidence_lambda: float = 0.5, verb_thesaurus: str = ""
    ) -> None:
        super().__init__(confidence_lambda=confidence_lambda, verb_thesaurus=verb_thesaurus)
        self.tag = tag

    def fit(self, X, y=None):  # type: ignore[no-untyped-def]
        self._fit_ids = frozenset(inst.id for inst in X)
        return super().fit(X, y)

    def rank(self, X):  # type: ignore[no-untyped-def]
        Recorder.log.append((self.tag, self._fit_ids, frozenset(inst.id for inst in X)))
        return super().rank(X)


def test_training_never_sees_the_test_fold_and_folds_are_paired(
    world: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(METHODS, "recorder", Recorder)
    monkeypatch.setattr(Recorder, "log", [])
    vt = world["verb_thesaurus"]
    config = tiny_config(
        world,
        methods={
            "a": {"method": "recorder", "tag": "a", "verb_thesaurus": vt},
            "b": {"method": "recorder", "tag": "b", "verb_thesaurus": vt},
            "mfs": {"verb_thesaurus": vt},
            "random": {"verb_thesaurus": vt},
        },
        evaluation={"thesaurus": vt, "learning_curve": [0.5], "learning_curve_methods": ["a"]},
    )
    dataset = tiny_dataset(config)
    run_experiment(config, dataset)
    size = {verb: len(insts) for verb, insts in dataset.by_verb.items()}
    assert Recorder.log, "the recorder was never used"
    full, partial = [], []
    for tag, fit, test in Recorder.log:
        assert not fit & test
        verb = next(iter(test)).split("#")[0]
        (full if len(fit) + len(test) == size[verb] else partial).append((tag, fit, test))
    # a and b ran on the same 6 test folds (2 verbs x 3), each trained on the complement
    tests_a = sorted(sorted(test) for tag, _, test in full if tag == "a")
    tests_b = sorted(sorted(test) for tag, _, test in full if tag == "b")
    assert len(tests_a) == 6 and tests_a == tests_b
    # the learning curve (a only, fraction 0.5) trains on half of each training fold
    assert [tag for tag, _, _ in partial] == ["a"] * 6
    for _, fit, test in partial:
        verb = next(iter(test)).split("#")[0]
        assert len(fit) == math.ceil(0.5 * (size[verb] - len(test)))


def test_results_are_identical_for_any_n_jobs(world: dict[str, str], result) -> None:  # type: ignore[no-untyped-def]
    config = tiny_config(world)
    parallel = run_experiment(config, tiny_dataset(config), n_jobs=2)
    strip = lambda r: {k: v for k, v in r.to_json().items() if k not in {"timing", "versions"}}  # noqa: E731
    assert strip(parallel) == strip(result)


def test_sweep_variants_run_as_jobs_of_their_own(world: dict[str, str]) -> None:
    from evaluation.experiment.jobs import method_groups

    config = tiny_config(world, sweep={"bayes.smoothing": [0.5, 2.0]})
    labels = [spec.label for spec in config.methods]
    assert method_groups(config, labels) == [
        ("example", "bayes", "mfs", "random"),
        ("bayes[smoothing=0.5]",),
        ("bayes[smoothing=2.0]",),
    ]


# --- measures over the folds ----------------------------------------------------------------


def test_total_row_is_the_micro_average_of_the_verb_rows(result) -> None:  # type: ignore[no-untyped-def]
    assert result.total.n == sum(COUNTS.values())
    assert [r.n for r in result.verbs] == [15, 23]  # take, use (sorted)
    for label in ("example", "bayes", "mfs", "random"):
        for alpha in result.alphas:
            total = result.total.scores[label][alpha]
            rows = [r.scores[label][alpha] for r in result.verbs]
            attempted = sum(r.attempted for r in rows)
            assert total.attempted == attempted
            assert total.precision == pytest.approx(
                sum(r.precision * r.attempted for r in rows) / attempted
            )
            assert total.recall == pytest.approx(sum(r.recall * r.n for r in rows) / total.n)


def test_mfs_exact_precision_by_hand(result, world: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """MFS per fold = the training fold's majority sense; count exact hits independently."""
    config = tiny_config(world)
    hits = 0
    for verb, instances in tiny_dataset(config).by_verb.items():
        folds = result.per_instance.fold_of[verb]
        for fold in range(3):
            train = Counter(i.gold[0] for i, f in zip(instances, folds, strict=True) if f != fold)
            top = max(train.values())
            # ties go to the lower sense number, which is the smaller key here
            majority = min(s for s, c in train.items() if c == top)
            hits += sum(
                i.gold[0] == majority for i, f in zip(instances, folds, strict=True) if f == fold
            )
    assert result.total.scores["mfs"]["inf"].precision == pytest.approx(hits / 38)


def test_graded_scores_grow_as_alpha_shrinks(result) -> None:  # type: ignore[no-untyped-def]
    for label, scores in result.total.scores.items():
        values = [scores[a].precision for a in ("0.5", "1", "2", "inf")]
        assert values == sorted(values, reverse=True), label


def test_learning_curve_at_full_fraction_equals_the_main_run(result) -> None:  # type: ignore[no-untyped-def]
    for label in ("example", "bayes"):
        full = result.learning_curve[label][-1]
        assert full.fraction == 1.0
        # each instance trains 2 of the 3 folds of its verb: 6 tasks (2 verbs x 3 folds)
        assert full.train_instances_total == 2 * sum(COUNTS.values())
        assert full.train_instances_mean == pytest.approx(full.train_instances_total / 6)
        assert full.scores == result.total.scores[label]
        half = result.learning_curve[label][0]
        assert half.train_instances_mean < full.train_instances_mean
        for point in result.learning_curve[label]:  # a bootstrap interval around each point
            for alpha, (low, high) in point.precision_interval.items():
                assert low <= point.scores[alpha].precision <= high


def test_each_methods_cost_is_measured_where_it_ran(result) -> None:  # type: ignore[no-untyped-def]
    """CPU seconds per method: every method fits and ranks; only the learning-curve methods
    have learning-curve time; a method's total is at most the run's CPU time."""
    costs = result.timing.methods
    assert list(costs) == list(result.labels)
    for label, cost in costs.items():
        assert set(cost) == {"fit_s", "rank_s", "curve_s"}
        assert cost["fit_s"] > 0 and cost["rank_s"] > 0, label
        assert (cost["curve_s"] > 0) == (label in {"example", "bayes"}), label
    spent = sum(sum(cost.values()) for cost in costs.values())
    assert spent <= result.timing.cross_validation_s + 0.01  # one worker: within the CV's wall


def test_top_1_recall_is_exact_recall_and_curves_are_bounded(result) -> None:  # type: ignore[no-untyped-def]
    for label, points in result.top_k.items():
        assert points[0].recall == pytest.approx(result.total.scores[label]["inf"].recall)
        recalls = [p.recall for p in points]
        assert recalls == sorted(recalls)
    for curve in result.applicability.values():
        assert curve.applicability[-1] <= 1.0 and 0.0 <= curve.aurc <= 1.0


def test_significance_covers_every_pair_and_bounds_are_reported(result) -> None:  # type: ignore[no-untyped-def]
    pairs = [(t.a, t.b) for t in result.significance]
    assert sorted(pairs) == sorted(combinations(("example", "bayes", "mfs", "random"), 2))
    for test in result.significance:
        assert set(test.difference) == {"0.5", "1", "2", "inf"}
        for d in test.difference.values():
            assert d.low is not None and d.high is not None
            assert d.low <= d.mean_diff <= d.high and d.df == result.total.n - 1
            assert d.significant == (d.p_holm < 0.05)
    assert result.bounds.lower == ("mfs", "random")
    assert result.bounds.upper_note == "n/a (no multiply-annotated data)"


def test_random_scores_near_its_expectation(result) -> None:  # type: ignore[no-untyped-def]
    # random draws among the inventory (3 senses of use, 2 of take): E[exact] = 23/3 + 15/2
    exact = result.total.scores["random"]["inf"].precision * 38
    expected = 23 / 3 + 15 / 2
    assert abs(exact - expected) < 3 * math.sqrt(23 * 2 / 9 + 15 / 4)


def _sweep(world: dict[str, str], param: str, values: list[float]):  # type: ignore[no-untyped-def]
    """The tiny experiment of example and MFS, without bootstrap, sweeping one parameter."""
    config = tiny_config(
        world,
        methods={"example": dict(world), "mfs": {"verb_thesaurus": world["verb_thesaurus"]}},
        sweep={f"example.{param}": values},
        evaluation={"thesaurus": world["verb_thesaurus"], "bootstrap": 0},
    )
    return run_experiment(config, tiny_dataset(config))


def test_sweep_variants_share_the_folds(world: dict[str, str]) -> None:
    result = _sweep(world, "beta", [0.0, 1.0])
    sweep = {v.label: v for v in result.sweep}
    assert set(sweep) == {"example[beta=0.0]", "example[beta=1.0]"}
    # the base method has beta = 1.0, so its variant must score identically
    assert sweep["example[beta=1.0]"].scores == result.total.scores["example"]
    assert sweep["example[beta=1.0]"].aurc == result.applicability["example"].aurc
    # no bootstrap: the differences are still tested, without intervals
    difference = result.significance[0].difference["inf"]
    assert (difference.low, difference.high) == (None, None) and 0 <= difference.p_value <= 1


def test_a_lambda_sweep_changes_the_applicability_curve_only(world: dict[str, str]) -> None:
    sweep = _sweep(world, "lambda", [0.0, 1.0]).sweep
    assert sweep[0].scores == sweep[1].scores  # lambda does not change the answers
    assert sweep[0].aurc != sweep[1].aurc  # but it orders them by another confidence


# --- corpus-dependent validation -------------------------------------------------------------


def test_absent_verb_and_too_many_folds_are_config_errors(world: dict[str, str]) -> None:
    absent = tiny_config(world, corpus={"verbs": ["use", "fly"]})
    with pytest.raises(ConfigError, match=r"corpus\.verbs = 'fly'"):
        select_verbs(absent, make_instances(), source="tiny")
    many = tiny_config(world, cv={"folds": 16})
    with pytest.raises(ConfigError, match=r"cv\.folds = 16: verb 'take' has only 15"):
        select_verbs(many, make_instances(), source="tiny")


def test_filters_select_verbs(world: dict[str, str]) -> None:
    config = tiny_config(world, corpus={"min_instances": 20, "min_senses": 2})
    assert list(select_verbs(config, make_instances()).by_verb) == ["use"]


@pytest.mark.integration
def test_one_verb_end_to_end_on_semcor(semcor_path: Path, tmp_path: Path) -> None:
    import json

    from evaluation.cli import main

    config = tmp_path / "one.toml"
    config.write_text(
        'name = "one"\n[corpus]\nverbs = ["tell"]\n[cv]\nfolds = 3\n'
        "[evaluation]\nlearning_curve = [0.5, 1.0]\nbootstrap = 100\n"
        "[methods.example]\n[methods.bayes]\n[methods.mfs]\n[methods.random]\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    argv = ["evaluate", str(config), "--out", str(out), "--corpus", str(semcor_path)]
    assert main([*argv, "--quiet"]) == 0

    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["verbs"][0]["verb"] == "tell" and data["total"]["n"] > 100
    assert 0.0 < data["total"]["scores"]["mfs"]["inf"]["precision"] < 1.0


def test_agreement_keys_give_an_upper_bound(world: dict[str, str], tmp_path: Path) -> None:
    """Two annotations of the use instances (the second disagrees on every 4th and has one
    instance the experiment does not evaluate): the bound covers the evaluated instances
    only, counts the rest, and its per-word kappa and graded agreement match by hand."""
    from sklearn.metrics import cohen_kappa_score

    uses = [inst for inst in make_instances() if inst.lemma == "use"]
    a = [inst.gold[0] for inst in uses]
    b = ["use#1" if n % 4 == 0 and x != "use#1" else x for n, x in enumerate(a)]
    ids = [inst.id for inst in uses]
    paths = []
    for name, labels, extra in (("a.key", a, ""), ("b.key", b, "zz.1 use#1\n")):
        path = tmp_path / name
        lines = "".join(f"{i} {s}\n" for i, s in zip(ids, labels, strict=True))
        path.write_text(lines + extra, encoding="utf-8")
        paths.append(str(path))
    config = tiny_config(
        world,
        methods={"mfs": {"verb_thesaurus": world["verb_thesaurus"]}},
        evaluation={"thesaurus": world["verb_thesaurus"], "bootstrap": 0},
        bounds={"agreement_keys": paths},
    )
    upper = run_experiment(config, tiny_dataset(config)).bounds.upper
    assert upper is not None and upper.instances == len(uses)
    assert upper.n_only_b == 0  # zz.1 is not an evaluated instance: dropped by request
    assert upper.n_missing_a == upper.n_missing_b == len(make_instances()) - len(uses)
    total = upper.total
    assert total["observed"] == pytest.approx(np.mean([x == y for x, y in zip(a, b, strict=True)]))
    kappa = total["cohen_kappa"]["mean_per_word"]
    assert kappa == pytest.approx(cohen_kappa_score(a, b))  # one word: the mean is its kappa
    # use#2 and use#3 are 3 apart in the verb tree and MAXLEN(use) = 3: A_1 of that pair is 0;
    # use#1 and use#2 are siblings (LEN 2): A_1 = 1/3.
    credit = [
        1.0 if x == y else (1 / 3 if {x, y} == {"use#1", "use#2"} else 0.0)
        for x, y in zip(a, b, strict=True)
    ]
    assert total["acceptability"]["1"] == pytest.approx(np.mean(credit))


def test_a_bad_agreement_file_fails_before_training(world: dict[str, str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.key"
    bad.write_text("only-an-id\n", encoding="utf-8")
    good = tmp_path / "good.key"
    good.write_text("use#1.0 use#1\n", encoding="utf-8")
    config = tiny_config(world, bounds={"agreement_keys": [str(good), str(bad)]})
    with pytest.raises(ConfigError, match=r"bounds\.agreement_keys: .*bad\.key"):
        run_experiment(config, tiny_dataset(config))


def test_an_oracle_setting_is_named_in_every_output(world: dict[str, str], tmp_path: Path) -> None:
    from evaluation.report import write_report
    from evaluation.report.table1 import table1_markdown, table1_text

    methods = config_dict(world)["methods"]
    methods["example_oracle"] = {**methods["example"], "method": "example", "noun_senses": "oracle"}
    config = tiny_config(world, methods=methods)
    result = run_experiment(config, tiny_dataset(config))
    assert list(result.oracles) == ["example_oracle"] and "gold" in result.oracles["example_oracle"]
    assert "example_oracle (ORACLE)" in table1_text(result)
    assert "**ORACLE** example_oracle" in table1_markdown(result)
    assert result.to_json()["oracles"] == dict(result.oracles)
    write_report(result, tmp_path, figures=False)
    assert "ORACLE</strong> example_oracle" in (tmp_path / "report.html").read_text()
    plain = run_experiment(tiny_config(world), tiny_dataset(tiny_config(world)))
    assert plain.oracles == {} and "ORACLE" not in table1_text(plain)
