"""The case-frame extractor on small hand-built tagged sentences (``tests/data/frames/
sentences.txt``; Penn-tagged ones, as SemCor tags them, also with their tags made universal)."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import DATA

from wsd._exceptions import CorpusFormatError, DataError, WSDError
from wsd.frames import (
    DEFAULT_NAME_TABLE,
    ClassEntry,
    ClassTable,
    default_class_table,
    extract_frame,
    load_class_table,
)
from wsd.frames._tags import categorize, is_participle
from wsd.normalise import universal_tag
from wsd.types import Sentence, Token


def sentence(text: str, *, universal: bool = False) -> tuple[Sentence, int]:
    """``form/TAG[/lemma]`` tokens, ``*`` on the target; ``universal`` maps tags first."""
    tokens = []
    target = -1
    for i, item in enumerate(text.split()):
        if item.startswith("*"):
            target, item = i, item[1:]
        form, tag, *rest = item.split("/")
        lemma = rest[0] if rest else ""
        tokens.append(Token(form, lemma, universal_tag(tag) if universal else tag))
    assert target >= 0, "mark the verb with *"
    return Sentence("s1", tuple(tokens)), target


def frame_of(text: str, *, universal: bool = False) -> list[tuple[str, str, str]]:
    """(label, head form, filler lemma) of the starred verb's frame."""
    s, v = sentence(text, universal=universal)
    frame = extract_frame(s, v)
    return [(label, s.tokens[f.position].form, f.lemma) for label, f in frame.cases]


