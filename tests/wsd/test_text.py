"""Plain English text in (``wsd.text``, ``wsd disambiguate --text``); the tagger of most
tests is trained on ``tests/data/text/tagged.tsv``; tests that need SemCor skip without it."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
from paths import DATA, ROOT

from evaluation.cli import main
from thesaurus.utils.text_input import decode
from wsd import CorpusFormatError, load_model
from wsd.text import (
    Tagger,
    check_text,
    detokenise,
    load_tagger,
    read_text,
    save_tagger,
    split_sentences,
    tag_text,
    tagged_words,
    text_instances,
    tokenise,
    train_tagger,
)
from wsd.types import Sentence, Token

TEXT = DATA / "text"
STORY = TEXT / "story.txt"


def fixture_sentences() -> list[list[tuple[str, str]]]:
    """The sentences of ``tagged.tsv`` as (word, tag) pairs, read here without our code."""
    sentences: list[list[tuple[str, str]]] = [[]]
    for line in (TEXT / "tagged.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if not line.strip():
            sentences.append([])
            continue
        word, tag = line.split("\t")
        sentences[-1].append((word, tag))
    return [s for s in sentences if s]


@pytest.fixture(scope="module")
def tiny_tagger() -> Tagger:
    return train_tagger(fixture_sentences(), iterations=10)


@pytest.fixture()
def tagger_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny_tagger: Tagger) -> Path:
    """The tiny tagger saved where the toolkit looks for its tagger."""
    monkeypatch.setenv("WSD_TAGGER_CACHE", str(tmp_path / "taggers"))
    path = tmp_path / "taggers" / "semcor-tagger.json"
    save_tagger(tiny_tagger, path)
    return path


# --- sentences and tokens -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("It rained. We left.", ["It rained.", "We left."]),
        ("A title\n\nThe text starts here.", ["A title", "The text starts here."]),
        ("  Lead and trail.  \n", ["Lead and trail."]),
        ("Is it? Yes! Done.", ["Is it?", "Yes!", "Done."]),
    ],
)
def test_split_sentences(text: str, sentences: list[str]) -> None:
    assert [text[a:b] for a, b in split_sentences(text)] == sentences


def test_learnt_abbreviations_keep_a_sentence_whole() -> None:
    text = "Mr. Smith came. He left."
    assert len(split_sentences(text)) == 3  # Punkt's defaults know no abbreviation
    spans = split_sentences(text, {"abbreviations": ["mr"]})
    assert [text[a:b] for a, b in spans] == ["Mr. Smith came.", "He left."]


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("She made a cake.", ["She", "made", "a", "cake", "."]),
        ("I can't, he didn't.", ["I", "ca", "n't", ",", "he", "did", "n't", "."]),
        ('He said "yes."', ["He", "said", "``", "yes", ".", "''"]),
        ("Costs $3.50 (each).", ["Costs", "$", "3.50", "(", "each", ")", "."]),
    ],
)
def test_tokenise(text: str, forms: list[str]) -> None:
    spans = tokenise(text, offset=10)
    assert [s.form for s in spans] == forms
    padded = " " * 10 + text
    for span in spans:  # a span is the token's text, quotes as written
        assert padded[span.start : span.end] in (span.form, '"')


def test_text_round_trip(tiny_tagger: Tagger) -> None:
    text = 'She said, "I can\'t." They looked up the word (twice) -- or so.'
    first = tag_text(text, tiny_tagger)
    for sentence in first:
        forms = [t.form for t in sentence.item.sentence.tokens]
        again = tag_text(detokenise([f for form in forms for f in form.split("_")]), tiny_tagger)
        assert len(again) == 1
        assert [t.form for t in again[0].item.sentence.tokens] == forms


# --- the tagger -------------------------------------------------------------------------------
def test_tagger_learns_its_fixture_and_survives_json(tmp_path: Path, tiny_tagger: Tagger) -> None:
    path = tmp_path / "t.json"
    save_tagger(tiny_tagger, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "verb-wsd-tagger" and data["version"] == 2
    assert set(data["classes"]) == {tag for s in fixture_sentences() for _, tag in s}
    loaded = load_tagger(path)
    for sentence in fixture_sentences():  # learnt, and the same once loaded
        words = [w for w, _ in sentence]
        assert loaded.tag(words) == tiny_tagger.tag(words) == [t for _, t in sentence]
    words = ["They", "made", "a", "word", "."]
    assert loaded.tag(words) == tiny_tagger.tag(words)


def test_training_is_deterministic(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    save_tagger(train_tagger(fixture_sentences()), a)
    save_tagger(train_tagger(fixture_sentences()), b)
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not JSON"),
        (b'{"format": "verb-wsd-model"}', "not a tagger file"),
        (b'{"format": "verb-wsd-tagger", "version": 99}', "version '99'"),
        (
            b'{"format": "verb-wsd-tagger", "version": 1}',
            "tagger file version '1'.*--tagger --force",
        ),
        (b'{"format": "verb-wsd-tagger", "version": 2, "weights": []}', "malformed"),
    ],
)
def test_bad_tagger_file(tmp_path: Path, content: bytes, message: str) -> None:
    from thesaurus import DataError

    path = tmp_path / "t.json"
    path.write_bytes(content)
    with pytest.raises(DataError, match=message) as caught:
        load_tagger(path)
    assert str(caught.value).startswith(f"{path}: ")


# --- instances --------------------------------------------------------------------------------
def test_instance_ids_and_counts(tiny_tagger: Tagger) -> None:
    corpus = text_instances(STORY.read_text(encoding="utf-8"), doc="story", tagger=tiny_tagger)
    found = {i.id: (i.lemma, i.token.form) for i in corpus.instances}
    assert found == {
        "story.s1.t1": ("make", "made"),
        "story.s2.t2": ("take_place", "took_place"),
        "story.s3.t1": ("look_up", "looked_up"),
    }
    stats = corpus.stats
    assert (stats.sentences, stats.files, stats.verb_tokens) == (4, 1, 4)
    assert stats.skipped == {"no-lemma:not-in-wordnet": 1}  # blorfed
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
    assert all(not i.gold for i in corpus.instances)
    take = next(i for i in corpus.instances if i.lemma == "take_place")
    assert take.frame is not None and take.frame.get("subj") is not None
    assert take.frame.get("subj").lemma == "meeting"


def test_spans_point_into_the_text(tiny_tagger: Tagger) -> None:
    text = STORY.read_text(encoding="utf-8")
    for sentence in tag_text(text, tiny_tagger, doc="story"):
        for token, (a, b) in zip(sentence.item.sentence.tokens, sentence.spans, strict=True):
            assert "_".join(text[a:b].split()) == token.form


def test_frames_as_for_semcor(tiny_tagger: Tagger) -> None:
    """A text's sentence gives the frame SemCor's tokens give (universal tags, morphy lemmas)."""
    from wsd.frames import extract_frame
    from wsd.normalise import normalise_tokens

    [sentence] = tag_text("The meeting took place in Rome.", tiny_tagger)
    forms = ["The", "meeting", "took_place", "in", "Rome", "."]
    semcor = Sentence("x", normalise_tokens(forms, ["DT", "NN", "VB", "IN", "NNP", "."]))
    assert sentence.item.sentence.tokens == semcor.tokens
    assert extract_frame(sentence.item.sentence, 2) == extract_frame(semcor, 2)


# --- the command ------------------------------------------------------------------------------
@pytest.fixture()
def model(tmp_path: Path) -> Path:
    """An MFS model of make, take_place and look_up, trained on ``tests/data/text/train.jsonl``."""
    argv = ["train", "--method", "mfs", "--corpus", str(TEXT / "train.jsonl")]
    assert main([*argv, "--out", str(tmp_path / "mfs.json")]) == 0
    return tmp_path / "mfs.json"


def _keys(path: Path) -> dict[str, str]:
    return dict(line.split() for line in path.read_text(encoding="utf-8").splitlines())


EXPECTED = {
    "s1.t1": "make%2:36:01::",
    "s2.t2": "take_place%2:30:00::",
    "s3.t1": "look_up%2:32:00::",
}


@pytest.mark.usefixtures("tagger_file")
@pytest.mark.parametrize(("text", "doc"), [(str(STORY), "story"), ("-", "text")])
def test_text_through_the_cli(
    tmp_path: Path, model: Path, monkeypatch: pytest.MonkeyPatch, text: str, doc: str
) -> None:
    """A text file, or standard input, disambiguated; its ids start with the file's stem."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(STORY.read_bytes())))
    out = tmp_path / "o.key"
    assert main(["disambiguate", "--model", str(model), "--text", text, "--out", str(out)]) == 0
    assert _keys(out) == {f"{doc}.{k}": v for k, v in EXPECTED.items()}


