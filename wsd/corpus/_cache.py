"""SemCor parsed once: a disk cache of the normalised tokens, their annotations and the case
frames of every verb token, so that a warm load skips parsing, lemmatising and extraction.

One cache per corpus root (a SemCor directory or one tag file), under :func:`cache_dir`
(``$WSD_CORPUS_CACHE``, else ``~/.cache/verb-wsd/corpora``), as ``semcor-<hash>.npz``
(integer arrays, the strings as one UTF-8 byte array) + ``semcor-<hash>.json`` (the **cache
key** and the file names; written last, so a half-written pair never matches).  No pickle:
loading runs no code.

The key holds what the cached records are made of:

* the size and ``st_mtime_ns`` of every tag file (:func:`thesaurus._cache.stamp_files`);
* the WordNet files the lemmatiser reads (:func:`thesaurus._morphy.morphy_source_key`);
* a digest of the code and tables that make tokens and frames (the reader, the
  normaliser, the lemmatiser, the frame extractor and its class tables), so changing any of
  them rebuilds the cache rather than serving stale frames;
* :data:`CACHE_FORMAT`.

Frames are cached for the default class table only (a custom table extracts afresh).  A
cache that exists but cannot be used is rebuilt after one ``RuntimeWarning`` line naming the
file; a directory that cannot be written costs only the cache (one warning).  The directory
keeps the :data:`KEEP` most recently used corpora (a use touches the JSON file; older pairs
are deleted when a new one is written), so throw-away corpora do not pile up.

Arrays, each in the smallest integer type that holds its values (:func:`_compact`):

* every string once, UTF-8, each followed by a NUL, in ``string_blob``, with
  ``string_offsets`` (in characters, NULs included: the way back should a string hold a NUL
  itself); the other arrays hold indices into it (-1 for None);
* the distinct tokens: ``token_form``, ``token_lemma``, ``token_pos``;
* the distinct annotations: ``note_lemma``, ``note_tag``, their sense keys ``note_senses``
  (a run per annotation, bounds in ``note_sense_offsets``) and ``note_attrs``, an index into
  the distinct attribute lists: ``attr_pairs`` (a run per list, bounds in
  ``attr_offsets``) indexing the distinct ``(name, value)`` pairs ``pair_name``,
  ``pair_value``;
* per token of the corpus, in file order, ``tokens`` and ``annotations`` (indices into those
  tables); ``sent_tokens`` (token bounds per sentence), ``sent_ids``; ``doc_sentences``
  (sentence bounds per file, in the JSON's file order);
* per frame, in corpus order: ``frame_token`` (the verb's index among all tokens),
  ``frame_passive``, ``frame_fillers`` (filler bounds) and per filler ``filler_label``,
  ``filler_lemma``, ``filler_sense``, ``filler_class``, ``filler_position``;
  ``frame_marks`` (mark bounds) and per mark ``mark_label``, ``mark_word``.

A warm load builds every record in bulk (:func:`_unpack`): the string table by one
``split``, table columns by numpy ``take`` on object arrays, each sentence's tokens and
annotations as slices of one tuple per block of sentences, and the frozen dataclasses a
field at a time (:func:`_records`, equal to calling each constructor).  Frames are built only
when asked for (:meth:`SemcorStore.frame`), all of a document's at its first.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
import zipfile
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import MISSING, fields
from importlib import resources
from itertools import accumulate, chain, repeat
from pathlib import Path
from types import MemberDescriptorType
from typing import Any

import numpy as np

from thesaurus._cache import stamp_files
from thesaurus._morphy import morphy_source_key
from thesaurus.io import atomic_save_npz, atomic_write_json
from thesaurus.wordnet_data import data_dir

from ..types import AnnotatedSentence, Annotation, CaseFrame, Filler, Sentence, Token

__all__ = ["CACHE_FORMAT", "SemcorStore", "cache_dir", "cached_name", "semcor_store"]

CACHE_FORMAT = 4  # 2: strings in one blob, frames built on demand; 3: frame marks;
# 4: NUL-separated strings, attribute lists and their pairs in tables, senses as string lists
KEEP = 8
_CODE = (
    ("wsd", "normalise.py"),
    ("wsd", "types.py"),
    ("wsd.corpus", "semcor.py"),
    ("wsd.corpus", "_cache.py"),
    ("thesaurus", "_morphy.py"),
)
_CODE_PACKAGES = ("wsd.frames",)
_TABLES = ("pronoun_classes.tsv", "name_classes.tsv")


def cache_dir() -> Path:
    """Where parsed corpora are cached (``$WSD_CORPUS_CACHE`` overrides)."""
    env = os.environ.get("WSD_CORPUS_CACHE")
    if env:
        return Path(env).expanduser()
    return data_dir().parent / "corpora"


def _code_digest() -> str:
    """A digest of the code and tables the cached records are made with."""
    digest = hashlib.sha256()
    parts = [resources.files(pkg) / name for pkg, name in _CODE]
    for pkg in _CODE_PACKAGES:
        parts += sorted(
            (p for p in resources.files(pkg).iterdir() if p.name.endswith(".py")),
            key=lambda p: p.name,
        )
    parts += [resources.files("wsd") / "_data" / name for name in _TABLES]
    for part in parts:
        digest.update(part.name.encode())
        digest.update(part.read_bytes())
    return digest.hexdigest()[:16]


class SemcorStore:
    """A parsed SemCor: every file's annotated sentences (``documents``, by the file's path
    below the root) and the case frame of every verb token under the default class table
    (:meth:`frame`; a cache builds each frame only when asked for)."""

    def __init__(
        self,
        documents: dict[str, list[AnnotatedSentence]],
        frame: Callable[[str, int], CaseFrame],
    ) -> None:
        self.documents = documents
        self._frame = frame

    def frame(self, sentence_id: str, position: int) -> CaseFrame:
        """The frame of the verb token at ``position`` of sentence ``sentence_id``."""
        return self._frame(sentence_id, position)


def semcor_store(
    root: Path,
    paths: Sequence[Path],
    parse: Callable[[Path], list[AnnotatedSentence]],
    frame: Callable[[Sentence, int], CaseFrame],
    is_verb: Callable[[Annotation], bool],
    directory: Path | None = None,
) -> SemcorStore:
    """The cached store of the tag files ``paths`` under ``root``, built (``parse`` each file,
    ``frame`` each token ``is_verb`` accepts) and saved when missing or stale."""
    directory = cache_dir() if directory is None else directory
    code = _code_digest()
    # the code version is part of the name too: two checkouts of different code (or a run of
    # the tests of another branch) keep their own caches instead of rebuilding each other's
    stem = "semcor-" + hashlib.sha256(f"{root.resolve()}\0{code}".encode()).hexdigest()[:12]
    names = {cached_name(root, p): p for p in paths}
    key = {
        "format": CACHE_FORMAT,
        "code": code,
        "wordnet": morphy_source_key(),
        **stamp_files(str(root.resolve()), names),
    }
    json_path = directory / f"{stem}.json"
    if json_path.exists():
        try:
            store = _read(directory, stem, key)
        except _Unusable as exc:
            _warn(exc.path, f"{exc.reason}; rebuilding")
        else:
            _touch(json_path)
            return store
    documents = {name: parse(path) for name, path in names.items()}
    frames = {
        (item.sentence.id, i): frame(item.sentence, i)
        for items in documents.values()
        for item in items
        for i, note in enumerate(item.annotations)
        if is_verb(note)
    }
    store = SemcorStore(documents, lambda sentence_id, i: frames[(sentence_id, i)])
    try:
        _save(directory, stem, key, documents, frames)
        _evict(directory)
    except OSError as exc:
        _warn(directory, f"cannot write the corpus cache here: {exc}")
    return store


def _touch(path: Path) -> None:
    try:
        os.utime(path)
    except OSError:  # a read-only cache still serves
        pass


def _evict(directory: Path) -> None:
    """Delete all but the :data:`KEEP` most recently used cached corpora."""
    stems = sorted(
        directory.glob("semcor-*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True
    )
    for old in stems[KEEP:]:
        old.unlink(missing_ok=True)
        old.with_suffix(".npz").unlink(missing_ok=True)


def cached_name(root: Path, path: Path) -> str:
    """The name a tag file has in the cache of ``root``: its path below the root."""
    return path.name if root.is_file() else path.relative_to(root).as_posix()


class _Unusable(Exception):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _warn(path: Path, message: str) -> None:
    warnings.warn_explicit(" ".join(message.split()), RuntimeWarning, str(path), 0)


class _Strings:
    """Strings -> dense indices, stored as one UTF-8 blob, each string followed by a NUL."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def __call__(self, value: str | None) -> int:
        if value is None:
            return -1
        found = self.index.get(value)
        if found is None:
            found = self.index[value] = len(self.index)
        return found

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        text = "".join(value + "\0" for value in self.index)
        offsets = np.zeros(len(self.index) + 1, np.int64)
        np.cumsum([len(v) + 1 for v in self.index], out=offsets[1:])
        return np.frombuffer(text.encode("utf-8"), np.uint8), offsets


