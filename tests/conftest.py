"""Shared fixtures.  Integration tests need the shared SemCor corpus and WordNet 3.0: they
skip with a reason when these are absent, except under CI (``CI=true``), where absence fails."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from paths import DATA, ROOT

SEMCOR = Path(os.environ.get("WSD_SEMCOR", ROOT.parent / "shared" / "data" / "semcor3.0"))
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
if SEMCOR.is_dir():  # the toolkit finds SemCor through $WSD_SEMCOR (also in subprocesses)
    os.environ.setdefault("WSD_SEMCOR", str(SEMCOR))


def _require(condition: bool, reason: str) -> None:
    if condition:
        return
    if IN_CI:
        pytest.fail(f"{reason} (required under CI=true)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def semcor_path() -> Path:
    _require((SEMCOR / "brown1").is_dir(), f"SemCor 3.0 not found at {SEMCOR}")
    return SEMCOR


@pytest.fixture(scope="session")
def wordnet():  # type: ignore[no-untyped-def]
    from thesaurus import DataError
    from thesaurus.wordnet.data import wordnet as load

    try:
        return load()
    except DataError as exc:
        _require(False, str(exc))


@pytest.fixture(scope="session")
def tagger(wordnet):  # type: ignore[no-untyped-def]
    """A tiny tagger trained on ``tests/data/wordnet_verbs/tagged.txt`` (which tags ``Exhale``
    as a noun on purpose); lemmas come from WordNet's morphy, so its users skip without it."""
    from wsd.text import train_tagger

    lines = (DATA / "wordnet_verbs" / "tagged.txt").read_text(encoding="utf-8").splitlines()
    words = [[w.rsplit("/", 1) for w in line.split()] for line in lines if line[:1] != "#"]
    return train_tagger([[(w, t) for w, t in s] for s in words], iterations=10)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The tiny world of :mod:`worlds` (file thesauri of nouns and of the verb *use*), written
    once per module; a module may define its own ``world``."""
    from worlds import write_world

    return write_world(tmp_path_factory.mktemp("world"))
