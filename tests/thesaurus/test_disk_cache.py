"""thesaurus.utils.disk_cache.DiskCache: ``keep`` prunes the least recently used pairs of its own
``family`` only, never other files of the directory (a tagger file beside the caches)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from thesaurus.utils.disk_cache import DiskCache


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
