"""Evidence from the verb thesaurus itself, for the senses a training corpus shows rarely or
never (README, "Senses the corpus never shows").  Three sources, parameters of every method that
learns from examples (``example``, ``bayes``, ``ims``, ``hybrid``); 0 turns each off:

- ``thesaurus_examples`` (k, an integer): the thesaurus's own examples of the verbs the corpus
  trains (WordNet: the gloss examples and sentence templates of each sense,
  :mod:`wsd.text.wordnet_examples`; a file thesaurus: ``<stem>.examples.jsonl``) are training
  examples too, each counted ``k`` times beside the corpus's once.
- ``thesaurus_backoff`` (b in [0, 1]): a sense scores at least ``b * A(s', s) * score(s')``
  for every other sense s' of the verb, ``A = (MAXLEN - LEN) / MAXLEN`` the acceptability of s
  in place of s' (alpha 1) in the verb thesaurus: a sense without examples borrows its
  neighbours' scores.
- ``frame_penalty`` (p in [0, 1]): a sense none of whose sentence frames can take the input's
  case frame (an object for an intransitive-only sense, a that-clause where no frame has one,
  ...) keeps ``1 - p`` of its score (:func:`frame_fits`); with a verb thesaurus that lists no
  frames (a file thesaurus) it is off.

Scores are first made shares (each over their sum; log-ratios through their softmax) when the
last two are on.  Verbs the corpus does not train keep their first-sense fallback: none of this
applies to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

import thesaurus
from wsd.methods.ranges import UNIT, Range
from wsd.methods.senses import sense_order
from wsd.types import CaseFrame, Instance, Prediction

if TYPE_CHECKING:
    from wsd.methods.run_cache import RunCache


class Method(Protocol):
    """What the sources read of a method (a :class:`~wsd.methods.Disambiguator`; its three
    parameters are read with ``getattr``, as the baselines have none)."""

    verb_thesaurus: str
    sense_counts_: dict[str, Counter[str]]

    @property
    def cache(self) -> RunCache: ...

    @property
    def context_window(self) -> int | str: ...

    def make_prediction(
        self,
        instance: Instance,
        ranking: tuple[tuple[str, float], ...],
        fallback: str | None = None,
        details: tuple[tuple[str, float], ...] = (),
    ) -> Prediction: ...


__all__ = [
    "EVIDENCE_PARAMS",
    "EVIDENCE_RANGES",
    "adjusted_predictions",
    "adjusts_rankings",
    "evidence_sources",
    "frame_fits",
    "thesaurus_instances",
    "thesaurus_training",
]

EVIDENCE_PARAMS = ("thesaurus_examples", "thesaurus_backoff", "frame_penalty")
EVIDENCE_RANGES: dict[str, Range] = {
    "thesaurus_examples": Range(int, 0, 100),
    "thesaurus_backoff": UNIT,
    "frame_penalty": UNIT,
}

# WordNet's verb frames (frames.vrb) that take each part of a case frame.
_OBJECT = frozenset({5, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 31})
_SECOND_OBJECT = frozenset({14, 15})
_CLAUSES: Mapping[str, frozenset[int]] = {
    "that": frozenset({26, 34}),
    "wh": frozenset({26, 29, 34}),
    "to": frozenset({24, 28, 29, 32, 35}),
    "ing": frozenset({30, 33}),
    "bare": frozenset({25, 32}),
    "adj": frozenset({5, 6, 7}),
}


def lists_frames(spec: str) -> bool:
    """Whether the verb thesaurus ``spec`` gives its senses sentence frames (WordNet's
    ``frames.vrb``; a file thesaurus lists none)."""
    return thesaurus.load(spec).name.startswith("wordnet")


def _penalty(method: Method) -> float:
    """The frame penalty that can apply: 0 with a verb thesaurus that lists no frames (the
    penalty is a default, and would otherwise only make the scores shares)."""
    p = float(getattr(method, "frame_penalty", 0.0))
    return p if p > 0.0 and lists_frames(method.verb_thesaurus) else 0.0


def adjusts_rankings(method: Method) -> bool:
    """Whether the back-off or a frame penalty that can apply is on for ``method``."""
    return float(getattr(method, "thesaurus_backoff", 0.0)) > 0.0 or _penalty(method) > 0.0


def evidence_sources(method: Method) -> str:
    """What ``method`` learns from, as reports name it.

    Parameters
    ----------
    method : Method
        A disambiguator.

    Returns
    -------
    str
        ``"corpus"``, or the corpus and the thesaurus sources that are on (and can apply)
        with their weights, joined by ``" + "``.
    """
    k, b = (float(getattr(method, name, 0.0)) for name in EVIDENCE_PARAMS[:2])
    p = _penalty(method)
    parts = ["corpus"]
    if k > 0.0:
        parts.append(f"thesaurus examples (x{k:g})")
    if b > 0.0:
        parts.append(f"thesaurus back-off ({b:g})")
    if p > 0.0:
        parts.append(f"sentence frames (penalty {p:g})")
    return " + ".join(parts)


def frame_demands(frame: CaseFrame | None) -> tuple[frozenset[int], ...]:
    """The sets of frames of which a sense must have one to take ``frame`` (one per demand)."""
    if frame is None:
        return ()
    labels = set(frame.labels)
    marks = dict(frame.marks)
    demands = []
    if "obj" in labels or "pron" in marks:
        demands.append(_OBJECT)
    if "iobj" in labels:
        demands.append(_SECOND_OBJECT)
    clause = _CLAUSES.get(marks.get("comp", ""))
    if clause is not None:
        demands.append(clause)
    return tuple(demands)


def frame_fits(frame: CaseFrame | None, frames: Sequence[int]) -> bool:
    """Whether a sense with the sentence ``frames`` can take ``frame``; a sense without
    frames (a thesaurus that lists none) takes every frame."""
    if not frames:
        return True
    have = set(frames)
    return all(have & demand for demand in frame_demands(frame))


def thesaurus_training(method: Method, lemmas: Collection[str]) -> list[Instance]:
    """The thesaurus's examples of ``lemmas``, each ``thesaurus_examples`` times (none at 0)."""
    times = int(getattr(method, "thesaurus_examples", 0))
    if times == 0:
        return []
    window = method.context_window
    found = method.cache.table(("thesaurus-examples", method.verb_thesaurus, window))
    if "instances" not in found:
        found["instances"] = thesaurus_instances(method.verb_thesaurus, window)
    return [inst for inst in found["instances"] if inst.lemma in lemmas] * times


