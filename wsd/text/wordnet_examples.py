"""WordNet's own sentences as training instances: the examples of each verb synset
(``data.verb``) and the sentence templates of each verb sense (``sents.vrb``), read by
:mod:`thesaurus.wordnet.verb_examples`, made into :class:`~wsd.types.Instance` s with gold by the
pipeline of plain text (:mod:`wsd.text`: tokeniser, tagger, multiword verbs, morphy lemmas;
then :func:`wsd.corpus.load_sentences`: case frames, context windows).

* **An example** (``"We produce more cars than we can sell"`` of the synset {produce, make,
  create}) is tagged as text; its **target** is found by the first of these rules that finds
  one, in sentence order: a verb token whose lemma is a lemma of the synset (``produce``); a
  verb token with such a lemma among its morphy readings (``lay``, whose lemma is ``lie``); the
  words of a multiword lemma the tagger leaves apart (``gave up``: joined into one token, as
  SemCor writes it); the head of a multiword lemma whose other words follow within a few words
  (``took the children out``: ``took`` is the target of ``take_out``); a word of any tag with
  such a reading (``Exhale when ...``, tagged ``NNP``: read as a verb, its tag guessed from its
  ending).  The instance's gold is that lemma's key in the synset.  No target: the example
  is skipped as ``lemma-not-found`` (``no-verb`` when the tagger found no verb at all;
  ``joined-multiword`` when the pipeline joined the lemma with the next words into another
  multiword verb, ``go into`` -> ``go_into`` for the synset of ``go``: its case would be lost).
* **Substitution** (``substitute=True``): the example also serves each other lemma of the
  synset, the target replaced by that lemma in the same inflection (``make``: ``We make more
  cars ...``; :func:`inflect`), the rest of the sentence and its tags kept: a synset's
  examples show the case frames of all its lemmas.
* **Templates** (``templates=True``): each template of a sense key with ``%s`` filled with
  the lemma's base form (``Sam cannot %s Sue``; ``The water %ss``: inflected, ``cools
  down``) is tagged and searched the same way.

WordNet 3.0 with the SemCor tagger: 12,079 of the 12,528 examples and 3,968 of the 3,994
templates give an instance, substitution 14,878 more, 30,925 in all for 19,150 senses
(``bench/wordnet_examples.py``, figures in ``bench/README.md``).

With a tagger file, what is made before the corpus loader (a document per instance and its
target's case frame, the counts) is cached beside it for all of WordNet's synsets
(:mod:`wsd.text.wordnet_documents`): a later call skips the tagging, the target search and the case
frames, and gives equal instances.

Ids: ``wn:<sense key>:<n>``, ``n`` from 1 per key in the order above (:data:`ID_PREFIX`
marks WordNet's instances, :func:`is_wordnet_instance`); each sentence's ``source`` says
which file it came from (``data.verb``, ``sents.vrb``).  Every example and template either
gives an instance or is a counted skip (:class:`WordNetExamples`).
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from thesaurus.wordnet.inflection import inflect
from thesaurus.wordnet.morphy import wordnet_morphy
from thesaurus.wordnet.verb_examples import (
    VerbSynset,
    sense_sentences,
    verb_example_source,
    verb_synsets,
)
from wsd.corpus import load_sentences
from wsd.frames import ClassTable
from wsd.normalise import normalise_token
from wsd.text import Tagger
from wsd.text.tagged_texts import tag_texts
from wsd.text.wordnet_documents import ExampleDocuments, cached_example_documents
from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Instance

__all__ = [
    "EXAMPLE_SOURCE",
    "ID_PREFIX",
    "TEMPLATE_SOURCE",
    "WordNetExamples",
    "is_wordnet_instance",
    "wordnet_examples",
]

ID_PREFIX = "wn:"
EXAMPLE_SOURCE = "data.verb"
TEMPLATE_SOURCE = "sents.vrb"
LEMMA_NOT_FOUND = "lemma-not-found"  # a skip: no word of the sentence is a lemma of the synset
JOINED = "joined-multiword"  # a skip: the text pipeline made the lemma part of another
# multiword verb ("go into" -> go_into, where the synset has go)
NO_VERB = "no-verb"  # a skip: ... and the tagger found no verb at all ("interest-bearing accounts")
_WORD = re.compile(r"[a-z][a-z'-]*")


@dataclass(frozen=True)
class WordNetExamples:
    """The instances made from WordNet's sentences, and their accounting: ``counts`` has
    ``examples`` and ``templates`` (sentences read), ``from-examples``, ``substituted`` and
    ``from-templates`` (instances made); ``skipped`` counts the sentences that gave no
    instance by ``<examples|templates>:<reason>``, so that
    ``counts["examples"] == counts["from-examples"] + skipped examples`` (and the same for
    templates)."""

    instances: tuple[Instance, ...]
    counts: dict[str, int]
    skipped: dict[str, int]


def is_wordnet_instance(instance: Instance) -> bool:
    """Whether ``instance`` was made from WordNet's sentences (its id starts ``wn:``)."""
    return instance.id.startswith(ID_PREFIX)


