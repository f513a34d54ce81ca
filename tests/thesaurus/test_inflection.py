"""thesaurus.wordnet.inflection: a WordNet verb lemma in the form of a Penn tag (WordNet's
``verb.exc`` for irregular forms: the tests skip without WordNet)."""

from __future__ import annotations

import pytest

from thesaurus.wordnet.inflection import inflect

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(
    ("lemma", "tag", "form"),
    [
        ("make", "VBD", "made"),
        ("make", "VBZ", "makes"),
        ("go", "VBD", "went"),
        ("go", "VBN", "gone"),
        ("stop", "VBG", "stopping"),
        ("stop", "VBD", "stopped"),
        ("visit", "VBD", "visited"),
        ("carry", "VBZ", "carries"),
        ("carry", "VBD", "carried"),
        ("play", "VBD", "played"),
        ("fix", "VBZ", "fixes"),
        ("die", "VBG", "dying"),
        ("create", "VBG", "creating"),
        ("agree", "VBD", "agreed"),
        ("agree", "VBG", "agreeing"),
        ("give_up", "VBN", "given_up"),
        ("give_up", "VBP", "give_up"),
        ("abet", "VBD", "abetted"),  # verb.exc lists the doubling of longer words
    ],
)
def test_inflect(wordnet, lemma: str, tag: str, form: str) -> None:  # type: ignore[no-untyped-def]
    assert inflect(lemma, tag) == form