def _strings(blob: np.ndarray, offsets: np.ndarray) -> list[str]:
    """The string table: one ``split`` of the decoded blob, unless a string holds a NUL itself
    (then the offsets say where each one ends)."""
    text = blob.tobytes().decode("utf-8")
    count = len(offsets) - 1
    strings = text.split("\0")
    if len(strings) == count + 1 and not strings[-1]:
        strings.pop()
        return strings
    bounds = offsets.tolist()
    if bounds[-1] != len(text):
        raise ValueError("string offsets do not match the string blob")
    return [text[a : b - 1] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]


def _save(
    directory: Path,
    stem: str,
    key: dict[str, Any],
    documents: dict[str, list[AnnotatedSentence]],
    frames: dict[tuple[str, int], CaseFrame],
) -> None:
    strings = _Strings()
    token_table: dict[Token, int] = {}
    note_table: dict[Annotation, int] = {}
    doc_sentences, sent_tokens, sent_ids = [0], [0], []
    token_ids: list[int] = []
    note_ids: list[int] = []
    sentence_start: dict[str, int] = {}  # sentence id -> global index of its first token
    for items in documents.values():
        for item in items:
            sentence_id = item.sentence.id
            sent_ids.append(strings(sentence_id))
            sentence_start[sentence_id] = len(token_ids)
            for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
                token_ids.append(token_table.setdefault(token, len(token_table)))
                note_ids.append(note_table.setdefault(note, len(note_table)))
            sent_tokens.append(len(token_ids))
        doc_sentences.append(len(sent_ids))
    # frames in corpus order, so that a document's frames are one range
    ordered = sorted(
        ((sentence_start[sid] + i, frame) for (sid, i), frame in frames.items()),
        key=lambda item: item[0],
    )
    frame_fillers: list[int] = [0]
    frame_marks: list[int] = [0]
    mark_label, mark_word = [], []
    label, lemma, sense, cls, position = [], [], [], [], []
    for _, frame in ordered:
        for case, filler in frame.cases:
            label.append(strings(case))
            lemma.append(strings(filler.lemma))
            sense.append(strings(filler.sense))
            cls.append(strings(filler.cls))
            position.append(filler.position)
        frame_fillers.append(len(label))
        for mark, word in frame.marks:
            mark_label.append(strings(mark))
            mark_word.append(strings(word))
        frame_marks.append(len(mark_label))
    tokens = list(token_table)
    notes = list(note_table)
    # attribute lists recur (6k distinct among 36k annotations): one table of them, one of
    # their distinct (name, value) pairs
    attr_table: dict[tuple[tuple[str, str], ...], int] = {}
    pair_table: dict[tuple[str, str], int] = {}
    note_attrs = [attr_table.setdefault(n.attrs, len(attr_table)) for n in notes]
    attr_pairs = [pair_table.setdefault(pair, len(pair_table)) for a in attr_table for pair in a]
    ints: dict[str, Sequence[int]] = {
        "doc_sentences": doc_sentences,
        "sent_tokens": sent_tokens,
        "sent_ids": sent_ids,
        "tokens": token_ids,
        "annotations": note_ids,
        "token_form": [strings(t.form) for t in tokens],
        "token_lemma": [strings(t.lemma) for t in tokens],
        "token_pos": [strings(t.pos) for t in tokens],
        "note_lemma": [strings(n.lemma) for n in notes],
        "note_tag": [strings(n.tag) for n in notes],
        "note_sense_offsets": _offsets([len(n.senses) for n in notes]),
        "note_senses": [strings(s) for n in notes for s in n.senses],
        "note_attrs": note_attrs,
        "attr_offsets": _offsets([len(a) for a in attr_table]),
        "attr_pairs": attr_pairs,
        "pair_name": [strings(name) for name, _ in pair_table],
        "pair_value": [strings(value) for _, value in pair_table],
        "frame_token": [g for g, _ in ordered],
        "frame_passive": [frame.passive for _, frame in ordered],
        "frame_fillers": frame_fillers,
        "filler_label": label,
        "filler_lemma": lemma,
        "filler_sense": sense,
        "filler_class": cls,
        "filler_position": position,
        "frame_marks": frame_marks,
        "mark_label": mark_label,
        "mark_word": mark_word,
    }
    blob, offsets = strings.arrays()
    atomic_save_npz(
        directory / f"{stem}.npz",
        compress=False,  # read in a third of the time (no inflating)
        string_blob=blob,
        string_offsets=_compact(offsets),
        **{name: _compact(values) for name, values in ints.items()},
    )
    directory.mkdir(parents=True, exist_ok=True)
    atomic_write_json(directory / f"{stem}.json", {"key": key, "files": list(documents)})


