"""Fixtures of the output and interruption tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import DATA, ROOT

from evaluation.cli import main


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Japanese example's MFS model."""
    path = tmp_path_factory.mktemp("model") / "m.json"
    argv = ["train", "--corpus", str(ROOT / "examples" / "japanese" / "tsukau.jsonl")]
    argv += ["--method", "mfs", "--out", str(path)]
    assert main([*argv, f"--param=verb_thesaurus={DATA / 'thesaurus' / 'tsukau_verbs.tsv'}"]) == 0
    return path


@pytest.fixture(scope="module")
def mfs_model(model: Path) -> bytes:
    """The bytes of :func:`model`."""
    return model.read_bytes()