def thesaurus_instances(spec: str, context_window: int | str = 0) -> tuple[Instance, ...]:
    """The examples a verb thesaurus gives for training: WordNet's
    (:mod:`wsd.text.wordnet_examples`), or for a file thesaurus ``<stem>.tsv`` the JSONL corpus
    ``<stem>.examples.jsonl`` beside it when there is one (wsd/corpus/README.md); none otherwise.
    ``context_window`` as for :func:`wsd.corpus.load_corpus`."""
    if thesaurus.load(spec).name.startswith("wordnet"):
        from wsd.text.wordnet_examples import wordnet_examples

        return tuple(wordnet_examples(context_window=context_window).instances)
    path = Path(spec)
    beside = path.with_name(f"{path.name.removesuffix('.tsv')}.examples.jsonl")
    if path.suffix == ".tsv" and beside.is_file():
        from wsd.corpus.jsonl import read_jsonl

        return tuple(read_jsonl(beside))
    return ()


def adjusted_predictions(
    method: Method, lemma: str, instances: Sequence[Instance], predictions: list[Prediction]
) -> list[Prediction]:
    """``predictions`` of a trained verb with the back-off and the frame penalty applied."""
    senses = _inventory_senses(method, lemma)
    counts = method.sense_counts_[lemma]
    order = {s: (-counts.get(s, 0), sense_order(method, lemma, s), s) for s in senses}
    out = []
    for instance, prediction in zip(instances, predictions, strict=True):
        if not prediction.ranking:
            out.append(prediction)
            continue
        scores = _backed_off(method, lemma, _shares(prediction.ranking), senses)
        scores = _frame_scored(method, instance.frame, scores)
        ranking = tuple(
            sorted(scores.items(), key=lambda kv: (-kv[1], *order.get(kv[0], (0, 0, kv[0]))))
        )
        out.append(
            method.make_prediction(instance, ranking, prediction.fallback, prediction.details)
        )
    return out


