"""Corpus readers on hand-written fixtures (tests/data/corpus), expected values read by hand."""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Any

import pytest
from paths import DATA

from wsd._exceptions import CorpusFormatError, DataError, WSDError
from wsd.corpus import (
    annotate_instances,
    find_semcor,
    gold_key_path,
    load_corpus,
    read_jsonl,
    read_keys,
    read_raganato,
    read_semcor,
    semcor_files,
    write_conllu,
    write_jsonl,
    write_raganato,
)
from wsd.types import Annotation, CaseFrame, Filler, Instance, Sentence, Token


@pytest.fixture
def corpus_dir(data_dir: Path) -> Path:
    return data_dir / "corpus"


@pytest.fixture
def tagfile(corpus_dir: Path) -> Path:
    return corpus_dir / "br-x01"


def _malformed(fmt: str) -> dict[str, Any]:
    """Parameters of the ``fmt`` cases of ``malformed.txt``: (lines, line at fault, message)."""
    cases: list[tuple[str, list[str], int, str]] = []
    for line in (DATA / "corpus" / "malformed.txt").read_text(encoding="utf-8").split("\n"):
        if line.startswith("=== "):
            kind, _, rest = line[4:].partition(" ")
            number, _, message = rest.partition(": ")
            cases.append((kind, [], int(number), message))
        elif line and not line.startswith("%%"):
            cases[-1][1].append(line)
    ours = [(lines, n, message) for kind, lines, n, message in cases if kind == fmt]
    return {"argvalues": ours, "ids": [message for _, _, message in ours]}


def _write(tmp_path: Path, text: str, name: str = "br-z01") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- SemCor ---------------------------------------------------------------------------------
def test_semcor_sentences_ids_and_positions(tagfile: Path) -> None:
    items = list(read_semcor(tagfile))
    sentences = [item.sentence for item in items]
    assert [s.id for s in sentences] == ["br-x01.s1", "br-x01.s2", "br-x01.s3"]
    assert all(s.source == "br-x01" for s in sentences)
    # <punc> counts as a token; a multiword <wf> is one token; one annotation per token
    assert [len(s.tokens) for s in sentences] == [9, 12, 11]
    assert [len(item.annotations) for item in items] == [9, 12, 11]
    s1 = sentences[0]
    assert [t.form for t in s1.tokens][:3] == ["The", "Springfield_Parks_Board", "approved"]
    assert s1.tokens[5] == Token(form=",", lemma=",", pos=".")
    assert items[0].annotations[5] == Annotation()


def test_semcor_tokens_are_normalised_and_annotation_kept_apart(tagfile: Path) -> None:
    s1, s2, s3 = read_semcor(tagfile)
    # the token: form, a lemma from the form (never SemCor's "group"), a universal tag
    name, note = s1.sentence.tokens[1], s1.annotations[1]
    assert name == Token("Springfield_Parks_Board", "springfield_parks_board", "NOUN")
    assert (note.lemma, note.tag, note.senses) == ("group", "NNP", ("group%1:03:00::",))
    assert note.attr("pn") == "group" and note.attr("rdf") == "group"
    assert note.attr("lemma") is None and note.attr("pos") is None  # own fields, not attrs
    assert note.attrs == tuple(sorted(note.attrs))
    assert s1.sentence.tokens[2] == Token("approved", "approve", "VERB")
    assert s1.sentence.tokens[6] == Token("officials", "official", "NOUN")
    # several senses, in the file's order
    assert s1.annotations[7].senses == ("say%2:32:00::", "say%2:32:01::")
    # entity decoded; quoted attribute value unquoted; dc kept
    assert s2.sentence.tokens[0].form == "Smith_&_Sons"
    assert s2.annotations[2].attr("sep") == "-"
    assert s2.annotations[2].senses == ("tack%2:35:00::",)
    assert s2.annotations[5].attr("dc") == "-3"
    # auxiliary: the token has a lemma like any other; the annotation has none, ot=notag
    assert s2.sentence.tokens[1] == Token("had", "have", "VERB")
    had = s2.annotations[1]
    assert (had.lemma, had.tag, had.attr("ot")) == (None, "VBD", "notag")
    # wnsn=0: sense lost in mapping -> no usable sense, raw tags kept
    lost = s2.annotations[10]
    assert lost.lemma == "lose" and lost.senses == ()
    assert (lost.attr("wnsn"), lost.attr("lexsn")) == ("0", "2:40:02::")
    # wnsn=0;1: only the second key survives
    assert s3.annotations[4].senses == ("run_off%2:38:01::",)
    assert s3.sentence.tokens[4] == Token("ran_off", "run_off", "VERB")
    # brownv: cmd=tag tokens are untagged, but lemmatised like every token
    assert s3.annotations[1].attr("cmd") == "tag" and s3.annotations[1].lemma is None
    assert s3.sentence.tokens[0] == Token("Dogs", "dog", "NOUN")


