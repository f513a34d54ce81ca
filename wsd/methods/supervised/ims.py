"""``ims``: Zhong & Ng's *It Makes Sense* (2010), scikit-learn's :class:`LinearSVC` per verb
lemma over the binary features of :mod:`.features`.

A sense's score is a softmax of the decision values divided by ``temperature`` (a binary
problem's value ``d`` counts as ``-d`` / ``+d``); no calibrated probability.  Weights are
rounded to float16, as model files store them.  A lemma of one training sense answers it.
"""

from __future__ import annotations

import warnings
from base64 import b64decode, b64encode
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.svm import LinearSVC

from wsd._exceptions import ModelError
from wsd.methods._base import Disambiguator, check_bool
from wsd.methods._state import MAX_WEIGHT, feature_names, finite_weights, weights
from wsd.methods.feature_index import FeatureIndex, Vocabulary
from wsd.methods.ranges import COUNT_LIMIT, REAL_LIMIT, Range
from wsd.methods.senses import state_senses
from wsd.methods.supervised.features import GROUPS, ims_features
from wsd.methods.thesaurus_evidence import EVIDENCE_RANGES
from wsd.types import Instance, Prediction

__all__ = ["IMSWSD"]

_INDEX = "ims-features"  # the run cache's numbering of the features of every setting
# per sentence: {setting: {target position: (frame, context, context index, encoded features)}}
_ROWS = "ims-rows"
_Kept = dict[Hashable, dict[int, tuple[Any, Any, int, np.ndarray]]]


@dataclass(slots=True)
class _LinearModel:
    senses: tuple[str, ...]  # tie-break order; the classifier's rows follow it
    columns: Vocabulary
    coef: np.ndarray  # (senses, features) float32; empty for a one-sense verb
    intercept: np.ndarray  # (senses,)

    @property
    def vocab(self) -> dict[str, int]:
        return self.columns.mapping