def _table(section: str) -> list[tuple[str, list[tuple[str, ...]]]]:
    """The (sentence, expected cases or marks) rows of a section of ``sentences.txt``."""
    rows, current = [], ""
    for line in (DATA / "frames" / "sentences.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            current = line.strip("[]")
        elif current == section and line and not line.startswith("#"):
            text, _, expected = line.partition(" =>")
            rows.append((text, [tuple(c.split()) for c in expected.split(";") if c.strip()]))
    return rows


PENN, UNIVERSAL, MARKS = _table("penn"), _table("universal"), _table("marks")


@pytest.mark.parametrize(("text", "expected"), PENN, ids=[t.split()[0] for t, _ in PENN])
def test_penn_tagged_frames(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert frame_of(text) == expected
    assert frame_of(text, universal=True) == expected  # the same sentence as Raganato has it


@pytest.mark.parametrize(("text", "expected"), UNIVERSAL, ids=[t.split()[1] for t, _ in UNIVERSAL])
def test_universal_tagged_frames(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert frame_of(text) == expected


@pytest.mark.parametrize("universal", [False, True])
@pytest.mark.parametrize(("text", "expected"), MARKS, ids=[t.split()[2] for t, _ in MARKS])
def test_frame_marks(text: str, expected: list[tuple[str, str]], universal: bool) -> None:
    s, v = sentence(text, universal=universal)
    assert list(extract_frame(s, v).marks) == expected


def test_passive_flag_positions_and_a_position_outside() -> None:
    s, v = sentence("The/DT jury/NN/jury was/VBD *charged/VB/charge by/IN the/DT judge/NN/judge")
    frame = extract_frame(s, v)
    assert frame.passive and [(label, f.position) for label, f in frame.cases] == [
        ("obj", 1),
        ("subj", 6),
    ]
    assert frame.get("obj") is not None and frame.get("obj").sense is None  # no gold read
    s, v = sentence("The/DT jury/NN/jury *charged/VB/charge the/DT judge/NN/judge")
    assert not extract_frame(s, v).passive
    with pytest.raises(WSDError, match="position 5 is outside sentence 's1'"):
        extract_frame(s, 5)


# form/lemma/Penn tag: a regular past tense looks like a participle (context decides), "said"
# is both, an irregular preterite is none; Penn's own VBD/VBN wins when given
PARTICIPLES = "received/receive/ taken/take/ run/run/ said/say/ put/put/VBN"
PRETERITES = "ran/run/ ate/eat/ went/go/ saw/see/ rose/rise/ ran_off/run_off/ looking/look/"


@pytest.mark.parametrize(
    ("word", "expected"),
    [(w, True) for w in PARTICIPLES.split()]
    + [(w, False) for w in (PRETERITES + " received/receive/VBD").split()],
)
def test_is_participle(word: str, expected: bool) -> None:
    form, lemma, pos = word.split("/")
    assert is_participle(form, lemma, pos) is expected


def test_that_categories() -> None:
    cats = {
        text: categorize(sentence(text + " x/VB/x")[0].tokens)[1:4]
        for text in (
            "fumble/NN/fumble that/IN *set_up/VB/set_up",  # subject relative
            "fact/NN/fact that/IN *he/PRP",  # complement clause
            "said/VB/say that/IN *he/PRP",  # no noun before: a complementizer
        )
    }
    assert [c[0] for c in cats.values()] == ["WH", "SUB", "SUB"]


# --- class tables -----------------------------------------------------------------------------
def test_name_lookup_whole_ending_and_default() -> None:
    table = ClassTable.from_entries(
        [
            ("laos", ClassEntry("location", "location%1:03:00::", "name")),
            ("khrushchev", ClassEntry("person", "person%1:03:00::", "name")),
            ("*", ClassEntry(None, None, "name")),
        ]
    )
    assert table.name("Laos") == ClassEntry("location", "location%1:03:00::", "name")
    assert table.name("premier_khrushchev").cls == "person"  # by its ending
    assert table.name("zork").cls is None  # "*": an unknown name keeps its own lemma
    s, v = sentence("Zork/NNP *visited/VB/visit Laos/NNP")
    cases = extract_frame(s, v, classes=table).cases
    assert [(label, f.lemma, f.cls) for label, f in cases] == [
        ("subj", "zork", None),
        ("obj", "location", "location"),
    ]
    # a name the corpus gave a noun sense, or a lower-case NNP, is not looked up
    s, v = sentence("Congress/NNP/congress *passed/VB/pass bills/NNS/bill")
    assert extract_frame(s, v, classes=table).cases[0][1].lemma == "congress"


def test_default_tables(tmp_path: Path) -> None:
    table = default_class_table()
    assert table.pronoun("They") == ClassEntry("person", "person%1:03:00::")
    assert table.pronoun("it") == ClassEntry(None)
    assert table.title("Mr.") is not None
    assert table.name("laos").cls == "location" and table.name("congress").cls == "group"
    assert table.name("premier_khrushchev").cls == "person"
    assert table.name("qwzx").cls == "person"  # the documented '*' default
    header = DEFAULT_NAME_TABLE.read_text(encoding="utf-8").splitlines()[3]
    assert header.startswith(f"# {len(table.names) - 1} names")  # '*' is not counted


def test_class_table_files(tmp_path: Path) -> None:
    first = tmp_path / "a.tsv"
    first.write_text("# pronouns\nhe\tperson\tperson%1:03:00::\nx\tgroup\t-\tname\n")
    second = tmp_path / "b.tsv"
    second.write_text("x\tlocation\t-\tname\n")
    table = load_class_table(first, second)
    assert table.pronoun("HE") is not None and table.name("x") == ClassEntry(
        "location", None, "name"
    )  # the later file wins
    bad = tmp_path / "bad.tsv"
    bad.write_text("he\tperson\n")
    with pytest.raises(CorpusFormatError, match=r"bad\.tsv:1: expected word"):
        load_class_table(bad)
    bad.write_text("he\tperson\t-\tnickname\n")
    with pytest.raises(CorpusFormatError, match="unknown kind 'nickname'"):
        load_class_table(bad)
    with pytest.raises(DataError, match="class table not found"):
        load_class_table(tmp_path / "missing.tsv")


def test_name_table_agrees_with_wordnet(wordnet) -> None:  # type: ignore[no-untyped-def]
    """The shipped name table against its generator's rule, on a sample and known names."""
    import random

    from wsd.frames._names import name_class

    names = {k: e.cls for k, e in default_class_table().names.items() if k != "*"}
    sample = random.Random(7).sample(sorted(names), 40)
    assert {k: name_class(wordnet, k) for k in sample} == {k: names[k] for k in sample}
    known = {"laos": "location", "texas": "location", "moscow": "location",
             "khrushchev": "person", "mitchell": "person", "united_nations": "group",
             "congress": "group"}  # fmt: skip
    assert {k: names.get(k) for k in known} == known
    assert "rosa" not in names and "homo" not in names  # taxa vote for no class
