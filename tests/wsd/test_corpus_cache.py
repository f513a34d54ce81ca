"""The SemCor parse cache: a warm load gives what parsing gives; a stale cache is rebuilt."""

from __future__ import annotations

import gc
import os
import shutil
import warnings
from collections.abc import Callable
from dataclasses import astuple
from pathlib import Path

import numpy as np
import pytest

import wsd.corpus._semcor_cache as corpus_cache
from thesaurus.utils.disk_cache import collector_paused
from wsd.corpus import load_corpus, read_semcor
from wsd.corpus.document_store import DocumentStore
from wsd.frames import ClassEntry, ClassTable, extract_frame
from wsd.types import AnnotatedSentence, Annotation, Filler, Sentence, Token


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv("WSD_CORPUS_CACHE", str(directory))
    return directory


@pytest.fixture
def root(tmp_path: Path, data_dir: Path) -> Path:
    """A two-file SemCor directory made of the hand-written fixture."""
    root = tmp_path / "semcor" / "brown1" / "tagfiles"
    root.mkdir(parents=True)
    text = (data_dir / "corpus" / "br-x01").read_text(encoding="utf-8")
    (root / "br-x01").write_text(text, encoding="utf-8")
    (root / "br-x02").write_text(text.replace("br-x01", "br-x02"), encoding="utf-8")
    return tmp_path / "semcor"


def _everything(root: Path, **options: object) -> list[tuple[object, ...]]:
    corpus = load_corpus(root, context_window=1, **options)  # type: ignore[arg-type]
    return [
        (i.id, i.lemma, i.gold, i.sentence, i.position, i.frame, i.context, i.filler_gold)
        for i in corpus.instances
    ] + [corpus.stats.as_dict()]


def test_a_warm_load_gives_what_parsing_gives(cache: Path, root: Path) -> None:
    parsed = _everything(root, cache=False)
    assert not cache.exists()
    built = _everything(root)  # builds the cache
    assert sorted(p.suffix for p in cache.iterdir()) == [".json", ".npz"]
    warm = _everything(root)
    assert parsed == built == warm
    assert any(row[5] for row in warm[:-1])  # frames are compared, not all empty
    assert any(row[5].marks for row in warm[:-1] if row[5])  # marks are kept too
    x02 = list(read_semcor(root / "brown1" / "tagfiles" / "br-x02"))
    assert _store(root).documents["brown1/tagfiles/br-x02"] == x02


