"""``wsd compare`` and :func:`evaluation.experiment.comparison.compare_systems` on hand-written
key files over the toy thesaurus of tests/data/keys (run%1..run%4, go%1; MAXLEN(run) = 5)."""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
from paths import DATA

from evaluation import EvaluationWarning
from evaluation.cli import main
from evaluation.cli.compare import INSTANCE_RULES, SEVERAL_KEYS
from evaluation.experiment import (
    ComparisonConfig,
    EvaluationConfig,
    SystemSpec,
    compare_systems,
    records,
)

Capture = pytest.CaptureFixture[str]

KEYS = DATA / "keys"
TOY = str(KEYS / "toy.tsv")

GOLD = {f"d{i:02d}": ("run%1",) if i % 3 else ("run%2",) for i in range(1, 13)}
GOLD["d12"] = ("go%1",)
# ranked, with confidences: right on d01-d08 (confident), wrong on d09-d12 (unsure)
RANKED = {
    i: (["run%1", "run%2", "run%3"] if g[0] != "run%2" else ["run%2", "run%1", "run%4"])
    for i, g in GOLD.items()
}
PLAIN = {i: g[0] for i, g in GOLD.items() if i not in {"d05", "d06"}}  # two abstentions
PLAIN.update({"d01": "run%4", "d02": "run%3", "x99": "run%1"})  # two errors, one stray line


def _write(tmp_path: Path) -> dict[str, Path]:
    gold = tmp_path / "gold.key"
    gold.write_text("".join(f"{i} {' '.join(k)}\n" for i, k in GOLD.items()), encoding="utf-8")
    ranked_lines = []
    for n, (i, keys) in enumerate(RANKED.items()):
        if i in {"d09", "d10", "d11"}:
            keys = [keys[1], keys[0], keys[2]]  # the right key second
        if i == "d12":
            keys = ["go%1"]
        confidence = 0.9 - 0.05 * n
        scored = " ".join(f"{k}:{1.0 / (r + 1):.3f}" for r, k in enumerate(keys))
        ranked_lines.append(f"{i} {scored} confidence={confidence:.2f}\n")
    ranked = tmp_path / "ranked.key"
    ranked.write_text("".join(ranked_lines), encoding="utf-8")
    plain = tmp_path / "plain.key"
    plain.write_text("".join(f"{i} {k}\n" for i, k in PLAIN.items()), encoding="utf-8")
    return {"gold": gold, "ranked": ranked, "plain": plain}


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    return _write(tmp_path)


def _config(files: dict[str, Path], **changes: object) -> ComparisonConfig:
    settings: dict[str, object] = {
        "gold": str(files["gold"]),
        "systems": (
            SystemSpec("ranked", str(files["ranked"])),
            SystemSpec("plain", str(files["plain"])),
        ),
        "evaluation": EvaluationConfig(thesaurus=TOY, top_k=0, bootstrap=500),
    }
    settings.update(changes)
    return ComparisonConfig(**settings)  # type: ignore[arg-type]


def test_common_instances_and_what_was_left_out(files: dict[str, Path]) -> None:
    result = compare_systems(_config(files))
    stats = result.corpus.stats
    assert (stats["gold_instances"], stats["evaluated"], stats["left_out"]) == (12, 10, 2)
    assert stats["left_out_by_system"] == {"ranked": 0, "plain": 2}
    ranked, plain = result.systems
    assert (ranked.ranked, ranked.confidence, ranked.several_keys) == (True, True, "first")
    assert (plain.not_in_gold, plain.unanswered, plain.lines) == (1, 2, 11)
    assert result.total.n == 10 and {"d05", "d06"}.isdisjoint(result.per_instance.ids)
    # ranked: wrong first key on d09-d11 -> 7 of 10; plain: wrong on d01, d02 -> 8 of 10
    assert result.total.scores["ranked"]["inf"].precision == pytest.approx(0.7)
    assert result.total.scores["plain"]["inf"].precision == pytest.approx(0.8)
    assert result.total.scores["plain"]["inf"].coverage == 1.0


def test_every_gold_instance_counts_a_missing_line_as_an_abstention(files: dict[str, Path]) -> None:
    result = compare_systems(_config(files, instances="gold"))
    # plain abstains on two of the 12 gold instances and errs on d01, d02
    assert result.total.n == 12
    assert result.total.scores["plain"]["inf"].coverage == pytest.approx(10 / 12)
    assert result.total.scores["plain"]["inf"].recall == pytest.approx(8 / 12)


