"""Annotated documents and the case frames of their verb tokens, stored as columns: the disk
form of the caches of parsed corpora (:mod:`wsd.corpus`'s SemCor cache) and of WordNet's
example sentences made into documents (:mod:`wsd.text.wordnet_documents`).

:func:`encode_store` gives JSON data (the document names and every distinct string once) and
int32 arrays (the records as columns indexing those strings and each other), for
:meth:`thesaurus.utils.disk_cache.DiskCache.write`; :func:`decode_store` gives the
:class:`DocumentStore` back, equal record for record (a token, annotation, sentence with its
source and language, and frame), or raises ``ValueError``/``IndexError``/``KeyError`` when
the arrays do not fit together (read by :class:`~thesaurus.utils.disk_cache.DiskCache` as a
damaged cache).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import accumulate
from typing import Any

import numpy as np

from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Filler, Sentence, Token

__all__ = ["DocumentStore", "decode_store", "encode_store", "store_of", "verb_frames"]

_Frames = Mapping[tuple[str, int], CaseFrame]  # (sentence id, token position) -> frame


class DocumentStore:
    """Documents by name (each a list of annotated sentences, sentence ids unique in the
    store) and the case frame of some of their tokens (:meth:`frame`)."""

    def __init__(
        self,
        documents: dict[str, list[AnnotatedSentence]],
        frame: Callable[[str, int], CaseFrame],
    ) -> None:
        self.documents = documents
        self._frame = frame

    def frame(self, sentence_id: str, position: int) -> CaseFrame:
        """The frame of the token at ``position`` of sentence ``sentence_id`` (``KeyError``
        if the store holds none for it)."""
        return self._frame(sentence_id, position)


def verb_frames(
    documents: Iterable[Sequence[AnnotatedSentence]],
    frame: Callable[[Sentence, int], CaseFrame],
    is_verb: Callable[[Annotation], bool],
) -> dict[tuple[str, int], CaseFrame]:
    """``frame(sentence, position)`` of every token whose annotation ``is_verb`` accepts, by
    ``(sentence id, position)``."""
    return {
        (item.sentence.id, i): frame(item.sentence, i)
        for items in documents
        for item in items
        for i, note in enumerate(item.annotations)
        if is_verb(note)
    }


def store_of(documents: dict[str, list[AnnotatedSentence]], frames: _Frames) -> DocumentStore:
    """The store of ``documents`` and ``frames`` held in memory."""
    return DocumentStore(documents, lambda sentence_id, i: frames[(sentence_id, i)])


class _Table(dict[Any, int]):
    """Distinct values -> their rows, in order of first use."""

    def __call__(self, value: Hashable) -> int:
        return self.setdefault(value, len(self))


def encode_store(
    documents: dict[str, list[AnnotatedSentence]], frames: _Frames
) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The JSON data and the arrays of ``documents`` and ``frames`` (module docstring)."""
    text, tokens, notes = _Table({None: 0}), _Table(), _Table()
    c: dict[str, list[int]] = {
        name: [] for name in ("sent_ids", "sent_source", "sent_lang", "tokens", "annotations")
    }
    c |= {"sent_tokens": [0], "doc_sentences": [0]}
    start = {}  # sentence id -> index of its first token among all
    for items in documents.values():
        for item in items:
            sentence = item.sentence
            start[sentence.id] = len(c["tokens"])
            c["sent_ids"].append(text(sentence.id))
            c["sent_source"].append(text(sentence.source))
            c["sent_lang"].append(text(sentence.lang))
            c["tokens"] += map(tokens, sentence.tokens)
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
    return {"documents": list(documents), "strings": list(text)}, arrays


def _offsets(lengths: Iterable[int]) -> list[int]:
    """``[0, l0, l0 + l1, ...]``: where each run of these lengths starts (and the end)."""
    return [0, *accumulate(lengths)]


def decode_store(data: dict[str, Any], a: dict[str, np.ndarray]) -> DocumentStore:
    """The store of the JSON data and arrays of :func:`encode_store`; an error if they do not
    fit together."""
    strings = data["strings"]

    def text(name: str) -> list[Any]:
        return _take(strings, a[name])

    tokens = list(map(Token, text("token_form"), text("token_lemma"), text("token_pos")))
    senses = _runs(text("note_senses"), a["note_sense_offsets"])
    attrs = _runs(list(zip(text("attr_name"), text("attr_value"), strict=True)), a["attr_offsets"])
    notes = list(map(Annotation, text("note_lemma"), text("note_tag"), senses, attrs))
    sentence_ids = text("sent_ids")
    words = _runs(_take(tokens, a["tokens"]), a["sent_tokens"])
    sentences = list(map(Sentence, sentence_ids, words, text("sent_source"), text("sent_lang")))
    notes_by_sentence = _runs(_take(notes, a["annotations"]), a["sent_tokens"])
    items = list(map(AnnotatedSentence, sentences, notes_by_sentence))
    names: list[str] = data["documents"]
    by_document = _runs(items, a["doc_sentences"])
    documents = {name: list(run) for name, run in zip(names, by_document, strict=True)}
    first_token = dict(zip(sentence_ids, a["sent_tokens"].tolist(), strict=False))
    return DocumentStore(documents, _StoredFrames(a, strings, first_token))


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


class _StoredFrames:
    """The stored frames, each built when asked for (checked as a whole at once)."""

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
