"""SemCor parsed once: a disk cache (:class:`~thesaurus.disk_cache.DiskCache`) of every tag
file's normalised tokens and annotations and of the case frame of every verb token.

One cache per corpus root under :func:`cache_dir` (``$WSD_CORPUS_CACHE``, else ``corpora``
beside the WordNet data), keeping the :data:`KEEP` most recently used, keyed by the tag
files' sizes and mtimes, the WordNet files read, a digest of the code and tables and
:data:`CACHE_FORMAT`.  Frames are cached for the default class table only.  Strings are
stored once in the JSON, the records as int32 columns indexing them (:func:`_encode`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from importlib import resources
from itertools import accumulate
from pathlib import Path
from typing import Any

import numpy as np

from thesaurus.disk_cache import DiskCache, code_digest, package_modules, stamp_files
from thesaurus.disk_cache import cache_dir as _cache_dir
from thesaurus.morphy import morphy_source_key

from ..types import AnnotatedSentence, Annotation, CaseFrame, Filler, Sentence, Token

__all__ = ["CACHE_FORMAT", "SemcorStore", "cache_dir", "cached_name", "semcor_store"]

CACHE_FORMAT = 5  # 5: strings in the JSON, plain columns
KEEP = 8
_CODE = (
    ("wsd", "normalise.py"),
    ("wsd", "types.py"),
    ("wsd.corpus", "semcor.py"),
    ("wsd.corpus", "_semcor_cache.py"),
    ("thesaurus", "morphy.py"),
)
_CODE_PACKAGES = ("wsd.frames",)
_TABLES = ("pronoun_classes.tsv", "name_classes.tsv")


def cache_dir() -> Path:
    """Where parsed corpora are cached (``$WSD_CORPUS_CACHE`` overrides)."""
    return _cache_dir("corpora", "WSD_CORPUS_CACHE")


def _code_digest() -> str:
    """A digest of the code and tables the cached records are made with."""
    parts = [resources.files(pkg) / name for pkg, name in _CODE]
    for pkg in _CODE_PACKAGES:
        parts += package_modules(pkg)
    parts += [resources.files("wsd") / "_data" / name for name in _TABLES]
    return code_digest(parts)


class SemcorStore:
    """A parsed SemCor: every file's annotated sentences (``documents``, by the file's path
    below the root) and the case frame of every verb token under the default class table
    (:meth:`frame`)."""

    def __init__(
        self,
        documents: dict[str, list[AnnotatedSentence]],
        frame: Callable[[str, int], CaseFrame],
    ) -> None:
        self.documents = documents
        self._frame = frame

    def frame(self, sentence_id: str, position: int) -> CaseFrame:
        """The frame of the verb token at ``position`` of sentence ``sentence_id``
        (``KeyError`` if that token is no verb)."""
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
    cache = DiskCache(cache_dir() if directory is None else directory, "corpus", False, KEEP)
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
    store = cache.read(stem, key, _decode)
    if store is not None:
        return store
    documents = {name: parse(path) for name, path in names.items()}
    frames = {
        (item.sentence.id, i): frame(item.sentence, i)
        for items in documents.values()
        for item in items
        for i, note in enumerate(item.annotations)
        if is_verb(note)
    }
    cache.write(stem, key, *_encode(documents, frames))
    return SemcorStore(documents, lambda sentence_id, i: frames[(sentence_id, i)])


def cached_name(root: Path, path: Path) -> str:
    """The name a tag file has in the cache of ``root``: its path below the root."""
    return path.name if root.is_file() else path.relative_to(root).as_posix()


class _Table(dict[Any, int]):
    """Distinct values -> their rows, in order of first use."""

    def __call__(self, value: Hashable) -> int:
        return self.setdefault(value, len(self))


def _encode(
    documents: dict[str, list[AnnotatedSentence]], frames: dict[tuple[str, int], CaseFrame]
) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The JSON data and the arrays of the store (module docstring)."""
    text, tokens, notes = _Table({None: 0}), _Table(), _Table()
    c: dict[str, list[int]] = {name: [] for name in ("sent_ids", "tokens", "annotations")}
    c |= {"sent_tokens": [0], "doc_sentences": [0]}
    start = {}  # sentence id -> index of its first token among all
    for items in documents.values():
        for item in items:
            start[item.sentence.id] = len(c["tokens"])
            c["sent_ids"].append(text(item.sentence.id))
            c["tokens"] += map(tokens, item.sentence.tokens)
            c["annotations"] += map(notes, item.annotations)
            c["sent_tokens"].append(len(c["tokens"]))
        c["doc_sentences"].append(len(c["sent_ids"]))
    for field in ("form", "lemma", "pos"):
        c[f"token_{field}"] = [text(getattr(token, field)) for token in tokens]
    c["note_lemma"] = [text(note.lemma) for note in notes]
    c["note_tag"] = [text(note.tag) for note in notes]
    c["note_senses"] = [text(sense) for note in notes for sense in note.senses]
    c["note_sense_offsets"] = _offsets(len(note.senses) for note in notes)
    c["attr_name"] = [text(name) for note in notes for name, _ in note.attrs]
    c["attr_value"] = [text(value) for note in notes for _, value in note.attrs]
    c["attr_offsets"] = _offsets(len(note.attrs) for note in notes)
    by_token = sorted((start[sid] + i, frame) for (sid, i), frame in frames.items())
    c["frame_token"] = [token for token, _ in by_token]
    cases = [case for _, frame in by_token for case in frame.cases]
    c["frame_fillers"] = _offsets(len(frame.cases) for _, frame in by_token)
    c["filler_label"] = [text(label) for label, _ in cases]
    for field in ("lemma", "sense", "cls"):
        c[f"filler_{field}"] = [text(getattr(filler, field)) for _, filler in cases]
    c["filler_position"] = [filler.position for _, filler in cases]
    marks = [mark for _, frame in by_token for mark in frame.marks]
    c["frame_marks"] = _offsets(len(frame.marks) for _, frame in by_token)
    c["mark_label"] = [text(label) for label, _ in marks]
    c["mark_word"] = [text(word) for _, word in marks]
    arrays = {name: np.asarray(values, dtype=np.int32) for name, values in c.items()}
    arrays["frame_passive"] = np.asarray([frame.passive for _, frame in by_token], dtype=bool)
    return {"files": list(documents), "strings": list(text)}, arrays