def _offsets(lengths: list[int]) -> list[int]:
    """``[0, l0, l0 + l1, ...]``: where each of the runs of these lengths starts (and ends)."""
    return [0, *accumulate(lengths)]


def _compact(values: Sequence[int] | np.ndarray) -> np.ndarray:
    """``values`` in the smallest integer type that holds them all (booleans as booleans):
    half the bytes to read, and to check, of int32 everywhere."""
    array = np.asarray(values)
    if array.dtype == np.bool_:
        return array
    if not len(array):
        return array.astype(np.int8)
    lo, hi = int(array.min()), int(array.max())
    if lo >= 0:
        return array.astype(np.min_scalar_type(hi))
    # signed: the type of the most negative of lo and -hi - 1 holds both
    return array.astype(np.min_scalar_type(min(lo, -hi - 1)))


def _read(directory: Path, stem: str, key: dict[str, Any]) -> SemcorStore:
    json_path, npz_path = directory / f"{stem}.json", directory / f"{stem}.npz"
    try:
        with open(json_path, encoding="utf-8") as handle:
            document = json.load(handle)
    except (OSError, ValueError) as exc:
        raise _Unusable(json_path, f"unusable corpus cache ({type(exc).__name__})") from exc
    if not isinstance(document, dict) or document.get("key") != key:
        raise _Unusable(json_path, "stale corpus cache (the corpus, WordNet or the code changed)")
    if not zipfile.is_zipfile(npz_path):
        raise _Unusable(npz_path, "unusable corpus cache (not an NPZ archive)")
    try:
        with np.load(npz_path, allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files}
        return _unpack(document["files"], arrays)
    except (OSError, ValueError, KeyError, TypeError, IndexError, zipfile.BadZipFile) as exc:
        raise _Unusable(npz_path, f"unusable corpus cache ({type(exc).__name__}: {exc})") from exc


