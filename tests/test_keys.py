"""Key files (``wsd/corpus/keys.py``) on hand-made cases: byte-order marks, line breaks,
duplicates, bad bytes and values that cannot be written.  Random and mutated key files:
``test_fuzz.py``."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest

from wsd._exceptions import CorpusFormatError
from wsd.corpus.keys import read_keys, write_keys

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