@pytest.mark.parametrize(("lines", "line", "message"), **_malformed("semcor"))
def test_semcor_malformed_line_names_file_and_line(
    tmp_path: Path, lines: list[str], line: int, message: str
) -> None:
    text = f"<contextfile>\n<s snum=1>\n<wf cmd=ignore pos=DT>a</wf>\n{lines[0]}\n</s>\n"
    path = _write(tmp_path, text)
    with pytest.raises(CorpusFormatError, match=message) as info:
        list(read_semcor(path))
    assert str(info.value).startswith(f"{path}:{line}: ")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"<p pnum=1>\n<punc>.</punc>\n", ":2: <punc> outside a sentence"),
        (b"<s snum=1>\n<punc>.</punc>\n", ":1: sentence '1' is not closed"),
        (b"", ": no sentence"),
        (b"<contextfile>\n</s>\n", ":2: </s> without <s>"),
        (
            b"<s snum=1>\n<wf cmd=ignore pos=DT>\xff</wf>\n</s>\n",
            ":2: not UTF-8 (invalid start byte",
        ),
        (b"<s snum=1>\n</s>\n<s snum=1>\n</s>\n", ":3: sentence '1' given twice (first"),
    ],
)
def test_semcor_structure_errors(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "br-z01"
    path.write_bytes(content)
    with pytest.raises(CorpusFormatError, match=re.escape(f"{path}{message}")):
        list(read_semcor(path))


def test_semcor_files_and_find_semcor(tmp_path: Path, tagfile: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "semcor"
    for folder, name in [("brownv", "br-a03"), ("brown1", "br-a01"), ("brown1", "br-b20")]:
        (root / folder / "tagfiles").mkdir(parents=True, exist_ok=True)
        (root / folder / "tagfiles" / name).write_text(tagfile.read_text())
    (root / "README").write_text("not a tag file")
    assert [p.relative_to(root).as_posix() for p in semcor_files(root)] == [
        "brown1/tagfiles/br-a01",
        "brown1/tagfiles/br-b20",
        "brownv/tagfiles/br-a03",
    ]
    assert semcor_files(tagfile) == [tagfile]
    with pytest.raises(CorpusFormatError, match="nothing-here does not exist"):
        semcor_files(tmp_path / "semcor" / "brown1" / "nothing-here")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CorpusFormatError, match="no SemCor tag files"):
        semcor_files(tmp_path / "empty")

    assert find_semcor(str(root)) == root
    with pytest.raises(CorpusFormatError, match="missing-dir"):
        find_semcor(str(tmp_path / "missing-dir"))
    monkeypatch.setenv("WSD_SEMCOR", str(root))
    assert find_semcor(None) == root
    monkeypatch.setenv("WSD_SEMCOR", str(tmp_path / "gone"))
    with pytest.raises(CorpusFormatError, match="WSD_SEMCOR"):
        find_semcor(None)
    import wsd.corpus.semcor as semcor

    monkeypatch.delenv("WSD_SEMCOR")  # and no NLTK copy: how to point at it, in one line
    monkeypatch.setattr(semcor, "_nltk_semcor_dir", lambda: None)
    with pytest.raises(DataError, match="--corpus") as info:
        find_semcor(None)
    assert "\n" not in str(info.value) and "WSD_SEMCOR" in str(info.value)


# --- load_corpus on SemCor ------------------------------------------------------------------
def test_load_corpus_semcor_accounts_for_every_verb_token(tagfile: Path) -> None:
    corpus = load_corpus(tagfile, frames=False)
    stats = corpus.stats
    assert corpus.fmt == "semcor"
    assert [i.id for i in corpus.instances] == [
        "br-x01.s1.t2",
        "br-x01.s1.t7",
        "br-x01.s2.t2",
        "br-x01.s3.t4",
    ]
    assert [i.lemma for i in corpus.instances] == ["approve", "say", "tack", "run_off"]
    assert corpus.instances[1].gold == ("say%2:32:00::", "say%2:32:01::")
    assert (stats.files, stats.sentences, stats.tokens) == (1, 3, 32)
    # verbs: approved said | had tacked was lost | howled ran_off kicked_the_bucket
    assert stats.verb_tokens == 9 and stats.verb_instances == 4
    assert stats.skipped == {
        "no-lemma:notag": 2,  # the auxiliaries had, was
        "sense-lost-in-mapping": 1,
        "untagged": 1,
        "no-lemma:idiom": 1,
    }
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
    assert (stats.verb_lemmas, stats.senses) == (4, 5)
    assert all(i.frame is None for i in corpus.instances)
    assert set(stats.as_dict()) >= {"files", "sentences", "tokens", "verb_instances", "skipped"}


def test_no_lemma_reasons_say_why(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "<s snum=1>\n<wf cmd=done pos=VBD ot=notag>was</wf>\n<wf cmd=ignore pos=VB>be</wf>\n"
        "<wf cmd=done pos=VB>staged</wf>\n<wf cmd=done pos=VB ot=metaphor>ran</wf>\n</s>\n",
    )
    stats = load_corpus(path, frames=False).stats
    assert stats.skipped == {
        "no-lemma:notag": 1,
        "no-lemma:ignored": 1,
        "no-lemma": 1,
        "no-lemma:metaphor": 1,
    }
    assert stats.verb_tokens == 4 and stats.verb_instances == 0


def test_load_corpus_filters_and_options(tagfile: Path) -> None:
    corpus = load_corpus(tagfile, verbs=["say", "make"], frames=False)
    assert [i.lemma for i in corpus.instances] == ["say"]
    assert corpus.stats.skipped["not-in-verbs-filter"] == 4  # approve tack lose run_off
    assert corpus.stats.missing_verbs == ["make"]
    # without gold requirement the wnsn=0 token becomes an instance with no gold
    loose = load_corpus(tagfile, frames=False, require_gold=False)
    assert [(i.lemma, i.gold) for i in loose.instances if not i.gold] == [("lose", ())]
    assert loose.stats.verb_instances == 5
    # file restriction (held-out splits)
    assert load_corpus(tagfile, files=["br-x01"], frames=False).stats.verb_instances == 4
    with pytest.raises(CorpusFormatError, match="br-q99"):
        load_corpus(tagfile, files=["br-q99"], frames=False)
    with pytest.raises(WSDError, match="unknown corpus format"):
        load_corpus(tagfile, fmt="conll")


def test_load_corpus_context_window(tagfile: Path) -> None:
    corpus = load_corpus(tagfile, frames=False, context_window=1)
    s1, s2, s3 = (item.sentence for item in read_semcor(tagfile))
    by_id = {i.id: i for i in corpus.instances}
    first, middle = by_id["br-x01.s1.t2"], by_id["br-x01.s2.t2"]
    assert first.context == s1.tokens + s2.tokens and first.context_index == 2
    assert middle.context == s1.tokens + s2.tokens + s3.tokens
    assert middle.context_index == len(s1.tokens) + 2
    assert middle.window()[0][middle.window()[1]].form == "tacked"
    assert load_corpus(tagfile, frames=False).instances[0].context == ()


def test_load_corpus_document_context_is_one_shared_tuple(tagfile: Path) -> None:
    corpus = load_corpus(tagfile, frames=False, context_window="document")
    sentences = [item.sentence for item in read_semcor(tagfile)]
    document = tuple(t for s in sentences for t in s.tokens)
    for instance in corpus.instances:
        assert instance.context == document
        assert instance.context is corpus.instances[0].context  # shared, not copied
        assert instance.context[instance.context_index] == instance.token
    with pytest.raises(WSDError, match="context_window"):
        load_corpus(tagfile, frames=False, context_window="page")


def test_load_corpus_frames_come_from_the_extractor(tagfile: Path) -> None:
    from wsd.frames import extract_frame

    corpus = load_corpus(tagfile)
    for instance in corpus.instances:
        assert instance.frame == extract_frame(instance.sentence, instance.position)


# --- Raganato -------------------------------------------------------------------------------
def test_read_raganato(corpus_dir: Path) -> None:
    items = read_raganato(corpus_dir / "tiny.data.xml")
    sentences = [item.sentence for item in items]
    assert [s.id for s in sentences] == ["d000.s000", "d000.s001"]
    assert [len(s.tokens) for s in sentences] == [8, 7]
    assert sentences[1].tokens[4].form == "&"
    ids = [note.attr("id") for item in items for note in item.annotations if note.attr("id")]
    assert ids == ["d000.s000.t000", "d000.s000.t001", "d000.s001.t000"]
    # the instance's token is normalised; its lemma, tag, gold and id are annotation
    assert sentences[0].tokens[1] == Token("drove", "drive", "VERB")
    drive = items[0].annotations[1]
    assert (drive.lemma, drive.tag, drive.senses) == ("drive", "VERB", ("drive%2:38:01::",))
    assert items[0].annotations[3].senses == ("car%1:06:00::",)  # a noun's gold: annotation
    assert items[1].annotations[2].senses == ()  # no key line
    assert items[1].annotations[1] == Annotation("have", "VERB")  # a plain <wf>
    assert gold_key_path(corpus_dir / "tiny.data.xml") == corpus_dir / "tiny.gold.key.txt"


def test_load_corpus_raganato(corpus_dir: Path) -> None:
    corpus = load_corpus(corpus_dir / "tiny.data.xml")
    assert corpus.fmt == "raganato"
    assert [i.id for i in corpus.instances] == ["d000.s000.t000"]  # the noun 'car' is not a verb
    # verbs: drove (gold), have (plain <wf>), eaten (no key line)
    assert corpus.stats.verb_tokens == 3
    assert corpus.stats.skipped == {"untagged": 1, "no-gold": 1}
    frame = corpus.instances[0].frame
    assert frame is not None and frame.get("obj") is not None and frame.get("obj").lemma == "car"
    loose = load_corpus(corpus_dir / "tiny.data.xml", require_gold=False)
    assert [i.lemma for i in loose.instances] == ["drive", "eat"]


def test_raganato_errors(tmp_path: Path, corpus_dir: Path) -> None:
    broken = tmp_path / "b.data.xml"
    broken.write_text('<corpus>\n<text id="t">\n<sentence id="s">\n</text>\n</corpus>\n')
    with pytest.raises(CorpusFormatError, match=r"b\.data\.xml:4: broken XML") as info:
        read_raganato(broken)
    assert str(info.value).count("column") == 1 and "line" not in str(info.value)
    key = tmp_path / "k.txt"
    key.write_text("d000.s000.t000 drive%2:38:01::\nd999.s000.t000 go%2:38:00::\n")
    with pytest.raises(CorpusFormatError, match="d999"):
        read_raganato(corpus_dir / "tiny.data.xml", key)


def test_raganato_round_trip(tmp_path: Path, tagfile: Path) -> None:
    corpus = load_corpus(tagfile, frames=False)
    xml, key = tmp_path / "out.data.xml", tmp_path / "out.gold.key.txt"
    assert write_raganato(corpus.instances, xml, key) == (3, 4)
    assert key.read_text().splitlines() == [
        "br-x01.s1.t2 approve%2:32:00::",
        "br-x01.s1.t7 say%2:32:00:: say%2:32:01::",
        "br-x01.s2.t2 tack%2:35:00::",
        "br-x01.s3.t4 run_off%2:38:01::",
    ]
    items = read_raganato(xml)  # key found beside it
    assert [item.sentence for item in items] == [i.sentence for i in corpus.instances][:1] + [
        corpus.instances[2].sentence,
        corpus.instances[3].sentence,
    ]  # the very same normalised tokens
    assert read_keys(key) == {i.id: i.gold for i in corpus.instances}
    # and the written file loads as a corpus with the same verb instances
    again = load_corpus(xml, frames=False)
    assert [(i.id, i.lemma, i.gold, i.position) for i in again.instances] == [
        (i.id, i.lemma, i.gold, i.position) for i in corpus.instances
    ]


def test_write_raganato_from_sentences(tmp_path: Path, tagfile: Path) -> None:
    items = list(read_semcor(tagfile))
    xml = tmp_path / "all.data.xml"
    n_sentences, n_instances = write_raganato(items, xml)
    tagged = sum(1 for item in items for note in item.annotations if note.senses)
    assert (n_sentences, n_instances) == (3, tagged)
    back = read_raganato(xml)
    name = back[0].annotations[1]
    assert name.attr("id") == "br-x01.s1.t1" and name.senses == ("group%1:03:00::",)
    assert back[0].sentence.tokens[1].pos == "NOUN"
    assert [item.sentence for item in back] == [item.sentence for item in items]


def test_writers_refuse_what_their_files_cannot_hold(tmp_path: Path) -> None:
    """Two instances on a token, two sentences of one id, two languages: refused."""
    sentence = Sentence("s", (Token("ran", "run", "VERB"),), source="d")
    one, two = Instance("a", "run", (), sentence, 0), Instance("b", "run", (), sentence, 0)
    for write in (
        lambda items: write_raganato(items, tmp_path / "x.data.xml"),
        lambda items: write_conllu(annotate_instances(items), tmp_path / "x.conllu"),
    ):
        with pytest.raises(CorpusFormatError, match="instances 'a' and 'b' are one token"):
            write([one, two])
    japanese = Instance(
        "j", "走る", (), Sentence("t", (Token("走る", "走る", "VERB"),), "d", "ja"), 0
    )
    with pytest.raises(CorpusFormatError, match=r"sentences of 2 languages \(en, ja\)"):
        write_raganato([one, japanese], tmp_path / "x.data.xml")
    other = Instance("c", "run", (), Sentence("s", (Token("runs", "run", "VERB"),)), 0)
    with pytest.raises(CorpusFormatError, match="two different sentences with id 's'"):
        write_conllu(annotate_instances([one, other]), tmp_path / "x.conllu")
    assert not list(tmp_path.iterdir())  # nothing half-written


_SENTENCE = '<sentence id="s1">\n<wf pos="PRON">We</wf>\n{}\n</sentence>'


@pytest.mark.parametrize(("lines", "line", "message"), **_malformed("raganato"))
def test_raganato_errors_name_the_line(
    tmp_path: Path, lines: list[str], line: int, message: str
) -> None:
    path = tmp_path / "x.data.xml"
    body = "\n".join(lines)
    text = f'<?xml version="1.0"?>\n<corpus>\n<text id="t">\n{body}\n</text>\n</corpus>\n'
    path.write_bytes(text.encode("utf-8").replace("\xff".encode(), b"\xff"))
    with pytest.raises(CorpusFormatError, match=re.escape(message)) as info:
        read_raganato(path)
    assert str(info.value).startswith(f"{path}:{line}: ")


@pytest.mark.parametrize("encoding", ["z", "rot13", "shift_jis", "utf-32"])
def test_raganato_unreadable_encodings_are_errors(tmp_path: Path, encoding: str) -> None:
    """An encoding Python lacks or expat cannot use is a format error at line 1."""
    path = tmp_path / "x.data.xml"
    body = _SENTENCE.format('<wf pos="X">a</wf>')
    path.write_text(f'<?xml version="1.0" encoding="{encoding}"?>\n<corpus>\n{body}\n</corpus>\n')
    with pytest.raises(CorpusFormatError, match="names an encoding that cannot be read") as info:
        read_raganato(path)
    assert str(info.value).startswith(f"{path}:1: ")


def test_raganato_keys_of_no_instance_name_the_key_line(tmp_path: Path) -> None:
    path = tmp_path / "x.data.xml"
    body = _SENTENCE.format('<instance id="i" pos="VERB">went</instance>')
    path.write_text(f"<corpus>\n<text id='t'>\n{body}\n</text>\n</corpus>\n", encoding="utf-8")
    key = tmp_path / "x.gold.key.txt"
    key.write_bytes(codecs.BOM_UTF8 + b"i go%2:38:00::\r\nj go%2:38:00::\r\nk go%2:38:00::\r\n")
    with pytest.raises(CorpusFormatError, match=re.escape(f"{key}:2: 'j' is not an instance of")):
        read_raganato(path)
    key.write_bytes(codecs.BOM_UTF8 + b"i go%2:38:00::\r\n")  # a BOM'd key file reads
    (sentence,) = read_raganato(path)
    assert sentence.annotations[1].senses == ("go%2:38:00::",)


# --- JSONL ----------------------------------------------------------------------------------
def test_read_japanese_jsonl(corpus_dir: Path) -> None:
    first, second, third = read_jsonl(corpus_dir / "ja.jsonl")
    assert (first.id, first.lemma, first.gold, first.position) == ("ja.1", "使う", ("使う.1",), 4)
    assert [t.form for t in first.sentence.tokens] == ["彼", "が", "箸", "を", "使う"]
    assert first.frame == CaseFrame(
        (("が", Filler("彼", cls="person")), ("を", Filler("箸"))), passive=False
    )
    assert first.frame.labels == ("が", "を")
    assert second.gold == ("使う.3", "使う.4")
    assert second.frame.get("が") == Filler("会社", None, "group", 0)
    assert second.filler_gold == (None, "人.2")  # a filler's gold is gold, not frame input
    # a language without a lemmatiser keeps the file's lemmas; tags are universal
    assert second.sentence.tokens[0] == Token("会社", "会社", "NOUN")
    assert second.sentence.tokens[4] == Token("使った", "使う", "VERB")
    assert third.gold == ()
    corpus = load_corpus(corpus_dir / "ja.jsonl")
    assert corpus.fmt == "jsonl" and [i.id for i in corpus.instances] == ["ja.1", "ja.2"]
    assert corpus.stats.skipped == {"no-gold": 1} and corpus.stats.verb_tokens == 3


def test_jsonl_round_trip(tmp_path: Path, corpus_dir: Path, tagfile: Path) -> None:
    japanese = list(read_jsonl(corpus_dir / "ja.jsonl"))
    english = load_corpus(tagfile, context_window=1).instances
    cases = (("prep:from", Filler("home")), ("prep:from", Filler("work")))  # a label twice
    frame = CaseFrame(cases, passive=True, marks=(("comp", "to"), ("adv", "back")))
    went = Sentence("x", (Token("went", "go", "VERB"),))
    twice = Instance("x.1", "go", ("go%2:38:00::",), went, 0, frame)
    everything = japanese + english + [twice]
    path = tmp_path / "out.jsonl"
    assert write_jsonl(everything, path) == len(everything)
    assert list(read_jsonl(path)) == everything
    assert "使う" in path.read_text(encoding="utf-8")  # written as UTF-8, not \u escapes


@pytest.mark.parametrize(("lines", "line", "message"), **_malformed("jsonl"))
def test_jsonl_errors_name_line_and_field(
    tmp_path: Path, lines: list[str], line: int, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "ok", "lemma": "go"}\n' + lines[0] + "\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match=message) as info:
        list(read_jsonl(path))
    assert str(info.value).startswith(f"{path}:{line}: ")


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n"])
def test_jsonl_without_instance_is_an_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="no instance") as info:
        list(read_jsonl(path))
    assert str(info.value).startswith(f"{path}: ")