@dataclass(frozen=True, slots=True)
class _Target:
    """Where a lemma of the synset was found in a tagged sentence: tokens ``start:end``
    (one token, or a multiword verb to join), which lemma, and the tag to give it."""

    sentence: int
    start: int
    end: int
    lemma: str
    tag: str


def wordnet_examples(
    *,
    tagger: Tagger | str | os.PathLike[str] | None = None,
    substitute: bool = True,
    templates: bool = True,
    frames: bool = True,
    context_window: int | str = 0,
    classes: ClassTable | None = None,
    synsets: Sequence[VerbSynset] | None = None,
) -> WordNetExamples:
    """The training instances of WordNet's verb examples and templates (module docstring).
    ``tagger``: a tagger, or the path of a tagger file; default the SemCor tagger of the user
    cache (:func:`wsd.text.ensure_tagger`, put there first when missing).  With a tagger file,
    the tagging is cached beside it (:mod:`wsd.text.tagged_texts`), and so are the documents made
    of all of WordNet's synsets (``synsets`` None) with their case frames
    (:mod:`wsd.text.wordnet_documents`).  ``frames``, ``context_window`` and ``classes`` as for
    :func:`wsd.corpus.load_corpus`; ``synsets`` defaults to all of WordNet's
    (:func:`thesaurus.wordnet.verb_examples.verb_synsets`).  :class:`DataError` when WordNet or the
    tagger is missing."""
    if synsets is None:
        verb_example_source()  # the DataError of a missing WordNet before a tagger is trained
    source = _tagger(tagger)

    def build() -> ExampleDocuments:
        chosen = verb_synsets() if synsets is None else synsets
        return _documents(chosen, source, substitute=substitute, templates=templates)

    if isinstance(source, Path) and synsets is None:
        options = {"substitute": substitute, "templates": templates}
        made = cached_example_documents(source, options, build)
    else:
        made = build()
    return _instances(made, frames, context_window, classes)


def _documents(
    chosen: Sequence[VerbSynset], tagger: Tagger | Path, *, substitute: bool, templates: bool
) -> ExampleDocuments:
    """A document per instance of the examples (and templates) of ``chosen``, tagged by
    ``tagger``, and the counts."""
    filled = list(_templates(chosen)) if templates else []
    texts = [example for synset in chosen for example in synset.examples]
    tagged = tag_texts(
        texts + [text for _, _, text in filled],
        tagger,
        name="wordnet-examples",
        source=verb_example_source(),
    )
    made = _Made()
    for synset in chosen:
        for example in synset.examples:
            items = tagged[example]
            target = _find_target(items, synset.lemmas)
            made.count("examples", items, target, synset.lemmas)
            if target is None:
                continue
            own = synset.keys[synset.lemmas.index(target.lemma)]
            made.add(items, target, own, EXAMPLE_SOURCE)
            for lemma, key in zip(synset.lemmas, synset.keys, strict=True):
                if substitute and lemma != target.lemma:
                    made.counts["substituted"] += 1
                    made.add(*_substituted(items, target, lemma), key, EXAMPLE_SOURCE)
    for lemma, key, text in filled:
        target = _find_target(tagged[text], (lemma,))
        made.count("templates", tagged[text], target, (lemma,))
        if target is not None:
            made.add(tagged[text], target, key, TEMPLATE_SOURCE)
    return ExampleDocuments(made.documents, dict(made.counts), dict(made.skipped))


