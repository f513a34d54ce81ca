"""thesaurus.wordnet.verb_examples: WordNet's verb examples, frames and sentence templates.

A hand-made WordNet folder (``tests/data/wordnet_verbs``: five synset lines of ``data.verb``
as WordNet writes them, a few lines of ``sentidx.vrb``, ``sents.vrb`` and ``verb.exc``) is
made the toolkit's WordNet through ``$WSD_NLTK_DATA``; ``$WSD_WORDNET_SOURCE`` points at an
empty folder so that Debian's files are not found.  The last tests read the real WordNet and
skip without it.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from paths import DATA

from thesaurus import DataError, UnknownKeyError
from thesaurus.wordnet import verb_examples as vx
from thesaurus.wordnet.data import LEXNAMES

DATA = DATA / "wordnet_verbs"


@pytest.fixture()
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The folder of the hand-made WordNet (a copy: tests may spoil it)."""
    folder = tmp_path / "nltk_data" / "corpora" / "wordnet"
    shutil.copytree(DATA, folder)
    (folder / "lexnames").write_bytes(LEXNAMES.read_bytes())
    (tmp_path / "debian").mkdir()
    monkeypatch.setenv("WSD_NLTK_DATA", str(tmp_path / "nltk_data"))
    monkeypatch.setenv("WSD_WORDNET_SOURCE", str(tmp_path / "debian"))
    vx.clear_cache()
    yield folder
    vx.clear_cache()


def by_lemma(lemma: str) -> vx.VerbSynset:
    return next(s for s in vx.verb_synsets() if lemma in s.lemmas)


def test_synsets_lemmas_keys_examples(mini: Path) -> None:
    synsets = vx.verb_synsets()
    assert [s.offset for s in synsets] == [4032, 4227, 613411, 1083062, 1774444]
    assert [s.line for s in synsets] == [3, 4, 5, 6, 7]
    sigh = synsets[0]
    assert sigh.lemmas == ("sigh", "suspire")
    assert sigh.keys == ("sigh%2:29:00::", "suspire%2:29:04::")  # lex_id 4 of suspire
    assert sigh.definition == "heave or utter a sigh; breathe deeply and heavily"
    assert sigh.examples == ("She sighed sadly",)
    abandon = synsets[2]
    assert abandon.keys == ("abandon%2:31:01::", "give_up%2:31:00::")
    assert abandon.examples == (
        "He abandoned the thought of asking for her hand in marriage",
        "Both sides have to give up some claims in these negotiations",
    )


def test_frames_of_every_lemma_and_of_one(mini: Path) -> None:
    exhale = by_lemma("breathe_out")
    assert exhale.frames == ((2, 8),) * 3  # "+ 02 00 + 08 00": every lemma
    drop = by_lemma("drop_out")  # "+ 02 00 + 22 00 + 08 07 + 08 02": 8 for words 7 and 2
    frames = dict(zip(drop.lemmas, drop.frames, strict=True))
    assert frames["drop_out"] == (2, 22)
    assert frames["give_up"] == (2, 8, 22)
    assert frames["quit"] == (2, 8, 22)
    assert vx.sense_frames("GIVE_UP%2:33:00::") == (2, 8, 22)
    assert vx.sense_frames("sigh%2:29:00::") == (2,)
    assert vx.sense_frames("dog%1:05:00::") is None


def test_frame_texts_from_the_file_else_the_table(mini: Path) -> None:
    assert vx.frame_text(8) == "Somebody ----s something"
    assert vx.frame_text(35) == "Something ----s INFINITIVE"
    (mini / "frames.vrb").write_text("1 Changed text\n" + "".join(f"{n} x\n" for n in range(2, 36)))
    vx.clear_cache()
    assert vx.frame_text(1) == "Changed text"  # the file is read
    (mini / "frames.vrb").unlink()
    vx.clear_cache()
    assert vx.frame_text(1) == "Something ----s"  # the package's table
    assert vx.frame_text(26) == "Somebody ----s that CLAUSE"


@pytest.mark.parametrize("number", [0, 36, -1, True, "8"])
def test_frame_text_refuses_other_numbers(mini: Path, number: object) -> None:
    with pytest.raises(UnknownKeyError, match="no verb frame"):
        vx.frame_text(number)  # type: ignore[arg-type]


