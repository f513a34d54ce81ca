"""The text rules of every line-based input (TSV thesauri, key files, SemCor tag files, JSONL
instances, class tables):

- UTF-8, with an optional byte-order mark at the start;
- lines end at ``\\n``, ``\\r\\n`` or ``\\r`` and nowhere else (not at U+0085 or U+2028);
- no control character other than tab, no byte-order mark after the start;
- a line is at most :data:`MAX_LINE_BYTES` long and reading stops at a NUL byte, so an endless
  input (``/dev/zero``) fails at once;
- the **first problem in file order** is reported, as the caller's :class:`ToolkitError`
  subclass naming ``file:line``; quoted values are cut short (:func:`quote`).
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterable, Iterator
from typing import Protocol

from thesaurus.utils.errors import ToolkitError

__all__ = [
    "MAX_LINE_BYTES",
    "bounded_lines",
    "decode",
    "numbered_lines",
    "quote",
    "read_limited",
    "read_lines",
    "stream_lines",
]


class _Binary(Protocol):
    """A file opened in binary mode (plain or gzip)."""

    def read(self, size: int = -1, /) -> bytes: ...

    def readline(self, size: int = -1, /) -> bytes: ...


MAX_LINE_BYTES = 16 * 2**20  # the longest line of a line-based input: 16 MiB
_BLOCK = 2**20

# C0 and C1 controls except tab, U+FEFF, and the surrogates of bytes that are not UTF-8
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff\udc80-\udcff]")
_BOM = codecs.BOM_UTF8


def quote(value: str, limit: int = 60) -> str:
    """``repr(value)``, cut after ``limit`` characters with the full length appended.

    >>> quote("use%2:34:01::"), quote("x" * 100, limit=4)
    ("'use%2:34:01::'", "'xxxx'... (100 characters)")
    """
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}... ({len(value)} characters)"


def decode(raw: bytes) -> str:
    """``raw`` as text without a leading byte-order mark; a byte that is not UTF-8 becomes a
    lone surrogate, refused by :func:`numbered_lines` when its line is reached.

    >>> decode(codecs.BOM_UTF8 + b"d1 k\\n"), decode(b"d\\xff")
    ('d1 k\\n', 'd\\udcff')
    """
    skip = len(_BOM) if raw.startswith(_BOM) else 0
    return raw[skip:].decode("utf-8", "surrogateescape")


def numbered_lines(
    path: str | os.PathLike[str], text: str, error: type[ToolkitError]
) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for every line of ``text`` (from 1, without its line break);
    ``error`` naming ``path:line`` when the first bad line is reached.

    >>> list(numbered_lines("t.tsv", "a\\tb\\r\\n\\rc\\u2028d", ToolkitError))
    [(1, 'a\\tb'), (2, ''), (3, 'c\\u2028d')]
    >>> list(numbered_lines("k.txt", decode(b"d1 k\\r\\nd2 \\xff\\n"), ToolkitError))
    Traceback (most recent call last):
    thesaurus.ToolkitError: k.txt:2: not UTF-8 (invalid start byte 0xff at column 4)
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    bad = _FORBIDDEN.search(text)
    bad_line = text.count("\n", 0, bad.start()) + 1 if bad is not None else 0
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        if number == bad_line:
            raise error(_refusal(path, number, line))
        yield number, line


def read_lines(
    path: str | os.PathLike[str], error: type[ToolkitError], what: str = "file"
) -> Iterator[tuple[int, str]]:
    """The numbered lines of the file at ``path``; ``error`` naming the file (as ``what``,
    e.g. ``key file``) at once when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            raw = read_limited(handle, path, error, what)
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    return numbered_lines(path, decode(raw), error)