BAD_TEXTS = [
    (b"", "no text to disambiguate"),
    (b" \n\t\n", "no text to disambiguate"),
    (b"She made a cake.\n\x00\x01junk", ":2: a NUL byte"),
    (b"She made\n\xff\xfe a cake", ":2: not UTF-8"),
    (b"She \x1b[31m made", ":1: control character U+001B"),
    (b"She made\x07 a cake.", ":1: control character U+0007 at column 9"),
]


@pytest.mark.usefixtures("tagger_file")
@pytest.mark.parametrize(("content", "message"), BAD_TEXTS)
def test_bad_text_is_one_line_exit_2(
    tmp_path: Path, model: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    text = tmp_path / "bad.txt"
    text.write_bytes(content)
    out = tmp_path / "out.key"
    argv = ["disambiguate", "--model", str(model), "--text", str(text), "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(text) in err and message in err
    assert not out.exists()
    with pytest.raises(CorpusFormatError, match=re.escape(message)):
        read_text(text)


@pytest.mark.usefixtures("tagger_file")
@pytest.mark.parametrize(("content", "message"), BAD_TEXTS)
def test_the_api_refuses_the_text_the_command_refuses(
    model: Path, content: bytes, message: str
) -> None:
    """The API refuses, naming ``<text>`` and the line, what ``--text`` refuses."""
    text = decode(content)  # a byte that is not UTF-8 as Python holds it: a lone surrogate
    with pytest.raises(CorpusFormatError, match=re.escape(message)) as caught:
        load_model(model).disambiguate(text)
    assert str(caught.value).startswith("<text>")
    with pytest.raises(CorpusFormatError, match=re.escape(message)):
        text_instances(text)
    with pytest.raises(CorpusFormatError, match="lone surrogate U\\+D800 at column 4"):
        text_instances("She\ud800 made a cake.")


def test_a_string_is_held_to_a_files_rules(tiny_tagger: Tagger) -> None:
    """A leading BOM is no text; a lone surrogate is refused at its line, beside others."""
    plain = text_instances("She made a cake.", tagger=tiny_tagger).instances
    assert text_instances("\ufeffShe made a cake.", tagger=tiny_tagger).instances == plain
    message = r"^<text>:2: a lone surrogate U\+D800 at column 1 \(not text\)$"
    with pytest.raises(CorpusFormatError, match=message):
        check_text("She made a cake.\r\n\ud800\udcff")
    with pytest.raises(CorpusFormatError, match=r"^<text>:1: control character U\+0007"):
        check_text("She\x07\r\ud800")  # the first problem in order


@pytest.mark.usefixtures("tagger_file")
def test_text_with_corpus_or_gold_out_is_refused(
    model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["disambiguate", "--model", str(model), "--text", str(STORY)]
    argv += ["--out", str(tmp_path / "o.key")]
    with pytest.raises(SystemExit) as caught:
        main([*argv, "--corpus", str(DATA / "corpus" / "br-x01")])
    assert caught.value.code == 2
    assert main([*argv, "--gold-out", str(tmp_path / "g")]) == 2
    assert "--gold-out goes with --corpus" in capsys.readouterr().err


@pytest.mark.usefixtures("wordnet")
def test_first_text_run_installs_the_shipped_tagger_without_semcor(
    model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WSD_TAGGER_CACHE", str(tmp_path / "taggers"))
    monkeypatch.setenv("WSD_SEMCOR", str(tmp_path / "no-semcor"))
    out = tmp_path / "o.key"
    argv = ["disambiguate", "--model", str(model), "--text", str(STORY), "--out", str(out)]
    assert main(argv) == 0
    assert "installing the part-of-speech tagger" in capsys.readouterr().err
    assert _keys(out) == {f"story.{k}": v for k, v in EXPECTED.items()}
    assert (tmp_path / "taggers" / "semcor-tagger.json").is_file()
    assert main(argv) == 0
    assert "installing" not in capsys.readouterr().err  # the copy is used from then on


def test_the_tagger_cache_is_checked_before_the_training(
    model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file in place of the tagger's folder is refused before any training."""
    import wsd.text.training

    def no_training(*args: object, **kwargs: object) -> None:
        raise AssertionError("the training started before its output was checked")

    (tmp_path / "semcor").mkdir()
    (tmp_path / "semcor" / "br-x01").write_bytes((DATA / "corpus" / "br-x01").read_bytes())
    monkeypatch.setenv("WSD_SEMCOR", str(tmp_path / "semcor"))
    monkeypatch.setattr(wsd.text.training, "train_semcor_tagger", no_training)
    story = tmp_path / "story.txt"
    story.write_bytes(STORY.read_bytes())
    monkeypatch.setenv("WSD_TAGGER_CACHE", str(story))
    out = tmp_path / "o.key"
    argv = ["disambiguate", "--model", str(model), "--text", str(story), "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    tagger = f"{story}/semcor-tagger.json (the part-of-speech tagger)"
    assert err == [f"wsd: error: {tagger}: {story} is not a folder"]
    assert story.read_bytes() == STORY.read_bytes() and not out.exists()


# --- SemCor -----------------------------------------------------------------------------------
def test_semcor_multiwords_enter_training_split(semcor_path: Path) -> None:
    from wsd.corpus import read_semcor

    path = semcor_path / "brown1" / "tagfiles" / "br-a01"
    items = list(read_semcor(path))
    sentences = tagged_words([items])
    assert len(sentences) == len(items)
    first = dict(sentences[0])
    words = [w for w, _ in sentences[0]]
    assert words[words.index("took") : words.index("took") + 2] == ["took", "place"]
    alone = Counter(
        note.tag
        for item in items
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True)
        if token.form.lower() == "place"
    )
    usual = min(alone.items(), key=lambda kv: (-kv[1], kv[0]))[0] if alone else "RB"
    assert first["took"] == "VB" and first["place"] == usual  # took_place: head first
    assert first["Fulton"] == first["Jury"] == "NNP"
    expected = sum(len(t.form.split("_")) for t in items[0].sentence.tokens)
    assert len(sentences[0]) == expected


# --- wsd data setup ---------------------------------------------------------------------------
@pytest.mark.usefixtures("wordnet")
def test_setup_keeps_a_trained_tagger(
    tagger_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = tagger_file.read_bytes()
    assert main(["data", "setup", "--tagger"]) == 0
    assert f"part-of-speech tagger ready at {tagger_file} (loaded" in capsys.readouterr().out
    assert tagger_file.read_bytes() == before


@pytest.mark.usefixtures("wordnet")
def test_setup_installs_the_shipped_tagger_without_semcor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WSD_TAGGER_CACHE", str(tmp_path / "taggers"))
    monkeypatch.setenv("WSD_SEMCOR", str(tmp_path / "no-semcor"))
    assert main(["data", "setup"]) == 0  # no tagger unless asked
    assert "tagger" not in capsys.readouterr().out and not (tmp_path / "taggers").exists()
    assert main(["data", "setup", "--tagger"]) == 0
    path = tmp_path / "taggers" / "semcor-tagger.json"
    assert f"part-of-speech tagger ready at {path} (installed;" in capsys.readouterr().out
    assert load_tagger(path).source["files"] == 352  # every tag file of SemCor 3.0


# --- the classifier, multiword verbs in context, the verb detector ------------------------------
def test_linear_model_learns_and_survives_json() -> None:
    from thesaurus import DataError
    from wsd.text import LinearModel, train_linear

    rows = [{"w=a": 1.0, "n": 2.0}, {"w=a": 1.0, "n": 1.5}, {"w=b": 1.0, "n": 0.0}] * 3
    model = train_linear(rows, [True, True, False] * 3, c=10.0)
    assert model.probability({"w=a": 1.0, "n": 2.0}) > 0.8
    assert model.probability({"w=b": 1.0}) < 0.2
    assert model.probability({"unknown": 1.0}) == model.probability({})
    assert LinearModel.from_json(json.loads(json.dumps(model.to_json())), "x") == model
    with pytest.raises(DataError, match="here: malformed classifier"):
        LinearModel.from_json({"bias": "0", "weights": {}}, "here")
    with pytest.raises(Exception, match="both labels"):
        train_linear(rows, [True] * len(rows))


def test_verb_multiwords_fall_back_to_a_shorter_run() -> None:
    from wsd.text import verb_multiwords

    forms, tags = ["he", "kept", "an", "eye", "."], ["PRP", "VBD", "DT", "NN", "."]
    known = {"kept_an_eye", "kept_an"}.__contains__
    assert verb_multiwords(forms, tags, known) == [(1, 4)]
    assert verb_multiwords(forms, tags, known, join=lambda a, b: b - a == 2) == [(1, 3)]
    assert verb_multiwords(forms, tags, known, join=lambda a, b: False) == []


@pytest.mark.usefixtures("wordnet")
def test_multiword_model_joins_in_context() -> None:
    """``go on`` joined before a gerund, apart before a noun phrase (the labels)."""
    from wsd.text import train_multiword_model, verb_multiwords
    from wsd.text.multiwords import joins

    on = [("They", "PRP"), ("went", "VBD"), ("on", "RB"), ("talking", "VBG"), (".", ".")]
    trip = [("We", "PRP"), ("went", "VBD"), ("on", "IN"), ("the", "DT"), ("trip", "NN")]
    model = train_multiword_model([on, trip] * 5, [{(1, 3)}, set()] * 5, c=10.0)

    def found(sentence: str, tags: list[str]) -> list[tuple[int, int]]:
        forms = sentence.split()
        return verb_multiwords(forms, tags, join=joins(model, forms, tags))

    assert found("She went on singing", ["PRP", "VBD", "RB", "VBG"]) == [(1, 3)]
    assert found("She went on a walk", ["PRP", "VBD", "IN", "DT", "NN"]) == []


@pytest.fixture(scope="module")
def detector_tagger(tiny_tagger: Tagger) -> Tagger:
    """The tiny tagger with a verb detector: ``entitled`` after ``was`` a verb, ``tired`` not."""
    from dataclasses import replace

    from wsd.text import train_verb_detector

    entitled = (["He", "was", "entitled", "to", "it"], ["PRP", "VBD", "JJ", "TO", "PRP"])
    tired = (["She", "felt", "tired", "."], ["PRP", "VBD", "JJ", "."])
    examples = [
        (*entitled, [False, True, True, False, False]),
        (*tired, [False, True, False, False]),
    ] * 10
    counts = {"entitled": (9, 3), "tired": (2, 40)}
    detector = train_verb_detector(examples, counts, c=10.0)
    return replace(tiny_tagger, verb_detector=detector, verb_forms=counts)


@pytest.mark.usefixtures("wordnet")
def test_verb_detector_reads_participles_as_semcor_does(
    tiny_tagger: Tagger, detector_tagger: Tagger
) -> None:
    """``entitled`` (JJ) is an instance, ``tired`` a counted skip; without a detector neither."""
    text = "He was entitled to a cake. She felt tired."
    [first, _] = tag_text(text, tiny_tagger)
    assert first.item.annotations[2].tag == "JJ"  # as the tagger tags it
    corpus = text_instances(text, doc="t", tagger=detector_tagger)
    found = {i.id: (i.lemma, i.token.form, i.token.pos) for i in corpus.instances}
    assert found["t.s1.t2"] == ("entitle", "entitled", "VERB")
    assert "t.s2.t2" not in found
    stats = corpus.stats
    assert stats.skipped == {"no-lemma:adjective-or-noun": 1}  # tired
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
    plain = text_instances(text, doc="t", tagger=tiny_tagger)
    assert "t.s1.t2" not in {i.id for i in plain.instances}
    assert plain.stats.skipped.get("no-lemma:adjective-or-noun", 0) == 0


@pytest.mark.usefixtures("wordnet")
def test_verb_detector_candidates() -> None:
    from wsd.text.verbs import is_candidate, verb_reading

    counts = {"use": (5, 9)}
    assert is_candidate("use", "NN", counts)  # a base form the corpus sense-tags as a verb
    assert not is_candidate("cake", "NN", counts)  # a verb in WordNet, never sense-tagged
    assert is_candidate("Interested", "JJ", counts)  # inflected: a candidate, counts or not
    assert not is_candidate("used", "VBN", counts)  # tagged as a verb already
    assert not is_candidate("red", "JJ", counts)  # not a verb
    assert verb_reading(["to", "use"], ["TO", "NN"], 1, counts, None) is None


def test_verb_form_counts_count_how_the_corpus_tags_a_form() -> None:
    from wsd.text import verb_form_counts
    from wsd.types import AnnotatedSentence, Annotation

    def sentence(words: list[tuple[str, str, str | None]]) -> AnnotatedSentence:
        tokens = tuple(Token(w, w.lower(), "X") for w, _, _ in words)
        notes = tuple(Annotation(lemma, tag) for _, tag, lemma in words)
        return AnnotatedSentence(Sentence("s", tokens), notes)

    items = [
        sentence([("Entitled", "VBN", "entitle"), ("used", "JJ", None), ("Use", "VB", "use")]),
        sentence([("entitled", "JJ", None), ("used", "VBN", "use"), ("use", "NN", None)]),
        sentence([("entitled", "VBN", "entitle"), ("used", "VB", None)]),  # ot=notag: neither
        sentence([("cake", "NN", None), ("red", "JJ", None)]),
    ]
    expected = {"entitled": (2, 1), "use": (1, 1), "used": (1, 1)}
    assert verb_form_counts([items]) == expected


def test_tagger_models_survive_the_file(tmp_path: Path, detector_tagger: Tagger) -> None:
    from dataclasses import replace

    from thesaurus import DataError
    from wsd.text import LinearModel

    joiner = LinearModel(weights={"lemma=go_on": 1.5}, bias=-0.5)
    tagger = replace(detector_tagger, multiword_model=joiner)
    path = tmp_path / "t.json"
    save_tagger(tagger, path)
    back = load_tagger(path)
    assert (back.multiword_model, back.verb_detector) == (joiner, tagger.verb_detector)
    assert back.verb_forms == {"entitled": (9, 3), "tired": (2, 40)}
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in [("verb_forms", {"based": [30]}), ("verb_detector", {"bias": 1})]:
        path.write_text(json.dumps({**data, key: value}), encoding="utf-8")
        with pytest.raises(DataError, match=key):
            load_tagger(path)


def test_semcor_tagger_trains_its_detector_on_a_fold(
    semcor_path: Path, tiny_tagger: Tagger
) -> None:
    """The detector's fold is the 1st and 11th file; a given perceptron is used as it is."""
    from wsd.corpus import semcor_files
    from wsd.text import fold_files, train_semcor_tagger

    names = sorted(p.name.removesuffix(".xml") for p in semcor_files(semcor_path))
    kept = names[:11]
    tagger = train_semcor_tagger(semcor_path, exclude=names[11:], iterations=1)
    given = train_semcor_tagger(
        semcor_path, exclude=names[11:], iterations=1, perceptron=tiny_tagger
    )
    assert (given.weights, given.classes) == (tiny_tagger.weights, tiny_tagger.classes)
    assert given.verb_detector == tagger.verb_detector  # the fold's perceptron: trained alike
    assert given.weights != tagger.weights
    assert fold_files(kept) == [kept[0], kept[10]]
    assert tagger.source["detector_fold"] == [kept[0], kept[10]]
    assert tagger.source["files"] == 11
    assert tagger.verb_detector is not None and tagger.multiword_model is not None
    assert tagger.verb_forms and all(v > 0 for v, _ in tagger.verb_forms.values())


# --- the shipped tagger ----------------------------------------------------------------------
def test_shipped_tagger_is_copied_once_and_a_trained_one_kept(
    tmp_path: Path, tiny_tagger: Tagger
) -> None:
    """Missing, another release's or ``force``: the shipped tagger; a user's trained one stays."""
    from dataclasses import replace

    from wsd.text import ensure_tagger
    from wsd.text.tagger import shipped_digest

    path = tmp_path / "taggers" / "semcor-tagger.json"
    said: list[str] = []
    tagger, copied = ensure_tagger(path, say=said.append)
    assert copied and said == [f"installing the part-of-speech tagger trained on SemCor -> {path}"]
    assert tagger.source["shipped"] == shipped_digest() and tagger.source["files"] == 352
    assert ensure_tagger(path, say=said.append)[1] is False and len(said) == 1
    save_tagger(tiny_tagger, path)
    kept, copied = ensure_tagger(path)
    assert not copied and kept.weights == tiny_tagger.weights
    assert ensure_tagger(path, force=True)[1] is True
    save_tagger(replace(tiny_tagger, source={"shipped": "0" * 16}), path)  # an older release's
    again, copied = ensure_tagger(path)
    assert copied and again.weights == tagger.weights


def test_gzipped_tagger_file_round_trip(tmp_path: Path, tiny_tagger: Tagger) -> None:
    from thesaurus import DataError

    path = tmp_path / "t.json.gz"
    save_tagger(tiny_tagger, path)
    first = path.read_bytes()
    assert first[:2] == b"\x1f\x8b" and first[4:8] == bytes(4)  # gzip, no time stamp
    assert load_tagger(path).weights == tiny_tagger.weights
    save_tagger(tiny_tagger, path)
    assert path.read_bytes() == first
    path.write_bytes(first[: len(first) // 2])
    with pytest.raises(DataError, match="cannot read tagger file .*t.json.gz"):
        load_tagger(path)


@pytest.mark.skipif(
    os.environ.get("WSD_REBUILD_TAGGER") != "1",
    reason="trains on all of SemCor (about 6 minutes): set WSD_REBUILD_TAGGER=1",
)
def test_shipped_tagger_is_rebuilt_byte_for_byte(semcor_path: Path) -> None:
    import subprocess

    script = ROOT / "bench" / "build_tagger.py"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(script), "--check", "--corpus", str(semcor_path)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# --- auxiliaries -----------------------------------------------------------------------------
@pytest.mark.usefixtures("wordnet")
@pytest.mark.parametrize(
    ("words", "tags", "expected"),
    [
        ("She did n't make it", "PRP VBD RB VB PRP", [1]),
        ("Did you see the man", "VBD PRP VB DT NN", [0]),
        ("She did the work", "PRP VBD DT NN", []),
        ("He was there", "PRP VBD RB", []),
        ("It has been sleeping", "PRP VBZ VBN VBG", [1]),  # be stays an instance
        ("It has never been", "PRP VBZ RB VBN", [1]),
        ("It was taken", "PRP VBD VBN", []),
        ("She had the man go", "PRP VBD DT NN VB", []),  # no subject between for have
        ("They make it go", "PRP VBP PRP VB", []),  # not be, have or do
    ],
)
def test_auxiliaries(words: str, tags: str, expected: list[int]) -> None:
    from wsd.text.auxiliaries import auxiliaries

    found = auxiliaries(words.split(), tags.split())
    assert [i for i, aux in enumerate(found) if aux] == expected


@pytest.mark.usefixtures("wordnet")
def test_auxiliaries_are_counted_verb_tokens_not_instances() -> None:
    """``did`` of ``didn't``, ``had`` of ``had gone``: skipped; ``did`` alone, ``was``: kept."""
    from wsd.text.tagger import load_shipped_tagger

    text = "She didn't make a cake. Who had gone home? She did the work and he was there."
    corpus = text_instances(text, tagger=load_shipped_tagger())
    lemmas = sorted(i.lemma for i in corpus.instances)
    assert "make" in lemmas and lemmas.count("do") == 1 and "be" in lemmas
    assert corpus.stats.skipped == {"no-lemma:auxiliary": 2}
    assert corpus.stats.verb_instances + 2 == corpus.stats.verb_tokens