def _instances(
    made: ExampleDocuments, frames: bool, context_window: int | str, classes: ClassTable | None
) -> WordNetExamples:
    """The instances of the documents, made by :func:`wsd.corpus.load_sentences` as plain
    text's are (with the documents' own frames when they have them, for the default class
    table): the target of each document, with the document's name as id."""
    frame = None
    if made.frame is not None and classes is None:
        known = made.frame

        def frame(item: AnnotatedSentence, position: int) -> CaseFrame:
            return known(item.sentence.id, position)

    corpus = load_sentences(
        made.documents.values(),
        source="wordnet",
        frames=frames,
        context_window=context_window,
        classes=classes,
        frame=frame,
    )
    pairs = zip(made.documents, corpus.instances, strict=True)  # one instance per document
    instances = tuple(replace(instance, id=ident) for ident, instance in pairs)
    return WordNetExamples(instances, made.counts, made.skipped)


def _tagger(tagger: Tagger | str | os.PathLike[str] | None) -> Tagger | Path:
    """The tagger, or the tagger file, to tag with: the user cache's by default, put there
    first when it is missing (:func:`wsd.text.ensure_tagger`)."""
    if tagger is not None:
        return tagger if isinstance(tagger, Tagger) else Path(tagger)
    from wsd.text import ensure_tagger, tagger_path

    path = tagger_path()
    if not path.exists():
        ensure_tagger(path)
    return path


class _Made:
    """The documents made so far (one per instance by its id, the target's annotation
    holding its gold) and the counts."""

    def __init__(self) -> None:
        self.documents: dict[str, list[AnnotatedSentence]] = {}
        self.per_key: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()

    def count(
        self,
        kind: str,
        items: Sequence[AnnotatedSentence],
        target: _Target | None,
        lemmas: Sequence[str],
    ) -> None:
        """Count one sentence read (``examples``, ``templates``) and what it gave."""
        self.counts[kind] += 1
        if target is None:
            self.skipped[f"{kind}:{_skip_reason(items, lemmas)}"] += 1
        else:
            self.counts[f"from-{kind}"] += 1

    def add(self, items: list[AnnotatedSentence], target: _Target, key: str, source: str) -> None:
        """One instance to make: ``items`` with the target as one verb token with gold
        ``key``, the only token with a lemma, as the document ``wn:<key>:<n>``."""
        item = items[target.sentence]
        token = item.sentence.tokens[target.start]
        tag = item.annotations[target.start].tag
        if target.end - target.start > 1 or token.lemma != target.lemma or tag != target.tag:
            form = "_".join(t.form for t in item.sentence.tokens[target.start : target.end])
            items, target = _replaced(items, target, form, target.lemma)
        self.per_key[key] += 1
        ident = f"{ID_PREFIX}{key}:{self.per_key[key]}"
        gold = Annotation(target.lemma, target.tag, senses=(key,))
        self.documents[ident] = [
            AnnotatedSentence(
                replace(x.sentence, id=f"{ident}.s{i + 1}", source=source),
                _only_target(x.annotations, target.start if i == target.sentence else -1, gold),
            )
            for i, x in enumerate(items)
        ]


