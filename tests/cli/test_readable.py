"""Output a person reads: ``wsd disambiguate --to key|jsonl|tsv``, WordNet glosses
(:func:`thesaurus.sense_gloss`, checked against NLTK's WordNet reader), :class:`wsd.Reading`
records from ``Disambiguator.disambiguate``, the API example of the docs, and the default model
(``wsd train`` without ``--out``, ``wsd disambiguate`` without ``--model``) in a temporary
``$WSD_MODEL``, never the user's cache."""

from __future__ import annotations

import doctest
import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from japanese_worlds import train as train_ja
from paths import ROOT

import wsd
from evaluation.cli import main
from evaluation.cli._main import build_parser
from evaluation.cli._readings import jsonl_record, tsv_header, tsv_row
from thesaurus import sense_gloss
from wsd.corpus import load_corpus
from wsd.methods import load_model, make_method
from wsd.text import save_tagger, tagger_path, train_tagger
from wsd.types import Prediction, RankedSense, Reading

Capture = pytest.CaptureFixture[str]

CORPUS = ROOT / "tests" / "data" / "corpus"
TRAIN, INPUT = CORPUS / "x01.data.xml", CORPUS / "tiny.data.xml"
HEADER = "id sentence_id position form lemma sense score gloss confidence fallback".split()


@pytest.fixture()
def model(tmp_path: Path, wordnet: object) -> Path:
    """MFS trained on the SemCor-like fixture: the input's verbs (drive, eat) are unknown to
    it, so it ranks all their WordNet senses (the first-sense fallback)."""
    path = tmp_path / "mfs.json"
    assert main(["train", "--corpus", str(TRAIN), "--method", "mfs", "--out", str(path)]) == 0
    return path


def disambiguate(model: Path, out: Path, *extra: str, corpus: Path = INPUT) -> int:
    argv = ["disambiguate", "--model", str(model), "--corpus", str(corpus), "--out", str(out)]
    return main([*argv, *extra])


def wordnet_senses(wordnet: object, lemma: str) -> list[tuple[str, str]]:
    """(sense key, definition) of a verb's senses in WordNet's order, read by NLTK."""
    found = []
    for synset in wordnet.synsets(lemma, pos="v"):  # type: ignore[attr-defined]
        key = next(lem.key() for lem in synset.lemmas() if lem.name().lower() == lemma)
        found.append((key, synset.definition()))
    return found


# --- glosses ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lemma", ["make", "drive", "eat", "run", "take_off"])
def test_gloss_is_nltks_definition_then_examples(wordnet: object, lemma: str) -> None:
    for key, definition in wordnet_senses(wordnet, lemma):
        gloss = sense_gloss(key)
        assert gloss is not None and gloss.startswith(definition), key
        examples = wordnet.lemma_from_key(key).synset().examples()  # type: ignore[attr-defined]
        for example in examples:
            assert f'"{example}"' in gloss, (key, example)


def test_gloss_of_other_parts_of_speech(wordnet: object) -> None:
    for key in ("bank%1:14:00::", "quickly%4:02:00::", "warm%5:00:00:enthusiastic:00"):
        definition = wordnet.lemma_from_key(key).synset().definition()  # type: ignore[attr-defined]
        assert (sense_gloss(key) or "").startswith(definition), key
    assert sense_gloss("MAKE%2:36:01::") == sense_gloss("make%2:36:01::")


@pytest.mark.parametrize("key", ["人を使う", "use.v.01", "", "make%2:99:99::", "use%2:34:1::"])
def test_no_gloss_is_none_never_an_error(key: str, wordnet: object) -> None:
    assert sense_gloss(key) is None