class IMSWSD(Disambiguator):
    """A linear SVM per verb over IMS's features (Zhong and Ng).

    Parameters
    ----------
    C : float, default=0.05
        The SVM's inverse regularisation; in [1e-6, 1e6].
    pos, bag, collocations : bool, default=True
        The feature groups: the parts of speech around the verb, the bag of context words,
        the collocations; at least one group on.
    window : "sentence" or int, default="sentence"
        The bag's context: the sentence, or this many tokens each side; an int in [1, 1e6].
    min_count : int, default=1
        A feature seen in fewer training instances of the verb is dropped; in [1, 1e6].
    temperature : float, default=1.0
        Divides the decision values before their softmax; in [1e-6, 1e6].
    confidence_lambda : float, default=0.5
        ``lambda`` of :func:`~wsd.methods.confidence` (``lambda`` in configs and ``--param``);
        in [0, 1].
    thesaurus_examples : int, default=2
        The verb thesaurus's example sentences of each trained verb joined to the training
        set, per sense; in [0, 100] (0: none; :mod:`wsd.methods.thesaurus_evidence`).
    thesaurus_backoff : float, default=0.0
        The weight of the thesaurus's sense order in the scores; in [0, 1].
    frame_penalty : float, default=0.5
        The factor of a sense whose examples never take the instance's frame; in [0, 1]
        (1: no penalty).
    verb_thesaurus : str, default="wordnet-verb"
        The :func:`thesaurus.load` spec of the sense inventory (tie-breaks, fallbacks).

    Raises
    ------
    ModelError
        A value outside its range, or every feature group off (at ``fit``).
    """

    name = "ims"
    ranges = {
        **Disambiguator.ranges,
        **EVIDENCE_RANGES,
        "C": Range(float, 1e-6, REAL_LIMIT),
        "window": Range(int, 1, COUNT_LIMIT, extra=("sentence",)),
        "min_count": Range(int, 1, COUNT_LIMIT),
        "temperature": Range(float, 1e-6, REAL_LIMIT),
    }

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
        confidence_lambda: float = 0.5,
        thesaurus_examples: int = 2,
        thesaurus_backoff: float = 0.0,
        frame_penalty: float = 0.5,
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.C = C
        self.min_count = min_count
        self.pos = pos
        self.bag = bag
        self.collocations = collocations
        self.window = window
        self.temperature = temperature
        self.confidence_lambda = confidence_lambda
        self.thesaurus_examples = thesaurus_examples
        self.thesaurus_backoff = thesaurus_backoff
        self.frame_penalty = frame_penalty
        self.verb_thesaurus = verb_thesaurus

    # --- parameters ---------------------------------------------------------------------------
    def _validate_params(self) -> None:
        super()._validate_params()
        for group in ("pos", "bag", "collocations"):
            check_bool(group, getattr(self, group))
        if not self._groups() and not self._frame_groups():
            raise ModelError(f"{self.name}: every feature group is switched off")

    def _groups(self) -> tuple[str, ...]:
        return tuple(g for g in GROUPS if getattr(self, g))

    def _frame_groups(self) -> tuple[str, ...]:
        return ()

    @property
    def context_window(self) -> int | str:
        return 0 if self.window == "sentence" else "document"

    # --- features -----------------------------------------------------------------------------
    def _row_key(self) -> tuple[Any, ...]:
        """The run-cache key of an instance's encoded features under this setting."""
        return ("ims-row", self._groups(), self.window)

    def _ims_names(self, instance: Instance) -> list[str]:
        window = None if self.window == "sentence" else int(self.window)
        return ims_features(instance, self._groups(), window=window)

    def _feature_names(self, instance: Instance) -> list[str]:
        """The names of ``instance``'s features, each once, in a fixed order (never gold)."""
        return self._ims_names(instance)

    def _encoded(self, instances: list[Instance]) -> tuple[list[np.ndarray], FeatureIndex]:
        """Each instance's encoded features (kept in the run cache) and the index of their ids."""
        of_sentence, key = self.cache.instance_value, self._row_key()
        index = self.cache.feature_index(_INDEX)
        rows = []
        for inst in instances:
            settings: _Kept = of_sentence(_ROWS, inst.sentence, dict)
            kept = settings.setdefault(key, {})
            found = kept.get(inst.position)
            if (
                found is not None
                and found[0] is inst.frame
                and found[1] is inst.context
                and found[2] == inst.context_index
            ):
                row = found[3]
            else:
                row = index.encode(self._feature_names(inst))
                if found is None:  # (another frame or context at the same place: not kept)
                    kept[inst.position] = (inst.frame, inst.context, inst.context_index, row)
            rows.append(row)
        return rows, index

    # --- training and prediction --------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> _LinearModel:
        """The classifier of ``lemma``; ModelError if a weight is beyond a model file's."""
        senses = self.sense_columns(lemma)
        if len(senses) == 1:
            no_features = (np.zeros((1, 0), np.float32), np.zeros(1, np.float32))
            return _LinearModel(senses, Vocabulary({}), *no_features)
        rows, index = self._encoded(instances)
        ids, first, counts = np.unique(np.concatenate(rows), return_index=True, return_counts=True)
        by_first = np.argsort(first)  # columns in first-seen order, rare features dropped
        vocab = Vocabulary.of_ids(index, ids[by_first][counts[by_first] >= int(self.min_count)])
        column = {s: k for k, s in enumerate(senses)}
        y = np.fromiter(map(column.__getitem__, labels), dtype=np.int64, count=len(labels))
        if len(vocab) == 0:  # no feature left: the senses' training frequencies decide
            prior = np.bincount(y, minlength=len(senses)) / len(y)
            empty = Vocabulary({})
            return _LinearModel(senses, empty, np.zeros((len(senses), 0), np.float32), prior)
        X = vocab.matrix(index, rows, np.float64)
        X.sort_indices()  # (liblinear sums each row in its order)
        with warnings.catch_warnings():
            # a verb with many senses and few examples each (the thesaurus's examples give
            # every sense some) is a classification all the same
            warnings.filterwarnings("ignore", "The number of unique classes", UserWarning)
            svm = LinearSVC(C=float(self.C), dual="auto", max_iter=5000, random_state=0)
            svm.fit(X, y)
        intercept = svm.intercept_
        with np.errstate(over="ignore"):  # float16, as model files store it: inf is refused
            coef = svm.coef_.astype(np.float16).astype(np.float32)
        if not (np.isfinite(coef).all() and np.abs(intercept).max() <= MAX_WEIGHT):
            raise ModelError(
                f"{self.name}: the weights of verb {lemma!r} are beyond what a model file holds "
                f"(float16, +-{MAX_WEIGHT:g}) with C = {self.C}; use a smaller C",
                param="C",
            )
        if len(senses) == 2:  # one decision value d for the second sense: -d / +d
            coef = np.vstack([-coef[0], coef[0]])  # rounding to float16 commutes with -
            intercept = np.array([-intercept[0], intercept[0]])
        return _LinearModel(senses, vocab, coef, intercept.astype(np.float32))

    def _rank_verb(
        self, lemma: str, model: _LinearModel, instances: list[Instance]
    ) -> list[Prediction]:
        """Rankings by score, detail ``features``: the model's features each input has."""
        if len(model.senses) == 1:
            ranking = ((model.senses[0], 1.0),)
            return [self.make_prediction(instance, ranking) for instance in instances]
        rows, index = self._encoded(instances)
        X = model.columns.matrix(index, rows, np.float32)
        values = np.asarray(X @ model.coef.T) + model.intercept
        values = values / float(self.temperature)
        probs = np.exp(values - values.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        # columns are in tie-break order, so a stable sort breaks ties as ranked() does
        order = np.argsort(-probs, axis=1, kind="stable")
        names = np.array(model.senses, dtype=object)[order].tolist()
        scores = np.take_along_axis(probs, order, axis=1).tolist()
        known = np.diff(X.indptr).tolist()
        return [
            self.make_prediction(inst, tuple(zip(n, s, strict=True)), None, (("features", k),))
            for inst, n, s, k in zip(instances, names, scores, map(float, known), strict=True)
        ]

    # --- serialisation ------------------------------------------------------------------------
    def verb_state(self, lemma: str) -> Any:
        model: _LinearModel = self.verbs_[lemma]
        return {
            "senses": list(model.senses),
            "features": sorted(model.vocab, key=model.vocab.__getitem__),
            "coef": _coef_json(model.coef.astype(np.float16)),
            "intercept": model.intercept.astype(np.float32).tolist(),
        }

    def load_verb_state(self, lemma: str, state: Any) -> _LinearModel:
        """The classifier of a saved state; else ValueError naming the field."""
        senses = state_senses(self, lemma, "senses", state["senses"], every=True)
        vocab = feature_names("features", state["features"])
        coef = _coef_array(state["coef"], (len(senses), len(vocab))).astype(np.float32)
        finite_weights("coef", coef)
        intercept = weights("intercept", state["intercept"], len(senses)).astype(np.float32)
        return _LinearModel(senses, Vocabulary(vocab), coef, intercept)


def _coef_json(array: np.ndarray) -> dict[str, Any]:
    """A float16 array as JSON: dtype, shape and the little-endian bytes in base64."""
    data = np.ascontiguousarray(array, dtype="<f2")
    encoded = b64encode(data.tobytes()).decode()
    return {"dtype": "float16", "shape": list(data.shape), "base64": encoded}


def _coef_array(value: Any, shape: tuple[int, int]) -> np.ndarray:
    """The array :func:`_coef_json` wrote, checked against the expected shape (ValueError)."""
    if not isinstance(value, dict) or value.get("dtype") != "float16":
        raise ValueError("coef must be an encoded float16 array")
    if tuple(value.get("shape", ())) != shape:
        raise ValueError(f"coef has shape {value.get('shape')}, expected {list(shape)}")
    raw = b64decode(value["base64"], validate=True)
    if len(raw) != 2 * shape[0] * shape[1]:
        raise ValueError("coef data does not match its shape")
    return np.frombuffer(raw, dtype="<f2").reshape(shape)