def _skip_reason(items: Sequence[AnnotatedSentence], lemmas: Sequence[str]) -> str:
    """Why no target was found: the lemma joined into another multiword verb, no verb at all,
    or no word of the lemmas."""
    wanted = set(lemmas)
    tokens = [t for item in items for t in item.sentence.tokens]
    if any("_" in t.form and _analyses(t.form.split("_")[0].lower()) & wanted for t in tokens):
        return JOINED
    verbs = any(n.tag.startswith("VB") for item in items for n in item.annotations)
    return LEMMA_NOT_FOUND if verbs else NO_VERB


def _only_target(
    notes: Sequence[Annotation], target: int, gold: Annotation
) -> tuple[Annotation, ...]:
    """``notes`` with ``gold`` at ``target`` and no lemma on the other verbs: the loader makes
    no instance (and no case frame) of the other verbs of an example."""
    return tuple(
        gold if i == target else replace(n, lemma=None) if n.lemma is not None else n
        for i, n in enumerate(notes)
    )


_SUFFIX_TAGS = {"s": "VBZ", "ing": "VBG", "ed": "VBD"}  # "The water %ss", "It was %sing"
_SLOT = re.compile(r"%s(s|ing|ed)?\b")


def _templates(synsets: Sequence[VerbSynset]) -> Iterator[tuple[str, str, str]]:
    """``(lemma, key, sentence)`` of every template of the synsets' keys, ``%s`` filled with
    the lemma's base form (``%ss``, ``%sing``: inflected, ``cool_down`` -> ``cools down``)."""

    def fill(lemma: str, template: str) -> str:
        def form(slot: re.Match[str]) -> str:
            tag = _SUFFIX_TAGS.get(slot.group(1) or "", "VB")
            return inflect(lemma, tag).replace("_", " ")

        return _SLOT.sub(form, template)

    for synset in synsets:
        for lemma, key in zip(synset.lemmas, synset.keys, strict=True):
            for template in sense_sentences(key):
                yield lemma, key, fill(lemma, template)


_Match = tuple[str, int, str]  # (lemma, end of the target's tokens, Penn tag)
_GAP = 4  # words at most between a multiword verb's head and its particle ("took the children out")


def _find_target(items: Sequence[AnnotatedSentence], lemmas: Sequence[str]) -> _Target | None:
    """The first token (or word run) of ``items`` that is one of ``lemmas``, by the first
    rule that finds one (module docstring), or None."""
    wanted = set(lemmas)
    multiwords = [lemma.split("_") for lemma in lemmas if "_" in lemma]
    rules = (_verb_token, _verb_word, _multiword, _split_multiword, _any_word)
    for rule in rules:
        for s, item in enumerate(items):
            forms = [t.form.lower() for t in item.sentence.tokens]
            for i in range(len(forms)):
                found = rule(item, forms, i, wanted, multiwords)
                if found is not None:
                    lemma, end, tag = found
                    return _Target(s, i, end, lemma, tag)
    return None


@functools.lru_cache(maxsize=1 << 16)
def _analyses(form: str) -> frozenset[str]:
    """The WordNet verb lemmas of ``form`` (``found``: found, find), by morphy."""
    return frozenset(wordnet_morphy().analyses(form, "v"))


def _tag(item: AnnotatedSentence, forms: Sequence[str], i: int, lemma: str) -> str:
    """The token's Penn tag when it is a verb's, else one guessed (:func:`_guess_tag`)."""
    tag = item.annotations[i].tag
    return tag if tag.startswith("VB") else _guess_tag(forms[i], lemma, forms[:i])


def _verb_token(
    item: AnnotatedSentence, forms: Sequence[str], i: int, wanted: set[str], _: list[list[str]]
) -> _Match | None:
    """A verb token whose lemma is wanted."""
    lemma, tag = item.sentence.tokens[i].lemma, item.annotations[i].tag
    return (lemma, i + 1, tag) if tag.startswith("VB") and lemma in wanted else None