# --- the three forms ---------------------------------------------------------------------------
def test_tsv_has_a_header_and_a_line_per_instance(
    model: Path, tmp_path: Path, wordnet: object
) -> None:
    out = tmp_path / "pred.tsv"
    assert disambiguate(model, out, "--to", "tsv", "--top-k", "3") == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    header = [*HEADER, "sense_2", "score_2", "gloss_2", "sense_3", "score_3", "gloss_3", "text"]
    assert lines[0].split("\t") == header
    rows = [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:]]
    assert [r["id"] for r in rows] == ["d000.s000.t000", "d000.s001.t000"]
    drove, eaten = rows
    assert (
        drove["sentence_id"] == "d000.s000"
        and drove["text"] == "She drove the car to the station ."
    )
    assert (drove["position"], drove["form"], drove["lemma"]) == ("1", "drove", "drive")
    assert (eaten["position"], eaten["form"], eaten["lemma"]) == ("2", "eaten", "eat")
    for row in rows:
        assert row["text"].split(" ")[int(row["position"])] == row["form"]
        senses = wordnet_senses(wordnet, row["lemma"])[:3]
        shown = [(row["sense"], row["gloss"])]
        shown += [(row[f"sense_{n}"], row[f"gloss_{n}"]) for n in (2, 3)]
        assert [key for key, _ in shown] == [key for key, _ in senses]  # WordNet's order
        for (_, gloss), (_, definition) in zip(shown, senses, strict=True):
            assert gloss.startswith(definition)
        assert row["fallback"] == "first-sense:unknown-verb"
        assert [float(row[c]) for c in ("score", "score_2", "score_3")] == pytest.approx(
            [1, 1 / 2, 1 / 3], abs=1e-6
        )
        assert float(row["confidence"]) > 0


def test_jsonl_is_one_object_per_instance(model: Path, tmp_path: Path, wordnet: object) -> None:
    out = tmp_path / "pred.jsonl"
    assert disambiguate(model, out, "--to", "jsonl", "--top-k", "2") == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == ["d000.s000.t000", "d000.s001.t000"]
    fields = {"id", "sentence_id", "text", "position", "form", "lemma", "sense", "gloss"}
    fields |= {"score", "confidence", "fallback", "alternatives"}
    for record in records:
        assert set(record) == fields
        (key2, definition2) = wordnet_senses(wordnet, record["lemma"])[1]
        (alternative,) = record["alternatives"]
        assert set(alternative) == {"sense", "score", "gloss"}
        assert alternative["sense"] == key2 and alternative["gloss"].startswith(definition2)
        assert record["gloss"] == sense_gloss(record["sense"])
    assert records[1]["text"] == "We have eaten bread & jam ." and records[1]["position"] == 2
    assert disambiguate(model, out, "--to", "jsonl") == 0
    for line in out.read_text(encoding="utf-8").splitlines():
        assert json.loads(line)["alternatives"] == []


@pytest.mark.parametrize(
    "extra", [[], ["--top-k", "3"], ["--confidence"], ["--top-k", "2", "--confidence"]]
)
def test_key_is_the_default_and_unchanged(
    model: Path, tmp_path: Path, extra: list[str], wordnet: object
) -> None:
    """``--to key`` and no ``--to`` write the same bytes; plain lines are ``id key``, the
    method's first-ranked sense."""
    default, keyed = tmp_path / "default.key", tmp_path / "to.key"
    assert disambiguate(model, default, *extra) == 0
    assert disambiguate(model, keyed, "--to", "key", *extra) == 0
    assert default.read_bytes() == keyed.read_bytes()
    if not extra:
        method = load_model(model)
        instances = load_corpus(INPUT, require_gold=False).instances
        expected = "".join(f"{p.instance_id} {p.sense}\n" for p in method.rank(instances))
        assert default.read_text(encoding="utf-8") == expected
    if "--confidence" in extra:
        side = Path(f"{default}.confidence.jsonl").read_bytes()
        assert side == Path(f"{keyed}.confidence.jsonl").read_bytes()


@pytest.mark.parametrize("form", ["jsonl", "tsv"])
def test_confidence_and_gold_out_work_with_every_form(
    model: Path, tmp_path: Path, form: str, wordnet: object
) -> None:
    """``--confidence`` writes the same side file as with a key file; ``--gold-out`` the same
    gold keys."""
    key, readable = tmp_path / "p.key", tmp_path / f"p.{form}"
    gold_key, gold_readable = tmp_path / "gold1.key", tmp_path / "gold2.key"
    assert disambiguate(model, key, "--confidence", "--gold-out", str(gold_key)) == 0
    argv = ["--to", form, "--confidence", "--gold-out", str(gold_readable)]
    assert disambiguate(model, readable, *argv) == 0
    side = Path(f"{readable}.confidence.jsonl").read_bytes()
    assert side == Path(f"{key}.confidence.jsonl").read_bytes()
    assert gold_readable.read_bytes() == gold_key.read_bytes()
    assert "d000.s000.t000 drive%2:38:01::" in gold_key.read_text(encoding="utf-8")


