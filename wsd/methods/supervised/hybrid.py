"""``hybrid``: the ``ims`` classifier with the verb's case frame as features
(:func:`~.features.frame_features`)."""

from __future__ import annotations

import re
from typing import Any

import thesaurus
from thesaurus import Thesaurus
from wsd._exceptions import ModelError
from wsd.methods._base import check_bool, check_choice
from wsd.methods.supervised.features import frame_features
from wsd.methods.supervised.ims import IMSWSD
from wsd.types import Filler, Instance

__all__ = ["HybridWSD"]

_LEXFILE = re.compile(r"%1:(\d\d):")


class HybridWSD(IMSWSD):
    """IMS features plus the verb's case frame.

    Parameters
    ----------
    C, pos, bag, collocations, window, min_count, temperature
        As :class:`IMSWSD`'s.
    frame_lemmas : bool, default=True
        The feature ``F:<case>=<filler lemma>`` (``F:<case>`` is always on).
    filler_classes : {"lexfile", "none"}, default="lexfile"
        The fillers' lexicographer files as features.
    filler_hypernyms : {"first", "all", "none"}, default="first"
        The ancestors of the filler's first or every sense as features.
    confidence_lambda, thesaurus_examples, thesaurus_backoff, frame_penalty, verb_thesaurus
        As :class:`IMSWSD`'s.
    noun_thesaurus : str, default="wordnet-noun"
        The :func:`thesaurus.load` spec of the fillers.
    """

    name = "hybrid"

    def __init__(
        self,
        *,
        C: float = 0.05,
        pos: bool = True,
        bag: bool = True,
        collocations: bool = True,
        window: str | int = "sentence",
        min_count: int = 1,
        temperature: float = 1.0,
        frame_lemmas: bool = True,
        filler_classes: str = "lexfile",
        filler_hypernyms: str = "first",
        confidence_lambda: float = 0.5,
        thesaurus_examples: int = 2,
        thesaurus_backoff: float = 0.0,
        frame_penalty: float = 0.5,
        noun_thesaurus: str = "wordnet-noun",
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        super().__init__(
            C=C,
            pos=pos,
            bag=bag,
            collocations=collocations,
            window=window,
            min_count=min_count,
            temperature=temperature,
            confidence_lambda=confidence_lambda,
            thesaurus_examples=thesaurus_examples,
            thesaurus_backoff=thesaurus_backoff,
            frame_penalty=frame_penalty,
            verb_thesaurus=verb_thesaurus,
        )
        self.frame_lemmas = frame_lemmas
        self.filler_classes = filler_classes
        self.filler_hypernyms = filler_hypernyms
        self.noun_thesaurus = noun_thesaurus

    def _validate_params(self) -> None:
        check_bool("frame_lemmas", self.frame_lemmas)
        check_choice("filler_classes", self.filler_classes, ("lexfile", "none"))
        check_choice("filler_hypernyms", self.filler_hypernyms, ("first", "all", "none"))
        if not isinstance(self.noun_thesaurus, str):
            raise ModelError(
                f"noun_thesaurus must be a thesaurus spec, got {self.noun_thesaurus!r}"
            )
        super()._validate_params()

    def _frame_groups(self) -> tuple[str, ...]:
        return ("frame",)

    def _row_key(self) -> tuple[Any, ...]:
        return (
            "hybrid-row",
            self._groups(),
            self.window,
            self.frame_lemmas,
            self.filler_classes,
            self.filler_hypernyms,
            self.noun_thesaurus,
        )

    @property
    def nouns(self) -> Thesaurus:
        return thesaurus.load(self.noun_thesaurus)

    def _feature_names(self, instance: Instance) -> list[str]:
        framed = frame_features(instance, self._filler_classes)
        if not self.frame_lemmas:
            framed = [f for f in framed if not (f.startswith("F:") and "=" in f)]
        return (self._ims_names(instance) if self._groups() else []) + framed

    def _filler_classes(self, filler: Filler) -> list[str]:
        """``L:<lexicographer file>`` and ``H:<ancestor>`` names of a filler's senses."""
        if self.filler_classes == "none" and self.filler_hypernyms == "none":
            return []
        memo = self.cache.table(
            ("hybrid-classes", self.filler_classes, self.filler_hypernyms, self.noun_thesaurus)
        )
        key = (filler.lemma, filler.sense if filler.cls is not None else None)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._classes_of(self.nouns, *key)
        return found

    def _classes_of(self, nouns: Thesaurus, lemma: str, sense: str | None) -> list[str]:
        """The class names of a filler's known ``sense``, else of its lemma's senses."""
        if sense is not None and nouns.has_sense(sense):
            senses: tuple[str, ...] = (sense,)
        elif nouns.has_word(lemma):
            senses = nouns.senses(lemma)
        else:
            return []
        first = self.filler_hypernyms == "first" or sense is not None
        hyper_senses = senses[:1] if first else senses
        out: dict[str, None] = {}
        if self.filler_classes == "lexfile":
            for key in senses[:1] if self.filler_hypernyms != "all" else senses:
                match = _LEXFILE.search(key)
                if match is not None:
                    out[f"L:{match.group(1)}"] = None
        if self.filler_hypernyms != "none":
            for key in hyper_senses:
                nodes, _ = nouns.ancestors(nouns.sense_node(key))
                for node in nodes.tolist():
                    out[f"H:{nouns.node_name(node)}"] = None
        return list(out)
