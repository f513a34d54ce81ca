"""Key files (``wsd/corpus/keys.py``) on hand-made cases; random and mutated ones: fuzz tests."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest

from wsd._exceptions import CorpusFormatError
from wsd.corpus.keys import claims_wordnet, is_wordnet_key, read_keys, wordnet_pos, write_keys

BOM = codecs.BOM_UTF8


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "k.key"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    "data",
    [
        b"d1 k1\nd2 k2 k3\n",
        BOM + b"d1 k1\nd2 k2 k3\n",  # a Windows editor's BOM: d1 stays d1
        BOM + b"d1\tk1\r\n\r\nd2  k2\tk3",  # CRLF, tabs, a blank line, no final break
        b"d1 k1\rd2 k2 k3\r",  # old Mac line breaks
        "d1\u3000k1\n  \nd2 k2\xa0k3\n".encode(),  # unicode spaces separate fields too
    ],
)
def test_read_keys_whatever_the_bom_and_line_breaks(tmp_path: Path, data: bytes) -> None:
    assert read_keys(write(tmp_path, data)) == {"d1": ("k1",), "d2": ("k2", "k3")}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"d1 k1\r\nd2\r\n", "2: no sense key for 'd2'"),
        (b"d1 k1\nd2 k2\n\nd1 k3\n", "4: instance 'd1' given twice (first at line 1)"),
        (b"d1 k1\nd2 k\xe92\n", "2: not UTF-8 (invalid continuation byte 0xe9 at column 5)"),
        (b"d1\nd2 k\xe92\n", "1: no sense key for 'd1'"),  # the first problem in file order
        (b"d1 k1\n" + BOM + b"d2 k2\n", "2: a byte-order mark (U+FEFF) inside the file"),
        (b"d1 k1\nd2 k2\x00\n", "2: control character U+0000 at column 6"),
        (b"d1 k1\n" + b"x" * 1_000_000 + b"\n", "2: no sense key for 'xxx"),
        (b"d1 say%2:32:00::\nd2 say%2:32:0::\n", "2: sense key 'say%2:32:0::' is shaped like"),
    ],
)
def test_read_keys_errors_name_file_and_line(tmp_path: Path, data: bytes, message: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(CorpusFormatError, match="^" + re.escape(f"{path}:{message}")) as info:
        read_keys(path)
    assert len(str(info.value)) < 200 + len(str(path))


def test_read_keys_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CorpusFormatError, match="cannot read key file .*absent.key"):
        read_keys(tmp_path / "absent.key")


@pytest.mark.parametrize(
    ("items", "culprit"),
    [
        ([("d 1", ["k1"])], "'d 1'"),
        ([("d1", ["k1", ""])], "''"),
        ([("d1", ["k\n1"])], r"'k\n1'"),
        ([("\ufeffd1", ["k1"])], r"'\ufeffd1'"),
        ([("d1", ["k1"]), ("d1", ["k2"])], "instance 'd1' given twice"),
        ([("d1", ["k1"]), ("{d2", ["k2"])], "write instance '{d2' to a key file: a line starting"),
        ([("<d1", ["k1"])], "a line starting with '<' reads as XML"),
    ],
)
def test_write_keys_refuses_what_it_could_not_read_back(
    tmp_path: Path, items: list[tuple[str, list[str]]], culprit: str
) -> None:
    path = write(tmp_path, b"old k\n")
    with pytest.raises(CorpusFormatError, match=re.escape(culprit)):
        write_keys(path, items)
    assert read_keys(path) == {"old": ("k",)}  # the file is left as it was
    assert [p.name for p in tmp_path.iterdir()] == ["k.key"]


def test_write_keys_skips_abstentions(tmp_path: Path) -> None:
    path = tmp_path / "out.key"
    assert write_keys(path, {"d1": ["k1", "k2"], "d2": [], "d3": ("k3",)}) == 2
    assert path.read_text(encoding="utf-8") == "d1 k1 k2\nd3 k3\n"


def test_keys_are_read_and_written_in_lower_case_and_ids_keep_theirs(tmp_path: Path) -> None:
    """One rule for sense keys: case-insensitive, lower case on reading (WordNet's are)."""
    path = write(tmp_path, "D1 USE%2:34:01:: Use%2:34:00::\nd2 Run%1 ÉTÉ.1\n".encode())
    assert read_keys(path) == {"D1": ("use%2:34:01::", "use%2:34:00::"), "d2": ("run%1", "été.1")}
    out = tmp_path / "out.key"
    write_keys(out, {"D1": ["USE%2:34:01::"]})
    assert out.read_text(encoding="utf-8") == "D1 use%2:34:01::\n"


@pytest.mark.parametrize(
    ("text", "line", "looks"),
    [
        # JSON, JSONL, TOML and XML in any layout: the fuzz target of test_fuzz_keys.py
        ('{"format": "verb-wsd-model", "verbs": {}}\n', 1, "'{' like JSON"),  # a model file
        ('\n{"id": "d1", "lemma": "use"}\n', 2, "'{' like JSON"),  # JSONL, a blank line first
        ('[corpus]\npath = ""\n', 1, "'[' like JSON or a TOML section"),
        ('<?xml version="1.0"?>\n<corpus lang="en">\n', 1, "'<' like XML"),
    ],
)
def test_a_file_that_is_not_a_key_file_is_refused(
    tmp_path: Path, text: str, line: int, looks: str
) -> None:
    path = write(tmp_path, text.encode())
    with pytest.raises(CorpusFormatError) as info:
        read_keys(path)
    message = str(info.value)
    assert message.startswith(f"{path}:{line}: not a key file: it starts with {looks}")
    assert "instance_id sense_key" in message and "\n" not in message


def test_a_json_line_inside_a_key_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, b'd1 k1\n{"id": "d2"}\n')
    with pytest.raises(CorpusFormatError, match=re.escape(f"{path}:2: not a key line: it")):
        read_keys(path)


@pytest.mark.parametrize(
    ("key", "wordnet", "claims", "pos"),
    [
        ("say%2:32:00::", True, True, "2"),
        ("good%5:00:00:well:01", True, True, "5"),
        ("long%5:00:00:long(a):01", True, True, "5"),  # SemCor's head words carry (a)/(p)
        ("bank%1:14:00::", True, True, "1"),
        ("say%garbage", False, False, None),  # not claimed: a sense id of another thesaurus
        ("say%2:32:0::", False, True, None),  # a one-digit lex_id
        ("say%6:32:00::", False, True, None),  # no ss_type 6
        ("say%2:32:00:x:01", False, True, None),  # a head word is a satellite's (5) only
        ("good%5:00:00::", False, True, None),  # a satellite needs its head
        ("say%2:32:00", False, True, None),
        ("a%b%2:32:00::", False, True, None),  # the lemma holds %
        ("run%1", False, False, None),
        ("使う.1", False, False, None),
        ("x:1.5", False, False, None),
    ],
)
def test_wordnet_key_shape(key: str, wordnet: bool, claims: bool, pos: str | None) -> None:
    assert is_wordnet_key(key) is wordnet
    assert claims_wordnet(key) is claims
    assert wordnet_pos(key) == pos