def test_file_thesaurus_keys_have_no_gloss(world: dict[str, Path], tmp_path: Path) -> None:
    """The Japanese example's sense ids are no WordNet keys: empty gloss fields, JSON null."""
    model = train_ja(world, "example")
    tsv, jsonl = tmp_path / "ja.tsv", tmp_path / "ja.jsonl"
    base = ["disambiguate", "--model", str(model), "--corpus", str(world["input"])]
    assert main([*base, "--out", str(tsv), "--to", "tsv", "--top-k", "2"]) == 0
    assert main([*base, "--out", str(jsonl), "--to", "jsonl", "--top-k", "2"]) == 0
    header, *lines = tsv.read_text(encoding="utf-8").splitlines()
    rows = [dict(zip(header.split("\t"), line.split("\t"), strict=True)) for line in lines]
    assert [r["id"] for r in rows] == ["t1", "t2", "t3"]
    for row in rows:
        assert row["sense"] and row["gloss"] == "" and row["gloss_2"] == ""
        assert row["form"] == "使う"
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        assert record["gloss"] is None
        assert all(alt["gloss"] is None for alt in record["alternatives"])


def test_tsv_fields_hold_no_tab_or_line_break() -> None:
    prediction = Prediction("i\t1", "go", (("go%2:38:00::", 0.5),), 0.25, None)
    reading = Reading(
        prediction, "s\t1", "a\tb\nc", 0, "go\t", (RankedSense("go%2:38:00::", 0.5, "x\ny"),)
    )
    row = tsv_row(reading, 2)
    assert len(row) == len(tsv_header(2)) and not any(re.search(r"[\t\n\r]", f) for f in row)
    assert row[0] == "i 1" and row[7] == "x y" and row[-1] == "a b c" and row[-4:-1] == ["", "", ""]


def test_infinite_scores_stay_valid_json() -> None:
    ranking = (("a%2:30:00::", float("inf")), ("a%2:30:01::", -float("inf")))
    senses = tuple(RankedSense(key, score) for key, score in ranking)
    reading = Reading(Prediction("i1", "a", ranking, 1.0), "s1", "a", 0, "a", senses)
    record = json.loads(json.dumps(jsonl_record(reading), allow_nan=False))
    assert record["score"] == "inf" and record["alternatives"][0]["score"] == "-inf"
    assert tsv_row(reading, 2)[6] == "inf" and tsv_row(reading, 2)[11] == "-inf"


def test_format_names_the_corpus_format_and_points_at_to(
    model: Path, tmp_path: Path, capsys: Capture
) -> None:
    for form in ("tsv", "key"):
        with pytest.raises(SystemExit) as info:
            disambiguate(model, tmp_path / "x", "--format", form)
        assert info.value.code == 2
        assert f"give --to {form} (--format is the corpus's format)" in capsys.readouterr().err
    jsonl = tmp_path / "input.jsonl"
    export = ["data", "export", "--corpus", str(INPUT), "--to", "jsonl"]
    assert main([*export, "--out", str(tmp_path / "input")]) == 0
    out = tmp_path / "p.key"
    assert disambiguate(model, out, "--format", "jsonl", corpus=jsonl) == 0  # a corpus format
    assert out.read_text(encoding="utf-8").startswith("d000.s000.t000 drive%2:38:01::")


def test_top_k_must_be_positive(model: Path) -> None:
    method = load_model(model)
    instances = load_corpus(INPUT, require_gold=False).instances
    for bad in (0, -1, 1.5, True):
        with pytest.raises(wsd.ModelError, match="top_k must be an integer >= 1"):
            method.disambiguate(instances, top_k=bad)  # type: ignore[arg-type]
    readings = method.disambiguate(instances, top_k=5)
    assert [r.prediction for r in readings] == method.rank(instances)
    assert all(len(r.senses) == min(5, len(r.prediction.ranking)) for r in readings)


