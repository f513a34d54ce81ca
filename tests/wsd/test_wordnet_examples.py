"""wsd.text.wordnet_examples: WordNet's examples and templates as training instances, for
hand-made synsets with WordNet's keys; the ``tagger`` fixture tags ``Exhale`` a noun on purpose."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from thesaurus.wordnet.verb_examples import VerbSynset, sense_sentences
from wsd.text import Tagger, text_instances
from wsd.text.wordnet_examples import (
    EXAMPLE_SOURCE,
    TEMPLATE_SOURCE,
    WordNetExamples,
    is_wordnet_instance,
    wordnet_examples,
)
from wsd.types import Instance

Synsets = dict[str, VerbSynset]

pytestmark = pytest.mark.integration


Run = Callable[..., WordNetExamples]


@pytest.fixture()
def run(tagger: Tagger, synsets: Synsets) -> Run:
    """``wordnet_examples`` of synsets given by name (or as they are), templates off."""

    def run(*chosen: str | VerbSynset, **options: Any) -> WordNetExamples:
        options.setdefault("templates", False)
        picked = tuple(synsets[c] if isinstance(c, str) else c for c in chosen)
        return wordnet_examples(tagger=tagger, synsets=picked, **options)

    return run


def view(instance: Instance) -> tuple[str, str, tuple[str, ...], str, str]:
    return instance.id, instance.lemma, instance.gold, instance.token.form, instance.token.pos


def test_an_example_is_an_instance_of_its_lemma(run: Run) -> None:
    made = run("sigh", substitute=False)
    assert [view(x) for x in made.instances] == [
        ("wn:sigh%2:29:00:::1", "sigh", ("sigh%2:29:00::",), "sighed", "VERB")
    ]
    (sigh,) = made.instances
    assert is_wordnet_instance(sigh) and sigh.sentence.source == EXAMPLE_SOURCE
    assert [t.form for t in sigh.sentence.tokens] == ["She", "sighed", "sadly"]
    assert sigh.frame is not None and sigh.frame.labels == ("subj",)
    assert made.counts == {"examples": 1, "from-examples": 1}
    assert made.skipped == {}


def test_same_instance_as_plain_text(run: Run, tagger: Tagger, synsets: Synsets) -> None:
    """Tokens, tags, lemmas and case frame are those of the text pipeline's instance."""
    for example, name in [("She sighed sadly", "sigh"), ("I loathe that man", "abhor")]:
        one = replace(synsets[name], examples=(example,))
        (ours,) = run(one, substitute=False).instances
        (text,) = text_instances(example, tagger=tagger).instances
        assert ours.sentence.tokens == text.sentence.tokens
        assert (ours.position, ours.frame, ours.lemma) == (text.position, text.frame, text.lemma)
        assert ours.gold and not text.gold


def test_substitution_serves_the_other_lemmas(run: Run) -> None:
    made = run("sigh", "exhale")
    assert [view(x) for x in made.instances] == [
        ("wn:sigh%2:29:00:::1", "sigh", ("sigh%2:29:00::",), "sighed", "VERB"),
        ("wn:suspire%2:29:04:::1", "suspire", ("suspire%2:29:04::",), "suspired", "VERB"),
        ("wn:exhale%2:29:00:::1", "exhale", ("exhale%2:29:00::",), "Exhale", "VERB"),
        ("wn:expire%2:29:00:::1", "expire", ("expire%2:29:00::",), "expire", "VERB"),
        (
            "wn:breathe_out%2:29:00:::1",
            "breathe_out",
            ("breathe_out%2:29:00::",),
            "breathe_out",
            "VERB",
        ),
    ]
    sighed, suspired = made.instances[:2]
    others = [i for i in range(3) if i != sighed.position]
    assert [sighed.sentence.tokens[i] for i in others] == [
        suspired.sentence.tokens[i] for i in others
    ]
    assert sighed.frame == suspired.frame
    assert made.counts == {"examples": 2, "from-examples": 2, "substituted": 3}


