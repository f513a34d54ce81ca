"""``wsd data stats|export`` through the CLI entry point, on the fixtures and on real SemCor."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluation.cli import main
from wsd.corpus import load_corpus, read_jsonl, read_keys, read_raganato
from wsd.types import Instance

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def tagfile(data_dir: Path) -> Path:
    return data_dir / "corpus" / "br-x01"


def _json(capsys: Capture) -> dict:  # type: ignore[type-arg]
    return json.loads(capsys.readouterr().out)


def _one_line_error(capsys: Capture) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wsd: error: ")
    assert "Traceback" not in err
    return err


def test_stats_on_fixture(tagfile: Path, capsys: Capture) -> None:
    assert main(["data", "stats", "--corpus", str(tagfile)]) == 0
    report = _json(capsys)
    assert report["format"] == "semcor"
    assert (report["files"], report["sentences"], report["tokens"]) == (1, 3, 32)
    assert report["verb_instances"] == 4 and report["verb_lemmas"] == 4
    assert report["verb_instances"] + sum(report["skipped"].values()) == report["verb_tokens"]


def test_stats_verbs_filter_and_formats(tagfile: Path, data_dir: Path, capsys: Capture) -> None:
    assert main(["data", "stats", "--corpus", str(tagfile), "--verbs", "say", "fly"]) == 0
    report = _json(capsys)
    assert report["verb_instances"] == 1 and report["missing_verbs"] == ["fly"]
    assert main(["data", "stats", "--corpus", str(data_dir / "corpus" / "ja.jsonl")]) == 0
    report = _json(capsys)
    assert report["format"] == "jsonl" and report["verb_instances"] == 2


def test_export_raganato_and_jsonl(tagfile: Path, tmp_path: Path, capsys: Capture) -> None:
    stem = tmp_path / "out" / "fixture"
    args = ["data", "export", "--corpus", str(tagfile), "--out", str(stem)]
    assert main([*args, "--to", "raganato"]) == 0
    keys = read_keys(tmp_path / "out" / "fixture.gold.key.txt")
    assert keys == {
        "br-x01.s1.t2": ("approve%2:32:00::",),
        "br-x01.s1.t7": ("say%2:32:00::", "say%2:32:01::"),
        "br-x01.s2.t2": ("tack%2:35:00::",),
        "br-x01.s3.t4": ("run_off%2:38:01::",),
    }
    items = read_raganato(tmp_path / "out" / "fixture.data.xml")
    marked = {n.attr("id"): n.senses for item in items for n in item.annotations if n.attr("id")}
    assert marked == {**keys, "br-x01.s2.t10": ()}  # wnsn=0: exported, without a key line
    assert "(1 without gold: 1 sense-lost-in-mapping)" in capsys.readouterr().err
    assert main([*args, "--to", "jsonl", "--verbs", "say"]) == 0
    (say,) = read_jsonl(tmp_path / "out" / "fixture.jsonl")
    assert say.id == "br-x01.s1.t7" and say.frame is not None
    # --format is the corpus's format, as in every command
    back = tmp_path / "out" / "back"
    argv = ["data", "export", "--corpus", f"{stem}.jsonl", "--out", str(back)]
    assert main([*argv, "--format", "jsonl", "--to", "raganato"]) == 0
    assert read_keys(f"{back}.gold.key.txt") == {"br-x01.s1.t7": keys["br-x01.s1.t7"]}


def test_export_old_spellings_are_refused(tagfile: Path, tmp_path: Path, capsys: Capture) -> None:
    """--input-format and --format raganato|jsonl meaning the format written are gone."""
    args = ["data", "export", "--corpus", str(tagfile), "--out", str(tmp_path / "old")]
    for old, said in (
        (["--input-format", "semcor", "--to", "jsonl"], "unrecognized arguments: --input-format"),
        (["--format", "jsonl"], "the following arguments are required: --to"),
    ):
        with pytest.raises(SystemExit) as exited:  # argparse's usage and one error line
            main([*args, *old])
        assert exited.value.code == 2 and said in capsys.readouterr().err
    assert not list(tmp_path.glob("old*"))


@pytest.mark.parametrize(
    "argv",
    [
        ["data", "stats", "--corpus", "/nonexistent/semcor"],
        ["data", "export", "--corpus", "/nonexistent/x.jsonl", "--to", "jsonl", "--out", "x"],
    ],
)
def test_missing_corpus_is_one_line_exit_2(argv: list[str], capsys: Capture) -> None:
    assert main(argv) == 2
    assert "/nonexistent/" in _one_line_error(capsys)


def test_malformed_file_is_one_line_exit_2(tmp_path: Path, capsys: Capture) -> None:
    bad = tmp_path / "br-bad"
    bad.write_text("<s snum=1>\n<wf cmd=done pos=VB lemma=go wnsn=1 lexsn=2:38:00::>went\n</s>\n")
    assert main(["data", "stats", "--corpus", str(bad)]) == 2
    assert f"{bad}:2:" in _one_line_error(capsys)


def test_empty_jsonl_is_one_line_exit_2(tmp_path: Path, capsys: Capture) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text(" \n\n", encoding="utf-8")
    assert main(["data", "stats", "--corpus", str(empty)]) == 2
    assert f"{empty}: no instance" in _one_line_error(capsys)


def test_setup_under_a_regular_file_is_one_line_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("WSD_NLTK_DATA", str(blocker / "nltk_data"))
    assert main(["data", "setup", "--force"]) == 2
    err = _one_line_error(capsys)
    assert str(blocker) in err and "Not a directory" in err and "WSD_NLTK_DATA" in err


def _count_lines(root: Path) -> dict[str, int]:
    """An independent count straight from the tag lines (no parser of ours)."""
    counts = {"files": 0, "sentences": 0, "tokens": 0, "verb_tokens": 0}
    for path in root.glob("brown*/tagfiles/br-*"):
        counts["files"] += 1
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("<s "):
                counts["sentences"] += 1
            elif line.startswith(("<wf", "<punc>")):
                counts["tokens"] += 1
                if line.startswith("<wf") and " pos=VB" in line:
                    counts["verb_tokens"] += 1
    return counts


def test_stats_on_real_semcor(semcor_path: Path, capsys: Capture) -> None:
    assert main(["data", "stats", "--corpus", str(semcor_path)]) == 0
    report = _json(capsys)
    assert report["files"] == 352
    expected = _count_lines(semcor_path)
    assert {k: report[k] for k in expected} == expected
    assert report["verb_instances"] + sum(report["skipped"].values()) == report["verb_tokens"]
    verb_lines = [
        line
        for path in semcor_path.glob("brown*/tagfiles/br-*")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("<wf") and " pos=VB" in line
    ]
    # wnsn=0 on every sense of a verb line: counted straight from the files
    lost = sum(
        1
        for line in verb_lines
        if " lemma=" in line and set(line.split(" wnsn=")[1].split(" ")[0].split(";")) == {"0"}
    )
    assert report["skipped"]["sense-lost-in-mapping"] == lost
    # auxiliaries etc.: no lemma, ot=notag (cmd=tag/verify_tag lines count as untagged)
    notag = sum(
        1
        for line in verb_lines
        if " lemma=" not in line and " ot=notag" in line and "cmd=done" in line
    )
    assert report["skipped"]["no-lemma:notag"] == notag
    assert report["verb_instances"] > 80_000 and report["verb_lemmas"] > 3_000


def test_export_selects_semcor_tag_files(tagfile: Path, tmp_path: Path, capsys: Capture) -> None:
    """--files/--exclude as in ``wsd train``: the training part of a held-out split."""
    root = tmp_path / "semcor" / "brown1" / "tagfiles"
    root.mkdir(parents=True)
    for name in ("br-x01", "br-x02"):
        (root / name).write_bytes(tagfile.read_bytes())
    corpus = str(tmp_path / "semcor")
    stem = tmp_path / "train"
    args = ["data", "export", "--corpus", corpus, "--to", "raganato", "--out", str(stem)]
    assert main([*args, "--exclude", "br-x02"]) == 0
    excluded = read_keys(tmp_path / "train.gold.key.txt")
    assert main([*args, "--files", "br-x01"]) == 0
    assert read_keys(tmp_path / "train.gold.key.txt") == excluded
    assert len(excluded) == 4 and all(i.startswith("br-x01.") for i in excluded)
    capsys.readouterr()
    assert main([*args, "--exclude", "br-x01", "br-x02"]) == 2
    assert "leaves no tag file" in _one_line_error(capsys)
    assert main([*args, "--files", "br-x09"]) == 2
    assert "no SemCor tag file 'br-x09'" in _one_line_error(capsys)
    jsonl = ["data", "export", "--corpus", str(tagfile.parent / "ja.jsonl"), "--to", "jsonl"]
    assert main([*jsonl, "--out", str(stem), "--files", "br-x01"]) == 2
    assert "select SemCor tag files" in _one_line_error(capsys)


def _identity(instances: list[Instance]) -> list[tuple[object, ...]]:
    """What every format written carries of an instance (frames: the formats differ)."""
    return [
        (i.id, i.lemma, i.gold, i.sentence.id, i.sentence.source, i.sentence.lang, i.position)
        + tuple(t.form for t in i.sentence.tokens)
        for i in instances
    ]


@pytest.mark.parametrize(("to", "written"), [("conllu", ".conllu"), ("raganato", ".data.xml")])
@pytest.mark.parametrize("source", ["corpus/ja.jsonl", "corpus/br-x01", "conllu/tree.conllu"])
def test_every_instance_exported_reads_back_as_itself(
    data_dir: Path, tmp_path: Path, capsys: Capture, to: str, written: str, source: str
) -> None:
    """What the toolkit writes it reads back as the same instances, those without gold and
    targets tagged X too; CoNLL-U keeps every tag, Raganato says pos="VERB" of an instance."""
    stem = tmp_path / "out"
    argv = ["data", "export", "--corpus", str(data_dir / source), "--to", to, "--out", str(stem)]
    assert main(argv) == 0
    before = load_corpus(data_dir / source, require_gold=False, cache=False)
    after = load_corpus(tmp_path / f"out{written}", require_gold=False)
    assert _identity(after.instances) == _identity(before.instances)
    # the reason is not written (a SemCor wnsn=0 reads back as no-gold), the count is
    assert sum(after.stats.without_gold.values()) == sum(before.stats.without_gold.values())
    for old, new in zip(before.instances, after.instances, strict=True):
        tags = [t.pos for t in old.sentence.tokens]
        if to == "raganato":
            tags[old.position] = "VERB"
        assert [t.pos for t in new.sentence.tokens] == tags
    err = capsys.readouterr().err
    assert f"wrote {len(before.instances)} verb instances" in err
    if before.stats.without_gold:
        missing = sum(before.stats.without_gold.values())
        assert f"({missing} without gold: " in err


def test_export_keeps_instances_without_gold_and_says_so(
    data_dir: Path, tmp_path: Path, capsys: Capture
) -> None:
    """Exports keep instances without gold, an unannotated CoNLL-U file's too, and count them."""
    export = ["data", "export", "--to", "jsonl", "--corpus"]
    sample = str(data_dir / "corpus" / "ja.jsonl")
    assert main([*export, sample, "--out", str(tmp_path / "j")]) == 0
    assert [i.id for i in read_jsonl(tmp_path / "j.jsonl")] == ["ja.1", "ja.2", "ja.3"]
    assert "wrote 3 verb instances" in capsys.readouterr().err
    plain = tmp_path / "plain.conllu"  # the fixture without its key file: no gold at all
    plain.write_bytes((data_dir / "conllu" / "notree.conllu").read_bytes())
    assert main([*export, str(plain), "--out", str(tmp_path / "p")]) == 0
    assert [i.id for i in read_jsonl(tmp_path / "p.jsonl")] == ["n.1.t2", "n.2.t4"]
    err = capsys.readouterr().err.splitlines()
    assert err[-2].endswith("(2 without gold: 2 no-gold)")
    assert err[-1] == "data export: verb tokens skipped: 2 auxiliary"