def test_detect_format_errors(tmp_path: Path) -> None:
    odd = tmp_path / "corpus.txt"
    odd.write_text("x")
    with pytest.raises(CorpusFormatError, match="--format"):
        load_corpus(odd)
    with pytest.raises(CorpusFormatError, match="does not exist"):
        load_corpus(tmp_path / "nothing.jsonl")


def test_nltk_style_quoted_copy_reads_the_same(tmp_path: Path, tagfile: Path) -> None:
    """NLTK's semcor corpus: the same lines with quoted attribute values, in br-*.xml files."""
    import re

    from wsd.corpus import read_nltk_semcor

    quoted = re.sub(r'=([^\s>"]+)', r'="\1"', tagfile.read_text(encoding="utf-8"))
    folder = tmp_path / "semcor" / "brown1" / "tagfiles"
    folder.mkdir(parents=True)
    (folder / "br-x01.xml").write_text(quoted, encoding="utf-8")
    assert list(read_nltk_semcor(tmp_path / "semcor")) == list(read_semcor(tagfile))


# --- annotations checked for meaning ----------------------------------------------------------
_ANNOTATED = (
    "<s snum=1>\n"
    "<wf cmd=done pos=VBD lemma=SAY wnsn=1 lexsn=2:32:00::>Said</wf>\n"  # lemma in upper case
    "<wf cmd=done pos=VBD lemma=say wnsn=1 lexsn=garbage>said</wf>\n"  # no lex_sense
    "<wf cmd=done pos=VB lemma=say wnsn=1;2 lexsn=2:32:00::;2:32:1::>say</wf>\n"  # one item bad
    "<wf cmd=done pos=VB lemma=say wnsn=0 lexsn=2:32:xx::>say</wf>\n"  # bad, and lost
    "<wf cmd=done pos=VB lemma=bank wnsn=1 lexsn=1:14:00::>bank</wf>\n"  # a noun's sense
    "<wf cmd=done pos=NN lemma=Dog wnsn=1 lexsn=1:05:00::>dog</wf>\n"  # not a verb token
    "<wf cmd=done pos=NN lemma=dog wnsn=1 lexsn=1:05:0::>dog</wf>\n"
    "<wf cmd=done pos=JJ lemma=tall wnsn=1 lexsn=5:00:00:long(a):01>tall</wf>\n"
    "</s>\n"
)


