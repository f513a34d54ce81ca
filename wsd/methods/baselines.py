"""Methods 3 and 4: the most-frequent-sense baseline and the seeded random baseline."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

import thesaurus
from wsd.methods._base import Disambiguator, check_choice
from wsd.methods.ranges import SEED
from wsd.types import Instance, Prediction

__all__ = ["MostFrequentSense", "RandomSense"]


class _Baseline(Disambiguator):
    """A method whose model is its sense counts: its saved state is ``{}``."""

    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> Any:
        return {}

    def load_verb_state(self, lemma: str, state: Any) -> Any:
        if state != {}:
            raise ValueError("the state must be {} (the model is its sense counts)")
        return {}


class MostFrequentSense(_Baseline):
    """The sense seen most often in training; ties to the lower inventory sense number.

    Scores are the senses' relative training frequencies.

    Parameters
    ----------
    confidence_lambda : float, default=0.5
        ``lambda`` of :func:`~wsd.methods.confidence` (``lambda`` in configs and ``--param``);
        in [0, 1].
    verb_thesaurus : str, default="wordnet-verb"
        The :func:`thesaurus.load` spec of the sense inventory (tie-breaks, fallbacks).

    >>> MostFrequentSense().get_params()
    {'confidence_lambda': 0.5, 'verb_thesaurus': 'wordnet-verb'}
    """

    name = "mfs"

    def __init__(
        self, *, confidence_lambda: float = 0.5, verb_thesaurus: str = "wordnet-verb"
    ) -> None:
        self.confidence_lambda = confidence_lambda
        self.verb_thesaurus = verb_thesaurus

    def _rank_verb(self, lemma: str, model: Any, instances: list[Instance]) -> list[Prediction]:
        if not instances:
            return []
        ranking = self.mfs_prediction(instances[0], None).ranking  # the same for every input
        return [self.make_prediction(inst, ranking) for inst in instances]


class RandomSense(_Baseline):
    """Uniform choice among the verb's senses: the lower bound.  The draw depends only on
    ``seed`` and the instance id; every candidate scores ``1/n``.

    Parameters
    ----------
    seed : int, default=0
        In [0, 2**32 - 1].
    candidates : {"inventory", "observed"}, default="inventory"
        The verb's senses in the inventory, or those seen in training.
    confidence_lambda : float, default=0.5
        ``lambda`` of :func:`~wsd.methods.confidence`; in [0, 1].
    verb_thesaurus : str, default="wordnet-verb"
        The :func:`thesaurus.load` spec of the sense inventory.
    """

    name = "random"
    ranges = {**Disambiguator.ranges, "seed": SEED}

    def __init__(
        self,
        *,
        seed: int = 0,
        candidates: str = "inventory",
        confidence_lambda: float = 0.5,
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.seed = seed
        self.candidates = candidates
        self.confidence_lambda = confidence_lambda
        self.verb_thesaurus = verb_thesaurus

    def _validate_params(self) -> None:
        super()._validate_params()
        check_choice("candidates", self.candidates, ("inventory", "observed"))

    def _rank_verb(self, lemma: str, model: Any, instances: list[Instance]) -> list[Prediction]:
        inventory = thesaurus.load(self.verb_thesaurus)
        if self.candidates == "inventory" and inventory.has_word(lemma):
            senses = tuple(inventory.senses(lemma))
        else:
            senses = tuple(sorted(self.sense_counts_[lemma]))
        return [self._draw(inst, senses) for inst in instances]

    def _unknown_verb(self, instance: Instance) -> Prediction:
        inventory = thesaurus.load(self.verb_thesaurus)
        if not inventory.has_word(instance.lemma):
            return super()._unknown_verb(instance)
        return self._draw(instance, tuple(inventory.senses(instance.lemma)))

    def _draw(self, instance: Instance, senses: tuple[str, ...]) -> Prediction:
        rng = np.random.default_rng([int(self.seed), zlib.crc32(instance.id.encode())])
        order = rng.permutation(len(senses))
        ranking = tuple((senses[i], 1.0 / len(senses)) for i in order)
        return self.make_prediction(instance, ranking)
