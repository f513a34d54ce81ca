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

Arrays (token-level ones have one entry per token of the corpus, in file order):
``doc_sentences`` (sentence offsets per file), ``sent_tokens`` (token offsets per sentence),
``tokens`` and ``annotations`` (indices into the JSON's token and annotation tables),
``frame_token`` (the token index of each framed verb), ``frame_fillers`` (filler offsets per
frame), ``frame_passive``, and per filler ``filler_label``, ``filler_lemma``, ``filler_sense``,
``filler_class`` (indices into the JSON's strings, -1 for none) and ``filler_position``.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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

CACHE_FORMAT = 1
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


@dataclass(slots=True)
class SemcorStore:
    """A parsed SemCor: every file's annotated sentences, and the frame of every verb token
    under the default class table (``frames[(sentence id, position)]``)."""

    documents: dict[str, list[AnnotatedSentence]]
    frames: dict[tuple[str, int], CaseFrame]


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
    stem = "semcor-" + hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
    names = {cached_name(root, p): p for p in paths}
    key = {
        "format": CACHE_FORMAT,
        "code": _code_digest(),
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
    store = SemcorStore(documents, frames)
    try:
        _save(directory, stem, key, store)
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


class _Table:
    """Values -> dense indices, first come first numbered."""

    def __init__(self) -> None:
        self.index: dict[Any, int] = {}

    def __call__(self, value: Any) -> int:
        found = self.index.get(value)
        if found is None:
            found = self.index[value] = len(self.index)
        return found

    def values(self) -> list[Any]:
        return list(self.index)


def _save(directory: Path, stem: str, key: dict[str, Any], store: SemcorStore) -> None:
    tokens, notes, strings = _Table(), _Table(), _Table()
    doc_sentences, sent_tokens, sent_ids = [0], [0], []
    token_ids: list[int] = []
    note_ids: list[int] = []
    where: dict[tuple[str, int], int] = {}  # (sentence id, position) -> token index
    for items in store.documents.values():
        for item in items:
            sentence = item.sentence
            sent_ids.append(sentence.id)
            for i, (token, note) in enumerate(zip(sentence.tokens, item.annotations, strict=True)):
                where[(sentence.id, i)] = len(token_ids)
                token_ids.append(tokens((token.form, token.lemma, token.pos)))
                note_ids.append(notes((note.lemma, note.tag, note.senses, note.attrs)))
            sent_tokens.append(len(token_ids))
        doc_sentences.append(len(sent_ids))
    frame_token, frame_fillers, passive = [], [0], []
    label, lemma, sense, cls, position = [], [], [], [], []
    for (sentence_id, i), frame in store.frames.items():
        frame_token.append(where[(sentence_id, i)])
        passive.append(frame.passive)
        for case, filler in frame.cases:
            label.append(strings(case))
            lemma.append(strings(filler.lemma))
            sense.append(-1 if filler.sense is None else strings(filler.sense))
            cls.append(-1 if filler.cls is None else strings(filler.cls))
            position.append(filler.position)
        frame_fillers.append(len(label))
    atomic_save_npz(
        directory / f"{stem}.npz",
        doc_sentences=np.asarray(doc_sentences, np.int64),
        sent_tokens=np.asarray(sent_tokens, np.int64),
        tokens=np.asarray(token_ids, np.int32),
        annotations=np.asarray(note_ids, np.int32),
        frame_token=np.asarray(frame_token, np.int64),
        frame_fillers=np.asarray(frame_fillers, np.int64),
        frame_passive=np.asarray(passive, np.bool_),
        filler_label=np.asarray(label, np.int32),
        filler_lemma=np.asarray(lemma, np.int32),
        filler_sense=np.asarray(sense, np.int32),
        filler_class=np.asarray(cls, np.int32),
        filler_position=np.asarray(position, np.int32),
    )
    document = {
        "key": key,
        "files": list(store.documents),
        "sentence_ids": sent_ids,
        "tokens": tokens.values(),
        "annotations": [
            [lem, tag, list(senses), [list(pair) for pair in attrs]]
            for lem, tag, senses, attrs in notes.values()
        ],
        "strings": strings.values(),
    }
    directory.mkdir(parents=True, exist_ok=True)
    atomic_write_json(directory / f"{stem}.json", document, indent=None)


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
        return _unpack(document, arrays)
    except (OSError, ValueError, KeyError, TypeError, IndexError, zipfile.BadZipFile) as exc:
        raise _Unusable(npz_path, f"unusable corpus cache ({type(exc).__name__}: {exc})") from exc


def _unpack(document: dict[str, Any], a: dict[str, np.ndarray]) -> SemcorStore:
    token_table = [Token(form, lemma, pos) for form, lemma, pos in document["tokens"]]
    note_table = [
        Annotation(lem, tag, tuple(senses), tuple((k, v) for k, v in attrs))
        for lem, tag, senses, attrs in document["annotations"]
    ]
    tokens = [token_table[i] for i in a["tokens"].tolist()]
    notes = [note_table[i] for i in a["annotations"].tolist()]
    if len(tokens) != int(a["sent_tokens"][-1]):
        raise ValueError("token arrays do not match the sentence offsets")
    sent_ids: list[str] = document["sentence_ids"]
    sent_tokens = a["sent_tokens"].tolist()
    doc_sentences = a["doc_sentences"].tolist()
    documents: dict[str, list[AnnotatedSentence]] = {}
    for d, name in enumerate(document["files"]):
        source = Path(name).name
        items = []
        for s in range(doc_sentences[d], doc_sentences[d + 1]):
            lo, hi = sent_tokens[s], sent_tokens[s + 1]
            sentence = Sentence(sent_ids[s], tuple(tokens[lo:hi]), source)
            items.append(AnnotatedSentence(sentence, tuple(notes[lo:hi])))
        documents[name] = items
    # the sentence of every framed verb token, and the verb's position in it
    bounds = a["sent_tokens"]
    owner = np.searchsorted(bounds, a["frame_token"], side="right") - 1
    places = (a["frame_token"] - bounds[owner]).tolist()
    strings: list[str] = document["strings"]
    label, lemma = a["filler_label"].tolist(), a["filler_lemma"].tolist()
    sense, cls = a["filler_sense"].tolist(), a["filler_class"].tolist()
    position, offsets = a["filler_position"].tolist(), a["frame_fillers"].tolist()
    passive = a["frame_passive"].tolist()
    frames: dict[tuple[str, int], CaseFrame] = {}
    for f, (s, place) in enumerate(zip(owner.tolist(), places, strict=True)):
        cases = tuple(
            (
                strings[label[k]],
                Filler(
                    strings[lemma[k]],
                    strings[sense[k]] if sense[k] >= 0 else None,
                    strings[cls[k]] if cls[k] >= 0 else None,
                    position[k],
                ),
            )
            for k in range(offsets[f], offsets[f + 1])
        )
        frames[(sent_ids[s], place)] = CaseFrame(cases, bool(passive[f]))
    return SemcorStore(documents, frames)
