"""wsd.text.tagged_texts: texts tagged once per tagger file, cached beside it (needs WordNet)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import wsd.text.tagged_texts as tagged_texts
from thesaurus import DataError
from wsd.text import Tagger, save_tagger, tag_text
from wsd.text.tagged_texts import tag_texts

pytestmark = pytest.mark.integration
TEXTS = ["She sighed sadly", "Exhale when you lift the weight", "Sam cannot abhor Sue. Twice."]


@pytest.fixture()
def tagger_file(tmp_path: Path, tagger: Tagger) -> Path:
    path = tmp_path / "semcor-tagger.json"
    save_tagger(tagger, path)
    return path


def fresh(tagger: Tagger) -> dict[str, list[object]]:
    return {text: [s.item for s in tag_text(text, tagger)] for text in TEXTS}


def test_without_a_file_nothing_is_cached(tmp_path: Path, tagger: Tagger) -> None:
    assert tag_texts(TEXTS + TEXTS[:1], tagger) == fresh(tagger)
    assert list(tmp_path.iterdir()) == []


def test_the_cache_gives_what_tagging_gives(tagger_file: Path, tagger: Tagger) -> None:
    first = tag_texts(TEXTS, tagger_file, name="t")
    (cached,) = tagger_file.parent.glob("t-tags-*.json")
    assert cached.is_file() and first == fresh(tagger)
    assert len(fresh(tagger)[TEXTS[2]]) == 2  # two sentences, kept apart
    arrays = cached.with_suffix(".npz")
    stamp = (arrays.stat().st_ino, arrays.stat().st_mtime_ns)  # a read touches the JSON only
    again = tag_texts(TEXTS, tagger_file, name="t")
    assert again == first and (arrays.stat().st_ino, arrays.stat().st_mtime_ns) == stamp


def test_a_stale_cache_is_rebuilt(tagger_file: Path, tagger: Tagger) -> None:
    tag_texts(TEXTS, tagger_file, name="t")
    (cached,) = tagger_file.parent.glob("t-tags-*.json")
    document = json.loads(cached.read_text())
    document["texts"][0][1][0][1][1][1] = "SIGHED-WRONG"  # a lemma nobody would make
    cached.write_text(json.dumps(document))
    assert (
        tag_texts(TEXTS, tagger_file, name="t")[TEXTS[0]][0].sentence.tokens[1].lemma
        == "SIGHED-WRONG"
    )  # same key: the stored tagging is served
    stat = tagger_file.stat()
    os.utime(tagger_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # the tagger changed
    with pytest.warns(RuntimeWarning, match="stale tagged t cache"):
        rebuilt = tag_texts(TEXTS, tagger_file, name="t")
    assert rebuilt == fresh(tagger)
    with pytest.warns(RuntimeWarning, match="stale"):  # other texts: another key
        assert tag_texts(TEXTS[:1], tagger_file, name="t") == {TEXTS[0]: fresh(tagger)[TEXTS[0]]}


def test_a_damaged_cache_is_rebuilt(tagger_file: Path, tagger: Tagger) -> None:
    tag_texts(TEXTS, tagger_file, name="t")
    (cached,) = tagger_file.parent.glob("t-tags-*.json")
    document = json.loads(cached.read_text())
    document["texts"] = [["x", [["s", [["too", "short"]]]]]]
    cached.write_text(json.dumps(document))
    with pytest.warns(RuntimeWarning, match="unusable tagged t cache"):
        assert tag_texts(TEXTS, tagger_file, name="t") == fresh(tagger)


def test_the_tagger_file_is_read_only_when_needed(tagger_file: Path, tagger: Tagger) -> None:
    tag_texts(TEXTS, tagger_file, name="t")
    stat, size = tagger_file.stat(), tagger_file.stat().st_size
    tagger_file.write_bytes(b"x" * size)  # spoilt, with its size and mtime kept
    os.utime(tagger_file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert tag_texts(TEXTS, tagger_file, name="t") == fresh(tagger)  # from the cache
    with pytest.warns(RuntimeWarning, match="stale"), pytest.raises(DataError, match="not JSON"):
        tag_texts(["Other text"], tagger_file, name="t")
    with pytest.raises(DataError, match="cannot read tagger file .*none.json"):
        tag_texts(TEXTS, tagger_file.parent / "none.json", name="t")


def test_other_code_versions_caches_are_pruned_not_the_tagger(
    tagger_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for version in range(tagged_texts.KEEP + 2):
        monkeypatch.setattr(tagged_texts, "_code_digest", lambda v=version: f"code{v}")
        tag_texts(TEXTS, tagger_file, name="t")
        used = (version + 1) * 10**9  # a clock of our own: the file system's may tie
        os.utime(tagger_file.parent / f"t-tags-code{version}.json", ns=(used, used))
    kept = sorted(p.name for p in tagger_file.parent.glob("t-tags-*.json"))
    newest = range(2, tagged_texts.KEEP + 2)
    assert kept == [f"t-tags-code{v}.json" for v in newest] and tagger_file.is_file()
