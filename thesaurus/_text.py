"""Line-based text files (TSV thesauri, key files): one decoding and line rule for every reader.

- UTF-8, with an optional byte-order mark at the start of the file (``utf-8-sig``), so a
  file saved by a Windows editor does not turn its first id into ``'\\ufeffd1'``;
- lines end at ``\\n``, ``\\r\\n`` or ``\\r`` (Python's universal newlines) and nowhere else:
  line numbers are those of ``wc -l`` and editors, even when a name holds U+0085 or U+2028
  (which :meth:`str.splitlines` would break on);
- no control characters other than tab, and no byte-order mark after the start (a file
  made by concatenating files that each had one): such a line is corrupt, and a stray
  ``U+FEFF`` would make an id that silently matches nothing.

Errors are raised as the caller's own :class:`ToolkitError` subclass, naming ``file:line``;
values quoted in messages are cut to a bounded length (:func:`quote`), so a huge line still
gives a short one-line message.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterator

from ._exceptions import ToolkitError

__all__ = ["decode", "numbered_lines", "quote"]

# C0 and C1 controls except tab (line breaks never reach a line), and U+FEFF.
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff]")
_BREAKS = re.compile(rb"\r\n|\r|\n")


def quote(value: str, limit: int = 60) -> str:
    """``repr(value)``, cut after ``limit`` characters with the full length appended.

    >>> quote("use%2:34:01::"), quote("x" * 100, limit=4)
    ("'use%2:34:01::'", "'xxxx'... (100 characters)")
    """
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}... ({len(value)} characters)"


def decode(path: str | os.PathLike[str], raw: bytes, error: type[ToolkitError]) -> str:
    """``raw`` as UTF-8 text without a leading byte-order mark; ``error`` naming ``path``, the
    line and the byte offset of the first byte that is not UTF-8.

    >>> decode("k.txt", codecs.BOM_UTF8 + b"d1 k\\n", ToolkitError)
    'd1 k\\n'
    >>> decode("k.txt", b"d1 k\\r\\nd2 \\xff\\n", ToolkitError)
    Traceback (most recent call last):
    thesaurus.ToolkitError: k.txt:2: not UTF-8 (invalid start byte at byte 9)
    """
    skip = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    try:
        return raw[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        line = len(_BREAKS.findall(raw, skip, skip + exc.start)) + 1
        raise error(f"{path}:{line}: not UTF-8 ({exc.reason} at byte {skip + exc.start})") from exc


def numbered_lines(
    path: str | os.PathLike[str], text: str, error: type[ToolkitError]
) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for every line of ``text`` (numbered from 1, without its line
    break); ``error`` naming ``path:line`` when the line with the first control character or
    stray byte-order mark is reached (so a reader reports the first problem in file order).

    >>> list(numbered_lines("t.tsv", "a\\tb\\r\\n\\rc\\u2028d", ToolkitError))
    [(1, 'a\\tb'), (2, ''), (3, 'c\\u2028d')]
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines[-1] == "":  # the break ending the last line does not start another
        lines.pop()
    bad = _FORBIDDEN.search(text)  # one scan of the whole text; the line is found if needed
    bad_line = text.count("\n", 0, bad.start()) + 1 if bad is not None else 0
    for number, line in enumerate(lines, 1):
        if number == bad_line:  # lazily: the lines before it are read (and checked) first
            raise error(_refusal(path, number, line))
        yield number, line


def _refusal(path: str | os.PathLike[str], number: int, line: str) -> str:
    """The message for the first forbidden character of ``line``."""
    bad = _FORBIDDEN.search(line)
    assert bad is not None
    what = (
        "a byte-order mark (U+FEFF) inside the file (concatenated files?)"
        if bad.group() == "\ufeff"
        else f"control character U+{ord(bad.group()):04X}"
    )
    return f"{path}:{number}: {what} at column {bad.start() + 1}"
