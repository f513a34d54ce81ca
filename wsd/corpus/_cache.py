"""SemCor parsed once: a disk cache of the normalised tokens, their annotations and the case
frames of every verb token, so that a warm load skips parsing, lemmatising and extraction.

One cache per corpus root (a SemCor directory or one tag file), under :func:`cache_dir`
(``$WSD_CORPUS_CACHE``, else ``~/.cache/verb-wsd/corpora``), as ``semcor-<hash>.npz``
(integer arrays) + ``semcor-<hash>.json`` (the string tables and the **cache key**; written
last, so a half-written pair never matches).  No pickle: loading runs no code.

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

Arrays (the JSON holds only the key and the file names): every string once, in
``string_blob`` (UTF-8) with ``string_offsets`` (in characters), and integers pointing into it
(-1 for none): the distinct tokens (``token_form``, ``token_lemma``, ``token_pos``) and
annotations (``note_lemma``, ``note_tag``, ``note_senses`` space-joined, ``note_attrs``
tab-joined ``k=v``); per token of the corpus, in file order, ``tokens`` and ``annotations``
(indices into those tables) and ``frame_of_token`` (-1: no frame); ``doc_sentences``
(sentence offsets per file), ``sent_tokens`` (token offsets per sentence), ``sent_ids``;
``frame_fillers`` (filler offsets per frame), ``frame_passive``, and per filler
``filler_label``, ``filler_lemma``, ``filler_sense``, ``filler_class``, ``filler_position``;
``frame_marks`` (mark offsets per frame) and per mark ``mark_label``, ``mark_word``.
Frames are built only when asked for (:meth:`SemcorStore.frame`).
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
import zipfile
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from thesaurus._cache import stamp_files
from thesaurus._morphy import morphy_source_key
from thesaurus.io import atomic_save_npz, atomic_write_json
from thesaurus.wordnet_data import data_dir

from ..types import AnnotatedSentence, Annotation, CaseFrame, Filler, Sentence, Token

__all__ = ["CACHE_FORMAT", "SemcorStore", "cache_dir", "cached_name", "semcor_store"]

CACHE_FORMAT = 3  # 2: strings in one blob, frames built on demand; 3: frame marks
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
    """Strings -> dense indices, stored as one UTF-8 blob with character offsets."""

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
        text = "".join(self.index)
        offsets = np.zeros(len(self.index) + 1, np.int64)
        np.cumsum([len(v) for v in self.index], out=offsets[1:])
        return np.frombuffer(text.encode("utf-8"), np.uint8), offsets


def _strings(blob: np.ndarray, offsets: np.ndarray) -> list[str]:
    text = blob.tobytes().decode("utf-8")
    bounds = offsets.tolist()
    return [text[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]


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
    frame_of_token = np.full(len(token_ids), -1, np.int32)
    frame_fillers: list[int] = [0]
    frame_marks: list[int] = [0]
    passive: list[bool] = []
    mark_label, mark_word = [], []
    label, lemma, sense, cls, position = [], [], [], [], []
    for (sentence_id, i), frame in frames.items():
        frame_of_token[sentence_start[sentence_id] + i] = len(passive)
        passive.append(frame.passive)
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
    ints = {
        "token_form": [strings(t.form) for t in tokens],
        "token_lemma": [strings(t.lemma) for t in tokens],
        "token_pos": [strings(t.pos) for t in tokens],
        "note_lemma": [strings(n.lemma) for n in notes],
        "note_tag": [strings(n.tag) for n in notes],
        "note_senses": [strings(" ".join(n.senses)) for n in notes],
        "note_attr_pairs": [strings(f"{k}={v}") for n in notes for k, v in n.attrs],
        "filler_label": label,
        "filler_lemma": lemma,
        "filler_sense": sense,
        "filler_class": cls,
        "filler_position": position,
        "mark_label": mark_label,
        "mark_word": mark_word,
        "sent_ids": sent_ids,
        "tokens": token_ids,
        "annotations": note_ids,
    }
    attr_offsets = np.zeros(len(notes) + 1, np.int64)
    np.cumsum([len(n.attrs) for n in notes], out=attr_offsets[1:])
    blob, offsets = strings.arrays()
    atomic_save_npz(
        directory / f"{stem}.npz",
        compress=False,  # 16 MB instead of 5: read in a third of the time
        doc_sentences=np.asarray(doc_sentences, np.int64),
        sent_tokens=np.asarray(sent_tokens, np.int64),
        frame_of_token=frame_of_token,
        frame_fillers=np.asarray(frame_fillers, np.int64),
        frame_marks=np.asarray(frame_marks, np.int64),
        frame_passive=np.asarray(passive, np.bool_),
        note_attr_offsets=attr_offsets,
        string_blob=blob,
        string_offsets=offsets,
        **{name: np.asarray(values, np.int32) for name, values in ints.items()},
    )
    directory.mkdir(parents=True, exist_ok=True)
    atomic_write_json(directory / f"{stem}.json", {"key": key, "files": list(documents)})


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
    strings = _strings(a["string_blob"], a["string_offsets"])

    def column(name: str) -> list[str | None]:
        return [strings[i] if i >= 0 else None for i in a[name].tolist()]

    def text(name: str) -> list[str]:
        return [strings[i] for i in a[name].tolist()]

    token_table = [
        Token(form, lemma, pos)
        for form, lemma, pos in zip(
            text("token_form"), text("token_lemma"), text("token_pos"), strict=True
        )
    ]
    pair_ids = a["note_attr_pairs"].tolist()
    pairs = {i: _pair(strings[i]) for i in set(pair_ids)}  # the distinct "k=v" strings
    attr_bounds = a["note_attr_offsets"].tolist()
    note_table = [
        Annotation(
            lem,
            tag,
            tuple(senses.split(" ")) if senses else (),
            tuple([pairs[j] for j in pair_ids[attr_bounds[k] : attr_bounds[k + 1]]]),
        )
        for k, (lem, tag, senses) in enumerate(
            zip(column("note_lemma"), text("note_tag"), text("note_senses"), strict=True)
        )
    ]
    tokens = _objects(token_table)[a["tokens"]].tolist()  # one C loop instead of 778k lookups
    notes = _objects(note_table)[a["annotations"]].tolist()
    bounds = a["sent_tokens"].tolist()
    if len(tokens) != bounds[-1] or len(notes) != bounds[-1]:
        raise ValueError("token arrays do not match the sentence offsets")
    sent_ids = [strings[i] for i in a["sent_ids"].tolist()]
    doc_sentences = a["doc_sentences"].tolist()
    documents: dict[str, list[AnnotatedSentence]] = {}
    for d, name in enumerate(files):
        source = Path(name).name
        items = []
        for s in range(doc_sentences[d], doc_sentences[d + 1]):
            lo, hi = bounds[s], bounds[s + 1]
            sentence = Sentence(sent_ids[s], tuple(tokens[lo:hi]), source)
            items.append(AnnotatedSentence(sentence, tuple(notes[lo:hi])))
        documents[name] = items
    return SemcorStore(documents, _FrameReader(a, strings, sent_ids, bounds))


def _objects(values: list[Any]) -> np.ndarray:
    return np.fromiter(values, dtype=object, count=len(values))


def _pair(item: str) -> tuple[str, str]:
    name, _, value = item.partition("=")
    return name, value


class _FrameReader:
    """Builds a cached frame from the arrays when it is asked for."""

    def __init__(
        self, a: dict[str, np.ndarray], strings: list[str], sent_ids: list[str], bounds: list[int]
    ) -> None:
        self.start = dict(zip(sent_ids, bounds, strict=False))
        self.frame_of = a["frame_of_token"]
        self.offsets = a["frame_fillers"].tolist()
        self.passive = a["frame_passive"].tolist()
        self.strings = strings
        self.label = a["filler_label"].tolist()
        self.lemma = a["filler_lemma"].tolist()
        self.sense = a["filler_sense"].tolist()
        self.cls = a["filler_class"].tolist()
        self.position = a["filler_position"].tolist()
        self.mark_offsets = a["frame_marks"].tolist()
        self.mark_label = a["mark_label"].tolist()
        self.mark_word = a["mark_word"].tolist()

    def __call__(self, sentence_id: str, position: int) -> CaseFrame:
        f = int(self.frame_of[self.start[sentence_id] + position])
        if f < 0:
            raise KeyError((sentence_id, position))
        text = self.strings
        cases = []
        for k in range(self.offsets[f], self.offsets[f + 1]):
            sense, cls = self.sense[k], self.cls[k]
            filler = Filler(
                text[self.lemma[k]],
                text[sense] if sense >= 0 else None,
                text[cls] if cls >= 0 else None,
                self.position[k],
            )
            cases.append((text[self.label[k]], filler))
        marks = tuple(
            (text[self.mark_label[k]], text[self.mark_word[k]])
            for k in range(self.mark_offsets[f], self.mark_offsets[f + 1])
        )
        return CaseFrame(tuple(cases), bool(self.passive[f]), marks)