def test_sentence_templates(mini: Path) -> None:
    assert vx.sense_sentences("abhor%2:37:00::") == (
        "They %s moving",
        "Sam and Sue %s the movie",
        "Sam cannot %s Sue",
    )
    assert vx.sense_sentences("Execrate%2:37:00::") == ("Sam and Sue %s the movie",)
    assert vx.sense_sentences("sigh%2:29:00::") == ()
    for name in ("sentidx.vrb", "sents.vrb"):
        (mini / name).unlink()
    vx.clear_cache()
    assert vx.sense_sentences("abhor%2:37:00::") == ()  # no files: no templates


def test_irregular_forms(mini: Path) -> None:
    assert vx.irregular_verb_forms() == {"give": ("gave", "given"), "quit": ("quitted",)}


def spoil(path: Path, line: int, old: str, new: str) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "line", "old", "new", "message"),
    [
        ("data.verb", 3, " | heave", " heave", r"data\.verb:3: malformed .*no '\|'"),
        ("data.verb", 4, " 29 v ", " 29 n ", r"data\.verb:4: .*synset type 'n'"),
        ("data.verb", 4, " 03 exhale", " zz exhale", r"data\.verb:4: malformed"),
        ("data.verb", 4, "02 + 02 00 + 08 00", "02 + 02 00 + 36 00", r"data\.verb:4: .*36"),
        ("data.verb", 4, "02 + 02 00 + 08 00", "02 + 02 00 + 08 04", r"data\.verb:4: .*08 04"),
        ("data.verb", 4, "02 + 02 00 + 08 00", "03 + 02 00 + 08 00", r"data\.verb:4: "),
        ("data.verb", 4, "02 + 02 00 + 08 00", "01 + 02 00 + 08 00", r"data\.verb:4: .*after"),
        ("data.verb", 5, "abandon", "aban\x01don", r"data\.verb:5: control character"),
        ("sentidx.vrb", 2, "138,139,15", "138,x", r"sentidx\.vrb:2: expected"),
        ("sentidx.vrb", 3, "139", "140", r"sentidx\.vrb:3: sentence 140 not in sents\.vrb"),
        ("sents.vrb", 1, "138 They", "One They", r"sents\.vrb:1: expected 'number text'"),
        ("verb.exc", 2, "given give", "given", r"verb\.exc:2: expected 'form lemma'"),
    ],
)
def test_malformed_lines_name_file_and_line(
    mini: Path, name: str, line: int, old: str, new: str, message: str
) -> None:
    spoil(mini / name, line, old, new)
    with pytest.raises(DataError, match=message):
        vx.verb_synsets()
        vx.sense_sentences("abhor%2:37:00::")
        vx.irregular_verb_forms()


def test_source_names_the_files(mini: Path) -> None:
    source = vx.verb_example_source()
    assert set(source["data"]["files"]) == {"data.verb", "verb.exc"}
    assert set(source["extras"]["files"]) == {"frames.vrb", "sentidx.vrb", "sents.vrb"}
    before = vx.verb_example_source()
    (mini / "sents.vrb").write_text("138 They %s moving now\n139 b\n15 c\n")
    assert vx.verb_example_source() != before


# --- the real WordNet ---------------------------------------------------------------------------
@pytest.mark.integration
def test_real_keys_are_index_sense_keys(wordnet) -> None:  # type: ignore[no-untyped-def]
    """Every key made from data.verb is a verb key of index.sense and the other way round;
    examples and frames are those NLTK reads."""
    vx.clear_cache()
    root = Path(str(wordnet.root))
    listed = {
        line.split(" ", 1)[0]
        for line in (root / "index.sense").read_text().splitlines()
        if "%2:" in line
    }
    synsets = vx.verb_synsets()
    assert {k for s in synsets for k in s.keys} == listed
    assert len(synsets) == 13767

    # NLTK's reader, written independently, gives the same examples and frames
    by_offset = {s.offset: s for s in synsets}
    for theirs in wordnet.all_synsets("v"):
        ours = by_offset[theirs.offset()]
        assert ours.examples == tuple(e.strip() for e in theirs.examples())
        lemmas = theirs.lemmas()
        assert ours.keys == tuple(lemma.key() for lemma in lemmas)
        assert ours.frames == tuple(tuple(sorted(set(lemma.frame_ids()))) for lemma in lemmas)
