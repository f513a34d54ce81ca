"""wsd.corpus.document_store: documents and case frames as columns and back, record for record."""

from __future__ import annotations

import numpy as np
import pytest

from wsd.corpus.document_store import (
    DocumentStore,
    decode_store,
    encode_store,
    store_of,
    verb_frames,
)
from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Filler, Sentence, Token


def item(sentence_id: str, words: str, source: str, lang: str = "en") -> AnnotatedSentence:
    pos = {True: "VERB", False: "NOUN"}
    tokens = tuple(Token(w, w.lower(), pos[w.endswith("s")]) for w in words.split())
    notes = tuple(
        Annotation(t.lemma, "VBZ", senses=("sigh%2:29:00::",), attrs=(("id", sentence_id),))
        if t.pos == "VERB"
        else Annotation(None, "NN")
        for t in tokens
    )
    return AnnotatedSentence(Sentence(sentence_id, tokens, source, lang), notes)


DOCUMENTS = {
    "a": [item("a.s1", "Mary sighs", "data.verb"), item("a.s2", "Sue nods", "other", "de")],
    "b": [item("b.s1", "Bill sighs loudly", "sents.vrb")],
    "empty": [],
}


def frame(sentence: Sentence, position: int) -> CaseFrame:
    subject = Filler(sentence.tokens[0].lemma, None, "person", 0)
    return CaseFrame((("subj", subject),), passive=position > 1, marks=(("adv", "x"),))


def round_trip() -> tuple[dict[tuple[str, int], CaseFrame], DocumentStore]:
    frames = verb_frames(DOCUMENTS.values(), frame, lambda note: note.tag.startswith("VB"))
    data, arrays = encode_store(DOCUMENTS, frames)
    return frames, decode_store(data, {k: np.asarray(v) for k, v in arrays.items()})


def test_documents_and_frames_come_back_equal() -> None:
    frames, store = round_trip()
    assert store.documents == DOCUMENTS
    assert [s.sentence.lang for s in store.documents["a"]] == ["en", "de"]
    assert set(frames) == {("a.s1", 1), ("a.s2", 1), ("b.s1", 1)}
    for (sentence_id, position), want in frames.items():
        assert store.frame(sentence_id, position) == want
    with pytest.raises(KeyError):
        store.frame("a.s1", 0)


def test_a_store_in_memory_serves_the_same_frames() -> None:
    frames, _ = round_trip()
    memory = store_of(DOCUMENTS, frames)
    assert memory.documents is DOCUMENTS
    assert memory.frame("b.s1", 1) == frames[("b.s1", 1)]


def test_names_that_do_not_fit_the_documents_are_an_error() -> None:
    data, arrays = encode_store(DOCUMENTS, {})
    with pytest.raises(ValueError):
        decode_store({**data, "documents": data["documents"][:-1]}, arrays)