def read_limited(
    handle: _Binary,
    path: str | os.PathLike[str],
    error: type[ToolkitError],
    what: str = "file",
    max_line: int = MAX_LINE_BYTES,
) -> bytes:
    """The bytes of binary ``handle`` up to the first NUL byte included; ``error`` naming
    ``path`` when a line grows past ``max_line`` bytes.

    >>> import io
    >>> read_limited(io.BytesIO(b"d1 k\\n" * 2 + bytes(10**9 // 8)), "z", ToolkitError)
    b'd1 k\\nd1 k\\n\\x00'
    >>> read_limited(io.BytesIO(b"k" * 50), "/dev/stdin", ToolkitError, "key", max_line=20)
    Traceback (most recent call last):
    thesaurus.ToolkitError: /dev/stdin: a line longer than 20 bytes (an endless input?), not a key
    """
    blocks: list[bytes] = []
    run = 0  # bytes since the last line break
    while block := handle.read(_BLOCK):
        nul = block.find(b"\0")
        if nul >= 0:
            blocks.append(block[: nul + 1])
            break
        last_break = max(block.rfind(b"\n"), block.rfind(b"\r"))
        run = len(block) - last_break - 1 if last_break >= 0 else run + len(block)
        if run > max_line:
            raise error(f"{path}: {_too_long(max_line)}, not a {what}")
        blocks.append(block)
    return b"".join(blocks)


def _too_long(limit: int) -> str:
    size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit} bytes"
    return f"a line longer than {size} (an endless input?)"


def bounded_lines(
    handle: _Binary, path: str | os.PathLike[str], error: type[ToolkitError], what: str = "file"
) -> Iterator[bytes]:
    """The lines of binary ``handle`` as read, each with its ``\\n`` (for :func:`stream_lines`);
    ``error`` naming the file for a line longer than :data:`MAX_LINE_BYTES`."""
    while line := handle.readline(MAX_LINE_BYTES + 1):
        if len(line) > MAX_LINE_BYTES:
            raise error(f"{path}: {_too_long(MAX_LINE_BYTES)}, not a {what}")
        yield line


def stream_lines(
    path: str | os.PathLike[str], chunks: Iterable[bytes], error: type[ToolkitError]
) -> Iterator[tuple[int, str]]:
    """:func:`numbered_lines` of a file streamed as ``chunks`` (its bytes cut after each
    ``\\n``): the same lines, numbers and errors as reading it whole.

    >>> list(stream_lines("x.jsonl", [b"\\xef\\xbb\\xbfa\\r\\n", b"b\\rc\\r"], ToolkitError))
    [(1, 'a'), (2, 'b'), (3, 'c')]
    """
    number = 0
    first = True
    for chunk in chunks:
        if first:
            first = False
            if chunk.startswith(_BOM):
                chunk = chunk[len(_BOM) :]
        if chunk.endswith(b"\n"):
            pieces = chunk[: -2 if chunk.endswith(b"\r\n") else -1].split(b"\r")
        else:  # the last line; a final \r ends it
            pieces = chunk.split(b"\r")
            if len(pieces) > 1 and pieces[-1] == b"":
                pieces.pop()
        for piece in pieces:
            number += 1
            line = piece.decode("utf-8", "surrogateescape")
            if _FORBIDDEN.search(line) is not None:
                raise error(_refusal(path, number, line))
            yield number, line


def _refusal(path: str | os.PathLike[str], number: int, line: str) -> str:
    """The message for the first bad character of ``line``."""
    bad = _FORBIDDEN.search(line)
    assert bad is not None
    char, where = bad.group(), f"at column {bad.start() + 1}"
    if "\udc80" <= char <= "\udcff":
        raw = line.encode("utf-8", "surrogateescape")
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return f"{path}:{number}: not UTF-8 ({exc.reason} 0x{raw[exc.start]:02x} {where})"
    if char == "\ufeff":
        what = "a byte-order mark (U+FEFF) inside the file (concatenated files?)"
    else:
        what = f"control character U+{ord(char):04X}"
    return f"{path}:{number}: {what} {where}"
