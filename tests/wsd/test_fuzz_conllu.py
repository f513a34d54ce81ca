"""Fuzz targets for CoNLL-U and text: valid files round-trip, with every verb token counted;
mutated files and any text end in a result or the toolkit's one-line error naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fuzzing import FUZZ, Draw, mutated, mutation_events, no_hang, read_or_fail
from hypothesis import given
from hypothesis import strategies as st

from thesaurus import ToolkitError
from wsd.corpus import load_corpus, read_conllu, write_conllu
from wsd.text import Tagger, read_text, text_instances

UPOS = ("VERB", "NOUN", "PRON", "ADP", "DET", "ADJ", "AUX", "PROPN", "PUNCT", "ADV")
DEPRELS = ("nsubj", "nsubj:pass", "obj", "iobj", "obl", "case", "det", "conj", "ccomp", "punct")
VERBS = ("make", "take", "give", "use", "run", "eat")
WORDS = st.text(alphabet=st.sampled_from("abcdefgxyzéあを"), min_size=1, max_size=6)


@st.composite
def conllu_files(draw: Draw) -> bytes:
    """Valid CoNLL-U: sentences with ids, words with UPOS, a tree or none, some targets."""
    targeted = draw(st.booleans())  # Instance= on some verbs, or every VERB a target
    sentences = []
    for s in range(draw(st.integers(1, 4))):
        tree = draw(st.booleans())
        lines = [f"# sent_id = d{s}", f"# text = sentence {s}"]
        for i in range(1, draw(st.integers(1, 7)) + 1):
            upos = draw(st.sampled_from(UPOS))
            form = draw(st.sampled_from(VERBS)) if upos == "VERB" else draw(WORDS)
            head = (0 if i == 1 else draw(st.integers(1, i - 1))) if tree else "_"
            deprel = ("root" if i == 1 else draw(st.sampled_from(DEPRELS))) if tree else "_"
            misc = []
            if upos == "VERB" and targeted and draw(st.booleans()):
                misc.append(f"Instance=d{s}.w{i}")
                if draw(st.booleans()):
                    misc.append(f"Sense={form}%2:30:00::")
            columns = [str(i), form, form, upos, "_", "_", str(head), deprel, "_"]
            lines.append("\t".join([*columns, "|".join(misc) or "_"]))
        sentences.append("\n".join(lines) + "\n")
    return ("\n".join(sentences) + "\n").encode("utf-8")


def _read(path: Path) -> list[Any]:
    with no_hang():
        return list(read_conllu(path))


def _load(path: Path) -> Any:
    with no_hang():
        corpus = load_corpus(path, fmt="conllu", require_gold=False, cache=False)
    stats = corpus.stats
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
    return corpus


@FUZZ
@given(conllu_files())
def test_conllu_valid_files_round_trip(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.mktemp("conllu") / "x.conllu"
    path.write_bytes(data)
    sentences = _read(path)
    again = tmp_path_factory.mktemp("again") / "x.conllu"  # same name: same document id
    write_conllu(sentences, again)
    assert _read(again) == sentences
    assert len(_load(path).instances) == len(_load(again).instances)


@FUZZ
@given(st.data())
def test_conllu_mutated_files_end_in_a_result_or_a_named_error(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    raw, names = data.draw(mutated(conllu_files()))
    mutation_events(names)
    path = tmp_path_factory.mktemp("conllu") / "m.conllu"
    path.write_bytes(raw)
    if read_or_fail(lambda: _read(path), [str(path)]) is not None:
        read_or_fail(lambda: _load(path), [str(path)])


@FUZZ
@given(text=st.text(max_size=300))
def test_any_text_gives_instances_or_a_named_error(small_tagger: Tagger, text: str) -> None:
    try:
        with no_hang():
            corpus = text_instances(text, doc="t", tagger=small_tagger)
    except ToolkitError as exc:
        assert "\n" not in str(exc), str(exc)
        return
    stats = corpus.stats
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
    assert all(instance.id.startswith("t.s") for instance in corpus.instances)


@FUZZ
@given(raw=st.binary(max_size=300))
def test_any_bytes_read_as_text_or_a_named_error(
    tmp_path_factory: pytest.TempPathFactory, raw: bytes
) -> None:
    path = tmp_path_factory.mktemp("text") / "t.txt"
    path.write_bytes(raw)
    read_or_fail(lambda: read_text(path), [str(path)])