def _unpack(files: list[str], a: dict[str, np.ndarray]) -> SemcorStore:
    """The store from the arrays, every record built in bulk: table columns by numpy ``take``
    on object arrays, tuples as slices of one longer tuple, records by :func:`_records`, the
    sentences a block at a time.  The frames are left to :class:`_FrameReader`."""
    strings = _strings(a["string_blob"], a["string_offsets"])
    # the strings as an object array with None last, so that index -1 (none) gives None
    string_array = _objects([*strings, None])

    def column(name: str) -> list[Any]:
        return _column(string_array, a[name])

    token_table = _objects(
        _records(
            Token,
            len(a["token_form"]),
            {
                "form": column("token_form"),
                "lemma": column("token_lemma"),
                "pos": column("token_pos"),
            },
        )
    )
    pairs = _objects(list(zip(column("pair_name"), column("pair_value"), strict=True)))
    attr_tuples = _objects(_slices(tuple(pairs.take(a["attr_pairs"]).tolist()), a["attr_offsets"]))
    note_table = _objects(
        _records(
            Annotation,
            len(a["note_lemma"]),
            {
                "lemma": column("note_lemma"),
                "tag": column("note_tag"),
                "senses": _slices(tuple(column("note_senses")), a["note_sense_offsets"]),
                "attrs": attr_tuples.take(a["note_attrs"]).tolist(),
            },
        )
    )
    bounds = a["sent_tokens"]
    sent_ids = column("sent_ids")
    if (
        len(bounds) != len(sent_ids) + 1
        or bounds[0] != 0
        or len(a["tokens"]) != bounds[-1]
        or len(a["annotations"]) != bounds[-1]
    ):
        raise ValueError("token arrays do not match the sentence offsets")
    doc_sentences = a["doc_sentences"]
    if (
        len(doc_sentences) != len(files) + 1
        or doc_sentences[0] != 0
        or doc_sentences[-1] != len(sent_ids)
        or _descends(doc_sentences)
    ):
        raise ValueError("sentence arrays do not match the file list")
    counts = np.diff(doc_sentences).tolist()
    sources = list(chain.from_iterable(map(repeat, [Path(n).name for n in files], counts)))
    items: list[AnnotatedSentence] = []
    starts = bounds.tolist()
    for lo in range(0, len(sent_ids), _SENTENCES):
        # a block of sentences at a time, so that the block's tokens, annotations and records
        # stay in the CPU's cache from one step to the next (all at once: 7% slower, measured
        # as 40 interleaved pairs of loads)
        hi = min(lo + _SENTENCES, len(sent_ids))
        first, end = starts[lo], starts[hi]
        cuts = bounds[lo : hi + 1] - first
        # the block's tokens (and annotations) in one tuple, each sentence's a slice of it:
        # its tokens and its annotations are cut at the same bounds, so they are equally
        # many (what AnnotatedSentence.__post_init__ checks, record by record)
        tokens = _slices(tuple(token_table.take(a["tokens"][first:end]).tolist()), cuts)
        notes = _slices(tuple(note_table.take(a["annotations"][first:end]).tolist()), cuts)
        sentences = _records(
            Sentence, hi - lo, {"id": sent_ids[lo:hi], "tokens": tokens, "source": sources[lo:hi]}
        )
        items += _records(
            AnnotatedSentence,
            hi - lo,
            {"sentence": sentences, "annotations": notes},
            checked=True,
        )
    bounds_by_doc = doc_sentences.tolist()
    documents = {
        name: items[lo:hi]
        for name, lo, hi in zip(files, bounds_by_doc[:-1], bounds_by_doc[1:], strict=True)
    }
    return SemcorStore(documents, _FrameReader(a, string_array, sent_ids))