# --- the API doctest ---------------------------------------------------------------------------
def test_the_docs_api_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wordnet: object
) -> None:
    """docs/disambiguating.md's ``>>>`` example runs as written, from a copy of the checkout's
    fixtures."""
    readme = (ROOT / "docs" / "disambiguating.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, flags=re.S) if ">>> " in b]
    assert len(blocks) == 1
    (tmp_path / "tests" / "data").mkdir(parents=True)
    shutil.copytree(CORPUS, tmp_path / "tests" / "data" / "corpus")
    monkeypatch.chdir(tmp_path)
    # disambiguate's tagger: a small one trained on the hand-tagged text fixture
    monkeypatch.setenv("WSD_TAGGER_CACHE", str(tmp_path / "taggers"))
    save_tagger(train_tagger(_tagged_sentences(), iterations=10), tagger_path())
    test = doctest.DocTestParser().get_doctest(blocks[0], {}, "docs", "disambiguating.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def _tagged_sentences() -> list[list[tuple[str, str]]]:
    """``tests/data/text/tagged.tsv`` (word TAB Penn tag, blank lines between sentences)."""
    text = (ROOT / "tests" / "data" / "text" / "tagged.tsv").read_text(encoding="utf-8")
    sentences = [
        [(w, t) for w, t in (line.split("\t") for line in block.splitlines() if "\t" in line)]
        for block in text.split("\n\n")
    ]
    return [s for s in sentences if s]


# --- the default model -------------------------------------------------------------------------
def test_default_model_is_written_and_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wordnet: object
) -> None:
    default = tmp_path / "cache" / "models" / "model.json.gz"
    monkeypatch.setenv("WSD_MODEL", str(default))
    assert wsd.default_model_path() == default
    assert main(["train", "--corpus", str(TRAIN), "--method", "mfs"]) == 0
    with gzip.open(default, "rt", encoding="utf-8") as handle:
        assert json.load(handle)["method"] == "mfs"
    implicit, explicit = tmp_path / "a.tsv", tmp_path / "b.tsv"
    base = ["disambiguate", "--corpus", str(INPUT), "--to", "tsv"]
    assert main([*base, "--out", str(implicit)]) == 0
    assert main([*base, "--out", str(explicit), "--model", str(default)]) == 0
    assert implicit.read_bytes() == explicit.read_bytes()
    assert wsd.load_model().name == "mfs"


def test_train_trains_hybrid_unless_told_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wordnet: object
) -> None:
    """With its default parameters but WordNet's examples (which need the --text tagger)."""
    monkeypatch.setenv("WSD_MODEL", str(tmp_path / "default.json"))
    assert build_parser().parse_args(["train", "--out", "m.json"]).method == "hybrid"
    assert main(["train", "--corpus", str(TRAIN), "--param", "thesaurus_examples=0"]) == 0
    written = json.loads((tmp_path / "default.json").read_text(encoding="utf-8"))
    assert written["method"] == "hybrid"
    defaults = wsd.methods.make_method("hybrid").get_params()
    assert written["params"] == {**defaults, "thesaurus_examples": 0}


def test_missing_default_model_says_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    absent = tmp_path / "none" / "model.json.gz"
    monkeypatch.setenv("WSD_MODEL", str(absent))
    out = tmp_path / "p.key"
    assert main(["disambiguate", "--corpus", str(INPUT), "--out", str(out)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"wsd: error: no default model at $WSD_MODEL={absent}: run `wsd train` (the hybrid "
        "method on all SemCor; `wsd data setup` first), or give --model"
    )
    assert not out.exists()
    with pytest.raises(wsd.ModelError, match="no default model at"):
        wsd.load_model()


def test_default_model_lives_in_the_user_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beside the WordNet data folder: moved by ``$WSD_NLTK_DATA`` and ``$XDG_CACHE_HOME``
    (paths only: nothing is read or written here)."""
    monkeypatch.delenv("WSD_MODEL", raising=False)
    monkeypatch.delenv("WSD_NLTK_DATA", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert wsd.default_model_path() == tmp_path / "xdg" / "verb-wsd" / "models" / "default.json.gz"
    monkeypatch.setenv("WSD_NLTK_DATA", str(tmp_path / "data" / "nltk_data"))
    assert wsd.default_model_path() == tmp_path / "data" / "models" / "default.json.gz"


def test_method_disambiguate_on_any_method(wordnet: object) -> None:
    instances = load_corpus(TRAIN).instances
    method = make_method("random").fit(instances)
    readings = method.disambiguate(instances)
    assert [r.form for r in readings] == ["approved", "said", "tacked", "ran_off"]
    assert all(r.gloss == sense_gloss(r.sense or "") for r in readings)


def test_readable_output_into_a_pipe(model: Path) -> None:
    """``--out /dev/stdout`` into a pipe (``| less``): /dev/stdout links to ``pipe:[N]``, no
    path, and is written into."""
    import os
    import subprocess
    import sys

    argv = ["disambiguate", "--model", str(model), "--corpus", str(INPUT), "--to", "tsv"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "evaluation.cli", *argv, "--out", "/dev/stdout"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split("\t") == [*HEADER, "text"] and len(lines) == 3