def test_semcor_lemmas_are_lower_case_and_malformed_senses_are_counted_skips(
    tmp_path: Path,
) -> None:
    """Lemmas are lower-cased; a malformed or a noun's sense is a counted skip."""
    path = _write(tmp_path, _ANNOTATED)
    (item,) = read_semcor(path)
    notes = item.annotations
    assert [n.lemma for n in notes] == ["say", "say", "say", "say", "bank", "dog", "dog", "tall"]
    assert notes[0].senses == ("say%2:32:00::",)
    assert [n.senses for n in notes[1:4]] == [(), (), ()]  # no sense from a malformed lexsn
    assert notes[1].attr("lexsn") == "garbage"  # the raw value stays, as for wnsn=0
    assert notes[5].senses == ("dog%1:05:00::",) and notes[6].senses == ()
    assert notes[7].senses == ("tall%5:00:00:long(a):01",)
    corpus = load_corpus(path, frames=False)
    assert [(i.lemma, i.gold) for i in corpus.instances] == [("say", ("say%2:32:00::",))]
    assert corpus.stats.skipped == {"malformed-sense-key": 3, "not-a-verb-sense": 1}
    assert corpus.stats.verb_tokens == 5 and corpus.stats.verb_lemmas == 1
    loose = load_corpus(path, frames=False, require_gold=False)  # input to disambiguate
    assert [i.gold for i in loose.instances] == [("say%2:32:00::",), (), (), (), ()]
    assert loose.stats.without_gold == {"malformed-sense-key": 3, "not-a-verb-sense": 1}
    assert load_corpus(path, verbs=["SAY"], frames=False).stats.verb_instances == 1


