"""CoNLL-U in and out and case frames from dependency trees, on ``tests/data/conllu/``."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from paths import DATA

from evaluation.cli import main
from wsd import CorpusFormatError, WSDError
from wsd.corpus import detect_format, load_corpus, read_conllu, write_conllu
from wsd.frames import extract_frame, extract_tree_frame, has_tree

CONLLU = DATA / "conllu"
CORPUS = DATA / "corpus"
FIXTURES = ["tree", "notree", "ja", "mwt"]


def _cases(corpus_path: Path, **options: object) -> dict[str, list[tuple[str, str, int]]]:
    corpus = load_corpus(corpus_path, **options)  # type: ignore[arg-type]
    return {
        i.id: [(label, f.lemma, f.position) for label, f in (i.frame.cases if i.frame else ())]
        for i in corpus.instances
    }


def test_english_with_a_tree_reads_tokens_targets_gold_and_tree() -> None:
    items = read_conllu(CONLLU / "tree.conllu")
    assert [i.sentence.id for i in items] == ["en.1", "en.2", "en.3", "en.4"]
    first = items[0]
    assert first.sentence.source == "doc1" and first.sentence.lang == "en"
    tokens = [(t.form, t.lemma, t.pos) for t in first.sentence.tokens]
    assert tokens[:3] == [
        ("The", "the", "DET"),
        ("jury", "jury", "NOUN"),
        ("praised", "praise", "VERB"),
    ]
    assert tokens[-1] == (".", ".", ".")  # PUNCT is the universal "."
    verb = first.annotations[2]
    assert verb.senses == ("praise%2:32:00::",) and verb.attr("id") == "en.1.praise"
    assert (verb.attr("head"), verb.attr("deprel"), verb.attr("xpos")) == ("0", "root", "VBD")
    assert has_tree(first) and detect_format(CONLLU / "tree.conllu") == "conllu"
    with pytest.raises(WSDError, match="position 99 is outside sentence"):
        extract_tree_frame(first, 99)


def test_frames_from_the_tree() -> None:
    assert _cases(CONLLU / "tree.conllu", require_gold=False) == {
        "en.1.praise": [("subj", "jury", 1), ("obj", "city", 4), ("prep:for", "work", 7)],
        "en.2.approve": [("obj", "plan", 1), ("subj", "board", 6)],  # deep cases
        "en.2.send": [("obj", "plan", 1)],  # from the verb it is coordinated with
        "en.3.say": [("subj", "person", 0)],
        "en.3.give": [("subj", "person", 3), ("iobj", "boy", 6), ("obj", "book", 8)],
        "en.4.be": [("subj", "concept", 1), ("obj", "legend", 4), ("prep:in", "state", 7)],
    }
    corpus = load_corpus(CONLLU / "tree.conllu", require_gold=False)
    frames = {i.id: (i.frame.passive, i.frame.marks) for i in corpus.instances if i.frame}
    assert frames["en.2.approve"][0] and frames["en.2.send"][1] == (("adv", "back"),)
    assert frames["en.3.say"][1] == (("comp", "that"),)
    give = next(i for i in corpus.instances if i.id == "en.3.give")
    assert give.filler_gold == (None, None, "book%1:10:00::")  # Sense= on a filler
    assert corpus.stats.skipped == {"auxiliary": 1}  # "was"
    assert corpus.stats.without_gold == {"no-gold": 1}


def test_english_without_a_tree_targets_every_verb_and_runs_the_rules() -> None:
    items = read_conllu(CONLLU / "notree.conllu")
    assert not any(has_tree(item) for item in items)
    corpus = load_corpus(CONLLU / "notree.conllu", require_gold=False)
    assert [i.id for i in corpus.instances] == ["n.1.t2", "n.2.t4"]  # <sent_id>.t<ID>
    assert corpus.instances[0].gold == ("eat%2:34:00::",)  # from notree.gold.key.txt
    stats = corpus.stats
    assert stats.skipped == {"auxiliary": 2}  # have, been
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens == 4
    for instance in corpus.instances:
        assert instance.frame == extract_frame(instance.sentence, instance.position)
    expected = [("subj", "person", 0), ("obj", "apple", 2), ("prep:with", "fork", 5)]
    assert _cases(CONLLU / "notree.conllu")["n.1.t2"] == expected


def test_japanese_case_particles_are_the_labels() -> None:
    cases = _cases(CONLLU / "ja.conllu")
    assert cases["ja.1"] == [("が", "彼", 0), ("を", "箸", 2)]  # as in tests/data/corpus/ja.jsonl
    assert cases["ja.2"] == [("は", "会社", 0), ("で", "東京", 2), ("を", "人", 4)]
    corpus = load_corpus(CONLLU / "ja.conllu")
    assert {i.sentence.lang for i in corpus.instances} == {"ja"}
    assert [i.lemma for i in corpus.instances] == ["使う", "使う"]  # the file's lemma of 使っ
    assert corpus.instances[1].gold == ("使う.3", "使う.4")
    assert corpus.instances[1].token.lemma == "使う"


def test_japanese_language_from_the_ud_file_name_or_the_caller(tmp_path: Path) -> None:
    text = (CONLLU / "ja.conllu").read_text(encoding="utf-8").replace("# lang = ja\n", "")
    (tmp_path / "ja_mine-ud-dev.conllu").write_text(text, encoding="utf-8")
    (tmp_path / "mine.conllu").write_text(text, encoding="utf-8")
    assert read_conllu(tmp_path / "ja_mine-ud-dev.conllu")[0].sentence.lang == "ja"
    assert read_conllu(tmp_path / "mine.conllu")[0].sentence.lang == "en"
    assert read_conllu(tmp_path / "mine.conllu", lang="ja")[0].sentence.lang == "ja"


def test_multiword_tokens_and_empty_nodes() -> None:
    (item,) = read_conllu(CONLLU / "mwt.conllu")
    forms = [t.form for t in item.sentence.tokens]
    assert forms == ["I", "ca", "n't", "go", ",", "and", "you", "wo", "n't", "either", "."]
    assert (item.annotations[1].attr("mwt"), item.annotations[1].attr("mwt_end")) == ("can't", "3")
    assert item.annotations[7].attr("head") == "4"  # the empty node 7.1 shifts no number
    corpus = load_corpus(CONLLU / "mwt.conllu", require_gold=False)
    assert [i.id for i in corpus.instances] == ["m.1.t4"]
    assert corpus.stats.skipped == {"auxiliary": 2}


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "x.conllu"
    path.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    return path


def _word(i: str, form: str = "w", upos: str = "NOUN", head: str = "_", misc: str = "_") -> str:
    deprel = "_" if head == "_" else "dep"
    return "\t".join([i, form, form, upos, "_", "_", head, deprel, "_", misc])


def _malformed() -> list[tuple[list[str], int, str]]:
    """The cases of ``malformed.txt``: (the file's lines, the line at fault, the message)."""
    cases: list[tuple[list[str], int, str]] = []
    for line in (CONLLU / "malformed.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("=== "):
            number, _, message = line[4:].partition(": ")
            cases.append(([], int(number), message))
        elif not line.startswith("%%"):
            cases[-1][0].append(line)
    return cases


MALFORMED = _malformed()


@pytest.mark.parametrize(("lines", "line", "message"), MALFORMED, ids=[m for _, _, m in MALFORMED])
def test_malformed_lines_name_file_and_line(
    tmp_path: Path, lines: list[str], line: int, message: str
) -> None:
    path = _write(tmp_path, lines)
    with pytest.raises(CorpusFormatError) as caught:
        read_conllu(path)
    text = str(caught.value)
    assert text.startswith(f"{path}:{line}: ") and message in text, text


def test_instance_marks_a_target_whatever_its_upos(tmp_path: Path) -> None:
    """``Instance=`` marks a target whatever its UPOS; every verb token is counted."""
    lines = [
        _word("1", "She", "PRON"),
        _word("2", "made", "NOUN", misc="Instance=i.noun|Sense=make%2:36:01::"),
        _word("3", "ran", "X", misc="Instance=i.x"),
        _word("4", "eats", "_", misc="SpaceAfter=No|Instance=i.none"),
        _word("5", "has", "AUX", misc="Instance=i.aux"),
        _word("6", "gone", "VERB"),
    ]
    corpus = load_corpus(_write(tmp_path, lines), require_gold=False)
    assert [(i.id, i.lemma, i.position) for i in corpus.instances] == [
        ("i.noun", "made", 1),  # the file's lemma, as for any target
        ("i.x", "ran", 2),
        ("i.none", "eats", 3),
        ("i.aux", "has", 4),
    ]
    assert corpus.instances[0].gold == ("make%2:36:01::",)
    stats = corpus.stats
    assert stats.skipped == {"untagged": 1}  # "gone": a VERB without Instance=
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens == 5


def test_a_targets_malformed_gold_is_no_fillers_gold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A NOUN target's malformed key is a counted skip, not its verb's filler gold."""
    lines = [
        _word("1", "She", "PRON"),
        _word("2", "made", "VERB", misc="Instance=a"),
        _word("3", "cake", "NOUN", misc="Instance=b|Sense=zz%9:99"),
    ]
    path = _write(tmp_path, lines)
    made, cake = load_corpus(path, require_gold=False).instances
    assert made.frame is not None and made.frame.cases[-1][1].position == 2  # obj: cake
    assert made.filler_gold == () and cake.gold == ()
    stem = tmp_path / "out"
    argv = ["data", "export", "--corpus", str(path), "--to", "jsonl", "--out", str(stem)]
    assert main(argv) == 0
    written = load_corpus(tmp_path / "out.jsonl", require_gold=False).instances
    assert [(i.id, i.filler_gold) for i in written] == [("a", ()), ("b", ())]
    assert "(2 without gold: 1 malformed-sense-key, 1 no-gold)" in capsys.readouterr().err


def test_sentences_are_read_as_they_are_taken(tmp_path: Path) -> None:
    """A sentence is yielded before the next (malformed) one is read."""
    from wsd.corpus import iter_conllu

    path = _write(tmp_path, [_word("1", upos="VERB"), "", "# sent_id = s2", "1\tw"])
    sentences = iter_conllu(path)
    assert [t.form for t in next(sentences).sentence.tokens] == ["w"]
    with pytest.raises(CorpusFormatError, match=r":4: expected 10 tab-separated columns"):
        next(sentences)


def test_reading_holds_one_sentence_at_a_time(tmp_path: Path) -> None:
    """What loading allocates beyond what it keeps stays below half the file's size."""
    words = [_word(str(i), f"w{i}", "NOUN") for i in range(1, 20)] + [_word("20", "ran", "VERB")]
    blocks = [f"# sent_id = s{n}\n" + "\n".join(words) + "\n" for n in range(2000)]
    path = tmp_path / "big.conllu"
    path.write_text("\n".join(blocks) + "\n", encoding="utf-8")
    load_corpus(path, frames=False, require_gold=False)  # caches (morphy) filled before
    tracemalloc.start()
    try:
        corpus = load_corpus(path, frames=False, require_gold=False)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(corpus.instances) == 2000
    assert peak - kept < path.stat().st_size / 2, (peak - kept, path.stat().st_size)


def test_key_file_errors(tmp_path: Path) -> None:
    path = _write(tmp_path, [_word("1", upos="VERB", misc="Instance=i1|Sense=a%2:30:00::")])
    key = tmp_path / "x.gold.key.txt"
    key.write_text("i1 a%2:30:00::\nnope b%2:30:00::\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match=rf"^{key}:2: 'nope' is not an instance"):
        read_conllu(path)
    key.write_text("i1 b%2:30:00::\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match=rf"^{path}:1: Sense= of 'i1' differs"):
        read_conllu(path)
    key.write_text("i1 A%2:30:00::\n", encoding="utf-8")  # keys in lower case: the same gold
    assert read_conllu(path)[0].annotations[0].senses == ("a%2:30:00::",)


def test_cli_error_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "stats", "--corpus", str(CONLLU / "bad.conllu")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{CONLLU / 'bad.conllu'}:6: expected 10 tab-separated columns, got 9" in err


@pytest.mark.parametrize("name", FIXTURES)
def test_write_read_round_trip(name: str, tmp_path: Path) -> None:
    items = read_conllu(CONLLU / f"{name}.conllu")
    out = tmp_path / f"{name}.conllu"
    assert write_conllu(items, out) == len(items)
    assert read_conllu(out) == items  # the same file name: the same default source and ids
    before = load_corpus(CONLLU / f"{name}.conllu", require_gold=False).instances
    assert load_corpus(out, require_gold=False).instances == before
    assert "7.1" not in out.read_text(encoding="utf-8")  # empty nodes are not kept


@pytest.mark.parametrize("name", FIXTURES)
def test_export_round_trip_through_the_cli(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stem = tmp_path / name
    argv = ["data", "export", "--corpus", str(CONLLU / f"{name}.conllu"), "--to", "conllu"]
    assert main([*argv, "--out", str(stem)]) == 0
    before = load_corpus(CONLLU / f"{name}.conllu", require_gold=False)
    after = load_corpus(tmp_path / f"{name}.conllu", require_gold=False)
    assert after.instances == before.instances
    trees = [has_tree(i) for i in read_conllu(tmp_path / f"{name}.conllu")]
    assert all(trees) == (name != "notree") and any(trees) == (name != "notree")


def test_semcor_fixture_exported_reads_back_as_the_same_instances(tmp_path: Path) -> None:
    stem = tmp_path / "x01"
    argv = ["data", "export", "--corpus", str(CORPUS / "br-x01"), "--to", "conllu"]
    assert main([*argv, "--out", str(stem)]) == 0
    semcor = load_corpus(CORPUS / "br-x01", cache=False).instances
    conllu = load_corpus(tmp_path / "x01.conllu").instances
    assert conllu == semcor  # tokens, ids, gold, rule-based frames and fillers' gold
    assert any(i.filler_gold for i in conllu)


@pytest.mark.parametrize("name", ["x01", "tiny"])
def test_raganato_as_conllu_disambiguates_to_the_same_bytes(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """XML and its CoNLL-U export (no tree) disambiguate to byte-identical keys."""
    model = tmp_path / "m.json"
    train = ["train", "--corpus", str(CORPUS / "x01.data.xml"), "--method", "hybrid"]
    train += ["--param", "thesaurus_examples=0"]  # WordNet's examples: the tagger, not needed
    assert main([*train, "--out", str(model)]) == 0
    xml = CORPUS / f"{name}.data.xml"
    argv = ["data", "export", "--corpus", str(xml), "--to", "conllu", "--out"]
    assert main([*argv, str(tmp_path / name)]) == 0
    keys = []
    for corpus in (xml, tmp_path / f"{name}.conllu"):
        out = tmp_path / f"{corpus.name}.key"
        argv = ["disambiguate", "--model", str(model), "--corpus", str(corpus), "--out", str(out)]
        assert main([*argv, "--top-k", "3", "--confidence"]) == 0
        keys.append(out.read_bytes())
    assert keys[0] == keys[1] and keys[0].count(b"\n") == (4 if name == "x01" else 2)


def test_frames_command_lists_tree_frames(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frames", "--corpus", str(CONLLU / "tree.conllu"), "--limit", "0"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    approve = next(r for r in records if r["id"] == "en.2.approve")
    assert approve["passive"] and [c["case"] for c in approve["cases"]] == ["obj", "subj"]


def test_frames_evaluate_on_a_conllu_file_scores_its_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``frames --evaluate`` scores a CoNLL-U file's rule frames, or its tree's."""
    gold = str(CORPUS / "frames_gold.tsv")
    argv = ["data", "export", "--corpus", str(CORPUS / "br-x01"), "--to", "conllu"]
    assert main([*argv, "--out", str(tmp_path / "x01")]) == 0
    capsys.readouterr()
    scores = []
    for corpus in (CORPUS / "br-x01", tmp_path / "x01.conllu"):
        assert main(["frames", "--evaluate", gold, "--corpus", str(corpus), "--json"]) == 0
        scores.append(json.loads(capsys.readouterr().out)["strict"])
    assert scores[0] == scores[1]
    # x01-tree.conllu: the export, with a tree in which "said" has no subject (subj=6 missed)
    tree = str(CONLLU / "x01-tree.conllu")
    assert main(["frames", "--evaluate", gold, "--corpus", tree, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["strict"]["all"]
    assert (got["gold"], got["predicted"], got["correct"]) == (3, 2, 2)
