"""Every scored instance of an experiment as the instance browser shows it and
``--instances-out`` writes it: its dataset, part of speech, lemma, gold keys, first-sense and
unseen groups, sentence, and per method the answer, whether it is right, each answer key's
path length to the gold and the credit at every alpha.

A method is *right* on an instance when its answer earns the whole exact-match credit (every
key it gave is a gold key); otherwise it is *wrong*, an abstention included.  Credits are kept
to :data:`CREDIT_DIGITS` significant digits, as the page shows them, so that the page and the
command line sort and filter on the same numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from evaluation.acceptability import path_length
from evaluation.experiment.per_sense import graded_headline
from evaluation.experiment.results import ComparisonResult, ExperimentResult
from evaluation.thesauri import Thesauri
from evaluation.unseen import first_sense_of
from thesaurus import DataError, sense_key_pos
from thesaurus.wordnet.glosses import sense_gloss

__all__ = [
    "CREDIT_DIGITS",
    "PARTS",
    "InstanceTable",
    "gloss",
    "instance_table",
    "lemma_senses",
    "shown_credit",
]

PARTS = ("noun", "verb", "adj", "adv", "other")  # the parts of speech, in the page's order
CREDIT_DIGITS = 6


def shown_credit(values: np.ndarray) -> list[float]:
    """Credits to :data:`CREDIT_DIGITS` significant digits (a credit above 0 stays above 0).

    >>> shown_credit(np.array([0.0, 1.0, 2 / 3, 1e-12]))
    [0.0, 1.0, 0.666667, 1e-12]
    """
    return [
        v if v == 0.0 or v == 1.0 else float(f"{v:.{CREDIT_DIGITS}g}")
        for v in np.asarray(values, dtype=float).tolist()
    ]


@dataclass(frozen=True)
class InstanceTable:
    """The instances of one experiment, in the report's order (by lemma, then as in the gold
    file or corpus), with every method's answers (:func:`instance_table`).

    ``parts[i]`` is one of :data:`PARTS`; ``datasets[i]`` is ``""`` when the instances name
    no dataset; ``first[i]`` and ``unseen[i]`` are the groups of the report's breakdowns
    (``unseen`` is ``None`` without training data); ``folds`` the cross-validation's (else
    ``None``).  Per method label: ``answers[label][i]`` (empty: abstained), ``lengths[label][i]``
    each answer key's shortest path length to a gold key (``None``: not graded, see
    :func:`~evaluation.acceptability.path_length`), ``credit[label][a][i]`` the credit at
    ``alphas[a]``.  ``sentences`` holds the token forms of each sentence, ``context[i]`` the
    instance's ``(sentence, token)`` or ``None``; ``context_note`` says why there are none."""

    name: str
    kind: str
    setup: str
    systems: tuple[str, ...]
    alphas: tuple[str, ...]
    alpha: str
    ids: tuple[str, ...]
    datasets: tuple[str, ...]
    parts: tuple[str, ...]
    lemmas: tuple[str, ...]
    gold: tuple[tuple[str, ...], ...]
    first: tuple[str, ...]
    unseen: tuple[str, ...] | None
    folds: tuple[int, ...] | None
    answers: Mapping[str, tuple[tuple[str, ...], ...]]
    lengths: Mapping[str, tuple[tuple[int | None, ...], ...]]
    credit: Mapping[str, np.ndarray]  # alphas x instances
    sentences: tuple[tuple[str, ...], ...]
    context: tuple[tuple[int, int] | None, ...]
    context_note: str | None

    def __len__(self) -> int:
        return len(self.ids)

    def right(self, label: str) -> list[bool]:
        """Whether ``label`` is right on each instance (module docstring)."""
        return [
            bool(given) and all(key in gold for key in given)
            for given, gold in zip(self.answers[label], self.gold, strict=True)
        ]

    def alpha_index(self, alpha: str) -> int:
        return self.alphas.index(alpha)


def instance_table(result: ExperimentResult) -> InstanceTable:
    """The :class:`InstanceTable` of ``result``'s instances, graded on the result's thesauri;
    a comparison without ``--corpus`` takes its sentences from the Raganato ``*.data.xml``
    beside its gold key file, when there is one."""
    per = result.per_instance
    books = Thesauri(result.config.evaluation.thesauri)
    keys_pos = [sense_key_pos(keys[0]) if keys else None for keys in per.gold]
    labels = result.labels
    n = len(per.ids)
    answers = {label: tuple(per.outputs[label].answers()) for label in labels}
    lengths = _lengths(books, answers, per.gold, per.lemmas, keys_pos)
    credit = {  # arrays: a number object per instance, method and alpha took 4 times the room
        label: np.vstack([np.array(shown_credit(column)) for column in per.credit[label].values.T])
        for label in labels
    }
    sentences, context, note = _contexts(result)
    datasets = per.groups.get("dataset", ("",) * n)
    return InstanceTable(
        name=result.name,
        kind=result.kind,
        setup=result.setup,
        systems=labels,
        alphas=result.alphas,
        alpha=graded_headline(result.alphas, result.config.evaluation.applicability_alpha) or "inf",
        ids=per.ids,
        datasets=tuple(datasets),
        parts=tuple(p if p in PARTS else "other" for p in keys_pos),
        lemmas=per.lemmas,
        gold=per.gold,
        first=first_sense_of(per.gold, per.lemmas, keys_pos, books),
        unseen=per.groups.get("unseen"),
        folds=None if isinstance(result, ComparisonResult) else tuple(per.folds.tolist()),
        answers=answers,
        lengths=lengths,
        credit=credit,
        sentences=sentences,
        context=context,
        context_note=note,
    )