def _column(string_array: np.ndarray, ids: np.ndarray) -> list[Any]:
    """The strings at ``ids`` (-1: None, the array's last item)."""
    if len(ids) and ids.min() < -1:
        raise IndexError("a string index below -1")
    return string_array.take(ids).tolist()


def _objects(values: list[Any]) -> np.ndarray:
    return np.fromiter(values, dtype=object, count=len(values))


def _slices(values: tuple[Any, ...], offsets: np.ndarray) -> list[tuple[Any, ...]]:
    """``values[offsets[k]:offsets[k + 1]]`` for every k: tuples, cut in one C loop."""
    bounds = offsets.tolist()
    if not bounds or bounds[0] != 0 or bounds[-1] != len(values) or _descends(offsets):
        raise ValueError("offsets do not cut the values in order")
    return list(map(values.__getitem__, map(slice, bounds[:-1], bounds[1:])))


def _descends(array: np.ndarray, *, strict: bool = False) -> bool:
    """Whether some item is below (``strict``: not above) the one before it.  (Compared, not
    ``np.diff``-ed: a difference of unsigned integers wraps around.)"""
    if strict:
        return bool(np.any(array[1:] <= array[:-1]))
    return bool(np.any(array[1:] < array[:-1]))


_MISSING = object()


def _records(cls: type, count: int, columns: dict[str, Any], *, checked: bool = False) -> list[Any]:
    """``count`` instances of the frozen, slotted dataclass ``cls``, one field at a time:
    ``columns`` maps fields to sequences of their ``count`` values; a field not given takes
    its default.  Equal to ``cls(**values)`` built one by one, in less than half the time:
    no ``__init__`` call per record, each field stored by its slot's descriptor (which a
    frozen dataclass's ``__setattr__`` does not guard).  Hence no ``__post_init__`` either: a
    class that has one is refused unless the caller has ``checked`` its invariant for every
    record in bulk."""
    if "__post_init__" in vars(cls) and not checked:
        raise TypeError(f"{cls.__name__} validates in __post_init__: check it in bulk")
    columns = dict(columns)
    setters, values = [], []
    for field in fields(cls):
        slot = getattr(cls, field.name, None)
        if not isinstance(slot, MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{field.name} is no slot")
        column = columns.pop(field.name, _MISSING)
        if column is _MISSING:
            if field.default is MISSING:
                raise TypeError(f"{cls.__name__}.{field.name}: no values and no default")
            column = [field.default] * count
        elif len(column) != count:
            raise ValueError(f"{cls.__name__}.{field.name}: {len(column)} values for {count}")
        setters.append(slot.__set__)
        values.append(column)
    if columns:
        raise TypeError(f"{cls.__name__} has no field {sorted(columns)[0]!r}")
    objects: list[Any] = []
    block = _BLOCK or count or 1
    for lo in range(0, count, block):
        # a block at a time, so that its records are still in the CPU's cache when the next
        # field is set
        hi = min(lo + block, count)
        made: list[Any] = list(map(object.__new__, repeat(cls, hi - lo)))
        for setter, column in zip(setters, values, strict=True):
            deque(map(setter, made, column[lo:hi]), maxlen=0)
        objects += made
    return objects


_BLOCK = 4096  # records at a time (_records)
_SENTENCES = 512  # sentences at a time (_unpack), some 10k tokens


class _FrameReader:
    """The cached frames, built a document at a time: the first frame asked for in a
    document builds all of that document's frames in bulk (:func:`_records`)."""

    def __init__(self, a: dict[str, np.ndarray], strings: np.ndarray, sent_ids: list[str]) -> None:
        _check_frames(a, int(a["sent_tokens"][-1]), len(strings) - 1)  # damaged: fails now
        self.a = a
        self.strings = strings
        self.sent_ids = sent_ids
        self.start: dict[str, int] = {}  # sentence id -> global index of its first token
        self.doc_tokens: list[int] = []  # where each document's tokens start, and the end
        self.doc_frames: list[int] = []  # where each document's frames start, and the end
        self.frames: dict[int, CaseFrame] = {}  # by the verb's global token index
        self.built: set[int] = set()  # documents whose frames are in self.frames

    def __call__(self, sentence_id: str, position: int) -> CaseFrame:
        if not self.start:
            bounds = self.a["sent_tokens"]
            self.start = dict(zip(self.sent_ids, bounds.tolist(), strict=False))
            doc_tokens = bounds[self.a["doc_sentences"]].astype(np.int64)
            self.doc_tokens = doc_tokens.tolist()
            self.doc_frames = np.searchsorted(self.a["frame_token"], doc_tokens).tolist()
        token = self.start[sentence_id] + position
        frame = self.frames.get(token)
        if frame is None:
            doc = bisect_right(self.doc_tokens, token) - 1
            if doc not in self.built and 0 <= doc < len(self.doc_tokens) - 1:
                self._build(self.doc_frames[doc], self.doc_frames[doc + 1])
                self.built.add(doc)  # after: a frame is never missing for being half-built
                frame = self.frames.get(token)
            if frame is None:
                raise KeyError((sentence_id, position))
        return frame

    def _build(self, lo: int, hi: int) -> None:
        """Frames ``lo`` to ``hi`` (a document's)."""
        if lo == hi:
            return
        a, strings = self.a, self.strings
        fillers = a["frame_fillers"][lo : hi + 1]
        f0, f1 = int(fillers[0]), int(fillers[-1])
        filler = _records(
            Filler,
            f1 - f0,
            {
                "lemma": _column(strings, a["filler_lemma"][f0:f1]),
                "sense": _column(strings, a["filler_sense"][f0:f1]),
                "cls": _column(strings, a["filler_class"][f0:f1]),
                "position": a["filler_position"][f0:f1].tolist(),
            },
        )
        labels = _column(strings, a["filler_label"][f0:f1])
        marks = a["frame_marks"][lo : hi + 1]
        m0, m1 = int(marks[0]), int(marks[-1])
        words = zip(
            _column(strings, a["mark_label"][m0:m1]),
            _column(strings, a["mark_word"][m0:m1]),
            strict=True,
        )
        frames = _records(
            CaseFrame,
            hi - lo,
            {
                "cases": _slices(tuple(zip(labels, filler, strict=True)), fillers - f0),
                "passive": a["frame_passive"][lo:hi].tolist(),
                "marks": _slices(tuple(words), marks - m0),
            },
        )
        self.frames.update(zip(a["frame_token"][lo:hi].tolist(), frames, strict=True))


def _check_frames(a: dict[str, np.ndarray], tokens: int, strings: int) -> None:
    """ValueError unless the frame arrays fit together (array reductions: a few ms), so that
    the frames built later from them cannot fail."""
    verbs = a["frame_token"]
    if len(verbs) and (verbs[0] < 0 or verbs[-1] >= tokens or _descends(verbs, strict=True)):
        raise ValueError("frame tokens out of order or out of range")
    if a["frame_passive"].dtype != np.bool_ or len(a["frame_passive"]) != len(verbs):
        raise ValueError("frame_passive does not match the frames")
    for bounds, columns in (
        ("frame_fillers", ("filler_label", "filler_lemma", "filler_sense", "filler_class")),
        ("frame_marks", ("mark_label", "mark_word")),
    ):
        offsets = a[bounds]
        if len(offsets) != len(verbs) + 1 or offsets[0] != 0 or _descends(offsets):
            raise ValueError(f"{bounds} do not match the frames")
        for name in columns:
            ids = a[name]
            if len(ids) != offsets[-1] or (len(ids) and (ids.min() < -1 or ids.max() >= strings)):
                raise ValueError(f"{name} does not match {bounds} or the strings")
    if len(a["filler_position"]) != a["frame_fillers"][-1]:
        raise ValueError("filler_position does not match frame_fillers")
