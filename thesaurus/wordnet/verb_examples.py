"""What WordNet 3.0 says about each verb sense beyond the hierarchy: the example sentences of its
synset, its sentence frames and its sentence templates.

* :func:`verb_synsets`: every synset of ``data.verb`` as a :class:`VerbSynset`: its lemmas and
  their sense keys, its definition and its **examples** (the quoted parts of the gloss,
  ``; "he made a cake"``), and the **frames** of each lemma (the ``f_cnt`` entries
  ``+ f_num w_num`` of the line; ``w_num`` ``00`` gives the frame to every lemma);
* :func:`sense_frames` (``key -> (8, 11)``) and :func:`frame_text` (``8 -> "Somebody ----s
  something"``, from ``frames.vrb``, else the 35 texts shipped with this package);
* :func:`sense_sentences`: the sentence templates of a sense key (``sentidx.vrb`` ->
  ``sents.vrb``, ``%s`` where the verb goes; WordNet lists them for 3,421 keys).

The files are those the thesauri read (:mod:`thesaurus.wordnet.data`); ``frames.vrb``,
``sentidx.vrb`` and ``sents.vrb``, which NLTK's copy of WordNet lacks, are looked for there and
then in Debian's folder (``$WSD_WORDNET_SOURCE``, else ``/usr/share/wordnet``): without them a
sense has no templates and frame texts come from the shipped table.  A malformed line is a
:class:`DataError` naming ``file:line``.  The files are read once per process (``data.verb``:
0.45-0.9 s on a shared machine); :func:`clear_cache` forgets them.

Quotes are WordNet's: a gloss with an odd number of ``"`` (6 verb glosses) loses the text
after its last quote, and a quotation split by its narrator (``"I know it's hard," he
continued, "but ..."``) gives two examples.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from thesaurus.utils.disk_cache import stamp_files
from thesaurus.utils.errors import DataError, UnknownKeyError
from thesaurus.utils.text_input import numbered_lines, read_lines
from thesaurus.wordnet.data import DEBIAN_WORDNET, database_dir, database_stamp, wordnet

__all__ = [
    "VerbSynset",
    "clear_cache",
    "frame_text",
    "irregular_verb_forms",
    "sense_frames",
    "sense_sentences",
    "verb_example_source",
    "verb_synsets",
]

FRAME_COUNT = 35  # WordNet 3.0's generic verb frames, numbered 1-35
_EXTRA_FILES = ("frames.vrb", "sentidx.vrb", "sents.vrb")
_QUOTED = re.compile(r'"([^"]*)"')


@dataclass(frozen=True, slots=True)
class VerbSynset:
    """One line of ``data.verb``: ``lemmas`` (lower-case, a multiword's spaces written ``_``,
    in WordNet's order), the sense key of each lemma in this synset (``keys``), the frame
    numbers of each lemma (``frames``, sorted), the ``definition`` and the ``examples`` (the
    quoted sentences of the gloss, in order, without their quotes); ``line`` is its line
    number in ``data.verb``."""

    offset: int
    lexfile: int
    lemmas: tuple[str, ...]
    keys: tuple[str, ...]
    frames: tuple[tuple[int, ...], ...]
    definition: str
    examples: tuple[str, ...]
    line: int


def verb_synsets() -> tuple[VerbSynset, ...]:
    """Every verb synset of WordNet 3.0, in file (offset) order; :class:`DataError` when
    WordNet is missing or a line of ``data.verb`` is malformed (naming file and line).

    >>> make = next(s for s in verb_synsets() if "make%2:36:01::" in s.keys)  # doctest: +SKIP
    >>> make.examples[0], make.frames[0]                                      # doctest: +SKIP
    ('We produce more cars than we can sell', (8, 11))
    """
    return _synsets()


def sense_frames(key: str) -> tuple[int, ...] | None:
    """The frame numbers (1-35, sorted) of WordNet verb sense ``key`` (any case); ``None``
    when WordNet lists no such verb sense (a noun key, a file thesaurus's sense id)."""
    return _frames_of().get(key.lower())


def frame_text(number: int) -> str:
    """The text of verb frame ``number`` (1-35): ``frames.vrb``'s when the file is found,
    else the same text from this package's table; :class:`UnknownKeyError` for another
    number.

    >>> frame_text(8), frame_text(26)
    ('Somebody ----s something', 'Somebody ----s that CLAUSE')
    """
    texts = _frame_texts()
    if isinstance(number, bool) or not isinstance(number, int) or number not in texts:
        raise UnknownKeyError(f"no verb frame {number!r} (WordNet numbers them 1-{FRAME_COUNT})")
    return texts[number]


def sense_sentences(key: str) -> tuple[str, ...]:
    """The sentence templates WordNet gives verb sense ``key`` (``sentidx.vrb`` ->
    ``sents.vrb``), each with ``%s`` where the verb goes, in the index's order; empty when it
    lists none for the key or the files are not found."""
    numbers = _sentence_index().get(key.lower(), ())
    texts = _sentence_texts()
    return tuple(texts[n] for n in numbers)


def irregular_verb_forms() -> dict[str, tuple[str, ...]]:
    """``lemma -> its irregular forms`` from ``verb.exc`` (``go -> ('gone', 'went')``, in the
    file's order), for inflecting a lemma; :class:`DataError` naming file and line for a line
    that is not ``form lemma [lemma ...]``."""
    return _irregular()


def verb_example_source() -> dict[str, Any]:
    """A cache-key part naming the files this module reads: folder, sizes and mtimes."""
    key = database_stamp(["data.verb", "verb.exc"])
    extras = {name: path for name in _EXTRA_FILES if (path := _extra_file(name)) is not None}
    return {"data": key, "extras": stamp_files("", extras)}


def clear_cache() -> None:
    """Forget the files read (after WordNet was set up again)."""
    for cached in (
        _synsets,
        _irregular,
        _frames_of,
        _frame_texts,
        _sentence_index,
        _sentence_texts,
    ):
        cached.cache_clear()


# --- reading ------------------------------------------------------------------------------------
def _data_lines(name: str) -> Iterator[tuple[str, int, str]]:
    """``(file shown in errors, number, line)`` of WordNet database file ``name``."""
    root = database_dir()
    if root is not None:
        path = root / name
        for number, line in read_lines(path, DataError, "WordNet file"):
            yield str(path), number, line
        return
    with wordnet().open(name) as handle:  # NLTK's own corpus (maybe a zip file)
        text = handle.read()
    for number, line in numbered_lines(name, text, DataError):
        yield name, number, line


def _extra_file(name: str) -> Path | None:
    """``frames.vrb``, ``sentidx.vrb`` or ``sents.vrb``: beside ``data.verb``, else in
    Debian's folder; ``None`` when neither has it."""
    try:
        root = database_dir()
    except DataError:  # no WordNet: the frame texts still come from the table
        root = None
    source = Path(os.environ.get("WSD_WORDNET_SOURCE", str(DEBIAN_WORDNET)))
    for folder in (root, source):
        if folder is not None and (folder / name).is_file():
            return folder / name
    return None


def _extra_lines(name: str) -> Iterator[tuple[str, int, str]]:
    path = _extra_file(name)
    if path is None:
        return
    for number, line in read_lines(path, DataError, "WordNet file"):
        if line.strip():
            yield str(path), number, line


@cache
def _synsets() -> tuple[VerbSynset, ...]:
    out = []
    for path, number, line in _data_lines("data.verb"):
        if line.startswith(" "):  # license header
            continue
        try:
            out.append(_parse_synset(line, number))
        except (ValueError, IndexError) as exc:
            raise DataError(f"{path}:{number}: malformed verb synset line ({exc})") from None
    if not out:
        raise DataError("data.verb holds no synset line")
    return tuple(out)


def _parse_synset(line: str, number: int) -> VerbSynset:
    """One ``data.verb`` line (format of WordNet's ``wndb(5)``); ValueError or IndexError
    when it does not have that shape."""
    head, bar, gloss = line.partition("|")
    if not bar:
        raise ValueError("no '|' before the gloss")
    fields = head.split()
    offset, lexfile, ss_type = int(fields[0]), int(fields[1]), fields[2]
    if ss_type != "v":
        raise ValueError(f"synset type {ss_type!r}, not 'v'")
    words = int(fields[3], 16)
    lemmas, lex_ids = fields[4 : 4 + 2 * words : 2], fields[5 : 5 + 2 * words : 2]
    if words < 1 or len(lex_ids) != words:
        raise ValueError(f"{words} words announced")
    at = 4 + 2 * words
    at += 1 + 4 * int(fields[at])  # the pointers
    frames: list[set[int]] = [set() for _ in lemmas]
    count = int(fields[at])
    for i in range(count):
        plus, frame, word = fields[at + 1 + 3 * i : at + 4 + 3 * i]
        which = int(word, 16)
        if plus != "+" or not 1 <= int(frame) <= FRAME_COUNT or which > words:
            raise ValueError(f"bad frame entry {plus} {frame} {word}")
        for j in range(words) if which == 0 else (which - 1,):
            frames[j].add(int(frame))
    if at + 1 + 3 * count != len(fields):
        raise ValueError(f"{len(fields) - at - 1 - 3 * count} fields after the frames")
    lower = tuple(lemma.lower() for lemma in lemmas)
    keys = tuple(
        f"{w}%2:{lexfile:02d}:{int(i, 16):02d}::" for w, i in zip(lower, lex_ids, strict=True)
    )
    definition, _, _ = gloss.partition('"')
    return VerbSynset(
        offset=offset,
        lexfile=lexfile,
        lemmas=lower,
        keys=keys,
        frames=tuple(tuple(sorted(f)) for f in frames),
        definition=definition.strip().rstrip(";:,").strip(),
        examples=tuple(e.strip() for e in _QUOTED.findall(gloss) if e.strip()),
        line=number,
    )


@cache
def _irregular() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for path, number, line in _data_lines("verb.exc"):
        words = line.split()
        if len(words) < 2:
            raise DataError(f"{path}:{number}: expected 'form lemma', found {line[:60]!r}")
        for lemma in words[1:]:
            out.setdefault(lemma, []).append(words[0])
    return {lemma: tuple(forms) for lemma, forms in out.items()}


@cache
def _frames_of() -> dict[str, tuple[int, ...]]:
    return {k: f for s in _synsets() for k, f in zip(s.keys, s.frames, strict=True)}


@cache
def _frame_texts() -> dict[int, str]:
    lines = list(_extra_lines("frames.vrb"))
    if not lines:
        table = (resources.files("thesaurus") / "_data" / "verb_frames").read_text("utf-8")
        lines = [("verb_frames", n, line) for n, line in enumerate(table.splitlines(), 1)]
    out = _numbered_texts(lines)
    if sorted(out) != list(range(1, FRAME_COUNT + 1)):
        raise DataError(f"{lines[0][0]}: frames 1-{FRAME_COUNT} expected, found {len(out)}")
    return out


@cache
def _sentence_texts() -> dict[int, str]:
    return _numbered_texts(list(_extra_lines("sents.vrb")))


def _numbered_texts(lines: list[tuple[str, int, str]]) -> dict[int, str]:
    """``number text`` lines -> ``{number: text}``."""
    out = {}
    for path, number, line in lines:
        first, _, text = line.strip().partition(" ")
        if not first.isdigit() or not text.strip():
            raise DataError(f"{path}:{number}: expected 'number text', found {line[:60]!r}")
        out[int(first)] = text.strip()
    return out


@cache
def _sentence_index() -> dict[str, tuple[int, ...]]:
    texts = _sentence_texts()
    out = {}
    for path, number, line in _extra_lines("sentidx.vrb"):
        key, _, numbers = line.strip().partition(" ")
        fields = [n for n in numbers.split(",") if n.strip()]
        if "%" not in key or not all(n.strip().isdigit() for n in fields):
            raise DataError(f"{path}:{number}: expected 'key n,n', found {line[:60]!r}")
        found = tuple(int(n) for n in fields)  # WordNet lists pet%2:35:00:: with none
        missing = [n for n in found if n not in texts]
        if missing:
            raise DataError(f"{path}:{number}: sentence {missing[0]} not in sents.vrb")
        out[key.lower()] = found
    return out
