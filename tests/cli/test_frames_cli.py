"""``wsd frames``: listing and evaluating case frames through the CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluation.cli import main

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def corpus_dir(data_dir: Path) -> Path:
    return data_dir / "corpus"


def _one_line_error(capsys: Capture) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wsd: error: ")
    return err


def _frames(capsys: Capture, corpus: Path, *extra: str) -> list[dict]:  # type: ignore[type-arg]
    """The records ``wsd frames --corpus CORPUS EXTRA`` lists."""
    assert main(["frames", "--corpus", str(corpus), *extra]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_list_frames_of_one_verb(corpus_dir: Path, capsys: Capture) -> None:
    (record,) = _frames(capsys, corpus_dir / "br-x01", "--verb", "say")  # one tagged 'say'
    assert record["id"] == "br-x01.s1.t7"
    assert record["senses"] == ["say%2:32:00::", "say%2:32:01::"]
    assert "[said]" in record["text"]
    # "..., officials said ." -> the subject is token 6
    cases = [(c["case"], c["position"], c["form"]) for c in record["cases"]]
    assert cases == [("subj", 6, "officials")]


def test_list_frames_limit(corpus_dir: Path, capsys: Capture) -> None:
    ids = [r["id"] for r in _frames(capsys, corpus_dir / "br-x01", "--limit", "2")]
    assert ids == ["br-x01.s1.t2", "br-x01.s1.t7"]
    ids = [r["id"] for r in _frames(capsys, corpus_dir / "br-x01", "--limit", "0")]
    # every sense-tagged verb: approve, say, tack, run_off (lose has wnsn=0: no sense)
    assert ids == ["br-x01.s1.t2", "br-x01.s1.t7", "br-x01.s2.t2", "br-x01.s3.t4"]


def test_list_frames_of_a_raganato_file(corpus_dir: Path, capsys: Capture) -> None:
    """Universal tags: "She drove the car to the station", "We have eaten bread & jam"."""
    records = _frames(capsys, corpus_dir / "tiny.data.xml", "--limit", "0")
    assert [r["id"] for r in records] == ["d000.s000.t000", "d000.s001.t000"]  # not the noun
    assert records[0]["senses"] == ["drive%2:38:01::"] and records[1]["verb"] == "eat"
    cases = [[(c["case"], c["form"]) for c in r["cases"]] for r in records]
    drove = [("subj", "She"), ("obj", "car"), ("prep:to", "station")]
    assert cases == [drove, [("subj", "We"), ("obj", "bread")]]


def test_list_frames_of_a_jsonl_file_keeps_its_frames(corpus_dir: Path, capsys: Capture) -> None:
    (record,) = _frames(capsys, corpus_dir / "ja.jsonl", "--limit", "1")
    assert record["id"] == "ja.1" and record["verb"] == "使う"
    # the file's own frame (Japanese case particles), fillers without a token position
    cases = [(c["case"], c["lemma"], c["form"]) for c in record["cases"]]
    assert cases == [("が", "彼", None), ("を", "箸", None)]


def test_class_tables_merge_later_file_wins(
    tmp_path: Path, data_dir: Path, capsys: Capture
) -> None:
    corpus = tmp_path / "br-q01"
    corpus.write_text(
        "<s snum=1>\n<wf cmd=tag pos=NNP>Laos</wf>\n"
        "<wf cmd=done pos=VB lemma=win wnsn=1 lexsn=2:33:00::>won</wf>\n</s>\n"
    )
    mine = tmp_path / "mine.tsv"
    mine.write_text("laos\tgroup\tgroup%1:03:00::\tname\n")
    shipped = data_dir.parent.parent / "data" / "wsd" / "name_classes.tsv"

    def subject(*tables: Path) -> str:
        argv = ["frames", "--corpus", str(corpus)]
        for table in tables:
            argv += ["--classes", str(table)]
        assert main(argv) == 0
        return json.loads(capsys.readouterr().out)["cases"][0]["lemma"]

    assert subject() == "location"  # the shipped name table
    assert subject(shipped, mine) == "group"
    assert subject(mine, shipped) == "location"


def test_evaluate_on_a_raganato_export(corpus_dir: Path, tmp_path: Path, capsys: Capture) -> None:
    """The gold refers to SemCor sentences; an export of them keeps the ids."""
    stem = tmp_path / "x01"
    assert main(["data", "export", "--corpus", str(corpus_dir / "br-x01"), "--to",
                 "raganato", "--out", str(stem)]) == 0  # fmt: skip
    capsys.readouterr()
    argv = ["frames", "--corpus", f"{stem}.data.xml", "--json"]
    assert main([*argv, "--evaluate", str(corpus_dir / "frames_gold.tsv")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["instances"] == 2 and report["strict"]["all"]["gold"] == 3


def test_evaluate_fixture_gold(corpus_dir: Path, capsys: Capture) -> None:
    argv = ["frames", "--corpus", str(corpus_dir / "br-x01")]
    argv += ["--evaluate", str(corpus_dir / "frames_gold.tsv"), "--json", "--errors"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["instances"] == 2
    overall = report["strict"]["all"]
    assert (overall["gold"], overall["predicted"], overall["correct"]) == (3, 3, 3)
    assert overall["f1"] == 1.0 and report["errors"] == []
    assert report["strict"]["subj"]["gold"] == 2 and report["strict"]["obj"]["gold"] == 1


def test_lenient_below_strict_is_explained(
    corpus_dir: Path, tmp_path: Path, capsys: Capture
) -> None:
    """A head found at the gold position with another lemma (the gold writes 'officer', the
    extractor 'official') is right strictly and wrong leniently: the report says why."""
    gold = tmp_path / "gold.tsv"
    gold.write_text("br-x01\t1\t7\tsay\tsubj=6:officer\n", encoding="utf-8")
    argv = ["frames", "--corpus", str(corpus_dir / "br-x01"), "--evaluate", str(gold)]
    assert main(argv) == 0
    text = " ".join(capsys.readouterr().out.split())  # the note is wrapped at 100 columns
    assert "note: lenient matches the head's lemma instead of its position" in text
    assert "1 predicted heads sit at a gold head's position with another lemma" in text
    assert "officer/official" in text and "pn= class" in text
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["strict"]["all"]["correct"] == 1 and report["lenient"]["all"]["correct"] == 0
    assert report["lemma_mismatches"] == {
        "position_only": 1,
        "lemma_only": 0,
        "examples": [["officer", "official"]],
    }


@pytest.mark.parametrize(
    ("gold_line", "message"),
    [
        ("br-x01\t1\t3\tapprove\tsubj=1:group", "does not match token 3"),
        ("br-q42\t1\t2\tapprove\t-", "SemCor file 'br-q42' not found"),
        ("br-x01\t1\t2\tapprove\tsubj=1", "bad case"),
    ],
)
def test_evaluate_bad_gold_is_one_line_exit_2(
    corpus_dir: Path, tmp_path: Path, gold_line: str, message: str, capsys: Capture
) -> None:
    gold = tmp_path / "gold.tsv"
    gold.write_text(f"# test\n{gold_line}\n", encoding="utf-8")
    argv = ["frames", "--corpus", str(corpus_dir / "br-x01"), "--evaluate", str(gold)]
    assert main(argv) == 2
    err = _one_line_error(capsys)
    assert message in err and f"{gold}:2" in err


def test_user_errors_exit_2(corpus_dir: Path, capsys: Capture) -> None:
    assert main(["frames", "--corpus", str(corpus_dir / "br-x01"), "--verb", "fly"]) == 2
    assert "'fly'" in _one_line_error(capsys)
    assert main(["frames", "--corpus", "/nonexistent/semcor"]) == 2
    assert "/nonexistent/semcor" in _one_line_error(capsys)
    # (--limit and --min-count out of range: argparse's errors, tests/wsd/test_ranges.py)


@pytest.mark.parametrize("gold", ["gold.tsv", "heldout.tsv", "test2.tsv"])
def test_evaluate_real_gold(semcor_path: Path, data_dir: Path, gold: str, capsys: Capture) -> None:
    path = data_dir / "frames" / gold
    argv = ["frames", "--corpus", str(semcor_path), "--json"]
    assert main([*argv, "--evaluate", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert report["instances"] == sum(1 for line in lines if line and not line.startswith("#"))
    overall = report["strict"]["all"]
    assert overall["f1"] > 0.6
    assert overall["correct"] <= min(overall["gold"], overall["predicted"])


def test_evaluate_on_a_jsonl_sentence_given_twice_with_different_tokens_is_exit_2(
    corpus_dir: Path, tmp_path: Path, capsys: Capture
) -> None:
    """Two records of sentence s1 with different tokens: one error line naming the corpus."""
    records = [
        {"id": "a.1", "lemma": "use", "sentence": "s1"},
        {"id": "a.2", "lemma": "use", "position": 0, "sentence": "s1", "tokens": ["use", "it"]},
    ]
    corpus = tmp_path / "x.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    argv = ["frames", "--corpus", str(corpus), "--evaluate", str(corpus_dir / "frames_gold.tsv")]
    assert main(argv) == 2
    err = _one_line_error(capsys)
    assert "sentence 's1' is given twice with different tokens" in err and str(corpus) in err