def test_multiword_lemmas_and_numbering(run: Run) -> None:
    made = run("abandon")
    assert [view(x) for x in made.instances] == [
        ("wn:abandon%2:31:01:::1", "abandon", ("abandon%2:31:01::",), "abandoned", "VERB"),
        ("wn:give_up%2:31:00:::1", "give_up", ("give_up%2:31:00::",), "gave_up", "VERB"),
        ("wn:give_up%2:31:00:::2", "give_up", ("give_up%2:31:00::",), "give_up", "VERB"),
        ("wn:abandon%2:31:01:::2", "abandon", ("abandon%2:31:01::",), "abandon", "VERB"),
    ]
    assert len({x.id for x in made.instances}) == 4


def test_split_multiwords_and_other_readings(run: Run) -> None:
    made = run("take_out", "lay")
    took, removed, lay, put = made.instances
    assert took.id == "wn:take_out%2:35:00:::1"
    assert view(took)[1:] == ("take_out", ("take_out%2:35:00::",), "took", "VERB")
    assert took.token.lemma == "take"  # the head alone: "out" stays where it is
    assert view(removed)[1:] == ("remove", ("remove%2:35:00::",), "removed", "VERB")
    assert [t.form for t in removed.sentence.tokens][5:] == ["out", "of", "the", "classroom"]
    assert view(lay) == ("wn:lay%2:35:01:::1", "lay", ("lay%2:35:01::",), "Lay", "VERB")
    assert view(put)[1:] == ("put", ("put%2:35:00::",), "put", "VERB")


def test_every_example_is_an_instance_or_a_counted_skip(run: Run, synsets: Synsets) -> None:
    names = ("sigh", "not_there", "abandon", "abhor")
    made = run(*names, templates=True)
    counts, skipped = made.counts, made.skipped
    skips = ("lemma-not-found", "no-verb", "joined-multiword")
    assert skipped == {f"examples:{why}": 1 for why in skips}
    assert counts["examples"] == 1 + 3 + 2 + 2
    assert counts["examples"] == counts["from-examples"] + sum(skipped.values())
    keys = [key for name in names for key in synsets[name].keys]
    assert counts["templates"] == sum(len(sense_sentences(key)) for key in keys) == 7
    templates = counts["from-templates"]
    assert templates == counts["templates"]
    examples = counts["from-examples"] + counts["substituted"]
    assert len(made.instances) == examples + templates
    sources = [x.sentence.source for x in made.instances]
    assert sources == [EXAMPLE_SOURCE] * examples + [TEMPLATE_SOURCE] * templates


def test_templates_fill_in_the_base_form(run: Run) -> None:
    made = run("abhor", substitute=False, templates=True)
    abhor = [
        x for x in made.instances if x.sentence.source == TEMPLATE_SOURCE and x.lemma == "abhor"
    ]
    assert [" ".join(t.form for t in x.sentence.tokens) for x in abhor] == [
        "They abhor moving",
        "Sam and Sue abhor the movie",
        "Sam can not abhor Sue",
    ]
    # the ids go on after the example's: "She abhors cats" is abhor's first
    assert [x.id for x in abhor] == [f"wn:abhor%2:37:00:::{n}" for n in (2, 3, 4)]
    assert all(x.gold == ("abhor%2:37:00::",) and x.token.form == "abhor" for x in abhor)


def test_templates_with_a_suffix_inflect_the_head(run: Run) -> None:
    """sents.vrb's "The water %ss" and "It was %sing all day long"."""
    assert sense_sentences("cool_down%2:30:01::") == ("The water %ss",)
    assert sense_sentences("rain_down%2:43:00::") == ("It was %sing all day long",)
    made = run("cool_down", "rain_down", templates=True)
    texts = [" ".join(t.form for t in x.sentence.tokens) for x in made.instances]
    assert texts[0].startswith("The water cools")
    assert texts[1].startswith("It was raining")
    assert made.counts["templates"] == 2


def test_options_reach_the_loader(run: Run) -> None:
    (plain,) = run("sigh", substitute=False, frames=False).instances
    assert plain.frame is None and plain.context == ()
    (wide,) = run("sigh", substitute=False, context_window="document").instances  # type: ignore[arg-type]
    assert wide.context == wide.sentence.tokens and wide.context_index == wide.position