@pytest.mark.parametrize(
    ("name", "content", "line"),
    [
        ("x.jsonl", '{"id": "ok", "lemma": "run"}\n{"id": "{x", "lemma": "run"}\n', 2),
        ("x.conllu", "1\tran\trun\tVERB\t_\t_\t_\t_\t_\tInstance=[x\n", 1),
        (
            "x.data.xml",
            '<corpus>\n<text id="t">\n<sentence id="s">\n'
            '<instance id="&lt;x" lemma="run" pos="VERB">ran</instance>\n'
            "</sentence>\n</text>\n</corpus>\n",
            4,
        ),
    ],
)
def test_instance_ids_are_checked_at_reading(
    tmp_path: Path, capsys: Capture, name: str, content: str, line: int
) -> None:
    """An id a key-file line cannot start with (JSON, a TOML section, XML) is refused when
    the corpus is read, by every reader, not after the work when a key file is written."""
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert main(["data", "stats", "--corpus", str(path), "--no-gold"]) == 2
    assert f"{path}:{line}: " in _one_line_error(capsys)


def test_two_tag_files_of_one_name_are_refused(
    tagfile: Path, tmp_path: Path, capsys: Capture
) -> None:
    """SemCor ids are made of the file name: two tag files of one name are an error."""
    for folder in ("brown1", "brown2"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "br-x01").write_bytes(tagfile.read_bytes())
    assert main(["data", "stats", "--corpus", str(tmp_path)]) == 2
    err = _one_line_error(capsys)
    assert f"{tmp_path / 'brown2' / 'br-x01'}: a tag file named br-x01 also at " in err
