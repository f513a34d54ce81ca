"""What every disambiguator shares: a scikit-learn estimator over sequences of
:class:`~wsd.types.Instance` with one model per verb lemma, sense inventories, fallbacks and the
confidence formula.  Parameters are validated in ``fit``; fitted state ends in ``_``."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import sklearn.exceptions
from sklearn.base import BaseEstimator, ClassifierMixin

import thesaurus
from thesaurus import ToolkitError
from thesaurus.wordnet.glosses import sense_gloss
from wsd._exceptions import ModelError
from wsd.methods.ranges import UNIT, Range
from wsd.methods.run_cache import RunCache
from wsd.methods.senses import not_listed, sense_order, unlisted_sense
from wsd.methods.thesaurus_evidence import (
    adjusted_predictions,
    adjusts_rankings,
    thesaurus_training,
)
from wsd.types import Instance, Prediction, RankedSense, Reading

if TYPE_CHECKING:
    from sklearn.utils import Tags

__all__ = [
    "Disambiguator",
    "NotFittedError",
    "check_bool",
    "check_choice",
    "check_fitted",
    "confidence",
    "ranked",
]

# Fallback labels, counted in summaries and reports.
FALLBACK_UNKNOWN_VERB = "first-sense:unknown-verb"
ABSTAIN_UNKNOWN_LEMMA = "abstain:lemma-not-in-inventory"


class NotFittedError(ModelError, sklearn.exceptions.NotFittedError):
    """A method used before ``fit`` (scikit-learn's ``NotFittedError``, a ModelError)."""

    __module__ = "wsd.methods"


def confidence(score1: float, score2: float, confidence_lambda: float) -> float:
    """``C = lambda * Score1 + (1 - lambda) * (Score1 - Score2)`` (Fujii et al.).

    Parameters
    ----------
    score1 : float
        The score of the best sense.
    score2 : float
        The score of the second-best sense.
    confidence_lambda : float
        The weight ``lambda``; methods check it is in [0, 1] (not checked here).

    Returns
    -------
    float
        The confidence ``C``.

    Examples
    --------
    >>> confidence(0.8, 0.5, 0.5)
    0.55
    """
    return confidence_lambda * score1 + (1.0 - confidence_lambda) * (score1 - score2)


def check_bool(name: str, value: Any) -> bool:
    """``value`` if it is a real bool (``true``/``false`` in JSON and TOML)."""
    if not isinstance(value, bool | np.bool_):
        raise ModelError(f"{name} must be true or false, got {value!r}", param=name)
    return bool(value)


def check_choice(name: str, value: Any, choices: Iterable[str]) -> str:
    """``value`` if it is one of ``choices``."""
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise ModelError(
            f"{name} must be one of {', '.join(repr(c) for c in options)}, got {value!r}",
            param=name,
        )
    return value


def check_fitted(method: Disambiguator) -> None:
    """NotFittedError unless ``method`` is fitted (or loaded)."""
    if not hasattr(method, "verbs_"):
        raise NotFittedError(f"{type(method).__name__} is not fitted: call fit() or load a model")


def ranked(
    scores: dict[str, float], tiebreak: dict[str, tuple[Any, ...]]
) -> tuple[tuple[str, float], ...]:
    """Senses by decreasing score; ties by ``tiebreak`` (smaller tuple first)."""
    order = sorted(scores, key=lambda s: (-scores[s], tiebreak[s]))
    return tuple((sense, float(scores[sense])) for sense in order)


class Disambiguator(ClassifierMixin, BaseEstimator):  # type: ignore[misc]
    """Base class: subclasses implement ``_fit_verb``, ``_rank_verb`` and their state I/O.

    Every subclass accepts ``verb_thesaurus`` (the ``thesaurus.load`` spec of the sense
    inventory: tie-break order, first-sense fallback) and ``confidence_lambda`` (``lambda`` of
    :func:`confidence`; the config and ``--param`` key ``lambda``).
    """

    name: ClassVar[str] = ""
    # the range of every numeric parameter (wsd/methods/README.md); subclasses extend it
    ranges: ClassVar[dict[str, Range]] = {"confidence_lambda": UNIT}

    # --- scikit-learn protocol -------------------------------------------------------------
    def fit(
        self,
        X: Sequence[Instance],
        y: Sequence[str] | None = None,
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> Disambiguator:
        """Train one model per verb lemma.

        Parameters
        ----------
        X : sequence of Instance
            The training instances; with ``thesaurus_examples`` the thesaurus's examples of
            the trained verbs join them (:mod:`~wsd.methods.thesaurus_evidence`).
        y : sequence of str, optional
            A sense key per instance; default: each instance's first gold key.
        progress : callable, optional
            ``progress(verbs_done, verbs)`` after each verb.

        Returns
        -------
        self

        Raises
        ------
        ModelError
            No instance, an instance without gold (``y`` not given), a parameter outside its
            range, or a label the verb thesaurus does not list under the instance's verb.
        """
        if len(X) == 0:
            raise ModelError(f"{type(self).__name__}.fit() needs at least one training instance")
        self._validate_params()
        labels = _labels(X, y)
        extra = thesaurus_training(self, {instance.lemma for instance in X})
        if extra:  # the thesaurus's own examples (``thesaurus_examples``)
            X, labels = [*X, *extra], [*labels, *(instance.gold[0] for instance in extra)]
        by_verb: dict[str, list[int]] = defaultdict(list)
        for index, instance in enumerate(X):
            by_verb[instance.lemma].append(index)
        counts = {lemma: Counter(labels[i] for i in by_verb[lemma]) for lemma in sorted(by_verb)}
        _refuse_unlisted(self, X, labels, by_verb, counts)  # before any fit
        self._reset_caches()
        self.sense_counts_: dict[str, Counter[str]] = {}
        self.verbs_: dict[str, Any] = {}
        for done, (lemma, sense_counts) in enumerate(counts.items(), 1):
            self.sense_counts_[lemma] = sense_counts  # set first: models read it for tie-breaks
            indices = by_verb[lemma]
            instances, verb_labels = [X[i] for i in indices], [labels[i] for i in indices]
            self.verbs_[lemma] = self._fit_verb(lemma, instances, verb_labels)
            if progress is not None:
                progress(done, len(counts))
        seen = {sense for sense_counts in self.sense_counts_.values() for sense in sense_counts}
        self.classes_ = np.array(sorted(seen), dtype=object)
        return self

    def predict(self, X: Sequence[Instance]) -> np.ndarray:
        """The chosen sense key per instance (``""`` where the method abstained)."""
        return np.array([p.sense or "" for p in self.rank(X)], dtype=object)

    def rank(self, X: Sequence[Instance]) -> list[Prediction]:
        """A :class:`Prediction` per instance (read as :meth:`seen_as_all`, without its gold),
        its candidate senses best first with their scores, its confidence and any fallback
        (an unseen verb: the inventory's order; a lemma the inventory lacks: abstained).
        NotFittedError before ``fit``."""
        check_fitted(self)
        groups: dict[str, list[int]] = defaultdict(list)
        for index, instance in enumerate(X):
            groups[instance.lemma].append(index)
        out: list[Prediction | None] = [None] * len(X)
        for lemma, indices in groups.items():
            batch = self.seen_as_all([X[i] for i in indices])
            if lemma in self.verbs_:
                predictions = self._rank_verb(lemma, self.verbs_[lemma], batch)
                if adjusts_rankings(self):
                    predictions = adjusted_predictions(self, lemma, batch, predictions)
            else:
                predictions = [self._unknown_verb(inst) for inst in batch]
            for i, prediction in zip(indices, predictions, strict=True):
                out[i] = prediction
        return out  # type: ignore[return-value]

    def disambiguate(self, X: Sequence[Instance] | str, top_k: int = 1) -> list[Reading]:
        """A :class:`~wsd.types.Reading` per instance: its :meth:`rank` prediction in its
        sentence, with the ``top_k`` best senses and their WordNet glosses (what ``wsd
        disambiguate --to jsonl|tsv`` writes).

        Parameters
        ----------
        X : sequence of Instance, or str
            The instances; a string is plain English text, whose every verb is an instance:
            sentences, tokens, tags and lemmas by :func:`wsd.text.text_instances` (its tagger
            is trained on SemCor on first use), ids ``text.s<N>.t<i>``.
        top_k : int, default=1
            The senses per reading, best first; >= 1.

        Returns
        -------
        list of Reading
            One per instance, in order.

        Raises
        ------
        ModelError
            ``top_k`` < 1, or the method is not fitted.
        DataError
            Text, and no tagger can be trained.
        CorpusFormatError
            Text that ``wsd disambiguate --text`` refuses as well (a control character, no
            word: :func:`wsd.text.check_text`).
        """
        if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k < 1:
            raise ModelError(f"top_k must be an integer >= 1, got {top_k!r}")
        if isinstance(X, str):
            from wsd.text import text_instances

            X = text_instances(X, context_window=self.context_window).instances
        predictions = self.rank(X)
        texts: dict[int, str] = {}  # one text per sentence, shared by the readings of its verbs
        return [_reading(inst, p, top_k, texts) for inst, p in zip(X, predictions, strict=True)]

    def seen_as_all(self, instances: Iterable[Instance]) -> list[Instance]:
        """Each instance without gold (an :attr:`oracle` keeps the fillers'), one copy each."""
        keep = self.oracle is not None
        return self.cache.instance_values(
            ("without-gold", keep),
            instances,
            partial(Instance.without_gold, keep_filler_gold=keep),
        )

    def predict_proba(self, X: Sequence[Instance]) -> np.ndarray:
        """(``len(X)`` x ``len(classes_)``): the ranking's positive scores of the senses in
        ``classes_`` divided by their sum; a row of zeros where none is positive."""
        check_fitted(self)
        column = {sense: j for j, sense in enumerate(self.classes_.tolist())}
        probabilities = np.zeros((len(X), len(column)))
        for i, prediction in enumerate(self.rank(X)):
            for sense, score in prediction.ranking:
                j = column.get(sense)
                if j is not None and score > 0:
                    probabilities[i, j] = score
        totals = probabilities.sum(axis=1, keepdims=True)
        np.divide(probabilities, totals, out=probabilities, where=totals > 0)
        return probabilities

    def score(self, X: Sequence[Instance], y: Sequence[str] | None = None) -> float:
        """Exact-match accuracy against any gold key (several gold keys: any counts)."""
        golds = [(g,) for g in y] if y is not None else [inst.gold for inst in X]
        predicted = self.predict(X)
        return float(np.mean([p in g for p, g in zip(predicted, golds, strict=True)]))

    # --- shared helpers --------------------------------------------------------------------
    @property
    def cache(self) -> RunCache:
        """The :class:`~wsd.methods.RunCache` in use (never saved, copied or cloned)."""
        cache: RunCache | None = self.__dict__.get("_cache")
        if cache is None:
            cache = self._cache = RunCache()
        return cache

    def set_cache(self, cache: RunCache | None = None) -> Disambiguator:
        """Use ``cache`` (e.g. one shared by the folds' clones of a run; None: a new, empty
        one) and drop the model's own memos; returns self."""
        self._cache = RunCache() if cache is None else cache
        self._reset_caches()
        return self

    def sense_columns(self, lemma: str, counts: Mapping[str, int] | None = None) -> tuple[str, ...]:
        """The senses of ``counts`` (default: the verb's training senses) in tie-break order."""
        known = self.sense_counts_[lemma] if counts is None else counts
        return tuple(sorted(known, key=lambda s: (-known[s], sense_order(self, lemma, s), s)))

    def mfs_prediction(self, instance: Instance, fallback: str | None) -> Prediction:
        """Most frequent training sense, scores = relative frequencies (method 3's answer)."""
        counts = self.sense_counts_[instance.lemma]
        total = sum(counts.values())
        ranking = tuple((s, counts[s] / total) for s in self.sense_columns(instance.lemma))
        return self.make_prediction(instance, ranking, fallback)

    def make_prediction(
        self,
        instance: Instance,
        ranking: tuple[tuple[str, float], ...],
        fallback: str | None = None,
        details: tuple[tuple[str, float], ...] = (),
    ) -> Prediction:
        score1 = ranking[0][1] if ranking else 0.0
        score2 = ranking[1][1] if len(ranking) > 1 else 0.0
        return Prediction(
            instance_id=instance.id,
            lemma=instance.lemma,
            ranking=ranking,
            confidence=confidence(score1, score2, self.confidence_lambda) if ranking else 0.0,
            fallback=fallback,
            details=details,
        )

    def _unknown_verb(self, instance: Instance) -> Prediction:
        inventory = thesaurus.load(self.verb_thesaurus)
        if not inventory.has_word(instance.lemma):
            return self.make_prediction(instance, (), ABSTAIN_UNKNOWN_LEMMA)
        senses = inventory.senses(instance.lemma)
        ranking = tuple((s, 1.0 / (i + 1)) for i, s in enumerate(senses))
        return self.make_prediction(instance, ranking, FALLBACK_UNKNOWN_VERB)

    @property
    def oracle(self) -> str | None:
        """What gold a setting makes the method read at prediction time (None: no oracle)."""
        return None

    @property
    def context_window(self) -> int | str:
        """The context read beyond the sentence (``load_corpus(context_window=)``): 0 for
        none, ``"document"`` for a token window across sentences."""
        return 0

    def check_resources(self) -> None:
        """Validate the parameters and load every thesaurus named; ModelError (``param``)."""
        self._validate_params()
        for name, spec in self.get_params().items():
            if name.endswith("_thesaurus"):
                try:
                    thesaurus.load(spec)
                except ToolkitError as exc:
                    raise ModelError(str(exc), param=name) from exc

    def __sklearn_tags__(self) -> Tags:
        tags = super().__sklearn_tags__()
        # X is a sequence of Instance records, not a matrix
        tags.input_tags.one_d_array = True
        tags.input_tags.two_d_array = False
        tags.target_tags.required = False  # y defaults to each instance's first gold key
        return tags

    def _validate_params(self) -> None:
        for name, within in self.ranges.items():
            within.check(name, getattr(self, name))
        if not isinstance(self.verb_thesaurus, str):
            raise ModelError(
                f"verb_thesaurus must be a thesaurus spec, got {self.verb_thesaurus!r}",
                param="verb_thesaurus",
            )

    def _reset_caches(self) -> None:
        """Drop the derived lookups kept on the fitted model itself (subclass hook)."""

    def __getstate__(self) -> dict[str, Any]:  # for copy.deepcopy; caches are not state
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._validate_params()
        self._reset_caches()

    # --- subclass hooks ----------------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> Any:
        raise NotImplementedError

    def _rank_verb(self, lemma: str, model: Any, instances: list[Instance]) -> list[Prediction]:
        raise NotImplementedError

    def verb_state(self, lemma: str) -> Any:
        """The JSON-serialisable state of one verb's model."""
        return self.verbs_[lemma]

    def load_verb_state(self, lemma: str, state: Any) -> Any:
        return state


def _reading(
    instance: Instance, prediction: Prediction, top_k: int, texts: dict[int, str]
) -> Reading:
    """``prediction`` of ``instance`` as a person reads it (:meth:`Disambiguator.disambiguate`);
    ``texts`` keeps each sentence's text by the identity of its tokens."""
    senses = tuple(
        RankedSense(key, score, sense_gloss(key)) for key, score in prediction.ranking[:top_k]
    )
    sentence = instance.sentence
    key = id(sentence.tokens)  # the instances alive in X keep these ids from being reused
    if key not in texts:
        texts[key] = " ".join(token.form for token in sentence.tokens)
    return Reading(
        prediction=prediction,
        sentence_id=sentence.id,
        text=texts[key],
        position=instance.position,
        form=instance.token.form,
        senses=senses,
    )


def _refuse_unlisted(
    method: Disambiguator,
    X: Sequence[Instance],
    labels: list[str],
    by_verb: Mapping[str, list[int]],
    counts: Mapping[str, Counter[str]],
) -> None:
    """ModelError naming the first training instance whose label the verb thesaurus does not
    list under its verb."""
    for lemma, senses in counts.items():
        sense = unlisted_sense(method, lemma, senses)
        if sense is not None:
            first = next(X[i].id for i in by_verb[lemma] if labels[i] == sense)
            raise ModelError(
                f"training instance {first!r}: gold sense {sense!r} of verb {lemma!r}: "
                f"{not_listed(method, lemma, sense)}; give the method the thesaurus that lists "
                "the corpus's senses (verb_thesaurus)",
                param="verb_thesaurus",
            )


def _labels(X: Sequence[Instance], y: Iterable[str] | None) -> list[str]:
    if y is not None:
        labels = [str(label) for label in y]
        if len(labels) != len(X):
            raise ModelError(f"{len(X)} instances but {len(labels)} labels")
        return labels
    missing = [inst.id for inst in X if not inst.gold]
    if missing:
        raise ModelError(f"training instance {missing[0]!r} has no gold sense")
    return [inst.gold[0] for inst in X]