def _verb_word(
    item: AnnotatedSentence, forms: Sequence[str], i: int, wanted: set[str], _: list[list[str]]
) -> _Match | None:
    """A verb token with a wanted lemma among its readings (``found``: find, found)."""
    tag = item.annotations[i].tag
    found = sorted(_analyses(forms[i]) & wanted) if tag.startswith("VB") else []
    return (found[0], i + 1, tag) if found else None


def _multiword(
    item: AnnotatedSentence, forms: Sequence[str], i: int, _: set[str], multiwords: list[list[str]]
) -> _Match | None:
    """The words of a wanted multiword verb, left apart by the tagger (``gave up``)."""
    for words in multiwords:
        end = i + len(words)
        if forms[i + 1 : end] == words[1:] and words[0] in _analyses(forms[i]):
            return "_".join(words), end, _tag(item, forms, i, words[0])
    return None


def _split_multiword(
    item: AnnotatedSentence, forms: Sequence[str], i: int, _: set[str], multiwords: list[list[str]]
) -> _Match | None:
    """The head of a wanted multiword verb whose other words follow a few words later
    (``took the children out``): the head alone is the target."""
    for words in multiwords:
        if words[0] not in _analyses(forms[i]):
            continue
        rest = iter(forms[i + 1 : i + len(words) + _GAP])
        if all(word in rest for word in words[1:]):  # in order
            return "_".join(words), i + 1, _tag(item, forms, i, words[0])
    return None


def _any_word(
    item: AnnotatedSentence, forms: Sequence[str], i: int, wanted: set[str], _: list[list[str]]
) -> _Match | None:
    """A word of any tag with a wanted verb reading (``Exhale`` tagged as a noun)."""
    found = sorted(_analyses(forms[i]) & wanted) if _WORD.fullmatch(forms[i]) else []
    return (found[0], i + 1, _tag(item, forms, i, found[0])) if found else None


_AUXILIARIES = frozenset({"be", "is", "are", "was", "were", "been", "being", "am", "get", "got"})
_PERFECT = frozenset({"have", "has", "had", "having"})


def _guess_tag(form: str, lemma: str, before: Sequence[str]) -> str:
    """The Penn verb tag of ``form`` (of verb ``lemma``) read as a verb the tagger did not tag
    as one: from its ending, and for a past form the word before it (``was taken``:
    ``VBN``)."""
    if form == lemma.split("_")[0]:
        return "VB"
    if form.endswith("ing"):
        return "VBG"
    if form.endswith("s"):
        return "VBZ"
    previous = before[-1] if before else ""
    return "VBN" if previous in _AUXILIARIES or previous in _PERFECT else "VBD"


def _replaced(
    items: list[AnnotatedSentence], target: _Target, form: str, lemma: str
) -> tuple[list[AnnotatedSentence], _Target]:
    """``items`` with the target's tokens replaced by one verb token ``form`` (lemma
    ``lemma``, the target's tag), and the target at its new place."""
    item = items[target.sentence]
    sentence = item.sentence
    token = normalise_token(form, target.tag)
    tokens = (*sentence.tokens[: target.start], token, *sentence.tokens[target.end :])
    notes = (
        *item.annotations[: target.start],
        Annotation(lemma, target.tag),
        *item.annotations[target.end :],
    )
    new = AnnotatedSentence(replace(sentence, tokens=tokens), notes)
    found = _Target(target.sentence, target.start, target.start + 1, lemma, target.tag)
    return [*items[: target.sentence], new, *items[target.sentence + 1 :]], found


def _substituted(
    items: list[AnnotatedSentence], target: _Target, lemma: str
) -> tuple[list[AnnotatedSentence], _Target]:
    """``items`` with the target replaced by ``lemma`` inflected as the target's tag."""
    return _replaced(items, target, inflect(lemma, target.tag), lemma)
