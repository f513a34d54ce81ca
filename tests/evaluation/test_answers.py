"""Key files with ranked answers (evaluation/answers.py): the plain Raganato format and its
extension ``id key:score ... confidence=C``.  Random ones: test_fuzz.py, test_fuzz_keys.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evaluation import EvaluationError
from evaluation.answers import (
    SEVERAL_KEYS,
    Answer,
    answer_line,
    parse_fields,
    read_answer_keys,
    read_answers,
    several_keys_rule,
    write_answers,
)
from thesaurus import ToolkitError


def _file(tmp_path: Path, text: str, name: str = "sys.key") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("use%2:34:01::", Answer(("use%2:34:01::",))),
        ("a%2:1:: b%2:2::", Answer(("a%2:1::", "b%2:2::"))),
        (
            "use%2:34:01:::0.8 use%2:34:00:::0.2",
            Answer(("use%2:34:01::", "use%2:34:00::"), (0.8, 0.2)),
        ),
        ("x:1.0 confidence=0.5", Answer(("x",), (1.0,), 0.5)),
        ("confidence=-2 x", Answer(("x",), None, -2.0)),
        ("道具を使う:1e-3 消費する:-1.5", Answer(("道具を使う", "消費する"), (0.001, -1.5))),
        ("k:inf", Answer(("k",), (float("inf"),))),
        # a WordNet adjective satellite key ends in a two-digit head id: not a score
        ("tall%5:00:00:long:01", Answer(("tall%5:00:00:long:01",))),
        ("k:1", Answer(("k:1",))),  # an integer is not a score: scores carry a point
        ("k:01 x: a:b x:1.5.2", Answer(("k:01", "x:", "a:b", "x:1.5.2"))),  # no number
        # keys are case-insensitive: read in lower case, with the field names and numbers
        (
            "USE%2:34:01:::0.5 Run%1:1E-3 CONFIDENCE=0.25",
            Answer(("use%2:34:01::", "run%1"), (0.5, 0.001), 0.25),
        ),
        ("k:INF", Answer(("k",), (float("inf"),))),
    ],
)
def test_fields_of_a_line(line: str, expected: Answer) -> None:
    assert parse_fields(line.split()) == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("a:0.5 b", "key 'b' has no score"),
        ("confidence=0.5", "no sense key"),
        ("a confidence=x", "confidence 'x' is not a number"),
        ("a confidence=nan", "confidence is NaN"),
        ("a confidence=inf", "confidence must be finite"),
        ("a confidence=1 confidence=2", "given twice"),
        # a key ending in a number that is no score (more: test_fuzz_keys.py)
        ("use%2:34:01:::NaN", "key 'use%2:34:01::': its score 'nan' is NaN"),
        ("k:0.5 j:nan", "key 'j': its score 'nan' is NaN"),
        ("k:infinity", "its score 'infinity' is not written as a score"),
    ],
)
def test_bad_lines_name_the_problem(line: str, message: str) -> None:
    with pytest.raises(EvaluationError, match=message):
        parse_fields(line.split())


def test_a_ranked_file_round_trips(tmp_path: Path) -> None:
    rows = [
        ("i1", Answer(("a", "b", "c"), (0.5, 0.25, 1 / 3), 0.7)),
        ("i2", Answer(("b",), (1.0,), 0.0)),
        ("i3", Answer((), None, None)),  # an abstention: no line
    ]
    path = tmp_path / "ranked.key"
    assert write_answers(path, rows) == 2
    assert path.read_text(encoding="utf-8").splitlines()[0] == (
        "i1 a:0.5 b:0.25 c:0.333333 confidence=0.7"
    )
    system = read_answers(path)
    assert system.ranked and system.has_confidence
    assert system.answers["i1"].keys == ("a", "b", "c")
    assert system.answers["i2"] == Answer(("b",), (1.0,), 0.0)
    assert (system.several, system.longest) == (1, 3)
    assert system.keys("first") == {"i1": ("a",), "i2": ("b",)}
    assert system.keys("all")["i1"] == ("a", "b", "c")
    assert answer_line("i9", ["k"]) == "i9 k"


def test_a_plain_file_is_the_standard_format(tmp_path: Path) -> None:
    system = read_answers(_file(tmp_path, "d1 run%1\nd2 run%1 run%2\n\n"))
    assert not system.ranked and not system.has_confidence
    assert system.keys("all") == {"d1": ("run%1",), "d2": ("run%1", "run%2")}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "i1 a:0.5\ni2 b\n",
            "sys.key:2: instance 'i2' does not score its keys but line 1 (instance 'i1') does",
        ),
        (
            "i1 a\n\ni2 b confidence=1\n",
            "sys.key:3: instance 'i2' gives confidence= but line 1 (instance 'i1') does not",
        ),
        ("i1 a\ni2 a:0.5 b\n", "sys.key:2: instance 'i2': key 'b' has no score"),
        ("i1 a\ni1 b\n", "sys.key:2: instance 'i1' given twice"),
        ("i1 a:0.5\ni2 b:0.4 confidence=٠.٥\n", "sys.key:2: instance 'i2': confidence '٠.٥' is"),
        (
            "i1 a:١.٥\ni2 b:0.5\n",
            "sys.key:1: instance 'i1': key 'a': its score '١.٥' is not written as a score",
        ),
    ],
)
def test_inconsistent_files_name_file_line_and_instance(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(ToolkitError, match=re.escape(message)):
        read_answers(_file(tmp_path, text))


def test_several_keys_rule(tmp_path: Path) -> None:
    plain = read_answers(_file(tmp_path, "d1 a b c\nd2 a\n", "plain.key"))
    rule, warning = several_keys_rule(plain)
    assert rule == "all" and warning is not None
    assert "1 of 2 lines list several keys" in warning and "1/3" in warning
    assert "--several-keys first" in warning
    assert several_keys_rule(plain, "first") == ("first", None)  # asked: no warning
    ranked = read_answers(_file(tmp_path, "d1 a:1.0 b:0.5\n", "ranked.key"))
    assert several_keys_rule(ranked) == ("first", None)
    single = read_answers(_file(tmp_path, "d1 a\n", "single.key"))
    assert several_keys_rule(single) == ("all", None)
    with pytest.raises(EvaluationError, match="first or all"):
        several_keys_rule(single, "best")
    assert SEVERAL_KEYS == ("first", "all")


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("x:nan", "key 'x:nan' would not read back (key 'x': its score 'nan' is NaN)"),
        ("x:-1", "key 'x:-1' would not read back"),
        ("X:0.5", "key 'x:0.5' would be read back as a key with a score"),
    ],
)
def test_write_answers_refuses_plain_keys_that_would_read_back_otherwise(
    tmp_path: Path, key: str, message: str
) -> None:
    path = _file(tmp_path, "old k\n")
    with pytest.raises(EvaluationError, match=re.escape(message)):
        write_answers(path, [("i1", Answer((key,)))])
    assert path.read_text(encoding="utf-8") == "old k\n"
    # with its score the same key is written and read back (the score comes last)
    write_answers(path, [("i1", Answer((key,), (0.5,)))])
    assert read_answers(path).answers["i1"].keys == (key.lower(),)


def test_write_answers_refuses_a_key_read_back_as_a_confidence(tmp_path: Path) -> None:
    with pytest.raises(EvaluationError, match="'confidence=1' would be read back as a confidence"):
        write_answers(tmp_path / "out.key", [("i1", Answer(("CONFIDENCE=1",), (0.5,)))])


def test_keys_are_written_in_lower_case(tmp_path: Path) -> None:
    path = tmp_path / "out.key"
    write_answers(path, [("I1", Answer(("USE%2:34:01::", "Use%2:34:00::"), (0.5, 0.25), 0.5))])
    assert path.read_text(encoding="utf-8") == (
        "I1 use%2:34:01:::0.5 use%2:34:00:::0.25 confidence=0.5\n"
    )


def test_read_answer_keys_reads_a_ranking_as_its_first_key(tmp_path: Path) -> None:
    """A ranked line reads as its first key, a plain line as every key."""
    ranked = _file(tmp_path, "d1 a:0.9 b:0.1 confidence=0.5\nd2 B:0.7 confidence=1\n", "ranked.key")
    plain = _file(tmp_path, "d1 a b\nd2 b\n", "plain.key")
    assert read_answer_keys(ranked) == {"d1": ("a",), "d2": ("b",)}
    assert read_answer_keys(plain) == {"d1": ("a", "b"), "d2": ("b",)}