def test_a_changed_tag_file_rebuilds_the_cache(cache: Path, root: Path) -> None:
    load_corpus(root)
    path = root / "brown1" / "tagfiles" / "br-x02"
    text = path.read_text(encoding="utf-8").replace("approved", "accepted")
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(1, 1))  # even a write within the same mtime tick changes the size
    with pytest.warns(RuntimeWarning, match="stale corpus cache"):
        corpus = load_corpus(root)
    forms = {i.token.form for i in corpus.instances if i.lemma == "approve"}
    assert forms == {"approved", "accepted"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the rebuilt cache is used without a word
        assert _everything(root) == _everything(root, cache=False)


def test_a_damaged_cache_is_rebuilt_with_one_warning(cache: Path, root: Path) -> None:
    load_corpus(root)
    (npz,) = cache.glob("*.npz")
    npz.write_bytes(b"not a zip")
    with pytest.warns(RuntimeWarning, match="unusable corpus cache") as record:
        assert _everything(root) == _everything(root, cache=False)
    assert len(record) == 1 and str(npz) in str(record[0].filename)


def test_a_custom_class_table_extracts_afresh(cache: Path, root: Path) -> None:
    load_corpus(root)  # the cache holds the default table's frames
    table = ClassTable.from_entries([("springfield_parks_board", ClassEntry("group", kind="name"))])
    corpus = load_corpus(root, classes=table)
    for instance in corpus.instances:
        assert instance.frame == extract_frame(instance.sentence, instance.position, classes=table)
    assert any(
        f.cls == "group" for i in corpus.instances for _, f in (i.frame.cases if i.frame else ())
    )


def test_old_corpora_are_evicted(cache: Path, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus_cache, "KEEP", 2)
    copies = []
    for n in range(4):
        copy = root.parent / f"copy{n}"
        shutil.copytree(root, copy)
        copies.append(copy)
        load_corpus(copy)
    assert len(list(cache.glob("*.json"))) == len(list(cache.glob("*.npz"))) == 2
    load_corpus(copies[-1])  # the newest are kept: no rebuild, no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_corpus(copies[-1])


def test_an_unwritable_cache_directory_costs_only_the_cache(
    tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("WSD_CORPUS_CACHE", str(blocker / "cache"))
    with pytest.warns(RuntimeWarning, match="cannot write the corpus cache"):
        assert _everything(root) == _everything(root, cache=False)


def _verbs(items: list[AnnotatedSentence]) -> list[tuple[Sentence, int]]:
    return [
        (item.sentence, i)
        for item in items
        for i, note in enumerate(item.annotations)
        if note.tag.startswith("VB")
    ]


def _store(root: Path) -> DocumentStore:
    return corpus_cache.semcor_store(
        root,
        sorted(p for p in root.rglob("br-*")),
        lambda p: list(read_semcor(p)),
        extract_frame,
        lambda note: note.tag.startswith("VB"),
    )


def test_a_warm_load_builds_records_of_the_same_types(cache: Path, root: Path) -> None:
    _store(root)  # builds the cache
    warm = _store(root)
    for name, items in warm.documents.items():
        parsed = list(read_semcor(root / name))
        assert type(items) is list and items == parsed
        for got, want in zip(items, parsed, strict=True):
            assert type(got) is AnnotatedSentence and type(got.sentence) is Sentence
            assert type(got.sentence.tokens) is tuple and type(got.annotations) is tuple
            assert got.sentence.lang == want.sentence.lang
            assert got.sentence.source == Path(name).name
            assert hash(got) == hash(want)
            for token in got.sentence.tokens:
                assert type(token) is Token and all(type(v) is str for v in astuple(token))
            for note in got.annotations:
                assert type(note) is Annotation
                assert note.lemma is None or type(note.lemma) is str
                assert type(note.senses) is tuple and type(note.attrs) is tuple
                assert all(type(p) is tuple and len(p) == 2 for p in note.attrs)
    notes = [n for items in warm.documents.values() for i in items for n in i.annotations]
    assert any(n.lemma is None for n in notes)  # None survives the string table
    assert any(len(n.senses) > 1 for n in notes) and any(n.attrs for n in notes)


def test_warm_frames_equal_extraction_in_any_order(cache: Path, root: Path) -> None:
    _store(root)
    warm = _store(root)
    verbs = [v for items in warm.documents.values() for v in _verbs(items)]
    assert {s.source for s, _ in verbs} == {"br-x01", "br-x02"}  # frames of both documents
    for sentence, position in reversed(verbs):  # the last document's frames built first
        frame = warm.frame(sentence.id, position)
        assert frame == extract_frame(sentence, position)
        assert type(frame.passive) is bool and type(frame.cases) is tuple
        assert all(type(f) is Filler and type(f.position) is int for _, f in frame.cases)
        assert warm.frame(sentence.id, position) == frame  # asked twice
    assert any(warm.frame(s.id, p).cases for s, p in verbs)
    sentence, position = verbs[0]
    non_verb = next(
        i
        for i, note in enumerate(warm.documents["brown1/tagfiles/br-x01"][0].annotations)
        if not note.tag.startswith("VB")
    )
    first = warm.documents["brown1/tagfiles/br-x01"][0].sentence
    with pytest.raises(KeyError):
        warm.frame(first.id, non_verb)
    with pytest.raises(KeyError):
        warm.frame("no-such-sentence", 0)


def _swap(array: np.ndarray, i: int, j: int) -> np.ndarray:
    array = array.copy()
    array[[i, j]] = array[[j, i]]
    assert array[i] != array[j]
    return array


def _rewrite(npz: Path, change: Callable[[dict[str, np.ndarray]], None]) -> None:
    with np.load(npz) as archive:
        arrays = {name: archive[name] for name in archive.files}
    change(arrays)
    np.savez(npz, **arrays)


@pytest.mark.parametrize(
    "damage",
    [
        lambda a: a.update(tokens=a["tokens"][:-1]),  # a token short
        lambda a: a.update(sent_tokens=_swap(a["sent_tokens"], 1, 2)),  # out of order
        lambda a: a.update(note_sense_offsets=_swap(a["note_sense_offsets"], 3, 4)),
        lambda a: a.update(filler_lemma=np.full(len(a["filler_lemma"]), 10**6)),  # no such string
        lambda a: a.update(frame_token=a["frame_token"][::-1]),  # frames out of order
        lambda a: a.update(frame_fillers=a["frame_fillers"][:-1]),
        lambda a: a.update(note_lemma=a["note_lemma"] - 2),  # below -1 (None)
        lambda a: a.pop("mark_word"),
        lambda a: a.update(doc_sentences=_swap(a["doc_sentences"], 1, 2)),
    ],
)
def test_arrays_that_do_not_fit_together_are_rebuilt(
    cache: Path, root: Path, damage: Callable[[dict[str, np.ndarray]], None]
) -> None:
    parsed = _everything(root, cache=False)
    load_corpus(root)
    (npz,) = cache.glob("*.npz")
    _rewrite(npz, damage)
    with pytest.warns(RuntimeWarning, match="unusable corpus cache") as record:
        assert _everything(root) == parsed
    assert len(record) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # rebuilt: used without a word
        assert _everything(root) == parsed


def test_records_made_while_reading_skip_the_young_collections() -> None:
    """Reads go to the oldest generation; the collector's state and frozen objects stay."""
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        made = [object()]  # a container, tracked by the collector
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert any(o is made for o in gc.get_objects(generation=2))
    gc.disable()
    try:
        with collector_paused():
            kept_young = [object()]
        assert not gc.isenabled()  # whoever turned it off turns it back on
        assert not any(o is kept_young for o in gc.get_objects(generation=2))
    finally:
        gc.enable()
    frozen = [object()]
    gc.freeze()  # a program that keeps its objects frozen (say, before forking)
    try:
        count = gc.get_freeze_count()
        with collector_paused():
            [object()]
        assert gc.get_freeze_count() == count  # not unfrozen by the read
        assert not any(o is frozen for o in gc.get_objects(generation=2))
    finally:
        gc.unfreeze()