def _offsets(lengths: Iterable[int]) -> list[int]:
    """``[0, l0, l0 + l1, ...]``: where each run of these lengths starts (and the end)."""
    return [0, *accumulate(lengths)]


def _decode(document: dict[str, Any], a: dict[str, np.ndarray]) -> SemcorStore:
    """The store of the JSON data and arrays (module docstring); an error if they do not fit
    together."""
    strings = document["strings"]

    def text(name: str) -> list[Any]:
        return _take(strings, a[name])

    tokens = list(map(Token, text("token_form"), text("token_lemma"), text("token_pos")))
    senses = _runs(text("note_senses"), a["note_sense_offsets"])
    attrs = _runs(list(zip(text("attr_name"), text("attr_value"), strict=True)), a["attr_offsets"])
    notes = list(map(Annotation, text("note_lemma"), text("note_tag"), senses, attrs))
    sentence_ids = text("sent_ids")
    words = _runs(_take(tokens, a["tokens"]), a["sent_tokens"])
    notes_by_sentence = _runs(_take(notes, a["annotations"]), a["sent_tokens"])
    sentences = iter(zip(sentence_ids, words, notes_by_sentence, strict=True))
    files: list[str] = document["files"]
    documents = {}
    for name, items in zip(files, _runs(list(sentences), a["doc_sentences"]), strict=True):
        source = Path(name).name
        documents[name] = [
            AnnotatedSentence(Sentence(sid, toks, source), ann) for sid, toks, ann in items
        ]
    first_token = dict(zip(sentence_ids, a["sent_tokens"].tolist(), strict=False))
    return SemcorStore(documents, _Frames(a, strings, first_token))


def _take(table: Sequence[Any], ids: np.ndarray) -> list[Any]:
    """``table[i]`` for every ``i`` of ``ids`` (``IndexError`` for one out of range)."""
    if len(ids) and ids.min() < 0:
        raise IndexError(f"index {ids.min()} below 0")
    return np.fromiter(table, dtype=object, count=len(table))[ids].tolist()


def _runs(values: Sequence[Any], bounds: np.ndarray) -> list[tuple[Any, ...]]:
    """``values[bounds[k]:bounds[k + 1]]`` as tuples (``ValueError`` unless ``bounds`` start
    at 0, never descend and end at ``len(values)``)."""
    cuts = bounds.tolist()
    if not cuts or cuts[0] != 0 or cuts[-1] != len(values) or np.any(np.diff(bounds) < 0):
        raise ValueError("bounds that do not cut the values in order")
    whole = tuple(values)
    return [whole[lo:hi] for lo, hi in zip(cuts, cuts[1:], strict=False)]


class _Frames:
    """The cached frames, each built when asked for (checked as a whole at once)."""

    def __init__(self, a: dict[str, np.ndarray], strings: list[Any], first: dict[str, int]):
        verbs = a["frame_token"]
        if len(verbs) and (verbs.min() < 0 or np.any(np.diff(verbs) <= 0)):
            raise ValueError("frame tokens out of order")
        if len(a["frame_passive"]) != len(verbs) or a["frame_passive"].dtype != np.bool_:
            raise ValueError("frame_passive does not match the frames")
        self.first = first  # sentence id -> index of its first token among all
        self.index = {token: k for k, token in enumerate(verbs.tolist())}
        self.passive = a["frame_passive"].tolist()
        columns = [_take(strings, a[f"filler_{n}"]) for n in ("label", "lemma", "sense", "cls")]
        fillers = zip(*columns, a["filler_position"].tolist(), strict=True)
        self.fillers = _runs(list(fillers), a["frame_fillers"])
        marks = zip(_take(strings, a["mark_label"]), _take(strings, a["mark_word"]), strict=True)
        self.marks = _runs(list(marks), a["frame_marks"])
        if len(self.fillers) != len(verbs) or len(self.marks) != len(verbs):
            raise ValueError("frame bounds do not match the frames")

    def __call__(self, sentence_id: str, position: int) -> CaseFrame:
        k = self.index[self.first[sentence_id] + position]
        cases = tuple(
            (label, Filler(lemma, sense, cls, at))
            for label, lemma, sense, cls, at in self.fillers[k]
        )
        return CaseFrame(cases, self.passive[k], self.marks[k])
