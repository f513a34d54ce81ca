"""The disk cache (thesaurus/utils/disk_cache.py, thesaurus/wordnet/tree_cache.py): a thesaurus
read back from its stored tour, rebuilt (with one warning line) when a source file changes or
the pair is damaged; ``keep`` prunes the least recently used pairs of its own ``family`` only,
never other files of the directory (a tagger file beside the caches)."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import numpy as np
import pytest

from thesaurus import Thesaurus
from thesaurus.utils.disk_cache import DiskCache, stamp_files
from thesaurus.wordnet.tree_cache import load_cached


def _write(cache: DiskCache, stem: str, when: int) -> None:
    cache.write(stem, {"stem": stem}, {}, {"a": np.arange(3)})
    os.utime(cache.directory / f"{stem}.json", ns=(when, when))  # a clock of our own


def test_keep_prunes_its_family_only(tmp_path: Path) -> None:
    tagger = tmp_path / "semcor-tagger.json"
    tagger.write_text("{}")
    other = DiskCache(tmp_path, "other", keep=1, family="b-")
    _write(other, "b-1", 10**18)  # the newest file of the directory
    cache = DiskCache(tmp_path, "tagged", keep=2, family="a-")
    for n in range(1, 4):
        _write(cache, f"a-{n}", n * 10**9)
    cache.write("a-4", {"stem": "a-4"}, {}, {"a": np.arange(3)})  # a-1 and a-2 pruned
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "a-3.json", "a-3.npz", "a-4.json", "a-4.npz", "b-1.json", "b-1.npz", "semcor-tagger.json"
    ]  # fmt: skip


def test_a_read_keeps_a_pair_from_pruning(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path, "tagged", keep=2, family="a-")
    _write(cache, "a-1", 1 * 10**9)
    _write(cache, "a-2", 2 * 10**9)
    assert cache.read("a-1", {"stem": "a-1"}, lambda data, arrays: arrays["a"].sum()) == 3
    cache.write("a-3", {"stem": "a-3"}, {}, {"a": np.arange(3)})  # a-2, now the oldest, goes
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == ["a-1", "a-3"]


# --- the thesaurus cache, with a stand-in builder (no WordNet needed) ----------------------------
class FakeWordNet:
    """A stand-in build (counting calls) and source files whose stamps form the cache key."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.calls = 0
        root.mkdir(exist_ok=True)
        for name in ("data.noun", "index.noun"):
            (root / name).write_text(f"{name} v1\n", encoding="utf-8")

    def key(self) -> dict[str, object]:
        paths = {name: self.root / name for name in ("data.noun", "index.noun")}
        return {"kind": "noun", "format": 2, **stamp_files(str(self.root), paths)}

    def build(self) -> Thesaurus:
        self.calls += 1
        names = ["ROOT", "x.n.01", "y.n.01", "z.n.01"]
        senses = ["x%1:00:00::", "y%1:00:00::", "y%1:00:01::", "z%1:00:00::"]
        words = {"x": [0], "y": [1, 2], "z": [3]}
        parent, nodes = np.array([-1, 0, 1, 0]), np.array([1, 2, 1, 3])
        return Thesaurus("wordnet-noun", "3.0", names, parent, senses, nodes, words)

    def load(self, cache: Path) -> Thesaurus:
        return load_cached("noun", self.key(), self.build, ("wordnet-noun", "3.0"), cache)


def one_line_warning(record: pytest.WarningsRecorder, path: Path, reason: str) -> None:
    """Exactly one RuntimeWarning, formatted on one line that names the cache file."""
    assert len(record) == 1
    warning = record[0]
    text = warnings.formatwarning(
        warning.message, warning.category, warning.filename, warning.lineno, warning.line
    )
    assert text.count("\n") == 1 and text.startswith(f"{path}:0: RuntimeWarning: ")
    assert reason in text and "rebuilding" in text


def test_cache_round_trip_uses_the_stored_tour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = FakeWordNet(tmp_path / "wn")
    built = source.load(tmp_path)
    assert source.calls == 1 and (tmp_path / "noun.json").exists()

    def no_walk(*args: object) -> None:
        raise AssertionError("a warm start must not walk the tree again")

    monkeypatch.setattr("thesaurus.path_lengths.euler_tour", no_walk)
    again = source.load(tmp_path)
    assert source.calls == 1
    assert again.senses("y") == built.senses("y") == ("y%1:00:00::", "y%1:00:01::")
    assert again.sense_length("y%1:00:00::", "z%1:00:00::") == 3  # y - x - ROOT - z
    assert again.maxlen("y") == 1 and again.words == ("x", "y", "z")
    assert np.array_equal(again.euler_tour, built.euler_tour)
    assert again.name == "wordnet-noun" and again.version == "3.0"


def test_cache_rebuilds_when_a_source_file_changes(tmp_path: Path) -> None:
    source = FakeWordNet(tmp_path / "wn")
    source.load(tmp_path)
    (source.root / "data.noun").write_text("data.noun v2, longer\n", encoding="utf-8")
    with pytest.warns(RuntimeWarning) as record:
        source.load(tmp_path)
    one_line_warning(record, tmp_path / "noun.json", "changed since the build: data.noun")
    assert source.calls == 2
    source.load(tmp_path)  # the new stamp is stored
    assert source.calls == 2
    stamp = (source.root / "index.noun").stat()
    os.utime(source.root / "index.noun", ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
    with pytest.warns(RuntimeWarning, match="changed since the build: index.noun"):
        source.load(tmp_path)  # same size, newer mtime
    assert source.calls == 3
    moved = FakeWordNet(tmp_path / "elsewhere")
    moved.calls = 3
    with pytest.warns(RuntimeWarning, match="source '.*wn' != '.*elsewhere'"):
        moved.load(tmp_path)
    assert moved.calls == 4


def test_corrupt_caches_are_rebuilt_with_one_line(tmp_path: Path) -> None:
    source = FakeWordNet(tmp_path / "wn")
    source.load(tmp_path)
    npz, document = tmp_path / "noun.npz", tmp_path / "noun.json"
    arrays = dict(np.load(npz))
    npz.write_bytes(b"not a zip file")
    with pytest.warns(RuntimeWarning) as record:
        source.load(tmp_path)
    one_line_warning(record, npz, "unusable thesaurus cache (not an NPZ archive)")
    assert source.calls == 2
    tour = arrays["euler"]
    assert tour.tolist() == [0, 1, 2, 1, 0, 3, 0]
    arrays["euler"] = tour[::-1].copy()  # another Euler tour (children in the other order)
    np.savez(npz, **arrays)
    assert source.load(tmp_path).sense_length("x%1:00:00::", "z%1:00:00::") == 2
    arrays["euler"] = tour.copy()
    arrays["euler"][2] = 3  # ROOT x [z] ...: x -> z is not an edge
    np.savez(npz, **arrays)
    with pytest.warns(RuntimeWarning) as record:
        source.load(tmp_path)
    one_line_warning(record, npz, "stored Euler tour steps from node 1 to node 3")
    assert source.calls == 3
    document.write_text("{", encoding="utf-8")  # truncated JSON
    with pytest.warns(RuntimeWarning) as record:
        source.load(tmp_path)
    one_line_warning(record, document, "unusable thesaurus cache (JSONDecodeError")
    assert source.calls == 4
    stored = json.loads(document.read_text(encoding="utf-8"))
    stored["key"]["format"] = 1
    document.write_text(json.dumps(stored), encoding="utf-8")
    with pytest.warns(RuntimeWarning, match="stale thesaurus cache \\(format 1 != 2\\)"):
        source.load(tmp_path)
    assert source.calls == 5
