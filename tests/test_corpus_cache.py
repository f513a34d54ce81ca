"""The SemCor parse cache: a warm load gives exactly what parsing gives, and a cache that no
longer matches its corpus, WordNet or code is rebuilt, never served."""

from __future__ import annotations

import os
import shutil
import warnings
from pathlib import Path

import pytest

import wsd.corpus._cache as corpus_cache
from wsd.corpus import load_corpus, read_semcor
from wsd.frames import ClassEntry, ClassTable, extract_frame


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
    store = corpus_cache.semcor_store(
        root,
        sorted(root.rglob("br-*")),
        lambda p: list(read_semcor(p)),
        extract_frame,
        lambda note: note.tag.startswith("VB"),
    )
    assert store.documents["brown1/tagfiles/br-x02"] == list(
        read_semcor(root / "brown1" / "tagfiles" / "br-x02")
    )


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