def test_a_precision_with_nothing_attempted_is_undefined_everywhere(
    files: dict[str, Path], tmp_path: Path, capsys: Capture
) -> None:
    """0/0 is no 0: null in results.json, 'undefined' in the tables, a warning, as wsd score."""
    silent = tmp_path / "silent.key"
    silent.write_text("x99 run%1\n", encoding="utf-8")  # a line, but for no gold instance
    partial = tmp_path / "partial.key"  # answers run's instances, none of go's
    partial.write_text("".join(f"{i} {GOLD[i][0]}\n" for i in ("d01", "d02", "d03")), "utf-8")
    systems = tuple(SystemSpec(p.stem, str(p)) for p in (files["plain"], silent, partial))
    with pytest.warns(EvaluationWarning) as caught:
        result = compare_systems(_config(files, systems=systems, instances="gold"))
    said = [str(w.message) for w in caught]
    assert any(m.startswith("precision of silent is undefined: none of the 12") for m in said)
    assert any(m.startswith("precision of partial is undefined for 1 of 2 words") for m in said)
    intervals = result.intervals
    assert intervals is not None
    for alpha in result.alphas:
        assert result.total.scores["silent"][alpha].precision is None
        assert result.total.scores["silent"][alpha].recall == 0.0
        assert intervals.total["silent"][alpha].precision is None
    go = next(row for row in result.verbs if row.verb == "go")
    assert go.scores["partial"]["inf"].precision is None
    assert go.scores["plain"]["inf"].precision == 1.0
    (silent_vs_plain,) = [
        t for t in result.significance if "silent" in (t.a, t.b) and "plain" in (t.a, t.b)
    ]
    assert silent_vs_plain.difference == {}  # no difference with an undefined precision
    score = ["score", "--gold", str(files["gold"]), "--pred", str(silent), "--verb-thesaurus", TOY]
    assert main([*score, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["overall"]["inf"]["precision"] is None
    assert "precision of silent is undefined" in captured.err
    out = tmp_path / "report"
    argv = ["compare", "--gold", str(files["gold"]), str(files["plain"]), str(silent)]
    argv += ["--verb-thesaurus", TOY, "--instances", "gold", "--out", str(out)]
    assert main([*argv, "--bootstrap", "200"]) == 0
    captured = capsys.readouterr()
    assert "precision of silent is undefined" in captured.err
    table = captured.out.split("Table 1:")[1].split("\n\n")[0]
    assert re.search(r"^inf \(precision\)\s+\S+ \[[^]]+\]\s+undefined$", table, re.M)
    assert re.search(r"^  silent\s+inf\s+undefined\s+0\.000", captured.out, re.M)
    document = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert document["total"]["scores"]["silent"]["inf"]["precision"] is None
    assert document["intervals"]["total"]["silent"]["inf"]["precision"] is None


def _corpus(path: Path, ids: list[str]) -> Path:
    """A Raganato corpus file holding one run instance per id."""
    words = "".join(f'<instance id="{i}" lemma="run" pos="VERB">ran</instance>\n' for i in ids)
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8" ?>\n<corpus lang="en" source="x">\n'
        f'<text id="d000">\n<sentence id="d000.s000">\n{words}</sentence>\n</text>\n</corpus>\n',
        encoding="utf-8",
    )
    return path


def _datasets(result: object) -> set[str] | None:
    rows = next((b.rows for b in result.breakdowns if b.name == "dataset"), None)  # type: ignore[attr-defined]
    return None if rows is None else {row.group for row in rows}


def test_datasets_only_where_the_ids_or_the_files_say_so(tmp_path: Path) -> None:
    """A UD sentence id is no dataset, whatever its dots; ALL's ids and --corpus files are."""
    ud = ["newsgroup-groups.google.com_x_1234.s1.t1", "weblog-blogspot.com_x.s1.t2", "s1.t2"]
    gold = tmp_path / "gold.key"
    gold.write_text("".join(f"{i} run%1\n" for i in ud), encoding="utf-8")
    exact = EvaluationConfig(thesaurus=TOY, alphas=(float("inf"),), bootstrap=0, top_k=0)
    systems = (SystemSpec("gold", str(gold)),)
    config = ComparisonConfig(gold=str(gold), systems=systems, evaluation=exact)
    assert _datasets(compare_systems(config)) is None
    mixed = ["senseval2.d000.s000.t000", "semeval2007.d001.s002.t003", *ud]
    gold.write_text("".join(f"{i} run%1\n" for i in mixed), encoding="utf-8")
    by_id = compare_systems(config)
    assert _datasets(by_id) == {"senseval2", "semeval2007", "no dataset"}
    (datasets,) = [b for b in by_id.breakdowns if b.name == "dataset"]
    assert {row.group: row.n for row in datasets.rows}["no dataset"] == 3
    files = (
        str(_corpus(tmp_path / "a.data.xml", ud[:2])),
        str(_corpus(tmp_path / "b.xml", ud[2:])),
    )
    by_file = compare_systems(replace(config, corpus=files))
    assert _datasets(by_file) == {"a", "b", "senseval2", "semeval2007"}


@pytest.mark.parametrize("second", ["b.data.xml", "sub/a.data.xml", "a.data.xml"])
def test_overlapping_corpus_files_are_refused(tmp_path: Path, second: str, capsys: Capture) -> None:
    """An instance in two --corpus files (or a dataset name twice) has no one dataset."""
    ids = ["d000.s000.t000", "d000.s000.t001"]
    gold = tmp_path / "gold.key"
    gold.write_text("".join(f"{i} run%1\n" for i in ids), encoding="utf-8")
    first = _corpus(tmp_path / "a.data.xml", ids)
    (tmp_path / "sub").mkdir()
    other = _corpus(tmp_path / second, ids[1:]) if second != "a.data.xml" else first
    argv = ["compare", "--gold", str(gold), str(gold), "--corpus", str(first), str(other)]
    assert main([*argv, "--verb-thesaurus", TOY, "--quiet", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wsd: error: ")
    assert str(first) in err and str(other) in err
    if second == "b.data.xml":
        assert "'d000.s000.t001'" in err
    assert not (tmp_path / "out").exists()


def test_curves_where_the_files_allow_them(files: dict[str, Path]) -> None:
    result = compare_systems(_config(files))
    assert set(result.top_k) == {"ranked"}  # the plain file is no ranking
    assert [p.k for p in result.top_k["ranked"]] == [1, 2, 3]  # the longest ranking
    assert result.top_k["ranked"][1].recall == pytest.approx(1.0)  # right key in the top 2
    assert set(result.applicability) == {"ranked"}  # the only file with confidences
    curve = result.applicability["ranked"]
    assert curve.acceptability[0] == 1.0 and len(curve.low) == len(curve.acceptability)
    intervals = result.intervals
    assert intervals is not None and set(intervals.total) == {"ranked", "plain"}
    low, high = intervals.total["plain"]["inf"].precision
    assert low <= 0.8 <= high
    (test,) = result.significance
    assert (test.a, test.b) == ("ranked", "plain") and set(test.difference) == set(result.alphas)


def test_several_keys_warn_and_few_resamples_do_not(files: dict[str, Path], tmp_path: Path) -> None:
    multi = tmp_path / "multi.key"
    multi.write_text("".join(f"{i} run%1 run%2\n" for i in GOLD), encoding="utf-8")
    config = _config(
        files, systems=(SystemSpec("multi", str(multi)), SystemSpec("ranked", str(files["ranked"])))
    )
    with pytest.warns(UserWarning) as caught:
        result = compare_systems(config)
    messages = [str(w.message) for w in caught]
    assert any("12 of 12 lines list several keys" in m for m in messages)
    assert result.warnings == tuple(messages)
    # every line {run%1, run%2}: one right key of two on the run instances -> 1/2
    assert result.total.scores["multi"]["inf"].precision == pytest.approx(11 / 2 / 12)
    first = compare_systems(_config(files, systems=config.systems, several_keys="first"))
    assert first.total.scores["multi"]["inf"].precision == pytest.approx(8 / 12)  # run%1 gold
    # the tests are t-tests, not resampling tests: 50 resamples (intervals only) warn of nothing
    few = _config(files, evaluation=EvaluationConfig(thesaurus=TOY, top_k=0, bootstrap=50))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tested = compare_systems(few)
    assert tested.warnings == () and tested.significance[0].difference["inf"].low is not None


def test_sense_classes_score_exact_match_on_classes(files: dict[str, Path], tmp_path: Path) -> None:
    classes = tmp_path / "classes.tsv"
    classes.write_text("run%1\trun%1\nrun%4\trun%1\nrun%3\trun%1\n", encoding="utf-8")
    config = _config(
        files,
        classes=str(classes),
        evaluation=EvaluationConfig(
            thesaurus=TOY, alphas=(float("inf"),), applicability_alpha=float("inf"), bootstrap=0
        ),
    )
    result = compare_systems(config)
    assert result.alphas == ("inf",) and result.intervals is None
    # plain's errors run%4 and run%3 (gold run%1) are right on classes
    assert result.total.scores["plain"]["inf"].precision == pytest.approx(1.0)


def test_the_command_writes_the_report(
    files: dict[str, Path], tmp_path: Path, capsys: Capture
) -> None:
    out = tmp_path / "report"
    argv = ["compare", "--gold", str(files["gold"]), str(files["ranked"]), str(files["plain"])]
    assert main([*argv, "--verb-thesaurus", TOY, "--out", str(out), "--bootstrap", "500"]) == 0
    captured = capsys.readouterr()
    assert "compare: 10 of 12 gold instances scored" in captured.err
    assert "plain 2 (left out)" in captured.err and "plain 1" in captured.err
    assert "totals with 95% bootstrap intervals" in captured.out
    assert "methods: 1 = ranked, 2 = plain" in captured.out
    names = {p.name for p in out.iterdir()}
    assert {"results.json", "report.html", "table1.md", "totals.csv", "systems.csv"} <= names
    assert {"predictions.jsonl", "top_k.png", "applicability.png", "alpha.png"} <= names
    assert "learning_curve.csv" not in names  # no learning curve in a comparison
    document = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert document["kind"] == "comparison" and document["learning_curve"] == {}
    assert [s["label"] for s in document["systems"]] == ["ranked", "plain"]
    assert document["config"]["evaluation"]["top_k"] == 3  # resolved from the longest ranking
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "Comparison: comparison" in page and "Key files" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "Fujii et al." not in page  # the paper's totals belong to its setting only
    predictions = (out / "predictions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(predictions) == 2 * 10
    first = json.loads(predictions[0])
    assert first["fold"] is None and first["ranking"][0] == first["sense"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--labels", "one"], "--labels names 1 systems but 2 key files"),
        (["--classes", "c.tsv", "--alpha", "1"], "--classes scores exact match"),
        (["--verb-thesaurus", "nowhere"], "unknown thesaurus"),
        (["--instances", "common", "--gold", "missing.key"], "missing.key"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(
    files: dict[str, Path], extra: list[str], message: str, capsys: Capture
) -> None:
    """(Numbers out of range are argparse's errors: tests/wsd/test_ranges.py.)"""
    argv = ["compare", "--gold", str(files["gold"]), str(files["ranked"]), str(files["plain"])]
    assert main([*argv, "--verb-thesaurus", TOY, "--quiet", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wsd: error: ") and message in err


def test_no_common_instance_says_what_to_do(
    files: dict[str, Path], tmp_path: Path, capsys: Capture
) -> None:
    other = tmp_path / "other.key"
    other.write_text("zz run%1\n", encoding="utf-8")
    argv = ["compare", "--gold", str(files["gold"]), str(other), "--verb-thesaurus", TOY]
    assert main([*argv, "--quiet"]) == 2
    assert "--instances gold" in capsys.readouterr().err


def test_records_are_pandas_ready(files: dict[str, Path]) -> None:
    result = compare_systems(_config(files))
    table = records(result, "table1")
    assert len(table) == (len(result.verbs) + 1) * 2 * len(result.alphas)
    assert {"verb", "method", "alpha", "precision", "recall", "coverage", "f1"} <= set(table[0])
    totals = records(result, "totals")
    assert all(r["precision_low"] <= r["precision"] <= r["precision_high"] for r in totals)
    predictions = records(result, "predictions")
    assert len(predictions) == 2 * result.total.n
    assert all(isinstance(r["ranking"], list) for r in predictions)
    with pytest.raises(ValueError, match="no records named 'nope'"):
        records(result, "nope")
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(records(result, "predictions"))
    exact = frame.groupby("method")["credit_inf"].mean()
    assert exact["plain"] == pytest.approx(result.total.scores["plain"]["inf"].recall)


def test_cli_choices_match_the_library() -> None:
    from evaluation.answers import SEVERAL_KEYS as LIBRARY_RULES
    from evaluation.experiment.config import INSTANCE_RULES as LIBRARY_INSTANCES

    assert SEVERAL_KEYS == LIBRARY_RULES and INSTANCE_RULES == LIBRARY_INSTANCES
