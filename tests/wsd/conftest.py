"""Fixtures shared by the tests of ``wsd``."""

from __future__ import annotations

import pytest
from paths import DATA

from thesaurus.wordnet.verb_examples import VerbSynset
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


@pytest.fixture(scope="session")
def synsets() -> dict[str, VerbSynset]:
    """Hand-made verb synsets with WordNet's keys (``tests/data/wordnet_verbs/synsets.tsv``)."""
    out = {}
    for line in (DATA / "wordnet_verbs" / "synsets.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, words, *examples = line.split("\t")
            lemmas, keys = zip(*(word.split("=") for word in words.split()), strict=True)
            out[name] = VerbSynset(0, 0, lemmas, keys, ((),) * len(lemmas), "", tuple(examples), 1)
    return out
