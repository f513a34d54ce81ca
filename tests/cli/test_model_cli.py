"""``wsd train`` and ``wsd disambiguate`` end to end on the paper's Figure 3 (Japanese JSONL,
file thesauri): key files out, confidence side file, summaries, version checks, bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from japanese_worlds import train
from paths import DATA
from worlds import GA

import thesaurus
from evaluation.answers import read_answers
from evaluation.cli import main
from evaluation.cli.model import METHOD_NAMES
from wsd.corpus.keys import read_keys
from wsd.methods import METHODS

Capture = pytest.CaptureFixture[str]


def disambiguate(world: dict[str, Path], model: Path, out: Path) -> list[str]:
    corpus = str(world["input"])
    return ["disambiguate", "--model", str(model), "--corpus", corpus, "--out", str(out)]


def _summary_line(err: str) -> str:
    """disambiguate's summary line among its stderr lines (progress lines may precede it)."""
    return next(line for line in err.splitlines() if " instances; " in line)


def test_method_names_match_the_registry() -> None:
    assert sorted(METHOD_NAMES) == sorted(METHODS)


@pytest.mark.parametrize("method", sorted(METHOD_NAMES))
def test_every_input_instance_gets_a_key_line(
    method: str, world: dict[str, Path], capsys: Capture
) -> None:
    model = train(world, method)
    out = world["dir"] / "pred.key"
    argv = disambiguate(world, model, out)
    assert main([*argv, "--top-k", "2", "--confidence"]) == 0
    answers = read_answers(out)  # the ranked format: key:score items and confidence=
    assert answers.ranked and answers.has_confidence
    keys = {i: a.keys for i, a in answers.answers.items()}
    assert sorted(keys) == ["t1", "t2", "t3"]
    assert all(1 <= len(senses) <= 2 for senses in keys.values())
    rows = [json.loads(line) for line in Path(f"{out}.confidence.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows] == ["t1", "t2", "t3"]
    assert all(r["sense"] == keys[r["id"]][0] for r in rows)
    assert all(r["confidence"] == pytest.approx(answers.answers[r["id"]].confidence) for r in rows)
    summary = capsys.readouterr().err
    assert "3 instances; 3 answered; 0 abstained" in summary
    if method == "example":
        assert keys["t1"][0] == "道具を使う" and keys["t3"][0] == "消費する"
        assert rows[1]["fallback"] == "mfs:no-usable-filler"
        assert "1 mfs:no-usable-filler" in summary


def test_a_changed_thesaurus_is_refused_unless_allowed(
    world: dict[str, Path], capsys: Capture
) -> None:
    model = train(world, "example")
    capsys.readouterr()
    with world["nouns"].open("a", encoding="utf-8") as handle:
        handle.write("鉛筆\t道具\n")  # a new node: another version of the noun thesaurus
    thesaurus.load.cache_clear()  # as a new process would (files are read once per process)
    out = world["dir"] / "pred.key"
    argv = disambiguate(world, model, out)
    assert main(argv) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "noun_thesaurus" in error and "version" in error
    assert not out.exists()
    assert main([*argv, "--allow-resource-mismatch"]) == 0
    warning = capsys.readouterr().err.splitlines()[0]  # the CLI prints warnings as one line
    assert warning.startswith("wsd: warning: ") and "version" in warning
    assert sorted(read_keys(out)) == ["t1", "t2", "t3"]


@pytest.mark.parametrize(
    ("param", "message"),
    [
        ("beta=abc", "beta must be a number in [0, 1000000] or inf, got 'abc'"),
        ("beta=NaN", "beta must be a number in [0, 1000000] or inf, got nan"),
        ("lambda=null", "confidence_lambda must be a number in [0, 1], got None"),
        ("ccd_match=0", "ccd_match must be a number in (0, 1], got 0"),
        ("gamma=1", "unknown parameter 'gamma'"),
    ],
)
def test_bad_parameters_are_one_line_and_exit_2(
    param: str, message: str, world: dict[str, Path], capsys: Capture
) -> None:
    argv = ["train", "--corpus", str(world["train"]), "--method", "example"]
    assert main([*argv, "--param", param, "--out", str(world["dir"] / "m.json")]) == 2
    error = capsys.readouterr().err.strip()
    assert message in error and error.count("\n") == 0
    assert not (world["dir"] / "m.json").exists()


def test_corrupted_models_are_one_line_and_exit_2(world: dict[str, Path], capsys: Capture) -> None:
    model = train(world, "example")
    capsys.readouterr()
    document = json.loads(model.read_text(encoding="utf-8"))
    broken = world["dir"] / "broken.json"
    cases = [
        ("verbs", lambda d: d["verbs"]["使う"][GA].update({"人を使う": [["x"]]})),
        ("sense_counts", lambda d: d["sense_counts"].pop("使う")),
        ("sense_counts", lambda d: d["sense_counts"]["使う"].update({"人を使う": -1})),
        # a thesaurus parameter dropped or changed: not the thesaurus the resources record
        ("noun_thesaurus", lambda d: d["params"].pop("noun_thesaurus")),
        ("verb_thesaurus", lambda d: d["params"].update({"verb_thesaurus": "x/other.tsv"})),
        ("resources", lambda d: d["resources"].pop("verb_thesaurus")),
        # a verb model naming a sense the verb was not trained on
        ("verbs", lambda d: d["verbs"]["使う"][GA].update({"人を使うx": [["x", "y"]]})),
    ]
    for expected, damage in cases:
        copy = json.loads(json.dumps(document))
        damage(copy)
        broken.write_text(json.dumps(copy), encoding="utf-8")
        argv = ["disambiguate", "--model", str(broken), "--corpus", str(world["input"])]
        assert main([*argv, "--out", str(world["dir"] / "p.key")]) == 2
        error = capsys.readouterr().err.strip()
        assert str(broken) in error and error.count("\n") == 0, (expected, error)


def test_a_held_out_split_of_semcor_by_file_name(tmp_path: Path, capsys: Capture) -> None:
    """--exclude for training, --files for the test files: the held-out experiment."""
    tagfiles = tmp_path / "semcor" / "brown1" / "tagfiles"
    tagfiles.mkdir(parents=True)
    source = DATA / "corpus" / "br-x01"
    for name in ("br-x01", "br-x02"):
        shutil.copy(source, tagfiles / name)
    corpus, model, out = tmp_path / "semcor", tmp_path / "m.json", tmp_path / "p.key"
    argv = ["train", "--corpus", str(corpus), "--method", "mfs", "--out", str(model)]
    assert main([*argv, "--exclude", "br-x02"]) == 0
    trained = capsys.readouterr().err
    assert main([*argv, "--out", str(tmp_path / "all.json")]) == 0
    everything = capsys.readouterr().err
    n_one, n_all = (int(text.split(" on ")[1].split()[0]) for text in (trained, everything))
    assert n_all == 2 * n_one > 0
    dis = ["disambiguate", "--model", str(model), "--corpus", str(corpus), "--out", str(out)]
    assert main(dis) == 0
    summary = _summary_line(capsys.readouterr().err)
    n_input = int(summary.split(": ")[1].split()[0])
    assert main([*dis, "--files", "br-x02"]) == 0
    assert f": {n_input // 2} instances;" in _summary_line(capsys.readouterr().err)
    assert len(read_keys(out)) == n_input // 2
    assert main([*dis, "--files", "br-x09"]) == 2
    assert "no SemCor tag file 'br-x09'" in capsys.readouterr().err
    jsonl = ["train", "--corpus", str(DATA / "corpus" / "ja.jsonl")]
    assert main([*jsonl, "--method", "mfs", "--out", str(model), "--files", "br-x01"]) == 2
    assert "select SemCor tag files" in capsys.readouterr().err


def test_gold_out_says_which_instances_have_no_gold_line(tmp_path: Path, capsys: Capture) -> None:
    """The fixture's 'lose' is tagged wnsn=0 (its WordNet 1.6 sense has no 3.0 counterpart):
    it is disambiguated but has no gold line, and the summary says so."""
    tagfile = DATA / "corpus" / "br-x01"
    model, out, gold = tmp_path / "m.json", tmp_path / "p.key", tmp_path / "gold.key"
    argv = ["train", "--corpus", str(tagfile), "--method", "mfs", "--out", str(model)]
    assert main(argv) == 0
    capsys.readouterr()
    argv = ["disambiguate", "--model", str(model), "--corpus", str(tagfile), "--out", str(out)]
    assert main([*argv, "--gold-out", str(gold)]) == 0
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if "gold:" in line)
    assert f"wrote 4 lines to {gold} for 5 instances" in line
    assert "1 instances have no gold line: 1 sense-lost-in-mapping (wnsn=0" in line
    assert len(read_keys(gold)) == 4 and "br-x01.s3.t2" not in read_keys(gold)


def test_top_k_writes_a_ranking_and_the_old_input_flag_is_gone(
    world: dict[str, Path], capsys: Capture
) -> None:
    model = train(world, "example")
    out = world["dir"] / "top2.key"
    argv = ["disambiguate", "--model", str(model), "--corpus", str(world["input"])]
    assert main([*argv, "--out", str(out), "--top-k", "2"]) == 0
    with pytest.raises(SystemExit) as stop:
        main(["disambiguate", "--model", str(model), "--input", str(world["input"]), "--out",
              str(out)])  # fmt: skip
    assert stop.value.code == 2
    answers = read_answers(out)
    assert answers.ranked and not answers.has_confidence  # key:score, no confidence=
    assert all(len(a.keys) == 2 for a in answers.answers.values())
    scores = answers.answers["t1"].scores
    assert scores is not None and scores[0] >= scores[1]
    plain = world["dir"] / "plain.key"
    assert main(["disambiguate", "--model", str(model), "--corpus", str(world["input"]),
                 "--out", str(plain)]) == 0  # fmt: skip
    assert not read_answers(plain).ranked  # the default stays the standard format


def test_long_steps_show_progress_off_a_terminal(tmp_path: Path) -> None:
    """Off a terminal a long step ends with one summary line; quick steps say nothing."""
    import io

    from evaluation.cli._progress import Steps

    clock = iter([0.0, 0.2, 1.0, 4.5])
    stream = io.StringIO()
    with Steps("train", stream=stream, clock=lambda: next(clock)) as steps:
        quick = steps.step("corpus files")  # 0.0
        quick(3, 3)  # 0.2: a quick step, no line
        slow = steps.step("fitting per verb")  # 1.0
        slow(1, 2)
        slow(2, 2)  # 4.5
    assert stream.getvalue() == "train: fitting per verb 2/2 in 3.5 s\n"
    silent = io.StringIO()
    with Steps("train", stream=silent, enabled=False) as steps:
        steps("x", 1, 1)
    assert silent.getvalue() == ""


def test_an_id_in_two_corpus_files_is_refused(world: dict[str, Path], capsys: Capture) -> None:
    """The same id in two --corpus files (a file given twice, overlapping exports): an error."""
    again = world["dir"] / "again.jsonl"
    shutil.copy(world["train"], again)
    model = world["dir"] / "m.json"
    argv = ["train", "--method", "mfs", "--corpus", str(world["train"]), str(again)]
    argv.append(f"--param=verb_thesaurus={json.dumps(str(world['verbs']))}")
    assert main([*argv, "--out", str(model)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{again}: instance id " in err
    assert f"is an instance of {world['train']} too" in err and not model.exists()
    model = train(world, "mfs")
    out = world["dir"] / "out.jsonl"
    argv = ["disambiguate", "--model", str(model), "--to", "jsonl", "--out", str(out)]
    argv += ["--corpus", str(world["input"]), str(world["input"])]
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{world['input']}: instance id 't1' is an instance of {world['input']} too" in err
    assert not out.exists()