def test_raganato_and_jsonl_lemmas_and_keys_follow_the_same_rules(corpus_dir: Path) -> None:
    """Lemmas and keys in upper case, malformed keys, a noun's key, another thesaurus's ids."""
    xml = corpus_dir / "cased.data.xml"  # its keys: cased.gold.key.txt
    corpus = load_corpus(xml, frames=False)
    assert [(i.id, i.lemma, i.gold) for i in corpus.instances] == [
        ("d.s1.t0", "say", ("say%2:32:00::",)),
        ("d.s1.t3", "run", ("run%1",)),
        ("d.s1.t4", "run", ("x:1.5",)),
    ]
    assert corpus.stats.skipped == {"malformed-sense-key": 1, "not-a-verb-sense": 1}
    jsonl = corpus_dir / "cased.jsonl"
    assert [(i.lemma, i.gold) for i in read_jsonl(jsonl)][:2] == [
        ("say", ("say%2:32:00::",)),
        ("say", ("say%2:32:00::", "say%2:32")),
    ]
    corpus = load_corpus(jsonl)
    assert [(i.id, i.lemma, i.gold) for i in corpus.instances] == [
        ("j1", "say", ("say%2:32:00::",)),
        ("j3", "使う", ("使う.1",)),
    ]
    assert corpus.stats.skipped == {"malformed-sense-key": 1, "not-a-verb-sense": 1}
    loose = load_corpus(jsonl, require_gold=False)
    assert [i.gold for i in loose.instances] == [("say%2:32:00::",), (), ("使う.1",), ()]