def _lengths(
    books: Thesauri,
    answers: Mapping[str, Sequence[tuple[str, ...]]],
    gold: Sequence[tuple[str, ...]],
    lemmas: Sequence[str],
    parts: Sequence[str | None],
) -> dict[str, tuple[tuple[int | None, ...], ...]]:
    """Per method, each answer key's shortest path length to a gold key of its instance
    (methods mostly give the same answers: each pair is looked up once)."""
    known: dict[tuple[str, tuple[str, ...], str, str | None], int | None] = {}

    def nearest(x: str, keys: tuple[str, ...], lemma: str, pos: str | None) -> int | None:
        key = (x, keys, lemma, pos)
        if key not in known:
            found = [d for s in keys if (d := path_length(books, x, s, lemma, pos)) is not None]
            known[key] = min(found) if found else None
        return known[key]

    right = (0,)  # most answers are one gold key: their length is 0 without a look-up
    return {
        label: tuple(
            right
            if len(given) == 1 and given[0] in keys
            else tuple(nearest(x, keys, lemma, pos) for x in given)
            for given, keys, lemma, pos in zip(given_all, gold, lemmas, parts, strict=True)
        )
        for label, given_all in answers.items()
    }


def _contexts(
    result: ExperimentResult,
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[int, int] | None, ...], str | None]:
    """The sentences (token forms, each once) and each instance's ``(sentence, token)``, and
    why there are none: a comparison without a corpus tries the ``*.data.xml`` beside its
    gold key file."""
    per = result.per_instance
    note = None
    forms_of: dict[int, tuple[str, ...]] = {}  # id(sentence) -> its forms, each made once
    found: dict[str, tuple[tuple[str, ...], int]] = {}
    for ident, (sentence, position) in per.contexts.items():
        forms = forms_of.get(id(sentence))
        if forms is None:
            forms = forms_of[id(sentence)] = tuple(token.form for token in sentence.tokens)
        found[ident] = (forms, position)
    if not found and isinstance(result, ComparisonResult):
        found, note = _beside_gold(result.config.gold)
    index_of: dict[int, int] = {}  # id(forms) -> the sentence's index
    sentences: list[tuple[str, ...]] = []
    context: list[tuple[int, int] | None] = []
    for ident in per.ids:
        if ident not in found:
            context.append(None)
            continue
        forms, position = found[ident]
        index = index_of.get(id(forms))
        if index is None:
            index = index_of[id(forms)] = len(sentences)
            sentences.append(forms)
        context.append((index, position))
    if found and not any(context):
        note = "the corpus holds none of the instances scored"
    return tuple(sentences), tuple(context), note


def _beside_gold(gold: str) -> tuple[dict[str, tuple[tuple[str, ...], int]], str | None]:
    """The sentences of the Raganato corpus beside a gold key file (``x.gold.key.txt`` ->
    ``x.data.xml``) as token forms, each instance's with its token index, or none with the
    reason.  Only the forms are read (the corpus reader's checks and normalisation cost
    seconds on an all-words benchmark, and a page shows the text as written)."""
    from xml.etree import ElementTree

    path = Path(gold)
    stem = path.name.removesuffix(".txt").removesuffix(".key").removesuffix(".gold")
    xml = path.with_name(f"{stem}.data.xml")
    if not xml.is_file():
        return {}, (
            f"none: give the corpus with --corpus X.data.xml, or put {xml.name} beside the gold "
            "key file"
        )
    found: dict[str, tuple[tuple[str, ...], int]] = {}
    try:
        for _, element in ElementTree.iterparse(xml):
            if element.tag != "sentence":
                continue
            forms = tuple((child.text or "").strip() for child in element)
            for position, child in enumerate(element):
                ident = child.get("id") if child.tag == "instance" else None
                if ident:
                    found[ident] = (forms, position)
            element.clear()
    except (ElementTree.ParseError, OSError) as exc:
        return {}, f"none: {xml} could not be read ({exc})"
    return found, None


def gloss(key: str) -> str | None:
    """The WordNet gloss of ``key``, ``None`` for another resource's key or without WordNet
    (the page and the lines then show the key alone)."""
    try:
        return sense_gloss(key)
    except DataError:
        return None


def lemma_senses(
    table: InstanceTable, thesauri: Thesauri
) -> dict[tuple[str, str], tuple[tuple[str, ...], int | None]]:
    """Per (lemma, part of speech) of the table: its senses in the thesaurus's order (WordNet's
    sense numbers) and its MAXLEN, or the keys the instances name and ``None`` for a lemma
    the thesaurus does not know."""
    seen: dict[tuple[str, str], dict[str, None]] = {}
    for i, (lemma, part) in enumerate(zip(table.lemmas, table.parts, strict=True)):
        keys = seen.setdefault((lemma, part), {})
        keys.update(dict.fromkeys(table.gold[i]))
    out: dict[tuple[str, str], tuple[tuple[str, ...], int | None]] = {}
    for (lemma, part), keys in seen.items():
        thes = thesauri.of(None if part == "other" else part)
        if thes is not None and thes.has_word(lemma):
            out[(lemma, part)] = (tuple(thes.senses(lemma)), thes.maxlen(lemma))
        else:
            out[(lemma, part)] = (tuple(keys), None)
    return out