def _inventory_senses(method: Method, lemma: str) -> tuple[str, ...]:
    inventory = thesaurus.load(method.verb_thesaurus)
    return tuple(s.lower() for s in inventory.senses(lemma)) if inventory.has_word(lemma) else ()


def _shares(ranking: Sequence[tuple[str, float]]) -> dict[str, float]:
    """Each sense's score over their sum (scores below 0, as log-ratios: their softmax)."""
    values = np.array([score for _, score in ranking], dtype=float)
    if values.min() < 0.0:
        values = np.exp(values - values.max())
    total = values.sum()
    if total <= 0.0:
        return {sense: 0.0 for sense, _ in ranking}
    return {sense: float(v / total) for (sense, _), v in zip(ranking, values, strict=True)}


def _backed_off(
    method: Method, lemma: str, scores: dict[str, float], senses: Sequence[str]
) -> dict[str, float]:
    """Every sense of the verb at least ``b * A(s', s) * score(s')`` (module docstring)."""
    b = float(getattr(method, "thesaurus_backoff", 0.0))
    if b == 0.0 or len(senses) < 2:
        return scores
    keys, A = _acceptability(method, lemma, senses)
    own = np.array([scores.get(s, 0.0) for s in keys])
    borrowed = b * (A * own[:, None]).max(axis=0)
    out = dict(scores)
    for s, value, mine in zip(keys, borrowed.tolist(), own.tolist(), strict=True):
        if value > mine:
            out[s] = value
    return out


def _acceptability(
    method: Method, lemma: str, senses: Sequence[str]
) -> tuple[tuple[str, ...], np.ndarray]:
    """(senses, A) with ``A[i, j]`` the acceptability of sense j in place of sense i, 0 on
    the diagonal (a sense borrows only from others)."""
    table = method.cache.table(("sense-acceptability", method.verb_thesaurus))
    found = table.get(lemma)
    if found is None:
        inventory = thesaurus.load(method.verb_thesaurus)
        maxlen = max(inventory.maxlen(lemma), 1)
        n = len(senses)
        A = np.zeros((n, n))
        for i in range(n):
            for j in range(n):
                if i != j:
                    A[i, j] = max(
                        0.0, (maxlen - inventory.sense_length(senses[i], senses[j])) / maxlen
                    )
        found = table[lemma] = (tuple(senses), A)
    return found


def _frame_scored(
    method: Method, frame: CaseFrame | None, scores: dict[str, float]
) -> dict[str, float]:
    p = _penalty(method)
    if p == 0.0 or not frame_demands(frame):
        return scores
    frames = method.cache.table(("sense-frames", method.verb_thesaurus))
    out = {}
    for sense, score in scores.items():
        if sense not in frames:
            frames[sense] = _frames_of(method.verb_thesaurus, sense)
        out[sense] = score if frame_fits(frame, frames[sense]) else (1.0 - p) * score
    return out


def _frames_of(spec: str, sense: str) -> tuple[int, ...]:
    """The WordNet sentence frames of ``sense`` (none for another thesaurus's senses)."""
    from thesaurus.wordnet.verb_examples import sense_frames

    if not thesaurus.load(spec).name.startswith("wordnet"):
        return ()
    return sense_frames(sense) or ()
