"""One normalisation for every corpus: SemCor ``br-x01`` and its hand-written Raganato copy
``x01.data.xml`` give the same tokens, case frames and context features."""

from __future__ import annotations

from pathlib import Path

import pytest

from wsd.corpus import load_corpus, read_raganato, read_semcor, write_jsonl
from wsd.frames import extract_frame
from wsd.methods import BayesWSD, content_features
from wsd.normalise import normalise_token, universal_tag
from wsd.types import Token


@pytest.fixture(scope="module")
def pair(data_dir: Path) -> tuple[Path, Path]:
    return data_dir / "corpus" / "br-x01", data_dir / "corpus" / "x01.data.xml"


def test_same_text_gives_the_same_tokens(pair: tuple[Path, Path]) -> None:
    semcor = [item.sentence for item in read_semcor(pair[0])]
    raganato = [item.sentence for item in read_raganato(pair[1])]
    assert semcor == raganato  # ids, sources, languages and every token
    tokens = [t for s in semcor for t in s.tokens]
    assert Token("Springfield_Parks_Board", "springfield_parks_board", "NOUN") in tokens
    assert Token("had", "have", "VERB") in tokens and Token(",", ",", ".") in tokens


def test_same_text_gives_the_same_instances_frames_and_features(
    pair: tuple[Path, Path], tmp_path: Path
) -> None:
    semcor = load_corpus(pair[0], context_window=1).instances
    raganato = load_corpus(pair[1], context_window=1).instances
    jsonl_path = tmp_path / "x01.jsonl"
    write_jsonl(semcor, jsonl_path)
    jsonl = load_corpus(jsonl_path).instances
    assert [i.id for i in semcor] == [i.id for i in raganato] == [i.id for i in jsonl]
    for a, b, c in zip(semcor, raganato, jsonl, strict=True):
        assert (a.lemma, a.gold, a.position) == (b.lemma, b.gold, b.position)
        assert a.frame == b.frame == c.frame
        assert a.filler_gold == b.filler_gold == c.filler_gold
        assert a.sentence == b.sentence == c.sentence
        assert a.context == b.context == c.context
        for window in (None, 3):
            assert content_features(a, window) == content_features(b, window)
            assert content_features(a, window) == content_features(c, window)
    assert any(i.frame for i in semcor)  # the comparison is not between empty frames


def test_bayes_features_of_both_files_match_with_noun_classes(
    pair: tuple[Path, Path], wordnet: object
) -> None:
    model = BayesWSD()  # lexicographer-file classes of the nouns, from WordNet
    semcor = load_corpus(pair[0]).instances
    raganato = load_corpus(pair[1]).instances
    assert [model._features(a) for a in semcor] == [model._features(b) for b in raganato]
    assert any(f.startswith("C:lex") for a in semcor for f in model._features(a))


@pytest.mark.parametrize(
    ("form", "tag", "expected"),
    [
        ("said", "VBD", Token("said", "say", "VERB")),
        ("said", "VERB", Token("said", "say", "VERB")),
        ("said", "VB", Token("said", "say", "VERB")),  # SemCor: VB whatever the tense
        ("men", "NNS", Token("men", "man", "NOUN")),
        ("took place", "VERB", Token("took_place", "take_place", "VERB")),
        ("The", "DT", Token("The", "the", "DET")),
        ("``", "``", Token("``", "``", ".")),
        (",", ",", Token(",", ",", ".")),
        ("Laos", "PROPN", Token("Laos", "lao", "NOUN")),  # morphy's analysis, like any noun
        ("with", "IN", Token("with", "with", "ADP")),
        ("xyz", "ZZ", Token("xyz", "xyz", "X")),
    ],
)
def test_normalise_token(form: str, tag: str, expected: Token) -> None:
    assert normalise_token(form, tag) == expected
    assert normalise_token(form, tag, lemma="ignored-for-english") == expected


def test_a_language_without_a_lemmatiser_keeps_the_corpus_lemma() -> None:
    assert normalise_token("使った", "VERB", "使う", "ja") == Token("使った", "使う", "VERB")
    assert normalise_token("犬", "名詞", None, "ja") == Token("犬", "犬", "X")


def test_every_penn_and_ud_tag_maps_into_the_universal_tagset() -> None:
    from wsd.normalise import PENN_TO_UNIVERSAL, UNIVERSAL_TAGS

    ud = "PROPN AUX CCONJ SCONJ PART PUNCT SYM INTJ NOUN VERB ADJ ADV ADP DET NUM PRON X"
    for tag in [*PENN_TO_UNIVERSAL, *ud.split(), "NN|VB", "-NONE-", "", "?!"]:
        assert universal_tag(tag) in UNIVERSAL_TAGS


def test_penn_and_universal_tags_give_the_same_frame(pair: tuple[Path, Path]) -> None:
    """A Penn sentence and its universal version give one frame."""
    for item in read_semcor(pair[0]):
        penn = item.sentence
        for position, note in enumerate(item.annotations):
            if note.tag.startswith("VB"):
                raw = tuple(
                    Token(t.form, t.lemma, n.tag or t.form)
                    for t, n in zip(penn.tokens, item.annotations, strict=True)
                )
                hand_made = type(penn)(penn.id, raw, penn.source)
                assert extract_frame(hand_made, position) == extract_frame(penn, position)
