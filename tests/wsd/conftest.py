"""Fixtures shared by the tests of ``wsd``."""

from __future__ import annotations

import pytest

from wsd.text import Tagger, train_tagger


@pytest.fixture(scope="session")
def small_tagger() -> Tagger:
    """A tagger trained on three hand-tagged sentences, for fuzz targets of text."""
    sentences = [
        [("She", "PRP"), ("made", "VBD"), ("a", "DT"), ("cake", "NN"), (".", ".")],
        [("They", "PRP"), ("eat", "VBP"), ("apples", "NNS"), (".", ".")],
        [("He", "PRP"), ("took", "VBD"), ("the", "DT"), ("train", "NN"), (".", ".")],
    ]
    return train_tagger(sentences, iterations=5)
