"""wsd.text.wordnet_documents: WordNet's example documents cached beside the tagger file, for
hand-made synsets (``verb_synsets`` replaced); reference: the same synsets passed, never cached."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import wsd.text.wordnet_examples as examples_module
from thesaurus.wordnet.verb_examples import VerbSynset
from wsd.frames import ClassEntry, ClassTable
from wsd.text import Tagger, save_tagger
from wsd.text.wordnet_examples import WordNetExamples, wordnet_examples

pytestmark = pytest.mark.integration
Fresh = Callable[..., WordNetExamples]


NAMES = ("sigh", "abandon", "abhor", "not_there", "take_out")


@pytest.fixture()
def chosen(synsets: dict[str, VerbSynset]) -> tuple[VerbSynset, ...]:
    return tuple(synsets[name] for name in NAMES)


@pytest.fixture()
def tagger_file(
    tmp_path: Path, tagger: Tagger, monkeypatch: pytest.MonkeyPatch, chosen: tuple[VerbSynset, ...]
) -> Path:
    """A tagger file, with "all of WordNet's synsets" being the ``chosen`` ones."""
    monkeypatch.setattr(examples_module, "verb_synsets", lambda: chosen)
    path = tmp_path / "semcor-tagger.json"
    save_tagger(tagger, path)
    return path


@pytest.fixture()
def fresh(tagger: Tagger, chosen: tuple[VerbSynset, ...]) -> Callable[..., WordNetExamples]:
    return lambda **options: wordnet_examples(tagger=tagger, synsets=chosen, **options)


def cached(tagger_file: Path, **options: Any) -> WordNetExamples:
    return wordnet_examples(tagger=tagger_file, **options)


def no_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, a call that builds instead of reading the cache fails."""

    def fail() -> None:
        raise AssertionError("built, not read from the cache")

    monkeypatch.setattr(examples_module, "verb_synsets", fail)


def documents(folder: Path) -> list[Path]:
    return sorted(folder.glob("wordnet-examples-documents-*.json"))


def test_the_cache_gives_what_a_fresh_build_gives(
    tagger_file: Path, fresh: Fresh, monkeypatch: pytest.MonkeyPatch
) -> None:
    want = fresh()
    assert not documents(tagger_file.parent)
    built = cached(tagger_file)
    (stored,) = documents(tagger_file.parent)
    assert stored.with_suffix(".npz").is_file()
    no_build(monkeypatch)
    again = cached(tagger_file)
    assert want == built == again  # instances, counts and skips
    assert len(want.instances) > 10 and want.skipped and want.counts["from-templates"]
    assert any(x.frame and x.frame.cases for x in again.instances)  # frames are compared
    assert len({x.sentence.source for x in again.instances}) == 2  # data.verb and sents.vrb


@pytest.mark.parametrize(
    "options",
    [
        {"frames": False},
        {"context_window": 1},
        {"context_window": "document"},
        {"classes": ClassTable.from_entries([("man", ClassEntry("group", kind="name"))])},
    ],
    ids=["no-frames", "window-1", "document", "classes"],
)
def test_loader_options_are_served_by_the_same_cache(
    tagger_file: Path, fresh: Fresh, monkeypatch: pytest.MonkeyPatch, options: dict[str, Any]
) -> None:
    cached(tagger_file)
    no_build(monkeypatch)
    assert cached(tagger_file, **options) == fresh(**options)
    assert len(documents(tagger_file.parent)) == 1


@pytest.mark.filterwarnings("ignore:stale tagged")  # without templates: other texts to tag
def test_making_options_have_caches_of_their_own(tagger_file: Path, fresh: Fresh) -> None:
    for substitute, templates in [(True, True), (False, True), (True, False)]:
        options = {"substitute": substitute, "templates": templates}
        assert cached(tagger_file, **options) == fresh(**options)
    assert len(documents(tagger_file.parent)) == 3


@pytest.mark.filterwarnings("ignore:stale tagged")  # the tagging, cached beside it, too
def test_a_changed_tagger_file_rebuilds_the_cache(tagger_file: Path, fresh: Fresh) -> None:
    cached(tagger_file)
    stat = tagger_file.stat()
    os.utime(tagger_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    with pytest.warns(RuntimeWarning, match="stale WordNet example documents cache"):
        assert cached(tagger_file) == fresh()


@pytest.mark.parametrize("damage", ["npz", "counts", "names"])
def test_a_damaged_cache_is_rebuilt(tagger_file: Path, fresh: Fresh, damage: str) -> None:
    cached(tagger_file)
    (stored,) = documents(tagger_file.parent)
    if damage == "npz":
        stored.with_suffix(".npz").write_bytes(b"not a zip")
    else:
        data = json.loads(stored.read_text(encoding="utf-8"))
        if damage == "counts":
            data["counts"] = [1, 2]
        else:
            data["documents"] = data["documents"][:-1]  # one name short
        stored.write_text(json.dumps(data), encoding="utf-8")
    with pytest.warns(RuntimeWarning, match="unusable WordNet example documents cache"):
        assert cached(tagger_file) == fresh()
    assert cached(tagger_file) == fresh()  # rebuilt and saved: served without a word


def test_a_tagger_object_caches_nothing(
    tmp_path: Path, tagger: Tagger, chosen: tuple[VerbSynset, ...]
) -> None:
    wordnet_examples(tagger=tagger, synsets=chosen[:1])
    assert list(tmp_path.iterdir()) == []
